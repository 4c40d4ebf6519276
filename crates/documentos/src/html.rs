//! O mesmo documento em HTML (para a página do processo e para copiar num editor).

use std::fmt::Write as _;

use crate::{Bloco, Documento};

use divisa_referencia::formato::escapar as esc;

/// O documento como página HTML completa, com o mapa em SVG embutido numa `<figure>`.
pub fn html(doc: &Documento) -> String {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"pt-BR\"><head><meta charset=\"utf-8\"><title>{}</title>\
         <style>body{{font-family:'Times New Roman',Times,serif;max-width:760px;margin:2em auto;line-height:1.45}}\
         header,.centro{{text-align:center}} p{{text-align:justify}} .recuado{{margin-left:3em}} .ementa{{margin-left:50%}}\
         table{{border-collapse:collapse;width:100%;font-size:.9em}} th,td{{border-bottom:1px solid #999;padding:.2em .4em;text-align:left;vertical-align:top}}\
         footer{{font-size:.8em;border-top:1px solid #999;margin-top:2em;padding-top:.5em}}\
         figure.mapa{{margin:1em 0}} figure.mapa svg{{display:block;width:100%;height:auto}} figcaption{{font-size:.85em;margin-top:.3em}}</style></head><body>\
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
            Bloco::Ementa { texto } => {
                let _ = writeln!(s, "<p class=\"ementa\">{}</p>", esc(texto));
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
            Bloco::Mapa { camadas, legenda } => match crate::mapa::svg(camadas, legenda) {
                // O SVG já traz `role="img"`, `aria-label`, `<title>` e `<desc>` com a
                // descrição, e a fonte no pé; a legenda da figura é o título.
                Some(mapa) => {
                    let _ = writeln!(
                        s,
                        "<figure class=\"mapa\">{}<figcaption>{}.</figcaption></figure>",
                        mapa.svg,
                        esc(&mapa.titulo)
                    );
                }
                None => {
                    let _ = writeln!(s, "<p style=\"font-size:.85em\">{}</p>", esc(legenda));
                }
            },
            Bloco::QuebraDePagina => s.push_str("<hr style=\"page-break-after:always\">\n"),
        }
    }
    if !doc.referencias.is_empty() && doc.tipo.referencias_no_texto() {
        s.push_str("<h2 style=\"font-size:.9em\">Referências (URN LexML)</h2><ul style=\"font-size:.8em\">");
        for (c, u) in &doc.referencias {
            let _ = write!(s, "<li>{}: <code>{}</code></li>", esc(c), esc(u));
        }
        s.push_str("</ul>");
    }
    let _ = writeln!(
        s,
        "<footer>{} · Código de verificação: <strong>{}</strong></footer></body></html>",
        esc(&doc.protocolo.as_ref().map_or(
            "Minuta de proposta sem processo: não atesta certidão, votação nem plebiscito"
                .to_string(),
            |p| format!("Processo nº {p}")
        )),
        doc.codigo()
    );
    s
}
