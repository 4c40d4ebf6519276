//! Os autos de cada processo: protocolar, carregar, anexar um ato (com a conferência da versão e
//! a cadeia de hashes), listar, verificar a cadeia e as contagens do painel.

use divisa_processo::cadeia::{self, Linha, Violacao};
use divisa_processo::{protocolar, Acao, Ato, Ator, Evento, Fase, Nup, Papel, Processo, Recusa};
use jiff::civil::Date;
use jiff::Timestamp;
use sqlx::Row;

use crate::anexos::{self, ArquivoNovo, Finalidade};

use crate::{
    hoje_em_cuiaba, para_i64, para_u64, sem_controle, Autos, ErroRegistro, NovaRepresentacao,
    Recibo, Registro, Resumo,
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
        // O código IBGE vai com o nome; um nome que não é de MT é recusado pela lei (Art. 15).
        let oficiais = divisa_processo::nomes_oficiais(&dados.municipios_origem);
        let codigos_origem = divisa_processo::codigos_ibge(&oficiais).unwrap_or_default();
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

    async fn id_e_versao(&self, protocolo: &str) -> Result<(i64, u64, String), ErroRegistro> {
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

    async fn linhas(&self, id: i64, protocolo: &str) -> Result<Vec<Linha>, ErroRegistro> {
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
fn formato_de(v: i64) -> u8 {
    u8::try_from(v).unwrap_or(1)
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
