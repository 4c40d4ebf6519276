//! O texto do mapa: escape, números com uma casa, larguras e quebras de linha, coordenadas em
//! graus e minutos, distâncias e o identificador do desenho.

use super::*;

/// Texto para o SVG, numa linha (o escapador único; as quebras viram espaço).
pub(super) fn esc(t: &str) -> String {
    divisa_referencia::formato::escapar(t).replace(['\n', '\r', '\t'], " ")
}

/// Um número com uma casa decimal no máximo ("12", "12.5"): o SVG fica pequeno e a posição
/// erra no máximo 0,05 px.
pub(super) fn n1(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == 0.0 || !r.is_finite() {
        return "0".into();
    }
    let s = format!("{r:.1}");
    s.strip_suffix(".0").map_or(s.clone(), str::to_owned)
}

/// A largura estimada de um texto em `serif`: sem fonte embutida, o desenho não pode medir o
/// texto. As larguras por letra são as da DejaVu Serif (a `serif` do Linux e, em geral, do
/// LibreOffice), a mais larga das comuns; numa Times o texto sai uns 15% mais estreito, e a
/// estimativa larga só deixa os nomes mais folgados.
pub(super) fn largura_do_texto(texto: &str, tamanho: f64, negrito: bool) -> f64 {
    let em: f64 = texto
        .chars()
        .map(|c| match c {
            ' ' => 0.32,
            'i' | 'j' | 'l' | 'í' | 'ì' | 'ï' | '\'' | '.' | ',' | ':' | ';' | '!' | '|' => 0.33,
            'f' | 't' | 'r' | 'I' | 'J' | '(' | ')' | '-' | '°' => 0.46,
            'm' | 'w' => 0.9,
            'M' | 'W' | 'Æ' => 0.95,
            c if c.is_uppercase() => 0.76,
            c if c.is_ascii_digit() => 0.64,
            _ => 0.6,
        })
        .sum();
    em * tamanho * if negrito { 1.08 } else { 1.0 }
}

/// Quebra um texto em linhas de até `largura` px.
pub(super) fn quebrar(texto: &str, tamanho: f64, largura: f64) -> Vec<String> {
    let mut linhas = Vec::new();
    let mut atual = String::new();
    for palavra in texto.split_whitespace() {
        let tentativa = if atual.is_empty() {
            palavra.to_owned()
        } else {
            format!("{atual} {palavra}")
        };
        if !atual.is_empty() && largura_do_texto(&tentativa, tamanho, false) > largura {
            linhas.push(std::mem::replace(&mut atual, palavra.to_owned()));
        } else {
            atual = tentativa;
        }
    }
    if !atual.is_empty() {
        linhas.push(atual);
    }
    linhas
}

/// Um nome em duas linhas, partido no espaço mais perto do meio; `None` sem espaço.
pub(super) fn em_duas_linhas(texto: &str) -> Option<Vec<String>> {
    let meio = texto.len() / 2;
    let corte = texto
        .char_indices()
        .filter(|(_, c)| *c == ' ')
        .map(|(i, _)| i)
        .min_by_key(|i| i.abs_diff(meio))?;
    Some(vec![
        texto[..corte].to_owned(),
        texto[corte + 1..].to_owned(),
    ])
}

/// Lista em português: "A", "A e B", "A, B e C".
pub(super) fn lista(nomes: &[String]) -> String {
    match nomes {
        [] => String::new(),
        [um] => um.clone(),
        [inicio @ .., ultimo] => format!("{} e {ultimo}", inicio.join(", ")),
    }
}

/// Uma coordenada em minutos inteiros ("16°40' S", "52° O" quando o passo é de graus
/// inteiros), no formato dos memoriais (hemisfério depois de um espaço; O para oeste).
pub(super) fn coordenada(minutos: i64, latitude: bool, so_graus: bool) -> String {
    let hemisferio = match (latitude, minutos.signum()) {
        (_, 0) => "",
        (true, -1) => " S",
        (true, _) => " N",
        (false, -1) => " O",
        (false, _) => " L",
    };
    let m = minutos.unsigned_abs();
    if so_graus {
        format!("{}°{hemisferio}", m / 60)
    } else {
        format!("{}°{:02}'{hemisferio}", m / 60, m % 60)
    }
}

/// Um ponto em graus e minutos, latitude primeiro ("16°37' S, 52°51' O").
pub(super) fn ponto_em_minutos(p: [f64; 2]) -> String {
    let m = |v: f64| (v * 60.0).round() as i64;
    format!(
        "{}, {}",
        coordenada(m(p[1]), true, false),
        coordenada(m(p[0]), false, false)
    )
}

/// Um comprimento em km para quem lê: "120 km", "8,5 km", "500 m".
pub(super) fn distancia(km: f64) -> String {
    if km >= 10.0 {
        format!("{} km", inteiro(km.round() as i64))
    } else if km >= 1.0 {
        let casas = usize::from((km - km.round()).abs() > 1e-9);
        format!("{} km", decimal(km, casas))
    } else {
        format!("{} m", inteiro((km * 1000.0).round() as i64))
    }
}

/// O identificador dos elementos internos (o recorte da moldura): do conteúdo, para que dois
/// mapas diferentes na mesma página HTML não troquem de moldura, e o mesmo mapa dê os mesmos
/// bytes. FNV-1a, que não precisa de ser criptográfico.
pub(super) fn identificador(camadas: &[Camada], legenda: &str) -> String {
    let json = serde_json::to_string(camadas).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in json.bytes().chain(legenda.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("mapa-{:08x}", h as u32)
}
