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

/// As linhas de código de um arquivo antes do primeiro `#[cfg(test)]` de topo (os testes da
/// unidade não contam).
fn linhas_de_codigo(texto: &str) -> usize {
    texto
        .lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .count()
}

/// Issue 31: nenhum arquivo de código passa de 800 linhas (sem os testes), cada um partido por
/// responsabilidade. Os que ainda passam estão listados com o tamanho de hoje — a dívida
/// escrita, que só pode diminuir: um arquivo da lista que cresce, ou um arquivo novo acima do
/// limite, falha aqui; um que desce abaixo do limite deve sair da lista.
#[test]
fn issue31_nenhum_arquivo_cresce_acima_de_800_linhas() {
    const LIMITE: usize = 800;
    const DIVIDA: &[(&str, usize)] = &[
        ("documentos/src/mapa.rs", 1720),
        ("web/src/api.rs", 1079),
        ("territorio/src/leitura_memorial.rs", 1047),
        ("web/src/representacao.rs", 998),
        ("web/src/catalogo.rs", 992),
        ("registro/src/autos.rs", 991),
        ("processo/src/ato.rs", 980),
        ("documentos/src/gerar.rs", 939),
        ("lei/src/art02_requisitos.rs", 868),
        ("territorio/src/leitura_memorial/lexico.rs", 851),
        ("processo/src/processo.rs", 824),
        ("assinatura/src/pdf.rs", 804),
    ];
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut arquivos = Vec::new();
    arquivos_rust(&crates, &mut arquivos);
    let mut problemas = Vec::new();
    for caminho in &arquivos {
        let relativo = caminho
            .strip_prefix(&crates)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        // só o código dos crates (testes de integração, bancadas e exemplos à parte)
        if !relativo.contains("/src/") {
            continue;
        }
        let n = linhas_de_codigo(&std::fs::read_to_string(caminho).unwrap());
        match DIVIDA.iter().find(|(a, _)| *a == relativo) {
            Some((_, teto)) if n > *teto => problemas.push(format!(
                "{relativo}: {n} linhas, mais que as {teto} de quando foi listado; parta-o"
            )),
            Some((_, _)) if n <= LIMITE => problemas.push(format!(
                "{relativo}: {n} linhas, já abaixo de {LIMITE}; tire-o da lista"
            )),
            None if n > LIMITE => problemas.push(format!(
                "{relativo}: {n} linhas de código, acima de {LIMITE}; parta-o por responsabilidade"
            )),
            _ => {}
        }
    }
    for (a, _) in DIVIDA {
        assert!(
            crates.join(a).exists(),
            "{a} está na lista e não existe mais: tire-o"
        );
    }
    assert!(problemas.is_empty(), "{}", problemas.join("\n"));
}
