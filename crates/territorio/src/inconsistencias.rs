//! Inconsistências territoriais entre municípios vizinhos (Art. 8º, caput, na redação da
//! LC 792/2024): sobreposições (a mesma terra em dois municípios) e vãos (terra cercada por
//! municípios e de nenhum deles).
//!
//! Como: as sobreposições saem da interseção de cada par cujos retângulos envolventes se tocam
//! ([`crate::operacoes::intersecao`], na grade que preserva os vértices); os vãos, dos anéis
//! interiores da união de todos ([`crate::operacoes::uniao_de_todos`]) — um buraco da união
//! que não é buraco de nenhum município (um enclave de outro estado, por exemplo, também
//! apareceria: a lista diz quem o cerca e a Cartografia decide). Áreas geodésicas (GRS80);
//! abaixo de `area_minima_m2` (a precisão da malha) nada é apontado.
//!
//! # Unidades
//! Graus decimais SIRGAS 2000 nas geometrias; m² nas áreas.

use geo::{BoundingRect, Intersects};
use geo_types::{MultiPolygon, Polygon, Rect};

use crate::geodesia::area_geodesica;
use crate::operacoes::{intersecao, uniao_de_todos, ErroOperacao};

/// Uma inconsistência entre territórios (índices na lista dada).
#[derive(Debug, Clone, PartialEq)]
pub enum Inconsistencia {
    /// `a` e `b` declaram a mesma terra.
    Sobreposicao {
        /// O primeiro território.
        a: usize,
        /// O segundo.
        b: usize,
        /// A área em comum, m².
        area_m2: f64,
        /// A terra em comum.
        territorio: MultiPolygon<f64>,
    },
    /// Terra cercada pelos territórios e de nenhum deles.
    Vao {
        /// Os territórios que tocam o vão.
        vizinhos: Vec<usize>,
        /// A área do vão, m².
        area_m2: f64,
        /// O vão.
        territorio: Polygon<f64>,
    },
}

impl Inconsistencia {
    /// A área, m².
    pub fn area_m2(&self) -> f64 {
        match self {
            Inconsistencia::Sobreposicao { area_m2, .. } | Inconsistencia::Vao { area_m2, .. } => {
                *area_m2
            }
        }
    }
}

fn tocam(a: &Rect<f64>, b: &Rect<f64>) -> bool {
    a.min().x <= b.max().x
        && b.min().x <= a.max().x
        && a.min().y <= b.max().y
        && b.min().y <= a.max().y
}

/// As sobreposições e os vãos entre `territorios`, maiores que `area_minima_m2`, do maior para
/// o menor.
pub fn apurar(
    territorios: &[&MultiPolygon<f64>],
    area_minima_m2: f64,
) -> Result<Vec<Inconsistencia>, ErroOperacao> {
    let retangulos: Vec<Option<Rect<f64>>> =
        territorios.iter().map(|t| t.bounding_rect()).collect();
    let mut achadas = Vec::new();
    for i in 0..territorios.len() {
        for j in i + 1..territorios.len() {
            let (Some(ri), Some(rj)) = (&retangulos[i], &retangulos[j]) else {
                continue;
            };
            if !tocam(ri, rj) {
                continue;
            }
            let comum = intersecao(territorios[i], territorios[j])?;
            let area_m2 = area_geodesica(&comum).area_m2;
            if area_m2 > area_minima_m2 {
                achadas.push(Inconsistencia::Sobreposicao {
                    a: i,
                    b: j,
                    area_m2,
                    territorio: comum,
                });
            }
        }
    }
    // Um buraco da união que já é buraco de algum território (um enclave declarado) também é
    // buraco da união; só conta se nenhum território o tem como anel interior.
    let buracos_proprios: Vec<&geo_types::LineString<f64>> = territorios
        .iter()
        .flat_map(|t| t.0.iter().flat_map(|p| p.interiors()))
        .collect();
    let uniao = uniao_de_todos(territorios)?;
    for anel in uniao.0.iter().flat_map(|p| p.interiors()) {
        let vao = Polygon::new(anel.clone(), vec![]);
        let area_m2 = area_geodesica(&MultiPolygon(vec![vao.clone()])).area_m2;
        if area_m2 <= area_minima_m2 {
            continue;
        }
        let declarado = buracos_proprios.iter().any(|b| {
            let mut a: Vec<_> = b.0.iter().map(|c| (c.x.to_bits(), c.y.to_bits())).collect();
            let mut v: Vec<_> = anel
                .0
                .iter()
                .map(|c| (c.x.to_bits(), c.y.to_bits()))
                .collect();
            a.sort_unstable();
            a.dedup();
            v.sort_unstable();
            v.dedup();
            a == v
        });
        if declarado {
            continue;
        }
        let retangulo = vao.bounding_rect();
        let vizinhos = (0..territorios.len())
            .filter(|&i| match (&retangulos[i], &retangulo) {
                (Some(r), Some(v)) => tocam(r, v) && territorios[i].intersects(anel),
                _ => false,
            })
            .collect();
        achadas.push(Inconsistencia::Vao {
            vizinhos,
            area_m2,
            territorio: vao,
        });
    }
    achadas.sort_by(|a, b| b.area_m2().total_cmp(&a.area_m2()));
    Ok(achadas)
}

#[cfg(test)]
mod testes {
    use super::*;
    use geo_types::polygon;

    fn retangulo(x0: f64, y0: f64, x1: f64, y1: f64) -> MultiPolygon<f64> {
        MultiPolygon(vec![
            polygon![(x: x0, y: y0), (x: x1, y: y0), (x: x1, y: y1), (x: x0, y: y1)],
        ])
    }

    #[test]
    fn sobreposicao_e_vao_com_quem_os_cerca() {
        // Três faixas: A e B se sobrepõem em 0,01° de largura; entre B e C fica um vão
        // fechado por cima e por baixo por D (a faixa de baixo) e E (a de cima).
        let a = retangulo(-56.0, -15.0, -55.9, -14.9);
        let b = retangulo(-55.91, -15.0, -55.8, -14.9);
        let c = retangulo(-55.7, -15.0, -55.6, -14.9);
        let d = retangulo(-56.0, -15.1, -55.6, -15.0);
        let e = retangulo(-56.0, -14.9, -55.6, -14.8);
        let lista = apurar(&[&a, &b, &c, &d, &e], 1.0).unwrap();
        assert_eq!(lista.len(), 2, "{lista:?}");
        // O vão (0,1° × 0,1°) é maior que a sobreposição (0,01° × 0,1°) e vem primeiro.
        let Inconsistencia::Vao {
            vizinhos, area_m2, ..
        } = &lista[0]
        else {
            panic!("esperava o vão primeiro: {lista:?}");
        };
        assert_eq!(vizinhos, &[1, 2, 3, 4]);
        let esperado = area_geodesica(&retangulo(-55.8, -15.0, -55.7, -14.9)).area_m2;
        assert!(
            (area_m2 - esperado).abs() / esperado < 1e-9,
            "{area_m2} × {esperado}"
        );
        let Inconsistencia::Sobreposicao {
            a: 0,
            b: 1,
            area_m2,
            ..
        } = &lista[1]
        else {
            panic!("esperava a sobreposição de A e B: {lista:?}");
        };
        let esperado = area_geodesica(&retangulo(-55.91, -15.0, -55.9, -14.9)).area_m2;
        assert!((area_m2 - esperado).abs() / esperado < 1e-9);
    }

    #[test]
    fn vizinhos_que_so_se_tocam_nao_sao_inconsistencia() {
        let a = retangulo(-56.0, -15.0, -55.9, -14.9);
        let b = retangulo(-55.9, -15.0, -55.8, -14.9);
        assert!(apurar(&[&a, &b], 0.0).unwrap().is_empty());
    }
}
