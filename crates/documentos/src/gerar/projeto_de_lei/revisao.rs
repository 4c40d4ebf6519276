//! O projeto de lei de revisão de limites por desmembramento (Arts. 5º e 8º): a área, o novo
//! limite entre os dois municípios e os números do Art. 8º, § 2º.

use super::*;

/// O projeto de lei de revisão de limites: a área sai do cedente e passa ao receptor
/// (Art. 8º, § 1º), com as divisas da área em linhas geodésicas (Art. 5º), o novo limite entre
/// os dois, e em anexo o mapa e o memorial descritivo.
pub(super) fn desmembramento(caso: &Caso<'_>) -> Result<Partes, crate::ErroDocumento> {
    let Some(d) = &caso.proposta.fatos.desmembramento else {
        return Err(crate::ErroDocumento::Falta(
            "a proposta de desmembramento não traz a seção [desmembramento]".into(),
        ));
    };
    let (cedente, receptor) = (nome_municipio(d.cedente), nome_municipio(d.receptor));
    let memorial = match &caso.proposta.territorio {
        Some(t) => Some(
            divisa_avaliacao::territorio::memorial_com_confrontantes(&t.poligonos)
                .map_err(crate::ErroDocumento::interno)?
                .0,
        ),
        None => None,
    };
    // A área na figura da lei: a de Albers do IBGE (a da área oficial do cedente), e a geodésica
    // ao lado no anexo.
    let area = memorial
        .as_ref()
        .map(|m| m.area_albers_m2 / 1e6)
        .or(d.area_km2);
    let mut artigos = vec![recuado(format!(
        "Art. 1º Fica desmembrada do Município de {cedente} e integrada ao Município de {receptor} a área {}descrita no art. 2º desta Lei.",
        area.map(|a| format!("de {} ", km2(a))).unwrap_or_default()
    ))];
    let rito = plebiscito_e_parecer(caso, "o desmembramento")?;
    let mut justificativa = vec![p(format!(
        "A revisão dos limites territoriais para resolução de inconsistência territorial se faz pelo desmembramento, entendido como a separação de parte de um município para se integrar a outro (Lei Complementar nº 23/1992, Art. 8º, § 1º, na redação da Lei Complementar nº 792/2024), com o Relatório Técnico dos procedimentos realizados (Art. 8º, § 3º) e a consulta plebiscitária (Art. 11). {rito} {}",
        if caso.autos.is_some() {
            format!("{}, a Comissão de Revisão Territorial apurou:", no_processo(caso))
        } else {
            "A proposta declara, e a avaliação da lei na data apura, como prévia:".to_owned()
        }
    ))];
    justificativa.extend(como_os_autos_cumpriram(
        caso,
        &[
            "Art. 8º",
            "Art. 5º",
            "Art. 11",
            "Art. 12",
            "Art. 13",
            "Art. 2º, VI",
            "Art. 20",
        ],
    ));
    let mapa = caso.mapa();
    let (n_mapa, n_memorial) = numeros_dos_anexos(mapa.is_some());
    match &memorial {
        Some(m) => {
            artigos.push(recuado(format!(
                "Art. 2º A área de que trata o art. 1º tem as seguintes divisas, descritas por linhas geodésicas entre os vértices do memorial descritivo do Anexo {n_memorial} desta Lei{}, no Sistema Geodésico de Referência SIRGAS 2000:",
                n_mapa.map(|n| format!(", representadas no mapa do Anexo {n}")).unwrap_or_default()
            )));
            artigos.extend(super::divisas::incisos_das_divisas(m, Some(&cedente)));
            let confronta_o_cedente = m
                .aneis
                .iter()
                .flat_map(|a| &a.lados)
                .any(|l| l.confrontante.as_deref() == Some(cedente.as_str()));
            artigos.push(recuado(format!("Art. 3º O limite entre os Municípios de {cedente} e {receptor} passa a ser, no trecho alterado, o das linhas geodésicas do art. 2º confrontantes com o Município de {cedente}; o trecho da divisa anterior entre os dois Municípios compreendido na área deixa de ser limite intermunicipal.")));
            justificativa.push(p("As divisas da área são linhas geodésicas entre vértices identificados, descritas no memorial anexo (Art. 5º); a área em Albers do IBGE é a usada na comparação com a área oficial do Município cedente (Art. 8º, § 2º)."));
            if !confronta_o_cedente {
                justificativa.push(p(format!("Pela Malha Municipal 2022, a área não confronta o remanescente do Município de {cedente}: o traçado do art. 3º deve ser conferido com o Órgão de Informação e Cartografia antes da votação.")));
            }
        }
        None => {
            artigos.push(recuado("Art. 2º A área de que trata o art. 1º tem as seguintes divisas, descritas por linhas geodésicas entre vértices identificados, no Sistema Geodésico de Referência SIRGAS 2000: ____."));
            artigos.push(recuado(format!(
                "Art. 3º O limite entre os Municípios de {cedente} e {receptor} passa a ser, no trecho alterado, o das divisas do art. 2º confrontantes com o Município de {cedente}."
            )));
            justificativa.push(p("A proposta não trouxe o arquivo da área: o memorial descritivo certificado pelo Órgão de Informação e Cartografia, em linhas geodésicas entre vértices identificados (Art. 5º), deve ser juntado antes da votação, para completar o art. 2º."));
        }
    }
    artigos.push(recuado(
        "Art. 4º Esta Lei entra em vigor na data de sua publicação.",
    ));
    let mut anexos = Vec::new();
    if let Some(mapa) = mapa {
        anexos.push(("MAPA".to_string(), vec![mapa]));
    }
    if let Some(m) = &memorial {
        anexo_do_memorial(m, " DA ÁREA", &mut anexos);
    }
    Ok(Partes {
        ementa: format!(
            "Altera os limites entre os Municípios de {cedente} e {receptor}, desmembrando área do Município de {cedente} e integrando-a ao Município de {receptor}, e dá outras providências."
        ),
        artigos,
        justificativa,
        anexos,
        citados: &[
            "art8_cpt",
            "art8_par1",
            "art8_par2",
            "art8_par3",
            "art5_cpt",
            "art13_cpt",
            "art20_par1",
        ],
    })
}
