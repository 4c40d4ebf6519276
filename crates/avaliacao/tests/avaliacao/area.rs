//! O território da proposta lido do arquivo: área geodésica, partes e sedes (Arts. 2º, VI,
//! 8º, § 2º, e 13).

use divisa_lei::{avaliar, Achado, Situacao};

fn escrever(nome: &str, conteudo: &str) -> std::path::PathBuf {
    let diretorio = std::env::temp_dir().join(format!("divisa-area-{}", std::process::id()));
    std::fs::create_dir_all(&diretorio).unwrap();
    std::fs::write(diretorio.join(nome), conteudo).unwrap();
    diretorio
}

fn achados(
    proposta: &str,
    arquivo: &str,
    conteudo: &str,
) -> Result<Vec<Achado>, divisa_avaliacao::ErroProposta> {
    let diretorio = escrever(arquivo, conteudo);
    let lida = divisa_avaliacao::ler(
        "p.toml",
        proposta,
        divisa_avaliacao::Arquivos::Diretorio(&diretorio),
        None,
    )?;
    Ok(avaliar(&lida.fatos, jiff::civil::date(2027, 3, 10))
        .unwrap()
        .achados)
}

fn desmembramento(arquivo: &str) -> String {
    format!("tipo = \"desmembramento\"\n[desmembramento]\ncedente = 5107198\nreceptor = 5106703\narea = \"{arquivo}\"\n")
}

/// Um quadrado de ±0,01° em torno de um ponto.
fn quadrado(lon: f64, lat: f64) -> String {
    let (a, b, c, d) = (lon - 0.01, lon + 0.01, lat - 0.01, lat + 0.01);
    format!(
        r#"{{"type":"Polygon","coordinates":[[[{a},{c}],[{b},{c}],[{b},{d}],[{a},{d}],[{a},{c}]]]}}"#
    )
}

#[test]
fn art13_cpt_sede_municipal_dentro_da_area_nao_atende() {
    let sede = divisa_referencia::mt()
        .unwrap()
        .por_codigo(5107198)
        .unwrap()
        .sede
        .clone()
        .unwrap();
    let lista = achados(
        &desmembramento("sede.geojson"),
        "sede.geojson",
        &quadrado(sede.lon, sede.lat),
    )
    .unwrap();
    let sedes = lista
        .iter()
        .find(|a| a.dispositivo == "art13_cpt" && a.exigido.starts_with("área a desmembrar"))
        .unwrap();
    assert_eq!(sedes.situacao, Situacao::NaoAtende);
    assert!(
        sedes.apurado.contains("sede municipal de Ribeirãozinho"),
        "{}",
        sedes.apurado
    );
}

#[test]
fn art8_par2_mede_o_poligono_pelo_metodo_da_area_do_cedente() {
    let lista = achados(
        &desmembramento("q.geojson"),
        "q.geojson",
        &quadrado(-52.9, -16.6),
    )
    .unwrap();
    let par2 = lista.iter().find(|a| a.dispositivo == "art8_par2").unwrap();
    assert_eq!(par2.situacao, Situacao::Atende);
    // 0,02° × 0,02° a 16,6° S: 2,213 km × 2,133 km.
    assert!(par2.apurado.starts_with("4,7"), "{}", par2.apurado);
    // Contra a área oficial do IBGE (Albers), a parte é medida em Albers; a geodésica vai junto.
    let esperado =
        "do polígono em Albers-IBGE, o método da área oficial do cedente (4,72 km² geodésica";
    assert!(par2.mensagem.contains(esperado), "{}", par2.mensagem);
    let informada = desmembramento("q.geojson") + "area_cedente_km2 = 625.0\n";
    let lista = achados(&informada, "q.geojson", &quadrado(-52.9, -16.6)).unwrap();
    let par2 = lista.iter().find(|a| a.dispositivo == "art8_par2").unwrap();
    let esperado = "área desmembrada geodésica (GRS80) do polígono";
    assert!(par2.mensagem.contains(esperado), "{}", par2.mensagem);
}

#[test]
fn art2_cpt_inc6_territorio_em_duas_partes_nao_e_continuo() {
    let duas = r#"{"type":"MultiPolygon","coordinates":[[[[-52.0,-11.0],[-51.99,-11.0],[-51.99,-10.99],[-52.0,-11.0]]],[[[-52.1,-11.0],[-52.09,-11.0],[-52.09,-10.99],[-52.1,-11.0]]]]}"#;
    let proposta = "tipo = \"criacao\"\n[novo]\norigens = [5107859]\narea = \"duas.geojson\"\n";
    let lista = achados(proposta, "duas.geojson", duas).unwrap();
    let inc6 = lista
        .iter()
        .find(|a| a.dispositivo == "art2_cpt_inc6")
        .unwrap();
    assert_eq!(inc6.situacao, Situacao::NaoAtende);
    assert!(
        inc6.mensagem.contains("2 partes separadas"),
        "{}",
        inc6.mensagem
    );
}

#[test]
fn geojson_com_coordenadas_trocadas_e_entrada_invalida() {
    let trocado = r#"{"type":"Polygon","coordinates":[[[-16.6,-52.9],[-16.6,-52.8],[-16.5,-52.8],[-16.6,-52.9]]]}"#;
    let erro = achados(&desmembramento("t.geojson"), "t.geojson", trocado).unwrap_err();
    assert_eq!(erro.campo.as_deref(), Some("desmembramento.area"));
    assert!(
        erro.mensagem.contains("latitude e longitude trocadas"),
        "{}",
        erro.mensagem
    );
}

/// Um formato que o divisa não lê (um .dwg do CAD) é entrada inválida no campo, dizendo os
/// formatos aceitos (saída 2) — não uma pendência que deixaria a avaliação "inconclusiva".
#[test]
fn formato_nao_lido_e_entrada_invalida_e_diz_os_aceitos() {
    let erro = achados(&desmembramento("a.dwg"), "a.dwg", "AC1032").unwrap_err();
    assert_eq!(erro.campo.as_deref(), Some("desmembramento.area"));
    assert!(
        erro.mensagem.contains("extensão desconhecida") && erro.mensagem.contains(".kml"),
        "{}",
        erro.mensagem
    );
}

#[test]
fn geopackage_que_nao_e_sqlite_e_entrada_invalida() {
    let erro = achados(&desmembramento("a.gpkg"), "a.gpkg", "").unwrap_err();
    assert_eq!(erro.campo.as_deref(), Some("desmembramento.area"));
    assert!(erro.mensagem.contains("GeoPackage"), "{}", erro.mensagem);
}

fn criacao(arquivo: &str) -> String {
    format!("tipo = \"criacao\"\n[novo]\norigens = [5107859]\narea = \"{arquivo}\"\n")
}

#[test]
fn art2_cpt_inc6_novo_e_origem_continuos_atende() {
    // Um quadrado em volta da vila de Espigão do Leste, dentro de São Félix do Araguaia.
    let lista = achados(
        &criacao("e.geojson"),
        "e.geojson",
        &quadrado(-52.1889, -11.4332),
    )
    .unwrap();
    let inc6 = lista
        .iter()
        .find(|a| a.dispositivo == "art2_cpt_inc6")
        .unwrap();
    assert_eq!(inc6.situacao, Situacao::Atende, "{}", inc6.mensagem);
    assert!(
        inc6.apurado
            .contains("São Félix do Araguaia: remanescente em 1 parte"),
        "{}",
        inc6.apurado
    );
}

#[test]
fn art2_cpt_inc6_area_fora_das_origens_nao_atende() {
    // Cuiabá (−56,1; −15,6) não é origem desta criação.
    let lista = achados(
        &criacao("c.geojson"),
        "c.geojson",
        &quadrado(-56.0965, -15.5989),
    )
    .unwrap();
    let inc6 = lista
        .iter()
        .find(|a| a.dispositivo == "art2_cpt_inc6")
        .unwrap();
    assert_eq!(inc6.situacao, Situacao::NaoAtende);
    assert!(
        inc6.mensagem
            .contains("ficam fora dos municípios de origem"),
        "{}",
        inc6.mensagem
    );
}

#[test]
fn art8_par1_area_que_nao_encosta_no_receptor_nao_atende() {
    // Um quadrado de ±0,01° em volta da cidade de Ribeirãozinho, longe de Ponte Branca.
    let sede = divisa_referencia::mt()
        .unwrap()
        .por_codigo(5107198)
        .unwrap()
        .sede
        .clone()
        .unwrap();
    let lista = achados(
        &desmembramento("i.geojson"),
        "i.geojson",
        &quadrado(sede.lon, sede.lat),
    )
    .unwrap();
    let par1 = lista.iter().find(|a| a.dispositivo == "art8_par1").unwrap();
    assert_eq!(par1.situacao, Situacao::NaoAtende);
    assert!(
        par1.mensagem.contains("não encosta em Ponte Branca"),
        "{}",
        par1.mensagem
    );
}

#[test]
fn memorial_descritivo_em_texto_serve_de_area() {
    let memorial = include_str!("../../../../exemplos/area_ribeiraozinho_memorial.txt");
    let lista = achados(&desmembramento("m.txt"), "m.txt", memorial).unwrap();
    let par1 = lista.iter().find(|a| a.dispositivo == "art8_par1").unwrap();
    assert_eq!(par1.situacao, Situacao::Atende, "{}", par1.mensagem);
    let par2 = lista.iter().find(|a| a.dispositivo == "art8_par2").unwrap();
    assert!(par2.apurado.starts_with("2,33 km²"), "{}", par2.apurado);
    let art5 = lista.iter().find(|a| a.dispositivo == "art5_cpt").unwrap();
    assert!(art5.apurado.contains("43 vértices"), "{}", art5.apurado);
    assert!(!art5.mensagem.contains("não batem"), "{}", art5.mensagem);
}

#[test]
fn memorial_com_distancia_errada_avisa_no_art5() {
    let memorial = include_str!("../../../../exemplos/area_ribeiraozinho_memorial.txt").replacen(
        "distância de 49,83 m",
        "distância de 94,83 m",
        1,
    );
    let lista = achados(&desmembramento("e.txt"), "e.txt", &memorial).unwrap();
    let art5 = lista.iter().find(|a| a.dispositivo == "art5_cpt").unwrap();
    assert!(
        art5.mensagem
            .contains("lado V-001–V-002: distância declarada 94,83 m"),
        "{}",
        art5.mensagem
    );
}

#[test]
fn kml_do_google_earth_serve_de_area() {
    let sede = divisa_referencia::mt()
        .unwrap()
        .por_codigo(5107198)
        .unwrap()
        .sede
        .clone()
        .unwrap();
    let (a, b, c, d) = (
        sede.lon - 0.01,
        sede.lon + 0.01,
        sede.lat - 0.01,
        sede.lat + 0.01,
    );
    let kml = format!("<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>{a},{c},0 {b},{c},0 {b},{d},0 {a},{d},0 {a},{c},0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>");
    let lista = achados(&desmembramento("k.kml"), "k.kml", &kml).unwrap();
    let sedes = lista
        .iter()
        .find(|a| a.dispositivo == "art13_cpt" && a.exigido.starts_with("área a desmembrar"))
        .unwrap();
    assert_eq!(sedes.situacao, Situacao::NaoAtende, "{}", sedes.mensagem);
}

#[test]
fn art2_cpt_inc1_compara_a_populacao_informada_com_os_setores() {
    // O maior setor de Nossa Senhora do Livramento como área do novo município.
    let setores = divisa_referencia::setores::setores().unwrap();
    let setor = setores.iter().max_by_key(|s| s.populacao).unwrap();
    let pontos: Vec<String> = setor
        .poligono
        .exterior()
        .0
        .iter()
        .map(|c| format!("[{},{}]", c.x, c.y))
        .collect();
    let geojson = format!(
        r#"{{"type":"Polygon","coordinates":[[{}]]}}"#,
        pontos.join(",")
    );
    let informada = u64::from(setor.populacao) * 2;
    let proposta = format!("tipo = \"criacao\"\n[novo]\norigens = [5106109]\narea = \"s.geojson\"\n[novo.dados]\npopulacao = {informada}\n");
    let lista = achados(&proposta, "s.geojson", &geojson).unwrap();
    let inc1 = lista
        .iter()
        .find(|a| a.dispositivo == "art2_cpt_inc1")
        .unwrap();
    assert!(
        inc1.mensagem
            .contains("Pelos setores censitários do Censo 2022 (IBGE) dentro do polígono"),
        "{}",
        inc1.mensagem
    );
    assert!(
        inc1.mensagem
            .contains("A população informada difere 100% da estimativa"),
        "{}",
        inc1.mensagem
    );
}
