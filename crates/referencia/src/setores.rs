//! Setores censitários do Censo 2022 embutidos: hoje só os 43 de Nossa Senhora do Livramento
//! (a única malha de setores de MT encontrada; ver `dados/PROVENIENCIA.md`), com população e
//! domicílios particulares ocupados. Servem para estimar a população dentro de um polígono por
//! interpolação de área.
//!
//! # Unidades
//! Graus SIRGAS 2000; população em habitantes; domicílios em unidades.

use std::sync::OnceLock;

use geo_types::{Coord, LineString, Polygon};
use serde_json::Value;

use crate::fonte::{self, Fonte};
use crate::ErroDados;

/// Um setor censitário.
#[derive(Debug, Clone, PartialEq)]
pub struct Setor {
    /// Código IBGE do setor (15 dígitos).
    pub codigo: u64,
    /// Código do município.
    pub municipio: u32,
    /// Nome do distrito.
    pub distrito: String,
    /// `true` se urbano.
    pub urbano: bool,
    /// População residente (V0001).
    pub populacao: u32,
    /// Domicílios particulares permanentes ocupados.
    pub domicilios: u32,
    /// O limite do setor.
    pub poligono: Polygon<f64>,
}

/// A fonte dos setores.
pub const FONTE: Fonte = fonte::CENSO_2022;

const ARQUIVO: &str = "mt_setores_nossa_senhora_do_livramento.geojson";
static TEXTO: &str = include_str!("../../../dados/mt_setores_nossa_senhora_do_livramento.geojson");

/// Os setores embutidos (lidos na primeira chamada).
pub fn setores() -> Result<&'static [Setor], ErroDados> {
    static SETORES: OnceLock<Result<Vec<Setor>, ErroDados>> = OnceLock::new();
    SETORES.get_or_init(ler).as_deref().map_err(Clone::clone)
}

/// Os municípios que têm setores embutidos.
pub fn municipios_com_setores() -> Result<Vec<u32>, ErroDados> {
    let mut codigos: Vec<u32> = setores()?.iter().map(|s| s.municipio).collect();
    codigos.dedup();
    Ok(codigos)
}

fn ler() -> Result<Vec<Setor>, ErroDados> {
    let defeito = |mensagem: String| ErroDados::Linha {
        arquivo: ARQUIVO,
        linha: 0,
        mensagem,
    };
    let raiz: Value = serde_json::from_str(TEXTO).map_err(|e| defeito(e.to_string()))?;
    let feicoes = raiz["features"]
        .as_array()
        .ok_or_else(|| defeito("sem features".into()))?;
    feicoes
        .iter()
        .map(|f| {
            let p = &f["properties"];
            let texto = |campo: &str| {
                p[campo]
                    .as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| defeito(format!("falta {campo}")))
            };
            let inteiro = |campo: &str| {
                p[campo]
                    .as_u64()
                    .ok_or_else(|| defeito(format!("falta {campo}")))
            };
            let aneis: Vec<LineString<f64>> = f["geometry"]["coordinates"]
                .as_array()
                .ok_or_else(|| defeito("geometria sem coordenadas".into()))?
                .iter()
                .map(|anel| {
                    anel.as_array()
                        .into_iter()
                        .flatten()
                        .map(|ponto| match (ponto[0].as_f64(), ponto[1].as_f64()) {
                            (Some(x), Some(y)) => Ok(Coord { x, y }),
                            _ => Err(defeito(format!("vértice {ponto} inválido"))),
                        })
                        .collect::<Result<Vec<_>, _>>()
                        .map(LineString)
                })
                .collect::<Result<_, _>>()?;
            let mut aneis = aneis.into_iter();
            let exterior = aneis
                .next()
                .ok_or_else(|| defeito("setor sem anel".into()))?;
            Ok(Setor {
                codigo: texto("codigo_setor")?
                    .parse()
                    .map_err(|_| defeito("codigo_setor".into()))?,
                municipio: texto("codigo_municipio")?
                    .parse()
                    .map_err(|_| defeito("codigo_municipio".into()))?,
                distrito: texto("nome_distrito")?,
                urbano: texto("situacao")? == "Urbana",
                populacao: u32::try_from(inteiro("populacao")?)
                    .map_err(|_| defeito("populacao".into()))?,
                domicilios: u32::try_from(inteiro("domicilios_particulares_ocupados")?)
                    .map_err(|_| defeito("domicílios".into()))?,
                poligono: Polygon::new(exterior, aneis.collect()),
            })
        })
        .collect()
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn os_43_setores_somam_a_populacao_do_censo() {
        let lista = setores().unwrap();
        assert_eq!(lista.len(), 43);
        assert_eq!(
            lista.iter().map(|s| u64::from(s.populacao)).sum::<u64>(),
            12_940
        );
        assert_eq!(
            lista.iter().map(|s| u64::from(s.domicilios)).sum::<u64>(),
            4_604
        );
        assert_eq!(municipios_com_setores().unwrap(), [5106109]);
    }
}
