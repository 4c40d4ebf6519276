//! `divisa memorial`: o memorial descritivo de um território, e o território de volta nos
//! formatos de quem o usa — GeoJSON e GeoPackage para o QGIS, KML para o Google Earth, a tabela
//! de vértices na planilha ODS do SIGEF.
//!
//! A leitura é a do crate `divisa-territorio` (o GeoPackage, que é um banco SQLite, é aberto
//! por `divisa-avaliacao`, que também o grava: `gpkg::escrita`, com o SQL do padrão).

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use divisa_referencia::formato::decimal;
use divisa_territorio::leitura::Territorio;
use divisa_territorio::memorial::Memorial;

use crate::arquivo::ler_arquivo;
use crate::cli::FormatoMemorial;
use crate::Saida;

pub(crate) fn executar(
    caminho: &Path,
    formato: FormatoMemorial,
    destino: Option<&Path>,
    zona: Option<u8>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let nome = caminho.display().to_string();
    let extensao = caminho
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    // Um arquivo binário não vai para o terminal.
    let binario = match formato {
        FormatoMemorial::Gpkg => Some(("GeoPackage", "SAIDA.gpkg")),
        FormatoMemorial::Ods => Some(("planilha ODS", "SAIDA.ods")),
        _ => None,
    };
    if let (Some((tipo, exemplo)), None) = (binario, destino) {
        eprintln!(
            "divisa memorial: --formato {}: o {tipo} é um arquivo binário, que não vai para a saída padrão; diga onde gravá-lo com -o {exemplo}.",
            if exemplo.ends_with("gpkg") { "gpkg" } else { "ods" }
        );
        return Ok(Saida::EntradaInvalida);
    }
    if zona.is_some() && extensao != "dxf" {
        eprintln!(
            "divisa memorial: --zona vale só para DXF (o desenho do CAD não diz o sistema); {nome} diz as suas coordenadas no próprio arquivo."
        );
        return Ok(Saida::EntradaInvalida);
    }

    let lido = match extensao.as_str() {
        "gpkg" => {
            if !caminho.is_file() {
                eprintln!("divisa memorial: {nome}: o arquivo não existe.");
                return Ok(Saida::EntradaInvalida);
            }
            divisa_avaliacao::gpkg::ler(caminho, &nome)
        }
        "dxf" => {
            let Some(bytes) = ler_arquivo("memorial", caminho) else {
                return Ok(Saida::EntradaInvalida);
            };
            divisa_territorio::leitura::dxf::ler_dxf(&nome, &bytes, zona)
        }
        _ => {
            let Some(bytes) = ler_arquivo("memorial", caminho) else {
                return Ok(Saida::EntradaInvalida);
            };
            let prj = std::fs::read_to_string(caminho.with_extension("prj")).ok();
            // `divisa memorial` mede um memorial de qualquer lugar do Brasil (e diz quando fica
            // fora de Mato Grosso); `divisa avaliar` continua só com o território do Estado.
            divisa_territorio::leitura::ler_no_brasil(&nome, &bytes, prj.as_deref())
        }
    };
    let territorio = match lido {
        Ok(territorio) => territorio,
        Err(erro) => {
            eprintln!("divisa memorial: {erro}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let (memorial, origem) =
        divisa_avaliacao::territorio::memorial_com_confrontantes(&territorio.poligonos)
            .context("ao carregar a malha municipal")?;
    // Os códigos dos vértices do memorial lido (SIGEF) ficam; sem eles, V-001…
    let memorial = memorial.com_vertices_nomeados(&territorio.vertices_nomeados);
    let origem = origem.as_deref();
    let titulo = caminho
        .file_name()
        .map_or(nome.clone(), |n| n.to_string_lossy().into_owned());
    // Os avisos da leitura (azimute declarado que não bate, vértice repetido) vão ao stderr,
    // fora do documento, em todo formato; no JSON, no GeoJSON e no KML vão também dentro dele.
    for aviso in &territorio.avisos {
        eprintln!("divisa memorial: aviso: {aviso}");
    }
    let bytes = match formato {
        FormatoMemorial::Texto => {
            // direto para a saída, à medida que é montado (140 MB num milhão de vértices)
            return escrever(destino, saida, |w| {
                let mut a = Adaptador { w, erro: None };
                let r = memorial.escrever_texto(&titulo, &mut a).and_then(|()| {
                    std::fmt::Write::write_str(&mut a, "\n")?;
                    std::fmt::Write::write_str(&mut a, &memorial.divisas(&titulo, origem))
                });
                match (r, a.erro) {
                    (Ok(()), _) => Ok(()),
                    (Err(_), Some(e)) => Err(e),
                    (Err(_), None) => Err(std::io::Error::other("falha ao montar o texto")),
                }
            });
        }
        FormatoMemorial::Json => {
            // direto para a saída: um memorial de um milhão de vértices tem 550 MB de JSON
            let mut dados = memorial.dados(&titulo, origem);
            dados.avisos_da_leitura = Some(&territorio.avisos);
            return escrever(destino, saida, |w| {
                serde_json::to_writer_pretty(&mut *w, &dados)?;
                w.write_all(b"\n")
            });
        }
        FormatoMemorial::Geojson => geojson(&memorial, &territorio, &titulo, origem).into_bytes(),
        FormatoMemorial::Kml => {
            let dados = dados_para_leitura(&memorial, &territorio, origem);
            let dados: Vec<(&str, String)> = dados.iter().map(|(n, v)| (*n, v.clone())).collect();
            divisa_territorio::escrita::kml(&memorial, &titulo, &dados).into_bytes()
        }
        FormatoMemorial::Ods => {
            // O município na forma da lista do modelo do SIGEF ("Vera-MT"); fora de Mato
            // Grosso o divisa não sabe o município, e a célula fica para o agrimensor.
            let municipio = origem.map(|o| format!("{o}-MT"));
            divisa_territorio::escrita_ods::planilha_sigef(&memorial, &titulo, municipio.as_deref())
        }
        FormatoMemorial::Gpkg => {
            // Só chega aqui com -o (conferido acima).
            let Some(destino) = destino else {
                return Ok(Saida::EntradaInvalida);
            };
            // O que cada município cortado perde e o que lhe resta, para o QGIS mostrar lado a
            // lado o território e os remanescentes.
            let cortados = divisa_avaliacao::territorio::municipios_cortados(&territorio.poligonos);
            let remanescentes: Vec<_> =
                divisa_avaliacao::territorio::remanescentes(&territorio.poligonos, &cortados)
                    .into_iter()
                    .filter_map(|(_, r)| r)
                    .collect();
            let camadas = divisa_avaliacao::gpkg::escrita::Camadas {
                memorial: &memorial,
                titulo: &titulo,
                origem,
                remanescentes: &remanescentes,
            };
            return match divisa_avaliacao::gpkg::escrita::gravar(
                destino,
                &camadas,
                crate::relogio::agora(),
            ) {
                Ok(()) => {
                    eprintln!(
                        "divisa memorial: GeoPackage gravado em {} (camadas «territorio», «vertices» e «remanescentes» — {}; EPSG:4674).",
                        destino.display(),
                        match remanescentes.len() {
                            0 => "nenhum município de Mato Grosso cortado".to_owned(),
                            1 => "1 município cortado".to_owned(),
                            n => format!("{n} municípios cortados"),
                        }
                    );
                    Ok(Saida::Sucesso)
                }
                Err(erro) => {
                    eprintln!(
                        "divisa memorial: {}: não foi possível gravar o GeoPackage ({erro:#}).",
                        destino.display()
                    );
                    Ok(Saida::EntradaInvalida)
                }
            };
        }
    };
    escrever(destino, saida, |w| w.write_all(&bytes))
}

/// Um `io::Write` visto como `fmt::Write` (o memorial em texto é escrito com `write!`), que
/// guarda o erro de E/S para dizê-lo.
struct Adaptador<'a> {
    w: &'a mut dyn Write,
    erro: Option<std::io::Error>,
}

impl std::fmt::Write for Adaptador<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.w.write_all(s.as_bytes()).map_err(|e| {
            self.erro = Some(e);
            std::fmt::Error
        })
    }
}

/// Escreve o resultado em `destino` (ou na saída padrão), dizendo onde gravou.
fn escrever(
    destino: Option<&Path>,
    saida: &mut impl Write,
    escrita: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<Saida> {
    match destino {
        None => {
            escrita(saida)?;
        }
        Some(destino) => {
            let gravado = std::fs::File::create(destino).and_then(|f| {
                let mut w = std::io::BufWriter::new(f);
                escrita(&mut w)?;
                w.flush()
            });
            if let Err(erro) = gravado {
                eprintln!(
                    "divisa memorial: {}: não foi possível gravar ({}).",
                    destino.display(),
                    divisa_recursos::motivo_de_leitura(&erro)
                );
                return Ok(Saida::EntradaInvalida);
            }
            eprintln!("divisa memorial: gravado em {}.", destino.display());
        }
    }
    Ok(Saida::Sucesso)
}

/// O território em GeoJSON, com as medidas, os confrontantes, os avisos e os códigos dos
/// vértices (quando o arquivo lido os tinha), que a volta (`divisa memorial SAIDA.geojson`) lê.
fn geojson(
    memorial: &Memorial,
    territorio: &Territorio,
    titulo: &str,
    origem: Option<&str>,
) -> String {
    let mut propriedades = serde_json::Map::new();
    for (chave, valor) in [
        ("nome", titulo.into()),
        ("area_geodesica_m2", memorial.medida.area_m2.into()),
        ("area_albers_ibge_m2", memorial.area_albers_m2.into()),
        ("perimetro_m", memorial.medida.perimetro_m.into()),
        ("zona_utm", format!("{}S", memorial.zona).into()),
        ("origem", origem.into()),
        (
            "confrontantes",
            memorial.lista_de_confrontantes().join(", ").into(),
        ),
    ] {
        propriedades.insert(chave.to_owned(), valor);
    }
    // Os avisos da leitura (azimutes declarados que não batem, vértices repetidos) seguem com
    // o arquivo, para não se perderem na conversão.
    if !territorio.avisos.is_empty() {
        propriedades.insert("avisos".into(), territorio.avisos.join("; ").into());
    }
    if !territorio.vertices_nomeados.is_empty() {
        let codigos: Vec<Vec<&str>> = memorial
            .aneis
            .iter()
            .map(|a| a.vertices.iter().map(|v| v.codigo.as_str()).collect())
            .collect();
        propriedades.insert(
            divisa_territorio::leitura::PROPRIEDADE_CODIGOS.into(),
            serde_json::json!(codigos),
        );
    }
    divisa_territorio::escrita::geojson(&territorio.poligonos, propriedades)
}

/// As medidas para quem lê o KML no Google Earth, com os números no formato brasileiro.
fn dados_para_leitura(
    memorial: &Memorial,
    territorio: &Territorio,
    origem: Option<&str>,
) -> Vec<(&'static str, String)> {
    let mut dados = vec![
        ("Área geodésica (m²)", decimal(memorial.medida.area_m2, 2)),
        (
            "Área em Albers-IBGE (m²)",
            decimal(memorial.area_albers_m2, 2),
        ),
        ("Perímetro (m)", decimal(memorial.medida.perimetro_m, 2)),
        ("Zona UTM", format!("{}S", memorial.zona)),
        ("Sistema geodésico", "SIRGAS 2000".to_owned()),
        ("Município de origem", origem.unwrap_or("").to_owned()),
        (
            "Confrontantes",
            memorial.lista_de_confrontantes().join(", "),
        ),
    ];
    if !territorio.avisos.is_empty() {
        dados.push(("Avisos da leitura", territorio.avisos.join("; ")));
    }
    dados
}
