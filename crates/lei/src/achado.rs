//! O resultado de avaliar um dispositivo: um [`Achado`], e o resultado de uma avaliação inteira.
//!
//! Um dispositivo não atendido é dado, não erro: a avaliação devolve todos os achados, e a
//! conclusão deriva deles (CONTRACT §3).

use jiff::civil::Date;

use crate::fatos::Tipo;

/// A situação de um dispositivo diante da proposta (CONTRACT §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Situacao {
    /// O dispositivo é cumprido.
    Atende,
    /// O dispositivo não é cumprido.
    NaoAtende,
    /// Falta um número ou documento, ou só uma pessoa pode decidir.
    Pendente,
    /// O dispositivo não se aplica a esta proposta (e o achado diz por quê).
    NaoSeAplica,
}

impl Situacao {
    /// O nome no contrato: `atende`, `nao_atende`, `pendente`, `nao_se_aplica`.
    pub fn codigo(self) -> &'static str {
        match self {
            Situacao::Atende => "atende",
            Situacao::NaoAtende => "nao_atende",
            Situacao::Pendente => "pendente",
            Situacao::NaoSeAplica => "nao_se_aplica",
        }
    }

    /// Como se escreve para uma pessoa: "atende", "não atende", "pendente", "não se aplica".
    pub fn rotulo(self) -> &'static str {
        match self {
            Situacao::Atende => "atende",
            Situacao::NaoAtende => "não atende",
            Situacao::Pendente => "pendente",
            Situacao::NaoSeAplica => "não se aplica",
        }
    }
}

/// Órgãos que apuram os requisitos (Art. 2º, § 2º; Art. 7º, parágrafo único; Art. 25,
/// parágrafo único).
pub mod orgao {
    /// Incisos I, III e VI do Art. 2º; Art. 25.
    pub const CARTOGRAFIA: &str = "Órgão de Informação e Cartografia";
    /// Inciso II do Art. 2º; o plebiscito (Art. 12).
    pub const TRE: &str = "Tribunal Regional Eleitoral (TRE-MT)";
    /// Inciso IV do Art. 2º; Art. 7º, V.
    pub const FAZENDA: &str = "Órgão Fazendário Estadual";
    /// Inciso V do Art. 2º, "após verificação in loco"; toponímia, documentos, prazos.
    pub const COMISSAO: &str = "Comissão de Revisão Territorial";
    /// Informação sobre topônimos correlatos (Art. 6º, § 1º).
    pub const IBGE: &str = "Fundação IBGE";
    /// Votação da Câmara na alteração de nome (Art. 6º, § 2º).
    pub const CAMARA: &str = "Câmara Municipal";
    /// Cada inciso do Art. 2º pelo seu órgão (Art. 2º, § 2º), quando o achado junta os cinco.
    pub const ORGAOS_DO_ART2: &str = "Órgão de Informação e Cartografia (I e III), TRE-MT (II), Órgão Fazendário Estadual (IV) e Comissão de Revisão Territorial, após verificação in loco (V)";
}

/// O que a avaliação concluiu de um dispositivo.
#[derive(Debug, Clone, PartialEq)]
pub struct Achado {
    /// Identificador LexML do dispositivo (`art2_cpt_inc1`).
    pub dispositivo: String,
    /// Como se cita ("Art. 2º, I"), com o sujeito quando há vários ("Art. 2º, § 1º — Sorriso").
    pub citacao: String,
    /// A situação.
    pub situacao: Situacao,
    /// O que o dispositivo exige, em palavras ("população não inferior a 4.000 habitantes").
    pub exigido: String,
    /// O que foi apurado, com o número e a fonte ("3.999 habitantes").
    pub apurado: String,
    /// Quem certifica o número, quando a lei diz.
    pub orgao: Option<&'static str>,
    /// A explicação: a regra aplicada, as leituras escolhidas e o que falta.
    pub mensagem: String,
}

/// Um ponto em que o direito federal ou o STF incide sobre a lei estadual, ou um número raro,
/// mas real, que a Comissão deve conferir (`eleitores_acima_da_populacao`). Nunca muda a
/// conclusão; sempre aparece onde se aplica.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alerta {
    /// Identificador estável (`cf_art18_par4`, `stf_adpf_819`).
    pub id: &'static str,
    /// O texto, com a data e a fonte.
    pub mensagem: String,
}

/// A avaliação de uma proposta.
#[derive(Debug, Clone, PartialEq)]
pub struct Avaliacao {
    /// A data cujo texto da lei foi aplicado.
    pub texto_em: Date,
    /// O tipo da proposta.
    pub tipo: Tipo,
    /// Um achado por dispositivo (ou mais de um, quando o dispositivo tem várias regras ou
    /// vários sujeitos).
    pub achados: Vec<Achado>,
    /// Alertas do direito federal.
    pub alertas: Vec<Alerta>,
}

/// A conclusão (CONTRACT §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conclusao {
    /// Todos os achados atendem (ou não se aplicam).
    Atende,
    /// Ao menos um achado não atende.
    NaoAtende,
    /// Nada falha, mas algo está pendente.
    Inconclusivo,
}

impl Conclusao {
    /// `atende`, `nao_atende` ou `inconclusivo`.
    pub fn codigo(self) -> &'static str {
        match self {
            Conclusao::Atende => "atende",
            Conclusao::NaoAtende => "nao_atende",
            Conclusao::Inconclusivo => "inconclusivo",
        }
    }
}

impl Avaliacao {
    /// `nao_atende` se algum achado não atende; senão `inconclusivo` se algum está pendente;
    /// senão `atende`.
    pub fn conclusao(&self) -> Conclusao {
        conclusao_de(&self.achados)
    }
}

/// A conclusão de um conjunto de achados.
pub fn conclusao_de(achados: &[Achado]) -> Conclusao {
    if achados.iter().any(|a| a.situacao == Situacao::NaoAtende) {
        Conclusao::NaoAtende
    } else if achados.iter().any(|a| a.situacao == Situacao::Pendente) {
        Conclusao::Inconclusivo
    } else {
        Conclusao::Atende
    }
}
