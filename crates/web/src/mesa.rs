//! A mesa de trabalho (issue 17): o painel abre no que espera por quem entrou, conforme o papel.
//!
//! - Órgão certificador (cartografia, fazenda, TRE): os ofícios dirigidos a ele ainda sem
//!   certidão, com o prazo de 30 dias do Art. 2º, § 3º contado do recebimento.
//! - Servidor, membro e Presidência: o próximo passo de cada processo em andamento e, à
//!   Presidência, os documentos emitidos que ela ainda não assinou (Art. 21: a Comissão fala
//!   pelo seu Presidente).
//! - Deputado: os processos que chegaram através dele (Art. 14).
//! - Representante da comunidade: a sua representação, a fase e o que falta nela (Art. 15).

use divisa_processo::{prazos, Ator, Fase, Papel, Processo, Via};
use divisa_referencia::formato::{data as fmt_data, plural};
use divisa_registro::{Resumo, Usuario};
use jiff::civil::Date;

use crate::html::{html, Markup};
use crate::{caminho_do_processo, Estado, Falha};

/// "faltam 12 dias", "vence hoje", "venceu há 3 dias".
pub(crate) fn contagem(hoje: Date, vencimento: Date) -> String {
    let dias = prazos::dias_entre(hoje, vencimento);
    match dias {
        0 => "vence hoje".to_owned(),
        1 => "falta 1 dia".to_owned(),
        d if d > 0 => format!("faltam {} dias", d),
        -1 => "venceu ontem".to_owned(),
        d => format!("venceu há {} dias", -d),
    }
}

/// Em andamento: nem arquivado nem com a lei publicada.
fn em_andamento(f: Fase) -> bool {
    !matches!(f, Fase::Arquivado | Fase::Lei)
}

/// Os processos nas fases que `filtro` aceita, carregados (o estado deduzido dos eventos) numa
/// consulta só ao banco, não uma por processo.
async fn carregados(
    estado: &Estado,
    ator: &Ator,
    filtro: impl Fn(Fase) -> bool,
) -> Result<Vec<Processo>, Falha> {
    let fases: Vec<Fase> = Fase::TODAS.iter().copied().filter(|f| filtro(*f)).collect();
    Ok(estado
        .registro()
        .nas_fases(&fases, ator)
        .await?
        .into_iter()
        .map(|(p, _)| p)
        .collect())
}

/// O processo na mesa: o protocolo com o endereço e o nome embaixo.
fn link(p: &str, nome: &str) -> Markup {
    html! { a href=(caminho_do_processo(p)) { (p) } br; small { (nome) } }
}

/// Uma data gravada como texto, em dd/mm/aaaa quando é data.
fn dia(texto: &str) -> String {
    texto
        .parse()
        .map(fmt_data)
        .unwrap_or_else(|_| texto.to_owned())
}

/// O vencimento da certidão de `orgao` no processo, pelos prazos do rito (Art. 2º, § 3º, na
/// redação em vigor no recebimento).
fn prazo_da_certidao(p: &Processo, orgao: divisa_processo::Orgao) -> Option<Date> {
    let chave = format!("certidao:{}", orgao.codigo());
    p.prazos()
        .into_iter()
        .find(|x| x.chave == chave)
        .map(|x| x.vencimento)
}

/// A seção «Sua mesa de trabalho» do painel (vazia para quem não tem mesa).
pub(crate) async fn mesa(
    estado: &Estado,
    usuario: &Usuario,
    processos: &[Resumo],
    hoje: Date,
) -> Result<Markup, Falha> {
    let ator = Ator::new(usuario.login.clone(), usuario.papel);
    let conteudo = match usuario.papel {
        Papel::Cartografia | Papel::Fazenda | Papel::Tre => {
            let Some(orgao) = usuario.papel.orgao() else {
                return Ok(html! {});
            };
            let lista = carregados(estado, &ator, |f| f == Fase::Certidoes).await?;
            // os ofícios dirigidos ao órgão ainda sem resposta
            let pendentes: Vec<_> = lista
                .iter()
                .filter_map(|p| {
                    let r = p.requisicoes.get(&orgao)?;
                    let oficio = r.oficio.as_ref().filter(|_| r.resposta.is_none())?;
                    Some((p, r, oficio))
                })
                .collect();
            html! {
                @if pendentes.is_empty() {
                    p { "Nenhum ofício " (orgao.ao_orgao()) " espera certidão." }
                } @else {
                    p {
                        (plural(pendentes.len() as u64, "ofício", "ofícios"))
                        " a responder com certidão (Art. 2º, § 3º: " (divisa_lei::texto::prazo_das_certidoes(hoje)) " do recebimento, sob pena de responsabilidade)."
                    }
                    div.tabela-rolavel tabindex="0" role="region" aria-label="Ofícios a responder" {
                        table.cartoes-no-celular {
                            thead { tr {
                                th scope="col" { "Processo" }
                                th scope="col" { "Ofício" }
                                th scope="col" { "Incisos do Art. 2º" }
                                th scope="col" { "Prazo" }
                            } }
                            tbody {
                                @for (p, r, (numero, data)) in &pendentes {
                                    @let protocolo = p.protocolo.to_string();
                                    tr {
                                        td data-rotulo="Processo" { (link(&protocolo, &p.nome)) }
                                        td data-rotulo="Ofício" {
                                            (numero) ", de " (fmt_data(*data)) br;
                                            a href={ (caminho_do_processo(&protocolo)) "/documentos/oficio?orgao=" (orgao.codigo()) } {
                                                "Ler o ofício (PDF)"
                                            }
                                        }
                                        td data-rotulo="Incisos do Art. 2º" { (divisa_processo::incisos_do_orgao(orgao)) }
                                        td data-rotulo="Prazo" {
                                            @if let (Some(rec), Some(vence)) = (r.recebido_em, prazo_da_certidao(p, orgao)) {
                                                "recebido em " (fmt_data(rec)) "; vence em " (fmt_data(vence)) " — "
                                                // vencido: a cor e a palavra (a contagem diz «venceu há»)
                                                strong class=[(vence < hoje).then_some("vencido")] { (contagem(hoje, vence)) }
                                            } @else if let Some(rec) = r.recebido_em {
                                                "recebido em " (fmt_data(rec)) "; sem prazo: a redação do Art. 2º, § 3º, em vigor no recebimento não tem o número de dias cadastrado"
                                            } @else {
                                                "recebimento ainda não registrado: o prazo do Art. 2º, § 3º, corre dele"
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        Papel::Deputado => {
            let lista = carregados(estado, &ator, em_andamento).await?;
            let meus: Vec<&Processo> = lista
                .iter()
                .filter(|p| matches!(&p.via, Via::Deputado { id } if *id == usuario.login))
                .collect();
            html! {
                @if meus.is_empty() {
                    p { "Nenhuma representação em andamento chegou através de você." }
                } @else {
                    p {
                        (plural(
                            meus.len() as u64,
                            "representação em andamento chegou",
                            "representações em andamento chegaram"
                        ))
                        " através de você (Art. 14):"
                    }
                    ul {
                        @for p in &meus {
                            li {
                                (link(&p.protocolo.to_string(), &p.nome)) " — " (crate::procedimento::link(p.fase))
                                " · próximo passo: " (p.fase.proximo_passo())
                                @let quem_age = divisa_processo::oferta::frase_do_proximo(p, hoje);
                                @if !quem_age.is_empty() { " — " (quem_age) }
                            }
                        }
                    }
                }
            }
        }
        Papel::Representante => {
            let lista = carregados(estado, &ator, |_| true).await?;
            let minhas: Vec<&Processo> = lista
                .iter()
                .filter(|p| p.protocolado_por == usuario.login)
                .collect();
            html! {
                // a petição no alto da mesa de quem a faz (Arts. 13 a 15)
                p.acoes {
                    a.botao href="/processos/novo" { "Nova representação" }
                    @if minhas.is_empty() {
                        " Você ainda não protocolou representação."
                    }
                }
                @for p in &minhas {
                    @let faltam = p.documentos_faltantes();
                    div.cartao {
                        p { strong { (link(&p.protocolo.to_string(), &p.nome)) } " — fase: " (crate::procedimento::link(p.fase)) }
                        p { "Próximo passo: " (p.fase.proximo_passo()) }
                        @let quem_age = divisa_processo::oferta::frase_do_proximo(p, hoje);
                        @if !quem_age.is_empty() { p { (quem_age) "." } }
                        @if faltam.is_empty() {
                            p { "Os documentos do Art. 15 estão nos autos." }
                        } @else {
                            p { "Falta juntar o arquivo (Art. 15; declarar não é juntar):" }
                            ul { @for d in &faltam { li { (d.nome_no(p.tipo)) " — " (p.situacao_do_documento(*d).texto()) } } }
                        }
                    }
                }
            }
        }
        Papel::Servidor | Papel::Membro | Papel::Presidente => {
            let andamento: Vec<&Resumo> =
                processos.iter().filter(|r| em_andamento(r.fase)).collect();
            // quem assina pela Comissão, pela matriz dos papéis (Art. 21)
            let assina = divisa_processo::papel::permissao(
                usuario.papel,
                divisa_processo::Acao::AssinarDocumento,
            ) == divisa_processo::Permissao::Sim;
            let assinar = if assina {
                Some(a_assinar(estado, processos, usuario.papel).await?)
            } else {
                None
            };
            html! {
                @if andamento.is_empty() {
                    p { "Nenhum processo em andamento." }
                } @else {
                    p {
                        (plural(andamento.len() as u64, "processo em andamento", "processos em andamento"))
                        "; o próximo passo de cada um:"
                    }
                    div.tabela-rolavel tabindex="0" role="region" aria-label="Próximos passos" {
                        table.cartoes-no-celular {
                            thead { tr {
                                th scope="col" { "Processo" }
                                th scope="col" { "Fase" }
                                th scope="col" { "Próximo passo" }
                                th scope="col" { "Último ato" }
                            } }
                            tbody {
                                @for r in &andamento {
                                    tr {
                                        td data-rotulo="Processo" { (link(&r.protocolo, &r.nome)) }
                                        td data-rotulo="Fase" { (crate::procedimento::link(r.fase)) }
                                        td data-rotulo="Próximo passo" { (r.fase.proximo_passo()) }
                                        td data-rotulo="Último ato" { (dia(&r.ultimo_ato)) }
                                    }
                                }
                            }
                        }
                    }
                }
                @if let Some(assinar) = assinar { (assinar) }
            }
        }
        Papel::Publico => return Ok(html! {}),
    };
    Ok(html! {
        section.mesa aria-labelledby="mesa-titulo" {
            h2 #mesa-titulo { "Sua mesa de trabalho" }
            (conteudo)
        }
    })
}

/// Os documentos emitidos que esperam a assinatura da Comissão (Art. 21). Ao Presidente, os que
/// ele ainda não assinou; a um membro, que assina na ausência dele, só os que ninguém assinou
/// ainda — um documento que um membro já assinou pela Comissão não volta à lista dos outros
/// (o Presidente continua a vê-lo até assinar).
async fn a_assinar(estado: &Estado, processos: &[Resumo], papel: Papel) -> Result<Markup, Falha> {
    let presidente = papel == Papel::Presidente;
    let nomes: std::collections::HashMap<&str, &str> = processos
        .iter()
        .map(|r| (r.protocolo.as_str(), r.nome.as_str()))
        .collect();
    let pendentes: Vec<_> = estado
        .registro()
        .sem_assinatura_do_cargo(Papel::Presidente.cargo())
        .await?
        .into_iter()
        .filter(|(_, k)| presidente || *k == 0)
        .filter_map(|(e, k)| {
            let nome = *nomes.get(e.protocolo.as_str())?;
            Some((e, nome, k))
        })
        .collect();
    Ok(html! {
        h3 { "A assinar" }
        @if !presidente {
            p { "Na ausência do Presidente, qualquer membro assina pela Comissão (Art. 21)." }
        }
        @if pendentes.is_empty() {
            @if presidente {
                p { "Nenhum documento emitido espera a sua assinatura." }
            } @else {
                p { "Nenhum documento emitido espera a assinatura da Comissão." }
            }
        } @else {
            p {
                (plural(pendentes.len() as u64, "documento emitido", "documentos emitidos"))
                @if presidente { " sem a assinatura da Presidência:" } @else { " sem nenhuma assinatura da Comissão:" }
            }
            ul {
                @for (e, nome, k) in &pendentes {
                    li {
                        a href={ (caminho_do_processo(&e.protocolo)) "#emitidos" } { (e.titulo) }
                        " — " (e.protocolo) " (" (nome) "), emitido em "
                        (fmt_data(divisa_registro::hoje_em_cuiaba(e.emitido_em)))
                        @if *k > 0 { ", " (plural(*k, "assinatura", "assinaturas")) }
                    }
                }
            }
        }
    })
}
