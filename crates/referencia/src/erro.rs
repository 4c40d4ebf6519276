//! Erros na leitura dos dados embutidos.
//!
//! Os dados vêm dentro do executável e são conferidos pelos testes, então um erro daqui é um
//! defeito do divisa, não do usuário: a mensagem diz o arquivo e a linha para quem for
//! consertar.

/// Um defeito nos dados de referência embutidos.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum ErroDados {
    /// Uma linha de um CSV embutido não tem a forma esperada.
    #[error("dados/{arquivo}, linha {linha}: {mensagem}")]
    Linha {
        /// Nome do arquivo em `dados/`.
        arquivo: &'static str,
        /// Linha do arquivo (1 = cabeçalho).
        linha: u64,
        /// O que estava errado.
        mensagem: String,
    },
    /// Um arquivo cita um município de Mato Grosso que não está na lista do IBGE.
    #[error("dados/{arquivo}: o código {codigo} não é de nenhum dos municípios de Mato Grosso")]
    CodigoSemMunicipio {
        /// Nome do arquivo em `dados/`.
        arquivo: &'static str,
        /// O código IBGE sem correspondência.
        codigo: u32,
    },
    /// Um município aparece duas vezes num arquivo que deveria ter uma linha por município.
    #[error("dados/{arquivo}: o código {codigo} aparece mais de uma vez")]
    CodigoRepetido {
        /// Nome do arquivo em `dados/`.
        arquivo: &'static str,
        /// O código IBGE repetido.
        codigo: u32,
    },
    /// A malha municipal embutida não pôde ser decodificada.
    #[error("a malha municipal embutida está corrompida no município {codigo}")]
    MalhaCorrompida {
        /// Código IBGE do município cujo polígono falhou.
        codigo: u32,
    },
}
