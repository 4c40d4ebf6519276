//! O coeficiente individual do FPM-Interior pela população (DL nº 1.881/1981; CTN, art. 91).
//!
//! A tabela está em `dados/fiscal/fpm_coeficientes_dl1881.csv` (limites inclusivos; ver
//! `dados/PROVENIENCIA.md`): 0,6 até 10.188 habitantes, mais 0,2 a cada faixa, 4,0 de 156.217 em
//! diante. As faixas de 2,8 para cima seguem a regra do decreto-lei e conferem com os valores do
//! TCU para Mato Grosso (Sorriso, 124.665 → 3,4; Primavera do Leste, 96.006 → 3,0).
//!
//! O CSV é lido na compilação (`const fn`): um arquivo malformado, fora de ordem, com faixas que
//! não se encostam ou que não começam em zero faz a compilação falhar, e em tempo de execução
//! nada pode dar errado — [`coeficiente_dl1881`] não devolve `Result`.

use rust_decimal::Decimal;

/// O texto da tabela, embutido (a cópia do usuário não tem `../shared`).
const CSV: &str = include_str!("../../../../dados/fiscal/fpm_coeficientes_dl1881.csv");

const CABECALHO: &[u8] = b"populacao_min,populacao_max,coeficiente\n";

/// Uma faixa de população da tabela do DL nº 1.881/1981.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FaixaDl1881 {
    /// Menor população da faixa, habitantes (inclusive).
    pub populacao_min: u32,
    /// Maior população da faixa, habitantes (inclusive); `None` na última faixa, sem teto.
    pub populacao_max: Option<u32>,
    /// O coeficiente da faixa (adimensional: 0,6 a 4,0).
    pub coeficiente: Decimal,
}

/// Quantas faixas: as linhas do CSV menos o cabeçalho.
const QUANTAS: usize = contar_linhas(CSV.as_bytes()) - 1;

/// As faixas, lidas do CSV na compilação.
const FAIXAS: [FaixaDl1881; QUANTAS] = ler_faixas(CSV.as_bytes());

/// As faixas da tabela do DL nº 1.881/1981, da menor população para a maior.
pub fn faixas_dl1881() -> &'static [FaixaDl1881] {
    &FAIXAS
}

/// O coeficiente do FPM-Interior de um município com `populacao` habitantes (DL nº 1.881/1981),
/// pelos limites inclusivos da tabela: 10.188 → 0,6; 10.189 → 0,8; 156.216 → 3,8; 156.217 → 4,0.
///
/// É o coeficiente "da tabela": não considera a proteção de coeficientes das LC nº 165/2019 e
/// nº 198/2023, que só a decisão normativa do TCU traz.
///
/// ```
/// use divisa_fiscal::fpm::coeficiente_dl1881;
/// assert_eq!(coeficiente_dl1881(10_188).to_string(), "0.6");
/// assert_eq!(coeficiente_dl1881(10_189).to_string(), "0.8");
/// assert_eq!(coeficiente_dl1881(124_665).to_string(), "3.4"); // Sorriso, estimativa 2025
/// ```
pub fn coeficiente_dl1881(populacao: u32) -> Decimal {
    // As faixas começam em zero, encostam umas nas outras e sobem (conferido na compilação):
    // a última faixa cujo mínimo não passa da população é a dela.
    let mut coeficiente = FAIXAS[0].coeficiente;
    for faixa in &FAIXAS {
        if populacao >= faixa.populacao_min {
            coeficiente = faixa.coeficiente;
        }
    }
    coeficiente
}

const fn contar_linhas(bytes: &[u8]) -> usize {
    let mut linhas = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\n' {
            linhas += 1;
        }
        i += 1;
    }
    if !bytes.is_empty() && bytes[bytes.len() - 1] != b'\n' {
        linhas += 1;
    }
    linhas
}

/// Um inteiro sem sinal a partir de `i`; devolve o valor e a posição do primeiro não dígito.
const fn ler_inteiro(bytes: &[u8], mut i: usize) -> (u64, usize) {
    let inicio = i;
    let mut valor: u64 = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        valor = valor * 10 + (bytes[i] - b'0') as u64;
        if valor > u32::MAX as u64 {
            panic!("fpm_coeficientes_dl1881.csv: número grande demais");
        }
        i += 1;
    }
    if i == inicio {
        panic!("fpm_coeficientes_dl1881.csv: esperado um número");
    }
    (valor, i)
}

const fn esperar(bytes: &[u8], i: usize, caractere: u8) -> usize {
    if i >= bytes.len() || bytes[i] != caractere {
        panic!("fpm_coeficientes_dl1881.csv: separador fora do lugar");
    }
    i + 1
}

const fn ler_faixas<const N: usize>(bytes: &[u8]) -> [FaixaDl1881; N] {
    let vazia = FaixaDl1881 {
        populacao_min: 0,
        populacao_max: None,
        coeficiente: Decimal::ZERO,
    };
    let mut faixas = [vazia; N];
    let mut i = 0;
    while i < CABECALHO.len() {
        if i >= bytes.len() || bytes[i] != CABECALHO[i] {
            panic!("fpm_coeficientes_dl1881.csv: cabeçalho diferente do esperado");
        }
        i += 1;
    }
    // Coeficiente anterior em milionésimos, para conferir que a tabela sobe.
    let mut anterior_milionesimos: u64 = 0;
    let mut k = 0;
    while k < N {
        let (minimo, j) = ler_inteiro(bytes, i);
        i = esperar(bytes, j, b',');
        let maximo = if bytes[i] == b',' {
            None
        } else {
            let (maximo, j) = ler_inteiro(bytes, i);
            i = j;
            Some(maximo)
        };
        i = esperar(bytes, i, b',');
        let (inteira, j) = ler_inteiro(bytes, i);
        i = esperar(bytes, j, b'.');
        let inicio_fracao = i;
        let (fracao, j) = ler_inteiro(bytes, i);
        let casas = (j - inicio_fracao) as u32;
        i = j;
        if i < bytes.len() {
            i = esperar(bytes, i, b'\n');
        }
        if casas > 6 {
            panic!("fpm_coeficientes_dl1881.csv: coeficiente com mais de 6 casas");
        }
        let mantissa = inteira * 10u64.pow(casas) + fracao;
        let milionesimos = mantissa * 10u64.pow(6 - casas);

        // As faixas começam em zero, encostam umas nas outras, só a última não tem teto, e o
        // coeficiente sobe a cada faixa.
        if k == 0 && minimo != 0 {
            panic!("fpm_coeficientes_dl1881.csv: a primeira faixa não começa em zero");
        }
        if k > 0 {
            match faixas[k - 1].populacao_max {
                Some(max_anterior) if max_anterior as u64 + 1 == minimo => {}
                _ => panic!("fpm_coeficientes_dl1881.csv: faixas que não se encostam"),
            }
            if milionesimos <= anterior_milionesimos {
                panic!("fpm_coeficientes_dl1881.csv: coeficiente que não sobe");
            }
        }
        match maximo {
            Some(maximo) if maximo < minimo => {
                panic!("fpm_coeficientes_dl1881.csv: faixa com máximo abaixo do mínimo")
            }
            None if k + 1 != N => panic!("fpm_coeficientes_dl1881.csv: faixa sem teto no meio"),
            Some(_) if k + 1 == N => panic!("fpm_coeficientes_dl1881.csv: última faixa com teto"),
            _ => {}
        }
        anterior_milionesimos = milionesimos;
        faixas[k] = FaixaDl1881 {
            populacao_min: minimo as u32,
            populacao_max: match maximo {
                Some(maximo) => Some(maximo as u32),
                None => None,
            },
            coeficiente: Decimal::from_parts(mantissa as u32, 0, 0, false, casas),
        };
        k += 1;
    }
    if i != bytes.len() {
        panic!("fpm_coeficientes_dl1881.csv: texto depois da última faixa");
    }
    faixas
}

#[cfg(test)]
mod testes {
    use std::str::FromStr;

    use super::*;

    fn c(texto: &str) -> Decimal {
        Decimal::from_str(texto).expect("coeficiente do teste")
    }

    /// Os limites da tabela do DL nº 1.881/1981 escritos à mão, independentes do CSV: (último
    /// habitante da faixa de baixo, coeficiente de baixo, coeficiente de cima).
    const LIMITES: [(u32, &str, &str); 17] = [
        (10_188, "0.6", "0.8"),
        (13_584, "0.8", "1.0"),
        (16_980, "1.0", "1.2"),
        (23_772, "1.2", "1.4"),
        (30_564, "1.4", "1.6"),
        (37_356, "1.6", "1.8"),
        (44_148, "1.8", "2.0"),
        (50_940, "2.0", "2.2"),
        (61_128, "2.2", "2.4"),
        (71_316, "2.4", "2.6"),
        (81_504, "2.6", "2.8"),
        (91_692, "2.8", "3.0"),
        (101_880, "3.0", "3.2"),
        (115_464, "3.2", "3.4"),
        (129_048, "3.4", "3.6"),
        (142_632, "3.6", "3.8"),
        (156_216, "3.8", "4.0"),
    ];

    #[test]
    fn dl1881_cada_limite_de_faixa_nos_dois_lados() {
        for (ultimo, baixo, cima) in LIMITES {
            assert_eq!(coeficiente_dl1881(ultimo), c(baixo), "{ultimo} habitantes");
            assert_eq!(
                coeficiente_dl1881(ultimo + 1),
                c(cima),
                "{} habitantes",
                ultimo + 1
            );
        }
    }

    #[test]
    fn dl1881_10188_habitantes_e_0_6_e_10189_e_0_8() {
        assert_eq!(coeficiente_dl1881(10_188), c("0.6"));
        assert_eq!(coeficiente_dl1881(10_189), c("0.8"));
    }

    #[test]
    fn dl1881_156216_habitantes_e_3_8_e_156217_e_4_0() {
        assert_eq!(coeficiente_dl1881(156_216), c("3.8"));
        assert_eq!(coeficiente_dl1881(156_217), c("4.0"));
    }

    #[test]
    fn dl1881_extremos_zero_e_maior_populacao() {
        assert_eq!(coeficiente_dl1881(0), c("0.6"));
        assert_eq!(coeficiente_dl1881(u32::MAX), c("4.0"));
    }

    #[test]
    fn dl1881_confere_com_o_tcu_para_sorriso_e_primavera_do_leste() {
        // README fiscal §3: valores do TCU para Mato Grosso.
        assert_eq!(coeficiente_dl1881(124_665), c("3.4"));
        assert_eq!(coeficiente_dl1881(96_006), c("3.0"));
    }

    #[test]
    fn tabela_embutida_tem_18_faixas_contiguas_de_0_6_a_4_0() {
        let faixas = faixas_dl1881();
        assert_eq!(faixas.len(), 18);
        assert_eq!(faixas[0].coeficiente, c("0.6"));
        assert_eq!(faixas[17].coeficiente, c("4.0"));
        assert_eq!(faixas[17].populacao_max, None);
        for par in faixas.windows(2) {
            assert_eq!(par[0].coeficiente + c("0.2"), par[1].coeficiente);
        }
    }
}
