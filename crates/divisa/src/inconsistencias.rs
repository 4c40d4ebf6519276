//! `divisa inconsistencias [MALHA.geojson]`: sobreposições e vãos entre municípios vizinhos
//! (Art. 8º, caput), na Malha Municipal 2022 embutida ou numa malha que a Cartografia traga
//! (um GeoJSON com uma feição por município).
//!
//! Saída 0 quando não há nenhuma acima da área mínima, 3 quando há, 2 para arquivo inválido.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use divisa_referencia::formato::decimal;
use divisa_territorio::inconsistencias::{apurar, Inconsistencia};
use geo::MultiPolygon;

use crate::Saida;

pub(crate) fn executar(
    malha: Option<&Path>,
    area_minima_m2: f64,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let (titulo, territorios): (String, Vec<(String, MultiPolygon<f64>)>) = match malha {
        None => {
            let mt = divisa_referencia::mt().context("ao carregar os municípios")?;
            let territorios = divisa_referencia::malha::carregar()
                .context("ao carregar a malha municipal")?
                .into_iter()
                .map(|(entrada, poligono)| {
                    let nome = mt
                        .por_codigo(entrada.codigo)
                        .map_or_else(|| entrada.nome_malha_2022.to_owned(), |m| m.nome.clone());
                    (nome, poligono)
                })
                .collect();
            ("Malha Municipal 2022 (IBGE)".to_owned(), territorios)
        }
        Some(caminho) => {
            let nome = caminho.display().to_string();
            let Some(bytes) = crate::arquivo::ler_arquivo("inconsistencias", caminho) else {
                return Ok(Saida::EntradaInvalida);
            };
            match divisa_territorio::leitura::ler_feicoes_geojson(&nome, &bytes) {
                Ok(territorios) => (nome, territorios),
                Err(erro) => {
                    eprintln!("divisa inconsistencias: {erro}.");
                    return Ok(Saida::EntradaInvalida);
                }
            }
        }
    };
    let referencias: Vec<&MultiPolygon<f64>> = territorios.iter().map(|(_, t)| t).collect();
    let achadas = apurar(&referencias, area_minima_m2)?;
    let nome = |i: &usize| territorios[*i].0.as_str();
    let mut texto = format!(
        "INCONSISTÊNCIAS TERRITORIAIS — {titulo}, {} territórios\n\
         Art. 8º: a revisão dos limites para resolvê-las se faz por Plano de Ação da Comissão de Revisão Territorial com o órgão de Cartografia do Estado; a área desmembrada em cada uma não pode passar de 5% do município cedente (§ 2º).\n\
         Áreas geodésicas (GRS80); apontadas as maiores que {} m².\n\n",
        territorios.len(),
        decimal(area_minima_m2, 2)
    );
    if achadas.is_empty() {
        texto.push_str("Nenhuma sobreposição nem vão entre os territórios.\n");
    }
    for (n, achada) in achadas.iter().enumerate() {
        let area = format!(
            "{} m² ({} km²)",
            decimal(achada.area_m2(), 2),
            decimal(achada.area_m2() / 1e6, 4)
        );
        let linha = match achada {
            Inconsistencia::Sobreposicao { a, b, .. } => {
                format!(
                    "Sobreposição: {} e {} declaram a mesma terra, {area}",
                    nome(a),
                    nome(b)
                )
            }
            Inconsistencia::Vao { vizinhos, .. } => format!(
                "Vão: terra de nenhum território, cercada por {}, {area}",
                if vizinhos.is_empty() {
                    "territórios não identificados".to_owned()
                } else {
                    vizinhos.iter().map(nome).collect::<Vec<_>>().join(", ")
                }
            ),
        };
        texto.push_str(&format!("{}. {linha}.\n", n + 1));
    }
    saida.write_all(texto.as_bytes())?;
    Ok(if achadas.is_empty() {
        Saida::Sucesso
    } else {
        Saida::NaoAtende
    })
}
