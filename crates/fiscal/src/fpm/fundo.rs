//! O fundo em reais: quanto o FPM-Interior de Mato Grosso reparte num ano.
//!
//! O fundo é 1,8949% (a parte fixa de Mato Grosso nas tabelas das Decisões Normativas do TCU,
//! com base na LC nº 62/1989) dos 86,4% do FPM destinados aos municípios do interior (DL nº
//! 1.881/1981). O total nacional do FPM é publicado pelo Tesouro Nacional a cada ano e não vem
//! embutido: sem o valor dado pelo usuário, o divisa usa uma **estimativa** tirada de um número
//! da imprensa, e o diz (ver [`Fundo::estimado`]).
//!
//! Um [`Fundo`] só se constrói validado: positivo, em centavos inteiros, entre R$ 1 milhão e
//! R$ 20 bilhões por ano.

use std::str::FromStr;

use rust_decimal::Decimal;

use crate::erro::ErroFiscal;

/// Parte de Mato Grosso no FPM-Interior, em %: 1,8949 (tabelas das Decisões Normativas do TCU;
/// fonte dada ali: LC nº 62/1989).
pub const PARTICIPACAO_MT_FPM_INTERIOR_PERCENTUAL: Decimal =
    Decimal::from_parts(18949, 0, 0, false, 4);

/// Parte do FPM destinada ao interior, em %: 86,4 (DL nº 1.881/1981; as capitais ficam com 10%
/// e a reserva dos municípios de 142.633 habitantes ou mais com 3,6%).
pub const FPM_INTERIOR_PERCENTUAL: Decimal = Decimal::from_parts(864, 0, 0, false, 1);

/// O menor fundo aceito: R$ 1 milhão por ano (exigiria um FPM nacional de uns R$ 61 milhões).
pub const FUNDO_MINIMO_REAIS: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);

/// O maior fundo aceito: R$ 20 bilhões por ano (exigiria um FPM nacional de mais de R$ 1,2
/// trilhão).
pub const FUNDO_MAXIMO_REAIS: Decimal = Decimal::from_parts(
    20_000_000_000u64 as u32,
    (20_000_000_000u64 >> 32) as u32,
    0,
    false,
    0,
);

/// O fundo estimado: R$ 1.815.000.000,00 por ano (ver [`Fundo::estimado`]).
pub const FUNDO_ESTIMADO_REAIS: Decimal = Decimal::from_parts(1_815_000_000, 0, 0, false, 0);

/// De onde vem a estimativa, como o estudo a escreve.
pub const FONTE_FUNDO_ESTIMADO: &str = "estimativa do divisa, não um número oficial: a queda \
    de 0,2 ponto no coeficiente de Nova Ubiratã (0,8 → 0,6) custou cerca de R$ 2,42 milhões em \
    2025 (número da imprensa), logo cada ponto vale cerca de R$ 12,1 milhões por ano e a soma \
    de 150,0 pontos (a do TCU para 2023) cerca de R$ 1.815.000.000,00 por ano; dê o valor do \
    Tesouro Nacional para o ano (1,8949% dos 86,4% do FPM do interior) para substituí-la";

/// O FPM-Interior de Mato Grosso num ano, em reais, com a fonte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fundo {
    reais: Decimal,
    fonte: String,
    estimativa: bool,
}

impl Fundo {
    /// A estimativa padrão, rotulada como tal: R$ 1.815.000.000,00 por ano.
    ///
    /// A conta: Nova Ubiratã caiu de 0,8 para 0,6 em 2025 e perdeu cerca de R$ 2,42 milhões no
    /// ano (imprensa; README fiscal §3); 0,2 ponto ≈ R$ 2,42 milhões ⇒ 1 ponto ≈ R$ 12,1
    /// milhões ⇒ Σ 150,0 ≈ R$ 1,815 bilhão.
    pub fn estimado() -> Fundo {
        Fundo {
            reais: FUNDO_ESTIMADO_REAIS,
            fonte: FONTE_FUNDO_ESTIMADO.to_owned(),
            estimativa: true,
        }
    }

    /// Um fundo dado pelo usuário (reais por ano), conferido: maior que zero, sem frações de
    /// centavo, entre [`FUNDO_MINIMO_REAIS`] e [`FUNDO_MAXIMO_REAIS`].
    pub fn informado(reais: Decimal, fonte: impl Into<String>) -> Result<Fundo, ErroFiscal> {
        if reais <= Decimal::ZERO {
            return Err(ErroFiscal::FundoNaoPositivo { reais });
        }
        if reais.normalize().scale() > 2 {
            return Err(ErroFiscal::FundoFracaoDeCentavo { reais });
        }
        if reais < FUNDO_MINIMO_REAIS {
            return Err(ErroFiscal::FundoPequenoDemais {
                reais,
                minimo: FUNDO_MINIMO_REAIS,
            });
        }
        if reais > FUNDO_MAXIMO_REAIS {
            return Err(ErroFiscal::FundoGrandeDemais {
                reais,
                maximo: FUNDO_MAXIMO_REAIS,
            });
        }
        Ok(Fundo {
            reais: reais.normalize(),
            fonte: fonte.into(),
            estimativa: false,
        })
    }

    /// Lê o valor como o usuário o escreve na linha de comando e confere como
    /// [`Fundo::informado`]. Aceita `1815000000`, `1815000000.50`, `1.815.000.000,50`,
    /// `R$ 1.815.000.000,50` e `1,5` (vírgula decimal). Com pontos e sem vírgula, os pontos são
    /// de milhar se separam grupos de três dígitos e há mais de um (`1.815.000.000`); um ponto só
    /// é o ponto decimal.
    ///
    /// ```
    /// use divisa_fiscal::fpm::Fundo;
    /// let fundo = Fundo::ler("R$ 2.500.000.000,00", "Tesouro Nacional").unwrap();
    /// assert_eq!(fundo.reais().to_string(), "2500000000");
    /// assert!(!fundo.estimativa());
    /// assert!(Fundo::ler("25000000000", "centavos por engano").is_err());
    /// ```
    pub fn ler(texto: &str, fonte: impl Into<String>) -> Result<Fundo, ErroFiscal> {
        let ilegivel = || ErroFiscal::FundoIlegivel {
            texto: texto.to_owned(),
        };
        let limpo: String = texto
            .trim()
            .trim_start_matches("R$")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        if limpo.is_empty()
            || limpo.len() > 40
            || !limpo
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == ',' || c == '-')
        {
            return Err(ilegivel());
        }
        let pontos = limpo.matches('.').count();
        let normalizado = if limpo.contains(',') {
            // Formato brasileiro: pontos de milhar, vírgula decimal.
            if limpo.matches(',').count() > 1 {
                return Err(ilegivel());
            }
            limpo.replace('.', "").replace(',', ".")
        } else if pontos > 1 {
            let grupos: Vec<&str> = limpo.split('.').collect();
            let cabeca = grupos[0].trim_start_matches('-');
            if cabeca.is_empty() || cabeca.len() > 3 || grupos[1..].iter().any(|g| g.len() != 3) {
                return Err(ilegivel());
            }
            limpo.replace('.', "")
        } else {
            limpo
        };
        let reais = Decimal::from_str_exact(&normalizado).map_err(|_| ilegivel())?;
        Fundo::informado(reais, fonte)
    }

    /// O fundo, em reais por ano (no máximo duas casas).
    pub fn reais(&self) -> Decimal {
        self.reais
    }

    /// De onde vem o valor.
    pub fn fonte(&self) -> &str {
        &self.fonte
    }

    /// Se o valor é a estimativa do divisa (e não um número oficial dado pelo usuário).
    pub fn estimativa(&self) -> bool {
        self.estimativa
    }
}

impl FromStr for Fundo {
    type Err = ErroFiscal;

    /// [`Fundo::ler`] com a fonte "valor informado pelo usuário".
    fn from_str(texto: &str) -> Result<Self, Self::Err> {
        Fundo::ler(texto, "valor informado pelo usuário")
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    fn d(texto: &str) -> Decimal {
        Decimal::from_str(texto).expect("decimal do teste")
    }

    #[test]
    fn fundo_estimado_e_0_2_ponto_de_nova_ubirata_vezes_750() {
        // 0,2 ponto ≈ R$ 2,42 milhões ⇒ 150 pontos = 750 × 2,42 milhões.
        assert_eq!(Fundo::estimado().reais(), d("2420000") * d("750"));
        assert!(Fundo::estimado().estimativa());
        assert!(Fundo::estimado().fonte().contains("Nova Ubiratã"));
        assert!(Fundo::estimado().fonte().contains("1.815.000.000,00"));
    }

    #[test]
    fn limites_do_fundo_sao_inclusivos() {
        assert!(Fundo::informado(d("1000000"), "x").is_ok());
        assert!(matches!(
            Fundo::informado(d("999999.99"), "x"),
            Err(ErroFiscal::FundoPequenoDemais { .. })
        ));
        assert!(Fundo::informado(d("20000000000"), "x").is_ok());
        assert!(matches!(
            Fundo::informado(d("20000000000.01"), "x"),
            Err(ErroFiscal::FundoGrandeDemais { .. })
        ));
    }

    #[test]
    fn fundo_zero_negativo_ou_com_fracao_de_centavo_e_recusado() {
        assert!(matches!(
            Fundo::informado(Decimal::ZERO, "x"),
            Err(ErroFiscal::FundoNaoPositivo { .. })
        ));
        assert!(matches!(
            Fundo::informado(d("-2500000000"), "x"),
            Err(ErroFiscal::FundoNaoPositivo { .. })
        ));
        let fracao = Fundo::informado(d("2500000000.001"), "x").expect_err("recusado");
        assert!(matches!(fracao, ErroFiscal::FundoFracaoDeCentavo { .. }));
        assert!(fracao
            .to_string()
            .starts_with("fundo do FPM-Interior R$ 2.500.000.000,001:"));
        assert!(Fundo::informado(d("2500000000.100"), "x").is_ok());
    }

    #[test]
    fn mensagem_do_fundo_absurdo_explica_a_parte_de_mato_grosso() {
        let erro = Fundo::informado(d("25000000000"), "x").expect_err("recusado");
        let mensagem = erro.to_string();
        assert!(mensagem.contains("R$ 25.000.000.000,00"), "{mensagem}");
        assert!(mensagem.contains("1,8949% dos 86,4%"), "{mensagem}");
        let erro = Fundo::informado(d("2500"), "x").expect_err("recusado");
        assert!(erro.to_string().contains("1,8949%"), "{erro}");
    }

    #[test]
    fn fundo_se_le_em_ponto_decimal_ou_no_formato_brasileiro() {
        let ler = |t: &str| Fundo::ler(t, "x").map(|f| f.reais());
        assert_eq!(ler("2500000000").expect("lido"), d("2500000000"));
        assert_eq!(ler("2500000000.50").expect("lido"), d("2500000000.5"));
        assert_eq!(ler("2.500.000.000,50").expect("lido"), d("2500000000.5"));
        assert_eq!(ler("R$ 2.500.000.000").expect("lido"), d("2500000000"));
        assert!(matches!(
            ler("2,5,0"),
            Err(ErroFiscal::FundoIlegivel { .. })
        ));
        assert!(matches!(
            ler("2.50.000.000"),
            Err(ErroFiscal::FundoIlegivel { .. })
        ));
        assert!(matches!(
            ler("dois bilhões"),
            Err(ErroFiscal::FundoIlegivel { .. })
        ));
        assert!(matches!(ler("1e9"), Err(ErroFiscal::FundoIlegivel { .. })));
        // "2.500" é 2,5 reais (um ponto só é decimal) e cai no limite de baixo.
        assert!(matches!(
            ler("2.500"),
            Err(ErroFiscal::FundoPequenoDemais { .. })
        ));
    }
}
