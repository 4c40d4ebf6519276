//! Que atos oferecer a quem olha um processo, e quem dá o próximo passo.
//!
//! Só se oferece o ato que o papel pode praticar (a matriz de [`crate::papel`]) e que cabe na
//! fase atual. Para saber se cabe, o ato é decidido com valores de exemplo ([`exemplo`]): se a
//! lei o recusa pela fase, pelo papel, pelo caso, pelo estado dos autos ou por ser vedado, ele
//! não aparece; se o recusa por outro motivo (um placar, uma data), aparece — quem preenche o
//! formulário verá a recusa com o artigo. O rito decide de novo, com os valores de verdade, ao
//! gravar. A página, a ficha da linha de comando e a API leem daqui.

use jiff::civil::Date;

use crate::ato::{exemplo, Definicao, Entrada, DEFINICOES};
use crate::papel::{permissao, Ator, Orgao, Papel, Permissao};
use crate::{Processo, Via};

/// Um ato que a tela oferece, e os órgãos para os quais ele cabe (nos atos com um órgão: o
/// Presidente apura o inciso V pela Comissão, mas a certidão da Cartografia é da Cartografia).
#[derive(Debug, Clone)]
pub struct Oferecido {
    /// O ato.
    pub definicao: &'static Definicao,
    /// Os órgãos, nos atos de órgão; vazio nos outros.
    pub orgaos: Vec<Orgao>,
}

/// Os atos que `ator` pode praticar agora pelo formulário da página.
pub fn oferecidos(p: &Processo, ator: &Ator, hoje: Date) -> Vec<Oferecido> {
    DEFINICOES
        .iter()
        .filter(|d| d.entrada == Entrada::Formulario && d.na_pagina)
        .filter_map(|d| {
            let orgaos = cabe(d, p, ator, hoje)?;
            Some(Oferecido {
                definicao: d,
                orgaos: if d.com_orgao() { orgaos } else { Vec::new() },
            })
        })
        .collect()
}

/// Os órgãos para os quais o ato cabe a `ator` agora (nos atos sem órgão, a Comissão); `None`
/// se não cabe para nenhum.
pub fn cabe(def: &Definicao, p: &Processo, ator: &Ator, hoje: Date) -> Option<Vec<Orgao>> {
    let candidatos: &[Orgao] = if def.com_orgao() {
        &Orgao::TODOS
    } else {
        &[Orgao::Comissao]
    };
    let orgaos: Vec<Orgao> = candidatos
        .iter()
        .copied()
        .filter(|&o| {
            let Some(ato) = exemplo(def, o, hoje) else {
                return false;
            };
            if permissao(ator.papel, ato.acao()) == Permissao::Nao {
                return false;
            }
            match p.decidir(ator, &ato, hoje, hoje) {
                Ok(()) => true,
                Err(r) => r.depende_dos_valores(),
            }
        })
        .collect();
    (!orgaos.is_empty()).then_some(orgaos)
}

/// Um passo que o processo espera agora: o ato e os papéis a quem ele cabe.
#[derive(Debug, Clone)]
pub struct Proximo {
    /// O ato.
    pub definicao: &'static Definicao,
    /// Quem o pode dar.
    pub papeis: Vec<Papel>,
}

impl Proximo {
    /// Quem o dá, em palavras ("a Presidência da Comissão ou um membro").
    pub fn quem(&self) -> String {
        let nomes: Vec<&str> = self.papeis.iter().map(|p| p.quem_pratica()).collect();
        match nomes.as_slice() {
            [] => String::new(),
            [um] => (*um).to_owned(),
            [inicio @ .., ultimo] => format!("{} ou {ultimo}", inicio.join(", ")),
        }
    }
}

/// Os passos que o processo espera agora (os atos da fase que dão o passo,
/// [`crate::Fase::atos_do_proximo_passo`]) e a quem cabe cada um — decidido pelo rito com cada
/// papel, como para quem olha a página.
pub fn proximos(p: &Processo, hoje: Date) -> Vec<Proximo> {
    p.fase
        .atos_do_proximo_passo()
        .iter()
        .map(|t| t.definicao())
        .filter(|d| d.na_pagina)
        .filter_map(|d| {
            let papeis: Vec<Papel> = Papel::TODOS
                .into_iter()
                .filter(|papel| *papel != Papel::Publico)
                // o representante age só na representação que ele mesmo protocolou
                .filter(|papel| {
                    *papel != Papel::Representante
                        || p.protocolado_por_papel == Papel::Representante
                })
                .filter(|papel| {
                    // o ator do caso: o deputado autor, quem protocolou
                    let id = match (papel, &p.via) {
                        (Papel::Deputado, Via::Deputado { id }) => id.clone(),
                        (Papel::Representante, _) => p.protocolado_por.clone(),
                        _ => format!("quem-age-{}", papel.codigo()),
                    };
                    cabe(d, p, &Ator::new(id, *papel), hoje).is_some()
                })
                .collect();
            (!papeis.is_empty()).then_some(Proximo {
                definicao: d,
                papeis,
            })
        })
        .collect()
}

/// O próximo passo com quem o dá, numa frase: «Divulgar a representação» cabe à Presidência
/// da Comissão. Vazio quando nenhum ato o registra agora (o processo espera um prazo ou um
/// documento que não depende de ato na Assembleia).
pub fn frase_do_proximo(p: &Processo, hoje: Date) -> String {
    proximos(p, hoje)
        .iter()
        .map(|x| format!("«{}» cabe {}", x.definicao.titulo, x.quem()))
        .collect::<Vec<_>>()
        .join("; ")
}
