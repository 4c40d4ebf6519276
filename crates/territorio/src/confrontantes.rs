//! Os confrontantes: o território vizinho do outro lado de cada lado de um perímetro.
//!
//! Para cada lado, toma-se o ponto médio e anda-se meio metro para fora da área, na
//! perpendicular; o vizinho que contém esse ponto é o confrontante. Numa área recortada da malha
//! do IBGE, os lados sobre a divisa municipal caem no município vizinho e os lados do recorte
//! caem no próprio município de origem (o remanescente). A regra independe do sentido dos anéis.

use geo::{BoundingRect, Contains, Intersects};
use geo_types::{Coord, LineString, MultiPolygon, Point, Rect};

/// Um território vizinho candidato a confrontante.
pub struct Vizinho<'a> {
    /// Como ele aparece no memorial ("Ponte Branca").
    pub nome: &'a str,
    /// O território.
    pub territorio: &'a MultiPolygon<f64>,
}

/// Meio metro em graus, aproximadamente: o passo para fora da área.
const PASSO_GRAUS: f64 = 5e-6;

/// Para cada anel da área (na ordem do memorial: exterior e interiores de cada parte) e cada lado
/// dele, o nome do vizinho do outro lado, ou `None` se nenhum vizinho contém o ponto (divisa
/// estadual ou área fora da malha).
pub fn confrontantes(
    area: &MultiPolygon<f64>,
    vizinhos: &[Vizinho<'_>],
) -> Vec<Vec<Option<String>>> {
    let Some(envelope) = area.bounding_rect() else {
        return Vec::new();
    };
    let folga = 0.01;
    let envelope = Rect::new(
        Coord {
            x: envelope.min().x - folga,
            y: envelope.min().y - folga,
        },
        Coord {
            x: envelope.max().x + folga,
            y: envelope.max().y + folga,
        },
    );
    let candidatos: Vec<&Vizinho<'_>> = vizinhos
        .iter()
        .filter(|v| v.territorio.intersects(&envelope))
        .collect();
    let mut resultado = Vec::new();
    for poligono in &area.0 {
        for anel in std::iter::once(poligono.exterior()).chain(poligono.interiors()) {
            divisa_recursos::conferir();
            resultado.push(lados(anel, area, &candidatos));
        }
    }
    resultado
}

fn lados(
    anel: &LineString<f64>,
    area: &MultiPolygon<f64>,
    candidatos: &[&Vizinho<'_>],
) -> Vec<Option<String>> {
    let mut pontos = anel.0.as_slice();
    if pontos.len() > 1 && pontos.first() == pontos.last() {
        pontos = &pontos[..pontos.len() - 1];
    }
    (0..pontos.len())
        .map(|i| {
            let (a, b) = (pontos[i], pontos[(i + 1) % pontos.len()]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let comprimento = dx.hypot(dy);
            if comprimento == 0.0 {
                return None;
            }
            let meio = Coord {
                x: (a.x + b.x) / 2.0,
                y: (a.y + b.y) / 2.0,
            };
            let normal = Coord {
                x: -dy / comprimento * PASSO_GRAUS,
                y: dx / comprimento * PASSO_GRAUS,
            };
            let esquerda = Point::new(meio.x + normal.x, meio.y + normal.y);
            let direita = Point::new(meio.x - normal.x, meio.y - normal.y);
            // O lado de fora é o que não está dentro da própria área.
            let fora = if area.contains(&esquerda) {
                direita
            } else {
                esquerda
            };
            candidatos
                .iter()
                .find(|v| v.territorio.contains(&fora))
                .map(|v| v.nome.to_owned())
        })
        .collect()
}

#[cfg(test)]
mod testes {
    use super::*;
    use geo_types::polygon;

    #[test]
    fn lado_sobre_a_divisa_confronta_o_vizinho_e_o_recorte_confronta_a_origem() {
        let oeste = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.0, y: -15.0), (x: -55.0, y: -14.0), (x: -56.0, y: -14.0)],
        ]);
        let leste = MultiPolygon(vec![
            polygon![(x: -55.0, y: -15.0), (x: -54.0, y: -15.0), (x: -54.0, y: -14.0), (x: -55.0, y: -14.0)],
        ]);
        // Uma faixa de oeste encostada na divisa com leste (x = −55), no sentido horário.
        let faixa = MultiPolygon(vec![
            polygon![(x: -55.1, y: -14.8), (x: -55.1, y: -14.2), (x: -55.0, y: -14.2), (x: -55.0, y: -14.8)],
        ]);
        let vizinhos = [
            Vizinho {
                nome: "Oeste",
                territorio: &oeste,
            },
            Vizinho {
                nome: "Leste",
                territorio: &leste,
            },
        ];
        let lados = &confrontantes(&faixa, &vizinhos)[0];
        assert_eq!(
            lados,
            &[
                Some("Oeste".to_owned()),
                Some("Oeste".to_owned()),
                Some("Leste".to_owned()),
                Some("Oeste".to_owned())
            ]
        );
    }

    #[test]
    fn fora_de_todos_os_vizinhos_e_none() {
        let sozinho = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.9, y: -15.0), (x: -55.9, y: -14.9), (x: -56.0, y: -14.9)],
        ]);
        assert!(confrontantes(&sozinho, &[])[0].iter().all(Option::is_none));
    }
}
