//! `divisa documento` (CONTRACT §1): gerar e verificar.

use crate::util::{diretorio_vazio, divisa_em};

#[test]
fn documento_gerado_confere_e_adulterado_nao_confere() {
    let dir = diretorio_vazio();
    let proposta =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../exemplos/criacao.toml");
    let proposta = proposta.to_str().expect("caminho");
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "parecer",
            proposta,
            "-o",
            "parecer.pdf",
            "--protocolo",
            "00001.000001/2026-91",
            "--em",
            "2027-03-10",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(e.stderr.contains("código de verificação"), "{}", e.stderr);
    let pdf = std::fs::read(dir.join("parecer.pdf")).expect("PDF gravado");
    assert!(pdf.starts_with(b"%PDF-"));
    let e = divisa_em(&dir, &["documento", "verificar", "parecer.pdf"]);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout.contains("confere") && e.stdout.contains("PARECER DE MÉRITO"),
        "{}",
        e.stdout
    );
    // adulterado: saída 3
    let mut a = pdf.clone();
    let i = a
        .windows(5)
        .position(|w| w == b"5.200")
        .expect("número no PDF");
    a[i] = b'9';
    std::fs::write(dir.join("adulterado.pdf"), a).expect("gravar");
    let e = divisa_em(&dir, &["documento", "verificar", "adulterado.pdf"]);
    assert_eq!(e.codigo, 3);
    assert!(e.stderr.contains("NÃO CONFERE"), "{}", e.stderr);
    // HTML com o mesmo código; tipo errado: saída 2
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "projeto-de-lei",
            proposta,
            "--formato",
            "html",
            "--em",
            "2027-03-10",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(e
        .stdout
        .contains("Fica criado o Município de Espigão do Leste"));
    let e = divisa_em(&dir, &["documento", "memorando", proposta]);
    assert_eq!(e.codigo, 2);
    assert!(
        e.stderr.contains("tipo «memorando» desconhecido"),
        "{}",
        e.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}
