//! O processo: o estado que se deduz dos eventos, e a decisão de aceitar ou recusar um ato.
//!
//! `decidir` nunca muda nada: confere papel, fase, ordem das datas e as condições do artigo, e
//! devolve a [`Recusa`] com o artigo que impede. `aplicar` só dobra um evento já aceito. Assim o
//! mesmo código serve para gravar (decidir e depois aplicar) e para reler (só aplicar).
//!
//! As fases seguem a lei:
//!
//! ```text
//! Protocolada (Art. 14) → Divulgada (Art. 16) ⇄ DocumentosPendentes (Art. 16, § ú)
//!   → Visitada (Art. 17, I) → parecer preliminar (Art. 17, II)
//!       ├─ pelo arquivamento → ArquivamentoEmPlenario (§ 1º) → Arquivado | Certidoes
//!       └─ pelas certidões → Certidoes (§ 2º; Art. 2º, § 3º: 30 dias)
//!   → MeritoEmPlenario (Art. 18) → Ccj (§ 1º) | Arquivado
//!   → ElaboracaoDecreto (§ 2º) → DecretoEmTramitacao → DecretoAprovado → DecretoPublicado
//!   → Plebiscito (Art. 19, § 1º) → ResultadoApurado → ParecerDoResultado (Art. 20)
//!   → ElaboracaoProjetoDeLei (§ 1º) | Arquivado → ProjetoDeLeiEmPauta (§ 2º)
//!   → ProjetoDeLeiAprovado | Arquivado → Lei
//! ```

use std::collections::{BTreeMap, BTreeSet};

use jiff::civil::Date;
use serde::Serialize;

use crate::ato::{Apuracao, Ato, Decisao, DocumentoArt15, Evento, TipoProcesso, Via, Votos};
use crate::papel::{exigir, Acao, Ator, Orgao, Papel, Permissao};
use crate::prazos::Prazo;
use crate::{Nup, Recusa};

/// A fase do processo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fase {
    /// Lida, protocolada, autuada e encaminhada à Comissão (Art. 14).
    Protocolada,
    /// Distribuída aos deputados e publicada (Art. 16).
    Divulgada,
    /// A Comissão diligencia documentos do Art. 15 (Art. 16, parágrafo único).
    DocumentosPendentes,
    /// Visita e levantamento socioeconômico feitos (Art. 17, I).
    Visitada,
    /// Parecer preliminar pelo arquivamento, à espera do Plenário (Art. 17, § 1º).
    ArquivamentoEmPlenario,
    /// Certidões requisitadas aos órgãos (Art. 17, § 2º; Art. 2º, § 3º).
    Certidoes,
    /// Parecer de mérito, à espera do Plenário (Art. 18).
    MeritoEmPlenario,
    /// Na Comissão de Constituição e Justiça (Art. 18, § 1º).
    Ccj,
    /// A Comissão elabora o projeto de decreto legislativo (Art. 18, § 2º).
    ElaboracaoDecreto,
    /// Projeto de decreto em tramitação (Art. 19; emendas de divisas até a aprovação, § 3º).
    DecretoEmTramitacao,
    /// Decreto aprovado, à espera de publicação (Art. 19, § 1º).
    DecretoAprovado,
    /// Decreto publicado, a encaminhar ao TRE (Art. 19, § 1º).
    DecretoPublicado,
    /// No TRE, para o plebiscito (Arts. 11, 12; Art. 19, § 2º).
    Plebiscito,
    /// Resultado apurado pelo TRE, a ler em Plenário (Art. 20).
    ResultadoApurado,
    /// Lido e encaminhado à Comissão para parecer (Art. 20).
    ParecerDoResultado,
    /// A Comissão elabora o projeto de lei (Art. 20, § 1º; Art. 7º).
    ElaboracaoProjetoDeLei,
    /// Projeto de lei na ordem do dia (Art. 20, § 2º).
    ProjetoDeLeiEmPauta,
    /// Projeto de lei aprovado, à espera da lei publicada.
    ProjetoDeLeiAprovado,
    /// Lei publicada: fim.
    Lei,
    /// Arquivado: fim.
    Arquivado,
}

impl Fase {
    /// Todas, na ordem do rito.
    pub const TODAS: [Fase; 20] = [
        Fase::Protocolada,
        Fase::Divulgada,
        Fase::DocumentosPendentes,
        Fase::Visitada,
        Fase::ArquivamentoEmPlenario,
        Fase::Certidoes,
        Fase::MeritoEmPlenario,
        Fase::Ccj,
        Fase::ElaboracaoDecreto,
        Fase::DecretoEmTramitacao,
        Fase::DecretoAprovado,
        Fase::DecretoPublicado,
        Fase::Plebiscito,
        Fase::ResultadoApurado,
        Fase::ParecerDoResultado,
        Fase::ElaboracaoProjetoDeLei,
        Fase::ProjetoDeLeiEmPauta,
        Fase::ProjetoDeLeiAprovado,
        Fase::Lei,
        Fase::Arquivado,
    ];

    /// O identificador gravado.
    pub fn codigo(self) -> &'static str {
        match self {
            Fase::Protocolada => "protocolada",
            Fase::Divulgada => "divulgada",
            Fase::DocumentosPendentes => "documentos_pendentes",
            Fase::Visitada => "visitada",
            Fase::ArquivamentoEmPlenario => "arquivamento_em_plenario",
            Fase::Certidoes => "certidoes",
            Fase::MeritoEmPlenario => "merito_em_plenario",
            Fase::Ccj => "ccj",
            Fase::ElaboracaoDecreto => "elaboracao_decreto",
            Fase::DecretoEmTramitacao => "decreto_em_tramitacao",
            Fase::DecretoAprovado => "decreto_aprovado",
            Fase::DecretoPublicado => "decreto_publicado",
            Fase::Plebiscito => "plebiscito",
            Fase::ResultadoApurado => "resultado_apurado",
            Fase::ParecerDoResultado => "parecer_do_resultado",
            Fase::ElaboracaoProjetoDeLei => "elaboracao_projeto_de_lei",
            Fase::ProjetoDeLeiEmPauta => "projeto_de_lei_em_pauta",
            Fase::ProjetoDeLeiAprovado => "projeto_de_lei_aprovado",
            Fase::Lei => "lei",
            Fase::Arquivado => "arquivado",
        }
    }

    /// O inverso de [`Fase::codigo`].
    pub fn de_codigo(codigo: &str) -> Option<Fase> {
        Fase::TODAS.into_iter().find(|f| f.codigo() == codigo)
    }

    /// Onde está, em português.
    pub fn nome(self) -> &'static str {
        match self {
            Fase::Protocolada => "protocolada e encaminhada à Comissão (Art. 14)",
            Fase::Divulgada => "divulgada (Art. 16)",
            Fase::DocumentosPendentes => "documentos pendentes (Art. 16, parágrafo único)",
            Fase::Visitada => "visita realizada (Art. 17, I)",
            Fase::ArquivamentoEmPlenario => {
                "parecer preliminar pelo arquivamento no Plenário (Art. 17, § 1º)"
            }
            Fase::Certidoes => "certidões requisitadas (Art. 17, § 2º; Art. 2º, § 3º)",
            Fase::MeritoEmPlenario => "parecer de mérito no Plenário (Art. 18)",
            Fase::Ccj => "na Comissão de Constituição e Justiça (Art. 18, § 1º)",
            Fase::ElaboracaoDecreto => {
                "elaboração do projeto de decreto legislativo (Art. 18, § 2º)"
            }
            Fase::DecretoEmTramitacao => "projeto de decreto legislativo em tramitação (Art. 19)",
            Fase::DecretoAprovado => "decreto legislativo aprovado (Art. 19, § 1º)",
            Fase::DecretoPublicado => "decreto legislativo publicado (Art. 19, § 1º)",
            Fase::Plebiscito => "plebiscito no TRE (Arts. 11, 12 e 19, § 2º)",
            Fase::ResultadoApurado => "resultado do plebiscito apurado (Art. 20)",
            Fase::ParecerDoResultado => "parecer sobre o resultado (Art. 20)",
            Fase::ElaboracaoProjetoDeLei => "elaboração do projeto de lei (Art. 20, § 1º)",
            Fase::ProjetoDeLeiEmPauta => "projeto de lei na ordem do dia (Art. 20, § 2º)",
            Fase::ProjetoDeLeiAprovado => "projeto de lei aprovado",
            Fase::Lei => "lei publicada",
            Fase::Arquivado => "arquivado",
        }
    }

    /// O que vem a seguir, em português.
    pub fn proximo_passo(self) -> &'static str {
        match self {
            Fase::Protocolada => "distribuir cópias aos deputados e publicar (Art. 16)",
            Fase::Divulgada => {
                "visita à sede do futuro município (Art. 17, I), com os documentos do Art. 15"
            }
            Fase::DocumentosPendentes => "juntar os documentos do Art. 15 que faltam",
            Fase::Visitada => "parecer preliminar (Art. 17, II)",
            Fase::ArquivamentoEmPlenario => "decisão do Plenário (Art. 17, § 1º)",
            Fase::Certidoes => {
                "certidões dos órgãos em 30 dias (Art. 2º, § 3º) e parecer de mérito (Art. 18)"
            }
            Fase::MeritoEmPlenario => "deliberação do Plenário (Art. 18)",
            Fase::Ccj => "parecer da CCJ (Art. 18, § 2º)",
            Fase::ElaboracaoDecreto => {
                "apresentar o projeto de decreto legislativo (Art. 18, § 2º)"
            }
            Fase::DecretoEmTramitacao => "votação em rito ordinário, sem urgência (Art. 19)",
            Fase::DecretoAprovado => "publicação no Diário Oficial (Art. 19, § 1º)",
            Fase::DecretoPublicado => {
                "encaminhar ao TRE com cópia autenticada do processo (Art. 19, § 1º)"
            }
            Fase::Plebiscito => "resultado do plebiscito pelo TRE (Art. 20)",
            Fase::ResultadoApurado => "leitura do ofício do TRE em Plenário (Art. 20)",
            Fase::ParecerDoResultado => "parecer da Comissão sobre o resultado (Art. 20, § 1º)",
            Fase::ElaboracaoProjetoDeLei => {
                "apresentar o projeto de lei com o conteúdo do Art. 7º (Art. 20, § 1º)"
            }
            Fase::ProjetoDeLeiEmPauta => "discussão e votação na sessão seguinte (Art. 20, § 2º)",
            Fase::ProjetoDeLeiAprovado => "publicação da lei",
            Fase::Lei | Fase::Arquivado => "nenhum: o processo terminou",
        }
    }

    /// Terminou.
    pub fn final_(self) -> bool {
        matches!(self, Fase::Lei | Fase::Arquivado)
    }
}

/// A resposta de um órgão ao ofício.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "resposta", rename_all = "snake_case")]
pub enum Resposta {
    /// A certidão.
    Emitida {
        /// Número.
        numero: String,
        /// Conteúdo.
        conteudo: String,
        /// Dia.
        em: Date,
    },
    /// A recusa (Art. 9º).
    Recusada {
        /// Motivo declarado.
        motivo: String,
        /// Dia.
        em: Date,
    },
}

/// A requisição a um órgão e a sua resposta.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Requisicao {
    /// O ofício (número, dia).
    pub oficio: Option<(String, Date)>,
    /// Quando o órgão recebeu: começa o prazo.
    pub recebido_em: Option<Date>,
    /// A resposta.
    pub resposta: Option<Resposta>,
}

/// Um arquivamento: quando, por qual dispositivo, em que fase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Arquivamento {
    /// Dia.
    pub em: Date,
    /// O dispositivo.
    pub fundamento: &'static str,
    /// A fase em que estava.
    pub fase: Fase,
}

/// O estado de um processo, deduzido dos eventos.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Processo {
    /// O número de protocolo.
    pub protocolo: Nup,
    /// O tipo.
    pub tipo: TipoProcesso,
    /// O nome proposto.
    pub nome: String,
    /// Municípios de origem.
    pub municipios_origem: Vec<String>,
    /// Por onde chegou.
    pub via: Via,
    /// O representante.
    pub representante: String,
    /// Assinaturas de eleitores.
    pub assinaturas: u32,
    /// A proposta anexada (TOML), se houver.
    pub proposta: Option<String>,
    /// Dia do protocolo.
    pub protocolado_em: Date,
    /// Fase atual.
    pub fase: Fase,
    /// Quantos eventos (a versão que um novo ato deve declarar).
    pub versao: u64,
    /// Dia do último ato.
    pub ultimo_ato: Date,
    /// Documentos do Art. 15 no processo.
    pub documentos: BTreeSet<DocumentoArt15>,
    /// Dia da visita (Art. 17, I).
    pub visita: Option<Date>,
    /// Requisições aos órgãos (Art. 2º, § 3º).
    pub requisicoes: BTreeMap<Orgao, Requisicao>,
    /// Dia do parecer preliminar pelas certidões (Art. 17, § 2º: "imediatamente").
    pub certidoes_requisitadas_em: Option<Date>,
    /// Servidores autorizados a prestar informações (Art. 23).
    pub autorizados: BTreeSet<String>,
    /// Emendas de divisas apresentadas (Art. 19, § 3º).
    pub emendas_de_divisas: u32,
    /// O plebiscito (dia e apurações).
    pub plebiscito: Option<(Date, Vec<Apuracao>)>,
    /// O arquivamento, se houve.
    pub arquivamento: Option<Arquivamento>,
}

fn recusa(artigo: &str, motivo: impl Into<String>) -> Recusa {
    Recusa::new(artigo, motivo)
}

fn parametro(id: &str, nome: &str, data: Date) -> Result<i64, Recusa> {
    let lei = divisa_lei::texto::lei()
        .map_err(|e| recusa(id, format!("texto da lei indisponível: {e}")))?;
    let redacao = lei
        .dispositivo(id)
        .and_then(|d| d.em(data))
        .map(|v| match v {
            divisa_lei::texto::EmVigor::Texto(r)
            | divisa_lei::texto::EmVigor::NaoDisponivel(r)
            | divisa_lei::texto::EmVigor::Inexistente(r) => r,
        });
    redacao
        .and_then(|r| r.parametros.get(nome).copied())
        .ok_or_else(|| {
            recusa(
                id,
                format!(
                    "a redação em vigor em {} não tem o parâmetro {nome} cadastrado; o sistema não pode conferir este ato",
                    divisa_referencia::formato::data(data)
                ),
            )
        })
}

fn maioria(votos: &Votos, artigo: &str) -> Result<(), Recusa> {
    if votos.sim > votos.nao {
        Ok(())
    } else {
        Err(recusa(
            artigo,
            format!(
                "o parecer não teve a maioria dos membros presentes ({} a favor, {} contra): não foi aprovado pela Comissão e não pode ser registrado como dela",
                votos.sim, votos.nao
            ),
        ))
    }
}

/// O próximo corte do Art. 3º a partir de `hoje`: (eleição, último dia para a lei). Se o corte
/// da próxima eleição já passou, o da seguinte. `None` se a redação em vigor não tem o prazo.
pub fn corte_eleitoral(hoje: Date) -> Option<(Date, Date)> {
    let meses = u8::try_from(parametro("art3_cpt", "meses_antes", hoje).ok()?).ok()?;
    let eleicao = divisa_lei::calendario::eleicao_de_instalacao(hoje, meses);
    Some((
        eleicao.data,
        divisa_lei::calendario::meses_antes(eleicao.data, meses),
    ))
}

/// Confere um pedido de protocolo (Art. 14) e cria o processo.
pub fn protocolar(ator: &Ator, ato: &Ato, data: Date, hoje: Date) -> Result<(), Recusa> {
    let Ato::Protocolar {
        nome,
        municipios_origem,
        via,
        assinaturas,
        representante,
        ..
    } = ato
    else {
        return Err(recusa(
            "Art. 14",
            "um processo começa pelo protocolo da representação",
        ));
    };
    exigir(ator.papel, Acao::Protocolar)?;
    if data > hoje {
        return Err(recusa("Art. 14", "a data do protocolo é futura"));
    }
    match (ator.papel, via) {
        (Papel::Deputado, Via::Deputado { id }) if *id != ator.id => {
            return Err(recusa(
                "Art. 14, parágrafo único",
                format!("o deputado {} não pode protocolar em nome do deputado {id}", ator.id),
            ))
        }
        (Papel::Deputado, Via::Comunidade) => {
            return Err(recusa(
                "Art. 14, parágrafo único",
                "a representação trazida por deputado é registrada como encaminhada através dele",
            ))
        }
        (Papel::Representante, Via::Deputado { .. }) => {
            return Err(recusa(
                "Art. 14, parágrafo único",
                "o representante protocola diretamente pela comunidade; a que vem através de deputado é protocolada pelo deputado",
            ))
        }
        _ => {}
    }
    if nome.trim().is_empty() {
        return Err(recusa("Art. 7º, I", "falta o nome proposto"));
    }
    if representante.trim().is_empty() {
        return Err(recusa("Art. 14", "falta o nome do representante"));
    }
    if municipios_origem.is_empty() {
        return Err(recusa(
            "Art. 15, III",
            "falta ao menos um município de origem",
        ));
    }
    let minimo = parametro("art13_cpt", "assinaturas_minimas", data)?;
    if i64::from(*assinaturas) < minimo {
        return Err(recusa(
            "Art. 13",
            format!(
                "a representação deverá ser assinada por no mínimo {minimo} eleitores residentes ou domiciliados na área; tem {assinaturas}"
            ),
        ));
    }
    Ok(())
}

impl Processo {
    /// O processo que um evento de protocolo cria.
    pub fn novo(evento: &Evento) -> Option<Processo> {
        let Ato::Protocolar {
            protocolo,
            tipo_processo,
            nome,
            municipios_origem,
            via,
            representante,
            assinaturas,
            documentos,
            proposta,
        } = &evento.ato
        else {
            return None;
        };
        Some(Processo {
            protocolo: protocolo.clone(),
            tipo: *tipo_processo,
            nome: nome.clone(),
            municipios_origem: municipios_origem.clone(),
            via: via.clone(),
            representante: representante.clone(),
            assinaturas: *assinaturas,
            proposta: proposta.clone(),
            protocolado_em: evento.data,
            fase: Fase::Protocolada,
            versao: 1,
            ultimo_ato: evento.data,
            documentos: documentos.iter().copied().collect(),
            visita: None,
            requisicoes: BTreeMap::new(),
            certidoes_requisitadas_em: None,
            autorizados: BTreeSet::new(),
            emendas_de_divisas: 0,
            plebiscito: None,
            arquivamento: None,
        })
    }

    /// Relê uma sequência de eventos. `Err` se não começa pelo protocolo ou se a numeração falha.
    pub fn de_eventos<'a>(
        eventos: impl IntoIterator<Item = &'a Evento>,
    ) -> Result<Processo, String> {
        let mut it = eventos.into_iter();
        let primeiro = it.next().ok_or("processo sem eventos")?;
        let mut p = Processo::novo(primeiro)
            .ok_or_else(|| format!("o evento {} não é um protocolo", primeiro.seq))?;
        if primeiro.seq != 1 {
            return Err(format!("o primeiro evento tem seq {}", primeiro.seq));
        }
        for e in it {
            if e.seq != p.versao + 1 {
                return Err(format!(
                    "evento {} fora de sequência (esperado {})",
                    e.seq,
                    p.versao + 1
                ));
            }
            p.aplicar(e);
        }
        Ok(p)
    }

    /// Os documentos do Art. 15 que faltam.
    pub fn documentos_faltantes(&self) -> Vec<DocumentoArt15> {
        DocumentoArt15::TODOS
            .into_iter()
            .filter(|d| !self.documentos.contains(d))
            .collect()
    }

    /// Os órgãos de que se requisitam certidões, com a requisição de cada um.
    pub fn certidoes(&self) -> Vec<(Orgao, Requisicao)> {
        self.tipo
            .orgaos_certificadores()
            .iter()
            .map(|o| (*o, self.requisicoes.get(o).cloned().unwrap_or_default()))
            .collect()
    }

    /// Confere se `ator` pode praticar `ato` no dia `data`, sendo `hoje` o dia de hoje.
    pub fn decidir(&self, ator: &Ator, ato: &Ato, data: Date, hoje: Date) -> Result<(), Recusa> {
        // Art. 19: a urgência é vedada a todos, antes de qualquer outra conferência.
        if let Ato::PedirUrgencia { .. } = ato {
            return Err(recusa(
                "Art. 19",
                "os projetos de alteração territorial tramitam em rito ordinário normal, vedada a urgência",
            ));
        }
        if let Some(arq) = &self.arquivamento {
            return Err(recusa(
                arq.fundamento,
                format!(
                    "o processo foi arquivado em {}",
                    divisa_referencia::formato::data(arq.em)
                ),
            ));
        }
        if self.fase == Fase::Lei {
            return Err(recusa(
                "Art. 20, § 2º",
                "o processo terminou com a lei publicada",
            ));
        }
        let permissao = exigir(ator.papel, ato.acao())?;
        if data > hoje {
            return Err(recusa(
                "ordem dos atos",
                format!(
                    "a data do ato ({}) é futura",
                    divisa_referencia::formato::data(data)
                ),
            ));
        }
        if data < self.ultimo_ato {
            return Err(recusa(
                "ordem dos atos",
                format!(
                    "a data do ato ({}) é anterior à do último ato registrado ({}): os atos se registram na ordem em que acontecem",
                    divisa_referencia::formato::data(data),
                    divisa_referencia::formato::data(self.ultimo_ato)
                ),
            ));
        }
        if permissao == Permissao::SeAutorizado {
            self.caso_concreto(ator, ato)?;
        }
        self.condicoes(ator, ato, data)
    }

    /// A parte da permissão que depende do caso: o órgão destinatário, o deputado autor.
    fn caso_concreto(&self, ator: &Ator, ato: &Ato) -> Result<(), Recusa> {
        match ato {
            Ato::EmitirCertidao { orgao, .. }
            | Ato::RecusarCertidao { orgao, .. }
            | Ato::ConfirmarRecebimento { orgao } => {
                if ator.papel.orgao() == Some(*orgao) {
                    Ok(())
                } else {
                    Err(recusa(
                        "Art. 2º, § 2º",
                        format!(
                            "o {} só responde pelo que é seu; a certidão do {} é do próprio órgão",
                            ator.papel.nome(),
                            orgao.nome()
                        ),
                    ))
                }
            }
            Ato::AutorizarInformacao { .. } => {
                if matches!(&self.via, Via::Deputado { id } if *id == ator.id) {
                    Ok(())
                } else {
                    Err(recusa(
                        "Art. 23",
                        "só o Deputado autor da proposição ou o Presidente da Comissão autorizam servidores a prestar informações",
                    ))
                }
            }
            _ => Ok(()),
        }
    }

    fn exigir_fase(&self, fases: &[Fase], artigo: &str, o_que: &str) -> Result<(), Recusa> {
        if fases.contains(&self.fase) {
            Ok(())
        } else {
            Err(recusa(
                artigo,
                format!(
                    "{o_que} não cabe na fase atual ({}); o próximo passo é: {}",
                    self.fase.nome(),
                    self.fase.proximo_passo()
                ),
            ))
        }
    }

    fn condicoes(&self, ator: &Ator, ato: &Ato, data: Date) -> Result<(), Recusa> {
        use Fase as F;
        match ato {
            Ato::Protocolar { .. } => Err(recusa("Art. 14", "o processo já foi protocolado")),
            Ato::Divulgar { publicacao } => {
                self.exigir_fase(&[F::Protocolada], "Art. 16", "a divulgação")?;
                if publicacao.trim().is_empty() {
                    return Err(recusa(
                        "Art. 16",
                        "diga onde a representação foi transcrita (edição do órgão oficial da Assembleia)",
                    ));
                }
                Ok(())
            }
            Ato::SolicitarDocumentos { .. } => {
                self.exigir_fase(
                    &[F::Divulgada],
                    "Art. 16, parágrafo único",
                    "a diligência de documentos",
                )?;
                if self.documentos_faltantes().is_empty() {
                    return Err(recusa(
                        "Art. 16, parágrafo único",
                        "a representação já tem todos os documentos do Art. 15",
                    ));
                }
                Ok(())
            }
            Ato::JuntarDocumento { descricao, .. } => {
                if descricao.trim().is_empty() {
                    return Err(recusa("Art. 16, parágrafo único", "descreva o documento"));
                }
                Ok(())
            }
            Ato::RegistrarVisita { relatorio, .. } => {
                self.exigir_fase(
                    &[F::Divulgada, F::DocumentosPendentes],
                    "Art. 17",
                    "a visita",
                )?;
                let faltam = self.documentos_faltantes();
                if !faltam.is_empty() {
                    return Err(recusa(
                        "Art. 17, caput e Art. 16, parágrafo único",
                        format!(
                            "a Comissão vai à sede \"de posse da representação e dos documentos\"; faltam: {}",
                            faltam.iter().map(|d| d.nome()).collect::<Vec<_>>().join("; ")
                        ),
                    ));
                }
                if relatorio.trim().is_empty() {
                    return Err(recusa(
                        "Art. 17, II",
                        "o parecer preliminar é precedido de relatório circunstanciado da visita: registre-o",
                    ));
                }
                Ok(())
            }
            Ato::ParecerPreliminar { votos, .. } => {
                self.exigir_fase(&[F::Visitada], "Art. 17, II", "o parecer preliminar")?;
                maioria(votos, "Art. 17, II")
            }
            Ato::DeliberarPlenario { .. } => self.exigir_fase(
                &[F::ArquivamentoEmPlenario, F::MeritoEmPlenario],
                "Art. 17, § 1º e Art. 18, § 1º",
                "a deliberação do Plenário",
            ),
            Ato::EnviarOficio { orgao, numero } => {
                self.exigir_fase(&[F::Certidoes], "Art. 17, § 2º", "o ofício ao órgão")?;
                if *orgao == Orgao::Comissao {
                    return Err(recusa(
                        "Art. 2º, § 2º",
                        "o inciso V é apurado pela própria Comissão, após verificação in loco: não há ofício",
                    ));
                }
                self.exigir_certificador(*orgao)?;
                if let Some((n, em)) = self.requisicoes.get(orgao).and_then(|r| r.oficio.clone()) {
                    return Err(recusa(
                        "Art. 2º, § 3º",
                        format!(
                            "o {} já foi oficiado (ofício {n}, {})",
                            orgao.nome(),
                            divisa_referencia::formato::data(em)
                        ),
                    ));
                }
                if numero.trim().is_empty() {
                    return Err(recusa("Art. 17, § 2º", "falta o número do ofício"));
                }
                Ok(())
            }
            Ato::ConfirmarRecebimento { orgao } => {
                self.exigir_fase(&[F::Certidoes], "Art. 2º, § 3º", "o recebimento do ofício")?;
                let r = self.requisicoes.get(orgao).cloned().unwrap_or_default();
                if r.oficio.is_none() {
                    return Err(recusa(
                        "Art. 17, § 2º",
                        format!("nenhum ofício foi enviado ao {}", orgao.nome()),
                    ));
                }
                if let Some(em) = r.recebido_em {
                    return Err(recusa(
                        "Art. 2º, § 3º",
                        format!(
                            "o recebimento já foi registrado em {}: o prazo não recomeça",
                            divisa_referencia::formato::data(em)
                        ),
                    ));
                }
                Ok(())
            }
            Ato::EmitirCertidao {
                orgao, conteudo, ..
            } => {
                self.exigir_fase(&[F::Certidoes], "Art. 2º, § 3º", "a certidão")?;
                self.exigir_certificador(*orgao)?;
                self.exigir_sem_resposta(*orgao)?;
                if *orgao == Orgao::Comissao {
                    if ator.papel != Papel::Presidente {
                        return Err(recusa(
                            "Art. 2º, § 2º",
                            "a apuração do inciso V é da Comissão, registrada pelo seu Presidente",
                        ));
                    }
                    if self.visita.is_none() {
                        return Err(recusa(
                            "Art. 2º, § 2º",
                            "o inciso V é apurado \"após verificação in loco\": registre a visita",
                        ));
                    }
                } else {
                    if ator.papel.orgao() != Some(*orgao) {
                        return Err(recusa(
                            "Art. 2º, § 2º",
                            format!("a certidão é emitida pelo próprio {}", orgao.nome()),
                        ));
                    }
                    self.exigir_oficiado(*orgao, "Art. 2º, § 3º")?;
                }
                if conteudo.trim().is_empty() {
                    return Err(recusa(
                        "Art. 2º, § 2º",
                        "a certidão precisa dizer o que certifica",
                    ));
                }
                Ok(())
            }
            Ato::RecusarCertidao { orgao, motivo } => {
                self.exigir_fase(&[F::Certidoes], "Art. 9º", "a recusa de certidão")?;
                if *orgao == Orgao::Comissao {
                    return Err(recusa(
                        "Art. 2º, § 2º",
                        "a Comissão não recusa a própria apuração do inciso V",
                    ));
                }
                self.exigir_certificador(*orgao)?;
                self.exigir_sem_resposta(*orgao)?;
                self.exigir_oficiado(*orgao, "Art. 9º")?;
                if motivo.trim().is_empty() {
                    return Err(recusa("Art. 9º", "registre o motivo declarado da recusa"));
                }
                Ok(())
            }
            Ato::ParecerDeMerito {
                favoravel,
                votos,
                nao_atendidos,
            } => {
                self.exigir_fase(&[F::Certidoes], "Art. 18", "o parecer de mérito")?;
                let sem_resposta: Vec<&str> = self
                    .certidoes()
                    .into_iter()
                    .filter(|(_, r)| r.resposta.is_none())
                    .map(|(o, _)| o.nome())
                    .collect();
                if !sem_resposta.is_empty() {
                    return Err(recusa(
                        "Art. 18",
                        format!(
                            "o parecer de mérito se dá \"de posse das certidões\"; faltam: {}",
                            sem_resposta.join("; ")
                        ),
                    ));
                }
                if *favoravel {
                    let recusadas: Vec<&str> = self
                        .certidoes()
                        .into_iter()
                        .filter(|(_, r)| matches!(r.resposta, Some(Resposta::Recusada { .. })))
                        .map(|(o, _)| o.nome())
                        .collect();
                    if !recusadas.is_empty() {
                        return Err(recusa(
                            "Art. 2º, § 2º e Art. 9º",
                            format!(
                                "parecer favorável sem a certidão de: {} (recusada; a recusa é apurada pelo Art. 9º, mas o requisito continua sem prova)",
                                recusadas.join("; ")
                            ),
                        ));
                    }
                    if !nao_atendidos.is_empty() {
                        return Err(recusa(
                            "Art. 2º (requisitos indispensáveis)",
                            format!(
                                "parecer favorável com dispositivos não atendidos pelo motor da lei: {}",
                                nao_atendidos.join(", ")
                            ),
                        ));
                    }
                }
                maioria(votos, "Art. 18")
            }
            Ato::ParecerCcj { .. } => {
                self.exigir_fase(&[F::Ccj], "Art. 18, § 2º", "o parecer da CCJ")
            }
            Ato::ApresentarProjetoDecreto { numero } => {
                self.exigir_fase(
                    &[F::ElaboracaoDecreto],
                    "Art. 18, § 2º",
                    "o projeto de decreto legislativo",
                )?;
                if numero.trim().is_empty() {
                    return Err(recusa("Art. 18, § 2º", "falta o número do projeto"));
                }
                Ok(())
            }
            Ato::EmendarDivisas { descricao } => {
                if self.fase > F::DecretoEmTramitacao {
                    return Err(recusa(
                        "Art. 19, § 3º",
                        "as emendas sobre modificação de divisas somente podem ser apresentadas até a aprovação do projeto de decreto legislativo",
                    ));
                }
                if descricao.trim().is_empty() {
                    return Err(recusa("Art. 19, § 3º", "descreva a modificação de divisas"));
                }
                Ok(())
            }
            Ato::PedirUrgencia { .. } => unreachable_recusa(),
            Ato::VotarDecreto { .. } => self.exigir_fase(
                &[F::DecretoEmTramitacao],
                "Art. 19",
                "a votação do projeto de decreto",
            ),
            Ato::PublicarDecreto { numero, diario } => {
                self.exigir_fase(
                    &[F::DecretoAprovado],
                    "Art. 19, § 1º",
                    "a publicação do decreto",
                )?;
                if numero.trim().is_empty() || diario.trim().is_empty() {
                    return Err(recusa(
                        "Art. 19, § 1º",
                        "informe o número do decreto e a edição do Diário Oficial",
                    ));
                }
                Ok(())
            }
            Ato::EncaminharAoTre { copia_autenticada } => {
                self.exigir_fase(
                    &[F::DecretoPublicado],
                    "Art. 19, § 1º",
                    "o encaminhamento ao TRE",
                )?;
                if !copia_autenticada {
                    return Err(recusa(
                        "Art. 19, § 1º",
                        "o decreto vai ao TRE \"acompanhado de cópia autenticada de todo o processo\"",
                    ));
                }
                Ok(())
            }
            Ato::InformarPlenario { .. } => self.exigir_fase(
                &[F::Plebiscito, F::ResultadoApurado],
                "Art. 19, § 2º",
                "o informe ao Plenário sobre o plebiscito",
            ),
            Ato::RegistrarPlebiscito {
                realizado_em,
                apuracoes,
            } => {
                self.exigir_fase(&[F::Plebiscito], "Art. 20", "o resultado do plebiscito")?;
                if *realizado_em > data {
                    return Err(recusa(
                        "Art. 20",
                        "o plebiscito não pode ser posterior ao registro",
                    ));
                }
                if apuracoes.is_empty() {
                    return Err(recusa("Art. 11, § 2º", "falta a apuração"));
                }
                if self.tipo == TipoProcesso::Fusao
                    && apuracoes.len() < self.municipios_origem.len()
                {
                    return Err(recusa(
                        "Art. 4º, parágrafo único",
                        format!(
                            "na fusão a consulta é à população de cada município envolvido: {} apurações para {} municípios",
                            apuracoes.len(),
                            self.municipios_origem.len()
                        ),
                    ));
                }
                for a in apuracoes {
                    let votos = a.sim + a.nao + a.brancos + a.nulos;
                    if votos > a.inscritos {
                        return Err(recusa(
                            "Art. 11, § 2º",
                            format!(
                                "{}: {} votos para {} eleitores inscritos",
                                a.localidade,
                                divisa_referencia::formato::inteiro(votos as i64),
                                divisa_referencia::formato::inteiro(a.inscritos as i64)
                            ),
                        ));
                    }
                }
                Ok(())
            }
            Ato::LerResultado => {
                self.exigir_fase(&[F::ResultadoApurado], "Art. 20", "a leitura do resultado")
            }
            Ato::ParecerResultado { favoravel, votos } => {
                self.exigir_fase(
                    &[F::ParecerDoResultado],
                    "Art. 20, § 1º",
                    "o parecer sobre o resultado",
                )?;
                if *favoravel {
                    if let Some((_, apuracoes)) = &self.plebiscito {
                        if let Some(a) = apuracoes.iter().find(|a| !a.aprovada()) {
                            return Err(recusa(
                                "Art. 11, caput e § 2º",
                                format!(
                                    "o plebiscito não aprovou a medida em {}: {} votos SIM de {} eleitores inscritos; a maioria absoluta exige {}",
                                    a.localidade,
                                    divisa_referencia::formato::inteiro(a.sim as i64),
                                    divisa_referencia::formato::inteiro(a.inscritos as i64),
                                    divisa_referencia::formato::inteiro((a.inscritos / 2 + 1) as i64)
                                ),
                            ));
                        }
                    }
                }
                maioria(votos, "Art. 20, § 1º")
            }
            Ato::ApresentarProjetoDeLei { numero, conteudo } => {
                self.exigir_fase(
                    &[F::ElaboracaoProjetoDeLei],
                    "Art. 20, § 1º",
                    "o projeto de lei",
                )?;
                if numero.trim().is_empty() {
                    return Err(recusa("Art. 20, § 1º", "falta o número do projeto"));
                }
                if conteudo.nome.trim().is_empty() {
                    return Err(recusa("Art. 7º, I", "o projeto de lei mencionará o nome"));
                }
                if conteudo.divisas.trim().is_empty() {
                    return Err(recusa(
                        "Art. 7º, II",
                        "o projeto de lei mencionará os limites (as divisas do memorial descritivo)",
                    ));
                }
                if conteudo.ano_instalacao < data.year() {
                    return Err(recusa(
                        "Art. 7º, III e Art. 1º, § 2º",
                        format!("ano de instalação {} já passou", conteudo.ano_instalacao),
                    ));
                }
                Ok(())
            }
            Ato::VotarProjetoDeLei { .. } => self.exigir_fase(
                &[F::ProjetoDeLeiEmPauta],
                "Art. 20, § 2º",
                "a votação do projeto de lei",
            ),
            Ato::PublicarLei { numero, diario } => {
                self.exigir_fase(&[F::ProjetoDeLeiAprovado], "Art. 11", "a publicação da lei")?;
                if numero.trim().is_empty() || diario.trim().is_empty() {
                    return Err(recusa(
                        "Art. 11",
                        "informe o número da lei e a edição do Diário Oficial",
                    ));
                }
                Ok(())
            }
            Ato::AutorizarInformacao { servidor } => {
                if servidor.trim().is_empty() {
                    return Err(recusa("Art. 23", "diga qual servidor fica autorizado"));
                }
                Ok(())
            }
        }
    }

    fn exigir_certificador(&self, orgao: Orgao) -> Result<(), Recusa> {
        if self.tipo.orgaos_certificadores().contains(&orgao) {
            Ok(())
        } else if self.tipo == TipoProcesso::Fusao {
            Err(recusa(
                "Art. 4º",
                "na fusão é dispensada a verificação dos requisitos do Art. 2º: não há certidões a requisitar",
            ))
        } else {
            Err(recusa(
                "Art. 2º, § 2º",
                format!(
                    "o {} não certifica nada num processo de {}",
                    orgao.nome(),
                    self.tipo.nome()
                ),
            ))
        }
    }

    fn exigir_oficiado(&self, orgao: Orgao, artigo: &str) -> Result<(), Recusa> {
        match self.requisicoes.get(&orgao).and_then(|r| r.oficio.as_ref()) {
            Some(_) => Ok(()),
            None => Err(recusa(
                artigo,
                format!("o {} ainda não foi oficiado", orgao.nome()),
            )),
        }
    }

    fn exigir_sem_resposta(&self, orgao: Orgao) -> Result<(), Recusa> {
        match self
            .requisicoes
            .get(&orgao)
            .and_then(|r| r.resposta.as_ref())
        {
            Some(Resposta::Emitida { numero, em, .. }) => Err(recusa(
                "Art. 2º, § 3º",
                format!(
                    "o {} já certificou (certidão {numero}, {})",
                    orgao.nome(),
                    divisa_referencia::formato::data(*em)
                ),
            )),
            Some(Resposta::Recusada { em, .. }) => Err(recusa(
                "Art. 9º",
                format!(
                    "a recusa do {} já foi registrada em {}",
                    orgao.nome(),
                    divisa_referencia::formato::data(*em)
                ),
            )),
            None => Ok(()),
        }
    }

    /// Dobra um evento aceito no estado.
    pub fn aplicar(&mut self, e: &Evento) {
        use Fase as F;
        self.versao = e.seq;
        self.ultimo_ato = self.ultimo_ato.max(e.data);
        let arquivar = |p: &mut Processo, fundamento: &'static str| {
            p.arquivamento = Some(Arquivamento {
                em: e.data,
                fundamento,
                fase: p.fase,
            });
            p.fase = F::Arquivado;
        };
        match &e.ato {
            Ato::Protocolar { .. } | Ato::PedirUrgencia { .. } => {}
            Ato::Divulgar { .. } => self.fase = F::Divulgada,
            Ato::SolicitarDocumentos { .. } => self.fase = F::DocumentosPendentes,
            Ato::JuntarDocumento { art15, .. } => {
                if let Some(d) = art15 {
                    self.documentos.insert(*d);
                }
                if self.fase == F::DocumentosPendentes && self.documentos_faltantes().is_empty() {
                    self.fase = F::Divulgada;
                }
            }
            Ato::RegistrarVisita { .. } => {
                self.visita = Some(e.data);
                self.fase = F::Visitada;
            }
            Ato::ParecerPreliminar {
                solicitar_certidoes,
                ..
            } => {
                if *solicitar_certidoes {
                    self.fase = F::Certidoes;
                    self.certidoes_requisitadas_em = Some(e.data);
                } else {
                    self.fase = F::ArquivamentoEmPlenario;
                }
            }
            Ato::DeliberarPlenario { decisao } => match (self.fase, decisao) {
                (F::ArquivamentoEmPlenario, Decisao::Arquivar) => arquivar(self, "Art. 17, § 1º"),
                (F::ArquivamentoEmPlenario, Decisao::Tramitar) => {
                    self.fase = F::Certidoes;
                    self.certidoes_requisitadas_em = Some(e.data);
                }
                (_, Decisao::Arquivar) => arquivar(self, "Art. 18, § 1º"),
                (_, Decisao::Tramitar) => self.fase = F::Ccj,
            },
            Ato::EnviarOficio { orgao, numero } => {
                self.requisicoes.entry(*orgao).or_default().oficio = Some((numero.clone(), e.data));
            }
            Ato::ConfirmarRecebimento { orgao } => {
                self.requisicoes.entry(*orgao).or_default().recebido_em = Some(e.data);
            }
            Ato::EmitirCertidao {
                orgao,
                numero,
                conteudo,
            } => {
                let r = self.requisicoes.entry(*orgao).or_default();
                // A certidão que chega sem recebimento registrado prova o recebimento.
                r.recebido_em.get_or_insert(e.data);
                r.resposta = Some(Resposta::Emitida {
                    numero: numero.clone(),
                    conteudo: conteudo.clone(),
                    em: e.data,
                });
            }
            Ato::RecusarCertidao { orgao, motivo } => {
                let r = self.requisicoes.entry(*orgao).or_default();
                r.recebido_em.get_or_insert(e.data);
                r.resposta = Some(Resposta::Recusada {
                    motivo: motivo.clone(),
                    em: e.data,
                });
            }
            Ato::ParecerDeMerito { .. } => self.fase = F::MeritoEmPlenario,
            Ato::ParecerCcj { aprovado } => {
                if *aprovado {
                    self.fase = F::ElaboracaoDecreto;
                } else {
                    arquivar(self, "Art. 18, § 2º");
                }
            }
            Ato::ApresentarProjetoDecreto { .. } => self.fase = F::DecretoEmTramitacao,
            Ato::EmendarDivisas { .. } => self.emendas_de_divisas += 1,
            Ato::VotarDecreto { aprovado } => {
                if *aprovado {
                    self.fase = F::DecretoAprovado;
                } else {
                    arquivar(self, "Art. 19");
                }
            }
            Ato::PublicarDecreto { .. } => self.fase = F::DecretoPublicado,
            Ato::EncaminharAoTre { .. } => self.fase = F::Plebiscito,
            Ato::InformarPlenario { .. } | Ato::AutorizarInformacao { .. } => {
                if let Ato::AutorizarInformacao { servidor } = &e.ato {
                    self.autorizados.insert(servidor.clone());
                }
            }
            Ato::RegistrarPlebiscito {
                realizado_em,
                apuracoes,
            } => {
                self.plebiscito = Some((*realizado_em, apuracoes.clone()));
                self.fase = F::ResultadoApurado;
            }
            Ato::LerResultado => self.fase = F::ParecerDoResultado,
            Ato::ParecerResultado { favoravel, .. } => {
                if *favoravel {
                    self.fase = F::ElaboracaoProjetoDeLei;
                } else {
                    arquivar(self, "Art. 20, § 1º");
                }
            }
            Ato::ApresentarProjetoDeLei { .. } => self.fase = F::ProjetoDeLeiEmPauta,
            Ato::VotarProjetoDeLei { aprovado } => {
                if *aprovado {
                    self.fase = F::ProjetoDeLeiAprovado;
                } else {
                    arquivar(self, "Art. 20, § 2º");
                }
            }
            Ato::PublicarLei { .. } => self.fase = F::Lei,
        }
    }

    /// Pode `ator` fazer uma ação de leitura ou saída (ver, exportar, informar) neste processo?
    pub fn pode(&self, ator: &Ator, acao: Acao) -> Result<(), Recusa> {
        match exigir(ator.papel, acao)? {
            Permissao::Sim => Ok(()),
            Permissao::SeAutorizado | Permissao::Nao => {
                if ator.papel == Papel::Servidor && self.autorizados.contains(&ator.id) {
                    Ok(())
                } else {
                    Err(recusa(
                        "Art. 23",
                        format!(
                            "o servidor {} não foi autorizado pelo Deputado autor nem pelo Presidente da Comissão a {}",
                            ator.id,
                            acao.descricao()
                        ),
                    ))
                }
            }
        }
    }

    /// Os eventos que `ator` pode ver: tudo para a Comissão, deputados e servidores (Art. 22:
    /// vista na sala — o sistema); para o órgão, o público e o que lhe diz respeito; para a
    /// comunidade e o público, o que é público, sem dados pessoais.
    pub fn visiveis(&self, ator: &Ator, eventos: &[Evento]) -> Vec<Evento> {
        let completo = self.pode(ator, Acao::VerCompleto).is_ok();
        eventos
            .iter()
            .filter(|e| {
                completo
                    || e.ato.publico()
                    || (ator.papel.orgao().is_some() && e.ato.orgao() == ator.papel.orgao())
            })
            .map(|e| {
                if completo {
                    e.clone()
                } else {
                    Evento {
                        ato: e.ato.versao_publica(),
                        ..e.clone()
                    }
                }
            })
            .collect()
    }

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
            let dias = parametro("art2_par3", "prazo_dias", recebido).unwrap_or(30) as i32;
            let mut p = Prazo::dias_corridos(
                format!("certidao:{}", orgao.codigo()),
                format!(
                    "certidão do {} (Art. 2º, {}) — sob pena de responsabilidade",
                    orgao.nome(),
                    orgao.incisos()
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
                if let Some(p) = prazos.iter().find(|p| p.chave == chave) {
                    v.push(Pendencia {
                        tipo: TipoPendencia::Certidao,
                        orgao,
                        vencimento: Some(p.vencimento),
                        detalhe: String::new(),
                    });
                }
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
    pub fn alertas(&self, hoje: Date) -> Vec<Alerta> {
        let mut v: Vec<Alerta> = self
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
    pub fn alerta_eleitoral(&self, hoje: Date) -> Option<Alerta> {
        if !self.tipo.sujeito_ao_art3() || self.fase.final_() {
            return None;
        }
        let meses = parametro("art3_cpt", "meses_antes", hoje).ok()? as u8;
        let eleicao = divisa_lei::calendario::proxima_eleicao(hoje);
        let corte = divisa_lei::calendario::meses_antes(eleicao.data, meses);
        let fmt = divisa_referencia::formato::data;
        if hoje > corte {
            let seguinte = divisa_lei::calendario::eleicao_de_instalacao(hoje, meses);
            return Some(Alerta {
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
            return Some(Alerta {
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
        (faltam <= 365).then(|| Alerta {
            artigo: "Art. 3º".into(),
            vencimento: Some(corte),
            situacao: None,
            descricao: format!(
                "faltam {faltam} dias para o corte de {} (seis meses antes da eleição de {}); ainda restam: {}",
                fmt(corte),
                fmt(eleicao.data),
                self.fase.proximo_passo()
            ),
        })
    }
}

fn unreachable_recusa() -> Result<(), Recusa> {
    // `decidir` recusa a urgência antes de chegar às condições.
    Err(recusa("Art. 19", "vedada a urgência"))
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
                self.orgao.incisos()
            ),
            TipoPendencia::OficioNaoEnviado => format!(
                "ofício ao {o} ainda não enviado: a lei manda fazê-lo imediatamente (certidões requisitadas em {d})"
            ),
            TipoPendencia::RecebimentoNaoRegistrado => format!(
                "ofício {d} ao {o}: recebimento não registrado — o prazo de 30 dias só começa a contar do recebimento"
            ),
            TipoPendencia::Recusa => format!(
                "o {o} negou-se a certificar {d}: nenhuma autoridade pode negar-se, sob pena de responsabilidade"
            ),
        }
    }

    /// O alerta em `hoje`: sempre, se não tem data; se tem, quando vencida ou a
    /// [`crate::prazos::DIAS_DE_AVISO`] dias do vencimento.
    pub fn alerta(&self, hoje: Date) -> Option<Alerta> {
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
        Some(Alerta {
            artigo: self.artigo().into(),
            vencimento: self.vencimento,
            situacao,
            descricao: self.descricao(),
        })
    }
}

/// Um alerta: o que pede atenção, com o artigo. A frase é montada só quando alguém a lê
/// ([`Alerta::mensagem`]): a consulta de alertas de milhares de processos não formata nada.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Alerta {
    /// O dispositivo.
    pub artigo: String,
    /// O dia que importa (vencimento, corte), se houver.
    pub vencimento: Option<Date>,
    /// Como está o prazo, se é um prazo.
    pub situacao: Option<crate::prazos::Situacao>,
    /// O que é, em português.
    pub descricao: String,
}

impl Alerta {
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
