//! Avaliar uma proposta: o formulário, a proposta escrita ou enviada com o território, e o
//! relatório refeito a cada mudança (a página e `POST /api/avaliar`).

use std::collections::HashMap;

use axum::extract::Multipart;
use axum::http::StatusCode;
use axum::response::Response;

use crate::contas::Quem;
use crate::formulario::texto_do_erro;
use crate::html::{
    aviso, campo_csrf, descrito, html, invalido, junto, pagina, ErroDoForm, Markup, PreEscaped,
};
use crate::Falha;

use crate::formularios::{campo, Campos};
use crate::formularios::{ler_multipart, Enviado};
use crate::paginas::achados_html;

// ---------------------------------------------------------------- avaliar

/// A proposta de exemplo que a página de avaliação traz preenchida.
pub(crate) const EXEMPLO: &str = include_str!("../../../exemplos/criacao.toml");

pub(crate) async fn avaliar_form(quem: Quem) -> Response {
    pagina(
        &quem,
        "Avaliar proposta",
        form_avaliar(&quem, &|_| None, EXEMPLO, "", None, None),
    )
}

fn form_avaliar(
    quem: &Quem,
    campos: &dyn Fn(&str) -> Option<String>,
    proposta: &str,
    em: &str,
    relatorio: Option<Markup>,
    erro: Option<&ErroDoForm>,
) -> Markup {
    // aberta quando foi por ela que se avaliou (o formulário campo a campo é o caminho comum)
    let aberta = (relatorio.is_some() && campos("modo").as_deref() != Some("formulario"))
        || erro.is_some_and(|e| matches!(e.campo, Some("proposta" | "arquivo")));
    html! {
        h1 { "Avaliar uma proposta" }
        p {
            "Preencha o formulário (ou, se já tem a proposta em arquivo, cole-a ou envie-a); \
             mude um número ou o limite e o relatório é refeito na hora."
        }
        div.duas-colunas {
            div {
                // Um formulário só (issue 32): avaliar nunca apaga o que se digitou, qualquer que
                // seja o caminho. «Avaliar» usa os campos; a proposta em arquivo tem o seu botão,
                // depois, para que o Enter num campo avalie os campos.
                form method="post" action="/avaliar" enctype="multipart/form-data" id="form-avaliar" {
                    (campo_csrf(quem))
                    (crate::formulario::html(campos, erro, None))
                    label for="em" { "Texto da lei em vigor em (vazio: a data da proposta ou hoje)" }
                    input #em name="em" type="date" value=(em)
                        aria-invalid=[invalido(erro, "em")] aria-describedby=[descrito(erro, "em", false)];
                    (junto(erro, "em"))
                    button type="submit" name="modo" value="formulario" { "Avaliar" }
                    details.ato #proposta-em-arquivo open[aberta] {
                        summary { "Ou: a proposta já escrita em arquivo (para quem já a tem)" }
                        label for="proposta" { "Proposta" }
                        textarea.proposta #proposta name="proposta" spellcheck="false"
                            aria-invalid=[invalido(erro, "proposta")] aria-describedby=[descrito(erro, "proposta", false)] { (proposta) }
                        (junto(erro, "proposta"))
                        label for="arquivo" { "ou o arquivo da proposta" }
                        input #arquivo name="arquivo" type="file" aria-describedby=(descrito(erro, "arquivo", true).unwrap_or_default())
                            aria-invalid=[invalido(erro, "arquivo")];
                        (junto(erro, "arquivo"))
                        p.historico #arquivo-ajuda {
                            "O arquivo da proposta, como o que o sistema gera. O território que ela cita vai no campo «Arquivo do território», acima; o envio inteiro até "
                            (crate::LIMITE_DE_ENVIO / (1024 * 1024)) " MB."
                        }
                        button type="submit" name="modo" value="arquivo" { "Avaliar a proposta escrita" }
                    }
                }
            }
            section {
                h2 { "Relatório" }
                div #relatorio aria-live="polite" {
                    @if let Some(r) = relatorio {
                        (r)
                    } @else {
                        p { "Envie a proposta para ver o relatório." }
                    }
                }
            }
        }
    }
}

/// Avalia uma proposta vinda de um formulário (texto ou arquivo, e o arquivo do território). O
/// erro diz o controle a que se refere, para a página marcá-lo (issue 32).
pub(crate) fn avaliar_envio(
    campos: &Campos,
    arquivos: &HashMap<String, Enviado>,
    hoje: jiff::civil::Date,
) -> Result<(divisa_lei::Avaliacao, divisa_avaliacao::Proposta), ErroDoForm> {
    // o caminho escolhido decide (o formulário é um só: os campos e a proposta escrita vão
    // juntos); sem caminho dito (a API), o arquivo da proposta, se veio, ou o texto
    let pelos_campos = campo(campos, "modo").as_deref() == Some("formulario");
    let (proposta, controle) = match (pelos_campos, arquivos.get("arquivo")) {
        (true, _) => (
            crate::formulario::proposta(&|n| campo_ou_arquivo(campos, arquivos, n))?,
            None,
        ),
        (false, Some(a)) => (
            String::from_utf8(a.bytes.clone()).map_err(|_| {
                ErroDoForm::no(
                    "arquivo",
                    format!("«{}» não é uma proposta escrita: não é texto", a.nome),
                )
            })?,
            Some("arquivo"),
        ),
        (false, None) => (
            campo(campos, "proposta").unwrap_or_default(),
            Some("proposta"),
        ),
    };
    let em =
        match campo(campos, "em").filter(|e| !e.trim().is_empty()) {
            None => None,
            Some(e) => Some(e.trim().parse::<jiff::civil::Date>().map_err(|_| {
                ErroDoForm::no("em", format!("«{e}» não é uma data (dia/mês/ano)"))
            })?),
        };
    // o erro da leitura é da proposta escrita (a linha e o campo dela), quando foi ela; pelos
    // campos, o que não se leu é o arquivo do território, que é o que entra sem ser digitado
    avaliar_texto(
        &proposta,
        em,
        arquivos
            .get("area")
            .map(|a| (a.nome.as_str(), a.bytes.as_slice())),
        hoje,
    )
    .map_err(|m| match (controle, arquivos.contains_key("area")) {
        (Some(c), _) => ErroDoForm::no(c, m),
        (None, true) => ErroDoForm::no("f_area", m),
        (None, false) => ErroDoForm::geral(m),
    })
}

/// Um campo do formulário; o nome do arquivo do território enviado junto no campo (não digitado)
/// [`crate::formulario::ARQUIVO_DA_AREA`], para a proposta montada citá-lo.
pub(crate) fn campo_ou_arquivo(
    campos: &Campos,
    arquivos: &HashMap<String, Enviado>,
    nome: &str,
) -> Option<String> {
    if nome == crate::formulario::ARQUIVO_DA_AREA {
        arquivos.get("area").map(|a| {
            std::path::Path::new(&a.nome)
                .file_name()
                .map_or_else(|| a.nome.clone(), |n| n.to_string_lossy().to_string())
        })
    } else {
        campo(campos, nome)
    }
}

/// Avalia `proposta` (TOML); `area`, se houver, é o arquivo citado em `area = "…"`. Sem `em`
/// nem data na proposta, a lei em vigor `hoje`.
pub(crate) fn avaliar_texto(
    proposta: &str,
    em: Option<jiff::civil::Date>,
    area: Option<(&str, &[u8])>,
    hoje: jiff::civil::Date,
) -> Result<(divisa_lei::Avaliacao, divisa_avaliacao::Proposta), String> {
    crate::metricas::avaliacao();
    // O arquivo do território fica em memória, com o nome com que veio (é por ele que a
    // proposta o cita): nada vai ao disco do servidor.
    let mut enviados = std::collections::BTreeMap::new();
    if let Some((nome, bytes)) = area {
        let nome = std::path::Path::new(nome)
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .filter(|n| !n.starts_with('.'))
            .ok_or_else(|| "arquivo do território sem nome".to_string())?;
        enviados.insert(nome, bytes.to_vec());
    }
    let lida = divisa_avaliacao::ler(
        "proposta",
        proposta,
        divisa_avaliacao::Arquivos::Enviados(&enviados),
        None,
    )
    .map_err(|e| e.to_string())?;
    let data = em.or(lida.data_referencia).unwrap_or(hoje);
    let a = divisa_lei::avaliar(&lida.fatos, data).map_err(|e| e.to_string())?;
    Ok((a, lida))
}

/// O relatório em HTML para a página: o mapa da proposta (SVG) e os achados. Só quem mostra
/// a página paga o mapa; a API em JSON não o desenha.
pub(crate) fn fragmento(a: &divisa_lei::Avaliacao, lida: &divisa_avaliacao::Proposta) -> Markup {
    html! {
        @if let Some(svg) = divisa_avaliacao::mapa::da_proposta(lida) {
            figure.mapa {
                // O SVG vem pronto de outro crate (divisa_territorio::mapa), que escapa cada nome
                // que escreve nele: é marcação, não texto, e entra como está.
                (PreEscaped(svg))
                figcaption { "Malha Municipal 2022 (IBGE)" }
            }
        }
        (achados_html(a))
    }
}

pub(crate) async fn avaliar(
    axum::extract::State(estado): axum::extract::State<crate::Estado>,
    quem: Quem,
    multipart: Multipart,
) -> Result<Response, Falha> {
    let (campos, arquivos) = ler_multipart(multipart).await?;
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    // com o formulário, a proposta mostrada é a montada dos campos
    let texto = if campo(&campos, "modo").as_deref() == Some("formulario") {
        // sem campos que montem uma proposta, o texto que estava na página volta como veio
        crate::formulario::proposta(&|n| campo_ou_arquivo(&campos, &arquivos, n))
            .unwrap_or_else(|_| campo(&campos, "proposta").unwrap_or_default())
    } else {
        campo(&campos, "proposta").unwrap_or_default()
    };
    let em = campo(&campos, "em").unwrap_or_default();
    // ler, medir e avaliar fora dos trabalhadores assíncronos, com prazo (crate::oficina)
    let (c, a, hoje) = (campos.clone(), arquivos, estado.hoje());
    let feito = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            avaliar_envio(&c, &a, hoje).map(|(av, lida)| fragmento(&av, &lida))
        })
        .await;
    let (relatorio, status, erro) = match feito {
        Ok(Ok(html)) => (html, StatusCode::OK, None),
        // o erro de um campo: no relatório, a frase com o atalho para o campo; no formulário,
        // o campo marcado, com a mensagem ao lado e o foco nele
        Ok(Err(e)) => (
            html! {
                div.erro role="alert" {
                    p {
                        "A proposta não foi avaliada: "
                        @if let Some(c) = e.campo {
                            a href={ "#" (c) } { (texto_do_erro(&e)) }
                        } @else {
                            (e.mensagem)
                        }
                    }
                }
            },
            StatusCode::UNPROCESSABLE_ENTITY,
            Some(e),
        ),
        Err(f) => (aviso("erro", &f.mensagem), f.status, None),
    };
    let mut r = pagina(
        &quem,
        "Avaliar proposta",
        form_avaliar(
            &quem,
            &|n| campo(&campos, n),
            &texto,
            &em,
            Some(relatorio),
            erro.as_ref(),
        ),
    );
    *r.status_mut() = status;
    Ok(r)
}
