//! `GET /procedimento`: o caminho inteiro, da representação à lei, em palavras (issue 32). Para
//! quem usa o sistema uma vez por mês e não tem manual: as etapas, as fases de cada uma, quem
//! age e o que vem a seguir; com `?fase=`, onde o processo está. O nome de cada fase, nas páginas
//! dos processos, leva aqui ([`link`]).

use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::response::Response;
use divisa_processo::Fase;

use crate::contas::Quem;
use crate::html::{html, pagina, Markup};
use crate::Estado;

/// As etapas do rito, cada uma com as suas fases e o que se faz nela.
const ETAPAS: &[(&str, &str, &[Fase])] = &[
    (
        "1. A representação",
        "A comunidade (com a assinatura de eleitores da área, Art. 13) ou um deputado estadual \
         apresenta a representação com os documentos do Art. 15. A Assembleia a protocola, a \
         distribui aos deputados e a publica; a Comissão de Revisão Territorial pede o que faltar.",
        &[
            Fase::Protocolada,
            Fase::Divulgada,
            Fase::DocumentosPendentes,
        ],
    ),
    (
        "2. A instrução na Comissão",
        "A Comissão visita a sede do futuro município, faz o levantamento socioeconômico e dá o \
         parecer preliminar. Se ele for pelo arquivamento, o Plenário decide; se não, a Comissão \
         pede as certidões aos órgãos do Estado, que têm {prazo} para responder (Art. 2º, § 3º).",
        &[
            Fase::Visitada,
            Fase::ArquivamentoEmPlenario,
            Fase::Certidoes,
        ],
    ),
    (
        "3. O mérito",
        "Com as certidões, a Comissão dá o parecer de mérito, que o Plenário delibera; depois, a \
         Comissão de Constituição e Justiça. Aprovado, a Comissão elabora o projeto de decreto \
         legislativo que autoriza o plebiscito.",
        &[Fase::MeritoEmPlenario, Fase::Ccj, Fase::ElaboracaoDecreto],
    ),
    (
        "4. O decreto e o plebiscito",
        "O projeto de decreto tramita em rito ordinário, sem urgência; as divisas só podem ser \
         emendadas até a sua aprovação. Publicado o decreto, o processo vai ao Tribunal Regional \
         Eleitoral, que realiza o plebiscito e apura o resultado.",
        &[
            Fase::DecretoEmTramitacao,
            Fase::DecretoAprovado,
            Fase::DecretoPublicado,
            Fase::Plebiscito,
            Fase::ResultadoApurado,
        ],
    ),
    (
        "5. A lei",
        "O resultado é lido em Plenário e a Comissão dá parecer sobre ele. Se a consulta aprovou, \
         a Comissão apresenta o projeto de lei com o que o Art. 7º exige (o nome, as divisas, a \
         sede, o ano da instalação, os percentuais do ICMS); aprovado, a lei é publicada.",
        &[
            Fase::ParecerDoResultado,
            Fase::ElaboracaoProjetoDeLei,
            Fase::ProjetoDeLeiEmPauta,
            Fase::ProjetoDeLeiAprovado,
            Fase::Lei,
        ],
    ),
];

/// O endereço da fase no quadro do procedimento.
pub(crate) fn endereco(f: Fase) -> String {
    format!("/procedimento?fase={}#fase-{}", f.codigo(), f.codigo())
}

/// O nome da fase com o atalho para o quadro do procedimento, que mostra onde ela fica no
/// caminho.
pub(crate) fn link(f: Fase) -> Markup {
    html! { a href=(endereco(f)) title="Onde esta fase fica no caminho da representação à lei" { (f.nome()) } }
}

pub(crate) async fn procedimento(
    State(estado): State<Estado>,
    quem: Quem,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    // os números da lei vêm da redação em vigor hoje, nunca do texto da página
    let prazo = divisa_lei::texto::prazo_das_certidoes(estado.hoje());
    let aqui = q.get("fase").and_then(|c| Fase::de_codigo(c));
    let corpo = html! {
        h1 { "O caminho de uma representação até a lei" }
        p {
            "A Lei Complementar nº 23/1992 manda seguir estes passos, nesta ordem, para criar, \
             incorporar, fundir ou desmembrar municípios e para rever os seus limites. Cada processo \
             mostra, na sua página, a fase em que está e a quem cabe o passo seguinte."
        }
        @if let Some(f) = aqui {
            p.destaque { "O processo que você veio olhando está na fase «" a href={ "#fase-" (f.codigo()) } { (f.nome()) } "»." }
        }
        @for (titulo, texto, fases) in ETAPAS {
            section.etapa {
                h2 { (titulo) }
                p { (texto.replace("{prazo}", &prazo)) }
                ol.fases {
                    @for f in *fases {
                        @let atual = aqui == Some(*f);
                        li id={ "fase-" (f.codigo()) } class=[atual.then_some("atual")] aria-current=[atual.then_some("step")] {
                            strong { (divisa_referencia::formato::primeira_maiuscula(f.nome())) }
                            @if atual { " — " em { "o processo está aqui" } }
                            br;
                            "A seguir: " (f.proximo_passo()) "."
                            @let atos: Vec<&str> = f.atos_do_proximo_passo().iter().map(|t| t.definicao()).filter(|m| m.na_pagina).map(|m| m.titulo).collect();
                            @if !atos.is_empty() {
                                br;
                                span.historico { "Na página do processo: " (atos.iter().map(|t| format!("«{t}»")).collect::<Vec<_>>().join(", ")) "." }
                            }
                        }
                    }
                }
            }
        }
        section.etapa {
            h2 { "Em qualquer fase: o arquivamento" }
            ol.fases {
                @let atual = aqui == Some(Fase::Arquivado);
                li id="fase-arquivado" class=[atual.then_some("atual")] aria-current=[atual.then_some("step")] {
                    strong { (divisa_referencia::formato::primeira_maiuscula(Fase::Arquivado.nome())) }
                    @if atual { " — " em { "o processo está aqui" } }
                    br;
                    "O processo termina sem lei quando o Plenário aprova o parecer preliminar pelo \
                     arquivamento (Art. 17, § 1º), quando o mérito, a Comissão de Constituição e \
                     Justiça, o projeto de decreto ou o projeto de lei são rejeitados (Arts. 18 a \
                     20) ou quando a consulta não aprova a proposta (Art. 20, § 1º). Os autos \
                     continuam disponíveis."
                }
            }
        }
    };
    pagina(&quem, "O caminho até a lei", corpo)
}

#[cfg(test)]
mod testes {
    use super::*;

    /// Toda fase do rito aparece no quadro uma vez (o arquivamento à parte), na ordem do rito.
    #[test]
    fn cada_fase_uma_vez_na_ordem_do_rito() {
        let mut vistas: Vec<Fase> = ETAPAS.iter().flat_map(|e| e.2.iter().copied()).collect();
        vistas.push(Fase::Arquivado);
        assert_eq!(vistas, Fase::TODAS.to_vec());
    }
}
