//! Leitura de GeoPackage (OGC 12-128r18): o arquivo é um banco SQLite, e cada feição guarda a
//! geometria num blob — um cabeçalho `GP` (versão, flags, `srs_id`, envelope) seguido de WKB.
//!
//! Este módulo é puro: recebe os blobs e o sistema de coordenadas já lidos do banco (a abertura
//! do SQLite fica na borda, em `divisa-avaliacao`) e devolve o território. O sistema vem da
//! tabela `gpkg_spatial_ref_sys`: EPSG 4674 (SIRGAS 2000) ou 4326 em graus; EPSG 31978 a 31985
//! (SIRGAS 2000 / UTM 18S a 25S) em UTM; qualquer outro código, pela definição WKT, com as
//! mesmas regras do .prj do Shapefile (datums antigos recusados).
//!
//! O WKB é lido à mão: só Polygon e MultiPolygon (com Z ou M, descartados), nas duas ordens de
//! bytes — meia centena de linhas, contra trazer um crate de geometria genérica para isso.

use geo_types::{Coord, LineString, MultiPolygon, Polygon};

use super::sistema::{sistema, Sistema};
use super::territorio::{conferir, validar, ErroLeitura, Territorio};
use crate::utm::{de_utm, Utm};

/// Uma camada de polígonos de um GeoPackage, como a borda a leu do banco.
#[derive(Debug, Clone, PartialEq)]
pub struct CamadaGpkg {
    /// O nome da tabela de feições.
    pub tabela: String,
    /// `organization` do sistema (normalmente "EPSG").
    pub srs_organizacao: String,
    /// `organization_coordsys_id` do sistema (4674, 31981…).
    pub srs_codigo: i64,
    /// A definição WKT do sistema.
    pub srs_definicao: String,
    /// Os blobs de geometria, um por feição, com o número da linha (`fid`).
    pub geometrias: Vec<(i64, Vec<u8>)>,
}

/// O sistema de coordenadas da camada.
fn sistema_da_camada(arquivo: &str, c: &CamadaGpkg) -> Result<Sistema, ErroLeitura> {
    if c.srs_organizacao.eq_ignore_ascii_case("EPSG") {
        match c.srs_codigo {
            4674 | 4326 => return Ok(Sistema::Graus),
            31978..=31985 => {
                return Ok(Sistema::Utm {
                    zona: (c.srs_codigo - 31960) as u8,
                    sul: true,
                })
            }
            _ => {}
        }
    }
    sistema(arquivo, Some(&c.srs_definicao)).map_err(|e| match e {
        ErroLeitura::Forma { mensagem, .. } => ErroLeitura::Forma {
            arquivo: arquivo.to_owned(),
            onde: format!(
                "camada {}, sistema {}:{}",
                c.tabela, c.srs_organizacao, c.srs_codigo
            ),
            mensagem,
        },
        outro => outro,
    })
}

/// Lê e valida os polígonos de uma camada de GeoPackage.
pub fn ler_geopackage(arquivo: &str, camada: &CamadaGpkg) -> Result<Territorio, ErroLeitura> {
    let sistema = sistema_da_camada(arquivo, camada)?;
    let mut poligonos = Vec::new();
    for (fid, blob) in &camada.geometrias {
        divisa_recursos::conferir();
        let onde = format!("camada {}, feição {fid}", camada.tabela);
        let erro = |mensagem: String| ErroLeitura::Forma {
            arquivo: arquivo.to_owned(),
            onde: onde.clone(),
            mensagem,
        };
        let wkb = depois_do_cabecalho(blob).map_err(erro)?;
        let Some(wkb) = wkb else { continue }; // geometria vazia
        let mut leitor = Wkb { bytes: wkb, pos: 0 };
        leitor.geometria(&mut poligonos).map_err(erro)?;
    }
    if poligonos.is_empty() {
        return Err(ErroLeitura::Forma {
            arquivo: arquivo.to_owned(),
            onde: format!("camada {}", camada.tabela),
            mensagem: "nenhum polígono".to_owned(),
        });
    }
    let converter = |c: Coord<f64>| match sistema {
        Sistema::Graus => c,
        Sistema::Utm { zona, sul } => {
            let (lon, lat) = de_utm(&Utm {
                zona,
                sul,
                leste_m: c.x,
                norte_m: c.y,
            });
            Coord { x: lon, y: lat }
        }
    };
    let poligonos: Vec<Polygon<f64>> = poligonos
        .into_iter()
        .map(|p| {
            let anel =
                |l: &LineString<f64>| LineString(l.0.iter().map(|c| converter(*c)).collect());
            Polygon::new(anel(p.exterior()), p.interiors().iter().map(anel).collect())
        })
        .collect();
    let mut territorio = conferir(arquivo, MultiPolygon(poligonos))?;
    if let Sistema::Utm { zona, sul } = sistema {
        territorio.utm = Some((zona, sul));
    }
    validar(territorio)
}

/// O WKB depois do cabeçalho `GP`; `None` se a geometria é vazia.
fn depois_do_cabecalho(blob: &[u8]) -> Result<Option<&[u8]>, String> {
    if blob.len() < 8 || &blob[0..2] != b"GP" {
        return Err("a geometria não começa pelo cabeçalho \"GP\" do GeoPackage".to_owned());
    }
    let flags = blob[3];
    if flags & 0b0010_0000 != 0 {
        return Err("geometria de tipo estendido (fora do padrão OGC): não suportada".to_owned());
    }
    if flags & 0b0001_0000 != 0 {
        return Ok(None);
    }
    let envelope = match (flags >> 1) & 0b111 {
        0 => 0,
        1 => 32,
        2 | 3 => 48,
        4 => 64,
        n => return Err(format!("indicador de envelope inválido ({n})")),
    };
    let inicio = 8 + envelope;
    blob.get(inicio..)
        .filter(|w| !w.is_empty())
        .map(Some)
        .ok_or_else(|| "geometria truncada depois do cabeçalho".to_owned())
}

struct Wkb<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Wkb<'_> {
    fn tomar(&mut self, n: usize) -> Result<&[u8], String> {
        let fim = self.pos.checked_add(n).filter(|f| *f <= self.bytes.len());
        let fim = fim.ok_or_else(|| "WKB truncado".to_owned())?;
        let fatia = &self.bytes[self.pos..fim];
        self.pos = fim;
        Ok(fatia)
    }

    fn u32(&mut self, le: bool) -> Result<u32, String> {
        let b: [u8; 4] = self.tomar(4)?.try_into().map_err(|_| "WKB truncado")?;
        Ok(if le {
            u32::from_le_bytes(b)
        } else {
            u32::from_be_bytes(b)
        })
    }

    fn f64(&mut self, le: bool) -> Result<f64, String> {
        let b: [u8; 8] = self.tomar(8)?.try_into().map_err(|_| "WKB truncado")?;
        Ok(if le {
            f64::from_le_bytes(b)
        } else {
            f64::from_be_bytes(b)
        })
    }

    /// Ordem dos bytes, tipo base (1 a 7) e quantas dimensões por vértice.
    fn cabecalho(&mut self) -> Result<(bool, u32, usize), String> {
        let le = match self.tomar(1)?[0] {
            0 => false,
            1 => true,
            b => return Err(format!("ordem de bytes do WKB inválida ({b})")),
        };
        let tipo = self.u32(le)?;
        // ISO (1000 = Z, 2000 = M, 3000 = ZM) e EWKB (bits altos).
        let z_ewkb = tipo & 0x8000_0000 != 0;
        let m_ewkb = tipo & 0x4000_0000 != 0;
        let tipo = tipo & 0x0FFF_FFFF;
        let (base, extras) = match tipo / 1000 {
            0 => (tipo, usize::from(z_ewkb) + usize::from(m_ewkb)),
            1 | 2 => (tipo % 1000, 1),
            3 => (tipo % 1000, 2),
            _ => return Err(format!("tipo de geometria WKB desconhecido ({tipo})")),
        };
        Ok((le, base, 2 + extras))
    }

    fn geometria(&mut self, saida: &mut Vec<Polygon<f64>>) -> Result<(), String> {
        let (le, tipo, dims) = self.cabecalho()?;
        match tipo {
            3 => saida.push(self.poligono(le, dims)?),
            6 => {
                let n = self.u32(le)?;
                for _ in 0..n {
                    let (le, tipo, dims) = self.cabecalho()?;
                    if tipo != 3 {
                        return Err(format!("MultiPolygon com um elemento de tipo {tipo}"));
                    }
                    saida.push(self.poligono(le, dims)?);
                }
            }
            1 | 4 => return Err("a camada tem pontos, não polígonos".to_owned()),
            2 | 5 => {
                return Err(
                    "a camada tem linhas, não polígonos: feche o limite num polígono".to_owned(),
                )
            }
            outro => {
                return Err(format!(
                    "tipo de geometria {outro} não suportado (esperava Polygon ou MultiPolygon)"
                ))
            }
        }
        Ok(())
    }

    fn poligono(&mut self, le: bool, dims: usize) -> Result<Polygon<f64>, String> {
        let aneis = self.u32(le)? as usize;
        if aneis == 0 {
            return Err("polígono sem anéis".to_owned());
        }
        let mut lidos = Vec::with_capacity(aneis.min(1024));
        for _ in 0..aneis {
            divisa_recursos::conferir();
            let n = self.u32(le)? as usize;
            if n.saturating_mul(dims * 8) > self.bytes.len() {
                return Err("WKB truncado".to_owned());
            }
            let mut pontos = Vec::with_capacity(n);
            for _ in 0..n {
                let x = self.f64(le)?;
                let y = self.f64(le)?;
                for _ in 2..dims {
                    self.f64(le)?;
                }
                pontos.push(Coord { x, y });
            }
            lidos.push(LineString(pontos));
        }
        let exterior = lidos.remove(0);
        Ok(Polygon::new(exterior, lidos))
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    fn blob(srs: i32, wkb: &[u8]) -> Vec<u8> {
        let mut b = vec![b'G', b'P', 0, 0b0000_0011]; // envelope xy (32 bytes), little-endian
        b.extend_from_slice(&srs.to_le_bytes());
        b.extend_from_slice(&[0u8; 32]);
        b.extend_from_slice(wkb);
        b
    }

    fn poligono_wkb(le: bool, pontos: &[(f64, f64)]) -> Vec<u8> {
        let u = |v: u32| if le { v.to_le_bytes() } else { v.to_be_bytes() };
        let f = |v: f64| if le { v.to_le_bytes() } else { v.to_be_bytes() };
        let mut w = vec![u8::from(le)];
        w.extend_from_slice(&u(3));
        w.extend_from_slice(&u(1));
        w.extend_from_slice(&u(pontos.len() as u32));
        for (x, y) in pontos {
            w.extend_from_slice(&f(*x));
            w.extend_from_slice(&f(*y));
        }
        w
    }

    const QUADRADO: [(f64, f64); 5] = [
        (-56.0, -15.0),
        (-55.9, -15.0),
        (-55.9, -14.9),
        (-56.0, -14.9),
        (-56.0, -15.0),
    ];

    fn camada(codigo: i64, geometrias: Vec<Vec<u8>>) -> CamadaGpkg {
        CamadaGpkg {
            tabela: "area".into(),
            srs_organizacao: "EPSG".into(),
            srs_codigo: codigo,
            srs_definicao: String::new(),
            geometrias: geometrias
                .into_iter()
                .enumerate()
                .map(|(i, g)| (i as i64 + 1, g))
                .collect(),
        }
    }

    #[test]
    fn poligono_em_graus_nas_duas_ordens_de_bytes() {
        for le in [true, false] {
            let t = ler_geopackage(
                "a.gpkg",
                &camada(4674, vec![blob(4674, &poligono_wkb(le, &QUADRADO))]),
            )
            .unwrap();
            assert_eq!(t.poligonos.0.len(), 1);
            assert_eq!(
                t.poligonos.0[0].exterior().0[1],
                Coord { x: -55.9, y: -15.0 }
            );
        }
    }

    #[test]
    fn poligono_em_utm_21s_volta_aos_graus() {
        let utm: Vec<(f64, f64)> = QUADRADO
            .iter()
            .map(|(lon, lat)| {
                let u = crate::utm::para_utm(*lon, *lat, Some(21));
                (u.leste_m, u.norte_m)
            })
            .collect();
        let t = ler_geopackage(
            "a.gpkg",
            &camada(31981, vec![blob(31981, &poligono_wkb(true, &utm))]),
        )
        .unwrap();
        let c = t.poligonos.0[0].exterior().0[2];
        assert!(
            (c.x + 55.9).abs() < 1e-9 && (c.y + 14.9).abs() < 1e-9,
            "{c:?}"
        );
    }

    #[test]
    fn linhas_pontos_e_bytes_truncados_sao_ditos() {
        let mut linha = vec![1u8];
        linha.extend_from_slice(&2u32.to_le_bytes());
        linha.extend_from_slice(&0u32.to_le_bytes());
        let e = ler_geopackage("a.gpkg", &camada(4674, vec![blob(4674, &linha)])).unwrap_err();
        assert!(
            e.to_string().contains("linhas, não polígonos") && e.to_string().contains("feição 1"),
            "{e}"
        );
        let mut truncado = blob(4674, &poligono_wkb(true, &QUADRADO));
        truncado.truncate(truncado.len() - 5);
        let e = ler_geopackage("a.gpkg", &camada(4674, vec![truncado])).unwrap_err();
        assert!(e.to_string().contains("truncado"), "{e}");
        let e = ler_geopackage("a.gpkg", &camada(4674, vec![b"XX".to_vec()])).unwrap_err();
        assert!(e.to_string().contains("cabeçalho"), "{e}");
        let mut sad = camada(4618, vec![blob(4618, &poligono_wkb(true, &QUADRADO))]);
        sad.srs_definicao = "GEOGCS[\"SAD69\",DATUM[\"South_American_Datum_1969\"]]".into();
        let e = ler_geopackage("a.gpkg", &sad).unwrap_err();
        assert!(e.to_string().contains("datum antigo"), "{e}");
    }

    #[test]
    fn bytes_ao_acaso_nunca_entram_em_panico() {
        let base = blob(4674, &poligono_wkb(true, &QUADRADO));
        for i in 0..base.len() {
            for v in [0u8, 0xFF, 0x7F] {
                let mut b = base.clone();
                b[i] = v;
                let _ = ler_geopackage("a.gpkg", &camada(4674, vec![b.clone()]));
                b.truncate(i);
                let _ = ler_geopackage("a.gpkg", &camada(4674, vec![b]));
            }
        }
    }
}
