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
use divisa_processo::Processo;
use geo_types::{Coord, MultiPolygon};
use jiff::civil::Date;

use crate::autos::{AutosAvaliados, DoRegistro, ErroAutos};

pub use crate::versoes_da_area::{
    arquivo_citado, com_area, versoes, versoes_dos_arquivos, Versao, VersaoNosAutos,
};

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
