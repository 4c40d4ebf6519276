//! A avaliação de uma proposta: escolhe, pelo tipo, os dispositivos que incidem e junta os
//! achados e os alertas.
//!
//! Um dispositivo não atendido é um achado, não um erro; o único erro é não poder avaliar
//! (data anterior à lei, dados embutidos defeituosos).

use divisa_referencia::formato::data as data_br;
use divisa_referencia::nomes::chave;
use jiff::civil::Date;

use crate::achado::{orgao, Achado, Alerta, Avaliacao, Situacao};
use crate::art06_alteracao::alteracao_de_nome;
use crate::art06_toponimia::{toponimia, Nome};
use crate::fatos::{DadosMunicipais, Fatos, Tipo};
use crate::regra::{achado, Contexto, Resultado};
use crate::texto::{lei, ErroTexto};
use crate::{
    art02_par1_origens, art02_requisitos, art03_prazo_eleitoral, art07_lei_de_criacao,
    art08_revisao_limites, art10_extincao, art11_plebiscito, art13_representacao, art25_distritos,
    continuidade, federal,
};

/// Por que uma avaliação não pôde ser feita.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum ErroAvaliacao {
    /// A data pedida é anterior à própria lei.
    #[error("a LC 23/1992 só entrou em vigor em {vigencia}; não há texto em vigor em {pedida}")]
    AntesDaLei {
        /// A data pedida (dd/mm/aaaa).
        pedida: String,
        /// O início da vigência (dd/mm/aaaa).
        vigencia: String,
    },
    /// A data pedida (ou a do ato) passa do calendário que o divisa avalia.
    #[error("a data {pedida} passa de {maxima}, o fim do calendário eleitoral que o divisa projeta; use uma data até lá")]
    ForaDoCalendario {
        /// A data pedida (dd/mm/aaaa).
        pedida: String,
        /// [`crate::calendario::DATA_MAXIMA`] (dd/mm/aaaa).
        maxima: String,
    },
    /// O texto estruturado da lei tem defeito.
    #[error(transparent)]
    Texto(#[from] ErroTexto),
}

/// Avalia `fatos` sob o texto da lei em vigor em `data`.
///
/// ```
/// use divisa_lei::{avaliar, Fatos, Tipo, Situacao};
/// use divisa_lei::fatos::NovoDistrito;
/// let mut fatos = Fatos::vazios(Tipo::CriacaoDistrito);
/// fatos.distrito = Some(NovoDistrito { municipio: 5103403, nome: "Nova Aurora".into(), habitacoes_sede: Some(50), populacao: Some(1_000), nome_homenageia_pessoa_viva: Some(false) });
/// let avaliacao = avaliar(&fatos, jiff::civil::date(2027, 3, 10)).unwrap();
/// let populacao = avaliacao.achados.iter().find(|a| a.dispositivo == "art25_cpt_inc2").unwrap();
/// assert_eq!(populacao.situacao, Situacao::NaoAtende); // "superior a 1.000": 1.000 não basta
/// ```
pub fn avaliar(fatos: &Fatos, data: Date) -> Result<Avaliacao, ErroAvaliacao> {
    let lei = lei()?;
    if data < lei.vigencia() {
        return Err(ErroAvaliacao::AntesDaLei {
            pedida: data_br(data),
            vigencia: data_br(lei.vigencia()),
        });
    }
    for d in std::iter::once(data).chain(fatos.data_ato) {
        if d > crate::calendario::DATA_MAXIMA {
            return Err(ErroAvaliacao::ForaDoCalendario {
                pedida: data_br(d),
                maxima: data_br(crate::calendario::DATA_MAXIMA),
            });
        }
    }
    let ctx = Contexto { lei, data, fatos };
    let mut achados = Vec::new();
    match fatos.tipo {
        Tipo::Criacao => {
            achados.extend(art02_requisitos::requisitos_do_novo(&ctx));
            achados.extend(art02_par1_origens::origens(&ctx));
            achados.push(art03_prazo_eleitoral::prazo_eleitoral(&ctx));
            achados.extend(lei_de_criacao(&ctx));
        }
        Tipo::Fusao => {
            achados.extend(art02_requisitos::dispensados_pela_fusao(&ctx));
            achados.push(art03_prazo_eleitoral::prazo_eleitoral(&ctx));
            achados.extend(art07_lei_de_criacao::fusao(&ctx));
            let origens = fatos.novo.as_ref().map_or(&[][..], |n| &n.origens[..]);
            achados.push(continuidade::fusao(&ctx, origens));
            achados.extend(lei_de_criacao(&ctx));
        }
        Tipo::Incorporacao => {
            achados.push(art03_prazo_eleitoral::prazo_eleitoral(&ctx));
            achados.push(art07_lei_de_criacao::limites_geodesicos(&ctx, None));
            achados.push(incorporacao(&ctx));
            if let Some(i) = fatos.incorporacao {
                achados.push(continuidade::incorporacao(&ctx, i.municipio, i.receptor));
            }
            achados.extend(art11_plebiscito::plebiscito(&ctx));
            achados.extend(art13_representacao::representacao(&ctx));
        }
        Tipo::Desmembramento => {
            achados.push(art03_prazo_eleitoral::prazo_eleitoral(&ctx));
            let area = fatos.desmembramento.as_ref().and_then(|d| d.area.as_ref());
            achados.push(art07_lei_de_criacao::limites_geodesicos(&ctx, area));
            if let Some(d) = &fatos.desmembramento {
                achados.extend(art08_revisao_limites::desmembramento(&ctx, d));
            }
            achados.extend(art11_plebiscito::plebiscito(&ctx));
            achados.extend(art13_representacao::representacao(&ctx));
            achados.extend(art13_representacao::documentos(&ctx));
        }
        Tipo::Extincao => {
            achados.push(art03_prazo_eleitoral::prazo_eleitoral(&ctx));
            if let Some(e) = &fatos.extincao {
                achados.extend(art10_extincao::extincao(&ctx, e));
            }
        }
        Tipo::CriacaoDistrito => {
            achados.push(art03_prazo_eleitoral::prazo_eleitoral(&ctx));
            if let Some(distrito) = &fatos.distrito {
                let nome = Nome {
                    nome: &distrito.nome,
                    distritos_excluidos: Vec::new(),
                    municipios_excluidos: Vec::new(),
                    pessoa_viva: distrito.nome_homenageia_pessoa_viva,
                };
                achados.extend(toponimia(&ctx, Some(&nome)));
                achados.extend(art25_distritos::requisitos(&ctx, distrito));
                achados.push(art25_distritos::consulta(&ctx));
            }
        }
        Tipo::AlteracaoNome => {
            achados.push(art03_prazo_eleitoral::prazo_eleitoral(&ctx));
            if let Some(alteracao) = &fatos.alteracao_nome {
                let nome = Nome {
                    nome: &alteracao.nome_novo,
                    distritos_excluidos: Vec::new(),
                    municipios_excluidos: vec![alteracao.municipio],
                    pessoa_viva: alteracao.nome_homenageia_pessoa_viva,
                };
                achados.extend(toponimia(&ctx, Some(&nome)));
                achados.extend(alteracao_de_nome(
                    &ctx,
                    alteracao,
                    fatos.plebiscito.as_ref(),
                ));
            }
        }
    }
    let mut alertas = federal::alertas(fatos.tipo, fatos.data_ato.unwrap_or(data));
    alertas.extend(eleitores_acima_da_populacao(fatos));
    Ok(Avaliacao {
        texto_em: data,
        tipo: fatos.tipo,
        achados,
        alertas,
    })
}

/// Mais eleitores que habitantes num mesmo território: raro, mas real, e por isso avaliado, não
/// recusado (CONTRACT §3). Leitura: o Art. 2º, II, fixa um piso ("não inferior a 20%"), não um
/// teto; o eleitor vota onde tem domicílio eleitoral, que pode não ser onde o IBGE o conta, e
/// sete municípios de MT têm mais eleitores (TSE 2024) que habitantes (Censo 2022) — Acorizal,
/// 7.049 para 5.014. Como a população pode estar subestimada ou o cadastro eleitoral desatualizado
/// (eleitores mudados, falecidos não baixados), o alerta pede que a Comissão confira as duas
/// certidões; a conclusão não muda.
fn eleitores_acima_da_populacao(fatos: &Fatos) -> Vec<Alerta> {
    use divisa_referencia::formato::inteiro;
    let mut territorios: Vec<(String, DadosMunicipais)> = Vec::new();
    if let Some(novo) = &fatos.novo {
        let nome = novo.nome.as_deref().unwrap_or("o novo município");
        territorios.push((nome.to_owned(), novo.dados));
    }
    for r in &fatos.remanescentes {
        territorios.push((
            format!("o remanescente de {}", continuidade::nome(r.codigo_ibge)),
            r.dados,
        ));
    }
    territorios
        .into_iter()
        .filter_map(|(nome, d)| match (d.eleitores, d.populacao) {
            (Some(e), Some(p)) if e > p => Some(Alerta {
                id: "eleitores_acima_da_populacao",
                mensagem: format!(
                    "{nome}: {} eleitores para {} habitantes. Não é fato impossível — sete municípios de Mato Grosso têm mais eleitores (TSE 2024) que habitantes (Censo 2022), como Acorizal, com 7.049 para 5.014 — e o Art. 2º, II, fixa só um mínimo de eleitores; a proposta foi avaliada com esses números. Convém conferir as duas certidões (Art. 2º, § 2º): a população pode estar subestimada ou o cadastro eleitoral conter eleitores que já não moram no território.",
                    inteiro(e.min(i64::MAX as u64) as i64),
                    inteiro(p.min(i64::MAX as u64) as i64)
                ),
            }),
            _ => None,
        })
        .collect()
}

/// O que criação e fusão têm em comum: limites (Art. 5º), nome (Art. 6º), conteúdo da lei
/// (Art. 7º), plebiscito (Arts. 11 e 12) e representação (Arts. 13 e 15).
fn lei_de_criacao(ctx: &Contexto<'_>) -> Vec<Achado> {
    let mut achados = vec![art07_lei_de_criacao::limites_geodesicos(
        ctx,
        ctx.fatos.novo.as_ref().and_then(|n| n.area.as_ref()),
    )];
    achados.extend(toponimia_do_novo(ctx));
    achados.extend(art07_lei_de_criacao::conteudo_da_lei(ctx));
    achados.extend(art11_plebiscito::plebiscito(ctx));
    achados.extend(art13_representacao::representacao(ctx));
    achados.extend(art13_representacao::documentos(ctx));
    achados
}

fn toponimia_do_novo(ctx: &Contexto<'_>) -> Vec<Achado> {
    let Some(novo) = &ctx.fatos.novo else {
        return toponimia(ctx, None);
    };
    let Some(nome) = novo.nome.as_deref() else {
        return toponimia(ctx, None);
    };
    // A localidade-sede que se eleva a município (um distrito de uma das origens com o nome da
    // sede) não é "outro" lugar com o mesmo nome.
    let sede = novo.sede.as_deref().map(chave);
    let distritos_excluidos = divisa_referencia::mt()
        .map(|mt| {
            novo.origens
                .iter()
                .filter_map(|&c| mt.por_codigo(c))
                .flat_map(|m| &m.distritos)
                .filter(|d| Some(chave(&d.nome)) == sede)
                .map(|d| d.codigo)
                .collect()
        })
        .unwrap_or_default();
    // Na fusão, os municípios de origem se extinguem: o nome de um deles pode passar ao novo.
    let municipios_excluidos = if ctx.fatos.tipo == Tipo::Fusao {
        novo.origens.clone()
    } else {
        Vec::new()
    };
    let alvo = Nome {
        nome,
        distritos_excluidos,
        municipios_excluidos,
        pessoa_viva: novo.nome_homenageia_pessoa_viva,
    };
    toponimia(ctx, Some(&alvo))
}

/// Art. 11, caput, na incorporação: a lei só depois do plebiscito que a aprove.
///
/// "Se a medida tiver sido previamente aprovada, em processo plebiscitário": sem o resultado
/// registrado, pendente; com ele, a aprovação é a do § 2º (maioria absoluta dos inscritos), a
/// mesma conta do achado de `art11_par2`. Que o incorporado e o receptor sejam municípios
/// distintos é regra da leitura da proposta (um município incorporado a si mesmo é recusado).
fn incorporacao(ctx: &Contexto<'_>) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art11_cpt")?;
        let exigido =
            "incorporação de um município a outro, por lei, aprovada previamente em plebiscito";
        let Some(i) = ctx.fatos.incorporacao else {
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                "municípios não informados",
                Some(orgao::COMISSAO),
                "",
            ));
        };
        let medida = format!(
            "{} incorporado a {}",
            continuidade::nome(i.municipio),
            continuidade::nome(i.receptor)
        );
        Ok(match ctx.fatos.plebiscito {
            None => regra.achado(
                Situacao::Pendente,
                exigido,
                format!("{medida}; plebiscito ainda não realizado"),
                Some(orgao::TRE),
                "A lei de incorporação só pode ser votada depois que o plebiscito aprovar a medida (Art. 11, caput); o resultado vem do TRE (Art. 20).",
            ),
            Some(p) if u128::from(p.votos_sim) * 2 > u128::from(p.eleitores_inscritos) => {
                regra.achado(
                    Situacao::Atende,
                    exigido,
                    format!("{medida}; aprovada em plebiscito"),
                    Some(orgao::TRE),
                    "O plebiscito aprovou a medida pela maioria absoluta dos inscritos (Art. 11, § 2º).",
                )
            }
            Some(_) => regra.achado(
                Situacao::NaoAtende,
                exigido,
                format!("{medida}; rejeitada em plebiscito"),
                Some(orgao::TRE),
                "O plebiscito não aprovou a medida pela maioria absoluta dos inscritos (Art. 11, § 2º): a lei não pode ser feita.",
            ),
        })
    })())
}
