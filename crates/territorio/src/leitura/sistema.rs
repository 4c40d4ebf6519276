//! O sistema de coordenadas dito em WKT — o .prj de um Shapefile, a definição do
//! `gpkg_spatial_ref_sys` de um GeoPackage: graus (SIRGAS 2000 ou WGS 84, que para limites
//! municipais coincidem ao centímetro) ou SIRGAS 2000 / UTM com a zona. Datums antigos (SAD 69,
//! Córrego Alegre) são recusados, porque a diferença para o SIRGAS 2000 passa de 60 m.

use geo_types::Coord;

use super::territorio::ErroLeitura;
use crate::utm::{de_utm, Utm};

/// O sistema de coordenadas dito pelo .prj.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Sistema {
    /// Graus (SIRGAS 2000 ou WGS 84).
    Graus,
    /// UTM, com a zona e o hemisfério.
    Utm { zona: u8, sul: bool },
}

impl Sistema {
    /// Um ponto do arquivo em graus (SIRGAS 2000).
    pub(crate) fn para_graus(self, x: f64, y: f64) -> Coord<f64> {
        match self {
            Sistema::Graus => Coord { x, y },
            Sistema::Utm { zona, sul } => {
                let (lon, lat) = de_utm(&Utm {
                    zona,
                    sul,
                    leste_m: x,
                    norte_m: y,
                });
                Coord { x: lon, y: lat }
            }
        }
    }
}

/// O sistema de um texto WKT (o .prj de um Shapefile, a definição de um GeoPackage); sem
/// texto, graus. Datums antigos e sistemas desconhecidos são recusados, ditos pelo nome.
pub(crate) fn sistema(arquivo: &str, prj: Option<&str>) -> Result<Sistema, ErroLeitura> {
    let Some(prj) = prj else {
        return Ok(Sistema::Graus);
    };
    let texto = prj.to_uppercase();
    let recusar = |mensagem: String| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde: ".prj".to_owned(),
        mensagem,
    };
    // A ESRI chama o SAD 69 de "South_American_1969".
    if texto.contains("SAD")
        || texto.contains("SOUTH_AMERICAN")
        || texto.contains("CORREGO")
        || texto.contains("CÓRREGO")
    {
        return Err(recusar("datum antigo (SAD 69 ou Córrego Alegre): converta para SIRGAS 2000 antes; a diferença passa de 60 m".to_owned()));
    }
    if !(texto.contains("SIRGAS")
        || texto.contains("WGS")
        || texto.contains("4674")
        || texto.contains("4326"))
    {
        return Err(recusar(format!(
            "sistema não reconhecido ({}): esperava SIRGAS 2000",
            prj.chars().take(60).collect::<String>()
        )));
    }
    if !texto.contains("PROJCS") && !texto.contains("UTM") {
        return Ok(Sistema::Graus);
    }
    let posicao = texto.find("ZONE").ok_or_else(|| {
        recusar("projeção sem zona UTM: esperava \"UTM Zone 21S\" (ou 20S, 22S)".to_owned())
    })?;
    let depois: String = texto[posicao + 4..]
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .collect();
    let digitos: String = depois.chars().take_while(char::is_ascii_digit).collect();
    let zona: u8 = digitos
        .parse()
        .map_err(|_| recusar("zona UTM ilegível".to_owned()))?;
    // As zonas UTM vão de 1 a 60 (Mato Grosso fica nas 20 a 22): "Zone 99" não é zona.
    if !(1..=60).contains(&zona) {
        return Err(recusar(format!(
            "zona UTM {zona} não existe (as zonas vão de 1 a 60; Mato Grosso fica nas 20, 21 e 22)"
        )));
    }
    let sul = depois[digitos.len()..].starts_with('S')
        || texto.contains("SOUTH")
        || texto.contains("FALSE_NORTHING\",10000000");
    Ok(Sistema::Utm { zona, sul })
}
