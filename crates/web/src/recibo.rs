//! O recibo do protocolo (Art. 14): a página própria, refeita dos autos para recarregar,
//! imprimir ou guardar, e o redirecionamento a ela depois de protocolar.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;

use crate::contas::Quem;
use crate::html::{aviso, html, pagina, Markup};
use crate::{caminho_do_processo, Estado, Falha};

/// Post/Redirect/Get: depois do protocolo, o navegador vai à página do recibo (303), que se
/// recarrega e imprime sem reenviar nada.
pub(crate) fn ao_recibo(protocolo: &str) -> Response {
    use axum::response::IntoResponse as _;
    (
        StatusCode::SEE_OTHER,
        [(
            axum::http::header::LOCATION,
            format!("{}/recibo", caminho_do_processo(protocolo)),
        )],
    )
        .into_response()
}

/// O recibo do protocolo (Art. 14), página própria: refeito dos autos, para recarregar,
/// imprimir ou guardar.
/// O recibo de protocolo em HTML: os mesmos dados de [`divisa_registro::Recibo::texto`] (a
/// versão em texto da linha de comando), numa lista que se imprime limpa (sem o menu).
fn recibo_html(recibo: &divisa_registro::Recibo) -> Markup {
    let p = &recibo.processo;
    let linhas = [
        ("Protocolo nº", html! { (recibo.protocolo.to_string()) }),
        (
            "Representação",
            html! { (p.tipo.nome()) " — “" (p.nome) "”" },
        ),
        (
            "Municípios de origem",
            html! { (p.municipios_origem.join(", ")) },
        ),
        ("Representante", html! { (p.representante) }),
        (
            "Assinaturas de eleitores",
            html! { (divisa_referencia::formato::inteiro(i64::from(p.assinaturas))) },
        ),
        (
            "Protocolada em",
            html! {
                (divisa_referencia::formato::data(recibo.data))
                " (registrada em "
                (divisa_registro::data_e_hora_em_cuiaba(recibo.registrado_em))
                ", hora de Cuiabá)"
            },
        ),
    ]
    .into_iter()
    .chain(
        recibo
            .linhas_dos_documentos()
            .into_iter()
            .chain(recibo.linha_do_art6())
            .map(|(rotulo, valor)| (rotulo, html! { (valor) })),
    )
    .chain([(
        "Código de verificação",
        html! {
            code { (recibo.codigo()) }
            " — confira em "
            a href={ "/verificar?codigo=" (recibo.codigo()) } { "Verificar documento" }
        },
    )]);
    html! {
        section id="recibo" class="recibo" aria-labelledby="recibo-titulo" {
            h2 id="recibo-titulo" { "RECIBO DE PROTOCOLO" }
            p { "Assembleia Legislativa do Estado de Mato Grosso — Comissão de Revisão Territorial (LC nº 23/1992, Art. 14)" }
            dl {
                @for (rotulo, valor) in linhas {
                    dt { (rotulo) }
                    dd { (valor) }
                }
            }
            p { "Guarde este número e este código: com eles a comunidade acompanha o processo, e qualquer pessoa confere o protocolo e que o registro não foi alterado em «Verificar documento»." }
        }
    }
}

pub(crate) async fn recibo(
    State(estado): State<Estado>,
    quem: Quem,
    axum::extract::Path(protocolo): axum::extract::Path<String>,
) -> Result<Response, Falha> {
    let ator = quem.ator();
    // quem não vê o processo também não vê o recibo
    let (processo, eventos) = estado
        .registro()
        .eventos_visiveis(&protocolo, &ator)
        .await?;
    // os arquivos do protocolo só para quem protocolou e para quem vê os autos inteiros
    let ve_arquivos = processo.protocolado_por == ator.id
        || processo
            .pode(&ator, divisa_processo::Acao::VerCompleto)
            .is_ok();
    let recibo = estado.registro().recibo(&protocolo).await?;
    // o hash de cada arquivo do protocolo já está no evento (não se relê o arquivo)
    let juntados: Vec<&divisa_processo::Anexo> = if ve_arquivos {
        eventos
            .first()
            .map(|e| e.anexos.iter().collect())
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let guardados = if ve_arquivos {
        estado.registro().arquivos(&protocolo).await?
    } else {
        Vec::new()
    };
    let corpo = html! {
        h1 { "Representação protocolada" }
        (aviso("ok", &format!("Representação protocolada com o nº {}.", recibo.protocolo)))
        (recibo_html(&recibo))
        p class="acoes" {
            button type="button" class="imprimir" { "Imprimir o recibo" }
            " "
            a href=(caminho_do_processo(&protocolo)) { "Ir para o processo" }
        }
        p class="historico" { "Para guardar em PDF, escolha «Salvar como PDF» ao imprimir. Esta página pode ser recarregada: nada é protocolado de novo." }
        @if !juntados.is_empty() {
            p { "Arquivos recebidos com o protocolo:" }
            ul {
                @for a in &juntados {
                    li {
                        @if let Some(d) = a.documento {
                            (d.nome_no(recibo.processo.tipo)) ": "
                        } @else if let Some(g) = guardados.iter().find(|g| g.evento_seq == Some(1) && g.nome == a.nome) {
                            (g.finalidade.rotulo()) ": "
                        }
                        (a.nome) " (" (a.formato()) "; SHA-256 " (a.sha256) ")"
                    }
                }
            }
        }
    };
    Ok(pagina(&quem, "Recibo de protocolo", corpo))
}
