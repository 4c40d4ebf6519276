//! Assinar um documento emitido (Art. 21): o caso de uso da página e da linha de comando. Três
//! passos, para a web pôr o do meio na oficina: [`para_assinar`] confere quem assina e acha a
//! última versão registrada; [`ParaAssinar::assinar`] abre o A1 e assina (síncrono, pesado: a
//! chave sai da senha); [`gravar_assinatura`] registra a versão assinada, que começa pelos bytes
//! da anterior.

use divisa_documentos::ErroDocumento;
use divisa_processo::{Acao, Ator, Permissao, Recusa};
use divisa_registro::{DocumentoAssinado, DocumentoEmitido, Registro};

use crate::ErroAutos;

/// O documento emitido a assinar, conferido, e os bytes da sua última versão.
#[derive(Debug, Clone)]
pub struct ParaAssinar {
    /// A emissão.
    pub emitido: DocumentoEmitido,
    base: Vec<u8>,
}

/// O PDF assinado e o titular do certificado que o assinou.
#[derive(Debug, Clone)]
pub struct Assinado {
    /// Os bytes: os da versão anterior e a atualização incremental com a assinatura.
    pub pdf: Vec<u8>,
    /// O titular do certificado (o nome no A1).
    pub titular: String,
}

/// Confere que `ator` assina documentos da Comissão (Art. 21: o relator e o Presidente, pela
/// matriz de papéis) e vê os autos inteiros, e que a emissão `emissao` é deste processo; devolve
/// a última versão registrada (a emitida, ou a última assinada).
pub async fn para_assinar(
    r: &Registro,
    protocolo: &str,
    ator: &Ator,
    emissao: i64,
) -> Result<ParaAssinar, ErroAutos> {
    if divisa_processo::papel::permissao(ator.papel, Acao::AssinarDocumento) != Permissao::Sim {
        return Err(ErroAutos::Recusado(Recusa::new(
            "Art. 21",
            "assinam os documentos da Comissão o relator e o Presidente",
        )));
    }
    let (p, _) = r.eventos_visiveis(protocolo, ator).await?;
    p.pode(ator, Acao::VerCompleto)
        .map_err(ErroAutos::Recusado)?;
    let emitido = match r.emitido(emissao).await? {
        Some(e) if e.protocolo == protocolo => e,
        _ => {
            return Err(ErroAutos::Documento(ErroDocumento::Falta(format!(
                "o documento escolhido não é um documento emitido do processo {protocolo}"
            ))))
        }
    };
    let Some(base) = r.ultima_versao(emitido.id).await? else {
        return Err(ErroAutos::Documento(ErroDocumento::Interno(
            "o documento emitido não está no registro".into(),
        )));
    };
    Ok(ParaAssinar { emitido, base })
}

impl ParaAssinar {
    /// Abre o certificado A1 (`nome`, os `bytes` do .p12 e a `senha`), confere a validade em
    /// `agora` e assina a última versão com o `motivo` («Assinado por NOME (CARGO)»).
    pub fn assinar(
        &self,
        nome: &str,
        bytes: &[u8],
        senha: &str,
        agora: jiff::Timestamp,
        motivo: &str,
    ) -> Result<Assinado, divisa_assinatura::Erro> {
        let cert = divisa_assinatura::Certificado::abrir(nome, bytes, senha)?;
        cert.valido_em(nome, agora)?;
        let pdf = divisa_assinatura::assinar(&self.base, &cert, agora, motivo)?;
        Ok(Assinado {
            pdf,
            titular: cert.titular(),
        })
    }
}

/// Registra a versão assinada da emissão de `para`, por `ator` (com o nome da conta, quando há)
/// em `agora`.
pub async fn gravar_assinatura(
    r: &Registro,
    para: &ParaAssinar,
    assinado: &Assinado,
    ator: &Ator,
    nome: Option<&str>,
    agora: jiff::Timestamp,
) -> Result<DocumentoAssinado, ErroAutos> {
    Ok(r.registrar_assinatura(
        &divisa_registro::NovaAssinatura {
            emissao: para.emitido.id,
            conteudo: &assinado.pdf,
            assinado_por: &ator.id,
            assinante_nome: nome,
            assinante_cargo: ator.papel.cargo(),
            titular: &assinado.titular,
        },
        agora,
    )
    .await?)
}
