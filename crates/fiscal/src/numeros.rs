//! Decimais do estudo: o arredondamento único, o texto no formato brasileiro e o número do JSON.
//!
//! Reais, coeficientes e índices são `Decimal` do começo ao fim: nenhum valor passa por `f64`
//! nas contas. O `f64` aparece só em dois lugares, ambos de saída: o número do JSON (o
//! `serde_json` do workspace não tem `arbitrary_precision`), convertido do texto decimal já
//! arredondado — o leitor de `f64` da biblioteca padrão devolve o binário mais próximo, e o
//! escritor do JSON, o texto mais curto que volta a ele (`10080645.16`, não `10080645.1599…`).
//!
//! O texto brasileiro não usa `divisa_referencia::formato::decimal`, que recebe `f64`: agrupa os
//! milhares aqui, do próprio decimal. Inteiros (populações) usam `formato::inteiro`.

use rust_decimal::{Decimal, RoundingStrategy};
use serde::Serializer;

/// Arredonda `valor` a `casas` casas, com o meio para longe do zero ("5 sobe", o arredondamento
/// comercial que um projeto de lei escrito à mão usaria): 0,12345 → 0,1235 com 4 casas.
pub(crate) fn arredondar(valor: Decimal, casas: u32) -> Decimal {
    valor.round_dp_with_strategy(casas, RoundingStrategy::MidpointAwayFromZero)
}

/// Número com exatamente `casas` casas, vírgula decimal e ponto de milhar: `1234.5` →
/// `"1.234,50"`. Um valor que arredonda para zero não leva sinal.
pub(crate) fn decimal(valor: Decimal, casas: u32) -> String {
    let mut arredondado = arredondar(valor, casas);
    arredondado.rescale(casas);
    let negativo = arredondado.is_sign_negative() && !arredondado.is_zero();
    let texto = arredondado.abs().to_string();
    let (inteira, fracao) = texto.split_once('.').unwrap_or((&texto, ""));
    let mut saida = String::with_capacity(texto.len() + texto.len() / 3 + 1);
    if negativo {
        saida.push('-');
    }
    for (posicao, digito) in inteira.chars().enumerate() {
        if posicao > 0 && (inteira.len() - posicao).is_multiple_of(3) {
            saida.push('.');
        }
        saida.push(digito);
    }
    if !fracao.is_empty() {
        saida.push(',');
        saida.push_str(fracao);
    }
    saida
}

/// Como [`decimal`], sem os zeros à direita da parte decimal (mas com pelo menos `minimo`
/// casas): coeficientes e índices se leem como publicados (`0,6`, `3,569080` → `3,56908`).
pub(crate) fn decimal_enxuto(valor: Decimal, minimo: u32, maximo: u32) -> String {
    let casas = arredondar(valor, maximo).normalize().scale().max(minimo);
    decimal(valor, casas)
}

/// Reais com centavos: `R$ 1.234,56`; negativo, `R$ -1.234,56` (como `formato::reais`).
pub(crate) fn reais(valor: Decimal) -> String {
    format!("R$ {}", decimal(valor, 2))
}

/// Uma variação em reais com o sinal sempre escrito: `R$ +1.234,56`, `R$ -40,00`, `R$ 0,00`.
pub(crate) fn reais_com_sinal(valor: Decimal) -> String {
    let texto = decimal(valor, 2);
    if valor > Decimal::ZERO && texto.chars().any(|c| c.is_ascii_digit() && c != '0') {
        format!("R$ +{texto}")
    } else {
        format!("R$ {texto}")
    }
}

/// Uma porcentagem já em pontos percentuais: `28.4` → `"28,4000%"` (com 4 casas).
pub(crate) fn porcentagem(pontos: Decimal, casas: u32) -> String {
    format!("{}%", decimal(pontos, casas))
}

/// O decimal como o número mais próximo em `f64`, a partir do texto arredondado a `casas`.
pub(crate) fn para_f64(valor: Decimal, casas: u32) -> f64 {
    // O texto de um `Decimal` é sempre um número que o leitor de `f64` aceita; o NaN (que o
    // JSON escreve como null) só apareceria se isso deixasse de valer.
    arredondar(valor, casas)
        .normalize()
        .to_string()
        .parse()
        .unwrap_or(f64::NAN)
}

/// `serialize_with` dos números do JSON do CONTRACT §4: `Decimal` → número JSON.
pub(crate) mod json {
    use super::*;

    /// Reais, com 2 casas.
    pub(crate) fn reais<S: Serializer>(valor: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(para_f64(*valor, 2))
    }

    /// Coeficientes do FPM e índices do ICMS (em %), com até 6 casas.
    pub(crate) fn seis_casas<S: Serializer>(valor: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(para_f64(*valor, 6))
    }

    /// Como [`seis_casas`], para um valor que pode faltar (`null`).
    pub(crate) fn seis_casas_opcional<S: Serializer>(
        valor: &Option<Decimal>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match valor {
            Some(v) => s.serialize_f64(para_f64(*v, 6)),
            None => s.serialize_none(),
        }
    }

    /// Percentuais do Art. 7º, V e variações percentuais, com 4 casas.
    pub(crate) fn quatro_casas<S: Serializer>(valor: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(para_f64(*valor, 4))
    }

    /// Como [`quatro_casas`], para um valor que pode faltar (`null`).
    pub(crate) fn quatro_casas_opcional<S: Serializer>(
        valor: &Option<Decimal>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match valor {
            Some(v) => s.serialize_f64(para_f64(*v, 4)),
            None => s.serialize_none(),
        }
    }
}

#[cfg(test)]
mod testes {
    use std::str::FromStr;

    use super::*;

    fn d(texto: &str) -> Decimal {
        Decimal::from_str(texto).expect("decimal do teste")
    }

    #[test]
    fn reais_no_formato_brasileiro_com_ponto_de_milhar() {
        assert_eq!(reais(d("1234.56")), "R$ 1.234,56");
        assert_eq!(reais(d("1815000000")), "R$ 1.815.000.000,00");
        assert_eq!(reais(d("-40484.52")), "R$ -40.484,52");
        assert_eq!(reais(d("0.004")), "R$ 0,00");
        assert_eq!(reais(d("-0.004")), "R$ 0,00");
        assert_eq!(reais(d("999.995")), "R$ 1.000,00");
    }

    #[test]
    fn variacao_leva_sinal_so_quando_nao_e_zero() {
        assert_eq!(reais_com_sinal(d("12.3")), "R$ +12,30");
        assert_eq!(reais_com_sinal(d("-12.3")), "R$ -12,30");
        assert_eq!(reais_com_sinal(Decimal::ZERO), "R$ 0,00");
    }

    #[test]
    fn meio_arredonda_para_longe_do_zero() {
        assert_eq!(arredondar(d("0.12345"), 4), d("0.1235"));
        assert_eq!(arredondar(d("0.12355"), 4), d("0.1236"));
        assert_eq!(arredondar(d("-0.0000005"), 6), d("-0.000001"));
    }

    #[test]
    fn coeficientes_e_indices_sem_zeros_a_direita() {
        assert_eq!(decimal_enxuto(d("148.80"), 1, 6), "148,8");
        assert_eq!(decimal_enxuto(d("3.569080"), 1, 6), "3,56908");
        assert_eq!(decimal_enxuto(d("150"), 1, 6), "150,0");
        assert_eq!(porcentagem(d("28.4"), 4), "28,4000%");
    }

    #[test]
    fn json_recebe_o_f64_mais_proximo_do_decimal() {
        assert_eq!(para_f64(d("10080645.16"), 2), 10080645.16);
        assert_eq!(para_f64(d("0.5313315"), 6), 0.531332);
        assert_eq!(para_f64(d("148.8"), 6), 148.8);
    }
}
