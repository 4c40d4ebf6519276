//! As marcas do desenho: o passo do graticulado, a sede, a seta do norte e o texto com halo.

use super::*;

/// O passo dos paralelos e meridianos, em minutos: o menor da série que dá no máximo cinco
/// linhas no lado maior do recorte.
pub(super) fn passo_do_graticulado(amplitude_graus: f64) -> i64 {
    const PASSOS: [i64; 12] = [1, 2, 5, 10, 15, 20, 30, 60, 120, 180, 300, 600];
    PASSOS
        .into_iter()
        .find(|p| amplitude_graus * 60.0 / *p as f64 <= 5.0)
        .unwrap_or(600)
}

/// A marca de uma sede: a proposta, estrela vermelha; a que já existe, círculo com ponto.
pub(super) fn marca_da_sede(x: f64, y: f64, proposta: bool) -> String {
    if proposta {
        let mut d = String::new();
        for k in 0..10 {
            let raio = if k % 2 == 0 { 7.5 } else { 3.1 };
            let angulo = std::f64::consts::PI * (k as f64 / 5.0 - 0.5);
            let _ = write!(
                d,
                "{}{} {}",
                if k == 0 { "M" } else { "L" },
                n1(x + raio * angulo.cos()),
                n1(y + raio * angulo.sin())
            );
        }
        format!(
            r##"<path d="{d}Z" fill="#c00000" stroke="#fff" stroke-width="0.8" stroke-linejoin="round"/>"##
        )
    } else {
        format!(
            r##"<circle cx="{x}" cy="{y}" r="3.4" fill="#fff" stroke="#111" stroke-width="1.3"/><circle cx="{x}" cy="{y}" r="1.3" fill="#111"/>"##,
            x = n1(x),
            y = n1(y)
        )
    }
}

/// A seta do norte, com o N em cima, a partir de `y` e centrada em `x`.
pub(super) fn seta_do_norte(x: f64, y: f64) -> String {
    format!(
        r##"<g transform="translate({},{})"><text x="0" y="13" font-size="14" font-weight="bold" text-anchor="middle">N</text><path d="M0 17L8 47L0 41Z" fill="#222"/><path d="M0 17L-8 47L0 41Z" fill="#fff" stroke="#222" stroke-width="0.9" stroke-linejoin="round"/></g>"##,
        n1(x),
        n1(y)
    )
}

/// Onde o texto se prende ao x dado (o `text-anchor` do SVG).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ancora {
    Inicio,
    Meio,
    Fim,
}

/// Um texto (uma ou mais linhas) centrado na vertical em `y` e preso em `x` pela `ancora`,
/// com um halo branco por baixo para ser lido sobre as linhas e as cores. O halo é uma cópia
/// com contorno branco, e não `paint-order`, que nem todo leitor de SVG conhece.
pub(super) fn texto_com_halo(
    linhas: &[String],
    (x, y): (f64, f64),
    tamanho: f64,
    estilo: &str,
    ancora: Ancora,
) -> String {
    let mut s = String::new();
    let entrelinha = tamanho * 1.12;
    let primeira = y - entrelinha * (linhas.len() as f64 - 1.0) / 2.0 + tamanho * 0.35;
    let ancora = match ancora {
        Ancora::Inicio => "start",
        Ancora::Meio => "middle",
        Ancora::Fim => "end",
    };
    for (camada, pintura) in [
        (
            0,
            r##" fill="#fff" stroke="#fff" stroke-width="3" stroke-linejoin="round""##,
        ),
        (1, estilo),
    ] {
        for (k, linha) in linhas.iter().enumerate() {
            let _ = write!(
                s,
                r#"<text x="{}" y="{}" font-size="{}" text-anchor="{ancora}"{}{}>{}</text>"#,
                n1(x),
                n1(primeira + k as f64 * entrelinha),
                n1(tamanho),
                // o halo leva o mesmo peso e estilo da letra, para ter a mesma largura
                if camada == 0 {
                    estilo_sem_cor(estilo)
                } else {
                    String::new()
                },
                pintura,
                esc(linha)
            );
        }
    }
    s
}

/// O peso e a inclinação de um estilo de texto, sem a cor.
pub(super) fn estilo_sem_cor(estilo: &str) -> String {
    let mut s = String::new();
    if estilo.contains(r#"font-weight="bold""#) {
        s.push_str(r#" font-weight="bold""#);
    }
    if estilo.contains(r#"font-style="italic""#) {
        s.push_str(r#" font-style="italic""#);
    }
    s
}
