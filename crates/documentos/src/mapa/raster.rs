//! O raster dos nomes: onde já há tinta, para um nome novo não cair sobre outro.

use super::*;

/// A moldura em células de [`CELULA`] px: de quem é cada célula (a camada desenhada por cima
/// nela) e, para cada camada, quão longe da borda fica cada célula sua.
pub(super) struct Raster {
    pub(super) x0: f64,
    pub(super) y0: f64,
    pub(super) colunas: usize,
    pub(super) linhas: usize,
    pub(super) dono: Vec<u32>,
}

pub(super) const NINGUEM: u32 = u32::MAX;

impl Raster {
    pub(super) fn do_desenho(d: &Desenho<'_>) -> Raster {
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
    pub(super) fn candidatos(&self, indice: usize) -> Vec<(f64, f64)> {
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
    pub(super) fn fracao(&self, indice: usize, caixa: &Caixa) -> f64 {
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
