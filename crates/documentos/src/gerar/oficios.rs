//! Os ofícios aos órgãos certificadores (Art. 2º, §§ 2º e 3º; Art. 17, § 2º): o título na
//! forma da Casa, o pedido de cada órgão e o prazo da redação em vigor no recebimento.

use super::*;

/// O título de um ofício enviado, do número como a secretaria o registrou: «Of. 101/2026-CRT»
/// e «101/2026» dão «Ofício nº 101/2026 – CRT/ALMT», o cabeçalho dos ofícios da Casa (issue 32:
/// sem repetir «Of.» nem «CRT»; issue 33: a forma da Casa).
pub(super) fn titulo_do_oficio(numero: &str) -> String {
    let mut n = numero.trim();
    for prefixo in ["ofício", "oficio", "of."] {
        if n.to_lowercase().starts_with(prefixo) {
            n = n[prefixo.len()..].trim_start();
            break;
        }
    }
    for prefixo in ["nº", "n°", "no.", "n."] {
        if n.to_lowercase().starts_with(prefixo) {
            n = n[prefixo.len()..].trim_start();
            break;
        }
    }
    for sufixo in [
        "-crt/almt",
        "/crt/almt",
        " crt/almt",
        "/almt",
        "-crt",
        "/crt",
        " crt",
    ] {
        if n.to_lowercase().ends_with(sufixo) {
            n = n[..n.len() - sufixo.len()].trim_end();
            break;
        }
    }
    format!("Ofício nº {n} – CRT/ALMT")
}

/// Os dias de um prazo da lei como o calendário os conta.
fn dias_i32(dias: i64) -> i32 {
    i32::try_from(dias).unwrap_or(i32::MAX)
}

/// Os ofícios aos órgãos certificadores (Art. 2º, §§ 2º e 3º; Art. 17, § 2º), um por página:
/// o que cada órgão certifica, o prazo do recebimento (na redação em vigor), "sob pena de
/// responsabilidade".
pub fn oficios(caso: &Caso<'_>, orgaos: &[Orgao]) -> Documento {
    let f = &caso.proposta.fatos;
    let mut blocos = Vec::new();
    let mut titulo_unico = None;
    for (i, o) in orgaos.iter().enumerate() {
        if i > 0 {
            blocos.push(Bloco::QuebraDePagina);
        }
        let (pedido, artigo) = cabimento::pedido(*o, f.tipo, caso.data);
        // Dos autos: o número e o dia do ofício enviado, e o dia em que o órgão o recebeu.
        let requisicao = caso
            .autos
            .and_then(|a| a.processo.requisicoes.get(o).cloned())
            .unwrap_or_default();
        let (titulo, dia) = match &requisicao.oficio {
            Some((numero, em)) => (titulo_do_oficio(numero), *em),
            // antes do envio, o número em branco, como nas minutas da Casa
            None => (
                format!("Ofício nº ___/{} – CRT/ALMT", caso.data.year()),
                caso.data,
            ),
        };
        // O ofício a um órgão só tem por título o seu número (o título do documento); no
        // caderno de minutas, cada um o traz no alto da sua página.
        if orgaos.len() == 1 {
            titulo_unico = Some(titulo);
        } else {
            blocos.push(centro(titulo, true));
        }
        blocos.push(p(format!("Cuiabá, {}.", data_por_extenso(dia))));
        let (destinatario, vocativo) = cabimento::destinatario(*o);
        blocos.push(p(destinatario));
        blocos.push(p(format!(
            "Assunto: certidão para {} (LC nº 23/1992, {artigo}).",
            caso.o_objeto()
        )));
        // o vocativo numa linha só, como nos ofícios da Casa
        blocos.push(p(vocativo));
        let tratamento = if *o == Orgao::Cartografia {
            "Vossa Senhoria"
        } else {
            "Vossa Excelência"
        };
        blocos.push(p(format!(
            "A Comissão de Revisão Territorial da Assembleia Legislativa, no processo {}, solicita a {tratamento} que certifique {pedido}, nos termos da Lei Complementar nº 23, de 19 de novembro de 1992 ({artigo}).",
            caso.protocolo.unwrap_or("(a protocolar)")
        )));
        if caso.proposta.territorio.is_some() {
            blocos.push(p("A área de que se trata está descrita no anexo deste ofício: o mapa e o memorial descritivo, com os vértices em coordenadas geográficas e UTM no Sistema Geodésico de Referência SIRGAS 2000."));
        }
        // o número de dias da redação em vigor no recebimento (ou, antes dele, no dia do ofício)
        let dias = divisa_lei::texto::parametro(
            "art2_par3",
            "prazo_dias",
            requisicao.recebido_em.unwrap_or(dia),
        );
        let prazo = match (requisicao.recebido_em, dias) {
            (_, None) => String::new(),
            (Some(recebido), Some(dias)) => format!(
                " Recebido em {}, conforme os autos, o prazo vence em {} (dias corridos; vencimento em sábado, domingo ou feriado nacional prorrogado ao dia útil seguinte).",
                fmt_data(recebido),
                fmt_data(divisa_processo::prazos::vencimento(recebido, dias_i32(dias)))
            ),
            (None, Some(dias)) => format!(
                " O prazo corre em dias corridos a partir do recebimento, que será registrado nos autos (se recebido em {}, vencerá em {}); o vencimento em sábado, domingo ou feriado nacional prorroga-se ao dia útil seguinte.",
                fmt_data(dia),
                fmt_data(divisa_processo::prazos::vencimento(dia, dias_i32(dias)))
            ),
        };
        let no_prazo = match dias {
            Some(d) => match u64::try_from(d)
                .ok()
                .and_then(divisa_referencia::formato::por_extenso)
            {
                Some(e) => {
                    format!("no prazo de {d} ({e}) dias contados do recebimento deste ofício")
                }
                None => format!("no prazo de {d} dias contados do recebimento deste ofício"),
            },
            None => "no prazo que a lei fixa, contado do recebimento deste ofício".into(),
        };
        blocos.push(p(format!(
            "Nos termos do Art. 2º, § 3º, a certidão deverá ser fornecida {no_prazo}, sob pena de responsabilidade.{prazo}"
        )));
        if let (Orgao::Tre, Some(n)) = (o, f.novo.as_ref().and_then(|n| n.dados.eleitores)) {
            blocos.push(p(format!(
                "Para conferência, a representação declara {} eleitores na área.",
                inteiro(n as i64)
            )));
        }
        blocos.push(p("Atenciosamente,"));
        // Quem assinou o ofício enviado, por nome e cargo (dos autos).
        let quem = caso.autos.and_then(|a| {
            a.eventos.iter().rev().find_map(|e| match &e.ato {
                divisa_processo::Ato::EnviarOficio { orgao, .. } if orgao == o => {
                    Some(a.pessoa(&e.ator))
                }
                _ => None,
            })
        });
        blocos.extend(
            caso.assinatura(
                quem.as_deref()
                    .unwrap_or("Presidente da Comissão de Revisão Territorial"),
            ),
        );
        if let Some(t) = &caso.proposta.territorio {
            if let Ok((m, _)) =
                divisa_avaliacao::territorio::memorial_com_confrontantes(&t.poligonos)
            {
                blocos.push(Bloco::QuebraDePagina);
                blocos.push(secao("ANEXO — A ÁREA (mapa e memorial descritivo)"));
                blocos.extend(caso.mapa());
                blocos.push(p(format!(
                    "Área geodésica (elipsoide GRS80): {}; área em Albers do IBGE: {}; perímetro: {} km.",
                    km2(m.medida.area_m2 / 1e6),
                    km2(m.area_albers_m2 / 1e6),
                    divisa_referencia::formato::decimal(m.medida.perimetro_m / 1000.0, 3)
                )));
                blocos.extend(tabela_do_memorial(&m));
            }
        }
    }
    if orgaos.is_empty() {
        // Sem número a certificar, o documento diz por quê, em vez de sair em branco.
        blocos.push(p(format!(
            "Não há ofício a expedir: {} não se sujeita aos requisitos do Art. 2º (Art. 4º), e nenhum número dela depende de certidão dos órgãos do Art. 2º, § 2º. O resultado do plebiscito (Art. 4º, parágrafo único) é o que o Tribunal Regional Eleitoral apurar, registrado nos autos (Art. 20).",
            caso.o_objeto()
        )));
    }
    // Um ofício por órgão, cada um documento com o seu número e o seu código (issue 16); o
    // caderno com os de todos os órgãos é só a minuta escrita de uma proposta solta.
    let titulo = titulo_unico.unwrap_or_else(|| {
        format!(
            "OFÍCIOS AOS ÓRGÃOS CERTIFICADORES — {}",
            caso.nome().to_uppercase()
        )
    });
    caso.documento(
        TipoDeDocumento::Oficio,
        titulo,
        blocos,
        &["art2_par2", "art2_par3", "art17_par2"],
    )
}

/// Os órgãos a que o processo requisita certidões por ofício (Art. 2º, § 3º): os
/// certificadores do tipo, menos a Comissão, que apura o inciso V ela mesma (Art. 2º, § 2º).
pub fn orgaos_oficiados(processo: &divisa_processo::Processo) -> Vec<Orgao> {
    processo
        .tipo
        .orgaos_certificadores()
        .iter()
        .copied()
        .filter(|o| *o != Orgao::Comissao)
        .collect()
}

#[cfg(test)]
mod titulo_do_oficio_testes {
    /// Issue 32: «OFÍCIO Nº Of. 101/2026-CRT — CRT/ALMT» repetia «Of.» e «CRT».
    #[test]
    fn o_numero_do_oficio_sem_repeticoes() {
        for escrito in [
            "Of. 101/2026-CRT",
            "101/2026",
            "Ofício nº 101/2026-CRT/ALMT",
            "of. 101/2026 CRT",
        ] {
            assert_eq!(
                super::titulo_do_oficio(escrito),
                "Ofício nº 101/2026 – CRT/ALMT",
                "{escrito}"
            );
        }
    }
}
