//! O desenho: a tela, as camadas, o graticulado, as sedes e os nomes postos sem colisão.

use super::*;

/// O nome de cada papel nas convenções do mapa; o de origem, com a área desenhada por cima,
/// é o que resta dele.
pub(super) fn nome_na_legenda(papel: PapelNoMapa, com_area: bool) -> &'static str {
    match papel {
        PapelNoMapa::Area => "área a desmembrar",
        PapelNoMapa::Origem if com_area => "município de origem (remanescente)",
        p => p.legenda(),
    }
}

/// Uma camada pronta para o desenho: os anéis na tela.
pub(super) struct NaTela<'a> {
    pub(super) limpa: &'a Limpa<'a>,
    pub(super) aneis: Vec<Vec<(f64, f64)>>,
}

/// Uma sede na tela.
pub(super) struct SedeNaTela {
    pub(super) nome: String,
    pub(super) ponto: [f64; 2],
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) proposta: bool,
}

pub(super) struct Desenho<'a> {
    pub(super) camadas: Vec<NaTela<'a>>,
    pub(super) recorte: Recorte,
    pub(super) legenda: &'a str,
    pub(super) id: String,
    /// Px por unidade projetada.
    pub(super) escala: f64,
    pub(super) moldura: Caixa,
    pub(super) sedes: Vec<SedeNaTela>,
    /// O que já ocupa lugar na moldura: nomes, sedes.
    pub(super) ocupado: Vec<Caixa>,
    /// O passo do graticulado, em minutos.
    pub(super) passo: i64,
}

impl<'a> Desenho<'a> {
    pub(super) fn novo(
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

    pub(super) fn tela(&self, lon: f64, lat: f64) -> (f64, f64) {
        let r = &self.recorte;
        (
            self.moldura.x0 + ((lon - r.lon0) * r.k - r.x0) * self.escala,
            self.moldura.y0 + (r.y1 - lat) * self.escala,
        )
    }

    pub(super) fn com_area(&self) -> bool {
        self.camadas.iter().any(|c| {
            matches!(c.limpa.papel, PapelNoMapa::Area | PapelNoMapa::Novo) && !c.aneis.is_empty()
        })
    }

    pub(super) fn desenhar(mut self) -> Mapa {
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
    pub(super) fn linhas(&self) -> (Vec<i64>, Vec<i64>) {
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

    pub(super) fn graticulado(&self) -> String {
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
    pub(super) fn rotulos_do_graticulado(&self) -> String {
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

    pub(super) fn sedes_e_nomes(&mut self) -> String {
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
                self.camadas[*i].limpa.papel == PapelNoMapa::Vizinho,
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
    pub(super) fn nome_da_sede(&mut self, i: usize) -> String {
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

    pub(super) fn moldura_interna(&self) -> Caixa {
        Caixa {
            x0: self.moldura.x0 + 2.0,
            y0: self.moldura.y0 + 2.0,
            x1: self.moldura.x1 - 2.0,
            y1: self.moldura.y1 - 2.0,
        }
    }

    /// O nome de um município (ou da área) dentro dele, no lugar mais folgado em que caiba;
    /// se não cabe, ao lado com uma linha de chamada (só os de destaque).
    pub(super) fn nome_da_camada(&mut self, i: usize, raster: &Raster) -> String {
        let limpa = self.camadas[i].limpa;
        let papel = limpa.papel;
        let nome = limpa.camada.rotulo.trim();
        if nome.is_empty() {
            return String::new();
        }
        let (texto, tamanho, negrito, estilo) = match papel {
            PapelNoMapa::Vizinho => (nome.to_uppercase(), 10.0, false, r##" fill="#6b6b66""##),
            PapelNoMapa::Area => (
                nome.to_owned(),
                12.0,
                false,
                r##" font-style="italic" fill="#7a3000""##,
            ),
            PapelNoMapa::Novo => (
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
        let exigencia = if papel == PapelNoMapa::Vizinho {
            0.97
        } else {
            0.9
        };
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
        if papel == PapelNoMapa::Vizinho {
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
}
