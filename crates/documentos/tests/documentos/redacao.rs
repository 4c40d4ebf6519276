//! Issue 33: os documentos que a assessoria legislativa protocolaria sem editar, lidos de volta
//! do PDF (pdftotext): cada um no seu momento, só fatos certificados, o eleitorado federal do
//! plebiscito, o decreto que fixa as linhas, o preâmbulo, as divisas completas.

use super::*;
use divisa_documentos::Bloco;
use divisa_processo::{Ato, Ator, Evento, Fase, Nup, Papel, Processo, TipoProcesso, Via};

/// A proposta de `exemplos/NOME` com trechos do TOML trocados (`de` → `para`).
pub(super) fn proposta_com(nome: &str, trocas: &[(&str, &str)]) -> divisa_avaliacao::Proposta {
    let mut texto = std::fs::read_to_string(raiz().join("exemplos").join(nome)).expect("proposta");
    for (de, para) in trocas {
        assert!(texto.contains(de), "{nome} não tem «{de}»");
        texto = texto.replace(de, para);
    }
    divisa_avaliacao::ler(
        nome,
        &texto,
        divisa_avaliacao::Arquivos::Diretorio(&raiz().join("exemplos")),
        None,
    )
    .expect("proposta válida")
}

/// A criação com o território em arquivo (`tests/dados/criacao_com_area.toml`).
fn criacao_com_area() -> divisa_avaliacao::Proposta {
    let caminho = raiz().join("crates/documentos/tests/dados/criacao_com_area.toml");
    divisa_avaliacao::ler(
        "criacao_com_area.toml",
        &std::fs::read_to_string(&caminho).expect("proposta"),
        divisa_avaliacao::Arquivos::Diretorio(caminho.parent().expect("dir")),
        None,
    )
    .expect("proposta válida")
}

/// O caso de uma proposta avulsa (sem processo): uma minuta.
fn minuta<T>(proposta: &divisa_avaliacao::Proposta, escrever: impl FnOnce(&Caso<'_>) -> T) -> T {
    let avaliacao = divisa_lei::avaliar(&proposta.fatos, DATA).expect("avaliação");
    let caso = Caso {
        proposta,
        avaliacao: &avaliacao,
        protocolo: None,
        data: DATA,
        autos: None,
        fiscal: None,
    };
    escrever(&caso)
}

/// O texto do PDF numa linha só (as quebras do pdftotext viram espaços).
fn corrido(nome: &str, doc: &Documento) -> String {
    ler_pdf(
        nome,
        &divisa_documentos::pdf(doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    )
    .split_whitespace()
    .collect::<Vec<_>>()
    .join(" ")
}

fn paginas(nome: &str) -> usize {
    let arquivo = raiz().join(format!("target/documentos/{nome}.pdf"));
    let info = Command::new("pdfinfo")
        .arg(&arquivo)
        .output()
        .expect("pdfinfo");
    String::from_utf8_lossy(&info.stdout)
        .lines()
        .find_map(|l| {
            l.strip_prefix("Pages:")
                .map(|n| n.trim().parse().expect("número"))
        })
        .expect("Pages")
}

fn tem(texto: &str, trecho: &str) {
    assert!(
        texto.contains(trecho),
        "falta «{trecho}» em:\n{texto:.6000}"
    );
}

fn nao_tem(texto: &str, trecho: &str) {
    assert!(
        !texto.contains(trecho),
        "não devia ter «{trecho}» em:\n{texto:.6000}"
    );
}

/// Art. 20, § 1º; Art. 11, § 2º: de uma proposta avulsa, o projeto de lei de criação é minuta
/// em todas as páginas e não afirma plebiscito nem parecer que não houve; a forma da lei de MT
/// (preâmbulo do art. 42 da Constituição Estadual), a eleição pelo ano, quem administra até a
/// instalação, os anexos citados no artigo, sem tabela de dados nem URNs.
#[test]
fn art_20_par_1_minuta_do_projeto_de_criacao_nao_afirma_o_que_nao_houve() {
    let p = proposta_com("criacao.toml", &[]);
    let doc = minuta(&p, |c| {
        divisa_documentos::projeto_de_lei(c).expect("projeto")
    });
    let texto = corrido("redacao-criacao-minuta", &doc);
    let folhas = paginas("redacao-criacao-minuta");
    assert_eq!(
        texto.matches("Minuta de proposta sem processo").count(),
        folhas,
        "a marca de minuta em cada uma das {folhas} páginas"
    );
    nao_tem(&texto, "aprovado o seu parecer sobre o resultado");
    nao_tem(&texto, "a consulta aprovou");
    tem(&texto, "Esta é uma minuta: o projeto de lei só se apresenta depois que o plebiscito aprovar a criação");
    tem(&texto, "tendo em vista o que dispõe o art. 42 da Constituição Estadual, aprova e o Governador do Estado sanciona a seguinte Lei");
    tem(&texto, "eleitos na eleição municipal de 2028");
    nao_tem(&texto, "eleição municipal de 1º");
    nao_tem(&texto, "de outubro de 2028, simultaneamente");
    tem(&texto, "Enquanto não instalado, o Município de Espigão do Leste permanecerá sob a jurisdição política e administrativa do Município de São Félix do Araguaia");
    tem(&texto, "Topônimos correlatos (Art. 6º, § 1º)");
    nao_tem(&texto, "DADOS DO NOVO MUNICÍPIO");
    nao_tem(&texto, "urn:lex");
    nao_tem(&texto, "Referências (URN");
    // a sede é um distrito de São Félix: extinto, o território e a sede passam ao novo
    tem(
        &texto,
        "Fica extinto o Distrito de Espigão do Leste, do Município de São Félix do Araguaia",
    );
    // os números da proposta não são certificados: nada do Art. 2º, I a V, «atende»
    for (citacao, situacao) in linhas_de_achados(&doc) {
        if [
            "Art. 2º, I ",
            "Art. 2º, II ",
            "Art. 2º, III ",
            "Art. 2º, IV ",
            "Art. 2º, V ",
        ]
        .iter()
        .any(|c| format!("{citacao} ").starts_with(c))
        {
            assert_ne!(situacao, "atende", "{citacao} sem certidão");
        }
    }
}

/// As linhas «Art. … — exigido: …; apurado: … (situação).» da justificativa do projeto, como
/// (citação, situação).
fn linhas_de_achados(doc: &Documento) -> Vec<(String, String)> {
    doc.blocos
        .iter()
        .filter_map(|b| match b {
            Bloco::Recuado { texto } if texto.contains(" — exigido: ") => {
                let (citacao, resto) = texto.split_once(" — exigido: ")?;
                let situacao = resto.rsplit_once('(')?.1.trim_end_matches(").");
                Some((citacao.to_owned(), situacao.to_owned()))
            }
            _ => None,
        })
        .collect()
}

/// Art. 11, § 2º: 500 votos SIM de 1.000 inscritos não são maioria absoluta — não há projeto de
/// lei de incorporação (o processo é arquivado, Art. 20, § 1º); com 501 há, e ele diz «Fica
/// extinto o Município de Araguainha, cujo território passa a integrar o Município de Ponte
/// Branca», com a data dos efeitos e a transição.
#[test]
fn art_11_par_2_sem_maioria_absoluta_nao_ha_projeto_de_incorporacao() {
    let rejeitada = proposta_com("incorporacao.toml", &[]);
    let erro = minuta(&rejeitada, divisa_documentos::projeto_de_lei).expect_err("500 de 1.000");
    assert!(
        matches!(&erro, divisa_documentos::ErroDocumento::NaoCabe(m) if m.contains("Art. 11, § 2º") && m.contains("Art. 20, § 1º")),
        "{erro}"
    );
    let aprovada = proposta_com(
        "incorporacao.toml",
        &[
            ("votos_sim = 500", "votos_sim = 501"),
            ("votos_nao = 300", "votos_nao = 299"),
        ],
    );
    let doc = minuta(&aprovada, |c| {
        divisa_documentos::projeto_de_lei(c).expect("projeto")
    });
    let texto = corrido("redacao-incorporacao", &doc);
    tem(&texto, "Art. 1º Fica extinto o Município de Araguainha, cujo território passa a integrar o Município de Ponte Branca.");
    tem(&texto, "A extinção e a incorporação produzem efeitos em 1º de janeiro de 2029, com a posse dos eleitos na eleição municipal de 2028");
    tem(&texto, "conserva os seus órgãos");
    nao_tem(&texto, "a consulta aprovou");
    tem(
        &texto,
        "tendo em vista o que dispõe o art. 42 da Constituição Estadual",
    );
}

/// Art. 10: a extinção diz o motivo na justificativa, com os números, e não no Art. 1º; tem a
/// transição.
#[test]
fn art_10_extincao_motivo_na_justificativa_e_transicao() {
    let p = proposta_com("extincao.toml", &[]);
    let doc = minuta(&p, |c| {
        divisa_documentos::projeto_de_lei(c).expect("projeto")
    });
    let texto = corrido("redacao-extincao", &doc);
    let artigos = &texto[..texto.find("JUSTIFICATIVA").expect("justificativa")];
    let art1 = &artigos
        [artigos.find("Art. 1º").expect("art. 1º")..artigos.find("Art. 2º").expect("art. 2º")];
    for motivo in ["requisitos", "inundação", "requerimento"] {
        assert!(!art1.contains(motivo), "o motivo no Art. 1º: {art1}");
    }
    tem(artigos, "A extinção produz efeitos em 1º de janeiro de");
    let justificativa = &texto[texto.find("JUSTIFICATIVA").expect("justificativa")..];
    tem(justificativa, "Art. 10");
}

/// Art. 6º, § 2º e § 1º: a alteração de nome traz a informação do IBGE sobre topônimos
/// correlatos, com a fonte.
#[test]
fn art_6_par_1_alteracao_de_nome_com_os_toponimos_correlatos_do_ibge() {
    let p = proposta_com("alteracao_nome.toml", &[]);
    let doc = minuta(&p, |c| {
        divisa_documentos::projeto_de_lei(c).expect("projeto")
    });
    let texto = corrido("redacao-alteracao-nome", &doc);
    tem(&texto, "Topônimos correlatos (Art. 6º, § 1º)");
    tem(&texto, "Divisão Territorial Brasileira");
    tem(
        &texto,
        "tendo em vista o que dispõe o art. 42 da Constituição Estadual",
    );
}

/// Art. 18, § 2º; Art. 19, § 3º; Lei nº 9.709/1998, art. 7º: o decreto consulta o eleitorado de
/// todo o Município de origem (a regra federal, como o DL nº 2.989/2002) e fixa os limites de
/// cada Município depois da divisão, com o memorial e o mapa como anexos citados; não diz que
/// houve parecer que não consta.
#[test]
fn art_19_par_3_o_decreto_fixa_as_linhas_e_consulta_todo_o_municipio() {
    // a criação com o território em arquivo: as linhas vêm do polígono
    let p = criacao_com_area();
    let doc = minuta(&p, |c| {
        divisa_documentos::decreto_legislativo(c).expect("decreto")
    });
    let texto = corrido("redacao-decreto", &doc);
    tem(&texto, "A consulta plebiscitária será realizada no perímetro compreendido entre os limites do Município de Ribeirãozinho");
    tem(&texto, "Aprovada a medida, os limites dos Municípios de Vale do Ribeirão e Ribeirãozinho serão os seguintes");
    tem(
        &texto,
        "I – limites do futuro Município de Vale do Ribeirão",
    );
    tem(&texto, "segue por linhas geodésicas pelos vértices");
    tem(&texto, "II – limites do Município de Ribeirãozinho");
    tem(&texto, "(Anexos I e II deste Decreto Legislativo)");
    tem(&texto, "ANEXO I — MAPA");
    tem(&texto, "ANEXO II — MEMORIAL DESCRITIVO");
    nao_tem(&texto, "ANEXO — A ÁREA CONSULTADA (Art. 19, § 3º)");
    tem(&texto, "ADI 2.650");
    tem(&texto, "O texto estadual é mais estreito");
    tem(&texto, "Esta é uma minuta");
    nao_tem(&texto, "emitiu parecer sobre a medida");
    nao_tem(&texto, "urn:lex");
}

/// Art. 18; Art. 2º, § 2º; Art. 16, parágrafo único; Art. 17, § 2º: o parecer de mérito de uma
/// proposta sem certidões não dá «atende» ao Art. 2º, I a V: diz quem ainda certifica; a
/// diligência se apoia nos Arts. 16 e 17, e o plebiscito, que vem depois, não é diligência.
#[test]
fn art_18_parecer_sem_certidoes_diz_a_certificar_e_nao_pede_o_plebiscito() {
    let p = proposta_com("criacao.toml", &[]);
    let doc = minuta(&p, divisa_documentos::parecer_de_merito);
    let linhas = doc
        .blocos
        .iter()
        .find_map(|b| match b {
            Bloco::Tabela {
                colunas, linhas, ..
            } if colunas.first().is_some_and(|c| c == "Dispositivo") => Some(linhas.clone()),
            _ => None,
        })
        .expect("a tabela dos achados");
    for linha in &linhas {
        assert!(
            !linha[0].starts_with("Art. 11")
                && !linha[0].starts_with("Art. 12")
                && !linha[0].starts_with("Art. 20"),
            "o plebiscito no parecer de mérito: {linha:?}"
        );
        if [
            "Art. 2º, I",
            "Art. 2º, II",
            "Art. 2º, III",
            "Art. 2º, IV",
            "Art. 2º, V",
        ]
        .contains(&linha[0].as_str())
        {
            assert_ne!(linha[1], "Atende", "{linha:?}");
            assert!(
                linha[4].starts_with("a certificar pelo")
                    || linha[4].starts_with("a apurar pela Comissão"),
                "{linha:?}"
            );
        }
    }
    let texto = corrido("redacao-parecer", &doc);
    tem(&texto, "a certificar pelo Tribunal Regional Eleitoral");
    tem(&texto, "DILIGÊNCIA");
    tem(&texto, "(Art. 16, parágrafo único; Art. 17, § 2º)");
    let voto = &texto[texto.find("VOTO").expect("voto")..];
    nao_tem(
        &voto[..voto.find("Sala das Comissões").unwrap_or(voto.len())],
        "Art. 11",
    );
    tem(
        &texto,
        "Não são objeto deste parecer, porque vêm depois dele no rito, os Arts. 7º, 11 e 12:",
    );
    // e as referências LexML do fim são as do que o parecer analisa
    nao_tem(&texto, "!art11_par2");
    nao_tem(&texto, "!art7_cpt_inc5");
}

/// Art. 5º; LC nº 95/1998: a revisão de limites com as divisas em incisos «com o Município de
/// …», cada vértice da linha nova nomeado e nenhum par de vértices seguidos escrito igual no
/// memorial; os anexos citados no artigo.
#[test]
fn art_5_divisas_em_incisos_com_todos_os_vertices_da_linha_nova() {
    let p = proposta_com("desmembramento_area.toml", &[]);
    let doc = minuta(&p, |c| {
        divisa_documentos::projeto_de_lei(c).expect("projeto")
    });
    let texto = corrido("redacao-desmembramento", &doc);
    tem(&texto, "I – com o Município de");
    nao_tem(&texto, "pelos vértices intermediários");
    tem(
        &texto,
        "do memorial descritivo do Anexo II desta Lei, representadas no mapa do Anexo I",
    );
    // o memorial: vértices seguidos nunca iguais, e cada vértice da linha nova no artigo
    let memorial = doc
        .blocos
        .iter()
        .rev()
        .find_map(|b| match b {
            Bloco::Tabela {
                colunas, linhas, ..
            } if colunas.first().is_some_and(|c| c == "Vértice") => Some(linhas.clone()),
            _ => None,
        })
        .expect("a tabela do memorial");
    for par in memorial.windows(2) {
        assert!(
            (&par[0][1], &par[0][2]) != (&par[1][1], &par[1][2]),
            "dois vértices seguidos com as mesmas coordenadas: {par:?}"
        );
    }
    let artigos = &texto[..texto.find("JUSTIFICATIVA").expect("justificativa")];
    let cedente = "(remanescente)";
    assert!(
        artigos.contains(cedente),
        "a linha nova com o remanescente: {artigos}"
    );
    for linha in memorial
        .iter()
        .filter(|l| l[6].starts_with("Ribeirãozinho →"))
    {
        assert!(
            artigos.contains(&linha[0]),
            "o vértice {} da linha nova falta no artigo",
            linha[0]
        );
    }
}

/// Os ofícios da Casa: «Ofício nº ___/2027 – CRT/ALMT» antes do envio, o vocativo numa linha,
/// o órgão como a lei o nomeia, os dados do Art. 2º, § 1º, do Município de origem e a área em
/// anexo.
#[test]
fn art_2_par_1_oficio_pede_os_dados_da_origem_e_leva_a_area() {
    let p = criacao_com_area();
    let doc = minuta(&p, |c| divisa_documentos::oficios(c, &[Orgao::Cartografia]));
    let bytes = divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
        .expect("composição");
    let texto = ler_pdf("redacao-oficio", &bytes);
    // as linhas como o PDF as compõe (ler_pdf as junta)
    let linhas = Command::new("pdftotext")
        .arg(raiz().join("target/documentos/redacao-oficio.pdf"))
        .arg("-")
        .output()
        .expect("pdftotext");
    let linhas = String::from_utf8_lossy(&linhas.stdout);
    assert!(
        linhas.lines().any(|l| l.trim() == "Senhor Presidente,"),
        "o vocativo numa linha só:\n{linhas}"
    );
    tem(&texto, "Ofício nº ___/2027 – CRT/ALMT");
    // o órgão como a lei o nomeia, e quem exerce a função hoje
    tem(&texto, "Ao Senhor Presidente do Instituto de Terras de Mato Grosso (Intermat), Órgão de Informação e Cartografia do Estado de Mato Grosso");
    tem(&texto, "Vale do Ribeirão");
    tem(&texto, "do Município de origem, a população estimada");
    tem(&texto, "§ 1º");
    tem(&texto, "ANEXO — A ÁREA");
}

/// O processo de criação protocolado (Art. 14).
fn processo_de_criacao() -> (Processo, Vec<Evento>) {
    let evento = Evento {
        seq: 1,
        data: date(2026, 3, 2),
        ator: Ator::new("dep.autor", Papel::Deputado),
        ato: Ato::Protocolar {
            protocolo: Nup::novo(1, 1, 2026).expect("NUP"),
            tipo_processo: TipoProcesso::Criacao,
            nome: "Espigão do Leste".into(),
            municipios_origem: vec!["São Félix do Araguaia".into()],
            codigos_origem: vec![5107859],
            via: Via::Deputado {
                id: "dep.autor".into(),
            },
            representante: "Maria".into(),
            assinaturas: 10,
            documentos: vec![],
            documentos_por_arquivo: true,
            proposta: None,
            nome_homenageia_pessoa_viva: None,
        },
        anexos: vec![],
    };
    (Processo::novo(&evento).expect("processo"), vec![evento])
}

/// Arts. 17 a 20: dos autos, cada documento só no seu momento — nada de projeto de lei num
/// processo recém-protocolado; o decreto depois da CCJ; o projeto depois do parecer sobre o
/// resultado.
#[test]
fn arts_17_a_20_cada_documento_no_seu_momento() {
    use divisa_documentos::momento;
    let (mut processo, eventos) = processo_de_criacao();
    for tipo in [
        TipoDeDocumento::Oficio,
        TipoDeDocumento::ParecerPreliminar,
        TipoDeDocumento::Parecer,
        TipoDeDocumento::DecretoLegislativo,
        TipoDeDocumento::ParecerResultado,
        TipoDeDocumento::ProjetoDeLei,
    ] {
        assert!(
            momento(tipo, &processo, &eventos, DATA).is_err(),
            "{tipo:?} num processo recém-protocolado"
        );
    }
    assert!(momento(TipoDeDocumento::Autos, &processo, &eventos, DATA).is_ok());
    assert!(momento(TipoDeDocumento::EstudoFiscal, &processo, &eventos, DATA).is_ok());
    let erro = momento(TipoDeDocumento::ProjetoDeLei, &processo, &eventos, DATA).unwrap_err();
    assert!(
        matches!(&erro, divisa_documentos::ErroDocumento::ForaDoMomento(m) if m.contains("Art. 20, § 1º")),
        "{erro}"
    );
    // Art. 18 e Art. 2º, § 3º: o parecer de mérito, de posse das certidões — ou vencidos os
    // 30 dias de quem recebeu o ofício e não respondeu; o ofício sem recebimento não tem prazo
    processo.fase = Fase::Certidoes;
    let recebido = date(2027, 1, 4);
    for o in [Orgao::Cartografia, Orgao::Tre, Orgao::Fazenda] {
        processo.requisicoes.insert(
            o,
            divisa_processo::Requisicao {
                oficio: Some((format!("OF-{}/2027", o.codigo()), recebido)),
                recebido_em: Some(recebido),
                resposta: None,
            },
        );
    }
    // recebido em 04/01/2027: vence em 03/02/2027
    assert!(
        momento(
            TipoDeDocumento::Parecer,
            &processo,
            &eventos,
            date(2027, 2, 3)
        )
        .is_err(),
        "no dia do vencimento ainda corre"
    );
    assert!(
        momento(
            TipoDeDocumento::Parecer,
            &processo,
            &eventos,
            date(2027, 2, 4)
        )
        .is_ok(),
        "vencido o prazo"
    );
    processo
        .requisicoes
        .get_mut(&Orgao::Fazenda)
        .expect("Fazenda")
        .recebido_em = None;
    let erro = momento(TipoDeDocumento::Parecer, &processo, &eventos, DATA).unwrap_err();
    assert!(
        matches!(&erro, divisa_documentos::ErroDocumento::ForaDoMomento(m) if m.contains("Art. 18") && m.contains("Art. 2º, § 3º")),
        "{erro}"
    );
    processo.fase = Fase::ElaboracaoDecreto;
    assert!(momento(
        TipoDeDocumento::DecretoLegislativo,
        &processo,
        &eventos,
        DATA
    )
    .is_ok());
    assert!(momento(TipoDeDocumento::ProjetoDeLei, &processo, &eventos, DATA).is_err());
    processo.fase = Fase::ElaboracaoProjetoDeLei;
    assert!(momento(TipoDeDocumento::ProjetoDeLei, &processo, &eventos, DATA).is_ok());
    // e dos autos, pela função que a página e a linha de comando chamam
    processo.fase = Fase::Protocolada;
    let p = proposta_com("criacao.toml", &[]);
    let avaliacao = divisa_lei::avaliar(&p.fatos, DATA).expect("avaliação");
    let pessoas = std::collections::BTreeMap::new();
    let caso = Caso {
        proposta: &p,
        avaliacao: &avaliacao,
        protocolo: Some("00001.000001/2026-91"),
        data: DATA,
        autos: Some(divisa_documentos::Autos {
            processo: &processo,
            eventos: &eventos,
            pessoas: &pessoas,
        }),
        fiscal: None,
    };
    let erro = divisa_documentos::dos_autos(TipoDeDocumento::ProjetoDeLei, &caso)
        .expect_err("cedo demais");
    assert!(
        matches!(&erro, divisa_documentos::ErroDocumento::ForaDoMomento(m) if m.contains("ainda não tem o seu momento")),
        "{erro}"
    );
}
