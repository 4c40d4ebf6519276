//! Gravar nos autos: protocolar uma representação (Art. 14) e anexar um ato, com a conferência da
//! versão (quem gravou antes perde), a cadeia de hashes e os arquivos de cada ato, numa
//! transação. Ler está em [`crate::autos`].

use divisa_processo::cadeia::{self, Linha};
use divisa_processo::{protocolar, Ato, Ator, Evento, Nup, Processo, Recusa};
use jiff::civil::Date;
use jiff::Timestamp;

use crate::anexos::{self, ArquivoNovo};
use crate::autos::linha_de;

use crate::{
    hoje_em_cuiaba, para_i64, sem_controle, ErroRegistro, NovaRepresentacao, Recibo, Registro,
};

impl Registro {
    /// A unidade protocolizadora configurada (5 dígitos do NUP).
    pub async fn unidade(&self) -> Result<u32, ErroRegistro> {
        let v: Option<String> = sqlx::query_scalar(
            "SELECT valor FROM configuracao WHERE chave = 'unidade_protocolizadora'",
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(v.and_then(|v| v.parse().ok())
            .unwrap_or(divisa_processo::UNIDADE_PADRAO))
    }

    /// Protocola uma representação (Art. 14): confere, atribui o NUP e grava o primeiro evento.
    pub async fn protocolar(
        &self,
        ator: &Ator,
        dados: NovaRepresentacao,
        data: Date,
        agora: Timestamp,
    ) -> Result<Recibo, ErroRegistro> {
        self.protocolar_com_arquivos(ator, dados, &[], data, agora)
            .await
    }

    /// Como [`Registro::protocolar`], com os arquivos que acompanham a representação (o mapa e
    /// o memorial que a proposta cita), conferidos e gravados como os de qualquer ato.
    pub async fn protocolar_com_arquivos(
        &self,
        ator: &Ator,
        dados: NovaRepresentacao,
        arquivos: &[ArquivoNovo],
        data: Date,
        agora: Timestamp,
    ) -> Result<Recibo, ErroRegistro> {
        conferir_ator(ator)?;
        let anexos = anexos::conferir_todos(arquivos)?;
        // As origens chegam conferidas (códigos IBGE de MT, `divisa_processo::origens`): o
        // evento guarda o nome oficial de cada uma e o seu código.
        let oficiais = divisa_processo::nomes_das_origens(&dados.municipios_origem);
        let codigos_origem: Vec<u32> = dados.municipios_origem.iter().map(|c| c.numero()).collect();
        // Declarar não é juntar (issue 30): conta o documento que um arquivo apresenta; um
        // arquivo que apresenta um documento o declara também.
        let mut documentos = dados.documentos.clone();
        for d in arquivos.iter().filter_map(|a| a.documento) {
            if !documentos.contains(&d) {
                documentos.push(d);
            }
        }
        documentos.sort();
        let montar = |protocolo: Nup| Ato::Protocolar {
            protocolo,
            tipo_processo: dados.tipo,
            nome: dados.nome.trim().to_string(),
            municipios_origem: oficiais.clone(),
            codigos_origem: codigos_origem.clone(),
            via: dados.via.clone(),
            representante: dados.representante.trim().to_string(),
            assinaturas: dados.assinaturas,
            documentos: documentos.clone(),
            documentos_por_arquivo: true,
            proposta: dados.proposta.clone(),
            nome_homenageia_pessoa_viva: dados.nome_homenageia_pessoa_viva,
        };
        // Confere antes de gastar um número: o protocolo provisório não é gravado.
        let provisorio = Nup::novo(1, 1, data.year())
            .ok_or_else(|| Recusa::new("Art. 14", format!("ano {} fora do NUP", data.year())))?;
        protocolar(ator, &montar(provisorio), data, hoje_em_cuiaba(agora))?;
        let unidade = self.unidade().await?;

        let mut tx = self.pool.begin().await?;
        let seq: i64 = sqlx::query_scalar(
            "INSERT INTO sequencias (ano, ultimo) VALUES ($1, 1) \
             ON CONFLICT (ano) DO UPDATE SET ultimo = sequencias.ultimo + 1 RETURNING ultimo",
        )
        .bind(i64::from(data.year()))
        .fetch_one(&mut *tx)
        .await?;
        let nup = u32::try_from(seq)
            .ok()
            .and_then(|s| Nup::novo(unidade, s, data.year()))
            .ok_or_else(|| {
                Recusa::new(
                    "Art. 14",
                    format!("a numeração de {} esgotou os 6 dígitos do NUP", data.year()),
                )
            })?;
        let evento = Evento {
            seq: 1,
            data,
            ator: ator.clone(),
            ato: montar(nup.clone()),
            anexos,
        };
        let processo = Processo::novo(&evento).ok_or_else(|| {
            Recusa::new(
                "Art. 14",
                "um processo começa pelo protocolo da representação",
            )
        })?;
        let linha = linha_de(&evento, nup.as_str(), agora, cadeia::GENESE)?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO processos (protocolo, tipo, nome, fase, versao, ultimo_hash, ultimo_ato, criado_em) \
             VALUES ($1, $2, $3, $4, 1, $5, $6, $7) RETURNING id",
        )
        .bind(nup.as_str())
        .bind(processo.tipo.codigo())
        .bind(&processo.nome)
        .bind(processo.fase.codigo())
        .bind(&linha.hash)
        .bind(data.to_string())
        .bind(agora.to_string())
        .fetch_one(&mut *tx)
        .await?;
        inserir_evento(&mut tx, id, &linha).await?;
        inserir_arquivos(&mut tx, nup.as_str(), &evento, arquivos, &ator.id, agora).await?;
        tx.commit().await?;
        Ok(Recibo {
            protocolo: nup,
            data,
            registrado_em: agora,
            hash: linha.hash,
            processo,
        })
    }

    /// Anexa um ato ao processo, se a lei e o papel permitem e se ninguém anexou outro depois
    /// da versão `versao_esperada`. Devolve o evento gravado.
    pub async fn anexar(
        &self,
        protocolo: &str,
        versao_esperada: u64,
        ator: &Ator,
        ato: Ato,
        data: Date,
        agora: Timestamp,
    ) -> Result<Evento, ErroRegistro> {
        self.anexar_com_arquivos(protocolo, versao_esperada, ator, ato, &[], data, agora)
            .await
    }

    /// Como [`Registro::anexar`], com os arquivos que acompanham o ato: conferidos antes
    /// (tamanho, tipo pelo conteúdo) e gravados na mesma transação do evento, que guarda o
    /// SHA-256 de cada um na cadeia. Um arquivo recusado recusa o ato: nada é gravado.
    #[allow(clippy::too_many_arguments)]
    pub async fn anexar_com_arquivos(
        &self,
        protocolo: &str,
        versao_esperada: u64,
        ator: &Ator,
        ato: Ato,
        arquivos: &[ArquivoNovo],
        data: Date,
        agora: Timestamp,
    ) -> Result<Evento, ErroRegistro> {
        conferir_ator(ator)?;
        let anexos = anexos::conferir_todos(arquivos)?;
        let autos = self.carregar(protocolo).await?;
        let mut processo = autos.processo;
        if processo.versao != versao_esperada {
            return Err(ErroRegistro::Conflito {
                protocolo: protocolo.to_string(),
                esperada: versao_esperada,
                atual: processo.versao,
            });
        }
        processo.decidir(ator, &ato, data, hoje_em_cuiaba(agora))?;
        processo.exigir_arquivo(&ato, &anexos)?;
        let evento = Evento {
            seq: versao_esperada + 1,
            data,
            ator: ator.clone(),
            ato,
            anexos,
        };
        let linha = linha_de(&evento, protocolo, agora, &autos.ultimo_hash)?;
        processo.aplicar(&evento);

        let id = autos.id;
        let mut tx = self.pool.begin().await?;
        if !avancar_versao(&mut tx, id, &evento, &linha, &processo).await? {
            tx.rollback().await?;
            let (_, atual, _) = self.id_e_versao(protocolo).await?;
            return Err(ErroRegistro::Conflito {
                protocolo: protocolo.to_string(),
                esperada: versao_esperada,
                atual,
            });
        }
        inserir_evento(&mut tx, id, &linha).await?;
        inserir_arquivos(&mut tx, protocolo, &evento, arquivos, &ator.id, agora).await?;
        regravar_pendencias(&mut tx, id, protocolo, &processo, evento.data).await?;
        tx.commit().await?;
        Ok(evento)
    }
}

/// Os arquivos de um evento, na transação dele.
async fn inserir_arquivos(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    protocolo: &str,
    evento: &Evento,
    arquivos: &[ArquivoNovo],
    enviado_por: &str,
    agora: Timestamp,
) -> Result<(), sqlx::Error> {
    for (a, arquivo) in evento.anexos.iter().zip(arquivos) {
        sqlx::query(
            "INSERT INTO arquivos (protocolo, nome, finalidade, sha256, conteudo, enviado_por, enviado_em, evento_seq, tipo_midia) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(protocolo)
        .bind(&a.nome)
        .bind(arquivo.finalidade.codigo())
        .bind(&a.sha256)
        .bind(arquivo.conteudo.clone())
        .bind(enviado_por)
        .bind(agora.to_string())
        .bind(para_i64(evento.seq))
        .bind(&a.tipo_midia)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Põe o processo na versão do evento, se ele ainda está na anterior (a conferência otimista:
/// `false` se outro ato entrou antes).
pub(crate) async fn avancar_versao(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: i64,
    evento: &Evento,
    linha: &Linha,
    processo: &Processo,
) -> Result<bool, sqlx::Error> {
    let feito = sqlx::query(
        "UPDATE processos SET versao = $1, ultimo_hash = $2, fase = $3, ultimo_ato = $4 \
         WHERE id = $5 AND versao = $6",
    )
    .bind(para_i64(evento.seq))
    .bind(&linha.hash)
    .bind(processo.fase.codigo())
    .bind(processo.ultimo_ato.to_string())
    .bind(id)
    .bind(para_i64(evento.seq - 1))
    .execute(&mut **tx)
    .await?;
    Ok(feito.rows_affected() == 1)
}

/// As pendências do processo (prazos e o que falta), refeitas a cada ato que muda o processo.
pub(crate) async fn regravar_pendencias(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: i64,
    protocolo: &str,
    processo: &Processo,
    data: Date,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM pendencias WHERE processo_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    for p in processo.pendencias() {
        let alerta_desde = p
            .vencimento
            .and_then(|v| {
                v.checked_sub(jiff::Span::new().days(divisa_processo::prazos::DIAS_DE_AVISO))
                    .ok()
            })
            .unwrap_or(data);
        sqlx::query(
                "INSERT INTO pendencias (processo_id, chave, protocolo, nome, vencimento, alerta_desde, detalhe) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(id)
            .bind(p.chave())
            .bind(protocolo)
            .bind(sem_controle(&processo.nome))
            .bind(p.vencimento.map(|d| d.to_string()))
            .bind(alerta_desde.to_string())
            .bind(sem_controle(&p.detalhe))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Quem age entra no hash de cada evento e aparece na linha do tempo: um identificador vazio,
/// longo demais ou com caractere de controle (uma quebra de linha desenharia uma linha falsa, um
/// TAB ou um BEL confundiriam quem lê) é recusado aqui, na gravação, venha de onde vier (issue
/// 14) — não só na linha de comando.
fn conferir_ator(ator: &Ator) -> Result<(), ErroRegistro> {
    let id = &ator.id;
    if id.trim().is_empty() || id.chars().count() > 128 || id.chars().any(char::is_control) {
        return Err(ErroRegistro::Recusado(divisa_processo::Recusa::new(
            "quem pratica o ato",
            format!(
                "o identificador «{}» é vazio, longo demais (mais de 128 caracteres) ou tem caractere de controle (quebra de linha, tabulação)",
                id.escape_debug()
            ),
        )));
    }
    Ok(())
}

pub(crate) async fn inserir_evento(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    processo_id: i64,
    l: &Linha,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO eventos (processo_id, seq, data, registrado_em, ator, papel, tipo, ato, anexos, formato, hash_anterior, hash) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(processo_id)
    .bind(para_i64(l.seq))
    .bind(&l.data)
    .bind(&l.registrado_em)
    .bind(&l.ator)
    .bind(&l.papel)
    .bind(&l.tipo)
    .bind(&l.ato)
    .bind(&l.anexos)
    .bind(i64::from(l.formato))
    .bind(&l.hash_anterior)
    .bind(&l.hash)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
