//! Operações entre territórios — tirar uma área de um município (o remanescente) e juntá-la a
//! outro — sem lascas nem sobreposições nas divisas comuns e com os vértices de entrada
//! preservados exatamente.
//!
//! Como (GEO_NOTES): o `BooleanOps` do `geo` ajusta cada chamada a uma grade própria e descarta
//! vértices colineares, e isso deixou centenas de buracos finos ao tirar e devolver uma área. Aqui
//! usamos o `i_overlay` (o motor do `geo`) direto na API inteira, com uma grade decimal que contém
//! a grade de 1e-6 grau da malha do IBGE: origem num múltiplo de 1e-6 grau e passo de 1e-9 grau
//! (≈ 0,11 mm) quando os operandos cabem em ±1,07° da origem (quase todo par de vizinhos), senão
//! 1e-8 grau (≈ 1,1 mm, o estado inteiro). Assim todo vértice da malha cai exatamente num ponto
//! da grade em qualquer chamada, e as divisas comuns continuam idênticas. Todos os pontos de
//! entrada são mantidos (`keep_all_points`), e na volta cada um recupera o seu `f64` original;
//! cada ponto novo (um recorte cruzando uma divisa) vai para o cruzamento das geodésicas dos dois
//! lados (ver `Geodesicos`), e a área das partes soma a do todo a 1e-9.
//!
//! # Unidades
//! Graus decimais SIRGAS 2000. Arestas são segmentos retos em graus, como na malha do IBGE.

use geo_types::MultiPolygon;
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{IntOverlayOptions, Overlay};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::core::solver::Solver;

mod grade;
mod janela;

pub use grade::ErroOperacao;
use grade::{caixa, Grade};

fn operar(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
    regra: OverlayRule,
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    // O operando de caixa maior é o "grande"; o outro define a janela.
    let (caixa_a, caixa_b) = (caixa(a), caixa(b));
    let area = |c: [f64; 4]| (c[2] - c[0]).max(0.0) * (c[3] - c[1]).max(0.0);
    let operandos = if area(caixa_a) >= area(caixa_b) {
        janela::Operandos {
            grande: a,
            pequeno: b,
            caixa_grande: caixa_a,
            caixa_pequeno: caixa_b,
            grande_e_sujeito: true,
        }
    } else {
        janela::Operandos {
            grande: b,
            pequeno: a,
            caixa_grande: caixa_b,
            caixa_pequeno: caixa_a,
            grande_e_sujeito: false,
        }
    };
    let mut grade = Grade::das_caixas([caixa_a, caixa_b].into_iter())?;
    if let Some(resultado) = janela::operar(&mut grade, &operandos, regra)? {
        return Ok(resultado);
    }
    operar_inteiro(a, b, regra)
}

/// A sobreposição com os dois operandos inteiros.
fn operar_inteiro(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
    regra: OverlayRule,
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    let mut grade = Grade::para(&[a, b])?;
    let (sujeito, recorte) = (grade.formas(a)?, grade.formas(b)?);
    let mut overlay = Overlay::with_shapes_options(
        &sujeito,
        &recorte,
        IntOverlayOptions::keep_all_points(),
        Solver::default(),
    );
    Ok(grade.territorio(overlay.overlay(regra, FillRule::NonZero)))
}

/// `a` sem `b` (o remanescente de um município de que se tira uma área).
pub fn diferenca(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    operar(a, b, OverlayRule::Difference)
}

/// `a` com `b` (o município que recebe uma área).
pub fn uniao(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    operar(a, b, OverlayRule::Union)
}

/// A união de muitos territórios de uma vez (o estado a partir dos municípios, por exemplo).
pub fn uniao_de_todos(
    territorios: &[&MultiPolygon<f64>],
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    let mut grade = Grade::para(territorios)?;
    grade.guardar_lados = false;
    let mut formas = Vec::new();
    for territorio in territorios {
        divisa_recursos::conferir();
        formas.extend(grade.formas(territorio)?);
    }
    let mut overlay = Overlay::with_shapes_options(
        &formas,
        &[],
        IntOverlayOptions::keep_all_points(),
        Solver::default(),
    );
    Ok(grade.territorio(overlay.overlay(OverlayRule::Subject, FillRule::NonZero)))
}

/// O que `a` e `b` têm em comum.
pub fn intersecao(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
) -> Result<MultiPolygon<f64>, ErroOperacao> {
    operar(a, b, OverlayRule::Intersect)
}

#[cfg(test)]
mod testes;
