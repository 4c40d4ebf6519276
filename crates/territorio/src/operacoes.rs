//! Operações entre territórios — tirar uma área de um município (o remanescente) e juntá-la a
//! outro — sem lascas nem sobreposições nas divisas comuns e com os vértices de entrada
//! preservados exatamente.
//!
//! Como (GEO_NOTES): o `BooleanOps` do `geo` ajusta cada chamada a uma grade própria e descarta
//! vértices colineares, e isso deixou centenas de buracos finos ao tirar e devolver uma área. Aqui
//! usamos o `i_overlay` (o motor do `geo`) direto na API inteira, com uma grade decimal que contém
//! a grade de 1e-6 grau da malha do IBGE: origem num múltiplo de 1e-6 grau e passo de 1e-9 grau
//! (≈ 0,11 mm) quando os operandos cabem em ±2,1° da origem (um município sempre cabe), senão
//! 1e-8 grau (≈ 1,1 mm, o estado inteiro). Assim todo vértice da malha cai exatamente num ponto
//! da grade em qualquer chamada, e as divisas comuns continuam idênticas; só os pontos novos
//! (cruzamentos de um recorte com uma divisa) são arredondados, a 0,11 mm. Todos os pontos de
//! entrada são mantidos (`keep_all_points`), e na volta cada um recupera o seu `f64` original.
//!
//! # Unidades
//! Graus decimais SIRGAS 2000. Arestas são segmentos retos em graus, como na malha do IBGE.

use std::collections::HashMap;

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{IntOverlayOptions, Overlay};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::core::solver::Solver;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::i_shape::int::shape::IntShape;

/// Quanto cabe em `i32` em cada grade: 2.147.483.647 passos.
const MEIA_EXTENSAO_FINA: f64 = 2.1;
const MEIA_EXTENSAO_GROSSA: f64 = 21.0;

/// Por que uma operação não pôde ser feita.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ErroOperacao {
    /// Os territórios se espalham por mais de 42° (não cabem em nenhuma grade de cálculo).
    #[error("os territórios se estendem por mais de 42°: não são territórios de Mato Grosso")]
    GrandeDemais,
}

/// Converte para a grade, lembrando o `f64` de cada ponto de entrada.
struct Grade {
    escala: f64,
    origem: Coord<f64>,
    originais: HashMap<IntPoint, Coord<f64>>,
}

impl Grade {
    /// A grade mais fina em que cabem todos os vértices de `territorios`.
    fn para(territorios: &[&MultiPolygon<f64>]) -> Result<Grade, ErroOperacao> {
        let (mut min, mut max) = (
            Coord {
                x: f64::INFINITY,
                y: f64::INFINITY,
            },
            Coord {
                x: f64::NEG_INFINITY,
                y: f64::NEG_INFINITY,
            },
        );
        for c in territorios
            .iter()
            .flat_map(|t| t.0.iter())
            .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
            .flat_map(|a| a.0.iter())
        {
            min = Coord {
                x: min.x.min(c.x),
                y: min.y.min(c.y),
            };
            max = Coord {
                x: max.x.max(c.x),
                y: max.y.max(c.y),
            };
        }
        if !min.x.is_finite() {
            return Ok(Grade {
                escala: 1e9,
                origem: Coord { x: 0.0, y: 0.0 },
                originais: HashMap::new(),
            });
        }
        // Origem no centro, num múltiplo exato de 1e-6 grau (a grade da malha do IBGE).
        let origem = Coord {
            x: ((min.x + max.x) / 2.0 * 1e6).round() / 1e6,
            y: ((min.y + max.y) / 2.0 * 1e6).round() / 1e6,
        };
        let meia = (max.x - origem.x)
            .max(origem.x - min.x)
            .max(max.y - origem.y)
            .max(origem.y - min.y);
        let escala = if meia <= MEIA_EXTENSAO_FINA {
            1e9
        } else if meia <= MEIA_EXTENSAO_GROSSA {
            1e8
        } else {
            return Err(ErroOperacao::GrandeDemais);
        };
        Ok(Grade {
            escala,
            origem,
            originais: HashMap::new(),
        })
    }

    fn ponto(&mut self, c: Coord<f64>) -> Result<IntPoint, ErroOperacao> {
        // Passa por micrograus inteiros quando o ponto está na grade da malha: a diferença para a
        // origem fica exata e o ponto cai num inteiro sem erro de arredondamento.
        let em_passos = |valor: f64, origem: f64| {
            let micro = (valor * 1e6).round();
            if ((micro / 1e6) - valor).abs() == 0.0 {
                (micro - (origem * 1e6).round()) * (self.escala / 1e6)
            } else {
                ((valor - origem) * self.escala).round()
            }
        };
        let (x, y) = (em_passos(c.x, self.origem.x), em_passos(c.y, self.origem.y));
        let limite = f64::from(i32::MAX);
        if x.abs() > limite || y.abs() > limite {
            return Err(ErroOperacao::GrandeDemais);
        }
        let ponto = IntPoint::new(x as i32, y as i32);
        self.originais.entry(ponto).or_insert(c);
        Ok(ponto)
    }

    fn formas(&mut self, territorio: &MultiPolygon<f64>) -> Result<Vec<IntShape>, ErroOperacao> {
        territorio
            .0
            .iter()
            .map(|poligono| {
                std::iter::once(poligono.exterior())
                    .chain(poligono.interiors())
                    .map(|anel| {
                        let mut pontos = anel.0.as_slice();
                        if pontos.len() > 1 && pontos.first() == pontos.last() {
                            pontos = &pontos[..pontos.len() - 1];
                        }
                        pontos
                            .iter()
                            .map(|c| self.ponto(*c))
                            .collect::<Result<Vec<_>, _>>()
                    })
                    .collect()
            })
            .collect()
    }

    fn coordenada(&self, p: IntPoint) -> Coord<f64> {
        self.originais.get(&p).copied().unwrap_or(Coord {
            x: f64::from(p.x) / self.escala + self.origem.x,
            y: f64::from(p.y) / self.escala + self.origem.y,
        })
    }

    fn territorio(&self, formas: Vec<IntShape>) -> MultiPolygon<f64> {
        MultiPolygon(
            formas
                .into_iter()
                .filter_map(|forma| {
                    let mut aneis = forma.into_iter().map(|contorno| {
                        let mut coordenadas: Vec<Coord<f64>> =
                            contorno.into_iter().map(|p| self.coordenada(p)).collect();
                        if let Some(&primeiro) = coordenadas.first() {
                            coordenadas.push(primeiro);
                        }
                        LineString(coordenadas)
                    });
                    let exterior = aneis.next()?;
                    Some(Polygon::new(exterior, aneis.collect()))
                })
                .collect(),
        )
    }
}

fn operar(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
    regra: OverlayRule,
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    let mut grade = Grade::para(&[a, b])?;
    let (sujeito, recorte) = (grade.formas(a)?, grade.formas(b)?);
    let mut overlay = Overlay::with_shapes_options(
        &sujeito,
        &recorte,
        IntOverlayOptions::keep_all_points(),
        Solver::default(),
    );
    Ok(grade.territorio(overlay.overlay(regra, FillRule::NonZero)))
}

/// `a` sem `b` (o remanescente de um município de que se tira uma área).
pub fn diferenca(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    operar(a, b, OverlayRule::Difference)
}

/// `a` com `b` (o município que recebe uma área).
pub fn uniao(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    operar(a, b, OverlayRule::Union)
}

/// A união de muitos territórios de uma vez (o estado a partir dos municípios, por exemplo).
pub fn uniao_de_todos(
    territorios: &[&MultiPolygon<f64>],
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    let mut grade = Grade::para(territorios)?;
    let mut formas = Vec::new();
    for territorio in territorios {
        formas.extend(grade.formas(territorio)?);
    }
    let mut overlay = Overlay::with_shapes_options(
        &formas,
        &[],
        IntOverlayOptions::keep_all_points(),
        Solver::default(),
    );
    Ok(grade.territorio(overlay.overlay(OverlayRule::Subject, FillRule::NonZero)))
}

/// O que `a` e `b` têm em comum.
pub fn intersecao(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    operar(a, b, OverlayRule::Intersect)
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::geodesia::area_geodesica;
    use geo_types::polygon;

    fn quadrado(x0: f64, y0: f64, lado: f64) -> MultiPolygon<f64> {
        MultiPolygon(vec![
            polygon![(x: x0, y: y0), (x: x0 + lado, y: y0), (x: x0 + lado, y: y0 + lado), (x: x0, y: y0 + lado)],
        ])
    }

    #[test]
    fn parte_mais_resto_e_o_todo() {
        let todo = quadrado(-56.0, -15.0, 1.0);
        let parte = quadrado(-55.5, -14.6, 0.2);
        let resto = diferenca(&todo, &parte).unwrap();
        let soma = area_geodesica(&resto).area_m2 + area_geodesica(&parte).area_m2;
        let total = area_geodesica(&todo).area_m2;
        assert!((soma - total).abs() / total < 1e-9, "{soma} × {total}");
        // Um buraco: o resto é uma peça com um anel interior.
        assert_eq!(resto.0.len(), 1);
        assert_eq!(resto.0[0].interiors().len(), 1);
    }

    #[test]
    fn tirar_e_devolver_nao_deixa_lasca_e_mantem_os_vertices() {
        let todo = quadrado(-56.0, -15.0, 1.0);
        // Uma parte encostada na borda leste, com vértices de seis casas.
        let parte = MultiPolygon(vec![
            polygon![(x: -55.123457, y: -14.9), (x: -55.0, y: -14.9), (x: -55.0, y: -14.4), (x: -55.123457, y: -14.4)],
        ]);
        let resto = diferenca(&todo, &parte).unwrap();
        let de_volta = uniao(&resto, &parte).unwrap();
        assert_eq!(de_volta.0.len(), 1);
        assert!(
            de_volta.0[0].interiors().is_empty(),
            "lascas: {:?}",
            de_volta.0[0].interiors()
        );
        // Os vértices do município original voltam todos, com o mesmo f64; os do recorte que
        // caíam no interior somem, como deve ser.
        let vertices: Vec<Coord<f64>> = de_volta.0[0].exterior().0.clone();
        for original in &todo.0[0].exterior().0 {
            assert!(vertices.contains(original), "vértice {original:?} perdido");
        }
        assert!(!vertices.contains(&Coord {
            x: -55.123457,
            y: -14.9
        }));
        let (antes, depois) = (
            area_geodesica(&todo).area_m2,
            area_geodesica(&de_volta).area_m2,
        );
        assert!((antes - depois).abs() / antes < 1e-12, "{antes} × {depois}");
        // O remanescente guarda exatamente os vértices do recorte (seis casas, sem arredondar).
        assert!(resto.0[0].exterior().0.contains(&Coord {
            x: -55.123457,
            y: -14.9
        }));
    }

    #[test]
    fn uniao_de_quatro_quadrados_vizinhos_e_um_so() {
        let quadrados = [
            quadrado(-56.0, -15.0, 0.5),
            quadrado(-55.5, -15.0, 0.5),
            quadrado(-56.0, -14.5, 0.5),
            quadrado(-55.5, -14.5, 0.5),
        ];
        let referencias: Vec<&MultiPolygon<f64>> = quadrados.iter().collect();
        let tudo = uniao_de_todos(&referencias).unwrap();
        assert_eq!(tudo.0.len(), 1);
        assert!(tudo.0[0].interiors().is_empty());
        // A soma das partes (o quadrado grande teria outra área: os pontos médios das bordas, que
        // ficam, não estão na geodésica entre os cantos).
        let esperado: f64 = quadrados.iter().map(|q| area_geodesica(q).area_m2).sum();
        assert!((area_geodesica(&tudo).area_m2 - esperado).abs() / esperado < 1e-12);
    }

    #[test]
    fn longe_demais_e_erro() {
        assert_eq!(
            diferenca(&quadrado(-56.0, -15.0, 1.0), &quadrado(10.0, 10.0, 0.5)),
            Err(ErroOperacao::GrandeDemais)
        );
    }
}
