//! `divisa avaliar`, `lei`, `toponimo` e `varredura` como processos: saída e códigos.

use std::path::{Path, PathBuf};

use crate::util::divisa;

fn exemplo(nome: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../exemplos")
        .join(nome)
        .display()
        .to_string()
}

/// Escreve uma proposta num diretório temporário e devolve o caminho.
fn proposta(nome: &str, texto: &str) -> PathBuf {
    let diretorio =
        std::env::temp_dir().join(format!("divisa-proposta-{}-{nome}", std::process::id()));
    std::fs::create_dir_all(&diretorio).unwrap();
    let caminho = diretorio.join(nome);
    std::fs::write(&caminho, texto).unwrap();
    caminho
}

#[test]
fn codigos_de_saida_do_contrato() {
    assert_eq!(
        divisa(&["avaliar", &exemplo("criacao_distrito.toml")]).codigo,
        0,
        "atende"
    );
    assert_eq!(
        divisa(&["avaliar", &exemplo("desmembramento.toml")]).codigo,
        3,
        "não atende"
    );
    assert_eq!(
        divisa(&["avaliar", &exemplo("criacao.toml")]).codigo,
        4,
        "inconclusivo"
    );
}

#[test]
fn formato_json_vai_para_stdout_e_e_json() {
    let execucao = divisa(&["avaliar", &exemplo("criacao.toml"), "--formato", "json"]);
    assert_eq!(execucao.codigo, 4);
    let valor: serde_json::Value = serde_json::from_str(&execucao.stdout).expect("JSON válido");
    assert_eq!(valor["conclusao"], "inconclusivo");
    assert_eq!(execucao.stderr, "");
}

#[test]
fn formato_html() {
    let execucao = divisa(&["avaliar", &exemplo("extincao.toml"), "--formato", "html"]);
    assert!(execucao.stdout.starts_with("<!DOCTYPE html>"));
    assert!(execucao.stdout.contains("Araguainha"));
}

#[test]
fn em_escolhe_o_texto_da_lei() {
    let hoje = divisa(&["avaliar", &exemplo("criacao.toml"), "--formato", "json"]);
    let em_1993 = divisa(&[
        "avaliar",
        &exemplo("criacao.toml"),
        "--formato",
        "json",
        "--em",
        "1993-06-01",
    ]);
    assert!(hoje.stdout.contains("\"texto_em\": \"2027-03-10\""));
    assert!(em_1993.stdout.contains("\"texto_em\": \"1993-06-01\""));
    assert!(em_1993.stdout.contains("Redação anterior não disponível"));
    let antes = divisa(&["avaliar", &exemplo("criacao.toml"), "--em", "1990-01-01"]);
    assert_eq!(antes.codigo, 2);
    assert!(
        antes.stderr.contains("só entrou em vigor em 19/11/1992"),
        "{}",
        antes.stderr
    );
    let mal = divisa(&["avaliar", &exemplo("criacao.toml"), "--em", "10/03/2027"]);
    assert_eq!(mal.codigo, 2);
    assert!(
        mal.stderr.contains("valor «10/03/2027» inválido para --em"),
        "{}",
        mal.stderr
    );
}

#[test]
fn proposta_invalida_sai_com_2_e_diz_arquivo_linha_e_campo() {
    let campo = proposta(
        "campo.toml",
        "tipo = \"criacao\"\n[novo]\norigens = [5107859]\npopulacao = 5\n",
    );
    let execucao = divisa(&["avaliar", campo.to_str().unwrap()]);
    assert_eq!(execucao.codigo, 2);
    assert_eq!(execucao.stdout, "");
    assert!(
        execucao
            .stderr
            .contains("campo.toml, linha 4, campo novo.populacao: campo desconhecido «populacao»"),
        "{}",
        execucao.stderr
    );

    let negativo = proposta(
        "negativo.toml",
        "tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[novo.dados]\neleitores = -3\n",
    );
    let execucao = divisa(&["avaliar", negativo.to_str().unwrap()]);
    assert_eq!(execucao.codigo, 2);
    assert!(
        execucao
            .stderr
            .contains("linha 5, campo novo.dados.eleitores"),
        "{}",
        execucao.stderr
    );

    let area = proposta(
        "area.toml",
        "tipo = \"criacao\"\n[novo]\norigens = [5107859]\narea = \"vale.geojson\"\n",
    );
    let execucao = divisa(&["avaliar", area.to_str().unwrap()]);
    assert_eq!(execucao.codigo, 2);
    assert!(
        execucao
            .stderr
            .contains("o arquivo «vale.geojson» não existe"),
        "{}",
        execucao.stderr
    );

    let quebrado = proposta("quebrado.toml", "tipo = \"criacao\n");
    let execucao = divisa(&["avaliar", quebrado.to_str().unwrap()]);
    assert_eq!(execucao.codigo, 2);
    assert!(
        execucao
            .stderr
            .contains("quebrado.toml, linha 1: TOML inválido"),
        "{}",
        execucao.stderr
    );

    let binario = proposta("binario.toml", "");
    std::fs::write(&binario, [0xff, 0xfe, 0x00]).unwrap();
    let execucao = divisa(&["avaliar", binario.to_str().unwrap()]);
    assert_eq!(execucao.codigo, 2);
    assert!(
        execucao.stderr.contains("não é texto UTF-8"),
        "{}",
        execucao.stderr
    );

    let sumido = divisa(&["avaliar", "nao-existe.toml"]);
    assert_eq!(sumido.codigo, 2);
    assert!(
        sumido
            .stderr
            .contains("nao-existe.toml: não foi possível ler a proposta: o arquivo não existe"),
        "{}",
        sumido.stderr
    );
}

#[test]
fn area_relativa_ao_arquivo_da_proposta() {
    let caminho = proposta("com-area.toml", "tipo = \"criacao\"\ndata_referencia = 2027-03-10\n[novo]\norigens = [5107859]\narea = \"vale.geojson\"\n");
    let poligono = r#"{"type":"Polygon","coordinates":[[[-52.2,-11.45],[-52.17,-11.45],[-52.17,-11.42],[-52.2,-11.45]]]}"#;
    std::fs::write(caminho.with_file_name("vale.geojson"), poligono).unwrap();
    let execucao = divisa(&["avaliar", caminho.to_str().unwrap()]);
    assert_eq!(execucao.codigo, 4, "{}", execucao.stderr);
    assert!(
        execucao.stdout.contains("apurado: vale.geojson: 5,"),
        "{}",
        execucao.stdout
    );
    assert!(
        execucao
            .stdout
            .contains("km² (geodésica, SIRGAS 2000), 1 parte"),
        "{}",
        execucao.stdout
    );
    std::fs::write(caminho.with_file_name("vale.geojson"), "{}").unwrap();
    let vazio = divisa(&["avaliar", caminho.to_str().unwrap()]);
    assert_eq!(vazio.codigo, 2);
    assert!(
        vazio
            .stderr
            .contains("campo novo.area: vale.geojson, raiz: falta \"type\""),
        "{}",
        vazio.stderr
    );
}

#[test]
fn lei_mostra_o_texto_em_vigor_na_data() {
    let hoje = divisa(&["lei", "art2_cpt_inc2", "--em", "2027-03-10"]);
    assert_eq!(hoje.codigo, 0);
    assert_eq!(
        hoje.stdout,
        "Art. 2º, II — número de eleitores não inferior a 20% (vinte por cento) da população. (Redação dada pela LC nº 31/1994, em vigor desde 21/09/1994)\n"
    );
    let antes = divisa(&["lei", "art2_cpt_inc2", "--em", "1993-01-01"]);
    assert!(
        antes.stdout.contains("[redação anterior não disponível"),
        "{}",
        antes.stdout
    );
    let acrescentado = divisa(&["lei", "art8_par2", "--em", "2020-01-01"]);
    assert!(
        acrescentado
            .stdout
            .contains("não existia em 01/01/2020: acrescentado pela LC nº 792/2024"),
        "{}",
        acrescentado.stdout
    );
    let inteira = divisa(&["lei", "--em", "2027-03-10"]);
    assert!(inteira
        .stdout
        .starts_with("Lei Complementar nº 23, de 19 de novembro de 1992"));
    assert!(inteira
        .stdout
        .contains("Art. 27 — Esta lei complementar entra em vigor"));
    let desconhecido = divisa(&["lei", "art2_cpt_inc9"]);
    assert_eq!(desconhecido.codigo, 2);
    assert!(
        desconhecido.stderr.contains("art2_cpt_inc1"),
        "{}",
        desconhecido.stderr
    );
}

#[test]
fn toponimo_com_e_sem_acento() {
    let repetido = divisa(&["toponimo", "Nova Aurora", "--pessoa-viva", "nao"]);
    assert_eq!(repetido.codigo, 3);
    assert!(repetido.stdout.contains("já existe"), "{}", repetido.stdout);
    let novo = divisa(&["topônimo", "Porto Jatobá do Cuiabá", "--pessoa-viva", "nao"]);
    assert_eq!(novo.codigo, 0, "{}", novo.stdout);
    let sem_declaracao = divisa(&["toponimo", "Porto Jatobá do Cuiabá"]);
    assert_eq!(sem_declaracao.codigo, 4);
}

#[test]
fn varredura_em_json_tem_os_142_municipios() {
    let execucao = divisa(&["varredura", "--formato", "json", "--em", "2027-03-10"]);
    assert_eq!(execucao.codigo, 0);
    let valor: serde_json::Value = serde_json::from_str(&execucao.stdout).unwrap();
    let municipios = valor["municipios"].as_array().unwrap();
    assert_eq!(municipios.len(), 142);
    let araguainha = municipios
        .iter()
        .find(|m| m["codigo_ibge"] == 5101209)
        .unwrap();
    assert_eq!(araguainha["nome"], "Araguainha");
    assert_eq!(araguainha["passivel_extincao"], true);
    let cuiaba = municipios
        .iter()
        .find(|m| m["codigo_ibge"] == 5103403)
        .unwrap();
    assert_eq!(cuiaba["passivel_extincao"], false);
    let texto = divisa(&["varredura", "--em", "2027-03-10"]);
    assert!(
        texto.stdout.contains("Passíveis de extinção:"),
        "{}",
        texto.stdout
    );
}

#[test]
fn memorial_do_exemplo() {
    let execucao = divisa(&["memorial", &exemplo("area_ribeiraozinho.geojson")]);
    assert_eq!(execucao.codigo, 0, "{}", execucao.stderr);
    let texto = &execucao.stdout;
    assert!(
        texto.starts_with("MEMORIAL DESCRITIVO — area_ribeiraozinho.geojson"),
        "{texto}"
    );
    assert!(
        texto.contains("zona 22S (meridiano central 51° O)"),
        "{texto}"
    );
    assert!(
        texto.contains("Área geodésica (GRS80, arestas geodésicas): 2,3319 km²"),
        "{texto}"
    );
    assert!(
        texto.contains(
            "na projeção de Albers do IBGE, o método da área oficial dos municípios: 2,331"
        ),
        "{texto}"
    );
    assert!(texto.contains("Inicia-se a descrição deste perímetro no vértice V-001, de coordenadas N 8.161.876,33 m e E 300.975,15 m"), "{texto}");
    assert!(
        texto.contains("até o vértice V-001, ponto inicial da descrição deste perímetro.\n"),
        "{texto}"
    );
    assert!(
        texto.contains("no sistema geodésico local do SIGEF (SGL, sem altitudes): 2,3319 km²"),
        "{texto}"
    );
    // Os 40 lados sobre a divisa confrontam Ponte Branca; o recorte confronta o remanescente.
    assert!(
        texto.contains("Confrontantes (Malha Municipal 2022, IBGE): Ponte Branca, Ribeirãozinho."),
        "{texto}"
    );
    assert!(texto.contains("(16°37'01,53\" S, 52°51'56,70\" O); deste, segue confrontando com Ponte Branca, com azimute"), "{texto}");
    assert!(texto.contains("até o vértice V-041, de coordenadas N 8.162.306,74 m e E 302.918,91 m; deste, segue confrontando com Ribeirãozinho, com azimute"), "{texto}");
    // As divisas no estilo da lei de criação: a divisa vigente com Ponte Branca e as linhas
    // novas com o remanescente de Ribeirãozinho.
    assert!(
        texto.contains("DIVISAS — area_ribeiraozinho.geojson"),
        "{texto}"
    );
    assert!(texto.contains("Com o município de Ponte Branca: do vértice V-001 segue pela divisa intermunicipal vigente até o vértice V-041"), "{texto}");
    assert!(texto.contains("Com o município de Ribeirãozinho (remanescente): do vértice V-041 segue por 3 linhas geodésicas"), "{texto}");
    let trocado = divisa(&["memorial", &exemplo("criacao.toml")]);
    assert_eq!(trocado.codigo, 2);
    assert!(
        trocado.stderr.contains("extensão desconhecida"),
        "{}",
        trocado.stderr
    );
}

/// Art. 5º e Art. 7º, II: o memorial do agrimensor (texto SIGEF) vira GeoJSON para o QGIS e
/// volta ao mesmo memorial — mesmos vértices, azimutes, distâncias e confrontantes.
#[test]
fn memorial_em_geojson_e_json_volta_ao_mesmo_memorial() {
    let do_texto = divisa(&["memorial", &exemplo("area_ribeiraozinho_memorial.txt")]);
    assert_eq!(do_texto.codigo, 0, "{}", do_texto.stderr);
    let geojson = divisa(&[
        "memorial",
        &exemplo("area_ribeiraozinho_memorial.txt"),
        "--formato",
        "geojson",
    ]);
    assert_eq!(geojson.codigo, 0, "{}", geojson.stderr);
    let valor: serde_json::Value = serde_json::from_str(&geojson.stdout).expect("GeoJSON válido");
    let propriedades = &valor["features"][0]["properties"];
    assert_eq!(propriedades["origem"], "Ribeirãozinho");
    assert_eq!(propriedades["zona_utm"], "22S");
    assert!(propriedades["area_albers_ibge_m2"].as_f64().unwrap() > 2.33e6);

    let arquivo = std::env::temp_dir().join(format!("divisa-volta-{}.geojson", std::process::id()));
    std::fs::write(&arquivo, &geojson.stdout).unwrap();
    let de_volta = divisa(&["memorial", arquivo.to_str().unwrap()]);
    std::fs::remove_file(&arquivo).ok();
    assert_eq!(de_volta.codigo, 0, "{}", de_volta.stderr);
    let sem_titulo = |texto: &str| {
        texto
            .lines()
            .filter(|l| !l.starts_with("MEMORIAL DESCRITIVO") && !l.starts_with("DIVISAS"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(sem_titulo(&de_volta.stdout), sem_titulo(&do_texto.stdout));

    let json = divisa(&[
        "memorial",
        &exemplo("area_ribeiraozinho.geojson"),
        "--formato",
        "json",
    ]);
    assert_eq!(json.codigo, 0, "{}", json.stderr);
    let dados: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON válido");
    assert_eq!(dados["aneis"][0]["vertices"][0]["codigo"], "V-001");
    assert_eq!(
        dados["aneis"][0]["lados"][0]["confrontante"],
        "Ponte Branca"
    );
    assert_eq!(dados["area_da_lei"], "albers_ibge");
    assert!(dados["divisas"]
        .as_str()
        .unwrap()
        .contains("Com o município de Ponte Branca"));
    let errado = divisa(&[
        "memorial",
        &exemplo("area_ribeiraozinho.geojson"),
        "--formato",
        "shp",
    ]);
    assert_eq!(errado.codigo, 2);
}

/// O Shapefile compactado como o QGIS o entrega (pasta, .shp/.shx/.dbf/.prj em UTM 22S),
/// escrito por outra implementação (pyshp, com a conversão do pyproj: ver
/// `exemplos/gera_area_ribeiraozinho_utm22s.py`), dá o mesmo território que o GeoJSON em graus.
#[test]
fn shapefile_compactado_em_utm_da_o_mesmo_memorial_que_o_geojson() {
    let dados = |arquivo: &str| {
        let execucao = divisa(&["memorial", &exemplo(arquivo), "--formato", "json"]);
        assert_eq!(execucao.codigo, 0, "{}", execucao.stderr);
        assert!(execucao.stderr.is_empty(), "{}", execucao.stderr);
        serde_json::from_str::<serde_json::Value>(&execucao.stdout).unwrap()
    };
    let (zip, geojson) = (
        dados("area_ribeiraozinho_utm22s.zip"),
        dados("area_ribeiraozinho.geojson"),
    );
    assert_eq!(zip["titulo"], "area_ribeiraozinho_utm22s.zip");
    let area = |d: &serde_json::Value| d["area_geodesica_m2"].as_f64().unwrap();
    assert!(
        (area(&zip) - area(&geojson)).abs() / area(&geojson) < 1e-9,
        "{} × {}",
        area(&zip),
        area(&geojson)
    );
    let vertices = |d: &serde_json::Value| d["aneis"][0]["vertices"].as_array().unwrap().len();
    assert_eq!(vertices(&zip), vertices(&geojson));
    assert_eq!(zip["origem"], "Ribeirãozinho");
    assert_eq!(zip["confrontantes"].as_array().unwrap().len(), 2);
}

/// O GeoPackage como o QGIS o grava (SQLite com gpkg_spatial_ref_sys, gpkg_geometry_columns e
/// blobs "GP" + WKB), escrito por outra implementação (o sqlite3 do Python, com a conversão do
/// pyproj para UTM 22S: `exemplos/gera_area_ribeiraozinho_gpkg.py`), dá o mesmo território
/// que o GeoJSON em graus; a camada de pontos do arquivo é ignorada.
#[test]
fn geopackage_em_utm_da_o_mesmo_memorial_que_o_geojson() {
    let dados = |arquivo: &str| {
        let execucao = divisa(&["memorial", &exemplo(arquivo), "--formato", "json"]);
        assert_eq!(execucao.codigo, 0, "{}", execucao.stderr);
        serde_json::from_str::<serde_json::Value>(&execucao.stdout).unwrap()
    };
    let (gpkg, geojson) = (
        dados("area_ribeiraozinho_utm22s.gpkg"),
        dados("area_ribeiraozinho.geojson"),
    );
    let area = |d: &serde_json::Value| d["area_geodesica_m2"].as_f64().unwrap();
    assert!(
        (area(&gpkg) - area(&geojson)).abs() / area(&geojson) < 1e-9,
        "{} × {}",
        area(&gpkg),
        area(&geojson)
    );
    let vertices = |d: &serde_json::Value| d["aneis"][0]["vertices"].as_array().unwrap().len();
    assert_eq!(vertices(&gpkg), vertices(&geojson));
    assert_eq!(gpkg["confrontantes"].as_array().unwrap().len(), 2);

    // Um arquivo que não é GeoPackage é dito pelo nome.
    let dir = crate::util::diretorio_vazio();
    let falso = dir.join("falso.gpkg");
    std::fs::write(&falso, "isto não é SQLite").unwrap();
    let e = divisa(&["memorial", falso.to_str().unwrap()]);
    assert_eq!(e.codigo, 2);
    assert!(
        e.stderr.contains("falso.gpkg") && e.stderr.contains("GeoPackage"),
        "{}",
        e.stderr
    );
    let e = divisa(&["memorial", dir.join("nao_existe.gpkg").to_str().unwrap()]);
    assert_eq!(e.codigo, 2);
    assert!(e.stderr.contains("não existe"), "{}", e.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn relatorio_html_com_mapa_quando_ha_territorio() {
    let execucao = divisa(&[
        "avaliar",
        &exemplo("desmembramento_area.toml"),
        "--formato",
        "html",
    ]);
    assert_eq!(execucao.codigo, 4, "{}", execucao.stderr);
    let html = &execucao.stdout;
    assert!(html.contains("<h2>Mapa</h2>"), "sem mapa");
    assert!(
        html.contains("<svg")
            && html.contains("área da proposta")
            && html.contains("município receptor")
    );
    assert!(html.contains(">Ponte Branca</text>") && html.contains(" km</text>"));
    let sem_area = divisa(&["avaliar", &exemplo("criacao.toml"), "--formato", "html"]);
    assert!(!sem_area.stdout.contains("<h2>Mapa</h2>"));
}

/// Um memorial em UTM 22S com a zona trocada para 21S ainda cai em Mato Grosso (6° a oeste),
/// mas fora do cedente: o relatório diz que na zona 22S ele cai dentro.
#[test]
fn zona_utm_trocada_dentro_de_mt_e_apontada() {
    let dir = crate::util::diretorio_vazio();
    let memorial = std::fs::read_to_string(exemplo("area_ribeiraozinho_memorial.txt"))
        .unwrap()
        .replace(
            "zona 22S (meridiano central 51° O)",
            "zona 21S (meridiano central 57° O)",
        );
    std::fs::write(dir.join("memorial.txt"), memorial).unwrap();
    let proposta = std::fs::read_to_string(exemplo("desmembramento_area.toml"))
        .unwrap()
        .replace("area_ribeiraozinho.geojson", "memorial.txt");
    std::fs::write(dir.join("p.toml"), proposta).unwrap();
    let e = crate::util::divisa_em(&dir, &["avaliar", "p.toml"]);
    assert!(
        e.stdout.contains("vieram na zona UTM 21S")
            && e.stdout.contains("lido na zona 22S, ele cai dentro deles"),
        "{}",
        e.stdout
    );
    // Com a zona certa, nenhum aviso de zona.
    let certo = divisa(&["avaliar", &exemplo("desmembramento_area.toml")]);
    assert!(!certo.stdout.contains("confira a zona"), "{}", certo.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 18: o memorial que o agrimensor traz do SIGEF (coordenadas geográficas, texto
/// corrido) é lido e medido por `divisa memorial`, sem pedir zona UTM.
#[test]
fn memorial_do_sigef_em_coordenadas_geograficas() {
    let dir = crate::util::diretorio_vazio();
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../territorio/tests/memoriais/sigef_texto.txt"
        ),
        dir.join("lote.txt"),
    )
    .unwrap();
    let e = crate::util::divisa_em(&dir, &["memorial", "lote.txt"]);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(e.stdout.contains("MEMORIAL DESCRITIVO"), "{}", e.stdout);
    assert!(
        e.stdout
            .contains("Confrontantes (Malha Municipal 2022, IBGE): Vera"),
        "{}",
        e.stdout
    );
    assert!(!e.stderr.contains("zona UTM"), "{}", e.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 14: com o relógio no último dia que o divisa calcula (30/12/9999), nenhum comando entra
/// em pânico — cada um responde, ou recusa a data dizendo por quê; um relógio além disso
/// (`DIVISA_AGORA`, ou o do sistema) é saída 2 em português, antes de qualquer comando.
#[test]
fn relogio_no_fim_do_calendario_nao_derruba_nenhum_comando() {
    let dir = crate::util::diretorio_vazio();
    let exemplos = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../exemplos");
    let sem_data = "tipo = \"criacao\"\nnome = \"Nova Esperança do Sul\"\nmunicipios_origem = [5107248]\n\n[novo]\npopulacao = 5000\neleitores = 1300\ndomicilios_urbanos = 300\n";
    std::fs::write(dir.join("sem_data.toml"), sem_data).unwrap();
    let criacao = exemplos.join("criacao.toml");
    let criacao = criacao.to_str().unwrap();
    let rodar = |agora: &str, argumentos: &[&str]| {
        let saida = std::process::Command::new(env!("CARGO_BIN_EXE_divisa"))
            .args(argumentos)
            .current_dir(&dir)
            .env("DIVISA_AGORA", agora)
            .env_remove("DIVISA_DB")
            .output()
            .expect("roda");
        (
            saida.status.code(),
            String::from_utf8_lossy(&saida.stderr).into_owned(),
        )
    };
    for argumentos in [
        &["lei"][..],
        &["lei", "art2_cpt_inc1"],
        &["municipio", "Sorriso"],
        &["varredura"],
        &["toponimo", "Nova Esperança"],
        &["avaliar", "sem_data.toml"],
        &["avaliar", criacao],
        &["documento", "oficio", criacao, "-o", "x.pdf"],
        &["processo", "listar"],
        &["processo", "alertas"],
    ] {
        let (codigo, erro) = rodar("9999-12-30T12:00:00Z", argumentos);
        assert!(
            matches!(codigo, Some(0 | 2 | 3 | 4)),
            "{argumentos:?}: saída {codigo:?}: {erro}"
        );
        assert!(!erro.contains("panicked"), "{argumentos:?}: {erro}");
        if codigo == Some(2) {
            assert!(erro.starts_with("divisa"), "{argumentos:?}: {erro}");
        }
    }
    for agora in ["10000-01-01", "9999-12-31T23:59:59Z", "amanhã"] {
        let (codigo, erro) = rodar(agora, &["lei"]);
        assert_eq!(codigo, Some(2), "{agora}: {erro}");
        assert!(erro.contains("DIVISA_AGORA"), "{agora}: {erro}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
