//! A proposta de criação preenchida campo a campo (a página "Avaliar"), para quem não escreve
//! TOML: os campos viram a proposta do CONTRACT §2, que a página mostra e avalia.
//!
//! Números aceitos como se escrevem no Brasil ("4.000", "45.000.000,50") ou com ponto decimal
//! ("45000000.50"); o município de origem por nome ou código IBGE. Todo erro nomeia o campo.

use std::fmt::Write as _;

use crate::html::esc;

/// Os campos do formulário: nome, rótulo, dica.
pub(crate) const CAMPOS: &[(&str, &str, &str)] = &[
    ("f_nome", "Nome proposto", "Vale do Sol"),
    ("f_sede", "Sede (se diferente do nome)", ""),
    (
        "f_origem",
        "Municípios de origem (nome ou código IBGE; um por linha)",
        "São Félix do Araguaia",
    ),
    ("f_populacao", "População estimada (Art. 2º, I)", "5.200"),
    ("f_eleitores", "Eleitores (Art. 2º, II)", "1.300"),
    ("f_casas", "Casas no centro urbano (Art. 2º, III)", "240"),
    (
        "f_valor_adicionado",
        "Valor adicionado, em R$ (Art. 2º, IV)",
        "45.000.000,00",
    ),
    (
        "f_arrecadacao",
        "Arrecadação, em R$ (Art. 2º, IV)",
        "3.000.000,00",
    ),
    (
        "f_media",
        "Média da arrecadação dos 40 menores, em R$ (vazio: a dos dados)",
        "",
    ),
];

/// O formulário (os valores atuais em `valor`).
pub(crate) fn html(valor: &dyn Fn(&str) -> Option<String>) -> String {
    let mut s = String::from(
        "<details class=\"ato\" id=\"formulario\"><summary>Preencher um formulário (criação de município)</summary>\
         <p>Os campos viram a proposta ao lado, que você pode continuar editando.</p>",
    );
    for (nome, rotulo, dica) in CAMPOS {
        let v = valor(nome).unwrap_or_default();
        if *nome == "f_origem" {
            let _ = write!(
                s,
                "<label for=\"{nome}\">{}</label><textarea id=\"{nome}\" name=\"{nome}\" rows=\"2\" placeholder=\"{}\">{}</textarea>",
                esc(rotulo),
                esc(dica),
                esc(&v)
            );
        } else {
            let _ = write!(
                s,
                "<label for=\"{nome}\">{}</label><input id=\"{nome}\" name=\"{nome}\" type=\"text\" inputmode=\"{}\" placeholder=\"{}\" value=\"{}\">",
                esc(rotulo),
                if matches!(*nome, "f_nome" | "f_sede") { "text" } else { "decimal" },
                esc(dica),
                esc(&v)
            );
        }
    }
    let pessoa = valor("f_pessoa_viva").unwrap_or_default();
    let _ = write!(
        s,
        "<label for=\"f_pessoa_viva\">O nome homenageia pessoa viva? (Art. 6º)</label><select id=\"f_pessoa_viva\" name=\"f_pessoa_viva\">\
         <option value=\"\"{}>não sei</option><option value=\"nao\"{}>não</option><option value=\"sim\"{}>sim</option></select>\
         <button type=\"submit\" name=\"modo\" value=\"formulario\">Montar a proposta e avaliar</button></details>",
        if pessoa.is_empty() { " selected" } else { "" },
        if pessoa == "nao" { " selected" } else { "" },
        if pessoa == "sim" { " selected" } else { "" },
    );
    s
}

/// Um número escrito no Brasil ("4.000", "1.234,56") ou com ponto decimal ("1234.56").
fn numero(campo: &str, rotulo: &str, texto: &str) -> Result<Option<f64>, String> {
    let t: String = texto
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace() && *c != 'R' && *c != '$')
        .collect();
    if t.is_empty() {
        return Ok(None);
    }
    let normal = if t.contains(',') {
        t.replace('.', "").replace(',', ".")
    } else if t.matches('.').count() > 1 || t.split('.').nth(1).is_some_and(|d| d.len() == 3) {
        // "4.000" e "1.234.567": pontos de milhar
        t.replace('.', "")
    } else {
        t
    };
    match normal.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(Some(v)),
        _ => Err(format!(
            "campo «{rotulo}» ({campo}): «{texto}» não é um número (escreva como 4.000 ou 1.234,56)"
        )),
    }
}

fn texto_toml(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(o, "\\u{:04X}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// A proposta (TOML) montada dos campos.
pub(crate) fn proposta(valor: &dyn Fn(&str) -> Option<String>) -> Result<String, String> {
    let v = |n: &str| valor(n).map(|s| s.trim().to_string()).unwrap_or_default();
    fn rotulo(n: &'static str) -> &'static str {
        CAMPOS.iter().find(|c| c.0 == n).map_or(n, |c| c.1)
    }
    let nome = v("f_nome");
    if nome.is_empty() {
        return Err(format!(
            "campo «{}» (f_nome): informe o nome proposto",
            rotulo("f_nome")
        ));
    }
    let mt = divisa_referencia::mt().map_err(|e| e.to_string())?;
    let mut origens = Vec::new();
    for linha in v("f_origem")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        match mt.buscar(linha) {
            divisa_referencia::mt::Busca::Encontrado(m) => origens.push(m.codigo_ibge),
            divisa_referencia::mt::Busca::NaoEncontrado { .. } => {
                return Err(format!(
                    "campo «{}» (f_origem): «{linha}» não é município de Mato Grosso (nome ou código IBGE)",
                    rotulo("f_origem")
                ))
            }
        }
    }
    let mut t = String::from(
        "# Proposta montada pelo formulário da página \"Avaliar\".\ntipo = \"criacao\"\n\n[novo]\n",
    );
    let _ = writeln!(t, "nome = {}", texto_toml(&nome));
    let sede = v("f_sede");
    let _ = writeln!(
        t,
        "sede = {}",
        texto_toml(if sede.is_empty() { &nome } else { &sede })
    );
    let _ = writeln!(
        t,
        "origens = [{}]",
        origens
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    match v("f_pessoa_viva").as_str() {
        "sim" => t.push_str("nome_homenageia_pessoa_viva = true\n"),
        "nao" => t.push_str("nome_homenageia_pessoa_viva = false\n"),
        _ => {}
    }
    t.push_str("\n[novo.dados]\n");
    for (campo, chave, inteiro) in [
        ("f_populacao", "populacao", true),
        ("f_eleitores", "eleitores", true),
        ("f_casas", "casas_centro_urbano", true),
        ("f_valor_adicionado", "valor_adicionado", false),
        ("f_arrecadacao", "arrecadacao", false),
    ] {
        if let Some(n) = numero(campo, rotulo(campo), &v(campo))? {
            if inteiro {
                if n.fract() != 0.0 {
                    return Err(format!(
                        "campo «{}» ({campo}): esperava um número inteiro",
                        rotulo(campo)
                    ));
                }
                let _ = writeln!(t, "{chave} = {}", n as u64);
            } else {
                let _ = writeln!(t, "{chave} = {n:.2}");
            }
        }
    }
    if let Some(m) = numero("f_media", rotulo("f_media"), &v("f_media"))? {
        let _ = write!(t, "\n[referencia]\nmedia_arrecadacao_40_menores = {m:.2}\n");
    }
    Ok(t)
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn numeros_escritos_no_brasil() {
        for (texto, esperado) in [
            ("4.000", Some(4000.0)),
            ("4000", Some(4000.0)),
            ("1.234.567", Some(1_234_567.0)),
            ("45.000.000,50", Some(45_000_000.5)),
            ("R$ 3.000,00", Some(3000.0)),
            ("12.5", Some(12.5)),
            ("", None),
        ] {
            assert_eq!(numero("c", "C", texto), Ok(esperado), "{texto}");
        }
        assert!(numero("c", "C", "muitos")
            .unwrap_err()
            .contains("«muitos» não é um número"));
        assert!(numero("c", "C", "-3").is_err());
    }
}
