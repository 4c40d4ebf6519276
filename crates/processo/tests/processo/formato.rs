//! O formato gravado dos atos (a coluna `ato` da tabela `eventos`), fixado.
//!
//! Um banco de verdade guarda estes JSON para sempre (os eventos não se editam). Renomear um
//! campo, mudar a grafia de um tipo ou tornar obrigatório um campo novo quebraria a leitura de
//! bancos existentes sem aviso. Por isso:
//! - `todo_ato_tem_o_formato_fixado`: um ato de cada tipo, serializado, comparado com
//!   `formato/atos.jsonl` (mudou? `UPDATE_EXPECT=1` regrava — e a mudança aparece na revisão);
//! - `atos_gravados_em_versoes_anteriores_continuam_legiveis`: linhas como versões anteriores
//!   as gravaram (`formato/legado.jsonl`) continuam a ser lidas, com os campos novos no padrão.

use divisa_processo::*;
use jiff::civil::date;

fn um_de_cada() -> Vec<Ato> {
    let votos = Votos {
        sim: 3,
        nao: 1,
        abstencoes: 1,
        relator: Some("bruno".into()),
        nominais: vec![
            VotoNominal {
                membro: "ana".into(),
                voto: Voto::Sim,
            },
            VotoNominal {
                membro: "bruno".into(),
                voto: Voto::Sim,
            },
            VotoNominal {
                membro: "carlos".into(),
                voto: Voto::Sim,
            },
            VotoNominal {
                membro: "diana".into(),
                voto: Voto::Nao,
            },
            VotoNominal {
                membro: "edu".into(),
                voto: Voto::Abstencao,
            },
        ],
    };
    vec![
        Ato::Protocolar {
            protocolo: Nup::ler("00001.000001/2026-91").unwrap(),
            tipo_processo: TipoProcesso::Criacao,
            nome: "Espigão do Leste".into(),
            municipios_origem: vec!["São Félix do Araguaia".into()],
            codigos_origem: vec![5107859],
            via: Via::Deputado {
                id: "dep.joao".into(),
            },
            representante: "Maria da Silva".into(),
            assinaturas: 11,
            documentos: vec![DocumentoArt15::Requerimento, DocumentoArt15::MapaNovo],
            documentos_por_arquivo: true,
            proposta: Some("tipo = \"criacao\"\n".into()),
            nome_homenageia_pessoa_viva: Some(false),
        },
        Ato::Divulgar {
            publicacao: "DOALMT nº 1.234".into(),
        },
        Ato::SolicitarDocumentos {
            destinatario: "liderança".into(),
        },
        Ato::JuntarDocumento {
            art15: Some(DocumentoArt15::Fotografias),
            descricao: "fotos".into(),
        },
        Ato::AnexarProposta {
            proposta: "tipo = \"criacao\"\n".into(),
        },
        Ato::RegistrarVisita {
            local: "sede".into(),
            relatorio: "relatório".into(),
        },
        Ato::ParecerPreliminar {
            solicitar_certidoes: true,
            votos: votos.clone(),
        },
        Ato::DeliberarPlenario {
            decisao: Decisao::Tramitar,
        },
        Ato::EnviarOficio {
            orgao: Orgao::Cartografia,
            numero: "OF-1".into(),
        },
        Ato::ConfirmarRecebimento {
            orgao: Orgao::Cartografia,
        },
        Ato::EmitirCertidao {
            orgao: Orgao::Cartografia,
            numero: "C-1".into(),
            conteudo: "método".into(),
            dados: NumerosCertificados {
                populacao: Some(5_200),
                casas_centro_urbano: Some(240),
                area_km2: Some(850.5),
                ..NumerosCertificados::default()
            },
            signatario: "Rosa Campos, diretora".into(),
        },
        Ato::RecusarCertidao {
            orgao: Orgao::Tre,
            motivo: "sem equipe".into(),
        },
        Ato::ParecerDeMerito {
            favoravel: false,
            votos: votos.clone(),
            nao_atendidos: vec!["art2_cpt_inc1".into()],
        },
        Ato::ParecerCcj { aprovado: true },
        Ato::ApresentarProjetoDecreto {
            numero: "PDL 1".into(),
        },
        Ato::EmendarDivisas {
            descricao: "emenda".into(),
        },
        Ato::AlterarArea {
            versao: 2,
            arquivo: "area-v2.geojson".into(),
            motivo: "a estrada fica com Sorriso".into(),
            area_antes_m2: Some(850_763_000),
            area_m2: 848_100_500,
            vertices_antes: Some(1200),
            vertices: 1214,
        },
        Ato::PedirUrgencia {
            justificativa: "j".into(),
        },
        Ato::VotarDecreto { aprovado: true },
        Ato::PublicarDecreto {
            numero: "DL 1".into(),
            diario: "DOALMT 2".into(),
        },
        Ato::EncaminharAoTre {
            copia_autenticada: true,
        },
        Ato::InformarPlenario { nota: "n".into() },
        Ato::RegistrarPlebiscito {
            realizado_em: date(2027, 3, 7),
            apuracoes: vec![Apuracao {
                localidade: "Espigão".into(),
                inscritos: 1_000,
                sim: 501,
                nao: 400,
                brancos: 9,
                nulos: 10,
                secoes: vec![ApuracaoSecao {
                    zona: 23,
                    secao: 101,
                    local: "Escola Estadual".into(),
                    inscritos: 1_000,
                    sim: 501,
                    nao: 400,
                    brancos: 9,
                    nulos: 10,
                }],
            }],
        },
        Ato::LerResultado,
        Ato::ParecerResultado {
            favoravel: true,
            votos,
        },
        Ato::ApresentarProjetoDeLei {
            numero: "PL 1".into(),
            conteudo: ConteudoLei {
                nome: "Espigão do Leste".into(),
                divisas: "memorial".into(),
                ano_instalacao: 2029,
            },
        },
        Ato::VotarProjetoDeLei { aprovado: true },
        Ato::PublicarLei {
            numero: "Lei 1".into(),
            diario: "DOE 3".into(),
        },
        Ato::AutorizarInformacao {
            servidor: "carla".into(),
        },
    ]
}

#[test]
fn todo_ato_tem_o_formato_fixado() {
    let atos = um_de_cada();
    let linhas: Vec<String> = atos
        .iter()
        .map(|a| serde_json::to_string(a).unwrap())
        .collect();
    // Cada linha volta ao mesmo ato.
    for (a, l) in atos.iter().zip(&linhas) {
        assert_eq!(&serde_json::from_str::<Ato>(l).unwrap(), a, "{l}");
    }
    // Um de cada tipo, sem repetir.
    let mut tipos: Vec<&str> = atos.iter().map(Ato::tipo).collect();
    tipos.sort_unstable();
    tipos.dedup();
    assert_eq!(tipos.len(), atos.len());
    expect_test::expect_file!["../formato/atos.jsonl"].assert_eq(&(linhas.join("\n") + "\n"));
}

#[test]
fn atos_gravados_em_versoes_anteriores_continuam_legiveis() {
    let legado = include_str!("../formato/legado.jsonl");
    let mut lidos = 0;
    for (i, linha) in legado.lines().enumerate() {
        if linha.trim().is_empty() || linha.starts_with('#') {
            continue;
        }
        let ato: Ato =
            serde_json::from_str(linha).unwrap_or_else(|e| panic!("linha {}: {e}: {linha}", i + 1));
        lidos += 1;
        // A certidão de antes dos dados: lida com os números vazios e sem signatário.
        if let Ato::EmitirCertidao {
            dados, signatario, ..
        } = &ato
        {
            assert_eq!(*dados, NumerosCertificados::default());
            assert!(signatario.is_empty());
        }
    }
    assert!(lidos >= 3);
}
