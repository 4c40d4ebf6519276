//! Leitura de DXF, o desenho que os escritórios de agrimensura tiram do CAD (AutoCAD,
//! TopoGRAPH, DataGeosis, Métrica TOPO): o limite é uma polilinha fechada (LWPOLYLINE, ou
//! POLYLINE no DXF R12) em coordenadas UTM, E e N em metros.
//!
//! O DXF não diz o sistema de coordenadas. A zona UTM vem de quem chama (`divisa memorial
//! AREA.dxf --zona 21S`) ou do nome da camada do limite, como os escritórios costumam nomeá-la:
//! "LIMITE_FUSO21", "PERIMETRO UTM 21S", "zona 21", "SIRGAS2000_31981". Sem zona em lugar
//! nenhum, a leitura é recusada dizendo como dá-la; uma camada que diz SAD 69 é recusada com o
//! motivo.
//!
//! O desenho tem mais que o limite (moldura, estradas, textos, curvas de nível): lê-se a camada
//! cujo nome diz que é o limite (LIMITE, PERIMETRO, DIVISA, POLIGONAL); sem uma, a única camada
//! com polilinhas fechadas. Polilinhas fechadas dentro de outra da mesma camada são áreas
//! excluídas (anéis interiores). Linhas soltas (LINE) que se encadeiam ponta com ponta numa
//! volta fechada valem como uma polilinha fechada; as que não fecham são ditas pelo nome: junte-as
//! numa polilinha (PEDIT, opção Juntar, no AutoCAD).
//!
//! O DXF é lido pelo crate `dxf` (ASCII e binário, R12 a 2018). Este módulo é puro: recebe os
//! bytes.
//!
//! # Unidades
//! Metros (E, N) na zona UTM sul dada, SIRGAS 2000; graus decimais na saída.

use std::collections::BTreeMap;

use divisa_referencia::formato::decimal;
use dxf::entities::EntityType;
use dxf::Drawing;
use geo::{Area, Contains};
use geo_types::{Coord, LineString, MultiPolygon, Point, Polygon};

use super::territorio::{conferir, validar, ErroLeitura, Territorio};
use crate::utm::{de_utm, Utm};

/// As palavras que, no nome de uma camada, dizem que ela é o limite.
const CAMADAS_DO_LIMITE: [&str; 6] = [
    "LIMITE",
    "PERIMETRO",
    "PERÍMETRO",
    "DIVISA",
    "POLIGONAL",
    "CONTORNO",
];

/// Lê e valida o território de um DXF, na `zona` UTM sul dada (18 a 25); sem ela, na zona que
/// o nome da camada do limite diz.
pub fn ler_dxf(arquivo: &str, bytes: &[u8], zona: Option<u8>) -> Result<Territorio, ErroLeitura> {
    validar(ler_dxf_sem_validar(arquivo, bytes, zona)?)
}

/// Uma polilinha fechada do desenho, em UTM.
struct Fechada {
    camada: String,
    pontos: Vec<Coord<f64>>,
}

/// Onde (a camada, a polilinha) e o que está errado.
type Falha = (String, String);

/// O que o desenho tem, por camada: as polilinhas fechadas (e as voltas de linhas soltas que se
/// fecham), e quantas abertas, linhas soltas e polilinhas com arco, para as mensagens.
#[derive(Default)]
struct Entidades {
    fechadas: Vec<Fechada>,
    abertas: BTreeMap<String, usize>,
    linhas: BTreeMap<String, usize>,
    com_arco: BTreeMap<String, usize>,
}

/// Lê o território de um DXF sem validar a geometria ([`ler_dxf`] valida), por etapas: as
/// entidades do desenho, a camada do limite, a zona UTM, os anéis da camada (um dentro de outro é
/// área excluída) e a conversão para graus.
pub(crate) fn ler_dxf_sem_validar(
    arquivo: &str,
    bytes: &[u8],
    zona: Option<u8>,
) -> Result<Territorio, ErroLeitura> {
    let forma = |(onde, mensagem): Falha| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde,
        mensagem,
    };
    let desenho = ler_desenho(bytes).map_err(|m| forma(("arquivo".to_owned(), m)))?;
    let entidades = entidades(&desenho);
    let camada = camada_do_limite(&entidades).map_err(forma)?;
    let onde_camada = format!("camada «{camada}»");
    let zona = match zona {
        Some(z) => z,
        None => zona_das_camadas(&desenho, &camada).map_err(forma)?,
    };
    if !(18..=25).contains(&zona) {
        return Err(forma((
            onde_camada,
            format!(
                "zona UTM {zona}: o Brasil está nas zonas 18 a 25 (Mato Grosso nas 20, 21 e 22)"
            ),
        )));
    }
    let poligonos = aneis_da_camada(&entidades.fechadas, &camada).map_err(forma)?;
    let converter = |l: &LineString<f64>| {
        LineString(
            l.0.iter()
                .map(|c| {
                    let (x, y) = de_utm(&Utm {
                        zona,
                        sul: true,
                        leste_m: c.x,
                        norte_m: c.y,
                    });
                    Coord { x, y }
                })
                .collect(),
        )
    };
    let poligonos: Vec<Polygon<f64>> = poligonos
        .iter()
        .map(|p| {
            Polygon::new(
                converter(p.exterior()),
                p.interiors().iter().map(converter).collect(),
            )
        })
        .collect();
    let mut territorio = conferir(arquivo, MultiPolygon(poligonos))?;
    territorio.utm = Some((zona, true));
    if let Some(n) = entidades.com_arco.get(&camada) {
        territorio.avisos.push(format!(
            "{onde_camada}: {} com arcos (bulge); cada arco foi lido como o segmento reto entre os seus vértices — o limite é descrito por linhas geodésicas entre vértices (Art. 5º)",
            divisa_referencia::formato::plural(*n as u64, "polilinha", "polilinhas")
        ));
    }
    Ok(territorio)
}

/// As polilinhas do desenho (LWPOLYLINE e POLYLINE, sem malhas) e as linhas soltas (LINE) que se
/// encadeiam em voltas fechadas, ponta com ponta — estas valem como polilinhas fechadas da sua
/// camada.
fn entidades(desenho: &Drawing) -> Entidades {
    let mut e = Entidades::default();
    let mut segmentos: BTreeMap<String, Vec<Segmento>> = BTreeMap::new();
    for entidade in desenho.entities() {
        let camada = entidade.common.layer.clone();
        let (pontos, fechada, arco) = match &entidade.specific {
            EntityType::LwPolyline(p) => (
                p.vertices
                    .iter()
                    .map(|v| Coord { x: v.x, y: v.y })
                    .collect::<Vec<_>>(),
                p.is_closed(),
                p.vertices.iter().any(|v| v.bulge != 0.0),
            ),
            // Malhas (polygon mesh, polyface) não são limites.
            EntityType::Polyline(p) if p.flags & (16 | 64) == 0 => (
                p.vertices()
                    .map(|v| Coord {
                        x: v.location.x,
                        y: v.location.y,
                    })
                    .collect(),
                p.is_closed(),
                p.vertices().any(|v| v.bulge != 0.0),
            ),
            EntityType::Line(l) => {
                *e.linhas.entry(camada.clone()).or_default() += 1;
                segmentos.entry(camada).or_default().push((
                    Coord {
                        x: l.p1.x,
                        y: l.p1.y,
                    },
                    Coord {
                        x: l.p2.x,
                        y: l.p2.y,
                    },
                ));
                continue;
            }
            _ => continue,
        };
        let mut pontos: Vec<Coord<f64>> = pontos
            .into_iter()
            .filter(|c| c.x.is_finite() && c.y.is_finite())
            .collect();
        // Fechada "à mão": o último vértice sobre o primeiro.
        let fechada_a_mao = pontos.len() > 3 && pontos.first() == pontos.last();
        if fechada_a_mao {
            pontos.pop();
        }
        if !(fechada || fechada_a_mao) || pontos.len() < 3 {
            *e.abertas.entry(camada).or_default() += 1;
            continue;
        }
        if arco {
            *e.com_arco.entry(camada.clone()).or_default() += 1;
        }
        e.fechadas.push(Fechada { camada, pontos });
    }
    for (camada, lista) in segmentos {
        if let Some(voltas) = encadear(&lista) {
            e.linhas.remove(&camada);
            for pontos in voltas {
                e.fechadas.push(Fechada {
                    camada: camada.clone(),
                    pontos,
                });
            }
        }
    }
    e
}

/// A camada do limite: a única com polilinhas fechadas, ou a única cujo nome diz que é o limite
/// ([`CAMADAS_DO_LIMITE`]). Sem nenhuma, a mensagem diz o que há (linhas soltas, polilinhas
/// abertas); com várias, lista-as.
fn camada_do_limite(e: &Entidades) -> Result<String, Falha> {
    let mut camadas: Vec<&str> = Vec::new();
    for f in &e.fechadas {
        if !camadas.contains(&f.camada.as_str()) {
            camadas.push(&f.camada);
        }
    }
    let do_limite: Vec<&str> = camadas
        .iter()
        .copied()
        .filter(|c| {
            let maiusculo = c.to_uppercase();
            CAMADAS_DO_LIMITE.iter().any(|p| maiusculo.contains(p))
        })
        .collect();
    match (do_limite.as_slice(), camadas.as_slice()) {
        ([uma], _) | ([], [uma]) => Ok(uma.to_string()),
        ([], []) => {
            let dica = if let Some((c, n)) = e.linhas.iter().next() {
                format!(
                    "; a camada «{c}» tem {}: se o limite está desenhado com linhas soltas, junte-as numa polilinha fechada (PEDIT, opção Juntar, no AutoCAD) e exporte de novo",
                    divisa_referencia::formato::plural(*n as u64, "linha (LINE)", "linhas (LINE)")
                )
            } else if let Some((c, n)) = e.abertas.iter().next() {
                format!(
                    "; a camada «{c}» tem {} aberta{}: feche a do limite (propriedade Fechada, ou PEDIT, opção Fechar)",
                    divisa_referencia::formato::plural(*n as u64, "polilinha", "polilinhas"),
                    if *n == 1 { "" } else { "s" }
                )
            } else {
                String::new()
            };
            Err((
                "desenho".to_owned(),
                format!("nenhuma polilinha fechada (LWPOLYLINE ou POLYLINE): o limite do território precisa ser uma polilinha fechada em coordenadas UTM{dica}"),
            ))
        }
        (varias, todas) => {
            let lista = if varias.is_empty() { todas } else { varias };
            Err((
                "desenho".to_owned(),
                format!(
                    "há polilinhas fechadas em mais de uma camada ({}): deixe no arquivo só a camada do limite, ou dê a ela um nome com LIMITE ou PERIMETRO (e a zona, como «LIMITE_FUSO21»)",
                    lista
                        .iter()
                        .map(|c| format!("«{c}»"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ))
        }
    }
}

/// A zona UTM dita no nome da camada do limite — ou de outra camada, se só uma diz.
fn zona_das_camadas(desenho: &Drawing, camada: &str) -> Result<u8, Falha> {
    let mut ditas: Vec<(u8, String)> = Vec::new();
    let nomes = std::iter::once(camada).chain(
        desenho
            .layers()
            .map(|l| l.name.as_str())
            .filter(|n| *n != camada),
    );
    for nome in nomes {
        match zona_no_nome(nome) {
            Ok(Some(z)) => {
                if !ditas.iter().any(|(d, _)| *d == z) {
                    ditas.push((z, nome.to_owned()));
                }
            }
            Ok(None) => {}
            Err(m) => return Err((format!("camada «{nome}»"), m.to_string())),
        }
    }
    let onde_camada = format!("camada «{camada}»");
    // A do limite vale sobre as outras.
    match ditas.as_slice() {
        [(z, _), ..] if zona_no_nome(camada).ok().flatten().is_some() => Ok(*z),
        [(z, _)] => Ok(*z),
        [] => Err((
            onde_camada,
            "o DXF não diz a zona UTM: dê a zona na linha de comando (divisa memorial AREA.dxf --zona 21S; Mato Grosso usa as zonas 20, 21 e 22) ou no nome da camada do limite, como «LIMITE_FUSO21» ou «PERIMETRO UTM 21S»".to_owned(),
        )),
        varias => Err((
            onde_camada,
            format!(
                "as camadas dizem mais de uma zona UTM ({}): dê a zona na linha de comando (--zona 21S)",
                varias
                    .iter()
                    .map(|(z, n)| format!("{z}S em «{n}»"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}

/// Os anéis da camada, ainda em UTM, do maior para o menor: um anel dentro de outro é área
/// excluída dele. Um vértice fora das faixas da UTM sul é recusado pela polilinha.
fn aneis_da_camada(fechadas: &[Fechada], camada: &str) -> Result<Vec<Polygon<f64>>, Falha> {
    let mut aneis: Vec<(usize, Polygon<f64>)> = fechadas
        .iter()
        .filter(|f| f.camada == camada)
        .enumerate()
        .map(|(i, f)| {
            let mut pontos = f.pontos.clone();
            pontos.push(pontos[0]);
            (i + 1, Polygon::new(LineString(pontos), vec![]))
        })
        .collect();
    for (i, anel) in &aneis {
        if let Some(fora) = anel.exterior().0.iter().find(|c| {
            !((100_000.0..=900_000.0).contains(&c.x) && (6_000_000.0..=10_000_000.0).contains(&c.y))
        }) {
            return Err((
                format!("camada «{camada}», polilinha {i}"),
                format!(
                    "o vértice E {} e N {} não é UTM sul (E entre 100.000 e 900.000 m, N entre 6.000.000 e 10.000.000 m): o DXF precisa estar em coordenadas UTM, em metros",
                    decimal(fora.x, 2),
                    decimal(fora.y, 2)
                ),
            ));
        }
    }
    aneis.sort_by(|a, b| {
        b.1.unsigned_area()
            .partial_cmp(&a.1.unsigned_area())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut poligonos: Vec<Polygon<f64>> = Vec::new();
    for (_, anel) in aneis {
        let dentro = anel.exterior().0.first().map(|c| Point(*c)).and_then(|p| {
            poligonos
                .iter_mut()
                .find(|q| Polygon::new(q.exterior().clone(), vec![]).contains(&p))
        });
        match dentro {
            Some(exterior) => exterior.interiors_push(anel.exterior().clone()),
            None => poligonos.push(anel),
        }
    }
    Ok(poligonos)
}

/// Uma linha solta (LINE) do desenho: as duas pontas, em UTM.
type Segmento = (Coord<f64>, Coord<f64>);

/// A tolerância para duas pontas de linha serem o mesmo vértice: 1 mm.
const TOLERANCIA_DAS_PONTAS_M: f64 = 0.001;

/// As voltas fechadas que as linhas formam, ponta com ponta (a menos de 1 mm); `None` se alguma
/// ponta não encontra exatamente uma outra (linhas que não fecham, ou que se cruzam num vértice).
fn encadear(segmentos: &[Segmento]) -> Option<Vec<Vec<Coord<f64>>>> {
    let chave = |c: &Coord<f64>| {
        (
            (c.x / TOLERANCIA_DAS_PONTAS_M).round() as i64,
            (c.y / TOLERANCIA_DAS_PONTAS_M).round() as i64,
        )
    };
    let segmentos: Vec<&Segmento> = segmentos
        .iter()
        .filter(|(a, b)| {
            chave(a) != chave(b)
                && a.x.is_finite()
                && a.y.is_finite()
                && b.x.is_finite()
                && b.y.is_finite()
        })
        .collect();
    let mut pontas: BTreeMap<(i64, i64), Vec<usize>> = BTreeMap::new();
    for (i, (a, b)) in segmentos.iter().enumerate() {
        pontas.entry(chave(a)).or_default().push(i);
        pontas.entry(chave(b)).or_default().push(i);
    }
    if segmentos.len() < 3 || pontas.values().any(|s| s.len() != 2) {
        return None;
    }
    let mut usado = vec![false; segmentos.len()];
    let mut voltas = Vec::new();
    while let Some(inicio) = usado.iter().position(|u| !u) {
        let mut volta = vec![segmentos[inicio].0];
        let mut atual = inicio;
        let mut ponta = chave(&segmentos[inicio].1);
        usado[inicio] = true;
        loop {
            let (a, b) = segmentos[atual];
            let chegada = if chave(a) == ponta { *a } else { *b };
            if ponta == chave(&volta[0]) {
                break;
            }
            volta.push(chegada);
            let proximo = pontas[&ponta].iter().copied().find(|&j| !usado[j])?;
            usado[proximo] = true;
            let (pa, pb) = segmentos[proximo];
            ponta = if chave(pa) == ponta {
                chave(pb)
            } else {
                chave(pa)
            };
            atual = proximo;
        }
        if volta.len() < 3 {
            return None;
        }
        voltas.push(volta);
    }
    Some(voltas)
}

/// O desenho, ou por que não foi lido. O leitor do crate `dxf` é de terceiros: um pânico dele
/// diante de um arquivo estragado vira erro, não derruba quem chama.
fn ler_desenho(bytes: &[u8]) -> Result<dxf::Drawing, String> {
    let lido = std::panic::catch_unwind(|| {
        let mut cursor = std::io::Cursor::new(bytes);
        dxf::Drawing::load(&mut cursor)
    });
    match lido {
        Ok(Ok(desenho)) => Ok(desenho),
        Ok(Err(erro)) => Err(format!(
            "não é um DXF legível ({}); exporte de novo do CAD como DXF (ASCII, versão 2000 ou mais nova)",
            traduzir(&erro)
        )),
        Err(_) => Err("não é um DXF legível (o arquivo está estragado ou cortado); exporte de novo do CAD como DXF (ASCII, versão 2000 ou mais nova)".to_owned()),
    }
}

/// O erro do leitor de DXF em português, com a linha (no DXF binário, a posição em bytes).
fn traduzir(erro: &dxf::DxfError) -> String {
    use dxf::DxfError;
    match erro {
        DxfError::UnexpectedEndOfInput => "o arquivo termina no meio".to_owned(),
        DxfError::ParseFloatError(_, linha) | DxfError::ParseIntError(_, linha) => {
            format!("número inválido na linha {linha}")
        }
        DxfError::ParseError(linha)
        | DxfError::UnexpectedCode(_, linha)
        | DxfError::UnexpectedByte(_, linha)
        | DxfError::UnexpectedEnumValue(linha)
        | DxfError::ExpectedTableType(linha)
        | DxfError::WrongValueType(linha) => format!("estrutura inesperada na linha {linha}"),
        DxfError::UnexpectedCodePair(par, _) => {
            format!("estrutura inesperada na linha {}", par.offset)
        }
        _ => "estrutura inesperada".to_owned(),
    }
}

/// Uma camada que diz SAD 69 ou Córrego Alegre: o divisa lê só SIRGAS 2000.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a camada diz SAD 69 ou Córrego Alegre: o divisa lê coordenadas no SIRGAS 2000, e a diferença passa de 60 m em Mato Grosso. Converta o desenho para o SIRGAS 2000 (o ProGriD do IBGE faz a conversão) e exporte de novo")]
pub struct DatumAntigo;

/// A zona UTM sul que o nome de uma camada diz: "FUSO21", "FUSO_21", "UTM 21S", "zona 21",
/// "ZONE21S", "SIRGAS2000_31981" (EPSG). `Err` se o nome diz SAD 69 ou Córrego Alegre.
pub fn zona_no_nome(nome: &str) -> Result<Option<u8>, DatumAntigo> {
    let maiusculo = nome.to_uppercase();
    let compacto: String = maiusculo.chars().filter(|c| c.is_alphanumeric()).collect();
    if compacto.contains("SAD69")
        || compacto.contains("SAD1969")
        || compacto.contains("CORREGO")
        || compacto.contains("CÓRREGO")
    {
        return Err(DatumAntigo);
    }
    // Código EPSG do SIRGAS 2000 / UTM sul (31978 a 31985).
    let numeros = maiusculo
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty());
    for n in numeros {
        if let Ok(c @ 31978..=31985) = n.parse::<u32>() {
            return Ok(Some((c - 31960) as u8));
        }
    }
    // Palavra-chave seguida do número (com ou sem separador, com ou sem a letra S).
    for chave in ["FUSO", "UTM", "ZONA", "ZONE", "MC"] {
        let mut resto = maiusculo.as_str();
        while let Some(i) = resto.find(chave) {
            let depois = &resto[i + chave.len()..];
            let sem_separador = depois.trim_start_matches(|c: char| {
                c == '_' || c == '-' || c == ' ' || c == '=' || c == ':'
            });
            let digitos: String = sem_separador
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if let Ok(numero) = digitos.parse::<u8>() {
                let letra = sem_separador[digitos.len()..].chars().next();
                if chave == "MC" {
                    // Meridiano central em graus oeste: 57 → zona 21.
                    if numero % 6 == 3 && (33..=75).contains(&numero) {
                        return Ok(Some(((183 - u16::from(numero)) / 6) as u8));
                    }
                } else if (18..=25).contains(&numero) && letra != Some('N') {
                    return Ok(Some(numero));
                }
            }
            resto = &resto[i + chave.len()..];
        }
    }
    Ok(None)
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn zona_no_nome_da_camada() {
        for (nome, zona) in [
            ("LIMITE_FUSO21", Some(21)),
            ("PERIMETRO UTM 21S", Some(21)),
            ("limite zona 22", Some(22)),
            ("Limite-Fuso-20S", Some(20)),
            ("SIRGAS2000_31981", Some(21)),
            ("LIMITE_MC57", Some(21)),
            ("LIMITE", None),
            ("CURVAS_NIVEL_5M", None),
            ("ZONA 3 DO PLANO DIRETOR", None),
            ("UTM 21N", None),
        ] {
            assert_eq!(zona_no_nome(nome), Ok(zona), "{nome}");
        }
        assert!(zona_no_nome("LIMITE SAD69 FUSO21").is_err());
    }
}
