//! População e domicílios dentro de um polígono, por interpolação de área a partir dos setores
//! censitários: cada setor contribui com a fração da sua área que cai dentro do polígono
//! (supõe-se a população espalhada por igual no setor — a hipótese clássica, que erra mais em
//! setores rurais grandes com povoado concentrado).
//!
//! # Unidades
//! Habitantes e domicílios (frações, somadas); `cobertura` é a fração da área do polígono
//! coberta por setores (1 = o polígono inteiro tem setores).

use geo::{BoundingRect, Intersects};
use geo_types::{MultiPolygon, Polygon};

use crate::geodesia::{area_geodesica, area_poligono};
use crate::operacoes::intersecao;

/// Um setor para a interpolação.
pub struct SetorCensitario<'a> {
    /// O limite.
    pub poligono: &'a Polygon<f64>,
    /// População residente.
    pub populacao: u32,
    /// Domicílios ocupados.
    pub domicilios: u32,
}

/// O resultado da interpolação.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimativa {
    /// População estimada no polígono.
    pub populacao: f64,
    /// Domicílios estimados no polígono.
    pub domicilios: f64,
    /// Quantos setores tocam o polígono.
    pub setores: usize,
    /// Fração da área do polígono coberta por setores (0 a 1).
    pub cobertura: f64,
}

/// Interpola população e domicílios dos `setores` para `area`.
pub fn populacao_na_area(area: &MultiPolygon<f64>, setores: &[SetorCensitario<'_>]) -> Estimativa {
    let area_total = area_geodesica(area).area_m2;
    let envelope = area.bounding_rect();
    let mut estimativa = Estimativa {
        populacao: 0.0,
        domicilios: 0.0,
        setores: 0,
        cobertura: 0.0,
    };
    let mut coberta = 0.0;
    for setor in setores {
        if envelope.is_none_or(|e| !setor.poligono.intersects(&e)) {
            continue;
        }
        let poligono = MultiPolygon(vec![setor.poligono.clone()]);
        let Ok(comum) = intersecao(area, &poligono) else {
            continue;
        };
        let dentro = area_geodesica(&comum).area_m2;
        if dentro <= 0.0 {
            continue;
        }
        let fracao = (dentro / area_poligono(setor.poligono).area_m2).min(1.0);
        estimativa.populacao += f64::from(setor.populacao) * fracao;
        estimativa.domicilios += f64::from(setor.domicilios) * fracao;
        estimativa.setores += 1;
        coberta += dentro;
    }
    if area_total > 0.0 {
        estimativa.cobertura = (coberta / area_total).min(1.0);
    }
    estimativa
}
