//! Do território lido às medidas que a lei usa: área geodésica e de Albers, partes, vértices,
//! as sedes (Base de Localidades 2022) dentro ou sobre a divisa, e, com os polígonos da Malha
//! 2022, o que sobra de cada município de origem, a parte fora deles e se a área encosta no
//! receptor.

use divisa_lei::fatos::{EstimativaSetores, MedidasArea};
use divisa_territorio::geodesia::area_geodesica;
use divisa_territorio::interpolacao::{populacao_na_area, SetorCensitario};
use divisa_territorio::leitura::Territorio;
use divisa_territorio::operacoes::{diferenca, intersecao, uniao};
use divisa_territorio::sedes::{posicao, Posicao};
use geo::{Distance, Euclidean};
use geo_types::MultiPolygon;

/// A precisão das divisas da Malha 2022: seis casas decimais de grau, ≈ 0,11 m. Um memorial
/// com coordenadas ao centímetro que segue a divisa fica, no máximo, a isso dela: uma faixa
/// dessa largura ao longo do perímetro não é "território fora", é arredondamento.
const PRECISAO_DA_MALHA_M: f64 = 0.15;
/// A mesma precisão em graus, para dizer se a área encosta no receptor.
const PRECISAO_DA_MALHA_GRAUS: f64 = 2e-6;

/// Mede um território. `origens` são os municípios de que ele sai (na criação, os de origem; no
/// desmembramento, o cedente, cujos distritos sem coordenadas precisam ser lembrados);
/// `receptor`, o que o recebe no desmembramento.
pub fn medir(
    territorio: &Territorio,
    origens: &[u32],
    receptor: Option<u32>,
    cedente: Option<u32>,
    setores: Option<&[divisa_referencia::setores::Setor]>,
) -> MedidasArea {
    let poligonos = &territorio.poligonos;
    let vertices = poligonos
        .0
        .iter()
        .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
        .map(|anel| anel.0.len().saturating_sub(1))
        .sum();
    // uma passada geodésica só: a área e o perímetro (de que sai a tolerância da malha)
    let medida = area_geodesica(poligonos);
    let mut medidas = MedidasArea {
        area_km2: medida.area_km2(),
        area_albers_km2: divisa_territorio::albers::area_albers_ibge(poligonos) / 1e6,
        partes: poligonos.0.len(),
        vertices,
        avisos: territorio.avisos.clone(),
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
    let tolerancia = medida.perimetro_m * PRECISAO_DA_MALHA_M / 1e6;
    operacoes_com_a_malha(territorio, origens, receptor, tolerancia, &mut medidas);
    medidas.estimativa_setores = estimar_pelos_setores(&territorio.poligonos, setores);
    medidas
}

/// População e domicílios no polígono pelos setores censitários importados ou, sem eles, pelos
/// embutidos (hoje, os de Nossa Senhora do Livramento); `None` se nenhum setor toca o polígono.
fn estimar_pelos_setores(
    area: &MultiPolygon<f64>,
    importados: Option<&[divisa_referencia::setores::Setor]>,
) -> Option<EstimativaSetores> {
    let setores = match importados {
        Some(s) => s,
        None => divisa_referencia::setores::setores().ok()?,
    };
    let entrada: Vec<SetorCensitario<'_>> = setores
        .iter()
        .map(|s| SetorCensitario {
            poligono: &s.poligono,
            populacao: s.populacao,
            domicilios: s.domicilios,
        })
        .collect();
    let estimativa = populacao_na_area(area, &entrada);
    (estimativa.setores > 0).then_some(EstimativaSetores {
        populacao: estimativa.populacao,
        domicilios: estimativa.domicilios,
        cobertura: estimativa.cobertura,
        setores: estimativa.setores,
    })
}

/// Se o território veio em UTM e cai quase todo fora dos municípios de origem, experimenta as
/// zonas vizinhas: se numa delas ele cai (em mais da metade) dentro das origens, diz qual.
fn zona_trocada(territorio: &Territorio, origens: &[u32]) -> Option<String> {
    use divisa_territorio::utm::{de_utm, para_utm, Utm};
    let (zona, sul) = territorio.utm?;
    let poligonos: Vec<MultiPolygon<f64>> = origens
        .iter()
        .filter_map(|c| divisa_referencia::malha::poligono(*c).ok().flatten())
        .collect();
    let total = area_geodesica(&territorio.poligonos).area_m2;
    let mut candidatas = Vec::new();
    for outra in [zona.saturating_sub(1), zona + 1] {
        if outra == zona || !(20..=22).contains(&outra) {
            continue;
        }
        let mover = |c: &geo_types::Coord<f64>| {
            let u = para_utm(c.x, c.y, Some(zona));
            let (x, y) = de_utm(&Utm {
                zona: outra,
                sul,
                leste_m: u.leste_m,
                norte_m: u.norte_m,
            });
            geo_types::Coord { x, y }
        };
        let movido = geo::MapCoords::map_coords(&territorio.poligonos, |c| mover(&c));
        let dentro: f64 = poligonos
            .iter()
            .filter_map(|p| intersecao(&movido, p).ok())
            .map(|c| area_geodesica(&c).area_m2)
            .sum();
        if dentro > total / 2.0 {
            candidatas.push(format!("{outra}S"));
        }
    }
    (!candidatas.is_empty()).then(|| {
        format!(
            "{}: as coordenadas vieram na zona UTM {zona}{} e o perímetro cai quase todo fora dos municípios de origem; lido na zona {}, ele cai dentro deles — confira a zona do arquivo",
            territorio.arquivo,
            if sul { "S" } else { "N" },
            candidatas.join(" ou ")
        )
    })
}

/// O que um município de origem perde para o território e o que lhe resta, pela Malha 2022.
#[derive(Debug, Clone)]
pub struct Remanescente {
    /// Código IBGE do município.
    pub codigo_ibge: u32,
    /// Nome do município (o do cadastro; o da Malha se ele não estiver lá).
    pub nome: String,
    /// Área geodésica do município inteiro, em km².
    pub area_municipio_km2: f64,
    /// Área geodésica da parte do território que cai no município, em km².
    pub area_cedida_km2: f64,
    /// O que resta do município sem o território.
    pub poligono: MultiPolygon<f64>,
    /// Área geodésica do que resta, em km².
    pub area_remanescente_km2: f64,
    /// Em quantas partes o resto fica (sem as lascas da largura da precisão da malha).
    pub partes: usize,
}

/// A tolerância de área do território: uma faixa da largura da precisão da malha ao longo do
/// perímetro (um memorial ao centímetro que segue a divisa), em km².
fn tolerancia_km2(area: &MultiPolygon<f64>) -> f64 {
    area_geodesica(area).perimetro_m * PRECISAO_DA_MALHA_M / 1e6
}

/// O remanescente de cada município de `codigos` depois de tirado o território; `None` no lugar
/// de um município que não está na Malha 2022 (Boa Esperança do Norte) ou cuja operação falhou.
pub fn remanescentes(
    area: &MultiPolygon<f64>,
    codigos: &[u32],
) -> Vec<(u32, Option<Remanescente>)> {
    remanescentes_com_tolerancia(area, codigos, tolerancia_km2(area))
}

/// Como [`remanescentes`], com a tolerância de área já medida (quem mediu a área já tem o
/// perímetro: uma passada geodésica a menos numa área de milhares de vértices).
fn remanescentes_com_tolerancia(
    area: &MultiPolygon<f64>,
    codigos: &[u32],
    tolerancia: f64,
) -> Vec<(u32, Option<Remanescente>)> {
    let mt = divisa_referencia::mt().ok();
    codigos
        .iter()
        .map(|&codigo| {
            let nome = mt
                .and_then(|mt| mt.por_codigo(codigo))
                .map(|m| m.nome.clone())
                .or_else(|| {
                    divisa_referencia::malha::entrada(codigo).map(|e| e.nome_malha_2022.to_owned())
                })
                .unwrap_or_else(|| codigo.to_string());
            let poligono = divisa_referencia::malha::poligono(codigo).ok().flatten();
            let remanescente = poligono.and_then(|municipio| {
                let comum = intersecao(area, &municipio).ok()?;
                let resto = diferenca(&municipio, area).ok()?;
                // Lascas da largura da precisão da malha (um memorial ao centímetro ao longo
                // da divisa) não são partes do remanescente. A área de cada parte, medida uma
                // vez, também dá a do remanescente inteiro.
                let areas: Vec<f64> = resto
                    .0
                    .iter()
                    .map(|p| divisa_territorio::geodesia::area_poligono(p).area_m2)
                    .collect();
                let partes = areas.iter().filter(|a| **a / 1e6 > tolerancia).count();
                Some(Remanescente {
                    codigo_ibge: codigo,
                    nome: nome.clone(),
                    area_municipio_km2: area_geodesica(&municipio).area_km2(),
                    area_cedida_km2: area_geodesica(&comum).area_km2(),
                    area_remanescente_km2: areas.iter().fold(0.0, |s, a| s + a) / 1e6,
                    poligono: resto,
                    partes,
                })
            });
            (codigo, remanescente)
        })
        .collect()
}

/// Os municípios da Malha 2022 de que o território tira mais que a tolerância de área (a faixa
/// da precisão da malha ao longo do perímetro), em ordem de código: os que perdem território.
pub fn municipios_cortados(area: &MultiPolygon<f64>) -> Vec<u32> {
    use geo::BoundingRect;
    let Some(caixa) = area.bounding_rect() else {
        return Vec::new();
    };
    let tolerancia = tolerancia_km2(area);
    let Ok(malha) = divisa_referencia::malha::carregar() else {
        return Vec::new();
    };
    let mut codigos: Vec<u32> = malha
        .iter()
        .filter(|(_, municipio)| {
            municipio.bounding_rect().is_some_and(|r| {
                r.min().x <= caixa.max().x
                    && caixa.min().x <= r.max().x
                    && r.min().y <= caixa.max().y
                    && caixa.min().y <= r.max().y
            })
        })
        .filter(|(_, municipio)| {
            intersecao(area, municipio)
                .is_ok_and(|comum| area_geodesica(&comum).area_km2() > tolerancia)
        })
        .map(|(entrada, _)| entrada.codigo)
        .collect();
    codigos.sort_unstable();
    codigos
}

/// Remanescentes, parte fora das origens e contato com o receptor, pela Malha 2022.
fn operacoes_com_a_malha(
    territorio: &Territorio,
    origens: &[u32],
    receptor: Option<u32>,
    tolerancia_km2: f64,
    medidas: &mut MedidasArea,
) {
    let Ok(mt) = divisa_referencia::mt() else {
        return;
    };
    let area = &territorio.poligonos;
    let mut dentro_km2 = 0.0;
    let mut todas_com_poligono = true;
    for (codigo, remanescente) in remanescentes_com_tolerancia(area, origens, tolerancia_km2) {
        match remanescente {
            Some(r) => {
                dentro_km2 += r.area_cedida_km2;
                medidas.remanescentes.push((r.nome, Some(r.partes)));
            }
            None => {
                todas_com_poligono = false;
                let nome = mt
                    .por_codigo(codigo)
                    .map_or(codigo.to_string(), |m| m.nome.clone());
                medidas.remanescentes.push((nome, None));
            }
        }
    }
    if todas_com_poligono && !origens.is_empty() {
        let fora = (medidas.area_km2 - dentro_km2).max(0.0);
        medidas.fora_das_origens_km2 = Some(if fora <= tolerancia_km2 { 0.0 } else { fora });
        // Zona UTM trocada que ainda cai em Mato Grosso: o perímetro anda 6° e sai das origens.
        if fora > medidas.area_km2 / 2.0 {
            if let Some(dica) = zona_trocada(territorio, origens) {
                medidas.avisos.push(dica);
            }
        }
    }
    if let Some(receptor) =
        receptor.and_then(|c| divisa_referencia::malha::poligono(c).ok().flatten())
    {
        let junta = uniao(&receptor, area)
            .ok()
            .is_some_and(|junto| junto.0.len() <= receptor.0.len());
        medidas.encosta_no_receptor =
            Some(junta || perto(area, &receptor, PRECISAO_DA_MALHA_GRAUS));
    }
}

/// Se dois territórios chegam a `limite` graus um do outro. Só os lados que caem no retângulo
/// do outro (alargado pelo limite) são comparados: a distância entre todos os lados de um
/// polígono de 100 mil vértices e os de um município levava minutos (n·m), e o caso comum —
/// longe — nem chega a comparar lados.
fn perto(a: &MultiPolygon<f64>, b: &MultiPolygon<f64>, limite: f64) -> bool {
    use geo::BoundingRect;
    let (Some(ra), Some(rb)) = (a.bounding_rect(), b.bounding_rect()) else {
        return false;
    };
    let alargar = |r: geo::Rect<f64>| {
        geo::Rect::new(
            geo::coord! { x: r.min().x - limite, y: r.min().y - limite },
            geo::coord! { x: r.max().x + limite, y: r.max().y + limite },
        )
    };
    let dentro = |r: &geo::Rect<f64>, l: &geo::Line<f64>| {
        let (x0, x1) = (l.start.x.min(l.end.x), l.start.x.max(l.end.x));
        let (y0, y1) = (l.start.y.min(l.end.y), l.start.y.max(l.end.y));
        x1 >= r.min().x && x0 <= r.max().x && y1 >= r.min().y && y0 <= r.max().y
    };
    let (ea, eb) = (alargar(ra), alargar(rb));
    if ea.max().x < rb.min().x
        || rb.max().x < ea.min().x
        || ea.max().y < rb.min().y
        || rb.max().y < ea.min().y
    {
        return false;
    }
    let lados = |m: &MultiPolygon<f64>, r: &geo::Rect<f64>| -> Vec<geo::Line<f64>> {
        m.0.iter()
            .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
            .flat_map(|anel| anel.lines())
            .filter(|l| dentro(r, l))
            .collect()
    };
    let (la, lb) = (lados(a, &eb), lados(b, &ea));
    // Sem lados de um perto do outro: ou um está dentro do outro (distância zero), ou estão
    // longe. Um vértice qualquer decide, em tempo linear.
    let dentro_de = |m: &MultiPolygon<f64>, outro: &MultiPolygon<f64>| {
        use geo::Intersects;
        m.0.iter()
            .flat_map(|p| p.exterior().0.first())
            .any(|c| outro.intersects(&geo::Point::from(*c)))
    };
    if la.is_empty() || lb.is_empty() {
        return dentro_de(a, b) || dentro_de(b, a);
    }
    la.iter()
        .any(|x| lb.iter().any(|y| Euclidean.distance(x, y) <= limite))
}

/// O memorial descritivo de um território com os confrontantes da Malha Municipal 2022 (Boa
/// Esperança do Norte não está nela) e o município de origem — aquele que contém um ponto
/// interior da área. Usado por `divisa memorial` e pelos documentos (Art. 7º, II e IV).
pub fn memorial_com_confrontantes(
    poligonos: &MultiPolygon<f64>,
) -> Result<(divisa_territorio::memorial::Memorial, Option<String>), divisa_referencia::ErroDados> {
    use divisa_territorio::confrontantes::{confrontantes, Vizinho};
    use geo::{Contains, InteriorPoint};
    let malha = divisa_referencia::malha::carregar()?;
    let mt = divisa_referencia::mt()?;
    let nomes: Vec<String> = malha
        .iter()
        .map(|(entrada, _)| {
            mt.por_codigo(entrada.codigo)
                .map_or_else(|| entrada.nome_malha_2022.to_owned(), |m| m.nome.clone())
        })
        .collect();
    let vizinhos: Vec<Vizinho<'_>> = malha
        .iter()
        .zip(&nomes)
        .map(|((_, poligono), nome)| Vizinho {
            nome,
            territorio: poligono,
        })
        .collect();
    let memorial = divisa_territorio::memorial::memorial(poligonos)
        .com_confrontantes(confrontantes(poligonos, &vizinhos));
    let origem = poligonos
        .interior_point()
        .and_then(|ponto| vizinhos.iter().find(|v| v.territorio.contains(&ponto)))
        .map(|v| v.nome.to_owned());
    Ok((memorial, origem))
}
