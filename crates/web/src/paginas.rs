//! As páginas: login, painel, processos, o processo e os seus documentos, e o portal público
//! (a nova representação, a avaliação e as consultas têm módulos próprios). Cada uma confere o
//! papel no servidor; o que o papel não pode fazer nem aparece nem é aceito.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use divisa_processo::prazos::Situacao;
use divisa_processo::{corte_eleitoral, Acao, DocumentoArt15, Fase, Permissao, TipoProcesso, Via};
use divisa_referencia::formato::{data as fmt_data, inteiro};

use crate::contas::Quem;
use crate::html::{aviso, esc, pagina};
use crate::{caminho_do_processo, catalogo, Estado, Falha};

pub(crate) type Campos = Vec<(String, String)>;

pub(crate) fn campo(campos: &Campos, nome: &str) -> Option<String> {
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

// ---------------------------------------------------------------- painel

pub(crate) async fn painel(State(estado): State<Estado>, quem: Quem) -> Result<Response, Falha> {
    let Some(usuario) = &quem.usuario else {
        return Ok(Redirect::to("/publico").into_response());
    };
    let hoje = estado.hoje();
    let processos = estado.registro().listar().await?;
    let mut s = format!(
        "<h1>Painel</h1><p>{}, {} — {}</p>",
        esc(&usuario.nome),
        esc(usuario.cargo_exibido()),
        fmt_data(hoje)
    );
    // o que espera por quem entrou, conforme o papel (issue 17)
    s.push_str(&crate::mesa::mesa(&estado, usuario, &processos, hoje).await?);

    // o próximo corte eleitoral (Art. 3º)
    if let Some((eleicao, corte)) = corte_eleitoral(hoje) {
        let sujeitos = estado.registro().sujeitos_ao_art3().await?;
        let _ = write!(
            s,
            "<div class=\"cartao\" id=\"corte\"><strong>Próximo corte eleitoral (Art. 3º)</strong><br>\
             Para vigorar na eleição de {}, a lei de criação precisa ser publicada até <strong>{}</strong>: \
             faltam <span data-ate=\"{}\">{} dias</span>. {} ao corte.</div>",
            fmt_data(eleicao),
            fmt_data(corte),
            corte,
            inteiro(i64::from(divisa_processo::prazos::dias_entre(hoje, corte))),
            if sujeitos == 1 { "1 processo em andamento sujeito".to_owned() } else { format!("{} em andamento sujeitos", divisa_referencia::formato::plural(sujeitos as u64, "processo", "processos")) }
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
    // o órgão certificador vê os prazos dele, não os dos outros órgãos (issue 17)
    let alertas: Vec<_> = estado
        .registro()
        .alertas(hoje)
        .await?
        .into_iter()
        .filter(|a| usuario.papel.orgao().is_none_or(|o| a.pendencia.orgao == o))
        .collect();
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
        "<h2>Processos</h2><div class=\"tabela\"><table class=\"cartoes-no-celular\"><tr class=\"cabecalho\"><th scope=\"col\">Protocolo</th><th scope=\"col\">Nome</th><th scope=\"col\">Tipo</th><th scope=\"col\">Fase</th><th scope=\"col\">Último ato</th></tr>",
    );
    for p in processos {
        let _ =
            write!(
            s,
            "<tr><td data-rotulo=\"Protocolo\"><a href=\"{}\">{}</a></td><td data-rotulo=\"Nome\">{}</td><td data-rotulo=\"Tipo\">{}</td><td data-rotulo=\"Fase\">{}</td><td data-rotulo=\"Último ato\">{}</td></tr>",
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

/// Processos por página na lista.
const POR_PAGINA: usize = 25;

/// `GET /processos`: a lista, com busca (protocolo, nome ou município de origem), filtros (tipo,
/// fase, prazo) e páginas de 25; o formulário é GET, e o endereço guarda a busca (issue 17).
pub(crate) async fn processos(
    State(estado): State<Estado>,
    quem: Quem,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, Falha> {
    let todos = estado.registro().listar().await?;
    let valor = |n: &str| q.get(n).map(|v| v.trim().to_owned()).unwrap_or_default();
    let (busca, tipo, fase, prazo) = (valor("q"), valor("tipo"), valor("fase"), valor("prazo"));
    let chave = divisa_referencia::nomes::chave(&busca);
    // o município de origem está no processo, não no resumo: só carrega se a busca pedir
    let mut origens: HashMap<String, String> = HashMap::new();
    if !chave.is_empty() {
        let ator = quem.ator();
        for r in &todos {
            if let Ok((p, _)) = estado
                .registro()
                .eventos_visiveis(&r.protocolo, &ator)
                .await
            {
                origens.insert(
                    r.protocolo.clone(),
                    divisa_referencia::nomes::chave(&p.municipios_origem.join(" ")),
                );
            }
        }
    }
    let com_prazo: std::collections::BTreeSet<(String, bool)> = if prazo.is_empty() {
        Default::default()
    } else {
        estado
            .registro()
            .alertas(estado.hoje())
            .await?
            .into_iter()
            .map(|a| {
                let vencido = matches!(a.alerta.situacao, Some(Situacao::Vencido { .. }));
                (a.protocolo, vencido)
            })
            .collect()
    };
    let filtrados: Vec<&divisa_registro::Resumo> = todos
        .iter()
        .filter(|r| {
            chave.is_empty()
                || r.protocolo.contains(busca.as_str())
                || divisa_referencia::nomes::chave(&r.nome).contains(&chave)
                || origens
                    .get(&r.protocolo)
                    .is_some_and(|o| o.contains(&chave))
        })
        .filter(|r| tipo.is_empty() || r.tipo == tipo)
        .filter(|r| fase.is_empty() || r.fase.codigo() == fase)
        .filter(|r| match prazo.as_str() {
            "vencido" => com_prazo.contains(&(r.protocolo.clone(), true)),
            "pendente" => com_prazo.iter().any(|(p, _)| *p == r.protocolo),
            _ => true,
        })
        .collect();
    let paginas = filtrados.len().div_ceil(POR_PAGINA).max(1);
    let pagina_atual = q
        .get("pagina")
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(1)
        .clamp(1, paginas);
    let mostrados: Vec<divisa_registro::Resumo> = filtrados
        .iter()
        .skip((pagina_atual - 1) * POR_PAGINA)
        .take(POR_PAGINA)
        .map(|r| (*r).clone())
        .collect();

    let mut s = String::from("<h1>Processos</h1>");
    let opcao = |valor: &str, rotulo: &str, atual: &str| {
        format!(
            "<option value=\"{}\"{}>{}</option>",
            esc(valor),
            if valor == atual { " selected" } else { "" },
            esc(rotulo)
        )
    };
    let mut tipos = opcao("", "todos os tipos", &tipo);
    for t in [
        TipoProcesso::Criacao,
        TipoProcesso::Desmembramento,
        TipoProcesso::Fusao,
        TipoProcesso::Incorporacao,
    ] {
        tipos.push_str(&opcao(t.codigo(), t.nome(), &tipo));
    }
    let mut fases = opcao("", "todas as fases", &fase);
    for f in Fase::TODAS {
        fases.push_str(&opcao(f.codigo(), f.nome(), &fase));
    }
    let prazos = [
        opcao("", "com ou sem prazo", &prazo),
        opcao("pendente", "com prazo ou pendência", &prazo),
        opcao("vencido", "com prazo vencido", &prazo),
    ]
    .concat();
    let _ = write!(
        s,
        "<form method=\"get\" action=\"/processos\" class=\"filtros\" role=\"search\">\
         <label for=\"busca\">Buscar</label><input id=\"busca\" name=\"q\" type=\"search\" value=\"{}\" placeholder=\"protocolo, nome ou município de origem\">\
         <label for=\"filtro-tipo\">Tipo</label><select id=\"filtro-tipo\" name=\"tipo\">{tipos}</select>\
         <label for=\"filtro-fase\">Fase</label><select id=\"filtro-fase\" name=\"fase\">{fases}</select>\
         <label for=\"filtro-prazo\">Prazo</label><select id=\"filtro-prazo\" name=\"prazo\">{prazos}</select>\
         <button type=\"submit\">Filtrar</button> <a href=\"/processos\">Limpar</a></form>",
        esc(&busca)
    );
    let _ = write!(
        s,
        "<p role=\"status\">{} de {}{}.</p>",
        divisa_referencia::formato::plural(
            filtrados.len() as u64,
            "processo encontrado",
            "processos encontrados"
        ),
        inteiro(todos.len() as i64),
        if paginas > 1 {
            format!(" · página {pagina_atual} de {paginas}")
        } else {
            String::new()
        }
    );
    s.push_str(&tabela_de_processos(&mostrados).replacen("<h2>Processos</h2>", "", 1));
    if paginas > 1 {
        let mut base: Vec<(String, String)> = [
            ("q", &busca),
            ("tipo", &tipo),
            ("fase", &fase),
            ("prazo", &prazo),
        ]
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| (k.to_owned(), v.clone()))
        .collect();
        let endereco = |n: usize, base: &mut Vec<(String, String)>| {
            base.retain(|(k, _)| k != "pagina");
            base.push(("pagina".into(), n.to_string()));
            let consulta = base
                .iter()
                .map(|(k, v)| format!("{k}={}", crate::codificar_url(v)))
                .collect::<Vec<_>>()
                .join("&");
            format!("/processos?{consulta}")
        };
        s.push_str("<nav class=\"paginacao\" aria-label=\"Páginas\"><ul>");
        if pagina_atual > 1 {
            let _ = write!(
                s,
                "<li><a href=\"{}\" rel=\"prev\">Anterior</a></li>",
                esc(&endereco(pagina_atual - 1, &mut base))
            );
        }
        for n in 1..=paginas {
            if n == pagina_atual {
                let _ = write!(s, "<li><span aria-current=\"page\">{n}</span></li>");
            } else {
                let _ = write!(
                    s,
                    "<li><a href=\"{}\">{n}</a></li>",
                    esc(&endereco(n, &mut base))
                );
            }
        }
        if pagina_atual < paginas {
            let _ = write!(
                s,
                "<li><a href=\"{}\" rel=\"next\">Próxima</a></li>",
                esc(&endereco(pagina_atual + 1, &mut base))
            );
        }
        s.push_str("</ul></nav>");
    }
    Ok(pagina(&quem, "Processos", &s))
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
    let registrado = q.get("registrado").and_then(|v| v.parse::<u64>().ok());
    let ok = q
        .get("assinado")
        .filter(|v| v.parse::<u64>().is_ok())
        .map(|_| {
            "Documento assinado: a versão assinada está em «Documentos emitidos», abaixo."
                .to_owned()
        });
    pagina_do_processo(&estado, &quem, &protocolo, registrado, ok, None, None).await
}

/// A página de um processo; `registrado`: o número do ato que acabou de ser gravado (a página
/// diz o que ele fez).
async fn pagina_do_processo(
    estado: &Estado,
    quem: &Quem,
    protocolo: &str,
    registrado: Option<u64>,
    ok: Option<String>,
    erro: Option<String>,
    enviado: Option<&Campos>,
) -> Result<Response, Falha> {
    let ator = quem.ator();
    let hoje = estado.hoje();
    let (p, eventos) = estado.registro().eventos_visiveis(protocolo, &ator).await?;
    let completo = p.pode(&ator, Acao::VerCompleto).is_ok();
    let endereco = caminho_do_processo(protocolo);
    // pessoas por nome e cargo, nunca pelo login
    let pessoas = estado.pessoas().await;
    let mut s = format!(
        "<h1>{}</h1><p><strong>Processo {}</strong> — {} · fase: <strong>{}</strong></p>",
        esc(&p.nome),
        esc(protocolo),
        esc(p.tipo.nome()),
        esc(p.fase.nome())
    );
    // o ato que acabou de ser gravado, pelo que ele fez (não só "ato 12")
    if let Some(n) = registrado {
        let m = match eventos.iter().find(|e| e.seq == n) {
            Some(e) => format!(
                "Registrado nos autos (ato nº {n}): {}.",
                crate::texto::resumo_do_ato(&e.ato).trim_end_matches('.')
            ),
            None => format!("Registrado nos autos (ato nº {n})."),
        };
        s.push_str(&aviso("ok", &m));
    }
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
         <div class=\"cartao\">Apresentada<br><strong>{}</strong></div></div>",
        fmt_data(p.protocolado_em),
        esc(&p.municipios_origem.join(", ")),
        inteiro(i64::from(p.assinaturas)),
        match &p.via {
            Via::Deputado { id } => format!(
                "por intermédio de {}",
                esc(pessoas
                    .get(id)
                    .map_or("deputado(a) estadual (nome não cadastrado)", String::as_str))
            ),
            Via::Comunidade => "pela própria comunidade".into(),
        }
    );

    // o mapa
    let _ = write!(
        s,
        "<h2>Mapa</h2><div class=\"mapa-web\" id=\"mapa\" role=\"region\" data-camada=\"/api{}/mapa.geojson\" aria-label=\"Mapa dos municípios de origem e da área proposta\"></div>",
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
                    Some(divisa_processo::Resposta::Emitida {
                        numero,
                        em,
                        dados,
                        signatario,
                        conteudo,
                    }) => {
                        let mut t = format!(
                            "<span class=\"sim\">certidão {} em {}</span>",
                            esc(numero),
                            fmt_data(*em)
                        );
                        let o_que = dados.descricao();
                        if !o_que.is_empty() {
                            let _ = write!(t, "<br>certifica: {}", esc(&o_que));
                        }
                        if !signatario.is_empty() {
                            let _ = write!(t, "<br>assinada por {}", esc(signatario));
                        }
                        if !conteudo.is_empty() {
                            let _ = write!(t, "<br><small>{}</small>", esc(conteudo));
                        }
                        t
                    }
                    Some(divisa_processo::Resposta::Recusada { motivo, em }) => format!(
                        "<span class=\"nao_atende\">recusada em {} (Art. 9º)</span><br>motivo: {}",
                        fmt_data(*em),
                        esc(motivo)
                    ),
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
        (None, _) => s.push_str("<p>A proposta da representação (o território e os números declarados) ainda não foi juntada aos autos; quem pode juntar documentos a junta com o ato «Juntar a proposta da representação».</p>"),
        (Some(_), false) => s.push_str(
            "<p>A proposta juntada traz títulos de eleitor: a avaliação completa fica com a Comissão e os deputados (Arts. 22 e 23).</p>",
        ),
        (Some(_), true) => {
            let arquivos = divisa_autos::arquivos_para_avaliar(estado.registro(), &p, &eventos).await?;
            // medir o território e avaliar fora dos trabalhadores assíncronos (crate::oficina)
            let processo = p.clone();
            let html = estado
                .oficina()
                .executar(quem.endereco.map(|e| e.ip()), move || {
                    avaliacao_dos_autos(&processo, &arquivos, hoje)
                })
                .await
                .unwrap_or_else(|f| aviso("erro", &f.mensagem));
            s.push_str(&html)
        }
    }

    // o órgão certificador vê o ofício que lhe foi dirigido (Art. 2º, § 3º)
    if let Some(o) = ator.papel.orgao() {
        if p.requisicoes.contains_key(&o) && p.proposta.is_some() {
            let _ = write!(
                s,
                "<h2>Ofício {}</h2><p><a href=\"{}/documentos/oficio?orgao={}\">Ofício em PDF</a> (o documento emitido, conferível em <a href=\"/verificar\">Verificar documento</a>) · <a href=\"{}/documentos/oficio?orgao={}&amp;formato=html\">HTML</a> (para ler na tela)</p>",
                esc(&o.ao_orgao()),
                esc(&endereco),
                o.codigo(),
                esc(&endereco),
                o.codigo()
            );
        }
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
                D::ProjetoDeLei,
            ],
            // Art. 4º: a fusão dispensa o Art. 2º — não há ofício aos órgãos certificadores
            // (divisa_documentos::cabimento)
            TipoProcesso::Fusao => vec![D::Parecer, D::DecretoLegislativo, D::ProjetoDeLei],
            TipoProcesso::Incorporacao => vec![
                D::Oficio,
                D::Parecer,
                D::DecretoLegislativo,
                D::ProjetoDeLei,
            ],
        };
        if p.visita.is_some() {
            tipos.push(divisa_documentos::Tipo::ParecerPreliminar);
        }
        if p.plebiscito.is_some() {
            tipos.push(divisa_documentos::Tipo::ParecerResultado);
        }
        // um ofício por órgão, cada um com o seu número e o seu código (Art. 2º, § 3º)
        let mut itens: Vec<(String, String)> = Vec::new();
        for t in tipos {
            if t == D::Oficio {
                for o in divisa_documentos::orgaos_oficiados(&p) {
                    itens.push((
                        format!("Ofício {} (Art. 2º, § 3º)", o.ao_orgao()),
                        format!("oficio?orgao={}&", o.codigo()),
                    ));
                }
            } else {
                itens.push((t.nome().to_owned(), format!("{}?", t.codigo())));
            }
        }
        for (nome, alvo) in itens {
            let href = format!("{endereco}/documentos/{alvo}");
            let _ = write!(
                s,
                "<li>{} — <a href=\"{}\">PDF</a> · <a href=\"{}formato=html\">HTML (rascunho)</a> · <a href=\"{}formato=odt\">ODT (rascunho editável)</a></li>",
                esc(&nome),
                esc(href.trim_end_matches(['?', '&'])),
                esc(&href),
                esc(&href)
            );
        }
        s.push_str("</ul><p class=\"historico\">O PDF é o documento emitido: fica registrado, em seu nome, quando você o baixa, e traz o número do processo e um código de verificação com que qualquer pessoa o confere em <a href=\"/verificar\">Verificar documento</a>. O HTML e o ODT são rascunhos para ler e editar: não são registrados e não conferem.</p>");
    }

    // os documentos emitidos e as suas versões assinadas; quem assina, assina aqui (issue 16)
    if completo {
        s.push_str(&crate::assinar::secao(estado, quem, protocolo).await?);
    }

    // os autos inteiros, para retirar cópia (Art. 22) ou na versão pública (Art. 16)
    let integral = p.pode(&ator, Acao::Exportar).is_ok();
    s.push_str("<h2>Os autos</h2><ul>");
    if integral {
        let _ = write!(
            s,
            "<li><a href=\"{0}/documentos/autos\">Autos do processo em PDF</a> (capa, índice das peças com as páginas, cada ato, a lei aplicada)</li>\
             <li><a href=\"{0}/autos.zip\">Pacote dos autos (.zip)</a>: o PDF, os arquivos dos atos, os eventos como gravados e um verificador da cadeia de hashes que roda sem o divisa</li>",
            esc(&endereco)
        );
    }
    let _ = write!(
        s,
        "<li><a href=\"{}/autos.zip?versao=publica\">Versão pública dos autos (.zip)</a> (Art. 16: sem os atos internos, as assinaturas e a avaliação)</li></ul>",
        esc(&endereco)
    );

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
                esc(pessoas
                    .get(&a.enviado_por)
                    .map_or("conta não cadastrada", String::as_str)),
                esc(&a
                    .enviado_em
                    .parse::<jiff::Timestamp>()
                    .map(divisa_registro::data_e_hora_em_cuiaba)
                    .unwrap_or_else(|_| a.enviado_em.clone()))
            );
        }
        s.push_str("</ul>");
    }

    // linha do tempo: quem agiu, por nome e cargo (nunca o login), e os arquivos de cada ato
    s.push_str("<h2>Linha do tempo</h2><ol class=\"linha-do-tempo\">");
    for e in &eventos {
        let quem_agiu = pessoas
            .get(&e.ator.id)
            .cloned()
            .unwrap_or_else(|| e.ator.papel.cargo().to_string());
        let _ = write!(
            s,
            "<li><span class=\"quando\">{} · ato {} · {}</span><br>{}",
            fmt_data(e.data),
            e.seq,
            esc(&quem_agiu),
            esc(&e.ato.resumo_com(&|login| pessoas
                .get(login)
                .cloned()
                .unwrap_or_else(|| "servidor(a) sem conta cadastrada".to_owned())))
        );
        if !e.anexos.is_empty() {
            s.push_str("<ul class=\"anexos\">");
            for (i, a) in e.anexos.iter().enumerate() {
                let _ = write!(
                    s,
                    "<li><a href=\"{}/atos/{}/arquivos/{}\">{}</a> <small>({}, {} bytes; SHA-256 {})</small></li>",
                    esc(&caminho_do_processo(protocolo)),
                    e.seq,
                    i + 1,
                    esc(&a.nome),
                    esc(a.formato()),
                    inteiro(i64::try_from(a.tamanho).unwrap_or(i64::MAX)),
                    esc(a.sha256.get(..16).unwrap_or(&a.sha256))
                );
            }
            s.push_str("</ul>");
        }
        s.push_str("</li>");
    }
    s.push_str("</ol>");
    if !completo {
        s.push_str("<p class=\"historico\">Só os atos públicos aparecem aqui (Art. 16).</p>");
    }

    // o que quem olha pode fazer
    if quem.usuario.is_some() {
        let oferecidos = catalogo::oferecidos(&p, &ator, hoje);
        // quem vota na Comissão (Art. 22): os membros e o Presidente, por nome e cargo
        let usuarios = estado.registro().usuarios().await?;
        let membros: Vec<(String, String)> = usuarios
            .clone()
            .into_iter()
            .filter(|u| {
                matches!(
                    u.papel,
                    divisa_processo::Papel::Membro | divisa_processo::Papel::Presidente
                )
            })
            .map(|u| {
                let pessoa = format!("{}, {}", u.nome, u.papel.cargo());
                (u.login, pessoa)
            })
            .collect();
        // quem pode ser autorizado a prestar informações (Art. 23): os servidores, por nome
        let servidores: Vec<(String, String)> = usuarios
            .into_iter()
            .filter(|u| u.papel == divisa_processo::Papel::Servidor)
            .map(|u| {
                let pessoa = format!("{}, {}", u.nome, u.papel.cargo());
                (u.login, pessoa)
            })
            .collect();
        s.push_str("<h2>O que você pode fazer agora</h2>");
        if oferecidos.is_empty() {
            s.push_str("<p>Nenhum ato cabe ao seu papel nesta fase.</p>");
        }
        let acao = format!("{endereco}/atos");
        for oferecido in &oferecidos {
            s.push_str(&catalogo::formulario(
                oferecido,
                &acao,
                &quem.csrf,
                p.versao,
                hoje,
                &catalogo::Pessoas {
                    membros: &membros,
                    servidores: &servidores,
                },
                enviado,
            ));
        }
    }
    Ok(pagina(quem, &p.nome, &s))
}

/// A lei aplicada aos autos (a mesma função da API, da linha de comando e dos documentos), no
/// texto em vigor hoje, com a procedência de cada fato que os autos trocaram.
fn avaliacao_dos_autos(
    p: &divisa_processo::Processo,
    arquivos: &divisa_avaliacao::autos::DoRegistro,
    hoje: jiff::civil::Date,
) -> String {
    crate::metricas::avaliacao();
    match divisa_avaliacao::autos::avaliar(p, arquivos, hoje) {
        Ok(a) => {
            let mut s = achados_html(&a.avaliacao);
            if !a.procedencia.is_empty() {
                s.push_str("<h3>De onde vêm os fatos</h3><ul class=\"procedencia\">");
                for n in &a.procedencia {
                    let _ = write!(s, "<li>{}</li>", esc(n));
                }
                s.push_str("</ul>");
            }
            s
        }
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
            "<tr class=\"{}\"><td data-rotulo=\"Situação\"><span class=\"selo-situacao\" aria-hidden=\"true\" data-icone=\"{}\"></span> {}</td><td data-rotulo=\"Dispositivo\">{}{}</td><td data-rotulo=\"Exigido\">{}</td><td data-rotulo=\"Apurado\">{}</td><td data-rotulo=\"Certifica\">{}</td></tr>",
            x.situacao.codigo(),
            // um ícone e a palavra: a cor não é o único sinal (WCAG 1.4.1)
            match x.situacao {
                divisa_lei::Situacao::Atende => "✓",
                divisa_lei::Situacao::NaoAtende => "✕",
                divisa_lei::Situacao::Pendente => "!",
                divisa_lei::Situacao::NaoSeAplica => "–",
            },
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

/// Os campos e os arquivos de um formulário de ato: `multipart/form-data` (com os arquivos do
/// ato, no campo `anexo`, repetível) ou `application/x-www-form-urlencoded`.
pub(crate) async fn campos_e_arquivos(
    req: axum::extract::Request,
) -> Result<(Campos, Vec<(String, divisa_registro::ArquivoNovo)>), Falha> {
    use axum::extract::FromRequest;
    let multipart = req
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let Form(campos) = Form::<Campos>::from_request(req, &()).await.map_err(|e| {
            Falha::nova(
                StatusCode::BAD_REQUEST,
                format!(
                    "formulário mal formado: {}",
                    crate::traduzir_rejeicao(StatusCode::BAD_REQUEST, &e.to_string())
                ),
            )
        })?;
        return Ok((campos, Vec::new()));
    }
    let m = axum::extract::Multipart::from_request(req, &())
        .await
        .map_err(|e| {
            Falha::nova(
                StatusCode::BAD_REQUEST,
                format!(
                    "formulário mal formado: {}",
                    crate::traduzir_rejeicao(StatusCode::BAD_REQUEST, &e.to_string())
                ),
            )
        })?;
    let (campos, arquivos) = crate::representacao::ler_partes(m).await?;
    Ok((
        campos,
        arquivos
            .into_iter()
            .map(|(campo, a)| {
                (
                    campo,
                    divisa_registro::ArquivoNovo {
                        nome: a.nome,
                        conteudo: a.bytes,
                    },
                )
            })
            .collect(),
    ))
}

pub(crate) async fn ato(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
    req: axum::extract::Request,
) -> Result<Response, Falha> {
    let (campos, arquivos) = campos_e_arquivos(req).await?;
    let arquivos: Vec<divisa_registro::ArquivoNovo> = arquivos
        .into_iter()
        .filter(|(campo, _)| campo == "anexo")
        .map(|(_, a)| a)
        .collect();
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    quem.exigir_conta()?;
    match registrar_ato(&estado, &quem, &protocolo, &campos, &arquivos).await {
        Ok(seq) => Ok(Redirect::to(&format!(
            "{}?registrado={seq}",
            caminho_do_processo(&protocolo)
        ))
        .into_response()),
        Err(f) if f.status != StatusCode::NOT_FOUND => {
            let status = f.status;
            let mut mensagem = f.mensagem.clone();
            // Num conflito de verdade, o que mudou: os atos registrados depois da versão em que
            // o formulário foi preenchido (e o texto digitado volta no formulário).
            if status == StatusCode::CONFLICT {
                let lida: u64 = campo(&campos, "versao")
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0);
                if let Ok((_, eventos)) = estado
                    .registro()
                    .eventos_visiveis(&protocolo, &quem.ator())
                    .await
                {
                    let depois: Vec<String> = eventos
                        .iter()
                        .filter(|e| e.seq > lida)
                        .map(|e| {
                            format!(
                                "{} ({})",
                                crate::texto::resumo_do_ato(&e.ato),
                                fmt_data(e.data)
                            )
                        })
                        .collect();
                    if !depois.is_empty() {
                        mensagem = format!(
                            "Enquanto você preenchia, outro ato foi registrado: {}. Confira se o seu ainda cabe; o que você digitou está no formulário abaixo.",
                            depois.join("; ")
                        );
                    }
                }
            }
            let mut r = pagina_do_processo(
                &estado,
                &quem,
                &protocolo,
                None,
                None,
                Some(mensagem),
                Some(&campos),
            )
            .await?;
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
    arquivos: &[divisa_registro::ArquivoNovo],
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
    let hoje = estado.hoje();
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
    let e = crate::anexar(estado, protocolo, versao, &quem.ator(), ato, arquivos, data).await?;
    Ok(e.seq)
}
