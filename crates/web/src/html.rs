//! O molde das páginas: cabeçalho, navegação conforme o papel, escape de todo texto.

use std::fmt::Write as _;

use axum::http::{header, HeaderValue};
use axum::response::{Html, IntoResponse, Response};

use crate::contas::Quem;

/// Escapa texto para HTML (conteúdo e atributos entre aspas): o escapador único do divisa.
pub(crate) use divisa_referencia::formato::escapar as esc;

/// O campo oculto com o token CSRF.
pub(crate) fn campo_csrf(quem: &Quem) -> String {
    format!(
        "<input type=\"hidden\" name=\"csrf\" value=\"{}\">",
        esc(&quem.csrf)
    )
}

/// Uma página completa.
pub(crate) fn documento(titulo: &str, quem: Option<&Quem>, corpo: &str) -> String {
    let mut nav = String::new();
    let presidente = quem
        .and_then(|q| q.usuario.as_ref())
        .is_some_and(|u| u.papel == divisa_processo::Papel::Presidente);
    let caminho = quem.map_or("", |q| q.caminho.as_str());
    for (endereco, rotulo) in [
        ("/", "Painel"),
        ("/processos", "Processos"),
        ("/avaliar", "Avaliar proposta"),
        ("/lei", "A lei"),
        ("/municipios", "Municípios"),
        ("/publico", "Portal público"),
        ("/verificar", "Verificar documento"),
        ("/contas", "Contas"),
    ] {
        if endereco == "/contas" && !presidente {
            continue;
        }
        // a seção em que a pessoa está (o processo está em «Processos»)
        let atual = caminho == endereco
            || (endereco != "/" && caminho.starts_with(&format!("{endereco}/")));
        let _ = write!(
            nav,
            "<a href=\"{endereco}\"{}>{rotulo}</a>",
            if atual { " aria-current=\"page\"" } else { "" }
        );
    }
    let conta = match quem.and_then(|q| q.usuario.as_ref().map(|u| (q, u))) {
        Some((q, u)) => format!(
            "<span class=\"conta\"><a href=\"/conta\" title=\"Minha conta\">{}</a> <small>({})</small>{}</span>\
             <form method=\"post\" action=\"/sair\" class=\"sair\">{}<button type=\"submit\">Sair</button></form>",
            // a marca «demonstração» ao lado já diz o que o sufixo do nome diria
            esc(if u.demonstracao {
                u.nome
                    .strip_suffix(" (demonstração)")
                    .unwrap_or(&u.nome)
            } else {
                &u.nome
            }),
            esc(u.cargo_exibido()),
            if u.demonstracao {
                " <span class=\"selo-demo\">demonstração</span>"
            } else {
                ""
            },
            campo_csrf(q)
        ),
        None => "<a class=\"entrar\" href=\"/entrar\">Entrar</a>".to_string(),
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"pt-BR\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{} — divisa</title>\n<meta name=\"description\" content=\"divisa: a Lei Complementar nº 23/1992 de Mato Grosso aplicada às propostas de criação, fusão, incorporação e desmembramento de municípios, e os processos da Comissão de Revisão Territorial da Assembleia Legislativa.\">\n<link rel=\"icon\" href=\"/ativos/icone.svg\" type=\"image/svg+xml\">\n<link rel=\"stylesheet\" href=\"/ativos/govbr-core.min.css\">\n<link rel=\"stylesheet\" href=\"/ativos/leaflet.css\">\n<link rel=\"stylesheet\" href=\"/ativos/divisa.css\">\n</head>\n<body>\n\
         <a class=\"pular\" href=\"#conteudo\">Pular para o conteúdo</a>\n\
         <header><div class=\"marca\"><a href=\"/\">divisa</a> <small>LC nº 23/1992 — Comissão de Revisão Territorial · ALMT</small></div>\
         <button type=\"button\" class=\"menu-botao\" aria-expanded=\"false\" aria-controls=\"nav-principal\" hidden>Menu</button><nav id=\"nav-principal\" aria-label=\"Principal\">{nav}</nav><div class=\"quem\">{conta}</div></header>\n<main id=\"conteudo\" tabindex=\"-1\">\n{corpo}\n</main>\n\
         <footer><p><strong>Assembleia Legislativa do Estado de Mato Grosso</strong> — Comissão de Revisão Territorial · Lei Complementar nº 23/1992 e alterações</p>\
         <p>Dados: IBGE (Censo 2022, Malha Municipal 2022, Base de Localidades 2022), TSE, PIB dos Municípios.</p></footer>\n\
         <script src=\"/ativos/leaflet.js\"></script>\n<script src=\"/ativos/divisa.js\"></script>\n</body>\n</html>\n",
        esc(titulo)
    )
}

/// A página como resposta, com os cookies que a visita precisar.
pub(crate) fn pagina(quem: &Quem, titulo: &str, corpo: &str) -> Response {
    let mut r = Html(documento(titulo, Some(quem), corpo)).into_response();
    quem.gravar_cookies(&mut r);
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// Uma mensagem de aviso, de erro ou de sucesso.
pub(crate) fn aviso(classe: &str, texto: &str) -> String {
    format!(
        "<p class=\"{classe}\" role=\"{}\">{}</p>",
        if classe == "erro" { "alert" } else { "status" },
        esc(texto)
    )
}
