//! O projeto de decreto legislativo que autoriza o plebiscito (Art. 18, § 2º), na forma dos
//! decretos da Casa (DL nº 2.989/2002, Nova Brasília do Leste; DL nº 2.994/2002, Rio Xingu):
//! a autorização ao TRE, o eleitorado consultado, os limites de cada município depois da
//! alteração, a pergunta e a aprovação.
//!
//! Leituras registradas (issue 33):
//! - **Quem vota.** A LC 23 manda consultar quem reside na área a desmembrar (Art. 11, § 1º;
//!   Art. 12, I). A Lei nº 9.709/1998, art. 7º, entende por população diretamente interessada
//!   também a do território que sofre o desmembramento (e, na anexação, a do que recebe o
//!   acréscimo), e o STF a julgou constitucional e aplicável aos municípios (ADI 2.650,
//!   24/08/2011). O decreto é o instrumento que o TRE executa: ele segue a regra federal, que
//!   prevalece (CF, art. 18, § 4º), como os decretos da Casa já faziam («no perímetro
//!   compreendido entre os limites do Município de Nova Xavantina», DL nº 2.989/2002). A
//!   justificativa diz que o texto estadual é mais estreito; a avaliação da lei continua a dizê-lo
//!   no alerta.
//! - **A aprovação.** O quórum é o da lei estadual (Art. 11, § 2º: maioria absoluta dos
//!   eleitores inscritos), mais exigente que a maioria simples da Lei nº 9.709/1998, art. 10, e
//!   por isso compatível com ela. O § 2º conta os inscritos «no território a ser desmembrado»
//!   porque só consultava a área; com a consulta federal, o decreto o aplica a todo o
//!   eleitorado consultado (contar só a área desprezaria o voto que a regra federal manda
//!   colher). A justificativa diz que é leitura da Comissão; a apuração é da resolução do TRE.
//! - **Os limites.** As emendas sobre divisas só cabem até a aprovação do decreto (Art. 19,
//!   § 3º): é ele que fixa as linhas. O decreto diz os limites de cada município depois da
//!   alteração (o novo ou a área, em incisos com os vértices; o de origem, pelas divisas vigentes
//!   menos a área), com o memorial e o mapa em anexo, citados no artigo.

use super::*;

/// O projeto de decreto legislativo do caso (Art. 18, § 2º).
pub fn decreto_legislativo(caso: &Caso<'_>) -> Result<Documento, crate::ErroDocumento> {
    let f = &caso.proposta.fatos;
    let pergunta =
        divisa_lei::pergunta_do_plebiscito(f, caso.data).map_err(crate::ErroDocumento::interno)?;
    let origens = caso.origens();
    let (memorial, origem) = match &caso.proposta.territorio {
        Some(t) => {
            let (m, origem) =
                divisa_avaliacao::territorio::memorial_com_confrontantes(&t.poligonos)
                    .map_err(crate::ErroDocumento::interno)?;
            (Some(m), origem)
        }
        None => (None, None),
    };
    let mapa = caso.mapa();
    let anexos = match (mapa.is_some(), memorial.is_some()) {
        (true, true) => " (Anexos I e II deste Decreto Legislativo)",
        (false, true) | (true, false) => " (Anexo I deste Decreto Legislativo)",
        (false, false) => "",
    };
    let dos = |nomes: &[String]| {
        if nomes.len() == 1 {
            format!("do Município de {}", nomes[0])
        } else {
            format!(
                "dos Municípios de {}",
                projeto_de_lei::lista_de_nomes(nomes)
            )
        }
    };
    // quem vota: a regra federal (Lei nº 9.709/1998, art. 7º; ADI 2.650), e o que a LC 23 diz
    let (consultados, estadual, limites) = match (f.tipo, &f.desmembramento, &f.incorporacao) {
        (TipoLei::Desmembramento, Some(d), _) => {
            let (cedente, receptor) = (nome_municipio(d.cedente), nome_municipio(d.receptor));
            (
                format!("no perímetro compreendido entre os limites dos Municípios de {cedente} e {receptor}: a área a desmembrar, o restante do Município de {cedente} e o Município de {receptor}, que recebe a área"),
                format!("os eleitores residentes ou domiciliados na área a desmembrar do Município de {cedente}"),
                limites_apos(caso, memorial.as_ref(), origem.as_deref(), &format!("da área a desmembrar do Município de {cedente} e a integrar o Município de {receptor}"), std::slice::from_ref(&cedente), Some(&receptor), anexos),
            )
        }
        (TipoLei::Incorporacao, _, Some(i)) => {
            let (incorporado, receptor) = (nome_municipio(i.municipio), nome_municipio(i.receptor));
            (
                format!("no perímetro compreendido entre os limites dos Municípios de {incorporado} e {receptor}"),
                format!("os eleitores do Município de {incorporado}"),
                vec![recuado(format!("Art. 3º Aprovada a incorporação, o Município de {receptor} terá por limites as divisas vigentes dos Municípios de {incorporado} e {receptor} com os municípios confrontantes, deixando de ser limite intermunicipal a divisa entre os dois."))],
            )
        }
        (TipoLei::Fusao, _, _) => (
            format!("no perímetro compreendido entre os limites {}, cujos territórios se fundem (Art. 4º, parágrafo único)", dos(&origens)),
            format!("os eleitores {}", dos(&origens)),
            vec![recuado(format!("Art. 3º Aprovada a fusão, o novo Município terá por limites as divisas vigentes {} com os municípios confrontantes, deixando de ser limite intermunicipal as divisas entre eles.", dos(&origens)))],
        ),
        _ => (
            format!("no perímetro compreendido entre os limites {}: a área do Município a ser criado e o território remanescente", dos(&origens)),
            format!("os eleitores residentes ou domiciliados na área do Município a ser criado, a desmembrar {}", dos(&origens)),
            limites_apos(caso, memorial.as_ref(), origem.as_deref(), &format!("do futuro Município de {}", caso.nome()), &origens, None, anexos),
        ),
    };
    let mut blocos = vec![
        p("Autor: Comissão de Revisão Territorial"),
        Bloco::Ementa {
            texto: format!(
                "Autoriza o Tribunal Regional Eleitoral a realizar plebiscito sobre {}.",
                caso.o_objeto()
            ),
        },
        // o preâmbulo dos decretos legislativos da Casa (DL nº 2.989/2002): a Assembleia
        // decreta, sem sanção, com fundamento na lei que manda autorizar o plebiscito
        p("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO, no uso de suas atribuições legais, com fundamento no art. 18, § 2º, da Lei Complementar nº 23, de 19 de novembro de 1992, decreta:"),
        recuado(format!(
            "Art. 1º Fica o Tribunal Regional Eleitoral de Mato Grosso autorizado a realizar plebiscito sobre {}.",
            caso.o_objeto()
        )),
        recuado(format!("Art. 2º A consulta plebiscitária será realizada {consultados}.")),
    ];
    blocos.extend(limites);
    // o art. 3º são os limites depois da alteração
    let n = 4;
    blocos.push(recuado(format!(
        "Art. {n}º A cédula trará a pergunta \"{pergunta}\", com as respostas SIM e NÃO (Lei Complementar nº 23, de 19 de novembro de 1992, Art. 12, II)."
    )));
    blocos.push(recuado(format!("Art. {}º Considerar-se-á aprovada a medida se o resultado lhe for favorável pela maioria absoluta dos votos dos eleitores inscritos no território consultado (Lei Complementar nº 23, de 19 de novembro de 1992, Art. 11, § 2º), na forma da resolução do Tribunal Regional Eleitoral (Art. 12).", n + 1)));
    blocos.push(recuado(format!(
        "Art. {}º Este Decreto Legislativo entra em vigor na data de sua publicação.",
        n + 2
    )));
    blocos.push(secao("JUSTIFICATIVA"));
    blocos.push(p(match caso.autos {
        Some(_) => format!(
            "No processo {}, aprovado o parecer da Comissão de Constituição e Justiça (Art. 18, § 1º), a Comissão de Revisão Territorial elabora este projeto de decreto legislativo, que autoriza o Tribunal Regional Eleitoral a ouvir a população em plebiscito, regulado por resolução dele (Arts. 12 e 18, § 2º).",
            caso.protocolo.unwrap_or("(a protocolar)")
        ),
        None => "Esta é uma minuta: o projeto de decreto legislativo se elabora depois do parecer de mérito da Comissão de Revisão Territorial (Art. 18), da deliberação do Plenário e do parecer da Comissão de Constituição e Justiça (Art. 18, §§ 1º e 2º), e nenhum deles consta de autos.".to_owned(),
    }));
    blocos.push(p(format!(
        "A Lei Complementar nº 23/1992 manda consultar {estadual} (Art. 11, § 1º; Art. 12, I). A Lei nº 9.709/1998, art. 7º, entende por população diretamente interessada tanto a do território que se pretende desmembrar quanto a do que sofre o desmembramento (e, na fusão ou anexação, a das duas áreas), e o Supremo Tribunal Federal julgou essa regra constitucional e aplicável aos municípios (ADI 2.650, 24/08/2011). O texto estadual é mais estreito que a regra federal, que prevalece (Constituição Federal, art. 18, § 4º): o art. 2º deste Decreto Legislativo consulta o eleitorado de todos os Municípios envolvidos, como os decretos legislativos desta Casa já fizeram (Decreto Legislativo nº 2.989/2002). O quórum de aprovação é o da lei estadual, a maioria absoluta dos votos dos eleitores inscritos (Art. 11, § 2º), mais exigente que a maioria simples da Lei nº 9.709/1998, art. 10; o Art. 11, § 2º, conta os inscritos «no território a ser desmembrado» porque só consultava a área, e o art. 5º deste Decreto Legislativo o aplica a todo o eleitorado consultado — leitura desta Comissão, que a resolução do Tribunal Regional Eleitoral (Art. 12) confirma ao regular a apuração."
    )));
    blocos.push(p(
        "As emendas sobre modificação de divisas só podem ser apresentadas até a aprovação deste projeto (Art. 19, § 3º): por isso ele fixa os limites de cada Município depois da alteração (art. 3º).",
    ));
    blocos.push(p(format!(
        "Sala das Sessões, em Cuiabá, {}.",
        data_por_extenso(caso.data)
    )));
    blocos.extend(projeto_de_lei::assinaturas_do_projeto(caso));
    let mut numero = 0;
    if let Some(mapa) = mapa {
        numero += 1;
        blocos.push(Bloco::QuebraDePagina);
        blocos.push(secao(format!("ANEXO {} — MAPA", ["I", "II"][numero - 1])));
        blocos.push(mapa);
    }
    if let Some(m) = &memorial {
        numero += 1;
        blocos.push(Bloco::QuebraDePagina);
        blocos.push(secao(format!(
            "ANEXO {} — MEMORIAL DESCRITIVO",
            ["I", "II"][numero - 1]
        )));
        blocos.push(p(format!(
            "Área geodésica (elipsoide GRS80): {}; área em Albers do IBGE: {}; perímetro: {} km.",
            km2(m.medida.area_m2 / 1e6),
            km2(m.area_albers_m2 / 1e6),
            divisa_referencia::formato::decimal(m.medida.perimetro_m / 1000.0, 3)
        )));
        blocos.extend(tabela_do_memorial(m));
    }
    Ok(caso.documento(
        TipoDeDocumento::DecretoLegislativo,
        caso.epigrafe("PROJETO DE DECRETO LEGISLATIVO"),
        blocos,
        &[
            "art18_par2",
            "art12_cpt_inc1",
            "art12_cpt_inc2",
            "art11_par1",
            "art11_par2",
            "art11_cpt",
            "art19_par3",
        ],
    ))
}

/// O art. 3º do decreto na criação e no desmembramento: «Os limites … após a alteração serão os
/// seguintes: I – limites {da área}: …; II – limites do Município de {origem}: …» (como o DL nº
/// 2.989/2002, art. 3º). A área nova em incisos com os vértices; cada origem e o receptor pelas
/// divisas vigentes com a área acrescida ou excluída.
fn limites_apos(
    caso: &Caso<'_>,
    memorial: Option<&divisa_territorio::memorial::Memorial>,
    origem_do_memorial: Option<&str>,
    da_area: &str,
    origens: &[String],
    receptor: Option<&str>,
    anexos: &str,
) -> Vec<Bloco> {
    let mut envolvidos: Vec<String> = origens.to_vec();
    envolvidos.extend(receptor.map(str::to_owned));
    let novo = caso.proposta.fatos.tipo == TipoLei::Criacao;
    let quem = if novo {
        let mut v = vec![caso.nome()];
        v.extend(origens.iter().cloned());
        v
    } else {
        envolvidos.clone()
    };
    let mut blocos = vec![recuado(format!(
        "Art. 3º Aprovada a medida, os limites dos Municípios de {} serão os seguintes:",
        projeto_de_lei::lista_de_nomes(&quem)
    ))];
    let mut itens: Vec<(String, Vec<Bloco>)> = Vec::new();
    match memorial {
        Some(m) => {
            // os incisos da área viram alíneas do inciso I (LC nº 95/1998, art. 10), e a última
            // termina em ponto e vírgula: o inciso seguinte continua a enumeração
            let mut alineas: Vec<Bloco> = super::divisas::incisos_das_divisas(m, origem_do_memorial)
                .into_iter()
                .map(|b| match b {
                    Bloco::Recuado { texto } => recuado(alinea(&texto)),
                    outro => outro,
                })
                .collect();
            if let Some(Bloco::Recuado { texto }) = alineas.last_mut() {
                if let Some(sem_ponto) = texto.strip_suffix('.') {
                    *texto = format!("{sem_ponto};");
                }
            }
            itens.push((
                format!("limites {da_area}, descritos por linhas geodésicas entre os vértices do memorial descritivo{anexos}, no Sistema Geodésico de Referência SIRGAS 2000:"),
                alineas,
            ))
        }
        None => itens.push((
            format!("limites {da_area}: os do memorial descritivo certificado pelo Órgão de Informação e Cartografia, em linhas geodésicas entre vértices identificados (Art. 5º), ____;"),
            Vec::new(),
        )),
    }
    for o in origens {
        itens.push((
            format!("limites do Município de {o}: as divisas vigentes com os demais municípios, excluída a área do inciso I, e, {}, as linhas do inciso I que com ele confrontam;", if novo { format!("com o Município de {}", caso.nome()) } else { "no trecho alterado".to_owned() }),
            Vec::new(),
        ));
    }
    if let Some(r) = receptor {
        itens.push((
            format!("limites do Município de {r}: as divisas vigentes, acrescida a área do inciso I, cujas linhas passam a ser, no trecho alterado, o seu limite com o Município de {};", origens.first().map_or("", String::as_str)),
            Vec::new(),
        ));
    }
    let total = itens.len();
    for (i, (texto, sub)) in itens.into_iter().enumerate() {
        let texto = if i + 1 == total {
            format!("{}.", texto.trim_end_matches(';'))
        } else {
            texto
        };
        blocos.push(recuado(format!(
            "{} – {texto}",
            ["I", "II", "III", "IV", "V", "VI"]
                .get(i)
                .copied()
                .unwrap_or("VII")
        )));
        blocos.extend(sub);
    }
    blocos
}

/// «II – com o Município de …» → «b) com o Município de …».
fn alinea(inciso: &str) -> String {
    const ROMANOS: [&str; 10] = ["X", "IX", "VIII", "VII", "VI", "V", "IV", "III", "II", "I"];
    const LETRAS: [&str; 10] = ["j", "i", "h", "g", "f", "e", "d", "c", "b", "a"];
    for (r, l) in ROMANOS.iter().zip(LETRAS) {
        if let Some(resto) = inciso.strip_prefix(&format!("{r} – ")) {
            return format!("{l}) {resto}");
        }
    }
    inciso.to_owned()
}
