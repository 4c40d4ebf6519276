//! A página de um processo: a fase e o próximo passo, o mapa e o editor da área, os
//! documentos do Art. 15, as certidões, a lei aplicada aos autos, o impacto fiscal, os
//! documentos oficiais e os atos que o papel de quem olha pode praticar.

use super::secoes::*;
use super::*;
use divisa_processo::Processo;

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
pub(crate) async fn pagina_do_processo(
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
    let endereco = caminho_do_processo(protocolo);
    // pessoas por nome e cargo, nunca pelo login
    let pessoas = estado.pessoas().await;
    // o ato que acabou de ser gravado, pelo que ele fez (não só "ato 12")
    let registrado = registrado.map(|n| match eventos.iter().find(|e| e.seq == n) {
        Some(e) => format!(
            "Registrado nos autos (ato nº {n}): {}.",
            e.ato.resumo_para(&pessoas).trim_end_matches('.')
        ),
        None => format!("Registrado nos autos (ato nº {n})."),
    });
    // quem vê o quê (Arts. 16, 22 e 23), decidido no caso de uso, o mesmo da linha de comando
    let ficha = divisa_autos::FichaDoProcesso::nova(&p, &eventos, &ator, hoje, &pessoas);
    let completo = ficha.completo;
    let apresentada = ficha.apresentada();

    // a área no mapa (issue 29): as versões para quem as vê; o editor para quem pode alterar
    let (versoes_da_area, edicao_da_area) =
        area_no_mapa(estado, &p, &ator, protocolo, hoje).await?;

    // a lei aplicada à proposta
    let avaliacao = lei_aplicada(estado, quem, &p, &eventos, completo, hoje).await?;

    // o órgão certificador vê o ofício que lhe foi dirigido (Art. 2º, § 3º)
    let oficio_ao_orgao = ator
        .papel
        .orgao()
        .filter(|o| p.requisicoes.contains_key(o) && p.proposta.is_some());

    // documentos oficiais escritos do caso: um ofício por órgão, cada um com o seu número e o
    // seu código (Art. 2º, § 3º)
    let documentos_oficiais: Vec<DocumentoDoCaso> = if completo && p.proposta.is_some() {
        documentos_do_caso(&p, &eventos, hoje)
    } else {
        Vec::new()
    };
    let pode_emitir = crate::documentos::emite(ator.papel);

    // os documentos emitidos e as suas versões assinadas; quem assina, assina aqui (issue 16)
    let emitidos = if completo {
        Some(crate::assinar::secao(estado, quem, protocolo).await?)
    } else {
        None
    };

    // os autos inteiros, para retirar cópia (Art. 22) ou na versão pública (Art. 16)
    let integral = p.pode(&ator, Acao::Exportar).is_ok();

    // o impacto fiscal (issue 28): quem ganha e quem perde se a proposta virar lei — números
    // agregados, sem dado pessoal, para todos que veem o processo (Art. 16)
    let impacto_fiscal = if p.proposta.is_some() {
        Some(impacto_fiscal(estado, quem, protocolo, hoje).await)
    } else {
        None
    };

    let arquivos = estado.registro().arquivos(protocolo).await?;
    let visiveis: Vec<_> = arquivos
        .iter()
        .filter(|a| completo || !a.finalidade.reservado())
        .collect();

    // a lista dos títulos de eleitor do protocolo, que só quem vê os autos completos baixa
    let reservado = |seq: u64, nome: &str| {
        arquivos
            .iter()
            .any(|a| a.evento_seq == Some(seq) && a.nome == nome && a.finalidade.reservado())
    };
    let quem_agiu = |e: &divisa_processo::Evento| ficha.pessoa(&e.ator);
    // o que quem olha pode fazer
    let atos = if quem.usuario.is_some() {
        Some(atos_oferecidos(estado, quem, &p, &endereco, hoje, enviado).await?)
    } else {
        None
    };

    let proximos = divisa_processo::oferta::proximos(&p, hoje);
    let ator_logado = quem.usuario.is_some().then(|| quem.ator());
    // o envio e o recebimento de cada ofício, registrados de onde se vê o ofício (issue 32):
    // para quem pode, um atalho ao formulário do ato, com o órgão já escolhido
    let orgaos_do_ato = |tipo: divisa_processo::TipoDeAto| -> Vec<divisa_processo::Orgao> {
        match &ator_logado {
            Some(a) => {
                divisa_processo::oferta::cabe(tipo.definicao(), &p, a, hoje).unwrap_or_default()
            }
            None => Vec::new(),
        }
    };
    let (enviar, receber) = (
        orgaos_do_ato(divisa_processo::TipoDeAto::EnviarOficio),
        orgaos_do_ato(divisa_processo::TipoDeAto::ConfirmarRecebimento),
    );
    let atalho_do_oficio = |o: divisa_processo::Orgao| -> Markup {
        let r = p.requisicoes.get(&o);
        let enviado = r.and_then(|r| r.oficio.as_ref());
        html! {
            @if enviado.is_none() && enviar.contains(&o) {
                " " a.registrar-ato href="#ato-enviar_oficio" data-orgao=(o.codigo()) { "Registrar o envio" }
            } @else if enviado.is_some() && r.is_some_and(|r| r.recebido_em.is_none()) && receber.contains(&o) {
                " " a.registrar-ato href="#ato-confirmar_recebimento" data-orgao=(o.codigo()) { "Registrar o recebimento" }
            }
        }
    };
    let certidoes = ficha.certidoes();
    let prazos = ficha.prazos();
    let alertas = ficha.alertas();
    let corpo = html! {
        h1 { (p.nome) }
        p {
            strong { "Processo " (protocolo) } " — " (p.tipo.nome())
            " · fase: " strong { (crate::procedimento::link(p.fase)) }
        }
        @if let Some(m) = &registrado { (aviso("ok", m)) }
        @if let Some(m) = &ok { (aviso("ok", m)) }
        @if let Some(e) = &erro { (aviso("erro", e)) }
        (proximo_passo(&p, &proximos, ator_logado.as_ref(), hoje))
        div.cartoes {
            div.cartao { "Protocolado em" div.valor { (fmt_data(p.protocolado_em)) } }
            div.cartao { "Municípios de origem" br; strong { (p.municipios_origem.join(", ")) } }
            div.cartao { "Assinaturas de eleitores" div.valor { (inteiro(i64::from(p.assinaturas))) } }
            div.cartao { "Apresentada" br; strong { (apresentada) } }
        }

        h2 { "Mapa" }
        (crate::area::mapa_do_processo(&endereco, &versoes_da_area, edicao_da_area, quem, &pessoas))

        (documentos_do_art15(&p))

        (certidoes_e_oficios(&p, &certidoes, completo, &atalho_do_oficio))
        (tabela_dos_prazos(&prazos, hoje))
        @if !alertas.is_empty() {
            h2 { "Alertas" }
            ul {
                @for a in &alertas {
                    li.a_vencer { (a.artigo) " — " (a.mensagem()) }
                }
            }
        }

        h2 { "A lei aplicada à proposta" }
        (avaliacao)

        @if let Some(fiscal) = impacto_fiscal {
            h2 id="impacto-fiscal" { "Impacto fiscal" }
            p {
                "Quem ganha e quem perde se a proposta virar lei: o FPM federal de cada município \
                 do interior (um fundo fixo do Estado: o que um ganha, os outros perdem), o \
                 percentual do ICMS que a lei de criação fixa (Art. 7º, V) e os critérios de \
                 viabilidade dos projetos de lei federais, que não são requisitos legais."
            }
            (fiscal)
        }

        @if let Some(o) = oficio_ao_orgao {
            @let href = format!("{endereco}/documentos/oficio?orgao={}", o.codigo());
            h2 { "Ofício " (o.ao_orgao()) }
            p {
                a href=(href) { "Ofício em PDF" }
                " (o emitido pela Comissão, conferível em " a href="/verificar" { "Verificar documento" } "; antes da emissão, um rascunho) · "
                a href={ (href) "&formato=html" } { "HTML" } " (para ler na tela)"
            }
        }

        (lista_dos_documentos_oficiais(&documentos_oficiais, &p, &endereco, quem, pode_emitir, &atalho_do_oficio))

        @if let Some(emitidos) = emitidos { (emitidos) }

        (os_autos(&endereco, integral))

        (lista_dos_arquivos(&visiveis, &endereco, &pessoas))

        (linha_do_tempo(&eventos, &p, &endereco, &pessoas, completo, &reservado, &quem_agiu))

        @if let Some(atos) = atos { (atos) }
    };
    Ok(pagina(quem, &p.nome, corpo))
}

/// O próximo passo, no alto da página: quem age em seguida, com o mesmo nome do botão que
/// pratica o ato — e o botão, para quem pode (issue 32).
fn proximo_passo(
    p: &Processo,
    proximos: &[divisa_processo::oferta::Proximo],
    ator_logado: Option<&divisa_processo::Ator>,
    hoje: jiff::civil::Date,
) -> Markup {
    html! {
        @if !p.fase.final_() {
            // quem age em seguida, com o mesmo nome do botão que pratica o ato — e o botão, no
            // alto, para quem pode (issue 32)
            section.proximo-passo aria-labelledby="proximo-passo" {
                p {
                    strong id="proximo-passo" { "Próximo passo: " }
                    (p.fase.proximo_passo())
                }
                @if !proximos.is_empty() {
                    ul.quem-age {
                        @for x in proximos {
                            li {
                                "«" (x.definicao.titulo) "» cabe " (x.quem()) "."
                                @if let Some(ator) = &ator_logado {
                                    @if divisa_processo::oferta::cabe(x.definicao, p, ator, hoje).is_some() {
                                        " "
                                        a.botao href={ "#ato-" (x.definicao.codigo) } { (x.definicao.titulo) }
                                    }
                                }
                            }
                        }
                    }
                } @else {
                    p.historico { "Nenhum ato na Assembleia dá este passo agora: o processo espera um prazo, uma resposta de órgão ou um documento." }
                }
            }
        }
    }
}

/// As versões da área que quem olha vê e, se ele as vê, se pode alterar a área.
type AreaNaPagina = (
    Vec<divisa_avaliacao::area::VersaoNosAutos>,
    Option<Result<(), divisa_processo::Recusa>>,
);

/// As versões da área (issue 29) para quem as vê, e se quem olha pode alterá-la.
async fn area_no_mapa(
    estado: &Estado,
    p: &Processo,
    ator: &divisa_processo::Ator,
    protocolo: &str,
    hoje: jiff::civil::Date,
) -> Result<AreaNaPagina, Falha> {
    Ok(if divisa_autos::area::pode_ver(p, ator).is_ok() {
        // as versões de todos os atos (a cartografia não vê os atos internos da Comissão, mas
        // edita sobre a versão em vigor, que pode ter vindo de um deles)
        let todos = estado.registro().carregar(protocolo).await?;
        (
            divisa_avaliacao::area::versoes(&todos.processo, &todos.eventos),
            Some(divisa_autos::area::pode_alterar(
                &todos.processo,
                ator,
                hoje,
            )),
        )
    } else {
        (Vec::new(), None)
    })
}

/// A lei aplicada à proposta dos autos, para quem tem vista completa (Arts. 22 e 23); a
/// medição e a avaliação correm na oficina, fora dos trabalhadores assíncronos.
async fn lei_aplicada(
    estado: &Estado,
    quem: &Quem,
    p: &Processo,
    eventos: &[divisa_processo::Evento],
    completo: bool,
    hoje: jiff::civil::Date,
) -> Result<Markup, Falha> {
    Ok(match (&p.proposta, completo) {
        (None, _) => html! {
            p {
                "A proposta da representação (o território e os números declarados) ainda não \
                 foi juntada aos autos; quem pode juntar documentos a junta com o ato «Juntar a \
                 proposta da representação»."
            }
        },
        (Some(_), false) => html! {
            p {
                "A proposta juntada traz títulos de eleitor: a avaliação completa fica com a \
                 Comissão e os deputados (Arts. 22 e 23)."
            }
        },
        (Some(_), true) => {
            let arquivos =
                divisa_autos::arquivos_para_avaliar(estado.registro(), p, eventos).await?;
            // medir o território e avaliar fora dos trabalhadores assíncronos (crate::oficina)
            let processo = p.clone();
            estado
                .oficina()
                .executar(quem.endereco.map(|e| e.ip()), move || {
                    avaliacao_dos_autos(&processo, &arquivos, hoje)
                })
                .await
                .unwrap_or_else(|f| aviso("erro", &f.mensagem))
        }
    })
}

/// A seção «Impacto fiscal»: o estudo dos fatos dos autos, fora dos trabalhadores assíncronos
/// (medir o território e repartir o FPM), ou o porquê de ainda não haver estudo.
pub(crate) async fn impacto_fiscal(
    estado: &Estado,
    quem: &Quem,
    protocolo: &str,
    hoje: jiff::civil::Date,
) -> Markup {
    let (estado2, protocolo2, ator) = (estado.clone(), protocolo.to_owned(), quem.ator());
    let feito = estado
        .oficina()
        .na_vaga(quem.endereco.map(|e| e.ip()), async move {
            divisa_autos::estudo_fiscal(
                estado2.registro(),
                &protocolo2,
                &ator,
                hoje,
                divisa_avaliacao::fiscal::OpcoesFiscais::default(),
            )
            .await
        })
        .await;
    match feito {
        // o fragmento vem de divisa_avaliacao::relatorio_fiscal, com todo texto escapado (o SVG
        // do gráfico também): é o único HTML pronto desta página além do mapa
        Ok(Ok((e, _))) => html! {
            (PreEscaped(divisa_avaliacao::relatorio_fiscal::fragmento(&e, 3)))
        },
        Ok(Err(e)) => aviso(
            "pendente",
            &format!("O estudo fiscal ainda não pode ser feito com o que está nos autos: {e}"),
        ),
        Err(f) => aviso("erro", &f.mensagem),
    }
}

/// A resposta de um órgão certificador ao ofício, na tabela das certidões.
pub(crate) fn resposta_do_orgao(resposta: Option<&divisa_processo::Resposta>) -> Markup {
    html! {
        @match resposta {
            None => "aguardando",
            Some(divisa_processo::Resposta::Emitida { numero, em, dados, signatario, conteudo }) => {
                span.sim { "certidão " (numero) " em " (fmt_data(*em)) }
                @let o_que = dados.descricao();
                @if !o_que.is_empty() { br; "certifica: " (o_que) }
                @if !signatario.is_empty() { br; "assinada por " (signatario) }
                @if !conteudo.is_empty() { br; small { (conteudo) } }
            }
            Some(divisa_processo::Resposta::Recusada { motivo, em }) => {
                span.nao_atende { "recusada em " (fmt_data(*em)) " (Art. 9º)" }
                br; "motivo: " (motivo)
            }
        }
    }
}

/// Um documento oficial na lista da página do processo: o nome, o código do tipo, o órgão (nos
/// ofícios) e, quando ele ainda não tem o seu momento no rito, a frase que diz a partir de quando.
pub(super) type DocumentoDoCaso = (
    String,
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
);

/// Os documentos oficiais que o caso produz: o nome, o tipo (o código do endereço) e, no
/// ofício, o órgão.
pub(crate) fn documentos_do_caso(
    p: &divisa_processo::Processo,
    eventos: &[divisa_processo::Evento],
    hoje: jiff::civil::Date,
) -> Vec<DocumentoDoCaso> {
    // os documentos do caso, na ordem do rito, pelo cabimento de cada um
    // (`divisa_documentos::cabiveis`): um ofício por órgão certificador
    divisa_documentos::cabiveis(p)
        .into_iter()
        .map(|(t, orgao)| {
            let depois = divisa_documentos::a_partir_de(t, p, eventos, hoje);
            match orgao {
                Some(o) => (
                    format!("Ofício {} (Art. 2º, § 3º)", o.ao_orgao()),
                    t.codigo(),
                    Some(o.codigo()),
                    depois,
                ),
                None => (t.nome().to_owned(), t.codigo(), None, depois),
            }
        })
        .collect()
}

/// «O que você pode fazer agora»: os formulários dos atos que cabem a quem olha, nesta fase.
pub(crate) async fn atos_oferecidos(
    estado: &Estado,
    quem: &Quem,
    p: &divisa_processo::Processo,
    endereco: &str,
    hoje: jiff::civil::Date,
    enviado: Option<&Campos>,
) -> Result<Markup, Falha> {
    let oferecidos = divisa_processo::oferta::oferecidos(p, &quem.ator(), hoje);
    // quem vota na Comissão (Art. 22): os membros e o Presidente; quem pode ser autorizado a
    // prestar informações (Art. 23): os servidores — todos por nome e cargo
    let usuarios = estado.registro().usuarios().await?;
    let pessoa = |u: &divisa_registro::Usuario| {
        (u.login.clone(), format!("{}, {}", u.nome, u.papel.cargo()))
    };
    let membros: Vec<(String, String)> = usuarios
        .iter()
        .filter(|u| {
            divisa_processo::papel::permissao(u.papel, divisa_processo::Acao::VotarNaComissao)
                == divisa_processo::Permissao::Sim
        })
        .map(pessoa)
        .collect();
    let servidores: Vec<(String, String)> = usuarios
        .iter()
        .filter(|u| u.papel == divisa_processo::Papel::Servidor)
        .map(pessoa)
        .collect();
    let acao = format!("{endereco}/atos");
    let valores = crate::formulario::valores_do_processo(p);
    let pessoas = catalogo::Pessoas {
        membros: &membros,
        servidores: &servidores,
        proposta: crate::formulario::tipo_do_processo(p).map(|t| (t, &valores)),
    };
    Ok(html! {
        h2 { "O que você pode fazer agora" }
        @if oferecidos.is_empty() {
            p { "Nenhum ato cabe ao seu papel nesta fase." }
        }
        @for oferecido in &oferecidos {
            (catalogo::formulario(oferecido, &acao, &quem.csrf, p.versao, hoje, &pessoas, enviado))
        }
    })
}

/// A lei aplicada aos autos (a mesma função da API, da linha de comando e dos documentos), no
/// texto em vigor hoje, com a procedência de cada fato que os autos trocaram.
pub(crate) fn avaliacao_dos_autos(
    p: &divisa_processo::Processo,
    arquivos: &divisa_avaliacao::autos::DoRegistro,
    hoje: jiff::civil::Date,
) -> Markup {
    crate::metricas::avaliacao();
    match divisa_avaliacao::autos::avaliar(p, arquivos, hoje) {
        Ok(a) => html! {
            (achados_html(&a.avaliacao))
            @if !a.procedencia.is_empty() {
                h3 { "De onde vêm os fatos" }
                ul.procedencia {
                    @for n in &a.procedencia { li { (n) } }
                }
            }
        },
        Err(e) => aviso("erro", &e.to_string()),
    }
}

/// A tabela de achados (também o fragmento da reavaliação imediata).
pub(crate) fn achados_html(a: &divisa_lei::Avaliacao) -> Markup {
    let lei = divisa_lei::texto::lei().ok();
    let texto_de = |x: &divisa_lei::Achado| {
        lei.and_then(|l| l.dispositivo(&x.dispositivo))
            .and_then(|d| d.em(a.texto_em))
            .map(|v| match v {
                divisa_lei::texto::EmVigor::Texto(r) => r.texto.clone().unwrap_or_default(),
                divisa_lei::texto::EmVigor::NaoDisponivel(_) => {
                    "(a redação em vigor nessa data não foi encontrada)".into()
                }
                divisa_lei::texto::EmVigor::Inexistente(_) => {
                    "(o dispositivo não existia nessa data)".into()
                }
            })
    };
    let (classe, conclusao) = match a.conclusao() {
        divisa_lei::Conclusao::Atende => ("atende", "atende a todos os dispositivos"),
        divisa_lei::Conclusao::NaoAtende => ("nao_atende", "não atende a algum dispositivo"),
        divisa_lei::Conclusao::Inconclusivo => ("pendente", "nada falha, mas há pendências"),
    };
    // os dispositivos que falham, primeiro e pelo artigo (issue 32: a conclusão os nomeia antes
    // da lista inteira)
    let falham: Vec<&str> = {
        let mut v: Vec<&str> = a
            .achados
            .iter()
            .filter(|x| x.situacao == divisa_lei::Situacao::NaoAtende)
            .map(|x| x.citacao.as_str())
            .collect();
        v.dedup();
        v
    };
    html! {
        p.conclusao {
            "Texto da lei em vigor em " strong { (fmt_data(a.texto_em)) } ". Conclusão: "
            strong class=(classe) { (conclusao) } "."
            @if !falham.is_empty() {
                " Não atende: " strong class="nao_atende" { (falham.join("; ")) } "."
            }
        }
        div.tabela.tabela-achados {
            table.achados {
                tr { th { "Situação" } th { "Dispositivo" } th { "Exigido" } th { "Apurado" } th { "Certifica" } }
                @for x in &a.achados {
                    tr class=(x.situacao.codigo()) {
                        td data-rotulo="Situação" {
                            // um ícone e a palavra: a cor não é o único sinal (WCAG 1.4.1)
                            span.selo-situacao aria-hidden="true" data-icone=(match x.situacao {
                                divisa_lei::Situacao::Atende => "✓",
                                divisa_lei::Situacao::NaoAtende => "✕",
                                divisa_lei::Situacao::Pendente => "!",
                                divisa_lei::Situacao::NaoSeAplica => "–",
                            }) {}
                            " " (x.situacao.rotulo())
                        }
                        td data-rotulo="Dispositivo" {
                            (x.citacao)
                            @if let Some(t) = texto_de(x) {
                                details.texto-lei { summary { "texto" } blockquote { (t) } }
                            }
                        }
                        td data-rotulo="Exigido" { (x.exigido) }
                        td data-rotulo="Apurado" { (x.apurado) }
                        td data-rotulo="Certifica" { (x.orgao.unwrap_or("—")) }
                    }
                    @if !x.mensagem.is_empty() {
                        tr.nota { td {} td colspan="4" { small { (x.mensagem) } } }
                    }
                }
            }
        }
        @if !a.alertas.is_empty() {
            h3 { "Alertas: direito federal, STF e números a conferir" }
            ul {
                @for al in &a.alertas { li { (al.mensagem) } }
            }
        }
    }
}
