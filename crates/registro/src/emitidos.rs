//! Os documentos emitidos dos autos (issue 16: "assinado e verificável").
//!
//! O código de verificação de um documento resume o seu conteúdo; conferir um arquivo
//! refazendo o PDF dizia "confere" para um documento escrito de uma proposta editada com um
//! número de processo verdadeiro, "não confere" para um arquivo regravado sem mudança (qpdf) e
//! deixaria de conferir os documentos de hoje quando o desenho do PDF mudasse. Aqui fica o
//! registro do que de fato saiu: cada PDF emitido de um processo, com o SHA-256 dos bytes, quem
//! emitiu e quando, e os próprios bytes (a cópia autêntica, para quem tem o código). Conferir é
//! achar o SHA-256 do arquivo neste registro.
//!
//! Só acréscimo: gatilhos no banco recusam `UPDATE` e `DELETE` (migração 0009).

use jiff::civil::Date;
use jiff::Timestamp;
use sqlx::Row;

use crate::{para_i64, para_u64, ErroRegistro, Registro};

/// Quantos dígitos hexadecimais tem um código de verificação (80 bits).
const DIGITOS: usize = 20;

/// O código de verificação como o registro o guarda: os 20 dígitos hexadecimais, maiúsculos,
/// sem os traços nem espaços. Aceita o código como impresso ("3F2A1-B4C5D-…"), em minúsculas,
/// sem traços ou com espaços; `None` se não são 20 dígitos hexadecimais.
pub fn codigo_normalizado(texto: &str) -> Option<String> {
    // um código colado de 30 MB não é percorrido inteiro
    if texto.len() > 200 {
        return None;
    }
    let limpo: String = texto
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '‐' | '–' | '—' | '.'))
        .collect();
    (limpo.len() == DIGITOS && limpo.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| limpo.to_ascii_uppercase())
}

/// O código como o documento o imprime: grupos de 5, separados por traços ("3F2A1-B4C5D-…").
pub fn codigo_com_tracos(codigo: &str) -> String {
    let normal = codigo_normalizado(codigo).unwrap_or_else(|| codigo.to_owned());
    normal
        .as_bytes()
        .chunks(5)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// Um documento emitido, como registrado (sem os bytes: [`Registro::conteudo_emitido`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentoEmitido {
    /// O número da emissão no registro.
    pub id: i64,
    /// O código de verificação: 20 dígitos hexadecimais, maiúsculos, sem traços
    /// ([`codigo_com_tracos`] para mostrar).
    pub codigo: String,
    /// O SHA-256 dos bytes do PDF, em hexadecimal minúsculo.
    pub sha256: String,
    /// O tamanho do PDF, em bytes.
    pub tamanho: u64,
    /// O tipo (o código da linha de comando: `oficio`, `parecer`…).
    pub tipo: String,
    /// O título do documento.
    pub titulo: String,
    /// O processo (NUP).
    pub protocolo: String,
    /// O login de quem emitiu: para a auditoria, nunca mostrado.
    pub emitido_por: String,
    /// O nome de quem emitiu, como era no dia (sem conta cadastrada, nenhum).
    pub emitente_nome: Option<String>,
    /// O cargo com que emitiu.
    pub emitente_cargo: String,
    /// A data do documento.
    pub data: Date,
    /// O instante da emissão.
    pub emitido_em: Timestamp,
    /// Uma leitura que a regra antiga registrou como emissão (migração 0012): o arquivo foi
    /// entregue e confere, mas não é o documento emitido, e não entra nas listas dos emitidos.
    pub consulta: bool,
}

impl DocumentoEmitido {
    /// Quem emitiu, por nome e cargo ("Ana Maria Souza (Presidente da Comissão…)"); sem conta
    /// cadastrada, o cargo — nunca o login.
    pub fn emitente(&self) -> String {
        match &self.emitente_nome {
            Some(n) if !n.trim().is_empty() => format!("{} ({})", n.trim(), self.emitente_cargo),
            _ => format!("{} (nome não cadastrado)", self.emitente_cargo),
        }
    }
}

/// Uma emissão a registrar.
#[derive(Debug, Clone, Copy)]
pub struct NovaEmissao<'a> {
    /// O código de verificação que o documento traz (com ou sem traços).
    pub codigo: &'a str,
    /// Os bytes do PDF, exatamente como entregues (o SHA-256 é calculado aqui).
    pub conteudo: &'a [u8],
    /// O tipo (o código da linha de comando).
    pub tipo: &'a str,
    /// O título.
    pub titulo: &'a str,
    /// O processo (NUP); tem de existir.
    pub protocolo: &'a str,
    /// O login de quem emite.
    pub emitido_por: &'a str,
    /// O nome de quem emite, se tem conta.
    pub emitente_nome: Option<&'a str>,
    /// O cargo com que emite.
    pub emitente_cargo: &'a str,
    /// A data do documento.
    pub data: Date,
}

const COLUNAS: &str = "id, codigo, sha256, tamanho, tipo, titulo, protocolo, emitido_por, \
                       emitente_nome, emitente_cargo, data_documento, emitido_em, \
                       (SELECT COUNT(*) FROM documentos_consultas c \
                        WHERE c.emissao = documentos_emitidos.id) AS consulta";

/// Só as emitidas: sem as leituras que a regra antiga registrou (migração 0012).
const SO_EMITIDOS: &str =
    "NOT EXISTS (SELECT 1 FROM documentos_consultas c WHERE c.emissao = documentos_emitidos.id)";

fn recusa(motivo: impl Into<String>) -> ErroRegistro {
    ErroRegistro::Recusado(divisa_processo::Recusa::new(
        "registro de documentos emitidos",
        motivo,
    ))
}

fn da_linha(r: &sqlx::any::AnyRow) -> Result<DocumentoEmitido, ErroRegistro> {
    let id: i64 = r.try_get("id")?;
    let corrompido = |campo: &str, valor: &str| ErroRegistro::Corrompido {
        protocolo: format!("documento emitido nº {id}"),
        seq: 0,
        causa: format!("{campo} «{valor}» ilegível"),
    };
    let data: String = r.try_get("data_documento")?;
    let emitido_em: String = r.try_get("emitido_em")?;
    let consulta: i64 = r.try_get("consulta")?;
    Ok(DocumentoEmitido {
        consulta: consulta > 0,
        id,
        codigo: r.try_get("codigo")?,
        sha256: r.try_get("sha256")?,
        tamanho: para_u64(r.try_get("tamanho")?),
        tipo: r.try_get("tipo")?,
        titulo: r.try_get("titulo")?,
        protocolo: r.try_get("protocolo")?,
        emitido_por: r.try_get("emitido_por")?,
        emitente_nome: r.try_get("emitente_nome")?,
        emitente_cargo: r.try_get("emitente_cargo")?,
        data: data.parse().map_err(|_| corrompido("data", &data))?,
        emitido_em: emitido_em
            .parse()
            .map_err(|_| corrompido("instante da emissão", &emitido_em))?,
    })
}

impl Registro {
    /// Registra a emissão de um PDF e devolve o registro. O mesmo código com os mesmos bytes
    /// já registrados não faz linha nova: devolve a primeira emissão (quem baixa de novo o
    /// mesmo documento no mesmo dia recebe os mesmos bytes, e eles já conferem). O mesmo código
    /// com outros bytes é outra emissão (o mesmo conteúdo desenhado por outra versão do
    /// programa): as duas conferem.
    pub async fn registrar_emissao(
        &self,
        e: &NovaEmissao<'_>,
        agora: Timestamp,
    ) -> Result<DocumentoEmitido, ErroRegistro> {
        let codigo = codigo_normalizado(e.codigo).ok_or_else(|| {
            recusa(format!(
                "«{}» não é um código de verificação (20 dígitos hexadecimais)",
                e.codigo.chars().take(40).collect::<String>()
            ))
        })?;
        let textos = [
            e.tipo,
            e.titulo,
            e.protocolo,
            e.emitido_por,
            e.emitente_cargo,
            e.emitente_nome.unwrap_or("x"),
        ];
        if textos
            .iter()
            .any(|t| t.trim().is_empty() || t.chars().any(|c| c.is_control() && c != '\n'))
        {
            return Err(recusa(
                "tipo, título, processo e quem emite são obrigatórios e sem caracteres de controle",
            ));
        }
        let sha256 = crate::sha256_hex(e.conteudo);
        sqlx::query(
            "INSERT INTO documentos_emitidos (codigo, sha256, tamanho, tipo, titulo, protocolo, \
             emitido_por, emitente_nome, emitente_cargo, data_documento, emitido_em, conteudo) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
             ON CONFLICT (codigo, sha256) DO NOTHING",
        )
        .bind(&codigo)
        .bind(&sha256)
        .bind(para_i64(e.conteudo.len() as u64))
        .bind(e.tipo)
        .bind(e.titulo)
        .bind(e.protocolo)
        .bind(e.emitido_por)
        .bind(e.emitente_nome.map(str::trim))
        .bind(e.emitente_cargo)
        .bind(e.data.to_string())
        .bind(agora.to_string())
        .bind(e.conteudo.to_vec())
        .execute(&self.pool)
        .await
        .map_err(|erro| match &erro {
            // o processo não existe (a chave estrangeira): o documento não é de um processo
            sqlx::Error::Database(d) if d.is_foreign_key_violation() => {
                ErroRegistro::NaoEncontrado(e.protocolo.to_owned())
            }
            _ => ErroRegistro::Banco(erro),
        })?;
        let r = sqlx::query(&format!(
            "SELECT {COLUNAS} FROM documentos_emitidos WHERE codigo = $1 AND sha256 = $2"
        ))
        .bind(&codigo)
        .bind(&sha256)
        .fetch_one(&self.pool)
        .await?;
        let gravado = da_linha(&r)?;
        // O código resume o conteúdo, e o número do processo está no conteúdo: o mesmo código
        // e os mesmos bytes noutro processo não acontecem — se acontecer, não passa calado.
        if gravado.protocolo != e.protocolo {
            return Err(recusa(format!(
                "o código {} já está registrado, com os mesmos bytes, para o processo {}",
                codigo_com_tracos(&codigo),
                gravado.protocolo
            )));
        }
        Ok(gravado)
    }

    /// A emissão cujos bytes têm este SHA-256 (hexadecimal), se houver. Se o mesmo arquivo foi
    /// registrado com dois códigos (não acontece: o código está dentro dele), a primeira.
    pub async fn emitido_por_sha256(
        &self,
        sha256: &str,
    ) -> Result<Option<DocumentoEmitido>, ErroRegistro> {
        let r = sqlx::query(&format!(
            "SELECT {COLUNAS} FROM documentos_emitidos WHERE sha256 = $1 ORDER BY id LIMIT 1"
        ))
        .bind(sha256.to_ascii_lowercase())
        .fetch_optional(&self.pool)
        .await?;
        r.as_ref().map(da_linha).transpose()
    }

    /// As emissões de um código (com ou sem traços), da primeira à última; vazio se o código
    /// não consta (ou nem é um código).
    pub async fn emitidos_por_codigo(
        &self,
        codigo: &str,
    ) -> Result<Vec<DocumentoEmitido>, ErroRegistro> {
        let Some(codigo) = codigo_normalizado(codigo) else {
            return Ok(Vec::new());
        };
        let linhas = sqlx::query(&format!(
            "SELECT {COLUNAS} FROM documentos_emitidos WHERE codigo = $1 ORDER BY id"
        ))
        .bind(&codigo)
        .fetch_all(&self.pool)
        .await?;
        linhas.iter().map(da_linha).collect()
    }

    /// O protocolo cujo recibo traz `codigo` (os 20 primeiros algarismos do hash do primeiro
    /// evento, [`crate::Recibo::codigo`]): o NUP, o dia e o instante do protocolo. `None` se
    /// nenhum confere.
    pub async fn recibo_por_codigo(
        &self,
        codigo: &str,
    ) -> Result<Option<(String, String, String)>, ErroRegistro> {
        let Some(codigo) = codigo_normalizado(codigo) else {
            return Ok(None);
        };
        let r = sqlx::query(
            "SELECT p.protocolo, e.data, e.registrado_em FROM eventos e \
             JOIN processos p ON p.id = e.processo_id \
             WHERE e.seq = 1 AND substr(e.hash, 1, 20) = $1 ORDER BY p.id LIMIT 1",
        )
        .bind(codigo.to_lowercase())
        .fetch_optional(&self.pool)
        .await?;
        r.map(|r| {
            Ok((
                r.try_get("protocolo")?,
                r.try_get("data")?,
                r.try_get("registrado_em")?,
            ))
        })
        .transpose()
    }

    /// Os bytes de uma emissão, conferidos contra o SHA-256 registrado: bytes mexidos no banco
    /// não saem como cópia autêntica.
    pub async fn conteudo_emitido(&self, id: i64) -> Result<Option<Vec<u8>>, ErroRegistro> {
        self.conteudo_conferido("documentos_emitidos", "documento emitido", id)
            .await
    }

    /// Os bytes da linha `id` de `tabela` (`documentos_emitidos` ou `documentos_assinados`),
    /// conferidos contra o SHA-256 registrado; `o_que` nomeia a linha no erro.
    async fn conteudo_conferido(
        &self,
        tabela: &'static str,
        o_que: &str,
        id: i64,
    ) -> Result<Option<Vec<u8>>, ErroRegistro> {
        let Some(r) = sqlx::query(&format!(
            "SELECT sha256, conteudo FROM {tabela} WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let sha256: String = r.try_get("sha256")?;
        let conteudo: Vec<u8> = r.try_get("conteudo")?;
        if crate::sha256_hex(&conteudo) != sha256 {
            return Err(ErroRegistro::Corrompido {
                protocolo: format!("{o_que} nº {id}"),
                seq: 0,
                causa: "os bytes guardados não têm o SHA-256 registrado".into(),
            });
        }
        Ok(Some(conteudo))
    }
}

/// Uma versão assinada de um documento emitido, como registrada (sem os bytes:
/// [`Registro::conteudo_assinado`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentoAssinado {
    /// O número da versão no registro.
    pub id: i64,
    /// A emissão de que é versão ([`DocumentoEmitido::id`]).
    pub emissao: i64,
    /// O SHA-256 dos bytes, em hexadecimal minúsculo.
    pub sha256: String,
    /// O tamanho, em bytes.
    pub tamanho: u64,
    /// O login de quem assinou: para a auditoria, nunca mostrado.
    pub assinado_por: String,
    /// O nome de quem assinou, como era no dia.
    pub assinante_nome: Option<String>,
    /// O cargo com que assinou.
    pub assinante_cargo: String,
    /// O titular, como o certificado o traz.
    pub titular: String,
    /// O instante da assinatura.
    pub assinado_em: Timestamp,
}

impl DocumentoAssinado {
    /// Quem assinou, por nome e cargo; sem conta cadastrada, o titular do certificado e o
    /// cargo — nunca o login.
    pub fn assinante(&self) -> String {
        match &self.assinante_nome {
            Some(n) if !n.trim().is_empty() => format!("{} ({})", n.trim(), self.assinante_cargo),
            _ => format!("{} ({})", self.titular, self.assinante_cargo),
        }
    }
}

/// Uma versão assinada a registrar.
#[derive(Debug, Clone, Copy)]
pub struct NovaAssinatura<'a> {
    /// A emissão assinada.
    pub emissao: i64,
    /// Os bytes do PDF assinado: começam pelos da emissão (ou da última versão assinada).
    pub conteudo: &'a [u8],
    /// O login de quem assina.
    pub assinado_por: &'a str,
    /// O nome de quem assina, se tem conta.
    pub assinante_nome: Option<&'a str>,
    /// O cargo com que assina.
    pub assinante_cargo: &'a str,
    /// O titular do certificado.
    pub titular: &'a str,
}

const COLUNAS_ASSINADOS: &str = "id, emissao, sha256, tamanho, assinado_por, assinante_nome, \
                                 assinante_cargo, titular, assinado_em";

fn assinado_da_linha(r: &sqlx::any::AnyRow) -> Result<DocumentoAssinado, ErroRegistro> {
    let id: i64 = r.try_get("id")?;
    let assinado_em: String = r.try_get("assinado_em")?;
    Ok(DocumentoAssinado {
        id,
        emissao: r.try_get("emissao")?,
        sha256: r.try_get("sha256")?,
        tamanho: para_u64(r.try_get("tamanho")?),
        assinado_por: r.try_get("assinado_por")?,
        assinante_nome: r.try_get("assinante_nome")?,
        assinante_cargo: r.try_get("assinante_cargo")?,
        titular: r.try_get("titular")?,
        assinado_em: assinado_em.parse().map_err(|_| ErroRegistro::Corrompido {
            protocolo: format!("documento assinado nº {id}"),
            seq: 0,
            causa: format!("instante da assinatura «{assinado_em}» ilegível"),
        })?,
    })
}

impl Registro {
    /// As emissões de um processo, da primeira à última (sem as leituras que a regra antiga
    /// registrou, migração 0012).
    pub async fn emitidos_do_processo(
        &self,
        protocolo: &str,
    ) -> Result<Vec<DocumentoEmitido>, ErroRegistro> {
        let linhas = sqlx::query(&format!(
            "SELECT {COLUNAS} FROM documentos_emitidos WHERE protocolo = $1 AND {SO_EMITIDOS} \
             ORDER BY id"
        ))
        .bind(protocolo)
        .fetch_all(&self.pool)
        .await?;
        linhas.iter().map(da_linha).collect()
    }

    /// As emissões que ainda não têm a assinatura de quem ocupa `cargo` (a Presidência, na sua
    /// mesa de trabalho), cada uma com quantas assinaturas já tem — numa consulta só, não uma
    /// por processo e outra por emissão.
    pub async fn sem_assinatura_do_cargo(
        &self,
        cargo: &str,
    ) -> Result<Vec<(DocumentoEmitido, u64)>, ErroRegistro> {
        let linhas = sqlx::query(&format!(
            "SELECT {COLUNAS}, \
             (SELECT COUNT(*) FROM documentos_assinados a \
              WHERE a.emissao = documentos_emitidos.id) AS assinaturas \
             FROM documentos_emitidos WHERE NOT EXISTS \
             (SELECT 1 FROM documentos_assinados a \
              WHERE a.emissao = documentos_emitidos.id AND a.assinante_cargo = $1) \
             AND {SO_EMITIDOS} ORDER BY id"
        ))
        .bind(cargo)
        .fetch_all(&self.pool)
        .await?;
        linhas
            .iter()
            .map(|r| {
                let n: i64 = r.try_get("assinaturas")?;
                Ok((da_linha(r)?, u64::try_from(n).unwrap_or(0)))
            })
            .collect()
    }

    /// A emissão de número `id`, se houver.
    pub async fn emitido(&self, id: i64) -> Result<Option<DocumentoEmitido>, ErroRegistro> {
        let r = sqlx::query(&format!(
            "SELECT {COLUNAS} FROM documentos_emitidos WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        r.as_ref().map(da_linha).transpose()
    }

    /// Registra uma versão assinada de uma emissão. Os bytes têm de começar pela última versão
    /// registrada (a emissão, ou a última assinada): uma assinatura acrescenta, não refaz — a
    /// versão que partisse de outra, mais antiga, perderia a assinatura de alguém.
    pub async fn registrar_assinatura(
        &self,
        a: &NovaAssinatura<'_>,
        agora: Timestamp,
    ) -> Result<DocumentoAssinado, ErroRegistro> {
        let textos = [
            a.assinado_por,
            a.assinante_cargo,
            a.titular,
            a.assinante_nome.unwrap_or("x"),
        ];
        if textos
            .iter()
            .any(|t| t.trim().is_empty() || t.chars().any(char::is_control))
        {
            return Err(recusa(
                "quem assina, o cargo e o titular do certificado são obrigatórios e sem caracteres de controle",
            ));
        }
        let outra_antes = || {
            recusa("outra assinatura deste documento entrou antes desta: assine de novo a versão atual, que já a traz")
        };
        let Some(base) = self.ultima_versao(a.emissao).await? else {
            return Err(ErroRegistro::NaoEncontrado(format!(
                "documento emitido nº {}",
                a.emissao
            )));
        };
        if a.conteudo.len() <= base.len() || !a.conteudo.starts_with(&base) {
            return Err(outra_antes());
        }
        let sha256 = crate::sha256_hex(a.conteudo);
        let anterior = crate::sha256_hex(&base);
        sqlx::query(
            "INSERT INTO documentos_assinados (emissao, sha256, anterior, tamanho, assinado_por, \
             assinante_nome, assinante_cargo, titular, assinado_em, conteudo) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(a.emissao)
        .bind(&sha256)
        .bind(&anterior)
        .bind(para_i64(a.conteudo.len() as u64))
        .bind(a.assinado_por)
        .bind(a.assinante_nome.map(str::trim))
        .bind(a.assinante_cargo)
        .bind(a.titular)
        .bind(agora.to_string())
        .bind(a.conteudo.to_vec())
        .execute(&self.pool)
        .await
        .map_err(|erro| match &erro {
            // a mesma versão anterior já foi assinada por outra pessoa (UNIQUE)
            sqlx::Error::Database(d) if d.is_unique_violation() => outra_antes(),
            _ => ErroRegistro::Banco(erro),
        })?;
        let r = sqlx::query(&format!(
            "SELECT {COLUNAS_ASSINADOS} FROM documentos_assinados WHERE sha256 = $1"
        ))
        .bind(&sha256)
        .fetch_one(&self.pool)
        .await?;
        assinado_da_linha(&r)
    }

    /// As versões assinadas de uma emissão, da primeira à última.
    pub async fn assinaturas_da_emissao(
        &self,
        emissao: i64,
    ) -> Result<Vec<DocumentoAssinado>, ErroRegistro> {
        let linhas = sqlx::query(&format!(
            "SELECT {COLUNAS_ASSINADOS} FROM documentos_assinados WHERE emissao = $1 ORDER BY id"
        ))
        .bind(emissao)
        .fetch_all(&self.pool)
        .await?;
        linhas.iter().map(assinado_da_linha).collect()
    }

    /// Os bytes de uma versão assinada, conferidos contra o SHA-256 registrado.
    pub async fn conteudo_assinado(&self, id: i64) -> Result<Option<Vec<u8>>, ErroRegistro> {
        self.conteudo_conferido("documentos_assinados", "documento assinado", id)
            .await
    }

    /// A última versão de uma emissão: a última assinada ou, sem assinatura, a emitida.
    pub async fn ultima_versao(&self, emissao: i64) -> Result<Option<Vec<u8>>, ErroRegistro> {
        match self.assinaturas_da_emissao(emissao).await?.last() {
            Some(v) => self.conteudo_assinado(v.id).await,
            None => self.conteudo_emitido(emissao).await,
        }
    }
}

impl Registro {
    /// A auditoria dos documentos emitidos de um processo e das suas versões assinadas: os
    /// bytes guardados têm o SHA-256 e o tamanho registrados, e cada versão assinada começa pela
    /// versão a que diz acrescentar (a emitida ou a assinada antes). Um documento trocado no
    /// banco, ou uma assinatura que apaga outra, é acusado com o número da emissão.
    pub(crate) async fn conferir_emitidos(
        &self,
        protocolo: &str,
    ) -> Result<Vec<divisa_processo::cadeia::Violacao>, ErroRegistro> {
        let mut v = Vec::new();
        let violacao = |descricao: String| divisa_processo::cadeia::Violacao {
            protocolo: protocolo.to_owned(),
            seq: None,
            descricao,
        };
        let emitidos = sqlx::query(
            "SELECT id, codigo, sha256, tamanho, conteudo FROM documentos_emitidos \
             WHERE protocolo = $1 ORDER BY id",
        )
        .bind(protocolo)
        .fetch_all(&self.pool)
        .await?;
        for r in &emitidos {
            let id: i64 = r.try_get("id")?;
            let sha256: String = r.try_get("sha256")?;
            let tamanho = para_u64(r.try_get("tamanho")?);
            let codigo: String = r.try_get("codigo")?;
            let conteudo: Vec<u8> = r.try_get("conteudo")?;
            if crate::sha256_hex(&conteudo) != sha256 || conteudo.len() as u64 != tamanho {
                v.push(violacao(format!(
                    "ADULTERAÇÃO: os bytes do documento emitido nº {id} (código {}) não são os registrados (SHA-256 ou tamanho diferentes)",
                    codigo_com_tracos(&codigo)
                )));
            }
            if codigo_normalizado(&codigo).as_deref() != Some(codigo.as_str()) {
                v.push(violacao(format!(
                    "ADULTERAÇÃO: o documento emitido nº {id} tem um código de verificação ilegível («{codigo}»)"
                )));
            }
            let assinados = sqlx::query(
                "SELECT id, sha256, anterior, tamanho, conteudo FROM documentos_assinados \
                 WHERE emissao = $1 ORDER BY id",
            )
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
            let mut anterior = (sha256, conteudo);
            for a in &assinados {
                let versao: i64 = a.try_get("id")?;
                let sha: String = a.try_get("sha256")?;
                let base: String = a.try_get("anterior")?;
                let tamanho = para_u64(a.try_get("tamanho")?);
                let bytes: Vec<u8> = a.try_get("conteudo")?;
                if crate::sha256_hex(&bytes) != sha || bytes.len() as u64 != tamanho {
                    v.push(violacao(format!(
                        "ADULTERAÇÃO: os bytes da versão assinada nº {versao} do documento emitido nº {id} não são os registrados"
                    )));
                }
                if base != anterior.0 || !bytes.starts_with(&anterior.1) {
                    v.push(violacao(format!(
                        "ADULTERAÇÃO: a versão assinada nº {versao} do documento emitido nº {id} não acrescenta à versão anterior (uma assinatura foi apagada ou o documento trocado)"
                    )));
                }
                anterior = (sha, bytes);
            }
        }
        Ok(v)
    }
}

#[cfg(test)]
mod testes {
    use super::{codigo_com_tracos, codigo_normalizado};

    /// Issue 16: o código é aceito como impresso, em minúsculas, sem traços ou com espaços; o
    /// que não tem 20 dígitos hexadecimais não é código.
    #[test]
    fn codigo_aceito_com_ou_sem_tracos_em_qualquer_caixa() {
        let c = Some("3F2A1B4C5D6E7F80912A".to_owned());
        assert_eq!(codigo_normalizado("3F2A1-B4C5D-6E7F8-0912A"), c);
        assert_eq!(codigo_normalizado("3f2a1b4c5d6e7f80912a"), c);
        assert_eq!(codigo_normalizado(" 3f2a1 b4c5d 6e7f8 0912a\n"), c);
        assert_eq!(codigo_normalizado("3F2A1-B4C5D-6E7F8-0912"), None);
        assert_eq!(codigo_normalizado("3F2A1-B4C5D-6E7F8-0912G"), None);
        assert_eq!(codigo_normalizado(&"0".repeat(10_000)), None);
        assert_eq!(
            codigo_com_tracos("3f2a1b4c5d6e7f80912a"),
            "3F2A1-B4C5D-6E7F8-0912A"
        );
    }
}
