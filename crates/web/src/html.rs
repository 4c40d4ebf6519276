//! O molde das páginas: cabeçalho, navegação conforme o papel, rodapé.
//!
//! Toda página é escrita com o `html!` do maud: a marcação é conferida na compilação e todo valor
//! interpolado é escapado, a menos que se diga o contrário com `PreEscaped` — o que só se faz com
//! marcação que o próprio maud produziu, nunca com texto de fora (issue 17).

use axum::http::{header, HeaderValue};
use axum::response::{Html, IntoResponse, Response};
pub(crate) use maud::{html, Markup, PreEscaped, DOCTYPE};

use crate::contas::Quem;

/// O campo oculto com o token CSRF.
pub(crate) fn campo_csrf(quem: &Quem) -> Markup {
    html! { input type="hidden" name="csrf" value=(quem.csrf); }
}

// ---------------------------------------------------------------- erros nos campos

/// Um erro do formulário: o controle a que ele se refere (o `id`; `None`: o envio todo) e o
/// que dizer.
#[derive(Debug)]
pub(crate) struct ErroDoForm {
    pub(crate) campo: Option<&'static str>,
    pub(crate) mensagem: String,
}

impl ErroDoForm {
    pub(crate) fn no(campo: &'static str, mensagem: impl Into<String>) -> ErroDoForm {
        ErroDoForm {
            campo: Some(campo),
            mensagem: mensagem.into(),
        }
    }

    pub(crate) fn geral(mensagem: impl Into<String>) -> ErroDoForm {
        ErroDoForm {
            campo: None,
            mensagem: mensagem.into(),
        }
    }
}

/// Se o erro é o deste controle.
fn do_campo(erro: Option<&ErroDoForm>, id: &str) -> bool {
    matches!(erro, Some(ErroDoForm { campo: Some(c), .. }) if *c == id)
}

/// O `aria-invalid` do controle com erro (lido pelos leitores de tela junto com o campo).
pub(crate) fn invalido(erro: Option<&ErroDoForm>, id: &str) -> Option<&'static str> {
    do_campo(erro, id).then_some("true")
}

/// O `aria-describedby` de um controle: a mensagem do erro, se é dele, e a dica que o
/// acompanha (`{id}-ajuda`), se tem.
pub(crate) fn descrito(erro: Option<&ErroDoForm>, id: &str, com_ajuda: bool) -> Option<String> {
    match (do_campo(erro, id), com_ajuda) {
        (true, true) => Some(format!("{id}-erro {id}-ajuda")),
        (true, false) => Some(format!("{id}-erro")),
        (false, true) => Some(format!("{id}-ajuda")),
        (false, false) => None,
    }
}

/// A mensagem ao lado do controle com erro.
pub(crate) fn junto(erro: Option<&ErroDoForm>, id: &str) -> Markup {
    html! {
        @if let Some(ErroDoForm { campo: Some(c), mensagem }) = erro {
            @if *c == id {
                p class="erro-campo" id={ (id) "-erro" } { (mensagem) }
            }
        }
    }
}

/// As seções da navegação principal, na ordem em que aparecem.
const SECOES: [(&str, &str); 8] = [
    ("/", "Painel"),
    ("/processos", "Processos"),
    ("/avaliar", "Avaliar proposta"),
    ("/lei", "A lei"),
    ("/municipios", "Municípios"),
    ("/publico", "Portal público"),
    ("/verificar", "Verificar documento"),
    ("/contas", "Contas"),
];

/// A petição (Arts. 13 a 15), no menu de quem pode protocolar.
const NOVA: &str = "/processos/novo";

/// A seção em que a pessoa está (o processo está em «Processos»).
fn na_secao(caminho: &str, endereco: &str) -> bool {
    caminho == endereco
        || (endereco != "/"
            && caminho
                .strip_prefix(endereco)
                .is_some_and(|resto| resto.starts_with('/')))
}

/// Uma página completa.
pub(crate) fn documento(titulo: &str, quem: Option<&Quem>, corpo: Markup) -> Markup {
    let usuario = quem.and_then(|q| q.usuario.as_ref().map(|u| (q, u)));
    let presidente = usuario.is_some_and(|(_, u)| {
        divisa_processo::papel::permissao(u.papel, divisa_processo::Acao::AdministrarContas)
            == divisa_processo::Permissao::Sim
    });
    let protocola = usuario.is_some_and(|(_, u)| {
        divisa_processo::papel::permissao(u.papel, divisa_processo::Acao::Protocolar)
            != divisa_processo::Permissao::Nao
    });
    let caminho = quem.map_or("", |q| q.caminho.as_str());
    html! {
        (DOCTYPE)
        html lang="pt-BR" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (titulo) " — divisa" }
                meta name="description" content="divisa: a Lei Complementar nº 23/1992 de Mato Grosso aplicada às propostas de criação, fusão, incorporação e desmembramento de municípios, e os processos da Comissão de Revisão Territorial da Assembleia Legislativa.";
                link rel="icon" href="/ativos/icone.svg" type="image/svg+xml";
                link rel="stylesheet" href="/ativos/govbr-core.min.css";
                link rel="stylesheet" href="/ativos/divisa.css";
                // as fontes pedidas já com a folha, não depois dela: o texto não pula ao chegarem
                @for peso in ["400", "600", "700"] {
                    link rel="preload" href={ "/ativos/raleway-" (peso) ".woff2" } as="font" type="font/woff2" crossorigin;
                }
                // no celular o menu começa fechado (o cabeçalho não encolhe depois de pintado);
                // sem o script, esta folha o deixa aberto
                noscript { link rel="stylesheet" href="/ativos/sem-script.css"; }
            }
            body {
                a.pular href="#conteudo" { "Pular para o conteúdo" }
                header.menu-fechado {
                    div.marca {
                        a href="/" { "divisa" } " "
                        small { "LC nº 23/1992 — Comissão de Revisão Territorial · ALMT" }
                    }
                    button.menu-botao type="button" aria-expanded="false" aria-controls="nav-principal" { "Menu" }
                    nav.fechado #nav-principal aria-label="Principal" {
                        @for (endereco, rotulo) in SECOES {
                            @if endereco != "/contas" || presidente {
                                a href=(endereco) aria-current=[(na_secao(caminho, endereco) && !(endereco == "/processos" && na_secao(caminho, NOVA))).then_some("page")] { (rotulo) }
                            }
                            // quem pode protocolar (Art. 14) acha a petição no menu, logo depois
                            // dos processos
                            @if endereco == "/processos" && protocola {
                                a href=(NOVA) aria-current=[na_secao(caminho, NOVA).then_some("page")] { "Nova representação" }
                            }
                        }
                    }
                    div.quem {
                        @if let Some((q, u)) = usuario {
                            span.conta {
                                // a marca «demonstração» ao lado já diz o que o sufixo do nome diria
                                a href="/conta" title="Minha conta" {
                                    @if u.demonstracao {
                                        (u.nome.strip_suffix(" (demonstração)").unwrap_or(&u.nome))
                                    } @else {
                                        (u.nome)
                                    }
                                }
                                " " small { "(" (u.cargo_exibido()) ")" }
                                @if u.demonstracao { " " span.selo-demo { "demonstração" } }
                            }
                            form.sair method="post" action="/sair" {
                                (campo_csrf(q))
                                button type="submit" { "Sair" }
                            }
                        } @else {
                            a.entrar href="/entrar" { "Entrar" }
                        }
                    }
                }
                main #conteudo tabindex="-1" { (corpo) }
                footer {
                    p {
                        strong { "Assembleia Legislativa do Estado de Mato Grosso" }
                        " — Comissão de Revisão Territorial · Lei Complementar nº 23/1992 e alterações"
                    }
                    p { "Dados: IBGE (Censo 2022, Malha Municipal 2022, Base de Localidades 2022), TSE, PIB dos Municípios." }
                }
                // o Leaflet vem só com os mapas (divisa.js o carrega onde há um)
                script src="/ativos/divisa.js" {}
            }
        }
    }
}

/// A página como resposta, com os cookies que a visita precisar.
pub(crate) fn pagina(quem: &Quem, titulo: &str, corpo: Markup) -> Response {
    let mut r = Html(documento(titulo, Some(quem), corpo).into_string()).into_response();
    quem.gravar_cookies(&mut r);
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// A navegação entre páginas de uma lista: `caminho` com os parâmetros da busca (`base`, os
/// vazios de fora) e `pagina=N`.
pub(crate) fn paginacao(
    caminho: &str,
    base: &[(&str, &str)],
    atual: usize,
    total: usize,
) -> Markup {
    let endereco = |n: usize| {
        let mut consulta: Vec<String> = base
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(k, v)| format!("{k}={}", crate::codificar_url(v)))
            .collect();
        consulta.push(format!("pagina={n}"));
        format!("{caminho}?{}", consulta.join("&"))
    };
    html! {
        @if total > 1 {
            nav.paginacao aria-label="Páginas" {
                ul {
                    @if atual > 1 {
                        li { a href=(endereco(atual - 1)) rel="prev" { "Anterior" } }
                    }
                    @for n in 1..=total {
                        li {
                            @if n == atual {
                                span aria-current="page" { (n) }
                            } @else {
                                a href=(endereco(n)) { (n) }
                            }
                        }
                    }
                    @if atual < total {
                        li { a href=(endereco(atual + 1)) rel="next" { "Próxima" } }
                    }
                }
            }
        }
    }
}

/// Um mapa (o Leaflet o desenha, `divisa.js`): `camada`, o GeoJSON do que importa (sem ela, o
/// estado inteiro). A legenda e a fonte já vêm no lugar, para a página não pular quando o mapa
/// chega (a legenda é preenchida com o que o mapa mostra).
pub(crate) fn mapa(camada: Option<&str>, rotulo: &str) -> Markup {
    html! {
        div.mapa-web #mapa role="region" data-camada=[camada] aria-label=(rotulo) {}
        ul.legenda-do-mapa aria-label="Legenda do mapa" {
            // o mapa do estado só tem o fundo: a legenda já vem escrita
            @if camada.is_none() {
                li {
                    span.amostra.fundo aria-hidden="true" {}
                    "Municípios de Mato Grosso (limites da Malha Municipal 2022)"
                }
            }
        }
        p.fonte-do-mapa { "Mapa: Malha Municipal 2022 (IBGE)." }
    }
}

/// Uma mensagem de aviso, de erro ou de sucesso.
pub(crate) fn aviso(classe: &str, texto: &str) -> Markup {
    html! {
        p class=(classe) role=(if classe == "erro" { "alert" } else { "status" }) { (texto) }
    }
}

/// O protocolo num endereço: a barra do NUP vira `%2F`.
pub(crate) fn caminho_do_processo(protocolo: &str) -> String {
    format!("/processos/{}", protocolo.replace('/', "%2F"))
}

/// Um valor para a consulta de um endereço (`?q=…`): letras, algarismos e `-_.~` como estão;
/// o resto em %XX (UTF-8).
pub(crate) fn codificar_url(valor: &str) -> String {
    let mut s = String::with_capacity(valor.len());
    for b in valor.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                s.push(char::from(b))
            }
            _ => {
                let _ = std::fmt::Write::write_fmt(&mut s, format_args!("%{b:02X}"));
            }
        }
    }
    s
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn texto_de_fora_sai_escapado_no_aviso() {
        assert_eq!(
            aviso("erro", "<script>alert('x')</script> & \"y\"").into_string(),
            "<p class=\"erro\" role=\"alert\">&lt;script&gt;alert('x')&lt;/script&gt; &amp; &quot;y&quot;</p>"
        );
    }

    #[test]
    fn a_secao_atual_inclui_as_paginas_de_dentro() {
        assert!(na_secao("/processos/00001.000001-2026-91", "/processos"));
        assert!(na_secao("/", "/"));
        assert!(!na_secao("/processos", "/"));
        assert!(!na_secao("/processosx", "/processos"));
    }
}
