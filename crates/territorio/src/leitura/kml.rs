//! Leitura de KML (Google Earth, QGIS): os `Polygon` de todos os `Placemark`, com
//! `outerBoundaryIs` como exterior e `innerBoundaryIs` como buracos, dentro ou fora de
//! `MultiGeometry`. As coordenadas KML são "lon,lat[,alt]" separadas por espaço, em WGS84 — que
//! para limites municipais coincide com o SIRGAS 2000 ao centímetro.
//!
//! O KMZ (KML compactado), mesmo com nome .kml, é aberto pelo despachante ([`crate::leitura`]),
//! que entrega aqui o .kml de dentro.

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use quick_xml::events::Event;
use quick_xml::Reader;

use super::territorio::{conferir, ErroLeitura, Territorio};

/// Lê os polígonos de um KML.
///
/// ```
/// use divisa_territorio::leitura::kml::ler_kml;
/// let kml = br#"<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>
///   -56,-15,0 -55.9,-15,0 -55.9,-14.9,0 -56,-15,0
/// </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>"#;
/// assert_eq!(ler_kml("a.kml", kml).unwrap().poligonos.0.len(), 1);
/// ```
pub fn ler_kml(arquivo: &str, bytes: &[u8]) -> Result<Territorio, ErroLeitura> {
    let linha_de = |posicao: u64| {
        bytes[..(posicao as usize).min(bytes.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    };
    let erro = |posicao: u64, mensagem: String| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde: format!("linha {}", linha_de(posicao)),
        mensagem,
    };
    let mut leitor = Reader::from_reader(bytes);
    let mut pilha: Vec<String> = Vec::new();
    let mut poligonos = Vec::new();
    let mut exterior: Option<LineString<f64>> = None;
    let mut buracos: Vec<LineString<f64>> = Vec::new();
    let mut texto = String::new();
    let mut buffer = Vec::new();
    for evento in 0usize.. {
        divisa_recursos::conferir_a_cada(evento, 1024);
        let posicao = leitor.buffer_position();
        match leitor.read_event_into(&mut buffer) {
            Err(e) => return Err(erro(posicao, format!("XML inválido: {}", erro_xml(&e)))),
            Ok(Event::Eof) => {
                // Um arquivo cortado no meio não é lido pelos polígonos de antes do corte.
                if let Some(aberto) = pilha.last() {
                    return Err(erro(
                        posicao,
                        format!("o arquivo termina com o elemento «{aberto}» aberto: está cortado (baixe ou exporte de novo)"),
                    ));
                }
                break;
            }
            Ok(Event::Start(inicio)) => {
                pilha.push(sem_prefixo(inicio.name().into_inner()).to_owned());
                texto.clear();
            }
            Ok(Event::Text(conteudo)) => {
                if pilha.last().is_some_and(|n| n == "coordinates") {
                    texto.push_str(&conteudo);
                }
            }
            // &#45; e &amp; dentro das coordenadas são texto: descartá-los movia vértices.
            Ok(Event::GeneralRef(referencia)) => {
                if pilha.last().is_some_and(|n| n == "coordinates") {
                    let c = match referencia.resolve_char_ref() {
                        Ok(Some(c)) => c,
                        _ => match &*referencia {
                            "lt" => '<',
                            "gt" => '>',
                            "amp" => '&',
                            "apos" => '\'',
                            "quot" => '"',
                            outra => {
                                return Err(erro(
                                    posicao,
                                    format!(
                                    "referência «&{outra};» desconhecida dentro de <coordinates>"
                                ),
                                ))
                            }
                        },
                    };
                    texto.push(c);
                }
            }
            // As coordenadas em CDATA também são coordenadas.
            Ok(Event::CData(conteudo)) => {
                if pilha.last().is_some_and(|n| n == "coordinates") {
                    texto.push_str(&conteudo.into_inner());
                }
            }
            Ok(Event::End(fim)) => {
                let nome = sem_prefixo(fim.name().into_inner()).to_owned();
                match nome.as_str() {
                    // Só as coordenadas de um anel de Polygon: as de um Point ou LineString
                    // não são território (e não viram "anel com 1 vértice").
                    "coordinates"
                        if pilha
                            .iter()
                            .any(|n| n == "innerBoundaryIs" || n == "outerBoundaryIs") =>
                    {
                        let anel = coordenadas(&texto).map_err(|m| erro(posicao, m))?;
                        if pilha.iter().any(|n| n == "innerBoundaryIs") {
                            buracos.push(anel);
                        } else {
                            exterior = Some(anel);
                        }
                    }
                    "Polygon" => {
                        let casca = exterior.take().ok_or_else(|| {
                            erro(posicao, "Polygon sem outerBoundaryIs".to_owned())
                        })?;
                        poligonos.push(Polygon::new(casca, std::mem::take(&mut buracos)));
                    }
                    _ => {}
                }
                pilha.pop();
            }
            Ok(_) => {}
        }
        buffer.clear();
    }
    if poligonos.is_empty() {
        return Err(ErroLeitura::Forma {
            arquivo: arquivo.to_owned(),
            onde: "documento".to_owned(),
            mensagem:
                "nenhum Polygon encontrado (um território precisa de área, não de linha ou ponto)"
                    .to_owned(),
        });
    }
    conferir(arquivo, MultiPolygon(poligonos))
}

fn sem_prefixo(nome: &str) -> &str {
    nome.rsplit(':').next().unwrap_or(nome)
}

fn coordenadas(texto: &str) -> Result<LineString<f64>, String> {
    let mut pontos = Vec::new();
    for (i, tupla) in texto.split_whitespace().enumerate() {
        divisa_recursos::conferir_a_cada(i, 4096);
        let partes: Vec<&str> = tupla.split(',').collect();
        let lon = partes.first().and_then(|v| v.parse::<f64>().ok());
        let lat = partes.get(1).and_then(|v| v.parse::<f64>().ok());
        // lon,lat ou lon,lat,alt: um quarto campo não é ignorado em silêncio.
        let alt_ok = partes.get(2).is_none_or(|v| v.parse::<f64>().is_ok());
        match (lon, lat) {
            (Some(x), Some(y)) if x.is_finite() && y.is_finite() && partes.len() <= 3 && alt_ok => {
                pontos.push(Coord { x, y })
            }
            _ => {
                return Err(format!(
                    "coordenada {} («{tupla}») não é lon,lat[,alt]",
                    i + 1
                ))
            }
        }
    }
    if pontos.len() < 4 || pontos.first() != pontos.last() {
        return Err(format!(
            "anel com {} vértices ou aberto: o KML fecha o anel repetindo o primeiro vértice",
            pontos.len()
        ));
    }
    Ok(LineString(pontos))
}

/// O erro do leitor de XML em português (a mensagem dele é em inglês).
fn erro_xml(e: &quick_xml::Error) -> String {
    use quick_xml::errors::{IllFormedError as M, SyntaxError as S};
    let curto = |t: &str| -> String {
        let t: String = t.chars().take(60).collect();
        t
    };
    match e {
        quick_xml::Error::Syntax(s) => match s {
            S::InvalidBangMarkup => "marcação «<!» inválida".to_owned(),
            S::UnclosedPI | S::UnclosedXmlDecl => {
                "a declaração «<?xml … ?>» não fecha: o arquivo está cortado ou estragado"
                    .to_owned()
            }
            S::UnclosedComment => "um comentário «<!-- … -->» não fecha".to_owned(),
            S::UnclosedDoctype => "a declaração «<!DOCTYPE …>» não fecha".to_owned(),
            S::UnclosedCData => "um trecho «<![CDATA[ … ]]>» não fecha".to_owned(),
            S::UnclosedTag => {
                "uma marca «<…>» não fecha antes do fim: o arquivo está cortado".to_owned()
            }
            S::UnclosedSingleQuotedAttributeValue | S::UnclosedDoubleQuotedAttributeValue => {
                "o valor de um atributo não fecha as aspas antes do fim".to_owned()
            }
        },
        quick_xml::Error::IllFormed(m) => match m {
            M::MissingDeclVersion(_) | M::UnknownVersion => {
                "a declaração «<?xml … ?>» não diz uma versão válida".to_owned()
            }
            M::MissingDoctypeName => "a declaração «<!DOCTYPE>» não tem nome".to_owned(),
            M::MissingEndTag(t) => format!("falta fechar o elemento «{}»", curto(t)),
            M::UnmatchedEndTag(t) => {
                format!("«</{}>» fecha um elemento que não foi aberto", curto(t))
            }
            M::MismatchedEndTag { expected, found } => format!(
                "esperava «</{}>» e encontrou «</{}>»",
                curto(expected),
                curto(found)
            ),
            M::DoubleHyphenInComment => "«--» dentro de um comentário".to_owned(),
            M::UnclosedReference => "uma referência «&…;» não fecha".to_owned(),
        },
        quick_xml::Error::InvalidAttr(_) => "um atributo mal formado".to_owned(),
        quick_xml::Error::Encoding(_) => {
            "o texto não está na codificação declarada (salve como UTF-8)".to_owned()
        }
        quick_xml::Error::Escape(_) => {
            "uma referência «&…;» desconhecida ou mal formada".to_owned()
        }
        quick_xml::Error::Namespace(_) => "um prefixo de espaço de nomes não declarado".to_owned(),
        quick_xml::Error::Io(_) => "erro de leitura".to_owned(),
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn multigeometria_com_buraco_e_prefixo_de_namespace() {
        let kml = br#"<?xml version="1.0"?><kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"><kml:Document><kml:Placemark><kml:MultiGeometry>
            <kml:Polygon><kml:outerBoundaryIs><kml:LinearRing><kml:coordinates>-56,-15 -55,-15 -55,-14 -56,-14 -56,-15</kml:coordinates></kml:LinearRing></kml:outerBoundaryIs>
              <kml:innerBoundaryIs><kml:LinearRing><kml:coordinates>-55.6,-14.6 -55.6,-14.4 -55.4,-14.4 -55.4,-14.6 -55.6,-14.6</kml:coordinates></kml:LinearRing></kml:innerBoundaryIs></kml:Polygon>
            <kml:Polygon><kml:outerBoundaryIs><kml:LinearRing><kml:coordinates>-54,-15 -53.9,-15 -53.9,-14.9 -54,-15</kml:coordinates></kml:LinearRing></kml:outerBoundaryIs></kml:Polygon>
          </kml:MultiGeometry></kml:Placemark></kml:Document></kml:kml>"#;
        let territorio = ler_kml("a.kml", kml).unwrap();
        assert_eq!(territorio.poligonos.0.len(), 2);
        assert_eq!(territorio.poligonos.0[0].interiors().len(), 1);
    }

    #[test]
    fn kmz_e_coordenada_ruim_dizem_o_que_fazer() {
        // Um KMZ com nome .kml é lido como KMZ (pelo despachante); um KMZ quebrado diz que não
        // é zip legível.
        assert!(crate::leitura::ler("a.kml", b"PK\x03\x04...")
            .unwrap_err()
            .to_string()
            .contains("não é um arquivo compactado .zip legível"));
        let ruim = b"<kml>\n<Polygon><outerBoundaryIs><LinearRing><coordinates>-56,-15 x,y</coordinates></LinearRing></outerBoundaryIs></Polygon></kml>";
        let e = ler_kml("a.kml", ruim).unwrap_err().to_string();
        assert!(
            e.contains("linha 2") && e.contains("coordenada 2 («x,y»)"),
            "{e}"
        );
    }

    const ANEL: &str = "-56,-15 -55.9,-15 -55.9,-14.9 -56,-15";

    fn kml(coordenadas: &str) -> String {
        format!("<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>{coordenadas}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>")
    }

    /// Issue 14: um KML cortado (ou sem a raiz fechada) não é lido pelos polígonos de antes do
    /// corte.
    #[test]
    fn kml_cortado_e_recusado() {
        let inteiro = kml(ANEL);
        assert!(ler_kml("a.kml", inteiro.as_bytes()).is_ok());
        let cortado = &inteiro[..inteiro.len() - "</Placemark></kml>".len()];
        let e = ler_kml("a.kml", cortado.as_bytes()).unwrap_err();
        assert!(e.to_string().contains("está cortado"), "{e}");
        let sem_raiz = &inteiro[..inteiro.len() - "</kml>".len()];
        assert!(ler_kml("a.kml", sem_raiz.as_bytes()).is_err());
    }

    /// Referências de caractere e CDATA dentro de <coordinates> são as coordenadas (antes, o
    /// &#45; sumia e o vértice mudava de lugar); um quarto campo não é ignorado.
    #[test]
    fn referencias_cdata_e_campos_a_mais_nas_coordenadas() {
        let com_referencia = kml("&#45;56,-15 -55.9,-15 -55.9,-14.9 &#x2D;56,-15");
        let t = ler_kml("a.kml", com_referencia.as_bytes()).unwrap();
        assert_eq!(
            t.poligonos.0[0].exterior().0[0],
            Coord { x: -56.0, y: -15.0 }
        );
        let em_cdata = kml(&format!("<![CDATA[{ANEL}]]>"));
        let sem_cdata = kml(ANEL);
        assert_eq!(
            ler_kml("a.kml", em_cdata.as_bytes()).unwrap().poligonos,
            ler_kml("a.kml", sem_cdata.as_bytes()).unwrap().poligonos,
            "o CDATA dá os mesmos vértices"
        );
        let campo_a_mais = kml("-56,-15,0,9 -55.9,-15 -55.9,-14.9 -56,-15");
        let e = ler_kml("a.kml", campo_a_mais.as_bytes()).unwrap_err();
        assert!(e.to_string().contains("lon,lat[,alt]"), "{e}");
    }

    /// Um Point não é anel: o KML só com ponto diz que falta o polígono.
    #[test]
    fn ponto_nao_vira_anel_de_um_vertice() {
        let ponto =
            b"<kml><Placemark><Point><coordinates>-56,-15</coordinates></Point></Placemark></kml>";
        let e = ler_kml("a.kml", ponto).unwrap_err();
        assert!(e.to_string().contains("nenhum Polygon"), "{e}");
        assert!(!e.to_string().contains("1 vértices"), "{e}");
    }

    #[test]
    fn bytes_ao_acaso_nunca_entram_em_panico() {
        let base = br#"<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>-56,-15 -55.9,-15 -55.9,-14.9 -56,-15</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>"#;
        let mut estado = 0x0023_u64;
        for _ in 0..3_000 {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            let mut bytes = base.to_vec();
            let posicao = (estado % bytes.len() as u64) as usize;
            bytes[posicao] = (estado >> 32) as u8;
            bytes.truncate(bytes.len() - (estado >> 40) as usize % 30);
            let _ = ler_kml("x.kml", &bytes);
        }
    }
}
