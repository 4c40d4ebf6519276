//! A tabela de coeficientes do FPM-Interior publicada pelo TCU (CSV `codigo_ibge,coeficiente,fonte`).
//!
//! Com ela, o "antes" de cada município é o coeficiente publicado — que já traz a proteção das
//! LC nº 165/2019 e nº 198/2023 — em vez do calculado pela tabela do DL nº 1.881/1981.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::entrada::{self, ler_tabela};
use crate::erro::{ErroFiscal, ErroLeitura};
use crate::fpm::populacao::CUIABA_CAPITAL;

/// O cabeçalho esperado.
pub const CABECALHO_COEFICIENTES: &str = "codigo_ibge,coeficiente,fonte";

/// O menor coeficiente do FPM-Interior (DL nº 1.881/1981): 0,6.
pub const COEFICIENTE_MINIMO: Decimal = Decimal::from_parts(6, 0, 0, false, 1);

/// O maior coeficiente do FPM-Interior (DL nº 1.881/1981): 4,0.
pub const COEFICIENTE_MAXIMO: Decimal = Decimal::from_parts(40, 0, 0, false, 1);

/// Casas decimais aceitas num coeficiente publicado.
pub const CASAS_COEFICIENTE: u32 = 6;

/// Os coeficientes de uma decisão normativa do TCU, por município.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabelaCoeficientes {
    /// Nome do arquivo, como dado.
    pub arquivo: String,
    /// A fonte (a decisão do TCU); se as linhas citam fontes diferentes, todas, na ordem em que
    /// aparecem, separadas por "; ".
    pub fonte: String,
    /// Coeficiente por código IBGE.
    pub coeficientes: BTreeMap<u32, Decimal>,
}

/// Lê a tabela de coeficientes: um município de Mato Grosso do interior por linha, sem repetição,
/// coeficiente de 0,6 a 4,0 com até 6 casas, em ponto decimal.
pub fn ler_coeficientes_tcu(bytes: &[u8], arquivo: &str) -> Result<TabelaCoeficientes, ErroFiscal> {
    let linhas = ler_tabela(
        bytes,
        arquivo,
        &["codigo_ibge", "coeficiente", "fonte"],
        CABECALHO_COEFICIENTES,
    )?;
    let mut vistos = BTreeMap::new();
    let mut coeficientes = BTreeMap::new();
    let mut fontes = Vec::with_capacity(linhas.len());
    for linha in &linhas {
        let (codigo, nome) = entrada::codigo_de_mt(&linha.campos[0], arquivo, linha.numero)?;
        if codigo == CUIABA_CAPITAL {
            return Err(ErroLeitura::Capital {
                arquivo: arquivo.to_owned(),
                linha: linha.numero,
            }
            .into());
        }
        entrada::sem_repeticao(&mut vistos, codigo, &nome, arquivo, linha.numero)?;
        let texto = &linha.campos[1];
        let coeficiente =
            entrada::decimal_nao_negativo(texto, arquivo, linha.numero, "coeficiente", "0.6")?;
        let motivo = if coeficiente < COEFICIENTE_MINIMO || coeficiente > COEFICIENTE_MAXIMO {
            Some("está fora do intervalo do FPM-Interior (de 0.6 a 4.0)")
        } else if coeficiente.normalize().scale() > CASAS_COEFICIENTE {
            Some("tem mais de 6 casas decimais")
        } else {
            None
        };
        if let Some(motivo) = motivo {
            return Err(ErroLeitura::ForaDoIntervalo {
                arquivo: arquivo.to_owned(),
                linha: linha.numero,
                coluna: "coeficiente",
                valor: texto.clone(),
                motivo,
            }
            .into());
        }
        coeficientes.insert(codigo, coeficiente.normalize());
        fontes.push(linha.campos[2].clone());
    }
    Ok(TabelaCoeficientes {
        arquivo: arquivo.to_owned(),
        fonte: entrada::juntar_fontes(&fontes, arquivo),
        coeficientes,
    })
}

#[cfg(test)]
mod testes {
    use super::*;

    fn ler(texto: &str) -> Result<TabelaCoeficientes, ErroFiscal> {
        ler_coeficientes_tcu(texto.as_bytes(), "coef.csv")
    }

    #[test]
    fn tabela_do_tcu_se_le_com_a_fonte() {
        let tabela = ler("codigo_ibge,coeficiente,fonte\n5106240,0.8,DN TCU 210/2024\n5107925,3.4000,DN TCU 210/2024\n")
            .expect("lida");
        assert_eq!(tabela.fonte, "DN TCU 210/2024");
        assert_eq!(tabela.coeficientes[&5107925].to_string(), "3.4");
    }

    #[test]
    fn coeficiente_fora_de_0_6_a_4_0_e_recusado_com_a_linha() {
        let erro = ler("codigo_ibge,coeficiente,fonte\n5106240,0.8,x\n5107925,4.2,x\n")
            .expect_err("recusada");
        assert_eq!(
            erro.to_string(),
            "coef.csv, linha 3: coeficiente 4.2 está fora do intervalo do FPM-Interior (de 0.6 a 4.0)"
        );
        assert!(ler("codigo_ibge,coeficiente,fonte\n5106240,0.59,x\n").is_err());
        assert!(ler("codigo_ibge,coeficiente,fonte\n5106240,0.6,x\n").is_ok());
        assert!(ler("codigo_ibge,coeficiente,fonte\n5106240,4.0,x\n").is_ok());
        assert!(ler("codigo_ibge,coeficiente,fonte\n5106240,0.7840001,x\n").is_err());
    }

    #[test]
    fn capital_na_tabela_do_interior_e_recusada() {
        let erro = ler("codigo_ibge,coeficiente,fonte\n5103403,4.0,x\n").expect_err("recusada");
        assert!(erro
            .to_string()
            .starts_with("coef.csv, linha 2: Cuiabá (5103403) é a capital"));
    }

    #[test]
    fn municipio_repetido_diz_as_duas_linhas() {
        let erro = ler("codigo_ibge,coeficiente,fonte\n5106240,0.8,x\n5106240,0.6,x\n")
            .expect_err("recusada");
        assert_eq!(
            erro.to_string(),
            "coef.csv, linha 3: Nova Ubiratã (5106240) já apareceu na linha 2; a tabela tem uma \
             linha por município"
        );
    }
}
