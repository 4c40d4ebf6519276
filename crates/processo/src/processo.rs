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

use crate::ato::{
    Anexo, Apuracao, Ato, Decisao, DocumentoArt15, Evento, NumerosCertificados, TipoProcesso, Via,
    Votos,
};
use crate::papel::{exigir, Acao, Ator, Orgao, Papel, Permissao};
use crate::{Fase, Natureza, Nup, Recusa};

/// A resposta de um órgão ao ofício.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "resposta", rename_all = "snake_case")]
pub enum Resposta {
    /// A certidão.
    Emitida {
        /// Número.
        numero: String,
        /// Observações.
        conteudo: String,
        /// Os números certificados.
        dados: NumerosCertificados,
        /// Quem assina (vazio nas certidões gravadas antes de o campo existir).
        signatario: String,
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
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
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
    /// Os mesmos, pelo código IBGE (vazio nos protocolos de antes).
    pub codigos_origem: Vec<u32>,
    /// Por onde chegou.
    pub via: Via,
    /// O representante.
    pub representante: String,
    /// Assinaturas de eleitores.
    pub assinaturas: u32,
    /// A proposta anexada (TOML), se houver.
    pub proposta: Option<String>,
    /// O que a representação declarou sobre o Art. 6º (o nome homenageia pessoa viva?);
    /// `None`: não declarou.
    pub nome_homenageia_pessoa_viva: Option<bool>,
    /// Dia do protocolo.
    pub protocolado_em: Date,
    /// Fase atual.
    pub fase: Fase,
    /// Quantos eventos (a versão que um novo ato deve declarar).
    pub versao: u64,
    /// Dia do último ato.
    pub ultimo_ato: Date,
    /// Documentos do Art. 15 nos autos: os que um arquivo apresenta (no protocolo ou numa
    /// juntada). Nos protocolos de antes da regra (`documentos_por_arquivo == false`), também
    /// os declarados, como então se contava.
    pub documentos: BTreeSet<DocumentoArt15>,
    /// Documentos do Art. 15 que a representação declarou no protocolo (com arquivo ou não).
    pub declarados: BTreeSet<DocumentoArt15>,
    /// Se só o arquivo apresenta um documento (os protocolos gravados desde a issue 30).
    pub documentos_por_arquivo: bool,
    /// Dia da visita (Art. 17, I).
    pub visita: Option<Date>,
    /// Requisições aos órgãos (Art. 2º, § 3º).
    pub requisicoes: BTreeMap<Orgao, Requisicao>,
    /// Dia do parecer preliminar pelas certidões (Art. 17, § 2º: "imediatamente").
    pub certidoes_requisitadas_em: Option<Date>,
    /// Servidores autorizados a prestar informações (Art. 23).
    pub autorizados: BTreeSet<String>,
    /// Quem protocolou (a conta do ator do primeiro evento): o representante da comunidade age
    /// só na representação que ele mesmo protocolou.
    pub protocolado_por: String,
    /// O papel de quem protocolou (o representante da comunidade, um deputado, a secretaria).
    pub protocolado_por_papel: Papel,
    /// Emendas de divisas apresentadas (Art. 19, § 3º).
    pub emendas_de_divisas: u32,
    /// Os arquivos das versões da área desenhadas no mapa ([`Ato::AlterarArea`]), em ordem: a
    /// última é a área em vigor, se nenhuma proposta juntada depois trouxer outra.
    pub arquivos_de_area: Vec<String>,
    /// O dia da última área alterada no mapa: as certidões de antes dele certificaram outra
    /// linha (Art. 2º, § 2º).
    pub area_alterada_em: Option<Date>,
    /// Emendas de divisas apresentadas com o projeto de decreto em tramitação (Art. 19, § 3º).
    pub emendas_em_tramitacao: u32,
    /// Áreas alteradas no mapa com o projeto de decreto em tramitação: cada uma leva uma emenda.
    pub alteracoes_em_tramitacao: u32,
    /// O plebiscito (dia e apurações).
    pub plebiscito: Option<(Date, Vec<Apuracao>)>,
    /// O arquivamento, se houve.
    pub arquivamento: Option<Arquivamento>,
}

/// Em que pé está um documento do Art. 15 nos autos.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SituacaoDoDocumento {
    /// Um arquivo o apresenta.
    NosAutos,
    /// Declarado num protocolo de antes da exigência do arquivo: contou como apresentado.
    DeclaradoAntesDaRegra,
    /// Declarado na representação, sem arquivo: a juntar (Art. 16, parágrafo único).
    DeclaradoAJuntar,
    /// Nem declarado nem juntado.
    Falta,
}

impl SituacaoDoDocumento {
    /// Como a página e a ficha o dizem.
    pub fn texto(self) -> &'static str {
        match self {
            SituacaoDoDocumento::NosAutos => "nos autos",
            SituacaoDoDocumento::DeclaradoAntesDaRegra => {
                "declarado no protocolo, quando a declaração bastava"
            }
            SituacaoDoDocumento::DeclaradoAJuntar => "declarado, a juntar",
            SituacaoDoDocumento::Falta => "falta",
        }
    }

    /// Se conta como apresentado (Art. 15 e Art. 16, parágrafo único).
    pub fn conta(self) -> bool {
        matches!(
            self,
            SituacaoDoDocumento::NosAutos | SituacaoDoDocumento::DeclaradoAntesDaRegra
        )
    }
}

pub(crate) fn recusa(artigo: &str, motivo: impl Into<String>) -> Recusa {
    Recusa::new(artigo, motivo)
}

/// Uma recusa de natureza diferente da condição dos valores.
pub(crate) fn impedimento(natureza: Natureza, artigo: &str, motivo: impl Into<String>) -> Recusa {
    Recusa::de(natureza, artigo, motivo)
}

/// Eventos que não refazem um processo: um defeito do registro, não do usuário.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErroEventos {
    /// Nenhum evento.
    #[error("processo sem eventos")]
    Vazio,
    /// O primeiro evento não é o protocolo.
    #[error("o evento {0} não é um protocolo")]
    SemProtocolo(u64),
    /// A numeração pula ou repete.
    #[error("evento {seq} fora de sequência (esperado {esperado})")]
    ForaDeSequencia {
        /// O número encontrado.
        seq: u64,
        /// O que devia vir.
        esperado: u64,
    },
}

pub(crate) fn parametro(id: &str, nome: &str, data: Date) -> Result<i64, Recusa> {
    divisa_lei::texto::lei().map_err(|e| recusa(id, format!("texto da lei indisponível: {e}")))?;
    divisa_lei::texto::parametro(id, nome, data).ok_or_else(|| {
            recusa(
                id,
                format!(
                    "a redação em vigor em {} não tem o parâmetro {nome} cadastrado; o sistema não pode conferir este ato",
                    divisa_referencia::formato::data(data)
                ),
            )
        })
}

pub(crate) fn maioria(votos: &Votos, artigo: &str) -> Result<(), Recusa> {
    conferir_nominais(votos, artigo)?;
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

/// A votação nominal, quando registrada, é o placar: cada membro uma vez, e as contagens
/// iguais às do placar. O relator não fica em branco.
fn conferir_nominais(votos: &Votos, artigo: &str) -> Result<(), Recusa> {
    use crate::ato::Voto;
    if votos
        .relator
        .as_deref()
        .is_some_and(|r| r.trim().is_empty())
    {
        return Err(recusa(artigo, "o relator foi indicado em branco"));
    }
    if votos.nominais.is_empty() {
        return Ok(());
    }
    let mut vistos = BTreeSet::new();
    for v in &votos.nominais {
        if v.membro.trim().is_empty() || !vistos.insert(v.membro.trim()) {
            return Err(recusa(
                artigo,
                format!(
                    "a votação nominal tem um membro em branco ou repetido («{}»)",
                    v.membro
                ),
            ));
        }
    }
    let conta = |x: Voto| votos.nominais.iter().filter(|v| v.voto == x).count() as u32;
    let (sim, nao, abst) = (conta(Voto::Sim), conta(Voto::Nao), conta(Voto::Abstencao));
    if (sim, nao, abst) != (votos.sim, votos.nao, votos.abstencoes) {
        return Err(recusa(
            artigo,
            format!(
                "a votação nominal dá {sim} a {nao} com {abst} abstenção(ões), e o placar registrado é {} a {} com {}: corrija um dos dois",
                votos.sim, votos.nao, votos.abstencoes
            ),
        ));
    }
    Ok(())
}

/// O próximo corte do Art. 3º a partir de `hoje`: (eleição, último dia para a lei). Se o corte
/// da próxima eleição já passou, o da seguinte. `None` se a redação em vigor não tem o prazo, ou
/// se `hoje` passa do calendário projetado ([`divisa_lei::calendario::DATA_MAXIMA`]).
pub fn corte_eleitoral(hoje: Date) -> Option<(Date, Date)> {
    // Além do calendário projetado não há eleição a dizer (e nenhuma data inventada).
    if hoje > divisa_lei::calendario::DATA_MAXIMA {
        return None;
    }
    let meses = u8::try_from(parametro("art3_cpt", "meses_antes", hoje).ok()?).ok()?;
    let eleicao = divisa_lei::calendario::eleicao_de_instalacao(hoje, meses);
    Some((
        eleicao.data,
        divisa_lei::calendario::meses_antes(eleicao.data, meses),
    ))
}

impl Processo {
    /// As origens pelo código IBGE: os gravados no protocolo ou, num protocolo de antes deles,
    /// os dos nomes — vazio se algum nome não se acha (nada pela metade). Quem precisa do
    /// município (o mapa, os setores) lê daqui, sem buscar o nome de novo.
    pub fn codigos_das_origens(&self) -> Vec<u32> {
        if !self.codigos_origem.is_empty() {
            return self.codigos_origem.clone();
        }
        let Ok(mt) = divisa_referencia::mt() else {
            return Vec::new();
        };
        // todas ou nenhuma: uma lista pela metade (um nome antigo que não se acha) faria o mapa
        // e os setores tratarem um município de origem como se não o fosse
        self.municipios_origem
            .iter()
            .map(|nome| mt.por_nome(nome).map(|m| m.codigo_ibge))
            .collect::<Option<Vec<u32>>>()
            .unwrap_or_default()
    }

    /// O processo que um evento de protocolo cria.
    pub fn novo(evento: &Evento) -> Option<Processo> {
        let Ato::Protocolar {
            protocolo,
            tipo_processo,
            nome,
            municipios_origem,
            codigos_origem,
            via,
            representante,
            assinaturas,
            documentos,
            documentos_por_arquivo,
            proposta,
            nome_homenageia_pessoa_viva,
        } = &evento.ato
        else {
            return None;
        };
        // Declarar não é juntar (Art. 16, parágrafo único): conta o documento que um arquivo
        // do protocolo apresenta; o declarado sem arquivo fica «a juntar». Os protocolos de
        // antes da regra contam o declarado, como as decisões gravadas então o contaram.
        let mut nos_autos: BTreeSet<DocumentoArt15> =
            evento.anexos.iter().filter_map(|a| a.documento).collect();
        if !documentos_por_arquivo {
            nos_autos.extend(documentos.iter().copied());
        }
        Some(Processo {
            protocolo: protocolo.clone(),
            tipo: *tipo_processo,
            nome: nome.clone(),
            municipios_origem: municipios_origem.clone(),
            codigos_origem: codigos_origem.clone(),
            via: via.clone(),
            representante: representante.clone(),
            assinaturas: *assinaturas,
            proposta: proposta.clone(),
            nome_homenageia_pessoa_viva: *nome_homenageia_pessoa_viva,
            protocolado_em: evento.data,
            fase: Fase::Protocolada,
            versao: 1,
            ultimo_ato: evento.data,
            documentos: nos_autos,
            declarados: documentos.iter().copied().collect(),
            documentos_por_arquivo: *documentos_por_arquivo,
            visita: None,
            requisicoes: BTreeMap::new(),
            certidoes_requisitadas_em: None,
            autorizados: BTreeSet::new(),
            protocolado_por: evento.ator.id.clone(),
            protocolado_por_papel: evento.ator.papel,
            emendas_de_divisas: 0,
            arquivos_de_area: Vec::new(),
            area_alterada_em: None,
            emendas_em_tramitacao: 0,
            alteracoes_em_tramitacao: 0,
            plebiscito: None,
            arquivamento: None,
        })
    }

    /// Relê uma sequência de eventos. `Err` se não começa pelo protocolo ou se a numeração falha.
    pub fn de_eventos<'a>(
        eventos: impl IntoIterator<Item = &'a Evento>,
    ) -> Result<Processo, ErroEventos> {
        let mut it = eventos.into_iter();
        let primeiro = it.next().ok_or(ErroEventos::Vazio)?;
        let mut p = Processo::novo(primeiro).ok_or(ErroEventos::SemProtocolo(primeiro.seq))?;
        if primeiro.seq != 1 {
            return Err(ErroEventos::ForaDeSequencia {
                seq: primeiro.seq,
                esperado: 1,
            });
        }
        for e in it {
            if e.seq != p.versao + 1 {
                return Err(ErroEventos::ForaDeSequencia {
                    seq: e.seq,
                    esperado: p.versao + 1,
                });
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

    /// Os documentos que a representação declarou e nenhum arquivo apresentou ainda: a juntar
    /// (Art. 16, parágrafo único).
    pub fn declarados_a_juntar(&self) -> Vec<DocumentoArt15> {
        self.declarados
            .iter()
            .copied()
            .filter(|d| !self.documentos.contains(d))
            .collect()
    }

    /// Em que pé está um documento do Art. 15 nestes autos.
    pub fn situacao_do_documento(&self, d: DocumentoArt15) -> SituacaoDoDocumento {
        if self.documentos.contains(&d) {
            if self.documentos_por_arquivo || !self.declarados.contains(&d) {
                SituacaoDoDocumento::NosAutos
            } else {
                SituacaoDoDocumento::DeclaradoAntesDaRegra
            }
        } else if self.declarados.contains(&d) {
            SituacaoDoDocumento::DeclaradoAJuntar
        } else {
            SituacaoDoDocumento::Falta
        }
    }

    /// Art. 16, parágrafo único: juntar um documento do Art. 15 é juntar o seu arquivo. Declarar
    /// que ele existe não o põe nos autos (issue 30); nos protocolos de antes da regra, a juntada
    /// sem arquivo valia e continua valendo.
    pub fn exigir_arquivo(&self, ato: &Ato, anexos: &[Anexo]) -> Result<(), Recusa> {
        match ato {
            Ato::JuntarDocumento { art15: Some(d), .. }
                if self.documentos_por_arquivo && anexos.is_empty() =>
            {
                Err(recusa(
                    "Art. 16, parágrafo único",
                    format!(
                        "juntar o documento «{}» precisa do arquivo dele: declarar não é juntar",
                        d.nome_no(self.tipo)
                    ),
                ))
            }
            // a versão nova da área é o arquivo anexo: sem ele, não há versão
            Ato::AlterarArea { arquivo, .. } if !anexos.iter().any(|a| &a.nome == arquivo) => {
                Err(recusa(
                    "Art. 19, § 3º",
                    format!("a versão nova da área precisa do arquivo «{arquivo}» anexo ao ato"),
                ))
            }
            _ => Ok(()),
        }
    }

    /// Os números certificados até agora, de todas as certidões emitidas, cada um com o órgão,
    /// o número e o dia da certidão que o traz.
    pub fn numeros_certificados(&self) -> Vec<(Orgao, &str, Date, &NumerosCertificados)> {
        self.requisicoes
            .iter()
            .filter_map(|(o, r)| match &r.resposta {
                Some(Resposta::Emitida {
                    numero, dados, em, ..
                }) => Some((*o, numero.as_str(), *em, dados)),
                _ => None,
            })
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
            return Err(impedimento(
                Natureza::Vedado,
                "Art. 19",
                "os projetos de alteração territorial tramitam em rito ordinário normal, vedada a urgência",
            ));
        }
        if let Some(arq) = &self.arquivamento {
            return Err(impedimento(
                Natureza::Fase,
                arq.fundamento,
                format!(
                    "o processo foi arquivado em {}",
                    divisa_referencia::formato::data(arq.em)
                ),
            ));
        }
        if self.fase == Fase::Lei {
            return Err(impedimento(
                Natureza::Fase,
                "Art. 20, § 2º",
                "o processo terminou com a lei publicada",
            ));
        }
        let permissao = exigir(ator.papel, ato.acao())?;
        // Art. 14, parágrafo único: o representante age na representação que protocolou.
        self.do_representante(ator, ato.acao())?;
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
                // Com a regra do arquivo, a juntada sem arquivo é recusada antes
                // ([`Processo::exigir_arquivo`]); a de antes dela contava sem arquivo.
                if let Some(d) = art15 {
                    if !self.documentos_por_arquivo || !e.anexos.is_empty() {
                        self.documentos.insert(*d);
                    }
                }
                self.documentos
                    .extend(e.anexos.iter().filter_map(|a| a.documento));
                if self.fase == F::DocumentosPendentes && self.documentos_faltantes().is_empty() {
                    self.fase = F::Divulgada;
                }
            }
            Ato::AnexarProposta { proposta } => self.proposta = Some(proposta.clone()),
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
                dados,
                signatario,
            } => {
                let r = self.requisicoes.entry(*orgao).or_default();
                // A certidão que chega sem recebimento registrado prova o recebimento.
                r.recebido_em.get_or_insert(e.data);
                r.resposta = Some(Resposta::Emitida {
                    numero: numero.clone(),
                    conteudo: conteudo.clone(),
                    dados: *dados,
                    signatario: signatario.clone(),
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
            Ato::EmendarDivisas { .. } => {
                self.emendas_de_divisas += 1;
                if self.fase == F::DecretoEmTramitacao {
                    self.emendas_em_tramitacao += 1;
                }
            }
            Ato::AlterarArea { arquivo, .. } => {
                self.arquivos_de_area.push(arquivo.clone());
                self.area_alterada_em = Some(e.data);
                if self.fase == F::DecretoEmTramitacao {
                    self.alteracoes_em_tramitacao += 1;
                }
            }
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

    /// Art. 14, parágrafo único: a comunidade traz a sua representação; o representante junta
    /// documentos (e a proposta) à que protocolou, não à dos outros. Vale na leitura (`pode`) e
    /// na gravação (`decidir`).
    fn do_representante(&self, ator: &Ator, acao: Acao) -> Result<(), Recusa> {
        if ator.papel == Papel::Representante
            && acao == Acao::JuntarDocumento
            && ator.id != self.protocolado_por
        {
            return Err(impedimento(
                Natureza::Caso,
                "Art. 14, parágrafo único",
                "o representante da comunidade junta documentos só à representação que ele protocolou",
            ));
        }
        Ok(())
    }

    /// Pode `ator` fazer uma ação de leitura ou saída (ver, exportar, informar) neste processo?
    pub fn pode(&self, ator: &Ator, acao: Acao) -> Result<(), Recusa> {
        self.do_representante(ator, acao)?;
        match exigir(ator.papel, acao)? {
            Permissao::Sim => Ok(()),
            Permissao::SeAutorizado | Permissao::Nao => {
                if ator.papel == Papel::Servidor && self.autorizados.contains(&ator.id) {
                    Ok(())
                } else {
                    Err(impedimento(
                        Natureza::Caso,
                        "Art. 23",
                        format!(
                            "o servidor não foi autorizado pelo Deputado autor nem pelo Presidente da Comissão a {}",
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
        // Os atos de quem olha são sempre dele, inteiros: as regras de publicidade do Art. 16
        // escondem dos outros, não do autor (issue 32: o representante via a sua juntada sumir).
        let proprio = |e: &Evento| {
            ator.papel != Papel::Publico && e.ator.id == ator.id && e.ator.papel == ator.papel
        };
        eventos
            .iter()
            .filter(|e| {
                completo
                    || proprio(e)
                    || e.ato.publico()
                    || (ator.papel.orgao().is_some() && e.ato.orgao() == ator.papel.orgao())
            })
            .map(|e| {
                if completo || proprio(e) {
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
}
