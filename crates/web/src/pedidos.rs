//! O log de cada pedido (issue 19): uma linha por pedido com o método, a rota, a situação, o
//! tempo, quem pediu e um número de pedido, que também vai na resposta (`X-Request-Id`) para que
//! quem recebe um erro possa dizê-lo à equipe de informática. Nunca uma senha, um token ou um
//! título: a rota é o modelo (`/processos/{protocolo}`), sem a consulta, e quem pediu é o login.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

static PROXIMO: AtomicU64 = AtomicU64::new(1);

/// O número deste pedido e quem o fez (preenchido por [`crate::contas`] quando a sessão é
/// reconhecida), guardados nas extensões do pedido.
#[derive(Clone, Default)]
pub(crate) struct Pedido {
    pub id: String,
    usuario: Arc<Mutex<Option<String>>>,
}

impl Pedido {
    /// Anota quem fez o pedido.
    pub(crate) fn anotar_usuario(&self, login: &str) {
        if let Ok(mut u) = self.usuario.lock() {
            *u = Some(login.to_owned());
        }
    }
}

/// Um número curto e único no processo: o início (do relógio) distingue reinícios do servidor.
fn novo_id() -> String {
    static INICIO: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let inicio = *INICIO.get_or_init(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
            & 0xffff
    });
    format!(
        "{inicio:04x}-{:06}",
        PROXIMO.fetch_add(1, Ordering::Relaxed)
    )
}

/// O middleware: registra o pedido na saída e põe o número na resposta.
pub(crate) async fn registrar(mut req: Request, next: Next) -> Response {
    let inicio = Instant::now();
    let pedido = Pedido {
        id: novo_id(),
        usuario: Arc::default(),
    };
    req.extensions_mut().insert(pedido.clone());
    let metodo = req.method().clone();
    let rota = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "(sem rota)".to_owned(), |m| m.as_str().to_owned());
    let endereco = req
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip().to_string())
        .unwrap_or_default();
    let mut resposta = next.run(req).await;
    let segundos = inicio.elapsed().as_secs_f64();
    let ms = segundos * 1000.0;
    let status = resposta.status().as_u16();
    crate::metricas::pedido(&rota, metodo.as_str(), status, segundos);
    let usuario = pedido
        .usuario
        .lock()
        .ok()
        .and_then(|u| u.clone())
        .unwrap_or_else(|| "-".to_owned());
    if status >= 500 {
        tracing::error!(target: "divisa::pedido", pedido = %pedido.id, metodo = %metodo, rota = %rota, status, ms, usuario = %usuario, endereco = %endereco, "pedido");
    } else {
        tracing::info!(target: "divisa::pedido", pedido = %pedido.id, metodo = %metodo, rota = %rota, status, ms, usuario = %usuario, endereco = %endereco, "pedido");
    }
    if let Ok(v) = HeaderValue::from_str(&pedido.id) {
        resposta.headers_mut().insert("x-request-id", v);
    }
    resposta
}
