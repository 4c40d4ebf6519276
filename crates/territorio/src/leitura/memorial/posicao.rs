//! Onde o perímetro está: os vértices em graus (as geográficas como vieram, as UTM convertidas
//! pela zona do cabeçalho) e a conferência de que caem em Mato Grosso — ou, para quem só mede,
//! no Brasil, com um aviso quando ficam fora do estado.

use divisa_referencia::formato::decimal;
use geo_types::Coord;

use super::bruto::{Abrangencia, AnelBruto, Plano, Recusa, VerticeBruto};
use super::conferencia;
use crate::leitura::territorio::em_mato_grosso;
use crate::utm::{de_utm, Utm};

/// Envelope do Brasil com folga (graus), ilhas oceânicas incluídas.
const LON_BRASIL: std::ops::RangeInclusive<f64> = -74.2..=-28.6;
const LAT_BRASIL: std::ops::RangeInclusive<f64> = -34.0..=5.5;

/// Os vértices em graus, e de onde vieram.
pub(crate) struct EmGraus {
    /// Um anel por item, sem repetir o primeiro vértice no fim.
    pub(crate) pontos: Vec<Vec<Coord<f64>>>,
    /// A zona UTM usada (0: nenhuma).
    pub(crate) zona: u8,
    /// O hemisfério usado na UTM.
    pub(crate) sul: bool,
    pub(crate) usou_plano: bool,
    pub(crate) usou_geo: bool,
}

/// As coordenadas de cada vértice em graus: as geográficas como vieram, as UTM convertidas pela
/// zona do cabeçalho; N e E fora das faixas da UTM (de Mato Grosso, ou do Brasil) são recusados.
pub(crate) fn em_graus(
    aneis: &[AnelBruto],
    usar_geo: bool,
    zona_sul: Option<(u8, Option<bool>)>,
    abrangencia: Abrangencia,
) -> Result<EmGraus, Recusa> {
    let (zona, sul_dito) = zona_sul.unwrap_or((0, None));
    let mut graus = EmGraus {
        pontos: Vec::with_capacity(aneis.len()),
        zona,
        sul: true,
        usou_plano: false,
        usou_geo: false,
    };
    for anel in aneis {
        let mut lista = Vec::with_capacity(anel.vertices.len());
        for v in &anel.vertices {
            let c = match (v.geo, v.plano) {
                (Some(g), None) => {
                    graus.usou_geo = true;
                    Coord { x: g.lon, y: g.lat }
                }
                (Some(g), Some(_)) if usar_geo => {
                    graus.usou_geo = true;
                    Coord { x: g.lon, y: g.lat }
                }
                (_, Some(p)) => {
                    graus.usou_plano = true;
                    let sul = sul_dito.unwrap_or(p.norte >= 1_000_000.0);
                    graus.sul = sul;
                    let faixa_ok = match abrangencia {
                        Abrangencia::MatoGrosso => {
                            (7_000_000.0..=10_000_000.0).contains(&p.norte)
                                && (100_000.0..=900_000.0).contains(&p.leste)
                        }
                        Abrangencia::Brasil => {
                            (if sul {
                                6_000_000.0..=10_000_000.0
                            } else {
                                0.0..=700_000.0
                            })
                            .contains(&p.norte)
                                && (100_000.0..=900_000.0).contains(&p.leste)
                        }
                    };
                    if !faixa_ok {
                        return Err(Recusa::na_linha(
                            v.linha,
                            match abrangencia {
                                Abrangencia::MatoGrosso => format!("vértice {}: N {} m e E {} m não são coordenadas UTM sul de Mato Grosso (N entre 7.900.000 e 9.250.000; E entre 100.000 e 900.000)", v.codigo, decimal(p.norte, 2), decimal(p.leste, 2)),
                                Abrangencia::Brasil => format!("vértice {}: N {} m e E {} m não são coordenadas UTM do Brasil (no hemisfério sul, N entre 6.000.000 e 10.000.000; no norte, até 700.000; E entre 100.000 e 900.000)", v.codigo, decimal(p.norte, 2), decimal(p.leste, 2)),
                            },
                        ));
                    }
                    de_plano(zona, sul, &p)
                }
                (None, None) => {
                    return Err(Recusa::na_linha(
                        v.linha,
                        format!("o vértice {} não tem coordenadas", v.codigo),
                    ))
                }
            };
            lista.push(c);
        }
        graus.pontos.push(lista);
    }
    Ok(graus)
}

/// Um ponto UTM em graus.
fn de_plano(zona: u8, sul: bool, p: &Plano) -> Coord<f64> {
    let (x, y) = de_utm(&Utm {
        zona,
        sul,
        leste_m: p.leste,
        norte_m: p.norte,
    });
    Coord { x, y }
}

/// Onde o perímetro cai: fora de Mato Grosso é recusado (ou, em [`Abrangencia::Brasil`], vira o
/// aviso devolvido); fora do Brasil, recusado. Em UTM, a mensagem diz as zonas que trariam o
/// perímetro inteiro para Mato Grosso.
pub(crate) fn onde_cai(
    vertices: &[&VerticeBruto],
    pontos: &[Coord<f64>],
    graus: &EmGraus,
    usar_geo: bool,
    zona_do_meridiano: Option<u8>,
    abrangencia: Abrangencia,
) -> Result<Option<String>, Recusa> {
    let zona = graus.zona;
    let Some(i) = pontos.iter().position(|c| !em_mato_grosso(c)) else {
        if abrangencia != Abrangencia::Brasil {
            return Ok(None);
        }
        return Ok(conferencia::fora_da_malha(pontos).map(|i| {
            let v = vertices[i];
            format!(
                "fora de Mato Grosso: o vértice {} (linha {}) fica em latitude {} e longitude {}, fora dos municípios de Mato Grosso pela Malha Municipal 2022 do IBGE; o memorial foi medido, mas a lei que o divisa aplica é a de Mato Grosso",
                v.codigo,
                v.linha,
                decimal(pontos[i].y, 6),
                decimal(pontos[i].x, 6),
            )
        }));
    };
    let v = vertices[i];
    let c = pontos[i];
    let fora_do_brasil = !(LON_BRASIL.contains(&c.x) && LAT_BRASIL.contains(&c.y));
    let outras: Vec<String> = if graus.usou_plano {
        (20..=22u8)
            .filter(|&z| z != zona)
            .filter(|&z| {
                vertices
                    .iter()
                    .filter_map(|v| v.plano)
                    .all(|p| em_mato_grosso(&de_plano(z, true, &p)))
            })
            .map(|z| format!("{z}S"))
            .collect()
    } else {
        Vec::new()
    };
    let meridiano = zona_do_meridiano
        .filter(|z| outras.contains(&format!("{z}S")))
        .map(|z| format!("; o meridiano central do memorial é o da zona {z}S"))
        .unwrap_or_default();
    let dica = match outras.as_slice() {
        [] => String::new(),
        [uma] => {
            format!(" (com a zona {uma}, o perímetro inteiro cai em Mato Grosso{meridiano})")
        }
        varias => format!(
            " (com as zonas {}, o perímetro inteiro cai em Mato Grosso{meridiano})",
            varias.join(" ou ")
        ),
    };
    let usou_plano_aqui = v.plano.is_some() && !(usar_geo && v.geo.is_some());
    match abrangencia {
        Abrangencia::MatoGrosso => Err(Recusa::na_linha(
            v.linha,
            if usou_plano_aqui {
                format!(
                    "vértice {}: com a zona {zona}S do memorial, cai em latitude {} e longitude {}, fora de Mato Grosso; confira a zona{dica}",
                    v.codigo,
                    decimal(c.y, 6),
                    decimal(c.x, 6),
                )
            } else {
                format!(
                    "vértice {}: latitude {} e longitude {} ficam fora de Mato Grosso (longitude −62 a −50, latitude −18,5 a −7)",
                    v.codigo,
                    decimal(c.y, 6),
                    decimal(c.x, 6),
                )
            },
        )),
        Abrangencia::Brasil if fora_do_brasil => Err(Recusa::na_linha(
            v.linha,
            format!(
                "vértice {}: latitude {} e longitude {} ficam fora do Brasil{}",
                v.codigo,
                decimal(c.y, 6),
                decimal(c.x, 6),
                if usou_plano_aqui {
                    format!("; confira a zona UTM ({zona}){dica}")
                } else {
                    "; confira o sinal e a ordem de latitude e longitude".to_owned()
                }
            ),
        )),
        Abrangencia::Brasil => Ok(Some(format!(
            "fora de Mato Grosso: o vértice {} (linha {}) fica em latitude {} e longitude {}, fora do estado; o memorial foi medido, mas a lei que o divisa aplica é a de Mato Grosso{}",
            v.codigo,
            v.linha,
            decimal(c.y, 6),
            decimal(c.x, 6),
            if usou_plano_aqui && !dica.is_empty() {
                format!(" — confira a zona UTM{dica}")
            } else {
                String::new()
            }
        ))),
    }
}
