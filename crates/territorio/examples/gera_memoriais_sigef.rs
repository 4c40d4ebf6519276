//! Gera os memoriais de teste de `tests/memoriais/`: uma parcela de cerca de 1 km perto de
//! (−55,5°, −12,2°), em Mato Grosso, escrita nos leiautes em que os agrimensores a entregam.
//!
//! Os valores declarados (azimutes, distâncias, área, perímetro) são calculados das próprias
//! coordenadas escritas (já arredondadas), com a geodésia do crate, nas convenções de cada
//! leiaute:
//! - SIGEF (Norma Técnica para Georreferenciamento de Imóveis Rurais, 3ª ed., INCRA, 2013, e o
//!   memorial que o SIGEF emite): coordenadas geográficas com três casas nos segundos, altitude
//!   elipsoidal, azimute geodésico, distâncias, área e perímetro no Sistema Geodésico Local
//!   (SGL: plano tangente no ponto médio do imóvel, cada vértice na sua altitude);
//! - UTM dos memoriais antigos (Norma Técnica, 2ª ed., 2010): E e N ao centímetro, azimute de
//!   quadrícula e distância plana, área no plano UTM.
//!
//! ```sh
//! cargo run -p divisa-territorio --example gera_memoriais_sigef
//! ```

use std::path::Path;

use divisa_referencia::formato::{angulo, decimal};
use divisa_territorio::geodesia::sirgas2000;
use divisa_territorio::sgl::{area_e_perimetro_sgl, plano_local, PontoComAltitude};
use divisa_territorio::utm::para_utm;
use geographiclib_rs::InverseGeodesic;

/// Os vértices, no sentido horário (como o SIGEF costuma), com tipo e altitude.
const VERTICES: [(&str, f64, f64, f64); 6] = [
    ("ABCD-M-0001", -55.5003, -12.1912, 352.18),
    ("ABCD-P-0002", -55.4962, -12.1908, 355.07),
    ("ABCD-M-0003", -55.4910, -12.1911, 361.42),
    ("ABCD-M-0004", -55.4908, -12.2001, 368.90),
    ("ABCD-V-0005", -55.4952, -12.2003, 364.33),
    ("ABCD-M-0006", -55.5000, -12.2000, 358.76),
];

const CONFRONTANTES: [&str; 6] = [
    "CNS: 06.363-6 | Mat. 1.234 | Fazenda Santa Rita",
    "CNS: 06.363-6 | Mat. 1.234 | Fazenda Santa Rita",
    "Estrada Vicinal MT-140",
    "CNS: 06.363-6 | Mat. 5.678 | Sítio Três Irmãos",
    "CNS: 06.363-6 | Mat. 5.678 | Sítio Três Irmãos",
    "Córrego do Buriti",
];

/// Arredonda a 0,001".
fn ao_milesimo_de_segundo(graus: f64) -> f64 {
    (graus * 3_600_000.0).round() / 3_600_000.0
}

/// "-55°30'01,080"".
fn gms(graus: f64) -> String {
    format!(
        "{}{}",
        if graus < 0.0 { "-" } else { "" },
        angulo(graus.abs(), 3)
    )
}

fn main() {
    let destino = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/memoriais");
    std::fs::create_dir_all(&destino).expect("pasta");
    let vertices: Vec<(&str, f64, f64, f64)> = VERTICES
        .iter()
        .map(|&(c, lon, lat, h)| {
            (
                c,
                ao_milesimo_de_segundo(lon),
                ao_milesimo_de_segundo(lat),
                h,
            )
        })
        .collect();
    let n = vertices.len();
    let pontos: Vec<PontoComAltitude> = vertices
        .iter()
        .map(|&(_, lon, lat, h)| PontoComAltitude { lon, lat, h })
        .collect();
    let plano = plano_local(&pontos);
    let (area_sgl, perimetro_sgl) = area_e_perimetro_sgl(&pontos);
    // Os lados: azimute geodésico, distância no SGL.
    let lados: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let j = (i + 1) % n;
            let (a, b) = (&vertices[i], &vertices[j]);
            let (_, azi, _, _): (f64, f64, f64, f64) = sirgas2000().inverse(a.2, a.1, b.2, b.1);
            let d = (plano[j].0 - plano[i].0).hypot(plano[j].1 - plano[i].1);
            (azi.rem_euclid(360.0), d)
        })
        .collect();
    let azimute_s = |graus: f64| angulo(graus, 0);
    let azimute_min = |graus: f64| {
        let minutos = (graus * 60.0).round() as u64;
        format!("{}°{:02}'", minutos / 60, minutos % 60)
    };
    let cabecalho = |area: f64, perimetro: f64| {
        format!(
            "MEMORIAL DESCRITIVO\n\nDenominação: Fazenda Boa Esperança do Arinos\nProprietário(a): Maria das Dores Silva\nMatrícula do imóvel: 12.345\nNatureza da Área: Particular\nCPF: 000.000.000-00\nCódigo INCRA/SNCR: 000.000.000.000-0\nMunicípio/UF: Vera-MT\nResponsável Técnico(a): João Batista Souza\nFormação: Engenheiro Agrimensor\nCódigo de credenciamento: ABCD\nConselho Profissional: CREA 000000/D-MT\nÁrea (Sistema Geodésico Local): {} ha\nPerímetro (m): {} m\n",
            decimal(area / 1e4, 4),
            decimal(perimetro, 2)
        )
    };
    let rodape = "Todas as coordenadas aqui descritas estão georreferenciadas ao Sistema Geodésico Brasileiro, tendo como datum o SIRGAS2000, e encontram-se representadas no sistema de coordenadas geodésicas. Todos os azimutes, distâncias, área e perímetro foram calculados no Sistema Geodésico Local (SGL), com origem no ponto médio do imóvel.\n";

    // SIGEF em texto corrido, e o mesmo com um azimute e uma distância errados.
    let texto_sigef = |azimute_errado: Option<usize>, distancia_errada: Option<usize>| {
        let mut s = cabecalho(area_sgl, perimetro_sgl);
        s.push('\n');
        let coordenadas = |i: usize| {
            let (_, lon, lat, h) = vertices[i];
            format!(
                "de coordenadas Longitude: {}, Latitude: {} e Altitude: {} m",
                gms(lon),
                gms(lat),
                decimal(h, 2)
            )
        };
        s.push_str(&format!(
            "Inicia-se a descrição deste perímetro no vértice {}, {}",
            vertices[0].0,
            coordenadas(0)
        ));
        for i in 0..n {
            let j = (i + 1) % n;
            let (mut az, mut d) = lados[i];
            if azimute_errado == Some(i) {
                az += 12.0 / 60.0;
            }
            if distancia_errada == Some(i) {
                d += 1.5;
            }
            s.push_str(&format!(
                "; deste, segue confrontando com {}, com os seguintes azimute e distância: {} e {} m até o vértice {}",
                CONFRONTANTES[i],
                azimute_s(az),
                decimal(d, 2),
                vertices[j].0
            ));
            if j == 0 {
                s.push_str(", ponto inicial da descrição deste perímetro. ");
            } else {
                s.push_str(&format!(", {}", coordenadas(j)));
            }
        }
        s.push_str(rodape);
        s
    };
    std::fs::write(destino.join("sigef_texto.txt"), texto_sigef(None, None)).expect("escrever");
    std::fs::write(
        destino.join("sigef_texto_com_erros.txt"),
        texto_sigef(Some(1), Some(3)),
    )
    .expect("escrever");

    // SIGEF em tabela ("Descrição da Parcela"), como um leitor de PDF a copia: células
    // separadas por tabulação, uma linha por vértice.
    let mut s = String::from("INSTITUTO NACIONAL DE COLONIZAÇÃO E REFORMA AGRÁRIA\nSISTEMA DE GESTÃO FUNDIÁRIA - SIGEF\n");
    s.push_str(&cabecalho(area_sgl, perimetro_sgl).replace(
        &format!(
            "Área (Sistema Geodésico Local): {} ha\nPerímetro (m): {} m\n",
            decimal(area_sgl / 1e4, 4),
            decimal(perimetro_sgl, 2)
        ),
        &format!(
            "Área (Sistema Geodésico Local)\tPerímetro (m)\n{} ha\t{} m\n",
            decimal(area_sgl / 1e4, 4),
            decimal(perimetro_sgl, 2)
        ),
    ));
    s.push_str("Descrição da Parcela\nVÉRTICE\tSEGMENTO VANTE\tCONFRONTAÇÕES\nCódigo\tLongitude\tLatitude\tAltitude (m)\tCódigo\tAzimute\tDist. (m)\n");
    for i in 0..n {
        let j = (i + 1) % n;
        let (c, lon, lat, h) = vertices[i];
        s.push_str(&format!(
            "{c}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            gms(lon),
            gms(lat),
            decimal(h, 2),
            vertices[j].0,
            azimute_min(lados[i].0),
            decimal(lados[i].1, 2),
            CONFRONTANTES[i]
        ));
    }
    s.push_str("Página 1 de 1\n");
    s.push_str(rodape);
    std::fs::write(destino.join("sigef_tabela.txt"), s).expect("escrever");

    // UTM, com o meridiano central no cabeçalho: azimute de quadrícula e distância plana.
    let utm: Vec<(f64, f64)> = vertices
        .iter()
        .map(|&(_, lon, lat, _)| {
            let u = para_utm(lon, lat, Some(21));
            (
                (u.leste_m * 100.0).round() / 100.0,
                (u.norte_m * 100.0).round() / 100.0,
            )
        })
        .collect();
    let area_utm = (0..n)
        .map(|i| {
            let (a, b) = (utm[i], utm[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum::<f64>()
        .abs()
        / 2.0;
    let mut s = format!(
        "MEMORIAL DESCRITIVO\n\nImóvel: Fazenda Boa Esperança do Arinos\nMunicípio: Vera - MT\nÁrea: {} ha\nSistema de projeção: UTM, Meridiano Central: 57° WGr, Datum: SIRGAS 2000.\n\n",
        decimal(area_utm / 1e4, 4)
    );
    let coordenadas = |i: usize| {
        format!(
            "de coordenadas N {} m e E {} m",
            decimal(utm[i].1, 2),
            decimal(utm[i].0, 2)
        )
    };
    s.push_str(&format!(
        "Inicia-se a descrição deste perímetro no vértice {}, {}",
        vertices[0].0,
        coordenadas(0)
    ));
    for i in 0..n {
        let j = (i + 1) % n;
        let (de, dn) = (utm[j].0 - utm[i].0, utm[j].1 - utm[i].1);
        s.push_str(&format!(
            "; deste, segue confrontando com {}, com azimute plano de {} e distância de {} m até o vértice {}",
            CONFRONTANTES[i],
            angulo(de.atan2(dn).to_degrees().rem_euclid(360.0), 2),
            decimal(de.hypot(dn), 2),
            vertices[j].0
        ));
        if j == 0 {
            s.push_str(", ponto inicial da descrição deste perímetro.\n");
        } else {
            s.push_str(&format!(", {}", coordenadas(j)));
        }
    }
    std::fs::write(destino.join("utm_meridiano_central_57.txt"), s).expect("escrever");
    println!(
        "memoriais em {}: área SGL {} ha, perímetro SGL {} m, área UTM {} ha",
        destino.display(),
        decimal(area_sgl / 1e4, 4),
        decimal(perimetro_sgl, 2),
        decimal(area_utm / 1e4, 4)
    );
}
