//! Quem pede: sessão, CSRF, login com limite de tentativas, senhas em argon2id.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use divisa_processo::{Ator, Papel};
use divisa_registro::{Registro, Usuario};
use jiff::Timestamp;
use sha2::{Digest, Sha256};

use crate::{Estado, Falha};

pub(crate) const COOKIE_SESSAO: &str = "divisa_sessao";
pub(crate) const COOKIE_PRE: &str = "divisa_pre";
/// Uma sessão dura um expediente longo.
const DURACAO_DA_SESSAO: i64 = 12 * 3600;
/// Falhas de login permitidas por janela, por conta e por endereço.
pub(crate) const FALHAS_POR_CONTA: u32 = 5;
pub(crate) const FALHAS_POR_ENDERECO: u32 = 20;
pub(crate) const JANELA: Duration = Duration::from_secs(15 * 60);

/// Falhas numa janela.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tentativas {
    falhas: u32,
    desde: Instant,
}

/// O hash argon2id (formato PHC, com sal aleatório) de uma senha.
pub fn hash_de_senha(senha: &str) -> Result<String, String> {
    let sal = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(senha.as_bytes(), &sal)
        .map(|h| h.to_string())
        .map_err(|e| format!("não foi possível gerar o hash da senha: {e}"))
}

fn confere_senha(senha: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|h| {
            Argon2::default()
                .verify_password(senha.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Quantos caracteres uma senha tem, no mínimo (a da linha de comando e a da página da conta).
pub const TAMANHO_MINIMO_DA_SENHA: usize = 10;

/// Cria uma conta (o `divisa usuario criar` e a semente). `Ok(false)`: o login já existe.
pub async fn criar_usuario(
    registro: &Registro,
    login: &str,
    nome: &str,
    papel: Papel,
    senha: &str,
    demonstracao: bool,
) -> anyhow::Result<bool> {
    validar_login(login).map_err(anyhow::Error::msg)?;
    if senha.chars().count() < TAMANHO_MINIMO_DA_SENHA && !demonstracao {
        anyhow::bail!("a senha precisa ter ao menos {TAMANHO_MINIMO_DA_SENHA} caracteres");
    }
    if papel == Papel::Publico {
        anyhow::bail!("o público não tem conta: ele vê o portal sem entrar");
    }
    let hash = hash_de_senha(senha).map_err(anyhow::Error::msg)?;
    let usuario = Usuario {
        login: login.to_string(),
        nome: nome.trim().to_string(),
        papel,
        demonstracao,
    };
    Ok(registro
        .criar_usuario(&usuario, &hash, Timestamp::now())
        .await?)
}

/// O login: letras minúsculas sem acento, algarismos, ponto, hífen e sublinhado.
pub(crate) fn validar_login(login: &str) -> Result<(), String> {
    if login.is_empty() || login.len() > 64 {
        return Err("o login deve ter de 1 a 64 caracteres".into());
    }
    if !login
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'_'))
    {
        return Err(format!(
            "login «{login}»: use só letras minúsculas sem acento, algarismos, ponto, hífen e sublinhado"
        ));
    }
    Ok(())
}

/// Um token aleatório de 256 bits, em hexadecimal.
pub(crate) fn token() -> String {
    let mut b = [0u8; 32];
    OsRng.fill_bytes(&mut b);
    hex(&b)
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Igualdade sem atalho (o tempo não revela quantos caracteres batem).
fn iguais(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

fn cookie(headers: &HeaderMap, nome: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|par| par.trim().split_once('='))
        .find(|(k, _)| *k == nome)
        .map(|(_, v)| v.to_string())
        .filter(|v| !v.is_empty() && v.len() <= 128 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Quem fez o pedido: a conta (se entrou), o token CSRF a pôr nos formulários e o endereço.
#[derive(Debug, Clone)]
pub(crate) struct Quem {
    pub usuario: Option<Usuario>,
    pub csrf: String,
    /// O token da sessão, já em hash.
    pub sessao: Option<String>,
    /// Um `divisa_pre` novo a gravar no navegador.
    pub novo_pre: Option<String>,
    pub endereco: Option<SocketAddr>,
    pub seguro: bool,
}

impl Quem {
    /// O ator dos eventos: a conta, ou o público.
    pub fn ator(&self) -> Ator {
        match &self.usuario {
            Some(u) => Ator::new(u.login.clone(), u.papel),
            None => Ator::new("publico", Papel::Publico),
        }
    }

    pub fn papel(&self) -> Papel {
        self.usuario.as_ref().map_or(Papel::Publico, |u| u.papel)
    }

    /// Confere o token CSRF de um formulário ou do cabeçalho `X-CSRF-Token`.
    pub fn conferir_csrf(&self, enviado: Option<&str>) -> Result<(), Falha> {
        match enviado {
            Some(t) if self.novo_pre.is_none() && iguais(t, &self.csrf) => Ok(()),
            _ => Err(Falha::proibido(
                "formulário sem o token de segurança (CSRF) válido: recarregue a página e envie de novo",
            )),
        }
    }

    /// Exige uma conta.
    pub fn exigir_conta(&self) -> Result<&Usuario, Falha> {
        self.usuario.as_ref().ok_or_else(|| {
            Falha::nova(
                StatusCode::UNAUTHORIZED,
                "é preciso entrar com uma conta para isso",
            )
        })
    }

    /// Grava o `divisa_pre` novo na resposta, se houver.
    pub fn gravar_cookies(&self, r: &mut Response) {
        if let Some(pre) = &self.novo_pre {
            if let Ok(v) =
                HeaderValue::from_str(&definir_cookie(COOKIE_PRE, pre, None, self.seguro))
            {
                r.headers_mut().append(header::SET_COOKIE, v);
            }
        }
    }
}

/// `Set-Cookie` com `HttpOnly`, `SameSite=Strict`, `Path=/` (e `Secure` atrás de TLS).
pub(crate) fn definir_cookie(
    nome: &str,
    valor: &str,
    max_age: Option<i64>,
    seguro: bool,
) -> String {
    format!(
        "{nome}={valor}; Path=/; HttpOnly; SameSite=Strict{}{}",
        max_age.map_or(String::new(), |s| format!("; Max-Age={s}")),
        if seguro { "; Secure" } else { "" }
    )
}

impl FromRequestParts<Estado> for Quem {
    type Rejection = Falha;

    async fn from_request_parts(parts: &mut Parts, estado: &Estado) -> Result<Quem, Falha> {
        let endereco = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        let seguro = estado.0.seguro;
        if let Some(t) = cookie(&parts.headers, COOKIE_SESSAO) {
            let h = sha256_hex(t.as_bytes());
            if let Some((usuario, csrf)) = estado.registro().sessao(&h, Timestamp::now()).await? {
                if let Some(p) = parts.extensions.get::<crate::pedidos::Pedido>() {
                    p.anotar_usuario(&usuario.login);
                }
                return Ok(Quem {
                    usuario: Some(usuario),
                    csrf,
                    sessao: Some(h),
                    novo_pre: None,
                    endereco,
                    seguro,
                });
            }
        }
        let (csrf, novo_pre) = match cookie(&parts.headers, COOKIE_PRE) {
            Some(pre) => (pre, None),
            None => {
                let t = token();
                (t.clone(), Some(t))
            }
        };
        Ok(Quem {
            usuario: None,
            csrf,
            sessao: None,
            novo_pre,
            endereco,
            seguro,
        })
    }
}

/// O resultado de um login bem-sucedido: o cookie a gravar e o token CSRF da sessão nova.
pub(crate) struct Entrada {
    pub usuario: Usuario,
    pub set_cookie: String,
    pub csrf: String,
}

/// Recusa (429) se alguma das `chaves` já passou do seu limite de falhas na janela.
fn bloqueado(estado: &Estado, chaves: &[String], limites: &[u32]) -> Result<(), Falha> {
    let mut t = estado
        .0
        .tentativas
        .lock()
        .map_err(|_| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, "estado interno"))?;
    t.retain(|_, v| v.desde.elapsed() < JANELA);
    for (chave, limite) in chaves.iter().zip(limites) {
        if t.get(chave).is_some_and(|v| v.falhas >= *limite) {
            return Err(Falha::nova(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "tentativas de entrada demais; espere {} minutos e tente de novo",
                    JANELA.as_secs() / 60
                ),
            ));
        }
    }
    Ok(())
}

/// A chave das falhas de uma conta: o SHA-256 do login (um login de 30 MB não vira 30 MB
/// guardados; issue 14).
fn chave_da_conta(login: &str) -> String {
    format!("conta:{}", sha256_hex(login.as_bytes()))
}

/// Conta uma falha em cada uma das `chaves`.
fn registrar_falha(estado: &Estado, chaves: &[String]) {
    if let Ok(mut t) = estado.0.tentativas.lock() {
        for chave in chaves {
            let v = t.entry(chave.clone()).or_insert(Tentativas {
                falhas: 0,
                desde: Instant::now(),
            });
            v.falhas += 1;
        }
    }
}

/// Troca a senha de quem está na sessão: confere a atual (a mesma contagem de falhas do login,
/// por conta — uma sessão roubada não vira um jeito de adivinhar a senha), exige o tamanho
/// mínimo e a confirmação igual, e encerra as outras sessões da conta.
pub(crate) async fn trocar_senha(
    estado: &Estado,
    quem: &Quem,
    atual: &str,
    nova: &str,
    confirmacao: &str,
) -> Result<(), Falha> {
    let Some(usuario) = &quem.usuario else {
        return Err(Falha::nova(
            StatusCode::UNAUTHORIZED,
            "entre na sua conta para trocar a senha",
        ));
    };
    let chaves = [chave_da_conta(&usuario.login)];
    bloqueado(estado, &chaves, &[FALHAS_POR_CONTA])?;
    let hash = estado
        .registro()
        .usuario_e_hash(&usuario.login)
        .await?
        .map(|(_, h)| h)
        .unwrap_or_default();
    if !confere_senha(atual, &hash) {
        registrar_falha(estado, &chaves);
        return Err(Falha::no_campo("atual", "a senha atual não confere"));
    }
    if nova.chars().count() < TAMANHO_MINIMO_DA_SENHA {
        return Err(Falha::no_campo(
            "nova",
            format!("a senha nova precisa ter ao menos {TAMANHO_MINIMO_DA_SENHA} caracteres"),
        ));
    }
    if nova == atual {
        return Err(Falha::no_campo("nova", "a senha nova é igual à atual"));
    }
    if nova != confirmacao {
        return Err(Falha::no_campo(
            "confirmacao",
            "a confirmação não é igual à senha nova",
        ));
    }
    let novo_hash =
        hash_de_senha(nova).map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    estado
        .registro()
        .trocar_senha(&usuario.login, &novo_hash, quem.sessao.as_deref())
        .await?;
    Ok(())
}

/// Confere login e senha, com o limite de tentativas; abre a sessão.
pub(crate) async fn entrar(
    estado: &Estado,
    quem: &Quem,
    login: &str,
    senha: &str,
) -> Result<Entrada, Falha> {
    let login = login.trim().to_lowercase();
    let chaves = [
        chave_da_conta(&login),
        format!(
            "endereco:{}",
            quem.endereco
                .map_or("local".to_string(), |e| e.ip().to_string())
        ),
    ];
    let limites = [FALHAS_POR_CONTA, FALHAS_POR_ENDERECO];
    let endereco = quem
        .endereco
        .map(|e| e.ip().to_string())
        .unwrap_or_default();
    // o login tentado vai ao log cortado (quem digita a senha no campo do login não a vê inteira
    // no log, e um login de 30 MB não vira uma linha de 30 MB)
    let login_no_log: String = login.chars().take(32).collect();
    if let Err(f) = bloqueado(estado, &chaves, &limites) {
        tracing::warn!(target: "divisa::conta", login = %login_no_log, endereco = %endereco, "entrada recusada: tentativas demais (bloqueio)");
        return Err(f);
    }
    let achado = estado.registro().usuario_e_hash(&login).await?;
    // Sem a conta, confere contra um hash qualquer: o tempo não revela quais logins existem.
    let ok = match &achado {
        Some((_, hash)) => confere_senha(senha, hash),
        None => {
            confere_senha(senha, HASH_FICTICIO);
            false
        }
    };
    let Some((usuario, _)) = achado.filter(|_| ok) else {
        registrar_falha(estado, &chaves);
        tracing::warn!(target: "divisa::conta", login = %login_no_log, endereco = %endereco, "falha de entrada: login ou senha não conferem");
        return Err(Falha::nova(
            StatusCode::UNAUTHORIZED,
            "login ou senha não conferem",
        ));
    };
    if let Ok(mut t) = estado.0.tentativas.lock() {
        t.remove(&chaves[0]);
    }
    let sessao = token();
    let csrf = token();
    let agora = Timestamp::now();
    let expira = agora
        .checked_add(jiff::SignedDuration::from_secs(DURACAO_DA_SESSAO))
        .unwrap_or(agora);
    estado
        .registro()
        .abrir_sessao(
            &sha256_hex(sessao.as_bytes()),
            &usuario.login,
            &csrf,
            agora,
            expira,
        )
        .await?;
    tracing::info!(target: "divisa::conta", login = %usuario.login, endereco = %endereco, "entrada");
    Ok(Entrada {
        usuario,
        set_cookie: definir_cookie(COOKIE_SESSAO, &sessao, Some(DURACAO_DA_SESSAO), quem.seguro),
        csrf,
    })
}

/// Encerra a sessão; devolve o `Set-Cookie` que a apaga.
pub(crate) async fn sair(estado: &Estado, quem: &Quem) -> Result<String, Falha> {
    if let Some(h) = &quem.sessao {
        estado.registro().encerrar_sessao(h).await?;
    }
    Ok(definir_cookie(COOKIE_SESSAO, "", Some(0), quem.seguro))
}

/// Hash argon2id de uma senha que ninguém tem (para o login inexistente custar o mesmo tempo).
const HASH_FICTICIO: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c2FsZGVtb25zdHJhY2Fv$Hh9F6CkXGm0pSg2yBNQ4rV0v3u0+9KJ9uQ6Jx1Hn0dQ";

#[cfg(test)]
mod testes {
    /// Issue 14: o registro de falhas guarda uma chave de tamanho fixo, qualquer que seja o
    /// login tentado.
    #[test]
    fn chave_das_falhas_tem_tamanho_fixo() {
        let enorme = "x".repeat(30 << 20);
        let chave = super::chave_da_conta(&enorme);
        assert_eq!(chave.len(), "conta:".len() + 64);
        assert_eq!(
            chave,
            super::chave_da_conta(&enorme),
            "a mesma conta, a mesma chave"
        );
        assert_ne!(chave, super::chave_da_conta("ana"));
    }
}
