//! Art. 8º — revisão de limites por desmembramento.
//!
//! > Art. 8º A revisão dos limites territoriais dos municípios do Estado para resolução de
//! > inconsistências territoriais dar-se-á mediante Plano de Ação elaborado pela Comissão de
//! > Revisão Territorial [...]. (LC 792/2024)
//! > § 1º O dispositivo a ser utilizado para a revisão dos limites territoriais dos municípios
//! > será o desmembramento, entendendo para efeito deste artigo como a separação de parte de um
//! > município para se integrar a outro município. (LC 792/2024)
//! > § 2º O percentual de área desmembrada não pode ultrapassar 5% (cinco por cento) da área do
//! > município cedente, por inconsistência territorial caracterizada, e na somatória das áreas
//! > de todas as inconsistências territoriais trabalhadas, as áreas desmembradas não podem
//! > ultrapassar a 10% (dez por cento) da área total do município cedente. (LC 792/2024)
//!
//! "Não pode ultrapassar 5%": exatamente 5% atende. As áreas são comparadas em m² inteiros
//! (arredondadas ao m²), para que 12,5 km² de 250 km² dê exatamente 5% e não 5,000000001%.

use divisa_referencia::formato::{decimal, km2, porcentagem};

use crate::achado::{orgao, Achado, Situacao};
use crate::fatos::Desmembramento;
use crate::regra::{achado, Contexto, Resultado};

fn metros2(km2: f64) -> i128 {
    (km2 * 1e6).round() as i128
}

/// § 1º e § 2º para um desmembramento.
pub(crate) fn desmembramento(ctx: &Contexto<'_>, d: &Desmembramento) -> Vec<Achado> {
    let mt = divisa_referencia::mt().ok();
    let nome = |codigo: u32| {
        mt.and_then(|m| m.por_codigo(codigo))
            .map_or(codigo.to_string(), |m| m.nome.clone())
    };
    let par1 = achado((|| -> Resultado {
        let regra = ctx.regra("art8_par1")?;
        let exigido = "separação de parte de um município para se integrar a outro município";
        let apurado = format!("de {} para {}", nome(d.cedente), nome(d.receptor));
        if d.cedente == d.receptor {
            return Ok(regra.achado(
                Situacao::NaoAtende,
                exigido,
                apurado,
                Some(orgao::COMISSAO),
                "Cedente e receptor são o mesmo município.",
            ));
        }
        let Some(medidas) = d.area.as_ref().and_then(|a| a.medidas.as_ref()) else {
            return Ok(regra.achado(Situacao::Atende, exigido, apurado, Some(orgao::COMISSAO), "Sem polígono, confere-se só que cedente e receptor são municípios distintos de MT."));
        };
        let mut problemas = Vec::new();
        if let Some(fora) = medidas.fora_das_origens_km2.filter(|&f| f > 0.0) {
            problemas.push(format!(
                "{} da área ficam fora de {}: não é parte dele",
                km2(fora),
                nome(d.cedente)
            ));
        }
        if medidas.encosta_no_receptor == Some(false) {
            problemas.push(format!(
                "a área não encosta em {}: ficaria separada dele, sem se integrar",
                nome(d.receptor)
            ));
        }
        let resto = medidas
            .remanescentes
            .first()
            .and_then(|(_, partes)| *partes);
        let apurado = match resto {
            Some(partes) => format!(
                "{apurado}; {} fica em {partes} parte{}",
                nome(d.cedente),
                if partes == 1 { "" } else { "s" }
            ),
            None => apurado,
        };
        Ok(if !problemas.is_empty() {
            regra.achado(
                Situacao::NaoAtende,
                exigido,
                apurado,
                Some(orgao::CARTOGRAFIA),
                format!("{}.", problemas.join("; ")),
            )
        } else if resto.is_some_and(|p| p != 1) {
            regra.achado(
                Situacao::Pendente,
                exigido,
                apurado,
                Some(orgao::CARTOGRAFIA),
                format!("A área é parte de {} e encosta em {}, mas o remanescente não fica numa peça só: a Comissão analisa a preservação da continuidade (Art. 1º, § 1º).", nome(d.cedente), nome(d.receptor)),
            )
        } else {
            regra.achado(
                Situacao::Atende,
                exigido,
                apurado,
                Some(orgao::CARTOGRAFIA),
                format!("A área está inteira em {}, encosta em {} e o remanescente continua uma peça só (Malha Municipal 2022, IBGE).", nome(d.cedente), nome(d.receptor)),
            )
        })
    })());
    let par2 = achado((|| -> Resultado {
        let regra = ctx.regra("art8_par2")?;
        let por_inconsistencia = regra.parametro("percentual_por_inconsistencia")?;
        let total = regra.parametro("percentual_total")?;
        let exigido = format!("área desmembrada até {por_inconsistencia}% da área do cedente e, somadas as anteriores, até {total}%");
        let (cedente_km2, origem_cedente) = match d.area_cedente_km2 {
            Some(a) => (Some(a), "informada na proposta".to_owned()),
            None => match mt
                .and_then(|m| m.por_codigo(d.cedente))
                .and_then(|m| m.area_oficial_km2)
            {
                Some(area) => (Some(area.valor), format!("área oficial, {}", area.fonte)),
                None => (None, String::new()),
            },
        };
        // A área informada prevalece. Sem ela, a do polígono, medida pelo mesmo método do
        // denominador: contra a área oficial do IBGE (Albers), Albers; contra uma área do cedente
        // informada na proposta (método desconhecido), a geodésica, verdade no elipsoide.
        let medidas = d.area.as_ref().and_then(|a| a.medidas.as_ref());
        let medida = medidas.map(|m| {
            if d.area_cedente_km2.is_none() {
                m.area_albers_km2
            } else {
                m.area_km2
            }
        });
        let (area_km2, origem_area) = match (d.area_km2, medidas) {
            (Some(informada), _) => (informada, "área desmembrada informada na proposta".to_owned()),
            (None, Some(m)) if d.area_cedente_km2.is_none() => (
                m.area_albers_km2,
                format!(
                    "área desmembrada do polígono em Albers-IBGE, o método da área oficial do cedente ({} geodésica, GRS80)",
                    km2(m.area_km2)
                ),
            ),
            (None, Some(m)) => (
                m.area_km2,
                format!("área desmembrada geodésica (GRS80) do polígono apresentado ({} em Albers-IBGE)", km2(m.area_albers_km2)),
            ),
            (None, None) => {
                return Ok(regra.achado(
                    Situacao::Pendente,
                    exigido,
                    d.area.as_ref().map_or("área não informada".to_owned(), |a| format!("território em {}", a.arquivo)),
                    Some(orgao::CARTOGRAFIA),
                    d.area.as_ref().and_then(|a| a.sem_medidas.clone()).unwrap_or_else(|| "Informe area_km2 ou um polígono em GeoJSON.".into()),
                ));
            }
        };
        let divergencia = match (d.area_km2, medida) {
            (Some(informada), Some(medida)) if (informada - medida).abs() > 0.01 * medida => {
                format!(
                    " A área informada ({}) difere em mais de 1% da medida no polígono ({}).",
                    km2(informada),
                    km2(medida)
                )
            }
            _ => String::new(),
        };
        let Some(cedente_km2) = cedente_km2.filter(|&a| a > 0.0) else {
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                km2(area_km2),
                Some(orgao::CARTOGRAFIA),
                "A área do cedente não é conhecida (informe area_cedente_km2).",
            ));
        };
        let anteriores: f64 = d.areas_anteriores_km2.iter().sum();
        let (area, cedente, soma) = (
            metros2(area_km2),
            metros2(cedente_km2),
            metros2(area_km2 + anteriores),
        );
        let dentro_do_parcial = area * 100 <= cedente * i128::from(por_inconsistencia);
        let dentro_do_total = soma * 100 <= cedente * i128::from(total);
        let apurado = format!(
            "{} de {} ({}); com as anteriores ({}), {} ({})",
            km2(area_km2),
            km2(cedente_km2),
            porcentagem(area_km2 / cedente_km2, 2),
            km2(anteriores),
            km2(area_km2 + anteriores),
            porcentagem((area_km2 + anteriores) / cedente_km2, 2)
        );
        let mut mensagem =
            format!("Área do cedente: {origem_cedente}; {origem_area}.{divergencia}");
        if !dentro_do_parcial {
            mensagem.push_str(&format!(
                " Passa de {por_inconsistencia}% nesta inconsistência: o máximo seria {}.",
                km2(cedente_km2 * por_inconsistencia as f64 / 100.0)
            ));
        }
        if !dentro_do_total {
            mensagem.push_str(&format!(
                " Somadas as anteriores, passa de {total}%: restavam {} km².",
                decimal(
                    (cedente_km2 * total as f64 / 100.0 - anteriores).max(0.0),
                    2
                )
            ));
        }
        Ok(regra.achado(
            if dentro_do_parcial && dentro_do_total {
                Situacao::Atende
            } else {
                Situacao::NaoAtende
            },
            exigido,
            apurado,
            Some(orgao::CARTOGRAFIA),
            mensagem,
        ))
    })());
    vec![par1, par2]
}
