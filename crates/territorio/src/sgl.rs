//! A área no Sistema Geodésico Local (SGL), a que o SIGEF do INCRA usa para imóveis rurais
//! (Norma Técnica para Georreferenciamento, 3ª ed., e Manual Técnico de Posicionamento):
//! coordenadas geodésicas → geocêntricas (GRS80) → topocêntricas (E, N, U) num plano tangente
//! ao elipsoide com origem no centro do polígono; a área é a do polígono (E, N) pela fórmula de
//! Gauss.
//!
//! O divisa não tem altitudes: todos os vértices vão com h = 0 e a origem no centro (média das
//! coordenadas dos vértices). Com altitudes reais, o SIGEF dá áreas um pouco maiores (a
//! "verdadeira grandeza" na altitude do terreno). Para territórios municipais, o plano tangente
//! se afasta do elipsoide e a área do SGL deixa de ser a de referência: por isso o divisa
//! mostra as três (geodésica, Albers-IBGE e SGL) e diz qual é a da lei.
//!
//! # Unidades
//! Graus na entrada; m² na saída.

use geo_types::{Coord, MultiPolygon};

use crate::geodesia::{GRS80_ACHATAMENTO, GRS80_SEMIEIXO_MAIOR_M};

fn geocentrico(lon: f64, lat: f64) -> [f64; 3] {
    geocentrico_h(lon, lat, 0.0)
}

/// Coordenadas geocêntricas (X, Y, Z) de um ponto a `h` metros do elipsoide.
fn geocentrico_h(lon: f64, lat: f64, h: f64) -> [f64; 3] {
    let e2 = GRS80_ACHATAMENTO * (2.0 - GRS80_ACHATAMENTO);
    let (fi, lambda) = (lat.to_radians(), lon.to_radians());
    let n = GRS80_SEMIEIXO_MAIOR_M / (1.0 - e2 * fi.sin().powi(2)).sqrt();
    [
        (n + h) * fi.cos() * lambda.cos(),
        (n + h) * fi.cos() * lambda.sin(),
        (n * (1.0 - e2) + h) * fi.sin(),
    ]
}

/// Um ponto com altitude elipsoidal: longitude e latitude em graus, altitude em metros.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PontoComAltitude {
    /// Longitude, graus.
    pub lon: f64,
    /// Latitude, graus.
    pub lat: f64,
    /// Altitude sobre o elipsoide, m (0 quando não se sabe).
    pub h: f64,
}

/// As coordenadas (E, N) de um anel no plano do SGL como o SIGEF o monta: origem no ponto de
/// longitude, latitude e altitude médias dos vértices, e cada vértice com a sua altitude (a
/// "verdadeira grandeza" na altura do terreno).
///
/// ```
/// use divisa_territorio::sgl::{plano_local, PontoComAltitude};
/// let p = |lon, lat| PontoComAltitude { lon, lat, h: 400.0 };
/// let plano = plano_local(&[p(-55.5, -12.2), p(-55.49, -12.2), p(-55.49, -12.19)]);
/// assert!((plano[1].0 - plano[0].0 - 1088.2).abs() < 1.0); // 0,01° de longitude a 12° S
/// ```
pub fn plano_local(pontos: &[PontoComAltitude]) -> Vec<(f64, f64)> {
    if pontos.is_empty() {
        return Vec::new();
    }
    let n = pontos.len() as f64;
    let (lon0, lat0, h0) = pontos.iter().fold((0.0, 0.0, 0.0), |s, p| {
        (s.0 + p.lon / n, s.1 + p.lat / n, s.2 + p.h / n)
    });
    let origem = geocentrico_h(lon0, lat0, h0);
    let (fi, lambda) = (lat0.to_radians(), lon0.to_radians());
    let (sf, cf, sl, cl) = (fi.sin(), fi.cos(), lambda.sin(), lambda.cos());
    pontos
        .iter()
        .map(|p| {
            let g = geocentrico_h(p.lon, p.lat, p.h);
            let d = [g[0] - origem[0], g[1] - origem[1], g[2] - origem[2]];
            (
                -sl * d[0] + cl * d[1],
                -sf * cl * d[0] - sf * sl * d[1] + cf * d[2],
            )
        })
        .collect()
}

/// Área (m², sem sinal, pela fórmula de Gauss) e perímetro (m) de um anel no plano do SGL com
/// altitudes ([`plano_local`]); o anel não repete o primeiro vértice no fim.
pub fn area_e_perimetro_sgl(pontos: &[PontoComAltitude]) -> (f64, f64) {
    let plano = plano_local(pontos);
    let n = plano.len();
    let (mut dobro, mut perimetro) = (0.0, 0.0);
    for i in 0..n {
        let (a, b) = (plano[i], plano[(i + 1) % n]);
        dobro += a.0 * b.1 - b.0 * a.1;
        perimetro += (b.0 - a.0).hypot(b.1 - a.1);
    }
    ((dobro / 2.0).abs(), perimetro)
}

/// A área no SGL (h = 0, origem no centro dos vértices), m².
///
/// ```
/// use divisa_territorio::sgl::area_sgl;
/// use divisa_territorio::geodesia::area_geodesica;
/// use geo_types::{polygon, MultiPolygon};
/// let lote = MultiPolygon(vec![polygon![(x: -56.0, y: -15.0), (x: -55.99, y: -15.0), (x: -55.99, y: -14.99), (x: -56.0, y: -14.99)]]);
/// let (sgl, geodesica) = (area_sgl(&lote), area_geodesica(&lote).area_m2);
/// assert!((sgl - geodesica).abs() / geodesica < 1e-6); // 1 km²: o plano tangente quase não se afasta
/// ```
pub fn area_sgl(territorio: &MultiPolygon<f64>) -> f64 {
    let vertices: Vec<Coord<f64>> = territorio
        .0
        .iter()
        .flat_map(|p| p.exterior().0.iter().copied())
        .collect();
    if vertices.is_empty() {
        return 0.0;
    }
    let centro = Coord {
        x: vertices.iter().map(|c| c.x).sum::<f64>() / vertices.len() as f64,
        y: vertices.iter().map(|c| c.y).sum::<f64>() / vertices.len() as f64,
    };
    let origem = geocentrico(centro.x, centro.y);
    let (fi, lambda) = (centro.y.to_radians(), centro.x.to_radians());
    let topocentrico = |c: &Coord<f64>| {
        let p = geocentrico(c.x, c.y);
        let d = [p[0] - origem[0], p[1] - origem[1], p[2] - origem[2]];
        let leste = -lambda.sin() * d[0] + lambda.cos() * d[1];
        let norte =
            -fi.sin() * lambda.cos() * d[0] - fi.sin() * lambda.sin() * d[1] + fi.cos() * d[2];
        (leste, norte)
    };
    let area_anel = |anel: &geo_types::LineString<f64>| {
        let pontos: Vec<(f64, f64)> = anel.0.iter().map(topocentrico).collect();
        let soma: f64 = pontos
            .windows(2)
            .map(|p| p[0].0 * p[1].1 - p[1].0 * p[0].1)
            .sum();
        let fecho = match (pontos.last(), pontos.first()) {
            (Some(u), Some(p)) => u.0 * p.1 - p.0 * u.1,
            _ => 0.0,
        };
        ((soma + fecho) / 2.0).abs()
    };
    territorio
        .0
        .iter()
        .map(|p| area_anel(p.exterior()) - p.interiors().iter().map(area_anel).sum::<f64>())
        .sum()
}
