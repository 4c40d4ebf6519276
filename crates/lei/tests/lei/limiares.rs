//! Cada limiar nos dois lados, com as palavras da lei: "não inferior a 4.000" (4.000 atende),
//! "superior a 200" (200 não atende), "não pode ultrapassar 5%" (5% exatos atendem).

use divisa_lei::fatos::{
    AlteracaoNome, Assinatura, DadosMunicipais, Desmembramento, Extincao, MotivoExtincao,
    NovoDistrito, Plebiscito, Representacao,
};
use divisa_lei::{avaliar, Fatos, Situacao, Tipo};

use crate::util::{achados, criacao, dados_bons, situacao, HOJE};

fn com(ajuste: impl FnOnce(&mut DadosMunicipais)) -> Fatos {
    let mut dados = dados_bons();
    ajuste(&mut dados);
    criacao(dados)
}

#[test]
fn art2_cpt_inc1_4000_habitantes_atende() {
    assert_eq!(
        situacao(
            &com(|d| {
                d.populacao = Some(4_000);
                d.eleitores = Some(800)
            }),
            "art2_cpt_inc1"
        ),
        Situacao::Atende
    );
}

#[test]
fn art2_cpt_inc1_3999_habitantes_nao_atende() {
    let fatos = com(|d| d.populacao = Some(3_999));
    let achado = &achados(&fatos, HOJE, "art2_cpt_inc1")[0];
    assert_eq!(achado.situacao, Situacao::NaoAtende);
    assert_eq!(achado.apurado, "3.999 habitantes (informado na proposta)");
    assert_eq!(
        achado.exigido,
        "população estimada não inferior a 4.000 habitantes"
    );
    assert_eq!(achado.orgao, Some("Órgão de Informação e Cartografia"));
}

#[test]
fn art2_cpt_inc2_exatamente_20_por_cento_atende() {
    assert_eq!(
        situacao(
            &com(|d| {
                d.populacao = Some(5_000);
                d.eleitores = Some(1_000)
            }),
            "art2_cpt_inc2"
        ),
        Situacao::Atende
    );
}

#[test]
fn art2_cpt_inc2_um_eleitor_abaixo_de_20_por_cento_nao_atende() {
    assert_eq!(
        situacao(
            &com(|d| {
                d.populacao = Some(5_000);
                d.eleitores = Some(999)
            }),
            "art2_cpt_inc2"
        ),
        Situacao::NaoAtende
    );
    // 20% de 5.001 = 1.000,2: 1.000 eleitores não bastam.
    assert_eq!(
        situacao(
            &com(|d| {
                d.populacao = Some(5_001);
                d.eleitores = Some(1_000)
            }),
            "art2_cpt_inc2"
        ),
        Situacao::NaoAtende
    );
}

#[test]
fn art2_cpt_inc3_200_casas_nao_atende() {
    assert_eq!(
        situacao(&com(|d| d.casas_centro_urbano = Some(200)), "art2_cpt_inc3"),
        Situacao::NaoAtende
    );
}

#[test]
fn art2_cpt_inc3_201_casas_atende() {
    assert_eq!(
        situacao(&com(|d| d.casas_centro_urbano = Some(201)), "art2_cpt_inc3"),
        Situacao::Atende
    );
}

#[test]
fn art2_cpt_inc4_va_igual_a_media_nao_atende_e_um_centavo_acima_atende() {
    let mut fatos = com(|d| d.valor_adicionado = Some(30_000_000.0));
    fatos.referencia.media_va_10_menores = Some(30_000_000.0);
    assert_eq!(situacao(&fatos, "art2_cpt_inc4"), Situacao::NaoAtende);
    fatos.novo.as_mut().unwrap().dados.valor_adicionado = Some(30_000_000.01);
    assert_eq!(situacao(&fatos, "art2_cpt_inc4"), Situacao::Atende);
}

#[test]
fn art2_cpt_inc4_sem_media_informada_usa_o_ibge_2019_e_avisa() {
    let achado = &achados(&com(|_| {}), HOJE, "art2_cpt_inc4")[0];
    assert!(
        achado.exigido.contains("R$ 38,8 milhões"),
        "{}",
        achado.exigido
    );
    assert!(
        achado
            .exigido
            .contains("substituto do valor adicionado fiscal"),
        "{}",
        achado.exigido
    );
    assert!(
        achado.mensagem.contains("indicativo"),
        "{}",
        achado.mensagem
    );
}

#[test]
fn art2_cpt_inc5_sem_tabela_de_arrecadacao_fica_pendente() {
    let fatos = criacao(dados_bons());
    let achado = &achados(&fatos, HOJE, "art2_cpt_inc5")[0];
    assert_eq!(achado.situacao, Situacao::Pendente);
    assert!(achado
        .mensagem
        .contains("40 municípios de menor arrecadação"));
    let mut com_media = fatos.clone();
    com_media.referencia.media_arrecadacao_40_menores = Some(3_000_000.0);
    assert_eq!(
        situacao(&com_media, "art2_cpt_inc5"),
        Situacao::NaoAtende,
        "igual à média não é superior"
    );
}

#[test]
fn art2_par1_origem_estimada_pelos_dados_embutidos() {
    // São Félix do Araguaia: 14.604 habitantes estimados em 2025; tirando 10.700 sobram 3.904.
    let fatos = com(|d| {
        d.populacao = Some(10_700);
        d.eleitores = Some(3_000)
    });
    let origem = achados(&fatos, HOJE, "art2_par1");
    let populacao = origem
        .iter()
        .find(|a| a.citacao.ends_with("(inciso I)"))
        .unwrap();
    assert_eq!(populacao.situacao, Situacao::NaoAtende);
    assert!(
        populacao
            .apurado
            .starts_with("3.904 habitantes (estimado: Estimativa da população 2025 (IBGE)"),
        "{}",
        populacao.apurado
    );
    assert!(populacao.citacao.contains("São Félix do Araguaia"));
}

#[test]
fn art2_par1_com_varias_origens_o_limite_inferior_nao_condena() {
    let mut fatos = com(|d| d.populacao = Some(12_000));
    fatos.novo.as_mut().unwrap().origens = vec![5107859, 5106703];
    let origem = achados(&fatos, HOJE, "art2_par1");
    // Ponte Branca não tem 12.000 habitantes: sem a parcela real, fica pendente, não "não atende".
    let ponte_branca = origem
        .iter()
        .find(|a| a.citacao.contains("Ponte Branca") && a.citacao.ends_with("(inciso I)"))
        .unwrap();
    assert_eq!(ponte_branca.situacao, Situacao::Pendente);
    assert!(ponte_branca.mensagem.contains("[[remanescente]]"));
}

#[test]
fn art4_fusao_dispensa_o_art2_citando_o_art4() {
    let mut fatos = criacao(DadosMunicipais::default());
    fatos.tipo = Tipo::Fusao;
    fatos.novo.as_mut().unwrap().origens = vec![5101209, 5106703];
    let avaliacao = avaliar(&fatos, HOJE).unwrap();
    let do_art2: Vec<_> = avaliacao
        .achados
        .iter()
        .filter(|a| a.dispositivo.starts_with("art2_"))
        .collect();
    assert_eq!(do_art2.len(), 7);
    for achado in do_art2 {
        assert_eq!(
            achado.situacao,
            Situacao::NaoSeAplica,
            "{}",
            achado.dispositivo
        );
        assert!(achado.mensagem.contains("Dispensado pelo Art. 4º"));
    }
    assert_eq!(situacao(&fatos, "art4_cpt"), Situacao::Atende);
    fatos.novo.as_mut().unwrap().origens = vec![5101209];
    assert_eq!(
        situacao(&fatos, "art4_cpt"),
        Situacao::NaoAtende,
        "fusão de um só município"
    );
}

fn alteracao(membros: u64, favoraveis: u64) -> Situacao {
    let mut fatos = Fatos::vazios(Tipo::AlteracaoNome);
    fatos.alteracao_nome = Some(AlteracaoNome {
        municipio: 5106703,
        nome_novo: "Ponte Branca do Araguaia".into(),
        membros_camara: Some(membros),
        votos_favoraveis: Some(favoraveis),
        representacao_do_prefeito: Some(true),
        plebiscito_fiscalizado_pelos_diretorios: Some(true),
        nome_homenageia_pessoa_viva: Some(false),
    });
    achados(&fatos, HOJE, "art6_par2")
        .into_iter()
        .find(|a| a.exigido.contains("Câmara"))
        .unwrap()
        .situacao
}

#[test]
fn art6_par2_dois_tercos_de_11_exige_8() {
    assert_eq!(alteracao(11, 8), Situacao::Atende);
    assert_eq!(alteracao(11, 7), Situacao::NaoAtende);
}

#[test]
fn art6_par2_dois_tercos_de_9_sao_6() {
    assert_eq!(alteracao(9, 6), Situacao::Atende);
    assert_eq!(alteracao(9, 5), Situacao::NaoAtende);
}

#[test]
fn art6_cpt_nome_repetido_diz_onde_existe() {
    let achado = &divisa_lei::toponimo("Nova Aurora", Some(false), HOJE).unwrap()[0];
    assert_eq!(achado.situacao, Situacao::NaoAtende);
    assert!(
        achado.apurado.contains("Nova Aurora (município, GO)")
            && achado.apurado.contains("(município, PR)"),
        "{}",
        achado.apurado
    );
}

#[test]
fn art6_cpt_comparacao_ignora_acentos_hifens_e_apostrofos() {
    for grafia in ["sao jose do rio claro", "SÃO-JOSÉ DO RIO CLARO"] {
        assert_eq!(
            divisa_lei::toponimo(grafia, Some(false), HOJE).unwrap()[0].situacao,
            Situacao::NaoAtende,
            "{grafia}"
        );
    }
    assert_eq!(
        divisa_lei::toponimo("Mirassol do Oeste", None, HOJE).unwrap()[0].situacao,
        Situacao::NaoAtende
    );
}

#[test]
fn art6_cpt_quatro_palavras_nao_atende_e_tres_atende() {
    let quatro =
        divisa_lei::toponimo("Vila Bela da Santíssima Trindade Nova", Some(false), HOJE).unwrap();
    assert_eq!(quatro[3].situacao, Situacao::NaoAtende);
    let tres = divisa_lei::toponimo("Porto Jatobá do Cuiabá", Some(false), HOJE).unwrap();
    assert_eq!(tres[3].situacao, Situacao::Atende);
}

#[test]
fn art6_cpt_pessoa_viva_sem_declaracao_fica_pendente() {
    assert_eq!(
        divisa_lei::toponimo("Porto Jatobá do Cuiabá", None, HOJE).unwrap()[2].situacao,
        Situacao::Pendente
    );
    assert_eq!(
        divisa_lei::toponimo("Porto Jatobá do Cuiabá", Some(true), HOJE).unwrap()[2].situacao,
        Situacao::NaoAtende
    );
}

#[test]
fn art6_cpt_datas_nao_atendem() {
    assert_eq!(
        divisa_lei::toponimo("Sete de Setembro", Some(false), HOJE).unwrap()[1].situacao,
        Situacao::NaoAtende
    );
}

fn desmembramento(area: f64, cedente: f64, anteriores: Vec<f64>) -> Situacao {
    let mut fatos = Fatos::vazios(Tipo::Desmembramento);
    fatos.desmembramento = Some(Desmembramento {
        cedente: 5107198,
        receptor: 5106703,
        area: None,
        area_km2: Some(area),
        area_cedente_km2: Some(cedente),
        areas_anteriores_km2: anteriores,
    });
    situacao(&fatos, "art8_par2")
}

#[test]
fn art8_par2_exatamente_5_por_cento_atende() {
    assert_eq!(desmembramento(12.5, 250.0, vec![]), Situacao::Atende);
    // Decimais que o ponto flutuante não representa: 5% de 851 km² = 42,55 km².
    assert_eq!(desmembramento(42.55, 851.0, vec![]), Situacao::Atende);
}

#[test]
fn art8_par2_um_metro_quadrado_acima_de_5_por_cento_nao_atende() {
    assert_eq!(
        desmembramento(12.500_001, 250.0, vec![]),
        Situacao::NaoAtende
    );
}

#[test]
fn art8_par2_somatoria_de_exatamente_10_por_cento_atende() {
    assert_eq!(
        desmembramento(10.0, 250.0, vec![7.5, 7.5]),
        Situacao::Atende
    );
    assert_eq!(
        desmembramento(10.0, 250.0, vec![7.5, 7.6]),
        Situacao::NaoAtende
    );
}

#[test]
fn art8_par2_sem_area_do_cedente_usa_a_malha_2022() {
    let mut fatos = Fatos::vazios(Tipo::Desmembramento);
    fatos.desmembramento = Some(Desmembramento {
        cedente: 5107198,
        receptor: 5106703,
        area_km2: Some(1.0),
        ..Desmembramento::default()
    });
    let achado = &achados(&fatos, HOJE, "art8_par2")[0];
    assert!(
        achado
            .mensagem
            .contains("área oficial, Malha Municipal 2022 (IBGE)"),
        "{}",
        achado.mensagem
    );
}

fn distrito(habitacoes: u64, populacao: u64) -> (Situacao, Situacao) {
    let mut fatos = Fatos::vazios(Tipo::CriacaoDistrito);
    fatos.distrito = Some(NovoDistrito {
        municipio: 5107800,
        nome: "Porto Jatobá do Cuiabá".into(),
        habitacoes_sede: Some(habitacoes),
        populacao: Some(populacao),
        nome_homenageia_pessoa_viva: Some(false),
    });
    (
        situacao(&fatos, "art25_cpt_inc1"),
        situacao(&fatos, "art25_cpt_inc2"),
    )
}

#[test]
fn art25_cpt_inc1_50_habitacoes_atende_e_49_nao() {
    assert_eq!(distrito(50, 1_001).0, Situacao::Atende);
    assert_eq!(distrito(49, 1_001).0, Situacao::NaoAtende);
}

#[test]
fn art25_cpt_inc2_1000_habitantes_nao_atende_e_1001_atende() {
    assert_eq!(distrito(50, 1_000).1, Situacao::NaoAtende);
    assert_eq!(distrito(50, 1_001).1, Situacao::Atende);
}

fn extincao_por_requerimento(requerentes: u64, inscritos: u64) -> Situacao {
    let mut fatos = Fatos::vazios(Tipo::Extincao);
    fatos.extincao = Some(Extincao {
        municipio: 5101209,
        motivo: MotivoExtincao::RequerimentoEleitores,
        requerentes: Some(requerentes),
        municipio_contiguo: None,
        municipio_de_origem: None,
        eleitores_inscritos: Some(inscritos),
    });
    situacao(&fatos, "art10_cpt_inc3")
}

#[test]
fn art10_cpt_inc3_metade_exata_nao_e_maioria_absoluta() {
    assert_eq!(extincao_por_requerimento(1_000, 2_000), Situacao::NaoAtende);
    assert_eq!(extincao_por_requerimento(1_001, 2_000), Situacao::Atende);
}

#[test]
fn art10_cpt_inc1_araguainha_perdeu_populacao_e_va() {
    let mut fatos = Fatos::vazios(Tipo::Extincao);
    fatos.extincao = Some(Extincao {
        municipio: 5101209,
        motivo: MotivoExtincao::PerdaRequisitos,
        requerentes: None,
        municipio_contiguo: None,
        municipio_de_origem: None,
        eleitores_inscritos: None,
    });
    let achado = &achados(&fatos, HOJE, "art10_cpt_inc1")[0];
    assert_eq!(achado.situacao, Situacao::Atende);
    assert!(
        achado.apurado.contains("I: 997 habitantes"),
        "{}",
        achado.apurado
    );
    assert!(achado.mensagem.contains("Leitura adotada"));
}

fn assinaturas(titulos: &[&str]) -> Situacao {
    let mut fatos = criacao(dados_bons());
    fatos.representacao = Some(Representacao {
        assinaturas: titulos
            .iter()
            .enumerate()
            .map(|(i, t)| Assinatura {
                nome: format!("Eleitor {i}"),
                titulo: (*t).to_owned(),
            })
            .collect(),
        documentos: vec![],
        documentos_nos_autos: false,
        declarados_sem_arquivo: Vec::new(),
        assinaturas_sem_lista: None,
    });
    achados(&fatos, HOJE, "art13_cpt")[0].situacao
}

const DEZ_TITULOS: [&str; 10] = [
    "389119531899",
    "112139821856",
    "022919821813",
    "794605491848",
    "411704711805",
    "568744141848",
    "508933501813",
    "711472081848",
    "480606631830",
    "174889641805",
];

#[test]
fn art13_cpt_10_titulos_validos_atende() {
    assert_eq!(assinaturas(&DEZ_TITULOS), Situacao::Atende);
}

#[test]
fn art13_cpt_9_validos_e_um_repetido_nao_atende() {
    let mut titulos = DEZ_TITULOS.to_vec();
    titulos[9] = "3891 1953 1899";
    assert_eq!(assinaturas(&titulos), Situacao::NaoAtende);
}

/// Um título de outra UF (aqui, Goiás, 10) é de eleitor inscrito fora de MT: não conta para o
/// mínimo sem a prova da residência na área; com ele o mínimo só se alcança na dúvida.
#[test]
fn art13_cpt_minimo_so_com_titulo_de_outra_uf_fica_pendente() {
    let mut titulos = DEZ_TITULOS.to_vec();
    titulos[9] = "123456781090";
    assert_eq!(assinaturas(&titulos), Situacao::Pendente);
    titulos.push("174889641805");
    assert_eq!(assinaturas(&titulos), Situacao::Atende);
}

#[test]
fn art13_cpt_titulo_com_digito_errado_nao_conta() {
    let mut titulos = DEZ_TITULOS.to_vec();
    titulos[9] = "174889641806";
    assert_eq!(assinaturas(&titulos), Situacao::NaoAtende);
}

#[test]
fn art11_par2_conta_sobre_os_inscritos() {
    let mut fatos = criacao(dados_bons());
    fatos.plebiscito = Some(Plebiscito {
        eleitores_inscritos: 1_000,
        votos_sim: 501,
        votos_nao: 10,
    });
    assert_eq!(situacao(&fatos, "art11_par2"), Situacao::Atende);
    // 500 SIM contra 10 NÃO: ganha nos votos, mas não tem a maioria absoluta dos inscritos.
    fatos.plebiscito = Some(Plebiscito {
        eleitores_inscritos: 1_000,
        votos_sim: 500,
        votos_nao: 10,
    });
    assert_eq!(situacao(&fatos, "art11_par2"), Situacao::NaoAtende);
}

/// Art. 15 e Art. 16, parágrafo único (issue 30): nos autos, o documento declarado na
/// representação sem o arquivo não atende — fica pendente, dito como declarado sem arquivo, e
/// não como apresentado nem como ausente; o que tem arquivo atende.
#[test]
fn art15_declarado_sem_arquivo_fica_pendente_e_o_juntado_atende() {
    let mut fatos = criacao(dados_bons());
    fatos.representacao = Some(Representacao {
        assinaturas: vec![],
        documentos: vec!["requerimento".into()],
        documentos_nos_autos: true,
        declarados_sem_arquivo: vec!["justificativa".into()],
        assinaturas_sem_lista: Some(10),
    });
    let requerimento = &achados(&fatos, HOJE, "art15_cpt_inc1")[0];
    assert_eq!(requerimento.situacao, Situacao::Atende);
    let justificativa = &achados(&fatos, HOJE, "art15_cpt_inc4")[0];
    assert_eq!(justificativa.situacao, Situacao::Pendente);
    assert!(
        justificativa.apurado.contains(
            "declarado na representação, sem arquivo nos autos: justificativa socioeconômica"
        ),
        "{}",
        justificativa.apurado
    );
    assert!(
        justificativa
            .mensagem
            .contains("só o arquivo juntado conta"),
        "{}",
        justificativa.mensagem
    );
    let fotografias = &achados(&fatos, HOJE, "art15_cpt_inc5")[0];
    assert_eq!(fotografias.apurado, "falta: fotografias do centro urbano");
}
