//! O mesmo documento em ODT (OpenDocument Text, ISO/IEC 26300), para a Comissão editar no
//! LibreOffice ou no Word antes de levar ao plenário — o formato de documentos que o e-PING
//! (padrões de interoperabilidade do governo federal) adota.
//!
//! O arquivo é um zip: `mimetype` primeiro e sem compressão (é assim que os programas reconhecem
//! o tipo), `META-INF/manifest.xml`, `meta.xml`, `styles.xml` (A4 com as margens da ABNT, Times
//! 12, cabeçalho da Assembleia e rodapé com o processo, o código de verificação e "Página N de
//! M"), `content.xml` (os blocos) e o mapa em SVG em `Pictures/`. A data dos arquivos no zip é
//! fixa: o mesmo documento dá os mesmos bytes.
//!
//! O ODT é a versão editável; a autêntica é o PDF, que `divisa documento verificar` confere. O
//! rodapé diz isso.

use std::fmt::Write as _;
use std::io::{Cursor, Write as _};

use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

use crate::{Bloco, Documento};

/// Largura útil da página em cm (A4, margens de 3 cm à esquerda e 2 cm à direita).
const LARGURA_UTIL_CM: f64 = 16.0;

const NS: &str = r#"xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3""#;

/// Texto para XML: escapado, sem os caracteres de controle que o XML 1.0 não admite, com as
/// quebras de linha como `<text:line-break/>`.
fn xml(t: &str) -> String {
    divisa_referencia::formato::escapar(t)
        .replace('\r', "")
        .replace('\n', "<text:line-break/>")
        .replace('\t', "<text:tab/>")
}

fn paragrafo(s: &mut String, estilo: &str, texto: &str) {
    let _ = write!(
        s,
        r#"<text:p text:style-name="{estilo}">{}</text:p>"#,
        xml(texto)
    );
}

/// O documento em ODT.
pub fn odt(doc: &Documento) -> Vec<u8> {
    let mut imagens: Vec<(String, String)> = Vec::new();
    let conteudo = conteudo(doc, &mut imagens);
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let guardado = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    let comprimido = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    let mut arquivos: Vec<(String, String, SimpleFileOptions)> = vec![
        (
            "mimetype".into(),
            "application/vnd.oasis.opendocument.text".into(),
            guardado,
        ),
        (
            "META-INF/manifest.xml".into(),
            manifesto(&imagens),
            comprimido,
        ),
        ("meta.xml".into(), meta(doc), comprimido),
        ("styles.xml".into(), estilos(doc), comprimido),
        ("content.xml".into(), conteudo, comprimido),
    ];
    for (nome, svg) in imagens {
        arquivos.push((nome, svg, comprimido));
    }
    for (nome, texto, opcoes) in arquivos {
        // Escrever num Vec em memória não falha; se falhasse, o zip sairia incompleto e o
        // leitor diria — não há entrada do usuário aqui.
        if zip.start_file(nome, opcoes).is_err() || zip.write_all(texto.as_bytes()).is_err() {
            break;
        }
    }
    zip.finish().map(Cursor::into_inner).unwrap_or_default()
}

fn manifesto(imagens: &[(String, String)]) -> String {
    let mut s = String::from(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>"#,
    );
    for (nome, _) in imagens {
        let _ = write!(
            s,
            r#"<manifest:file-entry manifest:full-path="{nome}" manifest:media-type="image/svg+xml"/>"#
        );
    }
    s.push_str("</manifest:manifest>");
    s
}

fn meta(doc: &Documento) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-meta {NS}><office:meta><meta:generator>divisa</meta:generator><dc:title>{}</dc:title><dc:language>pt-BR</dc:language><meta:creation-date>{}T00:00:00</meta:creation-date><meta:user-defined meta:name="Código de verificação">{}</meta:user-defined></office:meta></office:document-meta>"#,
        xml(&doc.titulo),
        xml(&doc.data),
        doc.codigo()
    )
}

/// Os estilos com nome e a página: A4, margens da ABNT (3 cm em cima e à esquerda, 2 cm embaixo
/// e à direita), o cabeçalho da Assembleia e o rodapé do processo.
fn estilos(doc: &Documento) -> String {
    let processo = doc
        .protocolo
        .as_ref()
        .map_or("Sem processo protocolado".to_string(), |p| {
            format!("Processo nº {p}")
        });
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles {NS}><office:font-face-decls><style:font-face style:name="Times New Roman" svg:font-family="'Times New Roman'" style:font-family-generic="roman" style:font-pitch="variable"/></office:font-face-decls><office:styles><style:default-style style:family="paragraph"><style:paragraph-properties fo:hyphenation-ladder-count="no-limit"/><style:text-properties style:font-name="Times New Roman" fo:font-size="12pt" fo:language="pt" fo:country="BR" fo:hyphenate="true"/></style:default-style><style:style style:name="Corpo" style:family="paragraph"><style:paragraph-properties fo:text-align="justify" fo:margin-top="0cm" fo:margin-bottom="0.21cm" fo:line-height="130%"/></style:style><style:style style:name="Recuado" style:family="paragraph" style:parent-style-name="Corpo"><style:paragraph-properties fo:margin-left="2.5cm"/></style:style><style:style style:name="Ementa" style:family="paragraph" style:parent-style-name="Corpo"><style:paragraph-properties fo:margin-left="8cm" fo:margin-top="0.42cm" fo:margin-bottom="0.63cm"/></style:style><style:style style:name="Centro" style:family="paragraph" style:parent-style-name="Corpo"><style:paragraph-properties fo:text-align="center"/></style:style><style:style style:name="Titulo" style:family="paragraph" style:parent-style-name="Centro"><style:paragraph-properties fo:margin-bottom="0.42cm"/><style:text-properties fo:font-size="13pt" fo:font-weight="bold"/></style:style><style:style style:name="Secao" style:family="paragraph" style:parent-style-name="Corpo"><style:paragraph-properties fo:margin-top="0.42cm" fo:keep-with-next="always" fo:text-align="start"/><style:text-properties fo:font-weight="bold"/></style:style><style:style style:name="Tabela_Cabecalho" style:family="paragraph"><style:text-properties fo:font-size="10pt" fo:font-weight="bold"/></style:style><style:style style:name="Tabela_Conteudo" style:family="paragraph"><style:text-properties fo:font-size="10pt"/></style:style><style:style style:name="Legenda" style:family="paragraph" style:parent-style-name="Corpo"><style:text-properties fo:font-size="9pt"/></style:style><style:style style:name="Cabecalho" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="11pt"/></style:style><style:style style:name="Rodape" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="8pt"/></style:style><style:style style:name="Negrito" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style></office:styles><office:automatic-styles><style:page-layout style:name="A4"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="2cm" fo:margin-bottom="1.5cm" fo:margin-left="3cm" fo:margin-right="2cm"/><style:header-style><style:header-footer-properties fo:min-height="0cm" fo:margin-bottom="0.5cm"/></style:header-style><style:footer-style><style:header-footer-properties fo:min-height="0cm" fo:margin-top="0.5cm"/></style:footer-style></style:page-layout></office:automatic-styles><office:master-styles><style:master-page style:name="Standard" style:page-layout-name="A4"><style:header><text:p text:style-name="Cabecalho"><text:span text:style-name="Negrito">ESTADO DE MATO GROSSO</text:span><text:line-break/><text:span text:style-name="Negrito">ASSEMBLEIA LEGISLATIVA</text:span><text:line-break/>Comissão de Revisão Territorial — LC nº 23/1992</text:p></style:header><style:footer><text:p text:style-name="Rodape">{} · Código de verificação: {} · Página <text:page-number text:select-page="current">1</text:page-number> de <text:page-count>1</text:page-count><text:line-break/>Versão editável. A versão autêntica é o PDF com este código, conferido pela Comissão de Revisão Territorial.</text:p></style:footer></style:master-page></office:master-styles></office:document-styles>"#,
        xml(&processo),
        doc.codigo()
    )
}

fn conteudo(doc: &Documento, imagens: &mut Vec<(String, String)>) -> String {
    let mut automaticos = String::from(
        r#"<style:style style:name="Quebra" style:family="paragraph" style:parent-style-name="Corpo"><style:paragraph-properties fo:break-before="page"/></style:style><style:style style:name="Celula" style:family="table-cell"><style:table-cell-properties fo:padding="0.05cm" fo:border-top="none" fo:border-left="none" fo:border-right="none" fo:border-bottom="0.5pt solid #999999"/></style:style><style:style style:name="Quadro" style:family="graphic"><style:graphic-properties style:wrap="none" style:vertical-pos="top" style:vertical-rel="baseline" style:horizontal-pos="center" style:horizontal-rel="paragraph"/></style:style>"#,
    );
    let mut corpo = String::new();
    paragrafo(&mut corpo, "Titulo", &doc.titulo);
    let mut quebra = false;
    let mut tabelas = 0;
    for bloco in &doc.blocos {
        // O ODF quebra a página "antes de" um parágrafo: um parágrafo vazio com a quebra abre
        // a página nova, e o bloco segue nela.
        if std::mem::take(&mut quebra) {
            corpo.push_str(r#"<text:p text:style-name="Quebra"/>"#);
        }
        match bloco {
            Bloco::QuebraDePagina => quebra = true,
            Bloco::Secao { texto } => paragrafo(&mut corpo, "Secao", texto),
            Bloco::Paragrafo { texto } => paragrafo(&mut corpo, "Corpo", texto),
            Bloco::Recuado { texto } => paragrafo(&mut corpo, "Recuado", texto),
            Bloco::Ementa { texto } => paragrafo(&mut corpo, "Ementa", texto),
            Bloco::Centro {
                texto,
                negrito: true,
            } => {
                let _ = write!(
                    corpo,
                    r#"<text:p text:style-name="Centro"><text:span text:style-name="Negrito">{}</text:span></text:p>"#,
                    xml(texto)
                );
            }
            Bloco::Centro { texto, .. } => paragrafo(&mut corpo, "Centro", texto),
            Bloco::Tabela {
                colunas,
                larguras,
                linhas,
            } => {
                tabelas += 1;
                tabela(
                    &mut corpo,
                    &mut automaticos,
                    tabelas,
                    colunas,
                    larguras,
                    linhas,
                );
            }
            Bloco::Mapa { camadas, legenda } => {
                if let Some(mapa) = crate::mapa::svg(camadas, legenda) {
                    let numero = imagens.len() + 1;
                    let nome = format!("Pictures/mapa-{numero}.svg");
                    // Na largura útil e na proporção do mapa, até 20 cm de altura (a página
                    // útil tem uns 23 cm entre o cabeçalho e o rodapé).
                    let (mut w, mut h) = (
                        LARGURA_UTIL_CM,
                        LARGURA_UTIL_CM * mapa.altura / mapa.largura,
                    );
                    if h > 20.0 {
                        w *= 20.0 / h;
                        h = 20.0;
                    }
                    // O título e a descrição do quadro são o texto alternativo que o
                    // LibreOffice e o Word leem para quem usa leitor de tela.
                    let _ = write!(
                        corpo,
                        r#"<text:p text:style-name="Centro"><draw:frame draw:style-name="Quadro" draw:name="Mapa {numero}" text:anchor-type="as-char" svg:width="{w:.2}cm" svg:height="{h:.2}cm"><draw:image xlink:href="{nome}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad" draw:mime-type="image/svg+xml"/><svg:title>{}</svg:title><svg:desc>{}</svg:desc></draw:frame></text:p>"#,
                        xml(&mapa.titulo),
                        xml(&mapa.descricao)
                    );
                    imagens.push((
                        nome,
                        format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}", mapa.svg),
                    ));
                    // A fonte já está no pé do desenho; embaixo, o título, editável.
                    paragrafo(&mut corpo, "Legenda", &format!("{}.", mapa.titulo));
                } else {
                    paragrafo(&mut corpo, "Legenda", legenda);
                }
            }
        }
    }
    if !doc.referencias.is_empty() && doc.tipo.referencias_no_texto() {
        paragrafo(&mut corpo, "Secao", "Referências (URN LexML)");
        for (citacao, urn) in &doc.referencias {
            paragrafo(&mut corpo, "Legenda", &format!("{citacao}: {urn}"));
        }
    }
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content {NS}><office:automatic-styles>{automaticos}</office:automatic-styles><office:body><office:text>{corpo}</office:text></office:body></office:document-content>"#
    )
}

/// Uma tabela: colunas nas larguras relativas do documento, cabeçalho repetido a cada página.
fn tabela(
    corpo: &mut String,
    automaticos: &mut String,
    numero: usize,
    colunas: &[String],
    larguras: &[f32],
    linhas: &[Vec<String>],
) {
    let nome = format!("Tabela{numero}");
    let total: f32 = larguras.iter().sum::<f32>().max(f32::EPSILON);
    let _ = write!(
        automaticos,
        r#"<style:style style:name="{nome}" style:family="table"><style:table-properties style:width="{LARGURA_UTIL_CM}cm" table:align="left"/></style:style>"#
    );
    let _ = write!(
        corpo,
        r#"<table:table table:name="{nome}" table:style-name="{nome}">"#
    );
    for (k, _) in colunas.iter().enumerate() {
        let fracao = larguras
            .get(k)
            .map_or(1.0 / colunas.len().max(1) as f64, |l| f64::from(*l / total));
        let _ = write!(
            automaticos,
            r#"<style:style style:name="{nome}.C{k}" style:family="table-column"><style:table-column-properties style:column-width="{:.3}cm"/></style:style>"#,
            fracao * LARGURA_UTIL_CM
        );
        let _ = write!(
            corpo,
            r#"<table:table-column table:style-name="{nome}.C{k}"/>"#
        );
    }
    let linha = |corpo: &mut String, celulas: &[String], estilo: &str| {
        corpo.push_str("<table:table-row>");
        for k in 0..colunas.len() {
            let texto = celulas.get(k).map_or("", String::as_str);
            let _ = write!(
                corpo,
                r#"<table:table-cell table:style-name="Celula" office:value-type="string"><text:p text:style-name="{estilo}">{}</text:p></table:table-cell>"#,
                xml(texto)
            );
        }
        corpo.push_str("</table:table-row>");
    };
    corpo.push_str("<table:table-header-rows>");
    linha(corpo, colunas, "Tabela_Cabecalho");
    corpo.push_str("</table:table-header-rows>");
    for l in linhas {
        linha(corpo, l, "Tabela_Conteudo");
    }
    corpo.push_str("</table:table>");
}
