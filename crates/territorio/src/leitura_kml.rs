//! Leitura de KML (Google Earth, QGIS): os `Polygon` de todos os `Placemark`, com
//! `outerBoundaryIs` como exterior e `innerBoundaryIs` como buracos, dentro ou fora de
//! `MultiGeometry`. As coordenadas KML são "lon,lat[,alt]" separadas por espaço, em WGS84 — que
//! para limites municipais coincide com o SIRGAS 2000 ao centímetro.
//!
//! Um KMZ (KML compactado) com nome .kml é reconhecido pela assinatura do zip e lido como KMZ.

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use quick_xml::events::Event;
use quick_xml::Reader;

use crate::leitura::{ErroLeitura, Territorio};

/// Lê os polígonos de um KML.
///
/// ```
/// use divisa_territorio::leitura_kml::ler_kml;
/// let kml = br#"<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>
///   -56,-15,0 -55.9,-15,0 -55.9,-14.9,0 -56,-15,0
/// </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>"#;
/// assert_eq!(ler_kml("a.kml", kml).unwrap().poligonos.0.len(), 1);
/// ```
pub fn ler_kml(arquivo: &str, bytes: &[u8]) -> Result<Territorio, ErroLeitura> {
    if bytes.starts_with(b"PK") {
        return crate::leitura_zip::ler_kmz(arquivo, bytes);
    }
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
    loop {
        let posicao = leitor.buffer_position();
        match leitor.read_event_into(&mut buffer) {
            Err(e) => return Err(erro(posicao, format!("XML inválido: {e}"))),
            Ok(Event::Eof) => break,
            Ok(Event::Start(inicio)) => {
                pilha.push(sem_prefixo(inicio.name().into_inner()).to_owned());
                texto.clear();
            }
            Ok(Event::Text(conteudo)) => {
                if pilha.last().is_some_and(|n| n == "coordinates") {
                    texto.push_str(&conteudo);
                }
            }
            Ok(Event::End(fim)) => {
                let nome = sem_prefixo(fim.name().into_inner()).to_owned();
                match nome.as_str() {
                    "coordinates" => {
                        let anel = coordenadas(&texto).map_err(|m| erro(posicao, m))?;
                        if pilha.iter().any(|n| n == "innerBoundaryIs") {
                            buracos.push(anel);
                        } else if pilha.iter().any(|n| n == "outerBoundaryIs") {
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
    crate::leitura::conferir(arquivo, MultiPolygon(poligonos))
}

fn sem_prefixo(nome: &str) -> &str {
    nome.rsplit(':').next().unwrap_or(nome)
}

fn coordenadas(texto: &str) -> Result<LineString<f64>, String> {
    let mut pontos = Vec::new();
    for (i, tupla) in texto.split_whitespace().enumerate() {
        let mut partes = tupla.split(',');
        let lon = partes.next().and_then(|v| v.parse::<f64>().ok());
        let lat = partes.next().and_then(|v| v.parse::<f64>().ok());
        match (lon, lat) {
            (Some(x), Some(y)) if x.is_finite() && y.is_finite() => pontos.push(Coord { x, y }),
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
        // Um KMZ com nome .kml é lido como KMZ; um KMZ quebrado diz que não é zip legível.
        assert!(ler_kml("a.kml", b"PK\x03\x04...")
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
