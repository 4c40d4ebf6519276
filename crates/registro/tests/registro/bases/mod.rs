//! Um banco novo para cada teste, em SQLite (arquivo temporário) e em PostgreSQL (um banco
//! criado e apagado no servidor de 127.0.0.1:5432).
//!
//! O PostgreSQL é obrigatório: se não responde, o teste falha dizendo como iniciá-lo. Quem não
//! tem o servidor pode rodar só o SQLite com `DIVISA_SEM_POSTGRES=1` — e o teste diz que pulou.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

use divisa_registro::Registro;
use sqlx::Connection;

pub const POSTGRES_PADRAO: &str = "postgres://postgres@127.0.0.1:5432";

pub fn rodar<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(f)
}

fn nome_unico(prefixo: &str) -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    let agora = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!(
        "{prefixo}_{}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed),
        agora % 1_000_000_000
    )
}

/// Um banco de teste; apagado no fim.
pub struct BancoDeTeste {
    pub url: String,
    arquivo: Option<PathBuf>,
    pg: Option<(String, String)>,
}

impl BancoDeTeste {
    pub fn sqlite() -> BancoDeTeste {
        let arquivo = std::env::temp_dir().join(format!("{}.sqlite3", nome_unico("divisa_teste")));
        BancoDeTeste {
            url: arquivo.display().to_string(),
            arquivo: Some(arquivo),
            pg: None,
        }
    }

    /// `None` só com `DIVISA_SEM_POSTGRES=1`.
    pub async fn postgres() -> Option<BancoDeTeste> {
        if std::env::var("DIVISA_SEM_POSTGRES").is_ok_and(|v| v == "1") {
            eprintln!("DIVISA_SEM_POSTGRES=1: teste em PostgreSQL PULADO");
            return None;
        }
        sqlx::any::install_default_drivers();
        let servidor = std::env::var("DIVISA_TESTE_POSTGRES").unwrap_or(POSTGRES_PADRAO.into());
        let nome = nome_unico("divisa_teste");
        let mut c = sqlx::AnyConnection::connect(&format!("{servidor}/postgres"))
            .await
            .unwrap_or_else(|e| {
                panic!(
                    "PostgreSQL não responde em {servidor} ({e}). Inicie-o (`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`) ou rode só o SQLite com DIVISA_SEM_POSTGRES=1"
                )
            });
        sqlx::query(&format!("CREATE DATABASE {nome}"))
            .execute(&mut c)
            .await
            .expect("CREATE DATABASE");
        Some(BancoDeTeste {
            url: format!("{servidor}/{nome}"),
            arquivo: None,
            pg: Some((servidor, nome)),
        })
    }

    pub async fn abrir(&self) -> Registro {
        Registro::abrir(&self.url).await.expect("abrir o registro")
    }

    pub async fn apagar(self) {
        if let Some(a) = &self.arquivo {
            for sufixo in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{sufixo}", a.display()));
            }
        }
        if let Some((servidor, nome)) = &self.pg {
            if let Ok(mut c) = sqlx::AnyConnection::connect(&format!("{servidor}/postgres")).await {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {nome} WITH (FORCE)"))
                    .execute(&mut c)
                    .await;
            }
        }
    }
}

/// Gera `nome_sqlite` e `nome_postgres` para uma função `async fn(&Registro, &BancoDeTeste)`.
#[macro_export]
macro_rules! nas_duas_bases {
    ($($nome:ident => $f:path;)+) => {
        mod sqlite {
            $(
                #[test]
                fn $nome() {
                    $crate::bases::rodar(async {
                        let b = $crate::bases::BancoDeTeste::sqlite();
                        let r = b.abrir().await;
                        $f(&r, &b).await;
                        r.fechar().await;
                        b.apagar().await;
                    });
                }
            )+
        }
        mod postgres {
            $(
                #[test]
                fn $nome() {
                    $crate::bases::rodar(async {
                        let Some(b) = $crate::bases::BancoDeTeste::postgres().await else { return };
                        let r = b.abrir().await;
                        $f(&r, &b).await;
                        r.fechar().await;
                        b.apagar().await;
                    });
                }
            )+
        }
    };
}
