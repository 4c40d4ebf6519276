//! A varredura estadual (CONTRACT §1, `divisa varredura`): cada município de Mato Grosso diante
//! do Art. 2º, I a V, com os dados embutidos, para o Art. 10, I.
//!
//! População: a estimativa do IBGE de 2025 (o inciso I fala em "população estimada");
//! eleitores: o cadastro de 2024; valor adicionado: 2019 (substituto do VA fiscal). Casas do
//! centro urbano e arrecadação não estão nos dados embutidos: ficam pendentes.

use jiff::civil::Date;

use crate::achado::{Achado, Situacao};
use crate::art02_requisitos::{incisos_i_a_v, Numeros};
use crate::avaliar::ErroAvaliacao;
use crate::fatos::{Fatos, Referencia, Tipo};
use crate::regra::Contexto;
use crate::texto::lei;

/// Um município na varredura.
#[derive(Debug, Clone)]
pub struct MunicipioVarrido {
    /// Código IBGE.
    pub codigo_ibge: u32,
    /// Nome oficial.
    pub nome: String,
    /// Se algum requisito do Art. 2º, I a V, não é cumprido (leitura do Art. 10, I: perder
    /// qualquer um dos requisitos cumulativos).
    pub passivel_extincao: bool,
    /// Se não cumpre nenhum dos requisitos apuráveis (a leitura alternativa, mais estrita).
    pub perde_todos_os_apuraveis: bool,
    /// Os achados do Art. 2º, I a V.
    pub achados: Vec<Achado>,
}

/// Avalia todos os municípios de Mato Grosso.
pub fn varredura(
    data: Date,
    referencia: Referencia,
) -> Result<Vec<MunicipioVarrido>, ErroAvaliacao> {
    let lei = lei()?;
    let mut fatos = Fatos::vazios(Tipo::Extincao);
    fatos.referencia = referencia;
    let ctx = Contexto {
        lei,
        data,
        fatos: &fatos,
    };
    let Ok(mt) = divisa_referencia::mt() else {
        return Ok(Vec::new());
    };
    Ok(mt
        .municipios()
        .iter()
        .map(|municipio| {
            let achados = incisos_i_a_v(&ctx, &Numeros::de_municipio(municipio), None);
            let apurados: Vec<&Achado> = achados
                .iter()
                .filter(|a| matches!(a.situacao, Situacao::Atende | Situacao::NaoAtende))
                .collect();
            MunicipioVarrido {
                codigo_ibge: municipio.codigo_ibge,
                nome: municipio.nome.clone(),
                passivel_extincao: achados.iter().any(|a| a.situacao == Situacao::NaoAtende),
                perde_todos_os_apuraveis: !apurados.is_empty()
                    && apurados.iter().all(|a| a.situacao == Situacao::NaoAtende),
                achados,
            }
        })
        .collect())
}
