//! Cada transição do rito (Arts. 13 a 20) e cada uma das proibidas, com o artigo no nome.

use super::comum;

use comum::*;
use divisa_processo::*;

#[test]
fn art14_protocolo_cria_o_processo_protocolado() {
    let c = Caso::novo(TipoProcesso::Criacao);
    assert_eq!(c.p.fase, Fase::Protocolada);
    assert_eq!(c.p.versao, 1);
    assert_eq!(c.p.protocolo.as_str(), "00001.000001/2026-91");
}

#[test]
fn art13_dez_assinaturas_bastam_nove_nao() {
    let hoje = jiff::civil::date(2026, 3, 2);
    let dez = pedido(TipoProcesso::Criacao, 10, vec![]);
    assert!(protocolar(&deputado_autor(), &dez, hoje, hoje).is_ok());
    let nove = pedido(TipoProcesso::Criacao, 9, vec![]);
    let r = protocolar(&deputado_autor(), &nove, hoje, hoje).unwrap_err();
    assert_eq!(r.artigo, "Art. 13");
    assert!(r.motivo.contains("no mínimo 10"), "{r}");
}

#[test]
fn art14_par_unico_deputado_so_protocola_em_seu_nome() {
    let hoje = jiff::civil::date(2026, 3, 2);
    let ato = pedido(TipoProcesso::Criacao, 10, vec![]);
    let r = protocolar(&deputado(), &ato, hoje, hoje).unwrap_err();
    assert!(r.artigo.starts_with("Art. 14"));
    // o público e os órgãos não protocolam
    assert!(protocolar(&publico(), &ato, hoje, hoje).is_err());
    assert!(protocolar(&orgao(Orgao::Tre), &ato, hoje, hoje).is_err());
}

#[test]
fn art11_extincao_nome_e_distrito_nao_seguem_este_rito() {
    use divisa_processo::ErroTipoProcesso as E;
    for (codigo, artigo) in [
        ("extincao", "Art. 10"),
        ("alteracao_nome", "Art. 6º"),
        ("criacao_distrito", "Art. 24"),
    ] {
        let e = TipoProcesso::de_codigo(codigo).unwrap_err();
        assert!(
            matches!(&e, E::ForaDoRito { tipo, motivo } if tipo.codigo() == codigo && motivo.contains(artigo)),
            "{codigo}: {e}"
        );
    }
    assert!(matches!(
        TipoProcesso::de_codigo("criação"),
        Err(E::Desconhecido(c)) if c == "criação"
    ));
}

#[test]
fn art16_divulgacao_pela_comissao_depois_do_protocolo() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.recusado(
        &servidor(),
        Ato::Divulgar {
            publicacao: "DO".into(),
        },
        "Art. 16",
    );
    c.recusado(
        &presidente(),
        Ato::Divulgar {
            publicacao: " ".into(),
        },
        "Art. 16",
    );
    c.ok(
        &membro(),
        Ato::Divulgar {
            publicacao: "DOALMT".into(),
        },
    );
    assert_eq!(c.p.fase, Fase::Divulgada);
    c.recusado(
        &presidente(),
        Ato::Divulgar {
            publicacao: "DO".into(),
        },
        "Art. 16",
    );
}

#[test]
fn art16_par_unico_documentos_faltantes_diligenciados_e_juntados() {
    let mut c = Caso::com(pedido(
        TipoProcesso::Criacao,
        10,
        vec![DocumentoArt15::Requerimento],
    ));
    c.ok(
        &presidente(),
        Ato::Divulgar {
            publicacao: "DO".into(),
        },
    );
    // Art. 17: sem os documentos não há visita
    let r = c.recusado(
        &membro(),
        Ato::RegistrarVisita {
            local: "Sede".into(),
            relatorio: "r".into(),
        },
        "Art. 17",
    );
    assert!(r.motivo.contains("Art. 15, II"), "{r}");
    c.ok(
        &presidente(),
        Ato::SolicitarDocumentos {
            destinatario: "lideranças".into(),
        },
    );
    assert_eq!(c.p.fase, Fase::DocumentosPendentes);
    // a representação veio através do deputado: os documentos das lideranças são juntados pela
    // secretaria (a conta de representante age só na representação que ela protocolou)
    for d in [
        DocumentoArt15::MapaNovo,
        DocumentoArt15::MapaOrigem,
        DocumentoArt15::Justificativa,
    ] {
        c.ok(
            &servidor(),
            Ato::JuntarDocumento {
                art15: Some(d),
                descricao: d.nome().into(),
            },
        );
        assert_eq!(c.p.fase, Fase::DocumentosPendentes);
    }
    c.ok(
        &servidor(),
        Ato::JuntarDocumento {
            art15: Some(DocumentoArt15::Fotografias),
            descricao: "fotos".into(),
        },
    );
    assert_eq!(
        c.p.fase,
        Fase::Divulgada,
        "completo, volta a esperar a visita"
    );
    c.recusado(
        &presidente(),
        Ato::SolicitarDocumentos {
            destinatario: "x".into(),
        },
        "Art. 16, parágrafo único",
    );
}

#[test]
fn art17_visita_antes_do_parecer_preliminar() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ok(
        &presidente(),
        Ato::Divulgar {
            publicacao: "DO".into(),
        },
    );
    c.recusado(
        &presidente(),
        Ato::ParecerPreliminar {
            solicitar_certidoes: true,
            votos: VOTOS,
        },
        "Art. 17, II",
    );
    c.recusado(
        &membro(),
        Ato::RegistrarVisita {
            local: "Sede".into(),
            relatorio: "".into(),
        },
        "Art. 17, II",
    );
    c.recusado(
        &servidor(),
        Ato::RegistrarVisita {
            local: "Sede".into(),
            relatorio: "r".into(),
        },
        "Art. 17, I",
    );
    c.ok(
        &membro(),
        Ato::RegistrarVisita {
            local: "Sede".into(),
            relatorio: "r".into(),
        },
    );
    assert_eq!(c.p.fase, Fase::Visitada);
}

#[test]
fn art17_ii_parecer_sem_maioria_nao_e_da_comissao() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_visita();
    let empate = Votos {
        sim: 2,
        nao: 2,
        abstencoes: 1,
        relator: None,
        nominais: Vec::new(),
    };
    c.recusado(
        &presidente(),
        Ato::ParecerPreliminar {
            solicitar_certidoes: true,
            votos: empate,
        },
        "Art. 17, II",
    );
    // o deputado tem voz e não tem voto (Art. 22); o membro não registra o parecer
    c.recusado(
        &deputado(),
        Ato::ParecerPreliminar {
            solicitar_certidoes: true,
            votos: VOTOS,
        },
        "Art. 22",
    );
}

#[test]
fn art17_par1_arquivamento_vai_ao_plenario_que_arquiva() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_visita().ok(
        &presidente(),
        Ato::ParecerPreliminar {
            solicitar_certidoes: false,
            votos: VOTOS,
        },
    );
    assert_eq!(c.p.fase, Fase::ArquivamentoEmPlenario);
    c.ok(
        &servidor(),
        Ato::DeliberarPlenario {
            decisao: Decisao::Arquivar,
        },
    );
    assert_eq!(c.p.fase, Fase::Arquivado);
    assert_eq!(
        c.p.arquivamento.as_ref().unwrap().fundamento,
        "Art. 17, § 1º"
    );
    let r = c.recusado(
        &representante(),
        Ato::JuntarDocumento {
            art15: None,
            descricao: "recurso".into(),
        },
        "Art. 17, § 1º",
    );
    assert!(r.motivo.contains("arquivado em 02/03/2026"));
}

#[test]
fn art17_par1_plenario_que_rejeita_o_arquivamento_abre_as_certidoes() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_visita()
        .ok(
            &presidente(),
            Ato::ParecerPreliminar {
                solicitar_certidoes: false,
                votos: VOTOS,
            },
        )
        .ok(
            &servidor(),
            Ato::DeliberarPlenario {
                decisao: Decisao::Tramitar,
            },
        );
    assert_eq!(c.p.fase, Fase::Certidoes);
}

#[test]
fn art17_par2_oficios_so_aos_orgaos_do_art2_par2() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_certidoes();
    assert_eq!(c.p.fase, Fase::Certidoes);
    c.recusado(
        &presidente(),
        Ato::EnviarOficio {
            orgao: Orgao::Comissao,
            numero: "1".into(),
        },
        "Art. 2º, § 2º",
    );
    c.recusado(
        &servidor(),
        Ato::EnviarOficio {
            orgao: Orgao::Tre,
            numero: "1".into(),
        },
        "Art. 17, § 2º",
    );
    c.ok(
        &membro(),
        Ato::EnviarOficio {
            orgao: Orgao::Tre,
            numero: "1".into(),
        },
    );
    c.recusado(
        &presidente(),
        Ato::EnviarOficio {
            orgao: Orgao::Tre,
            numero: "2".into(),
        },
        "Art. 2º, § 3º",
    );
}

#[test]
fn art2_par3_prazo_de_30_dias_a_contar_do_recebimento() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_certidoes().ok(
        &presidente(),
        Ato::EnviarOficio {
            orgao: Orgao::Fazenda,
            numero: "7/2026".into(),
        },
    );
    assert!(
        c.p.prazos().is_empty(),
        "sem recebimento, o prazo não começa"
    );
    let alertas = c.p.alertas(c.hoje);
    assert!(
        alertas
            .iter()
            .any(|a| a.mensagem().contains("recebimento não registrado")),
        "{alertas:?}"
    );
    c.dias(3).ok(
        &orgao(Orgao::Fazenda),
        Ato::ConfirmarRecebimento {
            orgao: Orgao::Fazenda,
        },
    );
    // recebido em 05/03/2026: 30 dias corridos → 04/04/2026 (sábado) → 06/04/2026 (segunda)
    let p = &c.p.prazos()[0];
    assert_eq!(p.inicio, jiff::civil::date(2026, 3, 5));
    assert_eq!(p.vencimento, jiff::civil::date(2026, 4, 6));
    assert_eq!(p.artigo, "Art. 2º, § 3º");
    assert_eq!(
        p.situacao(jiff::civil::date(2026, 4, 7)).texto(),
        "vencido há 1 dia"
    );
    // o órgão não pode "receber de novo" para ganhar prazo
    c.recusado(
        &servidor(),
        Ato::ConfirmarRecebimento {
            orgao: Orgao::Fazenda,
        },
        "Art. 2º, § 3º",
    );
    c.dias(10)
        .ok(&orgao(Orgao::Fazenda), certidao(Orgao::Fazenda, "C-1"));
    assert_eq!(
        c.p.prazos()[0].cumprido_em,
        Some(jiff::civil::date(2026, 3, 15))
    );
}

/// Uma criação com os ofícios à Cartografia e ao TRE enviados.
fn oficiados() -> Caso {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_certidoes();
    for (o, n) in [(Orgao::Cartografia, "1"), (Orgao::Tre, "2")] {
        c.ok(
            &presidente(),
            Ato::EnviarOficio {
                orgao: o,
                numero: n.into(),
            },
        );
    }
    c
}

fn com_dados(ato: Ato, f: impl FnOnce(&mut NumerosCertificados)) -> Ato {
    let Ato::EmitirCertidao {
        orgao,
        numero,
        conteudo,
        mut dados,
        signatario,
    } = ato
    else {
        unreachable!()
    };
    f(&mut dados);
    Ato::EmitirCertidao {
        orgao,
        numero,
        conteudo,
        dados,
        signatario,
    }
}

#[test]
fn art2_par2_a_certidao_traz_os_numeros_como_dados_e_so_os_do_orgao() {
    let mut c = oficiados();
    let cartografia = orgao(Orgao::Cartografia);
    // sem números: recusada, dizendo o que o órgão apura
    let r = c.recusado(
        &cartografia,
        com_dados(certidao(Orgao::Cartografia, "C-1"), |d| {
            *d = NumerosCertificados::default()
        }),
        "Art. 2º, § 2º",
    );
    assert!(
        r.motivo
            .contains("população, casas do centro urbano e área"),
        "{}",
        r.motivo
    );
    // eleitores são do TRE (inciso II), não da Cartografia
    let r = c.recusado(
        &cartografia,
        com_dados(certidao(Orgao::Cartografia, "C-1"), |d| {
            d.eleitores = Some(10)
        }),
        "Art. 2º, § 2º",
    );
    assert!(
        r.motivo.contains("Tribunal Regional Eleitoral"),
        "{}",
        r.motivo
    );
    // sem signatário
    let sem_quem = match certidao(Orgao::Cartografia, "C-1") {
        Ato::EmitirCertidao {
            orgao,
            numero,
            conteudo,
            dados,
            ..
        } => Ato::EmitirCertidao {
            orgao,
            numero,
            conteudo,
            dados,
            signatario: " ".into(),
        },
        _ => unreachable!(),
    };
    c.recusado(&cartografia, sem_quem, "Art. 2º, § 2º");
    c.ok(&cartografia, certidao(Orgao::Cartografia, "C-1"));
    let p = c.p.numeros_certificados();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].3.populacao, Some(5_200));
    assert_eq!(p[0].1, "C-1");
}

#[test]
fn fato_impossivel_populacao_zero_e_area_zero_sao_recusados_mais_eleitores_que_habitantes_nao() {
    let mut c = oficiados();
    let cartografia = orgao(Orgao::Cartografia);
    let r = c.recusado(
        &cartografia,
        com_dados(certidao(Orgao::Cartografia, "C-1"), |d| {
            d.populacao = Some(0)
        }),
        "Art. 2º, § 2º",
    );
    assert!(r.motivo.contains("impossível"), "{}", r.motivo);
    c.recusado(
        &cartografia,
        com_dados(certidao(Orgao::Cartografia, "C-1"), |d| {
            d.area_km2 = Some(0.0)
        }),
        "Art. 2º, § 2º",
    );
    c.ok(&cartografia, certidao(Orgao::Cartografia, "C-1")); // 5.200 habitantes
                                                             // mais eleitores que habitantes não é fato impossível (CONTRACT §3: sete municípios de MT,
                                                             // Acorizal 7.049 para 5.014): a certidão do TRE é registrada; a avaliação traz o alerta
    c.ok(
        &orgao(Orgao::Tre),
        com_dados(certidao(Orgao::Tre, "T-1"), |d| d.eleitores = Some(5_201)),
    );
}

#[test]
fn art2_par2_cada_orgao_certifica_so_o_que_e_seu() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_certidoes().ok(
        &presidente(),
        Ato::EnviarOficio {
            orgao: Orgao::Tre,
            numero: "1".into(),
        },
    );
    c.recusado(
        &orgao(Orgao::Fazenda),
        certidao(Orgao::Tre, "x"),
        "Art. 2º, § 2º",
    );
    c.recusado(&presidente(), certidao(Orgao::Tre, "x"), "Art. 2º, § 2º");
    c.recusado(
        &orgao(Orgao::Cartografia),
        certidao(Orgao::Cartografia, "x"),
        "Art. 2º, § 3º",
    );
    c.ok(&orgao(Orgao::Tre), certidao(Orgao::Tre, "T-1"));
    c.recusado(
        &orgao(Orgao::Tre),
        certidao(Orgao::Tre, "T-2"),
        "Art. 2º, § 3º",
    );
    // inciso V: a própria Comissão, pelo Presidente
    c.recusado(
        &membro(),
        certidao(Orgao::Comissao, "V"),
        "Art. 2º, §§ 2º e 3º",
    );
    c.ok(&presidente(), certidao(Orgao::Comissao, "V"));
}

#[test]
fn art9_recusa_de_certidao_e_registrada_e_impede_parecer_favoravel() {
    let mut c = Caso::novo(TipoProcesso::Desmembramento);
    c.ate_certidoes()
        .ok(
            &presidente(),
            Ato::EnviarOficio {
                orgao: Orgao::Cartografia,
                numero: "1".into(),
            },
        )
        .ok(
            &presidente(),
            Ato::EnviarOficio {
                orgao: Orgao::Tre,
                numero: "2".into(),
            },
        )
        .ok(
            &presidente(),
            Ato::RecusarCertidao {
                orgao: Orgao::Cartografia,
                motivo: "sem equipe".into(),
            },
        )
        .ok(&orgao(Orgao::Tre), certidao(Orgao::Tre, "T"));
    let alertas = c.p.alertas(c.hoje);
    assert!(
        alertas
            .iter()
            .any(|a| a.artigo == "Art. 9º" && a.mensagem().contains("sem equipe")),
        "{alertas:?}"
    );
    c.recusado(
        &presidente(),
        Ato::ParecerDeMerito {
            favoravel: true,
            votos: VOTOS,
            nao_atendidos: vec![],
        },
        "Art. 9º",
    );
    c.ok(
        &presidente(),
        Ato::ParecerDeMerito {
            favoravel: false,
            votos: VOTOS,
            nao_atendidos: vec![],
        },
    );
}

#[test]
fn art18_parecer_de_merito_so_de_posse_das_certidoes() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_certidoes();
    let r = c.recusado(
        &presidente(),
        Ato::ParecerDeMerito {
            favoravel: true,
            votos: VOTOS,
            nao_atendidos: vec![],
        },
        "Art. 18",
    );
    assert!(r.motivo.contains("Tribunal Regional Eleitoral"), "{r}");
}

#[test]
fn art2_parecer_favoravel_com_requisito_nao_atendido_e_recusado() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.com_certidoes();
    let r = c.recusado(
        &presidente(),
        Ato::ParecerDeMerito {
            favoravel: true,
            votos: VOTOS,
            nao_atendidos: vec!["art2_cpt_inc1".into()],
        },
        "Art. 2º",
    );
    assert!(r.motivo.contains("art2_cpt_inc1"));
}

#[test]
fn art4_fusao_dispensa_certidoes() {
    let mut c = Caso::novo(TipoProcesso::Fusao);
    c.ate_certidoes();
    c.recusado(
        &presidente(),
        Ato::EnviarOficio {
            orgao: Orgao::Tre,
            numero: "1".into(),
        },
        "Art. 4º",
    );
    c.ok(
        &presidente(),
        Ato::ParecerDeMerito {
            favoravel: true,
            votos: VOTOS,
            nao_atendidos: vec![],
        },
    );
    assert_eq!(c.p.fase, Fase::MeritoEmPlenario);
}

#[test]
fn art18_par1_plenario_manda_a_ccj_ou_arquiva() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.com_certidoes().ok(
        &presidente(),
        Ato::ParecerDeMerito {
            favoravel: true,
            votos: VOTOS,
            nao_atendidos: vec![],
        },
    );
    c.recusado(
        &membro(),
        Ato::DeliberarPlenario {
            decisao: Decisao::Tramitar,
        },
        "Arts. 14, 18, 19 e 20",
    );
    c.ok(
        &servidor(),
        Ato::DeliberarPlenario {
            decisao: Decisao::Tramitar,
        },
    );
    assert_eq!(c.p.fase, Fase::Ccj);

    let mut d = Caso::novo(TipoProcesso::Criacao);
    d.com_certidoes()
        .ok(
            &presidente(),
            Ato::ParecerDeMerito {
                favoravel: false,
                votos: VOTOS,
                nao_atendidos: vec![],
            },
        )
        .ok(
            &presidente(),
            Ato::DeliberarPlenario {
                decisao: Decisao::Arquivar,
            },
        );
    assert_eq!(d.p.arquivamento.unwrap().fundamento, "Art. 18, § 1º");
}

#[test]
fn art18_par2_ccj_contraria_arquiva_favoravel_devolve_para_o_decreto() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.com_certidoes()
        .ok(
            &presidente(),
            Ato::ParecerDeMerito {
                favoravel: true,
                votos: VOTOS,
                nao_atendidos: vec![],
            },
        )
        .ok(
            &servidor(),
            Ato::DeliberarPlenario {
                decisao: Decisao::Tramitar,
            },
        );
    c.recusado(
        &membro(),
        Ato::ApresentarProjetoDecreto { numero: "1".into() },
        "Art. 18, § 2º",
    );
    let mut d = Caso {
        p: c.p.clone(),
        eventos: c.eventos.clone(),
        hoje: c.hoje,
    };
    c.ok(&servidor(), Ato::ParecerCcj { aprovado: true });
    assert_eq!(c.p.fase, Fase::ElaboracaoDecreto);
    d.ok(&servidor(), Ato::ParecerCcj { aprovado: false });
    assert_eq!(d.p.fase, Fase::Arquivado);
}

#[test]
fn art19_urgencia_e_sempre_recusada() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_decreto();
    for a in [presidente(), membro(), deputado_autor(), servidor()] {
        let r = c.recusado(
            &a,
            Ato::PedirUrgencia {
                justificativa: "eleição próxima".into(),
            },
            "Art. 19",
        );
        assert!(r.motivo.contains("vedada a urgência"));
    }
}

#[test]
fn art19_par3_emendas_de_divisas_ate_a_aprovacao_do_decreto() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ok(
        &deputado(),
        Ato::EmendarDivisas {
            descricao: "segue o córrego".into(),
        },
    );
    c.ate_decreto();
    c.ok(
        &deputado(),
        Ato::EmendarDivisas {
            descricao: "até a aprovação ainda pode".into(),
        },
    );
    assert_eq!(c.p.emendas_de_divisas, 2);
    c.ok(&servidor(), Ato::VotarDecreto { aprovado: true });
    let r = c.recusado(
        &deputado(),
        Ato::EmendarDivisas {
            descricao: "tarde".into(),
        },
        "Art. 19, § 3º",
    );
    assert!(r.motivo.contains("até a aprovação"));
    c.recusado(
        &representante(),
        Ato::EmendarDivisas {
            descricao: "x".into(),
        },
        "Art. 19, § 3º",
    );
}

fn nova_area(versao: u32, motivo: &str) -> Ato {
    Ato::AlterarArea {
        versao,
        arquivo: format!("area-v{versao}.geojson"),
        motivo: motivo.into(),
        area_antes_m2: Some(850_000_000),
        area_m2: 849_000_000,
        vertices_antes: Some(40),
        vertices: 41,
    }
}

#[test]
fn art19_par3_area_alterada_no_mapa_ate_a_aprovacao_do_decreto_e_so_pela_comissao_e_cartografia() {
    let mut c = Caso::novo(TipoProcesso::Desmembramento);
    // a Comissão e o órgão de cartografia desenham; o representante, o deputado que não é
    // membro, outro órgão e o público, não (Art. 2º, § 2º; issue 29)
    c.ok(&servidor(), nova_area(2, "a estrada fica com Sorriso"));
    c.ok(&orgao(Orgao::Cartografia), nova_area(3, "certificado"));
    for quem in [
        representante(),
        deputado(),
        orgao(Orgao::Fazenda),
        publico(),
    ] {
        let r = c.recusado(&quem, nova_area(4, "x"), "Art. 2º, § 2º e Art. 19, § 3º");
        assert_eq!(r.natureza, Natureza::Papel, "{r}");
    }
    // sem motivo, não há versão: o motivo fica nos autos
    let r = c.recusado(&servidor(), nova_area(4, "  "), "Art. 19, § 3º");
    assert!(r.motivo.contains("motivo"), "{r}");
    c.ate_decreto();
    // em tramitação, a linha muda por emenda: sem ela, recusado; com ela, uma alteração
    let r = c.recusado(&membro(), nova_area(4, "sem emenda"), "Art. 19, § 3º");
    assert!(r.motivo.contains("registre antes a emenda"), "{r}");
    c.ok(
        &deputado(),
        Ato::EmendarDivisas {
            descricao: "o canto nordeste segue a estrada".into(),
        },
    );
    c.ok(&membro(), nova_area(4, "emenda acolhida na tramitação"));
    c.recusado(
        &membro(),
        nova_area(5, "outra, sem emenda"),
        "Art. 19, § 3º",
    );
    // uma versão nova não reescreve outra
    let r = c.recusado(&membro(), nova_area(3, "de novo a 3"), "Art. 19, § 3º");
    assert!(r.motivo.contains("já está nos autos"), "{r}");
    c.ok(&servidor(), Ato::VotarDecreto { aprovado: true });
    // aprovado o projeto de decreto, a linha é a que vai a plebiscito
    let r = c.recusado(&presidente(), nova_area(5, "tarde"), "Art. 19, § 3º");
    assert_eq!(r.natureza, Natureza::Fase);
    assert!(
        r.motivo
            .contains("até a aprovação do projeto de decreto legislativo"),
        "{r}"
    );
}

#[test]
fn art4_fusao_e_art1_incorporacao_nao_tem_linha_a_desenhar() {
    let mut c = Caso::novo(TipoProcesso::Fusao);
    let r = c.recusado(&servidor(), nova_area(1, "x"), "Art. 4º");
    assert_eq!(r.natureza, Natureza::Caso);
    let mut c = Caso::novo(TipoProcesso::Incorporacao);
    c.recusado(&servidor(), nova_area(1, "x"), "Art. 1º");
}

#[test]
fn art19_par1_decreto_publicado_vai_ao_tre_com_copia_autenticada() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_decreto()
        .ok(&servidor(), Ato::VotarDecreto { aprovado: true });
    c.recusado(
        &presidente(),
        Ato::EncaminharAoTre {
            copia_autenticada: true,
        },
        "Art. 19, § 1º",
    );
    c.ok(
        &servidor(),
        Ato::PublicarDecreto {
            numero: "DL 10".into(),
            diario: "DOE".into(),
        },
    );
    c.recusado(
        &presidente(),
        Ato::EncaminharAoTre {
            copia_autenticada: false,
        },
        "Art. 19, § 1º",
    );
    c.ok(
        &presidente(),
        Ato::EncaminharAoTre {
            copia_autenticada: true,
        },
    );
    assert_eq!(c.p.fase, Fase::Plebiscito);
    c.ok(
        &membro(),
        Ato::InformarPlenario {
            nota: "TRE marcou a data".into(),
        },
    );
}

#[test]
fn art19_decreto_rejeitado_arquiva() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_decreto()
        .ok(&servidor(), Ato::VotarDecreto { aprovado: false });
    assert_eq!(c.p.fase, Fase::Arquivado);
}

#[test]
fn art11_par2_maioria_absoluta_dos_inscritos_501_de_1000_aprova_500_nao() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_parecer_do_resultado(500, 1000);
    let r = c.recusado(
        &presidente(),
        Ato::ParecerResultado {
            favoravel: true,
            votos: VOTOS,
        },
        "Art. 11",
    );
    assert!(
        r.motivo.contains("500 votos SIM de 1.000") && r.motivo.contains("exige 501"),
        "{r}"
    );
    c.ok(
        &presidente(),
        Ato::ParecerResultado {
            favoravel: false,
            votos: VOTOS,
        },
    );
    assert_eq!(c.p.arquivamento.unwrap().fundamento, "Art. 20, § 1º");

    let mut d = Caso::novo(TipoProcesso::Criacao);
    d.ate_parecer_do_resultado(501, 1000).ok(
        &presidente(),
        Ato::ParecerResultado {
            favoravel: true,
            votos: VOTOS,
        },
    );
    assert_eq!(d.p.fase, Fase::ElaboracaoProjetoDeLei);
}

#[test]
fn art20_plebiscito_so_pelo_tre_e_com_votos_que_cabem_nos_inscritos() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_plebiscito();
    let d = c.hoje;
    let apuracao = |sim, nao| {
        vec![Apuracao {
            localidade: "Área".into(),
            inscritos: 100,
            sim,
            nao,
            brancos: 0,
            nulos: 0,
            secoes: vec![],
        }]
    };
    c.recusado(
        &servidor(),
        Ato::RegistrarPlebiscito {
            realizado_em: d,
            apuracoes: apuracao(60, 10),
        },
        "Art. 20",
    );
    c.recusado(
        &orgao(Orgao::Tre),
        Ato::RegistrarPlebiscito {
            realizado_em: d,
            apuracoes: apuracao(60, 50),
        },
        "Art. 11, § 2º",
    );
    c.recusado(&presidente(), Ato::LerResultado, "Art. 20");
    c.ok(
        &orgao(Orgao::Tre),
        Ato::RegistrarPlebiscito {
            realizado_em: d,
            apuracoes: apuracao(60, 40),
        },
    );
    assert_eq!(c.p.fase, Fase::ResultadoApurado);
}

#[test]
fn art4_par_unico_fusao_consulta_cada_municipio() {
    let mut c = Caso::novo(TipoProcesso::Fusao);
    c.ate_certidoes()
        .ok(
            &presidente(),
            Ato::ParecerDeMerito {
                favoravel: true,
                votos: VOTOS,
                nao_atendidos: vec![],
            },
        )
        .ok(
            &servidor(),
            Ato::DeliberarPlenario {
                decisao: Decisao::Tramitar,
            },
        )
        .ok(&servidor(), Ato::ParecerCcj { aprovado: true })
        .ok(
            &membro(),
            Ato::ApresentarProjetoDecreto { numero: "1".into() },
        )
        .ok(&servidor(), Ato::VotarDecreto { aprovado: true })
        .ok(
            &servidor(),
            Ato::PublicarDecreto {
                numero: "1".into(),
                diario: "DOE".into(),
            },
        )
        .ok(
            &presidente(),
            Ato::EncaminharAoTre {
                copia_autenticada: true,
            },
        );
    let d = c.hoje;
    let um = Apuracao {
        localidade: "Araguainha".into(),
        inscritos: 900,
        sim: 600,
        nao: 100,
        brancos: 0,
        nulos: 0,
        secoes: vec![],
    };
    c.recusado(
        &orgao(Orgao::Tre),
        Ato::RegistrarPlebiscito {
            realizado_em: d,
            apuracoes: vec![um.clone()],
        },
        "Art. 4º, parágrafo único",
    );
    let dois = Apuracao {
        localidade: "Ponte Branca".into(),
        inscritos: 1200,
        sim: 500,
        nao: 600,
        brancos: 0,
        nulos: 0,
        secoes: vec![],
    };
    c.ok(
        &orgao(Orgao::Tre),
        Ato::RegistrarPlebiscito {
            realizado_em: d,
            apuracoes: vec![um, dois],
        },
    )
    .ok(&servidor(), Ato::LerResultado);
    let r = c.recusado(
        &presidente(),
        Ato::ParecerResultado {
            favoravel: true,
            votos: VOTOS,
        },
        "Art. 11",
    );
    assert!(r.motivo.contains("Ponte Branca"));
}

#[test]
fn art20_par1_e_art7_projeto_de_lei_com_nome_divisas_e_ano() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_parecer_do_resultado(700, 1000).ok(
        &presidente(),
        Ato::ParecerResultado {
            favoravel: true,
            votos: VOTOS,
        },
    );
    let conteudo = |divisas: &str, ano| ConteudoLei {
        nome: "Nova Fronteira do Norte".into(),
        divisas: divisas.into(),
        ano_instalacao: ano,
    };
    c.recusado(
        &membro(),
        Ato::ApresentarProjetoDeLei {
            numero: "PL 1".into(),
            conteudo: conteudo("", 2029),
        },
        "Art. 7º, II",
    );
    c.recusado(
        &membro(),
        Ato::ApresentarProjetoDeLei {
            numero: "PL 1".into(),
            conteudo: conteudo("Começa…", 2025),
        },
        "Art. 7º, III",
    );
    c.ok(
        &membro(),
        Ato::ApresentarProjetoDeLei {
            numero: "PL 1".into(),
            conteudo: conteudo("Começa no marco…", 2029),
        },
    );
    assert_eq!(c.p.fase, Fase::ProjetoDeLeiEmPauta);
    c.recusado(
        &servidor(),
        Ato::PublicarLei {
            numero: "1".into(),
            diario: "DOE".into(),
        },
        "Art. 11",
    );
    c.ok(&servidor(), Ato::VotarProjetoDeLei { aprovado: true })
        .ok(
            &servidor(),
            Ato::PublicarLei {
                numero: "Lei 12.000".into(),
                diario: "DOE 29.100".into(),
            },
        );
    assert_eq!(c.p.fase, Fase::Lei);
    c.recusado(
        &presidente(),
        Ato::JuntarDocumento {
            art15: None,
            descricao: "x".into(),
        },
        "Art. 20, § 2º",
    );
}

#[test]
fn art20_par2_projeto_de_lei_rejeitado_arquiva() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_parecer_do_resultado(700, 1000)
        .ok(
            &presidente(),
            Ato::ParecerResultado {
                favoravel: true,
                votos: VOTOS,
            },
        )
        .ok(
            &membro(),
            Ato::ApresentarProjetoDeLei {
                numero: "PL 1".into(),
                conteudo: ConteudoLei {
                    nome: "N".into(),
                    divisas: "D".into(),
                    ano_instalacao: 2029,
                },
            },
        )
        .ok(&servidor(), Ato::VotarProjetoDeLei { aprovado: false });
    assert_eq!(c.p.arquivamento.unwrap().fundamento, "Art. 20, § 2º");
}

#[test]
fn atos_na_ordem_das_datas_e_nunca_no_futuro() {
    let c = Caso::novo(TipoProcesso::Criacao);
    let amanha = c.hoje.tomorrow().unwrap();
    let r =
        c.p.decidir(
            &presidente(),
            &Ato::Divulgar {
                publicacao: "DO".into(),
            },
            amanha,
            c.hoje,
        )
        .unwrap_err();
    assert!(r.motivo.contains("futura"));
    let ontem = c.hoje.yesterday().unwrap();
    let r =
        c.p.decidir(
            &presidente(),
            &Ato::Divulgar {
                publicacao: "DO".into(),
            },
            ontem,
            c.hoje,
        )
        .unwrap_err();
    assert!(r.motivo.contains("anterior à do último ato"));
}

#[test]
fn reler_os_eventos_da_o_mesmo_estado() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_parecer_do_resultado(700, 1000);
    let relido = Processo::de_eventos(&c.eventos).unwrap();
    assert_eq!(relido, c.p);
    let json = serde_json::to_string(&c.eventos).unwrap();
    let lidos: Vec<Evento> = serde_json::from_str(&json).unwrap();
    assert_eq!(Processo::de_eventos(&lidos).unwrap(), c.p);
}

#[test]
fn art3_corte_eleitoral_avisado() {
    // Eleição de 01/10/2028: corte em 01/04/2028.
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.hoje = jiff::civil::date(2027, 10, 1);
    let a =
        c.p.alerta_eleitoral(c.hoje)
            .expect("a menos de um ano do corte");
    assert!(
        a.mensagem()
            .contains("faltam 183 dias para o corte de 01/04/2028"),
        "{}",
        a.mensagem()
    );
    c.hoje = jiff::civil::date(2028, 4, 2);
    let a = c.p.alerta_eleitoral(c.hoje).unwrap();
    assert!(
        a.mensagem().contains("passou em 01/04/2028") && a.mensagem().contains("2032"),
        "{}",
        a.mensagem()
    );
    // O desmembramento de revisão de limites não está no Art. 3º.
    let d = Caso::novo(TipoProcesso::Desmembramento);
    assert!(d
        .p
        .alerta_eleitoral(jiff::civil::date(2028, 3, 1))
        .is_none());
}

#[test]
fn art3_corte_ate_inclusivo_no_proprio_dia() {
    use jiff::civil::date;
    // "até 06 (seis) meses antes": no dia do corte ainda vale a eleição de 2028.
    assert_eq!(
        corte_eleitoral(date(2028, 4, 1)),
        Some((date(2028, 10, 1), date(2028, 4, 1)))
    );
    // No dia seguinte, só a de 2032 (primeiro domingo de outubro: 03/10/2032).
    assert_eq!(
        corte_eleitoral(date(2028, 4, 2)),
        Some((date(2032, 10, 3), date(2032, 4, 3)))
    );
}

/// Um exemplar de cada ato, praticado por quem pode praticá-lo (para que a recusa, se vier,
/// seja da fase ou da lei, não do papel).
fn todos_os_atos(hoje: jiff::civil::Date) -> Vec<(Ator, Ato)> {
    let votos = VOTOS;
    vec![
        (
            presidente(),
            Ato::Divulgar {
                publicacao: "DO".into(),
            },
        ),
        (
            presidente(),
            Ato::SolicitarDocumentos {
                destinatario: "lideranças".into(),
            },
        ),
        (
            presidente(),
            Ato::RegistrarVisita {
                local: "Sede".into(),
                relatorio: "r".into(),
            },
        ),
        (
            presidente(),
            Ato::ParecerPreliminar {
                solicitar_certidoes: true,
                votos: votos.clone(),
            },
        ),
        (
            servidor(),
            Ato::DeliberarPlenario {
                decisao: Decisao::Tramitar,
            },
        ),
        (
            presidente(),
            Ato::EnviarOficio {
                orgao: Orgao::Tre,
                numero: "9".into(),
            },
        ),
        (servidor(), Ato::ConfirmarRecebimento { orgao: Orgao::Tre }),
        (orgao(Orgao::Tre), certidao(Orgao::Tre, "T")),
        (
            presidente(),
            Ato::RecusarCertidao {
                orgao: Orgao::Tre,
                motivo: "m".into(),
            },
        ),
        (
            presidente(),
            Ato::ParecerDeMerito {
                favoravel: true,
                votos: votos.clone(),
                nao_atendidos: vec![],
            },
        ),
        (servidor(), Ato::ParecerCcj { aprovado: true }),
        (
            presidente(),
            Ato::ApresentarProjetoDecreto {
                numero: "PDL".into(),
            },
        ),
        (servidor(), Ato::VotarDecreto { aprovado: true }),
        (
            servidor(),
            Ato::PublicarDecreto {
                numero: "DL".into(),
                diario: "DOE".into(),
            },
        ),
        (
            presidente(),
            Ato::EncaminharAoTre {
                copia_autenticada: true,
            },
        ),
        (presidente(), Ato::InformarPlenario { nota: "n".into() }),
        (
            orgao(Orgao::Tre),
            Ato::RegistrarPlebiscito {
                realizado_em: hoje,
                apuracoes: vec![Apuracao {
                    localidade: "A".into(),
                    inscritos: 100,
                    sim: 60,
                    nao: 40,
                    brancos: 0,
                    nulos: 0,
                    secoes: vec![],
                }],
            },
        ),
        (servidor(), Ato::LerResultado),
        (
            presidente(),
            Ato::ParecerResultado {
                favoravel: true,
                votos,
            },
        ),
        (
            presidente(),
            Ato::ApresentarProjetoDeLei {
                numero: "PL".into(),
                conteudo: ConteudoLei {
                    nome: "N".into(),
                    divisas: "D".into(),
                    ano_instalacao: 2029,
                },
            },
        ),
        (servidor(), Ato::VotarProjetoDeLei { aprovado: true }),
        (
            servidor(),
            Ato::PublicarLei {
                numero: "L".into(),
                diario: "DOE".into(),
            },
        ),
    ]
}

/// Art. 14 a 20: em cada fase, cada ato do rito é aceito só se for o passo que a lei põe ali;
/// todos os outros são recusados citando um artigo. (Juntada, emenda de divisas, autorização do
/// Art. 23 e urgência não são passos de fase: têm os seus próprios testes.)
#[test]
fn arts14_a_20_matriz_fase_por_ato() {
    use Fase as F;
    // Como chegar a cada fase, e os tipos de ato aceitos nela.
    type Caminho = fn(&mut Caso);
    let fases: Vec<(F, Caminho, &[&str])> = vec![
        (F::Protocolada, |_| {}, &["divulgar"]),
        (
            F::Divulgada,
            |c| {
                c.ok(
                    &presidente(),
                    Ato::Divulgar {
                        publicacao: "DO".into(),
                    },
                );
            },
            &["registrar_visita"],
        ),
        (
            F::Visitada,
            |c| {
                c.ate_visita();
            },
            &["parecer_preliminar"],
        ),
        (
            F::ArquivamentoEmPlenario,
            |c| {
                c.ate_visita().ok(
                    &presidente(),
                    Ato::ParecerPreliminar {
                        solicitar_certidoes: false,
                        votos: VOTOS,
                    },
                );
            },
            &["deliberar_plenario"],
        ),
        (
            F::Certidoes,
            |c| {
                c.ate_certidoes();
            },
            &["enviar_oficio"],
        ),
        (
            F::MeritoEmPlenario,
            |c| {
                c.com_certidoes().ok(
                    &presidente(),
                    Ato::ParecerDeMerito {
                        favoravel: true,
                        votos: VOTOS,
                        nao_atendidos: vec![],
                    },
                );
            },
            &["deliberar_plenario"],
        ),
        (
            F::Ccj,
            |c| {
                c.com_certidoes()
                    .ok(
                        &presidente(),
                        Ato::ParecerDeMerito {
                            favoravel: true,
                            votos: VOTOS,
                            nao_atendidos: vec![],
                        },
                    )
                    .ok(
                        &servidor(),
                        Ato::DeliberarPlenario {
                            decisao: Decisao::Tramitar,
                        },
                    );
            },
            &["parecer_ccj"],
        ),
        (
            F::ElaboracaoDecreto,
            |c| {
                c.com_certidoes()
                    .ok(
                        &presidente(),
                        Ato::ParecerDeMerito {
                            favoravel: true,
                            votos: VOTOS,
                            nao_atendidos: vec![],
                        },
                    )
                    .ok(
                        &servidor(),
                        Ato::DeliberarPlenario {
                            decisao: Decisao::Tramitar,
                        },
                    )
                    .ok(&servidor(), Ato::ParecerCcj { aprovado: true });
            },
            &["apresentar_projeto_decreto"],
        ),
        (
            F::DecretoEmTramitacao,
            |c| {
                c.ate_decreto();
            },
            &["votar_decreto"],
        ),
        (
            F::DecretoAprovado,
            |c| {
                c.ate_decreto()
                    .ok(&servidor(), Ato::VotarDecreto { aprovado: true });
            },
            &["publicar_decreto"],
        ),
        (
            F::DecretoPublicado,
            |c| {
                c.ate_decreto()
                    .ok(&servidor(), Ato::VotarDecreto { aprovado: true })
                    .ok(
                        &servidor(),
                        Ato::PublicarDecreto {
                            numero: "DL".into(),
                            diario: "DOE".into(),
                        },
                    );
            },
            &["encaminhar_ao_tre"],
        ),
        (
            F::Plebiscito,
            |c| {
                c.ate_plebiscito();
            },
            &["informar_plenario", "registrar_plebiscito"],
        ),
        (
            F::ResultadoApurado,
            |c| {
                let d = c.hoje;
                c.ate_plebiscito().ok(
                    &orgao(Orgao::Tre),
                    Ato::RegistrarPlebiscito {
                        realizado_em: d,
                        apuracoes: vec![Apuracao {
                            localidade: "A".into(),
                            inscritos: 100,
                            sim: 70,
                            nao: 30,
                            brancos: 0,
                            nulos: 0,
                            secoes: vec![],
                        }],
                    },
                );
            },
            &["informar_plenario", "ler_resultado"],
        ),
        (
            F::ParecerDoResultado,
            |c| {
                c.ate_parecer_do_resultado(700, 1000);
            },
            &["parecer_resultado"],
        ),
        (
            F::ElaboracaoProjetoDeLei,
            |c| {
                c.ate_parecer_do_resultado(700, 1000).ok(
                    &presidente(),
                    Ato::ParecerResultado {
                        favoravel: true,
                        votos: VOTOS,
                    },
                );
            },
            &["apresentar_projeto_de_lei"],
        ),
        (
            F::ProjetoDeLeiEmPauta,
            |c| {
                c.ate_parecer_do_resultado(700, 1000)
                    .ok(
                        &presidente(),
                        Ato::ParecerResultado {
                            favoravel: true,
                            votos: VOTOS,
                        },
                    )
                    .ok(
                        &membro(),
                        Ato::ApresentarProjetoDeLei {
                            numero: "PL".into(),
                            conteudo: ConteudoLei {
                                nome: "N".into(),
                                divisas: "D".into(),
                                ano_instalacao: 2029,
                            },
                        },
                    );
            },
            &["votar_projeto_de_lei"],
        ),
        (
            F::ProjetoDeLeiAprovado,
            |c| {
                c.ate_parecer_do_resultado(700, 1000)
                    .ok(
                        &presidente(),
                        Ato::ParecerResultado {
                            favoravel: true,
                            votos: VOTOS,
                        },
                    )
                    .ok(
                        &membro(),
                        Ato::ApresentarProjetoDeLei {
                            numero: "PL".into(),
                            conteudo: ConteudoLei {
                                nome: "N".into(),
                                divisas: "D".into(),
                                ano_instalacao: 2029,
                            },
                        },
                    )
                    .ok(&servidor(), Ato::VotarProjetoDeLei { aprovado: true });
            },
            &["publicar_lei"],
        ),
        (
            F::Arquivado,
            |c| {
                c.ate_visita()
                    .ok(
                        &presidente(),
                        Ato::ParecerPreliminar {
                            solicitar_certidoes: false,
                            votos: VOTOS,
                        },
                    )
                    .ok(
                        &servidor(),
                        Ato::DeliberarPlenario {
                            decisao: Decisao::Arquivar,
                        },
                    );
            },
            &[],
        ),
        (
            F::Lei,
            |c| {
                c.ate_parecer_do_resultado(700, 1000)
                    .ok(
                        &presidente(),
                        Ato::ParecerResultado {
                            favoravel: true,
                            votos: VOTOS,
                        },
                    )
                    .ok(
                        &membro(),
                        Ato::ApresentarProjetoDeLei {
                            numero: "PL".into(),
                            conteudo: ConteudoLei {
                                nome: "N".into(),
                                divisas: "D".into(),
                                ano_instalacao: 2029,
                            },
                        },
                    )
                    .ok(&servidor(), Ato::VotarProjetoDeLei { aprovado: true })
                    .ok(
                        &servidor(),
                        Ato::PublicarLei {
                            numero: "L".into(),
                            diario: "DOE".into(),
                        },
                    );
            },
            &[],
        ),
    ];
    for (fase, caminho, aceitos) in fases {
        let mut c = Caso::novo(TipoProcesso::Criacao);
        caminho(&mut c);
        assert_eq!(c.p.fase, fase, "o caminho não levou a {fase:?}");
        for (ator, ato) in todos_os_atos(c.hoje) {
            let tipo = ato.tipo();
            // Na fase de certidões, ofício, recebimento e certidões têm a sua própria ordem.
            if fase == F::Certidoes
                && matches!(
                    tipo,
                    "confirmar_recebimento" | "emitir_certidao" | "recusar_certidao"
                )
            {
                continue;
            }
            let r = c.p.decidir(&ator, &ato, c.hoje, c.hoje);
            if aceitos.contains(&tipo) {
                assert!(r.is_ok(), "{fase:?}: {tipo} deveria ser aceito: {r:?}");
            } else {
                let recusa = r.expect_err(&format!("{fase:?}: {tipo} deveria ser recusado"));
                assert!(
                    recusa.artigo.starts_with("Art"),
                    "{fase:?}: {tipo} recusado sem artigo: {recusa}"
                );
            }
        }
    }
}

/// Art. 17, II: a votação nominal, quando registrada, é o placar — cada membro uma vez, as
/// contagens iguais; o relator não fica em branco.
#[test]
fn art17_votacao_nominal_tem_de_somar_o_placar() {
    let nominal = |membro: &str, voto: Voto| VotoNominal {
        membro: membro.into(),
        voto,
    };
    let parecer = |votos: Votos| Ato::ParecerPreliminar {
        solicitar_certidoes: true,
        votos,
    };
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_visita();
    let votos = Votos {
        sim: 2,
        nao: 0,
        abstencoes: 0,
        relator: Some("bruno".into()),
        nominais: vec![nominal("ana", Voto::Sim), nominal("bruno", Voto::Nao)],
    };
    let r = c.recusado(&presidente(), parecer(votos.clone()), "Art. 17, II");
    assert!(
        r.motivo.contains("a votação nominal dá 1 a 1"),
        "{}",
        r.motivo
    );
    let repetido = Votos {
        nominais: vec![nominal("ana", Voto::Sim), nominal("ana", Voto::Sim)],
        ..votos.clone()
    };
    let r = c.recusado(&presidente(), parecer(repetido), "Art. 17, II");
    assert!(r.motivo.contains("repetido"), "{}", r.motivo);
    let relator_vazio = Votos {
        relator: Some(" ".into()),
        nominais: vec![],
        ..votos.clone()
    };
    c.recusado(&presidente(), parecer(relator_vazio), "Art. 17, II");
    let certo = Votos {
        nominais: vec![nominal("ana", Voto::Sim), nominal("bruno", Voto::Sim)],
        ..votos
    };
    c.ok(&presidente(), parecer(certo));
}

/// Art. 15, III: a origem é um município de Mato Grosso pelo nome oficial (o código IBGE vai
/// junto); o texto livre não entra nos autos.
#[test]
fn art15_origem_que_nao_e_municipio_de_mt_e_recusada() {
    let mut ato = pedido(TipoProcesso::Criacao, 10, DocumentoArt15::TODOS.to_vec());
    if let Ato::Protocolar {
        municipios_origem, ..
    } = &mut ato
    {
        *municipios_origem = vec!["Municipio Inexistente".into()];
    }
    let hoje = jiff::civil::date(2026, 3, 2);
    let r = protocolar(&deputado_autor(), &ato, hoje, hoje).unwrap_err();
    assert_eq!(r.artigo, "Art. 15, III");
    assert!(r
        .motivo
        .contains("«Municipio Inexistente» não é um município de Mato Grosso"));
    // o nome oficial sem acentos e em minúsculas é o mesmo município
    if let Ato::Protocolar {
        municipios_origem, ..
    } = &mut ato
    {
        *municipios_origem = vec!["sao felix do araguaia".into()];
    }
    assert!(protocolar(&deputado_autor(), &ato, hoje, hoje).is_ok());
    let codigos = origens(&["São Félix do Araguaia".into(), "5107909".into()]).unwrap();
    assert_eq!(
        codigos.iter().map(|c| c.numero()).collect::<Vec<_>>(),
        [5107859, 5107909],
        "pelo nome ou pelo código"
    );
    assert_eq!(
        nomes_das_origens(&codigos),
        ["São Félix do Araguaia", "Sinop"]
    );
}

/// Art. 15, III: a origem escrita errado é recusada no campo, com o nome parecido; o nome de um
/// distrito diz de que município ele é (a origem é o município).
#[test]
fn art15_inc3_origem_desconhecida_sugere_o_municipio() {
    let r = origens(&["Sorriso".into(), "Sinopi".into()]).unwrap_err();
    assert_eq!(r.artigo, "Art. 15, III");
    assert_eq!(r.campo, Some("origem"));
    assert!(
        r.motivo
            .contains("«Sinopi» não é um município de Mato Grosso"),
        "{}",
        r.motivo
    );
    assert!(r.motivo.contains("você quis dizer Sinop?"), "{}", r.motivo);
    // o código de outra UF diz de onde é; ao menos uma origem, nenhuma duas vezes (pelo nome
    // e pelo código é a mesma)
    let r = origens(&["3550308".into()]).unwrap_err();
    assert!(
        r.motivo
            .contains("é de São Paulo (SP), fora de Mato Grosso"),
        "{}",
        r.motivo
    );
    let r = origens(&[]).unwrap_err();
    assert_eq!(
        (r.campo, r.motivo.as_str()),
        (Some("origem"), "falta ao menos um município de origem")
    );
    let r = origens(&["Sorriso".into(), "5107925".into()]).unwrap_err();
    assert!(r.motivo.contains("aparece duas vezes"), "{}", r.motivo);
    // todas as desconhecidas numa recusa só
    let r = origens(&["Sinopi".into(), "Jaraguá".into()]).unwrap_err();
    assert!(
        r.motivo.contains("você quis dizer Sinop? «Jaraguá»"),
        "{}",
        r.motivo
    );
    assert!(
        r.motivo
            .contains("«Jaraguá» é distrito de Água Boa, e a origem é o município"),
        "{}",
        r.motivo
    );
}

/// Art. 11, § 2º: a apuração por seção eleitoral, quando registrada, soma a da localidade.
#[test]
fn art11_apuracao_por_secao_soma_a_da_localidade() {
    let secao = |secao: u32, inscritos: u64, sim: u64, nao: u64| ApuracaoSecao {
        zona: 23,
        secao,
        local: "Escola".into(),
        inscritos,
        sim,
        nao,
        brancos: 0,
        nulos: 0,
    };
    let apuracao = |secoes: Vec<ApuracaoSecao>| Apuracao {
        localidade: "Nova Fronteira".into(),
        inscritos: 1_000,
        sim: 600,
        nao: 300,
        brancos: 0,
        nulos: 0,
        secoes,
    };
    let registrar = |secoes| Ato::RegistrarPlebiscito {
        realizado_em: jiff::civil::date(2026, 3, 2),
        apuracoes: vec![apuracao(secoes)],
    };
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.ate_plebiscito();
    let r = c.recusado(
        &presidente(),
        registrar(vec![secao(1, 500, 300, 150), secao(2, 500, 300, 149)]),
        "Art. 11, § 2º",
    );
    assert!(
        r.motivo
            .contains("as seções somam 1000 inscritos, 600 SIM, 299 NÃO"),
        "{}",
        r.motivo
    );
    let r = c.recusado(
        &presidente(),
        registrar(vec![secao(1, 500, 300, 150), secao(1, 500, 300, 150)]),
        "Art. 11, § 2º",
    );
    assert!(r.motivo.contains("aparece duas vezes"), "{}", r.motivo);
    // números que somados passariam de 2⁶⁴ não dão a volta: recusados, sem pânico
    let mut gigante = secao(3, 500, 1 << 63, 1 << 63);
    gigante.sim += 600;
    c.recusado(&presidente(), registrar(vec![gigante]), "Art. 11, § 2º");
    c.ok(
        &presidente(),
        registrar(vec![secao(1, 500, 300, 150), secao(2, 500, 300, 150)]),
    );
}

fn arquivo_de(documento: Option<DocumentoArt15>) -> Anexo {
    Anexo {
        nome: "documento.pdf".into(),
        tipo_midia: "application/pdf".into(),
        tamanho: 10,
        sha256: "0".repeat(64),
        documento,
    }
}

/// Art. 15 e Art. 16, parágrafo único: declarar não é juntar. A representação que declara os
/// cinco documentos e traz o arquivo de um só tem um nos autos; os outros ficam «declarado, a
/// juntar», a visita (Art. 17) espera por eles e a juntada de um deles precisa do arquivo.
#[test]
fn art15_art16_par_unico_declarado_sem_arquivo_nao_conta() {
    let mut ato = pedido(TipoProcesso::Criacao, 10, DocumentoArt15::TODOS.to_vec());
    if let Ato::Protocolar {
        documentos_por_arquivo,
        ..
    } = &mut ato
    {
        *documentos_por_arquivo = true;
    }
    let mut c = Caso::com_arquivos(ato, vec![arquivo_de(Some(DocumentoArt15::Requerimento))]);
    assert_eq!(
        c.p.documentos.iter().copied().collect::<Vec<_>>(),
        vec![DocumentoArt15::Requerimento]
    );
    assert_eq!(c.p.declarados_a_juntar().len(), 4);
    assert_eq!(c.p.documentos_faltantes().len(), 4);
    assert_eq!(
        c.p.situacao_do_documento(DocumentoArt15::Requerimento),
        SituacaoDoDocumento::NosAutos
    );
    let mapa = c.p.situacao_do_documento(DocumentoArt15::MapaNovo);
    assert_eq!(mapa, SituacaoDoDocumento::DeclaradoAJuntar);
    assert!(!mapa.conta());
    assert_eq!(mapa.texto(), "declarado, a juntar");

    c.ok(
        &presidente(),
        Ato::Divulgar {
            publicacao: "DO".into(),
        },
    );
    let r = c.recusado(
        &membro(),
        Ato::RegistrarVisita {
            local: "Sede".into(),
            relatorio: "r".into(),
        },
        "Art. 17",
    );
    assert!(r.motivo.contains("Art. 15, II"), "{r}");
    c.ok(
        &presidente(),
        Ato::SolicitarDocumentos {
            destinatario: "lideranças".into(),
        },
    );
    // a juntada sem arquivo é recusada, com o artigo
    let sem = Ato::JuntarDocumento {
        art15: Some(DocumentoArt15::MapaNovo),
        descricao: "mapa".into(),
    };
    let r = c.p.exigir_arquivo(&sem, &[]).unwrap_err();
    assert_eq!(r.artigo, "Art. 16, parágrafo único");
    assert!(r.motivo.contains("declarar não é juntar"), "{r}");
    // um documento que não é do Art. 15 não precisa de arquivo para ser registrado
    let outro = Ato::JuntarDocumento {
        art15: None,
        descricao: "ofício".into(),
    };
    assert!(c.p.exigir_arquivo(&outro, &[]).is_ok());
    // com o arquivo, cada um entra; o último completa e a fase volta a esperar a visita
    for d in c.p.declarados_a_juntar() {
        let ato = Ato::JuntarDocumento {
            art15: Some(d),
            descricao: d.nome().into(),
        };
        let anexos = vec![arquivo_de(None)];
        c.p.exigir_arquivo(&ato, &anexos).expect("com arquivo");
        c.p.decidir(&servidor(), &ato, c.hoje, c.hoje)
            .expect("juntada");
        let e = Evento {
            seq: c.p.versao + 1,
            data: c.hoje,
            ator: servidor(),
            ato,
            anexos,
        };
        c.p.aplicar(&e);
        c.eventos.push(e);
        assert_eq!(c.p.situacao_do_documento(d), SituacaoDoDocumento::NosAutos);
    }
    assert!(c.p.declarados_a_juntar().is_empty());
    assert_eq!(c.p.fase, Fase::Divulgada);
    // relidos os eventos, o mesmo processo
    assert_eq!(Processo::de_eventos(&c.eventos).unwrap(), c.p);
}

/// Os protocolos gravados antes da regra do arquivo (sem `documentos_por_arquivo`) são relidos
/// com a regra do seu tempo: o declarado contou, e a releitura dá a mesma fase que as decisões
/// gravadas viram. A página diz que foi declarado quando a declaração bastava.
#[test]
fn art15_protocolo_de_antes_da_regra_rele_com_a_regra_de_entao() {
    let ato = pedido(TipoProcesso::Criacao, 10, DocumentoArt15::TODOS.to_vec());
    let json = serde_json::to_string(&ato).unwrap();
    assert!(!json.contains("documentos_por_arquivo"), "{json}");
    let c = Caso::com(serde_json::from_str(&json).unwrap());
    assert!(c.p.documentos_faltantes().is_empty());
    assert!(c.p.declarados_a_juntar().is_empty());
    let s = c.p.situacao_do_documento(DocumentoArt15::Fotografias);
    assert_eq!(s, SituacaoDoDocumento::DeclaradoAntesDaRegra);
    assert!(s.conta());
    let juntar = Ato::JuntarDocumento {
        art15: Some(DocumentoArt15::Fotografias),
        descricao: "fotos".into(),
    };
    assert!(c.p.exigir_arquivo(&juntar, &[]).is_ok());
}

/// Art. 15, II, na revisão de limites (Art. 13; leitura da issue 30): ela não cria município,
/// e o inciso II se lê como o mapa e o memorial da área a desmembrar — a página e o recibo não
/// dizem «território do novo município».
#[test]
fn art15_inc2_na_revisao_de_limites_e_a_area_a_desmembrar() {
    let nome = DocumentoArt15::MapaNovo.nome_no(TipoProcesso::Desmembramento);
    assert!(nome.contains("área a desmembrar"), "{nome}");
    assert!(!nome.contains("novo município"), "{nome}");
    assert_eq!(
        DocumentoArt15::MapaNovo.nome_no(TipoProcesso::Criacao),
        DocumentoArt15::MapaNovo.nome()
    );
}

/// Art. 2º, § 2º: a certidão é dita pelo número que o órgão escreveu, sem repetir a palavra
/// (issue 32: «certidão Certidão nº 12/2026»).
#[test]
fn art2_par2_certidao_pelo_numero_sem_repetir_a_palavra() {
    assert_eq!(certidao_numero("C-12/2026"), "certidão nº C-12/2026");
    assert_eq!(
        certidao_numero("Certidão nº 12/2026"),
        "certidão nº 12/2026"
    );
    assert_eq!(certidao_numero("nº 12/2026"), "certidão nº 12/2026");
    assert_eq!(
        certidao_numero("CERTIDÃO Nº 045/2026"),
        "certidão Nº 045/2026"
    );
}
