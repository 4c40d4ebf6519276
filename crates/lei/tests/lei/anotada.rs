//! `docs/lei-anotada.md`: a lei como o divisa a carrega, para juristas revisarem o mesmo texto
//! que o código usa — cada dispositivo com as suas redações, vigências, parâmetros e o que o
//! divisa faz com ele. Gerado por este teste; `UPDATE_EXPECT=1 cargo test` regrava.

use std::fmt::Write as _;

use divisa_lei::cobertura::{
    com_numeros, APLICADOS_EM_OUTRO, NAO_AUTOMATIZAVEIS, PROCEDIMENTO, VERIFICACOES,
};
use divisa_lei::texto::lei;
use divisa_referencia::formato::data;
use expect_test::expect_file;

use crate::cobertura::avaliados_por_codigo;

#[test]
fn lei_anotada_esta_em_dia() {
    let lei = lei().unwrap();
    let avaliados = avaliados_por_codigo();
    let mut md = String::new();
    let _ = writeln!(md, "# {} (MT), anotada pelo divisa\n", lei.epigrafe);
    let _ = writeln!(md, "> {}\n", lei.ementa);
    let _ = writeln!(md, "Gerado de `dados/lei/lc-23-1992.toml` pelo teste `lei_anotada_esta_em_dia` (crate `divisa-lei`). Não edite à mão: corrija o arquivo de dados e rode `UPDATE_EXPECT=1 cargo test -p divisa-lei`.\n");
    let _ = writeln!(md, "URN: `{}`\n", lei.urn);
    let _ = writeln!(md, "## Normas que deram redação\n\n| norma | em vigor desde | texto integral encontrado |\n|---|---|---|");
    for norma in lei.normas() {
        let _ = writeln!(
            md,
            "| {} | {} | {} |",
            norma.nome,
            data(norma.vigencia),
            if norma.texto_integral_encontrado {
                "sim"
            } else {
                "não"
            }
        );
    }
    let _ = writeln!(md, "\n## O que sustenta cada achado\n\nNenhum achado diz \"atende\" sem uma verificação por trás. Para cada dispositivo avaliado por código: o que é verificado para dizer \"atende\", e quando o achado fica pendente.\n\n| dispositivo | \"atende\" quando | pendente quando |\n|---|---|---|");
    // os números da lei nas tabelas, da redação em vigor desde a última norma
    let vigente = lei.normas().last().map(|n| n.vigencia).unwrap();
    for (id, atende, pendente) in VERIFICACOES {
        let rotulo = lei.dispositivo(id).map_or(*id, |d| d.rotulo.as_str());
        let (atende, pendente) = (
            com_numeros(id, atende, vigente),
            com_numeros(id, pendente, vigente),
        );
        let _ = writeln!(md, "| {rotulo} (`{id}`) | {atende} | {pendente} |");
    }
    let mut artigo_atual = 0;
    for dispositivo in lei.dispositivos() {
        if dispositivo.artigo() != artigo_atual {
            artigo_atual = dispositivo.artigo();
            let _ = writeln!(
                md,
                "\n## Art. {}{}",
                artigo_atual,
                if artigo_atual < 10 { "º" } else { "" }
            );
        }
        let _ = writeln!(md, "\n### {} — `{}`\n", dispositivo.rotulo, dispositivo.id);
        for redacao in &dispositivo.redacoes {
            let norma = lei.norma(redacao);
            let origem = if redacao.acrescentado {
                "acrescentado pela"
            } else {
                "redação da"
            };
            match &redacao.texto {
                Some(texto) => {
                    let _ = writeln!(
                        md,
                        "- {origem} {}, desde {}: «{texto}»",
                        norma.nome,
                        data(redacao.vigente_desde)
                    );
                }
                None => {
                    let _ = writeln!(md, "- {origem} {}, desde {}: **texto não encontrado** (avaliações nesse período ficam pendentes)", norma.nome, data(redacao.vigente_desde));
                }
            }
            if !redacao.parametros.is_empty() {
                let parametros: Vec<String> = redacao
                    .parametros
                    .iter()
                    .map(|(nome, valor)| format!("`{nome} = {valor}`"))
                    .collect();
                let _ = writeln!(md, "  - parâmetros: {}", parametros.join(", "));
            }
        }
        let procurar = |lista: &'static [(&'static str, &'static str)]| -> Option<&'static str> {
            lista
                .iter()
                .find(|(id, _)| *id == dispositivo.id)
                .map(|(_, motivo)| *motivo)
        };
        let destino = if avaliados.contains(&dispositivo.id) {
            "avaliado por código: aparece como achado nos relatórios".to_owned()
        } else if let Some(onde) = procurar(APLICADOS_EM_OUTRO) {
            format!("aplicado dentro de outro achado: {onde}")
        } else if let Some(passo) = procurar(PROCEDIMENTO) {
            format!(
                "passo do processo legislativo: {}",
                com_numeros(&dispositivo.id, passo, vigente)
            )
        } else if let Some(motivo) = procurar(NAO_AUTOMATIZAVEIS) {
            format!("não automatizável: {motivo}")
        } else {
            "SEM DESTINO (o teste de cobertura falha)".to_owned()
        };
        let _ = writeln!(md, "\n*No divisa:* {destino}.");
    }
    expect_file!["../../../../docs/lei-anotada.md"].assert_eq(&md);
}
