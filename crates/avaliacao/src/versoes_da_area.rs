//! As versões da área de um processo nos autos (issue 29; CONTRACT §5): o que é versão, de que
//! ato, e a proposta lida com a área trocada pela desenhada. Abaixo da avaliação dos autos
//! (`autos`) e da simulação do editor do mapa (`area`), que as leem; não depende de nenhuma das
//! duas.

use divisa_processo::{Ato, DocumentoArt15, Evento, Processo};
use jiff::civil::Date;

/// Os atos que podem trazer uma versão do território: o protocolo (com a representação), a
/// proposta juntada, o mapa e memorial juntados como documento do Art. 15 (II ou III, Art. 16,
/// parágrafo único) e a emenda de divisas (Art. 19, § 3º). Leitura registrada: um arquivo com
/// o mesmo nome em outro ato (uma certidão, uma informação) não muda o território em avaliação
/// — as divisas só mudam pelos atos que a lei prevê para isso, e o rito já confere a fase de
/// cada um.
pub fn ato_de_territorio(ato: &Ato) -> bool {
    matches!(
        ato,
        Ato::Protocolar { .. }
            | Ato::AnexarProposta { .. }
            | Ato::EmendarDivisas { .. }
            | Ato::AlterarArea { .. }
            | Ato::JuntarDocumento {
                art15: Some(DocumentoArt15::MapaNovo | DocumentoArt15::MapaOrigem),
                ..
            }
    )
}

/// Uma versão da área nos autos.
#[derive(Debug, Clone, PartialEq)]
pub struct Versao {
    /// 1, 2, … (a ordem nos autos).
    pub numero: u32,
    /// O ato que a trouxe.
    pub seq: u64,
    /// O arquivo.
    pub arquivo: String,
    /// O SHA-256 do arquivo, como o evento o guarda (vazio quando a lista veio dos arquivos).
    pub sha256: String,
    /// Desenhada no mapa ([`Ato::AlterarArea`]) e não juntada como arquivo da proposta.
    pub desenhada: bool,
}

/// Uma versão com quem a trouxe, quando e por quê (a lista de `GET …/area/versoes`).
#[derive(Debug, Clone, PartialEq)]
pub struct VersaoNosAutos {
    /// A versão.
    pub versao: Versao,
    /// O dia do ato.
    pub data: Date,
    /// A conta de quem praticou o ato (o nome e o cargo são de quem mostra).
    pub login: String,
    /// O motivo dito (só nas desenhadas no mapa).
    pub motivo: Option<String>,
    /// A área e os vértices gravados no ato (só nas desenhadas; as outras se medem do arquivo).
    pub area_m2: Option<u64>,
    /// Os vértices gravados no ato.
    pub vertices: Option<u32>,
}

/// O nome que a proposta dá ao arquivo da área (`novo.area` ou `desmembramento.area`).
pub fn arquivo_citado(texto: &str) -> Option<String> {
    let valor = texto.parse::<toml::Table>().ok()?;
    ["novo", "desmembramento"].iter().find_map(|secao| {
        valor
            .get(*secao)
            .and_then(|s| s.get("area"))
            .and_then(|a| a.as_str())
            .map(str::to_owned)
    })
}

/// A proposta com a `area` trocada por `arquivo` (a versão desenhada no mapa) e sem a área
/// desmembrada declarada em km² (`area_km2`), que era a da linha anterior; o resto fica como
/// está. Sem a seção do território, ela volta igual.
pub fn com_area(texto: &str, arquivo: &str) -> String {
    let Ok(mut valor) = texto.parse::<toml::Table>() else {
        return texto.to_owned();
    };
    // a seção que já tem a área; sem nenhuma, a do território (a proposta que ainda não tinha
    // o arquivo e ganhou a área desenhada no mapa)
    let secao = ["novo", "desmembramento"]
        .into_iter()
        .find(|s| valor.get(*s).and_then(|t| t.get("area")).is_some())
        .or_else(|| {
            ["novo", "desmembramento"]
                .into_iter()
                .find(|s| valor.get(*s).is_some_and(toml::Value::is_table))
        });
    match secao
        .and_then(|s| valor.get_mut(s))
        .and_then(|t| t.as_table_mut())
    {
        Some(tabela) => {
            tabela.insert("area".into(), toml::Value::String(arquivo.to_owned()));
            // Leitura registrada: a área desmembrada declarada em km² descrevia a linha da
            // representação; desenhada a linha nova, o número é o do polígono (Art. 8º, § 2º,
            // que na proposta faz a informada prevalecer sobre a medida).
            tabela.remove("area_km2");
            toml::to_string(&valor).unwrap_or_else(|_| texto.to_owned())
        }
        None => texto.to_owned(),
    }
}

/// As versões entre os arquivos que o registro deu à avaliação (seq, nome, conteúdo), quando
/// não se tem os eventos: o arquivo que a proposta em vigor cita, cada conteúdo novo, e as
/// áreas desenhadas. Quem tem os eventos usa [`versoes`] (e a avaliação dos autos recebe delas
/// a versão em vigor, em [`DoRegistro::versoes`]).
pub fn versoes_dos_arquivos(
    processo: &Processo,
    arquivos: &[(u64, String, Vec<u8>)],
) -> Vec<Versao> {
    let citado = processo.proposta.as_deref().and_then(arquivo_citado);
    let mut lista: Vec<&(u64, String, Vec<u8>)> = arquivos.iter().collect();
    lista.sort_by_key(|(seq, ..)| *seq);
    let mut versoes: Vec<Versao> = Vec::new();
    let mut anterior: Option<&[u8]> = None;
    for (seq, nome, conteudo) in lista {
        let desenhada = processo.arquivos_de_area.iter().any(|a| a == nome);
        if (!desenhada && Some(nome.as_str()) != citado.as_deref())
            || anterior == Some(conteudo.as_slice())
        {
            continue;
        }
        anterior = Some(conteudo);
        versoes.push(Versao {
            numero: versoes.len() as u32 + 1,
            seq: *seq,
            arquivo: nome.clone(),
            sha256: String::new(),
            desenhada,
        });
    }
    versoes
}

/// As versões da área nos autos, com quem, quando e por quê — dos eventos (os nomes e os
/// SHA-256 que a cadeia protege), sem ler os arquivos. A lista só cresce: cada ato é lido com
/// a proposta e a fase do seu dia, e um ato novo nunca renumera os antigos.
///
/// Leituras registradas (Art. 19, § 3º, e issue 29):
/// - até a primeira área desenhada no mapa, é versão o arquivo que a proposta em vigor naquele
///   ato cita (`area`), juntado com a representação, com a proposta ou como mapa do Art. 15 —
///   desde que o conteúdo mude (o formulário que reenvia o mapa de sempre não faz versão);
/// - desenhada a primeira, a linha só muda no mapa ([`Ato::AlterarArea`], com o papel e a fase
///   conferidos): uma proposta ou um mapa juntados depois são documentos dos autos, não versões
///   — ninguém desfaz a linha da Comissão reenviando o arquivo antigo;
/// - nenhum arquivo juntado depois da aprovação do projeto de decreto legislativo é versão: a
///   linha aprovada é a que vai a plebiscito.
pub fn versoes(_processo: &Processo, eventos: &[Evento]) -> Vec<VersaoNosAutos> {
    let mut lista: Vec<VersaoNosAutos> = Vec::new();
    let mut citado: Option<String> = None;
    let mut desenhou = false;
    let mut estado: Option<Processo> = None;
    for e in eventos {
        // a fase em que o ato foi decidido (antes dele)
        let aberta = estado
            .as_ref()
            .is_none_or(|p| p.fase <= divisa_processo::Fase::DecretoEmTramitacao);
        match &e.ato {
            Ato::Protocolar {
                proposta: Some(t), ..
            }
            | Ato::AnexarProposta { proposta: t } => {
                if let Some(c) = arquivo_citado(t) {
                    citado = Some(c);
                }
            }
            _ => {}
        }
        let nova =
            |arquivo: &str, sha256: &str, desenhada: bool, lista: &mut Vec<VersaoNosAutos>| {
                let (motivo, area_m2, vertices) = match &e.ato {
                    Ato::AlterarArea {
                        motivo,
                        area_m2,
                        vertices,
                        ..
                    } => (Some(motivo.clone()), Some(*area_m2), Some(*vertices)),
                    _ => (None, None, None),
                };
                lista.push(VersaoNosAutos {
                    versao: Versao {
                        numero: lista.len() as u32 + 1,
                        seq: e.seq,
                        arquivo: arquivo.to_owned(),
                        sha256: sha256.to_owned(),
                        desenhada,
                    },
                    data: e.data,
                    login: e.ator.id.clone(),
                    motivo,
                    area_m2,
                    vertices,
                });
            };
        if let Ato::AlterarArea { arquivo, .. } = &e.ato {
            if let Some(a) = e.anexos.iter().find(|a| &a.nome == arquivo) {
                nova(arquivo, &a.sha256, true, &mut lista);
                desenhou = true;
            }
        } else if aberta && !desenhou && ato_de_territorio(&e.ato) {
            if let Some(a) = e
                .anexos
                .iter()
                .find(|a| Some(a.nome.as_str()) == citado.as_deref())
            {
                if lista.last().is_none_or(|v| v.versao.sha256 != a.sha256) {
                    nova(&a.nome, &a.sha256, false, &mut lista);
                }
            }
        }
        match estado.as_mut() {
            None => estado = Processo::novo(e),
            Some(p) => p.aplicar(e),
        }
    }
    lista
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn com_area_troca_so_o_arquivo_da_area() {
        let t = "tipo = \"desmembramento\"\n[desmembramento]\ncedente = 1\nreceptor = 2\narea = \"mapa.kml\"\narea_km2 = 12.5\n";
        let novo = com_area(t, "area-v2.geojson");
        assert_eq!(arquivo_citado(&novo).as_deref(), Some("area-v2.geojson"));
        assert!(novo.contains("cedente = 1"), "{novo}");
        assert!(
            !novo.contains("area_km2"),
            "a área declarada era a da linha anterior: {novo}"
        );
        // a proposta que não tinha arquivo ganha a área desenhada
        let sem = "tipo = \"desmembramento\"\n[desmembramento]\ncedente = 1\nreceptor = 2\narea_km2 = 12.5\n";
        assert_eq!(
            arquivo_citado(&com_area(sem, "area-v1.geojson")).as_deref(),
            Some("area-v1.geojson")
        );
        assert_eq!(
            com_area("tipo = \"extincao\"\n", "x"),
            "tipo = \"extincao\"\n"
        );
    }
}
