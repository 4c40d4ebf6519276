//! A assinatura PAdES conferida por um validador de fora (o `pdfsig` do poppler, que o
//! `.ci/run` instala) e pela própria leitura do crate: num PDF com tabela de referências
//! clássica e num com fluxo de referências (PDF 1.5), e a recusa do PDF cifrado. O certificado
//! e a chave de teste são feitos na hora com o `openssl`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn pasta() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let p = std::env::temp_dir().join(format!(
        "divisa-assinatura-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&p).expect("pasta temporária");
    p
}

fn rodar(dir: &Path, programa: &str, args: &[&str]) -> String {
    let s = Command::new(programa)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| {
            panic!("{programa} não roda ({e}); instale-o (openssl, poppler-utils)")
        });
    format!(
        "{}{}",
        String::from_utf8_lossy(&s.stdout),
        String::from_utf8_lossy(&s.stderr)
    )
}

/// Um A1 de teste (RSA 2048, autoassinado, PKCS#12 com AES), aberto com a senha.
fn certificado(dir: &Path) -> divisa_assinatura::Certificado {
    rodar(
        dir,
        "openssl",
        &[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "chave.pem",
            "-out",
            "cert.pem",
            "-days",
            "30",
            "-utf8",
            "-subj",
            "/CN=Maria Relatora:11122233344",
        ],
    );
    rodar(
        dir,
        "openssl",
        &[
            "pkcs12",
            "-export",
            "-inkey",
            "chave.pem",
            "-in",
            "cert.pem",
            "-out",
            "a1.p12",
            "-passout",
            "pass:s3nh@",
        ],
    );
    let p12 = std::fs::read(dir.join("a1.p12")).expect("o openssl gravou o .p12");
    assert_eq!(
        divisa_assinatura::Certificado::abrir("a1.p12", &p12, "outra").unwrap_err(),
        divisa_assinatura::Erro::Senha("a1.p12".into())
    );
    divisa_assinatura::Certificado::abrir("a1.p12", &p12, "s3nh@").expect("abre com a senha")
}

/// Um PDF mínimo de uma página, com tabela clássica ou com fluxo de referências.
fn pdf_minimo(fluxo: bool) -> Vec<u8> {
    let mut b = b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut pos = Vec::new();
    for corpo in [
        "<</Type/Catalog/Pages 2 0 R>>",
        "<</Type/Pages/Kids [3 0 R]/Count 1>>",
        "<</Type/Page/Parent 2 0 R/MediaBox [0 0 200 200]/Contents 4 0 R>>",
    ] {
        pos.push(b.len());
        b.extend_from_slice(format!("{} 0 obj\n{corpo}\nendobj\n", pos.len()).as_bytes());
    }
    let conteudo = "BT /F1 12 Tf 20 100 Td (Teste) Tj ET";
    pos.push(b.len());
    b.extend_from_slice(
        format!(
            "4 0 obj\n<</Length {}>>\nstream\n{conteudo}\nendstream\nendobj\n",
            conteudo.len()
        )
        .as_bytes(),
    );
    let xref = b.len();
    if fluxo {
        pos.push(xref);
        let mut linhas = vec![0u8, 0, 0, 0, 0, 0xff, 0xff];
        for p in &pos {
            linhas.push(1);
            linhas.extend_from_slice(&(*p as u32).to_be_bytes());
            linhas.extend_from_slice(&[0, 0]);
        }
        b.extend_from_slice(
            format!(
                "5 0 obj\n<</Type/XRef/Size 6/W [1 4 2]/Root 1 0 R/Length {}>>\nstream\n",
                linhas.len()
            )
            .as_bytes(),
        );
        b.extend_from_slice(&linhas);
        b.extend_from_slice(format!("\nendstream\nendobj\nstartxref\n{xref}\n%%EOF\n").as_bytes());
    } else {
        b.extend_from_slice(b"xref\n0 5\n0000000000 65535 f\r\n");
        for p in &pos {
            b.extend_from_slice(format!("{p:010} 00000 n\r\n").as_bytes());
        }
        b.extend_from_slice(
            format!("trailer\n<</Size 5/Root 1 0 R>>\nstartxref\n{xref}\n%%EOF\n").as_bytes(),
        );
    }
    b
}

fn quando() -> jiff::Timestamp {
    jiff::Timestamp::now()
}

#[test]
fn assinado_com_tabela_classica_e_com_fluxo_de_referencias_vale_no_pdfsig() {
    let dir = pasta();
    let cert = certificado(&dir);
    assert_eq!(cert.titular(), "Maria Relatora:11122233344");
    for fluxo in [false, true] {
        let original = pdf_minimo(fluxo);
        let assinado =
            divisa_assinatura::assinar(&original, &cert, quando(), "Teste").expect("assina");
        assert!(assinado.starts_with(&original), "os bytes originais ficam");
        let nome = format!("assinado-{fluxo}.pdf");
        std::fs::write(dir.join(&nome), &assinado).expect("grava");
        let s = rodar(&dir, "pdfsig", &[&nome]);
        assert!(s.contains("Signature is Valid."), "fluxo={fluxo}: {s}");
        assert!(s.contains("Maria Relatora:11122233344"), "{s}");
        assert!(s.contains("ETSI.CAdES.detached"), "{s}");
        assert!(s.contains("Total document signed"), "{s}");
        let lidas = divisa_assinatura::assinaturas(&assinado).expect("lê");
        assert_eq!(lidas.len(), 1);
        assert!(
            lidas[0].intacta() && lidas[0].cobre_tudo(),
            "{:?}",
            lidas[0]
        );
        assert_eq!(
            divisa_assinatura::acrescimos_so_de_assinatura(&assinado, original.len()),
            Ok(())
        );
        // segunda assinatura, por cima da primeira
        let duas = divisa_assinatura::assinar(&assinado, &cert, quando(), "Teste").expect("assina");
        let lidas = divisa_assinatura::assinaturas(&duas).expect("lê");
        assert_eq!(lidas.len(), 2);
        assert!(lidas.iter().all(|a| a.intacta()), "{lidas:?}");
        assert!(!lidas[0].cobre_tudo() && lidas[1].cobre_tudo());
        std::fs::write(dir.join("duas.pdf"), &duas).expect("grava");
        let s = rodar(&dir, "pdfsig", &["duas.pdf"]);
        assert_eq!(s.matches("Signature is Valid.").count(), 2, "{s}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn revisao_que_muda_a_pagina_nao_e_so_assinatura() {
    let dir = pasta();
    let cert = certificado(&dir);
    let original = pdf_minimo(false);
    let assinado = divisa_assinatura::assinar(&original, &cert, quando(), "Teste").expect("assina");
    // Acrescenta uma revisão que troca o conteúdo da página.
    let mut b = assinado.clone();
    let prev = {
        let s = String::from_utf8_lossy(&assinado);
        let i = s.rfind("startxref\n").expect("startxref") + 10;
        s[i..].lines().next().expect("número").trim().to_owned()
    };
    let pos = b.len();
    let conteudo = "BT /F1 12 Tf 20 100 Td (Outro) Tj ET";
    b.extend_from_slice(
        format!(
            "4 0 obj\n<</Length {}>>\nstream\n{conteudo}\nendstream\nendobj\n",
            conteudo.len()
        )
        .as_bytes(),
    );
    let xref = b.len();
    b.extend_from_slice(
        format!("xref\n4 1\n{pos:010} 00000 n\r\ntrailer\n<</Size 8/Root 1 0 R/Prev {prev}>>\nstartxref\n{xref}\n%%EOF\n").as_bytes(),
    );
    let r = divisa_assinatura::acrescimos_so_de_assinatura(&b, original.len());
    assert!(
        matches!(&r, Err(divisa_assinatura::Erro::Pdf(m)) if m.contains("objeto 4")),
        "{r:?}"
    );
    // e a assinatura passa a cobrir só a revisão dela
    let lidas = divisa_assinatura::assinaturas(&b).expect("lê");
    assert!(lidas[0].intacta() && !lidas[0].cobre_tudo());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn pdf_cifrado_e_o_que_nao_e_pdf_sao_recusados() {
    let dir = pasta();
    let cert = certificado(&dir);
    let e = divisa_assinatura::assinar(b"nada de PDF aqui", &cert, quando(), "x").unwrap_err();
    assert!(e.to_string().contains("não é um PDF"), "{e}");
    // Um PDF com /Encrypt no trailer (o manipulador padrão, RC4 de 40 bits).
    let mut cifrado = pdf_minimo(false);
    let fim = String::from_utf8_lossy(&cifrado)
        .rfind("trailer")
        .expect("trailer");
    cifrado.truncate(fim);
    let pos = cifrado.len();
    let zeros = "00".repeat(32);
    cifrado.extend_from_slice(
        format!("5 0 obj\n<</Filter/Standard/V 1/R 2/O <{zeros}>/U <{zeros}>/P -4>>\nendobj\n")
            .as_bytes(),
    );
    let xref = cifrado.len();
    cifrado.extend_from_slice(
        format!("xref\n5 1\n{pos:010} 00000 n\r\ntrailer\n<</Size 6/Root 1 0 R/Encrypt 5 0 R/ID [<{zeros}><{zeros}>]>>\nstartxref\n{xref}\n%%EOF\n").as_bytes(),
    );
    let e = divisa_assinatura::assinar(&cifrado, &cert, quando(), "x").unwrap_err();
    assert!(e.to_string().contains("cifrado"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}
