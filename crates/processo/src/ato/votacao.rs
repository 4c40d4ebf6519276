//! As deliberações da Comissão (Art. 22: só os membros votam) e a apuração do plebiscito que o
//! TRE certifica (Arts. 11, § 2º, e 20).

use serde::{Deserialize, Serialize};

/// O placar de uma deliberação da Comissão (só membros votam, Art. 22), com o relator e, quando
/// registrada, a votação nominal (quem votou o quê).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Votos {
    /// Votos pela conclusão do parecer.
    pub sim: u32,
    /// Votos contra.
    pub nao: u32,
    /// Abstenções.
    #[serde(default)]
    pub abstencoes: u32,
    /// O relator (identificador da conta do membro), quando designado.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relator: Option<String>,
    /// A votação nominal: cada membro e o seu voto. Quando registrada, tem de somar o placar.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nominais: Vec<VotoNominal>,
}

/// O voto de um membro.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VotoNominal {
    /// O membro (identificador da conta).
    pub membro: String,
    /// O voto.
    pub voto: Voto,
}

/// Sim, não ou abstenção.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Voto {
    /// Pela conclusão do parecer.
    Sim,
    /// Contra.
    Nao,
    /// Abstenção.
    Abstencao,
}

/// A decisão do Plenário sobre um parecer (Art. 17, § 1º; Art. 18, § 1º).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decisao {
    /// O processo segue.
    Tramitar,
    /// O processo é arquivado.
    Arquivar,
}

/// A apuração do plebiscito numa localidade, com os números do TRE (Art. 11, § 2º).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Apuracao {
    /// A área ou o município consultado.
    pub localidade: String,
    /// Eleitores inscritos no território.
    pub inscritos: u64,
    /// Votos SIM.
    pub sim: u64,
    /// Votos NÃO.
    pub nao: u64,
    /// Brancos.
    #[serde(default)]
    pub brancos: u64,
    /// Nulos.
    #[serde(default)]
    pub nulos: u64,
    /// A apuração por seção eleitoral, como o TRE a publica (quando registrada, soma os
    /// números da localidade).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secoes: Vec<ApuracaoSecao>,
}

/// A apuração de uma seção eleitoral (o boletim de urna).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApuracaoSecao {
    /// Zona eleitoral.
    pub zona: u32,
    /// Seção.
    pub secao: u32,
    /// O local de votação (a escola, o salão).
    #[serde(default)]
    pub local: String,
    /// Eleitores inscritos na seção.
    pub inscritos: u64,
    /// SIM.
    pub sim: u64,
    /// NÃO.
    pub nao: u64,
    /// Brancos.
    #[serde(default)]
    pub brancos: u64,
    /// Nulos.
    #[serde(default)]
    pub nulos: u64,
}

impl Apuracao {
    /// "maioria absoluta dos votos dos respectivos eleitores inscritos" (Art. 11, § 2º): SIM
    /// acima da metade dos inscritos — com 1.000 inscritos, 500 não bastam, 501 sim.
    pub fn aprovada(&self) -> bool {
        self.sim * 2 > self.inscritos
    }
}
