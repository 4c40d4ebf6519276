//! Sedes (pontos) diante de um território: dentro, sobre a divisa ou fora.
//!
//! Regra para um ponto exatamente sobre a divisa: ele não está "fora"; para o Art. 13 (área sem
//! sede) conta como dúvida a resolver pela Cartografia, e quem chama decide o que fazer com isso.
//! As arestas são tratadas como segmentos retos em graus; a diferença para a geodésica em
//! arestas curtas de divisa é de centímetros, e num ponto a metros da divisa nada muda.

use geo::coordinate_position::{CoordPos, CoordinatePosition};
use geo_types::{Coord, MultiPolygon};

/// Onde um ponto está em relação a um território.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Posicao {
    /// No interior.
    Dentro,
    /// Sobre a divisa (um vértice ou uma aresta).
    NaDivisa,
    /// Fora.
    Fora,
}

/// A posição de `[lon, lat]` diante de `territorio`.
///
/// ```
/// use divisa_territorio::sedes::{posicao, Posicao};
/// use geo_types::{polygon, MultiPolygon};
/// let quadrado = MultiPolygon(vec![polygon![(x: -56.0, y: -15.0), (x: -55.0, y: -15.0), (x: -55.0, y: -14.0), (x: -56.0, y: -14.0)]]);
/// assert_eq!(posicao(&quadrado, -55.5, -14.5), Posicao::Dentro);
/// assert_eq!(posicao(&quadrado, -55.0, -14.5), Posicao::NaDivisa);
/// assert_eq!(posicao(&quadrado, -54.0, -14.5), Posicao::Fora);
/// ```
pub fn posicao(territorio: &MultiPolygon<f64>, lon: f64, lat: f64) -> Posicao {
    match territorio.coordinate_position(&Coord { x: lon, y: lat }) {
        CoordPos::Inside => Posicao::Dentro,
        CoordPos::OnBoundary => Posicao::NaDivisa,
        CoordPos::Outside => Posicao::Fora,
    }
}
