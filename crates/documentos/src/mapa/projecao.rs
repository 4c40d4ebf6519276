//! A entrada limpa (só pontos finitos), a projeção equirretangular com escala verdadeira no
//! paralelo médio do elipsoide GRS80 e o recorte na moldura.

use super::*;

/// Uma camada só com os anéis e a sede utilizáveis.
pub(super) struct Limpa<'a> {
    pub(super) camada: &'a Camada,
    pub(super) papel: PapelNoMapa,
    /// Anéis válidos em graus (de todos os polígonos: o preenchimento é par-ímpar).
    pub(super) aneis: Vec<Vec<[f64; 2]>>,
    pub(super) sede: Option<[f64; 2]>,
}

pub(super) fn valido(p: &[f64; 2]) -> bool {
    p[0].is_finite() && p[1].is_finite() && p[0].abs() <= 180.0 && p[1].abs() <= 90.0
}

pub(super) fn limpar(camada: &Camada) -> Limpa<'_> {
    let mut aneis = Vec::new();
    for poligono in &camada.poligonos {
        for (i, anel) in poligono.iter().enumerate() {
            let bons: Vec<[f64; 2]> = anel.iter().copied().filter(valido).collect();
            if bons.len() >= 3 {
                aneis.push(bons);
            } else if i == 0 {
                // Sem exterior, os buracos do polígono não querem dizer nada.
                break;
            }
        }
    }
    Limpa {
        camada,
        papel: PapelNoMapa::de_codigo(&camada.papel).unwrap_or(PapelNoMapa::Vizinho),
        aneis,
        sede: camada.sede.as_ref().map(|s| s.ponto).filter(valido),
    }
}

// ---------------------------------------------------------------------------------------------
// Projeção e recorte

/// Raios de curvatura do GRS80 no paralelo φ (graus): (M, do meridiano; N, do primeiro
/// vertical), em metros.
pub(super) fn raios(lat: f64) -> (f64, f64) {
    let e2 = GRS80_ACHATAMENTO * (2.0 - GRS80_ACHATAMENTO);
    let s = lat.to_radians().sin();
    let w = (1.0 - e2 * s * s).sqrt();
    (
        GRS80_SEMIEIXO_MAIOR_M * (1.0 - e2) / (w * w * w),
        GRS80_SEMIEIXO_MAIOR_M / w,
    )
}

/// O recorte em coordenadas projetadas (x = (lon − lon₀)·k, y = lat, ambos em "graus de
/// latitude"), já com folga e na proporção da moldura.
#[derive(Debug, Clone, Copy)]
pub(super) struct Recorte {
    pub(super) lon0: f64,
    pub(super) lat0: f64,
    pub(super) k: f64,
    pub(super) x0: f64,
    pub(super) x1: f64,
    pub(super) y0: f64,
    pub(super) y1: f64,
    pub(super) largura: f64,
    pub(super) altura: f64,
}

impl Recorte {
    pub(super) fn das(limpas: &[Limpa<'_>]) -> Option<Recorte> {
        let destaque = |l: &&Limpa<'_>| l.papel != PapelNoMapa::Vizinho;
        let tem_destaque = limpas
            .iter()
            .filter(destaque)
            .any(|l| !l.aneis.is_empty() || l.sede.is_some());
        let pontos = limpas
            .iter()
            .filter(|l| !tem_destaque || destaque(l))
            .flat_map(|l| l.aneis.iter().flatten().chain(l.sede.iter()));
        let (mut a, mut b, mut c, mut d) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in pontos {
            a = a.min(p[0]);
            b = b.min(p[1]);
            c = c.max(p[0]);
            d = d.max(p[1]);
        }
        if a > c {
            return None;
        }
        let (lon0, lat0) = ((a + c) / 2.0, (b + d) / 2.0);
        let (m, n) = raios(lat0);
        // Perto do polo o cosseno some e as longitudes explodiriam: nada em Mato Grosso chega
        // lá, mas um dado errado não pode travar o desenho.
        let k = (n * lat0.to_radians().cos() / m).max(0.05);
        let mut largura = ((c - a) * k).max(LADO_MINIMO_GRAUS) * 1.16;
        let mut altura = (d - b).max(LADO_MINIMO_GRAUS) * 1.16;
        if altura < largura * PROPORCAO_MINIMA {
            altura = largura * PROPORCAO_MINIMA;
        } else if altura > largura * PROPORCAO_MAXIMA {
            largura = altura / PROPORCAO_MAXIMA;
        }
        Some(Recorte {
            lon0,
            lat0,
            k,
            x0: -largura / 2.0,
            x1: largura / 2.0,
            y0: lat0 - altura / 2.0,
            y1: lat0 + altura / 2.0,
            largura,
            altura,
        })
    }

    pub(super) fn lon_min(&self) -> f64 {
        self.lon0 + self.x0 / self.k
    }
    pub(super) fn lon_max(&self) -> f64 {
        self.lon0 + self.x1 / self.k
    }
    /// Quilômetros por unidade projetada (um grau de latitude no paralelo médio).
    pub(super) fn km_por_unidade(&self) -> f64 {
        raios(self.lat0).0 * std::f64::consts::PI / 180.0 / 1000.0
    }
}

/// Um retângulo na tela, px.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Caixa {
    pub(super) x0: f64,
    pub(super) y0: f64,
    pub(super) x1: f64,
    pub(super) y1: f64,
}

impl Caixa {
    pub(super) fn centrada(cx: f64, cy: f64, l: f64, a: f64) -> Caixa {
        Caixa {
            x0: cx - l / 2.0,
            y0: cy - a / 2.0,
            x1: cx + l / 2.0,
            y1: cy + a / 2.0,
        }
    }
    pub(super) fn sobrepoe(&self, o: &Caixa) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }
    pub(super) fn dentro_de(&self, o: &Caixa) -> bool {
        self.x0 >= o.x0 && self.x1 <= o.x1 && self.y0 >= o.y0 && self.y1 <= o.y1
    }
}
