//! Regras da casa verificadas no código: todo arquivo Rust começa com um comentário `//!`
//! dizendo o que ele é (rust-analyzer, "tidy").

use std::path::Path;

fn arquivos_rust(diretorio: &Path, encontrados: &mut Vec<std::path::PathBuf>) {
    for entrada in std::fs::read_dir(diretorio).unwrap() {
        let caminho = entrada.unwrap().path();
        if caminho.is_dir() {
            arquivos_rust(&caminho, encontrados);
        } else if caminho.extension().is_some_and(|e| e == "rs") {
            encontrados.push(caminho);
        }
    }
}

#[test]
fn todo_arquivo_rust_comeca_com_doc_de_modulo() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut arquivos = Vec::new();
    arquivos_rust(&crates, &mut arquivos);
    assert!(arquivos.len() > 10, "achou só {arquivos:?}");
    let sem_doc: Vec<_> = arquivos
        .iter()
        .filter(|caminho| !std::fs::read_to_string(caminho).unwrap().starts_with("//!"))
        .collect();
    assert!(
        sem_doc.is_empty(),
        "arquivos sem `//!` no início: {sem_doc:?}"
    );
}

/// As linhas de código de um arquivo antes do primeiro `#[cfg(test)]` de topo (os testes da
/// unidade não contam).
fn linhas_de_codigo(texto: &str) -> usize {
    texto
        .lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .count()
}

/// Issue 31: nenhum arquivo de código passa de 800 linhas (sem os testes), cada um partido por
/// responsabilidade. A dívida que a issue achou (oito arquivos, o maior com 1.828 linhas) foi
/// paga; um arquivo que cresce acima do limite falha aqui.
#[test]
fn issue31_nenhum_arquivo_cresce_acima_de_800_linhas() {
    const LIMITE: usize = 800;
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut arquivos = Vec::new();
    arquivos_rust(&crates, &mut arquivos);
    let mut problemas = Vec::new();
    for caminho in &arquivos {
        let relativo = caminho
            .strip_prefix(&crates)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        // só o código dos crates (testes de integração, bancadas e exemplos à parte)
        if !relativo.contains("/src/") {
            continue;
        }
        let n = linhas_de_codigo(&std::fs::read_to_string(caminho).unwrap());
        if n > LIMITE {
            problemas.push(format!(
                "{relativo}: {n} linhas de código, acima de {LIMITE}; parta-o por responsabilidade"
            ));
        }
    }
    assert!(arquivos.len() > 100, "achou só {} arquivos", arquivos.len());
    assert!(problemas.is_empty(), "{}", problemas.join("\n"));
}

/// As fontes de um crate (sem `tests/` nem `benches/`), cada uma só com o código antes do
/// primeiro `#[cfg(test)]` de topo.
fn codigo_de(diretorio: &str) -> Vec<(std::path::PathBuf, String)> {
    let raiz = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut arquivos = Vec::new();
    arquivos_rust(&raiz.join(diretorio), &mut arquivos);
    arquivos.sort();
    arquivos
        .into_iter()
        .map(|caminho| {
            let texto = std::fs::read_to_string(&caminho).unwrap();
            // o código acaba no módulo dos testes da unidade (`#[cfg(test)]` seguido de `mod`);
            // um `#[cfg(test)]` sobre outro item (um `use`, uma função) não esconde o resto
            let linhas: Vec<&str> = texto.lines().collect();
            let fim = (0..linhas.len())
                .find(|&i| {
                    linhas[i].starts_with("#[cfg(test)]")
                        && linhas
                            .get(i + 1)
                            .is_some_and(|l| l.starts_with("mod ") || l.starts_with("pub mod "))
                })
                .unwrap_or(linhas.len());
            let codigo = &linhas[..fim];
            (caminho, codigo.join("\n"))
        })
        .collect()
}

/// Issue 31: cada ato declarado uma vez. O código de um ato (`"registrar_visita"`) só aparece,
/// como texto no código, na tabela `processo/src/ato/definicao.rs`; quem precisa de um ato usa
/// `TipoDeAto` ou a tabela — nenhum formulário, ajuda ou esquema com a sua cópia.
#[test]
fn issue31_cada_ato_declarado_uma_vez() {
    let tabela = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../processo/src/ato/definicao.rs"),
    )
    .unwrap();
    // os códigos: o segundo argumento de cada linha `d(TipoDeAto::X, "codigo", …)`
    let codigos: Vec<String> = tabela
        .lines()
        .zip(tabela.lines().skip(1))
        .filter(|(a, _)| a.trim_start().starts_with("TipoDeAto::") && a.trim_end().ends_with(','))
        .filter_map(|(_, b)| {
            let b = b.trim();
            (b.starts_with('"') && b.ends_with("\",")).then(|| b.to_owned())
        })
        .collect();
    assert_eq!(codigos.len(), 29, "{codigos:?}");
    let mut copias = Vec::new();
    for crate_ in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("..")).unwrap() {
        let nome = crate_.unwrap().file_name().to_string_lossy().to_string();
        for (caminho, codigo) in codigo_de(&format!("{nome}/src")) {
            if caminho.ends_with("processo/src/ato/definicao.rs") {
                continue;
            }
            for c in &codigos {
                let literal = c.trim_end_matches(',');
                if codigo.contains(literal) {
                    copias.push(format!("{} em {}", literal, caminho.display()));
                }
            }
        }
    }
    assert!(
        copias.is_empty(),
        "códigos de ato fora da tabela: {copias:#?}"
    );
}

/// Issue 31: a linha de comando não depende da web para o texto do domínio (a ficha do
/// processo, a do município, a leitura dos atos): só `web.rs` (o `serve`) e `configuracao.rs`
/// usam `divisa_web`.
#[test]
fn issue31_a_linha_de_comando_usa_a_web_so_para_servir() {
    let mut fora = Vec::new();
    for (caminho, codigo) in codigo_de("divisa/src") {
        let nome = caminho.file_name().unwrap().to_string_lossy().to_string();
        if codigo.contains("divisa_web") && nome != "web.rs" && nome != "configuracao.rs" {
            fora.push(caminho.display().to_string());
        }
    }
    assert!(fora.is_empty(), "usam divisa_web: {fora:?}");
}

/// Issue 31: um binário de testes de integração por crate (`tests/<tema>/main.rs`); cada
/// binário a mais liga de novo o typst, o axum e o sqlx.
#[test]
fn issue31_um_binario_de_integracao_por_crate() {
    let raiz = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for crate_ in std::fs::read_dir(&raiz).unwrap() {
        let testes = crate_.unwrap().path().join("tests");
        let Ok(entradas) = std::fs::read_dir(&testes) else {
            continue;
        };
        let mut binarios = Vec::new();
        for e in entradas {
            let caminho = e.unwrap().path();
            // um arquivo solto em tests/ ou uma pasta com main.rs: cada um é um binário
            if caminho.extension().is_some_and(|x| x == "rs") || caminho.join("main.rs").exists() {
                binarios.push(caminho.display().to_string());
            }
        }
        assert!(
            binarios.len() <= 1,
            "{}: {} binários de integração: {binarios:?}",
            testes.display(),
            binarios.len()
        );
    }
}

/// ARCHITECTURE, invariantes da referência, da lei, do processo, do território, dos documentos e
/// do estudo fiscal: sem E/S e sem relógio — o dia é argumento, os bytes chegam prontos (os
/// dados de referência vêm embutidos). Nenhum desses crates abre arquivo, lê o relógio ou usa o
/// executor assíncrono.
#[test]
fn arquitetura_bibliotecas_puras_sem_arquivo_relogio_nem_executor() {
    let proibidos = [
        "std::fs",
        "File::open",
        "Timestamp::now",
        "Zoned::now",
        "SystemTime::now",
        "Instant::now",
        "tokio::",
    ];
    let mut achados = Vec::new();
    for crate_ in [
        "referencia",
        "lei",
        "processo",
        "territorio",
        "documentos",
        "fiscal",
    ] {
        for (caminho, codigo) in codigo_de(&format!("{crate_}/src")) {
            for p in proibidos {
                if codigo.contains(p) {
                    achados.push(format!("{p} em {}", caminho.display()));
                }
            }
        }
    }
    assert!(achados.is_empty(), "{achados:#?}");
}

/// ARCHITECTURE, invariante do registro: o SQL mora no `divisa-registro`. A exceção é o formato
/// GeoPackage (um arquivo SQLite que a cartografia usa), lido e gravado pela avaliação (a
/// gravação do `divisa memorial --formato gpkg` morava no executável).
#[test]
fn arquitetura_sql_so_no_registro_e_no_geopackage() {
    const GEOPACKAGE: [&str; 2] = ["avaliacao/src/gpkg.rs", "avaliacao/src/gpkg/escrita.rs"];
    let raiz = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut achados = Vec::new();
    for crate_ in std::fs::read_dir(&raiz).unwrap() {
        let nome = crate_.unwrap().file_name().to_string_lossy().to_string();
        if nome == "registro" {
            continue;
        }
        for (caminho, codigo) in codigo_de(&format!("{nome}/src")) {
            let relativo = caminho
                .strip_prefix(&raiz)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if GEOPACKAGE.contains(&relativo.as_str()) {
                continue;
            }
            for sql in [
                "SELECT ",
                "INSERT INTO",
                "CREATE TABLE",
                "UPDATE processos",
                "DELETE FROM",
            ] {
                if codigo.contains(sql) {
                    achados.push(format!("{sql} em {relativo}"));
                }
            }
        }
    }
    assert!(achados.is_empty(), "{achados:#?}");
}

/// ARCHITECTURE, invariante da avaliação: só ela lê e escreve o TOML da proposta (CONTRACT §2).
/// A web montava o TOML do formulário à mão, com o seu próprio escape de texto; agora entrega
/// os valores tipados a `divisa_avaliacao::proposta::escrita`. A outra exceção é o texto da lei
/// (`dados/lei/*.toml`), que `divisa-lei` lê — não é o formato do contrato.
#[test]
fn arquitetura_so_a_avaliacao_le_e_escreve_o_toml_da_proposta() {
    let raiz = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut achados = Vec::new();
    for crate_ in std::fs::read_dir(&raiz).unwrap() {
        let nome = crate_.unwrap().file_name().to_string_lossy().to_string();
        if nome == "avaliacao" {
            continue;
        }
        let manifesto =
            std::fs::read_to_string(raiz.join(&nome).join("Cargo.toml")).unwrap_or_default();
        let depende = manifesto
            .lines()
            .any(|l| l.trim_start().starts_with("toml"));
        if depende && nome != "lei" {
            achados.push(format!("{nome}/Cargo.toml depende do toml"));
        }
        for (caminho, codigo) in codigo_de(&format!("{nome}/src")) {
            let relativo = caminho
                .strip_prefix(&raiz)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if relativo == "lei/src/texto.rs" {
                continue;
            }
            if codigo.contains("toml::") || codigo.contains("fn texto_toml") {
                achados.push(format!("TOML escrito ou lido em {relativo}"));
            }
        }
    }
    assert!(achados.is_empty(), "{achados:#?}");
}

/// Issue 31 (ARCHITECTURE: «nenhum limiar da lei está escrito no código»): nenhum texto do
/// código de produção escreve um número da lei com a sua unidade («30 dias», «seis meses»,
/// «mais de 200 casas», «10 municípios»): as frases o tiram do parâmetro da redação em vigor
/// (`divisa_lei::texto::parametro`), para que uma redação nova seja mudança de dados. Os
/// comentários podem citar a lei; o código não.
#[test]
fn issue31_nenhum_numero_da_lei_escrito_no_codigo() {
    use divisa_referencia::formato::{inteiro, por_extenso};
    // a unidade de cada parâmetro, pelo nome que ele tem nos dados da lei
    let unidade = |nome: &str| match nome {
        n if n.ends_with("_dias") => Some("dias"),
        "meses_antes" => Some("meses"),
        "casas_mais_de" => Some("casas"),
        n if n.starts_with("populacao_") => Some("habitantes"),
        "quantidade_municipios" => Some("municípios"),
        "assinaturas_minimas" => Some("assinaturas"),
        "habitacoes_minimas" => Some("habitações"),
        "palavras_maximas" => Some("palavras"),
        _ => None,
    };
    let lei = divisa_lei::texto::lei().unwrap();
    let mut frases = std::collections::BTreeSet::new();
    for d in lei.dispositivos() {
        for r in &d.redacoes {
            for (nome, v) in &r.parametros {
                let Some(u) = unidade(nome) else { continue };
                frases.insert(format!("{} {u}", inteiro(*v)));
                if let Some(e) = u64::try_from(*v).ok().and_then(por_extenso) {
                    frases.insert(format!(" {e} {u}"));
                    frases.insert(format!("({e}) {u}"));
                }
            }
        }
    }
    let mut achados = Vec::new();
    for crate_ in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("..")).unwrap() {
        let nome = crate_.unwrap().file_name().to_string_lossy().to_string();
        for (caminho, codigo) in codigo_de(&format!("{nome}/src")) {
            let linhas: Vec<&str> = codigo.lines().collect();
            for (n, linha) in linhas.iter().enumerate() {
                if linha.trim_start().starts_with("//") {
                    continue;
                }
                // o parâmetro lido com um número de reserva («.unwrap_or(6)» depois de
                // `parametro("meses_antes")`) é o limiar escrito no código por outra porta
                if linha.contains("parametro") {
                    let cadeia = linhas[n..(n + 4).min(linhas.len())].concat();
                    let reserva = ["unwrap_or(", "unwrap_or_else(|| "].iter().any(|p| {
                        cadeia.match_indices(p).any(|(i, _)| {
                            cadeia[i + p.len()..].starts_with(|c: char| c.is_ascii_digit())
                        })
                    });
                    if reserva {
                        achados.push(format!(
                            "{}:{}: parâmetro com número de reserva: {}",
                            caminho.display(),
                            n + 1,
                            linha.trim()
                        ));
                    }
                }
                for f in &frases {
                    // o número como número inteiro: «130 dias» não é «30 dias»
                    let achou = linha.match_indices(f.as_str()).any(|(i, _)| {
                        !linha[..i].ends_with(|c: char| c.is_ascii_digit() || c == '.')
                    });
                    if achou {
                        achados.push(format!(
                            "{}:{}: «{f}»: {}",
                            caminho.display(),
                            n + 1,
                            linha.trim()
                        ));
                    }
                }
            }
        }
    }
    assert!(
        achados.is_empty(),
        "números da lei escritos no código: {achados:#?}"
    );
}

/// Issue 31 (nomes): uma palavra, um tipo. Um tipo público de um crate não repete o nome de
/// outro (`Papel` era o papel no rito e o papel no mapa; `Situacao`, a do achado e a do prazo;
/// `Tipo`, o da proposta e o do documento; `Alerta`, o federal e o de prazo). Os que ainda se
/// repetem estão na dívida abaixo, que só encolhe: um nome que deixou de repetir sai dela.
#[test]
fn issue31_um_nome_um_tipo() {
    const DIVIDA: [&str; 12] = [
        "Alteracao",
        "Assinatura",
        "Autos",
        "Camada",
        "Eixo",
        "ErroAutos",
        "ErroLeitura",
        "Medida",
        "Mudanca",
        "NovoMunicipio",
        "Ponto",
        "Remanescente",
    ];
    let mut donos: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for crate_ in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("..")).unwrap() {
        let nome = crate_.unwrap().file_name().to_string_lossy().to_string();
        for (_, codigo) in codigo_de(&format!("{nome}/src")) {
            for linha in codigo.lines() {
                let Some(resto) = linha
                    .strip_prefix("pub enum ")
                    .or_else(|| linha.strip_prefix("pub struct "))
                else {
                    continue;
                };
                let tipo: String = resto
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let v = donos.entry(tipo).or_default();
                if !v.contains(&nome) {
                    v.push(nome.clone());
                }
            }
        }
    }
    let repetidos: Vec<(&String, &Vec<String>)> =
        donos.iter().filter(|(_, v)| v.len() > 1).collect();
    let novos: Vec<_> = repetidos
        .iter()
        .filter(|(t, _)| !DIVIDA.contains(&t.as_str()))
        .collect();
    assert!(
        novos.is_empty(),
        "nomes de tipo repetidos entre crates: {novos:?}"
    );
    for t in DIVIDA {
        assert!(
            repetidos.iter().any(|(r, _)| r.as_str() == t),
            "{t} não se repete mais: tire-o da dívida"
        );
    }
    for t in ["Papel", "Situacao", "Tipo", "Alerta", "Opcoes"] {
        assert_eq!(
            donos.get(t).map_or(0, Vec::len),
            1,
            "{t}: {:?}",
            donos.get(t)
        );
    }
}

/// Issue 31 (erros tipados): nenhuma função pública das bibliotecas do domínio devolve
/// `Result<_, String>` — quem chama escolhe a resposta pela variante do erro (o campo, o artigo,
/// o status), não pelas palavras da mensagem. As frentes (a web e o executável) podem.
#[test]
fn issue31_nenhuma_funcao_publica_do_dominio_erra_com_string() {
    let mut achadas = Vec::new();
    for crate_ in [
        "lei",
        "processo",
        "avaliacao",
        "documentos",
        "territorio",
        "fiscal",
        "referencia",
        "autos",
        "registro",
        "assinatura",
        "recursos",
    ] {
        for (caminho, codigo) in codigo_de(&format!("{crate_}/src")) {
            let mut resto = codigo.as_str();
            while let Some(i) = resto.find("pub ") {
                let depois = &resto[i..];
                resto = &resto[i + 4..];
                if !(depois.starts_with("pub fn ") || depois.starts_with("pub async fn ")) {
                    continue;
                }
                let fim = depois.find(['{', ';']).unwrap_or(depois.len());
                let assinatura: String = depois[..fim]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                let retorno = assinatura.split("->").nth(1).unwrap_or("").trim();
                let retorno = retorno.split(" where ").next().unwrap_or("").trim();
                if retorno.starts_with("Result<") && retorno.ends_with(", String>") {
                    achadas.push(format!("{}: {assinatura}", caminho.display()));
                }
            }
        }
    }
    assert!(
        achadas.is_empty(),
        "erros como texto na API pública: {achadas:#?}"
    );
}

/// As funções de um código-fonte formatado pelo `rustfmt`: (linha, nome, linhas), do `fn` à
/// chave que fecha na mesma indentação.
fn funcoes(codigo: &str) -> Vec<(usize, String, usize)> {
    let linhas: Vec<&str> = codigo.lines().collect();
    let mut achadas = Vec::new();
    for (i, linha) in linhas.iter().enumerate() {
        let recuo = linha.len() - linha.trim_start().len();
        let resto = linha.trim_start();
        let sem_visibilidade = resto
            .strip_prefix("pub(crate) ")
            .or_else(|| resto.strip_prefix("pub(super) "))
            .or_else(|| resto.strip_prefix("pub "))
            .unwrap_or(resto);
        let sem_modificadores = sem_visibilidade
            .strip_prefix("async ")
            .or_else(|| sem_visibilidade.strip_prefix("const "))
            .or_else(|| sem_visibilidade.strip_prefix("unsafe "))
            .unwrap_or(sem_visibilidade);
        let Some(assinatura) = sem_modificadores.strip_prefix("fn ") else {
            continue;
        };
        let nome: String = assinatura
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let fecho = format!("{}}}", " ".repeat(recuo));
        // uma declaração sem corpo (`fn f();` num trait) não tem fecho
        let Some(fim) = linhas[i..].iter().position(|l| {
            *l == fecho
                || l.trim_end().ends_with(';')
                    && l.len() - l.trim_start().len() == recuo
                    && !l.contains('{')
        }) else {
            continue;
        };
        achadas.push((i + 1, nome, fim + 1));
    }
    achadas
}

/// Issue 31, passo 8 da revisão: nenhuma função passa de 200 linhas — uma função longa é um
/// leitor que não se deixa ler por etapas. A dívida (dez funções quando a issue foi aberta) foi
/// paga: a lista acabou, e o limite vale para todas.
#[test]
fn issue31_nenhuma_funcao_passa_de_200_linhas() {
    const LIMITE: usize = 200;
    let mut problemas = Vec::new();
    let mut medidas = 0;
    for (caminho, codigo) in codigo_de(".") {
        let relativo = caminho.to_string_lossy().replace('\\', "/");
        if !relativo.contains("/src/") {
            continue;
        }
        for (linha, nome, tamanho) in funcoes(&codigo) {
            medidas += 1;
            if tamanho > LIMITE {
                problemas.push(format!(
                    "{relativo}:{linha} fn {nome}: {tamanho} linhas, acima de {LIMITE}; parta-a em etapas"
                ));
            }
        }
    }
    assert!(medidas > 1000, "achou só {medidas} funções");
    assert!(problemas.is_empty(), "{}", problemas.join("\n"));
}

/// O módulo de um arquivo de `src/` (`leitura/memorial/lexico.rs` → `leitura::memorial::lexico`;
/// `lib.rs` → ``).
fn modulo_do_arquivo(relativo: &str) -> String {
    let sem_rs = relativo.trim_end_matches(".rs");
    let sem_mod = sem_rs.trim_end_matches("/mod");
    if sem_mod == "lib" {
        String::new()
    } else {
        sem_mod.replace('/', "::")
    }
}

/// Os módulos que um código usa (`crate::…` e `super::…`), cada um resolvido até o módulo
/// existente mais fundo; o próprio módulo e os seus ancestrais pelo `super` contam como arestas.
fn modulos_usados(codigo: &str, modulo: &str, existentes: &[String]) -> Vec<String> {
    let mut usados = Vec::new();
    let pai = modulo.rsplit_once("::").map_or("", |(p, _)| p).to_owned();
    for linha in codigo.lines() {
        let linha = linha.trim_start();
        if linha.starts_with("//") {
            continue;
        }
        for (prefixo, base) in [("crate::", String::new()), ("super::", pai.clone())] {
            let mut resto = linha;
            while let Some(i) = resto.find(prefixo) {
                // `self::super::` ou um identificador que termina em `crate` não conta
                let antes = resto[..i].chars().last();
                resto = &resto[i + prefixo.len()..];
                if antes.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let caminho: String = resto
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let mut candidatos: Vec<String> = vec![caminho];
                // `super::{lexico::X, Y}`: cada item do grupo
                if let Some(grupo) = resto.strip_prefix('{').or_else(|| {
                    resto
                        .find("::{")
                        .filter(|&j| !resto[..j].contains(' '))
                        .map(|j| &resto[j + 3..])
                }) {
                    let prefixo_do_grupo = resto.split("::{").next().unwrap_or("");
                    let prefixo_do_grupo = if resto.starts_with('{') {
                        ""
                    } else {
                        prefixo_do_grupo
                    };
                    for item in grupo.split(['}', ',']).map(str::trim) {
                        candidatos.push(if prefixo_do_grupo.is_empty() {
                            item.to_owned()
                        } else {
                            format!("{prefixo_do_grupo}::{item}")
                        });
                    }
                }
                for caminho in candidatos {
                    let partes: Vec<&str> = caminho.split("::").filter(|p| !p.is_empty()).collect();
                    let mut achado = base.clone();
                    for n in (1..=partes.len()).rev() {
                        let tentativa = if base.is_empty() {
                            partes[..n].join("::")
                        } else {
                            format!("{base}::{}", partes[..n].join("::"))
                        };
                        if existentes.contains(&tentativa) {
                            achado = tentativa;
                            break;
                        }
                    }
                    if achado != modulo && !achado.is_empty() && !usados.contains(&achado) {
                        usados.push(achado);
                    }
                }
            }
        }
    }
    // os filhos pelo nome, sem `crate::` nem `super::` (`kml::ler_kml`, `use bruto::Contexto`)
    for linha in codigo.lines() {
        let linha = linha.trim_start();
        if linha.starts_with("//") {
            continue;
        }
        let mut anterior: Option<char> = None;
        for (i, c) in linha.char_indices() {
            let comeco = (c.is_alphabetic() || c == '_')
                && !anterior.is_some_and(|a| a.is_alphanumeric() || a == '_' || a == ':');
            anterior = Some(c);
            if !comeco {
                continue;
            }
            let caminho: String = linha[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            if !caminho.contains("::") {
                continue;
            }
            let partes: Vec<&str> = caminho.split("::").filter(|p| !p.is_empty()).collect();
            for n in (1..=partes.len()).rev() {
                let tentativa = if modulo.is_empty() {
                    partes[..n].join("::")
                } else {
                    format!("{modulo}::{}", partes[..n].join("::"))
                };
                if existentes.contains(&tentativa) {
                    if !usados.contains(&tentativa) {
                        usados.push(tentativa);
                    }
                    break;
                }
            }
        }
    }
    usados
}

/// Cada módulo de um crate e os módulos que ele usa.
type Grafo = Vec<(String, Vec<String>)>;

/// O grafo de módulos de um crate e os seus ciclos (cada um como a lista dos módulos que passa).
fn ciclos_de_modulos(diretorio: &str) -> (Grafo, Vec<Vec<String>>) {
    let raiz = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(diretorio);
    let fontes = codigo_de(diretorio);
    let existentes: Vec<String> = fontes
        .iter()
        .map(|(c, _)| modulo_do_arquivo(&c.strip_prefix(&raiz).unwrap().to_string_lossy()))
        .collect();
    let grafo: Grafo = fontes
        .iter()
        .zip(&existentes)
        .map(|((_, codigo), modulo)| (modulo.clone(), modulos_usados(codigo, modulo, &existentes)))
        .collect();
    // Tarjan seria mais curto de explicar que de escrever: uma busca em profundidade que devolve
    // cada aresta de volta como um ciclo basta para dizer onde está.
    let mut ciclos = Vec::new();
    let mut estado: std::collections::HashMap<&str, u8> = std::collections::HashMap::new();
    fn visitar<'a>(
        no: &'a str,
        grafo: &'a [(String, Vec<String>)],
        estado: &mut std::collections::HashMap<&'a str, u8>,
        pilha: &mut Vec<&'a str>,
        ciclos: &mut Vec<Vec<String>>,
    ) {
        estado.insert(no, 1);
        pilha.push(no);
        if let Some((_, vizinhos)) = grafo.iter().find(|(m, _)| m == no) {
            for v in vizinhos {
                match estado.get(v.as_str()) {
                    Some(1) => {
                        let inicio = pilha.iter().position(|p| *p == v).unwrap_or(0);
                        let mut ciclo: Vec<String> =
                            pilha[inicio..].iter().map(|s| s.to_string()).collect();
                        ciclo.push(v.clone());
                        ciclos.push(ciclo);
                    }
                    Some(_) => {}
                    None => visitar(v, grafo, estado, pilha, ciclos),
                }
            }
        }
        pilha.pop();
        estado.insert(no, 2);
    }
    for (m, _) in &grafo {
        if !estado.contains_key(m.as_str()) {
            visitar(m, &grafo, &mut estado, &mut Vec::new(), &mut ciclos);
        }
    }
    (grafo, ciclos)
}

/// Issue 31, passo 8: os leitores do território são camadas sobre um núcleo, não vizinhos que se
/// chamam — o grafo de módulos de `territorio/src` não tem ciclo, e cada leitor de formato
/// (`leitura::geojson`, `leitura::kml`…) só usa o núcleo (`leitura::territorio`,
/// `leitura::sistema`) e a geodésia, nunca o despachante nem outro leitor.
#[test]
fn issue31_os_leitores_do_territorio_sem_ciclo() {
    let (grafo, ciclos) = ciclos_de_modulos("territorio/src");
    assert!(grafo.len() > 20, "achou só {grafo:?}");
    let nucleo = ["leitura::territorio", "leitura::sistema"];
    let mut fora_da_camada = Vec::new();
    for (modulo, usados) in &grafo {
        let Some(leitor) = modulo.strip_prefix("leitura::") else {
            continue;
        };
        let leitor = format!("leitura::{}", leitor.split("::").next().unwrap_or(""));
        if nucleo.contains(&leitor.as_str()) {
            continue;
        }
        for usado in usados {
            let do_proprio_leitor = usado == &leitor || usado.starts_with(&format!("{leitor}::"));
            let da_leitura = usado == "leitura" || usado.starts_with("leitura::");
            if da_leitura && !do_proprio_leitor && !nucleo.contains(&usado.as_str()) {
                fora_da_camada.push(format!("{modulo} usa {usado}"));
            }
        }
    }
    assert!(
        fora_da_camada.is_empty(),
        "leitores que usam mais que o núcleo: {fora_da_camada:#?}"
    );
    // o grafo vê o que importa: o despachante usa os leitores
    let despachante = grafo.iter().find(|(m, _)| m == "leitura").map(|(_, u)| u);
    assert!(
        despachante.is_some_and(|u| u.iter().any(|m| m == "leitura::kml")),
        "{despachante:?}"
    );
    assert!(
        ciclos.is_empty(),
        "ciclos de módulos em territorio/src:\n{}",
        ciclos
            .iter()
            .map(|c| c.join(" → "))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Issue 31, passos 6 e 10: a aplicação web e o executável em camadas — nenhum ciclo entre
/// módulos irmãos de `web/src` e de `divisa/src` (o que é de todos fica num módulo de baixo:
/// `divisa::banco` abre o banco e diz os erros do registro, `divisa::arquivo` lê o arquivo do
/// usuário). Um módulo e os seus descendentes (`paginas`, `paginas::processo` e
/// `paginas::secoes`, com o `use super::*` dos filhos) são uma unidade: cada conjunto de módulos
/// que se alcançam uns aos outros (componente fortemente conexa) tem de caber debaixo de um dos
/// seus membros.
#[test]
fn issue31_sem_ciclo_entre_modulos_da_web_e_do_executavel() {
    // a web e o executável, e também cada crate do domínio (a assinatura tinha
    // `certificado ⇄ cms`; a avaliação, `area ⇄ autos`; o processo, `ato ⇄ papel`)
    let raiz = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut diretorios: Vec<String> = std::fs::read_dir(&raiz)
        .unwrap()
        .map(|c| format!("{}/src", c.unwrap().file_name().to_string_lossy()))
        .filter(|d| raiz.join(d).is_dir())
        .collect();
    diretorios.sort();
    assert!(diretorios.len() > 10, "{diretorios:?}");
    for diretorio in &diretorios {
        let diretorio = diretorio.as_str();
        let (grafo, _) = ciclos_de_modulos(diretorio);
        if ["web/src", "divisa/src"].contains(&diretorio) {
            assert!(grafo.len() > 10, "{diretorio}: achou só {grafo:?}");
        }
        let alcancaveis = |inicio: &str| -> std::collections::BTreeSet<String> {
            let mut vistos = std::collections::BTreeSet::new();
            let mut pilha = vec![inicio.to_owned()];
            while let Some(m) = pilha.pop() {
                if let Some((_, usados)) = grafo.iter().find(|(n, _)| *n == m) {
                    for u in usados {
                        if vistos.insert(u.clone()) {
                            pilha.push(u.clone());
                        }
                    }
                }
            }
            vistos
        };
        let alcance: Vec<(String, std::collections::BTreeSet<String>)> = grafo
            .iter()
            .map(|(m, _)| (m.clone(), alcancaveis(m)))
            .collect();
        let mut problemas = std::collections::BTreeSet::new();
        for (m, de_m) in &alcance {
            // a componente de `m`: ele e os que ele alcança e que o alcançam de volta
            let componente: Vec<&String> = alcance
                .iter()
                .filter(|(n, de_n)| n == m || (de_m.contains(n) && de_n.contains(m)))
                .map(|(n, _)| n)
                .collect();
            if componente.len() < 2 {
                continue;
            }
            let dentro_de_um = componente.iter().any(|pai| {
                componente
                    .iter()
                    .all(|n| n == pai || n.starts_with(&format!("{pai}::")))
            });
            if !dentro_de_um {
                problemas.insert(
                    componente
                        .iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(" ⇄ "),
                );
            }
        }
        assert!(
            problemas.is_empty(),
            "ciclos de módulos em {diretorio}:\n{}",
            problemas.into_iter().collect::<Vec<_>>().join("\n")
        );
    }
}
