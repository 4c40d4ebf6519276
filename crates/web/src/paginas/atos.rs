//! Os atos pela página: o formulário (simples ou com arquivos) lido, decidido pelo registro e,
//! recusado, devolvido com o erro no campo.

use super::*;
use crate::formularios::campos_e_arquivos;

pub(crate) async fn ato(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
    req: axum::extract::Request,
) -> Result<Response, Falha> {
    let (campos, arquivos) = campos_e_arquivos(req).await?;
    // os arquivos do ato e, na proposta juntada pelos campos, o do território que ela cita
    let area = arquivos
        .iter()
        .rfind(|(campo, _)| campo == "area")
        .map(|(_, a)| a.nome.clone());
    let arquivos: Vec<divisa_registro::ArquivoNovo> = arquivos
        .into_iter()
        .filter(|(campo, _)| campo == "anexo" || campo == "area")
        .map(|(_, a)| a)
        .collect();
    quem.conferir_csrf(campo(&campos, "csrf").as_deref())?;
    quem.exigir_conta()?;
    match registrar_ato(&estado, &quem, &protocolo, &campos, &arquivos, area).await {
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
                let pessoas = estado.pessoas().await;
                if let Ok((_, eventos)) = estado
                    .registro()
                    .eventos_visiveis(&protocolo, &quem.ator())
                    .await
                {
                    let depois: Vec<String> = eventos
                        .iter()
                        .filter(|e| e.seq > lida)
                        .map(|e| format!("{} ({})", e.ato.resumo_para(&pessoas), fmt_data(e.data)))
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

pub(crate) async fn registrar_ato(
    estado: &Estado,
    quem: &Quem,
    protocolo: &str,
    campos: &Campos,
    arquivos: &[divisa_registro::ArquivoNovo],
    area: Option<String>,
) -> Result<u64, Falha> {
    let tipo = campo(campos, "tipo").unwrap_or_default();
    let Some(modelo) = catalogo::da_pagina(&tipo) else {
        return Err(Falha::no_campo(
            "tipo",
            if divisa_processo::TipoDeAto::de_codigo(&tipo)
                == Some(divisa_processo::TipoDeAto::PedirUrgencia)
            {
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
    let montada = proposta_pelos_campos(estado, protocolo, modelo, campos, area).await?;
    let ato = catalogo::ato_do_formulario(modelo, &|n| match (&montada, n) {
        (Some(t), "c_proposta") => Some(t.clone()),
        _ => campo(campos, n),
    })
    .map_err(|(c, m)| Falha::no_campo(&c, m))?;
    Falha::papel(quem.papel(), &ato)?;
    let e = crate::anexar(estado, protocolo, versao, &quem.ator(), ato, arquivos, data).await?;
    Ok(e.seq)
}

/// «Juntar a proposta» pelos campos (issue 32): sem a proposta escrita, a versão nova é a que
/// os autos têm com os campos do formulário no lugar (o que o formulário não mostra continua);
/// o território é o arquivo enviado junto ou, sem ele, o que a proposta já citava. `None` nos
/// outros atos e quando veio a proposta escrita.
pub(crate) async fn proposta_pelos_campos(
    estado: &Estado,
    protocolo: &str,
    modelo: &divisa_processo::Definicao,
    campos: &Campos,
    area: Option<String>,
) -> Result<Option<String>, Falha> {
    let escrita = campo(campos, "c_proposta").is_some_and(|t| !t.trim().is_empty());
    if modelo.tipo != divisa_processo::TipoDeAto::AnexarProposta
        || escrita
        || campo(campos, "f_tipo").is_none()
    {
        return Ok(None);
    }
    let atual = estado
        .registro()
        .carregar(protocolo)
        .await?
        .processo
        .proposta;
    // o arquivo do território enviado agora (o ato o junta com os outros, e a proposta o cita
    // pelo nome) ou o que a proposta já citava
    let area = area
        .map(|n| {
            std::path::Path::new(&n)
                .file_name()
                .map_or(n.clone(), |f| f.to_string_lossy().to_string())
        })
        .or_else(|| campo(campos, crate::formulario::AREA_ATUAL).filter(|a| !a.is_empty()));
    let montada = crate::formulario::proposta(&|n| {
        if n == crate::formulario::ARQUIVO_DA_AREA {
            area.clone()
        } else {
            campo(campos, n)
        }
    })
    .map_err(|e| {
        Falha::no_campo(
            e.campo.unwrap_or("proposta"),
            format!(
                "a proposta não foi juntada: {}",
                crate::formulario::texto_do_erro(&e)
            ),
        )
    })?;
    divisa_avaliacao::proposta::edicao::editar(
        atual.as_deref(),
        &montada,
        crate::formulario::CHAVES,
    )
    .map(Some)
    .map_err(|m| Falha::no_campo("proposta", m.to_string()))
}
