//! O mapa dos documentos oficiais em SVG: um só desenho para o HTML, o ODT e o PDF.
//!
//! [`svg`] recebe as camadas de um [`crate::Bloco::Mapa`] (cada município com o seu papel e a
//! sua sede) e devolve um SVG completo e a descrição do mapa em palavras (o texto alternativo).
//! O desenho tem o que um mapa de lei precisa para ser lido sozinho: cada papel na sua cor (o
//! receptor de uma incorporação não se confunde com o município de origem), o nome de cada
//! município dentro dele, as sedes marcadas (a proposta com uma estrela), paralelos e
//! meridianos com as coordenadas na moldura, escala gráfica, seta do norte, convenções, a fonte
//! dos dados e, quando o recorte é pequeno, o mapa de situação em Mato Grosso.
//!
//! # Projeção
//! Equirretangular centrada no paralelo médio φ₀ do recorte, com as longitudes multiplicadas
//! por N(φ₀)·cos φ₀ / M(φ₀) (raios de curvatura do GRS80, o elipsoide do SIRGAS 2000): no
//! paralelo φ₀ e ao longo de todos os meridianos a escala é a mesma em x e em y, e verdadeira.
//! Num recorte municipal (até uns 5° de latitude) o erro em x longe de φ₀ fica abaixo de 1,5%.
//! Os meridianos ficam verticais e os paralelos horizontais: o norte é para cima em todo o
//! mapa, e as coordenadas se escrevem nas bordas da moldura. Não é o UTM dos memoriais: os
//! números de área e de distância dos documentos vêm do memorial, não do desenho.
//!
//! # Escala gráfica
//! Um grau de latitude vale M(φ₀)·π/180 (o comprimento do arco de meridiano no paralelo
//! médio); a barra tem 1, 2 ou 5 × 10ⁿ km (ou metros) e perto de um quinto da largura do mapa.
//!
//! # Tamanho e determinismo
//! Os anéis são projetados para pixels e simplificados na resolução do desenho (vértices a
//! menos de 0,3 px do anterior caem; depois, Douglas-Peucker com 0,3 px), e os números saem
//! com uma casa decimal: um município de 3.000 vértices vira umas poucas centenas. Nada depende
//! de relógio, de ordem de tabela de dispersão ou de fonte instalada (só a família genérica
//! `serif`; as larguras dos textos são estimadas): a mesma entrada dá os mesmos bytes.
//!
//! # Nomes sem colisão
//! Os nomes são postos por um raster da moldura em células de 4 px: cada célula é do município
//! desenhado por cima nela; a distância de cada célula à borda do seu município dá os lugares
//! mais folgados, e o nome vai no mais folgado em que caiba sem cobrir outro nome ou sede.
//! Quando não cabe dentro (a faixa estreita de uma revisão de limites), vai ao lado com uma
//! linha de chamada; o nome de um vizinho que não cabe é omitido.

use std::fmt::Write as _;

use divisa_referencia::formato::{decimal, inteiro};
use divisa_territorio::geodesia::{GRS80_ACHATAMENTO, GRS80_SEMIEIXO_MAIOR_M};
pub use divisa_territorio::mapa::Papel;

use crate::Camada;

mod contorno_mt;
use contorno_mt::CONTORNO_MT;

/// Largura do desenho em unidades do SVG (px a 96 dpi). Nos documentos ele é reduzido à
/// largura útil da página (16 cm): o texto de 11 px sai com uns 7,5 pt.
const LARGURA: f64 = 660.0;
/// Margem lateral, onde vão as latitudes (texto de pé).
const MARGEM: f64 = 22.0;
/// Margem de cima, onde vão as longitudes.
const TOPO: f64 = 20.0;
/// Proporção altura/largura da moldura: o recorte é alargado para caber entre as duas.
const PROPORCAO_MINIMA: f64 = 0.55;
const PROPORCAO_MAXIMA: f64 = 0.85;
/// Lado da célula do raster dos nomes, px.
const CELULA: f64 = 4.0;
/// Resolução da simplificação, px.
const TOLERANCIA_PX: f64 = 0.3;
/// Lado mínimo do recorte, graus (uns 3 km): uma sede sozinha ainda dá um mapa legível.
const LADO_MINIMO_GRAUS: f64 = 0.03;
/// Acima desta fração do retângulo de Mato Grosso, o mapa de situação não acrescenta nada.
const FRACAO_PARA_SITUACAO: f64 = 0.3;
/// Largura do mapa de situação, px.
const LARGURA_SITUACAO: f64 = 140.0;

/// Um mapa desenhado.
#[derive(Debug, Clone, PartialEq)]
pub struct Mapa {
    /// O SVG completo, sem o prólogo XML (serve embutido no HTML e, com o prólogo, como
    /// arquivo), com `<title>`, `<desc>` e `aria-label`.
    pub svg: String,
    /// O que o mapa mostra, numa frase ou três (o texto alternativo do HTML e do ODT).
    pub descricao: String,
    /// O título curto ("Mapa: Vale do Ribeirão e Ribeirãozinho").
    pub titulo: String,
    /// Largura do desenho, px (unidades do `viewBox`).
    pub largura: f64,
    /// Altura do desenho, px.
    pub altura: f64,
}

/// O mapa das camadas, com a fonte dos dados (`legenda`) no pé; `None` se não há nada que
/// desenhar (nenhum anel com três pontos válidos e nenhuma sede).
///
/// Coordenadas não finitas ou fora de ±180°/±90° são ignoradas, anéis com menos de três pontos
/// também; nada nos dados faz esta função entrar em pânico.
pub fn svg(camadas: &[Camada], legenda: &str) -> Option<Mapa> {
    let limpas: Vec<Limpa<'_>> = camadas.iter().map(limpar).collect();
    let recorte = Recorte::das(&limpas)?;
    Some(Desenho::novo(&limpas, recorte, legenda, identificador(camadas, legenda)).desenhar())
}

/// O retângulo `[lon_min, lat_min, lon_max, lat_max]` de que o mapa pode precisar para as
/// camadas de destaque (as que não são vizinhas): o do recorte com folga para qualquer
/// proporção da moldura. Quem monta as camadas recorta os vizinhos nele ([`recortar`]) e não
/// guarda no documento o que nunca aparece.
pub(crate) fn caixa_de_contexto(camadas: &[Camada]) -> Option<[f64; 4]> {
    let limpas: Vec<Limpa<'_>> = camadas.iter().map(limpar).collect();
    let r = Recorte::das(&limpas)?;
    // A moldura tem a proporção entre 0,55 e 0,85 em torno do centro: um quadrado do maior lado
    // a contém sempre; 20% a mais cobrem a espessura dos contornos.
    let lado = r.largura.max(r.altura) * 0.6;
    let (xc, yc) = ((r.x0 + r.x1) / 2.0, (r.y0 + r.y1) / 2.0);
    Some([
        r.lon0 + (xc - lado) / r.k,
        yc - lado,
        r.lon0 + (xc + lado) / r.k,
        yc + lado,
    ])
}

/// Um anel recortado a um retângulo `[lon_min, lat_min, lon_max, lat_max]`
/// (Sutherland-Hodgman). O resultado pode ter lados sobre a borda do retângulo: serve para
/// desenhar dentro de uma moldura menor que ele, não para medir. Vazio se o anel cai fora.
pub(crate) fn recortar(anel: &[[f64; 2]], caixa: [f64; 4]) -> Vec<[f64; 2]> {
    let mut pontos: Vec<[f64; 2]> = anel.to_vec();
    // Cada borda: (eixo, valor, manter o lado >= valor?)
    for (eixo, valor, acima) in [
        (0, caixa[0], true),
        (0, caixa[2], false),
        (1, caixa[1], true),
        (1, caixa[3], false),
    ] {
        if pontos.is_empty() {
            break;
        }
        let dentro = |p: &[f64; 2]| {
            if acima {
                p[eixo] >= valor
            } else {
                p[eixo] <= valor
            }
        };
        let mut saida = Vec::with_capacity(pontos.len());
        for i in 0..pontos.len() {
            let a = pontos[i];
            let b = pontos[(i + 1) % pontos.len()];
            let (da, db) = (dentro(&a), dentro(&b));
            if da {
                saida.push(a);
            }
            if da != db && b[eixo] != a[eixo] {
                let t = (valor - a[eixo]) / (b[eixo] - a[eixo]);
                let mut p = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
                p[eixo] = valor;
                saida.push(p);
            }
        }
        pontos = saida;
    }
    if pontos.len() < 3 {
        Vec::new()
    } else {
        pontos
    }
}

// ---------------------------------------------------------------------------------------------
// Entrada limpa

/// Uma camada só com os anéis e a sede utilizáveis.
struct Limpa<'a> {
    camada: &'a Camada,
    papel: Papel,
    /// Anéis válidos em graus (de todos os polígonos: o preenchimento é par-ímpar).
    aneis: Vec<Vec<[f64; 2]>>,
    sede: Option<[f64; 2]>,
}

fn valido(p: &[f64; 2]) -> bool {
    p[0].is_finite() && p[1].is_finite() && p[0].abs() <= 180.0 && p[1].abs() <= 90.0
}

fn limpar(camada: &Camada) -> Limpa<'_> {
    let mut aneis = Vec::new();
    for poligono in &camada.poligonos {
        for (i, anel) in poligono.iter().enumerate() {
            let bons: Vec<[f64; 2]> = anel.iter().copied().filter(valido).collect();
            if bons.len() >= 3 {
                aneis.push(bons);
            } else if i == 0 {
                // Sem exterior, os buracos do polígono não querem dizer nada.
                break;
            }
        }
    }
    Limpa {
        camada,
        papel: Papel::de_codigo(&camada.papel).unwrap_or(Papel::Vizinho),
        aneis,
        sede: camada.sede.as_ref().map(|s| s.ponto).filter(valido),
    }
}

// ---------------------------------------------------------------------------------------------
// Projeção e recorte

/// Raios de curvatura do GRS80 no paralelo φ (graus): (M, do meridiano; N, do primeiro
/// vertical), em metros.
fn raios(lat: f64) -> (f64, f64) {
    let e2 = GRS80_ACHATAMENTO * (2.0 - GRS80_ACHATAMENTO);
    let s = lat.to_radians().sin();
    let w = (1.0 - e2 * s * s).sqrt();
    (
        GRS80_SEMIEIXO_MAIOR_M * (1.0 - e2) / (w * w * w),
        GRS80_SEMIEIXO_MAIOR_M / w,
    )
}

/// O recorte em coordenadas projetadas (x = (lon − lon₀)·k, y = lat, ambos em "graus de
/// latitude"), já com folga e na proporção da moldura.
#[derive(Debug, Clone, Copy)]
struct Recorte {
    lon0: f64,
    lat0: f64,
    k: f64,
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
    largura: f64,
    altura: f64,
}

impl Recorte {
    fn das(limpas: &[Limpa<'_>]) -> Option<Recorte> {
        let destaque = |l: &&Limpa<'_>| l.papel != Papel::Vizinho;
        let tem_destaque = limpas
            .iter()
            .filter(destaque)
            .any(|l| !l.aneis.is_empty() || l.sede.is_some());
        let pontos = limpas
            .iter()
            .filter(|l| !tem_destaque || destaque(l))
            .flat_map(|l| l.aneis.iter().flatten().chain(l.sede.iter()));
        let (mut a, mut b, mut c, mut d) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in pontos {
            a = a.min(p[0]);
            b = b.min(p[1]);
            c = c.max(p[0]);
            d = d.max(p[1]);
        }
        if a > c {
            return None;
        }
        let (lon0, lat0) = ((a + c) / 2.0, (b + d) / 2.0);
        let (m, n) = raios(lat0);
        // Perto do polo o cosseno some e as longitudes explodiriam: nada em Mato Grosso chega
        // lá, mas um dado errado não pode travar o desenho.
        let k = (n * lat0.to_radians().cos() / m).max(0.05);
        let mut largura = ((c - a) * k).max(LADO_MINIMO_GRAUS) * 1.16;
        let mut altura = (d - b).max(LADO_MINIMO_GRAUS) * 1.16;
        if altura < largura * PROPORCAO_MINIMA {
            altura = largura * PROPORCAO_MINIMA;
        } else if altura > largura * PROPORCAO_MAXIMA {
            largura = altura / PROPORCAO_MAXIMA;
        }
        Some(Recorte {
            lon0,
            lat0,
            k,
            x0: -largura / 2.0,
            x1: largura / 2.0,
            y0: lat0 - altura / 2.0,
            y1: lat0 + altura / 2.0,
            largura,
            altura,
        })
    }

    fn lon_min(&self) -> f64 {
        self.lon0 + self.x0 / self.k
    }
    fn lon_max(&self) -> f64 {
        self.lon0 + self.x1 / self.k
    }
    /// Quilômetros por unidade projetada (um grau de latitude no paralelo médio).
    fn km_por_unidade(&self) -> f64 {
        raios(self.lat0).0 * std::f64::consts::PI / 180.0 / 1000.0
    }
}

/// Um retângulo na tela, px.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Caixa {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Caixa {
    fn centrada(cx: f64, cy: f64, l: f64, a: f64) -> Caixa {
        Caixa {
            x0: cx - l / 2.0,
            y0: cy - a / 2.0,
            x1: cx + l / 2.0,
            y1: cy + a / 2.0,
        }
    }
    fn sobrepoe(&self, o: &Caixa) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }
    fn dentro_de(&self, o: &Caixa) -> bool {
        self.x0 >= o.x0 && self.x1 <= o.x1 && self.y0 >= o.y0 && self.y1 <= o.y1
    }
}

// ---------------------------------------------------------------------------------------------
// Texto

/// Texto para o SVG, numa linha (o escapador único; as quebras viram espaço).
fn esc(t: &str) -> String {
    divisa_referencia::formato::escapar(t).replace(['\n', '\r', '\t'], " ")
}

/// Um número com uma casa decimal no máximo ("12", "12.5"): o SVG fica pequeno e a posição
/// erra no máximo 0,05 px.
fn n1(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == 0.0 || !r.is_finite() {
        return "0".into();
    }
    let s = format!("{r:.1}");
    s.strip_suffix(".0").map_or(s.clone(), str::to_owned)
}

/// A largura estimada de um texto em `serif`: sem fonte embutida, o desenho não pode medir o
/// texto. As larguras por letra são as da DejaVu Serif (a `serif` do Linux e, em geral, do
/// LibreOffice), a mais larga das comuns; numa Times o texto sai uns 15% mais estreito, e a
/// estimativa larga só deixa os nomes mais folgados.
fn largura_do_texto(texto: &str, tamanho: f64, negrito: bool) -> f64 {
    let em: f64 = texto
        .chars()
        .map(|c| match c {
            ' ' => 0.32,
            'i' | 'j' | 'l' | 'í' | 'ì' | 'ï' | '\'' | '.' | ',' | ':' | ';' | '!' | '|' => 0.33,
            'f' | 't' | 'r' | 'I' | 'J' | '(' | ')' | '-' | '°' => 0.46,
            'm' | 'w' => 0.9,
            'M' | 'W' | 'Æ' => 0.95,
            c if c.is_uppercase() => 0.76,
            c if c.is_ascii_digit() => 0.64,
            _ => 0.6,
        })
        .sum();
    em * tamanho * if negrito { 1.08 } else { 1.0 }
}

/// Quebra um texto em linhas de até `largura` px.
fn quebrar(texto: &str, tamanho: f64, largura: f64) -> Vec<String> {
    let mut linhas = Vec::new();
    let mut atual = String::new();
    for palavra in texto.split_whitespace() {
        let tentativa = if atual.is_empty() {
            palavra.to_owned()
        } else {
            format!("{atual} {palavra}")
        };
        if !atual.is_empty() && largura_do_texto(&tentativa, tamanho, false) > largura {
            linhas.push(std::mem::replace(&mut atual, palavra.to_owned()));
        } else {
            atual = tentativa;
        }
    }
    if !atual.is_empty() {
        linhas.push(atual);
    }
    linhas
}

/// Um nome em duas linhas, partido no espaço mais perto do meio; `None` sem espaço.
fn em_duas_linhas(texto: &str) -> Option<Vec<String>> {
    let meio = texto.len() / 2;
    let corte = texto
        .char_indices()
        .filter(|(_, c)| *c == ' ')
        .map(|(i, _)| i)
        .min_by_key(|i| i.abs_diff(meio))?;
    Some(vec![
        texto[..corte].to_owned(),
        texto[corte + 1..].to_owned(),
    ])
}

/// Lista em português: "A", "A e B", "A, B e C".
fn lista(nomes: &[String]) -> String {
    match nomes {
        [] => String::new(),
        [um] => um.clone(),
        [inicio @ .., ultimo] => format!("{} e {ultimo}", inicio.join(", ")),
    }
}

/// Uma coordenada em minutos inteiros ("16°40' S", "52° O" quando o passo é de graus
/// inteiros), no formato dos memoriais (hemisfério depois de um espaço; O para oeste).
fn coordenada(minutos: i64, latitude: bool, so_graus: bool) -> String {
    let hemisferio = match (latitude, minutos.signum()) {
        (_, 0) => "",
        (true, -1) => " S",
        (true, _) => " N",
        (false, -1) => " O",
        (false, _) => " L",
    };
    let m = minutos.unsigned_abs();
    if so_graus {
        format!("{}°{hemisferio}", m / 60)
    } else {
        format!("{}°{:02}'{hemisferio}", m / 60, m % 60)
    }
}

/// Um ponto em graus e minutos, latitude primeiro ("16°37' S, 52°51' O").
fn ponto_em_minutos(p: [f64; 2]) -> String {
    let m = |v: f64| (v * 60.0).round() as i64;
    format!(
        "{}, {}",
        coordenada(m(p[1]), true, false),
        coordenada(m(p[0]), false, false)
    )
}

/// Um comprimento em km para quem lê: "120 km", "8,5 km", "500 m".
fn distancia(km: f64) -> String {
    if km >= 10.0 {
        format!("{} km", inteiro(km.round() as i64))
    } else if km >= 1.0 {
        let casas = usize::from((km - km.round()).abs() > 1e-9);
        format!("{} km", decimal(km, casas))
    } else {
        format!("{} m", inteiro((km * 1000.0).round() as i64))
    }
}

/// O identificador dos elementos internos (o recorte da moldura): do conteúdo, para que dois
/// mapas diferentes na mesma página HTML não troquem de moldura, e o mesmo mapa dê os mesmos
/// bytes. FNV-1a, que não precisa de ser criptográfico.
fn identificador(camadas: &[Camada], legenda: &str) -> String {
    let json = serde_json::to_string(camadas).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in json.bytes().chain(legenda.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("mapa-{:08x}", h as u32)
}

// ---------------------------------------------------------------------------------------------
// Simplificação

/// Distância de `p` ao segmento `ab`.
fn distancia_ao_segmento(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let n = dx * dx + dy * dy;
    let t = if n > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / n).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
}

/// Os pontos de um anel na tela, sem os que não mudam o desenho: primeiro os que estão a
/// menos de [`TOLERANCIA_PX`] do anterior, depois Douglas-Peucker com a mesma tolerância
/// (iterativo: um anel de dezenas de milhares de vértices não estoura a pilha).
fn simplificar(pontos: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut perto: Vec<(f64, f64)> = Vec::with_capacity(pontos.len());
    for p in pontos {
        match perto.last() {
            Some(u) if (p.0 - u.0).hypot(p.1 - u.1) < TOLERANCIA_PX => {}
            _ => perto.push(*p),
        }
    }
    if perto.len() < 4 {
        return perto;
    }
    let mut manter = vec![false; perto.len()];
    let ultimo = perto.len() - 1;
    manter[0] = true;
    manter[ultimo] = true;
    // O anel fechado tem o primeiro ponto igual ao último: o ponto mais distante dele é o
    // segundo apoio, para a primeira corda não degenerar num ponto.
    let apoio = (1..ultimo)
        .max_by(|i, j| {
            let d = |k: usize| (perto[k].0 - perto[0].0).hypot(perto[k].1 - perto[0].1);
            d(*i).total_cmp(&d(*j))
        })
        .unwrap_or(ultimo);
    manter[apoio] = true;
    let mut pilha = vec![(0, apoio), (apoio, ultimo)];
    while let Some((i, j)) = pilha.pop() {
        let mut maior = (0.0, 0);
        for k in i + 1..j {
            let d = distancia_ao_segmento(perto[k], perto[i], perto[j]);
            if d > maior.0 {
                maior = (d, k);
            }
        }
        if maior.0 > TOLERANCIA_PX {
            manter[maior.1] = true;
            pilha.push((i, maior.1));
            pilha.push((maior.1, j));
        }
    }
    perto
        .into_iter()
        .zip(manter)
        .filter_map(|(p, m)| m.then_some(p))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// O desenho

/// O nome de cada papel nas convenções do mapa; o de origem, com a área desenhada por cima,
/// é o que resta dele.
fn nome_na_legenda(papel: Papel, com_area: bool) -> &'static str {
    match papel {
        Papel::Area => "área a desmembrar",
        Papel::Origem if com_area => "município de origem (remanescente)",
        p => p.legenda(),
    }
}

/// Uma camada pronta para o desenho: os anéis na tela.
struct NaTela<'a> {
    limpa: &'a Limpa<'a>,
    aneis: Vec<Vec<(f64, f64)>>,
}

/// Uma sede na tela.
struct SedeNaTela {
    nome: String,
    ponto: [f64; 2],
    x: f64,
    y: f64,
    proposta: bool,
}

struct Desenho<'a> {
    camadas: Vec<NaTela<'a>>,
    recorte: Recorte,
    legenda: &'a str,
    id: String,
    /// Px por unidade projetada.
    escala: f64,
    moldura: Caixa,
    sedes: Vec<SedeNaTela>,
    /// O que já ocupa lugar na moldura: nomes, sedes.
    ocupado: Vec<Caixa>,
    /// O passo do graticulado, em minutos.
    passo: i64,
}

impl<'a> Desenho<'a> {
    fn novo(
        limpas: &'a [Limpa<'a>],
        recorte: Recorte,
        legenda: &'a str,
        id: String,
    ) -> Desenho<'a> {
        let largura_moldura = LARGURA - 2.0 * MARGEM;
        let escala = largura_moldura / recorte.largura;
        let moldura = Caixa {
            x0: MARGEM,
            y0: TOPO,
            x1: MARGEM + largura_moldura,
            y1: TOPO + recorte.altura * escala,
        };
        let mut desenho = Desenho {
            camadas: Vec::new(),
            recorte,
            legenda,
            id,
            escala,
            moldura,
            sedes: Vec::new(),
            ocupado: Vec::new(),
            passo: passo_do_graticulado(
                (recorte.lon_max() - recorte.lon_min()).max(recorte.altura),
            ),
        };
        // Fora da moldura (com folga para o contorno) nada aparece: o anel inteiro fora cai.
        let folga = Caixa {
            x0: moldura.x0 - 10.0,
            y0: moldura.y0 - 10.0,
            x1: moldura.x1 + 10.0,
            y1: moldura.y1 + 10.0,
        };
        let mut ordem: Vec<&Limpa<'_>> = limpas.iter().collect();
        // Estável: na mesma camada de papel, a ordem de entrada.
        ordem.sort_by_key(|l| l.papel);
        for limpa in ordem {
            let aneis = limpa
                .aneis
                .iter()
                .map(|anel| {
                    let tela: Vec<(f64, f64)> =
                        anel.iter().map(|p| desenho.tela(p[0], p[1])).collect();
                    simplificar(&tela)
                })
                .filter(|anel| {
                    anel.len() >= 3 && {
                        let (mut a, mut b, mut c, mut d) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
                        for p in anel {
                            a = a.min(p.0);
                            b = b.min(p.1);
                            c = c.max(p.0);
                            d = d.max(p.1);
                        }
                        Caixa {
                            x0: a,
                            y0: b,
                            x1: c,
                            y1: d,
                        }
                        .sobrepoe(&folga)
                    }
                })
                .collect();
            desenho.camadas.push(NaTela { limpa, aneis });
        }
        // As sedes: a proposta primeiro; uma sede a menos de 3 px de outra já posta é a mesma
        // cidade (na fusão, a sede proposta é a de um dos municípios).
        let mut sedes: Vec<(&Limpa<'_>, [f64; 2], bool)> = limpas
            .iter()
            .filter_map(|l| {
                let s = l.camada.sede.as_ref()?;
                Some((l, l.sede?, s.proposta))
            })
            .collect();
        sedes.sort_by_key(|(_, _, proposta)| !proposta);
        for (limpa, ponto, proposta) in sedes {
            let (x, y) = desenho.tela(ponto[0], ponto[1]);
            let dentro = x > moldura.x0 && x < moldura.x1 && y > moldura.y0 && y < moldura.y1;
            let repetida = desenho.sedes.iter().any(|s| (s.x - x).hypot(s.y - y) < 3.0);
            if dentro && !repetida {
                desenho.sedes.push(SedeNaTela {
                    nome: limpa
                        .camada
                        .sede
                        .as_ref()
                        .map(|s| s.nome.clone())
                        .unwrap_or_default(),
                    ponto,
                    x,
                    y,
                    proposta,
                });
            }
        }
        desenho
    }

    fn tela(&self, lon: f64, lat: f64) -> (f64, f64) {
        let r = &self.recorte;
        (
            self.moldura.x0 + ((lon - r.lon0) * r.k - r.x0) * self.escala,
            self.moldura.y0 + (r.y1 - lat) * self.escala,
        )
    }

    fn com_area(&self) -> bool {
        self.camadas
            .iter()
            .any(|c| matches!(c.limpa.papel, Papel::Area | Papel::Novo) && !c.aneis.is_empty())
    }

    fn desenhar(mut self) -> Mapa {
        let mut corpo = String::with_capacity(32 * 1024);
        let m = self.moldura;
        let _ = write!(
            corpo,
            r##"<defs><clipPath id="{id}-moldura"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath></defs><g clip-path="url(#{id}-moldura)"><rect x="{}" y="{}" width="{}" height="{}" fill="#fbfbf8"/>"##,
            n1(m.x0),
            n1(m.y0),
            n1(m.x1 - m.x0),
            n1(m.y1 - m.y0),
            n1(m.x0),
            n1(m.y0),
            n1(m.x1 - m.x0),
            n1(m.y1 - m.y0),
            id = self.id
        );
        for camada in &self.camadas {
            if camada.aneis.is_empty() {
                continue;
            }
            let (preenchimento, contorno, espessura) = camada.limpa.papel.estilo();
            let mut d = String::new();
            for anel in &camada.aneis {
                for (i, p) in anel.iter().enumerate() {
                    let _ = write!(
                        d,
                        "{}{} {}",
                        match i {
                            0 => "M",
                            1 => "L",
                            _ => " ",
                        },
                        n1(p.0),
                        n1(p.1)
                    );
                }
                d.push('Z');
            }
            let _ = write!(
                corpo,
                r#"<path d="{d}" fill="{preenchimento}" stroke="{contorno}" stroke-width="{espessura}" stroke-linejoin="round" fill-rule="evenodd"/>"#
            );
        }
        corpo.push_str(&self.graticulado());
        corpo.push_str("</g>");
        let _ = write!(
            corpo,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#333" stroke-width="1"/>"##,
            n1(m.x0),
            n1(m.y0),
            n1(m.x1 - m.x0),
            n1(m.y1 - m.y0)
        );
        corpo.push_str(&self.rotulos_do_graticulado());
        corpo.push_str(&self.sedes_e_nomes());
        let (painel, altura) = self.painel();
        corpo.push_str(&painel);

        let titulo = self.titulo();
        let descricao = self.descricao();
        let mut svg = String::with_capacity(corpo.len() + 1024);
        let _ = write!(
            svg,
            r##"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{l}" height="{a}" viewBox="0 0 {l} {a}" font-family="serif" role="img" aria-label="{}"><title>{}</title><desc>{}</desc><rect width="{l}" height="{a}" fill="#ffffff"/>"##,
            esc(&descricao),
            esc(&titulo),
            esc(&descricao),
            l = n1(LARGURA),
            a = n1(altura),
        );
        svg.push_str(&corpo);
        svg.push_str("</svg>");
        Mapa {
            svg,
            descricao,
            titulo,
            largura: LARGURA,
            altura: (altura * 10.0).round() / 10.0,
        }
    }

    // -- graticulado ------------------------------------------------------------------------

    /// Os meridianos e os paralelos múltiplos do passo dentro da moldura, em minutos.
    fn linhas(&self) -> (Vec<i64>, Vec<i64>) {
        let r = &self.recorte;
        let multiplos = |a: f64, b: f64| -> Vec<i64> {
            let p = self.passo as f64;
            let (i0, i1) = ((a * 60.0 / p).ceil() as i64, (b * 60.0 / p).floor() as i64);
            // O passo dá no máximo umas cinco linhas; mais de cem só com dado absurdo.
            if i1.saturating_sub(i0) > 100 {
                return Vec::new();
            }
            (i0..=i1).map(|i| i * self.passo).collect()
        };
        (multiplos(r.lon_min(), r.lon_max()), multiplos(r.y0, r.y1))
    }

    fn graticulado(&self) -> String {
        let m = self.moldura;
        let (meridianos, paralelos) = self.linhas();
        let mut d = String::new();
        for lon in meridianos {
            let (x, _) = self.tela(lon as f64 / 60.0, self.recorte.lat0);
            let _ = write!(d, "M{} {}V{}", n1(x), n1(m.y0), n1(m.y1));
        }
        for lat in paralelos {
            let (_, y) = self.tela(self.recorte.lon0, lat as f64 / 60.0);
            let _ = write!(d, "M{} {}H{}", n1(m.x0), n1(y), n1(m.x1));
        }
        if d.is_empty() {
            return d;
        }
        format!(
            r##"<path d="{d}" fill="none" stroke="#5b6b7b" stroke-width="0.5" stroke-dasharray="4 3" opacity="0.8"/>"##
        )
    }

    /// As coordenadas dos meridianos em cima e embaixo, as dos paralelos dos dois lados (de
    /// pé), fora da moldura; a que sairia da moldura pelo canto é omitida.
    fn rotulos_do_graticulado(&self) -> String {
        let m = self.moldura;
        let (meridianos, paralelos) = self.linhas();
        let so_graus = self.passo % 60 == 0;
        let mut s = String::from(r##"<g font-size="10" fill="#333" text-anchor="middle">"##);
        for lon in meridianos {
            let (x, _) = self.tela(lon as f64 / 60.0, self.recorte.lat0);
            let texto = coordenada(lon, false, so_graus);
            let meia = largura_do_texto(&texto, 10.0, false) / 2.0;
            if x - meia < m.x0 || x + meia > m.x1 {
                continue;
            }
            for y in [m.y0 - 5.0, m.y1 + 12.0] {
                let _ = write!(
                    s,
                    r#"<text x="{}" y="{}">{}</text>"#,
                    n1(x),
                    n1(y),
                    esc(&texto)
                );
            }
        }
        for lat in paralelos {
            let (_, y) = self.tela(self.recorte.lon0, lat as f64 / 60.0);
            let texto = coordenada(lat, true, so_graus);
            let meia = largura_do_texto(&texto, 10.0, false) / 2.0;
            if y - meia < m.y0 || y + meia > m.y1 {
                continue;
            }
            // De pé, lido de baixo para cima: a linha de base fica à direita das letras.
            for x in [m.x0 - 5.0, m.x1 + 12.0] {
                let _ = write!(
                    s,
                    r#"<text x="{x}" y="{y}" transform="rotate(-90 {x} {y})">{}</text>"#,
                    esc(&texto),
                    x = n1(x),
                    y = n1(y)
                );
            }
        }
        s.push_str("</g>");
        s
    }

    // -- sedes e nomes ----------------------------------------------------------------------

    fn sedes_e_nomes(&mut self) -> String {
        let mut s = String::new();
        // As marcas das sedes ocupam lugar antes de qualquer nome.
        for sede in &self.sedes {
            let r = if sede.proposta { 8.0 } else { 4.5 };
            self.ocupado
                .push(Caixa::centrada(sede.x, sede.y, 2.0 * r, 2.0 * r));
        }
        let mut nomes = String::new();
        for i in 0..self.sedes.len() {
            nomes.push_str(&self.nome_da_sede(i));
        }
        for sede in &self.sedes {
            s.push_str(&marca_da_sede(sede.x, sede.y, sede.proposta));
        }
        // Os nomes dos municípios: os de destaque primeiro, do de cima para o de baixo; os
        // vizinhos por último, e só se couberem.
        let raster = Raster::do_desenho(self);
        let mut ordem: Vec<usize> = (0..self.camadas.len())
            .filter(|i| !self.camadas[*i].aneis.is_empty())
            .collect();
        ordem.sort_by_key(|i| {
            (
                self.camadas[*i].limpa.papel == Papel::Vizinho,
                std::cmp::Reverse(self.camadas[*i].limpa.papel),
            )
        });
        for i in ordem {
            s.push_str(&self.nome_da_camada(i, &raster));
        }
        s.push_str(&nomes);
        s
    }

    /// O nome de uma sede ao lado da marca: à direita, à esquerda, em cima, embaixo ou nas
    /// diagonais, no primeiro lugar livre dentro da moldura.
    fn nome_da_sede(&mut self, i: usize) -> String {
        let sede = &self.sedes[i];
        let tamanho = if sede.proposta { 12.0 } else { 11.0 };
        let negrito = sede.proposta;
        let l = largura_do_texto(&sede.nome, tamanho, negrito) + 2.0;
        let a = tamanho * 1.1;
        let r = if sede.proposta { 9.0 } else { 6.0 };
        let (x, y) = (sede.x, sede.y);
        // O texto se ancora no lado da marca: se a fonte for mais larga que a estimativa, ele
        // cresce para longe dela.
        let candidatos = [
            (Caixa::centrada(x + r + l / 2.0, y, l, a), Ancora::Inicio),
            (Caixa::centrada(x - r - l / 2.0, y, l, a), Ancora::Fim),
            (Caixa::centrada(x, y - r - a / 2.0, l, a), Ancora::Meio),
            (Caixa::centrada(x, y + r + a / 2.0, l, a), Ancora::Meio),
            (
                Caixa::centrada(x + r + l / 2.0, y - r - a / 2.0 + 4.0, l, a),
                Ancora::Inicio,
            ),
            (
                Caixa::centrada(x + r + l / 2.0, y + r + a / 2.0 - 4.0, l, a),
                Ancora::Inicio,
            ),
            (
                Caixa::centrada(x - r - l / 2.0, y - r - a / 2.0 + 4.0, l, a),
                Ancora::Fim,
            ),
            (
                Caixa::centrada(x - r - l / 2.0, y + r + a / 2.0 - 4.0, l, a),
                Ancora::Fim,
            ),
        ];
        let moldura = self.moldura_interna();
        let (caixa, ancora) = candidatos
            .iter()
            .find(|(c, _)| c.dentro_de(&moldura) && !self.ocupado.iter().any(|o| o.sobrepoe(c)))
            .or_else(|| candidatos.iter().find(|(c, _)| c.dentro_de(&moldura)))
            .copied()
            .unwrap_or(candidatos[0]);
        self.ocupado.push(caixa);
        let estilo = if negrito {
            r##" font-weight="bold" fill="#7a0f12""##
        } else {
            r##" fill="#111""##
        };
        let x = match ancora {
            Ancora::Inicio => caixa.x0 + 1.0,
            Ancora::Meio => (caixa.x0 + caixa.x1) / 2.0,
            Ancora::Fim => caixa.x1 - 1.0,
        };
        texto_com_halo(
            std::slice::from_ref(&sede.nome),
            (x, (caixa.y0 + caixa.y1) / 2.0),
            tamanho,
            estilo,
            ancora,
        )
    }

    fn moldura_interna(&self) -> Caixa {
        Caixa {
            x0: self.moldura.x0 + 2.0,
            y0: self.moldura.y0 + 2.0,
            x1: self.moldura.x1 - 2.0,
            y1: self.moldura.y1 - 2.0,
        }
    }

    /// O nome de um município (ou da área) dentro dele, no lugar mais folgado em que caiba;
    /// se não cabe, ao lado com uma linha de chamada (só os de destaque).
    fn nome_da_camada(&mut self, i: usize, raster: &Raster) -> String {
        let limpa = self.camadas[i].limpa;
        let papel = limpa.papel;
        let nome = limpa.camada.rotulo.trim();
        if nome.is_empty() {
            return String::new();
        }
        let (texto, tamanho, negrito, estilo) = match papel {
            Papel::Vizinho => (nome.to_uppercase(), 10.0, false, r##" fill="#6b6b66""##),
            Papel::Area => (
                nome.to_owned(),
                12.0,
                false,
                r##" font-style="italic" fill="#7a3000""##,
            ),
            Papel::Novo => (
                nome.to_uppercase(),
                13.0,
                true,
                r##" font-weight="bold" fill="#7a0f12""##,
            ),
            _ => (
                nome.to_uppercase(),
                12.0,
                true,
                r##" font-weight="bold" fill="#262626""##,
            ),
        };
        let mut arranjos = vec![(vec![texto.clone()], tamanho)];
        if let Some(duas) = em_duas_linhas(&texto) {
            arranjos.push((duas, tamanho));
        }
        arranjos.push((vec![texto.clone()], tamanho * 0.85));
        if let Some(duas) = em_duas_linhas(&texto) {
            arranjos.push((duas, tamanho * 0.85));
        }
        let candidatos = raster.candidatos(i);
        let Some(&(ax, ay)) = candidatos.first() else {
            return String::new();
        };
        let moldura = self.moldura_interna();
        let medir = |linhas: &[String], t: f64| {
            let l = linhas
                .iter()
                .map(|x| largura_do_texto(x, t, negrito))
                .fold(0.0, f64::max)
                + 4.0;
            (l, linhas.len() as f64 * t * 1.12 + 2.0)
        };
        // Dentro: o mais folgado em que a caixa do nome está quase toda no município.
        let exigencia = if papel == Papel::Vizinho { 0.97 } else { 0.9 };
        for (linhas, t) in &arranjos {
            let (l, a) = medir(linhas, *t);
            for &(cx, cy) in &candidatos {
                let caixa = Caixa::centrada(cx, cy, l, a);
                if caixa.dentro_de(&moldura)
                    && !self.ocupado.iter().any(|o| o.sobrepoe(&caixa))
                    && raster.fracao(i, &caixa) >= exigencia
                {
                    self.ocupado.push(caixa);
                    return texto_com_halo(linhas, (cx, cy), *t, estilo, Ancora::Meio);
                }
            }
        }
        if papel == Papel::Vizinho {
            return String::new();
        }
        // Fora: ao lado do ponto mais folgado, com uma linha de chamada.
        let (linhas, t) = &arranjos[0];
        let (l, a) = medir(linhas, *t);
        let mut escolhida = None;
        'busca: for distancia in [26.0, 44.0, 70.0, 110.0] {
            for (dx, dy) in [
                (1.0, -1.0),
                (1.0, 1.0),
                (-1.0, -1.0),
                (-1.0, 1.0),
                (0.0, -1.0),
                (0.0, 1.0),
                (1.0, 0.0),
                (-1.0, 0.0),
            ] {
                let cx = ax + dx * (distancia + l / 2.0 * f64::abs(dx));
                let cy = ay + dy * (distancia * 0.7 + a / 2.0);
                let caixa = Caixa::centrada(cx, cy, l, a);
                if caixa.dentro_de(&moldura) && !self.ocupado.iter().any(|o| o.sobrepoe(&caixa)) {
                    escolhida = Some(caixa);
                    break 'busca;
                }
            }
        }
        let caixa = escolhida.unwrap_or_else(|| Caixa::centrada(ax, ay, l, a));
        self.ocupado.push(caixa);
        let (cx, cy) = ((caixa.x0 + caixa.x1) / 2.0, (caixa.y0 + caixa.y1) / 2.0);
        let mut s = String::new();
        if escolhida.is_some() {
            // A linha vai do ponto até a borda da caixa do nome mais perto dele.
            let bx = ax.clamp(caixa.x0, caixa.x1);
            let by = ay.clamp(caixa.y0, caixa.y1);
            let _ = write!(
                s,
                r##"<path d="M{} {}L{} {}" stroke="#333" stroke-width="0.8" fill="none"/><circle cx="{}" cy="{}" r="1.6" fill="#333"/>"##,
                n1(ax),
                n1(ay),
                n1(bx),
                n1(by),
                n1(ax),
                n1(ay)
            );
        }
        s.push_str(&texto_com_halo(linhas, (cx, cy), *t, estilo, Ancora::Meio));
        s
    }

    // -- painel -----------------------------------------------------------------------------

    /// Embaixo da moldura: convenções à esquerda, norte e escala no meio, situação à direita;
    /// depois a fonte e a projeção. Devolve o SVG e a altura total do desenho.
    fn painel(&self) -> (String, f64) {
        let mut s = String::new();
        let topo = self.moldura.y1 + 24.0;
        let (convencoes, largura_conv, altura_conv) = self.convencoes(MARGEM, topo);
        s.push_str(&convencoes);
        let situacao = self.situacao();
        let direita = LARGURA - MARGEM;
        let (fim_do_meio, altura_sit) = match &situacao {
            Some((_, _, a)) => (direita - LARGURA_SITUACAO - 16.0, *a + 16.0),
            None => (direita, 0.0),
        };
        if let Some((desenho, l, _)) = situacao {
            let _ = write!(
                s,
                r#"<g transform="translate({},{})">{desenho}</g>"#,
                n1(direita - l),
                n1(topo)
            );
        }
        let meio = (MARGEM + largura_conv + fim_do_meio) / 2.0;
        s.push_str(&seta_do_norte(meio, topo));
        let (escala, _) = self.escala_grafica(meio, topo + 62.0);
        s.push_str(&escala);
        let mut y = topo + altura_conv.max(altura_sit).max(96.0) + 12.0;
        let largura_texto = LARGURA - 2.0 * MARGEM;
        let textos = [
            self.legenda.trim().to_owned(),
            format!(
                "Projeção equirretangular centrada no paralelo de {} (escala verdadeira nele e ao longo dos meridianos; elipsoide GRS80, SIRGAS 2000); norte verdadeiro para cima.",
                coordenada((self.recorte.lat0 * 60.0).round() as i64, true, false)
            ),
        ];
        s.push_str(r##"<g font-size="10" fill="#333">"##);
        for texto in textos.iter().filter(|t| !t.is_empty()) {
            for linha in quebrar(texto, 10.0, largura_texto) {
                let _ = write!(
                    s,
                    r#"<text x="{}" y="{}">{}</text>"#,
                    n1(MARGEM),
                    n1(y),
                    esc(&linha)
                );
                y += 12.5;
            }
        }
        s.push_str("</g>");
        (s, y)
    }

    /// As convenções: um quadro com cada papel presente, as sedes e o graticulado. Devolve o
    /// SVG, a largura e a altura.
    fn convencoes(&self, x: f64, y: f64) -> (String, f64, f64) {
        let com_area = self.com_area();
        let mut itens: Vec<(String, String)> = Vec::new();
        for papel in Papel::TODOS.iter().rev() {
            if self
                .camadas
                .iter()
                .any(|c| c.limpa.papel == *papel && !c.aneis.is_empty())
            {
                let (preenchimento, contorno, espessura) = papel.estilo();
                itens.push((
                    format!(
                        r#"<rect x="0" y="-9" width="20" height="11" fill="{preenchimento}" stroke="{contorno}" stroke-width="{}"/>"#,
                        espessura.min(1.6)
                    ),
                    nome_na_legenda(*papel, com_area).to_owned(),
                ));
            }
        }
        if self.sedes.iter().any(|s| s.proposta) {
            itens.push((marca_da_sede(10.0, -3.5, true), "sede proposta".into()));
        }
        if self.sedes.iter().any(|s| !s.proposta) {
            itens.push((marca_da_sede(10.0, -3.5, false), "sede municipal".into()));
        }
        let (meridianos, paralelos) = self.linhas();
        if !meridianos.is_empty() || !paralelos.is_empty() {
            let passo = if self.passo % 60 == 0 {
                format!("{}°", self.passo / 60)
            } else {
                format!("{}'", self.passo)
            };
            itens.push((
                r##"<path d="M0 -3.5H20" stroke="#5b6b7b" stroke-width="0.8" stroke-dasharray="4 3"/>"##.into(),
                format!("paralelos e meridianos de {passo} em {passo}"),
            ));
        }
        let largura = itens
            .iter()
            .map(|(_, t)| largura_do_texto(t, 11.0, false))
            .fold(largura_do_texto("CONVENÇÕES", 11.0, true), f64::max)
            + 40.0;
        let altura = 26.0 + itens.len() as f64 * 17.0;
        let mut s = format!(
            r##"<g transform="translate({},{})"><rect x="0" y="0" width="{}" height="{}" fill="#fff" stroke="#999" stroke-width="0.8"/><text x="8" y="15" font-size="11" font-weight="bold">CONVENÇÕES</text>"##,
            n1(x),
            n1(y),
            n1(largura),
            n1(altura)
        );
        for (k, (simbolo, texto)) in itens.iter().enumerate() {
            let yy = 36.0 + k as f64 * 17.0;
            let _ = write!(
                s,
                r#"<g transform="translate(8,{})">{simbolo}</g><text x="34" y="{}" font-size="11">{}</text>"#,
                n1(yy),
                n1(yy),
                esc(texto)
            );
        }
        s.push_str("</g>");
        (s, largura, altura)
    }

    /// A barra de escala com 1, 2 ou 5 × 10ⁿ km perto de um quinto da largura da moldura,
    /// centrada em `x`; dividida em quatro, preto e branco, com 0, o meio e o total escritos.
    fn escala_grafica(&self, x: f64, y: f64) -> (String, f64) {
        let km_por_px = self.recorte.km_por_unidade() / self.escala;
        let alvo = (self.moldura.x1 - self.moldura.x0) / 5.0 * km_por_px;
        let potencia = 10f64.powf(alvo.log10().floor());
        let km = [1.0, 2.0, 5.0, 10.0]
            .iter()
            .map(|m| m * potencia)
            .filter(|m| *m <= alvo * 1.0001)
            .fold(potencia, f64::max);
        let l = km / km_por_px;
        let x0 = x - l / 2.0;
        let mut s = format!(r#"<g transform="translate({},{})">"#, n1(x0), n1(y));
        for q in 0..4 {
            let _ = write!(
                s,
                r##"<rect x="{}" y="0" width="{}" height="5" fill="{}" stroke="#222" stroke-width="0.8"/>"##,
                n1(q as f64 * l / 4.0),
                n1(l / 4.0),
                if q % 2 == 0 { "#222" } else { "#fff" }
            );
        }
        let rotulo = |v: f64| {
            if km < 1.0 {
                inteiro((v * 1000.0).round() as i64)
            } else {
                let casas = usize::from((v - v.round()).abs() > 1e-9);
                decimal(v, casas)
            }
        };
        let unidade = if km < 1.0 { "m" } else { "km" };
        let _ = write!(
            s,
            r#"<g font-size="10" text-anchor="middle"><text x="0" y="17">0</text><text x="{}" y="17">{}</text><text x="{}" y="17">{} {unidade}</text></g></g>"#,
            n1(l / 2.0),
            rotulo(km / 2.0),
            n1(l),
            rotulo(km)
        );
        (s, km)
    }

    /// O mapa de situação: Mato Grosso com o retângulo do recorte, quando o recorte é
    /// pequeno diante do Estado. Devolve o SVG (na origem), a largura e a altura.
    fn situacao(&self) -> Option<(String, f64, f64)> {
        let (mut a, mut b, mut c, mut d) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in CONTORNO_MT {
            a = a.min(p[0]);
            b = b.min(p[1]);
            c = c.max(p[0]);
            d = d.max(p[1]);
        }
        let r = &self.recorte;
        let fracao = ((r.lon_max() - r.lon_min()) * r.altura) / ((c - a) * (d - b));
        if fracao >= FRACAO_PARA_SITUACAO {
            return None;
        }
        let k = ((b + d) / 2.0).to_radians().cos();
        let escala = LARGURA_SITUACAO / ((c - a) * k);
        let altura = (d - b) * escala;
        let ponto = |lon: f64, lat: f64| ((lon - a) * k * escala, (d - lat) * escala);
        let mut caminho = String::new();
        let tela: Vec<(f64, f64)> = CONTORNO_MT.iter().map(|p| ponto(p[0], p[1])).collect();
        for (i, p) in tela.iter().enumerate() {
            let _ = write!(
                caminho,
                "{}{} {}",
                match i {
                    0 => "M",
                    1 => "L",
                    _ => " ",
                },
                n1(p.0),
                n1(p.1)
            );
        }
        caminho.push('Z');
        let (x0, y0) = ponto(r.lon_min(), r.y1);
        let (x1, y1) = ponto(r.lon_max(), r.y0);
        // Um recorte pequeno ainda se vê: no mínimo 5 px de lado.
        let caixa = Caixa::centrada(
            (x0 + x1) / 2.0,
            (y0 + y1) / 2.0,
            (x1 - x0).max(5.0),
            (y1 - y0).max(5.0),
        );
        let s = format!(
            r##"<path d="{caminho}" fill="#ecebe4" stroke="#6b6b66" stroke-width="0.8" stroke-linejoin="round"/><rect x="{}" y="{}" width="{}" height="{}" fill="#c00000" fill-opacity="0.25" stroke="#c00000" stroke-width="1.5"/><g font-style="italic" text-anchor="middle" fill="#333"><text x="{x}" y="{}" font-size="10">Mato Grosso</text><text x="{x}" y="{}" font-size="9">situação do recorte</text></g>"##,
            n1(caixa.x0),
            n1(caixa.y0),
            n1(caixa.x1 - caixa.x0),
            n1(caixa.y1 - caixa.y0),
            n1(altura + 13.0),
            n1(altura + 24.0),
            x = n1(LARGURA_SITUACAO / 2.0),
        );
        Some((s, LARGURA_SITUACAO, altura + 27.0))
    }

    // -- palavras ---------------------------------------------------------------------------

    fn nomes_do_papel(&self, papel: Papel) -> Vec<String> {
        let mut nomes: Vec<String> = Vec::new();
        for c in &self.camadas {
            let nome = c.limpa.camada.rotulo.trim();
            if c.limpa.papel == papel
                && !c.aneis.is_empty()
                && !nome.is_empty()
                && !nomes.iter().any(|n| n == nome)
            {
                nomes.push(nome.to_owned());
            }
        }
        nomes
    }

    fn titulo(&self) -> String {
        let mut nomes = Vec::new();
        for papel in Papel::TODOS.iter().rev().filter(|p| **p != Papel::Vizinho) {
            nomes.extend(self.nomes_do_papel(*papel));
        }
        if nomes.is_empty() {
            "Mapa".into()
        } else {
            format!("Mapa: {}", lista(&nomes))
        }
    }

    /// O que o mapa mostra, para quem não o vê: quem é quem, onde ficam as sedes, o tamanho e
    /// a situação do recorte no Estado, a escala e o graticulado.
    fn descricao(&self) -> String {
        let com_area = self.com_area();
        let mut partes = Vec::new();
        for papel in Papel::TODOS.iter().rev() {
            let nomes = self.nomes_do_papel(*papel);
            if nomes.is_empty() {
                continue;
            }
            let varios = nomes.len() > 1;
            let parte = match papel {
                Papel::Novo => format!("o território do novo município, {}", lista(&nomes)),
                Papel::Area => format!("a área a desmembrar ({})", lista(&nomes)),
                Papel::Origem if com_area => format!(
                    "{} ({}), com o que lhe resta depois da separação",
                    if varios {
                        "os municípios de origem"
                    } else {
                        "o município de origem"
                    },
                    lista(&nomes)
                ),
                Papel::Origem => format!(
                    "{} ({})",
                    if varios {
                        "os municípios de origem"
                    } else {
                        "o município de origem"
                    },
                    lista(&nomes)
                ),
                Papel::Receptor => format!(
                    "{} ({})",
                    if varios {
                        "os municípios receptores"
                    } else {
                        "o município receptor"
                    },
                    lista(&nomes)
                ),
                Papel::Incorporado => format!(
                    "{} ({}), que se extingue",
                    if varios {
                        "os municípios incorporados"
                    } else {
                        "o município incorporado"
                    },
                    lista(&nomes)
                ),
                Papel::Fundido => format!("os municípios que se fundem ({})", lista(&nomes)),
                Papel::Vizinho => {
                    let mostrados: Vec<String> = nomes.iter().take(12).cloned().collect();
                    let resto = nomes.len() - mostrados.len();
                    let mut l = lista(&mostrados);
                    if resto > 0 {
                        l = format!("{}, entre outros", mostrados.join(", "));
                    }
                    format!(
                        "{} ({l})",
                        if varios {
                            "os municípios vizinhos"
                        } else {
                            "o município vizinho"
                        }
                    )
                }
            };
            partes.push(parte);
        }
        let mut frases = Vec::new();
        if partes.is_empty() {
            frases.push("Mapa de localização.".to_owned());
        } else {
            frases.push(format!("Mapa que mostra {}.", lista(&partes)));
        }
        let propostas: Vec<&SedeNaTela> = self.sedes.iter().filter(|s| s.proposta).collect();
        for sede in &propostas {
            frases.push(format!(
                "A sede proposta, {}, está marcada com uma estrela em {}.",
                sede.nome,
                ponto_em_minutos(sede.ponto)
            ));
        }
        let outras: Vec<String> = self
            .sedes
            .iter()
            .filter(|s| !s.proposta)
            .map(|s| format!("{} ({})", s.nome, ponto_em_minutos(s.ponto)))
            .collect();
        if !outras.is_empty() {
            frases.push(format!(
                "{} {}.",
                if outras.len() > 1 {
                    "Sedes municipais marcadas:"
                } else {
                    "Sede municipal marcada:"
                },
                lista(&outras)
            ));
        }
        let r = &self.recorte;
        let km = r.km_por_unidade();
        let passo = if self.passo % 60 == 0 {
            format!("{}°", self.passo / 60)
        } else {
            format!("{}'", self.passo)
        };
        frases.push(format!(
            "O recorte tem cerca de {} de oeste a leste e {} de norte a sul e fica {}; norte para cima, escala gráfica de {}, paralelos e meridianos de {passo} em {passo}.",
            distancia(r.largura * km),
            distancia(r.altura * km),
            self.onde_no_estado(),
            distancia(self.escala_grafica(0.0, 0.0).1)
        ));
        frases.join(" ")
    }

    /// Em que parte de Mato Grosso fica o centro do recorte, pelos terços do retângulo do
    /// Estado.
    fn onde_no_estado(&self) -> String {
        let (mut a, mut b, mut c, mut d) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in CONTORNO_MT {
            a = a.min(p[0]);
            b = b.min(p[1]);
            c = c.max(p[0]);
            d = d.max(p[1]);
        }
        let r = &self.recorte;
        if (r.lon_max() - r.lon_min()) * r.altura >= 0.5 * (c - a) * (d - b) {
            return "sobre a maior parte de Mato Grosso".into();
        }
        let terco = |v: f64, min: f64, max: f64| ((v - min) / (max - min) * 3.0).floor() as i32;
        let coluna = terco(r.lon0, a, c);
        let linha = terco(r.lat0, b, d);
        let parte = match (linha, coluna) {
            (l, _) if !(0..=2).contains(&l) => None,
            (_, c) if !(0..=2).contains(&c) => None,
            (2, 0) => Some("no noroeste"),
            (2, 1) => Some("no norte"),
            (2, _) => Some("no nordeste"),
            (1, 0) => Some("no oeste"),
            (1, 1) => Some("no centro"),
            (1, _) => Some("no leste"),
            (_, 0) => Some("no sudoeste"),
            (_, 1) => Some("no sul"),
            _ => Some("no sudeste"),
        };
        parte.map_or_else(
            || "junto da divisa de Mato Grosso".to_owned(),
            |p| format!("{p} de Mato Grosso"),
        )
    }
}

/// O passo dos paralelos e meridianos, em minutos: o menor da série que dá no máximo cinco
/// linhas no lado maior do recorte.
fn passo_do_graticulado(amplitude_graus: f64) -> i64 {
    const PASSOS: [i64; 12] = [1, 2, 5, 10, 15, 20, 30, 60, 120, 180, 300, 600];
    PASSOS
        .into_iter()
        .find(|p| amplitude_graus * 60.0 / *p as f64 <= 5.0)
        .unwrap_or(600)
}

/// A marca de uma sede: a proposta, estrela vermelha; a que já existe, círculo com ponto.
fn marca_da_sede(x: f64, y: f64, proposta: bool) -> String {
    if proposta {
        let mut d = String::new();
        for k in 0..10 {
            let raio = if k % 2 == 0 { 7.5 } else { 3.1 };
            let angulo = std::f64::consts::PI * (k as f64 / 5.0 - 0.5);
            let _ = write!(
                d,
                "{}{} {}",
                if k == 0 { "M" } else { "L" },
                n1(x + raio * angulo.cos()),
                n1(y + raio * angulo.sin())
            );
        }
        format!(
            r##"<path d="{d}Z" fill="#c00000" stroke="#fff" stroke-width="0.8" stroke-linejoin="round"/>"##
        )
    } else {
        format!(
            r##"<circle cx="{x}" cy="{y}" r="3.4" fill="#fff" stroke="#111" stroke-width="1.3"/><circle cx="{x}" cy="{y}" r="1.3" fill="#111"/>"##,
            x = n1(x),
            y = n1(y)
        )
    }
}

/// A seta do norte, com o N em cima, a partir de `y` e centrada em `x`.
fn seta_do_norte(x: f64, y: f64) -> String {
    format!(
        r##"<g transform="translate({},{})"><text x="0" y="13" font-size="14" font-weight="bold" text-anchor="middle">N</text><path d="M0 17L8 47L0 41Z" fill="#222"/><path d="M0 17L-8 47L0 41Z" fill="#fff" stroke="#222" stroke-width="0.9" stroke-linejoin="round"/></g>"##,
        n1(x),
        n1(y)
    )
}

/// Onde o texto se prende ao x dado (o `text-anchor` do SVG).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ancora {
    Inicio,
    Meio,
    Fim,
}

/// Um texto (uma ou mais linhas) centrado na vertical em `y` e preso em `x` pela `ancora`,
/// com um halo branco por baixo para ser lido sobre as linhas e as cores. O halo é uma cópia
/// com contorno branco, e não `paint-order`, que nem todo leitor de SVG conhece.
fn texto_com_halo(
    linhas: &[String],
    (x, y): (f64, f64),
    tamanho: f64,
    estilo: &str,
    ancora: Ancora,
) -> String {
    let mut s = String::new();
    let entrelinha = tamanho * 1.12;
    let primeira = y - entrelinha * (linhas.len() as f64 - 1.0) / 2.0 + tamanho * 0.35;
    let ancora = match ancora {
        Ancora::Inicio => "start",
        Ancora::Meio => "middle",
        Ancora::Fim => "end",
    };
    for (camada, pintura) in [
        (
            0,
            r##" fill="#fff" stroke="#fff" stroke-width="3" stroke-linejoin="round""##,
        ),
        (1, estilo),
    ] {
        for (k, linha) in linhas.iter().enumerate() {
            let _ = write!(
                s,
                r#"<text x="{}" y="{}" font-size="{}" text-anchor="{ancora}"{}{}>{}</text>"#,
                n1(x),
                n1(primeira + k as f64 * entrelinha),
                n1(tamanho),
                // o halo leva o mesmo peso e estilo da letra, para ter a mesma largura
                if camada == 0 {
                    estilo_sem_cor(estilo)
                } else {
                    String::new()
                },
                pintura,
                esc(linha)
            );
        }
    }
    s
}

/// O peso e a inclinação de um estilo de texto, sem a cor.
fn estilo_sem_cor(estilo: &str) -> String {
    let mut s = String::new();
    if estilo.contains(r#"font-weight="bold""#) {
        s.push_str(r#" font-weight="bold""#);
    }
    if estilo.contains(r#"font-style="italic""#) {
        s.push_str(r#" font-style="italic""#);
    }
    s
}

// ---------------------------------------------------------------------------------------------
// O raster dos nomes

/// A moldura em células de [`CELULA`] px: de quem é cada célula (a camada desenhada por cima
/// nela) e, para cada camada, quão longe da borda fica cada célula sua.
struct Raster {
    x0: f64,
    y0: f64,
    colunas: usize,
    linhas: usize,
    dono: Vec<u32>,
}

const NINGUEM: u32 = u32::MAX;

impl Raster {
    fn do_desenho(d: &Desenho<'_>) -> Raster {
        let m = d.moldura;
        let colunas = ((m.x1 - m.x0) / CELULA).ceil().max(1.0) as usize;
        let linhas = ((m.y1 - m.y0) / CELULA).ceil().max(1.0) as usize;
        let mut dono = vec![NINGUEM; colunas * linhas];
        let mut cruzamentos: Vec<f64> = Vec::new();
        for (indice, camada) in d.camadas.iter().enumerate() {
            for j in 0..linhas {
                let yc = m.y0 + (j as f64 + 0.5) * CELULA;
                cruzamentos.clear();
                for anel in &camada.aneis {
                    for k in 0..anel.len() {
                        let (a, b) = (anel[k], anel[(k + 1) % anel.len()]);
                        if (a.1 <= yc) != (b.1 <= yc) {
                            cruzamentos.push(a.0 + (yc - a.1) * (b.0 - a.0) / (b.1 - a.1));
                        }
                    }
                }
                cruzamentos.sort_by(f64::total_cmp);
                for par in cruzamentos.chunks_exact(2) {
                    let i0 = ((par[0] - m.x0) / CELULA - 0.5).ceil().max(0.0) as usize;
                    let i1 =
                        (((par[1] - m.x0) / CELULA - 0.5).ceil().max(0.0) as usize).min(colunas);
                    for i in i0..i1 {
                        dono[j * colunas + i] = indice as u32;
                    }
                }
            }
        }
        Raster {
            x0: m.x0,
            y0: m.y0,
            colunas,
            linhas,
            dono,
        }
    }

    /// Os centros das células da camada, do mais longe da borda (dela ou da moldura) para o
    /// mais perto; no máximo 800.
    fn candidatos(&self, indice: usize) -> Vec<(f64, f64)> {
        let (c, l) = (self.colunas, self.linhas);
        let meu = |i: usize| self.dono[i] == indice as u32;
        // Distância de chanfro (1 e √2), em células; fora da grade conta como borda.
        let mut dist: Vec<f64> = (0..c * l)
            .map(|i| if meu(i) { f64::MAX } else { 0.0 })
            .collect();
        let d2 = std::f64::consts::SQRT_2;
        for j in 0..l {
            for i in 0..c {
                let k = j * c + i;
                if dist[k] == 0.0 {
                    continue;
                }
                let v = |ii: isize, jj: isize| -> f64 {
                    if ii < 0 || jj < 0 || ii >= c as isize || jj >= l as isize {
                        0.0
                    } else {
                        dist[jj as usize * c + ii as usize]
                    }
                };
                let (ii, jj) = (i as isize, j as isize);
                dist[k] = dist[k]
                    .min(v(ii - 1, jj) + 1.0)
                    .min(v(ii, jj - 1) + 1.0)
                    .min(v(ii - 1, jj - 1) + d2)
                    .min(v(ii + 1, jj - 1) + d2);
            }
        }
        for j in (0..l).rev() {
            for i in (0..c).rev() {
                let k = j * c + i;
                if dist[k] == 0.0 {
                    continue;
                }
                let v = |ii: isize, jj: isize| -> f64 {
                    if ii < 0 || jj < 0 || ii >= c as isize || jj >= l as isize {
                        0.0
                    } else {
                        dist[jj as usize * c + ii as usize]
                    }
                };
                let (ii, jj) = (i as isize, j as isize);
                dist[k] = dist[k]
                    .min(v(ii + 1, jj) + 1.0)
                    .min(v(ii, jj + 1) + 1.0)
                    .min(v(ii + 1, jj + 1) + d2)
                    .min(v(ii - 1, jj + 1) + d2);
            }
        }
        let mut celulas: Vec<usize> = (0..c * l).filter(|k| dist[*k] > 0.0).collect();
        celulas.sort_by(|a, b| dist[*b].total_cmp(&dist[*a]).then(a.cmp(b)));
        celulas.truncate(800);
        celulas
            .into_iter()
            .map(|k| {
                (
                    self.x0 + ((k % c) as f64 + 0.5) * CELULA,
                    self.y0 + ((k / c) as f64 + 0.5) * CELULA,
                )
            })
            .collect()
    }

    /// A fração das células sob a caixa que são da camada.
    fn fracao(&self, indice: usize, caixa: &Caixa) -> f64 {
        let celula = |v: f64, origem: f64| ((v - origem) / CELULA).floor().max(0.0) as usize;
        let (i0, i1) = (
            celula(caixa.x0, self.x0),
            celula(caixa.x1, self.x0).min(self.colunas - 1),
        );
        let (j0, j1) = (
            celula(caixa.y0, self.y0),
            celula(caixa.y1, self.y0).min(self.linhas - 1),
        );
        let (mut minhas, mut todas) = (0usize, 0usize);
        for j in j0..=j1 {
            for i in i0..=i1 {
                todas += 1;
                if self.dono[j * self.colunas + i] == indice as u32 {
                    minhas += 1;
                }
            }
        }
        if todas == 0 {
            0.0
        } else {
            minhas as f64 / todas as f64
        }
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn numeros_com_uma_casa_no_maximo() {
        assert_eq!(n1(12.04), "12");
        assert_eq!(n1(12.06), "12.1");
        assert_eq!(n1(-0.04), "0");
        assert_eq!(n1(f64::NAN), "0");
    }

    #[test]
    fn coordenadas_em_graus_e_minutos_com_o_hemisferio_dos_memoriais() {
        assert_eq!(coordenada(-16 * 60 - 40, true, false), "16°40' S");
        assert_eq!(coordenada(-52 * 60 - 5, false, false), "52°05' O");
        assert_eq!(coordenada(-52 * 60, false, true), "52° O");
        assert_eq!(coordenada(0, true, true), "0°");
    }

    #[test]
    fn passo_do_graticulado_da_no_maximo_cinco_linhas() {
        assert_eq!(passo_do_graticulado(0.5), 10);
        assert_eq!(passo_do_graticulado(2.0), 30);
        assert_eq!(passo_do_graticulado(11.0), 180);
    }

    #[test]
    fn recorte_de_anel_fica_dentro_da_caixa() {
        let anel = [[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]];
        let r = recortar(&anel, [1.0, 1.0, 2.0, 3.0]);
        assert!(r
            .iter()
            .all(|p| (1.0..=2.0).contains(&p[0]) && (1.0..=3.0).contains(&p[1])));
        assert!(recortar(&anel, [10.0, 10.0, 11.0, 11.0]).is_empty());
    }

    #[test]
    fn simplificacao_tira_o_que_nao_se_ve() {
        let mut anel: Vec<(f64, f64)> = (0..3000)
            .map(|i| {
                let a = i as f64 / 3000.0 * std::f64::consts::TAU;
                (100.0 + 50.0 * a.cos(), 100.0 + 50.0 * a.sin())
            })
            .collect();
        anel.push(anel[0]);
        let s = simplificar(&anel);
        assert!(s.len() < 200, "{}", s.len());
        assert!(s.len() > 20, "{}", s.len());
    }

    /// Seis municípios lado a lado, cada um com a sede num canto perto dos outros: nenhum nome
    /// cobre outro nome ou uma sede, e os de destaque têm todos o nome escrito.
    #[test]
    fn nomes_e_sedes_nao_se_sobrepoem() {
        let mut camadas = Vec::new();
        for i in 0..3 {
            for j in 0..2 {
                let (x, y) = (-56.0 + f64::from(i) * 0.2, -15.0 + f64::from(j) * 0.2);
                camadas.push(Camada {
                    rotulo: format!("Município de Nome Comprido {i}{j}"),
                    papel: if (i, j) == (1, 0) { "novo" } else { "origem" }.into(),
                    poligonos: vec![vec![vec![
                        [x, y],
                        [x + 0.2, y],
                        [x + 0.2, y + 0.2],
                        [x, y + 0.2],
                    ]]],
                    sede: Some(crate::Sede {
                        nome: format!("Cidade {i}{j}"),
                        ponto: [x + 0.18, y + 0.18],
                        proposta: (i, j) == (1, 0),
                    }),
                });
            }
        }
        let limpas: Vec<Limpa<'_>> = camadas.iter().map(limpar).collect();
        let recorte = Recorte::das(&limpas).expect("recorte");
        let mut desenho = Desenho::novo(&limpas, recorte, "", "teste".into());
        let svg = desenho.sedes_e_nomes();
        let caixas = &desenho.ocupado;
        for (a, x) in caixas.iter().enumerate() {
            for y in &caixas[a + 1..] {
                assert!(!x.sobrepoe(y), "{x:?} cobre {y:?}");
            }
        }
        // Numa linha ou em duas, o fim do nome aparece.
        for i in 0..3 {
            for j in 0..2 {
                assert!(svg.contains(&format!("COMPRIDO {i}{j}<")), "falta o {i}{j}");
            }
        }
    }

    #[test]
    fn contorno_de_mato_grosso_tem_a_area_do_estado() {
        // Área plana aproximada (esfera de raio médio): a do Estado é 903.208 km².
        let r = 6371.0f64;
        let mut soma = 0.0;
        for w in CONTORNO_MT.windows(2) {
            let (a, b) = (w[0], w[1]);
            soma += (b[0] - a[0]).to_radians()
                * (2.0 + a[1].to_radians().sin() + b[1].to_radians().sin());
        }
        let area = (soma * r * r / 2.0).abs();
        assert!((area - 903_208.0).abs() / 903_208.0 < 0.01, "{area}");
    }
}
