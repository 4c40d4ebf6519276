//! Dados de referência de Mato Grosso e do Brasil, embutidos no executável, com fonte e ano.
//!
//! - [`mt()`]: os 142 municípios de Mato Grosso, por código IBGE ou por nome, com população,
//!   domicílios, eleitorado, valor adicionado, área oficial, sede e distritos.
//! - [`malha`]: os 141 polígonos da Malha Municipal 2022 (Boa Esperança do Norte não tem).
//! - [`brasil()`]: nomes de todos os municípios e distritos do Brasil, para o Art. 6º.
//! - [`formato`]: números, reais, áreas e coordenadas no formato brasileiro.
//!
//! **Invariante:** nenhum valor sai daqui sem a sua [`fonte::Fonte`]; nenhum dado ausente é
//! inventado (fica `None`, e o motivo é dito).
//! **Invariante:** nada aqui lê arquivos em tempo de execução: os dados estão no executável
//! (`include_str!` e, para a malha, um binário gerado pelo `build.rs`), para que o divisa
//! funcione de qualquer diretório e numa cópia sem `../shared`.

pub mod brasil;
mod erro;
pub mod ficha;
pub mod fonte;
pub mod formato;
pub mod malha;
pub mod mensagens;
pub mod mt;
pub mod nomes;
pub mod setores;
mod tabela;

pub use brasil::brasil;
pub use erro::ErroDados;
pub use mt::{mt, CodigoIbge};
