//! O protocolo da representação (Art. 14): por onde ela chegou, o mesmo para a página, a API e
//! a linha de comando (issue 31: a linha de comando aceitava qualquer conta como deputado).

use divisa_processo::{Ator, Natureza, Papel, Recusa, Via};
use divisa_registro::{ErroRegistro, Registro};

use crate::ErroAutos;

/// Por onde a representação chega (Art. 14, parágrafo único): através do `deputado` indicado,
/// ou — sem indicação — através do próprio deputado que a protocola, ou diretamente da
/// comunidade. Nada do que se indicou é trocado em silêncio: o representante que indica um
/// deputado, ou o deputado que indica outro, recebe a recusa do rito.
pub fn via_do_pedido(ator: &Ator, deputado: Option<String>) -> Via {
    match (ator.papel, deputado.filter(|d| !d.trim().is_empty())) {
        (_, Some(id)) => Via::Deputado { id },
        (Papel::Deputado, None) => Via::Deputado {
            id: ator.id.clone(),
        },
        (_, None) => Via::Comunidade,
    }
}

/// O deputado por quem a representação chega é uma conta de deputado (Art. 14, parágrafo
/// único), não um texto. Quem protocola como deputado é ele mesmo (o rito o confere).
pub async fn conferir_via(r: &Registro, ator: &Ator, via: &Via) -> Result<(), ErroAutos> {
    let Via::Deputado { id } = via else {
        return Ok(());
    };
    if ator.papel == Papel::Deputado {
        return Ok(());
    }
    let conta = r.usuarios().await?.into_iter().find(|u| u.login == *id);
    let motivo = match conta {
        Some(u) if u.papel == Papel::Deputado => return Ok(()),
        Some(u) => format!(
            "{} não é deputado ({}): escolha o deputado na lista",
            u.nome,
            u.papel.nome()
        ),
        None => "não há deputado com essa conta: escolha o deputado na lista".to_owned(),
    };
    Err(ErroRegistro::Recusado(
        Recusa::de(Natureza::Caso, "Art. 14, parágrafo único", motivo).no_campo("deputado"),
    )
    .into())
}

/// Por que a representação que veio como proposta não se protocola: o campo (`proposta` ou
/// `territorio`) e o porquê.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{mensagem}")]
pub struct ErroDaProposta {
    /// O campo: `proposta` (o texto não se lê, ou não é de um tipo do rito) ou `territorio` (um
    /// arquivo que a proposta não cita).
    pub campo: &'static str,
    /// O porquê, em português.
    pub mensagem: String,
}

/// A representação que vem como proposta (CONTRACT §2): tudo sai dela — o tipo, o nome, as
/// origens, as assinaturas — e só os arquivos do território que ela cita vão aos autos com o
/// protocolo, como o mapa e o memorial do Art. 15, II. Síncrono (lê e mede o território): a web
/// o põe na oficina; a linha de comando, fora do executor. A página, a API e `processo criar`
/// chamam este (issue 31: a API protocolava a proposta sem os arquivos do território).
pub fn da_proposta(
    nome_do_arquivo: &str,
    texto: &str,
    territorio: Vec<(String, Vec<u8>)>,
    via: Via,
    representante: &str,
) -> Result<
    (
        divisa_processo::NovaRepresentacao,
        Vec<divisa_registro::ArquivoNovo>,
    ),
    ErroDaProposta,
> {
    let citados = divisa_avaliacao::autos::arquivos_citados(texto);
    if let Some((nome, _)) = territorio.iter().find(|(n, _)| !citados.contains(n)) {
        return Err(ErroDaProposta {
            campo: "territorio",
            mensagem: format!(
                "«{nome}» não é citado pela proposta (ela cita: {}); envie só o território que a proposta cita",
                if citados.is_empty() {
                    "nenhum arquivo".to_owned()
                } else {
                    citados.join(", ")
                }
            ),
        });
    }
    let mapa: std::collections::BTreeMap<String, Vec<u8>> = territorio.iter().cloned().collect();
    let nova = divisa_avaliacao::autos::protocolo_da_proposta(
        nome_do_arquivo,
        texto,
        &mapa,
        via,
        representante,
    )
    .map_err(|e| ErroDaProposta {
        campo: "proposta",
        mensagem: e.to_string(),
    })?;
    let arquivos = territorio
        .into_iter()
        .map(|(nome, conteudo)| divisa_registro::ArquivoNovo::do_territorio(nome, conteudo))
        .collect();
    Ok((nova, arquivos))
}

/// Protocola a representação (Art. 14), o caso de uso da página, da API e de `processo
/// criar`: confere a via ([`conferir_via`]) e grava o protocolo com os arquivos que a
/// acompanham — conferidos pelo conteúdo e ligados ao evento, na mesma transação.
pub async fn protocolar(
    r: &Registro,
    ator: &Ator,
    nova: divisa_processo::NovaRepresentacao,
    arquivos: &[divisa_registro::ArquivoNovo],
    data: jiff::civil::Date,
    agora: jiff::Timestamp,
) -> Result<divisa_registro::Recibo, ErroAutos> {
    conferir_via(r, ator, &nova.via).await?;
    Ok(r.protocolar_com_arquivos(ator, nova, arquivos, data, agora)
        .await?)
}
