//! A janela `W` e a sua borda: dentro, fora ou na borda (na grade inteira), o recorte de um lado
//! (Liang–Barsky) com o cruzamento posto na borda, o caminho pela borda que dá as mesmas voltas
//! que um arco de fora, e as passagens pelo corte do `atan2` que contam essas voltas.

use i_overlay::i_float::int::point::IntPoint;

/// A janela, fechada, em passos da grade de cálculo.
#[derive(Debug, Clone, Copy)]
pub(super) struct Janela {
    pub(super) x0: i64,
    pub(super) y0: i64,
    pub(super) x1: i64,
    pub(super) y1: i64,
}

impl Janela {
    /// O centro, fora dos inteiros (nenhum ponto da grade cai na semirreta que sai dele).
    fn centro(&self) -> (f64, f64) {
        (
            (self.x0 + self.x1) as f64 / 2.0 + 0.25,
            (self.y0 + self.y1) as f64 / 2.0 + 0.25,
        )
    }

    pub(super) fn dentro(&self, p: IntPoint) -> Option<bool> {
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        if x > self.x0 && x < self.x1 && y > self.y0 && y < self.y1 {
            Some(true)
        } else if x < self.x0 || x > self.x1 || y < self.y0 || y > self.y1 {
            Some(false)
        } else {
            None // na borda: fica para a sobreposição inteira
        }
    }

    fn largura(&self) -> i64 {
        self.x1 - self.x0
    }

    fn altura(&self) -> i64 {
        self.y1 - self.y0
    }

    fn perimetro(&self) -> i64 {
        2 * (self.largura() + self.altura())
    }

    /// Posição de um ponto da borda ao longo dela, no sentido anti-horário a partir do canto
    /// sudoeste.
    fn posicao(&self, p: IntPoint) -> i64 {
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        let (l, a) = (self.largura(), self.altura());
        if y == self.y0 {
            x - self.x0
        } else if x == self.x1 {
            l + (y - self.y0)
        } else if y == self.y1 {
            l + a + (self.x1 - x)
        } else {
            2 * l + a + (self.y1 - y)
        }
    }

    pub(super) fn cantos(&self) -> [(i64, IntPoint); 4] {
        let (l, a) = (self.largura(), self.altura());
        let p = |x: i64, y: i64| IntPoint::new(x as i32, y as i32);
        [
            (0, p(self.x0, self.y0)),
            (l, p(self.x1, self.y0)),
            (l + a, p(self.x1, self.y1)),
            (2 * l + a, p(self.x0, self.y1)),
        ]
    }

    pub(super) fn angulo(&self, p: (f64, f64)) -> f64 {
        let (cx, cy) = self.centro();
        (p.1 - cy).atan2(p.0 - cx)
    }

    /// Os cantos por que passa o caminho pela borda de `de` até `ate` que varre, visto do centro,
    /// o mesmo ângulo que o arco de fora que ele substitui (as mesmas voltas em torno de `W`).
    pub(super) fn caminho(
        &self,
        de: IntPoint,
        ate: IntPoint,
        varrido: f64,
        saida: &mut Vec<IntPoint>,
    ) {
        let tau = std::f64::consts::TAU;
        let ponto = |p: IntPoint| (f64::from(p.x), f64::from(p.y));
        let direto = (self.angulo(ponto(ate)) - self.angulo(ponto(de))).rem_euclid(tau);
        let direto = if de == ate { 0.0 } else { direto };
        let voltas = ((varrido - direto) / tau).round() as i64;
        let perimetro = self.perimetro();
        let inicio = self.posicao(de);
        let anti_horario = (self.posicao(ate) - inicio).rem_euclid(perimetro);
        let percurso = anti_horario + voltas * perimetro;
        let cantos = self.cantos();
        if percurso > 0 {
            // Os cantos em (inicio, inicio + percurso), em ordem.
            let mut volta = inicio.div_euclid(perimetro) * perimetro;
            'fora: loop {
                for &(posicao, canto) in &cantos {
                    let s = volta + posicao;
                    if s >= inicio + percurso {
                        break 'fora;
                    }
                    if s > inicio {
                        saida.push(canto);
                    }
                }
                volta += perimetro;
            }
        } else if percurso < 0 {
            let fim = inicio + percurso;
            let mut volta = inicio.div_euclid(perimetro) * perimetro;
            'fora: loop {
                for &(posicao, canto) in cantos.iter().rev() {
                    let s = volta + posicao;
                    if s <= fim {
                        break 'fora;
                    }
                    if s < inicio {
                        saida.push(canto);
                    }
                }
                volta -= perimetro;
            }
        }
    }

    /// O recorte do segmento `ab` por `W` (Liang–Barsky): os parâmetros de entrada e saída.
    pub(super) fn recorte(&self, a: IntPoint, b: IntPoint) -> Option<(f64, f64)> {
        let (ax, ay) = (f64::from(a.x), f64::from(a.y));
        let (dx, dy) = (f64::from(b.x) - ax, f64::from(b.y) - ay);
        let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
        for (p, q) in [
            (-dx, ax - self.x0 as f64),
            (dx, self.x1 as f64 - ax),
            (-dy, ay - self.y0 as f64),
            (dy, self.y1 as f64 - ay),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return None;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    t0 = t0.max(t);
                } else {
                    t1 = t1.min(t);
                }
            }
        }
        (t0 < t1).then_some((t0, t1))
    }

    /// O ponto de parâmetro `t` em `ab`, posto na borda de `W`: no lado mais próximo, com a outra
    /// coordenada pela reta do lado de entrada tomada sempre do mesmo extremo (o lado comum de dois
    /// municípios, percorrido em sentidos opostos, dá o mesmo ponto nos dois).
    pub(super) fn na_borda(&self, a: IntPoint, b: IntPoint, t: f64) -> IntPoint {
        let (ax, ay, bx, by) = (
            f64::from(a.x),
            f64::from(a.y),
            f64::from(b.x),
            f64::from(b.y),
        );
        let (x, y) = (ax + t * (bx - ax), ay + t * (by - ay));
        let (x, y) = ((x.round() as i64), (y.round() as i64));
        let distancias = [
            (x - self.x0).abs(),
            (self.x1 - x).abs(),
            (y - self.y0).abs(),
            (self.y1 - y).abs(),
        ];
        let lado = (0..4).min_by_key(|&i| distancias[i]).unwrap_or(0);
        let ((px, py), (rx, ry)) = if (a.x, a.y) <= (b.x, b.y) {
            ((ax, ay), (bx, by))
        } else {
            ((bx, by), (ax, ay))
        };
        let (x, y) = match lado {
            0 | 1 => {
                let borda = if lado == 0 { self.x0 } else { self.x1 };
                let y = py + (borda as f64 - px) * (ry - py) / (rx - px);
                (borda, (y.round() as i64).clamp(self.y0, self.y1))
            }
            _ => {
                let borda = if lado == 2 { self.y0 } else { self.y1 };
                let x = px + (borda as f64 - py) * (rx - px) / (ry - py);
                ((x.round() as i64).clamp(self.x0, self.x1), borda)
            }
        };
        IntPoint::new(x as i32, y as i32)
    }

    /// Se o lado `pq` da borda corre ao longo dela (os dois no mesmo lado de `W`).
    pub(super) fn ao_longo(&self, p: IntPoint, q: IntPoint) -> bool {
        let (px, py, qx, qy) = (
            i64::from(p.x),
            i64::from(p.y),
            i64::from(q.x),
            i64::from(q.y),
        );
        (px == qx && (px == self.x0 || px == self.x1))
            || (py == qy && (py == self.y0 || py == self.y1))
    }

    pub(super) fn na_borda_exata(&self, p: IntPoint) -> bool {
        self.dentro(p).is_none()
    }
}

/// Conta as passagens do caminho pela semirreta que sai do centro para oeste (o corte do
/// `atan2`): +1 de cima para baixo (sentido anti-horário), −1 ao contrário.
pub(super) fn passagens(j: &Janela, a: (f64, f64), b: (f64, f64)) -> i64 {
    let (cx, cy) = j.centro();
    let (acima_a, acima_b) = (a.1 > cy, b.1 > cy);
    if acima_a == acima_b {
        return 0;
    }
    let x = a.0 + (cy - a.1) * (b.0 - a.0) / (b.1 - a.1);
    if x >= cx {
        0
    } else if acima_a {
        1
    } else {
        -1
    }
}
