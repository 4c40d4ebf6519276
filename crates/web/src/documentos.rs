//! Os arquivos e os documentos oficiais de um processo: baixar um arquivo enviado e escrever os
//! documentos da proposta anexada ou dos atos gravados, em PDF (emitido e registrado: o que
//! confere em `/verificar`), HTML ou ODT (rascunhos para editar, sem registro).

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use divisa_processo::Acao;

use crate::contas::Quem;
use crate::{Estado, Falha};

pub(crate) async fn arquivo(
    State(estado): State<Estado>,
    quem: Quem,
    Path((protocolo, id)): Path<(String, i64)>,
) -> Result<Response, Falha> {
    let ator = quem.ator();
    let autos = estado.registro().carregar(&protocolo).await?;
    let lista = estado.registro().arquivos(&protocolo).await?;
    let Some(a) = lista.iter().find(|a| a.id == id) else {
        return Err(Falha::nova(StatusCode::NOT_FOUND, "arquivo não encontrado"));
    };
    // mapa e memorial são públicos (Art. 16); as assinaturas, só para quem pode retirar cópia
    // (Art. 22: o deputado tem vista, não retira; Art. 23: servidor só autorizado).
    if a.finalidade.reservado() {
        autos
            .processo
            .pode(&ator, Acao::Exportar)
            .map_err(|r| Falha::proibido(format!("recusado ({}): {}", r.artigo, r.motivo)))?;
    }
    let Some((nome, bytes)) = estado
        .registro()
        .conteudo_do_arquivo(&protocolo, id)
        .await?
    else {
        return Err(Falha::nova(StatusCode::NOT_FOUND, "arquivo não encontrado"));
    };
    Ok(baixar(&nome, bytes))
}

/// Um arquivo de um ato (`n`, a partir de 1, na ordem em que vieram): quem vê o evento vê os
/// seus arquivos (Arts. 16, 22 e 23, como na linha do tempo).
pub(crate) async fn arquivo_do_ato(
    State(estado): State<Estado>,
    quem: Quem,
    Path((protocolo, seq, n)): Path<(String, u64, usize)>,
) -> Result<Response, Falha> {
    let ator = quem.ator();
    let autos = estado.registro().carregar(&protocolo).await?;
    autos
        .processo
        .pode(&ator, Acao::VerPublico)
        .map_err(|r| Falha::proibido(format!("recusado ({}): {}", r.artigo, r.motivo)))?;
    let visivel = autos
        .processo
        .visiveis(&ator, &autos.eventos)
        .into_iter()
        .find(|e| e.seq == seq);
    let nao_ha = || Falha::nova(StatusCode::NOT_FOUND, "arquivo não encontrado");
    let anexo = visivel
        .and_then(|e| e.anexos.get(n.wrapping_sub(1)).cloned())
        .ok_or_else(nao_ha)?;
    // a lista dos títulos de eleitor que veio com o protocolo tem dado pessoal: só para quem
    // pode retirar cópia integral (Arts. 16, 22 e 23), mesmo estando num ato público
    let finalidades = estado
        .registro()
        .finalidades_do_ato(&protocolo, seq)
        .await?;
    if finalidades.get(n - 1).is_some_and(|f| f.reservado()) {
        autos
            .processo
            .pode(&ator, Acao::Exportar)
            .map_err(|r| Falha::proibido(format!("recusado ({}): {}", r.artigo, r.motivo)))?;
    }
    let arquivos = estado.registro().arquivos_do_ato(&protocolo, seq).await?;
    let (_, bytes) = arquivos.into_iter().nth(n - 1).ok_or_else(nao_ha)?;
    Ok(baixar(&anexo.nome, bytes))
}

/// A resposta de download: `application/octet-stream` como anexo (nunca exibido como página),
/// com um nome de arquivo só de caracteres seguros.
fn baixar(nome: &str, bytes: Vec<u8>) -> Response {
    let seguro: String = nome
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        .collect();
    (
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"{}\"",
                    if seguro.is_empty() {
                        "arquivo"
                    } else {
                        &seguro
                    }
                ),
            ),
        ],
        bytes,
    )
        .into_response()
}

/// Os autos num .zip (`divisa processo exportar`): a versão integral para quem pode retirar
/// cópia (Art. 22), a pública (Art. 16) para os demais ou com `?versao=publica`.
pub(crate) async fn exportar(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let publico = q.get("versao").is_some_and(|v| v == "publica");
    // compactar os autos (PDFs e arquivos) é trabalho pesado: nos limites da oficina
    let bytes = {
        let (estado2, protocolo2, ator) = (estado.clone(), protocolo.clone(), quem.ator());
        estado
            .oficina()
            .na_vaga(quem.endereco.map(|e| e.ip()), async move {
                divisa_autos::exportar(
                    estado2.registro(),
                    &protocolo2,
                    &ator,
                    publico,
                    estado2.hoje(),
                    estado2.opcoes_dos_documentos(),
                )
                .await
            })
            .await?
    }
    .map_err(Falha::from)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"autos-{}.zip\"",
                    protocolo.replace(['/', '.'], "-")
                ),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// O documento pedido (tipo e, no ofício, o órgão) escrito dos autos agora, nos limites da
/// oficina: o mesmo texto para ler, para o rascunho e para emitir.
async fn escrever(
    estado: &Estado,
    quem: &Quem,
    protocolo: &str,
    tipo: &str,
    orgao: Option<&str>,
) -> Result<
    (
        divisa_documentos::TipoDeDocumento,
        divisa_documentos::Documento,
    ),
    Falha,
> {
    let Some(t) = divisa_documentos::TipoDeDocumento::de_codigo(tipo) else {
        return Err(Falha::nova(
            StatusCode::NOT_FOUND,
            format!("documento «{tipo}» desconhecido"),
        ));
    };
    // ?orgao=tre: o ofício a um órgão só (o órgão certificador vê o seu)
    let orgao = match orgao.filter(|c| !c.is_empty()) {
        None => None,
        Some(c) => Some(
            divisa_processo::Orgao::TODOS
                .into_iter()
                .find(|o| o.codigo() == c)
                .ok_or_else(|| Falha::no_campo("orgao", format!("órgão «{c}» desconhecido")))?,
        ),
    };
    let (estado2, protocolo2, ator) = (estado.clone(), protocolo.to_owned(), quem.ator());
    let doc = estado
        .oficina()
        .na_vaga(quem.endereco.map(|e| e.ip()), async move {
            divisa_autos::documento_ao_orgao(
                estado2.registro(),
                &protocolo2,
                t,
                &ator,
                estado2.hoje(),
                orgao,
            )
            .await
        })
        .await?
        .map_err(Falha::from)?;
    Ok((t, doc))
}

/// O PDF de um documento, para abrir no navegador, com o nome do arquivo.
fn entregar_pdf(nome: String, pdf: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{nome}\""),
            ),
        ],
        pdf,
    )
        .into_response()
}

/// O nome do arquivo de um documento: tipo, órgão (no ofício) e processo, só caracteres seguros.
fn nome_do_arquivo(
    t: divisa_documentos::TipoDeDocumento,
    orgao: Option<&str>,
    protocolo: &str,
    rascunho: bool,
) -> String {
    let orgao: String = orgao
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    format!(
        "{}{}{}-{}.pdf",
        if rascunho { "rascunho-" } else { "" },
        t.codigo(),
        if orgao.is_empty() {
            String::new()
        } else {
            format!("-{orgao}")
        },
        protocolo.replace(['/', '.'], "-")
    )
}

/// A emissão já registrada de um documento: a última do processo com o mesmo tipo e título (o
/// título distingue o ofício de cada órgão).
async fn emissao_de(
    estado: &Estado,
    protocolo: &str,
    doc: &divisa_documentos::Documento,
) -> Result<Option<divisa_registro::DocumentoEmitido>, Falha> {
    Ok(estado
        .registro()
        .emitidos_do_processo(protocolo)
        .await?
        .into_iter()
        .rev()
        .find(|e| e.tipo == doc.tipo.codigo() && e.titulo == doc.titulo))
}

/// `GET /processos/{protocolo}/documentos/{tipo}`: um documento oficial do processo (Comissão e
/// Casa: Arts. 22 e 23), para ler. **Ver nunca emite** (issue 32): se a Comissão já emitiu o
/// documento, todos que têm acesso recebem aquele mesmo PDF emitido (com as assinaturas que
/// recebeu); se não, um rascunho com marca-d'água, sem código, que não vai ao registro.
/// `?rascunho=1` pede o rascunho do que os autos dizem hoje, mesmo havendo um emitido;
/// `?formato=html|odt`, o texto para ler ou editar (também sem registro).
pub(crate) async fn documento(
    State(estado): State<Estado>,
    quem: Quem,
    Path((protocolo, tipo)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let orgao = q.get("orgao").map(String::as_str);
    let (t, doc) = escrever(&estado, &quem, &protocolo, &tipo, orgao).await?;
    if q.get("formato").is_some_and(|f| f == "html") {
        return Ok(axum::response::Html(divisa_documentos::html(&doc)).into_response());
    }
    if q.get("formato").is_some_and(|f| f == "odt") {
        // A versão editável, para baixar e abrir no LibreOffice ou no Word.
        return Ok((
            [
                (
                    header::CONTENT_TYPE,
                    "application/vnd.oasis.opendocument.text".to_string(),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    format!(
                        "attachment; filename=\"{}-{}.odt\"",
                        t.codigo(),
                        protocolo.replace(['/', '.'], "-")
                    ),
                ),
            ],
            divisa_documentos::odt(&doc),
        )
            .into_response());
    }
    let rascunho_pedido = q.get("rascunho").is_some_and(|v| v == "1");
    if !rascunho_pedido {
        if let Some(e) = emissao_de(&estado, &protocolo, &doc).await? {
            // o emitido, na última versão (a assinada pelo relator e pela Presidência, se houver)
            let bytes = estado
                .registro()
                .ultima_versao(e.id)
                .await?
                .ok_or_else(|| Falha::nova(StatusCode::NOT_FOUND, "documento não encontrado"))?;
            return Ok(entregar_pdf(
                nome_do_arquivo(t, orgao, &protocolo, false),
                bytes,
            ));
        }
    }
    // a diagramação do PDF (o projeto de lei com mapa e memorial tem dezenas de páginas) fora
    // dos trabalhadores assíncronos, com a sua própria vaga (depois de devolvida a da escrita)
    let pdf = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            divisa_documentos::pdf_rascunho(&doc)
        })
        .await?
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(entregar_pdf(
        nome_do_arquivo(t, orgao, &protocolo, true),
        pdf,
    ))
}

/// Quem emite os documentos da Comissão (`divisa_autos::pode_emitir`, a mesma regra da linha de
/// comando).
pub(crate) fn emite(papel: divisa_processo::Papel) -> bool {
    divisa_autos::pode_emitir(papel)
}

/// `POST /processos/{protocolo}/documentos/{tipo}/emitir`: emite o documento — um ato próprio,
/// confirmado, de quem pode emitir —, registrado uma vez com o código, o SHA-256 e quem emitiu
/// por nome e cargo; depois, todos que têm acesso baixam esse mesmo PDF. Emitir de novo o que já
/// está emitido, com o mesmo texto, não faz outra emissão.
pub(crate) async fn emitir(
    State(estado): State<Estado>,
    quem: Quem,
    Path((protocolo, tipo)): Path<(String, String)>,
    axum::Form(campos): axum::Form<crate::formularios::Campos>,
) -> Result<Response, Falha> {
    let valor = |nome: &str| {
        campos
            .iter()
            .find(|(k, _)| k == nome)
            .map(|(_, v)| v.trim().to_owned())
    };
    quem.conferir_csrf(valor("csrf").as_deref())?;
    let ator = quem.ator();
    if !emite(ator.papel) {
        return Err(Falha::proibido(
            "emitem os documentos da Comissão a Presidência, os membros e os servidores da Comissão de Revisão Territorial",
        ));
    }
    if valor("confirmo").as_deref() != Some("sim") {
        return Err(Falha::no_campo(
            "confirmo",
            "marque a confirmação: o documento emitido sai em nome da Comissão, com código de verificação, e fica registrado nos autos",
        ));
    }
    let orgao = valor("orgao").filter(|o| !o.is_empty());
    let (t, doc) = escrever(&estado, &quem, &protocolo, &tipo, orgao.as_deref()).await?;
    let ja = emissao_de(&estado, &protocolo, &doc).await?;
    let codigo_atual = doc.codigo();
    let emitido = match ja.filter(|e| e.codigo == codigo_atual) {
        Some(e) => e,
        None => {
            let opcoes = estado.opcoes_dos_documentos().clone();
            let (doc, pdf) = estado
                .oficina()
                .executar(quem.endereco.map(|e| e.ip()), move || {
                    divisa_documentos::pdf(&doc, &opcoes).map(|pdf| (doc, pdf))
                })
                .await?
                .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
            let e = divisa_autos::registrar_emissao(
                estado.registro(),
                &protocolo,
                &doc,
                &pdf,
                &ator,
                estado.agora(),
            )
            .await
            .map_err(Falha::from)?;
            tracing::info!(target: "divisa::documento", protocolo = %protocolo, tipo = t.codigo(), codigo = %e.codigo, "documento emitido");
            e
        }
    };
    Ok(axum::response::Redirect::to(&format!(
        "{}?emitido={}#emitidos",
        crate::caminho_do_processo(&protocolo),
        emitido.id
    ))
    .into_response())
}
