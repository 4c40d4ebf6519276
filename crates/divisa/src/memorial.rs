//! `divisa memorial`: o memorial descritivo de um território, e o território de volta nos
//! formatos de quem o usa — GeoJSON e GeoPackage para o QGIS, KML para o Google Earth, a tabela
//! de vértices na planilha ODS do SIGEF.
//!
//! A leitura é a do crate `divisa-territorio` (o GeoPackage, que é um banco SQLite, é aberto
//! por `divisa-avaliacao`). A gravação do GeoPackage fica aqui, na borda: o território só monta
//! os blobs (`divisa_territorio::escrita::geometria_gpkg`), e o SQL das tabelas do padrão é
//! escrito com o mesmo `rusqlite` (SQLite embutido) que a leitura usa.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use divisa_avaliacao::territorio::Remanescente;
use divisa_referencia::formato::decimal;
use divisa_territorio::leitura::Territorio;
use divisa_territorio::memorial::Memorial;

use crate::arquivo::ler_arquivo;
use crate::cli::FormatoMemorial;
use crate::Saida;

pub(crate) fn executar(
    caminho: &Path,
    formato: FormatoMemorial,
    destino: Option<&Path>,
    zona: Option<u8>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let nome = caminho.display().to_string();
    let extensao = caminho
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    // Um arquivo binário não vai para o terminal.
    let binario = match formato {
        FormatoMemorial::Gpkg => Some(("GeoPackage", "SAIDA.gpkg")),
        FormatoMemorial::Ods => Some(("planilha ODS", "SAIDA.ods")),
        _ => None,
    };
    if let (Some((tipo, exemplo)), None) = (binario, destino) {
        eprintln!(
            "divisa memorial: --formato {}: o {tipo} é um arquivo binário, que não vai para a saída padrão; diga onde gravá-lo com -o {exemplo}.",
            if exemplo.ends_with("gpkg") { "gpkg" } else { "ods" }
        );
        return Ok(Saida::EntradaInvalida);
    }
    if zona.is_some() && extensao != "dxf" {
        eprintln!(
            "divisa memorial: --zona vale só para DXF (o desenho do CAD não diz o sistema); {nome} diz as suas coordenadas no próprio arquivo."
        );
        return Ok(Saida::EntradaInvalida);
    }

    let lido = match extensao.as_str() {
        "gpkg" => {
            if !caminho.is_file() {
                eprintln!("divisa memorial: {nome}: o arquivo não existe.");
                return Ok(Saida::EntradaInvalida);
            }
            divisa_avaliacao::gpkg::ler(caminho, &nome)
        }
        "dxf" => {
            let Some(bytes) = ler_arquivo("memorial", caminho) else {
                return Ok(Saida::EntradaInvalida);
            };
            divisa_territorio::leitura::dxf::ler_dxf(&nome, &bytes, zona)
        }
        _ => {
            let Some(bytes) = ler_arquivo("memorial", caminho) else {
                return Ok(Saida::EntradaInvalida);
            };
            let prj = std::fs::read_to_string(caminho.with_extension("prj")).ok();
            // `divisa memorial` mede um memorial de qualquer lugar do Brasil (e diz quando fica
            // fora de Mato Grosso); `divisa avaliar` continua só com o território do Estado.
            divisa_territorio::leitura::ler_no_brasil(&nome, &bytes, prj.as_deref())
        }
    };
    let territorio = match lido {
        Ok(territorio) => territorio,
        Err(erro) => {
            eprintln!("divisa memorial: {erro}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let (memorial, origem) =
        divisa_avaliacao::territorio::memorial_com_confrontantes(&territorio.poligonos)
            .context("ao carregar a malha municipal")?;
    // Os códigos dos vértices do memorial lido (SIGEF) ficam; sem eles, V-001…
    let memorial = memorial.com_vertices_nomeados(&territorio.vertices_nomeados);
    let origem = origem.as_deref();
    let titulo = caminho
        .file_name()
        .map_or(nome.clone(), |n| n.to_string_lossy().into_owned());
    // Os avisos da leitura (azimute declarado que não bate, vértice repetido) vão ao stderr,
    // fora do documento, em todo formato; no JSON, no GeoJSON e no KML vão também dentro dele.
    for aviso in &territorio.avisos {
        eprintln!("divisa memorial: aviso: {aviso}");
    }
    let bytes = match formato {
        FormatoMemorial::Texto => {
            // direto para a saída, à medida que é montado (140 MB num milhão de vértices)
            return escrever(destino, saida, |w| {
                let mut a = Adaptador { w, erro: None };
                let r = memorial.escrever_texto(&titulo, &mut a).and_then(|()| {
                    std::fmt::Write::write_str(&mut a, "\n")?;
                    std::fmt::Write::write_str(&mut a, &memorial.divisas(&titulo, origem))
                });
                match (r, a.erro) {
                    (Ok(()), _) => Ok(()),
                    (Err(_), Some(e)) => Err(e),
                    (Err(_), None) => Err(std::io::Error::other("falha ao montar o texto")),
                }
            });
        }
        FormatoMemorial::Json => {
            // direto para a saída: um memorial de um milhão de vértices tem 550 MB de JSON
            let mut dados = memorial.dados(&titulo, origem);
            dados.avisos_da_leitura = Some(&territorio.avisos);
            return escrever(destino, saida, |w| {
                serde_json::to_writer_pretty(&mut *w, &dados)?;
                w.write_all(b"\n")
            });
        }
        FormatoMemorial::Geojson => geojson(&memorial, &territorio, &titulo, origem).into_bytes(),
        FormatoMemorial::Kml => {
            let dados = dados_para_leitura(&memorial, &territorio, origem);
            let dados: Vec<(&str, String)> = dados.iter().map(|(n, v)| (*n, v.clone())).collect();
            divisa_territorio::escrita::kml(&memorial, &titulo, &dados).into_bytes()
        }
        FormatoMemorial::Ods => {
            // O município na forma da lista do modelo do SIGEF ("Vera-MT"); fora de Mato
            // Grosso o divisa não sabe o município, e a célula fica para o agrimensor.
            let municipio = origem.map(|o| format!("{o}-MT"));
            divisa_territorio::escrita_ods::planilha_sigef(&memorial, &titulo, municipio.as_deref())
        }
        FormatoMemorial::Gpkg => {
            // Só chega aqui com -o (conferido acima).
            let Some(destino) = destino else {
                return Ok(Saida::EntradaInvalida);
            };
            // O que cada município cortado perde e o que lhe resta, para o QGIS mostrar lado a
            // lado o território e os remanescentes.
            let cortados = divisa_avaliacao::territorio::municipios_cortados(&territorio.poligonos);
            let remanescentes: Vec<_> =
                divisa_avaliacao::territorio::remanescentes(&territorio.poligonos, &cortados)
                    .into_iter()
                    .filter_map(|(_, r)| r)
                    .collect();
            return match gravar_geopackage(destino, &memorial, &titulo, origem, &remanescentes) {
                Ok(()) => {
                    eprintln!(
                        "divisa memorial: GeoPackage gravado em {} (camadas «territorio», «vertices» e «remanescentes» — {}; EPSG:4674).",
                        destino.display(),
                        match remanescentes.len() {
                            0 => "nenhum município de Mato Grosso cortado".to_owned(),
                            1 => "1 município cortado".to_owned(),
                            n => format!("{n} municípios cortados"),
                        }
                    );
                    Ok(Saida::Sucesso)
                }
                Err(erro) => {
                    eprintln!(
                        "divisa memorial: {}: não foi possível gravar o GeoPackage ({erro:#}).",
                        destino.display()
                    );
                    Ok(Saida::EntradaInvalida)
                }
            };
        }
    };
    escrever(destino, saida, |w| w.write_all(&bytes))
}

/// Um `io::Write` visto como `fmt::Write` (o memorial em texto é escrito com `write!`), que
/// guarda o erro de E/S para dizê-lo.
struct Adaptador<'a> {
    w: &'a mut dyn Write,
    erro: Option<std::io::Error>,
}

impl std::fmt::Write for Adaptador<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.w.write_all(s.as_bytes()).map_err(|e| {
            self.erro = Some(e);
            std::fmt::Error
        })
    }
}

/// Escreve o resultado em `destino` (ou na saída padrão), dizendo onde gravou.
fn escrever(
    destino: Option<&Path>,
    saida: &mut impl Write,
    escrita: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<Saida> {
    match destino {
        None => {
            escrita(saida)?;
        }
        Some(destino) => {
            let gravado = std::fs::File::create(destino).and_then(|f| {
                let mut w = std::io::BufWriter::new(f);
                escrita(&mut w)?;
                w.flush()
            });
            if let Err(erro) = gravado {
                eprintln!(
                    "divisa memorial: {}: não foi possível gravar ({}).",
                    destino.display(),
                    divisa_recursos::motivo_de_leitura(&erro)
                );
                return Ok(Saida::EntradaInvalida);
            }
            eprintln!("divisa memorial: gravado em {}.", destino.display());
        }
    }
    Ok(Saida::Sucesso)
}

/// O território em GeoJSON, com as medidas, os confrontantes, os avisos e os códigos dos
/// vértices (quando o arquivo lido os tinha), que a volta (`divisa memorial SAIDA.geojson`) lê.
fn geojson(
    memorial: &Memorial,
    territorio: &Territorio,
    titulo: &str,
    origem: Option<&str>,
) -> String {
    let mut propriedades = serde_json::Map::new();
    for (chave, valor) in [
        ("nome", titulo.into()),
        ("area_geodesica_m2", memorial.medida.area_m2.into()),
        ("area_albers_ibge_m2", memorial.area_albers_m2.into()),
        ("perimetro_m", memorial.medida.perimetro_m.into()),
        ("zona_utm", format!("{}S", memorial.zona).into()),
        ("origem", origem.into()),
        (
            "confrontantes",
            memorial.lista_de_confrontantes().join(", ").into(),
        ),
    ] {
        propriedades.insert(chave.to_owned(), valor);
    }
    // Os avisos da leitura (azimutes declarados que não batem, vértices repetidos) seguem com
    // o arquivo, para não se perderem na conversão.
    if !territorio.avisos.is_empty() {
        propriedades.insert("avisos".into(), territorio.avisos.join("; ").into());
    }
    if !territorio.vertices_nomeados.is_empty() {
        let codigos: Vec<Vec<&str>> = memorial
            .aneis
            .iter()
            .map(|a| a.vertices.iter().map(|v| v.codigo.as_str()).collect())
            .collect();
        propriedades.insert(
            divisa_territorio::leitura::PROPRIEDADE_CODIGOS.into(),
            serde_json::json!(codigos),
        );
    }
    divisa_territorio::escrita::geojson(&territorio.poligonos, propriedades)
}

/// As medidas para quem lê o KML no Google Earth, com os números no formato brasileiro.
fn dados_para_leitura(
    memorial: &Memorial,
    territorio: &Territorio,
    origem: Option<&str>,
) -> Vec<(&'static str, String)> {
    let mut dados = vec![
        ("Área geodésica (m²)", decimal(memorial.medida.area_m2, 2)),
        (
            "Área em Albers-IBGE (m²)",
            decimal(memorial.area_albers_m2, 2),
        ),
        ("Perímetro (m)", decimal(memorial.medida.perimetro_m, 2)),
        ("Zona UTM", format!("{}S", memorial.zona)),
        ("Sistema geodésico", "SIRGAS 2000".to_owned()),
        ("Município de origem", origem.unwrap_or("").to_owned()),
        (
            "Confrontantes",
            memorial.lista_de_confrontantes().join(", "),
        ),
    ];
    if !territorio.avisos.is_empty() {
        dados.push(("Avisos da leitura", territorio.avisos.join("; ")));
    }
    dados
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

/// Grava o território e os vértices num GeoPackage novo em `destino` (substitui um que exista):
/// escreve num arquivo ao lado e o renomeia no fim, para um erro no meio não deixar um
/// GeoPackage pela metade.
fn gravar_geopackage(
    destino: &Path,
    memorial: &Memorial,
    titulo: &str,
    origem: Option<&str>,
    remanescentes: &[Remanescente],
) -> anyhow::Result<()> {
    let parcial = destino.with_file_name(format!(
        ".{}.parcial-{}",
        destino
            .file_name()
            .map_or("saida.gpkg".into(), |n| n.to_string_lossy()),
        std::process::id()
    ));
    let _ = std::fs::remove_file(&parcial);
    let gravado = gravar_geopackage_em(&parcial, memorial, titulo, origem, remanescentes)
        .and_then(|()| std::fs::rename(&parcial, destino).context("ao renomear o arquivo"));
    if gravado.is_err() {
        let _ = std::fs::remove_file(&parcial);
    }
    gravado
}

fn gravar_geopackage_em(
    caminho: &Path,
    memorial: &Memorial,
    titulo: &str,
    origem: Option<&str>,
    remanescentes: &[Remanescente],
) -> anyhow::Result<()> {
    use divisa_territorio::escrita::{
        geometria_gpkg, ponto_gpkg, EPSG_SIRGAS_2000, WKT_SIRGAS_2000,
    };
    use geo::BoundingRect;
    use rusqlite::params;

    let mut banco = rusqlite::Connection::open(caminho).context("ao criar o arquivo")?;
    banco.pragma_update(None, "application_id", APPLICATION_ID_GPKG)?;
    banco.pragma_update(None, "user_version", USER_VERSION_GPKG)?;
    let agora = crate::relogio::agora()
        .strftime("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string();
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
        .context("ao fechar o arquivo")?;
    Ok(())
}
