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
        "prazo de 30 dias para os órgãos responderem, sob pena de responsabilidade",
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
    ("art1_cpt", "princípio geral: a preservação da comunidade e da unidade histórico-cultural é juízo da Comissão; o plebiscito é avaliado pelo Art. 11"),
    ("art1_par1", "análise da Comissão sobre continuidade e unidade histórico-cultural, ouvido o Órgão de Cartografia"),
    ("art2_cpt", "enunciado que introduz os incisos, avaliados um a um"),
    ("art7_cpt", "enunciado que introduz os incisos, avaliados um a um"),
    ("art15_cpt", "enunciado que introduz os incisos, avaliados um a um"),
    ("art25_cpt", "enunciado que introduz os incisos, avaliados um a um"),
    ("art24_cpt", "faculdade do município de se dividir em distritos e regiões administrativas"),
    ("art24_par1", "a lei municipal e a consulta prévia são atos do município, depois dos requisitos avaliados pelo Art. 25"),
    ("art24_par2", "organização do conselho distrital depois da criação"),
    ("art24_par3", "publicação da lei municipal no Diário Oficial"),
    ("art26_cpt", "dever de apoio do Governo do Estado, sem fato a avaliar numa proposta"),
];
