//! `divisa municipio CODIGO_OU_NOME`: a ficha de um município de Mato Grosso.
//!
//! Cada número sai com a sua fonte ("— Censo 2022 (IBGE)") e as ressalvas das fontes viram
//! notas numeradas no fim. Um nome desconhecido recebe sugestões e sai com código 2.

use std::io::Write;

use anyhow::Context;
use divisa_referencia::fonte::{Dado, Fonte};
use divisa_referencia::formato::{inteiro, km2, ponto, reais_abreviado};
use divisa_referencia::mt::{Busca, Municipio, Ponto, Sugestao};
use divisa_referencia::{brasil, malha, mt};

use crate::cli::FormatoMunicipio;
use crate::Saida;

pub(crate) fn executar(
    codigo_ou_nome: &str,
    formato: FormatoMunicipio,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let municipios = mt().context("ao carregar os municípios de Mato Grosso")?;
    match municipios.buscar(codigo_ou_nome) {
        Busca::Encontrado(municipio) => match formato {
            FormatoMunicipio::Texto => {
                saida.write_all(ficha(municipio).as_bytes())?;
                Ok(Saida::Sucesso)
            }
            FormatoMunicipio::Geojson => limite(municipio, saida),
        },
        Busca::NaoEncontrado { sugestoes } => {
            eprintln!("{}", nao_encontrado(codigo_ou_nome.trim(), &sugestoes)?);
            Ok(Saida::EntradaInvalida)
        }
    }
}

/// O limite do município na Malha Municipal 2022, em GeoJSON, com as áreas e a fonte.
fn limite(m: &Municipio, saida: &mut impl Write) -> anyhow::Result<Saida> {
    let Some(poligono) = malha::poligono(m.codigo_ibge).context("ao ler a malha municipal")? else {
        eprintln!(
            "divisa municipio: {} ({}) não tem limite na Malha Municipal 2022 do IBGE (município instalado depois dela); não há polígono para exportar.",
            m.nome, m.codigo_ibge
        );
        return Ok(Saida::EntradaInvalida);
    };
    let medida = divisa_territorio::geodesia::area_geodesica(&poligono);
    let mut propriedades = serde_json::Map::new();
    for (chave, valor) in [
        ("codigo_ibge", m.codigo_ibge.into()),
        ("nome", m.nome.clone().into()),
        (
            "area_oficial_km2",
            m.area_oficial_km2.map(|d| d.valor).into(),
        ),
        (
            "area_albers_ibge_m2",
            divisa_territorio::albers::area_albers_ibge(&poligono).into(),
        ),
        ("area_geodesica_m2", medida.area_m2.into()),
        ("perimetro_m", medida.perimetro_m.into()),
        (
            "fonte",
            "Malha Municipal 2022 (IBGE), SIRGAS 2000 (EPSG:4674)".into(),
        ),
    ] {
        propriedades.insert(chave.to_owned(), valor);
    }
    saida.write_all(divisa_territorio::escrita::geojson(&poligono, propriedades).as_bytes())?;
    Ok(Saida::Sucesso)
}

/// A mensagem para um código ou nome que não é de município de Mato Grosso.
pub(crate) fn nao_encontrado(texto: &str, sugestoes: &[Sugestao<'_>]) -> anyhow::Result<String> {
    if texto.is_empty() {
        return Ok(
            "divisa municipio: informe o código IBGE (7 dígitos) ou o nome do município.".into(),
        );
    }
    if texto.bytes().all(|b| b.is_ascii_digit()) {
        return codigo_nao_encontrado(texto);
    }
    let mut mensagem =
        format!("divisa municipio: nenhum município de Mato Grosso se chama «{texto}».");
    let mut nomes = Vec::new();
    for sugestao in sugestoes {
        match sugestao {
            Sugestao::Distrito(distrito, municipio) => mensagem.push_str(&format!(
                "\n«{}» é distrito de {} (código do distrito {}); a ficha do município: divisa municipio {}",
                distrito.nome, municipio.nome, distrito.codigo, municipio.codigo_ibge
            )),
            Sugestao::Municipio(municipio) => nomes.push(municipio.nome.as_str()),
        }
    }
    if !nomes.is_empty() {
        mensagem.push_str(&format!("\nVocê quis dizer: {}?", lista_com_ou(&nomes)));
    }
    Ok(mensagem)
}

fn codigo_nao_encontrado(texto: &str) -> anyhow::Result<String> {
    if texto.len() != 7 {
        return Ok(format!(
            "divisa municipio: o código IBGE de um município tem 7 dígitos; «{texto}» tem {}.",
            texto.len()
        ));
    }
    // Um código de outra UF merece resposta melhor que "não encontrado".
    let brasil = brasil().context("ao carregar os municípios do Brasil")?;
    let de_outra_uf = texto
        .parse::<u32>()
        .ok()
        .and_then(|codigo| brasil.municipios().iter().find(|m| m.codigo == codigo));
    Ok(match de_outra_uf {
        Some(outro) => format!(
            "divisa municipio: o código {texto} é de {} ({}), fora de Mato Grosso; o divisa trata dos municípios de Mato Grosso.",
            outro.nome, outro.uf
        ),
        None => format!("divisa municipio: nenhum município tem o código IBGE {texto}."),
    })
}

fn lista_com_ou(nomes: &[&str]) -> String {
    match nomes {
        [] => String::new(),
        [unico] => (*unico).to_owned(),
        [inicio @ .., ultimo] => format!("{} ou {ultimo}", inicio.join(", ")),
    }
}

/// A ficha de um município, em texto.
pub(crate) fn ficha(m: &Municipio) -> String {
    let mut notas: Vec<&'static str> = Vec::new();
    let mut linhas: Vec<String> = Vec::new();
    let mut titulo = format!("{} (MT) — código IBGE {}", m.nome, m.codigo_ibge);
    if let Some(tse) = m.codigo_tse {
        titulo.push_str(&format!(", código TSE {tse}"));
    }
    linhas.push(titulo);
    if let (Some(imediata), Some(intermediaria)) = (&m.regiao_imediata, &m.regiao_intermediaria) {
        linhas.push(format!(
            "Região imediata de {imediata}; região intermediária de {intermediaria}"
        ));
    }
    if let Some(ausencias) = m.ausencias() {
        linhas.push(format!("Atenção: {ausencias}"));
    }
    linhas.push(String::new());

    let mut campo = |rotulo: &str, valor: Option<(String, Fonte)>| {
        linhas.push(match valor {
            Some((texto, fonte)) => {
                let marca = fonte.ressalva.map_or(String::new(), |ressalva| {
                    let numero = notas
                        .iter()
                        .position(|n| *n == ressalva)
                        .unwrap_or_else(|| {
                            notas.push(ressalva);
                            notas.len() - 1
                        });
                    format!(" [{}]", numero + 1)
                });
                format!("{rotulo}: {texto} — {fonte}{marca}")
            }
            None => format!("{rotulo}: sem dado"),
        });
    };
    let contar = |dado: Option<Dado<u32>>, unidade: &str| {
        dado.map(|d| (format!("{} {unidade}", inteiro(d.valor)), d.fonte))
    };
    campo("População", contar(m.populacao_2022, "habitantes"));
    campo(
        "Domicílios",
        m.domicilios_2022
            .zip(m.domicilios_ocupados_2022)
            .map(|(total, ocupados)| {
                (
                    format!(
                        "{}, dos quais {} particulares permanentes ocupados",
                        inteiro(total.valor),
                        inteiro(ocupados.valor)
                    ),
                    total.fonte,
                )
            }),
    );
    campo(
        "População estimada",
        contar(m.populacao_estimada_2025, "habitantes"),
    );
    campo("Eleitorado", contar(m.eleitores_2024, "eleitores"));
    campo("Eleitorado em 2018", contar(m.eleitores_2018, "eleitores"));
    campo(
        "Valor adicionado",
        m.valor_adicionado_2019
            .map(|d| (reais_abreviado(d.valor), d.fonte)),
    );
    campo(
        "PIB",
        m.pib_2021.map(|d| (reais_abreviado(d.valor), d.fonte)),
    );
    campo(
        "Área oficial",
        m.area_oficial_km2.map(|d| (km2(d.valor), d.fonte)),
    );
    campo(
        "Limites",
        malha::entrada(m.codigo_ibge)
            .zip(m.area_oficial_km2)
            .map(|(entrada, area)| {
                (
                    format!("polígono com {} vértices", inteiro(entrada.vertices as i64)),
                    area.fonte,
                )
            }),
    );
    campo(
        "Sede",
        m.sede.as_ref().map(|p| (descrever_ponto(p), p.fonte)),
    );

    linhas.push(String::new());
    if m.distritos.is_empty() {
        linhas.push("Distritos: nenhum na Divisão Territorial Brasileira 2023 (IBGE)".into());
    } else {
        linhas.push(format!(
            "Distritos ({}) — Divisão Territorial Brasileira 2023 (IBGE):",
            m.distritos.len()
        ));
        for distrito in &m.distritos {
            let nome = if distrito.sede_municipal {
                format!("{} (sede)", distrito.nome)
            } else {
                distrito.nome.clone()
            };
            let local = distrito
                .sede
                .as_ref()
                .map_or("sem coordenadas".to_owned(), descrever_ponto);
            linhas.push(format!("  {nome} — {local}"));
        }
    }

    if !notas.is_empty() {
        linhas.push(String::new());
        linhas.push("Notas:".into());
        for (i, nota) in notas.iter().enumerate() {
            linhas.push(format!("  [{}] {nota}", i + 1));
        }
    }
    let mut texto = linhas.join("\n");
    texto.push('\n');
    texto
}

fn descrever_ponto(p: &Ponto) -> String {
    let mut texto = ponto(p.lon, p.lat);
    if p.confianca != divisa_referencia::mt::Confianca::Alta {
        texto.push_str(&format!(
            " (atribuição de confiança {})",
            p.confianca.rotulo()
        ));
    }
    texto
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn lista_de_sugestoes_em_portugues() {
        assert_eq!(lista_com_ou(&["Sorriso"]), "Sorriso");
        assert_eq!(lista_com_ou(&["Sorriso", "Sinop"]), "Sorriso ou Sinop");
        assert_eq!(lista_com_ou(&["A", "B", "C"]), "A, B ou C");
    }
}
