//! Os anéis na tela sem os pontos que não mudam o desenho (Douglas-Peucker com a tolerância
//! de um terço de pixel).

use super::*;

/// Distância de `p` ao segmento `ab`.
pub(super) fn distancia_ao_segmento(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let n = dx * dx + dy * dy;
    let t = if n > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / n).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
}

/// Os pontos de um anel na tela, sem os que não mudam o desenho: primeiro os que estão a
/// menos de [`TOLERANCIA_PX`] do anterior, depois Douglas-Peucker com a mesma tolerância
/// (iterativo: um anel de dezenas de milhares de vértices não estoura a pilha).
pub(super) fn simplificar(pontos: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut perto: Vec<(f64, f64)> = Vec::with_capacity(pontos.len());
    for p in pontos {
        match perto.last() {
            Some(u) if (p.0 - u.0).hypot(p.1 - u.1) < TOLERANCIA_PX => {}
            _ => perto.push(*p),
        }
    }
    if perto.len() < 4 {
        return perto;
    }
    let mut manter = vec![false; perto.len()];
    let ultimo = perto.len() - 1;
    manter[0] = true;
    manter[ultimo] = true;
    // O anel fechado tem o primeiro ponto igual ao último: o ponto mais distante dele é o
    // segundo apoio, para a primeira corda não degenerar num ponto.
    let apoio = (1..ultimo)
        .max_by(|i, j| {
            let d = |k: usize| (perto[k].0 - perto[0].0).hypot(perto[k].1 - perto[0].1);
            d(*i).total_cmp(&d(*j))
        })
        .unwrap_or(ultimo);
    manter[apoio] = true;
    let mut pilha = vec![(0, apoio), (apoio, ultimo)];
    while let Some((i, j)) = pilha.pop() {
        let mut maior = (0.0, 0);
        for k in i + 1..j {
            let d = distancia_ao_segmento(perto[k], perto[i], perto[j]);
            if d > maior.0 {
                maior = (d, k);
            }
        }
        if maior.0 > TOLERANCIA_PX {
            manter[maior.1] = true;
            pilha.push((i, maior.1));
            pilha.push((maior.1, j));
        }
    }
    perto
        .into_iter()
        .zip(manter)
        .filter_map(|(p, m)| m.then_some(p))
        .collect()
}
