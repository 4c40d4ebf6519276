//! O memorial descritivo de um território (Art. 5º: "linhas geodésicas claras, precisas e
//! contínuas entre pontos bem identificados"; Art. 7º, II e IV: as divisas).
//!
//! Cada vértice recebe um código (o do arquivo lido, como o `ABCD-M-0001` do SIGEF, ou
//! `V-001`...: [`Memorial::com_vertices_nomeados`]), coordenadas geográficas e UTM; cada lado, o
//! azimute e a distância geodésicos (GRS80, problema inverso de Karney). O texto segue o estilo
//! dos memoriais do SIGEF: "do vértice V-001, de coordenadas N … m e E … m, segue com azimute de …
//! e distância de … m até o vértice V-002".
//!
//! Os confrontantes de cada lado (o município vizinho) vêm de [`crate::confrontantes`], pela
//! malha que quem chama passa; sem ela, o texto diz "a completar pela Cartografia" em vez de
//! inventar. [`Memorial::dados`] dá o mesmo conteúdo em JSON, para outros programas.
//!
//! # Unidades
//! Azimutes em graus a partir do norte verdadeiro, no sentido horário; distâncias em metros;
//! área em m² (o texto mostra km²).

use divisa_referencia::formato::{azimute_gms, decimal, gms_com_casas, Eixo};
use geo_types::{LineString, MultiPolygon};
use geographiclib_rs::InverseGeodesic;

use crate::geodesia::{area_geodesica, sirgas2000, Medida};
use crate::utm::{meridiano_central, para_utm, zona_de, Utm};

/// Um vértice do memorial.
#[derive(Debug, Clone, PartialEq)]
pub struct Vertice {
    /// Código do vértice (`V-001`).
    pub codigo: String,
    /// Longitude, graus.
    pub lon: f64,
    /// Latitude, graus.
    pub lat: f64,
    /// O vértice em UTM, na zona do memorial.
    pub utm: Utm,
    /// A altitude, m, quando o arquivo lido a dá (o memorial do SIGEF).
    pub altitude_m: Option<f64>,
}

/// Um lado do perímetro, de um vértice ao seguinte.
#[derive(Debug, Clone, PartialEq)]
pub struct Lado {
    /// Índice do vértice de saída em [`Anel::vertices`].
    pub de: usize,
    /// Índice do vértice de chegada.
    pub ate: usize,
    /// Azimute geodésico na saída, graus (0 a 360).
    pub azimute_graus: f64,
    /// Distância geodésica, m.
    pub distancia_m: f64,
    /// O território do outro lado, quando se sabe ([`Memorial::com_confrontantes`]).
    pub confrontante: Option<String>,
}

/// Um anel do território (o perímetro de uma parte, ou um buraco dela).
#[derive(Debug, Clone, PartialEq)]
pub struct Anel {
    /// Parte (1 = a primeira) a que pertence.
    pub parte: usize,
    /// `true` para um anel interior (área excluída).
    pub interior: bool,
    /// Os vértices, sem repetir o primeiro no fim.
    pub vertices: Vec<Vertice>,
    /// Os lados, o último voltando ao primeiro vértice.
    pub lados: Vec<Lado>,
}

/// O memorial inteiro.
#[derive(Debug, Clone, PartialEq)]
pub struct Memorial {
    /// Zona UTM usada para todas as coordenadas planas.
    pub zona: u8,
    /// Os anéis, na ordem do arquivo.
    pub aneis: Vec<Anel>,
    /// Área e perímetro geodésicos.
    pub medida: Medida,
    /// Área em Albers-IBGE, m².
    pub area_albers_m2: f64,
    /// O território descrito.
    pub territorio: MultiPolygon<f64>,
}

/// Monta o memorial de um território. A zona UTM é a do centro do retângulo envolvente.
pub fn memorial(territorio: &MultiPolygon<f64>) -> Memorial {
    let (mut min_lon, mut max_lon) = (f64::INFINITY, f64::NEG_INFINITY);
    for coordenada in territorio.0.iter().flat_map(|p| p.exterior().0.iter()) {
        min_lon = min_lon.min(coordenada.x);
        max_lon = max_lon.max(coordenada.x);
    }
    let zona = zona_de((min_lon + max_lon) / 2.0);
    let mut numero = 0;
    let mut aneis = Vec::new();
    for (parte, poligono) in territorio.0.iter().enumerate() {
        let todos = std::iter::once((false, poligono.exterior()))
            .chain(poligono.interiors().iter().map(|a| (true, a)));
        for (interior, anel) in todos {
            divisa_recursos::conferir();
            aneis.push(descrever_anel(anel, parte + 1, interior, zona, &mut numero));
        }
    }
    Memorial {
        zona,
        aneis,
        medida: area_geodesica(territorio),
        area_albers_m2: crate::albers::area_albers_ibge(territorio),
        territorio: territorio.clone(),
    }
}

fn descrever_anel(
    anel: &LineString<f64>,
    parte: usize,
    interior: bool,
    zona: u8,
    numero: &mut usize,
) -> Anel {
    let mut pontos = anel.0.as_slice();
    if pontos.len() > 1 && pontos.first() == pontos.last() {
        pontos = &pontos[..pontos.len() - 1];
    }
    let vertices: Vec<Vertice> = pontos
        .iter()
        .map(|c| {
            *numero += 1;
            Vertice {
                codigo: format!("V-{:03}", *numero),
                lon: c.x,
                lat: c.y,
                utm: para_utm(c.x, c.y, Some(zona)),
                altitude_m: None,
            }
        })
        .collect();
    let lados = (0..vertices.len())
        .map(|i| {
            let j = (i + 1) % vertices.len();
            let (a, b) = (&vertices[i], &vertices[j]);
            let (distancia_m, azimute, _, _): (f64, f64, f64, f64) =
                sirgas2000().inverse(a.lat, a.lon, b.lat, b.lon);
            Lado {
                de: i,
                ate: j,
                azimute_graus: azimute.rem_euclid(360.0),
                distancia_m,
                confrontante: None,
            }
        })
        .collect();
    Anel {
        parte,
        interior,
        vertices,
        lados,
    }
}

fn metros(valor: f64) -> String {
    decimal(valor, 2)
}

fn gms_geo(graus: f64, lat: bool) -> String {
    gms_com_casas(graus, if lat { Eixo::Latitude } else { Eixo::Longitude }, 2)
}

impl Memorial {
    /// Dá aos vértices os códigos com que o arquivo os nomeou (o memorial do SIGEF:
    /// `ABCD-M-0001`), em vez de `V-001`…: `nomeados` vem de
    /// [`crate::leitura::territorio::Territorio::vertices_nomeados`], um anel por item, na ordem dos anéis.
    /// Um anel cujos nomes não são um por vértice fica numerado; os números gerados pulam os
    /// códigos que o arquivo já usa, para nenhum código valer por dois vértices.
    pub fn com_vertices_nomeados(
        mut self,
        nomeados: &[Vec<crate::leitura::territorio::VerticeNomeado>],
    ) -> Memorial {
        if nomeados.is_empty() {
            return self;
        }
        let mut nomeado = vec![false; self.aneis.len()];
        for ((anel, nomes), marca) in self.aneis.iter_mut().zip(nomeados).zip(&mut nomeado) {
            if nomes.len() == anel.vertices.len() {
                for (vertice, nome) in anel.vertices.iter_mut().zip(nomes) {
                    vertice.codigo = nome.codigo.clone();
                    vertice.altitude_m = nome.altitude_m;
                }
                *marca = true;
            }
        }
        let usados: std::collections::HashSet<String> = self
            .aneis
            .iter()
            .zip(&nomeado)
            .filter(|(_, marca)| **marca)
            .flat_map(|(anel, _)| anel.vertices.iter().map(|v| v.codigo.clone()))
            .collect();
        let mut numero = 0;
        for (anel, _) in self.aneis.iter_mut().zip(&nomeado).filter(|(_, m)| !**m) {
            for vertice in &mut anel.vertices {
                vertice.codigo = loop {
                    numero += 1;
                    let codigo = format!("V-{numero:03}");
                    if !usados.contains(&codigo) {
                        break codigo;
                    }
                };
            }
        }
        self
    }

    /// Anota o confrontante de cada lado (a saída de [`crate::confrontantes::confrontantes`],
    /// na mesma ordem de anéis e lados).
    pub fn com_confrontantes(mut self, confrontantes: Vec<Vec<Option<String>>>) -> Memorial {
        for (anel, nomes) in self.aneis.iter_mut().zip(confrontantes) {
            for (lado, nome) in anel.lados.iter_mut().zip(nomes) {
                lado.confrontante = nome;
            }
        }
        self
    }

    /// Os confrontantes distintos, na ordem em que aparecem.
    pub fn lista_de_confrontantes(&self) -> Vec<&str> {
        let mut nomes: Vec<&str> = Vec::new();
        for nome in self
            .aneis
            .iter()
            .flat_map(|a| &a.lados)
            .filter_map(|l| l.confrontante.as_deref())
        {
            if !nomes.contains(&nome) {
                nomes.push(nome);
            }
        }
        nomes
    }

    /// As divisas em texto corrido, no estilo das leis de criação (Art. 7º, II e IV): um trecho
    /// por confrontante, do primeiro ao último vértice do trecho. Os trechos que confrontam
    /// `origem` (o município de que a área sai) são linhas novas, descritas por linhas
    /// geodésicas entre os vértices; os outros seguem a divisa intermunicipal vigente.
    pub fn divisas(&self, titulo: &str, origem: Option<&str>) -> String {
        let mut saida = format!("DIVISAS — {titulo}\n");
        let partes = self.aneis.iter().filter(|a| !a.interior).count();
        for anel in &self.aneis {
            if anel.lados.is_empty() {
                continue;
            }
            if anel.interior {
                saida.push_str(&format!("\nParte {}, área excluída:\n", anel.parte));
            } else if partes > 1 {
                saida.push_str(&format!("\nParte {}:\n", anel.parte));
            }
            // Trechos: sequências de lados com o mesmo confrontante, começando onde ele muda
            // (para não partir um trecho no vértice inicial).
            let n = anel.lados.len();
            let inicio = (0..n)
                .find(|&i| anel.lados[i].confrontante != anel.lados[(i + n - 1) % n].confrontante)
                .unwrap_or(0);
            let mut trechos: Vec<(Option<&str>, usize, usize)> = Vec::new();
            for k in 0..n {
                let i = (inicio + k) % n;
                let confrontante = anel.lados[i].confrontante.as_deref();
                match trechos.last_mut() {
                    Some((c, _, fim)) if *c == confrontante => *fim = i,
                    _ => trechos.push((confrontante, i, i)),
                }
            }
            for (confrontante, primeiro, ultimo) in trechos {
                let (de, ate) = (
                    &anel.vertices[anel.lados[primeiro].de],
                    &anel.vertices[anel.lados[ultimo].ate],
                );
                let quantos = (ultimo + n - primeiro) % n + 1;
                let por = match confrontante {
                    Some(c) if Some(c) == origem => format!(
                        "Com o município de {c} (remanescente): do vértice {} segue por {quantos} linha{} geodésica{} pelos vértices intermediários até o vértice {}",
                        de.codigo,
                        if quantos == 1 { "" } else { "s" },
                        if quantos == 1 { "" } else { "s" },
                        ate.codigo
                    ),
                    Some(c) => format!("Com o município de {c}: do vértice {} segue pela divisa intermunicipal vigente até o vértice {}", de.codigo, ate.codigo),
                    None => format!("Com confrontante a identificar: do vértice {} segue até o vértice {}", de.codigo, ate.codigo),
                };
                saida.push_str(&format!(
                    "{por}, de coordenadas {} e {} (N {} m e E {} m, UTM {}S).\n",
                    gms_geo(ate.lat, true),
                    gms_geo(ate.lon, false),
                    metros(ate.utm.norte_m),
                    metros(ate.utm.leste_m),
                    self.zona
                ));
            }
        }
        saida
    }

    /// O memorial como dados (JSON): o mesmo conteúdo do [`Memorial::texto`] e das
    /// [`Memorial::divisas`], com os números sem arredondar (graus, m, m²) ao lado das formas
    /// escritas (GMS, como no texto), para a Cartografia conferir ou outro programa usar.
    ///
    /// É serializado direto para a saída (`serde_json::to_writer`), vértice a vértice: um
    /// território de um milhão de vértices não vira antes uma árvore de valores JSON na memória
    /// (eram 4,6 GB para um GeoJSON de 28 MB).
    pub fn dados<'a>(&'a self, titulo: &'a str, origem: Option<&'a str>) -> Dados<'a> {
        Dados {
            titulo,
            sistema_geodesico: "SIRGAS 2000 (EPSG:4674), elipsoide GRS80",
            zona_utm: format!("{}S", self.zona),
            meridiano_central_graus: meridiano_central(self.zona),
            area_geodesica_m2: self.medida.area_m2,
            area_albers_ibge_m2: self.area_albers_m2,
            area_sgl_m2: crate::sgl::area_sgl(&self.territorio),
            area_da_lei: "albers_ibge",
            perimetro_m: self.medida.perimetro_m,
            partes: self.aneis.iter().filter(|a| !a.interior).count(),
            origem,
            confrontantes: self.lista_de_confrontantes(),
            aneis: self.aneis.iter().map(AnelDados).collect(),
            divisas: self.divisas(titulo, origem),
            avisos_da_leitura: None,
        }
    }

    /// O memorial em texto, no estilo dos memoriais do SIGEF.
    pub fn texto(&self, titulo: &str) -> String {
        let mut saida = String::new();
        // escrever numa String não falha
        let _ = self.escrever_texto(titulo, &mut saida);
        saida
    }

    /// O memorial em texto, escrito em `saida` à medida que é montado (um memorial de um milhão
    /// de vértices tem 140 MB de texto: a linha de comando o escreve direto no arquivo).
    pub fn escrever_texto(
        &self,
        titulo: &str,
        saida: &mut impl std::fmt::Write,
    ) -> std::fmt::Result {
        write!(saida, "MEMORIAL DESCRITIVO — {titulo}\n\n")?;
        writeln!(
            saida,
            "Sistema geodésico de referência: SIRGAS 2000. Coordenadas planas na projeção UTM, zona {}S (meridiano central {}° O). Azimutes e distâncias geodésicos, calculados no elipsoide GRS80.",
            self.zona,
            meridiano_central(self.zona).abs()
        )?;
        let partes = self.aneis.iter().filter(|a| !a.interior).count();
        writeln!(
            saida,
            "Área geodésica (GRS80, arestas geodésicas): {} km² ({} m²); na projeção de Albers do IBGE, o método da área oficial dos municípios: {} km²; no sistema geodésico local do SIGEF (SGL, sem altitudes): {} km². A área que a lei compara (Art. 8º, § 2º) é medida pelo mesmo método da área do município: a oficial do IBGE, em Albers. Perímetro: {} m; {} parte{}.",
            decimal(self.medida.area_km2(), 4),
            metros(self.medida.area_m2),
            decimal(self.area_albers_m2 / 1e6, 4),
            decimal(crate::sgl::area_sgl(&self.territorio) / 1e6, 4),
            metros(self.medida.perimetro_m),
            partes,
            if partes == 1 {
                " contínua"
            } else {
                "s separadas"
            }
        )?;
        let nomes = self.lista_de_confrontantes();
        let sem_confrontante = self
            .aneis
            .iter()
            .flat_map(|a| &a.lados)
            .any(|l| l.confrontante.is_none());
        if nomes.is_empty() {
            saida.write_str("Confrontantes: não identificados (sem malha de vizinhos); a completar pela Cartografia.\n")?;
        } else {
            writeln!(
                saida,
                "Confrontantes (Malha Municipal 2022, IBGE): {}{}.",
                nomes.join(", "),
                if sem_confrontante {
                    "; lados sem confrontante na malha: divisa estadual ou área fora dela, a completar pela Cartografia"
                } else {
                    ""
                }
            )?;
        }
        for anel in &self.aneis {
            let cabecalho = if anel.interior {
                format!("\nParte {}, área excluída (anel interior):\n", anel.parte)
            } else if partes > 1 {
                format!("\nParte {}:\n", anel.parte)
            } else {
                "\n".to_owned()
            };
            saida.write_str(&cabecalho)?;
            let Some(primeiro) = anel.vertices.first() else {
                continue;
            };
            write!(
            saida,
                "Inicia-se a descrição deste perímetro no vértice {}, de coordenadas N {} m e E {} m ({}, {})",
                primeiro.codigo,
                metros(primeiro.utm.norte_m),
                metros(primeiro.utm.leste_m),
                gms_geo(primeiro.lat, true),
                gms_geo(primeiro.lon, false)
            )?;
            let mut anterior: Option<&str> = None;
            for (i, lado) in anel.lados.iter().enumerate() {
                divisa_recursos::conferir_a_cada(i, 4096);
                let chegada = &anel.vertices[lado.ate];
                // "segue confrontando com X" só quando o confrontante muda, como nos memoriais.
                let confronto = if lado.confrontante.as_deref() != anterior {
                    anterior = lado.confrontante.as_deref();
                    format!(
                        " confrontando com {},",
                        anterior.unwrap_or("confrontante não identificado")
                    )
                } else {
                    String::new()
                };
                if lado.ate == 0 {
                    writeln!(
            saida,
                        "; deste, segue{confronto} com azimute de {} e distância de {} m até o vértice {}, ponto inicial da descrição deste perímetro.",
                        azimute_gms(lado.azimute_graus),
                        metros(lado.distancia_m),
                        chegada.codigo
                    )?;
                } else {
                    write!(
            saida,
                        "; deste, segue{confronto} com azimute de {} e distância de {} m até o vértice {}, de coordenadas N {} m e E {} m",
                        azimute_gms(lado.azimute_graus),
                        metros(lado.distancia_m),
                        chegada.codigo,
                        metros(chegada.utm.norte_m),
                        metros(chegada.utm.leste_m)
                    )?;
                }
            }
        }
        Ok(())
    }
}

/// O memorial como dados, para serializar (ver [`Memorial::dados`]).
#[derive(serde::Serialize)]
pub struct Dados<'a> {
    titulo: &'a str,
    sistema_geodesico: &'static str,
    zona_utm: String,
    meridiano_central_graus: f64,
    area_geodesica_m2: f64,
    area_albers_ibge_m2: f64,
    area_sgl_m2: f64,
    area_da_lei: &'static str,
    perimetro_m: f64,
    partes: usize,
    origem: Option<&'a str>,
    confrontantes: Vec<&'a str>,
    aneis: Vec<AnelDados<'a>>,
    divisas: String,
    /// Os avisos da leitura do arquivo (azimute declarado que não bate, vértice repetido).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avisos_da_leitura: Option<&'a [String]>,
}

/// Um anel, serializado com os vértices e os lados gerados na hora.
struct AnelDados<'a>(&'a Anel);

impl serde::Serialize for AnelDados<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let anel = self.0;
        let mut m = s.serialize_struct("Anel", 4)?;
        m.serialize_field("parte", &anel.parte)?;
        m.serialize_field("interior", &anel.interior)?;
        m.serialize_field(
            "vertices",
            &Sequencia(&anel.vertices, |v: &Vertice| {
                serde_json::json!({
                    "codigo": v.codigo,
                    "longitude": v.lon,
                    "latitude": v.lat,
                    "longitude_gms": gms_geo(v.lon, false),
                    "latitude_gms": gms_geo(v.lat, true),
                    "leste_m": v.utm.leste_m,
                    "norte_m": v.utm.norte_m,
                    "altitude_m": v.altitude_m,
                })
            }),
        )?;
        m.serialize_field(
            "lados",
            &Sequencia(&anel.lados, |l: &Lado| {
                serde_json::json!({
                    "de": anel.vertices[l.de].codigo,
                    "ate": anel.vertices[l.ate].codigo,
                    "azimute_graus": l.azimute_graus,
                    "azimute_gms": azimute_gms(l.azimute_graus),
                    "distancia_m": l.distancia_m,
                    "confrontante": l.confrontante,
                })
            }),
        )?;
        m.end()
    }
}

/// Uma lista serializada item a item: cada item vira um valor pequeno, escrito e largado.
struct Sequencia<'a, T, F>(&'a [T], F);

impl<T, F: Fn(&T) -> serde_json::Value> serde::Serialize for Sequencia<'_, T, F> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for (i, item) in self.0.iter().enumerate() {
            divisa_recursos::conferir_a_cada(i, 4096);
            seq.serialize_element(&(self.1)(item))?;
        }
        seq.end()
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use geo_types::polygon;

    #[test]
    fn azimutes_dos_lados_de_um_quadrado() {
        let quadrado = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.99, y: -15.0), (x: -55.99, y: -14.99), (x: -56.0, y: -14.99)],
        ]);
        let m = memorial(&quadrado);
        assert_eq!(m.zona, 21);
        let lados = &m.aneis[0].lados;
        assert_eq!(lados.len(), 4);
        // Leste (≈ 90°), norte (0°), oeste (≈ 270°), sul (180°).
        assert!(
            (lados[0].azimute_graus - 90.0).abs() < 0.01,
            "{}",
            lados[0].azimute_graus
        );
        assert!(lados[1].azimute_graus < 1e-9 || lados[1].azimute_graus > 359.999_999);
        assert!((lados[2].azimute_graus - 270.0).abs() < 0.01);
        assert!((lados[3].azimute_graus - 180.0).abs() < 1e-9);
        // 0,01° de latitude a 15° S ≈ 1.106 m.
        assert!(
            (lados[1].distancia_m - 1106.0).abs() < 2.0,
            "{}",
            lados[1].distancia_m
        );
    }

    #[test]
    fn texto_no_estilo_do_sigef() {
        let quadrado = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.99, y: -15.0), (x: -55.99, y: -14.99), (x: -56.0, y: -14.99)],
        ]);
        let texto = memorial(&quadrado).texto("teste");
        assert!(
            texto.contains(
                "Inicia-se a descrição deste perímetro no vértice V-001, de coordenadas N 8.341."
            ),
            "{texto}"
        );
        assert!(
            texto.contains("segue com azimute de 0°00'00,00\""),
            "{texto}"
        );
        assert!(
            texto.contains("até o vértice V-001, ponto inicial da descrição deste perímetro."),
            "{texto}"
        );
        assert!(texto.contains("1 parte contínua"), "{texto}");
    }

    #[test]
    fn dados_tem_os_numeros_do_texto() {
        // Art. 5º: cada vértice identificado e cada lado com azimute e distância; os dados
        // trazem os mesmos números que o texto, sem arredondar.
        let quadrado = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.99, y: -15.0), (x: -55.99, y: -14.99), (x: -56.0, y: -14.99)],
        ]);
        let m = memorial(&quadrado).com_confrontantes(vec![vec![
            Some("Acorizal".into()),
            Some("Acorizal".into()),
            None,
            Some("Rosário Oeste".into()),
        ]]);
        let dados = serde_json::to_value(m.dados("teste", Some("Rosário Oeste"))).unwrap();
        assert_eq!(dados["zona_utm"], "21S");
        assert_eq!(dados["meridiano_central_graus"], -57.0);
        assert_eq!(dados["area_geodesica_m2"], m.medida.area_m2);
        let anel = &dados["aneis"][0];
        assert_eq!(anel["vertices"].as_array().unwrap().len(), 4);
        assert_eq!(anel["vertices"][2]["codigo"], "V-003");
        assert_eq!(anel["vertices"][2]["longitude"], -55.99);
        assert_eq!(
            anel["vertices"][2]["norte_m"],
            m.aneis[0].vertices[2].utm.norte_m
        );
        assert_eq!(anel["lados"][3]["de"], "V-004");
        assert_eq!(anel["lados"][3]["ate"], "V-001");
        assert_eq!(anel["lados"][3]["azimute_gms"], "180°00'00,00\"");
        assert_eq!(anel["lados"][2]["confrontante"], serde_json::Value::Null);
        assert_eq!(
            dados["confrontantes"],
            serde_json::json!(["Acorizal", "Rosário Oeste"])
        );
        assert!(dados["divisas"]
            .as_str()
            .unwrap()
            .contains("Com o município de Rosário Oeste (remanescente)"));
    }

    /// Issue 18: os códigos do arquivo (SIGEF) ficam; um anel sem nomes é numerado sem repetir
    /// um código que o arquivo já usa.
    #[test]
    fn codigos_do_arquivo_ficam_e_os_gerados_nao_colidem() {
        use crate::leitura::VerticeNomeado;
        let com_buraco = MultiPolygon(vec![geo_types::Polygon::new(
            LineString::from(vec![
                (-56.0, -15.0),
                (-55.9, -15.0),
                (-55.9, -14.9),
                (-56.0, -14.9),
                (-56.0, -15.0),
            ]),
            vec![LineString::from(vec![
                (-55.96, -14.96),
                (-55.94, -14.96),
                (-55.94, -14.94),
                (-55.96, -14.96),
            ])],
        )]);
        let nome = |c: &str| VerticeNomeado {
            codigo: c.to_owned(),
            altitude_m: Some(350.0),
        };
        // O exterior nomeado, com um código que o gerador também faria (V-002); o buraco com
        // nomes a menos (não batem): numerado, pulando V-002.
        let nomeados = vec![
            vec![
                nome("ABCD-M-0001"),
                nome("V-002"),
                nome("ABCD-M-0003"),
                nome("ABCD-M-0004"),
            ],
            vec![nome("X-1")],
        ];
        let m = memorial(&com_buraco).com_vertices_nomeados(&nomeados);
        let codigos: Vec<Vec<&str>> = m
            .aneis
            .iter()
            .map(|a| a.vertices.iter().map(|v| v.codigo.as_str()).collect())
            .collect();
        assert_eq!(
            codigos,
            [
                vec!["ABCD-M-0001", "V-002", "ABCD-M-0003", "ABCD-M-0004"],
                vec!["V-001", "V-003", "V-004"]
            ]
        );
        assert_eq!(m.aneis[0].vertices[0].altitude_m, Some(350.0));
        assert_eq!(m.aneis[1].vertices[0].altitude_m, None);
        let texto = m.texto("t");
        assert!(
            texto.contains("Inicia-se a descrição deste perímetro no vértice ABCD-M-0001"),
            "{texto}"
        );
        assert!(
            texto.contains("até o vértice ABCD-M-0001, ponto inicial"),
            "{texto}"
        );
        let dados = serde_json::to_value(m.dados("t", None)).unwrap();
        assert_eq!(dados["aneis"][0]["lados"][3]["de"], "ABCD-M-0004");
        assert_eq!(dados["aneis"][0]["vertices"][0]["altitude_m"], 350.0);
    }
}
