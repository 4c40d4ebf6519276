//! O pacote dos autos (`divisa processo exportar`): um .zip que um tribunal ou um arquivo
//! público abre e confere sem o divisa.
//!
//! ```text
//! autos.pdf        a capa, o índice das peças com as páginas, cada ato, a avaliação
//! arquivos/        os arquivos dos atos, como vieram (ato-002-1-certidao.pdf …)
//! eventos.json     cada evento com as colunas exatamente como gravadas, e o último hash
//! verificar.py     confere a cadeia e os arquivos só com o Python (python3 verificar.py)
//! LEIA-ME.txt      o que há no pacote e como conferir
//! proposta.toml    os autos de volta como proposta (só na versão integral)
//! estudo-fiscal.txt e estudo-fiscal.json   o estudo de impacto fiscal (FPM, ICMS, EVM), quando feito
//! ```
//!
//! Na versão pública (Art. 16), o evento reservado (Arts. 22 e 23) entra só com a posição e os
//! hashes — a cadeia continua a se conferir de ponta a ponta, sem mostrar o que ele diz.

use std::io::{Cursor, Write};

use divisa_processo::cadeia::Linha;
use serde_json::json;
use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

/// O que vai no pacote.
pub struct Pacote<'a> {
    /// O NUP.
    pub protocolo: &'a str,
    /// O PDF dos autos.
    pub pdf: &'a [u8],
    /// Os eventos como gravados.
    pub linhas: &'a [Linha],
    /// O último hash que o processo registra.
    pub ultimo_hash: &'a str,
    /// Os arquivos dos atos: (seq, nome, conteúdo), na ordem.
    pub arquivos: &'a [(u64, String, Vec<u8>)],
    /// As posições dos eventos que entram por inteiro; `None`: todos (a versão integral).
    pub publicos: Option<&'a [u64]>,
    /// Os autos de volta como proposta (só na versão integral: traz títulos de eleitor).
    pub proposta: Option<&'a str>,
    /// O estudo fiscal dos autos (issue 28), quando pôde ser feito: números agregados, sem dado
    /// pessoal, nas duas versões.
    pub fiscal: Option<&'a divisa_fiscal::EstudoFiscal>,
}

const VERIFICAR: &str = include_str!("verificar_autos.py");

fn nome_seguro(nome: &str) -> String {
    let s: String = nome
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.trim_matches(['.', '_']).is_empty() {
        "arquivo".into()
    } else {
        s
    }
}

/// O .zip dos autos (determinístico: as mesmas entradas dão os mesmos bytes).
pub fn pacote_dos_autos(p: &Pacote<'_>) -> Result<Vec<u8>, crate::ErroDocumento> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opcoes = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default());
    let escrever = |zip: &mut zip::ZipWriter<Cursor<Vec<u8>>>, nome: &str, bytes: &[u8]| {
        zip.start_file(nome, opcoes)
            .and_then(|()| zip.write_all(bytes).map_err(Into::into))
            .map_err(|e| crate::ErroDocumento::Interno(format!("{nome}: {e}")))
    };
    let inteiro = |seq: u64| p.publicos.is_none_or(|v| v.contains(&seq));
    let mut eventos = Vec::with_capacity(p.linhas.len());
    let mut caminhos_usados = Vec::new();
    for l in p.linhas {
        if !inteiro(l.seq) {
            eventos.push(json!({
                "seq": l.seq,
                "reservado": "conteúdo reservado à Comissão (LC nº 23/1992, Arts. 22 e 23)",
                "hash_anterior": l.hash_anterior,
                "hash": l.hash,
            }));
            continue;
        }
        let mut caminhos = Vec::new();
        for (i, (_, nome, conteudo)) in p
            .arquivos
            .iter()
            .filter(|(s, _, _)| *s == l.seq)
            .enumerate()
        {
            let caminho = format!("arquivos/ato-{:03}-{}-{}", l.seq, i + 1, nome_seguro(nome));
            escrever(&mut zip, &caminho, conteudo)?;
            caminhos.push(caminho.clone());
            caminhos_usados.push(caminho);
        }
        eventos.push(json!({
            "seq": l.seq,
            "data": l.data,
            "registrado_em": l.registrado_em,
            "ator": l.ator,
            "papel": l.papel,
            "tipo": l.tipo,
            "formato": l.formato,
            "ato": l.ato,
            "anexos": l.anexos,
            "arquivos": caminhos,
            "hash_anterior": l.hash_anterior,
            "hash": l.hash,
        }));
    }
    let todos = json!({
        "formato": "divisa-autos-v1",
        "protocolo": p.protocolo,
        "versao": if p.publicos.is_some() { "publica" } else { "integral" },
        "ultimo_hash": p.ultimo_hash,
        "eventos": eventos,
    });
    let eventos_json =
        serde_json::to_string_pretty(&todos).map_err(crate::ErroDocumento::interno)?;
    escrever(&mut zip, "autos.pdf", p.pdf)?;
    escrever(&mut zip, "eventos.json", eventos_json.as_bytes())?;
    escrever(&mut zip, "verificar.py", VERIFICAR.as_bytes())?;
    if let (Some(texto), None) = (p.proposta, p.publicos) {
        escrever(&mut zip, "proposta.toml", texto.as_bytes())?;
    }
    if let Some(e) = p.fiscal {
        escrever(
            &mut zip,
            "estudo-fiscal.txt",
            divisa_fiscal::texto(e).as_bytes(),
        )?;
        let json = serde_json::to_string_pretty(e).map_err(crate::ErroDocumento::interno)?;
        escrever(&mut zip, "estudo-fiscal.json", json.as_bytes())?;
    }
    let leia_me = format!(
        "Autos do processo nº {protocolo} — Assembleia Legislativa do Estado de Mato Grosso,\n\
         Comissão de Revisão Territorial (LC nº 23/1992).\n\n\
         {versao}\n\n\
         autos.pdf     a capa, o índice das peças com a página de cada uma, cada ato e {aval}\n\
         arquivos/     {n} dos atos, como foram recebidos\n\
         eventos.json  cada evento como está gravado no banco, com o hash do anterior e o seu\n\
         verificar.py  confere a cadeia de hashes e os arquivos, sem o divisa: python3 verificar.py\n\
         {proposta}{fiscal}\n\
         Último hash da cadeia: {ultimo}\n\
         Guarde este hash: quem refizesse a cadeia inteira teria de trocá-lo também.\n",
        protocolo = p.protocolo,
        versao = if p.publicos.is_some() {
            "Versão pública (Art. 16): os atos internos da Comissão entram só com os hashes (Arts. 22 e 23)."
        } else {
            "Cópia integral dos autos."
        },
        aval = if p.publicos.is_some() {
            "o que foi publicado"
        } else {
            "a lei aplicada aos autos"
        },
        n = divisa_referencia::formato::plural(caminhos_usados.len() as u64, "arquivo", "arquivos"),
        proposta = if p.proposta.is_some() && p.publicos.is_none() {
            "proposta.toml os autos de volta como proposta: a juntada, com os números certificados,\n              os documentos dos autos e o plebiscito registrado (o território está em arquivos/)\n"
        } else {
            ""
        },
        fiscal = if p.fiscal.is_some() {
            "estudo-fiscal.txt e .json  quem ganha e quem perde se a proposta virar lei (FPM, ICMS do\n              Art. 7º, V, e os critérios de viabilidade), com a fonte de cada número\n"
        } else {
            ""
        },
        ultimo = p.ultimo_hash,
    );
    escrever(&mut zip, "LEIA-ME.txt", leia_me.as_bytes())?;
    Ok(zip
        .finish()
        .map_err(crate::ErroDocumento::interno)?
        .into_inner())
}
