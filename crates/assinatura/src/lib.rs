//! A assinatura digital dos documentos da Comissão: PAdES-B-B (ETSI EN 319 142-1) com o
//! certificado A1 do ICP-Brasil (arquivo PKCS#12 e senha), feita como atualização incremental
//! do PDF (ISO 32000-1, 12.8): os bytes do documento ficam intactos, e o código de verificação
//! e as assinaturas anteriores continuam conferindo. Várias assinaturas (relator, presidente)
//! são várias atualizações, uma depois da outra.
//!
//! Também lê e confere as assinaturas de um PDF: o que cada uma cobre, o resumo SHA-256 e a
//! assinatura RSA contra o certificado embutido. A confiança na cadeia (a AC raiz do ICP-Brasil,
//! a revogação) não é conferida aqui: é a do validador do ITI ou do leitor de PDF.
//!
//! Fica num crate à parte porque as dependências (PKCS#12, CMS, RSA, o leitor de PDF) só
//! interessam a quem assina e a quem confere um arquivo: a linha de comando e a verificação dos
//! documentos emitidos (`divisa_autos::conferir`, a página `/verificar`); os documentos não as
//! compilam. [`revisoes`] diz onde termina cada revisão: a primeira é o documento emitido.
//!
//! Puro: bytes entram, bytes saem; o instante da assinatura é argumento.

mod certificado;
mod cms;
mod conteudo;
mod pdf;
mod revisoes;

pub use certificado::Certificado;
pub use cms::ConferenciaCms;
pub use conteudo::{metadados_xmp, resumo_do_conteudo};
pub use pdf::{assinar, assinaturas, Assinatura, MOTIVO};
pub use revisoes::{acrescimos_so_de_assinatura, fim_da_primeira_revisao, revisoes, MAIS_REVISOES};

/// Por que não se assinou. A mensagem diz, em português, o arquivo e o que se esperava.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Erro {
    /// A senha não abre o certificado (o arquivo).
    Senha(String),
    /// O certificado: sem chave, fora da validade, ilegível.
    Certificado(String),
    /// O PDF: não é PDF, é cifrado, está estragado.
    Pdf(String),
    /// Uma falha que não é da entrada.
    Interno(String),
}

impl std::fmt::Display for Erro {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Erro::Senha(nome) => write!(f, "{nome}: a senha não abre o certificado"),
            Erro::Certificado(m) | Erro::Pdf(m) => f.write_str(m),
            Erro::Interno(m) => write!(f, "erro interno: {m}"),
        }
    }
}

impl std::error::Error for Erro {}
