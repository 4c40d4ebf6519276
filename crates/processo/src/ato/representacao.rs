//! A representação (Arts. 13 a 15): o tipo de processo, a via por onde chegou, os documentos do
//! Art. 15, os dados de uma nova representação e o conteúdo do Art. 7º no projeto de lei.

use serde::{Deserialize, Serialize};

use divisa_referencia::mt::{Busca, Sugestao};
use divisa_referencia::CodigoIbge;

use crate::papel::Orgao;
use crate::Recusa;

/// Os tipos de processo que seguem o rito dos Arts. 13 a 20.
///
/// Leitura registrada: o Art. 11 ("A criação de município, a incorporação, a fusão ou o
/// desmembramento de área municipal serão admitidos mediante elaboração de lei, se ... aprovada
/// em processo plebiscitário") define o que passa por este rito. Ficam fora: a extinção (Art. 10,
/// "declarada em lei estadual" a qualquer tempo), a alteração de nome (Art. 6º, § 2º:
/// representação do Prefeito com a Câmara, plebiscito fiscalizado pelos partidos) e os distritos
/// (Art. 24, § 1º: lei municipal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TipoProcesso {
    /// Criação de município por desmembramento (Art. 1º, § 3º; Art. 2º).
    Criacao,
    /// Fusão de municípios inteiros (Art. 4º: dispensa o Art. 2º).
    Fusao,
    /// Incorporação de um município a outro.
    Incorporacao,
    /// Desmembramento de área na revisão de limites (Art. 8º; Art. 13).
    Desmembramento,
}

impl TipoProcesso {
    /// Todos, na ordem em que se oferecem (a criação e a revisão de limites, as mais pedidas,
    /// primeiro): o formulário da representação, o filtro da lista e o esquema da API os leem.
    pub const TODOS: [TipoProcesso; 4] = [
        TipoProcesso::Criacao,
        TipoProcesso::Desmembramento,
        TipoProcesso::Incorporacao,
        TipoProcesso::Fusao,
    ];

    /// O identificador (o mesmo `tipo` da proposta, CONTRACT §2).
    pub fn codigo(self) -> &'static str {
        self.tipo_da_proposta().codigo()
    }

    /// O nome por extenso (o mesmo do tipo da proposta).
    pub fn nome(self) -> &'static str {
        self.tipo_da_proposta().descricao()
    }

    /// O inverso de [`TipoProcesso::codigo`]; `Err` explica por que o tipo não segue este rito.
    pub fn de_codigo(codigo: &str) -> Result<TipoProcesso, ErroTipoProcesso> {
        match divisa_lei::Tipo::de_codigo(codigo) {
            Some(tipo) => TipoProcesso::try_from(tipo),
            None => Err(ErroTipoProcesso::Desconhecido(codigo.to_owned())),
        }
    }

    /// O tipo de proposta que este processo é (a lei avalia a proposta pelo seu tipo).
    pub fn tipo_da_proposta(self) -> divisa_lei::Tipo {
        match self {
            TipoProcesso::Criacao => divisa_lei::Tipo::Criacao,
            TipoProcesso::Fusao => divisa_lei::Tipo::Fusao,
            TipoProcesso::Incorporacao => divisa_lei::Tipo::Incorporacao,
            TipoProcesso::Desmembramento => divisa_lei::Tipo::Desmembramento,
        }
    }

    /// Os órgãos de que a Comissão requisita certidões (Art. 2º, §§ 2º e 3º).
    ///
    /// Leitura registrada: na fusão o Art. 4º dispensa os requisitos do Art. 2º — não há o que
    /// certificar. No desmembramento e na incorporação, o Art. 2º não se aplica como tal, mas a
    /// Cartografia apura a área, a continuidade e os tetos do Art. 8º, § 2º, e o TRE os eleitores
    /// que votarão no plebiscito (Art. 11, § 2º): são essas as certidões pedidas.
    pub fn orgaos_certificadores(self) -> &'static [Orgao] {
        match self {
            TipoProcesso::Criacao => &Orgao::TODOS,
            TipoProcesso::Fusao => &[],
            TipoProcesso::Incorporacao | TipoProcesso::Desmembramento => {
                &[Orgao::Cartografia, Orgao::Tre]
            }
        }
    }

    /// Se o Art. 3º (até seis meses antes das eleições) alcança o tipo: criação (a fusão também
    /// cria) e incorporação. O desmembramento de revisão de limites não está no texto.
    pub fn sujeito_ao_art3(self) -> bool {
        !matches!(self, TipoProcesso::Desmembramento)
    }
}

/// Por onde a representação chegou à Mesa (Art. 14, parágrafo único).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "por", rename_all = "snake_case")]
pub enum Via {
    /// Através de deputado (o autor da proposição, Art. 23).
    Deputado {
        /// Identificador do deputado no sistema.
        id: String,
    },
    /// Diretamente pela comunidade interessada.
    Comunidade,
}

/// Os documentos que instruem a representação (Art. 15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DocumentoArt15 {
    /// I — requerimento com as assinaturas do Art. 13.
    Requerimento,
    /// II — mapa e memorial descritivo do território do novo município.
    MapaNovo,
    /// III — mapa e memorial descritivo dos municípios de origem.
    MapaOrigem,
    /// IV — justificativa socioeconômica.
    Justificativa,
    /// V — fotografias do centro urbano.
    Fotografias,
}

impl DocumentoArt15 {
    /// Os cinco, na ordem dos incisos.
    pub const TODOS: [DocumentoArt15; 5] = [
        DocumentoArt15::Requerimento,
        DocumentoArt15::MapaNovo,
        DocumentoArt15::MapaOrigem,
        DocumentoArt15::Justificativa,
        DocumentoArt15::Fotografias,
    ];

    /// O inciso e o nome, como na lei.
    pub fn nome(self) -> &'static str {
        match self {
            DocumentoArt15::Requerimento => {
                "Art. 15, I — requerimento com as assinaturas do Art. 13"
            }
            DocumentoArt15::MapaNovo => {
                "Art. 15, II — mapa e memorial descritivo do território do novo município"
            }
            DocumentoArt15::MapaOrigem => {
                "Art. 15, III — mapa e memorial descritivo dos municípios de origem"
            }
            DocumentoArt15::Justificativa => "Art. 15, IV — justificativa socioeconômica",
            DocumentoArt15::Fotografias => "Art. 15, V — fotografias do centro urbano",
        }
    }

    /// O inciso e o nome, como se lê no processo deste tipo. Leitura adotada (issue 30): na
    /// revisão de limites, que não cria município, o inciso II é o mapa e o memorial da área a
    /// desmembrar.
    pub fn nome_no(self, tipo: TipoProcesso) -> &'static str {
        match (self, tipo) {
            (DocumentoArt15::MapaNovo, TipoProcesso::Desmembramento) => {
                "Art. 15, II — mapa e memorial descritivo da área a desmembrar"
            }
            _ => self.nome(),
        }
    }

    /// O identificador usado em arquivos e na linha de comando.
    pub fn codigo(self) -> &'static str {
        match self {
            DocumentoArt15::Requerimento => "requerimento",
            DocumentoArt15::MapaNovo => "mapa_novo",
            DocumentoArt15::MapaOrigem => "mapa_origem",
            DocumentoArt15::Justificativa => "justificativa",
            DocumentoArt15::Fotografias => "fotografias",
        }
    }

    /// O inverso de [`DocumentoArt15::codigo`].
    pub fn de_codigo(codigo: &str) -> Option<DocumentoArt15> {
        DocumentoArt15::TODOS
            .into_iter()
            .find(|d| d.codigo() == codigo)
    }
}

/// Dados de uma nova representação (o protocolo é atribuído pelo registro).
#[derive(Debug, Clone, PartialEq)]
pub struct NovaRepresentacao {
    /// Tipo de processo.
    pub tipo: TipoProcesso,
    /// Nome proposto.
    pub nome: String,
    /// Municípios de origem, conferidos ([`origens`] os lê do que se escreveu).
    pub municipios_origem: Vec<CodigoIbge>,
    /// Por onde chegou.
    pub via: Via,
    /// Quem assina como representante.
    pub representante: String,
    /// Assinaturas de eleitores.
    pub assinaturas: u32,
    /// Documentos do Art. 15 que acompanham.
    pub documentos: Vec<DocumentoArt15>,
    /// A proposta (CONTRACT §2), em TOML.
    pub proposta: Option<String>,
    /// Art. 6º: se o nome proposto homenageia pessoa viva, como a representação declara
    /// (`None`: não declarou).
    pub nome_homenageia_pessoa_viva: Option<bool>,
}

/// Os municípios de origem (Art. 15, III), pelo nome ou pelo código IBGE que a representação
/// escreveu (sem diferença de acentos e maiúsculas): conferidos uma vez aqui, e a representação
/// leva os códigos ([`NovaRepresentacao::municipios_origem`]); a página, a API, a linha de
/// comando e o `protocolar` chamam esta. A recusa, no campo `origem`, diz que falta ao menos um,
/// ou todos os que não são município de Mato Grosso (com os nomes parecidos, o município de um
/// distrito que tem esse nome e a UF de um código de fora), ou o que aparece duas vezes.
pub fn origens(escritas: &[String]) -> Result<Vec<CodigoIbge>, Recusa> {
    let recusa = |motivo: String| Recusa::new("Art. 15, III", motivo).no_campo("origem");
    if escritas.is_empty() {
        return Err(recusa("falta ao menos um município de origem".into()));
    }
    let mt = divisa_referencia::mt().map_err(|e| {
        recusa(format!(
            "as origens não puderam ser conferidas (dados de referência: {e})"
        ))
    })?;
    // todas as que não se acham, de uma vez: quem corrige não reenvia uma vez por linha
    let mut codigos = Vec::new();
    let mut desconhecidas = Vec::new();
    for escrita in escritas {
        match mt.buscar(escrita) {
            Busca::Encontrado(m) => codigos.push(m.codigo()),
            Busca::NaoEncontrado { sugestoes } => {
                desconhecidas.push(origem_desconhecida(escrita.trim(), &sugestoes));
            }
        }
    }
    if !desconhecidas.is_empty() {
        return Err(recusa(format!(
            "{} Escreva cada município de origem pelo nome oficial.",
            desconhecidas.join(" ")
        )));
    }
    let mut distintos = codigos.clone();
    distintos.sort_unstable();
    distintos.dedup();
    if distintos.len() != codigos.len() {
        return Err(recusa("um município de origem aparece duas vezes".into()));
    }
    Ok(codigos)
}

fn origem_desconhecida(escrita: &str, sugestoes: &[Sugestao<'_>]) -> String {
    if escrita.bytes().all(|b| b.is_ascii_digit()) {
        // um código: o de outra UF merece resposta melhor que «não encontrado»
        let de_outra_uf = escrita.parse::<u32>().ok().and_then(|c| {
            divisa_referencia::brasil()
                .ok()?
                .municipios()
                .iter()
                .find(|m| m.codigo == c)
        });
        return match de_outra_uf {
            Some(m) => format!(
                "o código IBGE {escrita} é de {} ({}), fora de Mato Grosso.",
                m.nome, m.uf
            ),
            None if escrita.len() != 7 => {
                format!("«{escrita}»: o código IBGE de um município tem 7 dígitos.")
            }
            None => format!("nenhum município tem o código IBGE {escrita}."),
        };
    }
    let mut motivo =
        format!("«{escrita}» não é um município de Mato Grosso (Malha Municipal 2022 do IBGE)");
    let mut parecidos = Vec::new();
    for s in sugestoes {
        match s {
            Sugestao::Distrito(d, m) => motivo.push_str(&format!(
                "; «{}» é distrito de {}, e a origem é o município",
                d.nome, m.nome
            )),
            Sugestao::Municipio(m) => parecidos.push(m.nome.as_str()),
        }
    }
    if !parecidos.is_empty() {
        motivo.push_str(&format!(
            "; você quis dizer {}?",
            divisa_referencia::formato::lista_com_ou(&parecidos)
        ));
    }
    if !motivo.ends_with('?') {
        motivo.push('.');
    }
    motivo
}

/// Os nomes oficiais (os da lista do IBGE) das origens, na ordem dos códigos.
pub fn nomes_das_origens(codigos: &[CodigoIbge]) -> Vec<String> {
    let mt = divisa_referencia::mt().ok();
    codigos
        .iter()
        .map(|c| {
            mt.and_then(|mt| mt.municipio(*c))
                .map_or_else(|| c.to_string(), |m| m.nome.clone())
        })
        .collect()
}

/// O conteúdo mínimo do projeto de lei de criação (Art. 7º), conferido antes de apresentá-lo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConteudoLei {
    /// I — o nome, que será o da sede.
    pub nome: String,
    /// II — os limites (as divisas, do memorial descritivo).
    pub divisas: String,
    /// III — o ano da instalação.
    pub ano_instalacao: i16,
}

/// O tipo de processo é um subconjunto conferido do tipo de proposta: os quatro que seguem o
/// rito dos Arts. 13 a 20 (Art. 11). Os outros três dizem por que não o seguem.
/// Um tipo que não é de processo na Assembleia.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErroTipoProcesso {
    /// Um código que não é tipo de proposta.
    #[error("tipo \"{0}\" desconhecido; esperado criacao, fusao, incorporacao ou desmembramento")]
    Desconhecido(String),
    /// Um tipo de proposta que não segue o rito dos Arts. 13 a 20, com o porquê e o artigo.
    #[error("{motivo}")]
    ForaDoRito {
        /// O tipo da proposta.
        tipo: divisa_lei::Tipo,
        /// Por que não segue o rito.
        motivo: &'static str,
    },
}

impl TryFrom<divisa_lei::Tipo> for TipoProcesso {
    type Error = ErroTipoProcesso;

    fn try_from(tipo: divisa_lei::Tipo) -> Result<TipoProcesso, ErroTipoProcesso> {
        use divisa_lei::Tipo as T;
        match tipo {
            T::Criacao => Ok(TipoProcesso::Criacao),
            T::Fusao => Ok(TipoProcesso::Fusao),
            T::Incorporacao => Ok(TipoProcesso::Incorporacao),
            T::Desmembramento => Ok(TipoProcesso::Desmembramento),
            T::Extincao => Err(ErroTipoProcesso::ForaDoRito { tipo, motivo: "a extinção é declarada em lei estadual a qualquer tempo (Art. 10) e não segue o rito da representação dos Arts. 13 a 20" }),
            T::AlteracaoNome => Err(ErroTipoProcesso::ForaDoRito { tipo, motivo: "a alteração de nome segue o Art. 6º, § 2º (representação do Prefeito aprovada pela Câmara), não o rito dos Arts. 13 a 20" }),
            T::CriacaoDistrito => Err(ErroTipoProcesso::ForaDoRito { tipo, motivo: "distritos são criados por lei municipal (Art. 24, § 1º), não por processo na Assembleia" }),
        }
    }
}
