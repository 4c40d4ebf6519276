//! Território: divisa lado a lado com as referências, na mesma execução (issue 4, "Speed").
//!
//! `cargo bench -p divisa-territorio --bench territorio` mede o divisa e, se o Python tiver
//! `pyproj` e `shapely` (`pip install pyproj shapely`), as mesmas tarefas neles, e imprime as
//! razões. Sem eles, imprime só o divisa e diz que a referência faltou. Os dados são os reais:
//! Malha Municipal 2022 (Paranatinga, 23.381 vértices), a faixa de Ribeirãozinho do exemplo.
//! O PostGIS, a outra referência pedida, não está nesta máquina (a ser acrescentado quando o
//! PostgreSQL do processo legislativo entrar no `.ci/run`).

use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use divisa_referencia::malha;
use divisa_territorio::albers::area_albers_ibge;
use divisa_territorio::geodesia::area_geodesica;
use divisa_territorio::leitura::ler_geojson;
use divisa_territorio::memorial::memorial;
use divisa_territorio::operacoes::{diferenca, uniao, uniao_de_todos};
use divisa_territorio::sedes::posicao;

const PARANATINGA: u32 = 5106307;
const RIBEIRAOZINHO: u32 = 5107198;
const PONTE_BRANCA: u32 = 5106703;

fn melhor<T>(repeticoes: usize, mut tarefa: impl FnMut() -> T) -> Duration {
    black_box(tarefa());
    (0..repeticoes)
        .map(|_| {
            let inicio = Instant::now();
            black_box(tarefa());
            inicio.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!(
        "{} ms",
        divisa_referencia::formato::decimal(d.as_secs_f64() * 1e3, 2)
    )
}

fn main() {
    let dados = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../dados/mt_municipios.geojson");
    let exemplo =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../exemplos/area_ribeiraozinho.geojson");
    let faixa_bytes = std::fs::read(&exemplo).expect("exemplo");
    let paranatinga = malha::poligono(PARANATINGA)
        .expect("malha")
        .expect("Paranatinga");
    let cedente = malha::poligono(RIBEIRAOZINHO)
        .expect("malha")
        .expect("Ribeirãozinho");
    let receptor = malha::poligono(PONTE_BRANCA)
        .expect("malha")
        .expect("Ponte Branca");
    let todos = malha::carregar().expect("malha");
    let sedes: Vec<(f64, f64)> = divisa_referencia::mt()
        .expect("mt")
        .municipios()
        .iter()
        .flat_map(|m| {
            m.distritos
                .iter()
                .filter_map(|d| d.sede.as_ref().map(|s| (s.lon, s.lat)))
        })
        .collect();

    let area = melhor(30, || area_geodesica(&paranatinga));
    let albers = melhor(30, || area_albers_ibge(&paranatinga));
    let pipeline = melhor(30, || {
        let faixa = ler_geojson("faixa.geojson", &faixa_bytes)
            .expect("faixa")
            .poligonos;
        let resto = diferenca(&cedente, &faixa).expect("diferença");
        let ampliado = uniao(&receptor, &faixa).expect("união");
        let continuo = resto.0.len() == 1 && ampliado.0.len() == 1;
        let dentro = sedes
            .iter()
            .filter(|(lon, lat)| {
                posicao(&faixa, *lon, *lat) != divisa_territorio::sedes::Posicao::Fora
            })
            .count();
        let percentual = area_albers_ibge(&faixa) / area_albers_ibge(&cedente);
        let texto = memorial(&faixa).texto("faixa");
        (continuo, dentro, percentual, texto.len())
    });
    let poligonos: Vec<&geo_types::MultiPolygon<f64>> = todos.iter().map(|(_, p)| p).collect();
    let uniao_estado = melhor(3, || uniao_de_todos(&poligonos).expect("união"));
    let validacao = melhor(10, || divisa_territorio::validacao::validar(&paranatinga));
    let validacao_malha = melhor(2, || {
        poligonos
            .iter()
            .map(|p| divisa_territorio::validacao::validar(p).len())
            .sum::<usize>()
    });

    // 10.000 pontos pseudoaleatórios no retângulo de Paranatinga (a mesma sequência no Python).
    let pontos = pontos_no_retangulo(&paranatinga, 10_000);
    let pontos_em_poligono = melhor(20, || {
        let indice = divisa_territorio::sedes::Indice::new(&paranatinga);
        pontos
            .iter()
            .filter(|(x, y)| indice.posicao(*x, *y) == divisa_territorio::sedes::Posicao::Dentro)
            .count()
    });
    // Paranatinga com 3 pontos a mais em cada lado: ~93 mil vértices.
    let denso = densificar(&paranatinga, 4);
    let vertices_denso: usize = denso.0.iter().map(|p| p.exterior().0.len()).sum();
    let validacao_densa = melhor(5, || divisa_territorio::validacao::validar(&denso));

    let referencia = referencia_python(&dados, &exemplo);
    println!("divisa — território, melhor de N execuções (2 núcleos)\n");
    println!(
        "{:<58} {:>12} {:>14} {:>8}",
        "tarefa", "divisa", "referência", "razão"
    );
    let linha = |tarefa: &str, nosso: Duration, chave: &str, nome: &str| match referencia
        .iter()
        .find(|(k, _)| k == chave)
    {
        Some((_, segundos)) => {
            let deles = Duration::from_secs_f64(*segundos);
            println!(
                "{tarefa:<58} {:>12} {:>14} {:>7}×",
                ms(nosso),
                format!("{} {nome}", ms(deles)),
                divisa_referencia::formato::decimal(
                    deles.as_secs_f64() / nosso.as_secs_f64().max(1e-12),
                    1
                )
            );
        }
        None => println!("{tarefa:<58} {:>12} {:>14}", ms(nosso), "sem referência"),
    };
    linha(
        "área geodésica de Paranatinga (23.381 vértices)",
        area,
        "area",
        "pyproj",
    );
    linha(
        "área em Albers-IBGE de Paranatinga",
        albers,
        "albers",
        "pyproj",
    );
    linha(
        "desmembramento: ler, diferença, união, sedes, %, memorial",
        pipeline,
        "pipeline",
        "shapely",
    );
    linha("união dos 141 municípios", uniao_estado, "uniao", "shapely");
    linha(
        "validação de Paranatinga (todos os problemas)",
        validacao,
        "valido",
        "shapely",
    );
    linha(
        "validação dos 141 municípios",
        validacao_malha,
        "valido_malha",
        "shapely",
    );
    linha(
        &format!(
            "validação de Paranatinga densificada ({} vértices)",
            divisa_referencia::formato::inteiro(vertices_denso as i64)
        ),
        validacao_densa,
        "valido_denso",
        "shapely",
    );
    linha(
        "10.000 pontos em Paranatinga (com a preparação)",
        pontos_em_poligono,
        "pontos",
        "shapely",
    );
    println!(
        "\nrazão = tempo da referência / tempo do divisa (maior que 1: o divisa é mais rápido)."
    );
    println!("Na referência do desmembramento (shapely/GEOS) não há memorial nem área geodésica: ela faz menos que o divisa.");
}

/// Gerador congruencial (o mesmo no Python): pontos reprodutíveis sem depender de crate.
fn pontos_no_retangulo(t: &geo_types::MultiPolygon<f64>, n: usize) -> Vec<(f64, f64)> {
    use geo::BoundingRect;
    let r = t.bounding_rect().expect("retângulo");
    let mut s: u64 = 12345;
    let mut proximo = || {
        s = (s * 1103515245 + 12345) % (1 << 31);
        s as f64 / (1u64 << 31) as f64
    };
    (0..n)
        .map(|_| {
            let x = r.min().x + (r.max().x - r.min().x) * proximo();
            let y = r.min().y + (r.max().y - r.min().y) * proximo();
            (x, y)
        })
        .collect()
}

/// Cada lado em `k` partes iguais.
fn densificar(t: &geo_types::MultiPolygon<f64>, k: usize) -> geo_types::MultiPolygon<f64> {
    let anel = |l: &geo_types::LineString<f64>| {
        let mut v = Vec::with_capacity(l.0.len() * k);
        for w in l.0.windows(2) {
            for i in 0..k {
                let f = i as f64 / k as f64;
                v.push(geo_types::Coord {
                    x: w[0].x + (w[1].x - w[0].x) * f,
                    y: w[0].y + (w[1].y - w[0].y) * f,
                });
            }
        }
        v.push(l.0[l.0.len() - 1]);
        geo_types::LineString(v)
    };
    geo_types::MultiPolygon(
        t.0.iter()
            .map(|p| {
                geo_types::Polygon::new(
                    anel(p.exterior()),
                    p.interiors().iter().map(anel).collect(),
                )
            })
            .collect(),
    )
}

/// Roda as mesmas tarefas em Python (pyproj, shapely) e devolve (tarefa, segundos).
fn referencia_python(dados: &Path, exemplo: &Path) -> Vec<(String, f64)> {
    const PROGRAMA: &str = r#"
import json, sys, time
def melhor(n, f):
    f(); t = min((lambda: (lambda s: (f(), time.perf_counter() - s)[1])(time.perf_counter()))() for _ in range(n)); return t
d = json.load(open(sys.argv[1]))
feicoes = {f["properties"]["codigo_ibge"]: f for f in d["features"]}
try:
    from pyproj import Geod, Transformer
    geod = Geod(ellps="GRS80")
    g = feicoes["5106307"]["geometry"]
    anel = g["coordinates"][0] if g["type"] == "Polygon" else g["coordinates"][0][0]
    lons = [p[0] for p in anel]; lats = [p[1] for p in anel]
    print("area", melhor(30, lambda: geod.polygon_area_perimeter(lons, lats)))
    albers = Transformer.from_crs("EPSG:4674", "+proj=aea +lat_0=-12 +lon_0=-54 +lat_1=-2 +lat_2=-22 +ellps=GRS80 +units=m", always_xy=True)
    def area_albers():
        x, y = albers.transform(lons, lats)
        return 0.5 * abs(sum(x[i] * y[i + 1] - x[i + 1] * y[i] for i in range(len(x) - 1)))
    print("albers", melhor(30, area_albers))
except ImportError:
    pass
try:
    import shapely
    from shapely.geometry import shape
    cedente = shape(feicoes["5107198"]["geometry"]); receptor = shape(feicoes["5106703"]["geometry"])
    texto = open(sys.argv[2]).read()
    def pipeline():
        faixa = shapely.from_geojson(texto)
        resto = cedente.difference(faixa); ampliado = receptor.union(faixa)
        continuo = resto.geom_type == "Polygon" and ampliado.geom_type == "Polygon"
        return continuo, faixa.area / cedente.area
    print("pipeline", melhor(30, pipeline))
    todos = [shape(f["geometry"]) for f in d["features"]]
    print("uniao", melhor(3, lambda: shapely.union_all(todos)))
    paranatinga = shape(feicoes["5106307"]["geometry"])
    print("valido", melhor(10, lambda: shapely.is_valid_reason(paranatinga)))
    print("valido_malha", melhor(2, lambda: [shapely.is_valid_reason(g) for g in todos]))
    def densificar(anel, k):
        v = []
        for a, b in zip(anel, anel[1:]):
            for i in range(k):
                f = i / k; v.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
        v.append(tuple(anel[-1])); return v
    g = feicoes["5106307"]["geometry"]
    aneis = g["coordinates"] if g["type"] == "Polygon" else g["coordinates"][0]
    denso = shapely.Polygon(densificar(aneis[0], 4), [densificar(a, 4) for a in aneis[1:]])
    print("valido_denso", melhor(5, lambda: shapely.is_valid_reason(denso)))
    import numpy as np
    minx, miny, maxx, maxy = paranatinga.bounds
    s = 12345; xs = []; ys = []
    for _ in range(10000):
        s = (s * 1103515245 + 12345) % (1 << 31); xs.append(minx + (maxx - minx) * s / (1 << 31))
        s = (s * 1103515245 + 12345) % (1 << 31); ys.append(miny + (maxy - miny) * s / (1 << 31))
    xs = np.array(xs); ys = np.array(ys)
    def pontos():
        alvo = shapely.Polygon(paranatinga.exterior, paranatinga.interiors) if paranatinga.geom_type == "Polygon" else shapely.MultiPolygon(paranatinga)
        shapely.prepare(alvo)
        return int(shapely.contains_xy(alvo, xs, ys).sum())
    print("pontos", melhor(20, pontos))
except ImportError:
    pass
"#;
    let saida = Command::new("python3")
        .args(["-c", PROGRAMA])
        .arg(dados)
        .arg(exemplo)
        .output();
    let Ok(saida) = saida else { return Vec::new() };
    String::from_utf8_lossy(&saida.stdout)
        .lines()
        .filter_map(|l| {
            let mut partes = l.split_whitespace();
            Some((partes.next()?.to_owned(), partes.next()?.parse().ok()?))
        })
        .collect()
}
