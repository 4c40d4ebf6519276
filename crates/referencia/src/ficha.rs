//! A ficha de um município (`divisa municipio`, a API e a página do município): cada número com
//! a fonte, as ressalvas das fontes em notas numeradas.

use crate::fonte::{Dado, Fonte};
use crate::formato::{inteiro, km2, ponto, reais_abreviado};
use crate::malha;
use crate::mt::{Municipio, Ponto};

/// Um dado da ficha: o valor escrito, a fonte e o número da nota da ressalva da fonte.
pub type ValorComFonte = (String, String, Option<usize>);

/// A ficha de um município em partes: o cabeçalho, cada dado (rótulo; valor, fonte e o número
/// da nota, ou `None`: sem dado), os distritos e as notas. [`ficha_do_municipio`] a escreve em
/// texto (a linha de comando e a API) e a web como página.
pub struct Ficha {
    /// O título (nome, códigos) e as linhas de cabeçalho (região, ausências).
    pub cabecalho: Vec<String>,
    /// Cada dado: o rótulo e o valor com a fonte e a nota, ou `None` (sem dado).
    pub campos: Vec<(&'static str, Option<ValorComFonte>)>,
    /// O título da lista de distritos, com a fonte.
    pub distritos_titulo: String,
    /// Cada distrito, com a sede.
    pub distritos: Vec<String>,
    /// As ressalvas das fontes, na ordem das notas.
    pub notas: Vec<&'static str>,
}

/// A ficha em partes, para quem a desenha (a página do município).
pub fn partes_da_ficha(m: &Municipio) -> Ficha {
    let mut notas: Vec<&'static str> = Vec::new();
    let mut cabecalho: Vec<String> = Vec::new();
    let mut titulo = format!("{} (MT) — código IBGE {}", m.nome, m.codigo_ibge);
    if let Some(tse) = m.codigo_tse {
        titulo.push_str(&format!(", código TSE {tse}"));
    }
    cabecalho.push(titulo);
    if let (Some(imediata), Some(intermediaria)) = (&m.regiao_imediata, &m.regiao_intermediaria) {
        cabecalho.push(format!(
            "Região imediata de {imediata}; região intermediária de {intermediaria}"
        ));
    }
    if let Some(ausencias) = m.ausencias() {
        cabecalho.push(format!("Atenção: {ausencias}"));
    }
    let mut campos = Vec::new();
    let mut campo = |rotulo: &'static str, valor: Option<(String, Fonte)>| {
        campos.push((
            rotulo,
            valor.map(|(texto, fonte)| {
                let nota = fonte.ressalva.map(|ressalva| {
                    notas
                        .iter()
                        .position(|n| *n == ressalva)
                        .unwrap_or_else(|| {
                            notas.push(ressalva);
                            notas.len() - 1
                        })
                        + 1
                });
                (texto, fonte.to_string(), nota)
            }),
        ));
    };
    let contar = |dado: Option<Dado<u32>>, unidade: &str| {
        dado.map(|d| (format!("{} {unidade}", inteiro(d.valor)), d.fonte))
    };
    campo("População", contar(m.populacao_2022, "habitantes"));
    campo(
        "Domicílios",
        m.domicilios_2022
            .zip(m.domicilios_ocupados_2022)
            .map(|(total, ocupados)| {
                (
                    format!(
                        "{}, dos quais {} particulares permanentes ocupados",
                        inteiro(total.valor),
                        inteiro(ocupados.valor)
                    ),
                    total.fonte,
                )
            }),
    );
    campo(
        "População estimada",
        contar(m.populacao_estimada_2025, "habitantes"),
    );
    campo("Eleitorado", contar(m.eleitores_2024, "eleitores"));
    campo("Eleitorado em 2018", contar(m.eleitores_2018, "eleitores"));
    campo(
        "Valor adicionado",
        m.valor_adicionado_2019
            .map(|d| (reais_abreviado(d.valor), d.fonte)),
    );
    campo(
        "PIB",
        m.pib_2021.map(|d| (reais_abreviado(d.valor), d.fonte)),
    );
    campo(
        "Área oficial",
        m.area_oficial_km2.map(|d| (km2(d.valor), d.fonte)),
    );
    campo(
        "Limites",
        malha::entrada(m.codigo_ibge)
            .zip(m.area_oficial_km2)
            .map(|(entrada, area)| {
                (
                    format!("polígono com {} vértices", inteiro(entrada.vertices as i64)),
                    area.fonte,
                )
            }),
    );
    campo(
        "Sede",
        m.sede.as_ref().map(|p| (descrever_ponto(p), p.fonte)),
    );
    let (distritos_titulo, distritos) = if m.distritos.is_empty() {
        (
            "Distritos: nenhum na Divisão Territorial Brasileira 2023 (IBGE)".to_owned(),
            Vec::new(),
        )
    } else {
        (
            format!(
                "Distritos ({}) — Divisão Territorial Brasileira 2023 (IBGE)",
                m.distritos.len()
            ),
            m.distritos
                .iter()
                .map(|distrito| {
                    let nome = if distrito.sede_municipal {
                        format!("{} (sede)", distrito.nome)
                    } else {
                        distrito.nome.clone()
                    };
                    let local = distrito
                        .sede
                        .as_ref()
                        .map_or("sem coordenadas".to_owned(), descrever_ponto);
                    format!("{nome} — {local}")
                })
                .collect(),
        )
    };
    Ficha {
        cabecalho,
        campos,
        distritos_titulo,
        distritos,
        notas,
    }
}

/// A ficha de um município em texto: os dados com a fonte de cada um, os distritos e as notas.
pub fn ficha_do_municipio(m: &Municipio) -> String {
    let f = partes_da_ficha(m);
    let mut linhas = f.cabecalho.clone();
    linhas.push(String::new());
    for (rotulo, valor) in &f.campos {
        linhas.push(match valor {
            Some((texto, fonte, nota)) => format!(
                "{rotulo}: {texto} — {fonte}{}",
                nota.map_or(String::new(), |n| format!(" [{n}]"))
            ),
            None => format!("{rotulo}: sem dado"),
        });
    }
    linhas.push(String::new());
    if f.distritos.is_empty() {
        linhas.push(f.distritos_titulo.clone());
    } else {
        linhas.push(format!("{}:", f.distritos_titulo));
        linhas.extend(f.distritos.iter().map(|d| format!("  {d}")));
    }
    if !f.notas.is_empty() {
        linhas.push(String::new());
        linhas.push("Notas:".into());
        for (i, nota) in f.notas.iter().enumerate() {
            linhas.push(format!("  [{}] {nota}", i + 1));
        }
    }
    let mut texto = linhas.join("\n");
    texto.push('\n');
    texto
}

fn descrever_ponto(p: &Ponto) -> String {
    let mut texto = ponto(p.lon, p.lat);
    if p.confianca != crate::mt::Confianca::Alta {
        texto.push_str(&format!(
            " (atribuição de confiança {})",
            p.confianca.rotulo()
        ));
    }
    texto
}
