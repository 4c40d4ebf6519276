//! Os documentos gerados para os casos de exemplo, lidos de volta como um leitor de PDF os lê
//! (pdftotext, do poppler-utils, que o `.ci/run` instala): os fatos-chave estão lá (nome,
//! números, artigos, datas de prazo); a primeira página vira PNG em `target/documentos/` para
//! uma pessoa olhar; um PDF adulterado não passa na verificação.

// os testes da composição (PDF/A, ODT no LibreOffice) no mesmo executável (issue 31)
mod composicao;

use std::path::{Path, PathBuf};
use std::process::Command;

use divisa_documentos::{Caso, Documento, TipoDeDocumento};
use divisa_processo::Orgao;
use jiff::civil::{date, Date};

const DATA: Date = date(2027, 3, 10);

fn raiz() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn documento(proposta: &Path, tipo: TipoDeDocumento) -> Documento {
    documento_com(
        proposta,
        tipo,
        &[Orgao::Cartografia, Orgao::Tre, Orgao::Fazenda],
    )
}

/// O documento, com os ofícios dirigidos a `orgaos`.
fn documento_com(proposta: &Path, tipo: TipoDeDocumento, orgaos: &[Orgao]) -> Documento {
    let mut texto = std::fs::read_to_string(proposta).expect("proposta");
    // O exemplo da incorporação registra 500 SIM de 1.000 inscritos — sem a maioria absoluta do
    // Art. 11, § 2º, que a avaliação mostra; o projeto de lei pede a consulta aprovada (Art. 20,
    // § 1º; redacao.rs testa a recusa): aqui, 501.
    if tipo == TipoDeDocumento::ProjetoDeLei && proposta.ends_with("incorporacao.toml") {
        texto = texto.replace("votos_sim = 500", "votos_sim = 501");
    }
    let p = divisa_avaliacao::ler(
        &proposta.display().to_string(),
        &texto,
        divisa_avaliacao::Arquivos::Diretorio(proposta.parent().expect("dir")),
        None,
    )
    .expect("proposta válida");
    let a = divisa_lei::avaliar(&p.fatos, DATA).expect("avaliação");
    let caso = Caso {
        proposta: &p,
        avaliacao: &a,
        protocolo: Some("00001.000001/2026-91"),
        data: DATA,
        autos: None,
        fiscal: None,
    };
    match tipo {
        TipoDeDocumento::Oficio => divisa_documentos::oficios(&caso, orgaos),
        TipoDeDocumento::Parecer => divisa_documentos::parecer_de_merito(&caso),
        TipoDeDocumento::DecretoLegislativo => {
            divisa_documentos::decreto_legislativo(&caso).expect("decreto")
        }
        TipoDeDocumento::ProjetoDeLei => divisa_documentos::projeto_de_lei(&caso).expect("projeto"),
        TipoDeDocumento::RelatorioTecnico => {
            divisa_documentos::relatorio_tecnico(&caso).expect("relatório técnico")
        }
        TipoDeDocumento::ParecerPreliminar
        | TipoDeDocumento::ParecerResultado
        | TipoDeDocumento::Autos
        | TipoDeDocumento::EstudoFiscal => {
            unreachable!("documentos do processo: testados à parte")
        }
    }
}

/// O texto do PDF pelo pdftotext, e a primeira página em PNG.
fn ler_pdf(nome: &str, bytes: &[u8]) -> String {
    let dir = raiz().join("target/documentos");
    std::fs::create_dir_all(&dir).expect("target/documentos");
    let arquivo = dir.join(format!("{nome}.pdf"));
    std::fs::write(&arquivo, bytes).expect("gravar PDF");
    let texto = Command::new("pdftotext")
        .args(["-raw", &arquivo.display().to_string(), "-"])
        .output()
        .expect("pdftotext (apt-get install poppler-utils)");
    assert!(
        texto.status.success(),
        "pdftotext falhou em {nome}: {}",
        String::from_utf8_lossy(&texto.stderr)
    );
    let png = Command::new("pdftoppm")
        .args([
            "-png",
            "-r",
            "70",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            &arquivo.display().to_string(),
            &dir.join(nome).display().to_string(),
        ])
        .status()
        .expect("pdftoppm");
    assert!(png.success());
    // as linhas juntas: um fato pode quebrar de linha no PDF, e uma palavra, pela hifenização
    // (o hífen de quebra sai como o hífen discricionário U+00AD no fim da linha)
    String::from_utf8_lossy(&texto.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("\u{ad} ", "")
        // o WORD JOINER que prende «CRT/ALMT» numa linha não se desenha, mas se extrai
        .replace('\u{2060}', "")
}

fn contem(texto: &str, fatos: &[&str], doc: &str) {
    for f in fatos {
        assert!(
            texto.contains(f),
            "{doc}: falta «{f}» no texto extraído:\n{texto}"
        );
    }
}

#[test]
fn oficios_art_2_par_3_trinta_dias_sob_pena_de_responsabilidade() {
    let doc = documento(
        &raiz().join("exemplos/criacao.toml"),
        TipoDeDocumento::Oficio,
    );
    let texto = ler_pdf(
        "oficios",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    contem(
        &texto,
        &[
            "ASSEMBLEIA LEGISLATIVA",
            "Espigão do Leste",
            "Órgão de Informação e Cartografia do Estado",
            "Tribunal Regional Eleitoral",
            "Órgão Fazendário Estadual",
            "30 (trinta) dias",
            "sob pena de responsabilidade",
            // 10/03/2027 + 30 dias corridos = 09/04/2027, uma sexta-feira
            "vencerá em 09/04/2027",
            "1.300 eleitores",
            // a lei citada em palavras (a lista das URNs não vai numa carta); o § 1º, porque o
            // ofício pede também os números do que resta à origem (issue 33)
            "Art. 2º, §§ 1º, 2º e 3º",
            "Processo nº 00001.000001/2026-91",
            "Página 3 de 3",
            &doc.codigo(),
        ],
        "ofícios",
    );
    // issue 32: uma carta a uma pessoa cita a lei em palavras; a URN fica só nos metadados
    let urn = "urn:lex:br;mato.grosso:estadual:lei.complementar:1992-11-19;23!art2_par3";
    assert!(
        !texto.contains("urn:lex"),
        "URN no texto do ofício:\n{texto}"
    );
    assert!(!texto.contains("Referências (URN LexML)"), "{texto}");
    let pdf = divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
        .expect("composição");
    let meta = poppler("pdfinfo", "oficios-meta", &pdf, &["-meta"]);
    assert!(meta.contains(urn), "a URN nos metadados do ofício:\n{meta}");
    assert!(!divisa_documentos::html(&doc).contains("urn:lex"));
}

/// Art. 4º: a fusão não se sujeita ao Art. 2º; sem órgão a oficiar, o documento diz por quê em
/// vez de sair só com o título, e o parecer não cita certidões que não há.
#[test]
fn fusao_art_4_sem_oficio_a_expedir_e_sem_certidoes_do_art_2() {
    let fusao = raiz().join("exemplos/fusao.toml");
    let oficio = ler_pdf(
        "oficio-fusao",
        &divisa_documentos::pdf(
            &documento_com(&fusao, TipoDeDocumento::Oficio, &[]),
            &divisa_documentos::OpcoesDoPdf::default(),
        )
        .expect("composição"),
    );
    assert!(oficio.contains("Não há ofício a expedir"), "{oficio}");
    assert!(
        !oficio.contains("OFÍCIO Nº") && !oficio.contains("MINUTA"),
        "{oficio}"
    );
    let parecer = ler_pdf(
        "parecer-fusao",
        &divisa_documentos::pdf(
            &documento(&fusao, TipoDeDocumento::Parecer),
            &divisa_documentos::OpcoesDoPdf::default(),
        )
        .expect("composição"),
    );
    assert!(!parecer.contains("certidões do Art. 2º"), "{parecer}");
    assert!(
        parecer.contains("Municípios de Araguainha e Ponte Branca"),
        "{parecer}"
    );
}

#[test]
fn parecer_de_merito_art_18_com_a_tabela_de_achados() {
    let doc = documento(
        &raiz().join("exemplos/criacao.toml"),
        TipoDeDocumento::Parecer,
    );
    let texto = ler_pdf(
        "parecer",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    contem(
        &texto,
        &[
            "PARECER DE MÉRITO — ESPIGÃO DO LESTE",
            // issue 33: o número da proposta, sem certidão, não «atende» num documento
            "Art. 2º, I pendente",
            "a certificar pelo Órgão de Informação e Cartografia (Art. 2º, § 2º)",
            "inferior a 4.000 habitantes",
            "DILIGÊNCIA",
            "5.200 habitantes",
            "1.300 eleitores",
            "R$ 45,0 milhões",
            "texto em vigor em 10/03/2027",
            "VOTO",
            "Art. 18",
        ],
        "parecer",
    );
}

#[test]
fn decreto_legislativo_art_12_ii_pergunta_sim_e_nao() {
    let doc = documento(
        &raiz().join("exemplos/criacao.toml"),
        TipoDeDocumento::DecretoLegislativo,
    );
    let texto = ler_pdf(
        "decreto-legislativo",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    contem(
        &texto,
        &[
            "PROJETO DE DECRETO LEGISLATIVO",
            "Tribunal Regional Eleitoral",
            "Você é a favor da criação do município de Espigão do Leste?",
            "SIM e NÃO",
            // Art. 11, § 2º: o quórum da lei estadual, sobre o eleitorado consultado
            "maioria absoluta dos votos dos eleitores inscritos no território consultado",
            // issue 33: a regra federal (Lei nº 9.709/1998, art. 7º; ADI 2.650) decide quem vota:
            // a área e o remanescente, e a justificativa diz que o texto estadual é mais estreito
            "no perímetro compreendido entre os limites do Município de São Félix do Araguaia: a área do Município a ser criado e o território remanescente",
            "A Lei Complementar nº 23/1992 manda consultar os eleitores residentes ou domiciliados na área do Município a ser criado",
            "Lei nº 9.709/1998, art. 7º",
            "ADI 2.650",
            "O texto estadual é mais estreito que a regra federal",
        ],
        "decreto",
    );
}

/// Issue 33: o decreto do desmembramento consulta o eleitorado dos dois Municípios envolvidos
/// (Lei nº 9.709/1998, art. 7º; ADI 2.650), fixa os limites de cada um depois da alteração, com
/// os vértices e os anexos citados no artigo (Art. 19, § 3º); o da fusão consulta os Municípios
/// que se fundem.
#[test]
fn decreto_legislativo_consulta_a_area_que_a_lei_nomeia_e_a_descreve() {
    let doc = documento(
        &raiz().join("exemplos/desmembramento_area.toml"),
        TipoDeDocumento::DecretoLegislativo,
    );
    let texto = ler_pdf(
        "decreto-desmembramento",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    contem(
        &texto,
        &[
            "plebiscito sobre o desmembramento de área do Município de Ribeirãozinho",
            "no perímetro compreendido entre os limites dos Municípios de Ribeirãozinho e Ponte Branca: a área a desmembrar, o restante do Município de Ribeirãozinho e o Município de Ponte Branca, que recebe a área",
            "Aprovada a medida, os limites dos Municípios de Ribeirãozinho e Ponte Branca serão os seguintes",
            "(Anexos I e II deste Decreto Legislativo)",
            "b) com o Município de Ribeirãozinho (remanescente): do vértice V-041",
            "ANEXO I — MAPA",
            "ANEXO II — MEMORIAL DESCRITIVO",
        ],
        "decreto do desmembramento",
    );
    assert!(!texto.contains("sobre a desmembramento"), "{texto}");
    let fusao = documento(
        &raiz().join("exemplos/fusao.toml"),
        TipoDeDocumento::DecretoLegislativo,
    );
    let texto = ler_pdf(
        "decreto-fusao",
        &divisa_documentos::pdf(&fusao, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    contem(
        &texto,
        &["no perímetro compreendido entre os limites dos Municípios de Araguainha e Ponte Branca, cujos territórios se fundem"],
        "decreto da fusão",
    );
}

#[test]
fn projeto_de_lei_art_7_com_as_divisas_do_poligono_o_mapa_e_o_memorial() {
    let doc = documento(
        &raiz().join("crates/documentos/tests/dados/criacao_com_area.toml"),
        TipoDeDocumento::ProjetoDeLei,
    );
    assert!(
        doc.blocos
            .iter()
            .any(|b| matches!(b, divisa_documentos::Bloco::Mapa { .. })),
        "tem o mapa"
    );
    let texto = ler_pdf(
        "projeto-de-lei",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    contem(
        &texto,
        &[
            "PROJETO DE LEI",
            "Fica criado o Município de Vale do Ribeirão",
            "desmembrado do Município de Ribeirãozinho",
            "tem as seguintes divisas",
            "linhas geodésicas",
            "eleitos na eleição municipal de 2028",
            "publicada até 01/04/2028",
            "FPM-ICMS-25",
            // issue 33: o artigo cita os anexos; os dados vão na justificativa, sem anexo
            "memorial descritivo do Anexo II desta Lei",
            "ANEXO I — MAPA",
            "ANEXO II — MEMORIAL DESCRITIVO",
            "SIRGAS 2000",
            "2.000",
        ],
        "projeto de lei",
    );
    // o mesmo conteúdo em HTML
    let html = divisa_documentos::html(&doc);
    assert!(
        html.contains("Fica criado o Município de Vale do Ribeirão")
            && html.contains("<svg")
            && html.contains(&doc.codigo())
    );
}

/// Revisão de limites (Art. 8º, § 1º, LC nº 792/2024): a área sai de Ribeirãozinho e passa a
/// Ponte Branca, com as divisas em linhas geodésicas (Art. 5º) e o novo limite entre os dois;
/// sem ano de instalação nem FPM, que são da lei de criação (Art. 7º, III e V).
#[test]
fn projeto_de_lei_da_revisao_de_limites_art_8_e_art_5() {
    let doc = documento(
        &raiz().join("exemplos/desmembramento_area.toml"),
        TipoDeDocumento::ProjetoDeLei,
    );
    let texto = ler_pdf(
        "projeto-de-lei-revisao",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    contem(
        &texto,
        &[
            "PROJETO DE LEI",
            "Altera os limites entre os Municípios de Ribeirãozinho e Ponte Branca",
            "Fica desmembrada do Município de Ribeirãozinho e integrada ao Município de Ponte",
            "linhas geodésicas",
            "(remanescente)",
            "deixa de ser limite intermunicipal",
            "Art. 8º, § 2º",
            "0,37%",
            "ANEXO I — MAPA",
            "ANEXO II — MEMORIAL DESCRITIVO DA ÁREA",
            "SIRGAS 2000",
        ],
        "projeto de lei da revisão",
    );
    let corrido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!corrido.contains("FPM") && !corrido.contains("instalação do Município"));
    assert!(
        !corrido.contains("Registre-se que"),
        "nada não atendido no exemplo"
    );
}

/// Com o Art. 13 não atendido (9 títulos válidos e distintos entre 11 assinaturas; são 10 no
/// mínimo), o projeto sai, mas com o aviso no alto e o pedido do memorial que falta. O Art. 8º,
/// § 2º, está no limite e atende: 12,5 km² de 250 km² são 5%, e "não pode ultrapassar 5%".
#[test]
fn projeto_de_lei_avisa_o_nao_atendido() {
    let doc = documento(
        &raiz().join("exemplos/desmembramento.toml"),
        TipoDeDocumento::ProjetoDeLei,
    );
    let texto = ler_pdf(
        "projeto-de-lei-nao-atendido",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    let corrido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        corrido.contains(
            "na avaliação da Lei Complementar nº 23/1992 em 10/03/2027, não foi atendido o Art. 13"
        ),
        "{corrido}"
    );
    // issue 16: a ressalva da CF, art. 18, § 4º, na justificativa, antes da Sala das Sessões
    let ressalva = corrido
        .find("A Constituição Federal, art. 18, § 4º")
        .expect("a ressalva");
    assert!(corrido.find("JUSTIFICATIVA").expect("justificativa") < ressalva);
    assert!(ressalva < corrido.find("Sala das Sessões").expect("sala"));
    assert!(corrido.contains("a área de 12,50 km²"), "{corrido}");
    // a célula da tabela inteira (o pdftotext intercala as colunas): pelo HTML
    assert!(divisa_documentos::html(&doc).contains("12,50 km² de 250,00 km² (5,00%)"));
    assert!(!corrido.contains("não atendido(s): Art. 8º"), "{corrido}");
    assert!(
        corrido.contains("deve ser juntado antes da votação"),
        "{corrido}"
    );
}

/// Fusão é criação (Art. 4º): o projeto segue o Art. 7º — nome e sede (I), as divisas da união
/// de Araguainha e Ponte Branca pela malha (II e IV, o trecho comum deixa de ser limite), a
/// instalação (III, com o prazo do Art. 3º) e o FPM-ICMS-25 em branco para a Fazenda (V).
#[test]
fn projeto_de_lei_da_fusao_art_4_e_art_7() {
    let doc = documento(
        &raiz().join("exemplos/fusao.toml"),
        TipoDeDocumento::ProjetoDeLei,
    );
    let texto = ler_pdf(
        "projeto-de-lei-fusao",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    let corrido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    for trecho in [
        "Cria o Município de Ponte Branca, pela fusão dos Municípios de Araguainha e Ponte Branca, que se extinguem",
        // o nome do novo é o de um dos que se fundem: «os atuais» e «o novo», nunca iguais
        "Fica criado o novo Município de Ponte Branca, com sede na localidade de igual nome, pela fusão da área territorial integral dos atuais Municípios de Araguainha e Ponte Branca, que ficam extintos",
        "As divisas entre os atuais Municípios de Araguainha e Ponte Branca deixam de constituir limite intermunicipal",
        "com o Município de Alto Garças: pelas divisas vigentes entre os Municípios de Araguainha e Alto Garças e entre os Municípios de Ponte Branca e Alto Garças",
        "eleitos na eleição municipal de 2028",
        // issue 33: na fusão, os índices inteiros das origens, nunca um percentual em branco
        "terá direito à soma dos índices de participação no FPM-ICMS-25 dos Municípios de Araguainha e Ponte Branca",
        "sucede os atuais Municípios de Araguainha e Ponte Branca nos seus bens, direitos e obrigações",
        "ANEXO I — MAPA",
    ] {
        assert!(corrido.contains(trecho), "falta «{trecho}» em: {corrido:.3000}");
    }
    // Nenhum trecho das divisas confronta os próprios municípios que se fundem.
    let divisas: Vec<&divisa_documentos::Bloco> = doc.blocos.iter().collect();
    let texto_das_divisas: String = divisas
        .iter()
        .filter_map(|b| match b {
            divisa_documentos::Bloco::Recuado { texto }
                if texto.contains(" – com o Município de ") =>
            {
                Some(texto.as_str())
            }
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!texto_das_divisas.is_empty());
    assert!(
        !texto_das_divisas.contains("com o Município de Araguainha")
            && !texto_das_divisas.contains("com o Município de Ponte Branca"),
        "{texto_das_divisas}"
    );
}

/// Incorporação (Art. 1º): Araguainha extinta dentro de Ponte Branca, que fica com as divisas
/// dos dois; sem FPM (a LC 23 só o reparte na criação) e sem ano de instalação.
#[test]
fn projeto_de_lei_da_incorporacao_art_1() {
    // o exemplo tem 500 SIM de 1.000 inscritos, sem maioria absoluta (Art. 11, § 2º): não há
    // projeto (redacao.rs); com 501, há
    let p = redacao::proposta_com(
        "incorporacao.toml",
        &[("votos_sim = 500", "votos_sim = 501")],
    );
    let a = divisa_lei::avaliar(&p.fatos, DATA).expect("avaliação");
    let doc = divisa_documentos::projeto_de_lei(&Caso {
        proposta: &p,
        avaliacao: &a,
        protocolo: Some("00001.000001/2026-91"),
        data: DATA,
        autos: None,
        fiscal: None,
    })
    .expect("projeto");
    assert!(
        doc.blocos
            .iter()
            .any(|b| matches!(b, divisa_documentos::Bloco::Mapa { .. })),
        "tem o mapa dos dois"
    );
    let texto = ler_pdf(
        "projeto-de-lei-incorporacao",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    let corrido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    for trecho in [
        "Incorpora o Município de Araguainha ao Município de Ponte Branca",
        "Fica extinto o Município de Araguainha, cujo território passa a integrar o Município de Ponte Branca",
        "As divisas entre os Municípios de Araguainha e Ponte Branca deixam de constituir limite intermunicipal",
        "O Município de Ponte Branca sucede o Município de Araguainha nos seus bens, direitos e obrigações",
        "ANEXO I — MAPA",
    ] {
        assert!(
            corrido.contains(trecho),
            "falta «{trecho}» em: {corrido:.3000}"
        );
    }
    // nos artigos: a justificativa diz por que não os trata
    let artigos = &corrido[..corrido.find("JUSTIFICATIVA").expect("justificativa")];
    assert!(!artigos.contains("FPM") && !artigos.contains("será instalado"));
}

/// As partes de um ODT, na ordem do zip: (nome, guardado sem compressão, bytes).
fn partes_do_odt(bytes: &[u8]) -> Vec<(String, bool, Vec<u8>)> {
    use std::io::Read;
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("ODT é um zip");
    (0..zip.len())
        .map(|i| {
            let mut f = zip.by_index(i).expect("entrada");
            let mut v = Vec::new();
            f.read_to_end(&mut v).expect("ler entrada");
            (
                f.name().expect("nome da entrada").to_string(),
                f.compression() == zip::CompressionMethod::Stored,
                v,
            )
        })
        .collect()
}

/// Um XML inteiro lido sem erro.
fn xml_bem_formado(nome: &str, bytes: &[u8]) {
    let texto = std::str::from_utf8(bytes).expect("UTF-8");
    let mut leitor = quick_xml::Reader::from_str(texto);
    let mut abertos = 0i64;
    loop {
        match leitor.read_event() {
            Ok(quick_xml::events::Event::Start(_)) => abertos += 1,
            Ok(quick_xml::events::Event::End(_)) => abertos -= 1,
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!(
                "{nome}: XML inválido na posição {}: {e}",
                leitor.buffer_position()
            ),
        }
    }
    assert_eq!(abertos, 0, "{nome}: elementos sem fechar");
}

/// O projeto de lei em ODT, para a Comissão editar: um pacote OpenDocument válido (mimetype
/// primeiro e sem compressão, cada XML bem formado, o mapa em SVG no manifesto), o texto todo, o
/// cabeçalho da Assembleia e o rodapé com o processo e o código; os mesmos bytes duas vezes.
#[test]
fn projeto_de_lei_em_odt_editavel() {
    let doc = documento(
        &raiz().join("crates/documentos/tests/dados/criacao_com_area.toml"),
        TipoDeDocumento::ProjetoDeLei,
    );
    let bytes = divisa_documentos::odt(&doc);
    std::fs::write(raiz().join("target/documentos/projeto-de-lei.odt"), &bytes).expect("gravar");
    let partes = partes_do_odt(&bytes);
    let (primeiro, guardado, conteudo) = &partes[0];
    assert_eq!(primeiro, "mimetype");
    assert!(*guardado, "o mimetype vai sem compressão");
    assert_eq!(conteudo, b"application/vnd.oasis.opendocument.text");
    let parte = |nome: &str| -> String {
        let (_, _, v) = partes
            .iter()
            .find(|(n, _, _)| n == nome)
            .unwrap_or_else(|| panic!("falta {nome}"));
        String::from_utf8(v.clone()).expect("UTF-8")
    };
    for (nome, _, v) in partes.iter().filter(|(n, _, _)| n != "mimetype") {
        xml_bem_formado(nome, v);
    }
    let conteudo = parte("content.xml");
    for trecho in [
        "Fica criado o Município de Vale do Ribeirão",
        "tem as seguintes divisas",
        "FPM-ICMS-25",
        "— MEMORIAL DESCRITIVO",
        "<text:p text:style-name=\"Ementa\">",
        "<table:table-header-rows>",
        r#"xlink:href="Pictures/mapa-1.svg""#,
    ] {
        assert!(conteudo.contains(trecho), "falta «{trecho}» no content.xml");
    }
    assert!(parte("META-INF/manifest.xml").contains(r#"manifest:full-path="Pictures/mapa-1.svg""#));
    assert!(parte("Pictures/mapa-1.svg").contains("<path"));
    let estilos = parte("styles.xml");
    assert!(estilos.contains("ASSEMBLEIA LEGISLATIVA"));
    assert!(estilos.contains("Processo nº 00001.000001/2026-91"));
    assert!(estilos.contains(&doc.codigo()));
    assert!(estilos.contains(r#"fo:page-width="21cm""#));
    assert_eq!(divisa_documentos::odt(&doc), bytes, "mesmos bytes");
}

/// Texto com `<`, `&`, aspas e caracteres de controle (um nome vindo de fora) continua XML
/// válido no ODT, escapado.
#[test]
fn odt_escapa_o_texto() {
    let doc = Documento {
        tipo: TipoDeDocumento::Parecer,
        titulo: "Parecer <script>alert(1)</script> & \"aspas\"".into(),
        protocolo: None,
        data: "2027-03-10".into(),
        blocos: vec![
            divisa_documentos::Bloco::Paragrafo {
                texto: "linha 1\nlinha 2\u{0007} fim".into(),
            },
            divisa_documentos::Bloco::QuebraDePagina,
            divisa_documentos::Bloco::Tabela {
                colunas: vec!["A<B".into(), "C&D".into()],
                larguras: vec![1.0],
                linhas: vec![vec!["só uma célula".into()]],
            },
        ],
        referencias: vec![],
    };
    let partes = partes_do_odt(&divisa_documentos::odt(&doc));
    for (nome, _, v) in partes.iter().filter(|(n, _, _)| n != "mimetype") {
        xml_bem_formado(nome, v);
    }
    let conteudo = partes
        .iter()
        .find(|(n, _, _)| n == "content.xml")
        .map(|(_, _, v)| String::from_utf8_lossy(v).into_owned())
        .expect("content.xml");
    assert!(
        conteudo.contains("Parecer &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;aspas&quot;")
    );
    assert!(conteudo.contains("linha 1<text:line-break/>linha 2 fim"));
    assert!(
        conteudo.contains("fo:break-before") || conteudo.contains(r#"text:style-name="Quebra""#)
    );
    // a linha curta ganha as células que faltam
    assert_eq!(conteudo.matches("<table:table-cell ").count(), 4);
}

/// Um programa do poppler sobre o PDF gravado em target/documentos.
fn poppler(programa: &str, nome: &str, bytes: &[u8], args: &[&str]) -> String {
    let dir = raiz().join("target/documentos");
    std::fs::create_dir_all(&dir).expect("target/documentos");
    let arquivo = dir.join(format!("{nome}.pdf"));
    std::fs::write(&arquivo, bytes).expect("gravar PDF");
    let saida = Command::new(programa)
        .args(args)
        .arg(&arquivo)
        .args(if programa == "pdftotext" {
            &["-"][..]
        } else {
            &[]
        })
        .output()
        .unwrap_or_else(|e| panic!("{programa} (apt-get install poppler-utils): {e}"));
    assert!(
        saida.status.success(),
        "{programa} falhou em {nome}: {}",
        String::from_utf8_lossy(&saida.stderr)
    );
    String::from_utf8_lossy(&saida.stdout).into_owned()
}

/// O mesmo documento dá os mesmos bytes (a data é a do documento, não a do relógio), e o
/// código de verificação se lê do próprio arquivo — é por ele que o registro dos documentos
/// emitidos é consultado.
#[test]
fn pdf_deterministico_com_o_codigo_de_verificacao_no_arquivo() {
    let doc = documento(
        &raiz().join("exemplos/criacao.toml"),
        TipoDeDocumento::Parecer,
    );
    let pdf = divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
        .expect("composição");
    assert_eq!(
        divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
        pdf
    );
    assert_eq!(divisa_documentos::codigo_do_pdf(&pdf), Some(doc.codigo()));
    // o código impresso no rodapé de toda página
    let texto = ler_pdf("parecer-codigo", &pdf);
    contem(
        &texto,
        &[&format!("Código de verificação: {}", doc.codigo())],
        "parecer",
    );
    assert_eq!(divisa_documentos::codigo_do_pdf(b"%PDF-1.7 qualquer"), None);
}

/// Issue 31: o endereço público de conferência entra como opção da composição, não como estado
/// do processo — o mesmo documento com as mesmas opções dá os mesmos bytes, e com outro endereço,
/// outro rodapé. Um endereço que não é http(s):// é recusado ao ser criado.
#[test]
fn issue31_endereco_publico_como_opcao_da_composicao() {
    use divisa_documentos::{EnderecoPublico, OpcoesDoPdf};
    let doc = documento(
        &raiz().join("exemplos/criacao.toml"),
        TipoDeDocumento::Parecer,
    );
    let com = |e: &str| OpcoesDoPdf {
        endereco_publico: Some(EnderecoPublico::novo(e).expect("endereço válido")),
    };
    let a =
        divisa_documentos::pdf(&doc, &com("https://divisa.exemplo.gov.br/")).expect("composição");
    assert_eq!(
        divisa_documentos::pdf(&doc, &com("https://divisa.exemplo.gov.br")).expect("composição"),
        a,
        "a barra final não muda o documento"
    );
    let b = divisa_documentos::pdf(&doc, &com("https://outro.exemplo.gov.br")).expect("composição");
    assert_ne!(a, b);
    let sem = divisa_documentos::pdf(&doc, &OpcoesDoPdf::default()).expect("composição");
    contem(
        &ler_pdf("parecer-endereco", &a),
        &["https://divisa.exemplo.gov.br/verificar"],
        "com o endereço",
    );
    assert!(!ler_pdf("parecer-sem-endereco", &sem).contains("/verificar"));
    for ruim in [
        "javascript:alert(1)",
        "ftp://x.gov.br",
        "https://",
        "https://a b.gov.br",
    ] {
        let e = EnderecoPublico::novo(ruim).expect_err(ruim);
        assert!(
            e.to_string().contains("não é um endereço http(s)://"),
            "{e}"
        );
    }
}

/// Issue 16, composição: fontes embutidas e recortadas (pdffonts: «emb yes» em todas), PDF/A-3u
/// identificado nos metadados XMP, PDF marcado com a língua pt-BR, o conteúdo do documento
/// anexo como arquivo associado, fluxos compactados.
#[test]
fn pdf_a_3u_marcado_com_fontes_embutidas_e_o_conteudo_anexo() {
    // com o território: o mapa (figura) e o memorial (tabela) em anexo
    let doc = documento(
        &raiz().join("crates/documentos/tests/dados/criacao_com_area.toml"),
        TipoDeDocumento::ProjetoDeLei,
    );
    let pdf = divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
        .expect("composição");
    let fontes = poppler("pdffonts", "pl-fontes", &pdf, &[]);
    let linhas: Vec<&str> = fontes.lines().skip(2).collect();
    assert!(!linhas.is_empty(), "nenhuma fonte:\n{fontes}");
    for l in &linhas {
        let c: Vec<&str> = l.split_whitespace().collect();
        // name type encoding emb sub uni object ID: a coluna «emb» é a 4ª a contar do fim
        assert_eq!(c[c.len() - 5], "yes", "fonte não embutida: {l}");
        assert_eq!(c[c.len() - 4], "yes", "fonte não recortada: {l}");
        assert!(l.contains("Libertinus"), "fonte inesperada: {l}");
    }
    let info = poppler("pdfinfo", "pl-info", &pdf, &["-meta"]);
    assert!(
        info.contains("pdfaid:part>3<") || info.contains("pdfaid:part=\"3\""),
        "sem a identificação PDF/A-3:\n{info}"
    );
    assert!(
        info.contains("pdfaid:conformance>U<") || info.contains("pdfaid:conformance=\"U\""),
        "sem a conformidade U:\n{info}"
    );
    let info = poppler("pdfinfo", "pl-info", &pdf, &[]);
    let campo = |nome: &str| {
        info.lines()
            .find_map(|l| l.strip_prefix(nome))
            .map(str::trim)
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(campo("Tagged:"), "yes", "não marcado:\n{info}");
    assert_eq!(campo("PDF version:"), "1.7", "{info}");
    let meta = poppler("pdfinfo", "pl-info", &pdf, &["-meta"]);
    assert!(
        meta.contains("<dc:language><rdf:Bag><rdf:li>pt-BR</rdf:li>"),
        "sem a língua pt-BR"
    );
    // a árvore de estrutura (o PDF marcado): pdfinfo -struct a lista
    let estrutura = poppler("pdfinfo", "pl-estrutura", &pdf, &["-struct"]);
    assert!(
        estrutura.contains("Document")
            && estrutura.contains("Table")
            && estrutura.contains("Figure"),
        "árvore de estrutura sem documento, tabela ou figura:\n{}",
        estrutura.chars().take(2000).collect::<String>()
    );
    let anexos = poppler("pdfdetach", "pl-anexos", &pdf, &["-list"]);
    assert!(
        anexos.contains("conteudo.json"),
        "sem o conteúdo anexo:\n{anexos}"
    );
}

/// A Times padrão em WinAnsi imprimia «→» como «?» na tabela do memorial: com a fonte embutida,
/// o Unicode inteiro sai como está (setas, graus, primos, ordinais, travessões).
#[test]
fn pdf_imprime_o_unicode_inteiro() {
    let mut doc = documento(
        &raiz().join("exemplos/criacao.toml"),
        TipoDeDocumento::Parecer,
    );
    doc.blocos.push(divisa_documentos::Bloco::Paragrafo {
        texto: "Do vértice V-01 → V-02, azimute 123°45′10″; 1º, 2ª, «aspas» — e ≥ 4.000.".into(),
    });
    let texto = ler_pdf(
        "unicode",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    contem(
        &texto,
        &["V-01 → V-02", "123°45′10″", "1º, 2ª", "«aspas»", "≥ 4.000"],
        "unicode",
    );
    assert!(
        !texto.contains("V-01 ? V-02") && !texto.contains("123?"),
        "caractere trocado por «?»:\n{texto}"
    );
}

/// Um texto com a marcação do typst (#, *, _, $, colchetes) entra como dado, não como código:
/// sai como está e não quebra a composição.
#[test]
fn texto_com_marcacao_sai_como_esta() {
    let mut doc = documento(
        &raiz().join("exemplos/criacao.toml"),
        TipoDeDocumento::Parecer,
    );
    let hostil =
        "#set page(width: 1pt) *negrito* _itálico_ $x^2$ [colchete] <rótulo> @ref `cru` \\ fim";
    doc.blocos.push(divisa_documentos::Bloco::Paragrafo {
        texto: hostil.into(),
    });
    doc.titulo = "#pagebreak() ]} TÍTULO".into();
    let pdf = divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
        .expect("composição");
    let texto = ler_pdf("marcacao", &pdf);
    contem(
        &texto,
        &[
            "*negrito* _itálico_ $x^2$ [colchete] <rótulo> @ref `cru`",
            "#pagebreak() ]} TÍTULO",
        ],
        "marcação",
    );
}

/// Art. 11, § 2º: a maioria absoluta dos inscritos — 501 de 1.000 aprova, 500 não.
#[test]
fn parecer_do_resultado_art_20_maioria_absoluta_dos_inscritos() {
    use divisa_processo::{Apuracao, Ato, Ator, Evento, Nup, Papel, Processo, TipoProcesso, Via};
    let texto = std::fs::read_to_string(raiz().join("exemplos/criacao.toml")).expect("proposta");
    let proposta = divisa_avaliacao::ler(
        "criacao.toml",
        &texto,
        divisa_avaliacao::Arquivos::Diretorio(&raiz().join("exemplos")),
        None,
    )
    .expect("proposta");
    let avaliacao = divisa_lei::avaliar(&proposta.fatos, DATA).expect("avaliação");
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
    let mut processo = Processo::novo(&evento).expect("processo");
    let caso = Caso {
        proposta: &proposta,
        avaliacao: &avaliacao,
        protocolo: Some("00001.000001/2026-91"),
        data: DATA,
        autos: None,
        fiscal: None,
    };
    assert!(
        divisa_documentos::parecer_do_resultado(&caso, &processo).is_err(),
        "sem plebiscito, não há parecer"
    );
    for (sim, conclusao) in [(501, "FAVORÁVEL"), (500, "CONTRÁRIO")] {
        processo.plebiscito = Some((
            date(2027, 2, 7),
            vec![Apuracao {
                localidade: "Espigão do Leste".into(),
                inscritos: 1000,
                sim,
                nao: 1000 - sim,
                brancos: 0,
                nulos: 0,
                secoes: vec![divisa_processo::ApuracaoSecao {
                    zona: 23,
                    secao: 101,
                    local: "Escola Estadual Espigão".into(),
                    inscritos: 1000,
                    sim,
                    nao: 1000 - sim,
                    brancos: 0,
                    nulos: 0,
                }],
            }],
        ));
        let doc = divisa_documentos::parecer_do_resultado(&caso, &processo).expect("parecer");
        let texto = ler_pdf(
            &format!("parecer-resultado-{sim}"),
            &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
                .expect("composição"),
        );
        contem(
            &texto,
            &[
                "PARECER SOBRE O RESULTADO DO PLEBISCITO",
                "07/02/2027",
                "1.000",
                conclusao,
                "Art. 11, § 2º",
                "Apuração por seção eleitoral",
                "Escola Estadual Espigão",
            ],
            "parecer do resultado",
        );
    }
}

/// Art. 8º, §§ 2º e 3º: a área medida, o percentual do cedente e o memorial.
#[test]
fn relatorio_tecnico_art_8_par_3_da_revisao_de_limites() {
    let doc = documento(
        &raiz().join("exemplos/desmembramento_area.toml"),
        TipoDeDocumento::RelatorioTecnico,
    );
    let texto = ler_pdf(
        "relatorio-tecnico",
        &divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição"),
    );
    contem(
        &texto,
        &[
            "RELATÓRIO TÉCNICO — REVISÃO DE LIMITES RIBEIRÃOZINHO / PONTE BRANCA",
            "Art. 8º, § 2º",
            "0,37%",
            "625,00 km²",
            "priorizada",
            "MEMORIAL DESCRITIVO DA ÁREA",
            "SIRGAS 2000",
        ],
        "relatório técnico",
    );
    // só da revisão de limites
    let texto = std::fs::read_to_string(raiz().join("exemplos/criacao.toml")).expect("proposta");
    let p = divisa_avaliacao::ler(
        "criacao.toml",
        &texto,
        divisa_avaliacao::Arquivos::Diretorio(&raiz().join("exemplos")),
        None,
    )
    .expect("proposta");
    let a = divisa_lei::avaliar(&p.fatos, DATA).expect("avaliação");
    let caso = Caso {
        proposta: &p,
        avaliacao: &a,
        protocolo: None,
        data: DATA,
        autos: None,
        fiscal: None,
    };
    // Art. 8º, § 3º: o Relatório Técnico não cabe fora da revisão de limites
    assert!(matches!(
        divisa_documentos::relatorio_tecnico(&caso).unwrap_err(),
        divisa_documentos::ErroDocumento::NaoCabe(m) if m.contains("desmembramento")
    ));
}

// ---------------------------------------------------------------------------------------------
// Os mapas (issue 16): um só desenho em SVG para o HTML, o ODT e o PDF.

/// O bloco do mapa de um documento: as camadas e a legenda.
fn camadas_do_mapa(doc: &Documento) -> (Vec<divisa_documentos::Camada>, String) {
    doc.blocos
        .iter()
        .find_map(|b| match b {
            divisa_documentos::Bloco::Mapa { camadas, legenda } => {
                Some((camadas.clone(), legenda.clone()))
            }
            _ => None,
        })
        .expect("o documento tem o mapa")
}

/// O mapa do projeto de lei de uma proposta, gravado em `target/documentos/mapa-NOME.svg` (e em
/// PNG, quando há o `rsvg-convert` do librsvg2-bin) para uma pessoa olhar.
fn mapa_do_projeto(proposta: &str, nome: &str) -> (divisa_documentos::Mapa, Documento) {
    let doc = documento(&raiz().join(proposta), TipoDeDocumento::ProjetoDeLei);
    let (camadas, legenda) = camadas_do_mapa(&doc);
    let mapa = divisa_documentos::mapa::svg(&camadas, &legenda).expect("há o que desenhar");
    let dir = raiz().join("target/documentos");
    std::fs::create_dir_all(&dir).expect("target/documentos");
    let svg = dir.join(format!("mapa-{nome}.svg"));
    std::fs::write(&svg, &mapa.svg).expect("gravar SVG");
    // Só para olhar: sem o rsvg-convert, o teste não depende dele.
    let _ = Command::new("rsvg-convert")
        .args([
            "-o",
            &dir.join(format!("mapa-{nome}.png")).display().to_string(),
        ])
        .arg(&svg)
        .status();
    (mapa, doc)
}

/// Os textos do SVG (o conteúdo de cada `<text>`), na ordem.
fn textos(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.to_owned()))
        .collect()
}

/// O SVG inteiro lido por um leitor de XML, com as cores de preenchimento dos polígonos.
fn preenchimentos(svg: &str) -> Vec<String> {
    xml_bem_formado("mapa.svg", svg.as_bytes());
    svg.split("<path d=\"M")
        .skip(1)
        .filter(|t| t.contains("fill-rule=\"evenodd\""))
        .filter_map(|t| Some(t.split_once("fill=\"")?.1.split_once('"')?.0.to_owned()))
        .collect()
}

/// A criação por desmembramento com a área em arquivo: o mapa tem a seta do norte, a escala
/// gráfica, as convenções de cada papel presente, o nome de cada município de destaque, a sede
/// proposta marcada com a estrela, as coordenadas na moldura e a situação no Estado (a área é
/// pequena); a descrição diz tudo isso em palavras.
#[test]
fn mapa_da_criacao_tem_norte_escala_convencoes_nomes_sede_e_coordenadas() {
    let (mapa, _) = mapa_do_projeto(
        "crates/documentos/tests/dados/criacao_com_area_e_sede.toml",
        "criacao",
    );
    let t = textos(&mapa.svg);
    assert!(t.iter().any(|x| x == "N"), "seta do norte: {t:?}");
    assert!(
        t.iter().any(|x| x.ends_with(" km") || x.ends_with(" m")),
        "escala gráfica: {t:?}"
    );
    for convencao in [
        "território do novo município",
        "município de origem (remanescente)",
        "município vizinho",
        "sede proposta",
        "sede municipal",
    ] {
        assert!(
            t.iter().any(|x| x == convencao),
            "convenção «{convencao}»: {t:?}"
        );
    }
    for nome in ["VALE DO RIBEIRÃO", "RIBEIRÃOZINHO", "PONTE BRANCA"] {
        assert!(
            t.iter().any(|x| x == nome)
                || t.windows(2).any(|w| format!("{} {}", w[0], w[1]) == nome),
            "nome «{nome}» no mapa: {t:?}"
        );
    }
    assert!(
        t.iter().any(|x| x == "Vale do Ribeirão"),
        "nome da sede proposta"
    );
    assert!(
        mapa.svg.contains("fill=\"#c00000\""),
        "estrela da sede proposta"
    );
    // paralelos e meridianos com graus e minutos na moldura: 16°40' S, 52°50' O
    let coordenada = |x: &String, h: &str| {
        x.ends_with(h) && x.contains('°') && x.chars().next().is_some_and(|c| c.is_ascii_digit())
    };
    assert!(t.iter().any(|x| coordenada(x, " S")), "latitudes: {t:?}");
    assert!(t.iter().any(|x| coordenada(x, " O")), "longitudes: {t:?}");
    assert!(
        t.iter().any(|x| x.starts_with("Mato Grosso")),
        "situação no Estado"
    );
    assert!(t
        .iter()
        .any(|x| x.starts_with("Fonte: IBGE, Malha Municipal 2022")));
    for trecho in [
        "o território do novo município, Vale do Ribeirão",
        "o município de origem (Ribeirãozinho)",
        "A sede proposta, Vale do Ribeirão, está marcada com uma estrela em 16°37' S, 52°51' O",
        "de Mato Grosso",
    ] {
        assert!(
            mapa.descricao.contains(trecho),
            "falta «{trecho}» em: {}",
            mapa.descricao
        );
    }
    // Pequeno: a malha simplificada na resolução do desenho.
    assert!(mapa.svg.len() < 120_000, "{} bytes", mapa.svg.len());
}

/// Na incorporação, o receptor não é "município de origem": tem a sua cor e o seu nome nas
/// convenções, diferentes dos do incorporado.
#[test]
fn mapa_da_incorporacao_pinta_o_receptor_de_outra_cor_que_a_do_incorporado() {
    let (mapa, doc) = mapa_do_projeto("exemplos/incorporacao.toml", "incorporacao");
    let (camadas, _) = camadas_do_mapa(&doc);
    let papel = |nome: &str| {
        camadas
            .iter()
            .find(|c| c.rotulo == nome)
            .map(|c| c.papel.clone())
    };
    assert_eq!(papel("Ponte Branca").as_deref(), Some("receptor"));
    assert_eq!(papel("Araguainha").as_deref(), Some("incorporado"));
    let cores = preenchimentos(&mapa.svg);
    let (receptor, _, _) = divisa_documentos::PapelNoMapa::Receptor.estilo();
    let (incorporado, _, _) = divisa_documentos::PapelNoMapa::Incorporado.estilo();
    let (origem, _, _) = divisa_documentos::PapelNoMapa::Origem.estilo();
    assert!(cores.iter().any(|c| c == receptor) && cores.iter().any(|c| c == incorporado));
    assert_ne!(receptor, incorporado);
    assert!(
        !cores.iter().any(|c| c == origem),
        "ninguém é de origem na incorporação"
    );
    let t = textos(&mapa.svg);
    assert!(t.iter().any(|x| x == "município receptor"));
    assert!(t.iter().any(|x| x == "município incorporado (extingue-se)"));
    assert!(!t.iter().any(|x| x.starts_with("município de origem")));
    assert!(t.iter().any(|x| x == "PONTE BRANCA") && t.iter().any(|x| x == "ARAGUAINHA"));
    assert!(mapa
        .descricao
        .contains("o município incorporado (Araguainha), que se extingue"));
    assert!(mapa
        .descricao
        .contains("o município receptor (Ponte Branca)"));
}

/// Na fusão, os dois municípios que se fundem e a sede proposta (a cidade de Ponte Branca,
/// achada pelo nome entre as sedes dos de origem) marcada uma vez só, com a estrela.
#[test]
fn mapa_da_fusao_marca_a_sede_proposta_uma_vez() {
    let (mapa, _) = mapa_do_projeto("exemplos/fusao.toml", "fusao");
    let t = textos(&mapa.svg);
    assert!(t.iter().any(|x| x == "município que se funde"));
    assert!(t.iter().any(|x| x == "sede proposta"));
    assert_eq!(
        t.iter().filter(|x| *x == "Ponte Branca").count(),
        2,
        "o nome da sede (com o halo) uma vez: {t:?}"
    );
    assert!(mapa.descricao.contains("A sede proposta, Ponte Branca"));
}

/// A revisão de limites: a área a desmembrar, o cedente e o receptor; a faixa é estreita
/// demais para o nome dentro dela, que vai ao lado, e a situação no Estado aparece.
#[test]
fn mapa_da_revisao_de_limites_tem_area_cedente_receptor_e_situacao() {
    let (mapa, _) = mapa_do_projeto("exemplos/desmembramento_area.toml", "revisao-de-limites");
    let t = textos(&mapa.svg);
    for convencao in [
        "área a desmembrar",
        "município de origem (remanescente)",
        "município receptor",
    ] {
        assert!(
            t.iter().any(|x| x == convencao),
            "convenção «{convencao}»: {t:?}"
        );
    }
    assert!(t.iter().any(|x| x.starts_with("Mato Grosso")));
}

/// Sem o território em arquivo, a sede proposta ainda se marca pelas coordenadas da proposta,
/// sobre o município de origem; as convenções não citam um território que não está desenhado.
#[test]
fn mapa_da_criacao_sem_territorio_marca_a_sede_das_coordenadas() {
    let (mapa, doc) = mapa_do_projeto("exemplos/criacao.toml", "criacao-sem-territorio");
    let t = textos(&mapa.svg);
    assert!(t.iter().any(|x| x == "Espigão do Leste") && t.iter().any(|x| x == "sede proposta"));
    assert!(!t.iter().any(|x| x == "território do novo município"));
    assert!(t.iter().any(|x| x == "município de origem"));
    assert!(
        mapa.descricao.contains(
            "A sede proposta, Espigão do Leste, está marcada com uma estrela em 11°26' S, 52°11' O"
        ),
        "{}",
        mapa.descricao
    );
    // O mapa vai no conteúdo canônico (e no PDF): os vizinhos recortados e simplificados o
    // mantêm pequeno mesmo em São Félix do Araguaia, com 25 vizinhos no recorte.
    let (camadas, _) = camadas_do_mapa(&doc);
    let json = serde_json::to_string(&camadas).expect("JSON");
    assert!(json.len() < 150_000, "{} bytes", json.len());
}

/// Um retângulo `[lon0, lat0, lon1, lat1]` como camada.
fn retangulo(rotulo: &str, papel: &str, c: [f64; 4]) -> divisa_documentos::Camada {
    divisa_documentos::Camada {
        rotulo: rotulo.into(),
        papel: papel.into(),
        poligonos: vec![vec![vec![
            [c[0], c[1]],
            [c[2], c[1]],
            [c[2], c[3]],
            [c[0], c[3]],
            [c[0], c[1]],
        ]]],
        sede: None,
    }
}

/// Quando o mapa já mostra a maior parte do Estado, o mapa de situação não aparece.
#[test]
fn mapa_que_mostra_o_estado_nao_tem_situacao() {
    let camadas = [retangulo("Grande", "novo", [-61.0, -17.5, -51.0, -8.0])];
    let mapa = divisa_documentos::mapa::svg(&camadas, "Fonte: teste.").expect("mapa");
    assert!(!textos(&mapa.svg)
        .iter()
        .any(|x| x.starts_with("Mato Grosso")));
    let pequeno = [retangulo("Pequeno", "novo", [-55.6, -12.8, -55.4, -12.6])];
    let mapa = divisa_documentos::mapa::svg(&pequeno, "Fonte: teste.").expect("mapa");
    assert!(textos(&mapa.svg)
        .iter()
        .any(|x| x.starts_with("Mato Grosso")));
    assert!(
        mapa.descricao.contains("no centro de Mato Grosso"),
        "{}",
        mapa.descricao
    );
}

/// A mesma entrada dá os mesmos bytes (o documento inteiro, em HTML e em ODT, também).
#[test]
fn mapa_e_deterministico() {
    let doc = documento(
        &raiz().join("exemplos/desmembramento_area.toml"),
        TipoDeDocumento::ProjetoDeLei,
    );
    let (camadas, legenda) = camadas_do_mapa(&doc);
    let a = divisa_documentos::mapa::svg(&camadas, &legenda).expect("mapa");
    let b = divisa_documentos::mapa::svg(&camadas.clone(), &legenda.clone()).expect("mapa");
    assert_eq!(a, b);
    assert_eq!(divisa_documentos::html(&doc), divisa_documentos::html(&doc));
    assert_eq!(divisa_documentos::odt(&doc), divisa_documentos::odt(&doc));
}

/// No HTML, o mapa é uma figura com legenda, e o SVG tem o papel de imagem com a descrição
/// como texto alternativo (aria-label, title, desc).
#[test]
fn mapa_no_html_e_figura_com_texto_alternativo() {
    let doc = documento(
        &raiz().join("exemplos/incorporacao.toml"),
        TipoDeDocumento::ProjetoDeLei,
    );
    let html = divisa_documentos::html(&doc);
    std::fs::write(
        raiz().join("target/documentos/projeto-de-lei-incorporacao.html"),
        &html,
    )
    .expect("gravar HTML");
    let figura = html
        .split_once("<figure class=\"mapa\">")
        .and_then(|(_, d)| d.split_once("</figure>"))
        .map(|(f, _)| f)
        .expect("o mapa numa <figure>");
    assert!(figura.starts_with("<svg") && figura.contains("role=\"img\""));
    assert!(figura.contains("aria-label=\"Mapa que mostra"));
    assert!(figura.contains("<title>Mapa: ") && figura.contains("<desc>Mapa que mostra"));
    assert!(figura.contains("<figcaption>Mapa: Araguainha e Ponte Branca.</figcaption>"));
    assert!(figura.contains("Fonte: IBGE"), "a fonte no pé do mapa");
}

/// No ODT, o mapa é a imagem `Pictures/mapa-1.svg` do pacote, no manifesto, num quadro com o
/// título e a descrição (o texto alternativo do LibreOffice e do Word).
#[test]
fn mapa_no_odt_e_imagem_svg_do_pacote_com_texto_alternativo() {
    let doc = documento(
        &raiz().join("exemplos/fusao.toml"),
        TipoDeDocumento::ProjetoDeLei,
    );
    let bytes = divisa_documentos::odt(&doc);
    std::fs::write(
        raiz().join("target/documentos/projeto-de-lei-fusao.odt"),
        &bytes,
    )
    .expect("gravar ODT");
    let partes = partes_do_odt(&bytes);
    let parte = |nome: &str| -> String {
        let (_, _, v) = partes
            .iter()
            .find(|(n, _, _)| n == nome)
            .unwrap_or_else(|| panic!("falta {nome}"));
        String::from_utf8(v.clone()).expect("UTF-8")
    };
    assert!(parte("META-INF/manifest.xml").contains(
        r#"<manifest:file-entry manifest:full-path="Pictures/mapa-1.svg" manifest:media-type="image/svg+xml"/>"#
    ));
    let conteudo = parte("content.xml");
    assert!(conteudo.contains(r#"<draw:image xlink:href="Pictures/mapa-1.svg""#));
    assert!(
        conteudo.contains("<svg:title>Mapa: ") && conteudo.contains("<svg:desc>Mapa que mostra")
    );
    let svg = parte("Pictures/mapa-1.svg");
    assert!(svg.starts_with("<?xml") && svg.contains(">N</text>"));
    xml_bem_formado("Pictures/mapa-1.svg", svg.as_bytes());
}

/// Polígonos vazios, anéis de dois pontos, coordenadas NaN ou fora do globo, buracos sem
/// exterior, sede inválida: nada disso faz o desenho entrar em pânico; sem nada válido, não há
/// mapa.
#[test]
fn mapa_com_poligonos_malformados_nao_entra_em_panico() {
    use divisa_documentos::{mapa::svg, Camada, Sede};
    let ruins = vec![
        Camada {
            rotulo: "Vazio".into(),
            papel: "origem".into(),
            poligonos: vec![vec![], vec![vec![]]],
            sede: None,
        },
        Camada {
            rotulo: "<Dois & pontos>".into(),
            papel: "receptor".into(),
            poligonos: vec![vec![vec![[-56.0, -15.0], [-55.0, -15.0]]]],
            sede: Some(Sede {
                nome: "Em lugar nenhum".into(),
                ponto: [f64::NAN, 1000.0],
                proposta: true,
            }),
        },
        Camada {
            rotulo: "Inválido".into(),
            papel: "papel-desconhecido".into(),
            poligonos: vec![vec![vec![
                [f64::NAN, -15.0],
                [f64::INFINITY, -14.0],
                [500.0, -15.0],
                [-55.0, 200.0],
            ]]],
            sede: None,
        },
    ];
    assert!(svg(&ruins, "").is_none());
    assert!(svg(&[], "").is_none());
    // Um anel válido no meio do lixo, um ponto repetido mil vezes, um anel degenerado em linha.
    let mut com_um_bom = ruins.clone();
    com_um_bom.push(retangulo("Bom", "novo", [-56.1, -15.6, -56.0, -15.5]));
    com_um_bom.push(Camada {
        rotulo: "Ponto".into(),
        papel: "vizinho".into(),
        poligonos: vec![vec![vec![[-56.05, -15.55]; 1000]]],
        sede: None,
    });
    com_um_bom.push(Camada {
        rotulo: "Linha".into(),
        papel: "vizinho".into(),
        poligonos: vec![vec![vec![[-56.0, -15.5], [-55.9, -15.5], [-55.8, -15.5]]]],
        sede: None,
    });
    let mapa = svg(&com_um_bom, "Fonte: <teste> & cia.").expect("o anel bom é desenhado");
    // Longe de Mato Grosso: no polo e cruzando o globo inteiro, ainda sem travar.
    assert!(svg(&[retangulo("Polo", "novo", [-10.0, 89.9, 10.0, 90.0])], "").is_some());
    assert!(svg(
        &[retangulo("Globo", "novo", [-180.0, -90.0, 180.0, 90.0])],
        ""
    )
    .is_some());
    xml_bem_formado("mapa.svg", mapa.svg.as_bytes());
    assert!(mapa.svg.contains("Fonte: &lt;teste&gt; &amp; cia."));
    // Só uma sede, sem polígono nenhum: um mapa pequeno em volta dela.
    let so_sede = [Camada {
        rotulo: "Sede".into(),
        papel: "novo".into(),
        poligonos: vec![],
        sede: Some(Sede {
            nome: "Vila".into(),
            ponto: [-56.0, -15.5],
            proposta: true,
        }),
    }];
    assert!(svg(&so_sede, "").is_some());
}

/// O JSON de um documento emitido antes das sedes (camadas sem `sede`) ainda se lê, e o
/// conteúdo canônico dele não muda: o código de verificação dos PDFs já emitidos vale.
#[test]
fn camada_sem_sede_do_json_antigo_se_le_e_mantem_o_codigo() {
    let antigo = r#"{"tipo":"parecer","titulo":"T","protocolo":null,"data":"2027-03-10","blocos":[{"bloco":"mapa","camadas":[{"rotulo":"A","papel":"origem","poligonos":[[[[-56.0,-15.0],[-55.0,-15.0],[-55.0,-14.0]]]]}],"legenda":"L"}],"referencias":[]}"#;
    let doc: Documento = serde_json::from_str(antigo).expect("JSON antigo");
    assert_eq!(doc.canonico(), antigo);
}

/// Issue 16, a forma da Assembleia (LC nº 95/1998, arts. 3º a 5º; LC nº 23/1992, Art. 20, § 1º):
/// todo projeto de lei, de cada tipo, tem a epígrafe, o autor (a Comissão), a ementa destacada,
/// o preâmbulo, o "Art. 1º", a cláusula de vigência, a justificativa, a Sala das Sessões e as
/// assinaturas; entre o "Art. 1º" e a justificativa, nem citação entre parênteses ("(LC nº"),
/// nem nota entre colchetes, nem "Preencher".
#[test]
fn projeto_de_lei_de_cada_tipo_na_forma_da_lc_95_e_sem_notas_nos_artigos() {
    for proposta in [
        "crates/documentos/tests/dados/criacao_com_area.toml",
        "exemplos/criacao.toml",
        "exemplos/fusao.toml",
        "exemplos/incorporacao.toml",
        "exemplos/desmembramento_area.toml",
        "exemplos/desmembramento.toml",
        "exemplos/alteracao_nome.toml",
    ] {
        let doc = documento(&raiz().join(proposta), TipoDeDocumento::ProjetoDeLei);
        assert_eq!(
            doc.titulo, "PROJETO DE LEI Nº ___, DE ___ DE __________ DE 2027",
            "{proposta}: a epígrafe é o título"
        );
        let html = divisa_documentos::html(&doc);
        let texto: Vec<String> = doc
            .blocos
            .iter()
            .filter_map(|b| match b {
                divisa_documentos::Bloco::Paragrafo { texto }
                | divisa_documentos::Bloco::Recuado { texto }
                | divisa_documentos::Bloco::Ementa { texto }
                | divisa_documentos::Bloco::Secao { texto }
                | divisa_documentos::Bloco::Centro { texto, .. } => Some(texto.clone()),
                _ => None,
            })
            .collect();
        let corrido = texto.join("\n");
        assert!(
            corrido.starts_with("Autor: Comissão de Revisão Territorial"),
            "{proposta}"
        );
        assert!(
            doc.blocos
                .iter()
                .any(|b| matches!(b, divisa_documentos::Bloco::Ementa { .. })),
            "{proposta}: a ementa"
        );
        assert!(html.contains("class=\"ementa\""), "{proposta}");
        for trecho in [
            // o preâmbulo das leis ordinárias do Estado (CE, art. 42: a sanção)
            "A ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO, tendo em vista o que dispõe o art. 42 da Constituição Estadual, aprova e o Governador do Estado sanciona a seguinte Lei:",
            "Art. 1º ",
            "Esta Lei entra em vigor na data de sua publicação.",
            "JUSTIFICATIVA",
            "Sala das Sessões, em Cuiabá, 10 de março de 2027.",
            "_______________________________________",
            "Presidente da Comissão de Revisão Territorial",
        ] {
            assert!(corrido.contains(trecho), "{proposta}: falta «{trecho}»");
        }
        let artigos = &corrido[corrido.find("Art. 1º ").expect("art. 1º")
            ..corrido.find("JUSTIFICATIVA").expect("justificativa")];
        for proibido in [
            "(LC nº",
            "(Lei Complementar",
            "[",
            "Preencher",
            "a identificar",
            "RESSALVA",
        ] {
            assert!(
                !artigos.contains(proibido),
                "{proposta}: «{proibido}» nos artigos:\n{artigos}"
            );
        }
        // os anexos depois das assinaturas
        if let Some(anexo) = corrido.find("ANEXO I —") {
            assert!(
                anexo > corrido.find("Sala das Sessões").expect("sala"),
                "{proposta}"
            );
        }
    }
}

/// Issue 16: a fusão e a incorporação (Arts. 4º e 1º; Art. 5º) dão as divisas vigentes com
/// cada confrontante, sem a malha do IBGE vértice a vértice: nada "a identificar", nenhuma
/// tabela de vértices, e o projeto com menos de 10 páginas (eram 159).
#[test]
fn projeto_de_lei_de_fusao_e_incorporacao_pelas_divisas_vigentes_art_5() {
    for (proposta, nome) in [
        ("exemplos/fusao.toml", "fusao"),
        ("exemplos/incorporacao.toml", "incorporacao"),
    ] {
        let doc = documento(&raiz().join(proposta), TipoDeDocumento::ProjetoDeLei);
        let bytes = divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
            .expect("composição");
        let texto = ler_pdf(&format!("projeto-de-lei-{nome}-forma"), &bytes);
        let corrido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(!corrido.contains("a identificar"), "{proposta}");
        assert!(
            corrido.contains("pelas divisas vigentes entre os Municípios de"),
            "{proposta}"
        );
        assert!(
            !doc.blocos.iter().any(|b| matches!(b,
                divisa_documentos::Bloco::Tabela { colunas, .. } if colunas.iter().any(|c| c == "Vértice"))),
            "{proposta}: tabela de vértices"
        );
        assert!(
            doc.blocos
                .iter()
                .any(|b| matches!(b, divisa_documentos::Bloco::Mapa { .. })),
            "{proposta}: o mapa fica"
        );
        let paginas = divisa_documentos::paginas(&doc).expect("páginas");
        assert!(paginas < 10, "{proposta}: {paginas} páginas");
    }
}

/// Issue 16: o parecer da Comissão (Art. 18) tem número, relator, "Sala das Comissões" e a
/// tabela da votação com os membros.
#[test]
fn parecer_de_merito_art_18_com_numero_relator_sala_das_comissoes_e_votacao() {
    let doc = documento(
        &raiz().join("exemplos/criacao.toml"),
        TipoDeDocumento::Parecer,
    );
    assert_eq!(doc.titulo, "PARECER Nº ___/2027 – CRT");
    let html = divisa_documentos::html(&doc);
    for trecho in [
        "Relator(a): ____",
        "Sala das Comissões, em Cuiabá, 10 de março de 2027.",
        "VOTAÇÃO NA COMISSÃO",
        "<th>Nome</th><th>Cargo</th><th>Voto</th>",
        "Presidente da Comissão de Revisão Territorial",
    ] {
        assert!(html.contains(trecho), "falta «{trecho}»");
    }
}

/// Issue 28, Art. 7º, V: com os índices da Fazenda, o projeto de lei de criação escreve o
/// percentual de cada origem em algarismos e por extenso (LC nº 95/1998, art. 11, II, f), sem
/// espaço em branco; o anexo ao parecer (o estudo de impacto fiscal e de viabilidade) traz o
/// mesmo percentual, o FPM de quem ganha e de quem perde e os critérios dos projetos federais —
/// lidos de volta do PDF pelo pdftotext.
#[test]
fn issue28_art7_inc5_o_projeto_e_o_anexo_trazem_o_mesmo_percentual() {
    let proposta = raiz().join("exemplos/criacao.toml");
    let texto = std::fs::read_to_string(&proposta).expect("proposta");
    let p = divisa_avaliacao::ler(
        "criacao.toml",
        &texto,
        divisa_avaliacao::Arquivos::Diretorio(&raiz().join("exemplos")),
        None,
    )
    .expect("proposta válida");
    let a = divisa_lei::avaliar(&p.fatos, DATA).expect("avaliação");
    let ipm = std::fs::read(raiz().join("crates/divisa/tests/dados/ipm_ilustrativo.csv"))
        .expect("tabela de índices dos testes");
    let opcoes = divisa_avaliacao::fiscal::OpcoesFiscais {
        ipm: Some(divisa_fiscal::icms::ler_ipm(&ipm, "ipm.csv").expect("índices")),
        ..Default::default()
    };
    let estudo = divisa_avaliacao::fiscal::estudo(&p.fatos, DATA, &opcoes).expect("estudo");
    let icms = estudo.icms.as_ref().expect("ICMS calculado");
    let percentual = divisa_fiscal::formato::porcentagem(icms.percentuais[0].percentual, 4);
    let caso = Caso {
        proposta: &p,
        avaliacao: &a,
        protocolo: Some("00001.000001/2026-91"),
        data: DATA,
        autos: None,
        fiscal: Some(&estudo),
    };
    let projeto = divisa_documentos::projeto_de_lei(&caso).expect("projeto");
    let lido = ler_pdf(
        "projeto-com-icms",
        &divisa_documentos::pdf(&projeto, &divisa_documentos::OpcoesDoPdf::default()).expect("PDF"),
    );
    assert!(!lido.contains("____%"), "sem o espaço em branco: {lido}");
    contem(
        &lido,
        &[
            &percentual,
            "por cento) do índice de participação do Município de São Félix do Araguaia no FPM-ICMS-25",
            "Órgão Fazendário Estadual",
        ],
        "projeto de lei",
    );
    let anexo = divisa_documentos::estudo_fiscal(&caso).expect("anexo");
    let lido = ler_pdf(
        "estudo-fiscal",
        &divisa_documentos::pdf(&anexo, &divisa_documentos::OpcoesDoPdf::default()).expect("PDF"),
    );
    contem(
        &lido,
        &[
            "ESTUDO DE IMPACTO FISCAL E DE VIABILIDADE",
            &percentual,
            "São Félix do Araguaia",
            "Espigão do Leste",
            "Fundo de Participação dos Municípios",
            "LC nº 91/1997",
            "vetado",
            "não são requisitos legais",
            "Relator(a)",
        ],
        "anexo do estudo fiscal",
    );
    // sem os índices, o percentual fica em branco (nada inventado) e o anexo diz por quê
    let sem = divisa_avaliacao::fiscal::estudo(&p.fatos, DATA, &Default::default()).unwrap();
    let caso = Caso {
        fiscal: Some(&sem),
        ..caso
    };
    let lido = ler_pdf(
        "projeto-sem-icms",
        &divisa_documentos::pdf(
            &divisa_documentos::projeto_de_lei(&caso).unwrap(),
            &divisa_documentos::OpcoesDoPdf::default(),
        )
        .unwrap(),
    );
    assert!(lido.contains("____%"), "{lido}");
    let lido = ler_pdf(
        "estudo-fiscal-sem-icms",
        &divisa_documentos::pdf(
            &divisa_documentos::estudo_fiscal(&caso).unwrap(),
            &divisa_documentos::OpcoesDoPdf::default(),
        )
        .unwrap(),
    );
    // o motivo numa frase de quem lê: inicial maiúscula depois de «Pendente.», e o que falta dito
    // em palavras (código IBGE, índice, fonte), nunca os nomes das colunas do arquivo
    let corrido = lido.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        corrido.contains("Pendente. Sem a tabela dos índices de participação (IPM)"),
        "{corrido}"
    );
    assert!(
        corrido.contains("com o código IBGE, o índice (em %) e a fonte de cada município"),
        "{corrido}"
    );
    assert!(
        !corrido.contains("codigo_ibge"),
        "nome de coluna no documento: {corrido}"
    );
    // a instalação do novo (LC nº 91/1997) dita uma vez, na nota que explica os valores «depois»
    assert_eq!(
        corrido.matches("não recebe FPM até ser instalado").count(),
        1,
        "{corrido}"
    );
}

/// Na fusão, o novo município fica com os índices inteiros das origens: nunca "____%".
#[test]
fn issue33_fusao_toma_os_indices_inteiros_sem_espaco_em_branco() {
    let projeto = documento(
        &raiz().join("exemplos/fusao.toml"),
        TipoDeDocumento::ProjetoDeLei,
    );
    let lido = ler_pdf(
        "projeto-fusao-icms",
        &divisa_documentos::pdf(&projeto, &divisa_documentos::OpcoesDoPdf::default()).unwrap(),
    );
    assert!(!lido.contains("____%"), "{lido}");
    contem(
        &lido,
        &["à soma dos índices de participação no FPM-ICMS-25"],
        "fusão",
    );
}

/// Art. 7º, V com duas origens: um inciso por origem, no padrão dos incisos do projeto.
#[test]
fn issue28_art7_inc5_duas_origens_um_inciso_cada() {
    let texto = "tipo = \"criacao\"\n[novo]\nnome = \"Vale do Teste\"\nsede = \"Vale do Teste\"\norigens = [5106240, 5107925]\n[novo.dados]\npopulacao = 7000\n";
    let p = divisa_avaliacao::ler(
        "duas.toml",
        texto,
        divisa_avaliacao::Arquivos::Diretorio(&raiz().join("exemplos")),
        None,
    )
    .expect("proposta");
    let a = divisa_lei::avaliar(&p.fatos, DATA).expect("avaliação");
    let ipm = std::fs::read(raiz().join("crates/divisa/tests/dados/ipm_ilustrativo.csv")).unwrap();
    let opcoes = divisa_avaliacao::fiscal::OpcoesFiscais {
        ipm: Some(divisa_fiscal::icms::ler_ipm(&ipm, "ipm.csv").unwrap()),
        ..Default::default()
    };
    let estudo = divisa_avaliacao::fiscal::estudo(&p.fatos, DATA, &opcoes).expect("estudo");
    let caso = Caso {
        proposta: &p,
        avaliacao: &a,
        protocolo: None,
        data: DATA,
        autos: None,
        fiscal: Some(&estudo),
    };
    let doc = divisa_documentos::projeto_de_lei(&caso).expect("projeto");
    let recuados: Vec<String> = doc
        .blocos
        .iter()
        .filter_map(|b| match b {
            divisa_documentos::Bloco::Recuado { texto } => Some(texto.clone()),
            _ => None,
        })
        .collect();
    let i = recuados
        .iter()
        .position(|t| t.contains("terá direito, até que o Órgão Fazendário"))
        .expect("o artigo do Art. 7º, V");
    assert!(
        recuados[i + 1].starts_with("I – ")
            && recuados[i + 1].contains("Nova Ubiratã")
            && recuados[i + 1].ends_with("; e"),
        "{}",
        recuados[i + 1]
    );
    assert!(
        recuados[i + 2].starts_with("II – ")
            && recuados[i + 2].contains("Sorriso")
            && recuados[i + 2].ends_with('.'),
        "{}",
        recuados[i + 2]
    );
}
mod redacao;
