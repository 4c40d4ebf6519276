//! A área na projeção cônica equivalente de Albers com os parâmetros do IBGE (SIRGAS 2000,
//! origem −12°/−54°, paralelos-padrão −2° e −22°), a projeção em que o IBGE calcula a área
//! oficial dos municípios (coluna AREA_KM2 da malha).
//!
//! Fórmulas do elipsoide em Snyder (1987), *Map Projections — A Working Manual*, USGS PP 1395,
//! eqs. (3-12), (14-12) a (14-16) e (14-19). Sendo equivalente, a área plana do polígono
//! projetado (arestas retas na projeção) é a área no elipsoide; difere da geodésica só porque
//! as arestas são outras curvas (GEO_NOTES: mediana 9e-7).
//!
//! # Unidades
//! Graus decimais SIRGAS 2000 na entrada; m² na saída.

use geo_types::{LineString, MultiPolygon};

use crate::geodesia::{GRS80_ACHATAMENTO, GRS80_SEMIEIXO_MAIOR_M};

const LATITUDE_ORIGEM: f64 = -12.0;
const LONGITUDE_ORIGEM: f64 = -54.0;
const PARALELO_1: f64 = -2.0;
const PARALELO_2: f64 = -22.0;

struct Constantes {
    e: f64,
    e2: f64,
    n: f64,
    c: f64,
    rho0: f64,
}

fn constantes() -> &'static Constantes {
    static CONSTANTES: std::sync::OnceLock<Constantes> = std::sync::OnceLock::new();
    CONSTANTES.get_or_init(|| {
        let f = GRS80_ACHATAMENTO;
        let e2 = f * (2.0 - f);
        let e = e2.sqrt();
        let m = |lat: f64| {
            let s = lat.to_radians().sin();
            lat.to_radians().cos() / (1.0 - e2 * s * s).sqrt()
        };
        let (m1, m2) = (m(PARALELO_1), m(PARALELO_2));
        let (q0, q1, q2) = (
            q(LATITUDE_ORIGEM, e, e2),
            q(PARALELO_1, e, e2),
            q(PARALELO_2, e, e2),
        );
        let n = (m1 * m1 - m2 * m2) / (q2 - q1);
        let c = m1 * m1 + n * q1;
        let rho0 = GRS80_SEMIEIXO_MAIOR_M * (c - n * q0).sqrt() / n;
        Constantes { e, e2, n, c, rho0 }
    })
}

/// Snyder (3-12): a função q da latitude autálica.
fn q(lat: f64, e: f64, e2: f64) -> f64 {
    let s = lat.to_radians().sin();
    (1.0 - e2) * (s / (1.0 - e2 * s * s) - (1.0 / (2.0 * e)) * ((1.0 - e * s) / (1.0 + e * s)).ln())
}

/// Projeta `[lon, lat]` em Albers-IBGE: `(x, y)` em metros.
pub fn projetar(lon: f64, lat: f64) -> (f64, f64) {
    let k = constantes();
    let rho = GRS80_SEMIEIXO_MAIOR_M * (k.c - k.n * q(lat, k.e, k.e2)).sqrt() / k.n;
    let theta = k.n * (lon - LONGITUDE_ORIGEM).to_radians();
    (rho * theta.sin(), k.rho0 - rho * theta.cos())
}

/// A área de um multipolígono em Albers-IBGE, m² (buracos descontados, sentido dos anéis
/// indiferente).
///
/// ```
/// use divisa_territorio::albers::area_albers_ibge;
/// use divisa_territorio::geodesia::area_geodesica;
/// use geo_types::{polygon, MultiPolygon};
/// let quadrado = MultiPolygon(vec![polygon![(x: -56.0, y: -15.0), (x: -55.9, y: -15.0), (x: -55.9, y: -14.9), (x: -56.0, y: -14.9)]]);
/// let (albers, geodesica) = (area_albers_ibge(&quadrado), area_geodesica(&quadrado).area_m2);
/// assert!((albers - geodesica).abs() / geodesica < 1e-6);
/// ```
pub fn area_albers_ibge(territorio: &MultiPolygon<f64>) -> f64 {
    territorio
        .0
        .iter()
        .map(|p| {
            area_anel(p.exterior()).abs()
                - p.interiors()
                    .iter()
                    .map(|a| area_anel(a).abs())
                    .sum::<f64>()
        })
        .sum()
}

/// Área com sinal (fórmula do laço) do anel projetado.
fn area_anel(anel: &LineString<f64>) -> f64 {
    let pontos: Vec<(f64, f64)> = anel.0.iter().map(|c| projetar(c.x, c.y)).collect();
    let mut soma = 0.0;
    for par in pontos.windows(2) {
        soma += par[0].0 * par[1].1 - par[1].0 * par[0].1;
    }
    if let (Some(ultimo), Some(primeiro)) = (pontos.last(), pontos.first()) {
        soma += ultimo.0 * primeiro.1 - primeiro.0 * ultimo.1;
    }
    soma / 2.0
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn origem_projeta_no_zero() {
        let (x, y) = projetar(LONGITUDE_ORIGEM, LATITUDE_ORIGEM);
        assert!(x.abs() < 1e-6 && y.abs() < 1e-6, "{x} {y}");
    }
}
