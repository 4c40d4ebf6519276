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

use divisa_processo::{
    AlertaDePrazo, DocumentoArt15, Evento, Fase, Nup, Processo, Recusa, TipoProcesso,
};
use jiff::civil::Date;
use jiff::Timestamp;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::AnyPool;

mod alertas;
mod ancoras;
pub mod anexos;
mod autos;
mod compartilhado;
mod contas;
mod emitidos;
mod gravacao;
mod juntada;
mod setores;
mod verificacao;

pub use ancoras::{chave_publica_hex, Ancora, ConferenciaDasAncoras};
pub use anexos::{sha256_hex, ArquivoNovo, Finalidade};
pub use compartilhado::{Aviso, EnvioGravado, Falhas};
pub use contas::{Alteracao, AlteracaoDeConta, ArquivoGuardado, Usuario};
pub use divisa_processo::NovaRepresentacao;
pub use emitidos::{
    codigo_com_tracos, codigo_normalizado, DocumentoAssinado, DocumentoEmitido, NovaAssinatura,
    NovaEmissao,
};
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
    (
        4,
        "anexos",
        include_str!("../migracoes/sqlite/0004_anexos.sql"),
        include_str!("../migracoes/postgres/0004_anexos.sql"),
    ),
    (
        5,
        "ancoras",
        include_str!("../migracoes/sqlite/0005_ancoras.sql"),
        include_str!("../migracoes/postgres/0005_ancoras.sql"),
    ),
    (
        6,
        "formato_do_hash",
        include_str!("../migracoes/sqlite/0006_formato_do_hash.sql"),
        include_str!("../migracoes/postgres/0006_formato_do_hash.sql"),
    ),
    (
        7,
        "ancoras_assinadas",
        include_str!("../migracoes/sqlite/0007_ancoras_assinadas.sql"),
        include_str!("../migracoes/postgres/0007_ancoras_assinadas.sql"),
    ),
    (
        8,
        "estado_compartilhado",
        include_str!("../migracoes/sqlite/0008_estado_compartilhado.sql"),
        include_str!("../migracoes/postgres/0008_estado_compartilhado.sql"),
    ),
    (
        9,
        "documentos_emitidos",
        include_str!("../migracoes/sqlite/0009_documentos_emitidos.sql"),
        include_str!("../migracoes/postgres/0009_documentos_emitidos.sql"),
    ),
    (
        10,
        "documentos_assinados",
        include_str!("../migracoes/sqlite/0010_documentos_assinados.sql"),
        include_str!("../migracoes/postgres/0010_documentos_assinados.sql"),
    ),
    (
        11,
        "contas_administradas",
        include_str!("../migracoes/sqlite/0011_contas_administradas.sql"),
        include_str!("../migracoes/postgres/0011_contas_administradas.sql"),
    ),
    (
        12,
        "consultas_de_documentos",
        include_str!("../migracoes/sqlite/0012_consultas_de_documentos.sql"),
        include_str!("../migracoes/postgres/0012_consultas_de_documentos.sql"),
    ),
    (
        13,
        "arquivos_na_cadeia",
        include_str!("../migracoes/sqlite/0013_arquivos_na_cadeia.sql"),
        include_str!("../migracoes/postgres/0013_arquivos_na_cadeia.sql"),
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
    /// Os documentos do Art. 15 que um arquivo apresenta no protocolo: os únicos que contam
    /// (Art. 15 e Art. 16, parágrafo único; issue 30 — declarar não é juntar).
    pub fn apresentados(&self) -> String {
        lista_de_documentos(self.processo.tipo, self.processo.documentos.iter().copied())
    }

    /// Os que a representação declarou sem o arquivo: a juntar (Art. 16, parágrafo único).
    pub fn a_juntar(&self) -> String {
        lista_de_documentos(self.processo.tipo, self.processo.declarados_a_juntar())
    }

    /// As linhas dos documentos do Art. 15 no recibo (rótulo e valor). Os protocolos de antes da
    /// regra do arquivo mantêm a linha que o seu recibo trazia — o que foi declarado —, porque o
    /// recibo refeito dos autos tem de dizer o mesmo que o entregue.
    pub fn linhas_dos_documentos(&self) -> Vec<(&'static str, String)> {
        if self.processo.documentos_por_arquivo {
            vec![
                (
                    "Documentos do Art. 15 apresentados com arquivo",
                    self.apresentados(),
                ),
                (
                    "Declarados sem arquivo, a juntar (Art. 16, parágrafo único)",
                    self.a_juntar(),
                ),
            ]
        } else {
            vec![(
                "Documentos do Art. 15 declarados na representação",
                lista_de_documentos(self.processo.tipo, self.processo.declarados.iter().copied()),
            )]
        }
    }

    /// A resposta da representação sobre o Art. 6º (o nome homenageia pessoa viva?), quando
    /// respondeu.
    pub fn linha_do_art6(&self) -> Option<(&'static str, String)> {
        self.processo.nome_homenageia_pessoa_viva.map(|viva| {
            (
                "O nome homenageia pessoa viva (Art. 6º)",
                if viva {
                    "sim, declarado"
                } else {
                    "não, declarado"
                }
                .to_string(),
            )
        })
    }

    /// O código de verificação do recibo (issue 30: um só tipo de código, curto o bastante para
    /// digitar): os 20 primeiros algarismos do SHA-256 do protocolo, em quatro grupos de cinco,
    /// como o dos documentos; confere-se em «Verificar documento» (`Registro::recibo_por_codigo`).
    pub fn codigo(&self) -> String {
        codigo_com_tracos(&self.hash.get(..20).unwrap_or(&self.hash).to_uppercase())
    }

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
             Protocolada em {} (registrada em {}, hora de Cuiabá)\n\
             {}\
             Código de verificação: {}\n\n\
             Guarde este número e este código: com eles a comunidade acompanha o processo, e \
             qualquer pessoa confere o protocolo na página «Verificar documento» da Comissão.\n",
            self.protocolo,
            p.tipo.nome(),
            p.nome,
            p.municipios_origem.join(", "),
            p.representante,
            p.assinaturas,
            fmt_data(self.data),
            data_e_hora_em_cuiaba(self.registrado_em),
            self.linhas_dos_documentos()
                .iter()
                .chain(self.linha_do_art6().iter())
                .map(|(rotulo, valor)| format!("{rotulo}: {valor}\n"))
                .collect::<String>(),
            self.codigo()
        )
    }
}

fn lista_de_documentos(
    tipo: TipoProcesso,
    documentos: impl IntoIterator<Item = DocumentoArt15>,
) -> String {
    let nomes: Vec<&str> = documentos.into_iter().map(|d| d.nome_no(tipo)).collect();
    if nomes.is_empty() {
        "nenhum".to_string()
    } else {
        nomes.join("; ")
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
    pub alerta: AlertaDePrazo,
    /// A pendência de que ele vem (o órgão, o tipo), para os avisos por e-mail.
    pub pendencia: divisa_processo::Pendencia,
}

/// O dia de hoje em Cuiabá (UTC−4; Mato Grosso não tem horário de verão desde 2019, Decreto
/// federal nº 9.772/2019). Fixo, para não depender da base de fusos do sistema.
pub fn hoje_em_cuiaba(agora: Timestamp) -> Date {
    jiff::tz::offset(-4).to_datetime(agora).date()
}

/// O instante em Cuiabá, para quem lê: "17/05/2024 às 14:05".
pub fn data_e_hora_em_cuiaba(agora: Timestamp) -> String {
    let t = jiff::tz::offset(-4).to_datetime(agora);
    format!(
        "{} às {:02}:{:02}",
        fmt_data(t.date()),
        t.hour(),
        t.minute()
    )
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
    /// Abre um banco que já existe: um arquivo SQLite ausente é recusado sem criar nada (um
    /// endereço digitado errado não deixa um banco vazio para trás). Para os comandos que só
    /// leem ou acrescentam a um processo.
    pub async fn abrir_existente(url: &str) -> Result<Registro, ErroRegistro> {
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            let caminho = url.strip_prefix("sqlite://").unwrap_or(url);
            let caminho = caminho.split('?').next().unwrap_or(caminho);
            if !caminho.is_empty()
                && caminho != ":memory:"
                && !std::path::Path::new(caminho).exists()
            {
                return Err(ErroRegistro::Abertura {
                    url: sem_senha(url),
                    causa: "o arquivo não existe; nada foi criado (um banco novo nasce ao protocolar o primeiro processo, ao criar a primeira conta ou ao subir a aplicação web)".into(),
                });
            }
        }
        Registro::abrir(url).await
    }

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
            let mut conexao = opcoes.connect().await.map_err(|e| {
                erro(match base {
                    Base::Postgres => format!(
                        "não foi possível conectar ao PostgreSQL ({e}); confira endereço, usuário e se o servidor está no ar"
                    ),
                    Base::Sqlite => format!("não foi possível abrir o arquivo SQLite ({e})"),
                })
            })?;
            // O SQLite abre qualquer arquivo e só reclama na primeira leitura: um arquivo que não
            // é banco (ou está corrompido) é dito já, e não depois de o pool esperar 60 s.
            if base == Base::Sqlite {
                if let Err(e) = sqlx::query("SELECT COUNT(*) FROM sqlite_master")
                    .fetch_one(&mut conexao)
                    .await
                {
                    return Err(erro(format!(
                        "o arquivo não é um banco do divisa (não é um SQLite válido ou está corrompido: {e})"
                    )));
                }
            }
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
        registro.migrar().await.map_err(|e| match e {
            // a recusa do próprio divisa (migração diferente), sem o prefixo em inglês do sqlx
            sqlx::Error::Protocol(m) => erro(m),
            e => erro(e.to_string()),
        })?;
        // os arquivos da representação que bancos antigos guardaram fora da cadeia entram nela
        // por um termo de juntada no fim (issue 30; o porquê e o como em `juntada.rs`)
        registro
            .juntar_arquivos_fora_da_cadeia(Timestamp::now())
            .await
            .map_err(|e| {
                erro(format!(
                    "ao juntar aos autos os arquivos fora da cadeia: {e}"
                ))
            })?;
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
        // A soma (SHA-256) do SQL de cada migração aplicada: se o SQL embutido mudar depois de
        // aplicado num banco, o banco não é o que o código espera — recusa-se abrir, dizendo qual.
        // Migrações aplicadas antes desta tabela existir têm a soma registrada na primeira
        // abertura.
        sqlx::query(
            "CREATE TABLE IF NOT EXISTS migracoes_somas (versao BIGINT PRIMARY KEY, sha256 TEXT NOT NULL)",
        )
        .execute(&mut *tx)
        .await?;
        for (versao, nome, sqlite, postgres) in MIGRACOES {
            let sql = if self.base == Base::Sqlite {
                sqlite
            } else {
                postgres
            };
            let soma = anexos::sha256_hex(sql.as_bytes());
            let feita: Option<i64> =
                sqlx::query_scalar("SELECT versao FROM migracoes WHERE versao = $1")
                    .bind(*versao)
                    .fetch_optional(&mut *tx)
                    .await?;
            let gravada: Option<String> =
                sqlx::query_scalar("SELECT sha256 FROM migracoes_somas WHERE versao = $1")
                    .bind(*versao)
                    .fetch_optional(&mut *tx)
                    .await?;
            match (feita.is_some(), gravada) {
                (true, Some(g)) if g != soma => {
                    return Err(sqlx::Error::Protocol(format!(
                        "a migração {versao} ({nome}) deste banco não é a que o divisa traz (SHA-256 {g} gravado, {soma} no programa): o banco foi criado por outra versão do SQL; não foi aberto para não ler dados num formato diferente"
                    )));
                }
                (true, Some(_)) => continue,
                (true, None) => {
                    sqlx::query("INSERT INTO migracoes_somas (versao, sha256) VALUES ($1, $2)")
                        .bind(*versao)
                        .bind(&soma)
                        .execute(&mut *tx)
                        .await?;
                    continue;
                }
                (false, _) => {}
            }
            sqlx::raw_sql(sql).execute(&mut *tx).await?;
            sqlx::query("INSERT INTO migracoes_somas (versao, sha256) VALUES ($1, $2)")
                .bind(*versao)
                .bind(&soma)
                .execute(&mut *tx)
                .await?;
            sqlx::query("INSERT INTO migracoes (versao, nome, aplicada_em) VALUES ($1, $2, $3)")
                .bind(*versao)
                .bind(*nome)
                .bind(Timestamp::now().to_string())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }

    /// Acesso ao pool, para testes e ferramentas de diagnóstico.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

impl Registro {
    /// A cópia de segurança de um banco SQLite, consistente e com o servidor no ar
    /// (`VACUUM INTO`: uma transação de leitura, o arquivo novo já compactado). O destino não
    /// pode existir. No PostgreSQL, a cópia é do `pg_dump` (a linha de comando o chama).
    pub async fn copiar_sqlite(&self, destino: &std::path::Path) -> Result<(), ErroRegistro> {
        if self.base != Base::Sqlite {
            return Err(ErroRegistro::Abertura {
                url: String::new(),
                causa: "a cópia por VACUUM INTO é do SQLite; no PostgreSQL use pg_dump".into(),
            });
        }
        sqlx::query("VACUUM INTO $1")
            .bind(destino.display().to_string())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Se o banco é SQLite.
    pub fn e_sqlite(&self) -> bool {
        self.base == Base::Sqlite
    }
}

/// Por que o banco não está pronto (`GET /saude` responde 503 com isto).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErroSaude {
    /// O banco não responde.
    #[error("o banco não responde: {0}")]
    NaoResponde(String),
    /// Faltam migrações desta versão.
    #[error("o banco tem {aplicadas} de {esperadas} migrações: abra-o com esta versão do divisa para aplicá-las")]
    Migracoes {
        /// As aplicadas.
        aplicadas: i64,
        /// As que esta versão traz.
        esperadas: i64,
    },
}

impl Registro {
    /// Se o banco responde e tem todas as migrações que este divisa traz (para `GET /saude`):
    /// `Ok(n)` com o número da última; `Err` diz o que falta.
    pub async fn saude(&self) -> Result<u32, ErroSaude> {
        let aplicadas: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM migracoes_somas")
            .fetch_one(&self.pool)
            .await
            .map_err(|e| ErroSaude::NaoResponde(e.to_string()))?;
        let esperadas = MIGRACOES.len() as i64;
        if aplicadas < esperadas {
            return Err(ErroSaude::Migracoes {
                aplicadas,
                esperadas,
            });
        }
        Ok(esperadas as u32)
    }
}
