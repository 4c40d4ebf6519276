//! A proposta lida do arquivo e o relatório inteiro: instantâneos dos exemplos, mensagens de
//! erro que dizem arquivo, linha e campo, e um leitor que não entra em pânico com nada.

mod area;
mod entrada_invalida;
mod fatos_reais;
mod hostil;
mod instantaneos;
mod sem_panico;

use std::path::{Path, PathBuf};

/// A pasta `exemplos/` do repositório.
pub fn exemplos() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../exemplos")
}

/// Lê uma proposta escrita no teste, como se estivesse em `exemplos/`.
pub fn ler(texto: &str) -> Result<divisa_avaliacao::Proposta, divisa_avaliacao::ErroProposta> {
    divisa_avaliacao::ler(
        "proposta.toml",
        texto,
        divisa_avaliacao::Arquivos::Diretorio(&exemplos()),
        None,
    )
}
