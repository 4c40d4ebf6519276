//! Anexo ao parecer: o estudo de impacto fiscal e de viabilidade (issue 28). O que o parecer e o
//! projeto de lei afirmam sobre dinheiro, com a fonte, a fórmula e a data de cada número, para
//! a Comissão defender os números numa audiência: o FPM (federal, soma zero no Estado), o
//! percentual do ICMS que a lei de criação fixa (Art. 7º, V) e os critérios de viabilidade dos
//! projetos de lei complementar federal (nunca como requisito legal).

use divisa_fiscal::formato::{decimal_enxuto, porcentagem, reais, reais_com_sinal};
use divisa_referencia::formato::inteiro;

use super::{p, secao, Caso};
use crate::{Bloco, Documento, TipoDeDocumento};

/// Quantos municípios de fora da proposta o anexo lista um a um (os que mais perdem).
const MAIORES_PERDAS: usize = 10;

/// O anexo do estudo fiscal, escrito do estudo feito para os autos. Sem estudo (a proposta não
/// tem a população do novo município, o tipo não muda o FPM), não há anexo.
pub fn estudo_fiscal(caso: &Caso<'_>) -> Result<Documento, crate::ErroDocumento> {
    let Some(e) = caso.fiscal else {
        return Err(crate::ErroDocumento::Falta("o estudo fiscal ainda não pode ser feito com o que está nos autos (veja «Impacto fiscal» na página do processo)".into()));
    };
    let mut b: Vec<Bloco> = Vec::new();
    b.push(p(format!(
        "Anexo ao parecer da Comissão de Revisão Territorial sobre {}. Mostra quem ganha e quem perde se a proposta virar lei; não julga a proposta diante da Lei Complementar nº 23/1992, o que o parecer faz.",
        {
            let d = divisa_avaliacao::relatorio::descrever(&caso.proposta.fatos);
            let mut letras = d.chars();
            letras
                .next()
                .map(|c| c.to_lowercase().chain(letras).collect::<String>())
                .unwrap_or_default()
        }
    )));
    if e.estimativa {
        b.push(p(format!(
            "Números estimados. {}.",
            e.motivos_estimativa.join("; ")
        )));
    }
    fpm(&e.fpm, &mut b);
    icms(e, &mut b);

    b.push(secao(
        "3. Viabilidade: os critérios dos projetos de lei complementar federal",
    ));
    b.push(p(divisa_fiscal::evm::EVM_NAO_E_REQUISITO_LEGAL));
    b.push(Bloco::Tabela {
        colunas: vec![
            "Critério".into(),
            "Exigido".into(),
            "Apurado".into(),
            "Situação".into(),
            "Projeto".into(),
        ],
        larguras: vec![1.8, 1.6, 1.6, 0.9, 2.6],
        linhas: e
            .evm
            .iter()
            .map(|c| {
                vec![
                    c.criterio.clone(),
                    c.exigido.clone(),
                    c.apurado.clone(),
                    c.situacao.rotulo().to_owned(),
                    c.fonte.clone(),
                ]
            })
            .collect(),
    });
    for n in &e.notas {
        b.push(p(n.clone()));
    }
    b.push(caso.local_e_data());
    b.extend(caso.assinatura("Relator(a) — Comissão de Revisão Territorial"));
    Ok(caso.documento(
        TipoDeDocumento::EstudoFiscal,
        format!(
            "ANEXO AO PARECER — ESTUDO DE IMPACTO FISCAL E DE VIABILIDADE — {}",
            caso.nome().to_uppercase()
        ),
        b,
        &["art7_cpt_inc5", "art7_par1u"],
    ))
}

/// A seção do FPM: a população, os coeficientes e o fundo; os municípios da proposta e os que
/// mais perdem, antes e depois; os alertas e as notas do método.
fn fpm(f: &divisa_fiscal::fpm::ResultadoFpm, b: &mut Vec<Bloco>) {
    b.push(secao("1. Fundo de Participação dos Municípios (federal)"));
    b.push(p(format!(
        "População: {}. Coeficientes: {}. Fundo do interior de Mato Grosso: {} por ano ({}). Soma dos coeficientes do Estado: {} antes e {} depois. O fundo é fixo: cada município recebe fundo × coeficiente ÷ soma dos coeficientes, e o que um ganha sai de todos os outros.",
        f.populacao,
        f.fonte_coeficientes,
        reais(f.fundo_reais),
        f.fundo_fonte,
        decimal_enxuto(f.soma_antes, 1, 6),
        decimal_enxuto(f.soma_depois, 1, 6),
    )));
    let linha = |m: &divisa_fiscal::fpm::LinhaFpm| {
        vec![
            format!(
                "{}{}",
                m.nome,
                if m.novo {
                    " (novo)"
                } else if m.extinto {
                    " (extinto)"
                } else {
                    ""
                }
            ),
            format!(
                "{} → {}",
                inteiro(i64::from(m.populacao_antes)),
                inteiro(i64::from(m.populacao_depois))
            ),
            format!(
                "{} → {}",
                decimal_enxuto(m.coeficiente_antes, 1, 6),
                decimal_enxuto(m.coeficiente_depois, 1, 6)
            ),
            format!("{} → {}", reais(m.reais_antes), reais(m.reais_depois)),
            reais_com_sinal(m.variacao_reais),
        ]
    };
    let colunas = |primeira: &str| {
        vec![
            primeira.to_owned(),
            "População".to_owned(),
            "Coeficiente".to_owned(),
            "FPM por ano".to_owned(),
            "Variação".to_owned(),
        ]
    };
    b.push(Bloco::Tabela {
        colunas: colunas("Município da proposta"),
        larguras: vec![2.2, 1.6, 1.1, 2.8, 1.5],
        linhas: f
            .municipios
            .iter()
            .filter(|m| m.da_proposta())
            .map(linha)
            .collect(),
    });
    let perdas = f.maiores_perdas(MAIORES_PERDAS);
    if !perdas.is_empty() {
        b.push(p(format!(
            "Os {} municípios de fora da proposta que mais perdem:",
            perdas.len()
        )));
        b.push(Bloco::Tabela {
            colunas: colunas("Município"),
            larguras: vec![2.2, 1.6, 1.1, 2.8, 1.5],
            linhas: perdas.into_iter().map(linha).collect(),
        });
    }
    // O alerta da instalação do novo (LC nº 91/1997) não vai em linha própria: a nota do método
    // diz o mesmo por inteiro, com o que os valores «depois» querem dizer.
    for m in f.municipios.iter().filter(|m| m.da_proposta()) {
        for a in m
            .alertas
            .iter()
            .filter(|a| a.as_str() != divisa_fiscal::fpm::ALERTA_INSTALACAO)
        {
            b.push(p(format!("{}: {a}.", m.nome)));
        }
    }
    for n in &f.notas {
        b.push(p(n.clone()));
    }
    b.push(p(f.metodo_centavos));
}

/// A seção do ICMS: o percentual que cada origem passa ao destino (Art. 7º, V), os índices antes
/// e depois, os critérios com as suas fontes; pendente, o motivo.
fn icms(e: &divisa_fiscal::EstudoFiscal, b: &mut Vec<Bloco>) {
    b.push(secao(
        "2. Cota-parte do ICMS: o percentual do Art. 7º, V, da Lei Complementar nº 23/1992",
    ));
    match (&e.icms, &e.icms_pendente) {
        (Some(i), _) => {
            b.push(p(format!(
                "Índices de participação: {}. Método: {}",
                i.fonte_indices, i.descricao_metodo
            )));
            b.push(Bloco::Tabela {
                colunas: vec![
                    "Município de origem".into(),
                    format!("Percentual que passa a {}", i.destino),
                    "Índice antes".into(),
                    "Índice depois".into(),
                ],
                larguras: vec![2.4, 2.0, 1.4, 1.4],
                linhas: i
                    .percentuais
                    .iter()
                    .map(|o| {
                        vec![
                            o.nome.clone(),
                            porcentagem(o.percentual, 4),
                            format!("{}%", decimal_enxuto(o.indice_antes, 6, 6)),
                            format!("{}%", decimal_enxuto(o.indice_depois, 6, 6)),
                        ]
                    })
                    .collect(),
            });
            b.push(p(format!(
                "Índice de {} depois: {}%. A soma dos índices do Estado não muda: {}% antes e {}% depois.",
                i.destino,
                decimal_enxuto(i.indice_destino, 6, 6),
                decimal_enxuto(i.total_antes, 6, 6),
                decimal_enxuto(i.total_depois, 6, 6),
            )));
            let criterios: Vec<Vec<String>> = i
                .percentuais
                .iter()
                .flat_map(|o| {
                    o.criterios.iter().map(move |c| {
                        vec![
                            o.nome.clone(),
                            c.rotulo.to_owned(),
                            format!("{}%", c.peso),
                            format!(
                                "{}{}",
                                porcentagem(c.parte * rust_decimal::Decimal::ONE_HUNDRED, 2),
                                if c.aproximado { " (aprox.)" } else { "" }
                            ),
                            c.fonte.clone(),
                        ]
                    })
                })
                .collect();
            if !criterios.is_empty() {
                b.push(Bloco::Tabela {
                    colunas: vec![
                        "Origem".into(),
                        "Critério".into(),
                        "Peso".into(),
                        "Parte da área".into(),
                        "Fonte".into(),
                    ],
                    larguras: vec![1.6, 1.8, 0.7, 1.1, 3.4],
                    linhas: criterios,
                });
            }
            for n in &i.notas {
                b.push(p(n.clone()));
            }
        }
        // O motivo vem como oração («sem a tabela…») ou como frase («O Órgão Fazendário…»): no
        // documento, é a frase que segue «Pendente.», com a inicial maiúscula.
        (None, motivo) => b.push(p(format!(
            "Pendente. {}",
            divisa_referencia::formato::primeira_maiuscula(motivo.as_deref().unwrap_or_default())
        ))),
    }
}
