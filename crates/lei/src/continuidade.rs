//! Continuidade territorial na malha municipal (Art. 1º, caput e § 1º; Art. 4º; Art. 8º, § 1º;
//! Art. 10, § 2º).
//!
//! > Art. 1º A criação, a incorporação, a fusão e o desmembramento de municípios preservarão a
//! > [continuidade] e a unidade histórico-cultural do ambiente urbano [...]
//! > § 1º A análise de preservação da continuidade e da unidade histórico-cultural do ambiente
//! > urbano caberá à Comissão de Revisão Territorial da Assembléia Legislativa, ouvido
//! > previamente o Órgão de Informação e Cartografia do Estado de Mato Grosso.
//!
//! Leitura: a análise do § 1º é da Comissão, ouvida a Cartografia; mas uma parte dela é fato que
//! a malha decide. Um município feito de municípios sem divisa comum entre si, ou que incorpora um
//! que não lhe é vizinho, não é contínuo — não há análise que o salve. Por isso: sem divisa comum
//! na Malha Municipal 2022, "não atende"; com ela, "atende" quanto à continuidade territorial, e
//! o achado diz que a unidade histórico-cultural continua sendo análise da Comissão (Art. 1º,
//! caput, fica entre os não automatizáveis). Divisa comum é um lado comum da malha, de
//! comprimento positivo: dois municípios que se tocam num ponto só não são vizinhos.
//! Um município sem polígono na malha (Boa Esperança do Norte) deixa o achado pendente.

use divisa_referencia::formato::decimal;

use crate::achado::{orgao, Achado, Situacao};
use crate::regra::{achado, Contexto, Resultado};

/// O que a malha diz de dois municípios.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Vizinhanca {
    /// Têm divisa comum, com este comprimento aproximado (km).
    Divisa(f64),
    /// Não têm lado comum na malha.
    SemDivisa,
    /// Um deles não tem polígono na malha (ou a malha não pôde ser lida).
    Indecidivel,
}

/// A vizinhança de dois municípios na Malha Municipal 2022.
pub(crate) fn vizinhanca(a: u32, b: u32) -> Vizinhanca {
    match divisa_referencia::malha::divisa_comum_km(a, b) {
        Ok(Some(km)) if km > 0.0 => Vizinhanca::Divisa(km),
        Ok(Some(_)) => Vizinhanca::SemDivisa,
        Ok(None) | Err(_) => Vizinhanca::Indecidivel,
    }
}

pub(crate) fn nome(codigo: u32) -> String {
    divisa_referencia::mt()
        .ok()
        .and_then(|m| m.por_codigo(codigo))
        .map_or(codigo.to_string(), |m| m.nome.clone())
}

/// "cerca de 42 km" (uma casa abaixo de 10 km).
pub(crate) fn extensao(km: f64) -> String {
    format!("cerca de {} km", decimal(km, if km < 10.0 { 1 } else { 0 }))
}

const FONTE: &str = "Malha Municipal 2022 (IBGE)";
const UNIDADE: &str = "A unidade histórico-cultural do ambiente urbano é análise da Comissão, ouvido o Órgão de Informação e Cartografia (Art. 1º, § 1º); este achado verifica só a continuidade do território.";

/// Os municípios de origem ligados entre si por divisas comuns na malha.
pub(crate) struct Componentes {
    /// Os que não têm polígono na malha (não entram nos grupos).
    pub(crate) sem_poligono: Vec<u32>,
    /// Os grupos ligados (nomes), na ordem das origens.
    pub(crate) grupos: Vec<Vec<String>>,
    /// "A e B (cerca de 42 km)", cada divisa comum encontrada.
    pub(crate) divisas: Vec<String>,
}

/// Os componentes ligados das origens pela divisa comum (união e busca), entre as que têm
/// polígono.
pub(crate) fn componentes(origens: &[u32]) -> Componentes {
    let sem_poligono: Vec<u32> = origens
        .iter()
        .copied()
        .filter(|&c| divisa_referencia::malha::entrada(c).is_none())
        .collect();
    let com_poligono: Vec<u32> = origens
        .iter()
        .copied()
        .filter(|c| !sem_poligono.contains(c))
        .collect();
    let mut grupo: Vec<usize> = (0..com_poligono.len()).collect();
    fn raiz(grupo: &mut [usize], mut i: usize) -> usize {
        while grupo[i] != i {
            grupo[i] = grupo[grupo[i]];
            i = grupo[i];
        }
        i
    }
    let mut divisas = Vec::new();
    for (i, &a) in com_poligono.iter().enumerate() {
        for (j, &b) in com_poligono.iter().enumerate().skip(i + 1) {
            if let Vizinhanca::Divisa(km) = vizinhanca(a, b) {
                let (ri, rj) = (raiz(&mut grupo, i), raiz(&mut grupo, j));
                grupo[ri] = rj;
                divisas.push(format!("{} e {} ({})", nome(a), nome(b), extensao(km)));
            }
        }
    }
    let mut grupos: Vec<Vec<String>> = Vec::new();
    let mut raizes: Vec<usize> = Vec::new();
    for (i, &c) in com_poligono.iter().enumerate() {
        let r = raiz(&mut grupo, i);
        match raizes.iter().position(|&x| x == r) {
            Some(p) => grupos[p].push(nome(c)),
            None => {
                raizes.push(r);
                grupos.push(vec![nome(c)]);
            }
        }
    }
    Componentes {
        sem_poligono,
        grupos,
        divisas,
    }
}

/// "A + B | C": os grupos separados, para a mensagem.
pub(crate) fn separados(grupos: &[Vec<String>]) -> String {
    grupos
        .iter()
        .map(|g| g.join(" + "))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Fusão: os municípios de origem formam um território contínuo (ligados por divisas comuns).
pub(crate) fn fusao(ctx: &Contexto<'_>, origens: &[u32]) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art1_par1")?;
        let exigido = "território contínuo: os municípios fundidos ligados entre si por divisas comuns, não por um ponto só";
        if origens.len() < 2 {
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                "menos de dois municípios de origem",
                Some(orgao::CARTOGRAFIA),
                "Sem dois municípios não há fusão a examinar (Art. 4º).",
            ));
        }
        let Componentes {
            sem_poligono,
            grupos,
            divisas,
        } = componentes(origens);
        let apurado = if divisas.is_empty() {
            "nenhum par de municípios de origem com divisa comum".to_owned()
        } else {
            format!("divisas comuns: {}", divisas.join("; "))
        };
        let separados = separados(&grupos);
        Ok(if !sem_poligono.is_empty() {
            let faltam = sem_poligono
                .iter()
                .map(|&c| nome(c))
                .collect::<Vec<_>>()
                .join(", ");
            regra.achado(
                Situacao::Pendente,
                exigido,
                apurado,
                Some(orgao::CARTOGRAFIA),
                format!("{faltam} não tem polígono na {FONTE}: a continuidade com ele fica com o Órgão de Informação e Cartografia."),
            )
        } else if grupos.len() > 1 {
            regra.achado(
                Situacao::NaoAtende,
                exigido,
                apurado,
                Some(orgao::CARTOGRAFIA),
                format!("Na {FONTE}, os municípios fundidos formam {} territórios separados ({separados}): o novo município não seria contínuo.", grupos.len()),
            )
        } else {
            regra.achado(
                Situacao::Atende,
                exigido,
                apurado,
                Some(orgao::CARTOGRAFIA),
                format!(
                    "Na {FONTE}, os municípios fundidos formam um território contínuo. {UNIDADE}"
                ),
            )
        })
    })())
}

/// Incorporação: o incorporado tem divisa comum com o que o recebe.
pub(crate) fn incorporacao(ctx: &Contexto<'_>, municipio: u32, receptor: u32) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art1_par1")?;
        let exigido =
            "território contínuo: o município incorporado tem divisa comum com o que o incorpora";
        let (a, b) = (nome(municipio), nome(receptor));
        Ok(match vizinhanca(municipio, receptor) {
            Vizinhanca::Divisa(km) => regra.achado(
                Situacao::Atende,
                exigido,
                format!("{a} e {b} têm divisa comum de {}", extensao(km)),
                Some(orgao::CARTOGRAFIA),
                format!("Verificado na {FONTE}. {UNIDADE}"),
            ),
            Vizinhanca::SemDivisa => regra.achado(
                Situacao::NaoAtende,
                exigido,
                format!("{a} e {b} não têm divisa comum"),
                Some(orgao::CARTOGRAFIA),
                format!("Na {FONTE}, {a} não é vizinho de {b}: incorporado, ficaria separado do município que o recebe."),
            ),
            Vizinhanca::Indecidivel => regra.achado(
                Situacao::Pendente,
                exigido,
                format!("{a} e {b}"),
                Some(orgao::CARTOGRAFIA),
                format!("Um dos dois não tem polígono na {FONTE}: a vizinhança fica com o Órgão de Informação e Cartografia."),
            ),
        })
    })())
}
