//! Memoriais descritivos nos leiautes em que os agrimensores os entregam (issue 18, "Memorial
//! formats to read"), lidos e medidos.
//!
//! Os memoriais de `tests/memoriais/` descrevem a mesma parcela de cerca de 100 ha perto de
//! (−55,5°, −12,2°), em Vera (MT), e foram escritos por `examples/gera_memoriais_sigef.rs` com a
//! geodésia do próprio crate, nos leiautes publicados:
//! - `sigef_texto.txt`: o memorial que o SIGEF emite desde a 3ª edição da Norma Técnica para
//!   Georreferenciamento de Imóveis Rurais (INCRA, 2013) — vértices em coordenadas geográficas
//!   com altitude, azimute geodésico, distâncias, área e perímetro no SGL;
//! - `sigef_texto_com_erros.txt`: o mesmo, com o azimute do lado ABCD-P-0002–ABCD-M-0003 12'
//!   maior e a distância do lado ABCD-M-0004–ABCD-V-0005 1,50 m maior;
//! - `sigef_tabela.txt`: a "Descrição da Parcela" do PDF do SIGEF copiada para texto (código,
//!   longitude, latitude, altitude, vante, azimute, distância, confrontações);
//! - `utm_meridiano_central_57.txt`: o memorial antigo em UTM (Norma Técnica, 2ª ed., 2010), com o
//!   meridiano central no cabeçalho, azimute de quadrícula e distância plana.
//!
//! - `parcela_utm21s.dxf` e `parcela_utm21s.gpkg`: a mesma parcela em UTM 21S, escrita por
//!   outros programas (o ezdxf e o sqlite3 do Python: `memoriais/gera_parcela_dxf_gpkg.py`), o
//!   DXF como sai do CAD de um escritório de agrimensura (limite na camada "LIMITE_FUSO21",
//!   moldura, estrada e textos em outras camadas).
//!
//! As variantes (hemisfério em letra, graus decimais, OCR, SAD 69…) saem destes por troca de
//! texto, para que cada teste diga só o que muda.

use divisa_territorio::leitura::memorial::{
    ler_memorial, ler_memorial_no_brasil, Coordenadas, Disposicao, MemorialLido,
};
use divisa_territorio::leitura::{ler, ler_no_brasil};

const SIGEF_TEXTO: &str = include_str!("../memoriais/sigef_texto.txt");
const SIGEF_COM_ERROS: &str = include_str!("../memoriais/sigef_texto_com_erros.txt");
const SIGEF_TABELA: &str = include_str!("../memoriais/sigef_tabela.txt");
const UTM_MC_57: &str = include_str!("../memoriais/utm_meridiano_central_57.txt");
const DXF: &[u8] = include_bytes!("../memoriais/parcela_utm21s.dxf");

/// Os vértices da parcela: código, longitude, latitude (múltiplos de 0,0001°, exatos ao
/// milésimo de segundo) e altitude.
const PARCELA: [(&str, f64, f64, f64); 6] = [
    ("ABCD-M-0001", -55.5003, -12.1912, 352.18),
    ("ABCD-P-0002", -55.4962, -12.1908, 355.07),
    ("ABCD-M-0003", -55.4910, -12.1911, 361.42),
    ("ABCD-M-0004", -55.4908, -12.2001, 368.90),
    ("ABCD-V-0005", -55.4952, -12.2003, 364.33),
    ("ABCD-M-0006", -55.5000, -12.2000, 358.76),
];

fn ler_ok(nome: &str, texto: &str) -> MemorialLido {
    ler_memorial(nome, texto.as_bytes()).unwrap_or_else(|e| panic!("{nome}: {e}\n{texto}"))
}

fn erro(nome: &str, texto: &str) -> String {
    match ler_memorial(nome, texto.as_bytes()) {
        Ok(m) => panic!("{nome}: deveria recusar, leu {:?}", m.vertices),
        Err(e) => e.to_string(),
    }
}

/// Os vértices do anel exterior, sem repetir o primeiro.
fn pontos(lido: &MemorialLido) -> Vec<(f64, f64)> {
    let anel = &lido.territorio.poligonos.0[0].exterior().0;
    anel[..anel.len() - 1].iter().map(|c| (c.x, c.y)).collect()
}

/// A parcela, vértice a vértice, a menos de `tolerancia` graus.
fn confere_parcela(lido: &MemorialLido, tolerancia: f64) {
    let codigos: Vec<&str> = PARCELA.iter().map(|v| v.0).collect();
    assert_eq!(lido.vertices, codigos);
    for ((x, y), (c, lon, lat, _)) in pontos(lido).iter().zip(PARCELA) {
        assert!(
            (x - lon).abs() < tolerancia && (y - lat).abs() < tolerancia,
            "{c}: lido ({x}, {y}), esperado ({lon}, {lat})"
        );
    }
}

/// Troca cada "Longitude: A, Latitude: B e Altitude: C m" do memorial SIGEF por `f(A, B, C)`.
fn trocar_coordenadas(texto: &str, f: impl Fn(&str, &str, &str) -> String) -> String {
    let mut saida = String::new();
    let mut resto = texto;
    while let Some(i) = resto.find("Longitude: ") {
        saida.push_str(&resto[..i]);
        let depois = &resto[i + "Longitude: ".len()..];
        let (lon, depois) = depois.split_once(", Latitude: ").unwrap();
        let (lat, depois) = depois.split_once(" e Altitude: ").unwrap();
        let (alt, depois) = depois.split_once(" m").unwrap();
        saida.push_str(&f(lon, lat, alt));
        resto = depois;
    }
    saida.push_str(resto);
    saida
}

/// "-55°30'01,080"" em graus.
fn graus(gms: &str) -> f64 {
    let negativo = gms.starts_with('-');
    let (g, resto) = gms.trim_start_matches('-').split_once('°').unwrap();
    let (m, resto) = resto.split_once('\'').unwrap();
    let s = resto.trim_end_matches('"').replace(',', ".");
    let valor = g.parse::<f64>().unwrap()
        + m.parse::<f64>().unwrap() / 60.0
        + s.parse::<f64>().unwrap() / 3600.0;
    if negativo {
        -valor
    } else {
        valor
    }
}

#[test]
fn sigef_texto_le_os_vertices_e_confere_a_area_no_sgl() {
    let lido = ler_ok("sigef_texto.txt", SIGEF_TEXTO);
    assert!(lido.avisos.is_empty(), "{:?}", lido.avisos);
    confere_parcela(&lido, 1e-9);
    assert_eq!(lido.disposicao, Disposicao::Texto);
    assert_eq!(lido.coordenadas, Coordenadas::Geograficas);
    assert_eq!(lido.zona, 21);
    assert_eq!(lido.territorio.utm, None);
    let altitudes: Vec<Option<f64>> = PARCELA.iter().map(|v| Some(v.3)).collect();
    assert_eq!(lido.altitudes, altitudes);
    // A área declarada é a do SGL com as altitudes (102,4831 ha): a calculada bate a menos do
    // arredondamento (0,00005 ha = 0,5 m²).
    let declarada = lido.area_declarada_m2.unwrap();
    assert!((declarada - 1_024_831.0).abs() < 1e-6);
    assert!(
        (lido.area_sgl_m2 - declarada).abs() < 0.5,
        "{}",
        lido.area_sgl_m2
    );
    assert_eq!(lido.perimetro_declarado_m, Some(3_988.08));
    // Pela leitura geral, com a validação.
    let t = ler("sigef_texto.txt", SIGEF_TEXTO.as_bytes()).unwrap();
    assert!(t.avisos.is_empty(), "{:?}", t.avisos);
}

#[test]
fn sigef_texto_com_azimute_e_distancia_errados_avisa_o_lado() {
    let lido = ler_ok("sigef_texto_com_erros.txt", SIGEF_COM_ERROS);
    confere_parcela(&lido, 1e-9);
    assert_eq!(lido.avisos.len(), 2, "{:?}", lido.avisos);
    assert!(
        lido.avisos[0].starts_with(
            "lado ABCD-P-0002–ABCD-M-0003: azimute declarado difere do calculado em 720,"
        ) && lido.avisos[0].contains("declarado 93°33'25,00\""),
        "{:?}",
        lido.avisos
    );
    assert!(
        lido.avisos[1].starts_with(
            "lado ABCD-M-0004–ABCD-V-0005: distância declarada 480,85 m, calculada 479,35 m (no SGL"
        ),
        "{:?}",
        lido.avisos
    );
}

#[test]
fn sigef_texto_com_hemisferio_w_s() {
    for (oeste, sul) in [("W", "S"), ("O", "S"), ("W.Gr.", "Sul"), ("Oeste", "Sul")] {
        let texto = trocar_coordenadas(SIGEF_TEXTO, |lon, lat, alt| {
            format!(
                "Longitude: {} {oeste}, Latitude: {} {sul} e Altitude: {alt} m",
                lon.trim_start_matches('-'),
                lat.trim_start_matches('-')
            )
        });
        assert!(
            texto.contains(&format!("Longitude: 55°30'01,080\" {oeste}")),
            "{texto}"
        );
        let lido = ler_ok("hemisferio.txt", &texto);
        assert!(lido.avisos.is_empty(), "{oeste} {sul}: {:?}", lido.avisos);
        confere_parcela(&lido, 1e-9);
    }
    // Sem sinal nem letra: oeste e sul (todo o Brasil fica a oeste; a 12° só há sul), com aviso.
    let texto = SIGEF_TEXTO.replace(": -", ": ");
    let lido = ler_ok("sem_sinal.txt", &texto);
    confere_parcela(&lido, 1e-9);
    assert!(
        lido.avisos
            .iter()
            .any(|a| a.contains("longitudes sem sinal nem hemisfério, lidas como oeste"))
            && lido
                .avisos
                .iter()
                .any(|a| a.contains("latitudes sem sinal nem hemisfério, lidas como sul")),
        "{:?}",
        lido.avisos
    );
    // Sinal e letra que discordam: dito, não escolhido.
    let texto = SIGEF_TEXTO.replacen("-12°11'28,320\"", "-12°11'28,320\" N", 1);
    let e = erro("discorda.txt", &texto);
    assert!(
        e.contains("o sinal da latitude e a letra do hemisfério discordam"),
        "{e}"
    );
}

/// Uma troca de "Longitude: A, Latitude: B e Altitude: C m" por outra forma.
type TrocaDeCoordenadas = dyn Fn(&str, &str, &str) -> String;

#[test]
fn sigef_texto_nas_variantes_da_pratica() {
    let variantes: Vec<(&str, Box<TrocaDeCoordenadas>)> = vec![
        (
            "Long/Lat",
            Box::new(|lon, lat, alt| format!("Long.: {lon}, Lat: {lat} e Alt.: {alt} m")),
        ),
        (
            "de altitude",
            Box::new(|lon, lat, alt| {
                format!("Longitude: {lon}, Latitude: {lat}, de altitude {alt} m")
            }),
        ),
        (
            "segundos com ponto",
            Box::new(|lon, lat, alt| {
                format!(
                    "Longitude: {}, Latitude: {} e Altitude: {alt} m",
                    lon.replace(',', "."),
                    lat.replace(',', ".")
                )
            }),
        ),
        (
            "º ordinal",
            Box::new(|lon, lat, alt| {
                format!(
                    "Longitude: {}, Latitude: {} e Altitude: {alt} m",
                    lon.replace('°', "º"),
                    lat.replace('°', "º")
                )
            }),
        ),
        (
            "primas",
            Box::new(|lon, lat, alt| {
                format!(
                    "Longitude: {}, Latitude: {} e Altitude: {alt} m",
                    lon.replace('\'', "′").replace('"', "″"),
                    lat.replace('\'', "′").replace('"', "″")
                )
            }),
        ),
        (
            "aspas tipográficas",
            Box::new(|lon, lat, alt| {
                format!(
                    "Longitude: {}, Latitude: {} e Altitude: {alt} m",
                    lon.replace('\'', "’").replace('"', "”"),
                    lat.replace('\'', "’").replace('"', "“")
                )
            }),
        ),
        (
            "duas plicas",
            Box::new(|lon, lat, alt| {
                format!(
                    "Longitude: {}, Latitude: {} e Altitude: {alt} m",
                    lon.replace('"', "''"),
                    lat.replace('"', "''")
                )
            }),
        ),
        (
            "latitude antes",
            Box::new(|lon, lat, alt| {
                format!("Latitude: {lat}, Longitude: {lon} e Altitude: {alt} m")
            }),
        ),
        (
            "espaços nos ângulos",
            Box::new(|lon, lat, alt| {
                format!(
                    "Longitude: {}, Latitude: {} e Altitude: {alt} m",
                    lon.replace('°', "° ").replace('\'', "' "),
                    lat.replace('°', "° ").replace('\'', "' ")
                )
            }),
        ),
        (
            "menos tipográfico",
            Box::new(|lon, lat, alt| {
                format!(
                    "Longitude: {}, Latitude: {} e Altitude: {alt} m",
                    lon.replace('-', "−"),
                    lat.replace('-', "−")
                )
            }),
        ),
        (
            "caixa alta",
            Box::new(|lon, lat, alt| {
                format!("LONGITUDE: {lon}, LATITUDE: {lat} E ALTITUDE: {alt} M")
            }),
        ),
    ];
    for (nome, f) in variantes {
        let texto = trocar_coordenadas(SIGEF_TEXTO, f);
        let lido = ler_ok(nome, &texto);
        assert!(lido.avisos.is_empty(), "{nome}: {:?}", lido.avisos);
        confere_parcela(&lido, 1e-9);
        assert_eq!(lido.altitudes[0], Some(352.18), "{nome}");
    }
    // O texto inteiro em maiúsculas, sem acentos, como nos registros antigos.
    let caixa_alta = SIGEF_TEXTO.to_uppercase();
    let lido = ler_ok("caixa_alta.txt", &caixa_alta);
    confere_parcela(&lido, 1e-9);
    assert!(lido.avisos.is_empty(), "{:?}", lido.avisos);
}

#[test]
fn graus_decimais_com_virgula_e_com_ponto() {
    for separador in [",", "."] {
        let texto = trocar_coordenadas(SIGEF_TEXTO, |lon, lat, alt| {
            format!(
                "Longitude: {} Latitude: {} e Altitude: {alt} m",
                format!("{:.6}", graus(lon)).replace('.', separador),
                format!("{:.6}", graus(lat)).replace('.', separador)
            )
        });
        assert!(
            texto.contains(&format!(
                "Longitude: -55{separador}500300 Latitude: -12{separador}191200"
            )),
            "{texto}"
        );
        let lido = ler_ok("decimais.txt", &texto);
        assert!(lido.avisos.is_empty(), "{separador}: {:?}", lido.avisos);
        confere_parcela(&lido, 1e-9);
    }
}

#[test]
fn sigef_tabela_copiada_do_pdf() {
    let lido = ler_ok("sigef_tabela.txt", SIGEF_TABELA);
    assert!(lido.avisos.is_empty(), "{:?}", lido.avisos);
    confere_parcela(&lido, 1e-9);
    assert_eq!(lido.disposicao, Disposicao::Tabela);
    assert_eq!(lido.altitudes[5], Some(358.76));
    // Área e perímetro vêm na linha de baixo dos rótulos, como no PDF.
    assert_eq!(lido.area_declarada_m2, Some(1_024_831.0));
    assert_eq!(lido.perimetro_declarado_m, Some(3_988.08));
    // Células separadas por espaços (o leitor de PDF do navegador) e uma célula por linha (o
    // PyPDF2): a mesma parcela.
    let com_espacos = SIGEF_TABELA.replace('\t', "   ");
    let lido = ler_ok("espacos.txt", &com_espacos);
    assert!(lido.avisos.is_empty(), "{:?}", lido.avisos);
    confere_parcela(&lido, 1e-9);
    let uma_por_linha = SIGEF_TABELA.replace('\t', "\n");
    let lido = ler_ok("celulas.txt", &uma_por_linha);
    assert!(lido.avisos.is_empty(), "{:?}", lido.avisos);
    confere_parcela(&lido, 1e-9);
    // Um azimute errado na tabela (que vem só aos minutos): aviso com o lado.
    let errado = SIGEF_TABELA.replacen("178°45'", "179°45'", 1);
    let lido = ler_ok("tabela_errada.txt", &errado);
    assert_eq!(lido.avisos.len(), 1, "{:?}", lido.avisos);
    assert!(
        lido.avisos[0].starts_with("lado ABCD-M-0003–ABCD-M-0004: azimute declarado difere"),
        "{:?}",
        lido.avisos
    );
    // O vante que não é o vértice da linha seguinte é dito pela linha.
    let trocado = SIGEF_TABELA.replacen("352,18\tABCD-P-0002", "352,18\tABCD-P-0009", 1);
    let e = erro("vante.txt", &trocado);
    assert!(
        e.contains("linha 21: o lado segue para o vértice ABCD-P-0009, mas a linha seguinte (linha 22) é o vértice ABCD-P-0002"),
        "{e}"
    );
}

#[test]
fn o_mesmo_territorio_no_texto_na_tabela_e_em_utm() {
    let texto = ler_ok("sigef_texto.txt", SIGEF_TEXTO);
    let tabela = ler_ok("sigef_tabela.txt", SIGEF_TABELA);
    let utm = ler_ok("utm.txt", UTM_MC_57);
    assert_eq!(pontos(&texto), pontos(&tabela));
    assert_eq!(texto.vertices, utm.vertices);
    // A UTM vem ao centímetro: 1e-7° é 1 cm.
    for (a, b) in pontos(&texto).iter().zip(pontos(&utm)) {
        assert!(
            (a.0 - b.0).abs() < 1e-7 && (a.1 - b.1).abs() < 1e-7,
            "{a:?} {b:?}"
        );
    }
    // E o DXF do CAD, com as mesmas coordenadas UTM: os mesmos vértices, ponto a ponto.
    let dxf = ler("parcela_utm21s.dxf", DXF).unwrap();
    let anel = &dxf.poligonos.0[0].exterior().0;
    assert_eq!(dxf.poligonos.0.len(), 1);
    assert_eq!(anel.len(), 7);
    for (a, b) in pontos(&utm).iter().zip(anel) {
        assert!(
            (a.0 - b.x).abs() < 1e-12 && (a.1 - b.y).abs() < 1e-12,
            "{a:?} {b:?}"
        );
    }
}

/// Issue 18, "Also in": o DXF do CAD em UTM, a zona no nome da camada ou dada por quem chama;
/// sem zona, o erro diz como dá-la; a moldura e as estradas de outras camadas não entram.
#[test]
fn dxf_do_cad_com_a_zona_na_camada_ou_dada() {
    use divisa_territorio::leitura::dxf::ler_dxf;
    let lido = ler_dxf("parcela.dxf", DXF, None).unwrap();
    assert_eq!(lido.utm, Some((21, true)));
    assert!(lido.avisos.is_empty(), "{:?}", lido.avisos);
    let area = divisa_territorio::geodesia::area_geodesica(&lido.poligonos).area_m2;
    assert!((area / 1e4 - 102.45).abs() < 0.05, "{area}");
    let texto = String::from_utf8(DXF.to_vec()).unwrap();
    // Sem a zona no nome: o erro diz como dá-la; dada por quem chama, lê.
    let sem_zona = texto.replace("LIMITE_FUSO21", "LIMITE_IMOVEL");
    let e = ler_dxf("sem_zona.dxf", sem_zona.as_bytes(), None)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("sem_zona.dxf, camada «LIMITE_IMOVEL»: o DXF não diz a zona UTM: dê a zona na linha de comando (divisa memorial AREA.dxf --zona 21S"),
        "{e}"
    );
    let dada = ler_dxf("sem_zona.dxf", sem_zona.as_bytes(), Some(21)).unwrap();
    assert_eq!(dada.poligonos, lido.poligonos);
    // A zona errada tira de Mato Grosso: recusada pelo vértice.
    let e = ler_dxf("sem_zona.dxf", sem_zona.as_bytes(), Some(23))
        .unwrap_err()
        .to_string();
    assert!(e.contains("fora de Mato Grosso"), "{e}");
    // Camada sem nome de limite: duas camadas com polilinhas fechadas (ela e a moldura).
    let anonima = texto.replace("LIMITE_FUSO21", "CAMADA1");
    let e = ler_dxf("anonima.dxf", anonima.as_bytes(), Some(21))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("há polilinhas fechadas em mais de uma camada («CAMADA1», «MOLDURA»)"),
        "{e}"
    );
    // SAD 69 no nome da camada: recusado com o motivo.
    let sad = texto.replace("LIMITE_FUSO21", "LIMITE_SAD69_FUSO21");
    let e = ler_dxf("sad.dxf", sad.as_bytes(), None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("SAD 69") && e.contains("SIRGAS 2000"), "{e}");
    // Não é DXF.
    let e = ler("falso.dxf", b"isto nao e um desenho")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("falso.dxf, arquivo: não é um DXF legível"),
        "{e}"
    );
}

#[test]
fn dxf_estragado_nunca_entra_em_panico() {
    let mut estado = 0x2018_u64;
    for _ in 0..300 {
        estado ^= estado << 13;
        estado ^= estado >> 7;
        estado ^= estado << 17;
        let mut bytes = DXF.to_vec();
        for k in 0..4 {
            let posicao = ((estado >> (k * 8)) % bytes.len() as u64) as usize;
            bytes[posicao] = (estado >> (k * 8 + 3)) as u8;
        }
        bytes.truncate(bytes.len() - ((estado >> 40) as usize % 2000));
        let _ = ler("x.dxf", &bytes);
    }
}

/// Issue 18: o memorial de saída guarda os códigos dos vértices do memorial lido (SIGEF), com
/// as altitudes; um vértice repetido em seguida sai com o seu código, sem desalinhar os outros.
#[test]
fn memorial_de_saida_guarda_os_codigos_do_sigef() {
    let codigos: Vec<&str> = PARCELA.iter().map(|v| v.0).collect();
    for (nome, texto) in [
        ("sigef_texto.txt", SIGEF_TEXTO),
        ("sigef_tabela.txt", SIGEF_TABELA),
    ] {
        let territorio = ler(nome, texto.as_bytes()).unwrap();
        let lidos: Vec<&str> = territorio.vertices_nomeados[0]
            .iter()
            .map(|v| v.codigo.as_str())
            .collect();
        assert_eq!(lidos, codigos, "{nome}");
        let m = divisa_territorio::memorial::memorial(&territorio.poligonos)
            .com_vertices_nomeados(&territorio.vertices_nomeados);
        let texto = m.texto(nome);
        assert!(
            texto.contains(
                "Inicia-se a descrição deste perímetro no vértice ABCD-M-0001, de coordenadas"
            ) && texto.contains("até o vértice ABCD-V-0005, de coordenadas")
                && !texto.contains("V-001"),
            "{texto}"
        );
        let dados = serde_json::to_value(m.dados(nome, None)).unwrap();
        assert_eq!(dados["aneis"][0]["vertices"][4]["codigo"], "ABCD-V-0005");
        assert_eq!(dados["aneis"][0]["vertices"][4]["altitude_m"], 364.33);
        assert_eq!(dados["aneis"][0]["lados"][5]["ate"], "ABCD-M-0001");
    }
    // O vértice ABCD-M-0003 escrito duas vezes (a segunda com outro código): a cópia sai com o
    // seu código.
    let repetido = SIGEF_TEXTO.replacen(
        "até o vértice ABCD-M-0004,",
        "até o vértice ABCD-M-0003X, de coordenadas Longitude: -55°29'27,600\", Latitude: -12°11'27,960\" e Altitude: 361,42 m; deste, segue até o vértice ABCD-M-0004,",
        1,
    );
    let territorio = ler("repetido.txt", repetido.as_bytes()).unwrap();
    let lidos: Vec<&str> = territorio.vertices_nomeados[0]
        .iter()
        .map(|v| v.codigo.as_str())
        .collect();
    assert_eq!(lidos, codigos);
    assert_eq!(territorio.poligonos.0[0].exterior().0.len(), 7);
}

#[test]
fn utm_com_meridiano_central_57() {
    let lido = ler_ok("utm.txt", UTM_MC_57);
    // Azimutes de quadrícula e distâncias planas, e a área no plano UTM: batem com a projeção.
    assert!(lido.avisos.is_empty(), "{:?}", lido.avisos);
    assert_eq!(
        lido.coordenadas,
        Coordenadas::Utm {
            zona: 21,
            sul: true
        }
    );
    assert_eq!(lido.territorio.utm, Some((21, true)));
    confere_parcela(&lido, 1e-7);
    for cabecalho in [
        "MC-57°",
        "MC: 57° W",
        "M.C. = -57",
        "Fuso 21",
        "zona 21S",
        "UTM 21 Sul",
        "SIRGAS 2000 / UTM zone 21S",
        "EPSG:31981",
        "Meridiano Central nº 57 WGr",
    ] {
        let texto = UTM_MC_57.replace("Meridiano Central: 57° WGr", cabecalho);
        let lido = ler_ok(cabecalho, &texto);
        assert_eq!(lido.zona, 21, "{cabecalho}");
        confere_parcela(&lido, 1e-7);
    }
    // Sem zona, com um meridiano que não é de zona UTM, ou com duas zonas: recusado, dizendo.
    let e = erro(
        "sem_zona.txt",
        &UTM_MC_57.replace("Meridiano Central: 57° WGr", "projeção UTM"),
    );
    assert!(e.contains("não diz a zona UTM"), "{e}");
    let e = erro("mc54.txt", &UTM_MC_57.replace("57° WGr", "54° WGr"));
    assert!(
        e.contains("linha 6: meridiano central 54° O não é o de uma zona UTM"),
        "{e}"
    );
    let e = erro(
        "duas.txt",
        &UTM_MC_57.replace("Meridiano Central: 57° WGr", "Fuso 21 (fuso 22 no mapa)"),
    );
    assert!(e.contains("mais de uma zona UTM"), "{e}");
    // Zona e meridiano que discordam: vale a zona, com aviso; a 22 tira a parcela de MT.
    let e = erro(
        "discordam.txt",
        &UTM_MC_57.replace(
            "Meridiano Central: 57° WGr",
            "Fuso 22, Meridiano Central: 57° WGr",
        ),
    );
    assert!(
        e.contains("com a zona 22S do memorial, cai em latitude")
            && e.contains("confira a zona (com as zonas 20S ou 21S, o perímetro inteiro cai em Mato Grosso; o meridiano central do memorial é o da zona 21S)"),
        "{e}"
    );
}

#[test]
fn sad69_recusado_com_o_motivo() {
    let sad = SIGEF_TEXTO.replace("SIRGAS2000", "SAD-69");
    let e = erro("sad.txt", &sad);
    assert!(
        e.starts_with("sad.txt, linha 17: o memorial está no sistema geodésico SAD 69")
            && e.contains("o divisa lê coordenadas no SIRGAS 2000")
            && e.contains("passa de 60 m")
            && e.contains("ProGriD"),
        "{e}"
    );
    let e = erro(
        "ca.txt",
        &UTM_MC_57.replace("SIRGAS 2000", "Córrego Alegre"),
    );
    assert!(e.contains("sistema geodésico Córrego Alegre"), "{e}");
    // Os dois citados (coordenadas convertidas): lido, com aviso.
    let os_dois = SIGEF_TEXTO.replace("o SIRGAS2000", "o SIRGAS2000 (convertidas do SAD 69)");
    let lido = ler_ok("os_dois.txt", &os_dois);
    assert!(
        lido.avisos[0].contains("cita o SAD 69"),
        "{:?}",
        lido.avisos
    );
    // Sem sistema nenhum: lido como SIRGAS 2000, com aviso.
    let sem = SIGEF_TEXTO.replace("tendo como datum o SIRGAS2000, ", "");
    let lido = ler_ok("sem.txt", &sem);
    assert_eq!(
        lido.avisos,
        ["o memorial não diz o sistema geodésico: lido como SIRGAS 2000"]
    );
}

#[test]
fn ocr_letra_o_no_codigo_do_vertice() {
    // O OCR leu zeros como a letra O no vértice 3 e no fechamento.
    let texto = SIGEF_TEXTO
        .replacen("vértice ABCD-M-0003", "vértice ABCD-M-OOO3", 1)
        .replace(
            "vértice ABCD-M-0001, ponto inicial",
            "vértice ABCD-M-0OO1, ponto inicial",
        );
    let lido = ler_ok("ocr.txt", &texto);
    confere_parcela(&lido, 1e-9);
    assert_eq!(lido.avisos.len(), 2, "{:?}", lido.avisos);
    assert_eq!(
        lido.avisos[0],
        "linha 17: o código «ABCD-M-OOO3» tem a letra O no lugar do zero; lido como ABCD-M-0003"
    );
    // Na tabela também (código e vante).
    let tabela = SIGEF_TABELA.replace("ABCD-V-0005", "ABCD-V-OOO5");
    let lido = ler_ok("ocr_tabela.txt", &tabela);
    confere_parcela(&lido, 1e-9);
    assert!(
        lido.avisos.iter().all(|a| a.contains("«ABCD-V-OOO5»")) && lido.avisos.len() == 2,
        "{:?}",
        lido.avisos
    );
}

#[test]
fn ocr_linha_partida_dentro_da_coordenada_e_espacos_faltando() {
    // Quebras de linha dentro de coordenadas e códigos, onde não deixam dúvida.
    let partido = SIGEF_TEXTO
        .replacen("-55°30'01,080\"", "-55°30'\n01,080\"", 1)
        .replacen("-12°11'26,880\"", "-12°11'26,\n880\"", 1)
        .replacen("-55°29'27,600\"", "-\n55°29'27,600\"", 1)
        .replacen("vértice ABCD-M-0004", "vértice ABCD-M-\n0004", 1)
        .replacen("Altitude: 364,33", "Altitude:\n364,33", 1);
    let lido = ler_ok("partido.txt", &partido);
    assert!(lido.avisos.is_empty(), "{:?}", lido.avisos);
    confere_parcela(&lido, 1e-9);
    assert_eq!(lido.altitudes[4], Some(364.33));
    // Espaços que a cópia do PDF comeu.
    let colado = SIGEF_TEXTO
        .replace("Longitude: ", "Longitude:")
        .replace(", Latitude: ", ",Latitude:")
        .replace("\" e Altitude: ", "\"eAltitude:")
        .replace(" m; deste, segue", "m;deste,segue")
        .replace("vértice ABCD", "vérticeABCD");
    let lido = ler_ok("colado.txt", &colado);
    assert!(lido.avisos.is_empty(), "{:?}", lido.avisos);
    confere_parcela(&lido, 1e-9);
}

#[test]
fn coordenada_estragada_e_dita_pela_linha_sem_adivinhar() {
    // Cada vértice numa linha, para a mensagem dizer qual.
    let por_linha = SIGEF_TEXTO.replace("; deste, segue", ";\ndeste, segue");
    // Segundos partidos sem separador: "4" e "6,320" podem ser 46,320 ou não.
    let partido = por_linha.replacen("-55°29'46,320\"", "-55°29'4\n6,320\"", 1);
    let e = erro("partido.txt", &partido);
    assert!(
        e.starts_with("partido.txt, linha 18: vértice ABCD-P-0002: «-55°29'4 6»"),
        "{e}"
    );
    assert!(e.contains("não se sabe se é um número só"), "{e}");
    // Letra no lugar de algarismo nos minutos, e minutos 75: as duas linhas, numa mensagem.
    let estragado = por_linha
        .replacen("-12°11'27,960\"", "-12°1l'27,960\"", 1)
        .replacen("-55°29'42,720\"", "-55°75'42,720\"", 1);
    let e = erro("estragado.txt", &estragado);
    assert!(
        e.starts_with("estragado.txt, linha 19: vértice ABCD-M-0003: «-12°1»: depois dos minutos esperava o símbolo '")
            && e.contains("; linha 21: vértice ABCD-V-0005: «-55°75'42,720\"»: minutos e segundos vão de 0 a 59"),
        "{e}"
    );
    // Graus decimais partidos na quebra: não se adivinha.
    let decimais = trocar_coordenadas(&por_linha, |lon, lat, alt| {
        format!(
            "Longitude: {:.6} Latitude: {:.6} e Altitude: {alt} m",
            graus(lon),
            graus(lat)
        )
        .replace('.', ",")
    })
    .replacen("-55,496200", "-55,49\n6200", 1);
    let e = erro("decimal_partido.txt", &decimais);
    assert!(e.contains("linha 18: vértice ABCD-P-0002: «-55,49» e «6200», na linha seguinte, podem ser um número só"), "{e}");
    // Um vértice sem coordenadas.
    let sem = por_linha.replacen(
        "de coordenadas Longitude: -55°29'27,600\", Latitude: -12°11'27,960\" e Altitude: 361,42 m",
        "(marco destruído)",
        1,
    );
    let e = erro("sem.txt", &sem);
    assert!(
        e.contains("linha 19: o vértice ABCD-M-0003 não tem coordenadas: esperava"),
        "{e}"
    );
    // Latitude sem hemisfério perto do equador (onde o Brasil tem as duas): recusada.
    let equador = SIGEF_TEXTO.replace("Latitude: -12°", "Latitude: 2°");
    let e = erro("equador.txt", &equador);
    assert!(e.contains("não diz o hemisfério"), "{e}");
}

#[test]
fn area_e_perimetro_declarados_sao_conferidos() {
    let area = SIGEF_TEXTO.replace("102,4831 ha", "102,5831 ha");
    let lido = ler_ok("area.txt", &area);
    assert_eq!(lido.avisos.len(), 1, "{:?}", lido.avisos);
    assert!(
        lido.avisos[0].starts_with("área declarada 102,5831 ha (linha 14) difere da calculada das coordenadas: 102,4831 ha no SGL do SIGEF, com as altitudes, 102,4715 ha geodésica (GRS80)")
            && lido.avisos[0].ends_with("a mais próxima difere 0,1000 ha (0,098%)"),
        "{:?}",
        lido.avisos
    );
    let perimetro = SIGEF_TEXTO.replace("3.988,08 m", "3.998,08 m");
    let lido = ler_ok("perimetro.txt", &perimetro);
    assert_eq!(lido.avisos.len(), 1, "{:?}", lido.avisos);
    assert!(
        lido.avisos[0].starts_with("perímetro declarado 3.998,08 m (linha 15) difere do calculado das coordenadas: 3.988,08 m no SGL do SIGEF"),
        "{:?}",
        lido.avisos
    );
}

#[test]
fn area_encravada_vira_anel_interior() {
    // Uma área encravada (de outro dono) no meio da parcela: um segundo perímetro depois do
    // primeiro, anunciado como no SIGEF.
    let encravada = "\nÁrea encravada: Inicia-se a descrição deste perímetro no vértice ABCD-M-0101, de coordenadas Longitude: -55°29'50,000\", Latitude: -12°11'40,000\" e Altitude: 360,00 m; deste, segue até o vértice ABCD-M-0102, de coordenadas Longitude: -55°29'45,000\", Latitude: -12°11'40,000\" e Altitude: 360,00 m; deste, segue até o vértice ABCD-M-0103, de coordenadas Longitude: -55°29'45,000\", Latitude: -12°11'45,000\" e Altitude: 360,00 m; deste, segue até o vértice ABCD-M-0101, ponto inicial da descrição deste perímetro.\n";
    let texto = SIGEF_TEXTO.replace(
        " Todas as coordenadas",
        &format!("{encravada}Todas as coordenadas"),
    );
    let lido = ler_ok("encravada.txt", &texto);
    let poligono = &lido.territorio.poligonos.0;
    assert_eq!(poligono.len(), 1);
    assert_eq!(poligono[0].interiors().len(), 1);
    assert_eq!(lido.vertices.len(), 9);
    // A área declarada (a da parcela cheia) agora difere: a encravada sai.
    assert!(
        lido.avisos
            .iter()
            .any(|a| a.starts_with("área declarada 102,4831 ha")),
        "{:?}",
        lido.avisos
    );
}

#[test]
fn fora_de_mt_avisa() {
    // Um lote em Goiânia (GO), fora do envelope de Mato Grosso: medido no Brasil, com aviso;
    // recusado na leitura de Mato Grosso (a da avaliação).
    let goiania = trocar_coordenadas(SIGEF_TEXTO, |lon, lat, alt| {
        format!(
            "Longitude: {:.6}, Latitude: {:.6} e Altitude: {alt} m",
            graus(lon) + 6.25,
            graus(lat) - 4.49
        )
        .replace('.', ",")
    });
    let lido = ler_memorial_no_brasil("goiania.txt", goiania.as_bytes()).unwrap();
    assert!(
        lido.avisos[0].starts_with("fora de Mato Grosso: o vértice ABCD-M-0001 (linha 17) fica em latitude -16,681200 e longitude -49,250300, fora do estado"),
        "{:?}",
        lido.avisos
    );
    assert!(lido.territorio.poligonos.0[0].exterior().0.len() == 7);
    let e = ler_memorial("goiania.txt", goiania.as_bytes())
        .unwrap_err()
        .to_string();
    assert!(e.contains("vértice ABCD-M-0001: latitude -16,681200 e longitude -49,250300 ficam fora de Mato Grosso"), "{e}");
    // Pela leitura geral: `ler_no_brasil` mede (com o aviso), `ler` recusa.
    let t = ler_no_brasil("goiania.txt", goiania.as_bytes(), None).unwrap();
    assert!(
        t.avisos[0].starts_with("fora de Mato Grosso"),
        "{:?}",
        t.avisos
    );
    assert!(ler("goiania.txt", goiania.as_bytes()).is_err());

    // Em Vilhena (RO), dentro do envelope de Mato Grosso mas fora do estado: a malha municipal
    // diz.
    let vilhena = trocar_coordenadas(SIGEF_TEXTO, |lon, lat, alt| {
        format!(
            "Longitude: {:.6}, Latitude: {:.6} e Altitude: {alt} m",
            graus(lon) - 4.64,
            graus(lat) - 0.54
        )
        .replace('.', ",")
    });
    let lido = ler_memorial_no_brasil("vilhena.txt", vilhena.as_bytes()).unwrap();
    assert!(
        lido.avisos[0]
            .contains("fora dos municípios de Mato Grosso pela Malha Municipal 2022 do IBGE"),
        "{:?}",
        lido.avisos
    );
    // A parcela de Vera (MT), no Brasil: sem aviso.
    let lido = ler_memorial_no_brasil("vera.txt", SIGEF_TEXTO.as_bytes()).unwrap();
    assert!(lido.avisos.is_empty(), "{:?}", lido.avisos);

    // UTM na zona 23 (Brasília): medida no Brasil, recusada em Mato Grosso pela zona.
    let brasilia = "Datum SIRGAS 2000, zona UTM 23S. Inicia-se no vértice P-01, de coordenadas N 8.250.000,00 m e E 190.000,00 m; deste, segue até o vértice P-02, de coordenadas N 8.250.000,00 m e E 190.500,00 m; deste, segue até o vértice P-03, de coordenadas N 8.250.500,00 m e E 190.500,00 m; deste, segue até o vértice P-01, ponto inicial.";
    let lido = ler_memorial_no_brasil("df.txt", brasilia.as_bytes()).unwrap();
    assert_eq!(
        lido.coordenadas,
        Coordenadas::Utm {
            zona: 23,
            sul: true
        }
    );
    assert!(
        lido.avisos[0].starts_with("fora de Mato Grosso"),
        "{:?}",
        lido.avisos
    );
    let e = erro("df.txt", brasilia);
    assert!(
        e.contains("zona UTM 23: Mato Grosso está nas zonas 20, 21 e 22"),
        "{e}"
    );
}

#[test]
fn fora_do_brasil_e_recusado() {
    let atlantico = trocar_coordenadas(SIGEF_TEXTO, |lon, lat, alt| {
        format!(
            "Longitude: {:.6}, Latitude: {:.6} e Altitude: {alt} m",
            graus(lon) + 30.0,
            graus(lat)
        )
        .replace('.', ",")
    });
    let e = ler_memorial_no_brasil("mar.txt", atlantico.as_bytes())
        .unwrap_err()
        .to_string();
    assert!(e.contains("ficam fora do Brasil"), "{e}");
}

#[test]
fn memorial_sem_vertices_diz_o_que_esperava() {
    let e = erro(
        "vazio.txt",
        "MEMORIAL DESCRITIVO\nImóvel rural, SIRGAS 2000.\n",
    );
    assert!(
        e.contains("nenhum vértice com coordenadas: esperava o texto do memorial"),
        "{e}"
    );
}
