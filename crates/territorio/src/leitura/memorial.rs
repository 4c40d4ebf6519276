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

mod bruto;
mod cabecalho;
mod conferencia;
mod corrido;
mod lexico;
mod numeros;
mod posicao;
mod tabela;

use divisa_referencia::formato::decimal;
use geo_types::{Coord, LineString, MultiPolygon, Polygon};

use super::territorio::{ErroLeitura, Territorio, VerticeNomeado};
use crate::utm::zona_de;
use bruto::{Abrangencia, AnelBruto, Contexto, Recusa, VerticeBruto};
use lexico::Dobrado;
use posicao::{em_graus, onde_cai, EmGraus};

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

/// O maior número de problemas listados numa mensagem de erro.
const PROBLEMAS_MOSTRADOS: usize = 12;
/// O maior número de avisos de leitura (códigos corrigidos, altitudes ignoradas) listados um a um.
const AVISOS_DE_LEITURA_MOSTRADOS: usize = 50;

/// Lê um memorial descritivo em texto (UTF-8) de território de Mato Grosso: o que cai fora do
/// estado é recusado, dizendo o vértice (e, em UTM, a zona que o traria de volta).
///
/// ```
/// use divisa_territorio::leitura::memorial::ler_memorial;
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
/// use divisa_territorio::leitura::memorial::ler_memorial_no_brasil;
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

/// A leitura, por etapas: o texto; o sistema geodésico do cabeçalho; os vértices (texto corrido
/// ou tabela); a zona UTM; os problemas e a forma dos anéis; as coordenadas em graus; onde o
/// perímetro cai; o território; as conferências do declarado.
fn ler(arquivo: &str, bytes: &[u8], abrangencia: Abrangencia) -> Result<MemorialLido, ErroLeitura> {
    ler_por_etapas(arquivo, bytes, abrangencia).map_err(|r| ErroLeitura::Forma {
        arquivo: arquivo.to_owned(),
        onde: r.onde,
        mensagem: r.mensagem,
    })
}

fn ler_por_etapas(
    arquivo: &str,
    bytes: &[u8],
    abrangencia: Abrangencia,
) -> Result<MemorialLido, Recusa> {
    let texto = std::str::from_utf8(bytes).map_err(|e| {
        let linha = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        Recusa::na_linha(linha, "o memorial não é texto UTF-8".to_owned())
    })?;
    let dobrado = Dobrado::novo(texto);
    let ponto_decimal = cabecalho::ponto_decimal(&dobrado.b);
    let mut avisos_iniciais = sistema_geodesico(&dobrado)?;

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
    let usar_geo = preferir_geograficas(&aneis);
    let precisa_de_zona = aneis
        .iter()
        .flat_map(|a| &a.vertices)
        .any(|v| v.plano.is_some() && (!usar_geo || v.geo.is_none()));
    let zona_dita = if precisa_de_zona {
        zona_do_cabecalho(&dobrado, abrangencia, &mut avisos_iniciais)?
    } else {
        ZonaDoCabecalho::default()
    };
    recusar_problemas(std::mem::take(&mut ctx.problemas))?;
    conferir_aneis(&aneis)?;
    if let Some(l) = ctx.lon_sem_sinal {
        ctx.avisos.push(format!("linha {l}: longitudes sem sinal nem hemisfério, lidas como oeste (todo o Brasil fica a oeste de Greenwich)"));
    }
    if let Some(l) = ctx.lat_sem_sinal {
        ctx.avisos.push(format!("linha {l}: latitudes sem sinal nem hemisfério, lidas como sul (passando de 5,3° o Brasil só tem latitude sul)"));
    }

    let graus = em_graus(&aneis, usar_geo, zona_dita.zona_sul, abrangencia)?;
    let zona = graus.zona;
    let vertices_lidos: Vec<&VerticeBruto> = aneis.iter().flat_map(|a| &a.vertices).collect();
    let todos_pontos: Vec<Coord<f64>> = graus.pontos.iter().flatten().copied().collect();
    let aviso_fora_de_mt = onde_cai(
        &vertices_lidos,
        &todos_pontos,
        &graus,
        usar_geo,
        zona_dita.do_meridiano,
        abrangencia,
    )?;

    let mut avisos: Vec<String> = aviso_fora_de_mt.into_iter().collect();
    avisos.extend(avisos_iniciais);
    avisos.extend(avisos_de_leitura(std::mem::take(&mut ctx.avisos)));
    // Com geográficas e UTM no mesmo vértice, as duas têm de ser o mesmo ponto.
    if zona != 0 {
        avisos.extend(conferencia::geo_e_plano(
            &vertices_lidos,
            zona,
            graus.sul,
            abrangencia.zonas_validas(),
        ));
    }

    let multipoligono = territorio_dos_aneis(&aneis, &graus.pontos);
    // As conferências: lados, área, perímetro.
    let conferido = conferencia::conferir(
        &aneis,
        &graus.pontos,
        &multipoligono,
        graus.usou_plano && !graus.usou_geo,
        &cabecalho::area(&dobrado, ponto_decimal),
        &cabecalho::perimetro(&dobrado, ponto_decimal),
    );
    avisos.extend(conferido.avisos);

    let coordenadas = coordenadas_de(&graus);
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
                        .map(|v| VerticeNomeado {
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

/// O sistema geodésico dito no texto: SAD 69 e Córrego Alegre são recusados; o que não é dito,
/// ou é WGS 84, ou vem citado ao lado do SIRGAS 2000, é lido como SIRGAS 2000, com um aviso.
fn sistema_geodesico(dobrado: &Dobrado) -> Result<Vec<String>, Recusa> {
    let sistemas = cabecalho::sistemas(dobrado);
    let antigo = match (sistemas.sad69, sistemas.corrego_alegre) {
        (Some(l), _) => Some((l, "SAD 69 (South American Datum 1969)")),
        (None, Some(l)) => Some((l, "Córrego Alegre")),
        (None, None) => None,
    };
    let mut avisos = Vec::new();
    match (antigo, sistemas.sirgas) {
        (Some((linha, nome)), None) => {
            return Err(Recusa::na_linha(
                linha,
                format!("o memorial está no sistema geodésico {nome}: o divisa lê coordenadas no SIRGAS 2000, e a diferença entre os dois passa de 60 m em Mato Grosso. Converta as coordenadas para o SIRGAS 2000 (o ProGriD do IBGE faz a conversão) e leia de novo"),
            ));
        }
        (Some((linha, nome)), Some(l_sirgas)) => avisos.push(format!(
            "o memorial cita o {nome} (linha {linha}) e o SIRGAS 2000 (linha {l_sirgas}): as coordenadas foram lidas como SIRGAS 2000; confira que são as convertidas"
        )),
        (None, None) => match sistemas.wgs84 {
            Some(linha) => avisos.push(format!(
                "o memorial diz WGS 84 (linha {linha}): lido como SIRGAS 2000, de que o WGS 84 difere menos de 1 m"
            )),
            None => avisos.push(
                "o memorial não diz o sistema geodésico: lido como SIRGAS 2000".to_owned(),
            ),
        },
        (None, Some(_)) => {}
    }
    Ok(avisos)
}

/// Geográficas ou UTM: as que todos os vértices têm; com as duas, a mais fina (o centímetro da
/// UTM contra o milésimo de segundo, 3 cm).
fn preferir_geograficas(aneis: &[AnelBruto]) -> bool {
    let todos = || aneis.iter().flat_map(|a| a.vertices.iter());
    let com_geo = todos().filter(|v| v.geo.is_some()).count();
    let com_plano = todos().filter(|v| v.plano.is_some()).count();
    let total = todos().count();
    match (
        com_geo == total && total > 0,
        com_plano == total && total > 0,
    ) {
        (true, true) => {
            let (g, p) = todos()
                .next()
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
    }
}

/// A zona UTM que o cabeçalho diz, com o hemisfério quando dito; e o meridiano central, quando
/// discorda da zona dita (para a dica de zona trocada).
#[derive(Debug, Default)]
struct ZonaDoCabecalho {
    zona_sul: Option<(u8, Option<bool>)>,
    do_meridiano: Option<u8>,
}

/// A zona UTM do cabeçalho: uma só, de Mato Grosso (ou do Brasil, em [`Abrangencia::Brasil`]).
fn zona_do_cabecalho(
    dobrado: &Dobrado,
    abrangencia: Abrangencia,
    avisos: &mut Vec<String>,
) -> Result<ZonaDoCabecalho, Recusa> {
    let mut dita = ZonaDoCabecalho::default();
    let zonas = cabecalho::zonas(dobrado);
    // As ditas por "zona", "fuso", "UTM" ou EPSG valem sobre o meridiano central; os números
    // depois de "zona" que não são zonas do Brasil ("zona 3 do plano diretor") saem, se sobrar
    // alguma que é.
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
            dita.do_meridiano.get_or_insert(m.zona);
            avisos.push(format!(
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
                return Err(Recusa::na_linha(
                    linha,
                    format!("meridiano central {}° {} não é o de uma zona UTM (os do Brasil vão de 75° O, zona 18, a 33° O, zona 25, de 6 em 6 graus): o divisa lê UTM de fusos de 6°", decimal(meridiano.abs(), 2).trim_end_matches(",00"), if meridiano < 0.0 { "O" } else { "L" }),
                ));
            }
            Err(Recusa::em(
                "cabeçalho",
                match abrangencia {
                    Abrangencia::MatoGrosso => "não diz a zona UTM: escreva \"zona 21S\" ou \"meridiano central -57°\" (MT usa as zonas 20, 21 e 22)".to_owned(),
                    Abrangencia::Brasil => "não diz a zona UTM: escreva \"zona 21S\" ou \"meridiano central -57°\" (o Brasil usa as zonas 18 a 25)".to_owned(),
                },
            ))
        }
        [uma] => {
            if !abrangencia.zonas_validas().contains(&uma.zona) {
                return Err(Recusa::na_linha(
                    uma.linha,
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
            dita.zona_sul = Some((uma.zona, sul));
            Ok(dita)
        }
        varias => {
            let lista: Vec<String> = varias
                .iter()
                .map(|d| format!("{} (linha {}, «{}»)", d.zona, d.linha, d.como))
                .collect();
            Err(Recusa::na_linha(
                varias[1].linha,
                format!(
                    "o memorial diz mais de uma zona UTM: {}; esperava uma só",
                    lista.join(" e ")
                ),
            ))
        }
    }
}

/// Os problemas de leitura, por linha, numa recusa só (os primeiros [`PROBLEMAS_MOSTRADOS`]).
fn recusar_problemas(mut problemas: Vec<(usize, String)>) -> Result<(), Recusa> {
    if problemas.is_empty() {
        return Ok(());
    }
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
    Err(Recusa::na_linha(primeira, partes.join("; ")))
}

/// A forma dos anéis: algum vértice, pelo menos 3 por anel, cada anel fechado, e o primeiro não
/// é uma área excluída.
fn conferir_aneis(aneis: &[AnelBruto]) -> Result<(), Recusa> {
    if aneis.iter().all(|a| a.vertices.is_empty()) {
        return Err(Recusa::em(
            "texto",
            "nenhum vértice com coordenadas: esperava o texto do memorial (\"Inicia-se a descrição deste perímetro no vértice ABCD-M-0001, de coordenadas Longitude: -55°30'12,345\", Latitude: -12°10'05,678\" …\" ou \"… de coordenadas N 8.654.321,12 m e E 612.345,67 m …\") ou a tabela do SIGEF (uma linha por vértice: código, longitude, latitude, altitude, vante, azimute, distância)".to_owned(),
        ));
    }
    for anel in aneis {
        if anel.vertices.len() < 3 {
            let mensagem = format!(
                "{} com coordenadas: um perímetro precisa de pelo menos 3",
                divisa_referencia::formato::plural(
                    anel.vertices.len() as u64,
                    "vértice",
                    "vértices"
                )
            );
            return Err(if aneis.len() == 1 {
                Recusa::em("texto", mensagem)
            } else {
                Recusa::na_linha(anel.linha, mensagem)
            });
        }
        if !anel.fechado {
            let c = &anel.vertices[0].codigo;
            return Err(Recusa::em(
                "fim",
                format!("o perímetro não volta ao vértice inicial {c} (\"até o vértice {c}, ponto inicial da descrição\")"),
            ));
        }
    }
    if aneis[0].interior {
        return Err(Recusa::na_linha(
            aneis[0].linha,
            "o primeiro perímetro do memorial é uma área excluída: esperava antes o perímetro que a contém".to_owned(),
        ));
    }
    Ok(())
}

/// Em que coordenadas os vértices vieram, pelo que a conversão usou.
fn coordenadas_de(graus: &EmGraus) -> Coordenadas {
    match (graus.usou_geo, graus.usou_plano) {
        (true, true) => Coordenadas::Mistas,
        (false, true) => Coordenadas::Utm {
            zona: graus.zona,
            sul: graus.sul,
        },
        _ => Coordenadas::Geograficas,
    }
}

/// Os avisos de leitura (códigos corrigidos, altitudes ignoradas), os primeiros
/// [`AVISOS_DE_LEITURA_MOSTRADOS`] um a um e os demais contados.
fn avisos_de_leitura(mut avisos: Vec<String>) -> Vec<String> {
    if avisos.len() > AVISOS_DE_LEITURA_MOSTRADOS {
        let demais = avisos.len() - AVISOS_DE_LEITURA_MOSTRADOS;
        avisos.truncate(AVISOS_DE_LEITURA_MOSTRADOS);
        avisos.push(format!(
            "e mais {}",
            divisa_referencia::formato::plural(
                demais as u64,
                "aviso de leitura",
                "avisos de leitura"
            )
        ));
    }
    avisos
}

/// O território: cada anel exterior abre um polígono; cada área excluída é buraco do último.
fn territorio_dos_aneis(aneis: &[AnelBruto], pontos: &[Vec<Coord<f64>>]) -> MultiPolygon<f64> {
    let mut poligonos: Vec<Polygon<f64>> = Vec::new();
    for (anel, lista) in aneis.iter().zip(pontos) {
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
    MultiPolygon(poligonos)
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
