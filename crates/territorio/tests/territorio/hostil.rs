//! Entrada hostil gerada (issue 14): cada leitor de território diante de arquivos montados
//! por `proptest` — estruturas quase certas com números, textos e referências ao acaso. Nenhum
//! pode entrar em pânico; o que ele aceita tem de ter área finita e maior que zero.
//!
//! Por padrão, 256 casos por leitor (o `cargo test`). Para uma rodada maior, fora dos testes
//! de todo dia:
//!
//! ```sh
//! PROPTEST_CASES=20000 cargo test --release -p divisa-territorio --test territorio hostil
//! ```

use divisa_territorio::leitura::memorial::{ler_memorial, ler_memorial_no_brasil};
use divisa_territorio::leitura::{ler, ler_no_brasil, Territorio};
use proptest::prelude::*;

const SIGEF_TEXTO: &str = include_str!("../memoriais/sigef_texto.txt");
const SIGEF_TABELA: &str = include_str!("../memoriais/sigef_tabela.txt");

fn aceito_tem_area(t: &Territorio) {
    let area = divisa_territorio::geodesia::area_geodesica(&t.poligonos).area_m2;
    assert!(area.is_finite() && area >= 1.0, "aceito com área {area}");
}

/// Um número como um arquivo hostil escreveria: normal, enorme, minúsculo, com expoente.
fn numero() -> impl Strategy<Value = String> {
    prop_oneof![
        (-60.0f64..-50.0).prop_map(|v| format!("{v}")),
        (-20.0f64..-7.0).prop_map(|v| format!("{v}")),
        Just("1e309".to_owned()),
        Just("-0".to_owned()),
        Just("18446744073709551616".to_owned()),
        (-1e12f64..1e12).prop_map(|v| format!("{v:e}")),
    ]
}

proptest! {
    #[test]
    fn geojson_com_numeros_ao_acaso(pontos in prop::collection::vec((numero(), numero()), 0..40)) {
        let anel: Vec<String> = pontos.iter().map(|(x, y)| format!("[{x},{y}]")).collect();
        let texto = format!("{{\"type\":\"Polygon\",\"coordinates\":[[{}]]}}", anel.join(","));
        if let Ok(t) = ler("a.geojson", texto.as_bytes()) {
            aceito_tem_area(&t);
        }
    }

    #[test]
    fn kml_com_referencias_e_cdata(pedacos in prop::collection::vec(
        prop_oneof![
            numero(),
            Just(",".to_owned()),
            Just(" ".to_owned()),
            Just("&#45;".to_owned()),
            Just("&#x2D;".to_owned()),
            Just("&amp;".to_owned()),
            Just("&desconhecida;".to_owned()),
            Just("<![CDATA[".to_owned()),
            Just("]]>".to_owned()),
            Just("</coordinates>".to_owned()),
        ],
        0..60,
    )) {
        let texto = format!(
            "<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>{}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>",
            pedacos.concat()
        );
        if let Ok(t) = ler("a.kml", texto.as_bytes()) {
            aceito_tem_area(&t);
        }
    }

    #[test]
    fn memorial_com_unicode_que_muda_de_tamanho(pedacos in prop::collection::vec(
        prop_oneof![
            Just("\u{212A}".to_owned()),
            Just("İ".to_owned()),
            Just("ẞ".to_owned()),
            Just("VÉRTICE ".to_owned()),
            Just("vértice V-".to_owned()),
            Just("N ".to_owned()),
            Just("E ".to_owned()),
            Just(" m".to_owned()),
            Just("zona 22S".to_owned()),
            Just("azimute ".to_owned()),
            Just("distância ".to_owned()),
            (0u32..9_999_999).prop_map(|v| format!("{v},00")),
            Just("\n".to_owned()),
        ],
        0..80,
    )) {
        let _ = ler_memorial("m.txt", pedacos.concat().as_bytes());
    }

    /// Os pedaços dos memoriais do SIGEF (texto e tabela) em ordem ao acaso: números enormes,
    /// texto que parece número ("NaN", "inf"), aspas e plicas desbalanceadas, hemisférios,
    /// códigos com a letra O, cabeçalhos de zona e de sistema geodésico.
    #[test]
    fn memorial_sigef_com_pedacos_ao_acaso(pedacos in prop::collection::vec(
        prop_oneof![
            Just("Inicia-se a descrição deste perímetro no vértice ABCD-M-0001, de coordenadas ".to_owned()),
            Just(" até o vértice ABCD-M-0002, de coordenadas ".to_owned()),
            Just(" até o vértice ABCD-M-OOO3, de coordenadas ".to_owned()),
            Just(" até o vértice ABCD-M-0001, ponto inicial da descrição deste perímetro.".to_owned()),
            Just("Longitude: ".to_owned()),
            Just("Latitude: ".to_owned()),
            Just("Long.: ".to_owned()),
            Just(" e Altitude: ".to_owned()),
            Just("; deste, segue confrontando com X, com os seguintes azimute e distância: ".to_owned()),
            Just("ABCD-M-0004\t".to_owned()),
            numero(),
            (0u32..360).prop_map(|g| format!("{g}°")),
            (0u32..99).prop_map(|m| format!("{m}'")),
            (0u32..99_999).prop_map(|s| format!("{},{:03}\"", s / 1000, s % 1000)),
            Just("99999999999999999999999999999999999999".to_owned()),
            Just("1e309".to_owned()),
            Just("NaN".to_owned()),
            Just("inf".to_owned()),
            Just("-".to_owned()),
            Just("−".to_owned()),
            Just("–".to_owned()),
            Just("°".to_owned()),
            Just("º".to_owned()),
            Just("'".to_owned()),
            Just("\"".to_owned()),
            Just("″".to_owned()),
            Just("’".to_owned()),
            Just("“".to_owned()),
            Just(",".to_owned()),
            Just(".".to_owned()),
            Just(" W".to_owned()),
            Just(" S".to_owned()),
            Just(" N".to_owned()),
            Just(" E ".to_owned()),
            Just(" m".to_owned()),
            Just(" ha".to_owned()),
            Just("Área: ".to_owned()),
            Just("Perímetro (m): ".to_owned()),
            Just("SAD 69 ".to_owned()),
            Just("SIRGAS 2000 ".to_owned()),
            Just("Fuso 21 ".to_owned()),
            Just("MC-57° ".to_owned()),
            Just("zona 99 ".to_owned()),
            Just("Área encravada: ".to_owned()),
            Just("\n".to_owned()),
            Just("\t".to_owned()),
            Just(" ".to_owned()),
        ],
        0..120,
    )) {
        let texto = pedacos.concat();
        let _ = ler_memorial("m.txt", texto.as_bytes());
        let _ = ler_memorial_no_brasil("m.txt", texto.as_bytes());
        for lido in [ler("m.txt", texto.as_bytes()), ler_no_brasil("m.txt", texto.as_bytes(), None)].into_iter().flatten() {
            aceito_tem_area(&lido);
        }
    }

    /// O memorial do SIGEF (texto e tabela) com bytes trocados e cortado ao acaso.
    #[test]
    fn memorial_sigef_estragado_ao_acaso(
        tabela in any::<bool>(),
        trocas in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..8),
        corte in any::<prop::sample::Index>(),
    ) {
        let mut bytes = if tabela { SIGEF_TABELA } else { SIGEF_TEXTO }.as_bytes().to_vec();
        for (posicao, byte) in trocas {
            let i = posicao.index(bytes.len());
            bytes[i] = byte;
        }
        bytes.truncate(corte.index(bytes.len() + 1));
        let _ = ler_memorial("m.txt", &bytes);
        if let Ok(t) = ler_no_brasil("m.txt", &bytes, None) {
            aceito_tem_area(&t);
        }
    }

    /// Blobs de geometria GeoPackage ao acaso, e blobs bem formados com contagens mentirosas
    /// (partes, anéis, vértices): nunca pânico, nunca um pedido de memória pela contagem.
    #[test]
    fn blob_de_geopackage_ao_acaso(
        bytes in prop::collection::vec(any::<u8>(), 0..300),
        partes in any::<u32>(),
        aneis in any::<u32>(),
        vertices in any::<u32>(),
        srs in prop::sample::select(vec![4674i64, 4326, 31981, 31982, 29193, 0, -1, i64::MAX]),
    ) {
        use divisa_territorio::leitura::gpkg::{ler_geopackage, CamadaGpkg};
        // cabeçalho GP sem envelope + MultiPolygon WKB com as contagens sorteadas
        let mut mentiroso = vec![b'G', b'P', 0, 0b0000_0001];
        mentiroso.extend_from_slice(&4674i32.to_le_bytes());
        mentiroso.push(1);
        mentiroso.extend_from_slice(&6u32.to_le_bytes());
        mentiroso.extend_from_slice(&partes.to_le_bytes());
        mentiroso.push(1);
        mentiroso.extend_from_slice(&3u32.to_le_bytes());
        mentiroso.extend_from_slice(&aneis.to_le_bytes());
        mentiroso.extend_from_slice(&vertices.to_le_bytes());
        mentiroso.extend_from_slice(&bytes);
        for blob in [bytes.clone(), mentiroso] {
            let camada = CamadaGpkg {
                tabela: "camada".into(),
                srs_organizacao: "EPSG".into(),
                srs_codigo: srs,
                srs_definicao: String::new(),
                geometrias: vec![(1, blob)],
            };
            if let Ok(t) = ler_geopackage("a.gpkg", &camada) {
                aceito_tem_area(&t);
            }
        }
    }

    #[test]
    fn bytes_ao_acaso_em_cada_formato(bytes in prop::collection::vec(any::<u8>(), 0..400), formato in 0usize..7) {
        let nome = ["a.geojson", "a.kml", "a.txt", "a.kmz", "a.zip", "a.shp", "a.dxf"][formato];
        if let Ok(t) = ler(nome, &bytes) {
            aceito_tem_area(&t);
        }
    }
}

/// Um memorial do SIGEF de 100 mil vértices (um círculo de 22 km de raio perto de Vera, MT), em
/// texto e em tabela: lido inteiro, sem pânico, com os 100 mil lados conferidos. O tempo não se
/// mede aqui (a máquina de teste varia); `examples/ler_memorial.rs --grande` mede em release.
#[test]
fn memorial_sigef_de_cem_mil_vertices() {
    let (texto, tabela) = memorial_grande(100_000);
    for (nome, conteudo) in [("texto.txt", texto), ("tabela.txt", tabela)] {
        let lido =
            ler_memorial(nome, conteudo.as_bytes()).unwrap_or_else(|e| panic!("{nome}: {e}"));
        assert_eq!(lido.vertices.len(), 100_000, "{nome}");
        assert!(
            lido.avisos.is_empty(),
            "{nome}: {:?}",
            &lido.avisos[..lido.avisos.len().min(3)]
        );
    }
}

/// O texto e a tabela de um memorial SIGEF de `n` vértices num círculo, com o azimute e a
/// distância geodésicos de cada lado, calculados das coordenadas escritas.
fn memorial_grande(n: usize) -> (String, String) {
    use divisa_referencia::formato::{angulo, decimal};
    use geographiclib_rs::InverseGeodesic;
    let (lon0, lat0, raio_graus) = (-55.5, -12.2, 0.2);
    let arredondar = |g: f64| (g * 3_600_000.0).round() / 3_600_000.0;
    let gms = |g: f64| format!("{}{}", if g < 0.0 { "-" } else { "" }, angulo(g.abs(), 3));
    let pontos: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let t = -(i as f64) / n as f64 * std::f64::consts::TAU;
            (
                arredondar(lon0 + raio_graus * t.cos()),
                arredondar(lat0 + raio_graus * t.sin()),
            )
        })
        .collect();
    let lado = |i: usize| {
        let (a, b) = (pontos[i], pontos[(i + 1) % n]);
        let (s, azi, _, _): (f64, f64, f64, f64) =
            divisa_territorio::geodesia::sirgas2000().inverse(a.1, a.0, b.1, b.0);
        (angulo(azi.rem_euclid(360.0), 0), decimal(s, 2))
    };
    let codigo = |i: usize| format!("ABCD-M-{:06}", i % n + 1);
    let mut texto = String::from("MEMORIAL DESCRITIVO\nSIRGAS 2000\n");
    let mut tabela = String::from(
        "SIRGAS 2000\nCódigo\tLongitude\tLatitude\tAltitude (m)\tCódigo\tAzimute\tDist. (m)\n",
    );
    texto.push_str(&format!(
        "Inicia-se a descrição deste perímetro no vértice {}, de coordenadas Longitude: {}, Latitude: {} e Altitude: 350,00 m",
        codigo(0),
        gms(pontos[0].0),
        gms(pontos[0].1)
    ));
    for i in 0..n {
        let j = (i + 1) % n;
        let (azimute, distancia) = lado(i);
        texto.push_str(&format!(
            "; deste, segue confrontando com Fazenda {i}, com os seguintes azimute e distância: {azimute} e {distancia} m até o vértice {}",
            codigo(j)
        ));
        if j == 0 {
            texto.push_str(", ponto inicial da descrição deste perímetro.\n");
        } else {
            texto.push_str(&format!(
                ", de coordenadas Longitude: {}, Latitude: {} e Altitude: {} m\n",
                gms(pontos[j].0),
                gms(pontos[j].1),
                decimal(350.0 + (j % 7) as f64, 2)
            ));
        }
        tabela.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{azimute}\t{distancia}\tFazenda {i}\n",
            codigo(i),
            gms(pontos[i].0),
            gms(pontos[i].1),
            decimal(350.0 + (i % 7) as f64, 2),
            codigo(j)
        ));
    }
    (texto, tabela)
}
