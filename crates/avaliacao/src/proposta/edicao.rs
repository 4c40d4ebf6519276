//! A proposta editada por um formulário que conhece só parte dela (issue 32: «Juntar a
//! proposta» com os campos da página «Avaliar»).
//!
//! O formulário tem os números e os nomes da criação e da revisão de limites; a proposta juntada
//! aos autos pode ter mais (as assinaturas da representação, os documentos declarados, as
//! coordenadas da sede, a data de referência). Juntar pelo formulário não pode apagar o que ele
//! não mostra: a versão nova é a atual com as chaves do formulário trocadas pelas que ele
//! montou — a chave que o formulário controla e veio vazia sai; a que ele não controla fica.

use toml::{Table, Value};

use super::ErroProposta;

/// O TOML de `arquivo` que não se lê (a proposta atual ou a montada), com a linha.
fn ilegivel(arquivo: &str, texto: &str, e: &toml::de::Error) -> ErroProposta {
    ErroProposta {
        arquivo: arquivo.to_owned(),
        linha: e.span().map(|s| crate::mensagens::linha_de(texto, s.start)),
        campo: None,
        mensagem: crate::mensagens::traduzir_sintaxe(e.message()),
    }
}

/// O que não se escreve de volta em TOML (um defeito do divisa, não da proposta).
fn nao_escreve(e: impl std::fmt::Display) -> ErroProposta {
    ErroProposta {
        arquivo: "proposta editada".into(),
        linha: None,
        campo: None,
        mensagem: format!("não foi possível escrevê-la: {e}"),
    }
}

/// Os valores de uma proposta como JSON, para preencher um formulário com eles.
pub fn valores(texto: &str) -> Result<serde_json::Value, ErroProposta> {
    let t: Table = texto
        .parse()
        .map_err(|e| ilegivel("proposta atual", texto, &e))?;
    serde_json::to_value(t).map_err(nao_escreve)
}

/// A proposta `atual` com as `chaves` (caminhos com ponto, como `novo.dados.populacao`) tiradas
/// e as de `montada` postas no lugar. Sem `atual`, a `montada`, reescrita.
pub fn editar(atual: Option<&str>, montada: &str, chaves: &[&str]) -> Result<String, ErroProposta> {
    let nova: Table = montada
        .parse()
        .map_err(|e| ilegivel("proposta montada", montada, &e))?;
    let Some(atual) = atual else {
        let mut texto = String::from("# Proposta juntada pelo formulário.\n");
        texto.push_str(&toml::to_string(&nova).map_err(nao_escreve)?);
        return Ok(texto);
    };
    let mut t: Table = atual
        .parse()
        .map_err(|e| ilegivel("proposta atual", atual, &e))?;
    for chave in chaves {
        tirar(&mut t, chave);
    }
    mesclar(&mut t, nova);
    let mut texto = String::from(
        "# Proposta juntada pelo formulário: os campos do formulário sobre a versão anterior.\n",
    );
    texto.push_str(&toml::to_string(&t).map_err(nao_escreve)?);
    Ok(texto)
}

fn tirar(t: &mut Table, chave: &str) {
    match chave.split_once('.') {
        None => {
            t.remove(chave);
        }
        Some((secao, resto)) => {
            if let Some(Value::Table(s)) = t.get_mut(secao) {
                tirar(s, resto);
            }
        }
    }
}

fn mesclar(t: &mut Table, nova: Table) {
    for (k, v) in nova {
        match (t.get_mut(&k), v) {
            (Some(Value::Table(atual)), Value::Table(v)) => mesclar(atual, v),
            (_, v) => {
                t.insert(k, v);
            }
        }
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    /// O que o formulário não mostra fica; o que ele controla e veio vazio sai.
    #[test]
    fn o_formulario_so_troca_as_suas_chaves() {
        let atual = "tipo = \"criacao\"\n[novo]\nnome = \"A\"\nsede = \"A\"\norigens = [5107859]\nsede_coordenadas = [-52.1, -11.4]\n[novo.dados]\npopulacao = 5200\neleitores = 1300\n[representacao]\nassinaturas = [{ nome = \"Maria\", titulo = \"389119531899\" }]\n";
        let montada = "tipo = \"criacao\"\n[novo]\nnome = \"B\"\nsede = \"B\"\norigens = [5107859]\n[novo.dados]\npopulacao = 6000\n";
        let t = editar(
            Some(atual),
            montada,
            &[
                "tipo",
                "novo.nome",
                "novo.sede",
                "novo.origens",
                "novo.dados.populacao",
                "novo.dados.eleitores",
            ],
        )
        .unwrap();
        let v: Table = t.parse().unwrap();
        assert_eq!(v["novo"]["nome"].as_str(), Some("B"));
        assert_eq!(v["novo"]["dados"]["populacao"].as_integer(), Some(6000));
        assert!(
            v["novo"]["dados"].get("eleitores").is_none(),
            "apagado no formulário: {t}"
        );
        assert!(v["novo"].get("sede_coordenadas").is_some(), "{t}");
        assert_eq!(
            v["representacao"]["assinaturas"].as_array().map(Vec::len),
            Some(1),
            "{t}"
        );
        assert_eq!(valores(&t).unwrap()["novo"]["nome"], "B");
    }
}
