//! Testes da janela: o caminho pela borda com as voltas do arco, as passagens que contam as
//! voltas e o cruzamento igual nos dois sentidos.
use super::borda::{passagens, Janela};
use i_overlay::i_float::int::point::IntPoint;

fn janela() -> Janela {
    Janela {
        x0: 0,
        y0: 0,
        x1: 100,
        y1: 100,
    }
}

/// Da borda direita à de cima: um quarto de volta anti-horário passa por um canto; o mesmo
/// destino no sentido horário passa por três; com uma volta a mais, por cinco.
#[test]
fn caminho_pela_borda_com_as_voltas_do_arco() {
    let j = janela();
    let (de, ate) = (IntPoint::new(100, 50), IntPoint::new(50, 100));
    let c = |x, y| IntPoint::new(x, y);
    let quarto = std::f64::consts::FRAC_PI_2;
    let tau = std::f64::consts::TAU;
    let caminho = |varrido: f64| {
        let mut v = Vec::new();
        j.caminho(de, ate, varrido, &mut v);
        v
    };
    assert_eq!(caminho(quarto), vec![c(100, 100)]);
    assert_eq!(caminho(quarto - tau), vec![c(100, 0), c(0, 0), c(0, 100)]);
    assert_eq!(
        caminho(quarto + tau),
        vec![c(100, 100), c(0, 100), c(0, 0), c(100, 0), c(100, 100)]
    );
    // Do ponto a ele mesmo: nada, ou a borda inteira uma vez em cada sentido.
    let mut v = Vec::new();
    j.caminho(de, de, 0.0, &mut v);
    assert!(v.is_empty());
    j.caminho(de, de, tau, &mut v);
    assert_eq!(v, vec![c(100, 100), c(0, 100), c(0, 0), c(100, 0)]);
}

/// As passagens pela semirreta a oeste do centro contam as voltas de um anel em torno dele.
#[test]
fn passagens_contam_as_voltas() {
    let j = janela();
    let quadrado = [
        (-10.0, -10.0),
        (110.0, -10.0),
        (110.0, 110.0),
        (-10.0, 110.0),
    ];
    let voltas = |pontos: &[(f64, f64)]| -> i64 {
        (0..pontos.len())
            .map(|i| passagens(&j, pontos[i], pontos[(i + 1) % pontos.len()]))
            .sum()
    };
    assert_eq!(voltas(&quadrado), 1);
    let mut horario = quadrado;
    horario.reverse();
    assert_eq!(voltas(&horario), -1);
    // Um anel ao lado da janela não dá volta nenhuma.
    assert_eq!(
        voltas(&[(200.0, 0.0), (300.0, 0.0), (300.0, 100.0), (200.0, 100.0)]),
        0
    );
}

/// Um cruzamento do mesmo lado, percorrido nos dois sentidos, cai no mesmo ponto da borda.
#[test]
fn cruzamento_igual_nos_dois_sentidos() {
    let j = janela();
    let (a, b) = (IntPoint::new(-37, 13), IntPoint::new(61, 77));
    let (t0, _) = j.recorte(a, b).unwrap();
    let (_, t1) = j.recorte(b, a).unwrap();
    assert_eq!(j.na_borda(a, b, t0), j.na_borda(b, a, t1));
    assert_eq!(j.na_borda(a, b, t0).x, 0);
}
