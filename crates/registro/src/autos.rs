//! Os autos de cada processo, lidos: carregar, as fases, a lista, o recibo, a cadeia gravada, os
//! arquivos de cada ato, as contagens do painel e a linha da cadeia de um evento. Gravar está em
//! [`crate::gravacao`]; conferir a cadeia, em [`crate::verificacao`].

use divisa_processo::cadeia::{self, Linha};
use divisa_processo::{Acao, Ator, Evento, Fase, Papel, Processo};
use jiff::Timestamp;
use sqlx::Row;

use crate::anexos::Finalidade;

use crate::{para_i64, para_u64, Autos, ErroRegistro, Recibo, Registro, Resumo};

impl Registro {
    pub(crate) async fn id_e_versao(
        &self,
        protocolo: &str,
    ) -> Result<(i64, u64, String), ErroRegistro> {
        let linha =
            sqlx::query("SELECT id, versao, ultimo_hash FROM processos WHERE protocolo = $1")
                .bind(protocolo)
                .fetch_optional(&self.pool)
                .await?
                .ok_or_else(|| ErroRegistro::NaoEncontrado(protocolo.to_string()))?;
        Ok((
            linha.try_get("id")?,
            para_u64(linha.try_get("versao")?),
            linha.try_get("ultimo_hash")?,
        ))
    }

    pub(crate) async fn linhas(
        &self,
        id: i64,
        protocolo: &str,
    ) -> Result<Vec<Linha>, ErroRegistro> {
        let rows = sqlx::query(
            "SELECT seq, data, registrado_em, ator, papel, tipo, ato, anexos, formato, hash_anterior, hash \
             FROM eventos WHERE processo_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(Linha {
                    protocolo: protocolo.to_string(),
                    seq: para_u64(r.try_get("seq")?),
                    data: r.try_get("data")?,
                    registrado_em: r.try_get("registrado_em")?,
                    ator: r.try_get("ator")?,
                    papel: r.try_get("papel")?,
                    tipo: r.try_get("tipo")?,
                    ato: r.try_get("ato")?,
                    anexos: r.try_get("anexos")?,
                    formato: formato_de(r.try_get("formato")?),
                    hash_anterior: r.try_get("hash_anterior")?,
                    hash: r.try_get("hash")?,
                })
            })
            .collect()
    }

    /// Lê um processo inteiro e o reconstrói a partir dos eventos. Só as colunas que a dobra
    /// usa (a cadeia é conferida por [`Registro::verificar`]).
    pub async fn carregar(&self, protocolo: &str) -> Result<Autos, ErroRegistro> {
        let (id, _, ultimo_hash) = self.id_e_versao(protocolo).await?;
        let rows = sqlx::query(
            "SELECT seq, data, ator, papel, ato, anexos FROM eventos WHERE processo_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let eventos = rows
            .iter()
            .map(|r| evento_da_linha(r, protocolo))
            .collect::<Result<Vec<_>, _>>()?;
        let processo =
            Processo::de_eventos(&eventos).map_err(|causa| ErroRegistro::Corrompido {
                protocolo: protocolo.to_string(),
                seq: 0,
                causa: causa.to_string(),
            })?;
        Ok(Autos {
            processo,
            eventos,
            ultimo_hash,
            id,
        })
    }

    /// Os processos que estão numa das `fases`, reconstruídos dos eventos numa consulta só (a
    /// mesa de trabalho do painel não faz uma consulta por processo), do mais novo ao mais
    /// antigo, com os eventos que `ator` pode ver (Arts. 16, 22 e 23).
    pub async fn nas_fases(
        &self,
        fases: &[Fase],
        ator: &Ator,
    ) -> Result<Vec<(Processo, Vec<Evento>)>, ErroRegistro> {
        if fases.is_empty() {
            return Ok(Vec::new());
        }
        // Os códigos das fases são do próprio divisa ([a-z_]), não de quem pede.
        let lista = fases
            .iter()
            .map(|f| format!("'{}'", f.codigo()))
            .collect::<Vec<_>>()
            .join(", ");
        let rows = sqlx::query(&format!(
            "SELECT p.protocolo, e.seq, e.data, e.ator, e.papel, e.ato, e.anexos \
             FROM eventos e JOIN processos p ON p.id = e.processo_id \
             WHERE p.fase IN ({lista}) ORDER BY p.id DESC, e.seq"
        ))
        .fetch_all(&self.pool)
        .await?;
        let mut processos = Vec::new();
        let mut atual: Option<(String, Vec<Evento>)> = None;
        let mut fechar = |atual: Option<(String, Vec<Evento>)>| -> Result<(), ErroRegistro> {
            if let Some((protocolo, eventos)) = atual {
                let processo =
                    Processo::de_eventos(&eventos).map_err(|causa| ErroRegistro::Corrompido {
                        protocolo: protocolo.clone(),
                        seq: 0,
                        causa: causa.to_string(),
                    })?;
                if processo.pode(ator, Acao::VerPublico).is_ok() {
                    let visiveis = processo.visiveis(ator, &eventos);
                    processos.push((processo, visiveis));
                }
            }
            Ok(())
        };
        for r in &rows {
            let protocolo: String = r.try_get("protocolo")?;
            if atual.as_ref().is_none_or(|(p, _)| *p != protocolo) {
                fechar(atual.take())?;
                atual = Some((protocolo.clone(), Vec::new()));
            }
            let evento = evento_da_linha(r, &protocolo)?;
            if let Some((_, eventos)) = atual.as_mut() {
                eventos.push(evento);
            }
        }
        fechar(atual)?;
        Ok(processos)
    }

    /// Todos os processos, do mais recente ao mais antigo.
    pub async fn listar(&self) -> Result<Vec<Resumo>, ErroRegistro> {
        let rows = sqlx::query(
            "SELECT protocolo, tipo, nome, fase, versao, ultimo_ato FROM processos ORDER BY id DESC",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                let fase: String = r.try_get("fase")?;
                let protocolo: String = r.try_get("protocolo")?;
                Ok(Resumo {
                    fase: Fase::de_codigo(&fase).ok_or_else(|| ErroRegistro::Corrompido {
                        protocolo: protocolo.clone(),
                        seq: 0,
                        causa: format!("fase \"{fase}\" desconhecida"),
                    })?,
                    protocolo,
                    tipo: r.try_get("tipo")?,
                    nome: r.try_get("nome")?,
                    versao: para_u64(r.try_get("versao")?),
                    ultimo_ato: r.try_get("ultimo_ato")?,
                })
            })
            .collect()
    }

    /// O recibo do protocolo (Art. 14), refeito dos autos: o processo como nasceu (o primeiro
    /// evento), o dia, a hora gravada e o hash do protocolo. É o mesmo texto que
    /// [`Registro::protocolar`] devolveu, para a página do recibo que se recarrega ou imprime.
    pub async fn recibo(&self, protocolo: &str) -> Result<Recibo, ErroRegistro> {
        let autos = self.carregar(protocolo).await?;
        let corrompido = |causa: String| ErroRegistro::Corrompido {
            protocolo: protocolo.to_owned(),
            seq: 1,
            causa,
        };
        let primeiro = autos
            .eventos
            .first()
            .ok_or_else(|| corrompido("processo sem eventos".into()))?;
        let processo = Processo::de_eventos([primeiro]).map_err(|e| corrompido(e.to_string()))?;
        let (linhas, _) = self.cadeia_gravada(protocolo).await?;
        let linha = linhas
            .first()
            .ok_or_else(|| corrompido("processo sem eventos".into()))?;
        let registrado_em = linha
            .registrado_em
            .parse::<Timestamp>()
            .map_err(|e| corrompido(format!("hora do protocolo ilegível: {e}")))?;
        Ok(Recibo {
            protocolo: processo.protocolo.clone(),
            data: primeiro.data,
            registrado_em,
            hash: linha.hash.clone(),
            processo,
        })
    }

    /// A cadeia gravada de um processo: cada evento com as colunas exatamente como estão no
    /// banco (para a exportação dos autos, que se confere sem o divisa) e o último hash.
    pub async fn cadeia_gravada(
        &self,
        protocolo: &str,
    ) -> Result<(Vec<Linha>, String), ErroRegistro> {
        let (id, _, ultimo_hash) = self.id_e_versao(protocolo).await?;
        Ok((self.linhas(id, protocolo).await?, ultimo_hash))
    }

    /// Os arquivos de todos os atos de um processo: (seq do evento, nome, conteúdo), na ordem.
    /// Sem `com_reservados`, fica de fora a lista dos títulos de eleitor (dado pessoal, Arts. 16
    /// e 23): é a versão pública.
    pub async fn arquivos_dos_atos(
        &self,
        protocolo: &str,
        com_reservados: bool,
    ) -> Result<Vec<(u64, String, Vec<u8>)>, ErroRegistro> {
        let lista = sqlx::query(
            "SELECT id, evento_seq, nome FROM arquivos \
             WHERE protocolo = $1 AND evento_seq IS NOT NULL AND (finalidade <> $2 OR $3) \
             ORDER BY evento_seq, id",
        )
        .bind(protocolo)
        .bind(Finalidade::Assinaturas.codigo())
        .bind(com_reservados)
        .fetch_all(&self.pool)
        .await?;
        let mut v = Vec::new();
        for r in &lista {
            let nome: String = r.try_get("nome")?;
            let id: i64 = r.try_get("id")?;
            let conteudo: Vec<u8> =
                sqlx::query_scalar("SELECT conteudo FROM arquivos WHERE id = $1")
                    .bind(id)
                    .fetch_one(&self.pool)
                    .await?;
            v.push((para_u64(r.try_get("evento_seq")?), nome, conteudo));
        }
        Ok(v)
    }

    /// Para que serve cada arquivo de um ato (evento `seq`), na ordem em que vieram: a página
    /// só dá a lista dos títulos de eleitor a quem pode retirar cópia.
    pub async fn finalidades_do_ato(
        &self,
        protocolo: &str,
        seq: u64,
    ) -> Result<Vec<Finalidade>, ErroRegistro> {
        let rows: Vec<String> = sqlx::query_scalar(
            "SELECT finalidade FROM arquivos WHERE protocolo = $1 AND evento_seq = $2 ORDER BY id",
        )
        .bind(protocolo)
        .bind(para_i64(seq))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|f| Finalidade::de_codigo(f)).collect())
    }

    /// Os arquivos de um ato (evento `seq`), com o conteúdo, na ordem em que vieram.
    pub async fn arquivos_do_ato(
        &self,
        protocolo: &str,
        seq: u64,
    ) -> Result<Vec<(String, Vec<u8>)>, ErroRegistro> {
        let rows = sqlx::query(
            "SELECT nome, conteudo FROM arquivos WHERE protocolo = $1 AND evento_seq = $2 ORDER BY id",
        )
        .bind(protocolo)
        .bind(para_i64(seq))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("nome")?, r.try_get("conteudo")?)))
            .collect()
    }

    /// Quantos processos em andamento o Art. 3º alcança (criação, fusão, incorporação).
    pub async fn sujeitos_ao_art3(&self) -> Result<u64, ErroRegistro> {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM processos WHERE tipo IN ('criacao', 'fusao', 'incorporacao') \
             AND fase NOT IN ('lei', 'arquivado')",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(para_u64(n))
    }

    /// Quantos processos e eventos há (para a auditoria dizer o que conferiu).
    pub async fn contagem(&self) -> Result<(u64, u64), ErroRegistro> {
        let p: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM processos")
            .fetch_one(&self.pool)
            .await?;
        let e: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM eventos")
            .fetch_one(&self.pool)
            .await?;
        Ok((para_u64(p), para_u64(e)))
    }

    /// Os eventos que `ator` pode ver, já filtrados (Arts. 16, 22 e 23).
    pub async fn eventos_visiveis(
        &self,
        protocolo: &str,
        ator: &Ator,
    ) -> Result<(Processo, Vec<Evento>), ErroRegistro> {
        let autos = self.carregar(protocolo).await?;
        autos.processo.pode(ator, Acao::VerPublico)?;
        let v = autos.processo.visiveis(ator, &autos.eventos);
        Ok((autos.processo, v))
    }
}

/// Um evento lido de uma linha de `eventos` (colunas `seq`, `data`, `ator`, `papel`, `ato` e
/// `anexos`).
fn evento_da_linha(r: &sqlx::any::AnyRow, protocolo: &str) -> Result<Evento, ErroRegistro> {
    let seq = para_u64(r.try_get("seq")?);
    let corrompido = |causa: String| ErroRegistro::Corrompido {
        protocolo: protocolo.to_string(),
        seq,
        causa,
    };
    let data: &str = r.try_get("data")?;
    let papel: &str = r.try_get("papel")?;
    let ato: &str = r.try_get("ato")?;
    let anexos: &str = r.try_get("anexos")?;
    Ok(Evento {
        seq,
        data: data
            .parse()
            .map_err(|e| corrompido(format!("data \"{data}\": {e}")))?,
        ator: Ator::new(
            r.try_get::<String, _>("ator")?,
            Papel::de_codigo(papel)
                .ok_or_else(|| corrompido(format!("papel \"{papel}\" desconhecido")))?,
        ),
        ato: serde_json::from_str(ato).map_err(|e| corrompido(e.to_string()))?,
        anexos: if anexos.is_empty() {
            Vec::new()
        } else {
            serde_json::from_str(anexos).map_err(|e| corrompido(format!("anexos: {e}")))?
        },
    })
}

pub(crate) fn linha_de(
    evento: &Evento,
    protocolo: &str,
    agora: Timestamp,
    anterior: &str,
) -> Result<Linha, ErroRegistro> {
    let ato = serde_json::to_string(&evento.ato).map_err(|e| ErroRegistro::Corrompido {
        protocolo: protocolo.to_string(),
        seq: evento.seq,
        causa: e.to_string(),
    })?;
    let anexos = if evento.anexos.is_empty() {
        String::new()
    } else {
        serde_json::to_string(&evento.anexos).map_err(|e| ErroRegistro::Corrompido {
            protocolo: protocolo.to_string(),
            seq: evento.seq,
            causa: e.to_string(),
        })?
    };
    let mut linha = Linha {
        protocolo: protocolo.to_string(),
        seq: evento.seq,
        data: evento.data.to_string(),
        registrado_em: agora.to_string(),
        ator: evento.ator.id.clone(),
        papel: evento.ator.papel.codigo().to_string(),
        tipo: evento.ato.tipo().to_string(),
        ato,
        anexos,
        formato: 3,
        hash_anterior: anterior.to_string(),
        hash: String::new(),
    };
    linha.hash = cadeia::calcular(&linha);
    Ok(linha)
}

/// O formato do hash gravado (1 ou 3); um número estranho conta como 1, e o hash não confere.
pub(crate) fn formato_de(v: i64) -> u8 {
    u8::try_from(v).unwrap_or(1)
}
