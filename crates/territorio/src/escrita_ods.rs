//! A tabela de vértices do memorial na planilha ODS (OpenDocument, ISO/IEC 26300) que o SIGEF
//! recebe, célula por célula como no modelo do INCRA, `sigef_planilha_modelo_1.4_rc5.ods`
//! (<https://sigef.incra.gov.br/static/sigef_planilha_modelo_1.4_rc5.ods>; o leiaute é o mesmo
//! desde o modelo 1.2). As posições foram lidas do `content.xml` do próprio modelo e conferem
//! com as que os geradores do QGIS escrevem (GeoINCRA, `createTemplate2.py`; GeoRondonia,
//! "Gerador de ODS"):
//!
//! - aba `identificacao`: rótulos na coluna A e valores na B — B2 natureza do serviço, B5 tipo
//!   de pessoa, B6 nome, B7 CPF, B10 denominação, B11 situação, B12 natureza da área, B13 código
//!   do imóvel (SNCR), B14 CNS, A15 "Matrícula:" e B15 o número, A16 "Município(s):" e A17/B17 o
//!   município no formato da lista do modelo (`Vera-MT`);
//! - uma aba `perimetro_N` por anel (o modelo traz `perimetro_1`; o agrimensor copia a aba para
//!   cada anel): A1 "Tabela de Perímetro" (A1:M1), B3 denominação (`Parte 1`), B4 número da
//!   parcela (`001`), B5 lado (`Externo` ou `Interno` — o buraco leva o número da parcela que o
//!   cerca), B9 tipo de coordenada (`Geográfica`; D9 meridiano central e F9 hemisfério só em
//!   UTM), J10 "Confrontante" (J10:L10), os títulos na linha 11 e um vértice por linha a partir
//!   da 12, sem repetir o primeiro no fim:
//!
//! | coluna | título no modelo | conteúdo |
//! |---|---|---|
//! | A | Vértice | o código do memorial lido (`ABCD-M-0001`) ou o gerado (`V-001`) |
//! | B | E/Long | `55 30 01,080 W`: graus, minutos e segundos com três casas, vírgula e a letra do hemisfério, como texto |
//! | C | Sigma long | em branco: a precisão do levantamento é do agrimensor |
//! | D | N/Lat | `12 11 28,320 S` |
//! | E | Sigma lat | em branco |
//! | F | h | a altitude do memorial lido, com duas casas e vírgula (`352,18`); em branco se ele não diz |
//! | G | Sigma h | em branco |
//! | H | Método Posicionamento | em branco (PG1…PG9, PT1…PT8, PA1…PA3, PB1, PB2, PS1…PS4, do agrimensor) |
//! | I | Tipo Limite | em branco (LA1…LA7, LN1…LN6, do agrimensor) |
//! | J | CNS | em branco |
//! | K | Matrícula | em branco |
//! | L | Descritivo | o confrontante do lado que sai do vértice (o município vizinho, pela Malha Municipal) |
//!
//! O modelo guarda as colunas B a G como texto (formato "@"), e assim vão. O que o divisa não
//! sabe (natureza do serviço, detentor, situação, sigmas, método, tipo de limite, CNS e matrícula
//! dos confrontantes) fica em branco para o responsável técnico completar; as listas e as
//! máscaras do modelo são macros da extensão do SIGEF para o LibreOffice, que esta planilha não
//! traz — abra-a ao lado do modelo oficial e cole as abas, ou complete-a com a extensão.
//!
//! O arquivo é um zip: `mimetype` primeiro e sem compressão, `META-INF/manifest.xml` e
//! `content.xml`. A data dos arquivos no zip é fixa: o mesmo memorial dá os mesmos bytes.

use std::fmt::Write as _;
use std::io::{Cursor, Write as _};

use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

use crate::escrita::xml;
use crate::memorial::Memorial;

/// Os títulos das colunas da aba de perímetro (linha 11 do modelo), de A a L.
pub const COLUNAS: [&str; 12] = [
    "Vértice",
    "E/Long",
    "Sigma long",
    "N/Lat",
    "Sigma lat",
    "h",
    "Sigma h",
    "Método Posicionamento",
    "Tipo Limite",
    "CNS",
    "Matrícula",
    "Descritivo",
];

/// A linha do primeiro vértice na aba de perímetro.
pub const PRIMEIRA_LINHA_DE_VERTICE: usize = 12;

/// Qual coordenada: decide a letra do hemisfério.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eixo {
    /// Longitude: W a oeste de Greenwich, E a leste.
    Longitude,
    /// Latitude: S ao sul do equador, N ao norte.
    Latitude,
}

/// Graus como a planilha do SIGEF os quer: graus, minutos e segundos separados por um espaço,
/// com dois dígitos, os segundos com três casas e vírgula, e a letra do hemisfério no lugar do
/// sinal: `55 30 01,080 W`.
pub fn gms_sigef(graus: f64, eixo: Eixo) -> String {
    let milesimos = (graus.abs() * 3_600_000.0).round() as u64;
    let (g, resto) = (milesimos / 3_600_000, milesimos % 3_600_000);
    let (m, s) = (resto / 60_000, resto % 60_000);
    let negativo = graus < 0.0 && milesimos > 0;
    let letra = match (eixo, negativo) {
        (Eixo::Longitude, true) => 'W',
        (Eixo::Longitude, false) => 'E',
        (Eixo::Latitude, true) => 'S',
        (Eixo::Latitude, false) => 'N',
    };
    format!("{g:02} {m:02} {:02},{:03} {letra}", s / 1000, s % 1000)
}

/// A planilha ODS do SIGEF com os vértices do memorial: a aba de identificação com a
/// denominação e o município (`municipio`, no formato da lista do modelo, `Vera-MT`) e uma aba
/// de perímetro por anel.
pub fn planilha_sigef(memorial: &Memorial, titulo: &str, municipio: Option<&str>) -> Vec<u8> {
    let mut abas = String::new();
    identificacao(&mut abas, titulo, municipio);
    for (i, anel) in memorial.aneis.iter().enumerate() {
        let _ = write!(
            abas,
            r#"<table:table table:name="perimetro_{}">{COLUNAS_DO_PERIMETRO}"#,
            i + 1
        );
        use Celula::{Mesclada, Texto, Vazia};
        let parte = format!("Parte {}", anel.parte);
        let numero = format!("{:03}", anel.parte);
        let linhas: [&[Celula<'_>]; 10] = [
            &[Mesclada("Tabela de Perímetro", 13)],
            &[],
            &[Texto("Denominação:"), Texto(&parte)],
            &[Texto("Parcela número:"), Texto(&numero)],
            &[
                Texto("Lado:"),
                Texto(if anel.interior { "Interno" } else { "Externo" }),
            ],
            &[],
            &[Texto("Sistema de referência SIRGAS2000")],
            &[],
            &[
                Texto("Tipo de Coordenada:"),
                Texto("Geográfica"),
                Texto("Meridiano Central (°):"),
                Vazia,
                Texto("Hemisfério:"),
            ],
            &[
                Vazia,
                Vazia,
                Vazia,
                Vazia,
                Vazia,
                Vazia,
                Vazia,
                Vazia,
                Vazia,
                Mesclada("Confrontante", 3),
            ],
        ];
        for celulas in linhas {
            linha(&mut abas, celulas);
        }
        let titulos: Vec<Celula<'_>> = COLUNAS.iter().map(|c| Texto(c)).collect();
        linha(&mut abas, &titulos);
        for (j, v) in anel.vertices.iter().enumerate() {
            let longitude = gms_sigef(v.lon, Eixo::Longitude);
            let latitude = gms_sigef(v.lat, Eixo::Latitude);
            let altitude = v
                .altitude_m
                .map(|h| divisa_referencia::formato::decimal(h, 2))
                .unwrap_or_default();
            let confrontante = anel
                .lados
                .get(j)
                .and_then(|l| l.confrontante.as_deref())
                .unwrap_or("");
            linha(
                &mut abas,
                &[
                    Texto(&v.codigo),
                    Texto(&longitude),
                    Vazia,
                    Texto(&latitude),
                    Vazia,
                    Texto(&altitude),
                    Vazia,
                    Vazia,
                    Vazia,
                    Vazia,
                    Vazia,
                    Texto(confrontante),
                ],
            );
        }
        abas.push_str("</table:table>");
    }
    let conteudo = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"><office:automatic-styles>{ESTILOS}</office:automatic-styles><office:body><office:spreadsheet>{abas}</office:spreadsheet></office:body></office:document-content>"#
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

/// As larguras das colunas, para a planilha abrir legível (o modelo do INCRA tem as suas).
const ESTILOS: &str = r#"<style:style style:name="co_rotulo" style:family="table-column"><style:table-column-properties style:column-width="5.2cm"/></style:style><style:style style:name="co_coord" style:family="table-column"><style:table-column-properties style:column-width="3.6cm"/></style:style><style:style style:name="co_estreita" style:family="table-column"><style:table-column-properties style:column-width="2.2cm"/></style:style><style:style style:name="co_larga" style:family="table-column"><style:table-column-properties style:column-width="7cm"/></style:style>"#;

/// As colunas da aba de identificação: rótulos e valores.
const COLUNAS_DA_IDENTIFICACAO: &str = r#"<table:table-column table:style-name="co_rotulo"/><table:table-column table:style-name="co_larga"/>"#;

/// As colunas da aba de perímetro, de A a M.
const COLUNAS_DO_PERIMETRO: &str = r#"<table:table-column table:style-name="co_rotulo"/><table:table-column table:style-name="co_coord"/><table:table-column table:style-name="co_estreita"/><table:table-column table:style-name="co_coord"/><table:table-column table:style-name="co_estreita" table:number-columns-repeated="6"/><table:table-column table:style-name="co_estreita"/><table:table-column table:style-name="co_larga"/><table:table-column table:style-name="co_estreita"/>"#;

/// A aba `identificacao`, nas linhas do modelo: a denominação em B10 e o município em A17/B17
/// (como o GeoINCRA os escreve); o resto, os rótulos do modelo com o valor em branco.
fn identificacao(abas: &mut String, titulo: &str, municipio: Option<&str>) {
    use Celula::{Mesclada, Texto};
    let municipio = municipio.unwrap_or("");
    let _ = write!(
        abas,
        r#"<table:table table:name="identificacao">{COLUNAS_DA_IDENTIFICACAO}"#
    );
    let linhas: [&[Celula<'_>]; 17] = [
        &[Mesclada(
            "Identificação do Serviço de Georreferenciamento",
            2,
        )],
        &[Texto("Natureza do serviço:")],
        &[],
        &[Mesclada("Identificação do Detentor", 2)],
        &[Texto("Tipo pessoa:")],
        &[Texto("Nome:")],
        &[Texto("CPF:")],
        &[],
        &[Mesclada("Identificação da Área", 2)],
        &[Texto("Denominação:"), Texto(titulo)],
        &[Texto("Situação:")],
        &[Texto("Natureza da área:")],
        &[Texto("Código do Imóvel(SNCR/INCRA):")],
        &[Texto("Código do cartório (CNS):")],
        &[Texto("Matrícula:")],
        &[Texto("Município(s):")],
        &[Texto(municipio), Texto(municipio)],
    ];
    for celulas in linhas {
        linha(abas, celulas);
    }
    abas.push_str("</table:table>");
}

/// Uma célula da planilha.
enum Celula<'a> {
    /// Texto (as coordenadas também: o modelo guarda as colunas B a G como texto).
    Texto(&'a str),
    /// Texto numa célula mesclada com as seguintes, quantas colunas ao todo.
    Mesclada(&'a str, usize),
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
            Celula::Mesclada(t, colunas) => {
                let _ = write!(
                    saida,
                    r#"<table:table-cell table:number-columns-spanned="{colunas}" office:value-type="string"><text:p>{}</text:p></table:table-cell>"#,
                    xml(t)
                );
                for _ in 1..*colunas {
                    saida.push_str("<table:covered-table-cell/>");
                }
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
    use std::collections::HashMap;

    use super::*;

    #[test]
    fn gms_do_sigef_com_tres_casas_e_o_hemisferio() {
        assert_eq!(gms_sigef(-55.5003, Eixo::Longitude), "55 30 01,080 W");
        assert_eq!(gms_sigef(-12.1912, Eixo::Latitude), "12 11 28,320 S");
        assert_eq!(
            gms_sigef(-12.999_999_999_9, Eixo::Latitude),
            "13 00 00,000 S"
        );
        assert_eq!(gms_sigef(-8.0501, Eixo::Longitude), "08 03 00,360 W");
        // Roraima e o Amapá ficam ao norte do equador.
        assert_eq!(gms_sigef(2.5, Eixo::Latitude), "02 30 00,000 N");
        assert_eq!(gms_sigef(0.0, Eixo::Latitude), "00 00 00,000 N");
    }

    /// As células de cada aba, pelo endereço (`("perimetro_1", "B12")` → texto), lidas do
    /// `content.xml` como o LibreOffice as lê: células repetidas e cobertas (das mescladas)
    /// contam colunas.
    fn celulas(conteudo: &str) -> HashMap<(String, String), String> {
        use quick_xml::events::Event;
        let mut leitor = quick_xml::Reader::from_str(conteudo);
        let mut mapa = HashMap::new();
        let (mut aba, mut linha, mut coluna) = (String::new(), 0usize, 0usize);
        let mut texto: Option<String> = None;
        let mut repetida = 1;
        let endereco = |l: usize, c: usize| format!("{}{l}", (b'A' + c as u8) as char);
        loop {
            match leitor.read_event().unwrap() {
                Event::Eof => break,
                Event::Start(e) | Event::Empty(e) if e.name().into_inner() == "table:table" => {
                    aba = e
                        .try_get_attribute("table:name")
                        .unwrap()
                        .unwrap()
                        .value
                        .into_owned();
                    linha = 0;
                }
                Event::Start(e) if e.name().into_inner() == "table:table-row" => {
                    linha += 1;
                    coluna = 0;
                }
                Event::Start(e) if e.name().into_inner() == "table:table-cell" => {
                    repetida = e
                        .try_get_attribute("table:number-columns-repeated")
                        .unwrap()
                        .map_or(1, |a| a.value.parse().unwrap());
                    texto = Some(String::new());
                }
                Event::Empty(e)
                    if e.name().into_inner() == "table:table-cell"
                        || e.name().into_inner() == "table:covered-table-cell" =>
                {
                    coluna += 1;
                }
                Event::Text(t) => {
                    if let Some(s) = texto.as_mut() {
                        s.push_str(&t);
                    }
                }
                Event::GeneralRef(r) => {
                    if let Some(s) = texto.as_mut() {
                        s.push(match &*r {
                            "amp" => '&',
                            "lt" => '<',
                            "gt" => '>',
                            "quot" => '"',
                            "apos" => '\'',
                            outra => panic!("referência «&{outra};» inesperada"),
                        });
                    }
                }
                Event::End(e) if e.name().into_inner() == "table:table-cell" => {
                    let s = texto.take().unwrap_or_default();
                    for _ in 0..repetida {
                        mapa.insert((aba.clone(), endereco(linha, coluna)), s.clone());
                        coluna += 1;
                    }
                }
                _ => {}
            }
        }
        mapa
    }

    /// A planilha aberta de volta: o zip com o `mimetype` primeiro e sem compressão, e cada
    /// dado na célula em que o modelo 1.4 rc5 do INCRA o guarda.
    #[test]
    fn planilha_com_as_celulas_do_modelo_do_sigef() {
        use std::io::Read;
        let texto = include_str!("../tests/memoriais/sigef_texto.txt");
        let lido = crate::leitura::ler("sigef_texto.txt", texto.as_bytes()).unwrap();
        let memorial = crate::memorial::memorial(&lido.poligonos)
            .com_vertices_nomeados(&lido.vertices_nomeados);
        let bytes = planilha_sigef(&memorial, "Fazenda Boa Esperança & Arinos", Some("Vera-MT"));
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
        let grade = celulas(&conteudo);
        let em = |aba: &str, endereco: &str| {
            grade
                .get(&(aba.to_owned(), endereco.to_owned()))
                .map_or("", String::as_str)
        };
        for (aba, endereco, esperado) in [
            (
                "identificacao",
                "A1",
                "Identificação do Serviço de Georreferenciamento",
            ),
            ("identificacao", "A2", "Natureza do serviço:"),
            ("identificacao", "A10", "Denominação:"),
            ("identificacao", "B10", "Fazenda Boa Esperança & Arinos"),
            ("identificacao", "A13", "Código do Imóvel(SNCR/INCRA):"),
            ("identificacao", "A16", "Município(s):"),
            ("identificacao", "A17", "Vera-MT"),
            ("identificacao", "B17", "Vera-MT"),
            ("perimetro_1", "A1", "Tabela de Perímetro"),
            ("perimetro_1", "B3", "Parte 1"),
            ("perimetro_1", "B4", "001"),
            ("perimetro_1", "B5", "Externo"),
            ("perimetro_1", "A7", "Sistema de referência SIRGAS2000"),
            ("perimetro_1", "B9", "Geográfica"),
            ("perimetro_1", "C9", "Meridiano Central (°):"),
            ("perimetro_1", "E9", "Hemisfério:"),
            ("perimetro_1", "J10", "Confrontante"),
            ("perimetro_1", "A11", "Vértice"),
            ("perimetro_1", "B11", "E/Long"),
            ("perimetro_1", "F11", "h"),
            ("perimetro_1", "H11", "Método Posicionamento"),
            ("perimetro_1", "L11", "Descritivo"),
            ("perimetro_1", "A12", "ABCD-M-0001"),
            ("perimetro_1", "B12", "55 30 01,080 W"),
            ("perimetro_1", "C12", ""),
            ("perimetro_1", "D12", "12 11 28,320 S"),
            ("perimetro_1", "F12", "352,18"),
            ("perimetro_1", "A16", "ABCD-V-0005"),
            ("perimetro_1", "A17", "ABCD-M-0006"),
            // O anel não se fecha: o primeiro vértice não se repete no fim.
            ("perimetro_1", "A18", ""),
        ] {
            assert_eq!(em(aba, endereco), esperado, "{aba}.{endereco}");
        }
        for (i, coluna) in COLUNAS.iter().enumerate() {
            let endereco = format!("{}11", (b'A' + i as u8) as char);
            assert_eq!(em("perimetro_1", &endereco), *coluna, "{endereco}");
        }
        assert!(!grade.keys().any(|(aba, _)| aba == "perimetro_2"));
        assert_eq!(PRIMEIRA_LINHA_DE_VERTICE, 12);
    }
}
