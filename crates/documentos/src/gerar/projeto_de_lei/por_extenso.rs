//! Os números por extenso dos projetos de lei (LC nº 95/1998, art. 11, II, «f»: o percentual e
//! os números que a lei fixa, em algarismos e por extenso).

/// Um inteiro de 0 a 999.999 por extenso, em português ("oito mil, duzentos e oitenta").
pub(super) fn inteiro_por_extenso(n: u64) -> String {
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
        return ate_mil(n);
    }
    let (milhares, resto) = (n / 1000, n % 1000);
    let mil = if milhares == 1 {
        "mil".to_owned()
    } else {
        format!("{} mil", ate_mil(milhares))
    };
    match resto {
        0 => mil,
        // "mil e cem", "dois mil e quarenta": o "e" antes da centena redonda ou de menos de cem
        r if r < 100 || r % 100 == 0 => format!("{mil} e {}", ate_mil(r)),
        r => format!("{mil}, {}", ate_mil(r)),
    }
}

/// Um percentual por extenso: 16,828 → "dezesseis inteiros e oitocentos e vinte e oito
/// milésimos por cento"; 25 → "vinte e cinco por cento".
pub(super) fn percentual_por_extenso(valor: rust_decimal::Decimal) -> String {
    let v = valor.round_dp(4).normalize();
    let texto = v.abs().to_string();
    let (inteira, fracao) = texto.split_once('.').unwrap_or((&texto, ""));
    let i: u64 = inteira.parse().unwrap_or(0);
    let inteiros = match (i, fracao.is_empty()) {
        (_, true) => inteiro_por_extenso(i),
        (1, false) => "um inteiro".to_owned(),
        (_, false) => format!("{} inteiros", inteiro_por_extenso(i)),
    };
    if fracao.is_empty() {
        return format!("{inteiros} por cento");
    }
    let f: u64 = fracao.parse().unwrap_or(0);
    let unidade = match (fracao.len(), f == 1) {
        (1, true) => "décimo",
        (1, false) => "décimos",
        (2, true) => "centésimo",
        (2, false) => "centésimos",
        (3, true) => "milésimo",
        (3, false) => "milésimos",
        (_, true) => "décimo de milésimo",
        (_, false) => "décimos de milésimo",
    };
    let decimais = format!("{} {unidade}", inteiro_por_extenso(f));
    if i == 0 {
        format!("{decimais} por cento")
    } else {
        format!("{inteiros} e {decimais} por cento")
    }
}

#[cfg(test)]
mod testes_por_extenso {
    use super::*;
    use rust_decimal::Decimal;

    #[test]
    fn lc95_art11_percentuais_por_extenso() {
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        assert_eq!(
            percentual_por_extenso(d("16.8280")),
            "dezesseis inteiros e oitocentos e vinte e oito milésimos por cento"
        );
        assert_eq!(percentual_por_extenso(d("25")), "vinte e cinco por cento");
        assert_eq!(percentual_por_extenso(d("0.5")), "cinco décimos por cento");
        assert_eq!(
            percentual_por_extenso(d("1.0001")),
            "um inteiro e um décimo de milésimo por cento"
        );
        assert_eq!(percentual_por_extenso(d("100")), "cem por cento");
        assert_eq!(
            percentual_por_extenso(d("31.4412")),
            "trinta e um inteiros e quatro mil, quatrocentos e doze décimos de milésimo por cento"
        );
        assert_eq!(inteiro_por_extenso(8280), "oito mil, duzentos e oitenta");
        assert_eq!(inteiro_por_extenso(1100), "mil e cem");
        assert_eq!(inteiro_por_extenso(2040), "dois mil e quarenta");
        assert_eq!(inteiro_por_extenso(115), "cento e quinze");
    }
}
