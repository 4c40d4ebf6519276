//! Comparação de nomes de lugares como as pessoas os escrevem: sem diferença de maiúsculas,
//! acentos, apóstrofos, hífens ou "D'Oeste" / "do Oeste".
//!
//! A Malha Municipal 2022 escreve "Figueirópolis do Oeste" e o Censo 2022 "Figueirópolis
//! D'Oeste"; o cadastro do TSE escreve "SANTO ANTÔNIO DO LEVERGER" e o IBGE "Santo Antônio de
//! Leverger". Todos têm de achar o mesmo município.

use unicode_normalization::UnicodeNormalization;

/// Partículas de ligação que não distinguem nomes na busca ("de", "do", "d'"...).
const PARTICULAS: [&str; 6] = ["d", "de", "do", "da", "dos", "das"];

/// A forma canônica de um nome para comparação: minúsculas, sem acentos, "d'" lido como "do",
/// e qualquer sinal que não seja letra ou algarismo trocado por um espaço.
///
/// ```
/// use divisa_referencia::nomes::chave;
/// assert_eq!(chave("Figueirópolis D'Oeste"), "figueiropolis do oeste");
/// assert_eq!(chave("  SÃO   Félix-do-Araguaia "), "sao felix do araguaia");
/// assert_eq!(chave("Figueirópolis d’Oeste"), chave("figueiropolis do oeste"));
/// ```
pub fn chave(nome: &str) -> String {
    let mut sem_acentos = String::with_capacity(nome.len());
    for c in nome.chars() {
        if c.is_ascii() {
            sem_acentos.push(c.to_ascii_lowercase());
            continue;
        }
        for minuscula in c.to_lowercase() {
            match sem_acento(minuscula) {
                Some(base) => sem_acentos.push(base),
                None => sem_acentos.extend(
                    std::iter::once(minuscula)
                        .nfd()
                        .filter(|d| !('\u{0300}'..='\u{036f}').contains(d)),
                ),
            }
        }
    }
    let mut saida = String::with_capacity(sem_acentos.len() + 2);
    let mut caracteres = sem_acentos.chars().peekable();
    while let Some(c) = caracteres.next() {
        let apostrofo = matches!(c, '\'' | '’' | '‘' | '´' | '`');
        let inicio_de_palavra_d = saida == "d" || saida.ends_with(" d");
        if apostrofo
            && inicio_de_palavra_d
            && caracteres.peek().is_some_and(|p| p.is_alphanumeric())
        {
            // "d'Oeste" e "d'Água": o apóstrofo elide o "o" de "do".
            saida.push_str("o ");
        } else if c.is_alphanumeric() {
            saida.push(c);
        } else if !saida.is_empty() && !saida.ends_with(' ') {
            saida.push(' ');
        }
    }
    while saida.ends_with(' ') {
        saida.pop();
    }
    // "Mirassol dOeste": quem apaga o apóstrofo escreve "doeste", palavra que não existe.
    if saida.split(' ').any(|palavra| palavra == "doeste") {
        saida = saida
            .split(' ')
            .map(|p| if p == "doeste" { "do oeste" } else { p })
            .collect::<Vec<_>>()
            .join(" ");
    }
    saida
}

/// As palavras de um nome como estão escritas, separadas só por espaços: para contar palavras
/// (Art. 6º, caput), não para comparar nomes (isso é [`chave`]).
///
/// Ao contrário de [`chave`], guarda maiúsculas, acentos, hífens e apóstrofos: "Pau-d'Alho" é uma
/// palavra composta, não três; "à" (contração) não se confunde com "a", nem "é" (verbo) com "e".
/// Normaliza só a escrita: composição canônica (NFC), apóstrofos tipográficos (’ ‘ ´ `) como
/// `'`, hífens Unicode (U+2010, U+2011) como `-`, e qualquer outro sinal que não seja letra,
/// algarismo, hífen ou apóstrofo como espaço. Hífens nas pontas de uma palavra e apóstrofos no
/// começo dela caem ("- Nova -" dá "Nova"); o apóstrofo final fica ("d' Água" dá "d'", "Água").
///
/// ```
/// use divisa_referencia::nomes::palavras_escritas;
/// assert_eq!(palavras_escritas("  Olho-d’Água  (da Bica) "), ["Olho-d'Água", "da", "Bica"]);
/// assert_eq!(palavras_escritas("Vila - Nova"), ["Vila", "Nova"]);
/// ```
pub fn palavras_escritas(nome: &str) -> Vec<String> {
    let texto: String = nome
        .nfc()
        .map(|c| match c {
            '’' | '‘' | '´' | '`' | '\'' => '\'',
            '-' | '\u{2010}' | '\u{2011}' => '-',
            c if c.is_alphanumeric() => c,
            _ => ' ',
        })
        .collect();
    texto
        .split_whitespace()
        .map(|palavra| palavra.trim_matches('-').trim_start_matches('\''))
        .filter(|palavra| palavra.chars().any(char::is_alphanumeric))
        .map(str::to_owned)
        .collect()
}

/// A letra sem acento, para as letras do português e o resto do Latin-1 (o caso comum, por
/// tabela); `None` manda a letra para a decomposição canônica (NFD) do Unicode.
fn sem_acento(c: char) -> Option<char> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'ç' => 'c',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ñ' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ý' | 'ÿ' => 'y',
        _ => return None,
    })
}

/// A chave sem partículas de ligação: "Santo Antônio do Leverger" e "Santo Antônio de Leverger"
/// dão o mesmo resultado. Serve para achar variantes de grafia, nunca para decidir que dois
/// nomes são o mesmo nome oficial.
///
/// ```
/// use divisa_referencia::nomes::chave_sem_particulas;
/// assert_eq!(
///     chave_sem_particulas("Santo Antônio do Leverger"),
///     chave_sem_particulas("Santo Antônio de Leverger")
/// );
/// ```
pub fn chave_sem_particulas(nome: &str) -> String {
    sem_particulas(&chave(nome))
}

/// Tira as partículas de uma chave já calculada (sem refazer a normalização).
pub fn sem_particulas(chave: &str) -> String {
    chave
        .split(' ')
        .filter(|palavra| !PARTICULAS.contains(palavra))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Quão parecidos são dois nomes já em forma de [`chave`], de 0 (nada) a 1 (iguais).
///
/// Usa Jaro-Winkler, que favorece prefixos comuns (quem digita um nome costuma acertar o
/// começo), e dá nota alta a um nome que começa pelo texto buscado ("varzea" → "varzea
/// grande").
pub fn semelhanca(chave_buscada: &str, chave_candidata: &str) -> f64 {
    let prefixo = chave_buscada.chars().count() >= 3
        && (chave_candidata.starts_with(chave_buscada)
            || chave_candidata.contains(&format!(" {chave_buscada}")));
    // "cuiaba do norte", "cuiaba mt": o nome certo seguido de palavras a mais.
    let nome_mais_palavras = chave_buscada.starts_with(&format!("{chave_candidata} "));
    let jaro = strsim::jaro_winkler(chave_buscada, chave_candidata);
    if prefixo {
        jaro.max(0.95)
    } else if nome_mais_palavras {
        jaro.max(0.9)
    } else {
        jaro
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn acentos_e_maiusculas_nao_importam() {
        assert_eq!(chave("São Félix do Araguaia"), "sao felix do araguaia");
        assert_eq!(chave("sao felix do araguaia"), "sao felix do araguaia");
        assert_eq!(chave("CUIABÁ"), "cuiaba");
    }

    #[test]
    fn d_apostrofo_e_do() {
        for grafia in [
            "Figueirópolis D'Oeste",
            "Figueiropolis d'oeste",
            "Figueirópolis do Oeste",
            "FIGUEIRÓPOLIS D´OESTE",
            "Figueirópolis d’Oeste",
        ] {
            assert_eq!(chave(grafia), "figueiropolis do oeste", "{grafia}");
        }
    }

    #[test]
    fn apostrofo_fora_de_d_vira_espaco() {
        // Um apóstrofo solto não cola duas palavras.
        assert_eq!(chave("Olho d'Água"), "olho do agua");
        assert_eq!(chave("Pau D'Arco"), "pau do arco");
        assert_eq!(chave("Sant'Ana"), "sant ana");
    }

    #[test]
    fn d_apostrofo_no_comeco_do_nome() {
        assert_eq!(chave("D'Oeste"), "do oeste");
        assert_eq!(chave("Mirassol dOeste"), "mirassol do oeste");
    }

    #[test]
    fn letras_fora_do_portugues_tambem_perdem_o_acento() {
        assert_eq!(chave("Łódź Ångström Ñandú"), "łodz angstrom nandu");
        assert_eq!(chave("Curaçá"), "curaca");
    }

    #[test]
    fn palavras_escritas_guardam_hifen_apostrofo_e_acento() {
        assert_eq!(palavras_escritas("Bem-Te-Vi"), ["Bem-Te-Vi"]);
        assert_eq!(palavras_escritas("Pau\u{2010}d'Alho"), ["Pau-d'Alho"]);
        assert_eq!(
            palavras_escritas("Figueirópolis D´Oeste"),
            ["Figueirópolis", "D'Oeste"]
        );
        assert_eq!(
            palavras_escritas("Sant'Ana à Beira"),
            ["Sant'Ana", "à", "Beira"]
        );
        // "a" + acento grave combinante (NFD) vira "à" (NFC).
        assert_eq!(
            palavras_escritas("Pau a\u{300} Pique"),
            ["Pau", "à", "Pique"]
        );
        assert_eq!(palavras_escritas("Olho d' Água"), ["Olho", "d'", "Água"]);
        assert_eq!(palavras_escritas("Nova, Esperança."), ["Nova", "Esperança"]);
        assert_eq!(palavras_escritas(" - ' "), Vec::<String>::new());
    }

    #[test]
    fn semelhanca_favorece_o_prefixo_digitado() {
        assert!(semelhanca("varzea", "varzea grande") >= 0.95);
        assert!(semelhanca("sorrizo", "sorriso") > 0.9);
        assert!(semelhanca("sorriso", "cuiaba") < 0.6);
        assert!(semelhanca("cuiaba mt", "cuiaba") >= 0.9);
    }
}
