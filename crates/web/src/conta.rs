//! Entrar, sair e a página da conta de quem entrou: nome, papel e a troca de senha (as contas de
//! demonstração nascem com uma senha conhecida; quem passa a usar o divisa de verdade precisa
//! trocá-la sem ir à linha de comando). A Presidência cria e administra as contas em /contas
//! (`administrar`); a linha de comando (`divisa usuario criar`) cria a primeira.

use axum::extract::{Form, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};

use crate::contas::{self, Quem, TAMANHO_MINIMO_DA_SENHA};
use crate::formularios::{campo, Campos};
use crate::html::{aviso, campo_csrf, html, pagina, Markup};
use crate::{Estado, Falha};

fn corpo(quem: &Quem, mensagem: Option<(&str, &str)>) -> Markup {
    let Some(u) = &quem.usuario else {
        return html! {};
    };
    let provisoria = u.trocar_senha && mensagem.is_none_or(|(tipo, _)| tipo != "ok");
    let administra =
        divisa_processo::papel::permissao(u.papel, divisa_processo::Acao::AdministrarContas)
            == divisa_processo::Permissao::Sim;
    html! {
        h1 { "Minha conta" }
        @if provisoria {
            (aviso(
                "aviso",
                "A sua senha é provisória, dada pela Presidência da Comissão: escolha agora uma senha sua. Até trocá-la, as outras páginas ficam fechadas para esta conta.",
            ))
        }
        p {
            strong { (u.nome) } " — " (u.cargo_exibido()) ", com o papel de " (u.papel.nome())
            @if u.demonstracao {
                " — conta de demonstração, com a senha conhecida de todos: troque-a antes de usar com dados reais"
            }
        }
        @if administra {
            p {
                a href="/contas" { "Administrar as contas de acesso" }
                " (criar, dar papel, desativar, redefinir senha)"
            }
        }
        @if let Some((tipo, texto)) = mensagem { (aviso(tipo, texto)) }
        h2 { "Trocar a senha" }
        form method="post" action="/conta/senha" class="ato" {
            (campo_csrf(quem))
            label for="atual" { "Senha atual" }
            input id="atual" name="atual" type="password" autocomplete="current-password" required;
            label for="nova" { "Senha nova (ao menos " (TAMANHO_MINIMO_DA_SENHA) " caracteres)" }
            input id="nova" name="nova" type="password" autocomplete="new-password"
                minlength=(TAMANHO_MINIMO_DA_SENHA) required;
            label for="confirmacao" { "Repita a senha nova" }
            input id="confirmacao" name="confirmacao" type="password" autocomplete="new-password" required;
            button type="submit" { "Trocar a senha" }
        }
        p class="historico" {
            "Ao trocar a senha, as outras sessões desta conta (outros navegadores) são encerradas."
        }
    }
}

/// `GET /conta`.
pub(crate) async fn pagina_da_conta(quem: Quem) -> Response {
    if quem.usuario.is_none() {
        return Redirect::to("/entrar?proximo=%2Fconta").into_response();
    }
    pagina(&quem, "Minha conta", corpo(&quem, None))
}

/// `POST /conta/senha`: a troca de senha, com o resultado na própria página.
pub(crate) async fn trocar_senha(
    State(estado): State<Estado>,
    quem: Quem,
    Form(campos): Form<Campos>,
) -> Result<Response, Falha> {
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    if quem.usuario.is_none() {
        return Ok(Redirect::to("/entrar").into_response());
    }
    let valor = |n: &str| campo(&campos, n).unwrap_or_default();
    let resultado = contas::trocar_senha(
        &estado,
        &quem,
        &valor("atual"),
        &valor("nova"),
        &valor("confirmacao"),
    )
    .await;
    let (status, tipo, texto) = match &resultado {
        Ok(()) => (
            StatusCode::OK,
            "ok",
            "Senha trocada. As outras sessões desta conta foram encerradas.".to_string(),
        ),
        Err(f) if f.status == StatusCode::INTERNAL_SERVER_ERROR => {
            return Err(Falha::nova(f.status, f.mensagem.clone()))
        }
        Err(f) => (f.status, "erro", f.mensagem.clone()),
    };
    let mut r = pagina(&quem, "Minha conta", corpo(&quem, Some((tipo, &texto))));
    *r.status_mut() = status;
    Ok(r)
}

pub(crate) async fn entrar_form(
    State(estado): State<Estado>,
    quem: Quem,
    axum::extract::Query(consulta): axum::extract::Query<std::collections::HashMap<String, String>>,
) -> Result<Response, Falha> {
    let proximo = destino_seguro(consulta.get("proximo").map(String::as_str));
    Ok(pagina(
        &quem,
        "Entrar",
        form_entrar(&estado, &quem, None, &proximo).await?,
    ))
}

/// Para onde ir depois de entrar: um caminho deste site (começa com uma barra só), nunca outro
/// site (`//exemplo.com`, `https://…`, uma barra invertida depois da primeira) nem a própria
/// página de entrada.
pub(crate) fn destino_seguro(proximo: Option<&str>) -> String {
    match proximo {
        Some(p)
            if p.starts_with('/')
                && !p.starts_with("//")
                // o navegador tira tabulações e quebras do endereço e lê «\» como «/»: «/\t/x»
                // e «/\x» viram «//x», outro site; um caractere de controle nem cabe no cabeçalho
                && !p.contains('\\')
                && !p.chars().any(|c| c.is_control() || c.is_whitespace())
                && !p.starts_with("/entrar")
                && p.len() <= 2000 =>
        {
            p.to_owned()
        }
        _ => "/".to_owned(),
    }
}

async fn form_entrar(
    estado: &Estado,
    quem: &Quem,
    erro: Option<&str>,
    proximo: &str,
) -> Result<Markup, Falha> {
    let demo = estado
        .registro()
        .usuarios()
        .await?
        .iter()
        .any(|u| u.demonstracao);
    Ok(html! {
        h1 { "Entrar" }
        @if let Some(e) = erro { (aviso("erro", e)) }
        form method="post" action="/entrar" id="form-entrar" {
            (campo_csrf(quem))
            input type="hidden" name="proximo" value=(proximo);
            label for="login" { "Usuário" }
            input id="login" name="login" type="text" autocomplete="username" required autofocus;
            label for="senha" { "Senha" }
            input id="senha" name="senha" type="password" autocomplete="current-password" required;
            button type="submit" { "Entrar" }
        }
        p {
            "O público não precisa entrar: os processos e os seus documentos públicos estão no "
            a href="/publico" { "portal público" }
            " (Art. 16)."
        }
        @if demo {
            div class="demo" {
                strong { "Instalação de demonstração." }
                " Os processos e as pessoas aqui são fictícios, para conhecer o sistema. Entre com um destes nomes de usuário, todos com a senha "
                strong { (crate::semente::SENHA) } ":"
                ul {
                    @for (login, _, papel) in crate::semente::CONTAS {
                        li { strong { (login) } " — " (papel.cargo()) }
                    }
                }
                "Numa instalação de verdade, este quadro não aparece: o servidor é iniciado sem os dados de demonstração."
            }
        }
    })
}

pub(crate) async fn entrar(
    State(estado): State<Estado>,
    quem: Quem,
    Form(campos): Form<Campos>,
) -> Result<Response, Falha> {
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    let login = campo(&campos, "login").unwrap_or_default();
    let senha = campo(&campos, "senha").unwrap_or_default();
    let proximo = destino_seguro(campo(&campos, "proximo").as_deref());
    match contas::entrar(&estado, &quem, &login, &senha).await {
        Ok(entrada) => {
            // volta para onde ia quando a entrada foi pedida; com a senha provisória, à troca
            let destino = if entrada.usuario.trocar_senha {
                "/conta?provisoria=1".to_owned()
            } else {
                proximo
            };
            let mut r = Redirect::to(&destino).into_response();
            if let Ok(v) = HeaderValue::from_str(&entrada.set_cookie) {
                r.headers_mut().append(header::SET_COOKIE, v);
            }
            Ok(r)
        }
        Err(f)
            if matches!(
                f.status,
                StatusCode::UNAUTHORIZED | StatusCode::TOO_MANY_REQUESTS | StatusCode::FORBIDDEN
            ) =>
        {
            let mut r = pagina(
                &quem,
                "Entrar",
                form_entrar(&estado, &quem, Some(&f.mensagem), &proximo).await?,
            );
            *r.status_mut() = f.status;
            Ok(r)
        }
        Err(f) => Err(f),
    }
}

pub(crate) async fn sair(
    State(estado): State<Estado>,
    quem: Quem,
    Form(campos): Form<Campos>,
) -> Result<Response, Falha> {
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    let apagar = contas::sair(&estado, &quem).await?;
    let mut r = Redirect::to("/publico").into_response();
    if let Ok(v) = HeaderValue::from_str(&apagar) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(r)
}

#[cfg(test)]
mod testes {
    use super::destino_seguro;

    #[test]
    fn depois_de_entrar_so_volta_para_dentro_do_divisa() {
        for bom in ["/processos", "/processos?fase=certidoes&pagina=2", "/conta"] {
            assert_eq!(destino_seguro(Some(bom)), bom);
        }
        for ruim in [
            "//outro.exemplo",
            "/\\outro.exemplo",
            "/\t/outro.exemplo",
            "/\n/outro.exemplo",
            "/a\u{1}b",
            "/a b",
            "https://outro.exemplo",
            "/entrar?proximo=/entrar",
            "",
        ] {
            assert_eq!(destino_seguro(Some(ruim)), "/", "{ruim:?}");
        }
        assert_eq!(destino_seguro(None), "/");
    }
}
