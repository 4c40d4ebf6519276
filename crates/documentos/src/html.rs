//! O mesmo documento em HTML (para a página do processo e para copiar num editor).

use std::fmt::Write as _;

use crate::{Bloco, Documento};

fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// O documento como página HTML completa, com o mapa em SVG.
pub fn html(doc: &Documento) -> String {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"pt-BR\"><head><meta charset=\"utf-8\"><title>{}</title>\
         <style>body{{font-family:'Times New Roman',Times,serif;max-width:760px;margin:2em auto;line-height:1.45}}\
         header,.centro{{text-align:center}} p{{text-align:justify}} .recuado{{margin-left:3em}}\
         table{{border-collapse:collapse;width:100%;font-size:.9em}} th,td{{border-bottom:1px solid #999;padding:.2em .4em;text-align:left;vertical-align:top}}\
         footer{{font-size:.8em;border-top:1px solid #999;margin-top:2em;padding-top:.5em}}</style></head><body>\
         <header><strong>ESTADO DE MATO GROSSO<br>ASSEMBLEIA LEGISLATIVA</strong><br>Comissão de Revisão Territorial — LC nº 23/1992</header><hr>\
         <h1 class=\"centro\" style=\"font-size:1.2em\">{}</h1>\n",
        esc(&doc.titulo),
        esc(&doc.titulo)
    );
    for b in &doc.blocos {
        match b {
            Bloco::Secao { texto } => {
                let _ = writeln!(s, "<h2 style=\"font-size:1em\">{}</h2>", esc(texto));
            }
            Bloco::Paragrafo { texto } => {
                let _ = writeln!(s, "<p>{}</p>", esc(texto).replace('\n', "<br>"));
            }
            Bloco::Recuado { texto } => {
                let _ = writeln!(
                    s,
                    "<p class=\"recuado\">{}</p>",
                    esc(texto).replace('\n', "<br>")
                );
            }
            Bloco::Centro { texto, negrito } => {
                let t = esc(texto);
                let _ = writeln!(
                    s,
                    "<p class=\"centro\">{}</p>",
                    if *negrito {
                        format!("<strong>{t}</strong>")
                    } else {
                        t
                    }
                );
            }
            Bloco::Tabela {
                colunas, linhas, ..
            } => {
                s.push_str("<table><tr>");
                for c in colunas {
                    let _ = write!(s, "<th>{}</th>", esc(c));
                }
                s.push_str("</tr>");
                for l in linhas {
                    s.push_str("<tr>");
                    for c in l {
                        let _ = write!(s, "<td>{}</td>", esc(c));
                    }
                    s.push_str("</tr>");
                }
                s.push_str("</table>\n");
            }
            Bloco::Mapa { camadas, legenda } => {
                if let Some((svg, _, _)) = mapa_svg(camadas) {
                    s.push_str(&svg);
                }
                let _ = writeln!(s, "<p style=\"font-size:.85em\">{}</p>", esc(legenda));
            }
            Bloco::QuebraDePagina => s.push_str("<hr style=\"page-break-after:always\">\n"),
        }
    }
    if !doc.referencias.is_empty() {
        s.push_str("<h2 style=\"font-size:.9em\">Referências (URN LexML)</h2><ul style=\"font-size:.8em\">");
        for (c, u) in &doc.referencias {
            let _ = write!(s, "<li>{}: <code>{}</code></li>", esc(c), esc(u));
        }
        s.push_str("</ul>");
    }
    let _ = writeln!(
        s,
        "<footer>{} · Código de verificação: <strong>{}</strong></footer></body></html>",
        esc(&doc
            .protocolo
            .as_ref()
            .map_or("Sem processo protocolado".to_string(), |p| format!(
                "Processo nº {p}"
            ))),
        doc.codigo()
    );
    s
}

/// O mapa em SVG (um documento SVG completo, que serve embutido no HTML e como arquivo no ODT),
/// com a largura e a altura do desenho (longitudes escaladas pelo cosseno da latitude média).
pub(crate) fn mapa_svg(camadas: &[crate::Camada]) -> Option<(String, f64, f64)> {
    let pts = camadas
        .iter()
        .flat_map(|c| c.poligonos.iter().flatten().flatten());
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in pts {
        x0 = x0.min(p[0]);
        x1 = x1.max(p[0]);
        y0 = y0.min(p[1]);
        y1 = y1.max(p[1]);
    }
    if x0 > x1 {
        return None;
    }
    let cos = ((y0 + y1) / 2.0).to_radians().cos();
    let (w, h) = (((x1 - x0) * cos).max(1e-9), (y1 - y0).max(1e-9));
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {:.4} {:.4}\" style=\"width:100%;max-height:420px\">",
        w, h
    );
    for papel in ["vizinho", "origem", "area"] {
        for c in camadas.iter().filter(|c| c.papel == papel) {
            let (fill, stroke) = match papel {
                "area" => ("#f2c6c6", "#a3161a"),
                "origem" => ("#d9e6f2", "#0b4f79"),
                _ => ("#f7f7f7", "#8c8c8c"),
            };
            let mut d = String::new();
            for pol in &c.poligonos {
                for anel in pol {
                    for (i, p) in anel.iter().enumerate() {
                        let _ = write!(
                            d,
                            "{}{:.5},{:.5} ",
                            if i == 0 { "M" } else { "L" },
                            (p[0] - x0) * cos,
                            y1 - p[1]
                        );
                    }
                    d.push('Z');
                }
            }
            let _ = write!(
                s,
                "<path d=\"{d}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{:.5}\" fill-rule=\"evenodd\"><title>{}</title></path>",
                w / 400.0,
                esc(&c.rotulo)
            );
        }
    }
    s.push_str("</svg>");
    Some((s, w, h))
}
