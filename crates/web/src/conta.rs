//! A página da conta de quem entrou: nome, papel e a troca de senha (as contas de demonstração
//! nascem com uma senha conhecida; quem passa a usar o divisa de verdade precisa trocá-la sem ir
//! à linha de comando). As contas são criadas pela linha de comando (`divisa usuario criar`).

use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};

use crate::contas::{self, Quem, TAMANHO_MINIMO_DA_SENHA};
use crate::html::{aviso, campo_csrf, esc, pagina};
use crate::paginas::{campo, Campos};
use crate::{Estado, Falha};

fn corpo(quem: &Quem, mensagem: Option<(&str, &str)>) -> String {
    let Some(u) = &quem.usuario else {
        return String::new();
    };
    format!(
        "<h1>Minha conta</h1><p><strong>{}</strong> — login <code>{}</code>, {}{}</p>{}\
         <h2>Trocar a senha</h2>\
         <form method=\"post\" action=\"/conta/senha\" class=\"ato\">{}\
         <label for=\"atual\">Senha atual</label><input id=\"atual\" name=\"atual\" type=\"password\" autocomplete=\"current-password\" required>\
         <label for=\"nova\">Senha nova (ao menos {TAMANHO_MINIMO_DA_SENHA} caracteres)</label><input id=\"nova\" name=\"nova\" type=\"password\" autocomplete=\"new-password\" minlength=\"{TAMANHO_MINIMO_DA_SENHA}\" required>\
         <label for=\"confirmacao\">Repita a senha nova</label><input id=\"confirmacao\" name=\"confirmacao\" type=\"password\" autocomplete=\"new-password\" required>\
         <button type=\"submit\">Trocar a senha</button></form>\
         <p class=\"historico\">Ao trocar a senha, as outras sessões desta conta (outros navegadores) são encerradas.</p>",
        esc(&u.nome),
        esc(&u.login),
        esc(u.papel.nome()),
        if u.demonstracao {
            " — conta de demonstração, com a senha conhecida de todos: troque-a antes de usar com dados reais"
        } else {
            ""
        },
        mensagem.map_or(String::new(), |(tipo, texto)| aviso(tipo, texto)),
        campo_csrf(quem),
    )
}

/// `GET /conta`.
pub(crate) async fn pagina_da_conta(quem: Quem) -> Response {
    if quem.usuario.is_none() {
        return Redirect::to("/entrar").into_response();
    }
    pagina(&quem, "Minha conta", &corpo(&quem, None))
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
    let mut r = pagina(&quem, "Minha conta", &corpo(&quem, Some((tipo, &texto))));
    *r.status_mut() = status;
    Ok(r)
}
