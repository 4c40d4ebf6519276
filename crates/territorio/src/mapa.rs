//! O mapa de uma proposta em SVG, para relatórios e para a web: municípios de origem, a área em
//! jogo, vizinhos, sedes, escala gráfica, seta do norte e legenda.
//!
//! Projeção: UTM na zona do centro do mapa (SIRGAS 2000), que mantém formas e distâncias num
//! recorte municipal; o norte da seta é o da quadrícula UTM (difere do verdadeiro em menos de
//! 2° em Mato Grosso). Vértices mais próximos que meio pixel do anterior são omitidos: o desenho
//! não muda e o arquivo fica pequeno.

use std::fmt::Write as _;

use divisa_referencia::formato::decimal;
use geo::BoundingRect;
use geo_types::{LineString, MultiPolygon};

use crate::utm::{para_utm, zona_de};

const LARGURA: f64 = 800.0;
const ALTURA: f64 = 600.0;
const MARGEM: f64 = 30.0;

/// O papel de um município (ou da área) no mapa de uma proposta, que decide a cor e a legenda.
///
/// A ordem das variantes é a do desenho: os vizinhos por baixo, a área da proposta por cima.
/// O mesmo vocabulário serve ao mapa do relatório (aqui) e ao dos documentos oficiais
/// (`divisa-documentos`), que guardam o papel pelo [`PapelNoMapa::codigo`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PapelNoMapa {
    /// Município vizinho, de contexto.
    Vizinho,
    /// Município de origem: cede território ao novo município ou à área desmembrada.
    Origem,
    /// Município que recebe a área (revisão de limites) ou o município incorporado.
    Receptor,
    /// Município incorporado a outro, que se extingue (Art. 1º).
    Incorporado,
    /// Município que se funde com outros num novo (Art. 4º).
    Fundido,
    /// A área a desmembrar de um município para outro (Art. 8º).
    Area,
    /// O território do município a criar.
    Novo,
}

impl PapelNoMapa {
    /// Todos, na ordem do desenho.
    pub const TODOS: [PapelNoMapa; 7] = [
        PapelNoMapa::Vizinho,
        PapelNoMapa::Origem,
        PapelNoMapa::Receptor,
        PapelNoMapa::Incorporado,
        PapelNoMapa::Fundido,
        PapelNoMapa::Area,
        PapelNoMapa::Novo,
    ];

    /// O código guardado nos documentos (`"origem"`, `"receptor"`…).
    pub fn codigo(self) -> &'static str {
        match self {
            PapelNoMapa::Vizinho => "vizinho",
            PapelNoMapa::Origem => "origem",
            PapelNoMapa::Receptor => "receptor",
            PapelNoMapa::Incorporado => "incorporado",
            PapelNoMapa::Fundido => "fundido",
            PapelNoMapa::Area => "area",
            PapelNoMapa::Novo => "novo",
        }
    }

    /// O inverso de [`PapelNoMapa::codigo`].
    pub fn de_codigo(codigo: &str) -> Option<PapelNoMapa> {
        PapelNoMapa::TODOS
            .into_iter()
            .find(|p| p.codigo() == codigo)
    }

    /// O preenchimento, o contorno e a espessura do contorno (px). Cores claras e distintas
    /// entre si, que se leem impressas em preto e branco pela espessura do contorno.
    pub fn estilo(self) -> (&'static str, &'static str, f64) {
        match self {
            PapelNoMapa::Vizinho => ("#f2f2ee", "#b8b8b0", 0.8),
            PapelNoMapa::Origem => ("#e3e8d4", "#6f7d4b", 1.2),
            PapelNoMapa::Receptor => ("#d9e4f0", "#4b6f96", 1.2),
            PapelNoMapa::Incorporado => ("#f5e6b3", "#9a7a14", 1.2),
            PapelNoMapa::Fundido => ("#e6dcef", "#6d4f8c", 1.2),
            PapelNoMapa::Area => ("#f4b183", "#b3470c", 2.0),
            PapelNoMapa::Novo => ("#f2aca4", "#a3161a", 2.0),
        }
    }

    /// O nome do papel na legenda.
    pub fn legenda(self) -> &'static str {
        match self {
            PapelNoMapa::Vizinho => "município vizinho",
            PapelNoMapa::Origem => "município de origem",
            PapelNoMapa::Receptor => "município receptor",
            PapelNoMapa::Incorporado => "município incorporado (extingue-se)",
            PapelNoMapa::Fundido => "município que se funde",
            PapelNoMapa::Area => "área da proposta",
            PapelNoMapa::Novo => "território do novo município",
        }
    }
}

/// Uma camada do mapa.
pub struct Camada<'a> {
    /// Nome para o rótulo (vazio: sem rótulo).
    pub nome: String,
    /// O território.
    pub territorio: &'a MultiPolygon<f64>,
    /// O papel.
    pub papel: PapelNoMapa,
}

/// Um ponto rotulado (sede).
pub struct Ponto {
    /// Rótulo.
    pub nome: String,
    /// Longitude, graus.
    pub lon: f64,
    /// Latitude, graus.
    pub lat: f64,
}

use divisa_referencia::formato::escapar;

/// O mapa em SVG. O enquadramento é o das camadas que não são vizinhas (com folga de 10%).
pub fn svg(titulo: &str, camadas: &[Camada<'_>], pontos: &[Ponto]) -> String {
    let foco: Vec<&Camada<'_>> = camadas
        .iter()
        .filter(|c| c.papel != PapelNoMapa::Vizinho)
        .collect();
    let foco = if foco.is_empty() {
        camadas.iter().collect()
    } else {
        foco
    };
    let caixas: Vec<_> = foco
        .iter()
        .filter_map(|c| c.territorio.bounding_rect())
        .collect();
    let Some(primeira) = caixas.first() else {
        return format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{LARGURA}" height="{ALTURA}"><text x="20" y="40">{}: sem território</text></svg>"#,
            escapar(titulo)
        );
    };
    let (mut min_lon, mut min_lat, mut max_lon, mut max_lat) = (
        primeira.min().x,
        primeira.min().y,
        primeira.max().x,
        primeira.max().y,
    );
    for c in &caixas {
        min_lon = min_lon.min(c.min().x);
        min_lat = min_lat.min(c.min().y);
        max_lon = max_lon.max(c.max().x);
        max_lat = max_lat.max(c.max().y);
    }
    let zona = zona_de((min_lon + max_lon) / 2.0);
    let projetar = |lon: f64, lat: f64| {
        let u = para_utm(lon, lat, Some(zona));
        (u.leste_m, u.norte_m)
    };
    let cantos = [
        projetar(min_lon, min_lat),
        projetar(max_lon, max_lat),
        projetar(min_lon, max_lat),
        projetar(max_lon, min_lat),
    ];
    let (x0, x1) = cantos
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), c| {
            (a.min(c.0), b.max(c.0))
        });
    let (y0, y1) = cantos
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), c| {
            (a.min(c.1), b.max(c.1))
        });
    let (folga_x, folga_y) = ((x1 - x0) * 0.1, (y1 - y0) * 0.1);
    let (x0, x1, y0, y1) = (x0 - folga_x, x1 + folga_x, y0 - folga_y, y1 + folga_y);
    let escala = ((LARGURA - 2.0 * MARGEM) / (x1 - x0).max(1.0))
        .min((ALTURA - 2.0 * MARGEM) / (y1 - y0).max(1.0));
    let tela = |lon: f64, lat: f64| {
        let (x, y) = projetar(lon, lat);
        (
            MARGEM + (x - x0) * escala,
            ALTURA - MARGEM - (y - y0) * escala,
        )
    };

    let mut saida = String::with_capacity(64 * 1024);
    let _ = write!(
        saida,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {LARGURA} {ALTURA}" width="{LARGURA}" height="{ALTURA}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12"><title>{}</title><rect width="100%" height="100%" fill="#ffffff"/>"##,
        escapar(titulo)
    );
    let mut ordenadas: Vec<&Camada<'_>> = camadas.iter().collect();
    ordenadas.sort_by_key(|c| c.papel as u8);
    for camada in &ordenadas {
        let (preenchimento, contorno, espessura) = camada.papel.estilo();
        let mut caminho = String::new();
        for poligono in &camada.territorio.0 {
            for anel in std::iter::once(poligono.exterior()).chain(poligono.interiors()) {
                caminho.push_str(&trajeto(anel, &tela));
            }
        }
        let _ = write!(
            saida,
            r#"<path d="{caminho}" fill="{preenchimento}" fill-opacity="0.9" stroke="{contorno}" stroke-width="{espessura}" fill-rule="evenodd"><title>{}</title></path>"#,
            escapar(&camada.nome)
        );
    }
    for camada in ordenadas
        .iter()
        .filter(|c| !c.nome.is_empty() && !matches!(c.papel, PapelNoMapa::Area | PapelNoMapa::Novo))
    {
        if let Some(caixa) = camada.territorio.bounding_rect() {
            let (x, y) = tela(caixa.center().x, caixa.center().y);
            if (MARGEM..LARGURA - MARGEM).contains(&x) && (MARGEM..ALTURA - MARGEM).contains(&y) {
                let _ = write!(
                    saida,
                    r##"<text x="{x:.1}" y="{y:.1}" text-anchor="middle" fill="#555">{}</text>"##,
                    escapar(&camada.nome)
                );
            }
        }
    }
    for ponto in pontos {
        let (x, y) = tela(ponto.lon, ponto.lat);
        if (0.0..LARGURA).contains(&x) && (0.0..ALTURA).contains(&y) {
            let _ = write!(
                saida,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="3.5" fill="#222"/><text x="{:.1}" y="{:.1}" font-size="11">{}</text>"##,
                x + 6.0,
                y - 4.0,
                escapar(&ponto.nome)
            );
        }
    }
    saida.push_str(&escala_grafica(escala));
    saida.push_str(r##"<g transform="translate(760,50)"><path d="M0,-22 L8,6 L0,0 L-8,6 Z" fill="#222"/><text x="0" y="20" text-anchor="middle" font-weight="bold">N</text></g>"##);
    saida.push_str(&legenda(&ordenadas, zona));
    saida.push_str("</svg>");
    saida
}

fn trajeto(anel: &LineString<f64>, tela: &impl Fn(f64, f64) -> (f64, f64)) -> String {
    let mut caminho = String::new();
    let mut ultimo: Option<(f64, f64)> = None;
    for (i, c) in anel.0.iter().enumerate() {
        let (x, y) = tela(c.x, c.y);
        if let Some((ux, uy)) = ultimo {
            if (x - ux).abs() < 0.5 && (y - uy).abs() < 0.5 && i + 1 < anel.0.len() {
                continue;
            }
        }
        let _ = write!(
            caminho,
            "{}{x:.1},{y:.1}",
            if ultimo.is_none() { "M" } else { "L" }
        );
        ultimo = Some((x, y));
    }
    caminho.push('Z');
    caminho
}

/// Uma barra de 1, 2 ou 5 × 10ⁿ metros com cerca de um quinto da largura.
fn escala_grafica(pixels_por_metro: f64) -> String {
    let alvo = (LARGURA / 5.0) / pixels_por_metro;
    let potencia = 10f64.powf(alvo.log10().floor());
    let metros = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * potencia)
        .filter(|m| *m <= alvo)
        .fold(potencia, f64::max);
    let largura = metros * pixels_por_metro;
    let rotulo = if metros >= 1000.0 {
        format!(
            "{} km",
            decimal(metros / 1000.0, if metros >= 10_000.0 { 0 } else { 1 })
        )
    } else {
        format!("{} m", decimal(metros, 0))
    };
    format!(
        r##"<g transform="translate({MARGEM},{})"><rect x="0" y="-6" width="{largura:.1}" height="6" fill="#222"/><rect x="{:.1}" y="-6" width="{:.1}" height="6" fill="#fff" stroke="#222"/><text x="0" y="14">0</text><text x="{largura:.1}" y="14" text-anchor="middle">{rotulo}</text></g>"##,
        ALTURA - 24.0,
        largura / 2.0,
        largura / 2.0
    )
}

fn legenda(camadas: &[&Camada<'_>], zona: u8) -> String {
    let mut papeis: Vec<PapelNoMapa> = camadas.iter().map(|c| c.papel).collect();
    papeis.sort_by_key(|p| std::cmp::Reverse(*p as u8));
    papeis.dedup();
    let mut saida = format!(
        r##"<g transform="translate(20,20)"><rect x="-8" y="-8" width="250" height="{}" fill="#fff" fill-opacity="0.85"/>"##,
        papeis.len() as f64 * 18.0 + 30.0
    );
    for (i, papel) in papeis.iter().enumerate() {
        let (preenchimento, contorno, _) = papel.estilo();
        let y = i as f64 * 18.0;
        let _ = write!(
            saida,
            r#"<rect x="0" y="{y}" width="14" height="12" fill="{preenchimento}" stroke="{contorno}"/><text x="20" y="{}">{}</text>"#,
            y + 10.0,
            papel.legenda()
        );
    }
    let _ = write!(
        saida,
        r##"<text x="0" y="{}" fill="#555" font-size="10">SIRGAS 2000, UTM zona {zona}S; norte da quadrícula</text></g>"##,
        papeis.len() as f64 * 18.0 + 12.0
    );
    saida
}

#[cfg(test)]
mod testes {
    use super::*;
    use geo_types::polygon;

    #[test]
    fn mapa_tem_as_camadas_a_escala_o_norte_e_escapa_os_nomes() {
        let origem = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.0, y: -15.0), (x: -55.0, y: -14.0), (x: -56.0, y: -14.0)],
        ]);
        let area = MultiPolygon(vec![
            polygon![(x: -55.5, y: -14.8), (x: -55.1, y: -14.8), (x: -55.1, y: -14.3), (x: -55.5, y: -14.3)],
        ]);
        let camadas = [
            Camada {
                nome: "Origem <A>".into(),
                territorio: &origem,
                papel: PapelNoMapa::Origem,
            },
            Camada {
                nome: "Área".into(),
                territorio: &area,
                papel: PapelNoMapa::Area,
            },
        ];
        let svg = svg(
            "teste",
            &camadas,
            &[Ponto {
                nome: "Sede".into(),
                lon: -55.3,
                lat: -14.5,
            }],
        );
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("Origem &lt;A&gt;"));
        assert!(svg.contains("área da proposta") && svg.contains("município de origem"));
        assert!(svg.contains(" km</text>"), "escala gráfica");
        assert!(svg.contains(">N</text>"));
        assert!(svg.ends_with("</svg>"));
    }
}
