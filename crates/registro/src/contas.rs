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
    /// Para que serve (`mapa`, `memorial`, `proposta`).
    pub finalidade: String,
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
        login,
    })
}

impl Registro {
    /// Cria uma conta. `Ok(false)` se o login já existe (nada é mudado).
    pub async fn criar_usuario(
        &self,
        usuario: &Usuario,
        senha_hash: &str,
        agora: Timestamp,
    ) -> Result<bool, ErroRegistro> {
        let feito = sqlx::query(
            "INSERT INTO usuarios (login, nome, papel, senha_hash, demonstracao, criado_em) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (login) DO NOTHING",
        )
        .bind(&usuario.login)
        .bind(&usuario.nome)
        .bind(usuario.papel.codigo())
        .bind(senha_hash)
        .bind(i64::from(usuario.demonstracao))
        .bind(agora.to_string())
        .execute(&self.pool)
        .await?;
        Ok(feito.rows_affected() == 1)
    }

    /// A conta e o hash da senha, para conferir um login.
    pub async fn usuario_e_hash(
        &self,
        login: &str,
    ) -> Result<Option<(Usuario, String)>, ErroRegistro> {
        let Some(r) = sqlx::query(
            "SELECT login, nome, papel, demonstracao, senha_hash FROM usuarios WHERE login = $1",
        )
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
        let feito = sqlx::query("UPDATE usuarios SET senha_hash = $1 WHERE login = $2")
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
            .map(|u| (u.login, format!("{}, {}", u.nome, u.papel.cargo())))
            .collect())
    }

    /// Todas as contas, por login.
    pub async fn usuarios(&self) -> Result<Vec<Usuario>, ErroRegistro> {
        let rows =
            sqlx::query("SELECT login, nome, papel, demonstracao FROM usuarios ORDER BY login")
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
            "SELECT u.login, u.nome, u.papel, u.demonstracao, s.csrf, s.expira_em \
             FROM sessoes s JOIN usuarios u ON u.login = s.login WHERE s.token_hash = $1",
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

    /// Encerra uma sessão.
    pub async fn encerrar_sessao(&self, token_hash: &str) -> Result<(), ErroRegistro> {
        sqlx::query("DELETE FROM sessoes WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Guarda um arquivo do processo; devolve o número dele.
    #[allow(clippy::too_many_arguments)]
    pub async fn guardar_arquivo(
        &self,
        protocolo: &str,
        nome: &str,
        finalidade: &str,
        sha256: &str,
        conteudo: &[u8],
        enviado_por: &str,
        agora: Timestamp,
    ) -> Result<i64, ErroRegistro> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO arquivos (protocolo, nome, finalidade, sha256, conteudo, enviado_por, enviado_em) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(protocolo)
        .bind(nome)
        .bind(finalidade)
        .bind(sha256)
        .bind(conteudo.to_vec())
        .bind(enviado_por)
        .bind(agora.to_string())
        .fetch_one(&self.pool)
        .await?;
        Ok(id)
    }

    /// Os arquivos enviados com a representação pela página (mapa, memorial, títulos), sem o
    /// conteúdo; os dos atos ficam com os atos.
    pub async fn arquivos(&self, protocolo: &str) -> Result<Vec<ArquivoGuardado>, ErroRegistro> {
        let rows = sqlx::query(
            "SELECT id, protocolo, nome, finalidade, sha256, LENGTH(conteudo) AS tamanho, enviado_por, enviado_em \
             FROM arquivos WHERE protocolo = $1 AND evento_seq IS NULL ORDER BY id",
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
                    finalidade: r.try_get("finalidade")?,
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
            "SELECT nome, conteudo FROM arquivos WHERE protocolo = $1 AND id = $2 AND evento_seq IS NULL",
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
