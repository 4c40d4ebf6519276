//! Os números por extenso dos projetos de lei (LC nº 95/1998, art. 11, II, «f»: o percentual e
//! os números que a lei fixa, em algarismos e por extenso).

/// Um inteiro por extenso ([`divisa_referencia::formato::por_extenso`]); acima de 999.999, em
/// algarismos.
pub(super) fn inteiro_por_extenso(n: u64) -> String {
    divisa_referencia::formato::por_extenso(n).unwrap_or_else(|| n.to_string())
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
