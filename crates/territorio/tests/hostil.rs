//! Entrada hostil gerada (issue 14): cada leitor de território diante de arquivos montados
//! por `proptest` — estruturas quase certas com números, textos e referências ao acaso. Nenhum
//! pode entrar em pânico; o que ele aceita tem de ter área finita e maior que zero.
//!
//! Por padrão, 256 casos por leitor (o `cargo test`). Para uma rodada maior, fora dos testes
//! de todo dia:
//!
//! ```sh
//! PROPTEST_CASES=20000 cargo test --release -p divisa-territorio --test hostil
//! ```

use divisa_territorio::leitura::{ler, Territorio};
use divisa_territorio::leitura_memorial::ler_memorial;
use proptest::prelude::*;

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

    #[test]
    fn bytes_ao_acaso_em_cada_formato(bytes in prop::collection::vec(any::<u8>(), 0..400), formato in 0usize..5) {
        let nome = ["a.geojson", "a.kml", "a.txt", "a.kmz", "a.zip"][formato];
        if let Ok(t) = ler(nome, &bytes) {
            aceito_tem_area(&t);
        }
    }
}
