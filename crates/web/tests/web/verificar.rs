//! Issue 16 ("assinado e verificável"): o PDF baixado de um processo é o documento emitido,
//! registrado com quem o emitiu; `/verificar` mostra o que é um código, entrega a cópia
//! autêntica e confere um arquivo enviado pelos bytes, não refazendo o documento.

#[path = "../../../assinatura/tests/comum/adulterar.rs"]
mod adulterar;
use super::comum;

use axum::http::StatusCode;
use comum::{app, caminho, rodar, App, Sessao};

/// Quantas emissões o registro tem.
async fn emissoes(a: &App) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM documentos_emitidos")
        .fetch_one(a.registro.pool())
        .await
        .expect("contar")
}

/// O arquivo enviado a `/verificar` (e o código, se dito), por quem visita sem conta.
async fn conferir(a: &App, v: &Sessao, pdf: &[u8], codigo: &str) -> comum::Resposta {
    let corpo = comum::multipart_bytes(&[
        ("csrf", None, v.csrf.as_bytes()),
        ("codigo", None, codigo.as_bytes()),
        ("arquivo", Some("recebido.pdf"), pdf),
    ]);
    a.pedir(
        "POST",
        "/verificar",
        Some(v),
        Some(&comum::tipo_multipart()),
        corpo,
        false,
    )
    .await
}

/// Issue 32: ver não emite. Abrir o PDF do parecer antes da emissão dá um rascunho — marcado,
/// sem código de verificação — e não grava nada (a contagem de emissões antes e depois é a
/// mesma), nem para o membro, nem para o órgão; emitir é um ato (POST com a confirmação) de quem
/// pode emitir, registrado uma vez; depois, quem abre recebe o mesmo PDF emitido.
#[test]
fn issue32_ver_o_documento_nao_o_emite_e_emitir_e_um_ato() {
    rodar(async {
        let a = app("ver-nao-emite").await;
        let p = a.protocolo("Espigão").await;
        let bruno = a.entrar("bruno").await;
        let tre = a.entrar("tre").await;
        assert_eq!(emissoes(&a).await, 0);
        let r = a
            .get(
                &format!("{}/documentos/parecer-preliminar", caminho(&p)),
                Some(&bruno),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert!(r.bytes.starts_with(b"%PDF-"));
        assert_eq!(
            divisa_documentos::codigo_do_pdf(&r.bytes),
            None,
            "o rascunho não traz código de verificação"
        );
        let nome = r.headers[axum::http::header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(nome.contains("rascunho-parecer"), "{nome}");
        // o órgão lê o ofício que lhe foi dirigido: também não emite
        let r = a
            .get(
                &format!("{}/documentos/oficio?orgao=tre", caminho(&p)),
                Some(&tre),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert_eq!(emissoes(&a).await, 0, "ler não grava");
        // o órgão não emite em nome da Comissão
        let r = a
            .post_form(
                &format!("{}/documentos/oficio/emitir", caminho(&p)),
                Some(&tre),
                &[("csrf", &tre.csrf), ("confirmo", "sim"), ("orgao", "tre")],
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.corpo);
        // sem a confirmação, não emite
        let r = a
            .post_form(
                &format!("{}/documentos/parecer-preliminar/emitir", caminho(&p)),
                Some(&bruno),
                &[("csrf", &bruno.csrf)],
            )
            .await;
        assert_ne!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        assert_eq!(emissoes(&a).await, 0);
        // emitir: um ato, uma emissão
        let r = a.emitir(&p, "parecer-preliminar", None, &bruno).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert_eq!(emissoes(&a).await, 1);
        let pdf = r.bytes;
        // emitir de novo o mesmo texto não faz outra emissão
        let r = a.emitir(&p, "parecer-preliminar", None, &bruno).await;
        assert_eq!(r.bytes, pdf);
        assert_eq!(emissoes(&a).await, 1);
        // depois de emitido, quem abre recebe o emitido (o órgão também), sem nova emissão
        let ana = a.entrar("ana").await;
        let r = a
            .get(
                &format!("{}/documentos/parecer-preliminar", caminho(&p)),
                Some(&ana),
            )
            .await;
        assert_eq!(r.bytes, pdf, "o mesmo emitido para todos");
        assert_eq!(emissoes(&a).await, 1);
    });
}

/// O PDF do parecer emitido por Bruno (membro) vai ao registro em nome dele; o código, com ou
/// sem traços, em qualquer caixa, mostra a quem não entrou o tipo, o título, o processo, quem
/// emitiu por nome e cargo (nunca o login), as datas e o SHA-256, e entrega os mesmos bytes;
/// baixar de novo não repete a emissão, e o HTML e o ODT (rascunhos) não são registrados.
#[test]
fn issue16_pdf_emitido_fica_registrado_e_verificar_mostra_quem_emitiu_por_nome_e_cargo() {
    rodar(async {
        let a = app("verificar-codigo").await;
        let p = a.protocolo("Espigão").await;
        let bruno = a.entrar("bruno").await;
        assert_eq!(emissoes(&a).await, 0);
        let r = a.emitir(&p, "parecer-preliminar", None, &bruno).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let pdf = r.bytes;
        assert!(pdf.starts_with(b"%PDF-"));
        let emitido = a
            .registro
            .emitido_por_sha256(&divisa_registro::sha256_hex(&pdf))
            .await
            .unwrap()
            .expect("o PDF baixado está no registro");
        assert_eq!(emitido.protocolo, p);
        assert_eq!(emitido.tipo, "parecer-preliminar");
        assert_eq!(emitido.emitido_por, "bruno");
        assert_eq!(
            emitido.emitente(),
            "Bruno Membro (demonstração) (Membro da Comissão de Revisão Territorial)"
        );
        assert_eq!(
            Some(emitido.codigo.clone()),
            divisa_documentos::codigo_do_pdf(&pdf)
                .and_then(|c| divisa_registro::codigo_normalizado(&c)),
            "o código registrado é o que o arquivo traz"
        );
        // de novo, o mesmo documento: os mesmos bytes, a mesma emissão
        let r = a
            .get(
                &format!("{}/documentos/parecer-preliminar", caminho(&p)),
                Some(&bruno),
            )
            .await;
        assert_eq!(r.bytes, pdf);
        // os rascunhos não vão ao registro
        for formato in ["html", "odt"] {
            let r = a
                .get(
                    &format!(
                        "{}/documentos/parecer-preliminar?formato={formato}",
                        caminho(&p)
                    ),
                    Some(&bruno),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{formato}");
        }
        assert_eq!(emissoes(&a).await, 1);
        // a página do processo diz o que é cada formato
        let pagina = a.get(&caminho(&p), Some(&bruno)).await;
        assert!(
            pagina.corpo.contains("Abrir um documento não o emite")
                && pagina.corpo.contains("ODT (rascunho editável)"),
            "{}",
            pagina.corpo
        );

        // o código, como impresso, em minúsculas, sem traços: quem não entrou vê o documento
        let impresso = divisa_registro::codigo_com_tracos(&emitido.codigo);
        for codigo in [
            impresso.clone(),
            impresso.to_lowercase(),
            emitido.codigo.to_lowercase(),
        ] {
            let r = a.get(&format!("/verificar?codigo={codigo}"), None).await;
            assert_eq!(r.status, StatusCode::OK, "{codigo}: {}", r.corpo);
            for esperado in [
                "corresponde a um documento emitido",
                "Relatório de visita e parecer preliminar (Art. 17)",
                "PARECER",
                p.as_str(),
                "Bruno Membro (demonstração) (Membro da Comissão de Revisão Territorial)",
                "horário de Cuiabá",
                emitido.sha256.as_str(),
                impresso.as_str(),
            ] {
                assert!(r.corpo.contains(esperado), "{codigo}: falta «{esperado}»");
            }
            assert!(
                r.corpo
                    .contains(&format!("/verificar/{}.pdf", emitido.codigo)),
                "o link da cópia autêntica"
            );
            assert!(!r.corpo.contains(">bruno<") && !r.corpo.contains("por bruno"));
        }
        // a data do documento em dd/mm/aaaa
        let r = a.get(&format!("/verificar?codigo={impresso}"), None).await;
        let data = emitido.data;
        assert!(r.corpo.contains(&format!(
            "{:02}/{:02}/{}",
            data.day(),
            data.month(),
            data.year()
        )));
        // a cópia autêntica: os bytes emitidos
        let copia = a
            .get(&format!("/verificar/{}.pdf", impresso.to_lowercase()), None)
            .await;
        assert_eq!(copia.status, StatusCode::OK);
        assert_eq!(
            copia.headers.get("content-type").unwrap(),
            "application/pdf"
        );
        assert_eq!(copia.bytes, pdf);

        // código que não consta: 404 e dito; código mal escrito: 422
        let r = a
            .get("/verificar?codigo=00000-00000-00000-00000", None)
            .await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.corpo);
        assert!(r
            .corpo
            .contains("O código 00000-00000-00000-00000 não consta do registro"));
        let r = a.get("/verificar/00000000000000000000.pdf", None).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND);
        let r = a.get("/verificar?codigo=12345", None).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(r.corpo.contains("não é um código de verificação"));
        // sem código: o formulário, acessível
        let r = a.get("/verificar", None).await;
        assert_eq!(r.status, StatusCode::OK);
        assert!(
            r.corpo.contains("<label for=\"codigo\">")
                && r.corpo.contains("<label for=\"arquivo\">")
                && r.corpo.contains("lang=\"pt-BR\""),
            "{}",
            r.corpo
        );
    });
}

/// O arquivo enviado confere pelos bytes: o emitido confere; com um byte mudado (e o código
/// ainda dentro dele) não é o emitido, e a página aponta a cópia autêntica; um arquivo que não
/// saiu do sistema não consta. Sem o token do formulário, recusado.
#[test]
fn issue16_arquivo_enviado_confere_pelos_bytes_e_o_mudado_nao_e_o_emitido() {
    rodar(async {
        let a = app("verificar-arquivo").await;
        let p = a.protocolo("Espigão").await;
        let ana = a.entrar("ana").await;
        let pdf = a.emitir(&p, "parecer-preliminar", None, &ana).await.bytes;
        let v = a.visitante().await;
        let r = conferir(&a, &v, &pdf, "").await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert!(
            r.corpo.contains("<strong>Confere.</strong>")
                && r.corpo.contains("é exatamente o documento emitido")
                && r.corpo.contains(
                    "Ana Presidente (demonstração) (Presidente da Comissão de Revisão Territorial)"
                ),
            "{}",
            r.corpo
        );
        // um byte mudado no conteúdo (dentro de um fluxo comprimido), com o código ainda
        // legível nos metadados
        let mudado = adulterar::mudar_um_byte_do_conteudo(&pdf);
        let r = conferir(&a, &v, &mudado, "").await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert!(
            r.corpo.contains("<strong>Não confere:</strong>")
                && r.corpo.contains("não é o emitido")
                && r.corpo.contains("o que ele diz ou mostra foi alterado")
                && r.corpo.contains("Baixar a cópia autêntica"),
            "{}",
            r.corpo
        );
        assert!(!r.corpo.contains("<strong>Confere.</strong>"));
        // o que não saiu do sistema
        let r = conferir(&a, &v, b"%PDF-1.7\n%%EOF\n", "").await;
        assert!(
            r.corpo.contains("<strong>Não consta</strong>"),
            "{}",
            r.corpo
        );
        // sem o token do formulário
        let sem_token = Sessao {
            csrf: "outro".into(),
            ..v.clone()
        };
        let r = conferir(&a, &sem_token, &pdf, "").await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
        // só o código, sem arquivo: vai à página do código
        let r = a
            .pedir(
                "POST",
                "/verificar",
                Some(&v),
                Some(&comum::tipo_multipart()),
                comum::multipart_campos(&[
                    ("csrf", &v.csrf),
                    ("codigo", "abcde abcde abcde abcde"),
                ]),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER);
        assert_eq!(
            r.headers.get("location").unwrap(),
            "/verificar?codigo=ABCDE-ABCDE-ABCDE-ABCDE"
        );
    });
}

/// A página não é um oráculo de códigos: passados os erros livres, quem pede códigos que não
/// constam espera (429), dizendo quanto falta.
#[test]
fn issue16_codigos_desconhecidos_demais_do_mesmo_endereco_esperam() {
    rodar(async {
        let a = app("verificar-limite").await;
        let mut ultimo = None;
        for n in 0..12u32 {
            let r = a
                .get(&format!("/verificar?codigo=0000000000{n:010}"), None)
                .await;
            ultimo = Some(r.status);
            if r.status == StatusCode::TOO_MANY_REQUESTS {
                assert!(
                    r.corpo
                        .contains("códigos de verificação desconhecidos demais")
                        && r.corpo.contains("espere"),
                    "{}",
                    r.corpo
                );
                assert!(n >= 10, "só depois dos erros livres: {n}");
                break;
            }
            assert_eq!(r.status, StatusCode::NOT_FOUND);
        }
        assert_eq!(ultimo, Some(StatusCode::TOO_MANY_REQUESTS));
    });
}

/// A cópia integral dos autos traz o que não é público (Art. 22): o código mostra o que ela é,
/// mas a cópia só vai a quem pode retirar cópia do processo.
#[test]
fn issue16_art22_copia_autentica_dos_autos_so_para_quem_retira_copia() {
    rodar(async {
        let a = app("verificar-autos").await;
        let p = a.protocolo("Espigão").await;
        let ana = a.entrar("ana").await;
        let r = a.emitir(&p, "autos", None, &ana).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let emitido = a
            .registro
            .emitido_por_sha256(&divisa_registro::sha256_hex(&r.bytes))
            .await
            .unwrap()
            .expect("registrado");
        let pagina = a
            .get(&format!("/verificar?codigo={}", emitido.codigo), None)
            .await;
        assert_eq!(pagina.status, StatusCode::OK);
        assert!(
            pagina.corpo.contains("Autos do processo")
                && pagina.corpo.contains("só a quem pode retirar cópia")
                && !pagina.corpo.contains("Baixar a cópia autêntica"),
            "{}",
            pagina.corpo
        );
        let copia = format!("/verificar/{}.pdf", emitido.codigo);
        assert_eq!(a.get(&copia, None).await.status, StatusCode::FORBIDDEN);
        let r = a.get(&copia, Some(&ana)).await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(r.bytes.len() as u64, emitido.tamanho);
    });
}
