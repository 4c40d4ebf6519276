//! Issue 15: nenhum "atende" sem verificação por trás. Continuidade na malha (Art. 1º, § 1º;
//! Art. 8º, § 1º; Art. 10, § 2º), plebiscito prévio (Art. 11, caput), consulta do distrito
//! (Art. 24, § 1º) e o limite exato do Art. 8º, § 2º.

use divisa_lei::fatos::{
    Area, Desmembramento, Extincao, Incorporacao, MedidasArea, MotivoExtincao, NovoDistrito,
    NovoMunicipio, Plebiscito,
};
use divisa_lei::{Fatos, Situacao, Tipo};

use crate::util::{achados, situacao, HOJE};

const CUIABA: u32 = 5103403;
const SINOP: u32 = 5107909;
const VARZEA_GRANDE: u32 = 5108402;
const SANTO_ANTONIO_DE_LEVERGER: u32 = 5107800;
const ARAGUAINHA: u32 = 5101209;
const PONTE_BRANCA: u32 = 5106703;
const RIBEIRAOZINHO: u32 = 5107198;
const BOA_ESPERANCA_DO_NORTE: u32 = 5101837;

fn fusao(origens: &[u32]) -> Fatos {
    let mut fatos = Fatos::vazios(Tipo::Fusao);
    fatos.data_ato = Some(HOJE);
    fatos.novo = Some(NovoMunicipio {
        nome: Some("Vale Novo".into()),
        sede: Some("Vale Novo".into()),
        origens: origens.to_vec(),
        ..NovoMunicipio::default()
    });
    fatos
}

#[test]
fn art1_par1_fusao_de_vizinhos_e_continua() {
    let a = &achados(&fusao(&[CUIABA, VARZEA_GRANDE]), HOJE, "art1_par1")[0];
    assert_eq!(a.situacao, Situacao::Atende, "{a:?}");
    assert!(
        a.apurado.contains("Cuiabá e Várzea Grande"),
        "{}",
        a.apurado
    );
    assert!(
        a.mensagem.contains("unidade histórico-cultural"),
        "{}",
        a.mensagem
    );
}

#[test]
fn art1_par1_fusao_sem_divisa_comum_nao_atende() {
    let a = &achados(&fusao(&[CUIABA, SINOP]), HOJE, "art1_par1")[0];
    assert_eq!(a.situacao, Situacao::NaoAtende, "{a:?}");
    assert!(
        a.mensagem.contains("2 territórios separados"),
        "{}",
        a.mensagem
    );
}

#[test]
fn art1_par1_fusao_ligada_por_um_terceiro_e_continua() {
    // Sinop não encosta em Cuiabá nem em Várzea Grande: três origens, dois territórios.
    let a = &achados(&fusao(&[CUIABA, VARZEA_GRANDE, SINOP]), HOJE, "art1_par1")[0];
    assert_eq!(a.situacao, Situacao::NaoAtende);
    assert!(
        a.mensagem.contains("Cuiabá + Várzea Grande | Sinop"),
        "{}",
        a.mensagem
    );
}

#[test]
fn art1_par1_um_ponto_so_nao_e_divisa_comum() {
    // Santo Antônio de Leverger e Várzea Grande se tocam num único vértice da malha.
    let mut fatos = Fatos::vazios(Tipo::Incorporacao);
    fatos.data_ato = Some(HOJE);
    fatos.incorporacao = Some(Incorporacao {
        municipio: VARZEA_GRANDE,
        receptor: SANTO_ANTONIO_DE_LEVERGER,
    });
    assert_eq!(situacao(&fatos, "art1_par1"), Situacao::NaoAtende);
}

#[test]
fn art1_par1_origem_sem_poligono_fica_pendente() {
    let a = &achados(&fusao(&[SINOP, BOA_ESPERANCA_DO_NORTE]), HOJE, "art1_par1")[0];
    assert_eq!(a.situacao, Situacao::Pendente);
    assert!(a.mensagem.contains("não tem polígono"), "{}", a.mensagem);
}

fn incorporacao(municipio: u32, receptor: u32, plebiscito: Option<(u64, u64)>) -> Fatos {
    let mut fatos = Fatos::vazios(Tipo::Incorporacao);
    fatos.data_ato = Some(HOJE);
    fatos.incorporacao = Some(Incorporacao {
        municipio,
        receptor,
    });
    fatos.plebiscito = plebiscito.map(|(sim, inscritos)| Plebiscito {
        eleitores_inscritos: inscritos,
        votos_sim: sim,
        votos_nao: 0,
    });
    fatos
}

#[test]
fn art1_par1_incorporacao_de_vizinho_atende_e_de_distante_nao() {
    assert_eq!(
        situacao(&incorporacao(ARAGUAINHA, PONTE_BRANCA, None), "art1_par1"),
        Situacao::Atende
    );
    assert_eq!(
        situacao(&incorporacao(CUIABA, SINOP, None), "art1_par1"),
        Situacao::NaoAtende
    );
}

#[test]
fn art11_cpt_incorporacao_sem_plebiscito_nao_e_atende() {
    let a = &achados(
        &incorporacao(ARAGUAINHA, PONTE_BRANCA, None),
        HOJE,
        "art11_cpt",
    )[0];
    assert_eq!(a.situacao, Situacao::Pendente);
    assert!(
        a.apurado.contains("plebiscito ainda não realizado"),
        "{}",
        a.apurado
    );
}

#[test]
fn art11_cpt_incorporacao_segue_a_maioria_absoluta_dos_inscritos() {
    let aprovada = incorporacao(ARAGUAINHA, PONTE_BRANCA, Some((501, 1_000)));
    let rejeitada = incorporacao(ARAGUAINHA, PONTE_BRANCA, Some((500, 1_000)));
    assert_eq!(situacao(&aprovada, "art11_cpt"), Situacao::Atende);
    assert_eq!(situacao(&rejeitada, "art11_cpt"), Situacao::NaoAtende);
}

fn desmembramento(cedente: u32, receptor: u32, area_km2: f64, cedente_km2: f64) -> Fatos {
    let mut fatos = Fatos::vazios(Tipo::Desmembramento);
    fatos.data_ato = Some(HOJE);
    fatos.desmembramento = Some(Desmembramento {
        cedente,
        receptor,
        area_km2: Some(area_km2),
        area_cedente_km2: Some(cedente_km2),
        ..Desmembramento::default()
    });
    fatos
}

#[test]
fn art8_par1_sem_poligono_e_sem_divisa_comum_nao_atende() {
    let a = &achados(
        &desmembramento(CUIABA, SINOP, 1.0, 3_000.0),
        HOJE,
        "art8_par1",
    )[0];
    assert_eq!(a.situacao, Situacao::NaoAtende, "{a:?}");
    assert!(
        a.mensagem.contains("não têm divisa comum"),
        "{}",
        a.mensagem
    );
}

#[test]
fn art8_par1_sem_poligono_entre_vizinhos_fica_pendente() {
    let a = &achados(
        &desmembramento(RIBEIRAOZINHO, PONTE_BRANCA, 1.0, 600.0),
        HOJE,
        "art8_par1",
    )[0];
    assert_eq!(a.situacao, Situacao::Pendente, "{a:?}");
    assert!(
        a.apurado.contains("divisa comum de cerca de"),
        "{}",
        a.apurado
    );
}

/// Art. 8º, § 1º: o «atende» diz que a área está inteira no cedente, encosta no receptor e deixa
/// o remanescente numa peça só — três conferências na malha. Com o polígono lido mas sem a
/// malha de um dos dois (Boa Esperança do Norte não tem polígono na Malha 2022), nenhuma se faz:
/// pendente, nunca «atende»; com as três feitas, atende.
#[test]
fn art8_par1_sem_as_conferencias_da_malha_fica_pendente() {
    let com_medidas = |medidas: MedidasArea| {
        let mut fatos = desmembramento(RIBEIRAOZINHO, PONTE_BRANCA, 1.0, 600.0);
        if let Some(d) = fatos.desmembramento.as_mut() {
            d.area = Some(Area {
                arquivo: "area.geojson".into(),
                medidas: Some(medidas),
                sem_medidas: None,
            });
        }
        fatos
    };
    let sem_malha = MedidasArea {
        area_km2: 1.0,
        remanescentes: vec![("Ribeirãozinho".into(), None)],
        ..MedidasArea::default()
    };
    let a = &achados(&com_medidas(sem_malha), HOJE, "art8_par1")[0];
    assert_eq!(a.situacao, Situacao::Pendente, "{a:?}");
    assert!(
        a.mensagem.contains("Malha Municipal 2022"),
        "{}",
        a.mensagem
    );
    let conferida = MedidasArea {
        area_km2: 1.0,
        fora_das_origens_km2: Some(0.0),
        encosta_no_receptor: Some(true),
        remanescentes: vec![("Ribeirãozinho".into(), Some(1))],
        ..MedidasArea::default()
    };
    assert_eq!(
        situacao(&com_medidas(conferida), "art8_par1"),
        Situacao::Atende
    );
}

#[test]
fn art8_par2_exatamente_5_por_cento_com_oito_casas_atende() {
    // 5% de 625,12345678 km² é 31,256172839 km², exatamente.
    let fatos = desmembramento(RIBEIRAOZINHO, PONTE_BRANCA, 31.256172839, 625.12345678);
    assert_eq!(situacao(&fatos, "art8_par2"), Situacao::Atende);
    // 12,5 de 250: o caso redondo.
    let fatos = desmembramento(RIBEIRAOZINHO, PONTE_BRANCA, 12.5, 250.0);
    assert_eq!(situacao(&fatos, "art8_par2"), Situacao::Atende);
}

#[test]
fn art8_par2_um_bilionesimo_acima_de_5_por_cento_nao_atende_e_mostra_a_diferenca() {
    let fatos = desmembramento(RIBEIRAOZINHO, PONTE_BRANCA, 31.25617284, 625.12345678);
    let a = &achados(&fatos, HOJE, "art8_par2")[0];
    assert_eq!(a.situacao, Situacao::NaoAtende);
    // O máximo e a área não podem aparecer escritos iguais.
    assert!(
        a.mensagem.contains("o máximo seria 31,256172839 km²"),
        "{}",
        a.mensagem
    );
    assert!(a.apurado.starts_with("31,256172840 km²"), "{}", a.apurado);
}

#[test]
fn art8_par2_soma_exata_de_10_por_cento_atende() {
    let mut fatos = desmembramento(RIBEIRAOZINHO, PONTE_BRANCA, 0.1, 3.0);
    if let Some(d) = fatos.desmembramento.as_mut() {
        d.areas_anteriores_km2 = vec![0.1, 0.1];
    }
    // 0,1 + 0,1 + 0,1 = 0,3 = 10% de 3, em decimal (em binário, 0,30000000000000004).
    assert_eq!(situacao(&fatos, "art8_par2"), Situacao::Atende);
    // Um centésimo a mais nas anteriores passa de 10%.
    if let Some(d) = fatos.desmembramento.as_mut() {
        d.areas_anteriores_km2 = vec![0.1, 0.11];
    }
    assert_eq!(situacao(&fatos, "art8_par2"), Situacao::NaoAtende);
}

fn distrito(plebiscito: Option<(u64, u64, u64)>) -> Fatos {
    let mut fatos = Fatos::vazios(Tipo::CriacaoDistrito);
    fatos.data_ato = Some(HOJE);
    fatos.distrito = Some(NovoDistrito {
        municipio: CUIABA,
        nome: "Nova Aurora".into(),
        habitacoes_sede: Some(60),
        populacao: Some(1_200),
        nome_homenageia_pessoa_viva: Some(false),
    });
    fatos.plebiscito = plebiscito.map(|(sim, nao, inscritos)| Plebiscito {
        eleitores_inscritos: inscritos,
        votos_sim: sim,
        votos_nao: nao,
    });
    fatos
}

#[test]
fn art24_par1_distrito_sem_consulta_fica_pendente_e_diz_quem_legisla() {
    let a = &achados(&distrito(None), HOJE, "art24_par1")[0];
    assert_eq!(a.situacao, Situacao::Pendente);
    assert!(a.mensagem.contains("lei municipal"), "{}", a.mensagem);
}

#[test]
fn art24_par1_consulta_pela_maioria_absoluta_atende() {
    assert_eq!(
        situacao(&distrito(Some((501, 10, 1_000))), "art24_par1"),
        Situacao::Atende
    );
    // 500 de 1.000: não é maioria absoluta, mas vence o NÃO — o quórum é da Comissão.
    assert_eq!(
        situacao(&distrito(Some((500, 10, 1_000))), "art24_par1"),
        Situacao::Pendente
    );
    assert_eq!(
        situacao(&distrito(Some((300, 300, 1_000))), "art24_par1"),
        Situacao::NaoAtende
    );
}

fn extincao_indicando(destino: Option<u32>) -> Fatos {
    let mut fatos = Fatos::vazios(Tipo::Extincao);
    fatos.data_ato = Some(HOJE);
    fatos.extincao = Some(Extincao {
        municipio: ARAGUAINHA,
        motivo: MotivoExtincao::RequerimentoEleitores,
        requerentes: Some(700),
        eleitores_inscritos: Some(1_000),
        municipio_contiguo: destino,
        municipio_de_origem: None,
    });
    fatos
}

#[test]
fn art10_par2_municipio_indicado_tem_de_ser_contiguo() {
    assert_eq!(
        situacao(&extincao_indicando(None), "art10_par2"),
        Situacao::Pendente
    );
    assert_eq!(
        situacao(&extincao_indicando(Some(PONTE_BRANCA)), "art10_par2"),
        Situacao::Atende
    );
    assert_eq!(
        situacao(&extincao_indicando(Some(SINOP)), "art10_par2"),
        Situacao::NaoAtende
    );
}

fn alteracao(nome_novo: &str, prefeito: Option<bool>, fiscalizado: Option<bool>) -> Fatos {
    let mut fatos = Fatos::vazios(Tipo::AlteracaoNome);
    fatos.data_ato = Some(HOJE);
    fatos.alteracao_nome = Some(divisa_lei::fatos::AlteracaoNome {
        municipio: CUIABA,
        nome_novo: nome_novo.into(),
        membros_camara: Some(27),
        votos_favoraveis: Some(18),
        representacao_do_prefeito: prefeito,
        plebiscito_fiscalizado_pelos_diretorios: fiscalizado,
        nome_homenageia_pessoa_viva: Some(false),
    });
    fatos.plebiscito = Some(Plebiscito {
        eleitores_inscritos: 1_000,
        votos_sim: 400,
        votos_nao: 300,
    });
    fatos
}

fn par2(fatos: &Fatos, exigido: &str) -> Situacao {
    achados(fatos, HOJE, "art6_par2")
        .into_iter()
        .find(|a| a.exigido.contains(exigido))
        .unwrap_or_else(|| panic!("sem achado «{exigido}»"))
        .situacao
}

#[test]
fn art6_par2_o_mesmo_nome_sem_acento_nao_e_alteracao() {
    assert_eq!(
        par2(
            &alteracao("CUIABA", Some(true), Some(true)),
            "diferente do atual"
        ),
        Situacao::NaoAtende
    );
    assert_eq!(
        par2(
            &alteracao("Nova Cuiabá", Some(true), Some(true)),
            "diferente do atual"
        ),
        Situacao::Atende
    );
}

#[test]
fn art6_par2_representacao_do_prefeito_e_pedida() {
    assert_eq!(
        par2(&alteracao("Nova Cuiabá", None, Some(true)), "Prefeito"),
        Situacao::Pendente
    );
    assert_eq!(
        par2(
            &alteracao("Nova Cuiabá", Some(false), Some(true)),
            "Prefeito"
        ),
        Situacao::NaoAtende
    );
    assert_eq!(
        par2(
            &alteracao("Nova Cuiabá", Some(true), Some(true)),
            "Prefeito"
        ),
        // declarado não é conferido: pendente até o documento nos autos
        Situacao::Pendente
    );
}

#[test]
fn art6_par2_plebiscito_fiscalizado_pelos_diretorios() {
    assert_eq!(
        par2(&alteracao("Nova Cuiabá", Some(true), None), "diretórios"),
        Situacao::Pendente
    );
    assert_eq!(
        par2(
            &alteracao("Nova Cuiabá", Some(true), Some(false)),
            "diretórios"
        ),
        Situacao::NaoAtende
    );
    assert_eq!(
        par2(
            &alteracao("Nova Cuiabá", Some(true), Some(true)),
            "diretórios"
        ),
        // declarado não é conferido: pendente até o documento nos autos
        Situacao::Pendente
    );
}

/// Issue 15: um valor que falha nunca aparece escrito igual ao limite. R$ 20.012.000 contra uma
/// média de R$ 20.034.000: abreviados, os dois seriam "R$ 20,0 milhões".
#[test]
fn art2_cpt_inc5_valor_que_falha_nao_aparece_igual_a_media() {
    let mut dados = crate::util::dados_bons();
    dados.arrecadacao = Some(20_012_000.0);
    let mut fatos = crate::util::criacao(dados);
    fatos.referencia.media_arrecadacao_40_menores = Some(20_034_000.0);
    let a = &achados(&fatos, HOJE, "art2_cpt_inc5")[0];
    assert_eq!(a.situacao, Situacao::NaoAtende);
    assert!(a.apurado.starts_with("R$ 20.012.000,00"), "{}", a.apurado);
    assert!(a.exigido.contains("R$ 20.034.000,00"), "{}", a.exigido);
}
