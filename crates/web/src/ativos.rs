//! Os arquivos estáticos, embutidos no executável (o programa roda sem internet).
//!
//! `leaflet/`: Leaflet 1.9.4, do pacote npm `leaflet@1.9.4` (`npm pack leaflet@1.9.4`, tarball
//! SHA-256 84c65a256e50657896f54c33bd857b6849ebe94c817803be818bf32a3dde0b77), arquivos
//! `dist/leaflet.js` e `dist/leaflet.css` sem mudança; licença BSD-2-Clause em
//! `ativos/leaflet/LICENSE`.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

const ARQUIVOS: &[(&str, &str, &[u8])] = &[
    (
        "divisa.css",
        "text/css; charset=utf-8",
        include_bytes!("../ativos/divisa.css"),
    ),
    (
        "divisa.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../ativos/divisa.js"),
    ),
    (
        "leaflet.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../ativos/leaflet/leaflet.js"),
    ),
    (
        "leaflet.css",
        "text/css; charset=utf-8",
        include_bytes!("../ativos/leaflet/leaflet.css"),
    ),
    (
        "leaflet-LICENSE.txt",
        "text/plain; charset=utf-8",
        include_bytes!("../ativos/leaflet/LICENSE"),
    ),
];

pub(crate) async fn servir(Path(arquivo): Path<String>) -> Response {
    match ARQUIVOS.iter().find(|(nome, _, _)| *nome == arquivo) {
        Some((_, tipo, bytes)) => (
            [
                (header::CONTENT_TYPE, *tipo),
                (header::CACHE_CONTROL, "public, max-age=3600"),
            ],
            *bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "arquivo não encontrado").into_response(),
    }
}
