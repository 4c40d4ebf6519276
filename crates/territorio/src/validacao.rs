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
use geo_types::{Coord, Line, LineString, MultiPolygon, Polygon};

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
    /// A conferência dos encontros entre lados parou no limite (um anel que se cruza milhões
    /// de vezes não guarda milhões de problemas).
    ConferenciaInterrompida {
        /// Quantos encontros foram achados até parar.
        achados: usize,
    },
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

/// Um ponto como quem digita coordenadas o escreve: latitude primeiro, vírgula decimal.
fn lugar(ponto: &Coord<f64>) -> String {
    format!(
        "latitude {}, longitude {}",
        divisa_referencia::formato::decimal(ponto.y, 6),
        divisa_referencia::formato::decimal(ponto.x, 6)
    )
}

impl fmt::Display for Problema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problema::ConferenciaInterrompida { achados } => write!(
                f,
                "a conferência parou depois de {} encontros entre lados (cruzamentos, toques ou sobreposições): o limite tem mais; corrija estes e confira de novo",
                divisa_referencia::formato::inteiro(i64::try_from(*achados).unwrap_or(i64::MAX))
            ),
            Problema::Cruzamento { a, b, ponto } => write!(
                f,
                "{a} e {b}: os lados se cruzam em {}",
                lugar(ponto)
            ),
            Problema::Toque { a, b, ponto } => write!(
                f,
                "{a} e {b}: o anel encosta em si mesmo em {}",
                lugar(ponto)
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

/// Os lados de todos os anéis, guardados pelos vértices distintos: o lado `i` vai de
/// `pontos[i]` a `pontos[i + 1]`; cada anel termina repetindo o seu primeiro ponto, que não
/// começa lado. Vinte e quatro bytes por vértice (um `Line` com a caixa, o lugar e a posição
/// eram 112): a conferência de 93 mil vértices anda na memória que cabe no cache.
struct Lados {
    pontos: Vec<Coord<f64>>,
    /// O anel de cada ponto (índice em `aneis`).
    anel: Vec<u32>,
    /// O número do vértice, no anel como veio (com os repetidos), de cada ponto.
    original: Vec<u32>,
    aneis: Vec<Anel>,
}

/// Um anel em [`Lados`]: onde começa, quantos lados tem e a que parte pertence.
struct Anel {
    base: Onde,
    inicio: usize,
    total: usize,
}

impl Lados {
    fn com_capacidade(pontos: usize) -> Lados {
        Lados {
            pontos: Vec::with_capacity(pontos),
            anel: Vec::with_capacity(pontos),
            original: Vec::with_capacity(pontos),
            aneis: Vec::new(),
        }
    }

    /// Acrescenta um anel pelos seus vértices distintos (com o número original de cada um).
    fn acrescentar(&mut self, base: Onde, distintos: &[(usize, Coord<f64>)]) {
        let indice = self.aneis.len() as u32;
        let inicio = self.pontos.len();
        for &(original, c) in distintos {
            self.pontos.push(c);
            self.anel.push(indice);
            self.original.push(original as u32);
        }
        if let Some(&(original, c)) = distintos.first() {
            self.pontos.push(c);
            self.anel.push(indice);
            self.original.push(original as u32);
        }
        self.aneis.push(Anel {
            base,
            inicio,
            total: distintos.len(),
        });
    }

    fn linha(&self, i: usize) -> Line<f64> {
        Line::new(self.pontos[i], self.pontos[i + 1])
    }

    /// A caixa dos lados `inicio..fim` de uma cadeia monótona: a do primeiro e do último ponto.
    fn caixa(&self, inicio: usize, fim: usize) -> [f64; 4] {
        let (a, b) = (self.pontos[inicio], self.pontos[fim]);
        [a.x.min(b.x), a.x.max(b.x), a.y.min(b.y), a.y.max(b.y)]
    }

    fn onde(&self, i: usize) -> Onde {
        Onde {
            vertice: self.original[i] as usize + 1,
            ..self.aneis[self.anel[i] as usize].base
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
    let vertices: usize = territorio
        .0
        .iter()
        .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
        .map(|anel| anel.0.len())
        .sum();
    let mut lados = Lados::com_capacidade(vertices);
    let mut distintos: Vec<(usize, Coord<f64>)> = Vec::new();
    for (p, poligono) in territorio.0.iter().enumerate() {
        for (a, anel) in std::iter::once(poligono.exterior())
            .chain(poligono.interiors())
            .enumerate()
        {
            divisa_recursos::conferir();
            let base = Onde {
                parte: p + 1,
                anel: a + 1,
                vertice: 0,
            };
            let pontos = sem_fechamento(anel);
            // Os lados saem dos vértices distintos (um vértice repetido não cria lado), e cada
            // um guarda o número do vértice original para a mensagem.
            distintos.clear();
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
            problemas_do_anel(pontos, &distintos, base, &mut problemas);
            lados.acrescentar(base, &distintos);
            if a > 0 && distintos.len() >= 3 {
                use geo::coordinate_position::{coord_pos_relative_to_ring, CoordPos};
                // Fora do exterior e fora da sua linha (encostar no exterior é outro problema,
                // visto nos encontros entre lados).
                if coord_pos_relative_to_ring(pontos[0], poligono.exterior()) == CoordPos::Outside {
                    problemas.push(Problema::BuracoForaDaCasca(base));
                }
            }
        }
        problemas.extend(sentido(poligono, p + 1));
    }
    problemas.extend(cruzamentos(&lados));
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

/// Os problemas de um anel sozinho: poucos vértices, vértices repetidos e espinhos. `pontos`
/// sem o de fechamento; `distintos`, sem os repetidos em seguida (nem o último igual ao
/// primeiro).
fn problemas_do_anel(
    pontos: &[Coord<f64>],
    distintos: &[(usize, Coord<f64>)],
    base: Onde,
    problemas: &mut Vec<Problema>,
) {
    if distintos.len() < 3 {
        problemas.push(Problema::PoucosVertices(base));
        return;
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
            distintos[(j + n - 1) % n].1,
            distintos[j].1,
            distintos[(j + 1) % n].1,
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

/// Uma cadeia monótona: lados consecutivos de um anel que andam no mesmo quadrante (sinal de
/// dx e de dy constantes). Dois lados da mesma cadeia não se cruzam (a cadeia é uma escada), e
/// a caixa de qualquer trecho dela sai do primeiro e do último vértice — a busca entre duas
/// cadeias se faz por bissecção, como no índice de cadeias monótonas do GEOS.
struct Cadeia {
    /// Lados `inicio..fim` em [`Lados`].
    inicio: usize,
    fim: usize,
    caixa: [f64; 4],
}

fn se_tocam(a: &[f64; 4], b: &[f64; 4]) -> bool {
    a[0] <= b[1] && b[0] <= a[1] && a[2] <= b[3] && b[2] <= a[3]
}

fn cadeias(lados: &Lados) -> Vec<Cadeia> {
    let quadrante = |d: Coord<f64>| (d.x > 0.0, d.x < 0.0, d.y > 0.0, d.y < 0.0);
    let mut v = Vec::new();
    for anel in &lados.aneis {
        let fim_do_anel = anel.inicio + anel.total;
        let mut inicio = anel.inicio;
        let mut atual = None;
        for i in anel.inicio..=fim_do_anel {
            let q = (i < fim_do_anel).then(|| quadrante(lados.pontos[i + 1] - lados.pontos[i]));
            if i > inicio && (i == fim_do_anel || q != atual) {
                v.push(Cadeia {
                    inicio,
                    fim: i,
                    caixa: lados.caixa(inicio, i),
                });
                inicio = i;
            }
            atual = q;
        }
    }
    v
}

/// Compara os trechos `a` e `b` (de cadeias diferentes), partindo o maior ao meio enquanto as
/// caixas se tocam.
fn entre_trechos(
    lados: &Lados,
    a: (usize, usize),
    b: (usize, usize),
    problemas: &mut Vec<Problema>,
) {
    if problemas.len() >= LIMITE_DE_ENCONTROS
        || !se_tocam(&lados.caixa(a.0, a.1), &lados.caixa(b.0, b.1))
    {
        return;
    }
    let (na, nb) = (a.1 - a.0, b.1 - b.0);
    if na == 1 && nb == 1 {
        // As caixas de um lado só já se tocam (conferido acima).
        if let Some(p) = comparar(lados, a.0, b.0) {
            problemas.push(p);
        }
    } else if na >= nb {
        let m = a.0 + na / 2;
        entre_trechos(lados, (a.0, m), b, problemas);
        entre_trechos(lados, (m, a.1), b, problemas);
    } else {
        let m = b.0 + nb / 2;
        entre_trechos(lados, a, (b.0, m), problemas);
        entre_trechos(lados, a, (m, b.1), problemas);
    }
}

fn cruzamentos(lados: &Lados) -> Vec<Problema> {
    // Cadeias monótonas varridas em x; entre duas cadeias que se tocam, bissecção. Paranatinga
    // densificado (93 mil vértices), no bench do território: 2,87 ms contra 3,22 ms do GEOS
    // (shapely); com um `Lado` de 112 bytes por vértice, 4,06 ms; antes das cadeias, varrendo
    // os lados um a um, 11,5 ms; grade uniforme, 16 ms; faixas de y, 20 ms.
    let mut cs = cadeias(lados);
    cs.sort_unstable_by(|a, b| a.caixa[0].total_cmp(&b.caixa[0]));
    let mut problemas = Vec::new();
    for (i, a) in cs.iter().enumerate() {
        divisa_recursos::conferir_a_cada(i, 256);
        for b in &cs[i + 1..] {
            if b.caixa[0] > a.caixa[1] {
                break;
            }
            if b.caixa[3] < a.caixa[2] || b.caixa[2] > a.caixa[3] {
                continue;
            }
            entre_trechos(lados, (a.inicio, a.fim), (b.inicio, b.fim), &mut problemas);
        }
        if problemas.len() >= LIMITE_DE_ENCONTROS {
            break;
        }
    }
    let interrompida = problemas.len() >= LIMITE_DE_ENCONTROS;
    // A ordem da varredura não diz nada a quem lê: na ordem dos anéis e dos vértices.
    problemas.sort_by_key(|p| match p {
        Problema::Cruzamento { a, b, .. }
        | Problema::Sobreposicao { a, b }
        | Problema::Toque { a, b, .. } => (a.parte, a.anel, a.vertice, b.parte, b.anel, b.vertice),
        _ => (0, 0, 0, 0, 0, 0),
    });
    if interrompida {
        problemas.push(Problema::ConferenciaInterrompida {
            achados: problemas.len(),
        });
    }
    problemas
}

/// Quantos encontros entre lados a conferência guarda antes de parar: bastam para quem vai
/// corrigir o arquivo, e um anel hostil (milhões de cruzamentos) não prende memória nem tempo.
const LIMITE_DE_ENCONTROS: usize = 1_000;

/// O encontro dos lados `i` e `j` (índices em [`Lados`]), se for um problema.
fn comparar(lados: &Lados, i: usize, j: usize) -> Option<Problema> {
    // Para a mensagem, o lado que vem primeiro no anel (os anéis estão em ordem em `Lados`).
    let (i, j) = if i <= j { (i, j) } else { (j, i) };
    let mesmo_anel = lados.anel[i] == lados.anel[j];
    let total = lados.aneis[lados.anel[i] as usize].total;
    let vizinhos = mesmo_anel && {
        let distancia = j - i;
        distancia == 1 || distancia == total - 1
    };
    // Lados vizinhos só se encontram no vértice comum; voltar pela mesma reta já é "espinho",
    // visto nos vértices.
    if vizinhos && total > 3 {
        return None;
    }
    match line_intersection(lados.linha(i), lados.linha(j))? {
        LineIntersection::Collinear { .. } => (!vizinhos).then(|| Problema::Sobreposicao {
            a: lados.onde(i),
            b: lados.onde(j),
        }),
        LineIntersection::SinglePoint {
            intersection,
            is_proper: true,
        } => Some(Problema::Cruzamento {
            a: lados.onde(i),
            b: lados.onde(j),
            ponto: intersection,
        }),
        LineIntersection::SinglePoint {
            intersection,
            is_proper: false,
        } => (!vizinhos && mesmo_anel).then(|| Problema::Toque {
            a: lados.onde(i),
            b: lados.onde(j),
            ponto: intersection,
        }),
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    /// As cadeias monótonas acham exatamente os pares que a comparação de todos com todos acha,
    /// em anéis ao acaso cheios de cruzamentos, toques e sobreposições (pontos numa grade
    /// pequena, para haver colineares e vértices em cima de lados).
    #[test]
    fn cadeias_monotonas_iguais_a_todos_os_pares() {
        let mut semente: u64 = 0x2319_9223;
        let mut acaso = |n: u64| {
            semente = semente
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (semente >> 33) % n
        };
        for caso in 0..300 {
            let n = 4 + acaso(40) as usize;
            let mut pontos: Vec<(f64, f64)> = (0..n)
                .map(|_| {
                    (
                        -56.0 + acaso(12) as f64 * 0.01,
                        -15.0 + acaso(12) as f64 * 0.01,
                    )
                })
                .collect();
            pontos.push(pontos[0]);
            let mp = MultiPolygon(vec![Polygon::new(LineString::from(pontos), vec![])]);
            let achados: Vec<String> = validar(&mp)
                .iter()
                .filter(|p| {
                    matches!(
                        p,
                        Problema::Cruzamento { .. }
                            | Problema::Sobreposicao { .. }
                            | Problema::Toque { .. }
                    )
                })
                .map(ToString::to_string)
                .collect();
            // todos com todos, pelos mesmos lados
            let mut lados = Lados::com_capacidade(n + 1);
            let pts = sem_fechamento(mp.0[0].exterior());
            let mut distintos: Vec<(usize, Coord<f64>)> = Vec::new();
            for (i, c) in pts.iter().enumerate() {
                if distintos.last().map(|(_, u)| u) != Some(c) {
                    distintos.push((i, *c));
                }
            }
            if distintos.len() > 1
                && distintos.first().map(|(_, c)| c) == distintos.last().map(|(_, c)| c)
            {
                distintos.pop();
            }
            lados.acrescentar(
                Onde {
                    parte: 1,
                    anel: 1,
                    vertice: 0,
                },
                &distintos,
            );
            let total = distintos.len();
            let mut todos = Vec::new();
            for i in 0..total {
                for j in i + 1..total {
                    if se_tocam(&lados.caixa(i, i + 1), &lados.caixa(j, j + 1)) {
                        todos.extend(comparar(&lados, i, j));
                    }
                }
            }
            todos.sort_by_key(|p| match p {
                Problema::Cruzamento { a, b, .. }
                | Problema::Sobreposicao { a, b }
                | Problema::Toque { a, b, .. } => {
                    (a.parte, a.anel, a.vertice, b.parte, b.anel, b.vertice)
                }
                _ => (0, 0, 0, 0, 0, 0),
            });
            let esperado: Vec<String> = todos.iter().map(ToString::to_string).collect();
            assert_eq!(achados, esperado, "caso {caso}: {n} pontos");
        }
    }
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

    /// Issue 14: um anel hostil com milhões de cruzamentos (estrela de cordas: cada lado cruza
    /// quase todos os outros) não guarda milhões de problemas nem leva minutos: a conferência
    /// para no limite e diz que parou.
    #[test]
    fn anel_com_milhoes_de_cruzamentos_para_no_limite_e_diz() {
        let n = 4_001usize;
        let passo = n / 2 - 1;
        let estrela: Vec<geo_types::Coord<f64>> = (0..=n)
            .map(|i| {
                let a = std::f64::consts::TAU * ((i * passo) % n) as f64 / n as f64;
                geo_types::coord! { x: -56.0 + 0.2 * a.cos(), y: -15.5 + 0.2 * a.sin() }
            })
            .collect();
        let territorio = MultiPolygon(vec![Polygon::new(LineString(estrela), vec![])]);
        let problemas = validar(&territorio);
        assert!(
            problemas.len() <= LIMITE_DE_ENCONTROS + 10,
            "{}",
            problemas.len()
        );
        let parou = problemas
            .iter()
            .find(|p| matches!(p, Problema::ConferenciaInterrompida { .. }))
            .expect("diz que a conferência parou");
        assert!(
            parou
                .to_string()
                .contains("a conferência parou depois de 1.000 encontros"),
            "{parou}"
        );
        assert_eq!(parou.gravidade(), Gravidade::Erro);
    }
}
