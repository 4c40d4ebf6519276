//! Os autos em PDF — o que o SEI chama de "gerar PDF do processo": a capa com o NUP, o índice
//! das peças com a página em que cada uma começa, cada ato na ordem (quem o praticou, por nome
//! e cargo; o que fez; o texto que trouxe; os arquivos, com o SHA-256) e, na versão integral,
//! a lei aplicada aos autos.
//!
//! A versão pública (Art. 16) leva só os atos públicos, na forma pública (sem a proposta, que
//! traz títulos de eleitor), sem os arquivos dos atos reservados e sem a avaliação: o que os
//! Arts. 22 e 23 reservam à Comissão fica de fora.

use std::collections::BTreeSet;

use divisa_processo::{Ato, DocumentoArt15, Evento, Via};
use divisa_referencia::formato::{data as fmt_data, inteiro};

use divisa_lei::Avaliacao;
use jiff::civil::Date;

use super::{
    centro, data_por_extenso, documento, origem_certificada, p, recuado, secao, tabela_de_achados,
    Autos,
};
use crate::{Bloco, Documento, TipoDeDocumento};

/// Os textos que um ato traz além do resumo (o relatório da visita, o motivo da recusa…).
fn teor(e: &Evento, publico: bool) -> Vec<String> {
    match &e.ato {
        Ato::Protocolar {
            representante,
            via,
            assinaturas,
            documentos,
            documentos_por_arquivo,
            proposta,
            tipo_processo,
            nome_homenageia_pessoa_viva,
            ..
        } => {
            let mut v = vec![
                format!("Representante: {representante}."),
                match via {
                    Via::Deputado { .. } => {
                        "Encaminhada através de deputado (Art. 14, parágrafo único).".into()
                    }
                    Via::Comunidade => "Encaminhada diretamente pela comunidade.".into(),
                },
                format!(
                    "Assinaturas de eleitores: {}.",
                    inteiro(i64::from(*assinaturas))
                ),
            ];
            let lista = |l: &mut dyn Iterator<Item = DocumentoArt15>| {
                let nomes: Vec<&str> = l.map(|d| d.nome_no(*tipo_processo)).collect();
                if nomes.is_empty() {
                    "nenhum".to_owned()
                } else {
                    nomes.join("; ")
                }
            };
            if *documentos_por_arquivo {
                // Declarar não é juntar (Art. 16, parágrafo único): o termo diz o que veio com
                // arquivo e o que só foi declarado.
                let com_arquivo: BTreeSet<DocumentoArt15> =
                    e.anexos.iter().filter_map(|a| a.documento).collect();
                v.push(format!(
                    "Documentos do Art. 15 apresentados com arquivo: {}.",
                    lista(&mut com_arquivo.iter().copied())
                ));
                v.push(format!(
                    "Declarados na representação, sem arquivo, a juntar (Art. 16, parágrafo único): {}.",
                    lista(&mut documentos.iter().copied().filter(|d| !com_arquivo.contains(d)))
                ));
            } else {
                v.push(format!(
                    "Documentos do Art. 15 declarados na representação: {}.",
                    lista(&mut documentos.iter().copied())
                ));
            }
            if let Some(viva) = nome_homenageia_pessoa_viva {
                v.push(format!(
                    "Declara que o nome proposto {}homenageia pessoa viva (Art. 6º).",
                    if *viva { "" } else { "não " }
                ));
            }
            if proposta.is_some() && !publico {
                v.push("A proposta da representação (território, números, assinaturas com os títulos) foi juntada aos autos e segue, na íntegra, na cópia digital dos autos.".into());
            }
            v
        }
        Ato::RegistrarVisita { local, relatorio } => {
            vec![
                format!("Local: {local}."),
                format!("Relatório: {relatorio}"),
            ]
        }
        Ato::EmitirCertidao { conteudo, .. } if !conteudo.is_empty() => {
            vec![format!("Observações da certidão: {conteudo}")]
        }
        Ato::RecusarCertidao { motivo, .. } => vec![format!("Motivo declarado: {motivo}")],
        Ato::EmendarDivisas { descricao } => vec![format!("Emenda: {descricao}")],
        Ato::InformarPlenario { nota } => vec![format!("Informação: {nota}")],
        Ato::PedirUrgencia { justificativa } => vec![format!("Justificativa: {justificativa}")],
        Ato::ApresentarProjetoDeLei { conteudo, .. } => vec![
            format!("Nome: {}.", conteudo.nome),
            format!("Ano de instalação: {}.", conteudo.ano_instalacao),
            format!("Divisas: {}", conteudo.divisas),
        ],
        Ato::RegistrarPlebiscito { apuracoes, .. } => apuracoes
            .iter()
            .map(|a| {
                format!(
                    "{}: {} inscritos, {} SIM, {} NÃO, {} brancos, {} nulos.",
                    a.localidade,
                    inteiro(i64::try_from(a.inscritos).unwrap_or(i64::MAX)),
                    inteiro(i64::try_from(a.sim).unwrap_or(i64::MAX)),
                    inteiro(i64::try_from(a.nao).unwrap_or(i64::MAX)),
                    inteiro(i64::try_from(a.brancos).unwrap_or(i64::MAX)),
                    inteiro(i64::try_from(a.nulos).unwrap_or(i64::MAX)),
                )
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Os blocos de uma peça (um ato).
fn peca(autos: &Autos<'_>, e: &Evento, publico: bool) -> Vec<Bloco> {
    let quem = autos.pessoa(&e.ator);
    let mut v = vec![
        secao(format!("Ato {} — {}", e.seq, fmt_data(e.data))),
        p(format!("Praticado por {quem}.")),
        p(format!(
            "{}.",
            divisa_referencia::formato::primeira_maiuscula(&e.ato.resumo_com(&|login| {
                autos.pessoa(&divisa_processo::Ator::new(
                    login,
                    divisa_processo::Papel::Servidor,
                ))
            }))
        )),
    ];
    v.extend(teor(e, publico).into_iter().map(recuado));
    if !e.anexos.is_empty() {
        v.push(p(
            "Arquivos do ato (na pasta arquivos/ do pacote dos autos):",
        ));
        v.push(Bloco::Tabela {
            colunas: vec![
                "Arquivo".into(),
                "Formato".into(),
                "Tamanho (bytes)".into(),
                "SHA-256".into(),
            ],
            larguras: vec![1.8, 1.6, 0.8, 3.0],
            linhas: e
                .anexos
                .iter()
                .map(|a| {
                    vec![
                        a.nome.clone(),
                        a.formato().into(),
                        inteiro(i64::try_from(a.tamanho).unwrap_or(i64::MAX)),
                        a.sha256.clone(),
                    ]
                })
                .collect(),
        });
    }
    v
}

/// Os autos do processo em um documento, datado de `data`. `avaliacao`: a lei aplicada aos
/// autos (sem ela — sem a proposta juntada —, a última peça diz que falta). `publico`: a
/// versão do Art. 16.
pub fn autos_do_processo(
    autos: Autos<'_>,
    avaliacao: Option<&Avaliacao>,
    data: Date,
    publico: bool,
) -> Documento {
    let pr = autos.processo;
    let eventos: Vec<Evento> = if publico {
        autos
            .eventos
            .iter()
            .filter(|e| e.ato.publico())
            .map(|e| Evento {
                ato: e.ato.versao_publica(),
                ..e.clone()
            })
            .collect()
    } else {
        autos.eventos.to_vec()
    };
    let mut pecas: Vec<(String, String, Vec<Bloco>)> = eventos
        .iter()
        .map(|e| {
            (
                format!(
                    "Ato {} — {}",
                    e.seq,
                    divisa_referencia::formato::primeira_maiuscula(&e.ato.resumo_com(&|login| {
                        autos.pessoa(&divisa_processo::Ator::new(
                            login,
                            divisa_processo::Papel::Servidor,
                        ))
                    }))
                ),
                fmt_data(e.data),
                peca(&autos, e, publico),
            )
        })
        .collect();
    match (publico, avaliacao) {
        (true, _) => {}
        (false, Some(a)) => pecas.push((
            "A lei aplicada aos autos (LC nº 23/1992)".into(),
            fmt_data(a.texto_em),
            vec![
                secao("A LEI APLICADA AOS AUTOS"),
                p(format!(
                    "Texto da Lei Complementar nº 23/1992 em vigor em {}; os números certificados substituem os da representação, e o número sem certidão só dá prévia.",
                    fmt_data(a.texto_em)
                )),
                tabela_de_achados(a, origem_certificada(Some(autos)), |_| true),
            ],
        )),
        (false, None) => pecas.push((
            "A lei aplicada aos autos (LC nº 23/1992)".into(),
            fmt_data(data),
            vec![
                secao("A LEI APLICADA AOS AUTOS"),
                p("A proposta da representação (o território e os números declarados) não foi juntada aos autos: a lei não pôde ser aplicada."),
            ],
        )),
    }
    let capa = |paginas: &[usize]| -> Vec<Bloco> {
        let mut v = vec![
            centro(pr.nome.clone(), true),
            p(format!("Objeto: {}.", pr.tipo.nome())),
            p(format!(
                "Municípios de origem: {}.",
                pr.municipios_origem.join(", ")
            )),
            p(format!(
                "Protocolado em {} ({}).",
                data_por_extenso(pr.protocolado_em),
                match &pr.via {
                    Via::Deputado { .. } => "através de deputado",
                    Via::Comunidade => "diretamente pela comunidade",
                }
            )),
            p(format!("Fase atual: {}.", pr.fase.nome())),
            p(if publico {
                "Versão pública (LC nº 23/1992, Art. 16): só os atos públicos; ficam de fora os atos internos da Comissão, as assinaturas com títulos de eleitor e a avaliação (Arts. 22 e 23).".to_string()
            } else {
                format!(
                    "Cópia integral dos autos: {} atos, na ordem em que foram praticados.",
                    eventos.len()
                )
            }),
            secao("ÍNDICE DAS PEÇAS"),
        ];
        v.push(Bloco::Tabela {
            colunas: vec!["Peça".into(), "Data".into(), "Página".into()],
            larguras: vec![5.0, 1.2, 0.8],
            linhas: pecas
                .iter()
                .enumerate()
                .map(|(i, (titulo, data, _))| {
                    vec![
                        titulo.clone(),
                        data.clone(),
                        paginas.get(i).map_or("—".into(), |n| n.to_string()),
                    ]
                })
                .collect(),
        });
        v
    };
    let montar = |paginas: &[usize]| -> Documento {
        let mut blocos = capa(paginas);
        for (_, _, b) in &pecas {
            blocos.push(Bloco::QuebraDePagina);
            blocos.extend(b.iter().cloned());
        }
        documento(
            TipoDeDocumento::Autos,
            format!("AUTOS DO PROCESSO Nº {}", pr.protocolo),
            blocos,
            &["art14_cpt", "art16_cpt", "art22_cpt", "art23_cpt"],
            Some(pr.protocolo.as_str()),
            data,
        )
    };
    // Duas passadas: a primeira diz em que página cada peça começa; a segunda escreve o índice
    // com esses números (da mesma largura, o índice não muda de tamanho). Se mudasse, uma
    // terceira passada acerta.
    let mut paginas = vec![999; pecas.len()];
    let mut doc = montar(&paginas);
    for _ in 0..3 {
        // sem composição (defeito do modelo), o índice fica com as páginas da passada anterior
        let Ok(novas) = crate::paginas_das_quebras(&doc) else {
            break;
        };
        if novas == paginas {
            break;
        }
        paginas = novas;
        doc = montar(&paginas);
    }
    doc
}
