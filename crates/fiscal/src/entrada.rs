//! A leitura, com teto, de uma tabela CSV dada pelo usuário (bytes e o nome do arquivo, nunca um
//! caminho): cabeçalho com as colunas pedidas, uma linha por município, códigos IBGE de Mato
//! Grosso sem repetição, números em ponto decimal lidos como `Decimal` do próprio texto.
//!
//! Entrada hostil não derruba o programa: tamanho e número de linhas têm teto, todo erro diz o
//! arquivo e a linha (1 = cabeçalho), e nada aqui usa `unwrap`.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::erro::{ErroFiscal, ErroLeitura};

/// O maior arquivo aceito: 1 MB (a tabela dos 142 municípios tem uns 10 kB).
pub const LIMITE_BYTES: usize = 1024 * 1024;

/// O maior número de linhas de dados aceito.
pub const LIMITE_LINHAS: usize = 10_000;

/// Uma linha de dados: o número da linha no arquivo e os campos, na ordem das colunas pedidas,
/// sem espaços nas pontas.
#[derive(Debug)]
pub(crate) struct Linha {
    pub(crate) numero: u64,
    pub(crate) campos: Vec<String>,
}

/// Lê `bytes` como CSV com as `colunas` pedidas (outras colunas são ignoradas; maiúsculas e
/// espaços no cabeçalho não importam). Linhas inteiramente vazias (o fim de uma planilha) são
/// puladas.
pub(crate) fn ler_tabela(
    bytes: &[u8],
    arquivo: &str,
    colunas: &[&'static str],
    esperado: &'static str,
) -> Result<Vec<Linha>, ErroLeitura> {
    if bytes.len() > LIMITE_BYTES {
        return Err(ErroLeitura::GrandeDemais {
            arquivo: arquivo.to_owned(),
            bytes: bytes.len(),
            limite: LIMITE_BYTES,
        });
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut leitor = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(bytes);
    let cabecalho = leitor
        .headers()
        .map_err(|erro| formato(arquivo, &erro, 1))?
        .clone();
    if cabecalho.iter().all(str::is_empty) {
        return Err(ErroLeitura::Vazio {
            arquivo: arquivo.to_owned(),
            esperado,
        });
    }
    let mut posicoes = Vec::with_capacity(colunas.len());
    for &coluna in colunas {
        let posicao = cabecalho
            .iter()
            .position(|nome| nome.trim().eq_ignore_ascii_case(coluna))
            .ok_or_else(|| ErroLeitura::ColunaAusente {
                arquivo: arquivo.to_owned(),
                coluna,
                esperado,
                encontrado: cabecalho.iter().collect::<Vec<_>>().join(","),
            })?;
        posicoes.push(posicao);
    }

    let mut linhas = Vec::new();
    for (ordem, registro) in leitor.records().enumerate() {
        // A linha de um erro de sintaxe vem do leitor; sem ela, a contagem (cabeçalho = 1).
        let linha_contada = ordem as u64 + 2;
        let registro = registro.map_err(|erro| formato(arquivo, &erro, linha_contada))?;
        if registro.iter().all(str::is_empty) {
            continue;
        }
        if linhas.len() >= LIMITE_LINHAS {
            return Err(ErroLeitura::LinhasDemais {
                arquivo: arquivo.to_owned(),
                limite: LIMITE_LINHAS,
            });
        }
        let numero = registro.position().map_or(linha_contada, |p| p.line());
        let mut campos = Vec::with_capacity(colunas.len());
        for (&posicao, &coluna) in posicoes.iter().zip(colunas) {
            let campo = registro.get(posicao).ok_or_else(|| ErroLeitura::Formato {
                arquivo: arquivo.to_owned(),
                linha: numero,
                mensagem: format!(
                    "a linha tem {} campos e falta a coluna «{coluna}» (esperado «{esperado}»)",
                    registro.len()
                ),
            })?;
            campos.push(campo.to_owned());
        }
        linhas.push(Linha { numero, campos });
    }
    if linhas.is_empty() {
        return Err(ErroLeitura::SemLinhas {
            arquivo: arquivo.to_owned(),
        });
    }
    Ok(linhas)
}

fn formato(arquivo: &str, erro: &csv::Error, linha_contada: u64) -> ErroLeitura {
    let linha = erro.position().map_or(linha_contada, |p| p.line());
    let mensagem = match erro.kind() {
        csv::ErrorKind::Utf8 { .. } => {
            "o texto não está em UTF-8; salve a planilha como \"CSV UTF-8\"".to_owned()
        }
        csv::ErrorKind::Io(_) => "o arquivo não pôde ser lido até o fim".to_owned(),
        _ => "a linha não é CSV válido (aspas sem par?)".to_owned(),
    };
    ErroLeitura::Formato {
        arquivo: arquivo.to_owned(),
        linha,
        mensagem,
    }
}

/// O código IBGE de um município de Mato Grosso, com o nome oficial. Recusa o que não tem 7
/// dígitos e o que não é de MT.
pub(crate) fn codigo_de_mt(
    texto: &str,
    arquivo: &str,
    linha: u64,
) -> Result<(u32, String), ErroFiscal> {
    let codigo = (texto.len() == 7 && texto.bytes().all(|b| b.is_ascii_digit()))
        .then(|| texto.parse::<u32>().ok())
        .flatten()
        .ok_or_else(|| ErroLeitura::CodigoInvalido {
            arquivo: arquivo.to_owned(),
            linha,
            valor: texto.to_owned(),
        })?;
    let municipio =
        divisa_referencia::mt()?
            .por_codigo(codigo)
            .ok_or_else(|| ErroLeitura::CodigoForaDeMt {
                arquivo: arquivo.to_owned(),
                linha,
                codigo,
            })?;
    Ok((codigo, municipio.nome.clone()))
}

/// Um número decimal em ponto decimal, lido do texto (nunca por `f64`), não negativo.
pub(crate) fn decimal_nao_negativo(
    texto: &str,
    arquivo: &str,
    linha: u64,
    coluna: &'static str,
    exemplo: &'static str,
) -> Result<Decimal, ErroLeitura> {
    let invalido = || ErroLeitura::NumeroInvalido {
        arquivo: arquivo.to_owned(),
        linha,
        coluna,
        valor: texto.to_owned(),
        exemplo,
    };
    // Só dígitos, um ponto e um sinal na frente: nada de expoente, vírgula, espaço ou milhar.
    let corpo = texto.strip_prefix(['-', '+']).unwrap_or(texto);
    let (inteira, fracao) = corpo.split_once('.').unwrap_or((corpo, ""));
    let so_digitos = |parte: &str| parte.bytes().all(|b| b.is_ascii_digit());
    if corpo.is_empty() || inteira.is_empty() || !so_digitos(inteira) || !so_digitos(fracao) {
        return Err(invalido());
    }
    if corpo.contains('.') && fracao.is_empty() {
        return Err(invalido());
    }
    let valor = Decimal::from_str_exact(texto).map_err(|_| invalido())?;
    if valor.is_zero() {
        return Ok(Decimal::ZERO);
    }
    if valor.is_sign_negative() {
        return Err(ErroLeitura::Negativo {
            arquivo: arquivo.to_owned(),
            linha,
            coluna,
            valor: texto.to_owned(),
        });
    }
    Ok(valor)
}

/// As fontes distintas de uma tabela, na ordem em que aparecem. Tabelas montadas de mais de uma
/// portaria (ou decisão) ficam com todas, separadas por "; "; uma tabela sem fonte fica com o
/// nome do arquivo e o aviso.
pub(crate) fn juntar_fontes(fontes: &[String], arquivo: &str) -> String {
    let mut distintas: Vec<&str> = Vec::new();
    for fonte in fontes {
        if !fonte.is_empty() && !distintas.contains(&fonte.as_str()) {
            distintas.push(fonte);
        }
    }
    if distintas.is_empty() {
        format!("{arquivo} (sem fonte informada na coluna `fonte`)")
    } else {
        distintas.join("; ")
    }
}

/// Confere que nenhum código se repete, guardando a primeira linha de cada um.
pub(crate) fn sem_repeticao(
    vistos: &mut BTreeMap<u32, u64>,
    codigo: u32,
    nome: &str,
    arquivo: &str,
    linha: u64,
) -> Result<(), ErroLeitura> {
    if let Some(&primeira_linha) = vistos.get(&codigo) {
        return Err(ErroLeitura::CodigoRepetido {
            arquivo: arquivo.to_owned(),
            linha,
            primeira_linha,
            codigo,
            nome: nome.to_owned(),
        });
    }
    vistos.insert(codigo, linha);
    Ok(())
}

#[cfg(test)]
mod testes {
    use super::*;

    const ESPERADO: &str = "codigo_ibge,indice,fonte";
    const COLUNAS: &[&str] = &["codigo_ibge", "indice", "fonte"];

    #[test]
    fn arquivo_maior_que_1_mb_e_recusado_antes_de_ler() {
        let grande = vec![b'a'; LIMITE_BYTES + 1];
        let erro = ler_tabela(&grande, "ipm.csv", COLUNAS, ESPERADO).expect_err("recusado");
        assert!(matches!(erro, ErroLeitura::GrandeDemais { .. }));
        assert!(erro
            .to_string()
            .starts_with("ipm.csv: o arquivo tem 1.048.577 bytes"));
    }

    #[test]
    fn mais_de_10_mil_linhas_e_recusado() {
        let mut texto = String::from("codigo_ibge,indice,fonte\n");
        for _ in 0..=LIMITE_LINHAS {
            texto.push_str("5100102,0.1,x\n");
        }
        let erro =
            ler_tabela(texto.as_bytes(), "ipm.csv", COLUNAS, ESPERADO).expect_err("recusado");
        assert!(matches!(
            erro,
            ErroLeitura::LinhasDemais { limite: 10_000, .. }
        ));
    }

    #[test]
    fn cabecalho_com_ponto_e_virgula_explica_o_separador() {
        let erro = ler_tabela(
            b"codigo_ibge;indice;fonte\n5100102;0,1;x\n",
            "ipm.csv",
            COLUNAS,
            ESPERADO,
        )
        .expect_err("recusado");
        let mensagem = erro.to_string();
        assert!(
            mensagem.starts_with("ipm.csv, linha 1: falta a coluna «codigo_ibge»"),
            "{mensagem}"
        );
        assert!(mensagem.contains("ponto e vírgula"), "{mensagem}");
    }

    #[test]
    fn arquivo_vazio_e_so_cabecalho_sao_recusados() {
        assert!(matches!(
            ler_tabela(b"", "ipm.csv", COLUNAS, ESPERADO),
            Err(ErroLeitura::Vazio { .. })
        ));
        assert!(matches!(
            ler_tabela(
                b"codigo_ibge,indice,fonte\n\n",
                "ipm.csv",
                COLUNAS,
                ESPERADO
            ),
            Err(ErroLeitura::SemLinhas { .. })
        ));
    }

    #[test]
    fn bom_colunas_fora_de_ordem_e_linhas_vazias_no_fim_se_leem() {
        let texto = "\u{feff}fonte, Indice ,codigo_ibge,extra\nPortaria 1,0.5,5100102,z\n,,,\n";
        let linhas = ler_tabela(texto.as_bytes(), "ipm.csv", COLUNAS, ESPERADO).expect("lida");
        assert_eq!(linhas.len(), 1);
        assert_eq!(linhas[0].numero, 2);
        assert_eq!(linhas[0].campos, ["5100102", "0.5", "Portaria 1"]);
    }

    #[test]
    fn linha_curta_diz_a_linha_e_a_coluna() {
        let erro = ler_tabela(
            b"codigo_ibge,indice,fonte\n5100102,0.5,x\n5100201,0.5\n",
            "ipm.csv",
            COLUNAS,
            ESPERADO,
        )
        .expect_err("recusada");
        assert_eq!(
            erro.to_string(),
            "ipm.csv, linha 3: a linha tem 2 campos e falta a coluna «fonte» (esperado \
             «codigo_ibge,indice,fonte»)"
        );
    }

    #[test]
    fn texto_fora_de_utf8_pede_csv_utf8() {
        let erro = ler_tabela(
            b"codigo_ibge,indice,fonte\n5100102,0.5,Portaria n\xBA 1\n",
            "ipm.csv",
            COLUNAS,
            ESPERADO,
        )
        .expect_err("recusado");
        assert!(
            erro.to_string()
                .starts_with("ipm.csv, linha 2: o texto não está em UTF-8"),
            "{erro}"
        );
    }

    #[test]
    fn numeros_so_com_ponto_decimal_e_sem_expoente() {
        let ler = |t: &str| decimal_nao_negativo(t, "ipm.csv", 2, "indice", "0.920199");
        assert_eq!(ler("0.920199").expect("lido").to_string(), "0.920199");
        assert_eq!(ler("3").expect("lido").to_string(), "3");
        for ruim in [
            "0,920199",
            "1e2",
            "",
            ".5",
            "5.",
            "1.000.000",
            "NaN",
            "0x10",
            " 1",
        ] {
            assert!(
                matches!(ler(ruim), Err(ErroLeitura::NumeroInvalido { .. })),
                "{ruim:?} deveria ser recusado"
            );
        }
        assert!(matches!(ler("-0.1"), Err(ErroLeitura::Negativo { .. })));
        assert_eq!(ler("-0").expect("zero").to_string(), "0");
        // Mais dígitos que um decimal de 28 casas comporta: recusado, não arredondado.
        assert!(ler("0.12345678901234567890123456789012").is_err());
    }

    #[test]
    fn fontes_distintas_ficam_todas_em_ordem() {
        let fontes = [
            "Portaria 1".to_owned(),
            String::new(),
            "Portaria 2".into(),
            "Portaria 1".into(),
        ];
        assert_eq!(juntar_fontes(&fontes, "a.csv"), "Portaria 1; Portaria 2");
        assert_eq!(
            juntar_fontes(&[String::new()], "a.csv"),
            "a.csv (sem fonte informada na coluna `fonte`)"
        );
    }

    #[test]
    fn codigo_precisa_ter_7_digitos_e_ser_de_mt() {
        assert_eq!(
            codigo_de_mt("5106240", "a.csv", 2).expect("de MT").1,
            "Nova Ubiratã"
        );
        assert!(matches!(
            codigo_de_mt("510624", "a.csv", 2),
            Err(ErroFiscal::Leitura(ErroLeitura::CodigoInvalido { .. }))
        ));
        assert!(matches!(
            codigo_de_mt("3550308", "a.csv", 2),
            Err(ErroFiscal::Leitura(ErroLeitura::CodigoForaDeMt {
                codigo: 3550308,
                ..
            }))
        ));
    }
}
