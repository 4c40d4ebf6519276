//! O núcleo da leitura: o [`Territorio`] que todo leitor de formato devolve, o [`ErroLeitura`]
//! com que recusa, e as conferências comuns — os enganos de coordenadas ditos pelo nome
//! ([`conferir`]) e a validação da geometria ([`validar`]). Os leitores de formato
//! (`geojson`, `kml`, `shapefile`, `dxf`, `gpkg`, `memorial`) usam só este módulo e o
//! [`super::sistema`]; nenhum chama outro nem o despachante ([`crate::leitura`]).
//!
//! # Unidades
//! Graus decimais SIRGAS 2000 (EPSG:4674), `x` = longitude, `y` = latitude.

use geo_types::{Coord, LineString, MultiPolygon, Polygon};

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
    /// geodésico não dito, território fora de Mato Grosso em [`crate::leitura::ler_no_brasil`]).
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

/// A menor área de uma parte do território: abaixo dela, a parte é degenerada.
const AREA_MINIMA_M2: f64 = 1.0;

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
