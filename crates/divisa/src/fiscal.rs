//! `divisa fiscal` e `divisa processo fiscal`: quem ganha e quem perde se a proposta virar lei
//! (CONTRACT §4). Lê a proposta (ou os autos), as tabelas opcionais e o fundo, e chama
//! `divisa_avaliacao::fiscal::estudo`; saída 0 quando o estudo foi feito, 2 para entrada inválida
//! (a mensagem diz o arquivo, a linha ou o campo).

use std::io::Write;
use std::path::Path;

use divisa_avaliacao::fiscal::{estudo, OpcoesFiscais};
use divisa_fiscal::fpm::Fundo;
use jiff::civil::Date;

use crate::cli::{Formato, OpcoesFiscal};
use crate::Saida;

/// A mensagem terminada por um ponto, sem dobrar a pontuação que ela já traz.
fn frase(m: &str) -> String {
    if m.ends_with(['.', '?', '!']) {
        m.to_owned()
    } else {
        format!("{m}.")
    }
}

/// Uma tabela CSV de `opcao`: o arquivo lido com teto e validado pelo leitor do motor; `None`
/// depois de dizer em stderr o arquivo, a linha e o que se esperava.
fn ler_tabela<T>(
    comando: &str,
    opcao: &str,
    caminho: &Path,
    ler: fn(&[u8], &str) -> Result<T, divisa_fiscal::ErroFiscal>,
) -> Option<T> {
    let bytes = crate::arquivo::ler_arquivo(comando, caminho)?;
    match ler(&bytes, &caminho.display().to_string()) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!("divisa {comando}: {opcao}: {}", frase(&e.to_string()));
            None
        }
    }
}

/// As opções lidas: o fundo, as tabelas (cada arquivo lido com teto e validado); `None` depois
/// de dizer o porquê em stderr.
fn opcoes(comando: &str, o: &OpcoesFiscal) -> Option<OpcoesFiscais> {
    let mut lidas = OpcoesFiscais::default();
    if let Some(texto) = &o.fpm_interior_mt {
        match Fundo::ler(texto, "informado em --fpm-interior-mt") {
            Ok(f) => lidas.fundo = f,
            Err(e) => {
                eprintln!(
                    "divisa {comando}: --fpm-interior-mt: {}",
                    frase(&e.to_string())
                );
                return None;
            }
        }
    }
    if let Some(caminho) = &o.coeficientes_fpm {
        lidas.coeficientes = Some(ler_tabela(
            comando,
            "--coeficientes-fpm",
            caminho,
            divisa_fiscal::fpm::ler_coeficientes_tcu,
        )?);
    }
    if let Some(caminho) = &o.ipm {
        lidas.ipm = Some(ler_tabela(
            comando,
            "--ipm",
            caminho,
            divisa_fiscal::icms::ler_ipm,
        )?);
    }
    if !o.icms_pares.is_empty() {
        lidas.pares = Some(o.icms_pares.clone());
    }
    Some(lidas)
}

/// O estudo no formato pedido.
fn escrever(
    e: &divisa_fiscal::EstudoFiscal,
    formato: Formato,
    titulo: &str,
    saida: &mut impl Write,
) -> anyhow::Result<()> {
    let texto = match formato {
        Formato::Texto => divisa_fiscal::texto(e),
        Formato::Json => {
            let mut j = serde_json::to_string_pretty(e)?;
            j.push('\n');
            j
        }
        Formato::Html => divisa_avaliacao::relatorio_fiscal::pagina(e, titulo),
    };
    saida.write_all(texto.as_bytes())?;
    Ok(())
}

/// `divisa fiscal PROPOSTA.toml`.
pub(crate) fn executar(
    caminho: &Path,
    o: &OpcoesFiscal,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let Some(lidas) = opcoes("fiscal", o) else {
        return Ok(Saida::EntradaInvalida);
    };
    let Some(proposta) = crate::avaliar::ler_proposta(caminho, None) else {
        return Ok(Saida::EntradaInvalida);
    };
    let data: Date =
        o.em.or(proposta.data_referencia)
            .unwrap_or_else(crate::avaliar::hoje);
    match estudo(&proposta.fatos, data, &lidas) {
        Ok(e) => {
            let titulo = divisa_avaliacao::relatorio::descrever(&proposta.fatos);
            escrever(&e, o.formato, &titulo, saida)?;
            Ok(Saida::Sucesso)
        }
        Err(e) => {
            eprintln!(
                "divisa fiscal: {}: {}",
                caminho.display(),
                frase(&e.to_string())
            );
            Ok(Saida::EntradaInvalida)
        }
    }
}

/// `divisa processo fiscal PROTOCOLO`: o estudo dos fatos dos autos (os números certificados no
/// lugar dos da representação).
pub(crate) async fn do_processo(
    protocolo: &str,
    o: &OpcoesFiscal,
    ator: &divisa_processo::Ator,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    const CMD: &str = "processo fiscal";
    let Some(lidas) = opcoes(CMD, o) else {
        return Ok(Saida::EntradaInvalida);
    };
    let Some(r) = crate::banco::abrir_autos(CMD, protocolo, db).await else {
        return Ok(Saida::EntradaInvalida);
    };
    let data =
        o.em.unwrap_or_else(|| divisa_registro::hoje_em_cuiaba(crate::relogio::agora()));
    let feito = divisa_autos::estudo_fiscal(&r, protocolo, ator, data, lidas).await;
    r.fechar().await;
    match feito {
        Ok((e, descricao)) => {
            let titulo = format!("{descricao} — processo {protocolo}");
            escrever(&e, o.formato, &titulo, saida)?;
            Ok(Saida::Sucesso)
        }
        Err(e) => crate::banco::relatar_autos(CMD, e),
    }
}
