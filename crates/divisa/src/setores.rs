//! `divisa setores importar MALHA AGREGADOS.csv`: a malha de setores censitários do IBGE e os
//! agregados do Censo 2022 para o banco, para estimar a população dentro de um polígono.
//!
//! A malha vem em GeoPackage ou GeoJSON, identificada por `CD_SETOR` (ou `codigo_setor`); os
//! agregados no CSV do IBGE (`Agregados_por_setores_basico_BR.csv`: `;`, Latin-1 ou UTF-8,
//! `CD_SETOR`, `SITUACAO`, `CD_MUN`, `v0001` pessoas, `v0007` domicílios particulares
//! ocupados). Só os setores de Mato Grosso (código 51…) entram. Um setor de várias partes vira
//! uma linha por parte, com população e domicílios repartidos pela área (a mesma hipótese da
//! interpolação: densidade uniforme no setor).
//!
//! A barra de progresso é escrita à mão em stderr (só num terminal; fora dele, uma linha a cada
//! quarto): uma dúzia de linhas, contra trazer um crate de terminal para isso.

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::Path;

use divisa_referencia::formato::inteiro;
use divisa_registro::{Registro, SetorGravado};
use geo::MultiPolygon;

use crate::Saida;

const CHAVES: [&str; 3] = ["CD_SETOR", "codigo_setor", "cd_setor"];

/// Uma barra de progresso em stderr.
pub(crate) struct Progresso {
    titulo: &'static str,
    total: usize,
    terminal: bool,
    quarto: usize,
}

impl Progresso {
    pub(crate) fn new(titulo: &'static str, total: usize) -> Progresso {
        Progresso {
            titulo,
            total: total.max(1),
            terminal: std::io::stderr().is_terminal(),
            quarto: 0,
        }
    }

    pub(crate) fn atualizar(&mut self, feito: usize) {
        let pct = (feito.min(self.total) * 100) / self.total;
        let mut e = std::io::stderr().lock();
        if self.terminal {
            let cheio = pct / 5;
            let _ = write!(
                e,
                "\r{}: [{}{}] {pct:>3}% ({} de {})",
                self.titulo,
                "#".repeat(cheio),
                ".".repeat(20 - cheio),
                inteiro(feito as i64),
                inteiro(self.total as i64)
            );
            if feito >= self.total {
                let _ = writeln!(e);
            }
        } else if pct / 25 > self.quarto || feito >= self.total && self.quarto < 4 {
            self.quarto = if feito >= self.total { 4 } else { pct / 25 };
            let _ = writeln!(e, "{}: {pct}%", self.titulo);
        }
    }
}

fn texto_de(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(t) => t,
        // Latin-1: cada byte é o código do caractere.
        Err(e) => e.into_bytes().into_iter().map(char::from).collect(),
    }
}

struct Agregado {
    municipio: u32,
    urbano: bool,
    populacao: u32,
    domicilios: u32,
}

/// A maior contagem de pessoas ou domicílios que um setor censitário pode ter: os maiores do
/// Censo 2022 têm alguns milhares; um milhão é absurdo.
const MAIOR_CONTAGEM_DE_SETOR: u32 = 1_000_000;

/// Lê o CSV de agregados, guardando só os setores de `queremos`.
fn ler_agregados(
    nome: &str,
    texto: &str,
    queremos: &std::collections::HashSet<String>,
) -> Result<(HashMap<String, Agregado>, std::collections::HashSet<String>), String> {
    let mut leitor = csv::ReaderBuilder::new()
        .delimiter(b';')
        .flexible(true)
        .from_reader(texto.as_bytes());
    let cabecalho = leitor
        .headers()
        .map_err(|e| format!("{nome}: cabeçalho ilegível ({e})"))?
        .clone();
    let coluna = |n: &str| {
        cabecalho.iter().position(|c| {
            c.trim()
                .trim_start_matches('\u{feff}')
                .eq_ignore_ascii_case(n)
        })
    };
    let faltando = |n: &str| {
        format!(
            "{nome}: falta a coluna {n} (esperava o CSV de agregados por setores do IBGE, separado por «;», com CD_SETOR, v0001 e v0007; as colunas são: {})",
            cabecalho.iter().take(12).collect::<Vec<_>>().join(", ")
        )
    };
    let c_setor = coluna("CD_SETOR").ok_or_else(|| faltando("CD_SETOR"))?;
    let c_pop = coluna("v0001").ok_or_else(|| faltando("v0001"))?;
    let c_dom = coluna("v0007").ok_or_else(|| faltando("v0007"))?;
    let (c_sit, c_mun) = (coluna("SITUACAO"), coluna("CD_MUN"));
    let total = texto.len();
    let mut barra = Progresso::new("lendo os agregados", total);
    let mut mapa = HashMap::new();
    let mut sem_numero = std::collections::HashSet::new();
    for (i, registro) in leitor.records().enumerate() {
        let r = registro.map_err(|e| format!("{nome}, linha {}: {e}", i + 2))?;
        if i % 5_000 == 0 {
            barra.atualizar(r.position().map_or(0, |p| p.byte() as usize));
        }
        let codigo = r.get(c_setor).unwrap_or("").trim().to_string();
        if !queremos.contains(&codigo) {
            continue;
        }
        let linha = i + 2;
        if mapa.contains_key(&codigo) || sem_numero.contains(&codigo) {
            return Err(format!(
                "{nome}, linha {linha}: o setor {codigo} aparece duas vezes no CSV; qual linha vale? Corrija o arquivo"
            ));
        }
        // IBGE: "X" (sigilo) ou "." (não se aplica) são sigilosos; qualquer outra coisa tem de
        // ser uma contagem possível — negativo, fração ou absurdo não é "sigiloso", é erro.
        let numero = |c: usize, campo: &str| -> Result<Option<u32>, String> {
            let v = r.get(c).unwrap_or("").trim();
            if v == "X" || v == "." || v.is_empty() {
                return Ok(None);
            }
            match v.parse::<u32>() {
                Ok(n) if n <= MAIOR_CONTAGEM_DE_SETOR => Ok(Some(n)),
                _ => Err(format!(
                    "{nome}, linha {linha}, setor {codigo}: {campo} «{v}» não é uma contagem (inteiro de 0 a {}, ou X e . do sigilo)",
                    inteiro(i64::from(MAIOR_CONTAGEM_DE_SETOR))
                )),
            }
        };
        let (Some(populacao), Some(domicilios)) =
            (numero(c_pop, "v0001")?, numero(c_dom, "v0007")?)
        else {
            sem_numero.insert(codigo);
            continue;
        };
        let do_codigo: Option<u32> = codigo.get(..7).and_then(|c| c.parse().ok());
        let municipio = c_mun
            .and_then(|c| r.get(c))
            .and_then(|v| v.trim().parse().ok())
            .or(do_codigo)
            .unwrap_or(0);
        if Some(municipio) != do_codigo {
            return Err(format!(
                "{nome}, linha {linha}, setor {codigo}: CD_MUN {municipio} não é o município do código do setor ({})",
                do_codigo.map_or("?".to_string(), |c| c.to_string())
            ));
        }
        let urbano = c_sit
            .and_then(|c| r.get(c))
            .is_some_and(|v| v.trim().to_lowercase().starts_with("urb"));
        mapa.insert(
            codigo,
            Agregado {
                municipio,
                urbano,
                populacao,
                domicilios,
            },
        );
    }
    barra.atualizar(total);
    Ok((mapa, sem_numero))
}

/// Os setores importados no banco, no formato do motor (para `avaliar --db`).
pub(crate) fn do_banco(gravados: Vec<SetorGravado>) -> Vec<divisa_referencia::setores::Setor> {
    divisa_autos::setores_do_banco(gravados)
}

/// A malha de setores em qualquer dos formatos do IBGE e do QGIS (o .zip como o IBGE publica,
/// o .shp com o .dbf e o .prj ao lado, o GeoPackage, o GeoJSON): o código e o polígono de cada
/// feição. Um problema sai na tela, com o arquivo, e dá `None`.
fn ler_malha_de_setores(
    malha: &Path,
    nome_malha: &str,
) -> Option<Vec<(String, MultiPolygon<f64>)>> {
    const CMD: &str = "setores importar";
    let extensao = nome_malha
        .rsplit('.')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let feicoes = match extensao.as_str() {
        "gpkg" if malha.is_file() => {
            divisa_avaliacao::gpkg::ler_feicoes(malha, nome_malha, &CHAVES)
        }
        "gpkg" => {
            eprintln!("divisa {CMD}: {nome_malha}: o arquivo não existe.");
            return None;
        }
        "geojson" | "json" => {
            let bytes = crate::arquivo::ler_arquivo(CMD, malha)?;
            divisa_territorio::leitura::ler_feicoes_geojson_por(nome_malha, &bytes, &CHAVES)
        }
        // o Shapefile compactado, como o IBGE o publica (MT_setores_CD2022.zip)
        "zip" => {
            let bytes = crate::arquivo::ler_arquivo(CMD, malha)?;
            divisa_territorio::leitura::ler_feicoes_shapefile_zip_por(nome_malha, &bytes, &CHAVES)
        }
        // o Shapefile solto: o .dbf e o .prj ao lado
        "shp" => {
            let shp = crate::arquivo::ler_arquivo(CMD, malha)?;
            let Ok(dbf) = divisa_recursos::ler_com_teto(
                &malha.with_extension("dbf"),
                divisa_recursos::MAIOR_ARQUIVO,
            ) else {
                eprintln!(
                    "divisa {CMD}: {nome_malha}: falta {} ao lado (a tabela com o código de cada setor).",
                    malha.with_extension("dbf").display()
                );
                return None;
            };
            let prj = std::fs::read_to_string(malha.with_extension("prj")).ok();
            divisa_territorio::leitura::shapefile::ler_feicoes_shapefile_por(
                nome_malha,
                &shp,
                &dbf,
                prj.as_deref(),
                &CHAVES,
            )
        }
        _ => {
            eprintln!(
                "divisa {CMD}: {nome_malha}: esperava a malha de setores em GeoPackage (.gpkg), Shapefile (.zip do IBGE ou .shp com o .dbf ao lado) ou GeoJSON."
            );
            return None;
        }
    };
    match feicoes {
        Ok(f) => Some(f),
        Err(e) => {
            eprintln!("divisa {CMD}: {e}.");
            None
        }
    }
}

pub(crate) fn importar(
    malha: &Path,
    agregados: &Path,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    const CMD: &str = "setores importar";
    let nome_malha = malha.display().to_string();
    let Some(feicoes) = ler_malha_de_setores(malha, &nome_malha) else {
        return Ok(Saida::EntradaInvalida);
    };
    let total_feicoes = feicoes.len();
    let (de_mt, fora): (Vec<_>, Vec<_>) = feicoes.into_iter().partition(|(c, _)| {
        c.len() == 15 && c.starts_with("51") && c.bytes().all(|b| b.is_ascii_digit())
    });
    if de_mt.is_empty() {
        eprintln!(
            "divisa {CMD}: {nome_malha}: nenhum setor de Mato Grosso (código de 15 dígitos começando por 51) entre as {} feições.",
            total_feicoes
        );
        return Ok(Saida::EntradaInvalida);
    }
    let queremos: std::collections::HashSet<String> =
        de_mt.iter().map(|(c, _)| c.clone()).collect();
    if queremos.len() != de_mt.len() {
        eprintln!(
            "divisa {CMD}: {nome_malha}: {} na malha; qual feição vale? Corrija o arquivo.",
            divisa_referencia::formato::plural(
                (de_mt.len() - queremos.len()) as u64,
                "código de setor repetido",
                "códigos de setor repetidos"
            )
        );
        return Ok(Saida::EntradaInvalida);
    }
    let Some(bytes) = crate::arquivo::ler_arquivo(CMD, agregados) else {
        return Ok(Saida::EntradaInvalida);
    };
    let nome_csv = agregados.display().to_string();
    let (mapa, sem_numero) = match ler_agregados(&nome_csv, &texto_de(bytes), &queremos) {
        Ok(v) => v,
        Err(m) => {
            eprintln!("divisa {CMD}: {m}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let mut gravar = Vec::new();
    let mut sem_agregado = Vec::new();
    let mut repartidos = 0;
    for (codigo, poligonos) in de_mt {
        let Some(a) = mapa.get(&codigo) else {
            if !sem_numero.contains(&codigo) {
                sem_agregado.push(codigo);
            }
            continue;
        };
        let partes = &poligonos.0;
        let (pops, doms) = (
            divisa_territorio::interpolacao::repartir_pela_area(a.populacao, partes),
            divisa_territorio::interpolacao::repartir_pela_area(a.domicilios, partes),
        );
        if partes.len() > 1 {
            repartidos += 1;
        }
        for (i, p) in partes.iter().enumerate() {
            gravar.push(SetorGravado {
                codigo: if partes.len() == 1 {
                    codigo.clone()
                } else {
                    format!("{codigo}/{}", i + 1)
                },
                municipio: a.municipio,
                urbano: a.urbano,
                populacao: pops[i],
                domicilios: doms[i],
                geometria: divisa_autos::geometria_do_setor(p),
            });
        }
    }
    let rodar = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let fonte = format!(
        "Censo 2022 (IBGE): malha {} e agregados {}",
        malha
            .file_name()
            .map_or(nome_malha.clone(), |n| n.to_string_lossy().into_owned()),
        agregados
            .file_name()
            .map_or(nome_csv.clone(), |n| n.to_string_lossy().into_owned())
    );
    if gravar.is_empty() {
        eprintln!(
            "divisa {CMD}: nenhum setor a importar: os {} setores de MT da malha não têm agregados no CSV (todos sigilosos ou ausentes). Nada foi gravado.",
            inteiro(queremos.len() as i64)
        );
        return Ok(Saida::EntradaInvalida);
    }
    let resultado = rodar.block_on(async {
        let r = Registro::abrir(db).await?;
        let mut barra = Progresso::new("gravando os setores", gravar.len());
        let feito = r
            .importar_setores(&gravar, &fonte, crate::relogio::agora(), |n| {
                barra.atualizar(n)
            })
            .await;
        r.fechar().await;
        feito
    });
    if let Err(e) = resultado {
        eprintln!("divisa {CMD}: {e}");
        return Ok(Saida::EntradaInvalida);
    }
    let mut municipios: Vec<u32> = gravar.iter().map(|s| s.municipio).collect();
    municipios.sort_unstable();
    municipios.dedup();
    let populacao: u64 = gravar.iter().map(|s| u64::from(s.populacao)).sum();
    let domicilios: u64 = gravar.iter().map(|s| u64::from(s.domicilios)).sum();
    writeln!(
        saida,
        "Importados {} setores de {} de Mato Grosso: {} habitantes, {} domicílios particulares ocupados (Censo 2022, IBGE), no banco {db}.",
        inteiro((gravar.len() - repartidos) as i64),
        divisa_referencia::formato::plural(municipios.len() as u64, "município", "municípios"),
        inteiro(populacao as i64),
        inteiro(domicilios as i64)
    )?;
    if repartidos > 0 {
        writeln!(
            saida,
            "{} setor(es) de várias partes: população e domicílios repartidos entre as partes pela área.",
            inteiro(repartidos as i64)
        )?;
    }
    if !fora.is_empty() {
        writeln!(
            saida,
            "{} de fora de Mato Grosso (não gravada{}).",
            divisa_referencia::formato::plural(fora.len() as u64, "feição", "feições"),
            if fora.len() == 1 { "" } else { "s" }
        )?;
    }
    if !sem_numero.is_empty() {
        writeln!(
            saida,
            "Ignorados {} setores com agregados sigilosos ou ausentes (X ou . no CSV).",
            inteiro(sem_numero.len() as i64)
        )?;
    }
    if !sem_agregado.is_empty() {
        writeln!(
            saida,
            "ATENÇÃO: {} setor(es) da malha sem linha no CSV de agregados, não importados (ex.: {}).",
            inteiro(sem_agregado.len() as i64),
            sem_agregado.iter().take(3).cloned().collect::<Vec<_>>().join(", ")
        )?;
    }
    Ok(Saida::Sucesso)
}
