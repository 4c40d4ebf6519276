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

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use divisa_autos::area::{DaArea, ErroVersao};
use divisa_avaliacao::area::{ErroArea, Simulacao};
use divisa_processo::{Natureza, Recusa};
use divisa_referencia::formato;
use geo_types::MultiPolygon;
use serde_json::{json, Value};

use crate::contas::Quem;
use crate::{Estado, Falha};

type Resposta = Result<Response, Response>;

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
        .route("/api/processos/{protocolo}/area/simular", post(simular))
        .route("/api/malha/trecho", get(trecho))
        .route("/api/coordenadas", post(coordenadas))
}

/// A recusa do rito ou do papel na resposta do contrato: o papel é 403; a fase (o Art. 19,
/// § 3º) e o caso, 409; a condição dos valores, 422.
fn recusa(r: &Recusa) -> Response {
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

fn erro_dos_autos(e: divisa_autos::ErroAutos) -> Response {
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

fn erro_da_area(e: ErroArea) -> Response {
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

async fn carregar(estado: &Estado, quem: &Quem, protocolo: &str) -> Result<Arc<DaArea>, Response> {
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

fn km2_de_m2(m2: f64) -> String {
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
fn autor(da: &DaArea, login: &str) -> (String, String) {
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

fn conferir_csrf(quem: &Quem, headers: &HeaderMap) -> Result<(), Falha> {
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

fn achado(a: &divisa_lei::Achado) -> Value {
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

/// `POST …/area/simular`: a lei com a área enviada, nada gravado.
async fn simular(
    State(estado): State<Estado>,
    quem: Quem,
    headers: HeaderMap,
    Path(protocolo): Path<String>,
    corpo: axum::body::Bytes,
) -> Resposta {
    conferir_csrf(&quem, &headers).map_err(Falha::json)?;
    let da = carregar(&estado, &quem, &protocolo).await?;
    // na fusão e na incorporação não há linha a desenhar (Art. 4º; Art. 1º), nem a simular
    let tipo = da.carregados.autos.processo.tipo;
    if matches!(
        tipo,
        divisa_processo::TipoProcesso::Fusao | divisa_processo::TipoProcesso::Incorporacao
    ) {
        let artigo = if tipo == divisa_processo::TipoProcesso::Fusao {
            "Art. 4º"
        } else {
            "Art. 1º"
        };
        return Err(recusa(&Recusa::de(
            Natureza::Caso,
            artigo,
            "o território é o dos municípios inteiros: não há linha a desenhar",
        )));
    }
    let hoje = estado.hoje();
    let cache = estado.0.area_em_vigor.clone();
    let chave = (protocolo.clone(), da.carregados.autos.processo.versao, hoje);
    let bytes = corpo.to_vec();
    let feito = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            let em_vigor = cache.obter(&chave, || da.avaliar(hoje).ok());
            da.simular(em_vigor.as_deref(), &bytes, hoje)
        })
        .await
        .map_err(Falha::json)?;
    let s = feito.map_err(erro_da_area)?;
    Ok(Json(painel(&s)).into_response())
}

/// A simulação para o painel do editor: cada número já escrito para quem lê.
fn painel(s: &Simulacao) -> Value {
    let fatos = &s.avaliados.proposta.fatos;
    let medidas = fatos
        .novo
        .as_ref()
        .and_then(|n| n.area.as_ref())
        .or_else(|| fatos.desmembramento.as_ref().and_then(|d| d.area.as_ref()))
        .and_then(|a| a.medidas.as_ref());
    let mut linhas = vec![
        json!({"rotulo": "Área", "texto": format!("{} (geodésica, SIRGAS 2000)", km2_de_m2(s.area_m2 as f64))}),
    ];
    let mut sedes = Vec::new();
    let mut populacao = Value::Null;
    if let Some(m) = medidas {
        linhas.push(json!({"rotulo": "Área oficial (Albers, IBGE)", "texto": formato::km2(m.area_albers_km2)}));
        linhas.push(json!({"rotulo": "Vértices", "texto": formato::inteiro(m.vertices as i64)}));
        linhas.push(json!({
            "rotulo": "Continuidade",
            "texto": if m.partes == 1 { "uma peça só (contínua)".to_owned() } else { format!("{} partes separadas", m.partes) },
            "situacao": if m.partes == 1 { "atende" } else { "nao_atende" },
        }));
        for (nome, partes) in &m.remanescentes {
            linhas.push(json!({
                "rotulo": format!("{nome}, depois"),
                "texto": match partes {
                    Some(1) => "fica numa peça só".to_owned(),
                    Some(n) => format!("fica em {n} partes"),
                    None => "sem polígono na Malha 2022".to_owned(),
                },
                "situacao": match partes { Some(1) => "atende", Some(_) => "nao_atende", None => "pendente" },
            }));
        }
        if let Some(e) = m.encosta_no_receptor {
            linhas.push(json!({
                "rotulo": "Encosta no município que recebe",
                "texto": if e { "sim" } else { "não" },
                "situacao": if e { "atende" } else { "nao_atende" },
            }));
        }
        if let Some(f) = m.fora_das_origens_km2.filter(|f| *f > 0.0) {
            linhas.push(json!({"rotulo": "Fora dos municípios de origem", "texto": formato::km2(f), "situacao": "nao_atende"}));
        }
        for n in &m.sedes_dentro {
            sedes.push(json!({"texto": format!("{n}: dentro da área")}));
        }
        for n in &m.sedes_na_divisa {
            sedes.push(json!({"texto": format!("{n}: sobre a divisa da área")}));
        }
        if let Some(e) = &m.estimativa_setores {
            populacao = json!({
                "estimada": e.populacao.round(),
                "texto": format!(
                    "cerca de {} habitantes e {} domicílios — estimativa pela área dos {} setores censitários que a tocam (Censo 2022, IBGE; cobertura de {}% da área), não é número certificado",
                    formato::inteiro(e.populacao.round() as i64),
                    formato::inteiro(e.domicilios.round() as i64),
                    formato::inteiro(e.setores as i64),
                    formato::decimal(e.cobertura * 100.0, 0),
                ),
            });
        }
    }
    // as partes de cada origem e os tetos do Art. 8º, § 2º, com o que já foi desmembrado antes
    for a in s
        .achados
        .iter()
        .filter(|a| a.achado.dispositivo.starts_with("art8_par2"))
    {
        linhas.push(json!({
            "rotulo": a.achado.citacao,
            "texto": format!("{} (limite: {})", a.achado.apurado, a.achado.exigido),
            "situacao": a.achado.situacao.codigo(),
        }));
    }
    let mut achados: Vec<Value> = s
        .achados
        .iter()
        .map(|a| {
            let mut v = achado(&a.achado);
            v["mudou"] = a.mudou().into();
            v["antes"] = a.antes.map(|x| x.codigo()).into();
            v["antes_texto"] = a.antes.map(|x| x.rotulo()).into();
            v
        })
        .collect();
    achados.extend(s.sumidos.iter().map(|a| {
        let mut v = achado(a);
        v["mudou"] = true.into();
        v["antes"] = a.situacao.codigo().into();
        v["antes_texto"] = a.situacao.rotulo().into();
        v["situacao"] = "nao_se_aplica".into();
        v["texto"] = format!("{}: deixa de ser avaliado com esta área", a.citacao).into();
        v
    }));
    let mudancas = achados.iter().filter(|a| a["mudou"] == true).count();
    let fpm = match &s.fpm {
        Ok(f) => json!({
            "linhas": f.linhas.iter().map(|(n, t)| json!({"rotulo": n, "texto": t})).collect::<Vec<_>>(),
            "nota": f.nota,
        }),
        Err(m) => json!({"linhas": [], "nota": format!("FPM não calculado: {m}")}),
    };
    json!({
        "fpm": fpm,
        "area_km2": s.area_m2 as f64 / 1e6,
        "area_texto": km2_de_m2(s.area_m2 as f64),
        "vertices": s.vertices,
        "linhas": linhas,
        "sedes": sedes,
        "populacao": populacao,
        "achados": achados,
        "mudancas": mudancas,
    })
}

/// A avaliação da área em vigor de cada processo, pela versão do processo e pelo dia: o editor
/// simula dezenas de vezes sobre a mesma versão, e a comparação é sempre com ela.
#[derive(Default)]
pub(crate) struct EmVigor(std::sync::Mutex<Vec<(ChaveEmVigor, Option<Avaliados>)>>);

/// O processo, a versão dele e o dia.
type ChaveEmVigor = (String, u64, jiff::civil::Date);
type Avaliados = Arc<divisa_avaliacao::autos::AutosAvaliados>;

impl EmVigor {
    const GUARDADOS: usize = 16;

    fn obter(
        &self,
        chave: &ChaveEmVigor,
        fazer: impl FnOnce() -> Option<divisa_avaliacao::autos::AutosAvaliados>,
    ) -> Option<Avaliados> {
        if let Ok(g) = self.0.lock() {
            if let Some((_, a)) = g.iter().find(|(k, _)| k == chave) {
                return a.clone();
            }
        }
        let feito = fazer().map(Arc::new);
        if let Ok(mut g) = self.0.lock() {
            g.retain(|(k, _)| k != chave);
            if g.len() >= Self::GUARDADOS {
                g.remove(0);
            }
            g.push((chave.clone(), feito.clone()));
        }
        feito
    }
}

/// `GET /api/malha/trecho?de=LON,LAT&ate=LON,LAT`: o trecho da divisa municipal (Malha 2022,
/// sem simplificar) entre os vértices mais perto dos dois pontos.
async fn trecho(
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
async fn coordenadas(
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

/// O mapa da página do processo com a área: para quem pode alterá-la, o editor (a barra, o
/// painel da simulação, as coordenadas digitadas, o motivo e o botão de salvar); para quem vê as
/// versões, a comparação com cada versão anterior; para os demais, o mapa como sempre.
pub(crate) fn mapa_do_processo(
    endereco: &str,
    versoes: &[divisa_avaliacao::area::VersaoNosAutos],
    edicao: Option<Result<(), Recusa>>,
    quem: &Quem,
    pessoas: &std::collections::BTreeMap<String, String>,
) -> maud::Markup {
    use maud::html;
    let camada = format!("/api{endereco}/mapa.geojson");
    let edita = matches!(edicao, Some(Ok(())));
    // quem edita prende os vértices aos das origens na malha inteira, não à de tela
    let camada = if edita {
        format!("{camada}?completo=1")
    } else {
        camada
    };
    let area = format!("/api{endereco}/area");
    let ve = edicao.is_some();
    let atual = versoes.len();
    // o nome só (o cargo está na linha do tempo): a opção da lista cabe no celular
    let pessoa = |login: &str| {
        pessoas
            .get(login)
            .map(|t| t.split_once(", ").map_or(t.as_str(), |(n, _)| n).to_owned())
            .unwrap_or_else(|| "pessoa sem nome no cadastro".to_owned())
    };
    html! {
        div.mapa-web #mapa role="region" data-camada=(camada)
            data-area=[ve.then_some(&area)]
            data-versao=[ve.then_some(atual)]
            data-editar=[edita.then_some("1")]
            data-csrf=[edita.then_some(&quem.csrf)]
            aria-label="Mapa dos municípios de origem e da área proposta" {}
        ul.legenda-do-mapa aria-label="Legenda do mapa" {}
        p.fonte-do-mapa { "Mapa: Malha Municipal 2022 (IBGE)." }
        @if let Some(Err(r)) = &edicao {
            @if r.natureza != Natureza::Papel {
                p.historico #area-travada { "A área não pode ser alterada no mapa: " (r.motivo) " (" (r.artigo) ")." }
            }
        }
        @if edita {
            section #editor-da-area aria-labelledby="titulo-editor" {
                h3 #titulo-editor { "Alterar a área no mapa" }
                p.historico {
                    "Arraste os vértices, acrescente-os pelos pontos do meio dos lados, recorte um buraco ou desenhe outra parte; os vértices se prendem aos da Malha Municipal. "
                    "Cada mudança é avaliada na hora, sem gravar; a versão nova só vai aos autos quando salva, com o motivo. "
                    "As divisas só mudam até a aprovação do projeto de decreto legislativo (Art. 19, § 3º)."
                }
                div.barra-do-editor role="toolbar" aria-label="Edição da área" {
                    button.botao.secundario type="button" #editor-desfazer { "Desfazer" }
                    button.botao.secundario type="button" #editor-refazer { "Refazer" }
                    button.botao.secundario type="button" #editor-seguir aria-pressed="false" { "Seguir a divisa" }
                }
                div #painel-da-area aria-live="polite" {}
                details #editor-coordenadas {
                    summary { "Digitar as coordenadas dos vértices" }
                    label for="coordenadas" { "Um vértice por linha: latitude e longitude em graus decimais, ou leste e norte em metros (UTM). A lista substitui o contorno da área." }
                    textarea #coordenadas rows="8" spellcheck="false" {}
                    label for="sistema" { "Sistema" }
                    select #sistema {
                        option value="graus" { "Graus decimais (SIRGAS 2000)" }
                        option value="utm-20" { "UTM zona 20 S (SIRGAS 2000)" }
                        option value="utm-21" { "UTM zona 21 S (SIRGAS 2000)" }
                        option value="utm-22" { "UTM zona 22 S (SIRGAS 2000)" }
                    }
                    button.botao.secundario type="button" #aplicar-coordenadas { "Aplicar as coordenadas" }
                }
                form #salvar-area {
                    label for="motivo" { "Motivo da alteração (fica nos autos, com o seu nome e cargo)" }
                    textarea #motivo name="motivo" rows="2" required {}
                    button.botao type="submit" { "Salvar nova versão da área" }
                    p #resultado-salvar role="status" {}
                }
            }
        }
        @if ve && atual >= 2 {
            label for="versao-comparar" { "Comparar com a versão" }
            select #versao-comparar {
                option value="" { "Nenhuma" }
                @for v in versoes.iter().take(atual - 1) {
                    option value=(v.versao.numero) {
                        "Versão " (v.versao.numero) " — " (formato::data(v.data)) ", " (pessoa(&v.login))
                        @if let Some(a) = v.area_m2 { " — " (km2_de_m2(a as f64)) }
                        @if let Some(m) = &v.motivo { " — " (m) }
                    }
                }
            }
            p #diferenca-da-versao role="status" {}
        }
        @if ve && atual >= 1 {
            p.historico #area-em-vigor {
                "Área em vigor: versão " (atual)
                @if let Some(v) = versoes.last() {
                    ", de " (formato::data(v.data)) ", " (pessoa(&v.login))
                    @if let Some(m) = &v.motivo { " — " (m) }
                }
                ". "
                a href=(format!("{area}/versoes/{atual}")) download=(format!("area-v{atual}.geojson")) {
                    "Baixar a versão " (atual) " (GeoJSON, SIRGAS 2000)"
                }
            }
        }
    }
}
