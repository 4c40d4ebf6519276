//! O registro nas duas bases: o mesmo conjunto de testes em SQLite e em PostgreSQL.

mod bases;
// o escritor morto com SIGKILL, no mesmo executável (issue 31)
mod sigkill;

use bases::BancoDeTeste;
use divisa_processo::*;
use divisa_registro::{ErroRegistro, NovaRepresentacao, Registro};
use jiff::civil::{date, Date};
use jiff::Timestamp;

fn ts(d: Date) -> Timestamp {
    // meio-dia em Cuiabá
    jiff::tz::offset(0).to_timestamp(d.at(16, 0, 0, 0)).unwrap()
}

fn presidente() -> Ator {
    Ator::new("ana.presidente", Papel::Presidente)
}
fn membro() -> Ator {
    Ator::new("bruno.membro", Papel::Membro)
}
fn servidor() -> Ator {
    Ator::new("carla.servidora", Papel::Servidor)
}
fn autor() -> Ator {
    Ator::new("dep.autor", Papel::Deputado)
}

fn nova(nome: &str) -> NovaRepresentacao {
    NovaRepresentacao {
        tipo: TipoProcesso::Criacao,
        nome: nome.into(),
        municipios_origem: divisa_processo::origens(&["Sorriso".into()]).unwrap(),
        via: Via::Deputado {
            id: "dep.autor".into(),
        },
        representante: "João da Silva".into(),
        assinaturas: 12,
        documentos: DocumentoArt15::TODOS.to_vec(),
        proposta: Some("tipo = \"criacao\"\n".into()),
        nome_homenageia_pessoa_viva: None,
    }
}

const DIA: Date = date(2026, 3, 2);

async fn protocolado(r: &Registro, nome: &str) -> String {
    r.protocolar(&autor(), nova(nome), DIA, ts(DIA))
        .await
        .expect("protocolo")
        .protocolo
        .to_string()
}

/// Um arquivo para cada documento do Art. 15 (só o arquivo apresenta o documento).
fn documentos_com_arquivo() -> Vec<divisa_registro::ArquivoNovo> {
    DocumentoArt15::TODOS
        .into_iter()
        .map(|d| {
            divisa_registro::ArquivoNovo::da_representacao(
                format!("{}.txt", d.codigo()),
                d.nome().as_bytes().to_vec(),
                divisa_registro::Finalidade::Ato,
                Some(d),
            )
        })
        .collect()
}

/// Protocolado com os cinco documentos do Art. 15, cada um com o seu arquivo: pode ir à visita.
async fn protocolado_com_documentos(r: &Registro, nome: &str) -> String {
    r.protocolar_com_arquivos(
        &autor(),
        nova(nome),
        &documentos_com_arquivo(),
        DIA,
        ts(DIA),
    )
    .await
    .expect("protocolo")
    .protocolo
    .to_string()
}

async fn art14_protocolo_numera_e_grava_o_primeiro_evento(r: &Registro, _: &BancoDeTeste) {
    let recibo = r
        .protocolar(&autor(), nova("Nova Fronteira"), DIA, ts(DIA))
        .await
        .unwrap();
    assert_eq!(recibo.protocolo.as_str(), "00001.000001/2026-91");
    assert!(recibo.texto().contains("Protocolo nº 00001.000001/2026-91"));
    assert!(recibo.texto().contains("Protocolada em 02/03/2026"));
    let segundo = r
        .protocolar(&autor(), nova("Outra"), DIA, ts(DIA))
        .await
        .unwrap();
    assert_eq!(&segundo.protocolo.as_str()[..17], "00001.000002/2026");
    // novo ano, nova sequência
    let d = date(2027, 1, 4);
    let terceiro = r
        .protocolar(&autor(), nova("Terceira"), d, ts(d))
        .await
        .unwrap();
    assert_eq!(&terceiro.protocolo.as_str()[..17], "00001.000001/2027");
    let autos = r.carregar(recibo.protocolo.as_str()).await.unwrap();
    assert_eq!(autos.processo.fase, Fase::Protocolada);
    assert_eq!(autos.eventos.len(), 1);
    assert_eq!(autos.ultimo_hash, recibo.hash);
    assert_eq!(r.listar().await.unwrap().len(), 3);
    // o recibo refeito dos autos (a página que se recarrega) é o mesmo texto do protocolo
    let refeito = r.recibo(recibo.protocolo.as_str()).await.unwrap();
    assert_eq!(refeito.texto(), recibo.texto());
}

async fn art13_protocolo_recusado_nao_gasta_numero(r: &Registro, _: &BancoDeTeste) {
    let mut poucas = nova("X");
    poucas.assinaturas = 9;
    match r.protocolar(&autor(), poucas, DIA, ts(DIA)).await {
        Err(ErroRegistro::Recusado(rec)) => assert_eq!(rec.artigo, "Art. 13"),
        outro => panic!("esperada recusa do Art. 13, veio {outro:?}"),
    }
    let p = protocolado(r, "Y").await;
    assert!(p.starts_with("00001.000001/2026"), "{p}");
}

async fn rito_gravado_e_relido(r: &Registro, _: &BancoDeTeste) {
    let p = protocolado_com_documentos(r, "Nova Fronteira").await;
    let dia2 = date(2026, 3, 3);
    r.anexar(
        &p,
        1,
        &presidente(),
        Ato::Divulgar {
            publicacao: "DOALMT 1.234".into(),
        },
        dia2,
        ts(dia2),
    )
    .await
    .unwrap();
    r.anexar(
        &p,
        2,
        &membro(),
        Ato::RegistrarVisita {
            local: "Sede".into(),
            relatorio: "r".into(),
        },
        dia2,
        ts(dia2),
    )
    .await
    .unwrap();
    r.anexar(
        &p,
        3,
        &presidente(),
        Ato::ParecerPreliminar {
            solicitar_certidoes: true,
            votos: Votos {
                sim: 3,
                nao: 0,
                abstencoes: 0,
                relator: None,
                nominais: Vec::new(),
            },
        },
        dia2,
        ts(dia2),
    )
    .await
    .unwrap();
    let autos = r.carregar(&p).await.unwrap();
    assert_eq!(autos.processo.fase, Fase::Certidoes);
    assert_eq!(autos.processo.versao, 4);
    assert_eq!(r.listar().await.unwrap()[0].fase, Fase::Certidoes);
    assert!(r.verificar(Some(&p)).await.unwrap().is_empty());
}

async fn recusa_nao_grava_nada(r: &Registro, _: &BancoDeTeste) {
    let p = protocolado(r, "N").await;
    // Art. 17: visita antes da divulgação
    let e = r
        .anexar(
            &p,
            1,
            &membro(),
            Ato::RegistrarVisita {
                local: "S".into(),
                relatorio: "r".into(),
            },
            DIA,
            ts(DIA),
        )
        .await
        .unwrap_err();
    match e {
        ErroRegistro::Recusado(rec) => assert!(rec.artigo.starts_with("Art. 17"), "{rec}"),
        outro => panic!("{outro:?}"),
    }
    // Art. 19: urgência
    let e = r
        .anexar(
            &p,
            1,
            &presidente(),
            Ato::PedirUrgencia {
                justificativa: "pressa".into(),
            },
            DIA,
            ts(DIA),
        )
        .await
        .unwrap_err();
    assert!(e.to_string().contains("Art. 19"), "{e}");
    assert_eq!(r.carregar(&p).await.unwrap().eventos.len(), 1);
}

async fn versao_velha_e_recusada_como_conflito(r: &Registro, _: &BancoDeTeste) {
    let p = protocolado(r, "N").await;
    let doc = |n: &str| Ato::JuntarDocumento {
        art15: None,
        descricao: n.into(),
    };
    r.anexar(&p, 1, &servidor(), doc("a"), DIA, ts(DIA))
        .await
        .unwrap();
    let e = r
        .anexar(&p, 1, &servidor(), doc("b"), DIA, ts(DIA))
        .await
        .unwrap_err();
    match e {
        ErroRegistro::Conflito {
            esperada: 1,
            atual: 2,
            ..
        } => {}
        outro => panic!("{outro:?}"),
    }
    assert!(e.to_string().contains("versão 1") && e.to_string().contains("versão 2"));
    assert_eq!(r.carregar(&p).await.unwrap().eventos.len(), 2);
}

async fn mil_anexos_concorrentes_cada_um_aplicado_uma_vez_ou_recusado(
    r: &Registro,
    _: &BancoDeTeste,
) {
    let p = protocolado(r, "Concorrência").await;
    // Rodada 1: mil tarefas leem a mesma versão e anexam juntas — só uma pode ganhar.
    let barreira = std::sync::Arc::new(tokio::sync::Barrier::new(1000));
    let mut tarefas = Vec::new();
    for i in 0..1000u32 {
        let (r, p, barreira) = (r.clone(), p.clone(), barreira.clone());
        tarefas.push(tokio::spawn(async move {
            let versao = r.carregar(&p).await.unwrap().processo.versao;
            barreira.wait().await;
            let ato = Ato::JuntarDocumento {
                art15: None,
                descricao: format!("r1-{i}"),
            };
            (
                i,
                r.anexar(&p, versao, &servidor(), ato, DIA, ts(DIA)).await,
            )
        }));
    }
    let mut aplicados = Vec::new();
    let mut recusados = 0;
    for t in tarefas {
        match t.await.unwrap() {
            (i, Ok(_)) => aplicados.push(format!("r1-{i}")),
            (_, Err(ErroRegistro::Conflito { .. })) => recusados += 1,
            (_, Err(e)) => panic!("erro que não é conflito: {e}"),
        }
    }
    assert_eq!(aplicados.len(), 1, "mil leram a versão 1: só um anexa");
    assert_eq!(recusados, 999);

    // Rodada 2: mil tarefas leem e anexam sem combinar — cada uma entra uma vez ou é recusada.
    let mut tarefas = Vec::new();
    for i in 0..1000u32 {
        let (r, p) = (r.clone(), p.clone());
        tarefas.push(tokio::spawn(async move {
            let versao = r.carregar(&p).await.unwrap().processo.versao;
            let ato = Ato::JuntarDocumento {
                art15: None,
                descricao: format!("r2-{i}"),
            };
            (
                i,
                r.anexar(&p, versao, &servidor(), ato, DIA, ts(DIA)).await,
            )
        }));
    }
    let mut recusados2 = 0;
    for t in tarefas {
        match t.await.unwrap() {
            (i, Ok(_)) => aplicados.push(format!("r2-{i}")),
            (_, Err(ErroRegistro::Conflito { .. })) => recusados2 += 1,
            (_, Err(e)) => panic!("erro que não é conflito: {e}"),
        }
    }
    assert_eq!(aplicados.len() - 1 + recusados2, 1000);
    let autos = r.carregar(&p).await.unwrap();
    let gravados: Vec<String> = autos
        .eventos
        .iter()
        .filter_map(|e| match &e.ato {
            Ato::JuntarDocumento { descricao, .. } => Some(descricao.clone()),
            _ => None,
        })
        .collect();
    let mut a = aplicados.clone();
    a.sort();
    let mut g = gravados.clone();
    g.sort();
    assert_eq!(
        a, g,
        "cada aplicado está gravado exatamente uma vez, e nada mais"
    );
    assert_eq!(autos.processo.versao as usize, 1 + aplicados.len());
    assert!(r.verificar(Some(&p)).await.unwrap().is_empty());
    eprintln!(
        "concorrência: rodada 2 aplicou {} e recusou {recusados2}",
        aplicados.len() - 1
    );

    // Rodada 3: 50 tarefas que, recusadas, releem e tentam de novo: todas entram, nenhuma
    // duas vezes, nenhuma perdida.
    let antes = r.carregar(&p).await.unwrap().processo.versao;
    let mut tarefas = Vec::new();
    for i in 0..50u32 {
        let (r, p) = (r.clone(), p.clone());
        tarefas.push(tokio::spawn(async move {
            let mut tentativas = 0;
            loop {
                tentativas += 1;
                let versao = r.carregar(&p).await.unwrap().processo.versao;
                let ato = Ato::JuntarDocumento {
                    art15: None,
                    descricao: format!("r3-{i}"),
                };
                match r.anexar(&p, versao, &servidor(), ato, DIA, ts(DIA)).await {
                    Ok(_) => return tentativas,
                    Err(ErroRegistro::Conflito { .. }) => tokio::task::yield_now().await,
                    Err(e) => panic!("{e}"),
                }
            }
        }));
    }
    let mut tentativas = 0;
    for t in tarefas {
        tentativas += t.await.unwrap();
    }
    let autos = r.carregar(&p).await.unwrap();
    assert_eq!(autos.processo.versao, antes + 50);
    let mut r3: Vec<String> = autos
        .eventos
        .iter()
        .filter_map(|e| match &e.ato {
            Ato::JuntarDocumento { descricao, .. } if descricao.starts_with("r3-") => {
                Some(descricao.clone())
            }
            _ => None,
        })
        .collect();
    r3.sort();
    r3.dedup();
    assert_eq!(r3.len(), 50);
    assert!(r.verificar(Some(&p)).await.unwrap().is_empty());
    eprintln!("concorrência: rodada 3, 50 anexos em {tentativas} tentativas");
}

async fn adulteracao_por_sql_e_detectada_e_nomeada(r: &Registro, b: &BancoDeTeste) {
    let p = protocolado(r, "Auditada").await;
    for (v, n) in (1..=5).zip(["a", "b", "c", "d", "e"]) {
        r.anexar(
            &p,
            v,
            &servidor(),
            Ato::JuntarDocumento {
                art15: None,
                descricao: n.into(),
            },
            DIA,
            ts(DIA),
        )
        .await
        .unwrap();
    }
    assert!(r.verificar(None).await.unwrap().is_empty());
    let pool = r.pool();
    // O banco recusa UPDATE e DELETE em eventos.
    let e = sqlx::query("UPDATE eventos SET ato = replace(ato, '\"c\"', '\"C\"') WHERE seq = 4")
        .execute(pool)
        .await
        .unwrap_err();
    assert!(e.to_string().contains("só admitem acréscimo"), "{e}");
    assert!(sqlx::query("DELETE FROM eventos WHERE seq = 2")
        .execute(pool)
        .await
        .is_err());

    // Quem tem acesso de dono derruba os gatilhos e mexe: a cadeia acusa.
    let derrubar: &[&str] = if b.url.starts_with("postgres") {
        &["DROP TRIGGER eventos_sem_alteracao ON eventos"]
    } else {
        &[
            "DROP TRIGGER eventos_sem_alteracao",
            "DROP TRIGGER eventos_sem_remocao",
        ]
    };
    for sql in derrubar {
        sqlx::query(sql).execute(pool).await.unwrap();
    }
    sqlx::query("UPDATE eventos SET ato = replace(ato, '\"c\"', '\"C\"') WHERE seq = 4")
        .execute(pool)
        .await
        .unwrap();
    let v = r.verificar(Some(&p)).await.unwrap();
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!(v[0].seq, Some(4));
    assert!(v[0].descricao.contains("alterado"));

    sqlx::query("DELETE FROM eventos WHERE seq = 2")
        .execute(pool)
        .await
        .unwrap();
    let v = r.verificar(Some(&p)).await.unwrap();
    assert!(
        v.iter()
            .any(|x| x.seq == Some(3) && x.descricao.contains("faltam eventos")),
        "{v:?}"
    );
    assert!(v.iter().any(|x| x.descricao.contains("6 eventos")), "{v:?}");

    // reordenar: trocar as posições 5 e 6
    sqlx::query("UPDATE eventos SET seq = 100 WHERE seq = 5")
        .execute(pool)
        .await
        .unwrap();
    sqlx::query("UPDATE eventos SET seq = 5 WHERE seq = 6")
        .execute(pool)
        .await
        .unwrap();
    sqlx::query("UPDATE eventos SET seq = 6 WHERE seq = 100")
        .execute(pool)
        .await
        .unwrap();
    let v = r.verificar(None).await.unwrap();
    assert!(
        v.iter()
            .any(|x| x.seq == Some(5) && x.descricao.contains("alterado")),
        "{v:?}"
    );
    assert!(v.iter().any(|x| x.seq == Some(6)), "{v:?}");
}

async fn art2_par3_alertas_de_todos_os_processos(r: &Registro, _: &BancoDeTeste) {
    let p = protocolado_com_documentos(r, "Com prazo").await;
    let _sem = protocolado(r, "Sem prazo").await;
    let d = date(2026, 3, 3);
    for (v, (ator, ato)) in (1..).zip([
        (
            presidente(),
            Ato::Divulgar {
                publicacao: "DO".into(),
            },
        ),
        (
            membro(),
            Ato::RegistrarVisita {
                local: "S".into(),
                relatorio: "r".into(),
            },
        ),
        (
            presidente(),
            Ato::ParecerPreliminar {
                solicitar_certidoes: true,
                votos: Votos {
                    sim: 3,
                    nao: 0,
                    abstencoes: 0,
                    relator: None,
                    nominais: Vec::new(),
                },
            },
        ),
        (
            presidente(),
            Ato::EnviarOficio {
                orgao: Orgao::Tre,
                numero: "Of. 1/2026".into(),
            },
        ),
        (servidor(), Ato::ConfirmarRecebimento { orgao: Orgao::Tre }),
    ]) {
        r.anexar(&p, v, &ator, ato, d, ts(d)).await.unwrap();
    }
    // Recebido em 03/03/2026: vence em 02/04/2026 (quinta).
    let alertas = r.alertas(date(2026, 3, 10)).await.unwrap();
    assert!(
        alertas.iter().all(|a| a.protocolo == p),
        "o processo sem prazo não aparece"
    );
    assert!(
        alertas
            .iter()
            .any(|a| a.alerta.artigo == "Art. 17, § 2º"
                && a.alerta.mensagem().contains("Cartografia"))
    );
    assert!(
        !alertas
            .iter()
            .any(|a| a.alerta.mensagem().contains("certidão do Tribunal")),
        "em dia não alerta"
    );
    let alertas = r.alertas(date(2026, 4, 3)).await.unwrap();
    let tre = alertas
        .iter()
        .find(|a| a.alerta.mensagem().contains("certidão do Tribunal"))
        .expect("vencido alerta");
    assert!(
        tre.alerta.mensagem().contains("vencido há 1 dia"),
        "{}",
        tre.alerta.mensagem()
    );
    assert!(tre.alerta.mensagem().contains("02/04/2026"));
    assert_eq!(tre.alerta.vencimento, Some(date(2026, 4, 2)));
}

async fn art9_recusa_com_quebras_e_separadores_no_motivo_chega_inteira_aos_alertas(
    r: &Registro,
    _: &BancoDeTeste,
) {
    let p = protocolado_com_documentos(r, "Nome com\ttab").await;
    let d = date(2026, 3, 3);
    let atos = [
        (
            presidente(),
            Ato::Divulgar {
                publicacao: "DO".into(),
            },
        ),
        (
            membro(),
            Ato::RegistrarVisita {
                local: "S".into(),
                relatorio: "r".into(),
            },
        ),
        (
            presidente(),
            Ato::ParecerPreliminar {
                solicitar_certidoes: true,
                votos: Votos {
                    sim: 3,
                    nao: 0,
                    abstencoes: 0,
                    relator: None,
                    nominais: Vec::new(),
                },
            },
        ),
        (
            presidente(),
            Ato::EnviarOficio {
                orgao: Orgao::Tre,
                numero: "1".into(),
            },
        ),
        (
            presidente(),
            Ato::RecusarCertidao {
                orgao: Orgao::Tre,
                motivo: "sem\nequipe\u{1e}\u{1f}agora".into(),
            },
        ),
    ];
    for (v, (ator, ato)) in (1..).zip(atos) {
        r.anexar(&p, v, &ator, ato, d, ts(d)).await.unwrap();
    }
    let alertas = r.alertas(d).await.unwrap();
    let recusa = alertas
        .iter()
        .find(|a| a.alerta.artigo == "Art. 9º")
        .expect("recusa nos alertas");
    assert_eq!(recusa.protocolo, p);
    assert_eq!(recusa.nome, "Nome com tab");
    assert!(
        recusa.alerta.mensagem().contains("sem equipe  agora"),
        "{}",
        recusa.alerta.mensagem()
    );
    // o evento guarda o motivo original
    let autos = r.carregar(&p).await.unwrap();
    assert!(
        matches!(&autos.eventos[5].ato, Ato::RecusarCertidao { motivo, .. } if motivo.contains('\n'))
    );
}

async fn setores_importados_gravados_relidos_e_substituidos(r: &Registro, _: &BancoDeTeste) {
    use divisa_registro::SetorGravado;
    let setor = |codigo: &str, municipio: u32, populacao: u32| SetorGravado {
        codigo: codigo.into(),
        municipio,
        urbano: populacao > 100,
        populacao,
        domicilios: populacao / 3,
        geometria: "[[[-56.0,-15.0],[-55.9,-15.0],[-55.9,-14.9],[-56.0,-15.0]]]".into(),
    };
    let mut chamadas = Vec::new();
    r.importar_setores(
        &[
            setor("510610905000001", 5106109, 872),
            setor("510340305000001", 5103403, 50),
        ],
        "teste",
        ts(DIA),
        |n| chamadas.push(n),
    )
    .await
    .unwrap();
    assert_eq!(chamadas, [2]);
    let de_um = r.setores(&[5106109]).await.unwrap();
    assert_eq!(de_um, [setor("510610905000001", 5106109, 872)]);
    assert_eq!(r.setores(&[]).await.unwrap().len(), 2);
    // reimportar substitui
    r.importar_setores(
        &[setor("510610905000001", 5106109, 900)],
        "teste",
        ts(DIA),
        |_| {},
    )
    .await
    .unwrap();
    let todos = r.setores(&[]).await.unwrap();
    assert_eq!(todos.len(), 2);
    assert!(todos.iter().any(|s| s.populacao == 900 && s.urbano));
    assert!(todos.iter().any(|s| s.populacao == 50 && !s.urbano));
}

async fn art16_art22_cada_papel_ve_o_que_pode(r: &Registro, _: &BancoDeTeste) {
    let p = protocolado(r, "Visível").await;
    r.anexar(
        &p,
        1,
        &presidente(),
        Ato::Divulgar {
            publicacao: "DO".into(),
        },
        DIA,
        ts(DIA),
    )
    .await
    .unwrap();
    r.anexar(
        &p,
        2,
        &servidor(),
        Ato::JuntarDocumento {
            art15: None,
            descricao: "interno".into(),
        },
        DIA,
        ts(DIA),
    )
    .await
    .unwrap();
    let (_, publico) = r
        .eventos_visiveis(&p, &Ator::new("x", Papel::Publico))
        .await
        .unwrap();
    assert_eq!(publico.len(), 2);
    assert!(matches!(
        &publico[0].ato,
        Ato::Protocolar { proposta: None, .. }
    ));
    let (_, deputado) = r
        .eventos_visiveis(&p, &Ator::new("y", Papel::Deputado))
        .await
        .unwrap();
    assert_eq!(deputado.len(), 3);
}

/// Issue 17 (a mesa de trabalho sem uma consulta por processo): `nas_fases` reconstrói numa
/// consulta os processos das fases pedidas — os mesmos que `carregar` um a um — com os eventos
/// que o papel vê (Art. 16: o público não vê o que é interno).
async fn issue17_processos_das_fases_numa_consulta(r: &Registro, _: &BancoDeTeste) {
    let divulgado = protocolado(r, "Divulgado").await;
    let so_protocolado = protocolado(r, "Só protocolado").await;
    r.anexar(
        &divulgado,
        1,
        &presidente(),
        Ato::Divulgar {
            publicacao: "DO".into(),
        },
        DIA,
        ts(DIA),
    )
    .await
    .unwrap();
    r.anexar(
        &divulgado,
        2,
        &servidor(),
        Ato::JuntarDocumento {
            art15: None,
            descricao: "interno".into(),
        },
        DIA,
        ts(DIA),
    )
    .await
    .unwrap();
    let comissao = r
        .nas_fases(&[Fase::Divulgada], &presidente())
        .await
        .unwrap();
    assert_eq!(comissao.len(), 1);
    let um_a_um = r.carregar(&divulgado).await.unwrap();
    assert_eq!(comissao[0].0, um_a_um.processo);
    assert_eq!(comissao[0].1, um_a_um.eventos);
    let publico = r
        .nas_fases(&[Fase::Divulgada], &Ator::new("x", Papel::Publico))
        .await
        .unwrap();
    assert_eq!(publico[0].1.len(), 2, "sem o documento interno");
    let todas = r
        .nas_fases(&[Fase::Divulgada, Fase::Protocolada], &presidente())
        .await
        .unwrap();
    let protocolos: Vec<String> = todas.iter().map(|(p, _)| p.protocolo.to_string()).collect();
    assert_eq!(
        protocolos,
        [so_protocolado, divulgado],
        "do mais novo ao mais antigo"
    );
    assert!(r.nas_fases(&[], &presidente()).await.unwrap().is_empty());
}

async fn contas_sessoes_e_arquivos_da_web(r: &Registro, _: &BancoDeTeste) {
    use divisa_registro::Usuario;
    let u = Usuario {
        demonstracao: true,
        ..Usuario::nova("ana", "Ana", Papel::Presidente)
    };
    assert!(r
        .criar_usuario(&u, "$argon2id$fake", ts(DIA))
        .await
        .unwrap());
    assert!(
        !r.criar_usuario(&u, "outro", ts(DIA)).await.unwrap(),
        "login repetido não muda nada"
    );
    let (lido, hash) = r.usuario_e_hash("ana").await.unwrap().expect("conta");
    assert_eq!(lido, u);
    assert_eq!(hash, "$argon2id$fake");
    assert_eq!(r.contar_usuarios().await.unwrap(), 1);
    assert!(r.usuario_e_hash("ninguem").await.unwrap().is_none());

    // sessão: válida até expirar, encerrada some
    let agora = ts(DIA);
    let depois = agora
        .checked_add(jiff::SignedDuration::from_hours(1))
        .unwrap();
    r.abrir_sessao("h1", "ana", "csrf1", agora, depois)
        .await
        .unwrap();
    let (quem, csrf) = r.sessao("h1", agora).await.unwrap().expect("sessão");
    assert_eq!((quem.login.as_str(), csrf.as_str()), ("ana", "csrf1"));
    assert!(r.sessao("h1", depois).await.unwrap().is_none(), "vencida");
    r.encerrar_sessao("h1").await.unwrap();
    assert!(r.sessao("h1", agora).await.unwrap().is_none(), "encerrada");

    // troca de senha: o hash novo, e só a sessão de quem trocou continua
    for (h, c) in [("h2", "c2"), ("h3", "c3")] {
        r.abrir_sessao(h, "ana", c, agora, depois).await.unwrap();
    }
    assert!(r
        .trocar_senha("ana", "$argon2id$nova", Some("h2"))
        .await
        .unwrap());
    assert_eq!(
        r.usuario_e_hash("ana").await.unwrap().unwrap().1,
        "$argon2id$nova"
    );
    assert!(
        r.sessao("h2", agora).await.unwrap().is_some(),
        "a de quem trocou"
    );
    assert!(
        r.sessao("h3", agora).await.unwrap().is_none(),
        "as outras saem"
    );
    assert!(!r.trocar_senha("ninguem", "x", None).await.unwrap());

    // arquivos da representação: entram no evento do protocolo (issue 30), guardados como
    // vieram, com o tamanho, e imutáveis
    let bytes: Vec<u8> = br#"{"type":"FeatureCollection","features":[]}"#.to_vec();
    let recibo = r
        .protocolar_com_arquivos(
            &autor(),
            nova("Arquivos"),
            &[divisa_registro::ArquivoNovo {
                nome: "mapa.geojson".into(),
                conteudo: bytes.clone(),
                finalidade: divisa_registro::Finalidade::Mapa,
                documento: Some(DocumentoArt15::MapaNovo),
            }],
            DIA,
            agora,
        )
        .await
        .unwrap();
    let p = recibo.protocolo.to_string();
    assert_eq!(recibo.processo.versao, 1);
    let lista = r.arquivos(&p).await.unwrap();
    assert_eq!(lista.len(), 1);
    assert_eq!(
        (
            lista[0].tamanho,
            lista[0].nome.as_str(),
            lista[0].finalidade,
            lista[0].evento_seq
        ),
        (
            bytes.len() as u64,
            "mapa.geojson",
            divisa_registro::Finalidade::Mapa,
            Some(1)
        )
    );
    let id = lista[0].id;
    let autos = r.carregar(&p).await.unwrap();
    assert_eq!(
        autos.eventos[0].anexos.len(),
        1,
        "o mapa está no evento do protocolo"
    );
    assert_eq!(autos.eventos[0].anexos[0].sha256, lista[0].sha256);
    let (nome, conteudo) = r
        .conteudo_do_arquivo(&p, id)
        .await
        .unwrap()
        .expect("conteúdo");
    assert_eq!((nome.as_str(), conteudo), ("mapa.geojson", bytes));
    assert!(r.conteudo_do_arquivo("outro", id).await.unwrap().is_none());
    assert!(r.verificar(Some(&p)).await.unwrap().is_empty());
    for sql in ["UPDATE arquivos SET nome = 'x'", "DELETE FROM arquivos"] {
        assert!(
            sqlx::query(sql).execute(r.pool()).await.is_err(),
            "{sql} deveria ser recusado"
        );
    }
    assert_eq!(r.arquivos(&p).await.unwrap().len(), 1);
}

const PDF: &[u8] = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0";

fn arquivo(nome: &str, conteudo: &[u8]) -> divisa_registro::ArquivoNovo {
    divisa_registro::ArquivoNovo::novo(nome, conteudo.to_vec())
}

fn juntada(descricao: &str) -> Ato {
    Ato::JuntarDocumento {
        art15: Some(DocumentoArt15::Fotografias),
        descricao: descricao.into(),
    }
}

/// Art. 15: o documento juntado é um arquivo, não uma caixa marcada. Dois arquivos num ato; o
/// tipo conferido pelo conteúdo; o limite de tamanho; um arquivo recusado recusa o ato e nada
/// fica gravado; o conteúdo adulterado é acusado pela auditoria.
async fn art15_atos_levam_arquivos_conferidos_e_encadeados(r: &Registro, b: &BancoDeTeste) {
    let p = protocolado(r, "Com arquivos").await;
    let e = r
        .anexar_com_arquivos(
            &p,
            1,
            &servidor(),
            juntada("fotografias e ofício"),
            &[arquivo("ofício.pdf", PDF), arquivo("praça.png", PNG)],
            DIA,
            ts(DIA),
        )
        .await
        .unwrap();
    assert_eq!(e.anexos.len(), 2);
    assert_eq!(e.anexos[0].tipo_midia, "application/pdf");
    assert_eq!(e.anexos[1].nome, "praça.png");
    // relidos do banco, com o conteúdo
    let autos = r.carregar(&p).await.unwrap();
    assert_eq!(autos.eventos[1].anexos, e.anexos);
    let guardados = r.arquivos_do_ato(&p, 2).await.unwrap();
    assert_eq!(guardados.len(), 2);
    assert_eq!(guardados[0].1, PDF);
    assert!(r.verificar(Some(&p)).await.unwrap().is_empty());
    // para a exportação: as colunas como gravadas (o hash se refaz delas) e os arquivos
    let (linhas, ultimo) = r.cadeia_gravada(&p).await.unwrap();
    assert_eq!(linhas.len(), 2);
    assert_eq!(linhas[1].hash, ultimo);
    assert_eq!(
        cadeia::calcular(&linhas[1]),
        linhas[1].hash,
        "v2, com os arquivos"
    );
    assert!(linhas[1].anexos.contains("praça.png"));
    assert_eq!(r.arquivos_dos_atos(&p, true).await.unwrap().len(), 2);
    let do_ato = r.arquivos_do_ato(&p, 2).await.unwrap();
    let png: Vec<_> = do_ato.iter().filter(|(n, _)| n == "praça.png").collect();
    assert_eq!(png.len(), 1);
    assert_eq!(png[0].1.as_slice(), PNG);

    // conteúdo que não é do tipo: recusado, nada gravado
    let antes = r.arquivos(&p).await.unwrap().len();
    let erro = r
        .anexar_com_arquivos(
            &p,
            2,
            &servidor(),
            juntada("falsa"),
            &[arquivo("certidão.pdf", PNG)],
            DIA,
            ts(DIA),
        )
        .await
        .unwrap_err();
    assert!(erro.to_string().contains("imagem PNG"), "{erro}");
    // acima do limite: recusado com o tamanho e o limite, nada gravado
    let mut grande = PDF.to_vec();
    grande.resize(
        divisa_registro::anexos::LIMITE_POR_ARQUIVO + 1024 * 1024,
        b' ',
    );
    let erro = r
        .anexar_com_arquivos(
            &p,
            2,
            &servidor(),
            juntada("grande"),
            &[arquivo("grande.pdf", &grande)],
            DIA,
            ts(DIA),
        )
        .await
        .unwrap_err();
    assert!(erro.to_string().contains("o limite é 20,0 MB"), "{erro}");
    assert_eq!(
        r.carregar(&p).await.unwrap().processo.versao,
        2,
        "nenhum evento"
    );
    assert_eq!(r.arquivos(&p).await.unwrap().len(), antes, "nenhum arquivo");

    // um arquivo enfiado por fora num ato sem arquivos (o protocolo, evento 1) é acusado, e os
    // arquivos dos atos não aparecem na lista dos arquivos da representação
    sqlx::query(
        "INSERT INTO arquivos (protocolo, nome, finalidade, sha256, conteudo, enviado_por, enviado_em, evento_seq, tipo_midia) \
         VALUES ($1, 'area.geojson', 'ato', 'x', $2, 'intruso', 'agora', 1, 'application/geo+json')",
    )
    .bind(&p)
    .bind(b"{}".to_vec())
    .execute(r.pool())
    .await
    .unwrap();
    let v = r.verificar(Some(&p)).await.unwrap();
    assert!(
        v.iter()
            .any(|x| x.seq == Some(1) && x.descricao.contains("o banco guarda 1")),
        "{v:?}"
    );
    assert!(r
        .arquivos(&p)
        .await
        .unwrap()
        .iter()
        .all(|a| a.finalidade != divisa_registro::Finalidade::Ato));

    // quem derruba o gatilho e troca o conteúdo é acusado pela auditoria
    let derrubar = if b.url.starts_with("postgres") {
        "DROP TRIGGER arquivos_imutaveis ON arquivos"
    } else {
        "DROP TRIGGER arquivos_sem_update"
    };
    sqlx::query(derrubar).execute(r.pool()).await.unwrap();
    let outro: &[u8] = b"%PDF-1.7 outro";
    sqlx::query("UPDATE arquivos SET conteudo = $1 WHERE evento_seq = 2 AND nome = $2")
        .bind(outro.to_vec())
        .bind("ofício.pdf")
        .execute(r.pool())
        .await
        .unwrap();
    let v = r.verificar(Some(&p)).await.unwrap();
    assert!(
        v.iter().any(
            |x| x.seq == Some(2) && x.descricao.contains("ADULTERAÇÃO do arquivo «ofício.pdf»")
        ),
        "{v:?}"
    );
}

/// As migrações levam a soma do SQL: um banco criado por outro SQL não é aberto (e diz qual).
async fn migracao_alterada_depois_de_aplicada_e_recusada(r: &Registro, b: &BancoDeTeste) {
    sqlx::query("UPDATE migracoes_somas SET sha256 = 'outra' WHERE versao = 1")
        .execute(r.pool())
        .await
        .unwrap();
    let e = Registro::abrir(&b.url).await.unwrap_err();
    assert!(
        e.to_string()
            .contains("a migração 1 (inicial) deste banco não é a que o divisa traz"),
        "{e}"
    );
    // sem a soma (banco de antes das somas): registrada na abertura, e abre
    sqlx::query("DELETE FROM migracoes_somas")
        .execute(r.pool())
        .await
        .unwrap();
    let outro = Registro::abrir(&b.url)
        .await
        .expect("abre e registra as somas");
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM migracoes_somas")
        .fetch_one(outro.pool())
        .await
        .unwrap();
    assert_eq!(n, 13, "uma soma por migração");
    outro.fechar().await;
}

/// A tabela de processos (o que `listar` mostra) é refeita dos eventos e comparada; um evento
/// que não se lê (gravado por fora, no SQLite, como bytes) é nomeado, não um erro do driver.
async fn tabela_de_processos_editada_e_evento_ilegivel_sao_acusados(
    r: &Registro,
    b: &BancoDeTeste,
) {
    let p = protocolado(r, "Projeção").await;
    r.anexar(
        &p,
        1,
        &servidor(),
        Ato::JuntarDocumento {
            art15: None,
            descricao: "d".into(),
        },
        DIA,
        ts(DIA),
    )
    .await
    .unwrap();
    assert!(r.verificar(Some(&p)).await.unwrap().is_empty());
    sqlx::query("UPDATE processos SET fase = 'lei', nome = 'Outro nome', tipo = 'fusao' WHERE protocolo = $1")
        .bind(&p)
        .execute(r.pool())
        .await
        .unwrap();
    let v = r.verificar(Some(&p)).await.unwrap();
    assert!(
        v.iter().any(|x| x
            .descricao
            .contains("tabela de processos: fase gravado «lei»")),
        "{v:?}"
    );
    assert!(
        v.iter()
            .any(|x| x.descricao.contains("nome gravado «Outro nome»")),
        "{v:?}"
    );
    assert!(
        v.iter()
            .any(|x| x.descricao.contains("tipo gravado «fusao»")),
        "{v:?}"
    );
    // o tipo gravado também entra no hash (formato 3)
    let derrubar = if b.url.starts_with("postgres") {
        "DROP TRIGGER eventos_sem_alteracao ON eventos"
    } else {
        "DROP TRIGGER eventos_sem_alteracao"
    };
    sqlx::query(derrubar).execute(r.pool()).await.unwrap();
    sqlx::query("UPDATE eventos SET tipo = 'publicar_lei' WHERE seq = 2")
        .execute(r.pool())
        .await
        .unwrap();
    let v = r.verificar(Some(&p)).await.unwrap();
    assert!(
        v.iter()
            .any(|x| x.seq == Some(2) && x.descricao.contains("alterado depois de gravado")),
        "{v:?}"
    );
    if !b.url.starts_with("postgres") {
        sqlx::query("UPDATE eventos SET ato = X'00FF' WHERE seq = 2")
            .execute(r.pool())
            .await
            .unwrap();
        let v = r.verificar(Some(&p)).await.unwrap();
        assert!(
            v.iter()
                .any(|x| x.seq == Some(2) && x.descricao.contains("não se lê")),
            "{v:?}"
        );
        // issue 30: texto que não é UTF-8, gravado como texto (não como bytes), era "erro
        // interno" do driver; é a violação daquele evento, com a coluna
        sqlx::query("UPDATE eventos SET ato = CAST(X'7B22FF22' AS TEXT) WHERE seq = 2")
            .execute(r.pool())
            .await
            .unwrap();
        let v = r.verificar(Some(&p)).await.unwrap();
        assert!(
            v.iter()
                .any(|x| x.seq == Some(2)
                    && x.descricao.contains("a coluna «ato» não é texto UTF-8")),
            "{v:?}"
        );
        assert!(r.verificar(None).await.is_ok(), "todos os processos também");
    }
}

/// Issue 14: quem age entra no hash e na linha do tempo; um identificador com quebra de linha,
/// tabulação ou BEL é recusado na gravação (não só na linha de comando), e nada é gravado.
async fn ator_com_caractere_de_controle_e_recusado_na_gravacao(r: &Registro, _: &BancoDeTeste) {
    let p = protocolado(r, "Controle").await;
    for id in [
        "carla\npresidente",
        "carla\tx",
        "carla\u{7}",
        "",
        &"x".repeat(200),
    ] {
        let e = r
            .anexar(
                &p,
                1,
                &Ator::new(id, Papel::Servidor),
                Ato::JuntarDocumento {
                    art15: None,
                    descricao: "d".into(),
                },
                DIA,
                ts(DIA),
            )
            .await
            .unwrap_err();
        assert!(
            e.to_string().contains("caractere de controle"),
            "{:?}: {e}",
            id
        );
    }
    assert_eq!(
        r.carregar(&p).await.unwrap().processo.versao,
        1,
        "nada gravado"
    );
}

/// A âncora fecha o que a cadeia sozinha não vê: o processo apagado inteiro (no PostgreSQL
/// também por TRUNCATE … CASCADE, que passa por cima dos gatilhos de linha) e o último evento
/// apagado com a versão e o último hash acertados.
async fn ancora_acusa_processo_apagado_e_fim_de_cadeia_refeito(r: &Registro, b: &BancoDeTeste) {
    let p1 = protocolado(r, "Um").await;
    let p2 = protocolado(r, "Dois").await;
    r.anexar(
        &p1,
        1,
        &servidor(),
        Ato::JuntarDocumento {
            art15: None,
            descricao: "d".into(),
        },
        DIA,
        ts(DIA),
    )
    .await
    .unwrap();
    let a = r.ancorar(ts(DIA)).await.unwrap();
    assert_eq!((a.processos, a.eventos), (2, 3));
    assert!(a.texto().contains(&a.hash));
    let (v, depois) = r.conferir_ancora(&a).await.unwrap();
    assert!(v.is_empty(), "{v:?}");
    assert_eq!(depois, 0);
    // a âncora não se apaga nem se altera
    assert!(sqlx::query("DELETE FROM ancoras")
        .execute(r.pool())
        .await
        .is_err());
    assert!(sqlx::query("UPDATE ancoras SET hash = 'x'")
        .execute(r.pool())
        .await
        .is_err());

    // o último evento de p1 apagado, com a versão e o último hash acertados: a cadeia confere…
    let postgres = b.url.starts_with("postgres");
    let derrubar: &[&str] = if postgres {
        &["DROP TRIGGER eventos_sem_alteracao ON eventos"]
    } else {
        &[
            "DROP TRIGGER eventos_sem_alteracao",
            "DROP TRIGGER eventos_sem_remocao",
        ]
    };
    for sql in derrubar {
        sqlx::query(sql).execute(r.pool()).await.unwrap();
    }
    let (linhas, _) = r.cadeia_gravada(&p1).await.unwrap();
    sqlx::query("DELETE FROM eventos WHERE seq = 2 AND processo_id = (SELECT id FROM processos WHERE protocolo = $1)")
        .bind(&p1)
        .execute(r.pool())
        .await
        .unwrap();
    sqlx::query("UPDATE processos SET versao = 1, ultimo_hash = $1, fase = 'protocolada' WHERE protocolo = $2")
        .bind(&linhas[0].hash)
        .bind(&p1)
        .execute(r.pool())
        .await
        .unwrap();
    assert!(
        r.verificar(Some(&p1)).await.unwrap().is_empty(),
        "a cadeia sozinha não vê"
    );
    // …mas a âncora vê
    let (v, _) = r.conferir_ancora(&a).await.unwrap();
    assert!(
        v.iter()
            .any(|x| x.protocolo == p1 && x.seq == Some(2) && x.descricao.contains("sumiu")),
        "{v:?}"
    );

    // o processo p2 apagado inteiro
    if postgres {
        sqlx::query("TRUNCATE processos CASCADE")
            .execute(r.pool())
            .await
            .unwrap();
    } else {
        sqlx::query("DELETE FROM pendencias")
            .execute(r.pool())
            .await
            .unwrap();
        sqlx::query("DELETE FROM eventos WHERE processo_id = (SELECT id FROM processos WHERE protocolo = $1)")
            .bind(&p2)
            .execute(r.pool())
            .await
            .unwrap();
        sqlx::query("DELETE FROM processos WHERE protocolo = $1")
            .bind(&p2)
            .execute(r.pool())
            .await
            .unwrap();
    }
    let (v, _) = r.conferir_ancora(&a).await.unwrap();
    assert!(
        v.iter()
            .any(|x| x.protocolo == p2 && x.descricao.contains("sumiu")),
        "{v:?}"
    );
    // a âncora sobreviveu (o TRUNCATE em cascata não a alcança)
    assert_eq!(r.ultima_ancora().await.unwrap().unwrap().hash, a.hash);
}

/// Issue 14: âncoras assinadas (Ed25519) e encadeadas, gravadas e conferidas nas duas bases.
async fn ancoras_assinadas_e_encadeadas(r: &Registro, _: &BancoDeTeste) {
    let chave = ed25519_dalek::SigningKey::from_bytes(&[7u8; 32]);
    let outra = ed25519_dalek::SigningKey::from_bytes(&[9u8; 32]);
    protocolado(r, "Nova Fronteira").await;
    let primeira = r.ancorar_assinada(ts(DIA), Some(&chave)).await.unwrap();
    assert_eq!(primeira.anterior, None);
    let segunda = r.ancorar_assinada(ts(DIA), Some(&chave)).await.unwrap();
    assert_eq!(segunda.anterior.as_deref(), Some(primeira.selo().as_str()));
    let (v, c) = r
        .conferir_assinaturas(Some(&chave.verifying_key()))
        .await
        .unwrap();
    assert!(v.is_empty(), "{v:?}");
    assert_eq!((c.ancoras, c.assinadas), (2, 2));
    // diante de outra chave publicada: as duas acusadas
    let (v, _) = r
        .conferir_assinaturas(Some(&outra.verifying_key()))
        .await
        .unwrap();
    assert_eq!(v.len(), 2, "{v:?}");
    // uma âncora sem assinatura por último: com a chave publicada, acusada
    r.ancorar(ts(DIA)).await.unwrap();
    let (v, _) = r
        .conferir_assinaturas(Some(&chave.verifying_key()))
        .await
        .unwrap();
    assert!(
        v.iter().any(|x| x.descricao.contains("não está assinada")),
        "{v:?}"
    );
}

/// Issue 16 ("assinado e verificável"): cada PDF emitido de um processo fica registrado com o
/// código, o SHA-256 e os bytes; emitir de novo os mesmos bytes não repete a linha, o mesmo
/// código com outros bytes (outro desenho do mesmo conteúdo) é outra emissão; o registro só
/// aceita acréscimo, e um documento de processo que não existe é recusado.
async fn issue16_documentos_emitidos_registrados_uma_vez_e_imutaveis(
    r: &Registro,
    _: &BancoDeTeste,
) {
    use divisa_registro::{codigo_com_tracos, NovaEmissao};
    let p = protocolado(r, "Emitidos").await;
    let pdf = b"%PDF-1.7\n...\n%%EOF\n".to_vec();
    let nova = NovaEmissao {
        codigo: "3f2a1-b4c5d-6e7f8-0912a",
        conteudo: &pdf,
        tipo: "parecer",
        titulo: "PARECER DE MÉRITO",
        protocolo: &p,
        emitido_por: "bruno.membro",
        emitente_nome: Some("Bruno Campos"),
        emitente_cargo: Papel::Membro.cargo(),
        data: DIA,
    };
    let e = r.registrar_emissao(&nova, ts(DIA)).await.unwrap();
    assert_eq!(e.codigo, "3F2A1B4C5D6E7F80912A");
    assert_eq!(codigo_com_tracos(&e.codigo), "3F2A1-B4C5D-6E7F8-0912A");
    assert_eq!(e.sha256, divisa_registro::sha256_hex(&pdf));
    assert_eq!(e.tamanho, pdf.len() as u64);
    assert_eq!(e.protocolo, p);
    assert_eq!(e.data, DIA);
    assert_eq!(e.emitido_em, ts(DIA));
    assert_eq!(
        e.emitente(),
        "Bruno Campos (Membro da Comissão de Revisão Territorial)",
        "por nome e cargo, nunca o login"
    );
    // baixar de novo, no dia seguinte, os mesmos bytes: a mesma emissão, a primeira
    let dia2 = date(2026, 3, 3);
    let outra_vez = r.registrar_emissao(&nova, ts(dia2)).await.unwrap();
    assert_eq!(outra_vez, e, "sem linha nova: a primeira emissão");
    // o mesmo conteúdo desenhado de outro jeito: outra emissão, e as duas se acham pelo código
    let redesenhado = b"%PDF-2.0\n...\n%%EOF\n".to_vec();
    let e2 = r
        .registrar_emissao(
            &NovaEmissao {
                conteudo: &redesenhado,
                emitente_nome: None,
                emitido_por: "operador",
                ..nova
            },
            ts(dia2),
        )
        .await
        .unwrap();
    assert_ne!(e2.id, e.id);
    assert_eq!(
        e2.emitente(),
        "Membro da Comissão de Revisão Territorial (nome não cadastrado)",
        "sem conta, o cargo — nunca o login"
    );
    let por_codigo = r.emitidos_por_codigo("3F2A1B4C5D6E7F80912A").await.unwrap();
    assert_eq!(por_codigo, vec![e.clone(), e2.clone()]);
    assert_eq!(
        r.emitidos_por_codigo("3f2a1 b4c5d 6e7f8 0912a")
            .await
            .unwrap()
            .len(),
        2,
        "o código como alguém o digita"
    );
    assert!(r
        .emitidos_por_codigo("00000-00000-00000-00000")
        .await
        .unwrap()
        .is_empty());
    assert!(r
        .emitidos_por_codigo("não é código")
        .await
        .unwrap()
        .is_empty());
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM documentos_emitidos")
        .fetch_one(r.pool())
        .await
        .unwrap();
    assert_eq!(n, 2);
    // pelo SHA-256 dos bytes, e os bytes de volta
    assert_eq!(
        r.emitido_por_sha256(&e2.sha256).await.unwrap(),
        Some(e2.clone())
    );
    assert!(r
        .emitido_por_sha256(&divisa_registro::sha256_hex(b"outro"))
        .await
        .unwrap()
        .is_none());
    assert_eq!(r.conteudo_emitido(e.id).await.unwrap(), Some(pdf.clone()));
    assert_eq!(r.conteudo_emitido(e2.id + 100).await.unwrap(), None);
    // só acréscimo: nem mudar nem apagar
    for sql in [
        "UPDATE documentos_emitidos SET titulo = 'outro'",
        "UPDATE documentos_emitidos SET conteudo = conteudo",
        "DELETE FROM documentos_emitidos",
    ] {
        assert!(
            sqlx::query(sql).execute(r.pool()).await.is_err(),
            "{sql} deveria ser recusado"
        );
    }
    assert_eq!(r.emitidos_por_codigo(&e.codigo).await.unwrap().len(), 2);
    // um processo que não existe, um código que não é código, um título vazio, o mesmo código e
    // os mesmos bytes noutro processo: recusados
    match r
        .registrar_emissao(
            &NovaEmissao {
                codigo: "AAAAA-BBBBB-CCCCC-DDDDD",
                protocolo: "00001.999999/2026-00",
                ..nova
            },
            ts(DIA),
        )
        .await
    {
        Err(ErroRegistro::NaoEncontrado(x)) => assert_eq!(x, "00001.999999/2026-00"),
        outro => panic!("esperado processo não encontrado, veio {outro:?}"),
    }
    let p2 = protocolado(r, "Outro").await;
    for errada in [
        NovaEmissao {
            codigo: "123",
            ..nova
        },
        NovaEmissao {
            titulo: " ",
            ..nova
        },
        NovaEmissao {
            emitido_por: "bruno\u{7}",
            ..nova
        },
        NovaEmissao {
            protocolo: &p2,
            ..nova
        },
    ] {
        assert!(
            matches!(
                r.registrar_emissao(&errada, ts(DIA)).await,
                Err(ErroRegistro::Recusado(_))
            ),
            "{errada:?}"
        );
    }
}

/// Issue 16 (assinar na página do processo): cada versão assinada acrescenta à anterior —
/// duas assinaturas sobre a mesma versão não fazem dois ramos (a segunda é recusada) —, só
/// acréscimo; e a auditoria acusa o documento emitido trocado no banco e a versão assinada que
/// não parte da anterior (uma assinatura apagada), com o número da emissão.
async fn issue16_versoes_assinadas_encadeadas_e_auditadas(r: &Registro, b: &BancoDeTeste) {
    use divisa_registro::{NovaAssinatura, NovaEmissao};
    let p = protocolado(r, "Assinados").await;
    let pdf = b"%PDF-1.7\n...\n%%EOF\n".to_vec();
    let e = r
        .registrar_emissao(
            &NovaEmissao {
                codigo: "3f2a1-b4c5d-6e7f8-0912a",
                conteudo: &pdf,
                tipo: "parecer",
                titulo: "PARECER DE MÉRITO",
                protocolo: &p,
                emitido_por: "bruno.membro",
                emitente_nome: Some("Bruno Campos"),
                emitente_cargo: Papel::Membro.cargo(),
                data: DIA,
            },
            ts(DIA),
        )
        .await
        .unwrap();
    let relator = [pdf.as_slice(), b"assinatura do relator\n%%EOF\n"].concat();
    let nova = NovaAssinatura {
        emissao: e.id,
        conteudo: &relator,
        assinado_por: "bruno.membro",
        assinante_nome: Some("Bruno Campos"),
        assinante_cargo: Papel::Membro.cargo(),
        titular: "BRUNO CAMPOS:11122233344",
    };
    let v1 = r.registrar_assinatura(&nova, ts(DIA)).await.unwrap();
    assert_eq!(
        v1.assinante(),
        "Bruno Campos (Membro da Comissão de Revisão Territorial)"
    );
    // a mesa da Presidência: o parecer espera a assinatura dela, já com a do relator
    let a_assinar = |lista: Vec<(divisa_registro::DocumentoEmitido, u64)>| {
        lista
            .into_iter()
            .filter(|(d, _)| d.protocolo == p)
            .map(|(d, n)| (d.id, n))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        a_assinar(
            r.sem_assinatura_do_cargo(Papel::Presidente.cargo())
                .await
                .unwrap()
        ),
        vec![(e.id, 1)]
    );
    assert!(
        a_assinar(
            r.sem_assinatura_do_cargo(Papel::Membro.cargo())
                .await
                .unwrap()
        )
        .is_empty(),
        "o relator já assinou"
    );
    // outra assinatura sobre a emitida (não sobre a do relator): recusada, não faz um ramo
    let ramo = [pdf.as_slice(), b"assinatura de outro\n%%EOF\n"].concat();
    let recusada = r
        .registrar_assinatura(
            &NovaAssinatura {
                conteudo: &ramo,
                ..nova
            },
            ts(DIA),
        )
        .await;
    assert!(
        matches!(&recusada, Err(ErroRegistro::Recusado(_))),
        "{recusada:?}"
    );
    // a Presidente assina a do relator
    let presidente = [relator.as_slice(), b"assinatura da presidente\n%%EOF\n"].concat();
    let v2 = r
        .registrar_assinatura(
            &NovaAssinatura {
                conteudo: &presidente,
                assinado_por: "ana",
                assinante_nome: None,
                assinante_cargo: Papel::Presidente.cargo(),
                titular: "ANA SOUZA:55566677788",
                ..nova
            },
            ts(DIA),
        )
        .await
        .unwrap();
    assert_eq!(
        v2.assinante(),
        "ANA SOUZA:55566677788 (Presidente da Comissão de Revisão Territorial)",
        "sem conta, o titular do certificado — nunca o login"
    );
    assert_eq!(
        r.assinaturas_da_emissao(e.id).await.unwrap(),
        vec![v1.clone(), v2.clone()]
    );
    assert_eq!(
        r.ultima_versao(e.id).await.unwrap(),
        Some(presidente.clone())
    );
    assert_eq!(r.emitidos_do_processo(&p).await.unwrap(), vec![e.clone()]);
    assert!(
        a_assinar(
            r.sem_assinatura_do_cargo(Papel::Presidente.cargo())
                .await
                .unwrap()
        )
        .is_empty(),
        "assinado pela Presidente, sai da mesa dela"
    );
    assert!(r.verificar(Some(&p)).await.unwrap().is_empty());
    for sql in [
        "UPDATE documentos_assinados SET titular = 'outro'",
        "DELETE FROM documentos_assinados",
    ] {
        assert!(
            sqlx::query(sql).execute(r.pool()).await.is_err(),
            "{sql} deveria ser recusado"
        );
    }

    // quem derruba os gatilhos e troca os bytes é acusado pela auditoria
    let derrubar: &[&str] = if b.url.starts_with("postgres") {
        &[
            "DROP TRIGGER documentos_emitidos_imutaveis ON documentos_emitidos",
            "DROP TRIGGER documentos_assinados_imutaveis ON documentos_assinados",
        ]
    } else {
        &[
            "DROP TRIGGER documentos_emitidos_sem_update",
            "DROP TRIGGER documentos_assinados_sem_update",
        ]
    };
    for sql in derrubar {
        sqlx::query(sql).execute(r.pool()).await.unwrap();
    }
    sqlx::query("UPDATE documentos_emitidos SET conteudo = $1 WHERE id = $2")
        .bind(b"%PDF-1.7 outro".to_vec())
        .bind(e.id)
        .execute(r.pool())
        .await
        .unwrap();
    let v = r.verificar(Some(&p)).await.unwrap();
    let textos: Vec<&str> = v.iter().map(|v| v.descricao.as_str()).collect();
    assert!(
        textos.iter().any(|t| t.contains(&format!(
            "os bytes do documento emitido nº {} (código 3F2A1-B4C5D-6E7F8-0912A) não são os registrados",
            e.id
        ))),
        "{textos:?}"
    );
    // a versão da Presidente trocada por uma que parte da emitida: a assinatura do relator some
    let sem_relator = [pdf.as_slice(), b"so a presidente\n%%EOF\n"].concat();
    sqlx::query(
        "UPDATE documentos_assinados SET conteudo = $1, sha256 = $2, tamanho = $3 WHERE id = $4",
    )
    .bind(sem_relator.clone())
    .bind(divisa_registro::sha256_hex(&sem_relator))
    .bind(sem_relator.len() as i64)
    .bind(v2.id)
    .execute(r.pool())
    .await
    .unwrap();
    let v = r.verificar(Some(&p)).await.unwrap();
    assert!(
        v.iter().any(|v| v.descricao.contains(&format!(
            "a versão assinada nº {} do documento emitido nº {} não acrescenta à versão anterior",
            v2.id, e.id
        ))),
        "{v:?}"
    );
}

/// Issue 32: a migração 0012 limpa o que a regra antiga ("ver emite") registrou sem reescrever
/// nada: de cada documento (processo, tipo e título), a primeira emissão continua emitida; as
/// seguintes, se não assinadas, passam a consultas — fora das listas dos emitidos, ainda
/// conferindo, e marcadas como tais. As linhas dos emitidos ficam como estavam, e a auditoria
/// continua limpa.
async fn issue32_migracao_marca_as_leituras_antigas_como_consultas(r: &Registro, b: &BancoDeTeste) {
    use divisa_registro::{NovaAssinatura, NovaEmissao};
    let p = protocolado(r, "Vistos").await;
    let emitir = |codigo: &'static str,
                  conteudo: &'static [u8],
                  titulo: &'static str,
                  quem: &'static str| {
        let p = p.clone();
        async move {
            r.registrar_emissao(
                &NovaEmissao {
                    codigo,
                    conteudo,
                    tipo: "parecer",
                    titulo,
                    protocolo: &p,
                    emitido_por: quem,
                    emitente_nome: Some("Alguém"),
                    emitente_cargo: Papel::Membro.cargo(),
                    data: DIA,
                },
                ts(DIA),
            )
            .await
            .unwrap()
        }
    };
    // o parecer "emitido" três vezes por quem o abriu (dias diferentes, códigos diferentes), o
    // terceiro assinado; outro documento, uma vez
    let primeiro = emitir("11111-11111-11111-11111", b"%PDF-1 a", "PARECER", "bruno").await;
    let visto = emitir("22222-22222-22222-22222", b"%PDF-1 b", "PARECER", "carla").await;
    let assinado = emitir(
        "33333-33333-33333-33333",
        b"%PDF-1 c",
        "PARECER",
        "cartografia",
    )
    .await;
    let outro = emitir("44444-44444-44444-44444", b"%PDF-1 d", "OUTRO", "bruno").await;
    r.registrar_assinatura(
        &NovaAssinatura {
            emissao: assinado.id,
            conteudo: b"%PDF-1 c assinado",
            assinado_por: "ana",
            assinante_nome: Some("Ana"),
            assinante_cargo: Papel::Presidente.cargo(),
            titular: "ANA",
        },
        ts(DIA),
    )
    .await
    .unwrap();
    let antes: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, sha256 FROM documentos_emitidos ORDER BY id")
            .fetch_all(r.pool())
            .await
            .unwrap();
    // o banco como era antes da migração 12, e aberto de novo: ela roda sobre os dados
    sqlx::query("DROP TABLE documentos_consultas")
        .execute(r.pool())
        .await
        .unwrap();
    if !r.e_sqlite() {
        sqlx::query("DROP FUNCTION documentos_consultas_imutaveis()")
            .execute(r.pool())
            .await
            .unwrap();
    }
    for t in ["migracoes", "migracoes_somas"] {
        sqlx::query(&format!("DELETE FROM {t} WHERE versao = 12"))
            .execute(r.pool())
            .await
            .unwrap();
    }
    let r = Registro::abrir(&b.url).await.expect("migra");
    let depois: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, sha256 FROM documentos_emitidos ORDER BY id")
            .fetch_all(r.pool())
            .await
            .unwrap();
    assert_eq!(antes, depois, "nenhuma emissão reescrita nem apagada");
    let lista: Vec<i64> = r
        .emitidos_do_processo(&p)
        .await
        .unwrap()
        .iter()
        .map(|e| e.id)
        .collect();
    assert_eq!(
        lista,
        vec![primeiro.id, assinado.id, outro.id],
        "a leitura saiu da lista"
    );
    let consulta = r.emitido(visto.id).await.unwrap().unwrap();
    assert!(consulta.consulta, "marcada como consulta");
    assert!(!r.emitido(primeiro.id).await.unwrap().unwrap().consulta);
    // ainda confere pelo código (o arquivo foi entregue a alguém)
    assert_eq!(
        r.emitidos_por_codigo("22222222222222222222")
            .await
            .unwrap()
            .len(),
        1
    );
    // a marca não se apaga
    assert!(sqlx::query("DELETE FROM documentos_consultas")
        .execute(r.pool())
        .await
        .is_err());
    assert!(r.verificar(Some(&p)).await.unwrap().is_empty());
    r.fechar().await;
}

/// Issue 30: um banco antigo, com o mapa, o memorial e a lista dos títulos guardados fora da
/// cadeia (sem evento), é migrado ao abrir sem reescrever nenhum evento: um termo de juntada no
/// fim da cadeia lista cada arquivo com o SHA-256 do conteúdo, as linhas passam a apontar para
/// ele, a auditoria confere; um arquivo enfiado depois, sem evento, é nomeado pela auditoria; a
/// versão pública dos arquivos não leva a lista dos títulos.
async fn issue30_arquivos_fora_da_cadeia_migrados_por_termo_de_juntada(
    r: &Registro,
    b: &BancoDeTeste,
) {
    let p = protocolado(r, "Antigo").await;
    let antes = r.cadeia_gravada(&p).await.unwrap();
    // como a página gravava até a sessão 12: depois do protocolo, sem evento
    for (nome, finalidade, conteudo) in [
        (
            "mapa.geojson",
            "mapa",
            &br#"{"type":"FeatureCollection","features":[]}"#[..],
        ),
        (
            "memorial.txt",
            "memorial",
            "Inicia-se no vértice V1".as_bytes(),
        ),
        ("titulos.txt", "assinaturas", b"123456781821\n"),
    ] {
        sqlx::query(
            "INSERT INTO arquivos (protocolo, nome, finalidade, sha256, conteudo, enviado_por, enviado_em) \
             VALUES ($1, $2, $3, $4, $5, 'joao', $6)",
        )
        .bind(&p)
        .bind(nome)
        .bind(finalidade)
        .bind(divisa_registro::sha256_hex(conteudo))
        .bind(conteudo.to_vec())
        .bind(ts(DIA).to_string())
        .execute(r.pool())
        .await
        .unwrap();
    }
    let v = r.verificar(Some(&p)).await.unwrap();
    assert_eq!(v.len(), 3, "cada arquivo sem evento é nomeado: {v:?}");
    assert!(
        v.iter().any(|x| x.descricao.contains("«titulos.txt»")
            && x.descricao.contains("não está em nenhum evento")),
        "{v:?}"
    );

    // aberto de novo: a migração junta os três por um termo no fim da cadeia
    let r = Registro::abrir(&b.url).await.expect("migra");
    let autos = r.carregar(&p).await.unwrap();
    assert_eq!(autos.eventos.len(), 2, "um evento a mais, nenhum mudado");
    let (linhas, _) = r.cadeia_gravada(&p).await.unwrap();
    assert_eq!(linhas[0], antes.0[0], "o protocolo não foi reescrito");
    let termo = &autos.eventos[1];
    assert!(matches!(
        termo.ato,
        Ato::JuntarDocumento { art15: None, .. }
    ));
    assert_eq!(termo.ator.id, "joao", "em nome de quem enviou");
    assert_eq!(
        termo
            .anexos
            .iter()
            .map(|a| a.nome.as_str())
            .collect::<Vec<_>>(),
        ["mapa.geojson", "memorial.txt", "titulos.txt"]
    );
    if let Ato::JuntarDocumento { descricao, .. } = &termo.ato {
        assert!(
            descricao.contains("fora da cadeia de hashes"),
            "{descricao}"
        );
        assert!(
            descricao.contains("mapa do território «mapa.geojson»"),
            "{descricao}"
        );
    }
    let guardados = r.arquivos(&p).await.unwrap();
    assert!(
        guardados.iter().all(|a| a.evento_seq == Some(2)),
        "{guardados:?}"
    );
    assert!(r.verificar(Some(&p)).await.unwrap().is_empty());
    // abrir de novo não junta duas vezes
    let r = Registro::abrir(&b.url).await.expect("abre");
    assert_eq!(r.carregar(&p).await.unwrap().eventos.len(), 2);
    // a lista dos títulos fica fora da versão pública
    let publicos = r.arquivos_dos_atos(&p, false).await.unwrap();
    assert_eq!(publicos.len(), 2);
    assert!(publicos.iter().all(|(_, n, _)| n != "titulos.txt"));
    assert_eq!(r.arquivos_dos_atos(&p, true).await.unwrap().len(), 3);

    // um arquivo enfiado depois, por fora, é nomeado; um que diz ser de um evento que não
    // existe também
    sqlx::query(
        "INSERT INTO arquivos (protocolo, nome, finalidade, sha256, conteudo, enviado_por, enviado_em, evento_seq, tipo_midia) \
         VALUES ($1, 'fantasma.pdf', 'ato', 'x', $2, 'intruso', 'agora', 9, 'application/pdf')",
    )
    .bind(&p)
    .bind(b"%PDF-1.7".to_vec())
    .execute(r.pool())
    .await
    .unwrap();
    let v = r.verificar(Some(&p)).await.unwrap();
    assert!(
        v.iter().any(|x| x.descricao.contains("«fantasma.pdf»")
            && x.descricao.contains("evento 9, que não existe")),
        "{v:?}"
    );
    r.fechar().await;
}

/// Art. 15 e Art. 16, parágrafo único (issue 30): declarar não é juntar. A representação que
/// declara os cinco documentos e traz o arquivo de um só tem um nos autos; o recibo diz os
/// apresentados com arquivo e os declarados a juntar; a juntada sem arquivo é recusada e nada
/// grava; com o arquivo, o documento entra e a cadeia confere.
async fn issue30_declarado_nao_e_juntado(r: &Registro, _: &BancoDeTeste) {
    let requerimento = documentos_com_arquivo().remove(0);
    let recibo = r
        .protocolar_com_arquivos(
            &autor(),
            nova("Declarada"),
            &[requerimento, arquivo("anexo.pdf", PDF)],
            DIA,
            ts(DIA),
        )
        .await
        .unwrap();
    assert_eq!(recibo.apresentados(), DocumentoArt15::Requerimento.nome());
    assert!(recibo
        .a_juntar()
        .contains(DocumentoArt15::Fotografias.nome()));
    assert!(!recibo
        .a_juntar()
        .contains(DocumentoArt15::Requerimento.nome()));
    let texto = recibo.texto();
    assert!(
        texto.contains("Documentos do Art. 15 apresentados com arquivo: Art. 15, I"),
        "{texto}"
    );
    assert!(
        texto.contains("Declarados sem arquivo, a juntar (Art. 16, parágrafo único): Art. 15, II"),
        "{texto}"
    );
    assert!(!texto.contains("acompanham"), "{texto}");
    let p = recibo.protocolo.to_string();
    let autos = r.carregar(&p).await.unwrap();
    assert_eq!(
        autos.eventos[0].anexos[0].documento,
        Some(DocumentoArt15::Requerimento)
    );
    assert_eq!(autos.eventos[0].anexos[1].documento, None);
    assert_eq!(autos.processo.documentos.len(), 1);
    assert_eq!(autos.processo.declarados_a_juntar().len(), 4);
    // o recibo refeito dos autos diz o mesmo
    assert_eq!(r.recibo(&p).await.unwrap().texto(), texto);

    for (v, ato) in [
        Ato::Divulgar {
            publicacao: "DO".into(),
        },
        Ato::SolicitarDocumentos {
            destinatario: "lideranças".into(),
        },
    ]
    .into_iter()
    .enumerate()
    {
        r.anexar(&p, v as u64 + 1, &presidente(), ato, DIA, ts(DIA))
            .await
            .unwrap();
    }
    let mapa = Ato::JuntarDocumento {
        art15: Some(DocumentoArt15::MapaNovo),
        descricao: "mapa e memorial".into(),
    };
    match r
        .anexar(&p, 3, &servidor(), mapa.clone(), DIA, ts(DIA))
        .await
    {
        Err(ErroRegistro::Recusado(rec)) => {
            assert_eq!(rec.artigo, "Art. 16, parágrafo único");
            assert!(rec.motivo.contains("declarar não é juntar"), "{rec}");
        }
        outro => panic!("esperada a recusa do Art. 16, parágrafo único, veio {outro:?}"),
    }
    assert_eq!(
        r.carregar(&p).await.unwrap().processo.versao,
        3,
        "nada gravado"
    );
    r.anexar_com_arquivos(
        &p,
        3,
        &servidor(),
        mapa,
        &[arquivo("mapa.pdf", PDF)],
        DIA,
        ts(DIA),
    )
    .await
    .unwrap();
    let autos = r.carregar(&p).await.unwrap();
    assert!(autos
        .processo
        .documentos
        .contains(&DocumentoArt15::MapaNovo));
    assert_eq!(autos.processo.declarados_a_juntar().len(), 3);
    assert!(r.verificar(Some(&p)).await.unwrap().is_empty());
}

/// O recibo refeito dos autos de um protocolo de antes da regra do arquivo diz o que o recibo
/// entregue dizia — os documentos declarados —, nunca «apresentados com arquivo» para um
/// protocolo que não trouxe arquivo (issue 30).
#[test]
fn issue30_recibo_de_protocolo_antigo_diz_os_declarados() {
    let ato = Ato::Protocolar {
        protocolo: Nup::novo(1, 1, 2026).unwrap(),
        tipo_processo: TipoProcesso::Criacao,
        nome: "Antiga".into(),
        municipios_origem: vec!["Sorriso".into()],
        codigos_origem: vec![],
        via: Via::Comunidade,
        representante: "João".into(),
        assinaturas: 10,
        documentos: vec![DocumentoArt15::Requerimento],
        documentos_por_arquivo: false,
        proposta: None,
        nome_homenageia_pessoa_viva: None,
    };
    let evento = Evento {
        seq: 1,
        data: DIA,
        ator: autor(),
        ato,
        anexos: vec![],
    };
    let recibo = divisa_registro::Recibo {
        protocolo: Nup::novo(1, 1, 2026).unwrap(),
        data: DIA,
        registrado_em: ts(DIA),
        hash: "0".repeat(64),
        processo: Processo::de_eventos([&evento]).unwrap(),
    };
    let texto = recibo.texto();
    assert!(
        texto.contains(
            "Documentos do Art. 15 declarados na representação: Art. 15, I — requerimento"
        ),
        "{texto}"
    );
    assert!(!texto.contains("apresentados com arquivo"), "{texto}");
}

nas_duas_bases! {
    ator_com_caractere_de_controle_e_recusado_na_gravacao => super::ator_com_caractere_de_controle_e_recusado_na_gravacao;
    ancoras_assinadas_e_encadeadas => super::ancoras_assinadas_e_encadeadas;
    ancora_acusa_processo_apagado_e_fim_de_cadeia_refeito => super::ancora_acusa_processo_apagado_e_fim_de_cadeia_refeito;
    tabela_de_processos_editada_e_evento_ilegivel_sao_acusados => super::tabela_de_processos_editada_e_evento_ilegivel_sao_acusados;
    migracao_alterada_depois_de_aplicada_e_recusada => super::migracao_alterada_depois_de_aplicada_e_recusada;
    art15_atos_levam_arquivos_conferidos_e_encadeados => super::art15_atos_levam_arquivos_conferidos_e_encadeados;
    art14_protocolo_numera_e_grava_o_primeiro_evento => super::art14_protocolo_numera_e_grava_o_primeiro_evento;
    art13_protocolo_recusado_nao_gasta_numero => super::art13_protocolo_recusado_nao_gasta_numero;
    rito_gravado_e_relido => super::rito_gravado_e_relido;
    recusa_nao_grava_nada => super::recusa_nao_grava_nada;
    versao_velha_e_recusada_como_conflito => super::versao_velha_e_recusada_como_conflito;
    mil_anexos_concorrentes_cada_um_aplicado_uma_vez_ou_recusado => super::mil_anexos_concorrentes_cada_um_aplicado_uma_vez_ou_recusado;
    adulteracao_por_sql_e_detectada_e_nomeada => super::adulteracao_por_sql_e_detectada_e_nomeada;
    art2_par3_alertas_de_todos_os_processos => super::art2_par3_alertas_de_todos_os_processos;
    art16_art22_cada_papel_ve_o_que_pode => super::art16_art22_cada_papel_ve_o_que_pode;
    setores_importados_gravados_relidos_e_substituidos => super::setores_importados_gravados_relidos_e_substituidos;
    art9_recusa_com_quebras_e_separadores_no_motivo_chega_inteira_aos_alertas => super::art9_recusa_com_quebras_e_separadores_no_motivo_chega_inteira_aos_alertas;
    contas_sessoes_e_arquivos_da_web => super::contas_sessoes_e_arquivos_da_web;
    issue17_processos_das_fases_numa_consulta => super::issue17_processos_das_fases_numa_consulta;
    issue16_documentos_emitidos_registrados_uma_vez_e_imutaveis => super::issue16_documentos_emitidos_registrados_uma_vez_e_imutaveis;
    issue16_versoes_assinadas_encadeadas_e_auditadas => super::issue16_versoes_assinadas_encadeadas_e_auditadas;
    issue32_migracao_marca_as_leituras_antigas_como_consultas => super::issue32_migracao_marca_as_leituras_antigas_como_consultas;
    issue30_arquivos_fora_da_cadeia_migrados_por_termo_de_juntada => super::issue30_arquivos_fora_da_cadeia_migrados_por_termo_de_juntada;
    issue30_declarado_nao_e_juntado => super::issue30_declarado_nao_e_juntado;
}
