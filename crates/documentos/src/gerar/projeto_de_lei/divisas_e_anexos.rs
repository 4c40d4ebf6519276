//! As divisas que a lei descreve e os anexos (o mapa e o memorial descritivo) que ela cita.

use super::*;

/// A união dos municípios da Malha Municipal 2022 e o seu memorial com os confrontantes; `None`
/// se algum não está na malha (Boa Esperança do Norte, criado depois dela).
pub(super) fn uniao_da_malha(
    codigos: &[u32],
) -> Result<Option<divisa_territorio::memorial::Memorial>, crate::ErroDocumento> {
    let mut poligonos = Vec::new();
    for &codigo in codigos {
        match divisa_referencia::malha::poligono(codigo).map_err(crate::ErroDocumento::interno)? {
            Some(p) => poligonos.push(p),
            None => return Ok(None),
        }
    }
    let referencias: Vec<&geo::MultiPolygon<f64>> = poligonos.iter().collect();
    let uniao = divisa_territorio::operacoes::uniao_de_todos(&referencias)
        .map_err(crate::ErroDocumento::interno)?;
    let (memorial, _) = divisa_avaliacao::territorio::memorial_com_confrontantes(&uniao)
        .map_err(crate::ErroDocumento::interno)?;
    Ok(Some(memorial))
}

/// As divisas do território que resulta da fusão ou da incorporação, por confrontante, nas
/// palavras da lei em vigor: "com o Município de X: pelas divisas vigentes entre os Municípios
/// de A e X". As divisas com os vizinhos que já existem são as da legislação estadual em
/// vigor, e não a Malha Municipal do IBGE, que é uma representação cartográfica delas: escrever
/// a malha vértice a vértice numa lei faria dela a divisa legal (e com os erros da generalização
/// cartográfica). Só uma linha nova — um memorial certificado — se descreve por vértices.
///
/// Quem confronta quem sai da malha (dois polígonos que se tocam: um lado em comum, pelas
/// fronteiras de `divisa_referencia::malha`, ou um vértice em comum — a malha é topológica); um
/// vizinho que toque um dos municípios só num ponto entra, o que não muda a divisa escrita (ela é
/// a vigente entre os dois). Antes cada par passava pelo `Intersects` do `geo`, lado contra lado:
/// 95% dos 10 s de um projeto de fusão no build de testes. Trechos sem município confrontante na malha são os limites com outra Unidade da
/// Federação.
pub(super) fn divisas_vigentes(
    origens: &[u32],
    memorial: Option<&divisa_territorio::memorial::Memorial>,
) -> Result<Vec<String>, crate::ErroDocumento> {
    use geo::{BoundingRect, Intersects};
    use std::collections::HashSet;
    let malha = divisa_referencia::malha::carregar().map_err(crate::ErroDocumento::interno)?;
    let mt = divisa_referencia::mt().map_err(crate::ErroDocumento::interno)?;
    let nome_de = |codigo: u32, malha_2022: &str| {
        mt.por_codigo(codigo)
            .map_or_else(|| malha_2022.to_owned(), |m| m.nome.clone())
    };
    // Os vértices da malha em micrograus: ela é topológica (dois municípios que se tocam têm os
    // mesmos vértices ali), e é assim que `malha::fronteiras` acha os lados comuns.
    let micrograus = |c: &geo::Coord<f64>| ((c.x * 1e6).round() as i64, (c.y * 1e6).round() as i64);
    let vertices = |mp: &geo::MultiPolygon<f64>| -> HashSet<(i64, i64)> {
        mp.iter()
            .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
            .flat_map(|anel| anel.0.iter().map(micrograus))
            .collect()
    };
    /// Um dos municípios que se juntam: o código, o nome, o polígono e os seus vértices.
    struct Proprio<'a> {
        codigo: u32,
        nome: String,
        poligono: &'a geo::MultiPolygon<f64>,
        vertices: HashSet<(i64, i64)>,
    }
    let proprios: Vec<Proprio<'_>> = malha
        .iter()
        .filter(|(e, _)| origens.contains(&e.codigo))
        .map(|(e, mp)| Proprio {
            codigo: e.codigo,
            nome: nome_de(e.codigo, e.nome_malha_2022),
            poligono: mp,
            vertices: vertices(mp),
        })
        .collect();
    let mut itens: Vec<(String, Vec<String>)> = Vec::new();
    for (e, mp) in &malha {
        if origens.contains(&e.codigo) {
            continue;
        }
        let Some(caixa) = mp.bounding_rect() else {
            continue;
        };
        let vizinho = nome_de(e.codigo, e.nome_malha_2022);
        let mut tocados = Vec::new();
        for proprio in &proprios {
            let caixa_propria = proprio.poligono.bounding_rect();
            if !caixa_propria.is_some_and(|c| c.intersects(&caixa)) {
                continue;
            }
            // Um lado em comum (a divisa), ou só um vértice (os que se tocam num ponto).
            let divisa = divisa_referencia::malha::divisa_comum_km(proprio.codigo, e.codigo)
                .map_err(crate::ErroDocumento::interno)?
                .is_some_and(|km| km > 0.0);
            let ponto = || {
                mp.iter()
                    .flat_map(|q| std::iter::once(q.exterior()).chain(q.interiors()))
                    .flat_map(|anel| anel.0.iter())
                    .any(|c| proprio.vertices.contains(&micrograus(c)))
            };
            if divisa || ponto() {
                tocados.push(proprio.nome.clone());
            }
        }
        if !tocados.is_empty() {
            itens.push((vizinho, tocados));
        }
    }
    itens.sort_by(|a, b| {
        divisa_referencia::nomes::chave(&a.0).cmp(&divisa_referencia::nomes::chave(&b.0))
    });
    let mut linhas: Vec<String> = itens
        .iter()
        .map(|(vizinho, tocados)| {
            let entre: Vec<String> = tocados
                .iter()
                .map(|t| format!("entre os Municípios de {t} e {vizinho}"))
                .collect();
            format!(
                "com o Município de {vizinho}: pelas divisas vigentes {}",
                lista_de_nomes(&entre)
            )
        })
        .collect();
    let interestadual = memorial.is_some_and(|m| {
        m.aneis
            .iter()
            .filter(|a| !a.interior)
            .flat_map(|a| &a.lados)
            .any(|l| l.confrontante.is_none())
    });
    if interestadual {
        let nomes: Vec<String> = proprios.iter().map(|p| p.nome.clone()).collect();
        linhas.push(format!(
            "nos demais trechos: pelos limites vigentes {} com outra Unidade da Federação",
            do_municipio(&nomes)
        ));
    }
    Ok(linhas)
}

/// As linhas das divisas como incisos: "I – …;", "II – …; e", "III – …."
pub(crate) fn incisos(linhas: &[String]) -> Vec<Bloco> {
    let n = linhas.len();
    linhas
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let fim = if i + 1 == n {
                "."
            } else if i + 2 == n {
                "; e"
            } else {
                ";"
            };
            recuado(format!(
                "{} – {l}{fim}",
                ROMANOS
                    .get(i)
                    .map_or_else(|| (i + 1).to_string(), |r| r.to_string())
            ))
        })
        .collect()
}

/// O mapa como anexo, quando há o que desenhar.
pub(super) fn anexo_do_mapa(caso: &Caso<'_>, anexos: &mut Vec<(String, Vec<Bloco>)>) {
    if let Some(mapa) = caso.mapa() {
        anexos.push(("MAPA".to_string(), vec![mapa]));
    }
}

/// O memorial descritivo (vértices) como anexo: só de uma linha nova, a do arquivo da proposta.
pub(super) fn anexo_do_memorial(
    m: &divisa_territorio::memorial::Memorial,
    do_que: &str,
    anexos: &mut Vec<(String, Vec<Bloco>)>,
) {
    let mut v = vec![p(format!(
        "Área geodésica (elipsoide GRS80): {}; área em Albers do IBGE: {}; perímetro: {} km.",
        km2(m.medida.area_m2 / 1e6),
        km2(m.area_albers_m2 / 1e6),
        divisa_referencia::formato::decimal(m.medida.perimetro_m / 1000.0, 3)
    ))];
    v.extend(tabela_do_memorial(m));
    anexos.push((format!("MEMORIAL DESCRITIVO{do_que}"), v));
}

/// Os números romanos dos anexos do mapa e do memorial, na ordem em que [`montar`] os põe.
pub(super) fn numeros_dos_anexos(mapa: bool) -> (Option<&'static str>, &'static str) {
    if mapa {
        (Some("I"), "II")
    } else {
        (None, "I")
    }
}
