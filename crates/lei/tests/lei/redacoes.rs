//! O texto em vigor na data: redações anteriores não encontradas ficam pendentes, dispositivos
//! acrescentados depois não se aplicam, e os alertas federais dependem da data.

use divisa_lei::fatos::Desmembramento;
use divisa_lei::{avaliar, Fatos, Situacao, Tipo};
use jiff::civil::date;

use crate::util::{achados, criacao, dados_bons, HOJE};

#[test]
fn art2_cpt_inc2_em_1993_redacao_anterior_nao_disponivel() {
    let fatos = criacao(dados_bons());
    let achado = &achados(&fatos, date(1993, 6, 1), "art2_cpt_inc2")[0];
    assert_eq!(achado.situacao, Situacao::Pendente);
    assert!(
        achado
            .mensagem
            .starts_with("Redação anterior não disponível"),
        "{}",
        achado.mensagem
    );
    assert!(achado.mensagem.contains("LC nº 31/1994"));
    // O inciso I nunca foi alterado: em 1993 ele se aplica normalmente.
    assert_eq!(
        achados(&fatos, date(1993, 6, 1), "art2_cpt_inc1")[0].situacao,
        Situacao::Atende
    );
}

#[test]
fn art8_par2_antes_da_lc792_nao_se_aplica() {
    let mut fatos = Fatos::vazios(Tipo::Desmembramento);
    fatos.desmembramento = Some(Desmembramento {
        cedente: 5107198,
        receptor: 5106703,
        area_km2: Some(100.0),
        area_cedente_km2: Some(250.0),
        ..Desmembramento::default()
    });
    let antes = &achados(&fatos, date(2024, 5, 16), "art8_par2")[0];
    assert_eq!(antes.situacao, Situacao::NaoSeAplica);
    assert!(
        antes.mensagem.contains("acrescentado pela LC nº 792/2024"),
        "{}",
        antes.mensagem
    );
    assert_eq!(
        achados(&fatos, date(2024, 5, 17), "art8_par2")[0].situacao,
        Situacao::NaoAtende
    );
}

#[test]
fn antes_da_lei_e_erro() {
    assert!(avaliar(&criacao(dados_bons()), date(1992, 11, 18)).is_err());
}

#[test]
fn alertas_federais_so_onde_incidem() {
    let ids = |fatos: &Fatos, data| {
        avaliar(fatos, data)
            .unwrap()
            .alertas
            .iter()
            .map(|a| a.id)
            .collect::<Vec<_>>()
    };
    let criacao = criacao(dados_bons());
    assert_eq!(
        ids(&criacao, HOJE),
        [
            "cf_art18_par4",
            "stf_adpf_819",
            "adct_art96",
            "lei9709_art7"
        ]
    );
    // Em 1995 a EC 15/1996 e a Lei 9.709/1998 ainda não existiam: vale a redação original do
    // art. 18, § 4º, e a convalidação do ADCT, art. 96, feita para os atos posteriores à EC 15,
    // não é alerta para um ato de então.
    let mut antiga = criacao.clone();
    antiga.data_ato = Some(date(1995, 1, 10));
    assert_eq!(ids(&antiga, date(1995, 1, 10)), ["cf_art18_par4"]);
    let mut desmembramento = Fatos::vazios(Tipo::Desmembramento);
    desmembramento.desmembramento = Some(Desmembramento {
        cedente: 5107198,
        receptor: 5106703,
        area_km2: Some(1.0),
        ..Desmembramento::default()
    });
    assert!(ids(&desmembramento, HOJE).contains(&"stf_adi_6213"));
    let distrito = Fatos::vazios(Tipo::CriacaoDistrito);
    assert!(ids(&distrito, HOJE).is_empty());
}

#[test]
fn alertas_nunca_mudam_a_conclusao() {
    let avaliacao = avaliar(&criacao(dados_bons()), HOJE).unwrap();
    let sem_alertas = divisa_lei::conclusao_de(&avaliacao.achados);
    assert_eq!(avaliacao.conclusao(), sem_alertas);
}
