//! A borda do GeoPackage: abre o arquivo SQLite (só leitura), acha a camada de polígonos e
//! entrega os blobs a [`divisa_territorio::leitura::gpkg`], que é puro.

use std::path::Path;

pub mod escrita;

use divisa_territorio::leitura::gpkg::{ler_geopackage, CamadaGpkg};
use divisa_territorio::leitura::{ErroLeitura, Territorio};
use rusqlite::{Connection, OpenFlags};

/// A camada escolhida: tabela, coluna de geometria e sistema.
struct Escolhida {
    tabela: String,
    coluna: String,
    organizacao: String,
    codigo: i64,
    definicao: String,
}

/// Quanto a leitura de um GeoPackage pode levar antes de ser interrompida.
const PRAZO_DA_LEITURA: std::time::Duration = std::time::Duration::from_secs(20);

/// Interrompe as consultas de `banco` se a leitura passar do prazo (o SQL do arquivo é de quem
/// o mandou); some quando a leitura termina.
struct Vigia(#[allow(dead_code)] std::sync::mpsc::Sender<()>);

impl Vigia {
    fn novo(banco: &Connection) -> Vigia {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let interromper = banco.get_interrupt_handle();
        std::thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                rx.recv_timeout(PRAZO_DA_LEITURA)
            {
                interromper.interrupt();
            }
        });
        Vigia(tx)
    }
}

/// Lê o território de um GeoPackage: a única camada de polígonos (ou de geometria genérica).
pub fn ler(caminho: &Path, nome: &str) -> Result<Territorio, ErroLeitura> {
    let (banco, c) = abrir(caminho, nome)?;
    let _vigia = Vigia::novo(&banco);
    let geometrias = blobs(&banco, nome, &c, None)?
        .into_iter()
        .map(|(fid, _, g)| (fid, g))
        .collect();
    ler_geopackage(
        nome,
        &CamadaGpkg {
            tabela: c.tabela,
            srs_organizacao: c.organizacao,
            srs_codigo: c.codigo,
            srs_definicao: c.definicao,
            geometrias,
        },
    )
}

/// O número do próximo arquivo temporário de [`ler_bytes`] neste processo.
static CONTADOR: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Lê o território de um GeoPackage que veio em memória (enviado pela web ou juntado aos
/// autos). O SQLite só lê de um arquivo (abrir da memória pede `sqlite3_deserialize`, que o
/// rusqlite só dá por código `unsafe`, e só o `divisa-recursos` o tem): os bytes vão a um arquivo
/// temporário novo, só durante a leitura, e saem dele ao fim — também se a leitura for
/// interrompida pelo orçamento de tempo e memória, que desenrola a pilha.
pub fn ler_bytes(bytes: &[u8], nome: &str) -> Result<Territorio, ErroLeitura> {
    use std::sync::atomic::Ordering;
    /// Apaga o arquivo temporário quando sai de cena.
    struct Temporario(std::path::PathBuf);
    impl Drop for Temporario {
        fn drop(&mut self) {
            std::fs::remove_file(&self.0).ok();
        }
    }
    let falha = |e: std::io::Error| ErroLeitura::Forma {
        arquivo: nome.to_owned(),
        onde: "arquivo".to_owned(),
        mensagem: format!(
            "não foi possível preparar o GeoPackage para a leitura: {}",
            divisa_recursos::motivo_de_leitura(&e)
        ),
    };
    // Um nome novo, só do dono (0600): um arquivo que sobrou de um processo morto com o mesmo
    // número não é aberto nem apagado — passa-se ao número seguinte.
    let mut tentativas = 0;
    let (caminho, mut arquivo) = loop {
        let caminho = std::env::temp_dir().join(format!(
            "divisa-gpkg-{}-{}.gpkg",
            std::process::id(),
            CONTADOR.fetch_add(1, Ordering::Relaxed)
        ));
        let mut opcoes = std::fs::OpenOptions::new();
        opcoes.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut opcoes, 0o600);
        match opcoes.open(&caminho) {
            Ok(arquivo) => break (caminho, arquivo),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && tentativas < 1000 => {
                tentativas += 1;
            }
            Err(e) => return Err(falha(e)),
        }
    };
    // criado por esta leitura: daqui em diante, sai do disco em qualquer saída
    let temporario = Temporario(caminho);
    std::io::Write::write_all(&mut arquivo, bytes).map_err(falha)?;
    drop(arquivo);
    ler(&temporario.0, nome)
}

/// Lê as feições da camada de polígonos, cada uma identificada pela primeira das `chaves` que
/// for coluna da tabela (`CD_SETOR`, `codigo_setor`…); `Err` se nenhuma for.
pub fn ler_feicoes(
    caminho: &Path,
    nome: &str,
    chaves: &[&str],
) -> Result<Vec<(String, geo_types::MultiPolygon<f64>)>, ErroLeitura> {
    let (banco, c) = abrir(caminho, nome)?;
    let _vigia = Vigia::novo(&banco);
    let colunas: Vec<String> = banco
        .prepare(&format!("PRAGMA table_info({})", citar(&c.tabela)))
        .and_then(|mut p| p.query_map([], |r| r.get::<_, String>(1))?.collect())
        .unwrap_or_default();
    let chave = chaves
        .iter()
        .find_map(|k| colunas.iter().find(|c| c.eq_ignore_ascii_case(k)))
        .ok_or_else(|| ErroLeitura::Forma {
            arquivo: nome.to_owned(),
            onde: format!("camada {}", c.tabela),
            mensagem: format!(
                "nenhuma coluna de identificação ({}); as colunas são: {}",
                chaves.join(", "),
                colunas.join(", ")
            ),
        })?
        .clone();
    let mut saida = Vec::new();
    for (fid, id, blob) in blobs(&banco, nome, &c, Some(&chave))? {
        let territorio = ler_geopackage(
            &format!("{nome}, feição {fid} ({chave} {id})"),
            &CamadaGpkg {
                tabela: c.tabela.clone(),
                srs_organizacao: c.organizacao.clone(),
                srs_codigo: c.codigo,
                srs_definicao: c.definicao.clone(),
                geometrias: vec![(fid, blob)],
            },
        )?;
        saida.push((id, territorio.poligonos));
    }
    Ok(saida)
}

/// O tipo de um objeto do SQLite, para a mensagem.
fn o_que_e(tipo: &str) -> String {
    match tipo {
        "view" => "uma consulta salva (visão)".into(),
        "index" => "um índice".into(),
        "trigger" => "um gatilho".into(),
        outro => format!("um objeto «{outro}»"),
    }
}

fn citar(id: &str) -> String {
    format!("\"{}\"", id.replace('"', "\"\""))
}

/// As feições: (rowid, identificação como texto, blob).
fn blobs(
    banco: &Connection,
    nome: &str,
    c: &Escolhida,
    chave: Option<&str>,
) -> Result<Vec<(i64, String, Vec<u8>)>, ErroLeitura> {
    let erro = |e: rusqlite::Error| ErroLeitura::Forma {
        arquivo: nome.to_owned(),
        onde: format!("camada {}", c.tabela),
        mensagem: format!("não foi possível ler ({})", erro_sqlite(&e)),
    };
    let id = chave.map_or_else(|| "rowid".to_owned(), citar);
    // O blob grande demais nem é lido (length() não o materializa): um GeoPackage de 40 KB com
    // zeroblob(10⁹) em cada linha não vira gigabytes na memória.
    let mut leitura = banco
        .prepare(&format!(
            "SELECT rowid, CAST({id} AS TEXT), CASE WHEN length({col}) <= {max} THEN {col} END, length({col}) \
             FROM {tabela} WHERE {col} IS NOT NULL",
            col = citar(&c.coluna),
            tabela = citar(&c.tabela),
            max = MAIOR_GEOMETRIA,
        ))
        .map_err(erro)?;
    let mut linhas = leitura.query([]).map_err(erro)?;
    let mut v = Vec::new();
    let mut total = 0usize;
    while let Some(r) = linhas.next().map_err(erro)? {
        divisa_recursos::conferir();
        let tamanho: i64 = r.get(3).map_err(erro)?;
        let fid: i64 = r.get(0).map_err(erro)?;
        let Some(blob) = r.get::<_, Option<Vec<u8>>>(2).map_err(erro)? else {
            return Err(ErroLeitura::Forma {
                arquivo: nome.to_owned(),
                onde: format!("camada {}, feição {fid}", c.tabela),
                mensagem: format!(
                    "a geometria tem {} bytes; o limite é {} MB por feição",
                    divisa_referencia::formato::inteiro(tamanho),
                    MAIOR_GEOMETRIA / (1024 * 1024)
                ),
            });
        };
        total += blob.len();
        if v.len() >= MAIS_FEICOES || total > MAIS_BYTES {
            return Err(ErroLeitura::Forma {
                arquivo: nome.to_owned(),
                onde: format!("camada {}", c.tabela),
                mensagem: format!(
                    "a camada passa de {MAIS_FEICOES} feições ou de {} MB de geometrias: um território não tem tanto; confira a camada exportada",
                    MAIS_BYTES / (1024 * 1024)
                ),
            });
        }
        v.push((
            fid,
            r.get::<_, Option<String>>(1)
                .map_err(erro)?
                .unwrap_or_default(),
            blob,
        ));
    }
    Ok(v)
}

/// O maior blob de geometria lido de uma feição (32 MB: um milhão de vértices em WKB).
const MAIOR_GEOMETRIA: usize = 32 * 1024 * 1024;
/// Quantas feições uma camada de território pode ter (a malha de setores de MT, importada por
/// outro caminho, tem ~15 mil; um território, poucas).
const MAIS_FEICOES: usize = 200_000;
/// Quantos bytes de geometria uma camada pode somar.
const MAIS_BYTES: usize = 256 * 1024 * 1024;

fn abrir(caminho: &Path, nome: &str) -> Result<(Connection, Escolhida), ErroLeitura> {
    let erro = |onde: &str, mensagem: String| ErroLeitura::Forma {
        arquivo: nome.to_owned(),
        onde: onde.to_owned(),
        mensagem,
    };
    let banco = Connection::open_with_flags(
        caminho,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| {
        erro(
            "arquivo",
            format!("não foi possível abrir como SQLite ({})", erro_sqlite(&e)),
        )
    })?;
    let nao_gpkg = |e: rusqlite::Error| {
        erro(
            "GeoPackage",
            format!("não é um GeoPackage: faltam as tabelas gpkg_geometry_columns e gpkg_spatial_ref_sys ({})", erro_sqlite(&e)),
        )
    };
    // Só tabelas: uma visão (VIEW) é SQL de quem mandou o arquivo, e o divisa não a segue (uma
    // visão recursiva nunca termina de ser lida).
    let tipo_de = |nome: &str| -> Option<String> {
        banco
            .query_row(
                "SELECT type FROM sqlite_master WHERE name = ?1",
                [nome],
                |r| r.get::<_, String>(0),
            )
            .ok()
    };
    for interna in ["gpkg_geometry_columns", "gpkg_spatial_ref_sys"] {
        if let Some(t) = tipo_de(interna).filter(|t| t != "table") {
            return Err(erro(
                "GeoPackage",
                format!("{interna} é {}, não uma tabela: o arquivo não segue o padrão GeoPackage e não é lido", o_que_e(&t)),
            ));
        }
    }
    let mut consulta = banco
        .prepare(
            "SELECT g.table_name, g.column_name, upper(g.geometry_type_name), s.organization, \
             s.organization_coordsys_id, s.definition \
             FROM gpkg_geometry_columns g JOIN gpkg_spatial_ref_sys s ON s.srs_id = g.srs_id",
        )
        .map_err(nao_gpkg)?;
    let camadas: Vec<(String, String, String, String, i64, String)> = consulta
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })
        .and_then(Iterator::collect)
        .map_err(nao_gpkg)?;
    let poligonais: Vec<_> = camadas
        .iter()
        .filter(|c| matches!(c.2.as_str(), "POLYGON" | "MULTIPOLYGON" | "GEOMETRY"))
        .collect();
    // O GeoPackage que o próprio divisa grava (`divisa memorial --formato gpkg`) tem o
    // território e os remanescentes: a camada `territorio` é a lida de volta.
    let do_divisa = (poligonais.len() > 1)
        .then(|| poligonais.iter().find(|c| c.0 == "territorio"))
        .flatten();
    let (tabela, coluna, _, organizacao, codigo, definicao) = match (do_divisa, poligonais.as_slice()) {
        (Some(territorio), _) => *territorio,
        (None, [uma]) => *uma,
        (None, []) => {
            return Err(erro(
                "GeoPackage",
                format!(
                    "nenhuma camada de polígonos (camadas: {})",
                    if camadas.is_empty() {
                        "nenhuma".to_owned()
                    } else {
                        camadas
                            .iter()
                            .map(|c| format!("{} ({})", c.0, c.2.to_lowercase()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                ),
            ))
        }
        (None, varias) => {
            return Err(erro(
                "GeoPackage",
                format!(
                    "{} camadas de polígonos ({}): deixe no arquivo só a do território proposto, ou exporte-a do QGIS",
                    varias.len(),
                    varias.iter().map(|c| c.0.as_str()).collect::<Vec<_>>().join(", ")
                ),
            ))
        }
    };
    if let Some(t) = tipo_de(tabela).filter(|t| t != "table") {
        return Err(erro(
            &format!("camada {tabela}"),
            format!("a camada é {}, não uma tabela; o divisa não executa o SQL de um arquivo recebido. Exporte a camada como tabela (no QGIS: Exportar > Salvar feições como… GeoPackage)", o_que_e(&t)),
        ));
    }
    let escolhida = Escolhida {
        tabela: tabela.clone(),
        coluna: coluna.clone(),
        organizacao: organizacao.clone(),
        codigo: *codigo,
        definicao: definicao.clone(),
    };
    drop(consulta);
    Ok((banco, escolhida))
}

/// O erro do SQLite em português, sem o SQL que o divisa montou.
fn erro_sqlite(e: &rusqlite::Error) -> String {
    match e {
        rusqlite::Error::InvalidColumnType(_, _, tipo) => format!(
            "a coluna de geometria guarda {}, não um blob de geometria GeoPackage",
            match tipo {
                rusqlite::types::Type::Text => "texto",
                rusqlite::types::Type::Integer => "um número inteiro",
                rusqlite::types::Type::Real => "um número",
                rusqlite::types::Type::Null => "nada",
                rusqlite::types::Type::Blob => "um blob",
            }
        ),
        rusqlite::Error::SqliteFailure(f, _) => match f.code {
            rusqlite::ErrorCode::OperationInterrupted => {
                "a leitura passou do prazo e foi interrompida".to_owned()
            }
            rusqlite::ErrorCode::NotADatabase => "não é um banco SQLite".to_owned(),
            rusqlite::ErrorCode::DatabaseCorrupt => "o banco SQLite está corrompido".to_owned(),
            _ => format!("erro do SQLite nº {}", f.extended_code),
        },
        _ => "erro ao ler o banco SQLite".to_owned(),
    }
}

#[cfg(test)]
mod testes {
    /// Os arquivos temporários desta leitura que ainda estão no disco.
    fn temporarios() -> Vec<String> {
        let prefixo = format!("divisa-gpkg-{}-", std::process::id());
        std::fs::read_dir(std::env::temp_dir())
            .map(|d| {
                d.filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.starts_with(&prefixo))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// O GeoPackage enviado vai a um arquivo temporário só durante a leitura: lido, recusado
    /// (não é SQLite) ou com um arquivo velho no caminho do próximo nome, nada fica no disco, e
    /// o arquivo velho (de outro processo com o mesmo número) não é tocado.
    #[test]
    fn o_geopackage_enviado_nao_fica_no_disco() {
        let exemplo = std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../exemplos/area_ribeiraozinho_utm22s.gpkg"),
        )
        .expect("o GeoPackage de exemplo");
        assert!(super::ler_bytes(&exemplo, "area.gpkg").is_ok());
        let e = super::ler_bytes(b"isto nao e um banco", "area.gpkg").unwrap_err();
        assert!(e.to_string().contains("area.gpkg"), "{e}");
        // o próximo nome já existe: a leitura passa ao seguinte e não apaga o que não criou
        let proximo = std::env::temp_dir().join(format!(
            "divisa-gpkg-{}-{}.gpkg",
            std::process::id(),
            super::CONTADOR.load(std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::write(&proximo, b"de outro processo").unwrap();
        assert!(super::ler_bytes(&exemplo, "area.gpkg").is_ok());
        assert_eq!(std::fs::read(&proximo).unwrap(), b"de outro processo");
        std::fs::remove_file(&proximo).unwrap();
        assert_eq!(temporarios(), Vec::<String>::new());
    }
}
