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

/// A população e o nome de cada município na base do estudo (antes da proposta).
struct Antes<'a> {
    fpm: &'a EntradaFpm,
    rotulo: &'static str,
}

impl Antes<'_> {
    /// A população e o nome de `codigo`; `Err` se ele não está na base (a capital não entra no
    /// FPM-Interior).
    fn de(&self, codigo: u32) -> Result<(u32, String), ErroEstudo> {
        self.fpm
            .municipios
            .iter()
            .find(|m| m.codigo_ibge == codigo)
            .map(|m| (m.populacao, m.nome.clone()))
            .ok_or_else(|| {
                let nome = divisa_referencia::mt()
                    .ok()
                    .and_then(|mt| mt.por_codigo(codigo))
                    .map_or(codigo.to_string(), |m| m.nome.clone());
                ErroEstudo {
                    campo: None,
                    mensagem: format!(
                        "{nome} não tem população na base do estudo ({}){}",
                        self.rotulo,
                        if codigo == divisa_fiscal::fpm::CUIABA_CAPITAL {
                            ": a capital não entra no FPM-Interior"
                        } else {
                            ""
                        }
                    ),
                }
            })
    }
}

/// O que a proposta muda, montado pelo tipo: as alterações do FPM e o novo município, as
/// origens e o destino do ICMS, a entrada dos critérios federais e as notas do estudo.
struct Mudancas {
    alteracoes: Vec<Alteracao>,
    novo: Option<NovoMunicipio>,
    origens_icms: Vec<OrigemIcms>,
    destino_icms: Option<DestinoIcms>,
    evm: EntradaEvm,
    notas: Vec<String>,
}

impl Mudancas {
    fn do_tipo(tipo: TipoProposta) -> Mudancas {
        Mudancas {
            alteracoes: Vec::new(),
            novo: None,
            origens_icms: Vec::new(),
            destino_icms: None,
            evm: EntradaEvm {
                tipo,
                novo: None,
                remanescentes: Vec::new(),
            },
            notas: Vec::new(),
        }
    }
}

/// A parte da população de um município que a área leva, com a fonte.
fn parte_da_populacao(da_area: u32, do_municipio: u32, fonte: String) -> Parte {
    Parte {
        da_area: Decimal::from(da_area),
        do_municipio: Decimal::from(do_municipio),
        fonte,
    }
}

/// A parte de um critério do ICMS que a área leva (`da_area` diante de `do_municipio`), quando
/// os dois números existem e a parte cabe no todo; arredondada a `milesimos` se pedido (a área
/// em km², com três casas).
fn parte_do_criterio(
    da_area: f64,
    do_municipio: f64,
    milesimos: bool,
    fonte: String,
) -> Option<Parte> {
    if do_municipio <= 0.0 || da_area > do_municipio {
        return None;
    }
    let da_area = if milesimos {
        (da_area * 1000.0).round() / 1000.0
    } else {
        da_area
    };
    Some(Parte {
        da_area: Decimal::from_f64_retain(da_area)?,
        do_municipio: Decimal::from_f64_retain(do_municipio)?,
        fonte,
    })
}

/// O município inteiro como parte de um critério (a fusão leva tudo).
fn inteiro_do_criterio(todo: f64) -> Option<Parte> {
    Decimal::from_f64_retain(todo).map(|t| Parte {
        da_area: t,
        do_municipio: t,
        fonte: "o município inteiro".into(),
    })
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
    let antes = Antes {
        fpm: &fpm,
        rotulo: base.rotulo(),
    };
    let mudancas = match fatos.tipo {
        Tipo::Criacao | Tipo::Fusao => criacao_ou_fusao(fatos, &antes)?,
        Tipo::Incorporacao | Tipo::Extincao => incorporacao_ou_extincao(fatos, &antes)?,
        Tipo::Desmembramento => desmembramento(fatos, &antes)?,
        Tipo::CriacaoDistrito | Tipo::AlteracaoNome => {
            return Err(erro(
                "tipo",
                "a criação de distrito e a alteração de nome não mudam a população de nenhum município nem os índices do ICMS: não há estudo fiscal a fazer (ele cabe à criação, fusão, incorporação, desmembramento e extinção)",
            ))
        }
    };
    fpm.alteracoes = mudancas.alteracoes;
    fpm.novo = mudancas.novo;
    let fpm = divisa_fiscal::fpm::simular_fpm(&fpm)?;
    let icms = icms(opcoes, data, mudancas.destino_icms, mudancas.origens_icms)?;
    let evm = divisa_fiscal::evm::avaliar_evm(&mudancas.evm)?;
    let mut e = EstudoFiscal::new(fpm, icms, evm);
    e.notas.extend(mudancas.notas);
    Ok(e)
}

/// O ICMS do Art. 7º, V: pendente sem a tabela de índices ou sem destino; calculado pelos pesos
/// da lei do ano do repasse ou pela média de pares.
fn icms(
    opcoes: &OpcoesFiscais,
    data: Date,
    destino: Option<DestinoIcms>,
    origens: Vec<OrigemIcms>,
) -> Result<Icms, ErroEstudo> {
    Ok(match (&opcoes.ipm, destino) {
        (None, _) => Icms::Pendente(divisa_fiscal::icms::ICMS_PENDENTE_SEM_TABELA.to_owned()),
        (Some(_), None) => Icms::Pendente(
            "a proposta não diz a que município o território do extinto passa (Art. 10, §§ 1º e 2º): sem ele, o índice do ICMS não tem para onde ir".to_owned(),
        ),
        (Some(tabela), Some(destino)) => {
            let codigos: Vec<u32> = origens.iter().map(|o| o.codigo_ibge).collect();
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
                    origens,
                    metodo,
                },
            )?))
        }
    })
}

/// A criação (Art. 2º) e a fusão (Art. 4º): o novo município, o que resta de cada origem (na
/// fusão, nada) e o que a área leva de cada critério do ICMS.
fn criacao_ou_fusao(fatos: &Fatos, antes: &Antes) -> Result<Mudancas, ErroEstudo> {
    let rotulo = antes.rotulo;
    let fusao = fatos.tipo == Tipo::Fusao;
    let n = fatos
        .novo
        .as_ref()
        .ok_or_else(|| erro("novo", "a proposta não descreve o novo município"))?;
    let nome = n.nome.clone().unwrap_or_else(|| "o novo município".into());
    let mut pops = Vec::new();
    for &o in &n.origens {
        pops.push(antes.de(o)?.0);
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
    let mut m = Mudancas::do_tipo(if fusao {
        TipoProposta::Fusao
    } else {
        TipoProposta::Criacao
    });
    m.novo = Some(NovoMunicipio {
        nome: nome.clone(),
        populacao: pop_novo,
        estimativa: estimado,
        fonte: fonte_novo.clone(),
    });
    m.evm.novo = Some(AreaEvm {
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
    m.destino_icms = Some(DestinoIcms::Novo { nome });
    // a parte do novo que sai de cada origem
    let partes = if fusao {
        pops.clone()
    } else {
        repartir(pop_novo, &pops)
    };
    let varias = n.origens.len() > 1;
    for (i, &o) in n.origens.iter().enumerate() {
        let (p_antes, nome_o) = antes.de(o)?;
        let parte = partes[i].min(p_antes);
        let fonte_parte = if fusao {
            format!("o município inteiro ({rotulo})")
        } else if varias {
            format!("a população do novo ({fonte_novo}) repartida entre as origens na proporção das suas populações ({rotulo})")
        } else {
            format!("a população do novo ({fonte_novo}) diante da de {nome_o} ({rotulo})")
        };
        if fusao {
            m.alteracoes.push(Alteracao {
                codigo_ibge: o,
                mudanca: Mudanca::Extinto,
                estimativa: false,
                fonte: "extinto pela fusão (Art. 4º)".into(),
            });
        } else {
            let (depois, alteracao) = remanescente(fatos, o, parte, p_antes, &nome_o, rotulo)?;
            m.alteracoes.push(alteracao);
            m.evm.remanescentes.push(RemanescenteEvm {
                codigo_ibge: o,
                nome: nome_o.clone(),
                populacao: Some(depois),
            });
        }
        let (valor_adicionado, area_territorial) = criterios_da_area(n, o, &nome_o, fusao, varias);
        m.origens_icms.push(OrigemIcms {
            codigo_ibge: o,
            populacao: parte_da_populacao(parte, p_antes, fonte_parte),
            valor_adicionado,
            area_territorial,
            outros: Vec::new(),
        });
    }
    Ok(m)
}

/// O que resta da origem `o` depois da criação: o informado em `[[remanescente]]` ou a
/// população da base menos a parte do novo (que não pode levar toda a população); a população
/// que resta e a alteração do FPM que a diz.
fn remanescente(
    fatos: &Fatos,
    o: u32,
    parte: u32,
    p_antes: u32,
    nome_o: &str,
    rotulo: &str,
) -> Result<(u32, Alteracao), ErroEstudo> {
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
    Ok((
        depois,
        Alteracao {
            codigo_ibge: o,
            mudanca: Mudanca::PopulacaoDepois(depois),
            estimativa,
            fonte,
        },
    ))
}

/// O que a área do novo leva da origem `o` em dois critérios do ICMS: o valor adicionado e a
/// área territorial. Na fusão, o município inteiro; com uma origem só, o informado diante do
/// todo; com várias, não se sabe o que vem de cada uma (`None`: o cálculo aproxima e diz).
fn criterios_da_area(
    n: &divisa_lei::fatos::NovoMunicipio,
    o: u32,
    nome_o: &str,
    fusao: bool,
    varias: bool,
) -> (Option<Parte>, Option<Parte>) {
    let municipio = divisa_referencia::mt().ok().and_then(|m| m.por_codigo(o));
    let uma_origem = fusao || !varias;
    let valor_adicionado = match (
        uma_origem,
        n.dados.valor_adicionado,
        municipio.and_then(|m| m.valor_adicionado_2019.as_ref()),
    ) {
        (true, _, Some(todo)) if fusao => inteiro_do_criterio(todo.valor),
        (true, Some(va), Some(todo)) => parte_do_criterio(
            va,
            todo.valor,
            false,
            format!(
                "valor adicionado da área informado na proposta, diante do de {nome_o} ({})",
                todo.fonte
            ),
        ),
        _ => None,
    };
    let area_km2 = n
        .area
        .as_ref()
        .and_then(|a| a.medidas.as_ref())
        .map(|m| m.area_km2);
    let area_territorial = match (
        uma_origem,
        area_km2,
        municipio.and_then(|m| m.area_oficial_km2.as_ref()),
    ) {
        (true, _, Some(todo)) if fusao => inteiro_do_criterio(todo.valor),
        (true, Some(a), Some(todo)) => parte_do_criterio(
            a,
            todo.valor,
            true,
            format!(
                "área geodésica do território apresentado, diante da área oficial de {nome_o} ({})",
                todo.fonte
            ),
        ),
        _ => None,
    };
    (valor_adicionado, area_territorial)
}

/// A incorporação (Art. 1º) e a extinção (Art. 10): o extinto sai, e o que o recebe ganha a
/// população inteira e o índice do ICMS dele (sem quem o receba, o ICMS fica pendente).
fn incorporacao_ou_extincao(fatos: &Fatos, antes: &Antes) -> Result<Mudancas, ErroEstudo> {
    let rotulo = antes.rotulo;
    let incorporacao = fatos.tipo == Tipo::Incorporacao;
    let (extinto, destino) = if incorporacao {
        let i = fatos
            .incorporacao
            .ok_or_else(|| erro("incorporacao", "a proposta não descreve a incorporação"))?;
        (i.municipio, Some(i.receptor))
    } else {
        let e = fatos
            .extincao
            .ok_or_else(|| erro("extincao", "a proposta não descreve a extinção"))?;
        (e.municipio, e.municipio_de_origem.or(e.municipio_contiguo))
    };
    let mut m = Mudancas::do_tipo(if incorporacao {
        TipoProposta::Incorporacao
    } else {
        TipoProposta::Extincao
    });
    let (p_extinto, nome_extinto) = antes.de(extinto)?;
    m.alteracoes.push(Alteracao {
        codigo_ibge: extinto,
        mudanca: Mudanca::Extinto,
        estimativa: false,
        fonte: if incorporacao {
            "extinto pela incorporação (Art. 1º)".into()
        } else {
            "extinto (Art. 10)".into()
        },
    });
    if let Some(d) = destino {
        let (p_destino, nome_destino) = antes.de(d)?;
        m.alteracoes.push(Alteracao {
            codigo_ibge: d,
            mudanca: Mudanca::Recebe(p_extinto),
            estimativa: true,
            fonte: format!("recebe a população inteira de {nome_extinto} ({rotulo})"),
        });
        m.evm.remanescentes.push(RemanescenteEvm {
            codigo_ibge: d,
            nome: nome_destino,
            populacao: Some(p_destino.saturating_add(p_extinto)),
        });
        m.destino_icms = Some(DestinoIcms::Existente { codigo_ibge: d });
        m.origens_icms.push(OrigemIcms {
            codigo_ibge: extinto,
            populacao: parte_da_populacao(
                p_extinto,
                p_extinto,
                format!("o município inteiro ({rotulo})"),
            ),
            valor_adicionado: None,
            area_territorial: None,
            outros: Vec::new(),
        });
    }
    Ok(m)
}

/// O desmembramento da revisão de limites (Art. 8º): a população da área (pelos setores
/// censitários, quando há) passa do cedente ao receptor, e a área leva a sua parte do ICMS.
fn desmembramento(fatos: &Fatos, antes: &Antes) -> Result<Mudancas, ErroEstudo> {
    let rotulo = antes.rotulo;
    let d = fatos
        .desmembramento
        .as_ref()
        .ok_or_else(|| erro("desmembramento", "a proposta não descreve o desmembramento"))?;
    let mut m = Mudancas::do_tipo(TipoProposta::Desmembramento);
    let (p_cedente, nome_cedente) = antes.de(d.cedente)?;
    let (_, nome_receptor) = antes.de(d.receptor)?;
    let medidas = d.area.as_ref().and_then(|a| a.medidas.as_ref());
    let pop_area = medidas
        .and_then(|m| m.estimativa_setores)
        .map(|e| e.populacao.round().clamp(0.0, f64::from(p_cedente)) as u32);
    match pop_area {
        None => m.notas.push(format!(
            "A população da área desmembrada não é conhecida (nenhum setor censitário importado a cobre): nenhum habitante muda de lado no estudo, e o FPM só mudaria se {nome_cedente} ou {nome_receptor} mudasse de faixa do DL nº 1.881/1981. Importe os setores censitários do Censo 2022 ou informe a população da área para medir o efeito."
        )),
        Some(x) => {
            m.alteracoes.push(Alteracao {
                codigo_ibge: d.cedente,
                mudanca: Mudanca::PopulacaoDepois(p_cedente - x),
                estimativa: true,
                fonte: format!("{rotulo} menos a população da área pelos setores censitários"),
            });
            m.alteracoes.push(Alteracao {
                codigo_ibge: d.receptor,
                mudanca: Mudanca::Recebe(x),
                estimativa: true,
                fonte: "a população da área pelos setores censitários do Censo 2022".into(),
            });
        }
    }
    // o receptor não é um remanescente: os projetos medem o que resta do que se divide
    m.evm.remanescentes.push(RemanescenteEvm {
        codigo_ibge: d.cedente,
        nome: nome_cedente.clone(),
        populacao: Some(p_cedente - pop_area.unwrap_or(0)),
    });
    m.destino_icms = Some(DestinoIcms::Existente {
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
        (Some(a), Some(t)) => parte_do_criterio(
            a,
            t,
            true,
            format!("a área desmembrada diante da de {nome_cedente}"),
        ),
        _ => None,
    };
    m.origens_icms.push(OrigemIcms {
        codigo_ibge: d.cedente,
        populacao: parte_da_populacao(
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
    Ok(m)
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
