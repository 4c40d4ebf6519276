//! O processo da LC 23/1992: da representação (Art. 14) à lei ou ao arquivamento.
//!
//! - [`Ato`] e [`Evento`]: o que se pede e o que fica gravado; a sequência só cresce.
//! - [`Processo`]: o estado deduzido dos eventos; [`Processo::decidir`] aceita ou recusa um ato
//!   citando o artigo ([`Recusa`]; as condições de cada ato em `guardas.rs`); [`Processo::aplicar`]
//!   dobra um evento aceito. [`Fase`]: as fases do rito.
//! - `pendencias.rs`: prazos, pendências e alertas de um processo ([`Pendencia`], [`Alerta`]).
//! - [`Definicao`] e [`DEFINICOES`]: cada ato declarado uma vez (código, título, artigo, campos,
//!   ação); [`montar_ato`], [`ato_de_json`] e [`ato_de_objeto`] leem um ato escrito por eles.
//! - [`oferta`]: os atos que cabem a quem olha, e quem dá o próximo passo.
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
pub mod oferta;
pub mod papel;
mod pendencias;
pub mod prazos;
mod processo;
mod protocolo;
mod recusa;

pub use ato::{
    ajuda_dos_atos, ato_de_json, ato_de_objeto, certidao_numero, exemplo, incisos_do_orgao,
    montar_ato, nome_do_formato, nomes_das_origens, numeros_do_orgao, origens, traduzir_serde,
    valor_do_campo, Anexo, Apuracao, ApuracaoSecao, Ato, Campo, ConteudoLei, Decisao, Definicao,
    DocumentoArt15, Entrada, ErroDoAto, ErroTipoProcesso, Evento, NovaRepresentacao, NumeroDoArt2,
    NumerosCertificados, TipoDeAto, TipoDeCampo, TipoProcesso, Via, Voto, VotoNominal, Votos,
    DEFINICOES, NUMEROS_DO_ART2,
};
pub use fase::Fase;
pub use nup::{ErroNup, Nup, UNIDADE_PADRAO};
pub use papel::{Acao, Ator, Orgao, Papel, Permissao};
pub use pendencias::{AlertaDePrazo, Pendencia, TipoPendencia};
pub use processo::{
    corte_eleitoral, Arquivamento, ErroEventos, Processo, Requisicao, Resposta, SituacaoDoDocumento,
};
pub use protocolo::protocolar;
pub use recusa::{Natureza, Recusa};
