//! Os documentos gerados para os casos de exemplo, lidos de volta como um leitor de PDF os lê
//! (pdftotext, do poppler-utils, que o `.ci/run` instala): os fatos-chave estão lá (nome,
//! números, artigos, datas de prazo); a primeira página vira PNG em `target/documentos/` para
//! uma pessoa olhar; um PDF adulterado não passa na verificação.

use std::path::{Path, PathBuf};
use std::process::Command;

use divisa_documentos::{Caso, Documento, Tipo};
use divisa_processo::Orgao;
use jiff::civil::{date, Date};

const DATA: Date = date(2027, 3, 10);

fn raiz() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn documento(proposta: &Path, tipo: Tipo) -> Documento {
    documento_com(
        proposta,
        tipo,
        &[Orgao::Cartografia, Orgao::Tre, Orgao::Fazenda],
    )
}

/// O documento, com os ofícios dirigidos a `orgaos`.
fn documento_com(proposta: &Path, tipo: Tipo, orgaos: &[Orgao]) -> Documento {
    let texto = std::fs::read_to_string(proposta).expect("proposta");
    let p = divisa_avaliacao::ler(
        &proposta.display().to_string(),
        &texto,
        proposta.parent().expect("dir"),
    )
    .expect("proposta válida");
    let a = divisa_lei::avaliar(&p.fatos, DATA).expect("avaliação");
    let caso = Caso {
        proposta: &p,
        avaliacao: &a,
        protocolo: Some("00001.000001/2026-91"),
        data: DATA,
        autos: None,
    };
    match tipo {
        Tipo::Oficio => divisa_documentos::oficios(&caso, orgaos),
        Tipo::Parecer => divisa_documentos::parecer_de_merito(&caso),
        Tipo::DecretoLegislativo => divisa_documentos::decreto_legislativo(&caso).expect("decreto"),
        Tipo::ProjetoDeLei => divisa_documentos::projeto_de_lei(&caso).expect("projeto"),
        Tipo::RelatorioTecnico => {
            divisa_documentos::relatorio_tecnico(&caso).expect("relatório técnico")
        }
        Tipo::ParecerPreliminar | Tipo::ParecerResultado | Tipo::Autos => {
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
        .args(["-layout", &arquivo.display().to_string(), "-"])
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
    // as linhas juntas: um fato pode quebrar de linha no PDF
    String::from_utf8_lossy(&texto.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
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
    let doc = documento(&raiz().join("exemplos/criacao.toml"), Tipo::Oficio);
    let texto = ler_pdf("oficios", &divisa_documentos::pdf(&doc).expect("composição"));
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
            "Art. 2º, § 2º",
            "Processo nº 00001.000001/2026-91",
            "Página 3 de 3",
            &doc.codigo(),
            "urn:lex:br;mato.grosso:estadual:lei.complementar:1992-11-19;23!art2_par3",
        ],
        "ofícios",
    );
}

/// Art. 4º: a fusão não se sujeita ao Art. 2º; sem órgão a oficiar, o documento diz por quê em
/// vez de sair só com o título, e o parecer não cita certidões que não há.
#[test]
fn fusao_art_4_sem_oficio_a_expedir_e_sem_certidoes_do_art_2() {
    let fusao = raiz().join("exemplos/fusao.toml");
    let oficio = ler_pdf(
        "oficio-fusao",
        &divisa_documentos::pdf(&documento_com(&fusao, Tipo::Oficio, &[])).expect("composição"),
    );
    assert!(oficio.contains("Não há ofício a expedir"), "{oficio}");
    assert!(
        !oficio.contains("OFÍCIO Nº") && !oficio.contains("MINUTA"),
        "{oficio}"
    );
    let parecer = ler_pdf(
        "parecer-fusao",
        &divisa_documentos::pdf(&documento(&fusao, Tipo::Parecer)).expect("composição"),
    );
    assert!(!parecer.contains("certidões do Art. 2º"), "{parecer}");
    assert!(
        parecer.contains("Municípios de Araguainha e Ponte Branca"),
        "{parecer}"
    );
}

#[test]
fn parecer_de_merito_art_18_com_a_tabela_de_achados() {
    let doc = documento(&raiz().join("exemplos/criacao.toml"), Tipo::Parecer);
    let texto = ler_pdf("parecer", &divisa_documentos::pdf(&doc).expect("composição"));
    contem(
        &texto,
        &[
            "PARECER DE MÉRITO — ESPIGÃO DO LESTE",
            "Art. 2º, I atende",
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
        Tipo::DecretoLegislativo,
    );
    let texto = ler_pdf("decreto-legislativo", &divisa_documentos::pdf(&doc).expect("composição"));
    contem(
        &texto,
        &[
            "PROJETO DE DECRETO LEGISLATIVO",
            "Tribunal Regional Eleitoral",
            "Você é a favor da criação do município de Espigão do Leste?",
            "SIM e NÃO",
            "maioria absoluta dos eleitores inscritos",
            // Art. 11, § 1º, e Art. 12, I: quem reside na área; a leitura federal como alerta
            "Serão consultados os eleitores residentes ou domiciliados na área do Município a ser criado, a desmembrar de São Félix do Araguaia",
            "Art. 11, § 1º, e do Art. 12, I",
            "Alerta: a Lei nº 9.709/1998, art. 7º",
            "a consulta alcança também os eleitores do território remanescente de São Félix do Araguaia",
        ],
        "decreto",
    );
}

/// Issue 16: o decreto do desmembramento consulta quem reside na área a desmembrar (não o
/// cedente inteiro), descreve a área no anexo (Art. 19, § 3º) e diz a leitura federal como
/// alerta; o da fusão consulta os Municípios que se fundem.
#[test]
fn decreto_legislativo_consulta_a_area_que_a_lei_nomeia_e_a_descreve() {
    let doc = documento(
        &raiz().join("exemplos/desmembramento_area.toml"),
        Tipo::DecretoLegislativo,
    );
    let texto = ler_pdf("decreto-desmembramento", &divisa_documentos::pdf(&doc).expect("composição"));
    contem(
        &texto,
        &[
            "plebiscito sobre o desmembramento de área do Município de Ribeirãozinho",
            "residentes ou domiciliados na área a desmembrar do Município de Ribeirãozinho para integrar o Município de Ponte Branca, descrita no Anexo",
            "ANEXO — A ÁREA CONSULTADA (Art. 19, § 3º)",
            "os eleitores do restante do Município de Ribeirãozinho e os do Município de Ponte Branca",
        ],
        "decreto do desmembramento",
    );
    assert!(!texto.contains("sobre a desmembramento"), "{texto}");
    let fusao = documento(
        &raiz().join("exemplos/fusao.toml"),
        Tipo::DecretoLegislativo,
    );
    let texto = ler_pdf("decreto-fusao", &divisa_documentos::pdf(&fusao).expect("composição"));
    contem(
        &texto,
        &["os eleitores dos Municípios de Araguainha e Ponte Branca, cujos territórios se fundem"],
        "decreto da fusão",
    );
}

#[test]
fn projeto_de_lei_art_7_com_as_divisas_do_poligono_o_mapa_e_o_memorial() {
    let doc = documento(
        &raiz().join("crates/documentos/tests/dados/criacao_com_area.toml"),
        Tipo::ProjetoDeLei,
    );
    assert!(
        doc.blocos
            .iter()
            .any(|b| matches!(b, divisa_documentos::Bloco::Mapa { .. })),
        "tem o mapa"
    );
    let texto = ler_pdf("projeto-de-lei", &divisa_documentos::pdf(&doc).expect("composição"));
    contem(
        &texto,
        &[
            "PROJETO DE LEI",
            "Fica criado o Município de Vale do Ribeirão",
            "desmembrado do Município de Ribeirãozinho",
            "tem as seguintes divisas",
            "linhas geodésicas",
            "eleição municipal de 01/10/2028",
            "publicada até 01/04/2028",
            "FPM-ICMS-25",
            "ANEXO II — MAPA",
            "ANEXO III — MEMORIAL DESCRITIVO",
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
        Tipo::ProjetoDeLei,
    );
    let texto = ler_pdf("projeto-de-lei-revisao", &divisa_documentos::pdf(&doc).expect("composição"));
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
            "ANEXO II — MAPA",
            "ANEXO III — MEMORIAL DESCRITIVO DA ÁREA",
            "SIRGAS 2000",
        ],
        "projeto de lei da revisão",
    );
    let corrido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!corrido.contains("FPM") && !corrido.contains("instalação do Município"));
    assert!(
        !corrido.contains("[Atenção"),
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
        Tipo::ProjetoDeLei,
    );
    let texto = ler_pdf("projeto-de-lei-nao-atendido", &divisa_documentos::pdf(&doc).expect("composição"));
    let corrido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        corrido.contains(
            "[Atenção: na avaliação da LC nº 23/1992 em 10/03/2027, não atendido: Art. 13."
        ),
        "{corrido}"
    );
    // issue 16: a ressalva da CF, art. 18, § 4º, antes dos anexos
    assert!(
        corrido.contains("RESSALVA CONSTITUCIONAL A Constituição Federal, art. 18, § 4º"),
        "{corrido}"
    );
    assert!(corrido.contains("a área de 12,50 km²"), "{corrido}");
    // a célula da tabela inteira (o pdftotext intercala as colunas): pelo HTML
    assert!(divisa_documentos::html(&doc).contains("12,50 km² de 250,00 km² (5,00%)"));
    assert!(!corrido.contains("não atendido(s): Art. 8º"), "{corrido}");
    assert!(
        corrido.contains("juntar o memorial certificado"),
        "{corrido}"
    );
}

/// Fusão é criação (Art. 4º): o projeto segue o Art. 7º — nome e sede (I), as divisas da união
/// de Araguainha e Ponte Branca pela malha (II e IV, o trecho comum deixa de ser limite), a
/// instalação (III, com o prazo do Art. 3º) e o FPM-ICMS-25 em branco para a Fazenda (V).
#[test]
fn projeto_de_lei_da_fusao_art_4_e_art_7() {
    let doc = documento(&raiz().join("exemplos/fusao.toml"), Tipo::ProjetoDeLei);
    let texto = ler_pdf("projeto-de-lei-fusao", &divisa_documentos::pdf(&doc).expect("composição"));
    let corrido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    for trecho in [
        "Cria o Município de Ponte Branca, pela fusão dos Municípios de Araguainha e Ponte Branca, que se extinguem",
        "Fica criado o Município de Ponte Branca, com sede na localidade de Ponte Branca",
        "que ficam extintos",
        "deixam de ser limite intermunicipal",
        "segue pela divisa intermunicipal vigente",
        "eleição municipal de 01/10/2028",
        "____% dos índices de participação no FPM-ICMS-25",
        "ANEXO III — MEMORIAL DESCRITIVO",
    ] {
        assert!(corrido.contains(trecho), "falta «{trecho}» em: {corrido:.3000}");
    }
    // Nenhum trecho das divisas confronta os próprios municípios que se fundem.
    let divisas: Vec<&divisa_documentos::Bloco> = doc.blocos.iter().collect();
    let texto_das_divisas: String = divisas
        .iter()
        .filter_map(|b| match b {
            divisa_documentos::Bloco::Recuado { texto } if texto.starts_with("Com ") => {
                Some(texto.as_str())
            }
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!texto_das_divisas.is_empty());
    assert!(
        !texto_das_divisas.contains("município de Araguainha")
            && !texto_das_divisas.contains("município de Ponte Branca"),
        "{texto_das_divisas}"
    );
}

/// Incorporação (Art. 1º): Araguainha extinta dentro de Ponte Branca, que fica com as divisas
/// dos dois; sem FPM (a LC 23 só o reparte na criação) e sem ano de instalação.
#[test]
fn projeto_de_lei_da_incorporacao_art_1() {
    let doc = documento(
        &raiz().join("exemplos/incorporacao.toml"),
        Tipo::ProjetoDeLei,
    );
    assert!(
        doc.blocos
            .iter()
            .any(|b| matches!(b, divisa_documentos::Bloco::Mapa { .. })),
        "tem o mapa dos dois"
    );
    let texto = ler_pdf("projeto-de-lei-incorporacao", &divisa_documentos::pdf(&doc).expect("composição"));
    let corrido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    for trecho in [
        "Incorpora o Município de Araguainha ao Município de Ponte Branca",
        "Fica o Município de Araguainha incorporado ao Município de Ponte Branca",
        "extinto como município",
        "o trecho comum entre os dois deixa de ser limite intermunicipal",
        "ANEXO III — MEMORIAL DESCRITIVO",
    ] {
        assert!(
            corrido.contains(trecho),
            "falta «{trecho}» em: {corrido:.3000}"
        );
    }
    assert!(!corrido.contains("FPM") && !corrido.contains("eleição municipal de"));
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
        Tipo::ProjetoDeLei,
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
        "ANEXO III — MEMORIAL DESCRITIVO (Art. 5º)",
        "<table:table-header-rows>",
        r#"xlink:href="Pictures/mapa1.svg""#,
    ] {
        assert!(conteudo.contains(trecho), "falta «{trecho}» no content.xml");
    }
    assert!(parte("META-INF/manifest.xml").contains(r#"manifest:full-path="Pictures/mapa1.svg""#));
    assert!(parte("Pictures/mapa1.svg").contains("<path"));
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
        tipo: Tipo::Parecer,
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
    let doc = documento(&raiz().join("exemplos/criacao.toml"), Tipo::Parecer);
    let pdf = divisa_documentos::pdf(&doc).expect("composição");
    assert_eq!(divisa_documentos::pdf(&doc).expect("composição"), pdf);
    assert_eq!(divisa_documentos::codigo_do_pdf(&pdf), Some(doc.codigo()));
    // o código impresso no rodapé de toda página
    let texto = ler_pdf("parecer-codigo", &pdf);
    contem(&texto, &[&format!("Código de verificação: {}", doc.codigo())], "parecer");
    assert_eq!(divisa_documentos::codigo_do_pdf(b"%PDF-1.7 qualquer"), None);
}

/// Issue 16, composição: fontes embutidas e recortadas (pdffonts: «emb yes» em todas), PDF/A-3u
/// identificado nos metadados XMP, PDF marcado com a língua pt-BR, o conteúdo do documento
/// anexo como arquivo associado, fluxos compactados.
#[test]
fn pdf_a_3u_marcado_com_fontes_embutidas_e_o_conteudo_anexo() {
    let doc = documento(&raiz().join("exemplos/criacao.toml"), Tipo::ProjetoDeLei);
    let pdf = divisa_documentos::pdf(&doc).expect("composição");
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
    assert!(info.contains("Tagged:         yes"), "não marcado:\n{info}");
    assert!(info.contains("PDF version:    1.7"), "{info}");
    let cru = String::from_utf8_lossy(&pdf);
    assert!(cru.contains("/Lang (pt-BR)"), "sem /Lang pt-BR");
    assert!(cru.contains("/StructTreeRoot"), "sem árvore de estrutura");
    let anexos = poppler("pdfdetach", "pl-anexos", &pdf, &["-list"]);
    assert!(anexos.contains("conteudo.json"), "sem o conteúdo anexo:\n{anexos}");
}

/// A Times padrão em WinAnsi imprimia «→» como «?» na tabela do memorial: com a fonte embutida,
/// o Unicode inteiro sai como está (setas, graus, primos, ordinais, travessões).
#[test]
fn pdf_imprime_o_unicode_inteiro() {
    let mut doc = documento(&raiz().join("exemplos/criacao.toml"), Tipo::Parecer);
    doc.blocos.push(divisa_documentos::Bloco::Paragrafo {
        texto: "Do vértice V-01 → V-02, azimute 123°45′10″; 1º, 2ª, «aspas» — e ≥ 4.000.".into(),
    });
    let texto = ler_pdf("unicode", &divisa_documentos::pdf(&doc).expect("composição"));
    contem(
        &texto,
        &["V-01 → V-02", "123°45′10″", "1º, 2ª", "«aspas»", "≥ 4.000"],
        "unicode",
    );
    assert!(!texto.contains('?'), "caractere trocado por «?»:\n{texto}");
}

/// Um texto com a marcação do typst (#, *, _, $, colchetes) entra como dado, não como código:
/// sai como está e não quebra a composição.
#[test]
fn texto_com_marcacao_sai_como_esta() {
    let mut doc = documento(&raiz().join("exemplos/criacao.toml"), Tipo::Parecer);
    let hostil = "#set page(width: 1pt) *negrito* _itálico_ $x^2$ [colchete] <rótulo> @ref `cru` \\ fim";
    doc.blocos.push(divisa_documentos::Bloco::Paragrafo { texto: hostil.into() });
    doc.titulo = "#pagebreak() ]} TÍTULO".into();
    let pdf = divisa_documentos::pdf(&doc).expect("composição");
    let texto = ler_pdf("marcacao", &pdf);
    contem(&texto, &["*negrito* _itálico_ $x^2$ [colchete] <rótulo> @ref `cru`", "#pagebreak() ]} TÍTULO"], "marcação");
}

/// Os espaços que não quebram: «Art. 1º», «§ 2º», «nº 23», «inciso V», «R$ 1.234,56» e a
/// unidade junto do número não ficam em linhas separadas.
#[test]
fn espacos_inseparaveis_nas_citacoes_e_nos_numeros() {
    let mut doc = documento(&raiz().join("exemplos/criacao.toml"), Tipo::Parecer);
    doc.blocos = vec![divisa_documentos::Bloco::Paragrafo {
        texto: "Art. 1º § 2º nº 23 inciso V R$ 1.234,56 4.000 habitantes 12,5 km² sem mudar o resto".into(),
    }];
    let pdf = divisa_documentos::pdf(&doc).expect("composição");
    let cru = poppler("pdftotext", "inseparaveis", &pdf, &["-raw"]);
    for par in ["Art.\u{a0}1º", "§\u{a0}2º", "nº\u{a0}23", "inciso\u{a0}V", "R$\u{a0}1.234,56", "4.000\u{a0}habitantes", "12,5\u{a0}km²"] {
        assert!(cru.contains(par), "falta o espaço inseparável em «{par}»:\n{cru:?}");
    }
}

/// Art. 11, § 2º: a maioria absoluta dos inscritos — 501 de 1.000 aprova, 500 não.
#[test]
fn parecer_do_resultado_art_20_maioria_absoluta_dos_inscritos() {
    use divisa_processo::{Apuracao, Ato, Ator, Evento, Nup, Papel, Processo, TipoProcesso, Via};
    let texto = std::fs::read_to_string(raiz().join("exemplos/criacao.toml")).expect("proposta");
    let proposta =
        divisa_avaliacao::ler("criacao.toml", &texto, &raiz().join("exemplos")).expect("proposta");
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
            proposta: None,
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
            &divisa_documentos::pdf(&doc).expect("composição"),
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
        Tipo::RelatorioTecnico,
    );
    let texto = ler_pdf("relatorio-tecnico", &divisa_documentos::pdf(&doc).expect("composição"));
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
    let p =
        divisa_avaliacao::ler("criacao.toml", &texto, &raiz().join("exemplos")).expect("proposta");
    let a = divisa_lei::avaliar(&p.fatos, DATA).expect("avaliação");
    let caso = Caso {
        proposta: &p,
        avaliacao: &a,
        protocolo: None,
        data: DATA,
        autos: None,
    };
    assert!(divisa_documentos::relatorio_tecnico(&caso)
        .unwrap_err()
        .contains("desmembramento"));
}
