//! O que cerca o desenho: o painel com as convenções e a escala gráfica, a situação em Mato
//! Grosso, o título e a descrição em palavras (o texto alternativo).

use super::*;

impl Desenho<'_> {
    /// Embaixo da moldura: convenções à esquerda, norte e escala no meio, situação à direita;
    /// depois a fonte e a projeção. Devolve o SVG e a altura total do desenho.
    pub(super) fn painel(&self) -> (String, f64) {
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
    pub(super) fn convencoes(&self, x: f64, y: f64) -> (String, f64, f64) {
        let com_area = self.com_area();
        let mut itens: Vec<(String, String)> = Vec::new();
        for papel in PapelNoMapa::TODOS.iter().rev() {
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
    pub(super) fn escala_grafica(&self, x: f64, y: f64) -> (String, f64) {
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
    pub(super) fn situacao(&self) -> Option<(String, f64, f64)> {
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

    pub(super) fn nomes_do_papel(&self, papel: PapelNoMapa) -> Vec<String> {
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

    pub(super) fn titulo(&self) -> String {
        let mut nomes = Vec::new();
        for papel in PapelNoMapa::TODOS
            .iter()
            .rev()
            .filter(|p| **p != PapelNoMapa::Vizinho)
        {
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
    pub(super) fn descricao(&self) -> String {
        let com_area = self.com_area();
        let mut partes = Vec::new();
        for papel in PapelNoMapa::TODOS.iter().rev() {
            let nomes = self.nomes_do_papel(*papel);
            if nomes.is_empty() {
                continue;
            }
            let varios = nomes.len() > 1;
            let parte = match papel {
                PapelNoMapa::Novo => format!("o território do novo município, {}", lista(&nomes)),
                PapelNoMapa::Area => format!("a área a desmembrar ({})", lista(&nomes)),
                PapelNoMapa::Origem if com_area => format!(
                    "{} ({}), com o que lhe resta depois da separação",
                    if varios {
                        "os municípios de origem"
                    } else {
                        "o município de origem"
                    },
                    lista(&nomes)
                ),
                PapelNoMapa::Origem => format!(
                    "{} ({})",
                    if varios {
                        "os municípios de origem"
                    } else {
                        "o município de origem"
                    },
                    lista(&nomes)
                ),
                PapelNoMapa::Receptor => format!(
                    "{} ({})",
                    if varios {
                        "os municípios receptores"
                    } else {
                        "o município receptor"
                    },
                    lista(&nomes)
                ),
                PapelNoMapa::Incorporado => format!(
                    "{} ({}), que se extingue",
                    if varios {
                        "os municípios incorporados"
                    } else {
                        "o município incorporado"
                    },
                    lista(&nomes)
                ),
                PapelNoMapa::Fundido => format!("os municípios que se fundem ({})", lista(&nomes)),
                PapelNoMapa::Vizinho => {
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
    pub(super) fn onde_no_estado(&self) -> String {
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
