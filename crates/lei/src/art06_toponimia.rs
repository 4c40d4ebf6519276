//! Art. 6º — toponímia de municípios e distritos.
//!
//! > Art. 6º Na toponímia de municípios e distritos, é vedada a repetição de nome já existente
//! > no País, bem como a designação de datas, nomes de pessoas vivas e o emprego de denominação
//! > com mais de três palavras, excluídas as partículas gramaticais.
//! > § 1º Nos projetos de criação ou alteração da denominação do município e distrito deverá
//! > constar a informação da fundação IBGE sobre a existência de topônimo correlato no Estado ou
//! > em outra unidade da Federação.
//! > § 2º A alteração do nome do município poderá ser efetuada a qualquer tempo, por lei
//! > estadual, mediante representação fundamentada no município interessado, feita pelo
//! > Prefeito, com aprovação da Câmara Municipal e voto favorável de 2/3 (dois terços) de seus
//! > membros; após ouvir a população em plebiscito fiscalizado pelos Diretórios Municipais dos
//! > partidos políticos.
//!
//! O § 2º (a alteração de nome) está em `art06_alteracao.rs`.
//!
//! O caput tem quatro regras; cada uma é um achado de `art6_cpt`.

use divisa_referencia::brasil::{Brasil, Localidade};
use divisa_referencia::formato::inteiro;
use divisa_referencia::nomes::{chave, chave_sem_particulas, palavras_escritas};

use crate::achado::{orgao, Achado, Situacao};
use crate::fatos::Tipo;
use crate::regra::{achado, Contexto, Resultado};

/// As partículas gramaticais que o caput exclui da contagem ("excluídas as partículas
/// gramaticais"), escritas como se escrevem: a comparação é feita em minúsculas, **com**
/// acentos, sobre a palavra como está no nome (ver [`palavras_escritas`]), e não sobre a
/// [`chave`], que apaga acentos e faria do verbo «é» a conjunção «e», de «nós» a contração
/// «nos», de «lá» o artigo «la», de «más» a conjunção «mas», de «sé» a conjunção «se».
///
/// A leitura escolhida: "partícula gramatical" é a palavra invariável de função só gramatical,
/// sem significado próprio — as classes fechadas dos artigos, das preposições, das contrações
/// de preposição com artigo e das conjunções. A lista é fechada (não há regra de formação a
/// aplicar) e tem, por classe:
///
/// - artigos definidos e indefinidos: o, a, os, as, um, uma, uns, umas. «Um» e «uma» também
///   são numerais, e numeral não é partícula; pela forma não se distingue o emprego, e conta-se
///   como artigo (a mensagem diz quais palavras foram excluídas, para a Comissão conferir). A
///   regra das datas tem a sua própria lista de numerais e não depende desta;
/// - preposições essenciais (a lista fechada das gramáticas): a, ante, após, até, com, contra,
///   de, desde, em, entre, para, per, perante, por, sem, sob, sobre, trás. As acidentais
///   (conforme, segundo, durante...) são de outras classes e contam;
/// - contrações de preposição com artigo: ao, aos, à, às; do, da, dos, das, dum, duma, duns,
///   dumas; no, na, nos, nas, num, numa, nuns, numas; pelo, pela, pelos, pelas; pra, pras, pro,
///   pros (para + artigo, registradas no VOLP); e a elisão «d'» (d'Oeste, d'Água), tratada à
///   parte em [`ELISOES`]. As contrações de preposição com pronome ou advérbio (deste, neste,
///   nisso, dele, daquele, àquele, daqui, donde, doutro...) **contam**: o pronome e o advérbio
///   têm significado próprio e não são partículas;
/// - conjunções simples e monossilábicas, de pura ligação: e, ou, nem, mas, que, se. As
///   polissilábicas (porém, contudo, todavia, porque, embora, quando, como, logo...) servem
///   também de advérbio ou têm sentido próprio, e contam;
/// - partículas estrangeiras dos nomes de pessoas e lugares que a toponímia brasileira toma do
///   espanhol, do italiano, do francês, do alemão e do holandês (São João del Rei, Rincão del
///   Rei, Senador La Rocque): espanhol el, la, los, las, del, y; italiano il, lo, gli, le, di,
///   del, dello, della, dei, degli, delle, dal, dalla; francês le, les, du, des; alemão e
///   holandês von, van, der, den. São artigos, preposições, contrações e conjunções nas suas
///   línguas. Ficam de fora o «i» italiano (seria o algarismo romano de «Pedro I») e o
///   «ter»/«ten» holandês (homógrafo do verbo «ter»).
///
/// Limitação conhecida: quem escreve sem acento perde a distinção («A» por «À» continua
/// partícula; «ate» por «até» passa a contar como palavra).
#[rustfmt::skip]
const PARTICULAS: &[&str] = &[
    // artigos
    "o", "a", "os", "as", "um", "uma", "uns", "umas",
    // preposições essenciais ("a" já está nos artigos)
    "ante", "após", "até", "com", "contra", "de", "desde", "em", "entre", "para", "per",
    "perante", "por", "sem", "sob", "sobre", "trás",
    // contrações de preposição com artigo
    "ao", "aos", "à", "às",
    "do", "da", "dos", "das", "dum", "duma", "duns", "dumas",
    "no", "na", "nos", "nas", "num", "numa", "nuns", "numas",
    "pelo", "pela", "pelos", "pelas",
    "pra", "pras", "pro", "pros",
    // conjunções
    "e", "ou", "nem", "mas", "que", "se",
    // estrangeiras: espanhol
    "el", "la", "los", "las", "del", "y",
    // italiano ("la", "del" e "da" já estão acima)
    "il", "lo", "gli", "le", "di", "dello", "della", "dei", "degli", "delle", "dal", "dalla",
    // francês ("de", "la", "le" já estão acima)
    "les", "du", "des",
    // alemão e holandês
    "von", "van", "der", "den",
];

/// Partículas que se elidem com apóstrofo antes de vogal e se escrevem coladas à palavra
/// seguinte: «d'» (de/do: d'Oeste, d'Água) e os artigos e contrações elididos do italiano e do
/// francês («l'», «dell'»). «D'Oeste» é a partícula «d'» e a palavra «Oeste»; um apóstrofo
/// depois de outra coisa («Sant'Ana») não separa nada, e a palavra conta uma vez.
const ELISOES: [&str; 3] = ["d", "l", "dell"];

const NUMERAIS: [&str; 25] = [
    "primeiro",
    "um",
    "dois",
    "tres",
    "quatro",
    "cinco",
    "seis",
    "sete",
    "oito",
    "nove",
    "dez",
    "onze",
    "doze",
    "treze",
    "quatorze",
    "catorze",
    "quinze",
    "dezesseis",
    "dezessete",
    "dezoito",
    "dezenove",
    "vinte",
    "trinta",
    "1o",
    "1a",
];

/// O nome a examinar e as localidades que não contam como repetição.
pub(crate) struct Nome<'a> {
    pub(crate) nome: &'a str,
    /// Distritos (código de 9 dígitos) que não são "outro" lugar: a localidade-sede que se
    /// eleva a município leva o próprio nome (Art. 7º, I).
    pub(crate) distritos_excluidos: Vec<u32>,
    /// Municípios que não são "outro" lugar, com o seu distrito-sede (que tem o nome do
    /// município): na alteração de nome, o próprio; na fusão, os de origem, que se extinguem.
    /// Os outros distritos deles continuam a existir e contam como repetição.
    pub(crate) municipios_excluidos: Vec<u32>,
    /// Declaração sobre pessoa viva.
    pub(crate) pessoa_viva: Option<bool>,
}

/// As quatro regras do caput e o § 1º.
pub(crate) fn toponimia(ctx: &Contexto<'_>, nome: Option<&Nome<'_>>) -> Vec<Achado> {
    let Some(nome) = nome else {
        return vec![achado(ctx.regra("art6_cpt").map(|regra| {
            regra.achado(
                Situacao::Pendente,
                "nome que atenda ao Art. 6º",
                "nome não informado",
                Some(orgao::COMISSAO),
                "A proposta não diz o nome.",
            )
        }))];
    };
    vec![
        achado(repeticao(ctx, nome)),
        achado(datas(ctx, nome.nome)),
        achado(pessoa_viva(ctx, nome)),
        achado(tres_palavras(ctx, nome.nome)),
        achado(correlatos(ctx, nome)),
    ]
}

fn lista(localidades: &[&Localidade], maximo: usize) -> String {
    let mut partes: Vec<String> = localidades
        .iter()
        .take(maximo)
        .map(|l| match &l.municipio {
            Some(municipio) => format!("{} (distrito de {municipio}, {})", l.nome, l.uf),
            None => format!("{} (município, {})", l.nome, l.uf),
        })
        .collect();
    if localidades.len() > maximo {
        partes.push(format!(
            "e mais {}",
            inteiro(localidades.len() as i64 - maximo as i64)
        ));
    }
    partes.join("; ")
}

fn repeticao(ctx: &Contexto<'_>, nome: &Nome<'_>) -> Resultado {
    let regra = ctx.regra("art6_cpt")?;
    let exigido = "nome que não repita o de município ou distrito já existente no País";
    let Ok(brasil) = divisa_referencia::brasil() else {
        return Ok(regra.achado(
            Situacao::Pendente,
            exigido,
            "—",
            Some(orgao::IBGE),
            "Os nomes do IBGE não puderam ser carregados.",
        ));
    };
    let mut iguais: Vec<&Localidade> = brasil
        .municipios_chamados(nome.nome)
        .into_iter()
        .filter(|m| !nome.municipios_excluidos.contains(&m.codigo))
        .collect();
    // Do município renomeado ou extinto só o distrito-sede deixa de ser "outro" lugar: os
    // demais distritos continuam a existir com o nome que têm.
    let distritos: Vec<&Localidade> = brasil
        .distritos_chamados(nome.nome)
        .into_iter()
        .filter(|d| {
            let sede_que_se_eleva = nome.distritos_excluidos.contains(&d.codigo);
            let sede_do_renomeado_ou_extinto =
                nome.municipios_excluidos.contains(&(d.codigo / 100)) && distrito_sede(brasil, d);
            !(sede_que_se_eleva || sede_do_renomeado_ou_extinto)
        })
        .collect();
    let mut mensagem = String::from(
        "Comparação sem diferença de maiúsculas, acentos, apóstrofos e hífens, com os 5.571 municípios e 10.670 distritos da Divisão Territorial Brasileira 2023 (IBGE).",
    );
    if !nome.distritos_excluidos.is_empty() {
        mensagem.push_str(" O distrito-sede que se eleva a município não conta como repetição: pelo Art. 7º, I, o município leva o nome da sede.");
    }
    if !nome.municipios_excluidos.is_empty() {
        mensagem.push_str(if ctx.fatos.tipo == Tipo::Fusao {
            " Não contam os municípios de origem, que a fusão extingue, nem os seus distritos-sede, que têm o nome deles e são o mesmo lugar; os outros distritos das origens continuam a existir com o nome que têm, como distritos do novo município, e repetir o nome de um deles é repetição."
        } else {
            " Não conta o município que a proposta renomeia, nem o seu distrito-sede, que tem o nome dele e é o mesmo lugar; os outros distritos do município continuam a existir com o nome que têm, e repetir o nome de um deles é repetição."
        });
    }
    let origens = ctx.fatos.novo.as_ref().map_or(&[][..], |n| &n.origens[..]);
    for d in &distritos {
        let municipio = d.codigo / 100;
        let de_origem = origens.contains(&municipio);
        if !(nome.municipios_excluidos.contains(&municipio) || de_origem)
            || distrito_sede(brasil, d)
        {
            continue;
        }
        mensagem.push_str(&format!(
            " «{}» é distrito de {} que não é a sede do município: continua a existir depois da proposta.",
            d.nome,
            d.municipio.as_deref().unwrap_or("município envolvido")
        ));
        if de_origem {
            mensagem.push_str(" Se esse distrito for a sede do novo município, informe-o como sede na proposta: a localidade-sede que se eleva a município leva o próprio nome (Art. 7º, I).");
        }
    }
    iguais.extend(distritos);
    Ok(if iguais.is_empty() {
        let onde = if nome.distritos_excluidos.is_empty() && nome.municipios_excluidos.is_empty() {
            "no País"
        } else {
            "em outro lugar do País"
        };
        regra.achado(
            Situacao::Atende,
            exigido,
            format!("«{}» não existe {onde}", nome.nome),
            Some(orgao::IBGE),
            mensagem,
        )
    } else {
        regra.achado(
            Situacao::NaoAtende,
            exigido,
            format!("«{}» já existe: {}", nome.nome, lista(&iguais, 8)),
            Some(orgao::IBGE),
            mensagem,
        )
    })
}

/// Se `d` é o distrito-sede do seu município. A regra: o distrito com o nome do município (pela
/// [`chave`]); se o município não tem distrito com o seu nome, o de código terminado em 05, a
/// convenção do IBGE para o distrito-sede. Nos 261 distritos de Mato Grosso as duas regras e a
/// marca `sede_municipal` do cadastro coincidem (testado); fora dele a convenção do código falha
/// em São Paulo (96 distritos sem sede), em São Vicente do Seridó (PB) e em União da Serra (RS),
/// onde o distrito 05 tem outro nome — por isso o nome vem primeiro.
fn distrito_sede(brasil: &Brasil, d: &Localidade) -> bool {
    let municipio = d.codigo / 100;
    let Some(chave_do_municipio) = d.municipio.as_deref().map(chave) else {
        return d.codigo % 100 == 5;
    };
    let algum_com_o_nome = brasil
        .distritos()
        .iter()
        .any(|o| o.codigo / 100 == municipio && o.chave == chave_do_municipio);
    if algum_com_o_nome {
        d.chave == chave_do_municipio
    } else {
        d.codigo % 100 == 5
    }
}

/// Acha uma data no nome: um numeral (algarismos, ordinal, romano ou por extenso) seguido de
/// "de" e de um mês ("Sete de Setembro", "1º de Maio", "XV de Novembro").
pub fn data_no_nome(nome: &str) -> Option<String> {
    let palavras: Vec<String> = chave(nome).split(' ').map(str::to_owned).collect();
    let numeral = |p: &str| {
        let sem_ordinal = p.trim_end_matches(['º', 'ª', 'o', 'a']);
        (!sem_ordinal.is_empty() && sem_ordinal.chars().all(|c| c.is_ascii_digit()))
            || NUMERAIS.contains(&p)
            || (p.len() <= 6 && p.chars().all(|c| matches!(c, 'i' | 'v' | 'x')))
    };
    palavras.windows(3).find_map(|janela| {
        (numeral(&janela[0])
            && janela[1] == "de"
            && divisa_referencia::formato::MESES
                .iter()
                .any(|m| chave(m) == janela[2]))
        .then(|| janela.join(" "))
    })
}

fn datas(ctx: &Contexto<'_>, nome: &str) -> Resultado {
    let regra = ctx.regra("art6_cpt")?;
    let exigido = "nome sem designação de datas";
    Ok(match data_no_nome(nome) {
        Some(data) => regra.achado(Situacao::NaoAtende, exigido, format!("«{nome}» designa uma data ({data})"), Some(orgao::COMISSAO), ""),
        None => regra.achado(Situacao::Atende, exigido, format!("«{nome}» não designa data"), Some(orgao::COMISSAO), "Procura-se numeral (algarismos, ordinal, romano ou por extenso) seguido de \"de\" e de um mês."),
    })
}

fn pessoa_viva(ctx: &Contexto<'_>, nome: &Nome<'_>) -> Resultado {
    let regra = ctx.regra("art6_cpt")?;
    let exigido = "nome que não seja de pessoa viva";
    Ok(match nome.pessoa_viva {
        Some(true) => regra.achado(Situacao::NaoAtende, exigido, "a proposta declara que o nome homenageia pessoa viva", Some(orgao::COMISSAO), ""),
        Some(false) => regra.achado(Situacao::Atende, exigido, "a proposta declara que o nome não homenageia pessoa viva", Some(orgao::COMISSAO), "Vale a declaração da proposta; a Comissão pode contestá-la."),
        None => regra.achado(
            Situacao::Pendente,
            exigido,
            "sem declaração",
            Some(orgao::COMISSAO),
            "Só uma pessoa pode dizer se o nome é de pessoa viva: declare na proposta se o nome homenageia pessoa viva, ou confirme na Comissão.",
        ),
    })
}

/// As palavras de um nome, separadas em as que contam para o limite de três e as partículas
/// gramaticais excluídas, como estão escritas no nome e na ordem em que aparecem.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Contagem {
    /// As que contam. Uma palavra composta com hífen (Bem-Te-Vi, Guarda-Mor, Pau-d'Alho) é uma
    /// palavra só, como na ortografia.
    pub(crate) contam: Vec<String>,
    /// As partículas excluídas ([`PARTICULAS`] e [`ELISOES`]).
    pub(crate) particulas: Vec<String>,
    /// As palavras compostas com hífen que contaram uma vez cada.
    pub(crate) compostas: Vec<String>,
}

impl Contagem {
    fn palavra(&mut self, escrita: &str) {
        let minuscula = escrita.to_lowercase();
        if PARTICULAS.contains(&minuscula.as_str()) {
            self.particulas.push(escrita.to_owned());
        } else {
            self.contam.push(escrita.to_owned());
        }
    }
}

/// Separa as palavras que contam das partículas. As palavras são as do nome separadas por
/// espaço ([`palavras_escritas`]), e não as da [`chave`], que separa também nos hífens e nos
/// apóstrofos (a comparação de nomes do mesmo artigo continua a ignorá-los de propósito).
pub(crate) fn contagem(nome: &str) -> Contagem {
    let mut contagem = Contagem::default();
    for escrita in palavras_escritas(nome) {
        let minuscula = escrita.to_lowercase();
        if escrita.contains('-') {
            // composto por hifenização: uma palavra, mesmo com partícula dentro (Pau-d'Alho)
            contagem.compostas.push(escrita.clone());
            contagem.contam.push(escrita);
        } else if let Some(apostrofo) = escrita.find('\'') {
            let (antes, depois) = (&escrita[..apostrofo], &escrita[apostrofo + 1..]);
            if ELISOES.contains(&antes.to_lowercase().as_str()) {
                // «D'Oeste»: a partícula com o apóstrofo, e o resto como palavra (nada, em
                // «d' Água» escrito com espaço).
                contagem.particulas.push(escrita[..=apostrofo].to_owned());
                if !depois.is_empty() {
                    contagem.palavra(depois);
                }
            } else {
                // «Sant'Ana»: elisão dentro de uma palavra gráfica, que conta uma vez.
                contagem.contam.push(escrita);
            }
        } else if minuscula == "doeste" {
            // «Mirassol dOeste»: o apóstrofo apagado, lido como «d'Oeste» (como em `chave`).
            let (d, oeste) = escrita.split_at(1); // "d" ou "D": um byte
            contagem.particulas.push(d.to_owned());
            contagem.contam.push(oeste.to_owned());
        } else {
            contagem.palavra(&escrita);
        }
    }
    contagem
}

/// As palavras que contam para o limite de três (sem as partículas gramaticais), como estão
/// escritas no nome; uma palavra composta com hífen é uma só.
pub fn palavras_que_contam(nome: &str) -> Vec<String> {
    contagem(nome).contam
}

fn aspas(palavras: &[String]) -> String {
    palavras
        .iter()
        .map(|p| format!("«{p}»"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn tres_palavras(ctx: &Contexto<'_>, nome: &str) -> Resultado {
    let regra = ctx.regra("art6_cpt")?;
    let maximo = regra.parametro("palavras_maximas")?;
    let Contagem {
        contam,
        particulas,
        compostas,
    } = contagem(nome);
    let exigido = format!("no máximo {maximo} palavras, excluídas as partículas gramaticais");
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let mut mensagem = format!(
        "Conta{} {} palavra{}: {}; partículas excluídas: {}.",
        if contam.len() == 1 { "" } else { "m" },
        contam.len(),
        plural(contam.len()),
        if contam.is_empty() {
            "nenhuma".to_owned()
        } else {
            aspas(&contam)
        },
        if particulas.is_empty() {
            "nenhuma".to_owned()
        } else {
            aspas(&particulas)
        },
    );
    if !compostas.is_empty() {
        mensagem.push_str(&format!(
            " Palavra composta com hífen conta como uma só: {}.",
            aspas(&compostas)
        ));
    }
    let artigo_ou_numeral: Vec<String> = particulas
        .iter()
        .filter(|p| matches!(p.to_lowercase().as_str(), "um" | "uma" | "uns" | "umas"))
        .cloned()
        .collect();
    if !artigo_ou_numeral.is_empty() {
        mensagem.push_str(&format!(
            " Lido como artigo indefinido, e por isso excluído: {}; se no nome for numeral, conta como palavra.",
            aspas(&artigo_ou_numeral)
        ));
    }
    mensagem.push_str(" Partículas gramaticais, na leitura adotada: artigos, preposições, contrações de preposição com artigo (e o «d'» elidido) e conjunções simples, também as estrangeiras dos nomes próprios (del, di, du, van, von...); as contrações com pronome ou advérbio (deste, nele, daqui) contam como palavra.");
    Ok(regra.achado(
        if contam.len() as i64 <= maximo {
            Situacao::Atende
        } else {
            Situacao::NaoAtende
        },
        exigido,
        format!(
            "{} palavra{} ({})",
            contam.len(),
            plural(contam.len()),
            contam.join(", ")
        ),
        Some(orgao::COMISSAO),
        mensagem,
    ))
}

/// § 1º — topônimos correlatos: nomes do IBGE iguais, contidos no proposto ou que o contêm,
/// comparados sem partículas ("Vale do Juruena" ~ "Juruena").
fn correlatos(ctx: &Contexto<'_>, nome: &Nome<'_>) -> Resultado {
    let regra = ctx.regra("art6_par1")?;
    let exigido = "informação da Fundação IBGE sobre topônimo correlato no Estado ou em outra UF";
    let Ok(brasil) = divisa_referencia::brasil() else {
        return Ok(regra.achado(
            Situacao::Pendente,
            exigido,
            "—",
            Some(orgao::IBGE),
            "Os nomes do IBGE não puderam ser carregados.",
        ));
    };
    let proposto = chave_sem_particulas(nome.nome);
    // Palavras inteiras, como se os dois nomes tivessem um espaço em cada ponta.
    let correlato = |l: &&Localidade| {
        let existente = l.chave_sem_particulas.as_str();
        existente.trim().len() >= 3
            && (contem_palavras(&proposto, existente) || contem_palavras(existente, &proposto))
    };
    // Só quem partilha uma palavra pode estar contido no proposto ou contê-lo.
    let todos: Vec<&Localidade> = brasil
        .com_alguma_palavra(&proposto)
        .into_iter()
        .filter(correlato)
        .collect();
    let (no_estado, fora): (Vec<&Localidade>, Vec<&Localidade>) =
        todos.into_iter().partition(|l| l.uf == "MT");
    let descrever = |grupo: &[&Localidade]| {
        if grupo.is_empty() {
            "nenhum".to_owned()
        } else {
            lista(grupo, 6)
        }
    };
    Ok(regra.achado(
        Situacao::Atende,
        exigido,
        format!("no Estado: {}. Em outras UFs: {}.", descrever(&no_estado), descrever(&fora)),
        Some(orgao::IBGE),
        "Informação a constar do projeto, tirada da Divisão Territorial Brasileira 2023 do IBGE (nomes iguais, contidos no proposto ou que o contêm, sem partículas). Se houver lista mais recente do IBGE, ela prevalece.",
    ))
}

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn art6_cpt_datas_por_extenso_em_algarismos_e_romanos() {
        for nome in [
            "Sete de Setembro",
            "1º de Maio",
            "Treze de Maio",
            "XV de Novembro",
            "Vinte e Um de Abril",
            "Vila Primeiro de Março",
        ] {
            assert!(data_no_nome(nome).is_some(), "{nome}");
        }
        for nome in [
            "Vale do Juruena",
            "São José do Rio Claro",
            "Maio Verde",
            "Três Marias",
        ] {
            assert_eq!(data_no_nome(nome), None, "{nome}");
        }
    }

    #[test]
    fn art6_cpt_particulas_nao_contam() {
        assert_eq!(
            palavras_que_contam("São Félix do Araguaia"),
            ["São", "Félix", "Araguaia"]
        );
        assert_eq!(
            palavras_que_contam("Figueirópolis D'Oeste"),
            ["Figueirópolis", "Oeste"]
        );
        assert_eq!(
            palavras_que_contam("Mirassol dOeste"),
            palavras_que_contam("Mirassol d'Oeste")
        );
        assert_eq!(
            palavras_que_contam("Vila Bela da Santíssima Trindade").len(),
            4
        );
        assert_eq!(palavras_que_contam("Nossa Senhora do Livramento").len(), 3);
    }

    #[test]
    fn art6_cpt_contagem_separa_particulas_e_compostas() {
        let c = contagem("Olho-d'Água da Bica");
        assert_eq!(c.contam, ["Olho-d'Água", "Bica"]);
        assert_eq!(c.particulas, ["da"]);
        assert_eq!(c.compostas, ["Olho-d'Água"]);
        let c = contagem("Olho d' Água");
        assert_eq!(
            (c.contam, c.particulas),
            (
                vec!["Olho".to_owned(), "Água".to_owned()],
                vec!["d'".to_owned()]
            )
        );
        // Elisão fora de «d'», «l'», «dell'»: uma palavra só.
        assert_eq!(contagem("Sant'Ana").contam, ["Sant'Ana"]);
        assert_eq!(contagem("L'Aquila").particulas, ["L'"]);
        // Com acento: «é» (verbo) conta, «e» (conjunção) não; «À» é contração.
        assert_eq!(contagem("Deus É Fiel").contam, ["Deus", "É", "Fiel"]);
        assert_eq!(contagem("Pau e Pique").particulas, ["e"]);
        assert_eq!(contagem("PAU À PIQUE").particulas, ["À"]);
    }

    /// O distrito-sede achado pelo nome (e, na falta, pelo código 05) é o que o cadastro de
    /// distritos de Mato Grosso marca como sede, em todos os 261 distritos.
    #[test]
    fn art6_cpt_distrito_sede_pelo_nome_confere_com_o_cadastro_de_mt() {
        let brasil = divisa_referencia::brasil().expect("nomes");
        let mt = divisa_referencia::mt().expect("MT");
        let mut conferidos = 0;
        for municipio in mt.municipios() {
            for d in &municipio.distritos {
                let localidade = brasil
                    .distritos()
                    .iter()
                    .find(|l| l.codigo == d.codigo)
                    .unwrap_or_else(|| panic!("{} sem nome do IBGE", d.codigo));
                assert_eq!(
                    distrito_sede(brasil, localidade),
                    d.sede_municipal,
                    "{} ({})",
                    d.nome,
                    municipio.nome
                );
                conferidos += 1;
            }
        }
        assert_eq!(conferidos, 261);
        // Fora de MT, onde o 05 não tem o nome do município, vale o nome.
        let distrito = |codigo: u32| {
            brasil
                .distritos()
                .iter()
                .find(|l| l.codigo == codigo)
                .expect("São Vicente do Seridó")
        };
        assert!(distrito_sede(brasil, distrito(251540110)));
        assert!(!distrito_sede(brasil, distrito(251540105)));
    }

    #[test]
    fn art6_cpt_lista_de_particulas_sem_repeticao_e_em_minusculas() {
        let mut vistas = std::collections::HashSet::new();
        for p in PARTICULAS.iter().chain(&ELISOES) {
            assert_eq!(p.to_lowercase(), *p, "{p}");
            assert!(vistas.insert(*p), "{p} repetida");
        }
    }
}

/// `menor` aparece em `maior` como sequência de palavras inteiras: começa no início ou depois
/// de um espaço e termina no fim ou antes de um espaço (o mesmo que `" menor "` estar contido
/// em `" maior "`).
fn contem_palavras(maior: &str, menor: &str) -> bool {
    if menor.is_empty() {
        return false;
    }
    let b = maior.as_bytes();
    // cada começo de palavra (o início ou logo depois de um espaço), sem pular sobreposições
    std::iter::once(0)
        .chain(
            b.iter()
                .enumerate()
                .filter(|(_, c)| **c == b' ')
                .map(|(k, _)| k + 1),
        )
        .any(|i| {
            let fim = i + menor.len();
            b.get(i..fim) == Some(menor.as_bytes()) && (fim == b.len() || b[fim] == b' ')
        })
}

#[cfg(test)]
mod testes_de_palavras {
    use super::contem_palavras;
    use divisa_referencia::nomes::chave_sem_particulas;

    /// O índice por palavra acha exatamente o que a varredura dos 16 mil nomes acharia
    /// (Art. 6º, § 1º), na mesma ordem.
    #[test]
    fn indice_por_palavra_igual_a_varredura_completa() {
        let brasil = divisa_referencia::brasil().expect("nomes");
        let mut nomes: Vec<String> = brasil
            .municipios()
            .iter()
            .step_by(37)
            .map(|l| l.nome.clone())
            .collect();
        nomes.extend(
            [
                "Nova Fronteira do Norte",
                "Rio",
                "São José",
                "Vale do Sol",
                "Santa",
                "Xyzzy",
                "do",
            ]
            .map(String::from),
        );
        for nome in nomes {
            let proposto = chave_sem_particulas(&nome);
            let correlato = |l: &&divisa_referencia::brasil::Localidade| {
                let e = l.chave_sem_particulas.as_str();
                e.trim().len() >= 3
                    && (contem_palavras(&proposto, e) || contem_palavras(e, &proposto))
            };
            let varredura: Vec<u32> = brasil
                .municipios()
                .iter()
                .chain(brasil.distritos())
                .filter(correlato)
                .map(|l| l.codigo)
                .collect();
            let indice: Vec<u32> = brasil
                .com_alguma_palavra(&proposto)
                .into_iter()
                .filter(correlato)
                .map(|l| l.codigo)
                .collect();
            assert_eq!(indice, varredura, "{nome}");
        }
    }

    #[test]
    fn palavras_inteiras_como_com_espacos_nas_pontas() {
        for (maior, menor) in [
            ("nova fronteira", "fronteira"),
            ("nova fronteira", "nova"),
            ("nova fronteira", "nova fronteira"),
            ("nova fronteira", "front"),
            ("nova fronteira", "a fro"),
            ("sorriso", "sorriso"),
            ("sorrisos", "sorriso"),
            ("x sorriso sorrisos", "sorrisos"),
            ("", "a"),
            ("a", ""),
            ("xa a a", "a a"),
            ("a a a", "a a"),
            ("são josé do rio claro", "rio claro"),
        ] {
            let esperado =
                !menor.is_empty() && format!(" {maior} ").contains(&format!(" {menor} "));
            assert_eq!(
                contem_palavras(maior, menor),
                esperado,
                "«{maior}» ⊇ «{menor}»"
            );
        }
    }
}
