//! O banco diante do operador: abri-lo (só o protocolo o cria), rodar o que é assíncrono e dizer
//! os erros do registro como respostas (recusa, conflito, não encontrado), com a saída de cada um.

use anyhow::Context;
use divisa_processo::Nup;
use divisa_registro::{ErroRegistro, Registro};

use crate::Saida;

pub(crate) fn rodar<F: std::future::Future>(f: F) -> anyhow::Result<F::Output> {
    Ok(tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("ao iniciar o executor assíncrono")?
        .block_on(f))
}

/// Abre o banco; erro de abertura é do usuário (endereço errado, servidor fora): saída 2.
pub(crate) async fn abrir(comando: &str, db: &str) -> Option<Registro> {
    // Só o protocolo cria o banco; os outros comandos leem ou acrescentam a um que existe.
    let aberto = if comando == "processo criar" {
        Registro::abrir(db).await
    } else {
        Registro::abrir_existente(db).await
    };
    match aberto {
        Ok(r) => Some(r),
        Err(e) => {
            eprintln!("divisa {comando}: {e}");
            None
        }
    }
}

/// O erro do registro diante do usuário: recusa e conflito são respostas, não falhas.
/// O banco, para ler os autos de `protocolo` (conferido antes de abrir).
pub(crate) async fn abrir_autos(comando: &str, protocolo: &str, db: &str) -> Option<Registro> {
    if let Err(e) = Nup::ler(protocolo) {
        eprintln!("divisa {comando}: {e}.");
        return None;
    }
    abrir(comando, db).await
}

/// O erro de ler os autos: a recusa (quem pede não pode, Arts. 16, 22 e 23) não atende; o resto é entrada
/// inválida ou erro do banco.
pub(crate) fn relatar_autos(comando: &str, e: divisa_autos::ErroAutos) -> anyhow::Result<Saida> {
    match e {
        divisa_autos::ErroAutos::Registro(e) => relatar(comando, e),
        e @ divisa_autos::ErroAutos::Recusado(_) => {
            eprintln!("divisa {comando}: {e}");
            Ok(Saida::NaoAtende)
        }
        e => {
            eprintln!("divisa {comando}: {e}.");
            Ok(Saida::EntradaInvalida)
        }
    }
}

pub(crate) fn relatar(comando: &str, e: ErroRegistro) -> anyhow::Result<Saida> {
    match e {
        ErroRegistro::Recusado(r) => {
            eprintln!("divisa {comando}: {r}");
            Ok(Saida::NaoAtende)
        }
        e @ ErroRegistro::Conflito { .. } => {
            eprintln!("divisa {comando}: {e}");
            Ok(Saida::Conflito)
        }
        e @ ErroRegistro::NaoEncontrado(_) => {
            eprintln!("divisa {comando}: {e}");
            Ok(Saida::EntradaInvalida)
        }
        e => Err(e.into()),
    }
}
