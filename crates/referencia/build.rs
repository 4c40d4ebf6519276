//! Converte a Malha Municipal 2022 (GeoJSON de 18 MB em `dados/`) num formato binário compacto
//! embutido no executável.
//!
//! Por quê: um comando que não precisa de geometria não deve analisar 18 MB de JSON, e um que
//! precisa deve carregar a malha em milissegundos. As coordenadas da malha têm exatamente seis
//! casas decimais (ver `dados/PROVENIENCIA.md`), então cada uma vira um inteiro em micrograus
//! sem perda nenhuma: `i / 1e6` devolve o mesmo `f64` que a leitura do texto decimal.
//!
//! Formato de `malha.bin` (tudo little-endian), por município, começando no deslocamento dado
//! pelo índice: `u32` polígonos; por polígono `u32` anéis; por anel `u32` vértices e então os
//! vértices como pares (lon, lat) de diferenças em relação ao vértice anterior (o primeiro em
//! relação a (0, 0)), em micrograus, codificadas em zigzag + LEB128.
//!
//! O índice (`malha_indice.rs`) é código Rust gerado: código IBGE, nome na malha, área oficial
//! e o intervalo de bytes de cada município, sem nenhuma análise em tempo de execução.
//!
//! Se o arquivo de dados estiver errado (anel aberto, coordenada fora da grade de 1e-6 grau ou
//! fora de Mato Grosso), a compilação falha com uma mensagem que diz qual município e qual anel.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Envelope generoso de Mato Grosso (graus SIRGAS 2000), para recusar dados trocados.
const LON_MIN: f64 = -62.0;
const LON_MAX: f64 = -50.0;
const LAT_MIN: f64 = -18.5;
const LAT_MAX: f64 = -7.0;

fn main() {
    let manifesto = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let origem = manifesto.join("../../dados/mt_municipios.geojson");
    println!("cargo:rerun-if-changed={}", origem.display());
    println!("cargo:rerun-if-changed=build.rs");

    if let Err(mensagem) = converter(&origem) {
        // Uma falha aqui é um defeito dos dados embutidos, não do usuário: pare a compilação.
        panic!("dados/mt_municipios.geojson: {mensagem}");
    }
    if let Err(mensagem) = nomes_do_brasil(&manifesto.join("../../dados")) {
        panic!("{mensagem}");
    }
}

/// Extrai dos CSV do IBGE só o que o Art. 6º usa (código, UF, nome e, no distrito, o município)
/// num texto separado por tabulações, que se lê em poucos milissegundos: os CSV inteiros têm 23
/// colunas e 1,5 MB, e o seu parser dominava o tempo de `divisa avaliar`.
fn nomes_do_brasil(dados: &Path) -> Result<(), String> {
    let mut saida = String::with_capacity(600_000);
    for (arquivo, prefixo, colunas) in [
        (
            "municipios_brasil.csv",
            'm',
            ["codigo_ibge", "uf", "nome", "nome"],
        ),
        (
            "distritos_brasil.csv",
            'd',
            ["codigo_distrito", "uf", "nome_distrito", "nome_municipio"],
        ),
    ] {
        let caminho = dados.join(arquivo);
        println!("cargo:rerun-if-changed={}", caminho.display());
        let mut leitor =
            csv::Reader::from_path(&caminho).map_err(|e| format!("dados/{arquivo}: {e}"))?;
        let cabecalho = leitor
            .headers()
            .map_err(|e| format!("dados/{arquivo}: {e}"))?
            .clone();
        let indices = colunas
            .iter()
            .map(|c| {
                cabecalho
                    .iter()
                    .position(|h| h == *c)
                    .ok_or(format!("dados/{arquivo}: falta a coluna {c}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        for registro in leitor.records() {
            let registro = registro.map_err(|e| format!("dados/{arquivo}: {e}"))?;
            let campos: Vec<&str> = indices
                .iter()
                .map(|&i| registro.get(i).unwrap_or(""))
                .collect();
            if campos.iter().any(|c| c.contains(['\t', '\n'])) || campos[0].parse::<u32>().is_err()
            {
                return Err(format!(
                    "dados/{arquivo}: linha {:?} com código inválido ou tabulação",
                    registro.position().map(|p| p.line())
                ));
            }
            let municipio = if prefixo == 'd' { campos[3] } else { "" };
            writeln!(
                saida,
                "{prefixo}\t{}\t{}\t{}\t{municipio}",
                campos[0], campos[1], campos[2]
            )
            .ok();
        }
    }
    let destino = PathBuf::from(std::env::var("OUT_DIR").map_err(|e| e.to_string())?)
        .join("nomes_brasil.tsv");
    std::fs::write(destino, saida).map_err(|e| e.to_string())
}

struct Entrada {
    codigo: u32,
    nome_malha: String,
    area_km2: f64,
    inicio: usize,
    fim: usize,
    vertices: usize,
}

fn converter(origem: &Path) -> Result<(), String> {
    let texto = std::fs::read(origem).map_err(|e| format!("não foi possível ler: {e}"))?;
    let raiz: Value = serde_json::from_slice(&texto).map_err(|e| format!("JSON inválido: {e}"))?;
    let feicoes = raiz["features"]
        .as_array()
        .ok_or("falta o membro \"features\"")?;

    let mut blob: Vec<u8> = Vec::with_capacity(4 << 20);
    let mut entradas = Vec::with_capacity(feicoes.len());
    for (indice, feicao) in feicoes.iter().enumerate() {
        let props = &feicao["properties"];
        let codigo: u32 = props["codigo_ibge"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .ok_or(format!(
                "feição {indice}: codigo_ibge ausente ou não numérico"
            ))?;
        let contexto = format!("município {codigo}");
        let nome_malha = props["nome_malha_2022"]
            .as_str()
            .ok_or(format!("{contexto}: falta nome_malha_2022"))?
            .to_owned();
        let area_km2 = props["area_km2_ibge"]
            .as_f64()
            .ok_or(format!("{contexto}: falta area_km2_ibge"))?;
        let geometria = &feicao["geometry"];
        let poligonos: Vec<&Value> = match geometria["type"].as_str() {
            Some("Polygon") => vec![&geometria["coordinates"]],
            Some("MultiPolygon") => geometria["coordinates"]
                .as_array()
                .ok_or(format!("{contexto}: MultiPolygon sem coordenadas"))?
                .iter()
                .collect(),
            outro => return Err(format!("{contexto}: geometria {outro:?} não suportada")),
        };

        let inicio = blob.len();
        let mut vertices = 0;
        escrever_u32(&mut blob, poligonos.len());
        for (p, poligono) in poligonos.iter().enumerate() {
            let aneis = poligono
                .as_array()
                .ok_or(format!("{contexto}, polígono {p}: sem anéis"))?;
            escrever_u32(&mut blob, aneis.len());
            for (a, anel) in aneis.iter().enumerate() {
                let onde = format!("{contexto}, polígono {p}, anel {a}");
                let pontos = anel.as_array().ok_or(format!("{onde}: anel não é lista"))?;
                let micro = pontos
                    .iter()
                    .map(|ponto| micrograus(ponto, &onde))
                    .collect::<Result<Vec<_>, _>>()?;
                if micro.len() < 4 || micro.first() != micro.last() {
                    return Err(format!("{onde}: anel aberto ou com menos de 4 vértices"));
                }
                escrever_u32(&mut blob, micro.len());
                let mut anterior = (0i64, 0i64);
                for &(lon, lat) in &micro {
                    escrever_varint(&mut blob, zigzag(lon - anterior.0));
                    escrever_varint(&mut blob, zigzag(lat - anterior.1));
                    anterior = (lon, lat);
                }
                vertices += micro.len();
            }
        }
        entradas.push(Entrada {
            codigo,
            nome_malha,
            area_km2,
            inicio,
            fim: blob.len(),
            vertices,
        });
    }
    entradas.sort_by_key(|e| e.codigo);

    let saida = PathBuf::from(std::env::var("OUT_DIR").map_err(|e| e.to_string())?);
    std::fs::write(saida.join("malha.bin"), &blob).map_err(|e| e.to_string())?;

    let mut indice = String::new();
    writeln!(
        indice,
        "// Gerado por build.rs a partir de dados/mt_municipios.geojson."
    )
    .ok();
    writeln!(
        indice,
        "pub(crate) static INDICE: [EntradaMalha; {}] = [",
        entradas.len()
    )
    .ok();
    for e in &entradas {
        writeln!(
            indice,
            "    EntradaMalha {{ codigo: {}, nome_malha_2022: {:?}, area_km2_ibge: {:?}, inicio: {}, fim: {}, vertices: {} }},",
            e.codigo, e.nome_malha, e.area_km2, e.inicio, e.fim, e.vertices
        )
        .ok();
    }
    writeln!(indice, "];").ok();
    std::fs::write(saida.join("malha_indice.rs"), indice).map_err(|e| e.to_string())?;
    Ok(())
}

/// Converte um par `[lon, lat]` em micrograus inteiros, exigindo que ele esteja na grade.
fn micrograus(ponto: &Value, onde: &str) -> Result<(i64, i64), String> {
    let par = ponto.as_array().filter(|p| p.len() == 2);
    let (lon, lat) = match par.map(|p| (p[0].as_f64(), p[1].as_f64())) {
        Some((Some(lon), Some(lat))) => (lon, lat),
        _ => return Err(format!("{onde}: vértice {ponto} não é [lon, lat]")),
    };
    if !(LON_MIN..=LON_MAX).contains(&lon) || !(LAT_MIN..=LAT_MAX).contains(&lat) {
        return Err(format!("{onde}: vértice {ponto} fora de Mato Grosso"));
    }
    let mut inteiros = [0i64; 2];
    for (destino, valor) in inteiros.iter_mut().zip([lon, lat]) {
        let escalado = (valor * 1e6).round();
        // Ida e volta exata: o inteiro dividido por 1e6 reproduz o mesmo f64 lido do texto.
        if escalado / 1e6 != valor {
            return Err(format!(
                "{onde}: vértice {ponto} tem mais de 6 casas decimais"
            ));
        }
        *destino = escalado as i64;
    }
    Ok((inteiros[0], inteiros[1]))
}

fn escrever_u32(blob: &mut Vec<u8>, valor: usize) {
    let valor = u32::try_from(valor).expect("contagem cabe em u32");
    blob.extend_from_slice(&valor.to_le_bytes());
}

fn zigzag(valor: i64) -> u64 {
    ((valor << 1) ^ (valor >> 63)) as u64
}

fn escrever_varint(blob: &mut Vec<u8>, mut valor: u64) {
    while valor >= 0x80 {
        blob.push((valor as u8) | 0x80);
        valor >>= 7;
    }
    blob.push(valor as u8);
}
