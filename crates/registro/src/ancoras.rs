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
//!
//! Assinadas e encadeadas: com a chave do operador (Ed25519, PEM PKCS#8, fora do banco), cada
//! âncora leva a assinatura da sua mensagem canônica e o selo da anterior (SHA-256 da mensagem
//! e da assinatura dela). Uma âncora do meio apagada ou trocada quebra o encadeamento; uma
//! âncora refeita por quem só tem o banco não tem a assinatura da chave publicada
//! (`verificar --chave-publica`).

use divisa_processo::cadeia::Violacao;
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
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
    /// O selo da âncora anterior (ver [`Ancora::selo`]); `None` na primeira.
    pub anterior: Option<String>,
    /// A assinatura Ed25519 da [`Ancora::mensagem`], em hexadecimal; `None`: não assinada.
    pub assinatura: Option<String>,
    /// A chave pública que assinou, em hexadecimal (a que se publica é a que vale).
    pub chave_publica: Option<String>,
}

impl Ancora {
    /// A mensagem que se assina: tudo o que a âncora afirma, numa forma só.
    pub fn mensagem(&self) -> String {
        format!(
            "divisa-ancora-v1\n{}\n{}\n{}\n{}\n{}\n",
            self.registrada_em,
            self.processos,
            self.eventos,
            self.hash,
            self.anterior.as_deref().unwrap_or("-")
        )
    }

    /// O selo: SHA-256 da mensagem e da assinatura; a âncora seguinte o guarda.
    pub fn selo(&self) -> String {
        hex(&Sha256::digest(
            format!(
                "{}{}",
                self.mensagem(),
                self.assinatura.as_deref().unwrap_or("")
            )
            .as_bytes(),
        ))
    }

    /// O texto a publicar.
    pub fn texto(&self) -> String {
        let mut s =
            format!(
            "ÂNCORA DO REGISTRO DO DIVISA — {} {}, {} {}, em {}\nHash do registro (SHA-256): {}\n",
            self.processos,
            if self.processos == 1 { "processo" } else { "processos" },
            self.eventos,
            if self.eventos == 1 { "evento" } else { "eventos" },
            self.registrada_em,
            self.hash
        );
        if let Some(a) = &self.anterior {
            s.push_str(&format!("Selo da âncora anterior: {a}\n"));
        }
        match (&self.assinatura, &self.chave_publica) {
            (Some(a), Some(k)) => {
                s.push_str(&format!("Assinatura Ed25519: {a}\nChave pública: {k}\n"))
            }
            _ => s.push_str("Sem assinatura (ancore com --chave para assinar).\n"),
        }
        s.push_str("\nCabeça de cada processo (protocolo, último evento, hash):\n");
        for (p, seq, h) in &self.cabecas {
            s.push_str(&format!("{p}  {seq}  {h}\n"));
        }
        s
    }
}

use divisa_referencia::formato::hexadecimal as hex;

fn de_hex(texto: &str) -> Option<Vec<u8>> {
    if !texto.len().is_multiple_of(2) {
        return None;
    }
    (0..texto.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(texto.get(i..i + 2)?, 16).ok())
        .collect()
}

/// A chave pública em hexadecimal (como fica na âncora).
pub fn chave_publica_hex(chave: &VerifyingKey) -> String {
    hex(chave.as_bytes())
}

/// O que se conferiu das assinaturas e do encadeamento das âncoras.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConferenciaDasAncoras {
    /// Quantas âncoras há.
    pub ancoras: u64,
    /// Quantas estão assinadas (e conferem).
    pub assinadas: u64,
}

fn hash_das_cabecas(cabecas: &[(String, u64, String)]) -> String {
    let mut h = Sha256::new();
    for (p, seq, hash) in cabecas {
        h.update(format!("{p} {seq} {hash}\n").as_bytes());
    }
    hex(&h.finalize())
}

fn ancora_da_linha(r: &sqlx::any::AnyRow) -> Result<Ancora, ErroRegistro> {
    let cabecas: String = r.try_get("cabecas")?;
    Ok(Ancora {
        registrada_em: r.try_get("registrada_em")?,
        processos: para_u64(r.try_get("processos")?),
        eventos: para_u64(r.try_get("eventos")?),
        hash: r.try_get("hash")?,
        cabecas: serde_json::from_str(&cabecas).unwrap_or_default(),
        anterior: r.try_get("anterior")?,
        assinatura: r.try_get("assinatura")?,
        chave_publica: r.try_get("chave_publica")?,
    })
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

    /// Calcula a âncora de agora e a grava (para publicar), sem assinatura.
    pub async fn ancorar(&self, agora: Timestamp) -> Result<Ancora, ErroRegistro> {
        self.ancorar_assinada(agora, None).await
    }

    /// Como [`Registro::ancorar`], assinada com a chave do operador (que fica fora do banco) e
    /// encadeada à anterior pelo selo.
    pub async fn ancorar_assinada(
        &self,
        agora: Timestamp,
        chave: Option<&SigningKey>,
    ) -> Result<Ancora, ErroRegistro> {
        let (cabecas, eventos) = self.cabecas().await?;
        let anterior = self.ultima_ancora().await?.map(|a| a.selo());
        let mut ancora = Ancora {
            registrada_em: agora.to_string(),
            processos: cabecas.len() as u64,
            eventos,
            hash: hash_das_cabecas(&cabecas),
            cabecas,
            anterior,
            assinatura: None,
            chave_publica: None,
        };
        if let Some(k) = chave {
            let assinatura: Signature = k.sign(ancora.mensagem().as_bytes());
            ancora.assinatura = Some(hex(&assinatura.to_bytes()));
            ancora.chave_publica = Some(chave_publica_hex(&k.verifying_key()));
        }
        let json =
            serde_json::to_string(&ancora.cabecas).map_err(|e| ErroRegistro::Corrompido {
                protocolo: String::new(),
                seq: 0,
                causa: e.to_string(),
            })?;
        sqlx::query(
            "INSERT INTO ancoras (registrada_em, processos, eventos, hash, cabecas, anterior, assinatura, chave_publica) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&ancora.registrada_em)
        .bind(para_i64(ancora.processos))
        .bind(para_i64(ancora.eventos))
        .bind(&ancora.hash)
        .bind(json)
        .bind(&ancora.anterior)
        .bind(&ancora.assinatura)
        .bind(&ancora.chave_publica)
        .execute(&self.pool)
        .await?;
        Ok(ancora)
    }

    /// Todas as âncoras, da primeira à última.
    async fn ancoras(&self) -> Result<Vec<Ancora>, ErroRegistro> {
        let rows = sqlx::query(
            "SELECT registrada_em, processos, eventos, hash, cabecas, anterior, assinatura, chave_publica FROM ancoras ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(ancora_da_linha).collect()
    }

    /// As assinaturas e o encadeamento das âncoras. Com `publica` (a chave publicada pelo
    /// operador), toda âncora assinada tem de ser dela e a última tem de estar assinada; sem
    /// ela, confere-se com a chave gravada em cada âncora (que quem tem o banco poderia trocar,
    /// e o relatório diz isso).
    pub async fn conferir_assinaturas(
        &self,
        publica: Option<&VerifyingKey>,
    ) -> Result<(Vec<Violacao>, ConferenciaDasAncoras), ErroRegistro> {
        let ancoras = self.ancoras().await?;
        let mut v = Vec::new();
        let mut c = ConferenciaDasAncoras {
            ancoras: ancoras.len() as u64,
            assinadas: 0,
        };
        let violacao = |descricao: String| Violacao {
            protocolo: String::new(),
            seq: None,
            descricao,
        };
        for (i, a) in ancoras.iter().enumerate() {
            let anterior = i.checked_sub(1).map(|j| &ancoras[j]);
            // o encadeamento: quem tem selo da anterior tem de ter o selo certo
            if let (Some(selo), Some(ant)) = (&a.anterior, anterior) {
                if *selo != ant.selo() {
                    v.push(violacao(format!(
                        "ADULTERAÇÃO: a âncora de {} não segue a de {} (o selo da anterior não confere: uma âncora foi apagada, trocada ou inserida no meio)",
                        a.registrada_em, ant.registrada_em
                    )));
                }
            } else if a.anterior.is_some() && anterior.is_none() {
                v.push(violacao(format!(
                    "ADULTERAÇÃO: a âncora de {} cita uma anterior que não está no banco (âncoras apagadas do começo da lista)",
                    a.registrada_em
                )));
            } else if a.assinatura.is_some() && anterior.is_some() {
                v.push(violacao(format!(
                    "ADULTERAÇÃO: a âncora assinada de {} não traz o selo da anterior",
                    a.registrada_em
                )));
            }
            let Some(assinatura) = &a.assinatura else {
                continue;
            };
            let gravada = a
                .chave_publica
                .as_deref()
                .and_then(de_hex)
                .and_then(|b| <[u8; 32]>::try_from(b).ok())
                .and_then(|b| VerifyingKey::from_bytes(&b).ok());
            let chave = match (publica, gravada) {
                (Some(p), Some(g)) if p != &g => {
                    v.push(violacao(format!(
                        "ADULTERAÇÃO: a âncora de {} foi assinada por outra chave, não pela publicada",
                        a.registrada_em
                    )));
                    continue;
                }
                (Some(p), _) => *p,
                (None, Some(g)) => g,
                (None, None) => {
                    v.push(violacao(format!(
                        "a âncora de {} está assinada, mas sem chave pública legível",
                        a.registrada_em
                    )));
                    continue;
                }
            };
            let ok = de_hex(assinatura)
                .and_then(|b| <[u8; 64]>::try_from(b).ok())
                .map(|b| Signature::from_bytes(&b))
                .is_some_and(|s| chave.verify(a.mensagem().as_bytes(), &s).is_ok());
            if ok {
                c.assinadas += 1;
            } else {
                v.push(violacao(format!(
                    "ADULTERAÇÃO: a assinatura da âncora de {} não confere com o que ela afirma (hash, contagens, data ou selo da anterior foram mudados)",
                    a.registrada_em
                )));
            }
        }
        // Com a chave publicada, o banco tem de ter âncora: uma tabela esvaziada não passa por
        // "sem âncora". (Apagar as últimas deixa uma lista menor e coerente: isso só a âncora
        // publicada acusa, `--ancora HASH`, e o relatório mostra a última para conferir.)
        if publica.is_some() && ancoras.is_empty() {
            v.push(violacao(
                "o banco não tem âncora nenhuma, mas há chave publicada: a tabela de âncoras foi esvaziada?".to_owned(),
            ));
        }
        if let (Some(_), Some(ultima)) = (publica, ancoras.last()) {
            if ultima.assinatura.is_none() {
                v.push(violacao(format!(
                    "a última âncora ({}) não está assinada: com a chave publicada, espera-se a assinatura",
                    ultima.registrada_em
                )));
            }
        }
        Ok((v, c))
    }

    /// A última âncora gravada.
    pub async fn ultima_ancora(&self) -> Result<Option<Ancora>, ErroRegistro> {
        sqlx::query(
            "SELECT registrada_em, processos, eventos, hash, cabecas, anterior, assinatura, chave_publica FROM ancoras ORDER BY id DESC LIMIT 1",
        )
        .fetch_optional(&self.pool)
        .await?
        .as_ref()
        .map(ancora_da_linha)
        .transpose()
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
