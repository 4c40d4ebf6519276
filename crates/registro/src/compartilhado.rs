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

    /// Reserva a chave de um envio de formulário para `conta`, em nome de `dono` (um valor ao
    /// acaso do pedido), ou diz o que já houve com ela.
    pub async fn reservar_envio(
        &self,
        conta: &str,
        chave: &str,
        dono: &str,
        agora: Timestamp,
    ) -> Result<EnvioGravado, ErroRegistro> {
        // as chaves de mais de 30 dias já não levam a nada (o recibo fica nos autos)
        sqlx::query("DELETE FROM envios WHERE criado_ms < $1")
            .bind(ms(agora) - 30 * 24 * 3600 * 1000)
            .execute(&self.pool)
            .await?;
        let inserido = sqlx::query(
            "INSERT INTO envios (conta, chave, protocolo, dono, criado_ms) VALUES ($1, $2, NULL, $3, $4) \
             ON CONFLICT (conta, chave) DO NOTHING",
        )
        .bind(conta)
        .bind(chave)
        .bind(dono)
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

    /// O envio de `dono` terminou: com o protocolo (a chave passa a levar ao recibo), ou sem ele
    /// (a chave volta a valer, para corrigir e reenviar). Só o dono da reserva a conclui: uma
    /// devolução atrasada de um pedido antigo não apaga a reserva de um pedido novo.
    pub async fn concluir_envio(
        &self,
        conta: &str,
        chave: &str,
        dono: &str,
        protocolo: Option<&str>,
    ) -> Result<(), ErroRegistro> {
        match protocolo {
            Some(p) => {
                sqlx::query(
                    "UPDATE envios SET protocolo = $4 WHERE conta = $1 AND chave = $2 AND dono = $3",
                )
                .bind(conta)
                .bind(chave)
                .bind(dono)
                .bind(p)
                .execute(&self.pool)
                .await?;
            }
            None => {
                sqlx::query(
                    "DELETE FROM envios WHERE conta = $1 AND chave = $2 AND dono = $3 AND protocolo IS NULL",
                )
                .bind(conta)
                .bind(chave)
                .bind(dono)
                .execute(&self.pool)
                .await?;
            }
        }
        Ok(())
    }
}

/// Um aviso por e-mail na caixa de saída.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aviso {
    /// O número na caixa.
    pub id: i64,
    /// Os destinatários, separados por vírgula.
    pub para: String,
    /// O assunto.
    pub assunto: String,
    /// O texto.
    pub corpo: String,
    /// Quantas tentativas de entrega já falharam.
    pub tentativas: u32,
}

/// Quanto um servidor segura um aviso reservado antes de outro poder tentá-lo.
const RESERVA_MS: i64 = 120_000;

impl Registro {
    /// Põe um aviso na caixa de saída, se a `chave` ainda não entrou (cada aviso, uma vez só);
    /// `true` se entrou agora.
    pub async fn enfileirar_aviso(
        &self,
        chave: &str,
        para: &str,
        assunto: &str,
        corpo: &str,
        agora: Timestamp,
    ) -> Result<bool, ErroRegistro> {
        let n = sqlx::query(
            "INSERT INTO caixa_de_saida (chave, para, assunto, corpo, criado_ms, tentativas, proxima_ms) \
             VALUES ($1, $2, $3, $4, $5, 0, $5) ON CONFLICT (chave) DO NOTHING",
        )
        .bind(chave)
        .bind(para)
        .bind(assunto)
        .bind(corpo)
        .bind(ms(agora))
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(n == 1)
    }

    /// Reserva até `limite` avisos prontos para entrega (não entregues, sem reserva viva, com a
    /// próxima tentativa vencida): só quem reservou os manda.
    pub async fn reservar_avisos(
        &self,
        agora: Timestamp,
        limite: u32,
    ) -> Result<Vec<Aviso>, ErroRegistro> {
        let agora = ms(agora);
        let candidatos: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM caixa_de_saida WHERE enviado_ms IS NULL AND proxima_ms <= $1 \
             AND (reservado_ate_ms IS NULL OR reservado_ate_ms < $1) ORDER BY id LIMIT $2",
        )
        .bind(agora)
        .bind(i64::from(limite))
        .fetch_all(&self.pool)
        .await?;
        let mut reservados = Vec::new();
        for id in candidatos {
            // a reserva é uma escrita condicional: de dois servidores, só um a faz
            let feita = sqlx::query(
                "UPDATE caixa_de_saida SET reservado_ate_ms = $2 WHERE id = $1 AND enviado_ms IS NULL \
                 AND (reservado_ate_ms IS NULL OR reservado_ate_ms < $3)",
            )
            .bind(id)
            .bind(agora + RESERVA_MS)
            .bind(agora)
            .execute(&self.pool)
            .await?
            .rows_affected();
            if feita != 1 {
                continue;
            }
            let r = sqlx::query(
                "SELECT para, assunto, corpo, tentativas FROM caixa_de_saida WHERE id = $1",
            )
            .bind(id)
            .fetch_one(&self.pool)
            .await?;
            let tentativas: i64 = r.try_get("tentativas")?;
            reservados.push(Aviso {
                id,
                para: r.try_get("para")?,
                assunto: r.try_get("assunto")?,
                corpo: r.try_get("corpo")?,
                tentativas: u32::try_from(tentativas).unwrap_or(u32::MAX),
            });
        }
        Ok(reservados)
    }

    /// O aviso foi entregue ao servidor de e-mail.
    pub async fn aviso_entregue(&self, id: i64, agora: Timestamp) -> Result<(), ErroRegistro> {
        sqlx::query(
            "UPDATE caixa_de_saida SET enviado_ms = $2, reservado_ate_ms = NULL, erro = NULL WHERE id = $1",
        )
        .bind(id)
        .bind(ms(agora))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A entrega falhou: fica para `proxima`, com o erro dito.
    pub async fn aviso_falhou(
        &self,
        id: i64,
        erro: &str,
        proxima: Timestamp,
    ) -> Result<(), ErroRegistro> {
        sqlx::query(
            "UPDATE caixa_de_saida SET tentativas = tentativas + 1, proxima_ms = $2, reservado_ate_ms = NULL, erro = $3 WHERE id = $1",
        )
        .bind(id)
        .bind(ms(proxima))
        .bind(erro)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Quantos avisos há na caixa: (entregues, por entregar).
    pub async fn contagem_de_avisos(&self) -> Result<(u64, u64), ErroRegistro> {
        let entregues: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM caixa_de_saida WHERE enviado_ms IS NOT NULL")
                .fetch_one(&self.pool)
                .await?;
        let pendentes: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM caixa_de_saida WHERE enviado_ms IS NULL")
                .fetch_one(&self.pool)
                .await?;
        Ok((
            u64::try_from(entregues).unwrap_or(0),
            u64::try_from(pendentes).unwrap_or(0),
        ))
    }
}
