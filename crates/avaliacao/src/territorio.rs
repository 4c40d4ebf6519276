//! Do território lido às medidas que a lei usa: área geodésica, partes, vértices e as sedes
//! (Base de Localidades 2022) dentro ou sobre a divisa.

use divisa_lei::fatos::MedidasArea;
use divisa_territorio::geodesia::area_geodesica;
use divisa_territorio::leitura::Territorio;
use divisa_territorio::sedes::{posicao, Posicao};

/// Mede um território. `cedente`, quando há, é o município cujos distritos sem coordenadas
/// precisam ser lembrados (não puderam ser testados).
pub fn medir(territorio: &Territorio, cedente: Option<u32>) -> MedidasArea {
    let poligonos = &territorio.poligonos;
    let vertices = poligonos
        .0
        .iter()
        .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
        .map(|anel| anel.0.len().saturating_sub(1))
        .sum();
    let mut medidas = MedidasArea {
        area_km2: area_geodesica(poligonos).area_km2(),
        area_albers_km2: divisa_territorio::albers::area_albers_ibge(poligonos) / 1e6,
        partes: poligonos.0.len(),
        vertices,
        ..MedidasArea::default()
    };
    let Ok(mt) = divisa_referencia::mt() else {
        return medidas;
    };
    for municipio in mt.municipios() {
        // Cada distrito com sede localizada; o município sem distritos (Boa Esperança do Norte)
        // entra pela própria sede.
        let mut pontos: Vec<(String, f64, f64)> = municipio
            .distritos
            .iter()
            .filter_map(|d| {
                let sede = d.sede.as_ref()?;
                let nome = if d.sede_municipal {
                    format!("sede municipal de {}", municipio.nome)
                } else {
                    format!("sede do distrito {} ({})", d.nome, municipio.nome)
                };
                Some((nome, sede.lon, sede.lat))
            })
            .collect();
        if municipio.distritos.is_empty() {
            if let Some(sede) = &municipio.sede {
                pontos.push((
                    format!("sede municipal de {}", municipio.nome),
                    sede.lon,
                    sede.lat,
                ));
            }
        }
        for (nome, lon, lat) in pontos {
            match posicao(poligonos, lon, lat) {
                Posicao::Dentro => medidas.sedes_dentro.push(nome),
                Posicao::NaDivisa => medidas.sedes_na_divisa.push(nome),
                Posicao::Fora => {}
            }
        }
        if Some(municipio.codigo_ibge) == cedente {
            medidas.distritos_sem_coordenadas = municipio
                .distritos
                .iter()
                .filter(|d| d.sede.is_none())
                .map(|d| d.nome.clone())
                .collect();
        }
    }
    medidas
}
