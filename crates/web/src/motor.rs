//! O motor da lei onde o processo o chama: o parecer de mérito (Art. 18) e o relatório da
//! proposta anexada.

use divisa_processo::{Ato, Processo};
use jiff::civil::Date;

/// Art. 18: o parecer de mérito favorável passa pelo motor da lei. Se o processo tem a proposta
/// anexada, os dispositivos que ela não atende na data do parecer entram em `nao_atendidos` (e a
/// lei recusa o parecer favorável). Se não pode ser avaliada, o operador é avisado em stderr:
/// o parecer segue sem a conferência, e o aviso diz isso.
pub fn com_achados_do_motor(ato: Ato, processo: &Processo, data: Date) -> Ato {
    com_achados(ato, processo, data, &mut |aviso| {
        eprintln!("divisa processo avancar: aviso: {aviso}")
    })
}

/// Como [`com_achados_do_motor`], entregando os avisos a `avisar` (a web os mostra na página).
pub fn com_achados(
    ato: Ato,
    processo: &Processo,
    data: Date,
    avisar: &mut dyn FnMut(String),
) -> Ato {
    let Ato::ParecerDeMerito {
        favoravel,
        votos,
        mut nao_atendidos,
    } = ato
    else {
        return ato;
    };
    match &processo.proposta {
        None => avisar(format!(
            "o processo {} não tem proposta anexada; o parecer de mérito não foi conferido pelo motor da lei.",
            processo.protocolo
        )),
        Some(texto) => {
            let nome = format!("proposta anexada ao processo {}", processo.protocolo);
            match divisa_avaliacao::ler_sem_arquivos(&nome, texto)
                .map_err(|e| e.to_string())
                .and_then(|p| divisa_lei::avaliar(&p.fatos, data).map_err(|e| e.to_string()))
            {
                Ok(avaliacao) => {
                    for a in avaliacao.achados {
                        if a.situacao == divisa_lei::Situacao::NaoAtende
                            && !nao_atendidos.contains(&a.dispositivo)
                        {
                            nao_atendidos.push(a.dispositivo);
                        }
                    }
                }
                Err(e) => avisar(format!(
                    "a proposta anexada não pôde ser avaliada ({e}); o parecer de mérito não foi conferido pelo motor da lei."
                )),
            }
        }
    }
    Ato::ParecerDeMerito {
        favoravel,
        votos,
        nao_atendidos,
    }
}
