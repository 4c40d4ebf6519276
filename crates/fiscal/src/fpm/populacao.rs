//! A população que dá o coeficiente: qual base (Censo 2022 ou estimativa 2025) e os municípios do
//! interior de Mato Grosso com população nessa base.
//!
//! O Censo 2022 aqui é o dos **primeiros resultados** (28/06/2023), o que o TCU usou na Decisão
//! Normativa nº 205/2023: os 140 municípios do interior somam 3.007.901 habitantes, exatamente o
//! número do TCU. `divisa-referencia` expõe a população dos "Agregados por municípios" (V0001,
//! revista depois pelo IBGE: 3.007.772 no interior, e Porto Alegre do Norte com 12.127 em vez de
//! 13.865, o que muda a sua faixa), por isso este módulo lê a coluna
//! `populacao_2022_primeiros_resultados` do mesmo `dados/mt_populacao_2022.csv`, embutido.

use std::sync::OnceLock;

use divisa_referencia::ErroDados;

use crate::erro::ErroFiscal;

/// Código IBGE de Cuiabá, a capital: fica fora do FPM-Interior (as capitais têm o seu fundo, de
/// 10% do FPM; DL nº 1.881/1981 e CTN, art. 91).
pub const CUIABA_CAPITAL: u32 = 5103403;

/// De qual contagem do IBGE vem a população que dá o coeficiente.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BasePopulacional {
    /// Censo Demográfico 2022, primeiros resultados (a base da DN TCU nº 205/2023).
    Censo2022,
    /// Estimativa da população residente em 1º de julho de 2025 (SIDRA, tabela 6579).
    Estimativa2025,
}

impl BasePopulacional {
    /// A base que vale para o ano de `ano`: a estimativa 2025 de 2025 em diante, o Censo 2022
    /// antes. Quem chama passa o ano da data do estudo (nada aqui lê o relógio).
    pub fn para_o_ano(ano: i16) -> Self {
        if ano >= 2025 {
            BasePopulacional::Estimativa2025
        } else {
            BasePopulacional::Censo2022
        }
    }

    /// O nome que o usuário lê: "IBGE, Censo 2022 (primeiros resultados)" ou "IBGE, estimativa
    /// 2025".
    pub fn rotulo(self) -> &'static str {
        match self {
            BasePopulacional::Censo2022 => "IBGE, Censo 2022 (primeiros resultados)",
            BasePopulacional::Estimativa2025 => "IBGE, estimativa 2025",
        }
    }
}

/// Um município na lista "antes" do FPM-Interior.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MunicipioFpm {
    /// Código IBGE de 7 dígitos.
    pub codigo_ibge: u32,
    /// Nome oficial.
    pub nome: String,
    /// População na base escolhida, habitantes.
    pub populacao: u32,
    /// O coeficiente publicado pelo TCU, se uma tabela de coeficientes foi dada; sem ele, o
    /// coeficiente vem da tabela do DL nº 1.881/1981.
    pub coeficiente_tcu: Option<rust_decimal::Decimal>,
}

/// Os municípios do interior de Mato Grosso (todos menos Cuiabá) com população na `base`, em
/// ordem de código IBGE. Quem não tem população na base fica de fora: Boa Esperança do Norte não
/// tem Censo 2022 (instalado em 2025), então o Censo dá 140 municípios e a estimativa 2025, 141.
pub fn municipios_do_interior(base: BasePopulacional) -> Result<Vec<MunicipioFpm>, ErroFiscal> {
    let mt = divisa_referencia::mt()?;
    let censo = match base {
        BasePopulacional::Censo2022 => Some(primeiros_resultados_2022()?),
        BasePopulacional::Estimativa2025 => None,
    };
    let mut lista = Vec::new();
    for municipio in mt.municipios() {
        if municipio.codigo_ibge == CUIABA_CAPITAL {
            continue;
        }
        let populacao = match censo {
            Some(censo) => censo
                .binary_search_by_key(&municipio.codigo_ibge, |&(codigo, _)| codigo)
                .ok()
                .map(|i| censo[i].1),
            None => municipio.populacao_estimada_2025.map(|dado| dado.valor),
        };
        if let Some(populacao) = populacao {
            lista.push(MunicipioFpm {
                codigo_ibge: municipio.codigo_ibge,
                nome: municipio.nome.clone(),
                populacao,
                coeficiente_tcu: None,
            });
        }
    }
    Ok(lista)
}

const ARQUIVO_CENSO: &str = "mt_populacao_2022.csv";
const CENSO: &str = include_str!("../../../../dados/mt_populacao_2022.csv");

static PRIMEIROS_RESULTADOS: OnceLock<Result<Vec<(u32, u32)>, ErroDados>> = OnceLock::new();

/// (código, população) dos primeiros resultados do Censo 2022, em ordem de código.
fn primeiros_resultados_2022() -> Result<&'static [(u32, u32)], ErroFiscal> {
    PRIMEIROS_RESULTADOS
        .get_or_init(ler_primeiros_resultados)
        .as_ref()
        .map(Vec::as_slice)
        .map_err(|erro| ErroFiscal::Referencia(erro.clone()))
}

fn ler_primeiros_resultados() -> Result<Vec<(u32, u32)>, ErroDados> {
    let defeito = |linha: u64, mensagem: String| ErroDados::Linha {
        arquivo: ARQUIVO_CENSO,
        linha,
        mensagem,
    };
    let mut leitor = csv::Reader::from_reader(CENSO.as_bytes());
    let cabecalho = leitor
        .headers()
        .map_err(|e| defeito(1, e.to_string()))?
        .clone();
    let coluna = |nome: &str| {
        cabecalho
            .iter()
            .position(|c| c == nome)
            .ok_or_else(|| defeito(1, format!("falta a coluna {nome}")))
    };
    let (i_codigo, i_populacao) = (
        coluna("codigo_ibge")?,
        coluna("populacao_2022_primeiros_resultados")?,
    );
    let mut linhas = Vec::new();
    for registro in leitor.records() {
        let registro =
            registro.map_err(|e| defeito(e.position().map_or(0, |p| p.line()), e.to_string()))?;
        let linha = registro.position().map_or(0, |p| p.line());
        let numero = |i: usize| {
            registro
                .get(i)
                .and_then(|t| t.parse::<u32>().ok())
                .ok_or_else(|| defeito(linha, format!("coluna {i} não é um inteiro")))
        };
        linhas.push((numero(i_codigo)?, numero(i_populacao)?));
    }
    linhas.sort_unstable();
    if linhas.windows(2).any(|par| par[0].0 == par[1].0) {
        return Err(defeito(0, "código repetido".to_owned()));
    }
    Ok(linhas)
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn estimativa_2025_vale_de_2025_em_diante() {
        assert_eq!(
            BasePopulacional::para_o_ano(2024),
            BasePopulacional::Censo2022
        );
        assert_eq!(
            BasePopulacional::para_o_ano(2025),
            BasePopulacional::Estimativa2025
        );
        assert_eq!(
            BasePopulacional::para_o_ano(2027),
            BasePopulacional::Estimativa2025
        );
    }

    #[test]
    fn rotulos_que_o_usuario_le() {
        assert_eq!(
            BasePopulacional::Estimativa2025.rotulo(),
            "IBGE, estimativa 2025"
        );
        assert_eq!(
            BasePopulacional::Censo2022.rotulo(),
            "IBGE, Censo 2022 (primeiros resultados)"
        );
    }

    #[test]
    fn censo_2022_deixa_de_fora_boa_esperanca_do_norte_e_cuiaba() {
        let lista = municipios_do_interior(BasePopulacional::Censo2022).expect("dados");
        assert!(lista.iter().all(|m| m.codigo_ibge != CUIABA_CAPITAL));
        assert!(lista
            .iter()
            .all(|m| m.codigo_ibge != divisa_referencia::mt::BOA_ESPERANCA_DO_NORTE));
        let estimativa = municipios_do_interior(BasePopulacional::Estimativa2025).expect("dados");
        let ben = estimativa
            .iter()
            .find(|m| m.codigo_ibge == divisa_referencia::mt::BOA_ESPERANCA_DO_NORTE)
            .expect("BEN na estimativa 2025");
        assert_eq!(ben.populacao, 5_877);
    }

    #[test]
    fn censo_2022_usa_os_primeiros_resultados_do_tcu() {
        // Porto Alegre do Norte: 13.865 nos primeiros resultados (DN TCU 205/2023), 12.127 nos
        // Agregados revistos.
        let lista = municipios_do_interior(BasePopulacional::Censo2022).expect("dados");
        let porto_alegre = lista
            .iter()
            .find(|m| m.nome == "Porto Alegre do Norte")
            .expect("na lista");
        assert_eq!(porto_alegre.populacao, 13_865);
    }
}
