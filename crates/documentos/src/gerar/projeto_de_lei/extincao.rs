//! Os projetos de lei que extinguem município (Art. 10), incorporam um a outro (Art. 1º) ou
//! lhe mudam o nome (Art. 6º, § 2º).

use super::*;

/// A lei que declara a extinção (Art. 10): o fundamento (I, II ou III), para onde vai o
/// território (§ 1º: o de origem; § 2º: o contíguo indicado) e a sucessão.
pub(super) fn extincao(caso: &Caso<'_>) -> Result<Partes, crate::ErroDocumento> {
    use divisa_lei::fatos::MotivoExtincao as M;
    let Some(e) = &caso.proposta.fatos.extincao else {
        return Err(crate::ErroDocumento::Falta(
            "a proposta de extinção não traz o município a extinguir".into(),
        ));
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
        return Err(crate::ErroDocumento::Falta(match e.motivo {
            M::RequerimentoEleitores => format!("a lei de extinção deve dizer a que município contíguo o território de {nome} passa, o que os eleitores requerentes indicam (Art. 10, § 2º): informe-o na proposta"),
            _ => format!("a lei de extinção deve dizer a que município de origem o território de {nome} volta (Art. 10, § 1º), e os dados embutidos não o registram: informe-o na proposta"),
        }));
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

/// O projeto de lei de incorporação (Art. 1º): um município se extingue dentro de outro, que
/// passa a ter as divisas vigentes dos dois com os vizinhos e o sucede.
pub(super) fn incorporacao(caso: &Caso<'_>) -> Result<Partes, crate::ErroDocumento> {
    let Some(i) = &caso.proposta.fatos.incorporacao else {
        return Err(crate::ErroDocumento::Falta(
            "a proposta de incorporação não traz a seção [incorporacao]".into(),
        ));
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

/// A lei que altera o nome (Art. 6º, § 2º): por lei estadual, depois da representação do
/// Prefeito, da aprovação da Câmara por 2/3 e do plebiscito.
pub(super) fn alteracao_de_nome(caso: &Caso<'_>) -> Result<Partes, crate::ErroDocumento> {
    let Some(a) = &caso.proposta.fatos.alteracao_nome else {
        return Err(crate::ErroDocumento::Falta(
            "a proposta de alteração de nome não traz o município e o nome novo".into(),
        ));
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
