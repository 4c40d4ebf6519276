//! O núcleo das operações: a grade inteira em que o `i_overlay` trabalha (a escala, a origem e o
//! `f64` original de cada vértice de entrada), os cruzamentos geodésicos dos pontos novos e as
//! contas de área e distância que a operação inteira ([`super`]) e a janela
//! ([`super::janela`]) usam. Nenhum dos dois é usado daqui.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::i_shape::int::shape::IntShape;

/// Espalhamento para pontos da grade (dois `i32`): multiplicação e rotação, como o FxHash do
/// compilador. O `SipHash` padrão custava um quarto da operação; aqui ninguém escolhe as chaves
/// para atacar a tabela (são os vértices do próprio cálculo).
#[derive(Default)]
pub(super) struct EspalhamentoDePonto(u64);

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

pub(super) type HashRapido = BuildHasherDefault<EspalhamentoDePonto>;

/// Quanto cabe em cada grade. Não basta cada coordenada caber em `i32`: o `i_overlay` subtrai
/// o mínimo do máximo em `i32` (`GridLayout::with_min_max`), e com ±2,1° a diferença passava
/// de 2.147.483.647 passos — no build de depuração, pânico; no de produção, conta enrolada.
/// Daí a extensão inteira (duas meias) até 2,14e9 passos.
pub(super) const MEIA_EXTENSAO_FINA: f64 = 1.07;
pub(super) const MEIA_EXTENSAO_GROSSA: f64 = 10.7;

/// Por que uma operação não pôde ser feita.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ErroOperacao {
    /// Os territórios se espalham por mais de 21° (não cabem em nenhuma grade de cálculo).
    #[error("os territórios se estendem por mais de 21°: não são territórios de Mato Grosso")]
    GrandeDemais,
}

/// Converte para a grade, lembrando o `f64` de cada ponto de entrada.
pub(super) struct Grade {
    pub(super) escala: f64,
    pub(super) origem: Coord<f64>,
    pub(super) originais: HashMap<IntPoint, Coord<f64>, HashRapido>,
    /// Os lados de entrada: extremos originais e na grade, para achar, de um ponto novo, os
    /// lados que se cruzam nele.
    pub(super) lados: Vec<([Coord<f64>; 2], [IntPoint; 2])>,
    /// Se guarda os lados (a união de uma malha inteira, sem recortes, não cria pontos novos e
    /// não precisa pagar por isso).
    pub(super) guardar_lados: bool,
}

impl Grade {
    /// A grade mais fina em que cabem todos os vértices de `territorios`.
    pub(super) fn para(territorios: &[&MultiPolygon<f64>]) -> Result<Grade, ErroOperacao> {
        Self::das_caixas(territorios.iter().map(|t| caixa(t)))
    }

    /// A grade mais fina em que cabem as caixas (`[x mín, y mín, x máx, y máx]`).
    pub(super) fn das_caixas(
        caixas: impl Iterator<Item = [f64; 4]>,
    ) -> Result<Grade, ErroOperacao> {
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
    pub(super) fn na_grade(&self, c: Coord<f64>) -> (f64, f64) {
        (
            (c.x - self.origem.x) * self.escala,
            (c.y - self.origem.y) * self.escala,
        )
    }

    pub(super) fn ponto(&mut self, c: Coord<f64>) -> Result<IntPoint, ErroOperacao> {
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

    pub(super) fn formas(
        &mut self,
        territorio: &MultiPolygon<f64>,
    ) -> Result<Vec<IntShape>, ErroOperacao> {
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
                        if (area_com_sinal(pontos) > 0.0) != (indice == 0) {
                            inteiros.reverse();
                        }
                        Ok(inteiros)
                    })
                    .collect()
            })
            .collect()
    }

    pub(super) fn coordenada(&self, p: IntPoint) -> Coord<f64> {
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

    pub(super) fn territorio(&self, formas: Vec<IntShape>) -> MultiPolygon<f64> {
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
pub(super) struct Geodesicos;

impl Geodesicos {
    #[allow(clippy::new_ret_no_self)]
    pub(super) fn new(
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
        // Células com os lados que passam por elas (a até três passos da grade). O tamanho
        // acompanha a densidade dos lados: com células fixas de 0,01 grau, uma área desenhada
        // no mapa com 20 mil vértices ao longo de uma divisa punha milhares de lados em cada
        // célula, e cada ponto novo comparava com todos (1,2 s numa simulação do editor).
        // Oito vezes o lado mediano (poucos lados por célula onde eles são densos), sem passar
        // de uns dois milhões de células visitadas no total (os lados longos da malha).
        let mut comprimentos: Vec<f64> = grade
            .lados
            .iter()
            .map(|(_, [a, b])| f64::from(b.x - a.x).hypot(f64::from(b.y - a.y)))
            .collect();
        let total: f64 = comprimentos.iter().sum();
        let meio = comprimentos.len() / 2;
        let mediano = if comprimentos.is_empty() {
            0.0
        } else {
            *comprimentos.select_nth_unstable_by(meio, f64::total_cmp).1
        };
        let celula = (mediano * 8.0)
            .max(total / 1e6)
            .clamp(grade.escala * 1e-6, grade.escala / 100.0);
        let chave = |x: f64, y: f64| ((x / celula).floor() as i64, (y / celula).floor() as i64);
        let mut celulas: HashMap<(i64, i64), Vec<usize>, HashRapido> = HashMap::default();
        let mut do_lado: Vec<(i64, i64)> = Vec::new();
        // Um teto de registros: um território hostil (um pente de lados de graus sobre uma
        // divisa) não enche a memória aqui; passado o teto, os pontos novos ficam como o
        // i_overlay os deu (a nanograus da reta), sem o refinamento geodésico.
        const TETO_DE_REGISTROS: usize = 16_000_000;
        let mut registros = 0usize;
        for (i, (_, [a, b])) in grade.lados.iter().enumerate() {
            if i % 4096 == 0 {
                divisa_recursos::conferir();
            }
            let (ax, ay, bx, by) = (
                f64::from(a.x),
                f64::from(a.y),
                f64::from(b.x),
                f64::from(b.y),
            );
            // pontos do lado a cada meia célula, cada um com a folga de três passos e de meio
            // intervalo (o que fica entre dois pontos também está coberto)
            let comprimento = (bx - ax).hypot(by - ay);
            let passos = (comprimento / (celula / 2.0)).ceil().min(1e6) as usize;
            let folga = 3.0 + comprimento / passos.max(1) as f64 / 2.0;
            do_lado.clear();
            for k in 0..=passos {
                let t = if passos == 0 {
                    0.0
                } else {
                    k as f64 / passos as f64
                };
                let (x, y) = (ax + (bx - ax) * t, ay + (by - ay) * t);
                let ((cx0, cy0), (cx1, cy1)) =
                    (chave(x - folga, y - folga), chave(x + folga, y + folga));
                for cx in cx0..=cx1 {
                    for cy in cy0..=cy1 {
                        do_lado.push((cx, cy));
                    }
                }
            }
            do_lado.sort_unstable();
            do_lado.dedup();
            registros += do_lado.len();
            if registros > TETO_DE_REGISTROS {
                return HashMap::default();
            }
            for c in &do_lado {
                celulas.entry(*c).or_default().push(i);
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
            // Lados quase paralelos (um traçado que corre junto da divisa, com vértices sobre os
            // lados dela) se "cruzam" por arredondamento: o cruzamento não é bem definido, e as
            // iterações geodésicas de milhares desses pontos eram a maior parte do tempo de uma
            // área densa. Abaixo de ~0,06°, fica o ponto da grade (a nanograus da reta).
            let seno = {
                let (r, s) = (
                    (
                        f64::from(primeiro.1[1].x - primeiro.1[0].x),
                        f64::from(primeiro.1[1].y - primeiro.1[0].y),
                    ),
                    (
                        f64::from(segundo.1[1].x - segundo.1[0].x),
                        f64::from(segundo.1[1].y - segundo.1[0].y),
                    ),
                );
                (r.0 * s.1 - r.1 * s.0).abs()
                    / (r.0.hypot(r.1) * s.0.hypot(s.1)).max(f64::MIN_POSITIVE)
            };
            if seno < 1e-3 {
                continue;
            }
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

/// Área com sinal (graus², relativa ao primeiro vértice): positiva no sentido anti-horário.
pub(super) fn area_com_sinal(pontos: &[Coord<f64>]) -> f64 {
    let Some(&origem) = pontos.first() else {
        return 0.0;
    };
    let n = pontos.len();
    let mut soma = 0.0;
    for i in 0..n {
        let (a, b) = (pontos[i], pontos[(i + 1) % n]);
        soma += (a.x - origem.x) * (b.y - origem.y) - (b.x - origem.x) * (a.y - origem.y);
    }
    soma / 2.0
}

pub(super) fn distancia_ao_segmento(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
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
pub(super) fn cruzamento_geodesico(
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

/// A caixa dos vértices, `[x mín, y mín, x máx, y máx]` (invertida se não há vértices).
pub(super) fn caixa(t: &MultiPolygon<f64>) -> [f64; 4] {
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
