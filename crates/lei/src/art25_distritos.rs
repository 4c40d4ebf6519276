//! Arts. 24 e 25 — criação de distritos.
//!
//! > Art. 25 São requisitos mínimos exigidos para a criação de distritos: I 50 (cinqüenta)
//! > habitações, no mínimo, na sede da localidade; II população superior a 1.000 (mil)
//! > habitantes no território. Parágrafo único. Os requisitos previstos neste artigo serão
//! > apurados pelo órgão de informações e cartografia do Estado.
//!
//! "50 no mínimo": 50 atende. "Superior a 1.000": 1.000 não atende.
//!
//! > Art. 24, § 1º A criação, organização e supressão de distritos far-se-á por lei municipal,
//! > obedecidos os requisitos previstos nesta lei complementar e dependerá de consultas prévias
//! > às população diretamente interessadas
//!
//! Quem legisla é o município (lei municipal), não a Assembleia. A LC 23 não fixa o quórum da
//! consulta distrital: o Art. 11, § 2º (maioria absoluta dos inscritos) fala do "território a ser
//! desmembrado" de um município. Leitura adotada: a consulta aprovada pela maioria absoluta dos
//! inscritos atende qualquer leitura ("atende"); favorável só pela maioria dos votos (Lei nº
//! 9.709/1998, art. 10) fica "pendente", porque a escolha do quórum é da Comissão e da lei
//! municipal; SIM que não supera o NÃO "não atende".

use divisa_referencia::formato::{inteiro, porcentagem};

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

/// Art. 24, § 1º: a consulta prévia à população interessada, antes da lei municipal.
pub(crate) fn consulta(ctx: &Contexto<'_>) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art24_par1")?;
        let exigido = "consulta prévia à população diretamente interessada, antes da lei municipal que cria o distrito";
        let quem = " A criação do distrito é feita por lei municipal (Art. 24, § 1º), não pela Assembleia Legislativa.";
        let Some(p) = ctx.fatos.plebiscito else {
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                "consulta ainda não realizada",
                Some(orgao::TRE),
                format!("Sem o resultado da consulta, a lei municipal não pode ser feita.{quem}"),
            ));
        };
        let absoluta = u128::from(p.votos_sim) * 2 > u128::from(p.eleitores_inscritos);
        let simples = p.votos_sim > p.votos_nao;
        let fracao = if p.eleitores_inscritos > 0 {
            p.votos_sim as f64 / p.eleitores_inscritos as f64
        } else {
            0.0
        };
        let apurado = format!(
            "{} SIM e {} NÃO, de {} inscritos ({} dos inscritos)",
            inteiro(p.votos_sim as i64),
            inteiro(p.votos_nao as i64),
            inteiro(p.eleitores_inscritos as i64),
            porcentagem(
                fracao,
                divisa_referencia::formato::casas_para_distinguir(fracao * 100.0, 50.0, 1)
            )
        );
        Ok(if absoluta {
            regra.achado(
                Situacao::Atende,
                exigido,
                apurado,
                Some(orgao::TRE),
                format!("A consulta aprovou a criação pela maioria absoluta dos inscritos, o quórum mais exigente que se poderia ler na LC 23 (Art. 11, § 2º).{quem}"),
            )
        } else if simples {
            regra.achado(
                Situacao::Pendente,
                exigido,
                apurado,
                Some(orgao::COMISSAO),
                format!("O SIM venceu o NÃO (maioria dos votos, Lei nº 9.709/1998, art. 10), mas não alcançou a maioria absoluta dos inscritos. A LC 23 não fixa o quórum da consulta distrital: a leitura (maioria dos votos ou, por analogia com o Art. 11, § 2º, dos inscritos) é da Comissão e da lei municipal.{quem}"),
            )
        } else {
            regra.achado(
                Situacao::NaoAtende,
                exigido,
                apurado,
                Some(orgao::TRE),
                format!("O SIM não superou o NÃO: a consulta não aprovou a criação.{quem}"),
            )
        })
    })())
}
