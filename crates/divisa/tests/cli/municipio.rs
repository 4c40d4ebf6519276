//! `divisa municipio CODIGO_OU_NOME`: saída e códigos de saída.

use expect_test::expect;

use crate::util::divisa;

#[test]
fn ficha_de_acorizal_com_fontes_e_formatos_brasileiros() {
    let execucao = divisa(&["municipio", "Acorizal"]);
    assert_eq!(execucao.codigo, 0, "{}", execucao.stderr);
    assert_eq!(execucao.stderr, "");
    expect![[r#"
        Acorizal (MT) — código IBGE 5100102, código TSE 90018
        Região imediata de Cuiabá; região intermediária de Cuiabá

        População: 5.014 habitantes — Censo 2022 (IBGE)
        Domicílios: 3.097, dos quais 1.822 particulares permanentes ocupados — Censo 2022 (IBGE)
        População estimada: 4.948 habitantes — Estimativa da população 2025 (IBGE)
        Eleitorado: 7.049 eleitores — Cadastro eleitoral 2024 (TSE) [1]
        Eleitorado em 2018: 5.986 eleitores — Estatísticas do eleitorado 2018 (TSE)
        Valor adicionado: R$ 75,3 milhões — PIB dos Municípios 2019 (IBGE) [2]
        PIB: R$ 109,2 milhões — PIB dos Municípios 2021 (IBGE)
        Área oficial: 850,76 km² — Malha Municipal 2022 (IBGE)
        Limites: polígono com 2.126 vértices — Malha Municipal 2022 (IBGE)
        Sede: 15°11'34" S, 56°22'18" O (-15,1929; -56,3716) — Base de Localidades 2022 (IBGE)

        Distritos (3) — Divisão Territorial Brasileira 2023 (IBGE):
          Acorizal (sede) — 15°11'34" S, 56°22'18" O (-15,1929; -56,3716)
          Baús — sem coordenadas
          Aldeia — sem coordenadas

        Notas:
          [1] retrato do cadastro em abril de 2024, antes do fechamento; não é o número oficial de eleitores aptos na eleição de outubro de 2024
          [2] valor adicionado bruto do IBGE, usado como substituto do valor adicionado fiscal certificado pela Secretaria de Fazenda (Art. 2º, IV)
    "#]]
    .assert_eq(&execucao.stdout);
}

#[test]
fn por_codigo_e_por_nome_sem_acento_da_o_mesmo() {
    let por_codigo = divisa(&["municipio", "5107859"]);
    let por_nome = divisa(&["municipio", "sao felix do araguaia"]);
    assert_eq!(por_codigo.codigo, 0);
    assert_eq!(por_codigo.stdout, por_nome.stdout);
    assert!(por_nome
        .stdout
        .starts_with("São Félix do Araguaia (MT) — código IBGE 5107859"));
}

#[test]
fn d_oeste_como_a_malha_escreve() {
    let execucao = divisa(&["municipio", "Figueiropolis do Oeste"]);
    assert_eq!(execucao.codigo, 0);
    assert!(
        execucao.stdout.starts_with("Figueirópolis D'Oeste (MT)"),
        "{}",
        execucao.stdout
    );
}

#[test]
fn distritos_localizados_e_sem_coordenadas() {
    let execucao = divisa(&["municipio", "Sorriso"]);
    assert_eq!(execucao.codigo, 0);
    assert!(
        execucao.stdout.contains("  Sorriso (sede) — 12°"),
        "{}",
        execucao.stdout
    );
    assert!(
        execucao.stdout.contains("  Caravágio — sem coordenadas"),
        "{}",
        execucao.stdout
    );
}

#[test]
fn boa_esperanca_do_norte_diz_o_que_falta_e_nao_inventa_poligono() {
    let execucao = divisa(&["municipio", "Boa Esperança do Norte"]);
    assert_eq!(execucao.codigo, 0, "{}", execucao.stderr);
    let texto = &execucao.stdout;
    assert!(
        texto.contains("Atenção: Boa Esperança do Norte foi criado"),
        "{texto}"
    );
    assert!(texto.contains("Não há polígono oficial"), "{texto}");
    assert!(texto.contains("População: sem dado"), "{texto}");
    assert!(texto.contains("Limites: sem dado"), "{texto}");
    assert!(
        texto.contains("População estimada: 5.877 habitantes"),
        "{texto}"
    );
    assert!(
        texto.contains("Sede: 13°30'37\" S, 55°09'00\" O"),
        "{texto}"
    );
}

#[test]
fn nome_desconhecido_sugere_e_sai_com_2() {
    let execucao = divisa(&["municipio", "Sorrizo"]);
    assert_eq!(execucao.codigo, 2);
    assert_eq!(execucao.stdout, "");
    expect![[r#"
        divisa municipio: nenhum município de Mato Grosso se chama «Sorrizo».
        Você quis dizer: Sorriso?
    "#]]
    .assert_eq(&execucao.stderr);
}

#[test]
fn nome_de_distrito_aponta_o_municipio() {
    let execucao = divisa(&["municipio", "Boa Esperança"]);
    assert_eq!(execucao.codigo, 2);
    assert!(
        execucao
            .stderr
            .contains("«Boa Esperança» é distrito de Sorriso (código do distrito 510792510)"),
        "{}",
        execucao.stderr
    );
}

#[test]
fn codigo_de_outra_uf_ou_com_digitos_errados() {
    let sao_paulo = divisa(&["municipio", "3550308"]);
    assert_eq!(sao_paulo.codigo, 2);
    assert!(
        sao_paulo
            .stderr
            .contains("é de São Paulo (SP), fora de Mato Grosso"),
        "{}",
        sao_paulo.stderr
    );
    let curto = divisa(&["municipio", "510792"]);
    assert_eq!(curto.codigo, 2);
    assert!(
        curto.stderr.contains("tem 7 dígitos; «510792» tem 6"),
        "{}",
        curto.stderr
    );
    let inexistente = divisa(&["municipio", "5199999"]);
    assert_eq!(inexistente.codigo, 2);
    assert!(inexistente
        .stderr
        .contains("nenhum município tem o código IBGE 5199999"));
}

#[test]
fn argumentos_errados_em_portugues_com_codigo_2() {
    let sem_nome = divisa(&["municipio"]);
    assert_eq!(sem_nome.codigo, 2);
    assert!(
        sem_nome
            .stderr
            .contains("falta o argumento obrigatório <CODIGO_OU_NOME>"),
        "{}",
        sem_nome.stderr
    );
    let comando = divisa(&["municipios", "Sorriso"]);
    assert_eq!(comando.codigo, 2);
    assert!(
        comando
            .stderr
            .contains("comando desconhecido: «municipios». Os comandos são: municipio, avaliar, fiscal, lei, toponimo, memorial, varredura, inconsistencias, processo, auditoria, setores, serve, documento, backup, restaurar, usuario."),
        "{}",
        comando.stderr
    );
    let nada = divisa(&[]);
    assert_eq!(nada.codigo, 2);
    assert!(nada.stderr.contains("falta o comando"), "{}", nada.stderr);
    let opcao = divisa(&["municipio", "--saida", "x", "Sorriso"]);
    assert_eq!(opcao.codigo, 2);
    assert!(
        opcao.stderr.contains("argumento desconhecido: «--saida»"),
        "{}",
        opcao.stderr
    );
    let valor = divisa(&["municipio", "--formato", "json", "Sorriso"]);
    assert_eq!(valor.codigo, 2);
    assert!(
        valor.stderr.contains(
            "valor «json» inválido para --formato <FORMATO>; os aceitos são: texto, geojson."
        ),
        "{}",
        valor.stderr
    );
}

#[test]
fn ajuda_em_portugues() {
    let ajuda = divisa(&["--ajuda"]);
    assert_eq!(ajuda.codigo, 0);
    assert!(
        ajuda.stdout.contains("Uso: divisa <COMANDO> [ARGUMENTOS]"),
        "{}",
        ajuda.stdout
    );
    assert!(ajuda.stdout.contains("Comandos:"), "{}", ajuda.stdout);
    assert!(!ajuda.stdout.contains("Usage"), "{}", ajuda.stdout);
    let do_comando = divisa(&["municipio", "--help"]);
    assert_eq!(do_comando.codigo, 0);
    assert!(
        do_comando
            .stdout
            .contains("Uso: divisa municipio CODIGO_OU_NOME"),
        "{}",
        do_comando.stdout
    );
    assert!(
        do_comando.stdout.contains("Argumentos:"),
        "{}",
        do_comando.stdout
    );
}

/// O limite da Malha 2022 sai em GeoJSON para o QGIS, com a área oficial ao lado da medida; o
/// município que não está na malha diz por quê (saída 2), em vez de sair um arquivo vazio.
#[test]
fn limite_em_geojson_e_municipio_sem_poligono() {
    let execucao = divisa(&["municipio", "5107925", "--formato", "geojson"]);
    assert_eq!(execucao.codigo, 0, "{}", execucao.stderr);
    let valor: serde_json::Value = serde_json::from_str(&execucao.stdout).expect("GeoJSON");
    let feicao = &valor["features"][0];
    assert_eq!(feicao["properties"]["nome"], "Sorriso");
    assert_eq!(feicao["properties"]["codigo_ibge"], 5107925);
    let oficial = feicao["properties"]["area_oficial_km2"].as_f64().unwrap() * 1e6;
    let albers = feicao["properties"]["area_albers_ibge_m2"]
        .as_f64()
        .unwrap();
    assert!(
        (albers - oficial).abs() / oficial < 1e-4,
        "{albers} × {oficial}"
    );
    assert_eq!(feicao["geometry"]["type"], "Polygon");
    let anel = feicao["geometry"]["coordinates"][0].as_array().unwrap();
    assert_eq!(anel.first(), anel.last(), "anel fechado (RFC 7946)");

    let sem = divisa(&[
        "municipio",
        "Boa Esperança do Norte",
        "--formato",
        "geojson",
    ]);
    assert_eq!(sem.codigo, 2);
    assert!(sem.stdout.is_empty());
    assert!(
        sem.stderr
            .contains("não tem limite na Malha Municipal 2022 do IBGE"),
        "{}",
        sem.stderr
    );
}
