//! Números, dinheiro, áreas e coordenadas no formato brasileiro: 4.000; 850,76 km²;
//! R$ 75,3 milhões; 15°11'34" S.
//!
//! Tudo o que uma pessoa lê no divisa passa por aqui, para que o mesmo número não apareça de
//! dois jeitos em dois lugares.

/// Inteiro com ponto de milhar: `4000` → `"4.000"`.
///
/// ```
/// assert_eq!(divisa_referencia::formato::inteiro(3_658_649), "3.658.649");
/// assert_eq!(divisa_referencia::formato::inteiro(-4000), "-4.000");
/// ```
pub fn inteiro(valor: impl Into<i64>) -> String {
    let valor: i64 = valor.into();
    let mut texto = agrupar_milhares(&valor.unsigned_abs().to_string());
    if valor < 0 {
        texto.insert(0, '-');
    }
    texto
}

/// Número com `casas` casas decimais, vírgula decimal e ponto de milhar.
///
/// ```
/// assert_eq!(divisa_referencia::formato::decimal(1234.5678, 2), "1.234,57");
/// assert_eq!(divisa_referencia::formato::decimal(-0.001, 2), "0,00");
/// ```
pub fn decimal(valor: f64, casas: usize) -> String {
    let texto = format!("{:.*}", casas, valor.abs());
    let (inteira, fracao) = texto.split_once('.').unwrap_or((&texto, ""));
    let mut saida = agrupar_milhares(inteira);
    if !fracao.is_empty() {
        saida.push(',');
        saida.push_str(fracao);
    }
    // Um valor que arredonda para zero não leva sinal ("-0,00" confunde quem lê).
    if valor < 0.0 && saida.chars().any(|c| c.is_ascii_digit() && c != '0') {
        saida.insert(0, '-');
    }
    saida
}

/// Área em km² com duas casas: `850.763` → `"850,76 km²"`.
pub fn km2(area_km2: f64) -> String {
    format!("{} km²", decimal(area_km2, 2))
}

/// Quantas casas decimais (de `minimo` a 9) mostram que `valor` e `limite` são diferentes:
/// um valor que falha num limite nunca pode aparecer escrito igual a ele ("31,26 km²" contra um
/// máximo de "31,26 km²"). Iguais de fato, `minimo`.
///
/// ```
/// use divisa_referencia::formato::{casas_para_distinguir, decimal};
/// assert_eq!(casas_para_distinguir(31.2567, 31.2561, 2), 3);
/// assert_eq!(decimal(50.05, casas_para_distinguir(50.05, 50.0, 1)), "50,05");
/// assert_eq!(casas_para_distinguir(5.0, 5.0, 2), 2);
/// ```
pub fn casas_para_distinguir(valor: f64, limite: f64, minimo: usize) -> usize {
    if valor == limite {
        return minimo;
    }
    (minimo..=9)
        .find(|&casas| decimal(valor, casas) != decimal(limite, casas))
        .unwrap_or(9)
}

/// Os bytes em hexadecimal minúsculo, dois dígitos por byte (os resumos SHA-256 da cadeia de
/// eventos, dos arquivos e dos documentos; as chaves e as assinaturas das âncoras).
///
/// ```
/// assert_eq!(divisa_referencia::formato::hexadecimal(&[0, 15, 255]), "000fff");
/// ```
pub fn hexadecimal(bytes: &[u8]) -> String {
    const DIGITOS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITOS[usize::from(b >> 4)]));
        s.push(char::from(DIGITOS[usize::from(b & 15)]));
    }
    s
}

/// A frase com a primeira letra maiúscula («sem a tabela» → «Sem a tabela»): o nome que o
/// domínio escreve em minúsculas para caber no meio de uma frase, posto num rótulo ou no começo
/// de uma.
pub fn primeira_maiuscula(frase: &str) -> String {
    let mut letras = frase.chars();
    match letras.next() {
        Some(primeira) => primeira.to_uppercase().chain(letras).collect(),
        None => String::new(),
    }
}

/// Uma lista para quem lê, com «ou» antes do último.
///
/// ```
/// use divisa_referencia::formato::lista_com_ou;
/// assert_eq!(lista_com_ou(&["Sorriso"]), "Sorriso");
/// assert_eq!(lista_com_ou(&["Sorriso", "Sinop"]), "Sorriso ou Sinop");
/// assert_eq!(lista_com_ou(&["A", "B", "C"]), "A, B ou C");
/// ```
pub fn lista_com_ou(nomes: &[&str]) -> String {
    match nomes {
        [] => String::new(),
        [unico] => (*unico).to_owned(),
        [inicio @ .., ultimo] => format!("{} ou {ultimo}", inicio.join(", ")),
    }
}

/// "1 dispositivo", "3 dispositivos", "1.200 dispositivos": o número com o substantivo no
/// singular ou no plural (nunca "dispositivo(s)").
///
/// ```
/// use divisa_referencia::formato::plural;
/// assert_eq!(plural(1, "título inválido", "títulos inválidos"), "1 título inválido");
/// assert_eq!(plural(1200, "processo", "processos"), "1.200 processos");
/// assert_eq!(plural(0, "arquivo", "arquivos"), "0 arquivos");
/// ```
pub fn plural(n: u64, singular: &str, plural: &str) -> String {
    let numero = inteiro(i64::try_from(n).unwrap_or(i64::MAX));
    if n == 1 {
        format!("{numero} {singular}")
    } else {
        format!("{numero} {plural}")
    }
}

/// Valor em reais, com centavos: `1234.56` → `"R$ 1.234,56"`.
pub fn reais(valor_reais: f64) -> String {
    format!("R$ {}", decimal(valor_reais, 2))
}

/// Valor em reais abreviado em milhões ou bilhões, com uma casa: `75_300_000.0` →
/// `"R$ 75,3 milhões"`. Abaixo de um milhão, escreve o valor inteiro com centavos.
///
/// ```
/// use divisa_referencia::formato::reais_abreviado;
/// assert_eq!(reais_abreviado(75_300_000.0), "R$ 75,3 milhões");
/// assert_eq!(reais_abreviado(1_500_000.0), "R$ 1,5 milhão");
/// assert_eq!(reais_abreviado(29_746_934_000.0), "R$ 29,7 bilhões");
/// assert_eq!(reais_abreviado(950_000.0), "R$ 950.000,00");
/// ```
pub fn reais_abreviado(valor_reais: f64) -> String {
    let arredondar = |escala: f64| (valor_reais.abs() / escala * 10.0).round() / 10.0;
    // A escala se escolhe depois de arredondar: 999.999.999 vira "1,0 bilhão", e não
    // "1.000,0 milhões".
    let (valor, singular, plural) = if arredondar(1e6) >= 1000.0 {
        (arredondar(1e9), "bilhão", "bilhões")
    } else if valor_reais.abs() >= 1e6 {
        (arredondar(1e6), "milhão", "milhões")
    } else {
        return reais(valor_reais);
    };
    let sinal = if valor_reais < 0.0 { "-" } else { "" };
    // Na norma culta, "1,5 milhão" (singular abaixo de dois) e "2,0 milhões".
    let palavra = if valor < 2.0 { singular } else { plural };
    format!("R$ {sinal}{} {palavra}", decimal(valor, 1))
}

/// Uma coordenada em graus, minutos e segundos, com o hemisfério: `-15.1929` em latitude →
/// `15°11'34" S`.
///
/// ```
/// use divisa_referencia::formato::{gms, Eixo};
/// assert_eq!(gms(-15.1929, Eixo::Latitude), "15°11'34\" S");
/// assert_eq!(gms(-56.3716, Eixo::Longitude), "56°22'18\" O");
/// ```
pub fn gms(graus: f64, eixo: Eixo) -> String {
    gms_com_casas(graus, eixo, 0)
}

/// Como [`gms`], com `casas` decimais nos segundos (memoriais usam duas): `15°11'34,12" S`.
pub fn gms_com_casas(graus: f64, eixo: Eixo, casas: u32) -> String {
    let hemisferio = match (eixo, graus < 0.0) {
        (Eixo::Latitude, true) => "S",
        (Eixo::Latitude, false) => "N",
        (Eixo::Longitude, true) => "O",
        (Eixo::Longitude, false) => "L",
    };
    format!("{} {hemisferio}", angulo(graus.abs(), casas))
}

/// Um ângulo em graus, minutos e segundos, com `casas` decimais nos segundos: `45°12'30,25"`.
/// Arredonda antes de separar, para nunca escrever 60".
///
/// ```
/// assert_eq!(divisa_referencia::formato::angulo(45.208_402_8, 2), "45°12'30,25\"");
/// assert_eq!(divisa_referencia::formato::angulo(10.999_999_9, 0), "11°00'00\"");
/// ```
pub fn angulo(graus: f64, casas: u32) -> String {
    let escala = 10u64.pow(casas);
    let unidades = (graus * 3600.0 * escala as f64).round() as u64;
    let (g, resto) = (unidades / (3600 * escala), unidades % (3600 * escala));
    let (m, s) = (resto / (60 * escala), resto % (60 * escala));
    if casas == 0 {
        format!("{g}°{m:02}'{s:02}\"")
    } else {
        format!(
            "{g}°{m:02}'{:02},{:0largura$}\"",
            s / escala,
            s % escala,
            largura = casas as usize
        )
    }
}

/// Um azimute em graus, minutos e segundos com duas casas (0 a 360), como o memorial o escreve;
/// 359°59'59,999" arredonda para 0°, nunca para 360°.
///
/// ```
/// use divisa_referencia::formato::azimute_gms;
/// assert_eq!(azimute_gms(45.208_402_8), "45°12'30,25\"");
/// assert_eq!(azimute_gms(359.999_999_9), "0°00'00,00\"");
/// assert_eq!(azimute_gms(-90.0), "270°00'00,00\"");
/// ```
pub fn azimute_gms(graus: f64) -> String {
    let texto = angulo(graus.rem_euclid(360.0), 2);
    if texto.starts_with("360°") {
        angulo(0.0, 2)
    } else {
        texto
    }
}

/// Qual eixo uma coordenada representa, para escolher N/S ou L/O.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eixo {
    /// Latitude: N ou S.
    Latitude,
    /// Longitude: L (leste) ou O (oeste).
    Longitude,
}

/// Um ponto `[lon, lat]` escrito como se lê num mapa: latitude primeiro, em GMS, seguida dos
/// graus decimais.
///
/// ```
/// assert_eq!(
///     divisa_referencia::formato::ponto(-56.3716, -15.1929),
///     "15°11'34\" S, 56°22'18\" O (-15,1929; -56,3716)"
/// );
/// ```
pub fn ponto(lon: f64, lat: f64) -> String {
    format!(
        "{}, {} ({}; {})",
        gms(lat, Eixo::Latitude),
        gms(lon, Eixo::Longitude),
        decimal(lat, 4),
        decimal(lon, 4)
    )
}

/// Uma data no formato dia/mês/ano: `17/05/2024`.
///
/// ```
/// let data = jiff::civil::date(2024, 5, 17);
/// assert_eq!(divisa_referencia::formato::data(data), "17/05/2024");
/// ```
pub fn data(data: jiff::civil::Date) -> String {
    format!("{:02}/{:02}/{:04}", data.day(), data.month(), data.year())
}

/// Os meses, como se escrevem nas datas por extenso (a única lista deles: os documentos os
/// escrevem, a toponímia do Art. 6º os procura nos nomes).
pub const MESES: [&str; 12] = [
    "janeiro",
    "fevereiro",
    "março",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
];

/// A data por extenso, como nos atos oficiais: «1º de dezembro de 2026», «17 de maio de 2024».
pub fn data_por_extenso(d: jiff::civil::Date) -> String {
    format!(
        "{} de {} de {}",
        if d.day() == 1 {
            "1º".to_string()
        } else {
            d.day().to_string()
        },
        MESES[usize::try_from(d.month() - 1).unwrap_or(0)],
        d.year()
    )
}

/// Um inteiro de 0 a 999.999 por extenso, como os atos oficiais o escrevem («30 (trinta)
/// dias»; LC nº 95/1998, art. 11, II, «f»): «oito mil, duzentos e oitenta». `None` acima disso.
///
/// ```
/// use divisa_referencia::formato::por_extenso;
/// assert_eq!(por_extenso(30).as_deref(), Some("trinta"));
/// assert_eq!(por_extenso(100).as_deref(), Some("cem"));
/// assert_eq!(por_extenso(145).as_deref(), Some("cento e quarenta e cinco"));
/// assert_eq!(por_extenso(8280).as_deref(), Some("oito mil, duzentos e oitenta"));
/// assert_eq!(por_extenso(1_000_000), None);
/// ```
pub fn por_extenso(n: u64) -> Option<String> {
    const UNIDADES: [&str; 20] = [
        "zero",
        "um",
        "dois",
        "três",
        "quatro",
        "cinco",
        "seis",
        "sete",
        "oito",
        "nove",
        "dez",
        "onze",
        "doze",
        "treze",
        "quatorze",
        "quinze",
        "dezesseis",
        "dezessete",
        "dezoito",
        "dezenove",
    ];
    const DEZENAS: [&str; 10] = [
        "",
        "",
        "vinte",
        "trinta",
        "quarenta",
        "cinquenta",
        "sessenta",
        "setenta",
        "oitenta",
        "noventa",
    ];
    const CENTENAS: [&str; 10] = [
        "",
        "cento",
        "duzentos",
        "trezentos",
        "quatrocentos",
        "quinhentos",
        "seiscentos",
        "setecentos",
        "oitocentos",
        "novecentos",
    ];
    fn ate_mil(n: u64) -> String {
        match n {
            0..=19 => UNIDADES[n as usize].to_owned(),
            20..=99 => {
                let (d, u) = (n / 10, n % 10);
                if u == 0 {
                    DEZENAS[d as usize].to_owned()
                } else {
                    format!("{} e {}", DEZENAS[d as usize], UNIDADES[u as usize])
                }
            }
            100 => "cem".to_owned(),
            _ => {
                let (c, r) = (n / 100, n % 100);
                if r == 0 {
                    CENTENAS[c as usize].to_owned()
                } else {
                    format!("{} e {}", CENTENAS[c as usize], ate_mil(r))
                }
            }
        }
    }
    if n < 1000 {
        return Some(ate_mil(n));
    }
    if n > 999_999 {
        return None;
    }
    let (milhares, resto) = (n / 1000, n % 1000);
    let mil = if milhares == 1 {
        "mil".to_owned()
    } else {
        format!("{} mil", ate_mil(milhares))
    };
    Some(match resto {
        0 => mil,
        // "mil e cem", "dois mil e quarenta": o "e" antes da centena redonda ou de menos de cem
        r if r < 100 || r % 100 == 0 => format!("{mil} e {}", ate_mil(r)),
        r => format!("{mil}, {}", ate_mil(r)),
    })
}

/// Uma fração como porcentagem: `0.2` → `"20,0%"` (com `casas = 1`).
pub fn porcentagem(fracao: f64, casas: usize) -> String {
    format!("{}%", decimal(fracao * 100.0, casas))
}

fn agrupar_milhares(digitos: &str) -> String {
    let mut saida = String::with_capacity(digitos.len() + digitos.len() / 3);
    for (posicao, caractere) in digitos.chars().enumerate() {
        if posicao > 0 && (digitos.len() - posicao).is_multiple_of(3) {
            saida.push('.');
        }
        saida.push(caractere);
    }
    saida
}

/// Texto para HTML e XML — conteúdo e atributos entre aspas: `&`, `<`, `>`, `"` e `'` viram
/// referências, e os caracteres de controle que o XML 1.0 não admite (os C0, menos tabulação,
/// quebra e retorno de linha) somem. O único escapador do divisa: as páginas, os relatórios, os
/// documentos (HTML, ODT, SVG) e os arquivos do território (KML, ODS) passam por ele.
pub fn escapar(texto: &str) -> String {
    let mut saida = String::with_capacity(texto.len());
    for c in texto.chars() {
        match c {
            '&' => saida.push_str("&amp;"),
            '<' => saida.push_str("&lt;"),
            '>' => saida.push_str("&gt;"),
            '"' => saida.push_str("&quot;"),
            '\'' => saida.push_str("&#39;"),
            '\t' | '\n' | '\r' => saida.push(c),
            c if (c as u32) < 0x20 => {}
            c => saida.push(c),
        }
    }
    saida
}

/// Um número que não se lê de um jeito só, com o que se esperava (para a pessoa corrigir).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumeroIlegivel(pub String);

impl std::fmt::Display for NumeroIlegivel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NumeroIlegivel {}

/// Lê um número como um brasileiro o escreve — o leitor único dos formulários (issue 30: o do
/// ato e o da proposta liam "45.5" de jeitos diferentes). Aceita "4.000", "1.234.567",
/// "45.000.000,50", "12,5", "R$ 3.000,00" e a unidade depois do número ("5.480 habitantes",
/// "12,5 km²", "30%"). Regras:
///
/// - a vírgula é a casa decimal; o ponto separa milhares, em grupos de três algarismos;
/// - um ponto só seguido de um ou dois algarismos ("45.5") só pode ser a casa decimal: é lido
///   assim (nenhum separador de milhar tem menos de três algarismos);
/// - o que não se lê de um jeito só é recusado com a pergunta, nunca adivinhado: "1,234.5"
///   (vírgula antes do ponto) e grupos que não são de três ("1.23,4").
///
/// O erro diz o que se esperava, em português, para a pessoa corrigir.
pub fn numero_brasileiro(texto: &str) -> Result<f64, NumeroIlegivel> {
    const UNIDADES: [&str; 12] = [
        "habitantes",
        "habitante",
        "eleitores",
        "eleitor",
        "casas",
        "domicílios",
        "km²",
        "km2",
        "reais",
        "hectares",
        "ha",
        "%",
    ];
    let mut t = texto.trim().trim_start_matches("R$").trim().to_lowercase();
    for u in UNIDADES {
        if let Some(resto) = t.strip_suffix(u) {
            t = resto.trim_end().to_owned();
            break;
        }
    }
    let t: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    let exemplo = "escreva como 4.000, 1.234,56 ou 12,5";
    if t.is_empty() {
        return Err(NumeroIlegivel(format!("vazio: {exemplo}")));
    }
    if t.starts_with('-') {
        return Err(NumeroIlegivel(format!(
            "«{}» é negativo: esperava zero ou mais",
            texto.trim()
        )));
    }
    if !t
        .bytes()
        .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
    {
        return Err(NumeroIlegivel(format!(
            "«{}» não é um número: {exemplo}",
            texto.trim()
        )));
    }
    let (inteira, decimal) = match t.split_once(',') {
        Some((i, d)) => {
            if d.contains(',') || d.contains('.') {
                let _ = (i, d);
                // a escrita inglesa ("1,234.5"): a pergunta traz a brasileira
                let trocado: String = t
                    .chars()
                    .map(|c| match c {
                        ',' => '.',
                        '.' => ',',
                        c => c,
                    })
                    .collect();
                return Err(NumeroIlegivel(format!(
                    "«{}» é ambíguo: a vírgula vem antes do ponto. Quis dizer {trocado}? No Brasil a vírgula separa os decimais e o ponto, os milhares",
                    texto.trim()
                )));
            }
            (i.to_owned(), Some(d.to_owned()))
        }
        None => match t.matches('.').count() {
            // um ponto só, com um ou dois algarismos depois: a casa decimal ("45.5")
            1 if t
                .split('.')
                .nth(1)
                .is_some_and(|d| (1..=2).contains(&d.len())) =>
            {
                let (i, d) = t.split_once('.').unwrap_or((&t, ""));
                (i.to_owned(), Some(d.to_owned()))
            }
            _ => (t.clone(), None),
        },
    };
    // os milhares: grupos de três algarismos depois do primeiro
    let grupos: Vec<&str> = inteira.split('.').collect();
    let milhares_ok = grupos.len() == 1
        || (!grupos[0].is_empty()
            && grupos[0].len() <= 3
            && grupos[1..].iter().all(|g| g.len() == 3));
    if !milhares_ok || grupos.iter().any(|g| g.is_empty()) {
        return Err(NumeroIlegivel(format!(
            "«{}» não se lê de um jeito só: o ponto separa milhares em grupos de três algarismos (4.000; 1.234.567) e a vírgula, os decimais (12,5)",
            texto.trim()
        )));
    }
    let normal = match &decimal {
        Some(d) if !d.is_empty() => format!("{}.{d}", grupos.concat()),
        _ => grupos.concat(),
    };
    normal
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| NumeroIlegivel(format!("«{}» não é um número: {exemplo}", texto.trim())))
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn inteiros_pequenos_nao_levam_ponto() {
        assert_eq!(inteiro(0), "0");
        assert_eq!(inteiro(999), "999");
        assert_eq!(inteiro(1000), "1.000");
        assert_eq!(inteiro(5014), "5.014");
    }

    #[test]
    fn area_de_acorizal_como_no_pedido() {
        assert_eq!(km2(850.763), "850,76 km²");
        assert_eq!(km2(24_166.614_762), "24.166,61 km²");
    }

    #[test]
    fn arredondamento_que_sobe_de_casa() {
        assert_eq!(decimal(999.996, 2), "1.000,00");
        assert_eq!(reais_abreviado(999_999_999.0), "R$ 1,0 bilhão");
        assert_eq!(reais_abreviado(-2_500_000.0), "R$ -2,5 milhões");
    }

    #[test]
    fn gms_nunca_escreve_sessenta_segundos() {
        assert_eq!(gms(-10.999_999_9, Eixo::Latitude), "11°00'00\" S");
        assert_eq!(gms(0.5, Eixo::Longitude), "0°30'00\" L");
    }

    #[test]
    fn porcentagem_com_virgula() {
        assert_eq!(porcentagem(0.2, 1), "20,0%");
        assert_eq!(porcentagem(0.05, 2), "5,00%");
    }

    #[test]
    fn escapar_para_html_e_xml_sem_controles() {
        assert_eq!(
            escapar("<a href=\"x\">Cáceres & 'Poconé'</a>\u{0}\u{1b}\n"),
            "&lt;a href=&quot;x&quot;&gt;Cáceres &amp; &#39;Poconé&#39;&lt;/a&gt;\n"
        );
    }
}

#[cfg(test)]
mod testes_do_numero {
    use super::numero_brasileiro as n;

    /// Issue 30: um leitor só para os números dos formulários, o mesmo valor em todo lugar.
    #[test]
    fn numeros_brasileiros_com_unidade_e_sem_adivinhar() {
        for (texto, esperado) in [
            ("4.000", 4000.0),
            ("4000", 4000.0),
            ("1.234.567", 1_234_567.0),
            ("45.000.000,50", 45_000_000.5),
            ("R$ 3.000,00", 3000.0),
            ("12,5", 12.5),
            ("45.5", 45.5),
            ("45,5", 45.5),
            ("5.480 habitantes", 5480.0),
            ("12,5 km²", 12.5),
            ("30%", 30.0),
            ("0", 0.0),
        ] {
            assert_eq!(n(texto), Ok(esperado), "{texto}");
        }
        for (texto, diz) in [
            ("1,234.5", "Quis dizer 1.234,5?"),
            ("1.23,4", "não se lê de um jeito só"),
            ("12.34.5", "não se lê de um jeito só"),
            ("muitos", "não é um número"),
            ("-3", "negativo"),
            ("", "vazio"),
        ] {
            let e = n(texto).unwrap_err();
            assert!(e.0.contains(diz), "{texto}: {e}");
        }
    }
}
