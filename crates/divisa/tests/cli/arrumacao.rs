//! Regras da casa verificadas no código: todo arquivo Rust começa com um comentário `//!`
//! dizendo o que ele é (rust-analyzer, "tidy").

use std::path::Path;

fn arquivos_rust(diretorio: &Path, encontrados: &mut Vec<std::path::PathBuf>) {
    for entrada in std::fs::read_dir(diretorio).unwrap() {
        let caminho = entrada.unwrap().path();
        if caminho.is_dir() {
            arquivos_rust(&caminho, encontrados);
        } else if caminho.extension().is_some_and(|e| e == "rs") {
            encontrados.push(caminho);
        }
    }
}

#[test]
fn todo_arquivo_rust_comeca_com_doc_de_modulo() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut arquivos = Vec::new();
    arquivos_rust(&crates, &mut arquivos);
    assert!(arquivos.len() > 10, "achou só {arquivos:?}");
    let sem_doc: Vec<_> = arquivos
        .iter()
        .filter(|caminho| !std::fs::read_to_string(caminho).unwrap().starts_with("//!"))
        .collect();
    assert!(
        sem_doc.is_empty(),
        "arquivos sem `//!` no início: {sem_doc:?}"
    );
}
