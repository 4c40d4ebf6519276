//! O mapa de uma proposta com território: a área, os municípios de origem (ou o cedente), o
//! receptor, os vizinhos que aparecem no recorte e as sedes, sobre a Malha Municipal 2022.

use divisa_lei::Tipo;
use divisa_territorio::mapa::{svg, Camada, Papel, Ponto};
use geo::{BoundingRect, Intersects};
use geo_types::{Coord, Rect};

use crate::proposta::Proposta;

/// O SVG do mapa, ou `None` se a proposta não trouxe território legível.
pub fn da_proposta(proposta: &Proposta) -> Option<String> {
    let territorio = proposta.territorio.as_ref()?;
    let fatos = &proposta.fatos;
    let (origens, receptor): (Vec<u32>, Option<u32>) = match fatos.tipo {
        Tipo::Criacao | Tipo::Fusao => (
            fatos
                .novo
                .as_ref()
                .map(|n| n.origens.clone())
                .unwrap_or_default(),
            None,
        ),
        Tipo::Desmembramento => fatos
            .desmembramento
            .as_ref()
            .map_or((Vec::new(), None), |d| (vec![d.cedente], Some(d.receptor))),
        _ => (Vec::new(), None),
    };
    let malha = divisa_referencia::malha::carregar().ok()?;
    let mt = divisa_referencia::mt().ok()?;
    let caixa = territorio.poligonos.bounding_rect()?;
    // O recorte: a área e as origens/receptor, com folga, para escolher os vizinhos a desenhar.
    let mut recorte = caixa;
    for (entrada, poligono) in &malha {
        if origens.contains(&entrada.codigo) || Some(entrada.codigo) == receptor {
            if let Some(c) = poligono.bounding_rect() {
                recorte = Rect::new(
                    Coord {
                        x: recorte.min().x.min(c.min().x),
                        y: recorte.min().y.min(c.min().y),
                    },
                    Coord {
                        x: recorte.max().x.max(c.max().x),
                        y: recorte.max().y.max(c.max().y),
                    },
                );
            }
        }
    }
    let nome = |codigo: u32, padrao: &str| {
        mt.por_codigo(codigo)
            .map_or_else(|| padrao.to_owned(), |m| m.nome.clone())
    };
    let mut camadas: Vec<Camada<'_>> = malha
        .iter()
        .filter(|(_, poligono)| poligono.intersects(&recorte))
        .map(|(entrada, poligono)| {
            let papel = if origens.contains(&entrada.codigo) {
                Papel::Origem
            } else if Some(entrada.codigo) == receptor {
                Papel::Receptor
            } else {
                Papel::Vizinho
            };
            Camada {
                nome: nome(entrada.codigo, entrada.nome_malha_2022),
                territorio: poligono,
                papel,
            }
        })
        .collect();
    camadas.push(Camada {
        nome: territorio.arquivo.clone(),
        territorio: &territorio.poligonos,
        papel: Papel::Area,
    });
    let pontos: Vec<Ponto> = mt
        .municipios()
        .iter()
        .flat_map(|m| m.distritos.iter().map(move |d| (m, d)))
        .filter_map(|(m, d)| {
            let sede = d.sede.as_ref()?;
            let dentro = (recorte.min().x..=recorte.max().x).contains(&sede.lon)
                && (recorte.min().y..=recorte.max().y).contains(&sede.lat);
            dentro.then(|| Ponto {
                nome: if d.sede_municipal {
                    m.nome.clone()
                } else {
                    d.nome.clone()
                },
                lon: sede.lon,
                lat: sede.lat,
            })
        })
        .collect();
    Some(svg(&crate::relatorio::descrever(fatos), &camadas, &pontos))
}
