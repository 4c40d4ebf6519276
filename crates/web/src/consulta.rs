//! As consultas de referência: a lei em vigor numa data e os municípios de Mato Grosso.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use divisa_lei::texto::{Dispositivo, EmVigor, Lei};
use divisa_referencia::formato::{data as fmt_data, inteiro};
use jiff::civil::Date;

use crate::contas::Quem;
use crate::html::{aviso, html, pagina, Markup};
use crate::Falha;

// ---------------------------------------------------------------- a lei

/// Um dispositivo no texto em vigor em `data`, com a marca da norma que lhe deu a redação e as
/// outras redações; `None` se não existia nessa data.
fn dispositivo(lei: &Lei, d: &Dispositivo, data: Date) -> Option<Markup> {
    let (texto, marca) = match d.em(data)? {
        EmVigor::Texto(r) => {
            let norma = lei.norma(r);
            let marca = if norma.id == lei.normas()[0].id {
                html! {}
            } else if r.acrescentado {
                html! { span class="emenda" { "acrescentado pela " (norma.nome) } }
            } else {
                html! { span class="emenda" { "redação dada pela " (norma.nome) } }
            };
            (r.texto.clone().unwrap_or_default(), marca)
        }
        EmVigor::NaoDisponivel(r) => (
            "(redação em vigor nesta data não encontrada)".into(),
            html! { span class="emenda" { (lei.norma(r).nome) } },
        ),
        EmVigor::Inexistente(_) => return None,
    };
    Some(html! {
        div class="dispositivo" id=(d.id) {
            span class="rotulo" { (d.rotulo) } " " (texto) " " (marca)
            @if d.redacoes.len() > 1 {
                details class="historico" {
                    summary { "outras redações" }
                    ul {
                        @for r in &d.redacoes {
                            li {
                                (lei.norma(r).nome) " (desde " (fmt_data(r.vigente_desde)) "): "
                                (r.texto.as_deref().unwrap_or("(texto não encontrado)"))
                            }
                        }
                    }
                }
            }
        }
    })
}

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
    let s = html! {
        h1 { (lei.epigrafe) }
        p { (lei.ementa) }
        form method="get" action="/lei" {
            label for="em" { "Texto em vigor em" }
            input id="em" name="em" type="date" value=(data) min=(lei.vigencia());
            button type="submit" { "Mostrar" }
        }
        p {
            "Texto compilado em vigor em " strong { (fmt_data(data)) } ". Normas: "
            @for (i, n) in lei.normas().iter().enumerate() {
                @if i > 0 { "; " }
                (n.nome) " (vigência " (fmt_data(n.vigencia)) ")"
            }
            "."
        }
        @if data < lei.vigencia() {
            (aviso(
                "erro",
                &format!("a lei só entrou em vigor em {}", fmt_data(lei.vigencia())),
            ))
        } @else {
            @for d in lei.dispositivos() {
                @if let Some(m) = dispositivo(lei, d, data) { (m) }
            }
        }
    };
    Ok(pagina(&quem, "A lei", s))
}

// ---------------------------------------------------------------- municípios

/// Municípios por página na lista.
const MUNICIPIOS_POR_PAGINA: usize = 50;

/// `GET /municipios`: o mapa do estado e a lista, com busca (nome ou código IBGE, sem diferença
/// de acentos), ordem (nome, população, eleitores) e páginas de 50; o endereço guarda a busca.
pub(crate) async fn municipios(
    quem: Quem,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let mt = divisa_referencia::mt()
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let valor = |n: &str| q.get(n).map(|v| v.trim().to_owned()).unwrap_or_default();
    let (busca, ordem) = (valor("q"), valor("ordem"));
    let chave = divisa_referencia::nomes::chave(&busca);
    let mut lista: Vec<_> = mt
        .municipios()
        .iter()
        .filter(|m| {
            chave.is_empty()
                || divisa_referencia::nomes::chave(&m.nome).contains(&chave)
                || m.codigo_ibge.to_string().starts_with(busca.as_str())
        })
        .collect();
    let populacao = |m: &&divisa_referencia::mt::Municipio| m.populacao_2022.map_or(0, |d| d.valor);
    let eleitores = |m: &&divisa_referencia::mt::Municipio| m.eleitores_2024.map_or(0, |d| d.valor);
    match ordem.as_str() {
        "populacao" => lista.sort_by_key(|m| std::cmp::Reverse(populacao(m))),
        "eleitores" => lista.sort_by_key(|m| std::cmp::Reverse(eleitores(m))),
        _ => {}
    }
    let paginas = lista.len().div_ceil(MUNICIPIOS_POR_PAGINA).max(1);
    let atual = q
        .get("pagina")
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(1)
        .clamp(1, paginas);
    let mostrados = lista
        .iter()
        .skip((atual - 1) * MUNICIPIOS_POR_PAGINA)
        .take(MUNICIPIOS_POR_PAGINA);
    let ordens = [
        ("", "nome"),
        ("populacao", "população (maior primeiro)"),
        ("eleitores", "eleitores (maior primeiro)"),
    ];
    let s = html! {
        h1 { "Municípios de Mato Grosso" }
        (crate::html::mapa(None, "Mapa dos municípios de Mato Grosso"))
        form.filtros method="get" action="/municipios" role="search" {
            label for="busca-municipio" { "Buscar" }
            input #busca-municipio name="q" type="search" value=(busca) placeholder="nome ou código IBGE";
            label for="ordem-municipio" { "Ordem" }
            select #ordem-municipio name="ordem" {
                @for (v, rotulo) in ordens {
                    option value=(v) selected[v == ordem] { (rotulo) }
                }
            }
            button type="submit" { "Buscar" } " "
            a href="/municipios" { "Limpar" }
        }
        p role="status" {
            (divisa_referencia::formato::plural(
                lista.len() as u64,
                "município encontrado",
                "municípios encontrados"
            ))
            " de " (inteiro(mt.municipios().len() as i64))
            @if paginas > 1 { " · página " (atual) " de " (paginas) }
            "."
        }
        div class="tabela" {
            table.cartoes-no-celular {
                tr.cabecalho {
                    th scope="col" { "Município" }
                    th scope="col" { "Código IBGE" }
                    th.num scope="col" { "População (Censo 2022)" }
                    th.num scope="col" { "Eleitores (2024)" }
                }
                @for m in mostrados {
                    tr {
                        td data-rotulo="Município" { a href={ "/municipios/" (m.codigo_ibge) } { (m.nome) } }
                        td data-rotulo="Código IBGE" { (m.codigo_ibge) }
                        td.num data-rotulo="População (Censo 2022)" {
                            (m.populacao_2022.map_or("—".into(), |d| inteiro(i64::from(d.valor))))
                        }
                        td.num data-rotulo="Eleitores (2024)" {
                            (m.eleitores_2024.map_or("—".into(), |d| inteiro(i64::from(d.valor))))
                        }
                    }
                }
            }
        }
        (crate::html::paginacao("/municipios", &[("q", busca.as_str()), ("ordem", ordem.as_str())], atual, paginas))
    };
    Ok(pagina(&quem, "Municípios", s))
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
    let s = html! {
        h1 { (m.nome) }
        (crate::html::mapa(
            Some(&format!("/api/municipios/{}/limite.geojson", m.codigo_ibge)),
            "Mapa do município"
        ))
        (crate::ficha_do_municipio::ficha_do_municipio_html(m))
    };
    Ok(pagina(&quem, &m.nome, s))
}
