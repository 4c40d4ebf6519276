//! O certificado A1 (PKCS#12, .p12/.pfx): a chave RSA, o certificado do signatário e a cadeia.

use der::{Decode, Encode};
use jiff::Timestamp;
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::{RsaPrivateKey, RsaPublicKey};
use x509_cert::ext::pkix::name::DirectoryString;
use x509_cert::name::Name;
use x509_cert::Certificate;

use crate::Erro;

/// O certificado aberto: a chave, o certificado do signatário (o primeiro da cadeia) e os
/// certificados das autoridades que vieram no arquivo.
pub struct Certificado {
    pub(crate) chave: RsaPrivateKey,
    pub(crate) signatario: Certificate,
    pub(crate) der_signatario: Vec<u8>,
    pub(crate) cadeia: Vec<Certificate>,
}

impl std::fmt::Debug for Certificado {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A chave nunca vai a um log.
        f.debug_struct("Certificado")
            .field("titular", &self.titular())
            .finish_non_exhaustive()
    }
}

impl Certificado {
    /// Abre o PKCS#12 com a senha. O `nome` (o arquivo) vai nas mensagens; a senha, nunca.
    pub fn abrir(nome: &str, bytes: &[u8], senha: &str) -> Result<Certificado, Erro> {
        let loja = match p12_keystore::KeyStore::from_pkcs12(bytes, senha) {
            Ok(l) => l,
            Err(p12_keystore::error::Error::MacError(_)) => {
                return Err(Erro::Senha(nome.to_owned()));
            }
            Err(
                p12_keystore::error::Error::UnpadError
                | p12_keystore::error::Error::Pkcs5Error(_),
            ) => return Err(Erro::Senha(nome.to_owned())),
            Err(
                p12_keystore::error::Error::UnsupportedEncryptionScheme
                | p12_keystore::error::Error::UnsupportedMacAlgorithm,
            ) => {
                return Err(Erro::Certificado(format!(
                    "{nome}: o arquivo usa uma cifra que o divisa não abre (esperava PBES2 com AES, ou o 3DES/RC2 dos arquivos antigos)"
                )))
            }
            Err(_) => {
                return Err(Erro::Certificado(format!(
                    "{nome}: não é um certificado A1 legível (esperava um arquivo PKCS#12, .p12 ou .pfx)"
                )))
            }
        };
        let Some((_, cadeia)) = loja.private_key_chain() else {
            return Err(Erro::Certificado(format!(
                "{nome}: o arquivo não traz a chave privada (só certificados); exporte o A1 com a chave"
            )));
        };
        let chave = RsaPrivateKey::from_pkcs8_der(cadeia.key()).map_err(|_| {
            Erro::Certificado(format!(
                "{nome}: a chave privada não é RSA (os certificados A1 do ICP-Brasil são RSA)"
            ))
        })?;
        let mut certs = Vec::new();
        for c in cadeia.chain() {
            let cert = Certificate::from_der(c.as_der()).map_err(|e| {
                Erro::Certificado(format!(
                    "{nome}: um certificado da cadeia está estragado ({e})"
                ))
            })?;
            certs.push(cert);
        }
        if certs.is_empty() {
            return Err(Erro::Certificado(format!(
                "{nome}: o arquivo traz a chave mas não o certificado dela"
            )));
        }
        let signatario = certs.remove(0);
        let der_signatario = signatario
            .to_der()
            .map_err(|e| Erro::Certificado(format!("{nome}: certificado ilegível ({e})")))?;
        // A chave tem de ser a do certificado.
        let publica = rsa::RsaPublicKey::from(&chave);
        let do_cert = chave_publica(&signatario);
        if do_cert.as_ref() != Some(&publica) {
            return Err(Erro::Certificado(format!(
                "{nome}: a chave privada não é a do certificado que vem com ela"
            )));
        }
        Ok(Certificado {
            chave,
            signatario,
            der_signatario,
            cadeia: certs,
        })
    }

    /// O nome do titular (o CN do certificado; no ICP-Brasil, "NOME:CPF").
    pub fn titular(&self) -> String {
        nome_comum(&self.signatario.tbs_certificate.subject).unwrap_or_else(|| "(sem nome)".into())
    }

    /// Validade: (não antes de, não depois de).
    pub fn validade(&self) -> (Timestamp, Timestamp) {
        let v = &self.signatario.tbs_certificate.validity;
        (instante(v.not_before), instante(v.not_after))
    }

    /// Recusa o certificado fora da validade em `agora`, dizendo as datas (dd/mm/aaaa).
    pub fn valido_em(&self, nome: &str, agora: Timestamp) -> Result<(), Erro> {
        let (antes, depois) = self.validade();
        if agora < antes {
            return Err(Erro::Certificado(format!(
                "{nome}: o certificado de {} só vale a partir de {} (vale de {} a {})",
                self.titular(),
                data_br(antes),
                data_br(antes),
                data_br(depois)
            )));
        }
        if agora > depois {
            return Err(Erro::Certificado(format!(
                "{nome}: o certificado de {} venceu em {} (valia de {} a {})",
                self.titular(),
                data_br(depois),
                data_br(antes),
                data_br(depois)
            )));
        }
        Ok(())
    }
}

fn instante(t: x509_cert::time::Time) -> Timestamp {
    let s = i64::try_from(t.to_unix_duration().as_secs()).unwrap_or(i64::MAX);
    Timestamp::from_second(s).unwrap_or(Timestamp::MAX)
}

/// dd/mm/aaaa no horário de Cuiabá (UTC−4).
pub(crate) fn data_br(t: Timestamp) -> String {
    let d = jiff::tz::offset(-4).to_datetime(t).date();
    format!("{:02}/{:02}/{:04}", d.day(), d.month(), d.year())
}

/// O CN (2.5.4.3) de um nome X.500.
pub(crate) fn nome_comum(nome: &Name) -> Option<String> {
    const CN: der::oid::ObjectIdentifier = der::oid::ObjectIdentifier::new_unwrap("2.5.4.3");
    nome.0
        .iter()
        .flat_map(|rdn| rdn.0.iter())
        .find(|a| a.oid == CN)
        .and_then(|a| a.value.to_der().ok())
        .and_then(|d| DirectoryString::from_der(&d).ok())
        .map(|d| match d {
            DirectoryString::PrintableString(s) => s.to_string(),
            DirectoryString::TeletexString(s) => s.to_string(),
            DirectoryString::Utf8String(s) => s,
        })
}

/// A chave pública RSA de um certificado (`None` se não for RSA).
pub(crate) fn chave_publica(cert: &Certificate) -> Option<RsaPublicKey> {
    let spki = cert.tbs_certificate.subject_public_key_info.to_der().ok()?;
    RsaPublicKey::from_public_key_der(&spki).ok()
}
