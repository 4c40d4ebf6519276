//! A falha que vira resposta: a página de erro ou o JSON com `erro`, `campo` e `artigo`; o erro
//! interno vai ao log com a causa, e quem pediu recebe só a referência.

use super::*;

/// Uma referência curta para um erro interno, que liga a mensagem dada a quem pediu à linha do
/// log com a causa.
pub(crate) fn referencia_de_erro() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let agora = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format!(
        "E{:x}-{}",
        agora & 0xff_ffff,
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// Um erro que vira resposta: página em HTML ou JSON, conforme quem pediu.
#[derive(Debug)]
pub(crate) struct Falha {
    pub status: StatusCode,
    pub mensagem: String,
    /// O campo de entrada que causou o erro, quando há um.
    pub campo: Option<String>,
    /// O artigo que fundamenta a recusa, quando é a lei que recusa.
    pub artigo: Option<String>,
}

impl Falha {
    /// Uma falha com a mensagem para quem pediu. Um erro interno (500) vai ao log com a causa,
    /// e quem pediu recebe só uma referência a ele: o texto de um erro do banco ou de uma
    /// biblioteca não sai do servidor.
    pub fn nova(status: StatusCode, mensagem: impl Into<String>) -> Falha {
        let mut mensagem = mensagem.into();
        if status == StatusCode::INTERNAL_SERVER_ERROR {
            let referencia = referencia_de_erro();
            tracing::error!(target: "divisa::erro", referencia = %referencia, causa = %mensagem, "erro interno");
            mensagem = format!(
                "erro interno do servidor; a equipe de informática acha a causa no registro do servidor pela referência {referencia}"
            );
        }
        Falha {
            status,
            mensagem,
            campo: None,
            artigo: None,
        }
    }
    pub fn no_campo(campo: &str, mensagem: impl Into<String>) -> Falha {
        Falha {
            campo: Some(campo.to_string()),
            ..Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, mensagem)
        }
    }
    pub fn proibido(mensagem: impl Into<String>) -> Falha {
        Falha::nova(StatusCode::FORBIDDEN, mensagem)
    }
    /// O papel não pode protocolar (Art. 14): 403, com o artigo.
    pub fn protocolo(papel: divisa_processo::Papel) -> Result<(), Falha> {
        divisa_processo::papel::exigir(papel, divisa_processo::Acao::Protocolar)
            .map(|_| ())
            .map_err(|r| Falha {
                artigo: Some(r.artigo.clone()),
                ..Falha::proibido(format!("recusado ({}): {}", r.artigo, r.motivo))
            })
    }
    /// O papel não pode praticar o ato (a matriz papel × ação): 403, com o artigo.
    pub fn papel(papel: divisa_processo::Papel, ato: &divisa_processo::Ato) -> Result<(), Falha> {
        divisa_processo::papel::exigir(papel, ato.acao())
            .map(|_| ())
            .map_err(|r| Falha {
                artigo: Some(r.artigo.clone()),
                ..Falha::proibido(format!("recusado ({}): {}", r.artigo, r.motivo))
            })
    }
    pub fn json(self) -> Response {
        let mut corpo = serde_json::json!({ "erro": self.mensagem });
        if let Some(c) = &self.campo {
            corpo["campo"] = c.clone().into();
        }
        if let Some(a) = &self.artigo {
            corpo["artigo"] = a.clone().into();
        }
        (self.status, axum::Json(corpo)).into_response()
    }
}

impl From<ErroRegistro> for Falha {
    fn from(e: ErroRegistro) -> Falha {
        match e {
            ErroRegistro::Recusado(r) => {
                tracing::warn!(target: "divisa::ato", artigo = %r.artigo, motivo = %r.motivo, "ato recusado");
                Falha {
                    artigo: Some(r.artigo.clone()),
                    campo: r.campo.map(str::to_owned),
                    ..Falha::nova(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        format!("recusado ({}): {}", r.artigo, r.motivo),
                    )
                }
            }
            ErroRegistro::Conflito { .. } => Falha::nova(StatusCode::CONFLICT, e.to_string()),
            ErroRegistro::NaoEncontrado(_) => Falha::nova(StatusCode::NOT_FOUND, e.to_string()),
            outro => Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, outro.to_string()),
        }
    }
}

/// Um erro dos casos de uso dos autos, com o status de cada causa: o do registro (a recusa da
/// lei 422 com o campo, o conflito 409, o processo inexistente 404), o papel que não pode 403
/// com o artigo, a proposta que falta 404, o defeito interno ao escrever um documento 500, o resto
/// (documento que não cabe, fora do momento ou sem um dado; estudo fiscal; avaliação) 422.
impl From<divisa_autos::ErroAutos> for Falha {
    fn from(e: divisa_autos::ErroAutos) -> Falha {
        use divisa_autos::ErroAutos as E;
        match e {
            E::Registro(e) => Falha::from(e),
            E::Recusado(r) => Falha {
                artigo: Some(r.artigo.clone()),
                campo: r.campo.map(str::to_owned),
                ..Falha::proibido(format!("recusado ({}): {}", r.artigo, r.motivo))
            },
            E::Avaliacao(divisa_avaliacao::autos::ErroAutos::SemProposta { .. }) => {
                Falha::nova(StatusCode::NOT_FOUND, e.to_string())
            }
            // o defeito interno (a malha, o compositor, o zip) não é do pedido: 500, com a
            // causa no log e só uma referência na resposta
            E::Documento(divisa_documentos::ErroDocumento::Interno(_)) => {
                Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
            }
            e => Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()),
        }
    }
}

/// A falha de uma rota da API: a mesma [`Falha`], respondida em JSON (`erro`, `campo`,
/// `artigo`). Os handlers da API devolvem `Result<Response, FalhaApi>` e usam `?` sobre
/// qualquer erro que vire `Falha`: um mapeamento só por frente.
pub(crate) struct FalhaApi(pub(crate) Falha);

impl IntoResponse for FalhaApi {
    fn into_response(self) -> Response {
        self.0.json()
    }
}

impl From<Falha> for FalhaApi {
    fn from(f: Falha) -> FalhaApi {
        FalhaApi(f)
    }
}

impl From<ErroRegistro> for FalhaApi {
    fn from(e: ErroRegistro) -> FalhaApi {
        FalhaApi(Falha::from(e))
    }
}

impl From<divisa_autos::ErroAutos> for FalhaApi {
    fn from(e: divisa_autos::ErroAutos) -> FalhaApi {
        FalhaApi(Falha::from(e))
    }
}

impl IntoResponse for Falha {
    fn into_response(self) -> Response {
        let status = self.status;
        let titulo = status
            .canonical_reason()
            .map(traduzir_status)
            .unwrap_or("Erro");
        let corpo = html::documento(
            "Erro",
            None,
            html::html! {
                h1 { (titulo) }
                p.erro role="alert" { (self.mensagem) }
                p { a href="/" { "Voltar ao início" } }
            },
        )
        .into_string();
        (status, axum::response::Html(corpo)).into_response()
    }
}

pub(crate) fn traduzir_status(s: &str) -> &'static str {
    match s {
        "Not Found" => "Não encontrado",
        "Forbidden" => "Não permitido",
        "Unauthorized" => "É preciso entrar",
        "Conflict" => "Conflito",
        "Too Many Requests" => "Tentativas demais",
        "Unprocessable Entity" => "Recusado",
        "Bad Request" => "Pedido inválido",
        "Method Not Allowed" => "Pedido não aceito",
        "Payload Too Large" => "Envio grande demais",
        "Unsupported Media Type" => "Conteúdo não aceito",
        _ => "Erro",
    }
}
