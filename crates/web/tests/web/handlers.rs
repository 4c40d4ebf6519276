//! A aplicação web chamada sem rede: cada papel diante de cada rota (Arts. 14, 16, 21 a 23),
//! CSRF, injeção de script e de SQL, limite de tentativas de login, a API e os seus erros.

use super::comum;

use axum::http::StatusCode;
use comum::{app, app_no_instante, caminho, rodar, App, Sessao};
use divisa_processo::Papel;
use serde_json::json;

/// Os logins de demonstração por papel (`None` = o público, sem conta).
fn login(papel: Papel) -> Option<&'static str> {
    divisa_web::semente::CONTAS
        .iter()
        .find(|(_, _, p)| *p == papel)
        .map(|(l, _, _)| *l)
}

async fn sessao(a: &App, papel: Papel) -> Option<Sessao> {
    match login(papel) {
        Some(l) => Some(a.entrar(l).await),
        None => None,
    }
}

use Papel::*;

/// Quem vê tudo (Art. 22: deputados na sala; Art. 23: servidores).
const COMPLETO: [Papel; 4] = [Presidente, Membro, Deputado, Servidor];
/// Quem protocola (Art. 14, parágrafo único).
const PROTOCOLA: [Papel; 5] = [Presidente, Membro, Deputado, Servidor, Representante];

#[test]
fn cada_papel_diante_de_cada_rota_arts_14_16_22_23() {
    rodar(async {
        let a = app("papeis").await;
        let criacao = a.protocolo("Espigão").await;
        for papel in Papel::TODOS {
            let s = sessao(&a, papel).await;
            let s = s.as_ref();
            let anonimo = s.is_none();
            let esperado = |permitido: bool, negado: StatusCode| {
                if permitido {
                    StatusCode::OK
                } else if anonimo {
                    StatusCode::UNAUTHORIZED
                } else {
                    negado
                }
            };
            // públicas (Art. 16)
            for uri in [
                "/publico",
                "/lei",
                "/municipios",
                "/municipios/5107859",
                "/avaliar",
                "/api/processos",
                "/api/lei",
                "/api/openapi.json",
                "/api/malha.geojson",
                "/api/municipios/5107859",
            ] {
                assert_eq!(
                    a.get(uri, s).await.status,
                    StatusCode::OK,
                    "{papel:?} {uri}"
                );
            }
            let r = a.get(&caminho(&criacao), s).await;
            assert_eq!(r.status, StatusCode::OK, "{papel:?} página do processo");
            // a proposta traz títulos de eleitor: só quem tem vista completa os vê
            let titulo = "389119531899";
            let api = a.get(&format!("/api{}", caminho(&criacao)), s).await;
            assert_eq!(api.status, StatusCode::OK);
            assert_eq!(
                api.json()["completo"].as_bool(),
                Some(COMPLETO.contains(&papel)),
                "{papel:?}"
            );
            assert!(
                !r.corpo.contains(titulo) && !api.corpo.contains(titulo),
                "{papel:?} vê título de eleitor"
            );
            let rel = a
                .get(&format!("/api{}/relatorio", caminho(&criacao)), s)
                .await;
            assert_eq!(
                rel.status,
                if COMPLETO.contains(&papel) {
                    StatusCode::OK
                } else {
                    StatusCode::FORBIDDEN
                },
                "{papel:?} relatório: {}",
                rel.corpo
            );
            // painel: o público vai ao portal
            let painel = a.get("/", s).await;
            assert_eq!(
                painel.status,
                if anonimo {
                    StatusCode::SEE_OTHER
                } else {
                    StatusCode::OK
                },
                "{papel:?} painel"
            );
            // nova representação (Art. 14); a página, sem sessão, leva à entrada e volta
            let novo = a.get("/processos/novo", s).await;
            assert_eq!(
                novo.status,
                if anonimo {
                    StatusCode::SEE_OTHER
                } else {
                    esperado(PROTOCOLA.contains(&papel), StatusCode::FORBIDDEN)
                },
                "{papel:?} nova representação"
            );
            // alertas: a Comissão e a Casa
            let alertas = a.get("/api/alertas", s).await;
            assert_eq!(
                alertas.status,
                esperado(COMPLETO.contains(&papel), StatusCode::FORBIDDEN),
                "{papel:?} alertas"
            );
            let eu = a.get("/api/sessao", s).await;
            assert_eq!(
                eu.status,
                esperado(!anonimo, StatusCode::OK),
                "{papel:?} sessão"
            );
        }
    });
}

#[test]
fn divulgar_so_pela_comissao_art_21_e_a_pagina_so_oferece_o_que_o_papel_pode() {
    rodar(async {
        for papel in Papel::TODOS {
            let a = app("divulgar").await;
            let p = a.protocolo("Ribeirãozinho").await;
            let s = sessao(&a, papel).await;
            let pagina = a.get(&caminho(&p), s.as_ref()).await;
            let oferece = pagina.corpo.contains("name=\"tipo\" value=\"divulgar\"");
            let r = a
                .post_json(
                    &format!("/api{}/atos", caminho(&p)),
                    s.as_ref(),
                    json!({"versao": 1, "ato": {"tipo": "divulgar", "publicacao": "DOALMT nº 9"}}),
                )
                .await;
            let pode = matches!(papel, Presidente | Membro);
            assert_eq!(
                oferece, pode,
                "{papel:?}: o formulário de divulgar aparece?"
            );
            let esperado = if pode {
                StatusCode::CREATED
            } else if s.is_none() {
                StatusCode::UNAUTHORIZED
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(r.status, esperado, "{papel:?}: {}", r.corpo);
            if r.status == StatusCode::FORBIDDEN {
                assert!(
                    r.json()["artigo"].as_str().unwrap().contains("Art. 21"),
                    "{}",
                    r.corpo
                );
            }
            // o pedido de urgência nunca aparece e nunca é aceito (Art. 19)
            assert!(!pagina.corpo.contains("pedir_urgencia"));
        }
    });
}

#[test]
fn urgencia_recusada_pela_pagina_e_pela_api_art_19() {
    rodar(async {
        let a = app("urgencia").await;
        let p = a.protocolo("Ribeirãozinho").await;
        let s = a.entrar("ana").await;
        let r = a
            .post_form(
                &format!("{}/atos", caminho(&p)),
                Some(&s),
                &[
                    ("csrf", &s.csrf),
                    ("tipo", "pedir_urgencia"),
                    ("versao", "1"),
                    ("c_justificativa", "pressa"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(r.corpo.contains("Art. 19"), "{}", r.corpo);
        let r = a
            .post_json(
                &format!("/api{}/atos", caminho(&p)),
                Some(&s),
                json!({"versao": 1, "ato": {"tipo": "pedir_urgencia", "justificativa": "pressa"}}),
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.corpo);
        assert!(r.json()["artigo"].as_str().unwrap().starts_with("Art. 19"));
        assert_eq!(
            a.registro.carregar(&p).await.unwrap().processo.versao,
            1,
            "nada gravado"
        );
    });
}

#[test]
fn formulario_sem_o_token_csrf_e_recusado() {
    rodar(async {
        let a = app("csrf").await;
        let p = a.protocolo("Ribeirãozinho").await;
        let s = a.entrar("ana").await;
        let campos = |t: &'static str| {
            vec![
                ("csrf", t),
                ("tipo", "divulgar"),
                ("versao", "1"),
                ("c_publicacao", "DOALMT"),
            ]
        };
        let uri = format!("{}/atos", caminho(&p));
        // sem token, com token errado, com o token de outra sessão
        let outra = a.entrar("bruno").await;
        for t in ["", "0000", outra.csrf.as_str()] {
            let t: &'static str = Box::leak(t.to_string().into_boxed_str());
            let r = a.post_form(&uri, Some(&s), &campos(t)[..]).await;
            assert_eq!(r.status, StatusCode::FORBIDDEN, "token «{t}»");
            assert!(r.corpo.contains("CSRF"));
        }
        // API sem o cabeçalho
        let r = a
            .pedir(
                "POST",
                &format!("/api{}/atos", caminho(&p)),
                Some(&s),
                Some("application/json"),
                json!({"versao": 1, "ato": {"tipo": "divulgar", "publicacao": "x"}}).to_string(),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
        assert!(r.json()["erro"].as_str().unwrap().contains("X-CSRF-Token"));
        // login sem o cookie do formulário
        let r = a
            .post_form(
                "/entrar",
                None,
                &[("csrf", "abc"), ("login", "ana"), ("senha", "demonstracao")],
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
        // sair sem token
        let r = a.post_form("/sair", Some(&s), &[("csrf", "")]).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
        assert_eq!(
            a.registro.carregar(&p).await.unwrap().processo.versao,
            1,
            "nada gravado"
        );
        // com o token certo, entra
        let r = a
            .post_form(
                &uri,
                Some(&s),
                &campos(Box::leak(s.csrf.clone().into_boxed_str()))[..],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        assert_eq!(a.registro.carregar(&p).await.unwrap().processo.versao, 2);
    });
}

/// `POST /conta/senha` com (atual, nova, confirmação), com ou sem o token CSRF da sessão.
async fn trocar_senha(
    a: &App,
    s: &Sessao,
    [atual, nova, confirmacao]: [&str; 3],
    com_csrf: bool,
) -> comum::Resposta {
    let mut campos = vec![
        ("atual", atual),
        ("nova", nova),
        ("confirmacao", confirmacao),
    ];
    if com_csrf {
        campos.push(("csrf", s.csrf.as_str()));
    }
    a.post_form("/conta/senha", Some(s), &campos).await
}

/// A troca de senha na página da conta: a atual conferida (com o limite de tentativas), o
/// tamanho mínimo e a confirmação; depois, a senha velha não entra, a nova entra, a sessão de
/// quem trocou continua e as outras da conta saem. Sem CSRF, nada muda.
#[test]
fn troca_de_senha_pela_pagina_da_conta() {
    rodar(async {
        let a = app("conta").await;
        let r = a.get("/conta", None).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "sem conta, vai entrar");
        let ana = a.entrar("ana").await;
        let outra = a.entrar("ana").await; // outro navegador
        let r = a.get("/conta", Some(&ana)).await;
        assert_eq!(r.status, StatusCode::OK);
        assert!(r.corpo.contains("Trocar a senha") && r.corpo.contains("conta de demonstração"));
        assert!(a
            .get("/", Some(&ana))
            .await
            .corpo
            .contains("href=\"/conta\""));
        const NOVA: &str = "uma senha bem nova";
        // sem o token CSRF: recusado, nada muda
        let r = trocar_senha(&a, &ana, ["demonstracao", NOVA, NOVA], false).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
        let r = trocar_senha(&a, &ana, ["errada", NOVA, NOVA], true).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(r.corpo.contains("a senha atual não confere"));
        let r = trocar_senha(&a, &ana, ["demonstracao", "curta", "curta"], true).await;
        assert!(r.corpo.contains("ao menos 10 caracteres"), "{}", r.corpo);
        let r = trocar_senha(&a, &ana, ["demonstracao", NOVA, "outra coisa"], true).await;
        assert!(r.corpo.contains("a confirmação não é igual"));
        let entra = |senha: &'static str| {
            let a = &a;
            async move {
                a.post_json("/api/sessao", None, json!({"login": "ana", "senha": senha}))
                    .await
                    .status
            }
        };
        assert_eq!(
            entra("demonstracao").await,
            StatusCode::OK,
            "nada disso mudou a senha"
        );
        let r = trocar_senha(&a, &ana, ["demonstracao", NOVA, NOVA], true).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert!(r.corpo.contains("Senha trocada"));
        assert_eq!(
            a.get("/conta", Some(&ana)).await.status,
            StatusCode::OK,
            "quem trocou continua"
        );
        assert_eq!(
            a.get("/conta", Some(&outra)).await.status,
            StatusCode::SEE_OTHER,
            "a outra sessão saiu"
        );
        assert_eq!(entra("demonstracao").await, StatusCode::UNAUTHORIZED);
        assert_eq!(entra(NOVA).await, StatusCode::OK);
        // errar a senha atual 5 vezes bloqueia também a troca (uma sessão roubada não adivinha)
        let carla = a.entrar("carla").await;
        for _ in 0..5 {
            let r = trocar_senha(&a, &carla, ["chute", NOVA, NOVA], true).await;
            assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        }
        let r = trocar_senha(&a, &carla, ["demonstracao", NOVA, NOVA], true).await;
        assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    });
}

#[test]
fn login_pelo_formulario_cookie_httponly_samesite_e_limite_de_tentativas() {
    rodar(async {
        let a = app("login").await;
        let v = a.visitante().await;
        let r = a.get("/entrar", Some(&v)).await;
        assert!(
            r.corpo.contains("demonstração"),
            "o login avisa que há contas de demonstração"
        );
        let r = a
            .post_form(
                "/entrar",
                Some(&v),
                &[
                    ("csrf", &v.csrf),
                    ("login", "ana"),
                    ("senha", "demonstracao"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER);
        let c = r
            .cookies()
            .into_iter()
            .find(|c| c.starts_with("divisa_sessao="))
            .expect("cookie");
        assert!(
            c.contains("HttpOnly") && c.contains("SameSite=Strict"),
            "{c}"
        );
        assert!(!c.contains("Secure"), "sem TLS, sem Secure: {c}");

        // 5 falhas seguidas do mesmo endereço fazem esse endereço esperar, mesmo com a senha
        // certa (a espera cresce a cada falha; de outro endereço a conta entra: ver
        // `falhas_de_um_endereco_nao_trancam_a_conta_para_os_outros`)
        for i in 0..5 {
            let r = a
                .post_form(
                    "/entrar",
                    Some(&v),
                    &[("csrf", &v.csrf), ("login", "bruno"), ("senha", "errada")],
                )
                .await;
            assert_eq!(r.status, StatusCode::UNAUTHORIZED, "tentativa {i}");
            assert!(r.corpo.contains("não conferem"));
        }
        let r = a
            .post_form(
                "/entrar",
                Some(&v),
                &[
                    ("csrf", &v.csrf),
                    ("login", "bruno"),
                    ("senha", "demonstracao"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(r.corpo.contains("tentativas de entrada demais"));
        // outra conta continua entrando
        let r = a
            .post_json(
                "/api/sessao",
                None,
                json!({"login": "carla", "senha": "demonstracao"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK);
    });
}

#[test]
fn script_em_todo_campo_livre_volta_escapado() {
    rodar(async {
        let a = app("xss").await;
        let s = a.entrar("dep.joao").await;
        let x = "<script>alert('x')</script>\"><img src=x onerror=alert(1)>";
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                json!({"tipo": "criacao", "nome": format!("Vila {x}"), "municipios_origem": [x],
                       "representante": x, "assinaturas": 10, "documentos": ["requerimento"]}),
            )
            .await;
        // a origem não é texto livre: tem de ser município de MT (Art. 15, III)
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(
            r.corpo.contains("não é um município de Mato Grosso"),
            "{}",
            r.corpo
        );
        // Art. 15, III: a recusa vai no campo do corpo, com o nome parecido
        assert_eq!(r.json()["campo"], "municipios_origem", "{}", r.corpo);
        assert_eq!(r.json()["artigo"], "Art. 15, III", "{}", r.corpo);
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                json!({"tipo": "criacao", "nome": "Vila", "municipios_origem": ["Sorrizo"],
                       "representante": "R", "assinaturas": 10}),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(r.corpo.contains("você quis dizer Sorriso?"), "{}", r.corpo);
        // sem origem, ou a mesma duas vezes: o mesmo campo do corpo
        for origens in [json!([]), json!(["Sorriso", "sorriso"])] {
            let r = a
                .post_json(
                    "/api/processos",
                    Some(&s),
                    json!({"tipo": "criacao", "nome": "Vila", "municipios_origem": origens,
                           "representante": "R", "assinaturas": 10}),
                )
                .await;
            assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
            assert_eq!(r.json()["campo"], "municipios_origem", "{}", r.corpo);
        }
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                json!({"tipo": "criacao", "nome": format!("Vila {x}"), "municipios_origem": ["Sorriso"],
                       "representante": x, "assinaturas": 10, "documentos": ["requerimento"]}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.corpo);
        let p = r.json()["protocolo"].as_str().unwrap().to_string();
        let ana = a.entrar("ana").await;
        let r = a
            .post_json(
                &format!("/api{}/atos", caminho(&p)),
                Some(&ana),
                json!({"versao": 1, "ato": {"tipo": "divulgar", "publicacao": x}}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.corpo);
        // a mensagem de erro também ecoa a entrada: tem de vir escapada
        let erro = a
            .post_form(
                &format!("{}/atos", caminho(&p)),
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("tipo", "registrar_visita"),
                    ("versao", "2"),
                    ("c_local", x),
                    ("c_relatorio", x),
                    ("data", x),
                ],
            )
            .await;
        assert_eq!(erro.status, StatusCode::UNPROCESSABLE_ENTITY);
        for (onde, r) in [
            ("processo", a.get(&caminho(&p), Some(&ana)).await),
            ("processo público", a.get(&caminho(&p), None).await),
            ("portal", a.get("/publico", None).await),
            ("painel", a.get("/", Some(&ana)).await),
            ("erro", erro),
        ] {
            assert!(!r.corpo.contains("<script>alert"), "{onde}: script cru");
            assert!(!r.corpo.contains("<img src=x"), "{onde}: img cru");
            assert!(
                r.corpo
                    // o molde (maud) escapa & < > " — o apóstrofo fora de atributo é inofensivo
                    .contains("&lt;script&gt;alert('x')&lt;/script&gt;"),
                "{onde}: falta o texto escapado"
            );
        }
        // e nenhuma página tem script embutido: a CSP proíbe
        let r = a.get("/publico", None).await;
        let csp = r
            .headers
            .get("content-security-policy")
            .unwrap()
            .to_str()
            .unwrap();
        let scripts = csp
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("script-src"))
            .unwrap();
        assert_eq!(scripts, "script-src 'self'", "{csp}");
    });
}

#[test]
fn sql_injetado_nao_faz_nada() {
    rodar(async {
        let a = app("sql").await;
        let (processos, eventos) = a.registro.contagem().await.unwrap();
        for login in [
            "' OR '1'='1",
            "ana'--",
            "ana' OR 1=1; DROP TABLE usuarios; --",
        ] {
            let r = a
                .post_json(
                    "/api/sessao",
                    None,
                    json!({"login": login, "senha": "' OR '1'='1"}),
                )
                .await;
            assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{login}");
        }
        for p in [
            "00001.000001/2026-91' OR '1'='1",
            "x'; DROP TABLE eventos; --",
            "'; DELETE FROM processos;--",
        ] {
            let p = comum::codificar(p);
            let r = a.get(&format!("/processos/{p}"), None).await;
            assert_eq!(r.status, StatusCode::NOT_FOUND, "{p}");
            let r = a.get(&format!("/api/processos/{p}"), None).await;
            assert_eq!(r.status, StatusCode::NOT_FOUND, "{p}");
        }
        let r = a
            .get("/api/municipios/1%27%20OR%20%271%27%3D%271", None)
            .await;
        assert_eq!(r.status, StatusCode::NOT_FOUND);
        let s = a.entrar("dep.joao").await;
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                json!({"tipo": "criacao", "nome": "x'); DELETE FROM eventos; --", "municipios_origem": ["Sorriso"],
                       "representante": "Robert'); DROP TABLE processos;--", "assinaturas": 10}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.corpo);
        let (p2, e2) = a.registro.contagem().await.unwrap();
        assert_eq!(
            (p2, e2),
            (processos + 1, eventos + 1),
            "só o novo processo entrou"
        );
        assert_eq!(
            a.registro.usuarios().await.unwrap().len(),
            divisa_web::semente::CONTAS.len()
        );
        assert!(a.registro.verificar(None).await.unwrap().is_empty());
        let lista = a.registro.listar().await.unwrap();
        assert!(
            lista
                .iter()
                .any(|p| p.nome == "x'); DELETE FROM eventos; --"),
            "o texto é guardado como veio"
        );
    });
}

#[test]
fn api_avaliar_responde_o_contrato_e_erros_nomeiam_linha_e_campo() {
    rodar(async {
        let a = app("avaliar").await;
        let proposta = include_str!("../../../../exemplos/criacao.toml");
        let r = a
            .pedir(
                "POST",
                "/api/avaliar",
                None,
                Some("application/toml"),
                proposta.to_string(),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let j = r.json();
        assert!(
            j["conclusao"].is_string() && j["achados"].as_array().is_some_and(|a| !a.is_empty()),
            "{j}"
        );
        // população abaixo do mínimo do Art. 2º, I: a mudança aparece na hora
        let menor = proposta.replace("populacao = 5200", "populacao = 1400");
        assert_ne!(menor, proposta);
        let r = a
            .pedir(
                "POST",
                "/api/avaliar?formato=fragmento",
                None,
                Some("text/plain"),
                menor,
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::OK);
        assert!(
            r.corpo.contains("Art. 2º") && r.corpo.contains("nao_atende"),
            "{}",
            r.corpo
        );
        // erro: arquivo, linha e campo
        let r = a
            .pedir(
                "POST",
                "/api/avaliar",
                None,
                Some("text/plain"),
                "tipo = \"criacao\"\n[novo]\npopulacao = \"muita\"\n".to_string(),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        let j = r.json();
        assert_eq!(j["campo"], "proposta");
        assert!(j["erro"].as_str().unwrap().contains("linha"), "{j}");
        // data inválida
        let r = a
            .pedir(
                "POST",
                "/api/avaliar?em=31/12/2020",
                None,
                Some("text/plain"),
                proposta.to_string(),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(r.json()["campo"], "em");
        // ato com campo errado: o erro nomeia o campo
        let s = a.entrar("ana").await;
        let p = a.protocolo("Ribeirãozinho").await;
        let r = a
            .post_json(
                &format!("/api{}/atos", caminho(&p)),
                Some(&s),
                json!({"versao": 1, "ato": {"tipo": "divulgar", "publicaçao": "x"}}),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert_eq!(r.json()["campo"], "ato.publicaçao", "{}", r.corpo);
        assert!(
            r.json()["erro"].as_str().unwrap().contains(
                "campo desconhecido «publicaçao»; os campos aceitos aqui são: publicacao"
            ),
            "{}",
            r.corpo
        );
        // Issue 31: um valor de tipo errado no corpo JSON sai em português, com o campo — o
        // mesmo leitor do formulário e da linha de comando (não a mensagem do serde em inglês)
        let r = a
            .post_json(
                &format!("/api{}/atos", caminho(&p)),
                Some(&s),
                json!({"versao": 1, "ato": {"tipo": "parecer_ccj", "aprovado": "talvez"}}),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert_eq!(r.json()["campo"], "ato.aprovado", "{}", r.corpo);
        let erro = r.json()["erro"].as_str().unwrap().to_owned();
        assert!(erro.contains("esperava true ou false"), "{erro}");
        assert!(!erro.contains("invalid type"), "{erro}");
        // o ato que não entra pelo formulário diz por onde entra
        let r = a
            .post_json(
                &format!("/api{}/atos", caminho(&p)),
                Some(&s),
                json!({"versao": 1, "ato": {"tipo": "alterar_area", "motivo": "x"}}),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(r.corpo.contains("no mapa"), "{}", r.corpo);
        // versão velha: 409
        let r = a
            .post_json(
                &format!("/api{}/atos", caminho(&p)),
                Some(&s),
                json!({"versao": 7, "ato": {"tipo": "divulgar", "publicacao": "x"}}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.corpo);
    });
}

#[test]
fn titulos_e_nome_conferidos_ao_digitar_arts_6_e_13() {
    rodar(async {
        let a = app("validacao").await;
        let r = a
            .pedir(
                "POST",
                "/api/validacao/titulos",
                None,
                Some("text/plain"),
                "389119531899\n\n0043 5687 0907\n112139821856\n".to_string(),
                false,
            )
            .await;
        let j = r.json();
        assert_eq!(j["validos"], 2);
        assert_eq!(j["invalidos"][0]["linha"], 3, "{j}");
        let r = a.get("/api/toponimo?nome=Vila%20Brasil", None).await;
        assert_eq!(r.status, StatusCode::OK);
        assert!(r.json()["achados"].as_array().is_some_and(|a| a
            .iter()
            .any(|x| x["citacao"].as_str().unwrap().starts_with("Art. 6º"))));
    });
}

#[test]
fn nova_representacao_pelo_formulario_da_o_recibo_com_o_protocolo_art_14() {
    rodar(async {
        let a = app("novo").await;
        let s = a.entrar("comunidade").await;
        let partes: Vec<(&str, Option<&str>, &str)> = vec![
            ("csrf", None, &s.csrf),
            ("tipo", None, "criacao"),
            ("nome", None, "Vale do Sol"),
            ("origem", None, "Sorriso"),
            ("representante", None, "Maria da Silva"),
            ("titulos", None, "389119531899\n112139821856\n022919821813\n794605491848\n411704711805\n568744141848\n508933501813\n"),
            ("assinaturas", None, "0"),
            ("documento", None, "requerimento"),
            ("memorial", Some("area.geojson"), include_str!("../../../../exemplos/area_ribeiraozinho.geojson")),
            ("arquivo-justificativa", Some("justificativa.txt"), "Justificativa socioeconômica\n"),
            // Art. 6º: a pergunta de sim ou não (issue 32)
            ("pessoa_viva", None, "nao"),
        ];
        let corpo = comum::multipart;
        let tipo = comum::tipo_multipart();
        // 7 títulos: menos que as 10 assinaturas do Art. 13 — recusado com o artigo
        let r = a
            .pedir(
                "POST",
                "/processos/novo",
                Some(&s),
                Some(&tipo),
                corpo(&partes),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            r.corpo.contains("Art. 13") && r.corpo.contains("tem 7"),
            "{}",
            r.corpo
        );
        // um título inválido: a linha é nomeada
        let mut com_erro = partes.clone();
        com_erro[5].2 = "389119531899\n0043 5687 0907\n";
        let r = a
            .pedir(
                "POST",
                "/processos/novo",
                Some(&s),
                Some(&tipo),
                corpo(&com_erro),
                false,
            )
            .await;
        assert!(r.corpo.contains("linha 2"), "{}", r.corpo);
        // 10 títulos válidos: protocolado
        let mut ok = partes.clone();
        ok[5].2 = "389119531899\n112139821856\n022919821813\n794605491848\n411704711805\n568744141848\n508933501813\n";
        ok[6].2 = "10";
        ok[5].2 = "";
        let r = a
            .pedir(
                "POST",
                "/processos/novo",
                Some(&s),
                Some(&tipo),
                corpo(&ok),
                false,
            )
            .await;
        let r = seguir_ao_recibo(&a, r, &s).await;
        assert!(r.corpo.contains("RECIBO DE PROTOCOLO") && r.corpo.contains("Vale do Sol"));
        // issue 17: horas em Cuiabá, não em UTC; e o recibo em lista, não num bloco de terminal
        assert!(
            r.corpo.contains("hora de Cuiabá") && !r.corpo.contains("UTC"),
            "{}",
            r.corpo
        );
        assert!(r.corpo.contains("<dt>Protocolo nº</dt>") && !r.corpo.contains("<pre"));
        assert!(
            r.corpo.contains(
                "<dt>O nome homenageia pessoa viva (Art. 6º)</dt><dd>não, declarado</dd>"
            ),
            "a resposta do Art. 6º no recibo: {}",
            r.corpo
        );
        let p = a.protocolo("Vale do Sol").await;
        assert_eq!(
            a.registro
                .carregar(&p)
                .await
                .unwrap()
                .processo
                .nome_homenageia_pessoa_viva,
            Some(false),
            "a resposta nos autos"
        );
        assert!(r.corpo.contains(&p));
        // issue 30: o recibo traz um código curto, do mesmo formato dos documentos, que qualquer
        // pessoa confere em /verificar (sem conta), com o processo e a cadeia dele
        let codigo = regex_codigo(&r.corpo).expect("o código de verificação no recibo");
        assert!(
            !r.corpo.contains("SHA-256 do protocolo"),
            "um tipo só de código"
        );
        let v = a.get(&format!("/verificar?codigo={codigo}"), None).await;
        assert_eq!(v.status, StatusCode::OK, "{}", v.corpo);
        assert!(
            v.corpo.contains("recibo de protocolo do processo")
                && v.corpo.contains(&p)
                && v.corpo.contains("O registro do processo confere"),
            "{}",
            v.corpo
        );
        // issue 30, declarar não é juntar (Art. 15; Art. 16, parágrafo único): o requerimento
        // marcado sem arquivo fica a juntar; o memorial apresenta o inciso II, e o arquivo da
        // justificativa a apresenta mesmo sem a caixa marcada
        let recibo = r.corpo.replace("<dd>", "").replace("</dd>", "");
        assert!(
            recibo.contains("<dt>Documentos do Art. 15 apresentados com arquivo</dt>Art. 15, II — mapa e memorial descritivo do território do novo município; Art. 15, IV — justificativa socioeconômica"),
            "{}",
            r.corpo
        );
        assert!(
            recibo.contains("<dt>Declarados sem arquivo, a juntar (Art. 16, parágrafo único)</dt>Art. 15, I — requerimento"),
            "{}",
            r.corpo
        );
        let pagina = a.get(&caminho(&p), Some(&s)).await.corpo;
        assert!(
            pagina.contains("◐ Art. 15, I — requerimento com as assinaturas do Art. 13 — declarado na representação, sem arquivo"),
            "{pagina}"
        );
        // o memorial ficou guardado, com hash, e desenha a área no mapa
        let arquivos = a.registro.arquivos(&p).await.unwrap();
        assert_eq!(arquivos.len(), 1);
        assert_eq!(
            arquivos[0].finalidade,
            divisa_registro::Finalidade::Memorial
        );
        // os dois arquivos no evento do protocolo, cada um com o documento que apresenta
        let protocolo = &a.registro.carregar(&p).await.unwrap().eventos[0];
        let documentos: Vec<_> = protocolo.anexos.iter().map(|x| x.documento).collect();
        assert_eq!(
            documentos,
            vec![
                Some(divisa_processo::DocumentoArt15::MapaNovo),
                Some(divisa_processo::DocumentoArt15::Justificativa)
            ]
        );
        let mapa = a
            .get(&format!("/api{}/mapa.geojson", caminho(&p)), None)
            .await
            .json();
        // issue 32: a área proposta sobre a origem e os vizinhos dela, sem nome de arquivo
        let feicoes = mapa["features"].as_array().unwrap();
        let papel = |nome: &str| {
            feicoes
                .iter()
                .find(|f| f["properties"]["nome"] == nome)
                .map(|f| f["properties"]["papel"].clone())
        };
        assert_eq!(papel("Área proposta"), Some(json!("area")), "{mapa}");
        assert_eq!(papel("Sorriso"), Some(json!("origem")), "{mapa}");
        // Sinop e Lucas do Rio Verde fazem divisa com Sorriso (Malha 2022)
        assert_eq!(papel("Sinop"), Some(json!("vizinho")), "{mapa}");
        assert_eq!(
            papel("Lucas do Rio Verde"),
            Some(json!("vizinho")),
            "{mapa}"
        );
        assert!(!mapa.to_string().contains(".geojson"), "{mapa}");
        // órgão não protocola (Art. 14)
        let tre = a.entrar("tre").await;
        let mut pelo_tre = ok.clone();
        pelo_tre[0].2 = &tre.csrf;
        let r = a
            .pedir(
                "POST",
                "/processos/novo",
                Some(&tre),
                Some(&tipo),
                corpo(&pelo_tre),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
    });
}

#[test]
fn a_lei_em_vigor_numa_data_marca_as_emendas() {
    rodar(async {
        let a = app("lei").await;
        let hoje = a.get("/lei", None).await.corpo;
        assert!(
            hoje.contains("redação dada pela LC nº 792/2024")
                || hoje.contains("acrescentado pela LC nº 792/2024"),
            "as emendas de 2024 aparecem"
        );
        let em_1993 = a.get("/lei?em=1993-01-01", None).await.corpo;
        assert!(
            !em_1993.contains("792/2024\">")
                && !em_1993.contains("redação dada pela LC nº 792/2024")
        );
        let r = a.get("/lei?em=1980-01-01", None).await;
        assert!(r.corpo.contains("só entrou em vigor"));
        let r = a.get("/lei?em=ontem", None).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    });
}

/// O relógio mora no estado da aplicação: parado num dia, as páginas e a API dizem a lei em
/// vigor naquele dia (Art. 1º: o texto compilado com as emendas em vigor), sem olhar o relógio
/// da máquina. Em 01/06/1995 a LC nº 43/1996 ainda não existia.
#[test]
fn o_relogio_do_estado_decide_o_dia_da_lei_em_vigor() {
    rodar(async {
        let instante: jiff::Timestamp = "1995-06-01T15:00:00Z".parse().unwrap();
        let a = app_no_instante("relogio", instante).await;
        let pagina = a.get("/lei", None).await.corpo;
        assert!(
            pagina.contains("Texto compilado em vigor em <strong>01/06/1995</strong>"),
            "{pagina}"
        );
        assert!(!pagina.contains("redação dada pela LC nº 792/2024"));
        let api = a.get("/api/lei?dispositivo=art1_cpt", None).await.json();
        assert_eq!(api["em"], "1995-06-01", "{api}");
    });
}

#[test]
fn openapi_descreve_cada_rota_da_api() {
    rodar(async {
        let a = app("openapi").await;
        let j = a.get("/api/openapi.json", None).await.json();
        assert_eq!(j["openapi"], "3.1.0");
        let caminhos = j["paths"].as_object().unwrap();
        let fonte = [
            include_str!("../../src/api/mod.rs"),
            include_str!("../../src/area/mod.rs"),
        ]
        .concat();
        // `.route("/api/…"` numa linha ou, quebrada pelo rustfmt, `"/api/…",` na linha seguinte
        let rotas: Vec<&str> = fonte
            .lines()
            .filter_map(|l| {
                let l = l.trim();
                l.strip_prefix(".route(\"")
                    .or_else(|| l.strip_prefix("\"/api/").map(|_| &l[1..]))
            })
            .filter_map(|l| l.split('"').next())
            .filter(|r| r.starts_with("/api/"))
            .collect();
        assert!(rotas.len() >= 20, "{rotas:?}");
        assert!(rotas.contains(&"/api/processos/{protocolo}/area/simular"));
        for r in rotas {
            assert!(caminhos.contains_key(r), "a rota {r} falta no OpenAPI");
        }
        // cada ato com os seus campos: a certidão com os números e o signatário
        let atos = j["components"]["schemas"]["Ato"]["oneOf"]
            .as_array()
            .unwrap();
        assert!(atos.len() >= 25, "um esquema por ato: {}", atos.len());
        let certidao = atos
            .iter()
            .find(|x| x["properties"]["tipo"]["const"] == "emitir_certidao")
            .expect("emitir_certidao");
        let exigidos = certidao["required"].as_array().unwrap();
        for c in ["orgao", "numero", "dados", "signatario"] {
            assert!(exigidos.contains(&serde_json::json!(c)), "{c} obrigatório");
        }
        assert!(certidao["properties"]["dados"]["properties"]["populacao"].is_object());
        assert_eq!(
            certidao["additionalProperties"], false,
            "campo desconhecido é erro"
        );
    });
}

#[test]
fn o_orgao_certifica_o_que_e_seu_pela_pagina_art_2_par_2() {
    rodar(async {
        let a = app("certidao").await;
        let p = a.protocolo("Espigão").await;
        let tipos = |corpo: &str| -> Vec<String> {
            corpo
                .split("name=\"tipo\" value=\"")
                .skip(1)
                .filter_map(|r| r.split('"').next().map(String::from))
                .collect()
        };
        let s = a.entrar("cartografia").await;
        let pagina = a.get(&caminho(&p), Some(&s)).await;
        let oferecidos = tipos(&pagina.corpo);
        assert!(
            oferecidos.contains(&"emitir_certidao".to_string()),
            "{oferecidos:?}"
        );
        assert!(
            !oferecidos
                .iter()
                .any(|t| t == "divulgar" || t == "parecer_de_merito"),
            "{oferecidos:?}"
        );
        // O seletor de órgão da certidão só traz os órgãos para os quais o ato cabe a quem
        // olha (Art. 2º, § 2º: cada órgão certifica o que é seu; a Comissão apura o inciso V
        // pelo seu Presidente): a Cartografia vê só a si mesma, e o Presidente não vê os órgãos
        // que recusariam a certidão dele.
        let orgaos_da_certidao = |corpo: &str| -> Vec<String> {
            let Some(inicio) = corpo.find("name=\"tipo\" value=\"emitir_certidao\"") else {
                return Vec::new();
            };
            let formulario = &corpo[inicio..];
            let formulario = &formulario[..formulario.find("</form>").unwrap()];
            let select = formulario.split("name=\"c_orgao\"").nth(1).unwrap();
            let select = &select[..select.find("</select>").unwrap()];
            select
                .split("<option value=\"")
                .skip(1)
                .filter_map(|r| r.split('"').next().map(String::from))
                .collect()
        };
        assert_eq!(orgaos_da_certidao(&pagina.corpo), ["cartografia"]);
        let ana = a.entrar("ana").await;
        let da_presidente = a.get(&caminho(&p), Some(&ana)).await;
        let orgaos = orgaos_da_certidao(&da_presidente.corpo);
        assert!(
            orgaos.iter().all(|o| o == "comissao"),
            "o Presidente só apura o inciso V: {orgaos:?}"
        );
        // a Cartografia não emite a certidão do TRE (Art. 2º, § 2º)…
        let versao = a
            .registro
            .carregar(&p)
            .await
            .unwrap()
            .processo
            .versao
            .to_string();
        let r = a
            .post_form(
                &format!("{}/atos", caminho(&p)),
                Some(&s),
                &[
                    ("csrf", &s.csrf),
                    ("tipo", "emitir_certidao"),
                    ("versao", &versao),
                    ("c_orgao", "tre"),
                    ("c_numero", "1/2026"),
                    ("c_dados_eleitores", "1.300"),
                    ("c_signatario", "Rosa Campos, diretora"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(r.corpo.contains("Art. 2º, § 2º"), "{}", r.corpo);
        // …nem certifica eleitores, que são do TRE, nem número que não é número
        for (campo, valor, esperado) in [
            ("c_dados_eleitores", "1.300", "Tribunal Regional Eleitoral"),
            ("c_dados_populacao", "cinco mil", "escreva como 4.000"),
        ] {
            let r = a
                .post_form(
                    &format!("{}/atos", caminho(&p)),
                    Some(&s),
                    &[
                        ("csrf", &s.csrf),
                        ("tipo", "emitir_certidao"),
                        ("versao", &versao),
                        ("c_orgao", "cartografia"),
                        ("c_numero", "12/2026-SEPLAG"),
                        (campo, valor),
                        ("c_signatario", "Rosa Campos, diretora"),
                    ],
                )
                .await;
            assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
            assert!(r.corpo.contains(esperado), "{esperado}: {}", r.corpo);
        }
        // …e emite a sua
        let r = a
            .post_form(
                &format!("{}/atos", caminho(&p)),
                Some(&s),
                &[
                    ("csrf", &s.csrf),
                    ("tipo", "emitir_certidao"),
                    ("versao", &versao),
                    ("c_orgao", "cartografia"),
                    ("c_numero", "12/2026-SEPLAG"),
                    ("c_dados_populacao", "3.900"),
                    ("c_dados_area_km2", "850,76"),
                    ("c_signatario", "Rosa Campos, diretora"),
                    ("c_conteudo", "área e limites conferidos"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        let depois = a.get(&caminho(&p), Some(&s)).await;
        assert!(
            depois.corpo.contains("certidão 12/2026-SEPLAG"),
            "a certidão aparece na tabela"
        );
        // o que ela certifica, como dados, aparece nos autos
        assert!(
            depois.corpo.contains("população de 3.900 habitantes")
                && depois.corpo.contains("área de 850,76 km²"),
            "os números da certidão na página"
        );
        // e decide o Art. 2º, I (a representação declara 5.200): a página da Comissão e a API
        // mostram o mesmo número, com a certidão de onde veio
        let bruno = a.entrar("bruno").await;
        let pagina = a.get(&caminho(&p), Some(&bruno)).await;
        assert!(
            pagina
                .corpo
                .contains("3.900 habitantes (certidão nº 12/2026-SEPLAG"),
            "a página avalia com o número certificado"
        );
        let api = a
            .get(
                &format!("/api/processos/{}/relatorio", comum::codificar(&p)),
                Some(&bruno),
            )
            .await;
        assert_eq!(api.status, StatusCode::OK, "{}", api.corpo);
        let inc1 = api.json()["achados"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["dispositivo"] == "art2_cpt_inc1")
            .cloned()
            .unwrap();
        assert_eq!(inc1["situacao"], "nao_atende");
        assert!(inc1["apurado"]
            .as_str()
            .unwrap()
            .starts_with("3.900 habitantes (certidão nº 12/2026-SEPLAG"));
        // o TRE vê o seu prazo vencido
        let tre = a.entrar("tre").await;
        let r = a.get(&caminho(&p), Some(&tre)).await;
        assert!(
            r.corpo.contains("vencido há"),
            "o prazo do TRE aparece vencido"
        );
    });
}

#[test]
fn protocolar_e_baixar_as_assinaturas_por_papel_arts_14_22_23() {
    rodar(async {
        let a = app("assinaturas").await;
        // um processo com a lista de títulos guardada (pelo formulário)
        let dep = a.entrar("dep.joao").await;
        let corpo = comum::multipart_campos(&[("csrf", dep.csrf.as_str()), ("tipo", "criacao"), ("nome", "Vale Verde"), ("origem", "Sorriso"),
                       ("representante", "Maria"), ("titulos", "389119531899\n112139821856\n022919821813\n794605491848\n411704711805\n568744141848\n508933501813\n711472081848\n480606631830\n174889641805\n")]);
        let r = a
            .pedir(
                "POST",
                "/processos/novo",
                Some(&dep),
                Some(&comum::tipo_multipart()),
                corpo,
                false,
            )
            .await;
        seguir_ao_recibo(&a, r, &dep).await;
        let p = a.protocolo("Vale Verde").await;
        let arquivos = a.registro.arquivos(&p).await.unwrap();
        let titulos = arquivos
            .iter()
            .find(|f| f.finalidade == divisa_registro::Finalidade::Assinaturas)
            .expect("lista de títulos guardada");
        let uri = format!("{}/arquivos/{}", caminho(&p), titulos.id);
        for papel in Papel::TODOS {
            let s = sessao(&a, papel).await;
            // Art. 22: o deputado tem vista, não retira; Art. 23: servidor só autorizado
            let pode = matches!(papel, Presidente | Membro);
            let r = a.get(&uri, s.as_ref()).await;
            assert_eq!(
                r.status,
                if pode {
                    StatusCode::OK
                } else {
                    StatusCode::FORBIDDEN
                },
                "{papel:?} baixa os títulos"
            );
            if pode {
                assert!(r.corpo.starts_with("389119531899"));
            }
            // issue 30: a lista está no evento do protocolo (na cadeia); pelo caminho dos
            // arquivos do ato, a mesma regra
            let n = titulos.evento_seq.expect("no evento do protocolo");
            assert_eq!(n, 1);
            let pelo_ato = a
                .get(&format!("{}/atos/1/arquivos/1", caminho(&p)), s.as_ref())
                .await;
            if pode {
                assert_eq!(pelo_ato.status, StatusCode::OK, "{papel:?}");
                assert!(pelo_ato.corpo.starts_with("389119531899"));
            } else {
                assert_ne!(
                    pelo_ato.status,
                    StatusCode::OK,
                    "{papel:?} baixa os títulos pelo ato"
                );
            }
            // a página só lista o arquivo para quem tem vista completa
            let pagina = a.get(&caminho(&p), s.as_ref()).await;
            assert_eq!(
                pagina.corpo.contains("titulos.txt"),
                COMPLETO.contains(&papel),
                "{papel:?} vê o arquivo listado"
            );
            // protocolar pela API (Art. 14)
            let r = a
                .post_json("/api/processos", s.as_ref(),
                    json!({"tipo": "desmembramento", "nome": format!("Área {papel:?}"), "municipios_origem": ["Ribeirãozinho"],
                           "representante": "Fulano", "assinaturas": 10}))
                .await;
            let esperado = if s.is_none() {
                StatusCode::UNAUTHORIZED
            } else if PROTOCOLA.contains(&papel) {
                StatusCode::CREATED
            } else {
                StatusCode::FORBIDDEN
            };
            assert_eq!(r.status, esperado, "{papel:?} protocola: {}", r.corpo);
        }
    });
}

#[test]
fn o_mesmo_fluxo_em_postgresql() {
    rodar(async {
        let Some((a, banco)) = comum::app_postgres("fluxo").await else {
            return;
        };
        let p = a.protocolo("Ribeirãozinho").await;
        let s = a.entrar("ana").await;
        let r = a
            .post_form(
                &format!("{}/atos", caminho(&p)),
                Some(&s),
                &[
                    ("csrf", &s.csrf),
                    ("tipo", "divulgar"),
                    ("versao", "1"),
                    ("c_publicacao", "DOALMT nº 5"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        let pagina = a.get(&caminho(&p), None).await;
        assert!(pagina.corpo.contains("DOALMT nº 5"));
        let painel = a.get("/", Some(&s)).await;
        assert!(
            painel.corpo.contains("vencido há"),
            "os alertas saem da consulta agregada do PostgreSQL"
        );
        assert!(a.registro.verificar(None).await.unwrap().is_empty());
        a.registro.fechar().await;
        drop(a);
        comum::apagar_postgres(&banco).await;
    });
}

/// A situação (a classe da linha: `atende`, `nao_atende`…) do achado de `citacao` no relatório
/// em HTML.
fn situacao_da_linha<'a>(corpo: &'a str, citacao: &str) -> &'a str {
    // na tabela (a conclusão, antes dela, também cita o que falha)
    let tabela = corpo
        .find("<table class=\"achados\"")
        .map_or(corpo, |i| &corpo[i..]);
    let antes = tabela
        .split(&format!("{citacao}<"))
        .next()
        .unwrap_or_default();
    let linha = antes.rsplit("<tr class=\"").next().unwrap_or_default();
    linha.split('"').next().unwrap_or_default()
}

/// `POST /avaliar` com o formulário campo a campo (`modo=formulario`) e o token da visita.
async fn avaliar_formulario(a: &App, v: &Sessao, campos: &[(&str, &str)]) -> comum::Resposta {
    avaliar_formulario_modo(a, v, "formulario", campos).await
}

/// A revisão de limites pelo formulário (Art. 8º, § 1º e § 2º): com o arquivo da área enviado
/// no próprio formulário, a proposta montada o cita e o relatório sai da geometria (2,33 km² de
/// Ribeirãozinho, 0,37%); sem arquivo, pela área declarada, nos dois lados dos 5% ("não pode
/// ultrapassar 5%": 12,5 de 250 km² atende, 12,51 não).
#[test]
fn avaliar_revisao_de_limites_pelo_formulario_art_8() {
    rodar(async {
        let a = app("formulario-revisao").await;
        let v = a.visitante().await;
        let tipo = comum::tipo_multipart();
        let area = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../exemplos/area_ribeiraozinho.geojson"),
        )
        .expect("exemplo");
        let campos = [
            ("csrf", None, v.csrf.as_str()),
            ("modo", None, "formulario"),
            ("f_tipo", None, "desmembramento"),
            ("f_cedente", None, "Ribeirãozinho"),
            ("f_receptor", None, "Ponte Branca"),
            ("area", Some("area_ribeiraozinho.geojson"), area.as_str()),
        ];
        let r = a
            .pedir(
                "POST",
                "/avaliar",
                Some(&v),
                Some(&tipo),
                comum::multipart(&campos),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert!(
            r.corpo
                .contains("area = &quot;area_ribeiraozinho.geojson&quot;"),
            "a proposta cita o arquivo"
        );
        assert!(r.corpo.contains("(0,37%)"), "{}", r.corpo);
        // a API monta a mesma proposta
        let r = a
            .pedir(
                "POST",
                "/api/avaliar?formato=proposta",
                None,
                Some(&tipo),
                comum::multipart(&campos[2..]),
                false,
            )
            .await;
        assert!(
            r.corpo.contains("tipo = \"desmembramento\"")
                && r.corpo.contains("cedente = 5107198")
                && r.corpo.contains("area = \"area_ribeiraozinho.geojson\""),
            "{}",
            r.corpo
        );
        // pela área declarada, nos dois lados dos 5%
        for (km2, situacao) in [("12,5", "atende"), ("12,51", "nao_atende")] {
            let r = avaliar_formulario(
                &a,
                &v,
                &[
                    ("f_tipo", "desmembramento"),
                    ("f_cedente", "Ribeirãozinho"),
                    ("f_receptor", "Ponte Branca"),
                    ("f_area_km2", km2),
                    ("f_area_cedente_km2", "250"),
                ],
            )
            .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
            assert_eq!(
                situacao_da_linha(&r.corpo, "Art. 8º, § 2º"),
                situacao,
                "{km2} km²"
            );
        }
        // o mesmo município dos dois lados: recusado com o campo
        let r = avaliar_formulario(
            &a,
            &v,
            &[
                ("f_tipo", "desmembramento"),
                ("f_cedente", "Ponte Branca"),
                ("f_receptor", "5106703"),
            ],
        )
        .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(r.corpo.contains("f_receptor"), "{}", r.corpo);
    });
}

#[test]
fn avaliar_pelo_formulario_campo_a_campo_art_2() {
    rodar(async {
        let a = app("formulario").await;
        let v = a.visitante().await;
        let corpo = comum::multipart_campos;
        let tipo = comum::tipo_multipart();
        let base = |pop: &'static str| {
            vec![
                ("csrf", v.csrf.as_str()),
                ("modo", "formulario"),
                ("f_nome", "Vale do Sol"),
                ("f_origem", "São Félix do Araguaia"),
                ("f_populacao", pop),
                ("f_eleitores", "1.300"),
                ("f_casas", "240"),
                ("f_valor_adicionado", "45.000.000,00"),
                ("f_arrecadacao", "3.000.000,00"),
                ("f_pessoa_viva", "nao"),
            ]
        };
        // "não inferior a 4.000": 4.000 atende, 3.999 não (Art. 2º, I)
        for (pop, situacao) in [("4.000", "atende"), ("3.999", "nao_atende")] {
            let r = a
                .pedir(
                    "POST",
                    "/avaliar",
                    Some(&v),
                    Some(&tipo),
                    corpo(&base(pop)),
                    false,
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
            let pop_toml = pop.replace('.', "");
            assert!(
                r.corpo.contains(&format!("populacao = {pop_toml}")),
                "a proposta montada aparece"
            );
            assert_eq!(
                situacao_da_linha(&r.corpo, "Art. 2º, I"),
                situacao,
                "população {pop}"
            );
        }
        // a API devolve a proposta montada
        let r = a
            .pedir(
                "POST",
                "/api/avaliar?formato=proposta",
                None,
                Some(&tipo),
                corpo(&base("5.200")),
                false,
            )
            .await;
        // os reais como no exemplo do CONTRACT §2 («45000000.0»): a proposta é escrita pela
        // avaliação (`proposta::escrita`), não à mão pela web
        assert!(
            r.corpo.contains("origens = [5107859]")
                && r.corpo.contains("valor_adicionado = 45000000.0\n"),
            "{}",
            r.corpo
        );
        // erros nomeiam o campo
        let mut errado = base("muitos");
        let r = a
            .pedir(
                "POST",
                "/avaliar",
                Some(&v),
                Some(&tipo),
                corpo(&errado),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        // issue 32: o erro ao lado do campo — marcado, com o foco, a mensagem ligada a ele e o
        // que se digitou de volta; no alto, a frase com o rótulo (nunca o nome interno)
        let campo = r
            .corpo
            .split("<input id=\"f_populacao\"")
            .nth(1)
            .and_then(|resto| resto.split('>').next())
            .unwrap_or_default();
        for trecho in [
            "aria-invalid=\"true\"",
            "aria-describedby=\"f_populacao-erro\"",
            "autofocus",
            "value=\"muitos\"",
        ] {
            assert!(campo.contains(trecho), "falta {trecho} no campo: {campo}");
        }
        assert!(
            r.corpo.contains(
                "<p class=\"erro-campo\" id=\"f_populacao-erro\">«muitos» não é um número"
            ),
            "{}",
            r.corpo
        );
        assert!(
            r.corpo
                .contains("<a href=\"#f_populacao\">«População estimada (Art. 2º, I)»: «muitos»"),
            "{}",
            r.corpo
        );
        assert!(!r.corpo.contains("(f_populacao)"), "{}", r.corpo);
        errado[3] = ("f_origem", "Atlântida");
        errado[4] = ("f_populacao", "5000");
        let r = a
            .pedir(
                "POST",
                "/avaliar",
                Some(&v),
                Some(&tipo),
                corpo(&errado),
                false,
            )
            .await;
        assert!(
            r.corpo.contains("<p class=\"erro-campo\" id=\"f_origem-erro\">«Atlântida» não é município de Mato Grosso"),
            "{}",
            r.corpo
        );
    });
}

#[test]
fn documentos_oficiais_do_processo_so_para_a_comissao_e_a_casa() {
    rodar(async {
        let a = app("documentos").await;
        let p = a.protocolo("Espigão").await;
        for papel in Papel::TODOS {
            let s = sessao(&a, papel).await;
            let r = a
                .get(
                    &format!("{}/documentos/parecer-preliminar", caminho(&p)),
                    s.as_ref(),
                )
                .await;
            if COMPLETO.contains(&papel) {
                assert_eq!(r.status, StatusCode::OK, "{papel:?}");
                assert_eq!(r.headers.get("content-type").unwrap(), "application/pdf");
            } else {
                assert_eq!(r.status, StatusCode::FORBIDDEN, "{papel:?}");
            }
        }
        let ana = a.entrar("ana").await;
        let pagina = a.get(&caminho(&p), Some(&ana)).await;
        assert!(
            pagina.corpo.contains("/documentos/parecer-preliminar"),
            "a página do processo liga os documentos"
        );
        // issue 33: o projeto de lei, antes do parecer sobre o resultado do plebiscito, aparece
        // na lista sem ligação, dizendo a partir de quando (Art. 20, § 1º); pedido, é recusado
        assert!(
            !pagina.corpo.contains("/documentos/projeto-de-lei"),
            "o projeto de lei ainda não tem o seu momento"
        );
        assert!(
            pagina.corpo.contains("ainda não: o projeto de lei se elabora depois de aprovado o parecer favorável da Comissão sobre o resultado do plebiscito (Art. 20, § 1º)."),
            "{}",
            pagina.corpo
        );
        let cedo = a
            .get(
                &format!("{}/documentos/projeto-de-lei", caminho(&p)),
                Some(&ana),
            )
            .await;
        assert_eq!(
            cedo.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            cedo.corpo
        );
        assert!(
            cedo.corpo.contains("ainda não tem o seu momento"),
            "{}",
            cedo.corpo
        );
        let html = a
            .get(
                &format!("{}/documentos/oficio?orgao=tre&formato=html", caminho(&p)),
                Some(&ana),
            )
            .await;
        assert!(html.corpo.contains("sob pena de responsabilidade") && html.corpo.contains(&p));
        // Art. 2º, § 3º: um ofício por órgão, cada um com o seu código — a página liga cada um,
        // e o caderno com todos não sai
        for orgao in ["cartografia", "fazenda", "tre"] {
            assert!(
                pagina
                    .corpo
                    .contains(&format!("documentos/oficio?orgao={orgao}")),
                "{orgao}"
            );
        }
        let todos = a
            .get(&format!("{}/documentos/oficio", caminho(&p)), Some(&ana))
            .await;
        assert_eq!(
            todos.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            todos.corpo
        );
        assert!(
            todos.corpo.contains("cada órgão recebe o seu ofício"),
            "{}",
            todos.corpo
        );
        // a versão editável, para baixar
        assert!(pagina.corpo.contains("?formato=odt"));
        let odt = a
            .get(
                &format!("{}/documentos/parecer-preliminar?formato=odt", caminho(&p)),
                Some(&ana),
            )
            .await;
        assert_eq!(odt.status, StatusCode::OK);
        assert_eq!(
            odt.headers.get("content-type").unwrap(),
            "application/vnd.oasis.opendocument.text"
        );
        assert!(odt
            .headers
            .get("content-disposition")
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"parecer-preliminar-"));
    });
}

/// Uma proposta que chega pela web não faz o servidor ler os seus próprios arquivos.
#[test]
fn proposta_nao_le_arquivos_do_servidor() {
    rodar(async {
        let a = app("confinado").await;
        let base = include_str!("../../../../exemplos/desmembramento_area.toml");
        for (area, esperado) in [
            ("/etc/passwd", "dê só o nome do arquivo"),
            ("../../Cargo.toml", "dê só o nome do arquivo"),
            ("sub/area.geojson", "dê só o nome do arquivo"),
            ("divisa.sqlite3", "não foi enviado junto com a proposta"),
        ] {
            let proposta = base.replace("area_ribeiraozinho.geojson", area);
            assert_ne!(proposta, base);
            let r = a
                .pedir(
                    "POST",
                    "/api/avaliar",
                    None,
                    Some("text/plain"),
                    proposta,
                    false,
                )
                .await;
            assert_eq!(
                r.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{area}: {}",
                r.corpo
            );
            let erro = r.json()["erro"].as_str().unwrap_or_default().to_string();
            assert!(erro.contains(esperado), "{area}: {erro}");
            assert!(
                !erro.contains("root:") && !erro.contains("/divisa-"),
                "{area}: vazou caminho ou conteúdo: {erro}"
            );
        }
        // o arquivo enviado junto, com o nome citado, é lido e medido (Art. 8º, § 2º)
        let corpo = comum::multipart(&[
            ("proposta", None, base),
            (
                "area",
                Some("area_ribeiraozinho.geojson"),
                include_str!("../../../../exemplos/area_ribeiraozinho.geojson"),
            ),
        ]);
        let r = a
            .pedir(
                "POST",
                "/api/avaliar?formato=fragmento",
                None,
                Some(&comum::tipo_multipart()),
                corpo,
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert!(
            r.corpo.contains("0,37%") && r.corpo.contains("<svg"),
            "a área enviada foi medida e desenhada"
        );
    });
}

/// Art. 15: o ato leva arquivos pela página (multipart), conferidos pelo conteúdo; a linha do
/// tempo mostra quem agiu pelo nome e cargo e os arquivos, que se baixam; quem não vê o ato não
/// baixa o arquivo.
#[test]
fn ato_com_arquivos_pela_pagina_e_o_arquivo_falso_recusado() {
    rodar(async {
        let a = app("anexos").await;
        let p = a.protocolo("Espigão").await;
        let s = a.entrar("carla").await;
        let versao = a
            .registro
            .carregar(&p)
            .await
            .unwrap()
            .processo
            .versao
            .to_string();
        let enviar = |arquivos: Vec<(&'static str, &'static str)>| {
            let mut partes: Vec<(&str, Option<&str>, &str)> = vec![
                ("csrf", None, s.csrf.as_str()),
                ("tipo", None, "juntar_documento"),
                ("versao", None, versao.as_str()),
                ("c_descricao", None, "Ofício da Prefeitura e mapa"),
            ];
            for (nome, conteudo) in arquivos {
                partes.push(("anexo", Some(nome), conteudo));
            }
            comum::multipart(&partes)
        };
        let uri = format!("{}/atos", caminho(&p));
        // um .pdf que é texto de KML: recusado, nada gravado
        let r = a
            .pedir(
                "POST",
                &uri,
                Some(&s),
                Some(&comum::tipo_multipart()),
                enviar(vec![("oficio.pdf", "<kml></kml>")]),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(r.corpo.contains("diz ser PDF"), "{}", r.corpo);
        assert_eq!(
            a.registro
                .carregar(&p)
                .await
                .unwrap()
                .processo
                .versao
                .to_string(),
            versao
        );
        // dois arquivos verdadeiros
        let r = a
            .pedir(
                "POST",
                &uri,
                Some(&s),
                Some(&comum::tipo_multipart()),
                enviar(vec![
                    ("oficio.pdf", "%PDF-1.4\n1 0 obj\n<<>>\nendobj\n"),
                    (
                        "area.geojson",
                        "{\"type\":\"FeatureCollection\",\"features\":[]}",
                    ),
                ]),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        let pagina = a.get(&caminho(&p), Some(&s)).await;
        let seq = versao.parse::<u64>().unwrap() + 1;
        let link = format!("{}/atos/{seq}/arquivos/2", caminho(&p));
        assert!(pagina.corpo.contains(&link), "o link do arquivo");
        assert!(pagina.corpo.contains("area.geojson"));
        assert!(
            pagina
                .corpo
                .contains("Servidor(a) da Assembleia Legislativa"),
            "quem agiu, pelo cargo"
        );
        assert!(!pagina.corpo.contains("· carla"), "nunca o login");
        let baixado = a.get(&link, Some(&s)).await;
        assert_eq!(baixado.status, StatusCode::OK);
        assert_eq!(
            baixado.corpo,
            "{\"type\":\"FeatureCollection\",\"features\":[]}"
        );
        // o público não vê a juntada (ato interno, Art. 22) nem o seu arquivo
        let publico = a.get(&link, None).await;
        assert_eq!(publico.status, StatusCode::NOT_FOUND, "{}", publico.corpo);
        let pagina_publica = a.get(&caminho(&p), None).await;
        assert!(
            !pagina_publica.corpo.contains("oficio.pdf")
                && !pagina_publica.corpo.contains("area.geojson"),
            "os arquivos de um ato reservado não aparecem na lista pública"
        );
    });
}

/// Art. 14: a representação que chega como proposta, pela página: tudo sai dela (o nome, as
/// origens, as 11 assinaturas da lista), o território vai aos autos com o protocolo, e a lei
/// avalia os autos com ele.
#[test]
fn protocolo_a_partir_da_proposta_pela_pagina_com_o_territorio() {
    rodar(async {
        let a = app("da-proposta").await;
        let s = a.entrar("comunidade").await;
        let desmembramento = include_str!("../../../../exemplos/desmembramento_area.toml");
        let criacao = include_str!("../../../../exemplos/criacao.toml");
        let assinaturas = &criacao[criacao.find("[representacao]").unwrap()..];
        let proposta = format!("{desmembramento}\n{assinaturas}");
        let area = include_str!("../../../../exemplos/area_ribeiraozinho.geojson");
        let corpo = comum::multipart(&[
            ("csrf", None, s.csrf.as_str()),
            ("representante", None, "Associação de Moradores"),
            ("proposta", Some("proposta.toml"), proposta.as_str()),
            ("territorio", Some("area_ribeiraozinho.geojson"), area),
        ]);
        let r = a
            .pedir(
                "POST",
                "/processos/novo/proposta",
                Some(&s),
                Some(&comum::tipo_multipart()),
                corpo,
                false,
            )
            .await;
        let r = seguir_ao_recibo(&a, r, &s).await;
        assert!(
            r.corpo
                .contains("<dt>Assinaturas de eleitores</dt><dd>11</dd>"),
            "{}",
            r.corpo
        );
        assert!(r
            .corpo
            .contains("Revisão de limites Ribeirãozinho–Ponte Branca"));
        assert!(r.corpo.contains("area_ribeiraozinho.geojson"));
        let p = a
            .registro
            .listar()
            .await
            .unwrap()
            .into_iter()
            .find(|x| x.nome == "Revisão de limites Ribeirãozinho–Ponte Branca")
            .unwrap()
            .protocolo;
        let autos = a.registro.carregar(&p).await.unwrap();
        assert_eq!(autos.eventos[0].anexos.len(), 1, "o território nos autos");
        // a Comissão vê a lei aplicada aos autos, com a área medida do arquivo
        let bruno = a.entrar("bruno").await;
        let pagina = a.get(&caminho(&p), Some(&bruno)).await;
        assert!(
            pagina.corpo.contains("2,33 km²"),
            "a área medida do território dos autos"
        );
        assert!(pagina
            .corpo
            .contains("Território: o arquivo «area_ribeiraozinho.geojson» juntado no ato 1."));
        // um arquivo que a proposta não cita não vai aos autos (e é dito)
        let r = a
            .pedir(
                "POST",
                "/processos/novo/proposta",
                Some(&s),
                Some(&comum::tipo_multipart()),
                comum::multipart(&[
                    ("csrf", None, s.csrf.as_str()),
                    ("representante", None, "Associação de Moradores"),
                    ("proposta", Some("proposta.toml"), proposta.as_str()),
                    ("territorio", Some("outro.geojson"), area),
                ]),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(
            r.corpo.contains("não é citado pela proposta"),
            "{}",
            r.corpo
        );
        // sem o token do formulário, nada é protocolado
        let r = a
            .pedir(
                "POST",
                "/processos/novo/proposta",
                Some(&s),
                Some(&comum::tipo_multipart()),
                comum::multipart(&[("proposta", Some("p.toml"), proposta.as_str())]),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.corpo);
    });
}

/// As recusas do próprio servidor HTTP (corpo grande demais, número no endereço que não é
/// número) vêm em português, não em inglês.
#[test]
fn recusas_dos_extratores_em_portugues() {
    rodar(async {
        let a = app("rejeicoes").await;
        let p = a.protocolo("Espigão").await;
        let s = a.entrar("ana").await;
        let r = a
            .get(&format!("{}/atos/abc/arquivos/1", caminho(&p)), Some(&s))
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.corpo);
        assert!(r.corpo.contains("não é do tipo esperado"), "{}", r.corpo);
        assert!(!r.corpo.contains("Cannot parse"), "{}", r.corpo);
        assert!(
            r.headers.get("content-security-policy").is_some(),
            "os cabeçalhos de segurança valem também para a recusa traduzida"
        );
        let grande = "x".repeat(divisa_web::LIMITE_DE_ENVIO + 10);
        let r = a
            .pedir(
                "POST",
                "/api/avaliar",
                None,
                Some("text/plain"),
                grande,
                false,
            )
            .await;
        assert!(r.status.is_client_error(), "{}", r.status);
        assert!(
            !r.corpo.contains("length limit exceeded"),
            "{}",
            &r.corpo[..r.corpo.len().min(300)]
        );
        assert!(
            r.corpo.contains("limite de 32 MB"),
            "{}",
            &r.corpo[..r.corpo.len().min(300)]
        );
        // JSON sem um campo, com um campo a mais, com tipo errado, cortado: o campo e a posição
        // em português, nada do texto do serde
        for (corpo, esperado) in [
            (r#"{"login":"ana"}"#, r#""campo":"senha""#),
            (
                r#"{"login":"ana","senha":"x","extra":1}"#,
                "campo desconhecido «extra»; os campos aceitos aqui são: login, senha",
            ),
            (r#"{"login":1,"senha":"x"}"#, "esperava um texto"),
            (r#"{"login":"ana","#, "termina antes da hora"),
            (r#"{login:"ana"}"#, "sintaxe inválida"),
        ] {
            let r = a
                .pedir(
                    "POST",
                    "/api/sessao",
                    None,
                    Some("application/json"),
                    corpo.to_string(),
                    false,
                )
                .await;
            assert!(
                r.status.is_client_error(),
                "{corpo}: {} {}",
                r.status,
                r.corpo
            );
            assert!(r.corpo.contains(esperado), "{corpo}: {}", r.corpo);
            assert!(r.corpo.contains("linha 1, coluna"), "{corpo}: {}", r.corpo);
            for ingles in [
                "missing field",
                "unknown field",
                "invalid type",
                "EOF",
                "expected",
                "at line",
            ] {
                assert!(!r.corpo.contains(ingles), "{corpo}: {}", r.corpo);
            }
        }
        // multipart quebrado: em português
        let r = a
            .pedir(
                "POST",
                "/api/avaliar",
                None,
                Some("multipart/form-data; boundary=x"),
                "--x\r\nContent-Disposition: form-data; name=\"proposta\"\r\n\r\nabc".to_string(),
                false,
            )
            .await;
        assert!(r.status.is_client_error(), "{}: {}", r.status, r.corpo);
        for ingles in ["Error parsing", "Failed to buffer", "multipart/form-data"] {
            assert!(!r.corpo.contains(ingles), "{}", r.corpo);
        }
    });
}

/// Os autos não nascem contraditórios: com a proposta enviada junto, o tipo, o nome, as origens
/// e as assinaturas digitados têm de ser os dela (a proposta é o registro).
#[test]
fn protocolo_com_proposta_confere_os_campos_digitados() {
    rodar(async {
        let a = app("proposta-confere").await;
        let s = a.entrar("dep.joao").await;
        let proposta = include_str!("../../../../exemplos/criacao.toml");
        let pedido = |nome: &str, origem: &str, assinaturas: u32| {
            json!({"tipo": "criacao", "nome": nome, "municipios_origem": [origem],
                   "representante": "Comissão Pró-Emancipação", "assinaturas": assinaturas,
                   "documentos": ["requerimento"], "proposta": proposta})
        };
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                pedido("Outro Nome", "São Félix do Araguaia", 11),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(
            r.corpo.contains("não é o nome da proposta enviada"),
            "{}",
            r.corpo
        );
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                pedido("Espigão do Leste", "Sorriso", 11),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(r.corpo.contains("municipios_origem"), "{}", r.corpo);
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                pedido("Espigão do Leste", "São Félix do Araguaia", 500),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(
            r.corpo.contains("a lista da proposta enviada tem 11"),
            "{}",
            r.corpo
        );
        // sem acento e em maiúsculas é o mesmo nome
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                pedido("ESPIGAO DO LESTE", "Sao Felix do Araguaia", 11),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.corpo);
    });
}

/// Issue 31: a API protocola a proposta com o território que ela cita — o mesmo caso de uso
/// da página e de `processo criar` (`divisa_autos::protocolo::da_proposta`); antes, a API a
/// lia sem os arquivos. O arquivo que a proposta não cita é recusado no campo `territorio`, e o
/// que ela cita vai aos autos com o protocolo (Art. 15, II: o mapa e o memorial).
#[test]
fn api_protocola_a_proposta_com_o_territorio_que_ela_cita() {
    use base64::Engine as _;
    rodar(async {
        let a = app("api-territorio").await;
        let s = a.entrar("carla").await;
        let mut proposta = include_str!("../../../../exemplos/desmembramento_area.toml").to_owned();
        let assinaturas = include_str!("../../../../exemplos/criacao.toml");
        let inicio = assinaturas.find("[representacao]").unwrap();
        proposta.push('\n');
        proposta.push_str(&assinaturas[inicio..]);
        let area = base64::engine::general_purpose::STANDARD.encode(include_bytes!(
            "../../../../exemplos/area_ribeiraozinho.geojson"
        ));
        let pedido = |territorio: serde_json::Value| {
            json!({"tipo": "desmembramento", "nome": "", "municipios_origem": ["Ribeirãozinho", "Ponte Branca"],
                   "representante": "Comissão de moradores", "assinaturas": 11,
                   "proposta": proposta, "territorio": territorio})
        };
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                pedido(json!([{"nome": "outro.geojson", "conteudo_base64": area}])),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert_eq!(r.json()["campo"], "territorio", "{}", r.corpo);
        assert!(
            r.corpo.contains("area_ribeiraozinho.geojson"),
            "{}",
            r.corpo
        );
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                pedido(json!([{"nome": "area_ribeiraozinho.geojson", "conteudo_base64": area}])),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.corpo);
        let p = r.json()["protocolo"].as_str().unwrap().to_owned();
        // o arquivo do território entrou com o protocolo e apresenta o mapa (Art. 15, II): o
        // documento está nos autos, não só declarado; o nome e as origens vêm da proposta
        let ficha = a
            .get(&format!("/api{}", caminho(&p)), Some(&s))
            .await
            .json();
        assert_eq!(ficha["documentos"], json!(["mapa_novo"]), "{ficha}");
        assert_eq!(
            ficha["nome"], "Revisão de limites Ribeirãozinho–Ponte Branca",
            "{ficha}"
        );
    });
}

/// Post/Redirect/Get: o protocolo responde 303 para a página do recibo, que se abre (e se
/// recarrega) sem protocolar de novo.
async fn seguir_ao_recibo(a: &App, r: comum::Resposta, s: &Sessao) -> comum::Resposta {
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
    let destino = r
        .headers
        .get(axum::http::header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .expect("Location")
        .to_string();
    assert!(destino.ends_with("/recibo"), "{destino}");
    let pagina = a.get(&destino, Some(s)).await;
    assert_eq!(pagina.status, StatusCode::OK, "{}", pagina.corpo);
    pagina
}

/// Issue 17: um duplo clique ou um recarregar (o mesmo envio, com a mesma chave) não protocola
/// duas vezes; e o erro devolve o formulário preenchido, com a mensagem junto do campo.
#[test]
fn envio_repetido_nao_protocola_duas_vezes_e_erro_volta_preenchido() {
    rodar(async {
        let a = app("envio-repetido").await;
        let s = a.entrar("comunidade").await;
        let titulos = "389119531899\n112139821856\n022919821813\n794605491848\n411704711805\n568744141848\n508933501813\n711472081848\n480606631830\n174889641805\n";
        let partes = |nome: &'static str,
                      origem: &'static str|
         -> Vec<(&'static str, Option<&'static str>, String)> {
            vec![
                ("csrf", None, s.csrf.clone()),
                ("envio", None, "chave-do-formulario-1".into()),
                ("tipo", None, "criacao".into()),
                ("nome", None, nome.into()),
                ("origem", None, origem.into()),
                ("representante", None, "Maria da Silva".into()),
                ("titulos", None, titulos.into()),
                ("assinaturas", None, "0".into()),
                ("documento", None, "requerimento".into()),
                ("documento", None, "justificativa".into()),
            ]
        };

        // origem inventada: recusada, e o formulário volta com tudo o que foi digitado
        let r = enviar_form(&a, &s, partes("Vale das Flores", "Município Inexistente")).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(r.corpo.contains("value=\"Vale das Flores\""), "{}", r.corpo);
        assert!(
            r.corpo.contains(">Município Inexistente</textarea>"),
            "{}",
            r.corpo
        );
        assert!(
            r.corpo.contains("value=\"justificativa\" checked"),
            "{}",
            r.corpo
        );
        assert!(
            r.corpo
                .contains("aria-invalid=\"true\" aria-describedby=\"origem-erro\""),
            "{}",
            r.corpo
        );
        assert!(r.corpo.contains("href=\"#origem\""), "{}", r.corpo);
        assert!(r.corpo.contains("escolhidos de novo"), "{}", r.corpo);
        // corrigido e enviado duas vezes com a mesma chave: um processo só
        let r1 = enviar_form(&a, &s, partes("Vale das Flores", "Sorriso")).await;
        let r2 = enviar_form(&a, &s, partes("Vale das Flores", "Sorriso")).await;
        let l1 = r1.headers.get(axum::http::header::LOCATION).cloned();
        let l2 = r2.headers.get(axum::http::header::LOCATION).cloned();
        assert_eq!(r1.status, StatusCode::SEE_OTHER, "{}", r1.corpo);
        assert_eq!(r2.status, StatusCode::SEE_OTHER, "{}", r2.corpo);
        assert_eq!(l1, l2);
        let com_o_nome = a
            .registro
            .listar()
            .await
            .unwrap()
            .into_iter()
            .filter(|p| p.nome == "Vale das Flores")
            .count();
        assert_eq!(com_o_nome, 1, "um envio, um processo");
        // a página do recibo se recarrega sem protocolar
        let recibo = seguir_ao_recibo(&a, r1, &s).await;
        assert!(
            recibo.corpo.contains("RECIBO DE PROTOCOLO"),
            "{}",
            recibo.corpo
        );
        let de_novo = a.get(l2.unwrap().to_str().unwrap(), Some(&s)).await;
        assert_eq!(de_novo.status, StatusCode::OK);
        assert_eq!(
            a.registro
                .listar()
                .await
                .unwrap()
                .iter()
                .filter(|p| p.nome == "Vale das Flores")
                .count(),
            1
        );
    });
}

async fn enviar_form(
    a: &App,
    s: &Sessao,
    p: Vec<(&'static str, Option<&'static str>, String)>,
) -> comum::Resposta {
    let v: Vec<(&str, Option<&str>, &str)> =
        p.iter().map(|(x, y, z)| (*x, *y, z.as_str())).collect();
    a.pedir(
        "POST",
        "/processos/novo",
        Some(s),
        Some(&comum::tipo_multipart()),
        comum::multipart(&v),
        false,
    )
    .await
}

/// Issue 17 (Art. 14, parágrafo único): "através de Deputado" é através de um deputado
/// cadastrado; uma conta que não existe ou que é de um membro é recusada no campo.
#[test]
fn deputado_inexistente_ou_que_nao_e_deputado_e_recusado() {
    rodar(async {
        let a = app("deputado-falso").await;
        let s = a.entrar("carla").await;
        for (deputado, trecho) in [
            ("ninguem", "não há deputado com essa conta"),
            ("bruno", "não é deputado"),
        ] {
            let r = a
                .post_json(
                    "/api/processos",
                    Some(&s),
                    json!({"tipo": "criacao", "nome": "Vila Nova", "municipios_origem": ["Sorriso"],
                           "representante": "Maria", "assinaturas": 10, "deputado": deputado}),
                )
                .await;
            assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
            assert!(r.corpo.contains(trecho), "{}", r.corpo);
        }
        let r = a
            .post_json(
                "/api/processos",
                Some(&s),
                json!({"tipo": "criacao", "nome": "Vila Nova", "municipios_origem": ["Sorriso"],
                       "representante": "Maria", "assinaturas": 10, "deputado": "dep.joao"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.corpo);
    });
}

/// Issue 17 (Art. 13): o título repetido conta uma vez e o de outra UF não conta para o
/// mínimo, cada um dito pela linha; a API e o formulário contam igual.
#[test]
fn titulos_repetidos_e_de_outra_uf_nao_contam_art_13() {
    rodar(async {
        let a = app("titulos-uf").await;
        // 389119531899 (MT) duas vezes; 123456781090 é de Goiás (10)
        let r = a
            .pedir(
                "POST",
                "/api/validacao/titulos",
                None,
                Some("text/plain"),
                "389119531899\n112139821856\n389 1195 3189 9\n123456781090\n".to_string(),
                false,
            )
            .await;
        let j = r.json();
        assert_eq!(j["validos"], 2, "{j}");
        assert_eq!(j["repetidos"][0]["linha"], 3, "{j}");
        assert!(j["repetidos"][0]["mensagem"]
            .as_str()
            .unwrap()
            .contains("linha 1"));
        assert_eq!(j["outra_uf"][0]["uf"], "GO", "{j}");
        assert_eq!(j["outra_uf"][0]["linha"], 4, "{j}");
    });
}

/// Issue 17: dois servidores juntando documentos ao mesmo tempo (a mesma versão lida) não se
/// atropelam: os dois entram. Um conflito de verdade diz o que mudou e devolve o que foi
/// digitado.
#[test]
fn atos_independentes_entram_juntos_e_o_conflito_diz_o_que_mudou() {
    rodar(async {
        let a = app("atos-juntos").await;
        let p = a.protocolo("Ribeirãozinho").await;
        let ana = a.entrar("ana").await;
        let carla = a.entrar("carla").await;
        let versao = a
            .get(&format!("/api{}", caminho(&p)), Some(&ana))
            .await
            .json()["versao"]
            .as_u64()
            .unwrap();
        let lida = versao.to_string();
        for (s, descricao) in [
            (&ana, "Ata da reunião da comunidade"),
            (&carla, "Abaixo-assinado complementar"),
        ] {
            let r = a
                .post_form(
                    &format!("{}/atos", caminho(&p)),
                    Some(s),
                    &[
                        ("csrf", &s.csrf),
                        ("tipo", "juntar_documento"),
                        ("versao", &lida),
                        ("c_descricao", descricao),
                    ],
                )
                .await;
            assert!(r.status.is_redirection(), "{}: {}", r.status, r.corpo);
        }
        let depois = a
            .get(&format!("/api{}", caminho(&p)), Some(&ana))
            .await
            .json()["versao"]
            .as_u64()
            .unwrap();
        assert_eq!(depois, versao + 2, "os dois documentos entraram");
        // um ato que depende do estado, decidido sobre a versão velha: conflito que explica
        let r = a
            .post_form(
                &format!("{}/atos", caminho(&p)),
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("tipo", "divulgar"),
                    ("versao", &lida),
                    ("c_publicacao", "Diário Oficial da ALMT nº 4.321"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.corpo);
        assert!(r.corpo.contains("Enquanto você preenchia"), "{}", r.corpo);
        assert!(
            r.corpo.contains("Abaixo-assinado complementar"),
            "{}",
            r.corpo
        );
        assert!(
            r.corpo
                .contains("value=\"Diário Oficial da ALMT nº 4.321\""),
            "o texto digitado volta: {}",
            r.corpo
        );
    });
}

/// Issue 17 (Art. 2º, § 3º): o órgão certificador abre o ofício que lhe foi dirigido — só o
/// seu —, pela página do processo, e não o dos outros órgãos.
#[test]
fn o_orgao_ve_o_oficio_dirigido_a_ele_e_so_ele() {
    rodar(async {
        let a = app("oficio-do-orgao").await;
        let p = a.protocolo("Espigão").await;
        let tre = a.entrar("tre").await;
        let pagina = a.get(&caminho(&p), Some(&tre)).await;
        assert!(
            pagina.corpo.contains("documentos/oficio?orgao=tre"),
            "{}",
            pagina.corpo
        );
        let r = a
            .get(
                &format!("{}/documentos/oficio?orgao=tre&formato=html", caminho(&p)),
                Some(&tre),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert!(
            r.corpo.contains("Tribunal Regional Eleitoral"),
            "{}",
            r.corpo
        );
        assert!(!r.corpo.contains("SEFAZ-MT"), "só o ofício ao TRE");
        // sem dizer o órgão, o seu
        let r = a
            .get(
                &format!("{}/documentos/oficio?formato=html", caminho(&p)),
                Some(&tre),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert!(!r.corpo.contains("SEFAZ-MT"));
        // o de outro órgão, não; nem os outros documentos da Comissão
        let r = a
            .get(
                &format!("{}/documentos/oficio?orgao=fazenda", caminho(&p)),
                Some(&tre),
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.corpo);
        let r = a
            .get(&format!("{}/documentos/parecer", caminho(&p)), Some(&tre))
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.corpo);
    });
}

/// Issue 31 (Arts. 16, 22 e 23): a página e a API mostram a cada um o que a linha de comando
/// mostra, pela mesma ficha (`divisa_autos::FichaDoProcesso`). As certidões pedidas, os prazos
/// e os alertas são o andamento interno da Comissão (o ofício não é ato público; o Art. 23
/// reserva essas informações aos deputados): o público não os vê; o órgão certificador vê a
/// sua certidão e o seu prazo; a Comissão vê tudo. Antes, a página e a API os mostravam a
/// qualquer um.
#[test]
fn art23_o_andamento_interno_so_na_vista_completa_e_o_orgao_ve_o_seu() {
    rodar(async {
        let a = app("ficha-do-processo").await;
        let p = a.protocolo("Espigão").await;
        let ana = a.entrar("ana").await;
        let tre = a.entrar("tre").await;
        let api = format!("/api{}", caminho(&p));
        let chaves = |v: &serde_json::Value| -> Vec<String> {
            v["prazos"]
                .as_array()
                .unwrap_or_else(|| panic!("{v}"))
                .iter()
                .map(|z| z["chave"].as_str().unwrap().to_owned())
                .collect()
        };

        let v = a.get(&api, Some(&ana)).await.json();
        assert_eq!(v["visao"], "completa", "{v}");
        let todas = chaves(&v);
        assert!(
            todas.len() >= 2 && todas.iter().any(|c| c == "certidao:tre"),
            "{v}"
        );
        let pagina = a.get(&caminho(&p), Some(&ana)).await.corpo;
        assert!(pagina.contains("Certidões (Art. 2º, §§ 2º e 3º)"));
        assert!(pagina.contains("<h2>Prazos</h2>"));

        let v = a.get(&api, None).await.json();
        assert_eq!(v["visao"], "publica", "{v}");
        assert_eq!(v["prazos"], json!([]), "{v}");
        assert_eq!(v["alertas"], json!([]), "{v}");
        // a representação e os seus documentos continuam de todos (Art. 16)
        assert!(
            v["documentos"].is_array() && v["fase_nome"].is_string(),
            "{v}"
        );
        let pagina = a.get(&caminho(&p), None).await.corpo;
        assert!(
            !pagina.contains("Certidões (Art. 2º, §§ 2º e 3º)"),
            "{pagina}"
        );
        assert!(!pagina.contains("<h2>Prazos</h2>"), "{pagina}");
        assert!(pagina.contains("Documentos (Art. 15)"), "{pagina}");

        let v = a.get(&api, Some(&tre)).await.json();
        assert_eq!(chaves(&v), ["certidao:tre"], "{v}");
        let pagina = a.get(&caminho(&p), Some(&tre)).await.corpo;
        assert!(pagina.contains("Tribunal Regional Eleitoral"), "{pagina}");
        assert!(!pagina.contains("SEFAZ-MT"), "{pagina}");
    });
}

/// Issue 17 (Art. 23): "autorizar servidor" escolhe um servidor da Casa pelo nome; uma conta
/// que não existe, ou HTML, não vira ato permanente.
#[test]
fn art23_autorizar_so_servidor_que_existe() {
    rodar(async {
        let a = app("autorizar-servidor").await;
        let p = a.protocolo("Espigão").await;
        let ana = a.entrar("ana").await;
        let pagina = a.get(&caminho(&p), Some(&ana)).await;
        assert!(
            pagina.corpo.contains("<option value=\"carla\">"),
            "o servidor é escolhido pelo nome: {}",
            pagina.corpo
        );
        let versao = || async {
            a.get(&format!("/api{}", caminho(&p)), Some(&ana))
                .await
                .json()["versao"]
                .as_u64()
                .unwrap()
        };
        for (servidor, trecho) in [
            ("ninguem", "não há servidor com essa conta"),
            ("<b>x</b>", "não há servidor com essa conta"),
            ("bruno", "não é servidor"),
        ] {
            let v = versao().await;
            let r = a
                .post_json(
                    &format!("/api{}/atos", caminho(&p)),
                    Some(&ana),
                    json!({"versao": v, "ato": {"tipo": "autorizar_informacao", "servidor": servidor}}),
                )
                .await;
            assert_eq!(
                r.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{servidor}: {}",
                r.corpo
            );
            assert!(r.corpo.contains(trecho), "{}", r.corpo);
            assert_eq!(versao().await, v, "nada gravado");
        }
        let v = versao().await;
        let r = a
            .post_json(
                &format!("/api{}/atos", caminho(&p)),
                Some(&ana),
                json!({"versao": v, "ato": {"tipo": "autorizar_informacao", "servidor": "carla"}}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.corpo);
    });
}

/// Issue 19: `GET /saude` diz, sem login, se o banco responde com as migrações desta versão.
#[test]
fn saude_diz_que_o_banco_responde() {
    rodar(async {
        let a = app("saude").await;
        let r = a.get("/saude", None).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let j = r.json();
        assert_eq!(j["estado"], "pronto", "{j}");
        assert_eq!(j["migracoes"], 13, "{j}");
    });
}

/// Issue 17: o bloqueio não é arma. Quem erra a senha de uma conta de um endereço só atrasa a
/// si mesmo: a dona da conta, de outro endereço, entra na hora; e o atraso do atacante cresce a
/// cada falha e diz quanto falta.
#[test]
fn falhas_de_um_endereco_nao_trancam_a_conta_para_os_outros() {
    use axum::extract::ConnectInfo;
    use tower::ServiceExt as _;
    rodar(async {
        let a = app("bloqueio-nao-e-arma").await;
        let entrar = |ip: &'static str, senha: &'static str| {
            let router = a.router.clone();
            async move {
                let corpo = format!(r#"{{"login":"ana","senha":"{senha}"}}"#);
                let mut pedido = axum::http::Request::builder()
                    .method("POST")
                    .uri("/api/sessao")
                    .header("content-type", "application/json")
                    .body(axum::body::Body::from(corpo))
                    .unwrap();
                pedido
                    .extensions_mut()
                    .insert(ConnectInfo::<std::net::SocketAddr>(
                        format!("{ip}:40000").parse().unwrap(),
                    ));
                let r = router.oneshot(pedido).await.unwrap();
                let status = r.status();
                let corpo = axum::body::to_bytes(r.into_body(), usize::MAX)
                    .await
                    .unwrap();
                (status, String::from_utf8_lossy(&corpo).into_owned())
            }
        };
        // o atacante erra 8 vezes (a partir da 6ª, já esperando)
        let mut recusas = 0;
        for _ in 0..8 {
            let (status, corpo) = entrar("203.0.113.66", "chute").await;
            if status == StatusCode::TOO_MANY_REQUESTS {
                recusas += 1;
                assert!(corpo.contains("espere 1 segundo"), "{corpo}");
            } else {
                assert_eq!(status, StatusCode::UNAUTHORIZED, "{corpo}");
            }
        }
        assert_eq!(recusas, 3, "da 6ª tentativa em diante, espera");
        // a presidente, do seu endereço, entra na hora com a senha certa
        let (status, corpo) = entrar("198.51.100.10", "demonstracao").await;
        assert_eq!(status, StatusCode::OK, "{corpo}");
        // o atacante, mesmo com a senha certa, espera (do endereço dele)
        let (status, _) = entrar("203.0.113.66", "demonstracao").await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        // e depois da espera a senha certa entra (a espera não é tranca)
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        let (status, corpo) = entrar("203.0.113.66", "demonstracao").await;
        assert_eq!(status, StatusCode::OK, "{corpo}");
    });
}

/// Issue 17: depois de entrar, a pessoa vai para onde ia. Uma página que pede conta, aberta sem
/// sessão, leva à entrada com o destino; a entrada volta a ele; um destino de outro site vira a
/// página inicial (nada de redirecionamento aberto); a API continua respondendo 401.
#[test]
fn depois_de_entrar_vai_para_onde_ia() {
    rodar(async {
        let a = app("entrar-e-voltar").await;
        let v = a.visitante().await;
        let r = a.get("/processos/novo", Some(&v)).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        let destino = r
            .headers
            .get("location")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        assert_eq!(destino, "/entrar?proximo=%2Fprocessos%2Fnovo");
        let form = a.get(&destino, Some(&v)).await;
        assert!(
            form.corpo
                .contains("name=\"proximo\" value=\"/processos/novo\""),
            "{}",
            form.corpo
        );
        let entrar = |proximo: &'static str| {
            let (a, v) = (&a, &v);
            async move {
                a.post_form(
                    "/entrar",
                    Some(v),
                    &[
                        ("csrf", &v.csrf),
                        ("login", "carla"),
                        ("senha", "demonstracao"),
                        ("proximo", proximo),
                    ],
                )
                .await
            }
        };
        let r = entrar("/processos/novo").await;
        assert_eq!(r.status, StatusCode::SEE_OTHER);
        assert_eq!(r.headers.get("location").unwrap(), "/processos/novo");
        for outro_site in [
            "//exemplo.com/x",
            "https://exemplo.com",
            "/\\exemplo.com",
            "/entrar",
        ] {
            let r = entrar(outro_site).await;
            assert_eq!(r.headers.get("location").unwrap(), "/", "{outro_site}");
        }
        // a API não é redirecionada
        let r = a.get("/api/processos", None).await;
        assert_ne!(r.status, StatusCode::SEE_OTHER);
    });
}

/// O código de verificação impresso (XXXXX-XXXXX-XXXXX-XXXXX) num texto.
fn regex_codigo(texto: &str) -> Option<String> {
    let b = texto.as_bytes();
    (0..b.len().saturating_sub(23)).find_map(|i| {
        let c = &b[i..i + 23];
        let ok = c.iter().enumerate().all(|(k, x)| {
            if k % 6 == 5 {
                *x == b'-'
            } else {
                x.is_ascii_digit() || (b'A'..=b'F').contains(x)
            }
        });
        ok.then(|| String::from_utf8_lossy(c).into_owned())
    })
}

/// Issue 32: a página «Avaliar» é um formulário só — um «Avaliar» para os campos e um botão para
/// a proposta escrita, e qualquer dos dois devolve a página com tudo o que se digitou (os campos
/// e o texto), nunca um formulário vazio.
#[test]
fn avaliar_um_formulario_so_nunca_apaga_o_que_se_digitou() {
    rodar(async {
        let a = app("avaliar-um-so").await;
        let v = a.visitante().await;
        let pagina = a.get("/avaliar", Some(&v)).await.corpo;
        assert_eq!(
            pagina
                .matches("<form method=\"post\" action=\"/avaliar\"")
                .count(),
            1,
            "um formulário só"
        );
        assert!(pagina.contains(">Avaliar</button>"), "{pagina}");
        // pelo botão da proposta escrita, com campos também preenchidos: os campos voltam
        let texto = include_str!("../../../../exemplos/criacao.toml")
            .replace("populacao = 5200", "populacao = 3999");
        assert!(texto.contains("populacao = 3999"));
        let r = avaliar_formulario_modo(
            &a,
            &v,
            "arquivo",
            &[
                ("f_nome", "Vale do Sol"),
                ("f_populacao", "3.999"),
                ("proposta", &texto),
            ],
        )
        .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert!(
            r.corpo.contains("value=\"Vale do Sol\""),
            "o campo volta preenchido"
        );
        assert!(
            r.corpo.contains("value=\"3.999\""),
            "o número volta como digitado"
        );
        assert!(
            r.corpo.contains("Espigão do Leste"),
            "avaliou o texto: {}",
            r.corpo
        );
        // a conclusão nomeia primeiro o que falha, pelo artigo
        let conclusao = r.corpo.find("Conclusão:").expect("a conclusão");
        let tabela = r.corpo.find("<table class=\"achados\"").expect("a tabela");
        let falha = r
            .corpo
            .find("Não atende: <strong class=\"nao_atende\">Art. 2º, I");
        assert!(
            falha.is_some_and(|f| conclusao < f && f < tabela),
            "{}",
            &r.corpo[conclusao..tabela]
        );
        // pelo «Avaliar» dos campos: a proposta montada aparece no texto, e os campos voltam
        let r = avaliar_formulario_modo(
            &a,
            &v,
            "formulario",
            &[
                ("f_tipo", "criacao"),
                ("f_nome", "Vale do Sol"),
                ("f_origem", "Sorriso"),
            ],
        )
        .await;
        assert!(r.corpo.contains("value=\"Vale do Sol\""), "{}", r.corpo);
        assert!(
            r.corpo.contains("nome = &quot;Vale do Sol&quot;"),
            "{}",
            r.corpo
        );
        // o Enter num campo com a proposta colada e os campos vazios: o texto volta como veio
        let r = avaliar_formulario_modo(
            &a,
            &v,
            "formulario",
            &[
                ("f_tipo", "desmembramento"),
                ("proposta", "# a minha proposta colada\n"),
            ],
        )
        .await;
        assert!(r.corpo.contains("# a minha proposta colada"), "{}", r.corpo);
    });
}

/// `POST /avaliar` pelo botão de um caminho (`modo`: `formulario` ou `arquivo`).
async fn avaliar_formulario_modo(
    a: &App,
    v: &Sessao,
    modo: &str,
    campos: &[(&str, &str)],
) -> comum::Resposta {
    let mut todos = vec![("csrf", v.csrf.as_str()), ("modo", modo)];
    todos.extend_from_slice(campos);
    a.pedir(
        "POST",
        "/avaliar",
        Some(v),
        Some(&comum::tipo_multipart()),
        comum::multipart_campos(&todos),
        false,
    )
    .await
}

/// Issue 32: «Juntar a proposta» com os campos da página «Avaliar» (o mesmo componente), já
/// preenchidos com a proposta dos autos; o número com a sua unidade é lido; o que o formulário
/// não mostra (as assinaturas com os títulos, as coordenadas da sede) continua na versão nova;
/// o erro de um campo nomeia o rótulo, não o nome interno, e nada é gravado.
#[test]
fn juntar_a_proposta_pelos_campos_do_formulario_art_15() {
    rodar(async {
        let a = app("juntar-proposta").await;
        let p = a.protocolo("Espigão").await;
        let s = a.entrar("carla").await;
        let pagina = a.get(&caminho(&p), Some(&s)).await;
        let form = pagina
            .corpo
            .split("id=\"ato-anexar_proposta\"")
            .nth(1)
            .and_then(|r| r.split("</details>\n").next())
            .unwrap_or_default()
            .to_string();
        assert!(form.contains("id=\"f_populacao\""), "os campos: {form}");
        assert!(
            !form.contains("name=\"f_tipo\" id=")
                && form.contains("type=\"hidden\" name=\"f_tipo\" value=\"criacao\""),
            "o tipo é o do processo: {form}"
        );
        let antes = a.registro.carregar(&p).await.unwrap().processo;
        let atual = antes.proposta.clone().expect("a demonstração tem proposta");
        assert!(atual.contains("titulo = "), "{atual}");
        let versao = antes.versao.to_string();
        let enviar = |populacao: &'static str| {
            let partes: Vec<(&str, Option<&str>, &str)> = vec![
                ("csrf", None, s.csrf.as_str()),
                ("tipo", None, "anexar_proposta"),
                ("versao", None, versao.as_str()),
                ("f_tipo", None, "criacao"),
                ("f_nome", None, "Espigão do Leste"),
                ("f_origem", None, "São Félix do Araguaia"),
                ("f_populacao", None, populacao),
                ("f_eleitores", None, "1.300"),
                ("f_pessoa_viva", None, "nao"),
                ("c_proposta", None, ""),
            ];
            comum::multipart(&partes)
        };
        let uri = format!("{}/atos", caminho(&p));
        let r = a
            .pedir(
                "POST",
                &uri,
                Some(&s),
                Some(&comum::tipo_multipart()),
                enviar("muitos"),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(
            r.corpo
                .contains("«População estimada (Art. 2º, I)»: «muitos» não é um número")
                && !r.corpo.contains("(f_populacao)"),
            "{}",
            r.corpo
        );
        assert_eq!(
            a.registro.carregar(&p).await.unwrap().processo.versao,
            antes.versao
        );
        let r = a
            .pedir(
                "POST",
                &uri,
                Some(&s),
                Some(&comum::tipo_multipart()),
                enviar("5.480 habitantes"),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        let nova = a
            .registro
            .carregar(&p)
            .await
            .unwrap()
            .processo
            .proposta
            .unwrap();
        assert_ne!(nova, atual);
        assert!(nova.contains("populacao = 5480"), "{nova}");
        assert!(nova.contains("eleitores = 1300"), "{nova}");
        // o que o formulário não mostra continua
        assert!(nova.contains("titulo = \"389119531899\""), "{nova}");
        assert!(nova.contains("sede_coordenadas"), "{nova}");
        // os campos que vieram vazios saem (as casas, o valor adicionado)
        assert!(!nova.contains("casas_centro_urbano"), "{nova}");
        // e a proposta nova se lê e se avalia pelos autos
        assert!(
            divisa_avaliacao::ler("nova", &nova, divisa_avaliacao::Arquivos::Nenhum, None).is_ok(),
            "{nova}"
        );
    });
}
