//! O texto da lei, estruturado e datado: cada dispositivo com as suas redações e a vigência de
//! cada uma, lido de `dados/lei/lc-23-1992.toml`.
//!
//! A pergunta central é "que texto vigorava em tal data?" ([`Dispositivo::em`]). A resposta pode
//! ser um texto, uma redação que existiu mas não foi encontrada, ou a inexistência do
//! dispositivo (acrescentado depois). Quem avalia deve tratar cada caso, e não aplicar o texto de
//! hoje a um fato de 1995.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use jiff::civil::Date;
use serde::Deserialize;

/// A lei inteira.
#[derive(Debug)]
pub struct Lei {
    /// URN LexML da lei.
    pub urn: String,
    /// "Lei Complementar nº 23, de 19 de novembro de 1992".
    pub epigrafe: String,
    /// A ementa.
    pub ementa: String,
    normas: Vec<Norma>,
    dispositivos: Vec<Dispositivo>,
}

/// Uma lei que deu redação a dispositivos (a própria LC 23/1992 ou uma alteradora).
#[derive(Debug)]
pub struct Norma {
    /// Identificador curto (`lc31`).
    pub id: String,
    /// "LC nº 31/1994".
    pub nome: String,
    /// Início da vigência (data de publicação no D.O.).
    pub vigencia: Date,
    /// Se o texto integral da norma foi encontrado.
    pub texto_integral_encontrado: bool,
}

/// Um dispositivo: caput, parágrafo ou inciso.
#[derive(Debug)]
pub struct Dispositivo {
    /// Identificador LexML (`art2_cpt_inc1`).
    pub id: String,
    /// Como se cita ("Art. 2º, I").
    pub rotulo: String,
    /// Redações, da mais antiga para a vigente.
    pub redacoes: Vec<Redacao>,
}

/// Uma redação de um dispositivo.
#[derive(Debug)]
pub struct Redacao {
    /// Índice da norma que deu esta redação em [`Lei::normas`].
    norma: usize,
    /// Início da vigência desta redação.
    pub vigente_desde: Date,
    /// Se esta redação acrescentou o dispositivo (antes dela ele não existia).
    pub acrescentado: bool,
    /// O texto, ou `None` se a redação existiu mas não foi encontrada.
    pub texto: Option<String>,
    /// Os números que o código aplica (ver o cabeçalho do arquivo de dados).
    pub parametros: BTreeMap<String, i64>,
}

/// O que vigorava de um dispositivo numa data.
#[derive(Debug, Clone, Copy)]
pub enum EmVigor<'a> {
    /// Esta redação, com texto conhecido.
    Texto(&'a Redacao),
    /// Vigorava esta redação, mas o seu texto não foi encontrado.
    NaoDisponivel(&'a Redacao),
    /// O dispositivo ainda não existia; foi acrescentado por esta redação.
    Inexistente(&'a Redacao),
}

/// Defeito no arquivo estruturado da lei (um erro do divisa, não do usuário).
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum ErroTexto {
    /// O TOML não tem a forma esperada.
    #[error("dados/lei/lc-23-1992.toml: {0}")]
    Formato(String),
}

const FONTE: &str = include_str!("../../../dados/lei/lc-23-1992.toml");

/// A lei (lida na primeira chamada).
pub fn lei() -> Result<&'static Lei, ErroTexto> {
    static LEI: OnceLock<Result<Lei, ErroTexto>> = OnceLock::new();
    LEI.get_or_init(|| Lei::ler(FONTE))
        .as_ref()
        .map_err(Clone::clone)
}

/// O parâmetro `nome` (`prazo_dias`, `populacao_minima`…) da redação do dispositivo `id` que
/// vigorava em `data`: é daqui que todo número da lei chega ao código e às frases para pessoas,
/// para que uma redação antiga encontrada depois seja mudança de dados. `None`: o texto não
/// carregou, o dispositivo não existia ou a redação não tem o parâmetro — quem pergunta diz o
/// que isso deixa sem resposta, nunca supõe um número.
pub fn parametro(id: &str, nome: &str, data: Date) -> Option<i64> {
    let redacao = match lei().ok()?.dispositivo(id)?.em(data)? {
        EmVigor::Texto(r) | EmVigor::NaoDisponivel(r) | EmVigor::Inexistente(r) => r,
    };
    redacao.parametros.get(nome).copied()
}

/// O prazo das certidões (Art. 2º, § 3º) em `data`, em palavras para pessoas: «30 dias», ou,
/// sem o parâmetro na redação, «o prazo do Art. 2º, § 3º».
pub fn prazo_das_certidoes(data: Date) -> String {
    match parametro("art2_par3", "prazo_dias", data) {
        Some(d) => format!("{} dias", divisa_referencia::formato::inteiro(d)),
        None => "o prazo do Art. 2º, § 3º".into(),
    }
}

impl Lei {
    /// Todos os dispositivos, na ordem da lei.
    pub fn dispositivos(&self) -> &[Dispositivo] {
        &self.dispositivos
    }

    /// As normas que deram redação à lei, em ordem de vigência.
    pub fn normas(&self) -> &[Norma] {
        &self.normas
    }

    /// O dispositivo de identificador LexML `id`.
    pub fn dispositivo(&self, id: &str) -> Option<&Dispositivo> {
        self.dispositivos.iter().find(|d| d.id == id)
    }

    /// A norma que deu uma redação.
    pub fn norma(&self, redacao: &Redacao) -> &Norma {
        &self.normas[redacao.norma]
    }

    /// Data em que a lei entrou em vigor.
    pub fn vigencia(&self) -> Date {
        self.normas[0].vigencia
    }

    fn ler(fonte: &str) -> Result<Lei, ErroTexto> {
        let bruta: LeiToml =
            toml::from_str(fonte).map_err(|e| ErroTexto::Formato(e.to_string()))?;
        let normas = bruta
            .norma
            .into_iter()
            .map(|n| {
                Ok(Norma {
                    id: n.id,
                    nome: n.nome,
                    vigencia: data_toml(&n.vigencia)?,
                    texto_integral_encontrado: n.texto_integral_encontrado,
                })
            })
            .collect::<Result<Vec<_>, ErroTexto>>()?;
        let mut dispositivos = Vec::with_capacity(bruta.dispositivo.len());
        for d in bruta.dispositivo {
            let mut redacoes = Vec::with_capacity(d.redacao.len());
            for r in d.redacao {
                let norma = normas.iter().position(|n| n.id == r.por).ok_or_else(|| {
                    ErroTexto::Formato(format!("{}: norma {:?} desconhecida", d.id, r.por))
                })?;
                redacoes.push(Redacao {
                    norma,
                    vigente_desde: normas[norma].vigencia,
                    acrescentado: r.acrescentado,
                    texto: r.texto,
                    parametros: r.parametros,
                });
            }
            let em_ordem = redacoes
                .windows(2)
                .all(|par| par[0].vigente_desde < par[1].vigente_desde);
            let vigente_tem_texto = redacoes.last().is_some_and(|r| r.texto.is_some());
            if !em_ordem || !vigente_tem_texto {
                return Err(ErroTexto::Formato(format!(
                    "{}: redações fora de ordem ou sem texto vigente",
                    d.id
                )));
            }
            dispositivos.push(Dispositivo {
                id: d.id,
                rotulo: d.rotulo,
                redacoes,
            });
        }
        Ok(Lei {
            urn: bruta.urn,
            epigrafe: bruta.epigrafe,
            ementa: bruta.ementa,
            normas,
            dispositivos,
        })
    }
}

impl Dispositivo {
    /// O que vigorava deste dispositivo em `data`, ou `None` antes da própria lei.
    pub fn em(&self, data: Date) -> Option<EmVigor<'_>> {
        let posicao = self.redacoes.iter().rposition(|r| r.vigente_desde <= data);
        match posicao {
            Some(i) => {
                let redacao = &self.redacoes[i];
                Some(if redacao.texto.is_some() {
                    EmVigor::Texto(redacao)
                } else {
                    EmVigor::NaoDisponivel(redacao)
                })
            }
            None => {
                let primeira = self.redacoes.first()?;
                primeira
                    .acrescentado
                    .then_some(EmVigor::Inexistente(primeira))
            }
        }
    }

    /// A redação vigente hoje (a última).
    pub fn vigente(&self) -> &Redacao {
        // `Lei::ler` garante pelo menos uma redação, com texto.
        &self.redacoes[self.redacoes.len() - 1]
    }

    /// O artigo a que o dispositivo pertence (2 para `art2_cpt_inc1`).
    pub fn artigo(&self) -> u32 {
        self.id
            .strip_prefix("art")
            .and_then(|resto| resto.split('_').next())
            .and_then(|numero| numero.parse().ok())
            .unwrap_or(0)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeiToml {
    urn: String,
    epigrafe: String,
    ementa: String,
    norma: Vec<NormaToml>,
    dispositivo: Vec<DispositivoToml>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NormaToml {
    id: String,
    nome: String,
    vigencia: toml::value::Datetime,
    texto_integral_encontrado: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DispositivoToml {
    id: String,
    rotulo: String,
    redacao: Vec<RedacaoToml>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RedacaoToml {
    por: String,
    #[serde(default)]
    acrescentado: bool,
    texto: Option<String>,
    #[serde(default)]
    parametros: BTreeMap<String, i64>,
}

/// Converte uma data TOML (`2024-05-17`) numa data civil.
pub(crate) fn data_toml(valor: &toml::value::Datetime) -> Result<Date, ErroTexto> {
    match (valor.date, valor.time) {
        (Some(d), None) => Date::new(d.year as i16, d.month as i8, d.day as i8)
            .map_err(|e| ErroTexto::Formato(format!("data {valor}: {e}"))),
        _ => Err(ErroTexto::Formato(format!(
            "{valor}: esperava uma data sem hora (AAAA-MM-DD)"
        ))),
    }
}

#[cfg(test)]
mod testes {
    use super::*;
    use jiff::civil::date;

    #[test]
    fn a_lei_estruturada_carrega() {
        let lei = lei().unwrap();
        assert_eq!(
            lei.urn,
            "urn:lex:br;mato.grosso:estadual:lei.complementar:1992-11-19;23"
        );
        assert_eq!(lei.dispositivos().len(), 84);
        assert_eq!(lei.vigencia(), date(1992, 11, 19));
    }

    #[test]
    fn art2_cpt_inc2_antes_da_lc31_nao_tem_texto_disponivel() {
        let inciso = lei().unwrap().dispositivo("art2_cpt_inc2").unwrap();
        assert!(matches!(
            inciso.em(date(1994, 9, 20)),
            Some(EmVigor::NaoDisponivel(_))
        ));
        // No próprio dia da publicação da LC 31 a nova redação já vigora.
        assert!(matches!(
            inciso.em(date(1994, 9, 21)),
            Some(EmVigor::Texto(_))
        ));
        assert!(inciso.em(date(1992, 11, 18)).is_none());
    }

    #[test]
    fn art8_par2_nao_existia_antes_da_lc792() {
        let paragrafo = lei().unwrap().dispositivo("art8_par2").unwrap();
        assert!(matches!(
            paragrafo.em(date(2024, 5, 16)),
            Some(EmVigor::Inexistente(_))
        ));
        let Some(EmVigor::Texto(redacao)) = paragrafo.em(date(2024, 5, 17)) else {
            panic!()
        };
        assert_eq!(redacao.parametros["percentual_por_inconsistencia"], 5);
    }

    #[test]
    fn numero_do_artigo() {
        let lei = lei().unwrap();
        assert_eq!(lei.dispositivo("art25_cpt_inc2").unwrap().artigo(), 25);
        assert_eq!(lei.dispositivo("art4_par1u").unwrap().artigo(), 4);
    }
}
