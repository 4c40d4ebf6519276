//! O recorte dos anéis do grande na janela (os trechos de dentro, ligados pela borda, vão ao
//! i_overlay; os arcos de fora ficam guardados como faixas de índices do anel lido) e a costura
//! da saída: cada arco de dentro, da entrada à saída de `W`, continua no arco de fora que começa
//! na saída.

use std::collections::HashMap;

use geo_types::{Coord, MultiPolygon};
use i_overlay::i_float::int::point::IntPoint;

use super::borda::{passagens, Janela};
use crate::operacoes::grade::{area_com_sinal, ErroOperacao, Grade, HashRapido};

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
pub(super) struct Recorte<'a> {
    aneis: Vec<Anel<'a>>,
    pub(super) contornos: Vec<Vec<IntPoint>>,
    arcos: HashMap<IntPoint, Arco, HashRapido>,
    intactos: Vec<usize>,
    /// Os lados do grande recortados pela borda (para a checagem de vizinhança do pequeno).
    pub(super) cortados: Vec<(IntPoint, IntPoint)>,
}

/// Recorta cada anel do grande em `W`. `Ok(None)` quando o caso não serve.
pub(super) fn recortar<'a>(
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
pub(super) fn costurar_aneis(
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
