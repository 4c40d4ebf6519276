//! `divisa avaliar`, `divisa lei`, `divisa toponimo` e `divisa varredura`: a lei aplicada.
//!
//! A data "de hoje" só é lida aqui, no executável (a lei e a avaliação recebem a data como
//! argumento), no fuso de Mato Grosso (UTC−4, sem horário de verão desde 2019).

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use divisa_avaliacao::relatorio;
use divisa_lei::{Conclusao, ErroAvaliacao, Situacao};
use jiff::civil::Date;

use crate::cli::{Formato, FormatoVarredura};
use crate::Saida;

/// A data de hoje em Mato Grosso.
pub(crate) fn hoje() -> Date {
    jiff::tz::offset(-4)
        .to_datetime(crate::relogio::agora())
        .date()
}

pub(crate) fn codigo_da_conclusao(conclusao: Conclusao) -> Saida {
    match conclusao {
        Conclusao::Atende => Saida::Sucesso,
        Conclusao::NaoAtende => Saida::NaoAtende,
        Conclusao::Inconclusivo => Saida::Inconclusivo,
    }
}

/// Uma data fora da lei ou do calendário é entrada inválida (dita pela opção que a trouxe);
/// o resto é erro interno.
fn erro_de_avaliacao(erro: ErroAvaliacao) -> anyhow::Result<Saida> {
    match erro {
        ErroAvaliacao::AntesDaLei { .. } | ErroAvaliacao::ForaDoCalendario { .. } => {
            eprintln!("divisa: --em: {erro}.");
            Ok(Saida::EntradaInvalida)
        }
        outro => Err(outro).context("ao avaliar"),
    }
}

pub(crate) fn avaliar(
    caminho: &Path,
    formato: Formato,
    em: Option<Date>,
    db: Option<&str>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    // Setores importados no banco, se houver um (`--db` ou DIVISA_DB).
    let setores = match db {
        None => None,
        Some(url) => {
            let lidos = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?
                .block_on(async {
                    let r = divisa_registro::Registro::abrir_existente(url).await?;
                    let s = r.setores(&[]).await;
                    r.fechar().await;
                    s
                });
            match lidos {
                Ok(s) if s.is_empty() => None,
                Ok(s) => Some(crate::setores::do_banco(s)),
                Err(e) => {
                    eprintln!("divisa avaliar: --db: {e}");
                    return Ok(Saida::EntradaInvalida);
                }
            }
        }
    };
    let Some(proposta) = ler_proposta(caminho, setores.as_deref()) else {
        return Ok(Saida::EntradaInvalida);
    };
    let data = em.or(proposta.data_referencia).unwrap_or_else(hoje);
    let avaliacao = match divisa_lei::avaliar(&proposta.fatos, data) {
        Ok(avaliacao) => avaliacao,
        Err(erro) => return erro_de_avaliacao(erro),
    };
    let relatorio = match formato {
        Formato::Texto => relatorio::texto(&avaliacao, &proposta.fatos),
        Formato::Json => relatorio::json(&avaliacao),
        Formato::Html => relatorio::html(
            &avaliacao,
            &proposta.fatos,
            divisa_avaliacao::mapa::da_proposta(&proposta).as_deref(),
        ),
    };
    saida.write_all(relatorio.as_bytes())?;
    Ok(codigo_da_conclusao(avaliacao.conclusao()))
}

pub(crate) fn lei(
    dispositivo: Option<&str>,
    em: Option<Date>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let lei = divisa_lei::texto::lei().context("ao ler o texto estruturado da lei")?;
    let data = em.unwrap_or_else(hoje);
    if data < lei.vigencia() {
        eprintln!(
            "divisa lei: a LC 23/1992 só entrou em vigor em {}; não há texto em vigor em {}.",
            divisa_referencia::formato::data(lei.vigencia()),
            divisa_referencia::formato::data(data)
        );
        return Ok(Saida::EntradaInvalida);
    }
    if let Some(id) = dispositivo {
        if lei.dispositivo(id).is_none() {
            let do_artigo: Vec<&str> = lei
                .dispositivos()
                .iter()
                .map(|d| d.id.as_str())
                .filter(|d| {
                    id.split('_')
                        .next()
                        .is_some_and(|artigo| d.starts_with(&format!("{artigo}_")))
                })
                .collect();
            eprintln!(
                "divisa lei: dispositivo «{id}» desconhecido. Use o identificador LexML: {}.",
                if do_artigo.is_empty() {
                    "art2_cpt_inc1, art4_par1u, art8_par2, art25_cpt_inc2".to_owned()
                } else {
                    do_artigo.join(", ")
                }
            );
            return Ok(Saida::EntradaInvalida);
        }
    }
    saida.write_all(relatorio::texto_da_lei(lei, data, dispositivo).as_bytes())?;
    Ok(Saida::Sucesso)
}

pub(crate) fn toponimo(
    nome: &str,
    pessoa_viva: Option<bool>,
    em: Option<Date>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    if nome.trim().is_empty() {
        eprintln!("divisa toponimo: informe o nome.");
        return Ok(Saida::EntradaInvalida);
    }
    let data = em.unwrap_or_else(hoje);
    let achados = match divisa_lei::toponimo(nome.trim(), pessoa_viva, data) {
        Ok(achados) => achados,
        Err(erro) => return erro_de_avaliacao(erro),
    };
    writeln!(
        saida,
        "Art. 6º para «{}» (texto em vigor em {})",
        nome.trim(),
        divisa_referencia::formato::data(data)
    )?;
    for achado in &achados {
        let marca = match achado.situacao {
            Situacao::Atende => "✔",
            Situacao::NaoAtende => "✘",
            Situacao::Pendente => "…",
            Situacao::NaoSeAplica => "–",
        };
        writeln!(
            saida,
            "  {marca} {} — {}: {}",
            achado.citacao, achado.exigido, achado.apurado
        )?;
        if achado.situacao != Situacao::Atende && !achado.mensagem.is_empty() {
            writeln!(saida, "      {}", achado.mensagem)?;
        }
    }
    Ok(codigo_da_conclusao(divisa_lei::conclusao_de(&achados)))
}

/// Lê e valida a proposta de `caminho` (com os setores importados, se houver); se não dá,
/// escreve em stderr o arquivo, a linha, o campo e o que se esperava, e devolve `None` (saída 2).
pub(crate) fn ler_proposta(
    caminho: &Path,
    setores: Option<&[divisa_referencia::setores::Setor]>,
) -> Option<divisa_avaliacao::Proposta> {
    let nome = caminho.display().to_string();
    let bytes = match divisa_recursos::ler_com_teto(caminho, MAIOR_PROPOSTA) {
        Ok(bytes) => bytes,
        Err(erro) => {
            let motivo = divisa_recursos::motivo_de_leitura(&erro);
            eprintln!("divisa: {nome}: não foi possível ler a proposta: {motivo}.");
            return None;
        }
    };
    let Ok(texto) = String::from_utf8(bytes) else {
        eprintln!("divisa: {nome}: a proposta não é texto UTF-8 (salve o arquivo como UTF-8).");
        return None;
    };
    let diretorio = caminho
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    match divisa_avaliacao::ler(
        &nome,
        &texto,
        divisa_avaliacao::Arquivos::Diretorio(diretorio),
        setores,
    ) {
        Ok(proposta) => Some(proposta),
        Err(erro) => {
            eprintln!("divisa: {erro}.");
            None
        }
    }
}

/// O maior arquivo de proposta lido (uma proposta tem alguns KB; 8 MB cabem listas enormes de
/// títulos).
const MAIOR_PROPOSTA: u64 = 8 * 1024 * 1024;

pub(crate) fn varredura(
    formato: FormatoVarredura,
    em: Option<Date>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let data = em.unwrap_or_else(hoje);
    let municipios = match divisa_lei::varredura(data, Default::default()) {
        Ok(municipios) => municipios,
        Err(erro) => return erro_de_avaliacao(erro),
    };
    let texto = match formato {
        FormatoVarredura::Texto => relatorio::varredura_texto(&municipios, data),
        FormatoVarredura::Json => relatorio::varredura_json(&municipios, data),
    };
    saida.write_all(texto.as_bytes())?;
    Ok(Saida::Sucesso)
}
