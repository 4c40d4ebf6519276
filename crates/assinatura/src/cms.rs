//! O CMS destacado da assinatura PAdES (RFC 5652; ETSI EN 319 122-1, CAdES-B-B): SignedData
//! sem o conteúdo, SHA-256, RSA PKCS#1 v1.5, os atributos assinados content-type,
//! message-digest e signing-certificate-v2 (RFC 5035) — sem signing-time, que o PAdES-B-B
//! proíbe (a hora vai no /M do dicionário da assinatura) — e os certificados do arquivo A1.
//!
//! A conferência faz o caminho de volta: o resumo dos bytes cobertos contra o message-digest, e
//! a assinatura dos atributos contra a chave do certificado embutido.

use cms::cert::{CertificateChoices, IssuerAndSerialNumber};
use cms::content_info::{CmsVersion, ContentInfo};
use cms::signed_data::{
    CertificateSet, EncapsulatedContentInfo, SignedData, SignerIdentifier, SignerInfo, SignerInfos,
};
use der::asn1::{Null, ObjectIdentifier as Oid, OctetString, SetOfVec};
use der::{Any, Decode, Encode, Sequence};
use rsa::pkcs1v15::Pkcs1v15Sign;
use sha2::{Digest, Sha256};
use x509_cert::attr::{Attribute, AttributeValue};
use x509_cert::ext::pkix::name::GeneralName;
use x509_cert::serial_number::SerialNumber;
use x509_cert::spki::AlgorithmIdentifierOwned;
use x509_cert::Certificate;

use crate::certificado::{chave_publica, Certificado};
use crate::Erro;

const ID_DATA: Oid = Oid::new_unwrap("1.2.840.113549.1.7.1");
const ID_SIGNED_DATA: Oid = Oid::new_unwrap("1.2.840.113549.1.7.2");
const ID_CONTENT_TYPE: Oid = Oid::new_unwrap("1.2.840.113549.1.9.3");
const ID_MESSAGE_DIGEST: Oid = Oid::new_unwrap("1.2.840.113549.1.9.4");
const ID_SIGNING_CERTIFICATE_V2: Oid = Oid::new_unwrap("1.2.840.113549.1.9.16.2.47");
const ID_SHA256: Oid = Oid::new_unwrap("2.16.840.1.101.3.4.2.1");
const RSA_ENCRYPTION: Oid = Oid::new_unwrap("1.2.840.113549.1.1.1");
const SHA256_WITH_RSA: Oid = Oid::new_unwrap("1.2.840.113549.1.1.11");

/// IssuerSerial (RFC 5035): o emissor como GeneralNames e o número de série.
#[derive(Clone, Debug, Eq, PartialEq, Sequence)]
struct IssuerSerial {
    issuer: Vec<GeneralName>,
    serial_number: SerialNumber,
}

/// ESSCertIDv2 (RFC 5035), com o algoritmo padrão (SHA-256) omitido, como o DER manda.
#[derive(Clone, Debug, Eq, PartialEq, Sequence)]
struct EssCertIdV2 {
    cert_hash: OctetString,
    issuer_serial: IssuerSerial,
}

/// SigningCertificateV2 (RFC 5035), sem políticas.
#[derive(Clone, Debug, Eq, PartialEq, Sequence)]
struct SigningCertificateV2 {
    certs: Vec<EssCertIdV2>,
}

fn alg(oid: Oid, nulo: bool) -> AlgorithmIdentifierOwned {
    AlgorithmIdentifierOwned {
        oid,
        parameters: nulo.then(|| Any::from(Null)),
    }
}

fn atributo(oid: Oid, valor: Any) -> der::Result<Attribute> {
    let mut values = SetOfVec::new();
    values.insert(AttributeValue::from(valor))?;
    Ok(Attribute { oid, values })
}

fn erro_der(e: der::Error) -> Erro {
    Erro::Interno(format!("codificação DER da assinatura: {e}"))
}

/// O CMS (ContentInfo com SignedData, em DER) que assina o resumo SHA-256 `resumo`.
pub(crate) fn assinar(resumo: &[u8; 32], cert: &Certificado) -> Result<Vec<u8>, Erro> {
    let tbs = &cert.signatario.tbs_certificate;
    let ess = SigningCertificateV2 {
        certs: vec![EssCertIdV2 {
            cert_hash: OctetString::new(Sha256::digest(&cert.der_signatario).to_vec())
                .map_err(erro_der)?,
            issuer_serial: IssuerSerial {
                issuer: vec![GeneralName::DirectoryName(tbs.issuer.clone())],
                serial_number: tbs.serial_number.clone(),
            },
        }],
    };
    let mut atributos = SetOfVec::new();
    atributos
        .insert(
            atributo(
                ID_CONTENT_TYPE,
                Any::encode_from(&ID_DATA).map_err(erro_der)?,
            )
            .map_err(erro_der)?,
        )
        .map_err(erro_der)?;
    atributos
        .insert(
            atributo(
                ID_MESSAGE_DIGEST,
                Any::encode_from(&OctetString::new(resumo.to_vec()).map_err(erro_der)?)
                    .map_err(erro_der)?,
            )
            .map_err(erro_der)?,
        )
        .map_err(erro_der)?;
    atributos
        .insert(
            atributo(
                ID_SIGNING_CERTIFICATE_V2,
                Any::encode_from(&ess).map_err(erro_der)?,
            )
            .map_err(erro_der)?,
        )
        .map_err(erro_der)?;
    // O que se assina é o DER dos atributos como SET OF (RFC 5652, 5.4).
    let a_assinar = atributos.to_der().map_err(erro_der)?;
    let resumo_atributos = Sha256::digest(&a_assinar);
    let assinatura = cert
        .chave
        .sign_with_rng(
            &mut rand_core::OsRng,
            Pkcs1v15Sign::new::<Sha256>(),
            &resumo_atributos,
        )
        .map_err(|e| Erro::Interno(format!("assinatura RSA: {e}")))?;
    let signer = SignerInfo {
        version: CmsVersion::V1,
        sid: SignerIdentifier::IssuerAndSerialNumber(IssuerAndSerialNumber {
            issuer: tbs.issuer.clone(),
            serial_number: tbs.serial_number.clone(),
        }),
        digest_alg: alg(ID_SHA256, false),
        signed_attrs: Some(atributos),
        signature_algorithm: alg(SHA256_WITH_RSA, true),
        signature: OctetString::new(assinatura).map_err(erro_der)?,
        unsigned_attrs: None,
    };
    let mut certificados = SetOfVec::new();
    for c in std::iter::once(&cert.signatario).chain(&cert.cadeia) {
        let escolha = CertificateChoices::Certificate(c.clone());
        if !certificados.iter().any(|x| x == &escolha) {
            certificados.insert(escolha).map_err(erro_der)?;
        }
    }
    let mut digest_algorithms = SetOfVec::new();
    digest_algorithms
        .insert(alg(ID_SHA256, false))
        .map_err(erro_der)?;
    let mut signer_infos = SetOfVec::new();
    signer_infos.insert(signer).map_err(erro_der)?;
    let sd = SignedData {
        version: CmsVersion::V1,
        digest_algorithms,
        encap_content_info: EncapsulatedContentInfo {
            econtent_type: ID_DATA,
            econtent: None,
        },
        certificates: Some(CertificateSet(certificados)),
        crls: None,
        signer_infos: SignerInfos(signer_infos),
    };
    ContentInfo {
        content_type: ID_SIGNED_DATA,
        content: Any::encode_from(&sd).map_err(erro_der)?,
    }
    .to_der()
    .map_err(erro_der)
}

/// O que a conferência de um CMS achou.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConferenciaCms {
    /// O CN do certificado do signatário, se achado.
    pub signatario: Option<String>,
    /// O message-digest assinado é o SHA-256 dos bytes cobertos.
    pub resumo_confere: bool,
    /// A assinatura dos atributos confere com a chave do certificado embutido.
    pub assinatura_confere: bool,
    /// O que impediu a conferência, quando algo impediu.
    pub problema: Option<String>,
}

/// Confere o CMS `der` (o /Contents sem os zeros do fim) contra o SHA-256 dos bytes cobertos.
pub(crate) fn conferir(der_cms: &[u8], resumo: &[u8; 32]) -> ConferenciaCms {
    let mut c = ConferenciaCms {
        signatario: None,
        resumo_confere: false,
        assinatura_confere: false,
        problema: None,
    };
    let falha = |mut c: ConferenciaCms, p: &str| {
        c.problema = Some(p.to_owned());
        c
    };
    // O /Contents vem com zeros depois do DER: lê-se só o primeiro objeto.
    let Ok(ci) = der::asn1::AnyRef::from_der(primeiro_tlv(der_cms).unwrap_or(der_cms))
        .and_then(|a| a.decode_as::<ContentInfo>())
    else {
        return falha(c, "o /Contents não é um CMS legível");
    };
    if ci.content_type != ID_SIGNED_DATA {
        return falha(c, "o CMS não é um SignedData");
    }
    let Ok(sd) = ci.content.decode_as::<SignedData>() else {
        return falha(c, "o SignedData do CMS está estragado");
    };
    let Some(si) = sd.signer_infos.0.iter().next() else {
        return falha(c, "o CMS não tem signatário");
    };
    let certs: Vec<&Certificate> = sd
        .certificates
        .as_ref()
        .map(|s| {
            s.0.iter()
                .filter_map(|x| match x {
                    CertificateChoices::Certificate(c) => Some(c),
                    CertificateChoices::Other(_) => None,
                })
                .collect()
        })
        .unwrap_or_default();
    let cert = match &si.sid {
        SignerIdentifier::IssuerAndSerialNumber(i) => certs.iter().find(|c| {
            c.tbs_certificate.issuer == i.issuer
                && c.tbs_certificate.serial_number == i.serial_number
        }),
        SignerIdentifier::SubjectKeyIdentifier(_) => certs.first(),
    };
    let Some(cert) = cert else {
        return falha(c, "o certificado do signatário não está no CMS");
    };
    c.signatario = crate::certificado::nome_comum(&cert.tbs_certificate.subject);
    if si.digest_alg.oid != ID_SHA256 {
        return falha(c, "o resumo não é SHA-256 (o divisa só confere SHA-256)");
    }
    let Some(atributos) = &si.signed_attrs else {
        return falha(c, "o CMS não tem atributos assinados (o PAdES exige)");
    };
    let resumo_assinado = atributos
        .iter()
        .find(|a| a.oid == ID_MESSAGE_DIGEST)
        .and_then(|a| a.values.iter().next())
        .and_then(|v| v.decode_as::<OctetString>().ok());
    c.resumo_confere = resumo_assinado.is_some_and(|r| r.as_bytes() == resumo);
    // A assinatura é dos atributos como foram escritos; o decodificador os reordena, então
    // conferem-se os bytes de volta no CMS (o DER exige a ordem, e um CMS em DER a tem).
    let Ok(mut codificados) = atributos.to_der() else {
        return falha(c, "os atributos assinados estão estragados");
    };
    let mut implicito = codificados.clone();
    implicito[0] = 0xA0; // [0] IMPLICIT no SignerInfo
    if !der_cms.windows(implicito.len()).any(|w| w == implicito) {
        return falha(
            c,
            "os atributos assinados não estão em DER (fora de ordem): não conferidos",
        );
    }
    codificados[0] = 0x31;
    let Some(chave) = chave_publica(cert) else {
        return falha(
            c,
            "a chave do certificado não é RSA (o divisa só confere RSA)",
        );
    };
    if ![RSA_ENCRYPTION, SHA256_WITH_RSA].contains(&si.signature_algorithm.oid) {
        return falha(c, "o algoritmo da assinatura não é RSA com SHA-256");
    }
    c.assinatura_confere = chave
        .verify(
            Pkcs1v15Sign::new::<Sha256>(),
            &Sha256::digest(&codificados),
            si.signature.as_bytes(),
        )
        .is_ok();
    c
}

/// O primeiro TLV de `bytes` (o CMS antes dos zeros de enchimento).
fn primeiro_tlv(bytes: &[u8]) -> Option<&[u8]> {
    let mut r = der::SliceReader::new(bytes).ok()?;
    let cabecalho = der::Header::decode(&mut r).ok()?;
    let total = (cabecalho.encoded_len().ok()? + cabecalho.length).ok()?;
    bytes.get(..usize::try_from(total).ok()?)
}
