//! As consultas da API que não mudam nada: avaliar uma proposta, a lei, os municípios, os títulos e o topônimo.

use super::*;

/// `POST /api/avaliar`: o corpo é a proposta em TOML (ou o formulário multipart da página).
/// `?formato=json` (padrão, CONTRACT §3), `texto` ou `fragmento` (HTML da página); `?em=`.
pub(super) async fn avaliar(
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

pub(super) async fn lei(
    State(estado): State<Estado>,
    Query(q): Query<HashMap<String, String>>,
) -> Resposta {
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

pub(super) fn municipio_de(
    codigo: &str,
) -> Result<&'static divisa_referencia::mt::Municipio, Falha> {
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

pub(super) async fn municipio(Path(codigo): Path<String>) -> Resposta {
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

pub(super) async fn titulos(body: String) -> Response {
    let t = divisa_lei::art13_representacao::conferir_titulos(&body);
    Json(json!({
        "validos": t.validos,
        "invalidos": t.invalidos.iter().map(|(l, m)| json!({"linha": l, "mensagem": m})).collect::<Vec<_>>(),
        "repetidos": t.repetidos.iter().map(|(l, p)| json!({"linha": l, "mensagem": format!("repetido (igual ao da linha {p}): conta uma vez")})).collect::<Vec<_>>(),
        "outra_uf": t.outra_uf.iter().map(|(l, uf)| json!({"linha": l, "uf": uf, "mensagem": format!("inscrito fora de Mato Grosso ({uf}): não conta para o mínimo do Art. 13 sem a prova da residência na área")})).collect::<Vec<_>>(),
    }))
    .into_response()
}

pub(super) async fn toponimo(
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
