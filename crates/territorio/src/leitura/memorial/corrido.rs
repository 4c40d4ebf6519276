//! O memorial em texto corrido: "Inicia-se a descrição deste perímetro no vértice ABCD-M-0001, de
//! coordenadas Longitude: -55°30'12,345", Latitude: -12°10'05,678" e Altitude: 350,12 m; deste,
//! segue confrontando com …, com os seguintes azimute e distância: 123°45'10" e 456,78 m até o
//! vértice …" (SIGEF, desde a 3ª edição da Norma Técnica do INCRA, 2013), e o antigo, em UTM:
//! "… de coordenadas N 8.654.321,12 m e E 612.345,67 m …".
//!
//! Cada menção a "vértice CÓDIGO" (ou "marco", "ponto") marca um vértice; as coordenadas vêm logo
//! depois do código, até "deste", "segue" ou "azimute"; o azimute e a distância do lado que chega
//! a um vértice vêm antes da menção a ele. A menção ao vértice inicial fecha o perímetro; outro
//! "Inicia-se" depois começa outro anel (uma área encravada, ou outra parte).

use super::bruto::{Achados, AnelBruto, Contexto, Declarado};
use super::lexico::{
    casa, codigo, fronteira_antes, fronteira_depois, letra, parece_codigo, pular, pular_quebra,
    trecho, Dobrado, GRAU,
};
use super::numeros::{angulo, numero, Angulo, Falha};

/// As palavras que terminam as coordenadas de um vértice e começam o lado seguinte.
const FIM_DAS_COORDENADAS: [&str; 6] = ["deste", "dai", "segue", "azimute", "rumo", "confronta"];

/// Uma palavra-chave de coordenada em `p`: a forma longa em qualquer lugar ("coordenadasLongitude"),
/// a curta só como palavra ("Lat:", "Long."). Devolve onde termina.
fn chave(b: &[u8], p: usize, longa: &str, curtas: &[&str]) -> Option<usize> {
    if casa(b, p, longa) && fronteira_depois(b, p + longa.len()) {
        return Some(p + longa.len());
    }
    if !fronteira_antes(b, p) {
        return None;
    }
    curtas
        .iter()
        .find(|c| casa(b, p, c) && fronteira_depois(b, p + c.len()))
        .map(|c| p + c.len())
}

/// Pula o que separa um rótulo do valor: espaços, ":", "=", ".", "de", "(GMS)".
fn depois_do_rotulo(b: &[u8], mut q: usize) -> usize {
    loop {
        let r = pular(b, q);
        if r < b.len() && matches!(b[r], b':' | b'=' | b'.') {
            q = r + 1;
            continue;
        }
        if casa(b, r, "de") && fronteira_depois(b, r + 2) {
            q = r + 2;
            continue;
        }
        return r;
    }
}

/// Um valor sem símbolo no fim seguido, na linha de baixo, de algarismos: o número pode ter
/// sido partido pela quebra de linha ("-55,50\n0300"), e não se adivinha.
fn partido_depois(b: &[u8], inicio: usize, fim: usize) -> Option<Falha> {
    let (q, quebra) = pular_quebra(b, fim);
    (quebra && q < b.len() && b[q].is_ascii_digit()).then(|| {
        let mut r = q;
        while r < b.len() && (b[r].is_ascii_digit() || matches!(b[r], b',' | b'.')) {
            r += 1;
        }
        Falha {
            inicio,
            fim: r,
            motivo: format!(
                "«{}» e «{}», na linha seguinte, podem ser um número só partido pela quebra de linha: não se adivinha; escreva a coordenada inteira numa linha",
                trecho(&b[inicio..fim]),
                trecho(&b[q..r])
            ),
        }
    })
}

/// As coordenadas em `[de, ate)`.
pub(super) fn achar_coordenadas(b: &[u8], de: usize, ate: usize) -> Achados {
    let mut a = Achados::default();
    let mut p = de;
    while p < ate {
        let x = b[p];
        // Rótulos geográficos.
        let rotulo = if matches!(x, b'l' | b'L') {
            chave(b, p, "longitude", &["long", "lon"])
                .map(|f| (0, f))
                .or_else(|| chave(b, p, "latitude", &["lat"]).map(|f| (1, f)))
        } else if matches!(x, b'a' | b'A') {
            chave(b, p, "altitude", &["alt"]).map(|f| (2, f))
        } else {
            None
        };
        if let Some((qual, fim)) = rotulo {
            let q = depois_do_rotulo(b, fim);
            if q < ate {
                if qual == 2 {
                    match numero(b, q, true) {
                        Some(Ok(n)) => {
                            a.altitude = Some(n);
                            p = n.fim;
                            continue;
                        }
                        Some(Err(f)) => {
                            p = f.fim.max(q);
                            a.falhas.push(f);
                            continue;
                        }
                        None => {}
                    }
                } else {
                    match angulo(b, q, true, true) {
                        Some(Ok(ang)) => {
                            if let Some(f) = (!ang.fechado)
                                .then(|| partido_depois(b, ang.inicio, ang.fim))
                                .flatten()
                            {
                                p = f.fim;
                                a.falhas.push(f);
                                continue;
                            }
                            if qual == 0 {
                                a.lon = Some(ang);
                            } else {
                                a.lat = Some(ang);
                            }
                            p = ang.fim;
                            continue;
                        }
                        Some(Err(f)) => {
                            p = f.fim.max(q);
                            a.falhas.push(f);
                            continue;
                        }
                        None => {}
                    }
                }
            }
            p = fim;
            continue;
        }
        // Rótulos UTM: "N 8.654.321,12", "E=612.345,67", "X: 612.345,67", "Norte 8.654…".
        if matches!(x, b'N' | b'E' | b'X' | b'Y' | b'n' | b'l')
            && (p == 0 || !(b[p - 1].is_ascii_uppercase() || b[p - 1].is_ascii_digit()))
        {
            let (eixo, fim) = if casa(b, p, "norte") && fronteira_depois(b, p + 5) {
                (b'N', p + 5)
            } else if casa(b, p, "leste") && fronteira_depois(b, p + 5) {
                (b'E', p + 5)
            } else if x.is_ascii_uppercase() && fronteira_depois(b, p + 1) {
                (if matches!(x, b'N' | b'Y') { b'N' } else { b'E' }, p + 1)
            } else {
                (0, p + 1)
            };
            if eixo != 0 {
                let q = depois_do_rotulo(b, fim);
                if q < ate && (q < b.len() && (b[q].is_ascii_digit() || b[q] == b'-')) {
                    match numero(b, q, true) {
                        Some(Ok(n)) => {
                            if let Some(f) = partido_depois(b, n.inicio, n.fim) {
                                p = f.fim;
                                a.falhas.push(f);
                                continue;
                            }
                            if eixo == b'N' {
                                a.norte = Some(n);
                            } else {
                                a.leste = Some(n);
                            }
                            p = n.fim;
                            continue;
                        }
                        Some(Err(f)) => {
                            p = f.fim.max(q);
                            a.falhas.push(f);
                            continue;
                        }
                        None => {}
                    }
                }
            }
        }
        // Ângulos sem rótulo, com o símbolo de grau: "(16°37'01,53" S, 52°51'56,70" O)".
        if (x.is_ascii_digit() || x == b'-') && (p == de || !b[p - 1].is_ascii_alphanumeric()) {
            match angulo(b, p, true, true) {
                Some(Ok(ang)) if ang.com_grau => {
                    a.soltos.push(ang);
                    p = ang.fim;
                    continue;
                }
                Some(Ok(ang)) => {
                    p = ang.fim.max(p + 1);
                    continue;
                }
                Some(Err(f)) => {
                    // Só é falha de coordenada se tinha o símbolo de grau.
                    if b[f.inicio..f.fim.min(b.len())].contains(&GRAU) {
                        a.falhas.push(f.clone());
                    }
                    p = f.fim.max(p + 1);
                    continue;
                }
                None => {}
            }
        }
        p += 1;
    }
    a
}

/// O azimute e a distância declarados em `[de, ate)`, e as falhas de leitura (que só viram
/// avisos: o declarado não define o polígono).
pub(super) fn achar_lado(
    b: &[u8],
    de: usize,
    ate: usize,
    ponto_decimal: bool,
) -> (Option<Declarado>, Option<Declarado>, Vec<Falha>) {
    let mut falhas = Vec::new();
    let palavra = |p: usize, longa: &str, curtas: &[&str]| chave(b, p, longa, curtas);
    let mut chave_azimute = None;
    let mut chave_distancia = None;
    let mut p = de;
    while p < ate && (chave_azimute.is_none() || chave_distancia.is_none()) {
        if chave_azimute.is_none() && matches!(b[p], b'a' | b'A') {
            if let Some(f) = palavra(p, "azimute", &["azim", "az"]) {
                chave_azimute = Some(f);
                p = f;
                continue;
            }
        }
        if chave_distancia.is_none() && matches!(b[p], b'd' | b'D') {
            if let Some(f) = palavra(p, "distancia", &["dist"]) {
                chave_distancia = Some(f);
                p = f;
                continue;
            }
        }
        p += 1;
    }
    let mut azimute: Option<Angulo> = None;
    if let Some(inicio) = chave_azimute {
        let mut q = inicio;
        while q < ate {
            if b[q].is_ascii_digit() && !b[q - 1].is_ascii_alphanumeric() {
                match angulo(b, q, false, false) {
                    Some(Ok(a)) if a.com_grau => {
                        azimute = Some(a);
                        break;
                    }
                    Some(Ok(a)) => q = a.fim.max(q + 1),
                    Some(Err(f)) => {
                        q = f.fim.max(q + 1);
                        if b[f.inicio..f.fim.min(b.len())].contains(&GRAU) {
                            falhas.push(f);
                            break;
                        }
                    }
                    None => q += 1,
                }
            } else {
                q += 1;
            }
        }
    }
    let mut distancia: Option<Declarado> = None;
    let inicio_distancia = match (chave_distancia, azimute) {
        (Some(d), _) => Some(d),
        (None, Some(a)) => Some(a.fim),
        (None, None) => None,
    };
    if let Some(inicio) = inicio_distancia {
        let mut q = inicio;
        while q < ate {
            let dentro_do_azimute = azimute.is_some_and(|a| (a.inicio..a.fim).contains(&q));
            if dentro_do_azimute {
                q = azimute.map_or(q + 1, |a| a.fim);
                continue;
            }
            if !b[q].is_ascii_digit() || b[q - 1].is_ascii_alphanumeric() {
                q += 1;
                continue;
            }
            match numero(b, q, false) {
                Some(Ok(n)) => {
                    let r = pular(b, n.fim);
                    if r < b.len() && (b[r] == GRAU || b[r] == b'\'' || b[r] == b'"') {
                        q = n.fim;
                        continue;
                    }
                    let (fator, unidade) = if casa(b, r, "km") && fronteira_depois(b, r + 2) {
                        (1e3, true)
                    } else {
                        let m = casa(b, r, "m")
                            && (fronteira_depois(b, r + 1) || casa(b, r, "metros"))
                            && !(r + 1 < b.len() && b[r + 1] == b'2');
                        (1.0, m)
                    };
                    // Sem a palavra "distância", só o número com a unidade.
                    if chave_distancia.is_none() && !unidade {
                        q = n.fim;
                        continue;
                    }
                    let (valor, casas) = n.escolher(ponto_decimal);
                    distancia = Some(Declarado {
                        valor: valor * fator,
                        meia_unidade: 0.5 * 10f64.powi(-(casas as i32)) * fator,
                    });
                    break;
                }
                Some(Err(f)) => {
                    falhas.push(f);
                    break;
                }
                None => q += 1,
            }
        }
    }
    let azimute = azimute.map(|a| Declarado {
        valor: a.graus,
        meia_unidade: a.unidade / 2.0,
    });
    (azimute, distancia, falhas)
}

/// Palavras em maiúsculas que seguem "VÉRTICE" nos textos em caixa alta e não são códigos.
const PALAVRAS: [&str; 9] = ["DE", "DO", "DA", "DOS", "DAS", "NO", "NA", "EM", "COM"];

/// Uma menção a vértice: onde começa, o código e onde o código termina.
struct Mencao {
    inicio: usize,
    codigo: String,
    como_veio: Option<String>,
    fim: usize,
}

fn mencoes(t: &Dobrado) -> Vec<Mencao> {
    let b = &t.b;
    let mut saida = Vec::new();
    let mut posicoes: Vec<(usize, usize)> = Vec::new();
    for palavra in ["vertice", "marco", "ponto"] {
        posicoes.extend(t.todas(palavra).iter().map(|&p| (p, palavra.len())));
    }
    posicoes.sort_unstable();
    for (p, tamanho) in posicoes {
        let depois = p + tamanho;
        let mut q = pular(b, depois);
        // "vértice nº 12", "vértice n. 12".
        for rotulo in ["numero", "no", "n"] {
            if casa(b, q, rotulo) {
                let r = q + rotulo.len();
                if r < b.len() && (b[r] == GRAU || b[r] == b'.') && q > depois {
                    q = pular(b, r + 1);
                    break;
                }
                if rotulo == "numero" && fronteira_depois(b, r) {
                    q = pular(b, r);
                    break;
                }
            }
        }
        let colado = q == depois;
        if q >= b.len() || !(b[q].is_ascii_alphanumeric()) {
            continue;
        }
        let Some(c) = codigo(b, q) else {
            continue;
        };
        let tem_algarismo = c.codigo.bytes().any(|x| x.is_ascii_digit());
        if !parece_codigo(&c.codigo)
            || ((colado || tamanho != "vertice".len()) && !tem_algarismo)
            || PALAVRAS.contains(&c.codigo.as_str())
        {
            continue;
        }
        // "vértices" no plural não é menção.
        if colado && letra(b[q]) && b[q].is_ascii_lowercase() {
            continue;
        }
        saida.push(Mencao {
            inicio: p,
            codigo: c.codigo,
            como_veio: c.como_veio,
            fim: c.fim,
        });
    }
    saida
}

/// Onde terminam as coordenadas de um vértice cujo código termina em `de`.
fn fim_das_coordenadas(t: &Dobrado, de: usize, ate: usize) -> usize {
    FIM_DAS_COORDENADAS
        .iter()
        .filter_map(|palavra| t.achar(de, ate, palavra))
        .min()
        .unwrap_or(ate)
}

/// Lê o texto corrido. Devolve os anéis lidos (vazio se o texto não descreve vértice nenhum).
pub(super) fn ler(ctx: &mut Contexto<'_>) -> Vec<AnelBruto> {
    let t = ctx.texto;
    let b = &t.b;
    let lista = mencoes(t);
    let inicios: Vec<usize> = ["inicia", "inicio"]
        .iter()
        .flat_map(|p| t.todas(p).iter().copied().collect::<Vec<_>>())
        .filter(|&p| fronteira_antes(b, p) && fronteira_depois(b, p + 6))
        .collect::<std::collections::BTreeSet<usize>>()
        .into_iter()
        .collect();
    let tem_inicio = !inicios.is_empty();
    // As palavras que anunciam outro anel, achadas uma vez (a busca entre o fim de um anel e
    // cada menção seguinte seria quadrática).
    let posicoes = |palavras: &[&str]| -> Vec<usize> {
        let mut v: Vec<usize> = palavras
            .iter()
            .flat_map(|p| t.todas(p).iter().copied().collect::<Vec<_>>())
            .collect();
        v.sort_unstable();
        v
    };
    let anuncio_de_parte = posicoes(&["parte", "exclu", "encravad", "interior"]);
    let anuncio_de_interior = posicoes(&["exclu", "encravad", "interior", "buraco"]);
    let existe = |lista: &[usize], de: usize, ate: usize| {
        let i = lista.partition_point(|&p| p < de);
        lista.get(i).is_some_and(|&p| p < ate)
    };
    let mut aneis: Vec<AnelBruto> = Vec::new();
    let mut atual: Option<AnelBruto> = None;
    let mut vistos: std::collections::HashSet<String> = std::collections::HashSet::new();
    // Onde o texto livre começa (depois do último perímetro fechado) e onde terminaram as
    // coordenadas do último vértice.
    let mut livre = 0usize;
    let mut fim_anterior = 0usize;
    for (i, m) in lista.iter().enumerate() {
        if m.inicio < fim_anterior {
            // Menção dentro das coordenadas do vértice anterior (não deve acontecer).
            continue;
        }
        let proxima = lista.get(i + 1).map_or(b.len(), |n| n.inicio);
        let linha = ctx.texto.linha(m.inicio);
        match atual.as_mut() {
            None => {
                // Um perímetro começa depois de "Inicia-se" (quando o texto o diz) ou, depois
                // de um perímetro fechado, quando o texto anuncia outra parte ou área.
                let anunciado = if tem_inicio {
                    existe(&inicios, livre, m.inicio)
                } else {
                    aneis.is_empty() || existe(&anuncio_de_parte, livre, m.inicio)
                };
                if !anunciado {
                    continue;
                }
                let fim = fim_das_coordenadas(t, m.fim, proxima);
                let achados = achar_coordenadas(b, m.fim, fim);
                if !achados.algum() && achados.falhas.is_empty() {
                    continue;
                }
                let interior = !aneis.is_empty() && existe(&anuncio_de_interior, livre, m.inicio);
                vistos.clear();
                vistos.insert(m.codigo.clone());
                if let Some(veio) = &m.como_veio {
                    ctx.aviso_ocr(linha, veio, &m.codigo);
                }
                let vertice = ctx.vertice(m.codigo.clone(), linha, &achados);
                atual = Some(AnelBruto {
                    vertices: vec![vertice],
                    interior,
                    linha,
                    fechado: false,
                    fim,
                });
                fim_anterior = fim;
            }
            Some(anel) => {
                let (azimute, distancia, falhas) =
                    achar_lado(b, fim_anterior, m.inicio, ctx.ponto_decimal);
                for f in falhas {
                    let l = ctx.texto.linha(f.inicio);
                    ctx.avisos.push(format!(
                        "linha {l}: o azimute ou a distância declarados não se deixam ler ({}); o lado não foi conferido",
                        f.motivo
                    ));
                }
                if let Some(ultimo) = anel.vertices.last_mut() {
                    ultimo.azimute = azimute;
                    ultimo.distancia = distancia;
                    ultimo.linha_lado = linha;
                }
                if let Some(veio) = &m.como_veio {
                    ctx.aviso_ocr(linha, veio, &m.codigo);
                }
                if anel.vertices[0].codigo == m.codigo && anel.vertices.len() >= 3 {
                    anel.fechado = true;
                    if let Some(fechado) = atual.take() {
                        aneis.push(fechado);
                    }
                    livre = m.fim;
                    fim_anterior = m.fim;
                    continue;
                }
                if vistos.contains(&m.codigo) {
                    ctx.problema(
                        linha,
                        format!(
                            "o vértice {} aparece duas vezes antes de fechar o perímetro",
                            m.codigo
                        ),
                    );
                    fim_anterior = m.fim;
                    continue;
                }
                let fim = fim_das_coordenadas(t, m.fim, proxima);
                let achados = achar_coordenadas(b, m.fim, fim);
                vistos.insert(m.codigo.clone());
                let vertice = ctx.vertice(m.codigo.clone(), linha, &achados);
                if let Some(anel) = atual.as_mut() {
                    anel.vertices.push(vertice);
                }
                fim_anterior = fim;
            }
        }
    }
    if let Some(aberto) = atual {
        aneis.push(aberto);
    }
    aneis
}
