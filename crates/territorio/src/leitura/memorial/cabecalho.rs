//! O que o memorial diz fora dos vértices: a zona UTM (ou o meridiano central), o sistema
//! geodésico (SIRGAS 2000, SAD 69, Córrego Alegre, WGS 84) e a área e o perímetro declarados.

use super::lexico::{
    casa, fronteira_antes, fronteira_depois, letra, pular, pular_na_linha, trecho, Dobrado, GRAU,
};
use super::numeros::{angulo, numero, Hemisferio};

/// Uma zona UTM dita no memorial, com a linha.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ZonaDita {
    /// A zona (1 a 60).
    pub zona: u8,
    /// O hemisfério, quando dito (`Some(true)` = sul).
    pub sul: Option<bool>,
    /// A linha.
    pub linha: usize,
    /// Como foi dita, para as mensagens ("fuso 21", "meridiano central 57° O").
    pub como: String,
    /// Se veio do meridiano central (e não de "zona", "fuso", "UTM" ou EPSG).
    pub por_meridiano: bool,
}

/// O que se leu das zonas e meridianos centrais.
#[derive(Debug, Default)]
pub(super) struct Zonas {
    /// As zonas ditas (por zona, fuso, UTM, meridiano central ou EPSG).
    pub ditas: Vec<ZonaDita>,
    /// Meridianos centrais que não são de zona UTM nenhuma, com a linha.
    pub meridianos_sem_zona: Vec<(f64, usize)>,
}

/// Os sistemas geodésicos citados, com a linha da primeira menção.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Sistemas {
    /// SIRGAS 2000.
    pub sirgas: Option<usize>,
    /// SAD 69 (South American Datum 1969).
    pub sad69: Option<usize>,
    /// Córrego Alegre.
    pub corrego_alegre: Option<usize>,
    /// WGS 84.
    pub wgs84: Option<usize>,
}

/// Uma medida declarada (área em m², perímetro em m), com a metade da menor unidade escrita.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct MedidaDeclarada {
    /// O valor, em m² ou m.
    pub valor: f64,
    /// Metade da menor unidade escrita (0,0001 ha escrito → 0,5 m²).
    pub meia_unidade: f64,
    /// Como veio escrita ("12,3456 ha").
    pub escrita: String,
    /// A linha.
    pub linha: usize,
    /// Quantas unidades do SI (m² ou m) vale a unidade escrita (1 ha = 10.000 m²).
    pub fator: f64,
}

impl MedidaDeclarada {
    /// A unidade escrita de uma área: o fator para m², o símbolo e as casas com que se escreve.
    pub fn unidade(&self) -> (f64, &'static str, usize) {
        if self.fator >= 1e6 {
            (1e6, "km²", 4)
        } else if self.fator >= 1e4 {
            (1e4, "ha", 4)
        } else {
            (1.0, "m²", 2)
        }
    }
}

/// As zonas ditas no texto.
pub(super) fn zonas(t: &Dobrado) -> Zonas {
    let b = &t.b;
    let mut saida = Zonas::default();
    for chave in ["zona", "fuso", "zone", "utm"] {
        for &p in t.todas(chave).iter() {
            if !fronteira_antes(b, p) {
                continue;
            }
            let mut q = p + chave.len();
            // "UTM21S" e "Zona21" vêm colados; "zonas" e "utmx" não são zonas.
            if q < b.len() && letra(b[q]) {
                continue;
            }
            // Os rótulos entre a palavra e o número: "zona UTM nº 21", "fuso: 21", "UTM zone 21S".
            loop {
                let r = pular(b, q);
                let rotulo = ["utm", "zone", "zona", "fuso", "numero", "no", "n"]
                    .iter()
                    .find(|r_| casa(b, r, r_) && fronteira_depois(b, r + r_.len()));
                if let Some(r_) = rotulo {
                    q = r + r_.len();
                    continue;
                }
                if r < b.len() && matches!(b[r], b':' | b'=' | b'.' | b'-' | b'#' | GRAU) {
                    q = r + 1;
                    continue;
                }
                q = r;
                break;
            }
            if q >= b.len() || !b[q].is_ascii_digit() {
                continue;
            }
            let Some(Ok(n)) = numero(b, q, false) else {
                continue;
            };
            if n.casas > 0 || !(1.0..=60.0).contains(&n.valor) {
                continue;
            }
            // A letra do hemisfério (ou da faixa de latitude do MGRS): "21S", "21 L", "22 Sul".
            let r = pular_na_linha(b, n.fim);
            let sul = if casa(b, r, "sul") && fronteira_depois(b, r + 3) {
                Some(true)
            } else if casa(b, r, "norte") && fronteira_depois(b, r + 5) {
                Some(false)
            } else if r < b.len() && letra(b[r]) && fronteira_depois(b, r + 1) {
                match b[r].to_ascii_uppercase() {
                    // No Brasil, "S" é sul (no MGRS seria a faixa de 32° a 40° N).
                    b'S' => Some(true),
                    b'C'..=b'M' => Some(true),
                    b'N'..=b'X' => Some(false),
                    _ => None,
                }
            } else {
                None
            };
            saida.ditas.push(ZonaDita {
                zona: n.valor as u8,
                sul,
                linha: t.linha(p),
                como: format!("{} {}", chave, n.valor as u8),
                por_meridiano: false,
            });
        }
    }
    // O meridiano central: "meridiano central 57° W", "MC-57°", "M.C. = -57", "Meridiano Central
    // nº 57 WGr".
    let mut mencoes: Vec<(usize, usize)> = t
        .todas("meridiano central")
        .iter()
        .copied()
        .map(|p| (p, p + "meridiano central".len()))
        .collect();
    for chave in ["mc", "m.c."] {
        for &p in t.todas(chave).iter() {
            // Só em maiúsculas e como palavra: "mc" dentro de palavra não é meridiano.
            let maiusculas = b[p..p + chave.len()]
                .iter()
                .all(|x| !x.is_ascii_lowercase());
            if maiusculas && fronteira_antes(b, p) && fronteira_depois(b, p + chave.len()) {
                mencoes.push((p, p + chave.len()));
            }
        }
    }
    for (p, mut q) in mencoes {
        loop {
            let r = pular(b, q);
            let rotulo = ["numero", "no", "n", "de", "do"]
                .iter()
                .find(|r_| casa(b, r, r_) && fronteira_depois(b, r + r_.len()));
            if let Some(r_) = rotulo {
                q = r + r_.len();
                continue;
            }
            if r < b.len() && matches!(b[r], b':' | b'=' | b'.' | b'(' | GRAU) {
                q = r + 1;
                continue;
            }
            q = r;
            break;
        }
        let Some(Ok(a)) = angulo(b, q, true, true) else {
            continue;
        };
        let leste = a.hemisferio == Some(Hemisferio::Leste);
        // No Brasil, todo meridiano central é a oeste de Greenwich: "MC 57" é −57°.
        let meridiano = if leste { a.graus.abs() } else { -a.graus.abs() };
        let zona = (meridiano + 183.0) / 6.0;
        if (zona - zona.round()).abs() < 1e-9 && (1.0..=60.0).contains(&zona.round()) {
            saida.ditas.push(ZonaDita {
                zona: zona.round() as u8,
                sul: None,
                linha: t.linha(p),
                como: format!(
                    "meridiano central {}° {}",
                    meridiano.abs(),
                    if leste { "L" } else { "O" }
                ),
                por_meridiano: true,
            });
        } else {
            saida.meridianos_sem_zona.push((meridiano, t.linha(p)));
        }
    }
    // Códigos EPSG do SIRGAS 2000 / UTM: 31978 a 31985 (18S a 25S), 31972 a 31977 (17N a 22N).
    for &p in t.todas("epsg").iter() {
        let q = pular(b, p + 4);
        let q = if q < b.len() && matches!(b[q], b':' | b'=') {
            pular(b, q + 1)
        } else {
            q
        };
        let Some(Ok(n)) = numero(b, q, false) else {
            continue;
        };
        let (zona, sul) = match n.valor as i64 {
            c @ 31978..=31985 => (c - 31960, true),
            c @ 31972..=31977 => (c - 31955, false),
            _ => continue,
        };
        saida.ditas.push(ZonaDita {
            zona: zona as u8,
            sul: Some(sul),
            linha: t.linha(p),
            como: format!("EPSG:{}", n.valor as i64),
            por_meridiano: false,
        });
    }
    saida.ditas.sort_by_key(|z| z.linha);
    // "UTM zone 21S" é uma menção só, achada por "utm" e por "zone".
    // Em ordem de linha, as repetidas estão juntas: compara-se só com as da mesma linha.
    let mut unicas: Vec<ZonaDita> = Vec::new();
    for z in saida.ditas {
        let mesma_linha = unicas.iter_mut().rev().take_while(|u| u.linha == z.linha);
        match mesma_linha
            .into_iter()
            .find(|u| u.zona == z.zona && u.por_meridiano == z.por_meridiano)
        {
            Some(u) => u.sul = u.sul.or(z.sul),
            None => unicas.push(z),
        }
    }
    saida.ditas = unicas;
    saida
}

/// Os sistemas geodésicos citados.
pub(super) fn sistemas(t: &Dobrado) -> Sistemas {
    let b = &t.b;
    let primeira = |palavra: &str| t.todas(palavra).first().map(|&p| t.linha(p));
    // "SAD 69", "SAD-69", "SAD69", "SAD/69", "SAD_69".
    let sad = t
        .todas("sad")
        .iter()
        .copied()
        .filter(|&p| {
            fronteira_antes(b, p) && {
                let mut q = p + 3;
                while q < b.len() && matches!(b[q], b' ' | b'-' | b'/' | b'_') {
                    q += 1;
                }
                casa(b, q, "69") && (q + 2 >= b.len() || !b[q + 2].is_ascii_digit())
            }
        })
        .chain(
            [
                "south american datum 1969",
                "south_american_1969",
                "south american 1969",
                "epsg:4618",
                "epsg:291",
            ]
            .iter()
            .filter_map(|c| t.todas(c).first().copied()),
        )
        .min();
    let wgs = t
        .todas("wgs")
        .iter()
        .copied()
        .filter(|&p| {
            fronteira_antes(b, p) && {
                let mut q = p + 3;
                while q < b.len() && matches!(b[q], b' ' | b'-' | b'/' | b'_') {
                    q += 1;
                }
                casa(b, q, "84") || casa(b, q, "1984")
            }
        })
        .min();
    Sistemas {
        sirgas: primeira("sirgas"),
        sad69: sad.map(|p| t.linha(p)),
        corrego_alegre: primeira("corrego alegre"),
        wgs84: wgs.map(|p| t.linha(p)),
    }
}

/// O trecho entre a palavra-chave e o número não pode ter vértice, coordenada nem ângulo: a
/// área e o perímetro declarados vêm logo depois do nome ("Área (Sistema Geodésico Local):
/// 12,3456 ha", "Perímetro (m): 1.234,56").
fn trecho_limpo(t: &Dobrado, de: usize, ate: usize) -> bool {
    !t.b[de..ate].contains(&GRAU)
        && t.achar(de, ate, "vertice").is_none()
        && t.achar(de, ate, "coordenada").is_none()
}

/// A área declarada: a primeira "Área … número unidade" (ha, m², km²), em m².
pub(super) fn area(t: &Dobrado, ponto_decimal: bool) -> Option<MedidaDeclarada> {
    medida(t, "area", ponto_decimal, |b, q| {
        let r = pular_na_linha(b, q);
        for (unidade, fator) in [("hectares", 1e4), ("ha", 1e4), ("km2", 1e6), ("m2", 1.0)] {
            if casa(b, r, unidade) && fronteira_depois(b, r + unidade.len()) {
                return Some((fator, r + unidade.len()));
            }
        }
        None
    })
}

/// O perímetro declarado: o primeiro "Perímetro … número m" (ou km, ou "(m)" antes), em m.
pub(super) fn perimetro(t: &Dobrado, ponto_decimal: bool) -> Option<MedidaDeclarada> {
    medida(t, "perimetro", ponto_decimal, |b, q| {
        let r = pular_na_linha(b, q);
        // Uma área ao lado ("Área … Perímetro (m)\n123,4567 ha 4.123,45 m") não é o perímetro.
        if ["ha", "hectares", "m2", "km2"]
            .iter()
            .any(|u| casa(b, r, u) && fronteira_depois(b, r + u.len()))
        {
            return Some((0.0, r));
        }
        if casa(b, r, "km") && fronteira_depois(b, r + 2) {
            return Some((1e3, r + 2));
        }
        if casa(b, r, "metros") && fronteira_depois(b, r + 6) {
            return Some((1.0, r + 6));
        }
        if casa(b, r, "m") && fronteira_depois(b, r + 1) && !(r + 1 < b.len() && b[r + 1] == b'2') {
            return Some((1.0, r + 1));
        }
        None
    })
}

fn medida(
    t: &Dobrado,
    chave: &str,
    ponto_decimal: bool,
    unidade: impl Fn(&[u8], usize) -> Option<(f64, usize)>,
) -> Option<MedidaDeclarada> {
    let b = &t.b;
    const JANELA: usize = 80;
    for &p in t.todas(chave).iter() {
        if !fronteira_antes(b, p) || !fronteira_depois(b, p + chave.len()) {
            continue;
        }
        let inicio = p + chave.len();
        let fim = (inicio + JANELA).min(b.len());
        let mut q = inicio;
        while q < fim {
            let comeca = b[q].is_ascii_digit() && (q == 0 || !b[q - 1].is_ascii_alphanumeric());
            if !comeca {
                q += 1;
                continue;
            }
            let n = match numero(b, q, false) {
                Some(Ok(n)) => n,
                Some(Err(f)) => {
                    q = f.fim.max(q + 1);
                    continue;
                }
                None => {
                    q += 1;
                    continue;
                }
            };
            if !trecho_limpo(t, inicio, q) {
                break;
            }
            let com_unidade = unidade(b, n.fim);
            // "Perímetro (m): 1.234,56": a unidade veio antes, entre parênteses.
            let em_metros_antes = chave == "perimetro" && t.achar(inicio, q, "(m)").is_some();
            let (fator, fim_unidade) = match (com_unidade, em_metros_antes) {
                // Fator zero: a unidade diz que o número é de outra medida.
                (Some((0.0, _)), _) => {
                    q = n.fim;
                    continue;
                }
                (Some(u), _) => u,
                (None, true) => (1.0, n.fim),
                (None, false) => {
                    q = n.fim;
                    continue;
                }
            };
            let (valor, casas) = n.escolher(ponto_decimal);
            if valor <= 0.0 || valor.is_nan() {
                break;
            }
            // 102,4831 ha são 1.024.831 m² exatos, não 1.024.830,9999999999.
            let escala = 10f64.powi(casas as i32) / fator;
            let valor = if escala >= 1.0 {
                (valor * fator * escala).round() / escala
            } else {
                valor * fator
            };
            return Some(MedidaDeclarada {
                valor,
                meia_unidade: 0.5 * 10f64.powi(-(casas as i32)) * fator,
                escrita: trecho(&b[n.inicio..fim_unidade]).replace("m2", "m²"),
                linha: t.linha(q),
                fator,
            });
        }
    }
    None
}

/// Se o documento usa o ponto como separador decimal: nenhum número com vírgula decimal
/// ("12,34") e algum com ponto decimal que não pode ser de milhar ("12.34", "8654321.12").
pub(super) fn ponto_decimal(b: &[u8]) -> bool {
    let mut virgula = false;
    let mut ponto = false;
    let mut p = 0;
    while p < b.len() {
        if b[p].is_ascii_digit() && (p == 0 || !b[p - 1].is_ascii_digit()) {
            let mut q = p;
            while q < b.len() && b[q].is_ascii_digit() {
                q += 1;
            }
            if q + 1 < b.len() && b[q + 1].is_ascii_digit() {
                let mut r = q + 1;
                while r < b.len() && b[r].is_ascii_digit() {
                    r += 1;
                }
                match b[q] {
                    b',' => virgula = true,
                    b'.' if r - q - 1 != 3 || q - p > 3 => ponto = true,
                    _ => {}
                }
                p = r;
                continue;
            }
            p = q;
            continue;
        }
        p += 1;
    }
    ponto && !virgula
}

#[cfg(test)]
mod testes {
    use super::*;

    fn zona_de(texto: &str) -> Vec<(u8, Option<bool>)> {
        zonas(&Dobrado::novo(texto))
            .ditas
            .iter()
            .map(|z| (z.zona, z.sul))
            .collect()
    }

    #[test]
    fn zona_fuso_e_meridiano_central() {
        assert_eq!(zona_de("Zona 21S."), [(21, Some(true))]);
        assert_eq!(zona_de("UTM 22 Sul"), [(22, Some(true))]);
        assert_eq!(zona_de("Fuso 21"), [(21, None)]);
        assert_eq!(zona_de("fuso: 21 L"), [(21, Some(true))]);
        assert_eq!(zona_de("MC-57°"), [(21, None)]);
        assert_eq!(zona_de("Meridiano Central: 57° WGr"), [(21, None)]);
        assert_eq!(zona_de("meridiano central nº 51"), [(22, None)]);
        assert_eq!(zona_de("SIRGAS 2000 / UTM zone 20S"), [(20, Some(true))]);
        assert_eq!(zona_de("EPSG:31981"), [(21, Some(true))]);
        assert!(zona_de("Zona Rural; fuso horário de Cuiabá").is_empty());
        let z = zonas(&Dobrado::novo("MC -54°"));
        assert_eq!(z.meridianos_sem_zona, [(-54.0, 1)]);
    }

    #[test]
    fn sistemas_citados() {
        let s = sistemas(&Dobrado::novo("Datum: SAD-69\nSIRGAS2000"));
        assert_eq!((s.sad69, s.sirgas), (Some(1), Some(2)));
        assert!(sistemas(&Dobrado::novo("SAD 1969")).sad69.is_none());
        assert!(sistemas(&Dobrado::novo("WGS-84")).wgs84.is_some());
    }

    #[test]
    fn area_e_perimetro_declarados() {
        let t =
            Dobrado::novo("Área (Sistema Geodésico Local): 12,3456 ha\nPerímetro (m): 1.234,56");
        let a = area(&t, false).unwrap();
        assert!((a.valor - 123_456.0).abs() < 1e-6 && (a.meia_unidade - 0.5).abs() < 1e-9);
        assert_eq!(a.escrita, "12,3456 ha");
        let p = perimetro(&t, false).unwrap();
        assert!((p.valor - 1234.56).abs() < 1e-9);
        let t = Dobrado::novo(
            "Área geodésica (GRS80, arestas geodésicas): 2,3319 km² (x). Perímetro: 6.453,19 m",
        );
        assert!((area(&t, false).unwrap().valor - 2.3319e6).abs() < 1e-3);
        assert!((perimetro(&t, false).unwrap().valor - 6453.19).abs() < 1e-9);
        // O perímetro da frase "descrição deste perímetro no vértice …" não é o declarado.
        let t = Dobrado::novo("descrição deste perímetro no vértice A, Altitude: 350,12 m");
        assert!(perimetro(&t, false).is_none());
        // Os rótulos numa linha e os valores na seguinte, como no PDF do SIGEF.
        let t =
            Dobrado::novo("Área (Sistema Geodésico Local)\tPerímetro (m)\n123,4567 ha\t4.123,45 m");
        assert!((area(&t, false).unwrap().valor - 1_234_567.0).abs() < 1e-6);
        assert!((perimetro(&t, false).unwrap().valor - 4123.45).abs() < 1e-9);
    }

    #[test]
    fn ponto_ou_virgula_decimal() {
        assert!(!ponto_decimal(b"N 8.654.321,12"));
        assert!(ponto_decimal(b"N 8654321.12 E 612345.67"));
        assert!(!ponto_decimal(b"E 612.345"));
    }
}
