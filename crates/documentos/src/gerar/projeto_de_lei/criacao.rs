//! Os projetos de lei que criam município: por desmembramento (Art. 7º) e por fusão (Art. 4º),
//! com a instalação, a transição, os topônimos correlatos e os índices do FPM e do ICMS.

use super::*;

/// O projeto de lei de criação (Art. 7º; Art. 20, § 1º): o nome e a sede, os distritos, as
/// divisas em incisos com cada vértice da linha nova, as novas divisas das origens, o ano de
/// instalação, quem administra o território até ela, e a participação no FPM-ICMS-25; o mapa e o
/// memorial descritivo em anexo, citados no artigo das divisas. Sem tabela de dados nem lista de
/// URNs: a lei é o texto da norma (issue 33); os números ficam na justificativa.
pub(super) fn criacao(caso: &Caso<'_>) -> Result<Partes, crate::ErroDocumento> {
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
                    .map_err(crate::ErroDocumento::interno)?;
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

/// Os distritos do novo município (issue 33): o distrito de mesmo nome da sede, num município
/// de origem, se extingue — o seu território e a sua sede passam ao novo Município, de que é a
/// sede —; os outros distritos com sede dentro do território passam a integrá-lo. Sem o
/// território em arquivo, só o de mesmo nome se reconhece. Leitura adotada: a lei estadual que
/// retira o território de um município declara o efeito disso sobre os distritos dele (como a
/// Lei nº 4.176/1980 extinguiu os Distritos de Ministro João Alberto e Nova Brasilândia ao criar
/// Nova Xavantina); criar e suprimir distritos, fora disso, é da lei municipal (Art. 24, § 1º).
pub(super) fn distritos_da_criacao(caso: &Caso<'_>, nome: &str, sede: &str) -> Vec<Bloco> {
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

/// A instalação (Art. 7º, III; Art. 1º, § 2º): o ano, com a posse dos eleitos na eleição
/// municipal seguinte ao corte do Art. 3º, em 1º de janeiro (CF, art. 29, III). A data-limite de
/// publicação do Art. 3º vai à justificativa, com a ressalva da ADPF 819.
pub(super) fn instalacao(
    n: u32,
    municipio: &str,
    data: Date,
) -> Result<(Bloco, Bloco), crate::ErroDocumento> {
    let (eleicao, corte) = divisa_processo::corte_eleitoral(data).ok_or_else(|| {
        crate::ErroDocumento::Interno("a redação em vigor não tem o prazo do Art. 3º".into())
    })?;
    let ano = eleicao.year() + 1;
    Ok((
        recuado(format!(
            "Art. {n}º O {municipio} será instalado no ano de {ano}, com a posse, em 1º de janeiro de {ano}, do Prefeito, do Vice-Prefeito e dos Vereadores eleitos na eleição municipal de {}, simultaneamente à dos demais Municípios.",
            eleicao.year()
        )),
        p(format!(
            "O ano de instalação (Art. 7º, III) é o da posse dos eleitos na eleição municipal de {}, simultânea à dos municípios existentes (Art. 1º, § 2º). Pelo Art. 3º da Lei Complementar nº 23/1992, a criação só pode ocorrer até o prazo que ele fixa antes da eleição: a lei deve ser publicada até {}. A ADPF 819, julgada pelo Supremo Tribunal Federal diante do art. 18, § 4º, da Constituição Federal, teve por objeto normas estaduais sobre o prazo de criação de municípios, entre elas o Art. 3º; a data acima é a da lei estadual como escrita, e não dispensa o exame dessa condição.",
            fmt_data(eleicao),
            fmt_data(corte)
        )),
    ))
}

/// A informação sobre topônimos correlatos que o projeto de criação ou de alteração de nome
/// deve trazer (Art. 6º, § 1º), da avaliação: os nomes iguais ou correlatos da Divisão Territorial
/// Brasileira do IBGE embutida, com a fonte — que a informação da Fundação IBGE juntada aos autos
/// substitui.
pub(super) fn toponimos_correlatos(caso: &Caso<'_>) -> Option<Bloco> {
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
pub(super) fn transicao(data: Date) -> Result<(String, i16), crate::ErroDocumento> {
    let (eleicao, _) = divisa_processo::corte_eleitoral(data).ok_or_else(|| {
        crate::ErroDocumento::Interno("a redação em vigor não tem o prazo do Art. 3º".into())
    })?;
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
pub(super) fn fpm(
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

/// O projeto de lei de fusão (Art. 4º; Art. 7º): o novo município com o nome da sede, as
/// divisas vigentes dos de origem com os vizinhos, que se extinguem, o ano de instalação, o
/// FPM-ICMS-25 e a sucessão.
pub(super) fn fusao(caso: &Caso<'_>) -> Result<Partes, crate::ErroDocumento> {
    let Some(novo) = &caso.proposta.fatos.novo else {
        return Err(crate::ErroDocumento::Falta(
            "a proposta de fusão não traz a seção [novo] (nome, sede e origens)".into(),
        ));
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
