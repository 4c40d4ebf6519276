//! Os números e ângulos do memorial, lidos no texto dobrado ([`super::lexico`]): números no
//! formato brasileiro ("8.654.321,12", e a leitura ambígua "612.345"), ângulos em graus, minutos
//! e segundos ou decimais, com o sinal ou a letra do hemisfério. O que está quase certo (uma
//! coordenada partida, um segundo com 60) é uma [`Falha`] que diz onde e por quê.

use super::lexico::{
    casa, fronteira_depois, letra, pular, pular_na_linha, pular_quebra, trecho, GRAU, TRAVESSAO,
};

/// O maior número de algarismos de um número: mais que isso não é medida de memorial.
const MAXIMO_ALGARISMOS: usize = 30;

/// Um número lido: o valor principal e, quando um único ponto separa três algarismos
/// ("612.345"), a outra leitura (o ponto como milhar).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Numero {
    /// Onde começa (o sinal incluído).
    pub inicio: usize,
    /// Onde termina (exclusivo).
    pub fim: usize,
    /// O valor com o ponto como decimal quando ambíguo.
    pub valor: f64,
    /// Casas decimais de `valor`.
    pub casas: u32,
    /// A leitura com o ponto como separador de milhar, quando há dúvida.
    pub milhar: Option<f64>,
    /// Se veio com sinal (`-` ou `+`).
    pub com_sinal: bool,
    /// Se o número atravessa uma quebra de linha ("12,\n345").
    pub partido: bool,
}

impl Numero {
    /// O valor, escolhendo o ponto como decimal (`ponto_decimal`) ou como milhar quando ambíguo.
    pub fn escolher(&self, ponto_decimal: bool) -> (f64, u32) {
        match self.milhar {
            Some(milhar) if !ponto_decimal => (milhar, 0),
            _ => (self.valor, self.casas),
        }
    }

    /// As leituras possíveis: a preferida primeiro.
    pub fn leituras(&self, ponto_decimal: bool) -> Vec<(f64, u32)> {
        let mut leituras = vec![self.escolher(ponto_decimal)];
        if let Some(milhar) = self.milhar {
            let outra = if ponto_decimal {
                (milhar, 0)
            } else {
                (self.valor, self.casas)
            };
            leituras.push(outra);
        }
        leituras
    }
}

/// Um número que começa como número mas não se deixa ler: onde e por quê.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Falha {
    /// Onde começa.
    pub inicio: usize,
    /// Onde o trecho termina.
    pub fim: usize,
    /// O que está errado e o que se esperava.
    pub motivo: String,
}

/// Lê um número em `p`: algarismos com ponto de milhar e vírgula decimal ("8.654.321,12"), ou
/// com ponto decimal ("8654321.12"). `None` se em `p` não começa número. Um número partido por
/// uma quebra de linha logo depois do separador ("12,\n345") ou logo antes dele ("12\n,345") é
/// lido inteiro: a quebra não deixa dúvida.
pub(super) fn numero(b: &[u8], p0: usize, com_sinal: bool) -> Option<Result<Numero, Falha>> {
    const MAXIMO_SEPARADORES: usize = 8;
    let mut p = p0;
    let mut negativo = false;
    let mut sinal = false;
    if com_sinal && p < b.len() && matches!(b[p], b'-' | b'+' | TRAVESSAO) {
        let q = pular(b, p + 1);
        // O travessão só é menos colado ao algarismo; o hífen pode vir separado ("- 55°").
        let colado = q == p + 1;
        if q < b.len() && b[q].is_ascii_digit() && (b[p] != TRAVESSAO || colado) {
            negativo = b[p] != b'+';
            sinal = true;
            p = q;
        } else {
            return None;
        }
    }
    if p >= b.len() || !b[p].is_ascii_digit() {
        return None;
    }
    let mut algarismos = [0u8; MAXIMO_ALGARISMOS];
    let mut n = 0usize;
    let mut separadores = [(0usize, 0u8); MAXIMO_SEPARADORES];
    let mut s = 0usize;
    let mut partido = false;
    let mut demais = false;
    loop {
        while p < b.len() && b[p].is_ascii_digit() {
            if n < MAXIMO_ALGARISMOS {
                algarismos[n] = b[p];
                n += 1;
            } else {
                demais = true;
            }
            p += 1;
        }
        // Depois de uma vírgula, um separador só colado ao algarismo seguinte ("1,234.5"); o
        // ponto que termina a frase antes da quebra não é do número ("1.234,56.\n2.").
        let ja_virgula = separadores[..s].iter().any(|&(_, x)| x == b',');
        let aceita = |x: u8| (x == b'.' || x == b',') && s < MAXIMO_SEPARADORES;
        if p < b.len() && aceita(b[p]) {
            let (q, quebra) = pular_quebra(b, p + 1);
            if q < b.len() && b[q].is_ascii_digit() && (q == p + 1 || (quebra && !ja_virgula)) {
                separadores[s] = (n, b[p]);
                s += 1;
                partido |= quebra;
                p = q;
                continue;
            }
            break;
        }
        let (q, quebra) = pular_quebra(b, p);
        if quebra && !ja_virgula && q + 1 < b.len() && aceita(b[q]) && b[q + 1].is_ascii_digit() {
            separadores[s] = (n, b[q]);
            s += 1;
            partido = true;
            p = q + 1;
            continue;
        }
        break;
    }
    let separadores = &separadores[..s];
    let falha = |motivo: &dyn Fn(&str) -> String| {
        let texto: String = trecho(&b[p0..p]).chars().take(40).collect();
        Some(Err(Falha {
            inicio: p0,
            fim: p,
            motivo: motivo(&texto),
        }))
    };
    if demais {
        return falha(&|t| {
            format!("«{t}…» tem mais de {MAXIMO_ALGARISMOS} algarismos: não é uma medida")
        });
    }
    // Os grupos entre separadores: o de milhar tem três algarismos.
    let grupos_de_tres = |seps: &[(usize, u8)], ate: usize| {
        seps.first().is_some_and(|&(i, _)| (1..=3).contains(&i))
            && seps.windows(2).all(|par| par[1].0 - par[0].0 == 3)
            && seps.last().is_some_and(|&(i, _)| ate - i == 3)
    };
    let virgulas = separadores.iter().filter(|&&(_, x)| x == b',').count();
    let pontos = separadores.len() - virgulas;
    // Posição do separador decimal (em algarismos) e se há leitura de milhar alternativa.
    let (decimal, milhar_alternativo): (Option<usize>, bool) = match (pontos, virgulas) {
        (0, 0) => (None, false),
        (_, 0) if pontos > 1 => {
            if grupos_de_tres(separadores, n) {
                (None, false)
            } else {
                return falha(&|t| {
                    format!(
                        "«{t}» não é número: pontos de milhar separam grupos de três algarismos"
                    )
                });
            }
        }
        (_, 0) => {
            let (i, _) = separadores[0];
            // "612.345": decimal ou milhar; "8654.321": só decimal; "12.34": decimal.
            (Some(i), n - i == 3 && (1..=3).contains(&i))
        }
        (0, 1) => (Some(separadores[0].0), false),
        (0, _) => {
            if grupos_de_tres(separadores, n) {
                (None, false)
            } else {
                return falha(&|t| format!("«{t}» não é número: mais de uma vírgula decimal"));
            }
        }
        _ => {
            // Os dois: o último é o decimal, os outros são de milhar (do outro tipo).
            let (i, ultimo) = separadores[separadores.len() - 1];
            let resto = &separadores[..separadores.len() - 1];
            if resto.iter().all(|&(_, x)| x != ultimo) && grupos_de_tres(resto, i) {
                (Some(i), false)
            } else {
                return falha(&|t| {
                    format!("«{t}» não é número: esperava ponto de milhar e vírgula decimal, como 8.654.321,12")
                });
            }
        }
    };
    let valor_de = |decimal: Option<usize>| -> (f64, u32) {
        let mut texto = [0u8; MAXIMO_ALGARISMOS + 1];
        let mut k = 0;
        for (i, &x) in algarismos[..n].iter().enumerate() {
            if decimal == Some(i) {
                texto[k] = b'.';
                k += 1;
            }
            texto[k] = x;
            k += 1;
        }
        let casas = decimal.map_or(0, |i| (n - i) as u32);
        let valor = std::str::from_utf8(&texto[..k])
            .ok()
            .and_then(|t| t.parse::<f64>().ok())
            .unwrap_or(f64::INFINITY);
        (valor, casas)
    };
    let (mut valor, casas) = valor_de(decimal);
    let mut milhar = milhar_alternativo.then(|| valor_de(None).0);
    if negativo {
        valor = -valor;
        milhar = milhar.map(|m| -m);
    }
    if !valor.is_finite() {
        return falha(&|t| format!("«{t}» é grande demais"));
    }
    Some(Ok(Numero {
        inicio: p0,
        fim: p,
        valor,
        casas,
        milhar,
        com_sinal: sinal,
        partido,
    }))
}

/// O hemisfério escrito depois de uma coordenada.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Hemisferio {
    /// Norte (N, Norte).
    Norte,
    /// Sul (S, Sul).
    Sul,
    /// Leste (E, L, Leste).
    Leste,
    /// Oeste (W, O, Oeste, WGr).
    Oeste,
}

/// Um ângulo lido: graus decimais com o sinal aplicado.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Angulo {
    /// Onde começa.
    pub inicio: usize,
    /// Onde termina (o hemisfério incluído).
    pub fim: usize,
    /// Graus, com o sinal escrito (o hemisfério ainda não aplicado).
    pub graus: f64,
    /// Se veio com sinal, e qual (`true` = negativo).
    pub sinal: Option<bool>,
    /// O hemisfério escrito, se houver.
    pub hemisferio: Option<Hemisferio>,
    /// Se veio com o símbolo de grau (GMS ou graus decimais com °).
    pub com_grau: bool,
    /// A menor unidade escrita, em graus (1" com três casas = 1/3.600.000°).
    pub unidade: f64,
    /// Se atravessa uma quebra de linha.
    pub partido: bool,
    /// O número, quando é um número simples (sem grau): para a escolha do ponto decimal.
    pub numero: Option<Numero>,
    /// Se termina num símbolo (" dos segundos, ' dos minutos ou ° dos graus decimais): o que
    /// vem depois não pode ser continuação do número.
    pub fechado: bool,
}

/// Lê um ângulo em `p`: "-55°30'12,345"", "55° 30' 12.345" W", "123°45'", "-55,503429" ou
/// "-55,503429°". Com `hemisferio`, lê também a letra que segue (W, O, S, N, E, L, Oeste, Sul,
/// WGr…). `None` se em `p` não começa número.
pub(super) fn angulo(
    b: &[u8],
    p: usize,
    com_sinal: bool,
    hemisferio: bool,
) -> Option<Result<Angulo, Falha>> {
    let graus = match numero(b, p, com_sinal)? {
        Ok(n) => n,
        Err(f) => return Some(Err(f)),
    };
    let falha = |fim: usize, motivo: String| {
        Some(Err(Falha {
            inicio: p,
            fim,
            motivo,
        }))
    };
    let texto = |fim: usize| trecho(&b[p..fim.min(b.len())]);
    let mut partido = graus.partido;
    let (q, quebra) = pular_quebra(b, graus.fim);
    // O grau, ou a letra "o" que o OCR põe no lugar dele ("55o30'").
    let ocr_grau = q == graus.fim
        && q + 1 < b.len()
        && matches!(b[q], b'o' | b'O')
        && b[q + 1].is_ascii_digit()
        && {
            let mut r = q + 1;
            while r < b.len() && b[r].is_ascii_digit() {
                r += 1;
            }
            r < b.len() && b[r] == b'\''
        };
    let mut fim;
    let mut fechado = true;
    let negativo = graus.valor < 0.0 || (graus.com_sinal && graus.valor == 0.0 && b[p] != b'+');
    let absoluto = graus.valor.abs();
    let valor: f64;
    let unidade: f64;
    let com_grau = q < b.len() && (b[q] == GRAU || ocr_grau);
    if com_grau {
        partido |= quebra;
        let r = pular(b, q + 1);
        let minutos = if r < b.len() && b[r].is_ascii_digit() {
            numero(b, r, false)
        } else {
            None
        };
        match minutos {
            None => {
                // Graus decimais com o símbolo: "-55,503429°".
                fim = q + 1;
                valor = absoluto;
                unidade = 10f64.powi(-(graus.casas as i32));
            }
            Some(Err(f)) => return Some(Err(f)),
            Some(Ok(minutos)) => {
                partido |= minutos.partido;
                if graus.casas > 0 {
                    return falha(
                        minutos.fim,
                        format!(
                            "«{}»: graus com casas decimais seguidos de minutos",
                            texto(minutos.fim)
                        ),
                    );
                }
                let s = pular(b, minutos.fim);
                if s >= b.len() || b[s] != b'\'' || (s + 1 < b.len() && b[s + 1] == b'\'') {
                    return falha(
                        minutos.fim,
                        format!(
                            "«{}»: depois dos minutos esperava o símbolo ' (minutos)",
                            texto(minutos.fim)
                        ),
                    );
                }
                fim = s + 1;
                // Segundos: com o símbolo " (ou '') depois, ou colados aos minutos sem ele.
                let t = pular(b, s + 1);
                let segundos = if t < b.len() && b[t].is_ascii_digit() {
                    match numero(b, t, false) {
                        Some(Err(f)) => return Some(Err(f)),
                        Some(Ok(n)) => {
                            let u = pular(b, n.fim);
                            let com_simbolo = u < b.len()
                                && (b[u] == b'"'
                                    || (b[u] == b'\'' && u + 1 < b.len() && b[u + 1] == b'\''));
                            let (v, quebra) = pular_quebra(b, n.fim);
                            if com_simbolo {
                                Some((n, if b[u] == b'"' { u + 1 } else { u + 2 }))
                            } else if quebra && v < b.len() && b[v].is_ascii_digit() {
                                // "30'1\n2,345"": um número só ou dois? Não se adivinha.
                                return falha(
                                    v,
                                    format!(
                                        "«{}» está partido entre duas linhas sem separador: não se sabe se é um número só; escreva a coordenada inteira numa linha",
                                        texto(v + 1)
                                    ),
                                );
                            } else if t == s + 1 && n.valor < 60.0 {
                                Some((n, n.fim))
                            } else {
                                None
                            }
                        }
                        None => None,
                    }
                } else {
                    None
                };
                match segundos {
                    Some((segundos, depois)) => {
                        partido |= segundos.partido;
                        fechado = depois > segundos.fim;
                        if minutos.casas > 0 {
                            return falha(
                                depois,
                                format!(
                                    "«{}»: minutos com casas decimais seguidos de segundos",
                                    texto(depois)
                                ),
                            );
                        }
                        if minutos.valor >= 60.0 || segundos.valor >= 60.0 {
                            return falha(
                                depois,
                                format!("«{}»: minutos e segundos vão de 0 a 59", texto(depois)),
                            );
                        }
                        valor = absoluto + minutos.valor / 60.0 + segundos.valor / 3600.0;
                        unidade = 10f64.powi(-(segundos.casas as i32)) / 3600.0;
                        fim = depois;
                    }
                    None => {
                        if minutos.valor >= 60.0 {
                            return falha(fim, format!("«{}»: minutos vão de 0 a 59", texto(fim)));
                        }
                        valor = absoluto + minutos.valor / 60.0;
                        unidade = 10f64.powi(-(minutos.casas as i32)) / 60.0;
                    }
                }
            }
        }
    } else {
        fim = graus.fim;
        valor = absoluto;
        unidade = 10f64.powi(-(graus.casas as i32));
        fechado = false;
    }
    let mut lido = Angulo {
        inicio: p,
        fim,
        graus: if negativo { -valor } else { valor },
        sinal: graus.com_sinal.then_some(negativo),
        hemisferio: None,
        com_grau,
        unidade,
        partido,
        numero: (!com_grau).then_some(graus),
        fechado,
    };
    if hemisferio {
        if let Some((h, depois)) = hemisferio_em(b, fim) {
            lido.hemisferio = Some(h);
            lido.fim = depois;
            lido.fechado = true;
        }
    }
    Some(Ok(lido))
}

/// A letra (ou palavra) de hemisfério logo depois de uma coordenada, e onde ela termina.
fn hemisferio_em(b: &[u8], p: usize) -> Option<(Hemisferio, usize)> {
    let q = pular_na_linha(b, p);
    if q >= b.len() {
        return None;
    }
    for (palavra, h) in [
        ("oeste", Hemisferio::Oeste),
        ("w.gr.", Hemisferio::Oeste),
        ("w.gr", Hemisferio::Oeste),
        ("wgr", Hemisferio::Oeste),
        ("sul", Hemisferio::Sul),
        ("norte", Hemisferio::Norte),
        ("leste", Hemisferio::Leste),
    ] {
        if casa(b, q, palavra) && fronteira_depois(b, q + palavra.len()) {
            return Some((h, q + palavra.len()));
        }
    }
    let h = match b[q] {
        b'W' | b'O' => Hemisferio::Oeste,
        b'S' => Hemisferio::Sul,
        b'N' => Hemisferio::Norte,
        b'E' | b'L' => Hemisferio::Leste,
        _ => return None,
    };
    // A letra sozinha: nada de letra colada depois ("Se…"), nem um número depois (o "N" de
    // "N 8.654.321" é rótulo da coordenada UTM).
    if !fronteira_depois(b, q + 1) {
        return None;
    }
    let r = pular_na_linha(b, q + 1);
    if r < b.len() && (b[r].is_ascii_digit() || b[r] == b'=' || b[r] == b':') {
        return None;
    }
    // "E" seguido de palavra é a conjunção dos textos em maiúsculas ("… E ALTITUDE"); "O"
    // seguido de palavra pode ser o artigo. O "L" e o "W" não são palavras.
    if matches!(b[q], b'E' | b'O') && r > q + 1 && r < b.len() && letra(b[r]) {
        return None;
    }
    Some((h, q + 1))
}
