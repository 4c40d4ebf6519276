//! O projeto de lei que a Comissão leva ao plenário depois do plebiscito (Art. 20, § 1º): o de
//! criação de município (Art. 7º) e o de revisão de limites por desmembramento (Arts. 5º e 8º).
//!
//! Leituras registradas:
//! - O Art. 7º enumera o que "a lei de criação" menciona. A fusão é criação: o Art. 4º fala em
//!   "criação de município que resulte de fusão de área territorial integral de dois ou mais
//!   municípios, com a extinção destes" — o projeto de fusão segue o Art. 7º, I a V, com as
//!   divisas da união dos municípios de origem (o trecho comum deixa de ser limite, inciso IV).
//! - A lei que desmembra uma área de um município para outro (Art. 8º, § 1º, na redação da LC
//!   nº 792/2024) não cria município: dela o divisa escreve o que os Arts. 5º e 8º exigem — a
//!   área com as divisas em linhas geodésicas entre vértices identificados, o novo limite entre
//!   os dois municípios e os números do Art. 8º, § 2º — sem ano de instalação nem FPM (Art. 7º,
//!   III e V), que não cabem.
//! - A incorporação (Art. 1º) extingue um município dentro de outro: o projeto diz isso e dá as
//!   novas divisas do que recebe (a união dos dois, Art. 5º). A repartição dos índices do
//!   FPM-ICMS-25 não tem regra na LC 23 fora da criação (Art. 7º, V): o projeto não a inventa.

use super::*;

mod criacao;
mod divisas_e_anexos;
mod extincao;
mod por_extenso;
mod revisao;

use criacao::*;
pub(super) use divisas_e_anexos::incisos;
use divisas_e_anexos::*;
use extincao::*;
use por_extenso::percentual_por_extenso;
use revisao::*;

/// O projeto de lei do caso: de criação (Art. 7º) ou de revisão de limites por desmembramento
/// (Arts. 5º e 8º), de fusão, de incorporação, de extinção ou de alteração de nome, na forma da
/// LC nº 95/1998 e do que a Assembleia publica: epígrafe (o título), autor, ementa, preâmbulo,
/// artigos, justificativa, local e data, assinaturas e, depois delas, os anexos.
pub fn projeto_de_lei(caso: &Caso<'_>) -> Result<Documento, crate::ErroDocumento> {
    let partes = projeto_do_tipo(caso)?;
    Ok(montar(caso, partes))
}

/// O que cada tipo de projeto escreve; [`montar`] o põe na forma da Casa.
struct Partes {
    /// A ementa (LC nº 95/1998, art. 5º).
    ementa: String,
    /// Os artigos, do "Art. 1º" à cláusula de vigência.
    artigos: Vec<Bloco>,
    /// A justificativa: o que a lei exige e como os autos o cumpriram, com os artigos citados.
    justificativa: Vec<Bloco>,
    /// Os anexos (título sem o número, conteúdo), numerados na ordem: ANEXO I, II…
    anexos: Vec<(String, Vec<Bloco>)>,
    /// Os dispositivos citados (URN LexML).
    citados: &'static [&'static str],
}

const ROMANOS: [&str; 10] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];

/// O preâmbulo (LC nº 95/1998, art. 6º). Leitura adotada (issue 33): o das leis ordinárias de
/// Mato Grosso, que citam o artigo da Constituição Estadual sobre a sanção — «tendo em vista o
/// que dispõe o art. 42 da Constituição Estadual» (a LC nº 23/1992, complementar, cita o art.
/// 45, o da lei complementar). A lei de criação, de incorporação, de fusão, de desmembramento,
/// de extinção ou de nome é ordinária (LC 23, Arts. 1º, 6º, § 2º, e 10: «por lei estadual»).
const PREAMBULO: &str = "A ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO, tendo em vista o que dispõe o art. 42 da Constituição Estadual, aprova e o Governador do Estado sanciona a seguinte Lei:";

/// O que a justificativa pode dizer do plebiscito e do parecer sobre o seu resultado (Art. 20,
/// § 1º): só o que consta dos autos (issue 33). Dos autos, com o parecer favorável aprovado, o
/// resultado e o parecer; de uma proposta avulsa, que esta é uma minuta anterior a eles. Um
/// resultado registrado que não aprovou a medida (Art. 11, § 2º) não dá projeto de lei: o
/// processo é arquivado (Art. 20, § 1º) — `Err`.
fn plebiscito_e_parecer(caso: &Caso<'_>, medida: &str) -> Result<String, crate::ErroDocumento> {
    let rejeitado = caso
        .avaliacao
        .achados
        .iter()
        .find(|a| a.dispositivo == "art11_par2" && a.situacao == Situacao::NaoAtende);
    if let Some(a) = rejeitado {
        return Err(crate::ErroDocumento::NaoCabe(format!(
            "o plebiscito registrado não aprovou {medida} ({}): sem a maioria absoluta dos eleitores inscritos (Art. 11, § 2º), não há projeto de lei — o processo é arquivado (Art. 20, § 1º)",
            a.apurado.trim_end_matches('.')
        )));
    }
    let parecer = caso.autos.and_then(|a| {
        a.eventos.iter().rev().find_map(|e| match &e.ato {
            divisa_processo::Ato::ParecerResultado { favoravel, .. } => Some((e.data, *favoravel)),
            _ => None,
        })
    });
    let realizado = caso
        .autos
        .and_then(|a| a.processo.plebiscito.as_ref().map(|(d, _)| *d));
    Ok(match (parecer, realizado) {
        (Some((dia, true)), Some(realizado)) => format!(
            "{}, o plebiscito realizado em {} aprovou {medida} pela maioria absoluta dos eleitores inscritos (Art. 11, § 2º), e a Comissão de Revisão Territorial, aprovado em {} o seu parecer favorável sobre o resultado (Art. 20), elabora este projeto de lei (Art. 20, § 1º).",
            no_processo(caso),
            fmt_data(realizado),
            fmt_data(dia)
        ),
        (Some((_, false)), _) => {
            return Err(crate::ErroDocumento::NaoCabe("o parecer da Comissão sobre o resultado do plebiscito foi contrário: o processo é arquivado, sem projeto de lei (Art. 20, § 1º)".into()))
        }
        _ => format!(
            "Esta é uma minuta: o projeto de lei só se apresenta depois que o plebiscito aprovar {medida} pela maioria absoluta dos eleitores inscritos (Art. 11, § 2º) e a Comissão de Revisão Territorial aprovar parecer favorável sobre o resultado (Art. 20, § 1º); nenhum dos dois consta de autos."
        ),
    })
}

/// O projeto na forma da Casa.
///
/// Autor: a Comissão de Revisão Territorial em todos os tipos. A LC 23 o diz da criação (Art.
/// 20, § 1º: "a Comissão de Revisão Territorial elaborará o projeto de lei") e da revisão de
/// limites (Art. 8º, caput: o Plano de Ação é da Comissão); a fusão é criação (Art. 4º) e a
/// incorporação tramita no mesmo rito (Arts. 11, 19 e 20). Da extinção (Art. 10) e da
/// alteração de nome (Art. 6º, § 2º) a lei não nomeia o autor: a representação do Prefeito não
/// é iniciativa de lei estadual, e a Comissão, a quem cabe a matéria territorial (Arts. 1º,
/// § 1º, e 21), é quem o processo do divisa faz apresentar o projeto — leitura que um
/// parlamentar pode trocar no ODT, se for ele o autor.
fn montar(caso: &Caso<'_>, partes: Partes) -> Documento {
    let mut blocos = vec![
        p("Autor: Comissão de Revisão Territorial"),
        Bloco::Ementa {
            texto: partes.ementa,
        },
        p(PREAMBULO),
    ];
    blocos.extend(partes.artigos);
    blocos.push(secao("JUSTIFICATIVA"));
    blocos.extend(partes.justificativa);
    blocos.extend(aviso_de_nao_atendidos(caso));
    // A ressalva constitucional onde ela incide (o alerta da avaliação): o projeto não pode
    // parecer incondicional diante da CF, art. 18, § 4º.
    if caso
        .avaliacao
        .alertas
        .iter()
        .any(|a| a.id == "cf_art18_par4")
    {
        blocos.push(p("A Constituição Federal, art. 18, § 4º (redação da Emenda Constitucional nº 15/1996), condiciona a criação, a incorporação, a fusão e o desmembramento de municípios ao período determinado por lei complementar federal, que ainda não foi editada (STF, ADO 3.682); o Supremo Tribunal Federal, na ADPF 819, declarou inconstitucionais as normas estaduais que permitam o surgimento de novos entes locais enquanto ela faltar, ressalvada a convalidação do ADCT, art. 96. A Comissão submete este projeto ciente dessa condição."));
    }
    blocos.push(p(format!(
        "Sala das Sessões, em Cuiabá, {}.",
        data_por_extenso(caso.data)
    )));
    blocos.extend(assinaturas_do_projeto(caso));
    for (i, (titulo, conteudo)) in partes.anexos.into_iter().enumerate() {
        blocos.push(Bloco::QuebraDePagina);
        blocos.push(secao(format!(
            "ANEXO {} — {titulo}",
            ROMANOS.get(i).copied().unwrap_or("X")
        )));
        blocos.extend(conteudo);
    }
    caso.documento(
        TipoDeDocumento::ProjetoDeLei,
        caso.epigrafe_do_projeto(),
        blocos,
        partes.citados,
    )
}

/// As assinaturas do projeto da Comissão: dos autos, quem o apresentou e os membros da Comissão
/// cadastrados (o Presidente primeiro), por nome e cargo; sem processo, as linhas com o cargo.
pub(super) fn assinaturas_do_projeto(caso: &Caso<'_>) -> Vec<Bloco> {
    let mut quem: Vec<String> = Vec::new();
    if let Some(a) = caso.autos {
        if let Some(autor) = a.eventos.iter().rev().find_map(|e| match &e.ato {
            divisa_processo::Ato::ApresentarProjetoDeLei { .. } => Some(a.pessoa(&e.ator)),
            _ => None,
        }) {
            quem.push(autor);
        }
        let da_comissao = |cargo: &str| {
            a.pessoas
                .values()
                .filter(move |v| v.ends_with(cargo))
                .cloned()
                .collect::<Vec<_>>()
        };
        for pessoa in da_comissao(divisa_processo::Papel::Presidente.cargo())
            .into_iter()
            .chain(da_comissao(divisa_processo::Papel::Membro.cargo()))
        {
            if !quem.contains(&pessoa) {
                quem.push(pessoa);
            }
        }
    }
    if quem.is_empty() {
        quem = vec![
            divisa_processo::Papel::Presidente.cargo().to_string(),
            "Relator(a) — Membro da Comissão de Revisão Territorial".to_string(),
            divisa_processo::Papel::Membro.cargo().to_string(),
        ];
    }
    quem.iter()
        .flat_map(|q| {
            // "Nome, Cargo" em duas linhas: o nome em negrito, o cargo embaixo
            let (nome, cargo) = match q.split_once(", ") {
                Some((n, c)) => (n.to_string(), Some(c.to_string())),
                None => (q.clone(), None),
            };
            let mut v = caso.assinatura(&nome);
            v.extend(cargo.map(|c| centro(c, false)));
            v
        })
        .collect()
}

fn projeto_do_tipo(caso: &Caso<'_>) -> Result<Partes, crate::ErroDocumento> {
    match caso.proposta.fatos.tipo {
        TipoLei::Criacao => criacao(caso),
        TipoLei::Desmembramento => desmembramento(caso),
        TipoLei::Fusao => fusao(caso),
        TipoLei::Incorporacao => incorporacao(caso),
        TipoLei::Extincao => extincao(caso),
        TipoLei::AlteracaoNome => alteracao_de_nome(caso),
        TipoLei::CriacaoDistrito => Err(crate::ErroDocumento::NaoCabe(
            "o distrito é criado por lei municipal (LC nº 23/1992, Art. 24, § 1º), não por lei estadual".into(),
        )),
    }
}

/// "do Município de A" ou "dos Municípios de A e B".
fn do_municipio(nomes: &[String]) -> String {
    if nomes.len() == 1 {
        format!("do Município de {}", nomes[0])
    } else {
        format!("dos Municípios de {}", lista_de_nomes(nomes))
    }
}

/// O processo para a justificativa: "No processo nº X" ou, antes do protocolo, "No processo".
fn no_processo(caso: &Caso<'_>) -> String {
    match caso.protocolo {
        Some(n) => format!("No processo nº {n}"),
        None => "No processo".to_string(),
    }
}

/// Os achados da avaliação que se aplicam, dos dispositivos com as citações dadas, como os
/// autos os cumpriram (a justificativa do projeto; a tabela fica no parecer).
fn como_os_autos_cumpriram(caso: &Caso<'_>, prefixos: &[&str]) -> Vec<Bloco> {
    caso.achados()
        .into_iter()
        .map(|(a, _)| a)
        .filter(|a| a.situacao != Situacao::NaoSeAplica)
        .filter(|a| prefixos.iter().any(|p| a.citacao.starts_with(p)))
        .map(|a| {
            recuado(format!(
                "{} — exigido: {}; apurado: {} ({}).",
                a.citacao,
                a.exigido.trim_end_matches('.'),
                a.apurado.trim_end_matches('.'),
                a.situacao.rotulo().to_lowercase()
            ))
        })
        .collect()
}

/// "A, B e C".
pub(super) fn lista_de_nomes(nomes: &[String]) -> String {
    match nomes {
        [] => String::new(),
        [um] => um.clone(),
        [inicio @ .., ultimo] => format!("{} e {ultimo}", inicio.join(", ")),
    }
}

/// Na justificativa, quando a avaliação na data aponta dispositivos não atendidos: o projeto
/// pode ser escrito (a Comissão decide), mas não sem dizer isso.
fn aviso_de_nao_atendidos(caso: &Caso<'_>) -> Option<Bloco> {
    let nao: Vec<&str> = caso
        .avaliacao
        .achados
        .iter()
        .filter(|a| a.situacao == Situacao::NaoAtende)
        .map(|a| a.citacao.as_str())
        .collect();
    (!nao.is_empty()).then(|| {
        p(format!(
            "Registre-se que, na avaliação da Lei Complementar nº 23/1992 em {}, {} o {}: o projeto só segue com o parecer favorável da Comissão (Art. 18), que examina o ponto.",
            fmt_data(caso.data),
            if nao.len() == 1 { "não foi atendido" } else { "não foram atendidos" },
            lista_de_nomes(&nao.iter().map(|s| s.to_string()).collect::<Vec<_>>())
        ))
    })
}
