//! A sobreposição numa janela: quando um operando é pequeno diante do outro — a área que se
//! desmembra diante do município que a cede ou que a recebe —, só as bordas do grande que passam
//! perto do pequeno podem mudar. O resto do contorno do grande volta como entrou.
//!
//! Como: uma janela `W` (retângulo na grade de cálculo) contém o pequeno com folga. Cada anel do
//! grande é recortado em `W` — os trechos de dentro, ligados pela borda de `W` de modo que o
//! número de voltas (e portanto o preenchimento) de todo ponto dentro de `W` seja o do anel
//! inteiro. Só isso e o pequeno vão ao `i_overlay`. Na saída, os arcos de dentro (de uma entrada
//! a uma saída de `W`) são costurados aos arcos de fora do grande, guardados com os `f64` de
//! entrada: fora de `W` o resultado é o próprio grande, porque o pequeno não chega lá.
//!
//! O recorte cria pontos na borda de `W` (cruzamentos arredondados na grade); eles somem na
//! costura, e o lado original volta inteiro, do último vértice de fora ao primeiro de dentro.
//!
//! Quando algo foge do caso comum — um vértice do grande exatamente na borda de `W`, dois
//! cruzamentos no mesmo ponto, um vértice do pequeno perto de um lado recortado, uma costura que
//! não fecha — a função devolve `None` e a sobreposição inteira decide. O teste
//! `janela_igual_a_sobreposicao_inteira` confere as duas em recortes ao acaso da malha real.

use std::collections::HashMap;

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{IntOverlayOptions, Overlay};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::core::solver::Solver;
use i_overlay::i_float::int::point::IntPoint;

use super::{ErroOperacao, Geodesicos, Grade, HashRapido};

/// Abaixo disso, a sobreposição inteira já é rápida e a janela não paga o que custa.
const MINIMO_DE_VERTICES: usize = 256;

/// A janela, fechada, em passos da grade de cálculo.
#[derive(Debug, Clone, Copy)]
struct Janela {
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
    /// O centro, fora dos inteiros (nenhum ponto da grade cai na semirreta que sai dele).
    cx: f64,
    cy: f64,
}

impl Janela {
    fn dentro(&self, p: IntPoint) -> Option<bool> {
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        if x > self.x0 && x < self.x1 && y > self.y0 && y < self.y1 {
            Some(true)
        } else if x < self.x0 || x > self.x1 || y < self.y0 || y > self.y1 {
            Some(false)
        } else {
            None // na borda: fica para a sobreposição inteira
        }
    }

    fn largura(&self) -> i64 {
        self.x1 - self.x0
    }

    fn altura(&self) -> i64 {
        self.y1 - self.y0
    }

    fn perimetro(&self) -> i64 {
        2 * (self.largura() + self.altura())
    }

    /// Posição de um ponto da borda ao longo dela, no sentido anti-horário a partir do canto
    /// sudoeste.
    fn posicao(&self, p: IntPoint) -> i64 {
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        let (l, a) = (self.largura(), self.altura());
        if y == self.y0 {
            x - self.x0
        } else if x == self.x1 {
            l + (y - self.y0)
        } else if y == self.y1 {
            l + a + (self.x1 - x)
        } else {
            2 * l + a + (self.y1 - y)
        }
    }

    fn cantos(&self) -> [(i64, IntPoint); 4] {
        let (l, a) = (self.largura(), self.altura());
        let p = |x: i64, y: i64| IntPoint::new(x as i32, y as i32);
        [
            (0, p(self.x0, self.y0)),
            (l, p(self.x1, self.y0)),
            (l + a, p(self.x1, self.y1)),
            (2 * l + a, p(self.x0, self.y1)),
        ]
    }

    fn angulo(&self, p: (f64, f64)) -> f64 {
        (p.1 - self.cy).atan2(p.0 - self.cx)
    }

    /// Os cantos por que passa o caminho pela borda de `de` até `ate` que varre, visto do centro,
    /// o mesmo ângulo que o arco de fora que ele substitui (as mesmas voltas em torno de `W`).
    fn caminho(&self, de: IntPoint, ate: IntPoint, varrido: f64, saida: &mut Vec<IntPoint>) {
        let tau = std::f64::consts::TAU;
        let ponto = |p: IntPoint| (f64::from(p.x), f64::from(p.y));
        let direto = (self.angulo(ponto(ate)) - self.angulo(ponto(de))).rem_euclid(tau);
        let direto = if de == ate { 0.0 } else { direto };
        let voltas = ((varrido - direto) / tau).round() as i64;
        let perimetro = self.perimetro();
        let inicio = self.posicao(de);
        let anti_horario = (self.posicao(ate) - inicio).rem_euclid(perimetro);
        let percurso = anti_horario + voltas * perimetro;
        let cantos = self.cantos();
        if percurso > 0 {
            // Os cantos em (inicio, inicio + percurso), em ordem.
            let mut volta = inicio.div_euclid(perimetro) * perimetro;
            'fora: loop {
                for &(posicao, canto) in &cantos {
                    let s = volta + posicao;
                    if s >= inicio + percurso {
                        break 'fora;
                    }
                    if s > inicio {
                        saida.push(canto);
                    }
                }
                volta += perimetro;
            }
        } else if percurso < 0 {
            let fim = inicio + percurso;
            let mut volta = inicio.div_euclid(perimetro) * perimetro;
            'fora: loop {
                for &(posicao, canto) in cantos.iter().rev() {
                    let s = volta + posicao;
                    if s <= fim {
                        break 'fora;
                    }
                    if s < inicio {
                        saida.push(canto);
                    }
                }
                volta -= perimetro;
            }
        }
    }

    /// O recorte do segmento `ab` por `W` (Liang–Barsky): os parâmetros de entrada e saída.
    fn recorte(&self, a: IntPoint, b: IntPoint) -> Option<(f64, f64)> {
        let (ax, ay) = (f64::from(a.x), f64::from(a.y));
        let (dx, dy) = (f64::from(b.x) - ax, f64::from(b.y) - ay);
        let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
        for (p, q) in [
            (-dx, ax - self.x0 as f64),
            (dx, self.x1 as f64 - ax),
            (-dy, ay - self.y0 as f64),
            (dy, self.y1 as f64 - ay),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return None;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    t0 = t0.max(t);
                } else {
                    t1 = t1.min(t);
                }
            }
        }
        (t0 < t1).then_some((t0, t1))
    }

    /// O ponto de parâmetro `t` em `ab`, posto na borda de `W`: no lado mais próximo, com a outra
    /// coordenada pela reta do lado de entrada tomada sempre do mesmo extremo (o lado comum de dois
    /// municípios, percorrido em sentidos opostos, dá o mesmo ponto nos dois).
    fn na_borda(&self, a: IntPoint, b: IntPoint, t: f64) -> IntPoint {
        let (ax, ay, bx, by) = (
            f64::from(a.x),
            f64::from(a.y),
            f64::from(b.x),
            f64::from(b.y),
        );
        let (x, y) = (ax + t * (bx - ax), ay + t * (by - ay));
        let (x, y) = ((x.round() as i64), (y.round() as i64));
        let distancias = [
            (x - self.x0).abs(),
            (self.x1 - x).abs(),
            (y - self.y0).abs(),
            (self.y1 - y).abs(),
        ];
        let lado = (0..4).min_by_key(|&i| distancias[i]).unwrap_or(0);
        let ((px, py), (rx, ry)) = if (a.x, a.y) <= (b.x, b.y) {
            ((ax, ay), (bx, by))
        } else {
            ((bx, by), (ax, ay))
        };
        let (x, y) = match lado {
            0 | 1 => {
                let borda = if lado == 0 { self.x0 } else { self.x1 };
                let y = py + (borda as f64 - px) * (ry - py) / (rx - px);
                (borda, (y.round() as i64).clamp(self.y0, self.y1))
            }
            _ => {
                let borda = if lado == 2 { self.y0 } else { self.y1 };
                let x = px + (borda as f64 - py) * (rx - px) / (ry - py);
                ((x.round() as i64).clamp(self.x0, self.x1), borda)
            }
        };
        IntPoint::new(x as i32, y as i32)
    }

    /// Se o lado `pq` da borda corre ao longo dela (os dois no mesmo lado de `W`).
    fn ao_longo(&self, p: IntPoint, q: IntPoint) -> bool {
        let (px, py, qx, qy) = (
            i64::from(p.x),
            i64::from(p.y),
            i64::from(q.x),
            i64::from(q.y),
        );
        (px == qx && (px == self.x0 || px == self.x1))
            || (py == qy && (py == self.y0 || py == self.y1))
    }

    fn na_borda_exata(&self, p: IntPoint) -> bool {
        self.dentro(p).is_none()
    }
}

/// Conta as passagens do caminho pela semirreta que sai do centro para oeste (o corte do
/// `atan2`): +1 de cima para baixo (sentido anti-horário), −1 ao contrário.
fn passagens(j: &Janela, a: (f64, f64), b: (f64, f64)) -> i64 {
    let (acima_a, acima_b) = (a.1 > j.cy, b.1 > j.cy);
    if acima_a == acima_b {
        return 0;
    }
    let x = a.0 + (j.cy - a.1) * (b.0 - a.0) / (b.1 - a.1);
    if x >= j.cx {
        0
    } else if acima_a {
        1
    } else {
        -1
    }
}

/// Um arco de fora: de uma saída de `W` (ou do começo do percurso) a uma entrada. Os vértices
/// são os do anel `anel` nas posições `de..ate` do percurso (módulo o número de vértices).
#[derive(Clone, Copy)]
struct Arco {
    anel: usize,
    de: usize,
    ate: usize,
    passagens: i64,
    saida: Option<IntPoint>,
    entrada: IntPoint,
}

/// Um anel do grande como foi lido, e se é percorrido ao contrário (para ficar orientado como a
/// saída do i_overlay: exteriores anti-horários, buracos horários).
#[derive(Clone, Copy)]
struct Anel<'a> {
    pontos: &'a [Coord<f64>],
    reverso: bool,
}

impl Anel<'_> {
    fn vertice(&self, k: usize) -> Coord<f64> {
        let n = self.pontos.len();
        let k = k % n;
        if self.reverso {
            self.pontos[n - 1 - k]
        } else {
            self.pontos[k]
        }
    }

    /// Os vértices `de..ate` do percurso, sem repetidos em seguida (a malha de 2022 tem 2.874
    /// vértices repetidos; o i_overlay descarta lados de comprimento zero, e a costura também).
    fn copiar(&self, de: usize, ate: usize, saida: &mut Vec<Coord<f64>>) {
        for k in de..ate {
            let c = self.vertice(k);
            if saida.last() != Some(&c) {
                saida.push(c);
            }
        }
    }
}

/// O que o recorte do grande deixa: os contornos dentro de `W` para a sobreposição e, para a
/// costura, os arcos de fora por ponto de saída e os anéis que não tocam `W`.
#[derive(Default)]
struct Recorte<'a> {
    aneis: Vec<Anel<'a>>,
    contornos: Vec<Vec<IntPoint>>,
    arcos: HashMap<IntPoint, Arco, HashRapido>,
    intactos: Vec<usize>,
    /// Os lados do grande recortados pela borda (para a checagem de vizinhança do pequeno).
    cortados: Vec<(IntPoint, IntPoint)>,
}

/// Os dois operandos: o grande, cujo contorno longe do pequeno não muda, e o pequeno, que
/// define a janela; as caixas em graus (`[x mín, y mín, x máx, y máx]`).
pub(super) struct Operandos<'a> {
    pub(super) grande: &'a MultiPolygon<f64>,
    pub(super) pequeno: &'a MultiPolygon<f64>,
    pub(super) caixa_grande: [f64; 4],
    pub(super) caixa_pequeno: [f64; 4],
    /// Se o grande é o sujeito (importa só na diferença).
    pub(super) grande_e_sujeito: bool,
}

/// Tenta a operação na janela. `Ok(None)`: o caso não serve, faça a sobreposição inteira.
pub(super) fn operar(
    grade: &mut Grade,
    operandos: &Operandos<'_>,
    regra: OverlayRule,
) -> Result<Option<MultiPolygon<f64>>, ErroOperacao> {
    let vertices: usize = operandos
        .grande
        .0
        .iter()
        .map(|p| p.exterior().0.len() + p.interiors().iter().map(|a| a.0.len()).sum::<usize>())
        .sum();
    if vertices < MINIMO_DE_VERTICES {
        return Ok(None);
    }
    let Some(janela) = janela_para(grade, operandos.caixa_grande, operandos.caixa_pequeno) else {
        return Ok(None);
    };
    // O pequeno inteiro, convertido como sempre (com os lados, para os pontos novos).
    let formas_pequeno = grade.formas(operandos.pequeno)?;
    if formas_pequeno
        .iter()
        .flatten()
        .flatten()
        .any(|p| janela.dentro(*p) != Some(true))
    {
        return Ok(None);
    }
    let Some(recorte) = recortar(grade, &janela, operandos.grande)? else {
        return Ok(None);
    };
    // Um vértice do pequeno a poucos passos de um lado recortado: o cruzamento arredondado
    // mudaria o lado por uma fração de passo bem ali. Caso raro; a sobreposição inteira decide.
    for p in formas_pequeno.iter().flatten().flatten() {
        let q = (f64::from(p.x), f64::from(p.y));
        if recorte.cortados.iter().any(|(a, b)| {
            super::distancia_ao_segmento(
                q,
                (f64::from(a.x), f64::from(a.y)),
                (f64::from(b.x), f64::from(b.y)),
            ) <= 4.0
        }) {
            return Ok(None);
        }
    }
    let contornos_pequeno: Vec<Vec<IntPoint>> = formas_pequeno.into_iter().flatten().collect();
    let (sujeito, corte) = if operandos.grande_e_sujeito {
        (&recorte.contornos, &contornos_pequeno)
    } else {
        (&contornos_pequeno, &recorte.contornos)
    };
    let mut overlay = Overlay::with_contours_custom(
        sujeito,
        corte,
        IntOverlayOptions::keep_all_points(),
        Solver::default(),
    );
    let formas = overlay.overlay(regra, FillRule::NonZero);
    // Os pontos novos (cruzamentos) vão às geodésicas; os da borda de `W` somem na costura.
    let novos = Geodesicos::new(
        grade,
        formas
            .iter()
            .flatten()
            .flatten()
            .copied()
            .filter(|p| !janela.na_borda_exata(*p)),
    );
    let coordenada = |p: IntPoint| {
        novos
            .get(&p)
            .copied()
            .unwrap_or_else(|| grade.coordenada(p))
    };
    // O contorno do grande fora de `W` continua no resultado na união e na diferença em que o
    // grande é o sujeito; nas outras, o resultado cabe no pequeno, dentro de `W`.
    let costurar = regra == OverlayRule::Union
        || (regra == OverlayRule::Difference && operandos.grande_e_sujeito);
    let aneis = if costurar {
        match costurar_aneis(&janela, &recorte, formas, coordenada) {
            Some(aneis) => aneis,
            None => return Ok(None),
        }
    } else {
        let mut aneis = Vec::new();
        for contorno in formas.into_iter().flatten() {
            if contorno.iter().any(|p| janela.na_borda_exata(*p)) {
                return Ok(None);
            }
            let mut anel = Vec::with_capacity(contorno.len() + 1);
            anel.extend(contorno.into_iter().map(coordenada));
            aneis.push(anel);
        }
        aneis
    };
    Ok(agrupar(aneis))
}

/// A janela em volta do pequeno, com folga de 1/16 do seu tamanho (e ao menos quatro micrograus),
/// com as bordas no meio de dois micrograus (nenhum vértice da malha do IBGE cai nelas).
fn janela_para(grade: &Grade, caixa_grande: [f64; 4], caixa_pequeno: [f64; 4]) -> Option<Janela> {
    let na_grade = |c: [f64; 4]| {
        let (x0, y0) = grade.na_grade(Coord { x: c[0], y: c[1] });
        let (x1, y1) = grade.na_grade(Coord { x: c[2], y: c[3] });
        [x0, y0, x1, y1]
    };
    let [x0, y0, x1, y1] = na_grade(caixa_pequeno);
    if !(x0 <= x1 && y0 <= y1) {
        return None;
    }
    let passo = (grade.escala / 1e6) as i64;
    if passo < 2 {
        return None;
    }
    let folga = ((x1 - x0).max(y1 - y0) / 16.0).max(4.0 * passo as f64);
    let abaixo = |v: f64| (((v - folga) / passo as f64).floor() as i64) * passo - passo / 2;
    let acima = |v: f64| (((v + folga) / passo as f64).ceil() as i64) * passo + passo / 2;
    let (jx0, jy0, jx1, jy1) = (abaixo(x0), abaixo(y0), acima(x1), acima(y1));
    let limite = i64::from(i32::MAX);
    if [jx0, jy0, jx1, jy1].iter().any(|v| v.abs() >= limite) {
        return None;
    }
    // Se a janela já cobre o grande, não há o que poupar.
    let [gx0, gy0, gx1, gy1] = na_grade(caixa_grande);
    if gx0 > jx0 as f64 && gy0 > jy0 as f64 && gx1 < jx1 as f64 && gy1 < jy1 as f64 {
        return None;
    }
    Some(Janela {
        x0: jx0,
        y0: jy0,
        x1: jx1,
        y1: jy1,
        cx: (jx0 + jx1) as f64 / 2.0 + 0.25,
        cy: (jy0 + jy1) as f64 / 2.0 + 0.25,
    })
}

/// Recorta cada anel do grande em `W`. `Ok(None)` quando o caso não serve.
fn recortar<'a>(
    grade: &mut Grade,
    janela: &Janela,
    grande: &'a MultiPolygon<f64>,
) -> Result<Option<Recorte<'a>>, ErroOperacao> {
    let mut recorte = Recorte::default();
    for poligono in &grande.0 {
        for (indice, anel) in std::iter::once(poligono.exterior())
            .chain(poligono.interiors())
            .enumerate()
        {
            let mut pontos = anel.0.as_slice();
            while pontos.len() > 1 && pontos.first() == pontos.last() {
                pontos = &pontos[..pontos.len() - 1];
            }
            if pontos.len() < 3 {
                continue;
            }
            let anti_horario = area_com_sinal(pontos) > 0.0;
            recorte.aneis.push(Anel {
                pontos,
                reverso: anti_horario != (indice == 0),
            });
            if !recortar_anel(grade, janela, recorte.aneis.len() - 1, &mut recorte)? {
                return Ok(None);
            }
        }
    }
    // Cruzamentos repetidos tornariam a costura ambígua.
    let mut entradas: Vec<IntPoint> = recorte.arcos.values().map(|a| a.entrada).collect();
    entradas.sort_unstable_by_key(|p| (p.x, p.y));
    if entradas.windows(2).any(|w| w[0] == w[1]) {
        return Ok(None);
    }
    Ok(Some(recorte))
}

/// Um anel que não chega a `W`: volta inteiro; se dá voltas em `W`, a borda entra na
/// sobreposição o mesmo número de vezes (o preenchimento dentro de `W` é o dele).
fn intacto(grade: &Grade, janela: &Janela, indice: usize, r: &mut Recorte<'_>) {
    let anel = r.aneis[indice];
    let n = anel.pontos.len();
    let g = |k: usize| grade.na_grade(anel.vertice(k));
    let voltas: i64 = (0..n).map(|k| passagens(janela, g(k), g(k + 1))).sum();
    for _ in 0..voltas.unsigned_abs() {
        let mut borda: Vec<IntPoint> = janela.cantos().iter().map(|(_, c)| *c).collect();
        if voltas < 0 {
            borda.reverse();
        }
        r.contornos.push(borda);
    }
    r.intactos.push(indice);
}

/// Percorre um anel que toca `W` a partir de um vértice de fora, separando os trechos de dentro
/// (que vão à sobreposição, ligados pela borda) dos arcos de fora (que voltam na costura).
/// `Ok(false)`: caso que a janela não trata.
fn recortar_anel(
    grade: &mut Grade,
    janela: &Janela,
    indice: usize,
    recorte: &mut Recorte<'_>,
) -> Result<bool, ErroOperacao> {
    let anel = recorte.aneis[indice];
    let n = anel.pontos.len();
    // Um ponto está "longe" quando está fora de `W` com um passo de folga (a conta em f64 erra
    // bem menos que um passo); um lado, quando os dois extremos estão longe do mesmo lado.
    let (fx0, fy0, fx1, fy1) = (
        janela.x0 as f64 - 1.0,
        janela.y0 as f64 - 1.0,
        janela.x1 as f64 + 1.0,
        janela.y1 as f64 + 1.0,
    );
    let lado_longe = |a: (f64, f64), b: (f64, f64)| {
        (a.0 < fx0 && b.0 < fx0)
            || (a.0 > fx1 && b.0 > fx1)
            || (a.1 < fy0 && b.1 < fy0)
            || (a.1 > fy1 && b.1 > fy1)
    };
    let ponto_longe = |a: (f64, f64)| a.0 < fx0 || a.0 > fx1 || a.1 < fy0 || a.1 > fy1;
    // O começo: um vértice longe; sem nenhum, um de fora pela grade; sem nenhum, o anel está
    // todo dentro e vai inteiro à sobreposição, com os lados (para os pontos novos).
    let inicio = match (0..n).find(|&k| ponto_longe(grade.na_grade(anel.vertice(k)))) {
        Some(k) => k,
        None => {
            let mut contorno = Vec::with_capacity(n);
            let mut fora = None;
            for k in 0..n {
                let p = grade.ponto(anel.vertice(k))?;
                match janela.dentro(p) {
                    None => return Ok(false),
                    Some(false) => fora = fora.or(Some(k)),
                    Some(true) => {}
                }
                contorno.push(p);
            }
            match fora {
                Some(k) => k,
                None => {
                    if grade.guardar_lados {
                        for k in 0..n {
                            let j = (k + 1) % n;
                            grade.lados.push((
                                [anel.vertice(k), anel.vertice(j)],
                                [contorno[k], contorno[j]],
                            ));
                        }
                    }
                    contorno.dedup();
                    recorte.contornos.push(contorno);
                    return Ok(true);
                }
            }
        }
    };
    let novo_arco = |de: usize, passagens: i64, saida: Option<IntPoint>| Arco {
        anel: indice,
        de,
        ate: de + 1,
        passagens,
        saida,
        entrada: IntPoint::new(0, 0),
    };
    let mut arcos: Vec<Arco> = Vec::new();
    let mut trechos: Vec<Vec<IntPoint>> = Vec::new();
    // O arco do começo ainda não tem vértice (o do início fecha o último arco).
    let mut arco = Arco {
        ate: inicio + 1,
        ..novo_arco(inicio + 1, 0, None)
    };
    let mut trecho: Vec<IntPoint> = Vec::new();
    let ponto_f = |p: IntPoint| (f64::from(p.x), f64::from(p.y));
    // O vértice `a` do lado atual: na grade aproximada e, se já convertido, na grade exata com a
    // situação diante de `W`.
    let mut ga = grade.na_grade(anel.vertice(inicio));
    let mut ia: Option<(IntPoint, bool)> = None;
    for i in inicio..inicio + n {
        let j = i + 1;
        let (va, vb) = (anel.vertice(i), anel.vertice(j));
        if va == vb {
            // Lado de comprimento zero: o vértice repetido fica na faixa do arco (se o arco
            // está aberto) e some na cópia.
            continue;
        }
        let gb = grade.na_grade(vb);
        if lado_longe(ga, gb) {
            // Lado longe: segue fora.
            arco.passagens += passagens(janela, ga, gb);
            arco.ate = j + 1;
            ga = gb;
            ia = None;
            continue;
        }
        let (a, dentro_a) = match ia {
            Some(x) => x,
            None => {
                let a = grade.ponto(va)?;
                match janela.dentro(a) {
                    Some(d) => (a, d),
                    None => return Ok(false),
                }
            }
        };
        let b = grade.ponto(vb)?;
        let Some(dentro_b) = janela.dentro(b) else {
            return Ok(false);
        };
        if grade.guardar_lados {
            grade.lados.push(([va, vb], [a, b]));
        }
        match (dentro_a, dentro_b) {
            (true, true) => trecho.push(b),
            (true, false) => {
                let Some((_, t1)) = janela.recorte(a, b) else {
                    return Ok(false);
                };
                let q = janela.na_borda(a, b, t1);
                recorte.cortados.push((a, b));
                trecho.push(q);
                trechos.push(std::mem::take(&mut trecho));
                arcos.push(std::mem::replace(
                    &mut arco,
                    novo_arco(j, passagens(janela, ponto_f(q), gb), Some(q)),
                ));
            }
            (false, true) => {
                let Some((t0, _)) = janela.recorte(a, b) else {
                    return Ok(false);
                };
                let q = janela.na_borda(a, b, t0);
                recorte.cortados.push((a, b));
                arco.passagens += passagens(janela, ga, ponto_f(q));
                arco.entrada = q;
                trecho = vec![q, b];
            }
            (false, false) => match janela.recorte(a, b) {
                None => {
                    arco.passagens += passagens(janela, ga, gb);
                    arco.ate = j + 1;
                }
                Some((t0, t1)) => {
                    let (q0, q1) = (janela.na_borda(a, b, t0), janela.na_borda(a, b, t1));
                    if q0 == q1 || janela.ao_longo(q0, q1) {
                        return Ok(false);
                    }
                    recorte.cortados.push((a, b));
                    arco.passagens += passagens(janela, ga, ponto_f(q0));
                    arco.entrada = q0;
                    trechos.push(vec![q0, q1]);
                    arcos.push(std::mem::replace(
                        &mut arco,
                        novo_arco(j, passagens(janela, ponto_f(q1), gb), Some(q1)),
                    ));
                }
            },
        }
        ga = gb;
        ia = Some((b, dentro_b));
    }
    if trechos.is_empty() {
        // Lados perto, mas nenhum entrou: o anel todo fica fora.
        intacto(grade, janela, indice, recorte);
        return Ok(true);
    }
    // O último arco (da última saída até o início) continua no primeiro (do início até a
    // primeira entrada): no percurso, `n` adiante.
    let primeiro = arcos.remove(0);
    arco.ate = primeiro.ate + n;
    arco.passagens += primeiro.passagens;
    arco.entrada = primeiro.entrada;
    arcos.push(arco);
    // `trechos[k]` termina na saída de `arcos[k]`, que leva à entrada de `trechos[k + 1]`.
    let mut contorno = Vec::new();
    for (trecho, arco) in trechos.iter().zip(&arcos) {
        contorno.extend_from_slice(trecho);
        let Some(saida) = arco.saida else {
            return Ok(false);
        };
        // O ângulo varrido pelo arco de fora, visto do centro: o do `atan2` mais uma volta
        // inteira a cada passagem pelo corte.
        let varrido = janela.angulo(ponto_f(arco.entrada)) - janela.angulo(ponto_f(saida))
            + std::f64::consts::TAU * arco.passagens as f64;
        janela.caminho(saida, arco.entrada, varrido, &mut contorno);
        if recorte.arcos.insert(saida, *arco).is_some() {
            return Ok(false);
        }
    }
    contorno.dedup();
    recorte.contornos.push(contorno);
    Ok(true)
}

/// Costura os arcos de dentro (da saída do i_overlay) aos de fora. `None` se não fecha.
fn costurar_aneis(
    janela: &Janela,
    recorte: &Recorte<'_>,
    formas: Vec<Vec<Vec<IntPoint>>>,
    coordenada: impl Fn(IntPoint) -> Coord<f64>,
) -> Option<Vec<Vec<Coord<f64>>>> {
    let mut aneis: Vec<Vec<Coord<f64>>> = Vec::new();
    // Arcos de dentro por ponto de entrada: os pontos estritamente dentro e a saída.
    let mut de_dentro: HashMap<IntPoint, (Vec<IntPoint>, IntPoint), HashRapido> =
        HashMap::default();
    for contorno in formas.into_iter().flatten() {
        let n = contorno.len();
        let na_borda: Vec<bool> = contorno.iter().map(|p| janela.na_borda_exata(*p)).collect();
        if !na_borda.iter().any(|&b| b) {
            aneis.push(contorno.into_iter().map(&coordenada).collect());
            continue;
        }
        for i in 0..n {
            // Começo de um arco de dentro: um ponto da borda de onde sai um lado que não corre
            // pela borda.
            let j = (i + 1) % n;
            if !na_borda[i] || (na_borda[j] && janela.ao_longo(contorno[i], contorno[j])) {
                continue;
            }
            let mut meio = Vec::new();
            let mut k = j;
            while !na_borda[k] {
                meio.push(contorno[k]);
                k = (k + 1) % n;
            }
            if de_dentro.insert(contorno[i], (meio, contorno[k])).is_some() {
                return None;
            }
        }
    }
    if de_dentro.len() != recorte.arcos.len() {
        return None;
    }
    let mut usados: HashMap<IntPoint, (), HashRapido> = HashMap::default();
    let mut entradas: Vec<IntPoint> = de_dentro.keys().copied().collect();
    entradas.sort_unstable_by_key(|p| (p.x, p.y));
    for comeco in entradas {
        if usados.contains_key(&comeco) {
            continue;
        }
        let mut anel = Vec::new();
        let mut entrada = comeco;
        loop {
            if usados.insert(entrada, ()).is_some() {
                return None;
            }
            let (meio, saida) = de_dentro.get(&entrada)?;
            anel.extend(meio.iter().map(|p| coordenada(*p)));
            let arco = recorte.arcos.get(saida)?;
            recorte.aneis[arco.anel].copiar(arco.de, arco.ate, &mut anel);
            entrada = arco.entrada;
            if entrada == comeco {
                break;
            }
        }
        // O primeiro vértice pode ter voltado no fim (um arco que termina onde começou).
        while anel.len() > 1 && anel.first() == anel.last() {
            anel.pop();
        }
        aneis.push(anel);
    }
    for &indice in &recorte.intactos {
        let anel = recorte.aneis[indice];
        let mut pontos = Vec::with_capacity(anel.pontos.len() + 1);
        anel.copiar(0, anel.pontos.len(), &mut pontos);
        while pontos.len() > 1 && pontos.first() == pontos.last() {
            pontos.pop();
        }
        aneis.push(pontos);
    }
    Some(aneis)
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

/// Se `p` está dentro do anel (regra par-ímpar).
fn dentro_do_anel(p: Coord<f64>, anel: &[Coord<f64>]) -> bool {
    let n = anel.len();
    let mut dentro = false;
    for i in 0..n {
        let (a, b) = (anel[i], anel[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) {
            dentro = !dentro;
        }
    }
    dentro
}

/// Anéis orientados (exteriores anti-horários, buracos horários) em polígonos: cada buraco no
/// menor exterior que o contém. `None` se um buraco não cabe em nenhum (não deveria acontecer:
/// a sobreposição inteira decide).
fn agrupar(aneis: Vec<Vec<Coord<f64>>>) -> Option<MultiPolygon<f64>> {
    // (área, exterior, buracos)
    type Peca = (f64, Vec<Coord<f64>>, Vec<LineString<f64>>);
    let mut exteriores: Vec<Peca> = Vec::new();
    let mut buracos = Vec::new();
    for anel in aneis {
        if anel.len() < 3 {
            continue;
        }
        let area = area_com_sinal(&anel);
        if area > 0.0 {
            exteriores.push((area, anel, Vec::new()));
        } else if area < 0.0 {
            buracos.push(anel);
        }
    }
    for buraco in buracos {
        // O ponto médio do primeiro lado: não é vértice de nenhum outro anel.
        let p = Coord {
            x: (buraco[0].x + buraco[1].x) / 2.0,
            y: (buraco[0].y + buraco[1].y) / 2.0,
        };
        let dono = if exteriores.len() == 1 {
            Some(0)
        } else {
            exteriores
                .iter()
                .enumerate()
                .filter(|(_, (_, exterior, _))| dentro_do_anel(p, exterior))
                .min_by(|a, b| a.1 .0.total_cmp(&b.1 .0))
                .map(|(i, _)| i)
        };
        exteriores[dono?].2.push(fechado(buraco));
    }
    Some(MultiPolygon(
        exteriores
            .into_iter()
            .map(|(_, exterior, buracos)| Polygon::new(fechado(exterior), buracos))
            .collect(),
    ))
}

fn fechado(mut anel: Vec<Coord<f64>>) -> LineString<f64> {
    if let Some(&primeiro) = anel.first() {
        anel.push(primeiro);
    }
    LineString(anel)
}

#[cfg(test)]
mod testes;
