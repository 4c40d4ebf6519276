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
pub use divisa_territorio::mapa::PapelNoMapa;

use crate::Camada;

mod contorno_mt;
use contorno_mt::CONTORNO_MT;
mod desenho;
mod legenda;
mod marcas;
mod projecao;
mod raster;
mod simplificar;
mod texto;

use desenho::*;
use marcas::*;
use projecao::*;
use raster::*;
use simplificar::*;
use texto::*;

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
