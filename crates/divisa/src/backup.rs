//! `divisa backup` e `divisa restaurar`: a cópia de segurança do banco e a volta dela, cada uma
//! conferida pela auditoria (a cadeia de hashes de todos os processos).
//!
//! SQLite: `VACUUM INTO` faz uma cópia consistente com o servidor no ar (uma transação de
//! leitura; os atos que entram durante a cópia ficam para a próxima). PostgreSQL: o `pg_dump`
//! do próprio PostgreSQL, no formato custom, e o `pg_restore` de volta num banco vazio.

use std::io::Write;
use std::path::Path;
use std::process::Command;

use divisa_referencia::formato::plural;
use divisa_registro::Registro;

use crate::banco::{abrir, relatar, rodar};
use crate::Saida;

fn postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// O endereço sem a senha e a senha à parte: a senha vai ao pg_dump/pg_restore pela variável
/// PGPASSWORD, nunca pela linha de comando (que outros usuários da máquina veem no `ps`).
fn sem_senha(url: &str) -> (String, Option<String>) {
    let (Some(i), Some(j)) = (url.find("://"), url.rfind('@')) else {
        return (url.to_owned(), None);
    };
    if j < i {
        return (url.to_owned(), None);
    }
    let credenciais = &url[i + 3..j];
    match credenciais.split_once(':') {
        Some((usuario, senha)) => (
            format!("{}{usuario}{}", &url[..i + 3], &url[j..]),
            Some(senha.to_owned()),
        ),
        None => (url.to_owned(), None),
    }
}

/// O pg_dump ou o pg_restore, com a senha pelo ambiente.
fn cliente_pg(programa: &str, url: &str) -> (Command, String) {
    let (endereco, senha) = sem_senha(url);
    let mut c = Command::new(programa);
    if let Some(s) = senha {
        c.env("PGPASSWORD", s);
    }
    (c, endereco)
}

/// A auditoria de um banco (a cópia ou o restaurado): 0 íntegra, 3 com violações.
async fn conferir(
    comando: &str,
    r: &Registro,
    onde: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let v = match r.verificar(None).await {
        Ok(v) => v,
        Err(e) => return relatar(comando, e),
    };
    let (processos, eventos) = match r.contagem().await {
        Ok(c) => c,
        Err(e) => return relatar(comando, e),
    };
    if v.is_empty() {
        writeln!(
            saida,
            "{onde}: {} e {}; a cadeia de hashes de todos confere.",
            plural(processos, "processo", "processos"),
            plural(eventos, "evento", "eventos")
        )?;
        Ok(Saida::Sucesso)
    } else {
        writeln!(
            saida,
            "{onde}: ADULTERAÇÃO — {} na cadeia:",
            plural(v.len() as u64, "problema", "problemas")
        )?;
        for x in &v {
            writeln!(saida, "  processo {}: {}", x.protocolo, x.descricao)?;
        }
        Ok(Saida::NaoAtende)
    }
}

/// `divisa backup -o ARQUIVO [--db URL]`.
pub(crate) fn backup(db: &str, destino: &Path, saida: &mut impl Write) -> anyhow::Result<Saida> {
    const CMD: &str = "backup";
    if destino.exists() {
        eprintln!(
            "divisa {CMD}: {}: o arquivo já existe; a cópia não sobrescreve nada (escolha outro nome).",
            destino.display()
        );
        return Ok(Saida::EntradaInvalida);
    }
    if postgres(db) {
        // O pg_dump do PostgreSQL: uma fotografia consistente (uma transação), com o servidor no ar.
        let (mut pg_dump, endereco) = cliente_pg("pg_dump", db);
        let feito = pg_dump
            .args(["--format=custom", "--no-owner", "--file"])
            .arg(destino)
            .arg(endereco)
            .status();
        return Ok(match feito {
            Ok(s) if s.success() => {
                writeln!(
                    saida,
                    "Cópia de segurança do PostgreSQL gravada em {} (pg_dump, formato custom). Para conferi-la, restaure-a num banco vazio: divisa restaurar {} --db postgres://…/banco_novo",
                    destino.display(),
                    destino.display()
                )?;
                Saida::Sucesso
            }
            Ok(s) => {
                eprintln!(
                    "divisa {CMD}: o pg_dump terminou com erro ({s}); a mensagem dele está acima."
                );
                Saida::EntradaInvalida
            }
            Err(e) => {
                eprintln!("divisa {CMD}: não foi possível rodar o pg_dump ({e}): instale o cliente do PostgreSQL (pacote postgresql-client) na mesma versão do servidor.");
                Saida::EntradaInvalida
            }
        });
    }
    rodar(async move {
        let Some(r) = abrir(CMD, db).await else {
            return Ok(Saida::EntradaInvalida);
        };
        let copiado = r.copiar_sqlite(destino).await;
        r.fechar().await;
        if let Err(e) = copiado {
            return relatar(CMD, e);
        }
        // a cópia aberta e conferida: uma cópia que não confere não é cópia
        let copia = match Registro::abrir_existente(&destino.display().to_string()).await {
            Ok(c) => c,
            Err(e) => return relatar(CMD, e),
        };
        let feito = conferir(
            CMD,
            &copia,
            &format!("Cópia de segurança gravada em {}", destino.display()),
            saida,
        )
        .await;
        copia.fechar().await;
        feito
    })?
}

/// `divisa restaurar ARQUIVO --db URL`: num banco que ainda não existe (SQLite) ou vazio
/// (PostgreSQL), e conferido.
pub(crate) fn restaurar(arquivo: &Path, db: &str, saida: &mut impl Write) -> anyhow::Result<Saida> {
    const CMD: &str = "restaurar";
    let cabeca = match std::fs::File::open(arquivo).and_then(|mut f| {
        let mut b = [0u8; 16];
        std::io::Read::read(&mut f, &mut b).map(|n| b[..n].to_vec())
    }) {
        Ok(b) => b,
        Err(e) => {
            eprintln!(
                "divisa {CMD}: {}: não foi possível ler a cópia ({e}).",
                arquivo.display()
            );
            return Ok(Saida::EntradaInvalida);
        }
    };
    let de_sqlite = cabeca.starts_with(b"SQLite format 3\0");
    let de_pg_dump = cabeca.starts_with(b"PGDMP");
    match (de_sqlite, de_pg_dump, postgres(db)) {
        (true, _, false) => {
            let caminho = db.strip_prefix("sqlite://").unwrap_or(db);
            let caminho = Path::new(caminho.split('?').next().unwrap_or(caminho));
            // um diário (-wal, -journal) deixado ao lado seria reaplicado sobre a cópia
            let ao_lado = |sufixo: &str| {
                let mut nome = caminho.as_os_str().to_owned();
                nome.push(sufixo);
                std::path::PathBuf::from(nome)
            };
            if caminho.exists() || ao_lado("-wal").exists() || ao_lado("-journal").exists() {
                eprintln!(
                    "divisa {CMD}: {}: o banco (ou o seu diário -wal/-journal) já existe; a restauração vai para um banco novo, sem apagar nada.",
                    caminho.display()
                );
                return Ok(Saida::EntradaInvalida);
            }
            // criar só se não existir (sem corrida entre conferir e gravar)
            let gravado = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(caminho)
                .and_then(|mut destino| {
                    let mut origem = std::fs::File::open(arquivo)?;
                    std::io::copy(&mut origem, &mut destino)?;
                    destino.sync_all()
                });
            if let Err(e) = gravado {
                eprintln!(
                    "divisa {CMD}: {}: não foi possível gravar ({e}).",
                    caminho.display()
                );
                return Ok(Saida::EntradaInvalida);
            }
        }
        (_, true, true) => {
            // numa transação só: um erro no meio não deixa um banco restaurado pela metade
            let (mut pg_restore, endereco) = cliente_pg("pg_restore", db);
            let feito = pg_restore
                .args([
                    "--no-owner",
                    "--exit-on-error",
                    "--single-transaction",
                    "--dbname",
                ])
                .arg(endereco)
                .arg(arquivo)
                .status();
            match feito {
                Ok(s) if s.success() => {}
                Ok(s) => {
                    eprintln!("divisa {CMD}: o pg_restore terminou com erro ({s}); o banco de destino tem de existir e estar vazio.");
                    return Ok(Saida::EntradaInvalida);
                }
                Err(e) => {
                    eprintln!("divisa {CMD}: não foi possível rodar o pg_restore ({e}): instale o cliente do PostgreSQL (pacote postgresql-client).");
                    return Ok(Saida::EntradaInvalida);
                }
            }
        }
        (true, _, true) | (_, true, false) => {
            eprintln!(
                "divisa {CMD}: {}: a cópia é de {}, e o destino é {}; restaure na mesma base de onde veio.",
                arquivo.display(),
                if de_sqlite { "SQLite" } else { "PostgreSQL (pg_dump)" },
                if postgres(db) { "PostgreSQL" } else { "SQLite" }
            );
            return Ok(Saida::EntradaInvalida);
        }
        (false, false, _) => {
            eprintln!(
                "divisa {CMD}: {}: não é uma cópia de `divisa backup` (nem um banco SQLite, nem um pg_dump no formato custom).",
                arquivo.display()
            );
            return Ok(Saida::EntradaInvalida);
        }
    }
    rodar(async move {
        let Some(r) = abrir(CMD, db).await else {
            return Ok(Saida::EntradaInvalida);
        };
        let feito = conferir(CMD, &r, "Restaurado", saida).await;
        r.fechar().await;
        feito
    })?
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn a_senha_sai_do_endereco() {
        assert_eq!(
            sem_senha("postgres://ana:segredo@10.0.0.1:5432/divisa"),
            (
                "postgres://ana@10.0.0.1:5432/divisa".to_owned(),
                Some("segredo".to_owned())
            )
        );
        assert_eq!(
            sem_senha("postgres://postgres@127.0.0.1/x"),
            ("postgres://postgres@127.0.0.1/x".to_owned(), None)
        );
    }
}
