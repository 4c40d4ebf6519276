//! Os documentos oficiais da Comissão: ofícios, pareceres, o projeto de decreto legislativo e o
//! projeto de lei de criação, escritos do caso com cada número e cada citação certos.
//!
//! Um documento é um [`Documento`]: blocos (títulos, parágrafos, tabelas, o mapa) sem forma.
//! Dele saem o PDF ([`pdf`], composto pelo typst com a forma de `modelos/documento.typ`), o
//! HTML ([`html`]) e o ODT editável ([`odt`]) com o mesmo conteúdo.
//!
//! Cada documento traz um código de verificação: os 20 primeiros dígitos hexadecimais do
//! SHA-256 do seu conteúdo canônico (o JSON do [`Documento`]), impresso no rodapé, no QR e nos
//! metadados do PDF ([`codigo_do_pdf`] o lê de volta). A autenticidade de um arquivo se confere
//! no registro dos documentos emitidos (o SHA-256 dos bytes emitidos, guardado nos autos), não
//! refazendo o PDF: um compositor futuro não pode desmentir um documento de hoje.
//!
//! Puro: bytes e dados entram, bytes saem; sem arquivos, sem relógio (a data é argumento).

mod gerar;
mod html;
pub mod mapa;
mod odt;
mod pacote;
mod pdf;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub use gerar::{
    a_partir_de, autos_do_processo, cabimento, cabiveis, decreto_legislativo, dos_autos,
    estudo_fiscal, momento, oficios, orgaos_do_oficio, orgaos_oficiados, parecer_de_merito,
    parecer_do_resultado, parecer_preliminar, projeto_de_lei, relatorio_tecnico, Autos, Caso,
};
pub use html::html;
pub use mapa::{Mapa, PapelNoMapa};
pub use odt::odt;
pub use pacote::{pacote_dos_autos, Pacote};
pub use pdf::{
    paginas, paginas_das_quebras, pdf, pdf_rascunho, EnderecoPublico, ErroComposicao, ErroEndereco,
    OpcoesDoPdf,
};

/// Por que um documento não pôde ser escrito. Quem chama escolhe a resposta pela variante (a
/// página e a API: 422 para o que não cabe ou falta, 409 para o que ainda não é a hora, 500 para
/// o defeito interno); a mensagem, em português, diz o artigo quando a lei é o motivo.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErroDocumento {
    /// O documento não cabe neste tipo de proposta ou neste desfecho (a tabela do Art. 7º, o
    /// distrito por lei municipal, o plebiscito que não aprovou).
    #[error("{0}")]
    NaoCabe(String),
    /// O documento ainda não tem o seu momento no rito (Arts. 17 a 20).
    #[error("{0}")]
    ForaDoMomento(String),
    /// Falta na proposta ou nos autos o que o documento precisa dizer (uma seção, o órgão do
    /// ofício, os números do estudo fiscal).
    #[error("{0}")]
    Falta(String),
    /// Um defeito dos dados embutidos, da geometria ou do divisa (a malha, o texto da lei, o
    /// zip): não é da proposta.
    #[error("erro interno ao escrever o documento: {0}")]
    Interno(String),
}

impl ErroDocumento {
    /// Um defeito interno, com a mensagem de quem falhou.
    pub(crate) fn interno(e: impl std::fmt::Display) -> ErroDocumento {
        ErroDocumento::Interno(e.to_string())
    }
}

/// Os tipos de documento (CONTRACT §1: `divisa documento TIPO`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TipoDeDocumento {
    /// Ofícios aos órgãos certificadores (Art. 2º, §§ 2º e 3º).
    Oficio,
    /// Parecer de mérito da Comissão (Art. 18).
    Parecer,
    /// Projeto de decreto legislativo do plebiscito (Art. 18, § 2º; Art. 12, II).
    DecretoLegislativo,
    /// Projeto de lei de criação (Art. 7º; Art. 20, § 1º).
    ProjetoDeLei,
    /// Relatório Técnico da revisão de limites (Art. 8º, § 3º).
    RelatorioTecnico,
    /// Relatório da visita e parecer preliminar (Art. 17) — do processo, não só da proposta.
    ParecerPreliminar,
    /// Parecer sobre o resultado do plebiscito (Art. 20) — do processo.
    ParecerResultado,
    /// Os autos inteiros: capa, índice das peças, cada ato com os seus arquivos, a avaliação.
    Autos,
    /// Anexo ao parecer: o estudo de impacto fiscal e de viabilidade (FPM, ICMS do Art. 7º, V,
    /// critérios de viabilidade dos projetos de lei federais) — do processo.
    EstudoFiscal,
}

impl TipoDeDocumento {
    /// Os que saem só da proposta (os quatro do CONTRACT §1 e o Relatório Técnico da revisão
    /// de limites), na ordem do rito.
    pub const TODOS: [TipoDeDocumento; 5] = [
        TipoDeDocumento::Oficio,
        TipoDeDocumento::Parecer,
        TipoDeDocumento::DecretoLegislativo,
        TipoDeDocumento::ProjetoDeLei,
        TipoDeDocumento::RelatorioTecnico,
    ];
    /// Os que precisam dos atos gravados no processo.
    pub const DO_PROCESSO: [TipoDeDocumento; 4] = [
        TipoDeDocumento::ParecerPreliminar,
        TipoDeDocumento::ParecerResultado,
        TipoDeDocumento::Autos,
        TipoDeDocumento::EstudoFiscal,
    ];

    /// O código da linha de comando.
    pub fn codigo(self) -> &'static str {
        match self {
            TipoDeDocumento::Oficio => "oficio",
            TipoDeDocumento::Parecer => "parecer",
            TipoDeDocumento::DecretoLegislativo => "decreto-legislativo",
            TipoDeDocumento::ProjetoDeLei => "projeto-de-lei",
            TipoDeDocumento::RelatorioTecnico => "relatorio-tecnico",
            TipoDeDocumento::ParecerPreliminar => "parecer-preliminar",
            TipoDeDocumento::ParecerResultado => "parecer-resultado",
            TipoDeDocumento::Autos => "autos",
            TipoDeDocumento::EstudoFiscal => "estudo-fiscal",
        }
    }

    /// Se a lista das referências (as URNs LexML dos dispositivos citados) vai no texto. O
    /// ofício é uma carta a uma pessoa: cita a lei em palavras, e as URNs ficam só nos metadados
    /// do arquivo (issue 32); o projeto de lei e o de decreto legislativo são o texto da norma,
    /// que não traz lista de URNs (issue 33; LC nº 95/1998). Os pareceres e relatórios as
    /// trazem no fim.
    pub fn referencias_no_texto(self) -> bool {
        !matches!(
            self,
            TipoDeDocumento::Oficio
                | TipoDeDocumento::ProjetoDeLei
                | TipoDeDocumento::DecretoLegislativo
        )
    }

    /// O nome para pessoas.
    pub fn nome(self) -> &'static str {
        match self {
            TipoDeDocumento::Oficio => "Ofícios aos órgãos certificadores (Art. 2º, § 3º)",
            TipoDeDocumento::Parecer => "Parecer de mérito (Art. 18)",
            TipoDeDocumento::DecretoLegislativo => {
                "Projeto de decreto legislativo do plebiscito (Art. 18, § 2º)"
            }
            TipoDeDocumento::ProjetoDeLei => "Projeto de lei",
            TipoDeDocumento::RelatorioTecnico => {
                "Relatório Técnico da revisão de limites (Art. 8º, § 3º)"
            }
            TipoDeDocumento::ParecerPreliminar => {
                "Relatório de visita e parecer preliminar (Art. 17)"
            }
            TipoDeDocumento::ParecerResultado => {
                "Parecer sobre o resultado do plebiscito (Art. 20)"
            }
            TipoDeDocumento::Autos => "Autos do processo (cópia integral, com o índice das peças)",
            TipoDeDocumento::EstudoFiscal => {
                "Anexo ao parecer: estudo de impacto fiscal e de viabilidade (Art. 7º, V)"
            }
        }
    }

    /// O inverso de [`TipoDeDocumento::codigo`].
    pub fn de_codigo(codigo: &str) -> Option<TipoDeDocumento> {
        TipoDeDocumento::TODOS
            .into_iter()
            .chain(TipoDeDocumento::DO_PROCESSO)
            .find(|t| t.codigo() == codigo)
    }
}

/// Um documento: o cabeçalho da Casa, os blocos e as referências (URN LexML).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Documento {
    /// O tipo.
    pub tipo: TipoDeDocumento,
    /// O título ("PARECER Nº …").
    pub titulo: String,
    /// O número do processo (NUP), quando há.
    pub protocolo: Option<String>,
    /// A data do documento, AAAA-MM-DD.
    pub data: String,
    /// O conteúdo.
    pub blocos: Vec<Bloco>,
    /// Os dispositivos citados: (citação, URN LexML).
    pub referencias: Vec<(String, String)>,
}

/// Um bloco do documento.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "bloco", rename_all = "snake_case")]
pub enum Bloco {
    /// Título de seção, em negrito.
    Secao {
        /// O texto.
        texto: String,
    },
    /// Parágrafo justificado.
    Paragrafo {
        /// O texto.
        texto: String,
    },
    /// Parágrafo recuado (artigos do projeto, a pergunta do plebiscito).
    Recuado {
        /// O texto.
        texto: String,
    },
    /// A ementa de um projeto: o resumo do objeto, destacado do texto, recuado na metade
    /// direita da página e justificado (LC nº 95/1998, art. 5º).
    Ementa {
        /// O texto.
        texto: String,
    },
    /// Parágrafo centralizado (epígrafes, assinaturas).
    Centro {
        /// O texto.
        texto: String,
        /// Em negrito.
        negrito: bool,
    },
    /// Tabela com cabeçalho; `larguras` em frações da largura útil.
    Tabela {
        /// Cabeçalho.
        colunas: Vec<String>,
        /// Larguras relativas.
        larguras: Vec<f32>,
        /// Linhas.
        linhas: Vec<Vec<String>>,
    },
    /// O mapa: polígonos em graus, com o papel de cada um e as sedes. [`mapa::svg`] o
    /// desenha (um SVG e a descrição em palavras) para o HTML e o ODT.
    Mapa {
        /// (rótulo, papel, anéis [[lon, lat]…], sede).
        camadas: Vec<Camada>,
        /// A fonte dos dados, que o mapa escreve no pé.
        legenda: String,
    },
    /// Começa uma página nova.
    QuebraDePagina,
}

/// Uma camada do mapa: um município (ou a área da proposta) e a sua sede.
///
/// As sedes vão nas camadas, e não ao lado delas no [`Bloco::Mapa`], para que o JSON dos
/// documentos já emitidos (sem sede) continue a ser lido e dê o mesmo conteúdo canônico.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Camada {
    /// O nome do município (ou da área), escrito dentro dele no mapa.
    pub rotulo: String,
    /// O papel no processo, pelo código de [`PapelNoMapa`]: `novo` (o território do município a
    /// criar), `area` (a área a desmembrar), `origem` (município que cede território),
    /// `receptor` (o que recebe a área ou o município incorporado), `incorporado`, `fundido`
    /// ou `vizinho`. Um código desconhecido é desenhado como vizinho.
    pub papel: String,
    /// Polígonos: anéis de pontos [lon, lat], o primeiro o exterior; pode ser vazio (uma sede
    /// proposta sem território em arquivo).
    pub poligonos: Vec<Vec<Vec<[f64; 2]>>>,
    /// A sede: a cidade do município ou, no território do novo município, a sede proposta.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sede: Option<Sede>,
}

/// Uma sede no mapa.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sede {
    /// O nome da localidade.
    pub nome: String,
    /// O ponto [lon, lat], graus SIRGAS 2000.
    pub ponto: [f64; 2],
    /// Se é a sede proposta do município a criar (marcada com outro símbolo), e não uma que já
    /// existe.
    #[serde(default)]
    pub proposta: bool,
}

impl Documento {
    /// O conteúdo canônico: o JSON do documento (o que o código de verificação resume).
    pub fn canonico(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// O código de verificação: os 20 primeiros dígitos hexadecimais do SHA-256 do conteúdo
    /// canônico, em grupos de 5 ("3F2A1-…").
    pub fn codigo(&self) -> String {
        let h = Sha256::digest(self.canonico().as_bytes());
        let hex: String = h.iter().take(10).map(|b| format!("{b:02X}")).collect();
        hex.as_bytes()
            .chunks(5)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join("-")
    }
}

/// O código de verificação que um PDF escrito pelo divisa traz consigo, lido do próprio arquivo
/// (sem refazê-lo): é por ele que o registro dos documentos emitidos é consultado quando os
/// bytes do arquivo não são os registrados (regravado por outro programa, alterado).
pub fn codigo_do_pdf(bytes: &[u8]) -> Option<String> {
    // Nos metadados XMP (texto UTF-8, não compactado, exigido pelo PDF/A): a palavra-chave
    // "código de verificação XXXXX-XXXXX-XXXXX-XXXXX".
    const MARCA: &[u8] = "código de verificação ".as_bytes();
    let mut resto = bytes;
    while let Some(i) = resto.windows(MARCA.len()).position(|w| w == MARCA) {
        let depois = &resto[i + MARCA.len()..];
        let candidato = depois.get(..23)?;
        let valido = candidato.iter().enumerate().all(|(k, c)| {
            if k % 6 == 5 {
                *c == b'-'
            } else {
                c.is_ascii_digit() || (b'A'..=b'F').contains(c)
            }
        });
        if valido {
            return Some(String::from_utf8_lossy(candidato).into_owned());
        }
        resto = depois;
    }
    None
}
