//! O estado que os servidores dividem pelo banco (issue 19): as falhas de entrada e as chaves
//! de envio dos formulários. Com mais de um `divisa serve` atrás de um proxy, no mesmo
//! PostgreSQL, a espera de quem erra a senha vale em todos, e o recarregar do recibo num servidor
//! não protocola de novo no outro.
//!
//! O registro só guarda e soma; quem decide quanto esperar é a aplicação.

use jiff::Timestamp;
use sqlx::Row;

use crate::{ErroRegistro, Registro};

/// As falhas de uma chave (conta, endereço, conta no endereço).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Falhas {
    /// Quantas, desde a primeira da janela.
    pub falhas: u32,
    /// A última, em milissegundos desde 1970.
    pub ultima_ms: i64,
}

/// O que se sabe de uma chave de envio.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnvioGravado {
    /// Primeira vez: reservada agora para quem pediu.
    Novo,
    /// Outro pedido com a mesma chave está em andamento.
    EmAndamento,
    /// Já protocolado: o número.
    Feito(String),
}

fn ms(t: Timestamp) -> i64 {
    t.as_millisecond()
}

impl Registro {
    /// As falhas de cada uma das `chaves` (as que não têm falha não aparecem).
    pub async fn falhas(&self, chaves: &[String]) -> Result<Vec<(String, Falhas)>, ErroRegistro> {
        let mut saida = Vec::new();
        for chave in chaves {
            if let Some(r) =
                sqlx::query("SELECT falhas, ultima_ms FROM tentativas WHERE chave = $1")
                    .bind(chave)
                    .fetch_optional(&self.pool)
                    .await?
            {
                let falhas: i64 = r.try_get("falhas")?;
                saida.push((
                    chave.clone(),
                    Falhas {
                        falhas: u32::try_from(falhas).unwrap_or(u32::MAX),
                        ultima_ms: r.try_get("ultima_ms")?,
                    },
                ));
            }
        }
        Ok(saida)
    }

    /// Soma uma falha a cada uma das `chaves`, recomeçando a conta das que não falham há mais
    /// de `janela_ms`; esquece as chaves paradas há mais que isso.
    pub async fn registrar_falhas(
        &self,
        chaves: &[String],
        agora: Timestamp,
        janela_ms: i64,
    ) -> Result<(), ErroRegistro> {
        let agora = ms(agora);
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM tentativas WHERE ultima_ms < $1")
            .bind(agora - janela_ms)
            .execute(&mut *tx)
            .await?;
        for chave in chaves {
            sqlx::query(
                "INSERT INTO tentativas (chave, falhas, ultima_ms) VALUES ($1, 1, $2) \
                 ON CONFLICT (chave) DO UPDATE SET falhas = tentativas.falhas + 1, ultima_ms = $2",
            )
            .bind(chave)
            .bind(agora)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Esquece as falhas das `chaves` (quem entrou).
    pub async fn esquecer_falhas(&self, chaves: &[String]) -> Result<(), ErroRegistro> {
        for chave in chaves {
            sqlx::query("DELETE FROM tentativas WHERE chave = $1")
                .bind(chave)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// Reserva a chave de um envio de formulário para `conta` (ou diz o que já houve com ela).
    pub async fn reservar_envio(
        &self,
        conta: &str,
        chave: &str,
        agora: Timestamp,
    ) -> Result<EnvioGravado, ErroRegistro> {
        // as chaves de mais de 30 dias já não levam a nada (o recibo fica nos autos)
        sqlx::query("DELETE FROM envios WHERE criado_ms < $1")
            .bind(ms(agora) - 30 * 24 * 3600 * 1000)
            .execute(&self.pool)
            .await?;
        let inserido = sqlx::query(
            "INSERT INTO envios (conta, chave, protocolo, criado_ms) VALUES ($1, $2, NULL, $3) \
             ON CONFLICT (conta, chave) DO NOTHING",
        )
        .bind(conta)
        .bind(chave)
        .bind(ms(agora))
        .execute(&self.pool)
        .await?
        .rows_affected();
        if inserido == 1 {
            return Ok(EnvioGravado::Novo);
        }
        let protocolo: Option<String> =
            sqlx::query_scalar("SELECT protocolo FROM envios WHERE conta = $1 AND chave = $2")
                .bind(conta)
                .bind(chave)
                .fetch_optional(&self.pool)
                .await?
                .flatten();
        Ok(match protocolo {
            Some(p) => EnvioGravado::Feito(p),
            None => EnvioGravado::EmAndamento,
        })
    }

    /// O envio terminou: com o protocolo (a chave passa a levar ao recibo), ou sem ele (a chave
    /// volta a valer, para corrigir e reenviar).
    pub async fn concluir_envio(
        &self,
        conta: &str,
        chave: &str,
        protocolo: Option<&str>,
    ) -> Result<(), ErroRegistro> {
        match protocolo {
            Some(p) => {
                sqlx::query("UPDATE envios SET protocolo = $3 WHERE conta = $1 AND chave = $2")
                    .bind(conta)
                    .bind(chave)
                    .bind(p)
                    .execute(&self.pool)
                    .await?;
            }
            None => {
                sqlx::query(
                    "DELETE FROM envios WHERE conta = $1 AND chave = $2 AND protocolo IS NULL",
                )
                .bind(conta)
                .bind(chave)
                .execute(&self.pool)
                .await?;
            }
        }
        Ok(())
    }
}
