//! Os 142 municípios de Mato Grosso com os seus números oficiais, cada um com fonte e ano.
//!
//! A lista de municípios é a do IBGE (`municipios_brasil.csv`, 142 de MT, incluindo Boa
//! Esperança do Norte, instalado em 2025). Os outros arquivos se juntam a ela pelo código IBGE;
//! um código que não se junta é um defeito dos dados e faz a carga falhar.
//!
//! Boa Esperança do Norte não existia em 2022: não tem Censo, PIB, eleitorado de 2018,
//! distritos nem polígono na Malha 2022. Os campos ficam `None` e [`Municipio::ausencias`]
//! explica por quê; nada é inventado.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::fonte::{self, Dado};
use crate::nomes::{chave, chave_sem_particulas, semelhanca};
use crate::tabela::{arquivo, ler, ler_onde};
use crate::{malha, ErroDados};

/// Código IBGE de Boa Esperança do Norte, o 142º município, instalado em 2025.
pub const BOA_ESPERANCA_DO_NORTE: u32 = 5101837;

/// Um município de Mato Grosso e os seus dados de referência.
#[derive(Debug, Clone, PartialEq)]
pub struct Municipio {
    /// Código IBGE de 7 dígitos.
    pub codigo_ibge: u32,
    /// Código do município no TSE.
    pub codigo_tse: Option<u32>,
    /// Nome oficial (grafia da API de Localidades do IBGE).
    pub nome: String,
    /// Outras grafias encontradas nas fontes (Malha 2022, TSE, listas antigas).
    pub outras_grafias: Vec<String>,
    /// Região geográfica imediata (IBGE 2017).
    pub regiao_imediata: Option<String>,
    /// Região geográfica intermediária (IBGE 2017).
    pub regiao_intermediaria: Option<String>,
    /// População residente, habitantes.
    pub populacao_2022: Option<Dado<u32>>,
    /// Total de domicílios (particulares e coletivos, V0002).
    pub domicilios_2022: Option<Dado<u32>>,
    /// Domicílios particulares permanentes ocupados (V0007).
    pub domicilios_ocupados_2022: Option<Dado<u32>>,
    /// População estimada em 1º de julho de 2025, habitantes.
    pub populacao_estimada_2025: Option<Dado<u32>>,
    /// Eleitores no cadastro de 2024 (ver a ressalva da fonte).
    pub eleitores_2024: Option<Dado<u32>>,
    /// Eleitores em 2018.
    pub eleitores_2018: Option<Dado<u32>>,
    /// Valor adicionado bruto de 2019, em reais.
    pub valor_adicionado_2019: Option<Dado<f64>>,
    /// Produto interno bruto de 2021, em reais.
    pub pib_2021: Option<Dado<f64>>,
    /// Área oficial da Malha Municipal 2022, em km².
    pub area_oficial_km2: Option<Dado<f64>>,
    /// Área publicada com o Censo 2022 ("Agregados por municípios"), em km²; difere da área da
    /// malha em alguns municípios (ver `dados/PROVENIENCIA.md`).
    pub area_censo_2022_km2: Option<Dado<f64>>,
    /// Ponto da sede municipal (a cidade).
    pub sede: Option<Ponto>,
    /// Distritos, o distrito-sede primeiro.
    pub distritos: Vec<Distrito>,
    /// Se o município tem polígono na Malha Municipal 2022 embutida.
    pub tem_poligono: bool,
}

/// O código IBGE de um município de Mato Grosso, já conferido: só sai de um [`Municipio`] da
/// lista carregada ([`Municipio::codigo`], depois de [`Mt::buscar`], [`Mt::por_nome`] ou
/// [`Mt::por_codigo`]). Quem o recebe não precisa conferir de novo que é de MT, nem converter
/// nomes (a representação leva os códigos; o nome oficial sai de [`Mt::municipio`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CodigoIbge(u32);

impl CodigoIbge {
    /// O número de 7 dígitos.
    pub fn numero(self) -> u32 {
        self.0
    }
}

impl std::fmt::Display for CodigoIbge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Municipio {
    /// O código IBGE conferido deste município.
    pub fn codigo(&self) -> CodigoIbge {
        CodigoIbge(self.codigo_ibge)
    }

    /// Por que faltam dados deste município, numa frase para quem lê; vazio se nada falta.
    pub fn ausencias(&self) -> Option<&'static str> {
        (self.codigo_ibge == BOA_ESPERANCA_DO_NORTE).then_some(
            "Boa Esperança do Norte foi criado pela Lei estadual nº 7.264/2000 e instalado só em \
             2025: não consta do Censo 2022, do PIB dos Municípios, do eleitorado de 2018, da \
             lista de distritos nem da Malha Municipal 2022 (o território ainda está dentro de \
             Sorriso e Nova Ubiratã nessa malha). Não há polígono oficial para ele no divisa.",
        )
    }
}

/// Um distrito de um município de Mato Grosso.
#[derive(Debug, Clone, PartialEq)]
pub struct Distrito {
    /// Código IBGE de 9 dígitos (município + 2).
    pub codigo: u32,
    /// Nome oficial.
    pub nome: String,
    /// Se é o distrito-sede do município.
    pub sede_municipal: bool,
    /// Ponto da sede do distrito, se foi possível localizá-lo.
    pub sede: Option<Ponto>,
}

/// Um ponto de sede (cidade ou vila), em graus SIRGAS 2000.
#[derive(Debug, Clone, PartialEq)]
pub struct Ponto {
    /// Longitude, graus decimais (negativa a oeste).
    pub lon: f64,
    /// Latitude, graus decimais (negativa ao sul).
    pub lat: f64,
    /// Origem do ponto.
    pub fonte: fonte::Fonte,
    /// Quão seguro é que o ponto é mesmo desta sede.
    pub confianca: Confianca,
    /// Como o ponto foi atribuído e o que se sabe dele.
    pub observacao: String,
}

/// Confiança na atribuição de um ponto de localidade a uma sede.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confianca {
    /// Um único ponto possível, ou nome confirmado.
    Alta,
    /// Atribuído por eliminação ou proximidade.
    Media,
    /// Aproximação (por exemplo, centroide de setor urbano).
    Baixa,
}

impl Confianca {
    /// "alta", "média" ou "baixa".
    pub fn rotulo(self) -> &'static str {
        match self {
            Confianca::Alta => "alta",
            Confianca::Media => "média",
            Confianca::Baixa => "baixa",
        }
    }
}

/// O que a busca por nome ou código encontrou.
#[derive(Debug, Clone, PartialEq)]
pub enum Busca<'a> {
    /// Um município.
    Encontrado(&'a Municipio),
    /// Nenhum município com esse nome ou código; os mais parecidos vêm primeiro.
    NaoEncontrado {
        /// Sugestões, no máximo cinco.
        sugestoes: Vec<Sugestao<'a>>,
    },
}

/// Uma sugestão de "Você quis dizer".
#[derive(Debug, Clone, PartialEq)]
pub enum Sugestao<'a> {
    /// Um município de nome parecido.
    Municipio(&'a Municipio),
    /// Um distrito com esse nome, e o município a que pertence.
    Distrito(&'a Distrito, &'a Municipio),
}

/// Os municípios de Mato Grosso, carregados uma vez.
#[derive(Debug)]
pub struct Mt {
    municipios: Vec<Municipio>,
    por_chave: HashMap<String, usize>,
    por_chave_sem_particulas: HashMap<String, Vec<usize>>,
}

static MT: OnceLock<Result<Mt, ErroDados>> = OnceLock::new();

/// Os municípios de Mato Grosso (carregados na primeira chamada, uns poucos milissegundos;
/// não toca na geometria).
pub fn mt() -> Result<&'static Mt, ErroDados> {
    MT.get_or_init(Mt::carregar).as_ref().map_err(Clone::clone)
}

impl Mt {
    /// Todos os municípios, em ordem de código IBGE.
    pub fn municipios(&self) -> &[Municipio] {
        &self.municipios
    }

    /// O município de código IBGE `codigo` (7 dígitos).
    pub fn por_codigo(&self, codigo: u32) -> Option<&Municipio> {
        self.municipios
            .binary_search_by_key(&codigo, |m| m.codigo_ibge)
            .ok()
            .map(|i| &self.municipios[i])
    }

    /// O município do código conferido (sempre o encontra na lista de onde o código saiu).
    pub fn municipio(&self, codigo: CodigoIbge) -> Option<&Municipio> {
        self.por_codigo(codigo.0)
    }

    /// O município cujo nome, em qualquer grafia conhecida, é `nome` — sem diferença de
    /// maiúsculas, acentos, apóstrofos ou "D'Oeste" / "do Oeste".
    pub fn por_nome(&self, nome: &str) -> Option<&Municipio> {
        if let Some(&i) = self.por_chave.get(&chave(nome)) {
            return Some(&self.municipios[i]);
        }
        // "de Leverger" / "do Leverger": aceita só se não houver dúvida entre dois municípios.
        match self
            .por_chave_sem_particulas
            .get(&chave_sem_particulas(nome))
        {
            Some(indices) if indices.len() == 1 => Some(&self.municipios[indices[0]]),
            _ => None,
        }
    }

    /// Busca por código IBGE (7 dígitos) ou por nome; sem resultado, devolve os nomes mais
    /// parecidos e os distritos com esse nome.
    pub fn buscar(&self, codigo_ou_nome: &str) -> Busca<'_> {
        let texto = codigo_ou_nome.trim();
        if !texto.is_empty() && texto.bytes().all(|b| b.is_ascii_digit()) {
            return match texto.parse().ok().and_then(|c| self.por_codigo(c)) {
                Some(m) => Busca::Encontrado(m),
                None => Busca::NaoEncontrado {
                    sugestoes: Vec::new(),
                },
            };
        }
        if let Some(m) = self.por_nome(texto) {
            return Busca::Encontrado(m);
        }
        Busca::NaoEncontrado {
            sugestoes: self.sugestoes(texto),
        }
    }

    fn sugestoes(&self, nome: &str) -> Vec<Sugestao<'_>> {
        let buscada = chave(nome);
        let mut sugestoes: Vec<(f64, Sugestao<'_>)> = Vec::new();
        for municipio in &self.municipios {
            for distrito in municipio.distritos.iter().filter(|d| !d.sede_municipal) {
                if chave(&distrito.nome) == buscada {
                    sugestoes.push((1.0, Sugestao::Distrito(distrito, municipio)));
                }
            }
            let nota = std::iter::once(&municipio.nome)
                .chain(&municipio.outras_grafias)
                .map(|grafia| semelhanca(&buscada, &chave(grafia)))
                .fold(0.0, f64::max);
            // Abaixo de 0,85 Jaro-Winkler já junta nomes sem relação ("Cuiabá" e "Juína").
            if nota >= 0.85 {
                sugestoes.push((nota, Sugestao::Municipio(municipio)));
            }
        }
        sugestoes.sort_by(|a, b| b.0.total_cmp(&a.0));
        sugestoes.into_iter().take(5).map(|(_, s)| s).collect()
    }

    fn carregar() -> Result<Mt, ErroDados> {
        let mut municipios = carregar_lista()?;
        let posicao: HashMap<u32, usize> = municipios
            .iter()
            .enumerate()
            .map(|(i, m)| (m.codigo_ibge, i))
            .collect();
        juntar_tabelas(&mut municipios, &posicao)?;
        juntar_distritos(&mut municipios, &posicao)?;
        juntar_malha(&mut municipios, &posicao)?;

        let mut por_chave = HashMap::new();
        let mut por_chave_sem_particulas: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, municipio) in municipios.iter().enumerate() {
            for grafia in std::iter::once(&municipio.nome).chain(&municipio.outras_grafias) {
                por_chave.insert(chave(grafia), i);
                let lista = por_chave_sem_particulas
                    .entry(chave_sem_particulas(grafia))
                    .or_default();
                if !lista.contains(&i) {
                    lista.push(i);
                }
            }
        }
        Ok(Mt {
            municipios,
            por_chave,
            por_chave_sem_particulas,
        })
    }
}

#[derive(Deserialize)]
struct LinhaMunicipioBrasil {
    codigo_ibge: u32,
    nome: String,
    uf: String,
    regiao_imediata_nome: String,
    regiao_intermediaria_nome: String,
    nome_variante_kelvins: String,
}

fn carregar_lista() -> Result<Vec<Municipio>, ErroDados> {
    let linhas: Vec<LinhaMunicipioBrasil> =
        ler_onde(&arquivo!("municipios_brasil.csv"), "uf", "MT")?;
    let mut municipios: Vec<Municipio> = linhas
        .into_iter()
        .filter(|l| l.uf == "MT")
        .map(|l| Municipio {
            codigo_ibge: l.codigo_ibge,
            codigo_tse: None,
            nome: l.nome,
            outras_grafias: Some(l.nome_variante_kelvins)
                .filter(|v| !v.is_empty())
                .into_iter()
                .collect(),
            regiao_imediata: Some(l.regiao_imediata_nome).filter(|v| !v.is_empty()),
            regiao_intermediaria: Some(l.regiao_intermediaria_nome).filter(|v| !v.is_empty()),
            populacao_2022: None,
            domicilios_2022: None,
            domicilios_ocupados_2022: None,
            populacao_estimada_2025: None,
            eleitores_2024: None,
            eleitores_2018: None,
            valor_adicionado_2019: None,
            pib_2021: None,
            area_oficial_km2: None,
            area_censo_2022_km2: None,
            sede: None,
            distritos: Vec::new(),
            tem_poligono: false,
        })
        .collect();
    municipios.sort_by_key(|m| m.codigo_ibge);
    Ok(municipios)
}

#[derive(Deserialize)]
struct LinhaPopulacao {
    codigo_ibge: u32,
    area_km2: f64,
    populacao_2022: u32,
    domicilios_total: u32,
    dpp_ocupados: u32,
}

#[derive(Deserialize)]
struct LinhaEstimativa {
    codigo_ibge: u32,
    populacao_estimada_2025: u32,
}

#[derive(Deserialize)]
struct LinhaEleitorado2024 {
    codigo_ibge: u32,
    codigo_tse: u32,
    nome_tse: String,
    eleitores: u32,
}

#[derive(Deserialize)]
struct LinhaEleitorado2018 {
    codigo_ibge: u32,
    eleitores_2018: u32,
}

#[derive(Deserialize)]
struct LinhaPib2019 {
    codigo_ibge: u32,
    va_total_2019_mil_reais: f64,
}

#[derive(Deserialize)]
struct LinhaPib2021 {
    codigo_ibge: u32,
    pib_2021_mil_reais: f64,
}

/// Junta cada linha de `linhas` ao seu município, recusando códigos desconhecidos ou repetidos.
fn juntar<L>(
    municipios: &mut [Municipio],
    posicao: &HashMap<u32, usize>,
    arquivo: &'static str,
    linhas: Vec<L>,
    codigo: impl Fn(&L) -> u32,
    aplicar: impl Fn(&mut Municipio, L),
) -> Result<(), ErroDados> {
    let mut vistos = std::collections::HashSet::new();
    for linha in linhas {
        let codigo = codigo(&linha);
        let &i = posicao
            .get(&codigo)
            .ok_or(ErroDados::CodigoSemMunicipio { arquivo, codigo })?;
        if !vistos.insert(codigo) {
            return Err(ErroDados::CodigoRepetido { arquivo, codigo });
        }
        aplicar(&mut municipios[i], linha);
    }
    Ok(())
}

fn juntar_tabelas(
    municipios: &mut [Municipio],
    posicao: &HashMap<u32, usize>,
) -> Result<(), ErroDados> {
    let censo = arquivo!("mt_populacao_2022.csv");
    juntar(
        municipios,
        posicao,
        censo.nome,
        ler::<LinhaPopulacao>(&censo)?,
        |l| l.codigo_ibge,
        |m, l| {
            m.populacao_2022 = Some(Dado::new(l.populacao_2022, fonte::CENSO_2022));
            m.domicilios_2022 = Some(Dado::new(l.domicilios_total, fonte::CENSO_2022));
            m.domicilios_ocupados_2022 = Some(Dado::new(l.dpp_ocupados, fonte::CENSO_2022));
            m.area_censo_2022_km2 = Some(Dado::new(l.area_km2, fonte::CENSO_2022));
        },
    )?;

    let estimativa = arquivo!("mt_populacao_estimada_2025.csv");
    juntar(
        municipios,
        posicao,
        estimativa.nome,
        ler::<LinhaEstimativa>(&estimativa)?,
        |l| l.codigo_ibge,
        |m, l| {
            m.populacao_estimada_2025 =
                Some(Dado::new(l.populacao_estimada_2025, fonte::ESTIMATIVA_2025));
        },
    )?;

    let eleitorado = arquivo!("mt_eleitorado_2024.csv");
    juntar(
        municipios,
        posicao,
        eleitorado.nome,
        ler::<LinhaEleitorado2024>(&eleitorado)?,
        |l| l.codigo_ibge,
        |m, l| {
            m.codigo_tse = Some(l.codigo_tse);
            m.eleitores_2024 = Some(Dado::new(l.eleitores, fonte::ELEITORADO_2024));
            acrescentar_grafia(m, &l.nome_tse);
        },
    )?;

    let eleitorado_2018 = arquivo!("mt_eleitorado_2018.csv");
    juntar(
        municipios,
        posicao,
        eleitorado_2018.nome,
        ler::<LinhaEleitorado2018>(&eleitorado_2018)?,
        |l| l.codigo_ibge,
        |m, l| {
            m.eleitores_2018 = Some(Dado::new(l.eleitores_2018, fonte::ELEITORADO_2018));
        },
    )?;

    // As tabelas do PIB vêm em milhares de reais; o divisa guarda reais.
    let pib_2019 = arquivo!("mt_pib_va_2019.csv");
    juntar(
        municipios,
        posicao,
        pib_2019.nome,
        ler::<LinhaPib2019>(&pib_2019)?,
        |l| l.codigo_ibge,
        |m, l| {
            m.valor_adicionado_2019 = Some(Dado::new(
                l.va_total_2019_mil_reais * 1000.0,
                fonte::PIB_MUNICIPIOS_2019,
            ));
        },
    )?;

    let pib_2021 = arquivo!("mt_pib_2021.csv");
    juntar(
        municipios,
        posicao,
        pib_2021.nome,
        ler::<LinhaPib2021>(&pib_2021)?,
        |l| l.codigo_ibge,
        |m, l| {
            m.pib_2021 = Some(Dado::new(
                l.pib_2021_mil_reais * 1000.0,
                fonte::PIB_MUNICIPIOS_2021,
            ));
        },
    )
}

#[derive(Deserialize)]
struct LinhaDistrito {
    codigo_distrito: u32,
    nome: String,
    codigo_municipio: u32,
    distrito_sede: String,
    lat: Option<f64>,
    lon: Option<f64>,
    metodo: String,
    confianca: String,
    obs: String,
}

fn juntar_distritos(
    municipios: &mut [Municipio],
    posicao: &HashMap<u32, usize>,
) -> Result<(), ErroDados> {
    let sedes = arquivo!("distritos_mt_sedes.csv");
    for (numero, linha) in ler::<LinhaDistrito>(&sedes)?.into_iter().enumerate() {
        let erro_linha = |mensagem: String| ErroDados::Linha {
            arquivo: sedes.nome,
            linha: numero as u64 + 2,
            mensagem,
        };
        let &i = posicao
            .get(&linha.codigo_municipio)
            .ok_or(ErroDados::CodigoSemMunicipio {
                arquivo: sedes.nome,
                codigo: linha.codigo_municipio,
            })?;
        let ponto = match (linha.lon, linha.lat) {
            (Some(lon), Some(lat)) => {
                let confianca = match linha.confianca.as_str() {
                    "alta" => Confianca::Alta,
                    "media" => Confianca::Media,
                    "baixa" => Confianca::Baixa,
                    outra => return Err(erro_linha(format!("confiança {outra:?} desconhecida"))),
                };
                Some(Ponto {
                    lon,
                    lat,
                    fonte: fonte::LOCALIDADES_2022,
                    confianca,
                    observacao: if linha.obs.is_empty() {
                        linha.metodo.clone()
                    } else {
                        format!("{}: {}", linha.metodo, linha.obs)
                    },
                })
            }
            (None, None) => None,
            _ => return Err(erro_linha("só uma das coordenadas preenchida".into())),
        };
        let sede_municipal = match linha.distrito_sede.as_str() {
            "sim" => true,
            "nao" => false,
            outro => {
                return Err(erro_linha(format!(
                    "distrito_sede {outro:?}: esperado sim ou nao"
                )))
            }
        };
        // A vila de Boa Esperança (distrito de Sorriso) é a cidade de Boa Esperança do Norte,
        // segundo a Base de Localidades 2022: é a melhor sede que há para o 142º município.
        if linha.metodo == "cidade_BEN" {
            if let (Some(ponto), Some(&ben)) = (&ponto, posicao.get(&BOA_ESPERANCA_DO_NORTE)) {
                municipios[ben].sede = Some(ponto.clone());
            }
        }
        let municipio = &mut municipios[i];
        if sede_municipal {
            municipio.sede = ponto.clone();
        }
        municipio.distritos.push(Distrito {
            codigo: linha.codigo_distrito,
            nome: linha.nome,
            sede_municipal,
            sede: ponto,
        });
    }
    for municipio in municipios.iter_mut() {
        municipio
            .distritos
            .sort_by_key(|d| (!d.sede_municipal, d.codigo));
    }
    Ok(())
}

fn juntar_malha(
    municipios: &mut [Municipio],
    posicao: &HashMap<u32, usize>,
) -> Result<(), ErroDados> {
    for entrada in malha::indice() {
        let &i = posicao
            .get(&entrada.codigo)
            .ok_or(ErroDados::CodigoSemMunicipio {
                arquivo: "mt_municipios.geojson",
                codigo: entrada.codigo,
            })?;
        let municipio = &mut municipios[i];
        municipio.tem_poligono = true;
        municipio.area_oficial_km2 = Some(Dado::new(
            entrada.area_km2_ibge,
            fonte::MALHA_MUNICIPAL_2022,
        ));
        acrescentar_grafia(municipio, entrada.nome_malha_2022);
    }
    Ok(())
}

/// Guarda uma grafia alternativa só se ela difere do nome oficial além de maiúsculas.
fn acrescentar_grafia(municipio: &mut Municipio, grafia: &str) {
    let nova = chave(grafia);
    let ja_conhecida = std::iter::once(&municipio.nome)
        .chain(&municipio.outras_grafias)
        .any(|g| chave(g) == nova);
    if !ja_conhecida {
        municipio.outras_grafias.push(grafia.to_owned());
    }
}
