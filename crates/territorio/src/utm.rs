//! UTM no SIRGAS 2000 (elipsoide GRS80): projeção Transversa de Mercator pelas séries de
//! Krüger até a sexta ordem em `n`, como em Karney (2011), "Transverse Mercator with an accuracy
//! of a few nanometers", J. Geodesy 85, eqs. (7)–(11) e (35)–(36).
//!
//! Mato Grosso cobre as zonas 20, 21 e 22 Sul (meridianos centrais −63°, −57° e −51°). Dentro
//! de uma zona (±3° do meridiano central) o erro das séries é de nanômetros; a ida e volta fica
//! abaixo de um micrômetro, o que os testes conferem contra valores do PROJ.
//!
//! # Unidades
//! Graus decimais (longitude, latitude) SIRGAS 2000; leste e norte em metros, com falso leste
//! 500.000 m e, no hemisfério sul, falso norte 10.000.000 m; fator de escala 0,9996.

use crate::geodesia::{GRS80_ACHATAMENTO, GRS80_SEMIEIXO_MAIOR_M};

const FATOR_DE_ESCALA: f64 = 0.9996;
const FALSO_LESTE_M: f64 = 500_000.0;
const FALSO_NORTE_SUL_M: f64 = 10_000_000.0;

/// Um ponto em coordenadas UTM.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Utm {
    /// Zona (1 a 60).
    pub zona: u8,
    /// `true` no hemisfério sul (todo Mato Grosso).
    pub sul: bool,
    /// Coordenada leste (E), m.
    pub leste_m: f64,
    /// Coordenada norte (N), m.
    pub norte_m: f64,
}

/// A zona UTM de uma longitude (a de −57,5° é a 21).
///
/// ```
/// use divisa_territorio::utm::zona_de;
/// assert_eq!(zona_de(-61.7), 20);
/// assert_eq!(zona_de(-56.1), 21);
/// assert_eq!(zona_de(-50.3), 22);
/// ```
pub fn zona_de(lon: f64) -> u8 {
    (((lon + 180.0) / 6.0).floor() as i64 + 1).clamp(1, 60) as u8
}

/// O meridiano central de uma zona, em graus.
pub fn meridiano_central(zona: u8) -> f64 {
    f64::from(zona) * 6.0 - 183.0
}

/// Constantes da série para o GRS80, calculadas uma vez.
struct Serie {
    a_retificador: f64,
    excentricidade: f64,
    alfa: [f64; 6],
    beta: [f64; 6],
}

fn serie() -> &'static Serie {
    static SERIE: std::sync::OnceLock<Serie> = std::sync::OnceLock::new();
    SERIE.get_or_init(|| {
        let f = GRS80_ACHATAMENTO;
        let n = f / (2.0 - f);
        let (n2, n3, n4, n5, n6) = (n * n, n.powi(3), n.powi(4), n.powi(5), n.powi(6));
        Serie {
            a_retificador: GRS80_SEMIEIXO_MAIOR_M / (1.0 + n)
                * (1.0 + n2 / 4.0 + n4 / 64.0 + n6 / 256.0),
            excentricidade: (f * (2.0 - f)).sqrt(),
            alfa: [
                n / 2.0 - 2.0 * n2 / 3.0 + 5.0 * n3 / 16.0 + 41.0 * n4 / 180.0 - 127.0 * n5 / 288.0
                    + 7891.0 * n6 / 37800.0,
                13.0 * n2 / 48.0 - 3.0 * n3 / 5.0 + 557.0 * n4 / 1440.0 + 281.0 * n5 / 630.0
                    - 1983433.0 * n6 / 1935360.0,
                61.0 * n3 / 240.0 - 103.0 * n4 / 140.0
                    + 15061.0 * n5 / 26880.0
                    + 167603.0 * n6 / 181440.0,
                49561.0 * n4 / 161280.0 - 179.0 * n5 / 168.0 + 6601661.0 * n6 / 7257600.0,
                34729.0 * n5 / 80640.0 - 3418889.0 * n6 / 1995840.0,
                212378941.0 * n6 / 319334400.0,
            ],
            beta: [
                n / 2.0 - 2.0 * n2 / 3.0 + 37.0 * n3 / 96.0 - n4 / 360.0 - 81.0 * n5 / 512.0
                    + 96199.0 * n6 / 604800.0,
                n2 / 48.0 + n3 / 15.0 - 437.0 * n4 / 1440.0 + 46.0 * n5 / 105.0
                    - 1118711.0 * n6 / 3870720.0,
                17.0 * n3 / 480.0 - 37.0 * n4 / 840.0 - 209.0 * n5 / 4480.0 + 5569.0 * n6 / 90720.0,
                4397.0 * n4 / 161280.0 - 11.0 * n5 / 504.0 - 830251.0 * n6 / 7257600.0,
                4583.0 * n5 / 161280.0 - 108847.0 * n6 / 3991680.0,
                20648693.0 * n6 / 638668800.0,
            ],
        }
    })
}

/// Converte `[lon, lat]` em UTM, na zona dada ou na zona natural da longitude.
///
/// ```
/// use divisa_territorio::utm::{para_utm, de_utm};
/// let utm = para_utm(-56.0965, -15.5989, None); // Cuiabá
/// assert_eq!(utm.zona, 21);
/// let (lon, lat) = de_utm(&utm);
/// assert!((lon + 56.0965).abs() < 1e-10 && (lat + 15.5989).abs() < 1e-10);
/// ```
pub fn para_utm(lon: f64, lat: f64, zona: Option<u8>) -> Utm {
    let zona = zona.unwrap_or_else(|| zona_de(lon));
    let s = serie();
    let e = s.excentricidade;
    let phi = lat.to_radians();
    let lambda = (lon - meridiano_central(zona)).to_radians();
    // Latitude conforme (t = tan χ).
    let t = (phi.sin().atanh() - e * (e * phi.sin()).atanh()).sinh();
    let xi_linha = t.atan2(lambda.cos());
    let eta_linha = (lambda.sin() / (1.0 + t * t).sqrt()).atanh();
    let (mut xi, mut eta) = (xi_linha, eta_linha);
    for (j, alfa) in s.alfa.iter().enumerate() {
        let k = 2.0 * (j as f64 + 1.0);
        xi += alfa * (k * xi_linha).sin() * (k * eta_linha).cosh();
        eta += alfa * (k * xi_linha).cos() * (k * eta_linha).sinh();
    }
    let sul = lat < 0.0;
    Utm {
        zona,
        sul,
        leste_m: FALSO_LESTE_M + FATOR_DE_ESCALA * s.a_retificador * eta,
        norte_m: if sul { FALSO_NORTE_SUL_M } else { 0.0 } + FATOR_DE_ESCALA * s.a_retificador * xi,
    }
}

/// Converte UTM em `(lon, lat)`, graus.
pub fn de_utm(utm: &Utm) -> (f64, f64) {
    let s = serie();
    let e = s.excentricidade;
    let norte = utm.norte_m - if utm.sul { FALSO_NORTE_SUL_M } else { 0.0 };
    let xi = norte / (FATOR_DE_ESCALA * s.a_retificador);
    let eta = (utm.leste_m - FALSO_LESTE_M) / (FATOR_DE_ESCALA * s.a_retificador);
    let (mut xi_linha, mut eta_linha) = (xi, eta);
    for (j, beta) in s.beta.iter().enumerate() {
        let k = 2.0 * (j as f64 + 1.0);
        xi_linha -= beta * (k * xi).sin() * (k * eta).cosh();
        eta_linha -= beta * (k * xi).cos() * (k * eta).sinh();
    }
    let tau_linha = xi_linha.sin() / (eta_linha.sinh().powi(2) + xi_linha.cos().powi(2)).sqrt();
    let lambda = eta_linha.sinh().atan2(xi_linha.cos());
    // tan φ a partir de tan χ, por Newton (Karney 2011, eqs. 19–21): converge em 2 ou 3 passos.
    let e2 = e * e;
    let mut tau = tau_linha;
    for _ in 0..6 {
        let sigma = (e * (e * tau / (1.0 + tau * tau).sqrt()).atanh()).sinh();
        let tau_linha_i = tau * (1.0 + sigma * sigma).sqrt() - sigma * (1.0 + tau * tau).sqrt();
        let derivada =
            (1.0 - e2) * (1.0 + tau_linha_i * tau_linha_i).sqrt() * (1.0 + tau * tau).sqrt()
                / (1.0 + (1.0 - e2) * tau * tau);
        let passo = (tau_linha - tau_linha_i) / derivada;
        tau += passo;
        if passo.abs() < 1e-15 * tau.abs().max(1.0) {
            break;
        }
    }
    (
        meridiano_central(utm.zona) + lambda.to_degrees(),
        tau.atan().to_degrees(),
    )
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn meridiano_central_das_zonas_de_mato_grosso() {
        assert_eq!(meridiano_central(20), -63.0);
        assert_eq!(meridiano_central(21), -57.0);
        assert_eq!(meridiano_central(22), -51.0);
    }

    #[test]
    fn ida_e_volta_abaixo_de_um_milimetro_nas_tres_zonas() {
        for zona in [20u8, 21, 22] {
            let centro = meridiano_central(zona);
            for dlon in [-3.0, -1.5, 0.0, 1.7, 3.0] {
                for lat in [-7.3, -11.0, -15.5, -18.0] {
                    let utm = para_utm(centro + dlon, lat, Some(zona));
                    let (lon2, lat2) = de_utm(&utm);
                    let de_novo = para_utm(lon2, lat2, Some(zona));
                    let erro = ((de_novo.leste_m - utm.leste_m).powi(2)
                        + (de_novo.norte_m - utm.norte_m).powi(2))
                    .sqrt();
                    assert!(erro < 1e-6, "zona {zona}, {dlon}, {lat}: {erro} m");
                    assert!((lon2 - centro - dlon).abs() < 1e-11 && (lat2 - lat).abs() < 1e-11);
                }
            }
        }
    }

    /// Valores do PROJ 9.5.1 (pyproj 3.7.2), EPSG:4674 → EPSG:31980/31981/31982 (SIRGAS 2000 /
    /// UTM 20S, 21S, 22S), calculados com `Transformer.from_crs(..., always_xy=True)` e
    /// registrados aqui com seis casas (micrômetro). Inclui pontos na borda das zonas (±3°).
    const PROJ: [(f64, f64, u8, f64, f64); 10] = [
        (-61.7, -9.9, 20, 642529.090699, 8905365.793031),
        (-63.0, -12.0, 20, 500000.000000, 8673446.364237),
        (-60.2, -16.3, 20, 799226.343892, 8195826.564562),
        (-56.0965, -15.5989, 21, 596860.827842, 8275225.876695),
        (-57.0, -7.3, 21, 500000.000000, 9193086.960623),
        (-54.1, -18.0, 21, 807108.413179, 8007411.292845),
        (-59.8, -12.5, 21, 195657.300553, 8616545.847553),
        (-50.3, -10.2, 22, 576671.278712, 8872391.728750),
        (-51.0, -14.0, 22, 500000.000000, 8452273.693330),
        (-53.9, -17.5, 22, 192036.382769, 8062786.054143),
    ];

    #[test]
    fn igual_ao_proj_a_dois_micrometros() {
        for (lon, lat, zona, leste, norte) in PROJ {
            let utm = para_utm(lon, lat, Some(zona));
            assert!(
                (utm.leste_m - leste).abs() < 2e-6,
                "{lon} {lat}: E {} × {leste}",
                utm.leste_m
            );
            assert!(
                (utm.norte_m - norte).abs() < 2e-6,
                "{lon} {lat}: N {} × {norte}",
                utm.norte_m
            );
            let (lon2, lat2) = de_utm(&Utm {
                zona,
                sul: true,
                leste_m: leste,
                norte_m: norte,
            });
            // 1e-8 grau ≈ 1 mm.
            assert!(
                (lon2 - lon).abs() < 1e-8 && (lat2 - lat).abs() < 1e-8,
                "{lon} {lat}: {lon2} {lat2}"
            );
        }
    }

    #[test]
    fn no_meridiano_central_leste_e_500_km() {
        let utm = para_utm(-57.0, -12.0, None);
        assert!((utm.leste_m - 500_000.0).abs() < 1e-9);
        assert!(utm.sul);
    }
}
