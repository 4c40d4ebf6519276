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
mod estado;
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
mod recibo;
mod representacao;
pub mod semente;
mod servidor;
mod verificar;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Mutex;

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
pub(crate) use estado::{anexar, Envio};
pub use estado::{Configuracao, Estado, Relogio};
pub(crate) use falha::Falha;
pub(crate) use html::{caminho_do_processo, codificar_url};
pub use servidor::{
    servir, Opcoes, CONEXOES_POR_ENDERECO, ENCERRAMENTO, MAXIMO_DE_CONEXOES, PRAZO_DO_CABECALHO,
    VIDA_DA_CONEXAO,
};

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
        .route("/processos/{protocolo}/recibo", get(recibo::recibo))
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
        .route("/saude", get(metricas::saude))
        .route("/metricas", get(metricas::metricas_prometheus))
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
