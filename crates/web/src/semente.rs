//! Dados de DEMONSTRAÇÃO para um banco vazio: uma conta por papel e processos em fases
//! diferentes, com datas contadas a partir de hoje (para haver prazo vencido e prazo a vencer).
//!
//! Tudo o que se semeia aqui é marcado: as contas têm `demonstracao = true` (a página mostra o
//! selo "demonstração") e os nomes dos processos dizem "(demonstração)". Os atos passam pelo
//! mesmo registro e pela mesma lei que os de verdade.

use divisa_processo::{Ato, Ator, DocumentoArt15, Orgao, Papel, Via, Votos};
use divisa_registro::{ArquivoNovo, Finalidade, NovaRepresentacao, Recibo, Registro};
use jiff::civil::Date;
use jiff::Timestamp;

/// A senha de todas as contas de demonstração.
pub const SENHA: &str = "demonstracao";

/// As contas: login, nome, papel.
pub const CONTAS: &[(&str, &str, Papel)] = &[
    ("ana", "Ana Presidente (demonstração)", Papel::Presidente),
    ("bruno", "Bruno Membro (demonstração)", Papel::Membro),
    ("dep.joao", "Dep. João (demonstração)", Papel::Deputado),
    ("carla", "Carla Servidora (demonstração)", Papel::Servidor),
    (
        "cartografia",
        "Órgão de Cartografia (demonstração)",
        Papel::Cartografia,
    ),
    ("fazenda", "Órgão Fazendário (demonstração)", Papel::Fazenda),
    ("tre", "TRE-MT (demonstração)", Papel::Tre),
    (
        "comunidade",
        "Representante da comunidade (demonstração)",
        Papel::Representante,
    ),
];

const PROPOSTA_CRIACAO: &str = include_str!("../../../exemplos/criacao.toml");
const PROPOSTA_DESMEMBRAMENTO: &str = include_str!("../../../exemplos/desmembramento.toml");
const AREA_RIBEIRAOZINHO: &str = include_str!("../../../exemplos/area_ribeiraozinho.geojson");
const PROPOSTA_FUSAO: &str = include_str!("../../../exemplos/fusao.toml");

/// A representação de demonstração tirada da proposta de exemplo (como qualquer outra: o tipo,
/// as origens, as assinaturas e os documentos saem dela), com o nome marcado.
fn da_proposta(texto: &str, via: Via, representante: &str) -> anyhow::Result<NovaRepresentacao> {
    let mut n = divisa_avaliacao::autos::protocolo_da_proposta(
        "proposta de demonstração",
        texto,
        &Default::default(),
        via,
        representante,
    )
    .map_err(anyhow::Error::msg)?;
    n.nome = format!("{} (demonstração)", n.nome);
    Ok(n)
}

fn dias_antes(hoje: Date, n: i64) -> Date {
    hoje.checked_sub(jiff::Span::new().days(n)).unwrap_or(hoje)
}

/// Um arquivo de demonstração que apresenta um documento do Art. 15.
fn de_demonstracao(d: DocumentoArt15) -> ArquivoNovo {
    ArquivoNovo::da_representacao(
        format!("{}-demonstracao.txt", d.codigo()),
        format!("{} (arquivo de demonstração)\n", d.nome()).into_bytes(),
        Finalidade::Ato,
        Some(d),
    )
}

/// Protocola com um arquivo de demonstração para cada documento declarado, menos os de
/// `sem_arquivo` — que ficam «declarado, a juntar» (declarar não é juntar, Art. 16, parágrafo
/// único).
async fn protocolar_com_documentos(
    registro: &Registro,
    ator: &Ator,
    nova: NovaRepresentacao,
    sem_arquivo: &[DocumentoArt15],
    data: Date,
    agora: Timestamp,
) -> anyhow::Result<Recibo> {
    let arquivos: Vec<ArquivoNovo> = nova
        .documentos
        .iter()
        .filter(|d| !sem_arquivo.contains(d))
        .map(|d| de_demonstracao(*d))
        .collect();
    Ok(divisa_autos::protocolo::protocolar(registro, ator, nova, &arquivos, data, agora).await?)
}

/// Semeia as contas e os processos de demonstração.
pub async fn semear(registro: &Registro, agora: Timestamp) -> anyhow::Result<()> {
    for (login, nome, papel) in CONTAS {
        crate::contas::criar_usuario(registro, login, nome, *papel, SENHA, true).await?;
    }
    let hoje = divisa_registro::hoje_em_cuiaba(agora);
    let ana = Ator::new("ana", Papel::Presidente);
    let bruno = Ator::new("bruno", Papel::Membro);
    let carla = Ator::new("carla", Papel::Servidor);
    let votos = Votos {
        sim: 4,
        nao: 1,
        abstencoes: 0,
        relator: None,
        nominais: Vec::new(),
    };

    // 1. Criação em certidões: um prazo vencido (TRE), um a vencer (Cartografia), um ofício
    //    sem recebimento registrado (Fazenda).
    let r = protocolar_com_documentos(
        registro,
        &Ator::new("dep.joao", Papel::Deputado),
        da_proposta(
            PROPOSTA_CRIACAO,
            Via::Deputado {
                id: "dep.joao".into(),
            },
            "Maria da Silva",
        )?,
        &[],
        dias_antes(hoje, 60),
        agora,
    )
    .await?;
    let p = r.protocolo.as_str().to_string();
    let atos: Vec<(i64, &Ator, Ato)> = vec![
        (
            58,
            &ana,
            Ato::Divulgar {
                publicacao: "Diário Oficial da ALMT nº 1.234 (demonstração)".into(),
            },
        ),
        (
            55,
            &carla,
            Ato::JuntarDocumento {
                art15: Some(DocumentoArt15::Fotografias),
                descricao: "Fotografias do centro urbano (demonstração)".into(),
            },
        ),
        (
            50,
            &bruno,
            Ato::RegistrarVisita {
                local: "Espigão do Leste, sede do distrito".into(),
                relatorio: "Visita à sede; levantamento socioeconômico anexo (demonstração)."
                    .into(),
            },
        ),
        (
            45,
            &ana,
            Ato::ParecerPreliminar {
                solicitar_certidoes: true,
                votos,
            },
        ),
        (
            40,
            &ana,
            Ato::EnviarOficio {
                orgao: Orgao::Tre,
                numero: "Of. 101/2026-CRT".into(),
            },
        ),
        (35, &carla, Ato::ConfirmarRecebimento { orgao: Orgao::Tre }),
        (
            30,
            &ana,
            Ato::EnviarOficio {
                orgao: Orgao::Cartografia,
                numero: "Of. 102/2026-CRT".into(),
            },
        ),
        (
            30,
            &ana,
            Ato::EnviarOficio {
                orgao: Orgao::Fazenda,
                numero: "Of. 103/2026-CRT".into(),
            },
        ),
        (
            25,
            &carla,
            Ato::ConfirmarRecebimento {
                orgao: Orgao::Cartografia,
            },
        ),
    ];
    anexar_todos(registro, &p, 1, atos, hoje, agora).await?;

    // 2. Desmembramento recém-protocolado pela comunidade: falta divulgar; o mapa dos
    //    municípios de origem foi declarado sem o arquivo e está a juntar.
    //    A área vai como polígono (o exemplo da faixa junto à divisa com Ponte Branca), para
    //    o mapa da página e o editor da área (issue 29) terem o que mostrar.
    let proposta = PROPOSTA_DESMEMBRAMENTO.replacen(
        "area_km2 = 12.5\narea_cedente_km2 = 250.0\n",
        "area = \"area_ribeiraozinho.geojson\"\n",
        1,
    );
    let nova = da_proposta(
        &proposta,
        Via::Comunidade,
        "Associação de Moradores (demonstração)",
    )?;
    let mut arquivos: Vec<ArquivoNovo> = nova
        .documentos
        .iter()
        .filter(|d| **d != DocumentoArt15::MapaOrigem)
        .map(|d| de_demonstracao(*d))
        .collect();
    arquivos.push(ArquivoNovo::do_territorio(
        "area_ribeiraozinho.geojson",
        AREA_RIBEIRAOZINHO.as_bytes().to_vec(),
    ));
    divisa_autos::protocolo::protocolar(
        registro,
        &Ator::new("comunidade", Papel::Representante),
        nova,
        &arquivos,
        dias_antes(hoje, 3),
        agora,
    )
    .await?;

    // 3. Fusão divulgada, à espera da visita.
    let r = protocolar_com_documentos(
        registro,
        &carla,
        // A fusão de exemplo não traz a lista de assinaturas: a representação é digitada
        // e a proposta vai junto, para o território e o nome.
        NovaRepresentacao {
            tipo: divisa_processo::TipoProcesso::Fusao,
            nome: "Araguainha e Ponte Branca (demonstração)".into(),
            municipios_origem: divisa_processo::origens(&[
                "Araguainha".into(),
                "Ponte Branca".into(),
            ])?,
            via: Via::Comunidade,
            representante: "Comissão pró-fusão (demonstração)".into(),
            assinaturas: 15,
            documentos: DocumentoArt15::TODOS.to_vec(),
            proposta: Some(PROPOSTA_FUSAO.into()),
            nome_homenageia_pessoa_viva: None,
        },
        &[],
        dias_antes(hoje, 20),
        agora,
    )
    .await?;
    let p = r.protocolo.as_str().to_string();
    anexar_todos(
        registro,
        &p,
        1,
        vec![(
            18,
            &ana,
            Ato::Divulgar {
                publicacao: "Diário Oficial da ALMT nº 1.250 (demonstração)".into(),
            },
        )],
        hoje,
        agora,
    )
    .await?;
    Ok(())
}

async fn anexar_todos(
    registro: &Registro,
    protocolo: &str,
    mut versao: u64,
    atos: Vec<(i64, &Ator, Ato)>,
    hoje: Date,
    agora: Timestamp,
) -> anyhow::Result<()> {
    for (dias, ator, ato) in atos {
        let tipo = ato.tipo();
        // o documento do Art. 15 entra com o seu arquivo
        let arquivos: Vec<ArquivoNovo> = match &ato {
            Ato::JuntarDocumento { art15: Some(d), .. } => vec![de_demonstracao(*d)],
            _ => Vec::new(),
        };
        divisa_autos::anexar::gravar(
            registro,
            protocolo,
            versao,
            ator,
            ato,
            &arquivos,
            dias_antes(hoje, dias),
            agora,
        )
        .await
        .map_err(|e| anyhow::anyhow!("semente de demonstração, {protocolo}, {tipo}: {e}"))?;
        versao += 1;
    }
    Ok(())
}
