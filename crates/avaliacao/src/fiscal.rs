//! Os fatos de uma proposta (ou dos autos) → a entrada do estudo fiscal (`divisa-fiscal`): quem
//! ganha e quem perde no FPM, o percentual do ICMS do Art. 7º, V, e os critérios do EVM.
//!
//! O motor fiscal não conhece a proposta; aqui se decide, para cada tipo, o que muda em cada
//! município e de onde vem cada número (informado, certificado ou estimado — e então dito como).
//!
//! # As estimativas (ditas em cada número)
//! - O remanescente de uma origem é o de `[[remanescente]]`; sem ele, a população da origem na
//!   base do estudo menos a parte do novo município. Com várias origens, a população do novo é
//!   repartida entre elas na proporção das suas populações (maiores restos, sem fração de
//!   habitante): a parte real de cada uma só o território e os setores censitários dizem.
//! - Na fusão sem população informada, o novo é a soma das origens; na incorporação e na
//!   extinção, o município que recebe ganha a população inteira do extinto.
//! - No desmembramento, a população da área vem da interpolação dos setores censitários, quando
//!   há; sem ela, nenhuma população muda de lado (e o estudo diz que o FPM só mudaria se um dos
//!   dois mudasse de faixa).

use divisa_fiscal::evm::{AreaEvm, EntradaEvm, RemanescenteEvm, TipoProposta};
use divisa_fiscal::fpm::{
    Alteracao, BasePopulacional, EntradaFpm, Fundo, Mudanca, NovoMunicipio, TabelaCoeficientes,
};
use divisa_fiscal::icms::{DestinoIcms, EntradaIcms, MetodoIcms, OrigemIcms, Parte, TabelaIpm};
use divisa_fiscal::{EstudoFiscal, Icms};
use divisa_lei::fatos::Tipo;
use divisa_lei::Fatos;
use jiff::civil::Date;
use rust_decimal::Decimal;

/// O que o estudo recebe além dos fatos: o fundo, as tabelas opcionais e o método do ICMS.
#[derive(Debug, Clone)]
pub struct OpcoesFiscais {
    /// O fundo do interior de MT a repartir (padrão: o estimado, rotulado como tal).
    pub fundo: Fundo,
    /// Os coeficientes publicados pelo TCU (`--coeficientes-fpm`): o "antes".
    pub coeficientes: Option<TabelaCoeficientes>,
    /// Os índices de participação no ICMS (`--ipm`).
    pub ipm: Option<TabelaIpm>,
    /// A média de pares (LC nº 808/2024) em vez dos pesos da lei: os códigos dos pares.
    pub pares: Option<Vec<u32>>,
}

impl Default for OpcoesFiscais {
    fn default() -> Self {
        OpcoesFiscais {
            fundo: Fundo::estimado(),
            coeficientes: None,
            ipm: None,
            pares: None,
        }
    }
}

/// Por que o estudo não pôde ser feito: o campo da proposta e o que falta (saída 2).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{mensagem}", campo.as_ref().map_or(String::new(), |c| format!("campo {c}: ")))]
pub struct ErroEstudo {
    /// O campo da proposta, quando o problema é dela.
    pub campo: Option<String>,
    /// O que falta ou está errado, em português.
    pub mensagem: String,
}

impl From<divisa_fiscal::ErroFiscal> for ErroEstudo {
    fn from(e: divisa_fiscal::ErroFiscal) -> Self {
        ErroEstudo {
            campo: None,
            mensagem: e.to_string(),
        }
    }
}

fn erro(campo: &str, mensagem: impl Into<String>) -> ErroEstudo {
    ErroEstudo {
        campo: Some(campo.to_owned()),
        mensagem: mensagem.into(),
    }
}

/// A base populacional do estudo na data (`--em`, ou a do ato, ou hoje): a estimativa 2025 do
/// IBGE de 2025 em diante, o Censo 2022 antes.
pub fn base_na_data(data: Date) -> BasePopulacional {
    BasePopulacional::para_o_ano(data.year())
}

fn u32_de(v: u64, campo: &str) -> Result<u32, ErroEstudo> {
    u32::try_from(v).map_err(|_| {
        erro(
            campo,
            format!("{v} habitantes: mais do que o estudo comporta"),
        )
    })
}

/// Reparte `total` entre `pesos` na proporção deles, em inteiros que somam `total` (maiores
/// restos; empate, o primeiro).
fn repartir(total: u32, pesos: &[u32]) -> Vec<u32> {
    let soma: u64 = pesos.iter().map(|&p| u64::from(p)).sum();
    if soma == 0 {
        let mut v = vec![0; pesos.len()];
        if let Some(p) = v.first_mut() {
            *p = total;
        }
        return v;
    }
    let mut partes: Vec<(u32, u64, usize)> = pesos
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let x = u64::from(total) * u64::from(p);
            ((x / soma) as u32, x % soma, i)
        })
        .collect();
    let dado: u32 = partes.iter().map(|p| p.0).sum();
    let mut ordem: Vec<usize> = (0..partes.len()).collect();
    ordem.sort_by(|&a, &b| partes[b].1.cmp(&partes[a].1).then(a.cmp(&b)));
    for &i in ordem.iter().take((total - dado) as usize) {
        partes[i].0 += 1;
    }
    partes.into_iter().map(|p| p.0).collect()
}

/// O estudo fiscal dos `fatos` na `data` (que escolhe a base populacional e os pesos do ICMS).
pub fn estudo(
    fatos: &Fatos,
    data: Date,
    opcoes: &OpcoesFiscais,
) -> Result<EstudoFiscal, ErroEstudo> {
    let base = base_na_data(data);
    let mut fpm = EntradaFpm::da_base(base, opcoes.fundo.clone())?;
    if let Some(t) = &opcoes.coeficientes {
        fpm.aplicar_coeficientes_tcu(t)?;
    }
    let rotulo = base.rotulo();
    let antes = |codigo: u32| -> Option<(u32, String)> {
        fpm.municipios
            .iter()
            .find(|m| m.codigo_ibge == codigo)
            .map(|m| (m.populacao, m.nome.clone()))
    };
    let nome_de = |codigo: u32| {
        divisa_referencia::mt()
            .ok()
            .and_then(|mt| mt.por_codigo(codigo))
            .map_or(codigo.to_string(), |m| m.nome.clone())
    };
    let sem_populacao = |codigo: u32| ErroEstudo {
        campo: None,
        mensagem: format!(
            "{} não tem população na base do estudo ({rotulo}){}",
            nome_de(codigo),
            if codigo == divisa_fiscal::fpm::CUIABA_CAPITAL {
                ": a capital não entra no FPM-Interior"
            } else {
                ""
            }
        ),
    };
    let mut alteracoes: Vec<Alteracao> = Vec::new();
    let mut notas: Vec<String> = Vec::new();
    let mut novo: Option<NovoMunicipio> = None;
    let mut origens_icms: Vec<OrigemIcms> = Vec::new();
    let destino_icms: Option<DestinoIcms>;
    let mut evm = EntradaEvm {
        tipo: TipoProposta::Criacao,
        novo: None,
        remanescentes: Vec::new(),
    };
    let parte_pop = |da_area: u32, do_municipio: u32, fonte: String| Parte {
        da_area: Decimal::from(da_area),
        do_municipio: Decimal::from(do_municipio),
        fonte,
    };
    match fatos.tipo {
        Tipo::Criacao | Tipo::Fusao => {
            let fusao = fatos.tipo == Tipo::Fusao;
            let n = fatos
                .novo
                .as_ref()
                .ok_or_else(|| erro("novo", "a proposta não descreve o novo município"))?;
            let nome = n.nome.clone().unwrap_or_else(|| "o novo município".into());
            let mut pops = Vec::new();
            for &o in &n.origens {
                let (p, _) = antes(o).ok_or_else(|| sem_populacao(o))?;
                pops.push(p);
            }
            let (pop_novo, estimado, fonte_novo) = match (n.dados.populacao, fusao) {
                (Some(p), _) => (
                    u32_de(p, "novo.dados.populacao")?,
                    n.certidoes.as_ref().is_none_or(|c| c.populacao.is_none()),
                    match n.certidoes.as_ref().and_then(|c| c.populacao.as_ref()) {
                        Some(c) => format!("certidão {} do {}", c.numero, c.orgao),
                        None => "informada na proposta, sem a certidão do Órgão de Informação e Cartografia".to_owned(),
                    },
                ),
                (None, true) => (
                    pops.iter().sum(),
                    true,
                    format!("soma das populações das origens, {rotulo}"),
                ),
                (None, false) => {
                    return Err(erro(
                        "novo.dados.populacao",
                        "sem a população do novo município o FPM não se calcula: informe-a na proposta (ou a certidão do Órgão de Informação e Cartografia nos autos)",
                    ))
                }
            };
            novo = Some(NovoMunicipio {
                nome: nome.clone(),
                populacao: pop_novo,
                estimativa: estimado,
                fonte: fonte_novo.clone(),
            });
            evm.tipo = if fusao {
                TipoProposta::Fusao
            } else {
                TipoProposta::Criacao
            };
            evm.novo = Some(AreaEvm {
                nome: nome.clone(),
                populacao: Some(pop_novo),
                eleitores: n.dados.eleitores.and_then(|e| u32::try_from(e).ok()),
                domicilios_nucleo_urbano: n
                    .dados
                    .casas_centro_urbano
                    .and_then(|e| u32::try_from(e).ok()),
                assinaturas: fatos.representacao.as_ref().and_then(|r| {
                    if r.assinaturas.is_empty() {
                        r.assinaturas_sem_lista
                    } else {
                        u32::try_from(r.assinaturas.len()).ok()
                    }
                }),
            });
            destino_icms = Some(DestinoIcms::Novo { nome });
            // a parte do novo que sai de cada origem
            let partes = if fusao {
                pops.clone()
            } else {
                repartir(pop_novo, &pops)
            };
            let varias = n.origens.len() > 1;
            for (i, &o) in n.origens.iter().enumerate() {
                let (p_antes, nome_o) = antes(o).ok_or_else(|| sem_populacao(o))?;
                let parte = partes[i].min(p_antes);
                let fonte_parte = if fusao {
                    format!("o município inteiro ({rotulo})")
                } else if varias {
                    format!("a população do novo ({fonte_novo}) repartida entre as origens na proporção das suas populações ({rotulo})")
                } else {
                    format!("a população do novo ({fonte_novo}) diante da de {nome_o} ({rotulo})")
                };
                if fusao {
                    alteracoes.push(Alteracao {
                        codigo_ibge: o,
                        mudanca: Mudanca::Extinto,
                        estimativa: false,
                        fonte: "extinto pela fusão (Art. 4º)".into(),
                    });
                } else {
                    let informado = fatos
                        .remanescentes
                        .iter()
                        .find(|r| r.codigo_ibge == o)
                        .and_then(|r| r.dados.populacao);
                    let (depois, estimativa, fonte) = match informado {
                        Some(r) => (
                            u32_de(r, "remanescente.populacao")?,
                            false,
                            "informado na proposta ([[remanescente]])".to_owned(),
                        ),
                        None => {
                            if parte >= p_antes {
                                return Err(erro(
                                    "remanescente",
                                    format!("a parte do novo município tirada de {nome_o} ({parte} habitantes) leva toda a população dele ({p_antes}, {rotulo}); informe a população do remanescente em [[remanescente]]"),
                                ));
                            }
                            (
                                p_antes - parte,
                                true,
                                format!("{rotulo} menos a parte do novo município"),
                            )
                        }
                    };
                    alteracoes.push(Alteracao {
                        codigo_ibge: o,
                        mudanca: Mudanca::PopulacaoDepois(depois),
                        estimativa,
                        fonte,
                    });
                    evm.remanescentes.push(RemanescenteEvm {
                        codigo_ibge: o,
                        nome: nome_o.clone(),
                        populacao: Some(depois),
                    });
                }
                // o que a área leva de cada critério do ICMS
                let mt = divisa_referencia::mt().ok();
                let municipio = mt.and_then(|m| m.por_codigo(o));
                let valor_adicionado = match (
                    fusao || !varias,
                    n.dados.valor_adicionado,
                    municipio.and_then(|m| m.valor_adicionado_2019.as_ref()),
                ) {
                    (true, _, Some(todo)) if fusao => Decimal::from_f64_retain(todo.valor)
                        .map(|t| Parte {
                            da_area: t,
                            do_municipio: t,
                            fonte: "o município inteiro".into(),
                        }),
                    (true, Some(va), Some(todo)) if todo.valor > 0.0 && va <= todo.valor => {
                        match (Decimal::from_f64_retain(va), Decimal::from_f64_retain(todo.valor)) {
                            (Some(a), Some(t)) => Some(Parte {
                                da_area: a,
                                do_municipio: t,
                                fonte: format!(
                                    "valor adicionado da área informado na proposta, diante do de {nome_o} ({})",
                                    todo.fonte
                                ),
                            }),
                            _ => None,
                        }
                    }
                    _ => None,
                };
                let area_km2 = n.area.as_ref().and_then(|a| a.medidas.as_ref()).map(|m| m.area_km2);
                let area_territorial = match (
                    fusao || !varias,
                    area_km2,
                    municipio.and_then(|m| m.area_oficial_km2.as_ref()),
                ) {
                    (true, _, Some(todo)) if fusao => Decimal::from_f64_retain(todo.valor).map(|t| Parte {
                        da_area: t,
                        do_municipio: t,
                        fonte: "o município inteiro".into(),
                    }),
                    (true, Some(a), Some(todo)) if todo.valor > 0.0 && a <= todo.valor => {
                        match (
                            Decimal::from_f64_retain((a * 1000.0).round() / 1000.0),
                            Decimal::from_f64_retain(todo.valor),
                        ) {
                            (Some(a), Some(t)) => Some(Parte {
                                da_area: a,
                                do_municipio: t,
                                fonte: format!(
                                    "área geodésica do território apresentado, diante da área oficial de {nome_o} ({})",
                                    todo.fonte
                                ),
                            }),
                            _ => None,
                        }
                    }
                    _ => None,
                };
                origens_icms.push(OrigemIcms {
                    codigo_ibge: o,
                    populacao: parte_pop(parte, p_antes, fonte_parte),
                    valor_adicionado,
                    area_territorial,
                    outros: Vec::new(),
                });
            }
        }
        Tipo::Incorporacao | Tipo::Extincao => {
            let (extinto, destino, campo) = if fatos.tipo == Tipo::Incorporacao {
                let i = fatos
                    .incorporacao
                    .ok_or_else(|| erro("incorporacao", "a proposta não descreve a incorporação"))?;
                (i.municipio, Some(i.receptor), "incorporacao.receptor")
            } else {
                let e = fatos
                    .extincao
                    .ok_or_else(|| erro("extincao", "a proposta não descreve a extinção"))?;
                (
                    e.municipio,
                    e.municipio_de_origem.or(e.municipio_contiguo),
                    "extincao.municipio_de_origem",
                )
            };
            evm.tipo = if fatos.tipo == Tipo::Incorporacao {
                TipoProposta::Incorporacao
            } else {
                TipoProposta::Extincao
            };
            let (p_extinto, nome_extinto) = antes(extinto).ok_or_else(|| sem_populacao(extinto))?;
            alteracoes.push(Alteracao {
                codigo_ibge: extinto,
                mudanca: Mudanca::Extinto,
                estimativa: false,
                fonte: if fatos.tipo == Tipo::Incorporacao {
                    "extinto pela incorporação (Art. 1º)".into()
                } else {
                    "extinto (Art. 10)".into()
                },
            });
            match destino {
                Some(d) => {
                    let (p_destino, nome_destino) = antes(d).ok_or_else(|| sem_populacao(d))?;
                    alteracoes.push(Alteracao {
                        codigo_ibge: d,
                        mudanca: Mudanca::Recebe(p_extinto),
                        estimativa: true,
                        fonte: format!("recebe a população inteira de {nome_extinto} ({rotulo})"),
                    });
                    evm.remanescentes.push(RemanescenteEvm {
                        codigo_ibge: d,
                        nome: nome_destino,
                        populacao: Some(p_destino.saturating_add(p_extinto)),
                    });
                    destino_icms = Some(DestinoIcms::Existente { codigo_ibge: d });
                    origens_icms.push(OrigemIcms {
                        codigo_ibge: extinto,
                        populacao: parte_pop(p_extinto, p_extinto, format!("o município inteiro ({rotulo})")),
                        valor_adicionado: None,
                        area_territorial: None,
                        outros: Vec::new(),
                    });
                }
                None => {
                    let _ = campo;
                    destino_icms = None;
                }
            }
        }
        Tipo::Desmembramento => {
            let d = fatos
                .desmembramento
                .as_ref()
                .ok_or_else(|| erro("desmembramento", "a proposta não descreve o desmembramento"))?;
            evm.tipo = TipoProposta::Desmembramento;
            let (p_cedente, nome_cedente) = antes(d.cedente).ok_or_else(|| sem_populacao(d.cedente))?;
            let (p_receptor, nome_receptor) =
                antes(d.receptor).ok_or_else(|| sem_populacao(d.receptor))?;
            let medidas = d.area.as_ref().and_then(|a| a.medidas.as_ref());
            let pop_area = medidas
                .and_then(|m| m.estimativa_setores)
                .map(|e| e.populacao.round().clamp(0.0, f64::from(p_cedente)) as u32);
            if pop_area.is_none() {
                notas.push(format!(
                    "A população da área desmembrada não é conhecida (nenhum setor censitário importado a cobre): nenhum habitante muda de lado no estudo, e o FPM só mudaria se {nome_cedente} ou {nome_receptor} mudasse de faixa do DL nº 1.881/1981. Importe os setores censitários do Censo 2022 ou informe a população da área para medir o efeito."
                ));
            }
            if let Some(x) = pop_area {
                alteracoes.push(Alteracao {
                    codigo_ibge: d.cedente,
                    mudanca: Mudanca::PopulacaoDepois(p_cedente - x),
                    estimativa: true,
                    fonte: format!("{rotulo} menos a população da área pelos setores censitários"),
                });
                alteracoes.push(Alteracao {
                    codigo_ibge: d.receptor,
                    mudanca: Mudanca::Recebe(x),
                    estimativa: true,
                    fonte: "a população da área pelos setores censitários do Censo 2022".into(),
                });
            }
            evm.remanescentes.push(RemanescenteEvm {
                codigo_ibge: d.cedente,
                nome: nome_cedente.clone(),
                populacao: Some(p_cedente - pop_area.unwrap_or(0)),
            });
            // o receptor não é um remanescente: os projetos medem o que resta do que se divide
            let _ = (p_receptor, nome_receptor);
            destino_icms = Some(DestinoIcms::Existente {
                codigo_ibge: d.receptor,
            });
            let area_cedente = d.area_cedente_km2.or_else(|| {
                divisa_referencia::mt()
                    .ok()
                    .and_then(|m| m.por_codigo(d.cedente))
                    .and_then(|m| m.area_oficial_km2.as_ref().map(|a| a.valor))
            });
            let area = d.area_km2.or(medidas.map(|m| m.area_km2));
            let area_territorial = match (area, area_cedente) {
                (Some(a), Some(t)) if t > 0.0 && a <= t => match (
                    Decimal::from_f64_retain((a * 1000.0).round() / 1000.0),
                    Decimal::from_f64_retain(t),
                ) {
                    (Some(a), Some(t)) => Some(Parte {
                        da_area: a,
                        do_municipio: t,
                        fonte: format!("a área desmembrada diante da de {nome_cedente}"),
                    }),
                    _ => None,
                },
                _ => None,
            };
            origens_icms.push(OrigemIcms {
                codigo_ibge: d.cedente,
                populacao: parte_pop(
                    pop_area.unwrap_or(0),
                    p_cedente,
                    match pop_area {
                        Some(_) => "estimada pelos setores censitários do Censo 2022".to_owned(),
                        None => "a população da área não é conhecida (sem setores censitários que a cubram): tomada como zero".to_owned(),
                    },
                ),
                valor_adicionado: None,
                area_territorial,
                outros: Vec::new(),
            });
        }
        Tipo::CriacaoDistrito | Tipo::AlteracaoNome => {
            return Err(erro(
                "tipo",
                "a criação de distrito e a alteração de nome não mudam a população de nenhum município nem os índices do ICMS: não há estudo fiscal a fazer (ele cabe à criação, fusão, incorporação, desmembramento e extinção)",
            ))
        }
    }
    fpm.alteracoes = alteracoes;
    fpm.novo = novo;
    let fpm = divisa_fiscal::fpm::simular_fpm(&fpm)?;
    let icms = match (&opcoes.ipm, destino_icms) {
        (None, _) => Icms::Pendente(divisa_fiscal::icms::ICMS_PENDENTE_SEM_TABELA.to_owned()),
        (Some(_), None) => Icms::Pendente(
            "a proposta não diz a que município o território do extinto passa (Art. 10, §§ 1º e 2º): sem ele, o índice do ICMS não tem para onde ir".to_owned(),
        ),
        (Some(tabela), Some(destino)) => {
            let codigos: Vec<u32> = origens_icms.iter().map(|o| o.codigo_ibge).collect();
            tabela.exigir_origens(&codigos)?;
            let metodo = match &opcoes.pares {
                Some(pares) => MetodoIcms::MediaDePares {
                    pares: pares.clone(),
                },
                None => MetodoIcms::PesosDaLei {
                    ano_de_repasse: data.year(),
                },
            };
            Icms::Calculado(Box::new(divisa_fiscal::icms::calcular_icms(
                tabela,
                &EntradaIcms {
                    destino,
                    origens: origens_icms,
                    metodo,
                },
            )?))
        }
    };
    let evm = divisa_fiscal::evm::avaliar_evm(&evm)?;
    let mut e = EstudoFiscal::new(fpm, icms, evm);
    e.notas.extend(notas);
    Ok(e)
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn repartir_soma_o_total_na_proporcao() {
        assert_eq!(repartir(10, &[1, 1, 1]), vec![4, 3, 3]);
        assert_eq!(repartir(2_760, &[9_760]), vec![2_760]);
        assert_eq!(repartir(100, &[300, 100]), vec![75, 25]);
        assert_eq!(repartir(5, &[0, 0]), vec![5, 0]);
        let v = repartir(7_001, &[13_000, 9_000, 500]);
        assert_eq!(v.iter().sum::<u32>(), 7_001);
    }
}
