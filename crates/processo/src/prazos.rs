//! Prazos: contados, nunca digitados.
//!
//! > Art. 2º, § 3º … as quais serão prestadas no prazo de 30 (trinta) dias a contar da data do
//! > recebimento, sob pena de responsabilidade.
//!
//! Regra de contagem (leitura registrada): **dias corridos**, como a lei escreve ("30 (trinta)
//! dias", sem "úteis"); exclui-se o dia do recebimento e inclui-se o do vencimento (Código Civil,
//! art. 132; Lei nº 9.784/1999, art. 66); se o vencimento cair em sábado, domingo ou feriado
//! nacional, prorroga-se ao primeiro dia útil seguinte (Lei nº 9.784/1999, art. 66, § 1º,
//! aplicada por analogia: quem responde "sob pena de responsabilidade" não pode ser cobrado num
//! dia sem expediente). Feriados estaduais, municipais e pontos facultativos não estão no
//! calendário e não prorrogam — o prazo mostrado nunca é mais longo do que o verdadeiro.

use jiff::civil::{Date, Weekday};
use jiff::ToSpan;
use serde::Serialize;

/// Quantos dias antes do vencimento um prazo passa a "vence em breve".
pub const DIAS_DE_AVISO: i32 = 7;

/// A regra de contagem, para mostrar ao lado de cada prazo.
pub const REGRA_DIAS_CORRIDOS: &str = "dias corridos, excluído o dia do início e incluído o do vencimento; vencimento em sábado, domingo ou feriado nacional prorrogado ao dia útil seguinte (CC, art. 132; Lei 9.784/1999, art. 66)";

/// Feriados nacionais de data fixa (Lei nº 662/1949, Lei nº 6.802/1980, Lei nº 14.759/2023) e a
/// Sexta-feira da Paixão não entra: é feriado religioso declarado por lei municipal (Lei nº
/// 9.093/1995, art. 2º).
pub fn feriado_nacional(d: Date) -> bool {
    let (m, dia) = (d.month(), d.day());
    matches!(
        (m, dia),
        (1, 1) | (4, 21) | (5, 1) | (9, 7) | (10, 12) | (11, 2) | (11, 15) | (12, 25)
    ) || (m == 11 && dia == 20 && d.year() >= 2024)
}

/// Dia útil: nem sábado, nem domingo, nem feriado nacional.
pub fn dia_util(d: Date) -> bool {
    !matches!(d.weekday(), Weekday::Saturday | Weekday::Sunday) && !feriado_nacional(d)
}

/// O vencimento de um prazo de `dias` corridos que começa em `inicio` (exclusive).
pub fn vencimento(inicio: Date, dias: i32) -> Date {
    let mut v = inicio.saturating_add(dias.days());
    while !dia_util(v) {
        v = v.saturating_add(1.days());
    }
    v
}

/// Como está um prazo num dia.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "situacao", rename_all = "snake_case")]
pub enum SituacaoDoPrazo {
    /// Falta mais do que [`DIAS_DE_AVISO`].
    EmDia {
        /// Dias até o vencimento.
        restam: i32,
    },
    /// Vence em até [`DIAS_DE_AVISO`] dias (0 = hoje).
    VenceEmBreve {
        /// Dias até o vencimento.
        restam: i32,
    },
    /// Passou do vencimento sem cumprimento.
    Vencido {
        /// Dias de atraso.
        atraso: i32,
    },
    /// Cumprido (no prazo ou não).
    Cumprido {
        /// O dia do cumprimento.
        em: Date,
        /// Dentro do prazo.
        no_prazo: bool,
    },
}

impl SituacaoDoPrazo {
    /// Em português: "em dia (faltam 12 dias)", "vence hoje", "vencido há 3 dias".
    pub fn texto(&self) -> String {
        match *self {
            SituacaoDoPrazo::EmDia { restam } => format!(
                "em dia (faltam {} dias)",
                divisa_referencia::formato::inteiro(restam)
            ),
            SituacaoDoPrazo::VenceEmBreve { restam: 0 } => "vence hoje".into(),
            SituacaoDoPrazo::VenceEmBreve { restam: 1 } => "vence amanhã".into(),
            SituacaoDoPrazo::VenceEmBreve { restam } => format!(
                "vence em {} dias",
                divisa_referencia::formato::inteiro(restam)
            ),
            SituacaoDoPrazo::Vencido { atraso: 1 } => "vencido há 1 dia".into(),
            SituacaoDoPrazo::Vencido { atraso } => format!(
                "vencido há {} dias",
                divisa_referencia::formato::inteiro(atraso)
            ),
            SituacaoDoPrazo::Cumprido { em, no_prazo } => format!(
                "cumprido em {}{}",
                divisa_referencia::formato::data(em),
                if no_prazo { "" } else { " (fora do prazo)" }
            ),
        }
    }

    /// Vencido ou vence em breve: entra nos alertas.
    pub fn alerta(&self) -> bool {
        matches!(
            self,
            SituacaoDoPrazo::Vencido { .. } | SituacaoDoPrazo::VenceEmBreve { .. }
        )
    }
}

/// Um prazo do processo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Prazo {
    /// Identificador estável no processo (ex.: `certidao:tre`).
    pub chave: String,
    /// O que se espera, de quem.
    pub descricao: String,
    /// O dispositivo que fixa o prazo.
    pub artigo: &'static str,
    /// O evento que o fez começar.
    pub inicio: Date,
    /// Duração.
    pub dias: i32,
    /// Como se conta.
    pub regra: &'static str,
    /// O último dia.
    pub vencimento: Date,
    /// Quando foi cumprido, se foi.
    pub cumprido_em: Option<Date>,
}

impl Prazo {
    /// Um prazo de dias corridos a partir de `inicio`.
    pub fn dias_corridos(
        chave: String,
        descricao: String,
        artigo: &'static str,
        inicio: Date,
        dias: i32,
    ) -> Prazo {
        Prazo {
            chave,
            descricao,
            artigo,
            inicio,
            dias,
            regra: REGRA_DIAS_CORRIDOS,
            vencimento: vencimento(inicio, dias),
            cumprido_em: None,
        }
    }

    /// A situação em `hoje`.
    pub fn situacao(&self, hoje: Date) -> SituacaoDoPrazo {
        situacao(self.vencimento, self.cumprido_em, hoje)
    }
}

/// A situação em `hoje` de um prazo que vence em `vencimento`.
pub fn situacao(vencimento: Date, cumprido_em: Option<Date>, hoje: Date) -> SituacaoDoPrazo {
    if let Some(em) = cumprido_em {
        return SituacaoDoPrazo::Cumprido {
            em,
            no_prazo: em <= vencimento,
        };
    }
    let restam = dias_entre(hoje, vencimento);
    if restam < 0 {
        SituacaoDoPrazo::Vencido { atraso: -restam }
    } else if restam <= DIAS_DE_AVISO {
        SituacaoDoPrazo::VenceEmBreve { restam }
    } else {
        SituacaoDoPrazo::EmDia { restam }
    }
}

/// Dias de `de` até `ate` (negativo se `ate` vem antes).
pub fn dias_entre(de: Date, ate: Date) -> i32 {
    (ate - de).get_days()
}

#[cfg(test)]
mod testes {
    use super::*;
    use jiff::civil::date;

    // Art. 2º, § 3º: 30 dias a contar do recebimento.
    #[test]
    fn art2_par3_trinta_dias_corridos_excluido_o_dia_do_recebimento() {
        // 02/03/2026 (segunda) + 30 = 01/04/2026 (quarta).
        assert_eq!(vencimento(date(2026, 3, 2), 30), date(2026, 4, 1));
    }

    #[test]
    fn art2_par3_fim_de_mes_e_ano_bissexto() {
        // 30/01/2024 + 30 = 29/02/2024 (quinta; 2024 é bissexto).
        assert_eq!(vencimento(date(2024, 1, 30), 30), date(2024, 2, 29));
        // 30/01/2023 + 30 = 01/03/2023 (quarta; 2023 não é bissexto).
        assert_eq!(vencimento(date(2023, 1, 30), 30), date(2023, 3, 1));
        // 31/01/2028 + 30 = 01/03/2028 (quarta; 2028 é bissexto).
        assert_eq!(vencimento(date(2028, 1, 31), 30), date(2028, 3, 1));
        // virada de ano: 02/12/2026 + 30 = 01/01/2027 (feriado) → 04/01/2027 (segunda).
        assert_eq!(vencimento(date(2026, 12, 2), 30), date(2027, 1, 4));
    }

    #[test]
    fn art2_par3_vencimento_em_fim_de_semana_ou_feriado_prorroga() {
        // 10/10/2025 + 30 = 09/11/2025 (domingo) → 10/11/2025 (segunda).
        assert_eq!(vencimento(date(2025, 10, 10), 30), date(2025, 11, 10));
        // 21/10/2025 + 30 = 20/11/2025 (Consciência Negra, Lei 14.759/2023) → 21/11.
        assert_eq!(vencimento(date(2025, 10, 21), 30), date(2025, 11, 21));
        // 20/11 só é feriado nacional desde 2024: em 2023 não prorroga.
        assert_eq!(vencimento(date(2023, 10, 21), 30), date(2023, 11, 20));
        // 13/03/2026 + 30 = 12/04/2026 (domingo) → 13/04/2026.
        assert_eq!(vencimento(date(2026, 3, 13), 30), date(2026, 4, 13));
    }

    #[test]
    fn situacao_no_dia_do_vencimento_e_depois() {
        let p = Prazo::dias_corridos(
            "certidao:tre".into(),
            "certidão".into(),
            "Art. 2º, § 3º",
            date(2026, 3, 2),
            30,
        );
        assert_eq!(
            p.situacao(date(2026, 3, 2)),
            SituacaoDoPrazo::EmDia { restam: 30 }
        );
        assert_eq!(
            p.situacao(date(2026, 3, 25)),
            SituacaoDoPrazo::VenceEmBreve { restam: 7 }
        );
        assert_eq!(
            p.situacao(date(2026, 3, 24)),
            SituacaoDoPrazo::EmDia { restam: 8 }
        );
        assert_eq!(
            p.situacao(date(2026, 4, 1)),
            SituacaoDoPrazo::VenceEmBreve { restam: 0 }
        );
        assert_eq!(p.situacao(date(2026, 4, 1)).texto(), "vence hoje");
        assert_eq!(
            p.situacao(date(2026, 4, 2)),
            SituacaoDoPrazo::Vencido { atraso: 1 }
        );
        assert_eq!(p.situacao(date(2026, 4, 4)).texto(), "vencido há 3 dias");
        let mut c = p.clone();
        c.cumprido_em = Some(date(2026, 4, 1));
        assert_eq!(
            c.situacao(date(2026, 5, 1)).texto(),
            "cumprido em 01/04/2026"
        );
        c.cumprido_em = Some(date(2026, 4, 2));
        assert!(c
            .situacao(date(2026, 5, 1))
            .texto()
            .ends_with("(fora do prazo)"));
    }

    #[test]
    fn dias_entre_atravessa_anos_bissextos() {
        assert_eq!(dias_entre(date(2024, 2, 28), date(2024, 3, 1)), 2);
        assert_eq!(dias_entre(date(2023, 2, 28), date(2023, 3, 1)), 1);
        assert_eq!(dias_entre(date(2024, 1, 1), date(2025, 1, 1)), 366);
        assert_eq!(dias_entre(date(2025, 1, 1), date(2024, 1, 1)), -366);
    }
}
