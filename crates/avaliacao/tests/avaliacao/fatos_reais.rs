//! Issue 30: fatos raros, mas reais, são avaliados — com um alerta —, não recusados como
//! impossíveis; e a continuidade que a malha decide é decidida.

use divisa_lei::{avaliar, Situacao};
use jiff::civil::date;

use crate::ler;

/// A avaliação de uma proposta escrita no teste, na data do texto atual.
fn avaliacao(texto: &str) -> divisa_lei::Avaliacao {
    let p = ler(texto).unwrap_or_else(|e| panic!("deveria ser lida: {e}"));
    avaliar(&p.fatos, date(2027, 3, 10)).expect("avaliação")
}

fn alerta_de_eleitores(a: &divisa_lei::Avaliacao) -> Option<&str> {
    a.alertas
        .iter()
        .find(|a| a.id == "eleitores_acima_da_populacao")
        .map(|a| a.mensagem.as_str())
}

/// CONTRACT §3: sete municípios de MT têm mais eleitores (TSE 2024) que habitantes (Censo 2022).
/// O Art. 2º, II, fixa um piso ("não inferior a 20%"), não um teto: cada um, proposto hoje com
/// os seus números, é avaliado — o inciso II atende — e o relatório traz o alerta.
#[test]
fn art2_inc2_os_sete_municipios_reais_com_mais_eleitores_que_habitantes_sao_avaliados() {
    let mt = divisa_referencia::mt().unwrap();
    let sete: Vec<_> = mt
        .municipios()
        .iter()
        .filter_map(|m| {
            let p = m.populacao_2022.as_ref()?.valor;
            let e = m.eleitores_2024.as_ref()?.valor;
            (e > p).then_some((m.nome.clone(), p, e))
        })
        .collect();
    assert_eq!(sete.len(), 7, "{sete:?}");
    assert!(
        sete.contains(&("Acorizal".to_owned(), 5_014, 7_049)),
        "{sete:?}"
    );
    for (nome, populacao, eleitores) in &sete {
        // o novo município com os números reais do município, saído de Cuiabá (grande o bastante
        // para que nenhuma parte passe do todo)
        let a = avaliacao(&format!(
            "tipo = \"criacao\"\n[novo]\nnome = \"Teste\"\norigens = [5103403]\n[novo.dados]\npopulacao = {populacao}\neleitores = {eleitores}\n"
        ));
        let inc2 = a
            .achados
            .iter()
            .find(|x| x.dispositivo == "art2_cpt_inc2")
            .unwrap();
        assert_eq!(inc2.situacao, Situacao::Atende, "{nome}: {inc2:?}");
        let alerta = alerta_de_eleitores(&a).unwrap_or_else(|| panic!("{nome}: sem alerta"));
        let (p, e) = (
            divisa_referencia::formato::inteiro(i64::from(*populacao)),
            divisa_referencia::formato::inteiro(i64::from(*eleitores)),
        );
        assert!(
            alerta.contains(&format!("{e} eleitores para {p} habitantes")),
            "{nome}: {alerta}"
        );
    }
}

/// Araguainha + Ponte Branca: 3.206 eleitores para 3.018 habitantes. A fusão é avaliada (o Art.
/// 4º dispensa o Art. 2º), com o alerta, e não recusada como "fato impossível".
#[test]
fn art4_fusao_de_municipios_reais_com_mais_eleitores_que_habitantes_e_avaliada() {
    let a = avaliacao(
        "tipo = \"fusao\"\n[novo]\nnome = \"Araguaia Branco\"\norigens = [5101209, 5106703]\n[novo.dados]\npopulacao = 3018\neleitores = 3206\n",
    );
    assert!(
        alerta_de_eleitores(&a).is_some_and(|m| m.contains("3.206 eleitores para 3.018")),
        "{:?}",
        a.alertas
    );
}

/// Igual não é mais: 1.000 eleitores para 1.000 habitantes não leva o alerta.
#[test]
fn sem_alerta_quando_os_eleitores_nao_passam_da_populacao() {
    let a = avaliacao(
        "tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[novo.dados]\npopulacao = 1000\neleitores = 1000\n",
    );
    assert!(alerta_de_eleitores(&a).is_none(), "{:?}", a.alertas);
    let a = avaliacao(
        "tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[novo.dados]\npopulacao = 1000\neleitores = 1001\n",
    );
    assert!(alerta_de_eleitores(&a).is_some(), "{:?}", a.alertas);
}

/// Art. 2º, § 1º: a estimativa do remanescente (a origem menos o novo) que dá mais eleitores que
/// habitantes não decide o inciso II da origem (eleitores diante da população): pendente,
/// dizendo por quê.
#[test]
fn art2_par1_estimativa_de_remanescente_insana_fica_pendente() {
    let mt = divisa_referencia::mt().unwrap();
    let sfa = mt.por_codigo(5107859).unwrap();
    let pop = sfa.populacao_estimada_2025.as_ref().unwrap().valor;
    let eleitores = sfa.eleitores_2024.as_ref().unwrap().valor;
    // o novo leva quase toda a população e poucos eleitores: sobra um remanescente com mais
    // eleitores que habitantes
    let novo_pop = pop - 300;
    let novo_el = eleitores / 4;
    let a = avaliacao(&format!(
        "tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[novo.dados]\npopulacao = {novo_pop}\neleitores = {novo_el}\n"
    ));
    let par1: Vec<_> = a
        .achados
        .iter()
        .filter(|x| x.dispositivo == "art2_par1")
        .collect();
    let x = par1
        .iter()
        .find(|x| x.citacao.ends_with("(inciso II)"))
        .unwrap_or_else(|| panic!("sem achado do inciso II: {par1:?}"));
    assert_eq!(x.situacao, Situacao::Pendente, "{x:?}");
    assert!(x.mensagem.contains("bases incompatíveis"), "{}", x.mensagem);
}

/// Art. 2º, VI, e Art. 5º: um novo município de partes de municípios sem divisa comum (Cuiabá e
/// Sinop; Paranaíta e Cuiabá) nunca é contínuo — a malha decide, com ou sem polígono.
#[test]
fn art2_inc6_origens_sem_divisa_comum_nao_atendem_sem_poligono() {
    for (a, b, nomes) in [
        (5103403, 5107909, "Cuiabá | Sinop"),
        (5106299, 5103403, "Paranaíta | Cuiabá"),
    ] {
        let r = avaliacao(&format!(
            "tipo = \"criacao\"\n[novo]\norigens = [{a}, {b}]\n[novo.dados]\npopulacao = 5000\n"
        ));
        let inc6 = r
            .achados
            .iter()
            .find(|x| x.dispositivo == "art2_cpt_inc6")
            .unwrap();
        assert_eq!(inc6.situacao, Situacao::NaoAtende, "{inc6:?}");
        assert!(inc6.apurado.contains(nomes), "{}", inc6.apurado);
    }
    // vizinhos (Cuiabá e Várzea Grande): a malha não decide contra; sem território, pendente
    let r = avaliacao(
        "tipo = \"criacao\"\n[novo]\norigens = [5103403, 5108402]\n[novo.dados]\npopulacao = 5000\n",
    );
    let inc6 = r
        .achados
        .iter()
        .find(|x| x.dispositivo == "art2_cpt_inc6")
        .unwrap();
    assert_eq!(inc6.situacao, Situacao::Pendente, "{inc6:?}");
}
