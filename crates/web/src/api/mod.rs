//! A API JSON: as mesmas operações das páginas, com erros em JSON que nomeiam o campo.
//!
//! Autenticação pelo mesmo cookie de sessão (`POST /api/sessao`); toda chamada que muda algo
//! exige o cabeçalho `X-CSRF-Token` com o token devolvido no login. Chamadas que só calculam
//! (avaliar uma proposta, conferir títulos) não mudam nada e não pedem token.

use std::collections::HashMap;

use axum::extract::{FromRequest, Multipart, Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use divisa_processo::{Acao, Ato, DocumentoArt15, TipoProcesso};
use divisa_registro::NovaRepresentacao;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::contas::{self, Quem};
use crate::falha::FalhaApi;
use crate::{Estado, Falha};

mod consultas;
mod mapas;
mod processos;
mod sessao;

use consultas::*;
use mapas::*;
use processos::*;
use sessao::*;

pub(crate) use mapas::MalhaDaTela;

pub(crate) fn rotas() -> Router<Estado> {
    Router::new()
        .route("/api/openapi.json", get(crate::openapi::documento))
        .route("/api/sessao", post(entrar).delete(sair).get(sessao))
        .route("/api/processos", get(listar).post(protocolar))
        .route("/api/processos/{protocolo}", get(processo))
        .route("/api/processos/{protocolo}/atos", post(ato))
        .route("/api/processos/{protocolo}/relatorio", get(relatorio))
        .route(
            "/api/processos/{protocolo}/mapa.geojson",
            get(mapa_do_processo),
        )
        .route("/api/alertas", get(alertas))
        .route("/api/avaliar", post(avaliar))
        .route("/api/lei", get(lei))
        .route("/api/municipios/{codigo}", get(municipio))
        .route("/api/municipios/{codigo}/limite.geojson", get(limite))
        .route("/api/malha.geojson", get(malha))
        .route("/api/validacao/titulos", post(titulos))
        .route("/api/toponimo", get(toponimo))
}

type Resposta = Result<Response, FalhaApi>;

fn conferir_csrf(quem: &Quem, headers: &HeaderMap) -> Result<(), Falha> {
    quem.exigir_conta()?;
    quem.conferir_csrf(headers.get("x-csrf-token").and_then(|v| v.to_str().ok()))
        .map_err(|_| {
            Falha::proibido("falta o cabeçalho X-CSRF-Token com o token da sessão (devolvido por POST /api/sessao)")
        })
}

/// Lê o corpo JSON com erro em português que nomeia o campo.
fn corpo<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, Falha> {
    let mut d = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut d).map_err(|e| {
        let mut campo = e.path().to_string();
        let e = e.into_inner();
        // o campo que falta é dito no campo, não só no texto
        if let Some(falta) = e
            .to_string()
            .strip_prefix("missing field `")
            .and_then(|r| r.split('`').next())
        {
            campo = if campo == "." {
                falta.to_owned()
            } else {
                format!("{campo}.{falta}")
            };
        }
        // a mensagem do serde_json termina com " at line L column C": a posição vai em português
        let texto = e.to_string();
        let texto = texto.split(" at line ").next().unwrap_or_default();
        let m = match e.classify() {
            serde_json::error::Category::Data => divisa_processo::traduzir_serde(texto),
            serde_json::error::Category::Eof => "o JSON termina antes da hora".to_owned(),
            serde_json::error::Category::Syntax | serde_json::error::Category::Io => {
                "sintaxe inválida".to_owned()
            }
        };
        Falha::no_campo(
            if campo == "." { "" } else { &campo },
            format!(
                "JSON inválido na linha {}, coluna {}: {m}",
                e.line(),
                e.column()
            ),
        )
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnexoJson {
    nome: String,
    conteudo_base64: String,
}

/// Os arquivos em base64 de um corpo JSON (`campo[i].conteudo_base64`), com o erro no campo.
fn decodificar(campo: &str, anexos: Vec<AnexoJson>) -> Result<Vec<(String, Vec<u8>)>, Falha> {
    use base64::Engine as _;
    anexos
        .into_iter()
        .enumerate()
        .map(|(i, a)| {
            let conteudo = base64::engine::general_purpose::STANDARD
                .decode(a.conteudo_base64.trim())
                .map_err(|e| {
                    Falha::no_campo(
                        &format!("{campo}[{i}].conteudo_base64"),
                        format!("«{}»: o conteúdo não é base64 válido ({e})", a.nome),
                    )
                })?;
            Ok((a.nome, conteudo))
        })
        .collect()
}

fn json_texto(texto: String) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        texto,
    )
        .into_response()
}

fn geojson_texto(texto: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/geo+json; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        texto,
    )
        .into_response()
}
