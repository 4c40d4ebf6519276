//! Um ato a partir do que se escreve: `CAMPO=VALOR` na linha de comando, os campos já tipados
//! do formulário da página, o corpo JSON da API. Um leitor só, tipando cada valor pelo campo
//! declarado em [`DEFINICOES`](super::definicao::DEFINICOES), com o erro em português e o campo
//! a que ele se refere.

use jiff::civil::Date;
use serde_json::{Map, Value};

use super::definicao::{Campo, Definicao, Entrada, TipoDeAto, TipoDeCampo};
use crate::papel::Orgao;
use crate::{Ato, NUMEROS_DO_ART2};

/// Um ato que não se pôde ler: o campo (quando o erro é de um) e o porquê, em português.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.texto())]
pub struct ErroDoAto {
    /// O código do ato (vazio quando nem o tipo se leu).
    pub ato: String,
    /// O campo, com o caminho dentro dele quando é composto (`votos.sim`,
    /// `apuracoes.1.localidade`); `None` quando o erro é do ato inteiro.
    pub campo: Option<String>,
    /// O porquê.
    pub mensagem: String,
}

impl ErroDoAto {
    /// Um erro de um campo.
    pub fn no_campo(ato: &str, campo: impl Into<String>, mensagem: impl Into<String>) -> Self {
        ErroDoAto {
            ato: ato.to_owned(),
            campo: Some(campo.into()),
            mensagem: mensagem.into(),
        }
    }

    fn do_ato(ato: &str, mensagem: impl Into<String>) -> Self {
        ErroDoAto {
            ato: ato.to_owned(),
            campo: None,
            mensagem: mensagem.into(),
        }
    }

    fn texto(&self) -> String {
        match (&self.campo, self.ato.is_empty()) {
            (_, true) => self.mensagem.clone(),
            (Some(c), false) => format!("ato «{}», campo {c}: {}", self.ato, self.mensagem),
            (None, false) => format!("ato «{}»: {}", self.ato, self.mensagem),
        }
    }
}

/// Um valor que não é do tipo do campo, com o que se esperava.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ValorInvalido(pub String);

/// O valor de um campo simples (nem votos nem números de certidão) com o tipo que o ato
/// espera: texto como texto, sim/não como booleano, JSON como JSON. `Err` diz o que se esperava.
pub fn valor_do_campo(f: &Campo, texto: &str) -> Result<Value, ValorInvalido> {
    match f.tipo {
        TipoDeCampo::Texto
        | TipoDeCampo::TextoLongo
        | TipoDeCampo::Orgao
        | TipoDeCampo::Decisao
        | TipoDeCampo::Data
        | TipoDeCampo::Art15
        | TipoDeCampo::Servidor
        | TipoDeCampo::Proposta => Ok(Value::String(texto.to_owned())),
        TipoDeCampo::SimNao => match texto.trim() {
            "true" | "sim" => Ok(Value::Bool(true)),
            "false" | "nao" | "não" => Ok(Value::Bool(false)),
            outro => Err(ValorInvalido(format!(
                "«{outro}» em «{}»: esperava sim ou não (true ou false)",
                f.rotulo
            ))),
        },
        TipoDeCampo::Apuracoes
        | TipoDeCampo::ConteudoLei
        | TipoDeCampo::Votos
        | TipoDeCampo::Numeros => serde_json::from_str(texto).map_err(|_| {
            ValorInvalido(format!(
                "«{}» deve ser JSON válido, como o exemplo",
                f.rotulo
            ))
        }),
    }
}

/// Monta o ato a partir do código e de `CAMPO=VALOR` (a linha de comando). O tipo de cada valor
/// é o do campo declarado: um campo de texto fica texto ("numero=true" é o número «true»), um
/// sim/não é `true` ou `false`, votos, números e listas são JSON.
pub fn montar_ato(codigo: &str, campos: &[String]) -> Result<Ato, ErroDoAto> {
    let def = definicao_do_formulario(codigo)?;
    let mut objeto = Map::new();
    for par in campos {
        let (chave, valor) = par
            .split_once('=')
            .ok_or_else(|| ErroDoAto::do_ato(codigo, format!("«{par}»: esperava CAMPO=VALOR")))?;
        if chave == "tipo" {
            return Err(ErroDoAto::do_ato(
                codigo,
                "o tipo do ato vem antes dos campos, não como tipo=…",
            ));
        }
        let Some(f) = def.campo(chave) else {
            return Err(ErroDoAto::no_campo(
                codigo,
                chave,
                campo_desconhecido(def, chave),
            ));
        };
        let valor =
            valor_do_campo(f, valor).map_err(|m| ErroDoAto::no_campo(codigo, chave, m.0))?;
        objeto.insert(chave.to_string(), valor);
    }
    ato_de_objeto(codigo, objeto)
}

/// O ato de um objeto JSON com os campos já tipados (o formulário da página, depois de juntar
/// os controles de cada campo); `Err` em português, com o campo.
pub fn ato_de_objeto(codigo: &str, mut objeto: Map<String, Value>) -> Result<Ato, ErroDoAto> {
    let def = definicao_do_formulario(codigo)?;
    for chave in objeto.keys() {
        if def.campo(chave).is_none() {
            return Err(ErroDoAto::no_campo(
                codigo,
                chave.clone(),
                campo_desconhecido(def, chave),
            ));
        }
    }
    objeto.insert("tipo".into(), codigo.into());
    desserializar(codigo, Value::Object(objeto))
}

/// O ato do corpo JSON da API (`{"tipo": …, campos…}`): só os atos que entram pelo formulário,
/// com cada erro em português e o campo.
pub fn ato_de_json(corpo: Value) -> Result<Ato, ErroDoAto> {
    let Some(codigo) = corpo.get("tipo").and_then(Value::as_str).map(str::to_owned) else {
        return Err(ErroDoAto {
            ato: String::new(),
            campo: Some("tipo".into()),
            mensagem: format!(
                "falta o campo obrigatório «tipo», o código do ato; os códigos são: {}",
                codigos_do_formulario()
            ),
        });
    };
    definicao_do_formulario(&codigo)?;
    desserializar(&codigo, corpo)
}

fn desserializar(codigo: &str, corpo: Value) -> Result<Ato, ErroDoAto> {
    let copia = corpo.clone();
    serde_path_to_error::deserialize::<_, Ato>(corpo).map_err(|e| {
        let caminho = e.path().to_string();
        let original = e.into_inner().to_string();
        let mensagem = traduzir_serde(&original);
        if !(caminho.is_empty() || caminho == "." || caminho == "?") {
            return ErroDoAto::no_campo(codigo, caminho, mensagem);
        }
        // O enum do ato tem a etiqueta dentro do objeto: o serde lê os campos sem o caminho.
        // O campo se acha pela própria mensagem (o que falta, o desconhecido) ou trocando, um a
        // um, o valor de exemplo pelo enviado: o campo cujo valor não se lê é o culpado.
        let nomeado = original
            .split('`')
            .nth(1)
            .filter(|_| {
                original.starts_with("missing field") || original.starts_with("unknown field")
            })
            .map(str::to_owned);
        match nomeado.or_else(|| campo_culpado(codigo, &copia)) {
            Some(campo) => ErroDoAto::no_campo(codigo, campo, mensagem),
            None => ErroDoAto::do_ato(codigo, mensagem),
        }
    })
}

/// O campo do `corpo` cujo valor o ato não lê: cada um posto, sozinho, no exemplo do ato.
fn campo_culpado(codigo: &str, corpo: &Value) -> Option<String> {
    let def = TipoDeAto::de_codigo(codigo)?.definicao();
    let hoje = jiff::civil::date(2026, 1, 1);
    let base = Orgao::TODOS
        .iter()
        .find_map(|&o| exemplo(def, o, hoje))
        .and_then(|a| serde_json::to_value(a).ok())?;
    corpo.as_object()?.iter().find_map(|(chave, valor)| {
        if chave == "tipo" {
            return None;
        }
        let mut teste = base.clone();
        teste[chave.as_str()] = valor.clone();
        serde_json::from_value::<Ato>(teste)
            .is_err()
            .then(|| chave.clone())
    })
}

/// A definição de um ato que entra pelo formulário; o protocolo e a área dizem por onde entram.
fn definicao_do_formulario(codigo: &str) -> Result<&'static Definicao, ErroDoAto> {
    let Some(def) = TipoDeAto::de_codigo(codigo).map(TipoDeAto::definicao) else {
        return Err(ErroDoAto {
            ato: String::new(),
            campo: Some("tipo".into()),
            mensagem: format!(
                "«{codigo}» não é um ato; os atos são: {}",
                codigos_do_formulario()
            ),
        });
    };
    match def.entrada {
        Entrada::Formulario => Ok(def),
        Entrada::Protocolo => Err(ErroDoAto::do_ato(
            codigo,
            "a representação se protocola pela página de nova representação, por `divisa processo criar` ou por POST /api/processos",
        )),
        Entrada::Mapa => Err(ErroDoAto::do_ato(
            codigo,
            "a área se altera no mapa da página do processo ou por PUT /api/processos/{protocolo}/area, que leem, conferem e medem o arquivo",
        )),
    }
}

fn codigos_do_formulario() -> String {
    super::definicao::DEFINICOES
        .iter()
        .filter(|d| d.entrada == Entrada::Formulario)
        .map(|d| d.codigo)
        .collect::<Vec<_>>()
        .join(", ")
}

fn campo_desconhecido(def: &Definicao, chave: &str) -> String {
    let campos: Vec<&str> = def.campos.iter().map(|f| f.nome).collect();
    if campos.is_empty() {
        format!("campo desconhecido «{chave}»; o ato não tem campos")
    } else {
        format!(
            "campo desconhecido «{chave}»; os campos aceitos aqui são: {}",
            campos.join(", ")
        )
    }
}

/// Valores de exemplo do ato, para saber se ele cabe a alguém agora (o rito decide com eles):
/// `orgao` nos atos de órgão, e os números da certidão só os que esse órgão certifica.
pub fn exemplo(def: &Definicao, orgao: Orgao, hoje: Date) -> Option<Ato> {
    if def.entrada != Entrada::Formulario {
        return None;
    }
    let mut objeto = Map::new();
    for f in def.campos.iter().filter(|f| !f.opcional) {
        let v = match f.tipo {
            TipoDeCampo::Texto | TipoDeCampo::TextoLongo | TipoDeCampo::Proposta => {
                Value::from("exemplo")
            }
            TipoDeCampo::Servidor => Value::from("servidor-de-exemplo"),
            TipoDeCampo::SimNao => Value::Bool(true),
            TipoDeCampo::Orgao => Value::from(orgao.codigo()),
            TipoDeCampo::Decisao => Value::from("tramitar"),
            TipoDeCampo::Data => Value::from(hoje.to_string()),
            TipoDeCampo::Art15 => Value::from("requerimento"),
            TipoDeCampo::Votos => serde_json::json!({"sim": 5, "nao": 0}),
            TipoDeCampo::Apuracoes => serde_json::json!([
                {"localidade": "exemplo", "inscritos": 1000, "sim": 600, "nao": 300}
            ]),
            TipoDeCampo::ConteudoLei => {
                serde_json::json!({"nome": "exemplo", "divisas": "exemplo", "ano_instalacao": 2029})
            }
            TipoDeCampo::Numeros => {
                let numero = NUMEROS_DO_ART2.iter().find(|n| n.orgao == orgao)?;
                let mut dados = Map::new();
                dados.insert(numero.campo.into(), Value::from(1));
                Value::Object(dados)
            }
        };
        objeto.insert(f.nome.to_owned(), v);
    }
    ato_de_objeto(def.codigo, objeto).ok()
}

/// As mensagens do serde em português (as que um operador encontra), pela redação comum a todos
/// os formatos ([`divisa_referencia::mensagens::do_serde`], a mesma da proposta em TOML), com o
/// valor esperado dito como se escreve em JSON — e, nos atos compostos, com um exemplo.
pub fn traduzir_serde(m: &str) -> String {
    divisa_referencia::mensagens::do_serde(m, &esperado_em_json, "objeto")
        .unwrap_or_else(|| m.to_string())
}

/// O que o serde esperava, como se escreve em JSON.
fn esperado_em_json(esperado: &str) -> String {
    match esperado {
        "a boolean" => "true ou false".to_string(),
        "a string" => "um texto".to_string(),
        "u8" | "u16" | "u32" | "u64" | "i16" | "i32" | "i64" => "um número inteiro".to_string(),
        "f32" | "f64" => "um número".to_string(),
        "a map" => "um objeto JSON, entre chaves".to_string(),
        "struct Votos" => "o placar, como {\"sim\":4,\"nao\":1}".to_string(),
        "struct NumerosCertificados" => {
            "os números certificados, como {\"eleitores\":1300}".to_string()
        }
        "struct VotoNominal" => {
            "o voto de um membro, como {\"membro\":\"bruno\",\"voto\":\"sim\"}"
                .to_string()
        }
        "struct ApuracaoSecao" => {
            "a apuração da seção, como {\"zona\":1,\"secao\":12,\"local\":…,\"inscritos\":300,\"sim\":200,\"nao\":80}"
                .to_string()
        }
        "struct ConteudoLei" => {
            "{\"nome\":…,\"divisas\":…,\"ano_instalacao\":2029}".to_string()
        }
        "a sequence" => "uma lista em JSON, como [...]".to_string(),
        outro => outro.to_string(),
    }
}

#[cfg(test)]
mod testes {
    use super::super::definicao::DEFINICOES;
    use super::*;

    /// Issue 31: cada ato declarado uma vez. Para cada linha da tabela, na ordem do enum: o
    /// exemplo monta o ato pelo mesmo leitor da página, da linha de comando e da API; a etiqueta
    /// gravada (serde) é o código da tabela; cada campo declarado chega ao JSON (um nome errado
    /// seria ignorado) e nenhum campo obrigatório do ato falta na tabela.
    #[test]
    fn cada_ato_declarado_uma_vez() {
        let hoje = jiff::civil::date(2026, 11, 2);
        for (i, def) in DEFINICOES.iter().enumerate() {
            assert_eq!(
                def.tipo as usize, i,
                "{}: fora da ordem do enum",
                def.codigo
            );
            assert_eq!(TipoDeAto::de_codigo(def.codigo), Some(def.tipo));
            if def.entrada != Entrada::Formulario {
                assert!(exemplo(def, Orgao::Comissao, hoje).is_none());
                continue;
            }
            let ato = Orgao::TODOS
                .iter()
                .find_map(|&o| exemplo(def, o, hoje))
                .unwrap_or_else(|| panic!("{}: o exemplo não monta o ato", def.codigo));
            assert_eq!(ato.tipo_de_ato(), def.tipo);
            let json = serde_json::to_value(&ato).unwrap();
            assert_eq!(json["tipo"], def.codigo, "a etiqueta do serde");
            for f in def.campos.iter().filter(|f| !f.opcional) {
                assert!(
                    json.get(f.nome).is_some(),
                    "{}: o campo «{}» não chega ao ato ({json})",
                    def.codigo,
                    f.nome
                );
            }
            // e o JSON do ato volta pelo leitor da API
            assert_eq!(ato_de_json(json).unwrap(), ato);
        }
    }

    /// A linha de comando recusa o campo que o ato não tem, dizendo os que tem; o protocolo e
    /// a área dizem por onde entram (issue 31: a ajuda de `emitir_certidao` omitia `dados` e
    /// `signatario`).
    #[test]
    fn a_linha_de_comando_le_pela_tabela() {
        let e = montar_ato("divulgar", &["publicacoes=x".into()]).unwrap_err();
        assert_eq!(e.campo.as_deref(), Some("publicacoes"));
        assert!(
            e.to_string().contains(
                "campo desconhecido «publicacoes»; os campos aceitos aqui são: publicacao"
            ),
            "{e}"
        );
        let e = montar_ato("alterar_area", &[]).unwrap_err();
        assert!(e.to_string().contains("no mapa"), "{e}");
        let e = montar_ato("fazer_tudo", &[]).unwrap_err();
        assert_eq!(e.campo.as_deref(), Some("tipo"));
        let ajuda = super::super::definicao::ajuda_dos_atos();
        for def in DEFINICOES
            .iter()
            .filter(|d| d.entrada == Entrada::Formulario)
        {
            assert!(ajuda.contains(def.codigo), "{}", def.codigo);
            for f in def.campos {
                assert!(ajuda.contains(f.nome), "{}: {}", def.codigo, f.nome);
            }
        }
        assert!(!ajuda.contains("alterar_area"));
        let e = ato_de_json(serde_json::json!({"tipo": "parecer_ccj", "aprovado": "talvez"}))
            .unwrap_err();
        assert_eq!(e.campo.as_deref(), Some("aprovado"));
        assert!(e.mensagem.contains("esperava true ou false"), "{e}");
    }
}
