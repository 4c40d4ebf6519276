//! Conferir os autos gravados: a cadeia de hashes de cada processo, a projeção (a versão e o
//! último hash da tabela `processos` diante dos eventos) e os arquivos de cada ato (o hash de
//! cada um diante do que o evento diz).

use divisa_processo::cadeia::{self, Linha, Violacao};
use sqlx::Row;

use crate::autos::formato_de;

use crate::{para_i64, para_u64, ErroRegistro, Registro};

impl Registro {
    /// Confere a cadeia de hashes de um processo (ou de todos): devolve cada violação achada,
    /// nomeando o evento.
    pub async fn verificar(&self, protocolo: Option<&str>) -> Result<Vec<Violacao>, ErroRegistro> {
        let processos: Vec<(String, i64, u64, String)> = match protocolo {
            Some(p) => {
                let (id, versao, hash) = self.id_e_versao(p).await?;
                vec![(p.to_string(), id, versao, hash)]
            }
            None => {
                let rows = sqlx::query(
                    "SELECT protocolo, id, versao, ultimo_hash FROM processos ORDER BY id",
                )
                .fetch_all(&self.pool)
                .await?;
                rows.into_iter()
                    .map(|r| {
                        Ok((
                            r.try_get("protocolo")?,
                            r.try_get("id")?,
                            para_u64(r.try_get("versao")?),
                            r.try_get("ultimo_hash")?,
                        ))
                    })
                    .collect::<Result<_, sqlx::Error>>()?
            }
        };
        let mut v = Vec::new();
        for (protocolo, id, versao, ultimo_hash) in processos {
            let (linhas, ilegiveis) = self.linhas_conferidas(id, &protocolo).await?;
            v.extend(ilegiveis);
            v.extend(cadeia::verificar(&protocolo, &linhas, versao, &ultimo_hash));
            v.extend(self.conferir_arquivos(&protocolo, &linhas).await?);
            v.extend(self.conferir_projecao(id, &protocolo).await?);
            v.extend(self.conferir_emitidos(&protocolo).await?);
        }
        Ok(v)
    }

    /// As linhas de um processo para a auditoria: a que não se lê (uma coluna que não é texto,
    /// gravada por fora) vira uma violação com o evento, não um erro do driver.
    async fn linhas_conferidas(
        &self,
        id: i64,
        protocolo: &str,
    ) -> Result<(Vec<Linha>, Vec<Violacao>), ErroRegistro> {
        // No SQLite, uma coluna de texto pode ser gravada por fora com bytes que não são UTF-8;
        // o driver falharia a consulta inteira ao convertê-la ("erro interno"). Lidas como bytes,
        // cada linha é conferida aqui, e a que não é texto vira a violação daquele evento. (No
        // PostgreSQL, o próprio banco recusa texto fora da codificação.)
        const TEXTOS: [&str; 9] = [
            "data",
            "registrado_em",
            "ator",
            "papel",
            "tipo",
            "ato",
            "anexos",
            "hash_anterior",
            "hash",
        ];
        let sqlite = self.e_sqlite();
        let colunas = TEXTOS
            .iter()
            .map(|c| {
                if sqlite {
                    format!("CAST({c} AS BLOB) AS {c}")
                } else {
                    (*c).to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join(", ");
        let rows = sqlx::query(&format!(
            "SELECT seq, formato, {colunas} FROM eventos WHERE processo_id = $1 ORDER BY seq"
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let (mut linhas, mut ilegiveis) = (Vec::new(), Vec::new());
        for (i, r) in rows.iter().enumerate() {
            let seq = r
                .try_get::<i64, _>("seq")
                .map(para_u64)
                .unwrap_or(i as u64 + 1);
            // a coluna como texto, ou o nome da que não é (texto UTF-8)
            let texto = |c: &'static str| -> Result<String, &'static str> {
                if sqlite {
                    let bytes: Vec<u8> = r.try_get(c).map_err(|_| c)?;
                    String::from_utf8(bytes).map_err(|_| c)
                } else {
                    r.try_get(c).map_err(|_| c)
                }
            };
            let lida = (|| -> Result<Linha, &'static str> {
                Ok(Linha {
                    protocolo: protocolo.to_string(),
                    seq,
                    data: texto("data")?,
                    registrado_em: texto("registrado_em")?,
                    ator: texto("ator")?,
                    papel: texto("papel")?,
                    tipo: texto("tipo")?,
                    ato: texto("ato")?,
                    anexos: texto("anexos")?,
                    formato: formato_de(r.try_get("formato").map_err(|_| "formato")?),
                    hash_anterior: texto("hash_anterior")?,
                    hash: texto("hash")?,
                })
            })();
            match lida {
                Ok(l) => linhas.push(l),
                Err(coluna) => ilegiveis.push(Violacao {
                    protocolo: protocolo.to_string(),
                    seq: Some(seq),
                    descricao: format!(
                        "ADULTERAÇÃO: o evento {seq} não se lê como foi gravado (a coluna «{coluna}» não é texto UTF-8)"
                    ),
                }),
            }
        }
        Ok((linhas, ilegiveis))
    }

    /// O que a tabela de processos mostra (tipo, nome, fase, último ato) é refeito dos eventos
    /// e comparado: editar a tabela (para `listar` mostrar outra fase) é acusado.
    async fn conferir_projecao(
        &self,
        id: i64,
        protocolo: &str,
    ) -> Result<Vec<Violacao>, ErroRegistro> {
        let violacao = |descricao: String| Violacao {
            protocolo: protocolo.to_string(),
            seq: None,
            descricao,
        };
        let Some(r) =
            sqlx::query("SELECT tipo, nome, fase, ultimo_ato FROM processos WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
        else {
            return Ok(Vec::new());
        };
        let gravado = |c: &str| r.try_get::<String, _>(c).unwrap_or_default();
        let autos = match self.carregar(protocolo).await {
            Ok(a) => a,
            Err(e) => {
                return Ok(vec![violacao(format!(
                    "os eventos não se releem como processo: {e}"
                ))])
            }
        };
        let p = &autos.processo;
        let mut v = Vec::new();
        for (coluna, na_tabela, dos_eventos) in [
            ("tipo", gravado("tipo"), p.tipo.codigo().to_string()),
            ("nome", gravado("nome"), p.nome.clone()),
            ("fase", gravado("fase"), p.fase.codigo().to_string()),
            (
                "ultimo_ato",
                gravado("ultimo_ato"),
                p.ultimo_ato.to_string(),
            ),
        ] {
            if na_tabela != dos_eventos {
                v.push(violacao(format!(
                    "ADULTERAÇÃO da tabela de processos: {coluna} gravado «{na_tabela}», os eventos dão «{dos_eventos}»"
                )));
            }
        }
        Ok(v)
    }

    /// Os arquivos de cada ato conferidos com o que o evento guarda na cadeia: o mesmo número
    /// de arquivos e o SHA-256 de cada conteúdo.
    async fn conferir_arquivos(
        &self,
        protocolo: &str,
        linhas: &[Linha],
    ) -> Result<Vec<Violacao>, ErroRegistro> {
        let mut v = Vec::new();
        // Todo arquivo ligado a um evento tem de estar na lista que o evento guarda (o mesmo
        // número, o mesmo nome, o mesmo SHA-256): um arquivo enfiado por fora num ato sem
        // arquivos também é acusado.
        let com_arquivos: std::collections::BTreeSet<u64> = {
            let rows = sqlx::query(
                "SELECT DISTINCT evento_seq FROM arquivos WHERE protocolo = $1 AND evento_seq IS NOT NULL",
            )
            .bind(protocolo)
            .fetch_all(&self.pool)
            .await?;
            rows.iter()
                .filter_map(|r| r.try_get::<i64, _>(0).ok().map(para_u64))
                .collect()
        };
        // Nenhum arquivo fica fora da cadeia (issue 30): um sem evento, ou ligado a um evento
        // que não existe, é nomeado.
        let fora = sqlx::query(
            "SELECT id, nome, evento_seq FROM arquivos WHERE protocolo = $1 ORDER BY id",
        )
        .bind(protocolo)
        .fetch_all(&self.pool)
        .await?;
        for r in &fora {
            let id: i64 = r.try_get("id")?;
            let nome: String = r.try_get("nome")?;
            match r.try_get::<Option<i64>, _>("evento_seq")?.map(para_u64) {
                None => v.push(Violacao {
                    protocolo: protocolo.to_string(),
                    seq: None,
                    descricao: format!(
                        "o arquivo «{nome}» (nº {id} no banco) não está em nenhum evento: está fora da cadeia de hashes e nenhum ato o juntou aos autos"
                    ),
                }),
                Some(seq) if !linhas.iter().any(|l| l.seq == seq) => v.push(Violacao {
                    protocolo: protocolo.to_string(),
                    seq: Some(seq),
                    descricao: format!(
                        "ADULTERAÇÃO: o arquivo «{nome}» (nº {id} no banco) diz ser do evento {seq}, que não existe"
                    ),
                }),
                Some(_) => {}
            }
        }
        for l in linhas
            .iter()
            .filter(|l| !l.anexos.is_empty() || com_arquivos.contains(&l.seq))
        {
            let violacao = |descricao: String| Violacao {
                protocolo: protocolo.to_string(),
                seq: Some(l.seq),
                descricao,
            };
            let anexos: Vec<divisa_processo::Anexo> = if l.anexos.is_empty() {
                Vec::new()
            } else {
                match serde_json::from_str(&l.anexos) {
                    Ok(a) => a,
                    Err(_) => {
                        v.push(violacao(
                            "a lista de arquivos do evento não é legível".into(),
                        ));
                        continue;
                    }
                }
            };
            let rows = sqlx::query(
                "SELECT nome, conteudo FROM arquivos WHERE protocolo = $1 AND evento_seq = $2 ORDER BY id",
            )
            .bind(protocolo)
            .bind(para_i64(l.seq))
            .fetch_all(&self.pool)
            .await?;
            if rows.len() != anexos.len() {
                v.push(violacao(format!(
                    "ADULTERAÇÃO: o evento registra {} arquivo(s) e o banco guarda {}",
                    anexos.len(),
                    rows.len()
                )));
                continue;
            }
            for (a, r) in anexos.iter().zip(&rows) {
                let nome: String = r.try_get("nome")?;
                let conteudo: Vec<u8> = r.try_get("conteudo")?;
                let soma = crate::anexos::sha256_hex(&conteudo);
                if soma != a.sha256 || nome != a.nome {
                    v.push(violacao(format!(
                        "ADULTERAÇÃO do arquivo «{}»: o conteúdo ou o nome guardado não é o registrado no evento",
                        a.nome
                    )));
                }
            }
        }
        Ok(v)
    }
}
