//! `divisa fiscal` (issue 28, CONTRACT §4): quem ganha e quem perde no FPM, o percentual do ICMS
//! do Art. 7º, V, e os critérios de viabilidade, pelo executável.

use std::path::{Path, PathBuf};

use crate::util::divisa;

fn exemplo(nome: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../exemplos")
        .join(nome)
        .display()
        .to_string()
}

/// A tabela de índices dos testes: proporcional à população (2025), soma 100%; não é portaria.
fn ipm() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/dados/ipm_ilustrativo.csv")
        .display()
        .to_string()
}

fn escrever(nome: &str, texto: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("divisa-fiscal-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let c = d.join(nome);
    std::fs::write(&c, texto).unwrap();
    c
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut todos = vec!["fiscal"];
    todos.extend_from_slice(args);
    todos.extend_from_slice(&["--formato", "json"]);
    let r = divisa(&todos);
    assert_eq!(r.codigo, 0, "{}", r.stderr);
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("JSON: {e}: {}", r.stdout))
}

/// Centavos de um valor do JSON (o número tem no máximo 2 casas).
fn centavos(v: &serde_json::Value) -> i64 {
    (v.as_f64().unwrap() * 100.0).round() as i64
}

fn soma_zero(j: &serde_json::Value) {
    let ms = j["fpm"]["municipios"].as_array().unwrap();
    let soma: i64 = ms.iter().map(|m| centavos(&m["variacao_reais"])).sum();
    assert_eq!(soma, 0, "a soma das variações é zero ao centavo");
    let fundo = centavos(&j["fpm"]["fundo_reais"]);
    for lado in ["reais_antes", "reais_depois"] {
        let s: i64 = ms.iter().map(|m| centavos(&m[lado])).sum();
        assert_eq!(s, fundo, "{lado} soma o fundo");
    }
}

/// CONTRACT §4: todo município do interior (141 com a estimativa 2025) e o novo (código null),
/// soma zero ao centavo, o ICMS pendente sem índices, o EVM com a situação de cada critério.
#[test]
fn issue28_criacao_em_json_como_o_contrato_e_soma_zero_ao_centavo() {
    let j = json(&[&exemplo("criacao.toml")]);
    assert_eq!(j["estimativa"], true);
    assert_eq!(j["fpm"]["populacao"], "IBGE, estimativa 2025");
    let ms = j["fpm"]["municipios"].as_array().unwrap();
    assert_eq!(ms.len(), 142, "141 do interior + o novo");
    let novo: Vec<_> = ms.iter().filter(|m| m["novo"] == true).collect();
    assert_eq!(novo.len(), 1);
    assert!(novo[0]["codigo_ibge"].is_null());
    assert_eq!(novo[0]["coeficiente_depois"], 0.6);
    assert!(
        ms.iter().all(|m| m["codigo_ibge"] != 5103403),
        "a capital fica fora"
    );
    soma_zero(&j);
    assert_eq!(
        j["soma_antes"],
        serde_json::Value::Null,
        "a soma está em fpm"
    );
    assert_eq!(j["fpm"]["soma_antes"], 148.8);
    // São Félix do Araguaia: 14.604 → 9.404 (estimado), 1,0 → 0,6
    let sfa = ms.iter().find(|m| m["codigo_ibge"] == 5107859).unwrap();
    assert_eq!(sfa["populacao_depois"], 9_404);
    assert_eq!(sfa["coeficiente_antes"], 1.0);
    assert_eq!(sfa["coeficiente_depois"], 0.6);
    assert!(j["icms"].is_null());
    assert!(j["icms_pendente"].as_str().unwrap().contains("SEFAZ"));
    let evm = j["evm"].as_array().unwrap();
    assert!(evm
        .iter()
        .all(|c| ["atende", "nao_atende", "pendente"].contains(&c["situacao"].as_str().unwrap())));
    // 5.200 habitantes: abaixo dos 6.000 dos projetos (vetados), para o novo
    assert!(evm.iter().any(|c| c["municipio"] == "novo"
        && c["exigido"].as_str().unwrap().contains("6.000")
        && c["situacao"] == "nao_atende"
        && c["fonte"].as_str().unwrap().contains("vetado")));
}

/// Soma zero ao centavo em cada tipo: fusão, incorporação, extinção, desmembramento e uma
/// criação de duas origens. A fusão de dois 0,6 (Araguainha e Ponte Branca, abaixo de 10.188)
/// baixa a soma em 0,6 e aumenta a cota de todos os outros; a extinção devolve o coeficiente.
#[test]
fn issue28_soma_zero_em_cada_tipo_e_a_fusao_de_dois_0_6_favorece_os_outros() {
    for e in [
        "fusao.toml",
        "incorporacao.toml",
        "extincao.toml",
        "desmembramento.toml",
    ] {
        let j = json(&[&exemplo(e)]);
        soma_zero(&j);
        if e != "desmembramento.toml" {
            assert_eq!(j["fpm"]["soma_depois"], 148.2, "{e}: devolve 0,6 ao fundo");
            let outros: Vec<_> = j["fpm"]["municipios"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|m| {
                    m["novo"] == false && m["codigo_ibge"] != 5101209 && m["codigo_ibge"] != 5106703
                })
                .collect();
            assert!(
                outros.iter().all(|m| centavos(&m["variacao_reais"]) > 0),
                "{e}: todos os outros ganham"
            );
        }
    }
    let duas = escrever(
        "duas.toml",
        "tipo = \"criacao\"\n[novo]\nnome = \"Vale do Teste\"\norigens = [5106240, 5107925]\n[novo.dados]\npopulacao = 7000\n",
    );
    let j = json(&[duas.to_str().unwrap()]);
    soma_zero(&j);
}

/// `--em` escolhe a população: antes de 2025, o Censo 2022 (140 municípios do interior).
#[test]
fn issue28_em_2024_usa_o_censo_2022() {
    let j = json(&[&exemplo("fusao.toml"), "--em", "2024-06-01"]);
    assert!(
        j["fpm"]["populacao"]
            .as_str()
            .unwrap()
            .contains("Censo 2022"),
        "{}",
        j["fpm"]["populacao"]
    );
    assert_eq!(j["fpm"]["soma_antes"], 146.0);
    soma_zero(&j);
}

/// Art. 7º, V: com a tabela de índices, os índices antes e depois somam o mesmo total, e o do
/// novo é a soma, pelas origens, de percentual × índice (arredondado a 6 casas) — os números
/// que o projeto de lei escreve reproduzem o resultado.
#[test]
fn issue28_art7_inc5_percentual_reproduz_o_indice_do_novo() {
    let j = json(&[&exemplo("criacao.toml"), "--ipm", &ipm()]);
    let icms = &j["icms"];
    assert!(!icms.is_null(), "{j}");
    let municipios = icms["municipios"].as_array().unwrap();
    let micro = |v: &serde_json::Value| (v.as_f64().unwrap() * 1e6).round() as i64;
    let antes: i64 = municipios.iter().map(|m| micro(&m["indice_antes"])).sum();
    let depois: i64 = municipios.iter().map(|m| micro(&m["indice_depois"])).sum();
    assert_eq!(antes, depois, "o total não muda");
    let pcts = icms["percentuais"].as_array().unwrap();
    assert_eq!(pcts.len(), 1);
    let p = pcts[0]["percentual"].as_f64().unwrap();
    let sfa = municipios
        .iter()
        .find(|m| m["codigo_ibge"] == 5107859)
        .unwrap();
    let cedido = micro(&sfa["indice_antes"]) - micro(&sfa["indice_depois"]);
    let esperado = (p / 100.0 * sfa["indice_antes"].as_f64().unwrap() * 1e6).round() as i64;
    assert_eq!(cedido, esperado, "percentual × índice, a 6 casas");
    let novo = municipios
        .iter()
        .find(|m| m["codigo_ibge"].is_null())
        .expect("o novo na lista do ICMS");
    assert_eq!(micro(&novo["indice_depois"]), cedido);
}

/// Entrada hostil (saída 2, dizendo o arquivo e a linha): uma origem que falta, índice negativo
/// ou não numérico, código repetido, total longe de 100%; e um fundo absurdo.
#[test]
fn issue28_tabela_de_indices_ruim_e_fundo_absurdo_sao_recusados() {
    let boa = std::fs::read_to_string(ipm()).unwrap();
    let linhas: Vec<&str> = boa.lines().collect();
    let sem_origem: String = linhas
        .iter()
        .filter(|l| !l.starts_with("5107859,"))
        .map(|l| format!("{l}\n"))
        .collect();
    let trocar = |de: &str, para: &str| boa.replacen(de, para, 1);
    let primeira = linhas[1].split(',').nth(1).unwrap();
    let casos = [
        ("sem_origem.csv", sem_origem, "São Félix do Araguaia"),
        (
            "negativo.csv",
            trocar(&format!("5100102,{primeira}"), "5100102,-0.127078"),
            "linha 2",
        ),
        (
            "texto.csv",
            trocar(&format!("5100102,{primeira}"), "5100102,doze"),
            "linha 2",
        ),
        (
            "repetido.csv",
            format!("{boa}5100102,0.000001,repetida\n"),
            "5100102",
        ),
        (
            "total.csv",
            trocar(&format!("5100102,{primeira}"), "5100102,9.127078"),
            "total",
        ),
    ];
    for (nome, texto, deve_dizer) in casos {
        let c = escrever(nome, &texto);
        let r = divisa(&[
            "fiscal",
            &exemplo("criacao.toml"),
            "--ipm",
            c.to_str().unwrap(),
        ]);
        assert_eq!(r.codigo, 2, "{nome}: {}", r.stderr);
        assert!(
            r.stderr.contains(nome) || r.stderr.contains(deve_dizer),
            "{nome}: {}",
            r.stderr
        );
        assert!(r.stderr.contains(deve_dizer), "{nome}: {}", r.stderr);
        assert!(r.stdout.is_empty());
    }
    for absurdo in ["0", "-5", "999999999999", "abc"] {
        let r = divisa(&[
            "fiscal",
            &exemplo("criacao.toml"),
            &format!("--fpm-interior-mt={absurdo}"),
        ]);
        assert_eq!(r.codigo, 2, "{absurdo}: {}", r.stderr);
        assert!(r.stderr.contains("--fpm-interior-mt"), "{}", r.stderr);
    }
    // um fundo dado é o fundo, sem o rótulo de estimativa do fundo
    let j = json(&[
        &exemplo("criacao.toml"),
        "--fpm-interior-mt",
        "2.500.000.000,00",
    ]);
    assert_eq!(centavos(&j["fpm"]["fundo_reais"]), 250_000_000_000);
    soma_zero(&j);
}

/// O texto e a página são em português, com números brasileiros, sem palavras de programa.
#[test]
fn issue28_texto_e_pagina_em_portugues_sem_palavras_de_programa() {
    let r = divisa(&["fiscal", &exemplo("criacao.toml")]);
    assert_eq!(r.codigo, 0, "{}", r.stderr);
    for esperado in ["R$ ", "Espigão do Leste", "LC nº 91/1997", "vetado"] {
        assert!(r.stdout.contains(esperado), "falta «{esperado}»");
    }
    let r = divisa(&["fiscal", &exemplo("criacao.toml"), "--formato", "html"]);
    assert_eq!(r.codigo, 0, "{}", r.stderr);
    assert!(r.stdout.contains("data:image/svg+xml") && r.stdout.contains("<caption>"));
    for proibido in ["divisa avaliar", "`", ".toml", "novo.dados"] {
        assert!(!r.stdout.contains(proibido), "«{proibido}» na página");
    }
    // distrito e nome: não há estudo a fazer (saída 2, dizendo por quê)
    let r = divisa(&["fiscal", &exemplo("criacao_distrito.toml")]);
    assert_eq!(r.codigo, 2);
    assert!(r.stderr.contains("não há estudo fiscal"), "{}", r.stderr);
}
