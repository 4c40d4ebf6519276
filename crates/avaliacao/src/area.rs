//! A área de um processo, versionada (issue 29; CONTRACT §5): as versões nos autos, a versão
//! nova medida antes de ir aos autos e a simulação que o editor do mapa pede a cada mudança.
//!
//! Uma versão da área é um arquivo dos autos: o que a proposta cita (`novo.area`,
//! `desmembramento.area`), juntado com a representação ou de novo depois, ou o GeoJSON de uma
//! área desenhada no mapa ([`Ato::AlterarArea`]). A última é a que a lei avalia; as anteriores
//! ficam nos autos e podem ser comparadas com ela.
//!
//! As leituras registradas sobre o que é versão estão em [`versoes`].

use divisa_lei::{Achado, Situacao};
use divisa_processo::{Ato, Evento, Processo};
use geo_types::{Coord, MultiPolygon};
use jiff::civil::Date;

use crate::autos::{AutosAvaliados, DoRegistro, ErroAutos};

/// Uma versão da área nos autos.
#[derive(Debug, Clone, PartialEq)]
pub struct Versao {
    /// 1, 2, … (a ordem nos autos).
    pub numero: u32,
    /// O ato que a trouxe.
    pub seq: u64,
    /// O arquivo.
    pub arquivo: String,
    /// O SHA-256 do arquivo, como o evento o guarda (vazio quando a lista veio dos arquivos).
    pub sha256: String,
    /// Desenhada no mapa ([`Ato::AlterarArea`]) e não juntada como arquivo da proposta.
    pub desenhada: bool,
}

/// Uma versão com quem a trouxe, quando e por quê (a lista de `GET …/area/versoes`).
#[derive(Debug, Clone, PartialEq)]
pub struct VersaoNosAutos {
    /// A versão.
    pub versao: Versao,
    /// O dia do ato.
    pub data: Date,
    /// A conta de quem praticou o ato (o nome e o cargo são de quem mostra).
    pub login: String,
    /// O motivo dito (só nas desenhadas no mapa).
    pub motivo: Option<String>,
    /// A área e os vértices gravados no ato (só nas desenhadas; as outras se medem do arquivo).
    pub area_m2: Option<u64>,
    /// Os vértices gravados no ato.
    pub vertices: Option<u32>,
}

/// O nome que a proposta dá ao arquivo da área (`novo.area` ou `desmembramento.area`).
pub fn arquivo_citado(texto: &str) -> Option<String> {
    let valor = texto.parse::<toml::Table>().ok()?;
    ["novo", "desmembramento"].iter().find_map(|secao| {
        valor
            .get(*secao)
            .and_then(|s| s.get("area"))
            .and_then(|a| a.as_str())
            .map(str::to_owned)
    })
}

/// A proposta com a `area` trocada por `arquivo` (a versão desenhada no mapa) e sem a área
/// desmembrada declarada em km² (`area_km2`), que era a da linha anterior; o resto fica como
/// está. Sem a seção do território, ela volta igual.
pub fn com_area(texto: &str, arquivo: &str) -> String {
    let Ok(mut valor) = texto.parse::<toml::Table>() else {
        return texto.to_owned();
    };
    // a seção que já tem a área; sem nenhuma, a do território (a proposta que ainda não tinha
    // o arquivo e ganhou a área desenhada no mapa)
    let secao = ["novo", "desmembramento"]
        .into_iter()
        .find(|s| valor.get(*s).and_then(|t| t.get("area")).is_some())
        .or_else(|| {
            ["novo", "desmembramento"]
                .into_iter()
                .find(|s| valor.get(*s).is_some_and(toml::Value::is_table))
        });
    match secao
        .and_then(|s| valor.get_mut(s))
        .and_then(|t| t.as_table_mut())
    {
        Some(tabela) => {
            tabela.insert("area".into(), toml::Value::String(arquivo.to_owned()));
            // Leitura registrada: a área desmembrada declarada em km² descrevia a linha da
            // representação; desenhada a linha nova, o número é o do polígono (Art. 8º, § 2º,
            // que na proposta faz a informada prevalecer sobre a medida).
            tabela.remove("area_km2");
            toml::to_string(&valor).unwrap_or_else(|_| texto.to_owned())
        }
        None => texto.to_owned(),
    }
}

/// As versões entre os arquivos que o registro deu à avaliação (seq, nome, conteúdo), quando
/// não se tem os eventos: o arquivo que a proposta em vigor cita, cada conteúdo novo, e as
/// áreas desenhadas. Quem tem os eventos usa [`versoes`] (e a avaliação dos autos recebe delas
/// a versão em vigor, em [`DoRegistro::versoes`]).
pub fn versoes_dos_arquivos(
    processo: &Processo,
    arquivos: &[(u64, String, Vec<u8>)],
) -> Vec<Versao> {
    let citado = processo.proposta.as_deref().and_then(arquivo_citado);
    let mut lista: Vec<&(u64, String, Vec<u8>)> = arquivos.iter().collect();
    lista.sort_by_key(|(seq, ..)| *seq);
    let mut versoes: Vec<Versao> = Vec::new();
    let mut anterior: Option<&[u8]> = None;
    for (seq, nome, conteudo) in lista {
        let desenhada = processo.arquivos_de_area.iter().any(|a| a == nome);
        if (!desenhada && Some(nome.as_str()) != citado.as_deref())
            || anterior == Some(conteudo.as_slice())
        {
            continue;
        }
        anterior = Some(conteudo);
        versoes.push(Versao {
            numero: versoes.len() as u32 + 1,
            seq: *seq,
            arquivo: nome.clone(),
            sha256: String::new(),
            desenhada,
        });
    }
    versoes
}

/// As versões da área nos autos, com quem, quando e por quê — dos eventos (os nomes e os
/// SHA-256 que a cadeia protege), sem ler os arquivos. A lista só cresce: cada ato é lido com
/// a proposta e a fase do seu dia, e um ato novo nunca renumera os antigos.
///
/// Leituras registradas (Art. 19, § 3º, e issue 29):
/// - até a primeira área desenhada no mapa, é versão o arquivo que a proposta em vigor naquele
///   ato cita (`area`), juntado com a representação, com a proposta ou como mapa do Art. 15 —
///   desde que o conteúdo mude (o formulário que reenvia o mapa de sempre não faz versão);
/// - desenhada a primeira, a linha só muda no mapa ([`Ato::AlterarArea`], com o papel e a fase
///   conferidos): uma proposta ou um mapa juntados depois são documentos dos autos, não versões
///   — ninguém desfaz a linha da Comissão reenviando o arquivo antigo;
/// - nenhum arquivo juntado depois da aprovação do projeto de decreto legislativo é versão: a
///   linha aprovada é a que vai a plebiscito.
pub fn versoes(_processo: &Processo, eventos: &[Evento]) -> Vec<VersaoNosAutos> {
    let mut lista: Vec<VersaoNosAutos> = Vec::new();
    let mut citado: Option<String> = None;
    let mut desenhou = false;
    let mut estado: Option<Processo> = None;
    for e in eventos {
        // a fase em que o ato foi decidido (antes dele)
        let aberta = estado
            .as_ref()
            .is_none_or(|p| p.fase <= divisa_processo::Fase::DecretoEmTramitacao);
        match &e.ato {
            Ato::Protocolar {
                proposta: Some(t), ..
            }
            | Ato::AnexarProposta { proposta: t } => {
                if let Some(c) = arquivo_citado(t) {
                    citado = Some(c);
                }
            }
            _ => {}
        }
        let nova =
            |arquivo: &str, sha256: &str, desenhada: bool, lista: &mut Vec<VersaoNosAutos>| {
                let (motivo, area_m2, vertices) = match &e.ato {
                    Ato::AlterarArea {
                        motivo,
                        area_m2,
                        vertices,
                        ..
                    } => (Some(motivo.clone()), Some(*area_m2), Some(*vertices)),
                    _ => (None, None, None),
                };
                lista.push(VersaoNosAutos {
                    versao: Versao {
                        numero: lista.len() as u32 + 1,
                        seq: e.seq,
                        arquivo: arquivo.to_owned(),
                        sha256: sha256.to_owned(),
                        desenhada,
                    },
                    data: e.data,
                    login: e.ator.id.clone(),
                    motivo,
                    area_m2,
                    vertices,
                });
            };
        if let Ato::AlterarArea { arquivo, .. } = &e.ato {
            if let Some(a) = e.anexos.iter().find(|a| &a.nome == arquivo) {
                nova(arquivo, &a.sha256, true, &mut lista);
                desenhou = true;
            }
        } else if aberta && !desenhou && crate::autos::ato_de_territorio(&e.ato) {
            if let Some(a) = e
                .anexos
                .iter()
                .find(|a| Some(a.nome.as_str()) == citado.as_deref())
            {
                if lista.last().is_none_or(|v| v.versao.sha256 != a.sha256) {
                    nova(&a.nome, &a.sha256, false, &mut lista);
                }
            }
        }
        match estado.as_mut() {
            None => estado = Processo::novo(e),
            Some(p) => p.aplicar(e),
        }
    }
    lista
}

/// Por que uma área enviada não serve.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ErroArea {
    /// O GeoJSON não se lê ou a geometria é inválida: a mensagem diz onde; `pontos`, os lugares
    /// do mapa onde os lados se cruzam ou se tocam.
    #[error("{mensagem}")]
    Invalida {
        /// A mensagem, em português, com a parte, o anel e o vértice.
        mensagem: String,
        /// Onde marcar no mapa (lon, lat).
        pontos: Vec<Coord<f64>>,
    },
    /// Os autos não se avaliam (sem proposta juntada, proposta ilegível).
    #[error(transparent)]
    Autos(#[from] ErroAutos),
}

/// A área enviada, lida e conferida como todo arquivo de território (GeoJSON em graus SIRGAS
/// 2000, dentro de Mato Grosso, anéis que não se cruzam, área não nula).
pub fn ler(
    arquivo: &str,
    bytes: &[u8],
) -> Result<divisa_territorio::leitura::Territorio, ErroArea> {
    divisa_territorio::leitura::ler(arquivo, bytes).map_err(|e| {
        // o nome do arquivo é nosso, não de quem desenhou: a mensagem fala da área
        let texto = e.to_string();
        let mensagem = match texto.strip_prefix(&format!("{arquivo}: ")) {
            Some(resto) => format!("A área: {resto}"),
            None => match texto.strip_prefix(&format!("{arquivo}, ")) {
                Some(resto) => format!("A área, {resto}"),
                None => texto,
            },
        };
        ErroArea::Invalida {
            mensagem,
            pontos: divisa_territorio::leitura::pontos_dos_problemas(arquivo, bytes),
        }
    })
}

/// A área (m², geodésica no elipsoide do SIRGAS 2000) e os vértices de um território.
pub fn medir(poligonos: &MultiPolygon<f64>) -> (u64, u32) {
    let area = divisa_territorio::geodesia::area_geodesica(poligonos).area_m2;
    let vertices: usize = poligonos
        .0
        .iter()
        .map(|p| {
            std::iter::once(p.exterior())
                .chain(p.interiors())
                .map(|a| a.0.len().saturating_sub(1))
                .sum::<usize>()
        })
        .sum();
    (area.round().max(0.0) as u64, vertices as u32)
}

/// Um achado da área simulada diante do da versão em vigor.
#[derive(Debug, Clone)]
pub struct AchadoComparado {
    /// O achado com a área simulada.
    pub achado: Achado,
    /// A situação com a área em vigor (`None`: o achado não existia).
    pub antes: Option<Situacao>,
}

impl AchadoComparado {
    /// Se a situação mudou.
    pub fn mudou(&self) -> bool {
        self.antes != Some(self.achado.situacao)
    }
}

/// O que a lei diz da área enquanto ela é desenhada, sem nada gravar.
#[derive(Debug, Clone)]
pub struct Simulacao {
    /// A avaliação com a área simulada.
    pub avaliados: AutosAvaliados,
    /// Área geodésica, m², e vértices.
    pub area_m2: u64,
    /// Vértices.
    pub vertices: u32,
    /// Cada achado diante do da área em vigor (os que a área não muda também).
    pub achados: Vec<AchadoComparado>,
    /// Os achados da área em vigor que a simulada não tem mais.
    pub sumidos: Vec<Achado>,
    /// O FPM de cada município da proposta com a área simulada (linhas para pessoas), ou por
    /// que não se calcula.
    pub fpm: Result<Fpm, String>,
}

/// O efeito no FPM, para o painel: uma linha por município da proposta e de onde vêm os números.
#[derive(Debug, Clone)]
pub struct Fpm {
    /// «Sorriso: R$ +1.234,56 por ano (coeficiente 3,0 → 3,2)».
    pub linhas: Vec<(String, String)>,
    /// A base populacional, o fundo e se é estimativa.
    pub nota: String,
}

/// O FPM dos `fatos` (o estudo fiscal da proposta, com o fundo estimado e rotulado).
fn fpm(fatos: &divisa_lei::Fatos, data: Date) -> Result<Fpm, String> {
    let e = crate::fiscal::estudo(fatos, data, &crate::fiscal::OpcoesFiscais::default())
        .map_err(|e| e.mensagem)?;
    let linhas: Vec<(String, String)> = e
        .fpm
        .municipios
        .iter()
        .filter(|m| m.da_proposta())
        .map(|m| {
            (
                m.nome.clone(),
                format!(
                    "{} por ano (coeficiente {} → {}; {} → {} habitantes){}",
                    divisa_fiscal::formato::reais_com_sinal(m.variacao_reais),
                    divisa_fiscal::formato::decimal(m.coeficiente_antes, 1),
                    divisa_fiscal::formato::decimal(m.coeficiente_depois, 1),
                    divisa_referencia::formato::inteiro(i64::from(m.populacao_antes)),
                    divisa_referencia::formato::inteiro(i64::from(m.populacao_depois)),
                    if m.aguarda_instalacao {
                        " — só depois de instalado (LC nº 91/1997)"
                    } else {
                        ""
                    }
                ),
            )
        })
        .collect();
    let mut nota = format!(
        "{}FPM-Interior de Mato Grosso, zero-soma entre os municípios do estado; população: {}; fundo: {}.",
        if e.fpm.estimativa { "Estimativa — " } else { "" },
        e.fpm.populacao,
        if e.fpm.fundo_estimativa {
            "estimado pelo divisa, não é o valor do Tesouro Nacional"
        } else {
            e.fpm.fundo_fonte.as_str()
        }
    );
    // sem município que mude, diz-se por quê (a população da área não é conhecida…)
    if linhas.is_empty() {
        nota.insert_str(0, "Nenhum município muda de coeficiente com esta área. ");
        if let Some(n) = e
            .notas
            .iter()
            .find(|n| n.starts_with("A população da área"))
        {
            nota.push(' ');
            nota.push_str(n);
        }
    }
    Ok(Fpm { linhas, nota })
}

/// O nome com que a área simulada entra na avaliação (nunca gravado).
const SIMULADA: &str = "area-simulada.geojson";

/// A lei aplicada aos autos com `area` (GeoJSON) no lugar da área em vigor, e cada achado
/// comparado com o da área em vigor (`em_vigor`, a avaliação que quem chama já tem ou faz com
/// [`crate::autos::avaliar`]).
pub fn simular(
    processo: &Processo,
    do_registro: &DoRegistro,
    em_vigor: Option<&AutosAvaliados>,
    area: &[u8],
    data: Date,
) -> Result<Simulacao, ErroArea> {
    // conferida aqui para o 422 trazer os pontos; medida uma vez só, na avaliação
    ler(SIMULADA, area)?;
    let mut p = processo.clone();
    p.arquivos_de_area.push(SIMULADA.to_owned());
    // a área simulada é outra linha: nenhuma certidão a certificou
    p.area_alterada_em = Some(data);
    let mut registro = do_registro.clone();
    let depois = registro
        .arquivos
        .iter()
        .map(|(seq, ..)| *seq)
        .max()
        .unwrap_or_default()
        + 1;
    registro
        .arquivos
        .push((depois, SIMULADA.to_owned(), area.to_vec()));
    if let Some(v) = registro.versoes.as_mut() {
        v.push(Versao {
            numero: v.len() as u32 + 1,
            seq: depois,
            arquivo: SIMULADA.to_owned(),
            sha256: String::new(),
            desenhada: true,
        });
    }
    let avaliados = crate::autos::avaliar(&p, &registro, data)?;
    let medidas = avaliados
        .proposta
        .fatos
        .novo
        .as_ref()
        .and_then(|n| n.area.as_ref())
        .or_else(|| {
            avaliados
                .proposta
                .fatos
                .desmembramento
                .as_ref()
                .and_then(|d| d.area.as_ref())
        })
        .and_then(|a| a.medidas.as_ref());
    let (area_m2, vertices) = match (medidas, &avaliados.proposta.territorio) {
        (Some(m), _) => ((m.area_km2 * 1e6).round() as u64, m.vertices as u32),
        (None, Some(t)) => medir(&t.poligonos),
        (None, None) => (0, 0),
    };
    let antes = em_vigor.map(|a| &a.avaliacao.achados[..]).unwrap_or(&[]);
    // Um dispositivo pode dar vários achados com a mesma citação (o Art. 13: as assinaturas, as
    // firmas, as sedes na área): cada um se compara com o de mesma ordem entre os seus iguais.
    let chaves = |lista: &[Achado]| -> Vec<(String, String, usize)> {
        let mut vistos: std::collections::HashMap<(String, String), usize> = Default::default();
        lista
            .iter()
            .map(|a| {
                let k = (a.dispositivo.clone(), a.citacao.clone());
                let n = vistos.entry(k.clone()).or_default();
                *n += 1;
                (k.0, k.1, *n)
            })
            .collect()
    };
    let (chaves_antes, chaves_depois) = (chaves(antes), chaves(&avaliados.avaliacao.achados));
    let achados = avaliados
        .avaliacao
        .achados
        .iter()
        .zip(&chaves_depois)
        .map(|(a, k)| AchadoComparado {
            achado: a.clone(),
            antes: chaves_antes
                .iter()
                .position(|c| c == k)
                .map(|i| antes[i].situacao),
        })
        .collect();
    let sumidos = antes
        .iter()
        .zip(&chaves_antes)
        .filter(|(_, k)| !chaves_depois.contains(k))
        .map(|(a, _)| a.clone())
        .collect();
    let fpm = fpm(&avaliados.proposta.fatos, data);
    Ok(Simulacao {
        avaliados,
        area_m2,
        vertices,
        achados,
        sumidos,
        fpm,
    })
}

/// O que uma versão ganhou e perdeu diante de outra.
#[derive(Debug, Clone)]
pub struct Diferenca {
    /// O que está na atual e não estava na anterior.
    pub ganho: MultiPolygon<f64>,
    /// O que estava na anterior e não está na atual.
    pub perda: MultiPolygon<f64>,
    /// Área ganha, m².
    pub ganho_m2: f64,
    /// Área perdida, m².
    pub perda_m2: f64,
}

/// A diferença entre a área `atual` e a `anterior`, com as áreas geodésicas de cada lado.
pub fn diferenca(
    atual: &MultiPolygon<f64>,
    anterior: &MultiPolygon<f64>,
) -> Result<Diferenca, divisa_territorio::operacoes::ErroOperacao> {
    let ganho = divisa_territorio::operacoes::diferenca(atual, anterior)?;
    let perda = divisa_territorio::operacoes::diferenca(anterior, atual)?;
    let ganho_m2 = divisa_territorio::geodesia::area_geodesica(&ganho).area_m2;
    let perda_m2 = divisa_territorio::geodesia::area_geodesica(&perda).area_m2;
    Ok(Diferenca {
        ganho,
        perda,
        ganho_m2,
        perda_m2,
    })
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn com_area_troca_so_o_arquivo_da_area() {
        let t = "tipo = \"desmembramento\"\n[desmembramento]\ncedente = 1\nreceptor = 2\narea = \"mapa.kml\"\narea_km2 = 12.5\n";
        let novo = com_area(t, "area-v2.geojson");
        assert_eq!(arquivo_citado(&novo).as_deref(), Some("area-v2.geojson"));
        assert!(novo.contains("cedente = 1"), "{novo}");
        assert!(
            !novo.contains("area_km2"),
            "a área declarada era a da linha anterior: {novo}"
        );
        // a proposta que não tinha arquivo ganha a área desenhada
        let sem = "tipo = \"desmembramento\"\n[desmembramento]\ncedente = 1\nreceptor = 2\narea_km2 = 12.5\n";
        assert_eq!(
            arquivo_citado(&com_area(sem, "area-v1.geojson")).as_deref(),
            Some("area-v1.geojson")
        );
        assert_eq!(
            com_area("tipo = \"extincao\"\n", "x"),
            "tipo = \"extincao\"\n"
        );
    }
}
