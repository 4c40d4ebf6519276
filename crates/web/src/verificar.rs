//! `/verificar`: a conferência pública dos documentos emitidos (issue 16: "assinado e
//! verificável"), sem conta.
//!
//! - `GET /verificar?codigo=…` (o endereço que o código impresso no documento leva): o que é o
//!   documento daquele código — o tipo, o título, o processo, quem emitiu por nome e cargo, a
//!   data, o SHA-256 dos bytes — e o link da cópia autêntica. Código que não consta: 404.
//! - `POST /verificar` com o arquivo (e, se quiser, o código): se os bytes são os emitidos — o
//!   arquivo inteiro ou a sua primeira revisão, e o que vem depois só assina
//!   ([`divisa_autos::conferir`], o mesmo da linha de comando).
//! - `GET /verificar/{CODIGO}.pdf`: a cópia autêntica, os bytes registrados. O código é a chave
//!   (80 bits, como o "conferir autenticidade" do SEI); a cópia integral dos autos, que tem o
//!   que não é público (Art. 22), só para quem pode retirar cópia do processo.
//!
//! Código desconhecido conta como falha do endereço ([`crate::contas::limitar_verificacao`]):
//! a página não serve para tentar códigos ao acaso.

use std::collections::HashMap;

use axum::extract::{Multipart, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use divisa_autos::Conferencia;
use divisa_processo::Acao;
use divisa_referencia::formato::{data as fmt_data, inteiro};
use divisa_registro::{codigo_com_tracos, codigo_normalizado, DocumentoEmitido};

use crate::contas::{self, Quem};
use crate::formularios::campo;
use crate::html::{aviso, campo_csrf, html, pagina, Markup};
use crate::{caminho_do_processo, Estado, Falha};

const TITULO: &str = "Verificar documento";

/// O formulário: o código (com ou sem traços) e, se quiser, o arquivo.
fn formulario(quem: &Quem, codigo: &str) -> Markup {
    html! {
        form method="post" action="/verificar" enctype="multipart/form-data" {
            (campo_csrf(quem))
            label for="codigo" { "Código de verificação (impresso no rodapé do documento; com ou sem os traços)" }
            input id="codigo" name="codigo" type="text" value=(codigo) autocomplete="off" spellcheck="false"
                aria-describedby="codigo-ajuda" maxlength="60";
            p id="codigo-ajuda" class="historico" {
                "São 20 letras e algarismos (de 0 a 9 e de A a F) em quatro grupos de cinco, como 3F2A1-B4C5D-6E7F8-0912A."
            }
            label for="arquivo" {
                "O arquivo PDF que você recebeu, para conferir se é o emitido (opcional; até "
                (crate::LIMITE_DE_ENVIO / (1024 * 1024))
                " MB)"
            }
            input id="arquivo" name="arquivo" type="file" accept=".pdf,application/pdf";
            button type="submit" { "Verificar" }
        }
    }
}

/// A página com `corpo` (vazio: só o formulário) acima do formulário, no `status`.
fn responder(quem: &Quem, status: StatusCode, corpo: Markup, codigo: &str) -> Response {
    let outro = !corpo.0.is_empty();
    let s = html! {
        h1 { "Verificar um documento da Comissão" }
        p {
            "Os documentos em PDF emitidos dos processos pela Comissão de Revisão Territorial ficam registrados no dia em que são emitidos. "
            "Com o código de verificação impresso no documento, qualquer pessoa vê aqui o que ele é, quem o emitiu e quando, e baixa a cópia autêntica; "
            "enviando o arquivo, confere se ele é exatamente o emitido. Minutas e versões para editar (HTML, ODT) não são registradas."
        }
        (corpo)
        @if outro { h2 { "Verificar outro" } }
        (formulario(quem, codigo))
    };
    let mut r = pagina(quem, TITULO, s);
    *r.status_mut() = status;
    r
}

/// O endereço da cópia autêntica de uma emissão.
fn link_da_copia(e: &DocumentoEmitido, varias: bool) -> String {
    if varias {
        format!("/verificar/{}.pdf?sha256={}", e.codigo, e.sha256)
    } else {
        format!("/verificar/{}.pdf", e.codigo)
    }
}

/// O nome do tipo para pessoas.
fn nome_do_tipo(tipo: &str) -> String {
    divisa_documentos::TipoDeDocumento::de_codigo(tipo)
        .map_or_else(|| tipo.to_owned(), |t| t.nome().into())
}

/// "12.345 bytes (12 KB)".
fn tamanho(bytes: u64) -> String {
    let n = i64::try_from(bytes).unwrap_or(i64::MAX);
    if bytes < 1024 {
        format!("{} bytes", inteiro(n))
    } else {
        format!(
            "{} bytes ({} KB)",
            inteiro(n),
            inteiro(n.saturating_add(512) / 1024)
        )
    }
}

/// Uma linha da ficha: o rótulo e o valor.
fn linha(rotulo: &str, valor: Markup) -> Markup {
    html! { tr { th scope="row" { (rotulo) } td { (valor) } } }
}

/// A ficha de uma emissão: o que o documento é e de onde veio.
fn ficha(e: &DocumentoEmitido) -> Markup {
    let em = jiff::tz::offset(-4).to_datetime(e.emitido_em);
    let emitido_em = format!(
        "{}, às {:02}:{:02} (horário de Cuiabá)",
        fmt_data(em.date()),
        em.hour(),
        em.minute()
    );
    html! {
        div class="tabela" {
            table {
                (linha("Documento", html! { (nome_do_tipo(&e.tipo)) }))
                (linha("Título", html! { (e.titulo) }))
                (linha("Processo", html! { a href=(caminho_do_processo(&e.protocolo)) { (e.protocolo) } }))
                (linha("Emitido por", html! { (e.emitente()) }))
                (linha("Data do documento", html! { (fmt_data(e.data)) }))
                (linha("Emitido em", html! { (emitido_em) }))
                (linha("Código de verificação", html! { code { (codigo_com_tracos(&e.codigo)) } }))
                (linha("Impressão digital do arquivo (SHA-256)", html! { code { (e.sha256) } }))
                (linha("Tamanho do arquivo", html! { (tamanho(e.tamanho)) }))
            }
        }
    }
}

/// As emissões de um código: a ficha de cada uma e o link da cópia autêntica (a cópia integral
/// dos autos só para quem pode retirá-la).
fn emissoes(emitidos: &[DocumentoEmitido], copia_liberada: bool) -> Markup {
    let varias = emitidos.len() > 1;
    let autos = divisa_documentos::TipoDeDocumento::Autos.codigo();
    html! {
        @if varias {
            p {
                "Este código foi emitido em " (emitidos.len())
                " arquivos com o mesmo conteúdo (o PDF desenhado por versões diferentes do sistema); cada um confere."
            }
        }
        @for (i, e) in emitidos.iter().enumerate() {
            @if varias { h3 { "Arquivo " (i + 1) } }
            (ficha(e))
            @if e.consulta {
                p.a_vencer {
                    "Este arquivo foi registrado quando o documento foi aberto para leitura, antes \
                     de a emissão ser um ato próprio da Comissão: é uma cópia de consulta, com o \
                     conteúdo do dia, e não o documento emitido. O documento emitido é o primeiro \
                     registrado com este título no processo."
                }
            }
            @if copia_liberada || e.tipo != autos {
                p {
                    a href=(link_da_copia(e, varias)) {
                        "Baixar a cópia autêntica (PDF, "
                        (inteiro(i64::try_from(e.tamanho.div_ceil(1024)).unwrap_or(i64::MAX)))
                        " KB)"
                    }
                }
            } @else {
                p {
                    "A cópia integral dos autos traz o que não é público: é entregue só a quem pode retirar cópia do processo (Art. 22), entrando com a sua conta. Quem tem o arquivo pode conferi-lo abaixo."
                }
            }
        }
    }
}

/// O recibo de protocolo de `codigo`, se há: o processo, o dia, e se a cadeia de eventos dele
/// confere (nada editado, removido ou fora de ordem desde o protocolo).
async fn recibo(estado: &Estado, codigo: &str) -> Result<Option<Markup>, Falha> {
    let Some((protocolo, dia, instante)) = estado.registro().recibo_por_codigo(codigo).await?
    else {
        return Ok(None);
    };
    let violacoes = estado.registro().verificar(Some(&protocolo)).await?;
    let quando = instante
        .parse::<jiff::Timestamp>()
        .map(divisa_registro::data_e_hora_em_cuiaba)
        .unwrap_or(instante);
    let dia = dia
        .parse::<jiff::civil::Date>()
        .map(divisa_referencia::formato::data)
        .unwrap_or(dia);
    Ok(Some(html! {
        @if violacoes.is_empty() {
            (aviso("ok", &format!(
                "O código {} é o do recibo de protocolo do processo {protocolo}, protocolado em {dia} (registrado em {quando}, hora de Cuiabá). O registro do processo confere: nenhum ato foi editado, removido ou posto fora de ordem.",
                codigo_com_tracos(codigo)
            )))
        } @else {
            (aviso("erro", &format!(
                "O código {} é o do recibo de protocolo do processo {protocolo}, mas o registro do processo NÃO CONFERE: {} problema(s) na cadeia de atos. Avise a Comissão de Revisão Territorial.",
                codigo_com_tracos(codigo),
                violacoes.len()
            )))
        }
        p { a href={ (crate::caminho_do_processo(&protocolo)) } { "Ver o processo " (protocolo) } }
    }))
}

/// Quem pede pode retirar cópia dos autos do processo (Art. 22)?
async fn pode_retirar_copia(estado: &Estado, quem: &Quem, protocolo: &str) -> bool {
    match estado.registro().carregar(protocolo).await {
        Ok(a) => a.processo.pode(&quem.ator(), Acao::Exportar).is_ok(),
        Err(_) => false,
    }
}

/// A mensagem do código mal escrito.
fn codigo_invalido(texto: &str) -> String {
    format!(
        "«{}» não é um código de verificação: são 20 letras e algarismos (de 0 a 9 e de A a F), em quatro grupos de cinco, como impresso no rodapé do documento",
        texto.chars().take(60).collect::<String>()
    )
}

/// O código desconhecido: 404, e uma falha do endereço.
async fn nao_consta(estado: &Estado, quem: &Quem, codigo: &str, texto: &str) -> Response {
    contas::falha_de_verificacao(estado, quem).await;
    responder(
        quem,
        StatusCode::NOT_FOUND,
        aviso(
            "erro",
            &format!(
                "O código {} não consta do registro de documentos emitidos. Confira se foi digitado como está no documento; uma minuta ou uma versão para editar não tem registro.",
                codigo_com_tracos(codigo)
            ),
        ),
        texto,
    )
}

/// `GET /verificar` e `GET /verificar?codigo=…`.
pub(crate) async fn pagina_de_verificacao(
    State(estado): State<Estado>,
    quem: Quem,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let texto = q.get("codigo").map(|c| c.trim()).unwrap_or_default();
    if texto.is_empty() {
        return Ok(responder(&quem, StatusCode::OK, html! {}, ""));
    }
    let Some(codigo) = codigo_normalizado(texto) else {
        return Ok(responder(
            &quem,
            StatusCode::UNPROCESSABLE_ENTITY,
            aviso("erro", &codigo_invalido(texto)),
            texto,
        ));
    };
    contas::limitar_verificacao(&estado, &quem).await?;
    let emitidos = estado.registro().emitidos_por_codigo(&codigo).await?;
    let Some(primeiro) = emitidos.first() else {
        // o código do recibo de protocolo (issue 30): o mesmo formato, o hash do protocolo
        if let Some(corpo) = recibo(&estado, &codigo).await? {
            return Ok(responder(
                &quem,
                StatusCode::OK,
                corpo,
                &codigo_com_tracos(&codigo),
            ));
        }
        return Ok(nao_consta(&estado, &quem, &codigo, texto).await);
    };
    let liberada = primeiro.tipo != divisa_documentos::TipoDeDocumento::Autos.codigo()
        || pode_retirar_copia(&estado, &quem, &primeiro.protocolo).await;
    let corpo = html! {
        (aviso(
            "ok",
            &format!(
                "O código {} corresponde a um documento emitido pela Comissão de Revisão Territorial.",
                codigo_com_tracos(&codigo)
            )
        ))
        h2 { "O documento" }
        (emissoes(&emitidos, liberada))
    };
    Ok(responder(
        &quem,
        StatusCode::OK,
        corpo,
        &codigo_com_tracos(&codigo),
    ))
}

/// `POST /verificar`: o arquivo enviado (e o código, se dito) diante do registro; só o código:
/// a página dele.
pub(crate) async fn enviar(
    State(estado): State<Estado>,
    quem: Quem,
    multipart: Multipart,
) -> Result<Response, Falha> {
    let (campos, arquivos) = crate::formularios::ler_multipart(multipart).await?;
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    let texto = campo(&campos, "codigo").unwrap_or_default();
    let texto = texto.trim();
    let codigo = if texto.is_empty() {
        None
    } else {
        match codigo_normalizado(texto) {
            Some(c) => Some(c),
            None => {
                return Ok(responder(
                    &quem,
                    StatusCode::UNPROCESSABLE_ENTITY,
                    aviso("erro", &codigo_invalido(texto)),
                    texto,
                ))
            }
        }
    };
    let Some(arquivo) = arquivos.get("arquivo") else {
        return match codigo {
            Some(c) => Ok(
                Redirect::to(&format!("/verificar?codigo={}", codigo_com_tracos(&c)))
                    .into_response(),
            ),
            None => Ok(responder(
                &quem,
                StatusCode::UNPROCESSABLE_ENTITY,
                aviso(
                    "erro",
                    "Escreva o código de verificação ou escolha o arquivo PDF a conferir.",
                ),
                "",
            )),
        };
    };
    // o código dito também é tentado: quem tenta códigos por aqui entra no mesmo limite
    if codigo.is_some() {
        contas::limitar_verificacao(&estado, &quem).await?;
    }
    let nome = arquivo.nome.clone();
    let bytes = arquivo.bytes.clone();
    // ler o PDF (as revisões, o código que traz, as assinaturas): trabalho pesado, na oficina
    let conferido = {
        let (estado2, codigo2) = (estado.clone(), codigo.clone());
        estado
            .oficina()
            .na_vaga(quem.endereco.map(|e| e.ip()), async move {
                divisa_autos::conferir(estado2.registro(), bytes, codigo2.as_deref()).await
            })
            .await?
    }
    .map_err(|e| match e {
        divisa_autos::ErroAutos::Registro(e) => Falha::from(e),
        e => Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    })?;
    let arquivo_nome = nome.as_str();
    let autos = divisa_documentos::TipoDeDocumento::Autos.codigo();
    let (corpo, mostrar_codigo) = match &conferido.conferencia {
        Conferencia::Confere {
            emitido,
            acrescentado,
        } => {
            let assinaturas_ok = conferido.assinaturas.iter().all(|a| a.intacta());
            let resumo = if *acrescentado == 0 {
                format!("O arquivo «{arquivo_nome}» é exatamente o documento emitido: os bytes são os registrados.")
            } else {
                format!(
                    "O documento emitido está intacto no começo do arquivo «{arquivo_nome}»; depois dele vêm {} bytes que só acrescentam assinaturas.",
                    inteiro(i64::try_from(*acrescentado).unwrap_or(i64::MAX))
                )
            };
            let outro_codigo = codigo.as_deref().is_some_and(|c| c != emitido.codigo);
            let liberada = emitido.tipo != autos
                || pode_retirar_copia(&estado, &quem, &emitido.protocolo).await;
            let corpo = html! {
                @if assinaturas_ok {
                    p class="ok" role="status" { strong { "Confere." } " " (resumo) }
                } @else {
                    p class="erro" role="alert" {
                        strong { "Não confere:" } " " (resumo)
                        " Mas uma das assinaturas não confere (veja abaixo)."
                    }
                }
                @if outro_codigo {
                    (aviso(
                        "aviso",
                        "O código digitado não é o deste documento: o arquivo é o documento do código abaixo.",
                    ))
                }
                h2 { "O documento" }
                (emissoes(std::slice::from_ref(emitido), liberada))
            };
            (corpo, codigo_com_tracos(&emitido.codigo))
        }
        Conferencia::Regravado { emitido } => {
            let liberada = emitido.tipo != autos
                || pode_retirar_copia(&estado, &quem, &emitido.protocolo).await;
            let corpo = html! {
                p class="ok" role="status" {
                    strong { "Confere." }
                    " O arquivo «" (arquivo_nome) "» foi regravado por outro programa (um leitor de PDF, um sistema de arquivo): os bytes não são os registrados, mas as páginas, o texto, as fontes e as imagens são as do documento emitido."
                }
                h2 { "O documento" }
                (emissoes(std::slice::from_ref(emitido), liberada))
            };
            (corpo, codigo_com_tracos(&emitido.codigo))
        }
        Conferencia::Acrescido { emitido, motivo } => {
            let liberada = emitido.tipo != autos
                || pode_retirar_copia(&estado, &quem, &emitido.protocolo).await;
            let corpo = html! {
                p class="erro" role="alert" {
                    strong { "Não confere:" }
                    " o documento emitido está no começo do arquivo «" (arquivo_nome) "», mas " (motivo)
                    ". O que se vê ao abrir o arquivo pode não ser o emitido: use a cópia autêntica."
                }
                h2 { "O documento emitido" }
                (emissoes(std::slice::from_ref(emitido), liberada))
            };
            (corpo, codigo_com_tracos(&emitido.codigo))
        }
        Conferencia::NaoEOEmitido { codigo, emitidos } => {
            let liberada = match emitidos.first() {
                Some(e) => {
                    e.tipo != autos || pode_retirar_copia(&estado, &quem, &e.protocolo).await
                }
                None => false,
            };
            let corpo = html! {
                p class="erro" role="alert" {
                    strong { "Não confere:" }
                    " o código " (codigo_com_tracos(codigo)) " corresponde ao documento «"
                    (emitidos.first().map_or("", |e| e.titulo.as_str()))
                    "», mas o arquivo «" (arquivo_nome)
                    "» não é o emitido: o que ele diz ou mostra foi alterado. Baixe abaixo a cópia autêntica."
                }
                h2 { "O documento emitido" }
                (emissoes(emitidos, liberada))
            };
            (corpo, codigo_com_tracos(codigo))
        }
        Conferencia::NaoConsta { codigo: achado } => {
            if codigo.is_some() {
                contas::falha_de_verificacao(&estado, &quem).await;
            }
            let corpo = html! {
                p class="erro" role="alert" {
                    strong { "Não consta" }
                    " do registro de documentos emitidos: o arquivo «" (arquivo_nome) "» não é um documento emitido"
                    @if let Some(c) = achado {
                        ", e o código " (codigo_com_tracos(c)) " não é de nenhum documento emitido"
                    }
                    ". Pode ser uma minuta (escrita de uma proposta, fora de um processo), uma versão para editar ou um arquivo que não saiu deste sistema."
                }
            };
            (corpo, texto.to_owned())
        }
    };
    let corpo = html! {
        (corpo)
        (assinaturas(&conferido.assinaturas))
    };
    Ok(responder(&quem, StatusCode::OK, corpo, &mostrar_codigo))
}

/// Uma assinatura do arquivo, conferida.
fn assinatura(i: usize, a: &divisa_assinatura::Assinatura) -> Markup {
    let cobertura = match &a.faixa_invalida {
        Some(p) => format!("não confere: {p}"),
        None if a.cobre_tudo() => "cobre o arquivo inteiro".into(),
        None => {
            "cobre o documento até uma revisão anterior; as seguintes são outras assinaturas".into()
        }
    };
    let resumo = if a.cms.resumo_confere {
        "o conteúdo assinado está intacto"
    } else {
        "o conteúdo foi alterado depois de assinado"
    };
    let cms = match (&a.cms.problema, a.cms.assinatura_confere) {
        (Some(p), _) => format!("a assinatura não pôde ser conferida: {p}"),
        (None, true) => "a assinatura confere com o certificado que a acompanha".into(),
        (None, false) => "a assinatura não confere com o certificado que a acompanha".into(),
    };
    html! {
        li class=(if a.intacta() { "atende" } else { "nao" }) {
            "Assinatura " (i + 1) ": " (a.signatario)
            @if let Some(q) = &a.quando { ", em " (q) }
            " — " (cobertura) "; " (resumo) "; " (cms) "."
        }
    }
}

/// As assinaturas do arquivo, cada uma conferida (como `divisa documento verificar`).
fn assinaturas(lista: &[divisa_assinatura::Assinatura]) -> Markup {
    if lista.is_empty() {
        return html! {};
    }
    html! {
        h2 { "Assinaturas digitais do arquivo" }
        ul {
            @for (i, a) in lista.iter().enumerate() { (assinatura(i, a)) }
        }
        p class="historico" {
            "A confiança no certificado (a cadeia do ICP-Brasil, a revogação) não é conferida aqui: confira no validador do ITI (validar.iti.gov.br)."
        }
    }
}

/// `GET /verificar/{CODIGO}.pdf` (e `?sha256=…`, quando o código tem mais de um arquivo): a
/// cópia autêntica, os bytes registrados.
pub(crate) async fn copia(
    State(estado): State<Estado>,
    quem: Quem,
    Path(arquivo): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let texto = arquivo
        .strip_suffix(".pdf")
        .or_else(|| arquivo.strip_suffix(".PDF"))
        .unwrap_or(&arquivo);
    let Some(codigo) = codigo_normalizado(texto) else {
        return Err(Falha::nova(StatusCode::NOT_FOUND, codigo_invalido(texto)));
    };
    contas::limitar_verificacao(&estado, &quem).await?;
    let emitidos = estado.registro().emitidos_por_codigo(&codigo).await?;
    let escolhido = match q.get("sha256") {
        Some(h) => emitidos
            .iter()
            .find(|e| e.sha256.eq_ignore_ascii_case(h.trim())),
        None => emitidos.first(),
    };
    let Some(e) = escolhido else {
        if emitidos.is_empty() {
            return Ok(nao_consta(&estado, &quem, &codigo, texto).await);
        }
        return Err(Falha::nova(
            StatusCode::NOT_FOUND,
            "este código não tem arquivo com essa impressão digital",
        ));
    };
    if e.tipo == divisa_documentos::TipoDeDocumento::Autos.codigo()
        && !pode_retirar_copia(&estado, &quem, &e.protocolo).await
    {
        return Err(Falha::proibido(
            "recusado (Art. 22): a cópia integral dos autos é entregue só a quem pode retirar cópia do processo; entre com a sua conta",
        ));
    }
    let Some(bytes) = estado.registro().conteudo_emitido(e.id).await? else {
        return Err(Falha::nova(
            StatusCode::NOT_FOUND,
            "documento não encontrado",
        ));
    };
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"{}.pdf\"",
                    format!(
                        "{}-{}-{}",
                        e.tipo,
                        e.protocolo,
                        codigo_com_tracos(&e.codigo)
                    )
                    .chars()
                    .map(|c| if c.is_ascii_alphanumeric() || c == '-' {
                        c
                    } else {
                        '-'
                    })
                    .collect::<String>()
                ),
            ),
        ],
        bytes,
    )
        .into_response())
}
