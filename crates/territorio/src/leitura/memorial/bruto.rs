//! O memorial como veio no texto, antes de virar território: os vértices e anéis brutos (com as
//! coordenadas geográficas, UTM, altitude, azimute e distância declarados, e a linha de cada
//! um), o que se achou nas coordenadas de um vértice, e o estado da leitura ([`Contexto`]: os
//! problemas que impedem, os avisos que não impedem). As duas disposições — o texto corrido
//! ([`super::corrido`]) e a tabela ([`super::tabela`]) — escrevem aqui; a conferência
//! ([`super::conferencia`]) e a montagem do território ([`super`]) leem daqui.

use divisa_referencia::formato::decimal;

use super::lexico::Dobrado;
use super::numeros::{Angulo, Falha, Hemisferio, Numero};

/// Ao norte disto o Brasil não tem latitude sul, e ao sul não tem latitude norte: uma latitude
/// sem sinal nem hemisfério além daqui só pode ser sul.
const LATITUDE_NORTE_MAXIMA: f64 = 5.3;

/// O que se achou nas coordenadas de um vértice.
#[derive(Debug, Default)]
pub(crate) struct Achados {
    pub lon: Option<Angulo>,
    pub lat: Option<Angulo>,
    pub soltos: Vec<Angulo>,
    pub norte: Option<Numero>,
    pub leste: Option<Numero>,
    pub altitude: Option<Numero>,
    pub falhas: Vec<Falha>,
}

impl Achados {
    pub(crate) fn algum(&self) -> bool {
        self.lon.is_some()
            || self.lat.is_some()
            || self.norte.is_some()
            || self.leste.is_some()
            || self.soltos.len() >= 2
    }
}

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
    pub(crate) texto: &'a Dobrado,
    pub(crate) ponto_decimal: bool,
    pub(crate) problemas: Vec<(usize, String)>,
    pub(crate) avisos: Vec<String>,
    /// A primeira linha com longitude sem sinal nem hemisfério (lida como oeste).
    pub(crate) lon_sem_sinal: Option<usize>,
    /// A primeira linha com latitude sem sinal nem hemisfério (lida como sul).
    pub(crate) lat_sem_sinal: Option<usize>,
    /// A ordem das colunas de uma tabela, pelo cabeçalho: latitude antes da longitude.
    pub(crate) latitude_primeiro: bool,
}

impl Contexto<'_> {
    pub(crate) fn problema(&mut self, linha: usize, mensagem: String) {
        self.problemas.push((linha, mensagem));
    }

    pub(crate) fn aviso_ocr(&mut self, linha: usize, como_veio: &str, codigo: &str) {
        self.avisos.push(format!(
            "linha {linha}: o código «{como_veio}» tem a letra O no lugar do zero; lido como {codigo}"
        ));
    }

    /// Monta um vértice com o que se achou nas suas coordenadas.
    pub(crate) fn vertice(
        &mut self,
        codigo: String,
        linha: usize,
        achados: &Achados,
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
    pub(crate) fn geo(
        &mut self,
        codigo: &str,
        linha: usize,
        lon: Angulo,
        lat: Angulo,
    ) -> Option<Geo> {
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
    pub(crate) fn par_sem_rotulo(&self, x: Angulo, y: Angulo) -> Result<(Angulo, Angulo), String> {
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
    pub(crate) fn numeros_sem_rotulo(
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
    pub(crate) fn plano(&self, n: Numero, e: Numero) -> Plano {
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

pub(crate) enum Par {
    Geo(Angulo, Angulo),
    Plano(Plano),
}

/// Onde o memorial pode estar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Abrangencia {
    /// Só Mato Grosso: o que cai fora é recusado.
    MatoGrosso,
    /// O Brasil inteiro: fora de Mato Grosso é aviso.
    Brasil,
}

impl Abrangencia {
    /// As zonas UTM em que o memorial pode estar.
    pub(crate) fn zonas_validas(self) -> std::ops::RangeInclusive<u8> {
        match self {
            Abrangencia::MatoGrosso => 20..=22,
            Abrangencia::Brasil => 18..=25,
        }
    }
}

/// Por que o memorial não se lê: onde (`linha 12`, `cabeçalho`, `texto`, `fim`) e o que está
/// errado. Cada etapa recusa assim; [`super::ler_memorial`] põe o nome do arquivo.
pub(crate) struct Recusa {
    pub(crate) onde: String,
    pub(crate) mensagem: String,
}

impl Recusa {
    pub(crate) fn na_linha(linha: usize, mensagem: String) -> Self {
        Recusa {
            onde: format!("linha {linha}"),
            mensagem,
        }
    }

    pub(crate) fn em(onde: &str, mensagem: String) -> Self {
        Recusa {
            onde: onde.to_owned(),
            mensagem,
        }
    }
}
