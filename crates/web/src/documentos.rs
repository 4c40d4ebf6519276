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
    if a.finalidade == "assinaturas" {
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
                )
                .await
            })
            .await?
    }
    .map_err(|e| match e {
        divisa_autos::ErroAutos::Registro(e) => Falha::from(e),
        divisa_autos::ErroAutos::Recusado(_) => Falha::proibido(e.to_string()),
        e => Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()),
    })?;
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

/// Um documento oficial do processo, escrito da proposta anexada (Comissão e Casa: Arts. 22 e
/// 23).
pub(crate) async fn documento(
    State(estado): State<Estado>,
    quem: Quem,
    Path((protocolo, tipo)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let Some(t) = divisa_documentos::Tipo::de_codigo(&tipo) else {
        return Err(Falha::nova(
            StatusCode::NOT_FOUND,
            format!("documento «{tipo}» desconhecido"),
        ));
    };
    // avaliar os autos e escrever o documento: nos limites da oficina, como a diagramação
    // ?orgao=tre: o ofício a um órgão só (o órgão certificador vê o seu)
    let orgao = match q.get("orgao") {
        None => None,
        Some(c) => Some(
            divisa_processo::Orgao::TODOS
                .into_iter()
                .find(|o| o.codigo() == c)
                .ok_or_else(|| Falha::no_campo("orgao", format!("órgão «{c}» desconhecido")))?,
        ),
    };
    let doc = {
        let (estado2, protocolo2, ator) = (estado.clone(), protocolo.clone(), quem.ator());
        estado
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
    }
    .map_err(|e| match e {
        divisa_autos::ErroAutos::Registro(e) => Falha::from(e),
        divisa_autos::ErroAutos::Recusado(_) => Falha::proibido(e.to_string()),
        divisa_autos::ErroAutos::Avaliacao(divisa_avaliacao::autos::ErroAutos::SemProposta {
            ..
        }) => Falha::nova(StatusCode::NOT_FOUND, e.to_string()),
        e => Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()),
    })?;
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
    // a diagramação do PDF (o projeto de lei com mapa e memorial tem dezenas de páginas) fora
    // dos trabalhadores assíncronos, com a sua própria vaga (depois de devolvida a da escrita)
    let (doc, pdf) = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            let pdf = divisa_documentos::pdf(&doc);
            pdf.map(|pdf| (doc, pdf))
        })
        .await?
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    // O PDF é o documento emitido (issue 16): registrado antes de entregue, com quem o emitiu
    // — é o que /verificar e `divisa documento verificar` conferem. O HTML e o ODT acima são
    // rascunhos para editar: não vão ao registro.
    let emitido = divisa_autos::registrar_emissao(
        estado.registro(),
        &protocolo,
        &doc,
        &pdf,
        &quem.ator(),
        estado.agora(),
    )
    .await
    .map_err(|e| match e {
        divisa_autos::ErroAutos::Registro(e) => Falha::from(e),
        e => Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    })?;
    tracing::info!(target: "divisa::documento", protocolo = %protocolo, tipo = t.codigo(), codigo = %emitido.codigo, "documento emitido");
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "inline; filename=\"{}-{}.pdf\"",
                    t.codigo(),
                    protocolo.replace(['/', '.'], "-")
                ),
            ),
        ],
        pdf,
    )
        .into_response())
}
