//! Os arquivos que a linha de comando leva aos autos: `--anexo` de um ato e `--documento
//! DOC=ARQUIVO` da representação (o documento do Art. 15 que o arquivo apresenta). Lidos com o
//! limite dos anexos, sem trazer para a memória o que ele recusaria; o erro diz a opção e o
//! caminho.

use std::path::PathBuf;

use divisa_processo::DocumentoArt15;

/// Os `--documento DOC[=ARQUIVO]`: o documento do Art. 15 e, se veio, o arquivo que o
/// apresenta (lido com o limite dos anexos). `None`: o erro já foi dito.
pub(crate) fn documentos_da_linha(
    comando: &str,
    linhas: &[String],
) -> Option<Vec<(DocumentoArt15, Option<divisa_registro::ArquivoNovo>)>> {
    let mut documentos = Vec::new();
    for linha in linhas {
        let (codigo, caminho) = match linha.split_once('=') {
            Some((c, a)) => (c.trim(), Some(PathBuf::from(a.trim()))),
            None => (linha.trim(), None),
        };
        let Some(d) = DocumentoArt15::de_codigo(codigo) else {
            eprintln!(
                "divisa {comando}: --documento «{codigo}» desconhecido; os do Art. 15 são: {}.",
                DocumentoArt15::TODOS.map(|d| d.codigo()).join(", ")
            );
            return None;
        };
        let arquivo = match caminho {
            Some(c) => {
                let conteudo = ler_anexo(comando, &format!("--documento {codigo}"), &c)?;
                let finalidade = if d == DocumentoArt15::MapaNovo {
                    divisa_registro::Finalidade::Mapa
                } else {
                    divisa_registro::Finalidade::Ato
                };
                Some(divisa_registro::ArquivoNovo::da_representacao(
                    nome_do_arquivo(&c),
                    conteudo,
                    finalidade,
                    Some(d),
                ))
            }
            None => None,
        };
        documentos.push((d, arquivo));
    }
    Some(documentos)
}

/// O nome de um arquivo, sem o caminho.
pub(crate) fn nome_do_arquivo(caminho: &std::path::Path) -> String {
    caminho
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Lê um arquivo que vai aos autos, sem trazer para a memória o que o limite recusaria.
/// `None`: o erro já foi dito, com a opção e o caminho.
pub(crate) fn ler_anexo(comando: &str, opcao: &str, caminho: &std::path::Path) -> Option<Vec<u8>> {
    if let Ok(m) = std::fs::metadata(caminho) {
        if m.len() > divisa_registro::anexos::LIMITE_POR_ARQUIVO as u64 {
            eprintln!(
                "divisa {comando}: {opcao} {}: tem {} bytes; o limite é {} MB por arquivo. Nada foi gravado.",
                caminho.display(),
                divisa_referencia::formato::inteiro(i64::try_from(m.len()).unwrap_or(i64::MAX)),
                divisa_registro::anexos::LIMITE_POR_ARQUIVO / (1024 * 1024)
            );
            return None;
        }
    }
    crate::arquivo::ler_arquivo(&format!("{comando}: {opcao}"), caminho)
}
