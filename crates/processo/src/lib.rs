//! O processo da LC 23/1992: da representação (Art. 14) à lei ou ao arquivamento.
//!
//! - [`Ato`] e [`Evento`]: o que se pede e o que fica gravado; a sequência só cresce.
//! - [`Processo`]: o estado deduzido dos eventos; [`Processo::decidir`] aceita ou recusa um ato
//!   citando o artigo ([`Recusa`]; as condições de cada ato em `guardas.rs`); [`Processo::aplicar`]
//!   dobra um evento aceito. [`Fase`]: as fases do rito.
//! - `pendencias.rs`: prazos, pendências e alertas de um processo ([`Pendencia`], [`Alerta`]).
//! - [`papel`]: a matriz papel × ação (Arts. 14, 17, 21, 22, 23).
//! - [`prazos`]: prazos contados (Art. 2º, § 3º) e a regra de contagem.
//! - [`Nup`]: o número de protocolo com dígitos verificadores.
//! - [`cadeia`]: a cadeia de hashes dos eventos, para a auditoria.
//!
//! **Invariante:** sem E/S, sem relógio: o dia do ato e o dia de hoje são argumentos. Guardar
//! os eventos é do `divisa-registro`.

mod ato;
pub mod cadeia;
mod fase;
mod guardas;
mod nup;
pub mod papel;
mod pendencias;
pub mod prazos;
mod processo;
mod recusa;

pub use ato::{
    certidao_numero, codigos_ibge, nome_do_formato, nomes_oficiais, Anexo, Apuracao, ApuracaoSecao,
    Ato, ConteudoLei, Decisao, DocumentoArt15, Evento, NovaRepresentacao, NumerosCertificados,
    TipoProcesso, Via, Voto, VotoNominal, Votos,
};
pub use fase::Fase;
pub use nup::{Nup, UNIDADE_PADRAO};
pub use papel::{Acao, Ator, Orgao, Papel, Permissao};
pub use pendencias::{Alerta, Pendencia, TipoPendencia};
pub use processo::{
    corte_eleitoral, protocolar, Arquivamento, Processo, Requisicao, Resposta, SituacaoDoDocumento,
};
pub use recusa::{Natureza, Recusa};
