//! A tabela dos índices de participação dos municípios (IPM) no ICMS, publicada pela SEFAZ-MT em
//! portaria (preliminar por volta de 30 de junho, definitiva em até 60 dias depois das
//! impugnações). Nenhuma tabela vem embutida: o usuário dá o CSV `codigo_ibge,indice,fonte`, com o
//! índice em % (ponto decimal, quantas casas tiver), e sem ela o ICMS fica pendente.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::entrada::{self, ler_tabela};
use crate::erro::{ErroFiscal, ErroLeitura};

/// O cabeçalho esperado.
pub const CABECALHO_IPM: &str = "codigo_ibge,indice,fonte";

/// Quanto a soma dos índices pode se afastar de 100%, em pontos: 0,5 (arredondamentos da
/// portaria; uma tabela a que falta um município médio já passa disso).
pub const TOLERANCIA_TOTAL_IPM: Decimal = Decimal::from_parts(5, 0, 0, false, 1);

/// O índice de um município.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndiceIpm {
    /// Código IBGE.
    pub codigo_ibge: u32,
    /// Nome oficial.
    pub nome: String,
    /// O índice, em % do total do Estado.
    pub indice: Decimal,
    /// A linha do arquivo.
    pub linha: u64,
}

/// Uma tabela de índices lida.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabelaIpm {
    /// Nome do arquivo, como dado.
    pub arquivo: String,
    /// A portaria (ou portarias: as fontes distintas, na ordem em que aparecem, separadas por
    /// "; ").
    pub fonte: String,
    /// Os índices, por código IBGE.
    pub indices: BTreeMap<u32, IndiceIpm>,
    /// A soma dos índices, em %.
    pub total: Decimal,
}

impl TabelaIpm {
    /// O índice de um município, em %.
    pub fn indice(&self, codigo_ibge: u32) -> Option<Decimal> {
        self.indices.get(&codigo_ibge).map(|i| i.indice)
    }

    /// Confere que a tabela traz o índice de cada origem; o erro lista todas as que faltam.
    pub fn exigir_origens(&self, origens: &[u32]) -> Result<(), ErroFiscal> {
        let mt = divisa_referencia::mt()?;
        let faltam: Vec<String> = origens
            .iter()
            .filter(|codigo| !self.indices.contains_key(codigo))
            .map(|&codigo| {
                let nome = mt
                    .por_codigo(codigo)
                    .map_or("município", |m| m.nome.as_str());
                format!("{nome} ({codigo})")
            })
            .collect();
        if faltam.is_empty() {
            Ok(())
        } else {
            Err(ErroLeitura::OrigensAusentes {
                arquivo: self.arquivo.clone(),
                faltam,
            }
            .into())
        }
    }
}

/// Lê a tabela de índices: municípios de Mato Grosso sem repetição, índices em % não negativos e
/// até 100, e a soma a até 0,5 ponto de 100%.
pub fn ler_ipm(bytes: &[u8], arquivo: &str) -> Result<TabelaIpm, ErroFiscal> {
    let linhas = ler_tabela(
        bytes,
        arquivo,
        &["codigo_ibge", "indice", "fonte"],
        CABECALHO_IPM,
    )?;
    let mut vistos = BTreeMap::new();
    let mut indices = BTreeMap::new();
    let mut fontes = Vec::with_capacity(linhas.len());
    let mut total = Decimal::ZERO;
    for linha in &linhas {
        let (codigo, nome) = entrada::codigo_de_mt(&linha.campos[0], arquivo, linha.numero)?;
        entrada::sem_repeticao(&mut vistos, codigo, &nome, arquivo, linha.numero)?;
        let texto = &linha.campos[1];
        let indice =
            entrada::decimal_nao_negativo(texto, arquivo, linha.numero, "indice", "0.920199")?;
        if indice > Decimal::ONE_HUNDRED {
            return Err(ErroLeitura::ForaDoIntervalo {
                arquivo: arquivo.to_owned(),
                linha: linha.numero,
                coluna: "indice",
                valor: texto.clone(),
                motivo: "passa de 100: o índice é a porcentagem do município no total do Estado",
            }
            .into());
        }
        // Até 10.000 linhas de no máximo 100: a soma cabe com folga em 28 dígitos.
        total += indice;
        fontes.push(linha.campos[2].clone());
        indices.insert(
            codigo,
            IndiceIpm {
                codigo_ibge: codigo,
                nome,
                indice,
                linha: linha.numero,
            },
        );
    }
    if (total - Decimal::ONE_HUNDRED).abs() > TOLERANCIA_TOTAL_IPM {
        return Err(ErroLeitura::TotalLongeDe100 {
            arquivo: arquivo.to_owned(),
            total,
        }
        .into());
    }
    Ok(TabelaIpm {
        arquivo: arquivo.to_owned(),
        fonte: entrada::juntar_fontes(&fontes, arquivo),
        indices,
        total,
    })
}

#[cfg(test)]
mod testes {
    use super::*;

    /// Uma tabela que soma 100: Nova Ubiratã, Sorriso e Acorizal com o resto.
    const BOA: &str = "codigo_ibge,indice,fonte\n\
        5106240,0.920199,Portaria SEFAZ-MT nº 189/2024\n\
        5107925,3.569080,Portaria SEFAZ-MT nº 189/2024\n\
        5100102,95.510721,Portaria SEFAZ-MT nº 189/2024\n";

    fn ler(texto: &str) -> Result<TabelaIpm, ErroFiscal> {
        ler_ipm(texto.as_bytes(), "ipm.csv")
    }

    fn mensagem(texto: &str) -> String {
        ler(texto).expect_err("deveria ser recusada").to_string()
    }

    #[test]
    fn ipm_se_le_exato_do_texto_com_a_portaria() {
        let tabela = ler(BOA).expect("lida");
        assert_eq!(
            tabela.indice(5106240).map(|d| d.to_string()).as_deref(),
            Some("0.920199")
        );
        assert_eq!(tabela.total, Decimal::ONE_HUNDRED);
        assert_eq!(tabela.fonte, "Portaria SEFAZ-MT nº 189/2024");
    }

    #[test]
    fn ipm_sem_a_coluna_indice_diz_o_arquivo_e_a_linha_1() {
        assert_eq!(
            mensagem("codigo_ibge,ipm,fonte\n5106240,0.9,x\n"),
            "ipm.csv, linha 1: falta a coluna «indice» no cabeçalho (esperado \
             «codigo_ibge,indice,fonte», encontrado «codigo_ibge,ipm,fonte»)"
        );
    }

    #[test]
    fn ipm_com_virgula_decimal_diz_a_linha() {
        assert_eq!(
            mensagem("codigo_ibge,indice,fonte\n5106240,\"0,920199\",x\n"),
            "ipm.csv, linha 2: indice «0,920199» não é um número; use ponto decimal, sem \
             separador de milhar (ex.: 0.920199)"
        );
    }

    #[test]
    fn ipm_negativo_diz_a_linha() {
        assert_eq!(
            mensagem("codigo_ibge,indice,fonte\n5106240,0.9,x\n5107925,-3.5,x\n"),
            "ipm.csv, linha 3: indice -3.5 é negativo; indice não pode ser negativo"
        );
    }

    #[test]
    fn ipm_com_codigo_repetido_diz_as_duas_linhas() {
        assert_eq!(
            mensagem("codigo_ibge,indice,fonte\n5106240,0.9,x\n5107925,3.5,x\n5106240,0.9,x\n"),
            "ipm.csv, linha 4: Nova Ubiratã (5106240) já apareceu na linha 2; a tabela tem uma \
             linha por município"
        );
    }

    #[test]
    fn ipm_com_municipio_de_fora_de_mt_diz_a_linha() {
        assert_eq!(
            mensagem("codigo_ibge,indice,fonte\n5106240,0.9,x\n3550308,3.5,x\n"),
            "ipm.csv, linha 3: o código 3550308 não é de um município de Mato Grosso"
        );
    }

    #[test]
    fn ipm_com_total_longe_de_100_diz_o_total() {
        assert_eq!(
            mensagem("codigo_ibge,indice,fonte\n5106240,0.920199,x\n5107925,3.569080,x\n"),
            "ipm.csv: a soma dos índices é 4,489279%, e não 100% (tolerância de 0,5 ponto): \
             falta ou sobra município na tabela, ou algum índice está em fração (0,0092) em vez \
             de porcentagem (0,920199)"
        );
    }

    #[test]
    fn ipm_total_a_0_5_ponto_de_100_passa_e_acima_nao() {
        let tabela =
            |resto: &str| format!("codigo_ibge,indice,fonte\n5106240,0.5,x\n5100102,{resto},x\n");
        assert!(ler(&tabela("99.0")).is_ok(), "99,5% está no limite");
        assert!(ler(&tabela("100.0")).is_ok(), "100,5% está no limite");
        assert!(ler(&tabela("98.999999")).is_err());
        assert!(ler(&tabela("100.000001")).is_err());
    }

    #[test]
    fn ipm_acima_de_100_numa_linha_e_recusado() {
        assert!(mensagem("codigo_ibge,indice,fonte\n5106240,100.5,x\n").contains("passa de 100"));
    }

    #[test]
    fn ipm_sem_uma_origem_diz_qual_falta() {
        let tabela = ler(BOA).expect("lida");
        assert!(tabela.exigir_origens(&[5106240, 5107925]).is_ok());
        let erro = tabela
            .exigir_origens(&[5106240, 5108907])
            .expect_err("falta");
        assert_eq!(
            erro.to_string(),
            "ipm.csv: falta o índice de Nova Maringá (5108907); o Art. 7º, V da LC 23/1992 aplica \
             o percentual sobre o índice de cada município de origem"
        );
    }

    #[test]
    fn ipm_com_portarias_diferentes_guarda_todas() {
        let tabela =
            ler("codigo_ibge,indice,fonte\n5106240,50,Portaria 1\n5100102,50,Portaria 2\n")
                .expect("lida");
        assert_eq!(tabela.fonte, "Portaria 1; Portaria 2");
    }

    #[test]
    fn ipm_com_bytes_quaisquer_nao_entra_em_panico() {
        // Entrada hostil: nenhuma destas pode derrubar o programa.
        let hostis: [&[u8]; 7] = [
            b"\x00\x01\x02",
            b"codigo_ibge,indice,fonte\n\"",
            b"codigo_ibge,indice,fonte\n5106240,99999999999999999999999999999999,x\n",
            b"codigo_ibge,indice,fonte\n99999999999999999999,1,x\n",
            b"codigo_ibge,indice,fonte\n,,\n,,,,,,\n",
            b"\xEF\xBB\xBF",
            b"codigo_ibge\n5106240\n",
        ];
        for bytes in hostis {
            assert!(ler_ipm(bytes, "ipm.csv").is_err());
        }
    }
}
