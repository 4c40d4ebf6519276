//! A migração dos arquivos que ficaram fora da cadeia (issue 30).
//!
//! Até a sessão 12, o mapa, o memorial e a lista dos títulos enviados com a representação pela
//! página eram gravados depois da transação do protocolo, sem evento: fora da cadeia de hashes,
//! sem a conferência de conteúdo que os arquivos dos atos têm e fora dos autos exportados. Agora
//! entram no evento do protocolo, como os de qualquer ato ([`Registro::protocolar_com_arquivos`]).
//!
//! **Como os bancos antigos são migrados sem reescrever a cadeia.** Nenhum evento gravado é
//! mudado: reescrever o protocolo para pôr nele os arquivos mudaria o hash dele e de todos os
//! seguintes, e a cadeia não provaria mais nada. Os arquivos de fora entram por um ato novo, no
//! fim da cadeia: um termo de juntada (`JuntarDocumento`, Art. 16, parágrafo único) que lista cada
//! arquivo com nome, tipo, tamanho e SHA-256 calculado do conteúdo guardado, em nome de quem os
//! enviou (a conta que os mandou com a representação), com a data do dia da migração e a
//! descrição do que aconteceu — quando foram enviados e que a juntada foi feita na atualização do
//! registro. As linhas dos arquivos passam a apontar para esse evento (a coluna `evento_seq`);
//! o conteúdo não é copiado nem tocado. Roda ao abrir o banco, uma vez por processo: depois dela
//! não sobra arquivo sem evento, e `auditoria verificar` acusa qualquer um que apareça.

use divisa_processo::{Anexo, Ato, Ator, Evento, Papel};
use jiff::Timestamp;
use sqlx::Row;

use crate::anexos::{self, ArquivoNovo, Finalidade};
use crate::{data_e_hora_em_cuiaba, hoje_em_cuiaba, para_i64, ErroRegistro, Registro};

impl Registro {
    /// Junta aos autos, por um termo de juntada no fim da cadeia, os arquivos de cada processo
    /// que não estão em nenhum evento. Devolve quantos processos receberam o termo.
    pub async fn juntar_arquivos_fora_da_cadeia(
        &self,
        agora: Timestamp,
    ) -> Result<u64, ErroRegistro> {
        let protocolos: Vec<String> = sqlx::query_scalar(
            "SELECT DISTINCT protocolo FROM arquivos WHERE evento_seq IS NULL ORDER BY protocolo",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut juntados = 0;
        for protocolo in protocolos {
            match self.juntar_de_um_processo(&protocolo, agora).await {
                Ok(true) => juntados += 1,
                Ok(false) => {}
                // outro processo do sistema juntou antes (dois abrindo o mesmo banco): nada a
                // fazer; um arquivo de um protocolo que não existe fica para a auditoria acusar
                Err(ErroRegistro::Conflito { .. } | ErroRegistro::NaoEncontrado(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(juntados)
    }

    async fn juntar_de_um_processo(
        &self,
        protocolo: &str,
        agora: Timestamp,
    ) -> Result<bool, ErroRegistro> {
        let linhas = sqlx::query(
            "SELECT id, nome, finalidade, conteudo, enviado_por, enviado_em FROM arquivos \
             WHERE protocolo = $1 AND evento_seq IS NULL ORDER BY id",
        )
        .bind(protocolo)
        .fetch_all(&self.pool)
        .await?;
        if linhas.is_empty() {
            return Ok(false);
        }
        let mut ids = Vec::new();
        let mut anexos = Vec::new();
        let mut enviados = Vec::new();
        let mut remetente = String::new();
        for r in &linhas {
            let nome: String = r.try_get("nome")?;
            let finalidade = Finalidade::de_codigo(&r.try_get::<String, _>("finalidade")?);
            let conteudo: Vec<u8> = r.try_get("conteudo")?;
            let enviado_em: String = r.try_get("enviado_em")?;
            if remetente.is_empty() {
                remetente = r.try_get("enviado_por")?;
            }
            ids.push(r.try_get::<i64, _>("id")?);
            // O SHA-256 é o do conteúdo guardado (o que a cadeia passa a proteger). Um arquivo
            // que não passaria na conferência de hoje entra assim mesmo, com o tipo genérico:
            // ele já está nos autos, e a juntada registra o que há, não o que devia haver.
            let anexo = anexos::conferir(&ArquivoNovo {
                nome: nome.clone(),
                conteudo: conteudo.clone(),
                finalidade,
                // Os arquivos de antes não diziam que documento apresentavam; a juntada
                // registra o que há, e o processo deles é relido com a regra do seu tempo.
                documento: None,
            })
            .unwrap_or_else(|_| Anexo {
                nome: nome.clone(),
                tipo_midia: "application/octet-stream".into(),
                tamanho: conteudo.len() as u64,
                sha256: anexos::sha256_hex(&conteudo),
                documento: None,
            });
            enviados.push(format!(
                "{} «{}» (enviado em {})",
                finalidade.descricao(),
                anexo.nome,
                enviado_em
                    .parse::<Timestamp>()
                    .map(data_e_hora_em_cuiaba)
                    .unwrap_or(enviado_em)
            ));
            anexos.push(anexo);
        }
        let papel = match self.usuario_e_hash(&remetente).await? {
            Some((u, _)) => u.papel,
            // a conta que enviou não existe mais: quem envia com a representação é a comunidade
            None => Papel::Representante,
        };
        let autos = self.carregar(protocolo).await?;
        let mut processo = autos.processo;
        let data = hoje_em_cuiaba(agora).max(processo.ultimo_ato);
        let evento = Evento {
            seq: processo.versao + 1,
            data,
            ator: Ator::new(remetente.clone(), papel),
            ato: Ato::JuntarDocumento {
                art15: None,
                descricao: format!(
                    "Termo de juntada dos arquivos enviados com a representação, que até a \
                     atualização do registro de {} estavam guardados fora da cadeia de hashes: {}. \
                     Os atos anteriores não foram alterados.",
                    crate::fmt_data(hoje_em_cuiaba(agora)),
                    enviados.join("; ")
                ),
            },
            anexos,
        };
        let linha = crate::autos::linha_de(&evento, protocolo, agora, &autos.ultimo_hash)?;
        processo.aplicar(&evento);
        let mut tx = self.pool.begin().await?;
        if !crate::gravacao::avancar_versao(&mut tx, autos.id, &evento, &linha, &processo).await? {
            tx.rollback().await?;
            return Ok(false);
        }
        crate::gravacao::inserir_evento(&mut tx, autos.id, &linha).await?;
        for id in ids {
            let ligado = sqlx::query(
                "UPDATE arquivos SET evento_seq = $1 WHERE id = $2 AND evento_seq IS NULL",
            )
            .bind(para_i64(evento.seq))
            .bind(id)
            .execute(&mut *tx)
            .await?;
            if ligado.rows_affected() != 1 {
                // outro juntou este arquivo no meio: desfaz tudo, sem termo pela metade
                tx.rollback().await?;
                return Ok(false);
            }
        }
        crate::gravacao::regravar_pendencias(&mut tx, autos.id, protocolo, &processo, data).await?;
        tx.commit().await?;
        Ok(true)
    }
}
