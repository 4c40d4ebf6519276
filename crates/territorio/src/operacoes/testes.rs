//! Testes das operações: partes e todo, tirar e devolver, a janela igual à sobreposição
//! inteira na malha real, buracos em qualquer sentido.
use super::grade::Grade;
use super::*;
use crate::geodesia::area_geodesica;
use geo_types::polygon;
use geo_types::{Coord, LineString, Polygon};

fn quadrado(x0: f64, y0: f64, lado: f64) -> MultiPolygon<f64> {
    MultiPolygon(vec![
        polygon![(x: x0, y: y0), (x: x0 + lado, y: y0), (x: x0 + lado, y: y0 + lado), (x: x0, y: y0 + lado)],
    ])
}

#[test]
fn parte_mais_resto_e_o_todo() {
    let todo = quadrado(-56.0, -15.0, 1.0);
    let parte = quadrado(-55.5, -14.6, 0.2);
    let resto = diferenca(&todo, &parte).unwrap();
    let soma = area_geodesica(&resto).area_m2 + area_geodesica(&parte).area_m2;
    let total = area_geodesica(&todo).area_m2;
    assert!((soma - total).abs() / total < 1e-9, "{soma} × {total}");
    // Um buraco: o resto é uma peça com um anel interior.
    assert_eq!(resto.0.len(), 1);
    assert_eq!(resto.0[0].interiors().len(), 1);
}

#[test]
fn tirar_e_devolver_nao_deixa_lasca_e_mantem_os_vertices() {
    let todo = quadrado(-56.0, -15.0, 1.0);
    // Uma parte encostada na borda leste, com vértices de seis casas.
    let parte = MultiPolygon(vec![
        polygon![(x: -55.123457, y: -14.9), (x: -55.0, y: -14.9), (x: -55.0, y: -14.4), (x: -55.123457, y: -14.4)],
    ]);
    let resto = diferenca(&todo, &parte).unwrap();
    let de_volta = uniao(&resto, &parte).unwrap();
    assert_eq!(de_volta.0.len(), 1);
    assert!(
        de_volta.0[0].interiors().is_empty(),
        "lascas: {:?}",
        de_volta.0[0].interiors()
    );
    // Os vértices do município original voltam todos, com o mesmo f64; os do recorte que
    // caíam no interior somem, como deve ser.
    let vertices: Vec<Coord<f64>> = de_volta.0[0].exterior().0.clone();
    for original in &todo.0[0].exterior().0 {
        assert!(vertices.contains(original), "vértice {original:?} perdido");
    }
    assert!(!vertices.contains(&Coord {
        x: -55.123457,
        y: -14.9
    }));
    let (antes, depois) = (
        area_geodesica(&todo).area_m2,
        area_geodesica(&de_volta).area_m2,
    );
    assert!((antes - depois).abs() / antes < 1e-12, "{antes} × {depois}");
    // O remanescente guarda exatamente os vértices do recorte (seis casas, sem arredondar).
    assert!(resto.0[0].exterior().0.contains(&Coord {
        x: -55.123457,
        y: -14.9
    }));
}

#[test]
fn uniao_de_quatro_quadrados_vizinhos_e_um_so() {
    let quadrados = [
        quadrado(-56.0, -15.0, 0.5),
        quadrado(-55.5, -15.0, 0.5),
        quadrado(-56.0, -14.5, 0.5),
        quadrado(-55.5, -14.5, 0.5),
    ];
    let referencias: Vec<&MultiPolygon<f64>> = quadrados.iter().collect();
    let tudo = uniao_de_todos(&referencias).unwrap();
    assert_eq!(tudo.0.len(), 1);
    assert!(tudo.0[0].interiors().is_empty());
    // A soma das partes (o quadrado grande teria outra área: os pontos médios das bordas, que
    // ficam, não estão na geodésica entre os cantos).
    let esperado: f64 = quadrados.iter().map(|q| area_geodesica(q).area_m2).sum();
    assert!((area_geodesica(&tudo).area_m2 - esperado).abs() / esperado < 1e-12);
}

fn caixa_area(t: &MultiPolygon<f64>) -> f64 {
    let c = caixa(t);
    (c[2] - c[0]) * (c[3] - c[1])
}

/// A mesma figura: as mesmas peças, os mesmos anéis (a menos do ponto de partida), os
/// vértices de entrada idênticos até o último bit e os pontos novos (cruzamentos levados às
/// geodésicas) a menos de 1e-12 grau — a iteração do cruzamento pode partir de um ponto da
/// grade vizinho e parar no último bit ao lado.
fn mesma_figura(
    a: &MultiPolygon<f64>,
    b: &MultiPolygon<f64>,
    entrada: &[&MultiPolygon<f64>],
) -> Result<(), String> {
    let de_entrada: std::collections::HashSet<(u64, u64)> = entrada
        .iter()
        .flat_map(|m| m.0.iter())
        .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
        .flat_map(|anel| anel.0.iter())
        .map(|c| (c.x.to_bits(), c.y.to_bits()))
        .collect();
    let aneis = |m: &MultiPolygon<f64>| {
        let mut aneis: Vec<Vec<Coord<f64>>> =
            m.0.iter()
                .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
                .map(|anel| {
                    let mut v = anel.0[..anel.0.len() - 1].to_vec();
                    // Começa no menor vértice na grade de 1e-9 grau, mantendo a ordem.
                    let chave =
                        |c: &Coord<f64>| ((c.x * 1e9).round() as i64, (c.y * 1e9).round() as i64);
                    let menor = (0..v.len()).min_by_key(|&i| chave(&v[i])).unwrap_or(0);
                    v.rotate_left(menor);
                    v
                })
                .collect();
        aneis.sort_by_key(|v| {
            v.iter()
                .map(|c| ((c.x * 1e9).round() as i64, (c.y * 1e9).round() as i64))
                .collect::<Vec<_>>()
        });
        aneis
    };
    let (pa, pb) = (a.0.len(), b.0.len());
    if pa != pb {
        return Err(format!("{pa} peças × {pb}"));
    }
    let (aa, ab) = (aneis(a), aneis(b));
    let tamanhos = |v: &[Vec<Coord<f64>>]| v.iter().map(Vec::len).collect::<Vec<_>>();
    if tamanhos(&aa) != tamanhos(&ab) {
        return Err(format!("anéis: {:?} × {:?}", tamanhos(&aa), tamanhos(&ab)));
    }
    for (anel_a, anel_b) in aa.iter().zip(&ab) {
        for (p, q) in anel_a.iter().zip(anel_b) {
            let identicos = p.x.to_bits() == q.x.to_bits() && p.y.to_bits() == q.y.to_bits();
            let novo = !de_entrada.contains(&(p.x.to_bits(), p.y.to_bits()))
                && !de_entrada.contains(&(q.x.to_bits(), q.y.to_bits()));
            let perto = (p.x - q.x).abs() < 1e-12 && (p.y - q.y).abs() < 1e-12;
            if !(identicos || novo && perto) {
                return Err(format!("vértice {p:?} × {q:?}"));
            }
        }
    }
    let buracos = |m: &MultiPolygon<f64>| {
        let mut b: Vec<usize> = m.0.iter().map(|p| p.interiors().len()).collect();
        b.sort();
        b
    };
    if buracos(a) != buracos(b) {
        return Err("buracos em peças diferentes".into());
    }
    Ok(())
}

/// Recortes ao acaso da malha real — atravessando a divisa, dentro, fora, encostados nela
/// com vértices da própria malha, em volta de um buraco —, nas quatro operações: a janela dá
/// exatamente o que a sobreposição inteira dá, e é ela que responde quase sempre.
#[test]
fn janela_igual_a_sobreposicao_inteira() {
    let mut estado = 0x2302_1992_u64;
    let mut acaso = move || {
        estado ^= estado << 13;
        estado ^= estado >> 7;
        estado ^= estado << 17;
        (estado >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut municipios: Vec<MultiPolygon<f64>> = [5100102, 5107198, 5106703, 5103403, 5106307]
        .iter()
        .map(|c| divisa_referencia::malha::poligono(*c).unwrap().unwrap())
        .collect();
    // Um município com buraco: Acorizal sem um quadrado no meio.
    let furo = quadrado(-56.40, -15.15, 0.05);
    municipios.push(operar_inteiro(&municipios[0], &furo, OverlayRule::Difference).unwrap());
    let (mut pela_janela, mut total) = (0, 0);
    for (m, municipio) in municipios.iter().enumerate() {
        let anel = &municipio.0[0].exterior().0;
        for k in 0..40 {
            // Centro: um vértice da divisa (metade das vezes), o centro do buraco ou um
            // ponto deslocado.
            let base = anel[(acaso() * (anel.len() - 1) as f64) as usize];
            let raio = 0.002 + 0.15 * acaso() * acaso();
            let corte = if k % 4 == 3 {
                // Encostado na divisa: uma sequência de vértices da malha fechada por dois
                // pontos para dentro (como a faixa de Ribeirãozinho).
                let i = (acaso() * (anel.len() - 40) as f64) as usize;
                let n = 3 + (acaso() * 30.0) as usize;
                let mut pontos: Vec<Coord<f64>> = anel[i..i + n].to_vec();
                let (a, b) = (pontos[0], pontos[n - 1]);
                let meio = Coord {
                    x: (a.x + b.x) / 2.0 + (acaso() - 0.5) * 0.02,
                    y: (a.y + b.y) / 2.0 + (acaso() - 0.5) * 0.02,
                };
                pontos.push(meio);
                pontos.push(pontos[0]);
                MultiPolygon(vec![Polygon::new(LineString(pontos), vec![])])
            } else {
                let centro = if m == 5 && k % 4 == 2 {
                    Coord {
                        x: -56.375 + (acaso() - 0.5) * 0.06,
                        y: -15.125 + (acaso() - 0.5) * 0.06,
                    }
                } else if k % 2 == 0 {
                    base
                } else {
                    Coord {
                        x: base.x + (acaso() - 0.5) * 0.3,
                        y: base.y + (acaso() - 0.5) * 0.3,
                    }
                };
                let lados = 3 + (acaso() * 9.0) as usize;
                let mut pontos: Vec<Coord<f64>> = (0..lados)
                    .map(|i| {
                        let angulo =
                            std::f64::consts::TAU * (i as f64 + acaso() * 0.8) / lados as f64;
                        let r = raio * (0.3 + acaso());
                        Coord {
                            x: ((centro.x + r * angulo.cos()) * 1e6).round() / 1e6,
                            y: ((centro.y + r * angulo.sin()) * 1e6).round() / 1e6,
                        }
                    })
                    .collect();
                pontos.push(pontos[0]);
                MultiPolygon(vec![Polygon::new(LineString(pontos), vec![])])
            };
            for (a, b, regra) in [
                (municipio, &corte, OverlayRule::Difference),
                (&corte, municipio, OverlayRule::Difference),
                (municipio, &corte, OverlayRule::Union),
                (municipio, &corte, OverlayRule::Intersect),
            ] {
                total += 1;
                let inteiro = operar_inteiro(a, b, regra).unwrap();
                let operandos = janela::Operandos {
                    grande: municipio,
                    pequeno: &corte,
                    caixa_grande: caixa(municipio),
                    caixa_pequeno: caixa(&corte),
                    grande_e_sujeito: std::ptr::eq(a, municipio),
                };
                let mut grade = Grade::para(&[a, b]).unwrap();
                let janela = janela::operar(&mut grade, &operandos, regra).unwrap();
                if let Some(janela) = janela {
                    pela_janela += 1;
                    if let Err(e) = mesma_figura(&janela, &inteiro, &[a, b]) {
                        panic!("município {m}, corte {k}, {regra:?}: {e}\n{corte:?}");
                    }
                }
                // E a função pública dá o mesmo que a sobreposição inteira, sempre.
                assert!(mesma_figura(&operar(a, b, regra).unwrap(), &inteiro, &[a, b]).is_ok());
            }
        }
    }
    // Vizinhos inteiros (as inconsistências do Art. 8º cruzam municípios vizinhos): a janela
    // do menor recorta boa parte do maior.
    let vizinhos = [
        (5107198, 5106703), // Ribeirãozinho, Ponte Branca
        (5100102, 5103403), // Acorizal, Cuiabá (duas peças)
        (5106307, 5107040), // Paranatinga, Primavera do Leste
    ];
    for (x, y) in vizinhos {
        let m = |c| divisa_referencia::malha::poligono(c).unwrap().unwrap();
        let (a, b) = (m(x), m(y));
        let (grande, pequeno) = if caixa_area(&a) >= caixa_area(&b) {
            (&a, &b)
        } else {
            (&b, &a)
        };
        for regra in [
            OverlayRule::Difference,
            OverlayRule::Union,
            OverlayRule::Intersect,
        ] {
            for grande_e_sujeito in [true, false] {
                let (s, c) = if grande_e_sujeito {
                    (grande, pequeno)
                } else {
                    (pequeno, grande)
                };
                let inteiro = operar_inteiro(s, c, regra).unwrap();
                let operandos = janela::Operandos {
                    grande,
                    pequeno,
                    caixa_grande: caixa(grande),
                    caixa_pequeno: caixa(pequeno),
                    grande_e_sujeito,
                };
                let mut grade = Grade::para(&[s, c]).unwrap();
                if let Some(janela) = janela::operar(&mut grade, &operandos, regra).unwrap() {
                    pela_janela += 1;
                    if let Err(e) = mesma_figura(&janela, &inteiro, &[s, c]) {
                        panic!("vizinhos {x} e {y}, {regra:?}: {e}");
                    }
                }
                total += 1;
            }
        }
    }
    // Quase tudo pela janela (o resto: recortes grandes perto demais de um lado cortado).
    assert!(
        pela_janela * 10 >= total * 9,
        "só {pela_janela} de {total} pela janela"
    );
}

/// Um buraco no mesmo sentido do exterior (o Shapefile e o KML não têm regra de sentido)
/// continua buraco: tirar dele um pedaço que está todo no buraco não muda nada; juntar
/// esse pedaço o preenche só ali. Na sobreposição inteira (quadrado de 4 vértices) e na
/// janela (o mesmo quadrado com 400 vértices).
#[test]
fn buraco_no_mesmo_sentido_do_exterior_continua_buraco() {
    let anel = |x0: f64, y0: f64, lado: f64, por_lado: usize| {
        let mut v = Vec::new();
        for (dx, dy, ex, ey) in [
            (0.0, 0.0, 1.0, 0.0),
            (1.0, 0.0, 0.0, 1.0),
            (1.0, 1.0, -1.0, 0.0),
            (0.0, 1.0, 0.0, -1.0),
        ] {
            for k in 0..por_lado {
                let t = k as f64 / por_lado as f64;
                v.push(Coord {
                    x: ((x0 + lado * (dx + ex * t)) * 1e6).round() / 1e6,
                    y: ((y0 + lado * (dy + ey * t)) * 1e6).round() / 1e6,
                });
            }
        }
        v.push(v[0]);
        LineString(v) // anti-horário
    };
    for por_lado in [1, 100] {
        let com_buraco = MultiPolygon(vec![Polygon::new(
            anel(-56.0, -15.0, 1.0, por_lado),
            vec![anel(-55.7, -14.7, 0.4, 1)], // também anti-horário
        )]);
        let no_buraco = quadrado(-55.6, -14.6, 0.1);
        let total = area_geodesica(&com_buraco).area_m2;
        let resto = diferenca(&com_buraco, &no_buraco).unwrap();
        assert!(
            (area_geodesica(&resto).area_m2 - total).abs() / total < 1e-12,
            "{por_lado} por lado: tirou do buraco"
        );
        assert_eq!(resto.0[0].interiors().len(), 1);
        let junto = uniao(&com_buraco, &no_buraco).unwrap();
        let esperado = total + area_geodesica(&no_buraco).area_m2;
        assert!((area_geodesica(&junto).area_m2 - esperado).abs() / esperado < 1e-12);
        assert!(intersecao(&com_buraco, &no_buraco).unwrap().0.is_empty());
    }
}

#[test]
fn longe_demais_e_erro() {
    assert_eq!(
        diferenca(&quadrado(-56.0, -15.0, 1.0), &quadrado(10.0, 10.0, 0.5)),
        Err(ErroOperacao::GrandeDemais)
    );
}
