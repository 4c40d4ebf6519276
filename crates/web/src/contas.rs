//! Quem pede: sessão, CSRF, login com limite de tentativas, senhas em argon2id.

use std::net::SocketAddr;
use std::time::Duration;

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

use crate::{Estado, Falha};

pub(crate) const COOKIE_SESSAO: &str = "divisa_sessao";
pub(crate) const COOKIE_PRE: &str = "divisa_pre";
/// Uma sessão dura um expediente longo.
const DURACAO_DA_SESSAO: i64 = 12 * 3600;
/// Os limites de falhas de entrada (issue 17: o bloqueio não pode ser arma). Nenhuma conta fica
/// trancada: passadas as falhas livres, cada nova tentativa espera o dobro da anterior, até o
/// teto. Quem erra de um endereço só atrasa a si mesmo naquela conta; a conta, somando todos os
/// endereços, só atrasa (no máximo um minuto) depois de muitas falhas, o que segura a
/// adivinhação distribuída sem deixar ninguém de fora da própria conta por 15 minutos.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limite {
    /// Falhas sem espera.
    livres: u32,
    /// A maior espera.
    teto: Duration,
}

/// A mesma conta, do mesmo endereço.
pub(crate) const POR_CONTA_E_ENDERECO: Limite = Limite {
    livres: 5,
    teto: Duration::from_secs(15 * 60),
};
/// O mesmo endereço, em qualquer conta (atrás do proxy confiável, o endereço do cliente).
pub(crate) const POR_ENDERECO: Limite = Limite {
    livres: 20,
    teto: Duration::from_secs(15 * 60),
};
/// A mesma conta, de todos os endereços.
pub(crate) const POR_CONTA: Limite = Limite {
    livres: 50,
    teto: Duration::from_secs(60),
};
/// Falhas esquecidas depois de tanto tempo sem outra.
pub(crate) const JANELA: Duration = Duration::from_secs(15 * 60);
/// Códigos de verificação que não constam, pedidos do mesmo endereço (issue 16). O código tem 80
/// bits e não se adivinha; ainda assim a página de verificação não vira um oráculo para tentar
/// códigos ao acaso: passados os erros livres (quem digita errado umas vezes), cada código
/// desconhecido espera o dobro do anterior, até 15 minutos — só naquele endereço.
pub(crate) const VERIFICACOES_POR_ENDERECO: Limite = Limite {
    livres: 10,
    teto: Duration::from_secs(15 * 60),
};

/// Quanto a próxima tentativa tem de esperar depois da última de `falhas` falhas.
fn espera(falhas: u32, limite: Limite) -> Duration {
    if falhas < limite.livres {
        return Duration::ZERO;
    }
    let expoente = (falhas - limite.livres).min(20);
    Duration::from_secs(1u64 << expoente).min(limite.teto)
}

/// "3 segundos", "1 minuto", "15 minutos".
fn duracao(d: Duration) -> String {
    let s = d.as_secs().max(1);
    if s < 60 {
        format!("{s} segundo{}", if s == 1 { "" } else { "s" })
    } else {
        let m = s.div_ceil(60);
        format!("{m} minuto{}", if m == 1 { "" } else { "s" })
    }
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
    if !papel.tem_conta() {
        anyhow::bail!("o público não tem conta: ele vê o portal sem entrar");
    }
    let hash = hash_de_senha(senha).map_err(anyhow::Error::msg)?;
    let usuario = Usuario {
        demonstracao,
        ..Usuario::nova(login, nome.trim(), papel)
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
    divisa_referencia::formato::hexadecimal(&b)
}

use divisa_registro::sha256_hex;

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
    /// O caminho pedido (`/processos/…`): o menu marca a seção em que a pessoa está.
    pub caminho: String,
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
        // o endereço do cliente já resolvido pelo laço das conexões (o proxy confiável)
        let endereco = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        let seguro = estado.0.seguro;
        if let Some(t) = cookie(&parts.headers, COOKIE_SESSAO) {
            let h = sha256_hex(t.as_bytes());
            // sessões e limites de tentativas correm no relógio de verdade: o do estado pode estar
            // parado (nos testes, com DIVISA_AGORA), e parado uma sessão não venceria nunca, nem
            // uma conta atrasada por tentativas voltaria a entrar
            if let Some((usuario, csrf)) = estado.registro().sessao(&h, Timestamp::now()).await? {
                if let Some(p) = parts.extensions.get::<crate::pedidos::Pedido>() {
                    p.anotar_usuario(&usuario.login);
                }
                // A senha provisória (dada pela Presidência) se troca antes de qualquer outra
                // coisa: só a página da conta, a troca e a saída respondem.
                let caminho = parts.uri.path();
                if usuario.trocar_senha
                    && !matches!(caminho, "/conta" | "/conta/senha" | "/sair")
                    && !caminho.starts_with("/ativos/")
                {
                    return Err(Falha::proibido(
                        "a sua senha é provisória, dada pela Presidência da Comissão: troque-a em «Minha conta» (/conta) antes de continuar",
                    ));
                }
                return Ok(Quem {
                    usuario: Some(usuario),
                    csrf,
                    sessao: Some(h),
                    novo_pre: None,
                    endereco,
                    seguro,
                    caminho: parts.uri.path().to_owned(),
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
            caminho: parts.uri.path().to_owned(),
        })
    }
}

/// O resultado de um login bem-sucedido: o cookie a gravar e o token CSRF da sessão nova.
pub(crate) struct Entrada {
    pub usuario: Usuario,
    pub set_cookie: String,
    pub csrf: String,
}

/// Recusa (429) se alguma das `chaves` ainda está na espera depois da última falha, dizendo
/// quanto falta. As falhas estão no banco: valem em todos os servidores (issue 19).
async fn bloqueado(estado: &Estado, chaves: &[(String, Limite)]) -> Result<(), Falha> {
    bloqueado_por(estado, chaves, "tentativas de entrada demais").await
}

/// A chave das verificações de um endereço (issue 16).
fn chave_da_verificacao(quem: &Quem) -> [(String, Limite); 1] {
    let endereco = quem
        .endereco
        .map_or("local".to_string(), |e| e.ip().to_string());
    [(format!("verificar:{endereco}"), VERIFICACOES_POR_ENDERECO)]
}

/// Recusa (429) quem pediu códigos de verificação desconhecidos demais, há pouco, deste
/// endereço (issue 16).
pub(crate) async fn limitar_verificacao(estado: &Estado, quem: &Quem) -> Result<(), Falha> {
    bloqueado_por(
        estado,
        &chave_da_verificacao(quem),
        "códigos de verificação desconhecidos demais a partir deste endereço",
    )
    .await
}

/// Conta um código de verificação desconhecido pedido deste endereço.
pub(crate) async fn falha_de_verificacao(estado: &Estado, quem: &Quem) {
    registrar_falha(estado, &chave_da_verificacao(quem)).await;
}

/// [`bloqueado`] com o que foi demais (`o_que`) na mensagem.
async fn bloqueado_por(
    estado: &Estado,
    chaves: &[(String, Limite)],
    o_que: &str,
) -> Result<(), Falha> {
    let nomes: Vec<String> = chaves.iter().map(|(c, _)| c.clone()).collect();
    let gravadas = estado.registro().falhas(&nomes).await?;
    let agora = Timestamp::now().as_millisecond();
    let mut falta = Duration::ZERO;
    for (chave, limite) in chaves {
        if let Some((_, f)) = gravadas.iter().find(|(c, _)| c == chave) {
            let passou = Duration::from_millis(u64::try_from(agora - f.ultima_ms).unwrap_or(0));
            if passou >= JANELA {
                continue;
            }
            falta = falta.max(espera(f.falhas, *limite).saturating_sub(passou));
        }
    }
    if falta > Duration::ZERO {
        return Err(Falha::nova(
            StatusCode::TOO_MANY_REQUESTS,
            format!("{o_que}; espere {} e tente de novo", duracao(falta)),
        ));
    }
    Ok(())
}

/// A chave das falhas de uma conta: o SHA-256 do login (um login de 30 MB não vira 30 MB
/// guardados; issue 14).
fn chave_da_conta(login: &str) -> String {
    format!("conta:{}", sha256_hex(login.as_bytes()))
}

/// Conta uma falha em cada uma das `chaves`, no banco.
async fn registrar_falha(estado: &Estado, chaves: &[(String, Limite)]) {
    let nomes: Vec<String> = chaves.iter().map(|(c, _)| c.clone()).collect();
    let janela = i64::try_from(JANELA.as_millis()).unwrap_or(i64::MAX);
    if let Err(e) = estado
        .registro()
        .registrar_falhas(&nomes, Timestamp::now(), janela)
        .await
    {
        tracing::error!(target: "divisa::conta", causa = %e, "não foi possível registrar a falha de entrada");
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
    let chaves = [(chave_da_conta(&usuario.login), POR_CONTA_E_ENDERECO)];
    bloqueado(estado, &chaves).await?;
    let hash = estado
        .registro()
        .usuario_e_hash(&usuario.login)
        .await?
        .map(|(_, h)| h)
        .unwrap_or_default();
    if !confere_senha(atual, &hash) {
        registrar_falha(estado, &chaves).await;
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
    let endereco = quem
        .endereco
        .map_or("local".to_string(), |e| e.ip().to_string());
    let chaves = [
        (
            format!("{}@{endereco}", chave_da_conta(&login)),
            POR_CONTA_E_ENDERECO,
        ),
        (format!("endereco:{endereco}"), POR_ENDERECO),
        (chave_da_conta(&login), POR_CONTA),
    ];
    // o login tentado vai ao log cortado (quem digita a senha no campo do login não a vê inteira
    // no log, e um login de 30 MB não vira uma linha de 30 MB)
    let login_no_log: String = login.chars().take(32).collect();
    if let Err(f) = bloqueado(estado, &chaves).await {
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
        registrar_falha(estado, &chaves).await;
        tracing::warn!(target: "divisa::conta", login = %login_no_log, endereco = %endereco, "falha de entrada: login ou senha não conferem");
        return Err(Falha::nova(
            StatusCode::UNAUTHORIZED,
            "login ou senha não conferem",
        ));
    };
    // A conta desativada pela Presidência não entra; só quem sabe a senha fica sabendo por quê.
    if !usuario.ativa {
        tracing::warn!(target: "divisa::conta", login = %login_no_log, endereco = %endereco, "entrada recusada: conta desativada");
        return Err(Falha::proibido(
            "esta conta foi desativada pela Presidência da Comissão: procure a secretaria da Comissão de Revisão Territorial",
        ));
    }
    // quem entra zera as suas falhas naquela conta (as do endereço continuam contando)
    if let Err(e) = estado
        .registro()
        .esquecer_falhas(&[chaves[0].0.clone(), chaves[2].0.clone()])
        .await
    {
        tracing::error!(target: "divisa::conta", causa = %e, "não foi possível esquecer as falhas de entrada");
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
    use super::*;

    /// Issue 17: a espera cresce em dobro depois das falhas livres e para no teto; nenhuma
    /// conta fica trancada.
    #[test]
    fn espera_cresce_em_dobro_ate_o_teto() {
        let l = POR_CONTA_E_ENDERECO;
        assert_eq!(espera(4, l), Duration::ZERO);
        assert_eq!(espera(5, l), Duration::from_secs(1));
        assert_eq!(espera(6, l), Duration::from_secs(2));
        assert_eq!(espera(14, l), Duration::from_secs(512));
        assert_eq!(espera(15, l), Duration::from_secs(900));
        assert_eq!(espera(1_000, l), Duration::from_secs(900));
        // a conta somando todos os endereços: 50 livres, no máximo um minuto
        assert_eq!(espera(49, POR_CONTA), Duration::ZERO);
        assert_eq!(espera(60, POR_CONTA), Duration::from_secs(60));
        assert_eq!(duracao(Duration::from_secs(1)), "1 segundo");
        assert_eq!(duracao(Duration::from_millis(1500)), "1 segundo");
        assert_eq!(duracao(Duration::from_secs(59)), "59 segundos");
        assert_eq!(duracao(Duration::from_secs(61)), "2 minutos");
    }

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
