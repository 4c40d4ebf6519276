//! A nova representação (Arts. 13 a 15): o formulário, os envios e o recibo do protocolo.

use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::Response;
use divisa_processo::{DocumentoArt15, Papel, TipoProcesso};
use divisa_registro::{ArquivoNovo, Finalidade, NovaRepresentacao};

use crate::contas::{self, Quem};
use crate::html::{campo_csrf, descrito, html, invalido, junto, pagina, ErroDoForm, Markup};
use crate::{Estado, Falha};

use crate::formularios::{campo, ler_multipart, Campos};
use crate::recibo::ao_recibo;

// ---------------------------------------------------------------- nova representação

pub(crate) async fn novo_form(State(estado): State<Estado>, quem: Quem) -> Result<Response, Falha> {
    Falha::protocolo(quem.exigir_conta()?.papel)?;
    let deputados = deputados(&estado).await?;
    Ok(pagina(
        &quem,
        "Nova representação",
        form_novo(&quem, &deputados, None, &Vec::new(), &contas::token()),
    ))
}

/// Os deputados por quem a representação pode chegar (Art. 13), por nome: (login, nome).
async fn deputados(estado: &Estado) -> Result<Vec<(String, String)>, Falha> {
    Ok(estado
        .registro()
        .usuarios()
        .await?
        .into_iter()
        .filter(|u| u.papel == Papel::Deputado)
        .map(|u| (u.login, u.nome))
        .collect())
}

/// O resumo no alto do formulário, com o atalho para o campo.
fn resumo(erro: Option<&ErroDoForm>) -> Markup {
    html! {
        @if let Some(e) = erro {
            div class="erro" role="alert" {
                p {
                    "O envio não foi protocolado: "
                    @if let Some(c) = e.campo {
                        a href={ "#" (c) } { (e.mensagem) }
                    } @else {
                        (e.mensagem)
                    }
                }
                p { "Os campos voltaram preenchidos; os arquivos escolhidos precisam ser escolhidos de novo (o navegador não os guarda)." }
            }
        }
    }
}

/// A escolha do deputado, para quem protocola por outro (servidor, Presidente, membro).
fn campo_deputado(
    quem: &Quem,
    id: &str,
    deputados: &[(String, String)],
    escolhido: Option<&str>,
    erro: Option<&ErroDoForm>,
) -> Markup {
    let escolhe =
        divisa_processo::papel::permissao(quem.papel(), divisa_processo::Acao::IndicarDeputado)
            == divisa_processo::Permissao::Sim;
    html! {
        @if escolhe {
            label for=(id) { "Através do deputado" }
            select id=(id) name="deputado" aria-invalid=[invalido(erro, id)] aria-describedby=[descrito(erro, id, false)] {
                option value="" { "— diretamente da comunidade —" }
                @for (login, nome) in deputados {
                    option value=(login) selected[escolhido == Some(login.as_str())] { (nome) }
                }
            }
        }
    }
}

/// O formulário da nova representação; depois de um erro, volta com o que foi digitado
/// (`valores`), o resumo no alto e a mensagem junto do campo. `chave`: a do envio, que impede
/// que um duplo clique ou um recarregar protocole duas vezes.
///
/// Os campos de arquivo trazem a dica em português do que se aceita: o botão de escolher é do
/// navegador, que o escreve na língua dele («Choose file», «No file chosen»).
fn form_novo(
    quem: &Quem,
    deputados: &[(String, String)],
    erro: Option<&ErroDoForm>,
    valores: &Campos,
    chave: &str,
) -> Markup {
    let valor = |nome: &str| campo(valores, nome).unwrap_or_default();
    let da_proposta = valores.iter().any(|(k, _)| k == "proposta-form");
    let (erro_novo, erro_proposta) = if da_proposta {
        (None, erro)
    } else {
        (erro, None)
    };
    let tipo = campo(valores, "tipo").unwrap_or_default();
    let deputado = if da_proposta {
        None
    } else {
        campo(valores, "deputado")
    };
    let marcados: Vec<&str> = valores
        .iter()
        .filter(|(k, _)| k == "documento")
        .map(|(_, v)| v.as_str())
        .collect();
    let assinaturas = campo(valores, "assinaturas").unwrap_or_else(|| "0".into());
    // O representante que protocola a sua representação já vem com o nome (o da conta), até
    // que se digite outro.
    let proprio_nome = quem
        .usuario
        .as_ref()
        .filter(|u| u.papel == Papel::Representante)
        .map(|u| u.nome.clone());
    let representante = campo(valores, "representante")
        .or_else(|| proprio_nome.clone())
        .unwrap_or_default();
    // A representação que já vem como proposta: tudo sai dela, e o território vai aos autos.
    let representante_p = if da_proposta {
        valor("representante")
    } else {
        proprio_nome.unwrap_or_default()
    };
    let deputado_p = if da_proposta {
        campo(valores, "deputado")
    } else {
        None
    };
    html! {
        h1 { "Nova representação (Arts. 13 a 15)" }
        (resumo(erro_novo))
        form method="post" action="/processos/novo" enctype="multipart/form-data" id="form-novo" {
            (campo_csrf(quem))
            input type="hidden" name="envio" value=(chave);
            label for="tipo" { "Tipo" }
            select id="tipo" name="tipo" aria-invalid=[invalido(erro_novo, "tipo")] aria-describedby=[descrito(erro_novo, "tipo", false)] {
                @for t in TipoProcesso::TODOS {
                    option value=(t.codigo()) selected[tipo == t.codigo()] { (divisa_referencia::formato::primeira_maiuscula(t.nome())) }
                }
            }
            (junto(erro_novo, "tipo"))
            label for="nome" { "Nome proposto (Art. 6º)" }
            input id="nome" name="nome" type="text" required maxlength="200" value=(valor("nome"))
                aria-invalid=[invalido(erro_novo, "nome")] aria-describedby=[descrito(erro_novo, "nome", false)];
            (junto(erro_novo, "nome"))
            div id="nome-validacao" aria-live="polite" {}
            // Art. 6º: só quem propõe sabe se o nome é de pessoa viva — uma pergunta de sim ou
            // não (issue 32); sem resposta, a Comissão pergunta (o achado fica pendente)
            @let viva = valor("pessoa_viva");
            fieldset id="pessoa_viva" aria-invalid=[invalido(erro_novo, "pessoa_viva")] aria-describedby=[descrito(erro_novo, "pessoa_viva", false)] {
                legend { "O nome proposto homenageia pessoa viva? (Art. 6º)" }
                label { input type="radio" name="pessoa_viva" value="nao" checked[viva == "nao"]; " Não" }
                " "
                label { input type="radio" name="pessoa_viva" value="sim" checked[viva == "sim"]; " Sim" }
            }
            (junto(erro_novo, "pessoa_viva"))
            label for="origem" { "Municípios de origem (um por linha)" }
            textarea id="origem" name="origem" rows="2" required
                aria-invalid=[invalido(erro_novo, "origem")] aria-describedby=[descrito(erro_novo, "origem", false)] { (valor("origem")) }
            (junto(erro_novo, "origem"))
            label for="representante" { "Representante da comunidade" }
            input id="representante" name="representante" type="text" required maxlength="200" value=(if da_proposta { valor("representante") } else { representante.clone() })
                aria-invalid=[invalido(erro_novo, "representante")] aria-describedby=[descrito(erro_novo, "representante", false)];
            (junto(erro_novo, "representante"))
            (campo_deputado(quem, "deputado", deputados, deputado.as_deref(), erro_novo))
            (junto(erro_novo, "deputado"))
            label for="titulos" { "Títulos de eleitor dos que assinam (um por linha; conferidos ao digitar — Art. 13)" }
            textarea id="titulos" name="titulos" rows="6"
                aria-invalid=[invalido(erro_novo, "titulos")] aria-describedby=[descrito(erro_novo, "titulos", false)] { (valor("titulos")) }
            (junto(erro_novo, "titulos"))
            div id="titulos-validacao" aria-live="polite" {}
            label for="assinaturas" { "Número de assinaturas (se não listar os títulos)" }
            input id="assinaturas" name="assinaturas" type="number" min="0" value=(assinaturas)
                aria-invalid=[invalido(erro_novo, "assinaturas")] aria-describedby=[descrito(erro_novo, "assinaturas", false)];
            (junto(erro_novo, "assinaturas"))
            fieldset id="documento" aria-invalid=[invalido(erro_novo, "documento")] aria-describedby=[descrito(erro_novo, "documento", false)] {
                legend { "Documentos do Art. 15" }
                p class="historico" { "Marque os documentos que a representação traz e envie o arquivo de cada um. Só o documento com arquivo conta nos autos; o marcado sem arquivo fica «declarado, a juntar», e a Comissão o pede às lideranças (Art. 16, parágrafo único)." }
                @for d in DocumentoArt15::TODOS {
                    div class="documento-art15" {
                        label {
                            input type="checkbox" name="documento" value=(d.codigo()) checked[marcados.contains(&d.codigo())];
                            " " (d.nome())
                            @if d == DocumentoArt15::MapaNovo {
                                " (na revisão de limites, o da área a desmembrar)"
                            }
                        }
                        @if d == DocumentoArt15::MapaNovo {
                            label for="mapa" { "Arquivo do mapa" }
                            input id="mapa" name="mapa" type="file" aria-describedby="mapa-ajuda"
                                aria-invalid=[invalido(erro_novo, "mapa")];
                            p class="historico" id="mapa-ajuda" { "Arquivos aceitos: PDF, imagem, GeoJSON, KML, Shapefile compactado ou GeoPackage." }
                            (junto(erro_novo, "mapa"))
                            label for="memorial" { "Arquivo do memorial descritivo" }
                            input id="memorial" name="memorial" type="file" aria-describedby="memorial-ajuda"
                                aria-invalid=[invalido(erro_novo, "memorial")];
                            p class="historico" id="memorial-ajuda" { "Arquivos aceitos: texto no estilo SIGEF, PDF, GeoJSON ou KML. Um PDF com o mapa e o memorial pode ir num só dos dois campos." }
                            (junto(erro_novo, "memorial"))
                        } @else {
                            @let id = campo_do_arquivo(d);
                            label for=(id) { (rotulo_do_arquivo(d)) }
                            input id=(id) name=(id) type="file"
                                aria-invalid=[invalido(erro_novo, id)];
                            (junto(erro_novo, id))
                        }
                    }
                }
            }
            (junto(erro_novo, "documento"))
            button type="submit" { "Protocolar" }
        }
        h2 id="da-proposta" { "Ou: protocolar a partir da proposta" }
        p { "Quando a representação já vem como proposta (o mesmo arquivo que se envia em Avaliar proposta), envie-a com o território que ela cita: o tipo, o nome, as origens, as assinaturas com os títulos e os documentos saem dela, e os arquivos vão aos autos com o protocolo." }
        (resumo(erro_proposta))
        form method="post" action="/processos/novo/proposta" enctype="multipart/form-data" id="form-proposta" {
            (campo_csrf(quem))
            input type="hidden" name="envio" value=(chave);
            input type="hidden" name="proposta-form" value="1";
            label for="p-representante" { "Representante da comunidade" }
            input id="p-representante" name="representante" type="text" required maxlength="200" value=(representante_p)
                aria-invalid=[invalido(erro_proposta, "p-representante")] aria-describedby=[descrito(erro_proposta, "p-representante", false)];
            (junto(erro_proposta, "p-representante"))
            (campo_deputado(quem, "p-deputado", deputados, deputado_p.as_deref(), erro_proposta))
            (junto(erro_proposta, "p-deputado"))
            label for="p-proposta" { "Arquivo da proposta" }
            input id="p-proposta" name="proposta" type="file" accept=".toml" required
                aria-invalid=[invalido(erro_proposta, "p-proposta")] aria-describedby=[descrito(erro_proposta, "p-proposta", true)];
            p class="historico" id="p-proposta-ajuda" { "Arquivo aceito: o arquivo da proposta, o mesmo que se avalia em «Avaliar proposta» (a página escreve a proposta a partir do formulário)." }
            (junto(erro_proposta, "p-proposta"))
            label for="p-territorio" { "Território que a proposta cita" }
            input id="p-territorio" name="territorio" type="file" multiple
                aria-invalid=[invalido(erro_proposta, "p-territorio")] aria-describedby=[descrito(erro_proposta, "p-territorio", true)];
            p class="historico" id="p-territorio-ajuda" { "Arquivos aceitos: GeoJSON, KML, Shapefile (com o arquivo de projeção), GeoPackage ou memorial descritivo; até 20 MB cada. Escolha todos os arquivos de uma vez." }
            (junto(erro_proposta, "p-territorio"))
            button type="submit" { "Protocolar a proposta" }
        }
    }
}

/// O começo comum dos dois envios que protocolam (campo a campo e como proposta): o CSRF, o
/// papel que protocola (Art. 14) e a chave do envio reservada. `Ok(Err(r))`: o envio já foi
/// feito (ou está sendo), responda `r`.
async fn comecar_envio<'a>(
    estado: &'a Estado,
    quem: &Quem,
    campos: &Campos,
) -> Result<Result<Reserva<'a>, Response>, Falha> {
    quem.conferir_csrf(campo(campos, "csrf").as_deref())?;
    let u = quem.exigir_conta()?;
    Falha::protocolo(u.papel)?;
    let chave = campo(campos, "envio").unwrap_or_default();
    let dono = match conferir_envio(estado, &u.login, &chave).await? {
        Ok(dono) => dono,
        Err(r) => return Ok(Err(r)),
    };
    // a chave reservada volta a valer se o pedido terminar sem protocolo (erro, cliente que
    // desconecta no meio): nada fica preso em "em andamento"
    Ok(Ok(Reserva {
        estado,
        login: u.login.clone(),
        chave,
        dono,
        feita: false,
    }))
}

/// O formulário de volta, com o que se digitou e o erro junto do seu campo (422).
fn devolver(
    quem: &Quem,
    deputados: &[(String, String)],
    e: ErroDoForm,
    valores: &Campos,
    chave: &str,
) -> Result<Response, Falha> {
    let mut r = pagina(
        quem,
        "Nova representação",
        form_novo(quem, deputados, Some(&e), valores, chave),
    );
    *r.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
    Ok(r)
}

/// O envio de um formulário que protocola, pela sua chave: a primeira vez segue; a segunda (um
/// duplo clique, um recarregar da página do recibo que reenvia) vai ao recibo do protocolo já
/// feito, sem protocolar de novo. `Ok(Ok(dono))`: siga, com a reserva deste dono;
/// `Ok(Err(r))`: responda `r`.
async fn conferir_envio(
    estado: &Estado,
    login: &str,
    chave: &str,
) -> Result<Result<String, Response>, Falha> {
    if chave.is_empty() {
        return Ok(Ok(String::new()));
    }
    // Um pedido com a mesma chave em andamento: espera o protocolo dele (até 15 s).
    for _ in 0..150 {
        match estado.reservar_envio(login, chave).await {
            crate::Envio::Novo(dono) => return Ok(Ok(dono)),
            crate::Envio::Feito(p) => return Ok(Err(ao_recibo(&p))),
            crate::Envio::EmAndamento => {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await
            }
        }
    }
    Err(Falha::nova(
        StatusCode::CONFLICT,
        "este envio ainda está sendo protocolado; confira a lista de processos antes de enviar de novo",
    ))
}

/// A chave de um envio reservada por este pedido: volta a valer ao ser largada sem protocolo.
struct Reserva<'a> {
    estado: &'a Estado,
    login: String,
    chave: String,
    dono: String,
    feita: bool,
}

impl Reserva<'_> {
    /// O protocolo saiu (com os arquivos): a chave passa a levar ao recibo dele.
    async fn concluir(mut self, protocolo: &str) {
        self.estado
            .concluir_envio(&self.login, &self.chave, &self.dono, protocolo)
            .await;
        self.feita = true;
    }
}

impl Drop for Reserva<'_> {
    fn drop(&mut self) {
        if !self.feita && !self.chave.is_empty() {
            self.estado
                .liberar_envio(&self.login, &self.chave, &self.dono);
        }
    }
}

/// A representação que chega como proposta (com o território que ela cita): o mesmo caso de
/// uso de `divisa processo criar --proposta`.
pub(crate) async fn novo_da_proposta(
    State(estado): State<Estado>,
    quem: Quem,
    req: axum::extract::Request,
) -> Result<Response, Falha> {
    let (campos, arquivos) = crate::formularios::campos_e_arquivos(req).await?;
    let reserva = match comecar_envio(&estado, &quem, &campos).await? {
        Ok(reserva) => reserva,
        Err(r) => return Ok(r),
    };
    let chave = reserva.chave.clone();
    let deputados = deputados(&estado).await?;
    let mut valores = campos.clone();
    valores.push(("proposta-form".into(), "1".into()));
    let erro = |e: ErroDoForm| devolver(&quem, &deputados, e, &valores, &chave);
    let Some(proposta) = arquivos
        .iter()
        .find(|(c, _)| c == "proposta")
        .map(|(_, a)| a)
    else {
        return erro(ErroDoForm::no(
            "p-proposta",
            "falta o arquivo da proposta: envie o mesmo arquivo que se avalia em Avaliar proposta",
        ));
    };
    let Ok(texto) = String::from_utf8(proposta.conteudo.clone()) else {
        return erro(ErroDoForm::no(
            "p-proposta",
            format!("«{}»: a proposta não é texto UTF-8", proposta.nome),
        ));
    };
    // o território enviado: só o que a proposta cita vai aos autos (conferido pelo caso de uso)
    let territorio: Vec<(String, Vec<u8>)> = arquivos
        .iter()
        .filter(|(c, _)| c == "territorio")
        .map(|(_, a)| (a.nome.clone(), a.conteudo.clone()))
        .collect();
    let deputado = campo(&campos, "deputado")
        .map(|d| d.trim().to_string())
        .filter(|d| !d.is_empty());
    let via = divisa_autos::protocolo::via_do_pedido(&quem.ator(), deputado);
    match divisa_autos::protocolo::conferir_via(estado.registro(), &quem.ator(), &via).await {
        Ok(()) => {}
        Err(divisa_autos::ErroAutos::Registro(divisa_registro::ErroRegistro::Recusado(r))) => {
            return erro(ErroDoForm::no("p-deputado", r.motivo));
        }
        Err(e) => return Err(e.into()),
    }
    let representante = campo(&campos, "representante").unwrap_or_default();
    // ler e medir o território fora dos trabalhadores assíncronos (crate::oficina), pelo caso
    // de uso do protocolo da proposta — o mesmo da API e da linha de comando
    let nome_da_proposta = proposta.nome.clone();
    let feito = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            divisa_autos::protocolo::da_proposta(
                &nome_da_proposta,
                &texto,
                territorio,
                via,
                &representante,
            )
        })
        .await?;
    let (nova, territorio) = match feito {
        Ok(n) => n,
        Err(e) => {
            let campo = if e.campo == "territorio" {
                "p-territorio"
            } else {
                "p-proposta"
            };
            return erro(ErroDoForm::no(campo, e.mensagem));
        }
    };
    let recibo = divisa_autos::protocolo::protocolar(
        estado.registro(),
        &quem.ator(),
        nova,
        &territorio,
        estado.hoje(),
        estado.agora(),
    )
    .await;
    let recibo = match recibo {
        Ok(r) => r,
        Err(divisa_autos::ErroAutos::Registro(divisa_registro::ErroRegistro::Recusado(r))) => {
            return erro(ErroDoForm::geral(format!(
                "recusado ({}): {}",
                r.artigo, r.motivo
            )))
        }
        Err(e) => {
            return Err(e.into());
        }
    };
    let protocolo = recibo.protocolo.as_str().to_string();
    reserva.concluir(&protocolo).await;
    Ok(ao_recibo(&protocolo))
}

pub(crate) async fn novo(
    State(estado): State<Estado>,
    quem: Quem,
    multipart: Multipart,
) -> Result<Response, Falha> {
    let (campos, arquivos) = ler_multipart(multipart).await?;
    let reserva = match comecar_envio(&estado, &quem, &campos).await? {
        Ok(reserva) => reserva,
        Err(r) => return Ok(r),
    };
    let chave = reserva.chave.clone();
    let deputados = deputados(&estado).await?;
    let erro = |e: ErroDoForm| devolver(&quem, &deputados, e, &campos, &chave);
    let tipo = match TipoProcesso::de_codigo(&campo(&campos, "tipo").unwrap_or_default()) {
        Ok(t) => t,
        Err(m) => return erro(ErroDoForm::no("tipo", m.to_string())),
    };
    let pessoa_viva = match campo(&campos, "pessoa_viva").as_deref().map(str::trim) {
        None | Some("") => None,
        Some("sim") => Some(true),
        Some("nao") => Some(false),
        Some(outro) => {
            return erro(ErroDoForm::no(
                "pessoa_viva",
                format!("«{outro}»: responda sim ou não"),
            ))
        }
    };
    let origem: Vec<String> = campo(&campos, "origem")
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    // cada origem conferida aqui, uma vez (com os nomes parecidos, se não é de MT)
    let origem = match divisa_processo::origens(&origem) {
        Ok(codigos) => codigos,
        Err(r) => {
            return erro(ErroDoForm::no(
                "origem",
                format!("{} ({})", r.motivo, r.artigo),
            ))
        }
    };
    let titulos = campo(&campos, "titulos").unwrap_or_default();
    let conferidos = divisa_lei::art13_representacao::conferir_titulos(&titulos);
    let (validos, invalidos) = (conferidos.validos, &conferidos.invalidos);
    if let Some((linha, m)) = invalidos.first() {
        return erro(ErroDoForm::no(
            "titulos",
            format!(
                "linha {linha}: {m} ({} no total)",
                divisa_referencia::formato::plural(
                    invalidos.len() as u64,
                    "título inválido",
                    "títulos inválidos"
                )
            ),
        ));
    }
    let declaradas = match campo(&campos, "assinaturas").map(|v| v.trim().to_string()) {
        None => 0,
        Some(v) if v.is_empty() => 0,
        Some(v) => match v.parse::<u32>() {
            Ok(n) => n,
            Err(_) => {
                return erro(ErroDoForm::no(
                    "assinaturas",
                    format!("«{v}» não é um número inteiro"),
                ))
            }
        },
    };
    // O protocolo conta as assinaturas com título válido e distinto, também as de outra UF (a
    // lista vai inteira aos autos); quanto delas vale para o mínimo do Art. 13 é o achado da lei
    // que diz, não o protocolo.
    let com_titulo = validos + conferidos.outra_uf.len() as u32;
    let assinaturas = if com_titulo > 0 {
        com_titulo
    } else {
        declaradas
    };
    let deputado = campo(&campos, "deputado")
        .map(|d| d.trim().to_string())
        .filter(|d| !d.is_empty());
    let via = divisa_autos::protocolo::via_do_pedido(&quem.ator(), deputado);
    match divisa_autos::protocolo::conferir_via(estado.registro(), &quem.ator(), &via).await {
        Ok(()) => {}
        Err(divisa_autos::ErroAutos::Registro(divisa_registro::ErroRegistro::Recusado(r))) => {
            return erro(ErroDoForm::no("deputado", r.motivo));
        }
        Err(e) => return Err(e.into()),
    }
    let mut documentos = Vec::new();
    for (k, v) in &campos {
        if k == "documento" {
            match serde_json::from_value::<DocumentoArt15>(serde_json::Value::String(v.clone())) {
                Ok(d) if !documentos.contains(&d) => documentos.push(d),
                Ok(_) => {}
                Err(_) => {
                    return erro(ErroDoForm::no(
                        "documento",
                        format!("«{v}» não é um documento do Art. 15"),
                    ))
                }
            }
        }
    }
    // O mapa, o memorial e a lista dos títulos entram no evento do protocolo (issue 30), com
    // nome, tipo, tamanho e SHA-256 na cadeia de hashes, conferidos como os de qualquer ato; um
    // arquivo recusado é dito ao lado do seu campo, antes de gastar um número de protocolo.
    // Cada arquivo diz o documento do Art. 15 que apresenta: só assim ele conta (declarar não
    // é juntar, Art. 16, parágrafo único). Leitura adotada: o mapa ou o memorial enviado
    // apresenta o inciso II ("mapa e memorial descritivo"), porque muitas representações trazem
    // os dois num PDF só; o conteúdo é examinado pela Comissão, que pede o que faltar.
    let mut enviados = Vec::new();
    // na ordem dos incisos
    let por_documento: Vec<(&'static str, Finalidade, DocumentoArt15)> = DocumentoArt15::TODOS
        .into_iter()
        .flat_map(|d| match d {
            DocumentoArt15::MapaNovo => vec![
                ("mapa", Finalidade::Mapa, d),
                ("memorial", Finalidade::Memorial, d),
            ],
            _ => vec![(campo_do_arquivo(d), Finalidade::Ato, d)],
        })
        .collect();
    for (nome_do_campo, finalidade, documento) in &por_documento {
        if let Some(a) = arquivos.get(*nome_do_campo) {
            let novo = ArquivoNovo::da_representacao(
                a.nome.clone(),
                a.bytes.clone(),
                *finalidade,
                Some(*documento),
            );
            if let Err(r) = divisa_registro::anexos::conferir(&novo) {
                return erro(ErroDoForm::no(nome_do_campo, r.motivo));
            }
            enviados.push(novo);
        }
    }
    if com_titulo > 0 {
        // A lista digitada dos títulos não é o requerimento assinado (Art. 15, I): ela é o
        // que o formulário conferiu, não o documento que as lideranças assinaram.
        enviados.push(ArquivoNovo::da_representacao(
            "titulos.txt",
            titulos.as_bytes().to_vec(),
            Finalidade::Assinaturas,
            None,
        ));
    }
    let agora = estado.agora();
    let recibo = divisa_autos::protocolo::protocolar(
        estado.registro(),
        &quem.ator(),
        NovaRepresentacao {
            tipo,
            nome: campo(&campos, "nome").unwrap_or_default(),
            municipios_origem: origem,
            via,
            representante: campo(&campos, "representante").unwrap_or_default(),
            assinaturas,
            documentos,
            // a representação que vem como proposta entra por `novo_da_proposta`, que tira
            // dela o tipo, o nome, as origens e as assinaturas (um registro só, sem contradição)
            proposta: None,
            nome_homenageia_pessoa_viva: pessoa_viva,
        },
        &enviados,
        estado.hoje(),
        agora,
    )
    .await;
    let recibo = match recibo {
        Ok(r) => r,
        Err(divisa_autos::ErroAutos::Registro(divisa_registro::ErroRegistro::Recusado(r))) => {
            return erro(match r.campo {
                Some(c) => ErroDoForm::no(c, format!("{} ({})", r.motivo, r.artigo)),
                None => ErroDoForm::geral(format!("recusado ({}): {}", r.artigo, r.motivo)),
            })
        }
        Err(e) => {
            return Err(e.into());
        }
    };
    let protocolo = recibo.protocolo.as_str().to_string();
    // protocolado e com os arquivos guardados: só agora o envio conta como feito
    reserva.concluir(&protocolo).await;
    Ok(ao_recibo(&protocolo))
}

/// O rótulo do campo do arquivo de um documento do Art. 15 (cada campo com o seu nome, para
/// quem lê a página com um leitor de tela).
fn rotulo_do_arquivo(d: DocumentoArt15) -> &'static str {
    match d {
        DocumentoArt15::Requerimento => "Arquivo do requerimento assinado",
        DocumentoArt15::MapaNovo => "Arquivo do mapa",
        DocumentoArt15::MapaOrigem => "Arquivo do mapa e do memorial dos municípios de origem",
        DocumentoArt15::Justificativa => "Arquivo da justificativa",
        DocumentoArt15::Fotografias => "Arquivo das fotografias (PDF, imagem ou ZIP)",
    }
}

/// O campo do arquivo de um documento do Art. 15 no formulário da representação (o do inciso
/// II são dois: `mapa` e `memorial`).
fn campo_do_arquivo(d: DocumentoArt15) -> &'static str {
    match d {
        DocumentoArt15::Requerimento => "arquivo-requerimento",
        DocumentoArt15::MapaNovo => "mapa",
        DocumentoArt15::MapaOrigem => "arquivo-mapa_origem",
        DocumentoArt15::Justificativa => "arquivo-justificativa",
        DocumentoArt15::Fotografias => "arquivo-fotografias",
    }
}
