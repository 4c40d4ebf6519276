//! As âncoras da auditoria: o fecho da lacuna "quem tem o banco reescreve a cadeia inteira".
//!
//! A cadeia de hashes acusa quem edita, apaga ou reordena um evento, mas não quem recalcula a
//! cadeia inteira de um processo, apaga um processo inteiro ou o último evento (acertando a
//! versão e o último hash). Os registros de verdade fecham isso com uma âncora externa: o
//! hash de cabeça de cada processo e o do registro inteiro, publicados fora do banco (o Diário
//! Oficial, um cartório). `divisa auditoria ancora` calcula a âncora, grava-a aqui (tabela só
//! de acréscimo) e imprime o texto a publicar; `verificar` compara o banco com a última: cada
//! processo ancorado tem de existir, e o evento ancorado de cada um tem de ter o hash de então.
//!
//! Limite honesto: a tabela de âncoras está no mesmo banco; quem a apaga apaga também a
//! comparação. Por isso a âncora é para publicar, e `verificar --ancora HASH` compara com o
//! hash publicado, que o banco não tem como mudar.

use divisa_processo::cadeia::Violacao;
use jiff::Timestamp;
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::{para_i64, para_u64, ErroRegistro, Registro};

/// Uma âncora: quando, quantos processos e eventos, a cabeça de cada processo e o hash de tudo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ancora {
    /// Quando foi registrada (RFC 3339, UTC).
    pub registrada_em: String,
    /// Quantos processos.
    pub processos: u64,
    /// Quantos eventos.
    pub eventos: u64,
    /// O SHA-256 das cabeças ("protocolo seq hash", uma por linha, em ordem de protocolo).
    pub hash: String,
    /// (protocolo, seq do último evento, hash dele).
    pub cabecas: Vec<(String, u64, String)>,
}

impl Ancora {
    /// O texto a publicar.
    pub fn texto(&self) -> String {
        let mut s = format!(
            "ÂNCORA DO REGISTRO DO DIVISA — {} processo(s), {} evento(s), em {}\nHash do registro (SHA-256): {}\n\nCabeça de cada processo (protocolo, último evento, hash):\n",
            self.processos, self.eventos, self.registrada_em, self.hash
        );
        for (p, seq, h) in &self.cabecas {
            s.push_str(&format!("{p}  {seq}  {h}\n"));
        }
        s
    }
}

fn hash_das_cabecas(cabecas: &[(String, u64, String)]) -> String {
    let mut h = Sha256::new();
    for (p, seq, hash) in cabecas {
        h.update(format!("{p} {seq} {hash}\n").as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

impl Registro {
    /// As cabeças de agora, tiradas dos eventos (não da tabela de processos, que se refaz).
    async fn cabecas(&self) -> Result<(Vec<(String, u64, String)>, u64), ErroRegistro> {
        let rows = sqlx::query(
            "SELECT p.protocolo, e.seq, e.hash FROM processos p \
             JOIN eventos e ON e.processo_id = p.id \
             WHERE e.seq = (SELECT MAX(seq) FROM eventos WHERE processo_id = p.id) \
             ORDER BY p.protocolo",
        )
        .fetch_all(&self.pool)
        .await?;
        let cabecas = rows
            .iter()
            .map(|r| {
                Ok((
                    r.try_get("protocolo")?,
                    para_u64(r.try_get("seq")?),
                    r.try_get("hash")?,
                ))
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        let eventos: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM eventos")
            .fetch_one(&self.pool)
            .await?;
        Ok((cabecas, para_u64(eventos)))
    }

    /// Calcula a âncora de agora e a grava (para publicar).
    pub async fn ancorar(&self, agora: Timestamp) -> Result<Ancora, ErroRegistro> {
        let (cabecas, eventos) = self.cabecas().await?;
        let ancora = Ancora {
            registrada_em: agora.to_string(),
            processos: cabecas.len() as u64,
            eventos,
            hash: hash_das_cabecas(&cabecas),
            cabecas,
        };
        let json =
            serde_json::to_string(&ancora.cabecas).map_err(|e| ErroRegistro::Corrompido {
                protocolo: String::new(),
                seq: 0,
                causa: e.to_string(),
            })?;
        sqlx::query(
            "INSERT INTO ancoras (registrada_em, processos, eventos, hash, cabecas) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&ancora.registrada_em)
        .bind(para_i64(ancora.processos))
        .bind(para_i64(ancora.eventos))
        .bind(&ancora.hash)
        .bind(json)
        .execute(&self.pool)
        .await?;
        Ok(ancora)
    }

    /// A última âncora gravada.
    pub async fn ultima_ancora(&self) -> Result<Option<Ancora>, ErroRegistro> {
        let Some(r) = sqlx::query(
            "SELECT registrada_em, processos, eventos, hash, cabecas FROM ancoras ORDER BY id DESC LIMIT 1",
        )
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let cabecas: String = r.try_get("cabecas")?;
        Ok(Some(Ancora {
            registrada_em: r.try_get("registrada_em")?,
            processos: para_u64(r.try_get("processos")?),
            eventos: para_u64(r.try_get("eventos")?),
            hash: r.try_get("hash")?,
            cabecas: serde_json::from_str(&cabecas).unwrap_or_default(),
        }))
    }

    /// O registro diante de uma âncora: cada processo ancorado existe e o seu evento ancorado
    /// tem o mesmo hash. Devolve as violações e quantos eventos vieram depois da âncora.
    pub async fn conferir_ancora(
        &self,
        ancora: &Ancora,
    ) -> Result<(Vec<Violacao>, u64), ErroRegistro> {
        let mut v = Vec::new();
        if hash_das_cabecas(&ancora.cabecas) != ancora.hash {
            v.push(Violacao {
                protocolo: String::new(),
                seq: None,
                descricao: format!(
                    "a âncora de {} gravada no banco não confere com o próprio hash (a tabela de âncoras foi editada)",
                    ancora.registrada_em
                ),
            });
        }
        for (protocolo, seq, hash) in &ancora.cabecas {
            let gravado: Option<String> = sqlx::query_scalar(
                "SELECT e.hash FROM eventos e JOIN processos p ON p.id = e.processo_id \
                 WHERE p.protocolo = $1 AND e.seq = $2",
            )
            .bind(protocolo)
            .bind(para_i64(*seq))
            .fetch_optional(&self.pool)
            .await?;
            let descricao = match gravado {
                None => format!(
                    "ADULTERAÇÃO: o evento {seq} (ancorado em {}) sumiu — o processo ou o fim da cadeia foi apagado",
                    ancora.registrada_em
                ),
                Some(h) if h != *hash => format!(
                    "ADULTERAÇÃO: o evento {seq} não é o ancorado em {} (a cadeia foi refeita)",
                    ancora.registrada_em
                ),
                Some(_) => continue,
            };
            v.push(Violacao {
                protocolo: protocolo.clone(),
                seq: Some(*seq),
                descricao,
            });
        }
        let (_, eventos) = self.cabecas().await?;
        Ok((v, eventos.saturating_sub(ancora.eventos)))
    }
}
