//! A área geodésica (GRS80) de cada polígono da Malha Municipal 2022 contra a área oficial do
//! IBGE e contra o GeographicLib em C++.

use divisa_referencia::malha;
use divisa_territorio::albers::area_albers_ibge;
use divisa_territorio::geodesia::area_geodesica;

/// O IBGE calcula a área oficial numa projeção de Albers; a geodésica difere dela em no
/// máximo 2,2e-5 (GEO_NOTES). O pedido (issue 2) fixa a tolerância em 0,01%.
const TOLERANCIA_RELATIVA: f64 = 1e-4;

#[test]
fn area_geodesica_de_cada_municipio_a_0_01_por_cento_da_area_oficial() {
    let mut pior = (0.0, "");
    let mut total_km2 = 0.0;
    for (entrada, poligono) in malha::carregar().unwrap() {
        let geodesica = area_geodesica(&poligono).area_km2();
        let relativa = (geodesica - entrada.area_km2_ibge).abs() / entrada.area_km2_ibge;
        assert!(
            relativa <= TOLERANCIA_RELATIVA,
            "{} ({}): geodésica {geodesica} km², oficial {} km², diferença relativa {relativa}",
            entrada.nome_malha_2022,
            entrada.codigo,
            entrada.area_km2_ibge
        );
        if relativa > pior.0 {
            pior = (relativa, entrada.nome_malha_2022);
        }
        total_km2 += geodesica;
    }
    // PROVENIENCIA: a malha reproduz AREA_KM2 a 0,0022% no pior caso; total 903.208,8 km².
    assert!(pior.0 < 2.5e-5, "{pior:?}");
    assert!((total_km2 - 903_208.8).abs() < 0.1, "{total_km2}");
}

#[test]
fn paranatinga_igual_ao_geographiclib_em_cpp() {
    // GEO_NOTES: C++ GeographicLib 2.1.2, GRS80, Malha 2022: 24.166.614.762,970966 m².
    let poligono = malha::poligono(5106307).unwrap().unwrap();
    let area = area_geodesica(&poligono).area_m2;
    assert!((area - 24_166_614_762.970_966).abs() < 0.01, "{area}");
}

#[test]
fn albers_do_ibge_reproduz_a_area_oficial() {
    // GEO_NOTES: Albers com os parâmetros do IBGE reproduz AREA_KM2 com mediana 8e-7 e máximo
    // 1,2e-5 (a coluna oficial tem três casas decimais, o que pesa nos municípios pequenos).
    let mut diferencas: Vec<(f64, &str)> = malha::carregar()
        .unwrap()
        .iter()
        .map(|(entrada, poligono)| {
            let albers = area_albers_ibge(poligono) / 1e6;
            (
                (albers - entrada.area_km2_ibge).abs() / entrada.area_km2_ibge,
                entrada.nome_malha_2022,
            )
        })
        .collect();
    diferencas.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mediana = diferencas[diferencas.len() / 2].0;
    let pior = diferencas[diferencas.len() - 1];
    assert!(mediana < 1e-6, "mediana {mediana}");
    assert!(pior.0 < 1.3e-5, "pior {pior:?}");
}

mod desmembramento {
    //! Tirar uma área de um município da malha real e juntá-la ao vizinho.

    use divisa_referencia::malha;
    use divisa_territorio::geodesia::area_geodesica;
    use divisa_territorio::leitura::ler_geojson;
    use divisa_territorio::operacoes::{diferenca, intersecao, uniao};
    use geo_types::{polygon, Coord, MultiPolygon};

    const RIBEIRAOZINHO: u32 = 5107198;
    const PONTE_BRANCA: u32 = 5106703;

    fn area(m: &MultiPolygon<f64>) -> f64 {
        area_geodesica(m).area_m2
    }

    #[test]
    fn faixa_de_ribeiraozinho_passa_a_ponte_branca_sem_lascas() {
        let cedente = malha::poligono(RIBEIRAOZINHO).unwrap().unwrap();
        let receptor = malha::poligono(PONTE_BRANCA).unwrap().unwrap();
        let faixa = ler_geojson(
            "area_ribeiraozinho.geojson",
            include_bytes!("../../../../exemplos/area_ribeiraozinho.geojson"),
        )
        .unwrap()
        .poligonos;

        let remanescente = diferenca(&cedente, &faixa).unwrap();
        let novo_receptor = uniao(&receptor, &faixa).unwrap();
        // Cada território resultante é uma peça só, sem buracos.
        assert_eq!(remanescente.0.len(), 1);
        assert_eq!(novo_receptor.0.len(), 1);
        assert!(
            novo_receptor.0[0].interiors().is_empty(),
            "lascas no receptor: {}",
            novo_receptor.0[0].interiors().len()
        );
        // Área conservada a 1e-9.
        let total = area(&cedente);
        assert!((area(&remanescente) + area(&faixa) - total).abs() / total < 1e-9);
        let recebido = area(&receptor) + area(&faixa);
        assert!((area(&novo_receptor) - recebido).abs() / recebido < 1e-9);
        // Nem sobreposição nem vão entre o remanescente e o receptor ampliado.
        let sobreposicao = intersecao(&remanescente, &novo_receptor).unwrap();
        assert!(
            area(&sobreposicao) < 1.0,
            "sobreposição de {} m²",
            area(&sobreposicao)
        );
        let juntos = uniao(&remanescente, &novo_receptor).unwrap();
        assert!(
            juntos.0.iter().all(|p| p.interiors().is_empty()),
            "vão entre os dois"
        );
        // Todos os vértices do cedente fora da faixa continuam no remanescente, com o mesmo f64.
        let faixa_vertices: Vec<Coord<f64>> = faixa.0[0].exterior().0.clone();
        let guardados: std::collections::HashSet<(u64, u64)> = remanescente.0[0]
            .exterior()
            .0
            .iter()
            .map(|c| (c.x.to_bits(), c.y.to_bits()))
            .collect();
        let perdidos = cedente.0[0]
            .exterior()
            .0
            .iter()
            .filter(|c| !faixa_vertices.contains(c))
            .filter(|c| !guardados.contains(&(c.x.to_bits(), c.y.to_bits())))
            .count();
        assert_eq!(perdidos, 0);
    }

    #[test]
    fn cortes_ao_acaso_conservam_a_area() {
        // Propriedade: para qualquer recorte Q, área(M ∩ Q) + área(M − Q) = área(M), a 1e-9.
        let municipio = malha::poligono(5100102).unwrap().unwrap(); // Acorizal
        let total = area(&municipio);
        let mut estado = 0x5107_1980_u64;
        let mut acaso = || {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            (estado >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..20 {
            let (x, y) = (-56.55 + 0.3 * acaso(), -15.35 + 0.3 * acaso());
            let (w, h) = (0.02 + 0.2 * acaso(), 0.02 + 0.2 * acaso());
            let inclinacao = 0.05 * acaso();
            let corte = MultiPolygon(vec![polygon![
                (x: x, y: y),
                (x: x + w, y: y + inclinacao),
                (x: x + w, y: y + h),
                (x: x + inclinacao, y: y + h),
            ]]);
            let dentro = intersecao(&municipio, &corte).unwrap();
            let fora = diferenca(&municipio, &corte).unwrap();
            // Os pontos novos (o recorte cruzando uma aresta do município) são levados ao
            // cruzamento das geodésicas, não das retas em graus: sem isso, a soma ficava a
            // 2e-9–7e-9 do todo.
            let soma = area(&dentro) + area(&fora);
            assert!(
                (soma - total).abs() / total < 1e-9,
                "corte {x} {y}: {soma} × {total}"
            );
        }
    }
}

#[test]
fn uniao_dos_141_municipios_e_mato_grosso_sem_buracos() {
    // PROVENIENCIA: a união dos 141 polígonos tem 903.208,8 km² e um só contorno (duas lascas
    // de quantização do TopoJSON de origem, de 0,29 m² e 2 m², foram descartadas no estado).
    let malha = malha::carregar().unwrap();
    let poligonos: Vec<&geo_types::MultiPolygon<f64>> = malha.iter().map(|(_, p)| p).collect();
    let estado = divisa_territorio::operacoes::uniao_de_todos(&poligonos).unwrap();
    let grandes: Vec<f64> = estado
        .0
        .iter()
        .map(|p| area_geodesica(&geo_types::MultiPolygon(vec![p.clone()])).area_km2())
        .filter(|a| *a > 1.0)
        .collect();
    assert_eq!(grandes.len(), 1, "{grandes:?}");
    let buracos: Vec<f64> = estado
        .0
        .iter()
        .flat_map(|p| p.interiors())
        .map(|a| {
            area_geodesica(&geo_types::MultiPolygon(vec![geo_types::Polygon::new(
                a.clone(),
                vec![],
            )]))
            .area_m2
        })
        .collect();
    assert!(buracos.iter().all(|b| *b < 10.0), "buracos: {buracos:?}");
    assert!((area_geodesica(&estado).area_km2() - 903_208.8).abs() < 0.1);
}

#[test]
fn os_141_poligonos_da_malha_sao_validos() {
    // PROVENIENCIA: os seis polígonos inválidos da origem foram consertados com make_valid.
    for (entrada, poligono) in malha::carregar().unwrap() {
        let erros: Vec<String> = divisa_territorio::validacao::validar(&poligono)
            .iter()
            .filter(|p| p.gravidade() == divisa_territorio::validacao::Gravidade::Erro)
            .map(ToString::to_string)
            .collect();
        assert!(erros.is_empty(), "{}: {erros:?}", entrada.nome_malha_2022);
    }
}

#[test]
fn populacao_de_nossa_senhora_do_livramento_pelos_setores() {
    use divisa_territorio::interpolacao::{populacao_na_area, SetorCensitario};
    let setores = divisa_referencia::setores::setores().unwrap();
    let entrada: Vec<SetorCensitario<'_>> = setores
        .iter()
        .map(|s| SetorCensitario {
            poligono: &s.poligono,
            populacao: s.populacao,
            domicilios: s.domicilios,
        })
        .collect();
    // O município inteiro: a soma dos setores (12.940), a menos das lascas da simplificação dos
    // setores (PROVENIENCIA: 99,9% de sobreposição com a malha).
    let municipio = malha::poligono(5106109).unwrap().unwrap();
    let tudo = populacao_na_area(&municipio, &entrada);
    assert!(
        (tudo.populacao - 12_940.0).abs() / 12_940.0 < 0.01,
        "{tudo:?}"
    );
    assert!(tudo.cobertura > 0.99, "{tudo:?}");
    assert_eq!(tudo.setores, 43);
    // Um setor só, inteiro: a população dele.
    let primeiro = geo_types::MultiPolygon(vec![setores[0].poligono.clone()]);
    let um = populacao_na_area(&primeiro, &entrada);
    assert!(
        (um.populacao - f64::from(setores[0].populacao)).abs() < 1.0,
        "{um:?}"
    );
}

#[test]
fn sgl_de_um_municipio_grande_fica_abaixo_da_geodesica() {
    // O plano tangente projeta ortogonalmente: longe da origem a área encolhe. Em Paranatinga
    // (24 mil km², ~2° de lado) o SGL fica ~1e-4 abaixo da geodésica; num lote de 1 km², 1e-6
    // (doc-teste de `area_sgl`). Por isso a lei não usa o SGL para municípios.
    let poligono = malha::poligono(5106307).unwrap().unwrap();
    let (sgl, geodesica) = (
        divisa_territorio::sgl::area_sgl(&poligono),
        area_geodesica(&poligono).area_m2,
    );
    let diferenca = (geodesica - sgl) / geodesica;
    assert!(diferenca > 1e-5 && diferenca < 1e-3, "{diferenca}");
}
