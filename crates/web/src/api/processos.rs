//! Os processos pela API: a lista, o protocolo, a ficha, os atos, o relatório e os alertas.

use super::*;

pub(super) async fn listar(State(estado): State<Estado>) -> Resposta {
    let lista = estado.registro().listar().await?;
    Ok(Json(
        lista
            .iter()
            .map(divisa_autos::listagem::processo_json)
            .collect::<Vec<_>>(),
    )
    .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NovaJson {
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
    /// Os arquivos do território que a proposta cita (nome e conteúdo em base64): vão aos
    /// autos com o protocolo, como o mapa e o memorial do Art. 15, II.
    #[serde(default)]
    territorio: Vec<AnexoJson>,
}

pub(super) async fn protocolar(
    State(estado): State<Estado>,
    quem: Quem,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Resposta {
    conferir_csrf(&quem, &headers)?;
    Falha::protocolo(quem.papel())?;
    let mut n: NovaJson = corpo(&body)?;
    let tipo =
        TipoProcesso::de_codigo(&n.tipo).map_err(|m| Falha::no_campo("tipo", m.to_string()))?;
    let via = divisa_autos::protocolo::via_do_pedido(&quem.ator(), n.deputado.clone());
    let territorio = decodificar("territorio", std::mem::take(&mut n.territorio))?;
    // Com a proposta, ela é o registro: o que se digitou ao lado tem de dizer o mesmo (tipo,
    // nome, origens, assinaturas), ou os autos nasceriam contraditórios; o território que ela
    // cita vai aos autos com o protocolo (o caso de uso da página e da linha de comando).
    // Com a proposta, ela é o registro (como na página e em `processo criar`): o tipo, o nome,
    // as origens e as assinaturas vêm dela, conferidos contra o que se digitou ao lado; os
    // documentos declarados são os dela e os digitados.
    let (nova, arquivos) = match n.proposta.clone() {
        Some(texto) => {
            let (via, representante) = (via.clone(), n.representante.clone());
            let (da, do_territorio) = estado
                .oficina()
                .executar(quem.endereco.map(|e| e.ip()), move || {
                    divisa_autos::protocolo::da_proposta(
                        "proposta",
                        &texto,
                        territorio,
                        via,
                        &representante,
                    )
                })
                .await?
                .map_err(|e| Falha::no_campo(e.campo, e.mensagem))?;
            conferir_com_a_proposta(tipo, &n, &da)?;
            let mut documentos = da.documentos.clone();
            for d in &n.documentos {
                if !documentos.contains(d) {
                    documentos.push(*d);
                }
            }
            let nova = NovaRepresentacao {
                documentos,
                nome_homenageia_pessoa_viva: n
                    .nome_homenageia_pessoa_viva
                    .or(da.nome_homenageia_pessoa_viva),
                ..da
            };
            (nova, do_territorio)
        }
        None if !territorio.is_empty() => {
            return Err(Falha::no_campo(
                "territorio",
                "o território vai com a proposta que o cita (campo proposta)",
            )
            .into());
        }
        None => (
            NovaRepresentacao {
                municipios_origem: origens_do_pedido(&n)?,
                tipo,
                nome: n.nome,
                via,
                representante: n.representante,
                assinaturas: n.assinaturas,
                documentos: n.documentos,
                proposta: None,
                nome_homenageia_pessoa_viva: n.nome_homenageia_pessoa_viva,
            },
            Vec::new(),
        ),
    };
    let recibo = divisa_autos::protocolo::protocolar(
        estado.registro(),
        &quem.ator(),
        nova,
        &arquivos,
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

/// As origens escritas no pedido, conferidas uma vez (Art. 15, III); a recusa vai no campo do
/// corpo JSON.
fn origens_do_pedido(n: &NovaJson) -> Result<Vec<divisa_referencia::CodigoIbge>, Falha> {
    divisa_processo::origens(&n.municipios_origem).map_err(|r| {
        Falha::from(divisa_registro::ErroRegistro::Recusado(
            r.no_campo("municipios_origem"),
        ))
    })
}

/// Os campos digitados contra a proposta enviada junto: cada diferença é recusada no campo.
pub(super) fn conferir_com_a_proposta(
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
    let informadas: std::collections::BTreeSet<_> = origens_do_pedido(n)?.into_iter().collect();
    let da_proposta: std::collections::BTreeSet<_> = da.municipios_origem.iter().copied().collect();
    if informadas != da_proposta {
        return Err(Falha::no_campo(
            "municipios_origem",
            format!(
                "os municípios informados ({}) não são os da proposta enviada ({})",
                n.municipios_origem.join(", "),
                divisa_processo::nomes_das_origens(&da.municipios_origem).join(", ")
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

pub(super) async fn processo(
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
    let pessoas = estado.pessoas().await;
    let atos: Vec<&str> = if quem.usuario.is_some() {
        divisa_processo::oferta::oferecidos(&p, &ator, hoje)
            .iter()
            .map(|o| o.definicao.codigo)
            .collect()
    } else {
        Vec::new()
    };
    // a ficha da linha de comando, com quem vê o quê decidido no caso de uso (Arts. 16, 22, 23)
    let mut ficha = divisa_autos::FichaDoProcesso::nova(&p, &eventos, &ator, hoje, &pessoas).json();
    if let Value::Object(m) = &mut ficha {
        m.insert("atos_possiveis".into(), json!(atos));
    }
    Ok(Json(ficha).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NovoAto {
    versao: u64,
    #[serde(default)]
    data: Option<jiff::civil::Date>,
    ato: Value,
    /// Os arquivos do ato: nome e conteúdo em base64.
    #[serde(default)]
    anexos: Vec<AnexoJson>,
}

pub(super) async fn ato(
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
    let arquivos: Vec<divisa_registro::ArquivoNovo> = decodificar("anexos", n.anexos)?
        .into_iter()
        .map(|(nome, conteudo)| divisa_registro::ArquivoNovo::novo(nome, conteudo))
        .collect();
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

pub(super) async fn relatorio(
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

pub(super) async fn alertas(State(estado): State<Estado>, quem: Quem) -> Resposta {
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
            .map(divisa_autos::listagem::alerta_json)
            .collect::<Vec<_>>(),
    )
    .into_response())
}
