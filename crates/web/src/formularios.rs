//! Ler o que um formulário enviou: os campos de texto e os arquivos, de um corpo
//! `application/x-www-form-urlencoded` ou `multipart/form-data`. Um leitor só, abaixo de todas
//! as páginas (issue 31: eram dois, em handlers que se importavam um ao outro).

use std::collections::HashMap;

use axum::extract::Multipart;
use axum::http::StatusCode;
use axum::Form;

use crate::Falha;

/// Os campos de texto de um formulário, na ordem em que chegaram.
pub(crate) type Campos = Vec<(String, String)>;

/// O primeiro valor do campo `nome`.
pub(crate) fn campo(campos: &Campos, nome: &str) -> Option<String> {
    campos
        .iter()
        .find(|(k, _)| k == nome)
        .map(|(_, v)| v.clone())
}

/// Os campos e os arquivos de um formulário de ato: `multipart/form-data` (com os arquivos do
/// ato, no campo `anexo`, repetível) ou `application/x-www-form-urlencoded`.
pub(crate) async fn campos_e_arquivos(
    req: axum::extract::Request,
) -> Result<(Campos, Vec<(String, divisa_registro::ArquivoNovo)>), Falha> {
    use axum::extract::FromRequest;
    let multipart = req
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let Form(campos) = Form::<Campos>::from_request(req, &()).await.map_err(|e| {
            Falha::nova(
                StatusCode::BAD_REQUEST,
                format!(
                    "formulário mal formado: {}",
                    crate::traduzir_rejeicao(StatusCode::BAD_REQUEST, &e.to_string())
                ),
            )
        })?;
        return Ok((campos, Vec::new()));
    }
    let m = axum::extract::Multipart::from_request(req, &())
        .await
        .map_err(|e| {
            Falha::nova(
                StatusCode::BAD_REQUEST,
                format!(
                    "formulário mal formado: {}",
                    crate::traduzir_rejeicao(StatusCode::BAD_REQUEST, &e.to_string())
                ),
            )
        })?;
    let (campos, arquivos) = ler_partes(m).await?;
    Ok((
        campos,
        arquivos
            .into_iter()
            .map(|(campo, a)| (campo, divisa_registro::ArquivoNovo::novo(a.nome, a.bytes)))
            .collect(),
    ))
}

/// Um arquivo enviado.
pub(crate) struct Enviado {
    pub nome: String,
    pub bytes: Vec<u8>,
}

/// Os campos de texto e os arquivos de um formulário multipart, na ordem em que chegaram: os
/// arquivos como (campo, arquivo). O campo de arquivo vazio (nenhum escolhido) chega sem nome e
/// sem bytes, e fica de fora.
pub(crate) async fn ler_partes(
    mut m: Multipart,
) -> Result<(Campos, Vec<(String, Enviado)>), Falha> {
    let mal_formado = |e: axum::extract::multipart::MultipartError| {
        Falha::nova(
            StatusCode::BAD_REQUEST,
            format!(
                "formulário mal formado: {}",
                crate::traduzir_rejeicao(StatusCode::BAD_REQUEST, &e.to_string())
            ),
        )
    };
    let (mut campos, mut arquivos) = (Vec::new(), Vec::new());
    while let Some(parte) = m.next_field().await.map_err(mal_formado)? {
        let nome = parte.name().unwrap_or_default().to_string();
        let arquivo = parte.file_name().map(String::from);
        let bytes = parte.bytes().await.map_err(|e| {
            Falha::nova(
                StatusCode::BAD_REQUEST,
                format!(
                    "campo {nome}: {}",
                    crate::traduzir_rejeicao(StatusCode::BAD_REQUEST, &e.to_string())
                ),
            )
        })?;
        match arquivo {
            Some(a) if a.is_empty() && bytes.is_empty() => {}
            Some(a) => arquivos.push((
                nome,
                Enviado {
                    nome: a,
                    bytes: bytes.to_vec(),
                },
            )),
            None => {
                let texto = String::from_utf8(bytes.to_vec())
                    .map_err(|_| Falha::no_campo(&nome, "o campo não é texto UTF-8"))?;
                campos.push((nome, texto));
            }
        }
    }
    Ok((campos, arquivos))
}

/// Os campos e um arquivo por campo (os formulários de um arquivo só: mapa, memorial,
/// proposta); arquivo sem nome ou sem bytes fica de fora.
pub(crate) async fn ler_multipart(
    m: Multipart,
) -> Result<(Campos, HashMap<String, Enviado>), Falha> {
    let (campos, arquivos) = ler_partes(m).await?;
    Ok((
        campos,
        arquivos
            .into_iter()
            .filter(|(_, a)| !a.nome.is_empty() && !a.bytes.is_empty())
            .collect(),
    ))
}
