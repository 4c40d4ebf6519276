//! Os nomes de todos os municípios (5.571) e distritos (10.670) do Brasil, com a UF, para as
//! regras de nome do Art. 6º (um novo município não pode repetir nome já existente).
//!
//! Carregados só quando alguém pergunta por eles: `divisa municipio` não paga por isto.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::fonte::{self, Fonte};
use crate::nomes::{chave, sem_particulas};
use crate::ErroDados;

/// Um município ou distrito do Brasil, pelo nome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Localidade {
    /// Código IBGE: 7 dígitos para município, 9 para distrito.
    pub codigo: u32,
    /// Nome oficial.
    pub nome: String,
    /// Sigla da UF.
    pub uf: String,
    /// Para um distrito, o nome do município a que pertence.
    pub municipio: Option<String>,
    /// O nome em [`crate::nomes::chave`], calculado uma vez na carga.
    pub chave: String,
    /// O nome em [`crate::nomes::chave_sem_particulas`], calculado uma vez na carga.
    pub chave_sem_particulas: String,
}

impl Localidade {
    fn new(codigo: u32, nome: String, uf: String, municipio: Option<String>) -> Localidade {
        let chave = chave(&nome);
        Localidade {
            codigo,
            chave_sem_particulas: sem_particulas(&chave),
            chave,
            nome,
            uf,
            municipio,
        }
    }
}

/// Os nomes do Brasil, com índice por [`chave`](crate::nomes::chave).
#[derive(Debug)]
pub struct Brasil {
    municipios: Vec<Localidade>,
    distritos: Vec<Localidade>,
    municipios_por_chave: HashMap<String, Vec<usize>>,
    distritos_por_chave: HashMap<String, Vec<usize>>,
    /// Cada palavra da chave sem partículas → os lugares que a têm (índices em municípios e,
    /// depois deles, distritos). Para achar topônimos correlatos (Art. 6º, § 1º) sem percorrer
    /// os 16 mil nomes a cada avaliação.
    por_palavra: HashMap<String, Vec<u32>>,
}

/// A fonte dos nomes (API de Localidades do IBGE, 2023).
pub const FONTE: Fonte = fonte::DTB_2023;

static BRASIL: OnceLock<Result<Brasil, ErroDados>> = OnceLock::new();

/// Os nomes do Brasil (carregados na primeira chamada).
pub fn brasil() -> Result<&'static Brasil, ErroDados> {
    BRASIL
        .get_or_init(Brasil::carregar)
        .as_ref()
        .map_err(Clone::clone)
}

/// Os nomes extraídos dos CSV pelo `build.rs` (uma linha por lugar: tipo, código, UF, nome,
/// município do distrito, separados por tabulação).
static NOMES: &str = include_str!(concat!(env!("OUT_DIR"), "/nomes_brasil.tsv"));

impl Brasil {
    fn carregar() -> Result<Brasil, ErroDados> {
        let (mut municipios, mut distritos) =
            (Vec::with_capacity(5_600), Vec::with_capacity(10_700));
        for (numero, linha) in NOMES.lines().enumerate() {
            let campos: Vec<&str> = linha.split('\t').collect();
            let defeito = || ErroDados::Linha {
                arquivo: "nomes_brasil.tsv (gerado)",
                linha: numero as u64 + 1,
                mensagem: format!("linha mal formada: {linha:?}"),
            };
            let [tipo, codigo, uf, nome, municipio] = campos[..] else {
                return Err(defeito());
            };
            let codigo: u32 = codigo.parse().map_err(|_| defeito())?;
            match tipo {
                "m" => municipios.push(Localidade::new(
                    codigo,
                    nome.to_owned(),
                    uf.to_owned(),
                    None,
                )),
                "d" => distritos.push(Localidade::new(
                    codigo,
                    nome.to_owned(),
                    uf.to_owned(),
                    Some(municipio.to_owned()),
                )),
                _ => return Err(defeito()),
            }
        }
        let mut por_palavra: HashMap<String, Vec<u32>> = HashMap::new();
        for (i, l) in municipios.iter().chain(&distritos).enumerate() {
            let i = u32::try_from(i).unwrap_or(u32::MAX);
            for palavra in l.chave_sem_particulas.split(' ').filter(|p| !p.is_empty()) {
                let lista = por_palavra.entry(palavra.to_owned()).or_default();
                if lista.last() != Some(&i) {
                    lista.push(i);
                }
            }
        }
        Ok(Brasil {
            municipios_por_chave: indexar(&municipios),
            distritos_por_chave: indexar(&distritos),
            municipios,
            distritos,
            por_palavra,
        })
    }

    /// Todos os municípios do Brasil.
    pub fn municipios(&self) -> &[Localidade] {
        &self.municipios
    }

    /// Todos os distritos do Brasil.
    pub fn distritos(&self) -> &[Localidade] {
        &self.distritos
    }

    /// Municípios com este nome (sem diferença de maiúsculas, acentos e apóstrofos), em
    /// qualquer UF.
    pub fn municipios_chamados(&self, nome: &str) -> Vec<&Localidade> {
        procurar(&self.municipios, &self.municipios_por_chave, nome)
    }

    /// Distritos com este nome, em qualquer UF.
    pub fn distritos_chamados(&self, nome: &str) -> Vec<&Localidade> {
        procurar(&self.distritos, &self.distritos_por_chave, nome)
    }

    /// Os lugares (municípios, depois distritos, na ordem de [`Brasil::municipios`] e
    /// [`Brasil::distritos`]) cuja chave sem partículas tem alguma palavra de
    /// `chave_sem_particulas` — os candidatos a topônimo correlato.
    pub fn com_alguma_palavra(&self, chave_sem_particulas: &str) -> Vec<&Localidade> {
        let mut indices: Vec<u32> = chave_sem_particulas
            .split(' ')
            .filter(|p| !p.is_empty())
            .filter_map(|p| self.por_palavra.get(p))
            .flatten()
            .copied()
            .collect();
        indices.sort_unstable();
        indices.dedup();
        let n = self.municipios.len();
        indices
            .into_iter()
            .filter_map(|i| {
                let i = i as usize;
                if i < n {
                    self.municipios.get(i)
                } else {
                    self.distritos.get(i - n)
                }
            })
            .collect()
    }
}

fn indexar(localidades: &[Localidade]) -> HashMap<String, Vec<usize>> {
    let mut indice: HashMap<String, Vec<usize>> = HashMap::with_capacity(localidades.len());
    for (i, localidade) in localidades.iter().enumerate() {
        indice.entry(localidade.chave.clone()).or_default().push(i);
    }
    indice
}

fn procurar<'a>(
    localidades: &'a [Localidade],
    indice: &HashMap<String, Vec<usize>>,
    nome: &str,
) -> Vec<&'a Localidade> {
    indice.get(&chave(nome)).map_or_else(Vec::new, |posicoes| {
        posicoes.iter().map(|&i| &localidades[i]).collect()
    })
}
