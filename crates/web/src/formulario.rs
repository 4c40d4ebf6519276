//! A proposta preenchida campo a campo (a página "Avaliar"), para quem não escreve TOML: a
//! criação de município e a revisão de limites por desmembramento (Art. 8º, § 1º, na redação da
//! LC nº 792/2024). Os campos viram a proposta do CONTRACT §2, que a página mostra e avalia; o
//! arquivo do território enviado no formulário entra como `area = "…"`.
//!
//! Números aceitos como se escrevem no Brasil ("4.000", "45.000.000,50") ou com ponto decimal
//! ("45000000.50"); municípios por nome ou código IBGE. Todo erro nomeia o campo.

use crate::html::{descrito, html, invalido, junto, ErroDoForm, Markup};
use divisa_avaliacao::proposta::escrita::{
    self, CriacaoDoFormulario, DesmembramentoDoFormulario, PlebiscitoDoFormulario,
    PropostaDoFormulario,
};
use divisa_referencia::CodigoIbge;

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

/// O erro em uma frase para o alto da página e para a API: o rótulo do campo, como a pessoa o
/// lê, e o que há nele (nunca o nome interno do campo).
pub(crate) fn texto_do_erro(e: &ErroDoForm) -> String {
    match e.campo.map(rotulo) {
        Some(r) if !r.starts_with("f_") && Some(r) != e.campo => format!("«{r}»: {}", e.mensagem),
        _ => e.mensagem.clone(),
    }
}

fn campos_html(
    campos: &[(&'static str, &str, &str)],
    valor: &dyn Fn(&str) -> Option<String>,
    erro: Option<&ErroDoForm>,
) -> Markup {
    html! {
        @for (nome, rotulo, dica) in campos {
            @let v = valor(nome).unwrap_or_default();
            // a dica é um exemplo, e diz que é: «5.200» sozinho parece um valor já preenchido
            @let dica = if dica.is_empty() { String::new() } else { format!("ex.: {dica}") };
            // o campo com erro vem marcado, com a mensagem logo abaixo e o foco nele (issue 32)
            @let com_erro = invalido(erro, nome).is_some();
            label for=(nome) { (rotulo) }
            @if matches!(*nome, "f_origem" | "f_anteriores") {
                textarea id=(nome) name=(nome) rows="2" placeholder=(dica)
                    aria-invalid=[invalido(erro, nome)] aria-describedby=[descrito(erro, nome, false)] autofocus[com_erro] { (v) }
            } @else {
                input id=(nome) name=(nome) type="text"
                    inputmode=(if matches!(*nome, "f_nome" | "f_sede" | "f_cedente" | "f_receptor") { "text" } else { "decimal" })
                    placeholder=(dica) value=(v)
                    aria-invalid=[invalido(erro, nome)] aria-describedby=[descrito(erro, nome, false)] autofocus[com_erro];
            }
            (junto(erro, nome))
        }
    }
}

/// O formulário (os valores atuais em `valor`): o tipo, os campos de cada tipo (a página
/// esconde os do outro tipo; sem JavaScript, todos aparecem e o tipo decide), o plebiscito e o
/// arquivo do território. Com `tipo_fixo` (a proposta juntada a um processo, que é de um tipo
/// só), o tipo não se escolhe e só os campos dele aparecem.
pub(crate) fn html(
    valor: &dyn Fn(&str) -> Option<String>,
    erro: Option<&ErroDoForm>,
    tipo_fixo: Option<&str>,
) -> Markup {
    let tipo = tipo_fixo
        .map(str::to_owned)
        .or_else(|| valor("f_tipo"))
        .unwrap_or_default();
    let desmembramento = tipo == "desmembramento";
    let pessoa = valor("f_pessoa_viva").unwrap_or_default();
    let mostrar = |t: &str| tipo_fixo.is_none_or(|f| f == t);
    html! {
        details class="ato" id="formulario" open {
            @if tipo_fixo.is_none() {
                summary { "Preencher um formulário (criação de município ou revisão de limites)" }
                p { "A cada campo preenchido, o relatório ao lado é refeito." }
                label for="f_tipo" { "Tipo" }
                select id="f_tipo" name="f_tipo" {
                    option value="criacao" selected[!desmembramento] { "Criação de município (Arts. 2º e 7º)" }
                    option value="desmembramento" selected[desmembramento] { "Revisão de limites: desmembramento de área (Art. 8º)" }
                }
            } @else {
                summary { "Os dados da proposta" }
                input type="hidden" name="f_tipo" value=(tipo);
            }
            @if mostrar("criacao") {
                fieldset data-tipo="criacao" {
                    legend { "Criação de município" }
                    (campos_html(CAMPOS, valor, erro))
                    label for="f_pessoa_viva" { "O nome homenageia pessoa viva? (Art. 6º)" }
                    select id="f_pessoa_viva" name="f_pessoa_viva" {
                        option value="" selected[pessoa.is_empty()] { "não sei" }
                        option value="nao" selected[pessoa == "nao"] { "não" }
                        option value="sim" selected[pessoa == "sim"] { "sim" }
                    }
                }
            }
            @if mostrar("desmembramento") {
                fieldset data-tipo="desmembramento" {
                    legend { "Revisão de limites (desmembramento)" }
                    (campos_html(CAMPOS_DESMEMBRAMENTO, valor, erro))
                }
            }
            fieldset {
                legend { "Plebiscito (se já realizado) e território" }
                (campos_html(CAMPOS_PLEBISCITO, valor, erro))
                // o botão de escolher o arquivo é do navegador (e pode vir em inglês): a dica ao
                // lado diz em português o que se aceita
                label for="f_area" { "Arquivo do território: a área do novo município ou a área a desmembrar" }
                input id="f_area" name="area" type="file" aria-describedby=(descrito(erro, "f_area", true).unwrap_or_default())
                    aria-invalid=[invalido(erro, "f_area")] autofocus[invalido(erro, "f_area").is_some()];
                (junto(erro, "f_area"))
                p class="historico" id="f_area-ajuda" {
                    "Arquivos aceitos: GeoJSON, KML, memorial descritivo em texto, Shapefile compactado ou GeoPackage."
                    @if let Some(atual) = valor(AREA_ATUAL).filter(|a| !a.is_empty()) {
                        " Sem arquivo novo, vale o que já está nos autos: «" (atual) "»."
                        input type="hidden" name=(AREA_ATUAL) value=(atual);
                    }
                }
            }
        }
    }
}

/// O campo (oculto) com o arquivo do território que a proposta juntada já cita: sem arquivo
/// novo, a versão nova continua a citá-lo.
pub(crate) const AREA_ATUAL: &str = "f_area_atual";

/// As chaves da proposta que o formulário controla: ao juntar pelo formulário, só elas mudam
/// (a que veio vazia sai); o resto da proposta anterior fica (issue 32).
pub(crate) const CHAVES: &[&str] = &[
    "tipo",
    "novo.nome",
    "novo.sede",
    "novo.origens",
    "novo.area",
    "novo.nome_homenageia_pessoa_viva",
    "novo.dados.populacao",
    "novo.dados.eleitores",
    "novo.dados.casas_centro_urbano",
    "novo.dados.valor_adicionado",
    "novo.dados.arrecadacao",
    "referencia.media_arrecadacao_40_menores",
    "desmembramento.cedente",
    "desmembramento.receptor",
    "desmembramento.area",
    "desmembramento.area_km2",
    "desmembramento.area_cedente_km2",
    "desmembramento.areas_anteriores_km2",
    "plebiscito.eleitores_inscritos",
    "plebiscito.votos_sim",
    "plebiscito.votos_nao",
];

/// O tipo do formulário para um processo (`None`: a fusão e a incorporação, que o formulário
/// não tem).
pub(crate) fn tipo_do_processo(p: &divisa_processo::Processo) -> Option<&'static str> {
    match p.tipo {
        divisa_processo::TipoProcesso::Criacao | divisa_processo::TipoProcesso::Desmembramento => {
            Some(p.tipo.codigo())
        }
        divisa_processo::TipoProcesso::Fusao | divisa_processo::TipoProcesso::Incorporacao => None,
    }
}

/// Os campos do formulário preenchidos com a proposta que os autos têm (ou, sem ela, com o
/// nome e as origens do processo): juntar a proposta é corrigir o que já está, não redigitar.
pub(crate) fn valores_do_processo(
    p: &divisa_processo::Processo,
) -> std::collections::BTreeMap<String, String> {
    use divisa_referencia::formato::{decimal, inteiro};
    use serde_json::Value;
    let mut v = std::collections::BTreeMap::new();
    let nome_de = |c: &Value| {
        let codigo = c.as_u64().and_then(|c| u32::try_from(c).ok())?;
        divisa_referencia::mt()
            .ok()
            .and_then(|mt| mt.por_codigo(codigo).map(|m| m.nome.clone()))
            .or(Some(codigo.to_string()))
    };
    // Art. 6º: a resposta da representação, se a proposta não disser outra
    if let Some(viva) = p.nome_homenageia_pessoa_viva {
        v.insert(
            "f_pessoa_viva".into(),
            if viva { "sim" } else { "nao" }.into(),
        );
    }
    let Some(j) = p
        .proposta
        .as_deref()
        .and_then(|t| divisa_avaliacao::proposta::edicao::valores(t).ok())
    else {
        v.insert("f_nome".into(), p.nome.clone());
        v.insert("f_origem".into(), p.municipios_origem.join("\n"));
        if p.tipo == divisa_processo::TipoProcesso::Desmembramento {
            if let Some(o) = p.municipios_origem.first() {
                v.insert("f_cedente".into(), o.clone());
            }
        }
        return v;
    };
    let mut por = |campo: &str, valor: Option<String>| {
        if let Some(x) = valor.filter(|x| !x.is_empty()) {
            v.insert(campo.to_owned(), x);
        }
    };
    let texto = |x: &Value| x.as_str().map(str::to_owned);
    let contagem = |x: &Value| x.as_i64().map(inteiro);
    let reais = |x: &Value| x.as_f64().map(|n| decimal(n, 2));
    // a área com as casas que tem (juntar de novo não arredonda o que estava)
    let km2 = |x: &Value| {
        x.as_f64().map(|n| {
            decimal(n, 6)
                .trim_end_matches('0')
                .trim_end_matches(',')
                .to_owned()
        })
    };
    let novo = &j["novo"];
    por("f_nome", texto(&novo["nome"]));
    if novo["sede"] != novo["nome"] {
        por("f_sede", texto(&novo["sede"]));
    }
    por(
        "f_origem",
        novo["origens"]
            .as_array()
            .map(|o| o.iter().filter_map(nome_de).collect::<Vec<_>>().join("\n")),
    );
    por(
        "f_pessoa_viva",
        novo["nome_homenageia_pessoa_viva"]
            .as_bool()
            .map(|b| if b { "sim" } else { "nao" }.to_owned()),
    );
    let dados = &novo["dados"];
    por("f_populacao", contagem(&dados["populacao"]));
    por("f_eleitores", contagem(&dados["eleitores"]));
    por("f_casas", contagem(&dados["casas_centro_urbano"]));
    por("f_valor_adicionado", reais(&dados["valor_adicionado"]));
    por("f_arrecadacao", reais(&dados["arrecadacao"]));
    por(
        "f_media",
        reais(&j["referencia"]["media_arrecadacao_40_menores"]),
    );
    let d = &j["desmembramento"];
    por("f_cedente", nome_de(&d["cedente"]));
    por("f_receptor", nome_de(&d["receptor"]));
    por("f_area_km2", km2(&d["area_km2"]));
    por("f_area_cedente_km2", km2(&d["area_cedente_km2"]));
    por(
        "f_anteriores",
        d["areas_anteriores_km2"]
            .as_array()
            .map(|a| a.iter().filter_map(km2).collect::<Vec<_>>().join("\n")),
    );
    let pl = &j["plebiscito"];
    por("f_inscritos", contagem(&pl["eleitores_inscritos"]));
    por("f_sim", contagem(&pl["votos_sim"]));
    por("f_nao", contagem(&pl["votos_nao"]));
    por(
        AREA_ATUAL,
        texto(&novo["area"]).or_else(|| texto(&d["area"])),
    );
    v
}

/// Um número do formulário pelo leitor único (`divisa_referencia::formato::numero_brasileiro`,
/// o mesmo dos atos): vazio é "não informado"; o erro diz o campo.
fn numero(campo: &'static str, texto: &str) -> Result<Option<f64>, ErroDoForm> {
    if texto.trim().is_empty() {
        return Ok(None);
    }
    divisa_referencia::formato::numero_brasileiro(texto)
        .map(Some)
        .map_err(|m| ErroDoForm::no(campo, m.0))
}

/// Um município de Mato Grosso pelo nome ou código, ou o erro que nomeia o campo.
fn municipio(campo: &'static str, texto: &str) -> Result<CodigoIbge, ErroDoForm> {
    let mt = divisa_referencia::mt().map_err(|e| ErroDoForm::geral(e.to_string()))?;
    match mt.buscar(texto) {
        divisa_referencia::mt::Busca::Encontrado(m) => Ok(m.codigo()),
        divisa_referencia::mt::Busca::NaoEncontrado { .. } => Err(ErroDoForm::no(
            campo,
            format!("«{texto}» não é município de Mato Grosso (escreva o nome ou o código IBGE)"),
        )),
    }
}

/// Um número inteiro (contagens), ou o erro que nomeia o campo.
fn inteiro(campo: &'static str, texto: &str) -> Result<Option<u64>, ErroDoForm> {
    match numero(campo, texto)? {
        Some(n) if n.fract() != 0.0 => Err(ErroDoForm::no(
            campo,
            format!(
                "«{}» não é um número inteiro (é uma contagem)",
                texto.trim()
            ),
        )),
        Some(n) => Ok(Some(n as u64)),
        None => Ok(None),
    }
}

/// A proposta (TOML) montada dos campos: cada campo conferido aqui, com o erro junto dele; o
/// TOML, escrito pela avaliação (`divisa_avaliacao::proposta::escrita`).
pub(crate) fn proposta(valor: &dyn Fn(&str) -> Option<String>) -> Result<String, ErroDoForm> {
    let v = |n: &str| valor(n).map(|s| s.trim().to_string()).unwrap_or_default();
    let pedida = match v("f_tipo").as_str() {
        "" | "criacao" => PropostaDoFormulario::Criacao(criacao(&v)?),
        "desmembramento" => PropostaDoFormulario::Desmembramento(desmembramento(&v)?),
        outro => {
            return Err(ErroDoForm::no(
                "f_tipo",
                format!("«{outro}» não é um tipo do formulário: escolha a criação de município ou a revisão de limites"),
            ))
        }
    };
    let plebiscito = PlebiscitoDoFormulario {
        eleitores_inscritos: inteiro("f_inscritos", &v("f_inscritos"))?,
        votos_sim: inteiro("f_sim", &v("f_sim"))?,
        votos_nao: inteiro("f_nao", &v("f_nao"))?,
    };
    escrita::escrever(&pedida, &plebiscito).map_err(|e| ErroDoForm::geral(e.to_string()))
}

/// O nome do arquivo da área enviado, se houve.
fn arquivo_da_area(v: &dyn Fn(&str) -> String) -> Option<String> {
    Some(v(ARQUIVO_DA_AREA)).filter(|a| !a.is_empty())
}

fn criacao(v: &dyn Fn(&str) -> String) -> Result<CriacaoDoFormulario, ErroDoForm> {
    let nome = v("f_nome");
    if nome.is_empty() {
        return Err(ErroDoForm::no("f_nome", "informe o nome proposto"));
    }
    let mut origens = Vec::new();
    for linha in v("f_origem")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        origens.push(municipio("f_origem", linha)?);
    }
    Ok(CriacaoDoFormulario {
        nome,
        sede: Some(v("f_sede")).filter(|s| !s.is_empty()),
        origens,
        area: arquivo_da_area(v),
        nome_homenageia_pessoa_viva: match v("f_pessoa_viva").as_str() {
            "sim" => Some(true),
            "nao" => Some(false),
            _ => None,
        },
        populacao: inteiro("f_populacao", &v("f_populacao"))?,
        eleitores: inteiro("f_eleitores", &v("f_eleitores"))?,
        casas_centro_urbano: inteiro("f_casas", &v("f_casas"))?,
        valor_adicionado: reais("f_valor_adicionado", &v("f_valor_adicionado"))?,
        arrecadacao: reais("f_arrecadacao", &v("f_arrecadacao"))?,
        media_arrecadacao_40_menores: reais("f_media", &v("f_media"))?,
    })
}

/// Um valor em reais, em centavos (o formulário escreve «R$ 3.000,00»).
fn reais(campo: &'static str, texto: &str) -> Result<Option<f64>, ErroDoForm> {
    Ok(numero(campo, texto)?.map(|n| (n * 100.0).round() / 100.0))
}

fn desmembramento(v: &dyn Fn(&str) -> String) -> Result<DesmembramentoDoFormulario, ErroDoForm> {
    let exigido = |campo: &'static str| -> Result<CodigoIbge, ErroDoForm> {
        let texto = v(campo);
        if texto.is_empty() {
            return Err(ErroDoForm::no(campo, "informe o município"));
        }
        municipio(campo, &texto)
    };
    let (cedente, receptor) = (exigido("f_cedente")?, exigido("f_receptor")?);
    if cedente == receptor {
        return Err(ErroDoForm::no(
            "f_receptor",
            "o município que recebe a área não pode ser o que a cede (Art. 8º, § 1º: a área passa a outro município)",
        ));
    }
    let mut areas_anteriores_km2 = Vec::new();
    for linha in v("f_anteriores")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        if let Some(n) = numero("f_anteriores", linha)? {
            areas_anteriores_km2.push(n);
        }
    }
    Ok(DesmembramentoDoFormulario {
        cedente,
        receptor,
        area: arquivo_da_area(v),
        area_km2: numero("f_area_km2", &v("f_area_km2"))?,
        area_cedente_km2: numero("f_area_cedente_km2", &v("f_area_cedente_km2"))?,
        areas_anteriores_km2,
    })
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
            assert_eq!(numero("f_populacao", texto).ok(), Some(esperado), "{texto}");
        }
        let e = numero("f_populacao", "muitos").unwrap_err();
        assert_eq!(e.campo, Some("f_populacao"));
        assert!(
            e.mensagem.contains("«muitos» não é um número"),
            "{}",
            e.mensagem
        );
        // issue 30: o mesmo leitor dos atos — "45.5" é 45,5 nos dois
        assert_eq!(numero("f_populacao", "45.5").ok(), Some(Some(45.5)));
        assert!(numero("f_populacao", "-3").is_err());
        // issue 32: o número com a sua unidade, como se escreve
        assert_eq!(
            numero("f_populacao", "5.480 habitantes").ok(),
            Some(Some(5480.0))
        );
        assert_eq!(numero("f_area_km2", "12,5 km²").ok(), Some(Some(12.5)));
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
        let lida = divisa_avaliacao::ler(
            "f.toml",
            &t.replace(
                "area = \"area_ribeiraozinho.geojson\"\n",
                "area_km2 = 2.33\n",
            ),
            divisa_avaliacao::Arquivos::Nenhum,
            None,
        );
        assert!(lida.is_ok(), "{lida:?}");
    }

    /// Issue 32: o erro vai ao campo (o controle, para marcá-lo e pôr o foco nele), e a frase
    /// que a pessoa lê diz o rótulo, nunca o nome interno do campo.
    #[test]
    fn desmembramento_recusa_com_o_campo() {
        let erro = |pares: &[(&str, &str)]| {
            let e = proposta(&campos(pares)).unwrap_err();
            let texto = texto_do_erro(&e);
            assert!(!texto.contains("f_"), "nome interno na mensagem: {texto}");
            (e.campo, texto)
        };
        assert_eq!(
            erro(&[("f_tipo", "desmembramento"), ("f_receptor", "Ponte Branca")]),
            (
                Some("f_cedente"),
                "«Município que cede a área (nome ou código IBGE)»: informe o município"
                    .to_string()
            )
        );
        assert!(erro(&[
            ("f_tipo", "desmembramento"),
            ("f_cedente", "Ponte Branca"),
            ("f_receptor", "Ponte Branca")
        ])
        .1
        .contains("não pode ser o que a cede"));
        assert!(erro(&[
            ("f_tipo", "desmembramento"),
            ("f_cedente", "Atlântida"),
            ("f_receptor", "Ponte Branca")
        ])
        .1
        .contains("«Atlântida» não é município de Mato Grosso"));
        assert_eq!(
            erro(&[
                ("f_tipo", "desmembramento"),
                ("f_cedente", "Ribeirãozinho"),
                ("f_receptor", "Ponte Branca"),
                ("f_sim", "setenta")
            ])
            .0,
            Some("f_sim")
        );
        assert_eq!(erro(&[("f_tipo", "fusao")]).0, Some("f_tipo"));
        assert_eq!(
            erro(&[("f_nome", "Vale do Sol"), ("f_populacao", "5.200,5")]).0,
            Some("f_populacao"),
            "uma contagem com casas decimais"
        );
    }
}
