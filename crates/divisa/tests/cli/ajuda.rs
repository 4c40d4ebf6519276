//! A ajuda de todos os comandos em português: nada do inglês que o clap escreve por padrão.

use crate::util::divisa;

#[test]
fn ajuda_de_cada_comando_sem_ingles() {
    for comando in [
        vec!["--ajuda"],
        vec!["municipio", "--ajuda"],
        vec!["avaliar", "--ajuda"],
        vec!["lei", "--ajuda"],
        vec!["toponimo", "--ajuda"],
        vec!["memorial", "--ajuda"],
        vec!["varredura", "--ajuda"],
        vec!["inconsistencias", "--ajuda"],
        vec!["serve", "--ajuda"],
        vec!["documento", "--ajuda"],
        vec!["usuario", "--ajuda"],
        vec!["usuario", "criar", "--ajuda"],
    ] {
        let execucao = divisa(&comando);
        assert_eq!(execucao.codigo, 0, "{comando:?}");
        for ingles in [
            "Usage",
            "Arguments",
            "Options",
            "Possible values",
            "default:",
            "Print help",
        ] {
            assert!(
                !execucao.stdout.contains(ingles),
                "{comando:?} tem «{ingles}»:\n{}",
                execucao.stdout
            );
        }
        assert!(execucao.stdout.contains("Uso: divisa"), "{comando:?}");
    }
}

/// A linha «Uso:» de cada comando é escrita à mão (a do clap sai em inglês e sem a forma dos
/// valores): ela não pode esquecer uma opção que o comando tem (`auditoria verificar` esquecia
/// `--chave-publica`; `serve`, o TLS; `processo fiscal`, `--icms-pares`). Cada opção da lista
/// «Opções» aparece no uso do comando, pelo nome longo ou pelo curto; o `--db`, que vale para
/// todos os subcomandos, basta no uso do comando de cima.
#[test]
fn o_uso_de_cada_comando_traz_todas_as_suas_opcoes() {
    // as linhas da seção, até o título da próxima (uma linha sem recuo): a ajuda longa separa
    // as opções com linhas em branco, e cortar na primeira deixaria só uma opção
    fn secao<'a>(ajuda: &'a str, titulo: &str) -> Vec<&'a str> {
        ajuda
            .split(&format!("\n{titulo}:\n"))
            .nth(1)
            .unwrap_or("")
            .lines()
            .take_while(|l| l.is_empty() || l.starts_with(' '))
            .collect()
    }
    let mut pendentes: Vec<(Vec<String>, String)> = vec![(Vec::new(), String::new())];
    let mut vistos = 0;
    let mut faltas = Vec::new();
    while let Some((caminho, uso_de_cima)) = pendentes.pop() {
        let mut argumentos: Vec<&str> = caminho.iter().map(String::as_str).collect();
        argumentos.push("--ajuda");
        let ajuda = divisa(&argumentos).stdout;
        let uso = ajuda
            .split("Uso: ")
            .nth(1)
            .and_then(|u| u.split("\n\n").next())
            .unwrap_or("")
            .to_owned();
        vistos += 1;
        for linha in secao(&ajuda, "Opções") {
            let palavras: Vec<&str> = linha.split_whitespace().collect();
            let curta = palavras
                .first()
                .filter(|p| p.len() == 3 && p.starts_with('-') && p.ends_with(','))
                .map(|p| p.trim_end_matches(','));
            // só as linhas que declaram uma opção («-o, --saida <ARQUIVO>» ou «--db <URL>»),
            // não as que continuam uma descrição
            let Some(longa) = palavras
                .iter()
                .take(2)
                .find(|p| p.starts_with("--"))
                .filter(|_| palavras.first().is_some_and(|p| p.starts_with('-')))
            else {
                continue;
            };
            if ["--ajuda", "--versao"].contains(longa) {
                continue;
            }
            let no_uso = |o: &str| {
                uso.split(|c: char| c.is_whitespace() || c == '[' || c == ']')
                    .any(|p| p == o)
            };
            let dito = no_uso(longa)
                || curta.is_some_and(no_uso)
                || (*longa == "--db" && uso_de_cima.contains("--db"));
            if !dito {
                faltas.push(format!("divisa {}: {longa}", caminho.join(" ")));
            }
        }
        for linha in secao(&ajuda, "Comandos") {
            if let Some(nome) = linha.split_whitespace().next() {
                let mut filho = caminho.clone();
                filho.push(nome.to_owned());
                pendentes.push((filho, format!("{uso_de_cima} {uso}")));
            }
        }
    }
    assert!(vistos > 20, "só {vistos} comandos vistos");
    assert!(
        faltas.is_empty(),
        "opções fora do «Uso:»:\n{}",
        faltas.join("\n")
    );
}
