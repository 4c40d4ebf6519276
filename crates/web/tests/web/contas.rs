//! Issue 17 ("Contas"): a Presidência cria, altera, desativa e redefine a senha das contas numa
//! página, sem a linha de comando; a senha provisória se troca ao entrar; cada pessoa aparece
//! pelo nome e pelo cargo; cada alteração fica registrada com quem a fez.

use super::comum;

use axum::http::StatusCode;
use comum::{app, rodar, App, Sessao};

/// A senha provisória mostrada na página ("Senha provisória: abcdefg-hijklmn").
fn senha_mostrada(corpo: &str) -> String {
    let i = corpo
        .find("Senha provisória: ")
        .unwrap_or_else(|| panic!("sem a senha provisória: {corpo}"))
        + "Senha provisória: ".len();
    corpo[i..i + 15].to_owned()
}

/// Entra pela API com a senha dada; `None` se recusado (com o status).
async fn entrar_com(a: &App, login: &str, senha: &str) -> Result<Sessao, (StatusCode, String)> {
    let r = a
        .post_json(
            "/api/sessao",
            None,
            serde_json::json!({"login": login, "senha": senha}),
        )
        .await;
    if r.status != StatusCode::OK {
        return Err((r.status, r.corpo));
    }
    let cookie = r
        .cookies()
        .iter()
        .find(|c| c.starts_with("divisa_sessao="))
        .and_then(|c| c.split(';').next().map(String::from))
        .expect("cookie de sessão");
    Ok(Sessao {
        cookie,
        csrf: r.json()["csrf"].as_str().expect("csrf").to_string(),
    })
}

#[test]
fn issue17_presidencia_cria_conta_com_senha_provisoria_trocada_ao_entrar() {
    rodar(async {
        let a = app("contas-criar").await;
        let ana = a.entrar("ana").await;
        // só a Presidência administra (Art. 21)
        let carla = a.entrar("carla").await;
        assert_eq!(
            a.get("/contas", Some(&carla)).await.status,
            StatusCode::FORBIDDEN
        );
        let r = a
            .post_form(
                "/contas",
                Some(&carla),
                &[
                    ("csrf", &carla.csrf),
                    ("login", "x.y"),
                    ("nome", "X Y Z"),
                    ("papel", "presidente"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
        let pagina = a.get("/contas", Some(&ana)).await;
        assert_eq!(pagina.status, StatusCode::OK, "{}", pagina.corpo);
        assert!(pagina.corpo.contains("Nova conta"));

        // um nome vazio: o formulário volta preenchido, com o erro
        let r = a
            .post_form(
                "/contas",
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("login", "maria.silva"),
                    ("nome", " "),
                    ("cargo", "Técnica Legislativa"),
                    ("papel", "servidor"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.corpo);
        assert!(r.corpo.contains("nome completo"), "{}", r.corpo);
        assert!(
            r.corpo.contains("value=\"maria.silva\""),
            "o login digitado volta"
        );
        assert!(
            r.corpo.contains("value=\"Técnica Legislativa\""),
            "o cargo digitado volta"
        );

        let r = a
            .post_form(
                "/contas",
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("login", "Maria.Silva"),
                    ("nome", "Maria  da Silva"),
                    ("cargo", "Técnica Legislativa"),
                    ("papel", "servidor"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.corpo);
        let provisoria = senha_mostrada(&r.corpo);
        assert!(r.corpo.contains("Maria da Silva"));
        // o mesmo login de novo: recusado, nada muda
        let r = a
            .post_form(
                "/contas",
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("login", "maria.silva"),
                    ("nome", "Outra Pessoa"),
                    ("papel", "deputado"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(r.corpo.contains("já existe uma conta"), "{}", r.corpo);

        // a pessoa entra com a provisória: só a página da conta abre até trocá-la
        let maria = entrar_com(&a, "maria.silva", &provisoria)
            .await
            .expect("entra");
        let r = a.get("/processos", Some(&maria)).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.corpo);
        assert!(r.corpo.contains("senha é provisória"), "{}", r.corpo);
        let conta = a.get("/conta", Some(&maria)).await;
        assert_eq!(conta.status, StatusCode::OK);
        assert!(
            conta.corpo.contains("Técnica Legislativa"),
            "o cargo por extenso: {}",
            conta.corpo
        );
        let r = a
            .post_form(
                "/conta/senha",
                Some(&maria),
                &[
                    ("csrf", &maria.csrf),
                    ("atual", &provisoria),
                    ("nova", "uma senha só minha"),
                    ("confirmacao", "uma senha só minha"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        assert_eq!(
            a.get("/processos", Some(&maria)).await.status,
            StatusCode::OK
        );

        // pelo nome e pelo cargo, nunca pelo login
        let pessoas = a.registro.pessoas().await.unwrap();
        assert_eq!(
            pessoas.get("maria.silva").map(String::as_str),
            Some("Maria da Silva, Técnica Legislativa")
        );
        // o registro diz quem criou, pelo nome
        let pagina = a.get("/contas", Some(&ana)).await;
        assert!(
            pagina.corpo.contains("Maria da Silva conta criada")
                && pagina.corpo.contains("(por Ana"),
            "{}",
            pagina.corpo
        );
        assert!(
            !pagina.corpo.contains(&provisoria),
            "a senha não aparece de novo"
        );
    });
}

#[test]
fn issue17_desativar_redefinir_e_mudar_o_papel_encerram_as_sessoes() {
    rodar(async {
        let a = app("contas-alterar").await;
        let ana = a.entrar("ana").await;
        let carla = a.entrar("carla").await;
        assert_eq!(
            a.get("/processos", Some(&carla)).await.status,
            StatusCode::OK
        );

        // desativar: a sessão aberta cai, e a senha certa não entra mais
        let r = a
            .post_form(
                "/contas/carla",
                Some(&ana),
                &[("csrf", &ana.csrf), ("acao", "desativar")],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        let r = a.get("/api/sessao", Some(&carla)).await;
        assert_eq!(
            r.status,
            StatusCode::UNAUTHORIZED,
            "a sessão caiu: {}",
            r.corpo
        );
        let recusa = entrar_com(&a, "carla", divisa_web::semente::SENHA)
            .await
            .expect_err("desativada não entra");
        assert_eq!(recusa.0, StatusCode::FORBIDDEN, "{}", recusa.1);
        assert!(recusa.1.contains("desativada"), "{}", recusa.1);

        // reativar e redefinir a senha: a antiga não entra, a provisória sim
        let r = a
            .post_form(
                "/contas/carla",
                Some(&ana),
                &[("csrf", &ana.csrf), ("acao", "reativar")],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER);
        let r = a
            .post_form(
                "/contas/carla",
                Some(&ana),
                &[("csrf", &ana.csrf), ("acao", "redefinir_senha")],
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
        let provisoria = senha_mostrada(&r.corpo);
        assert!(entrar_com(&a, "carla", divisa_web::semente::SENHA)
            .await
            .is_err());
        let carla = entrar_com(&a, "carla", &provisoria)
            .await
            .expect("a provisória entra");
        assert_eq!(
            a.get("/processos", Some(&carla)).await.status,
            StatusCode::FORBIDDEN
        );

        // o papel: vale já (a sessão com o papel antigo cai)
        let bruno = a.entrar("bruno").await;
        let r = a
            .post_form(
                "/contas/bruno",
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("acao", "papel"),
                    ("valor", "deputado"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER);
        assert_eq!(
            a.get("/api/sessao", Some(&bruno)).await.status,
            StatusCode::UNAUTHORIZED
        );
        let usuarios = a.registro.usuarios().await.unwrap();
        let b = usuarios.iter().find(|u| u.login == "bruno").unwrap();
        assert_eq!(b.papel, divisa_processo::Papel::Deputado);

        // o nome corrigido aparece por toda parte (a conta é a mesma)
        let r = a
            .post_form(
                "/contas/carla",
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("acao", "nome"),
                    ("valor", "Carla  Souza Lima"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        assert!(a
            .registro
            .pessoas()
            .await
            .unwrap()
            .get("carla")
            .is_some_and(|p| p.starts_with("Carla Souza Lima, ")));
        // a Presidência não se desativa nem se tira o papel
        for (acao, valor) in [("desativar", ""), ("papel", "servidor")] {
            let r = a
                .post_form(
                    "/contas/ana",
                    Some(&ana),
                    &[("csrf", &ana.csrf), ("acao", acao), ("valor", valor)],
                )
                .await;
            assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{acao}");
        }
        // uma conta que não existe
        let r = a
            .post_form(
                "/contas/ninguem",
                Some(&ana),
                &[("csrf", &ana.csrf), ("acao", "desativar")],
            )
            .await;
        assert_eq!(r.status, StatusCode::NOT_FOUND);
        // o histórico: cada alteração, com quem a fez
        let h = a
            .registro
            .alteracoes_de_contas(Some("carla"), 10)
            .await
            .unwrap();
        let feitas: Vec<&str> = h.iter().map(|x| x.alteracao.as_str()).collect();
        assert_eq!(
            feitas,
            ["nome", "senha_redefinida", "reativada", "desativada"]
        );
        assert!(h.iter().all(|x| x.por == "ana"));
    });
}

/// Issue 17 (contas): a lista tem um «Editar» por conta, que diz de quem é; a página da conta
/// salva nome, cargo e papel num formulário só, cada mudança no histórico à parte, e a
/// Presidência não muda o próprio papel.
#[test]
fn issue17_pagina_da_conta_salva_os_dados_num_formulario_so() {
    rodar(async {
        let a = app("contas-pagina").await;
        let ana = a.entrar("ana").await;
        let lista = a.get("/contas", Some(&ana)).await;
        assert_eq!(lista.status, StatusCode::OK);
        assert!(
            lista
                .corpo
                .contains("href=\"/contas/carla\" aria-label=\"Editar a conta de Carla"),
            "{}",
            lista.corpo
        );
        assert_eq!(
            lista.corpo.matches(">Editar</a>").count(),
            a.registro.usuarios().await.unwrap().len(),
            "um «Editar» por conta"
        );
        let pagina = a.get("/contas/carla", Some(&ana)).await;
        assert_eq!(pagina.status, StatusCode::OK);
        assert!(pagina.corpo.contains("name=\"acao\" value=\"dados\""));
        assert!(pagina.corpo.contains("Redefinir a senha"));
        // a quem não preside, a página da conta é negada
        let carla = a.entrar("carla").await;
        assert_eq!(
            a.get("/contas/carla", Some(&carla)).await.status,
            StatusCode::FORBIDDEN
        );

        // nome e cargo mudam juntos; o papel, igual, não entra no histórico
        let r = a
            .post_form(
                "/contas/carla",
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("acao", "dados"),
                    ("nome", "Carla Souza Lima"),
                    ("cargo", "Técnica Legislativa"),
                    ("papel", "servidor"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.corpo);
        let h = a
            .registro
            .alteracoes_de_contas(Some("carla"), 10)
            .await
            .unwrap();
        let feitas: Vec<&str> = h.iter().map(|x| x.alteracao.as_str()).collect();
        assert_eq!(feitas, ["cargo", "nome"]);
        assert_eq!(
            a.registro
                .pessoas()
                .await
                .unwrap()
                .get("carla")
                .map(String::as_str),
            Some("Carla Souza Lima, Técnica Legislativa")
        );
        // nada mudou: nada se registra
        let r = a
            .post_form(
                "/contas/carla",
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("acao", "dados"),
                    ("nome", "Carla Souza Lima"),
                    ("cargo", "Técnica Legislativa"),
                    ("papel", "servidor"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER);
        assert_eq!(
            a.registro
                .alteracoes_de_contas(Some("carla"), 10)
                .await
                .unwrap()
                .len(),
            2
        );
        // um nome vazio volta com o erro na página da conta
        let r = a
            .post_form(
                "/contas/carla",
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("acao", "dados"),
                    ("nome", " "),
                    ("cargo", ""),
                    ("papel", "servidor"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(r.corpo.contains("Conta de Carla Souza Lima"), "{}", r.corpo);
        // a Presidência não muda o próprio papel, nem pelo formulário dos dados
        let r = a
            .post_form(
                "/contas/ana",
                Some(&ana),
                &[
                    ("csrf", &ana.csrf),
                    ("acao", "dados"),
                    ("nome", "Ana Presidente (demonstração)"),
                    ("cargo", ""),
                    ("papel", "servidor"),
                ],
            )
            .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER);
        let usuarios = a.registro.usuarios().await.unwrap();
        assert_eq!(
            usuarios.iter().find(|u| u.login == "ana").unwrap().papel,
            divisa_processo::Papel::Presidente
        );
    });
}

/// Issue 17 ("Every error in Portuguese … empty 405 pages"): o método que a rota não tem
/// responde uma página em português, não um corpo vazio.
#[test]
fn issue17_metodo_nao_aceito_responde_em_portugues() {
    rodar(async {
        let a = app("metodo-405").await;
        let r = a.get("/sair", None).await;
        assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
        assert!(r.corpo.contains("Pedido não aceito"), "{}", r.corpo);
        assert!(
            r.corpo.contains("não aceita este tipo de pedido"),
            "{}",
            r.corpo
        );
        let r = a
            .pedir(
                "DELETE",
                "/processos",
                None,
                None,
                axum::body::Body::empty(),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
        assert!(r.corpo.contains("lang=\"pt-BR\""), "{}", r.corpo);
    });
}
