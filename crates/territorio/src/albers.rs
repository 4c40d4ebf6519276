//! A área na projeção cônica equivalente de Albers com os parâmetros do IBGE (SIRGAS 2000,
//! origem −12°/−54°, paralelos-padrão −2° e −22°), a projeção em que o IBGE calcula a área
//! oficial dos municípios (coluna AREA_KM2 da malha).
//!
//! Fórmulas do elipsoide em Snyder (1987), *Map Projections — A Working Manual*, USGS PP 1395,
//! eqs. (3-12), (14-12) a (14-16) e (14-19). Sendo equivalente, a área plana do polígono
//! projetado (arestas retas na projeção) é a área no elipsoide; difere da geodésica só porque
//! as arestas são outras curvas (GEO_NOTES: mediana 9e-7).
//!
//! # Unidades
//! Graus decimais SIRGAS 2000 na entrada; m² na saída.

use geo_types::{LineString, MultiPolygon};

use crate::geodesia::{GRS80_ACHATAMENTO, GRS80_SEMIEIXO_MAIOR_M};

const LATITUDE_ORIGEM: f64 = -12.0;
const LONGITUDE_ORIGEM: f64 = -54.0;
const PARALELO_1: f64 = -2.0;
const PARALELO_2: f64 = -22.0;

struct Constantes {
    e2: f64,
    n: f64,
    c: f64,
    rho0: f64,
}

fn constantes() -> &'static Constantes {
    static CONSTANTES: std::sync::OnceLock<Constantes> = std::sync::OnceLock::new();
    CONSTANTES.get_or_init(|| {
        let f = GRS80_ACHATAMENTO;
        let e2 = f * (2.0 - f);
        let m = |lat: f64| {
            let s = lat.to_radians().sin();
            lat.to_radians().cos() / (1.0 - e2 * s * s).sqrt()
        };
        let (m1, m2) = (m(PARALELO_1), m(PARALELO_2));
        let (q0, q1, q2) = (q(LATITUDE_ORIGEM, e2), q(PARALELO_1, e2), q(PARALELO_2, e2));
        let n = (m1 * m1 - m2 * m2) / (q2 - q1);
        let c = m1 * m1 + n * q1;
        let rho0 = GRS80_SEMIEIXO_MAIOR_M * (c - n * q0).sqrt() / n;
        Constantes { e2, n, c, rho0 }
    })
}

/// Snyder (3-12): a função q da latitude autálica,
/// `q = (1 − e²)·[s/(1 − e²s²) − ln((1 − es)/(1 + es))/(2e)]`, com o logaritmo pela série de
/// `atanh(es)/e = s·Σ (es)^2k/(2k + 1)`: com (es)² ≤ e² ≈ 0,0067, doze termos passam da
/// precisão do `f64` em qualquer latitude, sem o `ln`.
fn q(lat: f64, e2: f64) -> f64 {
    let s = lat.to_radians().sin();
    let x2 = e2 * s * s;
    let mut serie = 0.0;
    for k in (0..12).rev() {
        serie = 1.0 / f64::from(2 * k + 1) + x2 * serie;
    }
    (1.0 - e2) * (s / (1.0 - x2) + s * serie)
}

/// O raio ρ do paralelo de latitude `lat` (Snyder 14-12).
fn rho(lat: f64) -> f64 {
    let k = constantes();
    GRS80_SEMIEIXO_MAIOR_M * (k.c - k.n * q(lat, k.e2)).sqrt() / k.n
}

/// O ângulo θ do meridiano de longitude `lon` (Snyder 14-14), em radianos.
fn theta(lon: f64) -> f64 {
    constantes().n * (lon - LONGITUDE_ORIGEM).to_radians()
}

/// Projeta `[lon, lat]` em Albers-IBGE: `(x, y)` em metros.
pub fn projetar(lon: f64, lat: f64) -> (f64, f64) {
    let (rho, theta) = (rho(lat), theta(lon));
    (rho * theta.sin(), constantes().rho0 - rho * theta.cos())
}

/// A área de um multipolígono em Albers-IBGE, m² (buracos descontados, sentido dos anéis
/// indiferente).
///
/// ```
/// use divisa_territorio::albers::area_albers_ibge;
/// use divisa_territorio::geodesia::area_geodesica;
/// use geo_types::{polygon, MultiPolygon};
/// let quadrado = MultiPolygon(vec![polygon![(x: -56.0, y: -15.0), (x: -55.9, y: -15.0), (x: -55.9, y: -14.9), (x: -56.0, y: -14.9)]]);
/// let (albers, geodesica) = (area_albers_ibge(&quadrado), area_geodesica(&quadrado).area_m2);
/// assert!((albers - geodesica).abs() / geodesica < 1e-6);
/// ```
pub fn area_albers_ibge(territorio: &MultiPolygon<f64>) -> f64 {
    territorio
        .0
        .iter()
        .map(|p| {
            area_anel(p.exterior()).abs()
                - p.interiors()
                    .iter()
                    .map(|a| area_anel(a).abs())
                    .sum::<f64>()
        })
        .sum()
}

/// Área com sinal (fórmula do laço) do anel projetado.
///
/// Com `x = ρ sen θ` e `y = ρ₀ − ρ cos θ`, o termo `xᵢyᵢ₊₁ − xᵢ₊₁yᵢ` do laço é
/// `ρ₀(ρᵢ sen θᵢ − ρᵢ₊₁ sen θᵢ₊₁) + ρᵢρᵢ₊₁ sen(θᵢ₊₁ − θᵢ)`; a primeira parcela se cancela ao
/// fechar o anel, e fica `½ Σ ρᵢρᵢ₊₁ sen(θᵢ₊₁ − θᵢ)`: um seno por lado, de um ângulo pequeno
/// (série de Taylor), no lugar de seno e cosseno por vértice — e sem as coordenadas de milhões
/// de metros que se cancelam no laço. O teste `igual_ao_laco_das_coordenadas_projetadas`
/// confere as duas contas nos 141 municípios.
fn area_anel(anel: &LineString<f64>) -> f64 {
    let mut pontos = anel.0.as_slice();
    if pontos.len() > 1 && pontos.first() == pontos.last() {
        pontos = &pontos[..pontos.len() - 1];
    }
    let Some(primeiro) = pontos.first() else {
        return 0.0;
    };
    let k = constantes();
    let polar = |c: &geo_types::Coord<f64>| {
        (
            GRS80_SEMIEIXO_MAIOR_M * (k.c - k.n * q(c.y, k.e2)).sqrt() / k.n,
            k.n * (c.x - LONGITUDE_ORIGEM).to_radians(),
        )
    };
    // As parcelas ρ²·Δθ chegam a 1e12 m² e se cancelam até a área (1e9 m² num município
    // pequeno): somadas com compensação (TwoSum), sem o que a soma perdia 2e-12 da área
    // (Araguainha, conferida com 50 dígitos no mpmath).
    let inicio = polar(primeiro);
    let mut soma = Soma::default();
    let mut anterior = inicio;
    for c in &pontos[1..] {
        let atual = polar(c);
        soma.somar(anterior.0 * atual.0 * seno(atual.1 - anterior.1));
        anterior = atual;
    }
    soma.somar(anterior.0 * inicio.0 * seno(inicio.1 - anterior.1));
    soma.total() / 2.0
}

/// Soma compensada: o que cada adição arredonda (o `TwoSum` de Knuth, sem desvios) fica
/// guardado à parte.
#[derive(Default)]
struct Soma {
    soma: f64,
    compensacao: f64,
}

impl Soma {
    fn somar(&mut self, v: f64) {
        let t = self.soma + v;
        let z = t - self.soma;
        self.compensacao += (self.soma - (t - z)) + (v - z);
        self.soma = t;
    }

    fn total(&self) -> f64 {
        self.soma + self.compensacao
    }
}

/// O seno, pela série de Taylor nos ângulos pequenos dos lados (|x| < 0,01 rad: o termo
/// seguinte, x¹¹/11!, fica abaixo de 1e-30).
fn seno(x: f64) -> f64 {
    if x.abs() < 0.01 {
        let x2 = x * x;
        x * (1.0 - x2 / 6.0 * (1.0 - x2 / 20.0 * (1.0 - x2 / 42.0 * (1.0 - x2 / 72.0))))
    } else {
        x.sin()
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    /// A conta por ρ e θ é a fórmula do laço nas coordenadas projetadas, a 1e-12 em cada um dos
    /// 141 municípios; e Araguainha, a de maior cancelamento, a 1e-13 da mesma conta feita com
    /// 50 dígitos (mpmath 1.3: 675.235.468,61850625459 m²).
    #[test]
    fn igual_ao_laco_das_coordenadas_projetadas() {
        for (entrada, poligono) in divisa_referencia::malha::carregar().unwrap() {
            let laco: f64 = poligono
                .0
                .iter()
                .map(|p| {
                    // Relativas ao primeiro vértice: sem os milhões de metros que se cancelam.
                    let v: Vec<(f64, f64)> =
                        p.exterior().0.iter().map(|c| projetar(c.x, c.y)).collect();
                    let o = v[0];
                    let soma: f64 = v
                        .windows(2)
                        .map(|w| (w[0].0 - o.0) * (w[1].1 - o.1) - (w[1].0 - o.0) * (w[0].1 - o.1))
                        .sum();
                    (soma / 2.0).abs()
                })
                .sum();
            let nossa = area_albers_ibge(&poligono);
            assert!(
                (nossa - laco).abs() / laco < 1e-12,
                "{}: {nossa} × {laco}",
                entrada.nome_malha_2022
            );
        }
    }

    #[test]
    fn araguainha_com_50_digitos() {
        let araguainha = divisa_referencia::malha::poligono(5101209)
            .unwrap()
            .unwrap();
        let referencia = 675_235_468.618_506_2;
        let nossa = area_albers_ibge(&araguainha);
        assert!((nossa - referencia).abs() / referencia < 1e-13, "{nossa}");
    }

    /// A série do seno e a da latitude autálica contra as funções da biblioteca.
    #[test]
    fn series_iguais_as_funcoes() {
        for i in 0..2000 {
            let x = (i as f64 - 1000.0) * 1e-5;
            assert!((seno(x) - x.sin()).abs() <= 4.5e-16 * x.abs(), "{x}");
        }
        // q(φ) com 40 dígitos (mpmath 1.3, a fórmula com o logaritmo): a série fica a 1 ulp; a
        // fórmula com o `ln` em f64 errava 1e-15 (o ln dividido por 2e ≈ 0,16).
        for (lat, q_mpmath) in [
            (-89.9, -1.995_528_020_777_900_8),
            (-33.0, -1.083_420_973_585_338_7),
            (-18.0, -0.614_158_409_879_919_6),
            (-12.0, -0.413_119_406_213_975_9),
            (-7.0, -0.242_123_056_647_044_64),
            (0.5, 0.017_336_239_398_861_571),
            (45.0, 1.407_890_387_694_444_6),
        ] {
            let serie = q(lat, constantes().e2);
            assert!(
                (serie - q_mpmath).abs() <= 3e-16 * q_mpmath.abs(),
                "{lat}: {serie} × {q_mpmath}"
            );
        }
    }

    #[test]
    fn origem_projeta_no_zero() {
        let (x, y) = projetar(LONGITUDE_ORIGEM, LATITUDE_ORIGEM);
        assert!(x.abs() < 1e-6 && y.abs() < 1e-6, "{x} {y}");
    }
}
