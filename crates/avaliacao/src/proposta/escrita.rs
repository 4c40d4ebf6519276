//! A proposta escrita no formato do contrato (CONTRACT §2) a partir do que um formulário
//! recolheu: a criação de município ou a revisão de limites da página «Avaliar», com o
//! plebiscito, se houve. Com a leitura (`proposta::ler`) e a edição (`edicao`), é o único lugar
//! que escreve o TOML da proposta (ARCHITECTURE: só a avaliação lê e escreve o formato do
//! contrato); a web confere cada campo e diz o erro junto dele, e entrega aqui valores já
//! tipados — os municípios como [`CodigoIbge`], as contagens como inteiros.

use divisa_referencia::CodigoIbge;
use serde::Serialize;

use super::ErroProposta;

/// A primeira linha da proposta montada, para quem a abre depois.
const CABECALHO: &str = "# Proposta montada pelo formulário da página \"Avaliar\".\n";

/// O que o formulário pede.
#[derive(Debug, Clone, PartialEq)]
pub enum PropostaDoFormulario {
    /// A criação de município (Arts. 2º e 7º).
    Criacao(CriacaoDoFormulario),
    /// A revisão de limites (Art. 8º).
    Desmembramento(DesmembramentoDoFormulario),
}

/// A criação de município, campo a campo.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CriacaoDoFormulario {
    /// O nome proposto (Art. 7º, I).
    pub nome: String,
    /// A sede (sem ela, a do nome: Art. 7º, I, «que será o da sede»).
    pub sede: Option<String>,
    /// Os municípios de origem.
    pub origens: Vec<CodigoIbge>,
    /// O nome do arquivo da área enviado junto.
    pub area: Option<String>,
    /// Art. 6º: se o nome homenageia pessoa viva (`None`: não declarou).
    pub nome_homenageia_pessoa_viva: Option<bool>,
    /// População da área.
    pub populacao: Option<u64>,
    /// Eleitores da área.
    pub eleitores: Option<u64>,
    /// Casas no centro urbano.
    pub casas_centro_urbano: Option<u64>,
    /// Valor adicionado, em reais.
    pub valor_adicionado: Option<f64>,
    /// Arrecadação, em reais.
    pub arrecadacao: Option<f64>,
    /// A média da arrecadação dos 40 menores municípios, em reais.
    pub media_arrecadacao_40_menores: Option<f64>,
}

/// A revisão de limites, campo a campo.
#[derive(Debug, Clone, PartialEq)]
pub struct DesmembramentoDoFormulario {
    /// O município que cede a área.
    pub cedente: CodigoIbge,
    /// O município que a recebe.
    pub receptor: CodigoIbge,
    /// O nome do arquivo da área enviado junto.
    pub area: Option<String>,
    /// A área, em km².
    pub area_km2: Option<f64>,
    /// A área do cedente, em km².
    pub area_cedente_km2: Option<f64>,
    /// As áreas desmembradas antes, em km² (Art. 8º, § 2º).
    pub areas_anteriores_km2: Vec<f64>,
}

/// O resultado do plebiscito, o que se souber dele.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct PlebiscitoDoFormulario {
    /// Eleitores inscritos.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eleitores_inscritos: Option<u64>,
    /// Votos «sim».
    #[serde(skip_serializing_if = "Option::is_none")]
    pub votos_sim: Option<u64>,
    /// Votos «não».
    #[serde(skip_serializing_if = "Option::is_none")]
    pub votos_nao: Option<u64>,
}

impl PlebiscitoDoFormulario {
    fn vazio(&self) -> bool {
        *self == PlebiscitoDoFormulario::default()
    }
}

// As seções como o contrato as escreve; a ordem dos campos é a da leitura.

#[derive(Serialize)]
struct Saida<'a> {
    tipo: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    novo: Option<Novo<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    referencia: Option<Referencia>,
    #[serde(skip_serializing_if = "Option::is_none")]
    desmembramento: Option<Desmembramento<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    plebiscito: Option<&'a PlebiscitoDoFormulario>,
}

#[derive(Serialize)]
struct Novo<'a> {
    nome: &'a str,
    sede: &'a str,
    origens: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    area: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nome_homenageia_pessoa_viva: Option<bool>,
    dados: Dados,
}

#[derive(Serialize)]
struct Dados {
    #[serde(skip_serializing_if = "Option::is_none")]
    populacao: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eleitores: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    casas_centro_urbano: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    valor_adicionado: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    arrecadacao: Option<f64>,
}

#[derive(Serialize)]
struct Referencia {
    media_arrecadacao_40_menores: f64,
}

#[derive(Serialize)]
struct Desmembramento<'a> {
    cedente: u32,
    receptor: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    area: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    area_km2: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    area_cedente_km2: Option<f64>,
    #[serde(skip_serializing_if = "<[f64]>::is_empty")]
    areas_anteriores_km2: &'a [f64],
}

/// A proposta em TOML, pronta para `proposta::ler` (e para ser juntada aos autos). `Err` só
/// num defeito do divisa (um valor que o TOML não escreve).
pub fn escrever(
    proposta: &PropostaDoFormulario,
    plebiscito: &PlebiscitoDoFormulario,
) -> Result<String, ErroProposta> {
    let plebiscito = (!plebiscito.vazio()).then_some(plebiscito);
    let saida = match proposta {
        PropostaDoFormulario::Criacao(c) => Saida {
            tipo: "criacao",
            novo: Some(Novo {
                nome: &c.nome,
                sede: c.sede.as_deref().unwrap_or(&c.nome),
                origens: c.origens.iter().map(|o| o.numero()).collect(),
                area: c.area.as_deref(),
                nome_homenageia_pessoa_viva: c.nome_homenageia_pessoa_viva,
                dados: Dados {
                    populacao: c.populacao,
                    eleitores: c.eleitores,
                    casas_centro_urbano: c.casas_centro_urbano,
                    valor_adicionado: c.valor_adicionado,
                    arrecadacao: c.arrecadacao,
                },
            }),
            referencia: c.media_arrecadacao_40_menores.map(|m| Referencia {
                media_arrecadacao_40_menores: m,
            }),
            desmembramento: None,
            plebiscito,
        },
        PropostaDoFormulario::Desmembramento(d) => Saida {
            tipo: "desmembramento",
            novo: None,
            referencia: None,
            desmembramento: Some(Desmembramento {
                cedente: d.cedente.numero(),
                receptor: d.receptor.numero(),
                area: d.area.as_deref(),
                area_km2: d.area_km2,
                area_cedente_km2: d.area_cedente_km2,
                areas_anteriores_km2: &d.areas_anteriores_km2,
            }),
            plebiscito,
        },
    };
    let corpo = toml::to_string(&saida).map_err(|e| ErroProposta {
        arquivo: "proposta do formulário".into(),
        linha: None,
        campo: None,
        mensagem: format!("não foi possível escrevê-la: {e}"),
    })?;
    Ok(format!("{CABECALHO}{corpo}"))
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::proposta::{ler, Arquivos};

    fn codigo(nome: &str) -> CodigoIbge {
        divisa_referencia::mt()
            .unwrap()
            .por_nome(nome)
            .unwrap()
            .codigo()
    }

    /// A criação escrita volta pela leitura com os mesmos números (Art. 2º, I a V), o nome,
    /// a sede e as origens; o que não se informou não vira zero.
    #[test]
    fn a_criacao_escrita_e_lida_de_volta() {
        let c = CriacaoDoFormulario {
            nome: "Vale \"Verde\" do Norte".into(),
            origens: vec![codigo("Sorriso"), codigo("Sinop")],
            nome_homenageia_pessoa_viva: Some(false),
            populacao: Some(4_000),
            eleitores: Some(1_300),
            valor_adicionado: Some(1_234_567.5),
            media_arrecadacao_40_menores: Some(3_000.0),
            ..Default::default()
        };
        let plebiscito = PlebiscitoDoFormulario {
            eleitores_inscritos: Some(1_300),
            votos_sim: Some(700),
            votos_nao: Some(400),
        };
        let texto = escrever(&PropostaDoFormulario::Criacao(c), &plebiscito).unwrap();
        assert!(texto.starts_with(CABECALHO), "{texto}");
        let p = ler("montada.toml", &texto, Arquivos::Nenhum, None).unwrap();
        let novo = p.fatos.novo.as_ref().unwrap();
        assert_eq!(novo.nome.as_deref(), Some("Vale \"Verde\" do Norte"));
        assert_eq!(novo.sede.as_deref(), Some("Vale \"Verde\" do Norte"));
        assert_eq!(
            novo.origens,
            [codigo("Sorriso").numero(), codigo("Sinop").numero()]
        );
        assert_eq!(novo.dados.populacao, Some(4_000));
        assert_eq!(novo.dados.eleitores, Some(1_300));
        assert_eq!(novo.dados.casas_centro_urbano, None);
        assert_eq!(novo.dados.valor_adicionado, Some(1_234_567.5));
        let pl = p.fatos.plebiscito.as_ref().unwrap();
        assert_eq!(
            (pl.eleitores_inscritos, pl.votos_sim, pl.votos_nao),
            (1_300, 700, 400)
        );
    }

    /// A revisão de limites (Art. 8º) escrita volta pela leitura, com as áreas anteriores do
    /// § 2º; sem plebiscito, não há seção de plebiscito.
    #[test]
    fn a_revisao_de_limites_escrita_e_lida_de_volta() {
        let d = DesmembramentoDoFormulario {
            cedente: codigo("Ribeirãozinho"),
            receptor: codigo("Ponte Branca"),
            area: None,
            area_km2: Some(12.5),
            area_cedente_km2: Some(600.0),
            areas_anteriores_km2: vec![3.2, 1.5],
        };
        let texto = escrever(
            &PropostaDoFormulario::Desmembramento(d),
            &PlebiscitoDoFormulario::default(),
        )
        .unwrap();
        assert!(!texto.contains("plebiscito"), "{texto}");
        assert!(
            texto.contains("areas_anteriores_km2 = [3.2, 1.5]"),
            "{texto}"
        );
        let p = ler("montada.toml", &texto, Arquivos::Nenhum, None).unwrap();
        let dm = p.fatos.desmembramento.as_ref().unwrap();
        assert_eq!(dm.cedente, codigo("Ribeirãozinho").numero());
        assert_eq!(dm.receptor, codigo("Ponte Branca").numero());
        assert_eq!(dm.areas_anteriores_km2, [3.2, 1.5]);
    }
}
