//! As divisas de uma área nova no texto da norma (issue 33): um inciso por confrontante («com o
//! Município de …»), cada vértice da linha nova nomeado, as coordenadas com as casas decimais
//! que bastam para dois vértices seguidos nunca se escreverem iguais.

use divisa_referencia::formato::{gms_com_casas, Eixo};
use divisa_territorio::memorial::Memorial;

use super::{recuado, Bloco};

/// As casas decimais dos segundos, de 2 a 5, que bastam para que nenhum par de vértices
/// seguidos de um anel se escreva igual (latitude e longitude). Duas casas (uns 30 cm) bastam
/// quase sempre; um levantamento denso pede mais. Leitura adotada: um vértice escrito igual ao
/// seguinte é um erro de redação — a lei descreveria uma linha de comprimento zero.
pub(crate) fn casas_dos_segundos(m: &Memorial) -> u32 {
    (2..=5)
        .find(|&casas| {
            m.aneis.iter().all(|anel| {
                anel.lados.iter().all(|l| {
                    let (a, b) = (&anel.vertices[l.de], &anel.vertices[l.ate]);
                    gms_com_casas(a.lat, Eixo::Latitude, casas)
                        != gms_com_casas(b.lat, Eixo::Latitude, casas)
                        || gms_com_casas(a.lon, Eixo::Longitude, casas)
                            != gms_com_casas(b.lon, Eixo::Longitude, casas)
                })
            })
        })
        .unwrap_or(5)
}

/// «A, B e C».
fn lista(nomes: &[&str]) -> String {
    match nomes {
        [] => String::new(),
        [um] => (*um).to_owned(),
        [inicio @ .., ultimo] => format!("{} e {ultimo}", inicio.join(", ")),
    }
}

/// As divisas de `m` como incisos da norma, um por trecho de confrontante, na ordem do
/// perímetro. Com `origem` (o município de que a área sai), a linha nova — a que confronta o
/// remanescente dele — nomeia cada vértice; com os outros municípios, a divisa é a vigente, que a
/// lei não redesenha (os vértices dela estão no memorial anexo). Mais de uma parte, ou uma área
/// excluída, abre um parágrafo para cada uma.
pub(crate) fn incisos_das_divisas(m: &Memorial, origem: Option<&str>) -> Vec<Bloco> {
    let casas = casas_dos_segundos(m);
    let partes = m.aneis.iter().filter(|a| !a.interior).count();
    let mut blocos = Vec::new();
    for anel in &m.aneis {
        let n = anel.lados.len();
        if n == 0 {
            continue;
        }
        if anel.interior {
            blocos.push(recuado(format!(
                "Da parte {}, fica excluída a área de divisas:",
                anel.parte
            )));
        } else if partes > 1 {
            blocos.push(recuado(format!("Parte {}:", anel.parte)));
        }
        // os trechos começam onde o confrontante muda, para não partir um trecho no vértice
        // inicial do anel
        let inicio = (0..n)
            .find(|&i| anel.lados[i].confrontante != anel.lados[(i + n - 1) % n].confrontante)
            .unwrap_or(0);
        let mut trechos: Vec<(Option<&str>, Vec<usize>)> = Vec::new();
        for k in 0..n {
            let i = (inicio + k) % n;
            let c = anel.lados[i].confrontante.as_deref();
            match trechos.last_mut() {
                Some((atual, lados)) if *atual == c => lados.push(i),
                _ => trechos.push((c, vec![i])),
            }
        }
        let coordenadas = |v: &divisa_territorio::memorial::Vertice| {
            format!(
                "de coordenadas {} e {}",
                gms_com_casas(v.lat, Eixo::Latitude, casas),
                gms_com_casas(v.lon, Eixo::Longitude, casas)
            )
        };
        let linhas: Vec<String> = trechos
            .iter()
            .map(|(c, lados)| {
                let de = &anel.vertices[anel.lados[lados[0]].de];
                let ate = &anel.vertices[anel.lados[lados[lados.len() - 1]].ate];
                let intermediarios: Vec<&str> = lados[1..]
                    .iter()
                    .map(|&i| anel.vertices[anel.lados[i].de].codigo.as_str())
                    .collect();
                let por = match (c, intermediarios.as_slice()) {
                    (Some(c), _) if Some(*c) != origem => {
                        "segue pela divisa intermunicipal vigente".to_owned()
                    }
                    (_, []) => "segue por linha geodésica".to_owned(),
                    (_, [um]) => format!("segue por linhas geodésicas pelo vértice {um}"),
                    (_, varios) => {
                        format!(
                            "segue por linhas geodésicas pelos vértices {}",
                            lista(varios)
                        )
                    }
                };
                let com = match c {
                    Some(c) if Some(*c) == origem => {
                        format!("com o Município de {c} (remanescente)")
                    }
                    Some(c) => format!("com o Município de {c}"),
                    None => {
                        "com outra Unidade da Federação ou confrontante a identificar".to_owned()
                    }
                };
                format!(
                    "{com}: do vértice {}, {}, {por} até o vértice {}, {}",
                    de.codigo,
                    coordenadas(de),
                    ate.codigo,
                    coordenadas(ate)
                )
            })
            .collect();
        blocos.extend(super::projeto_de_lei::incisos(&linhas));
    }
    blocos
}
