//! A Malha Municipal 2022 do IBGE para Mato Grosso (141 polígonos), embutida em forma binária.
//!
//! O `build.rs` deste crate converte `dados/mt_municipios.geojson` em inteiros de micrograus
//! (sem perda: a malha tem seis casas decimais) com um índice por município. Assim:
//! - quem só quer nome e área oficial lê o índice, sem decodificar vértice nenhum;
//! - quem quer um polígono decodifica só aquele município;
//! - a malha inteira (cerca de 750 mil vértices) se decodifica em poucos milissegundos.
//!
//! Boa Esperança do Norte (5101837) não está nesta malha; [`poligono`] devolve `None` para ele,
//! e quem mostra isso a uma pessoa deve dizer por quê ([`crate::mt::Municipio::ausencias`]).
//!
//! # Unidades
//! Coordenadas em graus decimais SIRGAS 2000 (EPSG:4674), `x` = longitude, `y` = latitude,
//! anéis exteriores em sentido anti-horário (RFC 7946).

use geo_types::{Coord, LineString, MultiPolygon, Polygon};

use crate::ErroDados;

/// Dados de um município na malha que não exigem decodificar a geometria.
#[derive(Debug, Clone, Copy)]
pub struct EntradaMalha {
    /// Código IBGE de 7 dígitos.
    pub codigo: u32,
    /// Nome como escrito na Malha 2022 (NM_MUN), que às vezes difere do nome oficial atual.
    pub nome_malha_2022: &'static str,
    /// Área oficial publicada com a malha (AREA_KM2), em km².
    pub area_km2_ibge: f64,
    /// Número de vértices de todos os anéis (o de fechamento incluído).
    pub vertices: usize,
    inicio: usize,
    fim: usize,
}

include!(concat!(env!("OUT_DIR"), "/malha_indice.rs"));

static BLOB: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/malha.bin"));

/// O índice da malha: uma entrada por município, em ordem de código IBGE.
pub fn indice() -> &'static [EntradaMalha] {
    &INDICE
}

/// A entrada de um município no índice, se ele tiver polígono na malha.
pub fn entrada(codigo: u32) -> Option<&'static EntradaMalha> {
    INDICE
        .binary_search_by_key(&codigo, |e| e.codigo)
        .ok()
        .map(|i| &INDICE[i])
}

/// O polígono (ou multipolígono) de um município da Malha 2022, ou `None` se ele não estiver
/// na malha.
pub fn poligono(codigo: u32) -> Result<Option<MultiPolygon<f64>>, ErroDados> {
    entrada(codigo).map(decodificar).transpose()
}

/// A malha inteira: todos os municípios com os seus polígonos, em ordem de código.
pub fn carregar() -> Result<Vec<(&'static EntradaMalha, MultiPolygon<f64>)>, ErroDados> {
    INDICE
        .iter()
        .map(|e| decodificar(e).map(|p| (e, p)))
        .collect()
}

fn decodificar(entrada: &EntradaMalha) -> Result<MultiPolygon<f64>, ErroDados> {
    let corrompida = || ErroDados::MalhaCorrompida {
        codigo: entrada.codigo,
    };
    let bytes = BLOB
        .get(entrada.inicio..entrada.fim)
        .ok_or_else(corrompida)?;
    let mut leitor = Leitor { bytes, posicao: 0 };
    ler_multipoligono(&mut leitor, entrada.vertices).ok_or_else(corrompida)
}

fn ler_multipoligono(leitor: &mut Leitor<'_>, vertices: usize) -> Option<MultiPolygon<f64>> {
    let quantidade_poligonos = leitor.u32()?;
    let mut poligonos = Vec::with_capacity(quantidade_poligonos);
    let mut lidos = 0;
    for _ in 0..quantidade_poligonos {
        let quantidade_aneis = leitor.u32()?;
        let mut aneis = Vec::with_capacity(quantidade_aneis);
        for _ in 0..quantidade_aneis {
            let quantidade_vertices = leitor.u32()?;
            // Nunca reserve mais do que o índice diz existir: protege contra um blob truncado.
            lidos += quantidade_vertices;
            if lidos > vertices {
                return None;
            }
            let mut coordenadas = Vec::with_capacity(quantidade_vertices);
            let (mut lon, mut lat) = (0i64, 0i64);
            for _ in 0..quantidade_vertices {
                lon += leitor.varint_zigzag()?;
                lat += leitor.varint_zigzag()?;
                coordenadas.push(Coord {
                    x: lon as f64 / 1e6,
                    y: lat as f64 / 1e6,
                });
            }
            aneis.push(LineString(coordenadas));
        }
        let mut aneis = aneis.into_iter();
        let exterior = aneis.next()?;
        poligonos.push(Polygon::new(exterior, aneis.collect()));
    }
    (leitor.posicao == leitor.bytes.len() && lidos == vertices).then_some(MultiPolygon(poligonos))
}

struct Leitor<'a> {
    bytes: &'a [u8],
    posicao: usize,
}

impl Leitor<'_> {
    fn u32(&mut self) -> Option<usize> {
        let fatia = self.bytes.get(self.posicao..self.posicao + 4)?;
        self.posicao += 4;
        Some(u32::from_le_bytes(fatia.try_into().ok()?) as usize)
    }

    fn varint_zigzag(&mut self) -> Option<i64> {
        let mut valor = 0u64;
        for deslocamento in (0..64).step_by(7) {
            let byte = *self.bytes.get(self.posicao)?;
            self.posicao += 1;
            valor |= u64::from(byte & 0x7f) << deslocamento;
            if byte & 0x80 == 0 {
                return Some((valor >> 1) as i64 ^ -((valor & 1) as i64));
            }
        }
        None
    }
}

/// Uma divisa comum entre dois municípios da Malha 2022.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fronteira {
    /// O de menor código.
    pub a: u32,
    /// O de maior código.
    pub b: u32,
    /// O comprimento da divisa comum, em km, medido na esfera de raio médio (6.371,0 km): serve
    /// para dizer "têm divisa comum de cerca de 42 km", não para um memorial.
    pub km: f64,
}

/// As divisas comuns de toda a malha, calculadas uma vez.
///
/// A Malha Municipal do IBGE é topológica: dois municípios vizinhos têm os mesmos vértices na
/// divisa comum (na malha embutida, 361.620 dos 386.699 lados são de dois municípios; os outros
/// estão na divisa do Estado). Por isso "vizinhos" é "têm ao menos um lado em comum", que é uma
/// divisa de comprimento positivo; dois municípios que se tocam num só ponto não têm lado comum e
/// não são vizinhos (a continuidade territorial não passa por um ponto).
pub fn fronteiras() -> Result<&'static [Fronteira], ErroDados> {
    static FRONTEIRAS: std::sync::OnceLock<Result<Vec<Fronteira>, ErroDados>> =
        std::sync::OnceLock::new();
    FRONTEIRAS
        .get_or_init(calcular_fronteiras)
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// O comprimento da divisa comum entre `a` e `b`, em km (0 se não são vizinhos); `None` se um
/// deles não tem polígono na malha (a vizinhança não pode ser decidida).
pub fn divisa_comum_km(a: u32, b: u32) -> Result<Option<f64>, ErroDados> {
    if entrada(a).is_none() || entrada(b).is_none() {
        return Ok(None);
    }
    let (a, b) = (a.min(b), a.max(b));
    Ok(Some(
        fronteiras()?
            .iter()
            .find(|f| f.a == a && f.b == b)
            .map_or(0.0, |f| f.km),
    ))
}

/// Os vizinhos de um município (os que têm divisa comum com ele), em ordem de código.
pub fn vizinhos(codigo: u32) -> Result<Vec<u32>, ErroDados> {
    Ok(fronteiras()?
        .iter()
        .filter_map(|f| {
            if f.a == codigo {
                Some(f.b)
            } else if f.b == codigo {
                Some(f.a)
            } else {
                None
            }
        })
        .collect())
}

fn calcular_fronteiras() -> Result<Vec<Fronteira>, ErroDados> {
    use std::collections::HashMap;
    type Ponto = (i64, i64);
    let micrograus =
        |c: Coord<f64>| -> Ponto { ((c.x * 1e6).round() as i64, (c.y * 1e6).round() as i64) };
    // Cada lado (sem sentido) → o primeiro município que o tem; o segundo que o tiver faz par.
    let mut lados: HashMap<(Ponto, Ponto), u32> = HashMap::new();
    let mut pares: HashMap<(u32, u32), f64> = HashMap::new();
    for (entrada, multipoligono) in carregar()? {
        for poligono in &multipoligono {
            for anel in std::iter::once(poligono.exterior()).chain(poligono.interiors()) {
                for lado in anel.0.windows(2) {
                    let (p, q) = (micrograus(lado[0]), micrograus(lado[1]));
                    if p == q {
                        continue;
                    }
                    let chave = (p.min(q), p.max(q));
                    match lados.get(&chave) {
                        Some(&outro) if outro != entrada.codigo => {
                            let par = (outro.min(entrada.codigo), outro.max(entrada.codigo));
                            *pares.entry(par).or_insert(0.0) += distancia_km(lado[0], lado[1]);
                        }
                        Some(_) => {}
                        None => {
                            lados.insert(chave, entrada.codigo);
                        }
                    }
                }
            }
        }
    }
    let mut fronteiras: Vec<Fronteira> = pares
        .into_iter()
        .map(|((a, b), km)| Fronteira { a, b, km })
        .collect();
    fronteiras.sort_by_key(|f| (f.a, f.b));
    Ok(fronteiras)
}

/// Distância na esfera de raio médio (haversine), em km.
fn distancia_km(p: Coord<f64>, q: Coord<f64>) -> f64 {
    const RAIO_KM: f64 = 6_371.0;
    let (f1, f2) = (p.y.to_radians(), q.y.to_radians());
    let df = f2 - f1;
    let dl = (q.x - p.x).to_radians();
    let h = (df / 2.0).sin().powi(2) + f1.cos() * f2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * RAIO_KM * h.sqrt().asin()
}

#[cfg(test)]
mod testes {
    use super::*;

    // Cuiabá (5103403) e Várzea Grande (5108402) têm divisa comum (o rio Cuiabá).
    #[test]
    fn cuiaba_e_varzea_grande_sao_vizinhos() {
        let km = divisa_comum_km(5103403, 5108402).unwrap().unwrap();
        assert!(km > 10.0, "{km}");
        assert!(vizinhos(5103403).unwrap().contains(&5108402));
    }

    // Cuiabá e Sinop (5107909), a 500 km, não têm divisa comum.
    #[test]
    fn cuiaba_e_sinop_nao_sao_vizinhos() {
        assert_eq!(divisa_comum_km(5103403, 5107909).unwrap(), Some(0.0));
    }

    // Boa Esperança do Norte (5101837) não tem polígono: a vizinhança não se decide.
    #[test]
    fn sem_poligono_nao_decide() {
        assert_eq!(divisa_comum_km(5101837, 5107909).unwrap(), None);
    }

    #[test]
    fn todo_municipio_da_malha_tem_vizinho() {
        for e in indice() {
            assert!(!vizinhos(e.codigo).unwrap().is_empty(), "{}", e.codigo);
        }
    }
}
