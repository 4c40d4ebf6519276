//! As mensagens do serde em português, uma só redação para todos os formatos que o divisa lê: a
//! proposta em TOML (`divisa-avaliacao`) e os atos em JSON (`divisa-processo`: a API, o
//! formulário e a linha de comando). Cada formato diz só como se escreve o valor esperado
//! («um texto entre aspas» no TOML, «um texto» no JSON); o resto da frase é daqui.

/// Traduz uma mensagem do serde (campo desconhecido, campo que falta, valor fora da lista, tipo
/// ou valor errado); `esperado` descreve, no formato de quem chama, o que o serde esperava
/// («a boolean», «u32», «struct Votos»), e `mapa` é como o formato chama um mapa («tabela»,
/// «objeto»). `None`: a mensagem não é do serde (é da sintaxe do formato, que quem chama
/// traduz).
///
/// ```
/// use divisa_referencia::mensagens::do_serde;
/// let esperado = |e: &str| if e == "a boolean" { "true ou false".to_owned() } else { e.to_owned() };
/// assert_eq!(
///     do_serde("unknown field `popula`, expected one of `nome`, `populacao`", &esperado, "tabela").unwrap(),
///     "campo desconhecido «popula»; os campos aceitos aqui são: nome, populacao"
/// );
/// assert_eq!(
///     do_serde("missing field `publicacao`", &esperado, "tabela").unwrap(),
///     "falta o campo obrigatório «publicacao»"
/// );
/// assert_eq!(
///     do_serde("unknown variant `ibge`, expected one of `cartografia`, `tre`", &esperado, "tabela").unwrap(),
///     "valor «ibge» não aceito; os valores aceitos são: cartografia, tre"
/// );
/// assert_eq!(
///     do_serde("invalid type: string \"talvez\", expected a boolean", &esperado, "tabela").unwrap(),
///     "tipo ou valor inválido (texto \"talvez\"); esperava true ou false"
/// );
/// // o valor do usuário vai como ele o escreveu, e o mapa pelo nome do formato
/// assert_eq!(
///     do_serde("invalid type: string \"mapa do string\", expected a boolean", &esperado, "tabela").unwrap(),
///     "tipo ou valor inválido (texto \"mapa do string\"); esperava true ou false"
/// );
/// assert_eq!(
///     do_serde("invalid type: map, expected a boolean", &esperado, "objeto").unwrap(),
///     "tipo ou valor inválido (objeto); esperava true ou false"
/// );
/// assert_eq!(
///     do_serde("invalid value: integer `-3`, expected u32", &esperado, "tabela").unwrap(),
///     "tipo ou valor inválido (inteiro -3); esperava u32"
/// );
/// assert_eq!(do_serde("expected `=`", &esperado, "tabela"), None);
/// ```
pub fn do_serde(mensagem: &str, esperado: &dyn Fn(&str) -> String, mapa: &str) -> Option<String> {
    let mensagem = mensagem.lines().next().unwrap_or("").trim();
    // "unknown field `x`, expected one of `a`, `b`": o primeiro entre crases é o recebido, os
    // seguintes são os aceitos.
    let entre_crases: Vec<&str> = mensagem.split('`').skip(1).step_by(2).collect();
    let recebido = entre_crases.first().copied().unwrap_or("");
    let aceitos = entre_crases.get(1..).unwrap_or_default().join(", ");
    if mensagem.starts_with("unknown field") {
        return Some(if aceitos.is_empty() {
            format!("campo desconhecido «{recebido}»; aqui não cabe campo nenhum")
        } else {
            format!("campo desconhecido «{recebido}»; os campos aceitos aqui são: {aceitos}")
        });
    }
    if mensagem.starts_with("missing field") {
        return Some(format!("falta o campo obrigatório «{recebido}»"));
    }
    if mensagem.starts_with("unknown variant") {
        return Some(format!(
            "valor «{recebido}» não aceito; os valores aceitos são: {aceitos}"
        ));
    }
    let resto = mensagem
        .strip_prefix("invalid type: ")
        .or_else(|| mensagem.strip_prefix("invalid value: "))?;
    let (encontrado, esperava) = resto.split_once(", expected ").unwrap_or((resto, ""));
    Some(format!(
        "tipo ou valor inválido ({}); esperava {}",
        tipo_em_portugues(encontrado, mapa),
        esperado(esperava)
    ))
}

/// O que o serde encontrou («string \"x\"», «integer `3`», «map»), em português: só a palavra do
/// tipo, no começo; o valor que o usuário escreveu vai como ele escreveu. `mapa`: como o formato
/// chama um mapa («tabela» no TOML, «objeto» no JSON).
fn tipo_em_portugues(encontrado: &str, mapa: &str) -> String {
    const TIPOS: [(&str, &str); 9] = [
        ("floating point", "número decimal"),
        ("integer", "inteiro"),
        ("string", "texto"),
        ("boolean", "booleano"),
        ("sequence", "lista"),
        ("char", "caractere"),
        ("unit value", "valor vazio"),
        ("byte array", "bytes"),
        ("Option value", "valor opcional"),
    ];
    if let Some(resto) = encontrado.strip_prefix("map") {
        return format!("{mapa}{resto}");
    }
    for (ingles, portugues) in TIPOS {
        if let Some(resto) = encontrado.strip_prefix(ingles) {
            let resto = resto.trim_start();
            // «integer `3`»: as crases do serde em volta do número saem; o texto entre aspas fica
            let valor = resto
                .strip_prefix('`')
                .and_then(|v| v.strip_suffix('`'))
                .unwrap_or(resto);
            return if valor.is_empty() {
                portugues.to_owned()
            } else {
                format!("{portugues} {valor}")
            };
        }
    }
    encontrado.to_owned()
}
