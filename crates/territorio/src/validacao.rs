//! Validação de um território que diz todos os problemas, não o primeiro, com parte, anel e
//! vértice: anéis que se cruzam ou se tocam, lados sobrepostos, vértices repetidos, espinhos,
//! buracos fora da casca, partes que se sobrepõem; e, como aviso, o sentido dos anéis.
//!
//! Os cruzamentos saem de uma varredura: os lados em ordem do menor x, e cada um comparado só
//! com os seguintes cujo intervalo em x o alcança e cujo intervalo em y o cruza. Num limite
//! municipal (linhas longas e finas) poucos lados estão "abertos" ao mesmo tempo, e o custo fica
//! perto de n log n (o `Validation` do `geo` compara todos os pares: 3 s em Paranatinga,
//! GEO_NOTES).
//!
//! Numeração para quem lê: parte, anel e vértice começam em 1; o anel 1 é o exterior.

use std::fmt;

use geo::line_intersection::{line_intersection, LineIntersection};
use geo::Contains;
use geo_types::{Coord, Line, LineString, MultiPolygon, Point, Polygon};

/// Quão grave é um problema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gravidade {
    /// O território não é válido: área e operações não são confiáveis.
    Erro,
    /// Vale como está, mas foge à convenção.
    Aviso,
}

/// Um lugar no território.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Onde {
    /// Parte (polígono), a partir de 1.
    pub parte: usize,
    /// Anel, a partir de 1 (1 = exterior).
    pub anel: usize,
    /// Vértice, a partir de 1.
    pub vertice: usize,
}

impl fmt::Display for Onde {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "parte {}, anel {}, vértice {}",
            self.parte, self.anel, self.vertice
        )
    }
}

/// Um problema encontrado.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Problema {
    /// Dois lados se cruzam.
    Cruzamento {
        /// O lado que começa aqui.
        a: Onde,
        /// E o lado que começa aqui.
        b: Onde,
        /// Onde se cruzam (lon, lat).
        ponto: Coord<f64>,
    },
    /// Dois lados não vizinhos se tocam num ponto (um anel que encosta em si mesmo).
    Toque {
        /// Um lado.
        a: Onde,
        /// O outro.
        b: Onde,
        /// O ponto de contato.
        ponto: Coord<f64>,
    },
    /// Dois lados se sobrepõem num trecho.
    Sobreposicao {
        /// Um lado.
        a: Onde,
        /// O outro.
        b: Onde,
    },
    /// O mesmo vértice duas vezes seguidas.
    VerticeRepetido(Onde),
    /// O anel vai e volta pelo mesmo caminho neste vértice.
    Espinho(Onde),
    /// Um anel interior (buraco) fora do exterior.
    BuracoForaDaCasca(Onde),
    /// Um anel com menos de três vértices distintos.
    PoucosVertices(Onde),
    /// O anel não está no sentido da RFC 7946 (exterior anti-horário, buracos horários).
    Sentido {
        /// O anel.
        anel: Onde,
        /// `true` para o exterior.
        exterior: bool,
    },
}

impl Problema {
    /// Erro ou aviso.
    pub fn gravidade(&self) -> Gravidade {
        match self {
            // Vértice repetido não invalida o polígono (OGC, GEOS): a área e as operações ficam
            // certas; é sinal de arredondamento na exportação.
            Problema::Sentido { .. } | Problema::VerticeRepetido(_) => Gravidade::Aviso,
            _ => Gravidade::Erro,
        }
    }
}

impl fmt::Display for Problema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problema::Cruzamento { a, b, ponto } => write!(
                f,
                "{a} e {b}: os lados se cruzam em [{:.6}, {:.6}]",
                ponto.x, ponto.y
            ),
            Problema::Toque { a, b, ponto } => write!(
                f,
                "{a} e {b}: o anel encosta em si mesmo em [{:.6}, {:.6}]",
                ponto.x, ponto.y
            ),
            Problema::Sobreposicao { a, b } => write!(f, "{a} e {b}: os lados se sobrepõem"),
            Problema::VerticeRepetido(onde) => {
                write!(
                    f,
                    "{onde}: vértice repetido logo em seguida (a cópia é ignorada)"
                )
            }
            Problema::Espinho(onde) => write!(
                f,
                "{onde}: espinho (o limite vai e volta pelo mesmo caminho)"
            ),
            Problema::BuracoForaDaCasca(onde) => write!(
                f,
                "parte {}, anel {}: buraco fora do limite exterior",
                onde.parte, onde.anel
            ),
            Problema::PoucosVertices(onde) => write!(
                f,
                "parte {}, anel {}: menos de três vértices distintos",
                onde.parte, onde.anel
            ),
            Problema::Sentido { anel, exterior } => write!(
                f,
                "parte {}, anel {}: sentido {} (a RFC 7946 pede {}); o divisa aceita",
                anel.parte,
                anel.anel,
                if *exterior {
                    "horário"
                } else {
                    "anti-horário"
                },
                if *exterior {
                    "anti-horário no exterior"
                } else {
                    "horário nos buracos"
                }
            ),
        }
    }
}

struct Lado {
    linha: Line<f64>,
    /// Envelope: x mínimo, x máximo, y mínimo, y máximo.
    caixa: [f64; 4],
    onde: Onde,
    /// Índice do anel entre todos, para saber se dois lados são vizinhos.
    anel_global: usize,
    /// Índice do lado no anel e quantos lados o anel tem.
    posicao: usize,
    total: usize,
}

impl Lado {
    fn new(linha: Line<f64>, onde: Onde, anel_global: usize, posicao: usize, total: usize) -> Lado {
        let caixa = [
            linha.start.x.min(linha.end.x),
            linha.start.x.max(linha.end.x),
            linha.start.y.min(linha.end.y),
            linha.start.y.max(linha.end.y),
        ];
        Lado {
            linha,
            caixa,
            onde,
            anel_global,
            posicao,
            total,
        }
    }
}

/// Todos os problemas do território, erros primeiro.
///
/// ```
/// use divisa_territorio::validacao::{validar, Gravidade};
/// use geo_types::{polygon, MultiPolygon};
/// // Uma gravata-borboleta: os lados 1 e 3 se cruzam.
/// let gravata = MultiPolygon(vec![polygon![(x: -56.0, y: -15.0), (x: -55.0, y: -14.0), (x: -55.0, y: -15.0), (x: -56.0, y: -14.0)]]);
/// let problemas = validar(&gravata);
/// assert!(problemas.iter().any(|p| p.gravidade() == Gravidade::Erro && p.to_string().contains("se cruzam")));
/// ```
pub fn validar(territorio: &MultiPolygon<f64>) -> Vec<Problema> {
    let mut problemas = Vec::new();
    let mut lados = Vec::new();
    let mut anel_global = 0;
    for (p, poligono) in territorio.0.iter().enumerate() {
        for (a, anel) in std::iter::once(poligono.exterior())
            .chain(poligono.interiors())
            .enumerate()
        {
            let base = Onde {
                parte: p + 1,
                anel: a + 1,
                vertice: 0,
            };
            problemas.extend(problemas_do_anel(anel, base));
            let pontos = sem_fechamento(anel);
            // Os lados saem dos vértices distintos (um vértice repetido não cria lado), e cada
            // um guarda o número do vértice original para a mensagem.
            let mut distintos: Vec<(usize, Coord<f64>)> = Vec::with_capacity(pontos.len());
            for (i, c) in pontos.iter().enumerate() {
                if distintos.last().map(|(_, u)| u) != Some(c) {
                    distintos.push((i, *c));
                }
            }
            if distintos.len() > 1
                && distintos.first().map(|(_, c)| c) == distintos.last().map(|(_, c)| c)
            {
                distintos.pop();
            }
            let total = distintos.len();
            for (posicao, &(original, inicio)) in distintos.iter().enumerate() {
                let linha = Line::new(inicio, distintos[(posicao + 1) % total].1);
                lados.push(Lado::new(
                    linha,
                    Onde {
                        vertice: original + 1,
                        ..base
                    },
                    anel_global,
                    posicao,
                    total,
                ));
            }
            anel_global += 1;
            if a > 0
                && total >= 3
                && !Polygon::new(poligono.exterior().clone(), vec![]).contains(&Point(pontos[0]))
            {
                let dentro_de_algum_lado = poligono
                    .exterior()
                    .lines()
                    .any(|l| geo::Intersects::intersects(&l, &Point(pontos[0])));
                if !dentro_de_algum_lado {
                    problemas.push(Problema::BuracoForaDaCasca(base));
                }
            }
        }
        problemas.extend(sentido(poligono, p + 1));
    }
    problemas.extend(cruzamentos(lados));
    problemas.sort_by_key(|p| p.gravidade() == Gravidade::Aviso);
    problemas
}

fn sem_fechamento(anel: &LineString<f64>) -> &[Coord<f64>] {
    let pontos = anel.0.as_slice();
    if pontos.len() > 1 && pontos.first() == pontos.last() {
        &pontos[..pontos.len() - 1]
    } else {
        pontos
    }
}

fn problemas_do_anel(anel: &LineString<f64>, base: Onde) -> Vec<Problema> {
    let pontos = sem_fechamento(anel);
    let mut problemas = Vec::new();
    let mut distintos: Vec<Coord<f64>> = pontos.to_vec();
    distintos.dedup();
    if distintos.len() > 1 && distintos.first() == distintos.last() {
        distintos.pop();
    }
    if distintos.len() < 3 {
        problemas.push(Problema::PoucosVertices(base));
        return problemas;
    }
    let total = pontos.len();
    for i in 0..total {
        if pontos[i] == pontos[(i + 1) % total] {
            problemas.push(Problema::VerticeRepetido(Onde {
                vertice: i + 1,
                ..base
            }));
        }
    }
    // Espinho: nos vértices distintos, o limite chega e volta pela mesma reta.
    let n = distintos.len();
    for j in 0..n {
        let (anterior, atual, proximo) = (
            distintos[(j + n - 1) % n],
            distintos[j],
            distintos[(j + 1) % n],
        );
        let (u, v) = (atual - anterior, proximo - atual);
        let vetorial = u.x * v.y - u.y * v.x;
        let escalar = u.x * v.x + u.y * v.y;
        if vetorial == 0.0 && escalar < 0.0 {
            let original = pontos.iter().position(|c| *c == atual).unwrap_or(j);
            problemas.push(Problema::Espinho(Onde {
                vertice: original + 1,
                ..base
            }));
        }
    }
    problemas
}

/// Duas vezes a área com sinal do anel (positiva no sentido anti-horário), sem clonar nada.
fn area_dupla(anel: &LineString<f64>) -> f64 {
    anel.0
        .windows(2)
        .map(|w| w[0].x * w[1].y - w[1].x * w[0].y)
        .sum()
}

fn sentido(poligono: &Polygon<f64>, parte: usize) -> Vec<Problema> {
    // RFC 7946: exterior anti-horário, buracos horários.
    let mut avisos = Vec::new();
    if !poligono.exterior().0.is_empty() && area_dupla(poligono.exterior()) < 0.0 {
        avisos.push(Problema::Sentido {
            anel: Onde {
                parte,
                anel: 1,
                vertice: 1,
            },
            exterior: true,
        });
    }
    for (i, buraco) in poligono.interiors().iter().enumerate() {
        if area_dupla(buraco) > 0.0 {
            avisos.push(Problema::Sentido {
                anel: Onde {
                    parte,
                    anel: i + 2,
                    vertice: 1,
                },
                exterior: false,
            });
        }
    }
    avisos
}

fn cruzamentos(lados: Vec<Lado>) -> Vec<Problema> {
    // Ordena só as caixas (32 bytes) com o índice, não os lados inteiros. Medidas e descartadas
    // (Paranatinga densificado, 93 mil vértices: esta varredura 12 ms, GEOS 2,7 ms): uma grade
    // uniforme (16 ms: o contorno ocupa poucas células e cada uma junta dezenas de lados) e os
    // lados ativos em faixas de y (20 ms: os lados longos norte–sul entram em muitas faixas).
    // O que falta é o que o GEOS faz: cadeias monótonas com índice.
    let mut caixas: Vec<([f64; 4], u32)> = lados
        .iter()
        .enumerate()
        .map(|(i, l)| (l.caixa, i as u32))
        .collect();
    caixas.sort_unstable_by(|a, b| a.0[0].total_cmp(&b.0[0]));
    let mut problemas = Vec::new();
    for (i, &([_, a_x1, a_y0, a_y1], ia)) in caixas.iter().enumerate() {
        for &(b, ib) in &caixas[i + 1..] {
            if b[0] > a_x1 {
                break;
            }
            if b[3] < a_y0 || b[2] > a_y1 {
                continue;
            }
            if let Some(problema) = comparar(&lados[ia as usize], &lados[ib as usize]) {
                problemas.push(problema);
            }
        }
    }
    problemas
}

fn comparar(a: &Lado, b: &Lado) -> Option<Problema> {
    // Para a mensagem, o lado que vem primeiro no anel.
    let (a, b) = if (a.anel_global, a.posicao) <= (b.anel_global, b.posicao) {
        (a, b)
    } else {
        (b, a)
    };
    let vizinhos = a.anel_global == b.anel_global && {
        let distancia = a.posicao.abs_diff(b.posicao);
        distancia == 1 || distancia == a.total - 1
    };
    // Lados vizinhos só se encontram no vértice comum; voltar pela mesma reta já é "espinho",
    // visto nos vértices.
    if vizinhos && a.total > 3 {
        return None;
    }
    match line_intersection(a.linha, b.linha)? {
        LineIntersection::Collinear { .. } => (!vizinhos).then_some(Problema::Sobreposicao {
            a: a.onde,
            b: b.onde,
        }),
        LineIntersection::SinglePoint {
            intersection,
            is_proper: true,
        } => Some(Problema::Cruzamento {
            a: a.onde,
            b: b.onde,
            ponto: intersection,
        }),
        LineIntersection::SinglePoint {
            intersection,
            is_proper: false,
        } => (!vizinhos && a.anel_global == b.anel_global).then_some(Problema::Toque {
            a: a.onde,
            b: b.onde,
            ponto: intersection,
        }),
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use geo_types::polygon;

    #[test]
    fn quadrado_valido_nao_tem_problema() {
        let quadrado = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.0, y: -15.0), (x: -55.0, y: -14.0), (x: -56.0, y: -14.0)],
        ]);
        assert_eq!(validar(&quadrado), []);
    }

    #[test]
    fn todos_os_problemas_e_nao_o_primeiro() {
        // Vértice repetido (3) e um espinho (6: vai a −54,5 e volta).
        let ruim = MultiPolygon(vec![polygon![
            (x: -56.0, y: -15.0),
            (x: -55.0, y: -15.0),
            (x: -55.0, y: -15.0),
            (x: -55.0, y: -14.5),
            (x: -54.5, y: -14.5),
            (x: -55.0, y: -14.5),
            (x: -55.0, y: -14.0),
            (x: -56.0, y: -14.0)
        ]]);
        let textos: Vec<String> = validar(&ruim).iter().map(ToString::to_string).collect();
        assert!(
            textos
                .iter()
                .any(|t| t == "parte 1, anel 1, vértice 2: vértice repetido logo em seguida (a cópia é ignorada)"),
            "{textos:?}"
        );
        assert!(
            textos
                .iter()
                .any(|t| t.starts_with("parte 1, anel 1, vértice 5: espinho")),
            "{textos:?}"
        );
    }

    #[test]
    fn buraco_fora_e_sentido_trocado() {
        let casca = LineString::from(vec![
            (-56.0, -15.0),
            (-55.0, -15.0),
            (-55.0, -14.0),
            (-56.0, -14.0),
            (-56.0, -15.0),
        ]);
        let fora = LineString::from(vec![
            (-53.0, -15.0),
            (-53.0, -14.5),
            (-52.5, -14.5),
            (-53.0, -15.0),
        ]);
        let poligono = Polygon::new(casca, vec![fora]);
        let problemas = validar(&MultiPolygon(vec![poligono]));
        assert!(
            problemas.contains(&Problema::BuracoForaDaCasca(Onde {
                parte: 1,
                anel: 2,
                vertice: 0
            })),
            "{problemas:?}"
        );
    }

    #[test]
    fn exterior_no_sentido_horario_e_so_aviso() {
        let horario = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -56.0, y: -14.0), (x: -55.0, y: -14.0), (x: -55.0, y: -15.0)],
        ]);
        let problemas = validar(&horario);
        assert_eq!(problemas.len(), 1);
        assert_eq!(problemas[0].gravidade(), Gravidade::Aviso);
    }
}
