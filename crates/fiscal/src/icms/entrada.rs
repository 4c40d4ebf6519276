//! A entrada do cálculo do ICMS do Art. 7º, V: quem recebe, cada município de origem com a
//! parte de cada critério que a área leva (com a fonte de cada número) e o método (os pesos da
//! lei do ano do repasse ou a média de pares). O cálculo está em `calculo`.

use rust_decimal::Decimal;

use crate::icms::pesos::CriterioIcms;

/// A parte de uma grandeza que a área nova leva de um município de origem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parte {
    /// O valor na área nova (habitantes, km², reais — a unidade do critério).
    pub da_area: Decimal,
    /// O valor no município de origem inteiro, na mesma unidade.
    pub do_municipio: Decimal,
    /// De onde vêm os dois números.
    pub fonte: String,
}

/// Um município de origem e o que a área nova leva dele.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrigemIcms {
    /// Código IBGE da origem.
    pub codigo_ibge: u32,
    /// População: obrigatória (é a aproximação dos critérios sem dado).
    pub populacao: Parte,
    /// Valor adicionado fiscal (da proposta, certificado pela SEFAZ-MT), se houver.
    pub valor_adicionado: Option<Parte>,
    /// Área territorial, km² (aproxima o critério de unidades de conservação e terras
    /// indígenas), se houver.
    pub area_territorial: Option<Parte>,
    /// Outros critérios com dado próprio da área (um indicador informado pela SEFAZ-MT).
    pub outros: Vec<(CriterioIcms, Parte)>,
}

/// Quem recebe o índice cedido.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DestinoIcms {
    /// O município que a proposta cria.
    Novo {
        /// O nome proposto.
        nome: String,
    },
    /// Um município que já existe (desmembramento, incorporação).
    Existente {
        /// O código IBGE.
        codigo_ibge: u32,
    },
}

/// Como se chega ao percentual.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetodoIcms {
    /// Pesos da lei do ano de repasse (o padrão).
    PesosDaLei {
        /// O ano do repasse (escolhe os pesos; ver [`pesos_icms`]).
        ano_de_repasse: i16,
    },
    /// Média dos índices de municípios comparáveis (LC nº 808/2024).
    MediaDePares {
        /// Códigos IBGE dos municípios de comparação.
        pares: Vec<u32>,
    },
}

/// O que o cálculo do ICMS precisa, além da tabela de índices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntradaIcms {
    /// Quem recebe.
    pub destino: DestinoIcms,
    /// As origens, na ordem da proposta (na média de pares, a última absorve o arredondamento).
    pub origens: Vec<OrigemIcms>,
    /// O método.
    pub metodo: MetodoIcms,
}
