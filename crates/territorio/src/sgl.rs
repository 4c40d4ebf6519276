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
    let e2 = GRS80_ACHATAMENTO * (2.0 - GRS80_ACHATAMENTO);
    let (fi, lambda) = (lat.to_radians(), lon.to_radians());
    let n = GRS80_SEMIEIXO_MAIOR_M / (1.0 - e2 * fi.sin().powi(2)).sqrt();
    [
        n * fi.cos() * lambda.cos(),
        n * fi.cos() * lambda.sin(),
        n * (1.0 - e2) * fi.sin(),
    ]
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
