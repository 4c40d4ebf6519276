//! O aplicativo para os testes: um banco SQLite novo num diretório temporário, semeado com os
//! dados de demonstração, e pedidos feitos ao roteador sem rede (`oneshot`).

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use divisa_registro::Registro;
use tower::ServiceExt;

pub struct App {
    pub router: Router,
    pub registro: Registro,
    pub dir: std::path::PathBuf,
}

impl Drop for App {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn diretorio(nome: &str) -> std::path::PathBuf {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let d = std::env::temp_dir().join(format!(
        "divisa-web-teste-{nome}-{}-{}",
        std::process::id(),
        N.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("diretório temporário");
    d
}

pub async fn app(nome: &str) -> App {
    let dir = diretorio(nome);
    let url = dir.join("divisa.sqlite3").to_string_lossy().into_owned();
    app_em(&url, dir).await
}

/// O aplicativo com o relógio do estado parado em `agora`: "hoje", para as páginas, é o dia de
/// `agora` em Cuiabá. A semente é de hoje de verdade (os processos de demonstração seguem a
/// redação da lei em vigor agora).
pub async fn app_no_instante(nome: &str, agora: jiff::Timestamp) -> App {
    let dir = diretorio(nome);
    let url = dir.join("divisa.sqlite3").to_string_lossy().into_owned();
    let registro = Registro::abrir(&url).await.expect("abrir o banco");
    divisa_web::semente::semear(&registro, jiff::Timestamp::now())
        .await
        .expect("semente");
    let estado = divisa_web::Estado::configurado(
        registro.clone(),
        divisa_web::Configuracao {
            relogio: divisa_web::Relogio::Fixo(agora),
            ..divisa_web::Configuracao::default()
        },
    );
    App {
        router: divisa_web::rotas(estado),
        registro,
        dir,
    }
}

/// O aplicativo sobre um banco PostgreSQL novo (criado aqui; apagado por [`apagar_postgres`]).
/// `None` só com `DIVISA_SEM_POSTGRES=1`.
pub async fn app_postgres(nome: &str) -> Option<(App, String)> {
    if std::env::var("DIVISA_SEM_POSTGRES").is_ok_and(|v| v == "1") {
        eprintln!("DIVISA_SEM_POSTGRES=1: teste da web em PostgreSQL PULADO");
        return None;
    }
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let banco = format!("divisa_teste_web_{nome}_{}", std::process::id());
    let mut c = sqlx::AnyConnection::connect("postgres://postgres@127.0.0.1:5432/postgres")
        .await
        .expect("PostgreSQL em 127.0.0.1:5432 (ou DIVISA_SEM_POSTGRES=1)");
    sqlx::query(&format!("DROP DATABASE IF EXISTS {banco} WITH (FORCE)"))
        .execute(&mut c)
        .await
        .expect("DROP DATABASE");
    sqlx::query(&format!("CREATE DATABASE {banco}"))
        .execute(&mut c)
        .await
        .expect("CREATE DATABASE");
    let url = format!("postgres://postgres@127.0.0.1:5432/{banco}");
    Some((app_em(&url, diretorio(nome)).await, banco))
}

pub async fn apagar_postgres(banco: &str) {
    use sqlx::Connection;
    if let Ok(mut c) =
        sqlx::AnyConnection::connect("postgres://postgres@127.0.0.1:5432/postgres").await
    {
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {banco} WITH (FORCE)"))
            .execute(&mut c)
            .await;
    }
}

async fn app_em(url: &str, dir: std::path::PathBuf) -> App {
    let registro = Registro::abrir(url).await.expect("abrir o banco");
    divisa_web::semente::semear(&registro, jiff::Timestamp::now())
        .await
        .expect("semente");
    App {
        router: divisa_web::rotas(divisa_web::Estado::novo(registro.clone(), false)),
        registro,
        dir,
    }
}

#[derive(Debug)]
pub struct Resposta {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub corpo: String,
    /// O corpo como veio (um PDF não é texto).
    pub bytes: Vec<u8>,
}

impl Resposta {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.corpo).unwrap_or_else(|e| panic!("JSON: {e}: {}", self.corpo))
    }
    pub fn cookies(&self) -> Vec<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok().map(String::from))
            .collect()
    }
}

/// Uma sessão de navegador: os cookies e o token CSRF.
#[derive(Debug, Clone, Default)]
pub struct Sessao {
    pub cookie: String,
    pub csrf: String,
}

impl App {
    pub async fn pedir(
        &self,
        metodo: &str,
        uri: &str,
        sessao: Option<&Sessao>,
        tipo: Option<&str>,
        corpo: impl Into<Body>,
        csrf_no_cabecalho: bool,
    ) -> Resposta {
        let mut r = Request::builder().method(metodo).uri(uri);
        if let Some(s) = sessao {
            if !s.cookie.is_empty() {
                r = r.header(header::COOKIE, &s.cookie);
            }
            if csrf_no_cabecalho {
                r = r.header("x-csrf-token", &s.csrf);
            }
        }
        if let Some(t) = tipo {
            r = r.header(header::CONTENT_TYPE, t);
        }
        let resposta = self
            .router
            .clone()
            .oneshot(r.body(corpo.into()).expect("pedido"))
            .await
            .expect("resposta");
        let status = resposta.status();
        let headers = resposta.headers().clone();
        let bytes = axum::body::to_bytes(resposta.into_body(), usize::MAX)
            .await
            .expect("corpo");
        Resposta {
            status,
            headers,
            corpo: String::from_utf8_lossy(&bytes).into_owned(),
            bytes: bytes.to_vec(),
        }
    }

    pub async fn get(&self, uri: &str, sessao: Option<&Sessao>) -> Resposta {
        self.pedir("GET", uri, sessao, None, Body::empty(), false)
            .await
    }

    /// POST JSON com o token CSRF no cabeçalho.
    pub async fn post_json(
        &self,
        uri: &str,
        sessao: Option<&Sessao>,
        corpo: serde_json::Value,
    ) -> Resposta {
        self.pedir(
            "POST",
            uri,
            sessao,
            Some("application/json"),
            corpo.to_string(),
            true,
        )
        .await
    }

    /// POST de formulário.
    pub async fn post_form(
        &self,
        uri: &str,
        sessao: Option<&Sessao>,
        campos: &[(&str, &str)],
    ) -> Resposta {
        let corpo = campos
            .iter()
            .map(|(k, v)| format!("{}={}", codificar(k), codificar(v)))
            .collect::<Vec<_>>()
            .join("&");
        self.pedir(
            "POST",
            uri,
            sessao,
            Some("application/x-www-form-urlencoded"),
            corpo,
            false,
        )
        .await
    }

    /// Emite um documento do processo (o ato explícito, issue 32: POST com a confirmação) e
    /// devolve o PDF emitido, baixado em seguida.
    pub async fn emitir(
        &self,
        protocolo: &str,
        tipo: &str,
        orgao: Option<&str>,
        sessao: &Sessao,
    ) -> Resposta {
        let mut campos = vec![("csrf", sessao.csrf.as_str()), ("confirmo", "sim")];
        if let Some(o) = orgao {
            campos.push(("orgao", o));
        }
        let r = self
            .post_form(
                &format!("{}/documentos/{tipo}/emitir", caminho(protocolo)),
                Some(sessao),
                &campos,
            )
            .await;
        assert_eq!(
            r.status,
            StatusCode::SEE_OTHER,
            "emitir {tipo}: {}",
            r.corpo
        );
        let consulta = orgao.map_or(String::new(), |o| format!("?orgao={o}"));
        self.get(
            &format!("{}/documentos/{tipo}{consulta}", caminho(protocolo)),
            Some(sessao),
        )
        .await
    }

    /// Entra pela API e devolve a sessão.
    pub async fn entrar(&self, login: &str) -> Sessao {
        let r = self
            .post_json(
                "/api/sessao",
                None,
                serde_json::json!({"login": login, "senha": divisa_web::semente::SENHA}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "login {login}: {}", r.corpo);
        let cookie = r
            .cookies()
            .iter()
            .find(|c| c.starts_with("divisa_sessao="))
            .and_then(|c| c.split(';').next().map(String::from))
            .expect("cookie de sessão");
        Sessao {
            cookie,
            csrf: r.json()["csrf"].as_str().expect("csrf").to_string(),
        }
    }

    /// Uma visita anônima: o cookie `divisa_pre` e o token do formulário.
    pub async fn visitante(&self) -> Sessao {
        let r = self.get("/entrar", None).await;
        let cookie = r
            .cookies()
            .iter()
            .find(|c| c.starts_with("divisa_pre="))
            .and_then(|c| c.split(';').next().map(String::from))
            .expect("cookie divisa_pre");
        Sessao {
            csrf: cookie.trim_start_matches("divisa_pre=").to_string(),
            cookie,
        }
    }

    /// O protocolo do processo de demonstração cujo nome contém `parte`.
    pub async fn protocolo(&self, parte: &str) -> String {
        self.registro
            .listar()
            .await
            .expect("listar")
            .into_iter()
            .find(|p| p.nome.contains(parte))
            .map(|p| p.protocolo)
            .expect("processo de demonstração")
    }
}

pub fn codificar(s: &str) -> String {
    let mut o = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                o.push(b as char)
            }
            _ => o.push_str(&format!("%{b:02X}")),
        }
    }
    o
}

/// O protocolo num caminho (a barra do NUP como %2F).
pub fn caminho(protocolo: &str) -> String {
    format!("/processos/{}", protocolo.replace('/', "%2F"))
}

pub fn rodar<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(f)
}

/// O servidor de verdade numa porta livre, num fio próprio; devolve o endereço base.
pub fn servidor(nome: &str) -> (String, std::path::PathBuf) {
    let dir = diretorio(nome);
    let db = dir.join("divisa.sqlite3").to_string_lossy().into_owned();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        let r = rt.block_on(divisa_web::servir(
            divisa_web::Opcoes {
                endereco: "127.0.0.1:0".parse().expect("endereço"),
                db,
                demonstracao: true,
                seguro: false,
                memoria_por_trabalho: None,
                proxies_confiaveis: Vec::new(),
                token_metricas: None,
                avisos: None,
                tls: None,
                relogio: divisa_web::Relogio::Sistema,
                documentos: divisa_documentos::OpcoesDoPdf::default(),
            },
            move |end, _| {
                let _ = tx.send(end);
            },
        ));
        if let Err(e) = r {
            eprintln!("servidor de teste: {e:#}");
        }
    });
    let end = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("o servidor não subiu");
    (format!("http://{end}"), dir)
}

/// A fronteira dos corpos multipart dos testes.
pub const FRONTEIRA: &str = "----divisa";

/// O `Content-Type` de um corpo feito por [`multipart`].
pub fn tipo_multipart() -> String {
    format!("multipart/form-data; boundary={FRONTEIRA}")
}

/// Um corpo multipart/form-data: (campo, nome do arquivo se for arquivo, valor).
pub fn multipart(partes: &[(&str, Option<&str>, &str)]) -> String {
    let mut c = String::new();
    for (nome, arquivo, valor) in partes {
        c.push_str(&format!(
            "--{FRONTEIRA}\r\nContent-Disposition: form-data; name=\"{nome}\""
        ));
        if let Some(a) = arquivo {
            c.push_str(&format!(
                "; filename=\"{a}\"\r\nContent-Type: application/octet-stream"
            ));
        }
        c.push_str(&format!("\r\n\r\n{valor}\r\n"));
    }
    c.push_str(&format!("--{FRONTEIRA}--\r\n"));
    c
}

/// Um corpo multipart/form-data com bytes quaisquer (um PDF): (campo, nome do arquivo se for
/// arquivo, valor).
pub fn multipart_bytes(partes: &[(&str, Option<&str>, &[u8])]) -> Vec<u8> {
    let mut c = Vec::new();
    for (nome, arquivo, valor) in partes {
        c.extend_from_slice(
            format!("--{FRONTEIRA}\r\nContent-Disposition: form-data; name=\"{nome}\"").as_bytes(),
        );
        if let Some(a) = arquivo {
            c.extend_from_slice(
                format!("; filename=\"{a}\"\r\nContent-Type: application/pdf").as_bytes(),
            );
        }
        c.extend_from_slice(b"\r\n\r\n");
        c.extend_from_slice(valor);
        c.extend_from_slice(b"\r\n");
    }
    c.extend_from_slice(format!("--{FRONTEIRA}--\r\n").as_bytes());
    c
}

/// Um corpo multipart só de campos de texto.
pub fn multipart_campos(campos: &[(&str, &str)]) -> String {
    multipart(
        &campos
            .iter()
            .map(|(k, v)| (*k, None, *v))
            .collect::<Vec<_>>(),
    )
}
