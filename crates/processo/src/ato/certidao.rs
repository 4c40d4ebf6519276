//! Os números que as certidões certificam (Art. 2º, § 2º), declarados uma vez: o campo, o
//! inciso, o nome, a unidade e o órgão de cada um.

use serde::{Deserialize, Serialize};

use crate::papel::Orgao;

/// Os números que uma certidão certifica, como dados (Art. 2º, § 2º): só os do órgão que a
/// emite — população, casas e área pela Cartografia, eleitores pelo TRE, valor adicionado pela
/// Fazenda, arrecadação pela Comissão após a visita.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumerosCertificados {
    /// I — população estimada do território, habitantes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub populacao: Option<u64>,
    /// II — eleitores inscritos no território.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eleitores: Option<u64>,
    /// III — casas do centro urbano.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casas_centro_urbano: Option<u64>,
    /// IV — valor adicionado do último exercício, reais.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valor_adicionado: Option<f64>,
    /// V — arrecadação do último exercício, reais.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrecadacao: Option<f64>,
    /// VI — área do território, km².
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area_km2: Option<f64>,
}

impl NumerosCertificados {
    /// Cada número presente, com o nome para pessoas e o órgão que o apura (Art. 2º, § 2º).
    pub fn presentes(&self) -> Vec<(&'static str, Orgao)> {
        NUMEROS_DO_ART2
            .iter()
            .filter(|n| self.tem(n.campo))
            .map(|n| (n.nome, n.orgao))
            .collect()
    }

    /// Se o número do campo (`populacao`, `area_km2`, …) está presente.
    pub fn tem(&self, campo: &str) -> bool {
        match campo {
            "populacao" => self.populacao.is_some(),
            "eleitores" => self.eleitores.is_some(),
            "casas_centro_urbano" => self.casas_centro_urbano.is_some(),
            "valor_adicionado" => self.valor_adicionado.is_some(),
            "arrecadacao" => self.arrecadacao.is_some(),
            "area_km2" => self.area_km2.is_some(),
            _ => false,
        }
    }

    /// Os números em palavras, no formato brasileiro ("população 5.200 habitantes; eleitores
    /// 1.300").
    pub fn descricao(&self) -> String {
        use divisa_referencia::formato::{inteiro, km2, reais};
        let mut v = Vec::new();
        let i = |n: u64| inteiro(i64::try_from(n).unwrap_or(i64::MAX));
        if let Some(n) = self.populacao {
            v.push(format!("população de {} habitantes", i(n)));
        }
        if let Some(n) = self.eleitores {
            v.push(format!("{} eleitores", i(n)));
        }
        if let Some(n) = self.casas_centro_urbano {
            v.push(format!("{} casas no centro urbano", i(n)));
        }
        if let Some(n) = self.valor_adicionado {
            v.push(format!("valor adicionado de {}", reais(n)));
        }
        if let Some(n) = self.arrecadacao {
            v.push(format!("arrecadação de {}", reais(n)));
        }
        if let Some(n) = self.area_km2 {
            v.push(format!("área de {}", km2(n)));
        }
        v.join("; ")
    }
}

/// Um número do Art. 2º, § 2º: o campo (em [`NumerosCertificados`], nos formulários e na API),
/// o inciso, o nome para pessoas, o rótulo do formulário, a unidade, se é inteiro e o órgão que
/// o certifica.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NumeroDoArt2 {
    /// O campo.
    pub campo: &'static str,
    /// O inciso do Art. 2º.
    pub inciso: &'static str,
    /// O nome, em minúsculas ("população").
    pub nome: &'static str,
    /// O rótulo do formulário, com a unidade, o órgão e o inciso.
    pub rotulo: &'static str,
    /// A unidade ("habitantes", "R$", "km²").
    pub unidade: &'static str,
    /// Se é um número inteiro.
    pub inteiro: bool,
    /// O órgão que o certifica (§ 2º).
    pub orgao: Orgao,
}

/// Os seis números do Art. 2º, na ordem dos incisos. Os formulários, o esquema da API, as
/// recusas da certidão de outro órgão e os incisos de cada órgão derivam daqui.
pub const NUMEROS_DO_ART2: [NumeroDoArt2; 6] = [
    NumeroDoArt2 {
        campo: "populacao",
        inciso: "I",
        nome: "população",
        rotulo: "População, habitantes (Cartografia, inciso I)",
        unidade: "habitantes",
        inteiro: true,
        orgao: Orgao::Cartografia,
    },
    NumeroDoArt2 {
        campo: "eleitores",
        inciso: "II",
        nome: "eleitores",
        rotulo: "Eleitores (TRE, inciso II)",
        unidade: "eleitores",
        inteiro: true,
        orgao: Orgao::Tre,
    },
    NumeroDoArt2 {
        campo: "casas_centro_urbano",
        inciso: "III",
        nome: "casas do centro urbano",
        rotulo: "Casas do centro urbano (Cartografia, inciso III)",
        unidade: "casas",
        inteiro: true,
        orgao: Orgao::Cartografia,
    },
    NumeroDoArt2 {
        campo: "valor_adicionado",
        inciso: "IV",
        nome: "valor adicionado",
        rotulo: "Valor adicionado do último exercício, R$ (Fazenda, inciso IV)",
        unidade: "R$",
        inteiro: false,
        orgao: Orgao::Fazenda,
    },
    NumeroDoArt2 {
        campo: "arrecadacao",
        inciso: "V",
        nome: "arrecadação",
        rotulo: "Arrecadação do último exercício, R$ (Comissão, inciso V)",
        unidade: "R$",
        inteiro: false,
        orgao: Orgao::Comissao,
    },
    NumeroDoArt2 {
        campo: "area_km2",
        inciso: "VI",
        nome: "área",
        rotulo: "Área, km² (Cartografia, inciso VI)",
        unidade: "km²",
        inteiro: false,
        orgao: Orgao::Cartografia,
    },
];

/// Os números que o órgão certifica, por extenso ("população, casas do centro urbano e área").
pub fn numeros_do_orgao(orgao: Orgao) -> String {
    por_extenso(
        NUMEROS_DO_ART2
            .iter()
            .filter(|n| n.orgao == orgao)
            .map(|n| n.nome),
    )
}

/// Os incisos do Art. 2º que o órgão apura ("I, III e VI").
pub fn incisos_do_orgao(orgao: Orgao) -> String {
    por_extenso(
        NUMEROS_DO_ART2
            .iter()
            .filter(|n| n.orgao == orgao)
            .map(|n| n.inciso),
    )
}

fn por_extenso<'a>(partes: impl Iterator<Item = &'a str>) -> String {
    let partes: Vec<&str> = partes.collect();
    match partes.as_slice() {
        [] => String::new(),
        [um] => (*um).to_owned(),
        [inicio @ .., ultimo] => format!("{} e {ultimo}", inicio.join(", ")),
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    /// Art. 2º, § 2º: cada campo de `NumerosCertificados` está na tabela, na ordem dos incisos,
    /// e cada órgão diz os seus incisos como o parágrafo os reparte.
    #[test]
    fn art2_par2_a_tabela_cobre_a_certidao() {
        let todos = NumerosCertificados {
            populacao: Some(1),
            eleitores: Some(1),
            casas_centro_urbano: Some(1),
            valor_adicionado: Some(1.0),
            arrecadacao: Some(1.0),
            area_km2: Some(1.0),
        };
        let json = serde_json::to_value(todos).unwrap();
        let mut campos: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        campos.sort_unstable();
        let mut da_tabela: Vec<&str> = NUMEROS_DO_ART2.iter().map(|n| n.campo).collect();
        da_tabela.sort_unstable();
        assert_eq!(campos, da_tabela);
        assert_eq!(todos.presentes().len(), 6);
        assert_eq!(incisos_do_orgao(Orgao::Cartografia), "I, III e VI");
        assert_eq!(incisos_do_orgao(Orgao::Tre), "II");
        assert_eq!(
            numeros_do_orgao(Orgao::Cartografia),
            "população, casas do centro urbano e área"
        );
    }
}
