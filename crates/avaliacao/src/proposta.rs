//! O arquivo da proposta (CONTRACT §2): TOML lido, validado e convertido em [`Fatos`].
//!
//! Toda falha vira um [`ErroProposta`] que diz o arquivo, a linha, o campo e o que se esperava,
//! em português. Campos desconhecidos são erro (um erro de digitação não pode sumir em silêncio),
//! e seções que não se aplicam ao tipo também.

use std::path::{Path, PathBuf};

use divisa_lei::art13_representacao::DOCUMENTOS;
use divisa_lei::fatos::{
    AlteracaoNome, Area, Assinatura, DadosMunicipais, Desmembramento, Extincao, Incorporacao,
    MotivoExtincao, NovoDistrito, NovoMunicipio, Plebiscito, Referencia, Remanescente,
    Representacao,
};
use divisa_lei::{Fatos, Tipo};
use jiff::civil::Date;
use serde::Deserialize;

use crate::mensagens::{caminho_de, linha_de, linha_do_campo, traduzir, traduzir_sintaxe};

pub mod edicao;
pub mod escrita;
mod validador;
use validador::Validador;

/// A população do Brasil no Censo 2022 (IBGE): nenhuma contagem de um território de MT passa
/// dela.
const POPULACAO_DO_BRASIL: u64 = 203_080_756;

/// Um teto para valores em reais: o PIB do Brasil de 2021 (IBGE, R$ 9,0 trilhões), com folga.
const PIB_DO_BRASIL: f64 = 1.0e13;

/// Uma proposta lida e validada.
#[derive(Debug, Clone, PartialEq)]
pub struct Proposta {
    /// Os fatos, prontos para a lei.
    pub fatos: Fatos,
    /// `data_referencia`, se houver.
    pub data_referencia: Option<Date>,
    /// O território lido do arquivo `area` (novo município ou parte desmembrada), para o mapa.
    pub territorio: Option<divisa_territorio::leitura::Territorio>,
}

/// Por que o arquivo da proposta não pôde ser lido.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{arquivo}{}{}: {mensagem}", linha.map_or(String::new(), |l| format!(", linha {l}")), campo.as_ref().map_or(String::new(), |c| format!(", campo {c}")))]
pub struct ErroProposta {
    /// O arquivo, como o usuário o nomeou.
    pub arquivo: String,
    /// A linha (1 = primeira), quando se sabe.
    pub linha: Option<usize>,
    /// O campo, com o caminho (`novo.dados.populacao`).
    pub campo: Option<String>,
    /// O que estava errado e o que se esperava.
    pub mensagem: String,
}

/// Lê qualquer TOML do divisa (a proposta, a configuração do servidor) com os erros em
/// português: a linha, o campo e o que se esperava.
pub fn ler_toml<T: serde::de::DeserializeOwned>(
    arquivo: &str,
    texto: &str,
) -> Result<T, ErroProposta> {
    let erro = |linha: Option<usize>, campo: Option<String>, mensagem: String| ErroProposta {
        arquivo: arquivo.to_owned(),
        linha,
        campo,
        mensagem,
    };
    let deserializador = toml::de::Deserializer::parse(texto).map_err(|e| {
        erro(
            e.span().map(|s| linha_de(texto, s.start)),
            None,
            format!("TOML inválido: {}", traduzir_sintaxe(e.message())),
        )
    })?;
    serde_path_to_error::deserialize(deserializador).map_err(|e| {
        let caminho = caminho_de(e.path());
        let linha = e
            .inner()
            .span()
            .map(|s| linha_de(texto, s.start))
            .or_else(|| linha_do_campo(texto, &caminho));
        let campo = Some(caminho.join(".")).filter(|c| !c.is_empty() && c != "?");
        erro(linha, campo, traduzir(e.inner().message()))
    })
}

/// De onde vêm os arquivos que a proposta cita (`area = "vale.geojson"`).
#[derive(Debug, Clone, Copy)]
pub enum Arquivos<'a> {
    /// Do disco, procurados a partir deste diretório (a linha de comando: o arquivo de quem
    /// roda o divisa).
    Diretorio(&'a Path),
    /// Os arquivos enviados junto com a proposta (a aplicação web), por nome: `area` só pode ser
    /// o nome de um deles — sem caminho, sem `..`, sem subpastas — e nada é lido do disco. Sem
    /// isso, uma proposta com `area = "/etc/passwd"` faria o servidor ler os próprios arquivos.
    /// O que falta é entrada inválida: «não foi enviado junto com a proposta».
    Enviados(&'a std::collections::BTreeMap<String, Vec<u8>>),
    /// Os arquivos juntados aos autos, por nome, com a mesma regra dos enviados; o que ainda não
    /// foi juntado deixa o território sem medidas, com o motivo (os achados que dependem dele
    /// ficam pendentes), e não recusa a avaliação inteira.
    DosAutos(&'a std::collections::BTreeMap<String, Vec<u8>>),
    /// Nenhum arquivo: uma proposta que cita `area` ouve que o arquivo não foi enviado.
    Nenhum,
}

impl<'a> Arquivos<'a> {
    /// Os arquivos em memória (enviados, dos autos ou nenhum), ou o diretório de onde lê-los.
    pub(crate) fn em_memoria(
        &self,
    ) -> Result<&'a std::collections::BTreeMap<String, Vec<u8>>, &'a Path> {
        static NENHUM: std::collections::BTreeMap<String, Vec<u8>> =
            std::collections::BTreeMap::new();
        match *self {
            Arquivos::Diretorio(d) => Err(d),
            Arquivos::Enviados(m) | Arquivos::DosAutos(m) => Ok(m),
            Arquivos::Nenhum => Ok(&NENHUM),
        }
    }
}

/// Lê uma proposta de `texto`. `arquivo` é o nome para as mensagens; `arquivos`, de onde vem o
/// território que ela cita; `setores`, os setores censitários que estimam a população do
/// território (os importados com `divisa setores importar`; `None`: os embutidos).
pub fn ler(
    arquivo: &str,
    texto: &str,
    arquivos: Arquivos<'_>,
    setores: Option<&[divisa_referencia::setores::Setor]>,
) -> Result<Proposta, ErroProposta> {
    let bruta: PropostaToml = ler_toml(arquivo, texto)?;
    let validador = Validador {
        arquivo,
        texto,
        arquivos,
        territorio: std::cell::RefCell::new(None),
        setores,
    };
    validador.converter(bruta)
}

/// Uma data civil, aceita como data TOML (`2027-03-10`) ou texto (`"2027-03-10"`, no JSON).
#[derive(Debug, Clone, Copy)]
struct DataCivil(Date);

impl<'de> Deserialize<'de> for DataCivil {
    fn deserialize<D: serde::Deserializer<'de>>(deserializador: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Bruta {
            Toml(toml::value::Datetime),
            Texto(String),
        }
        let texto = match Bruta::deserialize(deserializador)? {
            Bruta::Toml(datetime) if datetime.time.is_none() && datetime.offset.is_none() => {
                datetime.to_string()
            }
            Bruta::Toml(outro) => {
                return Err(serde::de::Error::custom(format!(
                    "invalid value: data com hora {outro}, expected uma data AAAA-MM-DD"
                )))
            }
            Bruta::Texto(texto) => texto,
        };
        texto.parse::<Date>().map(DataCivil).map_err(|_| {
            serde::de::Error::custom(format!(
                "invalid value: «{texto}», expected uma data AAAA-MM-DD"
            ))
        })
    }
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum TipoToml {
    Criacao,
    Fusao,
    Incorporacao,
    Desmembramento,
    Extincao,
    CriacaoDistrito,
    AlteracaoNome,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PropostaToml {
    tipo: TipoToml,
    data_referencia: Option<DataCivil>,
    novo: Option<NovoToml>,
    remanescente: Option<Vec<RemanescenteToml>>,
    referencia: Option<ReferenciaToml>,
    desmembramento: Option<DesmembramentoToml>,
    representacao: Option<RepresentacaoToml>,
    plebiscito: Option<PlebiscitoToml>,
    incorporacao: Option<IncorporacaoToml>,
    extincao: Option<ExtincaoToml>,
    distrito: Option<DistritoToml>,
    alteracao_nome: Option<AlteracaoNomeToml>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NovoToml {
    nome: Option<String>,
    sede: Option<String>,
    sede_coordenadas: Option<[f64; 2]>,
    area: Option<String>,
    #[serde(default)]
    origens: Vec<u32>,
    nome_homenageia_pessoa_viva: Option<bool>,
    dados: Option<DadosToml>,
}

#[derive(Debug, Deserialize, Default, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct DadosToml {
    populacao: Option<u64>,
    eleitores: Option<u64>,
    casas_centro_urbano: Option<u64>,
    valor_adicionado: Option<f64>,
    arrecadacao: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RemanescenteToml {
    codigo_ibge: u32,
    populacao: Option<u64>,
    eleitores: Option<u64>,
    casas_centro_urbano: Option<u64>,
    valor_adicionado: Option<f64>,
    arrecadacao: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReferenciaToml {
    media_va_10_menores: Option<f64>,
    media_arrecadacao_40_menores: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DesmembramentoToml {
    cedente: u32,
    receptor: u32,
    area: Option<String>,
    area_km2: Option<f64>,
    area_cedente_km2: Option<f64>,
    #[serde(default)]
    areas_anteriores_km2: Vec<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RepresentacaoToml {
    #[serde(default)]
    assinaturas: Vec<AssinaturaToml>,
    #[serde(default)]
    documentos: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AssinaturaToml {
    nome: String,
    titulo: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlebiscitoToml {
    eleitores_inscritos: u64,
    votos_sim: u64,
    votos_nao: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct IncorporacaoToml {
    municipio: u32,
    receptor: u32,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum MotivoToml {
    PerdaRequisitos,
    InundacaoDestruicao,
    RequerimentoEleitores,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExtincaoToml {
    municipio: u32,
    motivo: MotivoToml,
    requerentes: Option<u64>,
    eleitores_inscritos: Option<u64>,
    municipio_contiguo: Option<u32>,
    municipio_de_origem: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DistritoToml {
    municipio: u32,
    nome: String,
    habitacoes_sede: Option<u64>,
    populacao: Option<u64>,
    nome_homenageia_pessoa_viva: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AlteracaoNomeToml {
    municipio: u32,
    nome_novo: String,
    membros_camara: Option<u64>,
    votos_favoraveis: Option<u64>,
    representacao_do_prefeito: Option<bool>,
    plebiscito_fiscalizado_pelos_diretorios: Option<bool>,
    nome_homenageia_pessoa_viva: Option<bool>,
}
