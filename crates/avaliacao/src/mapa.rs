//! O mapa de uma proposta com território: a área, os municípios de origem (ou o cedente), o
//! receptor, os vizinhos que aparecem no recorte e as sedes, sobre a Malha Municipal 2022.
//!
//! Quem é quem no mapa ([`municipios_em_destaque`], [`papel_do_territorio`], [`sede_proposta`])
//! se decide aqui, uma vez, pelo tipo de processo; o mapa dos documentos oficiais
//! (`divisa-documentos`) usa as mesmas funções.

use divisa_lei::{Fatos, Tipo};
use divisa_territorio::mapa::{svg, Camada, PapelNoMapa, Ponto};
use geo::{BoundingRect, Intersects};
use geo_types::{Coord, Rect};

use crate::proposta::Proposta;

/// Os municípios que o mapa de uma proposta põe em destaque, com o papel de cada um no tipo de
/// processo: na criação, os de origem; na revisão de limites, o cedente (origem) e o receptor;
/// na incorporação, o incorporado, que se extingue, e o receptor — que não é "de origem": não
/// cede nada, recebe; na fusão, os que se fundem. Os outros tipos não têm mapa de municípios.
pub fn municipios_em_destaque(fatos: &Fatos) -> Vec<(u32, PapelNoMapa)> {
    let origens = |papel: PapelNoMapa| {
        fatos
            .novo
            .as_ref()
            .map(|n| n.origens.iter().map(|c| (*c, papel)).collect())
            .unwrap_or_default()
    };
    match fatos.tipo {
        Tipo::Criacao => origens(PapelNoMapa::Origem),
        Tipo::Fusao => origens(PapelNoMapa::Fundido),
        Tipo::Desmembramento => fatos.desmembramento.as_ref().map_or(Vec::new(), |d| {
            vec![
                (d.cedente, PapelNoMapa::Origem),
                (d.receptor, PapelNoMapa::Receptor),
            ]
        }),
        Tipo::Incorporacao => fatos.incorporacao.as_ref().map_or(Vec::new(), |i| {
            vec![
                (i.municipio, PapelNoMapa::Incorporado),
                (i.receptor, PapelNoMapa::Receptor),
            ]
        }),
        Tipo::Extincao | Tipo::AlteracaoNome | Tipo::CriacaoDistrito => Vec::new(),
    }
}

/// O papel do território que a proposta traz em arquivo: o do novo município na criação (e na
/// fusão, se vier); nos outros tipos, a área que passa de um município a outro.
pub fn papel_do_territorio(tipo: Tipo) -> PapelNoMapa {
    match tipo {
        Tipo::Criacao | Tipo::Fusao => PapelNoMapa::Novo,
        _ => PapelNoMapa::Area,
    }
}

/// A sede proposta do município a criar (criação e fusão): o nome da localidade e o ponto
/// `[lon, lat]` em graus SIRGAS 2000. O ponto é o que a proposta dá em `sede_coordenadas`;
/// sem ele, o da sede de distrito de mesmo nome num dos municípios de origem (na fusão a sede
/// costuma ser uma cidade que já existe). Sem nenhum dos dois, `None`: o mapa não inventa o
/// lugar da sede.
pub fn sede_proposta(fatos: &Fatos) -> Option<(String, [f64; 2])> {
    if !matches!(fatos.tipo, Tipo::Criacao | Tipo::Fusao) {
        return None;
    }
    let novo = fatos.novo.as_ref()?;
    let nome = novo.sede.clone().or_else(|| novo.nome.clone())?;
    if let Some(ponto) = novo.sede_coordenadas {
        return Some((nome, ponto));
    }
    let mt = divisa_referencia::mt().ok()?;
    let chave = divisa_referencia::nomes::chave(&nome);
    novo.origens
        .iter()
        .filter_map(|c| mt.por_codigo(*c))
        .flat_map(|m| &m.distritos)
        .find(|d| d.sede.is_some() && divisa_referencia::nomes::chave(&d.nome) == chave)
        .and_then(|d| d.sede.as_ref())
        .map(|p| (nome, [p.lon, p.lat]))
}

/// O SVG do mapa, ou `None` se a proposta não trouxe território legível.
pub fn da_proposta(proposta: &Proposta) -> Option<String> {
    let territorio = proposta.territorio.as_ref()?;
    let fatos = &proposta.fatos;
    let destaque = municipios_em_destaque(fatos);
    let malha = divisa_referencia::malha::carregar().ok()?;
    let mt = divisa_referencia::mt().ok()?;
    let caixa = territorio.poligonos.bounding_rect()?;
    // O recorte: a área e as origens/receptor, com folga, para escolher os vizinhos a desenhar.
    let mut recorte = caixa;
    for (entrada, poligono) in &malha {
        if destaque.iter().any(|(c, _)| *c == entrada.codigo) {
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
            let papel = destaque
                .iter()
                .find(|(c, _)| *c == entrada.codigo)
                .map_or(PapelNoMapa::Vizinho, |(_, p)| *p);
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
        papel: papel_do_territorio(fatos.tipo),
    });
    let proposta_de_sede = sede_proposta(fatos);
    let mut pontos: Vec<Ponto> = mt
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
    if let Some((nome, [lon, lat])) = proposta_de_sede {
        // Na fusão a sede proposta é em geral uma cidade que já está no mapa: um ponto só.
        pontos.retain(|p| (p.lon - lon).abs() > 1e-6 || (p.lat - lat).abs() > 1e-6);
        pontos.push(Ponto {
            nome: format!("{nome} (sede proposta)"),
            lon,
            lat,
        });
    }
    Some(svg(&crate::relatorio::descrever(fatos), &camadas, &pontos))
}

#[cfg(test)]
mod testes {
    use super::*;
    use divisa_lei::fatos::{Incorporacao, NovoMunicipio};

    const ARAGUAINHA: u32 = 5101209;
    const PONTE_BRANCA: u32 = 5106703;

    #[test]
    fn art1_na_incorporacao_o_receptor_nao_e_municipio_de_origem() {
        let mut fatos = Fatos::vazios(Tipo::Incorporacao);
        fatos.incorporacao = Some(Incorporacao {
            municipio: ARAGUAINHA,
            receptor: PONTE_BRANCA,
        });
        assert_eq!(
            municipios_em_destaque(&fatos),
            vec![
                (ARAGUAINHA, PapelNoMapa::Incorporado),
                (PONTE_BRANCA, PapelNoMapa::Receptor)
            ]
        );
    }

    #[test]
    fn art4_na_fusao_a_sede_proposta_e_achada_pelo_nome_entre_as_sedes_dos_que_se_fundem() {
        let mut fatos = Fatos::vazios(Tipo::Fusao);
        fatos.novo = Some(NovoMunicipio {
            nome: Some("Ponte Branca".into()),
            sede: Some("PONTE BRANCA".into()),
            origens: vec![ARAGUAINHA, PONTE_BRANCA],
            ..NovoMunicipio::default()
        });
        assert!(municipios_em_destaque(&fatos)
            .iter()
            .all(|(_, p)| *p == PapelNoMapa::Fundido));
        let (nome, [lon, lat]) = sede_proposta(&fatos).expect("a cidade de Ponte Branca");
        assert_eq!(nome, "PONTE BRANCA");
        assert!(
            (-53.0..-52.5).contains(&lon) && (-17.0..-16.5).contains(&lat),
            "{lon} {lat}"
        );
        // Sem nome que se ache e sem coordenadas, o mapa não inventa a sede.
        fatos.novo.as_mut().expect("novo").sede = Some("Lugar Nenhum".into());
        assert_eq!(sede_proposta(&fatos), None);
    }
}
