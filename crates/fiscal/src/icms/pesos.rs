//! Os pesos de cada critério na cota-parte do ICMS dos municípios de Mato Grosso, por ano de
//! repasse.
//!
//! CF, art. 158, IV e § 1º (EC nº 108/2020): 25% do ICMS vão aos municípios; ao menos 65% dessa
//! parte pelo valor adicionado (média de dois anos), até 35% pela lei estadual, com ao menos 10
//! pontos por indicadores de educação. Em Mato Grosso: LC nº 746/2022 (revogou a LC nº
//! 157/2004), alterada pelas LC nº 770/2023 e nº 811/2024; Decreto nº 1.514/2022 e Decreto nº
//! 1.712/2025. Os pesos abaixo (em % da cota-parte) são os dos textos da SEFAZ-MT; a linha de
//! 2026 vem do decreto de 2025 e de resumos dele na imprensa, e é rotulada assim.

use serde::Serialize;

/// Um critério de rateio da cota-parte do ICMS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CriterioIcms {
    /// Valor adicionado fiscal (CF, art. 158, § 1º, I: ao menos 65%).
    ValorAdicionado,
    /// Receita tributária própria.
    ReceitaPropria,
    /// População.
    Populacao,
    /// Coeficiente social.
    CoeficienteSocial,
    /// Unidades de conservação e terras indígenas.
    UnidadesConservacaoTerrasIndigenas,
    /// Indicadores de educação (CF, art. 158, § 1º, II: ao menos 10 pontos).
    Educacao,
    /// Saúde.
    Saude,
    /// Agricultura familiar.
    AgriculturaFamiliar,
    /// Infraestrutura.
    Infraestrutura,
    /// Esforço de arrecadação.
    EsforcoArrecadacao,
}

impl CriterioIcms {
    /// O nome do critério, como o estudo o escreve.
    pub fn rotulo(self) -> &'static str {
        match self {
            CriterioIcms::ValorAdicionado => "valor adicionado",
            CriterioIcms::ReceitaPropria => "receita própria",
            CriterioIcms::Populacao => "população",
            CriterioIcms::CoeficienteSocial => "coeficiente social",
            CriterioIcms::UnidadesConservacaoTerrasIndigenas => {
                "unidades de conservação e terras indígenas"
            }
            CriterioIcms::Educacao => "educação",
            CriterioIcms::Saude => "saúde",
            CriterioIcms::AgriculturaFamiliar => "agricultura familiar",
            CriterioIcms::Infraestrutura => "infraestrutura",
            CriterioIcms::EsforcoArrecadacao => "esforço de arrecadação",
        }
    }
}

/// Os pesos de um ano de repasse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PesosIcms {
    /// O ano de repasse.
    pub ano: i16,
    /// Cada critério com o seu peso, em % da cota-parte (somam 100).
    pub pesos: &'static [(CriterioIcms, u32)],
    /// De onde vêm os pesos.
    pub fonte: &'static str,
    /// Se a fonte é secundária (resumo de imprensa) e os pesos devem ser lidos como estimativa.
    pub estimativa: bool,
}

use CriterioIcms as C;

/// Os pesos por ano de repasse, do mais antigo para o mais recente (README fiscal §2).
pub const PESOS_ICMS: [PesosIcms; 3] = [
    PesosIcms {
        ano: 2024,
        pesos: &[
            (C::ValorAdicionado, 65),
            (C::ReceitaPropria, 2),
            (C::Populacao, 4),
            (C::CoeficienteSocial, 11),
            (C::UnidadesConservacaoTerrasIndigenas, 4),
            (C::Educacao, 10),
            (C::Saude, 4),
        ],
        fonte: "textos da SEFAZ-MT sobre a LC nº 746/2022, as suas alterações (LC nº 770/2023 \
                e nº 811/2024) e o Decreto nº 1.514/2022",
        estimativa: false,
    },
    PesosIcms {
        ano: 2025,
        pesos: &[
            (C::ValorAdicionado, 65),
            (C::ReceitaPropria, 1),
            (C::Populacao, 2),
            (C::CoeficienteSocial, 13),
            (C::UnidadesConservacaoTerrasIndigenas, 3),
            (C::Educacao, 10),
            (C::Saude, 4),
            (C::AgriculturaFamiliar, 2),
        ],
        fonte: "textos da SEFAZ-MT sobre a LC nº 746/2022, as suas alterações (LC nº 770/2023 \
                e nº 811/2024) e o Decreto nº 1.514/2022",
        estimativa: false,
    },
    PesosIcms {
        ano: 2026,
        pesos: &[
            (C::ValorAdicionado, 65),
            (C::CoeficienteSocial, 11),
            (C::UnidadesConservacaoTerrasIndigenas, 3),
            (C::Educacao, 10),
            (C::Saude, 5),
            (C::AgriculturaFamiliar, 2),
            (C::Infraestrutura, 2),
            (C::EsforcoArrecadacao, 2),
        ],
        fonte: "Decreto nº 1.712/2025 e resumos dele na imprensa — fonte secundária, a conferir \
                no texto publicado",
        estimativa: true,
    },
];

/// Os pesos escolhidos para um ano, com o rótulo que diz de onde vêm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PesosEscolhidos {
    /// A linha da tabela usada.
    pub tabela: &'static PesosIcms,
    /// O ano pedido (o de repasse do estudo).
    pub ano_pedido: i16,
    /// "pesos de 2026 (…)", com a ressalva quando o ano pedido não tem linha própria.
    pub rotulo: String,
}

/// Os pesos do ano de repasse `ano`: a linha do ano; para anos depois da última linha, a última
/// (os pesos mais recentes conhecidos), e para anos antes da primeira, a primeira — as duas
/// escolhas rotuladas.
pub fn pesos_icms(ano: i16) -> PesosEscolhidos {
    let primeira = &PESOS_ICMS[0];
    let ultima = &PESOS_ICMS[PESOS_ICMS.len() - 1];
    let (tabela, ressalva) = if let Some(linha) = PESOS_ICMS.iter().find(|p| p.ano == ano) {
        (linha, String::new())
    } else if ano > ultima.ano {
        (
            ultima,
            format!(
                "; não há pesos publicados para {ano}: usados os mais recentes conhecidos, de {}",
                ultima.ano
            ),
        )
    } else {
        (
            primeira,
            format!(
                "; o divisa não traz os pesos de {ano}: usados os mais antigos que traz, de {}",
                primeira.ano
            ),
        )
    };
    PesosEscolhidos {
        tabela,
        ano_pedido: ano,
        rotulo: format!("pesos de {} ({}){ressalva}", tabela.ano, tabela.fonte),
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn pesos_de_cada_ano_somam_100_e_o_valor_adicionado_tem_65() {
        // CF, art. 158, § 1º, I: ao menos 65% pelo valor adicionado; II: ao menos 10 pontos
        // pela educação.
        for linha in &PESOS_ICMS {
            assert_eq!(
                linha.pesos.iter().map(|p| p.1).sum::<u32>(),
                100,
                "{}",
                linha.ano
            );
            assert!(
                linha.pesos.contains(&(C::ValorAdicionado, 65)),
                "{}",
                linha.ano
            );
            assert!(linha.pesos.contains(&(C::Educacao, 10)), "{}", linha.ano);
        }
    }

    #[test]
    fn pesos_de_2026_sao_rotulados_como_do_decreto_de_2025_e_da_imprensa() {
        let escolha = pesos_icms(2026);
        assert_eq!(escolha.tabela.ano, 2026);
        assert!(escolha.tabela.estimativa);
        assert!(escolha
            .rotulo
            .starts_with("pesos de 2026 (Decreto nº 1.712/2025 e resumos"));
    }

    #[test]
    fn ano_depois_da_ultima_linha_usa_a_mais_recente_e_diz() {
        let escolha = pesos_icms(2028);
        assert_eq!(escolha.tabela.ano, 2026);
        assert!(
            escolha.rotulo.contains("não há pesos publicados para 2028"),
            "{}",
            escolha.rotulo
        );
    }

    #[test]
    fn ano_antes_da_primeira_linha_usa_a_mais_antiga_e_diz() {
        let escolha = pesos_icms(2020);
        assert_eq!(escolha.tabela.ano, 2024);
        assert!(
            escolha.rotulo.contains("não traz os pesos de 2020"),
            "{}",
            escolha.rotulo
        );
    }

    #[test]
    fn ano_com_linha_propria_nao_leva_ressalva() {
        let escolha = pesos_icms(2025);
        assert_eq!(escolha.tabela.ano, 2025);
        assert!(!escolha.rotulo.contains("usados"));
    }
}
