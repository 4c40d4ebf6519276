//! Cada documento no seu momento do rito (issue 33). Dos autos, um documento só se escreve
//! quando o ato que ele instrumenta já pode ser praticado, ou já foi:
//!
//! | documento | a partir de |
//! |---|---|
//! | ofícios aos órgãos | o parecer preliminar que conclui por solicitar as certidões (Art. 17, § 2º) |
//! | relatório da visita e parecer preliminar | a visita registrada (Art. 17, I) |
//! | parecer de mérito e, com ele, o Relatório Técnico | a posse das certidões (Art. 18, caput), ou o prazo vencido de quem não respondeu (Art. 2º, § 3º) |
//! | projeto de decreto legislativo | o parecer da CCJ aprovado (Art. 18, § 2º) |
//! | parecer sobre o resultado do plebiscito | o resultado registrado (Art. 20) |
//! | projeto de lei | o parecer favorável sobre o resultado aprovado (Art. 20, § 1º) |
//! | estudo fiscal, autos | a qualquer tempo (o estudo é anexo do parecer e informa a decisão antes dela) |
//!
//! Leituras registradas: «de posse das certidões» (Art. 18) é a resposta de cada órgão
//! oficiado; o órgão que deixa correr os 30 dias do Art. 2º, § 3º, responde «sob pena de
//! responsabilidade», e a Comissão não fica à espera dele para sempre — vencido o prazo, o
//! parecer pode ser escrito, e o inciso sem certidão sai pendente, com o voto pela diligência.
//! A apuração da Comissão após a verificação in loco (Art. 2º, V) é ato da própria Comissão,
//! que o parecer registra: não é certidão a esperar. O Relatório Técnico da revisão de limites se elabora "ao final dos
//! trabalhos" do Plano de Ação (Art. 8º, § 3º), antes do parecer de mérito que ele instrui;
//! o divisa o oferece no mesmo momento do parecer. Um documento cujo ato já foi praticado
//! continua a ser escrito depois (a cópia do que está nos autos), mesmo com o processo
//! arquivado.

use divisa_processo::{Ato, Evento, Fase, Orgao, Processo};
use jiff::civil::Date;

use crate::TipoDeDocumento;

/// Se o documento `tipo` já tem o seu momento nos autos no dia `em`; `Err` diz, em palavras e
/// com o artigo, a partir de quando ele se escreve.
pub fn momento(
    tipo: TipoDeDocumento,
    processo: &Processo,
    eventos: &[Evento],
    em: Date,
) -> Result<(), crate::ErroDocumento> {
    match a_partir_de(tipo, processo, eventos, em) {
        None => Ok(()),
        Some(quando) => Err(crate::ErroDocumento::ForaDoMomento(format!(
            "«{}» ainda não tem o seu momento neste processo ({}): {quando}",
            tipo.nome(),
            processo.fase.nome().to_lowercase()
        ))),
    }
}

/// `None` quando o documento já tem o seu momento; senão, a frase que diz a partir de quando
/// ("o parecer de mérito se dá «de posse das certidões» (Art. 18): …"), para a página do
/// processo mostrá-lo na lista sem o oferecer.
pub fn a_partir_de(
    tipo: TipoDeDocumento,
    processo: &Processo,
    eventos: &[Evento],
    em: Date,
) -> Option<&'static str> {
    let houve = |f: &dyn Fn(&Ato) -> bool| eventos.iter().any(|e| f(&e.ato));
    let (pronto, quando) = match tipo {
        TipoDeDocumento::Autos | TipoDeDocumento::EstudoFiscal => (true, ""),
        TipoDeDocumento::Oficio => (
            processo.certidoes_requisitadas_em.is_some()
                || houve(&|a| matches!(a, Ato::EnviarOficio { .. })),
            "os ofícios aos órgãos se endereçam quando o parecer preliminar conclui por solicitar as certidões (Art. 17, § 2º)",
        ),
        TipoDeDocumento::ParecerPreliminar => (
            processo.visita.is_some(),
            "o relatório da visita e o parecer preliminar vêm depois da visita à sede do futuro município (Art. 17, I e II)",
        ),
        TipoDeDocumento::Parecer | TipoDeDocumento::RelatorioTecnico => (
            houve(&|a| matches!(a, Ato::ParecerDeMerito { .. }))
                || (processo.fase == Fase::Certidoes && de_posse_das_certidoes(processo, em)),
            "o parecer de mérito se dá «de posse das certidões» (Art. 18): depois da resposta de cada órgão oficiado, ou de vencido o prazo do Art. 2º, § 3º, para quem não respondeu",
        ),
        TipoDeDocumento::DecretoLegislativo => (
            houve(&|a| matches!(a, Ato::ApresentarProjetoDecreto { .. }))
                || processo.fase == Fase::ElaboracaoDecreto,
            "o projeto de decreto legislativo se elabora depois de aprovado o parecer da Comissão de Constituição e Justiça (Art. 18, § 2º)",
        ),
        TipoDeDocumento::ParecerResultado => (
            processo.plebiscito.is_some(),
            "o parecer sobre o resultado vem depois do ofício do Tribunal Regional Eleitoral com o resultado do plebiscito (Art. 20)",
        ),
        TipoDeDocumento::ProjetoDeLei => (
            houve(&|a| matches!(a, Ato::ApresentarProjetoDeLei { .. }))
                || processo.fase == Fase::ElaboracaoProjetoDeLei,
            "o projeto de lei se elabora depois de aprovado o parecer favorável da Comissão sobre o resultado do plebiscito (Art. 20, § 1º)",
        ),
    };
    (!pronto).then_some(quando)
}

/// Cada órgão oficiado respondeu (certidão ou recusa), ou o prazo dele venceu antes de `em`
/// (Art. 2º, § 3º). A apuração da própria Comissão (Art. 2º, V) não é esperada aqui.
fn de_posse_das_certidoes(processo: &Processo, em: Date) -> bool {
    let prazos = processo.prazos();
    processo
        .certidoes()
        .iter()
        .filter(|(o, _)| *o != Orgao::Comissao)
        .all(|(o, r)| {
            r.resposta.is_some()
                || prazos
                    .iter()
                    .find(|p| p.chave == format!("certidao:{}", o.codigo()))
                    .is_some_and(|p| p.vencimento < em)
        })
}
