//! As duas ajudas do editor: o trecho de uma divisa existente entre dois cliques e as
//! coordenadas digitadas (graus ou UTM).

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use divisa_avaliacao::area::ErroArea;
use divisa_referencia::formato;
use geo_types::MultiPolygon;
use serde_json::{json, Value};

use super::{conferir_csrf, erro_da_area, geometria, Resposta};
use crate::contas::Quem;
use crate::{Estado, Falha};

/// `GET /api/malha/trecho?de=LON,LAT&ate=LON,LAT`: o trecho da divisa municipal (Malha 2022,
/// sem simplificar) entre os vértices mais perto dos dois pontos.
pub(super) async fn trecho(
    State(estado): State<Estado>,
    quem: Quem,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> Resposta {
    // o editor é de quem entrou: a malha inteira, sem simplificar, não é servida a qualquer um
    quem.exigir_conta().map_err(Falha::json)?;
    let ponto = |nome: &str| -> Result<geo_types::Coord<f64>, Falha> {
        let t = q.get(nome).map(String::as_str).unwrap_or_default();
        let mut it = t.split(',').map(|x| x.trim().parse::<f64>());
        match (it.next(), it.next(), it.next()) {
            (Some(Ok(x)), Some(Ok(y)), None) if x.is_finite() && y.is_finite() => {
                Ok(geo_types::Coord { x, y })
            }
            _ => Err(Falha::no_campo(
                nome,
                format!("«{t}» não é um ponto LON,LAT em graus decimais (-55.5,-12.5)"),
            )),
        }
    };
    let (de, ate) = (
        ponto("de").map_err(Falha::json)?,
        ponto("ate").map_err(Falha::json)?,
    );
    let feito = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            trecho_na_malha(de, ate)
        })
        .await
        .map_err(Falha::json)?;
    feito
        .map(|v| Json(v).into_response())
        .map_err(|m| Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, m).json())
}

/// O retângulo de cada município da malha, calculado uma vez.
fn retangulos() -> &'static [(u32, geo_types::Rect<f64>)] {
    static R: std::sync::OnceLock<Vec<(u32, geo_types::Rect<f64>)>> = std::sync::OnceLock::new();
    R.get_or_init(|| {
        use geo::BoundingRect;
        divisa_referencia::malha::carregar()
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(e, mp)| Some((e.codigo, mp.bounding_rect()?)))
            .collect()
    })
}

fn trecho_na_malha(de: geo_types::Coord<f64>, ate: geo_types::Coord<f64>) -> Result<Value, String> {
    const FOLGA_GRAUS: f64 = 0.02; // ~2 km: o clique perto da divisa, de um ou do outro lado
    const TOLERANCIA_M: f64 = 1_500.0;
    let perto = |r: &geo_types::Rect<f64>, c: geo_types::Coord<f64>| {
        c.x >= r.min().x - FOLGA_GRAUS
            && c.x <= r.max().x + FOLGA_GRAUS
            && c.y >= r.min().y - FOLGA_GRAUS
            && c.y <= r.max().y + FOLGA_GRAUS
    };
    let candidatos: Vec<(u32, MultiPolygon<f64>)> = retangulos()
        .iter()
        .filter(|(_, r)| perto(r, de) && perto(r, ate))
        .filter_map(|(c, _)| Some((*c, divisa_referencia::malha::poligono(*c).ok()??)))
        .collect();
    let refs: Vec<&MultiPolygon<f64>> = candidatos.iter().map(|(_, m)| m).collect();
    let t = divisa_territorio::digitacao::trecho(&refs, de, ate, TOLERANCIA_M).ok_or_else(|| {
        "os dois pontos não estão perto (até 1,5 km) da mesma divisa municipal: clique sobre a divisa, no começo e no fim do trecho".to_owned()
    })?;
    let nome = |c: u32| {
        divisa_referencia::mt()
            .ok()
            .and_then(|m| m.por_codigo(c).map(|m| m.nome.clone()))
            .unwrap_or_else(|| c.to_string())
    };
    let codigo = candidatos[t.territorio].0;
    // o vizinho do outro lado: o que tem os mesmos vértices das pontas
    let primeiro = t.linha.0.first().copied();
    let ultimo = t.linha.0.last().copied();
    let vizinho = candidatos
        .iter()
        .filter(|(c, _)| *c != codigo)
        .find(|(_, mp)| {
            let tem = |p: Option<geo_types::Coord<f64>>| {
                p.is_some_and(|p| {
                    mp.0.iter().any(|pol| {
                        std::iter::once(pol.exterior())
                            .chain(pol.interiors())
                            .any(|a| a.0.contains(&p))
                    })
                })
            };
            tem(primeiro) && tem(ultimo)
        })
        .map(|(c, _)| nome(*c));
    let texto = format!(
        "Divisa de {}{}: {} vértices, {}",
        nome(codigo),
        vizinho
            .as_ref()
            .map(|v| format!(" com {v}"))
            .unwrap_or_default(),
        t.linha.0.len(),
        if t.comprimento_m >= 1000.0 {
            format!("{} km", formato::decimal(t.comprimento_m / 1000.0, 1))
        } else {
            format!("{} m", formato::inteiro(t.comprimento_m.round() as i64))
        }
    );
    Ok(json!({
        "type": "Feature",
        "geometry": {"type": "LineString", "coordinates": t.linha.0.iter().map(|c| [c.x, c.y]).collect::<Vec<_>>()},
        "properties": {"texto": texto, "comprimento_m": t.comprimento_m, "municipio": nome(codigo), "vizinho": vizinho},
    }))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Digitadas {
    texto: String,
    sistema: String,
    #[serde(default)]
    zona: Option<u8>,
}

/// `POST /api/coordenadas`: os vértices digitados viram um polígono (conferido como toda área).
pub(super) async fn coordenadas(
    State(estado): State<Estado>,
    quem: Quem,
    headers: HeaderMap,
    corpo: axum::body::Bytes,
) -> Resposta {
    conferir_csrf(&quem, &headers).map_err(Falha::json)?;
    // o tamanho antes de ler: até 2 MB de coordenadas (uns 60 mil vértices)
    if corpo.len() > 2_000_000 {
        return Err(Falha::no_campo("texto", "coordenadas demais: até 2 MB de texto").json());
    }
    let d: Digitadas = serde_json::from_slice(&corpo).map_err(|e| {
        Falha::no_campo(
            "",
            format!(
                "o corpo deve ser {{\"texto\", \"sistema\": \"graus\" ou \"utm\", \"zona\"}} ({e})"
            ),
        )
        .json()
    })?;
    let sistema = match (d.sistema.as_str(), d.zona) {
        ("graus", _) => divisa_territorio::digitacao::Sistema::Graus,
        ("utm", Some(z @ 18..=24)) => divisa_territorio::digitacao::Sistema::Utm(z),
        ("utm", _) => {
            return Err(Falha::no_campo(
                "zona",
                "diga a zona UTM (Mato Grosso está nas zonas 20, 21 e 22)",
            )
            .json())
        }
        (s, _) => {
            return Err(Falha::no_campo(
                "sistema",
                format!("«{s}» não é um sistema: use «graus» ou «utm»"),
            )
            .json())
        }
    };
    let feito = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            let anel = divisa_territorio::digitacao::ler_vertices(&d.texto, sistema)
                .map_err(|e| (e.to_string(), Vec::new()))?;
            let mp = MultiPolygon(vec![geo_types::Polygon::new(anel, vec![])]);
            let texto = json!({"type": "Feature", "geometry": geometria(&mp), "properties": {}})
                .to_string();
            // a mesma conferência de toda área (cruzamentos, fora de MT, área nula)
            divisa_avaliacao::area::ler("coordenadas.geojson", texto.as_bytes()).map_err(|e| {
                match e {
                    ErroArea::Invalida { mensagem, pontos } => (mensagem, pontos),
                    ErroArea::Autos(e) => (e.to_string(), Vec::new()),
                }
            })?;
            Ok::<_, (String, Vec<geo_types::Coord<f64>>)>(mp)
        })
        .await
        .map_err(Falha::json)?;
    match feito {
        Ok(mp) => Ok(Json(
            json!({"type": "Feature", "geometry": geometria(&mp), "properties": {}}),
        )
        .into_response()),
        Err((mensagem, pontos)) => Err(erro_da_area(ErroArea::Invalida { mensagem, pontos })),
    }
}
