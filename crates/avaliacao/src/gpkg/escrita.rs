//! A gravação do GeoPackage (OGC 12-128r18) que `divisa memorial --formato gpkg` entrega à
//! cartografia: o território, os vértices do memorial e os remanescentes, em SIRGAS 2000. Mora
//! ao lado da leitura (`gpkg.rs`), com o mesmo SQLite embutido: o território só monta os blobs
//! (`divisa_territorio::escrita::geometria_gpkg`), e o SQL das tabelas do padrão é escrito aqui —
//! o executável não tem SQL nem cálculo geográfico (ARCHITECTURE).

use std::path::Path;

use divisa_territorio::memorial::Memorial;
use jiff::Timestamp;

use crate::territorio::Remanescente;

/// O GeoPackage que não se gravou: a etapa e a causa, em português.
#[derive(Debug, thiserror::Error)]
#[error("ao {etapa}: {causa}")]
pub struct ErroAoGravar {
    etapa: &'static str,
    causa: String,
}

impl ErroAoGravar {
    fn ao<E: std::fmt::Display>(etapa: &'static str) -> impl FnOnce(E) -> ErroAoGravar {
        move |e| ErroAoGravar {
            etapa,
            causa: e.to_string(),
        }
    }
}

impl From<rusqlite::Error> for ErroAoGravar {
    fn from(e: rusqlite::Error) -> ErroAoGravar {
        ErroAoGravar {
            etapa: "escrever as tabelas",
            causa: e.to_string(),
        }
    }
}

/// Identificação de um GeoPackage no cabeçalho do SQLite (OGC 12-128r18, Req. 2): "GPKG".
const APPLICATION_ID_GPKG: i32 = 0x4750_4B47;
/// A versão do padrão (1.4.0), Req. 2.
const USER_VERSION_GPKG: i32 = 10400;

/// As tabelas do padrão (OGC 12-128r18, Anexo C: `gpkg_spatial_ref_sys`, `gpkg_contents`,
/// `gpkg_geometry_columns`) e as três camadas: o território (MULTIPOLYGON), os vértices
/// (POINT, com o código do memorial) e os remanescentes (MULTIPOLYGON: o que resta de cada
/// município da Malha 2022 de que o território tira parte, com as áreas).
const TABELAS_GPKG: &str = r#"
CREATE TABLE gpkg_spatial_ref_sys (
  srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY, organization TEXT NOT NULL,
  organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
CREATE TABLE gpkg_contents (
  table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
  description TEXT DEFAULT '',
  last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
  CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
CREATE TABLE gpkg_geometry_columns (
  table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
  srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
  CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
  CONSTRAINT uk_gc_table_name UNIQUE (table_name),
  CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
  CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
CREATE TABLE territorio (
  fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom MULTIPOLYGON, nome TEXT,
  area_geodesica_m2 DOUBLE, area_albers_ibge_m2 DOUBLE, perimetro_m DOUBLE, zona_utm TEXT,
  origem TEXT, confrontantes TEXT);
CREATE TABLE vertices (
  fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom POINT, codigo TEXT, parte INTEGER,
  anel_interior INTEGER, ordem INTEGER, altitude_m DOUBLE, leste_m DOUBLE, norte_m DOUBLE,
  confrontante TEXT);
CREATE TABLE remanescentes (
  fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom MULTIPOLYGON, codigo_ibge INTEGER,
  municipio TEXT, area_municipio_km2 DOUBLE, area_cedida_km2 DOUBLE,
  area_remanescente_km2 DOUBLE, partes INTEGER);
"#;

/// A definição WKT do WGS 84 (EPSG:4326), que o padrão manda estar na tabela (Req. 11).
const WKT_WGS84: &str = r#"GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]"#;

/// O que vai ao GeoPackage: o memorial (o território e os vértices), o título das camadas, o
/// arquivo de origem e os remanescentes dos municípios cortados.
#[derive(Debug, Clone, Copy)]
pub struct Camadas<'a> {
    /// O memorial do território.
    pub memorial: &'a Memorial,
    /// O nome do território, no título de cada camada.
    pub titulo: &'a str,
    /// O arquivo de onde o território foi lido.
    pub origem: Option<&'a str>,
    /// O que resta de cada município de que o território tira parte.
    pub remanescentes: &'a [Remanescente],
}

/// Grava o território e os vértices num GeoPackage novo em `destino` (substitui um que exista):
/// escreve num arquivo ao lado e o renomeia no fim, para um erro no meio não deixar um
/// GeoPackage pela metade. `agora` é o instante do `last_change` do padrão (o relógio é de quem
/// chama).
pub fn gravar(destino: &Path, camadas: &Camadas<'_>, agora: Timestamp) -> Result<(), ErroAoGravar> {
    let parcial = destino.with_file_name(format!(
        ".{}.parcial-{}",
        destino
            .file_name()
            .map_or("saida.gpkg".into(), |n| n.to_string_lossy()),
        std::process::id()
    ));
    let _ = std::fs::remove_file(&parcial);
    let gravado = gravar_em(&parcial, camadas, agora).and_then(|()| {
        std::fs::rename(&parcial, destino).map_err(ErroAoGravar::ao("renomear o arquivo"))
    });
    if gravado.is_err() {
        let _ = std::fs::remove_file(&parcial);
    }
    gravado
}

fn gravar_em(caminho: &Path, camadas: &Camadas<'_>, agora: Timestamp) -> Result<(), ErroAoGravar> {
    let Camadas {
        memorial,
        titulo,
        origem,
        remanescentes,
    } = *camadas;
    use divisa_territorio::escrita::{
        geometria_gpkg, ponto_gpkg, EPSG_SIRGAS_2000, WKT_SIRGAS_2000,
    };
    use geo::BoundingRect;
    use rusqlite::params;

    let mut banco =
        rusqlite::Connection::open(caminho).map_err(ErroAoGravar::ao("criar o arquivo"))?;
    banco.pragma_update(None, "application_id", APPLICATION_ID_GPKG)?;
    banco.pragma_update(None, "user_version", USER_VERSION_GPKG)?;
    let agora = agora.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string();
    let transacao = banco.transaction()?;
    transacao.execute_batch(TABELAS_GPKG)?;
    for (nome, id, organizacao, codigo, definicao) in [
        ("Undefined cartesian SRS", -1, "NONE", -1, "undefined"),
        ("Undefined geographic SRS", 0, "NONE", 0, "undefined"),
        ("WGS 84 geodetic", 4326, "EPSG", 4326, WKT_WGS84),
        (
            "SIRGAS 2000",
            EPSG_SIRGAS_2000,
            "EPSG",
            EPSG_SIRGAS_2000,
            WKT_SIRGAS_2000,
        ),
    ] {
        transacao.execute(
            "INSERT INTO gpkg_spatial_ref_sys (srs_name, srs_id, organization, organization_coordsys_id, definition) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![nome, id, organizacao, codigo, definicao],
        )?;
    }
    let envelope = |m: Option<geo::Rect<f64>>| {
        m.map_or((None, None, None, None), |r| {
            (
                Some(r.min().x),
                Some(r.min().y),
                Some(r.max().x),
                Some(r.max().y),
            )
        })
    };
    let do_territorio = envelope(memorial.territorio.bounding_rect());
    let dos_remanescentes = envelope(
        remanescentes
            .iter()
            .filter_map(|r| r.poligono.bounding_rect())
            .reduce(|a, b| {
                geo::Rect::new(
                    geo::coord! { x: a.min().x.min(b.min().x), y: a.min().y.min(b.min().y) },
                    geo::coord! { x: a.max().x.max(b.max().x), y: a.max().y.max(b.max().y) },
                )
            }),
    );
    for (tabela, tipo, descricao, (min_x, min_y, max_x, max_y)) in [
        (
            "territorio",
            "MULTIPOLYGON",
            format!("{titulo}: o território (divisa memorial)"),
            do_territorio,
        ),
        (
            "vertices",
            "POINT",
            format!("{titulo}: os vértices do memorial, pelo código"),
            do_territorio,
        ),
        (
            "remanescentes",
            "MULTIPOLYGON",
            format!(
                "{titulo}: o que resta de cada município da Malha Municipal 2022 (IBGE) de que o território tira parte"
            ),
            dos_remanescentes,
        ),
    ] {
        transacao.execute(
            "INSERT INTO gpkg_contents (table_name, data_type, identifier, description, last_change, min_x, min_y, max_x, max_y, srs_id) VALUES (?1, 'features', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![tabela, format!("{titulo} — {tabela}"), descricao, agora, min_x, min_y, max_x, max_y, EPSG_SIRGAS_2000],
        )?;
        transacao.execute(
            "INSERT INTO gpkg_geometry_columns (table_name, column_name, geometry_type_name, srs_id, z, m) VALUES (?1, 'geom', ?2, ?3, 0, 0)",
            params![tabela, tipo, EPSG_SIRGAS_2000],
        )?;
    }
    transacao.execute(
        "INSERT INTO territorio (geom, nome, area_geodesica_m2, area_albers_ibge_m2, perimetro_m, zona_utm, origem, confrontantes) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            geometria_gpkg(&memorial.territorio),
            titulo,
            memorial.medida.area_m2,
            memorial.area_albers_m2,
            memorial.medida.perimetro_m,
            format!("{}S", memorial.zona),
            origem,
            memorial.lista_de_confrontantes().join(", "),
        ],
    )?;
    for anel in &memorial.aneis {
        for (ordem, vertice) in anel.vertices.iter().enumerate() {
            transacao.execute(
                "INSERT INTO vertices (geom, codigo, parte, anel_interior, ordem, altitude_m, leste_m, norte_m, confrontante) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    ponto_gpkg(vertice.lon, vertice.lat),
                    vertice.codigo,
                    anel.parte as i64,
                    anel.interior,
                    ordem as i64 + 1,
                    vertice.altitude_m,
                    vertice.utm.leste_m,
                    vertice.utm.norte_m,
                    anel.lados.get(ordem).and_then(|l| l.confrontante.as_deref()),
                ],
            )?;
        }
    }
    for r in remanescentes {
        transacao.execute(
            "INSERT INTO remanescentes (geom, codigo_ibge, municipio, area_municipio_km2, area_cedida_km2, area_remanescente_km2, partes) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                geometria_gpkg(&r.poligono),
                r.codigo_ibge,
                r.nome,
                r.area_municipio_km2,
                r.area_cedida_km2,
                r.area_remanescente_km2,
                r.partes as i64,
            ],
        )?;
    }
    transacao.commit()?;
    banco
        .close()
        .map_err(|(_, erro)| erro)
        .map_err(ErroAoGravar::ao("fechar o arquivo"))?;
    Ok(())
}
