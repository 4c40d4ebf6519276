//! Art. 2º, § 1º — a criação não pode fazer a origem perder os requisitos.
//!
//! > § 1º Não será permitida a criação de municípios desde que esta medida importe para o
//! > município ou municípios de origem na perda dos requisitos exigidos nesta lei complementar.
//!
//! Cada origem é medida pelos incisos I a V de [`crate::art02_requisitos`], com os números de
//! depois da criação.

use divisa_referencia::formato::inteiro;

use crate::achado::{Achado, Situacao};
use crate::art02_requisitos::{incisos_i_a_v, Numero, Numeros};
use crate::regra::Contexto;

/// § 1º — cada município de origem tem de continuar a cumprir I a V depois da criação.
///
/// Os números vêm de `[[remanescente]]`; o que faltar é estimado: número embutido da origem
/// menos o do novo município. Com uma só origem, a estimativa é direta. Com várias, a parcela de
/// cada uma não é conhecida, e subtrai-se o novo inteiro de cada origem: é um limite inferior.
/// Se mesmo assim a origem cumpre, cumpre; se não, fica pendente (a parcela real é menor).
pub(crate) fn origens(ctx: &Contexto<'_>) -> Vec<Achado> {
    let Some(novo) = &ctx.fatos.novo else {
        return Vec::new();
    };
    let Ok(mt) = divisa_referencia::mt() else {
        return Vec::new();
    };
    let varias = novo.origens.len() > 1;
    let mut achados = Vec::new();
    for &codigo in &novo.origens {
        let Some(municipio) = mt.por_codigo(codigo) else {
            continue;
        };
        let informado = ctx
            .fatos
            .remanescentes
            .iter()
            .find(|r| r.codigo_ibge == codigo)
            .map(|r| r.dados)
            .unwrap_or_default();
        let embutidos = Numeros::de_municipio(municipio);
        let numeros = Numeros {
            populacao: estimar(
                varias,
                informado.populacao,
                &embutidos.populacao,
                novo.dados.populacao,
            ),
            eleitores: estimar(
                varias,
                informado.eleitores,
                &embutidos.eleitores,
                novo.dados.eleitores,
            ),
            casas: informado
                .casas_centro_urbano
                .map(|v| Numero::new(v, "informado na proposta ([[remanescente]])")),
            valor_adicionado: estimar(
                varias,
                informado.valor_adicionado,
                &embutidos.valor_adicionado,
                novo.dados.valor_adicionado,
            ),
            arrecadacao: informado
                .arrecadacao
                .map(|v| Numero::new(v, "informado na proposta ([[remanescente]])")),
        };
        // A estimativa é uma subtração de números de bases diferentes (a proposta ou a certidão
        // do novo; o IBGE e o TSE para a origem inteira): pode dar um remanescente com mais
        // eleitores que habitantes (milhares de eleitores para umas centenas de pessoas) quando a
        // origem tem muitos eleitores de fora ou o novo leva quase toda a população. Esse
        // remanescente não decide o inciso II: fica pendente, pedindo os números reais
        // em [[remanescente]] (regra: "atende" só com uma conferência por trás). O inciso II, que
        // compara os dois números, fica pendente; o I (população menos população, a mesma
        // grandeza) continua decidido pela estimativa, como sempre, dita no apurado.
        let insana = match (&numeros.populacao, &numeros.eleitores) {
            (Some(p), Some(e))
                if e.valor > p.valor
                    && (informado.populacao.is_none() || informado.eleitores.is_none()) =>
            {
                Some(format!(
                    " A estimativa do remanescente dá {} eleitores para {} habitantes, o que indica bases incompatíveis (a população do novo município e a da origem vêm de fontes ou anos diferentes) ou eleitores de fora do território; não decide o inciso: informe a população e o eleitorado do remanescente em [[remanescente]], ou peça a certidão.",
                    inteiro(e.valor as i64),
                    inteiro(p.valor as i64)
                ))
            }
            _ => None,
        };
        for requisito in incisos_i_a_v(ctx, &numeros, None) {
            let mut achado = como_par1(ctx, requisito, &municipio.nome);
            if let Some(nota) = &insana {
                let inciso = achado.citacao.rsplit("(inciso ").next().unwrap_or("");
                if inciso.starts_with("II)") && achado.situacao != Situacao::Pendente {
                    achado.situacao = Situacao::Pendente;
                    achado.mensagem.push_str(nota);
                }
            }
            achados.push(achado);
        }
    }
    achados
}

/// O número da origem depois da criação: o informado em `[[remanescente]]` ou, sem ele, o
/// embutido menos o do novo município (nunca abaixo de zero).
fn estimar<T: Copy + PartialOrd + Default + std::ops::Sub<Output = T>>(
    varias: bool,
    proposto: Option<T>,
    origem: &Option<Numero<T>>,
    do_novo: Option<T>,
) -> Option<Numero<T>> {
    if let Some(valor) = proposto {
        return Some(Numero::new(
            valor,
            "informado na proposta ([[remanescente]])",
        ));
    }
    let (origem, do_novo) = (origem.as_ref()?, do_novo?);
    let resto = if origem.valor > do_novo {
        origem.valor - do_novo
    } else {
        T::default()
    };
    Some(Numero {
        embutido: origem.embutido,
        ..Numero::new(resto, rotulo_estimativa(&origem.origem, varias))
    })
}

fn rotulo_estimativa(fonte: &str, limite_inferior: bool) -> String {
    if limite_inferior {
        format!("estimativa de limite inferior: {fonte} menos o novo município inteiro")
    } else {
        format!("estimado: {fonte} menos o novo município")
    }
}

/// Transforma o achado de um inciso num achado do § 1º sobre a origem `nome`.
fn como_par1(ctx: &Contexto<'_>, requisito: Achado, nome: &str) -> Achado {
    let Ok(regra) = ctx.regra("art2_par1") else {
        return requisito;
    };
    let inciso = requisito.citacao.trim_start_matches("Art. 2º, ").to_owned();
    let limite_inferior = requisito.apurado.contains("limite inferior");
    let (situacao, nota) = match requisito.situacao {
        // Com o novo inteiro subtraído, um "não atende" pode ser só efeito da estimativa.
        Situacao::NaoAtende if limite_inferior => (
            Situacao::Pendente,
            " A estimativa subtrai o novo município inteiro desta origem; informe a parcela real em [[remanescente]].",
        ),
        outra => (outra, ""),
    };
    let mut achado = regra.achado(
        situacao,
        format!(
            "{nome} continua a cumprir o inciso {inciso}: {}",
            requisito.exigido
        ),
        requisito.apurado,
        requisito.orgao,
        format!("{}{nota}", requisito.mensagem),
    );
    achado.citacao = format!("Art. 2º, § 1º — {nome} (inciso {inciso})");
    achado
}
