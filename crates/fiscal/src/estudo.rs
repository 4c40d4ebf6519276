//! O estudo fiscal inteiro (CONTRACT §4): FPM, ICMS (ou o motivo de estar pendente) e EVM, com a
//! marca de estimativa e as notas.

use serde::Serialize;

use crate::evm::{CriterioEvm, EVM_NAO_E_REQUISITO_LEGAL};
use crate::fpm::ResultadoFpm;
use crate::icms::ResultadoIcms;

/// O ICMS calculado, ou pendente com o motivo.
#[derive(Debug, Clone, PartialEq)]
pub enum Icms {
    /// Calculado com uma tabela de índices.
    Calculado(Box<ResultadoIcms>),
    /// Pendente: o motivo, numa frase ([`crate::icms::ICMS_PENDENTE_SEM_TABELA`]).
    Pendente(String),
}

/// O estudo fiscal de uma proposta, pronto para o JSON do CONTRACT §4 e para [`crate::texto`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EstudoFiscal {
    /// Se algum número do estudo é estimado (os motivos em `motivos_estimativa`).
    pub estimativa: bool,
    /// Por que os números são estimados, de todas as partes.
    pub motivos_estimativa: Vec<String>,
    /// O FPM.
    pub fpm: ResultadoFpm,
    /// O ICMS, se calculado (`null` quando pendente).
    pub icms: Option<ResultadoIcms>,
    /// Por que o ICMS está pendente (`null` quando calculado).
    pub icms_pendente: Option<String>,
    /// Os critérios do EVM.
    pub evm: Vec<CriterioEvm>,
    /// A frase que diz que os critérios do EVM não são requisitos legais.
    pub evm_aviso: &'static str,
    /// Notas gerais, em português.
    pub notas: Vec<String>,
}

impl EstudoFiscal {
    /// Junta as partes e as marcas de estimativa.
    pub fn new(fpm: ResultadoFpm, icms: Icms, evm: Vec<CriterioEvm>) -> EstudoFiscal {
        let mut motivos_estimativa: Vec<String> = fpm
            .motivos_estimativa
            .iter()
            .map(|m| format!("FPM: {m}"))
            .collect();
        let (icms, icms_pendente) = match icms {
            Icms::Calculado(resultado) => {
                motivos_estimativa.extend(
                    resultado
                        .motivos_estimativa
                        .iter()
                        .map(|m| format!("ICMS: {m}")),
                );
                (Some(*resultado), None)
            }
            Icms::Pendente(motivo) => (None, Some(motivo)),
        };
        let notas = vec![
            "Este estudo mostra quem ganha e quem perde se a proposta virar lei; não julga a \
             proposta diante da LC 23/1992 (isso é a avaliação da proposta, artigo por artigo)."
                .to_owned(),
            "FPM: federal, calculado pelo TCU; a parte de Mato Grosso é fixa, então o que o novo \
             município e as origens ganham sai de todos os outros municípios do Estado."
                .to_owned(),
            "ICMS: a cota-parte estadual; o Art. 7º, V da LC 23/1992 manda a lei de criação \
             fixar o percentual do índice de cada origem que passa ao novo município."
                .to_owned(),
        ];
        EstudoFiscal {
            estimativa: !motivos_estimativa.is_empty(),
            motivos_estimativa,
            fpm,
            icms,
            icms_pendente,
            evm,
            evm_aviso: EVM_NAO_E_REQUISITO_LEGAL,
            notas,
        }
    }
}
