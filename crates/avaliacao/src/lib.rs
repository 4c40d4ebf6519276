//! A proposta (CONTRACT §2) entra, o relatório (CONTRACT §3) sai.
//!
//! - [`proposta::ler`]: TOML → [`divisa_lei::Fatos`], com erros que dizem arquivo, linha e campo;
//! - [`relatorio`]: a avaliação em texto para o terminal, em JSON (CONTRACT §3) e em HTML
//!   (uma página que se imprime).
//!
//! **Invariante:** é o único crate que conhece os nomes de campo do contrato (TOML e JSON).

pub mod area;
pub mod autos;
pub mod fiscal;
pub mod gpkg;
pub mod mapa;
mod mensagens;
pub mod proposta;
pub mod relatorio;
pub mod relatorio_fiscal;
pub mod territorio;
mod versoes_da_area;

pub use proposta::{ler, ler_toml, Arquivos, ErroProposta, Proposta};
