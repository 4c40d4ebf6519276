//! Quanto custa carregar os dados de referência (issue 2, "Speed and memory").
//!
//! `cargo bench -p divisa --bench carga` mede, lado a lado, na mesma execução:
//! - o tempo de parede do processo `divisa municipio Sorriso` (meta ≤ 30 ms), contra o piso de
//!   criar um processo qualquer (`/bin/true`);
//! - o tempo e o pico de memória para decodificar a Malha 2022 inteira (metas ≤ 300 ms,
//!   ≤ 120 MB), contra o `json.load` do Python sobre o GeoJSON original de 18 MB, que é o que
//!   um leitor ingênuo faria.
//!
//! - o processo `divisa avaliar exemplos/criacao.toml` (proposta sem geometria; meta ≤ 30 ms) e a
//!   varredura estadual (`divisa varredura`, meta ≤ 1 s), como processos inteiros.
//!
//! O pico de memória é o VmHWM de um processo filho que só faz aquela carga (este mesmo
//! executável, chamado de novo com `DIVISA_BENCH_FILHO`), descontado nada: é o que o sistema
//! operacional viu.

use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const REPETICOES_PROCESSO: usize = 40;
const REPETICOES_MALHA: usize = 15;

fn main() {
    if let Ok(modo) = std::env::var("DIVISA_BENCH_FILHO") {
        filho(&modo);
        return;
    }
    let divisa = env!("CARGO_BIN_EXE_divisa");
    println!("divisa — carga dos dados de referência (2 núcleos; mediana de N execuções)\n");

    let sorriso = medir(REPETICOES_PROCESSO, || {
        rodar(Command::new(divisa).args(["municipio", "Sorriso"]))
    });
    let piso = medir(REPETICOES_PROCESSO, || {
        rodar(&mut Command::new("/bin/true"))
    });
    println!("processo `divisa municipio Sorriso`: mediana {}, p90 {} (N = {REPETICOES_PROCESSO}; meta ≤ 30 ms)", ms(sorriso.mediana), ms(sorriso.p90));
    println!(
        "  piso de criar um processo (/bin/true): {}; razão {}×",
        ms(piso.mediana),
        vezes(razao(sorriso.mediana, piso.mediana))
    );

    let exemplos = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../exemplos");
    let criacao = exemplos.join("criacao.toml");
    let avaliar = medir(REPETICOES_PROCESSO, || {
        let saida = Command::new(divisa)
            .arg("avaliar")
            .arg(&criacao)
            .output()
            .expect("processo roda");
        assert_eq!(saida.status.code(), Some(4), "criacao.toml é inconclusiva");
    });
    println!(
        "processo `divisa avaliar exemplos/criacao.toml`: mediana {}, p90 {} (N = {REPETICOES_PROCESSO}; meta ≤ 30 ms); razão ao piso {}×",
        ms(avaliar.mediana),
        ms(avaliar.p90),
        vezes(razao(avaliar.mediana, piso.mediana))
    );
    let varredura = medir(10, || {
        rodar(Command::new(divisa).args(["varredura", "--formato", "json"]))
    });
    println!("processo `divisa varredura --formato json` (142 municípios): mediana {}, p90 {} (N = 10; meta ≤ 1 s)", ms(varredura.mediana), ms(varredura.p90));

    let malha = medir(REPETICOES_MALHA, || {
        black_box(divisa_referencia::malha::carregar().expect("malha embutida"));
    });
    let vertices: usize = divisa_referencia::malha::indice()
        .iter()
        .map(|e| e.vertices)
        .sum();
    println!(
        "\nmalha 2022 inteira ({} municípios, {} vértices) em processo: mediana {}, p90 {} (N = {REPETICOES_MALHA}; meta ≤ 300 ms)",
        divisa_referencia::malha::indice().len(),
        divisa_referencia::formato::inteiro(vertices as i64),
        ms(malha.mediana),
        ms(malha.p90)
    );
    let base = pico_filho("nada");
    let com_malha = pico_filho("malha");
    let com_tabelas = pico_filho("tabelas");
    println!("  pico de memória do processo: {} (sem carregar nada: {}; só as tabelas de MT: {}; meta ≤ 120 MB)", mb(com_malha), mb(base), mb(com_tabelas));

    let geojson = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../dados/mt_municipios.geojson");
    let programa = "import json,resource,sys,time\n\
        t=time.perf_counter(); d=json.load(open(sys.argv[1])); t=time.perf_counter()-t\n\
        print(t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)";
    let referencia: Vec<(f64, u64)> = (0..3)
        .filter_map(|_| {
            let saida = Command::new("python3")
                .args(["-c", programa])
                .arg(&geojson)
                .output()
                .ok()?;
            let texto = String::from_utf8(saida.stdout).ok()?;
            let mut partes = texto.split_whitespace();
            Some((partes.next()?.parse().ok()?, partes.next()?.parse().ok()?))
        })
        .collect();
    match referencia.iter().map(|r| r.0).min_by(f64::total_cmp) {
        Some(segundos) => {
            let pico_kb = referencia.iter().map(|r| r.1).max().unwrap_or(0);
            let tempo = Duration::from_secs_f64(segundos);
            println!(
                "  referência: python3 json.load do GeoJSON de 18 MB: {} (melhor de 3), pico {}; o divisa é {}× mais rápido e usa {}× menos memória",
                ms(tempo),
                mb(pico_kb),
                vezes(razao(tempo, malha.mediana)),
                vezes(pico_kb as f64 / com_malha.max(1) as f64)
            );
        }
        None => println!("  referência python3 indisponível nesta máquina: razão não medida"),
    }
}

/// O que o processo filho carrega antes de medir o próprio pico de memória.
fn filho(modo: &str) {
    match modo {
        "malha" => {
            black_box(divisa_referencia::malha::carregar().expect("malha embutida"));
        }
        "tabelas" => {
            black_box(divisa_referencia::mt().expect("tabelas embutidas"));
        }
        _ => {}
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let pico = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .map(str::trim)
        .unwrap_or("0 kB");
    println!("{}", pico.trim_end_matches(" kB"));
}

fn pico_filho(modo: &str) -> u64 {
    let saida = Command::new(std::env::current_exe().expect("caminho do bench"))
        .env("DIVISA_BENCH_FILHO", modo)
        .output()
        .expect("filho do bench roda");
    String::from_utf8_lossy(&saida.stdout)
        .trim()
        .parse()
        .unwrap_or(0)
}

fn rodar(comando: &mut Command) {
    let saida = comando.output().expect("processo roda");
    assert!(saida.status.success(), "{comando:?} falhou");
}

struct Tempos {
    mediana: Duration,
    p90: Duration,
}

fn medir(repeticoes: usize, mut tarefa: impl FnMut()) -> Tempos {
    tarefa(); // aquecimento: cache de disco e de páginas
    let mut tempos: Vec<Duration> = (0..repeticoes)
        .map(|_| {
            let inicio = Instant::now();
            tarefa();
            inicio.elapsed()
        })
        .collect();
    tempos.sort();
    Tempos {
        mediana: tempos[repeticoes / 2],
        p90: tempos[repeticoes * 9 / 10],
    }
}

fn ms(tempo: Duration) -> String {
    format!(
        "{} ms",
        divisa_referencia::formato::decimal(tempo.as_secs_f64() * 1e3, 1)
    )
}

fn mb(kb: u64) -> String {
    format!(
        "{} MB",
        divisa_referencia::formato::decimal(kb as f64 / 1024.0, 1)
    )
}

fn vezes(razao: f64) -> String {
    divisa_referencia::formato::decimal(razao, 1)
}

fn razao(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64().max(1e-9)
}
