//! Issue 16 ("assinado e verificável", na página do processo): o relator e o Presidente assinam
//! o documento emitido com o seu A1 (PKCS#12) pela página; cada assinatura se acrescenta à
//! anterior (atualização incremental), o `pdfsig` do poppler as dá por válidas, e o arquivo
//! assinado continua conferindo em /verificar. O certificado de teste é feito na hora com o
//! `openssl`.

use super::comum;

use axum::http::StatusCode;
use comum::{app, caminho, rodar, App, Sessao};

/// Roda um programa de fora (openssl, pdfsig) em `dir` e devolve stdout e stderr juntos.
fn de_fora(dir: &std::path::Path, programa: &str, args: &[&str]) -> String {
    let s = std::process::Command::new(programa)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| {
            panic!("{programa} não roda ({e}): instale o openssl e o poppler-utils")
        });
    format!(
        "{}{}",
        String::from_utf8_lossy(&s.stdout),
        String::from_utf8_lossy(&s.stderr)
    )
}

/// Um A1 de teste (RSA 2048, autoassinado, válido por 30 dias) em PKCS#12, com a senha dada.
fn a1(dir: &std::path::Path, nome: &str, titular: &str, senha: &str) -> Vec<u8> {
    let chave = format!("{nome}.pem");
    let cert = format!("{nome}.crt");
    de_fora(
        dir,
        "openssl",
        &[
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", &chave, "-out", &cert,
            "-days", "30", "-utf8", "-subj", titular,
        ],
    );
    let saida = format!("{nome}.p12");
    let senha = format!("pass:{senha}");
    de_fora(
        dir,
        "openssl",
        &[
            "pkcs12", "-export", "-inkey", &chave, "-in", &cert, "-out", &saida, "-passout", &senha,
        ],
    );
    std::fs::read(dir.join(&saida)).expect("o openssl gravou o .p12")
}

/// Envia o formulário de assinatura da página do processo.
async fn assinar(
    a: &App,
    s: &Sessao,
    p: &str,
    emissao: i64,
    p12: &[u8],
    senha: &str,
) -> comum::Resposta {
    let emissao = emissao.to_string();
    let corpo = comum::multipart_bytes(&[
        ("csrf", None, s.csrf.as_bytes()),
        ("emissao", None, emissao.as_bytes()),
        ("certificado", Some("a1.p12"), p12),
        ("senha", None, senha.as_bytes()),
    ]);
    a.pedir(
        "POST",
        &format!("{}/assinaturas", caminho(p)),
        Some(s),
        Some(&comum::tipo_multipart()),
        corpo,
        false,
    )
    .await
}

/// Quantas versões assinadas o registro tem.
async fn versoes(a: &App) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM documentos_assinados")
        .fetch_one(a.registro.pool())
        .await
        .expect("contar")
}

/// O relator (um membro) assina o parecer emitido, depois o Presidente assina a versão do
/// relator (Art. 21): duas assinaturas PAdES válidas no mesmo arquivo, o documento emitido
/// intacto no começo, e /verificar diz que confere. A senha errada e o certificado que não é
/// PKCS#12 voltam com a mensagem, sem gravar nada; quem não assina (servidor, deputado) não
/// tem o formulário e recebe 403.
#[test]
fn issue16_relator_e_presidente_assinam_o_emitido_na_pagina_do_processo() {
    rodar(async {
        let a = app("assinar-na-pagina").await;
        let p = a.protocolo("Espigão").await;
        let dir = std::env::temp_dir().join(format!("divisa-assinar-web-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let do_relator = a1(&dir, "relator", "/CN=Bruno Relator:11122233344", "s3nh@ A1");
        let da_presidente = a1(
            &dir,
            "presidente",
            "/CN=Ana Presidente:55566677788",
            "outra",
        );

        // o parecer emitido por Bruno
        let bruno = a.entrar("bruno").await;
        let r = a.emitir(&p, "parecer-preliminar", None, &bruno).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let emitido_pdf = r.bytes;
        let emissao = a
            .registro
            .emitido_por_sha256(&divisa_registro::sha256_hex(&emitido_pdf))
            .await
            .unwrap()
            .expect("emitido")
            .id;

        // a página lista o emitido e oferece o formulário a quem assina
        let pagina = a.get(&caminho(&p), Some(&bruno)).await;
        assert!(
            pagina.corpo.contains("Documentos emitidos"),
            "{}",
            pagina.corpo
        );
        assert!(pagina.corpo.contains("Assinar um documento emitido"));
        assert!(pagina.corpo.contains("Sem assinatura."));

        // a senha errada: a mensagem, nada gravado
        let r = assinar(&a, &bruno, &p, emissao, &do_relator, "errada").await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(r.corpo.contains("senha"), "{}", r.corpo);
        // um arquivo que não é PKCS#12
        let r = assinar(&a, &bruno, &p, emissao, b"nada disso", "x").await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert_eq!(versoes(&a).await, 0);

        // o relator assina
        let r = assinar(&a, &bruno, &p, emissao, &do_relator, "s3nh@ A1").await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        let destino = r
            .headers
            .get("location")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        assert!(destino.contains("?assinado="), "{destino}");
        let pagina = a.get(&destino, Some(&bruno)).await;
        assert!(
            pagina.corpo.contains("Documento assinado"),
            "{}",
            pagina.corpo
        );
        assert!(
            pagina
                .corpo
                .contains("Assinado por Bruno Membro (demonstração) (Membro da Comissão de Revisão Territorial)"),
            "por nome e cargo, nunca o login: {}",
            pagina.corpo
        );
        let v1 = a.registro.assinaturas_da_emissao(emissao).await.unwrap();
        assert_eq!(v1.len(), 1);
        let r = a
            .get(
                &format!("{}/assinados/{}", caminho(&p), v1[0].id),
                Some(&bruno),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK);
        let do_relator_pdf = r.bytes;
        assert!(
            do_relator_pdf.starts_with(&emitido_pdf),
            "o emitido intacto no começo"
        );

        // a Presidente assina a versão do relator
        let ana = a.entrar("ana").await;
        let r = assinar(&a, &ana, &p, emissao, &da_presidente, "outra").await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        let v2 = a.registro.assinaturas_da_emissao(emissao).await.unwrap();
        assert_eq!(v2.len(), 2);
        let final_pdf = a
            .get(
                &format!("{}/assinados/{}", caminho(&p), v2[1].id),
                Some(&ana),
            )
            .await
            .bytes;
        assert!(
            final_pdf.starts_with(&do_relator_pdf),
            "assina sobre a do relator"
        );
        std::fs::write(dir.join("assinado.pdf"), &final_pdf).unwrap();
        let s = de_fora(&dir, "pdfsig", &["assinado.pdf"]);
        assert_eq!(s.matches("Signature is Valid.").count(), 2, "{s}");
        assert!(
            s.contains("Bruno Relator") && s.contains("Ana Presidente"),
            "{s}"
        );

        // uma versão que não parte da última (a de antes da Presidente) é recusada
        let atrasada = a
            .registro
            .registrar_assinatura(
                &divisa_registro::NovaAssinatura {
                    emissao,
                    conteudo: &[do_relator_pdf.as_slice(), b"\n%%EOF\n"].concat(),
                    assinado_por: "bruno",
                    assinante_nome: None,
                    assinante_cargo: "Membro da Comissão de Revisão Territorial",
                    titular: "Bruno Relator",
                },
                jiff::Timestamp::now(),
            )
            .await;
        assert!(
            atrasada.as_ref().is_err_and(|e| e
                .to_string()
                .contains("outra assinatura deste documento entrou antes")),
            "{atrasada:?}"
        );

        // o assinado confere em /verificar: o emitido está no começo, o resto só assina
        let visitante = a.visitante().await;
        let corpo = comum::multipart_bytes(&[
            ("csrf", None, visitante.csrf.as_bytes()),
            ("codigo", None, b""),
            ("arquivo", Some("assinado.pdf"), &final_pdf),
        ]);
        let r = a
            .pedir(
                "POST",
                "/verificar",
                Some(&visitante),
                Some(&comum::tipo_multipart()),
                corpo,
                false,
            )
            .await;
        assert!(r.corpo.contains("<strong>Confere.</strong>"), "{}", r.corpo);

        // quem não assina: sem formulário, e 403 se tentar
        for login in ["carla", "dep.joao"] {
            let s = a.entrar(login).await;
            let pagina = a.get(&caminho(&p), Some(&s)).await;
            assert!(
                !pagina.corpo.contains("Assinar um documento emitido"),
                "{login}"
            );
            let r = assinar(&a, &s, &p, emissao, &do_relator, "s3nh@ A1").await;
            assert_eq!(r.status, StatusCode::FORBIDDEN, "{login}: {}", r.corpo);
        }
        assert_eq!(versoes(&a).await, 2);
        std::fs::remove_dir_all(&dir).ok();
    });
}
