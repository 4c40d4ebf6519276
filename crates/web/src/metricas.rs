//! As métricas do servidor no formato de texto do Prometheus (`GET /metricas`, issue 19):
//! pedidos por rota, método e situação; a latência por rota (histograma); avaliações da lei;
//! trabalhos pesados por resultado (concluído, passou do tempo, passou da memória); processos
//! abertos por fase e prazos vencidos (lidos do banco a cada coleta).
//!
//! A rota só existe com um token configurado (`DIVISA_TOKEN_METRICAS` no ambiente de
//! `divisa serve`, nunca na linha de comando, que aparece no `ps`): sem ele, 404; com ele, o
//! pedido precisa de `Authorization: Bearer TOKEN` (comparado pelo SHA-256, em tempo constante).

use std::sync::LazyLock;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::{Estado, Falha};

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Pedido {
    rota: String,
    metodo: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Rota {
    rota: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Resultado {
    resultado: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Fase {
    fase: String,
}

fn histograma() -> Histogram {
    // de 1 ms a ~16 s, dobrando
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

struct Metricas {
    registro: Registry,
    pedidos: Family<Pedido, Counter>,
    latencia: Family<Rota, Histogram, fn() -> Histogram>,
    avaliacoes: Counter,
    trabalhos: Family<Resultado, Counter>,
    processos: Family<Fase, Gauge>,
    prazos_vencidos: Gauge,
}

static METRICAS: LazyLock<Metricas> = LazyLock::new(|| {
    let mut registro = Registry::with_prefix("divisa");
    let pedidos = Family::<Pedido, Counter>::default();
    registro.register(
        "pedidos",
        "Pedidos HTTP respondidos, por rota, método e situação",
        pedidos.clone(),
    );
    let latencia = Family::<Rota, Histogram, fn() -> Histogram>::new_with_constructor(
        histograma as fn() -> Histogram,
    );
    registro.register(
        "pedido_segundos",
        "Tempo para responder um pedido, por rota",
        latencia.clone(),
    );
    let avaliacoes = Counter::default();
    registro.register(
        "avaliacoes",
        "Avaliações da lei (propostas e autos)",
        avaliacoes.clone(),
    );
    let trabalhos = Family::<Resultado, Counter>::default();
    registro.register(
        "trabalhos_pesados",
        "Trabalhos pesados (território, avaliação, documentos) por resultado",
        trabalhos.clone(),
    );
    let processos = Family::<Fase, Gauge>::default();
    registro.register(
        "processos_abertos",
        "Processos por fase (os encerrados na fase final contam na sua fase)",
        processos.clone(),
    );
    let prazos_vencidos = Gauge::default();
    registro.register(
        "prazos_vencidos",
        "Prazos vencidos (Art. 2º, § 3º e outros) em todos os processos",
        prazos_vencidos.clone(),
    );
    Metricas {
        registro,
        pedidos,
        latencia,
        avaliacoes,
        trabalhos,
        processos,
        prazos_vencidos,
    }
});

/// Conta um pedido respondido.
pub(crate) fn pedido(rota: &str, metodo: &str, status: u16, segundos: f64) {
    let m = &*METRICAS;
    m.pedidos
        .get_or_create(&Pedido {
            rota: rota.to_owned(),
            metodo: metodo.to_owned(),
            status,
        })
        .inc();
    m.latencia
        .get_or_create(&Rota {
            rota: rota.to_owned(),
        })
        .observe(segundos);
}

/// Conta uma avaliação da lei.
pub(crate) fn avaliacao() {
    METRICAS.avaliacoes.inc();
}

/// Conta um trabalho pesado pelo resultado ("concluido", "tempo", "memoria", "erro").
pub(crate) fn trabalho(resultado: &str) {
    METRICAS
        .trabalhos
        .get_or_create(&Resultado {
            resultado: resultado.to_owned(),
        })
        .inc();
}

/// O texto das métricas, com os processos por fase e os prazos vencidos lidos agora do banco.
pub(crate) async fn texto(estado: &crate::Estado) -> Result<String, String> {
    let registro = estado.registro();
    let m = &*METRICAS;
    let processos = registro.listar().await.map_err(|e| e.to_string())?;
    m.processos.clear();
    for p in &processos {
        m.processos
            .get_or_create(&Fase {
                fase: p.fase.codigo().to_owned(),
            })
            .inc();
    }
    let hoje = estado.hoje();
    let vencidos = registro
        .alertas(hoje)
        .await
        .map_err(|e| e.to_string())?
        .iter()
        .filter(|a| {
            matches!(
                a.alerta.situacao,
                Some(divisa_processo::prazos::SituacaoDoPrazo::Vencido { .. })
            )
        })
        .count();
    m.prazos_vencidos
        .set(i64::try_from(vencidos).unwrap_or(i64::MAX));
    let mut saida = String::new();
    prometheus_client::encoding::text::encode(&mut saida, &m.registro)
        .map_err(|e| e.to_string())?;
    Ok(saida)
}

/// `GET /metricas`: as métricas no formato do Prometheus, com `Authorization: Bearer TOKEN`
/// (o token de `DIVISA_TOKEN_METRICAS`); sem token configurado, a rota não existe (404).
pub(crate) async fn metricas_prometheus(
    axum::extract::State(estado): axum::extract::State<Estado>,
    headers: axum::http::HeaderMap,
) -> Response {
    use sha2::{Digest, Sha256};
    let Some(esperado) = &estado.0.token_metricas else {
        return (StatusCode::NOT_FOUND, "métricas não configuradas").into_response();
    };
    let dado = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    // pelo SHA-256 dos dois lados: o tempo da comparação não diz quanto do token acertou
    let (a, b) = (
        Sha256::digest(dado.as_bytes()),
        Sha256::digest(esperado.as_bytes()),
    );
    if a.iter().zip(b.iter()).fold(0u8, |d, (x, y)| d | (x ^ y)) != 0 {
        return (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer")],
            "falta o cabeçalho Authorization: Bearer com o token das métricas",
        )
            .into_response();
    }
    match texto(&estado).await {
        Ok(t) => (
            [(
                header::CONTENT_TYPE,
                "application/openmetrics-text; version=1.0.0; charset=utf-8",
            )],
            t,
        )
            .into_response(),
        Err(e) => Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e).into_response(),
    }
}

/// `GET /saude`: 200 quando o banco responde e tem as migrações desta versão; 503 com o motivo
/// (para o balanceador, o systemd ou o monitoramento). Sem login; não diz nada dos processos.
pub(crate) async fn saude(axum::extract::State(estado): axum::extract::State<Estado>) -> Response {
    match estado.registro().saude().await {
        Ok(migracoes) => axum::Json(serde_json::json!({
            "estado": "pronto",
            "banco": "responde",
            "migracoes": migracoes,
            "versao": env!("CARGO_PKG_VERSION"),
        }))
        .into_response(),
        Err(motivo) => (
            StatusCode::SERVICE_UNAVAILABLE,
            axum::Json(serde_json::json!({"estado": "indisponivel", "motivo": motivo.to_string()})),
        )
            .into_response(),
    }
}
