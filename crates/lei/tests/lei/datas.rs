//! As datas (issue 15): o Art. 3º que não se aplica decide-se antes da redação; o ano de
//! instalação só com regra conhecida; a eleição de 2020 marcada no dia do ato (EC 107/2020); os
//! alertas federais pela data do ato; a extinção como incorporação; e os dados embutidos
//! posteriores ao ato. Cada fronteira de data é testada dos dois lados.

use divisa_lei::fatos::{Desmembramento, Extincao, MotivoExtincao};
use divisa_lei::{avaliar, Achado, Alerta, Fatos, Situacao, Tipo};
use jiff::civil::{date, Date};

use crate::util::{achados, criacao, dados_bons, HOJE};

/// O achado de `dispositivo` com o ato e o texto em `data` (o uso comum: `--em` ausente).
fn no_dia(mut fatos: Fatos, data: Date, dispositivo: &str) -> Achado {
    fatos.data_ato = Some(data);
    achados(&fatos, data, dispositivo)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("sem achado de {dispositivo} em {data}"))
}

fn alertas(fatos: &Fatos, data_ato: Date, em: Date) -> Vec<Alerta> {
    let mut fatos = fatos.clone();
    fatos.data_ato = Some(data_ato);
    avaliar(&fatos, em).unwrap().alertas
}

fn ids(alertas: &[Alerta]) -> Vec<&'static str> {
    alertas.iter().map(|a| a.id).collect()
}

fn alerta<'a>(alertas: &'a [Alerta], id: &str) -> &'a str {
    &alertas
        .iter()
        .find(|a| a.id == id)
        .unwrap_or_else(|| panic!("sem o alerta {id}"))
        .mensagem
}

fn desmembramento() -> Fatos {
    let mut fatos = Fatos::vazios(Tipo::Desmembramento);
    fatos.desmembramento = Some(Desmembramento {
        cedente: 5107198,
        receptor: 5106703,
        area_km2: Some(1.0),
        ..Desmembramento::default()
    });
    fatos
}

fn extincao_de_araguainha() -> Fatos {
    let mut fatos = Fatos::vazios(Tipo::Extincao);
    fatos.extincao = Some(Extincao {
        municipio: 5101209,
        motivo: MotivoExtincao::PerdaRequisitos,
        requerentes: None,
        eleitores_inscritos: None,
        municipio_contiguo: None,
        municipio_de_origem: None,
    });
    fatos
}

// --- Art. 3º: "não se aplica" decide-se antes de procurar a redação -----------------------------

#[test]
fn art3_cpt_alteracao_de_nome_nao_se_aplica_em_1995() {
    let fatos = Fatos::vazios(Tipo::AlteracaoNome);
    // Dos dois lados da LC 43/1996 (D.O. de 14/05/1996): a redação anterior não foi
    // encontrada, mas o Art. 6º, § 2º ("a qualquer tempo") decide sem ela.
    for dia in [
        date(1995, 3, 10),
        date(1996, 5, 13),
        date(1996, 5, 14),
        HOJE,
    ] {
        let achado = no_dia(fatos.clone(), dia, "art3_cpt");
        assert_eq!(achado.situacao, Situacao::NaoSeAplica, "{dia}: {achado:?}");
        assert!(
            achado.mensagem.contains("Art. 6º, § 2º"),
            "{}",
            achado.mensagem
        );
    }
    let antes = no_dia(fatos, date(1996, 5, 13), "art3_cpt");
    assert!(
        antes
            .mensagem
            .contains("não foi encontrada; este motivo não depende dela"),
        "{}",
        antes.mensagem
    );
}

#[test]
fn art3_cpt_desmembramento_antes_da_lc43_pendente_e_depois_nao_se_aplica() {
    // O motivo é a própria redação da LC 43/1996, que não lista o desmembramento: antes dela,
    // a original (não encontrada) pode tê-lo listado.
    let antes = no_dia(desmembramento(), date(1996, 5, 13), "art3_cpt");
    assert_eq!(antes.situacao, Situacao::Pendente);
    assert!(
        antes
            .mensagem
            .starts_with("Redação anterior não disponível")
            && antes.mensagem.contains("não alcança o desmembramento"),
        "{}",
        antes.mensagem
    );
    let depois = no_dia(desmembramento(), date(1996, 5, 14), "art3_cpt");
    assert_eq!(depois.situacao, Situacao::NaoSeAplica);
}

#[test]
fn art3_cpt_criacao_de_distrito_antes_da_lc43_pendente_e_depois_nao_se_aplica() {
    let distrito = Fatos::vazios(Tipo::CriacaoDistrito);
    let antes = no_dia(distrito.clone(), date(1996, 5, 13), "art3_cpt");
    assert_eq!(antes.situacao, Situacao::Pendente);
    assert!(
        antes.mensagem.contains("não alcança a criação de distrito"),
        "{}",
        antes.mensagem
    );
    assert_eq!(
        no_dia(distrito, date(1996, 5, 14), "art3_cpt").situacao,
        Situacao::NaoSeAplica
    );
}

#[test]
fn art4_fusao_dispensa_o_art2_mesmo_sem_a_redacao_anterior() {
    // Art. 2º, II, antes da LC 31/1994 (21/09/1994): redação não encontrada, mas o Art. 4º
    // dispensa o Art. 2º inteiro, qualquer que seja a redação.
    let mut fusao = Fatos::vazios(Tipo::Fusao);
    fusao.data_ato = Some(date(1993, 6, 1));
    for dia in [date(1994, 9, 20), date(1994, 9, 21)] {
        let achado = &achados(&fusao, dia, "art2_cpt_inc2")[0];
        assert_eq!(achado.situacao, Situacao::NaoSeAplica, "{dia}");
        assert!(achado.mensagem.contains("Art. 4º"), "{}", achado.mensagem);
    }
}

// --- Art. 3º e a EC nº 107/2020 ------------------------------------------------------------------

#[test]
fn art3_cpt_ato_antes_da_ec107_conta_de_04_10_2020() {
    let fatos = criacao(dados_bons());
    // Até 02/07/2020 a eleição estava marcada para 04/10/2020: limite 04/04/2020.
    let no_limite = no_dia(fatos.clone(), date(2020, 4, 4), "art3_cpt");
    assert_eq!(no_limite.situacao, Situacao::Atende);
    assert!(no_limite.exigido.contains("04/10/2020 (até 04/04/2020)"));
    assert_eq!(
        no_dia(fatos.clone(), date(2020, 4, 5), "art3_cpt").situacao,
        Situacao::NaoAtende
    );
    // 15/05/2020 cabia nos seis meses antes de 15/11/2020, mas no seu dia a eleição era 04/10.
    let maio = no_dia(fatos.clone(), date(2020, 5, 15), "art3_cpt");
    assert_eq!(maio.situacao, Situacao::NaoAtende);
    // A véspera da publicação da EC 107/2020 (DOU de 03/07/2020).
    let vespera = no_dia(fatos, date(2020, 7, 2), "art3_cpt");
    assert_eq!(vespera.situacao, Situacao::NaoAtende);
    assert!(
        vespera.exigido.contains("04/10/2020"),
        "{}",
        vespera.exigido
    );
    assert!(
        vespera
            .mensagem
            .contains("A EC nº 107/2020, art. 1º, publicada em 03/07/2020, depois do ato, adiou a eleição para 15/11/2020")
            && vespera.mensagem.contains("Leitura adotada"),
        "{}",
        vespera.mensagem
    );
    assert!(
        vespera
            .mensagem
            .contains("depois da eleição de 15/11/2020 (até 06/04/2024 para a eleição de 2024)"),
        "{}",
        vespera.mensagem
    );
}

#[test]
fn art3_cpt_ato_no_dia_da_ec107_e_depois_conta_de_15_11_2020() {
    let fatos = criacao(dados_bons());
    for dia in [date(2020, 7, 3), date(2020, 11, 15)] {
        let achado = no_dia(fatos.clone(), dia, "art3_cpt");
        assert_eq!(achado.situacao, Situacao::NaoAtende, "{dia}");
        assert!(
            achado.exigido.contains("15/11/2020 (até 15/05/2020)"),
            "{}",
            achado.exigido
        );
        assert!(
            achado
                .mensagem
                .contains("adiou a eleição de 04/10/2020 para 15/11/2020; o ato, de dia igual ou posterior à publicação, conta da data nova"),
            "{}",
            achado.mensagem
        );
    }
    // Depois da eleição de 2020, a de 2024; nada de EC 107.
    let depois = no_dia(fatos, date(2020, 11, 16), "art3_cpt");
    assert_eq!(depois.situacao, Situacao::Atende);
    assert!(
        !depois.mensagem.contains("EC nº 107"),
        "{}",
        depois.mensagem
    );
}

// --- Art. 7º, III: o ano de instalação só com regra conhecida ----------------------------------

#[test]
fn art7_cpt_inc3_ate_31_12_1995_instala_em_1997_pelo_corte_da_lei_9100() {
    for dia in [date(1995, 3, 10), date(1995, 12, 31)] {
        let achado = no_dia(criacao(dados_bons()), dia, "art7_cpt_inc3");
        assert_eq!(achado.situacao, Situacao::Atende, "{dia}: {achado:?}");
        assert_eq!(achado.apurado, "instalação em 01/01/1997");
        assert!(
            achado.mensagem.contains("Lei nº 9.100/1995"),
            "{}",
            achado.mensagem
        );
    }
}

#[test]
fn art7_cpt_inc3_em_1996_antes_da_lc43_pendente_sem_os_seis_meses() {
    // Depois do corte da Lei 9.100/1995 e antes da LC 43/1996: a eleição seguinte é a de 2000,
    // sem corte federal nas fontes, e a redação do Art. 3º então em vigor não foi encontrada.
    for dia in [date(1996, 1, 1), date(1996, 5, 13)] {
        let achado = no_dia(criacao(dados_bons()), dia, "art7_cpt_inc3");
        assert_eq!(achado.situacao, Situacao::Pendente, "{dia}: {achado:?}");
        assert!(
            achado
                .mensagem
                .contains("passa do corte federal da eleição de 03/10/1996")
                && achado.mensagem.contains("não foi encontrada")
                && achado.mensagem.contains("não se aplica a texto anterior"),
            "{}",
            achado.mensagem
        );
    }
    // No dia da LC 43/1996, os seis meses: a eleição de 01/10/2000.
    let lc43 = no_dia(criacao(dados_bons()), date(1996, 5, 14), "art7_cpt_inc3");
    assert_eq!(lc43.situacao, Situacao::Atende);
    assert_eq!(lc43.apurado, "instalação em 01/01/2001");
}

#[test]
fn art7_cpt_inc3_com_texto_de_1995_pedido_nao_aplica_seis_meses() {
    // O ato é de 2027, mas o texto pedido (--em) é o de 1995: o Art. 3º dessa data não foi
    // encontrado, e a eleição de 2028 não tem corte federal.
    let achado = &achados(&criacao(dados_bons()), date(1995, 3, 10), "art7_cpt_inc3")[0];
    assert_eq!(achado.situacao, Situacao::Pendente, "{achado:?}");
}

#[test]
fn art7_cpt_inc3_antes_da_ec107_conta_de_04_10_2020() {
    let lei = |dia| no_dia(criacao(dados_bons()), dia, "art7_cpt_inc3");
    let no_limite = lei(date(2020, 4, 4));
    assert_eq!(no_limite.apurado, "instalação em 01/01/2021");
    assert!(
        no_limite.mensagem.contains("realizada em 15/11/2020"),
        "{}",
        no_limite.mensagem
    );
    assert_eq!(lei(date(2020, 4, 5)).apurado, "instalação em 01/01/2025");
    assert_eq!(lei(date(2020, 5, 15)).apurado, "instalação em 01/01/2025");
    assert_eq!(lei(date(2020, 7, 3)).apurado, "instalação em 01/01/2025");
}

// --- Alertas federais pela data do ato ------------------------------------------------------------

#[test]
fn federal_alertas_seguem_a_data_do_ato_e_nao_o_texto_pedido() {
    let fatos = criacao(dados_bons());
    // Ato de 1995 avaliado pelo texto de 2027: só a CF, art. 18, § 4º, na redação original.
    let antigo = alertas(&fatos, date(1995, 3, 10), HOJE);
    assert_eq!(ids(&antigo), ["cf_art18_par4"]);
    assert!(
        alerta(&antigo, "cf_art18_par4").contains("redação original de 1988"),
        "{antigo:?}"
    );
    // Ato de 2027 avaliado pelo texto de 1995: os alertas do direito de 2027.
    let novo = alertas(&fatos, HOJE, date(1995, 3, 10));
    assert_eq!(
        ids(&novo),
        [
            "cf_art18_par4",
            "stf_adpf_819",
            "adct_art96",
            "lei9709_art7"
        ]
    );
    // Sem data_referencia, a data da avaliação.
    let mut sem_data = fatos.clone();
    sem_data.data_ato = None;
    assert_eq!(
        ids(&avaliar(&sem_data, date(1995, 3, 10)).unwrap().alertas),
        ["cf_art18_par4"]
    );
}

#[test]
fn federal_cf_art18_par4_ec15_de_13_09_1996() {
    let fatos = criacao(dados_bons());
    let vespera = alertas(&fatos, date(1996, 9, 12), HOJE);
    assert_eq!(ids(&vespera), ["cf_art18_par4"]);
    assert!(alerta(&vespera, "cf_art18_par4").contains("redação original"));
    let dia = alertas(&fatos, date(1996, 9, 13), HOJE);
    assert_eq!(ids(&dia), ["cf_art18_par4", "stf_adpf_819", "adct_art96"]);
    assert!(alerta(&dia, "cf_art18_par4").contains("redação da EC nº 15/1996"));
}

#[test]
fn federal_lei9709_art7_de_18_11_1998_e_adi_2650_de_24_08_2011() {
    let fatos = criacao(dados_bons());
    assert!(!ids(&alertas(&fatos, date(1998, 11, 17), HOJE)).contains(&"lei9709_art7"));
    for dia in [date(1998, 11, 18), date(2011, 8, 23)] {
        let a = alertas(&fatos, dia, HOJE);
        assert!(
            alerta(&a, "lei9709_art7").contains("Depois do ato, o STF julgou o art. 7º"),
            "{dia}"
        );
    }
    let a = alertas(&fatos, date(2011, 8, 24), HOJE);
    assert!(alerta(&a, "lei9709_art7").contains(" O STF julgou o art. 7º constitucional"));
}

#[test]
fn federal_adpf_819_vale_desde_a_ec15_e_diz_quando_e_posterior_ao_ato() {
    let fatos = criacao(dados_bons());
    for dia in [date(1996, 9, 13), date(2023, 10, 8)] {
        let a = alertas(&fatos, dia, HOJE);
        assert!(
            alerta(&a, "stf_adpf_819").contains("O julgamento é posterior ao ato"),
            "{dia}"
        );
    }
    let a = alertas(&fatos, date(2023, 10, 9), HOJE);
    assert!(!alerta(&a, "stf_adpf_819").contains("posterior ao ato"));
}

#[test]
fn federal_adct_art96_convalida_ate_31_12_2006() {
    let fatos = criacao(dados_bons());
    let ultimo = alertas(&fatos, date(2006, 12, 31), HOJE);
    assert!(alerta(&ultimo, "adct_art96").contains("está no alcance da convalidação"));
    let depois = alertas(&fatos, date(2007, 1, 1), HOJE);
    assert!(alerta(&depois, "adct_art96").contains("não é alcançado"));
}

#[test]
fn federal_adi_6213_no_desmembramento_desde_a_ec15() {
    let fatos = desmembramento();
    assert!(!ids(&alertas(&fatos, date(1996, 9, 12), HOJE)).contains(&"stf_adi_6213"));
    let antes = alertas(&fatos, date(1996, 9, 13), HOJE);
    assert!(alerta(&antes, "stf_adi_6213").contains("posterior ao ato"));
    let depois = alertas(&fatos, date(2021, 6, 18), HOJE);
    assert!(!alerta(&depois, "stf_adi_6213").contains("posterior ao ato"));
}

#[test]
fn federal_extincao_tem_os_alertas_da_incorporacao() {
    let extincao = alertas(&extincao_de_araguainha(), HOJE, HOJE);
    assert_eq!(
        ids(&extincao),
        [
            "cf_art18_par4",
            "stf_adpf_819",
            "adct_art96",
            "lei9709_art7"
        ]
    );
    assert!(alerta(&extincao, "cf_art18_par4").contains("Na extinção"));
    assert!(alerta(&extincao, "lei9709_art7").contains("Na extinção"));
    let mut incorporacao = Fatos::vazios(Tipo::Incorporacao);
    incorporacao.data_ato = Some(HOJE);
    assert_eq!(
        ids(&avaliar(&incorporacao, HOJE).unwrap().alertas),
        ids(&extincao)
    );
    // Distrito e nome continuam sem alertas.
    for tipo in [Tipo::CriacaoDistrito, Tipo::AlteracaoNome] {
        assert!(alertas(&Fatos::vazios(tipo), HOJE, HOJE).is_empty());
    }
}

// --- Art. 2º: dados embutidos posteriores ao ato --------------------------------------------------

#[test]
fn art2_par1_ato_de_1995_com_dados_de_2025_pendente_com_a_ressalva() {
    // A origem (São Félix do Araguaia) é estimada pelos dados embutidos: estimativa de 2025 e
    // eleitorado de 2024, posteriores ao ato.
    let mut fatos = criacao(dados_bons());
    fatos.data_ato = Some(date(1995, 3, 10));
    let par1 = achados(&fatos, date(1995, 3, 10), "art2_par1");
    let populacao = par1
        .iter()
        .find(|a| a.citacao.ends_with("(inciso I)"))
        .unwrap();
    assert_eq!(populacao.situacao, Situacao::Pendente);
    assert!(
        populacao.mensagem.starts_with(
            "Os dados embutidos (Estimativa da população 2025, IBGE) são posteriores ao ato de 10/03/1995:"
        ),
        "{}",
        populacao.mensagem
    );
    assert!(populacao.mensagem.contains("Prévia com esses números"));
    // O número do novo município é o informado na proposta: decide normalmente.
    assert_eq!(
        achados(&fatos, date(1995, 3, 10), "art2_cpt_inc1")[0].situacao,
        Situacao::Atende
    );
}

#[test]
fn art2_par1_estimativa_de_2025_decide_so_desde_2025() {
    let populacao = |dia| {
        let mut fatos = criacao(dados_bons());
        fatos.data_ato = Some(dia);
        achados(&fatos, dia, "art2_par1")
            .into_iter()
            .find(|a| a.citacao.ends_with("(inciso I)"))
            .unwrap()
    };
    let antes = populacao(date(2024, 12, 31));
    assert_eq!(antes.situacao, Situacao::Pendente);
    assert!(antes
        .mensagem
        .contains("Estimativa da população 2025, IBGE"));
    let no_ano = populacao(date(2025, 1, 1));
    assert_eq!(no_ano.situacao, Situacao::Atende, "{no_ano:?}");
    assert!(!no_ano.mensagem.contains("posteriores"));
}

#[test]
fn art2_cpt_inc4_media_embutida_de_2019_decide_so_desde_2019() {
    let inc4 = |dia| no_dia(criacao(dados_bons()), dia, "art2_cpt_inc4");
    let antes = inc4(date(2018, 12, 31));
    assert_eq!(antes.situacao, Situacao::Pendente);
    assert!(
        antes.mensagem.starts_with(
            "Os dados embutidos (PIB dos Municípios 2019, IBGE) são posteriores ao ato de 31/12/2018:"
        ),
        "{}",
        antes.mensagem
    );
    assert_eq!(inc4(date(2019, 1, 1)).situacao, Situacao::Atende);
    // A média informada na proposta não é dado embutido: decide em 2018.
    let mut informada = criacao(dados_bons());
    informada.referencia.media_va_10_menores = Some(40_000_000.0);
    assert_eq!(
        no_dia(informada, date(2018, 12, 31), "art2_cpt_inc4").situacao,
        Situacao::Atende
    );
}

#[test]
fn art10_cpt_inc1_extincao_de_1995_pelos_dados_de_2025_pendente() {
    let hoje = no_dia(extincao_de_araguainha(), HOJE, "art10_cpt_inc1");
    assert_ne!(hoje.situacao, Situacao::Pendente, "{hoje:?}");
    let em_1995 = no_dia(
        extincao_de_araguainha(),
        date(1995, 3, 10),
        "art10_cpt_inc1",
    );
    assert_eq!(em_1995.situacao, Situacao::Pendente, "{em_1995:?}");
}
