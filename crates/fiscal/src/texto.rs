//! O estudo fiscal em texto corrido, para quem cuida do orçamento: números no formato brasileiro
//! (4.000; 1.234,56; R$ 1.234,56; 28,4000%), a proposta primeiro, depois quem mais perde.
//!
//! Determinístico: a mesma entrada dá o mesmo texto (nenhuma data do relógio, nenhuma ordem de
//! `HashMap`).

use std::fmt::Write;

use rust_decimal::Decimal;

use divisa_referencia::formato::{inteiro, plural};

use crate::estudo::EstudoFiscal;
use crate::evm::MunicipioEvm;
use crate::fpm::{LinhaFpm, Reserva, ResultadoFpm};
use crate::icms::{indice_br, ResultadoIcms};
use crate::numeros::{decimal_enxuto, porcentagem, reais, reais_com_sinal};

/// Quantos municípios de fora da proposta a lista dos que mais perdem mostra.
pub const MAIORES_PERDAS: usize = 10;

fn coeficiente(c: Decimal) -> String {
    decimal_enxuto(c, 1, 6)
}

/// O estudo inteiro em texto.
pub fn texto(estudo: &EstudoFiscal) -> String {
    let mut t = String::new();
    // Escrever numa `String` não falha: os `Result` do `write!` são descartados de propósito.
    let _ = writeln!(t, "ESTUDO FISCAL DA PROPOSTA");
    let _ = writeln!(
        t,
        "Quem ganha e quem perde se a proposta virar lei: o FPM federal, a cota-parte do ICMS \
         (Art. 7º, V da LC 23/1992) e os critérios do Estudo de Viabilidade Municipal."
    );
    if estudo.estimativa {
        let _ = writeln!(t, "Números estimados: sim.");
        for motivo in &estudo.motivos_estimativa {
            let _ = writeln!(t, "  - {motivo}");
        }
    } else {
        let _ = writeln!(t, "Números estimados: não.");
    }
    let _ = writeln!(t);
    fpm(&mut t, &estudo.fpm);
    let _ = writeln!(t);
    let _ = writeln!(
        t,
        "2. ICMS — cota-parte dos municípios (Art. 7º, V da LC 23/1992)"
    );
    match (&estudo.icms, &estudo.icms_pendente) {
        (Some(resultado), _) => icms(&mut t, resultado),
        (None, Some(motivo)) => {
            let _ = writeln!(t, "Pendente: {motivo}");
        }
        (None, None) => {
            let _ = writeln!(t, "Pendente.");
        }
    }
    let _ = writeln!(t);
    evm(&mut t, estudo);
    let _ = writeln!(t);
    let _ = writeln!(t, "Notas");
    for nota in &estudo.notas {
        let _ = writeln!(t, "  - {nota}");
    }
    t
}

fn fpm(t: &mut String, fpm: &ResultadoFpm) {
    let _ = writeln!(t, "1. FPM — Fundo de Participação dos Municípios (federal)");
    let _ = writeln!(t, "População: {}", fpm.populacao);
    let _ = writeln!(t, "Coeficientes: {}", fpm.fonte_coeficientes);
    let _ = writeln!(
        t,
        "Fundo do FPM-Interior de Mato Grosso: {} por ano ({}: {})",
        reais(fpm.fundo_reais),
        if fpm.fundo_estimativa {
            "estimado"
        } else {
            "informado"
        },
        fpm.fundo_fonte
    );
    let _ = writeln!(
        t,
        "Soma dos coeficientes: {} antes; {} depois ({})",
        coeficiente(fpm.soma_antes),
        coeficiente(fpm.soma_depois),
        com_sinal(fpm.soma_depois - fpm.soma_antes)
    );
    if !fpm.soma_antes.is_zero() && !fpm.soma_depois.is_zero() {
        let _ = writeln!(
            t,
            "Cada ponto de coeficiente vale {} por ano antes e {} depois.",
            reais(fpm.fundo_reais / fpm.soma_antes),
            reais(fpm.fundo_reais / fpm.soma_depois)
        );
    }
    let _ = writeln!(t);
    let _ = writeln!(t, "Municípios da proposta");
    // O novo primeiro, depois as origens e os demais alterados, por código.
    let mut proposta: Vec<&LinhaFpm> = fpm.municipios.iter().filter(|m| m.da_proposta()).collect();
    proposta.sort_by_key(|m| (!m.novo, m.codigo_ibge));
    if proposta.is_empty() {
        let _ = writeln!(t, "  (nenhum município alterado)");
    }
    for m in proposta {
        linha_da_proposta(t, m);
    }
    let _ = writeln!(t);
    let perdas = fpm.maiores_perdas(MAIORES_PERDAS);
    if perdas.is_empty() {
        let _ = writeln!(t, "Nenhum município de fora da proposta perde.");
    } else {
        let _ = writeln!(
            t,
            "Os {} que mais perdem (fora da proposta)",
            plural(perdas.len() as u64, "município", "municípios")
        );
    }
    for (posicao, m) in perdas.iter().enumerate() {
        let _ = writeln!(
            t,
            "  {:>2}. {}{}: {} → {} ({}{})",
            posicao + 1,
            m.nome,
            codigo(m.codigo_ibge),
            reais(m.reais_antes),
            reais(m.reais_depois),
            reais_com_sinal(m.variacao_reais),
            m.variacao_percentual
                .map(|p| format!("; {}", porcentagem(p, 2)))
                .unwrap_or_default()
        );
    }
    let fora: Vec<Decimal> = fpm
        .municipios
        .iter()
        .filter(|m| !m.da_proposta())
        .filter_map(|m| m.variacao_percentual)
        .collect();
    if let (Some(menor), Some(maior)) = (fora.iter().min(), fora.iter().max()) {
        let (menor, maior) = (porcentagem(*menor, 2), porcentagem(*maior, 2));
        if menor == maior {
            let _ = writeln!(
                t,
                "Cada um dos {} de fora da proposta varia {menor}.",
                plural(fora.len() as u64, "município", "municípios")
            );
        } else {
            let _ = writeln!(
                t,
                "Os {} de fora da proposta variam de {menor} a {maior} (centavos à parte).",
                plural(fora.len() as u64, "município", "municípios")
            );
        }
    }
    let soma_variacoes: Decimal = fpm.municipios.iter().map(|m| m.variacao_reais).sum();
    let _ = writeln!(
        t,
        "Soma das variações: {} (soma zero).",
        reais(soma_variacoes)
    );
    let _ = writeln!(t);
    let _ = writeln!(t, "Centavos: {}", fpm.metodo_centavos);
    let reservas: Vec<&LinhaFpm> = fpm
        .municipios
        .iter()
        .filter(|m| m.reserva.is_some())
        .collect();
    if !reservas.is_empty() {
        let _ = writeln!(t, "Reserva do FPM (142.633 habitantes):");
        for m in reservas {
            let lado = match m.reserva {
                Some(Reserva::Entra) => "entra na reserva",
                _ => "sai da reserva",
            };
            let _ = writeln!(t, "  - {}{}: {lado}", m.nome, codigo(m.codigo_ibge));
        }
    }
    if !fpm.notas.is_empty() {
        let _ = writeln!(t, "Notas do FPM:");
        for nota in &fpm.notas {
            let _ = writeln!(t, "  - {nota}");
        }
    }
}

fn linha_da_proposta(t: &mut String, m: &LinhaFpm) {
    let papel = if m.novo {
        " — novo município"
    } else if m.extinto {
        " — extinto"
    } else {
        ""
    };
    let _ = writeln!(t, "  {}{}{papel}", m.nome, codigo(m.codigo_ibge));
    let fonte = match (&m.fonte_populacao_depois, m.estimativa) {
        (Some(fonte), true) => format!(" (estimada: {fonte})"),
        (Some(fonte), false) => format!(" ({fonte})"),
        (None, _) => String::new(),
    };
    let _ = writeln!(
        t,
        "    população: {} → {}{fonte}",
        inteiro(m.populacao_antes),
        plural(u64::from(m.populacao_depois), "habitante", "habitantes")
    );
    let _ = writeln!(
        t,
        "    coeficiente: {} → {}",
        coeficiente(m.coeficiente_antes),
        coeficiente(m.coeficiente_depois)
    );
    let _ = writeln!(
        t,
        "    FPM por ano: {} → {} ({}{})",
        reais(m.reais_antes),
        reais(m.reais_depois),
        reais_com_sinal(m.variacao_reais),
        m.variacao_percentual
            .map(|p| format!("; {}", porcentagem(p, 2)))
            .unwrap_or_default()
    );
    for alerta in &m.alertas {
        let _ = writeln!(t, "    ! {alerta}");
    }
}

fn icms(t: &mut String, r: &ResultadoIcms) {
    let _ = writeln!(
        t,
        "Índices: {} (arquivo {}; soma {})",
        r.fonte_indices,
        r.arquivo_indices,
        total_br_de(r.total_antes)
    );
    let _ = writeln!(t, "Método: {}.", r.descricao_metodo);
    if let Some(pesos) = &r.pesos {
        let _ = writeln!(t, "Pesos: {}.", pesos.rotulo);
    }
    if !r.pares.is_empty() {
        let pares: Vec<String> = r
            .pares
            .iter()
            .map(|p| format!("{} ({}%)", p.nome, indice_br(p.indice)))
            .collect();
        let _ = writeln!(
            t,
            "Municípios de comparação: {}; média {}%.",
            pares.join(", "),
            r.media_pares.map(indice_br).unwrap_or_default()
        );
    }
    let _ = writeln!(t, "Percentuais que passam a {}:", r.destino);
    for p in &r.percentuais {
        let _ = writeln!(
            t,
            "  {} ({}): {} do índice de {}% = {} para {}; fica com {}%{}",
            p.nome,
            p.codigo_ibge,
            porcentagem(p.percentual, 4),
            indice_br(p.indice_antes),
            indice_br(p.indice_cedido),
            r.destino,
            indice_br(p.indice_depois),
            if p.absorve_arredondamento && r.percentuais.len() > 1 {
                " (absorve o arredondamento)"
            } else {
                ""
            }
        );
        for c in &p.criterios {
            let _ = writeln!(
                t,
                "      {}: peso {}%, parte da área {} ({}{}) = {} pontos; fonte: {}",
                c.rotulo,
                c.peso,
                porcentagem(c.parte * Decimal::ONE_HUNDRED, 2),
                c.medido_por,
                if c.aproximado { ", aproximado" } else { "" },
                decimal_enxuto(c.pontos, 2, 4),
                c.fonte
            );
        }
    }
    let _ = writeln!(
        t,
        "Índice de {} depois: {}%",
        r.destino,
        indice_br(r.indice_destino)
    );
    let _ = writeln!(
        t,
        "Soma dos índices: {} antes; {} depois.",
        total_br_de(r.total_antes),
        total_br_de(r.total_depois)
    );
    for nota in &r.notas {
        let _ = writeln!(t, "  - {nota}");
    }
}

fn total_br_de(total: Decimal) -> String {
    porcentagem(total, 6)
}

fn evm(t: &mut String, estudo: &EstudoFiscal) {
    let _ = writeln!(t, "3. Estudo de Viabilidade Municipal (CF, art. 18, § 4º)");
    let _ = writeln!(t, "{}", estudo.evm_aviso);
    if estudo.evm.is_empty() {
        let _ = writeln!(t, "  (nenhum critério se aplica a esta proposta)");
    }
    for c in &estudo.evm {
        let de_quem = match c.municipio {
            MunicipioEvm::Novo => "novo município".to_owned(),
            MunicipioEvm::Remanescente(cod) => {
                let nome = estudo
                    .fpm
                    .municipios
                    .iter()
                    .find(|m| m.codigo_ibge == Some(cod))
                    .map_or_else(|| cod.to_string(), |m| format!("{} ({cod})", m.nome));
                format!("remanescente {nome}")
            }
        };
        let _ = writeln!(t, "  [{}] {} — {de_quem}", c.situacao.rotulo(), c.criterio);
        let _ = writeln!(t, "      exigido: {}", c.exigido);
        let _ = writeln!(t, "      apurado: {}", c.apurado);
        let _ = writeln!(t, "      {}", c.mensagem);
        let _ = writeln!(t, "      fonte: {}", c.fonte);
    }
}

fn codigo(codigo: Option<u32>) -> String {
    codigo.map(|c| format!(" ({c})")).unwrap_or_default()
}

fn com_sinal(valor: Decimal) -> String {
    let texto = decimal_enxuto(valor, 1, 6);
    if valor > Decimal::ZERO {
        format!("+{texto}")
    } else {
        texto
    }
}
