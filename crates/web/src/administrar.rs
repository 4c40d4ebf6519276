//! As contas de acesso, administradas pela Presidência da Comissão (issue 17): criar a conta de
//! uma pessoa com nome, cargo e papel; mudar o papel, o nome ou o cargo; desativar e reativar;
//! redefinir a senha. Sem a linha de comando.
//!
//! A senha de uma conta criada ou redefinida aqui é provisória: gerada pelo servidor, mostrada
//! uma vez a quem administra (para entregar à pessoa) e trocada por ela ao entrar — até lá,
//! a conta só abre a página «Minha conta» (`contas::Quem`). Desativar e mudar o papel encerram
//! as sessões abertas da conta. Cada alteração fica no registro, com quem a fez e quando.
//!
//! Decisão: administra quem preside a Comissão (Art. 21: a Comissão age pelo seu Presidente). A
//! Presidência não desativa a própria conta nem lhe tira o papel — a Casa ficaria sem quem
//! administra; a troca da Presidência se faz dando o papel a outra conta, que então ajusta a
//! anterior.

use argon2::password_hash::rand_core::{OsRng, RngCore};
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use divisa_processo::Papel;
use divisa_registro::{Alteracao, Usuario};

use crate::contas::{self, Quem};
use crate::formularios::{campo, Campos};
use crate::html::{aviso, campo_csrf, html, pagina, Markup};
use crate::{Estado, Falha};

/// Os papéis que uma conta pode ter, na ordem da matriz (o público não tem conta).
fn papeis_de_conta() -> impl Iterator<Item = Papel> {
    Papel::TODOS.into_iter().filter(|p| p.tem_conta())
}

/// Os caracteres da senha provisória: sem 0/O, 1/l/I, que se confundem ditados ou impressos.
const ALFABETO: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// Uma senha provisória de 14 caracteres (~80 bits), em grupos de 7 para ditar.
fn senha_provisoria() -> String {
    let mut s = String::with_capacity(15);
    for i in 0..14 {
        if i == 7 {
            s.push('-');
        }
        // rejeição para não enviesar: 256 - 256 % 55 = 220
        loop {
            let mut b = [0u8; 1];
            OsRng.fill_bytes(&mut b);
            if usize::from(b[0]) < 256 - 256 % ALFABETO.len() {
                s.push(char::from(ALFABETO[usize::from(b[0]) % ALFABETO.len()]));
                break;
            }
        }
    }
    s
}

/// Só a Presidência administra as contas.
fn so_a_presidencia(quem: &Quem) -> Result<&Usuario, Falha> {
    match &quem.usuario {
        Some(u)
            if divisa_processo::papel::permissao(
                u.papel,
                divisa_processo::Acao::AdministrarContas,
            ) == divisa_processo::Permissao::Sim =>
        {
            Ok(u)
        }
        Some(_) => Err(Falha::proibido(
            "as contas de acesso são administradas pela Presidência da Comissão (Art. 21)",
        )),
        None => Err(Falha::nova(
            StatusCode::UNAUTHORIZED,
            "entre com a conta da Presidência para administrar as contas",
        )),
    }
}

/// O nome por extenso: de 3 a 120 caracteres, sem caracteres de controle.
fn validar_nome(nome: &str) -> Result<String, String> {
    let nome = nome.split_whitespace().collect::<Vec<_>>().join(" ");
    if nome.chars().count() < 3 || nome.chars().count() > 120 {
        return Err("escreva o nome completo da pessoa (de 3 a 120 caracteres)".into());
    }
    if nome.chars().any(char::is_control) {
        return Err("o nome não pode ter caracteres de controle".into());
    }
    Ok(nome)
}

/// O cargo por extenso: até 120 caracteres; vazio, o do papel.
fn validar_cargo(cargo: &str) -> Result<String, String> {
    let cargo = cargo.split_whitespace().collect::<Vec<_>>().join(" ");
    if cargo.chars().count() > 120 || cargo.chars().any(char::is_control) {
        return Err("o cargo tem até 120 caracteres, sem caracteres de controle".into());
    }
    Ok(cargo)
}

fn papel_do_campo(valor: Option<String>) -> Result<Papel, String> {
    valor
        .as_deref()
        .and_then(Papel::de_codigo)
        .filter(|p| p.tem_conta())
        .ok_or_else(|| "escolha o papel da conta na lista".to_owned())
}

/// As opções de papel, com `atual` escolhida.
fn opcoes_de_papel(atual: Option<Papel>) -> Markup {
    html! {
        @for p in papeis_de_conta() {
            option value=(p.codigo()) selected[Some(p) == atual] { (p.cargo()) }
        }
    }
}

/// O que mudou, em palavras, para o histórico.
fn alteracao_em_palavras(a: &str) -> &'static str {
    match a {
        "criada" => "conta criada",
        "nome" => "nome alterado para",
        "cargo" => "cargo alterado para",
        "papel" => "papel alterado para",
        "desativada" => "conta desativada:",
        "reativada" => "conta reativada:",
        "senha_redefinida" => "senha redefinida:",
        _ => "alteração:",
    }
}

/// A situação da conta, em palavras.
fn situacao(u: &Usuario) -> &'static str {
    match (u.ativa, u.trocar_senha, u.demonstracao) {
        (false, _, _) => "desativada",
        (true, true, _) => "ativa, com senha provisória",
        (true, false, true) => "ativa (demonstração)",
        (true, false, false) => "ativa",
    }
}

/// A linha de uma conta na lista; as alterações ficam na página da conta, um «Editar» por linha
/// (como no SEI), com o nome acessível dizendo de quem é a conta.
fn linha_da_conta(u: &Usuario) -> Markup {
    html! {
        tr {
            th scope="row" { (u.nome) }
            td data-rotulo="Cargo" { (u.cargo_exibido()) }
            td data-rotulo="Papel" { (divisa_referencia::formato::primeira_maiuscula(u.papel.nome())) }
            td data-rotulo="Situação" { (situacao(u)) }
            td {
                a href={ "/contas/" (crate::codificar_url(&u.login)) } aria-label={ "Editar a conta de " (u.nome) } { "Editar" }
            }
        }
    }
}

/// O histórico das alterações, por nome (quem foi alterado e quem alterou).
fn historico_html(historico: &[divisa_registro::AlteracaoDeConta], usuarios: &[Usuario]) -> Markup {
    let nome_de = |login: &str| {
        usuarios
            .iter()
            .find(|u| u.login == login)
            .map_or_else(|| "conta removida".to_owned(), |u| u.nome.clone())
    };
    html! {
        ul class="historico" {
            @for h in historico {
                li {
                    (divisa_registro::data_e_hora_em_cuiaba(h.em)) " — " (nome_de(&h.login)) " "
                    (alteracao_em_palavras(&h.alteracao)) " " (h.detalhe)
                    " (por " (nome_de(&h.por)) ")"
                }
            }
        }
    }
}

/// A página de uma conta: os dados (nome, cargo, papel) num formulário só, o acesso (desativar,
/// reativar, redefinir a senha) e o histórico da conta.
async fn corpo_da_conta(
    estado: &Estado,
    quem: &Quem,
    login: &str,
    mensagem: Option<(&str, String)>,
) -> Result<Markup, Falha> {
    let usuarios = estado.registro().usuarios().await?;
    let Some(u) = usuarios.iter().find(|u| u.login == login) else {
        return Err(Falha::nova(
            StatusCode::NOT_FOUND,
            format!("não há conta com o nome de usuário «{login}»"),
        ));
    };
    let historico = estado
        .registro()
        .alteracoes_de_contas(Some(login), 50)
        .await?;
    let propria = quem.usuario.as_ref().is_some_and(|q| q.login == u.login);
    let alvo = format!("/contas/{}", crate::codificar_url(&u.login));
    Ok(html! {
        p { a href="/contas" { "← Contas de acesso" } }
        h1 { "Conta de " (u.nome) }
        @if let Some((tipo, texto)) = &mensagem { (aviso(tipo, texto)) }
        dl.ficha-da-conta {
            dt { "Nome de usuário" } dd { (u.login) }
            dt { "Situação" } dd { (situacao(u)) }
        }
        h2 { "Dados da conta" }
        form method="post" action=(alvo) class="ato" {
            (campo_csrf(quem))
            input type="hidden" name="acao" value="dados";
            label for="conta-nome" { "Nome completo" }
            input #conta-nome name="nome" value=(u.nome) required minlength="3" maxlength="120" autocomplete="off";
            label for="conta-cargo" { "Cargo (como aparece nos documentos; vazio, o do papel: " (u.papel.cargo()) ")" }
            input #conta-cargo name="cargo" value=(u.cargo.as_deref().unwrap_or("")) maxlength="120" autocomplete="off";
            label for="conta-papel" { "Papel" }
            @if propria {
                // a Presidência não tira o papel de si mesma (ver o início do módulo)
                select #conta-papel name="papel" disabled aria-describedby="conta-papel-ajuda" {
                    (opcoes_de_papel(Some(u.papel)))
                }
                p.historico #conta-papel-ajuda {
                    "A Presidência não muda o próprio papel: dê o papel de Presidente a outra conta, que então ajusta esta."
                }
            } @else {
                select #conta-papel name="papel" { (opcoes_de_papel(Some(u.papel))) }
            }
            button type="submit" { "Salvar os dados" }
        }
        @if !propria {
            h2 { "Acesso" }
            p {
                "Desativar e redefinir a senha encerram as sessões abertas da conta. A senha redefinida é provisória: mostrada uma vez aqui, para entregar à pessoa, que a troca ao entrar."
            }
            div.acoes-da-conta {
                form method="post" action=(alvo) class="em-linha" {
                    (campo_csrf(quem))
                    @if u.ativa {
                        input type="hidden" name="acao" value="desativar";
                        button type="submit" { "Desativar a conta" }
                    } @else {
                        input type="hidden" name="acao" value="reativar";
                        button type="submit" { "Reativar a conta" }
                    }
                }
                form method="post" action=(alvo) class="em-linha" {
                    (campo_csrf(quem))
                    input type="hidden" name="acao" value="redefinir_senha";
                    button type="submit" { "Redefinir a senha" }
                }
            }
        }
        h2 { "Histórico da conta" }
        @if historico.is_empty() {
            p { "Nenhuma alteração registrada." }
        } @else {
            (historico_html(&historico, &usuarios))
        }
    })
}

/// A página: as contas, o formulário de conta nova e o histórico das alterações.
async fn corpo(
    estado: &Estado,
    quem: &Quem,
    mensagem: Option<(&str, String)>,
    enviado: Option<&Campos>,
) -> Result<Markup, Falha> {
    let usuarios = estado.registro().usuarios().await?;
    let historico = estado.registro().alteracoes_de_contas(None, 50).await?;
    // a conta nova (o que foi enviado volta preenchido se houve erro)
    let valor = |n: &str| enviado.and_then(|c| campo(c, n)).unwrap_or_default();
    let papel_enviado = enviado
        .and_then(|c| campo(c, "papel"))
        .and_then(|p| Papel::de_codigo(&p));
    Ok(html! {
        h1 { "Contas de acesso" }
        @if let Some((tipo, texto)) = &mensagem { (aviso(tipo, texto)) }
        p {
            "Cada pessoa entra com a sua conta, e aparece nas páginas e nos documentos pelo nome e pelo cargo. O papel diz o que ela pode ver e fazer no processo (Arts. 14, 16, 22 e 23). A senha de uma conta nova, ou redefinida, é provisória: entregue-a à pessoa, que a troca ao entrar."
        }
        div class="tabela-rolavel" tabindex="0" role="region" aria-label="Contas de acesso" {
            table class="cartoes-no-celular" {
                caption {
                    (divisa_referencia::formato::plural(usuarios.len() as u64, "conta", "contas"))
                }
                thead {
                    tr {
                        th scope="col" { "Nome" }
                        th scope="col" { "Cargo" }
                        th scope="col" { "Papel" }
                        th scope="col" { "Situação" }
                        th scope="col" { span.visualmente-oculto { "Editar" } }
                    }
                }
                tbody {
                    @for u in &usuarios { (linha_da_conta(u)) }
                }
            }
        }
        h2 { "Nova conta" }
        form method="post" action="/contas" class="ato" {
            (campo_csrf(quem))
            label for="nova-nome" { "Nome completo" }
            input id="nova-nome" name="nome" value=(valor("nome")) required minlength="3" maxlength="120" autocomplete="off";
            label for="nova-cargo" { "Cargo (como aparece nos documentos; vazio, o do papel)" }
            input id="nova-cargo" name="cargo" value=(valor("cargo")) maxlength="120" autocomplete="off";
            label for="nova-papel" { "Papel" }
            select id="nova-papel" name="papel" required {
                (opcoes_de_papel(papel_enviado.or(Some(Papel::Servidor))))
            }
            label for="nova-login" {
                "Nome de usuário, para entrar (letras minúsculas sem acento, algarismos, ponto, hífen)"
            }
            input id="nova-login" name="login" value=(valor("login")) required maxlength="64"
                autocomplete="off" autocapitalize="none" spellcheck="false";
            button type="submit" { "Criar a conta" }
        }
        @if !historico.is_empty() {
            h2 { "Últimas alterações" }
            (historico_html(&historico, &usuarios))
        }
    })
}

/// `GET /contas`.
pub(crate) async fn pagina_das_contas(
    State(estado): State<Estado>,
    quem: Quem,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> Result<Response, Falha> {
    so_a_presidencia(&quem)?;
    let mensagem = q.get("feito").map(|f| ("ok", feito_em_palavras(f)));
    Ok(pagina(
        &quem,
        "Contas de acesso",
        corpo(&estado, &quem, mensagem, None).await?,
    ))
}

/// O que foi feito, para o aviso depois do redirecionamento.
fn feito_em_palavras(feito: &str) -> String {
    match feito {
        "papel" => "Papel alterado; as sessões abertas da conta foram encerradas.",
        "cargo" => "Cargo alterado.",
        "nome" => "Nome corrigido.",
        "dados" => "Dados da conta salvos.",
        "nada" => "Nada mudou: os dados enviados são os que a conta já tem.",
        "desativar" => "Conta desativada; as sessões abertas dela foram encerradas.",
        "reativar" => "Conta reativada.",
        _ => "Feito.",
    }
    .to_owned()
}

/// `GET /contas/{login}`: a página de uma conta.
pub(crate) async fn pagina_da_conta(
    State(estado): State<Estado>,
    quem: Quem,
    Path(login): Path<String>,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> Result<Response, Falha> {
    so_a_presidencia(&quem)?;
    let mensagem = q.get("feito").map(|f| ("ok", feito_em_palavras(f)));
    let corpo = corpo_da_conta(&estado, &quem, &login, mensagem).await?;
    Ok(pagina(&quem, "Conta de acesso", corpo))
}

/// A página da conta com um erro (422).
async fn conta_com_erro(
    estado: &Estado,
    quem: &Quem,
    login: &str,
    erro: String,
) -> Result<Response, Falha> {
    let corpo = corpo_da_conta(estado, quem, login, Some(("erro", erro))).await?;
    let mut r = pagina(quem, "Conta de acesso", corpo);
    *r.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
    Ok(r)
}

/// A página com um erro e o formulário como foi enviado (422).
async fn com_erro(
    estado: &Estado,
    quem: &Quem,
    erro: String,
    enviado: Option<&Campos>,
) -> Result<Response, Falha> {
    let mut r = pagina(
        quem,
        "Contas de acesso",
        corpo(estado, quem, Some(("erro", erro)), enviado).await?,
    );
    *r.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
    Ok(r)
}

/// `POST /contas`: cria a conta com uma senha provisória, mostrada uma vez.
pub(crate) async fn criar(
    State(estado): State<Estado>,
    quem: Quem,
    Form(campos): Form<Campos>,
) -> Result<Response, Falha> {
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    let presidente = so_a_presidencia(&quem)?.login.clone();
    let login = campo(&campos, "login")
        .unwrap_or_default()
        .trim()
        .to_lowercase();
    let validado = (|| {
        contas::validar_login(&login)?;
        let nome = validar_nome(&campo(&campos, "nome").unwrap_or_default())?;
        let cargo = validar_cargo(&campo(&campos, "cargo").unwrap_or_default())?;
        let papel = papel_do_campo(campo(&campos, "papel"))?;
        Ok::<_, String>((nome, cargo, papel))
    })();
    let (nome, cargo, papel) = match validado {
        Ok(v) => v,
        Err(e) => return com_erro(&estado, &quem, e, Some(&campos)).await,
    };
    let senha = senha_provisoria();
    let hash = contas::hash_de_senha(&senha)
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    let usuario = Usuario {
        cargo: Some(cargo).filter(|c| !c.is_empty()),
        trocar_senha: true,
        ..Usuario::nova(login.clone(), nome, papel)
    };
    let agora = estado.agora();
    if !estado
        .registro()
        .criar_usuario(&usuario, &hash, agora)
        .await?
    {
        return com_erro(
            &estado,
            &quem,
            format!("já existe uma conta com o nome de usuário «{login}»: escolha outro"),
            Some(&campos),
        )
        .await;
    }
    estado
        .registro()
        .registrar_criacao_de_conta(&usuario, &presidente, agora)
        .await?;
    tracing::info!(target: "divisa::conta", login = %login, por = %presidente, "conta criada");
    let mensagem = format!(
        "Conta de {} criada, com o nome de usuário «{}». Senha provisória: {senha} — entregue-a à pessoa (ela a trocará ao entrar). Esta senha não será mostrada de novo.",
        usuario.nome, usuario.login
    );
    let mut r = pagina(
        &quem,
        "Contas de acesso",
        corpo(&estado, &quem, Some(("ok", mensagem)), None).await?,
    );
    *r.status_mut() = StatusCode::CREATED;
    Ok(r)
}

/// `POST /contas/{login}`: uma alteração (`acao`: papel, nome, cargo, desativar, reativar,
/// redefinir_senha; `valor` para papel, nome e cargo).
pub(crate) async fn alterar(
    State(estado): State<Estado>,
    quem: Quem,
    Path(login): Path<String>,
    Form(campos): Form<Campos>,
) -> Result<Response, Falha> {
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    let presidente = so_a_presidencia(&quem)?.login.clone();
    let acao = campo(&campos, "acao").unwrap_or_default();
    let propria = login == presidente;
    let Some(atual) = estado
        .registro()
        .usuarios()
        .await?
        .into_iter()
        .find(|u| u.login == login)
    else {
        return Err(Falha::nova(
            StatusCode::NOT_FOUND,
            format!("não há conta com o nome de usuário «{login}»"),
        ));
    };
    let valor = |n: &str| campo(&campos, n).unwrap_or_default();
    let mut senha = None;
    // as alterações pedidas, cada uma registrada à parte no histórico
    let alteracoes: Vec<Alteracao> = match acao.as_str() {
        "papel" | "desativar" if propria => {
            return conta_com_erro(
                &estado,
                &quem,
                &login,
                "a Presidência não desativa a própria conta nem lhe tira o papel: dê o papel de Presidente a outra conta, que então ajusta esta".into(),
            )
            .await
        }
        "dados" => {
            let validado = (|| {
                let nome = validar_nome(&valor("nome"))?;
                let cargo = validar_cargo(&valor("cargo"))?;
                // o papel da própria conta não vem (o campo está desativado): fica o que é
                let papel = match campo(&campos, "papel") {
                    Some(p) if !propria => papel_do_campo(Some(p))?,
                    _ => atual.papel,
                };
                Ok::<_, String>((nome, cargo, papel))
            })();
            let (nome, cargo, papel) = match validado {
                Ok(v) => v,
                Err(e) => return conta_com_erro(&estado, &quem, &login, e).await,
            };
            let mut lista = Vec::new();
            if nome != atual.nome {
                lista.push(Alteracao::Nome(nome));
            }
            if cargo != atual.cargo.clone().unwrap_or_default() {
                lista.push(Alteracao::Cargo(cargo));
            }
            if papel != atual.papel {
                lista.push(Alteracao::Papel(papel));
            }
            lista
        }
        "papel" => match papel_do_campo(campo(&campos, "valor")) {
            Ok(p) => vec![Alteracao::Papel(p)],
            Err(e) => return conta_com_erro(&estado, &quem, &login, e).await,
        },
        "nome" => match validar_nome(&valor("valor")) {
            Ok(n) => vec![Alteracao::Nome(n)],
            Err(e) => return conta_com_erro(&estado, &quem, &login, e).await,
        },
        "cargo" => match validar_cargo(&valor("valor")) {
            Ok(c) => vec![Alteracao::Cargo(c)],
            Err(e) => return conta_com_erro(&estado, &quem, &login, e).await,
        },
        "desativar" => vec![Alteracao::Desativar],
        "reativar" => vec![Alteracao::Reativar],
        "redefinir_senha" => {
            let s = senha_provisoria();
            let hash = contas::hash_de_senha(&s)
                .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e))?;
            senha = Some(s);
            vec![Alteracao::RedefinirSenha(hash)]
        }
        _ => {
            return conta_com_erro(
                &estado,
                &quem,
                &login,
                "alteração desconhecida: use os botões da página da conta".into(),
            )
            .await
        }
    };
    for alteracao in &alteracoes {
        if !estado
            .registro()
            .alterar_conta(&login, alteracao, &presidente, estado.agora())
            .await?
        {
            return Err(Falha::nova(
                StatusCode::NOT_FOUND,
                format!("não há conta com o nome de usuário «{login}»"),
            ));
        }
    }
    tracing::info!(target: "divisa::conta", login = %login, acao = %acao, por = %presidente, "conta alterada");
    let endereco = format!("/contas/{}", crate::codificar_url(&login));
    match senha {
        // a senha provisória aparece uma vez, nesta resposta (não num endereço que fica no
        // histórico do navegador)
        Some(s) => {
            let mensagem = format!(
                "Senha de {} redefinida; as sessões abertas da conta foram encerradas. Senha provisória: {s} — entregue-a à pessoa (ela a trocará ao entrar). Esta senha não será mostrada de novo.",
                atual.nome
            );
            let corpo = corpo_da_conta(&estado, &quem, &login, Some(("ok", mensagem))).await?;
            Ok(pagina(&quem, "Conta de acesso", corpo))
        }
        None => {
            let feito = match (acao.as_str(), alteracoes.as_slice()) {
                ("dados", []) => "nada",
                ("dados", [Alteracao::Papel(_)]) => "papel",
                ("dados", [_]) => acao_de(&alteracoes[0]),
                ("dados", l) if l.iter().any(|a| matches!(a, Alteracao::Papel(_))) => "papel",
                (outra, _) => outra,
            };
            Ok(Redirect::to(&format!("{endereco}?feito={feito}")).into_response())
        }
    }
}

/// O nome curto de uma alteração, para o aviso.
fn acao_de(a: &Alteracao) -> &'static str {
    match a {
        Alteracao::Nome(_) => "nome",
        Alteracao::Cargo(_) => "cargo",
        Alteracao::Papel(_) => "papel",
        _ => "dados",
    }
}
