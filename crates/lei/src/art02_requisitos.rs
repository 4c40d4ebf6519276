//! Art. 2º — requisitos para a criação de municípios.
//!
//! > Art. 2º São requisitos indispensáveis à criação de municípios, dentre outros:
//! > I população estimada não inferior a 4.000 (quatro mil) habitantes;
//! > II número de eleitores não inferior a 20% (vinte por cento) da população. (LC 31/1994)
//! > III centro urbano já constituído, com número de casas superior a 200 (duzentas);
//! > IV valor adicionado (VA), no último exercício, superior à média dos 10 (dez) municípios,
//! > no Estado, com menor VA no mesmo período; (LC 130/2003)
//! > V arrecadação, no último exercício, superior à média do que arrecadaram os 40 (quarenta)
//! > municípios de menor renda do Estado, no exercício;
//! > VI apresentação de mapa e memorial descritivo de forma a demonstrar a manutenção ou a
//! > caracterização da continuidade territorial do município de origem e do município em via
//! > de criação.
//! > § 1º Não será permitida a criação de municípios desde que esta medida importe para o
//! > município ou municípios de origem na perda dos requisitos exigidos nesta lei complementar.
//! > § 2º Os requisitos dos incisos I, III, e VI serão apurados pelo Órgão de Informação e
//! > Cartografia do Estado; o de nº II, pelo Tribunal Regional Eleitoral-TRE; o de nº IV, pelo
//! > Órgão Fazendário Estadual; e o de nº V, pela Comissão de Revisão Territorial, após
//! > verificação in loco.
//!
//! Os limiares vêm dos `parametros` da redação em vigor; os órgãos, do § 2º (cada achado diz
//! quem certifica o número).

use divisa_referencia::fonte::{self, Fonte};
use divisa_referencia::formato::{data, inteiro, km2, porcentagem, reais_abreviado};
use divisa_referencia::mt::Municipio;

use crate::achado::{orgao, Achado, Situacao};
use crate::fatos::{Area, Certidao, Certidoes, DadosMunicipais, EstimativaSetores};
use crate::regra::{achado, sobre, Contexto, Resultado};

/// Um número com a sua origem, como o relatório a mostra.
#[derive(Debug, Clone)]
pub(crate) struct Numero<T> {
    pub(crate) valor: T,
    pub(crate) origem: String,
    /// Nos autos: o número é o dos peticionários e a certidão do órgão ainda falta. Ele não
    /// decide o inciso; o achado fica pendente, com o resultado como prévia.
    pub(crate) sem_certidao: bool,
    /// A fonte dos dados embutidos de que o número vem, direta ou indiretamente (a estimativa
    /// de uma origem menos o novo município); `None` para o número informado.
    pub(crate) embutido: Option<Fonte>,
}

impl<T> Numero<T> {
    pub(crate) fn new(valor: T, origem: impl Into<String>) -> Self {
        Numero {
            valor,
            origem: origem.into(),
            sem_certidao: false,
            embutido: None,
        }
    }

    /// Um número dos dados embutidos, com a sua fonte.
    fn embutido(valor: T, fonte: Fonte) -> Self {
        Numero {
            embutido: Some(fonte),
            ..Numero::new(valor, fonte.to_string())
        }
    }

    /// O número dos autos: com a certidão, a origem é ela; sem, o informado na representação.
    fn dos_autos(valor: T, certidao: Option<&Certidao>) -> Self {
        match certidao {
            Some(c) => Numero::new(
                valor,
                format!("certidão nº {}, {}, de {}", c.numero, c.orgao, data(c.em)),
            ),
            None => Numero {
                sem_certidao: true,
                ..Numero::new(valor, "informado na representação, sem certidão")
            },
        }
    }
}

/// Os números de um território para os incisos I a V.
#[derive(Debug, Clone, Default)]
pub(crate) struct Numeros {
    pub(crate) populacao: Option<Numero<u64>>,
    pub(crate) eleitores: Option<Numero<u64>>,
    pub(crate) casas: Option<Numero<u64>>,
    pub(crate) valor_adicionado: Option<Numero<f64>>,
    pub(crate) arrecadacao: Option<Numero<f64>>,
}

impl Numeros {
    /// Os números informados pela proposta.
    pub(crate) fn informados(dados: &DadosMunicipais) -> Numeros {
        const ORIGEM: &str = "informado na proposta";
        Numeros {
            populacao: dados.populacao.map(|v| Numero::new(v, ORIGEM)),
            eleitores: dados.eleitores.map(|v| Numero::new(v, ORIGEM)),
            casas: dados.casas_centro_urbano.map(|v| Numero::new(v, ORIGEM)),
            valor_adicionado: dados.valor_adicionado.map(|v| Numero::new(v, ORIGEM)),
            arrecadacao: dados.arrecadacao.map(|v| Numero::new(v, ORIGEM)),
        }
    }

    /// Os números do novo município: numa proposta avulsa, os que ela declara; nos autos, cada
    /// um com a sua certidão ou marcado como ainda sem ela.
    pub(crate) fn do_novo(dados: &DadosMunicipais, certidoes: Option<&Certidoes>) -> Numeros {
        let Some(c) = certidoes else {
            return Numeros::informados(dados);
        };
        Numeros {
            populacao: dados
                .populacao
                .map(|v| Numero::dos_autos(v, c.populacao.as_ref())),
            eleitores: dados
                .eleitores
                .map(|v| Numero::dos_autos(v, c.eleitores.as_ref())),
            casas: dados
                .casas_centro_urbano
                .map(|v| Numero::dos_autos(v, c.casas_centro_urbano.as_ref())),
            valor_adicionado: dados
                .valor_adicionado
                .map(|v| Numero::dos_autos(v, c.valor_adicionado.as_ref())),
            arrecadacao: dados
                .arrecadacao
                .map(|v| Numero::dos_autos(v, c.arrecadacao.as_ref())),
        }
    }

    /// Os números embutidos de um município de MT, para a varredura e a extinção.
    pub(crate) fn de_municipio(municipio: &Municipio) -> Numeros {
        Numeros {
            populacao: municipio
                .populacao_estimada_2025
                .map(|d| Numero::embutido(u64::from(d.valor), d.fonte)),
            eleitores: municipio
                .eleitores_2024
                .map(|d| Numero::embutido(u64::from(d.valor), d.fonte)),
            casas: None,
            valor_adicionado: municipio
                .valor_adicionado_2019
                .map(|d| Numero::embutido(d.valor, d.fonte)),
            arrecadacao: None,
        }
    }
}

fn apurado_u64(numero: &Numero<u64>, unidade: &str) -> String {
    format!(
        "{} {unidade} ({})",
        inteiro(numero.valor as i64),
        numero.origem
    )
}

fn centavos(reais: f64) -> i64 {
    (reais * 100.0).round() as i64
}

/// I — população estimada não inferior a 4.000 habitantes ("não inferior": 4.000 atende).
pub(crate) fn inc1_populacao(ctx: &Contexto<'_>, populacao: Option<&Numero<u64>>) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art2_cpt_inc1")?;
        let minima = regra.parametro("populacao_minima")?;
        let exigido = format!(
            "população estimada não inferior a {} habitantes",
            inteiro(minima)
        );
        Ok(match populacao {
            None => regra.achado(Situacao::Pendente, exigido, "não informada", Some(orgao::CARTOGRAFIA), "Falta a população estimada, a ser apurada pelo Órgão de Informação e Cartografia (Art. 2º, § 2º)."),
            Some(p) => {
                let situacao = if p.valor as i64 >= minima { Situacao::Atende } else { Situacao::NaoAtende };
                regra.achado(situacao, exigido, apurado_u64(p, "habitantes"), Some(orgao::CARTOGRAFIA), "")
            }
        })
    })())
}

/// II — eleitores não inferiores a 20% da população ("não inferior": exatamente 20% atende).
pub(crate) fn inc2_eleitores(
    ctx: &Contexto<'_>,
    eleitores: Option<&Numero<u64>>,
    populacao: Option<&Numero<u64>>,
) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art2_cpt_inc2")?;
        let percentual = regra.parametro("percentual_minimo")?;
        let exigido_base = format!("número de eleitores não inferior a {percentual}% da população");
        Ok(match (eleitores, populacao) {
            (Some(e), Some(p)) => {
                // Inteiros: e ≥ percentual% de p ⇔ 100·e ≥ percentual·p, sem arredondamento.
                let atende =
                    u128::from(e.valor) * 100 >= (percentual as u128) * u128::from(p.valor);
                let minimo = (u128::from(p.valor) * percentual as u128).div_ceil(100);
                let fracao = if p.valor > 0 {
                    e.valor as f64 / p.valor as f64
                } else {
                    0.0
                };
                let mut mensagem = String::new();
                if e.origem != p.origem {
                    mensagem = format!(
                        "Eleitores ({}) e população ({}) vêm de fontes ou anos diferentes.",
                        e.origem, p.origem
                    );
                }
                regra.achado(
                    if atende {
                        Situacao::Atende
                    } else {
                        Situacao::NaoAtende
                    },
                    format!(
                        "{exigido_base} (pelo menos {} eleitores para {} habitantes)",
                        inteiro(minimo as i64),
                        inteiro(p.valor as i64)
                    ),
                    format!(
                        "{} eleitores, {} da população ({})",
                        inteiro(e.valor as i64),
                        // 799 de 4.000 é 19,975%: nunca "20,0%" para quem não alcança 20%.
                        porcentagem(
                            fracao,
                            divisa_referencia::formato::casas_para_distinguir(
                                fracao * 100.0,
                                percentual as f64,
                                1
                            )
                        ),
                        e.origem
                    ),
                    Some(orgao::TRE),
                    mensagem,
                )
            }
            (None, _) => regra.achado(
                Situacao::Pendente,
                exigido_base,
                "eleitores não informados",
                Some(orgao::TRE),
                "Falta o número de eleitores, a ser certificado pelo TRE (Art. 2º, § 2º).",
            ),
            (Some(e), None) => regra.achado(
                Situacao::Pendente,
                exigido_base,
                apurado_u64(e, "eleitores"),
                Some(orgao::TRE),
                "Sem a população não há como calcular os 20%.",
            ),
        })
    })())
}

/// III — centro urbano com mais de 200 casas ("superior a 200": 200 não atende).
pub(crate) fn inc3_casas(ctx: &Contexto<'_>, casas: Option<&Numero<u64>>) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art2_cpt_inc3")?;
        let limite = regra.parametro("casas_mais_de")?;
        let exigido = format!(
            "centro urbano já constituído, com mais de {} casas",
            inteiro(limite)
        );
        Ok(match casas {
            None => regra.achado(
                Situacao::Pendente,
                exigido,
                "não informado",
                Some(orgao::CARTOGRAFIA),
                "Falta a contagem de casas do centro urbano, a ser apurada pelo Órgão de Informação e Cartografia. Os dados embutidos não a têm: exige os setores censitários urbanos do Censo 2022.",
            ),
            Some(c) => regra.achado(
                if c.valor as i64 > limite { Situacao::Atende } else { Situacao::NaoAtende },
                exigido,
                apurado_u64(c, "casas"),
                Some(orgao::CARTOGRAFIA),
                "",
            ),
        })
    })())
}

/// A média do VA dos `quantidade` municípios de menor VA: a informada na proposta ou a
/// calculada dos dados embutidos (IBGE 2019, substituto do VA fiscal da SEFAZ-MT).
fn media_va(ctx: &Contexto<'_>, quantidade: i64) -> Option<Numero<f64>> {
    if let Some(media) = ctx.fatos.referencia.media_va_10_menores {
        return Some(Numero::new(
            media,
            "média informada na proposta ([referencia])",
        ));
    }
    let mt = divisa_referencia::mt().ok()?;
    let mut valores: Vec<f64> = mt
        .municipios()
        .iter()
        .filter_map(|m| m.valor_adicionado_2019)
        .map(|d| d.valor)
        .collect();
    let quantidade = usize::try_from(quantidade)
        .ok()
        .filter(|&q| q > 0 && q <= valores.len())?;
    valores.sort_by(f64::total_cmp);
    let media = valores[..quantidade].iter().sum::<f64>() / quantidade as f64;
    Some(Numero::new(
        media,
        format!(
            "média dos {quantidade} menores VA de 2019, PIB dos Municípios (IBGE) — substituto do valor adicionado fiscal da SEFAZ-MT, que é o exigido"
        ),
    ))
}

/// Valor e média em reais, abreviados ("R$ 20,0 milhões") quando isso basta para vê-los
/// diferentes; por extenso, com centavos, quando abreviados pareceriam iguais — um valor que
/// falha nunca aparece escrito igual ao limite que não supera.
fn valor_e_media(valor: f64, media: f64) -> (String, String) {
    let (v, m) = (reais_abreviado(valor), reais_abreviado(media));
    if v == m {
        (
            divisa_referencia::formato::reais(valor),
            divisa_referencia::formato::reais(media),
        )
    } else {
        (v, m)
    }
}

/// IV — VA do último exercício superior à média dos 10 municípios de menor VA.
pub(crate) fn inc4_valor_adicionado(ctx: &Contexto<'_>, va: Option<&Numero<f64>>) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art2_cpt_inc4")?;
        let quantidade = regra.parametro("quantidade_municipios")?;
        let media = media_va(ctx, quantidade);
        let exigido = match (&media, va) {
            (Some(m), Some(v)) => format!(
                "valor adicionado superior a {} ({})",
                valor_e_media(v.valor, m.valor).1,
                m.origem
            ),
            (Some(m), None) => format!(
                "valor adicionado superior a {} ({})",
                reais_abreviado(m.valor),
                m.origem
            ),
            (None, _) => {
                format!("valor adicionado superior à média dos {quantidade} municípios de menor VA")
            }
        };
        Ok(match (va, media) {
            (Some(v), Some(m)) => {
                let atende = centavos(v.valor) > centavos(m.valor);
                let mensagem = if m.origem.contains("substituto") {
                    format!("A média usada é o VA bruto de 2019 do IBGE, substituto do valor adicionado fiscal do último exercício que o Órgão Fazendário certifica; o resultado é indicativo até a certidão, e a média oficial pode ser informada na proposta (média do VA dos {quantidade} municípios de menor VA).")
                } else {
                    String::new()
                };
                regra.achado(
                    if atende { Situacao::Atende } else { Situacao::NaoAtende },
                    exigido,
                    format!("{} ({})", valor_e_media(v.valor, m.valor).0, v.origem),
                    Some(orgao::FAZENDA),
                    mensagem,
                )
            }
            (None, _) => regra.achado(Situacao::Pendente, exigido, "não informado", Some(orgao::FAZENDA), "Falta o valor adicionado do último exercício, a ser certificado pelo Órgão Fazendário Estadual."),
            (Some(v), None) => regra.achado(Situacao::Pendente, exigido, reais_abreviado(v.valor), Some(orgao::FAZENDA), "Falta a média estadual de referência."),
        })
    })())
}

/// V — arrecadação superior à média dos 40 municípios de menor arrecadação. Não há tabela
/// embutida: sem `[referencia].media_arrecadacao_40_menores`, fica pendente.
pub(crate) fn inc5_arrecadacao(ctx: &Contexto<'_>, arrecadacao: Option<&Numero<f64>>) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art2_cpt_inc5")?;
        let quantidade = regra.parametro("quantidade_municipios")?;
        let media = ctx.fatos.referencia.media_arrecadacao_40_menores;
        let exigido = match media {
            Some(m) => format!("arrecadação superior a {} (média dos {quantidade} municípios de menor arrecadação, informada na proposta)", arrecadacao.map_or_else(|| reais_abreviado(m), |a| valor_e_media(a.valor, m).1)),
            None => format!("arrecadação superior à média dos {quantidade} municípios de menor arrecadação do Estado"),
        };
        Ok(match (arrecadacao, media) {
            (Some(a), Some(m)) => regra.achado(
                if centavos(a.valor) > centavos(m) { Situacao::Atende } else { Situacao::NaoAtende },
                exigido,
                format!("{} ({})", valor_e_media(a.valor, m).0, a.origem),
                Some(orgao::COMISSAO),
                "Apurada pela Comissão de Revisão Territorial após verificação in loco (Art. 2º, § 2º).",
            ),
            (None, _) => regra.achado(Situacao::Pendente, exigido, "não informada", Some(orgao::COMISSAO), "Falta a arrecadação do último exercício, apurada pela Comissão após verificação in loco."),
            (Some(a), None) => regra.achado(
                Situacao::Pendente,
                exigido,
                format!("{} ({})", reais_abreviado(a.valor), a.origem),
                Some(orgao::COMISSAO),
                format!("O divisa não traz a tabela estadual de arrecadação (FINBRA/SICONFI não disponível): informe na proposta a média da arrecadação dos {quantidade} municípios de menor arrecadação, certificada pelo Órgão Fazendário."),
            ),
        })
    })())
}

/// VI — mapa e memorial que demonstrem a continuidade do novo município e da origem.
///
/// Com o território lido, o divisa diz se o novo município e cada remanescente (a origem menos
/// a área, pela malha) são uma peça só; mais de uma é "não atende". Origem sem polígono na
/// malha (Boa Esperança do Norte) deixa o achado pendente, com o que já se sabe.
pub(crate) fn inc6_mapa(ctx: &Contexto<'_>, area: Option<&Area>) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art2_cpt_inc6")?;
        let exigido = "mapa e memorial descritivo que demonstrem a continuidade territorial do novo município e do de origem";
        // Leitura: um novo município feito de partes de municípios que não têm divisa comum
        // entre si (nem por outra origem) nunca é contínuo, com ou sem polígono: a malha decide
        // (Art. 2º, VI; Art. 5º). Só com todas as origens na Malha 2022; uma origem sem polígono
        // (Boa Esperança do Norte) poderia ser a ponte, e então a malha não decide.
        if let Some(novo) = ctx.fatos.novo.as_ref().filter(|n| n.origens.len() > 1) {
            let c = crate::continuidade::componentes(&novo.origens);
            if c.sem_poligono.is_empty() && c.grupos.len() > 1 {
                return Ok(regra.achado(
                    Situacao::NaoAtende,
                    exigido,
                    format!(
                        "municípios de origem sem divisa comum: {} (Malha Municipal 2022, IBGE)",
                        crate::continuidade::separados(&c.grupos)
                    ),
                    Some(orgao::CARTOGRAFIA),
                    format!("Os municípios de origem formam {} blocos sem divisa comum entre si na Malha Municipal 2022 do IBGE: partes deles não podem formar um território contínuo, qualquer que seja o polígono apresentado (Art. 2º, VI; Art. 5º). Retire a origem que não é vizinha ou inclua o município que as liga.", c.grupos.len()),
                ));
            }
        }
        let Some(area) = area else {
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                "mapa e memorial não apresentados",
                Some(orgao::CARTOGRAFIA),
                "Sem o mapa e o memorial descritivo da área (Art. 15, II), a continuidade não pode ser verificada.",
            ));
        };
        let Some(medidas) = &area.medidas else {
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                format!("território apresentado em {}", area.arquivo),
                Some(orgao::CARTOGRAFIA),
                area.sem_medidas
                    .clone()
                    .unwrap_or_else(|| "O arquivo não pôde ser medido.".into()),
            ));
        };
        let apurado = format!(
            "{}: {} (geodésica, SIRGAS 2000), {} parte{}",
            area.arquivo,
            km2(medidas.area_km2),
            medidas.partes,
            if medidas.partes == 1 { "" } else { "s" }
        );
        let origens: Vec<String> = medidas
            .remanescentes
            .iter()
            .map(|(nome, partes)| match partes {
                Some(1) => format!("{nome}: remanescente em 1 parte"),
                Some(0) => format!("{nome}: não sobra nada"),
                Some(n) => format!("{nome}: remanescente em {n} partes"),
                None => format!("{nome}: sem polígono na Malha 2022"),
            })
            .collect();
        let apurado = if origens.is_empty() {
            apurado
        } else {
            format!("{apurado}; {}", origens.join("; "))
        };
        let mut problemas = Vec::new();
        if medidas.partes > 1 {
            problemas.push(format!(
                "o território do novo município tem {} partes separadas: não é contínuo",
                medidas.partes
            ));
        }
        if let Some(fora) = medidas.fora_das_origens_km2.filter(|&f| f > 0.0) {
            problemas.push(format!(
                "{} do território ficam fora dos municípios de origem (Art. 1º, § 3º: o novo município sai de área dos de origem; inclua o município em novo.origens ou corrija o polígono)",
                km2(fora)
            ));
        }
        for (nome, partes) in &medidas.remanescentes {
            match partes {
                Some(0) => problemas.push(format!("{nome} desapareceria inteiro: isso é fusão (Art. 4º) ou incorporação, não criação")),
                Some(n) if *n > 1 => problemas.push(format!("{nome} ficaria dividido em {n} partes: perde a continuidade territorial")),
                _ => {}
            }
        }
        let sem_poligono: Vec<&str> = medidas
            .remanescentes
            .iter()
            .filter(|(_, p)| p.is_none())
            .map(|(n, _)| n.as_str())
            .collect();
        Ok(if !problemas.is_empty() {
            regra.achado(
                Situacao::NaoAtende,
                exigido,
                apurado,
                Some(orgao::CARTOGRAFIA),
                format!("{}.", problemas.join("; ")),
            )
        } else if !sem_poligono.is_empty() || medidas.remanescentes.is_empty() {
            regra.achado(
                Situacao::Pendente,
                exigido,
                apurado,
                Some(orgao::CARTOGRAFIA),
                format!("O novo município é uma peça contínua; sem o polígono de {} na Malha 2022, a continuidade do remanescente fica com o Órgão de Informação e Cartografia.", sem_poligono.join(", ")),
            )
        } else {
            regra.achado(
                Situacao::Atende,
                exigido,
                apurado,
                Some(orgao::CARTOGRAFIA),
                "O novo município e cada município de origem, depois da separação, são peças contínuas (polígonos da Malha Municipal 2022 do IBGE; a certidão é do Órgão de Informação e Cartografia).",
            )
        })
    })())
}

/// Nos autos, um inciso decidido com um número que ainda não tem a certidão do órgão competente
/// fica pendente: o resultado é dito como prévia, nunca como "atende" (nem "não atende": o
/// órgão pode certificar outro número).
///
/// Leitura registrada: o Art. 2º, § 2º, dá a apuração de cada inciso a um órgão; o número dos
/// peticionários é indício, não apuração. Fora dos autos (a proposta avaliada avulsa), os
/// números são os declarados e o achado diz de onde vêm.
fn previa(mut achado: Achado, sem_certidao: bool) -> Achado {
    if !sem_certidao || !matches!(achado.situacao, Situacao::Atende | Situacao::NaoAtende) {
        return achado;
    }
    let quem = achado.orgao.unwrap_or("órgão competente");
    let resultado = if achado.situacao == Situacao::Atende {
        "seria atendido"
    } else {
        "não seria atendido"
    };
    achado.situacao = Situacao::Pendente;
    achado.mensagem = format!(
        "Prévia: com o número informado na representação, o requisito do inciso {resultado}. Falta a certidão de quem o apura ({quem}; Art. 2º, § 2º), que decide. {}",
        achado.mensagem
    )
    .trim_end()
    .to_owned();
    achado
}

/// Um número dos dados embutidos cujo ano de referência é posterior ao do ato não decide o
/// inciso: o achado diz isso com todas as letras e fica pendente, com o resultado como prévia.
///
/// Leitura registrada: um requisito se cumpre (ou se perde) com os números da época do ato; um
/// número de anos depois (a estimativa de 2025 para um ato de 1995) não mostra o de então, nem
/// num sentido nem no outro. A data é a do ato (`data_referencia`); sem ela, a da avaliação.
/// Anos iguais não contam como posteriores. Um achado pendente por outro motivo recebe a mesma
/// ressalva se mostra o número (o que não mostra, como o de redação não encontrada, fica como
/// está).
fn posteriores_ao_ato(ctx: &Contexto<'_>, mut achado: Achado, fontes: &[Option<Fonte>]) -> Achado {
    let (dia, de_quando) = match ctx.fatos.data_ato {
        Some(d) => (d, format!("ao ato de {}", data(d))),
        None => (ctx.data, format!("à data da avaliação, {}", data(ctx.data))),
    };
    let mut posteriores: Vec<String> = Vec::new();
    for f in fontes.iter().flatten() {
        let texto = format!("{}, {}", f.pesquisa, f.orgao);
        if i32::from(f.ano) > i32::from(dia.year()) && !posteriores.contains(&texto) {
            posteriores.push(texto);
        }
    }
    if posteriores.is_empty() || achado.situacao == Situacao::NaoSeAplica || achado.apurado == "—"
    {
        return achado;
    }
    let resultado = match achado.situacao {
        Situacao::Atende => " Prévia com esses números: o requisito seria atendido.",
        Situacao::NaoAtende => " Prévia com esses números: o requisito não seria atendido.",
        _ => "",
    };
    achado.situacao = Situacao::Pendente;
    achado.mensagem = format!(
        "Os dados embutidos ({}) são posteriores {de_quando}: o requisito se cumpre com os números da época, que eles não mostram, e o achado fica pendente até que os da época sejam informados ou certificados.{resultado} {}",
        posteriores.join("; "),
        achado.mensagem
    )
    .trim_end()
    .to_owned();
    achado
}

/// I a V para um conjunto de números, com o sujeito na citação quando há.
pub(crate) fn incisos_i_a_v(
    ctx: &Contexto<'_>,
    numeros: &Numeros,
    sujeito: Option<&str>,
) -> Vec<Achado> {
    let sem = |n: &Option<Numero<u64>>| n.as_ref().is_some_and(|n| n.sem_certidao);
    let sem_f = |n: &Option<Numero<f64>>| n.as_ref().is_some_and(|n| n.sem_certidao);
    let emb = |n: &Option<Numero<u64>>| n.as_ref().and_then(|n| n.embutido);
    let emb_f = |n: &Option<Numero<f64>>| n.as_ref().and_then(|n| n.embutido);
    // A média do inciso IV vem dos dados embutidos quando a proposta não a informa
    // ([`media_va`]): a fonte é a do VA embutido.
    let media_embutida = if ctx.fatos.referencia.media_va_10_menores.is_none() {
        divisa_referencia::mt()
            .ok()
            .and_then(|mt| mt.municipios().iter().find_map(|m| m.valor_adicionado_2019))
            .map(|d| d.fonte)
    } else {
        None
    };
    let achados = [
        posteriores_ao_ato(
            ctx,
            previa(
                inc1_populacao(ctx, numeros.populacao.as_ref()),
                sem(&numeros.populacao),
            ),
            &[emb(&numeros.populacao)],
        ),
        posteriores_ao_ato(
            ctx,
            previa(
                inc2_eleitores(ctx, numeros.eleitores.as_ref(), numeros.populacao.as_ref()),
                sem(&numeros.eleitores) || sem(&numeros.populacao),
            ),
            &[emb(&numeros.eleitores), emb(&numeros.populacao)],
        ),
        previa(inc3_casas(ctx, numeros.casas.as_ref()), sem(&numeros.casas)),
        posteriores_ao_ato(
            ctx,
            previa(
                inc4_valor_adicionado(ctx, numeros.valor_adicionado.as_ref()),
                sem_f(&numeros.valor_adicionado),
            ),
            &[emb_f(&numeros.valor_adicionado), media_embutida],
        ),
        previa(
            inc5_arrecadacao(ctx, numeros.arrecadacao.as_ref()),
            sem_f(&numeros.arrecadacao),
        ),
    ];
    achados
        .into_iter()
        .map(|a| {
            if let Some(s) = sujeito {
                sobre(a, s)
            } else {
                a
            }
        })
        .collect()
}

/// Art. 2º, I a VI, para o novo município de uma criação (o § 1º, sobre as origens, é
/// [`crate::art02_par1_origens::origens`]).
pub(crate) fn requisitos_do_novo(ctx: &Contexto<'_>) -> Vec<Achado> {
    let novo = ctx.fatos.novo.clone().unwrap_or_default();
    let numeros = Numeros::do_novo(&novo.dados, novo.certidoes.as_ref());
    let mut achados = incisos_i_a_v(ctx, &numeros, None);
    let estimativa = novo
        .area
        .as_ref()
        .and_then(|a| a.medidas.as_ref())
        .and_then(|m| m.estimativa_setores);
    if let (Some(e), Some(populacao)) = (estimativa, achados.first_mut()) {
        comparar_com_setores(populacao, e, novo.dados.populacao);
        let ato = ctx.fatos.data_ato.unwrap_or(ctx.data);
        if i32::from(fonte::CENSO_2022.ano) > i32::from(ato.year()) {
            populacao.mensagem.push_str(&format!(
                " Os setores censitários (Censo 2022, IBGE) são posteriores à data do ato, {}: a estimativa não mostra a população da época.",
                data(ato)
            ));
        }
    }
    achados.push(inc6_mapa(ctx, novo.area.as_ref()));
    achados
}

/// Acrescenta ao achado do inciso I a população que os setores censitários dão para o polígono
/// e avisa quando ela se afasta muito da informada (mais de 20%). A situação continua a do
/// número informado, que é o certificado pela Cartografia.
fn comparar_com_setores(
    achado: &mut Achado,
    estimativa: EstimativaSetores,
    informada: Option<u64>,
) {
    /// Diferença relativa a partir da qual o relatório chama a atenção.
    const DIFERENCA_GRANDE: f64 = 0.2;
    let mut nota = format!(
        " Pelos setores censitários do Censo 2022 (IBGE) dentro do polígono, por interpolação de área: {} habitantes e {} domicílios ocupados ({} setores; {} da área coberta por setores).",
        inteiro(estimativa.populacao.round() as i64),
        inteiro(estimativa.domicilios.round() as i64),
        estimativa.setores,
        porcentagem(estimativa.cobertura, 0)
    );
    if let Some(informada) = informada.filter(|_| estimativa.cobertura > 0.99) {
        let diferenca = (informada as f64 - estimativa.populacao) / estimativa.populacao.max(1.0);
        if diferenca.abs() > DIFERENCA_GRANDE {
            nota.push_str(&format!(
                " A população informada difere {} da estimativa: confira com o Órgão de Informação e Cartografia.",
                porcentagem(diferenca.abs(), 0)
            ));
        }
    }
    achado.mensagem = format!("{}{nota}", achado.mensagem).trim_start().to_owned();
}

/// Art. 4º: na fusão, o Art. 2º é dispensado; cada inciso diz isso citando o Art. 4º.
pub(crate) fn dispensados_pela_fusao(ctx: &Contexto<'_>) -> Vec<Achado> {
    ["art2_cpt_inc1", "art2_cpt_inc2", "art2_cpt_inc3", "art2_cpt_inc4", "art2_cpt_inc5", "art2_cpt_inc6", "art2_par1"]
        .into_iter()
        .map(|id| {
            ctx.nao_se_aplica(
                id,
                "Dispensado pelo Art. 4º: na criação por fusão de áreas integrais de dois ou mais municípios, com a extinção destes, é dispensada a verificação dos requisitos do Art. 2º.",
            )
        })
        .collect()
}
