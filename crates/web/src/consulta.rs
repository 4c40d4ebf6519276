//! As consultas de referência: a lei em vigor numa data e os municípios de Mato Grosso.

use std::collections::HashMap;
use std::fmt::Write as _;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use divisa_referencia::formato::{data as fmt_data, inteiro};

use crate::contas::Quem;
use crate::html::{aviso, esc, pagina};
use crate::Falha;

// ---------------------------------------------------------------- a lei

pub(crate) async fn lei(
    State(estado): State<crate::Estado>,
    quem: Quem,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let lei = divisa_lei::texto::lei()
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let hoje = estado.hoje();
    let data = match q.get("em").filter(|e| !e.is_empty()) {
        None => hoje,
        Some(e) => e
            .parse()
            .map_err(|_| Falha::no_campo("em", format!("«{e}» não é uma data (AAAA-MM-DD)")))?,
    };
    let mut s = format!(
        "<h1>{}</h1><p>{}</p><form method=\"get\" action=\"/lei\"><label for=\"em\">Texto em vigor em</label>\
         <input id=\"em\" name=\"em\" type=\"date\" value=\"{data}\" min=\"{}\"><button type=\"submit\">Mostrar</button></form>\
         <p>Texto compilado em vigor em <strong>{}</strong>. Normas: {}.</p>",
        esc(&lei.epigrafe),
        esc(&lei.ementa),
        lei.vigencia(),
        fmt_data(data),
        lei.normas()
            .iter()
            .map(|n| format!("{} (vigência {})", esc(&n.nome), fmt_data(n.vigencia)))
            .collect::<Vec<_>>()
            .join("; ")
    );
    if data < lei.vigencia() {
        s.push_str(&aviso(
            "erro",
            &format!("a lei só entrou em vigor em {}", fmt_data(lei.vigencia())),
        ));
        return Ok(pagina(&quem, "A lei", &s));
    }
    for d in lei.dispositivos() {
        let Some(v) = d.em(data) else { continue };
        let (texto, marca) = match v {
            divisa_lei::texto::EmVigor::Texto(r) => {
                let norma = lei.norma(r);
                let marca = if norma.id == lei.normas()[0].id {
                    String::new()
                } else if r.acrescentado {
                    format!(
                        "<span class=\"emenda\">acrescentado pela {}</span>",
                        esc(&norma.nome)
                    )
                } else {
                    format!(
                        "<span class=\"emenda\">redação dada pela {}</span>",
                        esc(&norma.nome)
                    )
                };
                (r.texto.clone().unwrap_or_default(), marca)
            }
            divisa_lei::texto::EmVigor::NaoDisponivel(r) => (
                "(redação em vigor nesta data não encontrada)".into(),
                format!("<span class=\"emenda\">{}</span>", esc(&lei.norma(r).nome)),
            ),
            divisa_lei::texto::EmVigor::Inexistente(_) => continue,
        };
        let _ = write!(
            s,
            "<div class=\"dispositivo\" id=\"{}\"><span class=\"rotulo\">{}</span> {} {}",
            esc(&d.id),
            esc(&d.rotulo),
            esc(&texto),
            marca
        );
        if d.redacoes.len() > 1 {
            s.push_str("<details class=\"historico\"><summary>outras redações</summary><ul>");
            for r in &d.redacoes {
                let _ = write!(
                    s,
                    "<li>{} (desde {}): {}</li>",
                    esc(&lei.norma(r).nome),
                    fmt_data(r.vigente_desde),
                    esc(r.texto.as_deref().unwrap_or("(texto não encontrado)"))
                );
            }
            s.push_str("</ul></details>");
        }
        s.push_str("</div>");
    }
    Ok(pagina(&quem, "A lei", &s))
}

// ---------------------------------------------------------------- municípios

pub(crate) async fn municipios(quem: Quem) -> Result<Response, Falha> {
    let mt = divisa_referencia::mt()
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let mut s = String::from(
        "<h1>Municípios de Mato Grosso</h1><div class=\"mapa-web\" id=\"mapa\" role=\"region\" aria-label=\"Mapa dos municípios de Mato Grosso\"></div><div class=\"tabela\"><table><tr><th>Município</th><th>Código IBGE</th><th class=\"num\">População (Censo 2022)</th><th class=\"num\">Eleitores (2024)</th></tr>",
    );
    for m in mt.municipios() {
        let _ = write!(
            s,
            "<tr><td><a href=\"/municipios/{}\">{}</a></td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            m.codigo_ibge,
            esc(&m.nome),
            m.codigo_ibge,
            m.populacao_2022.map_or("—".into(), |d| inteiro(i64::from(d.valor))),
            m.eleitores_2024.map_or("—".into(), |d| inteiro(i64::from(d.valor)))
        );
    }
    s.push_str("</table></div>");
    Ok(pagina(&quem, "Municípios", &s))
}

pub(crate) async fn municipio(quem: Quem, Path(codigo): Path<String>) -> Result<Response, Falha> {
    let mt = divisa_referencia::mt()
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let m = match mt.buscar(&codigo) {
        divisa_referencia::mt::Busca::Encontrado(m) => m,
        divisa_referencia::mt::Busca::NaoEncontrado { .. } => {
            return Err(Falha::nova(
                StatusCode::NOT_FOUND,
                format!("«{codigo}» não é código IBGE nem nome de município de Mato Grosso"),
            ))
        }
    };
    let s = format!(
        "<h1>{}</h1><div class=\"mapa-web\" id=\"mapa\" role=\"region\" aria-label=\"Mapa do município\" data-camada=\"/api/municipios/{}/limite.geojson\"></div>{}",
        esc(&m.nome),
        m.codigo_ibge,
        crate::texto::ficha_do_municipio_html(m)
    );
    Ok(pagina(&quem, &m.nome, &s))
}
