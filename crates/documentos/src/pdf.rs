//! O PDF, composto pelo typst: a forma está no modelo `modelos/documento.typ` (legível e
//! ajustável pelos servidores da Casa, embutido no executável) e o conteúdo vai para ele como
//! dado (`documento.json`), nunca como marcação — um texto com `#`, `*` ou `]` sai como está.
//!
//! Por que o typst e não mais a diagramação feita à mão (pdf-writer com a Times padrão): a
//! composição de verdade (justificação de Knuth–Plass, hifenização em português, sem viúvas nem
//! órfãs, títulos presos ao texto, tabelas que repetem o cabeçalho), fontes embutidas e
//! recortadas com o Unicode inteiro (a Times padrão, em WinAnsi, imprimia "→" como "?"),
//! fluxos compactados, PDF/A-3u para o arquivo (com o conteúdo do documento anexo como arquivo
//! associado de origem) e PDF marcado com `/Lang pt-BR` e texto alternativo no mapa. O custo:
//! ~200 crates a mais na compilação (uma vez) e um executável maior.
//!
//! A saída é determinística (mesmo documento, mesmos bytes): a data do documento é a do PDF, e
//! o identificador do arquivo é o código de verificação.

use std::sync::LazyLock;

use serde::Serialize;
use typst::diag::{FileError, FileResult, SourceDiagnostic};
use typst::foundations::{Bytes, Datetime, Duration, Label, Selector, Smart};
use typst::introspection::Introspector;
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::{LazyHash, PicoStr};
use typst::{Library, LibraryExt, World};
use typst_layout::PagedDocument;
use typst_pdf::{PdfOptions, PdfStandard, PdfStandards};

use crate::{mapa, Bloco, Documento};

/// A forma dos documentos.
const MODELO: &str = include_str!("../modelos/documento.typ");

/// As fontes embutidas (Libertinus Serif, OFL; ver `fontes/LEIA-ME.md`).
const FONTES: [&[u8]; 4] = [
    include_bytes!("../fontes/LibertinusSerif-Regular.otf"),
    include_bytes!("../fontes/LibertinusSerif-Bold.otf"),
    include_bytes!("../fontes/LibertinusSerif-Italic.otf"),
    include_bytes!("../fontes/LibertinusSerif-BoldItalic.otf"),
];

/// O endereço público do divisa (`https://…`, sem a barra final), de onde o QR do rodapé leva a
/// `/verificar?codigo=…`. Conferido ao ser criado: só `http(s)://`, sem espaço nem controle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnderecoPublico(String);

impl EnderecoPublico {
    /// O endereço, conferido; um que não é `http(s)://` é recusado com o motivo.
    pub fn novo(endereco: &str) -> Result<EnderecoPublico, ErroEndereco> {
        let e = endereco.trim().trim_end_matches('/');
        let valido = (e.starts_with("https://") || e.starts_with("http://"))
            && e.len() > "https://".len()
            && e.chars().all(|c| c.is_ascii_graphic());
        if valido {
            Ok(EnderecoPublico(e.to_owned()))
        } else {
            Err(ErroEndereco(endereco.to_owned()))
        }
    }

    /// O endereço, sem a barra final.
    pub fn como_texto(&self) -> &str {
        &self.0
    }
}

/// Um endereço público que não é `http(s)://`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("o endereço público «{0}» não é um endereço http(s):// (ex.: https://divisa.al.mt.gov.br)")]
pub struct ErroEndereco(pub String);

/// Como compor o PDF — tudo o que o documento não traz e muda os bytes vem por aqui, como
/// argumento, e nunca de um estado do processo: mesmo documento e mesmas opções, mesmos bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OpcoesDoPdf {
    /// Onde se confere o documento: o QR e o rodapé levam a `/verificar` nele. Sem ele, o QR
    /// traz só o código (que se digita na página de conferência).
    pub endereco_publico: Option<EnderecoPublico>,
}

/// O que não deixa o documento ser composto: um defeito do modelo ou do divisa (o texto entra
/// como dado, não como marcação), dito com a mensagem do compositor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErroComposicao(pub String);

impl std::fmt::Display for ErroComposicao {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "o documento não pôde ser composto: {}", self.0)
    }
}

impl std::error::Error for ErroComposicao {}

/// O PDF do documento (PDF/A-3u, marcado, fontes embutidas).
pub fn pdf(doc: &Documento, opcoes: &OpcoesDoPdf) -> Result<Vec<u8>, ErroComposicao> {
    pdf_com(doc, opcoes, false)
}

/// O mesmo documento como rascunho para ler (issue 32: ver não emite): cada página traz
/// «RASCUNHO — NÃO EMITIDO» em marca-d'água, e o rodapé, em vez do código de verificação e do
/// QR, diz que o rascunho não confere. Nunca é registrado; o documento emitido é o [`pdf`] que a
/// Comissão emite por um ato próprio.
pub fn pdf_rascunho(doc: &Documento) -> Result<Vec<u8>, ErroComposicao> {
    pdf_com(doc, &OpcoesDoPdf::default(), true)
}

fn pdf_com(
    doc: &Documento,
    opcoes: &OpcoesDoPdf,
    rascunho: bool,
) -> Result<Vec<u8>, ErroComposicao> {
    let mundo = Mundo::do_documento(doc, opcoes, rascunho);
    let composto = compor(&mundo)?;
    let opcoes = PdfOptions {
        ident: Smart::Custom(doc.codigo()),
        creator: Smart::Custom(Some("divisa (LC nº 23/1992 de Mato Grosso)".into())),
        timestamp: None,
        page_ranges: None,
        standards: PdfStandards::new(&[PdfStandard::A_3u])
            .map_err(|e| ErroComposicao(format!("{e:?}")))?,
        tagged: true,
        pretty: false,
    };
    let bytes = typst_pdf::pdf(&composto, &opcoes).map_err(diagnosticos)?;
    // o compositor memoriza o que compôs; num servidor que compõe o dia inteiro, só o recente
    typst::comemo::evict(10);
    Ok(bytes)
}

/// Em que página começa cada trecho depois de uma [`Bloco::QuebraDePagina`], na ordem (o índice
/// das peças dos autos).
pub fn paginas_das_quebras(doc: &Documento) -> Result<Vec<usize>, ErroComposicao> {
    let composto = compor(&Mundo::do_documento(doc, &OpcoesDoPdf::default(), false))?;
    let intro = composto.introspector();
    let rotulo = Label::new(PicoStr::intern("quebra"))
        .ok_or_else(|| ErroComposicao("rótulo inválido".into()))?;
    let paginas = intro
        .query(&Selector::Label(rotulo))
        .iter()
        .filter_map(|c| c.location())
        .filter_map(|l| intro.page(l))
        .map(|p| p.get())
        .collect();
    typst::comemo::evict(10);
    Ok(paginas)
}

/// Quantas páginas o documento tem.
pub fn paginas(doc: &Documento) -> Result<usize, ErroComposicao> {
    let n = compor(&Mundo::do_documento(doc, &OpcoesDoPdf::default(), false))?
        .pages()
        .len();
    typst::comemo::evict(10);
    Ok(n)
}

fn compor(mundo: &Mundo) -> Result<PagedDocument, ErroComposicao> {
    typst::compile::<PagedDocument>(mundo)
        .output
        .map_err(diagnosticos)
}

fn diagnosticos(erros: impl IntoIterator<Item = SourceDiagnostic>) -> ErroComposicao {
    ErroComposicao(
        erros
            .into_iter()
            .map(|e| e.message.to_string())
            .collect::<Vec<_>>()
            .join("; "),
    )
}

/// O que o modelo lê: o documento já pronto para compor.
#[derive(Serialize)]
struct Vista {
    titulo: String,
    descricao: String,
    palavras: Vec<String>,
    protocolo: Option<String>,
    data: [i64; 3],
    codigo: String,
    conferir: String,
    /// Rascunho para ler (issue 32): marca-d'água em cada página, sem código nem QR.
    rascunho: bool,
    blocos: Vec<VistaBloco>,
    referencias: Vec<(String, String)>,
}

#[derive(Serialize)]
#[serde(tag = "tipo", rename_all = "snake_case")]
enum VistaBloco {
    Secao {
        texto: String,
    },
    Paragrafo {
        texto: String,
        /// Preso ao que vem depois: o local e a data ficam na página das assinaturas.
        preso: bool,
    },
    Recuado {
        texto: String,
    },
    Ementa {
        texto: String,
    },
    /// Linhas centradas seguidas, numa caixa só.
    Centro {
        linhas: Vec<Linha>,
        /// Juntas na mesma página (uma assinatura, uma epígrafe); um grupo longo pode quebrar.
        juntas: bool,
    },
    Tabela {
        colunas: Vec<String>,
        larguras: Vec<f32>,
        linhas: Vec<Vec<String>>,
    },
    Mapa {
        arquivo: String,
        legenda: String,
        descricao: String,
    },
    Quebra,
}

#[derive(Serialize)]
struct Linha {
    texto: String,
    negrito: bool,
}

/// Um grupo de linhas centradas maior que isto pode quebrar de página.
const CENTRO_JUNTO: usize = 8;

fn vista(doc: &Documento, opcoes: &OpcoesDoPdf, mapas: &mut Vec<(String, Vec<u8>)>) -> Vista {
    let mut blocos: Vec<VistaBloco> = Vec::with_capacity(doc.blocos.len());
    for b in &doc.blocos {
        match b {
            Bloco::Secao { texto } => blocos.push(VistaBloco::Secao {
                texto: inseparaveis(texto),
            }),
            Bloco::Paragrafo { texto } => blocos.push(VistaBloco::Paragrafo {
                texto: inseparaveis(texto),
                preso: false,
            }),
            Bloco::Recuado { texto } => blocos.push(VistaBloco::Recuado {
                texto: inseparaveis(texto),
            }),
            Bloco::Ementa { texto } => blocos.push(VistaBloco::Ementa {
                texto: inseparaveis(texto),
            }),
            Bloco::Centro { texto, negrito } => {
                let linha = Linha {
                    texto: inseparaveis(texto),
                    negrito: *negrito,
                };
                match blocos.last_mut() {
                    Some(VistaBloco::Centro { linhas, juntas }) => {
                        linhas.push(linha);
                        *juntas = linhas.len() <= CENTRO_JUNTO;
                    }
                    anterior => {
                        // a linha de assinatura prende o parágrafo de antes ("Sala das
                        // Sessões, em Cuiabá, …") à página dela
                        if linha.texto.starts_with("___") {
                            if let Some(VistaBloco::Paragrafo { preso, .. }) = anterior {
                                *preso = true;
                            }
                        }
                        blocos.push(VistaBloco::Centro {
                            linhas: vec![linha],
                            juntas: true,
                        })
                    }
                }
            }
            Bloco::Tabela {
                colunas,
                larguras,
                linhas,
            } => {
                let n = colunas.len().max(1);
                let larguras = if larguras.len() == n && larguras.iter().all(|w| *w > 0.0) {
                    larguras.clone()
                } else {
                    vec![1.0; n]
                };
                // toda linha com o número de células do cabeçalho (a tabela não se desalinha)
                let linhas = linhas
                    .iter()
                    .map(|l| {
                        let mut l: Vec<String> =
                            l.iter().take(n).map(|c| inseparaveis(c)).collect();
                        l.resize(n, String::new());
                        l
                    })
                    .collect();
                blocos.push(VistaBloco::Tabela {
                    colunas: colunas.iter().map(|c| inseparaveis(c)).collect(),
                    larguras,
                    linhas,
                });
            }
            Bloco::Mapa { camadas, legenda } => {
                // sem nada válido a desenhar, o mapa fica de fora (a legenda não fica órfã)
                let Some(m) = mapa::svg(camadas, legenda) else {
                    continue;
                };
                let arquivo = format!("/mapa-{}.svg", mapas.len() + 1);
                // o SVG pede a família genérica «serif»; no PDF, a fonte embutida do documento
                let svg = m
                    .svg
                    .replace("font-family=\"serif\"", "font-family=\"Libertinus Serif\"");
                mapas.push((arquivo.clone(), svg.into_bytes()));
                blocos.push(VistaBloco::Mapa {
                    arquivo,
                    legenda: inseparaveis(&m.titulo),
                    descricao: m.descricao,
                });
            }
            Bloco::QuebraDePagina => blocos.push(VistaBloco::Quebra),
        }
    }
    let data = jiff::civil::Date::strptime("%Y-%m-%d", &doc.data)
        .map(|d| {
            [
                i64::from(d.year()),
                i64::from(d.month()),
                i64::from(d.day()),
            ]
        })
        .unwrap_or([1992, 1, 1]);
    let codigo = doc.codigo();
    Vista {
        titulo: inseparaveis(&doc.titulo),
        descricao: doc.tipo.nome().to_owned(),
        palavras: [
            "Lei Complementar nº 23/1992".into(),
            format!("código de verificação {codigo}"),
        ]
        .into_iter()
        .chain(
            (!doc.tipo.referencias_no_texto())
                .then(|| doc.referencias.iter().map(|(_, urn)| urn.clone()))
                .into_iter()
                .flatten(),
        )
        .collect(),
        protocolo: doc.protocolo.clone(),
        data,
        conferir: match &opcoes.endereco_publico {
            Some(EnderecoPublico(e)) => format!("A autenticidade deste documento se confere em {e}/verificar, com o código de verificação, ou pelo QR ao lado."),
            None => "A autenticidade deste documento se confere pelo código de verificação, na página «Verificar documento» da Comissão de Revisão Territorial.".into(),
        },
        codigo,
        rascunho: false,
        blocos,
        referencias: if doc.tipo.referencias_no_texto() {
            doc.referencias.clone()
        } else {
            Vec::new()
        },
    }
}

/// Espaços que não quebram linha onde a norma e o costume não separam: "Art. 1º", "§ 2º",
/// "nº 23", "inciso V", "R$ 1.234,56", "4.000 habitantes", "12,5 km²", "5 %".
fn sigla_com_barra_inteira(texto: &str) -> String {
    let c: Vec<char> = texto.chars().collect();
    let mut saida = String::with_capacity(texto.len() + 4);
    for (i, &ch) in c.iter().enumerate() {
        saida.push(ch);
        let maiuscula = |j: usize| c.get(j).is_some_and(|x| x.is_uppercase());
        if ch == '/' && i > 0 && maiuscula(i - 1) && maiuscula(i + 1) {
            saida.push('\u{2060}');
        }
    }
    saida
}

pub(crate) fn inseparaveis(texto: &str) -> String {
    const ANTES: [&str; 9] = [
        "Art.", "Arts.", "art.", "arts.", "§", "§§", "nº", "Nº", "R$",
    ];
    const DEPOIS: [&str; 12] = [
        "km²",
        "km",
        "m",
        "ha",
        "%",
        "habitantes",
        "eleitores",
        "casas",
        "vértices",
        "hab.",
        "m²",
        "°",
    ];
    // «CRT/ALMT», «SEFAZ/MT»: a sigla com barra não se parte no fim da linha (a barra entre
    // maiúsculas recebe o WORD JOINER, U+2060, que o typst respeita e não desenha)
    let texto = &sigla_com_barra_inteira(texto);
    let palavras: Vec<&str> = texto.split(' ').collect();
    let mut saida = String::with_capacity(texto.len());
    for (i, p) in palavras.iter().enumerate() {
        saida.push_str(p);
        let Some(prox) = palavras.get(i + 1) else {
            break;
        };
        let numero = |s: &str| s.chars().next().is_some_and(|c| c.is_ascii_digit());
        let romano = |s: &str| {
            let s = s.trim_end_matches([',', ';', '.', ')']);
            !s.is_empty() && s.chars().all(|c| "IVXL".contains(c))
        };
        let junto = (ANTES.contains(p) && (numero(prox) || prox.starts_with('_')))
            || (matches!(*p, "inciso" | "incisos" | "inc.") && romano(prox))
            || (p.ends_with(|c: char| c.is_ascii_digit())
                && DEPOIS.contains(&prox.trim_end_matches([',', ';', '.', ')'])));
        saida.push(if junto { '\u{a0}' } else { ' ' });
    }
    saida
}

/// O mundo do typst para um documento: o modelo, o conteúdo, os mapas, o QR e as fontes; nada
/// do disco nem da rede (um documento não lê arquivo nenhum além dos seus).
struct Mundo {
    biblioteca: &'static LazyHash<Library>,
    livro: &'static LazyHash<FontBook>,
    principal: Source,
    arquivos: Vec<(FileId, Bytes)>,
}

struct Fontes {
    biblioteca: LazyHash<Library>,
    livro: LazyHash<FontBook>,
    fontes: Vec<Font>,
}

static FONTES_CARREGADAS: LazyLock<Fontes> = LazyLock::new(|| {
    let fontes: Vec<Font> = FONTES
        .iter()
        .flat_map(|f| Font::iter(Bytes::new(*f)))
        .collect();
    Fontes {
        biblioteca: LazyHash::new(Library::builder().build()),
        livro: LazyHash::new(FontBook::from_fonts(&fontes)),
        fontes,
    }
});

fn id(caminho: &str) -> FileId {
    let caminho =
        VirtualPath::new(caminho).unwrap_or_else(|_| VirtualPath::new("/x").expect("caminho fixo"));
    RootedPath::new(VirtualRoot::Project, caminho).intern()
}

impl Mundo {
    fn do_documento(doc: &Documento, opcoes: &OpcoesDoPdf, rascunho: bool) -> Mundo {
        let mut mapas = Vec::new();
        let mut v = Vista {
            rascunho,
            ..vista(doc, opcoes, &mut mapas)
        };
        if rascunho {
            // o rascunho não traz o código nem nos metadados: nada nele se confunde com o emitido
            v.palavras = vec![
                "Lei Complementar nº 23/1992".into(),
                "rascunho para leitura, não emitido".into(),
            ];
        }
        let json = serde_json::to_vec(&v).unwrap_or_default();
        let mut arquivos = vec![
            (id("/documento.json"), Bytes::new(json)),
            (
                id("/conteudo.json"),
                Bytes::new(doc.canonico().into_bytes()),
            ),
            (
                id("/qr.svg"),
                Bytes::new(qr(&v.codigo, opcoes).into_bytes()),
            ),
        ];
        for (nome, svg) in mapas {
            arquivos.push((id(&nome), Bytes::new(svg)));
        }
        let f = &*FONTES_CARREGADAS;
        Mundo {
            biblioteca: &f.biblioteca,
            livro: &f.livro,
            principal: Source::new(id("/documento.typ"), MODELO.to_owned()),
            arquivos,
        }
    }
}

impl World for Mundo {
    fn library(&self) -> &LazyHash<Library> {
        self.biblioteca
    }
    fn book(&self) -> &LazyHash<FontBook> {
        self.livro
    }
    fn main(&self) -> FileId {
        self.principal.id()
    }
    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.principal.id() {
            Ok(self.principal.clone())
        } else {
            Err(FileError::NotSource)
        }
    }
    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if id == self.principal.id() {
            return Ok(Bytes::from_string(self.principal.clone()));
        }
        self.arquivos
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, b)| b.clone())
            .ok_or_else(|| FileError::NotFound(id.vpath().get_without_slash().into()))
    }
    fn font(&self, indice: usize) -> Option<Font> {
        FONTES_CARREGADAS.fontes.get(indice).cloned()
    }
    fn today(&self, _: Option<Duration>) -> Option<Datetime> {
        // o documento não lê o relógio: a data é a dele
        None
    }
}

/// O QR do rodapé: o código de verificação, para a página de conferência.
fn qr(codigo: &str, opcoes: &OpcoesDoPdf) -> String {
    use qrcode::render::svg;
    let conteudo = match &opcoes.endereco_publico {
        Some(EnderecoPublico(e)) => format!("{e}/verificar?codigo={codigo}"),
        None => format!("Código de verificação {codigo}"),
    };
    match qrcode::QrCode::with_error_correction_level(conteudo.as_bytes(), qrcode::EcLevel::M) {
        Ok(q) => q
            .render::<svg::Color>()
            .min_dimensions(120, 120)
            .quiet_zone(false)
            .build(),
        Err(_) => r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#.into(),
    }
}

#[cfg(test)]
mod testes {
    use super::inseparaveis;

    /// «Art. 1º», «§ 2º», «nº 23», «inciso V», «R$ 1.234,56» e a unidade junto do número não
    /// se separam no fim da linha; o resto do texto fica como está.
    #[test]
    fn espacos_inseparaveis_nas_citacoes_e_nos_numeros() {
        let t = inseparaveis(
            "Art. 1º § 2º nº 23 inciso V, R$ 1.234,56 4.000 habitantes 12,5 km² sem mudar o resto",
        );
        assert_eq!(
            t,
            "Art.\u{a0}1º §\u{a0}2º nº\u{a0}23 inciso\u{a0}V, R$\u{a0}1.234,56 4.000\u{a0}habitantes 12,5\u{a0}km² sem mudar o resto"
        );
        // palavra que só parece romana não é inciso; número sem unidade não se prende
        assert_eq!(
            inseparaveis("inciso único 2027 eleição"),
            "inciso único 2027 eleição"
        );
    }

    /// A sigla com barra («CRT/ALMT») não se parte no fim da linha; a barra de uma data ou de
    /// um número («10/03/2027», «Of. 101/2026») e a de palavras em minúsculas ficam como estão.
    #[test]
    fn sigla_com_barra_nao_se_parte() {
        assert_eq!(
            inseparaveis("MINUTA — CRT/ALMT e SEFAZ/MT"),
            "MINUTA — CRT/\u{2060}ALMT e SEFAZ/\u{2060}MT"
        );
        assert_eq!(inseparaveis("10/03/2027 e/ou"), "10/03/2027 e/ou");
    }
}
