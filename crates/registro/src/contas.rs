//! Contas, sessões e arquivos da aplicação web (`divisa serve`).
//!
//! O registro guarda; quem decide é a aplicação: a senha chega aqui já como hash argon2 (formato
//! PHC) e a sessão, como SHA-256 do token do cookie — um vazamento do banco não entrega senhas
//! nem sessões abertas.

use divisa_processo::Papel;
use jiff::Timestamp;
use sqlx::Row;

use crate::{para_u64, ErroRegistro, Registro};

/// Uma conta.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Usuario {
    /// O login (também o identificador do ator nos eventos).
    pub login: String,
    /// O nome por extenso.
    pub nome: String,
    /// O papel com que age.
    pub papel: Papel,
    /// Conta da semente de demonstração (gravada como 0/1: o driver `Any` do sqlx não lê
    /// BOOLEAN do SQLite).
    pub demonstracao: bool,
    /// O cargo por extenso ("Técnica Legislativa", "Deputado Estadual"); sem ele, o do papel
    /// ([`Usuario::cargo_exibido`]).
    pub cargo: Option<String>,
    /// A conta entra (desativada pela Presidência, não entra e não tem sessão).
    pub ativa: bool,
    /// A senha é provisória (criada ou redefinida pela Presidência): a pessoa a troca ao entrar.
    pub trocar_senha: bool,
}

impl Usuario {
    /// Uma conta nova, ativa, com o cargo do papel e senha definitiva.
    pub fn nova(login: impl Into<String>, nome: impl Into<String>, papel: Papel) -> Usuario {
        Usuario {
            login: login.into(),
            nome: nome.into(),
            papel,
            demonstracao: false,
            cargo: None,
            ativa: true,
            trocar_senha: false,
        }
    }

    /// O cargo que se mostra: o cargo por extenso, ou o do papel.
    pub fn cargo_exibido(&self) -> &str {
        match &self.cargo {
            Some(c) if !c.trim().is_empty() => c.trim(),
            _ => self.papel.cargo(),
        }
    }
}

/// Uma alteração de conta feita pela Presidência, como registrada.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlteracaoDeConta {
    /// A conta alterada.
    pub login: String,
    /// O que mudou: `criada`, `nome`, `cargo`, `papel`, `desativada`, `reativada`,
    /// `senha_redefinida`.
    pub alteracao: String,
    /// O valor novo, em palavras (nunca a senha).
    pub detalhe: String,
    /// O login de quem alterou.
    pub por: String,
    /// Quando.
    pub em: Timestamp,
}

/// O que a Presidência muda numa conta.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Alteracao {
    /// O nome por extenso.
    Nome(String),
    /// O cargo por extenso (vazio: o do papel).
    Cargo(String),
    /// O papel.
    Papel(Papel),
    /// Desativa: não entra mais, e as sessões abertas se encerram.
    Desativar,
    /// Reativa.
    Reativar,
    /// Redefine a senha (o hash da provisória): a pessoa a troca ao entrar; as sessões se
    /// encerram.
    RedefinirSenha(String),
}

/// Um arquivo guardado com o processo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArquivoGuardado {
    /// Número do arquivo.
    pub id: i64,
    /// O processo.
    pub protocolo: String,
    /// O nome com que veio.
    pub nome: String,
    /// Para que serve (o mapa, o memorial, a lista dos títulos).
    pub finalidade: crate::Finalidade,
    /// O ato (evento) que o juntou aos autos; `None` num arquivo enviado antes de os arquivos da
    /// representação entrarem na cadeia e ainda não juntado pela migração
    /// ([`Registro::juntar_arquivos_fora_da_cadeia`]).
    pub evento_seq: Option<u64>,
    /// SHA-256 do conteúdo, em hexadecimal.
    pub sha256: String,
    /// Tamanho em bytes.
    pub tamanho: u64,
    /// Quem enviou.
    pub enviado_por: String,
    /// Quando.
    pub enviado_em: String,
}

fn usuario_da_linha(r: &sqlx::any::AnyRow) -> Result<Usuario, ErroRegistro> {
    let login: String = r.try_get("login")?;
    let papel: String = r.try_get("papel")?;
    Ok(Usuario {
        papel: Papel::de_codigo(&papel).ok_or_else(|| ErroRegistro::Corrompido {
            protocolo: format!("conta {login}"),
            seq: 0,
            causa: format!("papel \"{papel}\" desconhecido"),
        })?,
        nome: r.try_get("nome")?,
        demonstracao: r.try_get::<i64, _>("demonstracao")? != 0,
        cargo: r.try_get("cargo")?,
        ativa: r.try_get::<i64, _>("ativa")? != 0,
        trocar_senha: r.try_get::<i64, _>("trocar_senha")? != 0,
        login,
    })
}

/// As colunas de uma conta (sem a senha).
const COLUNAS_DA_CONTA: &str = "login, nome, papel, demonstracao, cargo, ativa, trocar_senha";

impl Registro {
    /// Cria uma conta. `Ok(false)` se o login já existe (nada é mudado).
    pub async fn criar_usuario(
        &self,
        usuario: &Usuario,
        senha_hash: &str,
        agora: Timestamp,
    ) -> Result<bool, ErroRegistro> {
        let feito = sqlx::query(
            "INSERT INTO usuarios (login, nome, papel, senha_hash, demonstracao, criado_em, \
             cargo, ativa, trocar_senha) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (login) DO NOTHING",
        )
        .bind(&usuario.login)
        .bind(&usuario.nome)
        .bind(usuario.papel.codigo())
        .bind(senha_hash)
        .bind(i64::from(usuario.demonstracao))
        .bind(agora.to_string())
        .bind(
            usuario
                .cargo
                .as_deref()
                .map(str::trim)
                .filter(|c| !c.is_empty()),
        )
        .bind(i64::from(usuario.ativa))
        .bind(i64::from(usuario.trocar_senha))
        .execute(&self.pool)
        .await?;
        Ok(feito.rows_affected() == 1)
    }

    /// A conta e o hash da senha, para conferir um login.
    pub async fn usuario_e_hash(
        &self,
        login: &str,
    ) -> Result<Option<(Usuario, String)>, ErroRegistro> {
        let Some(r) = sqlx::query(&format!(
            "SELECT {COLUNAS_DA_CONTA}, senha_hash FROM usuarios WHERE login = $1"
        ))
        .bind(login)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        Ok(Some((usuario_da_linha(&r)?, r.try_get("senha_hash")?)))
    }

    /// Troca o hash da senha de `login` e encerra as outras sessões da conta (fica só a
    /// `manter`, a de quem trocou). `Ok(false)` se a conta não existe.
    pub async fn trocar_senha(
        &self,
        login: &str,
        senha_hash: &str,
        manter: Option<&str>,
    ) -> Result<bool, ErroRegistro> {
        let mut tx = self.pool.begin().await?;
        let feito =
            sqlx::query("UPDATE usuarios SET senha_hash = $1, trocar_senha = 0 WHERE login = $2")
                .bind(senha_hash)
                .bind(login)
                .execute(&mut *tx)
                .await?;
        sqlx::query("DELETE FROM sessoes WHERE login = $1 AND token_hash <> $2")
            .bind(login)
            .bind(manter.unwrap_or(""))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(feito.rows_affected() == 1)
    }

    /// Quantas contas há (zero: o banco é novo).
    pub async fn contar_usuarios(&self) -> Result<u64, ErroRegistro> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM usuarios")
            .fetch_one(&self.pool)
            .await?;
        Ok(para_u64(n))
    }

    /// Quem é quem, para documentos e páginas: o login de cada conta e o nome com o cargo
    /// ("Ana Maria Souza, Presidente da Comissão de Revisão Territorial").
    pub async fn pessoas(
        &self,
    ) -> Result<std::collections::BTreeMap<String, String>, ErroRegistro> {
        Ok(self
            .usuarios()
            .await?
            .into_iter()
            .map(|u| {
                let quem = format!("{}, {}", u.nome, u.cargo_exibido());
                (u.login, quem)
            })
            .collect())
    }

    /// Todas as contas, por login.
    pub async fn usuarios(&self) -> Result<Vec<Usuario>, ErroRegistro> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUNAS_DA_CONTA} FROM usuarios ORDER BY login"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(usuario_da_linha).collect()
    }

    /// Abre uma sessão (o token já em hash) que vale até `expira`.
    pub async fn abrir_sessao(
        &self,
        token_hash: &str,
        login: &str,
        csrf: &str,
        agora: Timestamp,
        expira: Timestamp,
    ) -> Result<(), ErroRegistro> {
        // sessões vencidas saem quando outra entra
        sqlx::query("DELETE FROM sessoes WHERE expira_em < $1")
            .bind(agora.to_string())
            .execute(&self.pool)
            .await?;
        sqlx::query(
            "INSERT INTO sessoes (token_hash, login, csrf, criada_em, expira_em) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(token_hash)
        .bind(login)
        .bind(csrf)
        .bind(agora.to_string())
        .bind(expira.to_string())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A conta e o token CSRF de uma sessão válida em `agora`.
    pub async fn sessao(
        &self,
        token_hash: &str,
        agora: Timestamp,
    ) -> Result<Option<(Usuario, String)>, ErroRegistro> {
        let Some(r) = sqlx::query(
            "SELECT u.login, u.nome, u.papel, u.demonstracao, u.cargo, u.ativa, u.trocar_senha, \
             s.csrf, s.expira_em \
             FROM sessoes s JOIN usuarios u ON u.login = s.login \
             WHERE s.token_hash = $1 AND u.ativa = 1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let expira: String = r.try_get("expira_em")?;
        match expira.parse::<Timestamp>() {
            Ok(e) if e > agora => Ok(Some((usuario_da_linha(&r)?, r.try_get("csrf")?))),
            _ => Ok(None),
        }
    }

    /// Altera uma conta, por `por` (o login de quem altera), e registra a alteração, numa
    /// transação. Desativar e redefinir a senha encerram as sessões da conta. `Ok(false)` se a
    /// conta não existe.
    pub async fn alterar_conta(
        &self,
        login: &str,
        alteracao: &Alteracao,
        por: &str,
        agora: Timestamp,
    ) -> Result<bool, ErroRegistro> {
        let (sql, valor, nome, detalhe, encerrar): (&str, Option<String>, &str, String, bool) =
            match alteracao {
                Alteracao::Nome(n) => (
                    "UPDATE usuarios SET nome = $1 WHERE login = $2",
                    Some(n.trim().to_owned()),
                    "nome",
                    n.trim().to_owned(),
                    false,
                ),
                Alteracao::Cargo(c) => (
                    "UPDATE usuarios SET cargo = $1 WHERE login = $2",
                    Some(c.trim().to_owned()).filter(|c| !c.is_empty()),
                    "cargo",
                    if c.trim().is_empty() {
                        "o cargo do papel".to_owned()
                    } else {
                        c.trim().to_owned()
                    },
                    false,
                ),
                Alteracao::Papel(p) => (
                    "UPDATE usuarios SET papel = $1 WHERE login = $2",
                    Some(p.codigo().to_owned()),
                    "papel",
                    p.nome().to_owned(),
                    // o papel novo vale já: as sessões abertas agiam com o antigo
                    true,
                ),
                Alteracao::Desativar => (
                    "UPDATE usuarios SET ativa = 0 WHERE login = $1",
                    None,
                    "desativada",
                    "a conta não entra mais".to_owned(),
                    true,
                ),
                Alteracao::Reativar => (
                    "UPDATE usuarios SET ativa = 1 WHERE login = $1",
                    None,
                    "reativada",
                    "a conta volta a entrar".to_owned(),
                    false,
                ),
                Alteracao::RedefinirSenha(hash) => (
                    "UPDATE usuarios SET senha_hash = $1, trocar_senha = 1 WHERE login = $2",
                    Some(hash.clone()),
                    "senha_redefinida",
                    "senha provisória, a trocar na entrada".to_owned(),
                    true,
                ),
            };
        if detalhe.chars().any(char::is_control) || por.trim().is_empty() {
            return Err(ErroRegistro::Recusado(divisa_processo::Recusa::new(
                "contas",
                "o valor novo não pode ter caracteres de controle",
            )));
        }
        let mut tx = self.pool.begin().await?;
        let consulta = sqlx::query(sql);
        // Nome, cargo, papel e senha levam o valor novo ($1) e o login ($2); desativar e
        // reativar, só o login ($1).
        let consulta = match alteracao {
            Alteracao::Desativar | Alteracao::Reativar => consulta.bind(login),
            _ => consulta.bind(valor).bind(login),
        };
        let feito = consulta.execute(&mut *tx).await?;
        if feito.rows_affected() != 1 {
            return Ok(false);
        }
        if encerrar {
            sqlx::query("DELETE FROM sessoes WHERE login = $1")
                .bind(login)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO alteracoes_de_contas (login, alteracao, detalhe, por, em) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(login)
        .bind(nome)
        .bind(&detalhe)
        .bind(por)
        .bind(agora.to_string())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Registra a criação de uma conta pela Presidência (a conta já gravada por
    /// [`Registro::criar_usuario`]).
    pub async fn registrar_criacao_de_conta(
        &self,
        usuario: &Usuario,
        por: &str,
        agora: Timestamp,
    ) -> Result<(), ErroRegistro> {
        sqlx::query(
            "INSERT INTO alteracoes_de_contas (login, alteracao, detalhe, por, em) \
             VALUES ($1, 'criada', $2, $3, $4)",
        )
        .bind(&usuario.login)
        .bind(format!(
            "{}, {} ({})",
            usuario.nome,
            usuario.cargo_exibido(),
            usuario.papel.nome()
        ))
        .bind(por)
        .bind(agora.to_string())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// As alterações de contas, da mais recente à mais antiga (as de uma conta, ou todas), até
    /// `limite`.
    pub async fn alteracoes_de_contas(
        &self,
        login: Option<&str>,
        limite: u32,
    ) -> Result<Vec<AlteracaoDeConta>, ErroRegistro> {
        let linhas = sqlx::query(
            "SELECT login, alteracao, detalhe, por, em FROM alteracoes_de_contas \
             WHERE ($1 = '' OR login = $1) ORDER BY id DESC LIMIT $2",
        )
        .bind(login.unwrap_or(""))
        .bind(i64::from(limite))
        .fetch_all(&self.pool)
        .await?;
        linhas
            .iter()
            .map(|r| {
                let em: String = r.try_get("em")?;
                Ok(AlteracaoDeConta {
                    login: r.try_get("login")?,
                    alteracao: r.try_get("alteracao")?,
                    detalhe: r.try_get("detalhe")?,
                    por: r.try_get("por")?,
                    em: em.parse().map_err(|_| ErroRegistro::Corrompido {
                        protocolo: "alterações de contas".into(),
                        seq: 0,
                        causa: format!("instante «{em}» ilegível"),
                    })?,
                })
            })
            .collect()
    }

    /// Encerra uma sessão.
    pub async fn encerrar_sessao(&self, token_hash: &str) -> Result<(), ErroRegistro> {
        sqlx::query("DELETE FROM sessoes WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Os arquivos enviados com a representação pela página (mapa, memorial, títulos), sem o
    /// conteúdo: os que o evento do protocolo traz e, num banco antigo ainda não migrado, os
    /// que ficaram fora da cadeia. Os dos outros atos ficam com os atos.
    pub async fn arquivos(&self, protocolo: &str) -> Result<Vec<ArquivoGuardado>, ErroRegistro> {
        let rows = sqlx::query(
            "SELECT id, protocolo, nome, finalidade, sha256, LENGTH(conteudo) AS tamanho, enviado_por, enviado_em, evento_seq \
             FROM arquivos WHERE protocolo = $1 AND finalidade <> 'ato' ORDER BY id",
        )
        .bind(protocolo)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ArquivoGuardado {
                    id: r.try_get("id")?,
                    protocolo: r.try_get("protocolo")?,
                    nome: r.try_get("nome")?,
                    finalidade: crate::Finalidade::de_codigo(
                        &r.try_get::<String, _>("finalidade")?,
                    ),
                    evento_seq: r
                        .try_get::<Option<i64>, _>("evento_seq")?
                        .map(crate::para_u64),
                    sha256: r.try_get("sha256")?,
                    tamanho: para_u64(r.try_get::<i64, _>("tamanho").unwrap_or(0)),
                    enviado_por: r.try_get("enviado_por")?,
                    enviado_em: r.try_get("enviado_em")?,
                })
            })
            .collect()
    }

    /// O conteúdo de um arquivo do processo.
    pub async fn conteudo_do_arquivo(
        &self,
        protocolo: &str,
        id: i64,
    ) -> Result<Option<(String, Vec<u8>)>, ErroRegistro> {
        // Os arquivos dos atos não saem por aqui: saem por `arquivos_do_ato`, com a visibilidade
        // do ato (Arts. 16, 22 e 23).
        let r = sqlx::query(
            "SELECT nome, conteudo FROM arquivos WHERE protocolo = $1 AND id = $2 AND finalidade <> 'ato'",
        )
            .bind(protocolo)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        match r {
            None => Ok(None),
            Some(r) => Ok(Some((r.try_get("nome")?, r.try_get("conteudo")?))),
        }
    }
}
