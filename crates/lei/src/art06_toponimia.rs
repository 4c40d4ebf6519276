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
//! O caput tem quatro regras; cada uma é um achado de `art6_cpt`.

use divisa_referencia::brasil::Localidade;
use divisa_referencia::formato::inteiro;
use divisa_referencia::nomes::{chave, chave_sem_particulas};

use crate::achado::{orgao, Achado, Situacao};
use crate::fatos::Plebiscito;
use crate::regra::{achado, Contexto, Resultado};

/// Partículas gramaticais que não contam como palavra (caput, "excluídas as partículas").
/// "d'" chega aqui como "do" (ver `nomes::chave`).
const PARTICULAS: [&str; 16] = [
    "de", "da", "do", "das", "dos", "d", "e", "a", "o", "as", "os", "em", "na", "no", "nas", "nos",
];

const MESES: [&str; 12] = [
    "janeiro",
    "fevereiro",
    "marco",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
];

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
    /// Municípios que não são "outro" lugar, com os seus distritos: na alteração de nome, o
    /// próprio; na fusão, os de origem, que se extinguem.
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
    let distritos: Vec<&Localidade> = brasil
        .distritos_chamados(nome.nome)
        .into_iter()
        .filter(|d| {
            !nome.distritos_excluidos.contains(&d.codigo)
                && !nome.municipios_excluidos.contains(&(d.codigo / 100))
        })
        .collect();
    iguais.extend(distritos);
    let mut mensagem = String::from(
        "Comparação sem diferença de maiúsculas, acentos, apóstrofos e hífens, com os 5.571 municípios e 10.670 distritos da Divisão Territorial Brasileira 2023 (IBGE).",
    );
    if !nome.distritos_excluidos.is_empty() {
        mensagem.push_str(" O distrito-sede que se eleva a município não conta como repetição: pelo Art. 7º, I, o município leva o nome da sede.");
    }
    if !nome.municipios_excluidos.is_empty() {
        mensagem.push_str(" Não contam os municípios que a própria proposta renomeia ou extingue, nem os seus distritos.");
    }
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
        (numeral(&janela[0]) && janela[1] == "de" && MESES.contains(&janela[2].as_str()))
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
            "Só uma pessoa pode dizer se o nome é de pessoa viva: declare nome_homenageia_pessoa_viva na proposta ou confirme na Comissão.",
        ),
    })
}

/// As palavras que contam para o limite de três (sem partículas gramaticais).
pub fn palavras_que_contam(nome: &str) -> Vec<String> {
    chave(nome)
        .split(' ')
        .filter(|p| !p.is_empty() && !PARTICULAS.contains(p))
        .map(str::to_owned)
        .collect()
}

fn tres_palavras(ctx: &Contexto<'_>, nome: &str) -> Resultado {
    let regra = ctx.regra("art6_cpt")?;
    let maximo = regra.parametro("palavras_maximas")?;
    let palavras = palavras_que_contam(nome);
    let exigido = format!("no máximo {maximo} palavras, excluídas as partículas gramaticais");
    Ok(regra.achado(
        if palavras.len() as i64 <= maximo {
            Situacao::Atende
        } else {
            Situacao::NaoAtende
        },
        exigido,
        format!(
            "{} palavra{} ({})",
            palavras.len(),
            if palavras.len() == 1 { "" } else { "s" },
            palavras.join(", ")
        ),
        Some(orgao::COMISSAO),
        "Partículas excluídas: de, da, do, das, dos, d', e, a, o, as, os, em, na, no, nas, nos.",
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

/// § 2º — alteração de nome: 2/3 dos membros da Câmara (arredondado para cima) e plebiscito.
pub(crate) fn alteracao_de_nome(
    ctx: &Contexto<'_>,
    membros: Option<u64>,
    favoraveis: Option<u64>,
    plebiscito: Option<&Plebiscito>,
) -> Vec<Achado> {
    let camara = achado((|| -> Resultado {
        let regra = ctx.regra("art6_par2")?;
        let (numerador, denominador) = (
            regra.parametro("numerador")?,
            regra.parametro("denominador")?,
        );
        let exigido_base =
            format!("voto favorável de {numerador}/{denominador} dos membros da Câmara Municipal");
        Ok(match (membros, favoraveis) {
            (Some(membros), Some(favoraveis)) => {
                let necessarios =
                    (u128::from(membros) * numerador as u128).div_ceil(denominador as u128);
                let atende = u128::from(favoraveis) * denominador as u128
                    >= u128::from(membros) * numerador as u128;
                regra.achado(
                    if atende {
                        Situacao::Atende
                    } else {
                        Situacao::NaoAtende
                    },
                    format!(
                        "{exigido_base}: {} de {} membros",
                        inteiro(necessarios as i64),
                        inteiro(membros as i64)
                    ),
                    format!("{} votos favoráveis", inteiro(favoraveis as i64)),
                    Some(orgao::CAMARA),
                    "Dois terços dos membros, não dos presentes; fração arredondada para cima.",
                )
            }
            _ => regra.achado(
                Situacao::Pendente,
                exigido_base,
                "votação da Câmara não informada",
                Some(orgao::CAMARA),
                "Informe membros_camara e votos_favoraveis.",
            ),
        })
    })());
    let consulta = achado((|| -> Resultado {
        let regra = ctx.regra("art6_par2")?;
        let exigido = "plebiscito em que a população aprova o nome novo";
        Ok(match plebiscito {
            None => regra.achado(Situacao::Pendente, exigido, "plebiscito não realizado", Some(orgao::TRE), "O § 2º exige ouvir a população em plebiscito fiscalizado pelos diretórios municipais dos partidos."),
            Some(p) => regra.achado(
                if p.votos_sim > p.votos_nao { Situacao::Atende } else { Situacao::NaoAtende },
                exigido,
                format!("SIM {} × NÃO {} ({} inscritos)", inteiro(p.votos_sim as i64), inteiro(p.votos_nao as i64), inteiro(p.eleitores_inscritos as i64)),
                Some(orgao::TRE),
                "O § 2º não fixa a maioria; aplica-se a maioria simples dos votos (Lei 9.709/1998, art. 10), e não a maioria absoluta dos inscritos do Art. 11, § 2º, que é regra da criação, incorporação, fusão e desmembramento.",
            ),
        })
    })());
    vec![camara, consulta]
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
            ["sao", "felix", "araguaia"]
        );
        assert_eq!(
            palavras_que_contam("Figueirópolis D'Oeste"),
            ["figueiropolis", "oeste"]
        );
        assert_eq!(
            palavras_que_contam("Vila Bela da Santíssima Trindade").len(),
            4
        );
        assert_eq!(palavras_que_contam("Nossa Senhora do Livramento").len(), 3);
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
