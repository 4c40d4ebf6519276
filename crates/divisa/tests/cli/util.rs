//! Roda o executável `divisa` como um processo e guarda o que ele escreveu.

use std::path::PathBuf;
use std::process::Command;

/// O que um processo `divisa` produziu.
pub struct Execucao {
    pub stdout: String,
    pub stderr: String,
    pub codigo: i32,
}

/// Roda `divisa ARGS` num diretório temporário vazio, sem `dados/` por perto.
pub fn divisa(argumentos: &[&str]) -> Execucao {
    let diretorio = diretorio_vazio();
    let saida = Command::new(env!("CARGO_BIN_EXE_divisa"))
        .args(argumentos)
        .current_dir(&diretorio)
        .output()
        .expect("o executável divisa roda");
    std::fs::remove_dir_all(&diretorio).ok();
    Execucao {
        stdout: String::from_utf8(saida.stdout).expect("stdout em UTF-8"),
        stderr: String::from_utf8(saida.stderr).expect("stderr em UTF-8"),
        codigo: saida.status.code().expect("terminou com código"),
    }
}

/// Roda `divisa ARGS` em `diretorio`, que fica (para o banco SQLite entre uma chamada e outra).
pub fn divisa_em(diretorio: &std::path::Path, argumentos: &[&str]) -> Execucao {
    let saida = Command::new(env!("CARGO_BIN_EXE_divisa"))
        .args(argumentos)
        .current_dir(diretorio)
        .env_remove("DIVISA_DB")
        .output()
        .expect("o executável divisa roda");
    Execucao {
        stdout: String::from_utf8(saida.stdout).expect("stdout em UTF-8"),
        stderr: String::from_utf8(saida.stderr).expect("stderr em UTF-8"),
        codigo: saida.status.code().expect("terminou com código"),
    }
}

pub fn diretorio_vazio() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static CONTADOR: AtomicUsize = AtomicUsize::new(0);
    let caminho = std::env::temp_dir().join(format!(
        "divisa-teste-{}-{}",
        std::process::id(),
        CONTADOR.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&caminho).expect("cria diretório temporário");
    caminho
}

/// Os documentos do Art. 15 que a proposta de criação de exemplo declara, cada um com o seu
/// arquivo (escrito por [`escrever_documentos`] no diretório em que o `divisa` roda): só o
/// arquivo apresenta o documento (Art. 16, parágrafo único). Faltam as fotografias.
pub const DECLARADOS_NA_CRIACAO: &[&str] = &[
    "--documento",
    "requerimento=requerimento.txt",
    "--documento",
    "mapa_novo=mapa_novo.txt",
    "--documento",
    "mapa_origem=mapa_origem.txt",
    "--documento",
    "justificativa=justificativa.txt",
];

/// Os cinco documentos do Art. 15, cada um com o seu arquivo.
pub fn cinco_documentos() -> Vec<&'static str> {
    [
        DECLARADOS_NA_CRIACAO,
        &["--documento", "fotografias=fotografias.txt"],
    ]
    .concat()
}

/// Escreve no diretório um arquivo de texto para cada documento do Art. 15.
pub fn escrever_documentos(dir: &std::path::Path) {
    for d in [
        "requerimento",
        "mapa_novo",
        "mapa_origem",
        "justificativa",
        "fotografias",
    ] {
        std::fs::write(dir.join(format!("{d}.txt")), format!("{d} (teste)\n")).unwrap();
    }
}
