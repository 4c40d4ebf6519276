//! Leitura dos CSV embutidos em `dados/` (UTF-8, vírgula, ponto decimal, um cabeçalho).

use serde::de::DeserializeOwned;

use crate::ErroDados;

/// Um arquivo de `dados/` embutido no executável.
pub(crate) struct Arquivo {
    pub(crate) nome: &'static str,
    pub(crate) texto: &'static str,
}

macro_rules! arquivo {
    ($nome:literal) => {
        $crate::tabela::Arquivo {
            nome: $nome,
            texto: include_str!(concat!("../../../dados/", $nome)),
        }
    };
}
pub(crate) use arquivo;

/// Lê todas as linhas de um arquivo como `T`, dizendo a linha de qualquer falha.
pub(crate) fn ler<T: DeserializeOwned>(arquivo: &Arquivo) -> Result<Vec<T>, ErroDados> {
    let mut leitor = csv::Reader::from_reader(arquivo.texto.as_bytes());
    leitor
        .deserialize()
        .map(|linha| {
            linha.map_err(|erro| ErroDados::Linha {
                arquivo: arquivo.nome,
                linha: erro.position().map_or(0, |p| p.line()),
                mensagem: erro.to_string(),
            })
        })
        .collect()
}
