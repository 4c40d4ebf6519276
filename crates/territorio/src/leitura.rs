//! Leitura de limites a partir de bytes: GeoJSON (Feature, FeatureCollection, Polygon,
//! MultiPolygon, GeometryCollection), o formato que o QGIS exporta por padrão, e o memorial
//! descritivo em texto (`leitura_memorial`: SIGEF em texto ou em tabela, graus decimais, UTM), como
//! os agrimensores o escrevem.
//!
//! Quem chama passa os bytes e o nome do arquivo para as mensagens; nada aqui abre arquivo.
//! Os erros comuns dos cartógrafos viram mensagens em português que dizem onde estão: latitude e
//! longitude trocadas, coordenadas UTM em metros no lugar de graus, anel aberto, polígono fora de
//! Mato Grosso.
//!
//! # Unidades
//! Graus decimais SIRGAS 2000 (EPSG:4674), `[lon, lat]` como manda a RFC 7946.

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use serde_json::Value;

/// Envelope de Mato Grosso com folga (graus): o que cai fora dele não é de MT.
const LON_MT: std::ops::RangeInclusive<f64> = -62.0..=-50.0;
const LAT_MT: std::ops::RangeInclusive<f64> = -18.5..=-7.0;

/// Um território lido de um arquivo.
#[derive(Debug, Clone, PartialEq)]
pub struct Territorio {
    /// O nome do arquivo, para as mensagens.
    pub arquivo: String,
    /// Os polígonos (uma peça contínua é um só).
    pub poligonos: MultiPolygon<f64>,
    /// O que a leitura notou sem impedir. Num memorial: azimute, distância, área ou perímetro
    /// declarados que não batem com as coordenadas, e também o que foi lido sem dúvida mas merece
    /// conferência (código com a letra O no lugar do zero, coordenadas sem sinal, sistema
    /// geodésico não dito, território fora de Mato Grosso em [`ler_no_brasil`]).
    pub avisos: Vec<String>,
    /// A zona UTM (e se é do hemisfério sul) em que as coordenadas vieram, quando vieram em UTM:
    /// com ela, quem mede o território pode perguntar se a zona não foi trocada.
    pub utm: Option<(u8, bool)>,
    /// O código (e a altitude) de cada vértice, quando o arquivo os dá (o memorial do SIGEF:
    /// `ABCD-M-0001`): um anel por item, na ordem de [`Self::poligonos`] (o exterior e os
    /// interiores de cada parte), um vértice por item, sem repetir o primeiro no fim. Vazio
    /// quando o arquivo não nomeia os vértices; o memorial de saída então os numera.
    pub vertices_nomeados: Vec<Vec<VerticeNomeado>>,
}

/// Um vértice como o arquivo o nomeou.
#[derive(Debug, Clone, PartialEq)]
pub struct VerticeNomeado {
    /// O código do vértice (`ABCD-M-0001`).
    pub codigo: String,
    /// A altitude dita no arquivo, m.
    pub altitude_m: Option<f64>,
}

/// Por que um arquivo de limites não pôde ser lido.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ErroLeitura {
    /// O arquivo não é JSON válido.
    #[error("{arquivo}, linha {linha}, coluna {coluna}: não é JSON válido ({detalhe})")]
    Json {
        /// O arquivo.
        arquivo: String,
        /// Linha do erro.
        linha: usize,
        /// Coluna do erro.
        coluna: usize,
        /// O que o leitor de JSON disse.
        detalhe: String,
    },
    /// O JSON não tem a forma de GeoJSON com polígonos.
    #[error("{arquivo}, {onde}: {mensagem}")]
    Forma {
        /// O arquivo.
        arquivo: String,
        /// Onde no arquivo (feição, polígono, anel, vértice).
        onde: String,
        /// O que está errado e o que se esperava.
        mensagem: String,
    },
    /// O território lido tem erros de geometria; todos vêm listados.
    #[error("{arquivo}: território inválido, {} problema{}: {}", problemas.len(), if problemas.len() == 1 { "" } else { "s" }, resumo(problemas))]
    Invalido {
        /// O arquivo.
        arquivo: String,
        /// Cada problema, com parte, anel e vértice.
        problemas: Vec<String>,
    },
    /// Formato que o divisa ainda não lê.
    #[error("{arquivo}: {mensagem}")]
    FormatoNaoSuportado {
        /// O arquivo.
        arquivo: String,
        /// Qual formato e o que fazer.
        mensagem: String,
    },
}

fn resumo(problemas: &[String]) -> String {
    const MOSTRADOS: usize = 12;
    let mut texto = problemas
        .iter()
        .take(MOSTRADOS)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if problemas.len() > MOSTRADOS {
        texto.push_str(&format!("; e mais {}", problemas.len() - MOSTRADOS));
        // a conferência interrompida vem por último; quem lê precisa saber que há mais
        if let Some(parou) = problemas[MOSTRADOS..]
            .iter()
            .find(|p| p.starts_with("a conferência parou"))
        {
            texto.push_str(&format!(" — {parou}"));
        }
    }
    texto
}

/// Lê um arquivo de limites pelo nome (GeoJSON, KML, Shapefile sem .prj ou memorial em texto)
/// e o valida: erros de geometria viram [`ErroLeitura::Invalido`] com todos os problemas;
/// avisos vão para [`Territorio::avisos`].
pub fn ler(arquivo: &str, bytes: &[u8]) -> Result<Territorio, ErroLeitura> {
    validar(ler_sem_validar(arquivo, bytes)?)
}

/// Como [`ler`], com o texto do arquivo auxiliar que o formato usa (o .prj de um .shp).
pub fn ler_com_auxiliar(
    arquivo: &str,
    bytes: &[u8],
    prj: Option<&str>,
) -> Result<Territorio, ErroLeitura> {
    if arquivo.to_ascii_lowercase().ends_with(".shp") {
        validar(crate::leitura_shapefile::ler_shapefile(
            arquivo, bytes, prj,
        )?)
    } else {
        ler(arquivo, bytes)
    }
}

/// Como [`ler_com_auxiliar`], mas um memorial descritivo em texto (.txt) é medido em qualquer
/// lugar do Brasil (UTM nas zonas 18 a 25, ou coordenadas geográficas), com um aviso quando fica
/// fora de Mato Grosso ([`crate::leitura_memorial::ler_memorial_no_brasil`]). É a leitura de
/// quem só mede (`divisa memorial`); a avaliação de uma proposta usa [`ler_com_auxiliar`], que
/// recusa território de fora do estado. Os outros formatos continuam só de Mato Grosso.
pub fn ler_no_brasil(
    arquivo: &str,
    bytes: &[u8],
    prj: Option<&str>,
) -> Result<Territorio, ErroLeitura> {
    if arquivo.to_ascii_lowercase().ends_with(".txt") {
        validar(
            crate::leitura_memorial::ler_memorial_no_brasil(arquivo, bytes).map(|lido| {
                Territorio {
                    avisos: lido.avisos,
                    ..lido.territorio
                }
            })?,
        )
    } else {
        ler_com_auxiliar(arquivo, bytes, prj)
    }
}

/// A menor área de uma parte do território: abaixo dela, a parte é degenerada.
const AREA_MINIMA_M2: f64 = 1.0;

/// Os pontos onde a geometria de um arquivo está errada — os lados que se cruzam ou se tocam —,
/// para quem mostra o problema no mapa e não só em palavras (o editor da área, issue 29). Vazio
/// se o arquivo nem se lê como geometria ou se os erros não têm um ponto (anel com poucos
/// vértices, área nula).
pub fn pontos_dos_problemas(arquivo: &str, bytes: &[u8]) -> Vec<Coord<f64>> {
    let Ok(t) = ler_sem_validar(arquivo, bytes) else {
        return Vec::new();
    };
    crate::validacao::validar(&t.poligonos)
        .into_iter()
        .filter_map(|p| match p {
            crate::validacao::Problema::Cruzamento { ponto, .. }
            | crate::validacao::Problema::Toque { ponto, .. } => Some(ponto),
            _ => None,
        })
        .take(100)
        .collect()
}

/// Aplica a validação: erros recusam, avisos seguem junto.
pub(crate) fn validar(mut territorio: Territorio) -> Result<Territorio, ErroLeitura> {
    let arquivo = territorio.arquivo.clone();
    let (erros, avisos): (Vec<_>, Vec<_>) = crate::validacao::validar(&territorio.poligonos)
        .into_iter()
        .partition(|p| p.gravidade() == crate::validacao::Gravidade::Erro);
    if !erros.is_empty() {
        return Err(ErroLeitura::Invalido {
            arquivo: arquivo.to_owned(),
            problemas: erros.iter().map(ToString::to_string).collect(),
        });
    }
    // Um território degenerado (vértices alinhados, área que não chega a 1 m²) não é território:
    // fato impossível, recusado, e não medido como 0 km².
    let degeneradas: Vec<String> = territorio
        .poligonos
        .0
        .iter()
        .enumerate()
        .filter(|(_, p)| crate::geodesia::area_poligono(p).area_m2.abs() < AREA_MINIMA_M2)
        .map(|(i, _)| {
            format!(
                "parte {}: área nula (menos de 1 m²; vértices alinhados ou sobrepostos)",
                i + 1
            )
        })
        .collect();
    if !degeneradas.is_empty() {
        return Err(ErroLeitura::Invalido {
            arquivo: arquivo.to_owned(),
            problemas: degeneradas,
        });
    }
    // O sentido dos anéis só tem regra no GeoJSON (RFC 7946). No Shapefile o padrão da ESRI é
    // o contrário (exterior horário) e os memoriais do SIGEF costumam ir no sentido horário:
    // avisar ali seria ruído.
    let geojson = [".geojson", ".json"]
        .iter()
        .any(|e| arquivo.to_ascii_lowercase().ends_with(e));
    territorio.avisos.extend(
        avisos
            .iter()
            .filter(|p| geojson || !matches!(p, crate::validacao::Problema::Sentido { .. }))
            .map(ToString::to_string),
    );
    // "a cópia é ignorada": o aviso cumpre o que diz. Um vértice repetido em seguida
    // não muda o limite, mas viraria um lado de 0 m no memorial, sem confrontante. Os códigos
    // dos vértices saem junto com as cópias, para continuarem um por vértice.
    if territorio.vertices_nomeados.is_empty() {
        territorio.poligonos =
            geo::RemoveRepeatedPoints::remove_repeated_points(&territorio.poligonos);
    } else {
        sem_repetidos_com_nomes(&mut territorio);
    }
    Ok(territorio)
}

/// Tira os vértices repetidos logo em seguida de cada anel, e os seus nomes junto (o primeiro
/// nome fica). Um anel cujos nomes não são um por vértice perde os nomes.
fn sem_repetidos_com_nomes(territorio: &mut Territorio) {
    let mut nomes = std::mem::take(&mut territorio.vertices_nomeados).into_iter();
    let mut novos_nomes = Vec::new();
    for poligono in &mut territorio.poligonos.0 {
        let mut limpar = |anel: &LineString<f64>| -> LineString<f64> {
            let mut pontos = anel.0.clone();
            let fechado = pontos.len() > 1 && pontos.first() == pontos.last();
            if fechado {
                pontos.pop();
            }
            let mut do_anel = nomes.next().unwrap_or_default();
            if do_anel.len() != pontos.len() {
                do_anel.clear();
            }
            let mut saida: Vec<Coord<f64>> = Vec::with_capacity(pontos.len());
            let mut saida_nomes = Vec::with_capacity(do_anel.len());
            let mut nomes_do_anel = do_anel.into_iter();
            for ponto in pontos {
                let nome = nomes_do_anel.next();
                if saida.last() == Some(&ponto) {
                    continue;
                }
                saida.push(ponto);
                saida_nomes.extend(nome);
            }
            // O último igual ao primeiro (além do fechamento) também é cópia.
            while saida.len() > 1 && saida.first() == saida.last() {
                saida.pop();
                if saida_nomes.len() > saida.len() {
                    saida_nomes.pop();
                }
            }
            novos_nomes.push(saida_nomes);
            if fechado {
                if let Some(&primeiro) = saida.first() {
                    saida.push(primeiro);
                }
            }
            LineString(saida)
        };
        let exterior = limpar(poligono.exterior());
        let interiores: Vec<LineString<f64>> =
            poligono.interiors().iter().map(&mut limpar).collect();
        *poligono = Polygon::new(exterior, interiores);
    }
    territorio.vertices_nomeados = novos_nomes;
}

pub(crate) fn ler_sem_validar(arquivo: &str, bytes: &[u8]) -> Result<Territorio, ErroLeitura> {
    let extensao = arquivo
        .rsplit('.')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    match extensao.as_str() {
        "geojson" | "json" => ler_geojson(arquivo, bytes),
        "txt" => crate::leitura_memorial::ler_memorial(arquivo, bytes).map(|lido| Territorio { avisos: lido.avisos, ..lido.territorio }),
        "kml" => crate::leitura_kml::ler_kml(arquivo, bytes),
        "kmz" => crate::leitura_zip::ler_kmz(arquivo, bytes),
        "shp" => crate::leitura_shapefile::ler_shapefile(arquivo, bytes, None),
        "dxf" => crate::leitura_dxf::ler_dxf_sem_validar(arquivo, bytes, None),
        "zip" => crate::leitura_zip::ler_zip(arquivo, bytes),
        "gpkg" => Err(ErroLeitura::FormatoNaoSuportado {
            arquivo: arquivo.to_owned(),
            mensagem: "um GeoPackage (.gpkg) é um banco SQLite: é lido do arquivo (`area = \"limite.gpkg\"` na proposta, ou `divisa memorial limite.gpkg`), não de bytes soltos nem de dentro de um .zip".to_owned(),
        }),
        _ => Err(ErroLeitura::FormatoNaoSuportado {
            arquivo: arquivo.to_owned(),
            mensagem: "extensão desconhecida: esperava .geojson (ou .json), .kml, .kmz, .shp, .zip (Shapefile compactado), .dxf (CAD, em UTM) ou o memorial descritivo em .txt".to_owned(),
        }),
    }
}

/// Lê GeoJSON. Aceita Feature, FeatureCollection, GeometryCollection, Polygon e MultiPolygon;
/// junta todos os polígonos encontrados.
///
/// ```
/// use divisa_territorio::leitura::ler_geojson;
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

/// As feições da malha de setores do IBGE em Shapefile compactado (.zip com .shp, .dbf e
/// .prj), pela primeira coluna de `chaves` que existir.
pub fn ler_feicoes_shapefile_zip_por(
    arquivo: &str,
    bytes: &[u8],
    chaves: &[&str],
) -> Result<Vec<(String, MultiPolygon<f64>)>, ErroLeitura> {
    crate::leitura_zip::ler_feicoes_zip_por(arquivo, bytes, chaves)
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

/// Confere os enganos comuns de coordenadas e monta o território (GeoJSON e KML).
pub(crate) fn conferir(
    arquivo: &str,
    poligonos: MultiPolygon<f64>,
) -> Result<Territorio, ErroLeitura> {
    conferir_coordenadas(&poligonos.0).map_err(|mensagem| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde: "coordenadas".to_owned(),
        mensagem,
    })?;
    Ok(Territorio {
        arquivo: arquivo.to_owned(),
        poligonos,
        avisos: Vec::new(),
        utm: None,
        vertices_nomeados: Vec::new(),
    })
}

/// Se o ponto (graus) cai no retângulo de Mato Grosso, com folga.
pub(crate) fn em_mato_grosso(c: &Coord<f64>) -> bool {
    LON_MT.contains(&c.x) && LAT_MT.contains(&c.y)
}

/// Os enganos comuns de coordenadas, ditos pelo nome.
fn conferir_coordenadas(poligonos: &[Polygon<f64>]) -> Result<(), String> {
    let todos: Vec<Coord<f64>> = poligonos
        .iter()
        .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
        .flat_map(|a| a.0.iter().copied())
        .collect();
    if todos.iter().any(|c| c.x.abs() > 180.0 || c.y.abs() > 90.0) {
        let exemplo = todos
            .iter()
            .find(|c| c.x.abs() > 180.0 || c.y.abs() > 90.0)
            .copied()
            .unwrap_or(todos[0]);
        return Err(format!(
            "[{}, {}] não é grau: parecem coordenadas UTM em metros (E, N). Reexporte em graus SIRGAS 2000 (EPSG:4674)",
            exemplo.x, exemplo.y
        ));
    }
    if todos
        .iter()
        .all(|c| LON_MT.contains(&c.y) && LAT_MT.contains(&c.x))
    {
        return Err("latitude e longitude trocadas: as coordenadas vão como [lon, lat] (primeiro a longitude, cerca de −56 em MT)".to_owned());
    }
    if let Some(fora) = todos.iter().find(|c| !em_mato_grosso(c)) {
        return Err(format!("o vértice [{}, {}] está fora de Mato Grosso (longitude −62 a −50, latitude −18,5 a −7)", fora.x, fora.y));
    }
    Ok(())
}

#[cfg(test)]
mod testes {
    use super::*;

    fn erro(texto: &str) -> String {
        ler_geojson("a.geojson", texto.as_bytes())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn feature_collection_com_multipoligono() {
        let texto = r#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"MultiPolygon","coordinates":[[[[-56,-15],[-55.9,-15],[-55.9,-14.9],[-56,-15]]],[[[-55,-15],[-54.9,-15],[-54.9,-14.9],[-55,-15]]]]}}]}"#;
        assert_eq!(
            ler_geojson("a.geojson", texto.as_bytes())
                .unwrap()
                .poligonos
                .0
                .len(),
            2
        );
    }

    #[test]
    fn anel_aberto_diz_onde() {
        let e = erro(
            r#"{"type":"Polygon","coordinates":[[[-56,-15],[-55.9,-15],[-55.9,-14.9],[-56,-14.8]]]}"#,
        );
        assert!(e.starts_with("a.geojson, raiz, anel 1: anel aberto"), "{e}");
    }

    #[test]
    fn vertice_repetido_vira_aviso_e_sai_do_territorio() {
        // Art. 5º: o memorial descreve lados entre pontos distintos; um vértice repetido em
        // seguida (comum na malha do IBGE) daria um lado de 0 m sem confrontante.
        let texto = br#"{"type":"Polygon","coordinates":[[[-56,-15],[-55.9,-15],[-55.9,-15],[-55.9,-14.9],[-56,-15]]]}"#;
        let lido = ler("a.geojson", texto).unwrap();
        assert_eq!(lido.poligonos.0[0].exterior().0.len(), 4);
        assert!(
            lido.avisos
                .iter()
                .any(|a| a.contains("vértice 2: vértice repetido logo em seguida")),
            "{:?}",
            lido.avisos
        );
        let memorial = crate::memorial::memorial(&lido.poligonos);
        assert!(memorial.aneis[0].lados.iter().all(|l| l.distancia_m > 0.0));
    }

    #[test]
    fn lat_lon_trocadas() {
        let e = erro(
            r#"{"type":"Polygon","coordinates":[[[-15,-56],[-15,-55.9],[-14.9,-55.9],[-15,-56]]]}"#,
        );
        assert!(e.contains("latitude e longitude trocadas"), "{e}");
    }

    #[test]
    fn utm_em_metros() {
        let e = erro(
            r#"{"type":"Polygon","coordinates":[[[600000,8275000],[601000,8275000],[601000,8276000],[600000,8275000]]]}"#,
        );
        assert!(e.contains("parecem coordenadas UTM em metros"), "{e}");
    }

    #[test]
    fn fora_de_mato_grosso() {
        let e = erro(
            r#"{"type":"Polygon","coordinates":[[[-46.6,-23.5],[-46.5,-23.5],[-46.5,-23.4],[-46.6,-23.5]]]}"#,
        );
        assert!(e.contains("fora de Mato Grosso"), "{e}");
    }

    #[test]
    fn gravata_borboleta_e_invalida_com_o_lugar() {
        let gravata = r#"{"type":"Polygon","coordinates":[[[-56,-15],[-55,-14],[-55,-15],[-56,-14],[-56,-15]]]}"#;
        let e = ler("g.geojson", gravata.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("g.geojson: território inválido, 1 problema: parte 1, anel 1, vértice 1 e parte 1, anel 1, vértice 3: os lados se cruzam"), "{e}");
    }

    #[test]
    fn json_quebrado_diz_linha_e_coluna() {
        let e = erro("{\"type\":\n\"Polygon\",");
        assert!(e.starts_with("a.geojson, linha 2"), "{e}");
    }

    /// Issue 18: o `crs` antigo com uma zona UTM do SIRGAS 2000, nas três grafias que o QGIS e
    /// o ogr2ogr escrevem, é lido em UTM dessa zona (sul); o SAD 69 é recusado com o motivo.
    #[test]
    fn crs_utm_do_sirgas_2000_e_lido_na_zona() {
        // O quadrado de 1 km de lado do teste de UTM, em Cuiabá (zona 21S), e os mesmos pontos
        // em graus.
        let utm = [
            (600000.0, 8275000.0),
            (601000.0, 8275000.0),
            (601000.0, 8276000.0),
            (600000.0, 8276000.0),
        ];
        let graus: Vec<(f64, f64)> = utm
            .iter()
            .map(|&(e, n)| {
                crate::utm::de_utm(&crate::utm::Utm {
                    zona: 21,
                    sul: true,
                    leste_m: e,
                    norte_m: n,
                })
            })
            .collect();
        let coordenadas = |pontos: &[(f64, f64)]| {
            let mut lista: Vec<String> =
                pontos.iter().map(|(x, y)| format!("[{x}, {y}]")).collect();
            lista.push(lista[0].clone());
            lista.join(",")
        };
        for nome in [
            "EPSG:31981",
            "urn:ogc:def:crs:EPSG::31981",
            "http://www.opengis.net/def/crs/EPSG/0/31981",
        ] {
            let texto = format!(
                r#"{{"type":"FeatureCollection","crs":{{"type":"name","properties":{{"name":"{nome}"}}}},"features":[{{"type":"Feature","properties":{{}},"geometry":{{"type":"Polygon","coordinates":[[{}]]}}}}]}}"#,
                coordenadas(&utm)
            );
            let lido = ler("a.geojson", texto.as_bytes()).unwrap_or_else(|e| panic!("{nome}: {e}"));
            assert_eq!(lido.utm, Some((21, true)), "{nome}");
            for (c, (x, y)) in lido.poligonos.0[0].exterior().0.iter().zip(&graus) {
                assert!(
                    (c.x - x).abs() < 1e-12 && (c.y - y).abs() < 1e-12,
                    "{nome}: {c:?}"
                );
            }
        }
        // Graus num crs UTM: dito pelo vértice.
        let e = erro(
            r#"{"type":"Polygon","crs":{"type":"name","properties":{"name":"EPSG:31981"}},"coordinates":[[[-56,-15],[-55.9,-15],[-55.9,-14.9],[-56,-15]]]}"#,
        );
        assert!(
            e.contains("polígono 1, anel 1, vértice 1: [-56, -15] não é UTM"),
            "{e}"
        );
    }

    #[test]
    fn crs_do_sad69_e_de_outro_sistema_recusados_com_o_motivo() {
        let e = erro(
            r#"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::29191"}},"features":[]}"#,
        );
        assert!(
            e.contains("EPSG::29191, do SAD 69") && e.contains("ProGriD"),
            "{e}"
        );
        let e = erro(
            r#"{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"EPSG:3857"}},"features":[]}"#,
        );
        assert!(
            e.contains("EPSG:3857; o divisa lê GeoJSON em graus SIRGAS 2000"),
            "{e}"
        );
    }

    #[test]
    fn bytes_ao_acaso_nunca_entram_em_panico() {
        let mut estado = 0x2392_u64;
        let base = br#"{"type":"Polygon","coordinates":[[[-56,-15],[-55.9,-15],[-55.9,-14.9],[-56,-15]]]}"#;
        for _ in 0..5_000 {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            let mut bytes = base.to_vec();
            let posicao = (estado % bytes.len() as u64) as usize;
            bytes[posicao] = (estado >> 32) as u8;
            bytes.truncate(bytes.len() - (estado >> 40) as usize % 8);
            let _ = ler_geojson("x.geojson", &bytes);
        }
    }
}

#[cfg(test)]
mod testes_de_degenerados {
    use super::*;

    /// A BOM do UTF-8 é aceita; aninhamento fundo demais é dito pelo nome.
    #[test]
    fn bom_aceita_e_aninhamento_fundo_dito() {
        let quadrado = "{\"type\":\"Polygon\",\"coordinates\":[[[-53.0,-16.5],[-53.0,-16.501],[-52.999,-16.501],[-52.999,-16.5],[-53.0,-16.5]]]}";
        let com_bom = [b"\xef\xbb\xbf".as_slice(), quadrado.as_bytes()].concat();
        assert!(ler("area.geojson", &com_bom).is_ok());
        let fundo = format!("{}{}", "[".repeat(500), "]".repeat(500));
        let e = ler("area.geojson", fundo.as_bytes()).unwrap_err();
        assert!(e.to_string().contains("aninhamento fundo demais"), "{e}");
    }

    /// Três vértices alinhados, ou um triângulo de centímetros: área nula, território recusado
    /// (fato impossível), não medido como 0 km².
    #[test]
    fn territorio_de_area_nula_e_recusado() {
        for (coordenadas, motivo) in [
            // alinhados: o limite vai e volta (espinho)
            (
                "[[-53.0,-16.5],[-53.1,-16.5],[-53.2,-16.5],[-53.0,-16.5]]",
                "espinho",
            ),
            // um triângulo de um centímetro: área que não chega a 1 m²
            (
                "[[-53.0,-16.5],[-53.0000001,-16.5],[-53.0,-16.5000001],[-53.0,-16.5]]",
                "área nula",
            ),
        ] {
            let geojson = format!("{{\"type\":\"Polygon\",\"coordinates\":[{coordenadas}]}}");
            match ler("area.geojson", geojson.as_bytes()) {
                Err(ErroLeitura::Invalido { problemas, .. }) => {
                    assert!(
                        problemas.iter().any(|p| p.contains(motivo)),
                        "{problemas:?}"
                    );
                }
                outro => panic!("deveria recusar: {outro:?}"),
            }
        }
        // um quadrado de 100 m passa
        let bom = "{\"type\":\"Polygon\",\"coordinates\":[[[-53.0,-16.5],[-53.0,-16.501],[-52.999,-16.501],[-52.999,-16.5],[-53.0,-16.5]]]}";
        assert!(ler("area.geojson", bom.as_bytes()).is_ok());
    }
}
