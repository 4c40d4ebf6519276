//! A borda do GeoPackage: abre o arquivo SQLite (só leitura), acha a camada de polígonos e
//! entrega os blobs a [`divisa_territorio::leitura_gpkg`], que é puro.

use std::path::Path;

use divisa_territorio::leitura::{ErroLeitura, Territorio};
use divisa_territorio::leitura_gpkg::{ler_geopackage, CamadaGpkg};
use rusqlite::{Connection, OpenFlags};

/// A camada escolhida: tabela, coluna de geometria e sistema.
struct Escolhida {
    tabela: String,
    coluna: String,
    organizacao: String,
    codigo: i64,
    definicao: String,
}

/// Lê o território de um GeoPackage: a única camada de polígonos (ou de geometria genérica).
pub fn ler(caminho: &Path, nome: &str) -> Result<Territorio, ErroLeitura> {
    let (banco, c) = abrir(caminho, nome)?;
    let geometrias = blobs(&banco, nome, &c, None)?
        .into_iter()
        .map(|(fid, _, g)| (fid, g))
        .collect();
    ler_geopackage(
        nome,
        &CamadaGpkg {
            tabela: c.tabela,
            srs_organizacao: c.organizacao,
            srs_codigo: c.codigo,
            srs_definicao: c.definicao,
            geometrias,
        },
    )
}

/// Lê as feições da camada de polígonos, cada uma identificada pela primeira das `chaves` que
/// for coluna da tabela (`CD_SETOR`, `codigo_setor`…); `Err` se nenhuma for.
pub fn ler_feicoes(
    caminho: &Path,
    nome: &str,
    chaves: &[&str],
) -> Result<Vec<(String, geo_types::MultiPolygon<f64>)>, ErroLeitura> {
    let (banco, c) = abrir(caminho, nome)?;
    let colunas: Vec<String> = banco
        .prepare(&format!("PRAGMA table_info({})", citar(&c.tabela)))
        .and_then(|mut p| p.query_map([], |r| r.get::<_, String>(1))?.collect())
        .unwrap_or_default();
    let chave = chaves
        .iter()
        .find_map(|k| colunas.iter().find(|c| c.eq_ignore_ascii_case(k)))
        .ok_or_else(|| ErroLeitura::Forma {
            arquivo: nome.to_owned(),
            onde: format!("camada {}", c.tabela),
            mensagem: format!(
                "nenhuma coluna de identificação ({}); as colunas são: {}",
                chaves.join(", "),
                colunas.join(", ")
            ),
        })?
        .clone();
    let mut saida = Vec::new();
    for (fid, id, blob) in blobs(&banco, nome, &c, Some(&chave))? {
        let territorio = ler_geopackage(
            &format!("{nome}, feição {fid} ({chave} {id})"),
            &CamadaGpkg {
                tabela: c.tabela.clone(),
                srs_organizacao: c.organizacao.clone(),
                srs_codigo: c.codigo,
                srs_definicao: c.definicao.clone(),
                geometrias: vec![(fid, blob)],
            },
        )?;
        saida.push((id, territorio.poligonos));
    }
    Ok(saida)
}

fn citar(id: &str) -> String {
    format!("\"{}\"", id.replace('"', "\"\""))
}

/// As feições: (rowid, identificação como texto, blob).
fn blobs(
    banco: &Connection,
    nome: &str,
    c: &Escolhida,
    chave: Option<&str>,
) -> Result<Vec<(i64, String, Vec<u8>)>, ErroLeitura> {
    let erro = |e: rusqlite::Error| ErroLeitura::Forma {
        arquivo: nome.to_owned(),
        onde: format!("camada {}", c.tabela),
        mensagem: format!("não foi possível ler ({e})"),
    };
    let id = chave.map_or_else(|| "rowid".to_owned(), citar);
    let mut leitura = banco
        .prepare(&format!(
            "SELECT rowid, CAST({id} AS TEXT), {} FROM {} WHERE {} IS NOT NULL",
            citar(&c.coluna),
            citar(&c.tabela),
            citar(&c.coluna)
        ))
        .map_err(erro)?;
    let linhas = leitura
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, Option<String>>(1)?.unwrap_or_default(),
                r.get::<_, Vec<u8>>(2)?,
            ))
        })
        .and_then(Iterator::collect)
        .map_err(erro);
    linhas
}

fn abrir(caminho: &Path, nome: &str) -> Result<(Connection, Escolhida), ErroLeitura> {
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
    let escolhida = Escolhida {
        tabela: tabela.clone(),
        coluna: coluna.clone(),
        organizacao: organizacao.clone(),
        codigo: *codigo,
        definicao: definicao.clone(),
    };
    drop(consulta);
    Ok((banco, escolhida))
}
