//! Medidas do registro, nas duas bases (issue 5): atos gravados por segundo, ler e dobrar um
//! processo de 1.000 eventos (meta ≤ 5 ms) e alertas sobre 10.000 processos (meta ≤ 50 ms).
//!
//! `cargo bench -p divisa-registro --bench registro` (PostgreSQL em 127.0.0.1:5432; sem ele,
//! `DIVISA_SEM_POSTGRES=1` mede só o SQLite). `DIVISA_BENCH_PROCESSOS=N` muda os 10.000.
//!
//! Tudo passa pela API de verdade (`protocolar`, `anexar`: decidir, encadear o hash, gravar em
//! transação com `synchronous = FULL` no SQLite), nada de inserção direta nas tabelas.

use std::time::{Duration, Instant};

use divisa_processo::*;
use divisa_registro::{NovaRepresentacao, Registro};
use jiff::civil::{date, Date};
use sqlx::Connection;

const DIA: Date = date(2026, 3, 2);

fn agora() -> jiff::Timestamp {
    jiff::tz::offset(0)
        .to_timestamp(DIA.at(16, 0, 0, 0))
        .unwrap()
}

fn nova(i: usize) -> NovaRepresentacao {
    NovaRepresentacao {
        tipo: TipoProcesso::Criacao,
        nome: format!("Localidade {i}"),
        municipios_origem: divisa_processo::origens(&["Sorriso".into()]).unwrap(),
        via: Via::Comunidade,
        representante: "Representante".into(),
        assinaturas: 10,
        documentos: DocumentoArt15::TODOS.to_vec(),
        proposta: None,
        nome_homenageia_pessoa_viva: None,
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1e3).replace('.', ",")
}

fn inteiro(n: f64) -> String {
    divisa_referencia::formato::inteiro(n.round() as i64)
}

/// Leva um processo até as certidões, com o ofício ao TRE recebido (prazo correndo).
async fn ate_certidoes(r: &Registro, p: &str) -> u64 {
    let presidente = Ator::new("ana", Papel::Presidente);
    let atos = [
        Ato::Divulgar {
            publicacao: "DO".into(),
        },
        Ato::RegistrarVisita {
            local: "Sede".into(),
            relatorio: "r".into(),
        },
        Ato::ParecerPreliminar {
            solicitar_certidoes: true,
            votos: Votos {
                sim: 3,
                nao: 0,
                abstencoes: 0,
                relator: None,
                nominais: Vec::new(),
            },
        },
        Ato::EnviarOficio {
            orgao: Orgao::Tre,
            numero: "1".into(),
        },
        Ato::ConfirmarRecebimento { orgao: Orgao::Tre },
    ];
    let mut v = 1;
    for ato in atos {
        r.anexar(p, v, &presidente, ato, DIA, agora())
            .await
            .unwrap();
        v += 1;
    }
    v
}

async fn medir(nome: &str, r: &Registro) {
    println!("\n== {nome}");
    let servidor = Ator::new("carla", Papel::Servidor);

    // 1. Atos por segundo num processo que cresce até 1.000 eventos.
    let p = r
        .protocolar(&Ator::new("r", Papel::Representante), nova(0), DIA, agora())
        .await
        .unwrap()
        .protocolo
        .to_string();
    let inicio = Instant::now();
    for v in 1..1000u64 {
        let ato = Ato::JuntarDocumento {
            art15: None,
            descricao: format!("documento {v}"),
        };
        r.anexar(&p, v, &servidor, ato, DIA, agora()).await.unwrap();
    }
    let t = inicio.elapsed();
    println!(
        "atos gravados em sequência (processo de 1 a 1.000 eventos): {} atos/s ({} ms por ato, com releitura e dobra do processo)",
        inteiro(999.0 / t.as_secs_f64()),
        ms(t / 999)
    );

    // 2. Ler e dobrar o processo de 1.000 eventos.
    let mut melhor = Duration::MAX;
    let mut soma = Duration::ZERO;
    let voltas = 50;
    for _ in 0..voltas {
        let i = Instant::now();
        let autos = r.carregar(&p).await.unwrap();
        let t = i.elapsed();
        assert_eq!(autos.eventos.len(), 1000);
        melhor = melhor.min(t);
        soma += t;
    }
    println!(
        "ler e dobrar um processo de 1.000 eventos: média {} ms, melhor {} ms (meta ≤ 5 ms)",
        ms(soma / voltas),
        ms(melhor)
    );

    // 3. Alertas sobre N processos, cada um com prazo correndo.
    let n: usize = std::env::var("DIVISA_BENCH_PROCESSOS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let i = Instant::now();
    let mut tarefas = tokio::task::JoinSet::new();
    let lote = n.div_ceil(8);
    for t in 0..8 {
        let r = r.clone();
        tarefas.spawn(async move {
            for k in (t * lote)..((t + 1) * lote).min(n) {
                let recibo = r
                    .protocolar(
                        &Ator::new("r", Papel::Representante),
                        nova(k + 1),
                        DIA,
                        agora(),
                    )
                    .await
                    .unwrap();
                ate_certidoes(&r, recibo.protocolo.as_str()).await;
            }
        });
    }
    while let Some(t) = tarefas.join_next().await {
        t.unwrap();
    }
    let povoar = i.elapsed();
    println!(
        "povoar {} processos (6 atos cada, 8 tarefas): {} s — {} atos/s",
        inteiro(n as f64),
        format!("{:.1}", povoar.as_secs_f64()).replace('.', ","),
        inteiro((n * 6) as f64 / povoar.as_secs_f64())
    );
    let hoje = date(2026, 3, 30); // a 4 dias do vencimento (02/04): todos alertam
    let mut melhor = Duration::MAX;
    let mut soma = Duration::ZERO;
    let mut quantos = 0;
    for _ in 0..10 {
        let i = Instant::now();
        let a = r.alertas(hoje).await.unwrap();
        let t = i.elapsed();
        quantos = a.len();
        melhor = melhor.min(t);
        soma += t;
    }
    println!(
        "alertas sobre {} processos ({} alertas): média {} ms, melhor {} ms (meta ≤ 50 ms)",
        inteiro(n as f64 + 1.0),
        inteiro(quantos as f64),
        ms(soma / 10),
        ms(melhor)
    );
    let i = Instant::now();
    let v = r.verificar(None).await.unwrap();
    assert!(v.is_empty());
    println!(
        "auditoria da cadeia inteira ({} eventos): {} ms",
        inteiro((n * 6 + 1000) as f64),
        ms(i.elapsed())
    );
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let arquivo =
            std::env::temp_dir().join(format!("divisa_bench_{}.sqlite3", std::process::id()));
        let r = Registro::abrir(&arquivo.display().to_string())
            .await
            .unwrap();
        medir("SQLite (arquivo, WAL, synchronous = FULL)", &r).await;
        r.fechar().await;
        if std::env::var("DIVISA_BENCH_MANTER").is_ok() {
            println!("(banco mantido em {})", arquivo.display());
        } else {
            for sufixo in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{sufixo}", arquivo.display()));
            }
        }

        if std::env::var("DIVISA_SEM_POSTGRES").is_ok_and(|v| v == "1") {
            println!("\n(PostgreSQL não medido: DIVISA_SEM_POSTGRES=1)");
            return;
        }
        sqlx::any::install_default_drivers();
        let servidor = "postgres://postgres@127.0.0.1:5432";
        let nome = format!("divisa_teste_bench_{}", std::process::id());
        let mut c = sqlx::AnyConnection::connect(&format!("{servidor}/postgres"))
            .await
            .expect("PostgreSQL em 127.0.0.1:5432");
        sqlx::query(&format!("CREATE DATABASE {nome}"))
            .execute(&mut c)
            .await
            .unwrap();
        let r = Registro::abrir(&format!("{servidor}/{nome}"))
            .await
            .unwrap();
        medir("PostgreSQL (127.0.0.1, mesma máquina)", &r).await;
        r.fechar().await;
        sqlx::query(&format!("DROP DATABASE {nome} WITH (FORCE)"))
            .execute(&mut c)
            .await
            .unwrap();
    });
}
