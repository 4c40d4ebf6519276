//! O resumo do que um PDF diz e mostra (issue 30), para conferir um documento emitido que outro
//! programa regravou.
//!
//! Um leitor de PDF ou um sistema de arquivo que "salva como" ou lineariza o arquivo (`qpdf
//! --linearize`) reescreve os bytes: numera os objetos de outro jeito, muda a tabela de
//! referências, o identificador e os metadados. O documento é o mesmo: as mesmas páginas, com
//! o mesmo texto, as mesmas fontes e as mesmas imagens. O resumo aqui é o SHA-256 de uma forma
//! canônica disso, página a página, na ordem:
//!
//! - o tamanho e o giro da página (`MediaBox`, `CropBox`, `Rotate`, herdados da árvore);
//! - o conteúdo da página (os fluxos de desenho, descomprimidos e emendados);
//! - os recursos que o conteúdo usa (fontes, imagens, formulários, cores), com cada fluxo
//!   descomprimido e cada dicionário com as chaves em ordem, sem os números dos objetos;
//! - as anotações visíveis, menos os campos de assinatura (uma assinatura acrescentada depois
//!   não muda o que o documento diz: ela é conferida à parte).
//!
//! Fica de fora o que não é conteúdo: o dicionário `Info`, os metadados XMP, o `/ID`, a forma
//! de compressão, a ordem e os números dos objetos. Um byte mudado no texto, numa fonte ou numa
//! imagem muda o resumo.
//!
//! A entrada é hostil: a travessia tem limite de objetos e de bytes descomprimidos, e um ciclo
//! entre objetos é escrito como referência ao já visto, não seguido de novo.

use std::collections::HashMap;

use lopdf::{Document, Object, ObjectId};
use sha2::{Digest, Sha256};

/// Quantos objetos a travessia visita, no máximo.
const MAXIMO_DE_OBJETOS: usize = 200_000;

/// Quantos bytes descomprimidos entram no resumo, no máximo (256 MiB).
const MAXIMO_DE_BYTES: usize = 256 * 1024 * 1024;

/// As chaves do catálogo que não são conteúdo: as páginas (resumidas uma a uma), os metadados,
/// a versão, e o que a assinatura incremental acrescenta.
const FORA_DO_CATALOGO: &[&[u8]] = &[
    b"Type",
    b"Pages",
    b"Metadata",
    b"Version",
    b"AcroForm",
    b"DSS",
    b"Perms",
];

/// Chaves que não são conteúdo: o caminho de volta na árvore, e como o fluxo está gravado.
const FORA: &[&[u8]] = &[b"Parent", b"Length", b"Filter", b"DecodeParms", b"P"];

/// O SHA-256 (hexadecimal minúsculo) do que o PDF diz e mostra; `Err` diz, em português, por que
/// o arquivo não se lê como PDF.
pub fn resumo_do_conteudo(pdf: &[u8]) -> Result<String, crate::Erro> {
    resumo(pdf).map_err(crate::Erro::Pdf)
}

fn resumo(pdf: &[u8]) -> Result<String, String> {
    let doc = Document::load_mem(pdf).map_err(|e| format!("o arquivo não se lê como PDF ({e})"))?;
    if doc.is_encrypted() {
        return Err("o PDF está cifrado".into());
    }
    let mut c = Canonico {
        doc: &doc,
        h: Sha256::new(),
        vistos: HashMap::new(),
        paginas: HashMap::new(),
        objetos: 0,
        bytes: 0,
    };
    let paginas = doc.get_pages();
    c.paginas = paginas.iter().map(|(n, id)| (*id, *n)).collect();
    c.texto(b"paginas");
    c.numero(paginas.len() as i64);
    for (_, pagina) in paginas {
        c.pagina(pagina)?;
    }
    // O resto do catálogo também é o que o documento diz: a árvore de estrutura (a ordem de
    // leitura e os textos alternativos, para quem usa leitor de tela), o perfil de cor, os
    // arquivos embutidos, os marcadores, o idioma. Ficam de fora os metadados e o que uma
    // assinatura acrescenta (o formulário de assinatura, os dados de validação).
    let catalogo = doc
        .catalog()
        .map_err(|e| format!("o PDF não tem catálogo ({e})"))?;
    let mut resto: Vec<(&Vec<u8>, &Object)> = catalogo
        .iter()
        .filter(|(k, _)| !FORA_DO_CATALOGO.contains(&k.as_slice()))
        .collect();
    resto.sort_by(|a, b| a.0.cmp(b.0));
    c.texto(b"catalogo");
    for (k, v) in resto {
        c.texto(k);
        c.objeto(v, 0)?;
    }
    Ok(c.h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// Os metadados XMP do documento (o fluxo `/Metadata` do catálogo), descomprimidos: onde o
/// código de verificação fica, mesmo depois de um programa que comprime os fluxos.
pub fn metadados_xmp(pdf: &[u8]) -> Option<Vec<u8>> {
    let doc = Document::load_mem(pdf).ok()?;
    let catalogo = doc.catalog().ok()?;
    let (_, meta) = doc.dereference(catalogo.get(b"Metadata").ok()?).ok()?;
    let Object::Stream(s) = meta else {
        return None;
    };
    let dados = s
        .decompressed_content()
        .unwrap_or_else(|_| s.content.clone());
    (dados.len() <= MAXIMO_DE_BYTES).then_some(dados)
}

/// Uma chave da página, procurada nela e nos nós acima (a herança da árvore de páginas).
fn herdado<'a>(doc: &'a Document, pagina: ObjectId, chave: &[u8]) -> Option<&'a Object> {
    let mut atual = doc.get_dictionary(pagina).ok()?;
    for _ in 0..64 {
        if let Ok(v) = atual.get(chave) {
            return Some(v);
        }
        let pai = atual.get(b"Parent").ok()?.as_reference().ok()?;
        atual = doc.get_dictionary(pai).ok()?;
    }
    None
}

struct Canonico<'a> {
    doc: &'a Document,
    h: Sha256,
    /// Os objetos indiretos já escritos, com o número da ordem em que apareceram.
    vistos: HashMap<ObjectId, usize>,
    /// As páginas, com o número de cada uma: uma referência a uma página (da árvore de
    /// estrutura, de um marcador) é escrita como o número dela, sem entrar nela de novo.
    paginas: HashMap<ObjectId, u32>,
    objetos: usize,
    bytes: usize,
}

impl Canonico<'_> {
    fn texto(&mut self, b: &[u8]) {
        self.h.update((b.len() as u64).to_le_bytes());
        self.h.update(b);
    }

    fn numero(&mut self, n: i64) {
        self.h.update(n.to_le_bytes());
    }

    fn contar(&mut self, bytes: usize) -> Result<(), String> {
        self.objetos += 1;
        self.bytes += bytes;
        if self.objetos > MAXIMO_DE_OBJETOS || self.bytes > MAXIMO_DE_BYTES {
            return Err(format!(
                "o PDF passa do limite da conferência ({MAXIMO_DE_OBJETOS} objetos ou {} MiB de conteúdo)",
                MAXIMO_DE_BYTES / 1024 / 1024
            ));
        }
        Ok(())
    }

    fn pagina(&mut self, pagina: ObjectId) -> Result<(), String> {
        self.texto(b"pagina");
        for chave in [&b"MediaBox"[..], b"CropBox", b"Rotate", b"Resources"] {
            self.texto(chave);
            match herdado(self.doc, pagina, chave) {
                Some(v) => self.objeto(v, 0)?,
                None => self.texto(b"-"),
            }
        }
        let conteudo = self
            .doc
            .get_page_content(pagina)
            .map_err(|e| format!("o conteúdo de uma página não se lê ({e})"))?;
        self.contar(conteudo.len())?;
        self.texto(b"conteudo");
        self.texto(&conteudo);
        self.texto(b"anotacoes");
        let anotacoes: Vec<Object> = self
            .doc
            .get_dictionary(pagina)
            .ok()
            .and_then(|d| d.get(b"Annots").ok())
            .and_then(|a| self.doc.dereference(a).ok())
            .and_then(|(_, a)| a.as_array().ok().cloned())
            .unwrap_or_default();
        for a in anotacoes {
            if !self.e_assinatura(&a) {
                self.objeto(&a, 0)?;
            }
        }
        Ok(())
    }

    /// Um campo de assinatura (o widget que a assinatura incremental acrescenta à página).
    fn e_assinatura(&self, anotacao: &Object) -> bool {
        let Ok((_, Object::Dictionary(d))) = self.doc.dereference(anotacao) else {
            return false;
        };
        let sig = |d: &lopdf::Dictionary| {
            d.get(b"FT")
                .ok()
                .and_then(|t| t.as_name().ok())
                .is_some_and(|t| t == b"Sig")
        };
        sig(d)
            || d.get(b"Parent")
                .ok()
                .and_then(|p| self.doc.dereference(p).ok())
                .and_then(|(_, p)| p.as_dict().ok())
                .is_some_and(sig)
    }

    fn objeto(&mut self, o: &Object, profundidade: usize) -> Result<(), String> {
        if profundidade > 256 {
            return Err("o PDF aninha objetos fundo demais".into());
        }
        self.contar(0)?;
        match o {
            Object::Null => self.texto(b"null"),
            Object::Boolean(b) => self.texto(if *b { b"true" } else { b"false" }),
            Object::Integer(i) => {
                self.texto(b"i");
                self.numero(*i);
            }
            Object::Real(r) => {
                self.texto(b"r");
                self.h.update(r.to_bits().to_le_bytes());
            }
            Object::Name(n) => {
                self.texto(b"/");
                self.texto(n);
            }
            Object::String(s, _) => {
                self.texto(b"(");
                self.texto(s);
            }
            Object::Array(itens) => {
                self.texto(b"[");
                self.numero(itens.len() as i64);
                for i in itens {
                    self.objeto(i, profundidade + 1)?;
                }
            }
            Object::Dictionary(d) => self.dicionario(d, profundidade)?,
            Object::Stream(s) => {
                self.texto(b"stream");
                self.dicionario(&s.dict, profundidade)?;
                let dados = s
                    .decompressed_content()
                    .unwrap_or_else(|_| s.content.clone());
                self.contar(dados.len())?;
                self.texto(&dados);
            }
            Object::Reference(id) => {
                if let Some(&n) = self.paginas.get(id) {
                    self.texto(b"pagina");
                    self.numero(i64::from(n));
                    return Ok(());
                }
                if let Some(&n) = self.vistos.get(id) {
                    self.texto(b"@");
                    self.numero(n as i64);
                    return Ok(());
                }
                let n = self.vistos.len();
                self.vistos.insert(*id, n);
                match self.doc.get_object(*id) {
                    Ok(alvo) => self.objeto(alvo, profundidade + 1)?,
                    Err(_) => self.texto(b"null"),
                }
            }
        }
        Ok(())
    }

    fn dicionario(&mut self, d: &lopdf::Dictionary, profundidade: usize) -> Result<(), String> {
        let mut chaves: Vec<(&Vec<u8>, &Object)> = d
            .iter()
            .filter(|(k, _)| !FORA.contains(&k.as_slice()))
            .collect();
        chaves.sort_by(|a, b| a.0.cmp(b.0));
        self.texto(b"<<");
        self.numero(chaves.len() as i64);
        for (k, v) in chaves {
            self.texto(k);
            self.objeto(v, profundidade + 1)?;
        }
        Ok(())
    }
}
