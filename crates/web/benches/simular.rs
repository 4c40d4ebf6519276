//! Quanto custa a simulação do editor da área (issue 29): `POST …/area/simular` com uma área de
//! 20.000 vértices, pelo roteador inteiro (sessão, CSRF, oficina com orçamento, leitura e
//! conferência do GeoJSON, a lei aplicada aos autos com a área nova e comparada com a em vigor),
//! sem rede. Meta: p95 abaixo de 150 ms nesta máquina (2 núcleos).
//!
//! `cargo bench -p divisa-web --bench simular` imprime, na mesma execução:
//! - a primeira simulação (sem a avaliação da área em vigor guardada);
//! - as seguintes, como o editor as pede a cada mudança: mediana, p95 e máximo;
//! - o piso: só ler, conferir e medir o mesmo GeoJSON (`divisa_avaliacao::area::ler` e `medir`),
//!   e a razão da simulação a ele — o quanto da espera é a lei, e não a geometria.
//!
//! A área é a do processo de demonstração (a faixa de Ribeirãozinho junto à divisa com Ponte
//! Branca, 43 vértices) levada a 20.000 vértices de dois jeitos: a linha nova (para dentro do
//! município) com 20 mil vértices e a divisa pelos vértices da malha — o caso do editor —, e o
//! pior caso, cada lado partido em pontos alinhados, também os que correm sobre a divisa. Um
//! vértice é movido a cada pedido (como quem arrasta).

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Request};
use serde_json::{json, Value};
use tower::ServiceExt;

const VERTICES: usize = 20_000;
const REPETICOES: usize = 60;

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(bancada());
}

async fn bancada() {
    let dir = std::env::temp_dir().join(format!("divisa-bench-simular-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("diretório");
    let url = dir.join("divisa.sqlite3").to_string_lossy().into_owned();
    let registro = divisa_registro::Registro::abrir(&url).await.expect("banco");
    divisa_web::semente::semear(&registro, jiff::Timestamp::now())
        .await
        .expect("semente");
    let app = divisa_web::rotas(divisa_web::Estado::novo(registro.clone(), false));
    let protocolo = registro
        .listar()
        .await
        .expect("listar")
        .into_iter()
        .find(|p| p.nome.contains("Ribeirãozinho–Ponte Branca"))
        .expect("processo de demonstração")
        .protocolo;
    let base = format!("/api/processos/{}/area", protocolo.replace('/', "%2F"));

    // a sessão de um servidor da Casa
    let r = pedir(
        &app,
        Request::post("/api/sessao")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(r#"{"login":"carla","senha":"demonstracao"}"#))
            .unwrap(),
    )
    .await;
    let (cookie, csrf) = (
        r.0.split(';').next().unwrap_or_default().to_owned(),
        r.1["csrf"].as_str().unwrap_or_default().to_owned(),
    );

    let atual = pedir(
        &app,
        Request::get(&base)
            .header(header::COOKIE, &cookie)
            .body(Body::empty())
            .unwrap(),
    )
    .await
    .1;
    let anel: Vec<[f64; 2]> = serde_json::from_value(atual["geometry"]["coordinates"][0].clone())
        .expect("anel da área de demonstração");
    println!(
        "divisa — simulação da área no editor (issue 29): {VERTICES} vértices, {REPETICOES} pedidos por caso, 2 núcleos\n"
    );
    let contexto = Contexto {
        app: &app,
        base: &base,
        cookie: &cookie,
        csrf: &csrf,
    };
    // o caso do editor: o trecho da divisa com os vértices da malha (o «seguir a divisa», o
    // arquivo do SIGEF) e a linha nova, dentro do município, com 20 mil vértices (um córrego,
    // uma estrada levantada por GPS)
    let a = caso(
        &contexto,
        "linha nova densa, divisa pelos vértices da malha",
        &linha_densa(&anel, VERTICES),
    )
    .await;
    // o pior caso: cada lado partido em pontos alinhados, também os da divisa — pontos sobre
    // os lados da malha, que não caem nos vértices dela e deixam lascas ao longo da divisa
    let b = caso(
        &contexto,
        "todos os lados partidos em pontos alinhados (pior caso)",
        &densificar(&anel, VERTICES),
    )
    .await;
    println!(
        "\nmeta (p95 < 150 ms) no caso do editor: {}; no pior caso, p95 {} ({}× a meta)",
        if a < Duration::from_millis(150) {
            "atingida"
        } else {
            "NÃO atingida"
        },
        ms(b),
        decimal(b.as_secs_f64() / 0.150, 1)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

struct Contexto<'a> {
    app: &'a axum::Router,
    base: &'a str,
    cookie: &'a str,
    csrf: &'a str,
}

/// Mede um caso: a primeira simulação, as seguintes (mediana, p95, máximo) e o piso. Devolve o
/// p95.
async fn caso(c: &Contexto<'_>, nome: &str, denso: &[[f64; 2]]) -> Duration {
    println!("{nome} ({} vértices):", denso.len() - 1);
    let corpo = |i: usize| {
        let mut a = denso.to_vec();
        // um vértice do meio da linha arrastado um pouco a cada pedido
        let k = a.len() / 2;
        a[k][1] += 1e-6 * (i % 7) as f64;
        json!({"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [a]}})
            .to_string()
    };
    let simular = |texto: String| {
        Request::post(format!("{}/simular", c.base))
            .header(header::COOKIE, c.cookie)
            .header("x-csrf-token", c.csrf)
            .header(header::CONTENT_TYPE, "application/geo+json")
            .body(Body::from(texto))
            .unwrap()
    };
    let t = Instant::now();
    let (_, primeira) = pedir(c.app, simular(corpo(0))).await;
    println!(
        "  primeira simulação: {} — área {}",
        ms(t.elapsed()),
        primeira["area_texto"].as_str().unwrap_or_default()
    );
    let mut tempos = Vec::with_capacity(REPETICOES);
    for i in 1..=REPETICOES {
        let texto = corpo(i);
        let t = Instant::now();
        let (_, j) = pedir(c.app, simular(texto)).await;
        tempos.push(t.elapsed());
        assert!(j["area_texto"].is_string(), "{j}");
    }
    tempos.sort();
    let p = |q: f64| tempos[((tempos.len() as f64 * q).ceil() as usize).clamp(1, tempos.len()) - 1];
    let (mediana, p95, maximo) = (p(0.5), p(0.95), *tempos.last().unwrap());
    // o piso: ler, conferir e medir o mesmo GeoJSON, sem a lei
    let texto = corpo(1);
    let mut pisos = Vec::new();
    for _ in 0..REPETICOES {
        let t = Instant::now();
        let lido = divisa_avaliacao::area::ler("area.geojson", texto.as_bytes()).expect("lê");
        std::hint::black_box(divisa_avaliacao::area::medir(&lido.poligonos));
        pisos.push(t.elapsed());
    }
    pisos.sort();
    let piso = pisos[pisos.len() / 2];
    println!(
        "  simulações seguintes: mediana {}, p95 {}, máximo {}",
        ms(mediana),
        ms(p95),
        ms(maximo)
    );
    println!(
        "  piso (só ler, conferir e medir o GeoJSON): mediana {}; razão simulação/piso {}×; p95/meta {}",
        ms(piso),
        decimal(mediana.as_secs_f64() / piso.as_secs_f64().max(1e-9), 1),
        decimal(p95.as_secs_f64() / 0.150, 2)
    );
    p95
}

/// Os lados longos (a linha nova, para dentro do município) partidos em `alvo` vértices no
/// total, com uma ondulação de uns 10 m (um córrego, não uma reta); os outros lados, os da
/// divisa pelos vértices da malha, ficam como estão.
fn linha_densa(anel: &[[f64; 2]], alvo: usize) -> Vec<[f64; 2]> {
    let longos: Vec<usize> = (0..anel.len() - 1)
        .filter(|&i| {
            let (a, b) = (anel[i], anel[i + 1]);
            (b[0] - a[0]).hypot(b[1] - a[1]) > 0.003
        })
        .collect();
    let por = (alvo - (anel.len() - 1)) / longos.len().max(1);
    let mut saida = Vec::with_capacity(alvo + 1);
    for i in 0..anel.len() - 1 {
        let (a, b) = (anel[i], anel[i + 1]);
        saida.push(a);
        if longos.contains(&i) {
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let l = dx.hypot(dy);
            let (nx, ny) = (-dy / l, dx / l);
            for k in 1..=por {
                let f = k as f64 / (por + 1) as f64;
                let onda = 1e-4 * (k as f64 / 7.0).sin() * (f * std::f64::consts::PI).sin();
                saida.push([a[0] + dx * f + nx * onda, a[1] + dy * f + ny * onda]);
            }
        }
    }
    saida.push(saida[0]);
    saida
}

/// Cada lado partido em pontos alinhados, até `alvo` vértices (o fechamento à parte).
fn densificar(anel: &[[f64; 2]], alvo: usize) -> Vec<[f64; 2]> {
    let lados = anel.len() - 1;
    let por_lado = alvo.div_ceil(lados);
    let mut saida = Vec::with_capacity(alvo + 1);
    for w in anel.windows(2) {
        for k in 0..por_lado {
            let t = k as f64 / por_lado as f64;
            saida.push([
                w[0][0] + (w[1][0] - w[0][0]) * t,
                w[0][1] + (w[1][1] - w[0][1]) * t,
            ]);
            if saida.len() == alvo {
                break;
            }
        }
        if saida.len() == alvo {
            break;
        }
    }
    saida.push(saida[0]);
    saida
}

async fn pedir(app: &axum::Router, pedido: Request<Body>) -> (String, Value) {
    let r = app.clone().oneshot(pedido).await.expect("resposta");
    let cookie = r
        .headers()
        .get(header::SET_COOKIE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let status = r.status();
    let bytes = axum::body::to_bytes(r.into_body(), usize::MAX)
        .await
        .expect("corpo");
    let j: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    assert!(status.is_success(), "{status}: {j}");
    (cookie, j)
}

fn ms(d: Duration) -> String {
    format!("{} ms", decimal(d.as_secs_f64() * 1000.0, 1))
}

fn decimal(v: f64, casas: usize) -> String {
    divisa_referencia::formato::decimal(v, casas)
}
