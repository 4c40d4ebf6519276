//! População e domicílios dentro de um polígono, por interpolação de área a partir dos setores
//! censitários: cada setor contribui com a fração da sua área que cai dentro do polígono
//! (supõe-se a população espalhada por igual no setor — a hipótese clássica, que erra mais em
//! setores rurais grandes com povoado concentrado).
//!
//! # Unidades
//! Habitantes e domicílios (frações, somadas); `cobertura` é a fração da área do polígono
//! coberta por setores (1 = o polígono inteiro tem setores).

use geo::{BoundingRect, Intersects};
use geo_types::{Coord, LineString, MultiPolygon, Polygon, Rect};

use crate::albers::area_albers_ibge;
use crate::geodesia::area_poligono;
use crate::operacoes::intersecao;

/// Um setor para a interpolação.
pub struct SetorCensitario<'a> {
    /// O limite.
    pub poligono: &'a Polygon<f64>,
    /// População residente.
    pub populacao: u32,
    /// Domicílios ocupados.
    pub domicilios: u32,
}

/// O resultado da interpolação.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimativa {
    /// População estimada no polígono.
    pub populacao: f64,
    /// Domicílios estimados no polígono.
    pub domicilios: f64,
    /// Quantos setores tocam o polígono.
    pub setores: usize,
    /// Fração da área do polígono coberta por setores (0 a 1).
    pub cobertura: f64,
}

/// Interpola população e domicílios dos `setores` para `area`.
///
/// Cada setor é primeiro comparado com o pedaço do polígono que cai no seu retângulo
/// (recorte de Sutherland–Hodgman sobre anéis resumidos em blocos de 32 lados: um bloco todo
/// de um lado de fora vira uma corda, sem mudar o recorte): setor fora (nada no retângulo) é
/// pulado; setor dentro (o recorte é o retângulo inteiro) conta inteiro; só os da divisa passam
/// pela interseção exata, com esse pedaço pequeno no lugar do polígono inteiro.
pub fn populacao_na_area(area: &MultiPolygon<f64>, setores: &[SetorCensitario<'_>]) -> Estimativa {
    // As frações saem da área em Albers do IBGE (equivalente: a razão de áreas é a do
    // elipsoide), que custa uma projeção por vértice — a geodésica custaria um problema inverso
    // por lado, em dez mil setores.
    let area_total = area_albers_ibge(area);
    let envelope = area.bounding_rect();
    let preparada = Preparada::new(area);
    let mut estimativa = Estimativa {
        populacao: 0.0,
        domicilios: 0.0,
        setores: 0,
        cobertura: 0.0,
    };
    let mut coberta = 0.0;
    for setor in setores {
        if envelope.is_none_or(|e| !setor.poligono.intersects(&e)) {
            continue;
        }
        let Some(caixa) = setor.poligono.bounding_rect() else {
            continue;
        };
        let recorte = preparada.recortar(caixa);
        if matches!(recorte, Recorte::Vazio) {
            continue;
        }
        let area_setor = area_albers_ibge(&MultiPolygon(vec![setor.poligono.clone()]));
        let dentro = match recorte {
            Recorte::Vazio => continue,
            Recorte::Inteiro => area_setor,
            // Um setor que é o próprio retângulo (as células da Grade Estatística do IBGE, por
            // exemplo): a interseção é o pedaço recortado.
            Recorte::Parte(pedaco) if e_o_retangulo(setor.poligono, caixa) => {
                area_albers_ibge(&pedaco)
            }
            Recorte::Parte(pedaco) => {
                let poligono = MultiPolygon(vec![setor.poligono.clone()]);
                let Ok(comum) = intersecao(&pedaco, &poligono) else {
                    continue;
                };
                area_albers_ibge(&comum)
            }
        };
        if dentro <= 0.0 {
            continue;
        }
        let fracao = (dentro / area_setor).min(1.0);
        estimativa.populacao += f64::from(setor.populacao) * fracao;
        estimativa.domicilios += f64::from(setor.domicilios) * fracao;
        estimativa.setores += 1;
        coberta += dentro;
    }
    if area_total > 0.0 {
        estimativa.cobertura = (coberta / area_total).min(1.0);
    }
    estimativa
}

/// Se o polígono é o retângulo `r` (quatro cantos, sem buracos).
fn e_o_retangulo(p: &Polygon<f64>, r: Rect<f64>) -> bool {
    let mut pontos = p.exterior().0.as_slice();
    if pontos.len() > 1 && pontos.first() == pontos.last() {
        pontos = &pontos[..pontos.len() - 1];
    }
    p.interiors().is_empty()
        && pontos.len() == 4
        && pontos.iter().all(|c| {
            (c.x == r.min().x || c.x == r.max().x) && (c.y == r.min().y || c.y == r.max().y)
        })
}

/// O resultado de recortar o polígono por um retângulo.
enum Recorte {
    /// Nada do polígono no retângulo.
    Vazio,
    /// O retângulo inteiro está dentro do polígono.
    Inteiro,
    /// O pedaço do polígono no retângulo.
    Parte(MultiPolygon<f64>),
}

const BLOCO: usize = 32;

/// Um anel com os retângulos dos seus blocos de lados.
struct Anel {
    pontos: Vec<Coord<f64>>,
    blocos: Vec<Rect<f64>>,
}

/// O polígono preparado para muitos recortes por retângulos pequenos.
struct Preparada {
    poligonos: Vec<Vec<Anel>>,
}

impl Preparada {
    fn new(area: &MultiPolygon<f64>) -> Preparada {
        let anel = |l: &LineString<f64>| {
            let pontos = l.0.clone();
            let blocos = pontos
                .windows(2)
                .collect::<Vec<_>>()
                .chunks(BLOCO)
                .map(|lados| {
                    let mut r = Rect::new(lados[0][0], lados[0][1]);
                    for l in lados {
                        r = estender(estender(r, l[0]), l[1]);
                    }
                    r
                })
                .collect();
            Anel { pontos, blocos }
        };
        Preparada {
            poligonos: area
                .0
                .iter()
                .map(|p| {
                    std::iter::once(p.exterior())
                        .chain(p.interiors())
                        .map(anel)
                        .collect()
                })
                .collect(),
        }
    }

    fn recortar(&self, r: Rect<f64>) -> Recorte {
        let mut partes = Vec::new();
        for aneis in &self.poligonos {
            let mut recortados = aneis.iter().map(|a| recortar_anel(a, r));
            let Some(exterior) = recortados.next().flatten() else {
                continue;
            };
            let buracos: Vec<LineString<f64>> = recortados.flatten().collect();
            partes.push(Polygon::new(exterior, buracos));
        }
        if partes.is_empty() {
            return Recorte::Vazio;
        }
        let pedaco = MultiPolygon(partes);
        let area_r = r.width() * r.height();
        let area_p = geo::Area::unsigned_area(&pedaco);
        if area_p <= 0.0 {
            Recorte::Vazio
        } else if (area_p - area_r).abs() <= area_r * 1e-12 {
            Recorte::Inteiro
        } else {
            Recorte::Parte(pedaco)
        }
    }
}

fn estender(r: Rect<f64>, c: Coord<f64>) -> Rect<f64> {
    Rect::new(
        Coord {
            x: r.min().x.min(c.x),
            y: r.min().y.min(c.y),
        },
        Coord {
            x: r.max().x.max(c.x),
            y: r.max().y.max(c.y),
        },
    )
}

/// Se um ponto está do lado de dentro de um dos lados do retângulo.
type Dentro = fn(Coord<f64>, Rect<f64>) -> bool;
/// Onde um segmento cruza esse lado.
type Corte = fn(Coord<f64>, Coord<f64>, Rect<f64>) -> Coord<f64>;

/// Um anel recortado pelo retângulo; `None` se não sobra área.
fn recortar_anel(anel: &Anel, r: Rect<f64>) -> Option<LineString<f64>> {
    // 1. Resumir: um bloco inteiro do lado de fora de um dos quatro semiplanos vira a corda do
    //    seu primeiro ao último ponto (a corda fica no mesmo semiplano, que é convexo).
    let fora = |b: &Rect<f64>| {
        b.max().x < r.min().x
            || b.min().x > r.max().x
            || b.max().y < r.min().y
            || b.min().y > r.max().y
    };
    let mut pontos: Vec<Coord<f64>> = Vec::new();
    for (i, b) in anel.blocos.iter().enumerate() {
        let inicio = i * BLOCO;
        let fim = (inicio + BLOCO).min(anel.pontos.len() - 1);
        if fora(b) {
            pontos.push(anel.pontos[inicio]);
        } else {
            pontos.extend_from_slice(&anel.pontos[inicio..fim]);
        }
    }
    if pontos.len() < 3 {
        return None;
    }
    // 2. Sutherland–Hodgman contra os quatro lados.
    let limites: [(Dentro, Corte); 4] = [
        (|c, r| c.x >= r.min().x, |a, b, r| corte_x(a, b, r.min().x)),
        (|c, r| c.x <= r.max().x, |a, b, r| corte_x(a, b, r.max().x)),
        (|c, r| c.y >= r.min().y, |a, b, r| corte_y(a, b, r.min().y)),
        (|c, r| c.y <= r.max().y, |a, b, r| corte_y(a, b, r.max().y)),
    ];
    for (dentro, corte) in limites {
        let entrada = std::mem::take(&mut pontos);
        let mut anterior = *entrada.last()?;
        for &atual in &entrada {
            match (dentro(anterior, r), dentro(atual, r)) {
                (true, true) => pontos.push(atual),
                (true, false) => pontos.push(corte(anterior, atual, r)),
                (false, true) => {
                    pontos.push(corte(anterior, atual, r));
                    pontos.push(atual);
                }
                (false, false) => {}
            }
            anterior = atual;
        }
        if pontos.len() < 3 {
            return None;
        }
    }
    pontos.push(pontos[0]);
    Some(LineString(pontos))
}

fn corte_x(a: Coord<f64>, b: Coord<f64>, x: f64) -> Coord<f64> {
    let t = (x - a.x) / (b.x - a.x);
    Coord {
        x,
        y: a.y + (b.y - a.y) * t,
    }
}

fn corte_y(a: Coord<f64>, b: Coord<f64>, y: f64) -> Coord<f64> {
    let t = (y - a.y) / (b.y - a.y);
    Coord {
        x: a.x + (b.x - a.x) * t,
        y,
    }
}

/// Reparte o número de um setor que a malha traz em várias partes (ilhas, pedaços que um rio
/// separa) pelas partes, na proporção da área geodésica de cada uma, pelo método dos maiores
/// restos: cada parte leva um número inteiro e a soma é o total do setor. Sem área nenhuma (partes
/// degeneradas), o total fica com a primeira.
pub fn repartir_pela_area(total: u32, partes: &[Polygon<f64>]) -> Vec<u32> {
    let pesos: Vec<f64> = partes.iter().map(|p| area_poligono(p).area_m2).collect();
    let soma: f64 = pesos.iter().sum();
    if soma <= 0.0 || !soma.is_finite() {
        let mut v = vec![0; partes.len()];
        if let Some(p) = v.first_mut() {
            *p = total;
        }
        return v;
    }
    let exatos: Vec<f64> = pesos.iter().map(|p| f64::from(total) * p / soma).collect();
    let mut v: Vec<u32> = exatos.iter().map(|x| x.floor() as u32).collect();
    let faltam = total.saturating_sub(v.iter().sum::<u32>());
    let mut ordem: Vec<usize> = (0..v.len()).collect();
    ordem.sort_by(|&a, &b| {
        (exatos[b] - exatos[b].floor()).total_cmp(&(exatos[a] - exatos[a].floor()))
    });
    for &i in ordem.iter().take(faltam as usize) {
        v[i] += 1;
    }
    v
}

#[cfg(test)]
mod testes_reparticao {
    use super::*;
    use geo_types::polygon;

    /// Duas partes, uma com o triplo da área da outra: 1.001 habitantes viram 751 e 250 (o
    /// resto vai à parte de maior fração), e a soma é o total do setor.
    #[test]
    fn reparte_pela_area_e_preserva_a_soma() {
        let pequena = polygon![(x: -55.0, y: -14.0), (x: -54.99, y: -14.0), (x: -54.99, y: -13.99), (x: -55.0, y: -13.99)];
        let grande = polygon![(x: -54.9, y: -14.0), (x: -54.87, y: -14.0), (x: -54.87, y: -13.99), (x: -54.9, y: -13.99)];
        let v = repartir_pela_area(1001, &[grande, pequena]);
        assert_eq!(v.iter().sum::<u32>(), 1001);
        assert_eq!(v, vec![751, 250]);
        assert_eq!(repartir_pela_area(7, &[]), Vec::<u32>::new());
    }
}

#[cfg(test)]
mod testes_recorte {
    use super::*;
    use crate::geodesia::area_geodesica;
    use geo_types::polygon;

    /// O caminho rápido dá o mesmo que a interseção com o polígono inteiro.
    #[test]
    fn recorte_por_blocos_da_o_mesmo_que_a_intersecao_direta() {
        // Um polígono serrilhado de ~2.000 vértices, com um buraco.
        let mut ext = Vec::new();
        for i in 0..1000 {
            let t = f64::from(i) / 1000.0 * std::f64::consts::TAU;
            let raio = 0.5 + 0.05 * (f64::from(i) * 0.37).sin();
            ext.push(Coord {
                x: -55.0 + raio * t.cos(),
                y: -14.0 + raio * t.sin(),
            });
        }
        ext.push(ext[0]);
        let buraco = polygon![(x: -55.1, y: -14.1), (x: -55.1, y: -13.9), (x: -54.9, y: -13.9), (x: -54.9, y: -14.1)];
        let area = MultiPolygon(vec![Polygon::new(
            LineString(ext),
            vec![buraco.exterior().clone()],
        )]);
        let mut setores = Vec::new();
        let n = 24;
        for i in 0..n {
            for j in 0..n {
                let (x0, y0) = (
                    -55.6 + 1.2 * f64::from(i) / f64::from(n),
                    -14.6 + 1.2 * f64::from(j) / f64::from(n),
                );
                let d = 1.2 / f64::from(n);
                // triângulos e retângulos, para o setor não ser igual à sua caixa
                setores.push(if (i + j) % 2 == 0 {
                    polygon![(x: x0, y: y0), (x: x0 + d, y: y0), (x: x0 + d, y: y0 + d), (x: x0, y: y0 + d)]
                } else {
                    polygon![(x: x0, y: y0), (x: x0 + d, y: y0), (x: x0, y: y0 + d)]
                });
            }
        }
        let entrada: Vec<SetorCensitario<'_>> = setores
            .iter()
            .map(|p| SetorCensitario {
                poligono: p,
                populacao: 1000,
                domicilios: 300,
            })
            .collect();
        let rapido = populacao_na_area(&area, &entrada);
        // Referência: interseção de cada setor com o polígono inteiro.
        let mut populacao = 0.0;
        for s in &entrada {
            let comum = intersecao(&area, &MultiPolygon(vec![s.poligono.clone()])).unwrap();
            let dentro = area_geodesica(&comum).area_m2;
            populacao += 1000.0 * (dentro / area_poligono(s.poligono).area_m2).min(1.0);
        }
        // O recorte põe vértices nos lados retos do retângulo; a área geodésica de um lado
        // partido muda em milionésimos: 1e-5 é a tolerância (0,6 habitante em 300 mil aqui).
        assert!(
            (rapido.populacao - populacao).abs() <= 1e-5 * populacao,
            "{} × {}",
            rapido.populacao,
            populacao
        );
        assert!(rapido.setores > 100);
    }
}
