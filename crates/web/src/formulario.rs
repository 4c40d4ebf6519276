//! A proposta preenchida campo a campo (a página "Avaliar"), para quem não escreve TOML: a
//! criação de município e a revisão de limites por desmembramento (Art. 8º, § 1º, na redação da
//! LC nº 792/2024). Os campos viram a proposta do CONTRACT §2, que a página mostra e avalia; o
//! arquivo do território enviado no formulário entra como `area = "…"`.
//!
//! Números aceitos como se escrevem no Brasil ("4.000", "45.000.000,50") ou com ponto decimal
//! ("45000000.50"); municípios por nome ou código IBGE. Todo erro nomeia o campo.

use std::fmt::Write as _;

use crate::html::{html, Markup};

/// O campo (não digitado) com o nome do arquivo do território enviado junto, quando há.
pub(crate) const ARQUIVO_DA_AREA: &str = "f_area_arquivo";

/// Os campos da criação: nome, rótulo, dica.
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
        "Arrecadação, em R$ (Art. 2º, V)",
        "3.000.000,00",
    ),
    (
        "f_media",
        "Média da arrecadação dos 40 menores, em R$ (vazio: a dos dados)",
        "",
    ),
];

/// Os campos da revisão de limites (desmembramento, Art. 8º).
pub(crate) const CAMPOS_DESMEMBRAMENTO: &[(&str, &str, &str)] = &[
    (
        "f_cedente",
        "Município que cede a área (nome ou código IBGE)",
        "Ribeirãozinho",
    ),
    (
        "f_receptor",
        "Município que recebe a área (nome ou código IBGE)",
        "Ponte Branca",
    ),
    (
        "f_area_km2",
        "Área a desmembrar, em km² (se não enviar o arquivo do território)",
        "12,5",
    ),
    (
        "f_area_cedente_km2",
        "Área do cedente, em km² (vazio: a oficial da Malha 2022)",
        "",
    ),
    (
        "f_anteriores",
        "Áreas já desmembradas do cedente por outras inconsistências, em km² (uma por linha; Art. 8º, § 2º)",
        "3,2",
    ),
];

/// Os campos do plebiscito, se já realizado (Art. 11, § 2º), nos dois tipos.
pub(crate) const CAMPOS_PLEBISCITO: &[(&str, &str, &str)] = &[
    ("f_inscritos", "Plebiscito: eleitores inscritos", "1.000"),
    ("f_sim", "Plebiscito: votos SIM", "501"),
    ("f_nao", "Plebiscito: votos NÃO", "120"),
];

fn rotulo(n: &str) -> &str {
    CAMPOS
        .iter()
        .chain(CAMPOS_DESMEMBRAMENTO)
        .chain(CAMPOS_PLEBISCITO)
        .find(|c| c.0 == n)
        .map_or(n, |c| c.1)
}

fn campos_html(campos: &[(&str, &str, &str)], valor: &dyn Fn(&str) -> Option<String>) -> Markup {
    html! {
        @for (nome, rotulo, dica) in campos {
            @let v = valor(nome).unwrap_or_default();
            // a dica é um exemplo, e diz que é: «5.200» sozinho parece um valor já preenchido
            @let dica = if dica.is_empty() { String::new() } else { format!("ex.: {dica}") };
            label for=(nome) { (rotulo) }
            @if matches!(*nome, "f_origem" | "f_anteriores") {
                textarea id=(nome) name=(nome) rows="2" placeholder=(dica) { (v) }
            } @else {
                input id=(nome) name=(nome) type="text"
                    inputmode=(if matches!(*nome, "f_nome" | "f_sede" | "f_cedente" | "f_receptor") { "text" } else { "decimal" })
                    placeholder=(dica) value=(v);
            }
        }
    }
}

/// O formulário (os valores atuais em `valor`): o tipo, os campos de cada tipo (a página
/// esconde os do outro tipo; sem JavaScript, todos aparecem e o tipo decide), o plebiscito e o
/// arquivo do território.
pub(crate) fn html(valor: &dyn Fn(&str) -> Option<String>) -> Markup {
    let tipo = valor("f_tipo").unwrap_or_default();
    let desmembramento = tipo == "desmembramento";
    let pessoa = valor("f_pessoa_viva").unwrap_or_default();
    html! {
        details class="ato" id="formulario" open {
            summary { "Preencher um formulário (criação de município ou revisão de limites)" }
            p { "A cada campo preenchido, o relatório ao lado é refeito." }
            label for="f_tipo" { "Tipo" }
            select id="f_tipo" name="f_tipo" {
                option value="criacao" selected[!desmembramento] { "Criação de município (Arts. 2º e 7º)" }
                option value="desmembramento" selected[desmembramento] { "Revisão de limites: desmembramento de área (Art. 8º)" }
            }
            fieldset data-tipo="criacao" {
                legend { "Criação de município" }
                (campos_html(CAMPOS, valor))
                label for="f_pessoa_viva" { "O nome homenageia pessoa viva? (Art. 6º)" }
                select id="f_pessoa_viva" name="f_pessoa_viva" {
                    option value="" selected[pessoa.is_empty()] { "não sei" }
                    option value="nao" selected[pessoa == "nao"] { "não" }
                    option value="sim" selected[pessoa == "sim"] { "sim" }
                }
            }
            fieldset data-tipo="desmembramento" {
                legend { "Revisão de limites (desmembramento)" }
                (campos_html(CAMPOS_DESMEMBRAMENTO, valor))
            }
            fieldset {
                legend { "Plebiscito (se já realizado) e território" }
                (campos_html(CAMPOS_PLEBISCITO, valor))
                // o botão de escolher o arquivo é do navegador (e pode vir em inglês): a dica ao
                // lado diz em português o que se aceita
                label for="f_area" { "Arquivo do território: a área do novo município ou a área a desmembrar" }
                input id="f_area" name="area" type="file" aria-describedby="f_area-ajuda";
                p class="historico" id="f_area-ajuda" {
                    "Arquivos aceitos: GeoJSON, KML, memorial .txt, Shapefile .zip ou GeoPackage."
                }
            }
        }
    }
}

/// Um número do formulário pelo leitor único (`divisa_referencia::formato::numero_brasileiro`,
/// o mesmo dos atos): vazio é "não informado"; o erro diz o campo.
fn numero(campo: &str, rotulo: &str, texto: &str) -> Result<Option<f64>, String> {
    if texto.trim().is_empty() {
        return Ok(None);
    }
    divisa_referencia::formato::numero_brasileiro(texto)
        .map(Some)
        .map_err(|m| format!("campo «{rotulo}» ({campo}): {m}"))
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

/// Um município de Mato Grosso pelo nome ou código, ou o erro que nomeia o campo.
fn municipio(campo: &str, texto: &str) -> Result<u32, String> {
    let mt = divisa_referencia::mt().map_err(|e| e.to_string())?;
    match mt.buscar(texto) {
        divisa_referencia::mt::Busca::Encontrado(m) => Ok(m.codigo_ibge),
        divisa_referencia::mt::Busca::NaoEncontrado { .. } => Err(format!(
            "campo «{}» ({campo}): «{texto}» não é município de Mato Grosso (nome ou código IBGE)",
            rotulo(campo)
        )),
    }
}

/// Um número inteiro (contagens), ou o erro que nomeia o campo.
fn inteiro(campo: &str, texto: &str) -> Result<Option<u64>, String> {
    match numero(campo, rotulo(campo), texto)? {
        Some(n) if n.fract() != 0.0 => Err(format!(
            "campo «{}» ({campo}): esperava um número inteiro",
            rotulo(campo)
        )),
        Some(n) => Ok(Some(n as u64)),
        None => Ok(None),
    }
}

/// A proposta (TOML) montada dos campos.
pub(crate) fn proposta(valor: &dyn Fn(&str) -> Option<String>) -> Result<String, String> {
    let v = |n: &str| valor(n).map(|s| s.trim().to_string()).unwrap_or_default();
    let mut t = match v("f_tipo").as_str() {
        "" | "criacao" => criacao(&v)?,
        "desmembramento" => desmembramento(&v)?,
        outro => {
            return Err(format!(
                "campo «Tipo» (f_tipo): «{outro}» não é um tipo do formulário (criacao ou desmembramento)"
            ))
        }
    };
    let (inscritos, sim, nao) = (
        inteiro("f_inscritos", &v("f_inscritos"))?,
        inteiro("f_sim", &v("f_sim"))?,
        inteiro("f_nao", &v("f_nao"))?,
    );
    if inscritos.is_some() || sim.is_some() || nao.is_some() {
        t.push_str("\n[plebiscito]\n");
        for (chave, n) in [
            ("eleitores_inscritos", inscritos),
            ("votos_sim", sim),
            ("votos_nao", nao),
        ] {
            if let Some(n) = n {
                let _ = writeln!(t, "{chave} = {n}");
            }
        }
    }
    Ok(t)
}

fn criacao(v: &dyn Fn(&str) -> String) -> Result<String, String> {
    let nome = v("f_nome");
    if nome.is_empty() {
        return Err(format!(
            "campo «{}» (f_nome): informe o nome proposto",
            rotulo("f_nome")
        ));
    }
    let mut origens = Vec::new();
    for linha in v("f_origem")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        origens.push(municipio("f_origem", linha)?);
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
    let arquivo = v(ARQUIVO_DA_AREA);
    if !arquivo.is_empty() {
        let _ = writeln!(t, "area = {}", texto_toml(&arquivo));
    }
    match v("f_pessoa_viva").as_str() {
        "sim" => t.push_str("nome_homenageia_pessoa_viva = true\n"),
        "nao" => t.push_str("nome_homenageia_pessoa_viva = false\n"),
        _ => {}
    }
    t.push_str("\n[novo.dados]\n");
    for (campo, chave) in [
        ("f_populacao", "populacao"),
        ("f_eleitores", "eleitores"),
        ("f_casas", "casas_centro_urbano"),
    ] {
        if let Some(n) = inteiro(campo, &v(campo))? {
            let _ = writeln!(t, "{chave} = {n}");
        }
    }
    for (campo, chave) in [
        ("f_valor_adicionado", "valor_adicionado"),
        ("f_arrecadacao", "arrecadacao"),
    ] {
        if let Some(n) = numero(campo, rotulo(campo), &v(campo))? {
            let _ = writeln!(t, "{chave} = {n:.2}");
        }
    }
    if let Some(m) = numero("f_media", rotulo("f_media"), &v("f_media"))? {
        let _ = write!(t, "\n[referencia]\nmedia_arrecadacao_40_menores = {m:.2}\n");
    }
    Ok(t)
}

fn desmembramento(v: &dyn Fn(&str) -> String) -> Result<String, String> {
    let exigido = |campo: &str| -> Result<u32, String> {
        let texto = v(campo);
        if texto.is_empty() {
            return Err(format!(
                "campo «{}» ({campo}): informe o município",
                rotulo(campo)
            ));
        }
        municipio(campo, &texto)
    };
    let (cedente, receptor) = (exigido("f_cedente")?, exigido("f_receptor")?);
    if cedente == receptor {
        return Err(format!(
            "campo «{}» (f_receptor): o município que recebe a área não pode ser o que a cede (Art. 8º, § 1º: a área passa a outro município)",
            rotulo("f_receptor")
        ));
    }
    let mut t = format!(
        "# Proposta montada pelo formulário da página \"Avaliar\".\ntipo = \"desmembramento\"\n\n[desmembramento]\ncedente = {cedente}\nreceptor = {receptor}\n"
    );
    let arquivo = v(ARQUIVO_DA_AREA);
    if !arquivo.is_empty() {
        let _ = writeln!(t, "area = {}", texto_toml(&arquivo));
    }
    for (campo, chave) in [
        ("f_area_km2", "area_km2"),
        ("f_area_cedente_km2", "area_cedente_km2"),
    ] {
        if let Some(n) = numero(campo, rotulo(campo), &v(campo))? {
            let _ = writeln!(t, "{chave} = {n}");
        }
    }
    let mut anteriores = Vec::new();
    for linha in v("f_anteriores")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        if let Some(n) = numero("f_anteriores", rotulo("f_anteriores"), linha)? {
            anteriores.push(format!("{n}"));
        }
    }
    if !anteriores.is_empty() {
        let _ = writeln!(t, "areas_anteriores_km2 = [{}]", anteriores.join(", "));
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
        // issue 30: o mesmo leitor dos atos — "45.5" é 45,5 nos dois
        assert_eq!(numero("c", "C", "45.5"), Ok(Some(45.5)));
        assert!(numero("c", "C", "-3").is_err());
    }

    fn campos<'a>(pares: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |n| {
            pares
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| (*v).to_string())
        }
    }

    /// A revisão de limites (Art. 8º, § 1º) montada dos campos: municípios por nome, a área
    /// pelo arquivo enviado, as anteriores escritas no Brasil, o plebiscito.
    #[test]
    fn desmembramento_pelos_campos_art_8() {
        let t = proposta(&campos(&[
            ("f_tipo", "desmembramento"),
            ("f_cedente", "Ribeirãozinho"),
            ("f_receptor", "5106703"),
            (ARQUIVO_DA_AREA, "area_ribeiraozinho.geojson"),
            ("f_anteriores", "3,2\n1.5"),
            ("f_inscritos", "120"),
            ("f_sim", "70"),
            ("f_nao", "20"),
        ]))
        .unwrap();
        for trecho in [
            "tipo = \"desmembramento\"",
            "cedente = 5107198",
            "receptor = 5106703",
            "area = \"area_ribeiraozinho.geojson\"",
            "areas_anteriores_km2 = [3.2, 1.5]",
            "eleitores_inscritos = 120",
            "votos_sim = 70",
        ] {
            assert!(t.contains(trecho), "falta «{trecho}» em {t}");
        }
        // e a proposta montada é válida
        let lida = divisa_avaliacao::ler_sem_arquivos(
            "f.toml",
            &t.replace(
                "area = \"area_ribeiraozinho.geojson\"\n",
                "area_km2 = 2.33\n",
            ),
        );
        assert!(lida.is_ok(), "{lida:?}");
    }

    #[test]
    fn desmembramento_recusa_com_o_campo() {
        let erro = |pares: &[(&str, &str)]| proposta(&campos(pares)).unwrap_err();
        assert!(
            erro(&[("f_tipo", "desmembramento"), ("f_receptor", "Ponte Branca")])
                .contains("(f_cedente): informe o município")
        );
        assert!(erro(&[
            ("f_tipo", "desmembramento"),
            ("f_cedente", "Ponte Branca"),
            ("f_receptor", "Ponte Branca")
        ])
        .contains("não pode ser o que a cede"));
        assert!(erro(&[
            ("f_tipo", "desmembramento"),
            ("f_cedente", "Atlântida"),
            ("f_receptor", "Ponte Branca")
        ])
        .contains("«Atlântida» não é município de Mato Grosso"));
        assert!(erro(&[
            ("f_tipo", "desmembramento"),
            ("f_cedente", "Ribeirãozinho"),
            ("f_receptor", "Ponte Branca"),
            ("f_sim", "setenta")
        ])
        .contains("(f_sim)"));
        assert!(erro(&[("f_tipo", "fusao")]).contains("(f_tipo)"));
    }
}
