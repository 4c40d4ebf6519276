//! O que o processo deve e até quando: prazos (Art. 2º, § 3º), pendências (ofícios, recebimentos,
//! recusas do Art. 9º), alertas e o corte eleitoral do Art. 3º.

use jiff::civil::Date;
use serde::Serialize;

use crate::papel::Orgao;
use crate::prazos::Prazo;
use crate::processo::{parametro, Resposta};
use crate::{Fase, Processo};

impl Processo {
    /// Os prazos do processo: 30 dias de cada órgão a contar do recebimento (Art. 2º, § 3º).
    /// Uma recusa (Art. 9º) encerra o prazo sem cumpri-lo: ela aparece em [`Processo::alertas`].
    pub fn prazos(&self) -> Vec<Prazo> {
        let mut v = Vec::new();
        for (orgao, r) in self.certidoes() {
            let Some(recebido) = r.recebido_em else {
                continue;
            };
            if matches!(r.resposta, Some(Resposta::Recusada { .. })) {
                continue;
            }
            // Sem o número na redação em vigor no recebimento, não há prazo a contar: a
            // certidão continua pendente, sem vencimento (ver `pendencias`), e nenhum número é
            // suposto.
            let Ok(dias) = parametro("art2_par3", "prazo_dias", recebido) else {
                continue;
            };
            let dias = i32::try_from(dias).unwrap_or(i32::MAX);
            let mut p = Prazo::dias_corridos(
                format!("certidao:{}", orgao.codigo()),
                format!(
                    "certidão do {} (Art. 2º, {}) — sob pena de responsabilidade",
                    orgao.nome(),
                    crate::incisos_do_orgao(orgao)
                ),
                "Art. 2º, § 3º",
                recebido,
                dias,
            );
            if let Some(Resposta::Emitida { em, .. }) = r.resposta {
                p.cumprido_em = Some(em);
            }
            v.push(p);
        }
        v
    }

    /// O que o processo deve a alguém: certidões com prazo correndo (Art. 2º, § 3º), recusas
    /// (Art. 9º), ofícios não enviados (Art. 17, § 2º: "imediatamente") e recebimentos não
    /// registrados. O registro guarda esta lista a cada ato, para os alertas de todos os
    /// processos saírem sem reler eventos.
    pub fn pendencias(&self) -> Vec<Pendencia> {
        let mut v = Vec::new();
        if self.fase.final_() {
            return v;
        }
        let prazos = self.prazos();
        for (orgao, r) in self.certidoes() {
            if let (Some(_), None) = (r.recebido_em, &r.resposta) {
                let chave = format!("certidao:{}", orgao.codigo());
                v.push(Pendencia {
                    tipo: TipoPendencia::Certidao,
                    orgao,
                    vencimento: prazos
                        .iter()
                        .find(|p| p.chave == chave)
                        .map(|p| p.vencimento),
                    detalhe: String::new(),
                });
            }
        }
        if self.fase != Fase::Certidoes {
            return v;
        }
        let fmt = divisa_referencia::formato::data;
        for (orgao, r) in self.certidoes() {
            let (tipo, detalhe) = match (&r.oficio, r.recebido_em, &r.resposta) {
                (_, _, Some(Resposta::Recusada { motivo, em })) => (
                    TipoPendencia::Recusa,
                    format!("em {} (\"{motivo}\")", fmt(*em)),
                ),
                (None, _, None) if orgao != Orgao::Comissao => (
                    TipoPendencia::OficioNaoEnviado,
                    self.certidoes_requisitadas_em.map(fmt).unwrap_or_default(),
                ),
                (Some((n, _)), None, None) => (TipoPendencia::RecebimentoNaoRegistrado, n.clone()),
                _ => continue,
            };
            v.push(Pendencia {
                tipo,
                orgao,
                vencimento: None,
                detalhe,
            });
        }
        v
    }

    /// O que pede atenção em `hoje`: as [`Processo::pendencias`] vencidas, por vencer ou sem
    /// data, e o corte eleitoral (Art. 3º).
    pub fn alertas(&self, hoje: Date) -> Vec<AlertaDePrazo> {
        let mut v: Vec<AlertaDePrazo> = self
            .pendencias()
            .iter()
            .filter_map(|p| p.alerta(hoje))
            .collect();
        if let Some(a) = self.alerta_eleitoral(hoje) {
            v.push(a);
        }
        v
    }

    /// Art. 3º: a criação, a incorporação e a fusão "somente poderá ocorrer até 06 (seis) meses
    /// antes da realização das eleições". Avisa quando o corte está a menos de um ano, ou já
    /// passou, ou quando um prazo em curso vence depois dele. O sistema não estima a duração das
    /// fases sem prazo legal (Plenário, CCJ, plebiscito): diz só o que a lei permite contar.
    pub fn alerta_eleitoral(&self, hoje: Date) -> Option<AlertaDePrazo> {
        if !self.tipo.sujeito_ao_art3() || self.fase.final_() {
            return None;
        }
        let meses = parametro("art3_cpt", "meses_antes", hoje).ok()? as u8;
        let eleicao = divisa_lei::calendario::proxima_eleicao(hoje);
        let corte = divisa_lei::calendario::meses_antes(eleicao.data, meses);
        let fmt = divisa_referencia::formato::data;
        if hoje > corte {
            let seguinte = divisa_lei::calendario::eleicao_de_instalacao(hoje, meses);
            return Some(AlertaDePrazo {
                artigo: "Art. 3º".into(),
                vencimento: Some(corte),
                situacao: None,
                descricao: format!(
                    "o corte para a eleição de {} passou em {}: a lei só poderá ser editada para a eleição de {} (corte em {})",
                    fmt(eleicao.data),
                    fmt(corte),
                    fmt(seguinte.data),
                    fmt(divisa_lei::calendario::meses_antes(seguinte.data, meses))
                ),
            });
        }
        let faltam = crate::prazos::dias_entre(hoje, corte);
        let ultimo_prazo = self
            .prazos()
            .into_iter()
            .filter(|p| p.cumprido_em.is_none())
            .map(|p| p.vencimento)
            .max();
        if let Some(v) = ultimo_prazo.filter(|v| *v > corte) {
            return Some(AlertaDePrazo {
                artigo: "Art. 3º".into(),
                vencimento: Some(corte),
                situacao: None,
                descricao: format!(
                    "há certidão com prazo até {} — depois do corte de {} para a eleição de {}: as fases seguintes não cabem antes dele",
                    fmt(v),
                    fmt(corte),
                    fmt(eleicao.data)
                ),
            });
        }
        (faltam <= 365).then(|| AlertaDePrazo {
            artigo: "Art. 3º".into(),
            vencimento: Some(corte),
            situacao: None,
            descricao: format!(
                "faltam {faltam} dias para o corte de {} ({meses} meses antes da eleição de {}); ainda restam: {}",
                fmt(corte),
                fmt(eleicao.data),
                self.fase.proximo_passo()
            ),
        })
    }
}

/// O tipo de uma pendência.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TipoPendencia {
    /// Certidão com prazo correndo (Art. 2º, § 3º).
    Certidao,
    /// Ofício ainda não enviado (Art. 17, § 2º: "imediatamente").
    OficioNaoEnviado,
    /// Ofício enviado sem recebimento registrado: o prazo não começou.
    RecebimentoNaoRegistrado,
    /// O órgão negou-se a certificar (Art. 9º).
    Recusa,
}

impl TipoPendencia {
    const TODOS: [TipoPendencia; 4] = [
        TipoPendencia::Certidao,
        TipoPendencia::OficioNaoEnviado,
        TipoPendencia::RecebimentoNaoRegistrado,
        TipoPendencia::Recusa,
    ];

    fn codigo(self) -> &'static str {
        match self {
            TipoPendencia::Certidao => "certidao",
            TipoPendencia::OficioNaoEnviado => "oficio",
            TipoPendencia::RecebimentoNaoRegistrado => "recebimento",
            TipoPendencia::Recusa => "recusa",
        }
    }
}

/// Algo que o processo deve, com ou sem data. Guardada de forma compacta (chave, vencimento,
/// detalhe): a frase é montada por [`Pendencia::descricao`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pendencia {
    /// O tipo.
    pub tipo: TipoPendencia,
    /// O órgão a que se refere.
    pub orgao: Orgao,
    /// O último dia, se a lei dá prazo em dias.
    pub vencimento: Option<Date>,
    /// A parte variável da frase (número do ofício, data e motivo da recusa).
    pub detalhe: String,
}

impl Pendencia {
    /// Identificador estável no processo: `certidao:tre`, `oficio:fazenda`, `recusa:tre`.
    pub fn chave(&self) -> String {
        format!("{}:{}", self.tipo.codigo(), self.orgao.codigo())
    }

    /// O inverso de [`Pendencia::chave`], com o vencimento e o detalhe gravados.
    pub fn de_chave(chave: &str, vencimento: Option<Date>, detalhe: String) -> Option<Pendencia> {
        let (tipo, orgao) = chave.split_once(':')?;
        Some(Pendencia {
            tipo: TipoPendencia::TODOS
                .into_iter()
                .find(|t| t.codigo() == tipo)?,
            orgao: Orgao::de_codigo(orgao)?,
            vencimento,
            detalhe,
        })
    }

    /// O dispositivo.
    pub fn artigo(&self) -> &'static str {
        match self.tipo {
            TipoPendencia::Certidao | TipoPendencia::RecebimentoNaoRegistrado => "Art. 2º, § 3º",
            TipoPendencia::OficioNaoEnviado => "Art. 17, § 2º",
            TipoPendencia::Recusa => "Art. 9º",
        }
    }

    /// A frase, em português.
    pub fn descricao(&self) -> String {
        let (o, d) = (self.orgao.nome(), &self.detalhe);
        match self.tipo {
            TipoPendencia::Certidao => format!(
                "certidão do {o} (Art. 2º, {}) — sob pena de responsabilidade",
                crate::incisos_do_orgao(self.orgao)
            ),
            TipoPendencia::OficioNaoEnviado => format!(
                "ofício ao {o} ainda não enviado: a lei manda fazê-lo imediatamente (certidões requisitadas em {d})"
            ),
            TipoPendencia::RecebimentoNaoRegistrado => format!(
                "ofício {d} ao {o}: recebimento não registrado — o prazo do Art. 2º, § 3º, só começa a contar do recebimento"
            ),
            TipoPendencia::Recusa => format!(
                "o {o} negou-se a certificar {d}: nenhuma autoridade pode negar-se, sob pena de responsabilidade"
            ),
        }
    }

    /// O alerta em `hoje`: sempre, se não tem data; se tem, quando vencida ou a
    /// [`crate::prazos::DIAS_DE_AVISO`] dias do vencimento.
    pub fn alerta(&self, hoje: Date) -> Option<AlertaDePrazo> {
        let situacao = match self.vencimento {
            None => None,
            Some(v) => {
                let s = crate::prazos::situacao(v, None, hoje);
                if !s.alerta() {
                    return None;
                }
                Some(s)
            }
        };
        Some(AlertaDePrazo {
            artigo: self.artigo().into(),
            vencimento: self.vencimento,
            situacao,
            descricao: self.descricao(),
        })
    }
}

/// Um alerta: o que pede atenção, com o artigo. A frase é montada só quando alguém a lê
/// ([`AlertaDePrazo::mensagem`]): a consulta de alertas de milhares de processos não formata nada.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AlertaDePrazo {
    /// O dispositivo.
    pub artigo: String,
    /// O dia que importa (vencimento, corte), se houver.
    pub vencimento: Option<Date>,
    /// Como está o prazo, se é um prazo.
    pub situacao: Option<crate::prazos::SituacaoDoPrazo>,
    /// O que é, em português.
    pub descricao: String,
}

impl AlertaDePrazo {
    /// A frase inteira: "certidão do …: vencido há 3 dias (vencimento 02/04/2026)".
    pub fn mensagem(&self) -> String {
        match (self.situacao, self.vencimento) {
            (Some(s), Some(v)) => format!(
                "{}: {} (vencimento {})",
                self.descricao,
                s.texto(),
                divisa_referencia::formato::data(v)
            ),
            _ => self.descricao.clone(),
        }
    }
}
