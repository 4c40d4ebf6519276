//! Operações entre territórios — tirar uma área de um município (o remanescente) e juntá-la a
//! outro — sem lascas nem sobreposições nas divisas comuns e com os vértices de entrada
//! preservados exatamente.
//!
//! Como (GEO_NOTES): o `BooleanOps` do `geo` ajusta cada chamada a uma grade própria e descarta
//! vértices colineares, e isso deixou centenas de buracos finos ao tirar e devolver uma área. Aqui
//! usamos o `i_overlay` (o motor do `geo`) direto na API inteira, com uma grade decimal que contém
//! a grade de 1e-6 grau da malha do IBGE: origem num múltiplo de 1e-6 grau e passo de 1e-9 grau
//! (≈ 0,11 mm) quando os operandos cabem em ±1,07° da origem (quase todo par de vizinhos), senão
//! 1e-8 grau (≈ 1,1 mm, o estado inteiro). Assim todo vértice da malha cai exatamente num ponto
//! da grade em qualquer chamada, e as divisas comuns continuam idênticas. Todos os pontos de
//! entrada são mantidos (`keep_all_points`), e na volta cada um recupera o seu `f64` original;
//! cada ponto novo (um recorte cruzando uma divisa) vai para o cruzamento das geodésicas dos dois
//! lados (ver `Geodesicos`), e a área das partes soma a do todo a 1e-9.
//!
//! # Unidades
//! Graus decimais SIRGAS 2000. Arestas são segmentos retos em graus, como na malha do IBGE.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{IntOverlayOptions, Overlay};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::core::solver::Solver;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::i_shape::int::shape::IntShape;

mod janela;

/// Espalhamento para pontos da grade (dois `i32`): multiplicação e rotação, como o FxHash do
/// compilador. O `SipHash` padrão custava um quarto da operação; aqui ninguém escolhe as chaves
/// para atacar a tabela (são os vértices do próprio cálculo).
#[derive(Default)]
struct EspalhamentoDePonto(u64);

impl Hasher for EspalhamentoDePonto {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_i32(&mut self, v: i32) {
        self.write_u64(u64::from(v as u32));
    }
    fn write_i64(&mut self, v: i64) {
        self.write_u64(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type HashRapido = BuildHasherDefault<EspalhamentoDePonto>;

/// Quanto cabe em cada grade. Não basta cada coordenada caber em `i32`: o `i_overlay` subtrai
/// o mínimo do máximo em `i32` (`GridLayout::with_min_max`), e com ±2,1° a diferença passava
/// de 2.147.483.647 passos — no build de depuração, pânico; no de produção, conta enrolada.
/// Daí a extensão inteira (duas meias) até 2,14e9 passos.
const MEIA_EXTENSAO_FINA: f64 = 1.07;
const MEIA_EXTENSAO_GROSSA: f64 = 10.7;

/// Por que uma operação não pôde ser feita.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ErroOperacao {
    /// Os territórios se espalham por mais de 21° (não cabem em nenhuma grade de cálculo).
    #[error("os territórios se estendem por mais de 21°: não são territórios de Mato Grosso")]
    GrandeDemais,
}

/// Converte para a grade, lembrando o `f64` de cada ponto de entrada.
struct Grade {
    escala: f64,
    origem: Coord<f64>,
    originais: HashMap<IntPoint, Coord<f64>, HashRapido>,
    /// Os lados de entrada: extremos originais e na grade, para achar, de um ponto novo, os
    /// lados que se cruzam nele.
    lados: Vec<([Coord<f64>; 2], [IntPoint; 2])>,
    /// Se guarda os lados (a união de uma malha inteira, sem recortes, não cria pontos novos e
    /// não precisa pagar por isso).
    guardar_lados: bool,
}

impl Grade {
    /// A grade mais fina em que cabem todos os vértices de `territorios`.
    fn para(territorios: &[&MultiPolygon<f64>]) -> Result<Grade, ErroOperacao> {
        Self::das_caixas(territorios.iter().map(|t| caixa(t)))
    }

    /// A grade mais fina em que cabem as caixas (`[x mín, y mín, x máx, y máx]`).
    fn das_caixas(caixas: impl Iterator<Item = [f64; 4]>) -> Result<Grade, ErroOperacao> {
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
        for [x0, y0, x1, y1] in caixas {
            min = Coord {
                x: min.x.min(x0),
                y: min.y.min(y0),
            };
            max = Coord {
                x: max.x.max(x1),
                y: max.y.max(y1),
            };
        }
        if !min.x.is_finite() {
            return Ok(Grade {
                escala: 1e9,
                origem: Coord { x: 0.0, y: 0.0 },
                originais: HashMap::default(),
                lados: Vec::new(),
                guardar_lados: true,
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
            originais: HashMap::default(),
            lados: Vec::new(),
            guardar_lados: true,
        })
    }

    /// A posição aproximada na grade, em `f64` (para classificar, não para operar).
    fn na_grade(&self, c: Coord<f64>) -> (f64, f64) {
        (
            (c.x - self.origem.x) * self.escala,
            (c.y - self.origem.y) * self.escala,
        )
    }

    fn ponto(&mut self, c: Coord<f64>) -> Result<IntPoint, ErroOperacao> {
        // Passa por micrograus inteiros quando o ponto está na grade da malha: a diferença para a
        // origem fica exata e o ponto cai num inteiro sem erro de arredondamento.
        let mut na_grade_micro = true;
        let mut em_passos = |valor: f64, origem: f64| {
            let micro = (valor * 1e6).round();
            if ((micro / 1e6) - valor).abs() == 0.0 {
                (micro - (origem * 1e6).round()) * (self.escala / 1e6)
            } else {
                na_grade_micro = false;
                ((valor - origem) * self.escala).round()
            }
        };
        let (x, y) = (em_passos(c.x, self.origem.x), em_passos(c.y, self.origem.y));
        let limite = f64::from(i32::MAX);
        if x.abs() > limite || y.abs() > limite {
            return Err(ErroOperacao::GrandeDemais);
        }
        let ponto = IntPoint::new(x as i32, y as i32);
        // Um ponto na grade de 1e-6 grau volta exato pela conta em micrograus (a divisão do
        // IEEE arredonda como a leitura do decimal): só os recortes precisam saber quais pontos
        // vieram da entrada, e só eles pagam o mapa inteiro.
        if self.guardar_lados || !na_grade_micro {
            self.originais.entry(ponto).or_insert(c);
        }
        Ok(ponto)
    }

    fn formas(&mut self, territorio: &MultiPolygon<f64>) -> Result<Vec<IntShape>, ErroOperacao> {
        territorio
            .0
            .iter()
            .map(|poligono| {
                std::iter::once(poligono.exterior())
                    .chain(poligono.interiors())
                    .enumerate()
                    .map(|(indice, anel)| {
                        let mut pontos = anel.0.as_slice();
                        if pontos.len() > 1 && pontos.first() == pontos.last() {
                            pontos = &pontos[..pontos.len() - 1];
                        }
                        let mut inteiros = pontos.iter().map(|c| self.ponto(*c)).collect::<Result<
                            Vec<_>,
                            _,
                        >>(
                        )?;
                        if self.guardar_lados {
                            for i in 0..pontos.len() {
                                let j = (i + 1) % pontos.len();
                                self.lados
                                    .push(([pontos[i], pontos[j]], [inteiros[i], inteiros[j]]));
                            }
                        }
                        // O i_overlay preenche pelo número de voltas (NonZero): um buraco no
                        // mesmo sentido do exterior contaria como cheio. O anel interior é
                        // buraco pelo que é (OGC), não pelo sentido em que veio — e o sentido
                        // só tem regra no GeoJSON. Exterior anti-horário, buracos horários.
                        if (janela::area_com_sinal(pontos) > 0.0) != (indice == 0) {
                            inteiros.reverse();
                        }
                        Ok(inteiros)
                    })
                    .collect()
            })
            .collect()
    }

    fn coordenada(&self, p: IntPoint) -> Coord<f64> {
        // Primeiro a conta em micrograus: para um ponto da grade de 1e-6 grau ela dá o mesmo
        // `f64` que a entrada, sem consultar o mapa (a união da malha inteira passa por aqui
        // 750 mil vezes).
        let passo = (self.escala / 1e6) as i32;
        if passo > 0 && p.x % passo == 0 && p.y % passo == 0 {
            let micro = |v: i32, origem: f64| (f64::from(v / passo) + (origem * 1e6).round()) / 1e6;
            return Coord {
                x: micro(p.x, self.origem.x),
                y: micro(p.y, self.origem.y),
            };
        }
        if let Some(c) = self.originais.get(&p) {
            return *c;
        }
        Coord {
            x: f64::from(p.x) / self.escala + self.origem.x,
            y: f64::from(p.y) / self.escala + self.origem.y,
        }
    }

    fn territorio(&self, formas: Vec<IntShape>) -> MultiPolygon<f64> {
        // Sem os lados guardados (a união de uma malha inteira), os cruzamentos ficam como o
        // i_overlay os dá: numa malha com divisas comuns idênticas não há cruzamento novo.
        let pontos_novos = if self.guardar_lados {
            Geodesicos::new(self, formas.iter().flatten().flatten().copied())
        } else {
            HashMap::default()
        };
        MultiPolygon(
            formas
                .into_iter()
                .filter_map(|forma| {
                    let mut aneis = forma.into_iter().map(|contorno| {
                        let mut coordenadas: Vec<Coord<f64>> = contorno
                            .into_iter()
                            .map(|p| {
                                pontos_novos
                                    .get(&p)
                                    .copied()
                                    .unwrap_or_else(|| self.coordenada(p))
                            })
                            .collect();
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

/// Os pontos novos da sobreposição (cruzamentos de lados) levados para o cruzamento das
/// geodésicas. O `i_overlay` cruza retas em graus; as divisas são geodésicas (Art. 5º), e o
/// cruzamento de retas fica a milímetros do das geodésicas numa aresta de quilômetros — o que,
/// somado ao longo do recorte, tirava a soma das áreas das partes de 1e-9 da área do todo.
/// Como o mesmo ponto da grade vem dos mesmos lados de entrada, as duas partes recebem a mesma
/// coordenada e continuam a se encaixar.
struct Geodesicos;

impl Geodesicos {
    #[allow(clippy::new_ret_no_self)]
    fn new(
        grade: &Grade,
        pontos: impl Iterator<Item = IntPoint>,
    ) -> HashMap<IntPoint, Coord<f64>, HashRapido> {
        let novos: Vec<IntPoint> = pontos
            .filter(|p| !grade.originais.contains_key(p))
            .collect();
        let mut resultado = HashMap::default();
        if novos.is_empty() {
            return resultado;
        }
        // Células de 0,01 grau com os lados que as atravessam (pelo envelope).
        let celula = grade.escala / 100.0;
        let chave = |x: f64, y: f64| ((x / celula).floor() as i64, (y / celula).floor() as i64);
        let mut celulas: HashMap<(i64, i64), Vec<usize>, HashRapido> = HashMap::default();
        for (i, (_, [a, b])) in grade.lados.iter().enumerate() {
            let (x0, x1) = (f64::from(a.x.min(b.x)), f64::from(a.x.max(b.x)));
            let (y0, y1) = (f64::from(a.y.min(b.y)), f64::from(a.y.max(b.y)));
            let ((cx0, cy0), (cx1, cy1)) = (chave(x0, y0), chave(x1, y1));
            if (cx1 - cx0 + 1) * (cy1 - cy0 + 1) > 10_000 {
                continue;
            }
            for cx in cx0..=cx1 {
                for cy in cy0..=cy1 {
                    celulas.entry((cx, cy)).or_default().push(i);
                }
            }
        }
        for p in novos {
            if resultado.contains_key(&p) {
                continue;
            }
            let (px, py) = (f64::from(p.x), f64::from(p.y));
            let Some(candidatos) = celulas.get(&chave(px, py)) else {
                continue;
            };
            // Os lados que passam a até três passos da grade do ponto, cada um uma vez (uma
            // divisa comum chega duas vezes, uma de cada operando) e em ordem fixa: a resposta
            // sai igual até o último bit qualquer que seja a ordem em que foram guardados (a
            // janela e a sobreposição inteira os guardam em ordens diferentes).
            let chave_do_lado = |l: &([Coord<f64>; 2], [IntPoint; 2])| {
                let [a, b] = l.1;
                let (a, b) = ((a.x, a.y), (b.x, b.y));
                (a.min(b), a.max(b))
            };
            let mut perto: Vec<&([Coord<f64>; 2], [IntPoint; 2])> = candidatos
                .iter()
                .map(|&i| &grade.lados[i])
                .filter(|(_, [a, b])| {
                    distancia_ao_segmento(
                        (px, py),
                        (f64::from(a.x), f64::from(a.y)),
                        (f64::from(b.x), f64::from(b.y)),
                    ) <= 3.0
                })
                .collect();
            perto.sort_by_key(|l| chave_do_lado(l));
            perto.dedup_by_key(|l| chave_do_lado(l));
            let [primeiro, segundo, ..] = perto.as_slice() else {
                continue;
            };
            let inicial = grade.coordenada(p);
            if let Some(c) = cruzamento_geodesico(primeiro.0, segundo.0, inicial) {
                // Só aceita se ficar perto do ponto da grade: milímetros nas arestas curtas da
                // malha, alguns metros num recorte de dezenas de quilômetros; mais que ~10 m
                // indica lados errados, e fica o cruzamento das retas.
                if (c.x - inicial.x).abs() < 1e-4 && (c.y - inicial.y).abs() < 1e-4 {
                    resultado.insert(p, c);
                }
            }
        }
        resultado
    }
}

fn distancia_ao_segmento(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let comprimento2 = dx * dx + dy * dy;
    let t = if comprimento2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / comprimento2).clamp(0.0, 1.0)
    };
    ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
}

/// O cruzamento das geodésicas `ab` e `cd`: numa projeção azimutal equidistante centrada no
/// palpite, as geodésicas curtas são retas a menos de micrômetros; cruzam-se as retas e
/// recentraliza-se, até o passo ficar abaixo de um micrômetro.
fn cruzamento_geodesico(
    ab: [Coord<f64>; 2],
    cd: [Coord<f64>; 2],
    palpite: Coord<f64>,
) -> Option<Coord<f64>> {
    use geographiclib_rs::{DirectGeodesic, InverseGeodesic};
    let elipsoide = crate::geodesia::sirgas2000();
    let mut centro = palpite;
    for _ in 0..4 {
        let plano = |c: Coord<f64>| {
            let (s, azimute, _, _): (f64, f64, f64, f64) =
                elipsoide.inverse(centro.y, centro.x, c.y, c.x);
            (
                s * azimute.to_radians().sin(),
                s * azimute.to_radians().cos(),
            )
        };
        let (a, b, c, d) = (plano(ab[0]), plano(ab[1]), plano(cd[0]), plano(cd[1]));
        let (r, s) = ((b.0 - a.0, b.1 - a.1), (d.0 - c.0, d.1 - c.1));
        let denominador = r.0 * s.1 - r.1 * s.0;
        if denominador.abs() < 1e-12 * (r.0.hypot(r.1) * s.0.hypot(s.1)).max(1e-300) {
            return None;
        }
        let t = ((c.0 - a.0) * s.1 - (c.1 - a.1) * s.0) / denominador;
        let (x, y) = (a.0 + t * r.0, a.1 + t * r.1);
        let passo = x.hypot(y);
        let (lat, lon, _): (f64, f64, f64) =
            elipsoide.direct(centro.y, centro.x, x.atan2(y).to_degrees(), passo);
        centro = Coord { x: lon, y: lat };
        if passo < 1e-6 {
            break;
        }
    }
    Some(centro)
}

fn operar(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
    regra: OverlayRule,
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    // O operando de caixa maior é o "grande"; o outro define a janela.
    let (caixa_a, caixa_b) = (caixa(a), caixa(b));
    let area = |c: [f64; 4]| (c[2] - c[0]).max(0.0) * (c[3] - c[1]).max(0.0);
    let operandos = if area(caixa_a) >= area(caixa_b) {
        janela::Operandos {
            grande: a,
            pequeno: b,
            caixa_grande: caixa_a,
            caixa_pequeno: caixa_b,
            grande_e_sujeito: true,
        }
    } else {
        janela::Operandos {
            grande: b,
            pequeno: a,
            caixa_grande: caixa_b,
            caixa_pequeno: caixa_a,
            grande_e_sujeito: false,
        }
    };
    let mut grade = Grade::das_caixas([caixa_a, caixa_b].into_iter())?;
    if let Some(resultado) = janela::operar(&mut grade, &operandos, regra)? {
        return Ok(resultado);
    }
    operar_inteiro(a, b, regra)
}

/// A caixa dos vértices, `[x mín, y mín, x máx, y máx]` (invertida se não há vértices).
fn caixa(t: &MultiPolygon<f64>) -> [f64; 4] {
    let mut c = [
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    ];
    for v in
        t.0.iter()
            .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
            .flat_map(|a| a.0.iter())
    {
        if v.x < c[0] {
            c[0] = v.x;
        }
        if v.x > c[2] {
            c[2] = v.x;
        }
        if v.y < c[1] {
            c[1] = v.y;
        }
        if v.y > c[3] {
            c[3] = v.y;
        }
    }
    c
}

/// A sobreposição com os dois operandos inteiros.
fn operar_inteiro(
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
    grade.guardar_lados = false;
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

    fn caixa_area(t: &MultiPolygon<f64>) -> f64 {
        let c = caixa(t);
        (c[2] - c[0]) * (c[3] - c[1])
    }

    /// A mesma figura: as mesmas peças, os mesmos anéis (a menos do ponto de partida), os
    /// vértices de entrada idênticos até o último bit e os pontos novos (cruzamentos levados às
    /// geodésicas) a menos de 1e-12 grau — a iteração do cruzamento pode partir de um ponto da
    /// grade vizinho e parar no último bit ao lado.
    fn mesma_figura(
        a: &MultiPolygon<f64>,
        b: &MultiPolygon<f64>,
        entrada: &[&MultiPolygon<f64>],
    ) -> Result<(), String> {
        let de_entrada: std::collections::HashSet<(u64, u64)> = entrada
            .iter()
            .flat_map(|m| m.0.iter())
            .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
            .flat_map(|anel| anel.0.iter())
            .map(|c| (c.x.to_bits(), c.y.to_bits()))
            .collect();
        let aneis = |m: &MultiPolygon<f64>| {
            let mut aneis: Vec<Vec<Coord<f64>>> = m
                .0
                .iter()
                .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
                .map(|anel| {
                    let mut v = anel.0[..anel.0.len() - 1].to_vec();
                    // Começa no menor vértice na grade de 1e-9 grau, mantendo a ordem.
                    let chave =
                        |c: &Coord<f64>| ((c.x * 1e9).round() as i64, (c.y * 1e9).round() as i64);
                    let menor = (0..v.len()).min_by_key(|&i| chave(&v[i])).unwrap_or(0);
                    v.rotate_left(menor);
                    v
                })
                .collect();
            aneis.sort_by_key(|v| {
                v.iter()
                    .map(|c| ((c.x * 1e9).round() as i64, (c.y * 1e9).round() as i64))
                    .collect::<Vec<_>>()
            });
            aneis
        };
        let (pa, pb) = (a.0.len(), b.0.len());
        if pa != pb {
            return Err(format!("{pa} peças × {pb}"));
        }
        let (aa, ab) = (aneis(a), aneis(b));
        let tamanhos = |v: &[Vec<Coord<f64>>]| v.iter().map(Vec::len).collect::<Vec<_>>();
        if tamanhos(&aa) != tamanhos(&ab) {
            return Err(format!("anéis: {:?} × {:?}", tamanhos(&aa), tamanhos(&ab)));
        }
        for (anel_a, anel_b) in aa.iter().zip(&ab) {
            for (p, q) in anel_a.iter().zip(anel_b) {
                let identicos = p.x.to_bits() == q.x.to_bits() && p.y.to_bits() == q.y.to_bits();
                let novo = !de_entrada.contains(&(p.x.to_bits(), p.y.to_bits()))
                    && !de_entrada.contains(&(q.x.to_bits(), q.y.to_bits()));
                let perto = (p.x - q.x).abs() < 1e-12 && (p.y - q.y).abs() < 1e-12;
                if !(identicos || novo && perto) {
                    return Err(format!("vértice {p:?} × {q:?}"));
                }
            }
        }
        let buracos = |m: &MultiPolygon<f64>| {
            let mut b: Vec<usize> = m.0.iter().map(|p| p.interiors().len()).collect();
            b.sort();
            b
        };
        if buracos(a) != buracos(b) {
            return Err("buracos em peças diferentes".into());
        }
        Ok(())
    }

    /// Recortes ao acaso da malha real — atravessando a divisa, dentro, fora, encostados nela
    /// com vértices da própria malha, em volta de um buraco —, nas quatro operações: a janela dá
    /// exatamente o que a sobreposição inteira dá, e é ela que responde quase sempre.
    #[test]
    fn janela_igual_a_sobreposicao_inteira() {
        let mut estado = 0x2302_1992_u64;
        let mut acaso = move || {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            (estado >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut municipios: Vec<MultiPolygon<f64>> = [5100102, 5107198, 5106703, 5103403, 5106307]
            .iter()
            .map(|c| divisa_referencia::malha::poligono(*c).unwrap().unwrap())
            .collect();
        // Um município com buraco: Acorizal sem um quadrado no meio.
        let furo = quadrado(-56.40, -15.15, 0.05);
        municipios.push(operar_inteiro(&municipios[0], &furo, OverlayRule::Difference).unwrap());
        let (mut pela_janela, mut total) = (0, 0);
        for (m, municipio) in municipios.iter().enumerate() {
            let anel = &municipio.0[0].exterior().0;
            for k in 0..40 {
                // Centro: um vértice da divisa (metade das vezes), o centro do buraco ou um
                // ponto deslocado.
                let base = anel[(acaso() * (anel.len() - 1) as f64) as usize];
                let raio = 0.002 + 0.15 * acaso() * acaso();
                let corte = if k % 4 == 3 {
                    // Encostado na divisa: uma sequência de vértices da malha fechada por dois
                    // pontos para dentro (como a faixa de Ribeirãozinho).
                    let i = (acaso() * (anel.len() - 40) as f64) as usize;
                    let n = 3 + (acaso() * 30.0) as usize;
                    let mut pontos: Vec<Coord<f64>> = anel[i..i + n].to_vec();
                    let (a, b) = (pontos[0], pontos[n - 1]);
                    let meio = Coord {
                        x: (a.x + b.x) / 2.0 + (acaso() - 0.5) * 0.02,
                        y: (a.y + b.y) / 2.0 + (acaso() - 0.5) * 0.02,
                    };
                    pontos.push(meio);
                    pontos.push(pontos[0]);
                    MultiPolygon(vec![Polygon::new(LineString(pontos), vec![])])
                } else {
                    let centro = if m == 5 && k % 4 == 2 {
                        Coord {
                            x: -56.375 + (acaso() - 0.5) * 0.06,
                            y: -15.125 + (acaso() - 0.5) * 0.06,
                        }
                    } else if k % 2 == 0 {
                        base
                    } else {
                        Coord {
                            x: base.x + (acaso() - 0.5) * 0.3,
                            y: base.y + (acaso() - 0.5) * 0.3,
                        }
                    };
                    let lados = 3 + (acaso() * 9.0) as usize;
                    let mut pontos: Vec<Coord<f64>> = (0..lados)
                        .map(|i| {
                            let angulo =
                                std::f64::consts::TAU * (i as f64 + acaso() * 0.8) / lados as f64;
                            let r = raio * (0.3 + acaso());
                            Coord {
                                x: ((centro.x + r * angulo.cos()) * 1e6).round() / 1e6,
                                y: ((centro.y + r * angulo.sin()) * 1e6).round() / 1e6,
                            }
                        })
                        .collect();
                    pontos.push(pontos[0]);
                    MultiPolygon(vec![Polygon::new(LineString(pontos), vec![])])
                };
                for (a, b, regra) in [
                    (municipio, &corte, OverlayRule::Difference),
                    (&corte, municipio, OverlayRule::Difference),
                    (municipio, &corte, OverlayRule::Union),
                    (municipio, &corte, OverlayRule::Intersect),
                ] {
                    total += 1;
                    let inteiro = operar_inteiro(a, b, regra).unwrap();
                    let operandos = janela::Operandos {
                        grande: municipio,
                        pequeno: &corte,
                        caixa_grande: caixa(municipio),
                        caixa_pequeno: caixa(&corte),
                        grande_e_sujeito: std::ptr::eq(a, municipio),
                    };
                    let mut grade = Grade::para(&[a, b]).unwrap();
                    let janela = janela::operar(&mut grade, &operandos, regra).unwrap();
                    if let Some(janela) = janela {
                        pela_janela += 1;
                        if let Err(e) = mesma_figura(&janela, &inteiro, &[a, b]) {
                            panic!("município {m}, corte {k}, {regra:?}: {e}\n{corte:?}");
                        }
                    }
                    // E a função pública dá o mesmo que a sobreposição inteira, sempre.
                    assert!(mesma_figura(&operar(a, b, regra).unwrap(), &inteiro, &[a, b]).is_ok());
                }
            }
        }
        // Vizinhos inteiros (as inconsistências do Art. 8º cruzam municípios vizinhos): a janela
        // do menor recorta boa parte do maior.
        let vizinhos = [
            (5107198, 5106703), // Ribeirãozinho, Ponte Branca
            (5100102, 5103403), // Acorizal, Cuiabá (duas peças)
            (5106307, 5107040), // Paranatinga, Primavera do Leste
        ];
        for (x, y) in vizinhos {
            let m = |c| divisa_referencia::malha::poligono(c).unwrap().unwrap();
            let (a, b) = (m(x), m(y));
            let (grande, pequeno) = if caixa_area(&a) >= caixa_area(&b) {
                (&a, &b)
            } else {
                (&b, &a)
            };
            for regra in [
                OverlayRule::Difference,
                OverlayRule::Union,
                OverlayRule::Intersect,
            ] {
                for grande_e_sujeito in [true, false] {
                    let (s, c) = if grande_e_sujeito {
                        (grande, pequeno)
                    } else {
                        (pequeno, grande)
                    };
                    let inteiro = operar_inteiro(s, c, regra).unwrap();
                    let operandos = janela::Operandos {
                        grande,
                        pequeno,
                        caixa_grande: caixa(grande),
                        caixa_pequeno: caixa(pequeno),
                        grande_e_sujeito,
                    };
                    let mut grade = Grade::para(&[s, c]).unwrap();
                    if let Some(janela) = janela::operar(&mut grade, &operandos, regra).unwrap() {
                        pela_janela += 1;
                        if let Err(e) = mesma_figura(&janela, &inteiro, &[s, c]) {
                            panic!("vizinhos {x} e {y}, {regra:?}: {e}");
                        }
                    }
                    total += 1;
                }
            }
        }
        // Quase tudo pela janela (o resto: recortes grandes perto demais de um lado cortado).
        assert!(
            pela_janela * 10 >= total * 9,
            "só {pela_janela} de {total} pela janela"
        );
    }

    /// Um buraco no mesmo sentido do exterior (o Shapefile e o KML não têm regra de sentido)
    /// continua buraco: tirar dele um pedaço que está todo no buraco não muda nada; juntar
    /// esse pedaço o preenche só ali. Na sobreposição inteira (quadrado de 4 vértices) e na
    /// janela (o mesmo quadrado com 400 vértices).
    #[test]
    fn buraco_no_mesmo_sentido_do_exterior_continua_buraco() {
        let anel = |x0: f64, y0: f64, lado: f64, por_lado: usize| {
            let mut v = Vec::new();
            for (dx, dy, ex, ey) in [
                (0.0, 0.0, 1.0, 0.0),
                (1.0, 0.0, 0.0, 1.0),
                (1.0, 1.0, -1.0, 0.0),
                (0.0, 1.0, 0.0, -1.0),
            ] {
                for k in 0..por_lado {
                    let t = k as f64 / por_lado as f64;
                    v.push(Coord {
                        x: ((x0 + lado * (dx + ex * t)) * 1e6).round() / 1e6,
                        y: ((y0 + lado * (dy + ey * t)) * 1e6).round() / 1e6,
                    });
                }
            }
            v.push(v[0]);
            LineString(v) // anti-horário
        };
        for por_lado in [1, 100] {
            let com_buraco = MultiPolygon(vec![Polygon::new(
                anel(-56.0, -15.0, 1.0, por_lado),
                vec![anel(-55.7, -14.7, 0.4, 1)], // também anti-horário
            )]);
            let no_buraco = quadrado(-55.6, -14.6, 0.1);
            let total = area_geodesica(&com_buraco).area_m2;
            let resto = diferenca(&com_buraco, &no_buraco).unwrap();
            assert!(
                (area_geodesica(&resto).area_m2 - total).abs() / total < 1e-12,
                "{por_lado} por lado: tirou do buraco"
            );
            assert_eq!(resto.0[0].interiors().len(), 1);
            let junto = uniao(&com_buraco, &no_buraco).unwrap();
            let esperado = total + area_geodesica(&no_buraco).area_m2;
            assert!((area_geodesica(&junto).area_m2 - esperado).abs() / esperado < 1e-12);
            assert!(intersecao(&com_buraco, &no_buraco).unwrap().0.is_empty());
        }
    }

    #[test]
    fn longe_demais_e_erro() {
        assert_eq!(
            diferenca(&quadrado(-56.0, -15.0, 1.0), &quadrado(10.0, 10.0, 0.5)),
            Err(ErroOperacao::GrandeDemais)
        );
    }
}
