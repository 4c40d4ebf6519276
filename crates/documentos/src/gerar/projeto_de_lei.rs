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
/// (Arts. 5º e 8º).
pub fn projeto_de_lei(caso: &Caso<'_>) -> Result<Documento, String> {
    let mut doc = projeto_do_tipo(caso)?;
    // A ressalva constitucional onde ela incide (o alerta da avaliação), antes dos anexos: o
    // projeto não pode parecer incondicional diante da CF, art. 18, § 4º.
    if caso
        .avaliacao
        .alertas
        .iter()
        .any(|a| a.id == "cf_art18_par4")
    {
        let ressalva = [
            secao("RESSALVA CONSTITUCIONAL"),
            p("A Constituição Federal, art. 18, § 4º (redação da Emenda Constitucional nº 15/1996), condiciona a criação, a incorporação, a fusão e o desmembramento de municípios ao período determinado por lei complementar federal, que ainda não foi editada (STF, ADO 3.682); o STF, na ADPF 819, declarou inconstitucionais as normas estaduais que permitam o surgimento de novos entes locais enquanto ela faltar, ressalvada a convalidação do ADCT, art. 96. A Comissão submete este projeto ciente dessa condição."),
        ];
        let antes_dos_anexos = doc
            .blocos
            .iter()
            .position(|b| matches!(b, Bloco::Secao { texto } if texto.starts_with("ANEXO")))
            .unwrap_or(doc.blocos.len());
        doc.blocos
            .splice(antes_dos_anexos..antes_dos_anexos, ressalva);
    }
    Ok(doc)
}

fn projeto_do_tipo(caso: &Caso<'_>) -> Result<Documento, String> {
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

/// A lei que declara a extinção (Art. 10): o fundamento (I, II ou III), para onde vai o
/// território (§ 1º: o de origem; § 2º: o contíguo indicado) e a sucessão.
fn extincao(caso: &Caso<'_>) -> Result<Documento, String> {
    use divisa_lei::fatos::MotivoExtincao as M;
    let Some(e) = &caso.proposta.fatos.extincao else {
        return Err("a proposta de extinção não traz o município a extinguir".into());
    };
    let nome = nome_municipio(e.municipio);
    let (fundamento, destino, como) = match e.motivo {
        M::PerdaRequisitos => (
            "por ter perdido os requisitos do Art. 2º, I a V, da Lei Complementar nº 23, de 19 de novembro de 1992 (Art. 10, I)",
            e.municipio_de_origem,
            "volta a pertencer ao Município de que se originou, nos termos do Art. 10, § 1º, da Lei Complementar nº 23, de 19 de novembro de 1992",
        ),
        M::InundacaoDestruicao => (
            "em razão da inundação ou destruição da cidade-sede, sendo materialmente impossível a transferência da população para outro ponto do território municipal (Art. 10, II, da Lei Complementar nº 23, de 19 de novembro de 1992)",
            e.municipio_de_origem,
            "volta a pertencer ao Município de que se originou, nos termos do Art. 10, § 1º, da Lei Complementar nº 23, de 19 de novembro de 1992",
        ),
        M::RequerimentoEleitores => (
            "a requerimento da maioria absoluta dos eleitores residentes ou domiciliados no território municipal (Art. 10, III, da Lei Complementar nº 23, de 19 de novembro de 1992)",
            e.municipio_contiguo,
            "passa a pertencer ao Município contíguo indicado pelos eleitores requerentes, nos termos do Art. 10, § 2º, da Lei Complementar nº 23, de 19 de novembro de 1992",
        ),
    };
    let Some(destino) = destino else {
        return Err(match e.motivo {
            M::RequerimentoEleitores => format!("a lei de extinção deve dizer a que município contíguo o território de {nome} passa, o que os eleitores requerentes indicam (Art. 10, § 2º): informe-o na proposta"),
            _ => format!("a lei de extinção deve dizer a que município de origem o território de {nome} volta (Art. 10, § 1º), e os dados embutidos não o registram: informe-o na proposta"),
        });
    };
    let destino = nome_municipio(destino);
    let mut blocos = vec![centro(caso.numero_do_projeto("PROJETO DE LEI"), true)];
    blocos.extend(aviso_de_nao_atendidos(caso));
    blocos.push(recuado(format!(
        "Declara extinto o Município de {nome}, cujo território passa a integrar o Município de {destino}, e dá outras providências."
    )));
    blocos.push(p("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO, tendo em vista o disposto no Art. 10 da Lei Complementar nº 23, de 19 de novembro de 1992, aprova e o Governador do Estado sanciona a seguinte lei:"));
    blocos.push(recuado(format!(
        "Art. 1º Fica extinto o Município de {nome}, {fundamento}."
    )));
    blocos.push(recuado(format!(
        "Art. 2º O território do Município extinto {como}: o Município de {destino}, cujas divisas passam a abranger as do Município extinto com os demais municípios."
    )));
    blocos.push(recuado(format!(
        "Art. 3º O Município de {destino} sucede o Município extinto nos seus bens, direitos e obrigações."
    )));
    blocos.push(recuado(
        "Art. 4º Esta lei entra em vigor na data de sua publicação.",
    ));
    blocos.push(caso.local_e_data());
    blocos.push(secao("JUSTIFICATIVA"));
    blocos.push(p(format!(
        "A extinção de município é declarada em lei estadual e pode ocorrer a qualquer tempo nas hipóteses do Art. 10 da Lei Complementar nº 23/1992. No processo {}, a Comissão de Revisão Territorial examinou a hipótese ({}) e o destino do território.",
        caso.protocolo.unwrap_or("(a protocolar)"),
        match e.motivo {
            M::PerdaRequisitos => "perda dos requisitos, inciso I",
            M::InundacaoDestruicao => "inundação ou destruição da sede, inciso II",
            M::RequerimentoEleitores => "requerimento dos eleitores, inciso III",
        }
    )));
    Ok(caso.documento(
        Tipo::ProjetoDeLei,
        format!(
            "PROJETO DE LEI — EXTINÇÃO DO MUNICÍPIO DE {}",
            nome.to_uppercase()
        ),
        blocos,
        &["art10_cpt", "art10_par1", "art10_par2"],
    ))
}

/// A lei que altera o nome (Art. 6º, § 2º): por lei estadual, depois da representação do
/// Prefeito, da aprovação da Câmara por 2/3 e do plebiscito.
fn alteracao_de_nome(caso: &Caso<'_>) -> Result<Documento, String> {
    let Some(a) = &caso.proposta.fatos.alteracao_nome else {
        return Err("a proposta de alteração de nome não traz o município e o nome novo".into());
    };
    let atual = nome_municipio(a.municipio);
    let mut blocos = vec![centro(caso.numero_do_projeto("PROJETO DE LEI"), true)];
    blocos.extend(aviso_de_nao_atendidos(caso));
    blocos.push(recuado(format!(
        "Altera a denominação do Município de {atual} para Município de {}.",
        a.nome_novo
    )));
    blocos.push(p("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO, tendo em vista o disposto no Art. 6º, § 2º, da Lei Complementar nº 23, de 19 de novembro de 1992, aprova e o Governador do Estado sanciona a seguinte lei:"));
    blocos.push(recuado(format!(
        "Art. 1º O Município de {atual} passa a denominar-se Município de {}.",
        a.nome_novo
    )));
    blocos.push(recuado(
        "Art. 2º Esta lei entra em vigor na data de sua publicação.",
    ));
    blocos.push(caso.local_e_data());
    blocos.push(secao("JUSTIFICATIVA"));
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
            " No processo {}, {}.",
            caso.protocolo.unwrap_or("(a protocolar)"),
            fatos.join("; e, ")
        ));
    }
    blocos.push(p(justificativa));
    Ok(caso.documento(
        Tipo::ProjetoDeLei,
        format!(
            "PROJETO DE LEI — ALTERAÇÃO DO NOME DO MUNICÍPIO DE {}",
            atual.to_uppercase()
        ),
        blocos,
        &["art6_cpt", "art6_par1", "art6_par2"],
    ))
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

/// As divisas de um memorial como artigos recuados (uma linha por trecho de confrontante).
pub(super) fn linhas_das_divisas(
    m: &divisa_territorio::memorial::Memorial,
    titulo: &str,
) -> Vec<Bloco> {
    m.divisas(titulo, None)
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| recuado(l.trim().to_string()))
        .collect()
}

/// A tabela de área e perímetro de um memorial e, depois, o mapa e o memorial inteiro.
fn anexos_do_territorio(
    caso: &Caso<'_>,
    memorial: Option<&divisa_territorio::memorial::Memorial>,
    blocos: &mut Vec<Bloco>,
) {
    if let Some(m) = memorial {
        blocos.push(medidas(
            m,
            "",
            " — da Malha Municipal 2022 (IBGE), SIRGAS 2000",
        ));
    }
    mapa_e_memorial(caso, memorial, "", blocos);
}

/// Os anexos II (mapa) e III (memorial descritivo, `do_que` no título: " DA ÁREA").
fn mapa_e_memorial(
    caso: &Caso<'_>,
    memorial: Option<&divisa_territorio::memorial::Memorial>,
    do_que: &str,
    blocos: &mut Vec<Bloco>,
) {
    if let Some(mapa) = caso.mapa() {
        blocos.push(secao("ANEXO II — MAPA"));
        blocos.push(mapa);
    }
    if let Some(m) = memorial {
        blocos.push(Bloco::QuebraDePagina);
        blocos.push(secao(format!(
            "ANEXO III — MEMORIAL DESCRITIVO{do_que} (Art. 5º)"
        )));
        blocos.extend(tabela_do_memorial(m));
    }
}

/// Área em Albers e geodésica e perímetro, com o que se diz da área em Albers.
fn medidas(m: &divisa_territorio::memorial::Memorial, albers: &str, fonte: &str) -> Bloco {
    p(format!(
        "Área em Albers do IBGE{albers}: {}; geodésica (elipsoide GRS80): {}; perímetro: {} km{fonte}.",
        km2(m.area_albers_m2 / 1e6),
        km2(m.medida.area_m2 / 1e6),
        divisa_referencia::formato::decimal(m.medida.perimetro_m / 1000.0, 3)
    ))
}

/// O projeto de lei de fusão (Art. 4º; Art. 7º): o novo município com o nome da sede, as
/// divisas da união dos de origem, que se extinguem, o ano de instalação e o FPM-ICMS-25.
fn fusao(caso: &Caso<'_>) -> Result<Documento, String> {
    let Some(novo) = &caso.proposta.fatos.novo else {
        return Err("a proposta de fusão não traz a seção [novo] (nome, sede e origens)".into());
    };
    let nome = caso.nome();
    let origens = caso.origens();
    let lista = lista_de_nomes(&origens);
    let memorial = uniao_da_malha(&novo.origens)?;
    let mut blocos = vec![centro(caso.numero_do_projeto("PROJETO DE LEI"), true)];
    blocos.extend(aviso_de_nao_atendidos(caso));
    blocos.push(recuado(format!(
        "Cria o Município de {nome}, pela fusão dos Municípios de {lista}, que se extinguem, e dá outras providências."
    )));
    blocos.push(p("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO, tendo em vista o resultado do plebiscito sobre a fusão e a sede do novo município (Arts. 4º, parágrafo único, e 20 da Lei Complementar nº 23/1992), aprova e o Governador do Estado sanciona a seguinte lei:"));
    blocos.push(recuado(format!(
        "Art. 1º Fica criado o Município de {nome}, com sede na localidade de {}, pela fusão da área territorial integral dos Municípios de {lista}, que ficam extintos (LC nº 23/1992, Art. 4º; Art. 7º, I).",
        novo.sede.clone().unwrap_or_else(|| nome.clone())
    )));
    match &memorial {
        Some(m) => {
            blocos.push(recuado(format!("Art. 2º O Município de {nome} tem as divisas dos Municípios de {lista} com os demais municípios, a seguir, conforme o memorial descritivo anexo no sistema SIRGAS 2000; os trechos comuns entre os Municípios de origem deixam de ser limite intermunicipal (Art. 7º, II e IV):")));
            blocos.extend(linhas_das_divisas(m, &nome));
        }
        None => blocos.push(recuado(format!("Art. 2º O Município de {nome} tem as divisas dos Municípios de {lista} com os demais municípios; os trechos comuns entre eles deixam de ser limite intermunicipal (Art. 7º, II e IV). [Um dos municípios de origem não está na Malha Municipal 2022: juntar o memorial certificado pelo Órgão de Informação e Cartografia.]"))),
    }
    blocos.extend(instalacao_fpm_e_vigencia(
        3,
        &nome,
        &format!("dos Municípios de {lista}"),
        caso.data,
    )?);
    blocos.push(caso.local_e_data());
    blocos.push(secao("ANEXO I — O TERRITÓRIO DO NOVO MUNICÍPIO"));
    anexos_do_territorio(caso, memorial.as_ref(), &mut blocos);
    Ok(caso.documento(
        Tipo::ProjetoDeLei,
        format!(
            "PROJETO DE LEI — FUSÃO: MUNICÍPIO DE {}",
            nome.to_uppercase()
        ),
        blocos,
        &[
            "art4_cpt",
            "art4_par1u",
            "art7_cpt_inc1",
            "art7_cpt_inc2",
            "art7_cpt_inc3",
            "art7_cpt_inc4",
            "art7_cpt_inc5",
            "art3_cpt",
            "art20_par1",
        ],
    ))
}

/// O projeto de lei de incorporação (Art. 1º): um município se extingue dentro de outro, que
/// passa a ter as divisas dos dois.
fn incorporacao(caso: &Caso<'_>) -> Result<Documento, String> {
    let Some(i) = &caso.proposta.fatos.incorporacao else {
        return Err("a proposta de incorporação não traz a seção [incorporacao]".into());
    };
    let (incorporado, receptor) = (nome_municipio(i.municipio), nome_municipio(i.receptor));
    let memorial = uniao_da_malha(&[i.municipio, i.receptor])?;
    let mut blocos = vec![centro(caso.numero_do_projeto("PROJETO DE LEI"), true)];
    blocos.extend(aviso_de_nao_atendidos(caso));
    blocos.push(recuado(format!(
        "Incorpora o Município de {incorporado} ao Município de {receptor} e dá outras providências."
    )));
    blocos.push(p("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO, tendo em vista o resultado do plebiscito (Arts. 1º e 20 da Lei Complementar nº 23/1992), aprova e o Governador do Estado sanciona a seguinte lei:"));
    blocos.push(recuado(format!(
        "Art. 1º Fica o Município de {incorporado} incorporado ao Município de {receptor}, cujo território passa a integrar, e extinto como município (Lei Complementar nº 23/1992, Art. 1º)."
    )));
    match &memorial {
        Some(m) => {
            blocos.push(recuado(format!("Art. 2º O Município de {receptor} passa a ter as divisas dos Municípios de {incorporado} e {receptor} com os demais municípios, a seguir, conforme o memorial descritivo anexo no sistema SIRGAS 2000; o trecho comum entre os dois deixa de ser limite intermunicipal (Art. 5º):")));
            blocos.extend(linhas_das_divisas(m, &receptor));
        }
        None => blocos.push(recuado(format!("Art. 2º O Município de {receptor} passa a ter as divisas dos Municípios de {incorporado} e {receptor} com os demais municípios; o trecho comum entre os dois deixa de ser limite intermunicipal (Art. 5º). [Um dos municípios não está na Malha Municipal 2022: juntar o memorial certificado pelo Órgão de Informação e Cartografia.]"))),
    }
    blocos.push(recuado(
        "Art. 3º Esta lei entra em vigor na data de sua publicação.",
    ));
    blocos.push(caso.local_e_data());
    blocos.push(secao(format!(
        "ANEXO I — O TERRITÓRIO DO MUNICÍPIO DE {}",
        receptor.to_uppercase()
    )));
    anexos_do_territorio(caso, memorial.as_ref(), &mut blocos);
    Ok(caso.documento(
        Tipo::ProjetoDeLei,
        format!(
            "PROJETO DE LEI — INCORPORAÇÃO DE {} A {}",
            incorporado.to_uppercase(),
            receptor.to_uppercase()
        ),
        blocos,
        &["art1_cpt", "art5_cpt", "art20_par1"],
    ))
}

/// Os três últimos artigos da lei de criação, a partir do de número `n`: a instalação com a
/// eleição e o prazo do Art. 3º (Art. 7º, III), o percentual do FPM-ICMS-25 em branco para a
/// certidão da Fazenda (Art. 7º, V e parágrafo único) e a vigência.
fn instalacao_fpm_e_vigencia(
    n: u32,
    nome: &str,
    de_quem: &str,
    data: Date,
) -> Result<[Bloco; 3], String> {
    // o corte do Art. 3º pela redação em vigor na data (eleição de instalação e último dia)
    let (eleicao, corte) = divisa_processo::corte_eleitoral(data)
        .ok_or_else(|| "a redação em vigor não tem o prazo do Art. 3º".to_string())?;
    Ok([
        recuado(format!(
            "Art. {n}º A instalação do Município dar-se-á com a posse do Prefeito, do Vice-Prefeito e dos Vereadores eleitos na eleição municipal de {} (Art. 7º, III; Art. 3º: a lei deve ser publicada até {}).",
            fmt_data(eleicao),
            fmt_data(corte)
        )),
        recuado(format!(
            "Art. {}º O Município de {nome} terá direito a ____% dos índices de participação no FPM-ICMS-25 {de_quem} (Art. 7º, V), percentual fixado com as informações do Órgão Fazendário Estadual (Art. 7º, parágrafo único). [Preencher com a certidão da Fazenda: o divisa não estima este percentual.]",
            n + 1
        )),
        recuado(format!(
            "Art. {}º Esta lei entra em vigor na data de sua publicação.",
            n + 2
        )),
    ])
}

/// "A, B e C".
pub(super) fn lista_de_nomes(nomes: &[String]) -> String {
    match nomes {
        [] => String::new(),
        [um] => um.clone(),
        [inicio @ .., ultimo] => format!("{} e {ultimo}", inicio.join(", ")),
    }
}

/// Um aviso no alto do projeto quando a avaliação na data aponta dispositivos não atendidos: o
/// projeto pode ser escrito (a Comissão decide), mas não sem dizer isso.
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
            "[Atenção: na avaliação da LC nº 23/1992 em {}, {}: {}. O projeto só segue com o parecer favorável da Comissão (Art. 18) — ver o parecer de mérito.]",
            fmt_data(caso.data),
            if nao.len() == 1 { "não atendido" } else { "não atendidos" },
            nao.join("; ")
        ))
    })
}

/// O projeto de lei de revisão de limites: a área sai do cedente e passa ao receptor
/// (Art. 8º, § 1º), com as divisas da área em linhas geodésicas (Art. 5º), o novo limite entre
/// os dois, e em anexo os números do Art. 8º, o mapa e o memorial descritivo.
fn desmembramento(caso: &Caso<'_>) -> Result<Documento, String> {
    let Some(d) = &caso.proposta.fatos.desmembramento else {
        return Err("a proposta de desmembramento não traz a seção [desmembramento]".into());
    };
    let (cedente, receptor) = (nome_municipio(d.cedente), nome_municipio(d.receptor));
    let mut blocos = vec![centro(caso.numero_do_projeto("PROJETO DE LEI"), true)];
    blocos.extend(aviso_de_nao_atendidos(caso));
    blocos.push(recuado(format!(
        "Altera os limites entre os Municípios de {cedente} e {receptor}, desmembrando área do Município de {cedente} e integrando-a ao Município de {receptor}, e dá outras providências."
    )));
    blocos.push(p("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO, tendo em vista o resultado do plebiscito (Art. 20 da Lei Complementar nº 23/1992) e o Relatório Técnico da revisão de limites territoriais (Art. 8º, § 3º), aprova e o Governador do Estado sanciona a seguinte lei:"));
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
    blocos.push(recuado(format!(
        "Art. 1º Fica desmembrada do Município de {cedente} e integrada ao Município de {receptor} a área {}descrita nesta lei (Lei Complementar nº 23/1992, Art. 8º, § 1º).",
        area.map(|a| format!("de {} ", km2(a))).unwrap_or_default()
    )));
    match &memorial {
        Some(m) => {
            blocos.push(recuado("Art. 2º A área de que trata o art. 1º tem as seguintes divisas, descritas por linhas geodésicas entre os vértices do memorial descritivo anexo, no sistema SIRGAS 2000 (Art. 5º):"));
            let divisas = m.divisas(&format!("área desmembrada de {cedente}"), Some(&cedente));
            for linha in divisas.lines().skip(1).filter(|l| !l.trim().is_empty()) {
                blocos.push(recuado(linha.trim().to_string()));
            }
            let confronta_o_cedente = m
                .aneis
                .iter()
                .flat_map(|a| &a.lados)
                .any(|l| l.confrontante.as_deref() == Some(cedente.as_str()));
            blocos.push(recuado(if confronta_o_cedente {
                format!("Art. 3º O limite entre os Municípios de {cedente} e {receptor} passa a ser, no trecho alterado, o das linhas geodésicas do art. 2º confrontantes com o Município de {cedente}; o trecho da divisa anterior entre os dois Municípios compreendido na área deixa de ser limite intermunicipal (Art. 5º).")
            } else {
                format!("Art. 3º O limite entre os Municípios de {cedente} e {receptor} passa a ser o das divisas do art. 2º (Art. 5º). [A área não confronta o remanescente de {cedente} pela Malha Municipal 2022: conferir com o Órgão de Informação e Cartografia.]")
            }));
        }
        None => {
            blocos.push(recuado("Art. 2º A área de que trata o art. 1º tem as divisas do memorial descritivo anexo, em linhas geodésicas entre vértices identificados (Art. 5º). [A proposta não traz o arquivo da área: juntar o memorial certificado pelo Órgão de Informação e Cartografia antes da votação.]"));
            blocos.push(recuado(format!(
                "Art. 3º O limite entre os Municípios de {cedente} e {receptor} passa a ser, no trecho alterado, o das divisas do art. 2º confrontantes com o Município de {cedente} (Art. 5º)."
            )));
        }
    }
    blocos.push(recuado(
        "Art. 4º Esta lei entra em vigor na data de sua publicação.",
    ));
    blocos.push(caso.local_e_data());
    blocos.push(secao(
        "ANEXO I — A ÁREA DIANTE DA LEI COMPLEMENTAR Nº 23/1992",
    ));
    if let Some(m) = &memorial {
        blocos.push(medidas(
            m,
            " (a da área oficial dos municípios, usada no Art. 8º, § 2º)",
            "",
        ));
    }
    blocos.push(caso.tabela_dos_artigos(&[
        "Art. 8º",
        "Art. 5º",
        "Art. 11",
        "Art. 12",
        "Art. 13",
        "Art. 2º, VI",
        "Art. 20",
    ]));
    mapa_e_memorial(caso, memorial.as_ref(), " DA ÁREA", &mut blocos);
    Ok(caso.documento(
        Tipo::ProjetoDeLei,
        format!(
            "PROJETO DE LEI — REVISÃO DE LIMITES {} / {}",
            cedente.to_uppercase(),
            receptor.to_uppercase()
        ),
        blocos,
        &[
            "art8_cpt",
            "art8_par1",
            "art8_par2",
            "art8_par3",
            "art5_cpt",
            "art13_cpt",
            "art20_par1",
        ],
    ))
}

/// O projeto de lei de criação (Art. 7º; Art. 20, § 1º): o nome, as divisas escritas do
/// polígono, o ano de instalação, as novas divisas das origens e a participação no FPM e no
/// ICMS; com o mapa e o memorial descritivo em anexo.
fn criacao(caso: &Caso<'_>) -> Result<Documento, String> {
    let f = &caso.proposta.fatos;
    let nome = caso.nome();
    let origens = caso.origens().join(", ");
    let mut blocos = vec![
        centro(caso.numero_do_projeto("PROJETO DE LEI"), true),
        recuado(format!("Cria o Município de {nome}, desmembrado de {origens}, e dá outras providências.")),
        p("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO, tendo em vista o resultado do plebiscito (Art. 20 da Lei Complementar nº 23/1992), aprova e o Governador do Estado sanciona a seguinte lei:"),
        recuado(format!(
            "Art. 1º Fica criado o Município de {nome}, com sede na localidade de {}, desmembrado do Município de {origens} (LC nº 23/1992, Art. 7º, I).",
            f.novo.as_ref().and_then(|n| n.sede.clone()).unwrap_or_else(|| nome.clone())
        )),
    ];
    let (memorial, divisas) = match &caso.proposta.territorio {
        Some(t) => {
            let (m, origem) =
                divisa_avaliacao::territorio::memorial_com_confrontantes(&t.poligonos)
                    .map_err(|e| e.to_string())?;
            let d = m.divisas(&nome, origem.as_deref());
            (Some(m), Some(d))
        }
        None => (None, None),
    };
    match &divisas {
        Some(d) => {
            blocos.push(recuado("Art. 2º O Município de que trata esta lei tem as seguintes divisas (Art. 7º, II), descritas por linhas geodésicas entre os vértices do memorial descritivo anexo, no sistema SIRGAS 2000:"));
            for linha in d.lines().skip(1).filter(|l| !l.trim().is_empty()) {
                blocos.push(recuado(linha.trim().to_string()));
            }
        }
        None => blocos.push(recuado(
            "Art. 2º O Município de que trata esta lei tem as divisas do memorial descritivo anexo (Art. 7º, II). [A proposta não traz o arquivo do território: juntar o memorial certificado pelo Órgão de Informação e Cartografia antes da votação.]",
        )),
    }
    blocos.push(recuado(format!(
        "Art. 3º O Município de {origens} passa a ter as suas divisas alteradas na parte confrontante com o Município ora criado, conforme o art. 2º (Art. 7º, IV)."
    )));
    blocos.extend(instalacao_fpm_e_vigencia(
        4,
        &nome,
        &format!("do Município de {origens}"),
        caso.data,
    )?);
    blocos.push(caso.local_e_data());
    if let Some(d) = f.novo.as_ref().map(|n| n.dados) {
        blocos.push(secao("ANEXO I — DADOS DO NOVO MUNICÍPIO (Art. 2º)"));
        let mut linhas = Vec::new();
        if let Some(v) = d.populacao {
            linhas.push(vec![
                "População estimada".into(),
                inteiro(v as i64),
                "Art. 2º, I".into(),
            ]);
        }
        if let Some(v) = d.eleitores {
            linhas.push(vec![
                "Eleitores".into(),
                inteiro(v as i64),
                "Art. 2º, II".into(),
            ]);
        }
        if let Some(v) = d.casas_centro_urbano {
            linhas.push(vec![
                "Casas no centro urbano".into(),
                inteiro(v as i64),
                "Art. 2º, III".into(),
            ]);
        }
        if let Some(v) = d.valor_adicionado {
            linhas.push(vec![
                "Valor adicionado".into(),
                reais(v),
                "Art. 2º, IV".into(),
            ]);
        }
        if let Some(v) = d.arrecadacao {
            linhas.push(vec!["Arrecadação".into(), reais(v), "Art. 2º, V".into()]);
        }
        if let Some(m) = &memorial {
            linhas.push(vec![
                "Área geodésica (SIRGAS 2000)".into(),
                km2(m.medida.area_m2 / 1e6),
                "Art. 2º, VI".into(),
            ]);
            linhas.push(vec![
                "Perímetro".into(),
                format!(
                    "{} km",
                    divisa_referencia::formato::decimal(m.medida.perimetro_m / 1000.0, 3)
                ),
                "Art. 5º".into(),
            ]);
        }
        blocos.push(Bloco::Tabela {
            colunas: vec!["Dado".into(), "Valor".into(), "Dispositivo".into()],
            larguras: vec![2.5, 2.0, 1.2],
            linhas,
        });
    }
    mapa_e_memorial(caso, memorial.as_ref(), "", &mut blocos);
    Ok(caso.documento(
        Tipo::ProjetoDeLei,
        format!(
            "PROJETO DE LEI — CRIAÇÃO DO MUNICÍPIO DE {}",
            nome.to_uppercase()
        ),
        blocos,
        &[
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
    ))
}
