//! `divisa serve` e `divisa usuario`: a aplicação web e as suas contas.

use std::io::{BufRead, Write};

use divisa_processo::Papel;

use crate::cli::ComandoUsuario;
use crate::Saida;

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

/// Como `divisa serve` foi pedido.
pub(crate) struct Servir {
    pub endereco: std::net::SocketAddr,
    pub demonstracao: bool,
    pub https: bool,
    pub memoria_por_trabalho: Option<usize>,
    pub proxies_confiaveis: Vec<std::net::IpAddr>,
    pub log_json: bool,
    pub avisos: Option<divisa_web::avisos::ConfiguracaoAvisos>,
    pub tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
    pub documentos: divisa_documentos::OpcoesDoPdf,
}

/// O log do servidor no stderr: legível (hora, nível, alvo, campos) ou JSON, uma linha por
/// evento; do nível INFO para cima (os do divisa: pedidos, entradas, falhas, bloqueios, atos
/// recusados, erros internos).
fn iniciar_log(json: bool) {
    let base = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::INFO)
        .with_ansi(false)
        .with_target(true)
        // um stderr fechado (o terminal que caiu, o pipe de quem lançou o servidor) não pode
        // derrubar o pedido: o aviso interno do tracing seria um eprint! que entra em pânico
        .log_internal_errors(false);
    // `try_init`: se já houver um (não há, num processo do divisa), o primeiro vale.
    let _ = if json {
        base.json().flatten_event(true).try_init()
    } else {
        base.compact().try_init()
    };
}

pub(crate) fn serve(pedido: Servir, db: &str) -> anyhow::Result<Saida> {
    let Servir {
        endereco,
        demonstracao,
        https,
        memoria_por_trabalho,
        proxies_confiaveis,
        log_json,
        avisos,
        tls,
        documentos,
    } = pedido;
    let esquema = if tls.is_some() { "https" } else { "http" };
    iniciar_log(log_json);
    let inicio = std::time::Instant::now();
    let opcoes = divisa_web::Opcoes {
        endereco,
        db: db.to_string(),
        demonstracao,
        seguro: https,
        memoria_por_trabalho,
        proxies_confiaveis,
        // do ambiente, nunca da linha de comando (que aparece no `ps`)
        token_metricas: std::env::var("DIVISA_TOKEN_METRICAS")
            .ok()
            .filter(|t| !t.trim().is_empty()),
        avisos,
        tls,
        // `DIVISA_AGORA` fixa o relógio do servidor como o dos outros comandos: para reproduzir
        // o que as páginas mostraram num dia (prazos, calendário eleitoral, lei em vigor).
        relogio: if std::env::var_os("DIVISA_AGORA").is_some() {
            divisa_web::Relogio::Fixo(crate::relogio::agora())
        } else {
            divisa_web::Relogio::Sistema
        },
        documentos,
    };
    let rt = runtime()?;
    let r = rt.block_on(divisa_web::servir(opcoes, |end, aviso| {
        if !aviso.is_empty() {
            eprintln!("divisa serve: {aviso}");
        }
        eprintln!(
            "divisa serve: no ar em {esquema}://{end} (banco {db}; pronto em {} ms). Ctrl+C encerra.",
            inicio.elapsed().as_millis()
        );
    }));
    // Um trabalho pesado abandonado (divisa_web::oficina) não prende a saída do processo.
    rt.shutdown_timeout(std::time::Duration::from_millis(500));
    match r {
        Ok(()) => Ok(Saida::Sucesso),
        Err(e) => {
            eprintln!("divisa serve: {e:#}");
            Ok(Saida::EntradaInvalida)
        }
    }
}

pub(crate) fn usuario(
    comando: ComandoUsuario,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let rt = runtime()?;
    match comando {
        ComandoUsuario::Criar { login, nome, papel } => {
            let Some(papel) = Papel::de_codigo(&papel).filter(|p| p.tem_conta()) else {
                let papeis: Vec<&str> = Papel::TODOS
                    .into_iter()
                    .filter(|p| p.tem_conta())
                    .map(Papel::codigo)
                    .collect();
                let (ultimo, outros) = papeis.split_last().unwrap_or((&"", &[]));
                eprintln!(
                    "divisa usuario criar: --papel «{papel}»: use {} ou {ultimo}.",
                    outros.join(", ")
                );
                return Ok(Saida::EntradaInvalida);
            };
            let mut senha = String::new();
            std::io::stdin().lock().read_line(&mut senha)?;
            let senha = senha.trim_end_matches(['\r', '\n']);
            let r = rt.block_on(async {
                let registro = divisa_registro::Registro::abrir(db).await?;
                let r =
                    divisa_web::criar_usuario(&registro, &login, &nome, papel, senha, false).await;
                registro.fechar().await;
                r
            });
            match r {
                Ok(true) => {
                    writeln!(saida, "Conta «{login}» criada ({}).", papel.nome())?;
                    Ok(Saida::Sucesso)
                }
                Ok(false) => {
                    eprintln!("divisa usuario criar: o login «{login}» já existe; nada mudou.");
                    Ok(Saida::EntradaInvalida)
                }
                Err(e) => {
                    eprintln!("divisa usuario criar: {e:#}.");
                    Ok(Saida::EntradaInvalida)
                }
            }
        }
        ComandoUsuario::Listar => {
            let contas = rt.block_on(async {
                let registro = divisa_registro::Registro::abrir_existente(db).await?;
                let r = registro.usuarios().await;
                registro.fechar().await;
                r
            });
            let contas = match contas {
                Ok(c) => c,
                Err(e @ divisa_registro::ErroRegistro::Abertura { .. }) => {
                    eprintln!("divisa usuario listar: {e}.");
                    return Ok(Saida::EntradaInvalida);
                }
                Err(e) => return Err(e.into()),
            };
            if contas.is_empty() {
                writeln!(saida, "Nenhuma conta. Crie a primeira com `divisa usuario criar LOGIN --nome … --papel presidente`.")?;
            }
            for u in contas {
                writeln!(
                    saida,
                    "{:<20} {:<28} {}, {}{}{}",
                    u.login,
                    u.papel.nome(),
                    u.nome,
                    u.cargo_exibido(),
                    if u.demonstracao {
                        "  [demonstração]"
                    } else {
                        ""
                    },
                    if u.ativa { "" } else { "  [desativada]" }
                )?;
            }
            Ok(Saida::Sucesso)
        }
    }
}
