//! As fases do processo, na ordem do rito, com o nome e o próximo passo de cada uma.

use crate::TipoDeAto;
use serde::Serialize;

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
                "certidões dos órgãos no prazo do Art. 2º, § 3º, e parecer de mérito (Art. 18)"
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

    /// Os atos que dão o próximo passo nesta fase: os que a tela mostra
    /// no alto, com quem os pratica. Quem pode cada um agora (e se os autos já o permitem) é
    /// decidido por [`crate::Processo::decidir`], não aqui.
    pub fn atos_do_proximo_passo(self) -> &'static [TipoDeAto] {
        use TipoDeAto as T;
        match self {
            Fase::Protocolada => &[T::Divulgar],
            Fase::Divulgada => &[T::RegistrarVisita, T::SolicitarDocumentos],
            Fase::DocumentosPendentes => &[T::JuntarDocumento],
            Fase::Visitada => &[T::ParecerPreliminar],
            Fase::ArquivamentoEmPlenario | Fase::MeritoEmPlenario => &[T::DeliberarPlenario],
            Fase::Certidoes => &[
                T::EnviarOficio,
                T::ConfirmarRecebimento,
                T::EmitirCertidao,
                T::ParecerDeMerito,
            ],
            Fase::Ccj => &[T::ParecerCcj],
            Fase::ElaboracaoDecreto => &[T::ApresentarProjetoDecreto],
            Fase::DecretoEmTramitacao => &[T::VotarDecreto],
            Fase::DecretoAprovado => &[T::PublicarDecreto],
            Fase::DecretoPublicado => &[T::EncaminharAoTre],
            Fase::Plebiscito => &[T::RegistrarPlebiscito],
            Fase::ResultadoApurado => &[T::LerResultado],
            Fase::ParecerDoResultado => &[T::ParecerResultado],
            Fase::ElaboracaoProjetoDeLei => &[T::ApresentarProjetoDeLei],
            Fase::ProjetoDeLeiEmPauta => &[T::VotarProjetoDeLei],
            Fase::ProjetoDeLeiAprovado => &[T::PublicarLei],
            Fase::Lei | Fase::Arquivado => &[],
        }
    }

    /// Terminou.
    pub fn final_(self) -> bool {
        matches!(self, Fase::Lei | Fase::Arquivado)
    }
}
