//! GeoPackages hostis: o SQL de um arquivo recebido não é executado, e o que ele pede de
//! memória é limitado (issue 14).

use std::time::{Duration, Instant};

/// Um GeoPackage mínimo com as tabelas do padrão e a camada `camada` criada por `sql`.
fn geopackage(nome: &str, sql: &str) -> std::path::PathBuf {
    let caminho =
        std::env::temp_dir().join(format!("divisa-hostil-{}-{nome}.gpkg", std::process::id()));
    let _ = std::fs::remove_file(&caminho);
    let banco = rusqlite::Connection::open(&caminho).unwrap();
    banco
        .execute_batch(&format!(
            "CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT, srs_id INTEGER PRIMARY KEY, organization TEXT, organization_coordsys_id INTEGER, definition TEXT);
             INSERT INTO gpkg_spatial_ref_sys VALUES ('SIRGAS 2000', 4674, 'EPSG', 4674, 'GEOGCS[\"SIRGAS 2000\"]');
             CREATE TABLE gpkg_geometry_columns (table_name TEXT, column_name TEXT, geometry_type_name TEXT, srs_id INTEGER, z INTEGER, m INTEGER);
             INSERT INTO gpkg_geometry_columns VALUES ('camada', 'geom', 'POLYGON', 4674, 0, 0);
             {sql}"
        ))
        .unwrap();
    caminho
}

/// Uma camada que é uma visão recursiva nunca termina de ser lida: recusada sem executá-la.
#[test]
fn camada_que_e_visao_recursiva_e_recusada_na_hora() {
    let caminho = geopackage(
        "visao",
        "CREATE VIEW camada AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x AS fid, zeroblob(10) AS geom FROM r;",
    );
    let inicio = Instant::now();
    let e = divisa_avaliacao::gpkg::ler(&caminho, "area.gpkg").unwrap_err();
    assert!(inicio.elapsed() < Duration::from_secs(2));
    assert!(e.to_string().contains("não uma tabela"), "{e}");
    std::fs::remove_file(&caminho).ok();
}

/// As tabelas do padrão também não podem ser visões.
#[test]
fn tabela_do_padrao_que_e_visao_e_recusada() {
    let caminho =
        std::env::temp_dir().join(format!("divisa-hostil-{}-padrao.gpkg", std::process::id()));
    let _ = std::fs::remove_file(&caminho);
    let banco = rusqlite::Connection::open(&caminho).unwrap();
    banco
        .execute_batch(
            "CREATE TABLE s (srs_name TEXT, srs_id INTEGER, organization TEXT, organization_coordsys_id INTEGER, definition TEXT);
             CREATE VIEW gpkg_spatial_ref_sys AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT 'a' AS srs_name, x AS srs_id, 'EPSG' AS organization, 4674 AS organization_coordsys_id, '' AS definition FROM r;
             CREATE TABLE gpkg_geometry_columns (table_name TEXT, column_name TEXT, geometry_type_name TEXT, srs_id INTEGER, z INTEGER, m INTEGER);
             INSERT INTO gpkg_geometry_columns VALUES ('camada', 'geom', 'POLYGON', 4674, 0, 0);",
        )
        .unwrap();
    drop(banco);
    let inicio = Instant::now();
    let e = divisa_avaliacao::gpkg::ler(&caminho, "area.gpkg").unwrap_err();
    assert!(inicio.elapsed() < Duration::from_secs(2));
    assert!(
        e.to_string()
            .contains("consulta salva (visão), não uma tabela"),
        "{e}"
    );
    std::fs::remove_file(&caminho).ok();
}

/// Uma geometria maior que o limite (zeroblob) é recusada sem ser lida para a memória.
#[test]
fn geometria_gigante_e_recusada_sem_ser_lida() {
    let caminho = geopackage(
        "zeroblob",
        "CREATE TABLE camada (fid INTEGER PRIMARY KEY, geom BLOB);
         INSERT INTO camada VALUES (1, zeroblob(40000000));",
    );
    let e = divisa_avaliacao::gpkg::ler(&caminho, "area.gpkg").unwrap_err();
    assert!(e.to_string().contains("o limite é"), "{e}");
    std::fs::remove_file(&caminho).ok();
}

/// Um GeoPackage com muitas linhas de blobs grandes (10.000 × 100 KB de zeros, 1 GB se lido)
/// é recusado sem ler tudo para a memória.
#[test]
fn muitas_linhas_de_zeroblob_sao_recusadas() {
    let caminho = geopackage(
        "muitas_linhas",
        "CREATE TABLE camada (fid INTEGER PRIMARY KEY, geom BLOB);
         WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 10000)
         INSERT INTO camada SELECT x, zeroblob(100000) FROM r;",
    );
    let e = divisa_avaliacao::gpkg::ler(&caminho, "area.gpkg").unwrap_err();
    let m = e.to_string();
    assert!(m.contains("area.gpkg"), "{m}");
    std::fs::remove_file(&caminho).ok();
}

/// Os erros de um GeoPackage falam de GeoPackage (camada, feição), em português, e nunca de
/// "GeoJSON" nem do SQL que o divisa montou.
#[test]
fn erros_do_geopackage_falam_de_geopackage() {
    for (nome, sql) in [
        (
            "texto",
            "CREATE TABLE camada (fid INTEGER PRIMARY KEY, geom TEXT); INSERT INTO camada VALUES (1, 'POLYGON((0 0,1 0,1 1,0 0))');",
        ),
        (
            "wkb_cortado",
            "CREATE TABLE camada (fid INTEGER PRIMARY KEY, geom BLOB); INSERT INTO camada VALUES (1, X'47500001A2120000010300000001000000');",
        ),
        ("sem_camada", "SELECT 1;"),
    ] {
        let caminho = geopackage(nome, sql);
        let m = divisa_avaliacao::gpkg::ler(&caminho, "area.gpkg")
            .unwrap_err()
            .to_string();
        assert!(m.contains("area.gpkg"), "{nome}: {m}");
        for proibido in ["GeoJSON", "SELECT", "CASE WHEN", "Invalid column", "index:"] {
            assert!(!m.contains(proibido), "{nome}: {m}");
        }
        std::fs::remove_file(&caminho).ok();
    }
}
