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
