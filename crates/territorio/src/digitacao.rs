//! O que o editor do mapa pede à geometria (issue 29): as coordenadas que o cartógrafo digita
//! (pontos de GPS, em graus SIRGAS 2000 ou em UTM) e o trecho de uma divisa existente entre dois
//! pontos clicados ("daqui até ali, pela divisa atual").
//!
//! # Unidades
//! Graus decimais SIRGAS 2000, `x` = longitude, `y` = latitude; UTM em metros.

use geo_types::{Coord, LineString, MultiPolygon};

/// O sistema das coordenadas digitadas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sistema {
    /// Graus decimais (latitude e longitude, em qualquer ordem: a de Mato Grosso se reconhece).
    Graus,
    /// UTM do hemisfério sul, na zona dada (leste e norte, em qualquer ordem).
    Utm(u8),
}

/// Um erro de digitação, com a linha (1 = primeira).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("linha {linha}: {mensagem}")]
pub struct ErroDigitacao {
    /// A linha.
    pub linha: usize,
    /// O que está errado e o que se esperava.
    pub mensagem: String,
}

/// Um número como o cartógrafo escreve: `-12.5`, `-12,5` (vírgula decimal), `8.612.345,20` (com
/// separador de milhar).
fn numero(t: &str) -> Option<f64> {
    let t = t.trim();
    let normal = if t.contains(',') {
        t.replace('.', "").replace(',', ".")
    } else if t.matches('.').count() > 1 {
        t.replace('.', "")
    } else {
        t.to_owned()
    };
    normal.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Os números de uma linha: separados por espaço, tabulação ou ponto e vírgula; ou dois
/// números separados por uma vírgula só (`-12.5,-55.3`). Um código de vértice na frente
/// (`ABCD-M-0001`) é pulado.
fn numeros_da_linha(linha: &str) -> Vec<Option<f64>> {
    let limpa = linha.replace([';', '\t'], " ");
    let mut partes: Vec<&str> = limpa.split_whitespace().collect();
    if partes.len() == 1 && partes[0].matches(',').count() == 1 {
        partes = partes[0].split(',').collect();
    }
    // vírgula colada ao fim do número ("-12.5, -55.3")
    let partes: Vec<&str> = partes.iter().map(|p| p.trim_end_matches(',')).collect();
    let mut saida: Vec<Option<f64>> = partes.iter().map(|p| numero(p)).collect();
    while saida.len() > 2 && saida.first() == Some(&None) {
        saida.remove(0);
    }
    saida
}

/// Lê os vértices digitados, um por linha, e fecha o anel. Linhas vazias e as que começam com
/// `#` são puladas. Em graus, a ordem (latitude e longitude, ou o contrário) se reconhece pelos
/// valores de Mato Grosso; em UTM, leste (6 dígitos) e norte (7 dígitos).
pub fn ler_vertices(texto: &str, sistema: Sistema) -> Result<LineString<f64>, ErroDigitacao> {
    let mut pontos: Vec<Coord<f64>> = Vec::new();
    for (i, linha) in texto.lines().enumerate() {
        let n = i + 1;
        let linha = linha.trim();
        if linha.is_empty() || linha.starts_with('#') {
            continue;
        }
        let erro = |mensagem: String| ErroDigitacao { linha: n, mensagem };
        let valores = numeros_da_linha(linha);
        let (a, b) = match valores.as_slice() {
            [Some(a), Some(b)] | [Some(a), Some(b), Some(_)] => (*a, *b),
            _ => {
                return Err(erro(format!(
                    "«{linha}» não são duas coordenadas; escreva um vértice por linha, {}",
                    match sistema {
                        Sistema::Graus =>
                            "a latitude e a longitude em graus decimais (-12,543210 -55,712345)",
                        Sistema::Utm(_) => "o leste e o norte em metros (612345,20 8612345,80)",
                    }
                )))
            }
        };
        let c = match sistema {
            Sistema::Graus => {
                let (lat, lon) = if a.abs() <= 30.0 && b.abs() > 30.0 {
                    (a, b)
                } else if b.abs() <= 30.0 && a.abs() > 30.0 {
                    (b, a)
                } else {
                    return Err(erro(format!(
                        "«{linha}» não parece latitude e longitude de Mato Grosso em graus decimais (a latitude entre -7 e -18, a longitude entre -50 e -62); são metros? escolha o sistema UTM"
                    )));
                };
                Coord { x: lon, y: lat }
            }
            Sistema::Utm(zona) => {
                let (leste, norte) = if (100_000.0..1_000_000.0).contains(&a)
                    && (1_000_000.0..10_000_000.0).contains(&b)
                {
                    (a, b)
                } else if (100_000.0..1_000_000.0).contains(&b)
                    && (1_000_000.0..10_000_000.0).contains(&a)
                {
                    (b, a)
                } else {
                    return Err(erro(format!(
                        "«{linha}» não parece UTM em metros (leste com 6 dígitos, norte com 7); são graus? escolha graus decimais"
                    )));
                };
                let (lon, lat) = crate::utm::de_utm(&crate::utm::Utm {
                    zona,
                    sul: true,
                    leste_m: leste,
                    norte_m: norte,
                });
                Coord { x: lon, y: lat }
            }
        };
        pontos.push(c);
    }
    if pontos.len() < 3 {
        return Err(ErroDigitacao {
            linha: texto.lines().count().max(1),
            mensagem: format!(
                "{} vértice{}: uma área precisa de pelo menos três",
                pontos.len(),
                if pontos.len() == 1 { "" } else { "s" }
            ),
        });
    }
    if pontos.first() != pontos.last() {
        pontos.push(pontos[0]);
    }
    Ok(LineString(pontos))
}

/// Um trecho de divisa.
#[derive(Debug, Clone, PartialEq)]
pub struct Trecho {
    /// Os vértices, do primeiro ponto ao segundo.
    pub linha: LineString<f64>,
    /// O território (o índice em `territorios`) de cujo anel o trecho foi tirado.
    pub territorio: usize,
    /// O comprimento geodésico, m.
    pub comprimento_m: f64,
    /// A distância do ponto clicado mais longe ao vértice em que o trecho começa ou termina, m.
    pub folga_m: f64,
}

/// A distância aproximada entre dois pontos em graus, m (equirretangular: para escolher o
/// vértice mais perto, não para medir).
fn distancia_aprox(a: Coord<f64>, b: Coord<f64>) -> f64 {
    let lat = ((a.y + b.y) / 2.0).to_radians();
    let dx = (a.x - b.x) * lat.cos() * 111_320.0;
    let dy = (a.y - b.y) * 110_574.0;
    (dx * dx + dy * dy).sqrt()
}

/// O trecho da divisa de um dos `territorios` entre os vértices mais próximos de `de` e de
/// `ate`, pelo lado mais curto do anel: o anel cujos vértices mais perto dos dois pontos
/// estão, juntos, mais perto. `None` se nenhum vértice está a menos de `tolerancia_m` dos dois
/// pontos, ou se os dois caem no mesmo vértice.
pub fn trecho(
    territorios: &[&MultiPolygon<f64>],
    de: Coord<f64>,
    ate: Coord<f64>,
    tolerancia_m: f64,
) -> Option<Trecho> {
    let mut melhor: Option<(f64, usize, &LineString<f64>, usize, usize)> = None;
    for (t, mp) in territorios.iter().enumerate() {
        for p in &mp.0 {
            for anel in std::iter::once(p.exterior()).chain(p.interiors()) {
                let n = anel.0.len().saturating_sub(1); // sem o de fechamento
                if n < 3 {
                    continue;
                }
                let perto = |alvo: Coord<f64>| {
                    (0..n)
                        .map(|i| (distancia_aprox(anel.0[i], alvo), i))
                        .min_by(|a, b| a.0.total_cmp(&b.0))
                        .unwrap_or((f64::INFINITY, 0))
                };
                let (da, ia) = perto(de);
                let (db, ib) = perto(ate);
                let folga = da.max(db);
                if folga <= tolerancia_m && ia != ib && melhor.as_ref().is_none_or(|m| folga < m.0)
                {
                    melhor = Some((folga, t, anel, ia, ib));
                }
            }
        }
    }
    let (folga_m, territorio, anel, ia, ib) = melhor?;
    let n = anel.0.len() - 1;
    let ida: Vec<Coord<f64>> = {
        let mut v = Vec::new();
        let mut i = ia;
        loop {
            v.push(anel.0[i]);
            if i == ib {
                break;
            }
            i = (i + 1) % n;
        }
        v
    };
    let volta: Vec<Coord<f64>> = {
        let mut v = Vec::new();
        let mut i = ia;
        loop {
            v.push(anel.0[i]);
            if i == ib {
                break;
            }
            i = (i + n - 1) % n;
        }
        v
    };
    let comprimento = |v: &[Coord<f64>]| -> f64 {
        v.windows(2)
            .map(|w| {
                let (s12, _, _, _) = geographiclib_rs::InverseGeodesic::inverse(
                    crate::geodesia::sirgas2000(),
                    w[0].y,
                    w[0].x,
                    w[1].y,
                    w[1].x,
                );
                s12
            })
            .sum()
    };
    let (ci, cv) = (comprimento(&ida), comprimento(&volta));
    let (linha, comprimento_m) = if ci <= cv { (ida, ci) } else { (volta, cv) };
    Some(Trecho {
        linha: LineString(linha),
        territorio,
        comprimento_m,
        folga_m,
    })
}

#[cfg(test)]
mod testes {
    use super::*;
    use geo_types::{polygon, MultiPolygon};

    #[test]
    fn graus_em_qualquer_ordem_virgula_decimal_e_codigo_do_vertice() {
        let t = "-12,5 -55,5\nABCD-M-0002 -55.4 -12.5\n-12.4;-55.4\n";
        let l = ler_vertices(t, Sistema::Graus).unwrap();
        assert_eq!(l.0.len(), 4, "três vértices e o fechamento");
        assert_eq!(l.0[0], Coord { x: -55.5, y: -12.5 });
        assert_eq!(l.0[1], Coord { x: -55.4, y: -12.5 });
        assert_eq!(l.0[2], Coord { x: -55.4, y: -12.4 });
    }

    #[test]
    fn utm_e_linha_errada_dita_pelo_numero() {
        let t = "612345,20 8612345,80\n8612345.8 622345.2\n622345 8622345\n";
        let l = ler_vertices(t, Sistema::Utm(21)).unwrap();
        assert!(
            l.0.iter()
                .all(|c| (-58.0..-54.0).contains(&c.x) && (-14.0..-11.0).contains(&c.y)),
            "{l:?}"
        );
        let e = ler_vertices("-12.5 -55.5\nabc\n-12.4 -55.4", Sistema::Graus).unwrap_err();
        assert_eq!(e.linha, 2);
        let e = ler_vertices("612345 8612345\n-12.4 -55.4\n", Sistema::Graus).unwrap_err();
        assert_eq!(e.linha, 1, "{e}");
        assert!(e.mensagem.contains("UTM"), "{e}");
    }

    #[test]
    fn trecho_pelo_lado_mais_curto_do_anel() {
        let q: MultiPolygon<f64> = MultiPolygon(vec![polygon![
            (x: -55.0, y: -12.0), (x: -54.9, y: -12.0), (x: -54.8, y: -12.0),
            (x: -54.8, y: -11.9), (x: -55.0, y: -11.9), (x: -55.0, y: -12.0)
        ]]);
        let t = trecho(
            &[&q],
            Coord {
                x: -55.0005,
                y: -12.0003,
            },
            Coord {
                x: -54.8004,
                y: -12.0002,
            },
            500.0,
        )
        .unwrap();
        // de (-55,-12) a (-54.8,-12): por baixo (22 km) e não pela direita, por cima e pela
        // esquerda (44 km)
        assert_eq!(t.linha.0.first(), Some(&Coord { x: -55.0, y: -12.0 }));
        assert_eq!(t.linha.0.last(), Some(&Coord { x: -54.8, y: -12.0 }));
        assert!(
            (t.comprimento_m - 21_800.0).abs() < 200.0,
            "{}",
            t.comprimento_m
        );
        assert_eq!(t.linha.0.len(), 3, "{:?}", t.linha);
        assert!(trecho(
            &[&q],
            Coord { x: -50.0, y: -10.0 },
            Coord { x: -54.8, y: -11.9 },
            500.0
        )
        .is_none());
    }
}
