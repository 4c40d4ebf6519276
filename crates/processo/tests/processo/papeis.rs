//! A matriz papel × ação inteira (Arts. 2º § 2º, 14, 16, 17, 19, 21, 22 e 23), escrita aqui à
//! mão como especificação, e o que cada papel vê de um processo.

use super::comum;

use comum::*;
use divisa_processo::*;

/// S = pode; A = só no caso concreto (órgão destinatário, servidor ou deputado autorizado);
/// . = não pode. Colunas: Presidente, Membro, Deputado, Servidor, Cartografia, Fazenda, TRE,
/// Representante, Público.
const MATRIZ: &[(Acao, &str)] = &[
    (Acao::Protocolar, "SSSS...S."),           // Art. 14, parágrafo único
    (Acao::Divulgar, "SS......."),             // Art. 16 e Art. 21
    (Acao::SolicitarDocumentos, "SS......."),  // Art. 16, parágrafo único
    (Acao::JuntarDocumento, "SSSS...S."),      // Art. 16, parágrafo único
    (Acao::RegistrarVisita, "SS......."),      // Art. 17, I
    (Acao::EmitirParecer, "S........"),        // Arts. 17, 18, 20; Art. 22 (sem voto)
    (Acao::Oficiar, "SS......."),              // Art. 17, § 2º; Art. 21
    (Acao::RegistrarRecebimento, "SS.SAAA.."), // Art. 2º, § 3º
    (Acao::Certificar, "S...AAA.."),           // Art. 2º, § 2º
    (Acao::RegistrarAtoDaCasa, "S..S....."),   // Arts. 14, 18, 19, 20
    (Acao::ApresentarProjeto, "SS......."),    // Art. 18, § 2º; Art. 20, § 1º
    (Acao::EmendarDivisas, "SSS......"),       // Art. 19, § 3º
    (Acao::AlterarArea, "SS.SS...."),          // Art. 2º, § 2º; Art. 19, § 3º (issue 29)
    (Acao::PedirUrgencia, "........."),        // Art. 19
    (Acao::RegistrarPlebiscito, "S.....S.."),  // Art. 20
    (Acao::InformarPlenario, "SS......."),     // Art. 19, § 2º
    (Acao::AutorizarInformacao, "SAA......"),  // Art. 23
    (Acao::VerPublico, "SSSSSSSSS"),           // Art. 16
    (Acao::VerCompleto, "SSSS....."),          // Art. 22
    (Acao::Exportar, "SS.A....."),             // Art. 22: o deputado não retira
    (Acao::PrestarInformacao, "SSSA....."),    // Art. 23
    (Acao::AssinarDocumento, "SS......."),     // Art. 21 (issue 31: era só da web)
    (Acao::VotarNaComissao, "SS......."),      // Art. 22: o deputado tem voz, não voto
    (Acao::IndicarDeputado, "SS.S....."),      // Art. 14, parágrafo único
    (Acao::VerAlertas, "SSSS....."),           // Art. 22
    (Acao::AdministrarContas, "S........"),    // Art. 21
];

#[test]
fn art22_art23_matriz_papel_acao_completa() {
    assert_eq!(MATRIZ.len(), Acao::TODAS.len(), "toda ação está na matriz");
    for (acao, linha) in MATRIZ {
        for (papel, c) in Papel::TODOS.iter().zip(linha.chars()) {
            let esperado = match c {
                'S' => Permissao::Sim,
                'A' => Permissao::SeAutorizado,
                _ => Permissao::Nao,
            };
            assert_eq!(
                papel::permissao(*papel, *acao),
                esperado,
                "{:?} × {:?}",
                papel,
                acao
            );
            let r = papel::exigir(*papel, *acao);
            assert_eq!(r.is_err(), esperado == Permissao::Nao);
            if let Err(r) = r {
                assert_eq!(r.artigo, papel::fundamento(*acao));
                assert!(r.motivo.contains(papel.nome()));
            }
        }
    }
}

#[test]
fn art22_deputado_ve_na_sala_mas_nao_exporta() {
    let c = Caso::novo(TipoProcesso::Criacao);
    assert!(c.p.pode(&deputado(), Acao::VerCompleto).is_ok());
    let r = c.p.pode(&deputado(), Acao::Exportar).unwrap_err();
    assert_eq!(r.artigo, "Art. 22");
    assert!(
        c.p.pode(&deputado(), Acao::PrestarInformacao).is_ok(),
        "Art. 23: pelos deputados"
    );
}

#[test]
fn art23_servidor_so_informa_autorizado_pelo_autor_ou_pelo_presidente() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    let r = c.p.pode(&servidor(), Acao::PrestarInformacao).unwrap_err();
    assert_eq!(r.artigo, "Art. 23");
    assert!(c.p.pode(&servidor(), Acao::Exportar).is_err());
    // outro deputado, não autor, não autoriza
    c.recusado(
        &deputado(),
        Ato::AutorizarInformacao {
            servidor: "carla.servidora".into(),
        },
        "Art. 23",
    );
    c.recusado(
        &membro(),
        Ato::AutorizarInformacao {
            servidor: "carla.servidora".into(),
        },
        "Art. 23",
    );
    // o deputado autor autoriza: é um ato gravado
    c.ok(
        &deputado_autor(),
        Ato::AutorizarInformacao {
            servidor: "carla.servidora".into(),
        },
    );
    assert!(c.p.pode(&servidor(), Acao::PrestarInformacao).is_ok());
    assert!(c.p.pode(&servidor(), Acao::Exportar).is_ok());
    // a autorização é pessoal
    assert!(c
        .p
        .pode(
            &Ator::new("outro.servidor", Papel::Servidor),
            Acao::PrestarInformacao
        )
        .is_err());
    c.ok(
        &presidente(),
        Ato::AutorizarInformacao {
            servidor: "outro.servidor".into(),
        },
    );
    assert!(c
        .p
        .pode(
            &Ator::new("outro.servidor", Papel::Servidor),
            Acao::PrestarInformacao
        )
        .is_ok());
}

#[test]
fn art16_publico_ve_so_o_que_e_publico_e_sem_dados_pessoais() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    c.com_certidoes();
    let todos = c.eventos.clone();
    let do_publico = c.p.visiveis(&publico(), &todos);
    let tipos: Vec<&str> = do_publico.iter().map(|e| e.ato.tipo()).collect();
    assert_eq!(tipos, ["protocolar", "divulgar"]);
    match &do_publico[0].ato {
        Ato::Protocolar { proposta, .. } => {
            assert!(proposta.is_none(), "a proposta traz títulos de eleitor")
        }
        _ => unreachable!(),
    }
    assert_eq!(c.p.visiveis(&representante(), &todos).len(), 2);
    // o órgão vê o público e o que lhe diz respeito
    let tre: Vec<&str> =
        c.p.visiveis(&orgao(Orgao::Tre), &todos)
            .iter()
            .map(|e| e.ato.tipo())
            .collect();
    assert_eq!(
        tre,
        [
            "protocolar",
            "divulgar",
            "enviar_oficio",
            "confirmar_recebimento",
            "emitir_certidao"
        ]
    );
    // a Comissão, o deputado e o servidor veem tudo, com a proposta
    for a in [presidente(), membro(), deputado(), servidor()] {
        let v = c.p.visiveis(&a, &todos);
        assert_eq!(v.len(), todos.len());
        assert_eq!(v, todos);
    }
}

/// Issue 17 (Art. 14, parágrafo único): o representante da comunidade junta documentos só à
/// representação que ele protocolou; outra conta de representante, não.
#[test]
fn art14_representante_junta_documentos_so_a_sua_representacao() {
    let mut ato = pedido(TipoProcesso::Criacao, 10, vec![]);
    if let Ato::Protocolar { via, .. } = &mut ato {
        *via = Via::Comunidade;
    }
    let hoje = jiff::civil::date(2026, 3, 2);
    let e = Evento {
        seq: 1,
        data: hoje,
        ator: representante(),
        ato,
        anexos: vec![],
    };
    let p = Processo::novo(&e).unwrap();
    assert_eq!(p.protocolado_por, representante().id);
    assert!(p.pode(&representante(), Acao::JuntarDocumento).is_ok());
    let outro = Ator::new("maria.de.outra.comunidade", Papel::Representante);
    let r = p.pode(&outro, Acao::JuntarDocumento).unwrap_err();
    assert_eq!(r.artigo, "Art. 14, parágrafo único");
    // a Comissão continua podendo
    assert!(p.pode(&servidor(), Acao::JuntarDocumento).is_ok());
    // e a gravação decide igual (não só a página)
    let juntar = Ato::JuntarDocumento {
        art15: None,
        descricao: "abaixo-assinado".into(),
    };
    let r = p.decidir(&outro, &juntar, hoje, hoje).unwrap_err();
    assert_eq!(r.artigo, "Art. 14, parágrafo único");
    assert!(p.decidir(&representante(), &juntar, hoje, hoje).is_ok());

    // Issue 32: quem juntou vê a sua juntada (e o seu protocolo, com a proposta que escreveu);
    // a outra comunidade e o público, não — as regras do Art. 16 escondem dos outros, não do
    // autor.
    let juntada = Evento {
        seq: 2,
        data: hoje,
        ator: representante(),
        ato: juntar,
        anexos: vec![],
    };
    let todos = vec![e, juntada];
    let do_autor = p.visiveis(&representante(), &todos);
    assert_eq!(do_autor, todos, "o autor vê os seus atos inteiros");
    for alheio in [outro, publico()] {
        let v = p.visiveis(&alheio, &todos);
        let tipos: Vec<&str> = v.iter().map(|e| e.ato.tipo()).collect();
        assert_eq!(tipos, ["protocolar"], "{}", alheio.id);
        assert!(
            matches!(&v[0].ato, Ato::Protocolar { proposta: None, .. }),
            "sem a proposta"
        );
    }
}

/// Cada recusa diz de onde vem o impedimento, e as telas oferecem um ato só quando a recusa
/// depende dos valores preenchidos: fase (Art. 17, I: a visita antes da divulgação), papel
/// (Art. 22: o membro não emite parecer), caso (Art. 2º, § 2º: a certidão do TRE é do TRE),
/// estado dos autos (Art. 2º, § 3º: o recebimento antes do ofício), vedado (Art. 19: a urgência)
/// e condição dos valores (Art. 2º, § 2º: a certidão sem número).
#[test]
fn art2_art17_art19_art22_recusas_com_a_natureza_do_impedimento() {
    let mut c = Caso::novo(TipoProcesso::Criacao);
    let visita = Ato::RegistrarVisita {
        local: "Sede".into(),
        relatorio: "Relatório".into(),
    };
    let r = c.recusado(&membro(), visita, "Art. 17");
    assert_eq!(r.natureza, Natureza::Fase, "{r}");
    let r = c.recusado(
        &membro(),
        Ato::ParecerPreliminar {
            solicitar_certidoes: true,
            votos: VOTOS,
        },
        "Art.",
    );
    assert_eq!(r.natureza, Natureza::Papel, "{r}");
    let r = c.recusado(
        &presidente(),
        Ato::PedirUrgencia {
            justificativa: "pressa".into(),
        },
        "Art. 19",
    );
    assert_eq!(r.natureza, Natureza::Vedado, "{r}");

    c.ate_certidoes();
    let r = c.recusado(
        &presidente(),
        certidao(Orgao::Tre, "1/2026"),
        "Art. 2º, § 2º",
    );
    assert_eq!(r.natureza, Natureza::Caso, "{r}");
    assert!(!r.depende_dos_valores());
    let r = c.recusado(
        &servidor(),
        Ato::ConfirmarRecebimento { orgao: Orgao::Tre },
        "Art. 17, § 2º",
    );
    assert_eq!(r.natureza, Natureza::Estado, "{r}");
    let mut sem_numero = certidao(Orgao::Comissao, "");
    if let Ato::EmitirCertidao { numero, .. } = &mut sem_numero {
        numero.clear();
    }
    let r = c.recusado(&presidente(), sem_numero, "Art. 2º");
    assert_eq!(r.natureza, Natureza::Condicao, "{r}");
    assert!(r.depende_dos_valores());
}
