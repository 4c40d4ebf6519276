//! A entrada da simulação do FPM: a lista "antes" (a base populacional, com os coeficientes do
//! TCU quando dados), o fundo, o que a proposta faz com cada município que já existe e o
//! município novo. A simulação em si está em `simulacao`.

use std::collections::BTreeMap;

use crate::erro::{ErroFiscal, ErroLeitura};
use crate::fpm::fundo::Fundo;
use crate::fpm::populacao::{municipios_do_interior, BasePopulacional, MunicipioFpm};
use crate::fpm::tabela_tcu::TabelaCoeficientes;

/// O que a proposta faz com um município que já existe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mudanca {
    /// A população depois da proposta, habitantes (o remanescente de uma origem, por exemplo).
    PopulacaoDepois(u32),
    /// O município é extinto (fusão, incorporação, extinção): sai do rateio.
    Extinto,
    /// O município recebe esta população, habitantes (incorporação, desmembramento, extinção).
    Recebe(u32),
}

/// Uma alteração da proposta num município da lista.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alteracao {
    /// Código IBGE do município.
    pub codigo_ibge: u32,
    /// O que muda.
    pub mudanca: Mudanca,
    /// Se o número é estimado (e não certificado pelo órgão competente).
    pub estimativa: bool,
    /// De onde vem o número ("certidão do IBGE nº …", "estimativa pelos setores censitários").
    pub fonte: String,
}

/// O município que a proposta cria.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NovoMunicipio {
    /// Nome proposto.
    pub nome: String,
    /// População, habitantes.
    pub populacao: u32,
    /// Se o número é estimado.
    pub estimativa: bool,
    /// De onde vem o número.
    pub fonte: String,
}

/// Tudo o que a simulação do FPM precisa.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntradaFpm {
    /// O rótulo da base populacional da lista ("IBGE, estimativa 2025").
    pub populacao: String,
    /// Os municípios do interior antes da proposta.
    pub municipios: Vec<MunicipioFpm>,
    /// A fonte da tabela do TCU cujos coeficientes estão em `municipios`, se houver.
    pub fonte_coeficientes_tcu: Option<String>,
    /// As alterações da proposta (no máximo uma por município).
    pub alteracoes: Vec<Alteracao>,
    /// O município novo, se a proposta cria um.
    pub novo: Option<NovoMunicipio>,
    /// O fundo a repartir.
    pub fundo: Fundo,
}

impl EntradaFpm {
    /// A entrada com os municípios do interior da `base` (dados embutidos), sem alterações.
    pub fn da_base(base: BasePopulacional, fundo: Fundo) -> Result<EntradaFpm, ErroFiscal> {
        Ok(EntradaFpm {
            populacao: base.rotulo().to_owned(),
            municipios: municipios_do_interior(base)?,
            fonte_coeficientes_tcu: None,
            alteracoes: Vec::new(),
            novo: None,
            fundo,
        })
    }

    /// Põe os coeficientes do TCU na lista. A tabela tem de cobrir exatamente os municípios da
    /// lista: o erro diz quais faltam e quais sobram (estes, sem população na base).
    pub fn aplicar_coeficientes_tcu(
        &mut self,
        tabela: &TabelaCoeficientes,
    ) -> Result<(), ErroFiscal> {
        let na_lista: BTreeMap<u32, &str> = self
            .municipios
            .iter()
            .map(|m| (m.codigo_ibge, m.nome.as_str()))
            .collect();
        let faltam: Vec<String> = na_lista
            .iter()
            .filter(|(codigo, _)| !tabela.coeficientes.contains_key(codigo))
            .map(|(codigo, nome)| format!("{nome} ({codigo})"))
            .collect();
        let mt = divisa_referencia::mt()?;
        let sobram: Vec<String> = tabela
            .coeficientes
            .keys()
            .filter(|codigo| !na_lista.contains_key(codigo))
            .map(|&codigo| {
                let nome = mt.por_codigo(codigo).map_or("?", |m| m.nome.as_str());
                format!("{nome} ({codigo})")
            })
            .collect();
        if !faltam.is_empty() || !sobram.is_empty() {
            return Err(ErroLeitura::CoeficientesNaoCorrespondem {
                arquivo: tabela.arquivo.clone(),
                base: self.populacao.clone(),
                faltam,
                sobram,
            }
            .into());
        }
        for municipio in &mut self.municipios {
            municipio.coeficiente_tcu = tabela.coeficientes.get(&municipio.codigo_ibge).copied();
        }
        self.fonte_coeficientes_tcu = Some(tabela.fonte.clone());
        Ok(())
    }
}
