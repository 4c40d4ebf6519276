//! As mensagens de erro da proposta em português: a linha e o campo de cada falha e a
//! tradução do que o leitor de TOML e o serde dizem em inglês.

/// Converte uma posição em bytes no número da linha.
pub(crate) fn linha_de(texto: &str, posicao: usize) -> usize {
    texto.as_bytes()[..posicao.min(texto.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

pub(crate) fn caminho_de(caminho: &serde_path_to_error::Path) -> Vec<String> {
    caminho
        .iter()
        .filter_map(|segmento| match segmento {
            serde_path_to_error::Segment::Map { key } => Some(key.clone()),
            serde_path_to_error::Segment::Seq { index } => Some(format!("[{}]", index + 1)),
            serde_path_to_error::Segment::Enum { variant } => Some(variant.clone()),
            serde_path_to_error::Segment::Unknown => None,
        })
        .collect()
}

/// Acha a linha de um campo pelo caminho, percorrendo o TOML com as posições. Se o caminho
/// não vai até o fim (o campo falta), fica a linha do último pedaço encontrado.
pub(crate) fn linha_do_campo(texto: &str, caminho: &[String]) -> Option<usize> {
    use toml::de::{DeTable, DeValue};
    fn buscar(valor: &DeValue<'_>, caminho: &[String]) -> Option<usize> {
        let (segmento, resto) = caminho.split_first()?;
        let (posicao, filho) = match valor {
            DeValue::Table(tabela) => tabela
                .iter()
                .find(|(chave, _)| chave.get_ref() == segmento)
                .map(|(chave, valor)| (chave.span().start, valor.get_ref())),
            DeValue::Array(lista) => {
                let indice: usize = segmento.trim_matches(['[', ']']).parse().ok()?;
                lista
                    .get(indice.checked_sub(1)?)
                    .map(|valor| (valor.span().start, valor.get_ref()))
            }
            _ => None,
        }?;
        Some(buscar(filho, resto).unwrap_or(posicao))
    }
    let raiz = DeValue::Table(DeTable::parse(texto).ok()?.into_inner());
    buscar(&raiz, caminho).map(|posicao| linha_de(texto, posicao))
}

/// Os erros de sintaxe do TOML em português (a primeira linha da mensagem do leitor).
pub(crate) fn traduzir_sintaxe(mensagem: &str) -> String {
    const FRASES: &[(&str, &str)] = &[
        ("invalid unquoted key", "chave inválida: use letras sem acento, algarismos, - ou _, ou ponha a chave entre aspas"),
        ("unclosed table", "tabela sem o ] de fechamento"),
        ("unclosed array table", "[[tabela]] sem o ]] de fechamento"),
        ("unclosed array", "lista sem o ] de fechamento"),
        ("unclosed inline table", "tabela em linha sem o } de fechamento"),
        ("missing value", "falta o valor depois do ="),
        ("key with no value", "chave sem valor"),
        ("missing assignment between key-value pairs", "falta o = entre a chave e o valor"),
        ("extra assignment between key-value pairs", "= a mais"),
        ("missing comma between array elements", "falta vírgula entre os elementos da lista"),
        ("extra comma in", "vírgula a mais"),
        ("string values must be quoted", "texto precisa estar entre aspas"),
        ("invalid basic string", "texto entre aspas mal formado"),
        ("invalid string", "texto entre aspas mal formado"),
        ("invalid integer", "número inteiro mal formado"),
        ("invalid float", "número decimal mal formado (use ponto: 12.5)"),
        ("invalid date-time", "data mal formada (use AAAA-MM-DD)"),
        ("duplicate key", "chave repetida"),
        ("unexpected leading zero", "número com zero à esquerda"),
        ("unexpected content", "conteúdo inesperado depois do valor"),
        ("invalid key-value pair", "par chave = valor mal formado"),
        ("invalid value", "valor mal formado"),
        ("missing comma between key-value pairs", "falta vírgula entre os pares chave = valor"),
        ("missing opening quote", "faltam as aspas de abertura"),
        ("missing closing quote", "faltam as aspas de fechamento"),
        ("unexpected `=` in array", "= dentro de uma lista"),
        ("invalid date", "data mal formada (use AAAA-MM-DD)"),
        ("invalid time", "hora mal formada"),
        ("unexpected key or value", "chave ou valor fora do lugar (falta uma quebra de linha?)"),
        ("invalid comment character", "caractere de controle num comentário"),
        ("invalid table header", "cabeçalho de tabela [..] mal formado"),
        ("invalid array", "lista mal formada"),
        ("invalid inline table", "tabela em linha mal formada"),
        ("invalid escape", "sequência de escape \\ inválida num texto"),
        ("invalid unicode", "caractere inválido"),
        ("invalid literal string", "texto entre apóstrofos mal formado"),
        ("invalid multiline", "texto de várias linhas mal formado"),
        ("invalid boolean", "use true ou false"),
        ("invalid number", "número mal formado"),
        ("invalid exponent", "número com expoente mal formado"),
        ("invalid hex", "número hexadecimal mal formado"),
        ("invalid octal", "número octal mal formado"),
        ("invalid binary", "número binário mal formado"),
        ("invalid offset", "fuso horário mal formado"),
        ("invalid time offset", "fuso horário mal formado"),
        ("unclosed", "algo aberto não foi fechado"),
        ("unexpected", "conteúdo inesperado"),
        ("invalid", "sintaxe inválida"),
    ];
    let primeira = mensagem.lines().next().unwrap_or("").trim();
    FRASES
        .iter()
        .find(|(ingles, _)| primeira.starts_with(ingles))
        .map_or_else(
            || "sintaxe inválida".to_owned(),
            |(_, portugues)| (*portugues).to_owned(),
        )
}

/// As mensagens do TOML e do serde em português: as do serde pela redação comum
/// ([`divisa_referencia::mensagens::do_serde`], a mesma dos atos em JSON), com o valor esperado
/// dito como se escreve em TOML; as da sintaxe, daqui.
pub(crate) fn traduzir(mensagem: &str) -> String {
    divisa_referencia::mensagens::do_serde(mensagem, &esperado_em_toml, "tabela")
        .unwrap_or_else(|| format!("TOML inválido: {}", traduzir_sintaxe(mensagem)))
}

/// O que o serde esperava, como se escreve em TOML.
fn esperado_em_toml(esperado: &str) -> String {
    match esperado {
        e if e.contains("u64") || e.contains("u32") => "um número inteiro não negativo",
        e if e.contains("f64") => "um número",
        e if e.contains("bool") => "true ou false",
        e if e.contains("string") => "um texto entre aspas",
        e if e.contains("sequence") || e.contains("array") => "uma lista entre colchetes",
        e if e.contains("struct") || e.contains("map") => "uma tabela",
        e if e.contains("date") || e.contains("Data") => "uma data AAAA-MM-DD",
        outro => outro,
    }
    .to_owned()
}
