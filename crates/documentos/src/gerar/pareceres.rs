//! Os pareceres da Comissão: de mérito (Art. 18), preliminar com o relatório da visita (Art. 17)
//! e sobre o resultado do plebiscito (Art. 20).

use super::*;

/// O parecer de mérito da Comissão (Art. 18), com a tabela dos achados e as citações.
///
/// O parecer de mérito analisa o que a Comissão apura até ele (Art. 18, «de posse das
/// certidões»): o que vem depois dele no rito — o plebiscito (Arts. 11 e 12, que o decreto
/// legislativo autoriza depois do parecer da CCJ, Art. 18, § 2º), a tramitação (Art. 19), o
/// parecer sobre o resultado (Art. 20) e o conteúdo da lei de criação (Art. 7º) — não entra na
/// análise nem na diligência: pedir o plebiscito como diligência do parecer que o antecede
/// seria circular (issue 33).
pub fn parecer_de_merito(caso: &Caso<'_>) -> Documento {
    let a = caso.avaliacao;
    let (analisados, depois): (Vec<_>, Vec<_>) = caso
        .achados()
        .into_iter()
        .filter(|(x, _)| x.situacao != Situacao::NaoSeAplica)
        .partition(|(x, _)| !posterior_ao_merito(&x.dispositivo));
    let nao = analisados
        .iter()
        .filter(|(x, _)| x.situacao == Situacao::NaoAtende)
        .count();
    let pendentes: Vec<String> = analisados
        .iter()
        .filter(|(x, _)| x.situacao == Situacao::Pendente)
        .map(|(x, _)| x.citacao.clone())
        .collect();
    let pend = pendentes.len();
    // O relator: dos votos registrados nos autos; sem eles, em branco para a Comissão preencher.
    let votos_registrados = caso.autos.and_then(|autos| {
        autos.eventos.iter().rev().find_map(|e| match &e.ato {
            divisa_processo::Ato::ParecerDeMerito { votos, .. } => Some(votos),
            _ => None,
        })
    });
    let relator_nomeado = votos_registrados
        .and_then(|v| v.relator.as_ref())
        .and_then(|r| {
            caso.autos.map(|a| {
                a.pessoa(&divisa_processo::Ator::new(
                    r.as_str(),
                    divisa_processo::Papel::Membro,
                ))
            })
        });
    let mut blocos = vec![
        centro(format!("PARECER DE MÉRITO — {}", caso.nome().to_uppercase()), true),
        p(format!(
            "Relator(a): {}",
            relator_nomeado
                .as_deref()
                .map_or("____________________________________", |r| r.split(", ").next().unwrap_or(r))
        )),
        p(format!("Processo: {}. Objeto: {}.", caso.protocolo.unwrap_or("(a protocolar)"), caso.objeto())),
        secao("I — RELATÓRIO"),
        p(format!(
            "Trata-se de representação para {}, {}. A análise abaixo aplica a Lei Complementar nº 23/1992 pelo texto em vigor em {}; o que cada documento e certidão comprova está na tabela.",
            caso.o_objeto(),
            instrucao(caso),
            fmt_data(a.texto_em)
        )),
        secao("II — ANÁLISE DOS REQUISITOS"),
    ];
    let nao_atendidos: Vec<Bloco> = analisados
        .iter()
        .filter(|(x, _)| x.situacao == Situacao::NaoAtende)
        .map(|(x, _)| recuado(format!("{} — {}: {}", x.citacao, x.apurado, x.mensagem)))
        .collect();
    // as referências são as do que o parecer analisa: o que vem depois dele no rito fica fora
    let dispositivos: Vec<String> = analisados
        .iter()
        .map(|(x, _)| x.dispositivo.clone())
        .collect();
    blocos.push(tabela_de(analisados));
    blocos.extend(nao_atendidos);
    if !depois.is_empty() {
        let mut citados: Vec<String> = Vec::new();
        for (x, _) in &depois {
            let artigo = x
                .citacao
                .split([',', ' '])
                .take(2)
                .collect::<Vec<_>>()
                .join(" ");
            if !citados.contains(&artigo) {
                citados.push(artigo);
            }
        }
        // «o Art. 11» ou «os Arts. 7º, 11 e 12»
        let numeros: Vec<String> = citados
            .iter()
            .map(|c| c.trim_start_matches("Art. ").to_owned())
            .collect();
        let artigos = match numeros.as_slice() {
            [um] => format!("o Art. {um}"),
            varios => format!("os Arts. {}", projeto_de_lei::lista_de_nomes(varios)),
        };
        blocos.push(p(format!(
            "Não são objeto deste parecer, porque vêm depois dele no rito, {artigos}: o plebiscito, que o decreto legislativo autoriza depois do parecer da Comissão de Constituição e Justiça (Art. 18, § 2º), o parecer sobre o seu resultado (Art. 20) e o que a lei de criação menciona (Art. 7º)."
        )));
    }
    if !a.alertas.is_empty() {
        blocos.push(secao("III — DIREITO FEDERAL"));
        for al in &a.alertas {
            blocos.push(p(al.mensagem.clone()));
        }
    }
    blocos.push(secao("VOTO"));
    blocos.push(p(if nao > 0 {
        format!("Pelo exposto, a proposta não atende a {} da Lei Complementar nº 23/1992; o voto é CONTRÁRIO, nos termos do Art. 18.", divisa_referencia::formato::plural(nao as u64, "dispositivo", "dispositivos"))
    } else if pend > 0 {
        format!(
            "Nenhum requisito deixa de ser atendido, mas {} de certidão ou documento ainda não juntado aos autos ({}); o voto é pela DILIGÊNCIA, para que se juntem (Art. 16, parágrafo único; Art. 17, § 2º), antes da conclusão de mérito.",
            if pend == 1 { "1 dispositivo depende".to_owned() } else { format!("{} dependem", divisa_referencia::formato::plural(pend as u64, "dispositivo", "dispositivos")) },
            projeto_de_lei::lista_de_nomes(&pendentes)
        )
    } else {
        "Pelo exposto, atendidos todos os requisitos, o voto é FAVORÁVEL, com a apresentação de projeto de decreto legislativo autorizando o plebiscito (Art. 18, § 2º).".into()
    }));
    // Quem cita a ADPF 819 não conclui sobre o Art. 3º sem ressalva.
    let art3_decide = a
        .achados
        .iter()
        .any(|x| x.dispositivo == "art3_cpt" && x.situacao != Situacao::NaoSeAplica);
    if art3_decide && a.alertas.iter().any(|al| al.id == "stf_adpf_819") {
        blocos.push(p("Ressalva: a conclusão sobre o prazo do Art. 3º aplica a Lei Complementar nº 23/1992 como escrita. O Supremo Tribunal Federal, na ADPF 819, declarou inconstitucionais as normas estaduais que disciplinem o prazo para criação e alteração de municípios enquanto pendente a lei complementar federal do art. 18, § 4º, da Constituição Federal (veja o item III); a Comissão considera esse julgamento antes de dar o voto por concluído."));
    }
    // Dos autos: o parecer votado (dia, placar, relator e votação nominal) e quem o relatou.
    let votado = caso.autos.and_then(|autos| {
        autos.eventos.iter().rev().find_map(|e| match &e.ato {
            divisa_processo::Ato::ParecerDeMerito {
                favoravel, votos, ..
            } => Some((e.data, *favoravel, votos)),
            _ => None,
        })
    });
    let relator = match votado {
        Some((dia, favoravel, v)) => {
            blocos.push(p(frase_da_aprovacao(dia, favoravel, v, caso.autos)));
            blocos.push(p(format!(
                "Sala das Comissões, em Cuiabá, {}.",
                data_por_extenso(dia)
            )));
            v.relator.as_ref().and_then(|r| {
                caso.autos.map(|a| {
                    a.pessoa(&divisa_processo::Ator::new(
                        r.as_str(),
                        divisa_processo::Papel::Membro,
                    ))
                })
            })
        }
        None => {
            blocos.push(p(format!(
                "Sala das Comissões, em Cuiabá, {}.",
                data_por_extenso(caso.data)
            )));
            None
        }
    };
    blocos.extend(caso.assinatura(&relator.map_or_else(
        || "Relator(a) — Comissão de Revisão Territorial".to_string(),
        |r| format!("{r}, Relator(a)"),
    )));
    blocos.push(secao("VOTAÇÃO NA COMISSÃO"));
    blocos.push(tabela_de_votos(caso.autos, votado.map(|(_, _, v)| v)));
    let citados: Vec<&str> = std::iter::once("art18_cpt")
        .chain(dispositivos.iter().map(String::as_str))
        .collect();
    let mut citados_unicos: Vec<&str> = Vec::new();
    for c in citados {
        if !citados_unicos.contains(&c) {
            citados_unicos.push(c);
        }
    }
    caso.documento(
        TipoDeDocumento::Parecer,
        format!("PARECER Nº ___/{} – CRT", caso.data.year()),
        blocos,
        &citados_unicos,
    )
}

/// O que vem depois do parecer de mérito no rito e não entra nele: o plebiscito (Art. 4º,
/// parágrafo único; Arts. 11 e 12), a tramitação (Art. 19), o resultado (Art. 20) e o conteúdo da
/// lei de criação (Art. 7º).
fn posterior_ao_merito(dispositivo: &str) -> bool {
    [
        "art4_par1u",
        "art7_",
        "art11_",
        "art12_",
        "art19_",
        "art20_",
    ]
    .iter()
    .any(|p| dispositivo.starts_with(p))
}

/// O relatório da visita e o parecer preliminar (Art. 17, I e II), dos atos gravados no
/// processo: onde e quando a Comissão esteve, o que relatou, os documentos do Art. 15 e a
/// decisão com a votação.
pub fn parecer_preliminar(
    caso: &Caso<'_>,
    processo: &divisa_processo::Processo,
    eventos: &[divisa_processo::Evento],
) -> Result<Documento, crate::ErroDocumento> {
    use divisa_processo::Ato;
    let visita = eventos.iter().find_map(|e| match &e.ato {
        Ato::RegistrarVisita { local, relatorio } => Some((e, local, relatorio)),
        _ => None,
    });
    let Some((ev, local, relatorio)) = visita else {
        return Err(crate::ErroDocumento::ForaDoMomento(
            "o processo ainda não registrou a visita à sede (Art. 17, I)".into(),
        ));
    };
    let mut blocos = vec![
        p(format!("Processo: {}. Objeto: {}.", processo.protocolo, caso.objeto())),
        secao("I — RELATÓRIO DA VISITA (Art. 17, I)"),
        p(format!(
            "Em {}, a Comissão de Revisão Territorial, representada por {}, visitou {local} e procedeu ao levantamento socioeconômico da área.",
            fmt_data(ev.data),
            caso.autos.map_or_else(|| ev.ator.papel.nome().to_string(), |a| a.pessoa(&ev.ator))
        )),
        recuado(relatorio.clone()),
        secao("II — DOCUMENTOS DO ART. 15"),
        Bloco::Tabela {
            colunas: vec!["Documento".into(), "Situação".into()],
            larguras: vec![4.0, 1.2],
            linhas: divisa_processo::DocumentoArt15::TODOS
                .iter()
                .map(|d| {
                    vec![
                        d.nome_no(processo.tipo).to_string(),
                        processo.situacao_do_documento(*d).texto().to_string(),
                    ]
                })
                .collect(),
        },
        secao("III — PARECER PRELIMINAR (Art. 17, II)"),
    ];
    let parecer = eventos.iter().find_map(|e| match &e.ato {
        Ato::ParecerPreliminar {
            solicitar_certidoes,
            votos,
        } => Some((e, *solicitar_certidoes, votos)),
        _ => None,
    });
    // O documento tem a data do ato que registra (o parecer, ou a visita se ele ainda não foi
    // votado), não a do dia em que é baixado.
    let dia = parecer.as_ref().map_or(ev.data, |(e, _, _)| e.data);
    match parecer {
        Some((e, solicitar, v)) => blocos.push(p(format!(
            "Em {}, a Comissão aprovou, por {}, parecer {} (Art. 17, II{}).{}",
            fmt_data(e.data),
            placar(v),
            if solicitar {
                match divisa_lei::texto::parametro("art2_par3", "prazo_dias", e.data) {
                    Some(d) => format!("pela requisição das certidões aos órgãos do Art. 2º, § 2º, no prazo de {d} dias do Art. 2º, § 3º"),
                    None => "pela requisição das certidões aos órgãos do Art. 2º, § 2º, no prazo do Art. 2º, § 3º".into(),
                }
            } else {
                "pelo arquivamento da representação, submetido ao Plenário".into()
            },
            if solicitar { "; Art. 17, § 2º" } else { "; Art. 17, § 1º" },
            votacao(caso.autos, v)
        ))),
        None => blocos.push(p("O parecer preliminar ainda não foi votado pela Comissão: este documento é a minuta do relatório da visita.")),
    }
    blocos.push(p(format!("Cuiabá, {}.", data_por_extenso(dia))));
    let quem = match (caso.autos, parecer) {
        (Some(a), Some((e, _, _))) => a.pessoa(&e.ator),
        _ => "Presidente da Comissão de Revisão Territorial".into(),
    };
    blocos.extend(caso.assinatura(&quem));
    Ok(caso.documento(
        TipoDeDocumento::ParecerPreliminar,
        format!(
            "RELATÓRIO DE VISITA E PARECER PRELIMINAR — {}",
            processo.nome.to_uppercase()
        ),
        blocos,
        &[
            "art17_cpt_inc1",
            "art17_cpt_inc2",
            "art17_par1",
            "art17_par2",
            "art15_cpt",
        ],
    ))
}

/// A tabela da votação (nome, cargo, voto): a votação nominal dos autos; sem ela, os membros da
/// Comissão cadastrados com o voto em branco; sem autos, linhas em branco para preencher.
fn tabela_de_votos(autos: Option<Autos<'_>>, votos: Option<&divisa_processo::Votos>) -> Bloco {
    use divisa_processo::{Ator, Papel, Voto};
    let nome_e_cargo = |pessoa: String| -> (String, String) {
        match pessoa.split_once(", ") {
            Some((n, c)) => (n.to_string(), c.to_string()),
            None => (pessoa, String::new()),
        }
    };
    let mut linhas: Vec<Vec<String>> = Vec::new();
    if let Some(v) = votos.filter(|v| !v.nominais.is_empty()) {
        for n in &v.nominais {
            let pessoa = autos.map_or_else(
                || Papel::Membro.cargo().to_string(),
                |a| a.pessoa(&Ator::new(n.membro.as_str(), Papel::Membro)),
            );
            let (nome, cargo) = nome_e_cargo(pessoa);
            let voto = match n.voto {
                Voto::Sim => "SIM",
                Voto::Nao => "NÃO",
                Voto::Abstencao => "ABSTENÇÃO",
            };
            linhas.push(vec![nome, cargo, voto.to_string()]);
        }
    } else if let Some(a) = autos {
        for pessoa in a.pessoas.values().filter(|v| {
            v.ends_with(Papel::Presidente.cargo()) || v.ends_with(Papel::Membro.cargo())
        }) {
            let (nome, cargo) = nome_e_cargo(pessoa.clone());
            linhas.push(vec![nome, cargo, String::new()]);
        }
    }
    if linhas.is_empty() {
        linhas.push(vec![
            String::new(),
            Papel::Presidente.cargo().to_string(),
            String::new(),
        ]);
        for _ in 0..4 {
            linhas.push(vec![
                String::new(),
                Papel::Membro.cargo().to_string(),
                String::new(),
            ]);
        }
    }
    Bloco::Tabela {
        colunas: vec!["Nome".into(), "Cargo".into(), "Voto".into()],
        larguras: vec![2.2, 2.6, 1.0],
        linhas,
    }
}

/// «Em 10/03/2026, a Comissão aprovou o parecer favorável, por 4 votos a 1.» e a votação
/// nominal, dos autos (Arts. 18 e 20).
fn frase_da_aprovacao(
    dia: jiff::civil::Date,
    favoravel: bool,
    v: &divisa_processo::Votos,
    autos: Option<Autos<'_>>,
) -> String {
    format!(
        "Em {}, a Comissão aprovou o parecer {}, por {}.{}",
        fmt_data(dia),
        if favoravel {
            "favorável"
        } else {
            "contrário"
        },
        placar(v),
        votacao(autos, v)
    )
}

/// O placar em palavras: "3 votos a 1", "3 votos a 0, com 1 abstenção" (sem abstenções, nada).
fn placar(v: &divisa_processo::Votos) -> String {
    let votos = |n: u32| {
        if n == 1 {
            "1 voto".to_string()
        } else {
            format!("{n} votos")
        }
    };
    let mut s = format!("{} a {}", votos(v.sim), v.nao);
    match v.abstencoes {
        0 => {}
        1 => s.push_str(", com 1 abstenção"),
        n => s.push_str(&format!(", com {n} abstenções")),
    }
    s
}

/// O relator e a votação nominal, por nome e cargo, quando registrados (" Relator(a): …
/// Votaram SIM: …; NÃO: …; abstiveram-se: …."); vazio quando não há.
fn votacao(autos: Option<Autos<'_>>, v: &divisa_processo::Votos) -> String {
    use divisa_processo::{Ator, Papel, Voto};
    let pessoa = |login: &str| {
        let ator = Ator::new(login, Papel::Membro);
        autos.map_or_else(|| Papel::Membro.cargo().to_string(), |a| a.pessoa(&ator))
    };
    let mut s = String::new();
    if let Some(r) = &v.relator {
        s.push_str(&format!(" Relator(a): {}.", pessoa(r)));
    }
    if !v.nominais.is_empty() {
        let de = |x: Voto| {
            v.nominais
                .iter()
                .filter(|n| n.voto == x)
                .map(|n| pessoa(&n.membro))
                .collect::<Vec<_>>()
        };
        let mut partes = Vec::new();
        for (rotulo, x) in [
            ("votaram SIM", Voto::Sim),
            ("votaram NÃO", Voto::Nao),
            ("abstiveram-se", Voto::Abstencao),
        ] {
            let nomes = de(x);
            if !nomes.is_empty() {
                partes.push(format!("{rotulo}: {}", nomes.join("; ")));
            }
        }
        let mut frase = partes.join(" — ");
        if let Some(c) = frase.get(..1) {
            frase = c.to_uppercase() + &frase[1..];
        }
        s.push_str(&format!(" {frase}."));
    }
    s
}

/// O parecer sobre o resultado do plebiscito (Art. 20), com a apuração de cada localidade
/// diante da maioria absoluta dos eleitores inscritos (Art. 11, § 2º).
pub fn parecer_do_resultado(
    caso: &Caso<'_>,
    processo: &divisa_processo::Processo,
) -> Result<Documento, crate::ErroDocumento> {
    let Some((realizado, apuracoes)) = &processo.plebiscito else {
        return Err(crate::ErroDocumento::ForaDoMomento(
            "o processo ainda não registrou o resultado do plebiscito (Art. 20)".into(),
        ));
    };
    let aprovado = !apuracoes.is_empty() && apuracoes.iter().all(|a| a.aprovada());
    let linhas = apuracoes
        .iter()
        .map(|a| {
            vec![
                a.localidade.clone(),
                inteiro(a.inscritos as i64),
                inteiro(a.sim as i64),
                inteiro(a.nao as i64),
                inteiro((a.brancos + a.nulos) as i64),
                format!(
                    "{} (mais de {})",
                    if a.aprovada() {
                        "aprovada"
                    } else {
                        "rejeitada"
                    },
                    inteiro((a.inscritos / 2) as i64)
                ),
            ]
        })
        .collect();
    let blocos = vec![
        p(format!(
            "Processo: {}. Objeto: {}.",
            processo.protocolo,
            caso.objeto()
        )),
        secao("I — O RESULTADO"),
        p(format!(
            "Plebiscito realizado em {} pelo Tribunal Regional Eleitoral. Apuração por localidade:",
            fmt_data(*realizado)
        )),
        Bloco::Tabela {
            colunas: vec![
                "Localidade".into(),
                "Inscritos".into(),
                "SIM".into(),
                "NÃO".into(),
                "Brancos e nulos".into(),
                "Maioria absoluta dos inscritos (Art. 11, § 2º)".into(),
            ],
            larguras: vec![1.8, 1.0, 0.9, 0.9, 1.0, 2.0],
            linhas,
        },
        secao("II — PARECER (Art. 20)"),
        p(if aprovado {
            "A proposta obteve o voto favorável da maioria absoluta dos eleitores inscritos em cada localidade consultada (Art. 11, § 2º). O parecer é FAVORÁVEL ao prosseguimento, com a elaboração do projeto de lei de criação (Art. 20, § 1º).".to_string()
        } else {
            "A proposta não obteve o voto favorável da maioria absoluta dos eleitores inscritos em todas as localidades consultadas (Art. 11, § 2º): o parecer é CONTRÁRIO à tramitação e o processo será arquivado (Art. 20, § 1º).".to_string()
        }),
    ];
    let mut blocos = blocos;
    // A apuração por seção eleitoral, quando o TRE a mandou: logo depois da tabela das
    // localidades.
    let secoes: Vec<Vec<String>> = apuracoes
        .iter()
        .flat_map(|a| {
            a.secoes.iter().map(|s| {
                vec![
                    a.localidade.clone(),
                    s.zona.to_string(),
                    s.secao.to_string(),
                    s.local.clone(),
                    inteiro(s.inscritos as i64),
                    inteiro(s.sim as i64),
                    inteiro(s.nao as i64),
                    inteiro((s.brancos + s.nulos) as i64),
                ]
            })
        })
        .collect();
    if !secoes.is_empty() {
        if let Some(pos) = blocos
            .iter()
            .position(|b| matches!(b, Bloco::Secao { texto } if texto.starts_with("II —")))
        {
            blocos.insert(
                pos,
                Bloco::Tabela {
                    colunas: vec![
                        "Localidade".into(),
                        "Zona".into(),
                        "Seção".into(),
                        "Local de votação".into(),
                        "Inscritos".into(),
                        "SIM".into(),
                        "NÃO".into(),
                        "Brancos e nulos".into(),
                    ],
                    larguras: vec![1.4, 0.6, 0.6, 1.8, 0.9, 0.8, 0.8, 1.0],
                    linhas: secoes,
                },
            );
            blocos.insert(
                pos,
                p("Apuração por seção eleitoral, como o Tribunal Regional Eleitoral a publicou:"),
            );
        }
    }
    // Dos autos: o parecer votado (dia e placar) dá a data do documento.
    let votado = caso.autos.and_then(|a| {
        a.eventos.iter().find_map(|e| match &e.ato {
            divisa_processo::Ato::ParecerResultado { favoravel, votos } => {
                Some((e.data, *favoravel, votos))
            }
            _ => None,
        })
    });
    match votado {
        Some((dia, favoravel, v)) => {
            blocos.push(p(frase_da_aprovacao(dia, favoravel, v, caso.autos)));
            blocos.push(p(format!("Cuiabá, {}.", data_por_extenso(dia))));
        }
        None => {
            blocos.push(p(
                "O parecer ainda não foi votado pela Comissão: este documento é a minuta.",
            ));
            blocos.push(caso.local_e_data());
        }
    }
    blocos.extend(caso.assinatura("Relator(a) — Comissão de Revisão Territorial"));
    Ok(caso.documento(
        TipoDeDocumento::ParecerResultado,
        format!(
            "PARECER SOBRE O RESULTADO DO PLEBISCITO — {}",
            processo.nome.to_uppercase()
        ),
        blocos,
        &["art20_cpt", "art20_par1", "art11_par2"],
    ))
}

/// Com o que a representação está instruída, pelo que os autos têm — nunca as certidões que
/// ainda faltam nem os documentos só declarados (issue 32). Sem autos (a minuta de uma proposta
/// avulsa), o que a proposta declara, dito como declaração.
fn instrucao(caso: &Caso<'_>) -> String {
    let fusao = caso.proposta.fatos.tipo == TipoLei::Fusao;
    let Some(autos) = caso.autos else {
        return if fusao {
            "segundo a proposta, com os documentos do Art. 15 que ela declara".into()
        } else {
            "segundo a proposta, com os documentos do Art. 15 que ela declara; as certidões do Art. 2º, § 2º, ainda não constam".into()
        };
    };
    let processo = autos.processo;
    let faltam = processo.documentos_faltantes();
    let documentos = if faltam.is_empty() {
        "instruída com os documentos do Art. 15".to_owned()
    } else if faltam.len() == divisa_processo::DocumentoArt15::TODOS.len() {
        "ainda sem os documentos do Art. 15 nos autos".to_owned()
    } else {
        format!(
            "instruída com parte dos documentos do Art. 15 (faltam nos autos: {})",
            faltam
                .iter()
                .map(|d| d.nome_no(processo.tipo))
                .collect::<Vec<_>>()
                .join("; ")
        )
    };
    // a fusão não se sujeita ao Art. 2º (Art. 4º): não há certidão a citar
    if fusao {
        return documentos;
    }
    let emitida = |r: &divisa_processo::Requisicao| {
        matches!(r.resposta, Some(divisa_processo::Resposta::Emitida { .. }))
    };
    let certidoes = processo.certidoes();
    // a Comissão não certifica por ofício: o inciso V é apurado por ela, após a verificação in
    // loco — dito à parte
    let (emitidas, pendentes): (Vec<_>, Vec<_>) = certidoes
        .iter()
        .filter(|(o, _)| *o != divisa_processo::Orgao::Comissao)
        .partition(|(_, r)| emitida(r));
    let nomes = |l: &[&(divisa_processo::Orgao, divisa_processo::Requisicao)]| {
        let nomes: Vec<String> = l.iter().map(|(o, _)| o.do_orgao()).collect();
        match nomes.as_slice() {
            [] => String::new(),
            [um] => um.clone(),
            [inicio @ .., ultimo] => format!("{} e {ultimo}", inicio.join(", ")),
        }
    };
    let mut partes = vec![documentos];
    match (emitidas.is_empty(), pendentes.is_empty()) {
        (false, true) => partes.push("com as certidões do Art. 2º, § 2º".to_owned()),
        (false, false) => partes.push(format!(
            "com as certidões do Art. 2º, § 2º, {} e ainda sem as {}, pendentes",
            nomes(&emitidas),
            nomes(&pendentes)
        )),
        (true, false) => {
            partes.push("ainda sem as certidões do Art. 2º, § 2º, pendentes".to_owned())
        }
        (true, true) => {}
    }
    if certidoes
        .iter()
        .any(|(o, r)| *o == divisa_processo::Orgao::Comissao && !emitida(r))
    {
        partes.push(
            "a apuração da Comissão após a verificação in loco (Art. 2º, V) ainda não consta"
                .to_owned(),
        );
    }
    partes.join("; ")
}
