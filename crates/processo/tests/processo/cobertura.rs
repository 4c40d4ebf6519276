//! Todo passo do processo que a lei enumera (`divisa_lei::cobertura::PROCEDIMENTO`) é citado
//! pelo código do rito — ou está na lista do que fica fora dele, com o motivo.

/// O código do rito, como texto.
const FONTES: &[&str] = &[
    include_str!("../../src/processo.rs"),
    include_str!("../../src/guardas.rs"),
    include_str!("../../src/pendencias.rs"),
    include_str!("../../src/fase.rs"),
    include_str!("../../src/papel.rs"),
    include_str!("../../src/ato/mod.rs"),
    include_str!("../../src/ato/definicao.rs"),
    include_str!("../../src/ato/representacao.rs"),
    include_str!("../../src/ato/certidao.rs"),
    include_str!("../../src/protocolo.rs"),
    include_str!("../../src/prazos.rs"),
];

/// Passos do procedimento que o rito não conduz, e por quê.
const FORA_DO_RITO: &[(&str, &str)] = &[
    ("art8_cpt", "o Plano de Ação da revisão de limites é trabalho conjunto com a Cartografia, fora da representação"),
    ("art8_par3", "o Relatório Técnico é um documento (issue dos documentos oficiais)"),
    ("art11_par1", "quem vota é definido pela resolução do TRE; o resultado chega por RegistrarPlebiscito"),
    ("art12_cpt", "a forma da consulta é regulada pelo TRE"),
    ("art12_cpt_inc1", "a residência do votante é verificada pelo TRE"),
];

#[test]
fn todo_passo_do_procedimento_e_citado_pelo_rito_ou_justificado() {
    let lei = divisa_lei::texto::lei().unwrap();
    let fonte = FONTES.concat();
    let mut faltam = Vec::new();
    for (id, _) in divisa_lei::cobertura::PROCEDIMENTO {
        if FORA_DO_RITO.iter().any(|(f, _)| f == id) {
            continue;
        }
        let rotulo = &lei.dispositivo(id).unwrap().rotulo;
        // "Art. 17" sozinho casaria com "Art. 17, § 1º": exige o rótulo seguido de algo que
        // não continue o dispositivo.
        let citado = fonte.match_indices(rotulo.as_str()).any(|(i, _)| {
            let depois = &fonte[i + rotulo.len()..];
            !depois.starts_with(", I")
                && !depois.starts_with(", §")
                && !depois.starts_with(", p")
                && !depois.starts_with(|c: char| c.is_ascii_digit())
                || rotulo.contains(',')
        });
        if !citado {
            faltam.push(format!("{id} ({rotulo})"));
        }
    }
    assert!(faltam.is_empty(), "passos sem lugar no rito: {faltam:?}");
    for (id, _) in FORA_DO_RITO {
        assert!(
            divisa_lei::cobertura::PROCEDIMENTO
                .iter()
                .any(|(p, _)| p == id),
            "{id} não é passo do procedimento"
        );
    }
}
