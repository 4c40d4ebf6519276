//! `divisa memorial` com o que os agrimensores entregam (issue 18): o memorial do SIGEF em texto
//! e em tabela, o memorial antigo em UTM, o DXF do CAD e o GeoPackage, e o território de volta
//! em GeoJSON, KML, GeoPackage e na planilha ODS do SIGEF, cada um relido.
//!
//! Os arquivos da parcela de Vera (MT) estão em `crates/territorio/tests/memoriais/`, com a
//! origem de cada leiaute no cabeçalho de `crates/territorio/tests/memorial_sigef.rs`.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::util::{diretorio_vazio, divisa, divisa_em};

fn memorial_de_teste(nome: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../territorio/tests/memoriais")
        .join(nome)
        .display()
        .to_string()
}

/// Os códigos, longitudes e latitudes dos vértices do primeiro anel, pelo `--formato json`.
fn vertices(argumentos: &[&str]) -> Vec<(String, f64, f64)> {
    let execucao = divisa(argumentos);
    assert_eq!(execucao.codigo, 0, "{argumentos:?}: {}", execucao.stderr);
    let dados: serde_json::Value = serde_json::from_str(&execucao.stdout).expect("JSON válido");
    dados["aneis"][0]["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["codigo"].as_str().unwrap().to_owned(),
                v["longitude"].as_f64().unwrap(),
                v["latitude"].as_f64().unwrap(),
            )
        })
        .collect()
}

const CODIGOS: [&str; 6] = [
    "ABCD-M-0001",
    "ABCD-P-0002",
    "ABCD-M-0003",
    "ABCD-M-0004",
    "ABCD-V-0005",
    "ABCD-M-0006",
];

/// Issue 18, "Tests that must exist": o mesmo território lido do texto do SIGEF, da sua tabela,
/// do memorial em UTM, do DXF e do GeoPackage dá os mesmos vértices (ao centímetro: as
/// coordenadas UTM vêm ao centímetro, as geográficas ao milésimo de segundo, 3 cm), e os
/// memoriais guardam os códigos do SIGEF.
#[test]
fn o_mesmo_territorio_do_sigef_da_tabela_da_utm_do_dxf_e_do_geopackage() {
    let referencia = vertices(&[
        "memorial",
        &memorial_de_teste("sigef_texto.txt"),
        "--formato",
        "json",
    ]);
    assert_eq!(
        referencia.iter().map(|v| v.0.as_str()).collect::<Vec<_>>(),
        CODIGOS
    );
    for arquivo in [
        "sigef_tabela.txt",
        "utm_meridiano_central_57.txt",
        "parcela_utm21s.dxf",
        "parcela_utm21s.gpkg",
    ] {
        let lidos = vertices(&["memorial", &memorial_de_teste(arquivo), "--formato", "json"]);
        assert_eq!(lidos.len(), 6, "{arquivo}");
        for ((codigo, lon, lat), (_, lon_ref, lat_ref)) in lidos.iter().zip(&referencia) {
            // 3e-7° ≈ 3 cm.
            assert!(
                (lon - lon_ref).abs() < 3e-7 && (lat - lat_ref).abs() < 3e-7,
                "{arquivo}, {codigo}: ({lon}, {lat}) × ({lon_ref}, {lat_ref})"
            );
        }
        // Os memoriais em texto trazem os códigos; o DXF e o GeoPackage, não (V-001…).
        let codigos: Vec<&str> = lidos.iter().map(|v| v.0.as_str()).collect();
        if arquivo.ends_with(".txt") {
            assert_eq!(codigos, CODIGOS, "{arquivo}");
        } else {
            assert_eq!(codigos[0], "V-001", "{arquivo}");
        }
    }
}

/// Os códigos do SIGEF saem no memorial em texto e no GeoJSON, e o GeoJSON relido dá o mesmo
/// memorial (os códigos voltam da propriedade `codigos_dos_vertices`).
#[test]
fn codigos_do_sigef_no_memorial_e_no_geojson_de_volta() {
    let sigef = memorial_de_teste("sigef_texto.txt");
    let texto = divisa(&["memorial", &sigef]);
    assert_eq!(texto.codigo, 0, "{}", texto.stderr);
    assert!(
        texto
            .stdout
            .contains("Inicia-se a descrição deste perímetro no vértice ABCD-M-0001, de coordenadas N 8.651.852,70 m e E 663.157,10 m")
            && !texto.stdout.contains("V-001"),
        "{}",
        texto.stdout
    );
    let geojson = divisa(&["memorial", &sigef, "--formato", "geojson"]);
    assert_eq!(geojson.codigo, 0, "{}", geojson.stderr);
    let valor: serde_json::Value = serde_json::from_str(&geojson.stdout).unwrap();
    assert_eq!(
        valor["features"][0]["properties"]["codigos_dos_vertices"],
        serde_json::json!([CODIGOS])
    );
    let dir = diretorio_vazio();
    std::fs::write(dir.join("parcela.geojson"), &geojson.stdout).unwrap();
    let de_volta = divisa_em(&dir, &["memorial", "parcela.geojson"]);
    assert_eq!(de_volta.codigo, 0, "{}", de_volta.stderr);
    let corpo = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("MEMORIAL DESCRITIVO") && !l.starts_with("DIVISAS"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(corpo(&de_volta.stdout), corpo(&texto.stdout));
    std::fs::remove_dir_all(&dir).ok();
}

/// O território de volta nos formatos do QGIS, do Google Earth e do SIGEF: o GeoPackage relido
/// pelo leitor do divisa, o KML pelo leitor de KML, a planilha aberta e o `content.xml` conferido.
#[test]
fn geopackage_kml_e_ods_gravados_e_relidos() {
    let dir = diretorio_vazio();
    let sigef = memorial_de_teste("sigef_texto.txt");
    let original = vertices(&["memorial", &sigef, "--formato", "json"]);
    let sem_codigos = |v: &[(String, f64, f64)]| -> Vec<(f64, f64)> {
        v.iter().map(|(_, x, y)| (*x, *y)).collect()
    };

    // GeoPackage: binário, só com -o.
    let e = divisa_em(&dir, &["memorial", &sigef, "--formato", "gpkg"]);
    assert_eq!(e.codigo, 2);
    assert!(
        e.stderr.contains("o GeoPackage é um arquivo binário")
            && e.stderr.contains("-o SAIDA.gpkg"),
        "{}",
        e.stderr
    );
    assert!(e.stdout.is_empty());
    let gravado = divisa_em(
        &dir,
        &[
            "memorial",
            &sigef,
            "--formato",
            "gpkg",
            "-o",
            "parcela.gpkg",
        ],
    );
    assert_eq!(gravado.codigo, 0, "{}", gravado.stderr);
    assert!(gravado.stdout.is_empty());
    let gpkg = dir.join("parcela.gpkg").display().to_string();
    let relido = vertices(&["memorial", &gpkg, "--formato", "json"]);
    assert_eq!(sem_codigos(&relido), sem_codigos(&original), "bit a bit");
    // De novo por cima: substitui.
    let de_novo = divisa_em(
        &dir,
        &[
            "memorial",
            &sigef,
            "--formato",
            "gpkg",
            "-o",
            "parcela.gpkg",
        ],
    );
    assert_eq!(de_novo.codigo, 0, "{}", de_novo.stderr);
    assert_eq!(vertices(&["memorial", &gpkg, "--formato", "json"]), relido);

    // KML: texto, na saída padrão ou com -o.
    let kml = divisa_em(&dir, &["memorial", &sigef, "--formato", "kml"]);
    assert_eq!(kml.codigo, 0, "{}", kml.stderr);
    assert!(kml.stdout.starts_with("<?xml"), "{}", kml.stdout);
    assert!(kml.stdout.contains("<Placemark><name>ABCD-M-0001</name>"));
    let com_o = divisa_em(
        &dir,
        &["memorial", &sigef, "--formato", "kml", "-o", "parcela.kml"],
    );
    assert_eq!(com_o.codigo, 0, "{}", com_o.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.join("parcela.kml")).unwrap(),
        kml.stdout
    );
    let relido = vertices(&[
        "memorial",
        &dir.join("parcela.kml").display().to_string(),
        "--formato",
        "json",
    ]);
    assert_eq!(sem_codigos(&relido), sem_codigos(&original), "bit a bit");

    // ODS: binário, só com -o; o zip aberto e o content.xml conferido.
    let e = divisa_em(&dir, &["memorial", &sigef, "--formato", "ods"]);
    assert_eq!(e.codigo, 2);
    assert!(e.stderr.contains("-o SAIDA.ods"), "{}", e.stderr);
    let ods = divisa_em(
        &dir,
        &["memorial", &sigef, "--formato", "ods", "-o", "parcela.ods"],
    );
    assert_eq!(ods.codigo, 0, "{}", ods.stderr);
    let bytes = std::fs::read(dir.join("parcela.ods")).unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    assert_eq!(zip.by_index(0).unwrap().name().unwrap(), "mimetype");
    let mut conteudo = String::new();
    zip.by_name("content.xml")
        .unwrap()
        .read_to_string(&mut conteudo)
        .unwrap();
    // As células do modelo do SIGEF são conferidas em `escrita_ods`; aqui, que a planilha
    // gravada pelo comando traz as abas e o município de origem.
    for esperado in [
        r#"<table:table table:name="identificacao">"#,
        r#"<table:table table:name="perimetro_1">"#,
        "<text:p>Vera-MT</text:p>",
        "<text:p>Método Posicionamento</text:p>",
        "<text:p>ABCD-M-0001</text:p>",
        "<text:p>55 30 01,080 W</text:p>",
        "<text:p>12 11 28,320 S</text:p>",
        "<text:p>352,18</text:p>",
        "<text:p>Vera</text:p>",
    ] {
        assert!(conteudo.contains(esperado), "{esperado}\n{conteudo}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 18, "the vertex table in the ODS spreadsheet layout that SIGEF accepts": a planilha abre
/// no LibreOffice Calc (o programa em que o agrimensor a completa, com a extensão do SIGEF), e
/// cada aba, exportada em CSV pelo próprio Calc, traz os dados nas células do modelo 1.4 rc5 do
/// INCRA: a denominação em B10 e o município em A17 da `identificacao`; na `perimetro_1`, os
/// títulos na linha 11 e os vértices a partir da 12, com as coordenadas como texto.
#[test]
fn planilha_do_sigef_aberta_no_libreoffice_calc() {
    let dir = diretorio_vazio();
    let sigef = memorial_de_teste("sigef_texto.txt");
    let ods = divisa_em(
        &dir,
        &["memorial", &sigef, "--formato", "ods", "-o", "parcela.ods"],
    );
    assert_eq!(ods.codigo, 0, "{}", ods.stderr);
    let perfil = format!("file://{}", dir.join("perfil").display());
    let saida = std::process::Command::new("soffice")
        .arg(format!("-env:UserInstallation={perfil}"))
        .args([
            "--headless",
            "--convert-to",
            // cada aba num CSV (o último parâmetro, -1, do filtro do Calc), em UTF-8 (76)
            "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
            "--outdir",
        ])
        .arg(dir.join("csv"))
        .arg(dir.join("parcela.ods"))
        .output()
        .unwrap_or_else(|e| {
            panic!("soffice (apt-get install libreoffice-calc-nogui; scripts/preparar-testes.sh o instala): {e}")
        });
    assert!(
        saida.status.success(),
        "soffice falhou: {}",
        String::from_utf8_lossy(&saida.stderr)
    );
    let aba = |nome: &str| -> Vec<Vec<String>> {
        let caminho = dir.join(format!("csv/parcela-{nome}.csv"));
        let texto = std::fs::read_to_string(&caminho)
            .unwrap_or_else(|e| panic!("o Calc não exportou a aba {nome}: {e}"));
        csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(texto.as_bytes())
            .records()
            .map(|r| r.unwrap().iter().map(str::to_owned).collect())
            .collect()
    };
    // A1 é a linha 1, coluna 0.
    let celula = |linhas: &[Vec<String>], endereco: &str| -> String {
        let coluna = (endereco.as_bytes()[0] - b'A') as usize;
        let linha: usize = endereco[1..].parse().unwrap();
        linhas
            .get(linha - 1)
            .and_then(|l| l.get(coluna))
            .cloned()
            .unwrap_or_default()
    };
    let identificacao = aba("identificacao");
    assert_eq!(celula(&identificacao, "A10"), "Denominação:");
    assert_eq!(celula(&identificacao, "B10"), "sigef_texto.txt");
    assert_eq!(celula(&identificacao, "A17"), "Vera-MT");
    let perimetro = aba("perimetro_1");
    for (endereco, esperado) in [
        ("A1", "Tabela de Perímetro"),
        ("B3", "Parte 1"),
        ("B4", "001"),
        ("B5", "Externo"),
        ("B9", "Geográfica"),
        ("J10", "Confrontante"),
        ("A11", "Vértice"),
        ("B11", "E/Long"),
        ("L11", "Descritivo"),
        ("A12", "ABCD-M-0001"),
        ("B12", "55 30 01,080 W"),
        ("D12", "12 11 28,320 S"),
        ("F12", "352,18"),
        ("L12", "Vera"),
        ("A17", "ABCD-M-0006"),
        ("A18", ""),
    ] {
        assert_eq!(
            celula(&perimetro, endereco),
            esperado,
            "perimetro_1.{endereco}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// As linhas da camada `remanescentes` de um GeoPackage gravado pelo divisa: código, município,
/// área do município, cedida e remanescente (km²) e partes.
fn remanescentes_gravados(gpkg: &Path) -> Vec<(i64, String, f64, f64, f64, i64)> {
    let banco = rusqlite::Connection::open(gpkg).unwrap();
    let mut consulta = banco
        .prepare("SELECT codigo_ibge, municipio, area_municipio_km2, area_cedida_km2, area_remanescente_km2, partes FROM remanescentes ORDER BY codigo_ibge")
        .unwrap();
    consulta
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Issue 18, "the territory and its remainders as a GeoPackage layer": a área do desmembramento
/// de exemplo sai de Ribeirãozinho (5107198); o GeoPackage traz, além do território, o que resta
/// de Ribeirãozinho, e a cedida mais a remanescente dá o município inteiro (Art. 2º, § 1º: o
/// remanescente é o que a lei protege). O arquivo relido pelo divisa dá o território, não o
/// remanescente.
#[test]
fn geopackage_com_o_remanescente_de_cada_municipio_cortado() {
    let dir = diretorio_vazio();
    let area = exemplo("area_ribeiraozinho.geojson").display().to_string();
    let gravado = divisa_em(
        &dir,
        &["memorial", &area, "--formato", "gpkg", "-o", "area.gpkg"],
    );
    assert_eq!(gravado.codigo, 0, "{}", gravado.stderr);
    assert!(
        gravado
            .stderr
            .contains("«remanescentes» — 1 município cortado"),
        "{}",
        gravado.stderr
    );
    let linhas = remanescentes_gravados(&dir.join("area.gpkg"));
    assert_eq!(linhas.len(), 1, "{linhas:?}");
    let (codigo, municipio, inteiro, cedida, resto, partes) = &linhas[0];
    assert_eq!(
        (*codigo, municipio.as_str(), *partes),
        (5107198, "Ribeirãozinho", 1)
    );
    let medido = divisa(&["memorial", &area, "--formato", "json"]);
    let dados: serde_json::Value = serde_json::from_str(&medido.stdout).unwrap();
    let area_km2 = dados["area_geodesica_m2"].as_f64().expect("área geodésica") / 1e6;
    assert!(
        (cedida - area_km2).abs() < 0.01 * area_km2,
        "cedida {cedida} × área {area_km2}"
    );
    assert!(
        (cedida + resto - inteiro).abs() < 1e-6 * inteiro,
        "{cedida} + {resto} ≠ {inteiro}"
    );
    let relido = vertices(&[
        "memorial",
        &dir.join("area.gpkg").display().to_string(),
        "--formato",
        "json",
    ]);
    let original = vertices(&["memorial", &area, "--formato", "json"]);
    assert_eq!(relido.len(), original.len());

    // Fora de Mato Grosso: a camada existe, vazia, e a mensagem o diz.
    let goiania = "MEMORIAL DESCRITIVO\nSIRGAS 2000.\nInicia-se a descrição deste perímetro no vértice P-01, de coordenadas Longitude: -49,2500 Latitude: -16,6800; deste, segue até o vértice P-02, de coordenadas Longitude: -49,2490 Latitude: -16,6800; deste, segue até o vértice P-03, de coordenadas Longitude: -49,2490 Latitude: -16,6790; deste, segue até o vértice P-01, ponto inicial da descrição deste perímetro.\n";
    std::fs::write(dir.join("goiania.txt"), goiania).unwrap();
    let fora = divisa_em(
        &dir,
        &[
            "memorial",
            "goiania.txt",
            "--formato",
            "gpkg",
            "-o",
            "goiania.gpkg",
        ],
    );
    assert_eq!(fora.codigo, 0, "{}", fora.stderr);
    assert!(
        fora.stderr
            .contains("nenhum município de Mato Grosso cortado"),
        "{}",
        fora.stderr
    );
    assert!(remanescentes_gravados(&dir.join("goiania.gpkg")).is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

/// O DXF sem a zona no nome da camada: o erro diz como dá-la, e `--zona` a dá; `--zona` num
/// formato que diz o sistema é recusado.
#[test]
fn dxf_sem_zona_pede_a_zona_e_zona_so_vale_para_dxf() {
    let dir = diretorio_vazio();
    let desenho = std::fs::read_to_string(memorial_de_teste("parcela_utm21s.dxf"))
        .unwrap()
        .replace("LIMITE_FUSO21", "LIMITE_IMOVEL");
    std::fs::write(dir.join("sem_zona.dxf"), desenho).unwrap();
    let e = divisa_em(&dir, &["memorial", "sem_zona.dxf"]);
    assert_eq!(e.codigo, 2);
    assert!(
        e.stderr.starts_with("divisa memorial: sem_zona.dxf, camada «LIMITE_IMOVEL»: o DXF não diz a zona UTM: dê a zona na linha de comando (divisa memorial AREA.dxf --zona 21S"),
        "{}",
        e.stderr
    );
    let com_zona = divisa_em(&dir, &["memorial", "sem_zona.dxf", "--zona", "21S"]);
    assert_eq!(com_zona.codigo, 0, "{}", com_zona.stderr);
    assert!(com_zona.stdout.contains("zona 21S"), "{}", com_zona.stdout);
    let errada = divisa_em(&dir, &["memorial", "sem_zona.dxf", "--zona", "33S"]);
    assert_eq!(errada.codigo, 2);
    assert!(
        errada
            .stderr
            .contains("esperava a zona UTM sul, de 18S a 25S"),
        "{}",
        errada.stderr
    );
    let e = divisa(&[
        "memorial",
        &memorial_de_teste("sigef_texto.txt"),
        "--zona",
        "21S",
    ]);
    assert_eq!(e.codigo, 2);
    assert!(e.stderr.contains("--zona vale só para DXF"), "{}", e.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 18: uma linha estragada do memorial é dita pelo número, sem adivinhar a coordenada.
#[test]
fn linha_estragada_dita_pelo_numero() {
    let dir = diretorio_vazio();
    let estragado = std::fs::read_to_string(memorial_de_teste("sigef_texto.txt"))
        .unwrap()
        .replace("; deste, segue", ";\ndeste, segue")
        .replacen("-55°29'42,720\"", "-55°75'42,720\"", 1);
    std::fs::write(dir.join("estragado.txt"), estragado).unwrap();
    let e = divisa_em(&dir, &["memorial", "estragado.txt"]);
    assert_eq!(e.codigo, 2);
    assert!(
        e.stderr.starts_with("divisa memorial: estragado.txt, linha 21: vértice ABCD-V-0005: «-55°75'42,720\"»: minutos e segundos vão de 0 a 59"),
        "{}",
        e.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 18: um memorial fora de Mato Grosso (um lote em Goiânia, GO) é medido por `divisa
/// memorial`, com o aviso, e recusado por `divisa avaliar`: a lei é a de Mato Grosso.
#[test]
fn memorial_fora_de_mato_grosso_medido_e_recusado_na_avaliacao() {
    let dir = diretorio_vazio();
    let goiania = "MEMORIAL DESCRITIVO\nSIRGAS 2000.\nInicia-se a descrição deste perímetro no vértice P-01, de coordenadas Longitude: -49,2500 Latitude: -16,6800; deste, segue até o vértice P-02, de coordenadas Longitude: -49,2490 Latitude: -16,6800; deste, segue até o vértice P-03, de coordenadas Longitude: -49,2490 Latitude: -16,6790; deste, segue até o vértice P-01, ponto inicial da descrição deste perímetro.\n";
    std::fs::write(dir.join("goiania.txt"), goiania).unwrap();
    let medido = divisa_em(&dir, &["memorial", "goiania.txt"]);
    assert_eq!(medido.codigo, 0, "{}", medido.stderr);
    assert!(
        medido
            .stderr
            .contains("aviso: fora de Mato Grosso: o vértice P-01 (linha 3)"),
        "{}",
        medido.stderr
    );
    assert!(
        medido.stdout.contains("no vértice P-01, de coordenadas"),
        "{}",
        medido.stdout
    );
    let proposta = std::fs::read_to_string(exemplo("desmembramento_area.toml"))
        .unwrap()
        .replace("area_ribeiraozinho.geojson", "goiania.txt");
    std::fs::write(dir.join("p.toml"), proposta).unwrap();
    let avaliado = divisa_em(&dir, &["avaliar", "p.toml"]);
    assert_eq!(
        avaliado.codigo, 2,
        "{}\n{}",
        avaliado.stdout, avaliado.stderr
    );
    assert!(
        avaliado.stderr.contains("goiania.txt")
            && avaliado.stderr.contains("ficam fora de Mato Grosso"),
        "{}",
        avaliado.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

fn exemplo(nome: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../exemplos")
        .join(nome)
}

/// `divisa avaliar` lê o DXF da proposta pela mesma leitura (a zona no nome da camada).
#[test]
fn avaliar_le_o_dxf_do_cad() {
    let dir = diretorio_vazio();
    std::fs::copy(
        memorial_de_teste("parcela_utm21s.dxf"),
        dir.join("parcela.dxf"),
    )
    .unwrap();
    let proposta = std::fs::read_to_string(exemplo("desmembramento_area.toml"))
        .unwrap()
        .replace("area_ribeiraozinho.geojson", "parcela.dxf");
    std::fs::write(dir.join("p.toml"), proposta).unwrap();
    let avaliado = divisa_em(&dir, &["avaliar", "p.toml"]);
    assert_ne!(avaliado.codigo, 2, "{}", avaliado.stderr);
    assert!(
        avaliado
            .stdout
            .contains("apurado: território apresentado com 6 vértices"),
        "{}",
        avaliado.stdout
    );
    std::fs::remove_dir_all(&dir).ok();
}
