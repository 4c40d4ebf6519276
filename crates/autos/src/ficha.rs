//! A ficha do processo em texto (`divisa processo mostrar`): a fase, quem dá o próximo passo,
//! os documentos, as certidões, os prazos, os alertas e os atos. A linha de comando a imprime;
//! a página mostra as mesmas partes como página.

use divisa_processo::prazos::SituacaoDoPrazo;
use divisa_processo::{Evento, Processo, Resposta, Via};
use divisa_referencia::formato::data as fmt_data;
use jiff::civil::Date;

/// A ficha do processo em texto: fase, prazos, pendências e atos (`completo`: com a proposta).
pub fn ficha(p: &Processo, eventos: &[Evento], completo: bool, hoje: Date) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Processo {} — {}: \"{}\"",
        p.protocolo,
        p.tipo.nome(),
        p.nome
    );
    let _ = writeln!(
        s,
        "Municípios de origem: {}",
        p.municipios_origem.join(", ")
    );
    let _ = writeln!(
        s,
        "Protocolado em {} ({})",
        fmt_data(p.protocolado_em),
        match &p.via {
            Via::Deputado { id } => format!("através do deputado {id}"),
            Via::Comunidade => "diretamente pela comunidade".into(),
        }
    );
    let _ = writeln!(s, "Fase: {} — versão {}", p.fase.nome(), p.versao);
    if let Some(a) = &p.arquivamento {
        let _ = writeln!(s, "Arquivado em {} ({})", fmt_data(a.em), a.fundamento);
    } else {
        let _ = writeln!(s, "Próximo passo: {}", p.fase.proximo_passo());
        let quem_age = divisa_processo::oferta::frase_do_proximo(p, hoje);
        if !quem_age.is_empty() {
            let _ = writeln!(s, "  {quem_age}.");
        }
    }
    if completo {
        let faltam = p.documentos_faltantes();
        if !faltam.is_empty() {
            let _ = writeln!(s, "\nDocumentos do Art. 15 que faltam nos autos:");
            for d in faltam {
                let _ = writeln!(
                    s,
                    "  - {} ({})",
                    d.nome_no(p.tipo),
                    p.situacao_do_documento(d).texto()
                );
            }
        }
        let certidoes = p.certidoes();
        if !certidoes.is_empty() && p.fase >= divisa_processo::Fase::Certidoes {
            let _ = writeln!(s, "\nCertidões (Art. 2º, §§ 2º e 3º):");
            for (o, r) in certidoes {
                let estado = match (&r.oficio, r.recebido_em, &r.resposta) {
                    (_, _, Some(Resposta::Emitida { numero, em, .. })) => {
                        format!(
                            "{} de {}",
                            divisa_processo::certidao_numero(numero),
                            fmt_data(*em)
                        )
                    }
                    (_, _, Some(Resposta::Recusada { motivo, em })) => {
                        format!("RECUSADA em {} (Art. 9º): {motivo}", fmt_data(*em))
                    }
                    (Some((n, em)), Some(rec), None) => format!(
                        "ofício {n} de {}, recebido em {}",
                        fmt_data(*em),
                        fmt_data(rec)
                    ),
                    (Some((n, em)), None, None) => {
                        format!(
                            "ofício {n} de {}, recebimento não registrado",
                            fmt_data(*em)
                        )
                    }
                    (None, _, None) => "ofício não enviado".into(),
                };
                let _ = writeln!(s, "  {} (incisos {}): {estado}", o.nome(), o.incisos());
            }
        }
        let prazos = p.prazos();
        if !prazos.is_empty() {
            let _ = writeln!(s, "\nPrazos em {}:", fmt_data(hoje));
            for pr in &prazos {
                let situacao = pr.situacao(hoje);
                let marca = match situacao {
                    SituacaoDoPrazo::Vencido { .. } => "VENCIDO",
                    SituacaoDoPrazo::VenceEmBreve { .. } => "ATENÇÃO",
                    _ => "",
                };
                let _ = writeln!(
                    s,
                    "  {marca:<8} {} — {} dias a contar de {}, vencimento {}: {}",
                    pr.descricao,
                    pr.dias,
                    fmt_data(pr.inicio),
                    fmt_data(pr.vencimento),
                    situacao.texto()
                );
            }
            let _ = writeln!(
                s,
                "  Contagem: {}.",
                divisa_processo::prazos::REGRA_DIAS_CORRIDOS
            );
        }
        let alertas = p.alertas(hoje);
        if !alertas.is_empty() {
            let _ = writeln!(s, "\nAlertas:");
            for a in alertas {
                let _ = writeln!(s, "  [{}] {}", a.artigo, a.mensagem());
            }
        }
    } else {
        let _ = writeln!(
            s,
            "\n(Visão pública, Art. 16: só os atos publicados. A Comissão vê o processo inteiro.)"
        );
    }
    let _ = writeln!(s, "\nAtos:");
    // Um texto gravado com quebra de linha não desenha uma linha falsa na ficha.
    let uma_linha = |t: &str| -> String {
        t.chars()
            .map(|c| if c.is_control() { '⏎' } else { c })
            .collect()
    };
    for e in eventos {
        let _ = writeln!(
            s,
            "  {:>3}. {} — {} ({} {})",
            e.seq,
            fmt_data(e.data),
            uma_linha(&e.ato.resumo()),
            e.ator.papel.nome(),
            uma_linha(&e.ator.id)
        );
        for a in &e.anexos {
            let _ = writeln!(
                s,
                "       arquivo: {} ({}, {} bytes, SHA-256 {})",
                a.nome,
                a.tipo_midia,
                divisa_referencia::formato::inteiro(i64::try_from(a.tamanho).unwrap_or(i64::MAX)),
                a.sha256
            );
        }
    }
    s
}
