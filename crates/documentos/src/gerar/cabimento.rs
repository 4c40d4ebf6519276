//! Que documentos o procedimento de cada tipo produz, pela lei (tipo × documento).
//!
//! Pedir um documento que o procedimento não produz é recusado com o artigo que diz por quê (a
//! linha de comando sai com 2; a página do processo nem o oferece). A tabela:
//!
//! | tipo | ofícios (Art. 2º, § 3º) | parecer (Art. 18) | decreto legislativo (Art. 18, § 2º) | projeto de lei | relatório técnico (Art. 8º, § 3º) |
//! |---|---|---|---|---|---|
//! | criação | Cartografia, TRE, Fazenda (Art. 2º, § 2º) | sim | sim | sim (Art. 7º) | não |
//! | fusão | não (Art. 4º dispensa o Art. 2º) | sim | sim (Art. 4º, par. único) | sim | não |
//! | incorporação | Cartografia, TRE (divisa comum; eleitorado do plebiscito) | sim | sim (Art. 11) | sim | não |
//! | desmembramento | Cartografia, TRE (área, sedes, eleitorado da área) | sim | sim (Art. 11) | sim (Arts. 5º e 8º) | sim |
//! | extinção | Cartografia, TRE, Fazenda, só no inciso I (perda dos requisitos) | sim | não (Art. 10: declarada em lei) | sim (Art. 10) | não |
//! | criação de distrito | não: lei municipal (Art. 24, § 1º) | não | não | não | não |
//! | alteração de nome | não | sim | não (plebiscito fiscalizado pelos diretórios, Art. 6º, § 2º) | sim (Art. 6º, § 2º) | não |
//!
//! Leitura adotada para a extinção: o Art. 10 manda declará-la "em lei estadual" e não prevê
//! plebiscito; a CF, art. 18, § 4º, e a Lei nº 9.709/1998 podem exigi-lo (o alerta federal da
//! avaliação diz isso), mas um decreto legislativo que autorize o TRE não é ato que a LC 23
//! preveja para ela, e o divisa não o escreve.

use divisa_lei::fatos::MotivoExtincao;
use divisa_lei::{Fatos, Tipo as TipoLei};
use divisa_processo::Orgao;

use crate::TipoDeDocumento;

/// Se o procedimento do tipo da proposta produz o documento; `Err` com o artigo que diz por que
/// não.
pub fn cabimento(documento: TipoDeDocumento, fatos: &Fatos) -> Result<(), crate::ErroDocumento> {
    use TipoLei as L;
    let tipo = fatos.tipo;
    let motivo: Option<&str> = match (documento, tipo) {
        (_, L::CriacaoDistrito) if documento != TipoDeDocumento::Autos => Some(
            "o distrito é criado por lei municipal, depois da consulta prévia à população (LC nº 23/1992, Art. 24, § 1º); a Assembleia Legislativa não expede documento nesse procedimento, e os requisitos do Art. 25 são apurados pelo Órgão de Informação e Cartografia a pedido do município",
        ),
        (TipoDeDocumento::Oficio, L::Fusao) => Some(
            "na fusão não há ofício aos órgãos certificadores: o Art. 4º dispensa a verificação dos requisitos do Art. 2º, e o que se apura é o resultado do plebiscito (Art. 4º, parágrafo único; Art. 20)",
        ),
        (TipoDeDocumento::Oficio, L::AlteracaoNome) => Some(
            "na alteração de nome não há certidão a requisitar dos órgãos do Art. 2º, § 2º: o § 2º do Art. 6º pede a representação do Prefeito, a aprovação da Câmara por 2/3 e o plebiscito",
        ),
        (TipoDeDocumento::Oficio, L::Extincao)
            if fatos
                .extincao
                .is_some_and(|e| e.motivo != MotivoExtincao::PerdaRequisitos) =>
        {
            Some("só a extinção pela perda dos requisitos (Art. 10, I) depende das certidões dos órgãos do Art. 2º, § 2º; nos incisos II e III a prova é outra (laudo da inundação ou destruição; o requerimento dos eleitores)")
        }
        (TipoDeDocumento::DecretoLegislativo, L::Extincao) => Some(
            "a extinção é declarada em lei estadual (Art. 10) e a LC nº 23/1992 não prevê plebiscito autorizado por decreto legislativo para ela (sobre a consulta que o direito federal pode exigir, veja os alertas da avaliação)",
        ),
        (TipoDeDocumento::DecretoLegislativo, L::AlteracaoNome) => Some(
            "na alteração de nome, a população é ouvida em plebiscito fiscalizado pelos diretórios municipais dos partidos políticos (Art. 6º, § 2º), não em plebiscito que a Assembleia autorize ao Tribunal Regional Eleitoral (Art. 18, § 2º)",
        ),
        (TipoDeDocumento::RelatorioTecnico, t) if t != L::Desmembramento => Some(
            "o Relatório Técnico é o do Plano de Ação da revisão de limites (Art. 8º, § 3º), só no desmembramento",
        ),
        _ => None,
    };
    match motivo {
        Some(m) => Err(crate::ErroDocumento::NaoCabe(format!(
            "«{}» não cabe na {}: {m}",
            documento.nome(),
            tipo.descricao()
        ))),
        None => Ok(()),
    }
}

/// Os documentos que um processo produz, na ordem do rito, com o órgão de cada ofício: os que
/// o tipo do processo admite ([`cabimento`]; a fusão não tem ofício, Art. 4º; o Relatório
/// Técnico é só da revisão de limites, Art. 8º, § 3º). A página do processo e quem mais liste
/// os documentos de um caso leem daqui.
pub fn cabiveis(processo: &divisa_processo::Processo) -> Vec<(TipoDeDocumento, Option<Orgao>)> {
    const ORDEM: [TipoDeDocumento; 8] = [
        TipoDeDocumento::ParecerPreliminar,
        TipoDeDocumento::Oficio,
        TipoDeDocumento::RelatorioTecnico,
        TipoDeDocumento::Parecer,
        TipoDeDocumento::EstudoFiscal,
        TipoDeDocumento::DecretoLegislativo,
        TipoDeDocumento::ParecerResultado,
        TipoDeDocumento::ProjetoDeLei,
    ];
    let fatos = Fatos::vazios(processo.tipo.tipo_da_proposta());
    ORDEM
        .into_iter()
        .filter(|t| cabimento(*t, &fatos).is_ok())
        .flat_map(|t| match t {
            TipoDeDocumento::Oficio => crate::orgaos_oficiados(processo)
                .into_iter()
                .map(|o| (t, Some(o)))
                .collect::<Vec<_>>(),
            _ => vec![(t, None)],
        })
        .collect()
}

/// Os órgãos a que a Comissão oficia no tipo da proposta (a Comissão não se oficia).
pub fn orgaos_do_oficio(fatos: &Fatos) -> &'static [Orgao] {
    match fatos.tipo {
        TipoLei::Criacao => &[Orgao::Cartografia, Orgao::Tre, Orgao::Fazenda],
        TipoLei::Incorporacao | TipoLei::Desmembramento => &[Orgao::Cartografia, Orgao::Tre],
        TipoLei::Extincao
            if fatos
                .extincao
                .is_some_and(|e| e.motivo == MotivoExtincao::PerdaRequisitos) =>
        {
            &[Orgao::Cartografia, Orgao::Tre, Orgao::Fazenda]
        }
        _ => &[],
    }
}

/// O endereçamento e o vocativo do ofício a cada órgão (Manual de Redação da Presidência da
/// República, 3ª ed.: Secretários de Estado e Presidentes de Tribunal são tratados por Vossa
/// Excelência).
pub(super) fn destinatario(orgao: Orgao) -> (&'static str, &'static str) {
    match orgao {
        // Leitura adotada (issue 33): a LC 23 nomeia o órgão pela função — «Órgão de
        // Informação e Cartografia do Estado de Mato Grosso» (Arts. 1º, § 1º, 2º, § 2º, e 8º).
        // Quem a exerce hoje é o Instituto de Terras de Mato Grosso (Intermat), autarquia cuja
        // Coordenadoria de Cartografia recebeu o setor cartográfico da extinta Secretaria de
        // Planejamento, publica o mapa político-administrativo do Estado (Secom-MT, 2019) e
        // executa, em cooperação com a Assembleia, a revisão das divisas intermunicipais. O
        // ofício vai ao presidente do Intermat e diz a função como a lei a nomeia; se a
        // estrutura do Executivo mudar, muda esta linha, não a lei citada.
        Orgao::Cartografia => (
            "Ao Senhor Presidente do Instituto de Terras de Mato Grosso (Intermat), Órgão de Informação e Cartografia do Estado de Mato Grosso",
            "Senhor Presidente,",
        ),
        Orgao::Tre => (
            "A Sua Excelência o Senhor Desembargador Presidente do Tribunal Regional Eleitoral de Mato Grosso (TRE-MT)",
            "Excelentíssimo Senhor Presidente,",
        ),
        Orgao::Fazenda => (
            "A Sua Excelência o Senhor Secretário de Estado de Fazenda de Mato Grosso (SEFAZ-MT), Órgão Fazendário Estadual",
            "Senhor Secretário,",
        ),
        Orgao::Comissao => (
            "Ao Senhor Presidente da Comissão de Revisão Territorial",
            "Senhor Presidente,",
        ),
    }
}

/// O que cada órgão certifica, no tipo da proposta, e o artigo que o pede; os números da lei
/// (as casas do inciso III, os municípios da média do inciso IV) da redação em vigor em `data`.
pub(super) fn pedido(
    orgao: Orgao,
    tipo: TipoLei,
    data: jiff::civil::Date,
) -> (String, &'static str) {
    let (texto, artigo) = pedido_com_lacunas(orgao, tipo);
    let parametro = |id: &str, nome: &str| divisa_lei::texto::parametro(id, nome, data);
    let casas = match parametro("art2_cpt_inc3", "casas_mais_de") {
        Some(n) => format!("mais de {} casas", divisa_referencia::formato::inteiro(n)),
        None => "o número de casas que a lei exige".into(),
    };
    let municipios = match parametro("art2_cpt_inc4", "quantidade_municipios") {
        Some(n) => format!("dos {} municípios", divisa_referencia::formato::inteiro(n)),
        None => "dos municípios".into(),
    };
    let texto = texto
        .replace("mais de {casas} casas", &casas)
        .replace("dos {municipios} municípios", &municipios);
    (texto, artigo)
}

fn pedido_com_lacunas(orgao: Orgao, tipo: TipoLei) -> (&'static str, &'static str) {
    use TipoLei as L;
    match (orgao, tipo) {
        (Orgao::Cartografia, L::Desmembramento) => (
            "a área e os limites da área a desmembrar e a área do Município cedente, com o percentual que ela representa (Art. 8º, § 2º), a continuidade do cedente e do receptor depois da revisão (Art. 8º, § 1º) e a inexistência de sede de município ou de distrito na área (Art. 13)",
            "Art. 8º, caput e §§ 1º e 2º, e Art. 13",
        ),
        (Orgao::Tre, L::Desmembramento) => (
            "o número de eleitores inscritos com domicílio na área a desmembrar, que serão consultados no plebiscito (Art. 11, §§ 1º e 2º; Art. 12, I)",
            "Art. 11, §§ 1º e 2º",
        ),
        (Orgao::Cartografia, L::Incorporacao) => (
            "os limites dos Municípios envolvidos e a sua divisa comum, para a continuidade territorial do Município que incorpora (Art. 1º, § 1º; Art. 5º)",
            "Art. 1º, § 1º, e Art. 5º",
        ),
        (Orgao::Tre, L::Incorporacao) => (
            "o número de eleitores inscritos nos Municípios envolvidos, que serão consultados no plebiscito (Art. 11)",
            "Art. 11",
        ),
        (Orgao::Cartografia, L::Extincao) => (
            "a população estimada do Município (Art. 2º, I) e o número de casas do seu centro urbano (Art. 2º, III), para a verificação da perda dos requisitos (Art. 10, I)",
            "Art. 10, I, e Art. 2º, § 2º",
        ),
        (Orgao::Tre, L::Extincao) => (
            "o número de eleitores do Município (Art. 2º, II), para a verificação da perda dos requisitos (Art. 10, I)",
            "Art. 10, I, e Art. 2º, § 2º",
        ),
        (Orgao::Fazenda, L::Extincao) => (
            "o valor adicionado do Município no último exercício, comparado com a média dos {municipios} municípios do Estado de menor valor adicionado (Art. 2º, IV), para a verificação da perda dos requisitos (Art. 10, I)",
            "Art. 10, I, e Art. 2º, § 2º",
        ),
        (Orgao::Cartografia, _) => (
            "a população estimada da área (inciso I), a existência de centro urbano já constituído com mais de {casas} casas (inciso III) e a área e os limites do território, com a sua continuidade (inciso VI); e, do Município de origem, a população estimada, o número de casas do centro urbano e a área e a continuidade do território remanescente, para a verificação de que a criação não importa para ele na perda dos requisitos (§ 1º)",
            "Art. 2º, §§ 1º, 2º e 3º",
        ),
        (Orgao::Tre, _) => (
            "o número de eleitores da área (inciso II) e o do território remanescente do Município de origem (§ 1º)",
            "Art. 2º, §§ 1º, 2º e 3º",
        ),
        (Orgao::Fazenda, _) => (
            "o valor adicionado da área no último exercício, comparado com a média dos {municipios} municípios do Estado de menor valor adicionado (inciso IV), e o do território remanescente do Município de origem (§ 1º)",
            "Art. 2º, §§ 1º, 2º e 3º",
        ),
        (Orgao::Comissao, _) => (
            "a arrecadação, após verificação in loco (inciso V)",
            "Art. 2º, § 2º",
        ),
    }
}

#[cfg(test)]
mod testes {
    use super::*;

    fn fatos(tipo: TipoLei) -> Fatos {
        Fatos::vazios(tipo)
    }

    #[test]
    fn cada_tipo_produz_o_que_a_lei_manda() {
        use TipoDeDocumento as D;
        use TipoLei as L;
        let produz = |d: D, t: L| cabimento(d, &fatos(t)).is_ok();
        // criação: todos menos o Relatório Técnico (Art. 8º, § 3º)
        for d in [
            D::Oficio,
            D::Parecer,
            D::DecretoLegislativo,
            D::ProjetoDeLei,
        ] {
            assert!(produz(d, L::Criacao), "{d:?}");
        }
        assert!(!produz(D::RelatorioTecnico, L::Criacao));
        assert!(produz(D::RelatorioTecnico, L::Desmembramento));
        // Art. 4º: a fusão dispensa o Art. 2º — sem ofício
        assert!(!produz(D::Oficio, L::Fusao));
        assert!(produz(D::DecretoLegislativo, L::Fusao));
        // Art. 10: a extinção é declarada em lei, sem decreto de plebiscito
        assert!(!produz(D::DecretoLegislativo, L::Extincao));
        assert!(produz(D::ProjetoDeLei, L::Extincao));
        // Art. 24, § 1º: distrito é lei municipal
        for d in [
            D::Oficio,
            D::Parecer,
            D::DecretoLegislativo,
            D::ProjetoDeLei,
        ] {
            let e = cabimento(d, &fatos(L::CriacaoDistrito)).unwrap_err();
            assert!(
                matches!(&e, crate::ErroDocumento::NaoCabe(m) if m.contains("Art. 24, § 1º")),
                "{e}"
            );
        }
        // Art. 6º, § 2º: plebiscito fiscalizado pelos diretórios, sem decreto
        let e = cabimento(D::DecretoLegislativo, &fatos(L::AlteracaoNome)).unwrap_err();
        assert!(
            matches!(&e, crate::ErroDocumento::NaoCabe(m) if m.contains("diretórios municipais")),
            "{e}"
        );
        assert!(produz(D::ProjetoDeLei, L::AlteracaoNome));
    }

    #[test]
    fn extincao_so_oficia_no_inciso_i() {
        let mut f = fatos(TipoLei::Extincao);
        f.extincao = Some(divisa_lei::fatos::Extincao {
            municipio: 5101209,
            motivo: MotivoExtincao::RequerimentoEleitores,
            requerentes: None,
            eleitores_inscritos: None,
            municipio_contiguo: None,
            municipio_de_origem: None,
        });
        assert!(cabimento(TipoDeDocumento::Oficio, &f).is_err());
        assert!(orgaos_do_oficio(&f).is_empty());
        if let Some(e) = f.extincao.as_mut() {
            e.motivo = MotivoExtincao::PerdaRequisitos;
        }
        assert!(cabimento(TipoDeDocumento::Oficio, &f).is_ok());
        assert_eq!(orgaos_do_oficio(&f).len(), 3);
    }

    #[test]
    fn arrecadacao_e_o_inciso_v_da_comissao() {
        let (o_que, _) = pedido(
            Orgao::Comissao,
            TipoLei::Criacao,
            jiff::civil::date(2027, 3, 10),
        );
        assert!(o_que.contains("inciso V"));
        let (fazenda, _) = pedido(
            Orgao::Fazenda,
            TipoLei::Criacao,
            jiff::civil::date(2027, 3, 10),
        );
        assert!(fazenda.contains("inciso IV") && !fazenda.contains("arrecada"));
        // Art. 2º, IV: o número de municípios da média vem da redação em vigor, não do texto
        assert!(fazenda.contains("média dos 10 municípios"), "{fazenda}");
        let (cartografia, _) = pedido(
            Orgao::Cartografia,
            TipoLei::Criacao,
            jiff::civil::date(2027, 3, 10),
        );
        assert!(
            cartografia.contains("com mais de 200 casas"),
            "{cartografia}"
        );
        assert!(!cartografia.contains('{') && !fazenda.contains('{'));
    }
}
