//! O fundo repartido em centavos pelo método dos maiores restos (Hamilton).
//!
//! A cota exata de cada município é `fundo × cᵢ / Σc`, quase nunca um número inteiro de
//! centavos. Arredondar cada cota sozinha faria a soma das cotas diferir do fundo em alguns
//! centavos — e a simulação existe para mostrar que o FPM é de soma zero no Estado. Por isso:
//!
//! 1. cada município recebe a parte inteira, em centavos, da sua cota exata;
//! 2. os centavos que sobram (menos que o número de municípios) vão, um para cada, aos
//!    municípios de maior resto (a parte fracionária da cota exata);
//! 3. restos iguais se desempatam pela ordem do código IBGE, do menor para o maior (o município
//!    novo, sem código, vem depois de todos): o resultado não depende da ordem da lista.
//!
//! Toda a conta é inteira (`i128`): os coeficientes são levados à mesma escala decimal e o resto
//! é comparado exatamente, sem divisão em ponto flutuante nem arredondamento de `Decimal`.
//! Resultado: a soma das cotas é exatamente o fundo, antes e depois, e a soma das variações é
//! exatamente zero.

use rust_decimal::Decimal;

use crate::erro::ErroFiscal;

/// O método, numa frase, para o texto do estudo.
pub const METODO_CENTAVOS: &str = "Os centavos são repartidos pelo método dos maiores restos \
    (Hamilton): cada município recebe a parte inteira, em centavos, de fundo × coeficiente ÷ \
    soma dos coeficientes, e os centavos que sobram vão, um a cada, aos maiores restos (empate \
    decidido pela ordem do código IBGE), de modo que as cotas somam exatamente o fundo e as \
    variações somam exatamente zero.";

/// Uma parte a receber: a chave de desempate (o código IBGE; o novo município, depois de todos)
/// e o coeficiente (não negativo).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Parte {
    pub(crate) ordem: u64,
    pub(crate) coeficiente: Decimal,
}

/// A chave de desempate do município novo: depois de qualquer código IBGE.
pub(crate) const ORDEM_DO_NOVO: u64 = u32::MAX as u64 + 1;

/// Reparte `fundo` (reais, no máximo 2 casas) entre as `partes`, proporcionalmente aos
/// coeficientes, em centavos exatos. Devolve os reais de cada parte, na ordem dada.
pub(crate) fn repartir(fundo: Decimal, partes: &[Parte]) -> Result<Vec<Decimal>, ErroFiscal> {
    let fora = |contexto| ErroFiscal::ForaDoAlcance { contexto };
    let mut em_centavos = fundo;
    em_centavos.rescale(2);
    let centavos: i128 = em_centavos.mantissa();

    // Os coeficientes como inteiros na mesma escala (a maior entre eles).
    let escala = partes
        .iter()
        .map(|p| p.coeficiente.scale())
        .max()
        .unwrap_or(0);
    let mut inteiros = Vec::with_capacity(partes.len());
    for parte in partes {
        let fator = 10i128
            .checked_pow(escala - parte.coeficiente.scale())
            .ok_or(fora("escala dos coeficientes"))?;
        let valor = parte
            .coeficiente
            .mantissa()
            .checked_mul(fator)
            .ok_or(fora("escala dos coeficientes"))?;
        inteiros.push(valor.max(0));
    }
    let soma = inteiros
        .iter()
        .try_fold(0i128, |acc, &c| acc.checked_add(c))
        .ok_or(fora("soma dos coeficientes"))?;
    if soma <= 0 {
        return Err(ErroFiscal::SemCoeficientes);
    }

    let mut cotas = Vec::with_capacity(partes.len());
    let mut restos = Vec::with_capacity(partes.len());
    for &c in &inteiros {
        let produto = centavos.checked_mul(c).ok_or(fora("cota em centavos"))?;
        cotas.push(produto / soma);
        restos.push(produto % soma);
    }
    let distribuidos: i128 = cotas.iter().sum();
    let sobra = centavos - distribuidos;

    // Maiores restos primeiro; empate pela ordem (código IBGE). Só quem tem coeficiente recebe
    // (e só quem tem resto positivo chega a receber: os restos somam `sobra` × Σc).
    let mut fila: Vec<usize> = (0..partes.len()).filter(|&i| inteiros[i] > 0).collect();
    fila.sort_by(|&a, &b| {
        restos[b]
            .cmp(&restos[a])
            .then(partes[a].ordem.cmp(&partes[b].ordem))
    });
    let sobra = usize::try_from(sobra).map_err(|_| fora("centavos que sobram"))?;
    for &i in fila.iter().take(sobra) {
        cotas[i] += 1;
    }
    Ok(cotas
        .into_iter()
        .map(|c| Decimal::from_i128_with_scale(c, 2))
        .collect())
}

#[cfg(test)]
mod testes {
    use std::str::FromStr;

    use super::*;

    fn d(texto: &str) -> Decimal {
        Decimal::from_str(texto).expect("decimal do teste")
    }

    fn partes(coeficientes: &[(u64, &str)]) -> Vec<Parte> {
        coeficientes
            .iter()
            .map(|&(ordem, c)| Parte {
                ordem,
                coeficiente: d(c),
            })
            .collect()
    }

    #[test]
    fn hamilton_tres_iguais_recebem_o_centavo_que_sobra_pelo_menor_codigo() {
        // R$ 1,00 em três partes iguais: 33 centavos cada e 1 que sobra, para o menor código.
        let reais = repartir(d("1.00"), &partes(&[(30, "0.6"), (10, "0.6"), (20, "0.6")]))
            .expect("repartido");
        assert_eq!(reais, [d("0.33"), d("0.34"), d("0.33")]);
    }

    #[test]
    fn hamilton_maior_resto_recebe_antes_do_menor_codigo() {
        // R$ 1,00 entre 0,6 e 0,8 (Σ 1,4): 42,857… e 57,142… centavos; sobra 1, resto maior é
        // o de 0,6 (0,857).
        let reais = repartir(d("1"), &partes(&[(1, "0.8"), (2, "0.6")])).expect("repartido");
        assert_eq!(reais, [d("0.57"), d("0.43")]);
    }

    #[test]
    fn hamilton_soma_exatamente_o_fundo_com_escalas_diferentes() {
        let cs = partes(&[
            (1, "0.6"),
            (2, "0.7840"),
            (3, "4.0"),
            (4, "1.123457"),
            (5, "0"),
        ]);
        let fundo = d("1815000000.01");
        let reais = repartir(fundo, &cs).expect("repartido");
        assert_eq!(reais.iter().sum::<Decimal>(), fundo);
        assert_eq!(
            reais[4],
            Decimal::ZERO,
            "coeficiente zero não recebe centavo"
        );
    }

    #[test]
    fn hamilton_sem_coeficiente_nenhum_e_erro() {
        assert!(matches!(
            repartir(d("100"), &partes(&[(1, "0")])),
            Err(ErroFiscal::SemCoeficientes)
        ));
        assert!(matches!(
            repartir(d("100"), &[]),
            Err(ErroFiscal::SemCoeficientes)
        ));
    }
}
