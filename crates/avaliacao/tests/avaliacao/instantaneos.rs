//! O relatório inteiro de cada exemplo de `exemplos/`, em texto e em JSON. Uma mudança no
//! relatório aparece aqui como diferença; `UPDATE_EXPECT=1 cargo test` regrava depois de lida.

use expect_test::expect_file;

use crate::exemplos;

fn relatorios(nome: &str) -> (String, String, divisa_lei::Conclusao) {
    let caminho = exemplos().join(format!("{nome}.toml"));
    let texto = std::fs::read_to_string(&caminho).unwrap();
    let proposta = divisa_avaliacao::ler(
        &format!("{nome}.toml"),
        &texto,
        divisa_avaliacao::Arquivos::Diretorio(&exemplos()),
        None,
    )
    .unwrap();
    let data = proposta.data_referencia.unwrap();
    let avaliacao = divisa_lei::avaliar(&proposta.fatos, data).unwrap();
    (
        divisa_avaliacao::relatorio::texto(&avaliacao, &proposta.fatos),
        divisa_avaliacao::relatorio::json(&avaliacao),
        avaliacao.conclusao(),
    )
}

macro_rules! instantaneo {
    ($teste:ident, $nome:literal, $conclusao:ident) => {
        #[test]
        fn $teste() {
            let (texto, json, conclusao) = relatorios($nome);
            expect_file![concat!("instantaneos/", $nome, ".txt")].assert_eq(&texto);
            expect_file![concat!("instantaneos/", $nome, ".json")].assert_eq(&json);
            assert_eq!(conclusao, divisa_lei::Conclusao::$conclusao);
        }
    };
}

instantaneo!(criacao_de_espigao_do_leste, "criacao", Inconclusivo);
instantaneo!(fusao_de_araguainha_e_ponte_branca, "fusao", Inconclusivo);
instantaneo!(
    incorporacao_com_500_sim_de_1000_inscritos,
    "incorporacao",
    NaoAtende
);
instantaneo!(
    desmembramento_de_exatamente_5_por_cento,
    "desmembramento",
    NaoAtende
);
instantaneo!(
    desmembramento_com_o_poligono_da_area,
    "desmembramento_area",
    Inconclusivo
);
instantaneo!(extincao_de_araguainha, "extincao", Inconclusivo);
instantaneo!(criacao_de_distrito, "criacao_distrito", Atende);
instantaneo!(alteracao_de_nome, "alteracao_nome", Inconclusivo);

#[test]
fn json_segue_o_contrato() {
    let (_, json, _) = relatorios("criacao");
    let valor: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        valor["lei"],
        "urn:lex:br;mato.grosso:estadual:lei.complementar:1992-11-19;23"
    );
    assert_eq!(valor["texto_em"], "2027-03-10");
    assert_eq!(valor["tipo"], "criacao");
    assert_eq!(valor["conclusao"], "inconclusivo");
    let primeiro = &valor["achados"][0];
    for campo in [
        "dispositivo",
        "citacao",
        "situacao",
        "exigido",
        "apurado",
        "orgao",
        "mensagem",
    ] {
        assert!(primeiro.get(campo).is_some(), "falta {campo}");
    }
    assert_eq!(primeiro["dispositivo"], "art2_cpt_inc1");
    assert_eq!(primeiro["citacao"], "Art. 2º, I");
    assert!(valor["alertas"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["id"] == "cf_art18_par4"));
}

#[test]
fn html_e_uma_pagina_que_escapa_o_texto() {
    let mut proposta = divisa_avaliacao::ler("x.toml", "tipo = \"criacao_distrito\"\n[distrito]\nmunicipio = 5107800\nnome = \"<script>alert(1)</script>\"\n", divisa_avaliacao::Arquivos::Diretorio(&exemplos()), None).unwrap();
    proposta.data_referencia = Some(jiff::civil::date(2027, 3, 10));
    let avaliacao = divisa_lei::avaliar(&proposta.fatos, jiff::civil::date(2027, 3, 10)).unwrap();
    let html = divisa_avaliacao::relatorio::html(&avaliacao, &proposta.fatos, None);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(!html.contains("<script>"));
    assert!(html.contains("&lt;script&gt;"));
    assert!(html.contains("lang=\"pt-BR\""));
}
