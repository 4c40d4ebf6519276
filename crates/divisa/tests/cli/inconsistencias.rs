//! `divisa inconsistencias`: sobreposições e vãos entre municípios (Art. 8º, caput).

use crate::util::divisa;

/// A Malha Municipal 2022 do IBGE é topologicamente limpa: nenhuma sobreposição nem vão acima
/// de 1 m² entre os 141 municípios (é o que a torna a base para apontar as dos outros). Também
/// guarda a regressão de um estouro de `i32` no `i_overlay` com pares de municípios grandes.
#[test]
fn malha_2022_sem_sobreposicoes_nem_vaos() {
    let execucao = divisa(&["inconsistencias"]);
    assert_eq!(execucao.codigo, 0, "{}{}", execucao.stdout, execucao.stderr);
    assert!(
        execucao
            .stdout
            .contains("Malha Municipal 2022 (IBGE), 141 territórios"),
        "{}",
        execucao.stdout
    );
    assert!(execucao
        .stdout
        .contains("Nenhuma sobreposição nem vão entre os territórios."));
}

/// Uma malha da Cartografia com os nomes nas feições: a sobreposição e o vão saem com os nomes
/// de quem os tem ou os cerca, do maior para o menor, e a saída é 3.
#[test]
fn malha_com_sobreposicao_e_vao_diz_quem() {
    let retangulo = |nome: &str, x0: f64, y0: f64, x1: f64, y1: f64| {
        format!(
            r#"{{"type":"Feature","properties":{{"NM_MUN":"{nome}"}},"geometry":{{"type":"Polygon","coordinates":[[[{x0},{y0}],[{x1},{y0}],[{x1},{y1}],[{x0},{y1}],[{x0},{y0}]]]}}}}"#
        )
    };
    let malha = format!(
        r#"{{"type":"FeatureCollection","features":[{}]}}"#,
        [
            retangulo("Alfa", -56.0, -15.0, -55.9, -14.9),
            retangulo("Beta", -55.91, -15.0, -55.8, -14.9),
            retangulo("Gama", -55.7, -15.0, -55.6, -14.9),
            retangulo("Delta", -56.0, -15.1, -55.6, -15.0),
            retangulo("Épsilon", -56.0, -14.9, -55.6, -14.8),
        ]
        .join(",")
    );
    let arquivo = std::env::temp_dir().join(format!("divisa-malha-{}.geojson", std::process::id()));
    std::fs::write(&arquivo, malha).unwrap();
    let execucao = divisa(&["inconsistencias", arquivo.to_str().unwrap()]);
    std::fs::remove_file(&arquivo).ok();
    assert_eq!(execucao.codigo, 3, "{}", execucao.stderr);
    let texto = &execucao.stdout;
    assert!(texto.contains(", 5 territórios"), "{texto}");
    assert!(
        texto.contains(
            "1. Vão: terra de nenhum território, cercada por Beta, Gama, Delta, Épsilon, 119.030.309,"
        ),
        "{texto}"
    );
    assert!(
        texto.contains("2. Sobreposição: Alfa e Beta declaram a mesma terra, 11.903.028,"),
        "{texto}"
    );

    let sem_colecao = divisa(&["inconsistencias", "/nao/existe.geojson"]);
    assert_eq!(sem_colecao.codigo, 2);
    assert!(
        sem_colecao.stderr.contains("o arquivo não existe"),
        "{}",
        sem_colecao.stderr
    );
}
