//! Território: divisa lado a lado com as referências, na mesma execução (issue 4, "Speed").
//!
//! `bash crates/territorio/benches/preparar.sh && cargo bench -p divisa-territorio --bench
//! territorio` instala as referências (pyproj, shapely e numpy do PyPI; PostGIS do Debian no
//! PostgreSQL local) e mede o divisa e cada uma delas, imprimindo as razões. Sem alguma, imprime
//! só o divisa e diz que a referência faltou. Os dados são os reais: Malha Municipal 2022
//! (Paranatinga, 23.381 vértices; os 141 municípios), a faixa de Ribeirãozinho do exemplo e as
//! sedes da Base de Localidades 2022.

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
const SAO_FELIX: u32 = 5107859;

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

    // Interpolação: 10.000 setores (grade de 100 × 100 no retângulo) × São Félix do Araguaia
    // (9.964 vértices), a população de cada setor = 100.
    let sao_felix = malha::poligono(SAO_FELIX)
        .expect("malha")
        .expect("São Félix");
    let grade = grade_de_setores(&sao_felix, 100);
    let interpolacao = melhor(3, || {
        let setores: Vec<divisa_territorio::interpolacao::SetorCensitario<'_>> = grade
            .iter()
            .map(|p| divisa_territorio::interpolacao::SetorCensitario {
                poligono: p,
                populacao: 100,
                domicilios: 30,
            })
            .collect();
        divisa_territorio::interpolacao::populacao_na_area(&sao_felix, &setores).populacao
    });

    let mut referencia = referencia_python(&dados, &exemplo);
    referencia.extend(referencia_postgis(
        &cedente,
        &receptor,
        &faixa_bytes,
        &sedes,
    ));
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
    linha(
        "desmembramento (o mesmo, com azimutes e distâncias)",
        pipeline,
        "pipeline_postgis_jit",
        "PostGIS",
    );
    linha(
        "desmembramento (idem, PostgreSQL sem JIT)",
        pipeline,
        "pipeline_postgis",
        "PostGIS",
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
    linha(
        "interpolação: 10.000 setores × São Félix (9.964 vértices)",
        interpolacao,
        "interpolacao",
        "shapely",
    );
    println!(
        "\nrazão = tempo da referência / tempo do divisa (maior que 1: o divisa é mais rápido)."
    );
    println!("Na referência do desmembramento (shapely/GEOS) não há memorial nem área geodésica: ela faz menos que o divisa.");
}

/// O desmembramento no PostGIS (Debian: `apt-get install postgresql-15-postgis-3`), no servidor
/// de 127.0.0.1:5432: ler a área do GeoJSON, diferença do cedente, união com o receptor,
/// continuidade, sedes dentro, percentual pela área em Albers do IBGE (como o divisa) e, no lugar
/// do memorial, azimute e distância geodésicos de cada lado. Melhor de 30, medido dentro do servidor
/// (`clock_timestamp`), sem a ida e volta do cliente. Sem psql ou sem PostGIS: nada.
fn referencia_postgis(
    cedente: &geo_types::MultiPolygon<f64>,
    receptor: &geo_types::MultiPolygon<f64>,
    faixa: &[u8],
    sedes: &[(f64, f64)],
) -> Vec<(String, f64)> {
    let banco = format!("divisa_bench_postgis_{}", std::process::id());
    let psql = |bd: &str, sql: &str| {
        Command::new("psql")
            .args([
                "-X",
                "-q",
                "-h",
                "127.0.0.1",
                "-U",
                "postgres",
                "-d",
                bd,
                "-v",
                "ON_ERROR_STOP=1",
                "-c",
                sql,
            ])
            .output()
    };
    match psql("postgres", &format!("CREATE DATABASE {banco}")) {
        Ok(s) if s.status.success() => {}
        Ok(s) => {
            eprintln!(
                "PostGIS não medido: {}",
                String::from_utf8_lossy(&s.stderr)
                    .lines()
                    .next()
                    .unwrap_or("")
            );
            return Vec::new();
        }
        Err(e) => {
            eprintln!("PostGIS não medido: psql não encontrado ({e})");
            return Vec::new();
        }
    }
    let geo = |t: &geo_types::MultiPolygon<f64>| {
        divisa_territorio::escrita::geojson(t, serde_json::Map::new())
    };
    let geometria = |texto: String| -> String {
        let v: serde_json::Value = serde_json::from_str(&texto).unwrap_or_default();
        let g = v
            .pointer("/features/0/geometry")
            .or(v.get("geometry"))
            .unwrap_or(&v);
        g.to_string().replace('\'', "''")
    };
    let faixa_geo = geometria(String::from_utf8_lossy(faixa).into_owned());
    let pontos: Vec<String> = sedes
        .iter()
        .map(|(x, y)| format!("ST_SetSRID(ST_MakePoint({x}, {y}), 4674)"))
        .collect();
    // O desmembramento, 30 vezes, anunciando o melhor tempo com a `chave`.
    let medir = |chave: &str| {
        format!(
            r#"DO $$
DECLARE t0 timestamptz; melhor float8 := 1e9; r record;
BEGIN
  FOR i IN 1..30 LOOP
    t0 := clock_timestamp();
    WITH f AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON('{faixa_geo}'), 4674) AS faixa),
    op AS (SELECT ST_Difference(m.cedente, f.faixa) AS resto, ST_Union(m.receptor, f.faixa) AS ampliado, f.faixa, m.cedente FROM m, f),
    lados AS (SELECT (ST_DumpSegments(ST_ExteriorRing(ST_GeometryN(faixa, 1)))).geom AS l FROM op)
    SELECT ST_NumGeometries(resto) = 1 AND ST_NumGeometries(ampliado) = 1 AS continuo,
           (SELECT count(*) FROM s WHERE ST_Intersects(op.faixa, s.p)) AS sedes,
           ST_Area(ST_Transform(op.faixa, 990001)) / ST_Area(ST_Transform(op.cedente, 990001)) AS pct,
           (SELECT sum(ST_Azimuth(ST_StartPoint(l)::geography, ST_EndPoint(l)::geography) + ST_Distance(ST_StartPoint(l)::geography, ST_EndPoint(l)::geography)) FROM lados) AS memorial
    INTO r FROM op;
    melhor := least(melhor, extract(epoch FROM clock_timestamp() - t0));
  END LOOP;
  RAISE NOTICE '{chave} %', melhor;
END $$;"#
        )
    };
    let sql = format!(
        r#"
CREATE EXTENSION IF NOT EXISTS postgis;
-- Albers do IBGE com SRID próprio: o PostGIS guarda a transformação em cache por SRID.
INSERT INTO spatial_ref_sys (srid, auth_name, auth_srid, proj4text, srtext)
VALUES (990001, 'divisa', 990001, '+proj=aea +lat_0=-12 +lon_0=-54 +lat_1=-2 +lat_2=-22 +ellps=GRS80 +units=m +no_defs', '');
CREATE TABLE m AS SELECT ST_SetSRID(ST_GeomFromGeoJSON('{}'), 4674) AS cedente, ST_SetSRID(ST_GeomFromGeoJSON('{}'), 4674) AS receptor;
CREATE TABLE s AS SELECT unnest(ARRAY[{}]) AS p;
{jit}
-- O mesmo sem JIT: a compilação do LLVM (ligada por padrão no PostgreSQL 15) custa ~100 ms a
-- cada execução e não é trabalho do PostGIS.
SET jit = off;
{sem_jit}
"#,
        geometria(geo(cedente)),
        geometria(geo(receptor)),
        pontos.join(", "),
        jit = medir("pipeline_postgis_jit"),
        sem_jit = medir("pipeline_postgis"),
    );
    // O SQL (com os polígonos) passa do limite de um argumento: vai pela entrada padrão.
    let saida = (|| {
        use std::io::Write as _;
        let mut filho = Command::new("psql")
            .args([
                "-X",
                "-q",
                "-h",
                "127.0.0.1",
                "-U",
                "postgres",
                "-d",
                &banco,
                "-v",
                "ON_ERROR_STOP=1",
                "-f",
                "-",
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()?;
        filho
            .stdin
            .take()
            .expect("stdin")
            .write_all(sql.as_bytes())?;
        filho.wait_with_output()
    })();
    let _ = psql(
        "postgres",
        &format!("DROP DATABASE IF EXISTS {banco} WITH (FORCE)"),
    );
    let saida = match saida {
        Ok(s) => s,
        Err(e) => {
            eprintln!("PostGIS não medido: {e}");
            return Vec::new();
        }
    };
    if !saida.status.success() {
        eprintln!(
            "PostGIS não medido: {}",
            String::from_utf8_lossy(&saida.stderr)
                .lines()
                .next()
                .unwrap_or("")
        );
        return Vec::new();
    }
    let medidas: Vec<(String, f64)> = String::from_utf8_lossy(&saida.stderr)
        .lines()
        .filter_map(|l| {
            let (chave, valor) = l.split_once("NOTICE:")?.1.trim().split_once(' ')?;
            Some((chave.to_owned(), valor.trim().parse().ok()?))
        })
        .collect();
    if medidas.is_empty() {
        eprintln!(
            "PostGIS não medido: o servidor não devolveu a medida ({})",
            String::from_utf8_lossy(&saida.stderr).trim()
        );
    }
    medidas
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

/// Uma grade de `n` × `n` retângulos sobre o retângulo envolvente (a mesma no Python).
fn grade_de_setores(t: &geo_types::MultiPolygon<f64>, n: usize) -> Vec<geo_types::Polygon<f64>> {
    use geo::BoundingRect;
    let r = t.bounding_rect().expect("retângulo");
    let (dx, dy) = (
        (r.max().x - r.min().x) / n as f64,
        (r.max().y - r.min().y) / n as f64,
    );
    let mut v = Vec::with_capacity(n * n);
    for i in 0..n {
        for j in 0..n {
            let (x0, y0) = (r.min().x + dx * i as f64, r.min().y + dy * j as f64);
            v.push(geo_types::Polygon::new(
                geo_types::LineString::from(vec![
                    (x0, y0),
                    (x0 + dx, y0),
                    (x0 + dx, y0 + dy),
                    (x0, y0 + dy),
                    (x0, y0),
                ]),
                vec![],
            ));
        }
    }
    v
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
    # Interpolação como um usuário cuidadoso de shapely faria: árvore STR, área preparada,
    # setores inteiramente dentro sem recorte, e recorte só dos da divisa.
    sf = shape(feicoes["5107859"]["geometry"])
    minx, miny, maxx, maxy = sf.bounds; n = 100; dx = (maxx - minx) / n; dy = (maxy - miny) / n
    setores = [shapely.box(minx + dx * i, miny + dy * j, minx + dx * (i + 1), miny + dy * (j + 1)) for i in range(n) for j in range(n)]
    def interpolacao():
        alvo = shapely.Polygon(sf.exterior, sf.interiors) if sf.geom_type == "Polygon" else shapely.MultiPolygon(sf)
        shapely.prepare(alvo)
        arvore = shapely.STRtree(setores)
        candidatos = arvore.query(alvo, predicate="intersects")
        total = 0.0
        for i in candidatos:
            s = setores[i]
            if alvo.contains(s):
                total += 100.0
            else:
                total += 100.0 * alvo.intersection(s).area / s.area
        return total
    print("interpolacao", melhor(3, interpolacao))
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
