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
//!
//! A que tipos o Art. 3º não se aplica, e quando isso depende da redação:
//! - alteração de nome: o Art. 6º, § 2º (redação original, de 1992), permite-a "a qualquer
//!   tempo". É regra própria e específica, que afasta o Art. 3º qualquer que seja a redação dele;
//!   decide-se antes de procurar essa redação ([`Contexto::nao_se_aplica`]), e um ato anterior à
//!   LC 43/1996 também não se sujeita ao prazo;
//! - desmembramento (revisão de limites) e criação de distrito: ficam fora porque a redação da LC
//!   43/1996 não os lista. Esse motivo é a própria redação: antes de 14/05/1996 vigorava a
//!   original, que não foi encontrada e pode tê-los listado (a CF, art. 18, § 4º, põe o
//!   desmembramento ao lado da criação). Aí o achado fica pendente, com esse motivo.
//!
//! A eleição que conta é a marcada no dia do ato ([`eleicao_marcada`]): um ato anterior à
//! publicação da EC nº 107/2020 (03/07/2020) tinha de caber nos seis meses antes de 04/10/2020,
//! a data então marcada (limite 04/04/2020); o adiamento para 15/11/2020 não torna tempestivo o
//! ato que, no seu dia, já estava fora do prazo. Do dia da publicação em diante, conta 15/11/2020.

use divisa_referencia::formato::data as data_br;

use crate::achado::{orgao, Achado, Situacao};
use crate::calendario::{self, eleicao_marcada, meses_antes, seguinte};
use crate::fatos::Tipo;
use crate::regra::{achado, Contexto, Resultado};

/// O achado do Art. 3º para a proposta.
pub(crate) fn prazo_eleitoral(ctx: &Contexto<'_>) -> Achado {
    let tipo = ctx.fatos.tipo;
    match tipo {
        // Motivo de fora do Art. 3º: vale com qualquer redação dele, mesmo a não encontrada.
        Tipo::AlteracaoNome => {
            return ctx.nao_se_aplica(
                "art3_cpt",
                "A alteração de nome pode ser feita a qualquer tempo (Art. 6º, § 2º): é regra própria e específica desde a redação original de 1992, e afasta o prazo do Art. 3º em qualquer das suas redações.",
            )
        }
        // Motivo lido na redação do Art. 3º: só se afirma com a redação em vigor conhecida.
        Tipo::Desmembramento | Tipo::CriacaoDistrito => {
            let (motivo, fora) = if tipo == Tipo::Desmembramento {
                ("O Art. 3º alcança a criação, a incorporação e a extinção; o desmembramento para revisão de limites (Art. 8º) não está entre eles.", "o desmembramento")
            } else {
                ("O Art. 3º alcança a incorporação e a extinção de distritos, não a sua criação (Arts. 24 e 25).", "a criação de distrito")
            };
            return match ctx.regra("art3_cpt") {
                Ok(regra) => regra.achado(Situacao::NaoSeAplica, "—", "—", None, motivo),
                Err(mut pendente) => {
                    if pendente.situacao == Situacao::Pendente {
                        pendente.mensagem.push_str(&format!(
                            " A redação da LC nº 43/1996 não alcança {fora}; se a redação anterior o alcançava não se sabe sem o texto dela (a CF, art. 18, § 4º, põe o desmembramento ao lado da criação, da incorporação e da fusão)."
                        ));
                    }
                    pendente
                }
            };
        }
        Tipo::Criacao | Tipo::Fusao | Tipo::Incorporacao | Tipo::Extincao => {}
    }
    achado((|| -> Resultado {
        let regra = ctx.regra("art3_cpt")?;
        let meses: u8 = regra.parametro_como("meses_antes")?;
        let (data_ato, origem_data) = match ctx.fatos.data_ato {
            Some(d) => (d, "data do ato na proposta"),
            None => (ctx.data, "sem a data do ato, a data da avaliação"),
        };
        let eleicao = eleicao_marcada(data_ato);
        let limite = meses_antes(eleicao.data, meses);
        let atende = data_ato <= limite;
        let calculo = match (eleicao.mudada, eleicao.calculada) {
            (Some(_), _) => "data marcada no dia do ato",
            (None, true) => "data calculada",
            (None, false) => "data realizada",
        };
        let mut mensagem = format!(
            "Próxima eleição municipal: {} ({calculo}; {}). {meses} meses antes: {} — conta-se do dia correspondente, e se ele não existe no mês, o último dia do mês. O ato de {} ({origem_data}) {}, que é inclusive (\"até\").",
            data_br(eleicao.data),
            eleicao.base_legal,
            data_br(limite),
            data_br(data_ato),
            if atende { "cabe nesse limite" } else { "passa desse limite" }
        );
        if let Some(mudanca) = eleicao.mudada {
            mensagem.push_str(&format!(
                " A {}, publicada em {}, depois do ato, adiou a eleição para {}. Leitura adotada: o prazo se conta da eleição marcada no dia do ato (o tempo rege o ato); o adiamento posterior não muda o prazo de um ato já praticado.",
                mudanca.norma,
                data_br(mudanca.publicada),
                data_br(mudanca.para)
            ));
        } else if let Some((antes, mudanca)) = calendario::mudanca(eleicao.data) {
            mensagem.push_str(&format!(
                " A {}, publicada em {}, adiou a eleição de {} para {}; o ato, de dia igual ou posterior à publicação, conta da data nova.",
                mudanca.norma,
                data_br(mudanca.publicada),
                data_br(antes),
                data_br(mudanca.para)
            ));
        }
        if !atende {
            let proxima = seguinte(&eleicao);
            mensagem.push_str(&format!(
                " O ato só poderá ser praticado depois da eleição de {} (até {} para a eleição de {}).",
                data_br(eleicao.realizada()),
                data_br(meses_antes(proxima.data, meses)),
                proxima.data.year()
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
    fn art3_cpt_eleicao_de_2020_conta_da_data_marcada_no_dia_do_ato() {
        // Antes da EC 107/2020 (DOU de 03/07/2020), a eleição estava marcada para 04/10/2020:
        // limite 04/04/2020. Um ato de 15/05/2020, que caberia nos seis meses antes de
        // 15/11/2020, já estava fora do prazo no seu dia.
        assert_eq!(avaliar(date(2020, 4, 4)).situacao, Situacao::Atende);
        assert_eq!(avaliar(date(2020, 4, 5)).situacao, Situacao::NaoAtende);
        let achado = avaliar(date(2020, 5, 15));
        assert_eq!(achado.situacao, Situacao::NaoAtende);
        assert!(achado.exigido.contains("04/10/2020"), "{}", achado.exigido);
        assert!(
            achado.mensagem.contains("adiou a eleição para 15/11/2020"),
            "{}",
            achado.mensagem
        );
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
