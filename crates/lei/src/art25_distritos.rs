//! Arts. 24 e 25 — criação de distritos.
//!
//! > Art. 25 São requisitos mínimos exigidos para a criação de distritos: I 50 (cinqüenta)
//! > habitações, no mínimo, na sede da localidade; II população superior a 1.000 (mil)
//! > habitantes no território. Parágrafo único. Os requisitos previstos neste artigo serão
//! > apurados pelo órgão de informações e cartografia do Estado.
//!
//! "50 no mínimo": 50 atende. "Superior a 1.000": 1.000 não atende.

use divisa_referencia::formato::inteiro;

use crate::achado::{orgao, Achado, Situacao};
use crate::fatos::NovoDistrito;
use crate::regra::{achado, Contexto, Resultado};

/// Art. 25, I e II.
pub(crate) fn requisitos(ctx: &Contexto<'_>, distrito: &NovoDistrito) -> Vec<Achado> {
    let habitacoes = achado((|| -> Resultado {
        let regra = ctx.regra("art25_cpt_inc1")?;
        let minimo = regra.parametro("habitacoes_minimas")?;
        let exigido = format!(
            "pelo menos {} habitações na sede da localidade",
            inteiro(minimo)
        );
        Ok(match distrito.habitacoes_sede {
            Some(h) => regra.achado(
                if h as i64 >= minimo {
                    Situacao::Atende
                } else {
                    Situacao::NaoAtende
                },
                exigido,
                format!("{} habitações (informado na proposta)", inteiro(h as i64)),
                Some(orgao::CARTOGRAFIA),
                "",
            ),
            None => regra.achado(
                Situacao::Pendente,
                exigido,
                "não informado",
                Some(orgao::CARTOGRAFIA),
                "Apurado pelo órgão de informações e cartografia (parágrafo único).",
            ),
        })
    })());
    let populacao = achado((|| -> Resultado {
        let regra = ctx.regra("art25_cpt_inc2")?;
        let limite = regra.parametro("populacao_mais_de")?;
        let exigido = format!(
            "população superior a {} habitantes no território",
            inteiro(limite)
        );
        Ok(match distrito.populacao {
            Some(p) => regra.achado(
                if p as i64 > limite {
                    Situacao::Atende
                } else {
                    Situacao::NaoAtende
                },
                exigido,
                format!("{} habitantes (informado na proposta)", inteiro(p as i64)),
                Some(orgao::CARTOGRAFIA),
                "",
            ),
            None => regra.achado(
                Situacao::Pendente,
                exigido,
                "não informada",
                Some(orgao::CARTOGRAFIA),
                "Apurada pelo órgão de informações e cartografia (parágrafo único).",
            ),
        })
    })());
    vec![habitacoes, populacao]
}
