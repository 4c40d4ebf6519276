//! A ponte entre o texto datado e o código que avalia: [`Contexto::regra`] devolve a redação em
//! vigor na data da avaliação, ou já o achado que diz por que não se pode avaliar (redação
//! anterior não disponível; dispositivo ainda inexistente).
//!
//! Todo avaliador começa por aqui, e lê os seus limiares de [`Regra::parametro`]: assim uma
//! redação antiga encontrada depois entra como dado, com os seus próprios números.

use divisa_referencia::formato;
use jiff::civil::Date;

use crate::achado::{Achado, Situacao};
use crate::fatos::Fatos;
use crate::texto::{Dispositivo, EmVigor, Lei, Redacao};

/// O que todo avaliador recebe.
pub(crate) struct Contexto<'a> {
    pub(crate) lei: &'static Lei,
    /// A data cujo texto se aplica.
    pub(crate) data: Date,
    pub(crate) fatos: &'a Fatos,
}

/// Um dispositivo com a redação em vigor na data.
pub(crate) struct Regra {
    pub(crate) dispositivo: &'static Dispositivo,
    pub(crate) redacao: &'static Redacao,
    lei: &'static Lei,
}

/// Um avaliador devolve `Ok(achado)` ou, quando nem dá para avaliar, `Err(achado)` já pronto.
pub(crate) type Resultado = Result<Achado, Achado>;

/// Junta os dois lados de um [`Resultado`].
pub(crate) fn achado(resultado: Resultado) -> Achado {
    resultado.unwrap_or_else(|achado| achado)
}

impl Contexto<'_> {
    /// A redação em vigor de `id`, ou o achado que explica por que ela não pode ser aplicada.
    pub(crate) fn regra(&self, id: &str) -> Result<Regra, Achado> {
        let Some(dispositivo) = self.lei.dispositivo(id) else {
            // Um id que não está na lei é defeito do divisa; não se esconde num `atende`.
            return Err(Achado {
                dispositivo: id.to_owned(),
                citacao: id.to_owned(),
                situacao: Situacao::Pendente,
                exigido: String::new(),
                apurado: String::new(),
                orgao: None,
                mensagem: format!(
                    "defeito do divisa: o dispositivo {id} não está no texto estruturado da lei"
                ),
            });
        };
        let base = |situacao, exigido: String, mensagem: String| Achado {
            dispositivo: dispositivo.id.clone(),
            citacao: dispositivo.rotulo.clone(),
            situacao,
            exigido,
            apurado: "—".into(),
            orgao: None,
            mensagem,
        };
        match dispositivo.em(self.data) {
            Some(EmVigor::Texto(redacao)) => Ok(Regra {
                dispositivo,
                redacao,
                lei: self.lei,
            }),
            Some(EmVigor::NaoDisponivel(redacao)) => {
                let seguinte = dispositivo
                    .redacoes
                    .iter()
                    .find(|r| r.vigente_desde > redacao.vigente_desde);
                let depois = seguinte.map_or(String::new(), |r| {
                    format!(
                        " A redação atual, dada pela {} em {}, não se aplica a {}.",
                        self.lei.norma(r).nome,
                        formato::data(r.vigente_desde),
                        formato::data(self.data)
                    )
                });
                Err(base(
                    Situacao::Pendente,
                    format!("redação em vigor em {} ({})", formato::data(self.data), self.lei.norma(redacao).nome),
                    format!(
                        "Redação anterior não disponível: o texto de {} em vigor em {} ({}) não foi encontrado nas fontes do divisa.{depois} Quem tiver o texto o acrescenta em dados/lei/lc-23-1992.toml.",
                        dispositivo.rotulo,
                        formato::data(self.data),
                        self.lei.norma(redacao).nome
                    ),
                ))
            }
            Some(EmVigor::Inexistente(acrescimo)) => Err(base(
                Situacao::NaoSeAplica,
                "—".into(),
                format!(
                    "{} foi acrescentado pela {} (em vigor desde {}) e não existia em {}.",
                    dispositivo.rotulo,
                    self.lei.norma(acrescimo).nome,
                    formato::data(acrescimo.vigente_desde),
                    formato::data(self.data)
                ),
            )),
            None => Err(base(
                Situacao::NaoSeAplica,
                "—".into(),
                format!(
                    "A LC 23/1992 só entrou em vigor em {}.",
                    formato::data(self.lei.vigencia())
                ),
            )),
        }
    }

    /// Um achado de "não se aplica" para `id`, com o motivo.
    ///
    /// Decide-se antes de procurar a redação: é para motivos de fora do dispositivo (outro
    /// artigo, como o Art. 6º, § 2º, para o Art. 3º, ou o Art. 4º para o Art. 2º), que valem
    /// qualquer que seja a redação de `id` em vigor na data — também a que não foi encontrada.
    /// Quem precisa da redação para dizer que ela não alcança a proposta usa [`Contexto::regra`]
    /// e fica pendente quando ela falta.
    ///
    /// Um dispositivo que na data ainda não existia (acrescentado depois) não se aplica por isso,
    /// e o achado diz esse motivo.
    pub(crate) fn nao_se_aplica(&self, id: &str, motivo: impl Into<String>) -> Achado {
        let motivo = motivo.into();
        if let Some(dispositivo) = self.lei.dispositivo(id) {
            if let Some(EmVigor::NaoDisponivel(redacao)) = dispositivo.em(self.data) {
                return Achado {
                    dispositivo: dispositivo.id.clone(),
                    citacao: dispositivo.rotulo.clone(),
                    situacao: Situacao::NaoSeAplica,
                    exigido: "—".into(),
                    apurado: "—".into(),
                    orgao: None,
                    mensagem: format!(
                        "{motivo} A redação de {} em vigor em {} ({}) não foi encontrada; este motivo não depende dela.",
                        dispositivo.rotulo,
                        formato::data(self.data),
                        self.lei.norma(redacao).nome
                    ),
                };
            }
        }
        match self.regra(id) {
            Ok(regra) => regra.achado(Situacao::NaoSeAplica, "—", "—", None, motivo),
            Err(achado) => achado,
        }
    }
}

impl Regra {
    /// Um parâmetro numérico da redação em vigor (`populacao_minima`).
    pub(crate) fn parametro(&self, nome: &str) -> Result<i64, Achado> {
        self.redacao.parametros.get(nome).copied().ok_or_else(|| {
            self.parametro_pendente(nome, "não está cadastrado em dados/lei/lc-23-1992.toml")
        })
    }

    /// Um parâmetro que cabe no tipo `T` (meses num `u8`): um valor cadastrado fora dele é
    /// pendente, dito, nunca trocado por um número escrito no código.
    pub(crate) fn parametro_como<T: TryFrom<i64>>(&self, nome: &str) -> Result<T, Achado> {
        let valor = self.parametro(nome)?;
        T::try_from(valor).map_err(|_| {
            self.parametro_pendente(
                nome,
                &format!("tem um valor fora do que a regra aceita ({valor})"),
            )
        })
    }

    /// O achado pendente de um parâmetro que não se usa: qual, de que redação e por quê.
    fn parametro_pendente(&self, nome: &str, porque: &str) -> Achado {
        self.achado(
            Situacao::Pendente,
            "—",
            "—",
            None,
            format!(
                "O parâmetro {nome} da redação de {} dada pela {} {porque}.",
                self.dispositivo.rotulo,
                self.lei.norma(self.redacao).nome
            ),
        )
    }

    /// Um achado deste dispositivo.
    pub(crate) fn achado(
        &self,
        situacao: Situacao,
        exigido: impl Into<String>,
        apurado: impl Into<String>,
        orgao: Option<&'static str>,
        mensagem: impl Into<String>,
    ) -> Achado {
        let mut mensagem = mensagem.into();
        if !self.lei.norma(self.redacao).id.eq("original") {
            mensagem.push_str(&format!(
                " (Redação dada pela {}, em vigor desde {}.)",
                self.lei.norma(self.redacao).nome,
                formato::data(self.redacao.vigente_desde)
            ));
        }
        Achado {
            dispositivo: self.dispositivo.id.clone(),
            citacao: self.dispositivo.rotulo.clone(),
            situacao,
            exigido: exigido.into(),
            apurado: apurado.into(),
            orgao,
            mensagem: mensagem.trim_start().to_owned(),
        }
    }
}

/// Acrescenta à citação o sujeito do achado ("Art. 2º, § 1º — Sorriso").
pub(crate) fn sobre(mut achado: Achado, sujeito: &str) -> Achado {
    achado.citacao = format!("{} — {sujeito}", achado.citacao);
    achado
}
