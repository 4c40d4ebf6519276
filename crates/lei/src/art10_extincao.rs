//! Art. 10 — extinção de município.
//!
//! > Art. 10 A extinção de município será declarada em lei estadual e poderá ocorrer a
//! > qualquer tempo: I se verificada a perda dos requisitos estabelecidos nos itens I, II, III,
//! > IV e V do Artigo 2º desta lei complementar; II no caso de inundação ou destruição da
//! > cidade sede, quando materialmente impossível a transferência da população para outro
//! > ponto do território municipal; III a requerimento da maioria absoluta dos eleitores
//! > residentes ou domiciliados no território municipal.
//! > § 1º Nos casos dos itens I e II deste artigo o município extinto voltará a pertencer ao de
//! > sua origem.
//! > § 2º No caso do item III, os eleitores requerentes indicarão ao município contíguo a que
//! > desejarem pertencer.
//!
//! Leitura do inciso I: os requisitos do Art. 2º são cumulativos ("indispensáveis"); perde "os
//! requisitos" o município que deixa de cumprir qualquer um deles. A leitura oposta (perder
//! todos) esvaziaria o inciso, porque um município quase nunca perde os cinco. O achado diz a
//! leitura adotada; a varredura conta os municípios pelas duas.

use divisa_referencia::formato::inteiro;

use crate::achado::{orgao, Achado, Situacao};
use crate::art02_requisitos::{incisos_i_a_v, Numeros};
use crate::fatos::{Extincao, MotivoExtincao};
use crate::regra::{achado, sobre, Contexto, Resultado};

/// Leitura adotada para o Art. 10, I, dita em cada achado que a usa.
pub const LEITURA_ART10_INC1: &str = "Leitura adotada: os requisitos do Art. 2º são cumulativos, e perde-os o município que deixa de cumprir qualquer um deles; a leitura de que seria preciso perder todos esvaziaria o inciso.";

/// Os achados de uma proposta de extinção.
pub(crate) fn extincao(ctx: &Contexto<'_>, e: &Extincao) -> Vec<Achado> {
    let municipio = divisa_referencia::mt()
        .ok()
        .and_then(|mt| mt.por_codigo(e.municipio));
    let nome = municipio.map_or(e.municipio.to_string(), |m| m.nome.clone());
    let mut achados = Vec::new();
    match e.motivo {
        MotivoExtincao::PerdaRequisitos => {
            let requisitos = municipio
                .map(|m| incisos_i_a_v(ctx, &Numeros::de_municipio(m), None))
                .unwrap_or_default();
            achados.push(achado((|| -> Resultado {
                let regra = ctx.regra("art10_cpt_inc1")?;
                let perdidos: Vec<&Achado> = requisitos.iter().filter(|a| a.situacao == Situacao::NaoAtende).collect();
                let pendentes = requisitos.iter().filter(|a| a.situacao == Situacao::Pendente).count();
                let resumo: Vec<String> = requisitos
                    .iter()
                    .map(|a| format!("{}: {} — {}", a.citacao.trim_start_matches("Art. 2º, "), a.apurado, if a.situacao == Situacao::NaoAtende { "perdido".into() } else { a.situacao.rotulo().to_owned() }))
                    .collect();
                let situacao = if !perdidos.is_empty() {
                    Situacao::Atende
                } else if pendentes > 0 {
                    Situacao::Pendente
                } else {
                    Situacao::NaoAtende
                };
                let hipotese = match situacao {
                    Situacao::Atende => "hipótese configurada",
                    Situacao::NaoAtende => "hipótese não configurada",
                    _ => "hipótese ainda não demonstrada",
                };
                Ok(regra.achado(
                    situacao,
                    "hipótese do inciso I: perda de requisito do Art. 2º, I a V (dados embutidos; as certidões dos órgãos do Art. 2º, § 2º, decidem)",
                    format!("{hipotese} — {}", resumo.join("; ")),
                    Some(orgao::ORGAOS_DO_ART2),
                    format!("{LEITURA_ART10_INC1} Requisitos perdidos: {}.", if perdidos.is_empty() { "nenhum comprovado".to_owned() } else { perdidos.iter().map(|a| a.citacao.clone()).collect::<Vec<_>>().join(", ") }),
                ))
            })()));
            achados.push(retorno_a_origem(ctx, &nome, e.municipio_de_origem));
        }
        MotivoExtincao::InundacaoDestruicao => {
            achados.push(achado(ctx.regra("art10_cpt_inc2").map(|regra| {
                regra.achado(
                    Situacao::Pendente,
                    "inundação ou destruição da cidade-sede, com impossibilidade material de transferir a população",
                    "fato a comprovar",
                    Some(orgao::COMISSAO),
                    "Só a apuração dos fatos (laudos, vistoria) pode dizer se a transferência é materialmente impossível.",
                )
            })));
            achados.push(retorno_a_origem(ctx, &nome, e.municipio_de_origem));
        }
        MotivoExtincao::RequerimentoEleitores => {
            achados.push(achado((|| -> Resultado {
                let regra = ctx.regra("art10_cpt_inc3")?;
                let exigido = "requerimento da maioria absoluta dos eleitores residentes ou domiciliados no município";
                let (inscritos, origem) = match (e.eleitores_inscritos, municipio.and_then(|m| m.eleitores_2024)) {
                    (Some(i), _) => (Some(i), "informados na proposta".to_owned()),
                    (None, Some(d)) => (Some(u64::from(d.valor)), d.fonte.to_string()),
                    (None, None) => (None, String::new()),
                };
                Ok(match (e.requerentes, inscritos) {
                    (Some(requerentes), Some(inscritos)) => {
                        // Maioria absoluta: mais da metade; 1.000 de 2.000 não basta.
                        let atende = u128::from(requerentes) * 2 > u128::from(inscritos);
                        regra.achado(
                            if atende { Situacao::Atende } else { Situacao::NaoAtende },
                            format!("{exigido}: mais de {} de {} eleitores", inteiro((inscritos / 2) as i64), inteiro(inscritos as i64)),
                            format!("{} requerentes ({} eleitores: {origem})", inteiro(requerentes as i64), inteiro(inscritos as i64)),
                            Some(orgao::TRE),
                            "Maioria absoluta é mais da metade dos eleitores, não dos votantes.",
                        )
                    }
                    _ => regra.achado(Situacao::Pendente, exigido, "requerentes ou eleitores não informados", Some(orgao::TRE), ""),
                })
            })()));
            achados.push(achado((|| -> Resultado {
                use crate::continuidade::{extensao, vizinhanca, Vizinhanca};
                let regra = ctx.regra("art10_par2")?;
                let exigido = "os requerentes indicam o município contíguo a que desejam pertencer";
                let Some(destino) = e.municipio_contiguo else {
                    return Ok(regra.achado(
                        Situacao::Pendente,
                        exigido,
                        "indicação não informada",
                        Some(orgao::COMISSAO),
                        "A representação não diz a que município contíguo os requerentes desejam pertencer.",
                    ));
                };
                let outro = crate::continuidade::nome(destino);
                Ok(match vizinhanca(e.municipio, destino) {
                    Vizinhanca::Divisa(km) => regra.achado(
                        Situacao::Atende,
                        exigido,
                        format!("{outro}, com divisa comum de {}", extensao(km)),
                        Some(orgao::CARTOGRAFIA),
                        format!("{nome} e {outro} são contíguos na Malha Municipal 2022 (IBGE)."),
                    ),
                    Vizinhanca::SemDivisa => regra.achado(
                        Situacao::NaoAtende,
                        exigido,
                        format!("{outro}, sem divisa comum"),
                        Some(orgao::CARTOGRAFIA),
                        format!("Na Malha Municipal 2022 (IBGE), {nome} e {outro} não têm divisa comum: o município indicado tem de ser contíguo."),
                    ),
                    Vizinhanca::Indecidivel => regra.achado(
                        Situacao::Pendente,
                        exigido,
                        outro,
                        Some(orgao::CARTOGRAFIA),
                        "Um dos municípios não tem polígono na Malha Municipal 2022 (IBGE): a contiguidade fica com o Órgão de Informação e Cartografia.",
                    ),
                })
            })()));
        }
    }
    achados
        .into_iter()
        .map(|a| {
            if a.citacao.contains(&nome) {
                a
            } else {
                sobre(a, &nome)
            }
        })
        .collect()
}

/// § 1º: os dados embutidos não registram de que município cada um foi desmembrado; o achado
/// nunca atende — com a origem indicada, fica pendente da confirmação da Cartografia.
fn retorno_a_origem(ctx: &Contexto<'_>, nome: &str, origem: Option<u32>) -> Achado {
    achado(ctx.regra("art10_par1").map(|regra| match origem {
        None => regra.achado(
            Situacao::Pendente,
            "o município extinto volta a pertencer ao de sua origem",
            "município de origem a identificar",
            Some(orgao::CARTOGRAFIA),
            format!("Os dados embutidos não registram de que município {nome} foi desmembrado; a lei de extinção deve dizê-lo: informe-o na proposta."),
        ),
        Some(o) => regra.achado(
            Situacao::Pendente,
            "o município extinto volta a pertencer ao de sua origem",
            format!("indicado: {}", crate::continuidade::nome(o)),
            Some(orgao::CARTOGRAFIA),
            format!("Os dados embutidos não registram de que município {nome} foi desmembrado: o Órgão de Informação e Cartografia confirma a origem indicada (a lei de criação de {nome})."),
        ),
    }))
}
