//! Emitir e conferir (issue 16): o documento dos autos desenhado, registrado antes de ser
//! entregue, e qualquer arquivo conferido diante desse registro — pela linha de comando, pela
//! página e pela API, as mesmas funções.

use divisa_documentos::ErroDocumento;
use divisa_processo::{Ator, Orgao, Papel, Recusa};
use divisa_registro::Registro;
use jiff::civil::Date;

use crate::{documento_ao_orgao, fora_do_executor, ErroAutos};

/// O que se pede a [`emitir`]: o tipo, o órgão a que vai o ofício, a data do documento e como
/// compor o PDF (o endereço público de conferência, que o QR leva).
#[derive(Debug, Clone)]
pub struct PedidoDeEmissao {
    /// O tipo de documento.
    pub tipo: divisa_documentos::TipoDeDocumento,
    /// O órgão a que vai o ofício (só ao ofício).
    pub orgao: Option<Orgao>,
    /// A data do documento.
    pub data: Date,
    /// Como compor o PDF.
    pub opcoes: divisa_documentos::OpcoesDoPdf,
}

/// Um documento emitido: o documento, os bytes do PDF entregues e o registro da emissão.
#[derive(Debug, Clone)]
pub struct Emitido {
    /// O documento.
    pub documento: divisa_documentos::Documento,
    /// O PDF, exatamente os bytes registrados.
    pub pdf: Vec<u8>,
    /// A emissão registrada (o código, o SHA-256, quem emitiu e quando).
    pub registro: divisa_registro::DocumentoEmitido,
}

/// Emite um documento dos autos (o ofício, a um órgão só: `orgao`): escreve-o
/// ([`documento_ao_orgao`]), desenha o PDF fora dos trabalhadores assíncronos e o registra ([`registrar_emissao`]) antes de entregá-lo — o que
/// sai daqui confere, e só o que sai daqui confere. `agora`: o instante da emissão.
///
/// O servidor web faz os mesmos três passos em separado ([`documento_ao_orgao`], o PDF na
/// oficina dele, com o orçamento de memória e de tempo, e [`registrar_emissao`]): cada passo
/// pesado na sua vaga, uma depois da outra, sem segurar uma vaga enquanto espera outra.
pub async fn emitir(
    r: &Registro,
    protocolo: &str,
    pedido: PedidoDeEmissao,
    ator: &Ator,
    agora: jiff::Timestamp,
) -> Result<Emitido, ErroAutos> {
    let PedidoDeEmissao {
        tipo,
        orgao,
        data,
        opcoes,
    } = pedido;
    let documento = documento_ao_orgao(r, protocolo, tipo, ator, data, orgao).await?;
    let (documento, pdf) = fora_do_executor(move || {
        let pdf = divisa_documentos::pdf(&documento, &opcoes)
            .map_err(|e| ErroDocumento::Interno(e.to_string()))?;
        Ok((documento, pdf))
    })
    .await?;
    let registro = registrar_emissao(r, protocolo, &documento, &pdf, ator, agora).await?;
    Ok(Emitido {
        documento,
        pdf,
        registro,
    })
}

/// Quem emite os documentos da Comissão: a Presidência, os membros e os servidores dela (Arts.
/// 21 a 23). O deputado tem vista dos autos, o órgão certificador recebe o ofício, o público lê o
/// que é público: nenhum deles emite em nome da Comissão.
pub fn pode_emitir(papel: Papel) -> bool {
    matches!(papel, Papel::Presidente | Papel::Membro | Papel::Servidor)
}

/// Registra os bytes `pdf` de `documento`, escrito dos autos de `protocolo`, como emitidos por
/// `ator` em `agora`: o código que o documento traz, o SHA-256 e o tamanho, o tipo, o título, a
/// data, e quem emitiu por nome (da conta, como é hoje) e cargo (o papel com que agiu). Um
/// documento que não é daquele processo (uma minuta escrita de uma proposta solta) é recusado.
pub async fn registrar_emissao(
    r: &Registro,
    protocolo: &str,
    documento: &divisa_documentos::Documento,
    pdf: &[u8],
    ator: &Ator,
    agora: jiff::Timestamp,
) -> Result<divisa_registro::DocumentoEmitido, ErroAutos> {
    if documento.protocolo.as_deref() != Some(protocolo) {
        return Err(ErroAutos::Documento(ErroDocumento::NaoCabe(format!(
            "«{}» não foi escrito dos autos do processo {protocolo}: uma minuta não é registrada como emitida",
            documento.titulo
        ))));
    }
    let data: Date = documento.data.parse().map_err(|_| {
        ErroAutos::Documento(ErroDocumento::Interno(format!(
            "a data «{}» do documento não é AAAA-MM-DD",
            documento.data
        )))
    })?;
    // Ninguém emite anonimamente (issue 30): o documento emitido diz o nome e o cargo de quem o
    // emite, e só a Comissão emite os seus documentos (issue 32: ver não emite; o órgão que lê o
    // ofício dirigido a ele não é o autor dele).
    if !pode_emitir(ator.papel) {
        return Err(ErroAutos::Recusado(Recusa::new(
            "Arts. 21 a 23",
            format!(
                "{} não emite os documentos da Comissão de Revisão Territorial: emitem a Presidência, os membros e os servidores da Comissão",
                ator.papel.cargo()
            ),
        )));
    }
    let Some(nome) = r
        .usuarios()
        .await?
        .into_iter()
        .find(|u| u.login == ator.id)
        .map(|u| u.nome)
    else {
        return Err(ErroAutos::Documento(ErroDocumento::Falta(format!(
            "a conta «{}» não está cadastrada: o documento emitido diz o nome e o cargo de quem o emite (crie a conta com «divisa usuario criar»)",
            ator.id
        ))));
    };
    let nome = Some(nome);
    let cargo = ator.papel.cargo();
    let codigo = documento.codigo();
    Ok(r.registrar_emissao(
        &divisa_registro::NovaEmissao {
            codigo: &codigo,
            conteudo: pdf,
            tipo: documento.tipo.codigo(),
            titulo: &documento.titulo,
            protocolo,
            emitido_por: &ator.id,
            emitente_nome: nome.as_deref(),
            emitente_cargo: cargo,
            data,
        },
        agora,
    )
    .await?)
}

/// O que o registro diz de um arquivo ([`conferir`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Conferencia {
    /// O arquivo é um documento emitido: inteiro, ou no começo (a primeira revisão), com
    /// `acrescentado` bytes depois dele que só acrescentam assinaturas.
    Confere {
        /// A emissão.
        emitido: divisa_registro::DocumentoEmitido,
        /// Quantos bytes vêm depois do documento emitido (0: o arquivo é ele).
        acrescentado: usize,
    },
    /// O documento emitido está intacto no começo do arquivo, mas o que vem depois faz mais do
    /// que assinar (muda uma página, troca um objeto): o que se vê não é o emitido.
    Acrescido {
        /// A emissão.
        emitido: divisa_registro::DocumentoEmitido,
        /// O que o acréscimo faz.
        motivo: String,
    },
    /// Os bytes não são os emitidos — outro programa regravou o arquivo (um leitor de PDF que
    /// "salva como", `qpdf --linearize`, um sistema de arquivo) —, mas o que ele diz e mostra é
    /// o do documento emitido: as mesmas páginas, com o mesmo texto, as mesmas fontes e imagens
    /// ([`divisa_assinatura::resumo_do_conteudo`]). Confere, dizendo que foi regravado.
    Regravado {
        /// A emissão.
        emitido: divisa_registro::DocumentoEmitido,
    },
    /// O código que o arquivo traz (ou o dito por quem confere) é de um documento emitido, mas
    /// nem os bytes nem o conteúdo são os emitidos: alterado.
    NaoEOEmitido {
        /// O código (20 dígitos, sem traços).
        codigo: String,
        /// As emissões desse código, da primeira à última.
        emitidos: Vec<divisa_registro::DocumentoEmitido>,
    },
    /// Nem os bytes nem o código constam do registro: uma minuta, ou um arquivo que não saiu
    /// deste sistema.
    NaoConsta {
        /// O código que o arquivo traz ou que foi dito, se algum.
        codigo: Option<String>,
    },
}

/// Um arquivo conferido: o que o registro diz e as assinaturas que ele traz.
#[derive(Debug, Clone)]
pub struct Conferido {
    /// O veredito.
    pub conferencia: Conferencia,
    /// As assinaturas do arquivo, cada uma conferida (vazio se não há, ou se não é PDF).
    pub assinaturas: Vec<divisa_assinatura::Assinatura>,
}

/// Confere um arquivo diante do registro dos documentos emitidos (issue 16). O documento
/// emitido é uma revisão inteira do começo do arquivo — o arquivo todo, ou até um `%%EOF`, com
/// ou sem o fim de linha que o segue ([`divisa_assinatura::revisoes`]; a primeira revisão, num
/// arquivo assinado depois de emitido) — cujo SHA-256 está no registro; o que vier depois dele
/// só pode acrescentar assinaturas ([`divisa_assinatura::acrescimos_so_de_assinatura`]). Sem
/// os bytes no registro, o código que o arquivo traz ([`divisa_documentos::codigo_do_pdf`]), e
/// depois o `codigo` dito por quem confere, dizem de que documento ele se faz passar.
///
/// O documento não é refeito: o que confere é o que foi entregue, byte a byte, qualquer que
/// seja o programa que desenhou o PDF naquele dia.
pub async fn conferir(
    r: &Registro,
    bytes: Vec<u8>,
    codigo: Option<&str>,
) -> Result<Conferido, ErroAutos> {
    let bytes: std::sync::Arc<[u8]> = bytes.into();
    // os resumos de cada revisão, o código que o arquivo traz e as assinaturas: fora dos
    // trabalhadores assíncronos (um arquivo grande, um PDF lido pelo lopdf)
    let (candidatos, do_arquivo, assinaturas) = {
        let bytes = bytes.clone();
        fora_do_executor(move || {
            use sha2::Digest as _;
            let mut fins = Vec::new();
            for fim in divisa_assinatura::revisoes(&bytes) {
                // O PDF que termina no `%%EOF`, sem fim de linha (o que o divisa escreve), o
                // recebe da revisão acrescentada depois: o emitido termina antes dele.
                let mut sem = fim;
                while sem > 0 && matches!(bytes[sem - 1], b'\n' | b'\r') {
                    sem -= 1;
                }
                if sem < fim && fins.last().is_none_or(|&u| u < sem) {
                    fins.push(sem);
                }
                fins.push(fim);
            }
            if fins.last() != Some(&bytes.len()) {
                fins.push(bytes.len());
            }
            // um só passe pelo arquivo: o resumo de cada começo sai do estado do anterior
            let mut h = sha2::Sha256::new();
            let mut feito = 0;
            let mut candidatos = Vec::with_capacity(fins.len());
            for fim in fins {
                h.update(&bytes[feito..fim]);
                feito = fim;
                let resumo = divisa_referencia::formato::hexadecimal(&h.clone().finalize());
                candidatos.push((fim, resumo));
            }
            // o código nos metadados XMP, como o divisa os escreve; se outro programa os
            // comprimiu, no fluxo de metadados descomprimido
            let codigo = divisa_documentos::codigo_do_pdf(&bytes).or_else(|| {
                divisa_assinatura::metadados_xmp(&bytes)
                    .and_then(|xmp| divisa_documentos::codigo_do_pdf(&xmp))
            });
            Ok((
                candidatos,
                codigo,
                divisa_assinatura::assinaturas(&bytes).unwrap_or_default(),
            ))
        })
        .await?
    };
    for (fim, sha256) in candidatos {
        let Some(emitido) = r.emitido_por_sha256(&sha256).await? else {
            continue;
        };
        let acrescentado = bytes.len() - fim;
        if acrescentado == 0 {
            return Ok(Conferido {
                conferencia: Conferencia::Confere {
                    emitido,
                    acrescentado,
                },
                assinaturas,
            });
        }
        let bytes = bytes.clone();
        let acrescimo = fora_do_executor(move || {
            Ok(divisa_assinatura::acrescimos_so_de_assinatura(&bytes, fim))
        })
        .await?;
        let conferencia = match acrescimo {
            Ok(()) => Conferencia::Confere {
                emitido,
                acrescentado,
            },
            Err(motivo) => Conferencia::Acrescido {
                emitido,
                motivo: motivo.to_string(),
            },
        };
        return Ok(Conferido {
            conferencia,
            assinaturas,
        });
    }
    let mut codigos: Vec<String> = do_arquivo
        .into_iter()
        .chain(codigo.and_then(divisa_registro::codigo_normalizado))
        .filter_map(|c| divisa_registro::codigo_normalizado(&c))
        .collect();
    codigos.dedup();
    // Os bytes não são de nenhuma emissão: o que o arquivo diz e mostra é o de uma emissão do
    // seu código? (issue 30: um PDF regravado por outro programa continua o documento emitido;
    // um byte mudado no conteúdo, não.) O resumo do conteúdo do arquivo se calcula uma vez; o de
    // cada emissão, dos bytes que o registro guarda.
    let mut do_conteudo: Option<Option<String>> = None;
    for c in &codigos {
        let emitidos = r.emitidos_por_codigo(c).await?;
        if !emitidos.is_empty() && bytes.starts_with(b"%PDF") {
            if do_conteudo.is_none() {
                let bytes = bytes.clone();
                do_conteudo = Some(
                    fora_do_executor(
                        move || Ok(divisa_assinatura::resumo_do_conteudo(&bytes).ok()),
                    )
                    .await?,
                );
            }
            if let Some(Some(resumo)) = &do_conteudo {
                for e in &emitidos {
                    let Some(original) = r.conteudo_emitido(e.id).await? else {
                        continue;
                    };
                    let do_emitido = fora_do_executor(move || {
                        Ok(divisa_assinatura::resumo_do_conteudo(&original).ok())
                    })
                    .await?;
                    if do_emitido.as_ref() == Some(resumo) {
                        return Ok(Conferido {
                            conferencia: Conferencia::Regravado { emitido: e.clone() },
                            assinaturas,
                        });
                    }
                }
            }
        }
        if !emitidos.is_empty() {
            return Ok(Conferido {
                conferencia: Conferencia::NaoEOEmitido {
                    codigo: c.clone(),
                    emitidos,
                },
                assinaturas,
            });
        }
    }
    Ok(Conferido {
        conferencia: Conferencia::NaoConsta {
            codigo: codigos.into_iter().next(),
        },
        assinaturas,
    })
}
