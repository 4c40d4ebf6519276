//! `divisa municipio CODIGO_OU_NOME`: a ficha de um município de Mato Grosso.
//!
//! Cada número sai com a sua fonte ("— Censo 2022 (IBGE)") e as ressalvas das fontes viram
//! notas numeradas no fim. Um nome desconhecido recebe sugestões e sai com código 2.

use std::io::Write;

use anyhow::Context;
use divisa_referencia::mt::{Busca, Municipio, Sugestao};
use divisa_referencia::{brasil, malha, mt};

use crate::cli::FormatoMunicipio;
use crate::Saida;
use divisa_referencia::ficha::ficha_do_municipio as ficha;

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
        mensagem.push_str(&format!(
            "\nVocê quis dizer: {}?",
            divisa_referencia::formato::lista_com_ou(&nomes)
        ));
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
