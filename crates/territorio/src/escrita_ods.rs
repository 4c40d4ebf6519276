//! A tabela de vértices do memorial em planilha ODS (OpenDocument, ISO/IEC 26300), no leiaute da
//! aba de perímetro da planilha que o SIGEF recebe (INCRA, Manual do SIGEF, "Preenchimento da
//! aba de perímetro"; Norma Técnica para Georreferenciamento de Imóveis Rurais, 3ª ed., 2013).
//!
//! Uma aba por anel, `parcela_1`, `parcela_2`… (no SIGEF, cada parcela e cada área encravada tem
//! a sua aba), com o cabeçalho da parcela (denominação, número, lado externo ou interno, tipo de
//! coordenada) e uma linha por vértice, nas colunas do manual:
//!
//! | coluna | conteúdo | de onde vem |
//! |---|---|---|
//! | A | código do vértice | o memorial lido (`ABCD-M-0001`) ou o gerado (`V-001`) |
//! | B | longitude | `-55 30 01,080` (graus, minutos e segundos com três casas, como o SIGEF pede) |
//! | C | sigma longitude (m) | em branco: precisão do levantamento, do agrimensor |
//! | D | latitude | `-12 11 28,320` |
//! | E | sigma latitude (m) | em branco |
//! | F | altitude (m) | a do memorial lido, com duas casas; em branco se ele não diz |
//! | G | sigma altitude (m) | em branco |
//! | H | método de posicionamento | em branco (PG1…PG9, PT1…, PA1…, PS1…, do agrimensor) |
//! | I | tipo de limite | em branco (LA1…LA7, LN1…LN6, do agrimensor) |
//! | J | CNS | em branco |
//! | K | matrícula | em branco |
//! | L | descrição do confrontante | o confrontante do lado que sai do vértice (o município vizinho, pela Malha Municipal) |
//!
//! O que o divisa não sabe (sigmas, método, tipo de limite, CNS e matrícula do confrontante)
//! fica em branco para o responsável técnico completar; a planilha oficial do SIGEF, com a sua
//! extensão de validação do LibreOffice, é a que se submete — esta é para copiar os vértices
//! para ela sem redigitar. A posição exata das células da planilha oficial não foi conferida
//! contra o modelo do INCRA (o modelo não estava à mão); a ordem das colunas é a do manual.
//!
//! O arquivo é um zip: `mimetype` primeiro e sem compressão, `META-INF/manifest.xml` e
//! `content.xml`. A data dos arquivos no zip é fixa: o mesmo memorial dá os mesmos bytes.

use std::fmt::Write as _;
use std::io::{Cursor, Write as _};

use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

use crate::escrita::xml;
use crate::memorial::Memorial;

/// Os títulos das colunas da aba de perímetro, na ordem do Manual do SIGEF.
pub const COLUNAS: [&str; 12] = [
    "Código do vértice",
    "Longitude",
    "Sigma longitude (m)",
    "Latitude",
    "Sigma latitude (m)",
    "Altitude (m)",
    "Sigma altitude (m)",
    "Método de posicionamento",
    "Tipo de limite",
    "CNS",
    "Matrícula",
    "Descrição do confrontante",
];

/// Graus em "graus minutos segundos" com três casas nos segundos e o sinal nos graus, como a
/// planilha do SIGEF pede: `-55 30 01,080`.
pub fn gms_sigef(graus: f64) -> String {
    let milesimos = (graus.abs() * 3_600_000.0).round() as u64;
    let (g, resto) = (milesimos / 3_600_000, milesimos % 3_600_000);
    let (m, s) = (resto / 60_000, resto % 60_000);
    format!(
        "{}{g} {m:02} {:02},{:03}",
        if graus < 0.0 && milesimos > 0 {
            "-"
        } else {
            ""
        },
        s / 1000,
        s % 1000
    )
}

/// A planilha ODS com os vértices do memorial, uma aba por anel.
pub fn planilha_sigef(memorial: &Memorial, titulo: &str) -> Vec<u8> {
    let mut abas = String::new();
    for (i, anel) in memorial.aneis.iter().enumerate() {
        let _ = write!(
            abas,
            r#"<table:table table:name="parcela_{}"><table:table-column table:number-columns-repeated="12"/>"#,
            i + 1
        );
        for (rotulo, valor) in [
            ("Denominação", titulo.to_owned()),
            ("Parcela", anel.parte.to_string()),
            (
                "Lado",
                if anel.interior { "Interno" } else { "Externo" }.to_owned(),
            ),
            ("Tipo de coordenada", "Geográfica".to_owned()),
            ("Sistema geodésico", "SIRGAS 2000".to_owned()),
        ] {
            linha(&mut abas, &[Celula::Texto(rotulo), Celula::Texto(&valor)]);
        }
        linha(&mut abas, &[]);
        let titulos: Vec<Celula<'_>> = COLUNAS.iter().map(|c| Celula::Texto(c)).collect();
        linha(&mut abas, &titulos);
        for (j, v) in anel.vertices.iter().enumerate() {
            let longitude = gms_sigef(v.lon);
            let latitude = gms_sigef(v.lat);
            let confrontante = anel
                .lados
                .get(j)
                .and_then(|l| l.confrontante.as_deref())
                .unwrap_or("");
            linha(
                &mut abas,
                &[
                    Celula::Texto(&v.codigo),
                    Celula::Texto(&longitude),
                    Celula::Vazia,
                    Celula::Texto(&latitude),
                    Celula::Vazia,
                    v.altitude_m.map_or(Celula::Vazia, Celula::Numero),
                    Celula::Vazia,
                    Celula::Vazia,
                    Celula::Vazia,
                    Celula::Vazia,
                    Celula::Vazia,
                    Celula::Texto(confrontante),
                ],
            );
        }
        abas.push_str("</table:table>");
    }
    let conteudo = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"><office:body><office:spreadsheet>{abas}</office:spreadsheet></office:body></office:document-content>"#
    );
    let manifesto = r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let guardado = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    let comprimido = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    for (nome, texto, opcoes) in [
        (
            "mimetype",
            "application/vnd.oasis.opendocument.spreadsheet",
            guardado,
        ),
        ("META-INF/manifest.xml", manifesto, comprimido),
        ("content.xml", conteudo.as_str(), comprimido),
    ] {
        // Escrever num Vec em memória não falha; se falhasse, o zip sairia incompleto e quem o
        // abre diria — não há entrada do usuário aqui.
        if zip.start_file(nome, opcoes).is_err() || zip.write_all(texto.as_bytes()).is_err() {
            break;
        }
    }
    zip.finish().map(Cursor::into_inner).unwrap_or_default()
}

/// Uma célula da planilha.
enum Celula<'a> {
    Texto(&'a str),
    /// Um número (m), mostrado com duas casas e vírgula.
    Numero(f64),
    Vazia,
}

fn linha(saida: &mut String, celulas: &[Celula<'_>]) {
    saida.push_str("<table:table-row>");
    for celula in celulas {
        match celula {
            Celula::Texto("") => saida.push_str("<table:table-cell/>"),
            Celula::Texto(t) => {
                let _ = write!(
                    saida,
                    r#"<table:table-cell office:value-type="string"><text:p>{}</text:p></table:table-cell>"#,
                    xml(t)
                );
            }
            Celula::Numero(n) => {
                let _ = write!(
                    saida,
                    r#"<table:table-cell office:value-type="float" office:value="{n}"><text:p>{}</text:p></table:table-cell>"#,
                    divisa_referencia::formato::decimal(*n, 2)
                );
            }
            Celula::Vazia => saida.push_str("<table:table-cell/>"),
        }
    }
    if celulas.is_empty() {
        saida.push_str("<table:table-cell/>");
    }
    saida.push_str("</table:table-row>");
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn gms_do_sigef_com_tres_casas() {
        assert_eq!(gms_sigef(-55.5003), "-55 30 01,080");
        assert_eq!(gms_sigef(-12.1912), "-12 11 28,320");
        assert_eq!(gms_sigef(-12.999_999_999_9), "-13 00 00,000");
        assert_eq!(gms_sigef(0.0), "0 00 00,000");
    }

    /// A planilha aberta de volta: o zip com o `mimetype` primeiro e sem compressão, e o
    /// `content.xml` com uma aba por anel, as colunas do SIGEF e os vértices com os códigos do
    /// memorial lido.
    #[test]
    fn planilha_relida_tem_os_vertices_nas_colunas_do_sigef() {
        use std::io::Read;
        let texto = include_str!("../tests/memoriais/sigef_texto.txt");
        let lido = crate::leitura::ler("sigef_texto.txt", texto.as_bytes()).unwrap();
        let memorial = crate::memorial::memorial(&lido.poligonos)
            .com_vertices_nomeados(&lido.vertices_nomeados);
        let bytes = planilha_sigef(&memorial, "Fazenda Boa Esperança & Arinos");
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        {
            let mut primeiro = zip.by_index(0).unwrap();
            assert_eq!(primeiro.name().unwrap(), "mimetype");
            assert_eq!(primeiro.compression(), CompressionMethod::Stored);
            let mut tipo = String::new();
            primeiro.read_to_string(&mut tipo).unwrap();
            assert_eq!(tipo, "application/vnd.oasis.opendocument.spreadsheet");
        }
        let mut conteudo = String::new();
        zip.by_name("content.xml")
            .unwrap()
            .read_to_string(&mut conteudo)
            .unwrap();
        assert!(zip.by_name("META-INF/manifest.xml").is_ok());
        // XML bem formado.
        let mut leitor = quick_xml::Reader::from_str(&conteudo);
        let mut linhas = 0;
        loop {
            match leitor.read_event().unwrap() {
                quick_xml::events::Event::Eof => break,
                quick_xml::events::Event::Start(e)
                    if e.name().into_inner() == "table:table-row" =>
                {
                    linhas += 1
                }
                _ => {}
            }
        }
        // 5 de cabeçalho, 1 em branco, os títulos e os 6 vértices.
        assert_eq!(linhas, 13);
        assert!(conteudo.contains(r#"<table:table table:name="parcela_1">"#));
        assert!(conteudo.contains("Fazenda Boa Esperança &amp; Arinos"));
        for coluna in COLUNAS {
            assert!(
                conteudo.contains(&format!("<text:p>{coluna}</text:p>")),
                "{coluna}"
            );
        }
        assert!(
            conteudo.contains(
                r#"<text:p>ABCD-M-0001</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>-55 30 01,080</text:p></table:table-cell><table:table-cell/><table:table-cell office:value-type="string"><text:p>-12 11 28,320</text:p></table:table-cell><table:table-cell/><table:table-cell office:value-type="float" office:value="352.18"><text:p>352,18</text:p>"#
            ),
            "{conteudo}"
        );
        assert!(conteudo.contains("<text:p>ABCD-V-0005</text:p>"));
    }
}
