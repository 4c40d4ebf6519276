//! `divisa documento`: os documentos oficiais escritos da proposta, e a verificação do código.

use std::io::Write;
use std::path::Path;

use divisa_documentos::{Caso, Tipo, Verificacao};
use jiff::civil::Date;

use crate::Saida;

#[allow(clippy::too_many_arguments)]
pub(crate) fn executar(
    tipo: &str,
    arquivo: Option<&Path>,
    destino: Option<&Path>,
    formato: &str,
    protocolo: Option<&str>,
    em: Option<Date>,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    if let Some(t) = Tipo::DO_PROCESSO.into_iter().find(|t| t.codigo() == tipo) {
        return do_processo(t, protocolo, destino, formato, em, db, saida);
    }
    // Sem a proposta e com o protocolo: qualquer documento sai dos autos gravados.
    if let (None, Some(_), Some(t)) = (arquivo, protocolo, Tipo::de_codigo(tipo)) {
        return do_processo(t, protocolo, destino, formato, em, db, saida);
    }
    let Some(arquivo) = arquivo else {
        eprintln!("divisa documento {tipo}: falta o ARQUIVO (a proposta, ou o PDF a verificar).");
        return Ok(Saida::EntradaInvalida);
    };
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
    let Some(tipo) = Tipo::de_codigo(tipo) else {
        eprintln!("divisa documento: tipo «{tipo}» desconhecido; use oficio, parecer, decreto-legislativo, projeto-de-lei, relatorio-tecnico ou verificar.");
        return Ok(Saida::EntradaInvalida);
    };
    if !["pdf", "html", "odt"].contains(&formato) {
        eprintln!("divisa documento: --formato «{formato}»: use pdf, html ou odt (editável).");
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
    let Some((proposta, avaliacao, data)) =
        avaliada(divisa_avaliacao::ler(&nome, &texto, diretorio), em)
    else {
        return Ok(Saida::EntradaInvalida);
    };
    let caso = Caso {
        proposta: &proposta,
        avaliacao: &avaliacao,
        protocolo,
        data,
        autos: None,
    };
    // O que o procedimento do tipo não produz é recusado com o artigo (saída 2).
    if let Err(motivo) = divisa_documentos::cabimento(tipo, &proposta.fatos) {
        eprintln!("divisa documento: {nome}: {motivo}.");
        return Ok(Saida::EntradaInvalida);
    }
    let doc = match tipo {
        Tipo::Oficio => Ok(divisa_documentos::oficios(
            &caso,
            divisa_documentos::orgaos_do_oficio(&proposta.fatos),
        )),
        Tipo::Parecer => Ok(divisa_documentos::parecer_de_merito(&caso)),
        Tipo::DecretoLegislativo => divisa_documentos::decreto_legislativo(&caso),
        Tipo::ProjetoDeLei => divisa_documentos::projeto_de_lei(&caso),
        Tipo::RelatorioTecnico => divisa_documentos::relatorio_tecnico(&caso),
        Tipo::ParecerPreliminar | Tipo::ParecerResultado | Tipo::Autos => {
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
    gravar(&doc, formato, destino, saida)
}

fn gravar(
    doc: &divisa_documentos::Documento,
    formato: &str,
    destino: Option<&Path>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let bytes = match formato {
        "html" => divisa_documentos::html(doc).into_bytes(),
        "odt" => divisa_documentos::odt(doc),
        _ => divisa_documentos::pdf(doc),
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

/// Os documentos escritos dos autos: o processo vem do banco, com a proposta juntada, as
/// certidões, os ofícios, os votos e as pessoas.
fn do_processo(
    tipo: Tipo,
    protocolo: Option<&str>,
    destino: Option<&Path>,
    formato: &str,
    em: Option<Date>,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let Some(protocolo) = protocolo else {
        eprintln!("divisa documento {}: falta --protocolo NUP (o documento sai dos atos gravados no processo).", tipo.codigo());
        return Ok(Saida::EntradaInvalida);
    };
    if !["pdf", "html", "odt"].contains(&formato) {
        eprintln!("divisa documento: --formato «{formato}»: use pdf, html ou odt (editável).");
        return Ok(Saida::EntradaInvalida);
    }
    let data = em.unwrap_or_else(|| divisa_registro::hoje_em_cuiaba(crate::relogio::agora()));
    // A linha de comando é do operador no servidor: age como membro da Comissão.
    let operador = divisa_processo::Ator::new("operador", divisa_processo::Papel::Membro);
    let feito = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?
        .block_on(async {
            let r = match divisa_registro::Registro::abrir_existente(db).await {
                Ok(r) => r,
                Err(e) => return Err(divisa_autos::ErroAutos::Registro(e)),
            };
            let d = divisa_autos::documento(&r, protocolo, tipo, &operador, data).await;
            r.fechar().await;
            d
        });
    match feito {
        Ok(d) => gravar(&d, formato, destino, saida),
        Err(e) => {
            eprintln!("divisa documento: {e}.");
            Ok(Saida::EntradaInvalida)
        }
    }
}

/// A proposta lida, avaliada pelo texto em vigor em `--em` (ou hoje); `None` depois de dizer o
/// porquê em stderr.
fn avaliada(
    lida: Result<divisa_avaliacao::Proposta, divisa_avaliacao::ErroProposta>,
    em: Option<Date>,
) -> Option<(divisa_avaliacao::Proposta, divisa_lei::Avaliacao, Date)> {
    let proposta = match lida {
        Ok(p) => p,
        Err(e) => {
            eprintln!("divisa documento: {e}.");
            return None;
        }
    };
    let data = em.unwrap_or_else(crate::avaliar::hoje);
    match divisa_lei::avaliar(&proposta.fatos, data) {
        Ok(a) => Some((proposta, a, data)),
        Err(e) => {
            eprintln!("divisa documento: --em: {e}.");
            None
        }
    }
}
