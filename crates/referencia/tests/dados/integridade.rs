//! Contagens, junções entre arquivos e números conferidos com as publicações de origem.

use std::collections::BTreeSet;

use divisa_referencia::fonte;
use divisa_referencia::mt::BOA_ESPERANCA_DO_NORTE;
use divisa_referencia::{brasil, malha, mt};

fn codigos_do_csv(texto: &str) -> BTreeSet<u32> {
    texto
        .lines()
        .skip(1)
        .map(|linha| linha.split(',').next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn mato_grosso_tem_142_municipios() {
    let lista = mt().unwrap().municipios();
    assert_eq!(lista.len(), 142);
    assert!(lista.iter().all(|m| m.codigo_ibge / 100_000 == 51));
    assert!(lista
        .windows(2)
        .all(|par| par[0].codigo_ibge < par[1].codigo_ibge));
}

#[test]
fn malha_2022_tem_141_poligonos_e_falta_so_boa_esperanca_do_norte() {
    assert_eq!(malha::indice().len(), 141);
    let sem_poligono: Vec<u32> = mt()
        .unwrap()
        .municipios()
        .iter()
        .filter(|m| !m.tem_poligono)
        .map(|m| m.codigo_ibge)
        .collect();
    assert_eq!(sem_poligono, [BOA_ESPERANCA_DO_NORTE]);
    assert!(malha::poligono(BOA_ESPERANCA_DO_NORTE).unwrap().is_none());
}

#[test]
fn todo_codigo_de_todo_arquivo_se_junta_a_lista() {
    let todos: BTreeSet<u32> = mt()
        .unwrap()
        .municipios()
        .iter()
        .map(|m| m.codigo_ibge)
        .collect();
    let mut sem_ben = todos.clone();
    sem_ben.remove(&BOA_ESPERANCA_DO_NORTE);
    let arquivos: [(&str, &str, &BTreeSet<u32>); 6] = [
        (
            "mt_populacao_2022.csv",
            include_str!("../../../../dados/mt_populacao_2022.csv"),
            &sem_ben,
        ),
        (
            "mt_populacao_estimada_2025.csv",
            include_str!("../../../../dados/mt_populacao_estimada_2025.csv"),
            &todos,
        ),
        (
            "mt_eleitorado_2024.csv",
            include_str!("../../../../dados/mt_eleitorado_2024.csv"),
            &todos,
        ),
        (
            "mt_eleitorado_2018.csv",
            include_str!("../../../../dados/mt_eleitorado_2018.csv"),
            &sem_ben,
        ),
        (
            "mt_pib_va_2019.csv",
            include_str!("../../../../dados/mt_pib_va_2019.csv"),
            &sem_ben,
        ),
        (
            "mt_pib_2021.csv",
            include_str!("../../../../dados/mt_pib_2021.csv"),
            &sem_ben,
        ),
    ];
    for (nome, texto, esperado) in arquivos {
        assert_eq!(&codigos_do_csv(texto), esperado, "{nome}");
    }
    let malha: BTreeSet<u32> = malha::indice().iter().map(|e| e.codigo).collect();
    assert_eq!(malha, sem_ben);
    // E a carga preencheu cada campo exatamente onde o arquivo tem linha.
    for municipio in mt().unwrap().municipios() {
        let ben = municipio.codigo_ibge == BOA_ESPERANCA_DO_NORTE;
        assert_eq!(
            municipio.populacao_2022.is_none(),
            ben,
            "{}",
            municipio.nome
        );
        assert_eq!(
            municipio.valor_adicionado_2019.is_none(),
            ben,
            "{}",
            municipio.nome
        );
        assert_eq!(
            municipio.eleitores_2018.is_none(),
            ben,
            "{}",
            municipio.nome
        );
        assert_eq!(
            municipio.area_oficial_km2.is_none(),
            ben,
            "{}",
            municipio.nome
        );
        assert_eq!(municipio.ausencias().is_some(), ben, "{}", municipio.nome);
        assert!(municipio.populacao_estimada_2025.is_some() && municipio.eleitores_2024.is_some());
        assert!(municipio.codigo_tse.is_some(), "{}", municipio.nome);
    }
}

#[test]
fn distritos_261_com_193_localizados_e_uma_sede_por_municipio() {
    let lista = mt().unwrap().municipios();
    let distritos: Vec<_> = lista.iter().flat_map(|m| &m.distritos).collect();
    assert_eq!(distritos.len(), 261);
    assert_eq!(distritos.iter().filter(|d| d.sede.is_some()).count(), 193);
    for municipio in lista
        .iter()
        .filter(|m| m.codigo_ibge != BOA_ESPERANCA_DO_NORTE)
    {
        let sedes: Vec<_> = municipio
            .distritos
            .iter()
            .filter(|d| d.sede_municipal)
            .collect();
        assert_eq!(sedes.len(), 1, "{}", municipio.nome);
        // O distrito-sede é o primeiro, tem o nome do município e o código termina em 05.
        assert!(municipio.distritos[0].sede_municipal);
        assert_eq!(sedes[0].codigo, municipio.codigo_ibge * 100 + 5);
        assert!(municipio.sede.is_some(), "{} sem sede", municipio.nome);
        assert_eq!(municipio.sede, sedes[0].sede);
    }
}

#[test]
fn sedes_vem_da_base_de_localidades_2022_e_nao_da_lista_antiga() {
    // Sapezal: a lista antiga (kelvins) põe a sede 62 km ao norte, em -12,9892 / -58,7645.
    let sapezal = mt().unwrap().por_codigo(5107875).unwrap();
    let sede = sapezal.sede.as_ref().unwrap();
    assert_eq!((sede.lat, sede.lon), (-13.5475, -58.8169));
    assert_eq!(sede.fonte, fonte::LOCALIDADES_2022);
}

#[test]
fn boa_esperanca_do_norte_tem_sede_na_cidade_e_nenhum_poligono() {
    let ben = mt().unwrap().por_codigo(BOA_ESPERANCA_DO_NORTE).unwrap();
    assert_eq!(ben.nome, "Boa Esperança do Norte");
    let sede = ben.sede.as_ref().unwrap();
    assert_eq!((sede.lat, sede.lon), (-13.510333, -55.149986));
    assert!(!ben.tem_poligono);
    assert_eq!(ben.populacao_estimada_2025.unwrap().valor, 5_877);
    assert_eq!(ben.eleitores_2024.unwrap().valor, 3_596);
    assert!(ben.ausencias().unwrap().contains("Malha Municipal 2022"));
}

#[test]
fn totais_do_estado_batem_com_as_publicacoes() {
    let lista = mt().unwrap().municipios();
    let soma = |f: fn(&divisa_referencia::mt::Municipio) -> Option<u32>| -> u64 {
        lista.iter().filter_map(f).map(u64::from).sum()
    };
    // Censo 2022, Agregados por municípios: 3.658.649 habitantes em MT.
    assert_eq!(soma(|m| m.populacao_2022.map(|d| d.valor)), 3_658_649);
    // Estimativa de 1º/7/2025: 3.893.659.
    assert_eq!(
        soma(|m| m.populacao_estimada_2025.map(|d| d.valor)),
        3_893_659
    );
    // TSE: 2.521.536 no cadastro de 2024; 2.330.281 em 2018.
    assert_eq!(soma(|m| m.eleitores_2024.map(|d| d.valor)), 2_521_536);
    assert_eq!(soma(|m| m.eleitores_2018.map(|d| d.valor)), 2_330_281);
    let cuiaba = mt().unwrap().por_codigo(5103403).unwrap();
    assert_eq!(cuiaba.populacao_2022.unwrap().valor, 650_877);
    // PIB 2021 de Cuiabá publicado pelo IBGE: R$ 29.746.934 mil.
    assert!((cuiaba.pib_2021.unwrap().valor - 29_746_934_000.0).abs() < 1_000.0);
}

#[test]
fn valor_adicionado_em_reais_media_dos_10_menores_de_2019() {
    // PROVENIENCIA: a média do VA dos 10 menores municípios em 2019 é R$ 38.768,2 mil.
    let mut valores: Vec<f64> = mt()
        .unwrap()
        .municipios()
        .iter()
        .filter_map(|m| m.valor_adicionado_2019)
        .map(|d| d.valor)
        .collect();
    valores.sort_by(f64::total_cmp);
    let media = valores[..10].iter().sum::<f64>() / 10.0;
    assert!((media - 38_768_200.0).abs() < 1.0, "{media}");
}

#[test]
fn cada_numero_carrega_fonte_e_ano() {
    let sorriso = mt().unwrap().por_codigo(5107925).unwrap();
    let populacao = sorriso.populacao_2022.unwrap();
    assert_eq!(populacao.fonte.to_string(), "Censo 2022 (IBGE)");
    assert_eq!(populacao.fonte.ano, 2022);
    assert_eq!(sorriso.eleitores_2024.unwrap().fonte.orgao, "TSE");
    assert_eq!(sorriso.valor_adicionado_2019.unwrap().fonte.ano, 2019);
    // A ressalva de substituto do valor adicionado fiscal vai junto com o número.
    assert!(sorriso
        .valor_adicionado_2019
        .unwrap()
        .fonte
        .ressalva
        .unwrap()
        .contains("Art. 2º, IV"));
    assert_eq!(
        sorriso.area_oficial_km2.unwrap().fonte,
        fonte::MALHA_MUNICIPAL_2022
    );
}

#[test]
fn area_do_censo_difere_da_malha_mais_de_0_01_por_cento_so_em_tres_municipios() {
    // O IBGE revisou a área de alguns municípios entre a malha e os Agregados do Censo (Lambari D'Oeste difere 0,005%).
    let divergentes: Vec<&str> = mt()
        .unwrap()
        .municipios()
        .iter()
        .filter(|m| {
            let (Some(malha), Some(censo)) = (m.area_oficial_km2, m.area_censo_2022_km2) else {
                return false;
            };
            (malha.valor - censo.valor).abs() / malha.valor > 1e-4
        })
        .map(|m| m.nome.as_str())
        .collect();
    assert_eq!(divergentes, ["Cáceres", "Curvelândia", "Poconé"]);
}

#[test]
fn nomes_do_brasil_carregam_para_o_art6() {
    let brasil = brasil().unwrap();
    assert_eq!(brasil.municipios().len(), 5_571);
    assert_eq!(brasil.distritos().len(), 10_670);
    assert!(brasil
        .municipios()
        .iter()
        .all(|m| m.uf.len() == 2 && !m.nome.is_empty()));
    // Nomes repetidos entre UFs: "Santa Luzia" existe em vários estados.
    let santas_luzias = brasil.municipios_chamados("santa luzia");
    assert!(santas_luzias.len() >= 4, "{santas_luzias:?}");
    let alta_floresta = brasil.municipios_chamados("Alta Floresta");
    assert_eq!(
        alta_floresta
            .iter()
            .map(|m| m.uf.as_str())
            .collect::<Vec<_>>(),
        ["MT"]
    );
    let filadelfia = brasil.distritos_chamados("Filadelfia do Oeste");
    assert_eq!(
        filadelfia[0].municipio.as_deref(),
        Some("Alta Floresta D'Oeste")
    );
}
