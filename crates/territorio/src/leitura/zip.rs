//! Arquivos compactados, só descompactados: o Shapefile em .zip (como o IBGE, o SIGEF e o QGIS o
//! entregam: .shp, .shx, .dbf e .prj juntos, às vezes numa pasta) e o KMZ do Google Earth (um
//! .kml compactado) chegam aqui como bytes e saem como entradas (nome, bytes). Qual entrada é a
//! camada, e como lê-la, é do despachante ([`crate::leitura`]): este módulo não conhece formato.
//!
//! Entradas do macOS (`__MACOSX/`, `._*`) e pastas são ignoradas. Nenhuma entrada é
//! descompactada além de [`LIMITE_BYTES`], nem além de 100 vezes o que ocupa compactada (com um
//! piso), para um arquivo malicioso não esgotar a memória.

use std::io::{Cursor, Read};

use super::territorio::ErroLeitura;

/// O maior tamanho descompactado de uma entrada (a malha municipal inteira de MT em
/// Shapefile tem ~12 MB).
pub const LIMITE_BYTES: u64 = 256 * 1024 * 1024;
/// Quantas vezes uma entrada pode crescer ao descompactar (acima de [`PISO_DESCOMPACTADO`]).
const RAZAO_MAXIMA: u64 = 100;
/// Até quanto uma entrada descompacta sem olhar a razão.
const PISO_DESCOMPACTADO: u64 = 32 * 1024 * 1024;

pub(crate) fn erro(arquivo: &str, mensagem: String) -> ErroLeitura {
    ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde: "arquivo compactado".to_owned(),
        mensagem,
    }
}

/// A extensão de um nome, em minúsculas (`AREA.SHP` → `shp`).
pub(crate) fn extensao(nome: &str) -> String {
    nome.rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default()
}

fn ignorada(nome: &str) -> bool {
    let ultimo = nome.rsplit('/').next().unwrap_or(nome);
    nome.starts_with("__MACOSX/") || ultimo.starts_with("._") || nome.ends_with('/')
}

/// O motivo de um erro do `zip`, em português (o texto do crate é em inglês).
fn motivo(erro: &zip::result::ZipError) -> String {
    use zip::result::ZipError;
    match erro {
        ZipError::Io(_) => "dados truncados ou ilegíveis".to_owned(),
        ZipError::InvalidArchive(_) => "estrutura do .zip inválida ou truncada".to_owned(),
        ZipError::UnsupportedArchive(_) => {
            "recurso do .zip não suportado (arquivo em partes ou criptografado?)".to_owned()
        }
        ZipError::InvalidPassword => "protegido por senha: envie-o sem senha".to_owned(),
        ZipError::CompressionMethodNotSupported(metodo) => format!(
            "método de compressão {metodo} não suportado; recompacte com o método padrão (deflate)"
        ),
        _ => "arquivo .zip ilegível".to_owned(),
    }
}

/// Um arquivo compactado aberto na memória: os nomes das entradas de dados, e o conteúdo de cada
/// uma quando pedido (descompactar só o que se vai ler).
pub(crate) struct Pacote<'a> {
    arquivo: String,
    zip: zip::ZipArchive<Cursor<&'a [u8]>>,
    entradas: Vec<(usize, String)>,
}

impl<'a> Pacote<'a> {
    /// Abre o arquivo e lista as entradas, sem as do macOS nem pastas.
    pub(crate) fn abrir(arquivo: &str, bytes: &'a [u8]) -> Result<Self, ErroLeitura> {
        let (zip, entradas) = abrir(arquivo, bytes)?;
        Ok(Pacote {
            arquivo: arquivo.to_owned(),
            zip,
            entradas,
        })
    }

    /// Os nomes das entradas, na ordem do arquivo.
    pub(crate) fn nomes(&self) -> impl Iterator<Item = &str> {
        self.entradas.iter().map(|(_, n)| n.as_str())
    }

    /// A entrada de mesmo nome que `nome`, com a extensão `extensao` (sem diferença de
    /// maiúsculas): o .prj e o .dbf de um .shp.
    pub(crate) fn irmao(&self, nome: &str, extensao: &str) -> Option<String> {
        let base = nome.rsplit_once('.').map_or(nome, |(b, _)| b);
        self.nomes()
            .find(|n| {
                // `get`: um nome com acento pode não ter fronteira de caractere ali.
                n.len() == base.len() + 1 + extensao.len()
                    && n.get(..base.len())
                        .is_some_and(|b| b.eq_ignore_ascii_case(base))
                    && self::extensao(n) == extensao
            })
            .map(str::to_owned)
    }

    /// O conteúdo descompactado da entrada `nome`.
    pub(crate) fn conteudo(&mut self, nome: &str) -> Result<Vec<u8>, ErroLeitura> {
        let Some(&(indice, _)) = self.entradas.iter().find(|(_, n)| n == nome) else {
            return Err(erro(&self.arquivo, format!("{nome}: não está no arquivo")));
        };
        conteudo(&self.arquivo, &mut self.zip, indice, nome)
    }
}

type Zip<'a> = zip::ZipArchive<Cursor<&'a [u8]>>;

/// Abre o arquivo e lista as entradas (índice, nome), sem as do macOS nem pastas.
fn abrir<'a>(
    arquivo: &str,
    bytes: &'a [u8],
) -> Result<(Zip<'a>, Vec<(usize, String)>), ErroLeitura> {
    let mut pacote = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
        erro(
            arquivo,
            format!("não é um arquivo compactado .zip legível ({})", motivo(&e)),
        )
    })?;
    let mut entradas = Vec::new();
    for indice in 0..pacote.len() {
        let entrada = pacote.by_index_raw(indice).map_err(|e| {
            erro(
                arquivo,
                format!("entrada {} ilegível ({})", indice + 1, motivo(&e)),
            )
        })?;
        let nome = entrada
            .name()
            .map_err(|e| {
                erro(
                    arquivo,
                    format!("entrada {} sem nome legível ({})", indice + 1, motivo(&e)),
                )
            })?
            .into_owned();
        if !entrada.is_dir() && !ignorada(&nome) {
            entradas.push((indice, nome));
        }
    }
    Ok((pacote, entradas))
}

/// Descompacta uma entrada, até [`LIMITE_BYTES`].
fn conteudo(
    arquivo: &str,
    pacote: &mut Zip<'_>,
    indice: usize,
    nome: &str,
) -> Result<Vec<u8>, ErroLeitura> {
    let entrada = pacote.by_index(indice).map_err(|e| {
        erro(
            arquivo,
            format!("{nome}: não foi possível descompactar ({})", motivo(&e)),
        )
    })?;
    // Uma entrada pode crescer até 100 vezes o que ocupa compactada (dados reais de território
    // ficam bem abaixo disso; 200 MB de zeros cabem em 200 KB), com um piso de 32 MB, e nunca
    // além de LIMITE_BYTES: uma bomba de descompressão para cedo, sem encher a memória.
    let limite = entrada
        .compressed_size()
        .saturating_mul(RAZAO_MAXIMA)
        .clamp(PISO_DESCOMPACTADO, LIMITE_BYTES);
    let mut bytes = Vec::new();
    entrada
        .take(limite + 1)
        .read_to_end(&mut bytes)
        .map_err(|_| {
            erro(
                arquivo,
                format!("{nome}: descompactação interrompida: dados corrompidos (a soma de verificação não confere ou o conteúdo está truncado)"),
            )
        })?;
    if bytes.len() as u64 > limite && limite < LIMITE_BYTES {
        return Err(erro(
            arquivo,
            format!(
                "{nome}: descompactado, passa de {} vezes o tamanho compactado; parece uma bomba de descompressão, não um território — confira o arquivo",
                RAZAO_MAXIMA
            ),
        ));
    }
    if bytes.len() as u64 > LIMITE_BYTES {
        return Err(erro(
            arquivo,
            format!(
                "{nome}: passa de {} MB descompactado; um território não é tão grande — confira o arquivo",
                LIMITE_BYTES / (1024 * 1024)
            ),
        ));
    }
    Ok(bytes)
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::leitura::{ler_kmz, ler_zip};
    use std::io::Write;
    use zip::write::SimpleFileOptions;

    const GEOJSON: &str =
        r#"{"type":"Polygon","coordinates":[[[-56,-15],[-55.9,-15],[-55.9,-14.9],[-56,-15]]]}"#;
    const KML: &str = r#"<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>-56,-15 -55.9,-15 -55.9,-14.9 -56,-15</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>"#;

    fn compactar(entradas: &[(&str, &[u8])]) -> Vec<u8> {
        let mut escritor = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (nome, dados) in entradas {
            escritor
                .start_file(
                    *nome,
                    SimpleFileOptions::default()
                        .compression_method(zip::CompressionMethod::Deflated),
                )
                .unwrap();
            escritor.write_all(dados).unwrap();
        }
        escritor.finish().unwrap().into_inner()
    }

    fn shp_em_utm() -> (Vec<u8>, &'static str) {
        use shapefile::{Point, PolygonRing, ShapeWriter};
        let graus = [
            (-56.0, -15.0),
            (-56.0, -14.9),
            (-55.9, -14.9),
            (-56.0, -15.0),
        ];
        let pontos = graus
            .iter()
            .map(|&(x, y)| {
                let u = crate::utm::para_utm(x, y, Some(21));
                Point {
                    x: u.leste_m,
                    y: u.norte_m,
                }
            })
            .collect();
        let mut bytes = Cursor::new(Vec::new());
        {
            let mut escritor = ShapeWriter::new(&mut bytes);
            escritor
                .write_shape(&shapefile::Polygon::new(PolygonRing::Outer(pontos)))
                .unwrap();
            escritor.finalize().unwrap();
        }
        (
            bytes.into_inner(),
            "PROJCS[\"SIRGAS_2000_UTM_Zone_21S\",GEOGCS[\"GCS_SIRGAS_2000\"]]",
        )
    }

    #[test]
    fn shapefile_compactado_em_pasta_usa_o_prj_de_mesmo_nome() {
        // Como o QGIS exporta: pasta, .shp/.shx/.dbf/.prj e o lixo do macOS.
        let (shp, prj) = shp_em_utm();
        let zip = compactar(&[
            ("limite/AREA.shp", &shp),
            ("limite/AREA.shx", b"..."),
            ("limite/AREA.dbf", b"..."),
            ("limite/AREA.PRJ", prj.as_bytes()),
            ("limite/ÁREA.prj", b"GEOGCS[\"GCS_South_American_1969\"]"),
            ("__MACOSX/limite/._AREA.shp", b"lixo"),
            ("limite/LEIA-ME.txt", b"metadados"),
        ]);
        let lido = ler_zip("area.zip", &zip).unwrap();
        assert_eq!(lido.arquivo, "area.zip/limite/AREA.shp");
        // Em UTM 21S pelo .prj: os vértices voltam a graus.
        let primeiro = lido.poligonos.0[0].exterior().0[0];
        assert!(
            (primeiro.x + 56.0).abs() < 1e-9 && (primeiro.y + 15.0).abs() < 1e-9,
            "{primeiro:?}"
        );
        // Sem o .prj, os números em metros são apontados como UTM.
        let sem_prj = compactar(&[("AREA.shp", &shp)]);
        let e = ler_zip("area.zip", &sem_prj).unwrap_err().to_string();
        assert!(e.contains("UTM"), "{e}");
    }

    #[test]
    fn zip_com_geojson_e_kmz_com_doc_kml() {
        let zip = compactar(&[("area.geojson", GEOJSON.as_bytes())]);
        assert_eq!(ler_zip("a.zip", &zip).unwrap().poligonos.0.len(), 1);
        let kmz = compactar(&[("doc.kml", KML.as_bytes()), ("files/icone.png", b"png")]);
        let lido = ler_kmz("a.kmz", &kmz).unwrap();
        assert_eq!(lido.poligonos.0[0].exterior().0.len(), 4);
    }

    #[test]
    fn mais_de_uma_camada_ou_nenhuma_e_dito_pelo_nome() {
        let (shp, _) = shp_em_utm();
        let dois = compactar(&[("a.shp", &shp), ("b.shp", &shp)]);
        let e = ler_zip("x.zip", &dois).unwrap_err().to_string();
        assert!(e.contains("há 2 camadas dentro (a.shp, b.shp)"), "{e}");
        let nenhuma = compactar(&[("foto.jpg", b"jpg")]);
        let e = ler_zip("x.zip", &nenhuma).unwrap_err().to_string();
        assert!(
            e.contains("não há .shp, .geojson, .kml nem memorial .txt dentro (há: foto.jpg)"),
            "{e}"
        );
        let e = ler_zip("x.zip", b"PK isto nao e zip")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("x.zip, arquivo compactado: não é um arquivo compactado .zip legível"),
            "{e}"
        );
    }

    #[test]
    fn bomba_de_descompressao_para_cedo_e_diz() {
        // 64 MB de zeros viram ~64 KB compactados: passa de 100 vezes, acima do piso de 32 MB
        let zeros = vec![0u8; 64 * 1024 * 1024];
        let pacote = compactar(&[("a.shp", &zeros), ("a.shx", b"x"), ("a.dbf", b"x")]);
        assert!(pacote.len() < 1024 * 1024);
        let e = ler_zip("bomba.zip", &pacote).unwrap_err().to_string();
        assert!(e.contains("bomba de descompressão"), "{e}");
        // 20 MB de zeros ficam abaixo do piso: lidos (e recusados por não serem um shapefile)
        let zeros = vec![0u8; 20 * 1024 * 1024];
        let pacote = compactar(&[("a.shp", &zeros), ("a.shx", b"x"), ("a.dbf", b"x")]);
        let e = ler_zip("zeros.zip", &pacote).unwrap_err().to_string();
        assert!(!e.contains("bomba"), "{e}");
    }

    #[test]
    fn bytes_ao_acaso_nunca_entram_em_panico() {
        let (shp, prj) = shp_em_utm();
        let base = compactar(&[("AREA.shp", &shp), ("AREA.prj", prj.as_bytes())]);
        let kmz = compactar(&[("doc.kml", KML.as_bytes())]);
        let mut estado = 0x9E37_79B9_u64;
        for _ in 0..2_000 {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            for original in [&base, &kmz] {
                let mut bytes = original.clone();
                let posicao = (estado % bytes.len() as u64) as usize;
                bytes[posicao] = (estado >> 32) as u8;
                bytes.truncate(bytes.len() - (estado >> 40) as usize % 30);
                let _ = ler_zip("x.zip", &bytes);
                let _ = ler_kmz("x.kmz", &bytes);
            }
        }
    }
}
