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

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{IntOverlayOptions, Overlay};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::core::solver::Solver;
use i_overlay::i_float::int::point::IntPoint;

use super::grade::{area_com_sinal, distancia_ao_segmento, ErroOperacao, Geodesicos, Grade};

mod borda;
mod costura;

use borda::Janela;
use costura::{costurar_aneis, recortar};

/// Abaixo disso, a sobreposição inteira já é rápida e a janela não paga o que custa.
const MINIMO_DE_VERTICES: usize = 256;

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
            distancia_ao_segmento(
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
    })
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
