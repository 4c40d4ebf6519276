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

/// O projeto de lei do caso: de criação (Art. 7º) ou de revisão de limites por desmembramento
/// (Arts. 5º e 8º), de fusão, de incorporação, de extinção ou de alteração de nome, na forma da
/// LC nº 95/1998 e do que a Assembleia publica: epígrafe (o título), autor, ementa, preâmbulo,
/// artigos, justificativa, local e data, assinaturas e, depois delas, os anexos.
pub fn projeto_de_lei(caso: &Caso<'_>) -> Result<Documento, String> {
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
fn plebiscito_e_parecer(caso: &Caso<'_>, medida: &str) -> Result<String, String> {
    let rejeitado = caso
        .avaliacao
        .achados
        .iter()
        .find(|a| a.dispositivo == "art11_par2" && a.situacao == Situacao::NaoAtende);
    if let Some(a) = rejeitado {
        return Err(format!(
            "o plebiscito registrado não aprovou {medida} ({}): sem a maioria absoluta dos eleitores inscritos (Art. 11, § 2º), não há projeto de lei — o processo é arquivado (Art. 20, § 1º)",
            a.apurado.trim_end_matches('.')
        ));
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
            return Err("o parecer da Comissão sobre o resultado do plebiscito foi contrário: o processo é arquivado, sem projeto de lei (Art. 20, § 1º)".into())
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
        Tipo::ProjetoDeLei,
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

fn projeto_do_tipo(caso: &Caso<'_>) -> Result<Partes, String> {
    match caso.proposta.fatos.tipo {
        TipoLei::Criacao => criacao(caso),
        TipoLei::Desmembramento => desmembramento(caso),
        TipoLei::Fusao => fusao(caso),
        TipoLei::Incorporacao => incorporacao(caso),
        TipoLei::Extincao => extincao(caso),
        TipoLei::AlteracaoNome => alteracao_de_nome(caso),
        TipoLei::CriacaoDistrito => Err(
            "o distrito é criado por lei municipal (LC nº 23/1992, Art. 24, § 1º), não por lei estadual".into(),
        ),
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

/// A lei que declara a extinção (Art. 10): o fundamento (I, II ou III), para onde vai o
/// território (§ 1º: o de origem; § 2º: o contíguo indicado) e a sucessão.
fn extincao(caso: &Caso<'_>) -> Result<Partes, String> {
    use divisa_lei::fatos::MotivoExtincao as M;
    let Some(e) = &caso.proposta.fatos.extincao else {
        return Err("a proposta de extinção não traz o município a extinguir".into());
    };
    let nome = nome_municipio(e.municipio);
    let (fundamento, destino) = match e.motivo {
        M::PerdaRequisitos => (
            "por ter perdido os requisitos de população, eleitorado, centro urbano, valor adicionado e arrecadação exigidos para a criação de municípios",
            e.municipio_de_origem,
        ),
        M::InundacaoDestruicao => (
            "em razão da inundação ou destruição da cidade-sede, sendo materialmente impossível a transferência da população para outro ponto do território municipal",
            e.municipio_de_origem,
        ),
        M::RequerimentoEleitores => (
            "a requerimento da maioria absoluta dos eleitores residentes ou domiciliados no território municipal",
            e.municipio_contiguo,
        ),
    };
    let Some(destino) = destino else {
        return Err(match e.motivo {
            M::RequerimentoEleitores => format!("a lei de extinção deve dizer a que município contíguo o território de {nome} passa, o que os eleitores requerentes indicam (Art. 10, § 2º): informe-o na proposta"),
            _ => format!("a lei de extinção deve dizer a que município de origem o território de {nome} volta (Art. 10, § 1º), e os dados embutidos não o registram: informe-o na proposta"),
        });
    };
    let destino = nome_municipio(destino);
    let como = match e.motivo {
        M::RequerimentoEleitores => format!("passa a pertencer ao Município de {destino}, contíguo, indicado pelos eleitores requerentes"),
        _ => format!("volta a pertencer ao Município de {destino}, de que se originou"),
    };
    // o motivo vai à justificativa, com os números; o Art. 1º declara a extinção e o destino
    let (efeitos, ano) = transicao(caso.data)?;
    let artigos = vec![
        recuado(format!(
            "Art. 1º Fica extinto o Município de {nome}, cujo território {como}."
        )),
        recuado(format!(
            "Art. 2º As divisas do Município de {destino} passam a abranger as do Município extinto com os demais municípios, deixando de ser limite intermunicipal a divisa entre os dois."
        )),
        recuado(format!(
            "Art. 3º O Município de {destino} sucede o Município extinto nos seus bens, direitos e obrigações, e os servidores do Município extinto passam a integrar o quadro de pessoal do Município de {destino}, observado o regime jurídico de cada vínculo."
        )),
        recuado(format!(
            "Art. 4º A extinção produz efeitos {efeitos}; até lá, o Município de {nome} conserva os seus órgãos, e os mandatos em curso nele se cumprem."
        )),
        recuado("Art. 5º Esta Lei entra em vigor na data de sua publicação."),
    ];

    let (inciso, paragrafo) = match e.motivo {
        M::PerdaRequisitos => (
            "I, por perda dos requisitos dos incisos I a V do Art. 2º",
            "§ 1º, o Município extinto volta a pertencer ao de sua origem",
        ),
        M::InundacaoDestruicao => (
            "II, por inundação ou destruição da cidade-sede",
            "§ 1º, o Município extinto volta a pertencer ao de sua origem",
        ),
        M::RequerimentoEleitores => (
            "III, a requerimento da maioria absoluta dos eleitores",
            "§ 2º, os eleitores requerentes indicam o município contíguo a que desejam pertencer",
        ),
    };
    let mut justificativa = vec![
        p(format!(
            "A extinção de município é declarada em lei estadual e pode ocorrer a qualquer tempo nas hipóteses do Art. 10 da Lei Complementar nº 23, de 19 de novembro de 1992. {}, a hipótese é a do inciso {inciso}: o Município de {nome} se extingue {fundamento}. O destino do território: pelo Art. 10, {paragrafo}.{}",
            no_processo(caso),
            if caso.autos.is_some() { " Os autos demonstram:" } else { " A proposta declara, e a avaliação da lei na data apura, como prévia (os números a certificar pelos órgãos do Art. 2º, § 2º):" }
        )),
    ];
    justificativa.extend(como_os_autos_cumpriram(caso, &["Art. 10", "Art. 2º"]));
    justificativa.push(p(format!("A sucessão do Município extinto pelo Município que recebe o seu território (art. 3º do projeto) segue a regra da sucessão entre entes na alteração territorial: quem recebe o território recebe os bens, os direitos e as obrigações a ele vinculados. A extinção produz efeitos com a posse dos eleitos na eleição municipal seguinte (art. 4º do projeto), para que nenhum mandato se interrompa e a transição se faça no exercício fiscal seguinte, em {ano}.")));
    Ok(Partes {
        ementa: format!(
            "Declara extinto o Município de {nome}, cujo território passa a integrar o Município de {destino}, e dá outras providências."
        ),
        artigos,
        justificativa,
        anexos: Vec::new(),
        citados: &["art10_cpt", "art10_par1", "art10_par2"],
    })
}

/// A lei que altera o nome (Art. 6º, § 2º): por lei estadual, depois da representação do
/// Prefeito, da aprovação da Câmara por 2/3 e do plebiscito.
fn alteracao_de_nome(caso: &Caso<'_>) -> Result<Partes, String> {
    let Some(a) = &caso.proposta.fatos.alteracao_nome else {
        return Err("a proposta de alteração de nome não traz o município e o nome novo".into());
    };
    let atual = nome_municipio(a.municipio);
    let artigos = vec![
        recuado(format!(
            "Art. 1º O Município de {atual} passa a denominar-se Município de {}.",
            a.nome_novo
        )),
        recuado("Art. 2º Esta Lei entra em vigor na data de sua publicação."),
    ];
    let mut fatos = Vec::new();
    if let (Some(m), Some(v)) = (a.membros_camara, a.votos_favoraveis) {
        fatos.push(format!(
            "a Câmara Municipal aprovou a alteração por {} dos seus {} membros",
            inteiro(v as i64),
            inteiro(m as i64)
        ));
    }
    if let Some(p) = caso.proposta.fatos.plebiscito {
        fatos.push(format!(
            "no plebiscito, o nome novo teve {} votos SIM e {} NÃO",
            inteiro(p.votos_sim as i64),
            inteiro(p.votos_nao as i64)
        ));
    }
    let mut justificativa = String::from(
        "A alteração do nome do município pode ser feita a qualquer tempo, por lei estadual, mediante representação fundamentada feita pelo Prefeito, com aprovação da Câmara Municipal pelo voto favorável de 2/3 dos seus membros, depois de ouvida a população em plebiscito fiscalizado pelos Diretórios Municipais dos partidos políticos (Lei Complementar nº 23/1992, Art. 6º, § 2º).",
    );
    if !fatos.is_empty() {
        justificativa.push_str(&format!(
            " {}, {}.",
            if caso.autos.is_some() {
                no_processo(caso)
            } else {
                "Segundo a proposta, ainda sem autos".to_owned()
            },
            // "a; e b", sem "e" solto quando é um só
            match fatos.as_slice() {
                [um] => um.clone(),
                [inicio @ .., ultimo] => format!("{}; e {ultimo}", inicio.join("; ")),
                [] => String::new(),
            }
        ));
    }
    Ok(Partes {
        ementa: format!(
            "Altera a denominação do Município de {atual} para Município de {}.",
            a.nome_novo
        ),
        artigos,
        justificativa: std::iter::once(p(justificativa))
            .chain(toponimos_correlatos(caso))
            .collect(),
        anexos: Vec::new(),
        citados: &["art6_cpt", "art6_par1", "art6_par2"],
    })
}

/// A união dos municípios da Malha Municipal 2022 e o seu memorial com os confrontantes; `None`
/// se algum não está na malha (Boa Esperança do Norte, criado depois dela).
fn uniao_da_malha(
    codigos: &[u32],
) -> Result<Option<divisa_territorio::memorial::Memorial>, String> {
    let mut poligonos = Vec::new();
    for &codigo in codigos {
        match divisa_referencia::malha::poligono(codigo).map_err(|e| e.to_string())? {
            Some(p) => poligonos.push(p),
            None => return Ok(None),
        }
    }
    let referencias: Vec<&geo::MultiPolygon<f64>> = poligonos.iter().collect();
    let uniao =
        divisa_territorio::operacoes::uniao_de_todos(&referencias).map_err(|e| e.to_string())?;
    let (memorial, _) = divisa_avaliacao::territorio::memorial_com_confrontantes(&uniao)
        .map_err(|e| e.to_string())?;
    Ok(Some(memorial))
}

/// As divisas do território que resulta da fusão ou da incorporação, por confrontante, nas
/// palavras da lei em vigor: "com o Município de X: pelas divisas vigentes entre os Municípios
/// de A e X". As divisas com os vizinhos que já existem são as da legislação estadual em
/// vigor, e não a Malha Municipal do IBGE, que é uma representação cartográfica delas: escrever
/// a malha vértice a vértice numa lei faria dela a divisa legal (e com os erros da generalização
/// cartográfica). Só uma linha nova — um memorial certificado — se descreve por vértices.
///
/// Quem confronta quem sai da malha (dois polígonos que se tocam); um vizinho que toque um dos
/// municípios só num ponto entra, o que não muda a divisa escrita (ela é a vigente entre os
/// dois). Trechos sem município confrontante na malha são os limites com outra Unidade da
/// Federação.
fn divisas_vigentes(
    origens: &[u32],
    memorial: Option<&divisa_territorio::memorial::Memorial>,
) -> Result<Vec<String>, String> {
    use geo::{BoundingRect, Intersects};
    let malha = divisa_referencia::malha::carregar().map_err(|e| e.to_string())?;
    let mt = divisa_referencia::mt().map_err(|e| e.to_string())?;
    let nome_de = |codigo: u32, malha_2022: &str| {
        mt.por_codigo(codigo)
            .map_or_else(|| malha_2022.to_owned(), |m| m.nome.clone())
    };
    let proprios: Vec<(String, &geo::MultiPolygon<f64>)> = malha
        .iter()
        .filter(|(e, _)| origens.contains(&e.codigo))
        .map(|(e, mp)| (nome_de(e.codigo, e.nome_malha_2022), mp))
        .collect();
    let mut itens: Vec<(String, Vec<String>)> = Vec::new();
    for (e, mp) in &malha {
        if origens.contains(&e.codigo) {
            continue;
        }
        let Some(caixa) = mp.bounding_rect() else {
            continue;
        };
        let vizinho = nome_de(e.codigo, e.nome_malha_2022);
        let tocados: Vec<String> = proprios
            .iter()
            .filter(|(_, p)| {
                p.bounding_rect().is_some_and(|c| c.intersects(&caixa)) && p.intersects(mp)
            })
            .map(|(n, _)| n.clone())
            .collect();
        if !tocados.is_empty() {
            itens.push((vizinho, tocados));
        }
    }
    itens.sort_by(|a, b| {
        divisa_referencia::nomes::chave(&a.0).cmp(&divisa_referencia::nomes::chave(&b.0))
    });
    let mut linhas: Vec<String> = itens
        .iter()
        .map(|(vizinho, tocados)| {
            let entre: Vec<String> = tocados
                .iter()
                .map(|t| format!("entre os Municípios de {t} e {vizinho}"))
                .collect();
            format!(
                "com o Município de {vizinho}: pelas divisas vigentes {}",
                lista_de_nomes(&entre)
            )
        })
        .collect();
    let interestadual = memorial.is_some_and(|m| {
        m.aneis
            .iter()
            .filter(|a| !a.interior)
            .flat_map(|a| &a.lados)
            .any(|l| l.confrontante.is_none())
    });
    if interestadual {
        let nomes: Vec<String> = proprios.iter().map(|(n, _)| n.clone()).collect();
        linhas.push(format!(
            "nos demais trechos: pelos limites vigentes {} com outra Unidade da Federação",
            do_municipio(&nomes)
        ));
    }
    Ok(linhas)
}

/// As linhas das divisas como incisos: "I – …;", "II – …; e", "III – …."
pub(super) fn incisos(linhas: &[String]) -> Vec<Bloco> {
    let n = linhas.len();
    linhas
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let fim = if i + 1 == n {
                "."
            } else if i + 2 == n {
                "; e"
            } else {
                ";"
            };
            recuado(format!(
                "{} – {l}{fim}",
                ROMANOS
                    .get(i)
                    .map_or_else(|| (i + 1).to_string(), |r| r.to_string())
            ))
        })
        .collect()
}

/// O mapa como anexo, quando há o que desenhar.
fn anexo_do_mapa(caso: &Caso<'_>, anexos: &mut Vec<(String, Vec<Bloco>)>) {
    if let Some(mapa) = caso.mapa() {
        anexos.push(("MAPA".to_string(), vec![mapa]));
    }
}

/// O memorial descritivo (vértices) como anexo: só de uma linha nova, a do arquivo da proposta.
fn anexo_do_memorial(
    m: &divisa_territorio::memorial::Memorial,
    do_que: &str,
    anexos: &mut Vec<(String, Vec<Bloco>)>,
) {
    let mut v = vec![p(format!(
        "Área geodésica (elipsoide GRS80): {}; área em Albers do IBGE: {}; perímetro: {} km.",
        km2(m.medida.area_m2 / 1e6),
        km2(m.area_albers_m2 / 1e6),
        divisa_referencia::formato::decimal(m.medida.perimetro_m / 1000.0, 3)
    ))];
    v.extend(tabela_do_memorial(m));
    anexos.push((format!("MEMORIAL DESCRITIVO{do_que}"), v));
}

/// A instalação (Art. 7º, III; Art. 1º, § 2º): o ano, com a posse dos eleitos na eleição
/// municipal seguinte ao corte do Art. 3º, em 1º de janeiro (CF, art. 29, III). A data-limite de
/// publicação do Art. 3º vai à justificativa, com a ressalva da ADPF 819.
fn instalacao(n: u32, municipio: &str, data: Date) -> Result<(Bloco, Bloco), String> {
    let (eleicao, corte) = divisa_processo::corte_eleitoral(data)
        .ok_or_else(|| "a redação em vigor não tem o prazo do Art. 3º".to_string())?;
    let ano = eleicao.year() + 1;
    Ok((
        recuado(format!(
            "Art. {n}º O {municipio} será instalado no ano de {ano}, com a posse, em 1º de janeiro de {ano}, do Prefeito, do Vice-Prefeito e dos Vereadores eleitos na eleição municipal de {}, simultaneamente à dos demais Municípios.",
            eleicao.year()
        )),
        p(format!(
            "O ano de instalação (Art. 7º, III) é o da posse dos eleitos na eleição municipal de {}, simultânea à dos municípios existentes (Art. 1º, § 2º). Pelo Art. 3º da Lei Complementar nº 23/1992, a criação só pode ocorrer até seis meses antes da eleição: a lei deve ser publicada até {}. A ADPF 819, julgada pelo Supremo Tribunal Federal diante do art. 18, § 4º, da Constituição Federal, teve por objeto normas estaduais sobre o prazo de criação de municípios, entre elas o Art. 3º; a data acima é a da lei estadual como escrita, e não dispensa o exame dessa condição.",
            fmt_data(eleicao),
            fmt_data(corte)
        )),
    ))
}

/// A informação sobre topônimos correlatos que o projeto de criação ou de alteração de nome
/// deve trazer (Art. 6º, § 1º), da avaliação: os nomes iguais ou correlatos da Divisão Territorial
/// Brasileira do IBGE embutida, com a fonte — que a informação da Fundação IBGE juntada aos autos
/// substitui.
fn toponimos_correlatos(caso: &Caso<'_>) -> Option<Bloco> {
    let a = caso
        .avaliacao
        .achados
        .iter()
        .find(|a| a.dispositivo == "art6_par1" && a.situacao != Situacao::NaoSeAplica)?;
    Some(p(format!(
        "Topônimos correlatos (Art. 6º, § 1º) — {} Fonte: Divisão Territorial Brasileira 2023 do Instituto Brasileiro de Geografia e Estatística (nomes iguais ao proposto, contidos nele ou que o contêm, sem as partículas), a confirmar pela informação da Fundação IBGE juntada aos autos.",
        a.apurado.trim()
    )))
}

/// Quando a extinção de um município produz efeitos (incorporação, Art. 1º; extinção, Art.
/// 10): «em 1º de janeiro de 2029, com a posse dos eleitos na eleição municipal de 2028», e o ano.
/// Leitura adotada: a extinção coincide com o início dos mandatos seguintes (CF, art. 29, III),
/// como a instalação de um município novo (Art. 1º, § 2º), para que nenhum mandato em curso se
/// interrompa; a eleição é a seguinte ao corte do Art. 3º, que alcança também a incorporação e a
/// extinção («somente poderá ocorrer até 6 (seis) meses antes da realização das eleições»).
fn transicao(data: Date) -> Result<(String, i16), String> {
    let (eleicao, _) = divisa_processo::corte_eleitoral(data)
        .ok_or_else(|| "a redação em vigor não tem o prazo do Art. 3º".to_string())?;
    let ano = eleicao.year() + 1;
    Ok((
        format!(
            "em 1º de janeiro de {ano}, com a posse dos eleitos na eleição municipal de {}",
            eleicao.year()
        ),
        ano,
    ))
}

/// O percentual do FPM-ICMS-25 (Art. 7º, V) e o que a justificativa diz dele. Na fusão, o novo
/// Município fica com os índices inteiros das origens, que se extinguem: não há percentual a
/// calcular. Na criação, com o estudo fiscal feito com os índices da Fazenda (Art. 7º,
/// parágrafo único), o percentual de cada origem; sem ele, o espaço em branco para a certidão.
///
/// Leitura (LC nº 95/1998, art. 11, II, f): os percentuais vão em algarismos e por extenso, como
/// a lei manda para números e percentuais.
fn fpm(
    n: u32,
    nome: &str,
    de_quem: &str,
    fusao: bool,
    icms: Option<&divisa_fiscal::icms::ResultadoIcms>,
) -> (Vec<Bloco>, Bloco) {
    if fusao {
        return (
            vec![recuado(format!(
                "Art. {n}º O Município de {nome} terá direito à soma dos índices de participação no FPM-ICMS-25 {de_quem}, que se extinguem, até que o Órgão Fazendário Estadual calcule o seu índice pelos dados próprios."
            ))],
            p("Na fusão, o território do novo Município é o de todos os que se fundem (Art. 4º): o seu índice de participação no FPM-ICMS-25 (Art. 7º, V) é a soma dos índices deles, sem percentual a repartir, até que a Secretaria de Estado de Fazenda o calcule pelos dados próprios."),
        );
    }
    let Some(icms) = icms.filter(|i| !i.percentuais.is_empty()) else {
        return (
            vec![recuado(format!(
                "Art. {n}º O Município de {nome} terá direito a ____% (____________ por cento) dos índices de participação no FPM-ICMS-25 {de_quem}."
            ))],
            p("O percentual do FPM-ICMS-25 a que o novo Município terá direito (Art. 7º, V) é fixado pela Comissão de Revisão Territorial com as informações do Órgão Fazendário Estadual (Art. 7º, parágrafo único): o espaço em branco do artigo se preenche com a certidão da Secretaria de Estado de Fazenda, juntada aos autos."),
        );
    };
    use divisa_fiscal::formato::{decimal_enxuto, porcentagem};
    let parte = |o: &divisa_fiscal::icms::PercentualOrigem| {
        format!(
            "{} ({}) do índice de participação do Município de {} no FPM-ICMS-25",
            porcentagem(o.percentual, 4),
            percentual_por_extenso(o.percentual),
            o.nome
        )
    };
    let mut artigo = Vec::new();
    match icms.percentuais.as_slice() {
        [o] => artigo.push(recuado(format!(
            "Art. {n}º O Município de {nome} terá direito a {}, que deixa de pertencer a este, até que o Órgão Fazendário Estadual calcule o seu índice pelos dados próprios.",
            parte(o)
        ))),
        varios => {
            artigo.push(recuado(format!(
                "Art. {n}º O Município de {nome} terá direito, até que o Órgão Fazendário Estadual calcule o seu índice pelos dados próprios, a:"
            )));
            // os incisos como os das divisas (I – …; II – …; e III – ….)
            artigo.extend(incisos(&varios.iter().map(parte).collect::<Vec<_>>()));

        }
    }
    let origens = icms
        .percentuais
        .iter()
        .map(|o| {
            format!(
                "{}: {} do índice de {}%, ou {}%",
                o.nome,
                porcentagem(o.percentual, 4),
                decimal_enxuto(o.indice_antes, 6, 6),
                decimal_enxuto(o.indice_cedido, 6, 6)
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    (
        artigo,
        p(format!(
            "O percentual do FPM-ICMS-25 (Art. 7º, V) foi calculado pela Comissão de Revisão Territorial com os índices de participação informados pelo Órgão Fazendário Estadual (Art. 7º, parágrafo único; {}), pelo método do estudo de impacto fiscal anexo ao parecer: {} Resultado — {origens}; o índice do Município de {nome} é a soma, {}%, e a soma dos índices do Estado não muda.",
            icms.fonte_indices,
            icms.descricao_metodo,
            decimal_enxuto(icms.indice_destino, 6, 6)
        )),
    )
}

/// Um inteiro de 0 a 999.999 por extenso, em português ("oito mil, duzentos e oitenta").
pub(super) fn inteiro_por_extenso(n: u64) -> String {
    const UNIDADES: [&str; 20] = [
        "zero",
        "um",
        "dois",
        "três",
        "quatro",
        "cinco",
        "seis",
        "sete",
        "oito",
        "nove",
        "dez",
        "onze",
        "doze",
        "treze",
        "quatorze",
        "quinze",
        "dezesseis",
        "dezessete",
        "dezoito",
        "dezenove",
    ];
    const DEZENAS: [&str; 10] = [
        "",
        "",
        "vinte",
        "trinta",
        "quarenta",
        "cinquenta",
        "sessenta",
        "setenta",
        "oitenta",
        "noventa",
    ];
    const CENTENAS: [&str; 10] = [
        "",
        "cento",
        "duzentos",
        "trezentos",
        "quatrocentos",
        "quinhentos",
        "seiscentos",
        "setecentos",
        "oitocentos",
        "novecentos",
    ];
    fn ate_mil(n: u64) -> String {
        match n {
            0..=19 => UNIDADES[n as usize].to_owned(),
            20..=99 => {
                let (d, u) = (n / 10, n % 10);
                if u == 0 {
                    DEZENAS[d as usize].to_owned()
                } else {
                    format!("{} e {}", DEZENAS[d as usize], UNIDADES[u as usize])
                }
            }
            100 => "cem".to_owned(),
            _ => {
                let (c, r) = (n / 100, n % 100);
                if r == 0 {
                    CENTENAS[c as usize].to_owned()
                } else {
                    format!("{} e {}", CENTENAS[c as usize], ate_mil(r))
                }
            }
        }
    }
    if n < 1000 {
        return ate_mil(n);
    }
    let (milhares, resto) = (n / 1000, n % 1000);
    let mil = if milhares == 1 {
        "mil".to_owned()
    } else {
        format!("{} mil", ate_mil(milhares))
    };
    match resto {
        0 => mil,
        // "mil e cem", "dois mil e quarenta": o "e" antes da centena redonda ou de menos de cem
        r if r < 100 || r % 100 == 0 => format!("{mil} e {}", ate_mil(r)),
        r => format!("{mil}, {}", ate_mil(r)),
    }
}

/// Um percentual por extenso: 16,828 → "dezesseis inteiros e oitocentos e vinte e oito
/// milésimos por cento"; 25 → "vinte e cinco por cento".
pub(super) fn percentual_por_extenso(valor: rust_decimal::Decimal) -> String {
    let v = valor.round_dp(4).normalize();
    let texto = v.abs().to_string();
    let (inteira, fracao) = texto.split_once('.').unwrap_or((&texto, ""));
    let i: u64 = inteira.parse().unwrap_or(0);
    let inteiros = match (i, fracao.is_empty()) {
        (_, true) => inteiro_por_extenso(i),
        (1, false) => "um inteiro".to_owned(),
        (_, false) => format!("{} inteiros", inteiro_por_extenso(i)),
    };
    if fracao.is_empty() {
        return format!("{inteiros} por cento");
    }
    let f: u64 = fracao.parse().unwrap_or(0);
    let unidade = match (fracao.len(), f == 1) {
        (1, true) => "décimo",
        (1, false) => "décimos",
        (2, true) => "centésimo",
        (2, false) => "centésimos",
        (3, true) => "milésimo",
        (3, false) => "milésimos",
        (_, true) => "décimo de milésimo",
        (_, false) => "décimos de milésimo",
    };
    let decimais = format!("{} {unidade}", inteiro_por_extenso(f));
    if i == 0 {
        format!("{decimais} por cento")
    } else {
        format!("{inteiros} e {decimais} por cento")
    }
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

/// O projeto de lei de fusão (Art. 4º; Art. 7º): o novo município com o nome da sede, as
/// divisas vigentes dos de origem com os vizinhos, que se extinguem, o ano de instalação, o
/// FPM-ICMS-25 e a sucessão.
fn fusao(caso: &Caso<'_>) -> Result<Partes, String> {
    let Some(novo) = &caso.proposta.fatos.novo else {
        return Err("a proposta de fusão não traz a seção [novo] (nome, sede e origens)".into());
    };
    let nome = caso.nome();
    let origens = caso.origens();
    let lista = lista_de_nomes(&origens);
    let memorial = uniao_da_malha(&novo.origens)?;
    let divisas = divisas_vigentes(&novo.origens, memorial.as_ref())?;
    let sede = novo.sede.clone().unwrap_or_else(|| nome.clone());
    let com_sede = if sede == nome {
        "com sede na localidade de igual nome".to_string()
    } else {
        format!("com sede na localidade de {sede}")
    };
    // o nome do novo Município pode ser o de um dos que se fundem (Art. 6º não o veda: os de
    // origem se extinguem); o texto nunca os escreve iguais — «os atuais Municípios» e «o novo»
    let coincide = origens
        .iter()
        .any(|o| divisa_referencia::nomes::chave(o) == divisa_referencia::nomes::chave(&nome));
    let (atuais, novo_) = if coincide {
        (format!("atuais Municípios de {lista}"), "novo ")
    } else {
        (format!("Municípios de {lista}"), "")
    };
    let rito = plebiscito_e_parecer(caso, "a fusão")?;
    let tem_mapa = caso.mapa().is_some();
    let mut artigos = vec![recuado(format!(
        "Art. 1º Fica criado o {novo_}Município de {nome}, {com_sede}, pela fusão da área territorial integral dos {atuais}, que ficam extintos."
    ))];
    artigos.push(recuado(format!(
        "Art. 2º O {novo_}Município de {nome} tem por divisas as divisas vigentes dos {atuais} com os municípios confrontantes{}, a saber:",
        if tem_mapa { ", representadas no mapa do Anexo I desta Lei" } else { "" }
    )));
    artigos.extend(incisos(&divisas));
    artigos.push(recuado(format!(
        "Parágrafo único. As divisas entre os {atuais} deixam de constituir limite intermunicipal."
    )));
    let (art3, just_instalacao) = instalacao(3, &format!("{novo_}Município de {nome}"), caso.data)?;
    artigos.push(art3);
    let (art4, just_fpm) = fpm(4, &nome, &format!("dos Municípios de {lista}"), true, None);
    artigos.extend(art4);
    artigos.push(recuado(format!(
        "Art. 5º O {novo_}Município de {nome} sucede os {atuais} nos seus bens, direitos e obrigações, e os servidores destes passam a integrar o quadro de pessoal do {novo_}Município de {nome}, observado o regime jurídico de cada vínculo."
    )));
    artigos.push(recuado(format!(
        "Parágrafo único. A extinção dos {atuais} e a sucessão de que trata este artigo produzem efeitos na data da instalação do {novo_}Município de {nome}; até ela, cada um deles conserva os seus órgãos, e os mandatos em curso se cumprem."
    )));
    artigos.push(recuado(
        "Art. 6º Esta Lei entra em vigor na data de sua publicação.",
    ));
    let mut justificativa = vec![
        p(format!(
            "A Lei Complementar nº 23, de 19 de novembro de 1992, trata a fusão como criação de município: a que resulte da fusão de área territorial integral de dois ou mais municípios, com a extinção destes, dispensada a verificação dos requisitos do Art. 2º (Art. 4º); o plebiscito consulta a população diretamente interessada sobre a concordância com a fusão e a sede do novo município (Art. 4º, parágrafo único). {rito}"
        )),
        p(format!(
            "O projeto menciona o que a lei de criação deve mencionar (Art. 7º): o nome, que é o da sede (inciso I); as divisas (inciso II), que são as vigentes dos Municípios de {lista} com os municípios confrontantes — as da legislação estadual em vigor, que a lei não redesenha, deixando de ser limite apenas as divisas entre os Municípios que se fundem (inciso IV); o ano de instalação (inciso III); e o percentual do FPM-ICMS-25 (inciso V). Os limites são os fixados por elementos naturais, construídos ou do mapeamento cartográfico oficial (Art. 5º); o mapa anexo os mostra pela Malha Municipal 2022 do IBGE, sem substituí-los."
        )),
    ];
    if let Some(m) = &memorial {
        justificativa.push(p(format!(
            "O território do novo Município, pela Malha Municipal 2022, mede {} em Albers do IBGE ({} geodésicos).",
            km2(m.area_albers_m2 / 1e6),
            km2(m.medida.area_m2 / 1e6)
        )));
    }
    justificativa.push(just_instalacao);
    justificativa.push(just_fpm);
    justificativa.push(p("A sucessão (art. 5º do projeto) segue a regra da alteração territorial: o Município que resulta da fusão sucede os que se extinguem nos bens, direitos e obrigações, e recebe o seu pessoal, com efeitos na instalação, quando cessam os mandatos nos Municípios extintos."));
    let mut anexos = Vec::new();
    anexo_do_mapa(caso, &mut anexos);
    Ok(Partes {
        ementa: format!(
            "Cria o Município de {nome}, pela fusão dos Municípios de {lista}, que se extinguem, e dá outras providências."
        ),
        artigos,
        justificativa,
        anexos,
        citados: &[
            "art4_cpt",
            "art4_par1u",
            "art7_cpt_inc1",
            "art7_cpt_inc2",
            "art7_cpt_inc3",
            "art7_cpt_inc4",
            "art7_cpt_inc5",
            "art3_cpt",
            "art5_cpt",
            "art20_par1",
        ],
    })
}

/// O projeto de lei de incorporação (Art. 1º): um município se extingue dentro de outro, que
/// passa a ter as divisas vigentes dos dois com os vizinhos e o sucede.
fn incorporacao(caso: &Caso<'_>) -> Result<Partes, String> {
    let Some(i) = &caso.proposta.fatos.incorporacao else {
        return Err("a proposta de incorporação não traz a seção [incorporacao]".into());
    };
    let (incorporado, receptor) = (nome_municipio(i.municipio), nome_municipio(i.receptor));
    let memorial = uniao_da_malha(&[i.municipio, i.receptor])?;
    let divisas = divisas_vigentes(&[i.municipio, i.receptor], memorial.as_ref())?;
    let rito = plebiscito_e_parecer(caso, "a incorporação")?;
    let (efeitos, _) = transicao(caso.data)?;
    let mut artigos = vec![recuado(format!(
        "Art. 1º Fica extinto o Município de {incorporado}, cujo território passa a integrar o Município de {receptor}."
    ))];
    artigos.push(recuado(format!(
        "Art. 2º O Município de {receptor} passa a ter por divisas as divisas vigentes dos Municípios de {incorporado} e {receptor} com os municípios confrontantes, a saber:"
    )));
    artigos.extend(incisos(&divisas));
    artigos.push(recuado(format!(
        "Parágrafo único. As divisas entre os Municípios de {incorporado} e {receptor} deixam de constituir limite intermunicipal."
    )));
    artigos.push(recuado(format!(
        "Art. 3º O Município de {receptor} sucede o Município de {incorporado} nos seus bens, direitos e obrigações, e os servidores do Município de {incorporado} passam a integrar o quadro de pessoal do Município de {receptor}, observado o regime jurídico de cada vínculo."
    )));
    artigos.push(recuado(format!(
        "Art. 4º A extinção e a incorporação produzem efeitos {efeitos}; até lá, o Município de {incorporado} conserva os seus órgãos, e os mandatos em curso nele se cumprem."
    )));
    artigos.push(recuado(
        "Art. 5º Esta Lei entra em vigor na data de sua publicação.",
    ));
    let mut justificativa = vec![
        p(format!(
            "A incorporação de município se faz por lei estadual, depois de aprovada em plebiscito pela população interessada (Lei Complementar nº 23/1992, Arts. 1º e 11). {rito}"
        )),
        p(format!(
            "As divisas do Município de {receptor} passam a ser as vigentes dos dois Municípios com os confrontantes — as da legislação estadual em vigor, que este projeto não redesenha —, deixando de ser limite apenas a divisa entre eles (Art. 5º). O mapa anexo as mostra pela Malha Municipal 2022 do IBGE, sem substituí-las. A Lei Complementar nº 23/1992 só reparte os índices do FPM-ICMS-25 na criação (Art. 7º, V), e a incorporação não tem ano de instalação: o projeto não os trata."
        )),
        p(format!("O Município de {receptor}, que recebe o território, sucede o Município extinto nos bens, direitos e obrigações e recebe o seu pessoal (art. 3º do projeto), como é regra na alteração territorial; a extinção produz efeitos com a posse dos eleitos na eleição municipal seguinte (art. 4º do projeto), para que nenhum mandato se interrompa.")),
    ];
    if let Some(m) = &memorial {
        justificativa.push(p(format!(
            "O território resultante, pela Malha Municipal 2022, mede {} em Albers do IBGE ({} geodésicos).",
            km2(m.area_albers_m2 / 1e6),
            km2(m.medida.area_m2 / 1e6)
        )));
    }
    let mut anexos = Vec::new();
    anexo_do_mapa(caso, &mut anexos);
    Ok(Partes {
        ementa: format!(
            "Incorpora o Município de {incorporado} ao Município de {receptor} e dá outras providências."
        ),
        artigos,
        justificativa,
        anexos,
        citados: &["art1_cpt", "art5_cpt", "art11_cpt", "art20_par1"],
    })
}

/// O projeto de lei de revisão de limites: a área sai do cedente e passa ao receptor
/// (Art. 8º, § 1º), com as divisas da área em linhas geodésicas (Art. 5º), o novo limite entre
/// os dois, e em anexo o mapa e o memorial descritivo.
fn desmembramento(caso: &Caso<'_>) -> Result<Partes, String> {
    let Some(d) = &caso.proposta.fatos.desmembramento else {
        return Err("a proposta de desmembramento não traz a seção [desmembramento]".into());
    };
    let (cedente, receptor) = (nome_municipio(d.cedente), nome_municipio(d.receptor));
    let memorial = match &caso.proposta.territorio {
        Some(t) => Some(
            divisa_avaliacao::territorio::memorial_com_confrontantes(&t.poligonos)
                .map_err(|e| e.to_string())?
                .0,
        ),
        None => None,
    };
    // A área na figura da lei: a de Albers do IBGE (a da área oficial do cedente), e a geodésica
    // ao lado no anexo.
    let area = memorial
        .as_ref()
        .map(|m| m.area_albers_m2 / 1e6)
        .or(d.area_km2);
    let mut artigos = vec![recuado(format!(
        "Art. 1º Fica desmembrada do Município de {cedente} e integrada ao Município de {receptor} a área {}descrita no art. 2º desta Lei.",
        area.map(|a| format!("de {} ", km2(a))).unwrap_or_default()
    ))];
    let rito = plebiscito_e_parecer(caso, "o desmembramento")?;
    let mut justificativa = vec![p(format!(
        "A revisão dos limites territoriais para resolução de inconsistência territorial se faz pelo desmembramento, entendido como a separação de parte de um município para se integrar a outro (Lei Complementar nº 23/1992, Art. 8º, § 1º, na redação da Lei Complementar nº 792/2024), com o Relatório Técnico dos procedimentos realizados (Art. 8º, § 3º) e a consulta plebiscitária (Art. 11). {rito} {}",
        if caso.autos.is_some() {
            format!("{}, a Comissão de Revisão Territorial apurou:", no_processo(caso))
        } else {
            "A proposta declara, e a avaliação da lei na data apura, como prévia:".to_owned()
        }
    ))];
    justificativa.extend(como_os_autos_cumpriram(
        caso,
        &[
            "Art. 8º",
            "Art. 5º",
            "Art. 11",
            "Art. 12",
            "Art. 13",
            "Art. 2º, VI",
            "Art. 20",
        ],
    ));
    let mapa = caso.mapa();
    let (n_mapa, n_memorial) = numeros_dos_anexos(mapa.is_some());
    match &memorial {
        Some(m) => {
            artigos.push(recuado(format!(
                "Art. 2º A área de que trata o art. 1º tem as seguintes divisas, descritas por linhas geodésicas entre os vértices do memorial descritivo do Anexo {n_memorial} desta Lei{}, no Sistema Geodésico de Referência SIRGAS 2000:",
                n_mapa.map(|n| format!(", representadas no mapa do Anexo {n}")).unwrap_or_default()
            )));
            artigos.extend(super::divisas::incisos_das_divisas(m, Some(&cedente)));
            let confronta_o_cedente = m
                .aneis
                .iter()
                .flat_map(|a| &a.lados)
                .any(|l| l.confrontante.as_deref() == Some(cedente.as_str()));
            artigos.push(recuado(format!("Art. 3º O limite entre os Municípios de {cedente} e {receptor} passa a ser, no trecho alterado, o das linhas geodésicas do art. 2º confrontantes com o Município de {cedente}; o trecho da divisa anterior entre os dois Municípios compreendido na área deixa de ser limite intermunicipal.")));
            justificativa.push(p("As divisas da área são linhas geodésicas entre vértices identificados, descritas no memorial anexo (Art. 5º); a área em Albers do IBGE é a usada na comparação com a área oficial do Município cedente (Art. 8º, § 2º)."));
            if !confronta_o_cedente {
                justificativa.push(p(format!("Pela Malha Municipal 2022, a área não confronta o remanescente do Município de {cedente}: o traçado do art. 3º deve ser conferido com o Órgão de Informação e Cartografia antes da votação.")));
            }
        }
        None => {
            artigos.push(recuado("Art. 2º A área de que trata o art. 1º tem as seguintes divisas, descritas por linhas geodésicas entre vértices identificados, no Sistema Geodésico de Referência SIRGAS 2000: ____."));
            artigos.push(recuado(format!(
                "Art. 3º O limite entre os Municípios de {cedente} e {receptor} passa a ser, no trecho alterado, o das divisas do art. 2º confrontantes com o Município de {cedente}."
            )));
            justificativa.push(p("A proposta não trouxe o arquivo da área: o memorial descritivo certificado pelo Órgão de Informação e Cartografia, em linhas geodésicas entre vértices identificados (Art. 5º), deve ser juntado antes da votação, para completar o art. 2º."));
        }
    }
    artigos.push(recuado(
        "Art. 4º Esta Lei entra em vigor na data de sua publicação.",
    ));
    let mut anexos = Vec::new();
    if let Some(mapa) = mapa {
        anexos.push(("MAPA".to_string(), vec![mapa]));
    }
    if let Some(m) = &memorial {
        anexo_do_memorial(m, " DA ÁREA", &mut anexos);
    }
    Ok(Partes {
        ementa: format!(
            "Altera os limites entre os Municípios de {cedente} e {receptor}, desmembrando área do Município de {cedente} e integrando-a ao Município de {receptor}, e dá outras providências."
        ),
        artigos,
        justificativa,
        anexos,
        citados: &[
            "art8_cpt",
            "art8_par1",
            "art8_par2",
            "art8_par3",
            "art5_cpt",
            "art13_cpt",
            "art20_par1",
        ],
    })
}

/// O projeto de lei de criação (Art. 7º; Art. 20, § 1º): o nome e a sede, os distritos, as
/// divisas em incisos com cada vértice da linha nova, as novas divisas das origens, o ano de
/// instalação, quem administra o território até ela, e a participação no FPM-ICMS-25; o mapa e o
/// memorial descritivo em anexo, citados no artigo das divisas. Sem tabela de dados nem lista de
/// URNs: a lei é o texto da norma (issue 33); os números ficam na justificativa.
fn criacao(caso: &Caso<'_>) -> Result<Partes, String> {
    let f = &caso.proposta.fatos;
    let nome = caso.nome();
    let origens = caso.origens();
    let de_origens = do_municipio(&origens);
    let sede = f
        .novo
        .as_ref()
        .and_then(|n| n.sede.clone())
        .unwrap_or_else(|| nome.clone());
    let com_sede = if sede == nome {
        "com sede na localidade de igual nome".to_string()
    } else {
        format!("com sede na localidade de {sede}")
    };
    let (memorial, origem) = match &caso.proposta.territorio {
        Some(t) => {
            let (m, origem) =
                divisa_avaliacao::territorio::memorial_com_confrontantes(&t.poligonos)
                    .map_err(|e| e.to_string())?;
            (Some(m), origem)
        }
        None => (None, None),
    };
    let mut artigos = vec![recuado(format!(
        "Art. 1º Fica criado o Município de {nome}, {com_sede}, desmembrado {de_origens}."
    ))];
    artigos.extend(distritos_da_criacao(caso, &nome, &sede));
    let rito = plebiscito_e_parecer(caso, "a criação")?;
    let mut justificativa = vec![p(format!(
        "A criação de município se faz por lei estadual, obedecidos os requisitos da Lei Complementar nº 23, de 19 de novembro de 1992, e depende de consulta prévia, mediante plebiscito, à população diretamente interessada (Art. 1º). {rito} {}",
        if caso.autos.is_some() {
            "Os autos demonstram:"
        } else {
            "A proposta declara, e a avaliação da lei na data apura, como prévia:"
        }
    ))];
    justificativa.extend(como_os_autos_cumpriram(
        caso,
        &[
            "Art. 2º", "Art. 6º", "Art. 11", "Art. 12", "Art. 13", "Art. 20",
        ],
    ));
    let mapa = caso.mapa();
    let (n_mapa, n_memorial) = numeros_dos_anexos(mapa.is_some());
    match &memorial {
        Some(m) => {
            artigos.push(recuado(format!(
                "Art. 2º O Município de {nome} tem as seguintes divisas, descritas por linhas geodésicas entre os vértices do memorial descritivo do Anexo {n_memorial} desta Lei{}, no Sistema Geodésico de Referência SIRGAS 2000:",
                n_mapa.map(|n| format!(", representadas no mapa do Anexo {n}")).unwrap_or_default()
            )));
            artigos.extend(super::divisas::incisos_das_divisas(m, origem.as_deref()));
        }
        None => {
            artigos.push(recuado(format!("Art. 2º O Município de {nome} tem as seguintes divisas, descritas por linhas geodésicas entre vértices identificados, no Sistema Geodésico de Referência SIRGAS 2000: ____.")));
            justificativa.push(p("A proposta não trouxe o arquivo do território: o memorial descritivo certificado pelo Órgão de Informação e Cartografia, em linhas geodésicas entre vértices identificados (Art. 5º), deve ser juntado antes da votação, para completar o art. 2º."));
        }
    }
    artigos.push(recuado(format!(
        "Art. 3º {} passa a ter por divisas as vigentes com os demais municípios, excluída a área de que trata o art. 2º, e, com o Município de {nome}, as linhas do art. 2º que com ele confrontam.",
        if origens.len() == 1 { format!("O Município de {}", origens[0]) } else { format!("Cada um dos Municípios de {}", lista_de_nomes(&origens)) }
    )));
    let (art4, just_instalacao) = instalacao(4, &format!("Município de {nome}"), caso.data)?;
    artigos.push(art4);
    artigos.push(recuado(format!(
        "Art. 5º Enquanto não instalado, o Município de {nome} permanecerá sob a jurisdição política e administrativa {}, cujos órgãos continuam a prestar os serviços públicos no território de que trata o art. 2º até a posse dos eleitos.",
        if origens.len() == 1 {
            format!("do Município de {}", origens[0])
        } else {
            format!("dos Municípios de {}, cada um na parte que dele se desmembra", lista_de_nomes(&origens))
        }
    )));
    let (art6, just_fpm) = fpm(
        6,
        &nome,
        &de_origens,
        false,
        caso.fiscal.and_then(|e| e.icms.as_ref()),
    );
    artigos.extend(art6);
    artigos.push(recuado(
        "Art. 7º Esta Lei entra em vigor na data de sua publicação.",
    ));
    justificativa.push(p("O projeto menciona o que a lei de criação deve mencionar (Art. 7º): o nome, que é o da sede (inciso I); as divisas, descritas por linhas geodésicas entre vértices identificados (inciso II e Art. 5º); o ano de instalação (inciso III); as divisas dos municípios de origem (inciso IV); e o percentual do FPM-ICMS-25 (inciso V). Até a instalação, o território fica sob a administração do Município de que se desmembra (art. 5º do projeto), como nas leis de criação do Estado."));
    if let Some(d) = f.novo.as_ref().map(|n| n.dados) {
        let mut dados = Vec::new();
        if let Some(v) = d.populacao {
            dados.push(format!(
                "população estimada de {} habitantes",
                inteiro(v as i64)
            ));
        }
        if let Some(v) = d.eleitores {
            dados.push(format!("{} eleitores", inteiro(v as i64)));
        }
        if let Some(v) = d.casas_centro_urbano {
            dados.push(format!("{} casas no centro urbano", inteiro(v as i64)));
        }
        if let Some(m) = &memorial {
            dados.push(format!(
                "área de {} (Albers do IBGE; {} geodésicos) e perímetro de {} km",
                km2(m.area_albers_m2 / 1e6),
                km2(m.medida.area_m2 / 1e6),
                divisa_referencia::formato::decimal(m.medida.perimetro_m / 1000.0, 3)
            ));
        }
        if !dados.is_empty() {
            justificativa.push(p(format!(
                "O novo Município terá {}{}.",
                lista_de_nomes(&dados),
                if caso.autos.is_some() {
                    ", com os números certificados pelos órgãos do Art. 2º, § 2º, onde a tabela acima o diz"
                } else {
                    ", segundo a proposta, até a certidão dos órgãos do Art. 2º, § 2º"
                }
            )));
        }
    }
    justificativa.extend(toponimos_correlatos(caso));
    justificativa.push(just_instalacao);
    justificativa.push(just_fpm);
    let mut anexos = Vec::new();
    if let Some(mapa) = mapa {
        anexos.push(("MAPA".to_string(), vec![mapa]));
    }
    if let Some(m) = &memorial {
        anexo_do_memorial(m, "", &mut anexos);
    }
    Ok(Partes {
        ementa: format!(
            "Cria o Município de {nome}, desmembrado {de_origens}, e dá outras providências."
        ),
        artigos,
        justificativa,
        anexos,
        citados: &[
            "art1_cpt",
            "art7_cpt_inc1",
            "art7_cpt_inc2",
            "art7_cpt_inc3",
            "art7_cpt_inc4",
            "art7_cpt_inc5",
            "art7_par1u",
            "art3_cpt",
            "art5_cpt",
            "art20_par1",
        ],
    })
}

/// Os números romanos dos anexos do mapa e do memorial, na ordem em que [`montar`] os põe.
fn numeros_dos_anexos(mapa: bool) -> (Option<&'static str>, &'static str) {
    if mapa {
        (Some("I"), "II")
    } else {
        (None, "I")
    }
}

/// Os distritos do novo município (issue 33): o distrito de mesmo nome da sede, num município
/// de origem, se extingue — o seu território e a sua sede passam ao novo Município, de que é a
/// sede —; os outros distritos com sede dentro do território passam a integrá-lo. Sem o
/// território em arquivo, só o de mesmo nome se reconhece. Leitura adotada: a lei estadual que
/// retira o território de um município declara o efeito disso sobre os distritos dele (como a
/// Lei nº 4.176/1980 extinguiu os Distritos de Ministro João Alberto e Nova Brasilândia ao criar
/// Nova Xavantina); criar e suprimir distritos, fora disso, é da lei municipal (Art. 24, § 1º).
fn distritos_da_criacao(caso: &Caso<'_>, nome: &str, sede: &str) -> Vec<Bloco> {
    use geo::Contains;
    let Some(novo) = caso.proposta.fatos.novo.as_ref() else {
        return Vec::new();
    };
    let Ok(mt) = divisa_referencia::mt() else {
        return Vec::new();
    };
    let chave = divisa_referencia::nomes::chave(sede);
    let mut de_mesmo_nome = None;
    let mut dentro: Vec<(String, String)> = Vec::new();
    for codigo in &novo.origens {
        let Some(m) = mt.por_codigo(*codigo) else {
            continue;
        };
        for d in &m.distritos {
            if divisa_referencia::nomes::chave(&d.nome) == chave {
                de_mesmo_nome = Some((d.nome.clone(), m.nome.clone()));
                continue;
            }
            // o distrito-sede do município de origem fica com ele
            if d.sede_municipal {
                continue;
            }
            let dentro_da_area = match (&caso.proposta.territorio, &d.sede) {
                (Some(t), Some(p)) => t.poligonos.contains(&geo::Point::new(p.lon, p.lat)),
                _ => false,
            };
            if dentro_da_area {
                dentro.push((d.nome.clone(), m.nome.clone()));
            }
        }
    }
    let mut blocos = Vec::new();
    let mut paragrafos: Vec<String> = Vec::new();
    if dentro.is_empty() {
        paragrafos.push(format!(
            "O Município de {nome} é constituído de um só distrito, o da sede."
        ));
    } else {
        paragrafos.push(format!(
            "O Município de {nome} é constituído do distrito da sede e {}, que passa{} a integrá-lo com o seu território.",
            lista_de_nomes(
                &dentro
                    .iter()
                    .map(|(d, m)| format!("do Distrito de {d}, hoje do Município de {m}"))
                    .collect::<Vec<_>>()
            ),
            if dentro.len() == 1 { "" } else { "m" }
        ));
    }
    if let Some((distrito, municipio)) = de_mesmo_nome {
        paragrafos.push(format!(
            "Fica extinto o Distrito de {distrito}, do Município de {municipio}: o seu território passa a integrar o Município de {nome}, e a sua sede é a sede deste."
        ));
    }
    match paragrafos.as_slice() {
        [um] => blocos.push(recuado(format!("Parágrafo único. {um}"))),
        varios => {
            for (i, texto) in varios.iter().enumerate() {
                blocos.push(recuado(format!("§ {}º {texto}", i + 1)));
            }
        }
    }
    blocos
}

#[cfg(test)]
mod testes_por_extenso {
    use super::*;
    use rust_decimal::Decimal;

    #[test]
    fn lc95_art11_percentuais_por_extenso() {
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        assert_eq!(
            percentual_por_extenso(d("16.8280")),
            "dezesseis inteiros e oitocentos e vinte e oito milésimos por cento"
        );
        assert_eq!(percentual_por_extenso(d("25")), "vinte e cinco por cento");
        assert_eq!(percentual_por_extenso(d("0.5")), "cinco décimos por cento");
        assert_eq!(
            percentual_por_extenso(d("1.0001")),
            "um inteiro e um décimo de milésimo por cento"
        );
        assert_eq!(percentual_por_extenso(d("100")), "cem por cento");
        assert_eq!(
            percentual_por_extenso(d("31.4412")),
            "trinta e um inteiros e quatro mil, quatrocentos e doze décimos de milésimo por cento"
        );
        assert_eq!(inteiro_por_extenso(8280), "oito mil, duzentos e oitenta");
        assert_eq!(inteiro_por_extenso(1100), "mil e cem");
        assert_eq!(inteiro_por_extenso(2040), "dois mil e quarenta");
        assert_eq!(inteiro_por_extenso(115), "cento e quinze");
    }
}
