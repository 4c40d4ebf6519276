//! O relatório de uma avaliação em três formas: texto para o terminal, JSON (CONTRACT §3) e uma
//! página HTML autônoma, para imprimir. Também a varredura estadual e o texto da lei.

use std::fmt::Write as _;

use divisa_lei::texto::{EmVigor, Lei};
use divisa_lei::{Achado, Avaliacao, Fatos, MunicipioVarrido, Situacao, Tipo};
use divisa_referencia::formato::{data as data_br, inteiro};
use jiff::civil::Date;
use serde::Serialize;

/// URN LexML da LC 23/1992 (CONTRACT §3).
pub const URN_LEI: &str = "urn:lex:br;mato.grosso:estadual:lei.complementar:1992-11-19;23";

/// Uma linha que diz o que está sendo avaliado ("criação de município «Vale do Juruena»").
pub fn descrever(fatos: &Fatos) -> String {
    let mt = divisa_referencia::mt().ok();
    let nome = |codigo: u32| {
        mt.and_then(|m| m.por_codigo(codigo))
            .map_or(codigo.to_string(), |m| m.nome.clone())
    };
    let complemento = match fatos.tipo {
        Tipo::Criacao | Tipo::Fusao => fatos
            .novo
            .as_ref()
            .and_then(|n| n.nome.clone())
            .map(|n| format!(" «{n}»")),
        Tipo::Incorporacao => fatos
            .incorporacao
            .map(|i| format!(": {} a {}", nome(i.municipio), nome(i.receptor))),
        Tipo::Desmembramento => fatos
            .desmembramento
            .as_ref()
            .map(|d| format!(": de {} para {}", nome(d.cedente), nome(d.receptor))),
        Tipo::Extincao => fatos.extincao.map(|e| format!(": {}", nome(e.municipio))),
        Tipo::CriacaoDistrito => fatos
            .distrito
            .as_ref()
            .map(|d| format!(" «{}» em {}", d.nome, nome(d.municipio))),
        Tipo::AlteracaoNome => fatos
            .alteracao_nome
            .as_ref()
            .map(|a| format!(": {} para «{}»", nome(a.municipio), a.nome_novo)),
    };
    format!(
        "{}{}",
        fatos.tipo.descricao(),
        complemento.unwrap_or_default()
    )
}

fn marca(situacao: Situacao) -> &'static str {
    match situacao {
        Situacao::Atende => "✔",
        Situacao::NaoAtende => "✘",
        Situacao::Pendente => "…",
        Situacao::NaoSeAplica => "–",
    }
}

fn artigo(achado: &Achado) -> u32 {
    achado
        .dispositivo
        .strip_prefix("art")
        .and_then(|r| r.split('_').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

fn titulo_artigo(numero: u32) -> String {
    if numero < 10 {
        format!("Art. {numero}º")
    } else {
        format!("Art. {numero}")
    }
}

/// Achados agrupados por artigo, na ordem da lei.
fn por_artigo(achados: &[Achado]) -> Vec<(u32, Vec<&Achado>)> {
    let mut grupos: Vec<(u32, Vec<&Achado>)> = Vec::new();
    let mut ordenados: Vec<&Achado> = achados.iter().collect();
    ordenados.sort_by_key(|a| artigo(a));
    for achado in ordenados {
        match grupos.last_mut() {
            Some((numero, lista)) if *numero == artigo(achado) => lista.push(achado),
            _ => grupos.push((artigo(achado), vec![achado])),
        }
    }
    grupos
}

fn contagem(achados: &[Achado]) -> String {
    let conta = |s: Situacao| achados.iter().filter(|a| a.situacao == s).count();
    let partes = [
        (conta(Situacao::NaoAtende), "não atendido", "não atendidos"),
        (conta(Situacao::Pendente), "pendente", "pendentes"),
        (conta(Situacao::Atende), "atendido", "atendidos"),
        (
            conta(Situacao::NaoSeAplica),
            "não se aplica",
            "não se aplicam",
        ),
    ];
    partes
        .iter()
        .filter(|(n, _, _)| *n > 0)
        .map(|(n, um, varios)| {
            format!(
                "{} {}",
                inteiro(*n as i64),
                if *n == 1 { um } else { varios }
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn conclusao_por_extenso(avaliacao: &Avaliacao) -> &'static str {
    match avaliacao.conclusao() {
        divisa_lei::Conclusao::Atende => "ATENDE",
        divisa_lei::Conclusao::NaoAtende => "NÃO ATENDE",
        divisa_lei::Conclusao::Inconclusivo => "INCONCLUSIVO",
    }
}

/// O relatório para o terminal: agrupado por artigo, com marcas ✔ ✘ … –.
pub fn texto(avaliacao: &Avaliacao, fatos: &Fatos) -> String {
    let mut saida = String::new();
    let _ = writeln!(saida, "Avaliação: {}", descrever(fatos));
    let _ = writeln!(
        saida,
        "Lei Complementar nº 23/1992 (MT), texto em vigor em {}",
        data_br(avaliacao.texto_em)
    );
    let _ = writeln!(
        saida,
        "Conclusão: {} — {}",
        conclusao_por_extenso(avaliacao),
        contagem(&avaliacao.achados)
    );
    let _ = writeln!(
        saida,
        "Legenda: ✔ atende · ✘ não atende · … pendente · – não se aplica"
    );
    for (numero, achados) in por_artigo(&avaliacao.achados) {
        let _ = writeln!(saida, "\n{}", titulo_artigo(numero));
        for achado in achados {
            let _ = writeln!(
                saida,
                "  {} {} — {}",
                marca(achado.situacao),
                achado.citacao,
                achado.situacao.rotulo()
            );
            if achado.exigido != "—" && !achado.exigido.is_empty() {
                let _ = writeln!(saida, "      exigido: {}", achado.exigido);
            }
            if achado.apurado != "—" && !achado.apurado.is_empty() {
                let _ = writeln!(saida, "      apurado: {}", achado.apurado);
            }
            if let Some(orgao) = achado.orgao {
                let _ = writeln!(saida, "      certifica: {orgao}");
            }
            if !achado.mensagem.is_empty() {
                let _ = writeln!(saida, "      {}", achado.mensagem);
            }
        }
    }
    if !avaliacao.alertas.is_empty() {
        let _ = writeln!(
            saida,
            "\nAlertas — direito federal, STF e números a conferir (não alteram a conclusão):"
        );
        for alerta in &avaliacao.alertas {
            let _ = writeln!(saida, "  • [{}] {}", alerta.id, alerta.mensagem);
        }
    }
    saida
}

#[derive(Serialize)]
struct RelatorioJson<'a> {
    lei: &'static str,
    texto_em: String,
    tipo: &'static str,
    conclusao: &'static str,
    achados: Vec<AchadoJson<'a>>,
    alertas: Vec<AlertaJson<'a>>,
}

#[derive(Serialize)]
struct AchadoJson<'a> {
    dispositivo: &'a str,
    citacao: &'a str,
    situacao: &'static str,
    exigido: &'a str,
    apurado: &'a str,
    orgao: Option<&'static str>,
    mensagem: &'a str,
}

#[derive(Serialize)]
struct AlertaJson<'a> {
    id: &'static str,
    mensagem: &'a str,
}

fn achados_json(achados: &[Achado]) -> Vec<AchadoJson<'_>> {
    achados
        .iter()
        .map(|a| AchadoJson {
            dispositivo: &a.dispositivo,
            citacao: &a.citacao,
            situacao: a.situacao.codigo(),
            exigido: &a.exigido,
            apurado: &a.apurado,
            orgao: a.orgao,
            mensagem: &a.mensagem,
        })
        .collect()
}

/// O relatório em JSON (CONTRACT §3), com as datas em ISO (AAAA-MM-DD).
pub fn json(avaliacao: &Avaliacao) -> String {
    let relatorio = RelatorioJson {
        lei: URN_LEI,
        texto_em: avaliacao.texto_em.to_string(),
        tipo: avaliacao.tipo.codigo(),
        conclusao: avaliacao.conclusao().codigo(),
        achados: achados_json(&avaliacao.achados),
        alertas: avaliacao
            .alertas
            .iter()
            .map(|a| AlertaJson {
                id: a.id,
                mensagem: &a.mensagem,
            })
            .collect(),
    };
    serde_json::to_string_pretty(&relatorio).unwrap_or_else(|e| format!("{{\"erro\": \"{e}\"}}"))
        + "\n"
}

/// Escapa texto para HTML (o escapador único, de `divisa_referencia::formato`).
pub use divisa_referencia::formato::escapar;

/// O relatório como uma página HTML autônoma (estilos embutidos, pronta para imprimir).
pub fn html(avaliacao: &Avaliacao, fatos: &Fatos, mapa: Option<&str>) -> String {
    let mut corpo = String::new();
    if let Some(svg) = mapa {
        // O SVG vem do território (nomes já escapados em `divisa_territorio::mapa`).
        let _ = writeln!(corpo, "<h2>Mapa</h2>\n<figure class=\"mapa\">{svg}<figcaption>Malha Municipal 2022 (IBGE); sedes da Base de Localidades 2022 (IBGE).</figcaption></figure>");
    }
    for (numero, achados) in por_artigo(&avaliacao.achados) {
        let _ = writeln!(corpo, "<h2>{}</h2>\n<table>\n<tr><th>Situação</th><th>Dispositivo</th><th>Exigido</th><th>Apurado</th><th>Certifica</th></tr>", titulo_artigo(numero));
        for a in achados {
            let _ = writeln!(
                corpo,
                "<tr class=\"{}\"><td>{} {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                a.situacao.codigo(),
                marca(a.situacao),
                escapar(a.situacao.rotulo()),
                escapar(&a.citacao),
                escapar(&a.exigido),
                escapar(&a.apurado),
                escapar(a.orgao.unwrap_or("—"))
            );
            if !a.mensagem.is_empty() {
                let _ = writeln!(
                    corpo,
                    "<tr class=\"nota\"><td></td><td colspan=\"4\">{}</td></tr>",
                    escapar(&a.mensagem)
                );
            }
        }
        corpo.push_str("</table>\n");
    }
    if !avaliacao.alertas.is_empty() {
        corpo.push_str("<h2>Alertas: direito federal, STF e números a conferir</h2>\n<p class=\"aviso\">Os alertas não alteram a conclusão: o relatório aplica a lei estadual como escrita.</p>\n<ul>\n");
        for alerta in &avaliacao.alertas {
            let _ = writeln!(
                corpo,
                "<li><code>{}</code> {}</li>",
                escapar(alerta.id),
                escapar(&alerta.mensagem)
            );
        }
        corpo.push_str("</ul>\n");
    }
    format!(
        r#"<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>divisa — {titulo}</title>
<style>
body {{ font-family: "DejaVu Sans", Arial, sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; line-height: 1.4; }}
h1 {{ font-size: 1.4rem; margin-bottom: .2rem; }}
h2 {{ font-size: 1.1rem; margin-top: 1.6rem; border-bottom: 1px solid #999; }}
table {{ border-collapse: collapse; width: 100%; font-size: .9rem; }}
th, td {{ text-align: left; vertical-align: top; padding: .3rem .4rem; border-bottom: 1px solid #ddd; }}
tr.atende td:first-child {{ color: #1b6e20; }}
tr.nao_atende td:first-child {{ color: #b00020; font-weight: bold; }}
tr.pendente td:first-child {{ color: #8a5a00; }}
tr.nao_se_aplica td:first-child {{ color: #666; }}
tr.nota td {{ color: #444; font-size: .85rem; border-bottom: 1px solid #bbb; }}
.conclusao {{ font-size: 1.1rem; font-weight: bold; }}
.aviso {{ font-style: italic; }}
figure.mapa {{ margin: 0; }} figure.mapa svg {{ max-width: 100%; height: auto; border: 1px solid #ccc; }}
figcaption {{ font-size: .8rem; color: #555; }}
@media print {{ body {{ margin: 0; max-width: none; }} }}
</style>
</head>
<body>
<h1>Avaliação: {titulo}</h1>
<p>Lei Complementar nº 23/1992 (MT), texto em vigor em {data}</p>
<p class="conclusao">Conclusão: {conclusao} — {contagem}</p>
{corpo}<p><small>Gerado pelo divisa. {urn}</small></p>
</body>
</html>
"#,
        titulo = escapar(&descrever(fatos)),
        data = data_br(avaliacao.texto_em),
        conclusao = conclusao_por_extenso(avaliacao),
        contagem = escapar(&contagem(&avaliacao.achados)),
        urn = URN_LEI,
    )
}

/// A varredura estadual em texto: os municípios passíveis de extinção primeiro.
pub fn varredura_texto(municipios: &[MunicipioVarrido], data: Date) -> String {
    let mut saida = String::new();
    let passiveis: Vec<&MunicipioVarrido> =
        municipios.iter().filter(|m| m.passivel_extincao).collect();
    let todos = municipios
        .iter()
        .filter(|m| m.perde_todos_os_apuraveis)
        .count();
    let _ = writeln!(saida, "Varredura: {} municípios de Mato Grosso diante do Art. 2º, I a V (Art. 10, I), texto em vigor em {}", inteiro(municipios.len() as i64), data_br(data));
    let _ = writeln!(saida, "{}", divisa_lei::LEITURA_ART10_INC1);
    let _ = writeln!(
        saida,
        "Passíveis de extinção: {} (pela leitura estrita, que exigiria perder todos os requisitos apuráveis: {}).",
        inteiro(passiveis.len() as i64),
        inteiro(todos as i64)
    );
    let _ = writeln!(saida, "Casas do centro urbano (III) e arrecadação (V) não estão nos dados embutidos: ficam pendentes em todos.\n");
    for municipio in passiveis {
        let _ = writeln!(saida, "{} ({})", municipio.nome, municipio.codigo_ibge);
        for achado in municipio
            .achados
            .iter()
            .filter(|a| a.situacao == Situacao::NaoAtende)
        {
            let _ = writeln!(
                saida,
                "  ✘ {}: {} — exigido: {}",
                achado.citacao, achado.apurado, achado.exigido
            );
        }
    }
    saida
}

#[derive(Serialize)]
struct VarreduraJson<'a> {
    lei: &'static str,
    texto_em: String,
    municipios: Vec<MunicipioJson<'a>>,
}

#[derive(Serialize)]
struct MunicipioJson<'a> {
    codigo_ibge: u32,
    nome: &'a str,
    passivel_extincao: bool,
    achados: Vec<AchadoJson<'a>>,
}

/// A varredura em JSON (CONTRACT §1).
pub fn varredura_json(municipios: &[MunicipioVarrido], data: Date) -> String {
    let relatorio = VarreduraJson {
        lei: URN_LEI,
        texto_em: data.to_string(),
        municipios: municipios
            .iter()
            .map(|m| MunicipioJson {
                codigo_ibge: m.codigo_ibge,
                nome: &m.nome,
                passivel_extincao: m.passivel_extincao,
                achados: achados_json(&m.achados),
            })
            .collect(),
    };
    serde_json::to_string_pretty(&relatorio).unwrap_or_else(|e| format!("{{\"erro\": \"{e}\"}}"))
        + "\n"
}

/// O texto da lei (ou de um dispositivo) em vigor em `data`, com cada alteração marcada.
pub fn texto_da_lei(lei: &Lei, data: Date, dispositivo: Option<&str>) -> String {
    let mut saida = String::new();
    if dispositivo.is_none() {
        let _ = writeln!(
            saida,
            "{}\n{}\nTexto em vigor em {}\n",
            lei.epigrafe,
            lei.ementa,
            data_br(data)
        );
    }
    for d in lei
        .dispositivos()
        .iter()
        .filter(|d| dispositivo.is_none_or(|id| d.id == id))
    {
        match d.em(data) {
            Some(EmVigor::Texto(redacao)) => {
                let nota = if lei.norma(redacao).id == "original" {
                    String::new()
                } else {
                    format!(
                        " ({} pela {}, em vigor desde {})",
                        if redacao.acrescentado {
                            "Acrescentado"
                        } else {
                            "Redação dada"
                        },
                        lei.norma(redacao).nome,
                        data_br(redacao.vigente_desde)
                    )
                };
                let _ = writeln!(
                    saida,
                    "{} — {}{nota}",
                    d.rotulo,
                    redacao.texto.as_deref().unwrap_or("")
                );
            }
            Some(EmVigor::NaoDisponivel(redacao)) => {
                let _ = writeln!(saida, "{} — [redação anterior não disponível: vigorava a {}, cujo texto não foi encontrado]", d.rotulo, lei.norma(redacao).nome);
            }
            // Na lei inteira, um dispositivo que ainda não existia simplesmente não aparece.
            Some(EmVigor::Inexistente(redacao)) if dispositivo.is_some() => {
                let _ = writeln!(
                    saida,
                    "{} — [não existia em {}: acrescentado pela {} em {}]",
                    d.rotulo,
                    data_br(data),
                    lei.norma(redacao).nome,
                    data_br(redacao.vigente_desde)
                );
            }
            Some(EmVigor::Inexistente(_)) | None => {}
        }
    }
    saida
}
