//! Os formulários dos atos do processo: cada um desenhado da sua definição
//! ([`divisa_processo::DEFINICOES`]: título, artigo, campos) e lido de volta num ato. Quais
//! oferecer a quem olha é do rito ([`divisa_processo::oferta`]).

use divisa_processo::oferta::Oferecido;
use divisa_processo::TipoDeCampo as Tipo;
use divisa_processo::{ato_de_objeto, valor_do_campo, Ato, Definicao, ErroDoAto, NUMEROS_DO_ART2};
use jiff::civil::Date;

use crate::html::{html, Markup};

/// O ato que a página oferece como formulário, pelo código; `None` para os que entram por
/// outro lugar (o protocolo, a área) e para o pedido de urgência.
pub(crate) fn da_pagina(codigo: &str) -> Option<&'static Definicao> {
    divisa_processo::TipoDeAto::de_codigo(codigo)
        .map(divisa_processo::TipoDeAto::definicao)
        .filter(|d| d.entrada == divisa_processo::Entrada::Formulario && d.na_pagina)
}

/// Os membros da Comissão que votam (Art. 22): identificador da conta e nome com o cargo.
pub(crate) type Membros = [(String, String)];

/// As pessoas que os formulários oferecem, por nome e cargo: quem vota na Comissão (Art. 22) e
/// os servidores que se podem autorizar (Art. 23).
pub(crate) struct Pessoas<'a> {
    pub(crate) membros: &'a Membros,
    pub(crate) servidores: &'a Membros,
    /// A proposta que os autos têm, nos campos do formulário (o tipo e os valores), para
    /// «Juntar a proposta» começar dela; `None` sem formulário para o tipo.
    pub(crate) proposta: Option<(&'static str, &'a std::collections::BTreeMap<String, String>)>,
}

/// A votação nominal de um placar (opcional: com ela, o placar é a soma), um grupo de opções por
/// membro; o voto marcado volta marcado depois de uma recusa, se a lista de membros é a mesma.
fn votacao_nominal(nome: &str, membros: &Membros, valor: &dyn Fn(&str) -> String) -> Markup {
    html! {
        fieldset.nominal {
            legend { "Votação nominal (opcional: com ela, o placar é a soma)" }
            @for (i, (login, pessoa)) in membros.iter().enumerate() {
                @let campo = format!("{nome}_m{i}");
                // o voto marcado volta marcado, se a lista de membros é a mesma
                @let votou = if valor(&format!("{campo}_quem")) == *login { valor(&campo) } else { String::new() };
                div role="radiogroup" aria-label=(pessoa) {
                    span { (pessoa) }
                    " " label { input type="radio" name=(campo) value="" checked[votou.is_empty()]; " não votou" }
                    " " label { input type="radio" name=(campo) value="sim" checked[votou == "sim"]; " sim" }
                    " " label { input type="radio" name=(campo) value="nao" checked[votou == "nao"]; " não" }
                    " " label { input type="radio" name=(campo) value="abstencao" checked[votou == "abstencao"]; " abstenção" }
                    input type="hidden" name={ (campo) "_quem" } value=(login);
                }
            }
        }
    }
}

/// O formulário de um ato.
pub(crate) fn formulario(
    oferecido: &Oferecido,
    acao: &str,
    csrf: &str,
    versao: u64,
    hoje: Date,
    pessoas: &Pessoas<'_>,
    enviado: Option<&crate::formularios::Campos>,
) -> Markup {
    let (m, orgaos) = (oferecido.definicao, &oferecido.orgaos);
    let (membros, servidores) = (pessoas.membros, pessoas.servidores);
    // Depois de uma recusa, o formulário do ato enviado volta aberto e com o que foi digitado.
    let enviado =
        enviado.filter(|c| crate::formularios::campo(c, "tipo").as_deref() == Some(m.codigo));
    let valor = |nome: &str| {
        enviado
            .and_then(|c| crate::formularios::campo(c, nome))
            .unwrap_or_default()
    };
    let escolhido = |nome: &str, opcao: &str| enviado.is_some() && valor(nome) == opcao;
    html! {
        details.ato id={ "ato-" (m.codigo) } open[enviado.is_some()] {
            summary { (m.titulo) " " small { "(" (m.artigo) ")" } }
            form method="post" action=(acao) class="form-ato" enctype="multipart/form-data" {
                input type="hidden" name="csrf" value=(csrf);
                input type="hidden" name="tipo" value=(m.codigo);
                input type="hidden" name="versao" value=(versao);
                @for f in m.campos {
                    @let id = format!("{}-{}", m.codigo, f.nome);
                    @let nome = format!("c_{}", f.nome);
                    @let req = !f.opcional;
                    // um grupo (votos, números) não é rotulável por «for»: o rótulo o nomeia pelo id
                    @if f.tipo.composto() || f.tipo == Tipo::Proposta {
                        span.rotulo id={ (id) "-rotulo" } { (f.rotulo) }
                    } @else {
                        label for=(id) { (f.rotulo) }
                    }
                    @match f.tipo {
                        Tipo::Texto => {
                            input id=(id) name=(nome) type="text" value=(valor(&nome)) required[req];
                        }
                        Tipo::TextoLongo => {
                            textarea id=(id) name=(nome) rows="3" required[req] { (valor(&nome)) }
                        }
                        Tipo::SimNao => {
                            select id=(id) name=(nome) {
                                option value="true" selected[escolhido(&nome, "true")] { "sim" }
                                option value="false" selected[escolhido(&nome, "false")] { "não" }
                            }
                        }
                        Tipo::Orgao => {
                            select id=(id) name=(nome) {
                                @for o in orgaos {
                                    option value=(o.codigo()) selected[escolhido(&nome, o.codigo())] { (o.nome()) }
                                }
                            }
                        }
                        Tipo::Decisao => {
                            select id=(id) name=(nome) {
                                option value="tramitar" selected[escolhido(&nome, "tramitar")] { "tramitar" }
                                option value="arquivar" selected[escolhido(&nome, "arquivar")] { "arquivar" }
                            }
                        }
                        Tipo::Votos => {
                            // o placar volta como foi digitado; «0» só no formulário novo
                            @let placar = |parte: &str| {
                                let v = valor(&format!("{nome}_{parte}"));
                                if v.is_empty() { "0".to_owned() } else { v }
                            };
                            span.votos id=(id) role="group" aria-labelledby={ (id) "-rotulo" } {
                                label { "sim " input name={ (nome) "_sim" } type="number" min="0" value=(placar("sim")) required; }
                                label { "não " input name={ (nome) "_nao" } type="number" min="0" value=(placar("nao")) required; }
                                label { "abstenções " input name={ (nome) "_abstencoes" } type="number" min="0" value=(placar("abstencoes")); }
                            }
                            @if !membros.is_empty() {
                                @let relator = format!("{nome}_relator");
                                label for={ (id) "-relator" } { "Relator(a)" }
                                select id={ (id) "-relator" } name=(relator) {
                                    option value="" { "— não designado —" }
                                    @for (login, pessoa) in membros {
                                        option value=(login) selected[escolhido(&relator, login)] { (pessoa) }
                                    }
                                }
                                (votacao_nominal(&nome, membros, &valor))
                            }
                        }
                        Tipo::Servidor => {
                            select id=(id) name=(nome) required[req] {
                                option value="" { "— escolha —" }
                                @for (login, pessoa) in servidores {
                                    option value=(login) selected[escolhido(&nome, login)] { (pessoa) }
                                }
                            }
                        }
                        Tipo::Data => {
                            @let data = valor(&nome);
                            input id=(id) name=(nome) type="date" value=(if data.is_empty() { hoje.to_string() } else { data }) required[req];
                        }
                        Tipo::Art15 => {
                            select id=(id) name=(nome) {
                                option value="" { "— nenhum —" }
                                @for d in divisa_processo::DocumentoArt15::TODOS.iter() {
                                    option value=(d.codigo()) selected[escolhido(&nome, d.codigo())] { (d.nome()) }
                                }
                            }
                        }
                        Tipo::Apuracoes => {
                            // uma localidade por grupo (a área e, pela lei federal, o restante do
                            // município); os que vieram de volta e mais uma em branco
                            @let linhas = (0..).take_while(|i| !valor(&format!("{nome}_{i}_localidade")).is_empty()).count().max(2) + usize::from(enviado.is_some());
                            div id=(id) role="group" aria-labelledby={ (id) "-rotulo" } {
                                @for i in 0..linhas {
                                    fieldset.apuracao {
                                        legend { "Localidade " (i + 1) @if i > 0 { " (se houver)" } }
                                        @for (parte, rotulo, numerico) in [("localidade", "Localidade consultada", false), ("inscritos", "Eleitores inscritos", true), ("sim", "Votos SIM", true), ("nao", "Votos NÃO", true), ("brancos", "Brancos", true), ("nulos", "Nulos", true)] {
                                            @let campo = format!("{nome}_{i}_{parte}");
                                            label for={ (id) "-" (i) "-" (parte) } { (rotulo) }
                                            input id={ (id) "-" (i) "-" (parte) } name=(campo) type="text"
                                                inputmode=(if numerico { "numeric" } else { "text" }) autocomplete="off"
                                                required[i == 0 && req && parte != "brancos" && parte != "nulos"] value=(valor(&campo));
                                        }
                                    }
                                }
                            }
                        }
                        Tipo::ConteudoLei => {
                            div id=(id) role="group" aria-labelledby={ (id) "-rotulo" } {
                                label for={ (id) "-nome" } { "Nome do município (Art. 7º, I: o da sede)" }
                                input id={ (id) "-nome" } name={ (nome) "_nome" } type="text" required[req] value=(valor(&format!("{nome}_nome")));
                                label for={ (id) "-divisas" } { "Os limites (Art. 7º, II: as divisas do memorial descritivo)" }
                                textarea id={ (id) "-divisas" } name={ (nome) "_divisas" } rows="4" required[req] { (valor(&format!("{nome}_divisas"))) }
                                label for={ (id) "-ano" } { "Ano da instalação (Art. 7º, III)" }
                                input id={ (id) "-ano" } name={ (nome) "_ano_instalacao" } type="text" inputmode="numeric" required[req] value=(valor(&format!("{nome}_ano_instalacao")));
                            }
                        }
                        Tipo::Proposta => {
                            @match pessoas.proposta {
                                Some((tipo, inicial)) => {
                                    // os campos da página «Avaliar», preenchidos com a proposta
                                    // dos autos (ou, depois de uma recusa, com o que se digitou)
                                    @let campo_da_proposta = |n: &str| -> Option<String> {
                                        match enviado {
                                            Some(c) => crate::formularios::campo(c, n),
                                            None => inicial.get(n).cloned(),
                                        }
                                    };
                                    div id=(id) role="group" aria-labelledby={ (id) "-rotulo" } {
                                        (crate::formulario::html(&campo_da_proposta, None, Some(tipo)))
                                        p.historico {
                                            "A versão nova substitui a anterior na avaliação; as duas ficam nos autos. \
                                             O que a proposta anterior tem e estes campos não mostram (as assinaturas, \
                                             os documentos declarados, as coordenadas da sede) continua nela."
                                        }
                                        details.ato {
                                            summary { "Ou: a proposta já escrita em arquivo (substitui os campos acima)" }
                                            label for={ (id) "-escrita" } { "Proposta escrita (deixe vazio para juntar pelos campos)" }
                                            textarea.proposta id={ (id) "-escrita" } name=(nome) rows="6" spellcheck="false" { (valor(&nome)) }
                                        }
                                    }
                                }
                                None => {
                                    // a fusão e a incorporação não têm formulário: a proposta
                                    // escrita, como a que se avalia em «Avaliar proposta»
                                    div id=(id) role="group" aria-labelledby={ (id) "-rotulo" } {
                                        label for={ (id) "-escrita" } { "Proposta escrita (a mesma que se avalia em «Avaliar proposta»; a versão nova substitui a anterior na avaliação, e as duas ficam nos autos)" }
                                        textarea.proposta id={ (id) "-escrita" } name=(nome) rows="6" spellcheck="false" required { (valor(&nome)) }
                                    }
                                }
                            }
                        }
                        Tipo::Numeros => {
                            fieldset.numeros id=(id) aria-labelledby={ (id) "-rotulo" } {
                                // só os números dos órgãos para os quais o ato cabe a quem preenche
                                @for n in NUMEROS_DO_ART2.iter().filter(|n| orgaos.is_empty() || orgaos.contains(&n.orgao)) {
                                    label for={ (id) "-" (n.campo) } { (n.rotulo) }
                                    input id={ (id) "-" (n.campo) } name={ (nome) "_" (n.campo) } type="text"
                                        inputmode=(if n.inteiro { "numeric" } else { "decimal" }) autocomplete="off"
                                        value=(valor(&format!("{nome}_{}", n.campo)));
                                }
                            }
                        }
                    }
                }
                @let data = valor("data");
                label for={ (m.codigo) "-data" } { (m.rotulo_da_data) }
                input id={ (m.codigo) "-data" } name="data" type="date" value=(if data.is_empty() { hoje.to_string() } else { data }) max=(hoje);
                label for={ (m.codigo) "-anexo" } { "Arquivos do ato (PDF, imagens, mapas, memoriais; até 20 MB cada, o tipo conferido pelo conteúdo)" }
                input id={ (m.codigo) "-anexo" } name="anexo" type="file" multiple;
                button type="submit" { "Registrar" }
            }
        }
    }
}

/// Monta o ato a partir dos campos do formulário (`c_CAMPO`), com a mensagem em português.
pub(crate) fn ato_do_formulario(
    m: &Definicao,
    valor: &dyn Fn(&str) -> Option<String>,
) -> Result<Ato, (String, String)> {
    let mut objeto = serde_json::Map::new();
    for f in m.campos {
        let nome = format!("c_{}", f.nome);
        let v = match f.tipo {
            Tipo::Votos => {
                let n = |s: &str| -> Result<u32, (String, String)> {
                    let bruto = valor(&format!("{nome}_{s}")).unwrap_or_default();
                    let bruto = bruto.trim();
                    if bruto.is_empty() {
                        return Ok(0);
                    }
                    bruto.parse().map_err(|_| {
                        (
                            format!("{}.{s}", f.nome),
                            format!("«{bruto}» não é um número inteiro de votos"),
                        )
                    })
                };
                // A votação nominal, quando marcada: cada membro e o seu voto; sem placar
                // digitado, o placar é a soma dela.
                let mut nominais = Vec::new();
                for i in 0.. {
                    let Some(quem) = valor(&format!("{nome}_m{i}_quem")) else {
                        break;
                    };
                    if let Some(v @ ("sim" | "nao" | "abstencao")) =
                        valor(&format!("{nome}_m{i}")).as_deref()
                    {
                        nominais.push(serde_json::json!({"membro": quem, "voto": v}));
                    }
                }
                let (mut sim, mut nao, mut abstencoes) = (n("sim")?, n("nao")?, n("abstencoes")?);
                if sim + nao + abstencoes == 0 && !nominais.is_empty() {
                    let conta = |x: &str| nominais.iter().filter(|v| v["voto"] == x).count() as u32;
                    (sim, nao, abstencoes) = (conta("sim"), conta("nao"), conta("abstencao"));
                }
                let mut votos =
                    serde_json::json!({"sim": sim, "nao": nao, "abstencoes": abstencoes});
                if let Some(r) = valor(&format!("{nome}_relator")).filter(|r| !r.trim().is_empty())
                {
                    votos["relator"] = serde_json::Value::String(r);
                }
                if !nominais.is_empty() {
                    votos["nominais"] = serde_json::Value::Array(nominais);
                }
                votos
            }
            Tipo::Apuracoes => {
                let mut lista = Vec::new();
                for i in 0.. {
                    let parte = |p: &str| valor(&format!("{nome}_{i}_{p}")).unwrap_or_default();
                    if valor(&format!("{nome}_{i}_localidade")).is_none() {
                        break;
                    }
                    let numeros = ["inscritos", "sim", "nao", "brancos", "nulos"];
                    if parte("localidade").trim().is_empty()
                        && numeros.iter().all(|n| parte(n).trim().is_empty())
                    {
                        continue;
                    }
                    let mut apuracao = serde_json::Map::new();
                    let localidade = parte("localidade").trim().to_string();
                    if localidade.is_empty() {
                        return Err((
                            format!("{}.{i}.localidade", f.nome),
                            format!("a localidade {} tem números sem o nome do lugar", i + 1),
                        ));
                    }
                    apuracao.insert("localidade".into(), localidade.into());
                    for n in numeros {
                        let bruto = parte(n);
                        if bruto.trim().is_empty() {
                            if matches!(n, "brancos" | "nulos") {
                                continue;
                            }
                            return Err((
                                format!("{}.{i}.{n}", f.nome),
                                format!(
                                    "localidade {}: preencha os {}",
                                    i + 1,
                                    if n == "inscritos" {
                                        "eleitores inscritos"
                                    } else if n == "sim" {
                                        "votos SIM"
                                    } else {
                                        "votos NÃO"
                                    }
                                ),
                            ));
                        }
                        let v = divisa_referencia::formato::numero_brasileiro(&bruto)
                            .ok()
                            .filter(|v| v.fract() == 0.0 && *v >= 0.0 && *v < 1e12)
                            .ok_or_else(|| {
                                (
                                    format!("{}.{i}.{n}", f.nome),
                                    format!("localidade {}: «{}» não é um número inteiro de eleitores ou votos", i + 1, bruto.trim()),
                                )
                            })?;
                        apuracao.insert(n.into(), serde_json::Value::from(v as u64));
                    }
                    lista.push(serde_json::Value::Object(apuracao));
                }
                if lista.is_empty() {
                    return Err((f.nome.to_string(), format!("preencha «{}»", f.rotulo)));
                }
                serde_json::Value::Array(lista)
            }
            Tipo::ConteudoLei => {
                let parte = |p: &str| {
                    valor(&format!("{nome}_{p}"))
                        .map(|v| v.trim().to_string())
                        .unwrap_or_default()
                };
                let (nome_lei, divisas, ano) =
                    (parte("nome"), parte("divisas"), parte("ano_instalacao"));
                for (campo, v, rotulo) in [
                    ("nome", &nome_lei, "o nome do município"),
                    ("divisas", &divisas, "os limites"),
                    ("ano_instalacao", &ano, "o ano da instalação"),
                ] {
                    if v.is_empty() {
                        return Err((
                            format!("{}.{campo}", f.nome),
                            format!("preencha {rotulo} (Art. 7º)"),
                        ));
                    }
                }
                let ano: i16 = ano.parse().map_err(|_| {
                    (
                        format!("{}.ano_instalacao", f.nome),
                        format!("«{ano}» não é um ano, como 2029"),
                    )
                })?;
                serde_json::json!({"nome": nome_lei, "divisas": divisas, "ano_instalacao": ano})
            }
            Tipo::Numeros => {
                let mut numeros = serde_json::Map::new();
                for divisa_processo::NumeroDoArt2 {
                    campo,
                    rotulo,
                    inteiro,
                    ..
                } in &NUMEROS_DO_ART2
                {
                    let bruto = valor(&format!("{nome}_{campo}")).unwrap_or_default();
                    if bruto.trim().is_empty() {
                        continue;
                    }
                    // o leitor único dos números (issue 30): "45.5" é 45,5 aqui como na
                    // proposta, e o que não se lê de um jeito só é perguntado, não adivinhado
                    let v = divisa_referencia::formato::numero_brasileiro(&bruto)
                        .map_err(|m| (format!("{}.{campo}", f.nome), format!("«{rotulo}»: {m}")))?;
                    let v = if *inteiro {
                        if v.fract() != 0.0 || v > 1e15 {
                            return Err((
                                format!("{}.{campo}", f.nome),
                                format!(
                                    "«{}» em «{rotulo}»: esperava um número inteiro, como 5.200",
                                    bruto.trim()
                                ),
                            ));
                        }
                        serde_json::Value::from(v as u64)
                    } else {
                        serde_json::Value::from(v)
                    };
                    numeros.insert((*campo).to_owned(), v);
                }
                serde_json::Value::Object(numeros)
            }
            _ => match valor(&nome)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
            {
                Some(v) => valor_do_campo(f, &v).map_err(|e| (f.nome.to_string(), e.0))?,
                None if f.opcional => continue,
                None => return Err((f.nome.to_string(), format!("preencha «{}»", f.rotulo))),
            },
        };
        objeto.insert(f.nome.to_owned(), v);
    }
    ato_de_objeto(m.codigo, objeto)
        .map_err(|e: ErroDoAto| (e.campo.clone().unwrap_or_default(), e.to_string()))
}

#[cfg(test)]
mod testes {
    use super::*;
    use divisa_processo::{Entrada, Orgao, TipoDeAto, DEFINICOES};

    fn modelo(codigo: &str) -> Option<&'static Definicao> {
        TipoDeAto::de_codigo(codigo).map(TipoDeAto::definicao)
    }

    /// Issue 32: o resultado do plebiscito (Art. 11, § 2º; Art. 20) e o conteúdo do Art. 7º
    /// pelos campos da página, sem JSON: os números como se escrevem, a localidade em branco
    /// ignorada, a que tem números sem nome recusada dizendo qual.
    #[test]
    fn art11_e_art7_pelos_campos_sem_json() {
        let m = modelo("registrar_plebiscito").unwrap();
        let campos: std::collections::HashMap<&str, &str> = [
            ("c_realizado_em", "2027-10-03"),
            ("c_apuracoes_0_localidade", "Área a desmembrar"),
            ("c_apuracoes_0_inscritos", "1.000"),
            ("c_apuracoes_0_sim", "600"),
            ("c_apuracoes_0_nao", "300"),
            ("c_apuracoes_0_brancos", ""),
            ("c_apuracoes_0_nulos", "10"),
            ("c_apuracoes_1_localidade", ""),
            ("c_apuracoes_1_inscritos", ""),
            ("c_apuracoes_1_sim", ""),
            ("c_apuracoes_1_nao", ""),
        ]
        .into_iter()
        .collect();
        let ato = ato_do_formulario(m, &|n| campos.get(n).map(|v| v.to_string())).unwrap();
        let Ato::RegistrarPlebiscito { apuracoes, .. } = ato else {
            panic!("{ato:?}")
        };
        assert_eq!(apuracoes.len(), 1);
        assert_eq!(
            (
                apuracoes[0].inscritos,
                apuracoes[0].sim,
                apuracoes[0].nao,
                apuracoes[0].nulos
            ),
            (1000, 600, 300, 10)
        );
        let mut sem_nome = campos.clone();
        sem_nome.insert("c_apuracoes_1_sim", "20");
        let (campo, msg) =
            ato_do_formulario(m, &|n| sem_nome.get(n).map(|v| v.to_string())).unwrap_err();
        assert_eq!(campo, "apuracoes.1.localidade");
        assert!(msg.contains("localidade 2"), "{msg}");

        let m = modelo("apresentar_projeto_de_lei").unwrap();
        let campos: std::collections::HashMap<&str, &str> = [
            ("c_numero", "PL 12/2028"),
            ("c_conteudo_nome", "Espigão do Leste"),
            ("c_conteudo_divisas", "Começa no marco 1…"),
            ("c_conteudo_ano_instalacao", "2029"),
        ]
        .into_iter()
        .collect();
        let ato = ato_do_formulario(m, &|n| campos.get(n).map(|v| v.to_string())).unwrap();
        assert!(
            matches!(&ato, Ato::ApresentarProjetoDeLei { conteudo, .. } if conteudo.ano_instalacao == 2029 && conteudo.nome == "Espigão do Leste"),
            "{ato:?}"
        );
        // a página não tem caixa de JSON
        let html = formulario(
            &Oferecido {
                definicao: m,
                orgaos: vec![],
            },
            "/x",
            "t",
            1,
            jiff::civil::date(2028, 1, 1),
            &Pessoas {
                membros: &[],
                servidores: &[],
                proposta: None,
            },
            None,
        )
        .into_string();
        assert!(!html.contains("ano_instalacao\": "), "{html}");
        assert!(html.contains("Ano da instalação (Art. 7º, III)"), "{html}");
    }

    /// Art. 17, § 2º: o número do ofício é texto, diga o que disser — "true", "12" ou "[1]" não
    /// viram booleano, número ou lista (o formulário e a linha de comando tipam cada campo pelo
    /// que o ato declara), e um sim/não ilegível é recusado dizendo o campo.
    #[test]
    fn art17_par2_texto_que_parece_json_continua_texto() {
        let m = modelo("enviar_oficio").unwrap();
        for numero in ["true", "12", "[1]", "{\"a\":1}"] {
            let campos: std::collections::HashMap<&str, &str> =
                [("c_orgao", "tre"), ("c_numero", numero)]
                    .into_iter()
                    .collect();
            let ato = ato_do_formulario(m, &|n| campos.get(n).map(|v| v.to_string()))
                .unwrap_or_else(|e| panic!("{numero}: {e:?}"));
            assert!(
                matches!(&ato, Ato::EnviarOficio { numero: n, orgao: Orgao::Tre } if n == numero),
                "{ato:?}"
            );
            let pela_linha_de_comando = divisa_processo::montar_ato(
                "enviar_oficio",
                &["orgao=tre".to_string(), format!("numero={numero}")],
            )
            .unwrap();
            assert_eq!(pela_linha_de_comando, ato);
        }
        let m = modelo("parecer_ccj").unwrap();
        let campos: std::collections::HashMap<&str, &str> =
            [("c_aprovado", "talvez")].into_iter().collect();
        let (campo, erro) =
            ato_do_formulario(m, &|n| campos.get(n).map(|v| v.to_string())).unwrap_err();
        assert_eq!(campo, "aprovado");
        assert!(erro.contains("esperava sim ou não"), "{erro}");
    }

    /// Art. 17, II: a votação nominal marcada no formulário vira o placar, com o relator.
    #[test]
    fn votacao_nominal_do_formulario_vira_o_placar() {
        let m = modelo("parecer_preliminar").unwrap();
        let campos: std::collections::HashMap<&str, &str> = [
            ("c_solicitar_certidoes", "true"),
            ("c_votos_relator", "bruno"),
            ("c_votos_m0", "sim"),
            ("c_votos_m0_quem", "ana"),
            ("c_votos_m1", "abstencao"),
            ("c_votos_m1_quem", "bruno"),
            ("c_votos_m2", ""),
            ("c_votos_m2_quem", "carla"),
        ]
        .into_iter()
        .collect();
        let ato = ato_do_formulario(m, &|n| campos.get(n).map(|v| v.to_string())).unwrap();
        let Ato::ParecerPreliminar { votos, .. } = ato else {
            panic!("{ato:?}")
        };
        assert_eq!((votos.sim, votos.nao, votos.abstencoes), (1, 0, 1));
        assert_eq!(votos.relator.as_deref(), Some("bruno"));
        assert_eq!(votos.nominais.len(), 2, "quem não votou não entra");
        // o formulário mostra cada membro pelo nome e cargo, nunca só o login
        let html = formulario(
            &Oferecido {
                definicao: m,
                orgaos: Vec::new(),
            },
            "/x",
            "t",
            1,
            jiff::civil::date(2026, 11, 2),
            &Pessoas {
                membros: &[(
                    "ana".into(),
                    "Ana Maria Souza, Presidente da Comissão".into(),
                )],
                servidores: &[],
                proposta: None,
            },
            None,
        )
        .into_string();
        assert!(html.contains("Ana Maria Souza, Presidente da Comissão"));
        assert!(html.contains("name=\"c_votos_m0_quem\" value=\"ana\""));
    }

    /// Cada formulário da página monta o seu ato: o exemplo do rito
    /// ([`divisa_processo::exemplo`]), escrito nos controles do formulário (um por valor
    /// simples, um por parte dos compostos), volta pelo leitor do formulário igual — cada campo
    /// declarado chega ao ato, e o formulário desenha um controle para cada um.
    #[test]
    fn cada_formulario_monta_o_seu_ato_com_todos_os_campos() {
        fn escrito(v: &serde_json::Value) -> String {
            match v {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Number(n) => match n.as_f64() {
                    Some(x) if x.fract() == 0.0 => format!("{}", x as i64),
                    _ => n.to_string(),
                },
                outro => outro.to_string(),
            }
        }
        let hoje = jiff::civil::date(2026, 11, 2);
        let pessoas = Pessoas {
            membros: &[],
            servidores: &[],
            proposta: None,
        };
        for m in DEFINICOES
            .iter()
            .filter(|d| d.entrada == Entrada::Formulario && d.na_pagina)
        {
            let (orgao, ato) = Orgao::TODOS
                .iter()
                .find_map(|&o| divisa_processo::exemplo(m, o, hoje).map(|a| (o, a)))
                .unwrap_or_else(|| panic!("{}: o exemplo não monta o ato", m.codigo));
            let json = serde_json::to_value(&ato).unwrap();
            let mut campos = std::collections::HashMap::new();
            for f in m.campos {
                let nome = format!("c_{}", f.nome);
                match json.get(f.nome) {
                    Some(serde_json::Value::Object(o)) => {
                        for (k, v) in o {
                            campos.insert(format!("{nome}_{k}"), escrito(v));
                        }
                    }
                    Some(serde_json::Value::Array(lista)) => {
                        for (i, item) in lista.iter().enumerate() {
                            for (k, v) in item.as_object().into_iter().flatten() {
                                campos.insert(format!("{nome}_{i}_{k}"), escrito(v));
                            }
                        }
                    }
                    Some(v) => {
                        campos.insert(nome, escrito(v));
                    }
                    None => {}
                }
            }
            let lido = ato_do_formulario(m, &|n| campos.get(n).cloned())
                .unwrap_or_else(|e| panic!("{}: {e:?} em {campos:?}", m.codigo));
            assert_eq!(lido, ato, "{}", m.codigo);
            let html = formulario(
                &Oferecido {
                    definicao: m,
                    orgaos: vec![orgao],
                },
                "/x",
                "t",
                1,
                hoje,
                &pessoas,
                None,
            )
            .into_string();
            for f in m.campos {
                assert!(
                    html.contains(&format!("id=\"{}-{}", m.codigo, f.nome)),
                    "{}: o formulário não desenha «{}»",
                    m.codigo,
                    f.nome
                );
            }
        }
    }

    /// Issue 17: depois de uma recusa, o formulário volta como foi preenchido — o placar, o
    /// relator, os votos nominais, as datas e o documento do Art. 15, não só os textos.
    #[test]
    fn o_formulario_recusado_volta_preenchido() {
        let membros = [
            ("ana".to_owned(), "Ana, Presidente".to_owned()),
            ("bruno".to_owned(), "Bruno, Membro".to_owned()),
        ];
        let pessoas = Pessoas {
            membros: &membros,
            servidores: &[],
            proposta: None,
        };
        let enviado: crate::formularios::Campos = [
            ("tipo", "parecer_preliminar"),
            ("c_votos_sim", "3"),
            ("c_votos_nao", "2"),
            ("c_votos_abstencoes", "1"),
            ("c_votos_relator", "bruno"),
            ("c_votos_m0", "nao"),
            ("c_votos_m0_quem", "ana"),
            ("c_votos_m1", "sim"),
            ("c_votos_m1_quem", "bruno"),
            ("data", "2026-10-30"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        let hoje = jiff::civil::date(2026, 11, 2);
        let form = |tipo: &str, enviado: &crate::formularios::Campos| {
            formulario(
                &Oferecido {
                    definicao: modelo(tipo).unwrap(),
                    orgaos: Vec::new(),
                },
                "/x",
                "t",
                1,
                hoje,
                &pessoas,
                Some(enviado),
            )
            .into_string()
        };
        let html = form("parecer_preliminar", &enviado);
        for esperado in [
            "name=\"c_votos_sim\" type=\"number\" min=\"0\" value=\"3\"",
            "name=\"c_votos_nao\" type=\"number\" min=\"0\" value=\"2\"",
            "name=\"c_votos_abstencoes\" type=\"number\" min=\"0\" value=\"1\"",
            "<option value=\"bruno\" selected>",
            "name=\"c_votos_m0\" value=\"nao\" checked",
            "name=\"c_votos_m1\" value=\"sim\" checked",
            "name=\"data\" type=\"date\" value=\"2026-10-30\"",
            "<details class=\"ato\" id=\"ato-parecer_preliminar\" open>",
        ] {
            assert!(html.contains(esperado), "falta {esperado} em {html}");
        }
        assert!(
            !html.contains("value=\"\" checked"),
            "ninguém ficou em «não votou»"
        );
        // o rótulo do placar nomeia o grupo (um span não é rotulável por «for»)
        assert!(html.contains("aria-labelledby=\"parecer_preliminar-votos-rotulo\""));
        assert!(!html.contains("for=\"parecer_preliminar-votos\""));

        let enviado: crate::formularios::Campos = [
            ("tipo", "juntar_documento"),
            ("c_descricao", "Certidão"),
            ("c_art15", "mapa_novo"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        let html = form("juntar_documento", &enviado);
        assert!(
            html.contains("<option value=\"mapa_novo\" selected>"),
            "{html}"
        );
    }
}
