//! A recusa de um ato, sempre com o artigo que a fundamenta e a natureza do impedimento.

use std::fmt;

/// De onde vem o impedimento. Decide o que as telas oferecem: o ato recusado pela fase, pelo
/// papel, pelo caso ou pelo estado dos autos não aparece para quem não pode praticá-lo; o
/// recusado por uma condição dos valores (um placar, uma data, um número) aparece, e quem o
/// preenche vê a recusa com o artigo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Natureza {
    /// O ato não cabe na fase do processo (ou o processo terminou, ou foi arquivado).
    Fase,
    /// O papel de quem age não pratica o ato (a matriz de `papel`, Arts. 22 e 23).
    Papel,
    /// O caso concreto: a certidão é de outro órgão, o processo é de outro representante, o
    /// deputado não é o autor, o servidor não foi autorizado, o tipo de processo dispensa o ato.
    Caso,
    /// O estado dos autos: o ato já foi praticado, ou falta o que a lei põe antes dele (o
    /// ofício antes do recebimento, a visita antes da apuração do inciso V).
    Estado,
    /// A lei veda o ato a todos (Art. 19: a urgência).
    Vedado,
    /// Uma condição dos valores do ato: o que foi preenchido não satisfaz o artigo.
    #[default]
    Condicao,
}

/// Um ato recusado: o artigo, o porquê em português e a natureza do impedimento.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Recusa {
    /// O dispositivo que impede (ex.: "Art. 19, § 3º").
    pub artigo: String,
    /// O porquê.
    pub motivo: String,
    /// De onde vem o impedimento.
    pub natureza: Natureza,
    /// O campo do pedido a que a recusa se refere, quando é de um (`origem`, `assinaturas`,
    /// `deputado`, `servidor` …): a página mostra a mensagem junto dele, a API o devolve em
    /// `campo`. Quem recusa sabe o campo; ninguém o adivinha pelas palavras do motivo.
    pub campo: Option<&'static str>,
}

impl Recusa {
    /// Uma recusa por uma condição dos valores do ato.
    pub fn new(artigo: impl Into<String>, motivo: impl Into<String>) -> Recusa {
        Recusa::de(Natureza::Condicao, artigo, motivo)
    }

    /// Uma recusa da natureza dada.
    pub fn de(natureza: Natureza, artigo: impl Into<String>, motivo: impl Into<String>) -> Recusa {
        Recusa {
            artigo: artigo.into(),
            motivo: motivo.into(),
            natureza,
            campo: None,
        }
    }

    /// A mesma recusa, dita do `campo`.
    pub fn no_campo(self, campo: &'static str) -> Recusa {
        Recusa {
            campo: Some(campo),
            ..self
        }
    }

    /// Se a recusa depende só do que foi preenchido: o ato cabe a quem age, agora, e a tela o
    /// oferece.
    pub fn depende_dos_valores(&self) -> bool {
        self.natureza == Natureza::Condicao
    }
}

impl fmt::Display for Recusa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "recusado ({}): {}", self.artigo, self.motivo)
    }
}
