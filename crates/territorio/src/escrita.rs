//! Escrita de territórios em GeoJSON (RFC 7946), para abrir no QGIS ou devolver ao divisa.
//!
//! Os vértices saem com o mesmo `f64` que entraram (o `serde_json` escreve o menor decimal que
//! relê o mesmo número) e na mesma ordem: o vértice `V-001` do memorial é o primeiro do anel.
//! Por isso o sentido dos anéis não é refeito para a "regra da mão direita" da RFC 7946 — ela
//! é recomendação (SHOULD) e os leitores não devem recusar o outro sentido; renumerar os
//! vértices do memorial seria pior.
//!
//! # Unidades
//! Graus decimais SIRGAS 2000 (EPSG:4674), `[lon, lat]`.

use geo_types::{LineString, MultiPolygon, Polygon};
use serde_json::{Map, Value};

/// Um GeoJSON `FeatureCollection` com uma feição: o território (`Polygon` se tem uma parte,
/// `MultiPolygon` se tem mais) e as `propriedades` dadas. Um vértice por linha, para o arquivo
/// se ler e comparar (`diff`) como um memorial.
pub fn geojson(territorio: &MultiPolygon<f64>, propriedades: Map<String, Value>) -> String {
    let (tipo, partes): (&str, Vec<String>) = match territorio.0.as_slice() {
        [poligono] => ("Polygon", vec![aneis(poligono, "")]),
        partes => (
            "MultiPolygon",
            partes.iter().map(|p| aneis(p, " ")).collect(),
        ),
    };
    let coordenadas = if tipo == "Polygon" {
        partes.concat()
    } else {
        format!("[\n{}\n]", partes.join(",\n"))
    };
    format!(
        "{{\"type\": \"FeatureCollection\", \"features\": [\n{{\"type\": \"Feature\",\n\"properties\": {},\n\"geometry\": {{\"type\": \"{tipo}\", \"coordinates\": {coordenadas}}}}}\n]}}\n",
        Value::Object(propriedades)
    )
}

/// Os anéis de um polígono, `[[...], [...]]`, um vértice por linha.
fn aneis(poligono: &Polygon<f64>, recuo: &str) -> String {
    let aneis: Vec<String> = std::iter::once(poligono.exterior())
        .chain(poligono.interiors())
        .map(|linha| {
            let pontos: Vec<String> = anel(linha)
                .iter()
                .map(|[x, y]| format!("{recuo}  [{}, {}]", numero(*x), numero(*y)))
                .collect();
            format!("{recuo} [\n{}\n{recuo} ]", pontos.join(",\n"))
        })
        .collect();
    format!("{recuo}[\n{}\n{recuo}]", aneis.join(",\n"))
}

/// O menor decimal que relê o mesmo `f64` (o do `serde_json`).
fn numero(valor: f64) -> String {
    Value::from(valor).to_string()
}

/// Os pontos de um anel, fechado (o primeiro repetido no fim, como a RFC 7946 exige).
fn anel(linha: &LineString<f64>) -> Vec<[f64; 2]> {
    let mut pontos: Vec<[f64; 2]> = linha.0.iter().map(|c| [c.x, c.y]).collect();
    if let (Some(&primeiro), Some(&ultimo)) = (pontos.first(), pontos.last()) {
        if primeiro != ultimo {
            pontos.push(primeiro);
        }
    }
    pontos
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::leitura::ler_geojson;
    use geo_types::polygon;

    #[test]
    fn escrever_e_reler_devolve_os_mesmos_vertices() {
        // Coordenadas com muitos algarismos: a volta tem de ser exata, bit a bit.
        let com_buraco = Polygon::new(
            LineString::from(vec![
                (-56.123_456_789_012_34, -15.0),
                (-55.9, -15.000_000_000_000_1),
                (-55.9, -14.9),
                (-56.123_456_789_012_34, -14.9),
            ]),
            vec![LineString::from(vec![
                (-56.0, -14.98),
                (-56.0, -14.92),
                (-55.95, -14.92),
                (-55.95, -14.98),
            ])],
        );
        let outro = polygon![(x: -55.0, y: -15.0), (x: -54.9, y: -15.0), (x: -54.9, y: -14.9)];
        let mut propriedades = Map::new();
        propriedades.insert("nome".into(), "teste".into());
        for territorio in [
            MultiPolygon(vec![com_buraco.clone()]),
            MultiPolygon(vec![com_buraco, outro]),
        ] {
            let texto = geojson(&territorio, propriedades.clone());
            let relido = ler_geojson("saida.geojson", texto.as_bytes()).expect("relê");
            let fechado = MultiPolygon(
                territorio
                    .0
                    .iter()
                    .map(|p| {
                        let fechar = |l: &LineString<f64>| {
                            let mut l = l.clone();
                            l.close();
                            l
                        };
                        Polygon::new(
                            fechar(p.exterior()),
                            p.interiors().iter().map(fechar).collect(),
                        )
                    })
                    .collect(),
            );
            assert_eq!(relido.poligonos, fechado);
            let valor: Value = serde_json::from_str(&texto).unwrap();
            assert_eq!(valor["features"][0]["properties"]["nome"], "teste");
            let tipo = &valor["features"][0]["geometry"]["type"];
            assert_eq!(
                tipo,
                if territorio.0.len() == 1 {
                    "Polygon"
                } else {
                    "MultiPolygon"
                }
            );
        }
    }
}
