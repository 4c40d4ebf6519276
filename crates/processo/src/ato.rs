//! Os atos do processo: o que alguém pede ([`Ato`]) e, aceito, o que fica gravado ([`Evento`]).
//!
//! Um evento é o ato aceito mais quem o praticou, em que dia e em que posição da sequência. A
//! sequência só cresce: nada se apaga nem se corrige — um erro se corrige com outro ato.

use jiff::civil::Date;
use serde::{Deserialize, Serialize};

use divisa_referencia::formato::data as fmt_data;

use crate::papel::{Acao, Ator, Orgao};
use crate::Nup;

mod votacao;
pub use votacao::{Apuracao, ApuracaoSecao, Decisao, Voto, VotoNominal, Votos};

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
    /// O identificador (o mesmo `tipo` da proposta, CONTRACT §2).
    pub fn codigo(self) -> &'static str {
        match self {
            TipoProcesso::Criacao => "criacao",
            TipoProcesso::Fusao => "fusao",
            TipoProcesso::Incorporacao => "incorporacao",
            TipoProcesso::Desmembramento => "desmembramento",
        }
    }

    /// O nome por extenso.
    pub fn nome(self) -> &'static str {
        match self {
            TipoProcesso::Criacao => "criação de município",
            TipoProcesso::Fusao => "fusão de municípios",
            TipoProcesso::Incorporacao => "incorporação de município",
            TipoProcesso::Desmembramento => "desmembramento de área (revisão de limites)",
        }
    }

    /// O inverso de [`TipoProcesso::codigo`]; `Err` explica por que o tipo não segue este rito.
    pub fn de_codigo(codigo: &str) -> Result<TipoProcesso, String> {
        Ok(match codigo {
            "criacao" => TipoProcesso::Criacao,
            "fusao" => TipoProcesso::Fusao,
            "incorporacao" => TipoProcesso::Incorporacao,
            "desmembramento" => TipoProcesso::Desmembramento,
            "extincao" => {
                return Err("a extinção é declarada em lei estadual a qualquer tempo (Art. 10) e não segue o rito da representação dos Arts. 13 a 20".into())
            }
            "alteracao_nome" => {
                return Err("a alteração de nome segue o Art. 6º, § 2º (representação do Prefeito aprovada pela Câmara), não o rito dos Arts. 13 a 20".into())
            }
            "criacao_distrito" => {
                return Err("distritos são criados por lei municipal (Art. 24, § 1º), não por processo na Assembleia".into())
            }
            outro => {
                return Err(format!(
                    "tipo \"{outro}\" desconhecido; esperado criacao, fusao, incorporacao ou desmembramento"
                ))
            }
        })
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

/// Os números que uma certidão certifica, como dados (Art. 2º, § 2º): só os do órgão que a
/// emite — população, casas e área pela Cartografia, eleitores pelo TRE, valor adicionado pela
/// Fazenda, arrecadação pela Comissão após a visita.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumerosCertificados {
    /// I — população estimada do território, habitantes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub populacao: Option<u64>,
    /// II — eleitores inscritos no território.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eleitores: Option<u64>,
    /// III — casas do centro urbano.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casas_centro_urbano: Option<u64>,
    /// IV — valor adicionado do último exercício, reais.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valor_adicionado: Option<f64>,
    /// V — arrecadação do último exercício, reais.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrecadacao: Option<f64>,
    /// VI — área do território, km².
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area_km2: Option<f64>,
}

impl NumerosCertificados {
    /// Cada número presente, com o nome para pessoas e o órgão que o apura (Art. 2º, § 2º).
    pub fn presentes(&self) -> Vec<(&'static str, Orgao)> {
        let mut v = Vec::new();
        if self.populacao.is_some() {
            v.push(("população", Orgao::Cartografia));
        }
        if self.eleitores.is_some() {
            v.push(("eleitores", Orgao::Tre));
        }
        if self.casas_centro_urbano.is_some() {
            v.push(("casas do centro urbano", Orgao::Cartografia));
        }
        if self.valor_adicionado.is_some() {
            v.push(("valor adicionado", Orgao::Fazenda));
        }
        if self.arrecadacao.is_some() {
            v.push(("arrecadação", Orgao::Comissao));
        }
        if self.area_km2.is_some() {
            v.push(("área", Orgao::Cartografia));
        }
        v
    }

    /// Os números em palavras, no formato brasileiro ("população 5.200 habitantes; eleitores
    /// 1.300").
    pub fn descricao(&self) -> String {
        use divisa_referencia::formato::{inteiro, km2, reais};
        let mut v = Vec::new();
        let i = |n: u64| inteiro(i64::try_from(n).unwrap_or(i64::MAX));
        if let Some(n) = self.populacao {
            v.push(format!("população de {} habitantes", i(n)));
        }
        if let Some(n) = self.eleitores {
            v.push(format!("{} eleitores", i(n)));
        }
        if let Some(n) = self.casas_centro_urbano {
            v.push(format!("{} casas no centro urbano", i(n)));
        }
        if let Some(n) = self.valor_adicionado {
            v.push(format!("valor adicionado de {}", reais(n)));
        }
        if let Some(n) = self.arrecadacao {
            v.push(format!("arrecadação de {}", reais(n)));
        }
        if let Some(n) = self.area_km2 {
            v.push(format!("área de {}", km2(n)));
        }
        v.join("; ")
    }
}

/// Dados de uma nova representação (o protocolo é atribuído pelo registro).
#[derive(Debug, Clone, PartialEq)]
pub struct NovaRepresentacao {
    /// Tipo de processo.
    pub tipo: TipoProcesso,
    /// Nome proposto.
    pub nome: String,
    /// Municípios de origem.
    pub municipios_origem: Vec<String>,
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

/// Os códigos IBGE dos municípios de origem, pelos nomes (sem diferença de acentos e
/// maiúsculas); `Err` com o primeiro nome que não é município de Mato Grosso.
pub fn codigos_ibge(nomes: &[String]) -> Result<Vec<u32>, String> {
    let mt = divisa_referencia::mt().map_err(|e| e.to_string())?;
    nomes
        .iter()
        .map(|n| {
            mt.por_nome(n.trim())
                .map(|m| m.codigo_ibge)
                .ok_or_else(|| n.clone())
        })
        .collect()
}

/// Os nomes oficiais dos municípios de origem (como na Malha Municipal 2022), pelos nomes
/// escritos; o que não é município de MT fica como veio (a lei o recusa no protocolo).
pub fn nomes_oficiais(nomes: &[String]) -> Vec<String> {
    let Ok(mt) = divisa_referencia::mt() else {
        return nomes.to_vec();
    };
    nomes
        .iter()
        .map(|n| {
            mt.por_nome(n.trim())
                .map_or_else(|| n.clone(), |m| m.nome.clone())
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

/// O que alguém pede ao processo. Aceito, vira o `ato` de um [`Evento`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "tipo", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ato {
    /// Art. 14: a representação lida no expediente, protocolada, registrada, autuada e
    /// encaminhada à Comissão.
    Protocolar {
        /// Número de protocolo (atribuído pelo registro, nunca digitado).
        protocolo: Nup,
        /// O tipo de processo.
        tipo_processo: TipoProcesso,
        /// O nome proposto (ou o do município que incorpora).
        nome: String,
        /// Municípios de origem, pelo nome oficial.
        municipios_origem: Vec<String>,
        /// Os mesmos, pelo código IBGE (na ordem dos nomes). Vazio nos protocolos gravados
        /// antes de o código ir junto.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        codigos_origem: Vec<u32>,
        /// Por onde chegou (Art. 14, parágrafo único).
        via: Via,
        /// Quem assina como representante.
        representante: String,
        /// Assinaturas de eleitores (Art. 13: no mínimo 10).
        assinaturas: u32,
        /// Documentos do Art. 15 que a representação declara (com arquivo ou não).
        documentos: Vec<DocumentoArt15>,
        /// `true` nos protocolos gravados desde que só o arquivo apresenta um documento (issue
        /// 30): um documento declarado sem arquivo fica «a juntar». Os protocolos de antes
        /// (`false`) são relidos com a regra do seu tempo — o declarado conta —, para que a
        /// releitura dê a mesma fase que as decisões gravadas viram.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        documentos_por_arquivo: bool,
        /// A proposta (CONTRACT §2), em TOML, se veio — o motor da lei a avalia.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        proposta: Option<String>,
        /// Art. 6º: o que a representação declara sobre o nome homenagear pessoa viva (a
        /// pergunta de sim ou não do formulário; `None`: não respondeu, e nos protocolos de
        /// antes da pergunta).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nome_homenageia_pessoa_viva: Option<bool>,
    },
    /// Art. 16: cópia aos deputados e transcrição no órgão oficial.
    Divulgar {
        /// Onde foi publicada (edição do Diário Oficial da Assembleia).
        publicacao: String,
    },
    /// Art. 16, parágrafo único: a Comissão diligencia os documentos faltantes.
    SolicitarDocumentos {
        /// A quem (as lideranças interessadas).
        destinatario: String,
    },
    /// Juntada de documento (Art. 16, parágrafo único, e qualquer outro).
    JuntarDocumento {
        /// O documento do Art. 15, se for um deles.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        art15: Option<DocumentoArt15>,
        /// Descrição.
        descricao: String,
    },
    /// A proposta (CONTRACT §2) juntada aos autos depois do protocolo, ou a sua versão nova:
    /// a última juntada é a que a lei avalia; as anteriores ficam nos autos.
    AnexarProposta {
        /// O texto TOML da proposta, conferido antes (mesmo tipo do processo).
        proposta: String,
    },
    /// Art. 17, I: visita à sede do futuro município e levantamento socioeconômico.
    RegistrarVisita {
        /// Onde.
        local: String,
        /// O relatório circunstanciado da visita (Art. 17, II).
        relatorio: String,
    },
    /// Art. 17, II: parecer preliminar.
    ParecerPreliminar {
        /// `true`: solicitar as certidões (§ 2º); `false`: pelo arquivamento (§ 1º).
        solicitar_certidoes: bool,
        /// Placar.
        votos: Votos,
    },
    /// Art. 17, § 1º e Art. 18, § 1º: o Plenário decide.
    DeliberarPlenario {
        /// A decisão.
        decisao: Decisao,
    },
    /// Art. 17, § 2º: ofício a um órgão competente.
    EnviarOficio {
        /// O órgão.
        orgao: Orgao,
        /// Número do ofício.
        numero: String,
    },
    /// O órgão recebeu o ofício: começa o prazo de 30 dias (Art. 2º, § 3º).
    ConfirmarRecebimento {
        /// O órgão.
        orgao: Orgao,
    },
    /// A certidão do órgão (Art. 2º, § 2º).
    EmitirCertidao {
        /// O órgão.
        orgao: Orgao,
        /// Número ou referência da certidão.
        numero: String,
        /// Observações da certidão (a fonte, o método); os números vão em `dados`.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        conteudo: String,
        /// Os números certificados. Eventos gravados antes de a certidão trazer dados leem
        /// vazio (o número certificado ficou só no texto de `conteudo`).
        #[serde(default)]
        dados: NumerosCertificados,
        /// Quem assina a certidão (nome e cargo).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        signatario: String,
    },
    /// Art. 9º: a autoridade se negou a certificar ("sob pena de responsabilidade").
    RecusarCertidao {
        /// O órgão.
        orgao: Orgao,
        /// O motivo declarado.
        motivo: String,
    },
    /// Art. 18: parecer de mérito.
    ParecerDeMerito {
        /// Pelo andamento (`true`) ou não.
        favoravel: bool,
        /// Placar.
        votos: Votos,
        /// Dispositivos que o motor da lei achou não atendidos (vazio se nenhum).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        nao_atendidos: Vec<String>,
    },
    /// Art. 18, §§ 1º e 2º: parecer da Comissão de Constituição e Justiça.
    ParecerCcj {
        /// Aprovado.
        aprovado: bool,
    },
    /// Art. 18, § 2º: projeto de decreto legislativo autorizando o plebiscito.
    ApresentarProjetoDecreto {
        /// Número do projeto.
        numero: String,
    },
    /// Art. 19, § 3º: emenda sobre modificação de divisas.
    EmendarDivisas {
        /// O que muda.
        descricao: String,
    },
    /// Uma versão nova da área do processo, desenhada no mapa (issue 29): o arquivo GeoJSON vai
    /// anexo a este ato, e a área em vigor passa a ser ele — as versões anteriores ficam nos
    /// autos. Só até a aprovação do projeto de decreto legislativo (Art. 19, § 3º).
    AlterarArea {
        /// A versão que a área passa a ser (1, 2, …: a primeira versão é a da representação).
        versao: u32,
        /// O nome do arquivo GeoJSON anexo a este ato, com a área nova.
        arquivo: String,
        /// Por que a linha mudou, nas palavras de quem a mudou.
        motivo: String,
        /// A área da versão anterior, em m² (geodésica, SIRGAS 2000); `None` quando não havia.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        area_antes_m2: Option<u64>,
        /// A área nova, em m².
        area_m2: u64,
        /// Os vértices da versão anterior.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        vertices_antes: Option<u32>,
        /// Os vértices da versão nova.
        vertices: u32,
    },
    /// Art. 19: pedido de urgência — sempre recusado.
    PedirUrgencia {
        /// A justificativa apresentada.
        justificativa: String,
    },
    /// Votação do projeto de decreto legislativo (rito ordinário, Art. 19).
    VotarDecreto {
        /// Aprovado.
        aprovado: bool,
    },
    /// Art. 19, § 1º: publicação do decreto no Diário Oficial.
    PublicarDecreto {
        /// Número do decreto legislativo.
        numero: String,
        /// Edição do Diário Oficial.
        diario: String,
    },
    /// Art. 19, § 1º: encaminhamento ao TRE com cópia autenticada do processo.
    EncaminharAoTre {
        /// A cópia autenticada de todo o processo foi junto.
        copia_autenticada: bool,
    },
    /// Art. 19, § 2º: a Comissão informa o Plenário sobre o plebiscito.
    InformarPlenario {
        /// O que foi informado.
        nota: String,
    },
    /// O resultado do plebiscito, com os números do TRE (Art. 11, § 2º; Art. 4º, parágrafo único).
    RegistrarPlebiscito {
        /// Data da votação.
        realizado_em: Date,
        /// Uma apuração por localidade consultada.
        apuracoes: Vec<Apuracao>,
    },
    /// Art. 20: o ofício do TRE lido pela Mesa e encaminhado à Comissão.
    LerResultado,
    /// Art. 20, § 1º: parecer da Comissão sobre o resultado.
    ParecerResultado {
        /// Pelo prosseguimento.
        favoravel: bool,
        /// Placar.
        votos: Votos,
    },
    /// Art. 20, §§ 1º e 2º: projeto de lei elaborado e encaminhado à Mesa.
    ApresentarProjetoDeLei {
        /// Número do projeto.
        numero: String,
        /// O conteúdo do Art. 7º.
        conteudo: ConteudoLei,
    },
    /// Art. 20, § 2º: discussão e votação.
    VotarProjetoDeLei {
        /// Aprovado.
        aprovado: bool,
    },
    /// A lei publicada.
    PublicarLei {
        /// Número da lei.
        numero: String,
        /// Edição do Diário Oficial.
        diario: String,
    },
    /// Art. 23: autorização a um servidor para prestar informações.
    AutorizarInformacao {
        /// O servidor autorizado (identificador).
        servidor: String,
    },
}

impl Ato {
    /// Se o ato só acrescenta aos autos, sem depender do que outro ato mudou entre a leitura da
    /// página e o envio: juntar um documento, o recebimento ou a certidão de um órgão, autorizar
    /// um servidor. Dois destes ao mesmo tempo não conflitam: o segundo é decidido de novo (a lei
    /// e o papel conferidos no estado atual) e gravado. Os outros (pareceres, votações, a fase)
    /// conflitam de verdade: o segundo é recusado com o que mudou.
    pub fn independente(&self) -> bool {
        matches!(
            self,
            Ato::JuntarDocumento { .. }
                | Ato::ConfirmarRecebimento { .. }
                | Ato::EmitirCertidao { .. }
                | Ato::RecusarCertidao { .. }
                | Ato::AutorizarInformacao { .. }
        )
    }

    /// O nome do tipo, como gravado (`tipo` no JSON).
    pub fn tipo(&self) -> &'static str {
        match self {
            Ato::Protocolar { .. } => "protocolar",
            Ato::Divulgar { .. } => "divulgar",
            Ato::SolicitarDocumentos { .. } => "solicitar_documentos",
            Ato::JuntarDocumento { .. } => "juntar_documento",
            Ato::AnexarProposta { .. } => "anexar_proposta",
            Ato::RegistrarVisita { .. } => "registrar_visita",
            Ato::ParecerPreliminar { .. } => "parecer_preliminar",
            Ato::DeliberarPlenario { .. } => "deliberar_plenario",
            Ato::EnviarOficio { .. } => "enviar_oficio",
            Ato::ConfirmarRecebimento { .. } => "confirmar_recebimento",
            Ato::EmitirCertidao { .. } => "emitir_certidao",
            Ato::RecusarCertidao { .. } => "recusar_certidao",
            Ato::ParecerDeMerito { .. } => "parecer_de_merito",
            Ato::ParecerCcj { .. } => "parecer_ccj",
            Ato::ApresentarProjetoDecreto { .. } => "apresentar_projeto_decreto",
            Ato::EmendarDivisas { .. } => "emendar_divisas",
            Ato::AlterarArea { .. } => "alterar_area",
            Ato::PedirUrgencia { .. } => "pedir_urgencia",
            Ato::VotarDecreto { .. } => "votar_decreto",
            Ato::PublicarDecreto { .. } => "publicar_decreto",
            Ato::EncaminharAoTre { .. } => "encaminhar_ao_tre",
            Ato::InformarPlenario { .. } => "informar_plenario",
            Ato::RegistrarPlebiscito { .. } => "registrar_plebiscito",
            Ato::LerResultado => "ler_resultado",
            Ato::ParecerResultado { .. } => "parecer_resultado",
            Ato::ApresentarProjetoDeLei { .. } => "apresentar_projeto_de_lei",
            Ato::VotarProjetoDeLei { .. } => "votar_projeto_de_lei",
            Ato::PublicarLei { .. } => "publicar_lei",
            Ato::AutorizarInformacao { .. } => "autorizar_informacao",
        }
    }

    /// Uma linha que diz o que o ato fez, para pessoas (a linha do tempo, a ficha, os autos).
    pub fn resumo(&self) -> String {
        self.resumo_com(&|login| format!("o(a) servidor(a) da conta «{login}»"))
    }

    /// Como [`Ato::resumo`], com `pessoa` dizendo quem é a conta que o ato cita (o servidor
    /// autorizado) por nome e cargo.
    pub fn resumo_com(&self, pessoa: &dyn Fn(&str) -> String) -> String {
        match self {
            Ato::Protocolar { assinaturas, .. } => {
                format!("representação protocolada, com {assinaturas} assinaturas (Art. 14)")
            }
            Ato::Divulgar { publicacao } => format!("divulgada: {publicacao} (Art. 16)"),
            Ato::SolicitarDocumentos { destinatario } => {
                format!("documentos solicitados a {destinatario} (Art. 16, parágrafo único)")
            }
            Ato::JuntarDocumento { descricao, art15 } => format!(
                "documento juntado: {descricao}{}",
                art15
                    .map(|d| format!(" ({})", d.nome()))
                    .unwrap_or_default()
            ),
            Ato::AnexarProposta { .. } => {
                "proposta juntada aos autos: a lei passa a ser avaliada por ela".into()
            }
            Ato::RegistrarVisita { local, .. } => format!("visita a {local} (Art. 17, I)"),
            Ato::ParecerPreliminar {
                solicitar_certidoes,
                votos,
            } => format!(
                "parecer preliminar {} ({} a {}) (Art. 17, II)",
                if *solicitar_certidoes {
                    "pelas certidões"
                } else {
                    "pelo arquivamento"
                },
                votos.sim,
                votos.nao
            ),
            Ato::DeliberarPlenario { decisao } => match decisao {
                Decisao::Tramitar => "o Plenário decidiu pela tramitação".to_string(),
                Decisao::Arquivar => "o Plenário decidiu pelo arquivamento".to_string(),
            },
            Ato::EnviarOficio { orgao, numero } => {
                format!("ofício {numero} {} (Art. 17, § 2º)", orgao.ao_orgao())
            }
            Ato::ConfirmarRecebimento { orgao } => {
                format!(
                    "ofício recebido pelo {}: começa o prazo (Art. 2º, § 3º)",
                    orgao.nome()
                )
            }
            Ato::EmitirCertidao {
                orgao,
                numero,
                dados,
                signatario,
                ..
            } => {
                let quem = if signatario.is_empty() {
                    String::new()
                } else {
                    format!(", assinada por {signatario}")
                };
                let o_que = dados.descricao();
                if o_que.is_empty() {
                    format!("{} {}{quem}", certidao_numero(numero), orgao.do_orgao())
                } else {
                    format!(
                        "{} {}{quem}: {o_que}",
                        certidao_numero(numero),
                        orgao.do_orgao()
                    )
                }
            }
            Ato::RecusarCertidao { orgao, motivo } => {
                format!(
                    "o {} recusou-se a certificar: {motivo} (Art. 9º)",
                    orgao.nome()
                )
            }
            Ato::ParecerDeMerito {
                favoravel, votos, ..
            } => format!(
                "parecer de mérito {} ({} a {}) (Art. 18)",
                if *favoravel {
                    "favorável"
                } else {
                    "contrário"
                },
                votos.sim,
                votos.nao
            ),
            Ato::ParecerCcj { aprovado } => format!(
                "parecer da CCJ {} (Art. 18, § 2º)",
                if *aprovado { "aprovado" } else { "rejeitado" }
            ),
            Ato::ApresentarProjetoDecreto { numero } => {
                format!("projeto de decreto legislativo {numero} (Art. 18, § 2º)")
            }
            Ato::EmendarDivisas { descricao } => {
                format!("emenda de divisas: {descricao} (Art. 19, § 3º)")
            }
            Ato::AlterarArea {
                versao,
                motivo,
                area_antes_m2,
                area_m2,
                ..
            } => {
                let km2 = |m2: u64| divisa_referencia::formato::km2(m2 as f64 / 1e6);
                format!(
                    "área alterada no mapa, versão {versao}: {}{} — {motivo} (Art. 19, § 3º)",
                    area_antes_m2
                        .map(|a| format!("de {} para ", km2(a)))
                        .unwrap_or_default(),
                    km2(*area_m2)
                )
            }
            Ato::PedirUrgencia { .. } => "pedido de urgência".into(),
            Ato::VotarDecreto { aprovado } => format!(
                "projeto de decreto {}",
                if *aprovado { "aprovado" } else { "rejeitado" }
            ),
            Ato::PublicarDecreto { numero, diario } => {
                format!("decreto legislativo {numero} publicado no {diario} (Art. 19, § 1º)")
            }
            Ato::EncaminharAoTre { .. } => {
                "encaminhado ao TRE com cópia autenticada do processo (Art. 19, § 1º)".into()
            }
            Ato::InformarPlenario { nota } => format!("Plenário informado: {nota} (Art. 19, § 2º)"),
            Ato::RegistrarPlebiscito {
                realizado_em,
                apuracoes,
            } => format!(
                "plebiscito de {}: {}",
                fmt_data(*realizado_em),
                apuracoes
                    .iter()
                    .map(|a| format!(
                        "{} — SIM {} de {} inscritos ({})",
                        a.localidade,
                        divisa_referencia::formato::inteiro(a.sim as i64),
                        divisa_referencia::formato::inteiro(a.inscritos as i64),
                        if a.aprovada() {
                            "maioria absoluta"
                        } else {
                            "sem maioria absoluta"
                        }
                    ))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            Ato::LerResultado => {
                "resultado lido em Plenário e encaminhado à Comissão (Art. 20)".into()
            }
            Ato::ParecerResultado { favoravel, .. } => format!(
                "parecer sobre o resultado {} (Art. 20, § 1º)",
                if *favoravel {
                    "pelo prosseguimento"
                } else {
                    "pelo arquivamento"
                }
            ),
            Ato::ApresentarProjetoDeLei { numero, conteudo } => format!(
                "projeto de lei {numero}: \"{}\", instalação em {} (Art. 20, § 1º; Art. 7º)",
                conteudo.nome, conteudo.ano_instalacao
            ),
            Ato::VotarProjetoDeLei { aprovado } => format!(
                "projeto de lei {} (Art. 20, § 2º)",
                if *aprovado { "aprovado" } else { "rejeitado" }
            ),
            Ato::PublicarLei { numero, diario } => format!("lei {numero} publicada no {diario}"),
            Ato::AutorizarInformacao { servidor } => format!(
                "{} autorizado(a) a prestar informações (Art. 23)",
                pessoa(servidor)
            ),
        }
    }

    /// A ação da matriz de papéis que o ato exige.
    pub fn acao(&self) -> Acao {
        match self {
            Ato::Protocolar { .. } => Acao::Protocolar,
            Ato::Divulgar { .. } => Acao::Divulgar,
            Ato::SolicitarDocumentos { .. } => Acao::SolicitarDocumentos,
            Ato::JuntarDocumento { .. } | Ato::AnexarProposta { .. } => Acao::JuntarDocumento,
            Ato::RegistrarVisita { .. } => Acao::RegistrarVisita,
            Ato::ParecerPreliminar { .. }
            | Ato::ParecerDeMerito { .. }
            | Ato::ParecerResultado { .. } => Acao::EmitirParecer,
            Ato::EnviarOficio { .. } | Ato::EncaminharAoTre { .. } => Acao::Oficiar,
            Ato::ConfirmarRecebimento { .. } => Acao::RegistrarRecebimento,
            Ato::EmitirCertidao { .. } | Ato::RecusarCertidao { .. } => Acao::Certificar,
            Ato::DeliberarPlenario { .. }
            | Ato::ParecerCcj { .. }
            | Ato::VotarDecreto { .. }
            | Ato::PublicarDecreto { .. }
            | Ato::LerResultado
            | Ato::VotarProjetoDeLei { .. }
            | Ato::PublicarLei { .. } => Acao::RegistrarAtoDaCasa,
            Ato::ApresentarProjetoDecreto { .. } | Ato::ApresentarProjetoDeLei { .. } => {
                Acao::ApresentarProjeto
            }
            Ato::EmendarDivisas { .. } => Acao::EmendarDivisas,
            Ato::AlterarArea { .. } => Acao::AlterarArea,
            Ato::PedirUrgencia { .. } => Acao::PedirUrgencia,
            Ato::InformarPlenario { .. } => Acao::InformarPlenario,
            Ato::RegistrarPlebiscito { .. } => Acao::RegistrarPlebiscito,
            Ato::AutorizarInformacao { .. } => Acao::AutorizarInformacao,
        }
    }

    /// O órgão a que o ato se refere, se for ofício ou certidão.
    pub fn orgao(&self) -> Option<Orgao> {
        match self {
            Ato::EnviarOficio { orgao, .. }
            | Ato::ConfirmarRecebimento { orgao }
            | Ato::EmitirCertidao { orgao, .. }
            | Ato::RecusarCertidao { orgao, .. } => Some(*orgao),
            _ => None,
        }
    }

    /// Se o ato é público (Art. 16, "ampla divulgação", e a publicidade dos atos oficiais:
    /// deliberações do Plenário, decreto, plebiscito, lei). O resto do processo — visitas,
    /// pareceres antes do Plenário, certidões, autorizações — fica na Comissão (Art. 22).
    pub fn publico(&self) -> bool {
        matches!(
            self,
            Ato::Protocolar { .. }
                | Ato::Divulgar { .. }
                | Ato::DeliberarPlenario { .. }
                | Ato::VotarDecreto { .. }
                | Ato::PublicarDecreto { .. }
                | Ato::RegistrarPlebiscito { .. }
                | Ato::VotarProjetoDeLei { .. }
                | Ato::PublicarLei { .. }
        )
    }

    /// A versão que o público vê: sem a proposta anexada (traz títulos de eleitor e nomes de
    /// quem assinou — dados pessoais que o Art. 16 não manda divulgar).
    pub fn versao_publica(&self) -> Ato {
        match self {
            Ato::Protocolar { .. } => {
                let mut publico = self.clone();
                if let Ato::Protocolar { proposta, .. } = &mut publico {
                    *proposta = None;
                }
                publico
            }
            Ato::AnexarProposta { .. } => Ato::AnexarProposta {
                proposta: String::new(),
            },
            outro => outro.clone(),
        }
    }
}

/// Um arquivo que acompanha um ato (o documento do Art. 15, a certidão, o relatório da visita):
/// o que o evento guarda dele, e o que a cadeia de hashes protege. O conteúdo fica no registro,
/// conferido por este SHA-256.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Anexo {
    /// O nome com que veio (sem caminho).
    pub nome: String,
    /// O tipo de mídia conferido pelo conteúdo (`application/pdf`).
    pub tipo_midia: String,
    /// O tamanho, em bytes.
    pub tamanho: u64,
    /// O SHA-256 do conteúdo, em hexadecimal minúsculo.
    pub sha256: String,
    /// O documento do Art. 15 que este arquivo apresenta, quando é um deles (o requerimento, o
    /// mapa, a justificativa …). Só um arquivo apresenta um documento: declarar não é juntar
    /// (Art. 16, parágrafo único).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documento: Option<DocumentoArt15>,
}

impl Anexo {
    /// O formato, como uma pessoa o chama ("PDF", "imagem PNG", "GeoJSON").
    pub fn formato(&self) -> &'static str {
        nome_do_formato(&self.tipo_midia)
    }
}

/// O nome do formato de um tipo de mídia, para pessoas: nas páginas, nos autos e nas recusas,
/// nunca `application/…`.
pub fn nome_do_formato(tipo_midia: &str) -> &'static str {
    match tipo_midia {
        "application/pdf" => "PDF",
        "image/png" => "imagem PNG",
        "image/jpeg" => "imagem JPEG",
        "image/tiff" => "imagem TIFF",
        "application/vnd.oasis.opendocument.text" => "documento ODT",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document" => {
            "documento DOCX"
        }
        "application/zip" => "arquivo ZIP",
        "application/vnd.google-earth.kmz" => "KMZ",
        "application/geopackage+sqlite3" | "application/vnd.sqlite3" => "GeoPackage",
        "application/geo+json" => "GeoJSON",
        "application/json" => "JSON",
        "application/vnd.google-earth.kml+xml" => "KML",
        "application/x-esri-shape" => "Shapefile",
        "text/plain" => "texto",
        "text/csv" => "planilha CSV",
        "application/toml" => "arquivo da proposta",
        t if t.starts_with("image/") => "imagem",
        t if t.starts_with("video/") => "vídeo",
        t if t.starts_with("audio/") => "áudio",
        "application/x-executable" | "application/vnd.microsoft.portable-executable" => {
            "programa executável"
        }
        _ => "outro formato",
    }
}

/// «certidão nº 12/2026», do número como o órgão o escreveu — sem repetir a palavra quando o
/// número já a traz («Certidão nº 12/2026»; issue 32: «certidão Certidão…»).
pub fn certidao_numero(numero: &str) -> String {
    let numero = numero.trim();
    let minusculo = numero.to_lowercase();
    if minusculo.starts_with("certidão") || minusculo.starts_with("certidao") {
        // a palavra em minúsculas, o resto como o órgão o escreveu
        let resto = numero
            .char_indices()
            .nth("certidão".chars().count())
            .map_or("", |(i, _)| &numero[i..]);
        format!("certidão{resto}")
    } else if minusculo.starts_with("nº")
        || minusculo.starts_with("n°")
        || minusculo.starts_with("n.")
    {
        format!("certidão {numero}")
    } else {
        format!("certidão nº {numero}")
    }
}

/// Um ato aceito e gravado.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evento {
    /// Posição na sequência do processo (1, 2, 3 …).
    pub seq: u64,
    /// O dia em que o ato foi praticado (hora de Cuiabá).
    pub data: Date,
    /// Quem o praticou.
    pub ator: Ator,
    /// O ato.
    pub ato: Ato,
    /// Os arquivos que o acompanham, na ordem em que vieram.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub anexos: Vec<Anexo>,
}
