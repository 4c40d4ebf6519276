//! A área do processo no mapa pela API (issue 29; CONTRACT §5): cada resposta do contrato — 200,
//! 409 pela versão velha, 428 sem `If-Match`, 403 pelo papel, 409 depois da aprovação do
//! projeto de decreto legislativo (Art. 19, § 3º), 422 pela geometria com o ponto do
//! cruzamento —, a simulação que nada grava e a avaliação que lê a versão salva.

use super::comum;

use axum::http::StatusCode;
use comum::{app, rodar, App, Sessao};
use divisa_processo::{
    Ato, Ator, Decisao, DocumentoArt15, NumerosCertificados, Orgao, Papel, Votos,
};
use divisa_registro::{ArquivoNovo, Finalidade};
use serde_json::{json, Value};

const DEMO: &str = "Ribeirãozinho–Ponte Branca";

fn api(protocolo: &str) -> String {
    format!("/api/processos/{}/area", protocolo.replace('/', "%2F"))
}

async fn put(a: &App, uri: &str, s: &Sessao, se: Option<&str>, corpo: &Value) -> comum::Resposta {
    let mut r = axum::http::Request::builder()
        .method("PUT")
        .uri(uri)
        .header(axum::http::header::COOKIE, &s.cookie)
        .header("x-csrf-token", &s.csrf)
        .header(axum::http::header::CONTENT_TYPE, "application/geo+json");
    if let Some(v) = se {
        r = r.header(axum::http::header::IF_MATCH, v);
    }
    let resposta = tower::ServiceExt::oneshot(
        a.router.clone(),
        r.body(axum::body::Body::from(corpo.to_string())).unwrap(),
    )
    .await
    .unwrap();
    let status = resposta.status();
    let headers = resposta.headers().clone();
    let bytes = axum::body::to_bytes(resposta.into_body(), usize::MAX)
        .await
        .unwrap();
    comum::Resposta {
        status,
        headers,
        corpo: String::from_utf8_lossy(&bytes).into_owned(),
        bytes: bytes.to_vec(),
    }
}

/// A área em vigor com um vértice do meio empurrado para dentro de Ribeirãozinho (a faixa fica
/// um pouco maior) e o motivo.
fn com_vertice_movido(atual: &Value, motivo: &str) -> Value {
    let mut f = atual.clone();
    let anel = f["geometry"]["coordinates"][0].as_array_mut().unwrap();
    let i = anel.len() / 2;
    let (x, y) = (anel[i][0].as_f64().unwrap(), anel[i][1].as_f64().unwrap());
    anel[i] = json!([x, y + 0.002]);
    f["properties"] = json!({"motivo": motivo});
    f
}

#[test]
fn contrato_par5_get_put_200_versao_velha_409_sem_if_match_428_e_as_versoes_com_nome_e_cargo() {
    rodar(async {
        let a = app("area-contrato").await;
        let p = a.protocolo(DEMO).await;
        let carla = a.entrar("carla").await;
        let r = a.get(&api(&p), Some(&carla)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert_eq!(r.headers.get("etag").unwrap(), "\"v1\"");
        let atual = r.json();
        assert_eq!(atual["properties"]["versao"], 1);
        let area_antes = atual["properties"]["area_km2"].as_f64().unwrap();

        let nova = com_vertice_movido(&atual, "a estrada vicinal fica com Ponte Branca");
        // sem If-Match: 428, nada gravado
        let r = put(&a, &api(&p), &carla, None, &nova).await;
        assert_eq!(r.status, StatusCode::PRECONDITION_REQUIRED, "{}", r.corpo);
        assert!(r.json()["erro"].as_str().unwrap().contains("If-Match"));
        // sem motivo: 422, que diz o campo
        let mut sem_motivo = nova.clone();
        sem_motivo["properties"] = json!({});
        let r = put(&a, &api(&p), &carla, Some("\"v1\""), &sem_motivo).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert_eq!(r.json()["campo"], "properties.motivo");

        // sobre a versão em vigor: 200, versão 2, os achados com a área nova
        let r = put(&a, &api(&p), &carla, Some("\"v1\""), &nova).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let j = r.json();
        assert_eq!(j["versao"], 2);
        assert_eq!(r.headers.get("etag").unwrap(), "\"v2\"");
        let area_depois = j["area_km2"].as_f64().unwrap();
        assert!(
            (area_depois - area_antes).abs() > 1e-3,
            "{area_depois} ≠ {area_antes}"
        );
        assert!(
            j["achados"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["artigo"] == "Art. 8º, § 2º"),
            "{j}"
        );

        // o segundo editor, sobre a mesma versão 1: 409, que diz o que mudou
        let bruno = a.entrar("bruno").await;
        let outra = com_vertice_movido(&atual, "outra proposta de linha");
        let r = put(&a, &api(&p), &bruno, Some("\"v1\""), &outra).await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.corpo);
        let erro = r.json()["erro"].as_str().unwrap().to_owned();
        for trecho in [
            "versão em vigor é a 2",
            "Carla Servidora",
            "a estrada vicinal fica com Ponte Branca",
        ] {
            assert!(erro.contains(trecho), "«{trecho}» em {erro}");
        }
        assert!(!erro.contains("carla"), "a pessoa, não a conta: {erro}");

        // as versões, com nome e cargo, o motivo, a área e os vértices
        let r = a.get(&format!("{}/versoes", api(&p)), Some(&carla)).await;
        let v = r.json();
        let v = v.as_array().unwrap();
        assert_eq!(v.len(), 2, "{v:?}");
        assert_eq!(v[0]["versao"], 1);
        assert_eq!(v[0]["desenhada_no_mapa"], false);
        assert_eq!(v[1]["autor"], "Carla Servidora (demonstração)");
        assert_eq!(v[1]["cargo"], "Servidor(a) da Assembleia Legislativa");
        assert_eq!(v[1]["motivo"], "a estrada vicinal fica com Ponte Branca");
        assert_eq!(v[1]["vertices"], 43);
        assert!(!r.corpo.contains("\"carla\""), "{}", r.corpo);

        // a versão 1 continua nos autos, e a diferença diz o que se ganhou e perdeu
        let r = a.get(&format!("{}/versoes/1", api(&p)), Some(&carla)).await;
        assert_eq!(r.status, StatusCode::OK);
        assert_eq!(r.json()["properties"]["versao"], 1);
        let r = a
            .get(&format!("{}/versoes/1/diferenca", api(&p)), Some(&carla))
            .await;
        let d = r.json();
        let papel = |nome: &str| {
            d["features"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["properties"]["papel"] == nome)
                .unwrap()
                .clone()
        };
        let (ganho, perda) = (papel("ganho"), papel("perda"));
        let km2 = |f: &Value| f["properties"]["area_km2"].as_f64().unwrap();
        assert!(
            ((area_depois - area_antes) - (km2(&ganho) - km2(&perda))).abs() < 1e-4,
            "ganho ({}) − perda ({}) = a diferença das áreas ({area_depois} − {area_antes})",
            km2(&ganho),
            km2(&perda)
        );
        assert!(km2(&ganho) + km2(&perda) > 0.0);
        for f in [&ganho, &perda] {
            let t = f["properties"]["texto"].as_str().unwrap();
            assert!(t.ends_with("em relação à versão 1"), "{t}");
        }
        assert!(papel("versao")["geometry"]["type"] == "Polygon");

        // o evento nos autos: o ato alterar_area com o arquivo, a área antes e depois
        let autos = a.registro.carregar(&p).await.unwrap();
        let e = autos.eventos.last().unwrap();
        match &e.ato {
            Ato::AlterarArea {
                versao,
                arquivo,
                area_antes_m2,
                area_m2,
                vertices_antes,
                vertices,
                ..
            } => {
                assert_eq!((*versao, arquivo.as_str()), (2, "area-v2.geojson"));
                assert_eq!(e.anexos[0].nome, "area-v2.geojson");
                assert_ne!(area_antes_m2.unwrap(), *area_m2);
                assert_eq!((*vertices_antes, *vertices), (Some(43), 43));
            }
            outro => panic!("{outro:?}"),
        }
    });
}

#[test]
fn art2_par2_quem_altera_a_area_comissao_e_cartografia_403_para_os_outros() {
    rodar(async {
        let a = app("area-papeis").await;
        let p = a.protocolo(DEMO).await;
        let carla = a.entrar("carla").await;
        let atual = a.get(&api(&p), Some(&carla)).await.json();
        // não podem: o representante da comunidade, o deputado que não é membro, outro órgão
        for login in ["comunidade", "dep.joao", "fazenda", "tre"] {
            let s = a.entrar(login).await;
            let r = put(
                &a,
                &api(&p),
                &s,
                Some("\"v1\""),
                &com_vertice_movido(&atual, "x"),
            )
            .await;
            assert_eq!(r.status, StatusCode::FORBIDDEN, "{login}: {}", r.corpo);
            if login == "dep.joao" {
                // o deputado tem vista dos autos (Art. 22) e experimenta linhas para negociar:
                // a simulação nada grava e é dele também; salvar, não
                let r = a
                    .post_json(&format!("{}/simular", api(&p)), Some(&s), atual.clone())
                    .await;
                assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
                continue;
            }
            let r = a
                .pedir(
                    "POST",
                    &format!("{}/simular", api(&p)),
                    Some(&s),
                    Some("application/json"),
                    atual.to_string(),
                    true,
                )
                .await;
            assert_eq!(
                r.status,
                StatusCode::FORBIDDEN,
                "{login} não simula: {}",
                r.corpo
            );
        }
        // o público nem entra
        let r = a.get(&api(&p), None).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
        // podem: o órgão de cartografia e os membros
        let s = a.entrar("cartografia").await;
        let r = put(
            &a,
            &api(&p),
            &s,
            Some("\"v1\""),
            &com_vertice_movido(&atual, "certificada"),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let s = a.entrar("bruno").await;
        let v2 = a.get(&api(&p), Some(&s)).await.json();
        let r = put(
            &a,
            &api(&p),
            &s,
            Some("\"v2\""),
            &com_vertice_movido(&v2, "emenda"),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        // sem o token CSRF no cabeçalho, nada feito
        let r = a
            .pedir(
                "PUT",
                &api(&p),
                Some(&s),
                Some("application/json"),
                v2.to_string(),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
    });
}

#[test]
fn area_invalida_422_diz_onde_e_nada_grava() {
    rodar(async {
        let a = app("area-invalida").await;
        let p = a.protocolo(DEMO).await;
        let carla = a.entrar("carla").await;
        let antes = a.registro.carregar(&p).await.unwrap().eventos.len();
        // uma gravata: os lados se cruzam em (-52,855, -16,615)
        let gravata = json!({"type": "Feature", "properties": {"motivo": "teste"}, "geometry": {"type": "Polygon", "coordinates": [[
            [-52.86, -16.62], [-52.85, -16.61], [-52.85, -16.62], [-52.86, -16.61], [-52.86, -16.62]
        ]]}});
        let r = put(&a, &api(&p), &carla, Some("\"v1\""), &gravata).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        let j = r.json();
        assert!(
            j["erro"].as_str().unwrap().contains("os lados se cruzam"),
            "{j}"
        );
        let ponto = &j["pontos"][0];
        assert!((ponto[0].as_f64().unwrap() + 52.855).abs() < 1e-6, "{j}");
        assert!((ponto[1].as_f64().unwrap() + 16.615).abs() < 1e-6, "{j}");
        // a simulação diz o mesmo
        let r = a
            .post_json(
                &format!("{}/simular", api(&p)),
                Some(&carla),
                gravata.clone(),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(r.json()["pontos"].as_array().unwrap().len(), 1);
        // fora de Mato Grosso, área nula, coordenadas que não são números, JSON quebrado
        for (corpo, espera) in [
            (
                json!({"type": "Polygon", "coordinates": [[[-47.9, -15.8], [-47.8, -15.8], [-47.8, -15.7], [-47.9, -15.8]]]}),
                "Mato Grosso",
            ),
            (
                json!({"type": "Polygon", "coordinates": [[[-52.86, -16.62], [-52.85, -16.62], [-52.84, -16.62], [-52.86, -16.62]]]}),
                "espinho (o limite vai e volta pelo mesmo caminho)",
            ),
            (
                json!({"type": "Polygon", "coordinates": [[["a", -16.62], [-52.85, -16.62], [-52.84, -16.61], ["a", -16.62]]]}),
                "vértice 1",
            ),
        ] {
            let mut f = json!({"type": "Feature", "properties": {"motivo": "teste"}});
            f["geometry"] = corpo;
            let r = put(&a, &api(&p), &carla, Some("\"v1\""), &f).await;
            assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
            let erro = r.json()["erro"].as_str().unwrap().to_owned();
            assert!(erro.contains(espera), "{erro}");
            // a mensagem fala da área, não de um arquivo interno
            assert!(erro.starts_with("A área"), "{erro}");
        }
        let r = a
            .pedir(
                "POST",
                &format!("{}/simular", api(&p)),
                Some(&carla),
                Some("application/json"),
                "{\"type\": \"Polygon\", \"coordinates\": [[",
                true,
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            r.json()["erro"].as_str().unwrap().contains("JSON"),
            "{}",
            r.corpo
        );
        // um corpo acima do limite de envio: 413, em português
        let grande = format!(
            "{{\"type\": \"Polygon\", \"coordinates\": [[{}]]}}",
            "[-52.86, -16.62],".repeat(divisa_web::LIMITE_DE_ENVIO / 16)
        );
        let r = a
            .pedir(
                "POST",
                &format!("{}/simular", api(&p)),
                Some(&carla),
                Some("application/json"),
                grande,
                true,
            )
            .await;
        assert_eq!(
            r.status,
            StatusCode::PAYLOAD_TOO_LARGE,
            "{}",
            &r.corpo[..r.corpo.len().min(300)]
        );
        assert!(
            r.corpo.contains("MB") || r.corpo.contains("grande"),
            "{}",
            r.corpo
        );
        assert_eq!(
            a.registro.carregar(&p).await.unwrap().eventos.len(),
            antes,
            "nada gravado"
        );
    });
}

#[test]
fn simular_nada_grava_e_diz_o_que_mudou_desde_a_versao_salva() {
    rodar(async {
        let a = app("area-simular").await;
        let p = a.protocolo(DEMO).await;
        let carla = a.entrar("carla").await;
        let atual = a.get(&api(&p), Some(&carla)).await.json();
        let antes = a.registro.carregar(&p).await.unwrap().eventos.len();
        // a mesma área: nenhum achado muda
        let r = a
            .post_json(&format!("{}/simular", api(&p)), Some(&carla), atual.clone())
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let j = r.json();
        assert_eq!(j["mudancas"], 0, "{j}");
        assert_eq!(j["area_texto"], "2,33 km²");
        // o FPM, com a base e o fundo ditos (estimativa rotulada)
        eprintln!("FPM: {}", j["fpm"]);
        assert!(
            j["fpm"]["nota"].as_str().unwrap().contains("FPM"),
            "{}",
            j["fpm"]
        );
        assert!(j["linhas"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["rotulo"] == "Art. 8º, § 2º"
                && l["texto"].as_str().unwrap().contains("(limite: ")));
        // uma área que avança sobre Ponte Branca: território fora do cedente (Art. 8º, § 1º)
        let mut fora = atual.clone();
        for c in fora["geometry"]["coordinates"][0].as_array_mut().unwrap() {
            c[1] = json!(c[1].as_f64().unwrap() + 0.03);
        }
        let r = a
            .post_json(&format!("{}/simular", api(&p)), Some(&carla), fora)
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let j = r.json();
        assert!(j["mudancas"].as_u64().unwrap() >= 1, "{j}");
        assert!(
            j["achados"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["mudou"] == true && x["antes"] == "atende"),
            "{j}"
        );
        assert_eq!(
            a.registro.carregar(&p).await.unwrap().eventos.len(),
            antes,
            "a simulação não grava"
        );
    });
}

/// Registra um ato hoje, pelo registro (o que a página faria), sobre a versão atual do processo.
async fn registrar(a: &App, p: &str, ator: Ator, ato: Ato) {
    let versao = a.registro.carregar(p).await.unwrap().processo.versao;
    let tipo = ato.tipo();
    a.registro
        .anexar(
            p,
            versao,
            &ator,
            ato,
            divisa_registro::hoje_em_cuiaba(jiff::Timestamp::now()),
            jiff::Timestamp::now(),
        )
        .await
        .unwrap_or_else(|e| panic!("{tipo}: {e}"));
}

fn votos() -> Votos {
    Votos {
        sim: 4,
        nao: 1,
        abstencoes: 0,
        relator: None,
        nominais: Vec::new(),
    }
}

/// O processo de demonstração levado pelo rito até o projeto de decreto em tramitação.
async fn ate_o_decreto(a: &App, p: &str) {
    let presidente = Ator::new("ana", Papel::Presidente);
    let membro = Ator::new("bruno", Papel::Membro);
    let servidor = Ator::new("carla", Papel::Servidor);
    let hoje = divisa_registro::hoje_em_cuiaba(jiff::Timestamp::now());
    let certidao = |o: Orgao| {
        let mut dados = NumerosCertificados::default();
        match o {
            Orgao::Cartografia => {
                dados.populacao = Some(300);
                dados.area_km2 = Some(2.33);
            }
            _ => dados.eleitores = Some(120),
        }
        Ato::EmitirCertidao {
            orgao: o,
            numero: format!("{}/2026", o.codigo()),
            conteudo: String::new(),
            dados,
            signatario: "Fulana de Tal, diretora".into(),
        }
    };
    // os documentos do Art. 15 que a representação de demonstração não trouxe (a visita é
    // «de posse da representação e dos documentos», Art. 17)
    let faltam: Vec<DocumentoArt15> = {
        let autos = a.registro.carregar(p).await.unwrap();
        DocumentoArt15::TODOS
            .into_iter()
            .filter(|d| !autos.processo.documentos.contains(d))
            .collect()
    };
    for d in faltam {
        let versao = a.registro.carregar(p).await.unwrap().processo.versao;
        a.registro
            .anexar_com_arquivos(
                p,
                versao,
                &servidor,
                Ato::JuntarDocumento {
                    art15: Some(d),
                    descricao: d.nome().into(),
                },
                &[ArquivoNovo::da_representacao(
                    format!("{}.txt", d.codigo()),
                    b"documento\n".to_vec(),
                    Finalidade::Ato,
                    Some(d),
                )],
                hoje,
                jiff::Timestamp::now(),
            )
            .await
            .unwrap();
    }
    let mut atos: Vec<(Ator, Ato)> = vec![
        (
            presidente.clone(),
            Ato::Divulgar {
                publicacao: "DOALMT nº 1.234".into(),
            },
        ),
        (
            membro.clone(),
            Ato::RegistrarVisita {
                local: "Ribeirãozinho".into(),
                relatorio: "Relatório circunstanciado".into(),
            },
        ),
        (
            presidente.clone(),
            Ato::ParecerPreliminar {
                solicitar_certidoes: true,
                votos: votos(),
            },
        ),
    ];
    for o in [Orgao::Cartografia, Orgao::Tre] {
        atos.push((
            presidente.clone(),
            Ato::EnviarOficio {
                orgao: o,
                numero: format!("Of. {}", o.codigo()),
            },
        ));
        atos.push((servidor.clone(), Ato::ConfirmarRecebimento { orgao: o }));
        atos.push((
            Ator::new(
                o.codigo(),
                if o == Orgao::Tre {
                    Papel::Tre
                } else {
                    Papel::Cartografia
                },
            ),
            certidao(o),
        ));
    }
    atos.extend([
        (
            presidente.clone(),
            Ato::ParecerDeMerito {
                favoravel: true,
                votos: votos(),
                nao_atendidos: vec![],
            },
        ),
        (
            servidor.clone(),
            Ato::DeliberarPlenario {
                decisao: Decisao::Tramitar,
            },
        ),
        (servidor.clone(), Ato::ParecerCcj { aprovado: true }),
        (
            membro.clone(),
            Ato::ApresentarProjetoDecreto {
                numero: "PDL 1/2026".into(),
            },
        ),
    ]);
    for (ator, ato) in atos {
        registrar(a, p, ator, ato).await;
    }
}

#[test]
fn art19_par3_area_alterada_ate_a_aprovacao_do_decreto_e_depois_409() {
    rodar(async {
        let a = app("area-decreto").await;
        let p = a.protocolo(DEMO).await;
        ate_o_decreto(&a, &p).await;
        let carla = a.entrar("carla").await;
        let atual = a.get(&api(&p), Some(&carla)).await.json();
        // com o projeto em tramitação, a linha muda por emenda: sem ela, 409 que diz o que fazer
        let r = put(
            &a,
            &api(&p),
            &carla,
            Some("\"v1\""),
            &com_vertice_movido(&atual, "sem emenda"),
        )
        .await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.corpo);
        assert!(r.json()["erro"]
            .as_str()
            .unwrap()
            .contains("registre antes a emenda"));
        registrar(
            &a,
            &p,
            Ator::new("dep.joao", Papel::Deputado),
            Ato::EmendarDivisas {
                descricao: "o canto segue a estrada vicinal".into(),
            },
        )
        .await;
        // apresentada a emenda, a Comissão a leva ao mapa
        let r = put(
            &a,
            &api(&p),
            &carla,
            Some("\"v1\""),
            &com_vertice_movido(&atual, "emenda acolhida"),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        registrar(
            &a,
            &p,
            Ator::new("carla", Papel::Servidor),
            Ato::VotarDecreto { aprovado: true },
        )
        .await;
        let v2 = a.get(&api(&p), Some(&carla)).await.json();
        let r = put(
            &a,
            &api(&p),
            &carla,
            Some("\"v2\""),
            &com_vertice_movido(&v2, "tarde demais"),
        )
        .await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.corpo);
        let j = r.json();
        assert_eq!(j["artigo"], "Art. 19, § 3º");
        assert!(j["erro"]
            .as_str()
            .unwrap()
            .contains("até a aprovação do projeto de decreto legislativo"));
        // a página não oferece mais o editor e diz por quê
        let pagina = a.get(&comum::caminho(&p), Some(&carla)).await;
        assert!(!pagina.corpo.contains("id=\"editor-da-area\""));
        assert!(
            pagina.corpo.contains("id=\"area-travada\""),
            "{}",
            pagina.corpo
        );
        assert!(pagina.corpo.contains("Art. 19, § 3º"));
    });
}

#[test]
fn a_avaliacao_dos_autos_le_a_versao_salva() {
    rodar(async {
        let a = app("area-avaliacao").await;
        let p = a.protocolo(DEMO).await;
        let carla = a.entrar("carla").await;
        let atual = a.get(&api(&p), Some(&carla)).await.json();
        let r = put(
            &a,
            &api(&p),
            &carla,
            Some("\"v1\""),
            &com_vertice_movido(&atual, "linha nova"),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let area_nova = r.json()["area_km2"].as_f64().unwrap();
        let r = a
            .get(
                &format!("/api/processos/{}/relatorio", p.replace('/', "%2F")),
                Some(&carla),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let esperado = divisa_referencia::formato::km2(area_nova);
        assert!(
            r.corpo.contains("area-v2.geojson") || r.corpo.contains(&esperado),
            "o relatório lê a versão 2 ({esperado}): {}",
            r.corpo
        );
        // o caso de uso que a linha de comando (`divisa processo avaliar`), a página e os
        // documentos chamam lê a versão 2; o memorial descritivo sai dela, vértice a vértice
        let hoje = divisa_registro::hoje_em_cuiaba(jiff::Timestamp::now());
        let avaliados =
            divisa_autos::avaliar(&a.registro, &p, &Ator::new("carla", Papel::Servidor), hoje)
                .await
                .unwrap();
        let t = avaliados.proposta.territorio.as_ref().unwrap();
        assert_eq!(t.arquivo, "area-v2.geojson");
        let (area_m2, _) = divisa_avaliacao::area::medir(&t.poligonos);
        assert!((area_m2 as f64 / 1e6 - area_nova).abs() < 1e-6);
        let (memorial, _) =
            divisa_avaliacao::territorio::memorial_com_confrontantes(&t.poligonos).unwrap();
        let anel = atual["geometry"]["coordinates"][0].as_array().unwrap();
        let movido = &anel[anel.len() / 2];
        let (x, y) = (
            movido[0].as_f64().unwrap(),
            movido[1].as_f64().unwrap() + 0.002,
        );
        assert!(
            memorial.territorio.0[0]
                .exterior()
                .0
                .iter()
                .any(|c| c.x == x && c.y == y),
            "o vértice movido está no memorial"
        );
        assert!((memorial.medida.area_m2 / 1e6 - area_nova).abs() < 1e-6);
        assert!(
            avaliados
                .procedencia
                .iter()
                .any(|n| n.contains("a área desenhada no mapa no ato")
                    && n.contains("(versão 2 de 2;")),
            "{:?}",
            avaliados.procedencia
        );

        // a página do processo diz a versão em vigor, por quem e por quê
        let pagina = a.get(&comum::caminho(&p), Some(&carla)).await;
        assert!(
            pagina.corpo.contains("Área em vigor: versão 2"),
            "{}",
            pagina.corpo
        );
        assert!(pagina.corpo.contains("linha nova"));
        assert!(pagina.corpo.contains("data-editar=\"1\""));
        // o órgão de cartografia edita sobre a versão em vigor, mesmo vinda de um ato interno
        // da Comissão que ele não vê na linha do tempo
        let cartografia = a.entrar("cartografia").await;
        let pagina = a.get(&comum::caminho(&p), Some(&cartografia)).await;
        assert_eq!(pagina.status, StatusCode::OK);
        assert!(
            pagina.corpo.contains("data-versao=\"2\""),
            "{}",
            pagina.corpo
        );
        assert!(pagina.corpo.contains("data-editar=\"1\""));
        // o representante da comunidade vê a página sem o editor, e o mapa com a linha em vigor
        let comunidade = a.entrar("comunidade").await;
        let mapa = a
            .get(
                &format!("/api/processos/{}/mapa.geojson", p.replace('/', "%2F")),
                Some(&comunidade),
            )
            .await
            .json();
        let area_no_mapa = mapa["features"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["properties"]["papel"] == "area")
            .unwrap();
        let tem = |c: &Value| {
            c.as_array().unwrap().iter().any(|v| {
                (v[0].as_f64().unwrap() - x).abs() < 1e-6
                    && (v[1].as_f64().unwrap() - y).abs() < 1e-6
            })
        };
        assert_eq!(area_no_mapa["geometry"]["type"], "MultiPolygon");
        assert!(
            tem(&area_no_mapa["geometry"]["coordinates"][0][0]),
            "o mapa mostra a versão 2: {}",
            area_no_mapa["geometry"]
        );
        let pagina = a.get(&comum::caminho(&p), Some(&comunidade)).await;
        assert_eq!(pagina.status, StatusCode::OK);
        assert!(!pagina.corpo.contains("data-editar"));
        assert!(!pagina.corpo.contains("editor-da-area"));
    });
}

#[test]
fn trecho_da_divisa_e_coordenadas_digitadas() {
    rodar(async {
        let a = app("area-ajudas").await;
        let carla = a.entrar("carla").await;
        // dois pontos sobre a divisa Ribeirãozinho–Ponte Branca (vértices da área de exemplo,
        // tirados do anel de Ribeirãozinho na Malha 2022)
        let r = a
            .get(
                "/api/malha/trecho?de=-52.865749,-16.617093&ate=-52.850896,-16.614172",
                Some(&carla),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let j = r.json();
        let n = j["geometry"]["coordinates"].as_array().unwrap().len();
        assert!(n >= 10, "o trecho segue os vértices da divisa: {n}");
        let texto = j["properties"]["texto"].as_str().unwrap();
        assert!(
            texto.contains("Ribeirãozinho") && texto.contains("Ponte Branca"),
            "{texto}"
        );
        let r = a
            .get("/api/malha/trecho?de=-52.0,-16.0&ate=abc", Some(&carla))
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(r.json()["campo"], "ate");

        let r = a
            .post_json(
                "/api/coordenadas",
                Some(&carla),
                json!({"texto": "-16,617 -52,866\n-16,614 -52,851\n-16,625 -52,851\n", "sistema": "graus"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert_eq!(
            r.json()["geometry"]["coordinates"][0]
                .as_array()
                .unwrap()
                .len(),
            4
        );
        let r = a
            .post_json(
                "/api/coordenadas",
                Some(&carla),
                json!({"texto": "-16,617 -52,866\nnorte 8\n-16,625 -52,851\n", "sistema": "graus"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            r.json()["erro"].as_str().unwrap().starts_with("linha 2:"),
            "{}",
            r.corpo
        );
    });
}

/// Art. 19, § 3º (e a issue 29): desenhada a primeira área no mapa, a linha só muda no mapa —
/// a proposta juntada de novo com o arquivo antigo é documento dos autos, não versão, e não
/// desfaz a linha da Comissão; a numeração das versões só cresce.
#[test]
fn art19_par3_desenhada_a_linha_a_proposta_juntada_de_novo_nao_a_desfaz() {
    rodar(async {
        let a = app("area-rejuntada").await;
        let p = a.protocolo(DEMO).await;
        let carla = a.entrar("carla").await;
        let atual = a.get(&api(&p), Some(&carla)).await.json();
        let r = put(
            &a,
            &api(&p),
            &carla,
            Some("\"v1\""),
            &com_vertice_movido(&atual, "linha da Comissão"),
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        // a comunidade junta de novo a proposta com o mapa de antes
        let autos = a.registro.carregar(&p).await.unwrap();
        let proposta = autos.processo.proposta.clone().unwrap();
        a.registro
            .anexar_com_arquivos(
                &p,
                autos.processo.versao,
                &Ator::new("comunidade", Papel::Representante),
                Ato::AnexarProposta { proposta },
                &[ArquivoNovo::do_territorio(
                    "area_ribeiraozinho.geojson",
                    include_bytes!("../../../../exemplos/area_ribeiraozinho.geojson").to_vec(),
                )],
                divisa_registro::hoje_em_cuiaba(jiff::Timestamp::now()),
                jiff::Timestamp::now(),
            )
            .await
            .unwrap();
        let v = a
            .get(&format!("{}/versoes", api(&p)), Some(&carla))
            .await
            .json();
        assert_eq!(v.as_array().unwrap().len(), 2, "nenhuma versão nova: {v}");
        let r = a.get(&api(&p), Some(&carla)).await;
        assert_eq!(r.headers.get("etag").unwrap(), "\"v2\"");
        assert_eq!(r.json()["properties"]["arquivo"], "area-v2.geojson");
        let hoje = divisa_registro::hoje_em_cuiaba(jiff::Timestamp::now());
        let avaliados =
            divisa_autos::avaliar(&a.registro, &p, &Ator::new("carla", Papel::Servidor), hoje)
                .await
                .unwrap();
        assert_eq!(
            avaliados.proposta.territorio.as_ref().unwrap().arquivo,
            "area-v2.geojson",
            "a lei avalia a linha da Comissão"
        );
    });
}

/// Art. 2º, § 2º: a certidão certifica os números de uma linha. Alterada a área no mapa, os
/// números certificados antes não valem para a linha nova: o achado diz que a certidão é da
/// área anterior e volta ao número da representação, pendente.
#[test]
fn art2_par2_a_certidao_de_antes_da_area_alterada_nao_vale_para_a_linha_nova() {
    rodar(async {
        use geo::InteriorPoint;
        let a = app("area-certidao").await;
        let p = a.protocolo("Espigão").await;
        let hoje = divisa_registro::hoje_em_cuiaba(jiff::Timestamp::now());
        let dados = NumerosCertificados {
            populacao: Some(5_321),
            ..Default::default()
        };
        registrar(
            &a,
            &p,
            Ator::new("cartografia", Papel::Cartografia),
            Ato::EmitirCertidao {
                orgao: Orgao::Cartografia,
                numero: "77/2026".into(),
                conteudo: String::new(),
                dados,
                signatario: "Fulana de Tal, diretora".into(),
            },
        )
        .await;
        let ator = Ator::new("carla", Papel::Servidor);
        let antes = divisa_autos::avaliar(&a.registro, &p, &ator, hoje)
            .await
            .unwrap();
        assert!(
            antes.procedencia.iter().any(|n| n.contains("77/2026")),
            "{:?}",
            antes.procedencia
        );
        assert_eq!(
            antes.proposta.fatos.novo.as_ref().unwrap().dados.populacao,
            Some(5_321)
        );
        // a área desenhada dentro do município de origem (o processo não tinha área: "v0")
        let origem = divisa_referencia::malha::poligono(5107859)
            .unwrap()
            .unwrap();
        let c = origem.interior_point().unwrap();
        let (x, y) = (c.x(), c.y());
        let quadrado = json!({"type": "Feature", "properties": {"motivo": "a área da nova sede"},
        "geometry": {"type": "Polygon", "coordinates": [[
            [x - 0.01, y - 0.01], [x + 0.01, y - 0.01], [x + 0.01, y + 0.01], [x - 0.01, y + 0.01], [x - 0.01, y - 0.01]
        ]]}});
        let carla = a.entrar("carla").await;
        let r = put(&a, &api(&p), &carla, Some("\"v0\""), &quadrado).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let depois = divisa_autos::avaliar(&a.registro, &p, &ator, hoje)
            .await
            .unwrap();
        assert!(
            depois
                .procedencia
                .iter()
                .any(|n| n.contains("77/2026") && n.contains("certificou a área anterior")),
            "{:?}",
            depois.procedencia
        );
        assert_ne!(
            depois.proposta.fatos.novo.as_ref().unwrap().dados.populacao,
            Some(5_321),
            "o número certificado para outra linha não vale"
        );
    });
}
