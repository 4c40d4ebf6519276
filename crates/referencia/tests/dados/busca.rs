//! Busca de município por código ou nome, como as pessoas escrevem.

use divisa_referencia::mt::{Busca, Sugestao};
use divisa_referencia::{mt, nomes};

fn nome_encontrado(texto: &str) -> Option<String> {
    match mt().unwrap().buscar(texto) {
        Busca::Encontrado(m) => Some(m.nome.clone()),
        Busca::NaoEncontrado { .. } => None,
    }
}

fn sugestoes(texto: &str) -> Vec<String> {
    match mt().unwrap().buscar(texto) {
        Busca::Encontrado(m) => panic!("{texto} encontrou {}", m.nome),
        Busca::NaoEncontrado { sugestoes } => sugestoes
            .iter()
            .map(|s| match s {
                Sugestao::Municipio(m) => m.nome.clone(),
                Sugestao::Distrito(d, m) => format!("distrito {} de {}", d.nome, m.nome),
            })
            .collect(),
    }
}

#[test]
fn por_codigo_ibge() {
    assert_eq!(nome_encontrado("5107925").as_deref(), Some("Sorriso"));
    assert_eq!(nome_encontrado(" 5103403 ").as_deref(), Some("Cuiabá"));
    assert_eq!(nome_encontrado("5107926"), None);
    assert_eq!(nome_encontrado("3550308"), None);
}

#[test]
fn sem_acentos_nem_maiusculas() {
    assert_eq!(
        nome_encontrado("sao felix do araguaia").as_deref(),
        Some("São Félix do Araguaia")
    );
    assert_eq!(nome_encontrado("CUIABA").as_deref(), Some("Cuiabá"));
    assert_eq!(
        nome_encontrado("várzea grande").as_deref(),
        Some("Várzea Grande")
    );
    assert_eq!(
        nome_encontrado("Vila Bela da Santissima Trindade").as_deref(),
        Some("Vila Bela da Santíssima Trindade")
    );
}

#[test]
fn d_oeste_e_do_oeste_nos_cinco_municipios() {
    for (digitado, oficial) in [
        ("Figueiropolis D'Oeste", "Figueirópolis D'Oeste"),
        ("figueirópolis do oeste", "Figueirópolis D'Oeste"),
        ("Conquista do Oeste", "Conquista D'Oeste"),
        ("Gloria D’Oeste", "Glória D'Oeste"),
        ("LAMBARI DO OESTE", "Lambari D'Oeste"),
        ("Mirassol dOeste", "Mirassol d'Oeste"),
    ] {
        assert_eq!(
            nome_encontrado(digitado).as_deref(),
            Some(oficial),
            "{digitado}"
        );
    }
}

#[test]
fn grafia_do_tse_de_santo_antonio_de_leverger() {
    assert_eq!(
        nome_encontrado("Santo Antônio do Leverger").as_deref(),
        Some("Santo Antônio de Leverger")
    );
    assert_eq!(
        nome_encontrado("santo antonio leverger").as_deref(),
        Some("Santo Antônio de Leverger")
    );
}

#[test]
fn todo_municipio_se_acha_pelo_proprio_nome_e_as_chaves_nao_colidem() {
    let lista = mt().unwrap().municipios();
    let mut chaves: Vec<String> = lista.iter().map(|m| nomes::chave(&m.nome)).collect();
    for municipio in lista {
        assert_eq!(
            nome_encontrado(&municipio.nome).as_deref(),
            Some(municipio.nome.as_str())
        );
        assert_eq!(
            nome_encontrado(&municipio.codigo_ibge.to_string()).as_deref(),
            Some(municipio.nome.as_str())
        );
    }
    chaves.sort();
    chaves.dedup();
    assert_eq!(chaves.len(), 142);
}

#[test]
fn nome_desconhecido_sugere_os_parecidos() {
    assert_eq!(sugestoes("Sorrizo"), ["Sorriso"]);
    assert!(sugestoes("Cuiaba do Norte").contains(&"Cuiabá".to_owned()));
    assert_eq!(sugestoes("Cuiaba MT"), ["Cuiabá"]);
    let varzea = sugestoes("Varzea");
    assert_eq!(varzea.first().map(String::as_str), Some("Várzea Grande"));
    assert!(sugestoes("Nova").len() == 5, "no máximo cinco sugestões");
}

#[test]
fn nome_sem_nada_parecido_nao_sugere_nada() {
    assert!(sugestoes("Xyzwq").is_empty());
    assert!(sugestoes("São Paulo")
        .iter()
        .all(|s| !s.contains("São Paulo")));
}

#[test]
fn nome_de_distrito_diz_de_que_municipio_e() {
    assert_eq!(
        sugestoes("Boa Esperança").first().map(String::as_str),
        Some("distrito Boa Esperança de Sorriso")
    );
    assert!(sugestoes("coxipo da ponte").contains(&"distrito Coxipó da Ponte de Cuiabá".to_owned()));
}
