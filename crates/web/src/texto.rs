//! O processo em texto: a ficha de `divisa processo mostrar`, o resumo de cada ato e a leitura
//! de `tipo CAMPO=VALOR` (linha de comando e formulários da web), com os erros do serde em
//! português.

use divisa_processo::prazos::Situacao;
use divisa_processo::{Ato, Evento, Processo, Resposta, Via};
use divisa_referencia::formato::data as fmt_data;
use jiff::civil::Date;

/// A ficha do processo em texto: fase, prazos, pendências e atos (`completo`: com a proposta).
pub fn ficha(p: &Processo, eventos: &[Evento], completo: bool, hoje: Date) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Processo {} — {}: \"{}\"",
        p.protocolo,
        p.tipo.nome(),
        p.nome
    );
    let _ = writeln!(
        s,
        "Municípios de origem: {}",
        p.municipios_origem.join(", ")
    );
    let _ = writeln!(
        s,
        "Protocolado em {} ({})",
        fmt_data(p.protocolado_em),
        match &p.via {
            Via::Deputado { id } => format!("através do deputado {id}"),
            Via::Comunidade => "diretamente pela comunidade".into(),
        }
    );
    let _ = writeln!(s, "Fase: {} — versão {}", p.fase.nome(), p.versao);
    if let Some(a) = &p.arquivamento {
        let _ = writeln!(s, "Arquivado em {} ({})", fmt_data(a.em), a.fundamento);
    } else {
        let _ = writeln!(s, "Próximo passo: {}", p.fase.proximo_passo());
        let quem_age = crate::catalogo::frase_do_proximo(p, hoje);
        if !quem_age.is_empty() {
            let _ = writeln!(s, "  {quem_age}.");
        }
    }
    if completo {
        let faltam = p.documentos_faltantes();
        if !faltam.is_empty() {
            let _ = writeln!(s, "\nDocumentos do Art. 15 que faltam nos autos:");
            for d in faltam {
                let _ = writeln!(
                    s,
                    "  - {} ({})",
                    d.nome_no(p.tipo),
                    p.situacao_do_documento(d).texto()
                );
            }
        }
        let certidoes = p.certidoes();
        if !certidoes.is_empty() && p.fase >= divisa_processo::Fase::Certidoes {
            let _ = writeln!(s, "\nCertidões (Art. 2º, §§ 2º e 3º):");
            for (o, r) in certidoes {
                let estado = match (&r.oficio, r.recebido_em, &r.resposta) {
                    (_, _, Some(Resposta::Emitida { numero, em, .. })) => {
                        format!(
                            "{} de {}",
                            divisa_processo::certidao_numero(numero),
                            fmt_data(*em)
                        )
                    }
                    (_, _, Some(Resposta::Recusada { motivo, em })) => {
                        format!("RECUSADA em {} (Art. 9º): {motivo}", fmt_data(*em))
                    }
                    (Some((n, em)), Some(rec), None) => format!(
                        "ofício {n} de {}, recebido em {}",
                        fmt_data(*em),
                        fmt_data(rec)
                    ),
                    (Some((n, em)), None, None) => {
                        format!(
                            "ofício {n} de {}, recebimento não registrado",
                            fmt_data(*em)
                        )
                    }
                    (None, _, None) => "ofício não enviado".into(),
                };
                let _ = writeln!(s, "  {} (incisos {}): {estado}", o.nome(), o.incisos());
            }
        }
        let prazos = p.prazos();
        if !prazos.is_empty() {
            let _ = writeln!(s, "\nPrazos em {}:", fmt_data(hoje));
            for pr in &prazos {
                let situacao = pr.situacao(hoje);
                let marca = match situacao {
                    Situacao::Vencido { .. } => "VENCIDO",
                    Situacao::VenceEmBreve { .. } => "ATENÇÃO",
                    _ => "",
                };
                let _ = writeln!(
                    s,
                    "  {marca:<8} {} — {} dias a contar de {}, vencimento {}: {}",
                    pr.descricao,
                    pr.dias,
                    fmt_data(pr.inicio),
                    fmt_data(pr.vencimento),
                    situacao.texto()
                );
            }
            let _ = writeln!(
                s,
                "  Contagem: {}.",
                divisa_processo::prazos::REGRA_DIAS_CORRIDOS
            );
        }
        let alertas = p.alertas(hoje);
        if !alertas.is_empty() {
            let _ = writeln!(s, "\nAlertas:");
            for a in alertas {
                let _ = writeln!(s, "  [{}] {}", a.artigo, a.mensagem());
            }
        }
    } else {
        let _ = writeln!(
            s,
            "\n(Visão pública, Art. 16: só os atos publicados. A Comissão vê o processo inteiro.)"
        );
    }
    let _ = writeln!(s, "\nAtos:");
    // Um texto gravado com quebra de linha não desenha uma linha falsa na ficha.
    let uma_linha = |t: &str| -> String {
        t.chars()
            .map(|c| if c.is_control() { '⏎' } else { c })
            .collect()
    };
    for e in eventos {
        let _ = writeln!(
            s,
            "  {:>3}. {} — {} ({} {})",
            e.seq,
            fmt_data(e.data),
            uma_linha(&e.ato.resumo()),
            e.ator.papel.nome(),
            uma_linha(&e.ator.id)
        );
        for a in &e.anexos {
            let _ = writeln!(
                s,
                "       arquivo: {} ({}, {} bytes, SHA-256 {})",
                a.nome,
                a.tipo_midia,
                divisa_referencia::formato::inteiro(i64::try_from(a.tamanho).unwrap_or(i64::MAX)),
                a.sha256
            );
        }
    }
    s
}

/// Monta o ato a partir de `tipo` e `CAMPO=VALOR` (a linha de comando); `Err` diz, em
/// português, o que falta. O tipo de cada valor é o do campo declarado no formulário do ato
/// ([`crate::catalogo::MODELOS`]): um campo de texto fica texto ("numero=true" é o número
/// «true»), um sim/não é `true` ou `false`, votos, números e listas são JSON. Um ato sem
/// formulário (o pedido de urgência) lê o valor como JSON quando ele é booleano, lista ou
/// objeto.
pub fn montar_ato(tipo: &str, campos: &[String]) -> Result<Ato, String> {
    if tipo == "protocolar" {
        return Err("o protocolo é `divisa processo criar`".into());
    }
    if tipo == "alterar_area" {
        return Err("a área se altera no mapa da página do processo ou por PUT /api/processos/{protocolo}/area, que leem, conferem e medem o arquivo".into());
    }
    let modelo = crate::catalogo::modelo(tipo);
    let mut objeto = serde_json::Map::new();
    for c in campos {
        let (chave, valor) = c
            .split_once('=')
            .ok_or_else(|| format!("«{c}»: esperava CAMPO=VALOR"))?;
        if chave == "tipo" {
            return Err("o tipo do ato vem antes dos campos, não como tipo=…".into());
        }
        let declarado = modelo.and_then(|m| m.campos.iter().find(|f| f.nome == chave));
        let valor = match declarado {
            Some(f) => crate::catalogo::valor_do_campo(f, valor)
                .map_err(|m| format!("ato «{tipo}», campo {chave}: {m}"))?,
            None => match serde_json::from_str::<serde_json::Value>(valor) {
                Ok(
                    v @ (serde_json::Value::Bool(_)
                    | serde_json::Value::Array(_)
                    | serde_json::Value::Object(_)),
                ) => v,
                _ => serde_json::Value::String(valor.to_string()),
            },
        };
        objeto.insert(chave.to_string(), valor);
    }
    ato_de_objeto(tipo, objeto)
}

/// O ato de um objeto JSON com os campos já tipados; `Err` em português, com o campo.
pub(crate) fn ato_de_objeto(
    tipo: &str,
    mut objeto: serde_json::Map<String, serde_json::Value>,
) -> Result<Ato, String> {
    objeto.insert("tipo".into(), tipo.into());
    let mut caminho = String::new();
    serde_path_to_error::deserialize::<_, Ato>(serde_json::Value::Object(objeto))
        .map_err(|e| {
            caminho = e.path().to_string();
            traduzir_serde(&e.into_inner().to_string())
        })
        .map_err(|m| {
            if caminho.is_empty() || caminho == "." {
                format!("ato «{tipo}»: {m}")
            } else {
                format!("ato «{tipo}», campo {caminho}: {m}")
            }
        })
}

/// As mensagens do serde em português (as que um operador encontra).
pub(crate) fn traduzir_serde(m: &str) -> String {
    let entre_crases = |m: &str| -> Vec<String> {
        m.split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 1)
            .map(|(_, t)| t.to_string())
            .collect()
    };
    if m.starts_with("missing field") {
        let c = entre_crases(m);
        return format!("falta o campo {}", c.first().cloned().unwrap_or_default());
    }
    if m.starts_with("unknown variant") {
        let c = entre_crases(m);
        return format!(
            "«{}» não é um valor aceito; os aceitos são: {}",
            c.first().cloned().unwrap_or_default(),
            c.get(1..).map(|r| r.join(", ")).unwrap_or_default()
        );
    }
    if m.starts_with("unknown field") {
        let c = entre_crases(m);
        return format!(
            "campo «{}» desconhecido; os campos são: {}",
            c.first().cloned().unwrap_or_default(),
            c.get(1..).map(|r| r.join(", ")).unwrap_or_default()
        );
    }
    if let Some(resto) = m.strip_prefix("invalid type: ") {
        if let Some((veio, esperado)) = resto.split_once(", expected ") {
            let esperado = match esperado {
                "a boolean" => "true ou false".to_string(),
                "a string" => "um texto".to_string(),
                "u32" | "u64" | "i16" => "um número inteiro".to_string(),
                "struct Votos" => "o placar, como {\"sim\":4,\"nao\":1}".to_string(),
                "struct NumerosCertificados" => {
                    "os números certificados, como {\"eleitores\":1300}".to_string()
                }
                "struct VotoNominal" => {
                    "o voto de um membro, como {\"membro\":\"bruno\",\"voto\":\"sim\"}"
                        .to_string()
                }
                "struct ApuracaoSecao" => {
                    "a apuração da seção, como {\"zona\":1,\"secao\":12,\"local\":…,\"inscritos\":300,\"sim\":200,\"nao\":80}"
                        .to_string()
                }
                "struct ConteudoLei" => {
                    "{\"nome\":…,\"divisas\":…,\"ano_instalacao\":2029}".to_string()
                }
                "a sequence" => "uma lista em JSON, como [...]".to_string(),
                outro => outro.to_string(),
            };
            let veio = veio
                .replace("integer", "número")
                .replace("string", "texto")
                .replace("boolean", "booleano")
                .replace('`', "");
            return format!("valor de tipo errado ({veio}); esperava {esperado}");
        }
    }
    m.to_string()
}

// A ficha de um município (`divisa municipio` e a página do município): cada número com a
// fonte, as ressalvas das fontes em notas numeradas.

use divisa_referencia::fonte::{Dado, Fonte};
use divisa_referencia::formato::{inteiro, km2, ponto, reais_abreviado};
use divisa_referencia::malha;
use divisa_referencia::mt::{Municipio, Ponto};

/// Um dado da ficha: o valor escrito, a fonte e o número da nota da ressalva da fonte.
type ValorComFonte = (String, String, Option<usize>);

/// A ficha de um município em partes: o cabeçalho, cada dado (rótulo; valor, fonte e o número
/// da nota, ou `None`: sem dado), os distritos e as notas. [`ficha_do_municipio`] a escreve em
/// texto (a linha de comando e a API) e [`ficha_do_municipio_html`] como página.
struct Ficha {
    cabecalho: Vec<String>,
    campos: Vec<(&'static str, Option<ValorComFonte>)>,
    distritos_titulo: String,
    distritos: Vec<String>,
    notas: Vec<&'static str>,
}

fn partes_da_ficha(m: &Municipio) -> Ficha {
    let mut notas: Vec<&'static str> = Vec::new();
    let mut cabecalho: Vec<String> = Vec::new();
    let mut titulo = format!("{} (MT) — código IBGE {}", m.nome, m.codigo_ibge);
    if let Some(tse) = m.codigo_tse {
        titulo.push_str(&format!(", código TSE {tse}"));
    }
    cabecalho.push(titulo);
    if let (Some(imediata), Some(intermediaria)) = (&m.regiao_imediata, &m.regiao_intermediaria) {
        cabecalho.push(format!(
            "Região imediata de {imediata}; região intermediária de {intermediaria}"
        ));
    }
    if let Some(ausencias) = m.ausencias() {
        cabecalho.push(format!("Atenção: {ausencias}"));
    }
    let mut campos = Vec::new();
    let mut campo = |rotulo: &'static str, valor: Option<(String, Fonte)>| {
        campos.push((
            rotulo,
            valor.map(|(texto, fonte)| {
                let nota = fonte.ressalva.map(|ressalva| {
                    notas
                        .iter()
                        .position(|n| *n == ressalva)
                        .unwrap_or_else(|| {
                            notas.push(ressalva);
                            notas.len() - 1
                        })
                        + 1
                });
                (texto, fonte.to_string(), nota)
            }),
        ));
    };
    let contar = |dado: Option<Dado<u32>>, unidade: &str| {
        dado.map(|d| (format!("{} {unidade}", inteiro(d.valor)), d.fonte))
    };
    campo("População", contar(m.populacao_2022, "habitantes"));
    campo(
        "Domicílios",
        m.domicilios_2022
            .zip(m.domicilios_ocupados_2022)
            .map(|(total, ocupados)| {
                (
                    format!(
                        "{}, dos quais {} particulares permanentes ocupados",
                        inteiro(total.valor),
                        inteiro(ocupados.valor)
                    ),
                    total.fonte,
                )
            }),
    );
    campo(
        "População estimada",
        contar(m.populacao_estimada_2025, "habitantes"),
    );
    campo("Eleitorado", contar(m.eleitores_2024, "eleitores"));
    campo("Eleitorado em 2018", contar(m.eleitores_2018, "eleitores"));
    campo(
        "Valor adicionado",
        m.valor_adicionado_2019
            .map(|d| (reais_abreviado(d.valor), d.fonte)),
    );
    campo(
        "PIB",
        m.pib_2021.map(|d| (reais_abreviado(d.valor), d.fonte)),
    );
    campo(
        "Área oficial",
        m.area_oficial_km2.map(|d| (km2(d.valor), d.fonte)),
    );
    campo(
        "Limites",
        malha::entrada(m.codigo_ibge)
            .zip(m.area_oficial_km2)
            .map(|(entrada, area)| {
                (
                    format!("polígono com {} vértices", inteiro(entrada.vertices as i64)),
                    area.fonte,
                )
            }),
    );
    campo(
        "Sede",
        m.sede.as_ref().map(|p| (descrever_ponto(p), p.fonte)),
    );
    let (distritos_titulo, distritos) = if m.distritos.is_empty() {
        (
            "Distritos: nenhum na Divisão Territorial Brasileira 2023 (IBGE)".to_owned(),
            Vec::new(),
        )
    } else {
        (
            format!(
                "Distritos ({}) — Divisão Territorial Brasileira 2023 (IBGE)",
                m.distritos.len()
            ),
            m.distritos
                .iter()
                .map(|distrito| {
                    let nome = if distrito.sede_municipal {
                        format!("{} (sede)", distrito.nome)
                    } else {
                        distrito.nome.clone()
                    };
                    let local = distrito
                        .sede
                        .as_ref()
                        .map_or("sem coordenadas".to_owned(), descrever_ponto);
                    format!("{nome} — {local}")
                })
                .collect(),
        )
    };
    Ficha {
        cabecalho,
        campos,
        distritos_titulo,
        distritos,
        notas,
    }
}

/// A ficha de um município em texto: os dados com a fonte de cada um, os distritos e as notas.
pub fn ficha_do_municipio(m: &Municipio) -> String {
    let f = partes_da_ficha(m);
    let mut linhas = f.cabecalho.clone();
    linhas.push(String::new());
    for (rotulo, valor) in &f.campos {
        linhas.push(match valor {
            Some((texto, fonte, nota)) => format!(
                "{rotulo}: {texto} — {fonte}{}",
                nota.map_or(String::new(), |n| format!(" [{n}]"))
            ),
            None => format!("{rotulo}: sem dado"),
        });
    }
    linhas.push(String::new());
    if f.distritos.is_empty() {
        linhas.push(f.distritos_titulo.clone());
    } else {
        linhas.push(format!("{}:", f.distritos_titulo));
        linhas.extend(f.distritos.iter().map(|d| format!("  {d}")));
    }
    if !f.notas.is_empty() {
        linhas.push(String::new());
        linhas.push("Notas:".into());
        for (i, nota) in f.notas.iter().enumerate() {
            linhas.push(format!("  [{}] {nota}", i + 1));
        }
    }
    let mut texto = linhas.join("\n");
    texto.push('\n');
    texto
}

/// A ficha de um município como página (issue 17: «a página do município como página, não um
/// texto em fonte de máquina de escrever»): o cabeçalho, uma tabela Dado · Valor · Fonte, os
/// distritos e as notas numeradas.
pub(crate) fn ficha_do_municipio_html(m: &Municipio) -> crate::html::Markup {
    use crate::html::html;
    let f = partes_da_ficha(m);
    html! {
        @for (i, linha) in f.cabecalho.iter().enumerate() {
            p class=[linha.starts_with("Atenção:").then_some("aviso")] {
                @if i == 0 { strong { (linha) } } @else { (linha) }
            }
        }
        div.tabela-rolavel tabindex="0" role="region" aria-label="Dados do município" {
            table.cartoes-no-celular {
                thead {
                    tr { th scope="col" { "Dado" } th scope="col" { "Valor" } th scope="col" { "Fonte" } }
                }
                tbody {
                    @for (rotulo, valor) in &f.campos {
                        @match valor {
                            Some((texto, fonte, nota)) => {
                                tr {
                                    th scope="row" { (rotulo) }
                                    td data-rotulo="Valor" { (texto) }
                                    td data-rotulo="Fonte" {
                                        (fonte)
                                        @if let Some(n) = nota {
                                            " "
                                            a href={ "#nota-" (n) } aria-label={ "nota " (n) } { sup { "[" (n) "]" } }
                                        }
                                    }
                                }
                            }
                            None => {
                                tr {
                                    th scope="row" { (rotulo) }
                                    td data-rotulo="Valor" { "sem dado" }
                                    td data-rotulo="Fonte" { "—" }
                                }
                            }
                        }
                    }
                }
            }
        }
        h2 { (f.distritos_titulo) }
        @if !f.distritos.is_empty() {
            ul { @for d in &f.distritos { li { (d) } } }
        }
        @if !f.notas.is_empty() {
            h2 { "Notas" }
            ol.notas {
                @for (i, nota) in f.notas.iter().enumerate() {
                    li id={ "nota-" (i + 1) } { (nota) }
                }
            }
        }
    }
}

fn descrever_ponto(p: &Ponto) -> String {
    let mut texto = ponto(p.lon, p.lat);
    if p.confianca != divisa_referencia::mt::Confianca::Alta {
        texto.push_str(&format!(
            " (atribuição de confiança {})",
            p.confianca.rotulo()
        ));
    }
    texto
}
