//! Os confrontantes: o território vizinho do outro lado de cada lado de um perímetro.
//!
//! Para cada lado, toma-se o ponto médio e anda-se meio metro para fora da área, na
//! perpendicular; o vizinho que contém esse ponto é o confrontante. Numa área recortada da malha
//! do IBGE, os lados sobre a divisa municipal caem no município vizinho e os lados do recorte
//! caem no próprio município de origem (o remanescente). A regra independe do sentido dos anéis.

use geo::{BoundingRect, Intersects};
use geo_types::{Coord, LineString, MultiPolygon, Rect};

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
///
/// Linear no número de lados (mais o índice dos vizinhos): o lado de fora sai do sentido do anel
/// (não de perguntar à própria área se contém o ponto, que custava a área inteira por lado — um
/// território de 100 mil vértices levava 9 s), e cada vizinho é consultado por [`Faixas`].
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
    let candidatos: Vec<(&str, Faixas)> = vizinhos
        .iter()
        .filter(|v| v.territorio.intersects(&envelope))
        .map(|v| (v.nome, Faixas::de(v.territorio)))
        .collect();
    let mut resultado = Vec::new();
    for poligono in &area.0 {
        for (i, anel) in std::iter::once(poligono.exterior())
            .chain(poligono.interiors())
            .enumerate()
        {
            divisa_recursos::conferir();
            resultado.push(lados(anel, i > 0, &candidatos));
        }
    }
    resultado
}

/// Duas vezes a área com sinal do anel (positiva no sentido anti-horário).
fn area_dupla(pontos: &[Coord<f64>]) -> f64 {
    let n = pontos.len();
    (0..n)
        .map(|i| {
            let (a, b) = (pontos[i], pontos[(i + 1) % n]);
            (a.x - b.x) * (a.y + b.y)
        })
        .sum::<f64>()
}

fn lados(
    anel: &LineString<f64>,
    buraco: bool,
    candidatos: &[(&str, Faixas)],
) -> Vec<Option<String>> {
    let mut pontos = anel.0.as_slice();
    if pontos.len() > 1 && pontos.first() == pontos.last() {
        pontos = &pontos[..pontos.len() - 1];
    }
    // Num exterior anti-horário, a área fica à esquerda de cada lado; num buraco anti-horário,
    // à direita (a área está fora do buraco). O lado de fora é o outro.
    let anti_horario = area_dupla(pontos) > 0.0;
    let fora_a_esquerda = anti_horario == buraco;
    (0..pontos.len())
        .map(|i| {
            divisa_recursos::conferir_a_cada(i, 4096);
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
            let (nx, ny) = (
                -dy / comprimento * PASSO_GRAUS,
                dx / comprimento * PASSO_GRAUS,
            );
            let fora = if fora_a_esquerda {
                Coord {
                    x: meio.x + nx,
                    y: meio.y + ny,
                }
            } else {
                Coord {
                    x: meio.x - nx,
                    y: meio.y - ny,
                }
            };
            candidatos
                .iter()
                .find(|(_, f)| f.contem(fora))
                .map(|(nome, _)| (*nome).to_owned())
        })
        .collect()
}

/// Um índice de ponto-no-polígono: os lados de todos os anéis repartidos em faixas horizontais;
/// um ponto só olha os lados da sua faixa (a regra par-ímpar do raio para a direita, que vale
/// para partes e buracos de um território sem sobreposições, como os da malha do IBGE).
struct Faixas {
    y0: f64,
    altura: f64,
    faixas: Vec<Vec<[f64; 4]>>,
}

impl Faixas {
    fn de(territorio: &MultiPolygon<f64>) -> Faixas {
        let lados: Vec<[f64; 4]> = territorio
            .0
            .iter()
            .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
            .flat_map(|anel| {
                anel.lines()
                    .map(|l| [l.start.x, l.start.y, l.end.x, l.end.y])
            })
            .filter(|l| l[1] != l[3])
            .collect();
        let (y0, y1) = lados
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), l| {
                (a.min(l[1].min(l[3])), b.max(l[1].max(l[3])))
            });
        // umas oito arestas por faixa, em média
        let n = (lados.len() / 8).clamp(1, 1 << 16);
        let altura = if y1 > y0 { (y1 - y0) / n as f64 } else { 1.0 };
        let mut faixas = vec![Vec::new(); n];
        for l in lados {
            let (baixo, cima) = (l[1].min(l[3]), l[1].max(l[3]));
            let i0 = (((baixo - y0) / altura) as usize).min(n - 1);
            let i1 = (((cima - y0) / altura) as usize).min(n - 1);
            for f in &mut faixas[i0..=i1] {
                f.push(l);
            }
        }
        Faixas { y0, altura, faixas }
    }

    fn contem(&self, p: Coord<f64>) -> bool {
        let i = (p.y - self.y0) / self.altura;
        if i.is_nan() || i < 0.0 || i as usize >= self.faixas.len() {
            return false;
        }
        let mut dentro = false;
        for &[x0, y0, x1, y1] in &self.faixas[i as usize] {
            // o lado cruza a horizontal do ponto (meio-aberto: um vértice não conta duas vezes)
            if (y0 > p.y) != (y1 > p.y) {
                let x = x0 + (p.y - y0) * (x1 - x0) / (y1 - y0);
                if x > p.x {
                    dentro = !dentro;
                }
            }
        }
        dentro
    }
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

    /// O índice de faixas responde como o `Contains` do `geo`, com partes e buracos.
    #[test]
    fn faixas_respondem_como_o_contains_do_geo() {
        use geo::Contains;
        let com_buraco = MultiPolygon(vec![
            geo_types::Polygon::new(
                LineString::from(vec![
                    (0.0, 0.0),
                    (10.0, 0.0),
                    (10.0, 10.0),
                    (0.0, 10.0),
                    (0.0, 0.0),
                ]),
                vec![LineString::from(vec![
                    (3.0, 3.0),
                    (3.0, 7.0),
                    (7.0, 7.0),
                    (7.0, 3.0),
                    (3.0, 3.0),
                ])],
            ),
            polygon![(x: 20.0, y: 0.0), (x: 25.0, y: 5.0), (x: 20.0, y: 10.0), (x: 22.0, y: 5.0)],
        ]);
        let faixas = Faixas::de(&com_buraco);
        let mut sorteio = 12345u64;
        for _ in 0..20_000 {
            sorteio ^= sorteio << 13;
            sorteio ^= sorteio >> 7;
            sorteio ^= sorteio << 17;
            let x = (sorteio % 30_000) as f64 / 1000.0 - 2.0;
            let y = ((sorteio >> 20) % 14_000) as f64 / 1000.0 - 2.0;
            let p = Coord {
                x: x + 1e-7,
                y: y + 1e-7,
            };
            assert_eq!(
                faixas.contem(p),
                com_buraco.contains(&geo_types::Point(p)),
                "{p:?}"
            );
        }
    }

    /// O lado de fora sai do sentido do anel: o mesmo confrontante com o anel nos dois sentidos.
    #[test]
    fn sentido_do_anel_nao_muda_o_confrontante() {
        let oeste = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.0, y: -15.0), (x: -55.0, y: -14.0), (x: -56.0, y: -14.0)],
        ]);
        let leste = MultiPolygon(vec![
            polygon![(x: -55.0, y: -15.0), (x: -54.0, y: -15.0), (x: -54.0, y: -14.0), (x: -55.0, y: -14.0)],
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
        let horario = MultiPolygon(vec![
            polygon![(x: -55.1, y: -14.8), (x: -55.1, y: -14.2), (x: -55.0, y: -14.2), (x: -55.0, y: -14.8)],
        ]);
        let mut anti = horario.clone();
        anti.0[0].exterior_mut(|a| a.0.reverse());
        let h = &confrontantes(&horario, &vizinhos)[0];
        let mut a = confrontantes(&anti, &vizinhos)[0].clone();
        // o anel invertido percorre os mesmos lados ao contrário
        a.reverse();
        assert_eq!(h, &a);
        assert!(h.contains(&Some("Leste".to_owned())));
    }
}
