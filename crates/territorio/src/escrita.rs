//! Escrita de territórios em GeoJSON (RFC 7946), para abrir no QGIS ou devolver ao divisa; em
//! KML (OGC 07-147r2), para o Google Earth; e a geometria de uma feição de GeoPackage (OGC
//! 12-128r18, cabeçalho `GP` e WKB), que a borda grava no banco SQLite. A planilha do SIGEF
//! fica em [`crate::escrita_ods`].
//!
//! Os vértices saem com o mesmo `f64` que entraram (o `serde_json` escreve o menor decimal que
//! relê o mesmo número) e na mesma ordem: o vértice `V-001` do memorial é o primeiro do anel.
//! Por isso o sentido dos anéis não é refeito para a "regra da mão direita" da RFC 7946 — ela
//! é recomendação (SHOULD) e os leitores não devem recusar o outro sentido; renumerar os
//! vértices do memorial seria pior.
//!
//! # Unidades
//! Graus decimais SIRGAS 2000 (EPSG:4674), `[lon, lat]`.

use geo::BoundingRect;
use geo_types::{LineString, MultiPolygon, Polygon};
use serde_json::{Map, Value};

use crate::memorial::Memorial;

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

/// Texto para XML, escapado; sem os caracteres de controle que o XML 1.0 não admite.
pub(crate) use divisa_referencia::formato::escapar as xml;

/// O território do memorial em KML, para o Google Earth (e o QGIS): um `Placemark` com o
/// polígono (ou um `MultiGeometry` com as partes), os `dados` (nome e valor) em `ExtendedData`,
/// e uma pasta "Vértices" com um ponto por vértice, com o código do memorial por nome. Os
/// vértices saem com o mesmo `f64` (o menor decimal que o relê), em graus SIRGAS 2000, que para
/// o Google Earth (WGS 84) coincide ao centímetro.
pub fn kml(memorial: &Memorial, titulo: &str, dados: &[(&str, String)]) -> String {
    let mut aneis_por_parte: Vec<(Option<String>, Vec<String>)> = Vec::new();
    for anel in &memorial.aneis {
        let mut pontos: Vec<String> = anel
            .vertices
            .iter()
            .map(|v| format!("{},{}", numero(v.lon), numero(v.lat)))
            .collect();
        if let Some(primeiro) = pontos.first().cloned() {
            pontos.push(primeiro);
        }
        let coordenadas = format!(
            "<LinearRing><coordinates>{}</coordinates></LinearRing>",
            pontos.join(" ")
        );
        if anel.interior {
            if let Some((_, interiores)) = aneis_por_parte.last_mut() {
                interiores.push(format!("<innerBoundaryIs>{coordenadas}</innerBoundaryIs>"));
            }
        } else {
            aneis_por_parte.push((
                Some(format!("<outerBoundaryIs>{coordenadas}</outerBoundaryIs>")),
                Vec::new(),
            ));
        }
    }
    let poligonos: Vec<String> = aneis_por_parte
        .into_iter()
        .map(|(exterior, interiores)| {
            format!(
                "<Polygon>{}{}</Polygon>",
                exterior.unwrap_or_default(),
                interiores.concat()
            )
        })
        .collect();
    let geometria = match poligonos.as_slice() {
        [um] => um.clone(),
        varios => format!("<MultiGeometry>{}</MultiGeometry>", varios.concat()),
    };
    let extendido: String = dados
        .iter()
        .map(|(nome, valor)| {
            format!(
                "<Data name=\"{}\"><value>{}</value></Data>",
                xml(nome),
                xml(valor)
            )
        })
        .collect();
    let mut vertices = String::new();
    for anel in &memorial.aneis {
        for v in &anel.vertices {
            vertices.push_str(&format!(
                "<Placemark><name>{}</name><styleUrl>#vertice</styleUrl><Point><coordinates>{},{}</coordinates></Point></Placemark>\n",
                xml(&v.codigo),
                numero(v.lon),
                numero(v.lat)
            ));
        }
    }
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
<Document>
<name>{titulo}</name>
<Style id="territorio"><LineStyle><color>ff0000ff</color><width>2</width></LineStyle><PolyStyle><color>330000ff</color></PolyStyle></Style>
<Style id="vertice"><IconStyle><scale>0.6</scale></IconStyle><LabelStyle><scale>0.7</scale></LabelStyle></Style>
<Placemark>
<name>{titulo}</name>
<styleUrl>#territorio</styleUrl>
<ExtendedData>{extendido}</ExtendedData>
{geometria}
</Placemark>
<Folder>
<name>Vértices</name>
{vertices}</Folder>
</Document>
</kml>
"#,
        titulo = xml(titulo)
    )
}

/// O código EPSG do SIRGAS 2000 em graus, o sistema da camada do GeoPackage.
pub const EPSG_SIRGAS_2000: i32 = 4674;

/// A definição WKT (OGC 01-009, a que o GeoPackage guarda em `gpkg_spatial_ref_sys`) do
/// SIRGAS 2000 em graus, EPSG:4674.
pub const WKT_SIRGAS_2000: &str = r#"GEOGCS["SIRGAS 2000",DATUM["Sistema_de_Referencia_Geocentrico_para_las_AmericaS_2000",SPHEROID["GRS 1980",6378137,298.257222101,AUTHORITY["EPSG","7019"]],TOWGS84[0,0,0,0,0,0,0],AUTHORITY["EPSG","6674"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4674"]]"#;

/// A geometria de uma feição de GeoPackage (OGC 12-128r18, § 2.1.3): o cabeçalho `GP`
/// (versão 0, little-endian, envelope xy, o `srs_id`) e o território em WKB como MultiPolygon,
/// com os anéis fechados. Graus SIRGAS 2000 ([`EPSG_SIRGAS_2000`]).
pub fn geometria_gpkg(territorio: &MultiPolygon<f64>) -> Vec<u8> {
    let mut bytes = cabecalho_gpkg(
        territorio
            .bounding_rect()
            .map(|r| (r.min().x, r.max().x, r.min().y, r.max().y)),
    );
    bytes.push(1); // little-endian
    bytes.extend(6u32.to_le_bytes()); // MultiPolygon
    bytes.extend((territorio.0.len() as u32).to_le_bytes());
    for poligono in &territorio.0 {
        bytes.push(1);
        bytes.extend(3u32.to_le_bytes()); // Polygon
        let aneis: Vec<&LineString<f64>> = std::iter::once(poligono.exterior())
            .chain(poligono.interiors())
            .collect();
        bytes.extend((aneis.len() as u32).to_le_bytes());
        for linha in aneis {
            let pontos = anel(linha);
            bytes.extend((pontos.len() as u32).to_le_bytes());
            for [x, y] in pontos {
                bytes.extend(x.to_le_bytes());
                bytes.extend(y.to_le_bytes());
            }
        }
    }
    bytes
}

/// Um ponto (lon, lat) como geometria de GeoPackage: cabeçalho `GP` sem envelope e WKB Point.
pub fn ponto_gpkg(lon: f64, lat: f64) -> Vec<u8> {
    let mut bytes = cabecalho_gpkg(None);
    bytes.push(1);
    bytes.extend(1u32.to_le_bytes()); // Point
    bytes.extend(lon.to_le_bytes());
    bytes.extend(lat.to_le_bytes());
    bytes
}

/// `GP`, versão 0, flags (little-endian; envelope xy se houver), `srs_id`, envelope.
fn cabecalho_gpkg(envelope: Option<(f64, f64, f64, f64)>) -> Vec<u8> {
    let mut bytes = b"GP".to_vec();
    bytes.push(0);
    bytes.push(if envelope.is_some() {
        0b0000_0011
    } else {
        0b0000_0001
    });
    bytes.extend(EPSG_SIRGAS_2000.to_le_bytes());
    if let Some((min_x, max_x, min_y, max_y)) = envelope {
        for valor in [min_x, max_x, min_y, max_y] {
            bytes.extend(valor.to_le_bytes());
        }
    }
    bytes
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

    /// A geometria do GeoPackage relida pelo leitor do próprio crate: os mesmos vértices, bit a
    /// bit; e o KML, pelo leitor de KML, idem (os pontos dos vértices não viram território).
    #[test]
    fn geopackage_e_kml_relidos_dao_os_mesmos_vertices() {
        let com_buraco = Polygon::new(
            LineString::from(vec![
                (-56.123_456_789_012_34, -15.0),
                (-55.9, -15.000_000_000_000_1),
                (-55.9, -14.9),
                (-56.123_456_789_012_34, -14.9),
                (-56.123_456_789_012_34, -15.0),
            ]),
            vec![LineString::from(vec![
                (-56.0, -14.98),
                (-56.0, -14.92),
                (-55.95, -14.92),
                (-55.95, -14.98),
                (-56.0, -14.98),
            ])],
        );
        let outro = polygon![(x: -55.0, y: -15.0), (x: -54.9, y: -15.0), (x: -54.9, y: -14.9), (x: -55.0, y: -15.0)];
        let territorio = MultiPolygon(vec![com_buraco, outro]);
        let camada = crate::leitura::gpkg::CamadaGpkg {
            tabela: "territorio".into(),
            srs_organizacao: "EPSG".into(),
            srs_codigo: 4674,
            srs_definicao: WKT_SIRGAS_2000.into(),
            geometrias: vec![(1, geometria_gpkg(&territorio))],
        };
        let relido = crate::leitura::gpkg::ler_geopackage("saida.gpkg", &camada).unwrap();
        assert_eq!(relido.poligonos, territorio);

        let memorial = crate::memorial::memorial(&territorio);
        let texto = kml(
            &memorial,
            "Área <teste> & cia",
            &[("area_m2", "123".into())],
        );
        let relido = crate::leitura::kml::ler_kml("saida.kml", texto.as_bytes()).unwrap();
        assert_eq!(relido.poligonos, territorio);
        assert!(
            texto.contains("<name>Área &lt;teste&gt; &amp; cia</name>"),
            "{texto}"
        );
        assert!(texto.contains("<Placemark><name>V-001</name>"), "{texto}");
    }
}
