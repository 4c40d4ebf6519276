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
//! "Não pode ultrapassar 5%": exatamente 5% atende. As áreas são comparadas em decimal exato,
//! como escritas (ver `exato`), para que 12,5 km² de 250 km², ou 31,256172839 km² de
//! 625,12345678 km², dê exatamente 5% e não 5,000000001%.

use std::str::FromStr;

use divisa_referencia::formato::{casas_para_distinguir, decimal, km2, porcentagem};
use rust_decimal::Decimal;

use crate::achado::{orgao, Achado, Situacao};
use crate::fatos::Desmembramento;
use crate::regra::{achado, Contexto, Resultado};

/// Um número da proposta como a pessoa o escreveu, exato: o decimal mais curto que dá o mesmo
/// `f64` (`31.256172839`, não `31.25617283899999…`). Assim "exatamente 5%" é exatamente 5%,
/// com quantas casas for, e a comparação não depende do arredondamento binário.
fn exato(km2: f64) -> Decimal {
    Decimal::from_str(&format!("{km2}")).unwrap_or(Decimal::MAX)
}

/// `parte` ≤ `percentual`% de `todo`, em aritmética decimal exata.
fn ate_percentual(parte: Decimal, todo: Decimal, percentual: i64) -> bool {
    match (
        parte.checked_mul(Decimal::ONE_HUNDRED),
        todo.checked_mul(Decimal::from(percentual)),
    ) {
        (Some(a), Some(b)) => a <= b,
        // Fora do alcance de 28 dígitos só ficam números absurdos, que a leitura já recusa.
        _ => false,
    }
}

/// § 1º e § 2º para um desmembramento.
pub(crate) fn desmembramento(ctx: &Contexto<'_>, d: &Desmembramento) -> Vec<Achado> {
    vec![achado(paragrafo_1(ctx, d)), achado(paragrafo_2(ctx, d))]
}

/// O nome do município pelo código (o código, se a referência não o tem).
fn nome(codigo: u32) -> String {
    divisa_referencia::mt()
        .ok()
        .and_then(|m| m.por_codigo(codigo))
        .map_or(codigo.to_string(), |m| m.nome.clone())
}

/// § 1º: a área é parte do cedente e se integra ao receptor, e o cedente continua numa peça só.
fn paragrafo_1(ctx: &Contexto<'_>, d: &Desmembramento) -> Resultado {
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
        // Sem o polígono, a malha ainda decide uma coisa: se cedente e receptor não têm
        // divisa comum, nenhuma parte do cedente pode se integrar ao receptor (ficaria
        // separada dele). Com divisa comum, o resto (a área encostar no receptor, o
        // remanescente numa peça só) depende do polígono: pendente.
        use crate::continuidade::{extensao, vizinhanca, Vizinhanca};
        return Ok(match vizinhanca(d.cedente, d.receptor) {
            Vizinhanca::SemDivisa => regra.achado(
                Situacao::NaoAtende,
                exigido,
                format!("{apurado}: sem divisa comum"),
                Some(orgao::CARTOGRAFIA),
                format!("Na Malha Municipal 2022 (IBGE), {} e {} não têm divisa comum: uma área de {} não se integraria a {}, ficaria separada dele.", nome(d.cedente), nome(d.receptor), nome(d.cedente), nome(d.receptor)),
            ),
            Vizinhanca::Divisa(km) => regra.achado(
                Situacao::Pendente,
                exigido,
                format!("{apurado}: divisa comum de {}", extensao(km)),
                Some(orgao::CARTOGRAFIA),
                "Cedente e receptor são vizinhos na Malha Municipal 2022 (IBGE). Sem o polígono da área, não se verifica que ela encoste no receptor nem que o remanescente continue numa peça só: junte o mapa e o memorial.",
            ),
            Vizinhanca::Indecidivel => regra.achado(
                Situacao::Pendente,
                exigido,
                apurado,
                Some(orgao::CARTOGRAFIA),
                "Um dos municípios não tem polígono na Malha Municipal 2022 (IBGE) e a proposta não traz o da área: a continuidade fica com o Órgão de Informação e Cartografia.",
            ),
        });
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
    } else if medidas.fora_das_origens_km2.is_none()
        || medidas.encosta_no_receptor.is_none()
        || resto.is_none()
    {
        // Sem o polígono do cedente ou do receptor na malha, as três conferências que sustentam
        // o «atende» (dentro do cedente, encostada no receptor, o remanescente numa peça só) não
        // se fazem: pendente, como no Art. 2º, § 1º, nunca um «atende» sem conferência.
        regra.achado(
            Situacao::Pendente,
            exigido,
            apurado,
            Some(orgao::CARTOGRAFIA),
            format!("Sem o polígono de {} ou de {} na Malha Municipal 2022 (IBGE), não se confere que a área esteja inteira no cedente, encoste no receptor e deixe o remanescente numa peça só: a continuidade fica com o Órgão de Informação e Cartografia.", nome(d.cedente), nome(d.receptor)),
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
}

/// § 2º: a área desmembrada até o percentual de cada inconsistência e, somadas as anteriores,
/// até o total, diante da área do cedente, em decimal exato.
fn paragrafo_2(ctx: &Contexto<'_>, d: &Desmembramento) -> Resultado {
    let mt = divisa_referencia::mt().ok();
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
                d.area.as_ref().and_then(|a| a.sem_medidas.clone()).unwrap_or_else(|| "Informe a área desmembrada, em km², ou junte o polígono da área (GeoJSON, KML, Shapefile, GeoPackage ou memorial descritivo).".into()),
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
            "A área do município cedente não é conhecida: informe-a, em km².",
        ));
    };
    let anteriores: f64 = d.areas_anteriores_km2.iter().sum();
    let (area, cedente) = (exato(area_km2), exato(cedente_km2));
    let soma = d
        .areas_anteriores_km2
        .iter()
        .fold(area, |soma, &a| soma.saturating_add(exato(a)));
    let dentro_do_parcial = ate_percentual(area, cedente, por_inconsistencia);
    let dentro_do_total = ate_percentual(soma, cedente, total);
    // Nunca escrever um valor que falha igual ao seu limite: as casas que mostram a
    // diferença (no mínimo duas).
    let maximo = cedente_km2 * por_inconsistencia as f64 / 100.0;
    let maximo_total = cedente_km2 * total as f64 / 100.0;
    let casas = casas_para_distinguir(area_km2, maximo, 2).max(casas_para_distinguir(
        area_km2 + anteriores,
        maximo_total,
        2,
    ));
    let casas_pct =
        casas_para_distinguir(area_km2 / cedente_km2 * 100.0, por_inconsistencia as f64, 2).max(
            casas_para_distinguir(
                (area_km2 + anteriores) / cedente_km2 * 100.0,
                total as f64,
                2,
            ),
        );
    let area_em = |v: f64| format!("{} km²", decimal(v, casas));
    let apurado = format!(
        "{} de {} ({}); com as anteriores ({}), {} ({})",
        area_em(area_km2),
        km2(cedente_km2),
        porcentagem(area_km2 / cedente_km2, casas_pct),
        km2(anteriores),
        area_em(area_km2 + anteriores),
        porcentagem((area_km2 + anteriores) / cedente_km2, casas_pct)
    );
    let mut mensagem =
        format!("Área do cedente: {origem_cedente}; {origem_area}.{divergencia} A comparação com o limite é feita em decimal exato, com os números como escritos.");
    if !dentro_do_parcial {
        mensagem.push_str(&format!(
            " Passa de {por_inconsistencia}% nesta inconsistência: o máximo seria {}.",
            area_em(maximo)
        ));
    }
    if !dentro_do_total {
        mensagem.push_str(&format!(
            " Somadas as anteriores, passa de {total}%: restavam {}.",
            area_em((maximo_total - anteriores).max(0.0))
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
}
