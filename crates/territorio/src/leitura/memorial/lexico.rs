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
    use crate::leitura::memorial::numeros::{angulo, numero, Angulo, Hemisferio, Numero};

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
