//! Leitura do memorial descritivo como os agrimensores o escrevem (estilo SIGEF): vértices com
//! coordenadas UTM "N 8.654.321,12 m e E 612.345,67 m" e a zona ou o meridiano central, com
//! azimutes e distâncias de cada lado.
//!
//! As coordenadas dos vértices definem o polígono; azimutes e distâncias declarados são
//! conferidos com os calculados (geodésicos, GRS80), e as divergências viram avisos — um erro
//! de digitação num memorial é comum e a Cartografia precisa vê-lo.
//!
//! # Unidades
//! Metros (UTM, SIRGAS 2000) na entrada; graus decimais na saída.

use divisa_referencia::formato::decimal;
use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use geographiclib_rs::InverseGeodesic;

use crate::geodesia::sirgas2000;
use crate::leitura::{ErroLeitura, Territorio};
use crate::utm::{de_utm, Utm};

/// Um memorial lido: o território e os avisos sobre o que o texto declara.
#[derive(Debug, Clone, PartialEq)]
pub struct MemorialLido {
    /// O território descrito.
    pub territorio: Territorio,
    /// Zona UTM usada.
    pub zona: u8,
    /// Códigos dos vértices, na ordem.
    pub vertices: Vec<String>,
    /// Divergências entre o declarado (azimute, distância) e o calculado das coordenadas.
    pub avisos: Vec<String>,
}

/// Um número no formato brasileiro: "8.654.321,12" → 8654321.12.
fn numero(texto: &str) -> Option<f64> {
    let limpo: String = texto
        .chars()
        .filter(|c| *c != '.')
        .map(|c| if c == ',' { '.' } else { c })
        .collect();
    limpo.parse().ok()
}

/// O número que começa em `texto` (algarismos, pontos de milhar e vírgula decimal).
fn primeiro_numero(texto: &str) -> Option<(f64, usize)> {
    let inicio = texto.find(|c: char| c.is_ascii_digit() || c == '-' || c == '−')?;
    let resto = &texto[inicio..];
    let negativo = resto.starts_with('-') || resto.starts_with('−');
    let corpo = resto.trim_start_matches(['-', '−']);
    let fim = corpo
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(corpo.len());
    let trecho = corpo[..fim].trim_end_matches(['.', ',']);
    let valor = numero(trecho)?;
    Some((
        if negativo { -valor } else { valor },
        inicio + (resto.len() - corpo.len()) + fim,
    ))
}

/// Um ângulo "45°12'30,25"" em graus.
fn angulo(texto: &str) -> Option<f64> {
    let (graus, resto) = texto.split_once('°')?;
    let graus: f64 = numero(graus.trim())?;
    let (minutos, resto) = resto.split_once(['\'', '’', '′']).unwrap_or(("0", resto));
    let segundos = resto.split(['"', '”', '″']).next().unwrap_or("0");
    Some(
        graus
            + numero(minutos.trim()).unwrap_or(0.0) / 60.0
            + numero(segundos.trim()).unwrap_or(0.0) / 3600.0,
    )
}

/// A zona UTM dita no memorial ("zona 22S", "fuso 21", "meridiano central -57" ou "57° O").
fn zona(texto: &str) -> Option<u8> {
    let minusculo = texto.to_lowercase();
    for chave in ["zona ", "fuso "] {
        for (posicao, _) in minusculo.match_indices(chave) {
            let depois = &minusculo[posicao + chave.len()..];
            if let Some((valor, _)) = primeiro_numero(ate_caracteres(depois, 6)) {
                if (1.0..=60.0).contains(&valor) && valor.fract() == 0.0 {
                    return Some(valor as u8);
                }
            }
        }
    }
    let posicao = minusculo.find("meridiano central")?;
    let depois = &minusculo[posicao + "meridiano central".len()..];
    let (valor, _) = primeiro_numero(ate_caracteres(depois, 20))?;
    let meridiano = -valor.abs();
    let zona = ((meridiano + 183.0) / 6.0).round();
    (1.0..=60.0).contains(&zona).then_some(zona as u8)
}

/// As posições (em bytes, no próprio `texto`) em que `agulha`, escrita em minúsculas, aparece
/// sem diferença de maiúsculas. Só compara caracteres cujo minúsculo é um caractere só; as
/// posições são sempre fronteiras de caractere do texto original.
fn sem_caixa(texto: &str, agulha: &str) -> Vec<usize> {
    let mut posicoes = Vec::new();
    for (i, _) in texto.char_indices() {
        let mut t = texto[i..].chars();
        let casa = agulha.chars().all(|a| {
            t.next().is_some_and(|c| {
                let mut m = c.to_lowercase();
                m.next() == Some(a) && m.next().is_none()
            })
        });
        if casa {
            posicoes.push(i);
        }
    }
    posicoes
}

/// Os primeiros `n` caracteres (não bytes) de um texto.
fn ate_caracteres(texto: &str, n: usize) -> &str {
    texto
        .char_indices()
        .nth(n)
        .map_or(texto, |(fim, _)| &texto[..fim])
}

/// Lê um memorial descritivo em texto (UTF-8).
///
/// ```
/// use divisa_territorio::leitura_memorial::ler_memorial;
/// let texto = "Zona 21S. Inicia-se no vértice A, de coordenadas N 8.275.000,00 m e E 596.000,00 m; \
///     deste, segue até o vértice B, de coordenadas N 8.275.000,00 m e E 597.000,00 m; \
///     deste, segue até o vértice C, de coordenadas N 8.276.000,00 m e E 597.000,00 m; \
///     deste, segue até o vértice A, ponto inicial da descrição deste perímetro.";
/// let lido = ler_memorial("m.txt", texto.as_bytes()).unwrap();
/// assert_eq!(lido.vertices, ["A", "B", "C"]);
/// ```
pub fn ler_memorial(arquivo: &str, bytes: &[u8]) -> Result<MemorialLido, ErroLeitura> {
    let forma = |onde: String, mensagem: String| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde,
        mensagem,
    };
    let texto = std::str::from_utf8(bytes).map_err(|e| {
        let linha = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        forma(
            format!("linha {linha}"),
            "o memorial não é texto UTF-8".to_owned(),
        )
    })?;
    let linha_de = |posicao: usize| format!("linha {}", texto[..posicao].matches('\n').count() + 1);
    let zona = zona(texto).ok_or_else(|| {
        forma("cabeçalho".to_owned(), "não diz a zona UTM: escreva \"zona 21S\" ou \"meridiano central -57°\" (MT usa as zonas 20, 21 e 22)".to_owned())
    })?;
    if !(20..=22).contains(&zona) {
        return Err(forma(
            "cabeçalho".to_owned(),
            format!("zona UTM {zona}: Mato Grosso está nas zonas 20, 21 e 22"),
        ));
    }

    // Cada menção a "vértice CÓDIGO" marca um vértice; as coordenadas N/E vêm logo depois, e
    // só a primeira menção de cada código as traz (a última, "ponto inicial", fecha o anel).
    let mut codigos: Vec<String> = Vec::new();
    let mut pontos: Vec<Coord<f64>> = Vec::new();
    // E, N como escritos e a linha de cada vértice (para a conferência da zona).
    let mut planos: Vec<(f64, f64, String)> = Vec::new();
    let mut declarados: Vec<(usize, Option<f64>, Option<f64>)> = Vec::new();
    let mut fechado = false;
    // As posições são do próprio texto: um minúsculo pode ter outro tamanho em bytes (o sinal
    // de Kelvin, o İ turco), e uma posição dele cortaria o original fora de um caractere.
    let mencoes: Vec<usize> = sem_caixa(texto, "vértice ");
    for (i, &posicao) in mencoes.iter().enumerate() {
        let depois = &texto[posicao + "vértice ".len()..];
        let codigo: String = depois
            .chars()
            .take_while(|c| !matches!(c, ',' | ';' | ' ' | '\n' | '('))
            .collect();
        if codigo.is_empty() {
            continue;
        }
        let trecho_fim = mencoes.get(i + 1).copied().unwrap_or(texto.len());
        let trecho = &texto[posicao..trecho_fim];
        // Azimute e distância declarados antes desta menção (no lado que chega a ela).
        let antes = &texto[mencoes
            .get(i.wrapping_sub(1))
            .copied()
            .unwrap_or(0)
            .min(posicao)..posicao];
        let azimute = sem_caixa(antes, "azimute")
            .first()
            .and_then(|&p| antes[p..].find(char::is_numeric).map(|q| p + q))
            .and_then(|p| angulo(&antes[p..]));
        let distancia = sem_caixa(antes, "distância")
            .first()
            .and_then(|&p| primeiro_numero(&antes[p..]).map(|(v, _)| v));
        if codigos.first() == Some(&codigo) && codigos.len() >= 3 {
            declarados.push((codigos.len() - 1, azimute, distancia));
            fechado = true;
            break;
        }
        if codigos.contains(&codigo) {
            return Err(forma(
                linha_de(posicao),
                format!("o vértice {codigo} aparece duas vezes antes de fechar o perímetro"),
            ));
        }
        let (norte, leste) = coordenadas_utm(trecho).ok_or_else(|| {
            forma(
                linha_de(posicao),
                format!("o vértice {codigo} não tem coordenadas \"N … m e E … m\""),
            )
        })?;
        if !(7_000_000.0..=10_000_000.0).contains(&norte)
            || !(100_000.0..=900_000.0).contains(&leste)
        {
            return Err(forma(
                linha_de(posicao),
                format!("vértice {codigo}: N {norte} m e E {leste} m não são coordenadas UTM sul de Mato Grosso (N entre 7.900.000 e 9.250.000; E entre 100.000 e 900.000)"),
            ));
        }
        if !codigos.is_empty() {
            declarados.push((codigos.len() - 1, azimute, distancia));
        }
        let (lon, lat) = de_utm(&Utm {
            zona,
            sul: true,
            leste_m: leste,
            norte_m: norte,
        });
        codigos.push(codigo);
        pontos.push(Coord { x: lon, y: lat });
        planos.push((leste, norte, linha_de(posicao)));
    }
    if codigos.len() < 3 {
        return Err(forma(
            "texto".to_owned(),
            format!(
                "{} vértice(s) com coordenadas: um perímetro precisa de pelo menos 3",
                codigos.len()
            ),
        ));
    }
    if !fechado {
        return Err(forma("fim".to_owned(), format!("o perímetro não volta ao vértice inicial {} (\"até o vértice {}, ponto inicial da descrição\")", codigos[0], codigos[0])));
    }
    // Uma zona trocada desloca o perímetro 6° em longitude. Se ele sai de Mato Grosso, diz-se
    // o vértice e as zonas que o trariam para dentro. (Se a zona errada ainda cai em MT, só o
    // confronto com o município de origem, na avaliação, o revela.)
    if let Some(i) = pontos
        .iter()
        .position(|c| !crate::leitura::em_mato_grosso(c))
    {
        let em_graus = |z: u8, (leste, norte): (f64, f64)| {
            let (x, y) = de_utm(&Utm {
                zona: z,
                sul: true,
                leste_m: leste,
                norte_m: norte,
            });
            Coord { x, y }
        };
        let outras: Vec<String> = (20..=22)
            .filter(|&z| z != zona)
            .filter(|&z| {
                planos
                    .iter()
                    .all(|&(e, n, _)| crate::leitura::em_mato_grosso(&em_graus(z, (e, n))))
            })
            .map(|z| format!("{z}S"))
            .collect();
        return Err(forma(
            planos[i].2.clone(),
            format!(
                "vértice {}: com a zona {zona}S do memorial, cai em latitude {} e longitude {}, fora de Mato Grosso; confira a zona{}",
                codigos[i],
                decimal(pontos[i].y, 6),
                decimal(pontos[i].x, 6),
                match outras.as_slice() {
                    [] => String::new(),
                    [uma] => format!(" (com a zona {uma}, o perímetro inteiro cai em Mato Grosso)"),
                    varias => format!(" (com as zonas {}, o perímetro inteiro cai em Mato Grosso)", varias.join(" ou ")),
                }
            ),
        ));
    }
    let avisos = conferir(&codigos, &pontos, &declarados);
    let mut anel = pontos.clone();
    anel.push(pontos[0]);
    Ok(MemorialLido {
        territorio: Territorio {
            arquivo: arquivo.to_owned(),
            poligonos: MultiPolygon(vec![Polygon::new(LineString(anel), vec![])]),
            avisos: avisos.clone(),
            utm: Some((zona, true)),
        },
        zona,
        vertices: codigos,
        avisos,
    })
}

/// "N 8.654.321,12 m e E 612.345,67 m" (ou E antes de N) no começo de um trecho.
fn coordenadas_utm(trecho: &str) -> Option<(f64, f64)> {
    let norte = trecho.find("N ").or_else(|| trecho.find("N="))?;
    let leste = trecho.find("E ").or_else(|| trecho.find("E="))?;
    let (n, _) = primeiro_numero(&trecho[norte + 2..])?;
    let (e, _) = primeiro_numero(&trecho[leste + 2..])?;
    Some((n, e))
}

/// Compara azimutes e distâncias declarados com os calculados.
fn conferir(
    codigos: &[String],
    pontos: &[Coord<f64>],
    declarados: &[(usize, Option<f64>, Option<f64>)],
) -> Vec<String> {
    let mut avisos = Vec::new();
    for &(de, azimute, distancia) in declarados {
        let ate = (de + 1) % pontos.len();
        let (a, b) = (pontos[de], pontos[ate]);
        let (s12, azi1, _, _): (f64, f64, f64, f64) = sirgas2000().inverse(a.y, a.x, b.y, b.x);
        if let Some(declarada) = distancia {
            if (declarada - s12).abs() > 0.05 {
                avisos.push(format!(
                    "lado {}–{}: distância declarada {declarada:.2} m, calculada {s12:.2} m",
                    codigos[de], codigos[ate]
                ));
            }
        }
        if let Some(declarado) = azimute {
            // Tolerância em posição, como na distância: o desvio lateral que a diferença de
            // azimute produz no fim do lado (as coordenadas do texto vêm ao centímetro).
            let diferenca = (declarado - azi1.rem_euclid(360.0) + 540.0).rem_euclid(360.0) - 180.0;
            if (diferenca.to_radians().sin() * s12).abs() > 0.05 {
                avisos.push(format!(
                    "lado {}–{}: azimute declarado difere do calculado em {:.1}\"",
                    codigos[de],
                    codigos[ate],
                    diferenca * 3600.0
                ));
            }
        }
    }
    avisos
}

#[cfg(test)]
mod testes_de_caixa {
    use super::*;

    /// O minúsculo do sinal de Kelvin (U+212A, 3 bytes) é o "k" (1 byte): uma posição do
    /// minúsculo cortava o original no meio de um caractere (pânico).
    #[test]
    fn kelvin_e_i_turco_nao_quebram_a_leitura() {
        for prefixo in ["\u{212A}\u{212A}\u{212A} ", "İİİİ ", "ẞ "] {
            let texto = format!("{prefixo}Inicia-se no VÉRTICE V-001, de coordenadas N 8.200.000,00 m e E 500.000,00 m, zona 22S");
            let _ = ler_memorial("m.txt", texto.as_bytes());
            assert_eq!(sem_caixa(&texto, "vértice ").len(), 1, "{prefixo}");
            let p = sem_caixa(&texto, "vértice ")[0];
            assert!(texto.is_char_boundary(p));
            assert!(texto[p..].starts_with("VÉRTICE "));
        }
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::memorial::memorial;
    use geo_types::polygon;

    #[test]
    fn zona_trocada_que_tira_de_mato_grosso_diz_qual_zona_serve() {
        // Um quadrado perto de Cáceres (zona 21S) escrito em UTM e declarado na zona 20S: cairia
        // na Bolívia. A mensagem diz o vértice, onde cairia e que a 21S (ou a 22S) o traz de volta.
        let original = MultiPolygon(vec![
            polygon![(x: -57.5, y: -16.0), (x: -57.49, y: -16.0), (x: -57.49, y: -15.99), (x: -57.5, y: -15.99)],
        ]);
        let texto = memorial(&original).texto("teste");
        assert!(texto.contains("zona 21S"), "{texto}");
        let trocado = texto.replace("zona 21S", "zona 20S");
        let e = ler_memorial("m.txt", trocado.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("vértice V-001: com a zona 20S do memorial, cai em latitude -16,")
                && e.contains("fora de Mato Grosso; confira a zona (com as zonas 21S ou 22S"),
            "{e}"
        );
        // A zona certa lê sem erro.
        assert!(ler_memorial("m.txt", texto.as_bytes()).is_ok());
    }

    #[test]
    fn memorial_escrito_pelo_divisa_volta_ao_mesmo_memorial() {
        let original = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.99, y: -15.0), (x: -55.99, y: -14.99), (x: -56.0, y: -14.99)],
        ]);
        let texto1 = memorial(&original).texto("teste");
        let lido1 = ler_memorial("m.txt", texto1.as_bytes()).unwrap();
        assert!(lido1.avisos.is_empty(), "{:?}", lido1.avisos);
        assert_eq!(lido1.vertices, ["V-001", "V-002", "V-003", "V-004"]);
        // Volta ao polígono a menos do centímetro em que o texto arredonda as coordenadas.
        for (a, b) in lido1.territorio.poligonos.0[0]
            .exterior()
            .0
            .iter()
            .zip(&original.0[0].exterior().0)
        {
            assert!((a.x - b.x).abs() < 1e-7 && (a.y - b.y).abs() < 1e-7);
        }
        // E daí em diante é estável: memorial → polígono → memorial dá o mesmo texto.
        let texto2 = memorial(&lido1.territorio.poligonos).texto("teste");
        let lido2 = ler_memorial("m.txt", texto2.as_bytes()).unwrap();
        let texto3 = memorial(&lido2.territorio.poligonos).texto("teste");
        assert_eq!(texto2, texto3);
    }

    #[test]
    fn distancia_digitada_errada_vira_aviso() {
        let original = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.99, y: -15.0), (x: -55.99, y: -14.99), (x: -56.0, y: -14.99)],
        ]);
        let texto = memorial(&original).texto("teste");
        let posicao = texto.find(" m até o vértice V-002").unwrap();
        let errado = format!("{}9{}", &texto[..posicao - 1], &texto[posicao..]);
        let lido = ler_memorial("m.txt", errado.as_bytes()).unwrap();
        assert_eq!(lido.avisos.len(), 1, "{:?}", lido.avisos);
        assert!(
            lido.avisos[0].starts_with("lado V-001–V-002: distância declarada"),
            "{:?}",
            lido.avisos
        );
    }

    #[test]
    fn sem_zona_ou_sem_fechar_diz_o_que_falta() {
        let sem_zona = "Inicia-se no vértice A, de coordenadas N 8.275.000,00 m e E 596.000,00 m.";
        assert!(ler_memorial("m.txt", sem_zona.as_bytes())
            .unwrap_err()
            .to_string()
            .contains("não diz a zona UTM"));
        let aberto = "Zona 21. vértice A, de coordenadas N 8.275.000,00 m e E 596.000,00 m; vértice B, de coordenadas N 8.275.000,00 m e E 597.000,00 m; vértice C, de coordenadas N 8.276.000,00 m e E 597.000,00 m.";
        assert!(ler_memorial("m.txt", aberto.as_bytes())
            .unwrap_err()
            .to_string()
            .contains("não volta ao vértice inicial A"));
    }

    #[test]
    fn bytes_ao_acaso_nunca_entram_em_panico() {
        let original = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.99, y: -15.0), (x: -55.99, y: -14.99), (x: -56.0, y: -14.99)],
        ]);
        let base = memorial(&original).texto("teste").into_bytes();
        let mut estado = 0x1992_u64;
        for _ in 0..3_000 {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            let mut bytes = base.clone();
            for k in 0..4 {
                let posicao = ((estado >> (k * 8)) % bytes.len() as u64) as usize;
                bytes[posicao] = (estado >> (k * 8 + 3)) as u8;
            }
            bytes.truncate(bytes.len() - ((estado >> 40) as usize % 200));
            let _ = ler_memorial("x.txt", &bytes);
        }
    }
}
