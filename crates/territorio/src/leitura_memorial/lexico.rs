//! O texto do memorial "dobrado" (um byte por caractere) e as peças que se leem nele: números no
//! formato brasileiro, ângulos em graus, minutos e segundos, códigos de vértice e palavras.
//!
//! Dobrar o texto resolve de uma vez as variações tipográficas que os memoriais trazem: "º", "˚"
//! e "°" viram o mesmo grau; aspas e plicas tipográficas (′ ″ ’ ” “) viram `'` e `"`; o sinal de
//! menos (−) e os hífens viram `-`; letras acentuadas perdem o acento (para achar "vértice" e
//! "VERTICE" igual); espaços especiais viram espaço. As quebras de linha ficam onde estavam, e
//! por isso o número da linha no texto dobrado é o do original.
//!
//! Tudo aqui é linear no tamanho do texto: nenhuma busca volta ao começo.

/// O grau (°, º, ˚) no texto dobrado.
pub(super) const GRAU: u8 = 0xB0;
/// O travessão e o meio-travessão (– —): menos antes de um algarismo, hífen num código.
pub(super) const TRAVESSAO: u8 = 0x96;
/// Qualquer outro caractere que não é ASCII.
pub(super) const OUTRO: u8 = 0x80;

/// O maior número de algarismos de um número: mais que isso não é medida de memorial.
const MAXIMO_ALGARISMOS: usize = 30;
/// O maior código de vértice (os do SIGEF têm 11 a 13 caracteres).
const MAXIMO_CODIGO: usize = 40;

/// As palavras que a leitura procura no texto inteiro, achadas de uma vez ao dobrá-lo (uma
/// passada só, em vez de uma por palavra).
const PALAVRAS_INDEXADAS: [&str; 40] = [
    "vertice",
    "marco",
    "ponto",
    "inicia",
    "inicio",
    "parte",
    "exclu",
    "encravad",
    "interior",
    "buraco",
    "deste",
    "dai",
    "segue",
    "azimute",
    "rumo",
    "confronta",
    "zona",
    "fuso",
    "zone",
    "utm",
    "meridiano central",
    "mc",
    "m.c.",
    "epsg",
    "sad",
    "south american datum 1969",
    "south_american_1969",
    "south american 1969",
    "epsg:4618",
    "epsg:291",
    "wgs",
    "sirgas",
    "corrego alegre",
    "area",
    "perimetro",
    "longitude",
    "latitude",
    "vertices",
    "coordenada",
    "(m)",
];

/// O texto dobrado, com as posições das quebras de linha e das palavras procuradas.
pub(super) struct Dobrado {
    /// Um byte por caractere do original (ASCII, ou [`GRAU`], [`TRAVESSAO`], [`OUTRO`]).
    pub b: Vec<u8>,
    quebras: Vec<usize>,
    /// As posições de cada uma de [`PALAVRAS_INDEXADAS`], em ordem.
    indice: Vec<Vec<usize>>,
}

impl Dobrado {
    /// Dobra o texto.
    pub fn novo(texto: &str) -> Dobrado {
        let mut b = Vec::with_capacity(texto.len());
        let mut caracteres = texto.chars().peekable();
        while let Some(c) = caracteres.next() {
            if c == '\r' {
                // "\r\n" é uma quebra; "\r" sozinho (Mac antigo) também.
                if caracteres.peek() != Some(&'\n') {
                    b.push(b'\n');
                }
                continue;
            }
            if let Some(x) = dobrar(c) {
                b.push(x);
            }
        }
        let quebras = b
            .iter()
            .enumerate()
            .filter(|(_, &x)| x == b'\n')
            .map(|(i, _)| i)
            .collect();
        // As palavras pela primeira letra: a cada byte, só as que começam com ele se comparam.
        let mut por_letra: Vec<Vec<usize>> = vec![Vec::new(); 256];
        for (k, palavra) in PALAVRAS_INDEXADAS.iter().enumerate() {
            let primeira = palavra.as_bytes()[0];
            por_letra[primeira as usize].push(k);
            if primeira.is_ascii_lowercase() {
                por_letra[primeira.to_ascii_uppercase() as usize].push(k);
            }
        }
        let mut indice = vec![Vec::new(); PALAVRAS_INDEXADAS.len()];
        for (i, &x) in b.iter().enumerate() {
            for &k in &por_letra[x as usize] {
                if casa(&b, i, PALAVRAS_INDEXADAS[k]) {
                    indice[k].push(i);
                }
            }
        }
        Dobrado { b, quebras, indice }
    }

    /// As posições em que `palavra` (minúsculas ASCII) começa, sem diferença de caixa.
    pub fn todas(&self, palavra: &str) -> std::borrow::Cow<'_, [usize]> {
        match PALAVRAS_INDEXADAS.iter().position(|p| *p == palavra) {
            Some(k) => std::borrow::Cow::Borrowed(&self.indice[k]),
            None => std::borrow::Cow::Owned(todas(&self.b, palavra)),
        }
    }

    /// A primeira posição em `[de, ate)` em que `palavra` começa.
    pub fn achar(&self, de: usize, ate: usize, palavra: &str) -> Option<usize> {
        match PALAVRAS_INDEXADAS.iter().position(|p| *p == palavra) {
            Some(k) => {
                let lista = &self.indice[k];
                let i = lista.partition_point(|&p| p < de);
                lista.get(i).copied().filter(|&p| p < ate)
            }
            None => achar(&self.b, de, ate, palavra),
        }
    }

    /// A linha (a partir de 1) de uma posição.
    pub fn linha(&self, posicao: usize) -> usize {
        self.quebras.partition_point(|&q| q < posicao) + 1
    }

    /// As posições de começo de cada linha.
    pub fn inicios_de_linha(&self) -> impl Iterator<Item = usize> + '_ {
        std::iter::once(0).chain(self.quebras.iter().map(|q| q + 1))
    }
}

fn dobrar(c: char) -> Option<u8> {
    Some(match c {
        '\n' => b'\n',
        c if c.is_ascii_control() => b' ',
        c if c.is_ascii() => c as u8,
        '°' | 'º' | '˚' | '∘' | '⁰' => GRAU,
        '′' | '’' | '‘' | '´' | 'ʹ' | 'ʼ' | '‛' | 'ˈ' => b'\'',
        '″' | '”' | '“' | 'ʺ' | '„' | '‟' | '〃' | '˝' => b'"',
        '−' | '‐' | '‑' | '‒' | '﹣' | '－' => b'-',
        '–' | '—' | '―' => TRAVESSAO,
        '\u{A0}'
        | '\u{85}'
        | '\u{2000}'..='\u{200A}'
        | '\u{202F}'
        | '\u{205F}'
        | '\u{3000}'
        | '\u{2028}'
        | '\u{2029}' => b' ',
        '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{AD}' | '\u{0300}'..='\u{036F}' => {
            return None
        }
        '²' => b'2',
        '³' => b'3',
        'ª' => b'a',
        c => sem_acento(c).unwrap_or(OUTRO),
    })
}

fn sem_acento(c: char) -> Option<u8> {
    Some(match c {
        'À'..='Å' => b'A',
        'à'..='å' => b'a',
        'Ç' => b'C',
        'ç' => b'c',
        'È'..='Ë' => b'E',
        'è'..='ë' => b'e',
        'Ì'..='Ï' => b'I',
        'ì'..='ï' => b'i',
        'Ñ' => b'N',
        'ñ' => b'n',
        'Ò'..='Ö' => b'O',
        'ò'..='ö' => b'o',
        'Ù'..='Ü' => b'U',
        'ù'..='ü' => b'u',
        'Ý' => b'Y',
        'ý' | 'ÿ' => b'y',
        _ => return None,
    })
}

/// Um trecho do texto dobrado, para citar numa mensagem (o grau volta a ser "°").
pub(super) fn trecho(b: &[u8]) -> String {
    b.iter()
        .map(|&x| match x {
            GRAU => '°',
            TRAVESSAO => '–',
            b'\n' => ' ',
            x if x.is_ascii() => x as char,
            _ => '?',
        })
        .collect()
}

/// Espaço ou quebra de linha.
pub(super) fn espaco(x: u8) -> bool {
    x == b' ' || x == b'\n'
}

/// A primeira posição a partir de `p` que não é espaço nem quebra.
pub(super) fn pular(b: &[u8], mut p: usize) -> usize {
    while p < b.len() && espaco(b[p]) {
        p += 1;
    }
    p
}

/// Como [`pular`], dizendo se passou por uma quebra de linha.
pub(super) fn pular_quebra(b: &[u8], mut p: usize) -> (usize, bool) {
    let mut quebra = false;
    while p < b.len() && espaco(b[p]) {
        quebra |= b[p] == b'\n';
        p += 1;
    }
    (p, quebra)
}

/// A primeira posição a partir de `p` que não é espaço (as quebras de linha param).
pub(super) fn pular_na_linha(b: &[u8], mut p: usize) -> usize {
    while p < b.len() && b[p] == b' ' {
        p += 1;
    }
    p
}

/// Se `palavra` (em minúsculas ASCII) está em `p`, sem diferença de caixa.
pub(super) fn casa(b: &[u8], p: usize, palavra: &str) -> bool {
    let palavra = palavra.as_bytes();
    p + palavra.len() <= b.len()
        && b[p..p + palavra.len()]
            .iter()
            .zip(palavra)
            .all(|(x, y)| x.to_ascii_lowercase() == *y)
}

/// A primeira posição em `[de, ate)` em que `palavra` (minúsculas ASCII) começa.
pub(super) fn achar(b: &[u8], de: usize, ate: usize, palavra: &str) -> Option<usize> {
    let primeira = *palavra.as_bytes().first()?;
    let ate = ate.min(b.len());
    let mut p = de;
    while p < ate {
        if b[p].to_ascii_lowercase() == primeira && casa(b, p, palavra) {
            return Some(p);
        }
        p += 1;
    }
    None
}

/// Todas as posições em que `palavra` começa, em ordem.
pub(super) fn todas(b: &[u8], palavra: &str) -> Vec<usize> {
    let mut posicoes = Vec::new();
    let mut p = 0;
    while let Some(q) = achar(b, p, b.len(), palavra) {
        posicoes.push(q);
        p = q + 1;
    }
    posicoes
}

/// Letra ASCII.
pub(super) fn letra(x: u8) -> bool {
    x.is_ascii_alphabetic()
}

/// Se a posição `p` não continua uma palavra (começo do texto ou caractere antes não é letra).
pub(super) fn fronteira_antes(b: &[u8], p: usize) -> bool {
    p == 0 || !letra(b[p - 1])
}

/// Se a posição `p` não continua uma palavra (fim do texto ou caractere não é letra).
pub(super) fn fronteira_depois(b: &[u8], p: usize) -> bool {
    p >= b.len() || !letra(b[p])
}

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

/// Um código de vértice lido ("ABCD-M-0001", "V-001", "P1"): o código, onde termina e, quando a
/// letra O estava no lugar do zero na parte numérica, o texto como veio.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Codigo {
    /// O código (com a letra O da parte numérica trocada por zero).
    pub codigo: String,
    /// Onde termina.
    pub fim: usize,
    /// O código como escrito, quando trocado.
    pub como_veio: Option<String>,
}

fn caractere_de_codigo(x: u8) -> bool {
    x.is_ascii_alphanumeric() || matches!(x, b'-' | b'_' | b'.' | b'/' | TRAVESSAO)
}

/// Lê um código de vértice em `p`. Um código partido no hífen por uma quebra de linha
/// ("ABCD-M-\n0001") é lido inteiro.
pub(super) fn codigo(b: &[u8], p: usize) -> Option<Codigo> {
    // Cada caractere mantido e a posição logo depois dele.
    let mut bruto = [(0u8, 0usize); MAXIMO_CODIGO];
    let mut n = 0usize;
    let mut q = p;
    loop {
        while q < b.len() && caractere_de_codigo(b[q]) {
            if n == MAXIMO_CODIGO {
                return None;
            }
            bruto[n] = (if b[q] == TRAVESSAO { b'-' } else { b[q] }, q + 1);
            n += 1;
            q += 1;
        }
        // Quebra logo depois de um hífen: o código continua na linha seguinte.
        if n > 0 && bruto[n - 1].0 == b'-' {
            let (r, quebra) = pular_quebra(b, q);
            if quebra && r < b.len() && b[r].is_ascii_alphanumeric() {
                q = r;
                continue;
            }
        }
        break;
    }
    // Pontuação no fim não é do código ("… até o vértice P-10.").
    while n > 0 && matches!(bruto[n - 1].0, b'.' | b'-' | b'_' | b'/') {
        n -= 1;
    }
    let bruto = &bruto[..n];
    let &(_, fim) = bruto.last()?;
    let texto: String = bruto.iter().map(|&(x, _)| x as char).collect();
    // A letra O no lugar do zero, só na parte numérica final ("ABCD-M-OO12" → "ABCD-M-0012").
    let (codigo, como_veio) = match texto.rsplit_once('-') {
        Some((prefixo, numerica))
            if numerica.bytes().any(|x| x.is_ascii_digit())
                && numerica.bytes().any(|x| matches!(x, b'O' | b'o'))
                && numerica
                    .bytes()
                    .all(|x| x.is_ascii_digit() || matches!(x, b'O' | b'o')) =>
        {
            let corrigida: String = numerica
                .chars()
                .map(|c| if c == 'O' || c == 'o' { '0' } else { c })
                .collect();
            (format!("{prefixo}-{corrigida}"), Some(texto))
        }
        _ => (texto, None),
    };
    Some(Codigo {
        codigo,
        fim,
        como_veio,
    })
}

/// Se um código tem cara de código de vértice: algum algarismo, ou curto e em maiúsculas ("A",
/// "PX"). Palavras como "inicial" e "de" não são códigos.
pub(super) fn parece_codigo(codigo: &str) -> bool {
    codigo.bytes().any(|x| x.is_ascii_digit())
        || (codigo.len() <= 4 && codigo.bytes().all(|x| x.is_ascii_uppercase() || x == b'-'))
}

#[cfg(test)]
mod testes {
    use super::*;

    fn d(texto: &str) -> Vec<u8> {
        Dobrado::novo(texto).b
    }

    fn num(texto: &str) -> Numero {
        numero(&d(texto), 0, true).unwrap().unwrap()
    }

    fn ang(texto: &str) -> Angulo {
        angulo(&d(texto), 0, true, true).unwrap().unwrap()
    }

    #[test]
    fn numeros_nos_formatos_dos_memoriais() {
        assert_eq!(num("8.654.321,12").valor, 8_654_321.12);
        assert_eq!(num("8654321,12").valor, 8_654_321.12);
        assert_eq!(num("8654321.12").valor, 8_654_321.12);
        assert_eq!(num("-12,168244").valor, -12.168244);
        assert_eq!(num("−55.503429").valor, -55.503429);
        assert_eq!(num("1,234.5").valor, 1234.5);
        let ambiguo = num("612.345");
        assert_eq!((ambiguo.valor, ambiguo.milhar), (612.345, Some(612_345.0)));
        assert_eq!(num("12,\n345").valor, 12.345);
        assert!(num("12,\n345").partido);
        assert_eq!(num("12\n,345").valor, 12.345);
        // A vírgula seguida de espaço é pontuação, não decimal.
        assert_eq!(num("456,78, e").valor, 456.78);
        assert_eq!(num("1.234,56.\n2").valor, 1234.56);
        assert!(numero(&d("8.654.32,1"), 0, true).unwrap().is_err());
        assert!(numero(&d("1e309"), 0, true).unwrap().unwrap().valor == 1.0);
        assert!(numero(&d(&"9".repeat(400)), 0, true).unwrap().is_err());
        assert!(numero(&d("NaN"), 0, true).is_none());
        assert!(numero(&d("- x"), 0, true).is_none());
    }

    #[test]
    fn angulos_com_as_variantes_tipograficas() {
        let esperado = -(55.0 + 30.0 / 60.0 + 12.345 / 3600.0);
        for texto in [
            "-55°30'12,345\"",
            "-55º30′12,345″",
            "-55° 30' 12.345\"",
            "−55˚30’12,345”",
            "55°30'12,345\" W",
            "55°30'12,345\"W",
            "55°30'12,345\" O",
            "-55°30'12,345''",
            "-55°\n30'12,345\"",
            "-55°30'12,\n345\"",
            "-55o30'12,345\"",
            "–55°30'12,345\"",
        ] {
            let a = ang(texto);
            let graus = match a.hemisferio {
                Some(Hemisferio::Oeste) => -a.graus.abs(),
                _ => a.graus,
            };
            assert!((graus - esperado).abs() < 1e-12, "{texto}: {graus}");
            assert!(a.com_grau, "{texto}");
            assert!((a.unidade - 0.001 / 3600.0).abs() < 1e-15, "{texto}");
        }
        // Segundos colados sem as aspas (aspas desbalanceadas): lidos.
        assert!((ang("-12°10'05,678 Lat").graus + 12.168244).abs() < 1e-6);
        // Minutos sem segundos, e um número separado depois: não são segundos.
        let a = ang("123°45' 456,78 m");
        assert!((a.graus - 123.75).abs() < 1e-12);
        assert!((a.unidade - 1.0 / 60.0).abs() < 1e-15);
        // "E" seguido de palavra é conjunção; "N" seguido de número é rótulo UTM.
        assert_eq!(ang("55°30'12\" E ALTITUDE").hemisferio, None);
        assert_eq!(ang("12°10'05\" N 8.654").hemisferio, None);
        assert_eq!(ang("12°10'05\" S,").hemisferio, Some(Hemisferio::Sul));
        assert_eq!(ang("12°10'05\" Sul").hemisferio, Some(Hemisferio::Sul));
        assert!(angulo(&d("55°75'12\""), 0, true, true).unwrap().is_err());
        assert!(angulo(&d("55°30 12"), 0, true, true).unwrap().is_err());
    }

    #[test]
    fn codigos_de_vertice() {
        let c = codigo(&d("ABCD-M-0001, de"), 0).unwrap();
        assert_eq!((c.codigo.as_str(), c.fim), ("ABCD-M-0001", 11));
        let c = codigo(&d("ABCD-M-OO12;"), 0).unwrap();
        assert_eq!(c.codigo, "ABCD-M-0012");
        assert_eq!(c.como_veio.as_deref(), Some("ABCD-M-OO12"));
        assert_eq!(codigo(&d("P-10."), 0).unwrap().codigo, "P-10");
        assert_eq!(
            codigo(&d("ABCD-M-\n0001 x"), 0).unwrap().codigo,
            "ABCD-M-0001"
        );
        assert_eq!(codigo(&d("ABCD–M–0001"), 0).unwrap().codigo, "ABCD-M-0001");
        // O tipo "O" (e o prefixo) não se mexe.
        assert_eq!(codigo(&d("OBQ5-O-0010"), 0).unwrap().codigo, "OBQ5-O-0010");
        assert!(parece_codigo("A") && parece_codigo("V-001") && !parece_codigo("inicial"));
    }

    #[test]
    fn linhas_do_texto_dobrado() {
        let t = Dobrado::novo("a\r\nbé\rc\nd");
        assert_eq!(t.b, b"a\nbe\nc\nd");
        assert_eq!(t.linha(0), 1);
        assert_eq!(t.linha(2), 2);
        assert_eq!(t.linha(7), 4);
    }
}
