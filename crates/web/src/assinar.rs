//! Assinar na página do processo (issue 16): o relator e o Presidente assinam o documento
//! emitido com o seu certificado A1 do ICP-Brasil (PKCS#12), e a versão assinada fica no
//! registro, ligada à emissão.
//!
//! A assinatura é PAdES (a de `divisa documento assinar`): uma revisão acrescentada ao PDF, que
//! deixa o documento emitido intacto no começo — ele continua conferindo em /verificar, e cada
//! nova assinatura parte da última versão, de modo que o Presidente assina o que o relator já
//! assinou. O certificado e a senha vêm no formulário, são usados na memória para esta
//! assinatura e descartados: nada deles é gravado nem escrito no log.

use axum::extract::{Multipart, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use divisa_processo::{Acao, Papel};
use divisa_referencia::formato::data as fmt_data;
use divisa_registro::codigo_com_tracos;

use crate::contas::Quem;
use crate::formularios::campo;
use crate::html::{campo_csrf, html, Markup};
use crate::{caminho_do_processo, Estado, Falha};

/// O maior certificado A1 aceito: um PKCS#12 com a cadeia tem poucos kB.
const MAIOR_CERTIFICADO: usize = 64 * 1024;

/// Os papéis que assinam documentos da Comissão: o relator (um membro) e o Presidente (Art. 21:
/// a Comissão fala pelo seu Presidente e, na ausência dele, por qualquer dos membros).
fn assina(papel: Papel) -> bool {
    divisa_processo::papel::permissao(papel, divisa_processo::Acao::AssinarDocumento)
        == divisa_processo::Permissao::Sim
}

/// O dia de um instante, em Cuiabá.
fn dia(t: jiff::Timestamp) -> String {
    fmt_data(divisa_registro::hoje_em_cuiaba(t))
}

/// A seção «Documentos emitidos» da página do processo, para quem vê os autos inteiros: cada
/// emissão, as suas versões assinadas e, a quem assina, o formulário de assinatura.
pub(crate) async fn secao(estado: &Estado, quem: &Quem, protocolo: &str) -> Result<Markup, Falha> {
    let emitidos = estado.registro().emitidos_do_processo(protocolo).await?;
    let endereco = caminho_do_processo(protocolo);
    if emitidos.is_empty() {
        return Ok(html! {
            h2 id="emitidos" { "Documentos emitidos" }
            p {
                "Nenhum documento foi emitido neste processo. Um documento é emitido quando alguém da Comissão o emite na lista acima (o botão «Emitir», com a confirmação); baixar ou ler o PDF não o emite. Depois de emitido, pode ser assinado aqui."
            }
        });
    }
    let mut lista = Vec::with_capacity(emitidos.len());
    for e in &emitidos {
        lista.push((e, estado.registro().assinaturas_da_emissao(e.id).await?));
    }
    Ok(html! {
        h2 id="emitidos" { "Documentos emitidos" }
        ul class="emitidos" {
            @for (e, versoes) in &lista {
                li {
                    strong { (e.titulo) }
                    " — emitido por " (e.emitente()) " em " (dia(e.emitido_em))
                    " · código " (codigo_com_tracos(&e.codigo)) " · "
                    a href={ "/verificar?codigo=" (e.codigo) } { "conferir" }
                    @if versoes.is_empty() {
                        br;
                        "Sem assinatura."
                    } @else {
                        ul {
                            @for v in versoes {
                                li {
                                    "Assinado por " (v.assinante()) " em " (dia(v.assinado_em))
                                    " (certificado de " (v.titular) ") — "
                                    a href={ (endereco) "/assinados/" (v.id) } { "PDF assinado" }
                                }
                            }
                        }
                    }
                }
            }
        }
        @if assina(quem.ator().papel) {
            form method="post" action={ (endereco) "/assinaturas" } enctype="multipart/form-data" class="assinar" {
                h3 { "Assinar um documento emitido" }
                p {
                    "A assinatura digital segue o padrão PAdES, com o certificado A1 do ICP-Brasil (arquivo .p12 ou .pfx). Ela se acrescenta ao documento: as assinaturas anteriores e o código de verificação continuam valendo. O certificado e a senha servem só a esta assinatura e não são guardados."
                }
                (campo_csrf(quem))
                p {
                    label for="assinar-emissao" { "Documento" }
                    br;
                    select id="assinar-emissao" name="emissao" required {
                        @for (e, versoes) in &lista {
                            option value=(e.id) {
                                (e.titulo) " — emitido em " (dia(e.emitido_em))
                                @match versoes.len() {
                                    0 => {},
                                    1 => { " (com 1 assinatura)" },
                                    n => { " (com " (n) " assinaturas)" },
                                }
                            }
                        }
                    }
                }
                p {
                    label for="assinar-certificado" { "Certificado A1 (.p12 ou .pfx)" }
                    br;
                    input id="assinar-certificado" type="file" name="certificado"
                        accept=".p12,.pfx,application/x-pkcs12" required;
                }
                p {
                    label for="assinar-senha" { "Senha do certificado" }
                    br;
                    input id="assinar-senha" type="password" name="senha" autocomplete="off" required;
                }
                p { button type="submit" { "Assinar" } }
            }
        }
    })
}

/// `POST /processos/{protocolo}/assinaturas`: assina a última versão de um documento emitido
/// do processo e a registra; de volta à página do processo, que lista a versão assinada.
pub(crate) async fn assinar(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
    multipart: Multipart,
) -> Result<Response, Falha> {
    let (campos, arquivos) = crate::formularios::ler_multipart(multipart).await?;
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    let ator = quem.ator();
    let Some(emissao) = campo(&campos, "emissao").and_then(|v| v.trim().parse::<i64>().ok()) else {
        return Err(Falha::no_campo(
            "emissao",
            "escolha o documento emitido a assinar",
        ));
    };
    // o caso de uso dos autos, o mesmo da linha de comando: quem assina (Art. 21), o que vê e a
    // versão a assinar
    let para =
        divisa_autos::assinatura::para_assinar(estado.registro(), &protocolo, &ator, emissao)
            .await
            .map_err(|e| match e {
                divisa_autos::ErroAutos::Documento(divisa_documentos::ErroDocumento::Falta(m)) => {
                    Falha::no_campo("emissao", m)
                }
                e => Falha::from(e),
            })?;
    let Some(certificado) = arquivos.get("certificado") else {
        return Err(Falha::no_campo(
            "certificado",
            "escolha o arquivo do certificado A1 (.p12 ou .pfx)",
        ));
    };
    if certificado.bytes.len() > MAIOR_CERTIFICADO {
        return Err(Falha::no_campo(
            "certificado",
            format!(
                "«{}» tem {} bytes: um certificado A1 tem poucos kB (até {} kB aceitos); escolha o arquivo .p12 ou .pfx",
                certificado.nome,
                certificado.bytes.len(),
                MAIOR_CERTIFICADO / 1024
            ),
        ));
    }
    let senha = campo(&campos, "senha").unwrap_or_default();
    // abrir o PKCS#12 (derivar a chave da senha) e assinar: trabalho pesado, na oficina
    let agora = estado.agora();
    let (nome, bytes) = (certificado.nome.clone(), certificado.bytes.clone());
    let motivo = format!(
        "Assinado por {} ({})",
        quem.usuario.as_ref().map_or("", |u| u.nome.as_str()),
        ator.papel.cargo()
    );
    let para2 = para.clone();
    let assinado = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            para2.assinar(&nome, &bytes, &senha, agora, &motivo)
        })
        .await?
        .map_err(|e| Falha::no_campo("certificado", e.to_string()))?;
    let versao = divisa_autos::assinatura::gravar_assinatura(
        estado.registro(),
        &para,
        &assinado,
        &ator,
        quem.usuario.as_ref().map(|u| u.nome.as_str()),
        agora,
    )
    .await?;
    let emitido = &para.emitido;
    tracing::info!(target: "divisa::documento", protocolo = %protocolo, codigo = %emitido.codigo, versao = versao.id, "documento assinado");
    Ok(Redirect::to(&format!(
        "{}?assinado={}#emitidos",
        caminho_do_processo(&protocolo),
        versao.id
    ))
    .into_response())
}

/// `GET /processos/{protocolo}/assinados/{id}`: uma versão assinada, a quem vê os autos inteiros.
pub(crate) async fn versao_assinada(
    State(estado): State<Estado>,
    quem: Quem,
    Path((protocolo, id)): Path<(String, String)>,
) -> Result<Response, Falha> {
    let nao_ha = || Falha::nova(StatusCode::NOT_FOUND, "versão assinada não encontrada");
    let id: i64 = id.parse().map_err(|_| nao_ha())?;
    let ator = quem.ator();
    let (p, _) = estado
        .registro()
        .eventos_visiveis(&protocolo, &ator)
        .await?;
    p.pode(&ator, Acao::VerCompleto)
        .map_err(|r| Falha::proibido(r.to_string()))?;
    // a versão tem de ser de uma emissão deste processo
    let emitidos = estado.registro().emitidos_do_processo(&protocolo).await?;
    let mut achada = None;
    for e in &emitidos {
        if estado
            .registro()
            .assinaturas_da_emissao(e.id)
            .await?
            .iter()
            .any(|v| v.id == id)
        {
            achada = Some(e);
            break;
        }
    }
    let Some(emitido) = achada else {
        return Err(nao_ha());
    };
    let bytes = estado
        .registro()
        .conteudo_assinado(id)
        .await?
        .ok_or_else(nao_ha)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "inline; filename=\"{}-{}-assinado-{id}.pdf\"",
                    emitido.tipo,
                    protocolo.replace(['/', '.'], "-")
                ),
            ),
        ],
        bytes,
    )
        .into_response())
}
