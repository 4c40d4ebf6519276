//! Os arquivos estáticos, embutidos no executável (o programa roda sem internet), servidos em
//! gzip a quem aceita (a folha do gov.br tem 0,7 MB; comprimida, uns 0,1 MB).
//!
//! - `leaflet/`: Leaflet 1.9.4, do pacote npm `leaflet@1.9.4` (`npm pack leaflet@1.9.4`, tarball
//!   SHA-256 84c65a256e50657896f54c33bd857b6849ebe94c817803be818bf32a3dde0b77), arquivos
//!   `dist/leaflet.js` e `dist/leaflet.css` sem mudança; licença BSD-2-Clause em
//!   `ativos/leaflet/LICENSE`.
//! - `geoman/`: Leaflet-Geoman, edição livre (o editor da área do processo, `editor.js`), do pacote
//!   npm `@geoman-io/leaflet-geoman-free@2.20.2` (`npm pack @geoman-io/leaflet-geoman-free@2.20.2`,
//!   tarball SHA-256 1688a81159de5610fcb7af59f7d76a5133aa5fe58d1840aa43b5915a0c1699a0), arquivos
//!   `dist/leaflet-geoman.min.js` e `dist/leaflet-geoman.css` sem mudança; licença MIT em
//!   `ativos/geoman/LICENSE`. Cabe na CSP: as imagens da folha são URIs `data:`, e o código não
//!   usa `eval` nem scripts em linha (o `Function("return this")` do lodash embutido só roda onde
//!   não há `self`, fora do navegador). Só o baixam as páginas de processo de quem pode editar a
//!   área (`divisa.js`); `editor.js` é nosso.
//! - `govbr/`: o Padrão Digital de Governo (gov.br Design System), do pacote npm
//!   `@govbr-ds/core@3.7.0` (`npm pack @govbr-ds/core@3.7.0`, tarball SHA-256
//!   2b8f13b0a1427f101f9f7aa81751b1bafe829e17305b1727fc2a0e3326781247), arquivo
//!   `dist/core.min.css` recortado às regras que as páginas usam (`scripts/recortar-govbr.sh`,
//!   PurgeCSS: as variáveis de `:root` e as regras dos elementos; 719 KB → 48 KB) em
//!   `govbr/core.recortado.css`; licença MIT em `ativos/govbr/LICENSE`. Só a folha: os
//!   componentes que pedem o JavaScript do padrão não são usados.
//! - `raleway/`: a fonte Raleway (a que o padrão declara depois da Rawline, que não é publicada
//!   em pacote), do pacote npm `@fontsource/raleway@5.3.0` (tarball SHA-256
//!   d5dc5cb4563286e45c5b832b0718fa36d84148405cf6f5d1903615a74d253ea8), arquivos
//!   `files/raleway-latin-{400,600,700}-normal.woff2` (o subconjunto latino cobre o português);
//!   licença SIL Open Font License 1.1 em `ativos/raleway/LICENSE`.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
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
        "sem-script.css",
        "text/css; charset=utf-8",
        include_bytes!("../ativos/sem-script.css"),
    ),
    (
        "icone.svg",
        "image/svg+xml",
        include_bytes!("../ativos/icone.svg"),
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
    (
        "geoman.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../ativos/geoman/leaflet-geoman.min.js"),
    ),
    (
        "geoman.css",
        "text/css; charset=utf-8",
        include_bytes!("../ativos/geoman/leaflet-geoman.css"),
    ),
    (
        "geoman-LICENSE.txt",
        "text/plain; charset=utf-8",
        include_bytes!("../ativos/geoman/LICENSE"),
    ),
    (
        "editor.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../ativos/editor.js"),
    ),
    (
        "govbr-core.min.css",
        "text/css; charset=utf-8",
        include_bytes!("../ativos/govbr/core.recortado.css"),
    ),
    (
        "govbr-LICENSE.txt",
        "text/plain; charset=utf-8",
        include_bytes!("../ativos/govbr/LICENSE"),
    ),
    (
        "raleway-400.woff2",
        "font/woff2",
        include_bytes!("../ativos/raleway/raleway-latin-400-normal.woff2"),
    ),
    (
        "raleway-600.woff2",
        "font/woff2",
        include_bytes!("../ativos/raleway/raleway-latin-600-normal.woff2"),
    ),
    (
        "raleway-700.woff2",
        "font/woff2",
        include_bytes!("../ativos/raleway/raleway-latin-700-normal.woff2"),
    ),
    (
        "raleway-LICENSE.txt",
        "text/plain; charset=utf-8",
        include_bytes!("../ativos/raleway/LICENSE"),
    ),
];

/// Cada arquivo de texto em gzip, feito na primeira vez que alguém o pede.
static COMPRIMIDOS: [OnceLock<Vec<u8>>; ARQUIVOS.len()] =
    [const { OnceLock::new() }; ARQUIVOS.len()];

/// `bytes` em gzip (vazio se a compressão falhasse: então vai sem compressão).
pub(crate) fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    match e.write_all(bytes) {
        Ok(()) => e.finish().unwrap_or_default(),
        Err(_) => Vec::new(),
    }
}

/// Se o cliente aceita gzip (`Accept-Encoding`; "gzip;q=0" recusa).
pub(crate) fn aceita_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|c| {
            let mut partes = c.split(';');
            let nome = partes.next().unwrap_or("").trim();
            nome.eq_ignore_ascii_case("gzip") && !partes.any(|p| p.trim().replace(' ', "") == "q=0")
        })
}

pub(crate) async fn servir(Path(arquivo): Path<String>, headers: HeaderMap) -> Response {
    let Some(i) = ARQUIVOS.iter().position(|(nome, _, _)| *nome == arquivo) else {
        return (StatusCode::NOT_FOUND, "arquivo não encontrado").into_response();
    };
    let (_, tipo, bytes) = ARQUIVOS[i];
    // As fontes já vêm comprimidas (woff2); o texto vai em gzip a quem aceita.
    if (tipo.starts_with("text/") || tipo == "image/svg+xml") && aceita_gzip(&headers) {
        let comprimido = COMPRIMIDOS[i].get_or_init(|| gzip(bytes));
        if !comprimido.is_empty() {
            return (
                [
                    (header::CONTENT_TYPE, tipo),
                    (header::CACHE_CONTROL, "public, max-age=3600"),
                    (header::CONTENT_ENCODING, "gzip"),
                    (header::VARY, "Accept-Encoding"),
                ],
                comprimido.clone(),
            )
                .into_response();
        }
    }
    (
        [
            (header::CONTENT_TYPE, tipo),
            (header::CACHE_CONTROL, "public, max-age=3600"),
            (header::VARY, "Accept-Encoding"),
        ],
        bytes,
    )
        .into_response()
}
