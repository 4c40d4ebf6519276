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
