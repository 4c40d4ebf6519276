//! Os fatos impossíveis: os números da proposta entre si e diante dos dados embutidos. Um fato
//! impossível é recusado no campo (saída 2), nunca avaliado.

use super::*;

impl Validador<'_> {
    /// Os números da proposta entre si e diante dos dados embutidos: um fato impossível é
    /// recusado (saída 2), nunca avaliado.
    ///
    /// Diante dos dados embutidos (estimativa do IBGE de 2025, eleitorado do TSE de 2024) há
    /// uma folga de 25%: a certidão pode ser de data posterior e o município ter crescido; um
    /// número que passa o do município inteiro mais essa folga é erro de digitação ou de
    /// território, não crescimento. Entre os números da própria proposta não há folga.
    pub(super) fn coerencia(&self, fatos: &Fatos) -> Result<(), ErroProposta> {
        use divisa_referencia::formato::inteiro;
        let Ok(mt) = divisa_referencia::mt() else {
            return Ok(());
        };
        // Os dados embutidos são de 2022 a 2025. Para um ato de antes de 2020 eles são
        // posteriores (a origem pode ter perdido território desde então): não decidem fato
        // impossível nenhum, e só os números da proposta entre si são conferidos. Para um ato
        // futuro, a folga cresce 5 pontos por ano depois de 2025.
        let ano = fatos.data_ato.map(|d| i64::from(d.year()));
        let embutidos_valem = ano.is_none_or(|a| a >= 2020);
        let pontos = 25 + 5 * ano.map_or(0, |a| (a - 2025).max(0)) as u64;
        let folga = |v: u32| u64::from(v) + u64::from(v) * pontos / 100;
        let populacao = |c: u32| {
            if !embutidos_valem {
                return None;
            }
            mt.por_codigo(c).and_then(|m| {
                m.populacao_estimada_2025
                    .as_ref()
                    .or(m.populacao_2022.as_ref())
                    .map(|d| d.valor)
            })
        };
        let eleitores = |c: u32| {
            if !embutidos_valem {
                return None;
            }
            mt.por_codigo(c)
                .and_then(|m| m.eleitores_2024.as_ref().map(|d| d.valor))
        };
        let nome = |c: u32| mt.por_codigo(c).map_or(c.to_string(), |m| m.nome.clone());
        let soma = |codigos: &[u32], f: &dyn Fn(u32) -> Option<u32>| -> Option<u32> {
            codigos.iter().map(|&c| f(c)).sum()
        };
        if let Some(novo) = &fatos.novo {
            let origens = novo.origens.as_slice();
            let nomes = origens
                .iter()
                .map(|&c| nome(c))
                .collect::<Vec<_>>()
                .join(" + ");
            let todas = if origens.len() == 1 {
                "do município de origem"
            } else {
                "dos municípios de origem somados"
            };
            if let (Some(p), Some(total)) = (novo.dados.populacao, soma(origens, &populacao)) {
                let sem_remanescente = fatos
                    .remanescentes
                    .iter()
                    .all(|r| r.dados.populacao.is_none());
                if fatos.tipo == Tipo::Criacao && sem_remanescente && p >= u64::from(total) {
                    return Err(self.erro(
                        &["novo", "dados", "populacao"],
                        format!("fato impossível: o novo município teria {} habitantes, tanto ou mais que toda a população {todas} ({nomes}: {}, IBGE); as origens ficariam sem ninguém. Se a origem cresceu depois da estimativa, informe a população de cada remanescente em [[remanescente]]", inteiro(p as i64), inteiro(i64::from(total))),
                    ));
                }
                if fatos.tipo == Tipo::Criacao && p > folga(total) {
                    return Err(self.erro(
                        &["novo", "dados", "populacao"],
                        format!("fato impossível: {} habitantes no novo município, mais que toda a população {todas} ({nomes}: {}, IBGE) com {pontos}% de folga para o crescimento", inteiro(p as i64), inteiro(i64::from(total))),
                    ));
                }
            }
            if let (Some(e), Some(total)) = (novo.dados.eleitores, soma(origens, &eleitores)) {
                if fatos.tipo == Tipo::Criacao && e > folga(total) {
                    return Err(self.erro(
                        &["novo", "dados", "eleitores"],
                        format!("fato impossível: {} eleitores no novo município, mais que todo o eleitorado {todas} ({nomes}: {}, TSE 2024) com {pontos}% de folga", inteiro(e as i64), inteiro(i64::from(total))),
                    ));
                }
            }
            for (i, r) in fatos.remanescentes.iter().enumerate() {
                let posicao = format!("[{}]", i + 1);
                let Some(todo) = populacao(r.codigo_ibge) else {
                    continue;
                };
                if let Some(p) = r.dados.populacao {
                    if p > folga(todo) {
                        return Err(self.erro(
                            &["remanescente", &posicao, "populacao"],
                            format!("fato impossível: o que resta de {} teria {} habitantes, mais que o município inteiro ({}, IBGE) com {pontos}% de folga", nome(r.codigo_ibge), inteiro(p as i64), inteiro(i64::from(todo))),
                        ));
                    }
                    if let (1, Some(n)) = (origens.len(), novo.dados.populacao) {
                        if p.saturating_add(n) > folga(todo) {
                            return Err(self.erro(
                                &["remanescente", &posicao, "populacao"],
                                format!("fato impossível: o remanescente ({}) e o novo município ({}) somam {} habitantes, mais que {} inteiro ({}, IBGE) com {pontos}% de folga", inteiro(p as i64), inteiro(n as i64), inteiro(p.saturating_add(n) as i64), nome(r.codigo_ibge), inteiro(i64::from(todo))),
                            ));
                        }
                    }
                }
            }
            // Os signatários são eleitores da área, que é parte das origens.
            if let (Some(rep), Some(total)) = (&fatos.representacao, soma(origens, &eleitores)) {
                let n = rep.assinaturas.len() as u64;
                if n > folga(total) {
                    return Err(self.erro(
                        &["representacao", "assinaturas"],
                        format!("fato impossível: {} assinaturas de eleitores, mais que todo o eleitorado {todas} ({nomes}: {}, TSE 2024)", inteiro(n as i64), inteiro(i64::from(total))),
                    ));
                }
            }
        }
        if let Some(d) = &fatos.desmembramento {
            if d.cedente == d.receptor {
                return Err(self.erro(
                    &["desmembramento", "receptor"],
                    format!("o receptor é o próprio cedente ({}): o desmembramento separa parte de um município para integrá-la a outro (Art. 8º, § 1º)", nome(d.cedente)),
                ));
            }
            if d.area_km2 == Some(0.0) {
                return Err(self.erro(
                    &["desmembramento", "area_km2"],
                    "fato impossível: área desmembrada de 0 km²",
                ));
            }
            if d.area_cedente_km2 == Some(0.0) {
                return Err(self.erro(
                    &["desmembramento", "area_cedente_km2"],
                    "fato impossível: município cedente com 0 km²",
                ));
            }
            let (cedente_km2, origem) = match d.area_cedente_km2 {
                Some(a) => (Some(a), "informada em area_cedente_km2".to_owned()),
                None => (
                    mt.por_codigo(d.cedente)
                        .and_then(|m| m.area_oficial_km2.as_ref())
                        .map(|a| a.valor)
                        .filter(|_| embutidos_valem),
                    "área oficial, IBGE".to_owned(),
                ),
            };
            if let (Some(a), Some(c)) = (d.area_km2, cedente_km2) {
                if a > c {
                    return Err(self.erro(&["desmembramento", "area_km2"], {
                        let casas = divisa_referencia::formato::casas_para_distinguir(a, c, 2);
                        let em = |v: f64| {
                            format!("{} km²", divisa_referencia::formato::decimal(v, casas))
                        };
                        format!(
                            "fato impossível: {} desmembrados de {}, que tem {} ({origem})",
                            em(a),
                            nome(d.cedente),
                            em(c)
                        )
                    }));
                }
            }
            if let (Some(rep), Some(total)) = (&fatos.representacao, eleitores(d.cedente)) {
                let n = rep.assinaturas.len() as u64;
                if n > folga(total) {
                    return Err(self.erro(
                        &["representacao", "assinaturas"],
                        format!("fato impossível: {} assinaturas de eleitores da área, mais que todo o eleitorado de {} ({}, TSE 2024)", inteiro(n as i64), nome(d.cedente), inteiro(i64::from(total))),
                    ));
                }
            }
        }
        if let Some(i) = &fatos.incorporacao {
            if i.municipio == i.receptor {
                return Err(self.erro(
                    &["incorporacao", "receptor"],
                    format!(
                        "{} não pode ser incorporado a si mesmo: o receptor é outro município",
                        nome(i.municipio)
                    ),
                ));
            }
        }
        if let Some(e) = &fatos.extincao {
            if let (Some(r), Some(total)) = (e.requerentes, eleitores(e.municipio)) {
                if e.eleitores_inscritos.is_none() && r > folga(total) {
                    return Err(self.erro(
                        &["extincao", "requerentes"],
                        format!("fato impossível: {} requerentes, mais que todo o eleitorado de {} ({}, TSE 2024)", inteiro(r as i64), nome(e.municipio), inteiro(i64::from(total))),
                    ));
                }
            }
        }
        if let Some(a) = &fatos.distrito {
            if let (Some(p), Some(todo)) = (a.populacao, populacao(a.municipio)) {
                if p > folga(todo) {
                    return Err(self.erro(
                        &["distrito", "populacao"],
                        format!("fato impossível: {} habitantes no distrito, mais que todo o município de {} ({}, IBGE) com {pontos}% de folga", inteiro(p as i64), nome(a.municipio), inteiro(i64::from(todo))),
                    ));
                }
            }
        }
        Ok(())
    }
}
