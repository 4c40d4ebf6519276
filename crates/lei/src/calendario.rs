//! O calendário das eleições municipais, para o Art. 3º (criação, incorporação e extinção só
//! "até 06 (seis) meses antes da realização das eleições") e o Art. 1º, § 2º (o novo município se
//! instala com a eleição e a posse simultâneas às dos demais).
//!
//! As datas reais vêm de `dados/lei/calendario-eleitoral.md`: nem sempre foram o primeiro domingo
//! de outubro (1992 e 1996 num sábado e numa quinta-feira, 3 de outubro, por lei ordinária; 2020
//! adiada para 15 de novembro pela EC 107/2020). Depois de 2024, a regra da Constituição
//! (art. 29, II, EC 16/1997; Lei 9.504/1997, art. 1º): primeiro domingo de outubro dos anos
//! múltiplos de 4.

use jiff::civil::{Date, Weekday};

/// Uma eleição municipal (primeiro turno).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Eleicao {
    /// Dia do primeiro turno.
    pub data: Date,
    /// De onde vem a data.
    pub base_legal: &'static str,
    /// `true` se a data foi calculada pela regra constitucional (eleição futura).
    pub calculada: bool,
}

const REGRA_CONSTITUCIONAL: &str =
    "CF, art. 29, II (EC nº 16/1997) e Lei nº 9.504/1997, art. 1º: primeiro domingo de outubro";

/// Eleições municipais já realizadas desde a LC 23/1992 (primeiro turno).
const REALIZADAS: [(i16, i8, i8, &str); 9] = [
    (1992, 10, 3, "Lei nº 8.214/1991, art. 1º"),
    (1996, 10, 3, "Lei nº 9.100/1995, art. 1º"),
    (2000, 10, 1, REGRA_CONSTITUCIONAL),
    (2004, 10, 3, REGRA_CONSTITUCIONAL),
    (2008, 10, 5, REGRA_CONSTITUCIONAL),
    (2012, 10, 7, REGRA_CONSTITUCIONAL),
    (2016, 10, 2, REGRA_CONSTITUCIONAL),
    (
        2020,
        11,
        15,
        "EC nº 107/2020, art. 1º (adiada de 04/10/2020 pela pandemia)",
    ),
    (2024, 10, 6, REGRA_CONSTITUCIONAL),
];

/// A primeira eleição municipal realizada no dia `data` ou depois dele.
///
/// A "realização das eleições" do Art. 3º é o primeiro turno: é nele que todos os municípios
/// votam; o segundo turno só existe em alguns.
///
/// ```
/// use divisa_lei::calendario::proxima_eleicao;
/// use jiff::civil::date;
/// assert_eq!(proxima_eleicao(date(2020, 10, 4)).data, date(2020, 11, 15));
/// assert_eq!(proxima_eleicao(date(2024, 10, 7)).data, date(2028, 10, 1));
/// ```
pub fn proxima_eleicao(data: Date) -> Eleicao {
    for (ano, mes, dia, base_legal) in REALIZADAS {
        let eleicao = Date::constant(ano, mes, dia);
        if eleicao >= data {
            return Eleicao {
                data: eleicao,
                base_legal,
                calculada: false,
            };
        }
    }
    let mut ano = (data.year().saturating_add(3)) / 4 * 4;
    loop {
        let eleicao = primeiro_domingo_de_outubro(ano);
        if eleicao >= data || eleicao == Date::MAX {
            return Eleicao {
                data: eleicao,
                base_legal: REGRA_CONSTITUCIONAL,
                calculada: true,
            };
        }
        ano = ano.saturating_add(4);
    }
}

fn primeiro_domingo_de_outubro(ano: i16) -> Date {
    // Fora do calendário representável (ano > 9999), a data máxima: quem avalia recusa antes
    // as datas além de [`DATA_MAXIMA`]; aqui só não se entra em pânico.
    let Ok(primeiro) = Date::new(ano, 10, 1) else {
        return Date::MAX;
    };
    let avanco = (7 + Weekday::Sunday.to_monday_zero_offset()
        - primeiro.weekday().to_monday_zero_offset())
        % 7;
    Date::new(ano, 10, 1 + avanco).unwrap_or(Date::MAX)
}

/// A última data que o divisa avalia: o calendário eleitoral é projetado (CF, art. 29, II:
/// primeiro domingo de outubro, de quatro em quatro anos) e não tem sentido jurídico além
/// disso. Uma data posterior é recusada como entrada inválida, não avaliada.
pub const DATA_MAXIMA: Date = Date::constant(2999, 12, 31);

/// `meses` meses antes de `data`, no mesmo dia do mês; se esse dia não existir no mês de
/// chegada, o último dia desse mês.
///
/// Por quê: conta-se o prazo em meses "do dia do início ao dia correspondente" (Lei nº 810/1949,
/// art. 2º). O último dia `D` em que um ato ainda está "6 meses antes" de 31 de agosto é aquele
/// cujo "dia correspondente" seis meses depois não passa de 31 de agosto: 28 (ou 29) de
/// fevereiro, e não 1º de março (1º de março + 6 meses = 1º de setembro).
///
/// ```
/// use divisa_lei::calendario::meses_antes;
/// use jiff::civil::date;
/// assert_eq!(meses_antes(date(2027, 8, 31), 6), date(2027, 2, 28));
/// assert_eq!(meses_antes(date(2028, 8, 31), 6), date(2028, 2, 29));
/// assert_eq!(meses_antes(date(2028, 10, 1), 6), date(2028, 4, 1));
/// ```
pub fn meses_antes(data: Date, meses: u8) -> Date {
    let total = i32::from(data.year()) * 12 + i32::from(data.month()) - 1 - i32::from(meses);
    let (ano, mes) = (
        (total.div_euclid(12)) as i16,
        (total.rem_euclid(12) + 1) as i8,
    );
    let Ok(primeiro_do_mes) = Date::new(ano, mes, 1) else {
        return data;
    };
    let dia = data.day().min(primeiro_do_mes.days_in_month());
    Date::new(ano, mes, dia).unwrap_or(data)
}

/// A eleição com que se instala um município criado por lei de `data`: a primeira que a lei
/// antecede de pelo menos `meses` meses (Art. 1º, § 2º, com o prazo do Art. 3º). A posse é em
/// 1º de janeiro do ano seguinte (CF, art. 29, III).
pub fn eleicao_de_instalacao(data: Date, meses: u8) -> Eleicao {
    let mut eleicao = proxima_eleicao(data);
    while data > meses_antes(eleicao.data, meses) && eleicao.data != Date::MAX {
        eleicao = proxima_eleicao(eleicao.data.tomorrow().unwrap_or(eleicao.data));
    }
    eleicao
}

#[cfg(test)]
mod testes {
    use super::*;
    use jiff::civil::date;

    #[test]
    fn datas_no_fim_do_calendario_nao_entram_em_panico() {
        for d in [date(9996, 1, 1), date(9999, 12, 31), Date::MAX] {
            let e = proxima_eleicao(d);
            assert!(e.data >= d || e.data == Date::MAX);
            let _ = eleicao_de_instalacao(d, 6);
            let _ = meses_antes(d, 6);
        }
    }

    #[test]
    fn datas_reais_fora_do_domingo() {
        assert_eq!(proxima_eleicao(date(1992, 11, 19)).data, date(1996, 10, 3));
        assert_eq!(proxima_eleicao(date(1996, 10, 3)).data, date(1996, 10, 3));
        assert_eq!(
            proxima_eleicao(date(2020, 1, 1)).base_legal,
            "EC nº 107/2020, art. 1º (adiada de 04/10/2020 pela pandemia)"
        );
    }

    #[test]
    fn eleicoes_futuras_no_primeiro_domingo_de_outubro() {
        assert_eq!(proxima_eleicao(date(2025, 1, 1)).data, date(2028, 10, 1));
        assert_eq!(proxima_eleicao(date(2028, 10, 2)).data, date(2032, 10, 3));
        assert_eq!(proxima_eleicao(date(2033, 1, 1)).data, date(2036, 10, 5));
        assert!(proxima_eleicao(date(2030, 1, 1)).calculada);
        for eleicao in [2000, 2004, 2008, 2012, 2016, 2024] {
            let real = proxima_eleicao(date(eleicao, 1, 1)).data;
            assert_eq!(primeiro_domingo_de_outubro(eleicao), real, "{eleicao}");
        }
    }

    #[test]
    fn instalacao_na_eleicao_que_a_lei_antecede_de_seis_meses() {
        // Lei de 01/04/2028: exatamente seis meses antes de 01/10/2028 → instala em 2029.
        assert_eq!(
            eleicao_de_instalacao(date(2028, 4, 1), 6).data,
            date(2028, 10, 1)
        );
        // Lei de 02/04/2028: tarde para 2028 → eleição de 2032.
        assert_eq!(
            eleicao_de_instalacao(date(2028, 4, 2), 6).data,
            date(2032, 10, 3)
        );
    }
}
