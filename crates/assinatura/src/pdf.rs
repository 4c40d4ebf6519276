//! O PDF: a atualização incremental que acrescenta a assinatura (ISO 32000-1, 7.5.6 e 12.8) e a
//! leitura das assinaturas de um arquivo.
//!
//! A revisão anterior fica intacta, byte a byte; depois dela vêm só: o dicionário da assinatura
//! (`/Type /Sig`, `/SubFilter /ETSI.CAdES.detached`, `/ByteRange`, `/Contents` reservado com
//! zeros), o campo de assinatura (um widget invisível, `/Rect [0 0 0 0]`, na página 1), o
//! catálogo com o `/AcroForm` (`/SigFlags 3`) e a página com o `/Annots` — os dois reescritos
//! com o mesmo número de objeto —, a tabela de referências só desses objetos (tabela clássica,
//! ou fluxo de referências se a revisão anterior usa fluxo) e o trailer com `/Prev`.
//!
//! O `lopdf` só lê os objetos da revisão anterior; a parte acrescentada é escrita aqui, para
//! saber a posição exata de cada byte (o `/ByteRange` cobre tudo menos o `/Contents`).

use jiff::Timestamp;
use lopdf::{Dictionary, Document, Object, ObjectId, StringFormat};
use sha2::{Digest, Sha256};

use crate::certificado::Certificado;
use crate::cms::{self, ConferenciaCms};
use crate::Erro;

/// O motivo escrito em `/Reason` quando não se diz outro.
pub const MOTIVO: &str = "Documento da Comissão de Revisão Territorial";

/// Lê o PDF para acrescentar a ele: recusa o que não é PDF e o PDF cifrado.
fn ler(pdf: &[u8]) -> Result<Document, Erro> {
    let inicio = pdf.len().min(1024);
    if !pdf[..inicio].windows(5).any(|w| w == b"%PDF-") {
        return Err(Erro::Pdf(
            "não é um PDF (falta o cabeçalho %PDF- no começo do arquivo)".into(),
        ));
    }
    match Document::load_mem(pdf) {
        Ok(d) if d.trailer.has(b"Encrypt") => Err(Erro::Pdf(
            "o PDF é cifrado (tem senha ou restrições): o divisa não assina PDF cifrado; assine o documento como o divisa o gerou".into(),
        )),
        Ok(d) => Ok(d),
        Err(_) if pdf.windows(8).any(|w| w == b"/Encrypt") => Err(Erro::Pdf(
            "o PDF é cifrado (tem senha ou restrições): o divisa não assina PDF cifrado".into(),
        )),
        Err(e) => Err(Erro::Pdf(format!(
            "o PDF está estragado e não pôde ser lido ({e})"
        ))),
    }
}

/// Assina `pdf` com o certificado, no instante `quando` (o `/M`), acrescentando uma revisão.
/// Os bytes de `pdf` são o começo exato do resultado.
pub fn assinar(
    pdf: &[u8],
    cert: &Certificado,
    quando: Timestamp,
    motivo: &str,
) -> Result<Vec<u8>, Erro> {
    let doc = ler(pdf)?;
    let raiz = doc
        .trailer
        .get(b"Root")
        .and_then(Object::as_reference)
        .map_err(|_| Erro::Pdf("o trailer do PDF não aponta o catálogo (/Root)".into()))?;
    let catalogo = doc
        .get_dictionary(raiz)
        .map_err(|_| Erro::Pdf("o catálogo do PDF (/Root) não é um dicionário".into()))?
        .clone();
    let Some(&id_pagina) = doc.get_pages().get(&1) else {
        return Err(Erro::Pdf("o PDF não tem páginas".into()));
    };
    let mut pagina = doc
        .get_dictionary(id_pagina)
        .map_err(|_| Erro::Pdf("a página 1 do PDF não é um dicionário".into()))?
        .clone();
    let tamanho = doc
        .trailer
        .get(b"Size")
        .and_then(Object::as_i64)
        .unwrap_or(0)
        .max(i64::from(doc.max_id) + 1);
    let Ok(mut proximo) = u32::try_from(tamanho) else {
        return Err(Erro::Pdf("o /Size do trailer é inválido".into()));
    };
    let mut novo = || {
        let id = (proximo, 0u16);
        proximo += 1;
        id
    };
    let id_sig = novo();
    let id_campo = novo();

    // O /AcroForm: o que já existe (direto no catálogo ou em objeto próprio) ou um novo.
    let mut objetos: Vec<(ObjectId, Vec<u8>)> = Vec::new();
    let (id_form, mut form) = match catalogo.get(b"AcroForm") {
        Ok(Object::Reference(r)) => (
            Some(*r),
            doc.get_dictionary(*r)
                .map_err(|_| Erro::Pdf("o /AcroForm do catálogo não é um dicionário".into()))?
                .clone(),
        ),
        Ok(Object::Dictionary(d)) => (None, d.clone()),
        _ => (Some(novo()), Dictionary::new()),
    };
    let mut campos: Vec<Object> = match form.get(b"Fields") {
        Ok(o) => doc
            .dereference(o)
            .ok()
            .and_then(|(_, o)| o.as_array().ok().cloned())
            .unwrap_or_default(),
        Err(_) => Vec::new(),
    };
    let nomes: Vec<Vec<u8>> = campos
        .iter()
        .filter_map(|c| c.as_reference().ok())
        .filter_map(|r| doc.get_dictionary(r).ok())
        .filter_map(|d| {
            d.get(b"T")
                .and_then(Object::as_str)
                .ok()
                .map(<[u8]>::to_vec)
        })
        .collect();
    let nome_campo = (1..)
        .map(|n| format!("Assinatura{n}"))
        .find(|n| !nomes.iter().any(|x| x == n.as_bytes()))
        .unwrap_or_else(|| "Assinatura".into());
    campos.push(Object::Reference(id_campo));
    form.set("Fields", Object::Array(campos));
    form.set("SigFlags", Object::Integer(3));

    let mut anotacoes: Vec<Object> = match pagina.get(b"Annots") {
        Ok(o) => doc
            .dereference(o)
            .ok()
            .and_then(|(_, o)| o.as_array().ok().cloned())
            .unwrap_or_default(),
        Err(_) => Vec::new(),
    };
    anotacoes.push(Object::Reference(id_campo));
    pagina.set("Annots", Object::Array(anotacoes));

    let mut catalogo = catalogo;
    match id_form {
        Some(id) => {
            if catalogo.get(b"AcroForm").ok() != Some(&Object::Reference(id)) {
                catalogo.set("AcroForm", Object::Reference(id));
                objetos.push((raiz, dicionario(&catalogo)?));
            }
            objetos.push((id, dicionario(&form)?));
        }
        None => {
            catalogo.set("AcroForm", Object::Dictionary(form));
            objetos.push((raiz, dicionario(&catalogo)?));
        }
    }
    objetos.push((id_pagina, dicionario(&pagina)?));
    let campo = format!(
        "<</Type/Annot/Subtype/Widget/FT/Sig/T {}/V {} {} R/P {} {} R/Rect [0 0 0 0]/F 132>>",
        texto_pdf(&nome_campo),
        id_sig.0,
        id_sig.1,
        id_pagina.0,
        id_pagina.1
    );
    objetos.push((id_campo, campo.into_bytes()));

    // O tamanho do CMS não depende do resumo: mede-se com um resumo qualquer e reserva-se folga.
    let reserva = cms::assinar(&[0; 32], cert)?.len() + 512;
    let m = data_pdf(quando);
    let cabeca = format!(
        "<</Type/Sig/Filter/Adobe.PPKLite/SubFilter/ETSI.CAdES.detached/Name {}/Reason {}/M ({m})/ByteRange ",
        texto_pdf(&cert.titular()),
        texto_pdf(motivo)
    );
    const LUGAR_BYTERANGE: &str = "[0 0000000000 0000000000 0000000000]";

    let mut saida = pdf.to_vec();
    if !matches!(saida.last(), Some(b'\n' | b'\r')) {
        saida.push(b'\n');
    }
    let mut posicoes: Vec<(ObjectId, usize)> = Vec::new();
    // o dicionário da assinatura
    posicoes.push((id_sig, saida.len()));
    saida.extend_from_slice(format!("{} {} obj\n", id_sig.0, id_sig.1).as_bytes());
    saida.extend_from_slice(cabeca.as_bytes());
    let pos_byterange = saida.len();
    saida.extend_from_slice(LUGAR_BYTERANGE.as_bytes());
    saida.extend_from_slice(b"/Contents ");
    let pos_menor = saida.len();
    saida.push(b'<');
    saida.resize(saida.len() + 2 * reserva, b'0');
    saida.push(b'>');
    let pos_depois = saida.len();
    saida.extend_from_slice(b">>\nendobj\n");
    for (id, corpo) in &objetos {
        posicoes.push((*id, saida.len()));
        saida.extend_from_slice(format!("{} {} obj\n", id.0, id.1).as_bytes());
        saida.extend_from_slice(corpo);
        saida.extend_from_slice(b"\nendobj\n");
    }
    escrever_referencias(&doc, &mut saida, posicoes, proximo)?;

    // O /ByteRange: tudo menos o <…> do /Contents.
    let total = saida.len();
    let faixa = format!("[0 {pos_menor} {pos_depois} {}]", total - pos_depois);
    if faixa.len() > LUGAR_BYTERANGE.len() {
        return Err(Erro::Pdf(
            "o PDF é grande demais para o /ByteRange reservado".into(),
        ));
    }
    let faixa = format!("{faixa:<width$}", width = LUGAR_BYTERANGE.len());
    saida[pos_byterange..pos_byterange + faixa.len()].copy_from_slice(faixa.as_bytes());
    let mut h = Sha256::new();
    h.update(&saida[..pos_menor]);
    h.update(&saida[pos_depois..]);
    let resumo: [u8; 32] = h.finalize().into();
    let der_cms = cms::assinar(&resumo, cert)?;
    if der_cms.len() > reserva {
        return Err(Erro::Interno("o CMS não coube no espaço reservado".into()));
    }
    let hex: Vec<u8> = der_cms
        .iter()
        .flat_map(|b| {
            let d = b"0123456789ABCDEF";
            [d[usize::from(b >> 4)], d[usize::from(b & 15)]]
        })
        .collect();
    saida[pos_menor + 1..pos_menor + 1 + hex.len()].copy_from_slice(&hex);
    Ok(saida)
}

/// A seção de referências da atualização incremental, no formato da revisão anterior (tabela
/// ou fluxo), com o trailer que aponta a anterior (`/Prev`) e o `startxref`.
fn escrever_referencias(
    doc: &Document,
    saida: &mut Vec<u8>,
    mut posicoes: Vec<(ObjectId, usize)>,
    proximo: u32,
) -> Result<(), Erro> {
    let mut trailer = Dictionary::new();
    for chave in [b"Root".as_slice(), b"Info", b"ID"] {
        if let Ok(v) = doc.trailer.get(chave) {
            trailer.set(chave, v.clone());
        }
    }
    trailer.set("Prev", Object::Integer(doc.xref_start as i64));
    match doc.reference_table.cross_reference_type {
        lopdf::xref::XrefType::CrossReferenceTable => {
            trailer.set("Size", Object::Integer(i64::from(proximo)));
            let pos_xref = saida.len();
            posicoes.sort();
            saida.extend_from_slice(b"xref\n");
            for grupo in consecutivos(&posicoes) {
                saida.extend_from_slice(format!("{} {}\n", grupo[0].0 .0, grupo.len()).as_bytes());
                for (id, pos) in grupo {
                    saida.extend_from_slice(format!("{pos:010} {:05} n\r\n", id.1).as_bytes());
                }
            }
            saida.extend_from_slice(b"trailer\n");
            saida.extend_from_slice(&dicionario(&trailer)?);
            saida.extend_from_slice(format!("\nstartxref\n{pos_xref}\n%%EOF\n").as_bytes());
        }
        lopdf::xref::XrefType::CrossReferenceStream => {
            // O fluxo de referências entra nele mesmo.
            let id_xref = (proximo, 0u16);
            let pos_xref = saida.len();
            posicoes.push((id_xref, pos_xref));
            posicoes.sort();
            trailer.set("Size", Object::Integer(i64::from(proximo) + 1));
            trailer.set("Type", Object::Name(b"XRef".to_vec()));
            trailer.set("W", Object::Array(vec![1.into(), 4.into(), 2.into()]));
            let mut indice = Vec::new();
            let mut linhas = Vec::new();
            for grupo in consecutivos(&posicoes) {
                indice.push(Object::Integer(i64::from(grupo[0].0 .0)));
                indice.push(Object::Integer(grupo.len() as i64));
                for (id, pos) in grupo {
                    let pos = u32::try_from(*pos).map_err(|_| {
                        Erro::Pdf("o PDF passa de 4 GB: grande demais para assinar".into())
                    })?;
                    linhas.push(1u8);
                    linhas.extend_from_slice(&pos.to_be_bytes());
                    linhas.extend_from_slice(&id.1.to_be_bytes());
                }
            }
            trailer.set("Index", Object::Array(indice));
            trailer.set("Length", Object::Integer(linhas.len() as i64));
            saida.extend_from_slice(format!("{} 0 obj\n", id_xref.0).as_bytes());
            saida.extend_from_slice(&dicionario(&trailer)?);
            saida.extend_from_slice(b"\nstream\n");
            saida.extend_from_slice(&linhas);
            saida.extend_from_slice(b"\nendstream\nendobj\n");
            saida.extend_from_slice(format!("startxref\n{pos_xref}\n%%EOF\n").as_bytes());
        }
    }
    Ok(())
}

/// Grupos de números de objeto consecutivos (as subseções da tabela de referências).
fn consecutivos(posicoes: &[(ObjectId, usize)]) -> Vec<&[(ObjectId, usize)]> {
    let mut grupos = Vec::new();
    let mut inicio = 0;
    for i in 1..=posicoes.len() {
        if i == posicoes.len() || posicoes[i].0 .0 != posicoes[i - 1].0 .0 + 1 {
            grupos.push(&posicoes[inicio..i]);
            inicio = i;
        }
    }
    grupos
}

/// D:AAAAMMDDHHmmSS-04'00' (hora de Cuiabá).
fn data_pdf(t: Timestamp) -> String {
    let d = jiff::tz::offset(-4).to_datetime(t);
    format!(
        "D:{:04}{:02}{:02}{:02}{:02}{:02}-04'00'",
        d.year(),
        d.month(),
        d.day(),
        d.hour(),
        d.minute(),
        d.second()
    )
}

/// Um texto do PDF: literal se for ASCII, senão UTF-16BE com BOM em hexadecimal.
fn texto_pdf(s: &str) -> String {
    if s.chars().all(|c| (' '..='~').contains(&c)) {
        let mut o = String::from("(");
        for c in s.chars() {
            if matches!(c, '(' | ')' | '\\') {
                o.push('\\');
            }
            o.push(c);
        }
        o.push(')');
        o
    } else {
        let mut o = String::from("<FEFF");
        for u in s.encode_utf16() {
            o.push_str(&format!("{u:04X}"));
        }
        o.push('>');
        o
    }
}

fn dicionario(d: &Dictionary) -> Result<Vec<u8>, Erro> {
    let mut o = Vec::new();
    escrever(&Object::Dictionary(d.clone()), &mut o)?;
    Ok(o)
}

/// Escreve um objeto direto (sem fluxos, que são sempre indiretos).
fn escrever(obj: &Object, o: &mut Vec<u8>) -> Result<(), Erro> {
    match obj {
        Object::Null => o.extend_from_slice(b"null"),
        Object::Boolean(b) => o.extend_from_slice(if *b { b"true" } else { b"false" }),
        Object::Integer(i) => o.extend_from_slice(i.to_string().as_bytes()),
        Object::Real(r) => {
            let r = if r.is_finite() { *r } else { 0.0 };
            o.extend_from_slice(format!("{r}").as_bytes());
        }
        Object::Name(n) => nome(n, o),
        Object::String(s, StringFormat::Hexadecimal) => {
            o.push(b'<');
            for b in s {
                o.extend_from_slice(format!("{b:02X}").as_bytes());
            }
            o.push(b'>');
        }
        Object::String(s, StringFormat::Literal) => {
            o.push(b'(');
            for &b in s {
                match b {
                    b'(' | b')' | b'\\' => o.extend_from_slice(&[b'\\', b]),
                    b' '..=b'~' => o.push(b),
                    _ => o.extend_from_slice(format!("\\{b:03o}").as_bytes()),
                }
            }
            o.push(b')');
        }
        Object::Array(a) => {
            o.push(b'[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    o.push(b' ');
                }
                escrever(x, o)?;
            }
            o.push(b']');
        }
        Object::Dictionary(d) => {
            o.extend_from_slice(b"<<");
            for (k, v) in d.iter() {
                nome(k, o);
                o.push(b' ');
                escrever(v, o)?;
            }
            o.extend_from_slice(b">>");
        }
        Object::Reference((n, g)) => o.extend_from_slice(format!("{n} {g} R").as_bytes()),
        Object::Stream(_) => {
            return Err(Erro::Pdf(
                "o catálogo ou a página traz um fluxo direto (o PDF está fora da norma)".into(),
            ))
        }
    }
    Ok(())
}

fn nome(n: &[u8], o: &mut Vec<u8>) {
    o.push(b'/');
    for &b in n {
        if b.is_ascii_alphanumeric() || b"-_.+*',;:!@$&?".contains(&b) {
            o.push(b);
        } else {
            o.extend_from_slice(format!("#{b:02X}").as_bytes());
        }
    }
}

/// Uma assinatura achada num PDF, conferida.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assinatura {
    /// O nome do campo (`/T`).
    pub campo: String,
    /// O titular: o CN do certificado embutido (ou o `/Name` se o CMS não se lê).
    pub signatario: String,
    /// O `/M`, em dd/mm/aaaa hh:mm:ss e o fuso como escrito.
    pub quando: Option<String>,
    /// Onde termina o que a assinatura cobre (c + d do `/ByteRange`).
    pub fim: usize,
    /// O tamanho do arquivo.
    pub tamanho: usize,
    /// O que há de errado com o `/ByteRange`, se algo há.
    pub faixa_invalida: Option<String>,
    /// A conferência do CMS.
    pub cms: ConferenciaCms,
}

impl Assinatura {
    /// A faixa é sã, o resumo e a assinatura conferem.
    pub fn intacta(&self) -> bool {
        self.faixa_invalida.is_none() && self.cms.resumo_confere && self.cms.assinatura_confere
    }
    /// Cobre o arquivo inteiro (menos o próprio /Contents).
    pub fn cobre_tudo(&self) -> bool {
        self.faixa_invalida.is_none() && self.fim == self.tamanho
    }
}

/// As assinaturas do PDF (campos `/FT /Sig` com valor), na ordem em que foram feitas. Um PDF
/// sem assinatura dá a lista vazia; um que nem se lê, `Err` com o porquê.
pub fn assinaturas(pdf: &[u8]) -> Result<Vec<Assinatura>, crate::Erro> {
    ler_assinaturas(pdf).map_err(crate::Erro::Pdf)
}

fn ler_assinaturas(pdf: &[u8]) -> Result<Vec<Assinatura>, String> {
    let doc = Document::load_mem(pdf).map_err(|e| format!("o PDF não pôde ser lido ({e})"))?;
    let mut achadas = Vec::new();
    let Ok(catalogo) = doc.catalog() else {
        return Ok(achadas);
    };
    let Some(form) = catalogo
        .get(b"AcroForm")
        .ok()
        .and_then(|o| doc.dereference(o).ok())
        .and_then(|(_, o)| o.as_dict().ok())
    else {
        return Ok(achadas);
    };
    let mut pilha: Vec<(Object, bool)> = form
        .get(b"Fields")
        .ok()
        .and_then(|o| doc.dereference(o).ok())
        .and_then(|(_, o)| o.as_array().ok())
        .map(|a| a.iter().map(|x| (x.clone(), false)).collect())
        .unwrap_or_default();
    let mut vistos = std::collections::HashSet::new();
    while let Some((obj, herdou_sig)) = pilha.pop() {
        if let Object::Reference(r) = obj {
            if !vistos.insert(r) {
                continue;
            }
        }
        let Some(d) = doc
            .dereference(&obj)
            .ok()
            .and_then(|(_, o)| o.as_dict().ok())
        else {
            continue;
        };
        let sig = herdou_sig || d.get(b"FT").and_then(Object::as_name).ok() == Some(b"Sig");
        if let Ok(filhos) = d.get(b"Kids").and_then(Object::as_array) {
            pilha.extend(filhos.iter().map(|x| (x.clone(), sig)));
        }
        if !sig {
            continue;
        }
        let Some(v) = d
            .get(b"V")
            .ok()
            .and_then(|o| doc.dereference(o).ok())
            .and_then(|(_, o)| o.as_dict().ok())
        else {
            continue;
        };
        let campo = d
            .get(b"T")
            .and_then(Object::as_str)
            .map(texto_de_pdf)
            .unwrap_or_default();
        achadas.push(conferir_uma(pdf, campo, v));
    }
    achadas.sort_by_key(|a| a.fim);
    Ok(achadas)
}

fn conferir_uma(pdf: &[u8], campo: String, v: &Dictionary) -> Assinatura {
    let nome = v
        .get(b"Name")
        .and_then(Object::as_str)
        .map(texto_de_pdf)
        .ok();
    let quando = v
        .get(b"M")
        .and_then(Object::as_str)
        .ok()
        .and_then(data_de_pdf);
    let mut a = Assinatura {
        campo,
        signatario: nome.clone().unwrap_or_else(|| "(sem nome)".into()),
        quando,
        fim: 0,
        tamanho: pdf.len(),
        faixa_invalida: None,
        cms: ConferenciaCms {
            signatario: None,
            resumo_confere: false,
            assinatura_confere: false,
            problema: None,
        },
    };
    let faixa: Option<Vec<usize>> = v
        .get(b"ByteRange")
        .and_then(Object::as_array)
        .ok()
        .map(|f| {
            f.iter()
                .filter_map(|x| x.as_i64().ok().and_then(|i| usize::try_from(i).ok()))
                .collect()
        });
    let (b, c, d) = match faixa.as_deref() {
        Some(&[0, b, c, d]) => (b, c, d),
        _ => {
            a.faixa_invalida = Some("o /ByteRange não tem a forma [0 b c d]".into());
            return a;
        }
    };
    a.fim = c.saturating_add(d);
    if b >= c || a.fim > pdf.len() || c < 2 {
        a.faixa_invalida = Some("o /ByteRange aponta fora do arquivo".into());
        return a;
    }
    let lacuna = &pdf[b..c];
    let hex_ok = lacuna.len() >= 2
        && lacuna[0] == b'<'
        && lacuna[lacuna.len() - 1] == b'>'
        && lacuna[1..lacuna.len() - 1]
            .iter()
            .all(u8::is_ascii_hexdigit);
    if !hex_ok {
        a.faixa_invalida =
            Some("o /ByteRange deixa de fora mais do que o /Contents da assinatura".into());
        return a;
    }
    if !fim_de_revisao(&pdf[..a.fim]) {
        a.faixa_invalida = Some("o /ByteRange não termina no fim de uma revisão (%%EOF)".into());
    }
    let der: Vec<u8> = lacuna[1..lacuna.len() - 1]
        .chunks(2)
        .filter_map(|p| {
            let s = std::str::from_utf8(p).ok()?;
            u8::from_str_radix(s, 16).ok()
        })
        .collect();
    let mut h = Sha256::new();
    h.update(&pdf[..b]);
    h.update(&pdf[c..a.fim]);
    let resumo: [u8; 32] = h.finalize().into();
    a.cms = cms::conferir(&der, &resumo);
    if let Some(cn) = &a.cms.signatario {
        a.signatario = cn.clone();
    }
    a
}

fn fim_de_revisao(b: &[u8]) -> bool {
    let mut b = b;
    while let Some((&u, resto)) = b.split_last() {
        if u == b'\n' || u == b'\r' || u == b' ' {
            b = resto;
        } else {
            break;
        }
    }
    b.ends_with(b"%%EOF")
}

fn texto_de_pdf(b: &[u8]) -> String {
    if let Some(r) = b.strip_prefix(&[0xFE, 0xFF]) {
        let u: Vec<u16> = r
            .chunks(2)
            .map(|p| u16::from_be_bytes([p[0], *p.get(1).unwrap_or(&0)]))
            .collect();
        String::from_utf16_lossy(&u)
    } else {
        b.iter().map(|&c| char::from(c)).collect()
    }
}

/// D:AAAAMMDDHHmmSS±HH'mm' → dd/mm/aaaa hh:mm:ss (±HH:mm).
fn data_de_pdf(b: &[u8]) -> Option<String> {
    let s = std::str::from_utf8(b).ok()?;
    let s = s.strip_prefix("D:").unwrap_or(s);
    let n = |i: usize, j: usize| {
        s.get(i..j)
            .filter(|x| x.bytes().all(|c| c.is_ascii_digit()))
    };
    let (ano, mes, dia) = (n(0, 4)?, n(4, 6)?, n(6, 8)?);
    let hora = n(8, 10).unwrap_or("00");
    let min = n(10, 12).unwrap_or("00");
    let seg = n(12, 14).unwrap_or("00");
    let fuso = match s.get(14..) {
        Some(f) if f.starts_with('Z') || f.is_empty() => " UTC".to_owned(),
        Some(f) => format!(" ({})", f.replace('\'', ":").trim_end_matches(':')),
        None => " UTC".to_owned(),
    };
    Some(format!("{dia}/{mes}/{ano} {hora}:{min}:{seg}{fuso}"))
}
