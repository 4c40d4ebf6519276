//! Onde os processos ficam guardados: um arquivo SQLite por padrão, PostgreSQL em produção.
//!
//! - Os eventos só admitem acréscimo (gatilhos no banco recusam `UPDATE` e `DELETE`) e cada um
//!   grava o hash do anterior do mesmo processo ([`divisa_processo::cadeia`]);
//!   [`Registro::verificar`] acha e nomeia o evento editado, removido ou fora de ordem.
//! - Concorrência otimista: quem anexa diz a versão sobre a qual decidiu; se outro ato entrou
//!   antes, o seu é recusado com [`ErroRegistro::Conflito`] — nunca mesclado em silêncio. A
//!   conferência é um `UPDATE … WHERE versao = $esperada` na mesma transação do `INSERT`.
//! - O número de protocolo (NUP) sai de uma sequência por ano, na transação do protocolo.
//! - As pendências de cada processo (prazos, recusas) ficam numa projeção refeita a cada ato,
//!   para os alertas de todos os processos saírem de uma consulta.
//!
//! SQLite: modo WAL, `synchronous = FULL` (um ato confirmado sobrevive à queda da máquina, não
//! só à do processo), chaves estrangeiras ligadas, espera de até 30 s pelo bloqueio de escrita.
//! As duas bases usam o mesmo SQL (parâmetros `$1`, `RETURNING`, `ON CONFLICT`) pelo driver
//! `Any` do sqlx; só as migrações são uma por base (`migracoes/sqlite`, `migracoes/postgres`).

use std::str::FromStr;
use std::sync::Once;
use std::time::Duration;

use divisa_processo::cadeia::{self, Linha, Violacao};
use divisa_processo::{
    protocolar, Acao, Alerta, Ato, Ator, DocumentoArt15, Evento, Fase, Nup, Papel, Processo,
    Recusa, TipoProcesso, Via,
};
use jiff::civil::Date;
use jiff::Timestamp;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Row};

mod alertas;
mod contas;
mod setores;

pub use contas::{ArquivoGuardado, Usuario};
pub use setores::SetorGravado;

/// As migrações, em ordem: (versão, nome, SQL do SQLite, SQL do PostgreSQL).
const MIGRACOES: &[(i64, &str, &str, &str)] = &[
    (
        1,
        "inicial",
        include_str!("../migracoes/sqlite/0001_inicial.sql"),
        include_str!("../migracoes/postgres/0001_inicial.sql"),
    ),
    (
        2,
        "setores",
        include_str!("../migracoes/sqlite/0002_setores.sql"),
        include_str!("../migracoes/postgres/0002_setores.sql"),
    ),
    (
        3,
        "usuarios",
        include_str!("../migracoes/sqlite/0003_usuarios.sql"),
        include_str!("../migracoes/postgres/0003_usuarios.sql"),
    ),
];

/// O banco padrão: um arquivo no diretório corrente.
pub const BANCO_PADRAO: &str = "divisa.sqlite3";

/// Erros do registro, em português.
#[derive(Debug, thiserror::Error)]
pub enum ErroRegistro {
    /// Não foi possível abrir ou preparar o banco.
    #[error("banco de dados \"{url}\": {causa}")]
    Abertura {
        /// O endereço, sem senha.
        url: String,
        /// O porquê.
        causa: String,
    },
    /// O ato foi recusado pela lei ou pelo papel.
    #[error("{0}")]
    Recusado(#[from] Recusa),
    /// Outro ato entrou antes: a versão declarada ficou velha.
    #[error("conflito no processo {protocolo}: o ato foi preparado sobre a versão {esperada}, mas o processo já está na versão {atual}; releia o processo e decida de novo")]
    Conflito {
        /// O processo.
        protocolo: String,
        /// A versão que o ato declarou.
        esperada: u64,
        /// A versão gravada.
        atual: u64,
    },
    /// Não há processo com esse protocolo.
    #[error("processo {0} não encontrado")]
    NaoEncontrado(String),
    /// Um evento gravado não pode ser lido (o banco foi mexido por fora).
    #[error("o evento {seq} do processo {protocolo} não pode ser lido ({causa}); rode `divisa auditoria verificar`")]
    Corrompido {
        /// O processo.
        protocolo: String,
        /// O evento.
        seq: u64,
        /// O porquê.
        causa: String,
    },
    /// Erro do banco.
    #[error("erro do banco de dados: {0}")]
    Banco(#[from] sqlx::Error),
}

/// Qual banco.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    /// Arquivo SQLite.
    Sqlite,
    /// Servidor PostgreSQL.
    Postgres,
}

/// O registro aberto.
#[derive(Debug, Clone)]
pub struct Registro {
    pool: AnyPool,
    base: Base,
}

/// Dados de uma nova representação (o protocolo é atribuído pelo registro).
#[derive(Debug, Clone)]
pub struct NovaRepresentacao {
    /// Tipo de processo.
    pub tipo: TipoProcesso,
    /// Nome proposto.
    pub nome: String,
    /// Municípios de origem.
    pub municipios_origem: Vec<String>,
    /// Por onde chegou.
    pub via: Via,
    /// Quem assina como representante.
    pub representante: String,
    /// Assinaturas de eleitores.
    pub assinaturas: u32,
    /// Documentos do Art. 15 que acompanham.
    pub documentos: Vec<DocumentoArt15>,
    /// A proposta (CONTRACT §2), em TOML.
    pub proposta: Option<String>,
}

/// O recibo do protocolo.
#[derive(Debug, Clone)]
pub struct Recibo {
    /// O número.
    pub protocolo: Nup,
    /// O dia.
    pub data: Date,
    /// Quando foi gravado.
    pub registrado_em: Timestamp,
    /// O hash do primeiro evento (guarde-o: prova o que foi protocolado).
    pub hash: String,
    /// O processo criado.
    pub processo: Processo,
}

impl Recibo {
    /// O recibo em texto, para imprimir ou mostrar.
    pub fn texto(&self) -> String {
        let p = &self.processo;
        format!(
            "RECIBO DE PROTOCOLO — Assembleia Legislativa do Estado de Mato Grosso\n\
             Comissão de Revisão Territorial (LC nº 23/1992, Art. 14)\n\n\
             Protocolo nº {}\n\
             Representação: {} — \"{}\"\n\
             Municípios de origem: {}\n\
             Representante: {}\n\
             Assinaturas de eleitores: {}\n\
             Protocolada em {} (registrada em {} UTC)\n\
             Documentos do Art. 15 que acompanham: {}\n\
             Código de registro (SHA-256 do protocolo): {}\n\n\
             Guarde este número e este código: com eles a comunidade acompanha o processo e \
             qualquer pessoa confere que o registro não foi alterado.\n",
            self.protocolo,
            p.tipo.nome(),
            p.nome,
            p.municipios_origem.join(", "),
            p.representante,
            p.assinaturas,
            fmt_data(self.data),
            self.registrado_em.strftime("%d/%m/%Y %H:%M:%S"),
            if p.documentos.is_empty() {
                "nenhum".to_string()
            } else {
                p.documentos
                    .iter()
                    .map(|d| d.nome())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
            self.hash
        )
    }
}

/// Um processo na listagem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resumo {
    /// Protocolo.
    pub protocolo: String,
    /// Tipo.
    pub tipo: String,
    /// Nome.
    pub nome: String,
    /// Fase.
    pub fase: Fase,
    /// Quantos eventos.
    pub versao: u64,
    /// Dia do último ato.
    pub ultimo_ato: String,
}

/// Um processo lido: o estado e os eventos.
#[derive(Debug, Clone)]
pub struct Autos {
    /// O estado.
    pub processo: Processo,
    /// Os eventos, em ordem.
    pub eventos: Vec<Evento>,
    /// O hash do último evento.
    pub ultimo_hash: String,
    /// A chave do processo no banco (para o `anexar` não a buscar de novo).
    id: i64,
}

/// Um alerta de um processo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlertaDoProcesso {
    /// Protocolo.
    pub protocolo: String,
    /// Nome.
    pub nome: String,
    /// O alerta.
    pub alerta: Alerta,
}

/// O dia de hoje em Cuiabá (UTC−4; Mato Grosso não tem horário de verão desde 2019, Decreto
/// federal nº 9.772/2019). Fixo, para não depender da base de fusos do sistema.
pub fn hoje_em_cuiaba(agora: Timestamp) -> Date {
    jiff::tz::offset(-4).to_datetime(agora).date()
}

fn fmt_data(d: Date) -> String {
    format!("{:02}/{:02}/{:04}", d.day(), d.month(), d.year())
}

fn sem_senha(url: &str) -> String {
    // postgres://usuario:senha@host → postgres://usuario:***@host
    match (url.find("://"), url.find('@')) {
        (Some(i), Some(j)) if j > i => {
            let credenciais = &url[i + 3..j];
            match credenciais.find(':') {
                Some(k) => format!("{}{}:***{}", &url[..i + 3], &credenciais[..k], &url[j..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// Texto da projeção sem caracteres de controle (os separadores da consulta de alertas). Os
/// eventos guardam o original.
fn sem_controle(texto: &str) -> String {
    texto
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn para_u64(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

fn para_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

impl Registro {
    /// Abre (e cria, se preciso) o banco em `url`: `postgres://…` ou `postgresql://…` para o
    /// PostgreSQL; `sqlite://ARQUIVO` ou só o caminho de um arquivo para o SQLite.
    pub async fn abrir(url: &str) -> Result<Registro, ErroRegistro> {
        static DRIVERS: Once = Once::new();
        DRIVERS.call_once(sqlx::any::install_default_drivers);
        let erro = |causa: String| ErroRegistro::Abertura {
            url: sem_senha(url),
            causa,
        };
        let (endereco, base) = if url.starts_with("postgres://") || url.starts_with("postgresql://")
        {
            (url.to_string(), Base::Postgres)
        } else {
            let caminho = url.strip_prefix("sqlite://").unwrap_or(url);
            if caminho.is_empty() {
                return Err(erro("caminho do arquivo SQLite vazio".into()));
            }
            let separador = if caminho.contains('?') { '&' } else { '?' };
            (
                format!("sqlite://{caminho}{separador}mode=rwc"),
                Base::Sqlite,
            )
        };
        let opcoes = AnyConnectOptions::from_str(&endereco).map_err(|e| erro(e.to_string()))?;
        // Uma conexão direta primeiro: o pool só diria "tempo esgotado"; esta diz o porquê.
        {
            use sqlx::ConnectOptions;
            let conexao = opcoes.connect().await.map_err(|e| {
                erro(match base {
                    Base::Postgres => format!(
                        "não foi possível conectar ao PostgreSQL ({e}); confira endereço, usuário e se o servidor está no ar"
                    ),
                    Base::Sqlite => format!("não foi possível abrir o arquivo SQLite ({e})"),
                })
            })?;
            sqlx::Connection::close(conexao).await.ok();
        }
        let pool = AnyPoolOptions::new()
            .max_connections(if base == Base::Sqlite { 4 } else { 10 })
            .acquire_timeout(Duration::from_secs(60))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if base == Base::Sqlite {
                        for pragma in [
                            "PRAGMA journal_mode = WAL",
                            "PRAGMA synchronous = FULL",
                            "PRAGMA foreign_keys = ON",
                            "PRAGMA busy_timeout = 30000",
                            // leituras grandes (alertas, auditoria) sem copiar página a página
                            "PRAGMA mmap_size = 268435456",
                            "PRAGMA cache_size = -32000",
                        ] {
                            sqlx::query(pragma).execute(&mut *conn).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect_with(opcoes)
            .await
            .map_err(|e| erro(e.to_string()))?;
        let registro = Registro { pool, base };
        registro.migrar().await.map_err(|e| erro(e.to_string()))?;
        Ok(registro)
    }

    /// Qual banco.
    pub fn base(&self) -> Base {
        self.base
    }

    /// Fecha o pool (espera as conexões devolverem).
    pub async fn fechar(&self) {
        self.pool.close().await;
    }

    async fn migrar(&self) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        if self.base == Base::Postgres {
            // Dois processos abrindo um banco novo ao mesmo tempo: um espera o outro.
            sqlx::query("SELECT pg_advisory_xact_lock(2319920023)")
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS migracoes (versao BIGINT PRIMARY KEY, nome TEXT NOT NULL, aplicada_em TEXT NOT NULL)",
        )
        .execute(&mut *tx)
        .await?;
        for (versao, nome, sqlite, postgres) in MIGRACOES {
            let feita: Option<i64> =
                sqlx::query_scalar("SELECT versao FROM migracoes WHERE versao = $1")
                    .bind(*versao)
                    .fetch_optional(&mut *tx)
                    .await?;
            if feita.is_some() {
                continue;
            }
            let sql = if self.base == Base::Sqlite {
                sqlite
            } else {
                postgres
            };
            sqlx::raw_sql(sql).execute(&mut *tx).await?;
            sqlx::query("INSERT INTO migracoes (versao, nome, aplicada_em) VALUES ($1, $2, $3)")
                .bind(*versao)
                .bind(*nome)
                .bind(Timestamp::now().to_string())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }

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
        let montar = |protocolo: Nup| Ato::Protocolar {
            protocolo,
            tipo_processo: dados.tipo,
            nome: dados.nome.trim().to_string(),
            municipios_origem: dados.municipios_origem.clone(),
            via: dados.via.clone(),
            representante: dados.representante.trim().to_string(),
            assinaturas: dados.assinaturas,
            documentos: dados.documentos.clone(),
            proposta: dados.proposta.clone(),
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
        inserir_evento(&mut tx, id, &linha, evento.ato.tipo()).await?;
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
            "SELECT seq, data, registrado_em, ator, papel, ato, hash_anterior, hash \
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
                    ato: r.try_get("ato")?,
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
            "SELECT seq, data, ator, papel, ato FROM eventos WHERE processo_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut eventos = Vec::with_capacity(rows.len());
        for r in &rows {
            let seq = para_u64(r.try_get(0)?);
            let corrompido = |causa: String| ErroRegistro::Corrompido {
                protocolo: protocolo.to_string(),
                seq,
                causa,
            };
            let data: &str = r.try_get(1)?;
            let papel: &str = r.try_get(3)?;
            let ato: &str = r.try_get(4)?;
            eventos.push(Evento {
                seq,
                data: data
                    .parse()
                    .map_err(|e| corrompido(format!("data \"{data}\": {e}")))?,
                ator: Ator::new(
                    r.try_get::<String, _>(2)?,
                    Papel::de_codigo(papel)
                        .ok_or_else(|| corrompido(format!("papel \"{papel}\" desconhecido")))?,
                ),
                ato: serde_json::from_str(ato).map_err(|e| corrompido(e.to_string()))?,
            });
        }
        let processo =
            Processo::de_eventos(&eventos).map_err(|causa| ErroRegistro::Corrompido {
                protocolo: protocolo.to_string(),
                seq: 0,
                causa,
            })?;
        Ok(Autos {
            processo,
            eventos,
            ultimo_hash,
            id,
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
        let evento = Evento {
            seq: versao_esperada + 1,
            data,
            ator: ator.clone(),
            ato,
        };
        let linha = linha_de(&evento, protocolo, agora, &autos.ultimo_hash)?;
        processo.aplicar(&evento);

        let id = autos.id;
        let mut tx = self.pool.begin().await?;
        let feito = sqlx::query(
            "UPDATE processos SET versao = $1, ultimo_hash = $2, fase = $3, ultimo_ato = $4 \
             WHERE id = $5 AND versao = $6",
        )
        .bind(para_i64(evento.seq))
        .bind(&linha.hash)
        .bind(processo.fase.codigo())
        .bind(processo.ultimo_ato.to_string())
        .bind(id)
        .bind(para_i64(versao_esperada))
        .execute(&mut *tx)
        .await?;
        if feito.rows_affected() != 1 {
            tx.rollback().await?;
            let (_, atual, _) = self.id_e_versao(protocolo).await?;
            return Err(ErroRegistro::Conflito {
                protocolo: protocolo.to_string(),
                esperada: versao_esperada,
                atual,
            });
        }
        inserir_evento(&mut tx, id, &linha, evento.ato.tipo()).await?;
        sqlx::query("DELETE FROM pendencias WHERE processo_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        for p in processo.pendencias() {
            let alerta_desde = p
                .vencimento
                .and_then(|v| {
                    v.checked_sub(jiff::Span::new().days(divisa_processo::prazos::DIAS_DE_AVISO))
                        .ok()
                })
                .unwrap_or(evento.data);
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
            .execute(&mut *tx)
            .await?;
        }
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
            let linhas = self.linhas(id, &protocolo).await?;
            v.extend(cadeia::verificar(&protocolo, &linhas, versao, &ultimo_hash));
        }
        Ok(v)
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

    /// Acesso ao pool, para testes e ferramentas de diagnóstico.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

fn linha_de(
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
    let mut linha = Linha {
        protocolo: protocolo.to_string(),
        seq: evento.seq,
        data: evento.data.to_string(),
        registrado_em: agora.to_string(),
        ator: evento.ator.id.clone(),
        papel: evento.ator.papel.codigo().to_string(),
        ato,
        hash_anterior: anterior.to_string(),
        hash: String::new(),
    };
    linha.hash = cadeia::calcular(&linha);
    Ok(linha)
}

async fn inserir_evento(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    processo_id: i64,
    l: &Linha,
    tipo: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO eventos (processo_id, seq, data, registrado_em, ator, papel, tipo, ato, hash_anterior, hash) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(processo_id)
    .bind(para_i64(l.seq))
    .bind(&l.data)
    .bind(&l.registrado_em)
    .bind(&l.ator)
    .bind(&l.papel)
    .bind(tipo)
    .bind(&l.ato)
    .bind(&l.hash_anterior)
    .bind(&l.hash)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
