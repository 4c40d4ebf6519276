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
