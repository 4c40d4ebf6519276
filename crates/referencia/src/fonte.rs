//! De onde vem cada número: órgão, pesquisa e ano, para que um relatório possa dizer
//! "Censo 2022 (IBGE)" e um servidor possa conferir o dado na origem.
//!
//! Todo valor público deste crate é um [`Dado`], que carrega a sua [`Fonte`]. As fontes são
//! constantes: a lista abaixo é a lista completa do que o divisa traz embutido, e
//! `dados/PROVENIENCIA.md` diz de que arquivo e de que repositório veio cada uma.

use std::fmt;

/// A origem de um dado de referência.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fonte {
    /// Nome da pesquisa ou do cadastro, como o órgão o publica ("Censo 2022").
    pub pesquisa: &'static str,
    /// Órgão que produziu o dado ("IBGE", "TSE").
    pub orgao: &'static str,
    /// Ano de referência do dado (não o ano da publicação).
    pub ano: u16,
    /// Ressalva que quem usa o dado precisa ler, se houver.
    pub ressalva: Option<&'static str>,
}

impl fmt::Display for Fonte {
    /// Escreve "Censo 2022 (IBGE)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.pesquisa, self.orgao)
    }
}

/// Um valor com a sua fonte.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dado<T> {
    /// O valor, na unidade documentada no campo que o contém.
    pub valor: T,
    /// De onde ele vem.
    pub fonte: Fonte,
}

impl<T> Dado<T> {
    /// Junta um valor à sua fonte.
    pub const fn new(valor: T, fonte: Fonte) -> Self {
        Dado { valor, fonte }
    }
}

/// Censo Demográfico 2022, "Agregados por municípios – Básico" (população V0001, domicílios
/// V0002 e V0007).
pub const CENSO_2022: Fonte = Fonte {
    pesquisa: "Censo 2022",
    orgao: "IBGE",
    ano: 2022,
    ressalva: None,
};

/// Estimativa da população residente em 1º de julho de 2025 (SIDRA, tabela 6579).
pub const ESTIMATIVA_2025: Fonte = Fonte {
    pesquisa: "Estimativa da população 2025",
    orgao: "IBGE",
    ano: 2025,
    ressalva: None,
};

/// Cadastro eleitoral do início de 2024 (cópia de abril de 2024).
pub const ELEITORADO_2024: Fonte = Fonte {
    pesquisa: "Cadastro eleitoral 2024",
    orgao: "TSE",
    ano: 2024,
    ressalva: Some(
        "retrato do cadastro em abril de 2024, antes do fechamento; não é o número oficial de \
         eleitores aptos na eleição de outubro de 2024",
    ),
};

/// Estatísticas do eleitorado 2018.
pub const ELEITORADO_2018: Fonte = Fonte {
    pesquisa: "Estatísticas do eleitorado 2018",
    orgao: "TSE",
    ano: 2018,
    ressalva: None,
};

/// PIB dos Municípios 2019: valor adicionado bruto (soma dos quatro setores).
pub const PIB_MUNICIPIOS_2019: Fonte = Fonte {
    pesquisa: "PIB dos Municípios 2019",
    orgao: "IBGE",
    ano: 2019,
    ressalva: Some(
        "valor adicionado bruto do IBGE, usado como substituto do valor adicionado fiscal \
         certificado pela Secretaria de Fazenda (Art. 2º, IV)",
    ),
};

/// PIB dos Municípios 2021: produto interno bruto a preços correntes.
pub const PIB_MUNICIPIOS_2021: Fonte = Fonte {
    pesquisa: "PIB dos Municípios 2021",
    orgao: "IBGE",
    ano: 2021,
    ressalva: None,
};

/// Malha Municipal 2022: limites e área oficial (coluna AREA_KM2).
pub const MALHA_MUNICIPAL_2022: Fonte = Fonte {
    pesquisa: "Malha Municipal 2022",
    orgao: "IBGE",
    ano: 2022,
    ressalva: None,
};

/// Base de Localidades 2022: pontos das cidades e vilas (sedes de município e de distrito).
pub const LOCALIDADES_2022: Fonte = Fonte {
    pesquisa: "Base de Localidades 2022",
    orgao: "IBGE",
    ano: 2022,
    ressalva: None,
};

/// Divisão Territorial Brasileira (API de Localidades, julho de 2023 = DTB 2022): nomes de
/// municípios e distritos.
pub const DTB_2023: Fonte = Fonte {
    pesquisa: "Divisão Territorial Brasileira 2023",
    orgao: "IBGE",
    ano: 2023,
    ressalva: None,
};

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn fonte_se_escreve_como_num_relatorio() {
        assert_eq!(CENSO_2022.to_string(), "Censo 2022 (IBGE)");
        assert_eq!(ELEITORADO_2024.to_string(), "Cadastro eleitoral 2024 (TSE)");
    }
}
