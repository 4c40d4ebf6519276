//! As camadas de todo pedido: o prazo e o teto do corpo, as recusas do axum em português e os
//! cabeçalhos de segurança (o núcleo da aplicação, abaixo das rotas).

use super::*;

/// O maior corpo aceito (mapas e memoriais de área grande cabem com folga).
pub const LIMITE_DE_ENVIO: usize = 32 * 1024 * 1024;

/// Quanto o corpo de um pedido pode ficar parado entre dois pedaços: quem abre um envio e para
/// de mandar (ou manda um byte de vez em quando) é desligado, não segura a conexão até o fim da
/// [`VIDA_DA_CONEXAO`].
pub const PRAZO_ENTRE_PEDACOS: std::time::Duration = std::time::Duration::from_secs(10);
/// A taxa mínima de um envio, depois de [`PRAZO_MINIMO_DO_CORPO`]: 16 KiB/s (uma ligação rural
/// de 256 kbit/s ainda passa; um corpo pingado de propósito, não).
pub const TAXA_MINIMA_DO_CORPO: u64 = 16 * 1024;
/// O prazo de qualquer corpo, por menor que seja.
pub const PRAZO_MINIMO_DO_CORPO: std::time::Duration = std::time::Duration::from_secs(30);

/// O corpo inteiro chega no prazo ou o pedido é recusado (408), antes de qualquer extrator:
/// sem pedaços parados por mais de [`PRAZO_ENTRE_PEDACOS`] e, no total, a
/// [`TAXA_MINIMA_DO_CORPO`] depois de [`PRAZO_MINIMO_DO_CORPO`]. O corpo fica na memória (os
/// extratores o leriam inteiro de qualquer forma) e passa de [`LIMITE_DE_ENVIO`] com a folga
/// das fronteiras do multipart; acima disso, 413.
pub(crate) async fn prazo_do_corpo(
    pedido: axum::extract::Request,
    proximo: axum::middleware::Next,
) -> Response {
    use http_body_util::BodyExt as _;
    let metodo = pedido.method().clone();
    if metodo == axum::http::Method::GET || metodo == axum::http::Method::HEAD {
        return proximo.run(pedido).await;
    }
    let api = pedido.uri().path().starts_with("/api/");
    let falha = |status: StatusCode, mensagem: String| {
        let f = Falha::nova(status, mensagem);
        if api {
            f.json().into_response()
        } else {
            f.into_response()
        }
    };
    let teto = LIMITE_DE_ENVIO + 64 * 1024;
    let declarado = pedido
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declarado.is_some_and(|d| d > teto as u64) {
        return falha(
            StatusCode::PAYLOAD_TOO_LARGE,
            traduzir_rejeicao(StatusCode::PAYLOAD_TOO_LARGE, ""),
        );
    }
    let esperado = declarado.unwrap_or(teto as u64);
    let total =
        PRAZO_MINIMO_DO_CORPO + std::time::Duration::from_secs(esperado / TAXA_MINIMA_DO_CORPO);
    let inicio = tokio::time::Instant::now();
    let fim = inicio + total;
    let (partes, mut corpo) = pedido.into_parts();
    let mut lido: Vec<u8> = Vec::with_capacity(esperado.min(1024 * 1024) as usize);
    loop {
        // O próximo pedaço tem de chegar antes de: o fim do prazo total, o prazo entre pedaços
        // e o instante em que o recebido até aqui ficaria abaixo da taxa mínima (depois dos
        // primeiros 30 s). Um byte a cada 9 s cai pela taxa, não só pelo intervalo.
        let pela_taxa = inicio
            + PRAZO_MINIMO_DO_CORPO
            + std::time::Duration::from_secs_f64(lido.len() as f64 / TAXA_MINIMA_DO_CORPO as f64);
        let ate = fim
            .min(tokio::time::Instant::now() + PRAZO_ENTRE_PEDACOS)
            .min(pela_taxa);
        match tokio::time::timeout_at(ate, corpo.frame()).await {
            Err(_) => {
                return falha(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "o envio parou ou está lento demais ({} KB recebidos); verifique a conexão e envie de novo",
                        divisa_referencia::formato::inteiro((lido.len() / 1024) as i64)
                    ),
                )
            }
            Ok(None) => break,
            Ok(Some(Err(_))) => {
                return falha(
                    StatusCode::BAD_REQUEST,
                    "o envio chegou incompleto ou mal formado; tente de novo".to_owned(),
                )
            }
            Ok(Some(Ok(pedaco))) => {
                if let Some(dados) = pedaco.data_ref() {
                    lido.extend_from_slice(dados);
                    if lido.len() > teto {
                        return falha(StatusCode::PAYLOAD_TOO_LARGE, traduzir_rejeicao(StatusCode::PAYLOAD_TOO_LARGE, ""));
                    }
                }
            }
        }
    }
    proximo
        .run(axum::extract::Request::from_parts(
            partes,
            axum::body::Body::from(lido),
        ))
        .await
}

/// As recusas dos extratores do axum (corpo grande demais, formulário sem um campo, número
/// que não é número) vêm em inglês e em texto puro: viram a mensagem em português, no mesmo
/// status. As respostas do divisa (HTML ou JSON) passam como estão.
pub(crate) async fn rejeicoes_em_portugues(
    pedido: axum::extract::Request,
    proximo: axum::middleware::Next,
) -> Response {
    let api = pedido.uri().path().starts_with("/api/");
    let r = proximo.run(pedido).await;
    let texto_puro = r
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/plain"));
    // sem tipo de conteúdo: a recusa do roteador sem corpo (405, o método que a rota não tem)
    let sem_tipo = r.headers().get(header::CONTENT_TYPE).is_none();
    let status = r.status();
    if !(texto_puro || sem_tipo) || !status.is_client_error() {
        return r;
    }
    let (partes, corpo) = r.into_parts();
    let bytes = axum::body::to_bytes(corpo, 64 * 1024)
        .await
        .unwrap_or_default();
    let original = String::from_utf8_lossy(&bytes);
    let mensagem = traduzir_rejeicao(status, &original);
    let falha = Falha::nova(status, mensagem);
    let mut r = if api {
        falha.json().into_response()
    } else {
        falha.into_response()
    };
    *r.status_mut() = partes.status;
    r
}

/// A mensagem em português de uma recusa do axum.
pub(crate) fn traduzir_rejeicao(status: StatusCode, original: &str) -> String {
    let campo = |prefixo: &str| {
        original
            .split(prefixo)
            .nth(1)
            .and_then(|r| r.split('`').next())
            .map(str::to_owned)
    };
    if status == StatusCode::PAYLOAD_TOO_LARGE || original.contains("length limit exceeded") {
        format!(
            "o envio passa do limite de {} MB; divida o arquivo ou reduza a resolução das imagens",
            LIMITE_DE_ENVIO / (1024 * 1024)
        )
    } else if let Some(nome) = campo("missing field `") {
        format!("falta o campo «{nome}» no envio; recarregue a página e envie de novo")
    } else if let Some(nome) = campo("unknown field `") {
        format!("o envio tem o campo «{nome}», que o servidor não conhece; recarregue a página")
    } else if original.contains("Cannot parse") {
        "um valor do endereço ou do formulário não é do tipo esperado (um número, uma data)"
            .to_owned()
    } else if original.contains("Failed to buffer") || original.contains("Error parsing") {
        "o envio chegou incompleto ou mal formado; tente de novo".to_owned()
    } else if status == StatusCode::METHOD_NOT_ALLOWED {
        "este endereço não aceita este tipo de pedido (um formulário enviado a uma página que só se lê, ou o contrário): volte à página anterior e use os botões dela".to_owned()
    } else if status == StatusCode::UNSUPPORTED_MEDIA_TYPE {
        "o tipo do conteúdo enviado não é o esperado (formulário ou JSON)".to_owned()
    } else {
        "pedido inválido".to_owned()
    }
}

pub(crate) async fn cabecalhos_de_seguranca(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
             script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; \
             form-action 'self'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    r
}
