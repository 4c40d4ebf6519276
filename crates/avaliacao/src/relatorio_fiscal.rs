//! O estudo fiscal em HTML: um fragmento (o gráfico de quem ganha e quem perde, a tabela dele
//! para leitores de tela, o percentual do ICMS do Art. 7º, V, os critérios do EVM e as notas)
//! que a página do processo e a página avulsa de `divisa fiscal --formato html` mostram iguais.
//! Todo texto passa por [`escapar`]; o SVG do gráfico vem de `divisa_fiscal::grafico`, também
//! escapado.

use std::fmt::Write;

use divisa_fiscal::formato::{decimal_enxuto, porcentagem, reais, reais_com_sinal};
use divisa_fiscal::EstudoFiscal;
use divisa_referencia::formato::{escapar, inteiro};

/// Quantos municípios de fora da proposta o gráfico mostra um a um.
pub const PERDAS_NO_GRAFICO: usize = 6;

/// O fragmento HTML do estudo (sem `<html>`), com o gráfico e as tabelas. `nivel` é o nível do
/// título das seções (2 numa página própria, 3 dentro da página do processo).
pub fn fragmento(estudo: &EstudoFiscal, nivel: u8) -> String {
    let h = nivel.clamp(2, 5);
    let mut s = String::new();
    let fpm = &estudo.fpm;
    if estudo.estimativa {
        s.push_str(
            "<div class=\"estimativa\"><p><strong>Números estimados</strong> — por quê:</p><ul>\n",
        );
        for m in &estudo.motivos_estimativa {
            let _ = writeln!(s, "<li>{}</li>", escapar(m));
        }
        s.push_str("</ul></div>\n");
    }
    let _ = writeln!(
        s,
        "<h{h}>FPM: quem ganha e quem perde por ano</h{h}>\n<p>População: {} · coeficientes: {} · fundo do interior de Mato Grosso: {}{} · soma dos coeficientes: {} antes, {} depois.</p>",
        escapar(&fpm.populacao),
        escapar(&fpm.fonte_coeficientes),
        escapar(&reais(fpm.fundo_reais)),
        if fpm.fundo_estimativa {
            format!(" (estimado: {})", escapar(&fpm.fundo_fonte))
        } else {
            format!(" ({})", escapar(&fpm.fundo_fonte))
        },
        escapar(&decimal_enxuto(fpm.soma_antes, 1, 6)),
        escapar(&decimal_enxuto(fpm.soma_depois, 1, 6)),
    );
    let barras = divisa_fiscal::grafico::barras(fpm, PERDAS_NO_GRAFICO);
    let titulo = "Variação anual do FPM de cada município se a proposta virar lei";
    // o gráfico como imagem (o SVG num endereço data:, que a política de conteúdo da web admite):
    // decorativo para o leitor de tela (alt vazio), porque a tabela logo abaixo diz o mesmo
    let _ = writeln!(
        s,
        "<figure class=\"grafico-fiscal\"><img alt=\"\" src=\"data:image/svg+xml;charset=utf-8,{}\"><figcaption>Verde: ganha; vermelho: perde. A soma de todas as variações é zero: o FPM do interior é um fundo fixo repartido entre os municípios do Estado. Os números estão na tabela abaixo.</figcaption></figure>",
        em_url(&divisa_fiscal::grafico::svg(&barras, titulo))
    );
    let _ = writeln!(
        s,
        "<div class=\"tabela\"><table class=\"fiscal cartoes-no-celular\">\n<caption>{}</caption>\n<tr class=\"cabecalho\"><th scope=\"col\">Município</th><th scope=\"col\">Na proposta</th><th scope=\"col\">Variação por ano</th></tr>",
        escapar(titulo)
    );
    for b in &barras {
        let _ = writeln!(
            s,
            "<tr><td data-rotulo=\"Município\">{}</td><td data-rotulo=\"Na proposta\">{}</td><td data-rotulo=\"Variação por ano\">{}</td></tr>",
            escapar(&b.nome),
            escapar(b.papel),
            escapar(&reais_com_sinal(b.variacao_reais))
        );
    }
    s.push_str("</table></div>\n");
    // os da proposta, com população e coeficiente antes e depois
    let _ = writeln!(
        s,
        "<div class=\"tabela\"><table class=\"fiscal cartoes-no-celular\">\n<caption>Os municípios da proposta: população, coeficiente e FPM por ano</caption>\n<tr class=\"cabecalho\"><th scope=\"col\">Município</th><th scope=\"col\">População</th><th scope=\"col\">Coeficiente</th><th scope=\"col\">FPM por ano</th></tr>"
    );
    for m in fpm.municipios.iter().filter(|m| m.da_proposta()) {
        let _ = writeln!(
            s,
            "<tr><td data-rotulo=\"Município\">{}{}</td><td data-rotulo=\"População\">{} → {}{}</td><td data-rotulo=\"Coeficiente\">{} → {}</td><td data-rotulo=\"FPM por ano\">{} → {}</td></tr>",
            escapar(&m.nome),
            if m.novo { " (novo)" } else if m.extinto { " (extinto)" } else { "" },
            inteiro(i64::from(m.populacao_antes)),
            inteiro(i64::from(m.populacao_depois)),
            m.fonte_populacao_depois
                .as_ref()
                .map_or(String::new(), |f| format!(" <small>({})</small>", escapar(f))),
            escapar(&decimal_enxuto(m.coeficiente_antes, 1, 6)),
            escapar(&decimal_enxuto(m.coeficiente_depois, 1, 6)),
            escapar(&reais(m.reais_antes)),
            escapar(&reais(m.reais_depois)),
        );
    }
    s.push_str("</table></div>\n");
    let alertas: Vec<&String> = fpm.municipios.iter().flat_map(|m| &m.alertas).collect();
    if !alertas.is_empty() || !fpm.notas.is_empty() {
        s.push_str("<ul class=\"notas-fiscais\">\n");
        for a in alertas.iter().copied().chain(&fpm.notas) {
            let _ = writeln!(s, "<li>{}</li>", escapar(a));
        }
        let _ = writeln!(s, "<li>{}</li>", escapar(fpm.metodo_centavos));
        s.push_str("</ul>\n");
    }
    // ICMS
    let _ = writeln!(s, "<h{h}>ICMS: o percentual do Art. 7º, V</h{h}>");
    match (&estudo.icms, &estudo.icms_pendente) {
        (Some(i), _) => {
            let _ = writeln!(
                s,
                "<p>Índices: {} · método: {} · recebe: {}, com índice {}.</p>",
                escapar(&i.fonte_indices),
                escapar(i.descricao_metodo),
                escapar(&i.destino),
                escapar(&decimal_enxuto(i.indice_destino, 6, 6)),
            );
            let _ = writeln!(
                s,
                "<div class=\"tabela\"><table class=\"fiscal cartoes-no-celular\">\n<caption>O percentual do índice de cada origem que passa a {}</caption>\n<tr class=\"cabecalho\"><th scope=\"col\">Origem</th><th scope=\"col\">Percentual</th><th scope=\"col\">Índice antes</th><th scope=\"col\">Índice depois</th></tr>",
                escapar(&i.destino)
            );
            for p in &i.percentuais {
                let _ = writeln!(
                    s,
                    "<tr><td data-rotulo=\"Origem\">{}</td><td data-rotulo=\"Percentual\">{}</td><td data-rotulo=\"Índice antes\">{}</td><td data-rotulo=\"Índice depois\">{}</td></tr>",
                    escapar(&p.nome),
                    escapar(&porcentagem(p.percentual, 4)),
                    escapar(&decimal_enxuto(p.indice_antes, 6, 6)),
                    escapar(&decimal_enxuto(p.indice_depois, 6, 6)),
                );
            }
            s.push_str("</table></div>\n");
            let criterios: Vec<_> = i
                .percentuais
                .iter()
                .flat_map(|p| p.criterios.iter().map(move |c| (p, c)))
                .collect();
            if !criterios.is_empty() {
                let _ = writeln!(
                    s,
                    "<details><summary>Como cada critério da lei do ICMS pesou</summary><div class=\"tabela\"><table class=\"fiscal cartoes-no-celular\">\n<caption>O peso de cada critério da lei do ICMS no percentual de cada origem</caption>\n<tr class=\"cabecalho\"><th scope=\"col\">Origem</th><th scope=\"col\">Critério</th><th scope=\"col\">Peso</th><th scope=\"col\">Parte da área</th><th scope=\"col\">Fonte</th></tr>"
                );
                for (p, c) in criterios {
                    let _ = writeln!(
                        s,
                        "<tr><td data-rotulo=\"Origem\">{}</td><td data-rotulo=\"Critério\">{}</td><td data-rotulo=\"Peso\">{}%</td><td data-rotulo=\"Parte da área\">{}{}</td><td data-rotulo=\"Fonte\">{}</td></tr>",
                        escapar(&p.nome),
                        escapar(c.rotulo),
                        c.peso,
                        escapar(&porcentagem(c.parte * rust_decimal::Decimal::ONE_HUNDRED, 2)),
                        if c.aproximado { " (aproximado)" } else { "" },
                        escapar(&c.fonte),
                    );
                }
                s.push_str("</table></div></details>\n");
            }
        }
        (None, motivo) => {
            let _ = writeln!(
                s,
                "<p><strong>Pendente.</strong> {}</p>",
                escapar(motivo.as_deref().unwrap_or("sem a tabela de índices"))
            );
        }
    }
    // EVM
    let _ = writeln!(
        s,
        "<h{h}>Viabilidade: os critérios dos projetos de lei complementar federal</h{h}>\n<p>{}</p>",
        escapar(divisa_fiscal::evm::EVM_NAO_E_REQUISITO_LEGAL)
    );
    let _ = writeln!(
        s,
        "<div class=\"tabela\"><table class=\"fiscal cartoes-no-celular\">\n<caption>Os critérios dos projetos de lei complementar federal, para o novo município e os remanescentes</caption>\n<tr class=\"cabecalho\"><th scope=\"col\">Critério</th><th scope=\"col\">Exigido</th><th scope=\"col\">Apurado</th><th scope=\"col\">Situação</th><th scope=\"col\">Projeto</th></tr>"
    );
    for c in &estudo.evm {
        let _ = writeln!(
            s,
            "<tr class=\"{}\"><td data-rotulo=\"Critério\">{}</td><td data-rotulo=\"Exigido\">{}</td><td data-rotulo=\"Apurado\">{}</td><td data-rotulo=\"Situação\">{}</td><td data-rotulo=\"Projeto\">{}</td></tr>",
            match c.situacao {
                divisa_fiscal::evm::SituacaoEvm::Atende => "atende",
                divisa_fiscal::evm::SituacaoEvm::NaoAtende => "nao_atende",
                divisa_fiscal::evm::SituacaoEvm::Pendente => "pendente",
            },
            escapar(&c.criterio),
            escapar(&c.exigido),
            escapar(&c.apurado),
            escapar(c.situacao.rotulo()),
            escapar(&c.fonte),
        );
    }
    s.push_str("</table></div>\n");
    if !estudo.notas.is_empty() {
        s.push_str("<ul class=\"notas-fiscais\">\n");
        for n in &estudo.notas {
            let _ = writeln!(s, "<li>{}</li>", escapar(n));
        }
        s.push_str("</ul>\n");
    }
    s
}

/// O texto num endereço `data:` (RFC 2397): letras, algarismos e `-_.~` como estão, o resto em
/// %XX (UTF-8), para que nada no SVG feche o atributo.
fn em_url(texto: &str) -> String {
    let mut s = String::with_capacity(texto.len() * 2);
    for b in texto.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            s.push(b as char);
        } else {
            let _ = write!(s, "%{b:02X}");
        }
    }
    s
}

/// A página avulsa do estudo (`divisa fiscal --formato html`), com estilos embutidos.
pub fn pagina(estudo: &EstudoFiscal, titulo: &str) -> String {
    format!(
        r#"<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Estudo fiscal — {titulo}</title>
<style>
body {{ font-family: "DejaVu Sans", Arial, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222; line-height: 1.4; }}
h1 {{ font-size: 1.4rem; }} h2 {{ font-size: 1.1rem; margin-top: 1.6rem; border-bottom: 1px solid #999; }}
table {{ border-collapse: collapse; width: 100%; font-size: .9rem; margin: .6rem 0; }}
caption {{ text-align: left; font-weight: bold; padding: .3rem 0; }}
th, td {{ text-align: left; vertical-align: top; padding: .3rem .4rem; border-bottom: 1px solid #ddd; }}
tr.atende td:nth-child(4) {{ color: #1b6e20; }} tr.nao_atende td:nth-child(4) {{ color: #b00020; font-weight: bold; }}
tr.pendente td:nth-child(4) {{ color: #8a5a00; }}
figure.grafico-fiscal {{ margin: .5rem 0; max-width: 27rem; }} figure.grafico-fiscal img {{ width: 100%; height: auto; }} figcaption {{ font-size: .8rem; color: #555; }}
.estimativa {{ background: #fff5c2; padding: .5rem; }} .estimativa ul {{ margin: 0; }}
@media (max-width: 40rem) {{
  table, tr, td {{ display: block; }} tr:first-child, caption + tr {{ display: none; }}
  td::before {{ content: attr(data-rotulo) ": "; font-weight: bold; }}
  tr {{ border-bottom: 1px solid #bbb; padding: .3rem 0; }} td {{ border: 0; padding: .1rem 0; }}
}}
</style>
</head>
<body>
<h1>Estudo de impacto fiscal e de viabilidade: {titulo}</h1>
{corpo}</body>
</html>
"#,
        titulo = escapar(titulo),
        corpo = fragmento(estudo, 2),
    )
}
