//! As páginas: painel, login, processos, nova representação, avaliação, a lei, municípios e o
//! portal público. Cada uma confere o papel no servidor; o que o papel não pode fazer nem
//! aparece nem é aceito.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use axum::extract::{Multipart, Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use divisa_processo::prazos::Situacao;
use divisa_processo::{
    corte_eleitoral, Acao, DocumentoArt15, Fase, Papel, Permissao, TipoProcesso, Via,
};
use divisa_referencia::formato::{data as fmt_data, inteiro};
use divisa_registro::NovaRepresentacao;

use crate::contas::{self, Quem};
use crate::html::{aviso, campo_csrf, esc, pagina};
use crate::{caminho_do_processo, catalogo, hoje, Estado, Falha};

type Campos = Vec<(String, String)>;

fn campo(campos: &Campos, nome: &str) -> Option<String> {
    campos
        .iter()
        .find(|(k, _)| k == nome)
        .map(|(_, v)| v.clone())
}

/// Classe CSS e texto de uma situação de prazo.
fn situacao(s: &Situacao) -> (&'static str, String) {
    let classe = match s {
        Situacao::Vencido { .. } => "vencido",
        Situacao::VenceEmBreve { .. } => "a_vencer",
        Situacao::Cumprido {
            no_prazo: false, ..
        } => "vencido",
        _ => "sim",
    };
    (classe, s.texto())
}

pub(crate) async fn nao_encontrada(quem: Quem) -> Response {
    let mut r = pagina(
        &quem,
        "Página não encontrada",
        "<h1>Página não encontrada</h1><p>O endereço não existe. <a href=\"/\">Voltar ao início</a>.</p>",
    );
    *r.status_mut() = StatusCode::NOT_FOUND;
    r
}

// ---------------------------------------------------------------- login

pub(crate) async fn entrar_form(
    State(estado): State<Estado>,
    quem: Quem,
) -> Result<Response, Falha> {
    Ok(pagina(
        &quem,
        "Entrar",
        &form_entrar(&estado, &quem, None).await?,
    ))
}

async fn form_entrar(estado: &Estado, quem: &Quem, erro: Option<&str>) -> Result<String, Falha> {
    let demo = estado
        .registro()
        .usuarios()
        .await?
        .iter()
        .any(|u| u.demonstracao);
    let mut s = String::from("<h1>Entrar</h1>");
    if let Some(e) = erro {
        s.push_str(&aviso("erro", e));
    }
    let _ = write!(
        s,
        "<form method=\"post\" action=\"/entrar\" id=\"form-entrar\">{}\
         <label for=\"login\">Login</label><input id=\"login\" name=\"login\" type=\"text\" autocomplete=\"username\" required autofocus>\
         <label for=\"senha\">Senha</label><input id=\"senha\" name=\"senha\" type=\"password\" autocomplete=\"current-password\" required>\
         <button type=\"submit\">Entrar</button></form>\
         <p>O público não precisa entrar: os processos e os seus documentos públicos estão no <a href=\"/publico\">portal público</a> (Art. 16).</p>",
        campo_csrf(quem)
    );
    if demo {
        let _ = write!(
            s,
            "<div class=\"demo\"><strong>Dados de demonstração.</strong> Este banco foi semeado para conhecer o sistema: contas {} — todas com a senha <code>{}</code>. Não use em produção.</div>",
            crate::semente::CONTAS
                .iter()
                .map(|(l, _, p)| format!("<code>{}</code> ({})", esc(l), esc(p.nome())))
                .collect::<Vec<_>>()
                .join(", "),
            esc(crate::semente::SENHA)
        );
    }
    Ok(s)
}

pub(crate) async fn entrar(
    State(estado): State<Estado>,
    quem: Quem,
    Form(campos): Form<Campos>,
) -> Result<Response, Falha> {
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    let login = campo(&campos, "login").unwrap_or_default();
    let senha = campo(&campos, "senha").unwrap_or_default();
    match contas::entrar(&estado, &quem, &login, &senha).await {
        Ok(entrada) => {
            let mut r = Redirect::to("/").into_response();
            if let Ok(v) = HeaderValue::from_str(&entrada.set_cookie) {
                r.headers_mut().append(header::SET_COOKIE, v);
            }
            Ok(r)
        }
        Err(f)
            if matches!(
                f.status,
                StatusCode::UNAUTHORIZED | StatusCode::TOO_MANY_REQUESTS
            ) =>
        {
            let mut r = pagina(
                &quem,
                "Entrar",
                &form_entrar(&estado, &quem, Some(&f.mensagem)).await?,
            );
            *r.status_mut() = f.status;
            Ok(r)
        }
        Err(f) => Err(f),
    }
}

pub(crate) async fn sair(
    State(estado): State<Estado>,
    quem: Quem,
    Form(campos): Form<Campos>,
) -> Result<Response, Falha> {
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    let apagar = contas::sair(&estado, &quem).await?;
    let mut r = Redirect::to("/publico").into_response();
    if let Ok(v) = HeaderValue::from_str(&apagar) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(r)
}

// ---------------------------------------------------------------- painel

pub(crate) async fn painel(State(estado): State<Estado>, quem: Quem) -> Result<Response, Falha> {
    let Some(usuario) = &quem.usuario else {
        return Ok(Redirect::to("/publico").into_response());
    };
    let hoje = hoje();
    let processos = estado.registro().listar().await?;
    let mut s = format!(
        "<h1>Painel</h1><p>{} — {}</p>",
        esc(&usuario.nome),
        fmt_data(hoje)
    );

    // o próximo corte eleitoral (Art. 3º)
    if let Some((eleicao, corte)) = corte_eleitoral(hoje) {
        let sujeitos = estado.registro().sujeitos_ao_art3().await?;
        let _ = write!(
            s,
            "<div class=\"cartao\" id=\"corte\"><strong>Próximo corte eleitoral (Art. 3º)</strong><br>\
             Para vigorar na eleição de {}, a lei de criação precisa ser publicada até <strong>{}</strong>: \
             faltam <span data-ate=\"{}\">{} dias</span>. {} processo(s) em andamento sujeito(s) ao corte.</div>",
            fmt_data(eleicao),
            fmt_data(corte),
            corte,
            inteiro(i64::from(divisa_processo::prazos::dias_entre(hoje, corte))),
            inteiro(sujeitos as i64)
        );
    }

    // por fase
    let mut por_fase: BTreeMap<&str, (usize, Fase)> = BTreeMap::new();
    for p in &processos {
        por_fase.entry(p.fase.codigo()).or_insert((0, p.fase)).0 += 1;
    }
    s.push_str("<h2>Processos por fase</h2><div class=\"cartoes\">");
    for (n, fase) in por_fase.values() {
        let _ = write!(
            s,
            "<div class=\"cartao\"><div class=\"valor\">{}</div>{}</div>",
            inteiro(*n as i64),
            esc(fase.nome())
        );
    }
    if processos.is_empty() {
        s.push_str("<p>Nenhum processo ainda.</p>");
    }
    s.push_str("</div>");

    // prazos
    let alertas = estado.registro().alertas(hoje).await?;
    let (vencidos, a_vencer): (Vec<_>, Vec<_>) = alertas
        .iter()
        .partition(|a| matches!(a.alerta.situacao, Some(Situacao::Vencido { .. })));
    for (titulo, lista, classe) in [
        ("Prazos vencidos", &vencidos, "vencido"),
        ("Prazos a vencer e outras pendências", &a_vencer, "a_vencer"),
    ] {
        let _ = write!(s, "<h2>{titulo} ({})</h2>", lista.len());
        if lista.is_empty() {
            s.push_str("<p>Nenhum.</p>");
            continue;
        }
        s.push_str(
            "<div class=\"tabela\"><table><tr><th>Processo</th><th>Artigo</th><th>O quê</th></tr>",
        );
        for a in lista {
            let _ = write!(
                s,
                "<tr class=\"{classe}\"><td><a href=\"{}\">{}</a><br><small>{}</small></td><td>{}</td><td>{}</td></tr>",
                esc(&caminho_do_processo(&a.protocolo)),
                esc(&a.protocolo),
                esc(&a.nome),
                esc(&a.alerta.artigo),
                esc(&a.alerta.mensagem())
            );
        }
        s.push_str("</table></div>");
    }
    s.push_str(&tabela_de_processos(&processos));
    if divisa_processo::papel::permissao(usuario.papel, Acao::Protocolar) != Permissao::Nao {
        s.push_str("<p><a href=\"/processos/novo\">Nova representação</a></p>");
    }
    Ok(pagina(&quem, "Painel", &s))
}

fn tabela_de_processos(processos: &[divisa_registro::Resumo]) -> String {
    let mut s = String::from(
        "<h2>Processos</h2><div class=\"tabela\"><table><tr><th>Protocolo</th><th>Nome</th><th>Tipo</th><th>Fase</th><th>Último ato</th></tr>",
    );
    for p in processos {
        let _ =
            write!(
            s,
            "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&caminho_do_processo(&p.protocolo)),
            esc(&p.protocolo),
            esc(&p.nome),
            esc(TipoProcesso::de_codigo(&p.tipo).map_or(p.tipo.as_str(), |t| t.nome())),
            esc(p.fase.nome()),
            esc(&p.ultimo_ato.parse().map(fmt_data).unwrap_or_else(|_| p.ultimo_ato.clone()))
        );
    }
    s.push_str("</table></div>");
    s
}

pub(crate) async fn processos(State(estado): State<Estado>, quem: Quem) -> Result<Response, Falha> {
    let lista = estado.registro().listar().await?;
    Ok(pagina(&quem, "Processos", &tabela_de_processos(&lista)))
}

pub(crate) async fn publico(State(estado): State<Estado>, quem: Quem) -> Result<Response, Falha> {
    let lista = estado.registro().listar().await?;
    let mut s = String::from(
        "<h1>Portal público</h1><p>As representações de criação, incorporação, fusão e desmembramento de municípios \
         em tramitação na Assembleia Legislativa, com os seus atos públicos (LC nº 23/1992, Art. 16: \"ampla divulgação\"). \
         Assinaturas, títulos de eleitor e documentos internos não são públicos.</p>",
    );
    s.push_str(&tabela_de_processos(&lista));
    Ok(pagina(&quem, "Portal público", &s))
}

// ---------------------------------------------------------------- um processo

pub(crate) async fn processo(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let ok = q
        .get("registrado")
        .and_then(|v| v.parse::<u64>().ok())
        .map(|n| format!("Ato {n} registrado."));
    pagina_do_processo(&estado, &quem, &protocolo, ok, None).await
}

async fn pagina_do_processo(
    estado: &Estado,
    quem: &Quem,
    protocolo: &str,
    ok: Option<String>,
    erro: Option<String>,
) -> Result<Response, Falha> {
    let ator = quem.ator();
    let hoje = hoje();
    let (p, eventos) = estado.registro().eventos_visiveis(protocolo, &ator).await?;
    let completo = p.pode(&ator, Acao::VerCompleto).is_ok();
    let endereco = caminho_do_processo(protocolo);
    let mut s = format!(
        "<h1>{}</h1><p><strong>Processo {}</strong> — {} · fase: <strong>{}</strong></p>",
        esc(&p.nome),
        esc(protocolo),
        esc(p.tipo.nome()),
        esc(p.fase.nome())
    );
    if let Some(m) = ok {
        s.push_str(&aviso("ok", &m));
    }
    if let Some(e) = erro {
        s.push_str(&aviso("erro", &e));
    }
    if !p.fase.final_() {
        let _ = write!(s, "<p>Próximo passo: {}</p>", esc(p.fase.proximo_passo()));
    }
    let _ = write!(
        s,
        "<div class=\"cartoes\"><div class=\"cartao\">Protocolado em<div class=\"valor\">{}</div></div>\
         <div class=\"cartao\">Municípios de origem<br><strong>{}</strong></div>\
         <div class=\"cartao\">Assinaturas de eleitores<div class=\"valor\">{}</div></div>\
         <div class=\"cartao\">Chegou<br><strong>{}</strong></div></div>",
        fmt_data(p.protocolado_em),
        esc(&p.municipios_origem.join(", ")),
        inteiro(i64::from(p.assinaturas)),
        match &p.via {
            Via::Deputado { id } => format!("através do deputado {}", esc(id)),
            Via::Comunidade => "diretamente da comunidade".into(),
        }
    );

    // o mapa
    let _ = write!(
        s,
        "<h2>Mapa</h2><div class=\"mapa-web\" id=\"mapa\" data-camada=\"/api{}/mapa.geojson\" aria-label=\"Mapa dos municípios de origem e da área proposta\"></div>",
        esc(&endereco)
    );

    // documentos do Art. 15
    s.push_str("<h2>Documentos (Art. 15)</h2><ul>");
    for d in DocumentoArt15::TODOS {
        let tem = p.documentos.contains(&d);
        let _ = write!(
            s,
            "<li class=\"{}\">{} {}</li>",
            if tem { "sim" } else { "nao_atende" },
            if tem { "✔" } else { "✘ falta:" },
            esc(d.nome())
        );
    }
    s.push_str("</ul>");

    // certidões e prazos
    let certidoes = p.certidoes();
    if !certidoes.is_empty() || p.certidoes_requisitadas_em.is_some() {
        s.push_str("<h2>Certidões (Art. 2º, §§ 2º e 3º)</h2><div class=\"tabela\"><table><tr><th>Órgão</th><th>Ofício</th><th>Recebido</th><th>Resposta</th></tr>");
        for (o, r) in &certidoes {
            let _ = write!(
                s,
                "<tr><td>{} <small>(incisos {})</small></td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(o.nome()),
                esc(o.incisos()),
                r.oficio.as_ref().map_or("—".into(), |(n, d)| format!(
                    "{} em {}",
                    esc(n),
                    fmt_data(*d)
                )),
                r.recebido_em.map_or("—".into(), fmt_data),
                match &r.resposta {
                    None => "aguardando".to_string(),
                    Some(divisa_processo::Resposta::Emitida { numero, em, .. }) => format!(
                        "<span class=\"sim\">certidão {} em {}</span>",
                        esc(numero),
                        fmt_data(*em)
                    ),
                    Some(divisa_processo::Resposta::Recusada { .. }) =>
                        "<span class=\"nao_atende\">recusada (Art. 9º)</span>".to_string(),
                }
            );
        }
        s.push_str("</table></div>");
    }
    let prazos = p.prazos();
    if !prazos.is_empty() {
        s.push_str("<h2>Prazos</h2><div class=\"tabela\"><table><tr><th>O quê</th><th>Artigo</th><th>Início</th><th>Vencimento</th><th>Situação</th></tr>");
        for z in &prazos {
            let (classe, texto) = situacao(&z.situacao(hoje));
            let _ = write!(
                s,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"{classe}\">{}</td></tr>",
                esc(&z.descricao),
                esc(z.artigo),
                fmt_data(z.inicio),
                fmt_data(z.vencimento),
                esc(&texto)
            );
        }
        s.push_str("</table></div>");
    }
    let alertas = p.alertas(hoje);
    if !alertas.is_empty() {
        s.push_str("<h2>Alertas</h2><ul>");
        for a in alertas {
            let _ = write!(
                s,
                "<li class=\"a_vencer\">{} — {}</li>",
                esc(&a.artigo),
                esc(&a.mensagem())
            );
        }
        s.push_str("</ul>");
    }

    // a lei aplicada à proposta
    s.push_str("<h2>A lei aplicada à proposta</h2>");
    match (&p.proposta, completo) {
        (None, _) => s.push_str("<p>Não há proposta (CONTRACT §2) anexada a este processo.</p>"),
        (Some(_), false) => s.push_str(
            "<p>A proposta anexada traz títulos de eleitor: a avaliação completa fica com a Comissão e os deputados (Arts. 22 e 23).</p>",
        ),
        (Some(texto), true) => s.push_str(&avaliacao_da_proposta(protocolo, texto, hoje)),
    }

    // documentos oficiais escritos do caso
    if completo && p.proposta.is_some() {
        s.push_str("<h2>Documentos oficiais</h2><ul>");
        use divisa_documentos::Tipo as D;
        let mut tipos: Vec<D> = match p.tipo {
            TipoProcesso::Criacao => vec![
                D::Oficio,
                D::Parecer,
                D::DecretoLegislativo,
                D::ProjetoDeLei,
            ],
            TipoProcesso::Desmembramento => vec![
                D::Oficio,
                D::Parecer,
                D::DecretoLegislativo,
                D::RelatorioTecnico,
            ],
            _ => vec![D::Oficio, D::Parecer, D::DecretoLegislativo],
        };
        if p.visita.is_some() {
            tipos.push(divisa_documentos::Tipo::ParecerPreliminar);
        }
        if p.plebiscito.is_some() {
            tipos.push(divisa_documentos::Tipo::ParecerResultado);
        }
        for t in tipos {
            let _ = write!(
                s,
                "<li>{} — <a href=\"{}/documentos/{}\">PDF</a> · <a href=\"{}/documentos/{}?formato=html\">HTML</a></li>",
                esc(t.nome()),
                esc(&endereco),
                t.codigo(),
                esc(&endereco),
                t.codigo()
            );
        }
        s.push_str("</ul><p class=\"historico\">Cada documento traz o número do processo e um código de verificação; confira um PDF com <code>divisa documento verificar ARQUIVO.pdf</code>.</p>");
    }

    // arquivos
    let arquivos = estado.registro().arquivos(protocolo).await?;
    let visiveis: Vec<_> = arquivos
        .iter()
        .filter(|a| completo || a.finalidade != "assinaturas")
        .collect();
    if !visiveis.is_empty() {
        s.push_str("<h2>Arquivos</h2><ul>");
        for a in visiveis {
            let _ = write!(
                s,
                "<li><a href=\"{}/arquivos/{}\">{}</a> — {} · {} bytes · SHA-256 <code>{}</code> · enviado por {} em {}</li>",
                esc(&endereco),
                a.id,
                esc(&a.nome),
                esc(&a.finalidade),
                inteiro(a.tamanho as i64),
                esc(&a.sha256),
                esc(&a.enviado_por),
                esc(a.enviado_em.get(..10).unwrap_or(&a.enviado_em))
            );
        }
        s.push_str("</ul>");
    }

    // linha do tempo
    s.push_str("<h2>Linha do tempo</h2><ol class=\"linha-do-tempo\">");
    for e in &eventos {
        let _ = write!(
            s,
            "<li><span class=\"quando\">{} · ato {} · {} ({})</span><br>{}</li>",
            fmt_data(e.data),
            e.seq,
            esc(&e.ator.id),
            esc(e.ator.papel.nome()),
            esc(&crate::texto::resumo_do_ato(&e.ato))
        );
    }
    s.push_str("</ol>");
    if !completo {
        s.push_str("<p class=\"historico\">Só os atos públicos aparecem aqui (Art. 16).</p>");
    }

    // o que quem olha pode fazer
    if quem.usuario.is_some() {
        let oferecidos = catalogo::oferecidos(&p, &ator, hoje);
        s.push_str("<h2>O que você pode fazer agora</h2>");
        if oferecidos.is_empty() {
            s.push_str("<p>Nenhum ato cabe ao seu papel nesta fase.</p>");
        }
        let acao = format!("{endereco}/atos");
        for m in oferecidos {
            s.push_str(&catalogo::formulario(m, &acao, &quem.csrf, p.versao, hoje));
        }
    }
    Ok(pagina(quem, &p.nome, &s))
}

/// Os achados do motor da lei para a proposta anexada, com o texto de cada dispositivo.
fn avaliacao_da_proposta(protocolo: &str, texto: &str, hoje: jiff::civil::Date) -> String {
    let nome = format!("proposta anexada ao processo {protocolo}");
    let proposta = match divisa_avaliacao::ler_confinado(&nome, texto, crate::SEM_ARQUIVOS.as_ref())
    {
        Ok(p) => p,
        Err(e) => return aviso("erro", &e.to_string()),
    };
    let data = proposta.data_referencia.unwrap_or(hoje);
    match divisa_lei::avaliar(&proposta.fatos, data) {
        Ok(a) => achados_html(&a),
        Err(e) => aviso("erro", &e.to_string()),
    }
}

/// A tabela de achados (também o fragmento da reavaliação imediata).
pub(crate) fn achados_html(a: &divisa_lei::Avaliacao) -> String {
    let lei = divisa_lei::texto::lei().ok();
    let mut s = format!(
        "<p>Texto da lei em vigor em <strong>{}</strong>. Conclusão: <strong class=\"{}\">{}</strong>.</p>\
         <div class=\"tabela\"><table class=\"achados\"><tr><th>Situação</th><th>Dispositivo</th><th>Exigido</th><th>Apurado</th><th>Certifica</th></tr>",
        fmt_data(a.texto_em),
        match a.conclusao() {
            divisa_lei::Conclusao::Atende => "atende",
            divisa_lei::Conclusao::NaoAtende => "nao_atende",
            divisa_lei::Conclusao::Inconclusivo => "pendente",
        },
        match a.conclusao() {
            divisa_lei::Conclusao::Atende => "atende a todos os dispositivos",
            divisa_lei::Conclusao::NaoAtende => "não atende a algum dispositivo",
            divisa_lei::Conclusao::Inconclusivo => "nada falha, mas há pendências",
        }
    );
    for x in &a.achados {
        let texto = lei
            .and_then(|l| l.dispositivo(&x.dispositivo))
            .and_then(|d| d.em(a.texto_em))
            .map(|v| match v {
                divisa_lei::texto::EmVigor::Texto(r) => r.texto.clone().unwrap_or_default(),
                divisa_lei::texto::EmVigor::NaoDisponivel(_) => {
                    "(a redação em vigor nessa data não foi encontrada)".into()
                }
                divisa_lei::texto::EmVigor::Inexistente(_) => {
                    "(o dispositivo não existia nessa data)".into()
                }
            });
        let _ = write!(
            s,
            "<tr class=\"{}\"><td>{}</td><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            x.situacao.codigo(),
            esc(x.situacao.rotulo()),
            esc(&x.citacao),
            texto.map_or(String::new(), |t| format!(
                "<details class=\"texto-lei\"><summary>texto</summary><blockquote>{}</blockquote></details>",
                esc(&t)
            )),
            esc(&x.exigido),
            esc(&x.apurado),
            esc(x.orgao.unwrap_or("—"))
        );
        if !x.mensagem.is_empty() {
            let _ = write!(
                s,
                "<tr class=\"nota\"><td></td><td colspan=\"4\"><small>{}</small></td></tr>",
                esc(&x.mensagem)
            );
        }
    }
    s.push_str("</table></div>");
    if !a.alertas.is_empty() {
        s.push_str("<h3>Direito federal e STF</h3><ul>");
        for al in &a.alertas {
            let _ = write!(s, "<li>{}</li>", esc(&al.mensagem));
        }
        s.push_str("</ul>");
    }
    s
}

pub(crate) async fn ato(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
    Form(campos): Form<Campos>,
) -> Result<Response, Falha> {
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    quem.exigir_conta()?;
    match registrar_ato(&estado, &quem, &protocolo, &campos).await {
        Ok(seq) => Ok(Redirect::to(&format!(
            "{}?registrado={seq}",
            caminho_do_processo(&protocolo)
        ))
        .into_response()),
        Err(f) if f.status != StatusCode::NOT_FOUND => {
            let status = f.status;
            let mut r =
                pagina_do_processo(&estado, &quem, &protocolo, None, Some(f.mensagem)).await?;
            *r.status_mut() = status;
            Ok(r)
        }
        Err(f) => Err(f),
    }
}

async fn registrar_ato(
    estado: &Estado,
    quem: &Quem,
    protocolo: &str,
    campos: &Campos,
) -> Result<u64, Falha> {
    let tipo = campo(campos, "tipo").unwrap_or_default();
    let Some(modelo) = catalogo::modelo(&tipo) else {
        return Err(Falha::no_campo(
            "tipo",
            if tipo == "pedir_urgencia" {
                "recusado (Art. 19): \"vedada a urgência\" — o pedido de urgência não é aceito"
                    .to_string()
            } else {
                format!("ato «{tipo}» desconhecido")
            },
        ));
    };
    let versao: u64 = campo(campos, "versao")
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| {
            Falha::no_campo(
                "versao",
                "falta a versão do processo sobre a qual o ato foi decidido",
            )
        })?;
    let hoje = hoje();
    let data = match campo(campos, "data").filter(|d| !d.is_empty()) {
        None => hoje,
        Some(d) => d.parse().map_err(|_| {
            Falha::no_campo(
                "data",
                format!("data «{d}» inválida; use o calendário (AAAA-MM-DD)"),
            )
        })?,
    };
    let ato = catalogo::ato_do_formulario(modelo, &|n| campo(campos, n))
        .map_err(|(c, m)| Falha::no_campo(&c, m))?;
    Falha::papel(quem.papel(), &ato)?;
    let e = crate::anexar(estado, protocolo, versao, &quem.ator(), ato, data).await?;
    Ok(e.seq)
}

pub(crate) async fn arquivo(
    State(estado): State<Estado>,
    quem: Quem,
    Path((protocolo, id)): Path<(String, i64)>,
) -> Result<Response, Falha> {
    let ator = quem.ator();
    let autos = estado.registro().carregar(&protocolo).await?;
    let lista = estado.registro().arquivos(&protocolo).await?;
    let Some(a) = lista.iter().find(|a| a.id == id) else {
        return Err(Falha::nova(StatusCode::NOT_FOUND, "arquivo não encontrado"));
    };
    // mapa e memorial são públicos (Art. 16); as assinaturas, só para quem pode retirar cópia
    // (Art. 22: o deputado tem vista, não retira; Art. 23: servidor só autorizado).
    if a.finalidade == "assinaturas" {
        autos
            .processo
            .pode(&ator, Acao::Exportar)
            .map_err(|r| Falha::proibido(format!("recusado ({}): {}", r.artigo, r.motivo)))?;
    }
    let Some((nome, bytes)) = estado
        .registro()
        .conteudo_do_arquivo(&protocolo, id)
        .await?
    else {
        return Err(Falha::nova(StatusCode::NOT_FOUND, "arquivo não encontrado"));
    };
    let seguro: String = nome
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        .collect();
    Ok((
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"{}\"",
                    if seguro.is_empty() {
                        "arquivo".into()
                    } else {
                        seguro
                    }
                ),
            ),
        ],
        bytes,
    )
        .into_response())
}

// ---------------------------------------------------------------- nova representação

pub(crate) async fn novo_form(quem: Quem) -> Result<Response, Falha> {
    Falha::protocolo(quem.exigir_conta()?.papel)?;
    Ok(pagina(&quem, "Nova representação", &form_novo(&quem, None)))
}

fn form_novo(quem: &Quem, erro: Option<&str>) -> String {
    let papel = quem.papel();
    let mut s = String::from("<h1>Nova representação (Arts. 13 a 15)</h1>");
    if let Some(e) = erro {
        s.push_str(&aviso("erro", e));
    }
    let _ = write!(
        s,
        "<form method=\"post\" action=\"/processos/novo\" enctype=\"multipart/form-data\" id=\"form-novo\">{}\
         <label for=\"tipo\">Tipo</label><select id=\"tipo\" name=\"tipo\">\
         <option value=\"criacao\">Criação de município</option><option value=\"desmembramento\">Desmembramento</option>\
         <option value=\"incorporacao\">Incorporação</option><option value=\"fusao\">Fusão</option></select>\
         <label for=\"nome\">Nome proposto (Art. 6º)</label><input id=\"nome\" name=\"nome\" type=\"text\" required maxlength=\"200\">\
         <div id=\"nome-validacao\" aria-live=\"polite\"></div>\
         <label for=\"origem\">Municípios de origem (um por linha)</label><textarea id=\"origem\" name=\"origem\" rows=\"2\" required></textarea>\
         <label for=\"representante\">Representante da comunidade</label><input id=\"representante\" name=\"representante\" type=\"text\" required maxlength=\"200\">",
        campo_csrf(quem)
    );
    if matches!(papel, Papel::Servidor | Papel::Presidente | Papel::Membro) {
        s.push_str("<label for=\"deputado\">Através do deputado (login; vazio = diretamente da comunidade)</label><input id=\"deputado\" name=\"deputado\" type=\"text\">");
    }
    let _ = write!(
        s,
        "<label for=\"titulos\">Títulos de eleitor dos que assinam (um por linha; conferidos ao digitar — Art. 13)</label>\
         <textarea id=\"titulos\" name=\"titulos\" rows=\"6\"></textarea><div id=\"titulos-validacao\" aria-live=\"polite\"></div>\
         <label for=\"assinaturas\">Número de assinaturas (se não listar os títulos)</label><input id=\"assinaturas\" name=\"assinaturas\" type=\"number\" min=\"0\" value=\"0\">\
         <fieldset><legend>Documentos que acompanham (Art. 15)</legend>{}</fieldset>\
         <label for=\"mapa\">Mapa (PDF, imagem, GeoJSON, KML, Shapefile .zip ou GeoPackage)</label><input id=\"mapa\" name=\"mapa\" type=\"file\">\
         <label for=\"memorial\">Memorial descritivo (texto no estilo SIGEF, GeoJSON ou KML)</label><input id=\"memorial\" name=\"memorial\" type=\"file\">\
         <label for=\"proposta\">Proposta (CONTRACT §2, TOML; opcional)</label><textarea id=\"proposta\" name=\"proposta\" rows=\"6\"></textarea>\
         <button type=\"submit\">Protocolar</button></form>",
        DocumentoArt15::TODOS
            .iter()
            .map(|d| {
                let codigo = serde_json::to_value(d)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default();
                format!(
                    "<label><input type=\"checkbox\" name=\"documento\" value=\"{codigo}\"> {}</label>",
                    esc(d.nome())
                )
            })
            .collect::<String>()
    );
    s
}

/// Um arquivo enviado.
pub(crate) struct Enviado {
    nome: String,
    bytes: Vec<u8>,
}

pub(crate) async fn ler_multipart(
    mut m: Multipart,
) -> Result<(Campos, HashMap<String, Enviado>), Falha> {
    let mut campos = Vec::new();
    let mut arquivos = HashMap::new();
    while let Some(parte) = m.next_field().await.map_err(|e| {
        Falha::nova(
            StatusCode::BAD_REQUEST,
            format!("formulário mal formado: {e}"),
        )
    })? {
        let nome = parte.name().unwrap_or_default().to_string();
        let arquivo = parte.file_name().map(String::from);
        let bytes = parte.bytes().await.map_err(|e| {
            Falha::nova(
                StatusCode::BAD_REQUEST,
                format!("campo {nome}: envio interrompido ({e})"),
            )
        })?;
        match arquivo {
            Some(a) if !a.is_empty() && !bytes.is_empty() => {
                arquivos.insert(
                    nome,
                    Enviado {
                        nome: a,
                        bytes: bytes.to_vec(),
                    },
                );
            }
            Some(_) => {}
            None => {
                let texto = String::from_utf8(bytes.to_vec())
                    .map_err(|_| Falha::no_campo(&nome, "o campo não é texto UTF-8"))?;
                campos.push((nome, texto));
            }
        }
    }
    Ok((campos, arquivos))
}

/// Confere os títulos (um por linha): (válidos, [(linha, mensagem)]).
pub(crate) fn conferir_titulos(texto: &str) -> (u32, Vec<(usize, String)>) {
    let mut validos = 0;
    let mut invalidos = Vec::new();
    for (i, linha) in texto.lines().enumerate() {
        let l = linha.trim();
        if l.is_empty() {
            continue;
        }
        match divisa_lei::art13_representacao::validar_titulo(l) {
            divisa_lei::art13_representacao::Titulo::Valido { .. } => validos += 1,
            divisa_lei::art13_representacao::Titulo::Invalido(m) => invalidos.push((i + 1, m)),
        }
    }
    (validos, invalidos)
}

pub(crate) async fn novo(
    State(estado): State<Estado>,
    quem: Quem,
    multipart: Multipart,
) -> Result<Response, Falha> {
    let (campos, arquivos) = ler_multipart(multipart).await?;
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    let u = quem.exigir_conta()?.clone();
    Falha::protocolo(u.papel)?;
    let erro = |m: String| -> Result<Response, Falha> {
        let mut r = pagina(&quem, "Nova representação", &form_novo(&quem, Some(&m)));
        *r.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
        Ok(r)
    };
    let tipo = match TipoProcesso::de_codigo(&campo(&campos, "tipo").unwrap_or_default()) {
        Ok(t) => t,
        Err(m) => return erro(format!("campo tipo: {m}")),
    };
    let origem: Vec<String> = campo(&campos, "origem")
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let titulos = campo(&campos, "titulos").unwrap_or_default();
    let (validos, invalidos) = conferir_titulos(&titulos);
    if let Some((linha, m)) = invalidos.first() {
        return erro(format!(
            "campo títulos, linha {linha}: {m} ({} título(s) inválido(s) no total)",
            invalidos.len()
        ));
    }
    let declaradas = match campo(&campos, "assinaturas").map(|v| v.trim().to_string()) {
        None => 0,
        Some(v) if v.is_empty() => 0,
        Some(v) => match v.parse::<u32>() {
            Ok(n) => n,
            Err(_) => return erro(format!("campo assinaturas: «{v}» não é um número inteiro")),
        },
    };
    let assinaturas = if validos > 0 { validos } else { declaradas };
    let deputado = campo(&campos, "deputado")
        .map(|d| d.trim().to_string())
        .filter(|d| !d.is_empty());
    let via = match u.papel {
        Papel::Deputado => Via::Deputado {
            id: u.login.clone(),
        },
        Papel::Representante => Via::Comunidade,
        _ => deputado.map_or(Via::Comunidade, |id| Via::Deputado { id }),
    };
    let mut documentos = Vec::new();
    for (k, v) in &campos {
        if k == "documento" {
            match serde_json::from_value::<DocumentoArt15>(serde_json::Value::String(v.clone())) {
                Ok(d) if !documentos.contains(&d) => documentos.push(d),
                Ok(_) => {}
                Err(_) => {
                    return erro(format!(
                        "campo documento: «{v}» não é um documento do Art. 15"
                    ))
                }
            }
        }
    }
    let proposta = campo(&campos, "proposta").filter(|p| !p.trim().is_empty());
    if let Some(texto) = &proposta {
        if let Err(e) =
            divisa_avaliacao::ler_confinado("proposta", texto, crate::SEM_ARQUIVOS.as_ref())
        {
            return erro(format!("{e}"));
        }
    }
    let agora = jiff::Timestamp::now();
    let recibo = estado
        .registro()
        .protocolar(
            &quem.ator(),
            NovaRepresentacao {
                tipo,
                nome: campo(&campos, "nome").unwrap_or_default(),
                municipios_origem: origem,
                via,
                representante: campo(&campos, "representante").unwrap_or_default(),
                assinaturas,
                documentos,
                proposta,
            },
            hoje(),
            agora,
        )
        .await;
    let recibo = match recibo {
        Ok(r) => r,
        Err(divisa_registro::ErroRegistro::Recusado(r)) => {
            return erro(format!("recusado ({}): {}", r.artigo, r.motivo))
        }
        Err(e) => return Err(e.into()),
    };
    let protocolo = recibo.protocolo.as_str().to_string();
    let mut guardados = Vec::new();
    for (finalidade, a) in [
        ("mapa", arquivos.get("mapa")),
        ("memorial", arquivos.get("memorial")),
    ] {
        if let Some(a) = a {
            let h = contas::sha256_hex(&a.bytes);
            estado
                .registro()
                .guardar_arquivo(
                    &protocolo, &a.nome, finalidade, &h, &a.bytes, &u.login, agora,
                )
                .await?;
            guardados.push(format!("{finalidade}: {} (SHA-256 {h})", a.nome));
        }
    }
    if validos > 0 {
        let h = contas::sha256_hex(titulos.as_bytes());
        estado
            .registro()
            .guardar_arquivo(
                &protocolo,
                "titulos.txt",
                "assinaturas",
                &h,
                titulos.as_bytes(),
                &u.login,
                agora,
            )
            .await?;
    }
    let mut s = format!(
        "<h1>Representação protocolada</h1>{}<pre id=\"recibo\">{}</pre>",
        aviso("ok", &format!("Protocolo nº {protocolo}")),
        esc(&recibo.texto())
    );
    if !guardados.is_empty() {
        s.push_str("<p>Arquivos guardados com o processo:</p><ul>");
        for g in guardados {
            let _ = write!(s, "<li>{}</li>", esc(&g));
        }
        s.push_str("</ul>");
    }
    let _ = write!(
        s,
        "<p><a href=\"{}\">Ir para o processo</a></p>",
        esc(&caminho_do_processo(&protocolo))
    );
    Ok(pagina(&quem, "Recibo de protocolo", &s))
}

// ---------------------------------------------------------------- avaliar

/// A proposta de exemplo que a página de avaliação traz preenchida.
pub(crate) const EXEMPLO: &str = include_str!("../../../exemplos/criacao.toml");

pub(crate) async fn avaliar_form(quem: Quem) -> Response {
    pagina(
        &quem,
        "Avaliar proposta",
        &form_avaliar(&quem, &|_| None, EXEMPLO, "", None),
    )
}

fn form_avaliar(
    quem: &Quem,
    campos: &dyn Fn(&str) -> Option<String>,
    proposta: &str,
    em: &str,
    relatorio: Option<String>,
) -> String {
    format!(
        "<h1>Avaliar uma proposta</h1><p>Preencha o formulário, escreva ou cole a proposta (formato do CONTRACT §2) ou envie o arquivo; \
         mude um número ou o limite e o relatório é refeito na hora.</p>\
         <div class=\"duas-colunas\"><div><form method=\"post\" action=\"/avaliar\" enctype=\"multipart/form-data\" id=\"form-campos\">{}\
         <input type=\"hidden\" name=\"modo\" value=\"formulario\">{}</form>\
         <form method=\"post\" action=\"/avaliar\" enctype=\"multipart/form-data\" id=\"form-avaliar\">{}\
         <label for=\"proposta\">Proposta (TOML)</label><textarea class=\"proposta\" id=\"proposta\" name=\"proposta\" spellcheck=\"false\">{}</textarea>\
         <label for=\"arquivo\">ou o arquivo da proposta</label><input id=\"arquivo\" name=\"arquivo\" type=\"file\" accept=\".toml\">\
         <label for=\"area\">Arquivo do território citado em <code>area = …</code> (GeoJSON, KML, memorial .txt, Shapefile .zip, GeoPackage)</label><input id=\"area\" name=\"area\" type=\"file\">\
         <label for=\"em\">Texto da lei em vigor em (vazio: a data da proposta ou hoje)</label><input id=\"em\" name=\"em\" type=\"date\" value=\"{}\">\
         <button type=\"submit\">Avaliar</button></form></div>\
         <section><h2>Relatório</h2><div id=\"relatorio\" aria-live=\"polite\">{}</div></section></div>",
        campo_csrf(quem),
        crate::formulario::html(campos),
        campo_csrf(quem),
        esc(proposta),
        esc(em),
        relatorio.unwrap_or_else(|| "<p>Envie a proposta para ver o relatório.</p>".into())
    )
}

/// Avalia uma proposta vinda de um formulário (texto ou arquivo, e o arquivo do território).
pub(crate) fn avaliar_envio(
    campos: &Campos,
    arquivos: &HashMap<String, Enviado>,
) -> Result<(divisa_lei::Avaliacao, divisa_avaliacao::Proposta), String> {
    let proposta = match arquivos.get("arquivo") {
        Some(a) => String::from_utf8(a.bytes.clone())
            .map_err(|_| format!("{}: a proposta não é texto UTF-8", a.nome))?,
        None if campo(campos, "modo").as_deref() == Some("formulario") => {
            crate::formulario::proposta(&|n| campo(campos, n))?
        }
        None => campo(campos, "proposta").unwrap_or_default(),
    };
    let em = match campo(campos, "em").filter(|e| !e.trim().is_empty()) {
        None => None,
        Some(e) => Some(
            e.trim()
                .parse::<jiff::civil::Date>()
                .map_err(|_| format!("campo em: «{e}» não é uma data (AAAA-MM-DD)"))?,
        ),
    };
    avaliar_texto(
        &proposta,
        em,
        arquivos
            .get("area")
            .map(|a| (a.nome.as_str(), a.bytes.as_slice())),
    )
}

/// Avalia `proposta` (TOML); `area`, se houver, é o arquivo citado em `area = "…"`.
pub(crate) fn avaliar_texto(
    proposta: &str,
    em: Option<jiff::civil::Date>,
    area: Option<(&str, &[u8])>,
) -> Result<(divisa_lei::Avaliacao, divisa_avaliacao::Proposta), String> {
    // O arquivo do território vai para um diretório temporário só deste pedido, com o nome
    // com que veio (é por ele que a proposta o cita); o diretório some ao fim.
    let temporario = match area {
        None => None,
        Some((nome, bytes)) => {
            let nome = std::path::Path::new(nome)
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .filter(|n| !n.starts_with('.'))
                .ok_or_else(|| "arquivo do território sem nome".to_string())?;
            let dir = std::env::temp_dir().join(format!("divisa-web-{}", contas::token()));
            std::fs::create_dir_all(&dir).map_err(|e| format!("diretório temporário: {e}"))?;
            std::fs::write(dir.join(&nome), bytes).map_err(|e| format!("arquivo {nome}: {e}"))?;
            Some(Temporario(dir))
        }
    };
    let dir = temporario
        .as_ref()
        .map_or(std::path::Path::new(crate::SEM_ARQUIVOS), |t| t.0.as_path());
    let lida =
        divisa_avaliacao::ler_confinado("proposta", proposta, dir).map_err(|e| e.to_string())?;
    let data = em.or(lida.data_referencia).unwrap_or_else(hoje);
    let a = divisa_lei::avaliar(&lida.fatos, data).map_err(|e| e.to_string())?;
    Ok((a, lida))
}

/// O relatório em HTML para a página: o mapa da proposta (SVG) e os achados. Só quem mostra
/// a página paga o mapa; a API em JSON não o desenha.
pub(crate) fn fragmento(a: &divisa_lei::Avaliacao, lida: &divisa_avaliacao::Proposta) -> String {
    let html = achados_html(a);
    match divisa_avaliacao::mapa::da_proposta(lida) {
        // o SVG do território escapa os nomes (divisa_territorio::mapa)
        Some(svg) => format!("<figure class=\"mapa\">{svg}<figcaption>Malha Municipal 2022 (IBGE)</figcaption></figure>{html}"),
        None => html,
    }
}

struct Temporario(std::path::PathBuf);
impl Drop for Temporario {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(crate) async fn avaliar(quem: Quem, multipart: Multipart) -> Result<Response, Falha> {
    let (campos, arquivos) = ler_multipart(multipart).await?;
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    // com o formulário, a proposta mostrada é a montada dos campos
    let texto = if campo(&campos, "modo").as_deref() == Some("formulario") {
        crate::formulario::proposta(&|n| campo(&campos, n)).unwrap_or_default()
    } else {
        campo(&campos, "proposta").unwrap_or_default()
    };
    let em = campo(&campos, "em").unwrap_or_default();
    let (relatorio, status) = match avaliar_envio(&campos, &arquivos) {
        Ok((a, lida)) => (fragmento(&a, &lida), StatusCode::OK),
        Err(e) => (aviso("erro", &e), StatusCode::UNPROCESSABLE_ENTITY),
    };
    let mut r = pagina(
        &quem,
        "Avaliar proposta",
        &form_avaliar(&quem, &|n| campo(&campos, n), &texto, &em, Some(relatorio)),
    );
    *r.status_mut() = status;
    Ok(r)
}

// ---------------------------------------------------------------- a lei

pub(crate) async fn lei(
    quem: Quem,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let lei = divisa_lei::texto::lei()
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let hoje = hoje();
    let data = match q.get("em").filter(|e| !e.is_empty()) {
        None => hoje,
        Some(e) => e
            .parse()
            .map_err(|_| Falha::no_campo("em", format!("«{e}» não é uma data (AAAA-MM-DD)")))?,
    };
    let mut s = format!(
        "<h1>{}</h1><p>{}</p><form method=\"get\" action=\"/lei\"><label for=\"em\">Texto em vigor em</label>\
         <input id=\"em\" name=\"em\" type=\"date\" value=\"{data}\" min=\"{}\"><button type=\"submit\">Mostrar</button></form>\
         <p>Texto compilado em vigor em <strong>{}</strong>. Normas: {}.</p>",
        esc(&lei.epigrafe),
        esc(&lei.ementa),
        lei.vigencia(),
        fmt_data(data),
        lei.normas()
            .iter()
            .map(|n| format!("{} (vigência {})", esc(&n.nome), fmt_data(n.vigencia)))
            .collect::<Vec<_>>()
            .join("; ")
    );
    if data < lei.vigencia() {
        s.push_str(&aviso(
            "erro",
            &format!("a lei só entrou em vigor em {}", fmt_data(lei.vigencia())),
        ));
        return Ok(pagina(&quem, "A lei", &s));
    }
    for d in lei.dispositivos() {
        let Some(v) = d.em(data) else { continue };
        let (texto, marca) = match v {
            divisa_lei::texto::EmVigor::Texto(r) => {
                let norma = lei.norma(r);
                let marca = if norma.id == lei.normas()[0].id {
                    String::new()
                } else if r.acrescentado {
                    format!(
                        "<span class=\"emenda\">acrescentado pela {}</span>",
                        esc(&norma.nome)
                    )
                } else {
                    format!(
                        "<span class=\"emenda\">redação dada pela {}</span>",
                        esc(&norma.nome)
                    )
                };
                (r.texto.clone().unwrap_or_default(), marca)
            }
            divisa_lei::texto::EmVigor::NaoDisponivel(r) => (
                "(redação em vigor nesta data não encontrada)".into(),
                format!("<span class=\"emenda\">{}</span>", esc(&lei.norma(r).nome)),
            ),
            divisa_lei::texto::EmVigor::Inexistente(_) => continue,
        };
        let _ = write!(
            s,
            "<div class=\"dispositivo\" id=\"{}\"><span class=\"rotulo\">{}</span> {} {}",
            esc(&d.id),
            esc(&d.rotulo),
            esc(&texto),
            marca
        );
        if d.redacoes.len() > 1 {
            s.push_str("<details class=\"historico\"><summary>outras redações</summary><ul>");
            for r in &d.redacoes {
                let _ = write!(
                    s,
                    "<li>{} (desde {}): {}</li>",
                    esc(&lei.norma(r).nome),
                    fmt_data(r.vigente_desde),
                    esc(r.texto.as_deref().unwrap_or("(texto não encontrado)"))
                );
            }
            s.push_str("</ul></details>");
        }
        s.push_str("</div>");
    }
    Ok(pagina(&quem, "A lei", &s))
}

// ---------------------------------------------------------------- municípios

pub(crate) async fn municipios(quem: Quem) -> Result<Response, Falha> {
    let mt = divisa_referencia::mt()
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let mut s = String::from(
        "<h1>Municípios de Mato Grosso</h1><div class=\"mapa-web\" id=\"mapa\"></div><div class=\"tabela\"><table><tr><th>Município</th><th>Código IBGE</th><th class=\"num\">População (Censo 2022)</th><th class=\"num\">Eleitores (2024)</th></tr>",
    );
    for m in mt.municipios() {
        let _ = write!(
            s,
            "<tr><td><a href=\"/municipios/{}\">{}</a></td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            m.codigo_ibge,
            esc(&m.nome),
            m.codigo_ibge,
            m.populacao_2022.map_or("—".into(), |d| inteiro(i64::from(d.valor))),
            m.eleitores_2024.map_or("—".into(), |d| inteiro(i64::from(d.valor)))
        );
    }
    s.push_str("</table></div>");
    Ok(pagina(&quem, "Municípios", &s))
}

pub(crate) async fn municipio(quem: Quem, Path(codigo): Path<String>) -> Result<Response, Falha> {
    let mt = divisa_referencia::mt()
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let m = match mt.buscar(&codigo) {
        divisa_referencia::mt::Busca::Encontrado(m) => m,
        divisa_referencia::mt::Busca::NaoEncontrado { .. } => {
            return Err(Falha::nova(
                StatusCode::NOT_FOUND,
                format!("«{codigo}» não é código IBGE nem nome de município de Mato Grosso"),
            ))
        }
    };
    let s = format!(
        "<h1>{}</h1><div class=\"mapa-web\" id=\"mapa\" data-camada=\"/api/municipios/{}/limite.geojson\"></div><pre>{}</pre>",
        esc(&m.nome),
        m.codigo_ibge,
        esc(&crate::texto::ficha_do_municipio(m))
    );
    Ok(pagina(&quem, &m.nome, &s))
}

/// Um documento oficial do processo, escrito da proposta anexada (Comissão e Casa: Arts. 22 e
/// 23).
pub(crate) async fn documento(
    State(estado): State<Estado>,
    quem: Quem,
    Path((protocolo, tipo)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let autos = estado.registro().carregar(&protocolo).await?;
    autos
        .processo
        .pode(&quem.ator(), Acao::VerCompleto)
        .map_err(|r| Falha::proibido(format!("recusado ({}): {}", r.artigo, r.motivo)))?;
    let Some(t) = divisa_documentos::Tipo::de_codigo(&tipo) else {
        return Err(Falha::nova(
            StatusCode::NOT_FOUND,
            format!("documento «{tipo}» desconhecido"),
        ));
    };
    let Some(texto) = &autos.processo.proposta else {
        return Err(Falha::nova(
            StatusCode::NOT_FOUND,
            "o processo não tem proposta anexada: os documentos são escritos dela",
        ));
    };
    let nome = format!("proposta anexada ao processo {protocolo}");
    let proposta = divisa_avaliacao::ler_confinado(&nome, texto, crate::SEM_ARQUIVOS.as_ref())
        .map_err(|e| Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    let data = hoje();
    let avaliacao = divisa_lei::avaliar(&proposta.fatos, data)
        .map_err(|e| Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    let caso = divisa_documentos::Caso {
        proposta: &proposta,
        avaliacao: &avaliacao,
        protocolo: Some(&protocolo),
        data,
    };
    let doc = match t {
        divisa_documentos::Tipo::Oficio => Ok(divisa_documentos::oficios(
            &caso,
            &autos
                .processo
                .tipo
                .orgaos_certificadores()
                .iter()
                .copied()
                .filter(|o| *o != divisa_processo::Orgao::Comissao)
                .collect::<Vec<_>>(),
        )),
        divisa_documentos::Tipo::Parecer => Ok(divisa_documentos::parecer_de_merito(&caso)),
        divisa_documentos::Tipo::DecretoLegislativo => {
            divisa_documentos::decreto_legislativo(&caso)
        }
        divisa_documentos::Tipo::ProjetoDeLei => divisa_documentos::projeto_de_lei(&caso),
        divisa_documentos::Tipo::RelatorioTecnico => divisa_documentos::relatorio_tecnico(&caso),
        divisa_documentos::Tipo::ParecerPreliminar => {
            divisa_documentos::parecer_preliminar(&caso, &autos.processo, &autos.eventos)
        }
        divisa_documentos::Tipo::ParecerResultado => {
            divisa_documentos::parecer_do_resultado(&caso, &autos.processo)
        }
    }
    .map_err(|e| Falha::nova(StatusCode::UNPROCESSABLE_ENTITY, e))?;
    if q.get("formato").is_some_and(|f| f == "html") {
        return Ok(axum::response::Html(divisa_documentos::html(&doc)).into_response());
    }
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "inline; filename=\"{}-{}.pdf\"",
                    t.codigo(),
                    protocolo.replace(['/', '.'], "-")
                ),
            ),
        ],
        divisa_documentos::pdf(&doc),
    )
        .into_response())
}
