//! Os casos de uso dos autos: o que a linha de comando, o formulário e a API fazem com um
//! processo gravado, numa função cada — como o `ide` do rust-analyzer atrás de todo editor.
//!
//! - [`carregar`]: os autos e quem é quem (login → nome e cargo);
//! - [`avaliar`]: a lei aplicada aos autos (`divisa_avaliacao::autos::avaliar`);
//! - [`documento`]: um documento oficial escrito dos autos;
//! - [`emitir`]: o PDF desse documento, registrado como emitido ([`registrar_emissao`]);
//! - [`conferir`]: um arquivo diante do registro dos documentos emitidos;
//! - [`exportar`]: o pacote dos autos (PDF com índice, arquivos, eventos, verificador).
//!
//! Quem pode ver o quê (Arts. 16, 22 e 23) é conferido aqui, com o ator de quem pede.
//!
//! Emitido é só o PDF escrito dos autos de um processo (issue 16): é ele que vai ao registro, e
//! é pelo registro que um arquivo se confere. O HTML e o ODT são rascunhos para editar, e o
//! documento escrito de uma proposta solta (fora de um processo) é minuta: nenhum deles é
//! registrado, e nenhum confere.

pub mod anexar;
pub mod area;
pub mod assinatura;
mod emissao;
mod ficha;
pub mod listagem;
pub mod protocolo;
pub use emissao::{
    conferir, emitir, pode_emitir, registrar_emissao, Conferencia, Conferido, Emitido,
    PedidoDeEmissao,
};
pub use ficha::FichaDoProcesso;

use std::collections::BTreeMap;

use divisa_processo::{Acao, Ator, Orgao, Recusa};
use divisa_registro::{ErroRegistro, Registro};
use jiff::civil::Date;

/// Os autos carregados, as pessoas (login → "Nome, cargo") e os arquivos de que a avaliação
/// precisa (o território que a proposta cita, em todas as versões juntadas).
pub struct Carregados {
    /// Os autos.
    pub autos: divisa_registro::Autos,
    /// Quem é quem.
    pub pessoas: BTreeMap<String, String>,
    /// Os arquivos do território e os setores importados.
    pub arquivos: divisa_avaliacao::autos::DoRegistro,
}

impl Carregados {
    /// Os autos para os documentos.
    pub fn para_documentos(&self) -> divisa_documentos::Autos<'_> {
        divisa_documentos::Autos {
            processo: &self.autos.processo,
            eventos: &self.autos.eventos,
            pessoas: &self.pessoas,
        }
    }
}

/// Por que o caso de uso não se completou.
#[derive(Debug, thiserror::Error)]
pub enum ErroAutos {
    /// O registro (processo inexistente, banco fora, conflito).
    #[error(transparent)]
    Registro(#[from] ErroRegistro),
    /// Quem pede não pode (Arts. 16, 22 e 23).
    #[error("recusado ({}): {}", .0.artigo, .0.motivo)]
    Recusado(Recusa),
    /// A lei não pôde ser aplicada aos autos (sem proposta juntada, proposta ilegível).
    #[error(transparent)]
    Avaliacao(#[from] divisa_avaliacao::autos::ErroAutos),
    /// O documento não pôde ser escrito ou emitido: não cabe, ainda não é a hora, falta um dado
    /// ou houve um defeito interno (a variante diz qual).
    #[error(transparent)]
    Documento(#[from] divisa_documentos::ErroDocumento),
    /// O estudo fiscal não pôde ser feito com os fatos dos autos (falta a população do novo
    /// município, a tabela de índices juntada pela Fazenda é inválida…).
    #[error("{0}")]
    Fiscal(String),
}

/// Os setores censitários importados (`divisa setores importar`), no formato do motor.
pub fn setores_do_banco(
    gravados: Vec<divisa_registro::SetorGravado>,
) -> Vec<divisa_referencia::setores::Setor> {
    gravados
        .into_iter()
        .filter_map(|s| {
            Some(divisa_referencia::setores::Setor {
                codigo: s.codigo.get(..15)?.parse().ok()?,
                municipio: s.municipio,
                distrito: String::new(),
                urbano: s.urbano,
                populacao: s.populacao,
                domicilios: s.domicilios,
                poligono: poligono_do_json(&s.geometria)?,
            })
        })
        .collect()
}

/// A geometria de um setor para gravar: os anéis `[[lon, lat]…]` em JSON, exterior primeiro —
/// o formato que [`setores_do_banco`] lê de volta (os dois lados aqui, um ao lado do outro).
pub fn geometria_do_setor(p: &geo_types::Polygon<f64>) -> String {
    let anel = |l: &geo_types::LineString<f64>| l.0.iter().map(|c| [c.x, c.y]).collect::<Vec<_>>();
    let aneis: Vec<Vec<[f64; 2]>> = std::iter::once(anel(p.exterior()))
        .chain(p.interiors().iter().map(anel))
        .collect();
    serde_json::to_string(&aneis).unwrap_or_default()
}

/// O polígono de um setor gravado (anéis `[[lon, lat]…]` em JSON, de [`geometria_do_setor`]).
fn poligono_do_json(texto: &str) -> Option<geo_types::Polygon<f64>> {
    let aneis: Vec<Vec<[f64; 2]>> = serde_json::from_str(texto).ok()?;
    let mut it = aneis.into_iter().map(|a| {
        geo_types::LineString(
            a.into_iter()
                .map(|[x, y]| geo_types::Coord { x, y })
                .collect(),
        )
    });
    let exterior = it.next()?;
    Some(geo_types::Polygon::new(exterior, it.collect()))
}

/// Os autos de `protocolo` e as pessoas.
pub async fn carregar(r: &Registro, protocolo: &str) -> Result<Carregados, ErroAutos> {
    let autos = r.carregar(protocolo).await?;
    let pessoas = r.pessoas().await?;
    let arquivos = arquivos_para_avaliar(r, &autos.processo, &autos.eventos).await?;
    Ok(Carregados {
        autos,
        pessoas,
        arquivos,
    })
}

/// O que a lei precisa do registro para avaliar o processo: os arquivos do território que a
/// proposta cita (todas as versões) e, quando há território, os setores censitários
/// importados dos municípios de origem (sem eles, os embutidos). `eventos` são os dos autos,
/// já carregados por quem chama.
pub async fn arquivos_para_avaliar(
    r: &Registro,
    processo: &divisa_processo::Processo,
    eventos: &[divisa_processo::Evento],
) -> Result<divisa_avaliacao::autos::DoRegistro, ErroRegistro> {
    let nomes = divisa_avaliacao::autos::arquivos_necessarios(processo);
    if nomes.is_empty() {
        return Ok(Default::default());
    }
    // Os nomes e os SHA-256 vêm dos eventos (o que a cadeia protege), não da tabela de
    // arquivos; e só dos atos que podem trazer o território.
    let mut arquivos = Vec::new();
    for e in eventos
        .iter()
        .filter(|e| divisa_avaliacao::autos::ato_de_territorio(&e.ato))
        .filter(|e| e.anexos.iter().any(|a| nomes.contains(&a.nome)))
    {
        let guardados = r
            .arquivos_do_ato(processo.protocolo.as_str(), e.seq)
            .await?;
        for (a, (_, conteudo)) in e.anexos.iter().zip(guardados) {
            let soma = divisa_registro::sha256_hex(&conteudo);
            // um conteúdo que não é o registrado não entra (a auditoria o acusa)
            if nomes.contains(&a.nome) && soma == a.sha256 {
                arquivos.push((e.seq, a.nome.clone(), conteudo));
            }
        }
    }
    let origens = processo.codigos_das_origens();
    let setores = if arquivos.is_empty() || origens.is_empty() {
        None
    } else {
        let gravados = r.setores(&origens).await?;
        (!gravados.is_empty()).then(|| setores_do_banco(gravados))
    };
    let versoes = Some(
        divisa_avaliacao::area::versoes(processo, eventos)
            .into_iter()
            .map(|v| v.versao)
            .collect(),
    );
    Ok(divisa_avaliacao::autos::DoRegistro {
        arquivos,
        setores,
        versoes,
    })
}

/// A lei em vigor em `data` aplicada aos autos, para quem pode ver tudo.
pub async fn avaliar(
    r: &Registro,
    protocolo: &str,
    ator: &Ator,
    data: Date,
) -> Result<divisa_avaliacao::autos::AutosAvaliados, ErroAutos> {
    let c = carregar(r, protocolo).await?;
    c.autos
        .processo
        .pode(ator, Acao::VerCompleto)
        .map_err(ErroAutos::Recusado)?;
    // medir o território fora dos trabalhadores assíncronos
    fora_do_executor(move || {
        Ok(divisa_avaliacao::autos::avaliar(
            &c.autos.processo,
            &c.arquivos,
            data,
        )?)
    })
    .await
}

/// Os índices de participação no ICMS (IPM) que o Órgão Fazendário juntou aos autos (Art. 7º,
/// parágrafo único): o arquivo CSV (`codigo_ibge,indice,fonte`) anexado à certidão da Fazenda — a
/// última que traz um. `None` se nenhuma certidão da Fazenda trouxe a tabela; um arquivo que
/// não se lê como tabela de índices é erro que diz o arquivo e a linha.
pub async fn ipm_dos_autos(
    r: &Registro,
    protocolo: &str,
    eventos: &[divisa_processo::Evento],
) -> Result<Option<divisa_fiscal::icms::TabelaIpm>, ErroAutos> {
    let certidoes = eventos.iter().rev().filter(|e| {
        matches!(
            &e.ato,
            divisa_processo::Ato::EmitirCertidao {
                orgao: divisa_processo::Orgao::Fazenda,
                ..
            }
        ) && e
            .anexos
            .iter()
            .any(|a| a.nome.to_lowercase().ends_with(".csv"))
    });
    for e in certidoes {
        for (nome, bytes) in r.arquivos_do_ato(protocolo, e.seq).await? {
            if nome.to_lowercase().ends_with(".csv") {
                return divisa_fiscal::icms::ler_ipm(&bytes, &nome)
                    .map(Some)
                    .map_err(|erro| {
                        ErroAutos::Fiscal(format!(
                            "a tabela de índices juntada à certidão da Fazenda (ato nº {}): {erro}",
                            e.seq
                        ))
                    });
            }
        }
    }
    Ok(None)
}

/// O estudo fiscal dos autos (issue 28): os fatos dos autos (os números certificados no lugar
/// dos da representação) e, sem tabela de índices em `opcoes`, a que a Fazenda juntou à
/// certidão. Quem vê o processo vê o estudo (são números agregados, sem dado pessoal: Art. 16).
/// Devolve o estudo e a descrição da proposta ("Criação de …"), para o título.
pub async fn estudo_fiscal(
    r: &Registro,
    protocolo: &str,
    ator: &Ator,
    data: Date,
    mut opcoes: divisa_avaliacao::fiscal::OpcoesFiscais,
) -> Result<(divisa_fiscal::EstudoFiscal, String), ErroAutos> {
    let c = carregar(r, protocolo).await?;
    c.autos
        .processo
        .pode(ator, Acao::VerPublico)
        .map_err(ErroAutos::Recusado)?;
    let dos_autos = opcoes.ipm.is_none();
    if dos_autos {
        opcoes.ipm = ipm_dos_autos(r, protocolo, &c.autos.eventos).await?;
    }
    fora_do_executor(move || {
        let a = divisa_avaliacao::autos::avaliar(&c.autos.processo, &c.arquivos, data)?;
        let mut e = divisa_avaliacao::fiscal::estudo(&a.proposta.fatos, data, &opcoes)
            .map_err(|e| ErroAutos::Fiscal(e.mensagem))?;
        if dos_autos && e.icms.is_none() && opcoes.ipm.is_none() {
            // nos autos, o que falta é a informação da Fazenda, não um arquivo da linha de comando
            e.icms_pendente = Some(
                "O Órgão Fazendário Estadual ainda não informou nos autos os índices de participação no ICMS dos municípios de origem (Art. 7º, parágrafo único): a tabela da portaria em vigor vem anexa à certidão da Fazenda. Sem ela, o percentual do Art. 7º, V, fica pendente; nenhum índice é inventado.".to_owned(),
            );
        }
        Ok((e, divisa_avaliacao::relatorio::descrever(&a.proposta.fatos)))
    })
    .await
}

/// Um documento oficial escrito dos autos, datado de `data` (o texto da lei em vigor nela).
pub async fn documento(
    r: &Registro,
    protocolo: &str,
    tipo: divisa_documentos::TipoDeDocumento,
    ator: &Ator,
    data: Date,
) -> Result<divisa_documentos::Documento, ErroAutos> {
    documento_ao_orgao(r, protocolo, tipo, ator, data, None).await
}

/// Como [`documento`], com os ofícios de um órgão só (`orgao`). O órgão certificador vê o
/// ofício que lhe foi dirigido, e só ele (Art. 2º, § 3º: cada órgão responde ao seu); os
/// outros documentos são da Comissão e de quem vê os autos inteiros (Art. 22).
pub async fn documento_ao_orgao(
    r: &Registro,
    protocolo: &str,
    tipo: divisa_documentos::TipoDeDocumento,
    ator: &Ator,
    data: Date,
    orgao: Option<Orgao>,
) -> Result<divisa_documentos::Documento, ErroAutos> {
    let c = carregar(r, protocolo).await?;
    let do_orgao = ator.papel.orgao();
    let orgao = match (tipo, do_orgao) {
        (divisa_documentos::TipoDeDocumento::Oficio, Some(proprio)) => {
            if orgao.is_some_and(|o| o != proprio) {
                return Err(ErroAutos::Recusado(Recusa::new(
                    "Art. 2º, § 3º",
                    format!(
                        "{} vê o ofício dirigido a ele, não o dirigido a outro órgão",
                        proprio.nome()
                    ),
                )));
            }
            if !c.autos.processo.requisicoes.contains_key(&proprio) {
                return Err(ErroAutos::Recusado(Recusa::new(
                    "Art. 2º, § 3º",
                    format!(
                        "nenhum ofício foi enviado a {} neste processo",
                        proprio.nome()
                    ),
                )));
            }
            Some(proprio)
        }
        _ => {
            c.autos
                .processo
                .pode(ator, Acao::VerCompleto)
                .map_err(ErroAutos::Recusado)?;
            orgao
        }
    };
    let protocolo = protocolo.to_owned();
    // o estudo fiscal (issue 28) para o percentual do Art. 7º, V, no projeto de lei e para o
    // anexo ao parecer, com a tabela de índices que a Fazenda juntou aos autos, se juntou
    let opcoes_fiscais = divisa_avaliacao::fiscal::OpcoesFiscais {
        ipm: ipm_dos_autos(r, &protocolo, &c.autos.eventos).await?,
        ..Default::default()
    };
    // avaliar (medir o território) e escrever fora dos trabalhadores assíncronos
    fora_do_executor(move || {
        if tipo == divisa_documentos::TipoDeDocumento::Autos {
            let avaliados =
                divisa_avaliacao::autos::avaliar(&c.autos.processo, &c.arquivos, data).ok();
            return Ok(divisa_documentos::autos_do_processo(
                c.para_documentos(),
                avaliados.as_ref().map(|a| &a.avaliacao),
                data,
                false,
            ));
        }
        let avaliados = divisa_avaliacao::autos::avaliar(&c.autos.processo, &c.arquivos, data)?;
        let estudo =
            divisa_avaliacao::fiscal::estudo(&avaliados.proposta.fatos, data, &opcoes_fiscais);
        if tipo == divisa_documentos::TipoDeDocumento::EstudoFiscal {
            if let Err(e) = &estudo {
                return Err(ErroAutos::Fiscal(format!(
                    "o estudo fiscal ainda não pode ser feito com o que está nos autos: {}",
                    e.mensagem
                )));
            }
        }
        let estudo = estudo.ok();
        let caso = divisa_documentos::Caso {
            proposta: &avaliados.proposta,
            avaliacao: &avaliados.avaliacao,
            protocolo: Some(&protocolo),
            data,
            autos: Some(c.para_documentos()),
            fiscal: estudo.as_ref(),
        };
        match (tipo, orgao) {
            (divisa_documentos::TipoDeDocumento::Oficio, Some(o)) => {
                divisa_documentos::cabimento(tipo, &caso.proposta.fatos)
                    .map_err(ErroAutos::Documento)?;
                divisa_documentos::momento(tipo, &c.autos.processo, &c.autos.eventos, data)
                    .map_err(ErroAutos::Documento)?;
                if !divisa_documentos::orgaos_oficiados(&c.autos.processo).contains(&o) {
                    return Err(ErroAutos::Recusado(Recusa::new(
                        "Art. 2º, § 3º",
                        format!(
                            "este processo não requisita certidão {}: não há ofício a ele",
                            o.do_orgao()
                        ),
                    )));
                }
                Ok(divisa_documentos::oficios(&caso, &[o]))
            }
            _ => divisa_documentos::dos_autos(tipo, &caso).map_err(ErroAutos::Documento),
        }
    })
    .await
}

/// Roda o trabalho pesado (avaliar, diagramar, compactar) no pool de bloqueio do tokio, fora
/// dos trabalhadores que respondem aos outros pedidos.
pub(crate) async fn fora_do_executor<T: Send + 'static>(
    trabalho: impl FnOnce() -> Result<T, ErroAutos> + Send + 'static,
) -> Result<T, ErroAutos> {
    tokio::task::spawn_blocking(trabalho)
        .await
        .map_err(|e| divisa_documentos::ErroDocumento::Interno(e.to_string()))?
}

/// O pacote dos autos (.zip): a versão integral para quem pode retirar cópia (Art. 22), a
/// pública (Art. 16) para os demais, ou quando `publico` é pedido.
pub async fn exportar(
    r: &Registro,
    protocolo: &str,
    ator: &Ator,
    publico: bool,
    data: Date,
    opcoes: &divisa_documentos::OpcoesDoPdf,
) -> Result<Vec<u8>, ErroAutos> {
    let opcoes = opcoes.clone();
    let c = carregar(r, protocolo).await?;
    let p = &c.autos.processo;
    p.pode(ator, Acao::VerPublico)
        .map_err(ErroAutos::Recusado)?;
    let publico = publico || p.pode(ator, Acao::Exportar).is_err();
    let (linhas, ultimo_hash) = r.cadeia_gravada(protocolo).await?;
    let publicos: Vec<u64> = c
        .autos
        .eventos
        .iter()
        .filter(|e| e.ato.publico() && e.ato.versao_publica() == e.ato)
        .map(|e| e.seq)
        .collect();
    // Na versão pública, os arquivos dos atos reservados ficam de fora do pacote.
    let todos = r.arquivos_dos_atos(protocolo, !publico).await?;
    let arquivos: Vec<(u64, String, Vec<u8>)> = if publico {
        todos
            .into_iter()
            .filter(|(s, _, _)| publicos.contains(s))
            .collect()
    } else {
        todos
    };
    let opcoes_fiscais = divisa_avaliacao::fiscal::OpcoesFiscais {
        ipm: ipm_dos_autos(r, protocolo, &c.autos.eventos)
            .await
            .ok()
            .flatten(),
        ..Default::default()
    };
    let protocolo = protocolo.to_owned();
    // avaliar, diagramar e compactar fora dos trabalhadores assíncronos
    fora_do_executor(move || {
        let p = &c.autos.processo;
        let avaliados = divisa_avaliacao::autos::avaliar(p, &c.arquivos, data).ok();
        // a lei aplicada só na versão integral; o estudo fiscal (números agregados, sem dado
        // pessoal), nas duas
        let doc = divisa_documentos::autos_do_processo(
            c.para_documentos(),
            avaliados
                .as_ref()
                .filter(|_| !publico)
                .map(|a| &a.avaliacao),
            data,
            publico,
        );
        let estudo = avaliados.as_ref().and_then(|a| {
            divisa_avaliacao::fiscal::estudo(&a.proposta.fatos, data, &opcoes_fiscais).ok()
        });
        let pdf = divisa_documentos::pdf(&doc, &opcoes)
            .map_err(|e| divisa_documentos::ErroDocumento::Interno(e.to_string()))?;
        divisa_documentos::pacote_dos_autos(&divisa_documentos::Pacote {
            protocolo: &protocolo,
            pdf: &pdf,
            linhas: &linhas,
            ultimo_hash: &ultimo_hash,
            arquivos: &arquivos,
            publicos: publico.then_some(publicos.as_slice()),
            proposta: divisa_avaliacao::autos::proposta_dos_autos(p).as_deref(),
            fiscal: estudo.as_ref(),
        })
        .map_err(ErroAutos::Documento)
    })
    .await
}

#[cfg(test)]
mod testes_da_geometria {
    /// A geometria gravada volta o mesmo polígono, com o buraco e os mesmos `f64`.
    #[test]
    fn a_geometria_do_setor_volta_igual() {
        let p = geo_types::Polygon::new(
            geo_types::LineString::from(vec![
                (-55.1, -14.2),
                (-55.0, -14.2),
                (-55.0, -14.1),
                (-55.1, -14.2),
            ]),
            vec![geo_types::LineString::from(vec![
                (-55.07, -14.18),
                (-55.06, -14.18),
                (-55.06, -14.17),
                (-55.07, -14.18),
            ])],
        );
        assert_eq!(
            super::poligono_do_json(&super::geometria_do_setor(&p)),
            Some(p)
        );
    }
}
