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

/// Lê só as linhas em que a coluna `coluna` vale `valor` (as outras nem são convertidas).
pub(crate) fn ler_onde<T: DeserializeOwned>(
    arquivo: &Arquivo,
    coluna: &str,
    valor: &str,
) -> Result<Vec<T>, ErroDados> {
    let mut leitor = csv::Reader::from_reader(arquivo.texto.as_bytes());
    let erro = |e: csv::Error| ErroDados::Linha {
        arquivo: arquivo.nome,
        linha: e.position().map_or(0, |p| p.line()),
        mensagem: e.to_string(),
    };
    let cabecalho = leitor.byte_headers().map_err(erro)?.clone();
    let indice = cabecalho
        .iter()
        .position(|c| c == coluna.as_bytes())
        .ok_or_else(|| ErroDados::Linha {
            arquivo: arquivo.nome,
            linha: 1,
            mensagem: format!("falta a coluna {coluna}"),
        })?;
    let mut linhas = Vec::new();
    let mut registro = csv::ByteRecord::new();
    while leitor.read_byte_record(&mut registro).map_err(erro)? {
        if registro.get(indice) == Some(valor.as_bytes()) {
            linhas.push(registro.deserialize(Some(&cabecalho)).map_err(erro)?);
        }
    }
    Ok(linhas)
}

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
