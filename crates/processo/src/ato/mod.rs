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

mod certidao;
mod definicao;
mod entrada;
pub use definicao::{
    ajuda_dos_atos, Campo, Definicao, Entrada, TipoDeAto, TipoDeCampo, DEFINICOES,
};
pub use entrada::{
    ato_de_json, ato_de_objeto, exemplo, montar_ato, traduzir_serde, valor_do_campo, ErroDoAto,
};
mod representacao;
pub use certidao::{
    incisos_do_orgao, numeros_do_orgao, NumeroDoArt2, NumerosCertificados, NUMEROS_DO_ART2,
};
pub use representacao::{
    nomes_das_origens, origens, ConteudoLei, DocumentoArt15, ErroTipoProcesso, NovaRepresentacao,
    TipoProcesso, Via,
};

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
    /// Se o ato só acrescenta aos autos ([`Definicao::independente`]).
    pub fn independente(&self) -> bool {
        self.definicao().independente
    }

    /// O nome do tipo, como gravado (`tipo` no JSON).
    pub fn tipo(&self) -> &'static str {
        self.definicao().codigo
    }

    /// Uma linha que diz o que o ato fez, para pessoas (a linha do tempo, a ficha, os autos).
    pub fn resumo(&self) -> String {
        self.resumo_com(&|login| format!("o(a) servidor(a) da conta «{login}»"))
    }

    /// Como [`Ato::resumo`], com o servidor que o ato cita por nome e cargo, de `pessoas`
    /// (login → "Nome, cargo"); a página, a ficha e os documentos nunca mostram o login.
    pub fn resumo_para(&self, pessoas: &std::collections::BTreeMap<String, String>) -> String {
        self.resumo_com(&|login| {
            pessoas
                .get(login)
                .cloned()
                .unwrap_or_else(|| "servidor(a) sem conta cadastrada".to_owned())
        })
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
        self.definicao().acao
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

    /// Se o ato é público ([`Definicao::publico`]).
    pub fn publico(&self) -> bool {
        self.definicao().publico
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
