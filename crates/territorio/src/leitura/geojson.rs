//! Leitura de GeoJSON (RFC 7946, e o membro `crs` da especificação de 2008 que o QGIS ainda
//! escreve): Feature, FeatureCollection, GeometryCollection, Polygon e MultiPolygon, o formato
//! que o QGIS exporta por padrão. Os erros dizem onde estão (feição, polígono, anel, vértice).

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use serde_json::Value;

use super::territorio::{conferir, validar, ErroLeitura, Territorio, VerticeNomeado};

/// Lê GeoJSON. Aceita Feature, FeatureCollection, GeometryCollection, Polygon e MultiPolygon;
/// junta todos os polígonos encontrados.
///
/// ```
/// use divisa_territorio::leitura::geojson::ler_geojson;
/// let texto = br#"{"type":"Polygon","coordinates":[[[-56,-15],[-55.9,-15],[-55.9,-14.9],[-56,-15]]]}"#;
/// let territorio = ler_geojson("area.geojson", texto).unwrap();
/// assert_eq!(territorio.poligonos.0.len(), 1);
/// ```
pub fn ler_geojson(arquivo: &str, bytes: &[u8]) -> Result<Territorio, ErroLeitura> {
    let valor = json_de(arquivo, bytes)?;
    let forma = |onde: &str, mensagem: String| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde: onde.to_owned(),
        mensagem,
    };
    // O membro `crs` da especificação antiga (2008), que o QGIS e o ogr2ogr ainda escrevem
    // quando o arquivo sai numa projeção: graus SIRGAS 2000 (ou WGS 84) passam como estão; as
    // zonas UTM do SIRGAS 2000 são convertidas; SAD 69 e Córrego Alegre são recusados.
    let sistema = match valor
        .pointer("/crs/properties/name")
        .and_then(Value::as_str)
    {
        None => SistemaGeojson::Graus,
        Some(crs) => sistema_do_crs(crs).map_err(|mensagem| forma("crs", mensagem))?,
    };
    let mut poligonos = Vec::new();
    coletar(&valor, "raiz", &mut poligonos).map_err(|(onde, mensagem)| forma(&onde, mensagem))?;
    if poligonos.is_empty() {
        return Err(forma(
            "raiz",
            "nenhum Polygon ou MultiPolygon encontrado".to_owned(),
        ));
    }
    if let SistemaGeojson::Utm { zona } = sistema {
        poligonos = poligonos
            .into_iter()
            .enumerate()
            .map(|(i, p)| poligono_de_utm(&p, i + 1, zona))
            .collect::<Result<_, _>>()
            .map_err(|(onde, mensagem)| forma(&onde, mensagem))?;
    }
    let mut territorio = conferir(arquivo, MultiPolygon(poligonos))?;
    if let SistemaGeojson::Utm { zona } = sistema {
        territorio.utm = Some((zona, true));
    }
    territorio.vertices_nomeados = nomes_das_propriedades(&valor, &territorio.poligonos);
    Ok(territorio)
}

/// O nome da propriedade em que [`crate::escrita::geojson`] guarda os códigos dos vértices
/// (um anel por item, como [`Territorio::vertices_nomeados`]), para a volta os achar.
pub const PROPRIEDADE_CODIGOS: &str = "codigos_dos_vertices";

/// Os códigos dos vértices guardados nas propriedades da (única) feição, se batem um a um com
/// os vértices lidos; senão, nenhum.
fn nomes_das_propriedades(
    valor: &Value,
    poligonos: &MultiPolygon<f64>,
) -> Vec<Vec<VerticeNomeado>> {
    let propriedades = match valor.get("type").and_then(Value::as_str) {
        Some("Feature") => valor.get("properties"),
        Some("FeatureCollection") => match valor.get("features").and_then(Value::as_array) {
            Some(feicoes) if feicoes.len() == 1 => feicoes[0].get("properties"),
            _ => None,
        },
        _ => None,
    };
    let Some(aneis) = propriedades
        .and_then(|p| p.get(PROPRIEDADE_CODIGOS))
        .and_then(Value::as_array)
    else {
        return Vec::new();
    };
    let tamanhos: Vec<usize> = poligonos
        .0
        .iter()
        .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
        .map(|a| a.0.len().saturating_sub(1))
        .collect();
    if aneis.len() != tamanhos.len() {
        return Vec::new();
    }
    let mut nomeados = Vec::with_capacity(aneis.len());
    for (anel, tamanho) in aneis.iter().zip(tamanhos) {
        let codigos: Option<Vec<VerticeNomeado>> = anel.as_array().and_then(|a| {
            a.iter()
                .map(|c| {
                    c.as_str().map(|codigo| VerticeNomeado {
                        codigo: codigo.to_owned(),
                        altitude_m: None,
                    })
                })
                .collect()
        });
        match codigos {
            Some(c) if c.len() == tamanho => nomeados.push(c),
            _ => return Vec::new(),
        }
    }
    nomeados
}

/// Em que coordenadas vem um GeoJSON, pelo seu membro `crs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SistemaGeojson {
    /// Graus, SIRGAS 2000 ou WGS 84 (EPSG:4674, EPSG:4326, CRS84).
    Graus,
    /// SIRGAS 2000 / UTM, zona do hemisfério sul (EPSG:31978 a 31985: zonas 18S a 25S).
    Utm { zona: u8 },
}

/// O sistema dito pelo nome do `crs` (`EPSG:31981`, `urn:ogc:def:crs:EPSG::31981`,
/// `http://www.opengis.net/def/crs/EPSG/0/31981`, `urn:ogc:def:crs:OGC:1.3:CRS84`); o erro diz
/// por que o divisa não o lê.
fn sistema_do_crs(crs: &str) -> Result<SistemaGeojson, String> {
    let maiusculo = crs.to_ascii_uppercase();
    if maiusculo.ends_with("CRS84") {
        return Ok(SistemaGeojson::Graus);
    }
    let digitos: String = {
        let fim: Vec<char> = maiusculo
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .collect();
        fim.into_iter().rev().collect()
    };
    let codigo: Option<u32> = if maiusculo.contains("EPSG") {
        digitos.parse().ok()
    } else {
        None
    };
    match codigo {
        Some(4674 | 4326) => Ok(SistemaGeojson::Graus),
        Some(c @ 31978..=31985) => Ok(SistemaGeojson::Utm {
            zona: (c - 31960) as u8,
        }),
        // SAD 69 (geográficas 4618 e 5527, UTM 29168 a 29195, policônica 29101, UTM do SAD 69/96
        // 5531 a 5533) e Córrego Alegre (4225, UTM 22521 a 22525).
        Some(4618 | 5527 | 29101 | 29168..=29195 | 5531..=5533) => Err(format!(
            "o sistema de coordenadas é {crs}, do SAD 69 (South American Datum 1969): o divisa lê SIRGAS 2000, e a diferença entre os dois passa de 60 m em Mato Grosso. Converta para o SIRGAS 2000 (o ProGriD do IBGE faz a conversão; no QGIS, reexporte em EPSG:4674 ou EPSG:31981 a 31983)"
        )),
        Some(4225 | 22521..=22525) => Err(format!(
            "o sistema de coordenadas é {crs}, do Córrego Alegre: o divisa lê SIRGAS 2000, e a diferença entre os dois passa de 60 m. Converta para o SIRGAS 2000 (o ProGriD do IBGE faz a conversão) e exporte de novo"
        )),
        _ => Err(format!(
            "o sistema de coordenadas é {crs}; o divisa lê GeoJSON em graus SIRGAS 2000 (EPSG:4674) ou em SIRGAS 2000 / UTM, zonas 18S a 25S (EPSG:31978 a 31985) — reexporte num desses"
        )),
    }
}

/// Um polígono em UTM (E, N em metros) convertido para graus; E e N fora das faixas da UTM
/// são ditos pelo vértice.
fn poligono_de_utm(
    poligono: &Polygon<f64>,
    numero: usize,
    zona: u8,
) -> Result<Polygon<f64>, Falha> {
    let anel = |a: usize, linha: &LineString<f64>| -> Result<LineString<f64>, Falha> {
        linha
            .0
            .iter()
            .enumerate()
            .map(|(v, c)| {
                if !((100_000.0..=900_000.0).contains(&c.x)
                    && (0.0..=10_000_000.0).contains(&c.y))
                {
                    return Err((
                        format!("polígono {numero}, anel {}, vértice {}", a + 1, v + 1),
                        format!(
                            "[{}, {}] não é UTM (E entre 100.000 e 900.000 m, N até 10.000.000 m), e o crs diz SIRGAS 2000 / UTM zona {zona}S",
                            c.x, c.y
                        ),
                    ));
                }
                let (x, y) = crate::utm::de_utm(&crate::utm::Utm {
                    zona,
                    sul: true,
                    leste_m: c.x,
                    norte_m: c.y,
                });
                Ok(Coord { x, y })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(LineString)
    };
    let exterior = anel(0, poligono.exterior())?;
    let interiores = poligono
        .interiors()
        .iter()
        .enumerate()
        .map(|(i, l)| anel(i + 1, l))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Polygon::new(exterior, interiores))
}

/// Lê as feições de um GeoJSON `FeatureCollection` separadas, cada uma com o seu nome (a
/// propriedade `nome`, `NM_MUN` ou `name`; sem ela, "feição N"), para comparar territórios
/// entre si (as inconsistências entre vizinhos). Cada feição passa pela mesma conferência de
/// coordenadas de [`ler_geojson`] e pela validação.
pub fn ler_feicoes_geojson(
    arquivo: &str,
    bytes: &[u8],
) -> Result<Vec<(String, MultiPolygon<f64>)>, ErroLeitura> {
    ler_feicoes_geojson_por(
        arquivo,
        bytes,
        &["nome", "NOME", "NM_MUN", "nm_mun", "name", "Name"],
    )
}

/// Como [`ler_feicoes_geojson`], identificando cada feição pela primeira das `chaves` presente
/// nas propriedades (texto ou número: `CD_SETOR` vem das duas formas); sem nenhuma, "feição N".
pub fn ler_feicoes_geojson_por(
    arquivo: &str,
    bytes: &[u8],
    chaves: &[&str],
) -> Result<Vec<(String, MultiPolygon<f64>)>, ErroLeitura> {
    let valor = json_de(arquivo, bytes)?;
    let forma = |onde: &str, mensagem: String| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde: onde.to_owned(),
        mensagem,
    };
    let feicoes = valor
        .get("features")
        .and_then(Value::as_array)
        .ok_or_else(|| {
            forma(
                "raiz",
                "esperava um FeatureCollection, uma feição por município".to_owned(),
            )
        })?;
    let mut saida = Vec::new();
    for (i, feicao) in feicoes.iter().enumerate() {
        let onde = format!("feição {}", i + 1);
        divisa_recursos::conferir();
        let propriedades = feicao.get("properties");
        let nome = chaves
            .iter()
            .find_map(|chave| match propriedades?.get(*chave)? {
                Value::String(t) => Some(t.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .unwrap_or_else(|| onde.clone());
        let mut poligonos = Vec::new();
        coletar(feicao, &onde, &mut poligonos)
            .map_err(|(onde, mensagem)| forma(&onde, mensagem))?;
        if poligonos.is_empty() {
            return Err(forma(
                &onde,
                format!("«{nome}» sem Polygon nem MultiPolygon"),
            ));
        }
        let lido = validar(conferir(
            &format!("{arquivo}, {onde} («{nome}»)"),
            MultiPolygon(poligonos),
        )?)?;
        saida.push((nome, lido.poligonos));
    }
    if saida.is_empty() {
        return Err(forma("raiz", "nenhuma feição".to_owned()));
    }
    Ok(saida)
}

/// O JSON do arquivo, ou o erro com linha e coluna.
fn json_de(arquivo: &str, bytes: &[u8]) -> Result<Value, ErroLeitura> {
    // A marca de ordem de bytes (BOM) do UTF-8, que o Bloco de Notas grava, não é erro.
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    serde_json::from_slice(bytes).map_err(|e| ErroLeitura::Json {
        arquivo: arquivo.to_owned(),
        linha: e.line(),
        coluna: e.column(),
        detalhe: traduzir_json(&e),
    })
}

fn traduzir_json(erro: &serde_json::Error) -> String {
    use serde_json::error::Category;
    match erro.classify() {
        Category::Eof => "o arquivo termina no meio".to_owned(),
        Category::Syntax if erro.to_string().contains("recursion limit") => {
            "aninhamento fundo demais (mais de 128 níveis de colchetes ou chaves): não é um GeoJSON de território".to_owned()
        }
        Category::Syntax => "sintaxe inválida".to_owned(),
        Category::Data => "dado inesperado".to_owned(),
        Category::Io => "erro de leitura".to_owned(),
    }
}

type Falha = (String, String);

fn coletar(valor: &Value, onde: &str, saida: &mut Vec<Polygon<f64>>) -> Result<(), Falha> {
    let tipo = valor
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| (onde.to_owned(), "falta \"type\"".to_owned()))?;
    match tipo {
        "FeatureCollection" => {
            let feicoes = valor.get("features").and_then(Value::as_array).ok_or_else(|| (onde.to_owned(), "FeatureCollection sem \"features\"".to_owned()))?;
            for (i, feicao) in feicoes.iter().enumerate() {
                coletar(feicao, &format!("feição {}", i + 1), saida)?;
            }
            Ok(())
        }
        "Feature" => match valor.get("geometry") {
            Some(Value::Null) | None => Err((onde.to_owned(), "feição sem geometria".to_owned())),
            Some(geometria) => coletar(geometria, onde, saida),
        },
        "GeometryCollection" => {
            let geometrias = valor.get("geometries").and_then(Value::as_array).ok_or_else(|| (onde.to_owned(), "GeometryCollection sem \"geometries\"".to_owned()))?;
            for (i, geometria) in geometrias.iter().enumerate() {
                coletar(geometria, &format!("{onde}, geometria {}", i + 1), saida)?;
            }
            Ok(())
        }
        "Polygon" => {
            saida.push(poligono(coordenadas(valor, onde)?, onde)?);
            Ok(())
        }
        "MultiPolygon" => {
            let partes = coordenadas(valor, onde)?.as_array().ok_or_else(|| (onde.to_owned(), "MultiPolygon: coordinates não é lista".to_owned()))?;
            for (i, parte) in partes.iter().enumerate() {
                saida.push(poligono(parte, &format!("{onde}, polígono {}", i + 1))?);
            }
            Ok(())
        }
        "Point" | "MultiPoint" | "LineString" | "MultiLineString" => Err((
            onde.to_owned(),
            format!("geometria {tipo}: um território precisa ser Polygon ou MultiPolygon (uma linha de divisa não fecha área)"),
        )),
        outro => Err((onde.to_owned(), format!("tipo GeoJSON desconhecido «{outro}»"))),
    }
}

fn coordenadas<'a>(valor: &'a Value, onde: &str) -> Result<&'a Value, Falha> {
    valor
        .get("coordinates")
        .ok_or_else(|| (onde.to_owned(), "falta \"coordinates\"".to_owned()))
}

fn poligono(valor: &Value, onde: &str) -> Result<Polygon<f64>, Falha> {
    let aneis = valor
        .as_array()
        .filter(|a| !a.is_empty())
        .ok_or_else(|| (onde.to_owned(), "polígono sem anéis".to_owned()))?;
    let mut lidos = Vec::with_capacity(aneis.len());
    for (a, anel) in aneis.iter().enumerate() {
        divisa_recursos::conferir();
        let onde_anel = format!("{onde}, anel {}", a + 1);
        let pontos = anel
            .as_array()
            .ok_or_else(|| (onde_anel.clone(), "anel não é lista de vértices".to_owned()))?;
        let mut coordenadas = Vec::with_capacity(pontos.len());
        for (v, ponto) in pontos.iter().enumerate() {
            divisa_recursos::conferir_a_cada(v, 4096);
            let par = ponto.as_array().filter(|p| p.len() >= 2);
            let (x, y) = match par.map(|p| (p[0].as_f64(), p[1].as_f64())) {
                Some((Some(x), Some(y))) if x.is_finite() && y.is_finite() => (x, y),
                _ => {
                    return Err((
                        format!("{onde_anel}, vértice {}", v + 1),
                        format!("{ponto} não é [lon, lat]"),
                    ))
                }
            };
            coordenadas.push(Coord { x, y });
        }
        if coordenadas.len() < 4 {
            return Err((
                onde_anel,
                format!(
                    "{} vértices: um anel precisa de pelo menos 4 (o último repete o primeiro)",
                    coordenadas.len()
                ),
            ));
        }
        if coordenadas.first() != coordenadas.last() {
            let (p, u) = (coordenadas[0], coordenadas[coordenadas.len() - 1]);
            return Err((onde_anel, format!("anel aberto: o primeiro vértice [{}, {}] difere do último [{}, {}]; feche o anel repetindo o primeiro", p.x, p.y, u.x, u.y)));
        }
        lidos.push(LineString(coordenadas));
    }
    let mut aneis = lidos.into_iter();
    let exterior = aneis
        .next()
        .ok_or_else(|| (onde.to_owned(), "polígono sem anéis".to_owned()))?;
    Ok(Polygon::new(exterior, aneis.collect()))
}
