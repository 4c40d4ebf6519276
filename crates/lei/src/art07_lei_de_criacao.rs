//! Arts. 4º, 5º e 7º — o que a lei de criação (ou de fusão) tem de conter.
//!
//! > Art. 4º Para criação de município que resulte de fusão de área territorial integral de dois
//! > ou mais municípios, com a extinção destes, é dispensada a verificação dos requisitos do
//! > Art. 2º. Parágrafo único. No caso deste artigo, o plebiscito consistirá na consulta à
//! > população diretamente interessada, sobre a concordância com a fusão e a sede do novo
//! > município.
//! >
//! > Art. 5º A lei que criar o novo município, ou que proceda à incorporação, fusão ou
//! > desmembramento de área municipal, priorizará o limite por elementos naturais, construídos
//! > ou oriundos do mapeamento cartográfico oficial, utilizando linhas geodésicas claras,
//! > precisas e contínuas entre pontos bem identificados. (LC 792/2024)
//! >
//! > Art. 7º A lei de criação do município mencionará: I o nome, que será o da sede; II as
//! > divisas; III o ano de instalação; IV as divisas dos municípios de origem; V o percentual
//! > incidente sobre os índices de participação no FPM-ICMS-25, dos municípios de origem, a que
//! > terá direito o município recém-criado. Parágrafo único. Para estabelecer o disposto no
//! > inciso V do artigo anterior, a Comissão de Revisão Territorial utilizará informações do
//! > Órgão Fazendário Estadual.

use divisa_referencia::formato::data as data_br;
use divisa_referencia::nomes::chave;

use crate::achado::{orgao, Achado, Situacao};
use crate::calendario::{eleicao_de_instalacao, meses_antes};
use crate::fatos::Area;
use crate::regra::{achado, Contexto, Resultado};

/// Art. 4º, caput e parágrafo único, para uma fusão.
pub(crate) fn fusao(ctx: &Contexto<'_>) -> Vec<Achado> {
    let novo = ctx.fatos.novo.clone().unwrap_or_default();
    let caput = achado((|| -> Resultado {
        let regra = ctx.regra("art4_cpt")?;
        let quantidade = novo.origens.len();
        Ok(regra.achado(
            if quantidade >= 2 { Situacao::Atende } else { Situacao::NaoAtende },
            "fusão da área integral de dois ou mais municípios, que se extinguem",
            format!("{quantidade} município{} de origem", if quantidade == 1 { "" } else { "s" }),
            Some(orgao::COMISSAO),
            "Os municípios de origem entram inteiros e são extintos; por isso o Art. 2º é dispensado.",
        ))
    })());
    let plebiscito = achado((|| -> Resultado {
        let regra = ctx.regra("art4_par1u")?;
        let exigido = "plebiscito sobre a concordância com a fusão e com a sede do novo município";
        Ok(match &novo.sede {
            Some(sede) => regra.achado(
                Situacao::Pendente,
                exigido,
                format!("sede proposta: {sede}"),
                Some(orgao::TRE),
                format!("A consulta deve perguntar pela fusão e pela sede ({sede}); a resolução do TRE fixa a cédula."),
            ),
            None => regra.achado(Situacao::Pendente, exigido, "sede não informada", Some(orgao::TRE), "Sem a sede, a consulta do parágrafo único não pode ser formulada."),
        })
    })());
    vec![caput, plebiscito]
}

/// Art. 5º — limites por linhas geodésicas entre pontos bem identificados.
///
/// Com o território lido, o memorial (`divisa memorial`) descreve cada lado por linha geodésica
/// entre vértices codificados; que os vértices sejam "elementos naturais, construídos ou do
/// mapeamento oficial" é juízo da Cartografia: o achado fica pendente, com o que se apurou.
pub(crate) fn limites_geodesicos(ctx: &Contexto<'_>, area: Option<&Area>) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art5_cpt")?;
        let exigido = "limites por elementos naturais, construídos ou cartográficos oficiais, com linhas geodésicas contínuas entre pontos bem identificados";
        Ok(match area {
            None => regra.achado(Situacao::Pendente, exigido, "memorial não apresentado", Some(orgao::CARTOGRAFIA), "Sem o memorial descritivo não há limites a examinar."),
            Some(Area { arquivo, medidas: Some(medidas), .. }) => regra.achado(
                Situacao::Pendente,
                exigido,
                format!("{arquivo}: {} vértices; memorial com azimutes e distâncias geodésicos em `divisa memorial {arquivo}`", medidas.vertices),
                Some(orgao::CARTOGRAFIA),
                if medidas.avisos.is_empty() {
                    "O divisa descreve cada lado como linha geodésica entre vértices codificados; a Cartografia confirma que os vértices são elementos naturais, construídos ou do mapeamento oficial.".to_owned()
                } else {
                    format!(
                        "A leitura do território deixou avisos (num memorial, azimutes ou distâncias declarados que não batem com as coordenadas): {}. A Cartografia confirma os vértices e corrige o texto.",
                        medidas.avisos.join("; ")
                    )
                },
            ),
            Some(Area { arquivo, sem_medidas, .. }) => regra.achado(
                Situacao::Pendente,
                exigido,
                format!("limites apresentados em {arquivo}"),
                Some(orgao::CARTOGRAFIA),
                sem_medidas.clone().unwrap_or_default(),
            ),
        })
    })())
}

/// Art. 7º, I a V, para a lei de criação.
pub(crate) fn conteudo_da_lei(ctx: &Contexto<'_>) -> Vec<Achado> {
    let novo = ctx.fatos.novo.clone().unwrap_or_default();
    let nome_da_sede = achado((|| -> Resultado {
        let regra = ctx.regra("art7_cpt_inc1")?;
        let exigido = "o nome do município é o da sede";
        Ok(match (&novo.nome, &novo.sede) {
            (Some(nome), Some(sede)) => regra.achado(
                if chave(nome) == chave(sede) {
                    Situacao::Atende
                } else {
                    Situacao::NaoAtende
                },
                exigido,
                format!("nome «{nome}», sede «{sede}»"),
                Some(orgao::COMISSAO),
                "Comparação sem diferença de maiúsculas, acentos e apóstrofos.",
            ),
            _ => regra.achado(
                Situacao::Pendente,
                exigido,
                "nome ou sede não informados",
                Some(orgao::COMISSAO),
                "",
            ),
        })
    })());
    let divisas = achado(ctx.regra("art7_cpt_inc2").map(|regra| {
        regra.achado(
            Situacao::Pendente,
            "as divisas do novo município",
            novo.area.as_ref().map_or("território não apresentado".to_owned(), |a| format!("território em {}", a.arquivo)),
            Some(orgao::CARTOGRAFIA),
            "A descrição das divisas (memorial descritivo) é escrita a partir do polígono pelo módulo de território.",
        )
    }));
    let instalacao = achado((|| -> Resultado {
        let regra = ctx.regra("art7_cpt_inc3")?;
        let meses = ctx
            .regra("art3_cpt")
            .ok()
            .and_then(|r| r.parametro("meses_antes").ok())
            .unwrap_or(6);
        let meses = u8::try_from(meses).unwrap_or(6);
        let Some(data_ato) = ctx.fatos.data_ato else {
            return Ok(regra.achado(
                Situacao::Pendente,
                "o ano de instalação",
                "sem data_referencia",
                Some(orgao::COMISSAO),
                "Sem a data do ato não se sabe com que eleição o município se instala.",
            ));
        };
        let eleicao = eleicao_de_instalacao(data_ato, meses);
        Ok(regra.achado(
            Situacao::Atende,
            "o ano de instalação (Art. 1º, § 2º: com a eleição e a posse simultâneas às dos demais municípios)",
            format!("instalação em 01/01/{}", eleicao.data.year() + 1),
            Some(orgao::COMISSAO),
            format!(
                "Com a lei em {}, a primeira eleição municipal que ela antecede de pelo menos {meses} meses é a de {} (limite {}); a posse é em 1º de janeiro seguinte (CF, art. 29, III). A lei deve mencionar {}.",
                data_br(data_ato),
                data_br(eleicao.data),
                data_br(meses_antes(eleicao.data, meses)),
                eleicao.data.year() + 1
            ),
        ))
    })());
    let divisas_origem = achado(ctx.regra("art7_cpt_inc4").map(|regra| {
        regra.achado(
            Situacao::Pendente,
            "as novas divisas dos municípios de origem",
            "—",
            Some(orgao::CARTOGRAFIA),
            "As divisas do remanescente saem da diferença entre o município de origem e o novo, no módulo de território.",
        )
    }));
    let fpm = achado(ctx.regra("art7_cpt_inc5").map(|regra| {
        regra.achado(
            Situacao::Pendente,
            "o percentual do FPM-ICMS-25 dos municípios de origem a que o novo terá direito",
            "—",
            Some(orgao::FAZENDA),
            "O percentual é fixado com informações do Órgão Fazendário Estadual (parágrafo único).",
        )
    }));
    vec![nome_da_sede, divisas, instalacao, divisas_origem, fpm]
}
