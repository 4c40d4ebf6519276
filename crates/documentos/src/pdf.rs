//! O PDF: A4, cabeçalho da Assembleia em cada página, rodapé com o processo, o código de
//! verificação e "página N de M"; parágrafos justificados, tabelas que continuam na página
//! seguinte repetindo o cabeçalho, e o mapa desenhado em vetores.
//!
//! Por que `pdf-writer` com as fontes padrão, e não o `typst`: o typst compila ~380 crates (mais
//! de 3 minutos numa máquina de 2 núcleos) para o que aqui é diagramação simples; o
//! `pdf-writer` (do mesmo time) não tem dependências pesadas, e as 14 fontes padrão do PDF
//! dispensam embutir e recortar fontes. O custo: só Times (romano e negrito), sem hifenização,
//! e só os caracteres da WinAnsiEncoding (todo o português; outro caractere sai como "?").
//! A saída é determinística (mesmo documento, mesmos bytes): é o que permite [`crate::verificar`].

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use crate::metricas::{TIMES, TIMES_NEGRITO};
use crate::{Bloco, Camada, Documento, CHAVE};

const LARGURA: f32 = 595.28;
const ALTURA: f32 = 841.89;
const ESQ: f32 = 72.0;
const DIR: f32 = 62.0;
const TOPO: f32 = 118.0; // abaixo do cabeçalho
const BASE: f32 = 64.0; // acima do rodapé
const CORPO: f32 = 11.5;
const ENTRELINHA: f32 = 15.0;
const UTIL: f32 = LARGURA - ESQ - DIR;

#[derive(Clone, Copy, PartialEq)]
enum Fonte {
    Normal,
    Negrito,
}

impl Fonte {
    fn nome(self) -> Name<'static> {
        match self {
            Fonte::Normal => Name(b"F1"),
            Fonte::Negrito => Name(b"F2"),
        }
    }
    fn larguras(self) -> &'static [u16; 224] {
        match self {
            Fonte::Normal => &TIMES,
            Fonte::Negrito => &TIMES_NEGRITO,
        }
    }
}

/// Texto em WinAnsiEncoding (cp1252); o que não cabe nela vira "?".
fn winansi(texto: &str) -> Vec<u8> {
    texto
        .chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '€' => 0x80,
            '‚' => 0x82,
            '„' => 0x84,
            '…' => 0x85,
            '†' => 0x86,
            '‡' => 0x87,
            '‰' => 0x89,
            '‹' => 0x8B,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '™' => 0x99,
            '›' => 0x9B,
            '\u{2212}' => b'-',
            '\t' | '\n' => b' ',
            _ => b'?',
        })
        .collect()
}

fn largura(bytes: &[u8], fonte: Fonte, tam: f32) -> f32 {
    let l = fonte.larguras();
    bytes
        .iter()
        .map(|b| f32::from(if *b >= 32 { l[usize::from(*b - 32)] } else { 0 }))
        .sum::<f32>()
        * tam
        / 1000.0
}

/// Quebra em linhas de até `max` pontos (palavras inteiras; uma palavra maior que a linha é
/// cortada).
fn linhas(texto: &str, fonte: Fonte, tam: f32, max: f32) -> Vec<Vec<u8>> {
    let espaco = largura(b" ", fonte, tam);
    let mut saida = Vec::new();
    for paragrafo in texto.split('\n') {
        let mut atual: Vec<u8> = Vec::new();
        let mut l_atual = 0.0;
        for palavra in paragrafo.split(' ').filter(|p| !p.is_empty()) {
            let mut p = winansi(palavra);
            let mut lp = largura(&p, fonte, tam);
            while lp > max {
                // palavra maior que a linha: corta
                if !atual.is_empty() {
                    saida.push(std::mem::take(&mut atual));
                    l_atual = 0.0;
                }
                let mut n = p.len();
                while n > 1 && largura(&p[..n], fonte, tam) > max {
                    n -= 1;
                }
                saida.push(p[..n].to_vec());
                p = p[n..].to_vec();
                lp = largura(&p, fonte, tam);
            }
            if !atual.is_empty() && l_atual + espaco + lp > max {
                saida.push(std::mem::take(&mut atual));
                l_atual = 0.0;
            }
            if !atual.is_empty() {
                atual.push(b' ');
                l_atual += espaco;
            }
            atual.extend_from_slice(&p);
            l_atual += lp;
        }
        saida.push(atual);
    }
    saida
}

/// O que se desenha numa página.
enum Op {
    Texto {
        x: f32,
        y: f32,
        fonte: Fonte,
        tam: f32,
        bytes: Vec<u8>,
        /// espaçamento extra entre palavras (justificação)
        tw: f32,
    },
    Linha {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        largura: f32,
    },
    Poligono {
        aneis: Vec<Vec<(f32, f32)>>,
        preenchimento: (f32, f32, f32),
        contorno: (f32, f32, f32),
        largura: f32,
    },
}

struct Diagramador {
    paginas: Vec<Vec<Op>>,
    y: f32,
}

impl Diagramador {
    fn novo() -> Diagramador {
        Diagramador {
            paginas: vec![Vec::new()],
            y: ALTURA - TOPO,
        }
    }

    fn ops(&mut self) -> &mut Vec<Op> {
        if self.paginas.is_empty() {
            self.paginas.push(Vec::new());
        }
        let n = self.paginas.len() - 1;
        &mut self.paginas[n]
    }

    fn nova_pagina(&mut self) {
        self.paginas.push(Vec::new());
        self.y = ALTURA - TOPO;
    }

    /// Garante `altura` livre na página; senão, vira a página.
    fn caber(&mut self, altura: f32) {
        if self.y - altura < BASE {
            self.nova_pagina();
        }
    }

    /// Uma linha horizontal de margem a margem na altura atual.
    fn regua(&mut self, largura: f32) {
        let y = self.y;
        self.ops().push(Op::Linha {
            x1: ESQ,
            y1: y,
            x2: ESQ + UTIL,
            y2: y,
            largura,
        });
    }

    fn texto(&mut self, x: f32, fonte: Fonte, tam: f32, bytes: Vec<u8>, tw: f32) {
        let y = self.y;
        self.ops().push(Op::Texto {
            x,
            y,
            fonte,
            tam,
            bytes,
            tw,
        });
    }

    fn paragrafo(&mut self, texto: &str, recuo: f32, fonte: Fonte, justificar: bool) {
        let max = UTIL - recuo;
        let ls = linhas(texto, fonte, CORPO, max);
        let n = ls.len();
        for (i, l) in ls.into_iter().enumerate() {
            self.caber(ENTRELINHA);
            self.y -= ENTRELINHA;
            let espacos = l.iter().filter(|b| **b == b' ').count();
            let tw = if justificar && i + 1 < n && espacos > 0 {
                ((max - largura(&l, fonte, CORPO)) / espacos as f32).clamp(0.0, 6.0)
            } else {
                0.0
            };
            self.texto(ESQ + recuo, fonte, CORPO, l, tw);
        }
        self.y -= ENTRELINHA * 0.45;
    }

    fn centro(&mut self, texto: &str, fonte: Fonte, tam: f32) {
        for l in linhas(texto, fonte, tam, UTIL) {
            self.caber(tam * 1.35);
            self.y -= tam * 1.35;
            let x = ESQ + (UTIL - largura(&l, fonte, tam)) / 2.0;
            self.texto(x, fonte, tam, l, 0.0);
        }
        self.y -= ENTRELINHA * 0.45;
    }

    fn tabela(&mut self, colunas: &[String], larguras: &[f32], linhas_: &[Vec<String>]) {
        let soma: f32 = larguras.iter().sum::<f32>().max(f32::EPSILON);
        let ls: Vec<f32> = (0..colunas.len())
            .map(|i| larguras.get(i).copied().unwrap_or(1.0) / soma * UTIL)
            .collect();
        let tam = 9.5;
        let entre = 12.0;
        let linha_de = |celulas: &[String], fonte: Fonte| -> Vec<Vec<Vec<u8>>> {
            ls.iter()
                .enumerate()
                .map(|(i, l)| {
                    linhas(
                        celulas.get(i).map_or("", String::as_str),
                        fonte,
                        tam,
                        l - 6.0,
                    )
                })
                .collect()
        };
        let cabecalho = linha_de(colunas, Fonte::Negrito);
        let altura =
            |c: &Vec<Vec<Vec<u8>>>| c.iter().map(Vec::len).max().unwrap_or(1) as f32 * entre + 6.0;
        let desenhar = |d: &mut Diagramador, c: &Vec<Vec<Vec<u8>>>, fonte: Fonte| {
            let h = altura(c);
            let topo = d.y;
            let mut x = ESQ;
            for (i, cel) in c.iter().enumerate() {
                for (k, l) in cel.iter().enumerate() {
                    let y = topo - 3.0 - entre * (k as f32 + 1.0) + 2.5;
                    d.ops().push(Op::Texto {
                        x: x + 3.0,
                        y,
                        fonte,
                        tam,
                        bytes: l.clone(),
                        tw: 0.0,
                    });
                }
                x += ls[i];
            }
            d.y -= h;
            d.regua(0.4);
        };
        self.caber(altura(&cabecalho) * 2.0);
        self.regua(0.8);
        desenhar(self, &cabecalho, Fonte::Negrito);
        for linha in linhas_ {
            let c = linha_de(linha, Fonte::Normal);
            if self.y - altura(&c) < BASE {
                self.nova_pagina();
                self.regua(0.8);
                desenhar(self, &cabecalho, Fonte::Negrito);
            }
            desenhar(self, &c, Fonte::Normal);
        }
        self.y -= ENTRELINHA * 0.6;
    }

    fn mapa(&mut self, camadas: &[Camada], legenda: &str) {
        let pontos = camadas
            .iter()
            .flat_map(|c| c.poligonos.iter().flatten().flatten());
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in pontos {
            x0 = x0.min(p[0]);
            x1 = x1.max(p[0]);
            y0 = y0.min(p[1]);
            y1 = y1.max(p[1]);
        }
        if x0 > x1 || y0 > y1 {
            return;
        }
        let cos = ((y0 + y1) / 2.0).to_radians().cos().max(0.1);
        let larg_g = ((x1 - x0) * cos).max(1e-9);
        let alt_g = (y1 - y0).max(1e-9);
        let caixa_l = UTIL;
        let caixa_a = (UTIL * 0.75).min(380.0);
        let escala = (caixa_l as f64 / larg_g).min(caixa_a as f64 / alt_g);
        let alt = (alt_g * escala) as f32;
        self.caber(alt + 70.0);
        let topo = self.y - 6.0;
        let esq = ESQ + (caixa_l - (larg_g * escala) as f32) / 2.0;
        let proj = |p: &[f64; 2]| -> (f32, f32) {
            (
                esq + ((p[0] - x0) * cos * escala) as f32,
                topo - ((y1 - p[1]) * escala) as f32,
            )
        };
        for papel in ["vizinho", "origem", "area"] {
            for c in camadas.iter().filter(|c| c.papel == papel) {
                let (preenchimento, contorno, largura) = match papel {
                    "area" => ((0.95, 0.78, 0.78), (0.64, 0.09, 0.1), 1.4),
                    "origem" => ((0.85, 0.9, 0.95), (0.04, 0.31, 0.47), 0.9),
                    _ => ((0.97, 0.97, 0.97), (0.55, 0.55, 0.55), 0.4),
                };
                for poligono in &c.poligonos {
                    self.ops().push(Op::Poligono {
                        aneis: poligono
                            .iter()
                            .map(|a| a.iter().map(proj).collect())
                            .collect(),
                        preenchimento,
                        contorno,
                        largura,
                    });
                }
            }
        }
        // norte e escala
        let (nx, ny) = (ESQ + UTIL - 12.0, topo - 4.0);
        self.ops().push(Op::Poligono {
            aneis: vec![vec![
                (nx, ny),
                (nx - 6.0, ny - 18.0),
                (nx, ny - 13.0),
                (nx + 6.0, ny - 18.0),
            ]],
            preenchimento: (0.1, 0.1, 0.1),
            contorno: (0.1, 0.1, 0.1),
            largura: 0.5,
        });
        let y_n = ny - 30.0;
        self.ops().push(Op::Texto {
            x: nx - 4.0,
            y: y_n,
            fonte: Fonte::Negrito,
            tam: 10.0,
            bytes: b"N".to_vec(),
            tw: 0.0,
        });
        let km_por_pt = 111.32 / escala;
        let alvo = km_por_pt * 100.0;
        let passo = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0]
            .into_iter()
            .rfind(|v| *v <= alvo)
            .unwrap_or(1.0);
        let comprimento = (passo / km_por_pt) as f32;
        let yb = topo - alt - 14.0;
        self.ops().push(Op::Linha {
            x1: ESQ,
            y1: yb,
            x2: ESQ + comprimento,
            y2: yb,
            largura: 2.0,
        });
        self.ops().push(Op::Texto {
            x: ESQ + comprimento + 6.0,
            y: yb - 3.0,
            fonte: Fonte::Normal,
            tam: 9.0,
            bytes: winansi(&format!("{} km", passo as u32)),
            tw: 0.0,
        });
        self.y = yb - 8.0;
        let mut itens: Vec<String> = Vec::new();
        for c in camadas {
            let marca = match c.papel.as_str() {
                "area" => "área proposta",
                "origem" => "município de origem",
                _ => "vizinho",
            };
            let item = format!("{} ({marca})", c.rotulo);
            if !itens.contains(&item) && c.papel != "vizinho" {
                itens.push(item);
            }
        }
        let texto = format!("Legenda: {}. {legenda}", itens.join("; "));
        for l in linhas(&texto, Fonte::Normal, 9.0, UTIL) {
            self.caber(11.0);
            self.y -= 11.0;
            self.texto(ESQ, Fonte::Normal, 9.0, l, 0.0);
        }
        self.y -= ENTRELINHA;
    }
}

fn texto_pdf(c: &mut Content, x: f32, y: f32, fonte: Fonte, tam: f32, bytes: &[u8], tw: f32) {
    c.begin_text();
    c.set_font(fonte.nome(), tam);
    c.set_word_spacing(tw);
    c.next_line(x, y);
    c.show(Str(bytes));
    c.end_text();
}

/// A página (a partir de 1) em que começa o que vem depois de cada quebra de página do
/// documento, na ordem: para o índice das peças dos autos.
pub fn paginas_das_quebras(doc: &Documento) -> Vec<usize> {
    diagramar(doc).1
}

/// O PDF do documento (determinístico: o mesmo documento dá os mesmos bytes).
pub fn pdf(doc: &Documento) -> Vec<u8> {
    let (d, _) = diagramar(doc);
    escrever(doc, d)
}

fn diagramar(doc: &Documento) -> (Diagramador, Vec<usize>) {
    let mut quebras = Vec::new();
    let mut d = Diagramador::novo();
    d.y -= 6.0;
    d.centro(&doc.titulo, Fonte::Negrito, 13.0);
    for (i, b) in doc.blocos.iter().enumerate() {
        match b {
            Bloco::Secao { texto } => {
                // o título não fica sozinho no pé da página: com o mapa, vai junto dele
                let junto = match doc.blocos.get(i + 1) {
                    Some(Bloco::Mapa { .. }) => (UTIL * 0.75).min(380.0) + 90.0,
                    _ => ENTRELINHA * 3.0,
                };
                d.caber(junto);
                d.y -= ENTRELINHA * 0.4;
                d.paragrafo(texto, 0.0, Fonte::Negrito, false);
            }
            Bloco::Paragrafo { texto } => d.paragrafo(texto, 0.0, Fonte::Normal, true),
            Bloco::Recuado { texto } => d.paragrafo(texto, 36.0, Fonte::Normal, true),
            Bloco::Centro { texto, negrito } => d.centro(
                texto,
                if *negrito {
                    Fonte::Negrito
                } else {
                    Fonte::Normal
                },
                CORPO,
            ),
            Bloco::Tabela {
                colunas,
                larguras,
                linhas,
            } => d.tabela(colunas, larguras, linhas),
            Bloco::Mapa { camadas, legenda } => d.mapa(camadas, legenda),
            Bloco::QuebraDePagina => {
                d.nova_pagina();
                quebras.push(d.paginas.len());
            }
        }
    }
    if !doc.referencias.is_empty() {
        d.caber(ENTRELINHA * 3.0);
        d.paragrafo("Referências (URN LexML)", 0.0, Fonte::Negrito, false);
        for (citacao, urn) in &doc.referencias {
            for l in linhas(&format!("{citacao}: {urn}"), Fonte::Normal, 8.5, UTIL) {
                d.caber(10.5);
                d.y -= 10.5;
                d.texto(ESQ, Fonte::Normal, 8.5, l, 0.0);
            }
        }
    }

    (d, quebras)
}

fn escrever(doc: &Documento, d: Diagramador) -> Vec<u8> {
    let codigo = doc.codigo();
    let n = d.paginas.len();
    let mut pdf = Pdf::new();
    let catalogo = Ref::new(1);
    let arvore = Ref::new(2);
    let f1 = Ref::new(3);
    let f2 = Ref::new(4);
    let info = Ref::new(5);
    let ids: Vec<(Ref, Ref)> = (0..n)
        .map(|i| {
            let base = 6 + 2 * i as i32;
            (Ref::new(base), Ref::new(base + 1))
        })
        .collect();
    pdf.catalog(catalogo).pages(arvore);
    pdf.pages(arvore)
        .kids(ids.iter().map(|(p, _)| *p))
        .count(n as i32);
    pdf.type1_font(f1)
        .base_font(Name(b"Times-Roman"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(f2)
        .base_font(Name(b"Times-Bold"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    for (i, (ops, (pagina, conteudo))) in d.paginas.iter().zip(&ids).enumerate() {
        let mut p = pdf.page(*pagina);
        p.media_box(Rect::new(0.0, 0.0, LARGURA, ALTURA));
        p.parent(arvore);
        p.contents(*conteudo);
        p.resources()
            .fonts()
            .pair(Name(b"F1"), f1)
            .pair(Name(b"F2"), f2);
        p.finish();
        let mut c = Content::new();
        // cabeçalho da Casa
        for (k, (linha, fonte, tam)) in [
            ("ESTADO DE MATO GROSSO", Fonte::Negrito, 10.0),
            ("ASSEMBLEIA LEGISLATIVA", Fonte::Negrito, 12.0),
            (
                "Comissão de Revisão Territorial — LC nº 23/1992",
                Fonte::Normal,
                10.0,
            ),
        ]
        .into_iter()
        .enumerate()
        {
            let b = winansi(linha);
            let x = ESQ + (UTIL - largura(&b, fonte, tam)) / 2.0;
            texto_pdf(
                &mut c,
                x,
                ALTURA - 48.0 - 14.0 * k as f32,
                fonte,
                tam,
                &b,
                0.0,
            );
        }
        c.set_line_width(0.8);
        c.move_to(ESQ, ALTURA - 96.0);
        c.line_to(ESQ + UTIL, ALTURA - 96.0);
        c.stroke();
        // rodapé
        c.set_line_width(0.4);
        c.move_to(ESQ, BASE - 12.0);
        c.line_to(ESQ + UTIL, BASE - 12.0);
        c.stroke();
        let esquerda = winansi(&match &doc.protocolo {
            Some(p) => format!("Processo nº {p}"),
            None => "Sem processo protocolado".into(),
        });
        texto_pdf(&mut c, ESQ, BASE - 26.0, Fonte::Normal, 8.0, &esquerda, 0.0);
        let meio = winansi(&format!("Código de verificação: {codigo}"));
        let x = ESQ + (UTIL - largura(&meio, Fonte::Normal, 8.0)) / 2.0;
        texto_pdf(&mut c, x, BASE - 26.0, Fonte::Normal, 8.0, &meio, 0.0);
        let direita = winansi(&format!("Página {} de {n}", i + 1));
        let x = ESQ + UTIL - largura(&direita, Fonte::Normal, 8.0);
        texto_pdf(&mut c, x, BASE - 26.0, Fonte::Normal, 8.0, &direita, 0.0);
        let conferir = winansi("A autenticidade se confere pelo código de verificação junto à Comissão de Revisão Territorial.");
        let x = ESQ + (UTIL - largura(&conferir, Fonte::Normal, 7.0)) / 2.0;
        texto_pdf(&mut c, x, BASE - 37.0, Fonte::Normal, 7.0, &conferir, 0.0);
        for op in ops {
            match op {
                Op::Texto {
                    x,
                    y,
                    fonte,
                    tam,
                    bytes,
                    tw,
                } => texto_pdf(&mut c, *x, *y, *fonte, *tam, bytes, *tw),
                Op::Linha {
                    x1,
                    y1,
                    x2,
                    y2,
                    largura,
                } => {
                    c.set_line_width(*largura);
                    c.move_to(*x1, *y1);
                    c.line_to(*x2, *y2);
                    c.stroke();
                }
                Op::Poligono {
                    aneis,
                    preenchimento,
                    contorno,
                    largura,
                } => {
                    c.set_fill_rgb(preenchimento.0, preenchimento.1, preenchimento.2);
                    c.set_stroke_rgb(contorno.0, contorno.1, contorno.2);
                    c.set_line_width(*largura);
                    for anel in aneis {
                        if let Some((p0, resto)) = anel.split_first() {
                            c.move_to(p0.0, p0.1);
                            for p in resto {
                                c.line_to(p.0, p.1);
                            }
                            c.close_path();
                        }
                    }
                    c.fill_even_odd_and_stroke();
                    c.set_fill_rgb(0.0, 0.0, 0.0);
                    c.set_stroke_rgb(0.0, 0.0, 0.0);
                }
            }
        }
        pdf.stream(*conteudo, &c.finish());
    }
    let conteudo_hex: String = doc
        .canonico()
        .as_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut i = pdf.document_info(info);
    i.title(TextStr(&doc.titulo));
    i.producer(TextStr("divisa (LC nº 23/1992 de Mato Grosso)"));
    i.subject(TextStr(&format!("Código de verificação {codigo}")));
    i.finish();
    // O conteúdo canônico vai num fluxo próprio, fora da árvore de páginas: os leitores o
    // ignoram e `verificar` o acha pela chave.
    let mut marca = CHAVE.to_vec();
    marca.extend_from_slice(conteudo_hex.as_bytes());
    marca.push(b'>');
    pdf.stream(Ref::new(6 + 2 * n as i32), &marca);
    pdf.finish()
}
