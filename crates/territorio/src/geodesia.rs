//! Medidas geodésicas no elipsoide GRS80, o do SIRGAS 2000, com o algoritmo de Karney
//! (GeographicLib, via `geographiclib-rs`).
//!
//! A lei pede limites por linhas geodésicas (Art. 5º); as áreas aqui são as de polígonos cujas
//! arestas são geodésicas, a verdade elipsoidal. A área "oficial" do IBGE é calculada numa
//! projeção cônica equivalente de Albers e difere desta em até 2e-5 (ver GEO_NOTES).
//!
//! # Unidades
//! Entradas em graus decimais SIRGAS 2000 (`x` = longitude, `y` = latitude); áreas em m²,
//! comprimentos em m.

use std::sync::OnceLock;

use geo_types::{LineString, MultiPolygon, Polygon};
use geographiclib_rs::{Geodesic, PolygonArea, Winding};

/// Semieixo maior do GRS80, em metros.
pub const GRS80_SEMIEIXO_MAIOR_M: f64 = 6_378_137.0;
/// Achatamento do GRS80 (1/298,257222101). `Geodesic::new` recebe o achatamento, não o inverso.
pub const GRS80_ACHATAMENTO: f64 = 1.0 / 298.257_222_101;

/// O elipsoide do SIRGAS 2000.
pub fn sirgas2000() -> &'static Geodesic {
    static ELIPSOIDE: OnceLock<Geodesic> = OnceLock::new();
    ELIPSOIDE.get_or_init(|| Geodesic::new(GRS80_SEMIEIXO_MAIOR_M, GRS80_ACHATAMENTO))
}

/// Área e perímetro de uma superfície no elipsoide.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Medida {
    /// Área em m² (anéis interiores descontados).
    pub area_m2: f64,
    /// Soma dos comprimentos de todos os anéis, exteriores e interiores, em m.
    pub perimetro_m: f64,
}

impl Medida {
    /// A área em km².
    pub fn area_km2(&self) -> f64 {
        self.area_m2 / 1e6
    }
}

/// Área geodésica de um multipolígono: cada parte é o seu anel exterior menos os interiores.
///
/// O sentido dos anéis não importa (Shapefile usa horário, GeoJSON anti-horário): soma-se a
/// área com sinal de cada anel e toma-se o valor absoluto, em vez de confiar no sentido.
///
/// ```
/// use divisa_territorio::geodesia::area_geodesica;
/// use geo_types::{polygon, MultiPolygon};
/// let anti_horario = polygon![(x: -56.0, y: -15.0), (x: -55.9, y: -15.0), (x: -55.9, y: -14.9), (x: -56.0, y: -14.9)];
/// let horario = polygon![(x: -56.0, y: -15.0), (x: -56.0, y: -14.9), (x: -55.9, y: -14.9), (x: -55.9, y: -15.0)];
/// let a = area_geodesica(&MultiPolygon(vec![anti_horario]));
/// let b = area_geodesica(&MultiPolygon(vec![horario]));
/// assert_eq!(a, b);
/// assert!((a.area_km2() - 119.03).abs() < 0.01); // 0,1° × 0,1° a 15° S: 11,06 km × 10,76 km
/// ```
pub fn area_geodesica(multipoligono: &MultiPolygon<f64>) -> Medida {
    multipoligono.0.iter().map(area_poligono).fold(
        Medida {
            area_m2: 0.0,
            perimetro_m: 0.0,
        },
        |soma, parte| Medida {
            area_m2: soma.area_m2 + parte.area_m2,
            perimetro_m: soma.perimetro_m + parte.perimetro_m,
        },
    )
}

/// Área geodésica de um polígono (exterior menos interiores).
pub fn area_poligono(poligono: &Polygon<f64>) -> Medida {
    let (exterior_area, exterior_perimetro) = anel(poligono.exterior());
    poligono.interiors().iter().map(anel).fold(
        Medida {
            area_m2: exterior_area.abs(),
            perimetro_m: exterior_perimetro,
        },
        |medida, (area, perimetro)| Medida {
            area_m2: medida.area_m2 - area.abs(),
            perimetro_m: medida.perimetro_m + perimetro,
        },
    )
}

/// Área com sinal (positiva no sentido anti-horário) e perímetro de um anel.
fn anel(anel: &LineString<f64>) -> (f64, f64) {
    let mut pontos = anel.0.as_slice();
    // O GeographicLib fecha o anel sozinho; o vértice repetido só acrescentaria uma aresta nula.
    if pontos.len() > 1 && pontos.first() == pontos.last() {
        pontos = &pontos[..pontos.len() - 1];
    }
    let mut acumulador = PolygonArea::new(sirgas2000(), Winding::CounterClockwise);
    for ponto in pontos {
        acumulador.add_point(ponto.y, ponto.x);
    }
    let (perimetro, area, _) = acumulador.compute(true);
    (area, perimetro)
}

#[cfg(test)]
mod testes {
    use super::*;
    use geo_types::polygon;

    #[test]
    fn buraco_e_descontado() {
        let cheio = polygon![(x: -56.0, y: -15.0), (x: -55.0, y: -15.0), (x: -55.0, y: -14.0), (x: -56.0, y: -14.0)];
        let buraco = LineString::from(vec![
            (-55.6, -14.6),
            (-55.4, -14.6),
            (-55.4, -14.4),
            (-55.6, -14.4),
            (-55.6, -14.6),
        ]);
        let furado = Polygon::new(cheio.exterior().clone(), vec![buraco.clone()]);
        let so_buraco = Polygon::new(buraco, vec![]);
        let diferenca = area_poligono(&cheio).area_m2 - area_poligono(&so_buraco).area_m2;
        assert!((area_poligono(&furado).area_m2 - diferenca).abs() < 1e-3);
    }

    #[test]
    fn grs80_e_wgs84_diferem_menos_de_1_m2_num_grau_quadrado() {
        // Os dois elipsoides diferem em 0,1 mm no semieixo menor; o valor é o do exemplo do
        // geographiclib-rs para o WGS84.
        let quadrado =
            polygon![(x: 0.0, y: 0.0), (x: 1.0, y: 0.0), (x: 1.0, y: 1.0), (x: 0.0, y: 1.0)];
        let grs80 = area_poligono(&quadrado).area_m2;
        assert!((grs80 - 12_308_778_361.469_452).abs() < 1.0, "{grs80}");
    }
}
