//! A recusa de um ato, sempre com o artigo que a fundamenta.

use std::fmt;

/// Um ato recusado: o artigo e o porquê, em português.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Recusa {
    /// O dispositivo que impede (ex.: "Art. 19, § 3º").
    pub artigo: String,
    /// O porquê.
    pub motivo: String,
}

impl Recusa {
    /// Uma recusa.
    pub fn new(artigo: impl Into<String>, motivo: impl Into<String>) -> Recusa {
        Recusa {
            artigo: artigo.into(),
            motivo: motivo.into(),
        }
    }
}

impl fmt::Display for Recusa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "recusado ({}): {}", self.artigo, self.motivo)
    }
}
