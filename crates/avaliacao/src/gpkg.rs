//! A borda do GeoPackage: abre o arquivo SQLite (só leitura), acha a camada de polígonos e
//! entrega os blobs a [`divisa_territorio::leitura_gpkg`], que é puro.

use std::path::Path;

use divisa_territorio::leitura::{ErroLeitura, Territorio};
use divisa_territorio::leitura_gpkg::{ler_geopackage, CamadaGpkg};
use rusqlite::{Connection, OpenFlags};

/// Lê o território de um GeoPackage: a única camada de polígonos (ou de geometria genérica).
pub fn ler(caminho: &Path, nome: &str) -> Result<Territorio, ErroLeitura> {
    let erro = |onde: &str, mensagem: String| ErroLeitura::Forma {
        arquivo: nome.to_owned(),
        onde: onde.to_owned(),
        mensagem,
    };
    let banco = Connection::open_with_flags(
        caminho,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| {
        erro(
            "arquivo",
            format!("não foi possível abrir como SQLite ({e})"),
        )
    })?;
    let nao_gpkg = |e: rusqlite::Error| {
        erro(
            "GeoPackage",
            format!("não é um GeoPackage: faltam as tabelas gpkg_geometry_columns e gpkg_spatial_ref_sys ({e})"),
        )
    };
    let mut consulta = banco
        .prepare(
            "SELECT g.table_name, g.column_name, upper(g.geometry_type_name), s.organization, \
             s.organization_coordsys_id, s.definition \
             FROM gpkg_geometry_columns g JOIN gpkg_spatial_ref_sys s ON s.srs_id = g.srs_id",
        )
        .map_err(nao_gpkg)?;
    let camadas: Vec<(String, String, String, String, i64, String)> = consulta
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
        .and_then(Iterator::collect)
        .map_err(nao_gpkg)?;
    let poligonais: Vec<_> = camadas
        .iter()
        .filter(|c| matches!(c.2.as_str(), "POLYGON" | "MULTIPOLYGON" | "GEOMETRY"))
        .collect();
    let (tabela, coluna, _, organizacao, codigo, definicao) = match poligonais.as_slice() {
        [uma] => *uma,
        [] => {
            return Err(erro(
                "GeoPackage",
                format!(
                    "nenhuma camada de polígonos (camadas: {})",
                    if camadas.is_empty() {
                        "nenhuma".to_owned()
                    } else {
                        camadas
                            .iter()
                            .map(|c| format!("{} ({})", c.0, c.2.to_lowercase()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                ),
            ))
        }
        varias => {
            return Err(erro(
                "GeoPackage",
                format!(
                    "{} camadas de polígonos ({}): deixe no arquivo só a do território proposto, ou exporte-a do QGIS",
                    varias.len(),
                    varias.iter().map(|c| c.0.as_str()).collect::<Vec<_>>().join(", ")
                ),
            ))
        }
    };
    let citar = |id: &str| format!("\"{}\"", id.replace('"', "\"\""));
    let mut leitura = banco
        .prepare(&format!(
            "SELECT rowid, {} FROM {} WHERE {} IS NOT NULL",
            citar(coluna),
            citar(tabela),
            citar(coluna)
        ))
        .map_err(|e| {
            erro(
                &format!("camada {tabela}"),
                format!("não foi possível ler ({e})"),
            )
        })?;
    let geometrias: Vec<(i64, Vec<u8>)> = leitura
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .and_then(Iterator::collect)
        .map_err(|e| {
            erro(
                &format!("camada {tabela}"),
                format!("não foi possível ler ({e})"),
            )
        })?;
    ler_geopackage(
        nome,
        &CamadaGpkg {
            tabela: tabela.clone(),
            srs_organizacao: organizacao.clone(),
            srs_codigo: *codigo,
            srs_definicao: definicao.clone(),
            geometrias,
        },
    )
}
