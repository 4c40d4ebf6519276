//! Leitura de limites a partir de bytes: o despachante. Pelo nome (e, no KMZ com nome .kml, pela
//! assinatura do zip) escolhe o leitor do formato — [`geojson`], [`kml`], [`shapefile`], [`dxf`],
//! [`gpkg`] e o memorial descritivo em texto ([`memorial`]: SIGEF em texto ou em tabela, graus
//! decimais, UTM), como os agrimensores o escrevem —, abre os compactados ([`zip`]: qual entrada
//! é a camada é decidido aqui) e valida o que foi lido ([`territorio::validar`]).
//!
//! As camadas: [`territorio`] e [`sistema`] são o núcleo; cada leitor de formato usa só o
//! núcleo; este módulo usa os leitores. Nenhum leitor chama outro nem volta aqui.
//!
//! Quem chama passa os bytes e o nome do arquivo para as mensagens; nada aqui abre arquivo.
//! Os erros comuns dos cartógrafos viram mensagens em português que dizem onde estão: latitude e
//! longitude trocadas, coordenadas UTM em metros no lugar de graus, anel aberto, polígono fora de
//! Mato Grosso.
//!
//! # Unidades
//! Graus decimais SIRGAS 2000 (EPSG:4674), `[lon, lat]` como manda a RFC 7946.

pub mod dxf;
pub mod geojson;
pub mod gpkg;
pub mod kml;
pub mod memorial;
pub mod shapefile;
pub(crate) mod sistema;
pub mod territorio;
mod zip;

use geo_types::{Coord, MultiPolygon};

pub use geojson::{ler_feicoes_geojson, ler_feicoes_geojson_por, ler_geojson, PROPRIEDADE_CODIGOS};
use territorio::validar;
pub use territorio::{ErroLeitura, Territorio, VerticeNomeado};
use zip::Pacote;

/// Lê um arquivo de limites pelo nome (GeoJSON, KML, Shapefile sem .prj ou memorial em texto)
/// e o valida: erros de geometria viram [`ErroLeitura::Invalido`] com todos os problemas;
/// avisos vão para [`Territorio::avisos`].
pub fn ler(arquivo: &str, bytes: &[u8]) -> Result<Territorio, ErroLeitura> {
    validar(ler_sem_validar(arquivo, bytes)?)
}

/// Como [`ler`], com o texto do arquivo auxiliar que o formato usa (o .prj de um .shp).
pub fn ler_com_auxiliar(
    arquivo: &str,
    bytes: &[u8],
    prj: Option<&str>,
) -> Result<Territorio, ErroLeitura> {
    if arquivo.to_ascii_lowercase().ends_with(".shp") {
        validar(shapefile::ler_shapefile(arquivo, bytes, prj)?)
    } else {
        ler(arquivo, bytes)
    }
}

/// Como [`ler_com_auxiliar`], mas um memorial descritivo em texto (.txt) é medido em qualquer
/// lugar do Brasil (UTM nas zonas 18 a 25, ou coordenadas geográficas), com um aviso quando fica
/// fora de Mato Grosso ([`memorial::ler_memorial_no_brasil`]). É a leitura de
/// quem só mede (`divisa memorial`); a avaliação de uma proposta usa [`ler_com_auxiliar`], que
/// recusa território de fora do estado. Os outros formatos continuam só de Mato Grosso.
pub fn ler_no_brasil(
    arquivo: &str,
    bytes: &[u8],
    prj: Option<&str>,
) -> Result<Territorio, ErroLeitura> {
    if arquivo.to_ascii_lowercase().ends_with(".txt") {
        validar(
            memorial::ler_memorial_no_brasil(arquivo, bytes).map(|lido| Territorio {
                avisos: lido.avisos,
                ..lido.territorio
            })?,
        )
    } else {
        ler_com_auxiliar(arquivo, bytes, prj)
    }
}

/// Os pontos onde a geometria de um arquivo está errada — os lados que se cruzam ou se tocam —,
/// para quem mostra o problema no mapa e não só em palavras (o editor da área, issue 29). Vazio
/// se o arquivo nem se lê como geometria ou se os erros não têm um ponto (anel com poucos
/// vértices, área nula).
pub fn pontos_dos_problemas(arquivo: &str, bytes: &[u8]) -> Vec<Coord<f64>> {
    let Ok(t) = ler_sem_validar(arquivo, bytes) else {
        return Vec::new();
    };
    crate::validacao::validar(&t.poligonos)
        .into_iter()
        .filter_map(|p| match p {
            crate::validacao::Problema::Cruzamento { ponto, .. }
            | crate::validacao::Problema::Toque { ponto, .. } => Some(ponto),
            _ => None,
        })
        .take(100)
        .collect()
}

pub(crate) fn ler_sem_validar(arquivo: &str, bytes: &[u8]) -> Result<Territorio, ErroLeitura> {
    let extensao = arquivo
        .rsplit('.')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    match extensao.as_str() {
        "geojson" | "json" => ler_geojson(arquivo, bytes),
        "txt" => memorial::ler_memorial(arquivo, bytes).map(|lido| Territorio { avisos: lido.avisos, ..lido.territorio }),
        // Um KMZ com nome .kml é reconhecido pela assinatura do zip e lido como KMZ.
        "kml" if bytes.starts_with(b"PK") => ler_kmz(arquivo, bytes),
        "kml" => kml::ler_kml(arquivo, bytes),
        "kmz" => ler_kmz(arquivo, bytes),
        "shp" => shapefile::ler_shapefile(arquivo, bytes, None),
        "dxf" => dxf::ler_dxf_sem_validar(arquivo, bytes, None),
        "zip" => ler_zip(arquivo, bytes),
        "gpkg" => Err(ErroLeitura::FormatoNaoSuportado {
            arquivo: arquivo.to_owned(),
            mensagem: "um GeoPackage (.gpkg) é um banco SQLite: é lido do arquivo (`area = \"limite.gpkg\"` na proposta, ou `divisa memorial limite.gpkg`), não de bytes soltos nem de dentro de um .zip".to_owned(),
        }),
        _ => Err(ErroLeitura::FormatoNaoSuportado {
            arquivo: arquivo.to_owned(),
            mensagem: "extensão desconhecida: esperava .geojson (ou .json), .kml, .kmz, .shp, .zip (Shapefile compactado), .dxf (CAD, em UTM) ou o memorial descritivo em .txt".to_owned(),
        }),
    }
}

/// As feições da malha de setores do IBGE em Shapefile compactado (.zip com .shp, .dbf e
/// .prj), pela primeira coluna de `chaves` que existir.
pub fn ler_feicoes_shapefile_zip_por(
    arquivo: &str,
    bytes: &[u8],
    chaves: &[&str],
) -> Result<Vec<(String, MultiPolygon<f64>)>, ErroLeitura> {
    let mut pacote = Pacote::abrir(arquivo, bytes)?;
    let shps: Vec<String> = pacote
        .nomes()
        .filter(|n| zip::extensao(n) == "shp")
        .map(str::to_owned)
        .collect();
    let [nome] = shps.as_slice() else {
        return Err(zip::erro(
            arquivo,
            format!("esperava um .shp dentro do .zip; há {}", shps.len()),
        ));
    };
    let Some(nome_dbf) = pacote.irmao(nome, "dbf") else {
        let base = nome.rsplit_once('.').map_or(nome.as_str(), |(b, _)| b);
        return Err(zip::erro(
            arquivo,
            format!("falta {base}.dbf (a tabela com o código de cada setor)"),
        ));
    };
    let prj = prj_de(&mut pacote, nome)?;
    let shp = pacote.conteudo(nome)?;
    let dbf = pacote.conteudo(&nome_dbf)?;
    shapefile::ler_feicoes_shapefile_por(
        &format!("{arquivo}/{nome}"),
        &shp,
        &dbf,
        prj.as_deref(),
        chaves,
    )
}

/// As extensões que o divisa lê como camada dentro de um .zip.
const CAMADAS: [&str; 5] = ["shp", "geojson", "json", "kml", "txt"];

/// O texto do .prj de mesmo nome que o .shp `nome`, se o pacote o tem.
fn prj_de(pacote: &mut Pacote<'_>, nome: &str) -> Result<Option<String>, ErroLeitura> {
    match pacote.irmao(nome, "prj") {
        Some(prj) => Ok(Some(
            String::from_utf8_lossy(&pacote.conteudo(&prj)?).into_owned(),
        )),
        None => Ok(None),
    }
}

/// Lê a única camada de um .zip (sem validar a geometria; [`ler`] valida).
///
/// Um território por arquivo: o .zip precisa ter uma só camada (um .shp, ou um .geojson, .kml
/// ou memorial .txt); com mais de uma, a mensagem lista as que há em vez de escolher por conta
/// própria. Um .shp manda: os .txt ao lado dele costumam ser metadados, não memoriais. O .prj que
/// acompanha o .shp é o de mesmo nome, sem diferença de maiúsculas.
pub(crate) fn ler_zip(arquivo: &str, bytes: &[u8]) -> Result<Territorio, ErroLeitura> {
    let mut pacote = Pacote::abrir(arquivo, bytes)?;
    let camadas: Vec<&str> = pacote
        .nomes()
        .filter(|nome| CAMADAS.contains(&zip::extensao(nome).as_str()))
        .collect();
    let shapefiles: Vec<&str> = camadas
        .iter()
        .copied()
        .filter(|n| zip::extensao(n) == "shp")
        .collect();
    let escolhida = match (shapefiles.as_slice(), camadas.as_slice()) {
        ([uma], _) | ([], [uma]) => (*uma).to_owned(),
        ([], []) => {
            let nomes: Vec<&str> = pacote.nomes().collect();
            return Err(zip::erro(
                arquivo,
                format!(
                    "não há .shp, .geojson, .kml nem memorial .txt dentro (há: {})",
                    if nomes.is_empty() {
                        "nada".to_owned()
                    } else {
                        nomes.join(", ")
                    }
                ),
            ));
        }
        (varios, todas) => {
            let nomes = if varios.is_empty() { todas } else { varios };
            return Err(zip::erro(
                arquivo,
                format!(
                    "há {} camadas dentro ({}); o divisa lê um território por arquivo — deixe no .zip só a da área",
                    nomes.len(),
                    nomes.join(", ")
                ),
            ));
        }
    };
    let interno = format!("{arquivo}/{escolhida}");
    let dados = pacote.conteudo(&escolhida)?;
    if zip::extensao(&escolhida) != "shp" {
        return ler_sem_validar(&interno, &dados);
    }
    let prj = prj_de(&mut pacote, &escolhida)?;
    shapefile::ler_shapefile(&interno, &dados, prj.as_deref())
}

/// Lê um KMZ: o `doc.kml` da raiz ou, sem ele, o único .kml dentro.
pub(crate) fn ler_kmz(arquivo: &str, bytes: &[u8]) -> Result<Territorio, ErroLeitura> {
    let mut pacote = Pacote::abrir(arquivo, bytes)?;
    let kmls: Vec<&str> = pacote
        .nomes()
        .filter(|n| zip::extensao(n) == "kml")
        .collect();
    let nome = match kmls.iter().find(|n| n.eq_ignore_ascii_case("doc.kml")) {
        Some(doc) => (*doc).to_owned(),
        None => match kmls.as_slice() {
            [um] => (*um).to_owned(),
            [] => return Err(zip::erro(arquivo, "KMZ sem .kml dentro".to_owned())),
            varios => {
                return Err(zip::erro(
                    arquivo,
                    format!(
                        "KMZ com {} .kml e sem doc.kml ({})",
                        varios.len(),
                        varios.join(", ")
                    ),
                ));
            }
        },
    };
    let dados = pacote.conteudo(&nome)?;
    if dados.starts_with(b"PK") {
        // Um zip dentro do zip: não se desce mais (e não se entra em recursão sem fim).
        return Err(zip::erro(
            arquivo,
            format!("{nome} é outro arquivo compactado; extraia-o antes"),
        ));
    }
    kml::ler_kml(&format!("{arquivo}/{nome}"), &dados)
}

#[cfg(test)]
mod testes {
    use super::*;

    fn erro(texto: &str) -> String {
        ler_geojson("a.geojson", texto.as_bytes())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn feature_collection_com_multipoligono() {
        let texto = r#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"MultiPolygon","coordinates":[[[[-56,-15],[-55.9,-15],[-55.9,-14.9],[-56,-15]]],[[[-55,-15],[-54.9,-15],[-54.9,-14.9],[-55,-15]]]]}}]}"#;
        assert_eq!(
            ler_geojson("a.geojson", texto.as_bytes())
                .unwrap()
                .poligonos
                .0
                .len(),
            2
        );
    }

    #[test]
    fn anel_aberto_diz_onde() {
        let e = erro(
            r#"{"type":"Polygon","coordinates":[[[-56,-15],[-55.9,-15],[-55.9,-14.9],[-56,-14.8]]]}"#,
        );
        assert!(e.starts_with("a.geojson, raiz, anel 1: anel aberto"), "{e}");
    }

    #[test]
    fn vertice_repetido_vira_aviso_e_sai_do_territorio() {
        // Art. 5º: o memorial descreve lados entre pontos distintos; um vértice repetido em
        // seguida (comum na malha do IBGE) daria um lado de 0 m sem confrontante.
        let texto = br#"{"type":"Polygon","coordinates":[[[-56,-15],[-55.9,-15],[-55.9,-15],[-55.9,-14.9],[-56,-15]]]}"#;
        let lido = ler("a.geojson", texto).unwrap();
        assert_eq!(lido.poligonos.0[0].exterior().0.len(), 4);
        assert!(
            lido.avisos
                .iter()
                .any(|a| a.contains("vértice 2: vértice repetido logo em seguida")),
            "{:?}",
            lido.avisos
        );
        let memorial = crate::memorial::memorial(&lido.poligonos);
        assert!(memorial.aneis[0].lados.iter().all(|l| l.distancia_m > 0.0));
    }

    #[test]
    fn lat_lon_trocadas() {
        let e = erro(
            r#"{"type":"Polygon","coordinates":[[[-15,-56],[-15,-55.9],[-14.9,-55.9],[-15,-56]]]}"#,
        );
        assert!(e.contains("latitude e longitude trocadas"), "{e}");
    }

    #[test]
    fn utm_em_metros() {
        let e = erro(
            r#"{"type":"Polygon","coordinates":[[[600000,8275000],[601000,8275000],[601000,8276000],[600000,8275000]]]}"#,
        );
        assert!(e.contains("parecem coordenadas UTM em metros"), "{e}");
    }

    #[test]
    fn fora_de_mato_grosso() {
        let e = erro(
            r#"{"type":"Polygon","coordinates":[[[-46.6,-23.5],[-46.5,-23.5],[-46.5,-23.4],[-46.6,-23.5]]]}"#,
        );
        assert!(e.contains("fora de Mato Grosso"), "{e}");
    }

    #[test]
    fn gravata_borboleta_e_invalida_com_o_lugar() {
        let gravata = r#"{"type":"Polygon","coordinates":[[[-56,-15],[-55,-14],[-55,-15],[-56,-14],[-56,-15]]]}"#;
        let e = ler("g.geojson", gravata.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("g.geojson: território inválido, 1 problema: parte 1, anel 1, vértice 1 e parte 1, anel 1, vértice 3: os lados se cruzam"), "{e}");
    }

    #[test]
    fn json_quebrado_diz_linha_e_coluna() {
        let e = erro("{\"type\":\n\"Polygon\",");
        assert!(e.starts_with("a.geojson, linha 2"), "{e}");
    }

    /// Issue 18: o `crs` antigo com uma zona UTM do SIRGAS 2000, nas três grafias que o QGIS e
    /// o ogr2ogr escrevem, é lido em UTM dessa zona (sul); o SAD 69 é recusado com o motivo.
    #[test]
    fn crs_utm_do_sirgas_2000_e_lido_na_zona() {
        // O quadrado de 1 km de lado do teste de UTM, em Cuiabá (zona 21S), e os mesmos pontos
        // em graus.
        let utm = [
            (600000.0, 8275000.0),
            (601000.0, 8275000.0),
            (601000.0, 8276000.0),
            (600000.0, 8276000.0),
        ];
        let graus: Vec<(f64, f64)> = utm
            .iter()
            .map(|&(e, n)| {
                crate::utm::de_utm(&crate::utm::Utm {
                    zona: 21,
                    sul: true,
                    leste_m: e,
                    norte_m: n,
                })
            })
            .collect();
        let coordenadas = |pontos: &[(f64, f64)]| {
            let mut lista: Vec<String> =
                pontos.iter().map(|(x, y)| format!("[{x}, {y}]")).collect();
            lista.push(lista[0].clone());
            lista.join(",")
        };
        for nome in [
            "EPSG:31981",
            "urn:ogc:def:crs:EPSG::31981",
            "http://www.opengis.net/def/crs/EPSG/0/31981",
        ] {
            let texto = format!(
                r#"{{"type":"FeatureCollection","crs":{{"type":"name","properties":{{"name":"{nome}"}}}},"features":[{{"type":"Feature","properties":{{}},"geometry":{{"type":"Polygon","coordinates":[[{}]]}}}}]}}"#,
                coordenadas(&utm)
            );
            let lido = ler("a.geojson", texto.as_bytes()).unwrap_or_else(|e| panic!("{nome}: {e}"));
            assert_eq!(lido.utm, Some((21, true)), "{nome}");
            for (c, (x, y)) in lido.poligonos.0[0].exterior().0.iter().zip(&graus) {
                assert!(
                    (c.x - x).abs() < 1e-12 && (c.y - y).abs() < 1e-12,
                    "{nome}: {c:?}"
                );
            }
        }
        // Graus num crs UTM: dito pelo vértice.
        let e = erro(
            r#"{"type":"Polygon","crs":{"type":"name","properties":{"name":"EPSG:31981"}},"coordinates":[[[-56,-15],[-55.9,-15],[-55.9,-14.9],[-56,-15]]]}"#,
        );
        assert!(
            e.contains("polígono 1, anel 1, vértice 1: [-56, -15] não é UTM"),
            "{e}"
        );
    }

    #[test]
    fn crs_do_sad69_e_de_outro_sistema_recusados_com_o_motivo() {
        let e = erro(
            r#"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::29191"}},"features":[]}"#,
        );
        assert!(
            e.contains("EPSG::29191, do SAD 69") && e.contains("ProGriD"),
            "{e}"
        );
        let e = erro(
            r#"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"EPSG:3857"}},"features":[]}"#,
        );
        assert!(
            e.contains("EPSG:3857; o divisa lê GeoJSON em graus SIRGAS 2000"),
            "{e}"
        );
    }

    #[test]
    fn bytes_ao_acaso_nunca_entram_em_panico() {
        let mut estado = 0x2392_u64;
        let base = br#"{"type":"Polygon","coordinates":[[[-56,-15],[-55.9,-15],[-55.9,-14.9],[-56,-15]]]}"#;
        for _ in 0..5_000 {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            let mut bytes = base.to_vec();
            let posicao = (estado % bytes.len() as u64) as usize;
            bytes[posicao] = (estado >> 32) as u8;
            bytes.truncate(bytes.len() - (estado >> 40) as usize % 8);
            let _ = ler_geojson("x.geojson", &bytes);
        }
    }
}

#[cfg(test)]
mod testes_de_degenerados {
    use super::*;

    /// A BOM do UTF-8 é aceita; aninhamento fundo demais é dito pelo nome.
    #[test]
    fn bom_aceita_e_aninhamento_fundo_dito() {
        let quadrado = "{\"type\":\"Polygon\",\"coordinates\":[[[-53.0,-16.5],[-53.0,-16.501],[-52.999,-16.501],[-52.999,-16.5],[-53.0,-16.5]]]}";
        let com_bom = [b"\xef\xbb\xbf".as_slice(), quadrado.as_bytes()].concat();
        assert!(ler("area.geojson", &com_bom).is_ok());
        let fundo = format!("{}{}", "[".repeat(500), "]".repeat(500));
        let e = ler("area.geojson", fundo.as_bytes()).unwrap_err();
        assert!(e.to_string().contains("aninhamento fundo demais"), "{e}");
    }

    /// Três vértices alinhados, ou um triângulo de centímetros: área nula, território recusado
    /// (fato impossível), não medido como 0 km².
    #[test]
    fn territorio_de_area_nula_e_recusado() {
        for (coordenadas, motivo) in [
            // alinhados: o limite vai e volta (espinho)
            (
                "[[-53.0,-16.5],[-53.1,-16.5],[-53.2,-16.5],[-53.0,-16.5]]",
                "espinho",
            ),
            // um triângulo de um centímetro: área que não chega a 1 m²
            (
                "[[-53.0,-16.5],[-53.0000001,-16.5],[-53.0,-16.5000001],[-53.0,-16.5]]",
                "área nula",
            ),
        ] {
            let geojson = format!("{{\"type\":\"Polygon\",\"coordinates\":[{coordenadas}]}}");
            match ler("area.geojson", geojson.as_bytes()) {
                Err(ErroLeitura::Invalido { problemas, .. }) => {
                    assert!(
                        problemas.iter().any(|p| p.contains(motivo)),
                        "{problemas:?}"
                    );
                }
                outro => panic!("deveria recusar: {outro:?}"),
            }
        }
        // um quadrado de 100 m passa
        let bom = "{\"type\":\"Polygon\",\"coordinates\":[[[-53.0,-16.5],[-53.0,-16.501],[-52.999,-16.501],[-52.999,-16.5],[-53.0,-16.5]]]}";
        assert!(ler("area.geojson", bom.as_bytes()).is_ok());
    }
}
