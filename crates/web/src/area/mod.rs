//! A área do processo no mapa (issue 29; CONTRACT §5): a versão em vigor, as versões nos autos
//! e a diferença entre elas, a versão nova (`PUT`, com `If-Match`) e a simulação que o editor
//! pede a cada mudança (`POST …/simular`, nada gravado); e as duas ajudas do editor, o trecho
//! de uma divisa existente e as coordenadas digitadas.
//!
//! Os casos de uso são os de `divisa_autos::area`; aqui só a borda HTTP: o corpo que vem de fora
//! é lido, medido e avaliado na oficina (orçamento de tempo e de memória), e cada recusa vira o
//! código do contrato — 403 pelo papel, 409 pela versão ou pelo Art. 19, § 3º, 422 pela
//! geometria, com os pontos a marcar no mapa.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use divisa_autos::area::{DaArea, ErroVersao};
use divisa_avaliacao::area::ErroArea;
use divisa_processo::{Natureza, Recusa};
use divisa_referencia::formato;
use geo_types::MultiPolygon;
use serde_json::{json, Value};

use crate::contas::Quem;
use crate::{Estado, Falha};

pub(super) type Resposta = Result<Response, Response>;

mod ajudas;
mod pagina;
mod simulacao;

pub(crate) use pagina::mapa_do_processo;
pub(crate) use simulacao::EmVigor;

pub(crate) fn rotas() -> Router<Estado> {
    Router::new()
        .route(
            "/api/processos/{protocolo}/area",
            get(area_em_vigor).put(salvar),
        )
        .route("/api/processos/{protocolo}/area/versoes", get(versoes))
        .route(
            "/api/processos/{protocolo}/area/versoes/{versao}",
            get(uma_versao),
        )
        .route(
            "/api/processos/{protocolo}/area/versoes/{versao}/diferenca",
            get(diferenca),
        )
        .route(
            "/api/processos/{protocolo}/area/simular",
            post(simulacao::simular),
        )
        .route("/api/malha/trecho", get(ajudas::trecho))
        .route("/api/coordenadas", post(ajudas::coordenadas))
}

/// A recusa do rito ou do papel na resposta do contrato: o papel é 403; a fase (o Art. 19,
/// § 3º) e o caso, 409; a condição dos valores, 422.
pub(super) fn recusa(r: &Recusa) -> Response {
    let status = match r.natureza {
        Natureza::Papel => StatusCode::FORBIDDEN,
        Natureza::Fase | Natureza::Caso | Natureza::Vedado | Natureza::Estado => {
            StatusCode::CONFLICT
        }
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    };
    (
        status,
        Json(json!({"erro": format!("recusado ({}): {}", r.artigo, r.motivo), "artigo": r.artigo})),
    )
        .into_response()
}

pub(super) fn erro_dos_autos(e: divisa_autos::ErroAutos) -> Response {
    use divisa_autos::ErroAutos as E;
    match e {
        E::Registro(e) => Falha::from(e).json(),
        E::Recusado(r) => (
            StatusCode::FORBIDDEN,
            Json(json!({"erro": format!("recusado ({}): {}", r.artigo, r.motivo), "artigo": r.artigo})),
        )
            .into_response(),
        E::Avaliacao(divisa_avaliacao::autos::ErroAutos::SemProposta { .. }) => {
            Falha::nova(StatusCode::CONFLICT, e.to_string()).json()
        }
        e => Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()).json(),
    }
}

pub(super) fn erro_da_area(e: ErroArea) -> Response {
    match e {
        ErroArea::Invalida { mensagem, pontos } => (
            StatusCode::UNPROCESSABLE_ENTITY,
            Json(json!({
                "erro": mensagem,
                "campo": "geometry",
                "pontos": pontos.iter().map(|c| [c.x, c.y]).collect::<Vec<_>>(),
            })),
        )
            .into_response(),
        ErroArea::Autos(e) => erro_dos_autos(e.into()),
    }
}

pub(super) async fn carregar(
    estado: &Estado,
    quem: &Quem,
    protocolo: &str,
) -> Result<Arc<DaArea>, Response> {
    // as versões e quem as fez são dos autos (Art. 22): o público vê a área no mapa da página
    quem.exigir_conta().map_err(Falha::json)?;
    divisa_autos::area::carregar_area(estado.registro(), protocolo, &quem.ator())
        .await
        .map(Arc::new)
        .map_err(erro_dos_autos)
}

/// Um MultiPolygon como geometria GeoJSON (um Polygon se tem uma parte), com os mesmos `f64`.
pub(crate) fn geometria(mp: &MultiPolygon<f64>) -> Value {
    let poligono = |p: &geo_types::Polygon<f64>| -> Value {
        std::iter::once(p.exterior())
            .chain(p.interiors())
            .map(|a| a.0.iter().map(|c| [c.x, c.y]).collect::<Vec<_>>())
            .collect::<Vec<_>>()
            .into()
    };
    match mp.0.as_slice() {
        [um] => json!({"type": "Polygon", "coordinates": poligono(um)}),
        partes => {
            json!({"type": "MultiPolygon", "coordinates": partes.iter().map(poligono).collect::<Vec<_>>()})
        }
    }
}

pub(super) fn km2_de_m2(m2: f64) -> String {
    formato::km2(m2 / 1e6)
}

/// `GET …/area`: a versão em vigor, com `ETag: "vN"`; 404 sem área.
async fn area_em_vigor(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
) -> Resposta {
    let da = carregar(&estado, &quem, &protocolo).await?;
    feicao_da_versao(&estado, &quem, da.clone(), da.numero(), true).await
}

/// `GET …/area/versoes/{n}`: uma versão.
async fn uma_versao(
    State(estado): State<Estado>,
    quem: Quem,
    Path((protocolo, versao)): Path<(String, u32)>,
) -> Resposta {
    let da = carregar(&estado, &quem, &protocolo).await?;
    feicao_da_versao(&estado, &quem, da, versao, false).await
}

async fn feicao_da_versao(
    estado: &Estado,
    quem: &Quem,
    da: Arc<DaArea>,
    n: u32,
    em_vigor: bool,
) -> Resposta {
    if n == 0 || n > da.numero() {
        return Err(Falha::nova(
            StatusCode::NOT_FOUND,
            if da.numero() == 0 {
                "o processo ainda não tem área: desenhe-a no mapa ou junte a proposta com o arquivo do território".to_owned()
            } else {
                format!("não há versão {n} da área; as versões vão de 1 a {}", da.numero())
            },
        )
        .json());
    }
    let d = da.clone();
    let lido = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || d.territorio(n))
        .await
        .map_err(Falha::json)?;
    let t = match lido {
        Some(Ok(t)) => t,
        Some(Err(e)) => return Err(erro_da_area(e)),
        None => {
            return Err(Falha::nova(
                StatusCode::NOT_FOUND,
                format!("o arquivo da versão {n} da área não está nos autos"),
            )
            .json())
        }
    };
    let (area_m2, vertices) = divisa_avaliacao::area::medir(&t.poligonos);
    let v = &da.versoes[n as usize - 1];
    let corpo = json!({
        "type": "Feature",
        "geometry": geometria(&t.poligonos),
        "properties": {
            "versao": n,
            "arquivo": v.versao.arquivo,
            "area_km2": area_m2 as f64 / 1e6,
            "area_texto": km2_de_m2(area_m2 as f64),
            "vertices": vertices,
        }
    });
    let mut r = (
        [(header::CONTENT_TYPE, "application/geo+json; charset=utf-8")],
        corpo.to_string(),
    )
        .into_response();
    if em_vigor {
        if let Ok(v) = format!("\"v{n}\"").parse() {
            r.headers_mut().insert(header::ETAG, v);
        }
    }
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    Ok(r)
}

/// Quem e quando, por nome e cargo (nunca a conta).
pub(super) fn autor(da: &DaArea, login: &str) -> (String, String) {
    let texto = da
        .carregados
        .pessoas
        .get(login)
        .cloned()
        .unwrap_or_else(|| "pessoa sem nome no cadastro".to_owned());
    match texto.split_once(", ") {
        Some((nome, cargo)) => (nome.to_owned(), cargo.to_owned()),
        None => (texto, String::new()),
    }
}

/// `GET …/area/versoes`.
async fn versoes(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
) -> Resposta {
    let da = carregar(&estado, &quem, &protocolo).await?;
    let d = da.clone();
    let medidas = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            (1..=d.numero()).map(|n| d.medida(n)).collect::<Vec<_>>()
        })
        .await
        .map_err(Falha::json)?;
    let lista: Vec<Value> = da
        .versoes
        .iter()
        .zip(medidas)
        .map(|(v, m)| {
            let (nome, cargo) = autor(&da, &v.login);
            json!({
                "versao": v.versao.numero,
                "autor": nome,
                "cargo": cargo,
                "quando": v.data.to_string(),
                "quando_texto": formato::data(v.data),
                "area_km2": m.map(|(a, _)| a as f64 / 1e6),
                "vertices": m.map(|(_, n)| n),
                "motivo": v.motivo,
                "desenhada_no_mapa": v.versao.desenhada,
                "ato": v.versao.seq,
            })
        })
        .collect();
    Ok(Json(lista).into_response())
}

/// `GET …/area/versoes/{n}/diferenca`: o que a versão em vigor ganhou e perdeu diante da `n`.
async fn diferenca(
    State(estado): State<Estado>,
    quem: Quem,
    Path((protocolo, versao)): Path<(String, u32)>,
) -> Resposta {
    let da = carregar(&estado, &quem, &protocolo).await?;
    let atual = da.numero();
    if versao == 0 || versao > atual {
        return Err(Falha::nova(
            StatusCode::NOT_FOUND,
            format!("não há versão {versao} da área; as versões vão de 1 a {atual}"),
        )
        .json());
    }
    let d = da.clone();
    let feito = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            let a = d
                .territorio(atual)
                .ok_or("sem arquivo")?
                .map_err(|e| e.to_string())?;
            let b = d
                .territorio(versao)
                .ok_or("sem arquivo")?
                .map_err(|e| e.to_string())?;
            divisa_avaliacao::area::diferenca(&a.poligonos, &b.poligonos)
                .map(|dif| (dif, b.poligonos))
                .map_err(|e| e.to_string())
        })
        .await
        .map_err(Falha::json)?;
    let (dif, anterior) =
        feito.map_err(|e| Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, e).json())?;
    let mut feicoes = vec![json!({
        "type": "Feature",
        "geometry": geometria(&anterior),
        "properties": {"papel": "versao", "versao": versao,
            "texto": format!("Contorno da versão {versao}")},
    })];
    for (mp, m2, papel, verbo) in [
        (&dif.ganho, dif.ganho_m2, "ganho", "Ganhou"),
        (&dif.perda, dif.perda_m2, "perda", "Perdeu"),
    ] {
        let texto = format!("{verbo} {} em relação à versão {versao}", km2_de_m2(m2));
        if !mp.0.is_empty() {
            feicoes.push(json!({
                "type": "Feature",
                "geometry": geometria(mp),
                "properties": {"papel": papel, "area_km2": m2 / 1e6, "texto": texto},
            }));
        } else {
            feicoes.push(json!({
                "type": "Feature", "geometry": null,
                "properties": {"papel": papel, "area_km2": 0.0,
                    "texto": format!("{verbo} nada em relação à versão {versao}")},
            }));
        }
    }
    Ok((
        [(header::CONTENT_TYPE, "application/geo+json; charset=utf-8")],
        json!({"type": "FeatureCollection", "versao_atual": atual, "features": feicoes})
            .to_string(),
    )
        .into_response())
}

pub(super) fn conferir_csrf(quem: &Quem, headers: &HeaderMap) -> Result<(), Falha> {
    quem.exigir_conta()?;
    quem.conferir_csrf(headers.get("x-csrf-token").and_then(|v| v.to_str().ok()))
        .map_err(|_| {
            Falha::proibido("falta o cabeçalho X-CSRF-Token com o token da sessão (devolvido por POST /api/sessao)")
        })
}

/// O corpo: um GeoJSON (Feature, FeatureCollection ou geometria); o motivo em
/// `properties.motivo`, quando é uma Feature. Lido na oficina (o corpo vem de fora).
fn motivo_do_corpo(corpo: &[u8]) -> String {
    #[derive(serde::Deserialize)]
    struct Propriedades {
        #[serde(default)]
        motivo: Option<String>,
    }
    #[derive(serde::Deserialize)]
    struct SoMotivo {
        #[serde(default)]
        properties: Option<Propriedades>,
    }
    // só o motivo: a geometria é pulada sem montar a árvore do JSON
    serde_json::from_slice::<SoMotivo>(corpo)
        .ok()
        .and_then(|v| v.properties)
        .and_then(|p| p.motivo)
        .unwrap_or_default()
}

/// O que a oficina devolve ao preparar a versão nova.
enum Preparo {
    /// O ato, o arquivo e os achados com a área nova (nada gravado ainda).
    Pronto(
        divisa_processo::Ato,
        divisa_registro::ArquivoNovo,
        Option<Vec<Value>>,
    ),
    /// Sem o motivo.
    SemMotivo,
    /// A versão não serve.
    Recusada(ErroVersao),
}

/// `PUT …/area`: a versão nova, sobre a versão `If-Match`.
async fn salvar(
    State(estado): State<Estado>,
    quem: Quem,
    headers: HeaderMap,
    Path(protocolo): Path<String>,
    corpo: axum::body::Bytes,
) -> Resposta {
    conferir_csrf(&quem, &headers).map_err(Falha::json)?;
    let ator = quem.ator();
    let mut da = carregar(&estado, &quem, &protocolo).await?;
    // o papel e a fase antes de olhar o corpo: quem não pode não fica sabendo o que está errado nele
    if let Err(r) = da.pode_alterar(&ator, estado.hoje()) {
        return Err(recusa(&r));
    }
    let Some(se) = headers.get(header::IF_MATCH) else {
        return Err(Falha::nova(
            StatusCode::PRECONDITION_REQUIRED,
            format!(
                "falta o cabeçalho If-Match com a versão da área em que a alteração foi feita (a em vigor é \"v{}\"; a primeira alteração de um processo sem área leva \"v0\")",
                da.numero()
            ),
        )
        .json());
    };
    let sobre: u32 = se
        .to_str()
        .ok()
        .map(|s| s.trim().trim_start_matches("W/").trim_matches('"'))
        .and_then(|s| s.strip_prefix('v'))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| {
            Falha::no_campo(
                "If-Match",
                "o If-Match deve ser a versão da área entre aspas, como \"v2\"",
            )
            .json()
        })?;
    if sobre != da.numero() {
        return Err(desatualizada(&da, sobre));
    }
    // Na oficina, com orçamento: o motivo, a área lida, conferida e medida, e os achados com
    // ela (a resposta do contrato), tudo antes de gravar — depois de gravado, a resposta é 200.
    let d = da.clone();
    let bytes = corpo.to_vec();
    let hoje = estado.hoje();
    let preparado = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            let motivo = motivo_do_corpo(&bytes);
            if motivo.trim().is_empty() {
                return Preparo::SemMotivo;
            }
            match d.preparar(sobre, &bytes, &motivo) {
                Ok((ato, arquivo)) => {
                    let achados = d
                        .simular(None, &bytes, hoje)
                        .ok()
                        .map(|s| s.avaliados.avaliacao.achados.iter().map(achado).collect());
                    Preparo::Pronto(ato, arquivo, achados)
                }
                Err(e) => Preparo::Recusada(e),
            }
        })
        .await
        .map_err(Falha::json)?;
    let (ato, arquivo, achados) = match preparado {
        Preparo::Pronto(a, b, c) => (a, b, c),
        Preparo::SemMotivo => return Err(Falha::no_campo(
            "properties.motivo",
            "diga o motivo da alteração em properties.motivo: ele fica nos autos (Art. 19, § 3º)",
        )
        .json()),
        Preparo::Recusada(ErroVersao::Desatualizada { enviada, .. }) => {
            return Err(desatualizada(&da, enviada))
        }
        Preparo::Recusada(ErroVersao::Area(e)) => return Err(erro_da_area(e)),
        Preparo::Recusada(ErroVersao::Recusado(r)) => return Err(recusa(&r)),
        Preparo::Recusada(ErroVersao::Autos(e)) => return Err(erro_dos_autos(e)),
    };
    // Gravada sobre a versão do processo carregada. Outro ato no meio (um documento juntado)
    // não muda a área: relê e grava de novo; outra versão da área no meio é o 409 que diz qual.
    let mut tentativas = 0;
    let e = loop {
        match divisa_autos::area::gravar(
            estado.registro(),
            &da,
            &ator,
            ato.clone(),
            arquivo.clone(),
            estado.hoje(),
            estado.agora(),
        )
        .await
        {
            Ok(e) => break e,
            Err(divisa_autos::ErroAutos::Registro(divisa_registro::ErroRegistro::Conflito {
                ..
            })) => {
                da = carregar(&estado, &quem, &protocolo).await?;
                tentativas += 1;
                if da.numero() != sobre || tentativas >= 3 {
                    return Err(desatualizada(&da, sobre));
                }
            }
            Err(divisa_autos::ErroAutos::Registro(divisa_registro::ErroRegistro::Recusado(r))) => {
                return Err(recusa(&r))
            }
            Err(e) => return Err(erro_dos_autos(e)),
        }
    };
    let (versao, area_m2) = match &e.ato {
        divisa_processo::Ato::AlterarArea {
            versao, area_m2, ..
        } => (*versao, *area_m2),
        _ => (0, 0),
    };
    let mut r = Json(json!({
        "versao": versao,
        "area_km2": area_m2 as f64 / 1e6,
        "area_texto": km2_de_m2(area_m2 as f64),
        "ato": e.seq,
        // os achados com a versão nova (null se a lei não pôde ser aplicada; a versão está salva)
        "achados": achados,
    }))
    .into_response();
    if let Ok(v) = format!("\"v{versao}\"").parse() {
        r.headers_mut().insert(header::ETAG, v);
    }
    Ok(r)
}

/// 409: a versão em que a pessoa trabalhou não é mais a em vigor; diz quem salvou a que está,
/// quando, com que área e por quê.
fn desatualizada(da: &DaArea, enviada: u32) -> Response {
    let atual = da.numero();
    let o_que = match da.versoes.last() {
        Some(v) => {
            let (nome, cargo) = autor(da, &v.login);
            format!(
                "a versão em vigor é a {atual}, {} em {} por {nome}{}{}{}",
                if v.versao.desenhada {
                    "salva no mapa"
                } else {
                    "juntada aos autos"
                },
                formato::data(v.data),
                if cargo.is_empty() {
                    String::new()
                } else {
                    format!(" ({cargo})")
                },
                v.area_m2
                    .map(|a| format!(", com {}", km2_de_m2(a as f64)))
                    .unwrap_or_default(),
                v.motivo
                    .as_ref()
                    .map(|m| format!(" — motivo: «{m}»"))
                    .unwrap_or_default()
            )
        }
        None => "o processo não tem área".to_owned(),
    };
    (
        StatusCode::CONFLICT,
        Json(json!({
            "erro": format!("a área mudou depois que foi aberta: a alteração foi feita sobre a versão {enviada}, e {o_que}. Carregue a versão atual e refaça a alteração sobre ela."),
            "versao_atual": atual,
        })),
    )
        .into_response()
}

pub(super) fn achado(a: &divisa_lei::Achado) -> Value {
    json!({
        "dispositivo": a.dispositivo,
        "artigo": a.citacao,
        "situacao": a.situacao.codigo(),
        "situacao_texto": a.situacao.rotulo(),
        "exigido": a.exigido,
        "apurado": a.apurado,
        "texto": format!("{}: {} — exigido: {}", a.citacao, a.apurado, a.exigido),
    })
}
