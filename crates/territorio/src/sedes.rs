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

/// Um território preparado para muitas consultas de ponto (10 mil sedes, povoados ou
/// centroides): as arestas repartidas em faixas de latitude, e cada consulta olha só as da sua
/// faixa. Mesma regra de [`posicao`] — sobre a divisa não é "fora" —, com o teste de
/// orientação robusto do `geo` (sem erro de arredondamento no lado de uma aresta).
#[derive(Debug, Clone)]
pub struct Indice {
    y0: f64,
    passo: f64,
    faixas: Vec<Vec<(Coord<f64>, Coord<f64>)>>,
}

impl Indice {
    /// Prepara `territorio`.
    pub fn new(territorio: &MultiPolygon<f64>) -> Indice {
        let arestas: Vec<(Coord<f64>, Coord<f64>)> = territorio
            .0
            .iter()
            .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
            .flat_map(|anel| anel.0.windows(2).map(|w| (w[0], w[1])))
            .filter(|(a, b)| a != b)
            .collect();
        let (mut y0, mut y1) = (f64::INFINITY, f64::NEG_INFINITY);
        for (a, b) in &arestas {
            y0 = y0.min(a.y.min(b.y));
            y1 = y1.max(a.y.max(b.y));
        }
        let n = (arestas.len() / 4).clamp(1, 1 << 16);
        let passo = if y1 > y0 { (y1 - y0) / n as f64 } else { 1.0 };
        let mut faixas = vec![Vec::new(); n];
        for &(a, b) in &arestas {
            let (i0, i1) = (
                faixa(a.y.min(b.y), y0, passo, n),
                faixa(a.y.max(b.y), y0, passo, n),
            );
            for f in &mut faixas[i0..=i1] {
                f.push((a, b));
            }
        }
        Indice { y0, passo, faixas }
    }

    /// A posição de `[lon, lat]`.
    pub fn posicao(&self, lon: f64, lat: f64) -> Posicao {
        use geo::kernels::{Kernel, Orientation, RobustKernel};
        let p = Coord { x: lon, y: lat };
        let n = self.faixas.len();
        if !(lat >= self.y0 && lat <= self.y0 + self.passo * n as f64) {
            return Posicao::Fora;
        }
        let mut dentro = false;
        for &(a, b) in &self.faixas[faixa(lat, self.y0, self.passo, n)] {
            let o = RobustKernel::orient2d(a, b, p);
            if o == Orientation::Collinear
                && p.x >= a.x.min(b.x)
                && p.x <= a.x.max(b.x)
                && p.y >= a.y.min(b.y)
                && p.y <= a.y.max(b.y)
            {
                return Posicao::NaDivisa;
            }
            // Regra do semiaberto: a aresta conta se o ponto está entre as alturas [min, max).
            let subindo = a.y <= p.y && p.y < b.y;
            let descendo = b.y <= p.y && p.y < a.y;
            if (subindo && o == Orientation::CounterClockwise)
                || (descendo && o == Orientation::Clockwise)
            {
                dentro = !dentro;
            }
        }
        if dentro {
            Posicao::Dentro
        } else {
            Posicao::Fora
        }
    }
}

fn faixa(y: f64, y0: f64, passo: f64, n: usize) -> usize {
    (((y - y0) / passo).floor().max(0.0) as usize).min(n - 1)
}

#[cfg(test)]
mod testes {
    use super::*;
    use geo_types::polygon;

    #[test]
    fn indice_da_o_mesmo_que_a_posicao_ponto_a_ponto() {
        // Um polígono com buraco e muitos vértices: um "pente".
        let mut ext = vec![Coord { x: -56.0, y: -15.0 }, Coord { x: -55.0, y: -15.0 }];
        for i in 0..200 {
            let x = -55.0 - f64::from(i) * 0.005;
            ext.push(Coord {
                x,
                y: -14.0 - if i % 2 == 0 { 0.3 } else { 0.0 },
            });
        }
        ext.push(Coord { x: -56.0, y: -14.0 });
        ext.push(ext[0]);
        let buraco = polygon![(x: -55.8, y: -14.8), (x: -55.6, y: -14.8), (x: -55.6, y: -14.6), (x: -55.8, y: -14.6)];
        let t = MultiPolygon(vec![geo_types::Polygon::new(
            geo_types::LineString(ext.clone()),
            vec![buraco.exterior().clone()],
        )]);
        let indice = Indice::new(&t);
        let mut semente = 7u64;
        let mut aleatorio = || {
            semente = semente
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (semente >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..20_000 {
            let (lon, lat) = (-56.1 + 1.2 * aleatorio(), -15.1 + 1.2 * aleatorio());
            assert_eq!(
                indice.posicao(lon, lat),
                posicao(&t, lon, lat),
                "{lon} {lat}"
            );
        }
        for c in ext.iter().chain(buraco.exterior().0.iter()) {
            assert_eq!(indice.posicao(c.x, c.y), Posicao::NaDivisa);
        }
        // sobre uma aresta horizontal e uma vertical
        assert_eq!(indice.posicao(-55.5, -15.0), Posicao::NaDivisa);
        assert_eq!(indice.posicao(-55.7, -14.8), Posicao::NaDivisa);
        assert_eq!(indice.posicao(-55.7, -14.7), Posicao::Fora, "no buraco");
    }
}
