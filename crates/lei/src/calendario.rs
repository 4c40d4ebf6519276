//! O calendário das eleições municipais, para o Art. 3º (criação, incorporação e extinção só
//! "até 06 (seis) meses antes da realização das eleições") e o Art. 1º, § 2º (o novo município se
//! instala com a eleição e a posse simultâneas às dos demais).
//!
//! As datas reais vêm de `dados/lei/calendario-eleitoral.md`: nem sempre foram o primeiro domingo
//! de outubro (1992 e 1996 num sábado e numa quinta-feira, 3 de outubro, por lei ordinária; 2020
//! adiada para 15 de novembro pela EC 107/2020). Depois de 2024, a regra da Constituição
//! (art. 29, II, EC 16/1997; Lei 9.504/1997, art. 1º): primeiro domingo de outubro dos anos
//! múltiplos de 4.
//!
//! Duas perguntas diferentes, duas funções:
//! - [`proxima_eleicao`]: a eleição que de fato se realizou (ou se realizará);
//! - [`eleicao_marcada`]: a eleição como o calendário em vigor num dia a marcava. Para um prazo
//!   contado "antes da realização das eleições" (Art. 3º), conta a data marcada quando o ato é
//!   praticado: a eleição de 2020 estava marcada para 04/10/2020 até a publicação da EC nº
//!   107/2020, e um ato anterior a ela tinha de caber no prazo dessa data (o tempo rege o ato; um
//!   adiamento posterior não torna tempestivo o ato que, no seu dia, já estava fora do prazo).

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
    /// Se a data marcada foi mudada depois do dia pedido a [`eleicao_marcada`]: quando e por
    /// qual norma. `None` para a data de fato realizada.
    pub mudada: Option<Mudanca>,
}

impl Eleicao {
    /// O dia em que a eleição de fato se realizou (a data marcada, se não foi mudada).
    pub fn realizada(&self) -> Date {
        self.mudada.map_or(self.data, |m| m.para)
    }
}

/// Uma data de eleição mudada depois de marcada.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mudanca {
    /// A nova data (a que se realizou).
    pub para: Date,
    /// A norma que mudou a data.
    pub norma: &'static str,
    /// O dia da publicação dessa norma, desde o qual vale a nova data.
    pub publicada: Date,
}

/// A publicação da EC nº 107, de 02/07/2020, desde a qual vale a data adiada.
///
/// A promulgação, em sessão do Congresso em 02/07/2020, está em várias notícias desse dia
/// (`federal.md`, § 4). A data do DOU, 03/07/2020, não está nas fontes copiadas para o divisa: é a
/// do registro oficial da publicação ("DOU de 3.7.2020"), a conferir no DOU; a vigência "na data
/// de sua publicação" também não foi lida no texto integral. A diferença entre 02 e 03/07 só muda
/// o achado de um ato feito em 02/07/2020 (que eleição o achado cita), não a conclusão: esse ato
/// não cabe no prazo de nenhuma das duas datas (limites 04/04/2020 e 15/05/2020).
pub const EC_107_2020_PUBLICACAO: Date = Date::constant(2020, 7, 3);

/// Eleições cuja data mudou depois de marcada: (data marcada antes, base legal dela, a mudança).
const MUDANCAS: [(Date, &str, Mudanca); 1] = [(
    Date::constant(2020, 10, 4),
    REGRA_CONSTITUCIONAL,
    Mudanca {
        para: Date::constant(2020, 11, 15),
        norma: "EC nº 107/2020, art. 1º",
        publicada: EC_107_2020_PUBLICACAO,
    },
)];

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
                mudada: None,
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
                mudada: None,
            };
        }
        ano = ano.saturating_add(4);
    }
}

/// A primeira eleição municipal no dia `data` ou depois dele, como o calendário em vigor em
/// `data` a marcava.
///
/// Igual a [`proxima_eleicao`], salvo quando a data foi mudada por norma publicada depois de
/// `data`: então a data marcada antes, com a mudança em [`Eleicao::mudada`].
///
/// ```
/// use divisa_lei::calendario::eleicao_marcada;
/// use jiff::civil::date;
/// // Antes da EC 107/2020 (DOU de 03/07/2020), a eleição estava marcada para 04/10/2020.
/// let antes = eleicao_marcada(date(2020, 7, 2));
/// assert_eq!(antes.data, date(2020, 10, 4));
/// assert_eq!(antes.realizada(), date(2020, 11, 15));
/// assert_eq!(eleicao_marcada(date(2020, 7, 3)).data, date(2020, 11, 15));
/// ```
pub fn eleicao_marcada(data: Date) -> Eleicao {
    let real = proxima_eleicao(data);
    for (antes, base_legal, mudanca) in MUDANCAS {
        if real.data == mudanca.para && data < mudanca.publicada && data <= antes {
            return Eleicao {
                data: antes,
                base_legal,
                calculada: false,
                mudada: Some(mudanca),
            };
        }
    }
    real
}

/// Se a eleição de fato realizada em `dia` teve a data mudada depois de marcada: a data marcada
/// antes e a mudança.
pub fn mudanca(dia: Date) -> Option<(Date, Mudanca)> {
    MUDANCAS
        .into_iter()
        .find(|(_, _, m)| m.para == dia)
        .map(|(antes, _, m)| (antes, m))
}

/// Um corte próprio da lei federal de uma eleição para os municípios novos votarem nela:
/// (último dia da criação, base legal). As leis das eleições de 1992 e 1996 fixaram o seu; as
/// fontes do divisa não registram corte federal para as eleições desde 2000 (Lei nº 9.504/1997).
///
/// ```
/// use divisa_lei::calendario::{corte_federal, proxima_eleicao};
/// use jiff::civil::date;
/// let (corte, _) = corte_federal(&proxima_eleicao(date(1995, 3, 10))).unwrap();
/// assert_eq!(corte, date(1995, 12, 31));
/// assert!(corte_federal(&proxima_eleicao(date(2027, 3, 10))).is_none());
/// ```
pub fn corte_federal(eleicao: &Eleicao) -> Option<(Date, &'static str)> {
    const CORTES: [(Date, Date, &str); 2] = [
        (
            Date::constant(1992, 10, 3),
            Date::constant(1992, 5, 1),
            "Lei nº 8.214/1991, art. 1º, § 1º: votam em 03/10/1992 os municípios criados até 01/05/1992",
        ),
        (
            Date::constant(1996, 10, 3),
            Date::constant(1995, 12, 31),
            "Lei nº 9.100/1995 (DOU de 02/10/1995), art. 1º, parágrafo único: votam em 03/10/1996 os municípios criados até 31/12/1995",
        ),
    ];
    CORTES
        .into_iter()
        .find(|&(dia, _, _)| dia == eleicao.realizada())
        .map(|(_, corte, base)| (corte, base))
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
/// antecede de pelo menos `meses` meses (Art. 1º, § 2º, com o prazo do Art. 3º), contados da
/// data marcada em `data` ([`eleicao_marcada`]). A posse é em 1º de janeiro do ano seguinte
/// (CF, art. 29, III).
///
/// Não olha os cortes próprios das leis eleitorais de 1992 e 1996 ([`corte_federal`]): quem
/// avalia um ato dessa época os aplica antes.
pub fn eleicao_de_instalacao(data: Date, meses: u8) -> Eleicao {
    let mut eleicao = eleicao_marcada(data);
    while data > meses_antes(eleicao.data, meses) && eleicao.data != Date::MAX {
        eleicao = seguinte(&eleicao);
    }
    eleicao
}

/// A eleição depois de `eleicao` (depois do dia em que ela de fato se realizou).
pub fn seguinte(eleicao: &Eleicao) -> Eleicao {
    let dia = eleicao.realizada();
    proxima_eleicao(dia.tomorrow().unwrap_or(dia))
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
    fn eleicao_de_2020_marcada_antes_da_ec_107_e_adiada_depois() {
        // Até a véspera da publicação, 04/10/2020 (primeiro domingo de outubro).
        for dia in [date(2016, 10, 3), date(2020, 4, 4), date(2020, 7, 2)] {
            let e = eleicao_marcada(dia);
            assert_eq!(e.data, date(2020, 10, 4), "{dia}");
            assert_eq!(e.data, primeiro_domingo_de_outubro(2020));
            assert_eq!(e.realizada(), date(2020, 11, 15));
        }
        // Do dia da publicação em diante, 15/11/2020.
        for dia in [date(2020, 7, 3), date(2020, 10, 5), date(2020, 11, 15)] {
            let e = eleicao_marcada(dia);
            assert_eq!(e.data, date(2020, 11, 15), "{dia}");
            assert_eq!(e.mudada, None);
        }
        // Fora de 2020, as duas funções coincidem.
        assert_eq!(
            eleicao_marcada(date(2024, 1, 1)),
            proxima_eleicao(date(2024, 1, 1))
        );
        assert_eq!(
            seguinte(&eleicao_marcada(date(2020, 1, 1))).data,
            date(2024, 10, 6)
        );
    }

    #[test]
    fn instalacao_antes_da_ec_107_conta_da_data_marcada() {
        // 04/10/2020 − 6 meses = 04/04/2020.
        assert_eq!(
            eleicao_de_instalacao(date(2020, 4, 4), 6).realizada(),
            date(2020, 11, 15)
        );
        assert_eq!(
            eleicao_de_instalacao(date(2020, 4, 5), 6).data,
            date(2024, 10, 6)
        );
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
