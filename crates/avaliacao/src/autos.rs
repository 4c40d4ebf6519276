//! Os autos avaliados: a lei aplicada ao que está no processo, não a um arquivo ao lado dele.
//!
//! Todo lugar que mostra a lei diante de um processo — a página, a API, `divisa processo
//! avaliar`, os documentos e a conferência do parecer de mérito (Art. 18) — chama
//! [`avaliar`], e por isso todos mostram os mesmos números.
//!
//! O que vem dos autos, por ordem de autoridade:
//! 1. a certidão do órgão competente (Art. 2º, § 2º): substitui o número da representação e o
//!    achado cita a certidão (número, órgão, dia);
//! 2. o número informado na representação (a proposta juntada): sem a certidão, o achado fica
//!    pendente e diz o resultado como prévia;
//! 3. os dados embutidos (IBGE, TSE), onde a lei os usa (as origens, as médias estaduais).
//!
//! Também dos autos: os documentos do Art. 15 (os do protocolo e os juntados depois, não a
//! lista que a proposta declara) e o resultado do plebiscito registrado com os números do TRE.
//!
//! A data: o texto da lei em vigor no dia do ato que se prepara (hoje) ou no dia pedido — nunca
//! a `data_referencia` da proposta, que é o dia em que a lei de criação seria feita e continua a
//! servir ao Art. 3º.

use std::collections::BTreeSet;

use divisa_lei::fatos::{Certidao, Certidoes, Plebiscito, Representacao, Tipo};
use divisa_lei::{Avaliacao, Situacao};
use divisa_processo::{Ato, DocumentoArt15, NovaRepresentacao, Processo, TipoProcesso, Via};
use jiff::civil::Date;

use crate::proposta::{ler, Arquivos, ErroProposta, Proposta};

/// A lei aplicada aos autos.
#[derive(Debug, Clone)]
pub struct AutosAvaliados {
    /// A proposta juntada, com os fatos já trocados pelos dos autos.
    pub proposta: Proposta,
    /// A avaliação.
    pub avaliacao: Avaliacao,
    /// De onde veio cada fato que os autos trocaram (para o relatório e os documentos).
    pub procedencia: Vec<String>,
}

/// Por que os autos não puderam ser avaliados.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ErroAutos {
    /// Sem proposta juntada, a lei não tem o território nem os números da representação.
    #[error("o processo {protocolo} ainda não tem a proposta juntada aos autos (o tipo, o território e os números da representação); junte-a com o ato «Juntar a proposta da representação»")]
    SemProposta {
        /// O processo.
        protocolo: String,
    },
    /// A proposta juntada não pôde ser lida.
    #[error("a proposta juntada ao processo não pôde ser lida: {0}")]
    Proposta(#[from] ErroProposta),
    /// A lei não pôde ser aplicada na data.
    #[error(transparent)]
    Lei(#[from] divisa_lei::ErroAvaliacao),
}

/// O que vem do registro para a avaliação dos autos: os arquivos do território (seq do ato,
/// nome, conteúdo) e os setores censitários importados (`None`: os embutidos).
#[derive(Debug, Clone, Default)]
pub struct DoRegistro {
    /// Os arquivos dos atos que a proposta cita, em ordem.
    pub arquivos: Vec<(u64, String, Vec<u8>)>,
    /// Os setores importados dos municípios de origem.
    pub setores: Option<Vec<divisa_referencia::setores::Setor>>,
    /// As versões da área, tiradas dos eventos ([`crate::versoes_da_area::versoes`]); `None` quando quem
    /// chama não tem os eventos (a versão em vigor sai então dos arquivos).
    pub versoes: Option<Vec<crate::versoes_da_area::Versao>>,
}

/// A lei em vigor em `data` aplicada aos autos de `processo`, cujos arquivos (dos atos, em
/// ordem: seq, nome, conteúdo) são `arquivos`: o território que a proposta cita (`area`) é o
/// último arquivo com esse nome juntado aos autos — a versão em vigor; as anteriores ficam nos
/// autos (a emenda de divisas do Art. 19, § 3º, é uma versão nova, nunca uma edição).
pub fn avaliar(
    processo: &Processo,
    do_registro: &DoRegistro,
    data: Date,
) -> Result<AutosAvaliados, ErroAutos> {
    let arquivos = &do_registro.arquivos;
    let texto = processo
        .proposta
        .as_deref()
        .ok_or_else(|| ErroAutos::SemProposta {
            protocolo: processo.protocolo.to_string(),
        })?;
    let nome = format!("proposta juntada ao processo {}", processo.protocolo);
    let mut por_nome: std::collections::BTreeMap<String, Vec<u8>> = Default::default();
    for (_, n, conteudo) in arquivos {
        por_nome.insert(n.clone(), conteudo.clone());
    }
    // A área em vigor é a última versão (issue 29): o arquivo que a proposta cita, juntado de
    // novo, ou a área desenhada no mapa ([`Ato::AlterarArea`]), o que veio depois. Desenhada
    // por último, a proposta é lida com a `area` trocada pelo arquivo dessa versão.
    let versoes = match &do_registro.versoes {
        Some(v) => v.clone(),
        None => crate::versoes_da_area::versoes_dos_arquivos(processo, arquivos),
    };
    // o conteúdo da versão em vigor (pelo ato que a trouxe: o mesmo nome pode vir em vários)
    if let Some(v) = versoes.last() {
        if let Some((_, _, c)) = arquivos
            .iter()
            .find(|(seq, n, _)| *seq == v.seq && *n == v.arquivo)
        {
            por_nome.insert(v.arquivo.clone(), c.clone());
        }
    }
    let texto = match versoes.last() {
        Some(v) if v.desenhada => crate::versoes_da_area::com_area(texto, &v.arquivo),
        _ => texto.to_owned(),
    };
    let mut proposta = ler(
        &nome,
        &texto,
        Arquivos::DosAutos(&por_nome),
        do_registro.setores.as_deref(),
    )?;
    let mut procedencia = fatos_dos_autos(&mut proposta, processo);
    let area = proposta
        .fatos
        .novo
        .as_ref()
        .and_then(|n| n.area.as_ref())
        .or_else(|| {
            proposta
                .fatos
                .desmembramento
                .as_ref()
                .and_then(|d| d.area.as_ref())
        });
    if let Some(a) = area {
        match versoes.last() {
            Some(v) => procedencia.push(format!(
                "Território: {} no ato {}{}.",
                if v.desenhada {
                    "a área desenhada no mapa".to_owned()
                } else {
                    format!("o arquivo «{}» juntado", v.arquivo)
                },
                v.seq,
                if versoes.len() > 1 {
                    format!(
                        " (versão {} de {}; as anteriores, dos atos {}, ficam nos autos)",
                        versoes.len(),
                        versoes.len(),
                        versoes[..versoes.len() - 1]
                            .iter()
                            .map(|v| v.seq.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                } else {
                    String::new()
                }
            )),
            None => procedencia.push(format!(
                "Território: a proposta cita «{}», que ainda não está nos autos.",
                a.arquivo
            )),
        }
    }
    let avaliacao = divisa_lei::avaliar(&proposta.fatos, data)?;
    Ok(AutosAvaliados {
        proposta,
        avaliacao,
        procedencia,
    })
}

pub use crate::versoes_da_area::ato_de_territorio;

/// Os nomes dos arquivos dos autos de que a avaliação precisa: o território que a proposta
/// cita (`novo.area`, `desmembramento.area`) e o .prj ao lado de um Shapefile. Para o registro
/// buscar só esses (um processo pode ter dezenas de PDFs digitalizados).
pub fn arquivos_necessarios(processo: &Processo) -> Vec<String> {
    let mut nomes = processo
        .proposta
        .as_deref()
        .map(arquivos_citados)
        .unwrap_or_default();
    // e as versões desenhadas no mapa (issue 29), também numa proposta que ainda não citava
    // arquivo de área
    if processo.proposta.is_some() {
        nomes.extend(processo.arquivos_de_area.iter().cloned());
    }
    nomes
}

/// Os arquivos que o texto de uma proposta cita: `novo.area`, `desmembramento.area` e o .prj
/// ao lado de cada um (o sistema de coordenadas de um Shapefile). Sem validar o resto.
pub fn arquivos_citados(texto: &str) -> Vec<String> {
    let Ok(valor) = texto.parse::<toml::Table>() else {
        return Vec::new();
    };
    let mut nomes = Vec::new();
    for secao in ["novo", "desmembramento"] {
        if let Some(area) = valor
            .get(secao)
            .and_then(|s| s.get("area"))
            .and_then(|a| a.as_str())
        {
            nomes.push(area.to_owned());
            if let Some(prj) = std::path::Path::new(area).with_extension("prj").to_str() {
                if prj != area {
                    nomes.push(prj.to_owned());
                }
            }
        }
    }
    nomes
}

/// Troca, nos fatos da proposta, o que os autos dizem com mais autoridade; devolve, em
/// palavras, o que foi trocado.
fn fatos_dos_autos(proposta: &mut Proposta, processo: &Processo) -> Vec<String> {
    let mut notas = Vec::new();
    let fatos = &mut proposta.fatos;

    // Art. 15: os documentos que estão nos autos.
    let documentos: Vec<String> = processo
        .documentos
        .iter()
        .flat_map(|d| codigos_da_proposta(*d).iter().map(|c| (*c).to_owned()))
        .collect();
    let declarados_sem_arquivo: Vec<String> = processo
        .declarados_a_juntar()
        .iter()
        .flat_map(|d| codigos_da_proposta(*d).iter().map(|c| (*c).to_owned()))
        .collect();
    match &mut fatos.representacao {
        Some(r) => {
            r.documentos = documentos;
            r.documentos_nos_autos = true;
            r.declarados_sem_arquivo = declarados_sem_arquivo;
        }
        None => {
            // A proposta não trouxe a lista: as assinaturas são as do protocolo, sem títulos.
            fatos.representacao = Some(Representacao {
                assinaturas: Vec::new(),
                documentos,
                documentos_nos_autos: true,
                declarados_sem_arquivo,
                assinaturas_sem_lista: Some(processo.assinaturas),
            })
        }
    }
    notas.push(
        "Documentos do Art. 15: os que um arquivo apresenta nos autos (protocolo e juntadas), não a lista declarada na proposta nem na representação.".into(),
    );

    // Art. 6º: o que a representação respondeu sobre pessoa viva vale quando a proposta não
    // diz nada (a proposta, quando diz, é a declaração mais recente).
    if let (Some(novo), Some(viva)) = (&mut fatos.novo, processo.nome_homenageia_pessoa_viva) {
        if novo.nome_homenageia_pessoa_viva.is_none() {
            novo.nome_homenageia_pessoa_viva = Some(viva);
            notas.push(format!(
                "Art. 6º: a representação declarou, no protocolo, que o nome {}homenageia pessoa viva.",
                if viva { "" } else { "não " }
            ));
        }
    }

    // Art. 2º, § 2º: os números certificados do novo município.
    if fatos.tipo == Tipo::Criacao {
        if let Some(novo) = &mut fatos.novo {
            let mut certidoes = Certidoes::default();
            for (orgao, numero, em, dados) in processo.numeros_certificados() {
                // Leitura registrada: a certidão certifica os números de uma linha (Art. 2º,
                // § 2º). Alterada a área no mapa no mesmo dia ou depois dela, os números são de
                // outra área: não valem como certificados, e o achado volta a pendente com o
                // número da representação (no mesmo dia, na dúvida, a certidão é da anterior).
                if let Some(alterada) = processo.area_alterada_em.filter(|a| em <= *a) {
                    notas.push(format!(
                        "A certidão nº {numero} ({}), de {}, certificou a área anterior: a área foi alterada no mapa em {}; os números dela não valem para a linha em vigor e devem ser certificados de novo (Art. 2º, § 2º).",
                        orgao.certificador(),
                        divisa_referencia::formato::data(em),
                        divisa_referencia::formato::data(alterada)
                    ));
                    continue;
                }
                let certidao = Certidao {
                    orgao: orgao.certificador().to_owned(),
                    numero: numero.to_owned(),
                    em,
                };
                let mut usar = |campo: &mut Option<Certidao>, nome: &str| {
                    *campo = Some(certidao.clone());
                    notas.push(format!(
                        "{nome}: certidão nº {numero} ({}), de {}.",
                        orgao.certificador(),
                        divisa_referencia::formato::data(em)
                    ));
                };
                if let Some(v) = dados.populacao {
                    novo.dados.populacao = Some(v);
                    usar(&mut certidoes.populacao, "População");
                }
                if let Some(v) = dados.eleitores {
                    novo.dados.eleitores = Some(v);
                    usar(&mut certidoes.eleitores, "Eleitores");
                }
                if let Some(v) = dados.casas_centro_urbano {
                    novo.dados.casas_centro_urbano = Some(v);
                    usar(&mut certidoes.casas_centro_urbano, "Casas do centro urbano");
                }
                if let Some(v) = dados.valor_adicionado {
                    novo.dados.valor_adicionado = Some(v);
                    usar(&mut certidoes.valor_adicionado, "Valor adicionado");
                }
                if let Some(v) = dados.arrecadacao {
                    novo.dados.arrecadacao = Some(v);
                    usar(&mut certidoes.arrecadacao, "Arrecadação");
                }
            }
            novo.certidoes = Some(certidoes);
        }
    }

    // Art. 11, § 2º: o resultado registrado com os números do TRE — só ele. Uma seção
    // [plebiscito] da proposta é declaração dos peticionários, não plebiscito realizado: nos
    // autos, sem o resultado registrado, o plebiscito não houve.
    if processo.plebiscito.is_none() && fatos.plebiscito.take().is_some() {
        notas.push("Plebiscito: o resultado declarado na proposta não vale nos autos; vale só o registrado com os números do TRE (Art. 20), que ainda não há.".into());
    }
    if let Some((dia, apuracoes)) = &processo.plebiscito {
        // Leitura registrada: com várias localidades (a fusão consulta cada município, Art. 4º,
        // parágrafo único), a maioria absoluta é exigida em cada uma; o achado usa a localidade
        // de menor margem, que é a que decide.
        let decisiva = apuracoes
            .iter()
            .min_by_key(|a| i128::from(a.sim) * 2 - i128::from(a.inscritos));
        if let Some(a) = decisiva {
            fatos.plebiscito = Some(Plebiscito {
                eleitores_inscritos: a.inscritos,
                votos_sim: a.sim,
                votos_nao: a.nao,
            });
            notas.push(format!(
                "Plebiscito: o resultado registrado nos autos (votação de {}{}).",
                divisa_referencia::formato::data(*dia),
                if apuracoes.len() > 1 {
                    format!(
                        ", {}: a localidade de menor margem entre {}",
                        a.localidade,
                        apuracoes.len()
                    )
                } else {
                    String::new()
                }
            ));
        }
    }
    notas
}

/// Os autos de volta como proposta (CONTRACT §2): a proposta juntada com o que os autos dizem
/// com mais autoridade — os números certificados em `[novo.dados]`, os documentos do Art. 15
/// que estão nos autos, o plebiscito registrado (ou nenhum). `None` sem proposta juntada.
pub fn proposta_dos_autos(processo: &Processo) -> Option<String> {
    use toml::Value;
    let texto = processo.proposta.as_deref()?;
    let mut t: toml::Table = texto.parse().ok()?;
    let documentos: Vec<Value> = processo
        .documentos
        .iter()
        .flat_map(|d| {
            codigos_da_proposta(*d)
                .iter()
                .map(|c| Value::String((*c).into()))
        })
        .collect();
    let representacao = t
        .entry("representacao")
        .or_insert_with(|| Value::Table(Default::default()));
    if let Value::Table(r) = representacao {
        r.insert("documentos".into(), Value::Array(documentos));
    }
    if processo.tipo == TipoProcesso::Criacao {
        let mut certificados = toml::Table::new();
        for (_, _, em, d) in processo.numeros_certificados() {
            // a certidão de uma área que o mapa já mudou não vale (ver `fatos_dos_autos`)
            if processo.area_alterada_em.is_some_and(|a| em <= a) {
                continue;
            }
            let inteiro = |v: u64| Value::Integer(i64::try_from(v).unwrap_or(i64::MAX));
            if let Some(v) = d.populacao {
                certificados.insert("populacao".into(), inteiro(v));
            }
            if let Some(v) = d.eleitores {
                certificados.insert("eleitores".into(), inteiro(v));
            }
            if let Some(v) = d.casas_centro_urbano {
                certificados.insert("casas_centro_urbano".into(), inteiro(v));
            }
            if let Some(v) = d.valor_adicionado {
                certificados.insert("valor_adicionado".into(), Value::Float(v));
            }
            if let Some(v) = d.arrecadacao {
                certificados.insert("arrecadacao".into(), Value::Float(v));
            }
        }
        if let Some(Value::Table(novo)) = t.get_mut("novo") {
            let dados = novo
                .entry("dados")
                .or_insert_with(|| Value::Table(Default::default()));
            if let Value::Table(dados) = dados {
                dados.extend(certificados);
            }
        }
    }
    t.remove("plebiscito");
    if let Some((_, apuracoes)) = &processo.plebiscito {
        let decisiva = apuracoes
            .iter()
            .min_by_key(|a| i128::from(a.sim) * 2 - i128::from(a.inscritos));
        if let Some(a) = decisiva {
            let mut p = toml::Table::new();
            let i = |v: u64| Value::Integer(i64::try_from(v).unwrap_or(i64::MAX));
            p.insert("eleitores_inscritos".into(), i(a.inscritos));
            p.insert("votos_sim".into(), i(a.sim));
            p.insert("votos_nao".into(), i(a.nao));
            t.insert("plebiscito".into(), Value::Table(p));
        }
    }
    let corpo = toml::to_string(&t).ok()?;
    Some(format!(
        "# Proposta dos autos do processo {}: a juntada, com os números certificados, os\n# documentos do Art. 15 que estão nos autos e o plebiscito registrado.\n{corpo}",
        processo.protocolo
    ))
}

/// Os nomes da proposta (CONTRACT §2) para um documento do Art. 15 nos autos: o processo junta
/// "mapa e memorial" como uma peça, a proposta os declara separados.
pub fn codigos_da_proposta(d: DocumentoArt15) -> &'static [&'static str] {
    match d {
        DocumentoArt15::Requerimento => &["requerimento"],
        DocumentoArt15::MapaNovo => &["mapa_novo", "memorial_novo"],
        DocumentoArt15::MapaOrigem => &["mapa_origem", "memorial_origem"],
        DocumentoArt15::Justificativa => &["justificativa"],
        DocumentoArt15::Fotografias => &["fotografias"],
    }
}

/// O protocolo (Art. 14) de uma representação que chega como proposta (CONTRACT §2): o tipo,
/// o nome, as origens, as assinaturas e os documentos saem dela, e ela fica nos autos.
///
/// `arquivos`: os que vêm com a proposta (o território que ela cita), por nome; o território
/// é lido e conferido já no protocolo, e os arquivos vão aos autos com ele.
pub fn protocolo_da_proposta(
    nome_do_arquivo: &str,
    texto: &str,
    arquivos: &std::collections::BTreeMap<String, Vec<u8>>,
    via: Via,
    representante: &str,
) -> Result<NovaRepresentacao, ErroProposta> {
    let proposta = ler(nome_do_arquivo, texto, Arquivos::DosAutos(arquivos), None)?;
    // o que falta na proposta, dito no campo (a seção que a lei pede)
    let erro = |campo: &str, mensagem: String| ErroProposta {
        arquivo: nome_do_arquivo.to_owned(),
        linha: None,
        campo: Some(campo.to_owned()),
        mensagem,
    };
    let f = &proposta.fatos;
    let tipo = TipoProcesso::try_from(f.tipo).map_err(|e| erro("tipo", e.to_string()))?;
    let mt = divisa_referencia::mt().map_err(|e| ErroProposta {
        arquivo: nome_do_arquivo.to_owned(),
        linha: None,
        campo: None,
        mensagem: format!("dados de referência: {e}"),
    })?;
    let nome_de = |codigo: u32| {
        mt.por_codigo(codigo)
            .map(|m| m.nome.to_string())
            .unwrap_or_else(|| codigo.to_string())
    };
    let (nome, origens): (String, Vec<u32>) = match tipo {
        TipoProcesso::Criacao | TipoProcesso::Fusao => {
            let novo = f.novo.as_ref().ok_or_else(|| {
                erro(
                    "novo",
                    "falta o novo município, com o nome e os municípios de origem (seção [novo])"
                        .into(),
                )
            })?;
            let nome = novo.nome.clone().ok_or_else(|| {
                erro("novo.nome", "falta o nome proposto para o novo município (Art. 7º, I; campo nome da seção [novo])".into())
            })?;
            (nome, novo.origens.clone())
        }
        TipoProcesso::Incorporacao => {
            let i = f.incorporacao.ok_or_else(|| {
                erro(
                    "incorporacao",
                    "falta dizer qual município se incorpora e a qual (seção [incorporacao])"
                        .into(),
                )
            })?;
            (
                format!(
                    "Incorporação de {} a {}",
                    nome_de(i.municipio),
                    nome_de(i.receptor)
                ),
                vec![i.municipio, i.receptor],
            )
        }
        TipoProcesso::Desmembramento => {
            let d = f
                .desmembramento
                .as_ref()
                .ok_or_else(|| erro("desmembramento", "falta dizer de qual município a área sai e a qual vai (seção [desmembramento])".into()))?;
            (
                format!(
                    "Revisão de limites {}–{}",
                    nome_de(d.cedente),
                    nome_de(d.receptor)
                ),
                vec![d.cedente, d.receptor],
            )
        }
    };
    let declarados: BTreeSet<&str> = f
        .representacao
        .as_ref()
        .map(|r| r.documentos.iter().map(String::as_str).collect())
        .unwrap_or_default();
    let documentos = DocumentoArt15::TODOS
        .into_iter()
        .filter(|d| {
            codigos_da_proposta(*d)
                .iter()
                .all(|c| declarados.contains(c))
        })
        .collect();
    let assinaturas = f.representacao.as_ref().map_or(0, |r| r.assinaturas.len());
    // a leitura da proposta já recusa um código fora de MT; esta conversão só não o supõe
    let secao = match tipo {
        TipoProcesso::Criacao | TipoProcesso::Fusao => "novo.origens",
        TipoProcesso::Incorporacao => "incorporacao",
        TipoProcesso::Desmembramento => "desmembramento",
    };
    let origens = origens
        .into_iter()
        .map(|c| {
            mt.por_codigo(c).map(|m| m.codigo()).ok_or_else(|| {
                erro(
                    secao,
                    format!("o código IBGE {c} não é de um município de Mato Grosso"),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(NovaRepresentacao {
        tipo,
        nome,
        municipios_origem: origens,
        via,
        representante: representante.to_owned(),
        assinaturas: u32::try_from(assinaturas).unwrap_or(u32::MAX),
        documentos,
        proposta: Some(texto.to_owned()),
        nome_homenageia_pessoa_viva: f.novo.as_ref().and_then(|n| n.nome_homenageia_pessoa_viva),
    })
}

/// Confere a proposta que se junta a um processo já protocolado: legível e do mesmo tipo.
pub fn conferir_proposta_juntada(processo: &Processo, texto: &str) -> Result<Ato, ErroProposta> {
    let nome = format!("proposta juntada ao processo {}", processo.protocolo);
    let proposta = ler(&nome, texto, Arquivos::Nenhum, None)?;
    if proposta.fatos.tipo != processo.tipo.tipo_da_proposta() {
        return Err(ErroProposta {
            linha: crate::mensagens::linha_do_campo(texto, &["tipo".to_owned()]),
            arquivo: nome,
            campo: Some("tipo".into()),
            mensagem: format!(
                "a proposta é de {}, o processo é de {}",
                proposta.fatos.tipo.descricao(),
                processo.tipo.nome()
            ),
        });
    }
    Ok(Ato::AnexarProposta {
        proposta: texto.to_owned(),
    })
}

/// O ato, pronto para o registro: a proposta juntada, conferida (legível, do tipo do
/// processo); o parecer de mérito, com os achados do motor da lei (Art. 18). A linha de
/// comando, o formulário e a API chamam esta função antes de `Registro::anexar`.
pub fn preparar(
    ato: Ato,
    processo: &Processo,
    do_registro: &DoRegistro,
    data: Date,
    avisar: &mut dyn FnMut(String),
) -> Result<Ato, ErroProposta> {
    match ato {
        Ato::AnexarProposta { proposta } => conferir_proposta_juntada(processo, &proposta),
        ato @ Ato::ParecerDeMerito { .. } => {
            Ok(com_achados(ato, processo, do_registro, data, avisar))
        }
        ato => Ok(ato),
    }
}

/// Art. 18: o parecer de mérito passa pelo motor da lei. Os dispositivos que os autos não
/// atendem na data do parecer entram em `nao_atendidos` (e a lei recusa o parecer favorável).
/// Se os autos não podem ser avaliados, `avisar` recebe o porquê: o parecer segue sem a
/// conferência, e o aviso diz isso.
pub fn com_achados(
    ato: Ato,
    processo: &Processo,
    do_registro: &DoRegistro,
    data: Date,
    avisar: &mut dyn FnMut(String),
) -> Ato {
    let Ato::ParecerDeMerito {
        favoravel,
        votos,
        mut nao_atendidos,
    } = ato
    else {
        return ato;
    };
    match avaliar(processo, do_registro, data) {
        Ok(a) => {
            for x in a.avaliacao.achados {
                if x.situacao == Situacao::NaoAtende && !nao_atendidos.contains(&x.dispositivo) {
                    nao_atendidos.push(x.dispositivo);
                }
            }
        }
        Err(e) => avisar(format!(
            "{e}; o parecer de mérito não foi conferido pelo motor da lei."
        )),
    }
    Ato::ParecerDeMerito {
        favoravel,
        votos,
        nao_atendidos,
    }
}
