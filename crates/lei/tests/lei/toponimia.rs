//! Art. 6º, caput: a contagem de palavras ("mais de três palavras, excluídas as partículas
//! gramaticais") e a repetição de nome de distrito que não é sede.

use divisa_lei::fatos::{AlteracaoNome, NovoMunicipio};
use divisa_lei::{Achado, Fatos, Situacao, Tipo};

use crate::util::{achados, HOJE};

/// Poxoréu e o seu distrito Jarudore (510700815), que não é a sede e cujo nome não existe em
/// nenhum outro lugar do País.
const POXOREU: u32 = 5107008;
/// Jaciara, com o distrito Celma (510480720), que não é a sede; e Juscimeira, vizinha.
const JACIARA: u32 = 5104807;
const JUSCIMEIRA: u32 = 5105200;

/// O achado da regra das três palavras de um nome.
fn contagem(nome: &str) -> Achado {
    divisa_lei::toponimo(nome, Some(false), HOJE)
        .unwrap()
        .into_iter()
        .find(|a| a.exigido.contains("excluídas as partículas gramaticais"))
        .expect("achado das três palavras")
}

fn situacao_da_contagem(nome: &str) -> Situacao {
    contagem(nome).situacao
}

/// O achado de repetição (o primeiro do Art. 6º, caput) numa alteração de nome.
fn repeticao_na_alteracao(municipio: u32, nome_novo: &str) -> Achado {
    let mut fatos = Fatos::vazios(Tipo::AlteracaoNome);
    fatos.data_ato = Some(HOJE);
    fatos.alteracao_nome = Some(AlteracaoNome {
        municipio,
        nome_novo: nome_novo.into(),
        membros_camara: Some(9),
        votos_favoraveis: Some(9),
        representacao_do_prefeito: Some(true),
        plebiscito_fiscalizado_pelos_diretorios: Some(true),
        nome_homenageia_pessoa_viva: Some(false),
    });
    achados(&fatos, HOJE, "art6_cpt").remove(0)
}

/// O achado de repetição na fusão de Jaciara com Juscimeira.
fn repeticao_na_fusao(nome: &str, sede: &str) -> Achado {
    let mut fatos = Fatos::vazios(Tipo::Fusao);
    fatos.data_ato = Some(HOJE);
    fatos.novo = Some(NovoMunicipio {
        nome: Some(nome.into()),
        sede: Some(sede.into()),
        origens: vec![JACIARA, JUSCIMEIRA],
        nome_homenageia_pessoa_viva: Some(false),
        ..NovoMunicipio::default()
    });
    achados(&fatos, HOJE, "art6_cpt").remove(0)
}

#[test]
fn art6_cpt_tres_palavras_atende_e_quatro_nao() {
    assert_eq!(situacao_da_contagem("Porto Jatobá Verde"), Situacao::Atende);
    assert_eq!(
        situacao_da_contagem("Porto Jatobá Verde Novo"),
        Situacao::NaoAtende
    );
    // As partículas não mudam a conta, de nenhum dos lados.
    assert_eq!(
        situacao_da_contagem("Porto do Jatobá e da Verde"),
        Situacao::Atende
    );
    assert_eq!(
        situacao_da_contagem("Porto do Jatobá e da Verde Nova"),
        Situacao::NaoAtende
    );
}

#[test]
fn art6_cpt_composto_com_hifen_e_uma_palavra() {
    // Quatro grupos separados por espaço, um deles composto: três palavras.
    for nome in [
        "Pau-d'Alho Nova Esperança",
        "Bem-te-vi Grande do Norte",
        "Guarda-Mor do Alto Araguaia",
        "Olho-d’Água da Serra Azul",
    ] {
        let achado = contagem(nome);
        assert_eq!(achado.situacao, Situacao::Atende, "{nome}: {achado:?}");
        assert!(
            achado
                .mensagem
                .contains("Palavra composta com hífen conta como uma só"),
            "{nome}: {}",
            achado.mensagem
        );
    }
    assert!(contagem("Bem-te-vi Grande do Norte").mensagem.starts_with(
        "Contam 3 palavras: «Bem-te-vi», «Grande», «Norte»; partículas excluídas: «do»."
    ));
    // O outro lado: com uma palavra a mais, o composto não salva o nome.
    for nome in [
        "Pau-d'Alho Nova Esperança Verde",
        "Bem-te-vi Grande Novo do Norte",
    ] {
        assert_eq!(situacao_da_contagem(nome), Situacao::NaoAtende, "{nome}");
    }
}

#[test]
fn art6_cpt_composto_nao_muda_a_comparacao_de_repeticao() {
    // A repetição continua a ignorar hífens: "Guarda-Mor" existe (MG) e "Guarda Mor" também.
    for grafia in ["Guarda-Mor", "Guarda Mor", "GUARDA‑MOR"] {
        assert_eq!(
            divisa_lei::toponimo(grafia, Some(false), HOJE).unwrap()[0].situacao,
            Situacao::NaoAtende,
            "{grafia}"
        );
    }
}

#[test]
fn art6_cpt_cada_particula_e_excluida() {
    // as que a lista antiga não tinha e a issue aponta
    let apontadas = [
        "ao", "aos", "à", "às", "pelo", "pela", "pelos", "pelas", "com", "sem", "sob", "entre",
        "para", "por", "um", "uma", "del",
    ];
    let artigos_e_preposicoes = [
        "o", "a", "os", "as", "uns", "umas", "ante", "após", "até", "contra", "de", "desde", "em",
        "per", "perante", "sobre", "trás",
    ];
    let contracoes = [
        "do", "da", "dos", "das", "dum", "duma", "duns", "dumas", "no", "na", "nos", "nas", "num",
        "numa", "nuns", "numas", "pra", "pro",
    ];
    let conjuncoes = ["e", "ou", "nem", "mas", "que", "se"];
    let estrangeiras = [
        "el", "la", "los", "las", "y", "di", "della", "dei", "du", "des", "le", "van", "von", "der",
    ];
    for particula in apontadas
        .into_iter()
        .chain(artigos_e_preposicoes)
        .chain(contracoes)
        .chain(conjuncoes)
        .chain(estrangeiras)
    {
        // Quatro palavras escritas, uma delas partícula: três contam.
        let nome = format!("Porto {particula} Jatobá Verde");
        let achado = contagem(&nome);
        assert_eq!(achado.situacao, Situacao::Atende, "{nome}: {achado:?}");
        assert!(
            achado
                .mensagem
                .contains(&format!("partículas excluídas: «{particula}».")),
            "{nome}: {}",
            achado.mensagem
        );
        // Maiúscula não muda nada.
        let maiuscula = format!("Porto {} Jatobá Verde", particula.to_uppercase());
        assert_eq!(
            situacao_da_contagem(&maiuscula),
            Situacao::Atende,
            "{maiuscula}"
        );
        // O outro lado: com uma quarta palavra que conta, não atende.
        let cinco = format!("Porto {particula} Jatobá Verde Novo");
        assert_eq!(situacao_da_contagem(&cinco), Situacao::NaoAtende, "{cinco}");
    }
}

#[test]
fn art6_cpt_d_apostrofo_e_particula() {
    for nome in [
        "Porto Jatobá d'Oeste",
        "Porto Jatobá D’Oeste",
        "Porto Jatobá dOeste",
    ] {
        let achado = contagem(nome);
        assert_eq!(achado.situacao, Situacao::Atende, "{nome}: {achado:?}");
        assert!(
            achado
                .mensagem
                .starts_with("Contam 3 palavras: «Porto», «Jatobá», «Oeste»;"),
            "{nome}: {}",
            achado.mensagem
        );
    }
    assert_eq!(
        situacao_da_contagem("Porto Jatobá Verde d'Oeste"),
        Situacao::NaoAtende
    );
    // «d'» escrito solto também é partícula.
    assert_eq!(
        situacao_da_contagem("Porto Jatobá d' Oeste"),
        Situacao::Atende
    );
}

#[test]
fn art6_cpt_palavras_parecidas_com_particulas_contam() {
    // Verbo «é», pronome «nós», advérbio «lá», adjetivo «más», substantivo «sé»; contrações
    // com pronome ou advérbio; conjunções polissilábicas. Todas contam como palavra.
    for palavra in [
        "é", "nós", "lá", "más", "sé", "deste", "neste", "nele", "daquele", "daqui", "porém",
        "como", "Sant'Ana",
    ] {
        let quatro = format!("Porto Jatobá Verde {palavra}");
        assert_eq!(
            situacao_da_contagem(&quatro),
            Situacao::NaoAtende,
            "{quatro}"
        );
        let tres = format!("Porto Jatobá {palavra}");
        assert_eq!(situacao_da_contagem(&tres), Situacao::Atende, "{tres}");
    }
}

#[test]
fn art6_cpt_mensagem_diz_o_que_contou_e_o_que_foi_excluido() {
    let achado = contagem("Nova Esperança do Sul");
    assert_eq!(achado.situacao, Situacao::Atende);
    assert!(
        achado.mensagem.starts_with(
            "Contam 3 palavras: «Nova», «Esperança», «Sul»; partículas excluídas: «do»."
        ),
        "{}",
        achado.mensagem
    );
    assert_eq!(achado.apurado, "3 palavras (Nova, Esperança, Sul)");
    let achado = contagem("Vila Bela da Santíssima Trindade");
    assert_eq!(achado.situacao, Situacao::NaoAtende);
    assert!(
        achado.mensagem.starts_with(
            "Contam 4 palavras: «Vila», «Bela», «Santíssima», «Trindade»; partículas excluídas: «da»."
        ),
        "{}",
        achado.mensagem
    );
    let achado = contagem("Sorriso");
    assert!(
        achado
            .mensagem
            .starts_with("Conta 1 palavra: «Sorriso»; partículas excluídas: nenhuma."),
        "{}",
        achado.mensagem
    );
}

#[test]
fn art6_cpt_um_e_uma_excluidos_como_artigo_sem_mudar_as_datas() {
    let achado = contagem("Uma Nova Esperança Verde");
    assert_eq!(achado.situacao, Situacao::Atende);
    assert!(
        achado
            .mensagem
            .contains("Lido como artigo indefinido, e por isso excluído: «Uma»"),
        "{}",
        achado.mensagem
    );
    // A regra das datas tem os seus numerais: «Vinte e Um de Abril» continua a ser data.
    for nome in ["Vinte e Um de Abril", "Um de Maio"] {
        assert_eq!(
            divisa_lei::toponimo(nome, Some(false), HOJE).unwrap()[1].situacao,
            Situacao::NaoAtende,
            "{nome}"
        );
    }
}

#[test]
fn art6_cpt_renomear_municipio_com_nome_de_distrito_seu_que_nao_e_sede_e_repeticao() {
    let achado = repeticao_na_alteracao(POXOREU, "Jarudore");
    assert_eq!(achado.situacao, Situacao::NaoAtende, "{achado:?}");
    assert!(
        achado
            .apurado
            .contains("Jarudore (distrito de Poxoréu, MT)"),
        "{}",
        achado.apurado
    );
    assert!(
        achado
            .mensagem
            .contains("«Jarudore» é distrito de Poxoréu que não é a sede do município"),
        "{}",
        achado.mensagem
    );
    // Mesmo nome em outra grafia: a comparação ignora acentos e maiúsculas.
    assert_eq!(
        repeticao_na_alteracao(POXOREU, "JARUDORÉ").situacao,
        Situacao::NaoAtende
    );
    // O outro lado: um nome que não existe em lugar nenhum.
    assert_eq!(
        repeticao_na_alteracao(POXOREU, "Jarudore Velho").situacao,
        Situacao::Atende
    );
    // E o mesmo nome pedido por outro município já era repetição.
    assert_eq!(
        repeticao_na_alteracao(JACIARA, "Jarudore").situacao,
        Situacao::NaoAtende
    );
}

#[test]
fn art6_cpt_mensagem_da_repeticao_nao_exclui_os_outros_distritos() {
    let achado = repeticao_na_alteracao(POXOREU, "Jarudore Velho");
    assert!(
        achado.mensagem.contains("nem o seu distrito-sede")
            && achado
                .mensagem
                .contains("os outros distritos do município continuam a existir")
            && !achado.mensagem.contains("nem os seus distritos"),
        "{}",
        achado.mensagem
    );
}

#[test]
fn art6_cpt_fusao_com_nome_de_distrito_de_origem_que_nao_e_sede_e_repeticao() {
    // Celma é distrito de Jaciara e continua a existir no novo município.
    let achado = repeticao_na_fusao("Celma", "Jaciara");
    assert_eq!(achado.situacao, Situacao::NaoAtende, "{achado:?}");
    assert!(
        achado.apurado.contains("Celma (distrito de Jaciara, MT)"),
        "{}",
        achado.apurado
    );
    assert!(
        achado.mensagem.contains("informe-o como sede")
            && achado
                .mensagem
                .contains("os outros distritos das origens continuam a existir"),
        "{}",
        achado.mensagem
    );
    // Se Celma é a sede do novo município, é ela que se eleva: não há repetição (Art. 7º, I).
    assert_eq!(
        repeticao_na_fusao("Celma", "Celma").situacao,
        Situacao::Atende
    );
    // O nome de uma origem passa ao novo: o município e o distrito-sede dela se extinguem.
    assert_eq!(
        repeticao_na_fusao("Jaciara", "Jaciara").situacao,
        Situacao::Atende
    );
    assert_eq!(
        repeticao_na_fusao("Juscimeira", "Jaciara").situacao,
        Situacao::Atende
    );
}
