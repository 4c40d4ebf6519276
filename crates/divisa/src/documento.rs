//! `divisa documento`: os documentos oficiais escritos da proposta, e a verificação do código.

use std::io::Write;
use std::path::Path;

use divisa_documentos::{Caso, Tipo, Verificacao};
use divisa_processo::Orgao;
use jiff::civil::Date;

use crate::Saida;

pub(crate) fn executar(
    tipo: &str,
    arquivo: &Path,
    destino: Option<&Path>,
    formato: &str,
    protocolo: Option<&str>,
    em: Option<Date>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let nome = arquivo.display().to_string();
    let bytes = match std::fs::read(arquivo) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("divisa documento: {nome}: não foi possível ler o arquivo ({e}).");
            return Ok(Saida::EntradaInvalida);
        }
    };
    if tipo == "verificar" {
        return Ok(match divisa_documentos::verificar(&bytes) {
            Verificacao::Confere {
                codigo,
                titulo,
                protocolo,
            } => {
                writeln!(
                    saida,
                    "{nome}: confere — «{titulo}», código de verificação {codigo}{}.",
                    protocolo.map_or(String::new(), |p| format!(", processo {p}"))
                )?;
                Saida::Sucesso
            }
            Verificacao::NaoConfere(motivo) => {
                eprintln!("divisa documento verificar: {nome}: NÃO CONFERE — {motivo}.");
                Saida::NaoAtende
            }
        });
    }
    if let Some(t) = Tipo::DO_PROCESSO.into_iter().find(|t| t.codigo() == tipo) {
        eprintln!(
            "divisa documento: «{}» é escrito dos atos gravados no processo (a visita, a votação, o plebiscito), não só da proposta: gere-o na página do processo em `divisa serve`.",
            t.nome()
        );
        return Ok(Saida::EntradaInvalida);
    }
    let Some(tipo) = Tipo::de_codigo(tipo) else {
        eprintln!("divisa documento: tipo «{tipo}» desconhecido; use oficio, parecer, decreto-legislativo, projeto-de-lei, relatorio-tecnico ou verificar.");
        return Ok(Saida::EntradaInvalida);
    };
    if formato != "pdf" && formato != "html" {
        eprintln!("divisa documento: --formato «{formato}»: use pdf ou html.");
        return Ok(Saida::EntradaInvalida);
    }
    let Ok(texto) = String::from_utf8(bytes) else {
        eprintln!("divisa documento: {nome}: a proposta não é texto UTF-8.");
        return Ok(Saida::EntradaInvalida);
    };
    let diretorio = arquivo
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let proposta = match divisa_avaliacao::ler(&nome, &texto, diretorio) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("divisa documento: {e}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let data = em.unwrap_or_else(crate::avaliar::hoje);
    let avaliacao = match divisa_lei::avaliar(&proposta.fatos, data) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("divisa documento: --em: {e}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let caso = Caso {
        proposta: &proposta,
        avaliacao: &avaliacao,
        protocolo,
        data,
    };
    let doc = match tipo {
        Tipo::Oficio => Ok(divisa_documentos::oficios(
            &caso,
            &[Orgao::Cartografia, Orgao::Tre, Orgao::Fazenda],
        )),
        Tipo::Parecer => Ok(divisa_documentos::parecer_de_merito(&caso)),
        Tipo::DecretoLegislativo => divisa_documentos::decreto_legislativo(&caso),
        Tipo::ProjetoDeLei => divisa_documentos::projeto_de_lei(&caso),
        Tipo::RelatorioTecnico => divisa_documentos::relatorio_tecnico(&caso),
        Tipo::ParecerPreliminar | Tipo::ParecerResultado => {
            Err("este documento é escrito do processo".to_string())
        }
    };
    let doc = match doc {
        Ok(d) => d,
        Err(e) => {
            eprintln!("divisa documento: {e}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let bytes = if formato == "html" {
        divisa_documentos::html(&doc).into_bytes()
    } else {
        divisa_documentos::pdf(&doc)
    };
    match destino {
        Some(d) => {
            if let Err(e) = std::fs::write(d, &bytes) {
                eprintln!(
                    "divisa documento: {}: não foi possível gravar ({e}).",
                    d.display()
                );
                return Ok(Saida::EntradaInvalida);
            }
            eprintln!(
                "divisa documento: «{}» gravado em {} — código de verificação {}.",
                doc.titulo,
                d.display(),
                doc.codigo()
            );
        }
        None => saida.write_all(&bytes)?,
    }
    Ok(Saida::Sucesso)
}
