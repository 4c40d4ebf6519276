//! A mesa de trabalho (issue 17): o painel abre no que espera por quem entrou, conforme o papel.
//!
//! - Órgão certificador (cartografia, fazenda, TRE): os ofícios dirigidos a ele ainda sem
//!   certidão, com o prazo de 30 dias do Art. 2º, § 3º contado do recebimento.
//! - Servidor, membro e Presidência: o próximo passo de cada processo em andamento e, à
//!   Presidência, os documentos emitidos que ela ainda não assinou (Art. 21: a Comissão fala
//!   pelo seu Presidente).
//! - Deputado: os processos que chegaram através dele (Art. 14).
//! - Representante da comunidade: a sua representação, a fase e o que falta nela (Art. 15).

use std::fmt::Write as _;

use divisa_processo::{prazos, Ator, Fase, Papel, Processo, Via};
use divisa_referencia::formato::{data as fmt_data, plural};
use divisa_registro::{Resumo, Usuario};
use jiff::civil::Date;

use crate::html::esc;
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

fn link(p: &str, nome: &str) -> String {
    format!(
        "<a href=\"{}\">{}</a><br><small>{}</small>",
        esc(&caminho_do_processo(p)),
        esc(p),
        esc(nome)
    )
}

/// A seção «Sua mesa de trabalho» do painel.
pub(crate) async fn mesa(
    estado: &Estado,
    usuario: &Usuario,
    processos: &[Resumo],
    hoje: Date,
) -> Result<String, Falha> {
    let ator = Ator::new(usuario.login.clone(), usuario.papel);
    let mut s = String::from("<section class=\"mesa\" aria-labelledby=\"mesa-titulo\"><h2 id=\"mesa-titulo\">Sua mesa de trabalho</h2>");
    match usuario.papel {
        Papel::Cartografia | Papel::Fazenda | Papel::Tre => {
            let Some(orgao) = usuario.papel.orgao() else {
                return Ok(String::new());
            };
            let lista = carregados(estado, &ator, |f| f == Fase::Certidoes).await?;
            let mut linhas = String::new();
            let mut n = 0;
            for p in &lista {
                let Some(r) = p.requisicoes.get(&orgao) else {
                    continue;
                };
                if r.resposta.is_some() {
                    continue;
                }
                let Some((numero, dia)) = &r.oficio else {
                    continue;
                };
                n += 1;
                let prazo = match r.recebido_em {
                    Some(rec) => {
                        let vence = prazos::vencimento(rec, 30);
                        format!(
                            "recebido em {}; vence em {} — <strong>{}</strong>",
                            fmt_data(rec),
                            fmt_data(vence),
                            contagem(hoje, vence)
                        )
                    }
                    None => {
                        "recebimento ainda não registrado: o prazo de 30 dias corre dele".to_owned()
                    }
                };
                let protocolo = p.protocolo.to_string();
                let _ = write!(
                    linhas,
                    "<tr><td data-rotulo=\"Processo\">{}</td><td data-rotulo=\"Ofício\">{}, de {}<br><a href=\"{}/documentos/oficio?orgao={}\">Ler o ofício (PDF)</a></td><td data-rotulo=\"Incisos do Art. 2º\">{}</td><td data-rotulo=\"Prazo\">{prazo}</td></tr>",
                    link(&protocolo, &p.nome),
                    esc(numero),
                    fmt_data(*dia),
                    esc(&caminho_do_processo(&protocolo)),
                    orgao.codigo(),
                    esc(orgao.incisos()),
                );
            }
            if n == 0 {
                let _ = write!(
                    s,
                    "<p>Nenhum ofício {} espera certidão.</p>",
                    esc(&orgao.ao_orgao())
                );
            } else {
                let _ = write!(
                    s,
                    "<p>{} a responder com certidão (Art. 2º, § 3º: 30 dias do recebimento, sob pena de responsabilidade).</p>\
                     <div class=\"tabela-rolavel\" tabindex=\"0\" role=\"region\" aria-label=\"Ofícios a responder\"><table class=\"cartoes-no-celular\"><thead><tr><th scope=\"col\">Processo</th><th scope=\"col\">Ofício</th><th scope=\"col\">Incisos do Art. 2º</th><th scope=\"col\">Prazo</th></tr></thead><tbody>{linhas}</tbody></table></div>",
                    plural(n, "ofício", "ofícios")
                );
            }
        }
        Papel::Deputado => {
            let lista = carregados(estado, &ator, em_andamento).await?;
            let meus: Vec<&Processo> = lista
                .iter()
                .filter(|p| matches!(&p.via, Via::Deputado { id } if *id == usuario.login))
                .collect();
            if meus.is_empty() {
                s.push_str("<p>Nenhuma representação em andamento chegou através de você.</p>");
            } else {
                let _ = write!(
                    s,
                    "<p>{} através de você (Art. 14):</p><ul>",
                    plural(
                        meus.len() as u64,
                        "representação em andamento chegou",
                        "representações em andamento chegaram"
                    )
                );
                for p in meus {
                    let _ = write!(
                        s,
                        "<li>{} — {} · próximo passo: {}</li>",
                        link(&p.protocolo.to_string(), &p.nome),
                        esc(p.fase.nome()),
                        esc(p.fase.proximo_passo())
                    );
                }
                s.push_str("</ul>");
            }
        }
        Papel::Representante => {
            let lista = carregados(estado, &ator, |_| true).await?;
            let minhas: Vec<&Processo> = lista
                .iter()
                .filter(|p| p.protocolado_por == usuario.login)
                .collect();
            if minhas.is_empty() {
                s.push_str("<p>Você ainda não protocolou representação. <a href=\"/processos/novo\">Nova representação</a></p>");
            }
            for p in minhas {
                let _ = write!(
                    s,
                    "<div class=\"cartao\"><p><strong>{}</strong> — fase: {}</p><p>Próximo passo: {}</p>",
                    link(&p.protocolo.to_string(), &p.nome),
                    esc(p.fase.nome()),
                    esc(p.fase.proximo_passo())
                );
                let faltam = p.documentos_faltantes();
                if faltam.is_empty() {
                    s.push_str("<p>Os documentos do Art. 15 estão nos autos.</p>");
                } else {
                    s.push_str("<p>Falta juntar (Art. 15):</p><ul>");
                    for d in faltam {
                        let _ = write!(s, "<li>{}</li>", esc(d.nome()));
                    }
                    s.push_str("</ul>");
                }
                s.push_str("</div>");
            }
        }
        Papel::Servidor | Papel::Membro | Papel::Presidente => {
            let andamento: Vec<&Resumo> =
                processos.iter().filter(|r| em_andamento(r.fase)).collect();
            if andamento.is_empty() {
                s.push_str("<p>Nenhum processo em andamento.</p>");
            } else {
                let _ = write!(
                    s,
                    "<p>{}; o próximo passo de cada um:</p><div class=\"tabela-rolavel\" tabindex=\"0\" role=\"region\" aria-label=\"Próximos passos\"><table class=\"cartoes-no-celular\"><thead><tr><th scope=\"col\">Processo</th><th scope=\"col\">Fase</th><th scope=\"col\">Próximo passo</th><th scope=\"col\">Último ato</th></tr></thead><tbody>",
                    plural(andamento.len() as u64, "processo em andamento", "processos em andamento")
                );
                for r in &andamento {
                    let _ = write!(
                        s,
                        "<tr><td data-rotulo=\"Processo\">{}</td><td data-rotulo=\"Fase\">{}</td><td data-rotulo=\"Próximo passo\">{}</td><td data-rotulo=\"Último ato\">{}</td></tr>",
                        link(&r.protocolo, &r.nome),
                        esc(r.fase.nome()),
                        esc(r.fase.proximo_passo()),
                        esc(&r
                            .ultimo_ato
                            .parse()
                            .map(fmt_data)
                            .unwrap_or_else(|_| r.ultimo_ato.clone()))
                    );
                }
                s.push_str("</tbody></table></div>");
            }
            if usuario.papel == Papel::Presidente {
                s.push_str(&a_assinar(estado, processos).await?);
            }
        }
        Papel::Publico => return Ok(String::new()),
    }
    s.push_str("</section>");
    Ok(s)
}

/// Os documentos emitidos que a Presidência ainda não assinou.
async fn a_assinar(estado: &Estado, processos: &[Resumo]) -> Result<String, Falha> {
    let mut linhas = String::new();
    let mut n = 0u64;
    for r in processos {
        for e in estado.registro().emitidos_do_processo(&r.protocolo).await? {
            let assinaturas = estado.registro().assinaturas_da_emissao(e.id).await?;
            if assinaturas
                .iter()
                .any(|a| a.assinante_cargo == Papel::Presidente.cargo())
            {
                continue;
            }
            n += 1;
            let _ = write!(
                linhas,
                "<li><a href=\"{}#emitidos\">{}</a> — {} ({}), emitido em {}{}</li>",
                esc(&caminho_do_processo(&r.protocolo)),
                esc(&e.titulo),
                esc(&r.protocolo),
                esc(&r.nome),
                fmt_data(divisa_registro::hoje_em_cuiaba(e.emitido_em)),
                match assinaturas.len() {
                    0 => String::new(),
                    k => format!(", {}", plural(k as u64, "assinatura", "assinaturas")),
                }
            );
        }
    }
    Ok(if n == 0 {
        "<h3>A assinar</h3><p>Nenhum documento emitido espera a sua assinatura.</p>".to_owned()
    } else {
        format!(
            "<h3>A assinar</h3><p>{} sem a assinatura da Presidência:</p><ul>{linhas}</ul>",
            plural(n, "documento emitido", "documentos emitidos")
        )
    })
}
