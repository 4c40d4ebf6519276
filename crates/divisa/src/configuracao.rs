//! A configuração de `divisa serve` num arquivo TOML (issue 19), para quem opera o servidor:
//!
//! ```toml
//! endereco = "0.0.0.0:8080"
//! endereco_publico = "https://divisa.al.mt.gov.br"   # o QR dos documentos leva a /verificar nele
//! banco = "postgres://divisa@banco/divisa"
//! log_json = true
//! https = true                         # atrás de um proxy com TLS: cookies Secure
//! proxies_confiaveis = ["10.0.0.1"]
//! memoria_por_trabalho_mb = 512
//! sem_demonstracao = true
//! # tls_certificado = "/etc/divisa/cert.pem"   # TLS no próprio servidor, sem proxy
//! # tls_chave = "/etc/divisa/chave.pem"
//!
//! [avisos]                             # os avisos de prazo por e-mail
//! smtp = "relay.al.mt.gov.br:25"
//! remetente = "Comissão de Revisão Territorial <crt@al.mt.gov.br>"
//! comissao = ["crt@al.mt.gov.br"]
//! cartografia = ["cartografia@seplag.mt.gov.br"]
//! fazenda = ["certidoes@sefaz.mt.gov.br"]
//! tre = ["protocolo@tre-mt.jus.br"]
//! intervalo_segundos = 300
//! ```
//!
//! A ordem de valer: a linha de comando, depois o ambiente (`DIVISA_ENDERECO`, `DIVISA_DB`),
//! depois o arquivo, depois o padrão. Segredos não vão no arquivo: o token das métricas vem só
//! do ambiente (`DIVISA_TOKEN_METRICAS`). Um campo desconhecido ou de tipo errado é recusado
//! com a linha e o campo (saída 2), nunca ignorado.

use std::net::{IpAddr, SocketAddr};
use std::path::Path;

use serde::Deserialize;

/// O arquivo de configuração.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Arquivo {
    pub endereco: Option<SocketAddr>,
    pub banco: Option<String>,
    pub https: Option<bool>,
    pub log_json: Option<bool>,
    pub proxies_confiaveis: Option<Vec<IpAddr>>,
    pub memoria_por_trabalho_mb: Option<u32>,
    pub sem_demonstracao: Option<bool>,
    /// TLS no próprio servidor: o certificado (PEM, com a cadeia) e a chave privada (PEM).
    pub tls_certificado: Option<std::path::PathBuf>,
    pub tls_chave: Option<std::path::PathBuf>,
    pub avisos: Option<Avisos>,
    /// O endereço público do divisa (`https://…`): o QR e o rodapé dos documentos levam a
    /// `/verificar` nele.
    pub endereco_publico: Option<String>,
}

/// Como compor os PDFs emitidos: o endereço público de conferência, de `DIVISA_ENDERECO_PUBLICO`
/// ou, sem ele, do arquivo de configuração (`do_arquivo`). Um endereço que não é `http(s)://` é
/// recusado com de onde veio.
pub(crate) fn opcoes_dos_documentos(
    do_arquivo: Option<&str>,
) -> Result<divisa_documentos::OpcoesDoPdf, String> {
    let endereco = match std::env::var_os("DIVISA_ENDERECO_PUBLICO") {
        Some(e) => Some(
            divisa_documentos::EnderecoPublico::novo(&e.to_string_lossy())
                .map_err(|e| format!("DIVISA_ENDERECO_PUBLICO: {e}"))?,
        ),
        None => do_arquivo
            .map(divisa_documentos::EnderecoPublico::novo)
            .transpose()
            .map_err(|e| format!("endereco_publico: {e}"))?,
    };
    Ok(divisa_documentos::OpcoesDoPdf {
        endereco_publico: endereco,
    })
}

/// Os avisos por e-mail.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Avisos {
    pub smtp: String,
    pub remetente: String,
    #[serde(default)]
    pub comissao: Vec<String>,
    #[serde(default)]
    pub cartografia: Vec<String>,
    #[serde(default)]
    pub fazenda: Vec<String>,
    #[serde(default)]
    pub tre: Vec<String>,
    pub intervalo_segundos: Option<u64>,
}

impl Avisos {
    /// A configuração dos avisos para o servidor (intervalo padrão: 5 minutos).
    pub(crate) fn para_o_servidor(&self) -> divisa_web::avisos::ConfiguracaoAvisos {
        divisa_web::avisos::ConfiguracaoAvisos {
            smtp: self.smtp.clone(),
            remetente: self.remetente.clone(),
            comissao: self.comissao.clone(),
            cartografia: self.cartografia.clone(),
            fazenda: self.fazenda.clone(),
            tre: self.tre.clone(),
            intervalo: std::time::Duration::from_secs(
                self.intervalo_segundos.unwrap_or(300).max(1),
            ),
        }
    }
}

/// Lê o arquivo; o erro, em português, diz o arquivo, a linha e o campo.
pub(crate) fn ler(caminho: &Path) -> Result<Arquivo, String> {
    let nome = caminho.display().to_string();
    let bytes = divisa_recursos::ler_com_teto(caminho, 1024 * 1024).map_err(|e| {
        format!(
            "{nome}: não foi possível ler a configuração: {}",
            divisa_recursos::motivo_de_leitura(&e)
        )
    })?;
    let texto = String::from_utf8(bytes).map_err(|_| format!("{nome}: não é texto UTF-8"))?;
    let arquivo: Arquivo = divisa_avaliacao::ler_toml(&nome, &texto).map_err(|e| e.to_string())?;
    if arquivo.tls_certificado.is_some() != arquivo.tls_chave.is_some() {
        return Err(format!(
            "{nome}, campos tls_certificado e tls_chave: dê os dois (o certificado e a sua chave privada, em PEM), ou nenhum"
        ));
    }
    if let Some(mb) = arquivo.memoria_por_trabalho_mb {
        if !(8..=65536).contains(&mb) {
            return Err(format!(
                "{nome}, campo memoria_por_trabalho_mb: {mb} MB; use de 8 a 65536"
            ));
        }
    }
    if let Some(a) = &arquivo.avisos {
        if a.smtp
            .rsplit_once(':')
            .is_none_or(|(h, p)| h.is_empty() || p.parse::<u16>().is_err())
        {
            return Err(format!(
                "{nome}, campo avisos.smtp: «{}»; esperava servidor:porta, como relay.al.mt.gov.br:25",
                a.smtp
            ));
        }
        if a.comissao.is_empty() {
            return Err(format!(
                "{nome}, campo avisos.comissao: dê ao menos um e-mail da Comissão (ela recebe todos os avisos)"
            ));
        }
        for (campo, lista) in [
            ("comissao", &a.comissao),
            ("cartografia", &a.cartografia),
            ("fazenda", &a.fazenda),
            ("tre", &a.tre),
        ] {
            if let Some(ruim) = lista
                .iter()
                .find(|e| !e.contains('@') || e.contains(char::is_whitespace))
            {
                return Err(format!(
                    "{nome}, campo avisos.{campo}: «{ruim}» não é um endereço de e-mail"
                ));
            }
        }
    }
    Ok(arquivo)
}

#[cfg(test)]
mod testes {
    /// O exemplo do repositório (`implantacao/divisa.toml`) é uma configuração válida.
    #[test]
    fn o_exemplo_da_implantacao_e_valido() {
        let caminho =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../implantacao/divisa.toml");
        let c = super::ler(&caminho).expect("o exemplo lê");
        assert_eq!(c.sem_demonstracao, Some(true));
        let avisos = c.avisos.expect("a seção [avisos]");
        assert_eq!(avisos.comissao, ["crt@al.mt.gov.br"]);
        assert_eq!(
            avisos.para_o_servidor().intervalo,
            std::time::Duration::from_secs(300)
        );
    }
}
