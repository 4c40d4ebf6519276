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
mod camadas;
mod catalogo;
mod consulta;
mod conta;
mod contas;
mod documentos;
mod falha;
mod ficha_do_municipio;
mod formulario;
mod formularios;
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
mod servidor;
mod verificar;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, OnceLock};

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use divisa_registro::{ErroRegistro, Registro};

pub(crate) use camadas::{
    cabecalhos_de_seguranca, prazo_do_corpo, rejeicoes_em_portugues, traduzir_rejeicao,
};
pub use camadas::{
    LIMITE_DE_ENVIO, PRAZO_ENTRE_PEDACOS, PRAZO_MINIMO_DO_CORPO, TAXA_MINIMA_DO_CORPO,
};
pub use contas::{criar_usuario, hash_de_senha};
pub(crate) use falha::Falha;
pub use servidor::{
    servir, Opcoes, CONEXOES_POR_ENDERECO, ENCERRAMENTO, MAXIMO_DE_CONEXOES, PRAZO_DO_CABECALHO,
    VIDA_DA_CONEXAO,
};

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
    /// Como compor os PDFs: o endereço público de conferência que o QR leva.
    pub documentos: divisa_documentos::OpcoesDoPdf,
}

impl Default for Configuracao {
    fn default() -> Configuracao {
        Configuracao {
            seguro: false,
            memoria_por_trabalho: oficina::MEMORIA,
            token_metricas: None,
            relogio: Relogio::Sistema,
            documentos: divisa_documentos::OpcoesDoPdf::default(),
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
    /// Como compor os PDFs emitidos.
    documentos: divisa_documentos::OpcoesDoPdf,
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
            documentos: c.documentos,
        }))
    }

    /// Como compor os PDFs emitidos (o endereço público de conferência).
    pub(crate) fn opcoes_dos_documentos(&self) -> &divisa_documentos::OpcoesDoPdf {
        &self.0.documentos
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
    // o caso de uso dos autos, o mesmo da linha de comando; a avaliação (que mede o
    // território) na oficina, fora dos trabalhadores assíncronos, com orçamento
    let preparar = divisa_autos::anexar::para_preparar(estado.registro(), protocolo, ato).await?;
    let ato = estado
        .oficina()
        .executar(None, move || preparar.preparar(data, &mut |_| {}))
        .await??;
    Ok(divisa_autos::anexar::gravar(
        estado.registro(),
        protocolo,
        versao,
        ator,
        ato,
        arquivos,
        data,
        estado.agora(),
    )
    .await?)
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
