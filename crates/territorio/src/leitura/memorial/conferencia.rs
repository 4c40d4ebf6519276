//! A conferência do que o memorial declara com o que as coordenadas dão: azimute e distância de
//! cada lado, área e perímetro.
//!
//! Cada valor declarado se compara com as maneiras de calcular que os memoriais usam:
//! - geodésica, no elipsoide GRS80 (a da lei, Art. 5º; o azimute de Puissant do SIGEF difere
//!   dela menos de um milímetro num lado de quilômetros);
//! - no SGL do SIGEF (plano tangente no centro do imóvel, cada vértice na sua altitude): as
//!   distâncias, a área e o perímetro do SIGEF desde 2013;
//! - no plano da projeção UTM (memoriais antigos em UTM: azimute de quadrícula e distância
//!   plana, que diferem da geodésica pela convergência meridiana e pelo fator de escala).
//!
//! Um valor que não bate com nenhuma delas, além do arredondamento com que foi escrito e do
//! arredondamento das coordenadas, vira aviso.

use divisa_referencia::formato::decimal;
use geo_types::{Coord, MultiPolygon, Rect};
use geographiclib_rs::InverseGeodesic;

use super::bruto::{AnelBruto, VerticeBruto};
use super::cabecalho::MedidaDeclarada;
use crate::geodesia::{area_geodesica, sirgas2000};
use crate::sgl::{area_e_perimetro_sgl, plano_local, PontoComAltitude};
use crate::utm::{de_utm, Utm};
use divisa_referencia::formato::azimute_gms;

/// A tolerância mínima de posição (m): as coordenadas dos memoriais vêm ao centímetro.
const TOLERANCIA_M: f64 = 0.05;
/// Quantos avisos de lado se listam um a um; os demais viram uma contagem.
const LADOS_MOSTRADOS: usize = 50;

/// O resultado da conferência.
pub(super) struct Conferido {
    pub avisos: Vec<String>,
    pub area_declarada_m2: Option<f64>,
    pub perimetro_declarado_m: Option<f64>,
    pub area_sgl_m2: f64,
}

/// Um valor declarado de um lado, com os calculados nas convenções e quais batem.
struct Lado<'a> {
    /// Códigos de saída e de chegada, e a linha.
    nomes: (&'a str, &'a str, usize),
    azimute: bool,
    declarado: f64,
    /// Geodésico, no SGL e (em UTM) na projeção, com o nome de cada um; `quantos` valem.
    calculados: [(f64, &'static str); 3],
    batem: [bool; 3],
    quantos: usize,
}

fn unidade_m(v: &VerticeBruto, em_utm: bool) -> f64 {
    match (v.geo, v.plano) {
        (_, Some(p)) if em_utm => p.unidade_m,
        (Some(g), _) => g.unidade_m,
        (None, Some(p)) => p.unidade_m,
        (None, None) => 0.0,
    }
}

/// A diferença de dois azimutes, de −180° a 180°.
fn diferenca_angular(a: f64, b: f64) -> f64 {
    (a - b + 540.0).rem_euclid(360.0) - 180.0
}

/// Os pontos de um anel com altitude: a do memorial, ou a média das ditas, ou zero.
fn com_altitudes(anel: &AnelBruto, pontos: &[Coord<f64>], usar: bool) -> Vec<PontoComAltitude> {
    let ditas: Vec<f64> = anel.vertices.iter().filter_map(|v| v.altitude).collect();
    let media = if ditas.is_empty() {
        0.0
    } else {
        ditas.iter().sum::<f64>() / ditas.len() as f64
    };
    anel.vertices
        .iter()
        .zip(pontos)
        .map(|(v, c)| PontoComAltitude {
            lon: c.x,
            lat: c.y,
            h: if usar {
                v.altitude.unwrap_or(media)
            } else {
                0.0
            },
        })
        .collect()
}

/// As medidas do perímetro nas convenções em que um memorial as declara.
struct Medidas {
    area_sgl: f64,
    area_sgl_sem_altitudes: f64,
    perimetro_sgl: f64,
    area_utm: f64,
    perimetro_utm: f64,
    /// A maior unidade escrita das coordenadas, m.
    unidade_maxima: f64,
    vertices: usize,
    tem_altitudes: bool,
    /// A área e o perímetro geodésicos (GRS80).
    geodesica: crate::geodesia::Medida,
}

/// Confere lados, área e perímetro: cada valor declarado contra os calculados das coordenadas
/// (geodésico, no SGL e, em UTM, na projeção); o que não bate com nenhum vira aviso.
pub(super) fn conferir(
    aneis: &[AnelBruto],
    pontos: &[Vec<Coord<f64>>],
    territorio: &MultiPolygon<f64>,
    em_utm: bool,
    area: &Option<MedidaDeclarada>,
    perimetro: &Option<MedidaDeclarada>,
) -> Conferido {
    let mut medidas = Medidas {
        tem_altitudes: aneis
            .iter()
            .any(|a| a.vertices.iter().any(|v| v.altitude.is_some())),
        geodesica: area_geodesica(territorio),
        area_sgl: 0.0,
        area_sgl_sem_altitudes: 0.0,
        perimetro_sgl: 0.0,
        area_utm: 0.0,
        perimetro_utm: 0.0,
        unidade_maxima: 0.0,
        vertices: 0,
    };
    let mut lados: Vec<Lado<'_>> = Vec::new();
    for (anel, pts) in aneis.iter().zip(pontos) {
        medir_anel(anel, pts, em_utm, &mut medidas, &mut lados);
    }
    let mut avisos = avisos_dos_lados(&lados);
    avisos.extend(
        area.as_ref()
            .and_then(|a| aviso_da_area(a, &medidas, em_utm)),
    );
    avisos.extend(
        perimetro
            .as_ref()
            .and_then(|p| aviso_do_perimetro(p, &medidas, em_utm)),
    );
    Conferido {
        avisos,
        area_declarada_m2: area.as_ref().map(|a| a.valor),
        perimetro_declarado_m: perimetro.as_ref().map(|p| p.valor),
        area_sgl_m2: medidas.area_sgl,
    }
}

/// Mede um anel (área e perímetro no SGL e na UTM) e junta os seus lados declarados.
fn medir_anel<'a>(
    anel: &'a AnelBruto,
    pts: &[Coord<f64>],
    em_utm: bool,
    m: &mut Medidas,
    lados: &mut Vec<Lado<'a>>,
) {
    let n = pts.len();
    m.vertices += n;
    let com_h = com_altitudes(anel, pts, true);
    let sgl = plano_local(&com_h);
    let (a, p) = area_e_perimetro_sgl(&com_h);
    let sinal = if anel.interior { -1.0 } else { 1.0 };
    m.area_sgl += sinal * a;
    m.perimetro_sgl += p;
    if m.tem_altitudes {
        m.area_sgl_sem_altitudes +=
            sinal * area_e_perimetro_sgl(&com_altitudes(anel, pts, false)).0;
    }
    let planos: Vec<Option<(f64, f64)>> = anel
        .vertices
        .iter()
        .map(|v| v.plano.map(|p| (p.leste, p.norte)))
        .collect();
    if em_utm {
        let (mut dobro, mut soma) = (0.0, 0.0);
        for i in 0..n {
            if let (Some(a), Some(b)) = (planos[i], planos[(i + 1) % n]) {
                dobro += a.0 * b.1 - b.0 * a.1;
                soma += (b.0 - a.0).hypot(b.1 - a.1);
            }
        }
        m.area_utm += sinal * (dobro / 2.0).abs();
        m.perimetro_utm += soma;
    }
    for (i, v) in anel.vertices.iter().enumerate() {
        m.unidade_maxima = m.unidade_maxima.max(unidade_m(v, em_utm));
        if v.azimute.is_none() && v.distancia.is_none() {
            continue;
        }
        let j = (i + 1) % n;
        let (a, b) = (pts[i], pts[j]);
        let (s12, azi1, _, _): (f64, f64, f64, f64) = sirgas2000().inverse(a.y, a.x, b.y, b.x);
        let (de, dn) = (sgl[j].0 - sgl[i].0, sgl[j].1 - sgl[i].1);
        let mut distancias = [
            (s12, "geodésica"),
            (de.hypot(dn), "no SGL"),
            (f64::NAN, "na projeção UTM"),
        ];
        let mut azimutes = [
            (azi1.rem_euclid(360.0), "geodésico"),
            (de.atan2(dn).to_degrees().rem_euclid(360.0), "no SGL"),
            (f64::NAN, "de quadrícula, na projeção UTM"),
        ];
        let mut quantos = 2;
        if let (true, Some(pa), Some(pb)) = (em_utm, planos[i], planos[j]) {
            let (de, dn) = (pb.0 - pa.0, pb.1 - pa.1);
            distancias[2].0 = de.hypot(dn);
            azimutes[2].0 = de.atan2(dn).to_degrees().rem_euclid(360.0);
            quantos = 3;
        }
        let posicao =
            TOLERANCIA_M.max((unidade_m(v, em_utm) + unidade_m(&anel.vertices[j], em_utm)) / 2.0);
        let nomes = (
            v.codigo.as_str(),
            anel.vertices[j].codigo.as_str(),
            v.linha_lado,
        );
        if let Some(d) = v.distancia {
            let tolerancia = d.meia_unidade + posicao + 1e-9;
            lados.push(Lado {
                nomes,
                azimute: false,
                declarado: d.valor,
                batem: std::array::from_fn(|k| {
                    k < quantos && (d.valor - distancias[k].0).abs() <= tolerancia
                }),
                calculados: distancias,
                quantos,
            });
        }
        if let Some(z) = v.azimute {
            let tolerancia = z.meia_unidade + posicao.atan2(s12.max(1e-9)).to_degrees() + 1e-12;
            lados.push(Lado {
                nomes,
                azimute: true,
                declarado: z.valor,
                batem: std::array::from_fn(|k| {
                    k < quantos && diferenca_angular(z.valor, azimutes[k].0).abs() <= tolerancia
                }),
                calculados: azimutes,
                quantos,
            });
        }
    }
}

/// Os lados cujo azimute ou distância declarados não batem com nenhuma convenção, ditos com o
/// valor calculado na convenção que o memorial segue.
fn avisos_dos_lados(lados: &[Lado<'_>]) -> Vec<String> {
    let mut avisos = Vec::new();
    let mut lados_errados = 0usize;
    // A convenção do memorial (geodésica, SGL ou UTM) é a que mais lados seguem: um lado que
    // não bate com nenhuma é dito com o valor calculado nela.
    let convencao = |azimute: bool| {
        let mut contagem = [0usize; 3];
        for l in lados.iter().filter(|l| l.azimute == azimute) {
            for (k, bate) in l.batem[..l.quantos].iter().enumerate() {
                contagem[k] += usize::from(*bate);
            }
        }
        (0..3)
            .max_by_key(|&k| (contagem[k], std::cmp::Reverse(k)))
            .unwrap_or(0)
    };
    let (das_distancias, dos_azimutes) = (convencao(false), convencao(true));
    for l in lados.iter().filter(|l| !l.batem.iter().any(|b| *b)) {
        lados_errados += 1;
        if lados_errados > LADOS_MOSTRADOS {
            continue;
        }
        let (de, ate, linha) = l.nomes;
        let k = if l.azimute {
            dos_azimutes
        } else {
            das_distancias
        };
        let (calculado, rotulo) = l.calculados[if k < l.quantos { k } else { 0 }];
        if l.azimute {
            let diferenca = diferenca_angular(l.declarado, calculado);
            avisos.push(format!(
                "lado {de}–{ate}: azimute declarado difere do calculado em {}\" (declarado {}, calculado {} {rotulo}; linha {linha})",
                decimal(diferenca * 3600.0, 1),
                azimute_gms(l.declarado),
                azimute_gms(calculado),
            ));
        } else {
            avisos.push(format!(
                "lado {de}–{ate}: distância declarada {} m, calculada {} m ({rotulo}; linha {linha})",
                decimal(l.declarado, 2),
                decimal(calculado, 2)
            ));
        }
    }
    if lados_errados > LADOS_MOSTRADOS {
        avisos.push(format!(
            "e mais {} com azimute ou distância declarados que não batem com as coordenadas",
            divisa_referencia::formato::plural(
                (lados_errados - LADOS_MOSTRADOS) as u64,
                "lado",
                "lados"
            )
        ));
    }
    avisos
}

/// A área declarada, se não bate com nenhuma das calculadas.
fn aviso_da_area(a: &MedidaDeclarada, m: &Medidas, em_utm: bool) -> Option<String> {
    let meia = m.unidade_maxima / 2.0;
    let mut candidatas = vec![
        (
            m.area_sgl,
            if m.tem_altitudes {
                "no SGL do SIGEF, com as altitudes"
            } else {
                "no SGL do SIGEF"
            },
        ),
        (m.geodesica.area_m2, "geodésica (GRS80)"),
    ];
    if m.tem_altitudes {
        candidatas.push((m.area_sgl_sem_altitudes, "no SGL sem as altitudes"));
    }
    if em_utm {
        candidatas.push((m.area_utm, "no plano UTM"));
    }
    // O arredondamento das coordenadas move cada lado de até meia unidade: a área muda de
    // até perímetro × meia unidade.
    let tolerancia = a.meia_unidade + m.geodesica.perimetro_m * meia.max(0.005) + 1e-9 * a.valor;
    let mais_perto = candidatas
        .iter()
        .min_by(|x, y| (a.valor - x.0).abs().total_cmp(&(a.valor - y.0).abs()))
        .copied()
        .unwrap_or((m.area_sgl, "no SGL"));
    if (a.valor - mais_perto.0).abs() > tolerancia {
        let (fator, unidade, casas) = a.unidade();
        let lista: Vec<String> = candidatas
            .iter()
            .map(|(v, r)| format!("{} {unidade} {r}", decimal(v / fator, casas)))
            .collect();
        return Some(format!(
            "área declarada {} (linha {}) difere da calculada das coordenadas: {}; a mais próxima difere {} {unidade} ({}%)",
            a.escrita,
            a.linha,
            lista.join(", "),
            decimal((a.valor - mais_perto.0).abs() / fator, casas),
            decimal((a.valor - mais_perto.0).abs() / mais_perto.0.max(1e-9) * 100.0, 3)
        ));
    }
    None
}

/// O perímetro declarado, se não bate com nenhum dos calculados.
fn aviso_do_perimetro(p: &MedidaDeclarada, m: &Medidas, em_utm: bool) -> Option<String> {
    let meia = m.unidade_maxima / 2.0;
    let mut candidatos = vec![
        (m.perimetro_sgl, "no SGL do SIGEF"),
        (m.geodesica.perimetro_m, "geodésico (GRS80)"),
    ];
    if em_utm {
        candidatos.push((m.perimetro_utm, "no plano UTM"));
    }
    let tolerancia =
        TOLERANCIA_M + p.meia_unidade + 6.0 * meia.max(0.005) * (m.vertices as f64).sqrt();
    let mais_perto = candidatos
        .iter()
        .min_by(|x, y| (p.valor - x.0).abs().total_cmp(&(p.valor - y.0).abs()))
        .copied()
        .unwrap_or((m.perimetro_sgl, "no SGL"));
    if (p.valor - mais_perto.0).abs() > tolerancia {
        let lista: Vec<String> = candidatos
            .iter()
            .map(|(v, r)| format!("{} m {r}", decimal(*v, 2)))
            .collect();
        return Some(format!(
            "perímetro declarado {} (linha {}) difere do calculado das coordenadas: {}; o mais próximo difere {} m",
            p.escrita,
            p.linha,
            lista.join(", "),
            decimal((p.valor - mais_perto.0).abs(), 2)
        ));
    }
    None
}

/// Vértices com coordenadas geográficas e UTM: as duas têm de ser o mesmo ponto. Uma diferença
/// de quilômetros é zona trocada, e a zona em que elas coincidem é dita.
pub(super) fn geo_e_plano(
    vertices: &[&VerticeBruto],
    zona: u8,
    sul: bool,
    zonas: std::ops::RangeInclusive<u8>,
) -> Vec<String> {
    let em_graus = |z: u8, leste: f64, norte: f64| {
        let (x, y) = de_utm(&Utm {
            zona: z,
            sul,
            leste_m: leste,
            norte_m: norte,
        });
        Coord { x, y }
    };
    let distancia = |a: Coord<f64>, b: Coord<f64>| -> f64 {
        let (s, _, _, _): (f64, f64, f64, f64) = sirgas2000().inverse(a.y, a.x, b.y, b.x);
        s
    };
    let mut primeiro: Option<String> = None;
    let mut outros = 0usize;
    for v in vertices {
        let (Some(g), Some(p)) = (v.geo, v.plano) else {
            continue;
        };
        let geo = Coord { x: g.lon, y: g.lat };
        let d = distancia(geo, em_graus(zona, p.leste, p.norte));
        if d <= TOLERANCIA_M + (g.unidade_m + p.unidade_m) / 2.0 {
            continue;
        }
        if primeiro.is_some() {
            outros += 1;
            continue;
        }
        let dica = if d > 1_000.0 {
            zonas
                .clone()
                .find(|&z| z != zona && distancia(geo, em_graus(z, p.leste, p.norte)) < 100.0)
                .map(|z| format!(": na zona {z}, coincidem — confira a zona UTM do memorial"))
                .unwrap_or_default()
        } else {
            String::new()
        };
        primeiro = Some(format!(
            "vértice {} (linha {}): as coordenadas geográficas e as UTM (zona {zona}) do memorial ficam a {} m uma da outra{dica}",
            v.codigo,
            v.linha,
            decimal(d, 2)
        ));
    }
    primeiro
        .map(|p| {
            if outros > 0 {
                format!(
                    "{p}; e em mais {}",
                    divisa_referencia::formato::plural(outros as u64, "vértice", "vértices")
                )
            } else {
                p
            }
        })
        .into_iter()
        .collect()
}

/// Um município da malha com o seu retângulo envolvente.
type Municipio = (Rect<f64>, MultiPolygon<f64>);

/// A malha municipal de Mato Grosso com o retângulo de cada município, carregada uma vez.
fn malha() -> Option<&'static [Municipio]> {
    static MALHA: std::sync::OnceLock<Option<Vec<Municipio>>> = std::sync::OnceLock::new();
    MALHA
        .get_or_init(|| {
            use geo::BoundingRect;
            let municipios = divisa_referencia::malha::carregar().ok()?;
            Some(
                municipios
                    .into_iter()
                    .filter_map(|(_, m)| Some((m.bounding_rect()?, m)))
                    .collect(),
            )
        })
        .as_deref()
}

/// Um vértice (de uma amostra de até 256) que fica fora de todos os municípios de Mato Grosso,
/// com 50 m de folga para as divisas do estado; `None` se todos ficam dentro (ou a malha não
/// carregou).
pub(super) fn fora_da_malha(pontos: &[Coord<f64>]) -> Option<usize> {
    use geo::Intersects;
    const AMOSTRA: usize = 256;
    const FOLGA_GRAUS: f64 = 0.0005;
    let malha = malha()?;
    let dentro = |c: Coord<f64>| {
        malha.iter().any(|(r, m)| {
            c.x >= r.min().x
                && c.x <= r.max().x
                && c.y >= r.min().y
                && c.y <= r.max().y
                && m.intersects(&c)
        })
    };
    let passo = pontos.len().div_ceil(AMOSTRA).max(1);
    (0..pontos.len()).step_by(passo).find(|&i| {
        let c = pontos[i];
        ![
            (0.0, 0.0),
            (FOLGA_GRAUS, 0.0),
            (-FOLGA_GRAUS, 0.0),
            (0.0, FOLGA_GRAUS),
            (0.0, -FOLGA_GRAUS),
        ]
        .iter()
        .any(|(dx, dy)| {
            dentro(Coord {
                x: c.x + dx,
                y: c.y + dy,
            })
        })
    })
}
