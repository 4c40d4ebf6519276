//! A sessão pela API: entrar, quem está na sessão, sair.

use super::*;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Login {
    login: String,
    senha: String,
}

pub(super) async fn entrar(
    State(estado): State<Estado>,
    quem: Quem,
    body: axum::body::Bytes,
) -> Resposta {
    let l: Login = corpo(&body)?;
    let e = contas::entrar(&estado, &quem, &l.login, &l.senha).await?;
    let mut r = Json(json!({
        "login": e.usuario.login,
        "nome": e.usuario.nome,
        "papel": e.usuario.papel.codigo(),
        "csrf": e.csrf,
    }))
    .into_response();
    if let Ok(v) = HeaderValue::from_str(&e.set_cookie) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(r)
}

pub(super) async fn sessao(quem: Quem) -> Resposta {
    let u = quem.exigir_conta()?;
    Ok(Json(json!({
        "login": u.login, "nome": u.nome, "papel": u.papel.codigo(), "csrf": quem.csrf,
        "demonstracao": u.demonstracao,
    }))
    .into_response())
}

pub(super) async fn sair(State(estado): State<Estado>, quem: Quem, headers: HeaderMap) -> Resposta {
    conferir_csrf(&quem, &headers)?;
    let apagar = contas::sair(&estado, &quem).await?;
    let mut r = StatusCode::NO_CONTENT.into_response();
    if let Ok(v) = HeaderValue::from_str(&apagar) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(r)
}
