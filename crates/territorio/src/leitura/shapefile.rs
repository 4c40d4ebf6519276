//! Leitura de ESRI Shapefile (.shp, com o .prj ao lado quando houver), o formato em que muitos
//! órgãos de cartografia entregam limites.
//!
//! O .prj diz o sistema: em graus (GEOGCS) SIRGAS 2000 ou WGS84, as coordenadas passam direto;
//! em UTM (PROJCS "... UTM Zone 21S"), cada vértice é convertido pela Transversa de Mercator de
//! [`crate::utm`]; datums antigos (SAD 69, Córrego Alegre) são recusados, porque a diferença para
//! o SIRGAS 2000 passa de 60 m. Sem .prj, as coordenadas precisam estar em graus.
//!
//! Em cada registro, um anel externo abre um polígono e os internos seguintes são buracos dele
//! (a ordem que o padrão da ESRI usa); a validação aponta um buraco fora do seu polígono.

use std::io::Cursor;

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use shapefile::{PolygonRing, Shape, ShapeReader};

use super::sistema::{sistema, Sistema};
use super::territorio::{conferir, ErroLeitura, Territorio};

/// Lê os polígonos de um .shp (bytes), com o texto do .prj se houver.
pub fn ler_shapefile(
    arquivo: &str,
    shp: &[u8],
    prj: Option<&str>,
) -> Result<Territorio, ErroLeitura> {
    let sistema = sistema(arquivo, prj)?;
    let erro = |onde: String, mensagem: String| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde,
        mensagem,
    };
    let mut leitor = ShapeReader::new(Cursor::new(shp)).map_err(|e| {
        erro(
            "cabeçalho".to_owned(),
            format!("não é um shapefile válido ({})", erro_shp(&e)),
        )
    })?;
    let converter = |x: f64, y: f64| sistema.para_graus(x, y);
    let mut poligonos = Vec::new();
    for (registro, forma) in leitor.iter_shapes().enumerate() {
        divisa_recursos::conferir();
        let onde = format!("registro {}", registro + 1);
        let forma = forma.map_err(|e| {
            erro(
                onde.clone(),
                format!("registro ilegível ({})", erro_shp(&e)),
            )
        })?;
        poligonos.extend(poligonos_da_forma(arquivo, &onde, forma, &converter)?);
    }
    if poligonos.is_empty() {
        return Err(erro(
            "registros".to_owned(),
            "nenhum polígono no shapefile".to_owned(),
        ));
    }
    let mut territorio = conferir(arquivo, MultiPolygon(poligonos))?;
    if let Sistema::Utm { zona, sul } = sistema {
        territorio.utm = Some((zona, sul));
    }
    Ok(territorio)
}

/// Os polígonos de uma forma do shapefile (anéis externos abrem um polígono, internos são os
/// seus buracos); a forma vazia não tem nenhum.
fn poligonos_da_forma(
    arquivo: &str,
    onde: &str,
    forma: Shape,
    converter: &dyn Fn(f64, f64) -> Coord<f64>,
) -> Result<Vec<Polygon<f64>>, ErroLeitura> {
    let erro = |mensagem: String| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde: onde.to_owned(),
        mensagem,
    };
    let aneis: Vec<(bool, Vec<Coord<f64>>)> = match forma {
        Shape::Polygon(p) => p
            .rings()
            .iter()
            .map(|r| anel(r, |p| converter(p.x, p.y)))
            .collect(),
        Shape::PolygonZ(p) => p
            .rings()
            .iter()
            .map(|r| anel(r, |p| converter(p.x, p.y)))
            .collect(),
        Shape::PolygonM(p) => p
            .rings()
            .iter()
            .map(|r| anel(r, |p| converter(p.x, p.y)))
            .collect(),
        Shape::NullShape => return Ok(Vec::new()),
        outra => {
            return Err(erro(format!(
                "geometria {}: um território precisa ser polígono",
                outra.shapetype()
            )))
        }
    };
    let mut poligonos = Vec::new();
    let mut atual: Option<Polygon<f64>> = None;
    for (externo, pontos) in aneis {
        let linha = LineString(pontos);
        if externo {
            poligonos.extend(atual.take());
            atual = Some(Polygon::new(linha, vec![]));
        } else if let Some(poligono) = atual.as_mut() {
            poligono.interiors_push(linha);
        } else {
            return Err(erro(
                "anel interno antes de qualquer anel externo".to_owned(),
            ));
        }
    }
    poligonos.extend(atual);
    Ok(poligonos)
}

/// As feições de um shapefile (.shp e .dbf, com o .prj se houver), cada uma com o valor da
/// primeira coluna de `chaves` que existir na tabela — a malha de setores do IBGE
/// (`CD_SETOR`). As geometrias não são validadas aqui (quem importa confere).
pub fn ler_feicoes_shapefile_por(
    arquivo: &str,
    shp: &[u8],
    dbf: &[u8],
    prj: Option<&str>,
    chaves: &[&str],
) -> Result<Vec<(String, MultiPolygon<f64>)>, ErroLeitura> {
    let sistema = sistema(arquivo, prj)?;
    let erro = |onde: String, mensagem: String| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde,
        mensagem,
    };
    let formas = ShapeReader::new(Cursor::new(shp)).map_err(|e| {
        erro(
            "cabeçalho".to_owned(),
            format!("não é um shapefile válido ({})", erro_shp(&e)),
        )
    })?;
    let tabela = shapefile::dbase::Reader::new(Cursor::new(dbf)).map_err(|_| {
        erro(
            "tabela .dbf".to_owned(),
            "não é uma tabela dBASE (.dbf) válida".to_owned(),
        )
    })?;
    let colunas: Vec<String> = tabela
        .fields()
        .iter()
        .map(|f| f.name().to_owned())
        .collect();
    let Some(chave) = chaves.iter().find(|c| colunas.iter().any(|n| n == *c)) else {
        return Err(erro(
            "tabela .dbf".to_owned(),
            format!(
                "falta a coluna {} (as colunas são: {})",
                chaves.join(" ou "),
                colunas.join(", ")
            ),
        ));
    };
    let converter = move |x: f64, y: f64| sistema.para_graus(x, y);
    let mut leitor = shapefile::Reader::new(formas, tabela);
    let mut saida = Vec::new();
    for (i, par) in leitor.iter_shapes_and_records().enumerate() {
        divisa_recursos::conferir();
        let onde = format!("registro {}", i + 1);
        let (forma, registro) = par.map_err(|e| {
            erro(
                onde.clone(),
                format!("registro ilegível ({})", erro_shp(&e)),
            )
        })?;
        let valor = match registro.get(chave) {
            Some(shapefile::dbase::FieldValue::Character(Some(t))) => t.trim().to_owned(),
            Some(shapefile::dbase::FieldValue::Numeric(Some(n))) => format!("{n:.0}"),
            _ => return Err(erro(onde, format!("{chave} vazio"))),
        };
        let poligonos = poligonos_da_forma(arquivo, &onde, forma, &converter)?;
        if !poligonos.is_empty() {
            saida.push((valor, MultiPolygon(poligonos)));
        }
    }
    Ok(saida)
}

fn anel<P>(anel: &PolygonRing<P>, converter: impl Fn(&P) -> Coord<f64>) -> (bool, Vec<Coord<f64>>) {
    let externo = matches!(anel, PolygonRing::Outer(_));
    (externo, anel.points().iter().map(converter).collect())
}

/// O erro do leitor de shapefile em português (a mensagem dele é em inglês).
fn erro_shp(e: &shapefile::Error) -> String {
    use shapefile::Error as E;
    match e {
        E::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            "o arquivo acaba antes do que o cabeçalho promete: está cortado".to_owned()
        }
        E::IoError(_) => "erro de leitura".to_owned(),
        E::InvalidFileCode(c) => format!("código de arquivo {c}, não 9994: não é um .shp"),
        E::InvalidShapeType(c) => format!("tipo de forma {c} desconhecido"),
        E::InvalidPatchType(c) => format!("tipo de retalho {c} desconhecido"),
        E::MismatchShapeType { .. } => "um registro de tipo diferente do declarado".to_owned(),
        E::InvalidShapeRecordSize => "um registro de tamanho inválido".to_owned(),
        E::AllocationLimitExceeded { requested_bytes } => format!(
            "um registro declara {} MB de pontos, mais do que o arquivo pode ter",
            requested_bytes / (1024 * 1024)
        ),
        E::DbaseError(_) => "a tabela .dbf não pôde ser lida".to_owned(),
        E::MissingDbf => "falta o .dbf ao lado do .shp".to_owned(),
        E::MissingIndexFile => "falta o .shx ao lado do .shp".to_owned(),
        #[allow(unreachable_patterns)]
        _ => "forma inválida".to_owned(),
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::utm::para_utm;
    use shapefile::{Point, Polygon as PoligonoShp, ShapeWriter};

    fn shp(pontos: Vec<Point>) -> Vec<u8> {
        let mut bytes = Cursor::new(Vec::new());
        {
            let mut escritor = ShapeWriter::new(&mut bytes);
            escritor
                .write_shape(&PoligonoShp::new(PolygonRing::Outer(pontos)))
                .unwrap();
            escritor.finalize().unwrap();
        }
        bytes.into_inner()
    }

    #[test]
    fn shapefile_em_graus_e_em_utm_dao_o_mesmo_poligono() {
        // O padrão da ESRI: anel externo no sentido horário.
        let graus = [
            (-56.0, -15.0),
            (-56.0, -14.9),
            (-55.9, -14.9),
            (-55.9, -15.0),
            (-56.0, -15.0),
        ];
        let em_graus = shp(graus.iter().map(|&(x, y)| Point { x, y }).collect());
        let a = ler_shapefile(
            "a.shp",
            &em_graus,
            Some("GEOGCS[\"GCS_SIRGAS_2000\",DATUM[\"D_SIRGAS_2000\"]]"),
        )
        .unwrap();
        let em_utm = shp(graus
            .iter()
            .map(|&(x, y)| {
                let u = para_utm(x, y, Some(21));
                Point {
                    x: u.leste_m,
                    y: u.norte_m,
                }
            })
            .collect());
        let b = ler_shapefile(
            "b.shp",
            &em_utm,
            Some("PROJCS[\"SIRGAS_2000_UTM_Zone_21S\",GEOGCS[\"GCS_SIRGAS_2000\"]]"),
        )
        .unwrap();
        for (p, q) in a.poligonos.0[0]
            .exterior()
            .0
            .iter()
            .zip(&b.poligonos.0[0].exterior().0)
        {
            assert!((p.x - q.x).abs() < 1e-9 && (p.y - q.y).abs() < 1e-9);
        }
    }

    #[test]
    fn datum_antigo_e_recusado() {
        let bytes = shp(vec![
            Point { x: -56.0, y: -15.0 },
            Point { x: -56.0, y: -14.9 },
            Point { x: -55.9, y: -14.9 },
            Point { x: -56.0, y: -15.0 },
        ]);
        let e = ler_shapefile(
            "a.shp",
            &bytes,
            Some("GEOGCS[\"GCS_South_American_1969\",DATUM[\"D_South_American_1969\"]]"),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("datum antigo (SAD 69 ou Córrego Alegre)"), "{e}");
        let zona_99 = ler_shapefile(
            "a.shp",
            &bytes,
            Some("PROJCS[\"SIRGAS_2000_UTM_Zone_99S\",GEOGCS[\"GCS_SIRGAS_2000\"]]"),
        )
        .unwrap_err();
        assert!(
            zona_99.to_string().contains("zona UTM 99 não existe"),
            "{zona_99}"
        );
        let e = ler_shapefile("a.shp", &bytes, Some("PROJCS[\"SAD_1969_UTM_Zone_21S\"]"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("datum antigo"), "{e}");
    }

    #[test]
    fn bytes_ao_acaso_nunca_entram_em_panico() {
        let base = shp(vec![
            Point { x: -56.0, y: -15.0 },
            Point { x: -56.0, y: -14.9 },
            Point { x: -55.9, y: -14.9 },
            Point { x: -56.0, y: -15.0 },
        ]);
        let mut estado = 0x5F_u64;
        for _ in 0..3_000 {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            let mut bytes = base.clone();
            let posicao = (estado % bytes.len() as u64) as usize;
            bytes[posicao] = (estado >> 32) as u8;
            bytes.truncate(bytes.len() - (estado >> 40) as usize % 40);
            let _ = ler_shapefile("x.shp", &bytes, None);
        }
    }

    /// A malha de setores em Shapefile (feições com o código do .dbf): lida, e nunca em pânico
    /// com o .shp ou o .dbf mutilados.
    #[test]
    fn feicoes_com_o_codigo_do_dbf_e_bytes_mutilados() {
        let fixture =
            include_bytes!("../../../divisa/tests/dados/setores/MT_setores_CD2022_livramento.zip");
        let feicoes =
            crate::leitura::ler_feicoes_shapefile_zip_por("setores.zip", fixture, &["CD_SETOR"])
                .unwrap();
        assert_eq!(feicoes.len(), 43);
        assert!(
            feicoes
                .iter()
                .all(|(c, _)| c.len() == 15 && c.starts_with("5106109")),
            "{:?}",
            &feicoes[0].0
        );
        let e = crate::leitura::ler_feicoes_shapefile_zip_por("setores.zip", fixture, &["CODIGO"])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("falta a coluna CODIGO") && e.contains("CD_SETOR"),
            "{e}"
        );
        let mut estado = 0x77_u64;
        for _ in 0..500 {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            let mut bytes = fixture.to_vec();
            let posicao = (estado % bytes.len() as u64) as usize;
            bytes[posicao] = (estado >> 32) as u8;
            bytes.truncate(bytes.len() - (estado >> 40) as usize % 200);
            let _ = crate::leitura::ler_feicoes_shapefile_zip_por("x.zip", &bytes, &["CD_SETOR"]);
        }
    }
}
