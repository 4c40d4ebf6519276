//! Arts. 11 e 12 — plebiscito.
//!
//! > Art. 11 A criação de município, a incorporação, a fusão ou o desmembramento de área
//! > municipal serão admitidos mediante elaboração de lei, se a medida tiver sido previamente
//! > aprovada, em processo plebiscitário, pela população interessada. (LC 792/2024)
//! > § 1º Para efeito do plebiscito, a população a ser consultada será a que tiver residência
//! > ou domicilio dentro da área a desmembrar.
//! > § 2º Considerar-se-á aprovada a medida se o resultado do plebiscito lhe tiver sido
//! > favorável pela maioria absoluta dos votos dos respectivos eleitores inscritos no
//! > território a ser desmembrado.
//! >
//! > Art. 12 [...] II consulta oficial contendo as palavras SIM e NÃO, que expressam a aprovação
//! > ou rejeição da criação do novo município, ou a incorporação, a fusão e o desmembramento de
//! > área municipal. (LC 792/2024)
//!
//! "Maioria absoluta dos votos dos respectivos eleitores inscritos": mais da metade dos
//! INSCRITOS, não dos votos válidos nem dos comparecentes. 501 SIM de 1.000 inscritos aprova;
//! 500 não.

use divisa_referencia::formato::{casas_para_distinguir, inteiro, porcentagem};

use crate::achado::{orgao, Achado, Situacao};
use crate::fatos::Tipo;
use crate::regra::{achado, Contexto, Resultado};

/// § 2º (resultado) e Art. 12, II (a cédula).
pub(crate) fn plebiscito(ctx: &Contexto<'_>) -> Vec<Achado> {
    let resultado = achado((|| -> Resultado {
        let regra = ctx.regra("art11_par2")?;
        let exigido = "SIM da maioria absoluta dos eleitores inscritos no território consultado";
        let Some(p) = ctx.fatos.plebiscito else {
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                "plebiscito ainda não realizado",
                Some(orgao::TRE),
                "O resultado vem do TRE depois do decreto legislativo (Art. 19, § 1º; Art. 20).",
            ));
        };
        let aprovado = u128::from(p.votos_sim) * 2 > u128::from(p.eleitores_inscritos);
        let fracao = if p.eleitores_inscritos > 0 {
            p.votos_sim as f64 / p.eleitores_inscritos as f64
        } else {
            0.0
        };
        let mut mensagem = format!(
            "Conta-se sobre os inscritos, não sobre os votos: eram precisos {} SIM.",
            inteiro((p.eleitores_inscritos / 2 + 1) as i64)
        );
        if ctx.fatos.tipo == Tipo::Fusao {
            mensagem.push_str(" Na fusão não há \"território a ser desmembrado\": aplica-se a regra aos inscritos de todo o território consultado (Art. 4º, parágrafo único).");
        }
        Ok(regra.achado(
            if aprovado {
                Situacao::Atende
            } else {
                Situacao::NaoAtende
            },
            format!(
                "{exigido}: mais de {} de {} inscritos",
                inteiro((p.eleitores_inscritos / 2) as i64),
                inteiro(p.eleitores_inscritos as i64)
            ),
            // As casas que mostram de que lado da metade o SIM ficou: 501 de 1.001 é 50,05%,
            // nunca "50,0%".
            format!(
                "{} SIM de {} inscritos ({}), {} NÃO",
                inteiro(p.votos_sim as i64),
                inteiro(p.eleitores_inscritos as i64),
                porcentagem(fracao, casas_para_distinguir(fracao * 100.0, 50.0, 1)),
                inteiro(p.votos_nao as i64)
            ),
            Some(orgao::TRE),
            mensagem,
        ))
    })());
    let cedula = achado(ctx.regra("art12_cpt_inc2").map(|regra| {
        regra.achado(
            Situacao::Pendente,
            "consulta oficial com as palavras SIM e NÃO",
            format!("«{}» — SIM / NÃO", pergunta(ctx)),
            Some(orgao::TRE),
            "A cédula é fixada por resolução do TRE (caput); confira nela as palavras SIM e NÃO e a medida consultada.",
        )
    }));
    vec![resultado, cedula]
}

/// A pergunta do plebiscito nas palavras do Art. 12, II.
pub fn pergunta(ctx_fatos: &Contexto<'_>) -> String {
    let fatos = ctx_fatos.fatos;
    let mt = divisa_referencia::mt().ok();
    let nome = |codigo: u32| {
        mt.and_then(|m| m.por_codigo(codigo))
            .map_or(codigo.to_string(), |m| m.nome.clone())
    };
    let novo = fatos
        .novo
        .as_ref()
        .and_then(|n| n.nome.clone())
        .unwrap_or_else(|| "(nome a definir)".into());
    match fatos.tipo {
        Tipo::Criacao => format!("Você é a favor da criação do município de {novo}?"),
        Tipo::Fusao => format!(
            "Você é a favor da fusão que cria o município de {novo}, com sede em {}?",
            fatos.novo.as_ref().and_then(|n| n.sede.clone()).unwrap_or_else(|| "(sede a definir)".into())
        ),
        Tipo::Incorporacao => match fatos.incorporacao {
            Some(i) => format!("Você é a favor da incorporação do município de {} ao município de {}?", nome(i.municipio), nome(i.receptor)),
            None => "Você é a favor da incorporação?".into(),
        },
        Tipo::Desmembramento => match &fatos.desmembramento {
            Some(d) => format!("Você é a favor do desmembramento desta área do município de {} e da sua integração ao município de {}?", nome(d.cedente), nome(d.receptor)),
            None => "Você é a favor do desmembramento?".into(),
        },
        Tipo::Extincao | Tipo::CriacaoDistrito | Tipo::AlteracaoNome => String::new(),
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::fatos::{Fatos, Plebiscito};

    fn resultado(sim: u64, inscritos: u64) -> Situacao {
        let mut fatos = Fatos::vazios(Tipo::Criacao);
        fatos.plebiscito = Some(Plebiscito {
            eleitores_inscritos: inscritos,
            votos_sim: sim,
            votos_nao: 0,
        });
        let ctx = Contexto {
            lei: crate::texto::lei().unwrap(),
            data: jiff::civil::date(2027, 3, 10),
            fatos: &fatos,
        };
        plebiscito(&ctx)[0].situacao
    }

    #[test]
    fn art11_par2_501_de_1000_inscritos_aprova() {
        assert_eq!(resultado(501, 1000), Situacao::Atende);
    }

    #[test]
    fn art11_par2_500_de_1000_inscritos_nao_aprova() {
        assert_eq!(resultado(500, 1000), Situacao::NaoAtende);
    }

    #[test]
    fn art11_par2_percentual_mostra_o_lado_da_metade() {
        let mut fatos = Fatos::vazios(Tipo::Criacao);
        fatos.plebiscito = Some(Plebiscito {
            eleitores_inscritos: 1_001,
            votos_sim: 501,
            votos_nao: 0,
        });
        let ctx = Contexto {
            lei: crate::texto::lei().unwrap(),
            data: jiff::civil::date(2027, 3, 10),
            fatos: &fatos,
        };
        let achado = &plebiscito(&ctx)[0];
        assert!(
            achado
                .apurado
                .contains("501 SIM de 1.001 inscritos (50,05%)"),
            "{}",
            achado.apurado
        );
    }

    #[test]
    fn art11_par2_inscritos_impares() {
        assert_eq!(resultado(501, 1001), Situacao::Atende);
        assert_eq!(resultado(500, 1001), Situacao::NaoAtende);
    }
}
