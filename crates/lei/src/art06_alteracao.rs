//! Art. 6º, § 2º — a alteração do nome do município.
//!
//! > § 2º A alteração do nome do município poderá ser efetuada a qualquer tempo, por lei
//! > estadual, mediante representação fundamentada no município interessado, feita pelo
//! > Prefeito, com aprovação da Câmara Municipal e voto favorável de 2/3 (dois terços) de seus
//! > membros; após ouvir a população em plebiscito fiscalizado pelos Diretórios Municipais dos
//! > partidos políticos.
//!
//! Um achado por exigência: o nome novo é outro, a representação do Prefeito, os 2/3 da
//! Câmara e o plebiscito fiscalizado. O que a proposta só declara (a representação, a
//! fiscalização) fica pendente até o documento nos autos.

use divisa_referencia::formato::inteiro;
use divisa_referencia::nomes::chave;

use crate::achado::{orgao, Achado, Situacao};
use crate::fatos::{AlteracaoNome, Plebiscito};
use crate::regra::{achado, Contexto, Resultado};

/// § 2º — alteração de nome: 2/3 dos membros da Câmara (arredondado para cima) e plebiscito.
pub(crate) fn alteracao_de_nome(
    ctx: &Contexto<'_>,
    alteracao: &AlteracaoNome,
    plebiscito: Option<&Plebiscito>,
) -> Vec<Achado> {
    let (membros, favoraveis) = (alteracao.membros_camara, alteracao.votos_favoraveis);
    let atual = divisa_referencia::mt()
        .ok()
        .and_then(|mt| mt.por_codigo(alteracao.municipio));
    // Uma "alteração" para o mesmo nome (sem diferença de acentos, maiúsculas, apóstrofos e
    // hífens, ou para uma grafia que o IBGE já registra) não altera nada.
    let mudanca = achado((|| -> Resultado {
        let regra = ctx.regra("art6_par2")?;
        let exigido = "alteração do nome do município: um nome diferente do atual";
        let Some(m) = atual else {
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                format!("«{}»", alteracao.nome_novo),
                Some(orgao::IBGE),
                "O município não está nos dados embutidos.",
            ));
        };
        let novo = chave(&alteracao.nome_novo);
        // Só o nome atual: voltar a um nome antigo (que o IBGE ainda registra entre as outras
        // grafias) é alteração de verdade.
        let igual = std::iter::once(&m.nome).find(|g| chave(g) == novo);
        Ok(match igual {
            Some(g) => regra.achado(
                Situacao::NaoAtende,
                exigido,
                format!("«{}» é o nome atual («{g}»)", alteracao.nome_novo),
                Some(orgao::IBGE),
                "Comparado sem diferença de maiúsculas, acentos, apóstrofos e hífens: não é alteração de nome. Uma correção de grafia não é a alteração do § 2º.",
            ),
            None => regra.achado(
                Situacao::Atende,
                exigido,
                format!("de «{}» para «{}»", m.nome, alteracao.nome_novo),
                Some(orgao::IBGE),
                "Comparado sem diferença de maiúsculas, acentos, apóstrofos e hífens com o nome atual.",
            ),
        })
    })());
    let prefeito = achado((|| -> Resultado {
        let regra = ctx.regra("art6_par2")?;
        let exigido = "representação fundamentada no município interessado, feita pelo Prefeito";
        Ok(match alteracao.representacao_do_prefeito {
            // Declarada não é conferida: a representação é um documento, e só ele nos autos atende.
            Some(true) => regra.achado(Situacao::Pendente, exigido, "representação do Prefeito declarada na proposta", Some(orgao::COMISSAO), "A proposta declara a representação; a Comissão confere, nos autos, o documento e os seus fundamentos."),
            Some(false) => regra.achado(Situacao::NaoAtende, exigido, "sem representação do Prefeito", Some(orgao::COMISSAO), "O § 2º exige que a alteração venha de representação feita pelo Prefeito; sem ela, a lei de alteração não pode ser proposta."),
            None => regra.achado(Situacao::Pendente, exigido, "não informada", Some(orgao::COMISSAO), "A proposta não diz se há a representação fundamentada do Prefeito."),
        })
    })());
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
                "Informe quantos membros tem a Câmara Municipal e quantos votaram a favor.",
            ),
        })
    })());
    let consulta = achado((|| -> Resultado {
        let regra = ctx.regra("art6_par2")?;
        let exigido = "plebiscito, fiscalizado pelos diretórios municipais dos partidos políticos, em que a população aprova o nome novo";
        let leitura = "O § 2º não fixa a maioria; aplica-se a maioria simples dos votos (Lei 9.709/1998, art. 10), e não a maioria absoluta dos inscritos do Art. 11, § 2º, que é regra da criação, incorporação, fusão e desmembramento.";
        Ok(match plebiscito {
            None => regra.achado(Situacao::Pendente, exigido, "plebiscito não realizado", Some(orgao::TRE), "O § 2º exige ouvir a população em plebiscito fiscalizado pelos diretórios municipais dos partidos."),
            Some(p) => {
                let votos = format!("SIM {} × NÃO {} ({} inscritos)", inteiro(p.votos_sim as i64), inteiro(p.votos_nao as i64), inteiro(p.eleitores_inscritos as i64));
                if p.votos_sim <= p.votos_nao {
                    regra.achado(Situacao::NaoAtende, exigido, votos, Some(orgao::TRE), format!("O nome novo não foi aprovado. {leitura}"))
                } else {
                    match alteracao.plebiscito_fiscalizado_pelos_diretorios {
                        Some(true) => regra.achado(Situacao::Pendente, exigido, format!("{votos}; fiscalização pelos diretórios declarada"), Some(orgao::TRE), format!("A fiscalização pelos diretórios é declarada na proposta; a Comissão a confere na ata do plebiscito. {leitura}")),
                        Some(false) => regra.achado(Situacao::NaoAtende, exigido, format!("{votos}; sem a fiscalização dos diretórios"), Some(orgao::TRE), format!("O § 2º exige que o plebiscito seja fiscalizado pelos diretórios municipais dos partidos políticos. {leitura}")),
                        None => regra.achado(Situacao::Pendente, exigido, format!("{votos}; fiscalização não informada"), Some(orgao::TRE), format!("A proposta não diz se o plebiscito foi fiscalizado pelos diretórios municipais dos partidos políticos. {leitura}")),
                    }
                }
            }
        })
    })());
    vec![mudanca, prefeito, camara, consulta]
}
