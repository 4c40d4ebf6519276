//! O memorial em tabela ("Descrição da Parcela" do SIGEF), copiado do PDF para texto: uma linha
//! por vértice, com código, longitude, latitude, altitude, código do vértice seguinte (vante),
//! azimute, distância e confrontação, separados por espaços ou tabulações. Conforme o leitor de
//! PDF, as células vêm lado a lado (uma linha por vértice) ou uma por linha: os dois se leem,
//! porque um vértice começa onde uma linha começa com um código seguido de duas coordenadas.
//!
//! Também se leem tabelas de outros programas com as mesmas colunas em UTM ("V-001 8.161.876,33
//! 300.975,15 …") ou em graus decimais, e sem as colunas do lado.

use super::bruto::{Achados, AnelBruto, Contexto, Declarado, VerticeBruto};
use super::lexico::{codigo, parece_codigo, pular, pular_na_linha, Codigo, GRAU};
use super::numeros::{angulo, numero, Angulo, Falha};

/// Uma coordenada de uma célula: um ângulo (com ou sem grau; o número simples serve também
/// para UTM).
fn celula(b: &[u8], p: usize) -> Option<Result<Angulo, Falha>> {
    angulo(b, p, true, true)
}

/// As duas coordenadas de uma linha de vértice, ou por que não se leem.
type CoordenadasDaLinha = Result<(Angulo, Angulo), Falha>;

/// Se em `p` começa uma linha de vértice: código e duas coordenadas. Devolve o código e as duas.
fn comeco_de_linha(b: &[u8], p: usize) -> Option<(Codigo, CoordenadasDaLinha)> {
    if p >= b.len() || !b[p].is_ascii_alphanumeric() {
        return None;
    }
    let c = codigo(b, p)?;
    if !parece_codigo(&c.codigo) || !c.codigo.bytes().any(|x| x.is_ascii_digit()) {
        return None;
    }
    let q = pular(b, c.fim);
    if q == c.fim && q < b.len() {
        return None;
    }
    let primeira = match celula(b, q)? {
        Ok(a) => a,
        Err(f) => return Some((c, Err(f))),
    };
    let r = pular(b, primeira.fim);
    let segunda = match celula(b, r) {
        Some(Ok(a)) => a,
        Some(Err(f)) => return Some((c, Err(f))),
        None => return None,
    };
    // As duas do mesmo tipo: GMS com GMS, número com número.
    if primeira.com_grau != segunda.com_grau {
        return Some((
            c,
            Err(Falha {
                inicio: q,
                fim: segunda.fim,
                motivo: "uma coordenada com o símbolo de grau e a outra sem: esperava as duas iguais, como -55°30'12,345\" -12°10'05,678\"".to_owned(),
            }),
        ));
    }
    Some((c, Ok((primeira, segunda))))
}

/// Lê a tabela. Devolve os anéis (vazio se não há linha de vértice).
pub(super) fn ler(ctx: &mut Contexto<'_>) -> Vec<AnelBruto> {
    let b = &ctx.texto.b;
    let inicios: Vec<usize> = ctx.texto.inicios_de_linha().collect();
    // A ordem das colunas, pelo cabeçalho: latitude antes da longitude?
    ctx.latitude_primeiro = {
        let lon = ctx.texto.achar(0, b.len(), "longitude");
        let lat = ctx.texto.achar(0, b.len(), "latitude");
        matches!((lat, lon), (Some(a), Some(o)) if a < o)
    };
    let mut aneis: Vec<AnelBruto> = Vec::new();
    let mut atual: Option<AnelBruto> = None;
    let mut vistos: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut vante_anterior: Option<(String, usize)> = None;
    let mut fim_da_linha_anterior = 0usize;
    let mut k = 0usize;
    while k < inicios.len() {
        let p = pular_na_linha(b, inicios[k]);
        k += 1;
        if p < fim_da_linha_anterior {
            continue;
        }
        let Some((c, coordenadas)) = comeco_de_linha(b, p) else {
            continue;
        };
        let linha = ctx.texto.linha(p);
        let (primeira, segunda) = match coordenadas {
            Ok(par) => par,
            Err(f) => {
                ctx.problema(linha, format!("vértice {}: {}", c.codigo, f.motivo));
                fim_da_linha_anterior = f.fim;
                continue;
            }
        };
        if let Some(veio) = &c.como_veio {
            ctx.aviso_ocr(linha, veio, &c.codigo);
        }
        // As células seguintes: altitude, vante, azimute, distância. Uma célula que começa uma
        // linha nova só é desta linha se não for o começo de outro vértice.
        let mut q = pular(b, segunda.fim);
        let e_outro_vertice = |q: usize| {
            let mut r = q;
            while r > 0 && b[r - 1] == b' ' {
                r -= 1;
            }
            (r == 0 || b[r - 1] == b'\n') && matches!(comeco_de_linha(b, q), Some((_, Ok(_))))
        };
        let mut altitude = None;
        if !e_outro_vertice(q) {
            if let Some(Ok(n)) = numero(b, q, true) {
                let r = pular(b, n.fim);
                if !(r < b.len() && (b[r] == GRAU || b[r] == b'\'')) {
                    altitude = Some(n);
                    q = pular(b, n.fim);
                    if q < b.len()
                        && b[q] == b'm'
                        && (q + 1 >= b.len() || !b[q + 1].is_ascii_alphanumeric())
                    {
                        q = pular(b, q + 1);
                    }
                }
            }
        }
        let mut vante = None;
        if !e_outro_vertice(q) {
            if let Some(v) = codigo(b, q) {
                if parece_codigo(&v.codigo)
                    && v.codigo.bytes().any(|x| x.is_ascii_digit())
                    && numero(b, q, true).is_none()
                {
                    if let Some(veio) = &v.como_veio {
                        ctx.aviso_ocr(linha, veio, &v.codigo);
                    }
                    q = pular(b, v.fim);
                    vante = Some(v.codigo);
                }
            }
        }
        let mut azimute = None;
        let mut distancia = None;
        if vante.is_some() && !e_outro_vertice(q) {
            match angulo(b, q, false, false) {
                Some(Ok(a)) => {
                    let r = pular(b, a.fim);
                    let numero_seguinte = numero(b, r, false);
                    if a.com_grau || matches!(numero_seguinte, Some(Ok(_))) {
                        azimute = Some(Declarado {
                            valor: a.graus,
                            meia_unidade: a.unidade / 2.0,
                        });
                        q = r;
                        if let Some(Ok(n)) = numero_seguinte {
                            let (valor, casas) = n.escolher(ctx.ponto_decimal);
                            distancia = Some(Declarado {
                                valor,
                                meia_unidade: 0.5 * 10f64.powi(-(casas as i32)),
                            });
                            q = n.fim;
                        }
                    }
                }
                Some(Err(f)) => {
                    ctx.avisos.push(format!(
                        "linha {linha}: o azimute declarado do vértice {} não se deixa ler ({}); o lado não foi conferido",
                        c.codigo, f.motivo
                    ));
                    q = f.fim;
                }
                None => {}
            }
        }
        fim_da_linha_anterior = q;
        // A tabela SIGEF tem o vante; ele tem de ser o vértice da linha seguinte.
        if let Some((esperado, l)) = vante_anterior.take() {
            let inicial = atual.as_ref().map(|a| a.vertices[0].codigo.clone());
            if esperado != c.codigo && Some(&esperado) != inicial.as_ref() {
                ctx.problema(
                    l,
                    format!(
                        "o lado segue para o vértice {esperado}, mas a linha seguinte (linha {linha}) é o vértice {}",
                        c.codigo
                    ),
                );
            }
        }
        // A linha que repete o vértice inicial fecha o perímetro.
        if let Some(anel) = atual.as_mut() {
            if anel.vertices[0].codigo == c.codigo && anel.vertices.len() >= 3 {
                anel.fechado = true;
                anel.fim = q;
                aneis.extend(atual.take());
                continue;
            }
        }
        let achados = Achados {
            soltos: vec![primeira, segunda],
            altitude,
            ..Achados::default()
        };
        let mut vertice: VerticeBruto = ctx.vertice(c.codigo.clone(), linha, &achados);
        vertice.azimute = azimute;
        vertice.distancia = distancia;
        vertice.linha_lado = linha;
        match atual.as_mut() {
            None => {
                let interior = !aneis.is_empty()
                    && ["exclu", "encravad", "interior"]
                        .iter()
                        .any(|k| ctx.texto.achar(aneis_fim(&aneis), p, k).is_some());
                vistos.clear();
                vistos.insert(c.codigo.clone());
                atual = Some(AnelBruto {
                    vertices: vec![vertice],
                    interior,
                    linha,
                    fechado: false,
                    fim: q,
                });
            }
            Some(anel) => {
                if !vistos.insert(c.codigo.clone()) {
                    ctx.problema(
                        linha,
                        format!(
                            "o vértice {} aparece duas vezes antes de fechar o perímetro",
                            c.codigo
                        ),
                    );
                    continue;
                }
                anel.vertices.push(vertice);
            }
        }
        // O vante que volta ao vértice inicial fecha o perímetro.
        if let (Some(v), Some(anel)) = (vante.as_ref(), atual.as_mut()) {
            if *v == anel.vertices[0].codigo && anel.vertices.len() >= 3 {
                anel.fechado = true;
                anel.fim = q;
                aneis.extend(atual.take());
                continue;
            }
            vante_anterior = Some((v.clone(), linha));
        }
    }
    if let Some(mut aberto) = atual {
        // Sem vante em linha nenhuma, a tabela fecha sozinha (o último volta ao primeiro).
        aberto.fechado = aberto.vertices.len() >= 3 && vante_anterior.is_none();
        aneis.push(aberto);
    }
    aneis
}

fn aneis_fim(aneis: &[AnelBruto]) -> usize {
    aneis.last().map_or(0, |a| a.fim)
}
