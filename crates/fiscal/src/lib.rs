//! O estudo fiscal de uma proposta de criação, fusão, incorporação, desmembramento ou extinção
//! de municípios em Mato Grosso: quem ganha e quem perde se ela virar lei.
//!
//! - [`fpm`]: o FPM federal, de soma zero dentro do Estado (DL nº 1.881/1981, LC nº 91/1997):
//!   coeficientes pela população, o fundo em reais e a repartição em centavos exatos.
//! - [`icms`]: a cota-parte do ICMS e o percentual do Art. 7º, V da LC 23/1992.
//! - [`evm`]: os critérios do Estudo de Viabilidade Municipal dos projetos de lei complementar
//!   federal (CF, art. 18, § 4º), como referência, nunca como requisito legal.
//! - [`EstudoFiscal`]: as três partes juntas, para o JSON do CONTRACT §4; [`texto()`]: o mesmo em
//!   texto, para quem lê.
//!
//! **Invariante:** motor puro — sem E/S (os CSV chegam em bytes, com o nome do arquivo para as
//! mensagens), sem relógio (o ano vem de quem chama), sem async, sem SQL.
//! **Invariante:** reais, coeficientes e índices são `Decimal`; `f64` só na saída JSON.
//! **Invariante:** nenhum número ausente é inventado: sem a tabela de índices, o ICMS fica
//! pendente; sem dado, um critério do EVM fica pendente; o fundo estimado é rotulado como tal.
//!
//! Os dados embutidos (`include_str!`): `dados/fiscal/fpm_coeficientes_dl1881.csv` e a coluna
//! dos primeiros resultados do Censo 2022 de `dados/mt_populacao_2022.csv`; a proveniência está
//! em `dados/PROVENIENCIA.md`.

mod entrada;
mod erro;
mod estudo;
pub mod evm;
pub mod formato;
pub mod fpm;
pub mod grafico;
pub mod icms;
mod numeros;
pub mod texto;

pub use entrada::{LIMITE_BYTES, LIMITE_LINHAS};
pub use erro::{ErroFiscal, ErroLeitura};
pub use estudo::{EstudoFiscal, Icms};
pub use texto::texto;
