//! `divisa serve`: a aplicação web da Comissão de Revisão Territorial, dos órgãos que
//! certificam os números e do público.
//!
//! Um só executável, sem internet: as páginas são HTML escrito aqui (sem motor de modelos), o
//! mapa é o Leaflet 1.9.4 (do npm, em `ativos/leaflet`, embutido no binário) sobre a própria
//! Malha Municipal do IBGE, e o banco é o mesmo registro da linha de comando (SQLite por padrão,
//! PostgreSQL com `--db postgres://…`).
//!
//! Segurança, conferida no servidor a cada pedido:
//! - senha em argon2id; cookie de sessão `HttpOnly`, `SameSite=Strict` (e `Secure` atrás de
//!   TLS); no banco só o SHA-256 do token;
//! - todo formulário e toda chamada da API que muda algo levam o token CSRF: o da sessão, ou,
//!   para quem não entrou (login, avaliação), o do cookie `divisa_pre` (duplo envio);
//! - tentativas de login limitadas por conta e por endereço;
//! - o papel de quem pede decide o que a página mostra e o que o servidor aceita: a página só
//!   oferece os atos que a lei e o papel permitem, e o registro confere de novo ao gravar
//!   (Arts. 14, 21 a 23);
//! - todo texto livre sai escapado; toda consulta ao banco é parametrizada.

mod administrar;
mod api;
mod area;
mod assinar;
mod ativos;
mod avaliar;
pub mod avisos;
mod catalogo;
mod consulta;
mod conta;
mod contas;
mod documentos;
mod formulario;
mod html;
mod mesa;
mod metricas;
mod oficina;
mod openapi;
mod paginas;
mod pedidos;
mod procedimento;
mod representacao;
pub mod semente;
pub mod texto;
mod verificar;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, OnceLock};

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use divisa_registro::{ErroRegistro, Registro};

pub use contas::{criar_usuario, hash_de_senha};

/// Como o servidor roda (além do banco e do endereço).
#[derive(Debug, Clone)]
pub struct Configuracao {
    /// Cookies `Secure` (atrás de TLS).
    pub seguro: bool,
    /// A memória de cada trabalho pesado (ler e medir um território, avaliar, escrever um
    /// documento), em bytes.
    pub memoria_por_trabalho: usize,
    /// O token que abre `GET /metricas` (sem ele, a rota não existe).
    pub token_metricas: Option<String>,
    /// O relógio: o do sistema, ou um instante fixo (os testes fixam "hoje"; `divisa serve`
    /// com `DIVISA_AGORA` reproduz o que o servidor mostrou num dia).
    pub relogio: Relogio,
}

impl Default for Configuracao {
    fn default() -> Configuracao {
        Configuracao {
            seguro: false,
            memoria_por_trabalho: oficina::MEMORIA,
            token_metricas: None,
            relogio: Relogio::Sistema,
        }
    }
}

/// De onde o servidor tira "agora": prazos, datas dos atos, sessões e o calendário eleitoral
/// leem todos este relógio, guardado no estado da aplicação.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Relogio {
    /// O relógio do sistema.
    #[default]
    Sistema,
    /// Um instante que não anda.
    Fixo(jiff::Timestamp),
}

impl Relogio {
    /// O instante de agora neste relógio.
    pub fn agora(self) -> jiff::Timestamp {
        match self {
            Relogio::Sistema => jiff::Timestamp::now(),
            Relogio::Fixo(t) => t,
        }
    }
}

/// O endereço do cliente: o da conexão, ou — se a conexão vem de um proxy confiável — o último
/// endereço do `X-Forwarded-For` que não é de um proxy confiável (cada proxy acrescenta à
/// direita o endereço de quem lhe falou; à esquerda, o cliente pode ter escrito qualquer coisa).
pub(crate) fn endereco_do_cliente(
    conexao: Option<SocketAddr>,
    encaminhado: Option<&str>,
    proxies: &[std::net::IpAddr],
) -> Option<SocketAddr> {
    let conexao = conexao?;
    if !proxies.contains(&conexao.ip()) {
        return Some(conexao);
    }
    let Some(cabecalho) = encaminhado else {
        return Some(conexao);
    };
    for parte in cabecalho.rsplit(',') {
        let Ok(ip) = parte.trim().parse::<std::net::IpAddr>() else {
            // um endereço ilegível: não se vai além dele
            return Some(conexao);
        };
        if !proxies.contains(&ip) {
            return Some(SocketAddr::new(ip, 0));
        }
    }
    Some(conexao)
}

/// O estado compartilhado pelos pedidos.
#[derive(Clone)]
pub struct Estado(Arc<Interno>);

struct Interno {
    registro: Registro,
    /// As vagas de trabalho pesado (avaliar, medir, escrever PDF), fora dos trabalhadores
    /// assíncronos.
    oficina: oficina::Oficina,
    /// Cookies com `Secure` (o servidor está atrás de TLS).
    seguro: bool,
    /// O token de `GET /metricas`.
    token_metricas: Option<String>,
    malha: OnceLock<Result<api::MalhaDaTela, String>>,
    relogio: Relogio,
    /// A avaliação da área em vigor, para a simulação do editor do mapa comparar.
    area_em_vigor: Arc<area::EmVigor>,
}

/// O que se sabe de um envio de formulário pela sua chave.
pub(crate) enum Envio {
    /// Primeira vez: segue (e a chave fica reservada para este dono).
    Novo(String),
    /// Outro pedido com a mesma chave está sendo processado agora.
    EmAndamento,
    /// Já protocolado: o número.
    Feito(String),
}

impl Estado {
    /// O estado sobre um registro aberto. `seguro`: marcar os cookies como `Secure` (atrás de
    /// TLS).
    pub fn novo(registro: Registro, seguro: bool) -> Estado {
        Estado::configurado(
            registro,
            Configuracao {
                seguro,
                ..Configuracao::default()
            },
        )
    }

    /// O estado com a configuração do servidor.
    pub fn configurado(registro: Registro, c: Configuracao) -> Estado {
        Estado(Arc::new(Interno {
            registro,
            seguro: c.seguro,
            token_metricas: c.token_metricas.filter(|t| !t.is_empty()),
            malha: OnceLock::new(),
            area_em_vigor: Default::default(),
            oficina: oficina::Oficina::nova(c.memoria_por_trabalho),
            relogio: c.relogio,
        }))
    }

    /// O instante de agora, pelo relógio do estado: o dia dos atos, dos prazos e da lei. As
    /// sessões, os limites de tentativas e as chaves de envio usam o relógio de verdade.
    pub(crate) fn agora(&self) -> jiff::Timestamp {
        self.0.relogio.agora()
    }

    /// A data de hoje em Cuiabá, pelo relógio do estado.
    pub(crate) fn hoje(&self) -> jiff::civil::Date {
        divisa_registro::hoje_em_cuiaba(self.agora())
    }

    /// Reserva a chave de um envio (ou diz o que já aconteceu com ela). No banco: vale em
    /// todos os servidores (issue 19). `Novo` traz o dono da reserva (um valor ao acaso deste
    /// pedido), que a conclui ou a devolve.
    pub(crate) async fn reservar_envio(&self, login: &str, chave: &str) -> Envio {
        let dono = contas::token();
        match self
            .registro()
            .reservar_envio(login, chave, &dono, jiff::Timestamp::now())
            .await
        {
            Ok(divisa_registro::EnvioGravado::Novo) => Envio::Novo(dono),
            Ok(divisa_registro::EnvioGravado::EmAndamento) => Envio::EmAndamento,
            Ok(divisa_registro::EnvioGravado::Feito(p)) => Envio::Feito(p),
            Err(e) => {
                // sem o banco, o protocolo também não sai: segue e falha lá, dizendo por quê
                tracing::error!(target: "divisa::envio", causa = %e, "não foi possível reservar a chave do envio");
                Envio::Novo(dono)
            }
        }
    }

    /// O envio terminou com o protocolo: a chave passa a levar ao recibo.
    pub(crate) async fn concluir_envio(
        &self,
        login: &str,
        chave: &str,
        dono: &str,
        protocolo: &str,
    ) {
        if let Err(e) = self
            .registro()
            .concluir_envio(login, chave, dono, Some(protocolo))
            .await
        {
            tracing::error!(target: "divisa::envio", causa = %e, "não foi possível gravar o protocolo do envio");
        }
    }

    /// O envio terminou sem protocolo: a chave volta a valer, para corrigir e reenviar (numa
    /// tarefa à parte: chamado de um `Drop`; só a reserva deste `dono` é devolvida).
    pub(crate) fn liberar_envio(&self, login: &str, chave: &str, dono: &str) {
        if chave.is_empty() {
            return;
        }
        let (estado, login, chave, dono) = (
            self.clone(),
            login.to_owned(),
            chave.to_owned(),
            dono.to_owned(),
        );
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(async move {
                let _ = estado
                    .registro()
                    .concluir_envio(&login, &chave, &dono, None)
                    .await;
            });
        }
    }

    /// As vagas de trabalho pesado.
    pub(crate) fn oficina(&self) -> &oficina::Oficina {
        &self.0.oficina
    }

    fn registro(&self) -> &Registro {
        &self.0.registro
    }

    /// Quem é quem (login → nome e cargo); vazio se o banco não responder — o documento diz
    /// então só o cargo, nunca o login.
    async fn pessoas(&self) -> std::collections::BTreeMap<String, String> {
        self.registro().pessoas().await.unwrap_or_default()
    }
}

/// Todas as rotas: páginas, API e arquivos estáticos.
pub fn rotas(estado: Estado) -> Router {
    Router::new()
        .route("/", get(paginas::painel))
        .route("/entrar", get(conta::entrar_form).post(conta::entrar))
        .route("/sair", post(conta::sair))
        .route("/conta", get(conta::pagina_da_conta))
        .route("/conta/senha", post(conta::trocar_senha))
        .route(
            "/contas",
            get(administrar::pagina_das_contas).post(administrar::criar),
        )
        .route(
            "/contas/{login}",
            get(administrar::pagina_da_conta).post(administrar::alterar),
        )
        .route("/processos", get(paginas::processos))
        .route(
            "/processos/novo",
            get(representacao::novo_form).post(representacao::novo),
        )
        .route(
            "/processos/novo/proposta",
            post(representacao::novo_da_proposta),
        )
        .route("/processos/{protocolo}", get(paginas::processo))
        .route("/processos/{protocolo}/recibo", get(representacao::recibo))
        .route("/processos/{protocolo}/atos", post(paginas::ato))
        .route(
            "/processos/{protocolo}/arquivos/{id}",
            get(documentos::arquivo),
        )
        .route(
            "/processos/{protocolo}/atos/{seq}/arquivos/{n}",
            get(documentos::arquivo_do_ato),
        )
        .route(
            "/processos/{protocolo}/autos.zip",
            get(documentos::exportar),
        )
        .route(
            "/processos/{protocolo}/documentos/{tipo}",
            get(documentos::documento),
        )
        .route(
            "/processos/{protocolo}/documentos/{tipo}/emitir",
            post(documentos::emitir),
        )
        .route("/processos/{protocolo}/assinaturas", post(assinar::assinar))
        .route(
            "/processos/{protocolo}/assinados/{id}",
            get(assinar::versao_assinada),
        )
        .route(
            "/avaliar",
            get(avaliar::avaliar_form).post(avaliar::avaliar),
        )
        .route("/lei", get(consulta::lei))
        .route("/procedimento", get(procedimento::procedimento))
        .route("/municipios", get(consulta::municipios))
        .route("/municipios/{codigo}", get(consulta::municipio))
        .route("/publico", get(paginas::publico))
        .route(
            "/verificar",
            get(verificar::pagina_de_verificacao).post(verificar::enviar),
        )
        .route("/verificar/{arquivo}", get(verificar::copia))
        .route("/saude", get(saude))
        .route("/metricas", get(metricas_prometheus))
        .route("/ativos/{arquivo}", get(ativos::servir))
        .merge(api::rotas())
        .merge(area::rotas())
        .fallback(paginas::nao_encontrada)
        // a tradução por dentro, os cabeçalhos de segurança por fora (valem também para ela)
        .layer(axum::middleware::from_fn(rejeicoes_em_portugues))
        .layer(axum::middleware::from_fn(entrar_e_voltar))
        .layer(axum::middleware::from_fn(prazo_do_corpo))
        .layer(axum::middleware::map_response(cabecalhos_de_seguranca))
        // o log por fora de tudo: vê a resposta que sai, também o 408 do corpo lento
        .layer(axum::middleware::from_fn(pedidos::registrar))
        .layer(axum::extract::DefaultBodyLimit::max(LIMITE_DE_ENVIO))
        .with_state(estado)
}

/// Uma página (não a API) que pede conta, aberta sem sessão: vai à entrada e, depois dela, volta
/// para onde ia (`/entrar?proximo=…`; issue 17).
async fn entrar_e_voltar(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let ir = (req.method() == axum::http::Method::GET
        && !req.uri().path().starts_with("/api/")
        && req.uri().path() != "/metricas")
        .then(|| {
            req.uri()
                .path_and_query()
                .map_or("/".to_owned(), |p| p.as_str().to_owned())
        });
    let r = next.run(req).await;
    match ir {
        Some(caminho) if r.status() == StatusCode::UNAUTHORIZED => {
            let codificado: String = caminho
                .bytes()
                .map(|b| match b {
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                        (b as char).to_string()
                    }
                    _ => format!("%{b:02X}"),
                })
                .collect();
            axum::response::Redirect::to(&format!("/entrar?proximo={codificado}")).into_response()
        }
        _ => r,
    }
}

/// `GET /metricas`: as métricas no formato do Prometheus, com `Authorization: Bearer TOKEN`
/// (o token de `DIVISA_TOKEN_METRICAS`); sem token configurado, a rota não existe (404).
async fn metricas_prometheus(
    axum::extract::State(estado): axum::extract::State<Estado>,
    headers: axum::http::HeaderMap,
) -> Response {
    use sha2::{Digest, Sha256};
    let Some(esperado) = &estado.0.token_metricas else {
        return (StatusCode::NOT_FOUND, "métricas não configuradas").into_response();
    };
    let dado = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    // pelo SHA-256 dos dois lados: o tempo da comparação não diz quanto do token acertou
    let (a, b) = (
        Sha256::digest(dado.as_bytes()),
        Sha256::digest(esperado.as_bytes()),
    );
    if a.iter().zip(b.iter()).fold(0u8, |d, (x, y)| d | (x ^ y)) != 0 {
        return (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer")],
            "falta o cabeçalho Authorization: Bearer com o token das métricas",
        )
            .into_response();
    }
    match metricas::texto(&estado).await {
        Ok(t) => (
            [(
                header::CONTENT_TYPE,
                "application/openmetrics-text; version=1.0.0; charset=utf-8",
            )],
            t,
        )
            .into_response(),
        Err(e) => Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e).into_response(),
    }
}

/// `GET /saude`: 200 quando o banco responde e tem as migrações desta versão; 503 com o motivo
/// (para o balanceador, o systemd ou o monitoramento). Sem login; não diz nada dos processos.
async fn saude(axum::extract::State(estado): axum::extract::State<Estado>) -> Response {
    match estado.registro().saude().await {
        Ok(migracoes) => axum::Json(serde_json::json!({
            "estado": "pronto",
            "banco": "responde",
            "migracoes": migracoes,
            "versao": env!("CARGO_PKG_VERSION"),
        }))
        .into_response(),
        Err(motivo) => (
            StatusCode::SERVICE_UNAVAILABLE,
            axum::Json(serde_json::json!({"estado": "indisponivel", "motivo": motivo})),
        )
            .into_response(),
    }
}

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
async fn prazo_do_corpo(
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
async fn rejeicoes_em_portugues(
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

async fn cabecalhos_de_seguranca(mut r: Response) -> Response {
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

/// Como rodar o servidor.
#[derive(Debug, Clone)]
pub struct Opcoes {
    /// Onde escutar.
    pub endereco: SocketAddr,
    /// O banco (`divisa.sqlite3`, `sqlite://…`, `postgres://…`).
    pub db: String,
    /// Semear dados de demonstração se o banco não tiver nenhuma conta.
    pub demonstracao: bool,
    /// Cookies `Secure` (atrás de TLS).
    pub seguro: bool,
    /// A memória de cada trabalho pesado, em bytes (`None`: [`oficina::MEMORIA`]).
    pub memoria_por_trabalho: Option<usize>,
    /// Os endereços dos proxies reversos em que se confia: só de uma conexão vinda deles o
    /// `X-Forwarded-For` diz quem é o cliente (para os limites por endereço, a oficina e o
    /// log), e só eles passam do limite de conexões por endereço. Sem proxy configurado, o
    /// cabeçalho é ignorado (qualquer um o forjaria).
    pub proxies_confiaveis: Vec<std::net::IpAddr>,
    /// O token de `GET /metricas` (de `DIVISA_TOKEN_METRICAS`); sem ele, a rota não existe.
    pub token_metricas: Option<String>,
    /// Os avisos de prazo por e-mail; sem eles, nenhum e-mail sai.
    pub avisos: Option<avisos::ConfiguracaoAvisos>,
    /// TLS no próprio servidor: (certificado em PEM, com a cadeia; chave privada em PEM). Sem
    /// ele, HTTP (o TLS fica no proxy reverso).
    pub tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
    /// O relógio do servidor.
    pub relogio: Relogio,
}

/// O aceitador TLS dos arquivos PEM, com a mensagem em português quando não lê.
fn aceitador_tls(
    certificado: &std::path::Path,
    chave: &std::path::Path,
) -> anyhow::Result<tokio_rustls::TlsAcceptor> {
    use rustls_pki_types::pem::PemObject as _;
    use rustls_pki_types::{CertificateDer, PrivateKeyDer};
    let cadeia: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(certificado)
        .and_then(|i| i.collect::<Result<_, _>>())
        .map_err(|e| {
            anyhow::anyhow!(
                "{}: não foi possível ler o certificado em PEM ({e})",
                certificado.display()
            )
        })?;
    if cadeia.is_empty() {
        anyhow::bail!(
            "{}: nenhum certificado (BEGIN CERTIFICATE) no arquivo",
            certificado.display()
        );
    }
    let chave_privada = PrivateKeyDer::from_pem_file(chave).map_err(|e| {
        anyhow::anyhow!(
            "{}: não foi possível ler a chave privada em PEM ({e})",
            chave.display()
        )
    })?;
    let provedor = std::sync::Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let mut config = tokio_rustls::rustls::ServerConfig::builder_with_provider(provedor)
        .with_safe_default_protocol_versions()
        .map_err(|e| anyhow::anyhow!("TLS: {e}"))?
        .with_no_client_auth()
        .with_single_cert(cadeia, chave_privada)
        .map_err(|e| {
            anyhow::anyhow!(
                "{} e {}: o certificado e a chave não formam um par válido ({e})",
                certificado.display(),
                chave.display()
            )
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(tokio_rustls::TlsAcceptor::from(std::sync::Arc::new(config)))
}

/// Quanto um cliente tem para mandar o cabeçalho de um pedido (também o próximo, numa conexão
/// mantida aberta): quem abre a conexão e não fala é desligado.
pub const PRAZO_DO_CABECALHO: std::time::Duration = std::time::Duration::from_secs(10);
/// Quanto uma conexão vive, no máximo (um envio lento de propósito não segura um soquete).
pub const VIDA_DA_CONEXAO: std::time::Duration = std::time::Duration::from_secs(300);
/// Quantas conexões abertas ao mesmo tempo; além disso, a conexão nova é fechada na hora (o
/// servidor não fica sem descritores de arquivo).
pub const MAXIMO_DE_CONEXOES: usize = 512;

/// O laço das conexões: HTTP/1 com prazo para o cabeçalho, vida máxima por conexão, teto de
/// conexões, o endereço de quem pede para o limite de tentativas e da oficina, e Ctrl+C que
/// para de aceitar e espera as conexões por até [`ENCERRAMENTO`].
async fn servir_conexoes(
    ouvinte: tokio::net::TcpListener,
    app: Router,
    proxies: Vec<std::net::IpAddr>,
    tls: Option<tokio_rustls::TlsAcceptor>,
) {
    let proxies = std::sync::Arc::new(proxies);
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt as _;
    let vagas = std::sync::Arc::new(tokio::sync::Semaphore::new(MAXIMO_DE_CONEXOES));
    let por_endereco: std::sync::Arc<Mutex<HashMap<std::net::IpAddr, usize>>> = Default::default();
    let graciosa = hyper_util::server::graceful::GracefulShutdown::new();
    let mut construtor = hyper::server::conn::http1::Builder::new();
    construtor
        .timer(TokioTimer::new())
        .header_read_timeout(PRAZO_DO_CABECALHO)
        .keep_alive(true);
    let sinal = tokio::signal::ctrl_c();
    tokio::pin!(sinal);
    loop {
        let (soquete, endereco) = tokio::select! {
            _ = &mut sinal => break,
            aceito = ouvinte.accept() => match aceito {
                Ok(a) => a,
                // sem descritores (EMFILE) ou conexão abortada: respira e segue
                Err(_) => {
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        let Ok(vaga) = vagas.clone().try_acquire_owned() else {
            drop(soquete);
            continue;
        };
        // Um endereço só não segura todas as conexões (menos o proxy confiável: atrás dele
        // estão todos os clientes).
        let do_endereco = if proxies.contains(&endereco.ip()) {
            None
        } else {
            let Some(c) = ConexoesDoEndereco::abrir(&por_endereco, endereco.ip()) else {
                drop(soquete);
                continue;
            };
            Some(c)
        };
        let app = app.clone();
        let proxies = proxies.clone();
        let servico =
            hyper::service::service_fn(move |mut pedido: hyper::Request<hyper::body::Incoming>| {
                // o endereço do cliente: o da conexão, ou o que o proxy confiável encaminhou
                let cliente = endereco_do_cliente(
                    Some(endereco),
                    pedido
                        .headers()
                        .get("x-forwarded-for")
                        .and_then(|v| v.to_str().ok()),
                    &proxies,
                )
                .unwrap_or(endereco);
                pedido
                    .extensions_mut()
                    .insert(axum::extract::ConnectInfo(cliente));
                app.clone().oneshot(pedido.map(axum::body::Body::new))
            });
        let Some(aceitador) = tls.clone() else {
            let conexao = construtor.serve_connection(TokioIo::new(soquete), servico);
            let conexao = graciosa.watch(conexao);
            tokio::spawn(async move {
                let _vaga = vaga;
                let _do_endereco = do_endereco;
                let _ = tokio::time::timeout(VIDA_DA_CONEXAO, conexao).await;
            });
            continue;
        };
        // Com TLS: o aperto de mão na tarefa da conexão (um cliente lento não segura as outras),
        // com o mesmo prazo do cabeçalho.
        let (construtor, vigia) = (construtor.clone(), graciosa.watcher());
        tokio::spawn(async move {
            let _vaga = vaga;
            let _do_endereco = do_endereco;
            let Ok(Ok(cifrado)) =
                tokio::time::timeout(PRAZO_DO_CABECALHO, aceitador.accept(soquete)).await
            else {
                return;
            };
            let conexao = vigia.watch(construtor.serve_connection(TokioIo::new(cifrado), servico));
            let _ = tokio::time::timeout(VIDA_DA_CONEXAO, conexao).await;
        });
    }
    drop(ouvinte);
    // Pedidos em andamento terminam; um trabalho pesado que não termina não segura o fim.
    let _ = tokio::time::timeout(ENCERRAMENTO, graciosa.shutdown()).await;
}

/// Quantas conexões abertas um mesmo endereço pode ter.
pub const CONEXOES_POR_ENDERECO: usize = 64;

/// A conta das conexões de um endereço, devolvida quando a conexão fecha.
struct ConexoesDoEndereco {
    mapa: std::sync::Arc<Mutex<HashMap<std::net::IpAddr, usize>>>,
    ip: std::net::IpAddr,
}

impl ConexoesDoEndereco {
    fn abrir(
        mapa: &std::sync::Arc<Mutex<HashMap<std::net::IpAddr, usize>>>,
        ip: std::net::IpAddr,
    ) -> Option<ConexoesDoEndereco> {
        let mut m = mapa.lock().ok()?;
        let n = m.entry(ip).or_insert(0);
        if *n >= CONEXOES_POR_ENDERECO {
            return None;
        }
        *n += 1;
        drop(m);
        Some(ConexoesDoEndereco {
            mapa: mapa.clone(),
            ip,
        })
    }
}

impl Drop for ConexoesDoEndereco {
    fn drop(&mut self) {
        if let Ok(mut m) = self.mapa.lock() {
            if let Some(n) = m.get_mut(&self.ip) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    m.remove(&self.ip);
                }
            }
        }
    }
}

/// Quanto o encerramento espera pelos pedidos em andamento.
pub const ENCERRAMENTO: std::time::Duration = std::time::Duration::from_secs(3);

/// Abre o banco, semeia a demonstração se for o caso e serve até Ctrl+C. `pronto` recebe o
/// endereço de fato (útil com a porta 0).
pub async fn servir(opcoes: Opcoes, pronto: impl FnOnce(SocketAddr, &str)) -> anyhow::Result<()> {
    let registro = Registro::abrir(&opcoes.db).await?;
    let mut aviso = String::new();
    if opcoes.demonstracao && registro.contar_usuarios().await? == 0 {
        semente::semear(&registro, opcoes.relogio.agora()).await?;
        aviso = format!(
            "banco vazio: semeados dados de DEMONSTRAÇÃO (contas {}, senha \"{}\")",
            semente::CONTAS
                .iter()
                .map(|c| c.0)
                .collect::<Vec<_>>()
                .join(", "),
            semente::SENHA
        );
    }
    let tls = opcoes
        .tls
        .as_ref()
        .map(|(certificado, chave)| aceitador_tls(certificado, chave))
        .transpose()?;
    let ouvinte = tokio::net::TcpListener::bind(opcoes.endereco)
        .await
        .map_err(|e| anyhow::anyhow!("não foi possível escutar em {}: {e}", opcoes.endereco))?;
    let endereco = ouvinte.local_addr()?;
    pronto(endereco, &aviso);
    let app = rotas(Estado::configurado(
        registro.clone(),
        Configuracao {
            seguro: opcoes.seguro,
            memoria_por_trabalho: opcoes.memoria_por_trabalho.unwrap_or(oficina::MEMORIA),
            token_metricas: opcoes.token_metricas.clone(),
            relogio: opcoes.relogio,
        },
    ));
    // os avisos por e-mail numa tarefa à parte, que morre com o servidor
    let avisos = opcoes
        .avisos
        .clone()
        .map(|c| tokio::spawn(avisos::laco(registro.clone(), c)));
    servir_conexoes(ouvinte, app, opcoes.proxies_confiaveis.clone(), tls).await;
    if let Some(t) = avisos {
        t.abort();
    }
    registro.fechar().await;
    Ok(())
}

/// Uma referência curta para um erro interno, que liga a mensagem dada a quem pediu à linha do
/// log com a causa.
fn referencia_de_erro() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let agora = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format!(
        "E{:x}-{}",
        agora & 0xff_ffff,
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// Um erro que vira resposta: página em HTML ou JSON, conforme quem pediu.
#[derive(Debug)]
pub(crate) struct Falha {
    pub status: StatusCode,
    pub mensagem: String,
    /// O campo de entrada que causou o erro, quando há um.
    pub campo: Option<String>,
    /// O artigo que fundamenta a recusa, quando é a lei que recusa.
    pub artigo: Option<String>,
}

impl Falha {
    /// Uma falha com a mensagem para quem pediu. Um erro interno (500) vai ao log com a causa,
    /// e quem pediu recebe só uma referência a ele: o texto de um erro do banco ou de uma
    /// biblioteca não sai do servidor.
    pub fn nova(status: StatusCode, mensagem: impl Into<String>) -> Falha {
        let mut mensagem = mensagem.into();
        if status == StatusCode::INTERNAL_SERVER_ERROR {
            let referencia = referencia_de_erro();
            tracing::error!(target: "divisa::erro", referencia = %referencia, causa = %mensagem, "erro interno");
            mensagem = format!(
                "erro interno do servidor; a equipe de informática acha a causa no registro do servidor pela referência {referencia}"
            );
        }
        Falha {
            status,
            mensagem,
            campo: None,
            artigo: None,
        }
    }
    pub fn no_campo(campo: &str, mensagem: impl Into<String>) -> Falha {
        Falha {
            campo: Some(campo.to_string()),
            ..Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, mensagem)
        }
    }
    pub fn proibido(mensagem: impl Into<String>) -> Falha {
        Falha::nova(StatusCode::FORBIDDEN, mensagem)
    }
    /// O papel não pode protocolar (Art. 14): 403, com o artigo.
    pub fn protocolo(papel: divisa_processo::Papel) -> Result<(), Falha> {
        divisa_processo::papel::exigir(papel, divisa_processo::Acao::Protocolar)
            .map(|_| ())
            .map_err(|r| Falha {
                artigo: Some(r.artigo.clone()),
                ..Falha::proibido(format!("recusado ({}): {}", r.artigo, r.motivo))
            })
    }
    /// O papel não pode praticar o ato (a matriz papel × ação): 403, com o artigo.
    pub fn papel(papel: divisa_processo::Papel, ato: &divisa_processo::Ato) -> Result<(), Falha> {
        divisa_processo::papel::exigir(papel, ato.acao())
            .map(|_| ())
            .map_err(|r| Falha {
                artigo: Some(r.artigo.clone()),
                ..Falha::proibido(format!("recusado ({}): {}", r.artigo, r.motivo))
            })
    }
    pub fn json(self) -> Response {
        let mut corpo = serde_json::json!({ "erro": self.mensagem });
        if let Some(c) = &self.campo {
            corpo["campo"] = c.clone().into();
        }
        if let Some(a) = &self.artigo {
            corpo["artigo"] = a.clone().into();
        }
        (self.status, axum::Json(corpo)).into_response()
    }
}

impl From<ErroRegistro> for Falha {
    fn from(e: ErroRegistro) -> Falha {
        match e {
            ErroRegistro::Recusado(r) => {
                tracing::warn!(target: "divisa::ato", artigo = %r.artigo, motivo = %r.motivo, "ato recusado");
                Falha {
                    artigo: Some(r.artigo.clone()),
                    ..Falha::nova(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        format!("recusado ({}): {}", r.artigo, r.motivo),
                    )
                }
            }
            ErroRegistro::Conflito { .. } => Falha::nova(StatusCode::CONFLICT, e.to_string()),
            ErroRegistro::NaoEncontrado(_) => Falha::nova(StatusCode::NOT_FOUND, e.to_string()),
            outro => Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, outro.to_string()),
        }
    }
}

impl IntoResponse for Falha {
    fn into_response(self) -> Response {
        let status = self.status;
        let titulo = status
            .canonical_reason()
            .map(traduzir_status)
            .unwrap_or("Erro");
        let corpo = html::documento(
            "Erro",
            None,
            html::html! {
                h1 { (titulo) }
                p.erro role="alert" { (self.mensagem) }
                p { a href="/" { "Voltar ao início" } }
            },
        )
        .into_string();
        (status, axum::response::Html(corpo)).into_response()
    }
}

fn traduzir_status(s: &str) -> &'static str {
    match s {
        "Not Found" => "Não encontrado",
        "Forbidden" => "Não permitido",
        "Unauthorized" => "É preciso entrar",
        "Conflict" => "Conflito",
        "Too Many Requests" => "Tentativas demais",
        "Unprocessable Entity" => "Recusado",
        "Bad Request" => "Pedido inválido",
        "Method Not Allowed" => "Pedido não aceito",
        "Payload Too Large" => "Envio grande demais",
        "Unsupported Media Type" => "Conteúdo não aceito",
        _ => "Erro",
    }
}

/// Anexa um ato pelo registro, preparado antes pelo mesmo caso de uso da linha de comando
/// (`divisa_avaliacao::autos::preparar`): o parecer de mérito passa pelo motor da lei (Art. 18),
/// com os dispositivos que os autos não atendem (a lei recusa o favorável); a proposta juntada
/// é conferida.
pub(crate) async fn anexar(
    estado: &Estado,
    protocolo: &str,
    versao: u64,
    ator: &divisa_processo::Ator,
    ato: divisa_processo::Ato,
    arquivos: &[divisa_registro::ArquivoNovo],
    data: jiff::civil::Date,
) -> Result<divisa_processo::Evento, Falha> {
    let ato = if matches!(
        ato,
        divisa_processo::Ato::ParecerDeMerito { .. } | divisa_processo::Ato::AnexarProposta { .. }
    ) {
        let autos = estado.registro().carregar(protocolo).await?;
        let arquivos =
            divisa_autos::arquivos_para_avaliar(estado.registro(), &autos.processo, &autos.eventos)
                .await?;
        // a avaliação (que mede o território) fora dos trabalhadores assíncronos
        let processo = autos.processo;
        // a recusa cita o artigo do ato: o parecer favorável (Art. 18), a proposta (Art. 15)
        let artigo = if matches!(ato, divisa_processo::Ato::ParecerDeMerito { .. }) {
            "Art. 18"
        } else {
            "Art. 15"
        };
        let feito = estado
            .oficina()
            .executar(None, move || {
                divisa_avaliacao::autos::preparar(ato, &processo, &arquivos, data, &mut |_| {})
            })
            .await?;
        feito.map_err(|m| ErroRegistro::Recusado(divisa_processo::Recusa::new(artigo, m)))?
    } else {
        ato
    };
    // A versão nova da área vem do mapa ou do PUT do contrato (CONTRACT §5), que leem, conferem
    // e medem o arquivo: um ato digitado com a área e os vértices não é a área.
    if matches!(ato, divisa_processo::Ato::AlterarArea { .. }) {
        return Err(Falha::no_campo(
            "ato.tipo",
            "a área se altera no mapa da página do processo ou por PUT /api/processos/{protocolo}/area, com o arquivo da área",
        ));
    }
    // Art. 23: só se autoriza um servidor que existe (uma conta de servidor), não um texto.
    if let divisa_processo::Ato::AutorizarInformacao { servidor } = &ato {
        let conta = estado
            .registro()
            .usuarios()
            .await?
            .into_iter()
            .find(|u| u.login == *servidor);
        match conta {
            Some(u) if u.papel == divisa_processo::Papel::Servidor => {}
            Some(u) => {
                return Err(Falha::no_campo(
                    "servidor",
                    format!(
                        "{} não é servidor ({}): escolha um servidor da Casa",
                        u.nome,
                        u.papel.nome()
                    ),
                ))
            }
            None => {
                return Err(Falha::no_campo(
                    "servidor",
                    "não há servidor com essa conta: escolha um servidor da Casa",
                ))
            }
        }
    }
    // Um ato independente (juntar documento, certidão de um órgão...) não perde o que foi
    // digitado porque outro entrou antes: é decidido de novo sobre o estado atual e gravado.
    let mut versao = versao;
    for _ in 0..3 {
        match estado
            .registro()
            .anexar_com_arquivos(
                protocolo,
                versao,
                ator,
                ato.clone(),
                arquivos,
                data,
                estado.agora(),
            )
            .await
        {
            Err(ErroRegistro::Conflito { atual, .. }) if ato.independente() => versao = atual,
            outro => return outro.map_err(Falha::from),
        }
    }
    Err(Falha::nova(
        StatusCode::CONFLICT,
        "o processo está recebendo muitos atos ao mesmo tempo; tente de novo em instantes",
    ))
}

/// O protocolo num endereço: a barra do NUP vira `%2F`.
pub(crate) fn caminho_do_processo(protocolo: &str) -> String {
    format!("/processos/{}", protocolo.replace('/', "%2F"))
}

/// Um valor para a consulta de um endereço (`?q=…`): letras, algarismos e `-_.~` como estão;
/// o resto em %XX (UTF-8).
pub(crate) fn codificar_url(valor: &str) -> String {
    let mut s = String::with_capacity(valor.len());
    for b in valor.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                s.push(char::from(b))
            }
            _ => {
                let _ = std::fmt::Write::write_fmt(&mut s, format_args!("%{b:02X}"));
            }
        }
    }
    s
}

#[cfg(test)]
mod testes_do_endereco {
    use super::endereco_do_cliente;
    use std::net::{IpAddr, SocketAddr};

    fn sa(s: &str) -> SocketAddr {
        s.parse().unwrap()
    }

    /// Issue 17/19: o `X-Forwarded-For` só vale vindo de um proxy confiável, e dele vale o
    /// último endereço que não é de um proxy confiável (o que o cliente escreveu à esquerda não
    /// engana).
    #[test]
    fn x_forwarded_for_so_do_proxy_confiavel() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let interno: IpAddr = "10.0.0.2".parse().unwrap();
        let proxies = [proxy, interno];
        // sem proxy configurado: o cabeçalho é ignorado
        assert_eq!(
            endereco_do_cliente(Some(sa("203.0.113.9:5000")), Some("1.2.3.4"), &[]),
            Some(sa("203.0.113.9:5000"))
        );
        // de quem não é proxy: ignorado
        assert_eq!(
            endereco_do_cliente(Some(sa("203.0.113.9:5000")), Some("1.2.3.4"), &proxies),
            Some(sa("203.0.113.9:5000"))
        );
        // do proxy: o cliente que ele encaminhou
        assert_eq!(
            endereco_do_cliente(Some(sa("10.0.0.1:4000")), Some("198.51.100.7"), &proxies),
            Some(sa("198.51.100.7:0"))
        );
        // o cliente forjou um endereço à esquerda; dois proxies em cadeia à direita
        assert_eq!(
            endereco_do_cliente(
                Some(sa("10.0.0.1:4000")),
                Some("1.1.1.1, 198.51.100.7, 10.0.0.2"),
                &proxies
            ),
            Some(sa("198.51.100.7:0"))
        );
        // lixo no cabeçalho: fica o proxy (não se adivinha)
        assert_eq!(
            endereco_do_cliente(Some(sa("10.0.0.1:4000")), Some("nada"), &proxies),
            Some(sa("10.0.0.1:4000"))
        );
        // do proxy sem cabeçalho: o proxy
        assert_eq!(
            endereco_do_cliente(Some(sa("10.0.0.1:4000")), None, &proxies),
            Some(sa("10.0.0.1:4000"))
        );
    }
}
