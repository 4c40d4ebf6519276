//! O número de protocolo no formato NUP: `NNNNN.NNNNNN/AAAA-DD`.
//!
//! Unidade protocolizadora (5 dígitos), sequencial no ano (6), ano (4) e dois dígitos
//! verificadores em módulo 11 (Portaria SLTI/MP nº 3/2003): o primeiro sobre os 15 dígitos com
//! pesos 2, 3, 4 … da direita para a esquerda, `11 − resto` (10 vira 0, 11 vira 1); o segundo do
//! mesmo modo sobre os 16 (com o primeiro). Conferido com um número publicado:
//! 60041.001093/2020-97 (Portaria GM-MD nº 1.342/2021).

use serde::{Deserialize, Serialize};
use std::fmt;

/// Um protocolo que não se lê como NUP.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErroNup {
    /// Fora do formato `NNNNN.NNNNNN/AAAA-DD`.
    #[error("protocolo \"{0}\" fora do formato NNNNN.NNNNNN/AAAA-DD (ex.: 00001.000001/2026-91)")]
    Formato(String),
    /// Os dígitos verificadores não conferem.
    #[error("protocolo \"{texto}\": dígitos verificadores não conferem (esperado -{esperado})")]
    Digitos {
        /// O protocolo como veio.
        texto: String,
        /// Os dígitos certos.
        esperado: String,
    },
    /// Sequencial zero ou ano fora de 1000–9999.
    #[error("protocolo \"{0}\": sequencial 000000 ou ano fora de 1000–9999")]
    ForaDaFaixa(String),
}

/// Um número de protocolo válido.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Nup(String);

/// A unidade protocolizadora quando nenhuma foi configurada.
pub const UNIDADE_PADRAO: u32 = 1;

impl Nup {
    /// O NUP de `sequencial` no `ano`, na `unidade`. `None` se algum campo não cabe nos dígitos.
    pub fn novo(unidade: u32, sequencial: u32, ano: i16) -> Option<Nup> {
        if unidade > 99_999
            || sequencial == 0
            || sequencial > 999_999
            || !(1000..=9999).contains(&ano)
        {
            return None;
        }
        let base = format!("{unidade:05}{sequencial:06}{ano:04}");
        let d1 = digito(&base);
        let d2 = digito(&format!("{base}{d1}"));
        Some(Nup(format!(
            "{}.{}/{}-{d1}{d2}",
            &base[0..5],
            &base[5..11],
            &base[11..15]
        )))
    }

    /// Lê e confere um NUP; `Err` diz, em português, o que está errado.
    pub fn ler(texto: &str) -> Result<Nup, ErroNup> {
        let t = texto.trim();
        let b = t.as_bytes();
        let formato = b.len() == 20
            && b[5] == b'.'
            && b[12] == b'/'
            && b[17] == b'-'
            && b.iter()
                .enumerate()
                .all(|(i, c)| matches!(i, 5 | 12 | 17) || c.is_ascii_digit());
        let numeros = formato
            .then(|| {
                Some((
                    t[0..5].parse::<u32>().ok()?,
                    t[6..12].parse::<u32>().ok()?,
                    t[13..17].parse::<i16>().ok()?,
                ))
            })
            .flatten();
        let Some((unidade, seq, ano)) = numeros else {
            return Err(ErroNup::Formato(t.to_owned()));
        };
        match Nup::novo(unidade, seq, ano) {
            Some(certo) if certo.0 == t => Ok(certo),
            Some(certo) => Err(ErroNup::Digitos {
                texto: t.to_owned(),
                esperado: certo.0[18..].to_owned(),
            }),
            None => Err(ErroNup::ForaDaFaixa(t.to_owned())),
        }
    }

    /// O texto (`00001.000001/2026-91`).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// O ano do protocolo.
    pub fn ano(&self) -> i16 {
        self.0[13..17].parse().unwrap_or(0)
    }
}

fn digito(numeros: &str) -> u32 {
    let soma: u32 = numeros
        .bytes()
        .rev()
        .zip(2..)
        .map(|(c, peso)| u32::from(c - b'0') * peso)
        .sum();
    (11 - soma % 11) % 10
}

impl fmt::Display for Nup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for Nup {
    type Error = ErroNup;
    fn try_from(s: String) -> Result<Nup, ErroNup> {
        Nup::ler(&s)
    }
}

impl From<Nup> for String {
    fn from(n: Nup) -> String {
        n.0
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn confere_com_numero_publicado() {
        // Portaria GM-MD nº 1.342/2021: "Processo Administrativo nº 60041.001093/2020-97".
        let n = Nup::novo(60041, 1093, 2020).unwrap();
        assert_eq!(n.as_str(), "60041.001093/2020-97");
        assert_eq!(Nup::ler("60041.001093/2020-97").unwrap(), n);
    }

    #[test]
    fn qualquer_digito_trocado_e_detectado() {
        let certo = "60041.001093/2020-97";
        for (i, c) in certo.char_indices() {
            if !c.is_ascii_digit() {
                continue;
            }
            let outro = if c == '9' { '0' } else { (c as u8 + 1) as char };
            let mut errado = certo.to_string();
            errado.replace_range(i..i + 1, &outro.to_string());
            assert!(Nup::ler(&errado).is_err(), "{errado} passou");
        }
        let e = Nup::ler("60041.001093/2020-9").unwrap_err();
        assert!(matches!(e, ErroNup::Formato(_)) && e.to_string().contains("formato"));
        let e = Nup::ler("60041.001093/2020-98").unwrap_err();
        assert!(
            matches!(&e, ErroNup::Digitos { esperado, .. } if esperado == "97")
                && e.to_string().contains("-97")
        );
        assert!(matches!(
            Nup::ler("00001.000000/2026-00"),
            Err(ErroNup::ForaDaFaixa(_))
        ));
    }

    #[test]
    fn campos_fora_dos_digitos() {
        assert!(Nup::novo(100_000, 1, 2026).is_none());
        assert!(Nup::novo(1, 1_000_000, 2026).is_none());
        assert!(Nup::novo(1, 0, 2026).is_none());
    }
}
