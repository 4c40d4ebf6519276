//! Lê memoriais descritivos em texto e mostra o que a leitura deu: vértices, coordenadas, área e
//! avisos. `--brasil` mede em qualquer lugar do Brasil (avisando fora de Mato Grosso).
//!
//! `--grande N` mede a leitura de um memorial do SIGEF de N vértices (texto e tabela), gerado
//! na memória: um círculo de 22 km de raio perto de Vera (MT), com azimute e distância de cada
//! lado.
//!
//! ```sh
//! cargo run --release -p divisa-territorio --example ler_memorial -- [--brasil] memorial.txt…
//! cargo run --release -p divisa-territorio --example ler_memorial -- --grande 100000
//! ```

use std::time::{Duration, Instant};

use divisa_referencia::formato::{angulo, decimal};
use divisa_territorio::geodesia::{area_geodesica, sirgas2000};
use divisa_territorio::leitura::ler;
use divisa_territorio::leitura::memorial::{ler_memorial, ler_memorial_no_brasil};
use geographiclib_rs::InverseGeodesic;

fn main() {
    let mut brasil = false;
    let mut argumentos = std::env::args().skip(1);
    while let Some(argumento) = argumentos.next() {
        if argumento == "--brasil" {
            brasil = true;
            continue;
        }
        if argumento == "--grande" {
            let n = argumentos
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(100_000);
            grande(n);
            continue;
        }
        let bytes = match std::fs::read(&argumento) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{argumento}: {e}");
                continue;
            }
        };
        let inicio = Instant::now();
        let lido = if brasil {
            ler_memorial_no_brasil(&argumento, &bytes)
        } else {
            ler_memorial(&argumento, &bytes)
        };
        let tempo = inicio.elapsed();
        match lido {
            Ok(m) => {
                let medida = area_geodesica(&m.territorio.poligonos);
                println!(
                    "{argumento}: {} vértices ({:?}, {:?}), área geodésica {} ha, no SGL {} ha, perímetro {} m; lido em {} ms",
                    m.vertices.len(),
                    m.disposicao,
                    m.coordenadas,
                    decimal(medida.area_m2 / 1e4, 4),
                    decimal(m.area_sgl_m2 / 1e4, 4),
                    decimal(medida.perimetro_m, 2),
                    decimal(tempo.as_secs_f64() * 1e3, 1)
                );
                for aviso in m.avisos.iter().take(20) {
                    println!("  aviso: {aviso}");
                }
            }
            Err(e) => println!(
                "{argumento}: erro: {e} ({} ms)",
                decimal(tempo.as_secs_f64() * 1e3, 1)
            ),
        }
    }
}

/// Mede a leitura de um memorial SIGEF de `n` vértices, em texto e em tabela: o melhor de cinco.
fn grande(n: usize) {
    let (texto, tabela) = memorial_grande(n);
    let melhor = |f: &dyn Fn() -> usize| {
        (0..5)
            .map(|_| {
                let inicio = Instant::now();
                let vertices = f();
                assert_eq!(vertices, n);
                inicio.elapsed()
            })
            .min()
            .unwrap_or(Duration::ZERO)
    };
    let ms = |d: Duration| decimal(d.as_secs_f64() * 1e3, 1);
    for (nome, conteudo) in [("texto", &texto), ("tabela", &tabela)] {
        let so_leitura = melhor(&|| {
            let lido = ler_memorial("m.txt", conteudo.as_bytes()).expect("memorial");
            assert!(lido.avisos.is_empty(), "{:?}", &lido.avisos[..1]);
            lido.vertices.len()
        });
        let com_validacao = melhor(&|| {
            let t = ler("m.txt", conteudo.as_bytes()).expect("memorial");
            t.poligonos.0[0].exterior().0.len() - 1
        });
        println!(
            "SIGEF em {nome}, {} vértices ({} MB): leitura {} ms; com a validação do território (leitura::ler) {} ms",
            decimal(n as f64, 0),
            decimal(conteudo.len() as f64 / 1e6, 1),
            ms(so_leitura),
            ms(com_validacao)
        );
    }
}

/// O texto e a tabela de um memorial SIGEF de `n` vértices num círculo, com o azimute e a
/// distância geodésicos de cada lado, calculados das coordenadas escritas.
fn memorial_grande(n: usize) -> (String, String) {
    let (lon0, lat0, raio_graus) = (-55.5, -12.2, 0.2);
    let arredondar = |g: f64| (g * 3_600_000.0).round() / 3_600_000.0;
    let gms = |g: f64| format!("{}{}", if g < 0.0 { "-" } else { "" }, angulo(g.abs(), 3));
    let pontos: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let t = -(i as f64) / n as f64 * std::f64::consts::TAU;
            (
                arredondar(lon0 + raio_graus * t.cos()),
                arredondar(lat0 + raio_graus * t.sin()),
            )
        })
        .collect();
    let lado = |i: usize| {
        let (a, b) = (pontos[i], pontos[(i + 1) % n]);
        let (s, azi, _, _): (f64, f64, f64, f64) = sirgas2000().inverse(a.1, a.0, b.1, b.0);
        (angulo(azi.rem_euclid(360.0), 0), decimal(s, 2))
    };
    let codigo = |i: usize| format!("ABCD-M-{:06}", i % n + 1);
    let mut texto = String::from("MEMORIAL DESCRITIVO\nSIRGAS 2000\n");
    let mut tabela = String::from(
        "SIRGAS 2000\nCódigo\tLongitude\tLatitude\tAltitude (m)\tCódigo\tAzimute\tDist. (m)\n",
    );
    texto.push_str(&format!(
        "Inicia-se a descrição deste perímetro no vértice {}, de coordenadas Longitude: {}, Latitude: {} e Altitude: 350,00 m",
        codigo(0),
        gms(pontos[0].0),
        gms(pontos[0].1)
    ));
    for i in 0..n {
        let j = (i + 1) % n;
        let (azimute, distancia) = lado(i);
        texto.push_str(&format!(
            "; deste, segue confrontando com Fazenda {i}, com os seguintes azimute e distância: {azimute} e {distancia} m até o vértice {}",
            codigo(j)
        ));
        if j == 0 {
            texto.push_str(", ponto inicial da descrição deste perímetro.\n");
        } else {
            texto.push_str(&format!(
                ", de coordenadas Longitude: {}, Latitude: {} e Altitude: {} m\n",
                gms(pontos[j].0),
                gms(pontos[j].1),
                decimal(350.0 + (j % 7) as f64, 2)
            ));
        }
        tabela.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{azimute}\t{distancia}\tFazenda {i}\n",
            codigo(i),
            gms(pontos[i].0),
            gms(pontos[i].1),
            decimal(350.0 + (i % 7) as f64, 2),
            codigo(j)
        ));
    }
    (texto, tabela)
}
