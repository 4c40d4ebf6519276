//! O que o divisa faz com cada dispositivo que não vira achado próprio.
//!
//! O teste de cobertura percorre a lei estruturada e exige que cada dispositivo esteja numa
//! destas listas ou apareça em algum achado de [`crate::avaliar`]. Um dispositivo novo na lei
//! (uma alteração futura) faz o teste falhar até alguém decidir o que fazer com ele.

/// Dispositivos aplicados dentro do achado de outro (o segundo elemento diz onde).
pub const APLICADOS_EM_OUTRO: &[(&str, &str)] = &[
    (
        "art1_par2",
        "art7_cpt_inc3: o ano de instalação segue a eleição e posse simultâneas",
    ),
    (
        "art1_par3",
        "leitura da proposta: a criação exige ao menos um município de origem",
    ),
    ("art2_par2", "o campo orgao de cada achado do Art. 2º"),
    (
        "art7_par1u",
        "o órgão do achado de art7_cpt_inc5 (Órgão Fazendário Estadual)",
    ),
    (
        "art10_cpt",
        "art3_cpt: a leitura de \"a qualquer tempo\" diante do prazo eleitoral, na extinção",
    ),
    ("art25_par1u", "o órgão dos achados do Art. 25"),
    (
        "art27_cpt",
        "texto::Lei::vigencia: nenhuma avaliação antes de 19/11/1992",
    ),
];

/// Passos do processo legislativo (Arts. 2º, § 3º, e 8º a 23): pertencem ao módulo do processo.
pub const PROCEDIMENTO: &[(&str, &str)] = &[
    (
        "art2_par3",
        "prazo de {prazo_dias} dias para os órgãos responderem, sob pena de responsabilidade",
    ),
    (
        "art8_cpt",
        "Plano de Ação da Comissão com o Órgão de Cartografia",
    ),
    ("art8_par3", "Relatório Técnico ao fim dos trabalhos"),
    (
        "art9_cpt",
        "recusa de autoridade em certificar, registrada como tal",
    ),
    (
        "art11_par1",
        "população consultada, definida na resolução do TRE (com o alerta lei9709_art7)",
    ),
    ("art12_cpt", "resolução do TRE que regula a consulta"),
    (
        "art12_cpt_inc1",
        "residência do votante, verificada pelo TRE",
    ),
    (
        "art14_cpt",
        "leitura, protocolo, registro, autuação e envio à Comissão",
    ),
    (
        "art14_par1u",
        "representação por deputado ou pela comunidade",
    ),
    ("art16_cpt", "cópias aos deputados e publicação"),
    (
        "art16_par1u",
        "diligência para juntar documentos que faltam",
    ),
    ("art17_cpt", "visita à sede do futuro município"),
    ("art17_cpt_inc1", "levantamento socioeconômico"),
    (
        "art17_cpt_inc2",
        "parecer preliminar: arquivamento ou pedido de certidões",
    ),
    ("art17_par1", "arquivamento decidido pelo Plenário"),
    ("art17_par2", "ofícios aos órgãos pedindo as certidões"),
    ("art18_cpt", "parecer de mérito e envio ao Plenário"),
    (
        "art18_par1",
        "Comissão de Constituição e Justiça ou arquivamento",
    ),
    (
        "art18_par2",
        "projeto de decreto legislativo autorizando o plebiscito",
    ),
    ("art19_cpt", "rito ordinário, vedada a urgência"),
    (
        "art19_par1",
        "decreto publicado e enviado ao TRE com o processo autenticado",
    ),
    ("art19_par2", "acompanhamento do plebiscito junto ao TRE"),
    (
        "art19_par3",
        "emendas de divisas só até a aprovação do decreto",
    ),
    (
        "art20_cpt",
        "ofício do TRE com o resultado, lido e enviado à Comissão",
    ),
    (
        "art20_par1",
        "parecer sobre o resultado: arquivamento ou projeto de lei",
    ),
    (
        "art20_par2",
        "projeto de lei na ordem do dia da sessão seguinte",
    ),
    ("art21_cpt", "comunicações da Comissão pelo Presidente"),
    (
        "art22_cpt",
        "papel do deputado: voz sem voto, vista só na sala",
    ),
    ("art23_cpt", "quem presta informações sobre os processos"),
];

/// Dispositivos que não se avaliam por programa, com o motivo.
pub const NAO_AUTOMATIZAVEIS: &[(&str, &str)] = &[
    ("art1_cpt", "princípio geral: a preservação da comunidade e da unidade histórico-cultural é juízo da Comissão; a continuidade territorial é avaliada em art1_par1 na malha, o plebiscito pelo Art. 11"),
    ("art2_cpt", "enunciado que introduz os incisos, avaliados um a um"),
    ("art7_cpt", "enunciado que introduz os incisos, avaliados um a um"),
    ("art15_cpt", "enunciado que introduz os incisos, avaliados um a um"),
    ("art25_cpt", "enunciado que introduz os incisos, avaliados um a um"),
    ("art24_cpt", "faculdade do município de se dividir em distritos e regiões administrativas"),
    ("art24_par2", "organização do conselho distrital depois da criação"),
    ("art24_par3", "publicação da lei municipal no Diário Oficial"),
    ("art26_cpt", "dever de apoio do Governo do Estado, sem fato a avaliar numa proposta"),
];

/// O que sustenta o "atende" de cada dispositivo avaliado por código, e quando ele fica
/// pendente. Regra do divisa: sem verificação por trás, não há "atende". O teste de cobertura
/// exige uma linha para cada dispositivo que aparece em achado; `docs/lei-anotada.md` a mostra.
pub const VERIFICACOES: &[(&str, &str, &str)] = &[
    ("art1_par1", "na Malha Municipal 2022 (IBGE), os municípios fundidos, o incorporado e o receptor têm divisa comum de comprimento positivo (um ponto só não basta)", "município sem polígono na malha; a unidade histórico-cultural é sempre da Comissão"),
    ("art2_cpt_inc1", "população certificada (nos autos) ou informada (proposta avulsa) ≥ {populacao_minima}, comparada em inteiros", "número ausente; nos autos, sem certidão (prévia); dados embutidos posteriores ao ato"),
    ("art2_cpt_inc2", "eleitores ≥ {percentual_minimo}% da população, em inteiros (eleitores × 100 ≥ população × {percentual_minimo})", "um dos dois números ausente ou sem certidão"),
    ("art2_cpt_inc3", "casas no centro urbano > {casas_mais_de}", "número ausente ou sem certidão"),
    ("art2_cpt_inc4", "VA > média dos {quantidade_municipios} menores VA do Estado, em centavos", "VA ausente; média só a embutida (VA bruto 2019), indicativa até a certidão do Órgão Fazendário"),
    ("art2_cpt_inc5", "arrecadação > média dos {quantidade_municipios} menores, em centavos", "média não informada (o divisa não traz a tabela); número sem certidão"),
    ("art2_cpt_inc6", "polígono lido: o novo município e cada origem, depois da separação, são peças contínuas na malha", "sem polígono, ou origem sem polígono na malha"),
    ("art2_par1", "cada origem continua a cumprir I a V com os números do remanescente (informados ou estimados)", "estimativa com várias origens que não decide; número ausente"),
    ("art3_cpt", "data do ato ≤ {meses_antes} meses antes da próxima eleição municipal, pelo calendário (datas realizadas e a regra constitucional)", "redação anterior a 1996 não encontrada"),
    ("art4_cpt", "dois ou mais municípios de origem, inteiros", "—"),
    ("art4_par1u", "nunca atende: a cédula é do TRE", "sempre pendente até a resolução do TRE"),
    ("art5_cpt", "nunca atende: os vértices como elementos naturais ou oficiais são juízo da Cartografia", "sempre pendente"),
    ("art6_cpt", "repetição: comparação com os 5.571 municípios e 10.670 distritos do IBGE; datas: numeral + «de» + mês; pessoa viva: a declaração da proposta; {palavras_maximas} palavras: contagem sem as partículas da lista fechada", "nomes do IBGE não carregados; pessoa viva não declarada"),
    ("art6_par1", "a informação de topônimos correlatos, tirada da lista do IBGE", "—"),
    ("art6_par2", "nome diferente do atual (sem acentos, caixa e hífens); {numerador}/{denominador} dos membros da Câmara, em inteiros; SIM > NÃO no plebiscito", "votação ou plebiscito não informados; a representação do Prefeito e a fiscalização pelos diretórios, sempre, até o documento conferido nos autos"),
    ("art7_cpt_inc1", "nome igual ao da sede (sem acentos e caixa)", "nome ou sede ausentes"),
    ("art7_cpt_inc2", "nunca atende: as divisas são escritas do polígono e conferidas pela Cartografia", "sempre pendente"),
    ("art7_cpt_inc3", "o ano de instalação decorre de regra conhecida (lei federal da eleição ou Art. 3º numa redação encontrada)", "regra da época desconhecida; data do ato ausente"),
    ("art7_cpt_inc4", "nunca atende: as divisas das origens vêm da Cartografia", "sempre pendente"),
    ("art7_cpt_inc5", "nunca atende: o percentual do FPM-ICMS vem do Órgão Fazendário", "sempre pendente"),
    ("art8_par1", "com o polígono: a área está no cedente, encosta no receptor e o remanescente fica numa peça; sem ele, só o «não atende» de cedente e receptor sem divisa comum", "sem polígono entre vizinhos; cedente ou receptor sem polígono na Malha 2022; remanescente partido (análise da Comissão)"),
    ("art8_par2", "área ≤ {percentual_por_inconsistencia}% do cedente e soma ≤ {percentual_total}%, em decimal exato, com os números como escritos", "área do cedente desconhecida; área não informada"),
    ("art10_cpt_inc1", "«hipótese configurada»: algum inciso do Art. 2º, I a V, não atendido com os dados embutidos", "nenhum perdido, mas algum pendente"),
    ("art10_cpt_inc2", "nunca atende: inundação ou destruição se prova por laudo", "sempre pendente"),
    ("art10_cpt_inc3", "requerentes > metade dos eleitores, em inteiros", "requerentes ou eleitores ausentes"),
    ("art10_par1", "nunca atende: a origem do município extinto não está nos dados", "sempre pendente"),
    ("art10_par2", "o município indicado tem divisa comum com o extinto na malha", "indicação ausente; sem polígono"),
    ("art11_cpt", "incorporação: plebiscito registrado com SIM > metade dos inscritos", "plebiscito não realizado"),
    ("art11_par2", "SIM > metade dos eleitores inscritos, em inteiros", "plebiscito não realizado"),
    ("art12_cpt_inc2", "nunca atende: a cédula é da resolução do TRE", "sempre pendente"),
    ("art13_cpt", "assinaturas: títulos válidos (dígitos verificadores), distintos e de MT ≥ {assinaturas_minimas}; área sem sede: todas as sedes com coordenadas testadas contra o polígono; firmas: nunca atende", "lista ausente; mínimo só com títulos de outra UF; distrito sem coordenadas; firmas e residência sempre pendentes"),
    ("art15_cpt_inc1", "o arquivo do documento está nos autos (protocolo ou juntada)", "proposta avulsa (só declarado); declarado na representação sem arquivo; documento ausente"),
    ("art15_cpt_inc2", "os arquivos estão nos autos (o território que a proposta cita conta)", "proposta avulsa; declarado sem arquivo; documento ausente"),
    ("art15_cpt_inc3", "os arquivos estão nos autos", "proposta avulsa; declarado sem arquivo; documento ausente"),
    ("art15_cpt_inc4", "o arquivo do documento está nos autos", "proposta avulsa; declarado sem arquivo; documento ausente"),
    ("art15_cpt_inc5", "o arquivo do documento está nos autos", "proposta avulsa; declarado sem arquivo; documento ausente"),
    ("art24_par1", "consulta prévia com SIM > metade dos inscritos", "consulta não realizada; SIM vence o NÃO sem maioria absoluta (quórum a decidir)"),
    ("art25_cpt_inc1", "habitações na sede ≥ {habitacoes_minimas}", "número ausente"),
    ("art25_cpt_inc2", "população > {populacao_mais_de}", "número ausente"),
];

/// O texto de uma linha das tabelas acima com os números da lei postos: cada `{nome}` vira o
/// parâmetro `nome` do dispositivo `id` na redação em vigor em `data`, no formato brasileiro
/// (4.000). As tabelas não escrevem número da lei: uma redação nova muda os dados, não o texto.
/// Um `{nome}` que a redação não tem fica como está (o teste de cobertura o acusa).
pub fn com_numeros(id: &str, texto: &str, data: jiff::civil::Date) -> String {
    let mut saida = String::with_capacity(texto.len());
    let mut resto = texto;
    while let Some(inicio) = resto.find('{') {
        saida.push_str(&resto[..inicio]);
        let depois = &resto[inicio + 1..];
        match depois.find('}') {
            Some(fim) => {
                let nome = &depois[..fim];
                match crate::texto::parametro(id, nome, data) {
                    Some(n) => saida.push_str(&divisa_referencia::formato::inteiro(n)),
                    None => {
                        saida.push('{');
                        saida.push_str(nome);
                        saida.push('}');
                    }
                }
                resto = &depois[fim + 1..];
            }
            None => {
                saida.push_str(&resto[inicio..]);
                resto = "";
            }
        }
    }
    saida.push_str(resto);
    saida
}
