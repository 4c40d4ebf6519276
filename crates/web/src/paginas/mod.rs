//! As páginas: login, painel, processos, o processo e os seus documentos, e o portal público
//! (a nova representação, a avaliação e as consultas têm módulos próprios). Cada uma confere o
//! papel no servidor; o que o papel não pode fazer nem aparece nem é aceito.

use std::collections::{BTreeMap, HashMap};

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use divisa_processo::prazos::SituacaoDoPrazo;
use divisa_processo::{
    corte_eleitoral, Acao, DocumentoArt15, Fase, Permissao, SituacaoDoDocumento, TipoProcesso,
};
use divisa_referencia::formato::{data as fmt_data, inteiro};

use crate::contas::Quem;
use crate::html::{aviso, html, pagina, Markup, PreEscaped};
use crate::{caminho_do_processo, catalogo, Estado, Falha};

mod atos;
mod processo;
mod secoes;

pub(crate) use atos::*;
pub(crate) use processo::*;

pub(crate) use crate::formularios::{campo, Campos};

/// Classe CSS e texto de uma situação de prazo.
fn situacao(s: &SituacaoDoPrazo) -> (&'static str, String) {
    let classe = match s {
        SituacaoDoPrazo::Vencido { .. } => "vencido",
        SituacaoDoPrazo::VenceEmBreve { .. } => "a_vencer",
        SituacaoDoPrazo::Cumprido {
            no_prazo: false, ..
        } => "vencido",
        _ => "sim",
    };
    (classe, s.texto())
}

pub(crate) async fn nao_encontrada(quem: Quem) -> Response {
    let mut r = pagina(
        &quem,
        "Página não encontrada",
        html! {
            h1 { "Página não encontrada" }
            p { "O endereço não existe. " a href="/" { "Voltar ao início" } "." }
        },
    );
    *r.status_mut() = StatusCode::NOT_FOUND;
    r
}

// ---------------------------------------------------------------- painel

pub(crate) async fn painel(State(estado): State<Estado>, quem: Quem) -> Result<Response, Falha> {
    let Some(usuario) = &quem.usuario else {
        return Ok(Redirect::to("/publico").into_response());
    };
    let hoje = estado.hoje();
    let processos = estado.registro().listar().await?;
    // o que espera por quem entrou, conforme o papel (issue 17)
    let mesa = crate::mesa::mesa(&estado, usuario, &processos, hoje).await?;
    // o próximo corte eleitoral (Art. 3º)
    let corte = match corte_eleitoral(hoje) {
        Some((eleicao, corte)) => {
            Some((eleicao, corte, estado.registro().sujeitos_ao_art3().await?))
        }
        None => None,
    };
    // por fase
    let mut por_fase: BTreeMap<&str, (usize, Fase)> = BTreeMap::new();
    for p in &processos {
        por_fase.entry(p.fase.codigo()).or_insert((0, p.fase)).0 += 1;
    }
    // o órgão certificador vê os prazos dele, não os dos outros órgãos (issue 17)
    let alertas: Vec<_> = estado
        .registro()
        .alertas(hoje)
        .await?
        .into_iter()
        .filter(|a| usuario.papel.orgao().is_none_or(|o| a.pendencia.orgao == o))
        .collect();
    let (vencidos, a_vencer): (Vec<_>, Vec<_>) = alertas
        .iter()
        .partition(|a| matches!(a.alerta.situacao, Some(SituacaoDoPrazo::Vencido { .. })));
    let protocola =
        divisa_processo::papel::permissao(usuario.papel, Acao::Protocolar) != Permissao::Nao;
    let corpo = html! {
        h1 { "Painel" }
        p { (usuario.nome) ", " (usuario.cargo_exibido()) " — " (fmt_data(hoje)) }
        (mesa)
        @if let Some((eleicao, corte, sujeitos)) = corte {
            div.cartao #corte {
                strong { "Próximo corte eleitoral (Art. 3º)" } br;
                "Para vigorar na eleição de " (fmt_data(eleicao))
                ", a lei de criação precisa ser publicada até " strong { (fmt_data(corte)) }
                ": faltam "
                span data-ate=(corte) {
                    (inteiro(i64::from(divisa_processo::prazos::dias_entre(hoje, corte)))) " dias"
                }
                ". "
                @if sujeitos == 1 {
                    "1 processo em andamento sujeito"
                } @else {
                    (divisa_referencia::formato::plural(sujeitos, "processo", "processos"))
                    " em andamento sujeitos"
                }
                " ao corte."
            }
        }
        h2 { "Processos por fase" }
        div.cartoes {
            @for (n, fase) in por_fase.values() {
                div.cartao { div.valor { (inteiro(*n as i64)) } (fase.nome()) }
            }
            @if processos.is_empty() {
                p { "Nenhum processo ainda." }
            }
        }
        @for (titulo, lista, classe) in [
            ("Prazos vencidos", &vencidos, "vencido"),
            ("Prazos a vencer e outras pendências", &a_vencer, "a_vencer"),
        ] {
            h2 { (titulo) " (" (lista.len()) ")" }
            @if lista.is_empty() {
                p { "Nenhum." }
            } @else {
                div.tabela {
                    table.cartoes-no-celular {
                        tr.cabecalho { th { "Processo" } th { "Artigo" } th { "O quê" } }
                        @for a in lista.iter() {
                            tr class=(classe) {
                                td data-rotulo="Processo" {
                                    a href=(caminho_do_processo(&a.protocolo)) { (a.protocolo) }
                                    br;
                                    small { (a.nome) }
                                }
                                td data-rotulo="Artigo" { (a.alerta.artigo) }
                                td data-rotulo="O quê" { (a.alerta.mensagem()) }
                            }
                        }
                    }
                }
            }
        }
        h2 { "Processos" }
        (tabela_de_processos(&processos))
        @if protocola {
            p { a href="/processos/novo" { "Nova representação" } }
        }
    };
    Ok(pagina(&quem, "Painel", corpo))
}

/// A tabela dos processos; no celular, cada linha vira um cartão com os rótulos.
fn tabela_de_processos(processos: &[divisa_registro::Resumo]) -> Markup {
    html! {
        div.tabela {
            table.cartoes-no-celular {
                tr.cabecalho {
                    th scope="col" { "Protocolo" }
                    th scope="col" { "Nome" }
                    th scope="col" { "Tipo" }
                    th scope="col" { "Fase" }
                    th scope="col" { "Último ato" }
                }
                @for p in processos {
                    tr {
                        td data-rotulo="Protocolo" {
                            a href=(caminho_do_processo(&p.protocolo)) { (p.protocolo) }
                        }
                        td data-rotulo="Nome" { (p.nome) }
                        td data-rotulo="Tipo" {
                            (TipoProcesso::de_codigo(&p.tipo).map_or(p.tipo.as_str(), |t| t.nome()))
                        }
                        td data-rotulo="Fase" { (crate::procedimento::link(p.fase)) }
                        td data-rotulo="Último ato" {
                            (p.ultimo_ato.parse().map(fmt_data).unwrap_or_else(|_| p.ultimo_ato.clone()))
                        }
                    }
                }
            }
        }
    }
}

/// Processos por página na lista.
const POR_PAGINA: usize = 25;

/// `GET /processos`: a lista, com busca (protocolo, nome ou município de origem), filtros (tipo,
/// fase, prazo) e páginas de 25; o formulário é GET, e o endereço guarda a busca (issue 17).
pub(crate) async fn processos(
    State(estado): State<Estado>,
    quem: Quem,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let todos = estado.registro().listar().await?;
    let valor = |n: &str| q.get(n).map(|v| v.trim().to_owned()).unwrap_or_default();
    let (busca, tipo, fase) = (valor("q"), valor("tipo"), valor("fase"));
    // Os prazos e as pendências são o andamento interno (Art. 23; `divisa_autos::FichaDoProcesso`):
    // filtrar por eles é de quem vê o painel de alertas. Para os outros, o filtro nem aparece e,
    // pedido pelo endereço, é ignorado — a lista filtrada diria que processo tem prazo vencido.
    let ve_prazos = quem.usuario.as_ref().is_some_and(|u| {
        divisa_processo::papel::permissao(u.papel, Acao::VerAlertas) != Permissao::Nao
    });
    let prazo = if ve_prazos {
        valor("prazo")
    } else {
        String::new()
    };
    let chave = divisa_referencia::nomes::chave(&busca);
    // o município de origem está no processo, não no resumo: só carrega se a busca pedir
    let mut origens: HashMap<String, String> = HashMap::new();
    if !chave.is_empty() {
        let ator = quem.ator();
        for r in &todos {
            if let Ok((p, _)) = estado
                .registro()
                .eventos_visiveis(&r.protocolo, &ator)
                .await
            {
                origens.insert(
                    r.protocolo.clone(),
                    divisa_referencia::nomes::chave(&p.municipios_origem.join(" ")),
                );
            }
        }
    }
    let com_prazo: std::collections::BTreeSet<(String, bool)> = if prazo.is_empty() {
        Default::default()
    } else {
        estado
            .registro()
            .alertas(estado.hoje())
            .await?
            .into_iter()
            .map(|a| {
                let vencido = matches!(a.alerta.situacao, Some(SituacaoDoPrazo::Vencido { .. }));
                (a.protocolo, vencido)
            })
            .collect()
    };
    let filtrados: Vec<&divisa_registro::Resumo> = todos
        .iter()
        .filter(|r| {
            chave.is_empty()
                || r.protocolo.contains(busca.as_str())
                || divisa_referencia::nomes::chave(&r.nome).contains(&chave)
                || origens
                    .get(&r.protocolo)
                    .is_some_and(|o| o.contains(&chave))
        })
        .filter(|r| tipo.is_empty() || r.tipo == tipo)
        .filter(|r| fase.is_empty() || r.fase.codigo() == fase)
        .filter(|r| match prazo.as_str() {
            "vencido" => com_prazo.contains(&(r.protocolo.clone(), true)),
            "pendente" => com_prazo.iter().any(|(p, _)| *p == r.protocolo),
            _ => true,
        })
        .collect();
    let paginas = filtrados.len().div_ceil(POR_PAGINA).max(1);
    let pagina_atual = q
        .get("pagina")
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(1)
        .clamp(1, paginas);
    let mostrados: Vec<divisa_registro::Resumo> = filtrados
        .iter()
        .skip((pagina_atual - 1) * POR_PAGINA)
        .take(POR_PAGINA)
        .map(|r| (*r).clone())
        .collect();

    let opcoes = |lista: Vec<(&str, &str)>, atual: &str| {
        html! {
            @for (valor, rotulo) in &lista {
                option value=(valor) selected[*valor == atual] { (rotulo) }
            }
        }
    };
    let mut tipos = vec![("", "todos os tipos")];
    tipos.extend(TipoProcesso::TODOS.map(|t| (t.codigo(), t.nome())));
    let mut fases = vec![("", "todas as fases")];
    fases.extend(Fase::TODAS.iter().map(|f| (f.codigo(), f.nome())));
    let prazos = vec![
        ("", "com ou sem prazo"),
        ("pendente", "com prazo ou pendência"),
        ("vencido", "com prazo vencido"),
    ];
    // os endereços das páginas guardam a busca e os filtros
    let base = [
        ("q", busca.as_str()),
        ("tipo", tipo.as_str()),
        ("fase", fase.as_str()),
        ("prazo", prazo.as_str()),
    ];
    let corpo = html! {
        h1 { "Processos" }
        form.filtros method="get" action="/processos" role="search" {
            label for="busca" { "Buscar" }
            input #busca name="q" type="search" value=(busca) placeholder="protocolo, nome ou origem";
            label for="filtro-tipo" { "Tipo" }
            select #filtro-tipo name="tipo" { (opcoes(tipos, &tipo)) }
            label for="filtro-fase" { "Fase" }
            select #filtro-fase name="fase" { (opcoes(fases, &fase)) }
            @if ve_prazos {
                label for="filtro-prazo" { "Prazo" }
                select #filtro-prazo name="prazo" { (opcoes(prazos, &prazo)) }
            }
            button type="submit" { "Filtrar" } " "
            a href="/processos" { "Limpar" }
        }
        p role="status" {
            (divisa_referencia::formato::plural(
                filtrados.len() as u64,
                "processo encontrado",
                "processos encontrados"
            ))
            " de " (inteiro(todos.len() as i64))
            @if paginas > 1 { " · página " (pagina_atual) " de " (paginas) }
            "."
        }
        (tabela_de_processos(&mostrados))
        (crate::html::paginacao("/processos", &base, pagina_atual, paginas))
    };
    Ok(pagina(&quem, "Processos", corpo))
}

pub(crate) async fn publico(State(estado): State<Estado>, quem: Quem) -> Result<Response, Falha> {
    let lista = estado.registro().listar().await?;
    let corpo = html! {
        h1 { "Portal público" }
        p {
            "As representações de criação, incorporação, fusão e desmembramento de municípios \
             em tramitação na Assembleia Legislativa, com os seus atos públicos (LC nº 23/1992, \
             Art. 16: \"ampla divulgação\"). Assinaturas, títulos de eleitor e documentos internos \
             não são públicos."
        }
        p { a href="/procedimento" { "O caminho de uma representação até a lei" } ": as fases, quem age em cada uma e o que vem a seguir." }
        h2 { "Processos" }
        (tabela_de_processos(&lista))
    };
    Ok(pagina(&quem, "Portal público", corpo))
}

// ---------------------------------------------------------------- um processo
