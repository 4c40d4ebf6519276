//! Os arquivos que acompanham um ato: conferidos antes de gravar (tamanho, tipo pelo conteúdo,
//! SHA-256) e gravados na mesma transação do evento — ou nada é gravado.
//!
//! O tipo declarado é o da extensão do nome; o conteúdo tem de ser dele. Um `.pdf` que é uma
//! imagem, um `.png` que é um executável, um `.geojson` que não é texto: recusados, dizendo o
//! que o conteúdo parece ser.

use divisa_processo::{Anexo, DocumentoArt15, Recusa};
use sha2::{Digest, Sha256};

/// O maior arquivo aceito num ato, em bytes (20 MiB: um PDF digitalizado de algumas dezenas
/// de páginas, um Shapefile de município).
pub const LIMITE_POR_ARQUIVO: usize = 20 * 1024 * 1024;

/// O total dos arquivos de um ato, em bytes.
pub const LIMITE_POR_ATO: usize = 50 * 1024 * 1024;

/// Quantos arquivos um ato leva, no máximo.
pub const MAXIMO_DE_ARQUIVOS: usize = 20;

/// Um arquivo que chega com um ato.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArquivoNovo {
    /// O nome com que veio.
    pub nome: String,
    /// O conteúdo.
    pub conteudo: Vec<u8>,
    /// Para que serve nos autos (o mapa e o memorial da representação, a lista de títulos, ou
    /// um arquivo qualquer do ato).
    pub finalidade: Finalidade,
    /// O documento do Art. 15 que o arquivo apresenta, se é um deles: só assim o documento
    /// conta nos autos (declarar não é juntar, Art. 16, parágrafo único).
    pub documento: Option<DocumentoArt15>,
}

impl ArquivoNovo {
    /// Um arquivo de um ato qualquer.
    pub fn novo(nome: impl Into<String>, conteudo: Vec<u8>) -> ArquivoNovo {
        ArquivoNovo {
            nome: nome.into(),
            conteudo,
            finalidade: Finalidade::Ato,
            documento: None,
        }
    }

    /// Um arquivo da representação, com o documento do Art. 15 que ele apresenta.
    pub fn da_representacao(
        nome: impl Into<String>,
        conteudo: Vec<u8>,
        finalidade: Finalidade,
        documento: Option<DocumentoArt15>,
    ) -> ArquivoNovo {
        ArquivoNovo {
            nome: nome.into(),
            conteudo,
            finalidade,
            documento,
        }
    }

    /// Um arquivo do território que a proposta cita (a área, a fronteira, o memorial). Leitura
    /// adotada: o território enviado com a representação é o mapa e o memorial do Art. 15, II
    /// (do novo município; na revisão de limites, da área a desmembrar).
    pub fn do_territorio(nome: impl Into<String>, conteudo: Vec<u8>) -> ArquivoNovo {
        ArquivoNovo {
            nome: nome.into(),
            conteudo,
            finalidade: Finalidade::Mapa,
            documento: Some(DocumentoArt15::MapaNovo),
        }
    }
}

/// Para que um arquivo serve nos autos. Os da representação digitada (o mapa, o memorial e a
/// lista dos títulos de eleitor) entram no evento do protocolo, como os de qualquer ato (issue
/// 30); a finalidade diz como a página os apresenta e quem os baixa: a lista dos títulos tem dado
/// pessoal de eleitores e só sai para quem pode retirar cópia dos autos (Arts. 16, 22 e 23).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Finalidade {
    /// Um arquivo do ato (a certidão, o relatório, o documento juntado).
    #[default]
    Ato,
    /// O mapa do território, enviado com a representação.
    Mapa,
    /// O memorial descritivo, enviado com a representação.
    Memorial,
    /// A lista dos títulos de eleitor de quem assina a representação (Art. 13).
    Assinaturas,
}

impl Finalidade {
    /// O código gravado na coluna `finalidade` do registro.
    pub fn codigo(self) -> &'static str {
        match self {
            Finalidade::Ato => "ato",
            Finalidade::Mapa => "mapa",
            Finalidade::Memorial => "memorial",
            Finalidade::Assinaturas => "assinaturas",
        }
    }

    /// A finalidade de um código gravado (um código desconhecido é tratado como arquivo de ato).
    pub fn de_codigo(codigo: &str) -> Finalidade {
        match codigo {
            "mapa" => Finalidade::Mapa,
            "memorial" => Finalidade::Memorial,
            "assinaturas" => Finalidade::Assinaturas,
            _ => Finalidade::Ato,
        }
    }

    /// Como uma pessoa chama o arquivo, na página do processo.
    pub fn descricao(self) -> &'static str {
        match self {
            Finalidade::Ato => "arquivo do ato",
            Finalidade::Mapa => "mapa do território",
            Finalidade::Memorial => "memorial descritivo",
            Finalidade::Assinaturas => "lista dos títulos de eleitor de quem assina",
        }
    }

    /// O mesmo, com maiúscula, para começar uma linha.
    pub fn rotulo(self) -> &'static str {
        match self {
            Finalidade::Ato => "Arquivo do ato",
            Finalidade::Mapa => "Mapa do território",
            Finalidade::Memorial => "Memorial descritivo",
            Finalidade::Assinaturas => "Lista dos títulos de eleitor de quem assina",
        }
    }

    /// Se o arquivo tem dado pessoal e só sai para quem pode retirar cópia integral dos autos.
    pub fn reservado(self) -> bool {
        self == Finalidade::Assinaturas
    }
}

/// Os tipos aceitos: a extensão, o tipo de mídia e como o conteúdo se reconhece.
const TIPOS: &[(&str, &str, Conteudo)] = &[
    (
        "pdf",
        "application/pdf",
        Conteudo::Magico("application/pdf"),
    ),
    ("png", "image/png", Conteudo::Magico("image/png")),
    ("jpg", "image/jpeg", Conteudo::Magico("image/jpeg")),
    ("jpeg", "image/jpeg", Conteudo::Magico("image/jpeg")),
    ("tif", "image/tiff", Conteudo::Magico("image/tiff")),
    ("tiff", "image/tiff", Conteudo::Magico("image/tiff")),
    (
        "odt",
        "application/vnd.oasis.opendocument.text",
        Conteudo::Magico("application/vnd.oasis.opendocument.text"),
    ),
    (
        "docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        Conteudo::Magico("application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ),
    ("zip", "application/zip", Conteudo::Zip),
    ("kmz", "application/vnd.google-earth.kmz", Conteudo::Zip),
    (
        "gpkg",
        "application/geopackage+sqlite3",
        Conteudo::Magico("application/vnd.sqlite3"),
    ),
    ("geojson", "application/geo+json", Conteudo::Json),
    ("json", "application/json", Conteudo::Json),
    ("kml", "application/vnd.google-earth.kml+xml", Conteudo::Kml),
    ("shp", "application/x-esri-shape", Conteudo::Shapefile),
    ("prj", "text/plain", Conteudo::Texto),
    ("txt", "text/plain", Conteudo::Texto),
    ("csv", "text/csv", Conteudo::Texto),
    ("toml", "application/toml", Conteudo::Texto),
];

#[derive(Debug, Clone, Copy)]
enum Conteudo {
    /// O tipo que o `infer` reconhece pelos primeiros bytes.
    Magico(&'static str),
    /// Um zip (o `infer` pode reconhecê-lo como um formato que é zip por dentro).
    Zip,
    /// Texto UTF-8 que começa por `{`.
    Json,
    /// Texto UTF-8 com `<kml`.
    Kml,
    /// Texto UTF-8 sem bytes de controle.
    Texto,
    /// O .shp da ESRI: o código de arquivo 9994 nos quatro primeiros bytes.
    Shapefile,
}

fn recusa(motivo: String) -> Recusa {
    Recusa::new("arquivo do ato", motivo)
}

/// "25,3 MB", em megabytes de 1.048.576 bytes (como o explorador de arquivos os mostra).
fn mb(bytes: usize) -> String {
    let decimos = (bytes as f64 / (1024.0 * 1024.0) * 10.0).round() as u64;
    format!("{},{} MB", decimos / 10, decimos % 10)
}

/// O que o conteúdo parece ser, para a mensagem.
fn parece(conteudo: &[u8]) -> String {
    match infer::get(conteudo) {
        Some(t) => format!(
            "{} (.{})",
            divisa_processo::nome_do_formato(t.mime_type()),
            t.extension()
        ),
        None if std::str::from_utf8(conteudo).is_ok() => "texto".into(),
        None => "um formato não reconhecido".into(),
    }
}

/// Confere um arquivo: nome, tamanho e tipo pelo conteúdo. Devolve o que o evento guarda.
pub fn conferir(arquivo: &ArquivoNovo) -> Result<Anexo, Recusa> {
    let nome = arquivo
        .nome
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default()
        .trim();
    if nome.is_empty() || nome.chars().any(char::is_control) || nome.chars().count() > 200 {
        return Err(recusa(format!(
            "«{}»: o nome do arquivo é vazio, longo demais (mais de 200 caracteres) ou tem caracteres de controle",
            arquivo.nome.escape_debug()
        )));
    }
    let c = &arquivo.conteudo;
    if c.is_empty() {
        return Err(recusa(format!("«{nome}» está vazio")));
    }
    if c.len() > LIMITE_POR_ARQUIVO {
        return Err(recusa(format!(
            "«{nome}» tem {}; o limite é {} por arquivo. Divida o documento ou reduza a resolução das imagens digitalizadas.",
            mb(c.len()),
            mb(LIMITE_POR_ARQUIVO)
        )));
    }
    let extensao = nome
        .rsplit_once('.')
        .map(|(_, e)| e.to_lowercase())
        .unwrap_or_default();
    let Some((_, tipo, conteudo)) = TIPOS.iter().find(|(e, _, _)| *e == extensao) else {
        return Err(recusa(format!(
            "«{nome}»: a extensão «.{extensao}» não é aceita; os tipos aceitos são {}",
            TIPOS
                .iter()
                .map(|(e, _, _)| format!(".{e}"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    };
    let texto = || {
        std::str::from_utf8(c).ok().filter(|t| {
            !t.chars()
                .any(|ch| ch.is_control() && !matches!(ch, '\n' | '\r' | '\t'))
        })
    };
    let confere = match conteudo {
        Conteudo::Magico(esperado) => infer::get(c).is_some_and(|t| t.mime_type() == *esperado),
        Conteudo::Zip => c.starts_with(b"PK\x03\x04"),
        Conteudo::Json => texto().is_some_and(|t| {
            t.trim_start_matches('\u{feff}')
                .trim_start()
                .starts_with('{')
        }),
        Conteudo::Kml => texto().is_some_and(|t| t.contains("<kml")),
        Conteudo::Texto => texto().is_some(),
        Conteudo::Shapefile => c.starts_with(&[0x00, 0x00, 0x27, 0x0a]),
    };
    if !confere {
        return Err(recusa(format!(
            "«{nome}» diz ser {} pela extensão, mas o conteúdo parece {}; o arquivo não foi aceito",
            divisa_processo::nome_do_formato(tipo),
            parece(c)
        )));
    }
    let sha256 = sha256_hex(c);
    Ok(Anexo {
        nome: nome.to_owned(),
        tipo_midia: (*tipo).to_owned(),
        tamanho: c.len() as u64,
        sha256,
        documento: arquivo.documento,
    })
}

/// Confere os arquivos de um ato: cada um, a quantidade e o total.
pub fn conferir_todos(arquivos: &[ArquivoNovo]) -> Result<Vec<Anexo>, Recusa> {
    if arquivos.len() > MAXIMO_DE_ARQUIVOS {
        return Err(recusa(format!(
            "{} arquivos num ato; o máximo é {MAXIMO_DE_ARQUIVOS}",
            arquivos.len()
        )));
    }
    let total: usize = arquivos.iter().map(|a| a.conteudo.len()).sum();
    if total > LIMITE_POR_ATO {
        return Err(recusa(format!(
            "os arquivos somam {}; o limite é {} por ato",
            mb(total),
            mb(LIMITE_POR_ATO)
        )));
    }
    arquivos.iter().map(conferir).collect()
}

/// O SHA-256 em hexadecimal minúsculo: a soma com que o evento registra um arquivo e com que a
/// auditoria e a avaliação o conferem.
pub fn sha256_hex(bytes: &[u8]) -> String {
    divisa_referencia::formato::hexadecimal(&Sha256::digest(bytes))
}

#[cfg(test)]
mod testes {
    use super::*;

    fn novo(nome: &str, conteudo: &[u8]) -> ArquivoNovo {
        ArquivoNovo::novo(nome, conteudo.to_vec())
    }

    const PDF: &[u8] = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n";
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0";

    #[test]
    fn pdf_de_verdade_passa_com_o_hash() {
        let a = conferir(&novo("C:\\certidoes\\certidao.pdf", PDF)).unwrap();
        assert_eq!(a.nome, "certidao.pdf", "sem o caminho de quem enviou");
        assert_eq!(a.tipo_midia, "application/pdf");
        assert_eq!(a.tamanho, PDF.len() as u64);
        assert_eq!(a.sha256.len(), 64);
    }

    #[test]
    fn conteudo_que_nao_e_do_tipo_declarado_e_recusado() {
        let r = conferir(&novo("certidao.pdf", PNG)).unwrap_err();
        assert!(
            r.motivo
                .contains("diz ser PDF pela extensão, mas o conteúdo parece imagem PNG"),
            "{}",
            r.motivo
        );
        let r = conferir(&novo("area.geojson", PDF)).unwrap_err();
        assert!(
            r.motivo
                .contains("diz ser GeoJSON pela extensão, mas o conteúdo parece PDF"),
            "{}",
            r.motivo
        );
        assert!(conferir(&novo("fotos.exe", PNG)).is_err());
        assert!(conferir(&novo("vazio.pdf", b"")).is_err());
    }

    #[test]
    fn acima_do_limite_e_recusado_dizendo_o_tamanho_e_o_limite() {
        let mut grande = PDF.to_vec();
        grande.resize(LIMITE_POR_ARQUIVO + 1024 * 1024, b' ');
        let r = conferir(&novo("grande.pdf", &grande)).unwrap_err();
        assert!(
            r.motivo.contains("tem 21,0 MB") && r.motivo.contains("o limite é 20,0 MB"),
            "{}",
            r.motivo
        );
        let mut um_a_mais = PDF.to_vec();
        um_a_mais.resize(LIMITE_POR_ARQUIVO + 1, b' ');
        assert!(conferir(&novo("grande.pdf", &um_a_mais)).is_err());
        let mut no_limite = PDF.to_vec();
        no_limite.resize(LIMITE_POR_ARQUIVO, b' ');
        assert!(
            conferir(&novo("no_limite.pdf", &no_limite)).is_ok(),
            "o limite exato passa"
        );
    }

    #[test]
    fn textos_geograficos_conferidos_pelo_conteudo() {
        assert!(conferir(&novo("a.geojson", b"\xef\xbb\xbf {\"type\":\"Feature\"}")).is_ok());
        assert!(conferir(&novo("a.kml", b"<?xml version=\"1.0\"?><kml></kml>")).is_ok());
        assert!(conferir(&novo("a.kml", b"nada")).is_err());
        assert!(conferir(&novo("memorial.txt", "Inicia-se no vértice".as_bytes())).is_ok());
        assert!(conferir(&novo("memorial.txt", b"\0\x01\x02")).is_err());
    }
}
