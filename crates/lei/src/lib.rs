//! A Lei Complementar nº 23/1992 de Mato Grosso como código.
//!
//! - [`texto`]: a lei estruturada (`dados/lei/lc-23-1992.toml`), com cada redação datada;
//!   `texto::lei()?.dispositivo("art2_cpt_inc1")?.em(data)` diz o que vigorava.
//! - [`avaliar`]: fatos de uma proposta + data → um [`Achado`] por dispositivo e os [`Alerta`]s
//!   do direito federal.
//! - [`varredura`]: os 142 municípios diante do Art. 2º, I a V (Art. 10, I).
//! - [`calendario`]: as eleições municipais, para o Art. 3º e o ano de instalação.
//!
//! Os módulos `artNN_*` seguem a lei: cada um traz o texto do artigo no cabeçalho e o código que
//! o aplica logo abaixo. Limiares nunca são escritos no código: vêm dos `parametros` da redação
//! em vigor na data.
//!
//! **Invariante:** sem E/S, sem relógio, sem SQL: a data é um argumento, e os dados de referência
//! vêm de `divisa-referencia` (embutidos).

// `Result<Achado, Achado>`: o `Err` é um achado pronto ("redação não disponível", "parâmetro
// ausente") do mesmo tamanho do `Ok`, devolvido com `?`. Encaixotá-lo só acrescentaria ruído.
#![allow(clippy::result_large_err)]

mod achado;
mod art02_par1_origens;
mod art02_requisitos;
mod art03_prazo_eleitoral;
mod art06_alteracao;
mod art06_toponimia;
mod art07_lei_de_criacao;
mod art08_revisao_limites;
mod art10_extincao;
mod art11_plebiscito;
pub mod art13_representacao;
mod art25_distritos;
mod avaliar;
pub mod calendario;
pub mod cobertura;
mod continuidade;
pub mod fatos;
mod federal;
mod regra;
pub mod texto;
mod varredura;

pub use achado::{conclusao_de, orgao, Achado, Alerta, Avaliacao, Conclusao, Situacao};
pub use art06_toponimia::{data_no_nome, palavras_que_contam};
pub use art10_extincao::LEITURA_ART10_INC1;
pub use avaliar::{avaliar, ErroAvaliacao};
pub use fatos::{Fatos, Tipo};
pub use varredura::{varredura, MunicipioVarrido};

/// A avaliação só do Art. 6º (o comando `divisa toponimo`): as quatro regras do caput e o § 1º.
pub fn toponimo(
    nome: &str,
    pessoa_viva: Option<bool>,
    data: jiff::civil::Date,
) -> Result<Vec<Achado>, ErroAvaliacao> {
    let lei = texto::lei()?;
    let fatos = Fatos::vazios(Tipo::CriacaoDistrito);
    let ctx = regra::Contexto {
        lei,
        data,
        fatos: &fatos,
    };
    let alvo = art06_toponimia::Nome {
        nome,
        distritos_excluidos: Vec::new(),
        municipios_excluidos: Vec::new(),
        pessoa_viva,
    };
    Ok(art06_toponimia::toponimia(&ctx, Some(&alvo)))
}

/// A pergunta do plebiscito nas palavras do Art. 12, II (para o projeto de decreto legislativo
/// do Art. 18, § 2º), pelo texto em vigor em `data`.
pub fn pergunta_do_plebiscito(
    fatos: &Fatos,
    data: jiff::civil::Date,
) -> Result<String, ErroAvaliacao> {
    let lei = texto::lei()?;
    Ok(art11_plebiscito::pergunta(&regra::Contexto {
        lei,
        data,
        fatos,
    }))
}
