//! Os avisos de prazo por e-mail (issue 19; Art. 2º, § 3º: "30 dias … sob pena de
//! responsabilidade"): a cada órgão e à Comissão, quando o ofício sai, 7 dias antes do
//! vencimento e quando vence.
//!
//! Dois passos, a cada intervalo: **gerar** (das pendências de todos os processos, cada aviso
//! entra na caixa de saída do banco uma vez só, pela chave) e **entregar** (o que está na caixa
//! vai ao servidor SMTP da configuração; entregue, é marcado; falhou, volta mais tarde, com o erro
//! guardado). O banco é a memória: um servidor de e-mail fora do ar não perde nada, um reinício
//! não manda de novo, e com vários servidores cada aviso é reservado por um só.

use std::time::Duration;

use divisa_processo::prazos::SituacaoDoPrazo;
use divisa_processo::{Orgao, TipoPendencia};
use divisa_registro::{AlertaDoProcesso, Registro};
use jiff::Timestamp;

/// Para onde e como mandar.
#[derive(Debug, Clone)]
pub struct ConfiguracaoAvisos {
    /// O servidor SMTP, `host:porta` (relé da rede, sem TLS).
    pub smtp: String,
    /// Quem manda ("Comissão de Revisão Territorial <crt@al.mt.gov.br>").
    pub remetente: String,
    /// A Comissão (recebe todos os avisos).
    pub comissao: Vec<String>,
    /// O Órgão de Informação e Cartografia.
    pub cartografia: Vec<String>,
    /// O Órgão Fazendário.
    pub fazenda: Vec<String>,
    /// O Tribunal Regional Eleitoral.
    pub tre: Vec<String>,
    /// De quanto em quanto tempo gerar e entregar.
    pub intervalo: Duration,
}

impl ConfiguracaoAvisos {
    fn do_orgao(&self, orgao: Orgao) -> &[String] {
        match orgao {
            Orgao::Cartografia => &self.cartografia,
            Orgao::Fazenda => &self.fazenda,
            Orgao::Tre => &self.tre,
            Orgao::Comissao => &[],
        }
    }
}

/// O laço dos avisos, até o servidor parar.
pub(crate) async fn laco(registro: Registro, c: ConfiguracaoAvisos) {
    loop {
        if let Err(e) = gerar(&registro, &c, Timestamp::now()).await {
            tracing::error!(target: "divisa::avisos", causa = %e, "não foi possível gerar os avisos");
        }
        entregar(&registro, &c).await;
        tokio::time::sleep(c.intervalo).await;
    }
}

/// O aviso que uma pendência pede hoje, se algum: (chave, assunto, corpo).
fn aviso_de(a: &AlertaDoProcesso, hoje: jiff::civil::Date) -> Option<(String, String, String)> {
    let orgao = a.pendencia.orgao;
    let base = format!("{}|{}", a.protocolo, orgao.codigo());
    let processo = format!("Processo {} — {}", a.protocolo, a.nome);
    // o parágrafo citado como vigorava em `hoje`, tirado do texto da lei, nunca reescrito aqui
    let paragrafo = divisa_lei::texto::lei()
        .ok()
        .and_then(|l| l.dispositivo("art2_par3"))
        .and_then(|d| d.em(hoje))
        .and_then(|v| match v {
            divisa_lei::texto::EmVigor::Texto(r) => r.texto.clone(),
            _ => None,
        });
    let rodape = format!(
        "{}Aviso automático da Comissão de Revisão Territorial da Assembleia Legislativa de Mato Grosso. Os prazos contam em dias corridos, excluído o dia do recebimento.",
        paragrafo
            .map(|t| format!("Lei Complementar nº 23, de 19 de novembro de 1992, Art. 2º, § 3º: \"{t}\"\n\n"))
            .unwrap_or_default()
    );
    let prazo = divisa_lei::texto::prazo_das_certidoes(hoje);
    match (a.pendencia.tipo, a.alerta.situacao, a.alerta.vencimento) {
        (TipoPendencia::RecebimentoNaoRegistrado, _, _) => Some((
            format!("{base}|oficio-enviado"),
            format!("Ofício da Comissão de Revisão Territorial {} — {}", orgao.ao_orgao(), a.protocolo),
            format!(
                "{processo}\n\nA Comissão de Revisão Territorial enviou ofício {} pedindo a certidão do Art. 2º, {} ({}). O prazo de {prazo} corre do recebimento, que ainda não foi registrado nos autos.\n\n{}\n\n{rodape}\n",
                orgao.ao_orgao(),
                divisa_processo::incisos_do_orgao(orgao),
                a.pendencia.detalhe,
                a.alerta.mensagem()
            ),
        )),
        (TipoPendencia::Certidao, Some(SituacaoDoPrazo::Vencido { .. }), Some(v)) => Some((
            format!("{base}|vencido|{v}"),
            format!("PRAZO VENCIDO: certidão {} — {}", orgao.do_orgao(), a.protocolo),
            format!(
                "{processo}\n\nVenceu o prazo da certidão {} (Art. 2º, {}).\n\n{}\n\n{rodape}\n",
                orgao.do_orgao(),
                divisa_processo::incisos_do_orgao(orgao),
                a.alerta.mensagem()
            ),
        )),
        (
            TipoPendencia::Certidao,
            Some(SituacaoDoPrazo::EmDia { restam } | SituacaoDoPrazo::VenceEmBreve { restam }),
            Some(v),
        ) if restam <= 7 => Some((
            format!("{base}|sete-dias|{v}"),
            format!(
                "Prazo vence em {}: certidão {} — {}",
                if restam == 1 { "1 dia".to_owned() } else { format!("{restam} dias") },
                orgao.do_orgao(),
                a.protocolo
            ),
            format!(
                "{processo}\n\nO prazo da certidão {} (Art. 2º, {}) vence em {}.\n\n{}\n\n{rodape}\n",
                orgao.do_orgao(),
                divisa_processo::incisos_do_orgao(orgao),
                divisa_referencia::formato::data(v),
                a.alerta.mensagem()
            ),
        )),
        _ => None,
    }
}

/// Põe na caixa de saída os avisos que as pendências pedem em `agora` (os que já entraram não
/// entram de novo). Devolve quantos entraram.
pub(crate) async fn gerar(
    registro: &Registro,
    c: &ConfiguracaoAvisos,
    agora: Timestamp,
) -> Result<usize, divisa_registro::ErroRegistro> {
    let hoje = divisa_registro::hoje_em_cuiaba(agora);
    let mut novos = 0;
    for a in registro.alertas(hoje).await? {
        let Some((chave, assunto, corpo)) = aviso_de(&a, hoje) else {
            continue;
        };
        let para: Vec<&str> = c
            .do_orgao(a.pendencia.orgao)
            .iter()
            .chain(&c.comissao)
            .map(String::as_str)
            .collect();
        if para.is_empty() {
            continue;
        }
        if registro
            .enfileirar_aviso(&chave, &para.join(", "), &assunto, &corpo, agora)
            .await?
        {
            novos += 1;
            tracing::info!(target: "divisa::avisos", chave = %chave, "aviso na caixa de saída");
        }
    }
    Ok(novos)
}

/// Entrega o que está na caixa de saída.
pub(crate) async fn entregar(registro: &Registro, c: &ConfiguracaoAvisos) {
    use lettre::AsyncTransport as _;
    let agora = Timestamp::now();
    let avisos = match registro.reservar_avisos(agora, 20).await {
        Ok(a) => a,
        Err(e) => {
            tracing::error!(target: "divisa::avisos", causa = %e, "não foi possível ler a caixa de saída");
            return;
        }
    };
    if avisos.is_empty() {
        return;
    }
    let (host, porta) = match c.smtp.rsplit_once(':') {
        Some((h, p)) => (h.to_owned(), p.parse().unwrap_or(25)),
        None => (c.smtp.clone(), 25),
    };
    let transporte = lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::builder_dangerous(host)
        .port(porta)
        .timeout(Some(Duration::from_secs(20)))
        .build();
    for aviso in avisos {
        let resultado = async {
            let mut m = lettre::Message::builder()
                .from(c.remetente.parse().map_err(|e| format!("remetente: {e}"))?)
                .subject(aviso.assunto.clone());
            for d in aviso
                .para
                .split(',')
                .map(str::trim)
                .filter(|d| !d.is_empty())
            {
                m = m.to(d.parse().map_err(|e| format!("destinatário «{d}»: {e}"))?);
            }
            let m = m
                .header(lettre::message::header::ContentType::TEXT_PLAIN)
                .body(aviso.corpo.clone())
                .map_err(|e| format!("mensagem: {e}"))?;
            transporte
                .send(m)
                .await
                .map(|_| ())
                .map_err(|e| format!("servidor SMTP {}: {e}", c.smtp))
        }
        .await;
        let gravado = match resultado {
            Ok(()) => {
                tracing::info!(target: "divisa::avisos", aviso = aviso.id, "aviso entregue");
                registro.aviso_entregue(aviso.id, Timestamp::now()).await
            }
            Err(erro) => {
                // o intervalo, o dobro, o quádruplo… até uma hora
                let base = c.intervalo.as_secs().max(1);
                let espera = (base << aviso.tentativas.min(6)).min(3600);
                let proxima = Timestamp::now()
                    .checked_add(jiff::SignedDuration::from_secs(espera as i64))
                    .unwrap_or(Timestamp::MAX);
                tracing::warn!(target: "divisa::avisos", aviso = aviso.id, erro = %erro, "entrega do aviso falhou; fica para depois");
                registro.aviso_falhou(aviso.id, &erro, proxima).await
            }
        };
        if let Err(e) = gravado {
            tracing::error!(target: "divisa::avisos", causa = %e, "não foi possível gravar a entrega do aviso");
        }
    }
}
