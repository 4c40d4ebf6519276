//! `divisa`: a linha de comando (CONTRACT §1). Só liga as peças: lê os argumentos, chama os
//! crates e traduz o resultado em texto e em código de saída.
//!
//! Códigos de saída: 0 sucesso (ou a proposta atende); 1 erro interno; 2 entrada inválida (a
//! mensagem diz o quê); 3 não atende, ou ato recusado pela lei; 4 inconclusivo (`avaliar`,
//! `toponimo`); 5 conflito de versão (`processo avancar`: releia e decida de novo). Um pipe fechado (`divisa ... | head`)
//! termina com 0, como no ripgrep.

mod anexos;
mod arquivo;
mod auditoria;
mod avaliar;
mod backup;
mod banco;
mod cli;
mod configuracao;
mod documento;
mod fiscal;
mod inconsistencias;
mod memorial;
mod municipio;
mod processo;
mod relogio;
mod setores;
mod web;

use std::io::Write;
use std::process::ExitCode;

/// O alocador do sistema, contando o que cada thread usa: é o que deixa o servidor pôr um teto
/// de memória em cada trabalho pesado (`divisa_recursos::com_orcamento`).
#[global_allocator]
static ALOCADOR: divisa_recursos::Contador = divisa_recursos::Contador;

/// Como um comando terminou, além de erros internos.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Saida {
    /// Fez o que foi pedido.
    Sucesso,
    /// A entrada do usuário era inválida; a mensagem já foi escrita em stderr.
    EntradaInvalida,
    /// A proposta não atende a algum dispositivo (`avaliar`, `toponimo`).
    NaoAtende,
    /// Nada falha, mas algo está pendente (`avaliar`, `toponimo`).
    Inconclusivo,
    /// Outro ato entrou no processo depois da versão declarada (`processo avancar`).
    Conflito,
}

fn main() -> ExitCode {
    if let Err(m) = relogio::conferir() {
        eprintln!("divisa: {m}.");
        return ExitCode::from(2);
    }
    let comando = match cli::ler_argumentos() {
        Ok(comando) => comando,
        Err(codigo) => return codigo,
    };
    // o endereço público de conferência, para o QR e o rodapé dos documentos (issue 16):
    // um valor errado no ambiente para todo comando logo no começo
    if let Err(m) = configuracao::opcoes_dos_documentos(None) {
        eprintln!("divisa: {m}.");
        return ExitCode::from(2);
    }
    let mut saida = std::io::stdout().lock();
    match executar(comando, &mut saida) {
        Ok(Saida::Sucesso) => ExitCode::SUCCESS,
        Ok(Saida::EntradaInvalida) => ExitCode::from(2),
        Ok(Saida::NaoAtende) => ExitCode::from(3),
        Ok(Saida::Inconclusivo) => ExitCode::from(4),
        Ok(Saida::Conflito) => ExitCode::from(5),
        Err(erro) if pipe_fechado(&erro) => ExitCode::SUCCESS,
        Err(erro) => {
            eprintln!("divisa: erro interno: {erro:#}");
            ExitCode::from(1)
        }
    }
}

fn executar(comando: cli::Comando, saida: &mut impl Write) -> anyhow::Result<Saida> {
    match comando {
        cli::Comando::Municipio {
            codigo_ou_nome,
            formato,
        } => municipio::executar(&codigo_ou_nome, formato, saida),
        cli::Comando::Avaliar {
            proposta,
            formato,
            em,
            db,
        } => avaliar::avaliar(&proposta, formato, em, db.as_deref(), saida),
        cli::Comando::Fiscal { proposta, opcoes } => fiscal::executar(&proposta, &opcoes, saida),
        cli::Comando::Lei { dispositivo, em } => avaliar::lei(dispositivo.as_deref(), em, saida),
        cli::Comando::Toponimo {
            nome,
            pessoa_viva,
            em,
        } => avaliar::toponimo(&nome, pessoa_viva, em, saida),
        cli::Comando::Varredura { formato, em } => avaliar::varredura(formato, em, saida),
        cli::Comando::Memorial {
            area,
            formato,
            saida: destino,
            zona,
        } => memorial::executar(&area, formato, destino.as_deref(), zona, saida),
        cli::Comando::Inconsistencias { malha, area_minima } => {
            inconsistencias::executar(malha.as_deref(), area_minima, saida)
        }
        cli::Comando::Processo { comando, banco } => processo::executar(comando, &banco.db, saida),
        cli::Comando::Auditoria { comando, banco } => {
            auditoria::auditoria(comando, &banco.db, saida)
        }
        cli::Comando::Setores {
            comando: cli::ComandoSetores::Importar { malha, agregados },
            banco,
        } => setores::importar(&malha, &agregados, &banco.db, saida),
        cli::Comando::Serve {
            config,
            endereco,
            sem_demonstracao,
            https,
            memoria_por_trabalho,
            proxies_confiaveis,
            tls_certificado,
            tls_chave,
            log_json,
            banco,
        } => {
            let arquivo = match config.as_deref().map(configuracao::ler).transpose() {
                Ok(a) => a.unwrap_or_default(),
                Err(m) => {
                    eprintln!("divisa serve: {m}.");
                    return Ok(Saida::EntradaInvalida);
                }
            };
            // o ambiente vale mais que o arquivo: este só define se ele não
            let documentos =
                match configuracao::opcoes_dos_documentos(arquivo.endereco_publico.as_deref()) {
                    Ok(o) => o,
                    Err(m) => {
                        eprintln!("divisa serve: {m}.");
                        return Ok(Saida::EntradaInvalida);
                    }
                };
            // a linha de comando e o ambiente valem mais que o arquivo; o banco padrão só
            // quando nem a opção, nem DIVISA_DB, nem o arquivo dizem outro
            let db = if banco.db == divisa_registro::BANCO_PADRAO
                && std::env::var_os("DIVISA_DB").is_none()
            {
                arquivo.banco.clone().unwrap_or(banco.db)
            } else {
                banco.db
            };
            let mut proxies = proxies_confiaveis;
            if proxies.is_empty() {
                proxies = arquivo.proxies_confiaveis.clone().unwrap_or_default();
            }
            web::serve(
                web::Servir {
                    endereco: endereco
                        .or(arquivo.endereco)
                        .unwrap_or_else(|| std::net::SocketAddr::from(([127, 0, 0, 1], 8080))),
                    demonstracao: !(sem_demonstracao || arquivo.sem_demonstracao == Some(true)),
                    https: https || arquivo.https == Some(true),
                    memoria_por_trabalho: memoria_por_trabalho
                        .or(arquivo.memoria_por_trabalho_mb)
                        .map(|mb| mb as usize * 1024 * 1024),
                    proxies_confiaveis: proxies,
                    log_json: log_json || arquivo.log_json == Some(true),
                    avisos: arquivo
                        .avisos
                        .as_ref()
                        .map(configuracao::Avisos::para_o_servidor),
                    tls: tls_certificado.zip(tls_chave).or(arquivo
                        .tls_certificado
                        .clone()
                        .zip(arquivo.tls_chave.clone())),
                    documentos,
                },
                &db,
            )
        }
        cli::Comando::Usuario { comando, banco } => web::usuario(comando, &banco.db, saida),
        cli::Comando::Backup {
            saida: destino,
            banco,
        } => backup::backup(&banco.db, &destino, saida),
        cli::Comando::Restaurar { arquivo, banco } => backup::restaurar(&arquivo, &banco.db, saida),
        cli::Comando::Documento {
            tipo,
            arquivo,
            saida: destino,
            certificado,
            protocolo,
            como,
            banco,
            ..
        } if tipo == "assinar" => documento::assinar(
            documento::PedidoDeAssinatura {
                entrada: arquivo.as_deref(),
                certificado: certificado.as_deref(),
                destino: destino.as_deref(),
                nos_autos: protocolo
                    .as_deref()
                    .map(|p| (p, como.map(|c| c.0), banco.db.as_str())),
            },
            saida,
        ),
        cli::Comando::Documento {
            tipo,
            arquivo,
            saida: destino,
            formato,
            protocolo,
            em,
            como,
            orgao,
            banco,
            ..
        } => documento::executar(
            &tipo,
            arquivo.as_deref(),
            destino.as_deref(),
            &formato,
            protocolo.as_deref(),
            em,
            como.map(|c| c.0),
            orgao,
            &banco.db,
            saida,
        ),
    }
}

fn pipe_fechado(erro: &anyhow::Error) -> bool {
    erro.chain()
        .filter_map(|causa| causa.downcast_ref::<std::io::Error>())
        .any(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
}
