//! A API JSON: as mesmas operações das páginas, com erros em JSON que nomeiam o campo.
//!
//! Autenticação pelo mesmo cookie de sessão (`POST /api/sessao`); toda chamada que muda algo
//! exige o cabeçalho `X-CSRF-Token` com o token devolvido no login. Chamadas que só calculam
//! (avaliar uma proposta, conferir títulos) não mudam nada e não pedem token.

use std::collections::HashMap;

use axum::extract::{FromRequest, Multipart, Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use divisa_processo::{Acao, Ato, DocumentoArt15, TipoProcesso};
use divisa_registro::NovaRepresentacao;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::contas::{self, Quem};
use crate::falha::FalhaApi;
use crate::{Estado, Falha};

pub(crate) fn rotas() -> Router<Estado> {
    Router::new()
        .route("/api/openapi.json", get(crate::openapi::documento))
        .route("/api/sessao", post(entrar).delete(sair).get(sessao))
        .route("/api/processos", get(listar).post(protocolar))
        .route("/api/processos/{protocolo}", get(processo))
        .route("/api/processos/{protocolo}/atos", post(ato))
        .route("/api/processos/{protocolo}/relatorio", get(relatorio))
        .route(
            "/api/processos/{protocolo}/mapa.geojson",
            get(mapa_do_processo),
        )
        .route("/api/alertas", get(alertas))
        .route("/api/avaliar", post(avaliar))
        .route("/api/lei", get(lei))
        .route("/api/municipios/{codigo}", get(municipio))
        .route("/api/municipios/{codigo}/limite.geojson", get(limite))
        .route("/api/malha.geojson", get(malha))
        .route("/api/validacao/titulos", post(titulos))
        .route("/api/toponimo", get(toponimo))
}

type Resposta = Result<Response, FalhaApi>;

fn conferir_csrf(quem: &Quem, headers: &HeaderMap) -> Result<(), Falha> {
    quem.exigir_conta()?;
    quem.conferir_csrf(headers.get("x-csrf-token").and_then(|v| v.to_str().ok()))
        .map_err(|_| {
            Falha::proibido("falta o cabeçalho X-CSRF-Token com o token da sessão (devolvido por POST /api/sessao)")
        })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Login {
    login: String,
    senha: String,
}

/// Lê o corpo JSON com erro em português que nomeia o campo.
fn corpo<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, Falha> {
    let mut d = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut d).map_err(|e| {
        let mut campo = e.path().to_string();
        let e = e.into_inner();
        // o campo que falta é dito no campo, não só no texto
        if let Some(falta) = e
            .to_string()
            .strip_prefix("missing field `")
            .and_then(|r| r.split('`').next())
        {
            campo = if campo == "." {
                falta.to_owned()
            } else {
                format!("{campo}.{falta}")
            };
        }
        // a mensagem do serde_json termina com " at line L column C": a posição vai em português
        let texto = e.to_string();
        let texto = texto.split(" at line ").next().unwrap_or_default();
        let m = match e.classify() {
            serde_json::error::Category::Data => divisa_processo::traduzir_serde(texto),
            serde_json::error::Category::Eof => "o JSON termina antes da hora".to_owned(),
            serde_json::error::Category::Syntax | serde_json::error::Category::Io => {
                "sintaxe inválida".to_owned()
            }
        };
        Falha::no_campo(
            if campo == "." { "" } else { &campo },
            format!(
                "JSON inválido na linha {}, coluna {}: {m}",
                e.line(),
                e.column()
            ),
        )
    })
}

async fn entrar(State(estado): State<Estado>, quem: Quem, body: axum::body::Bytes) -> Resposta {
    let l: Login = corpo(&body)?;
    let e = contas::entrar(&estado, &quem, &l.login, &l.senha).await?;
    let mut r = Json(json!({
        "login": e.usuario.login,
        "nome": e.usuario.nome,
        "papel": e.usuario.papel.codigo(),
        "csrf": e.csrf,
    }))
    .into_response();
    if let Ok(v) = HeaderValue::from_str(&e.set_cookie) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(r)
}

async fn sessao(quem: Quem) -> Resposta {
    let u = quem.exigir_conta()?;
    Ok(Json(json!({
        "login": u.login, "nome": u.nome, "papel": u.papel.codigo(), "csrf": quem.csrf,
        "demonstracao": u.demonstracao,
    }))
    .into_response())
}

async fn sair(State(estado): State<Estado>, quem: Quem, headers: HeaderMap) -> Resposta {
    conferir_csrf(&quem, &headers)?;
    let apagar = contas::sair(&estado, &quem).await?;
    let mut r = StatusCode::NO_CONTENT.into_response();
    if let Ok(v) = HeaderValue::from_str(&apagar) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(r)
}

async fn listar(State(estado): State<Estado>) -> Resposta {
    let lista = estado.registro().listar().await?;
    Ok(Json(
        lista
            .iter()
            .map(|p| {
                json!({
                    "protocolo": p.protocolo, "nome": p.nome, "tipo": p.tipo,
                    "fase": p.fase.codigo(), "fase_nome": p.fase.nome(),
                    "versao": p.versao, "ultimo_ato": p.ultimo_ato,
                })
            })
            .collect::<Vec<_>>(),
    )
    .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NovaJson {
    tipo: String,
    nome: String,
    municipios_origem: Vec<String>,
    representante: String,
    assinaturas: u32,
    #[serde(default)]
    documentos: Vec<DocumentoArt15>,
    /// Login do deputado (para a representação que chega através dele).
    #[serde(default)]
    deputado: Option<String>,
    #[serde(default)]
    proposta: Option<String>,
    /// Art. 6º: se o nome proposto homenageia pessoa viva (ausente: não declarou).
    #[serde(default)]
    nome_homenageia_pessoa_viva: Option<bool>,
}

async fn protocolar(
    State(estado): State<Estado>,
    quem: Quem,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Resposta {
    conferir_csrf(&quem, &headers)?;
    Falha::protocolo(quem.papel())?;
    let n: NovaJson = corpo(&body)?;
    let tipo = TipoProcesso::de_codigo(&n.tipo).map_err(|m| Falha::no_campo("tipo", m))?;
    let via = divisa_autos::protocolo::via_do_pedido(&quem.ator(), n.deputado.clone());
    divisa_autos::protocolo::conferir_via(estado.registro(), &quem.ator(), &via).await?;
    // Com a proposta, ela é o registro: o que se digitou ao lado tem de dizer o mesmo (tipo,
    // nome, origens, assinaturas), ou os autos nasceriam contraditórios.
    if let Some(texto) = &n.proposta {
        let da = divisa_avaliacao::autos::protocolo_da_proposta(
            "proposta",
            texto,
            &std::collections::BTreeMap::new(),
            via.clone(),
            &n.representante,
        )
        .map_err(|m| Falha::no_campo("proposta", m))?;
        conferir_com_a_proposta(tipo, &n, &da)?;
    }
    let recibo = estado
        .registro()
        .protocolar(
            &quem.ator(),
            NovaRepresentacao {
                tipo,
                nome: n.nome,
                municipios_origem: n.municipios_origem,
                via,
                representante: n.representante,
                assinaturas: n.assinaturas,
                documentos: n.documentos,
                proposta: n.proposta,
                nome_homenageia_pessoa_viva: n.nome_homenageia_pessoa_viva,
            },
            estado.hoje(),
            estado.agora(),
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "protocolo": recibo.protocolo.as_str(),
            "data": recibo.data.to_string(),
            "hash": recibo.hash,
            "codigo": recibo.codigo(),
            "recibo": recibo.texto(),
        })),
    )
        .into_response())
}

/// Os campos digitados contra a proposta enviada junto: cada diferença é recusada no campo.
fn conferir_com_a_proposta(
    tipo: TipoProcesso,
    n: &NovaJson,
    da: &NovaRepresentacao,
) -> Result<(), Falha> {
    use divisa_referencia::nomes::chave;
    if tipo != da.tipo {
        return Err(Falha::no_campo(
            "tipo",
            format!(
                "a representação é de {}, mas a proposta enviada é de {}",
                tipo.nome(),
                da.tipo.nome()
            ),
        ));
    }
    // Na incorporação e no desmembramento o nome do processo é feito das origens (não há
    // nome proposto): só a criação e a fusão têm nome a conferir.
    let tem_nome = matches!(tipo, TipoProcesso::Criacao | TipoProcesso::Fusao);
    if tem_nome && chave(&n.nome) != chave(&da.nome) {
        return Err(Falha::no_campo(
            "nome",
            format!(
                "«{}» não é o nome da proposta enviada («{}»)",
                n.nome, da.nome
            ),
        ));
    }
    // as origens pelo código IBGE (a grafia pode variar: "Sao Felix", "São Félix")
    let conjunto = |v: &[String]| -> std::collections::BTreeSet<String> {
        match divisa_processo::codigos_ibge(v) {
            Ok(c) => c.into_iter().map(|c| c.to_string()).collect(),
            Err(_) => v.iter().map(|s| chave(s)).collect(),
        }
    };
    if conjunto(&n.municipios_origem) != conjunto(&da.municipios_origem) {
        return Err(Falha::no_campo(
            "municipios_origem",
            format!(
                "os municípios informados ({}) não são os da proposta enviada ({})",
                n.municipios_origem.join(", "),
                da.municipios_origem.join(", ")
            ),
        ));
    }
    if n.assinaturas != da.assinaturas {
        return Err(Falha::no_campo(
            "assinaturas",
            format!(
                "{} assinaturas informadas, mas a lista da proposta enviada tem {}",
                n.assinaturas, da.assinaturas
            ),
        ));
    }
    Ok(())
}

async fn processo(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
) -> Resposta {
    let ator = quem.ator();
    let hoje = estado.hoje();
    let (p, eventos) = estado
        .registro()
        .eventos_visiveis(&protocolo, &ator)
        .await?;
    let completo = p.pode(&ator, Acao::VerCompleto).is_ok();
    let atos: Vec<&str> = if quem.usuario.is_some() {
        divisa_processo::oferta::oferecidos(&p, &ator, hoje)
            .iter()
            .map(|o| o.definicao.codigo)
            .collect()
    } else {
        Vec::new()
    };
    Ok(Json(json!({
        "protocolo": protocolo,
        "nome": p.nome,
        "tipo": p.tipo.codigo(),
        "fase": p.fase.codigo(),
        "fase_nome": p.fase.nome(),
        "proximo_passo": p.fase.proximo_passo(),
        "versao": p.versao,
        "municipios_origem": p.municipios_origem,
        "assinaturas": p.assinaturas,
        "protocolado_em": p.protocolado_em.to_string(),
        "documentos": p.documentos,
        "documentos_faltantes": p.documentos_faltantes(),
        "documentos_declarados": p.declarados,
        "documentos_declarados_a_juntar": p.declarados_a_juntar(),
        "prazos": p.prazos().iter().map(|z| json!({
            "chave": z.chave, "descricao": z.descricao, "artigo": z.artigo,
            "inicio": z.inicio.to_string(), "vencimento": z.vencimento.to_string(),
            "situacao": z.situacao(hoje).texto(),
        })).collect::<Vec<_>>(),
        "alertas": p.alertas(hoje).iter().map(|a| json!({"artigo": a.artigo, "mensagem": a.mensagem()})).collect::<Vec<_>>(),
        "proposta_anexada": p.proposta.is_some(),
        "completo": completo,
        "eventos": eventos.iter().map(|e| json!({
            "seq": e.seq, "data": e.data.to_string(), "ator": e.ator.id, "papel": e.ator.papel.codigo(),
            "tipo": e.ato.tipo(), "resumo": e.ato.resumo(),
        })).collect::<Vec<_>>(),
        "atos_possiveis": atos,
    }))
    .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NovoAto {
    versao: u64,
    #[serde(default)]
    data: Option<jiff::civil::Date>,
    ato: Value,
    /// Os arquivos do ato: nome e conteúdo em base64.
    #[serde(default)]
    anexos: Vec<AnexoJson>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnexoJson {
    nome: String,
    conteudo_base64: String,
}

async fn ato(
    State(estado): State<Estado>,
    quem: Quem,
    headers: HeaderMap,
    Path(protocolo): Path<String>,
    body: axum::body::Bytes,
) -> Resposta {
    conferir_csrf(&quem, &headers)?;
    let n: NovoAto = corpo(&body)?;
    // o leitor dos atos do rito: só os que entram pelo formulário, cada erro em português e
    // com o campo (o protocolo é POST /api/processos; a área, PUT …/area)
    let ato: Ato = divisa_processo::ato_de_json(n.ato).map_err(|e| {
        let campo = e
            .campo
            .as_deref()
            .map_or("ato".to_owned(), |c| format!("ato.{c}"));
        Falha::no_campo(&campo, e.to_string())
    })?;
    Falha::papel(quem.papel(), &ato)?;
    let data = n.data.unwrap_or_else(|| estado.hoje());
    let mut arquivos = Vec::with_capacity(n.anexos.len());
    for (i, a) in n.anexos.into_iter().enumerate() {
        use base64::Engine as _;
        let conteudo = base64::engine::general_purpose::STANDARD
            .decode(a.conteudo_base64.trim())
            .map_err(|e| {
                Falha::no_campo(
                    &format!("anexos[{i}].conteudo_base64"),
                    format!("«{}»: o conteúdo não é base64 válido ({e})", a.nome),
                )
            })?;
        arquivos.push(divisa_registro::ArquivoNovo::novo(a.nome, conteudo));
    }
    let e = crate::anexar(
        &estado,
        &protocolo,
        n.versao,
        &quem.ator(),
        ato,
        &arquivos,
        data,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({"seq": e.seq, "data": e.data.to_string(), "resumo": e.ato.resumo()})),
    )
        .into_response())
}

async fn relatorio(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> Resposta {
    let data = match q.get("em") {
        None => estado.hoje(),
        Some(t) => t
            .parse::<jiff::civil::Date>()
            .map_err(|_| Falha::no_campo("em", format!("«{t}» não é uma data AAAA-MM-DD")))?,
    };
    // avaliar os autos (ler e medir o território juntado) nos limites da oficina
    let a = {
        let (estado2, protocolo2, ator) = (estado.clone(), protocolo.clone(), quem.ator());
        estado
            .oficina()
            .na_vaga(quem.endereco.map(|e| e.ip()), async move {
                crate::metricas::avaliacao();
                divisa_autos::avaliar(estado2.registro(), &protocolo2, &ator, data).await
            })
            .await?
    }?;
    Ok(json_texto(divisa_avaliacao::relatorio::json(&a.avaliacao)))
}

fn json_texto(texto: String) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        texto,
    )
        .into_response()
}

fn geojson_texto(texto: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/geo+json; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        texto,
    )
        .into_response()
}

/// Os municípios de origem (limites da Malha 2022) e, se a proposta anexada traz um território
/// legível, a área.
async fn mapa_do_processo(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Resposta {
    // o editor da área pede as origens sem simplificar: os vértices se prendem aos da malha
    // de verdade, não aos do desenho de tela (issue 29)
    let completo = q.get("completo").is_some_and(|v| v == "1") && quem.usuario.is_some();
    let (p, _) = estado
        .registro()
        .eventos_visiveis(&protocolo, &quem.ator())
        .await?;
    // a área proposta sobre as origens e os vizinhos delas (issue 32): a versão que a proposta
    // cita (a última juntada com esse nome) ou, sem ela, o território juntado mais recente
    let citados = divisa_avaliacao::autos::arquivos_necessarios(&p);
    let mut candidatos: Vec<divisa_registro::ArquivoGuardado> = estado
        .registro()
        .arquivos(&protocolo)
        .await?
        .into_iter()
        .filter(|a| !a.finalidade.reservado())
        .collect();
    candidatos.sort_by_key(|a| (citados.contains(&a.nome), a.id));
    let mut area = None;
    // A versão em vigor da área (issue 29): a linha que vale se mostra no mapa a quem vê o
    // processo (Art. 16); quem a desenhou, quando e por quê ficam nos autos (Art. 22).
    let todos = estado.registro().carregar(&protocolo).await?;
    if let Some(v) = divisa_avaliacao::area::versoes(&todos.processo, &todos.eventos).pop() {
        let guardados = estado
            .registro()
            .arquivos_do_ato(&protocolo, v.versao.seq)
            .await?;
        let anexos = todos
            .eventos
            .iter()
            .find(|e| e.seq == v.versao.seq)
            .map(|e| e.anexos.clone())
            .unwrap_or_default();
        if let Some((_, (_, bytes))) = anexos.iter().zip(guardados).find(|(a, (_, conteudo))| {
            a.nome == v.versao.arquivo && divisa_registro::sha256_hex(conteudo) == a.sha256
        }) {
            let nome = v.versao.arquivo.clone();
            area = estado
                .oficina()
                .executar(quem.endereco.map(|e| e.ip()), move || {
                    divisa_territorio::leitura::ler(&nome, &bytes)
                        .ok()
                        .map(|t| t.poligonos)
                })
                .await?;
        }
    }
    for a in candidatos.iter().rev().filter(|_| area.is_none()) {
        let Ok(Some((nome, bytes))) = estado
            .registro()
            .conteudo_do_arquivo(&protocolo, a.id)
            .await
        else {
            continue;
        };
        // ler o território fora dos trabalhadores assíncronos
        let lido = estado
            .oficina()
            .executar(quem.endereco.map(|e| e.ip()), move || {
                divisa_territorio::leitura::ler(&nome, &bytes).ok()
            })
            .await?;
        if let Some(t) = lido {
            area = Some(t.poligonos);
            break;
        }
    }
    let origens: Vec<u32> = match divisa_referencia::mt() {
        Ok(mt) => p
            .municipios_origem
            .iter()
            .filter_map(|nome| match mt.buscar(nome) {
                divisa_referencia::mt::Busca::Encontrado(m) => Some(m.codigo_ibge),
                divisa_referencia::mt::Busca::NaoEncontrado { .. } => None,
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    let mut vizinhos: Vec<u32> = origens
        .iter()
        .flat_map(|c| divisa_referencia::malha::vizinhos(*c).unwrap_or_default())
        .filter(|c| !origens.contains(c))
        .collect();
    vizinhos.sort_unstable();
    vizinhos.dedup();
    let nome_de = |c: u32| {
        divisa_referencia::mt()
            .ok()
            .and_then(|mt| mt.por_codigo(c).map(|m| m.nome.clone()))
            .unwrap_or_else(|| c.to_string())
    };
    let mut feicoes = Vec::new();
    for (codigos, papel) in [(&vizinhos, "vizinho"), (&origens, "origem")] {
        for c in codigos {
            if let Ok(Some(mp)) = divisa_referencia::malha::poligono(*c) {
                let mp = if completo && papel == "origem" {
                    mp
                } else {
                    simplificar(&mp)
                };
                feicoes.push(feicao(&mp, json!({"nome": nome_de(*c), "papel": papel})));
            }
        }
    }
    if let Some(a) = area {
        feicoes.push(feicao(
            &a,
            json!({"nome": "Área proposta", "papel": "area"}),
        ));
    }
    Ok(geojson_texto(
        json!({"type": "FeatureCollection", "features": feicoes}).to_string(),
    ))
}

fn simplificar(mp: &geo::MultiPolygon<f64>) -> geo::MultiPolygon<f64> {
    use geo::Simplify;
    // ~100 m: para a tela, não para medir (as medidas usam a malha inteira)
    mp.simplify(0.001)
}

fn feicao(mp: &geo::MultiPolygon<f64>, propriedades: Value) -> Value {
    feicao_com(mp, propriedades, 1e6)
}

/// A feição com as coordenadas arredondadas a `fator` (1e6: seis casas, ~0,1 m; 1e4: quatro,
/// ~11 m, bastante para a malha de fundo, já simplificada a ~100 m).
fn feicao_com(mp: &geo::MultiPolygon<f64>, propriedades: Value, fator: f64) -> Value {
    let coords: Vec<Value> = mp
        .0
        .iter()
        .map(|p| {
            let anel = |l: &geo::LineString<f64>| -> Value {
                l.0.iter()
                    .map(|c| json!([(c.x * fator).round() / fator, (c.y * fator).round() / fator]))
                    .collect()
            };
            let mut aneis = vec![anel(p.exterior())];
            aneis.extend(p.interiors().iter().map(anel));
            Value::Array(aneis)
        })
        .collect();
    json!({
        "type": "Feature",
        "properties": propriedades,
        "geometry": {"type": "MultiPolygon", "coordinates": coords},
    })
}

async fn alertas(State(estado): State<Estado>, quem: Quem) -> Resposta {
    let u = quem.exigir_conta()?;
    if divisa_processo::papel::permissao(u.papel, Acao::VerAlertas)
        == divisa_processo::Permissao::Nao
    {
        return Err(Falha::proibido(format!(
            "o painel de alertas é da Comissão e da Casa; o papel {} acompanha os seus processos pela página de cada um",
            u.papel.nome()
        ))
        .into());
    }
    let lista = estado.registro().alertas(estado.hoje()).await?;
    Ok(Json(
        lista
            .iter()
            .map(|a| {
                json!({
                    "protocolo": a.protocolo, "nome": a.nome, "artigo": a.alerta.artigo,
                    "vencimento": a.alerta.vencimento.map(|d| d.to_string()),
                    "mensagem": a.alerta.mensagem(),
                })
            })
            .collect::<Vec<_>>(),
    )
    .into_response())
}

/// `POST /api/avaliar`: o corpo é a proposta em TOML (ou o formulário multipart da página).
/// `?formato=json` (padrão, CONTRACT §3), `texto` ou `fragmento` (HTML da página); `?em=`.
async fn avaliar(
    State(estado): State<Estado>,
    Query(q): Query<HashMap<String, String>>,
    req: Request,
) -> Resposta {
    let cliente = req
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let formato = q.get("formato").map_or("json", String::as_str).to_string();
    let resultado = if multipart {
        let mp = Multipart::from_request(req, &()).await.map_err(|e| {
            let m = crate::traduzir_rejeicao(StatusCode::BAD_REQUEST, &e.to_string());
            Falha::nova(StatusCode::BAD_REQUEST, m)
        })?;
        let (campos, arquivos) = crate::formularios::ler_multipart(mp).await?;
        if formato == "proposta" {
            // a proposta montada dos campos do formulário, para a página mostrar
            let valor = |n: &str| crate::avaliar::campo_ou_arquivo(&campos, &arquivos, n);
            return match crate::formulario::proposta(&valor) {
                Ok(t) => Ok((
                    [(header::CONTENT_TYPE, "application/toml; charset=utf-8")],
                    t,
                )
                    .into_response()),
                Err(e) => Err(Falha::no_campo(
                    e.campo.unwrap_or("formulario"),
                    crate::formulario::texto_do_erro(&e),
                )
                .into()),
            };
        }
        let hoje = estado.hoje();
        estado
            .oficina()
            .executar(cliente, move || {
                crate::avaliar::avaliar_envio(&campos, &arquivos, hoje)
            })
            .await?
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), crate::LIMITE_DE_ENVIO)
            .await
            .map_err(|e| {
                let m = crate::traduzir_rejeicao(StatusCode::BAD_REQUEST, &e.to_string());
                Falha::nova(StatusCode::BAD_REQUEST, m)
            })?;
        let texto = String::from_utf8(bytes.to_vec())
            .map_err(|_| Falha::no_campo("proposta", "a proposta não é texto UTF-8"))?;
        let em = match q.get("em").filter(|e| !e.is_empty()) {
            None => None,
            Some(e) => Some(e.parse().map_err(|_| {
                Falha::no_campo("em", format!("«{e}» não é uma data (AAAA-MM-DD)"))
            })?),
        };
        let hoje = estado.hoje();
        estado
            .oficina()
            .executar(cliente, move || {
                crate::avaliar::avaliar_texto(&texto, em, None, hoje)
                    .map_err(|m| crate::html::ErroDoForm::no("proposta", m))
            })
            .await?
    };
    match (resultado, formato.as_str()) {
        (Ok((a, lida)), "fragmento") => Ok(axum::response::Html(
            crate::avaliar::fragmento(&a, &lida).into_string(),
        )
        .into_response()),
        (Err(e), "fragmento") => Ok((
            StatusCode::UNPROCESSABLE_ENTITY,
            axum::response::Html(
                crate::html::aviso("erro", &crate::formulario::texto_do_erro(&e)).into_string(),
            ),
        )
            .into_response()),
        (Ok((a, lida)), "texto") => Ok((
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            divisa_avaliacao::relatorio::texto(&a, &lida.fatos),
        )
            .into_response()),
        (Ok((a, _)), _) => Ok(json_texto(divisa_avaliacao::relatorio::json(&a))),
        (Err(e), _) => Err(Falha::no_campo(
            e.campo.unwrap_or("proposta"),
            crate::formulario::texto_do_erro(&e),
        )
        .into()),
    }
}

async fn lei(State(estado): State<Estado>, Query(q): Query<HashMap<String, String>>) -> Resposta {
    let lei = divisa_lei::texto::lei()
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let data: jiff::civil::Date = match q.get("em").filter(|e| !e.is_empty()) {
        None => estado.hoje(),
        Some(e) => e
            .parse()
            .map_err(|_| Falha::no_campo("em", format!("«{e}» não é uma data (AAAA-MM-DD)")))?,
    };
    let filtro = q.get("dispositivo");
    let mut lista = Vec::new();
    for d in lei.dispositivos() {
        if filtro.is_some_and(|f| *f != d.id) {
            continue;
        }
        let (texto, norma) = match d.em(data) {
            Some(divisa_lei::texto::EmVigor::Texto(r)) => {
                (r.texto.clone(), Some(lei.norma(r).nome.clone()))
            }
            Some(divisa_lei::texto::EmVigor::NaoDisponivel(r)) => {
                (None, Some(lei.norma(r).nome.clone()))
            }
            _ => continue,
        };
        lista.push(json!({"id": d.id, "rotulo": d.rotulo, "texto": texto, "redacao_de": norma}));
    }
    if filtro.is_some() && lista.is_empty() {
        return Err(Falha::no_campo("dispositivo", "dispositivo inexistente nessa data").into());
    }
    Ok(Json(json!({"urn": lei.urn, "epigrafe": lei.epigrafe, "em": data.to_string(), "dispositivos": lista})).into_response())
}

fn municipio_de(codigo: &str) -> Result<&'static divisa_referencia::mt::Municipio, Falha> {
    let mt = divisa_referencia::mt()
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    match mt.buscar(codigo) {
        divisa_referencia::mt::Busca::Encontrado(m) => Ok(m),
        divisa_referencia::mt::Busca::NaoEncontrado { .. } => Err(Falha::nova(
            StatusCode::NOT_FOUND,
            format!("«{codigo}» não é código IBGE nem nome de município de Mato Grosso"),
        )),
    }
}

async fn municipio(Path(codigo): Path<String>) -> Resposta {
    let m = municipio_de(&codigo)?;
    let dado = |d: Option<divisa_referencia::fonte::Dado<u32>>| {
        d.map(|d| json!({"valor": d.valor, "fonte": d.fonte.to_string()}))
    };
    Ok(Json(json!({
        "codigo_ibge": m.codigo_ibge,
        "codigo_tse": m.codigo_tse,
        "nome": m.nome,
        "populacao_2022": dado(m.populacao_2022),
        "eleitores_2024": dado(m.eleitores_2024),
        "domicilios_2022": dado(m.domicilios_2022),
        "area_oficial_km2": m.area_oficial_km2.map(|d| json!({"valor": d.valor, "fonte": d.fonte.to_string()})),
        "pib_2021": m.pib_2021.map(|d| json!({"valor": d.valor, "fonte": d.fonte.to_string()})),
        "ficha": divisa_referencia::ficha::ficha_do_municipio(m),
    }))
    .into_response())
}

async fn limite(Path(codigo): Path<String>) -> Resposta {
    let m = municipio_de(&codigo)?;
    let mp = divisa_referencia::malha::poligono(m.codigo_ibge)
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .ok_or_else(|| {
            Falha::nova(
                StatusCode::NOT_FOUND,
                format!(
                    "{} não tem limite na Malha Municipal 2022 do IBGE (instalado depois dela)",
                    m.nome
                ),
            )
        })?;
    let mut feicoes = vec![feicao(
        &simplificar(&mp),
        json!({"nome": m.nome, "papel": "municipio"}),
    )];
    if let Some(s) = &m.sede {
        feicoes.push(
            json!({"type": "Feature", "properties": {"nome": format!("sede de {}", m.nome), "papel": "sede"},
            "geometry": {"type": "Point", "coordinates": [s.lon, s.lat]}}),
        );
    }
    Ok(geojson_texto(
        json!({"type": "FeatureCollection", "features": feicoes}).to_string(),
    ))
}

/// A malha de Mato Grosso simplificada para a tela, feita uma vez por processo do servidor: a
/// coleção inteira (e em gzip: ~2 MB de GeoJSON viram uns 0,4 MB na rede) e cada feição com a
/// sua caixa, para o entorno de um mapa (issue 17).
pub(crate) struct MalhaDaTela {
    texto: String,
    gzip: Vec<u8>,
    feicoes: Vec<([f64; 4], String)>,
}

impl MalhaDaTela {
    fn montar() -> Result<MalhaDaTela, String> {
        use geo::BoundingRect;
        let lista = divisa_referencia::malha::carregar().map_err(|e| e.to_string())?;
        let feicoes: Vec<([f64; 4], String)> = lista
            .iter()
            .map(|(e, mp)| {
                let caixa = mp
                    .bounding_rect()
                    .map_or([0.0; 4], |r| [r.min().x, r.min().y, r.max().x, r.max().y]);
                let f = feicao_com(
                    &simplificar(mp),
                    json!({"codigo": e.codigo, "nome": e.nome_malha_2022}),
                    1e4,
                );
                (caixa, f.to_string())
            })
            .collect();
        let texto = colecao(feicoes.iter().map(|(_, f)| f.as_str()));
        let gzip = crate::ativos::gzip(texto.as_bytes());
        Ok(MalhaDaTela {
            texto,
            gzip,
            feicoes,
        })
    }

    /// Se todas as feições cabem em `caixa` (oeste, sul, leste, norte).
    fn cabe_em(&self, caixa: [f64; 4]) -> bool {
        let [o, s, l, n] = caixa;
        self.feicoes
            .iter()
            .all(|(c, _)| c[0] >= o && c[2] <= l && c[1] >= s && c[3] <= n)
    }

    /// As feições cuja caixa toca `caixa` (oeste, sul, leste, norte).
    fn no_entorno(&self, caixa: [f64; 4]) -> String {
        let [o, s, l, n] = caixa;
        colecao(
            self.feicoes
                .iter()
                .filter(|(c, _)| c[0] <= l && c[2] >= o && c[1] <= n && c[3] >= s)
                .map(|(_, f)| f.as_str()),
        )
    }
}

/// Uma FeatureCollection com feições já em texto.
fn colecao<'a>(feicoes: impl Iterator<Item = &'a str>) -> String {
    let mut s = String::from("{\"type\":\"FeatureCollection\",\"features\":[");
    for (i, f) in feicoes.enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(f);
    }
    s.push_str("]}");
    s
}

/// `?caixa=oeste,sul,leste,norte` em graus decimais (SIRGAS 2000), dentro dos limites do globo.
fn ler_caixa(texto: &str) -> Result<[f64; 4], String> {
    let numeros: Vec<f64> = texto
        .split(',')
        .map(|v| v.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            format!("caixa «{texto}» inválida: use oeste,sul,leste,norte em graus decimais")
        })?;
    match numeros[..] {
        [o, s, l, n]
            if o.is_finite() && s.is_finite() && l.is_finite() && n.is_finite()
                && (-180.0..=180.0).contains(&o) && (-180.0..=180.0).contains(&l)
                && (-90.0..=90.0).contains(&s) && (-90.0..=90.0).contains(&n)
                && o <= l && s <= n =>
        {
            Ok([o, s, l, n])
        }
        _ => Err(format!(
            "caixa «{texto}» inválida: são quatro números, oeste ≤ leste e sul ≤ norte, em graus decimais"
        )),
    }
}

/// `GET /api/malha.geojson[?caixa=o,s,l,n]`: a malha de fundo dos mapas; com a caixa, só os
/// municípios que a tocam.
async fn malha(
    State(estado): State<Estado>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Resposta {
    let malha = match estado.0.malha.get_or_init(MalhaDaTela::montar) {
        Ok(m) => m,
        Err(e) => return Err(Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.clone()).into()),
    };
    let gzip = crate::ativos::aceita_gzip(&headers);
    let cabecalhos = |comprimido: bool| {
        let mut h = HeaderMap::new();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/geo+json; charset=utf-8"),
        );
        h.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=3600"),
        );
        h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        if comprimido {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        h
    };
    let caixa = match q.get("caixa") {
        Some(c) => Some(ler_caixa(c).map_err(|m| Falha::no_campo("caixa", m))?),
        None => None,
    };
    // a caixa que cobre o estado inteiro é a malha inteira, já comprimida: recortar e comprimir
    // de novo a cada pedido seria trabalho à toa (e um jeito barato de ocupar o servidor)
    let caixa = caixa.filter(|c| !malha.cabe_em(*c));
    match caixa {
        Some(caixa) => {
            // recortar e comprimir fora dos trabalhadores assíncronos
            let estado = estado.clone();
            let (corpo, comprimido) = tokio::task::spawn_blocking(move || {
                let texto = match estado.0.malha.get() {
                    Some(Ok(m)) => m.no_entorno(caixa),
                    _ => String::new(),
                };
                let gz = if gzip {
                    crate::ativos::gzip(texto.as_bytes())
                } else {
                    Vec::new()
                };
                if gz.is_empty() {
                    (texto.into_bytes(), false)
                } else {
                    (gz, true)
                }
            })
            .await
            .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
            Ok((cabecalhos(comprimido), corpo).into_response())
        }
        None if gzip && !malha.gzip.is_empty() => {
            Ok((cabecalhos(true), malha.gzip.clone()).into_response())
        }
        None => Ok((cabecalhos(false), malha.texto.clone()).into_response()),
    }
}

async fn titulos(body: String) -> Response {
    let t = crate::representacao::conferir_titulos(&body);
    Json(json!({
        "validos": t.validos,
        "invalidos": t.invalidos.iter().map(|(l, m)| json!({"linha": l, "mensagem": m})).collect::<Vec<_>>(),
        "repetidos": t.repetidos.iter().map(|(l, p)| json!({"linha": l, "mensagem": format!("repetido (igual ao da linha {p}): conta uma vez")})).collect::<Vec<_>>(),
        "outra_uf": t.outra_uf.iter().map(|(l, uf)| json!({"linha": l, "uf": uf, "mensagem": format!("inscrito fora de Mato Grosso ({uf}): não conta para o mínimo do Art. 13 sem a prova da residência na área")})).collect::<Vec<_>>(),
    }))
    .into_response()
}

async fn toponimo(
    State(estado): State<Estado>,
    Query(q): Query<HashMap<String, String>>,
) -> Resposta {
    let nome = q.get("nome").map(|n| n.trim()).unwrap_or("");
    if nome.is_empty() {
        return Err(Falha::no_campo("nome", "informe o nome proposto").into());
    }
    let achados = divisa_lei::toponimo(nome, None, estado.hoje())
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(Json(json!({
        "nome": nome,
        "achados": achados.iter().map(|a| json!({
            "dispositivo": a.dispositivo, "citacao": a.citacao, "situacao": a.situacao.codigo(),
            "rotulo": a.situacao.rotulo(), "mensagem": a.mensagem,
            "exigido": a.exigido, "apurado": a.apurado,
        })).collect::<Vec<_>>(),
    }))
    .into_response())
}

#[cfg(test)]
mod testes_da_malha {
    use super::*;

    #[test]
    fn caixa_do_entorno_le_quatro_numeros_em_ordem() {
        assert_eq!(
            ler_caixa("-56.5,-16,-55.1,-15.2"),
            Ok([-56.5, -16.0, -55.1, -15.2])
        );
        for ruim in [
            "",
            "1,2,3",
            "a,b,c,d",
            "-50,-10,-60,-5",
            "-50,-5,-40,-10",
            "NaN,0,1,1",
            "0,0,1,91",
        ] {
            assert!(ler_caixa(ruim).is_err(), "{ruim} devia ser recusada");
        }
    }

    #[test]
    fn o_entorno_traz_os_municipios_que_tocam_a_caixa() {
        let m = MalhaDaTela::montar().expect("a malha embutida");
        let todos: serde_json::Value = serde_json::from_str(&m.texto).unwrap();
        assert_eq!(todos["features"].as_array().unwrap().len(), 141);
        // em volta de Cuiabá: Cuiabá e Várzea Grande, não Colniza (no extremo noroeste)
        let perto: serde_json::Value =
            serde_json::from_str(&m.no_entorno([-56.3, -15.7, -55.9, -15.4])).unwrap();
        let nomes: Vec<&str> = perto["features"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|f| f["properties"]["nome"].as_str())
            .collect();
        assert!(
            nomes.contains(&"Cuiabá") && nomes.contains(&"Várzea Grande"),
            "{nomes:?}"
        );
        assert!(!nomes.contains(&"Colniza"), "{nomes:?}");
        assert!(nomes.len() < 20, "{nomes:?}");
        // a caixa do estado inteiro é a malha inteira (servida da cópia já comprimida)
        assert!(m.cabe_em([-62.0, -18.5, -50.0, -7.0]));
        assert!(!m.cabe_em([-56.3, -15.7, -55.9, -15.4]));
    }
}
