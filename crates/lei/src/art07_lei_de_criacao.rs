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
use jiff::civil::Date;

use crate::achado::{orgao, Achado, Situacao};
use crate::calendario::{corte_federal, eleicao_marcada, meses_antes, seguinte, Eleicao};
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
            Some(Area { medidas: Some(medidas), .. }) => regra.achado(
                Situacao::Pendente,
                exigido,
                format!("território apresentado com {} vértices; o memorial descritivo descreve cada lado com azimute e distância geodésicos", divisa_referencia::formato::inteiro(medidas.vertices as i64)),
                Some(orgao::CARTOGRAFIA),
                if medidas.avisos.is_empty() {
                    "O memorial descreve cada lado como linha geodésica entre vértices codificados; a Cartografia confirma que os vértices são elementos naturais, construídos ou do mapeamento oficial.".to_owned()
                } else {
                    format!(
                        "A leitura do território deixou avisos (num memorial: azimutes, distâncias, área ou perímetro declarados que não batem com as coordenadas, o sistema geodésico não declarado, um código de vértice corrigido): {}. A Cartografia confirma os vértices e corrige o texto.",
                        medidas.avisos.join("; ")
                    )
                },
            ),
            Some(Area { sem_medidas, .. }) => regra.achado(
                Situacao::Pendente,
                exigido,
                "limites apresentados num arquivo de território que não se pôde medir".to_owned(),
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
            "O memorial descritivo das divisas é escrito a partir do território apresentado e conferido pelo Órgão de Cartografia.",
        )
    }));
    let instalacao = achado((|| -> Resultado {
        let regra = ctx.regra("art7_cpt_inc3")?;
        let exigido = "o ano de instalação (Art. 1º, § 2º: com a eleição e a posse simultâneas às dos demais municípios)";
        let Some(data_ato) = ctx.fatos.data_ato else {
            return Ok(regra.achado(
                Situacao::Pendente,
                "o ano de instalação",
                "sem a data do ato",
                Some(orgao::COMISSAO),
                "Sem a data do ato não se sabe com que eleição o município se instala.",
            ));
        };
        // O que sustenta o "atende": o ano de instalação fica determinado por uma regra
        // conhecida — o corte próprio da lei federal da eleição, ou o prazo do Art. 3º numa
        // redação encontrada. Sem nenhum dos dois, pendente com o motivo.
        Ok(match ano_de_instalacao(ctx, data_ato) {
            Ok((eleicao, como)) => regra.achado(
                Situacao::Atende,
                exigido,
                format!("instalação em 01/01/{}", eleicao.realizada().year() + 1),
                Some(orgao::COMISSAO),
                format!(
                    "{como} A lei deve mencionar {}.",
                    eleicao.realizada().year() + 1
                ),
            ),
            Err(motivo) => regra.achado(
                Situacao::Pendente,
                exigido,
                format!("lei em {}", data_br(data_ato)),
                Some(orgao::COMISSAO),
                motivo,
            ),
        })
    })());
    let divisas_origem = achado(ctx.regra("art7_cpt_inc4").map(|regra| {
        regra.achado(
            Situacao::Pendente,
            "as novas divisas dos municípios de origem",
            "—",
            Some(orgao::CARTOGRAFIA),
            "As divisas do que resta de cada município de origem saem da diferença entre o território dele e o do novo município, descritas em memorial conferido pelo Órgão de Cartografia.",
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

/// A eleição com que se instala um município criado por lei de `data_ato`, e como se chegou
/// a ela; ou, quando a regra não é conhecida, o motivo.
///
/// Leitura: o Art. 1º, § 2º, instala o município com a eleição simultânea à dos demais. Que
/// eleição é essa decide, primeiro, a lei federal da eleição, quando ela fixa um corte próprio
/// para os municípios novos (Lei nº 8.214/1991 para 1992; Lei nº 9.100/1995 para 1996); sem
/// corte federal, o prazo do Art. 3º ("até seis meses antes"), na redação que a avaliação
/// aplica. Antes da LC 43/1996 (14/05/1996) a redação do Art. 3º não foi encontrada: não se
/// aplica a ela o prazo de seis meses da redação posterior.
fn ano_de_instalacao(ctx: &Contexto<'_>, data_ato: Date) -> Result<(Eleicao, String), String> {
    let mut eleicao = eleicao_marcada(data_ato);
    let mut passou: Vec<String> = Vec::new();
    loop {
        if let Some((corte, base)) = corte_federal(&eleicao) {
            if data_ato <= corte {
                return Ok((
                    eleicao,
                    format!(
                        "{}Com a lei em {}, o município vota na eleição de {}: {base}. Leitura adotada: quando a lei federal da eleição fixa corte próprio para os municípios novos, é ele que diz com que eleição o município se instala (Art. 1º, § 2º). A posse é em 1º de janeiro seguinte (CF, art. 29, III).",
                        antes(&passou),
                        data_br(data_ato),
                        data_br(eleicao.realizada())
                    ),
                ));
            }
            passou.push(format!(
                "a lei de {} passa do corte federal da eleição de {} ({base})",
                data_br(data_ato),
                data_br(eleicao.realizada())
            ));
        } else {
            let meses = match ctx.regra("art3_cpt") {
                Ok(regra) => regra
                    .parametro("meses_antes")
                    .ok()
                    .and_then(|m| u8::try_from(m).ok()),
                Err(_) => None,
            };
            let Some(meses) = meses else {
                return Err(format!(
                    "{}A eleição seguinte é a de {}, e a regra que diria se a lei a antecede o bastante não é conhecida: a lei federal dessa eleição não fixa, nas fontes do divisa, corte próprio para municípios novos, e a redação do Art. 3º em vigor em {} não foi encontrada (o prazo que ele hoje fixa é da redação da LC nº 43/1996, em vigor desde 14/05/1996, e não se aplica a texto anterior). Quem tiver a regra completa o ano de instalação.",
                    antes(&passou),
                    data_br(eleicao.realizada()),
                    data_br(ctx.data)
                ));
            };
            let limite = meses_antes(eleicao.data, meses);
            if data_ato <= limite {
                // A eleição conta como marcada no dia da lei (a de 2020, antes da EC 107/2020,
                // em 04/10/2020), como no Art. 3º; a instalação segue a data realizada.
                let qual = match eleicao.mudada {
                    Some(m) => format!(
                        "{}, marcada no dia da lei para {} (limite {}) e realizada em {} ({})",
                        eleicao.data.year(),
                        data_br(eleicao.data),
                        data_br(limite),
                        data_br(m.para),
                        m.norma
                    ),
                    None => format!("{} (limite {})", data_br(eleicao.data), data_br(limite)),
                };
                return Ok((
                    eleicao,
                    format!(
                        "{}Com a lei em {}, a primeira eleição municipal que ela antecede de pelo menos {meses} meses é a de {qual}; a posse é em 1º de janeiro seguinte (CF, art. 29, III).",
                        antes(&passou),
                        data_br(data_ato)
                    ),
                ));
            }
            passou.push(format!(
                "a lei de {} não antecede de {meses} meses a eleição de {} (limite {})",
                data_br(data_ato),
                data_br(eleicao.data),
                data_br(limite)
            ));
        }
        if eleicao.data == Date::MAX {
            return Err("O calendário eleitoral do divisa não vai além desta data.".into());
        }
        eleicao = seguinte(&eleicao);
    }
}

/// "Antes: …; …. " — as eleições que a lei não alcança, para o achado dizer o caminho.
fn antes(passou: &[String]) -> String {
    if passou.is_empty() {
        String::new()
    } else {
        let mut texto = passou.join("; ");
        if let Some(primeira) = texto.get(..1) {
            texto = primeira.to_uppercase() + &texto[1..];
        }
        format!("{texto}. ")
    }
}
