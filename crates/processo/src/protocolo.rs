//! O protocolo da representação (Art. 14): quem protocola, por onde ela chegou (parágrafo
//! único), o nome, o representante, as origens (Art. 15, III) e as assinaturas (Art. 13).

use jiff::civil::Date;

use crate::papel::{exigir, Acao, Ator, Papel};
use crate::processo::{parametro, recusa};
use crate::{Ato, Recusa, Via};

/// Confere um pedido de protocolo (Art. 14) e cria o processo.
pub fn protocolar(ator: &Ator, ato: &Ato, data: Date, hoje: Date) -> Result<(), Recusa> {
    let Ato::Protocolar {
        nome,
        municipios_origem,
        codigos_origem,
        via,
        assinaturas,
        representante,
        ..
    } = ato
    else {
        return Err(recusa(
            "Art. 14",
            "um processo começa pelo protocolo da representação",
        ));
    };
    exigir(ator.papel, Acao::Protocolar)?;
    if data > hoje {
        return Err(recusa("Art. 14", "a data do protocolo é futura"));
    }
    match (ator.papel, via) {
        (Papel::Deputado, Via::Deputado { id }) if *id != ator.id => {
            return Err(recusa(
                "Art. 14, parágrafo único",
                format!("o deputado {} não pode protocolar em nome do deputado {id}", ator.id),
            )
            .no_campo("deputado"))
        }
        (Papel::Deputado, Via::Comunidade) => {
            return Err(recusa(
                "Art. 14, parágrafo único",
                "a representação trazida por deputado é registrada como encaminhada através dele",
            )
            .no_campo("deputado"))
        }
        (Papel::Representante, Via::Deputado { .. }) => {
            return Err(recusa(
                "Art. 14, parágrafo único",
                "o representante protocola diretamente pela comunidade; a que vem através de deputado é protocolada pelo deputado",
            )
            .no_campo("deputado"))
        }
        _ => {}
    }
    if nome.trim().is_empty() {
        return Err(recusa("Art. 7º, I", "falta o nome proposto").no_campo("nome"));
    }
    if representante.trim().is_empty() {
        return Err(recusa("Art. 14", "falta o nome do representante").no_campo("representante"));
    }
    // Cada origem é um município de Mato Grosso, ao menos uma e nenhuma duas vezes (o processo
    // guarda o nome oficial e o código IBGE); o texto livre "Municipio Inexistente" não entra
    // nos autos.
    let codigos: Vec<u32> = crate::ato::origens(municipios_origem)?
        .into_iter()
        .map(|c| c.numero())
        .collect();
    if !codigos_origem.is_empty() && *codigos_origem != codigos {
        return Err(recusa(
            "Art. 15, III",
            "os códigos IBGE das origens não são os dos nomes",
        )
        .no_campo("origem"));
    }
    let minimo = parametro("art13_cpt", "assinaturas_minimas", data)?;
    if i64::from(*assinaturas) < minimo {
        return Err(recusa(
            "Art. 13",
            format!(
                "a representação deverá ser assinada por no mínimo {minimo} eleitores residentes ou domiciliados na área; tem {assinaturas}"
            ),
        )
        .no_campo("assinaturas"));
    }
    Ok(())
}
