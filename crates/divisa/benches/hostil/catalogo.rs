//! As entradas do catálogo hostil: os geradores (círculos, anéis, KML, GeoPackage, zip), as
//! mutações ao acaso (sempre as mesmas, de uma semente fixa) e a lista de casos por família.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use super::{hash, Caso, MEGA};

/// Um gerador pseudoaleatório fixo (xorshift): o catálogo é o mesmo em toda execução.
struct Sorteio(u64);

impl Sorteio {
    fn proximo(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn ate(&mut self, n: usize) -> usize {
        (self.proximo() % n.max(1) as u64) as usize
    }
}

/// Estraga `bytes` do jeito comum: troca, apaga, insere, duplica um trecho ou corta.
fn mutar(bytes: &[u8], s: &mut Sorteio) -> (String, Vec<u8>) {
    let mut b = bytes.to_vec();
    let estragos = 1 + s.ate(4);
    let mut nomes = Vec::new();
    for _ in 0..estragos {
        if b.is_empty() {
            break;
        }
        let i = s.ate(b.len());
        match s.ate(6) {
            0 => {
                b[i] = s.proximo() as u8;
                nomes.push(format!("troca@{i}"));
            }
            1 => {
                let n = (1 + s.ate(16)).min(b.len() - i);
                b.drain(i..i + n);
                nomes.push(format!("apaga{n}@{i}"));
            }
            2 => {
                let novos: &[&[u8]] = &[
                    b"\0",
                    b"\xff\xfe",
                    b"-",
                    b"9999999999999999999999",
                    b"NaN",
                    b"\"",
                    b"]",
                    b"{",
                    b"<",
                    b"&#1;",
                    b"\xe2\x84\xaa",
                    b"\r\n",
                ];
                let novo = novos[s.ate(novos.len())];
                b.splice(i..i, novo.iter().copied());
                nomes.push(format!("insere@{i}"));
            }
            3 => {
                let n = (1 + s.ate(64)).min(b.len() - i);
                let trecho = b[i..i + n].to_vec();
                b.splice(i..i, trecho);
                nomes.push(format!("duplica{n}@{i}"));
            }
            4 => {
                b.truncate(i);
                nomes.push(format!("corta@{i}"));
            }
            _ => {
                // um dígito trocado por outro: o arquivo continua bem formado
                if let Some(j) = (i..b.len()).find(|&j| b[j].is_ascii_digit()) {
                    b[j] = b'0' + s.ate(10) as u8;
                    nomes.push(format!("digito@{j}"));
                }
            }
        }
    }
    (nomes.join("+"), b)
}

fn ler(exemplos: &Path, nome: &str) -> Vec<u8> {
    std::fs::read(exemplos.join(nome)).unwrap_or_else(|e| panic!("exemplo {nome}: {e}"))
}

/// Um anel em graus dentro de Mato Grosso (perto de Cuiabá), com `n` vértices num círculo.
fn circulo(n: usize, raio: f64, cx: f64, cy: f64) -> Vec<(f64, f64)> {
    let mut v: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64;
            (cx + raio * a.cos(), cy + raio * a.sin())
        })
        .collect();
    v.push(v[0]);
    v
}

fn anel_json(anel: &[(f64, f64)]) -> String {
    let mut s = String::from("[");
    for (i, (x, y)) in anel.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "[{x:.7},{y:.7}]");
    }
    s.push(']');
    s
}

fn geojson_poligono(aneis: &[String]) -> String {
    format!(
        r#"{{"type":"FeatureCollection","features":[{{"type":"Feature","properties":{{}},"geometry":{{"type":"Polygon","coordinates":[{}]}}}}]}}"#,
        aneis.join(",")
    )
}

fn geojson_geometria(geometria: &str) -> String {
    format!(
        r#"{{"type":"FeatureCollection","features":[{{"type":"Feature","properties":{{}},"geometry":{geometria}}}]}}"#
    )
}

fn kml(coordenadas: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>{coordenadas}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>"#
    )
}

fn kml_coords(anel: &[(f64, f64)]) -> String {
    anel.iter()
        .map(|(x, y)| format!("{x:.7},{y:.7},0"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A proposta de desmembramento do exemplo com o território em `arquivo`.
fn proposta_com_area(arquivo: &str) -> String {
    format!(
        "tipo = \"desmembramento\"\ndata_referencia = 2027-03-10\n\n[desmembramento]\ncedente = 5107198\nreceptor = 5106703\narea = \"{arquivo}\"\n"
    )
}

fn gpkg(sql: &str) -> Vec<u8> {
    let caminho = std::env::temp_dir().join(format!(
        "divisa-hostil-gpkg-{}-{:x}.gpkg",
        std::process::id(),
        hash(sql)
    ));
    let _ = std::fs::remove_file(&caminho);
    {
        let banco = rusqlite::Connection::open(&caminho).expect("sqlite");
        banco
            .execute_batch(&format!(
                "PRAGMA application_id = 0x47504B47;
                 CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT, srs_id INTEGER PRIMARY KEY, organization TEXT, organization_coordsys_id INTEGER, definition TEXT);
                 INSERT INTO gpkg_spatial_ref_sys VALUES ('SIRGAS 2000', 4674, 'EPSG', 4674, 'GEOGCS[\"SIRGAS 2000\"]');
                 CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT, identifier TEXT, srs_id INTEGER);
                 INSERT INTO gpkg_contents VALUES ('camada', 'features', 'camada', 4674);
                 CREATE TABLE gpkg_geometry_columns (table_name TEXT, column_name TEXT, geometry_type_name TEXT, srs_id INTEGER, z INTEGER, m INTEGER);
                 INSERT INTO gpkg_geometry_columns VALUES ('camada', 'geom', 'POLYGON', 4674, 0, 0);
                 {sql}"
            ))
            .expect("gpkg do caso");
    }
    let bytes = std::fs::read(&caminho).expect("gpkg escrito");
    let _ = std::fs::remove_file(&caminho);
    bytes
}

/// O blob GeoPackage (cabeçalho "GP" sem envelope, SRS 4674) de um polígono de várias partes.
fn blob_multipoligono(partes: &[Vec<(f64, f64)>]) -> Vec<u8> {
    let mut b = vec![b'G', b'P', 0, 0b0000_0001];
    b.extend_from_slice(&4674i32.to_le_bytes());
    b.push(1);
    b.extend_from_slice(&6u32.to_le_bytes());
    b.extend_from_slice(&(partes.len() as u32).to_le_bytes());
    for anel in partes {
        b.push(1);
        b.extend_from_slice(&3u32.to_le_bytes());
        b.extend_from_slice(&1u32.to_le_bytes());
        b.extend_from_slice(&(anel.len() as u32).to_le_bytes());
        for (x, y) in anel {
            b.extend_from_slice(&x.to_le_bytes());
            b.extend_from_slice(&y.to_le_bytes());
        }
    }
    b
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn zip_de(entradas: &[(&str, &[u8])]) -> Vec<u8> {
    let mut saida = std::io::Cursor::new(Vec::new());
    {
        let mut z = zip::ZipWriter::new(&mut saida);
        let opcoes = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (nome, bytes) in entradas {
            z.start_file(*nome, opcoes).expect("zip");
            z.write_all(bytes).expect("zip");
        }
        z.finish().expect("zip");
    }
    saida.into_inner()
}

pub(super) fn catalogo(exemplos: &Path, mutacoes: usize) -> Vec<Caso> {
    let mut casos = Vec::new();
    let geojson = ler(exemplos, "area_ribeiraozinho.geojson");
    let memorial = ler(exemplos, "area_ribeiraozinho_memorial.txt");
    let gpkg_ok = ler(exemplos, "area_ribeiraozinho_utm22s.gpkg");
    let shp_zip = ler(exemplos, "area_ribeiraozinho_utm22s.zip");
    let memorial_txt = String::from_utf8_lossy(&memorial).into_owned();

    // Controle: o que é válido passa (e dá o piso de memória).
    casos.push(Caso::memorial(
        "controle",
        "geojson do exemplo",
        "a.geojson",
        geojson.clone(),
    ));
    // a avaliação mais pesada dos exemplos (a fusão carrega a malha para a continuidade)
    casos.push(
        Caso::novo("controle", "fusão do exemplo", &["avaliar", "p.toml"])
            .com("p.toml", ler(exemplos, "fusao.toml")),
    );
    casos.push(Caso::memorial(
        "controle",
        "memorial em texto do exemplo",
        "a.txt",
        memorial.clone(),
    ));
    casos.push(
        Caso::novo("controle", "proposta com área", &["avaliar", "p.toml"])
            .com("p.toml", proposta_com_area("a.geojson"))
            .com("a.geojson", geojson.clone()),
    );

    // ── GeoJSON ──
    let f = "geojson";
    let mut bom = b"\xef\xbb\xbf".to_vec();
    bom.extend_from_slice(&geojson);
    casos.push(Caso::memorial(f, "com BOM UTF-8", "a.geojson", bom));
    for profundidade in [200usize, 10_000, 1_000_000] {
        let s = "[".repeat(profundidade) + &"]".repeat(profundidade);
        casos.push(Caso::memorial(
            f,
            format!("aninhado {profundidade} níveis"),
            "a.geojson",
            format!(r#"{{"type":"Polygon","coordinates":{s}}}"#),
        ));
    }
    let dentro = circulo(12, 0.05, -56.0, -15.5);
    for (nome, numero) in [
        ("NaN", "NaN"),
        ("Infinity", "Infinity"),
        ("1e400", "1e400"),
        ("-0", "-0"),
        ("string", "\"-56\""),
        ("null", "null"),
        ("lat 200", "200"),
        ("19 dígitos", "-56.0000000000000000001"),
    ] {
        let mut anel = anel_json(&dentro);
        anel = anel.replacen("-56.0500000", numero, 1);
        casos.push(Caso::memorial(
            f,
            format!("número {nome}"),
            "a.geojson",
            geojson_poligono(&[anel]),
        ));
    }
    for crs in [
        "EPSG:3857",
        "urn:ogc:def:crs:EPSG::29193",
        "urn:ogc:def:crs:EPSG::31981",
        "EPSG:31999",
        "qualquer coisa",
    ] {
        let s = format!(
            r#"{{"type":"FeatureCollection","crs":{{"type":"name","properties":{{"name":"{crs}"}}}},"features":[{{"type":"Feature","properties":{{}},"geometry":{{"type":"Polygon","coordinates":[{}]}}}}]}}"#,
            anel_json(&dentro)
        );
        casos.push(Caso::memorial(f, format!("crs {crs}"), "a.geojson", s));
    }
    for (nome, geometria) in [
        ("Point", r#"{"type":"Point","coordinates":[-56,-15.5]}"#.to_string()),
        ("MultiPoint", r#"{"type":"MultiPoint","coordinates":[[-56,-15.5],[-56.1,-15.5]]}"#.to_string()),
        ("LineString", r#"{"type":"LineString","coordinates":[[-56,-15.5],[-56.1,-15.5]]}"#.to_string()),
        ("GeometryCollection", format!(r#"{{"type":"GeometryCollection","geometries":[{{"type":"Polygon","coordinates":[{}]}}]}}"#, anel_json(&dentro))),
        ("null", "null".to_string()),
        ("tipo desconhecido", r#"{"type":"Circle","coordinates":[-56,-15.5]}"#.to_string()),
        ("Polygon vazio", r#"{"type":"Polygon","coordinates":[]}"#.to_string()),
        ("anel vazio", r#"{"type":"Polygon","coordinates":[[]]}"#.to_string()),
        ("anel de 1 vértice", r#"{"type":"Polygon","coordinates":[[[-56,-15.5]]]}"#.to_string()),
        ("anel de 2 vértices", r#"{"type":"Polygon","coordinates":[[[-56,-15.5],[-56.1,-15.5]]]}"#.to_string()),
        ("três colineares", r#"{"type":"Polygon","coordinates":[[[-56,-15.5],[-56.1,-15.5],[-56.2,-15.5],[-56,-15.5]]]}"#.to_string()),
        ("área que arredonda a zero", r#"{"type":"Polygon","coordinates":[[[-56,-15.5],[-56.0000001,-15.5],[-56.0000001,-15.5000001],[-56,-15.5]]]}"#.to_string()),
        ("todos no mesmo ponto", r#"{"type":"Polygon","coordinates":[[[-56,-15.5],[-56,-15.5],[-56,-15.5],[-56,-15.5]]]}"#.to_string()),
        ("anel aberto", r#"{"type":"Polygon","coordinates":[[[-56,-15.5],[-56.1,-15.5],[-56.1,-15.6]]]}"#.to_string()),
        ("gravata (autointerseção)", r#"{"type":"Polygon","coordinates":[[[-56,-15.5],[-56.1,-15.6],[-56.1,-15.5],[-56,-15.6],[-56,-15.5]]]}"#.to_string()),
        ("fora de MT (São Paulo)", format!(r#"{{"type":"Polygon","coordinates":[{}]}}"#, anel_json(&circulo(12, 0.05, -46.6, -23.5)))),
        ("fora do globo", r#"{"type":"Polygon","coordinates":[[[-56,-95],[-56.1,-95],[-56.1,-96],[-56,-95]]]}"#.to_string()),
        ("buraco fora da casca", format!(r#"{{"type":"Polygon","coordinates":[{},{}]}}"#, anel_json(&dentro), anel_json(&circulo(8, 0.01, -55.0, -15.0)))),
        ("coordenada com 5 campos", r#"{"type":"Polygon","coordinates":[[[-56,-15.5,1,2,3],[-56.1,-15.5,1,2,3],[-56.1,-15.6,1,2,3],[-56,-15.5,1,2,3]]]}"#.to_string()),
    ] {
        casos.push(Caso::memorial(f, nome, "a.geojson", geojson_geometria(&geometria)));
    }
    // pesados: muitos vértices, muitas partes, muitas autointerseções
    for n in [100_000usize, 1_000_000] {
        casos.push(Caso::memorial(
            f,
            format!("círculo de {n} vértices"),
            "a.geojson",
            geojson_poligono(&[anel_json(&circulo(n, 0.3, -56.0, -15.5))]),
        ));
    }
    {
        let partes: Vec<String> = (0..20_000)
            .map(|i| {
                let (x, y) = (
                    -57.0 + (i % 200) as f64 * 0.01,
                    -15.0 - (i / 200) as f64 * 0.01,
                );
                format!(
                    "[{}]",
                    anel_json(&[(x, y), (x + 0.005, y), (x + 0.005, y - 0.005), (x, y)])
                )
            })
            .collect();
        casos.push(Caso::memorial(
            f,
            "20.000 partes",
            "a.geojson",
            geojson_geometria(&format!(
                r#"{{"type":"MultiPolygon","coordinates":[{}]}}"#,
                partes.join(",")
            )),
        ));
    }
    for n in [2_000usize, 20_000] {
        // zigue-zague que cruza a si mesmo ~n²/4 vezes
        let mut anel: Vec<(f64, f64)> = (0..n)
            .map(|i| {
                let x = -56.0 + 0.2 * (i % 2) as f64;
                let y = -15.0 - 0.5 * i as f64 / n as f64;
                if i % 4 < 2 {
                    (x, y)
                } else {
                    (x + 0.1 - 0.2 * (i % 2) as f64, y)
                }
            })
            .collect();
        anel.push((-55.0, -16.0));
        anel.push(anel[0]);
        casos.push(Caso::memorial(
            f,
            format!("zigue-zague autointersectante de {n} vértices"),
            "a.geojson",
            geojson_poligono(&[anel_json(&anel)]),
        ));
        let estrela: Vec<(f64, f64)> = (0..=n)
            .map(|i| {
                let a = std::f64::consts::TAU * (i * (n / 2 - 1)) as f64 / n as f64;
                (-56.0 + 0.2 * a.cos(), -15.5 + 0.2 * a.sin())
            })
            .collect();
        casos.push(Caso::memorial(
            f,
            format!("estrela de {n} pontas (cordas cruzadas)"),
            "a.geojson",
            geojson_poligono(&[anel_json(&estrela)]),
        ));
    }
    {
        // uma casca com 5.000 buracos pequenos
        let casca = anel_json(&circulo(64, 0.5, -56.0, -15.5));
        let mut aneis = vec![casca];
        for i in 0..5_000 {
            let (x, y) = (
                -56.3 + (i % 70) as f64 * 0.008,
                -15.8 + (i / 70) as f64 * 0.008,
            );
            aneis.push(anel_json(&[
                (x, y),
                (x, y + 0.003),
                (x + 0.003, y + 0.003),
                (x, y),
            ]));
        }
        casos.push(Caso::memorial(
            f,
            "casca com 5.000 buracos",
            "a.geojson",
            geojson_poligono(&aneis),
        ));
    }
    // a avaliação inteira (leitura, validação, recorte, sedes, continuidade) de áreas pesadas
    // dentro de Ribeirãozinho, o cedente do exemplo
    for n in [10_000usize, 100_000, 1_000_000] {
        casos.push(
            Caso::novo(
                "avaliar área pesada",
                format!("círculo de {n} vértices"),
                &["avaliar", "p.toml"],
            )
            .com("p.toml", proposta_com_area("a.geojson"))
            .com(
                "a.geojson",
                geojson_poligono(&[anel_json(&circulo(n, 0.008, -52.87, -16.62))]),
            ),
        );
    }
    let mut sorteio = Sorteio(0x5eed_0001);
    for _ in 0..mutacoes {
        let (nome, b) = mutar(&geojson, &mut sorteio);
        casos.push(Caso::memorial("geojson mutado", nome, "a.geojson", b));
    }

    // ── KML ──
    let f = "kml";
    let bom_kml = kml(&kml_coords(&dentro));
    casos.push(Caso::memorial(f, "válido", "a.kml", bom_kml.clone()));
    casos.push(Caso::memorial(
        f,
        "cortado no meio",
        "a.kml",
        bom_kml[..bom_kml.len() / 2].to_string(),
    ));
    casos.push(Caso::memorial(
        f,
        "sem fechar a raiz",
        "a.kml",
        bom_kml.replace("</kml>", ""),
    ));
    casos.push(Caso::memorial(
        f,
        "cortado depois de um Placemark",
        "a.kml",
        bom_kml.replace(
            "</Document></kml>",
            "<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>-56,-15",
        ),
    ));
    casos.push(Caso::memorial(
        f,
        "bilhão de risadas",
        "a.kml",
        r#"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"><!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"><!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"><!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]><kml><Placemark><name>&lol9;</name><Polygon><outerBoundaryIs><LinearRing><coordinates>-56,-15.5 -56.1,-15.5 -56.1,-15.6 -56,-15.5</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>"#,
    ));
    casos.push(Caso::memorial(
        f,
        "XXE (entidade externa)",
        "a.kml",
        r#"<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><kml><Placemark><name>&xxe;</name><Polygon><outerBoundaryIs><LinearRing><coordinates>-56,-15.5 -56.1,-15.5 -56.1,-15.6 -56,-15.5</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>"#,
    ));
    casos.push(Caso::memorial(
        f,
        "referência de caractere nas coordenadas",
        "a.kml",
        kml("-56&#46;0,-15.5 -56.1,-15.5 -56.1,-15.6 -56,-15.5"),
    ));
    casos.push(Caso::memorial(
        f,
        "CDATA nas coordenadas",
        "a.kml",
        kml("<![CDATA[-56,-15.5 -56.1,-15.5 -56.1,-15.6 -56,-15.5]]>"),
    ));
    casos.push(Caso::memorial(
        f,
        "campos a mais",
        "a.kml",
        kml("-56,-15.5,0,9 -56.1,-15.5,0,9 -56.1,-15.6,0,9 -56,-15.5,0,9"),
    ));
    casos.push(Caso::memorial(
        f,
        "Point",
        "a.kml",
        r#"<kml><Placemark><Point><coordinates>-56,-15.5</coordinates></Point></Placemark></kml>"#,
    ));
    casos.push(Caso::memorial(
        f,
        "200.000 vértices",
        "a.kml",
        kml(&kml_coords(&circulo(200_000, 0.3, -56.0, -15.5))),
    ));
    {
        let partes: String = (0..20_000)
            .map(|i| {
                let (x, y) = (-57.0 + (i % 200) as f64 * 0.01, -15.0 - (i / 200) as f64 * 0.01);
                format!(
                    "<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>{}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>",
                    kml_coords(&[(x, y), (x + 0.005, y), (x + 0.005, y - 0.005), (x, y)])
                )
            })
            .collect();
        casos.push(Caso::memorial(
            f,
            "20.000 partes",
            "a.kml",
            format!("<kml><Document>{partes}</Document></kml>"),
        ));
    }
    casos.push(Caso::memorial(
        f,
        "aninhado 100.000 níveis",
        "a.kml",
        format!(
            "<kml>{}{}</kml>",
            "<Folder>".repeat(100_000),
            "</Folder>".repeat(100_000)
        ),
    ));
    let mut sorteio = Sorteio(0x5eed_0002);
    for _ in 0..mutacoes {
        let (nome, b) = mutar(bom_kml.as_bytes(), &mut sorteio);
        casos.push(Caso::memorial("kml mutado", nome, "a.kml", b));
    }

    // ── GeoPackage ──
    let f = "geopackage";
    casos.push(Caso::memorial(
        f,
        "válido (exemplo)",
        "a.gpkg",
        gpkg_ok.clone(),
    ));
    casos.push(Caso::memorial(f, "visão recursiva", "a.gpkg", gpkg("CREATE VIEW camada AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x AS fid, zeroblob(10) AS geom FROM r;")));
    casos.push(Caso::memorial(f, "zeroblob de 40 MB", "a.gpkg", gpkg("CREATE TABLE camada (fid INTEGER PRIMARY KEY, geom BLOB); INSERT INTO camada VALUES (1, zeroblob(40000000));")));
    casos.push(Caso::memorial(f, "10.000 linhas de zeroblob", "a.gpkg", gpkg("CREATE TABLE camada (fid INTEGER PRIMARY KEY, geom BLOB); WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 10000) INSERT INTO camada SELECT x, zeroblob(100000) FROM r;")));
    casos.push(Caso::memorial(f, "gatilho na tabela", "a.gpkg", gpkg("CREATE TABLE camada (fid INTEGER PRIMARY KEY, geom BLOB); CREATE TABLE t (x); CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; END;")));
    casos.push(Caso::memorial(f, "geometria que não é blob", "a.gpkg", gpkg("CREATE TABLE camada (fid INTEGER PRIMARY KEY, geom TEXT); INSERT INTO camada VALUES (1, 'POLYGON((0 0,1 0,1 1,0 0))');")));
    casos.push(Caso::memorial(
        f,
        "sem a camada",
        "a.gpkg",
        gpkg("SELECT 1;"),
    ));
    let partes: Vec<Vec<(f64, f64)>> = (0..20_000)
        .map(|i| {
            let (x, y) = (
                -57.0 + (i % 200) as f64 * 0.01,
                -15.0 - (i / 200) as f64 * 0.01,
            );
            vec![(x, y), (x + 0.005, y), (x + 0.005, y - 0.005), (x, y)]
        })
        .collect();
    casos.push(Caso::memorial(f, "20.000 partes", "a.gpkg", gpkg(&format!("CREATE TABLE camada (fid INTEGER PRIMARY KEY, geom BLOB); INSERT INTO camada VALUES (1, X'{}');", hex(&blob_multipoligono(&partes))))));
    let mut wkb_mentiroso = blob_multipoligono(std::slice::from_ref(&dentro));
    wkb_mentiroso[13..17].copy_from_slice(&u32::MAX.to_le_bytes());
    casos.push(Caso::memorial(f, "WKB diz 4 bilhões de partes", "a.gpkg", gpkg(&format!("CREATE TABLE camada (fid INTEGER PRIMARY KEY, geom BLOB); INSERT INTO camada VALUES (1, X'{}');", hex(&wkb_mentiroso)))));
    casos.push(Caso::memorial(
        f,
        "não é SQLite",
        "a.gpkg",
        b"isto nao e um banco".to_vec(),
    ));
    casos.push(Caso::memorial(
        f,
        "SQLite cortado",
        "a.gpkg",
        gpkg_ok[..gpkg_ok.len() / 2].to_vec(),
    ));
    let mut sorteio = Sorteio(0x5eed_0003);
    for _ in 0..mutacoes / 2 {
        let (nome, b) = mutar(&gpkg_ok, &mut sorteio);
        casos.push(Caso::memorial("geopackage mutado", nome, "a.gpkg", b));
    }

    // ── Shapefile em .zip ──
    let f = "shapefile zip";
    casos.push(Caso::memorial(
        f,
        "válido (exemplo)",
        "a.zip",
        shp_zip.clone(),
    ));
    casos.push(Caso::memorial(
        f,
        "zip slip",
        "a.zip",
        zip_de(&[
            ("../../../tmp/divisa-zip-slip.shp", b"x"),
            ("a.shx", b"x"),
            ("a.dbf", b"x"),
        ]),
    ));
    let zeros = vec![0u8; 200 * MEGA as usize];
    casos.push(Caso::memorial(
        f,
        "bomba de zip (200 MB de zeros)",
        "a.zip",
        zip_de(&[
            ("a.shp", &zeros),
            ("a.shx", &zeros[..100]),
            ("a.dbf", &zeros[..100]),
        ]),
    ));
    drop(zeros);
    casos.push(Caso::memorial(f, "zip vazio", "a.zip", zip_de(&[])));
    casos.push(Caso::memorial(
        f,
        "não é zip",
        "a.zip",
        b"PK\x03\x04 quebrado".to_vec(),
    ));
    casos.push(Caso::memorial(
        f,
        ".shp sem .shx",
        "a.zip",
        zip_de(&[("a.shp", &shp_zip[..100.min(shp_zip.len())])]),
    ));
    casos.push(Caso::memorial(
        f,
        ".prj com zona 99",
        "a.zip",
        zip_de(&[
            ("a.shp", b"x"),
            ("a.shx", b"x"),
            ("a.dbf", b"x"),
            ("a.prj", b"PROJCS[\"SIRGAS 2000 / UTM zone 99S\"]"),
        ]),
    ));
    let mut sorteio = Sorteio(0x5eed_0004);
    for _ in 0..mutacoes / 2 {
        let (nome, b) = mutar(&shp_zip, &mut sorteio);
        casos.push(Caso::memorial("shapefile mutado", nome, "a.zip", b));
    }

    // ── Memorial descritivo em texto ──
    let f = "memorial";
    casos.push(Caso::memorial(
        f,
        "válido (exemplo)",
        "a.txt",
        memorial.clone(),
    ));
    casos.push(Caso::memorial(
        f,
        "sinal Kelvin (U+212A)",
        "a.txt",
        memorial_txt
            .replacen("zona 22S", "zona 22\u{212A}", 1)
            .replacen("Inicia-se", "\u{212A}Inicia-se", 1),
    ));
    casos.push(Caso::memorial(
        f,
        "İ turco",
        "a.txt",
        memorial_txt
            .replace("Inicia-se", "İnicia-se")
            .replace("vértice", "vİrtice"),
    ));
    casos.push(Caso::memorial(
        f,
        "sem zona",
        "a.txt",
        memorial_txt.replace("zona 22S (meridiano central 51° O)", ""),
    ));
    casos.push(Caso::memorial(
        f,
        "SAD 69",
        "a.txt",
        memorial_txt.replace("SIRGAS 2000", "SAD 69"),
    ));
    casos.push(Caso::memorial(
        f,
        "binário",
        "a.txt",
        (0..=255u8).cycle().take(100_000).collect::<Vec<u8>>(),
    ));
    casos.push(Caso::memorial(
        f,
        "UTF-16",
        "a.txt",
        memorial_txt
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect::<Vec<u8>>(),
    ));
    {
        // 100.000 vértices no formato do exemplo
        let mut texto = String::from("MEMORIAL DESCRITIVO\nSistema geodésico de referência: SIRGAS 2000. Projeção UTM, zona 21S.\nInicia-se a descrição deste perímetro no vértice V-1, de coordenadas N 8.300.000,00 m e E 600.000,00 m; ");
        for i in 2..=100_000u32 {
            let a = std::f64::consts::TAU * f64::from(i) / 100_000.0;
            let _ = write!(
                texto,
                "deste, segue até o vértice V-{i}, de coordenadas N {:.2} m e E {:.2} m; ",
                8_300_000.0 + 20_000.0 * (1.0 - a.cos()),
                600_000.0 + 20_000.0 * a.sin()
            );
        }
        texto.push_str(
            "deste, segue até o vértice V-1, ponto inicial da descrição deste perímetro.",
        );
        casos.push(Caso::memorial(f, "100.000 vértices", "a.txt", texto));
    }
    let mut sorteio = Sorteio(0x5eed_0005);
    for _ in 0..mutacoes {
        let (nome, b) = mutar(&memorial, &mut sorteio);
        casos.push(Caso::memorial("memorial mutado", nome, "a.txt", b));
    }

    // ── Proposta (TOML) e a linha de comando ──
    let f = "proposta";
    let criacao = String::from_utf8_lossy(&ler(exemplos, "criacao.toml")).into_owned();
    for (nome, trocar, por) in [
        (
            "eleitores 2^63",
            "eleitores = ",
            "eleitores = 9223372036854775808 # ",
        ),
        (
            "eleitores 2^64-1",
            "eleitores = ",
            "eleitores = 18446744073709551615 # ",
        ),
        ("eleitores negativos", "eleitores = ", "eleitores = -5 # "),
        (
            "eleitores fracionários",
            "eleitores = ",
            "eleitores = 4000.5 # ",
        ),
        (
            "eleitores texto",
            "eleitores = ",
            "eleitores = \"muitos\" # ",
        ),
        (
            "data 9999-12-31",
            "data_referencia = ",
            "data_referencia = 9999-12-31 # ",
        ),
        (
            "data 9996-01-01",
            "data_referencia = ",
            "data_referencia = 9996-01-01 # ",
        ),
        (
            "data 1900-01-01",
            "data_referencia = ",
            "data_referencia = 1900-01-01 # ",
        ),
        (
            "data com hora",
            "data_referencia = ",
            "data_referencia = 2027-03-10T10:00:00 # ",
        ),
        ("tipo desconhecido", "tipo = ", "tipo = \"anexacao\" # "),
        (
            "campo desconhecido",
            "tipo = ",
            "campo_que_nao_existe = 1\ntipo = ",
        ),
        (
            "nome de 10 MB",
            "tipo = ",
            &format!("nome = \"{}\"\ntipo = ", "a".repeat(10 * MEGA as usize)),
        ),
        ("NUL no texto", "tipo = ", "nome = \"a\0b\"\ntipo = "),
        (
            "tabela aninhada 10.000 níveis",
            "tipo = ",
            &format!(
                "x = {}1{}\ntipo = ",
                "{a=".repeat(10_000),
                "}".repeat(10_000)
            ),
        ),
        (
            "vetor aninhado 100.000 níveis",
            "tipo = ",
            &format!(
                "x = {}1{}\ntipo = ",
                "[".repeat(100_000),
                "]".repeat(100_000)
            ),
        ),
    ] {
        casos.push(
            Caso::novo(f, nome, &["avaliar", "p.toml"])
                .com("p.toml", criacao.replacen(trocar, por, 1)),
        );
    }
    let mut invalido = criacao.clone().into_bytes();
    invalido.extend_from_slice(b"\n# \xff\xfe\n");
    casos.push(Caso::novo(f, "UTF-8 inválido", &["avaliar", "p.toml"]).com("p.toml", invalido));
    for nome in [
        "criacao.toml",
        "desmembramento.toml",
        "fusao.toml",
        "incorporacao.toml",
        "extincao.toml",
        "alteracao_nome.toml",
        "criacao_distrito.toml",
    ] {
        let base = ler(exemplos, nome);
        let mut sorteio = Sorteio(0x5eed_0100 + hash(nome) % 1000);
        for _ in 0..mutacoes / 2 {
            let (estrago, b) = mutar(&base, &mut sorteio);
            casos.push(
                Caso::novo(
                    "proposta mutada",
                    format!("{nome} {estrago}"),
                    &["avaliar", "p.toml"],
                )
                .com("p.toml", b),
            );
        }
    }
    let f = "linha de comando";
    for argumentos in [
        &["avaliar", "nao-existe.toml"][..],
        &["avaliar", "."],
        &["avaliar", "/dev/zero"],
        &["memorial", "/dev/zero"],
        &["memorial", "/dev/urandom"],
        &["avaliar", "c.toml", "--em", "9999-12-31"],
        &["avaliar", "c.toml", "--em", "0000-01-01"],
        &["avaliar", "c.toml", "--em", "1980-01-01"],
        &["avaliar", "c.toml", "--em", "amanhã"],
        &["avaliar", "c.toml", "--formato", "xml"],
        &["lei", "art999", "--em", "9999-12-31"],
        &["lei", "--em", "9996-01-01"],
        &["municipio", "99999999999999999999"],
        &["municipio", ""],
        &["memorial", "a.xyz"],
        &["processo", "listar", "--db", "sqlite://nao-existe.sqlite3"],
        &["processo", "listar", "--db", "sqlite://c.toml"],
        &["auditoria", "verificar", "--db", "sqlite://c.toml"],
        &[
            "auditoria",
            "verificar",
            "--db",
            "postgres://ninguem@127.0.0.1:1/x",
        ],
        &["toponimo", "\u{212A}\u{130}"],
    ] {
        casos.push(
            Caso::novo(f, argumentos.join(" "), argumentos)
                .com("c.toml", criacao.clone())
                .com("a.xyz", b"x".to_vec()),
        );
    }
    casos
}

impl Caso {
    /// `divisa memorial ARQUIVO` (o leitor do território sozinho).
    fn memorial(
        familia: &'static str,
        nome: impl Into<String>,
        arquivo: &str,
        bytes: impl Into<Vec<u8>>,
    ) -> Caso {
        Caso::novo(familia, nome, &["memorial", arquivo]).com(arquivo, bytes)
    }
}
