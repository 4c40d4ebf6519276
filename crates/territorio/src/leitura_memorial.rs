//! Leitura do memorial descritivo como os agrimensores o entregam.
//!
//! Formatos lidos:
//! - **SIGEF em texto** (Norma Técnica do INCRA, 3ª ed., 2013: vértices em coordenadas
//!   geográficas): "Inicia-se a descrição deste perímetro no vértice ABCD-M-0001, de coordenadas
//!   Longitude: -55°30'12,345", Latitude: -12°10'05,678" e Altitude: 350,12 m; deste, segue
//!   confrontando com …, com os seguintes azimute e distância: 123°45'10" e 456,78 m até o
//!   vértice …", com as variantes da prática: "Long"/"Lat", "de altitude", hemisfério em letra
//!   (W, O, S, N) no lugar do sinal, segundos com vírgula ou ponto, "º" ou "°", aspas e plicas
//!   tipográficas, latitude antes da longitude;
//! - **SIGEF em tabela** ("Descrição da Parcela", copiada do PDF): uma linha por vértice com
//!   código, longitude, latitude, altitude, vante, azimute, distância e confrontação;
//! - **graus decimais** ("Longitude: -55,503429 Latitude: -12,168244");
//! - **UTM** "N 8.654.321,12 m e E 612.345,67 m", com a zona ("zona 21S", "Fuso 21") ou o
//!   meridiano central ("MC-57°", "Meridiano Central: 57° WGr") no cabeçalho.
//!
//! O sistema geodésico é o SIRGAS 2000; um memorial em SAD 69 ou Córrego Alegre é recusado, com
//! o motivo. Texto estragado do jeito comum (OCR, cópia de PDF) se lê no que não deixa dúvida:
//! linha partida dentro de uma coordenada, letra O no lugar do zero no código do vértice,
//! espaços faltando. O resto é dito por linha ("linha 12: …"); nenhuma coordenada é adivinhada.
//!
//! As coordenadas dos vértices definem o polígono. Azimutes e distâncias declarados são
//! conferidos com os calculados, e também a área e o perímetro declarados: geodésicos (GRS80),
//! no sistema geodésico local do SIGEF (SGL, com as altitudes do memorial) e, para memoriais em
//! UTM, no plano da projeção. Um valor declarado que não bate com nenhum deles vira aviso, com o
//! lado e a linha — um erro de digitação num memorial é comum e a Cartografia precisa vê-lo.
//!
//! [`ler_memorial`] lê só território de Mato Grosso (é o que a avaliação usa);
//! [`ler_memorial_no_brasil`] mede um memorial em qualquer lugar do Brasil (zonas UTM 18 a 25,
//! ou coordenadas geográficas) e avisa quando ele fica fora de Mato Grosso.
//!
//! # Unidades
//! Graus (GMS ou decimais) ou metros (UTM, SIRGAS 2000) na entrada; graus decimais na saída.

mod cabecalho;
mod conferencia;
mod corrido;
mod lexico;
mod tabela;

use divisa_referencia::formato::decimal;
use geo_types::{Coord, LineString, MultiPolygon, Polygon};

use crate::leitura::{ErroLeitura, Territorio};
use crate::utm::{de_utm, zona_de, Utm};
use lexico::{Angulo, Dobrado, Hemisferio, Numero};

/// Como as linhas do memorial estão dispostas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Disposicao {
    /// Texto corrido ("Inicia-se a descrição deste perímetro no vértice …").
    Texto,
    /// Tabela, uma linha por vértice ("Descrição da Parcela" do SIGEF).
    Tabela,
}

/// Em que coordenadas os vértices vieram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Coordenadas {
    /// Geográficas (graus, minutos e segundos, ou graus decimais).
    Geograficas,
    /// UTM, na zona e hemisfério dados (`true` = sul).
    Utm {
        /// A zona.
        zona: u8,
        /// Hemisfério sul.
        sul: bool,
    },
    /// Uns vértices em geográficas, outros em UTM.
    Mistas,
}

/// Um memorial lido: o território e os avisos sobre o que o texto declara.
#[derive(Debug, Clone, PartialEq)]
pub struct MemorialLido {
    /// O território descrito.
    pub territorio: Territorio,
    /// Zona UTM usada; num memorial em coordenadas geográficas, a zona do centro do perímetro.
    pub zona: u8,
    /// Códigos dos vértices, na ordem (todos os anéis, um depois do outro).
    pub vertices: Vec<String>,
    /// Divergências entre o declarado (azimute, distância, área, perímetro) e o calculado das
    /// coordenadas, e o que a leitura notou sem impedir (código corrigido, sinal implícito,
    /// território fora de Mato Grosso).
    pub avisos: Vec<String>,
    /// Texto corrido ou tabela.
    pub disposicao: Disposicao,
    /// Em que coordenadas os vértices vieram.
    pub coordenadas: Coordenadas,
    /// A altitude de cada vértice (m), quando o memorial a diz; na ordem de [`Self::vertices`].
    pub altitudes: Vec<Option<f64>>,
    /// A área declarada no memorial, m².
    pub area_declarada_m2: Option<f64>,
    /// O perímetro declarado no memorial, m.
    pub perimetro_declarado_m: Option<f64>,
    /// A área no SGL do SIGEF, com as altitudes do memorial (sem elas, no elipsoide), m².
    pub area_sgl_m2: f64,
}

/// Onde o memorial pode estar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Abrangencia {
    /// Só Mato Grosso: o que cai fora é recusado.
    MatoGrosso,
    /// O Brasil inteiro: fora de Mato Grosso é aviso.
    Brasil,
}

/// Envelope do Brasil com folga (graus), ilhas oceânicas incluídas.
const LON_BRASIL: std::ops::RangeInclusive<f64> = -74.2..=-28.6;
const LAT_BRASIL: std::ops::RangeInclusive<f64> = -34.0..=5.5;
/// Ao norte disto o Brasil não tem latitude sul, e ao sul não tem latitude norte: uma latitude
/// sem sinal nem hemisfério além daqui só pode ser sul.
const LATITUDE_NORTE_MAXIMA: f64 = 5.3;
/// O maior número de problemas listados numa mensagem de erro.
const PROBLEMAS_MOSTRADOS: usize = 12;
/// O maior número de avisos de leitura (códigos corrigidos, altitudes ignoradas) listados um a um.
const AVISOS_DE_LEITURA_MOSTRADOS: usize = 50;

/// Um valor declarado no memorial (azimute em graus, distância em metros) e a metade da menor
/// unidade escrita (a tolerância do arredondamento).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Declarado {
    /// O valor.
    pub valor: f64,
    /// Metade da menor unidade escrita.
    pub meia_unidade: f64,
}

/// Coordenadas geográficas de um vértice, com a menor unidade escrita em metros.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Geo {
    pub lon: f64,
    pub lat: f64,
    pub unidade_m: f64,
}

/// Coordenadas UTM de um vértice, com a menor unidade escrita em metros.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Plano {
    pub leste: f64,
    pub norte: f64,
    pub unidade_m: f64,
}

/// Um vértice como veio no texto.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct VerticeBruto {
    pub codigo: String,
    pub linha: usize,
    pub geo: Option<Geo>,
    pub plano: Option<Plano>,
    pub altitude: Option<f64>,
    /// Azimute e distância declarados do lado que sai deste vértice.
    pub azimute: Option<Declarado>,
    pub distancia: Option<Declarado>,
    /// A linha em que o lado que sai deste vértice é descrito.
    pub linha_lado: usize,
}

/// Um anel como veio no texto.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct AnelBruto {
    pub vertices: Vec<VerticeBruto>,
    pub interior: bool,
    pub linha: usize,
    pub fechado: bool,
    /// Onde terminou no texto dobrado (tabelas).
    pub fim: usize,
}

/// O estado da leitura: o texto, os problemas (que impedem) e os avisos (que não impedem).
pub(crate) struct Contexto<'a> {
    texto: &'a Dobrado,
    ponto_decimal: bool,
    problemas: Vec<(usize, String)>,
    avisos: Vec<String>,
    /// A primeira linha com longitude sem sinal nem hemisfério (lida como oeste).
    lon_sem_sinal: Option<usize>,
    /// A primeira linha com latitude sem sinal nem hemisfério (lida como sul).
    lat_sem_sinal: Option<usize>,
    /// A ordem das colunas de uma tabela, pelo cabeçalho: latitude antes da longitude.
    latitude_primeiro: bool,
}

impl Contexto<'_> {
    fn problema(&mut self, linha: usize, mensagem: String) {
        self.problemas.push((linha, mensagem));
    }

    fn aviso_ocr(&mut self, linha: usize, como_veio: &str, codigo: &str) {
        self.avisos.push(format!(
            "linha {linha}: o código «{como_veio}» tem a letra O no lugar do zero; lido como {codigo}"
        ));
    }

    /// Monta um vértice com o que se achou nas suas coordenadas.
    fn vertice(
        &mut self,
        codigo: String,
        linha: usize,
        achados: &corrido::Achados,
    ) -> VerticeBruto {
        let mut v = VerticeBruto {
            codigo,
            linha,
            geo: None,
            plano: None,
            altitude: None,
            azimute: None,
            distancia: None,
            linha_lado: linha,
        };
        let mut com_falha = false;
        for f in &achados.falhas {
            com_falha = true;
            let l = self.texto.linha(f.inicio);
            self.problema(l, format!("vértice {}: {}", v.codigo, f.motivo));
        }
        // Geográficas com rótulo.
        match (achados.lon, achados.lat) {
            (Some(lon), Some(lat)) => v.geo = self.geo(&v.codigo, linha, lon, lat),
            (Some(_), None) | (None, Some(_)) if !com_falha => {
                let (tem, falta) = if achados.lon.is_some() {
                    ("longitude", "latitude")
                } else {
                    ("latitude", "longitude")
                };
                self.problema(
                    linha,
                    format!(
                        "vértice {}: tem {tem} mas não {falta}; esperava as duas, como \"Longitude: -55°30'12,345\", Latitude: -12°10'05,678\"\"",
                        v.codigo
                    ),
                );
                com_falha = true;
            }
            _ => {}
        }
        // Sem rótulo: um par de ângulos (GMS) ou de números (graus decimais ou UTM, na tabela).
        if v.geo.is_none() && achados.lon.is_none() && achados.lat.is_none() {
            if let [x, y, ..] = achados.soltos[..] {
                if x.com_grau || y.com_grau || x.hemisferio.is_some() || y.hemisferio.is_some() {
                    match self.par_sem_rotulo(x, y) {
                        Ok((lon, lat)) => v.geo = self.geo(&v.codigo, linha, lon, lat),
                        Err(m) => {
                            self.problema(linha, format!("vértice {}: {m}", v.codigo));
                            com_falha = true;
                        }
                    }
                } else if let (Some(nx), Some(ny)) = (x.numero, y.numero) {
                    match self.numeros_sem_rotulo(x, y, nx, ny) {
                        Ok(Par::Geo(lon, lat)) => v.geo = self.geo(&v.codigo, linha, lon, lat),
                        Ok(Par::Plano(p)) => v.plano = Some(p),
                        Err(m) => {
                            self.problema(linha, format!("vértice {}: {m}", v.codigo));
                            com_falha = true;
                        }
                    }
                }
            }
        }
        // UTM com rótulo.
        match (achados.norte, achados.leste) {
            (Some(n), Some(e)) => v.plano = Some(self.plano(n, e)),
            (Some(_), None) | (None, Some(_)) if !com_falha && v.geo.is_none() => {
                self.problema(
                    linha,
                    format!(
                        "vértice {}: tem só uma das coordenadas UTM; esperava as duas, como \"N 8.654.321,12 m e E 612.345,67 m\"",
                        v.codigo
                    ),
                );
                com_falha = true;
            }
            _ => {}
        }
        if let Some(n) = achados.altitude {
            let (h, _) = n.escolher(self.ponto_decimal);
            if (-500.0..=9_000.0).contains(&h) {
                v.altitude = Some(h);
            } else {
                self.avisos.push(format!(
                    "linha {linha}: vértice {}: altitude {} m fora do possível (−500 a 9.000 m); ignorada",
                    v.codigo,
                    decimal(h, 2)
                ));
            }
        }
        if v.geo.is_none() && v.plano.is_none() && !com_falha {
            self.problema(
                linha,
                format!(
                    "o vértice {} não tem coordenadas: esperava \"Longitude: -55°30'12,345\", Latitude: -12°10'05,678\"\" (ou em graus decimais) ou \"N 8.654.321,12 m e E 612.345,67 m\"",
                    v.codigo
                ),
            );
        }
        v
    }

    /// Longitude e latitude com sinal, pelo sinal ou pela letra do hemisfério.
    fn geo(&mut self, codigo: &str, linha: usize, lon: Angulo, lat: Angulo) -> Option<Geo> {
        let erro = |s: &mut Self, m: String| {
            s.problema(linha, format!("vértice {codigo}: {m}"));
            None
        };
        let lon_graus = match (lon.sinal, lon.hemisferio) {
            (_, Some(Hemisferio::Norte | Hemisferio::Sul)) => {
                return erro(
                    self,
                    "a longitude veio com hemisfério N ou S; esperava W (O) ou E (L)".to_owned(),
                )
            }
            (Some(true), Some(Hemisferio::Leste)) | (Some(false), Some(Hemisferio::Oeste)) => {
                return erro(
                    self,
                    "o sinal da longitude e a letra do hemisfério discordam".to_owned(),
                )
            }
            (_, Some(Hemisferio::Oeste)) => -lon.graus.abs(),
            (_, Some(Hemisferio::Leste)) => lon.graus.abs(),
            (Some(_), None) => lon.graus,
            (None, None) => {
                // Todo o Brasil fica a oeste de Greenwich.
                self.lon_sem_sinal.get_or_insert(linha);
                -lon.graus.abs()
            }
        };
        let lat_graus = match (lat.sinal, lat.hemisferio) {
            (_, Some(Hemisferio::Leste | Hemisferio::Oeste)) => {
                return erro(
                    self,
                    "a latitude veio com hemisfério W ou E; esperava S ou N".to_owned(),
                )
            }
            (Some(true), Some(Hemisferio::Norte)) | (Some(false), Some(Hemisferio::Sul)) => {
                return erro(
                    self,
                    "o sinal da latitude e a letra do hemisfério discordam".to_owned(),
                )
            }
            (_, Some(Hemisferio::Sul)) => -lat.graus.abs(),
            (_, Some(Hemisferio::Norte)) => lat.graus.abs(),
            (Some(_), None) => lat.graus,
            (None, None) if lat.graus.abs() > LATITUDE_NORTE_MAXIMA => {
                self.lat_sem_sinal.get_or_insert(linha);
                -lat.graus.abs()
            }
            (None, None) => {
                return erro(
                    self,
                    format!(
                        "a latitude {} não diz o hemisfério (sinal − ou a letra S ou N), e perto do equador o Brasil tem as duas",
                        decimal(lat.graus, 6)
                    ),
                )
            }
        };
        if lon_graus.abs() > 180.0 || lat_graus.abs() > 90.0 {
            return erro(
                self,
                format!(
                    "longitude {} e latitude {} não são coordenadas geográficas (até 180° e 90°)",
                    decimal(lon_graus, 6),
                    decimal(lat_graus, 6)
                ),
            );
        }
        let unidade_m = lon.unidade.max(lat.unidade) * 111_320.0;
        Some(Geo {
            lon: lon_graus,
            lat: lat_graus,
            unidade_m,
        })
    }

    /// Dois ângulos sem rótulo: qual é a longitude, pela letra do hemisfério, pelos valores (no
    /// Brasil, longitudes de 28° a 74°, latitudes até 34°) ou pelo cabeçalho da tabela.
    fn par_sem_rotulo(&self, x: Angulo, y: Angulo) -> Result<(Angulo, Angulo), String> {
        let eh_lon =
            |a: &Angulo| matches!(a.hemisferio, Some(Hemisferio::Leste | Hemisferio::Oeste));
        let eh_lat = |a: &Angulo| matches!(a.hemisferio, Some(Hemisferio::Norte | Hemisferio::Sul));
        if eh_lon(&x) || eh_lat(&y) {
            return Ok((x, y));
        }
        if eh_lat(&x) || eh_lon(&y) {
            return Ok((y, x));
        }
        let lon_ok = |a: &Angulo| (28.5..=74.5).contains(&a.graus.abs());
        let lat_ok = |a: &Angulo| a.graus.abs() <= 34.0;
        match (lon_ok(&x) && lat_ok(&y), lon_ok(&y) && lat_ok(&x)) {
            (true, false) => Ok((x, y)),
            (false, true) => Ok((y, x)),
            (true, true) if self.latitude_primeiro => Ok((y, x)),
            (true, true) => Ok((x, y)),
            (false, false) => Ok((x, y)),
        }
    }

    /// Dois números sem rótulo (tabela): graus decimais ou UTM, pelos valores.
    fn numeros_sem_rotulo(
        &self,
        x: Angulo,
        y: Angulo,
        nx: Numero,
        ny: Numero,
    ) -> Result<Par, String> {
        let eh_norte = |v: f64| (6_000_000.0..=10_000_000.0).contains(&v);
        let eh_leste = |v: f64| (100_000.0..=900_000.0).contains(&v);
        for (a, b) in [(nx, ny), (ny, nx)] {
            for (va, ca) in a.leituras(self.ponto_decimal) {
                for (vb, cb) in b.leituras(self.ponto_decimal) {
                    if eh_norte(va) && eh_leste(vb) {
                        return Ok(Par::Plano(Plano {
                            leste: vb,
                            norte: va,
                            unidade_m: 10f64.powi(-(ca.min(cb) as i32)),
                        }));
                    }
                }
            }
        }
        if x.graus.abs() <= 180.0 && y.graus.abs() <= 180.0 && (nx.casas > 0 || ny.casas > 0) {
            let (lon, lat) = self.par_sem_rotulo(x, y)?;
            return Ok(Par::Geo(lon, lat));
        }
        Err(format!(
            "{} e {} não são nem graus decimais nem coordenadas UTM (N de 6.000.000 a 10.000.000 m, E de 100.000 a 900.000 m)",
            decimal(nx.valor, nx.casas as usize),
            decimal(ny.valor, ny.casas as usize)
        ))
    }

    /// N e E com rótulo: a leitura de cada número que cabe nas faixas da UTM.
    fn plano(&self, n: Numero, e: Numero) -> Plano {
        let escolher = |x: Numero, faixa: std::ops::RangeInclusive<f64>| {
            x.leituras(self.ponto_decimal)
                .into_iter()
                .find(|(v, _)| faixa.contains(v))
                .unwrap_or_else(|| x.escolher(self.ponto_decimal))
        };
        let (norte, cn) = escolher(n, 0.0..=10_000_000.0);
        let (leste, ce) = escolher(e, 100_000.0..=900_000.0);
        Plano {
            leste,
            norte,
            unidade_m: 10f64.powi(-(cn.min(ce) as i32)),
        }
    }
}

enum Par {
    Geo(Angulo, Angulo),
    Plano(Plano),
}

/// Lê um memorial descritivo em texto (UTF-8) de território de Mato Grosso: o que cai fora do
/// estado é recusado, dizendo o vértice (e, em UTM, a zona que o traria de volta).
///
/// ```
/// use divisa_territorio::leitura_memorial::ler_memorial;
/// let texto = "Zona 21S. Inicia-se no vértice A, de coordenadas N 8.275.000,00 m e E 596.000,00 m; \
///     deste, segue até o vértice B, de coordenadas N 8.275.000,00 m e E 597.000,00 m; \
///     deste, segue até o vértice C, de coordenadas N 8.276.000,00 m e E 597.000,00 m; \
///     deste, segue até o vértice A, ponto inicial da descrição deste perímetro.";
/// let lido = ler_memorial("m.txt", texto.as_bytes()).unwrap();
/// assert_eq!(lido.vertices, ["A", "B", "C"]);
/// ```
pub fn ler_memorial(arquivo: &str, bytes: &[u8]) -> Result<MemorialLido, ErroLeitura> {
    ler(arquivo, bytes, Abrangencia::MatoGrosso)
}

/// Lê um memorial descritivo de qualquer lugar do Brasil (UTM nas zonas 18 a 25, ou
/// coordenadas geográficas): mede, e avisa quando o perímetro fica fora de Mato Grosso.
///
/// ```
/// use divisa_territorio::leitura_memorial::ler_memorial_no_brasil;
/// // Um lote em Goiânia (GO), em graus decimais.
/// let texto = "SIRGAS 2000. Inicia-se no vértice P-01, de coordenadas Longitude: -49,2500 Latitude: -16,6800; \
///     segue até o vértice P-02, de coordenadas Longitude: -49,2490 Latitude: -16,6800; \
///     segue até o vértice P-03, de coordenadas Longitude: -49,2490 Latitude: -16,6790; \
///     segue até o vértice P-01, ponto inicial.";
/// let lido = ler_memorial_no_brasil("m.txt", texto.as_bytes()).unwrap();
/// assert!(lido.avisos[0].contains("fora de Mato Grosso"), "{:?}", lido.avisos);
/// ```
pub fn ler_memorial_no_brasil(arquivo: &str, bytes: &[u8]) -> Result<MemorialLido, ErroLeitura> {
    ler(arquivo, bytes, Abrangencia::Brasil)
}

fn ler(arquivo: &str, bytes: &[u8], abrangencia: Abrangencia) -> Result<MemorialLido, ErroLeitura> {
    let forma = |onde: String, mensagem: String| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde,
        mensagem,
    };
    let texto = std::str::from_utf8(bytes).map_err(|e| {
        let linha = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        forma(
            format!("linha {linha}"),
            "o memorial não é texto UTF-8".to_owned(),
        )
    })?;
    let dobrado = Dobrado::novo(texto);
    let ponto_decimal = cabecalho::ponto_decimal(&dobrado.b);
    let mut avisos_iniciais = Vec::new();

    // O sistema geodésico: SAD 69 e Córrego Alegre são recusados.
    let sistemas = cabecalho::sistemas(&dobrado);
    let antigo = match (sistemas.sad69, sistemas.corrego_alegre) {
        (Some(l), _) => Some((l, "SAD 69 (South American Datum 1969)")),
        (None, Some(l)) => Some((l, "Córrego Alegre")),
        (None, None) => None,
    };
    match (antigo, sistemas.sirgas) {
        (Some((linha, nome)), None) => {
            return Err(forma(
                format!("linha {linha}"),
                format!("o memorial está no sistema geodésico {nome}: o divisa lê coordenadas no SIRGAS 2000, e a diferença entre os dois passa de 60 m em Mato Grosso. Converta as coordenadas para o SIRGAS 2000 (o ProGriD do IBGE faz a conversão) e leia de novo"),
            ));
        }
        (Some((linha, nome)), Some(l_sirgas)) => avisos_iniciais.push(format!(
            "o memorial cita o {nome} (linha {linha}) e o SIRGAS 2000 (linha {l_sirgas}): as coordenadas foram lidas como SIRGAS 2000; confira que são as convertidas"
        )),
        (None, None) => match sistemas.wgs84 {
            Some(linha) => avisos_iniciais.push(format!(
                "o memorial diz WGS 84 (linha {linha}): lido como SIRGAS 2000, de que o WGS 84 difere menos de 1 m"
            )),
            None => avisos_iniciais.push(
                "o memorial não diz o sistema geodésico: lido como SIRGAS 2000".to_owned(),
            ),
        },
        (None, Some(_)) => {}
    }

    let mut ctx = Contexto {
        texto: &dobrado,
        ponto_decimal,
        problemas: Vec::new(),
        avisos: Vec::new(),
        lon_sem_sinal: None,
        lat_sem_sinal: None,
        latitude_primeiro: false,
    };
    let mut disposicao = Disposicao::Texto;
    let mut aneis = corrido::ler(&mut ctx);
    if aneis.is_empty() && ctx.problemas.is_empty() {
        ctx.avisos.clear();
        disposicao = Disposicao::Tabela;
        aneis = tabela::ler(&mut ctx);
    }
    let todos = || aneis.iter().flat_map(|a| a.vertices.iter());
    let com_geo = todos().filter(|v| v.geo.is_some()).count();
    let com_plano = todos().filter(|v| v.plano.is_some()).count();
    let total = todos().count();

    // Geográficas ou UTM: as que todos os vértices têm; com as duas, a mais fina (o centímetro
    // da UTM contra o milésimo de segundo, 3 cm).
    let primeiro = todos().next();
    let usar_geo = match (
        com_geo == total && total > 0,
        com_plano == total && total > 0,
    ) {
        (true, true) => {
            let (g, p) = primeiro
                .map(|v| {
                    (
                        v.geo.map_or(f64::INFINITY, |g| g.unidade_m),
                        v.plano.map_or(f64::INFINITY, |p| p.unidade_m),
                    )
                })
                .unwrap_or((0.0, 1.0));
            g <= p
        }
        (true, false) => true,
        (false, true) => false,
        (false, false) => com_geo >= com_plano,
    };
    let precisa_de_zona = todos().any(|v| v.plano.is_some() && (!usar_geo || v.geo.is_none()));

    // A zona UTM.
    let zonas_validas = match abrangencia {
        Abrangencia::MatoGrosso => 20..=22,
        Abrangencia::Brasil => 18..=25,
    };
    let mut zona_sul: Option<(u8, Option<bool>)> = None;
    // O meridiano central dito, quando discorda da zona dita (para a dica de zona trocada).
    let mut zona_do_meridiano: Option<u8> = None;
    if precisa_de_zona {
        let zonas = cabecalho::zonas(&dobrado);
        // As ditas por "zona", "fuso", "UTM" ou EPSG valem sobre o meridiano central; os
        // números depois de "zona" que não são zonas do Brasil ("zona 3 do plano diretor")
        // saem, se sobrar alguma que é.
        let distintas = |por_meridiano: bool| {
            let mut ditas: Vec<&cabecalho::ZonaDita> = Vec::new();
            for z in zonas
                .ditas
                .iter()
                .filter(|z| z.por_meridiano == por_meridiano)
            {
                if !ditas.iter().any(|d| d.zona == z.zona) {
                    ditas.push(z);
                }
            }
            if ditas.iter().any(|d| (18..=25).contains(&d.zona)) {
                ditas.retain(|d| (18..=25).contains(&d.zona));
            }
            ditas
        };
        let (explicitas, por_meridiano) = (distintas(false), distintas(true));
        if let [zona_dita] = explicitas.as_slice() {
            for m in por_meridiano.iter().filter(|m| m.zona != zona_dita.zona) {
                zona_do_meridiano.get_or_insert(m.zona);
                avisos_iniciais.push(format!(
                    "o memorial diz a zona {} (linha {}) e o {} (linha {}), que é o da zona {}: usada a zona {}; confira",
                    zona_dita.zona, zona_dita.linha, m.como, m.linha, m.zona, zona_dita.zona
                ));
            }
        }
        let ditas = if explicitas.is_empty() {
            por_meridiano
        } else {
            explicitas
        };
        match ditas.as_slice() {
            [] => {
                if let Some(&(meridiano, linha)) = zonas.meridianos_sem_zona.first() {
                    return Err(forma(
                        format!("linha {linha}"),
                        format!("meridiano central {}° {} não é o de uma zona UTM (os do Brasil vão de 75° O, zona 18, a 33° O, zona 25, de 6 em 6 graus): o divisa lê UTM de fusos de 6°", decimal(meridiano.abs(), 2).trim_end_matches(",00"), if meridiano < 0.0 { "O" } else { "L" }),
                    ));
                }
                return Err(forma(
                    "cabeçalho".to_owned(),
                    match abrangencia {
                        Abrangencia::MatoGrosso => "não diz a zona UTM: escreva \"zona 21S\" ou \"meridiano central -57°\" (MT usa as zonas 20, 21 e 22)".to_owned(),
                        Abrangencia::Brasil => "não diz a zona UTM: escreva \"zona 21S\" ou \"meridiano central -57°\" (o Brasil usa as zonas 18 a 25)".to_owned(),
                    },
                ));
            }
            [uma] => {
                if !zonas_validas.contains(&uma.zona) {
                    return Err(forma(
                        format!("linha {}", uma.linha),
                        match abrangencia {
                            Abrangencia::MatoGrosso => format!(
                                "zona UTM {}: Mato Grosso está nas zonas 20, 21 e 22",
                                uma.zona
                            ),
                            Abrangencia::Brasil => {
                                format!("zona UTM {}: o Brasil está nas zonas 18 a 25", uma.zona)
                            }
                        },
                    ));
                }
                let sul = zonas
                    .ditas
                    .iter()
                    .filter(|d| d.zona == uma.zona)
                    .find_map(|d| d.sul);
                zona_sul = Some((uma.zona, sul));
            }
            varias => {
                let lista: Vec<String> = varias
                    .iter()
                    .map(|d| format!("{} (linha {}, «{}»)", d.zona, d.linha, d.como))
                    .collect();
                return Err(forma(
                    format!("linha {}", varias[1].linha),
                    format!(
                        "o memorial diz mais de uma zona UTM: {}; esperava uma só",
                        lista.join(" e ")
                    ),
                ));
            }
        }
    }

    // Os problemas de leitura, por linha.
    if !ctx.problemas.is_empty() {
        let mut problemas = std::mem::take(&mut ctx.problemas);
        problemas.sort_by_key(|(l, _)| *l);
        problemas.dedup();
        let (primeira, _) = problemas[0];
        let mut partes: Vec<String> = problemas
            .iter()
            .take(PROBLEMAS_MOSTRADOS)
            .enumerate()
            .map(|(i, (l, m))| {
                if i == 0 {
                    m.clone()
                } else {
                    format!("linha {l}: {m}")
                }
            })
            .collect();
        if problemas.len() > PROBLEMAS_MOSTRADOS {
            partes.push(format!(
                "e mais {}",
                divisa_referencia::formato::plural(
                    (problemas.len() - PROBLEMAS_MOSTRADOS) as u64,
                    "problema",
                    "problemas"
                )
            ));
        }
        return Err(forma(format!("linha {primeira}"), partes.join("; ")));
    }
    if total == 0 {
        return Err(forma(
            "texto".to_owned(),
            "nenhum vértice com coordenadas: esperava o texto do memorial (\"Inicia-se a descrição deste perímetro no vértice ABCD-M-0001, de coordenadas Longitude: -55°30'12,345\", Latitude: -12°10'05,678\" …\" ou \"… de coordenadas N 8.654.321,12 m e E 612.345,67 m …\") ou a tabela do SIGEF (uma linha por vértice: código, longitude, latitude, altitude, vante, azimute, distância)".to_owned(),
        ));
    }
    for anel in &aneis {
        if anel.vertices.len() < 3 {
            return Err(forma(
                if aneis.len() == 1 {
                    "texto".to_owned()
                } else {
                    format!("linha {}", anel.linha)
                },
                format!(
                    "{} com coordenadas: um perímetro precisa de pelo menos 3",
                    divisa_referencia::formato::plural(
                        anel.vertices.len() as u64,
                        "vértice",
                        "vértices"
                    )
                ),
            ));
        }
        if !anel.fechado {
            let c = &anel.vertices[0].codigo;
            return Err(forma(
                "fim".to_owned(),
                format!("o perímetro não volta ao vértice inicial {c} (\"até o vértice {c}, ponto inicial da descrição\")"),
            ));
        }
    }
    if aneis[0].interior {
        return Err(forma(
            format!("linha {}", aneis[0].linha),
            "o primeiro perímetro do memorial é uma área excluída: esperava antes o perímetro que a contém".to_owned(),
        ));
    }
    if let Some(l) = ctx.lon_sem_sinal {
        ctx.avisos.push(format!("linha {l}: longitudes sem sinal nem hemisfério, lidas como oeste (todo o Brasil fica a oeste de Greenwich)"));
    }
    if let Some(l) = ctx.lat_sem_sinal {
        ctx.avisos.push(format!("linha {l}: latitudes sem sinal nem hemisfério, lidas como sul (passando de 5,3° o Brasil só tem latitude sul)"));
    }

    // As coordenadas em graus.
    let (zona, sul_dito) = zona_sul.unwrap_or((0, None));
    let mut pontos: Vec<Vec<Coord<f64>>> = Vec::with_capacity(aneis.len());
    let mut usou_plano = false;
    let mut usou_geo = false;
    let mut sul_usado = true;
    for anel in &aneis {
        let mut lista = Vec::with_capacity(anel.vertices.len());
        for v in &anel.vertices {
            let c = match (v.geo, v.plano) {
                (Some(g), None) => {
                    usou_geo = true;
                    Coord { x: g.lon, y: g.lat }
                }
                (Some(g), Some(_)) if usar_geo => {
                    usou_geo = true;
                    Coord { x: g.lon, y: g.lat }
                }
                (_, Some(p)) => {
                    usou_plano = true;
                    let sul = sul_dito.unwrap_or(p.norte >= 1_000_000.0);
                    sul_usado = sul;
                    let faixa_ok = match abrangencia {
                        Abrangencia::MatoGrosso => {
                            (7_000_000.0..=10_000_000.0).contains(&p.norte)
                                && (100_000.0..=900_000.0).contains(&p.leste)
                        }
                        Abrangencia::Brasil => {
                            (if sul {
                                6_000_000.0..=10_000_000.0
                            } else {
                                0.0..=700_000.0
                            })
                            .contains(&p.norte)
                                && (100_000.0..=900_000.0).contains(&p.leste)
                        }
                    };
                    if !faixa_ok {
                        return Err(forma(
                            format!("linha {}", v.linha),
                            match abrangencia {
                                Abrangencia::MatoGrosso => format!("vértice {}: N {} m e E {} m não são coordenadas UTM sul de Mato Grosso (N entre 7.900.000 e 9.250.000; E entre 100.000 e 900.000)", v.codigo, decimal(p.norte, 2), decimal(p.leste, 2)),
                                Abrangencia::Brasil => format!("vértice {}: N {} m e E {} m não são coordenadas UTM do Brasil (no hemisfério sul, N entre 6.000.000 e 10.000.000; no norte, até 700.000; E entre 100.000 e 900.000)", v.codigo, decimal(p.norte, 2), decimal(p.leste, 2)),
                            },
                        ));
                    }
                    let (x, y) = de_utm(&Utm {
                        zona,
                        sul,
                        leste_m: p.leste,
                        norte_m: p.norte,
                    });
                    Coord { x, y }
                }
                (None, None) => {
                    return Err(forma(
                        format!("linha {}", v.linha),
                        format!("o vértice {} não tem coordenadas", v.codigo),
                    ))
                }
            };
            lista.push(c);
        }
        pontos.push(lista);
    }
    let coordenadas = match (usou_geo, usou_plano) {
        (true, true) => Coordenadas::Mistas,
        (false, true) => Coordenadas::Utm {
            zona,
            sul: sul_usado,
        },
        _ => Coordenadas::Geograficas,
    };
    let vertices_lidos: Vec<&VerticeBruto> = aneis.iter().flat_map(|a| &a.vertices).collect();
    let planos_todos: Vec<Option<Plano>> = vertices_lidos.iter().map(|v| v.plano).collect();
    let todos_pontos: Vec<Coord<f64>> = pontos.iter().flatten().copied().collect();

    // Onde cai: fora de Mato Grosso (recusado ou aviso), fora do Brasil (recusado).
    let em_graus = |z: u8, sul: bool, p: &Plano| {
        let (x, y) = de_utm(&Utm {
            zona: z,
            sul,
            leste_m: p.leste,
            norte_m: p.norte,
        });
        Coord { x, y }
    };
    let zonas_que_trazem_a_mt = |de: std::ops::RangeInclusive<u8>| -> Vec<String> {
        if !usou_plano {
            return Vec::new();
        }
        de.filter(|&z| z != zona)
            .filter(|&z| {
                planos_todos
                    .iter()
                    .flatten()
                    .all(|p| crate::leitura::em_mato_grosso(&em_graus(z, true, p)))
            })
            .map(|z| format!("{z}S"))
            .collect()
    };
    let mut aviso_fora_de_mt = None;
    if let Some(i) = todos_pontos
        .iter()
        .position(|c| !crate::leitura::em_mato_grosso(c))
    {
        let v = vertices_lidos[i];
        let c = todos_pontos[i];
        let fora_do_brasil = !(LON_BRASIL.contains(&c.x) && LAT_BRASIL.contains(&c.y));
        let outras = zonas_que_trazem_a_mt(20..=22);
        let meridiano = zona_do_meridiano
            .filter(|z| outras.contains(&format!("{z}S")))
            .map(|z| format!("; o meridiano central do memorial é o da zona {z}S"))
            .unwrap_or_default();
        let dica = match outras.as_slice() {
            [] => String::new(),
            [uma] => {
                format!(" (com a zona {uma}, o perímetro inteiro cai em Mato Grosso{meridiano})")
            }
            varias => format!(
                " (com as zonas {}, o perímetro inteiro cai em Mato Grosso{meridiano})",
                varias.join(" ou ")
            ),
        };
        let usou_plano_aqui = v.plano.is_some() && !(usar_geo && v.geo.is_some());
        match abrangencia {
            Abrangencia::MatoGrosso => {
                return Err(forma(
                    format!("linha {}", v.linha),
                    if usou_plano_aqui {
                        format!(
                            "vértice {}: com a zona {zona}S do memorial, cai em latitude {} e longitude {}, fora de Mato Grosso; confira a zona{dica}",
                            v.codigo,
                            decimal(c.y, 6),
                            decimal(c.x, 6),
                        )
                    } else {
                        format!(
                            "vértice {}: latitude {} e longitude {} ficam fora de Mato Grosso (longitude −62 a −50, latitude −18,5 a −7)",
                            v.codigo,
                            decimal(c.y, 6),
                            decimal(c.x, 6),
                        )
                    },
                ));
            }
            Abrangencia::Brasil if fora_do_brasil => {
                return Err(forma(
                    format!("linha {}", v.linha),
                    format!(
                        "vértice {}: latitude {} e longitude {} ficam fora do Brasil{}",
                        v.codigo,
                        decimal(c.y, 6),
                        decimal(c.x, 6),
                        if usou_plano_aqui {
                            format!("; confira a zona UTM ({zona}){dica}")
                        } else {
                            "; confira o sinal e a ordem de latitude e longitude".to_owned()
                        }
                    ),
                ));
            }
            Abrangencia::Brasil => {
                aviso_fora_de_mt = Some(format!(
                    "fora de Mato Grosso: o vértice {} (linha {}) fica em latitude {} e longitude {}, fora do estado; o memorial foi medido, mas a lei que o divisa aplica é a de Mato Grosso{}",
                    v.codigo,
                    v.linha,
                    decimal(c.y, 6),
                    decimal(c.x, 6),
                    if usou_plano_aqui && !dica.is_empty() {
                        format!(" — confira a zona UTM{dica}")
                    } else {
                        String::new()
                    }
                ));
            }
        }
    } else if abrangencia == Abrangencia::Brasil {
        if let Some(i) = conferencia::fora_da_malha(&todos_pontos) {
            let v = vertices_lidos[i];
            aviso_fora_de_mt = Some(format!(
                "fora de Mato Grosso: o vértice {} (linha {}) fica em latitude {} e longitude {}, fora dos municípios de Mato Grosso pela Malha Municipal 2022 do IBGE; o memorial foi medido, mas a lei que o divisa aplica é a de Mato Grosso",
                v.codigo,
                v.linha,
                decimal(todos_pontos[i].y, 6),
                decimal(todos_pontos[i].x, 6),
            ));
        }
    }

    // Com geográficas e UTM no mesmo vértice, as duas têm de ser o mesmo ponto.
    let mut avisos: Vec<String> = aviso_fora_de_mt.into_iter().collect();
    avisos.extend(avisos_iniciais);
    if ctx.avisos.len() > AVISOS_DE_LEITURA_MOSTRADOS {
        let demais = ctx.avisos.len() - AVISOS_DE_LEITURA_MOSTRADOS;
        ctx.avisos.truncate(AVISOS_DE_LEITURA_MOSTRADOS);
        ctx.avisos.push(format!(
            "e mais {}",
            divisa_referencia::formato::plural(
                demais as u64,
                "aviso de leitura",
                "avisos de leitura"
            )
        ));
    }
    avisos.append(&mut ctx.avisos);
    if zona != 0 {
        avisos.extend(conferencia::geo_e_plano(
            &vertices_lidos,
            zona,
            sul_usado,
            zonas_validas,
        ));
    }

    // O território.
    let mut poligonos: Vec<Polygon<f64>> = Vec::new();
    for (anel, lista) in aneis.iter().zip(&pontos) {
        let mut fechado = lista.clone();
        fechado.push(lista[0]);
        if anel.interior {
            if let Some(ultimo) = poligonos.last_mut() {
                ultimo.interiors_push(LineString(fechado));
            }
        } else {
            poligonos.push(Polygon::new(LineString(fechado), vec![]));
        }
    }
    let multipoligono = MultiPolygon(poligonos);

    // As conferências: lados, área, perímetro.
    let conferido = conferencia::conferir(
        &aneis,
        &pontos,
        &multipoligono,
        usou_plano && !usou_geo,
        &cabecalho::area(&dobrado, ponto_decimal),
        &cabecalho::perimetro(&dobrado, ponto_decimal),
    );
    avisos.extend(conferido.avisos);

    let zona_usada = if zona != 0 {
        zona
    } else {
        let (min, max) = todos_pontos
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), c| {
                (a.min(c.x), b.max(c.x))
            });
        zona_de((min + max) / 2.0)
    };
    Ok(MemorialLido {
        territorio: Territorio {
            arquivo: arquivo.to_owned(),
            poligonos: multipoligono,
            avisos: avisos.clone(),
            utm: match coordenadas {
                Coordenadas::Utm { zona, sul } => Some((zona, sul)),
                _ => None,
            },
            vertices_nomeados: aneis
                .iter()
                .map(|anel| {
                    anel.vertices
                        .iter()
                        .map(|v| crate::leitura::VerticeNomeado {
                            codigo: v.codigo.clone(),
                            altitude_m: v.altitude,
                        })
                        .collect()
                })
                .collect(),
        },
        zona: zona_usada,
        vertices: vertices_lidos.iter().map(|v| v.codigo.clone()).collect(),
        avisos,
        disposicao,
        coordenadas,
        altitudes: vertices_lidos.iter().map(|v| v.altitude).collect(),
        area_declarada_m2: conferido.area_declarada_m2,
        perimetro_declarado_m: conferido.perimetro_declarado_m,
        area_sgl_m2: conferido.area_sgl_m2,
    })
}

/// As posições (em bytes, no próprio `texto`) em que `agulha`, escrita em minúsculas, aparece
/// sem diferença de maiúsculas. Era a busca da leitura antiga; fica para o teste que a guarda
/// de caracteres que mudam de tamanho ao passar para minúsculas.
#[cfg(test)]
fn sem_caixa(texto: &str, agulha: &str) -> Vec<usize> {
    let mut posicoes = Vec::new();
    for (i, _) in texto.char_indices() {
        let mut t = texto[i..].chars();
        let casa = agulha.chars().all(|a| {
            t.next().is_some_and(|c| {
                let mut m = c.to_lowercase();
                m.next() == Some(a) && m.next().is_none()
            })
        });
        if casa {
            posicoes.push(i);
        }
    }
    posicoes
}

#[cfg(test)]
mod testes_de_caixa {
    use super::*;

    /// O minúsculo do sinal de Kelvin (U+212A, 3 bytes) é o "k" (1 byte): uma posição do
    /// minúsculo cortava o original no meio de um caractere (pânico).
    #[test]
    fn kelvin_e_i_turco_nao_quebram_a_leitura() {
        for prefixo in ["\u{212A}\u{212A}\u{212A} ", "İİİİ ", "ẞ "] {
            let texto = format!("{prefixo}Inicia-se no VÉRTICE V-001, de coordenadas N 8.200.000,00 m e E 500.000,00 m, zona 22S");
            let _ = ler_memorial("m.txt", texto.as_bytes());
            assert_eq!(sem_caixa(&texto, "vértice ").len(), 1, "{prefixo}");
            let p = sem_caixa(&texto, "vértice ")[0];
            assert!(texto.is_char_boundary(p));
            assert!(texto[p..].starts_with("VÉRTICE "));
        }
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::memorial::memorial;
    use geo_types::polygon;

    /// Issue 14: um memorial inteiro com sinais que mudam de tamanho ao passar para minúsculas
    /// (o K de Kelvin, o İ turco) antes e entre os vértices é lido com os mesmos vértices do
    /// original — nada some, nada se desloca.
    #[test]
    fn kelvin_e_i_turco_no_memorial_dao_os_mesmos_vertices() {
        let original = MultiPolygon(vec![
            polygon![(x: -56.10, y: -15.60), (x: -56.09, y: -15.60), (x: -56.09, y: -15.59), (x: -56.10, y: -15.59)],
        ]);
        let texto = memorial(&original).texto("teste");
        let lido = ler_memorial("m.txt", texto.as_bytes()).expect("o original");
        for estragado in [
            format!("\u{212A}\u{212A} İİİ\n{texto}"),
            texto.replace("; deste,", "; İİ \u{212A} deste,"),
        ] {
            let outro = ler_memorial("m.txt", estragado.as_bytes()).expect("lido");
            assert_eq!(
                outro.territorio.poligonos, lido.territorio.poligonos,
                "os mesmos vértices"
            );
        }
    }

    #[test]
    fn zona_trocada_que_tira_de_mato_grosso_diz_qual_zona_serve() {
        // Um quadrado perto de Cáceres (zona 21S) escrito em UTM e declarado na zona 20S: cairia
        // na Bolívia. A mensagem diz o vértice, onde cairia e que a 21S (ou a 22S) o traz de volta.
        let original = MultiPolygon(vec![
            polygon![(x: -57.5, y: -16.0), (x: -57.49, y: -16.0), (x: -57.49, y: -15.99), (x: -57.5, y: -15.99)],
        ]);
        let texto = memorial(&original).texto("teste");
        assert!(texto.contains("zona 21S"), "{texto}");
        let trocado = texto.replace("zona 21S", "zona 20S");
        let e = ler_memorial("m.txt", trocado.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("vértice V-001: com a zona 20S do memorial, cai em latitude -16,")
                && e.contains("fora de Mato Grosso; confira a zona (com as zonas 21S ou 22S"),
            "{e}"
        );
        // A zona certa lê sem erro.
        assert!(ler_memorial("m.txt", texto.as_bytes()).is_ok());
    }

    #[test]
    fn memorial_escrito_pelo_divisa_volta_ao_mesmo_memorial() {
        let original = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.99, y: -15.0), (x: -55.99, y: -14.99), (x: -56.0, y: -14.99)],
        ]);
        let texto1 = memorial(&original).texto("teste");
        let lido1 = ler_memorial("m.txt", texto1.as_bytes()).unwrap();
        assert!(lido1.avisos.is_empty(), "{:?}", lido1.avisos);
        assert_eq!(lido1.vertices, ["V-001", "V-002", "V-003", "V-004"]);
        // Volta ao polígono a menos do centímetro em que o texto arredonda as coordenadas.
        for (a, b) in lido1.territorio.poligonos.0[0]
            .exterior()
            .0
            .iter()
            .zip(&original.0[0].exterior().0)
        {
            assert!((a.x - b.x).abs() < 1e-7 && (a.y - b.y).abs() < 1e-7);
        }
        // E daí em diante é estável: memorial → polígono → memorial dá o mesmo texto.
        let texto2 = memorial(&lido1.territorio.poligonos).texto("teste");
        let lido2 = ler_memorial("m.txt", texto2.as_bytes()).unwrap();
        let texto3 = memorial(&lido2.territorio.poligonos).texto("teste");
        assert_eq!(texto2, texto3);
    }

    #[test]
    fn distancia_digitada_errada_vira_aviso() {
        let original = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.99, y: -15.0), (x: -55.99, y: -14.99), (x: -56.0, y: -14.99)],
        ]);
        let texto = memorial(&original).texto("teste");
        let posicao = texto.find(" m até o vértice V-002").unwrap();
        let errado = format!("{}9{}", &texto[..posicao - 1], &texto[posicao..]);
        let lido = ler_memorial("m.txt", errado.as_bytes()).unwrap();
        assert_eq!(lido.avisos.len(), 1, "{:?}", lido.avisos);
        assert!(
            lido.avisos[0].starts_with("lado V-001–V-002: distância declarada"),
            "{:?}",
            lido.avisos
        );
    }

    #[test]
    fn sem_zona_ou_sem_fechar_diz_o_que_falta() {
        let sem_zona = "Inicia-se no vértice A, de coordenadas N 8.275.000,00 m e E 596.000,00 m.";
        assert!(ler_memorial("m.txt", sem_zona.as_bytes())
            .unwrap_err()
            .to_string()
            .contains("não diz a zona UTM"));
        let aberto = "Zona 21. vértice A, de coordenadas N 8.275.000,00 m e E 596.000,00 m; vértice B, de coordenadas N 8.275.000,00 m e E 597.000,00 m; vértice C, de coordenadas N 8.276.000,00 m e E 597.000,00 m.";
        assert!(ler_memorial("m.txt", aberto.as_bytes())
            .unwrap_err()
            .to_string()
            .contains("não volta ao vértice inicial A"));
    }

    #[test]
    fn bytes_ao_acaso_nunca_entram_em_panico() {
        let original = MultiPolygon(vec![
            polygon![(x: -56.0, y: -15.0), (x: -55.99, y: -15.0), (x: -55.99, y: -14.99), (x: -56.0, y: -14.99)],
        ]);
        let base = memorial(&original).texto("teste").into_bytes();
        let mut estado = 0x1992_u64;
        for _ in 0..3_000 {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            let mut bytes = base.clone();
            for k in 0..4 {
                let posicao = ((estado >> (k * 8)) % bytes.len() as u64) as usize;
                bytes[posicao] = (estado >> (k * 8 + 3)) as u8;
            }
            bytes.truncate(bytes.len() - ((estado >> 40) as usize % 200));
            let _ = ler_memorial("x.txt", &bytes);
        }
    }
}
