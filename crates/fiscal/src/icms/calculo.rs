//! Art. 7º, V da LC 23/1992: o percentual do índice de cada município de origem que passa ao
//! município recém-criado.
//!
//! > Art. 7º A lei de criação de município mencionará: […] V - o percentual incidente sobre os
//! > índices de participação no FPM-ICMS-25, dos municípios de origem, a que terá direito o
//! > município recém-criado.
//! > Parágrafo único. Para os fins do inciso V, a Comissão […] utilizará as informações do Órgão
//! > Fazendário Estadual.
//!
//! "FPM-ICMS-25" é a cota-parte de 25% do ICMS dos municípios (a SEFAZ-MT ainda a chama de
//! "Fundo de Participação dos Municípios"), não o FPM federal. Dois métodos:
//!
//! - **Pesos da lei** ([`MetodoIcms::PesosDaLei`], o padrão): para cada origem, a parte que a área
//!   nova leva de cada critério da cota-parte, ponderada pelos pesos do ano de repasse.
//! - **Média de pares** ([`MetodoIcms::MediaDePares`]): o precedente da LC nº 808/2024 (Boa
//!   Esperança do Norte), em que o índice do novo é a média de municípios comparáveis.
//!
//! A aritmética é a mesma nos dois, e é a que a lei de criação pode escrever: percentual com 4
//! casas; índice cedido = percentual × índice da origem ÷ 100, com 6 casas; a origem fica com o
//! índice menos o cedido; o novo, com a soma dos cedidos. Os demais municípios não mudam, e a
//! soma dos índices antes e depois é exatamente a mesma. Arredondamento: meio para longe do zero
//! ("5 sobe"), o de quem faz a conta à mão.

use std::collections::BTreeSet;

use rust_decimal::Decimal;
use serde::Serialize;

use crate::erro::ErroFiscal;
use crate::icms::entrada::{DestinoIcms, EntradaIcms, MetodoIcms, OrigemIcms, Parte};
use crate::icms::indices::TabelaIpm;
use crate::icms::pesos::{pesos_icms, CriterioIcms, PesosEscolhidos};
use crate::numeros::{self, arredondar, json};

/// Casas decimais do percentual do Art. 7º, V.
pub const CASAS_PERCENTUAL: u32 = 4;

/// Casas decimais de um índice de participação (as das portarias da SEFAZ-MT).
pub const CASAS_INDICE: u32 = 6;

/// Os municípios de comparação da LC nº 808/2024 para Boa Esperança do Norte: Nova Maringá,
/// Santa Carmem e São José do Xingu.
pub const PARES_LC_808_2024: [u32; 3] = [5108907, 5107248, 5107354];

/// O método pesos da lei, numa frase.
pub const DESCRICAO_PESOS_DA_LEI: &str = "pesos da lei: para cada município de origem, a parte \
    que a área nova leva de cada critério da cota-parte (valor adicionado, população, área e os \
    demais), ponderada pelos pesos do ano de repasse, dá o percentual do índice da origem que \
    passa ao novo município";

/// O método média de pares, numa frase.
pub const DESCRICAO_MEDIA_DE_PARES: &str = "média de pares (precedente da LC nº 808/2024, Boa \
    Esperança do Norte): o índice do novo município é a média dos índices de municípios \
    comparáveis, cedida pelas origens na proporção da população que cada uma lhe dá";

/// O método aplicado, como o JSON o diz.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MetodoAplicado {
    /// Pesos da lei.
    PesosDaLei,
    /// Média de pares.
    MediaDePares,
}

/// Quanto um critério pesou no percentual de uma origem.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContribuicaoCriterio {
    /// O critério.
    pub criterio: CriterioIcms,
    /// O nome do critério.
    pub rotulo: &'static str,
    /// O peso, em % da cota-parte.
    pub peso: u32,
    /// A parte da origem que a área nova leva, de 0 a 1.
    #[serde(serialize_with = "json::seis_casas")]
    pub parte: Decimal,
    /// peso × parte, em pontos do percentual.
    #[serde(serialize_with = "json::quatro_casas")]
    pub pontos: Decimal,
    /// A grandeza medida ("valor adicionado", "população", "área territorial").
    pub medido_por: &'static str,
    /// Se a parte é uma aproximação (o critério sem dado próprio da área).
    pub aproximado: bool,
    /// De onde vem a parte.
    pub fonte: String,
}

/// O percentual de uma origem (CONTRACT §4, `icms.percentuais[]`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PercentualOrigem {
    /// Código IBGE da origem.
    pub codigo_ibge: u32,
    /// Nome da origem.
    pub nome: String,
    /// O percentual do índice da origem que passa ao destino, 4 casas.
    #[serde(serialize_with = "json::quatro_casas")]
    pub percentual: Decimal,
    /// O índice da origem antes, em %.
    #[serde(serialize_with = "json::seis_casas")]
    pub indice_antes: Decimal,
    /// O índice cedido, em pontos de %, 6 casas.
    #[serde(serialize_with = "json::seis_casas")]
    pub indice_cedido: Decimal,
    /// O índice da origem depois.
    #[serde(serialize_with = "json::seis_casas")]
    pub indice_depois: Decimal,
    /// Se esta origem absorve o arredondamento (média de pares: a última).
    pub absorve_arredondamento: bool,
    /// A conta do percentual, critério a critério (pesos da lei).
    pub criterios: Vec<ContribuicaoCriterio>,
}

/// Um município na tabela depois (CONTRACT §4, `icms.municipios[]`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IndiceMunicipio {
    /// Código IBGE; `None` (null) para o novo.
    pub codigo_ibge: Option<u32>,
    /// Nome.
    pub nome: String,
    /// Se é o município novo.
    pub novo: bool,
    /// Se a proposta muda o seu índice.
    pub alterado: bool,
    /// Índice antes, em %.
    #[serde(serialize_with = "json::seis_casas")]
    pub indice_antes: Decimal,
    /// Índice depois, em %.
    #[serde(serialize_with = "json::seis_casas")]
    pub indice_depois: Decimal,
}

/// Um município de comparação (média de pares).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParIcms {
    /// Código IBGE.
    pub codigo_ibge: u32,
    /// Nome.
    pub nome: String,
    /// O índice, em %.
    #[serde(serialize_with = "json::seis_casas")]
    pub indice: Decimal,
}

/// Os pesos usados (pesos da lei).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PesosUsados {
    /// O ano da linha de pesos.
    pub ano: i16,
    /// O ano de repasse pedido.
    pub ano_pedido: i16,
    /// De onde vêm, com a ressalva da escolha do ano.
    pub rotulo: String,
    /// Se a fonte é secundária.
    pub estimativa: bool,
}

impl From<&PesosEscolhidos> for PesosUsados {
    fn from(escolha: &PesosEscolhidos) -> Self {
        PesosUsados {
            ano: escolha.tabela.ano,
            ano_pedido: escolha.ano_pedido,
            rotulo: escolha.rotulo.clone(),
            estimativa: escolha.tabela.estimativa,
        }
    }
}

/// O resultado do ICMS (CONTRACT §4, `icms`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResultadoIcms {
    /// A portaria de que vêm os índices.
    pub fonte_indices: String,
    /// O arquivo dos índices.
    pub arquivo_indices: String,
    /// O método.
    pub metodo: MetodoAplicado,
    /// O método, numa frase.
    pub descricao_metodo: &'static str,
    /// Os pesos (pesos da lei).
    pub pesos: Option<PesosUsados>,
    /// Quem recebe.
    pub destino: String,
    /// O código do destino, se já existe.
    pub destino_codigo_ibge: Option<u32>,
    /// O índice do destino depois, em %.
    #[serde(serialize_with = "json::seis_casas")]
    pub indice_destino: Decimal,
    /// O percentual de cada origem, na ordem da proposta.
    pub percentuais: Vec<PercentualOrigem>,
    /// Os municípios de comparação (média de pares).
    pub pares: Vec<ParIcms>,
    /// A média dos pares, 6 casas (média de pares).
    #[serde(serialize_with = "json::seis_casas_opcional")]
    pub media_pares: Option<Decimal>,
    /// Soma dos índices antes, em %.
    #[serde(serialize_with = "json::seis_casas")]
    pub total_antes: Decimal,
    /// Soma dos índices depois (a mesma), em %.
    #[serde(serialize_with = "json::seis_casas")]
    pub total_depois: Decimal,
    /// Se algum número é estimado ou aproximado.
    pub estimativa: bool,
    /// Por quê.
    pub motivos_estimativa: Vec<String>,
    /// Notas para quem lê.
    pub notas: Vec<String>,
    /// Todos os municípios da tabela, por código, e o novo no fim.
    pub municipios: Vec<IndiceMunicipio>,
}

/// Confere a entrada antes do cálculo: há origens, todas na tabela e sem repetir, o destino não
/// é uma delas e tem índice, e as partes de cada origem fazem sentido. Devolve o nome do destino
/// e o seu código (nenhum, se é o município novo).
fn conferir_entrada(
    tabela: &TabelaIpm,
    entrada: &EntradaIcms,
    nome_de: &dyn Fn(u32) -> String,
) -> Result<(String, Option<u32>), ErroFiscal> {
    if entrada.origens.is_empty() {
        return Err(ErroFiscal::SemOrigens);
    }
    let codigos: Vec<u32> = entrada.origens.iter().map(|o| o.codigo_ibge).collect();
    tabela.exigir_origens(&codigos)?;
    let mut vistos = BTreeSet::new();
    for &codigo in &codigos {
        if !vistos.insert(codigo) {
            return Err(ErroFiscal::OrigemRepetida {
                codigo,
                nome: nome_de(codigo),
            });
        }
    }
    let destino = match &entrada.destino {
        DestinoIcms::Novo { nome } => (nome.clone(), None),
        DestinoIcms::Existente { codigo_ibge } => {
            if vistos.contains(codigo_ibge) {
                return Err(ErroFiscal::DestinoEhOrigem {
                    codigo: *codigo_ibge,
                    nome: nome_de(*codigo_ibge),
                });
            }
            if tabela.indice(*codigo_ibge).is_none() {
                return Err(ErroFiscal::SemIndice {
                    arquivo: tabela.arquivo.clone(),
                    codigo: *codigo_ibge,
                    nome: divisa_referencia::mt()?
                        .por_codigo(*codigo_ibge)
                        .map_or_else(|| codigo_ibge.to_string(), |m| m.nome.clone()),
                    papel: "o município que recebe a área",
                });
            }
            (nome_de(*codigo_ibge), Some(*codigo_ibge))
        }
    };
    for origem in &entrada.origens {
        validar_partes(origem, &nome_de(origem.codigo_ibge))?;
    }
    Ok(destino)
}

/// O cálculo do Art. 7º, V sobre a tabela de índices.
pub fn calcular_icms(
    tabela: &TabelaIpm,
    entrada: &EntradaIcms,
) -> Result<ResultadoIcms, ErroFiscal> {
    let nome_de = |codigo: u32| {
        tabela
            .indices
            .get(&codigo)
            .map_or_else(|| codigo.to_string(), |i| i.nome.clone())
    };
    let (destino, destino_codigo) = conferir_entrada(tabela, entrada, &nome_de)?;

    let mut notas = Vec::new();
    let mut motivos_estimativa = Vec::new();
    let (metodo, descricao_metodo, pesos, percentuais, pares, media_pares) = match &entrada.metodo {
        MetodoIcms::PesosDaLei { ano_de_repasse } => {
            let escolha = pesos_icms(*ano_de_repasse);
            let percentuais = pesos_da_lei(tabela, &entrada.origens, &escolha, &nome_de)?;
            notas.push(
                "O percentual de cada origem é a soma de peso × parte da área nova em cada \
                 critério, arredondada a 4 casas; o índice cedido é percentual × índice da \
                 origem ÷ 100, arredondado a 6 casas (meio para cima): os percentuais que a lei \
                 de criação escrever reproduzem o resultado."
                    .to_owned(),
            );
            if escolha.tabela.estimativa {
                motivos_estimativa.push(format!(
                    "os pesos de {} vêm de resumos da imprensa do Decreto nº 1.712/2025",
                    escolha.tabela.ano
                ));
            }
            let aproximados: BTreeSet<&'static str> = percentuais
                .iter()
                .flat_map(|p| &p.criterios)
                .filter(|c| c.aproximado)
                .map(|c| c.rotulo)
                .collect();
            if !aproximados.is_empty() {
                let lista: Vec<&str> = aproximados.into_iter().collect();
                motivos_estimativa.push(format!(
                    "critérios sem dado da área, aproximados pela parte da população (ou da área \
                     territorial): {}",
                    lista.join(", ")
                ));
            }
            (
                MetodoAplicado::PesosDaLei,
                DESCRICAO_PESOS_DA_LEI,
                Some(PesosUsados::from(&escolha)),
                percentuais,
                Vec::new(),
                None,
            )
        }
        MetodoIcms::MediaDePares { pares } => {
            if destino_codigo.is_some() {
                return Err(ErroFiscal::ParesSemMunicipioNovo);
            }
            let (percentuais, pares, media) =
                media_de_pares(tabela, &entrada.origens, pares, &nome_de)?;
            let nomes: Vec<&str> = pares.iter().map(|p| p.nome.as_str()).collect();
            notas.push(format!(
                "Índice do novo município: a média dos índices de {} ({}), arredondada a 6 \
                 casas; as origens o cedem na proporção da população que cada uma dá ao novo \
                 município, e a última origem da lista absorve o arredondamento, para que o \
                 índice do novo seja exatamente a média.",
                nomes.join(", "),
                indice_br(media)
            ));
            if let Some(ultima) = percentuais.last() {
                let refeito = arredondar(
                    ultima.percentual * ultima.indice_antes / Decimal::ONE_HUNDRED,
                    CASAS_INDICE,
                );
                if refeito != ultima.indice_cedido {
                    notas.push(format!(
                        "O percentual de {} ({}) é arredondado e não reproduz o índice cedido \
                         ({}): a lei de criação deve fixar o índice cedido por ela, ou o índice \
                         do novo município.",
                        ultima.nome,
                        numeros::porcentagem(ultima.percentual, CASAS_PERCENTUAL),
                        indice_br(ultima.indice_cedido)
                    ));
                }
            }
            notas.push(
                "Na LC nº 808/2024, os índices de 2025 a 2027 são de transição (o valor \
                 adicionado a 65% do índice inicial e os demais indicadores na média do Estado, \
                 segundo resumo da imprensa), e os dados reais do município contam a partir de \
                 2028."
                    .to_owned(),
            );
            motivos_estimativa.push(
                "a média de pares é um índice de transição, não o que os dados do novo \
                 município dariam"
                    .to_owned(),
            );
            (
                MetodoAplicado::MediaDePares,
                DESCRICAO_MEDIA_DE_PARES,
                None,
                percentuais,
                pares,
                Some(media),
            )
        }
    };

    // A tabela depois: as origens perdem o cedido, o destino ganha a soma.
    let cedido_total: Decimal = percentuais.iter().map(|p| p.indice_cedido).sum();
    let mut municipios: Vec<IndiceMunicipio> = tabela
        .indices
        .values()
        .map(|i| {
            let origem = percentuais.iter().find(|p| p.codigo_ibge == i.codigo_ibge);
            let (indice_depois, alterado) = match origem {
                Some(p) => (p.indice_depois, true),
                None if destino_codigo == Some(i.codigo_ibge) => (i.indice + cedido_total, true),
                None => (i.indice, false),
            };
            IndiceMunicipio {
                codigo_ibge: Some(i.codigo_ibge),
                nome: i.nome.clone(),
                novo: false,
                alterado,
                indice_antes: i.indice,
                indice_depois,
            }
        })
        .collect();
    let indice_destino = match destino_codigo {
        None => {
            municipios.push(IndiceMunicipio {
                codigo_ibge: None,
                nome: destino.clone(),
                novo: true,
                alterado: true,
                indice_antes: Decimal::ZERO,
                indice_depois: cedido_total,
            });
            cedido_total
        }
        Some(codigo) => tabela.indice(codigo).unwrap_or_default() + cedido_total,
    };
    let total_antes = tabela.total;
    let total_depois: Decimal = municipios.iter().map(|m| m.indice_depois).sum();
    notas.push(
        "Os demais municípios não mudam: a cota-parte do ICMS se redistribui entre as origens e o \
         novo município até que a SEFAZ-MT calcule o índice pelos dados próprios dele."
            .to_owned(),
    );

    Ok(ResultadoIcms {
        fonte_indices: tabela.fonte.clone(),
        arquivo_indices: tabela.arquivo.clone(),
        metodo,
        descricao_metodo,
        pesos,
        destino,
        destino_codigo_ibge: destino_codigo,
        indice_destino,
        percentuais,
        pares,
        media_pares,
        total_antes,
        total_depois,
        estimativa: !motivos_estimativa.is_empty(),
        motivos_estimativa,
        notas,
        municipios,
    })
}

/// A fração `da_area / do_municipio`, conferida: de 0 a 1.
fn fracao(
    parte: &Parte,
    codigo: u32,
    nome: &str,
    criterio: &'static str,
) -> Result<Decimal, ErroFiscal> {
    let negativo = |valor: Decimal| valor.is_sign_negative() && !valor.is_zero();
    if negativo(parte.da_area) || negativo(parte.do_municipio) {
        return Err(ErroFiscal::ParteNegativa {
            codigo,
            nome: nome.to_owned(),
            criterio,
        });
    }
    if parte.do_municipio.is_zero() || parte.da_area > parte.do_municipio {
        return Err(ErroFiscal::ParteImpossivel {
            codigo,
            nome: nome.to_owned(),
            criterio,
            da_area: parte.da_area,
            do_municipio: parte.do_municipio,
        });
    }
    parte
        .da_area
        .checked_div(parte.do_municipio)
        .ok_or(ErroFiscal::ForaDoAlcance {
            contexto: "parte da área nova",
        })
}

fn validar_partes(origem: &OrigemIcms, nome: &str) -> Result<(), ErroFiscal> {
    let codigo = origem.codigo_ibge;
    fracao(&origem.populacao, codigo, nome, "população")?;
    if let Some(parte) = &origem.valor_adicionado {
        fracao(parte, codigo, nome, "valor adicionado")?;
    }
    if let Some(parte) = &origem.area_territorial {
        fracao(parte, codigo, nome, "área territorial")?;
    }
    for (criterio, parte) in &origem.outros {
        fracao(parte, codigo, nome, criterio.rotulo())?;
    }
    Ok(())
}

/// A parte de um critério: o dado próprio da área quando há; senão a aproximação, rotulada.
fn parte_do_criterio(origem: &OrigemIcms, criterio: CriterioIcms) -> (&Parte, &'static str, bool) {
    if let Some((_, parte)) = origem.outros.iter().find(|(c, _)| *c == criterio) {
        return (parte, criterio.rotulo(), false);
    }
    match criterio {
        CriterioIcms::Populacao => (&origem.populacao, "população", false),
        CriterioIcms::ValorAdicionado => match &origem.valor_adicionado {
            Some(parte) => (parte, "valor adicionado", false),
            None => (&origem.populacao, "população", true),
        },
        // O critério mede unidades de conservação e terras indígenas, que podem estar em qualquer
        // parte do município: a área territorial é só a melhor aproximação disponível.
        CriterioIcms::UnidadesConservacaoTerrasIndigenas => match &origem.area_territorial {
            Some(parte) => (parte, "área territorial", true),
            None => (&origem.populacao, "população", true),
        },
        _ => (&origem.populacao, "população", true),
    }
}

fn ceder(percentual: Decimal, indice: Decimal) -> Decimal {
    // 100% é a origem inteira (fusão): passa o índice como está, sem arredondar, para que a
    // origem fique com zero mesmo se a portaria der mais de 6 casas.
    if percentual >= Decimal::ONE_HUNDRED {
        return indice;
    }
    arredondar(percentual * indice / Decimal::ONE_HUNDRED, CASAS_INDICE).min(indice)
}

fn pesos_da_lei(
    tabela: &TabelaIpm,
    origens: &[OrigemIcms],
    escolha: &PesosEscolhidos,
    nome_de: &dyn Fn(u32) -> String,
) -> Result<Vec<PercentualOrigem>, ErroFiscal> {
    let mut percentuais = Vec::with_capacity(origens.len());
    for origem in origens {
        let nome = nome_de(origem.codigo_ibge);
        let mut criterios = Vec::with_capacity(escolha.tabela.pesos.len());
        let mut soma = Decimal::ZERO;
        for &(criterio, peso) in escolha.tabela.pesos {
            let (parte, medido_por, aproximado) = parte_do_criterio(origem, criterio);
            let fracao = fracao(parte, origem.codigo_ibge, &nome, medido_por)?;
            let pontos = Decimal::from(peso) * fracao;
            soma += pontos;
            criterios.push(ContribuicaoCriterio {
                criterio,
                rotulo: criterio.rotulo(),
                peso,
                parte: fracao,
                pontos,
                medido_por,
                aproximado,
                fonte: parte.fonte.clone(),
            });
        }
        let percentual = arredondar(soma, CASAS_PERCENTUAL);
        let indice_antes = tabela.indice(origem.codigo_ibge).unwrap_or_default();
        let indice_cedido = ceder(percentual, indice_antes);
        percentuais.push(PercentualOrigem {
            codigo_ibge: origem.codigo_ibge,
            nome,
            percentual,
            indice_antes,
            indice_cedido,
            indice_depois: indice_antes - indice_cedido,
            absorve_arredondamento: false,
            criterios,
        });
    }
    Ok(percentuais)
}

type Pares = (Vec<PercentualOrigem>, Vec<ParIcms>, Decimal);

fn media_de_pares(
    tabela: &TabelaIpm,
    origens: &[OrigemIcms],
    codigos_pares: &[u32],
    nome_de: &dyn Fn(u32) -> String,
) -> Result<Pares, ErroFiscal> {
    if codigos_pares.is_empty() {
        return Err(ErroFiscal::SemPares);
    }
    let mt = divisa_referencia::mt()?;
    let mut pares = Vec::with_capacity(codigos_pares.len());
    for &codigo in codigos_pares {
        let indice = tabela.indice(codigo).ok_or_else(|| ErroFiscal::SemIndice {
            arquivo: tabela.arquivo.clone(),
            codigo,
            nome: mt
                .por_codigo(codigo)
                .map_or_else(|| codigo.to_string(), |m| m.nome.clone()),
            papel: "município de comparação da média de pares",
        })?;
        pares.push(ParIcms {
            codigo_ibge: codigo,
            nome: nome_de(codigo),
            indice,
        });
    }
    let soma_pares: Decimal = pares.iter().map(|p| p.indice).sum();
    let media = arredondar(soma_pares / Decimal::from(pares.len()), CASAS_INDICE);

    let soma_populacao = origens
        .iter()
        .try_fold(Decimal::ZERO, |soma, o| {
            soma.checked_add(o.populacao.da_area)
        })
        .ok_or(ErroFiscal::ForaDoAlcance {
            contexto: "soma das populações cedidas",
        })?;
    if soma_populacao.is_zero() {
        return Err(ErroFiscal::SemPopulacaoCedida);
    }
    let insuficiente =
        |origem: &OrigemIcms, cedido: Decimal, indice: Decimal| ErroFiscal::IndiceInsuficiente {
            codigo: origem.codigo_ibge,
            nome: nome_de(origem.codigo_ibge),
            cedido,
            indice,
            media,
        };
    let mut percentuais = Vec::with_capacity(origens.len());
    let mut ja_cedido = Decimal::ZERO;
    for (posicao, origem) in origens.iter().enumerate() {
        let indice_antes = tabela.indice(origem.codigo_ibge).unwrap_or_default();
        let ultima = posicao + 1 == origens.len();
        let (percentual, indice_cedido) = if ultima {
            // A última origem cede o que falta para a média, exatamente.
            let cedido = media - ja_cedido;
            if (cedido.is_sign_negative() && !cedido.is_zero()) || cedido > indice_antes {
                return Err(insuficiente(origem, cedido, indice_antes));
            }
            let percentual = if indice_antes.is_zero() {
                Decimal::ZERO
            } else {
                arredondar(
                    cedido * Decimal::ONE_HUNDRED / indice_antes,
                    CASAS_PERCENTUAL,
                )
            };
            (percentual, cedido)
        } else {
            // A fração primeiro (de 0 a 1): o produto nunca sai do alcance de 28 dígitos.
            let alvo = media * (origem.populacao.da_area / soma_populacao);
            if alvo > indice_antes {
                return Err(insuficiente(
                    origem,
                    arredondar(alvo, CASAS_INDICE),
                    indice_antes,
                ));
            }
            let percentual = if indice_antes.is_zero() {
                Decimal::ZERO
            } else {
                arredondar(alvo * Decimal::ONE_HUNDRED / indice_antes, CASAS_PERCENTUAL)
            };
            (percentual, ceder(percentual, indice_antes))
        };
        ja_cedido += indice_cedido;
        percentuais.push(PercentualOrigem {
            codigo_ibge: origem.codigo_ibge,
            nome: nome_de(origem.codigo_ibge),
            percentual,
            indice_antes,
            indice_cedido,
            indice_depois: indice_antes - indice_cedido,
            absorve_arredondamento: ultima,
            criterios: Vec::new(),
        });
    }
    Ok((percentuais, pares, media))
}

/// Um índice em texto, com as 6 casas das portarias: `0,920199`, `0,260220`.
pub(crate) fn indice_br(indice: Decimal) -> String {
    numeros::decimal(indice, CASAS_INDICE)
}

#[cfg(test)]
mod testes {
    use std::str::FromStr;

    use super::*;
    use crate::icms::indices::ler_ipm;

    const NOVA_UBIRATA: u32 = 5106240;
    const SORRISO: u32 = 5107925;
    const ACORIZAL: u32 = 5100102;

    fn d(texto: &str) -> Decimal {
        Decimal::from_str(texto).expect("decimal do teste")
    }

    /// Uma tabela de índices que soma 100: as origens do precedente (LC nº 808/2024, como
    /// entradas), os três pares com índices sintéticos e Acorizal com o resto.
    fn tabela(pares: [&str; 3]) -> TabelaIpm {
        let mut linhas = vec![
            (NOVA_UBIRATA, d("0.920199")),
            (SORRISO, d("3.569080")),
            (PARES_LC_808_2024[0], d(pares[0])),
            (PARES_LC_808_2024[1], d(pares[1])),
            (PARES_LC_808_2024[2], d(pares[2])),
        ];
        let resto = Decimal::ONE_HUNDRED - linhas.iter().map(|l| l.1).sum::<Decimal>();
        linhas.push((ACORIZAL, resto));
        let mut csv = String::from("codigo_ibge,indice,fonte\n");
        for (codigo, indice) in linhas {
            csv.push_str(&format!("{codigo},{indice},Portaria de teste\n"));
        }
        ler_ipm(csv.as_bytes(), "ipm.csv").expect("tabela do teste")
    }

    fn parte(da_area: &str, do_municipio: &str) -> Parte {
        Parte {
            da_area: d(da_area),
            do_municipio: d(do_municipio),
            fonte: "certidão de teste".to_owned(),
        }
    }

    fn origem(codigo_ibge: u32, populacao: Parte) -> OrigemIcms {
        OrigemIcms {
            codigo_ibge,
            populacao,
            valor_adicionado: None,
            area_territorial: None,
            outros: Vec::new(),
        }
    }

    fn novo(origens: Vec<OrigemIcms>, metodo: MetodoIcms) -> EntradaIcms {
        EntradaIcms {
            destino: DestinoIcms::Novo {
                nome: "Vale do Juruena".to_owned(),
            },
            origens,
            metodo,
        }
    }

    fn confere_conservacao(r: &ResultadoIcms) {
        assert_eq!(r.total_antes, r.total_depois, "a soma dos índices não muda");
        let cedido: Decimal = r.percentuais.iter().map(|p| p.indice_cedido).sum();
        for p in &r.percentuais {
            assert_eq!(p.indice_depois, p.indice_antes - p.indice_cedido);
            assert!(p.percentual.scale() <= CASAS_PERCENTUAL);
        }
        let novo = r.municipios.iter().find(|m| m.novo).expect("novo");
        assert_eq!(novo.indice_depois, cedido);
        let inalterados = r.municipios.iter().filter(|m| !m.alterado);
        assert!(inalterados.clone().count() > 0);
        for m in inalterados {
            assert_eq!(m.indice_antes, m.indice_depois, "{} não muda", m.nome);
        }
    }

    #[test]
    fn art7_inc5_pesos_de_2025_percentual_conferido_a_mao() {
        // 2025: VA 65 × 0,5 + receita 1 × 0,3 + população 2 × 0,3 + social 13 × 0,3 + UC/TI
        // 3 × 0,4 + educação 10 × 0,3 + saúde 4 × 0,3 + agricultura 2 × 0,3 = 43,3.
        let mut o = origem(NOVA_UBIRATA, parte("3000", "10000"));
        o.valor_adicionado = Some(parte("50", "100"));
        o.area_territorial = Some(parte("4", "10"));
        let r = calcular_icms(
            &tabela(["0.5", "0.5", "0.5"]),
            &novo(
                vec![o],
                MetodoIcms::PesosDaLei {
                    ano_de_repasse: 2025,
                },
            ),
        )
        .expect("calculado");
        let p = &r.percentuais[0];
        assert_eq!(p.percentual, d("43.3"));
        // 0,433 × 0,920199 = 0,398446167 → 0,398446.
        assert_eq!(p.indice_cedido, d("0.398446"));
        assert_eq!(p.indice_depois, d("0.521753"));
        assert_eq!(r.indice_destino, d("0.398446"));
        confere_conservacao(&r);
    }

    #[test]
    fn art7_inc5_indice_do_novo_e_a_soma_dos_numeros_que_a_lei_escreve() {
        // Os percentuais com 4 casas, aplicados aos índices das origens e arredondados a 6
        // casas, reproduzem o índice do novo: a lei de criação pode escrever só os percentuais.
        let mut a = origem(NOVA_UBIRATA, parte("2761", "9760"));
        a.area_territorial = Some(parte("1234.56", "12706.3"));
        let b = origem(SORRISO, parte("1117", "124665"));
        let r = calcular_icms(
            &tabela(["0.5", "0.5", "0.5"]),
            &novo(
                vec![a, b],
                MetodoIcms::PesosDaLei {
                    ano_de_repasse: 2026,
                },
            ),
        )
        .expect("calculado");
        let refeito: Decimal = r
            .percentuais
            .iter()
            .map(|p| arredondar(p.percentual * p.indice_antes / Decimal::ONE_HUNDRED, 6))
            .sum();
        assert_eq!(r.indice_destino, refeito);
        confere_conservacao(&r);
    }

    #[test]
    fn art7_inc5_cada_criterio_aparece_com_peso_parte_fonte_e_aproximacao() {
        let mut o = origem(NOVA_UBIRATA, parte("3000", "10000"));
        o.valor_adicionado = Some(parte("50", "100"));
        o.area_territorial = Some(parte("4", "10"));
        let r = calcular_icms(
            &tabela(["0.5", "0.5", "0.5"]),
            &novo(
                vec![o],
                MetodoIcms::PesosDaLei {
                    ano_de_repasse: 2025,
                },
            ),
        )
        .expect("calculado");
        let criterios = &r.percentuais[0].criterios;
        assert_eq!(criterios.iter().map(|c| c.peso).sum::<u32>(), 100);
        let de = |criterio| {
            criterios
                .iter()
                .find(|c| c.criterio == criterio)
                .expect("critério")
        };
        let va = de(CriterioIcms::ValorAdicionado);
        assert_eq!(
            (va.medido_por, va.aproximado, va.pontos),
            ("valor adicionado", false, d("32.5"))
        );
        assert!(!de(CriterioIcms::Populacao).aproximado);
        let uc = de(CriterioIcms::UnidadesConservacaoTerrasIndigenas);
        assert_eq!((uc.medido_por, uc.aproximado), ("área territorial", true));
        let social = de(CriterioIcms::CoeficienteSocial);
        assert_eq!((social.medido_por, social.aproximado), ("população", true));
        assert_eq!(social.fonte, "certidão de teste");
        assert!(
            r.estimativa,
            "critérios aproximados fazem do ICMS uma estimativa"
        );
        assert!(r.motivos_estimativa[0].contains("coeficiente social"));
    }

    #[test]
    fn art7_inc5_sem_valor_adicionado_o_criterio_e_aproximado_pela_populacao() {
        let o = origem(NOVA_UBIRATA, parte("3000", "10000"));
        let r = calcular_icms(
            &tabela(["0.5", "0.5", "0.5"]),
            &novo(
                vec![o],
                MetodoIcms::PesosDaLei {
                    ano_de_repasse: 2024,
                },
            ),
        )
        .expect("calculado");
        // Tudo pela população: 100 × 0,3 = 30%.
        assert_eq!(r.percentuais[0].percentual, d("30"));
        let va = &r.percentuais[0].criterios[0];
        assert_eq!(
            (va.criterio, va.medido_por, va.aproximado),
            (CriterioIcms::ValorAdicionado, "população", true)
        );
    }

    #[test]
    fn art7_inc5_fusao_passa_o_indice_inteiro_de_cada_origem() {
        let a = origem(NOVA_UBIRATA, parte("9760", "9760"));
        let b = origem(SORRISO, parte("124665", "124665"));
        let r = calcular_icms(
            &tabela(["0.5", "0.5", "0.5"]),
            &novo(
                vec![a, b],
                MetodoIcms::PesosDaLei {
                    ano_de_repasse: 2025,
                },
            ),
        )
        .expect("calculado");
        assert!(r.percentuais.iter().all(|p| p.percentual == d("100")));
        assert!(r.percentuais.iter().all(|p| p.indice_depois.is_zero()));
        assert_eq!(r.indice_destino, d("0.920199") + d("3.569080"));
        confere_conservacao(&r);
    }

    #[test]
    fn art7_inc5_desmembramento_para_municipio_existente_soma_ao_indice_dele() {
        let entrada = EntradaIcms {
            destino: DestinoIcms::Existente {
                codigo_ibge: SORRISO,
            },
            origens: vec![origem(NOVA_UBIRATA, parte("500", "10000"))],
            metodo: MetodoIcms::PesosDaLei {
                ano_de_repasse: 2025,
            },
        };
        let r = calcular_icms(&tabela(["0.5", "0.5", "0.5"]), &entrada).expect("calculado");
        assert_eq!(r.percentuais[0].percentual, d("5"));
        // 5% de 0,920199 = 0,04600995 → 0,046010 (meio para cima).
        assert_eq!(r.percentuais[0].indice_cedido, d("0.046010"));
        assert_eq!(r.indice_destino, d("3.569080") + d("0.046010"));
        assert!(r.municipios.iter().all(|m| !m.novo));
        assert_eq!(r.total_antes, r.total_depois);
    }

    #[test]
    fn art7_inc5_media_de_pares_lc_808_2024_da_exatamente_a_media() {
        // LC nº 808/2024: BEN 0,531332%, a média de Nova Maringá, Santa Carmem e São José do
        // Xingu. Índices sintéticos dos pares com essa média; Nova Ubiratã 0,920199% e Sorriso
        // 3,569080% só como entradas; a população cedida é ilustrativa.
        let origens = vec![
            origem(NOVA_UBIRATA, parte("3500", "13260")),
            origem(SORRISO, parte("2377", "127042")),
        ];
        let metodo = MetodoIcms::MediaDePares {
            pares: PARES_LC_808_2024.to_vec(),
        };
        let r = calcular_icms(
            &tabela(["0.512345", "0.498765", "0.582886"]),
            &novo(origens, metodo),
        )
        .expect("calculado");
        assert_eq!(r.media_pares, Some(d("0.531332")));
        assert_eq!(r.indice_destino, d("0.531332"));
        confere_conservacao(&r);
        // Quem cede e quanto: Nova Ubiratã pela sua parte da população, Sorriso o resto.
        let (nu, so) = (&r.percentuais[0], &r.percentuais[1]);
        assert_eq!(nu.nome, "Nova Ubiratã");
        assert!(!nu.absorve_arredondamento && so.absorve_arredondamento);
        assert_eq!(nu.indice_cedido + so.indice_cedido, d("0.531332"));
        // 0,531332 × 3.500/5.877 = 0,3164304…; ÷ 0,920199 = 34,38718…% → 34,3872%.
        assert_eq!(nu.percentual, d("34.3872"));
        // 34,3872% × 0,920199 = 0,3164306… → 0,316431; Sorriso cede 0,531332 − 0,316431.
        assert_eq!(nu.indice_cedido, d("0.316431"));
        assert_eq!(so.indice_cedido, d("0.214901"));
        assert_eq!(r.pares.len(), 3);
        assert!(r.notas.iter().any(|n| n.contains("LC nº 808/2024")));
    }

    #[test]
    fn art7_inc5_media_de_pares_que_nao_fecha_em_6_casas_ainda_da_a_media_arredondada() {
        // (0,5 + 0,5 + 0,500001) / 3 = 0,500000333… → 0,500000: a última origem absorve.
        let origens = vec![
            origem(NOVA_UBIRATA, parte("1", "3")),
            origem(SORRISO, parte("1", "3")),
        ];
        let metodo = MetodoIcms::MediaDePares {
            pares: PARES_LC_808_2024.to_vec(),
        };
        let r = calcular_icms(&tabela(["0.5", "0.5", "0.500001"]), &novo(origens, metodo))
            .expect("calculado");
        assert_eq!(r.indice_destino, d("0.500000"));
        confere_conservacao(&r);
    }

    #[test]
    fn art7_inc5_media_de_pares_maior_que_os_indices_das_origens_e_erro() {
        let metodo = MetodoIcms::MediaDePares {
            pares: vec![SORRISO],
        };
        let erro = calcular_icms(
            &tabela(["0.5", "0.5", "0.5"]),
            &novo(vec![origem(NOVA_UBIRATA, parte("1", "2"))], metodo),
        )
        .expect_err("erro");
        assert!(
            matches!(erro, ErroFiscal::IndiceInsuficiente { .. }),
            "{erro}"
        );
    }

    #[test]
    fn art7_inc5_media_de_pares_so_para_municipio_novo() {
        let entrada = EntradaIcms {
            destino: DestinoIcms::Existente {
                codigo_ibge: ACORIZAL,
            },
            origens: vec![origem(NOVA_UBIRATA, parte("1", "2"))],
            metodo: MetodoIcms::MediaDePares {
                pares: PARES_LC_808_2024.to_vec(),
            },
        };
        assert!(matches!(
            calcular_icms(&tabela(["0.5", "0.5", "0.5"]), &entrada),
            Err(ErroFiscal::ParesSemMunicipioNovo)
        ));
    }

    #[test]
    fn art7_inc5_par_sem_indice_na_tabela_diz_o_arquivo() {
        let metodo = MetodoIcms::MediaDePares {
            pares: vec![5100201],
        };
        let erro = calcular_icms(
            &tabela(["0.5", "0.5", "0.5"]),
            &novo(vec![origem(NOVA_UBIRATA, parte("1", "2"))], metodo),
        )
        .expect_err("erro");
        assert_eq!(
            erro.to_string(),
            "ipm.csv: falta o índice de Água Boa (5100201), município de comparação da média de pares"
        );
    }

    #[test]
    fn art7_inc5_origem_sem_indice_na_tabela_diz_o_arquivo() {
        let erro = calcular_icms(
            &tabela(["0.5", "0.5", "0.5"]),
            &novo(
                vec![origem(5100201, parte("1", "2"))],
                MetodoIcms::PesosDaLei {
                    ano_de_repasse: 2025,
                },
            ),
        )
        .expect_err("erro");
        assert!(erro
            .to_string()
            .starts_with("ipm.csv: falta o índice de Água Boa (5100201)"));
    }

    #[test]
    fn art7_inc5_parte_maior_que_o_todo_ou_negativa_e_erro() {
        let calcular = |p: Parte| {
            calcular_icms(
                &tabela(["0.5", "0.5", "0.5"]),
                &novo(
                    vec![origem(NOVA_UBIRATA, p)],
                    MetodoIcms::PesosDaLei {
                        ano_de_repasse: 2025,
                    },
                ),
            )
        };
        let erro = calcular(parte("10001", "10000")).expect_err("erro");
        assert_eq!(
            erro.to_string(),
            "Nova Ubiratã (5106240), população: a parte da área nova (10.001) é maior que o \
             total do município (10.000)"
        );
        assert!(matches!(
            calcular(parte("1", "0")),
            Err(ErroFiscal::ParteImpossivel { .. })
        ));
        assert!(matches!(
            calcular(parte("-1", "10")),
            Err(ErroFiscal::ParteNegativa { .. })
        ));
        assert!(
            calcular(parte("10000", "10000")).is_ok(),
            "a parte igual ao todo é a fusão"
        );
    }

    #[test]
    fn art7_inc5_origem_repetida_ou_destino_que_e_origem_e_erro() {
        let t = tabela(["0.5", "0.5", "0.5"]);
        let repetida = novo(
            vec![
                origem(NOVA_UBIRATA, parte("1", "2")),
                origem(NOVA_UBIRATA, parte("1", "2")),
            ],
            MetodoIcms::PesosDaLei {
                ano_de_repasse: 2025,
            },
        );
        assert!(matches!(
            calcular_icms(&t, &repetida),
            Err(ErroFiscal::OrigemRepetida { .. })
        ));
        let circular = EntradaIcms {
            destino: DestinoIcms::Existente {
                codigo_ibge: NOVA_UBIRATA,
            },
            origens: vec![origem(NOVA_UBIRATA, parte("1", "2"))],
            metodo: MetodoIcms::PesosDaLei {
                ano_de_repasse: 2025,
            },
        };
        assert!(matches!(
            calcular_icms(&t, &circular),
            Err(ErroFiscal::DestinoEhOrigem { .. })
        ));
        let vazia = novo(
            Vec::new(),
            MetodoIcms::PesosDaLei {
                ano_de_repasse: 2025,
            },
        );
        assert!(matches!(
            calcular_icms(&t, &vazia),
            Err(ErroFiscal::SemOrigens)
        ));
    }
}
