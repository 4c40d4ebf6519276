//! O relógio da linha de comando: o de verdade, ou o que `DIVISA_AGORA` disser.
//!
//! `DIVISA_AGORA=2027-03-10T12:00:00Z` (ou só a data, `2027-03-10`, meio-dia em Cuiabá) faz todo
//! comando agir como se fosse aquele instante: para reproduzir o que o divisa disse num dia
//! (os prazos, o calendário eleitoral, a lei em vigor) e para os testes dos limites do
//! calendário (issue 14: um relógio em 9999-12-31 não pode derrubar nenhum comando). Um valor
//! ilegível é recusado com saída 2, dizendo o formato.

use jiff::Timestamp;

/// O instante de agora (ou o de `DIVISA_AGORA`). [`conferir`] já recusou um relógio fora do
/// intervalo; se ainda assim vier um, fica o último instante representável.
pub(crate) fn agora() -> Timestamp {
    match std::env::var("DIVISA_AGORA") {
        Ok(v) => ler(&v).unwrap_or(Timestamp::MAX),
        Err(_) => do_sistema().unwrap_or(Timestamp::MAX),
    }
}

/// O relógio do sistema, se estiver no intervalo das datas (anos −9999 a 9999).
fn do_sistema() -> Option<Timestamp> {
    Timestamp::try_from(std::time::SystemTime::now()).ok()
}

/// O relógio é legível? `DIVISA_AGORA` bem escrito, ou o relógio do sistema dentro do intervalo
/// das datas. Conferido no começo de todo comando: fora disso, saída 2 dizendo por quê.
pub(crate) fn conferir() -> Result<(), String> {
    match std::env::var("DIVISA_AGORA") {
        Ok(v) if ler(&v).is_none() => Err(format!(
            "DIVISA_AGORA=«{v}»: esperava um instante como 2027-03-10T12:00:00Z ou uma data como 2027-03-10, entre os anos −9999 e 9999"
        )),
        Ok(_) => Ok(()),
        Err(_) if do_sistema().is_none() => Err(
            "o relógio do sistema está fora do intervalo de datas que o divisa calcula (anos −9999 a 9999); acerte a data da máquina".to_owned(),
        ),
        Err(_) => Ok(()),
    }
}

fn ler(v: &str) -> Option<Timestamp> {
    let v = v.trim();
    if let Ok(t) = v.parse::<Timestamp>() {
        return Some(t);
    }
    let data: jiff::civil::Date = v.parse().ok()?;
    // meio-dia em Cuiabá (UTC−4): o mesmo dia em qualquer fuso do Brasil
    jiff::tz::offset(-4).to_timestamp(data.at(12, 0, 0, 0)).ok()
}
