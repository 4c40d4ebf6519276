//! Art. 3º — prazo eleitoral.
//!
//! > Art. 3º A criação de municípios, bem como a incorporação ou extinção de distritos ou
//! > municípios, processado cada caso individualmente, somente poderá ocorrer até 06 (seis)
//! > meses antes da realização das eleições, para os cargos de Prefeitos, Vice-Prefeito e
//! > Vereador. (Redação dada pela LC nº 43, D.O. de 14/05/1996)
//!
//! Leitura: o ato (a lei) tem de ser de data igual ou anterior ao dia que fica seis meses antes
//! da próxima eleição municipal ("até": inclusive). Seis meses contam-se de dia a dia
//! correspondente ([`crate::calendario::meses_antes`]).
//!
//! Art. 3º × Art. 10 ("a extinção... poderá ocorrer a qualquer tempo"): a redação da LC 43/1996,
//! posterior e específica, inclui expressamente a extinção de municípios no prazo. Lê-se o "a
//! qualquer tempo" do Art. 10 como "sem depender de período próprio de tramitação", limitado
//! pela janela eleitoral do Art. 3º. É a leitura que dá efeito aos dois textos; o achado diz isso.

use divisa_referencia::formato::data as data_br;

use crate::achado::{orgao, Achado, Situacao};
use crate::calendario::{meses_antes, proxima_eleicao};
use crate::fatos::Tipo;
use crate::regra::{achado, Contexto, Resultado};

/// O achado do Art. 3º para a proposta.
pub(crate) fn prazo_eleitoral(ctx: &Contexto<'_>) -> Achado {
    let tipo = ctx.fatos.tipo;
    let motivo_nao_se_aplica = match tipo {
        Tipo::Desmembramento => Some("O Art. 3º alcança a criação, a incorporação e a extinção; o desmembramento para revisão de limites (Art. 8º) não está entre eles."),
        Tipo::CriacaoDistrito => Some("O Art. 3º alcança a incorporação e a extinção de distritos, não a sua criação (Arts. 24 e 25)."),
        Tipo::AlteracaoNome => Some("A alteração de nome pode ser feita a qualquer tempo (Art. 6º, § 2º)."),
        Tipo::Criacao | Tipo::Fusao | Tipo::Incorporacao | Tipo::Extincao => None,
    };
    if let Some(motivo) = motivo_nao_se_aplica {
        return ctx.nao_se_aplica("art3_cpt", motivo);
    }
    achado((|| -> Resultado {
        let regra = ctx.regra("art3_cpt")?;
        let meses = u8::try_from(regra.parametro("meses_antes")?).unwrap_or(6);
        let (data_ato, origem_data) = match ctx.fatos.data_ato {
            Some(d) => (d, "data_referencia da proposta"),
            None => (ctx.data, "sem data_referencia, a data da avaliação"),
        };
        let eleicao = proxima_eleicao(data_ato);
        let limite = meses_antes(eleicao.data, meses);
        let atende = data_ato <= limite;
        let calculo = if eleicao.calculada {
            "data calculada"
        } else {
            "data realizada"
        };
        let mut mensagem = format!(
            "Próxima eleição municipal: {} ({calculo}; {}). {meses} meses antes: {} — conta-se do dia correspondente, e se ele não existe no mês, o último dia do mês. O ato de {} ({origem_data}) {}, que é inclusive (\"até\").",
            data_br(eleicao.data),
            eleicao.base_legal,
            data_br(limite),
            data_br(data_ato),
            if atende { "cabe nesse limite" } else { "passa desse limite" }
        );
        if !atende {
            let seguinte = proxima_eleicao(eleicao.data.tomorrow().unwrap_or(eleicao.data));
            mensagem.push_str(&format!(
                " O ato só poderá ser praticado depois da eleição de {} (até {} para a eleição de {}).",
                data_br(eleicao.data),
                data_br(meses_antes(seguinte.data, meses)),
                seguinte.data.year()
            ));
        }
        if tipo == Tipo::Extincao {
            mensagem.push_str(" Art. 3º × Art. 10: a redação da LC 43/1996 inclui a extinção de municípios no prazo; o \"a qualquer tempo\" do Art. 10 é lido como dispensa de período próprio, limitado por esta janela eleitoral.");
        }
        Ok(regra.achado(
            if atende {
                Situacao::Atende
            } else {
                Situacao::NaoAtende
            },
            format!(
                "ato até {meses} meses antes da eleição municipal de {} (até {})",
                data_br(eleicao.data),
                data_br(limite)
            ),
            format!("ato em {}", data_br(data_ato)),
            Some(orgao::COMISSAO),
            mensagem,
        ))
    })())
}

#[cfg(test)]
mod testes {
    use super::*;
    use crate::fatos::Fatos;
    use jiff::civil::{date, Date};

    fn avaliar(data_ato: Date) -> Achado {
        let mut fatos = Fatos::vazios(Tipo::Criacao);
        fatos.data_ato = Some(data_ato);
        let ctx = Contexto {
            lei: crate::texto::lei().unwrap(),
            data: data_ato,
            fatos: &fatos,
        };
        prazo_eleitoral(&ctx)
    }

    #[test]
    fn art3_cpt_exatamente_seis_meses_antes_atende() {
        assert_eq!(avaliar(date(2028, 4, 1)).situacao, Situacao::Atende);
    }

    #[test]
    fn art3_cpt_um_dia_depois_do_limite_nao_atende() {
        let achado = avaliar(date(2028, 4, 2));
        assert_eq!(achado.situacao, Situacao::NaoAtende);
        assert!(
            achado
                .mensagem
                .contains("até 03/04/2032 para a eleição de 2032"),
            "{}",
            achado.mensagem
        );
    }

    #[test]
    fn art3_cpt_eleicao_de_2020_adiada_para_novembro() {
        // 15/11/2020 − 6 meses = 15/05/2020: um ato de 10/05/2020 ainda atende.
        assert_eq!(avaliar(date(2020, 5, 15)).situacao, Situacao::Atende);
        assert_eq!(avaliar(date(2020, 5, 16)).situacao, Situacao::NaoAtende);
    }

    #[test]
    fn art3_cpt_no_dia_da_eleicao_nao_atende() {
        assert_eq!(avaliar(date(2024, 10, 6)).situacao, Situacao::NaoAtende);
        assert_eq!(avaliar(date(2024, 10, 7)).situacao, Situacao::Atende);
    }

    #[test]
    fn art3_cpt_antes_da_lc43_redacao_nao_disponivel() {
        let achado = avaliar(date(1996, 3, 1));
        assert_eq!(achado.situacao, Situacao::Pendente);
        assert!(
            achado
                .mensagem
                .starts_with("Redação anterior não disponível"),
            "{}",
            achado.mensagem
        );
    }
}
