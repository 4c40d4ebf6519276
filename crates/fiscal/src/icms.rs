//! A cota-parte do ICMS (Art. 7º, V da LC 23/1992): o percentual do índice de participação (IPM)
//! de cada município de origem que passa ao município criado.
//!
//! - [`ler_ipm`]: a tabela de índices da SEFAZ-MT (CSV do usuário; nenhuma vem embutida).
//! - [`pesos_icms`]: os pesos dos critérios da cota-parte por ano de repasse, com a fonte.
//! - [`calcular_icms`]: o percentual e os índices antes e depois, pelos pesos da lei ou pela
//!   média de pares (LC nº 808/2024).
//!
//! Sem a tabela de índices, o ICMS fica pendente, com o motivo ([`ICMS_PENDENTE_SEM_TABELA`]):
//! nenhum índice é inventado.

mod calculo;
mod entrada;
mod indices;
mod pesos;

pub(crate) use calculo::indice_br;
pub use calculo::{
    calcular_icms, ContribuicaoCriterio, IndiceMunicipio, MetodoAplicado, ParIcms,
    PercentualOrigem, PesosUsados, ResultadoIcms, CASAS_INDICE, CASAS_PERCENTUAL,
    DESCRICAO_MEDIA_DE_PARES, DESCRICAO_PESOS_DA_LEI, PARES_LC_808_2024,
};
pub use entrada::{DestinoIcms, EntradaIcms, MetodoIcms, OrigemIcms, Parte};
pub use indices::{ler_ipm, IndiceIpm, TabelaIpm, CABECALHO_IPM, TOLERANCIA_TOTAL_IPM};
pub use pesos::{pesos_icms, CriterioIcms, PesosEscolhidos, PesosIcms, PESOS_ICMS};

/// O motivo do ICMS pendente quando não se deu a tabela de índices. Vai às páginas e ao Estudo
/// de Viabilidade Fiscal: diz o que falta em palavras de quem lê, não o formato do arquivo (as
/// colunas estão na ajuda da linha de comando e na mensagem que recusa uma tabela malformada).
pub const ICMS_PENDENTE_SEM_TABELA: &str = "sem a tabela dos índices de participação (IPM) da \
    SEFAZ-MT: o Art. 7º, V da LC 23/1992 aplica o percentual sobre o índice de cada município de \
    origem, e o parágrafo único manda usar as informações do órgão fazendário estadual. Falta a \
    tabela da portaria em vigor, com o código IBGE, o índice (em %) e a fonte de cada município \
    de origem; nenhum índice é inventado.";
