//! O Estudo de Viabilidade Municipal (CF, art. 18, § 4º, com a EC nº 15/1996): os critérios dos
//! projetos de lei complementar federal, como referência — nunca como requisito legal.
//!
//! A Constituição pede "Estudos de Viabilidade Municipal, apresentados e publicados na forma da
//! lei", e essa lei complementar federal não existe (ADO 3682; ADPF 819, de 2023). Os projetos
//! convergem e são a melhor referência de que uma Comissão dispõe; cada critério aqui leva o seu
//! projeto e a situação dele ([`PLS_98_2002`], [`PLS_104_2014`], [`PLS_199_2015`]), e o estudo
//! diz [`EVM_NAO_E_REQUISITO_LEGAL`]. Mato Grosso é do Centro-Oeste: população mínima de 6.000.
//!
//! Um critério sem número, ou que só uma pessoa pode decidir (terra indígena, unidade de
//! conservação, terra da União), fica `pendente` com o motivo; nada é presumido.

use rust_decimal::Decimal;
use serde::{Serialize, Serializer};

use divisa_referencia::formato::inteiro;

use crate::erro::ErroFiscal;
use crate::numeros;

/// A frase que o estudo escreve antes dos critérios.
pub const EVM_NAO_E_REQUISITO_LEGAL: &str = "Os critérios abaixo vêm de projetos de lei \
    complementar federal vetados ou em tramitação: a lei complementar federal que o art. 18, \
    § 4º, da Constituição exige para os Estudos de Viabilidade Municipal não existe. Servem de \
    referência para o estudo e não são requisitos legais; a lei aplicável à proposta é a LC \
    23/1992, na avaliação da proposta artigo por artigo.";

/// Um projeto de lei complementar federal sobre criação de municípios.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProjetoLei {
    /// O número no Senado e na Câmara.
    pub identificacao: &'static str,
    /// A situação (veto, tramitação).
    pub situacao: &'static str,
}

impl ProjetoLei {
    /// "PLS 98/2002 = PLP 416/2008 (vetado integralmente, Mensagem nº 505, de 12/11/2013)".
    pub fn fonte(&self) -> String {
        format!("{} ({})", self.identificacao, self.situacao)
    }
}

/// PLS 98/2002 = PLP 416/2008: vetado integralmente (Mensagem nº 505, de 12/11/2013).
pub const PLS_98_2002: ProjetoLei = ProjetoLei {
    identificacao: "PLS 98/2002 = PLP 416/2008",
    situacao: "vetado integralmente, Mensagem nº 505, de 12/11/2013",
};

/// PLS 104/2014 = PLP 397/2014: vetado integralmente (Mensagem nº 250, de 26/08/2014).
pub const PLS_104_2014: ProjetoLei = ProjetoLei {
    identificacao: "PLS 104/2014 = PLP 397/2014",
    situacao: "vetado integralmente, Mensagem nº 250, de 26/08/2014",
};

/// PLS 199/2015 = PLP 137/2015: aprovado no Senado em 15/07/2015, urgência na Câmara em
/// 16/05/2018, não votado.
pub const PLS_199_2015: ProjetoLei = ProjetoLei {
    identificacao: "PLS 199/2015 = PLP 137/2015",
    situacao: "em tramitação na Câmara",
};

/// População mínima no Centro-Oeste, habitantes: 6.000 (PLS 98/2002, PLS 104/2014, PLS
/// 199/2015).
pub const POPULACAO_MINIMA_CENTRO_OESTE: u32 = 6_000;

/// Eleitorado mínimo, em % da população: 50 (PLS 98/2002).
pub const ELEITORADO_MINIMO_PERCENTUAL: u32 = 50;

/// Assinaturas da petição, em % dos eleitores da área: 20 (PLS 199/2015).
pub const PETICAO_PERCENTUAL: u32 = 20;

/// Assinaturas da petição na fusão e na incorporação, em % dos eleitores de cada município: 3
/// (PLS 199/2015).
pub const PETICAO_PERCENTUAL_FUSAO_INCORPORACAO: u32 = 3;

/// O tipo de proposta (a petição pede 3% na fusão e na incorporação, 20% nos demais).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TipoProposta {
    /// Criação por emancipação.
    Criacao,
    /// Fusão de municípios.
    Fusao,
    /// Incorporação de um município por outro.
    Incorporacao,
    /// Desmembramento de parte de um município para outro.
    Desmembramento,
    /// Extinção.
    Extincao,
}

/// Os números da área do novo município (ou do município resultante da fusão).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AreaEvm {
    /// Nome proposto.
    pub nome: String,
    /// População, habitantes.
    pub populacao: Option<u32>,
    /// Eleitores da área.
    pub eleitores: Option<u32>,
    /// Domicílios no núcleo urbano (a sede proposta).
    pub domicilios_nucleo_urbano: Option<u32>,
    /// Assinaturas válidas da petição.
    pub assinaturas: Option<u32>,
}

/// Um município de origem depois da proposta.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemanescenteEvm {
    /// Código IBGE.
    pub codigo_ibge: u32,
    /// Nome.
    pub nome: String,
    /// População depois, habitantes.
    pub populacao: Option<u32>,
}

/// O que o EVM avalia.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntradaEvm {
    /// O tipo de proposta.
    pub tipo: TipoProposta,
    /// A área nova, se a proposta cria um município.
    pub novo: Option<AreaEvm>,
    /// Os municípios que restam.
    pub remanescentes: Vec<RemanescenteEvm>,
}

/// Atende, não atende ou pendente (um número falta, ou só uma pessoa pode decidir).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SituacaoEvm {
    /// Atende ao critério do projeto.
    Atende,
    /// Não atende.
    NaoAtende,
    /// Falta um número ou uma decisão.
    Pendente,
}

impl SituacaoEvm {
    /// "atende", "não atende", "pendente".
    pub fn rotulo(self) -> &'static str {
        match self {
            SituacaoEvm::Atende => "atende",
            SituacaoEvm::NaoAtende => "não atende",
            SituacaoEvm::Pendente => "pendente",
        }
    }
}

/// De quem é o critério: o novo município ou um remanescente (no JSON, `"novo"` ou o código).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MunicipioEvm {
    /// O município novo.
    Novo,
    /// Um município de origem, pelo código IBGE.
    Remanescente(u32),
}

impl Serialize for MunicipioEvm {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            MunicipioEvm::Novo => s.serialize_str("novo"),
            MunicipioEvm::Remanescente(codigo) => s.serialize_u32(*codigo),
        }
    }
}

/// Um critério do EVM (CONTRACT §4, `evm[]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CriterioEvm {
    /// O critério.
    pub criterio: String,
    /// O que o projeto pede.
    pub exigido: String,
    /// O que se apurou.
    pub apurado: String,
    /// Os projetos que o trazem, com a situação.
    pub fonte: String,
    /// De quem é.
    pub municipio: MunicipioEvm,
    /// Atende, não atende ou pendente.
    pub situacao: SituacaoEvm,
    /// A explicação, numa frase.
    pub mensagem: String,
}

/// A média de domicílios dos 10% municípios menos populosos do Estado, pelos dados embutidos.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferenciaDomicilios {
    /// Quantos municípios (10% dos do Estado, para baixo).
    pub quantos: usize,
    /// Os municípios, do menos populoso para o mais (código, nome).
    pub municipios: Vec<(u32, String)>,
    /// A média do **total** de domicílios deles (urbanos e rurais).
    pub media_domicilios_totais: Decimal,
    /// De onde vêm os números.
    pub fonte: &'static str,
}

/// A referência de domicílios dos projetos: os 10% menos populosos dos municípios de Mato
/// Grosso (142 → 14, arredondado para baixo), pela população do Censo 2022, e a média do total
/// de domicílios deles (Censo 2022, V0002). Boa Esperança do Norte, sem Censo, fica de fora.
pub fn referencia_domicilios() -> Result<ReferenciaDomicilios, ErroFiscal> {
    let mt = divisa_referencia::mt()?;
    let quantos = (mt.municipios().len() / 10).max(1);
    let mut com_dados: Vec<(u32, u32, u32, &str)> = mt
        .municipios()
        .iter()
        .filter_map(|m| {
            Some((
                m.populacao_2022?.valor,
                m.codigo_ibge,
                m.domicilios_2022?.valor,
                m.nome.as_str(),
            ))
        })
        .collect();
    com_dados.sort_unstable();
    com_dados.truncate(quantos);
    let total: u64 = com_dados
        .iter()
        .map(|&(_, _, domicilios, _)| u64::from(domicilios))
        .sum();
    let quantos = com_dados.len().max(1);
    Ok(ReferenciaDomicilios {
        quantos: com_dados.len(),
        municipios: com_dados
            .iter()
            .map(|&(_, codigo, _, nome)| (codigo, nome.to_owned()))
            .collect(),
        media_domicilios_totais: Decimal::from(total) / Decimal::from(quantos as u64),
        fonte: "IBGE, Censo 2022: população e total de domicílios, V0002",
    })
}

/// Os critérios do EVM para a proposta, com a referência de domicílios dos dados embutidos.
pub fn avaliar_evm(entrada: &EntradaEvm) -> Result<Vec<CriterioEvm>, ErroFiscal> {
    Ok(avaliar_evm_com(entrada, &referencia_domicilios()?))
}

fn fontes(projetos: &[ProjetoLei]) -> String {
    projetos
        .iter()
        .map(ProjetoLei::fonte)
        .collect::<Vec<_>>()
        .join("; ")
}

fn habitantes(n: u32) -> String {
    divisa_referencia::formato::plural(u64::from(n), "habitante", "habitantes")
}

/// Os critérios do EVM com uma referência de domicílios dada (testável sem os dados embutidos).
pub fn avaliar_evm_com(
    entrada: &EntradaEvm,
    referencia: &ReferenciaDomicilios,
) -> Vec<CriterioEvm> {
    let mut criterios = Vec::new();
    if let Some(novo) = &entrada.novo {
        criterios.push(populacao_minima(
            "população mínima do novo município (Centro-Oeste)",
            novo.populacao,
            MunicipioEvm::Novo,
            &novo.nome,
            &[PLS_98_2002, PLS_104_2014, PLS_199_2015],
        ));
        criterios.push(eleitorado(novo));
        criterios.push(CriterioEvm {
            criterio: "núcleo urbano consolidado".to_owned(),
            exigido: "núcleo urbano já constituído, com a infraestrutura de uma sede".to_owned(),
            apurado: "não medido pelo divisa".to_owned(),
            fonte: fontes(&[PLS_98_2002]),
            municipio: MunicipioEvm::Novo,
            situacao: SituacaoEvm::Pendente,
            mensagem: "só uma pessoa pode dizer se o núcleo urbano está consolidado (vistoria, \
                       fotografias, setores censitários urbanos)"
                .to_owned(),
        });
        criterios.push(domicilios(novo, referencia));
        criterios.push(CriterioEvm {
            criterio: "arrecadação própria".to_owned(),
            exigido: "receita acima da média de 10% dos municípios do Estado".to_owned(),
            apurado: "sem dados de receita dos municípios".to_owned(),
            fonte: fontes(&[PLS_98_2002]),
            municipio: MunicipioEvm::Novo,
            situacao: SituacaoEvm::Pendente,
            mensagem: "o divisa não traz a receita dos municípios (as contas anuais que cada município declara ao Tesouro Nacional, no FINBRA/SICONFI): a estimativa \
                       de receita da área e a média de referência têm de vir da Secretaria de \
                       Fazenda"
                .to_owned(),
        });
        criterios.push(CriterioEvm {
            criterio: "terras indígenas, unidades de conservação e terras da União".to_owned(),
            exigido: "a área não pode estar em terra indígena, unidade de conservação ou terra \
                      da União"
                .to_owned(),
            apurado: "não conferido pelo divisa".to_owned(),
            fonte: fontes(&[PLS_98_2002, PLS_199_2015]),
            municipio: MunicipioEvm::Novo,
            situacao: SituacaoEvm::Pendente,
            mensagem: "uma pessoa precisa conferir o território com os cadastros da FUNAI, do \
                       ICMBio, da SEMA-MT e da SPU"
                .to_owned(),
        });
        criterios.push(peticao(entrada.tipo, novo));
    }
    for remanescente in &entrada.remanescentes {
        criterios.push(populacao_minima(
            "população mínima do município remanescente (Centro-Oeste)",
            remanescente.populacao,
            MunicipioEvm::Remanescente(remanescente.codigo_ibge),
            &remanescente.nome,
            &[PLS_104_2014, PLS_199_2015],
        ));
    }
    criterios
}

fn populacao_minima(
    criterio: &str,
    populacao: Option<u32>,
    municipio: MunicipioEvm,
    nome: &str,
    projetos: &[ProjetoLei],
) -> CriterioEvm {
    let exigido = format!("{} ou mais", habitantes(POPULACAO_MINIMA_CENTRO_OESTE));
    let (apurado, situacao, mensagem) = match populacao {
        None => (
            "não informada".to_owned(),
            SituacaoEvm::Pendente,
            format!("falta a população de {nome} depois da proposta"),
        ),
        Some(p) if p >= POPULACAO_MINIMA_CENTRO_OESTE => (
            habitantes(p),
            SituacaoEvm::Atende,
            format!(
                "{nome} tem {}, não menos que o mínimo de {} dos projetos para o Centro-Oeste",
                habitantes(p),
                inteiro(POPULACAO_MINIMA_CENTRO_OESTE)
            ),
        ),
        Some(p) => (
            habitantes(p),
            SituacaoEvm::NaoAtende,
            format!(
                "{nome} tem {}, {} a menos que o mínimo de {} dos projetos para o Centro-Oeste",
                habitantes(p),
                inteiro(POPULACAO_MINIMA_CENTRO_OESTE - p),
                inteiro(POPULACAO_MINIMA_CENTRO_OESTE)
            ),
        ),
    };
    CriterioEvm {
        criterio: criterio.to_owned(),
        exigido,
        apurado,
        fonte: fontes(projetos),
        municipio,
        situacao,
        mensagem,
    }
}

fn eleitorado(novo: &AreaEvm) -> CriterioEvm {
    let exigido =
        format!("eleitores em número não inferior a {ELEITORADO_MINIMO_PERCENTUAL}% da população");
    let (apurado, situacao, mensagem) = match (novo.eleitores, novo.populacao) {
        (Some(eleitores), Some(populacao)) if populacao > 0 => {
            let percentual =
                Decimal::from(eleitores) * Decimal::ONE_HUNDRED / Decimal::from(populacao);
            let apurado = format!(
                "{} eleitores para {} ({})",
                inteiro(eleitores),
                habitantes(populacao),
                numeros::porcentagem(percentual, 1)
            );
            // eleitores ≥ 50% × população, em inteiros.
            if u64::from(eleitores) * 100
                >= u64::from(ELEITORADO_MINIMO_PERCENTUAL) * u64::from(populacao)
            {
                (
                    apurado,
                    SituacaoEvm::Atende,
                    "o eleitorado chega à metade da população".to_owned(),
                )
            } else {
                (
                    apurado,
                    SituacaoEvm::NaoAtende,
                    "o eleitorado não chega à metade da população".to_owned(),
                )
            }
        }
        (None, _) => (
            "eleitores não informados".to_owned(),
            SituacaoEvm::Pendente,
            "falta o número de eleitores da área (certidão da Justiça Eleitoral)".to_owned(),
        ),
        _ => (
            "população não informada".to_owned(),
            SituacaoEvm::Pendente,
            "falta a população da área".to_owned(),
        ),
    };
    CriterioEvm {
        criterio: "eleitorado".to_owned(),
        exigido,
        apurado,
        fonte: fontes(&[PLS_98_2002]),
        municipio: MunicipioEvm::Novo,
        situacao,
        mensagem,
    }
}

// Os projetos comparam os domicílios do núcleo urbano da proposta com a média dos domicílios do
// núcleo urbano dos 10% menos populosos do Estado. O divisa só traz o TOTAL de domicílios de
// cada município (Censo 2022), e o núcleo urbano de um município nunca tem mais domicílios que
// o município inteiro: a média dos totais é um teto da média pedida. Então, acima da média dos
// totais, a proposta certamente atende; abaixo dela, não se sabe (os números de núcleo urbano
// desses municípios não vêm embutidos) e o critério fica pendente, nunca "não atende".
fn domicilios(novo: &AreaEvm, referencia: &ReferenciaDomicilios) -> CriterioEvm {
    let media = numeros::decimal(referencia.media_domicilios_totais, 2);
    let quantos = referencia.quantos;
    let (apurado, situacao, mensagem) = match novo.domicilios_nucleo_urbano {
        None => (
            "não informado".to_owned(),
            SituacaoEvm::Pendente,
            "falta o número de domicílios no núcleo urbano da sede proposta".to_owned(),
        ),
        Some(casas) if Decimal::from(casas) > referencia.media_domicilios_totais => (
            format!("{} domicílios no núcleo urbano", inteiro(casas)),
            SituacaoEvm::Atende,
            format!(
                "mais que a média do total de domicílios (urbanos e rurais) dos {quantos} \
                 municípios menos populosos do Estado ({media}; {}): como o núcleo urbano de \
                 cada um deles não passa do total, a média dos núcleos urbanos é menor ainda, e \
                 a proposta a supera",
                referencia.fonte
            ),
        ),
        Some(casas) => (
            format!("{} domicílios no núcleo urbano", inteiro(casas)),
            SituacaoEvm::Pendente,
            format!(
                "não passa da média do total de domicílios dos {quantos} municípios menos \
                 populosos ({media}; {}), que é só um teto da média pedida (a dos domicílios no \
                 núcleo urbano); os números de núcleo urbano desses municípios não vêm com o \
                 divisa: confira com os setores censitários urbanos do Censo 2022",
                referencia.fonte
            ),
        ),
    };
    CriterioEvm {
        criterio: "domicílios no núcleo urbano".to_owned(),
        exigido: format!(
            "acima da média dos domicílios no núcleo urbano dos {quantos} municípios menos \
             populosos do Estado (10%)"
        ),
        apurado,
        fonte: fontes(&[PLS_104_2014, PLS_199_2015]),
        municipio: MunicipioEvm::Novo,
        situacao,
        mensagem,
    }
}

fn peticao(tipo: TipoProposta, novo: &AreaEvm) -> CriterioEvm {
    let fusao = matches!(tipo, TipoProposta::Fusao | TipoProposta::Incorporacao);
    let percentual = if fusao {
        PETICAO_PERCENTUAL_FUSAO_INCORPORACAO
    } else {
        PETICAO_PERCENTUAL
    };
    let exigido = if fusao {
        format!("assinaturas de {percentual}% dos eleitores de cada município envolvido")
    } else {
        format!("assinaturas de {percentual}% dos eleitores da área")
    };
    let (apurado, situacao, mensagem) = match (novo.assinaturas, novo.eleitores) {
        (None, _) => (
            "assinaturas não informadas".to_owned(),
            SituacaoEvm::Pendente,
            "falta o número de assinaturas válidas da petição".to_owned(),
        ),
        (Some(_), None) | (Some(_), Some(0)) => (
            "eleitores da área não informados".to_owned(),
            SituacaoEvm::Pendente,
            "falta o número de eleitores da área para comparar com as assinaturas".to_owned(),
        ),
        (Some(assinaturas), Some(eleitores)) => {
            let fracao =
                Decimal::from(assinaturas) * Decimal::ONE_HUNDRED / Decimal::from(eleitores);
            let apurado = format!(
                "{} assinaturas de {} eleitores ({})",
                inteiro(assinaturas),
                inteiro(eleitores),
                numeros::porcentagem(fracao, 1)
            );
            let atende =
                u64::from(assinaturas) * 100 >= u64::from(percentual) * u64::from(eleitores);
            let mut mensagem = if atende {
                format!("as assinaturas chegam a {percentual}% dos eleitores")
            } else {
                format!("as assinaturas não chegam a {percentual}% dos eleitores")
            };
            if fusao {
                mensagem.push_str(
                    "; o projeto pede o percentual em cada município envolvido, e aqui se \
                     conferiram os números dados, da área inteira",
                );
            }
            let situacao = if atende {
                SituacaoEvm::Atende
            } else {
                SituacaoEvm::NaoAtende
            };
            (apurado, situacao, mensagem)
        }
    };
    CriterioEvm {
        criterio: "petição dos eleitores".to_owned(),
        exigido,
        apurado,
        fonte: fontes(&[PLS_199_2015]),
        municipio: MunicipioEvm::Novo,
        situacao,
        mensagem,
    }
}

#[cfg(test)]
mod testes {
    use std::str::FromStr;

    use super::*;

    /// A referência dos dados embutidos: 14 municípios, média de 17.365 ÷ 14 = 1.240,357…
    /// domicílios (Censo 2022).
    fn referencia() -> ReferenciaDomicilios {
        ReferenciaDomicilios {
            quantos: 14,
            municipios: Vec::new(),
            media_domicilios_totais: Decimal::from(17_365) / Decimal::from(14),
            fonte: "IBGE, Censo 2022",
        }
    }

    fn area(populacao: Option<u32>) -> AreaEvm {
        AreaEvm {
            nome: "Vale do Juruena".to_owned(),
            populacao,
            ..AreaEvm::default()
        }
    }

    fn criacao(novo: AreaEvm) -> EntradaEvm {
        EntradaEvm {
            tipo: TipoProposta::Criacao,
            novo: Some(novo),
            remanescentes: Vec::new(),
        }
    }

    fn criterio<'a>(criterios: &'a [CriterioEvm], nome: &str) -> &'a CriterioEvm {
        criterios
            .iter()
            .find(|c| c.criterio.starts_with(nome))
            .expect("critério")
    }

    #[test]
    fn evm_boa_esperanca_do_norte_5877_habitantes_nao_atende_aos_6000_dos_projetos() {
        // README fiscal §4: BEN, 5.877 habitantes (IBGE 2025), fica abaixo do mínimo.
        let criterios = avaliar_evm_com(&criacao(area(Some(5_877))), &referencia());
        let populacao = criterio(&criterios, "população mínima do novo");
        assert_eq!(populacao.situacao, SituacaoEvm::NaoAtende);
        assert_eq!(populacao.apurado, "5.877 habitantes");
        assert_eq!(populacao.exigido, "6.000 habitantes ou mais");
        assert!(
            populacao.mensagem.contains("123 a menos"),
            "{}",
            populacao.mensagem
        );
        assert_eq!(populacao.municipio, MunicipioEvm::Novo);
    }

    #[test]
    fn evm_6000_habitantes_atende_e_5999_nao() {
        // "população não inferior a 6.000": o limite é ≥.
        let seis_mil = avaliar_evm_com(&criacao(area(Some(6_000))), &referencia());
        assert_eq!(
            criterio(&seis_mil, "população mínima do novo").situacao,
            SituacaoEvm::Atende
        );
        let um_a_menos = avaliar_evm_com(&criacao(area(Some(5_999))), &referencia());
        assert_eq!(
            criterio(&um_a_menos, "população mínima do novo").situacao,
            SituacaoEvm::NaoAtende
        );
    }

    #[test]
    fn evm_remanescente_abaixo_de_6000_nao_atende_para_a_origem() {
        // PLS 104/2014 e PLS 199/2015: o mínimo vale também para o município que resta.
        let entrada = EntradaEvm {
            tipo: TipoProposta::Criacao,
            novo: Some(area(Some(7_000))),
            remanescentes: vec![
                RemanescenteEvm {
                    codigo_ibge: 5106240,
                    nome: "Nova Ubiratã".to_owned(),
                    populacao: Some(2_760),
                },
                RemanescenteEvm {
                    codigo_ibge: 5107925,
                    nome: "Sorriso".to_owned(),
                    populacao: Some(6_000),
                },
            ],
        };
        let criterios = avaliar_evm_com(&entrada, &referencia());
        let remanescentes: Vec<&CriterioEvm> = criterios
            .iter()
            .filter(|c| matches!(c.municipio, MunicipioEvm::Remanescente(_)))
            .collect();
        assert_eq!(remanescentes.len(), 2);
        assert_eq!(
            remanescentes[0].municipio,
            MunicipioEvm::Remanescente(5106240)
        );
        assert_eq!(remanescentes[0].situacao, SituacaoEvm::NaoAtende);
        assert_eq!(remanescentes[1].situacao, SituacaoEvm::Atende);
        assert!(remanescentes[0]
            .fonte
            .starts_with("PLS 104/2014 = PLP 397/2014"));
        assert!(
            !remanescentes[0].fonte.contains("PLS 98/2002"),
            "o 98/2002 não pede"
        );
    }

    #[test]
    fn evm_eleitorado_de_metade_da_populacao_atende_no_limite() {
        let com = |eleitores| {
            let mut novo = area(Some(6_000));
            novo.eleitores = Some(eleitores);
            criterio(
                &avaliar_evm_com(&criacao(novo), &referencia()),
                "eleitorado",
            )
            .clone()
        };
        assert_eq!(com(3_000).situacao, SituacaoEvm::Atende);
        assert_eq!(
            com(3_000).apurado,
            "3.000 eleitores para 6.000 habitantes (50,0%)"
        );
        assert_eq!(com(2_999).situacao, SituacaoEvm::NaoAtende);
        assert!(com(2_999)
            .fonte
            .starts_with("PLS 98/2002 = PLP 416/2008 (vetado integralmente"));
    }

    #[test]
    fn evm_peticao_de_20_por_cento_e_de_3_na_fusao() {
        let peticao = |tipo, assinaturas| {
            let mut novo = area(Some(6_000));
            novo.eleitores = Some(1_000);
            novo.assinaturas = Some(assinaturas);
            let entrada = EntradaEvm {
                tipo,
                novo: Some(novo),
                remanescentes: Vec::new(),
            };
            criterio(&avaliar_evm_com(&entrada, &referencia()), "petição").clone()
        };
        assert_eq!(
            peticao(TipoProposta::Criacao, 200).situacao,
            SituacaoEvm::Atende
        );
        assert_eq!(
            peticao(TipoProposta::Criacao, 199).situacao,
            SituacaoEvm::NaoAtende
        );
        assert_eq!(
            peticao(TipoProposta::Fusao, 30).situacao,
            SituacaoEvm::Atende
        );
        assert_eq!(
            peticao(TipoProposta::Incorporacao, 29).situacao,
            SituacaoEvm::NaoAtende
        );
        assert_eq!(
            peticao(TipoProposta::Criacao, 200).fonte,
            "PLS 199/2015 = PLP 137/2015 (em tramitação na Câmara)"
        );
    }

    #[test]
    fn evm_domicilios_acima_da_media_dos_totais_atende_e_abaixo_fica_pendente_nunca_nao_atende() {
        let com = |casas| {
            let mut novo = area(Some(6_000));
            novo.domicilios_nucleo_urbano = Some(casas);
            criterio(
                &avaliar_evm_com(&criacao(novo), &referencia()),
                "domicílios",
            )
            .clone()
        };
        // Média dos totais 1.240,357…: 1.241 passa (e passa também a dos núcleos urbanos, menor).
        let acima = com(1_241);
        assert_eq!(acima.situacao, SituacaoEvm::Atende);
        assert!(acima.mensagem.contains("1.240,36"), "{}", acima.mensagem);
        let abaixo = com(1_240);
        assert_eq!(abaixo.situacao, SituacaoEvm::Pendente);
        assert!(abaixo.mensagem.contains("núcleo urbano desses municípios"));
        assert_eq!(com(10).situacao, SituacaoEvm::Pendente);
    }

    #[test]
    fn evm_sem_numeros_fica_pendente_com_o_motivo() {
        let criterios = avaliar_evm_com(&criacao(area(None)), &referencia());
        for c in &criterios {
            assert_eq!(c.situacao, SituacaoEvm::Pendente, "{}", c.criterio);
            assert!(!c.mensagem.is_empty());
        }
        assert_eq!(
            criterio(&criterios, "população mínima").apurado,
            "não informada"
        );
    }

    #[test]
    fn evm_receita_terras_e_nucleo_consolidado_sempre_pendentes() {
        let mut novo = area(Some(50_000));
        novo.eleitores = Some(40_000);
        novo.domicilios_nucleo_urbano = Some(10_000);
        novo.assinaturas = Some(40_000);
        let criterios = avaliar_evm_com(&criacao(novo), &referencia());
        for nome in [
            "arrecadação própria",
            "terras indígenas",
            "núcleo urbano consolidado",
        ] {
            assert_eq!(
                criterio(&criterios, nome).situacao,
                SituacaoEvm::Pendente,
                "{nome}"
            );
        }
    }

    #[test]
    fn evm_cada_criterio_cita_o_projeto_e_a_situacao_dele() {
        let criterios = avaliar_evm_com(&criacao(area(Some(6_000))), &referencia());
        assert_eq!(criterios.len(), 7);
        for c in &criterios {
            assert!(
                c.fonte.contains("vetado integralmente") || c.fonte.contains("em tramitação"),
                "{}: {}",
                c.criterio,
                c.fonte
            );
        }
        assert!(EVM_NAO_E_REQUISITO_LEGAL.contains("não são requisitos legais"));
        assert_eq!(
            PLS_98_2002.fonte(),
            "PLS 98/2002 = PLP 416/2008 (vetado integralmente, Mensagem nº 505, de 12/11/2013)"
        );
        assert_eq!(
            PLS_104_2014.fonte(),
            "PLS 104/2014 = PLP 397/2014 (vetado integralmente, Mensagem nº 250, de 26/08/2014)"
        );
    }

    #[test]
    fn evm_referencia_sao_os_14_menos_populosos_do_censo_2022() {
        let referencia = referencia_domicilios().expect("dados embutidos");
        assert_eq!(referencia.quantos, 14);
        assert_eq!(referencia.municipios[0].1, "Araguainha");
        assert_eq!(
            referencia.media_domicilios_totais,
            Decimal::from(17_365) / Decimal::from(14)
        );
        assert_eq!(
            numeros::decimal(referencia.media_domicilios_totais, 2),
            numeros::decimal(Decimal::from_str("1240.36").expect("d"), 2)
        );
    }

    #[test]
    fn evm_municipio_no_json_e_novo_ou_o_codigo() {
        let json = |m: MunicipioEvm| serde_json::to_string(&m).expect("json");
        assert_eq!(json(MunicipioEvm::Novo), "\"novo\"");
        assert_eq!(json(MunicipioEvm::Remanescente(5106240)), "5106240");
    }
}
