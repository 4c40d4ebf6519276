//! As condições dos atos que o despachante de [`Processo::condicoes`] agrupa: as certidões, o
//! mérito e a linha, e a consulta e a lei. Cada grupo é um `match` sobre os seus atos; um ato de
//! fora é recusado, nunca deixado passar.

use jiff::civil::Date;

use crate::ato::{Ato, TipoProcesso};
use crate::papel::{Ator, Orgao, Papel};
use crate::processo::{impedimento, maioria, recusa, Resposta};
use crate::{Fase, Natureza, Processo, Recusa};

impl Processo {
    /// As certidões (Art. 2º, §§ 2º e 3º; Art. 9º; Art. 17, § 2º): o ofício, o recebimento, a certidão e a recusa, cada uma do órgão certificador do tipo de processo.
    pub(super) fn condicoes_das_certidoes(&self, ator: &Ator, ato: &Ato) -> Result<(), Recusa> {
        use Fase as F;
        match ato {
            Ato::EnviarOficio { orgao, numero } => {
                self.exigir_fase(&[F::Certidoes], "Art. 17, § 2º", "o ofício ao órgão")?;
                if *orgao == Orgao::Comissao {
                    return Err(impedimento(
                        Natureza::Caso,
                        "Art. 2º, § 2º",
                        "o inciso V é apurado pela própria Comissão, após verificação in loco: não há ofício",
                    ));
                }
                self.exigir_certificador(*orgao)?;
                if let Some((n, em)) = self.requisicoes.get(orgao).and_then(|r| r.oficio.clone()) {
                    return Err(impedimento(
                        Natureza::Estado,
                        "Art. 2º, § 3º",
                        format!(
                            "o {} já foi oficiado (ofício {n}, {})",
                            orgao.nome(),
                            divisa_referencia::formato::data(em)
                        ),
                    ));
                }
                if numero.trim().is_empty() {
                    return Err(recusa("Art. 17, § 2º", "falta o número do ofício"));
                }
                Ok(())
            }
            Ato::ConfirmarRecebimento { orgao } => {
                self.exigir_fase(&[F::Certidoes], "Art. 2º, § 3º", "o recebimento do ofício")?;
                let r = self.requisicoes.get(orgao).cloned().unwrap_or_default();
                if r.oficio.is_none() {
                    return Err(impedimento(
                        Natureza::Estado,
                        "Art. 17, § 2º",
                        format!("nenhum ofício foi enviado ao {}", orgao.nome()),
                    ));
                }
                if let Some(em) = r.recebido_em {
                    return Err(impedimento(
                        Natureza::Estado,
                        "Art. 2º, § 3º",
                        format!(
                            "o recebimento já foi registrado em {}: o prazo não recomeça",
                            divisa_referencia::formato::data(em)
                        ),
                    ));
                }
                Ok(())
            }
            Ato::EmitirCertidao {
                orgao,
                numero,
                dados,
                signatario,
                ..
            } => {
                self.exigir_fase(&[F::Certidoes], "Art. 2º, § 3º", "a certidão")?;
                self.exigir_certificador(*orgao)?;
                self.exigir_sem_resposta(*orgao)?;
                if *orgao == Orgao::Comissao {
                    if ator.papel != Papel::Presidente {
                        return Err(impedimento(
                            Natureza::Caso,
                            "Art. 2º, § 2º",
                            "a apuração do inciso V é da Comissão, registrada pelo seu Presidente",
                        ));
                    }
                    if self.visita.is_none() {
                        return Err(impedimento(
                            Natureza::Estado,
                            "Art. 2º, § 2º",
                            "o inciso V é apurado \"após verificação in loco\": registre a visita",
                        ));
                    }
                } else {
                    if ator.papel.orgao() != Some(*orgao) {
                        return Err(impedimento(
                            Natureza::Caso,
                            "Art. 2º, § 2º",
                            format!("a certidão é emitida pelo próprio {}", orgao.nome()),
                        ));
                    }
                    self.exigir_oficiado(*orgao, "Art. 2º, § 3º")?;
                }
                self.conferir_numeros(*orgao, numero, dados, signatario)
            }
            Ato::RecusarCertidao { orgao, motivo } => {
                self.exigir_fase(&[F::Certidoes], "Art. 9º", "a recusa de certidão")?;
                if *orgao == Orgao::Comissao {
                    return Err(impedimento(
                        Natureza::Caso,
                        "Art. 2º, § 2º",
                        "a Comissão não recusa a própria apuração do inciso V",
                    ));
                }
                self.exigir_certificador(*orgao)?;
                self.exigir_sem_resposta(*orgao)?;
                self.exigir_oficiado(*orgao, "Art. 9º")?;
                if motivo.trim().is_empty() {
                    return Err(recusa("Art. 9º", "registre o motivo declarado da recusa"));
                }
                Ok(())
            }
            outro => fora_do_grupo(outro),
        }
    }

    /// O parecer de mérito (Art. 18) e a linha (Art. 19, § 3º): as emendas de divisas e as versões da área, até a aprovação do projeto de decreto legislativo.
    pub(super) fn condicoes_do_merito_e_da_linha(&self, ato: &Ato) -> Result<(), Recusa> {
        use Fase as F;
        match ato {
            Ato::ParecerDeMerito {
                favoravel,
                votos,
                nao_atendidos,
            } => {
                self.exigir_fase(&[F::Certidoes], "Art. 18", "o parecer de mérito")?;
                let sem_resposta: Vec<&str> = self
                    .certidoes()
                    .into_iter()
                    .filter(|(_, r)| r.resposta.is_none())
                    .map(|(o, _)| o.nome())
                    .collect();
                if !sem_resposta.is_empty() {
                    return Err(impedimento(
                        Natureza::Estado,
                        "Art. 18",
                        format!(
                            "o parecer de mérito se dá \"de posse das certidões\"; faltam: {}",
                            sem_resposta.join("; ")
                        ),
                    ));
                }
                if *favoravel {
                    let recusadas: Vec<&str> = self
                        .certidoes()
                        .into_iter()
                        .filter(|(_, r)| matches!(r.resposta, Some(Resposta::Recusada { .. })))
                        .map(|(o, _)| o.nome())
                        .collect();
                    if !recusadas.is_empty() {
                        return Err(recusa(
                            "Art. 2º, § 2º e Art. 9º",
                            format!(
                                "parecer favorável sem a certidão de: {} (recusada; a recusa é apurada pelo Art. 9º, mas o requisito continua sem prova)",
                                recusadas.join("; ")
                            ),
                        ));
                    }
                    if !nao_atendidos.is_empty() {
                        return Err(recusa(
                            "Art. 2º (requisitos indispensáveis)",
                            format!(
                                "parecer favorável com dispositivos não atendidos pelo motor da lei: {}",
                                nao_atendidos.join(", ")
                            ),
                        ));
                    }
                }
                maioria(votos, "Art. 18")
            }
            Ato::EmendarDivisas { descricao } => {
                if self.fase > F::DecretoEmTramitacao {
                    return Err(impedimento(
                        Natureza::Fase,
                        "Art. 19, § 3º",
                        "as emendas sobre modificação de divisas somente podem ser apresentadas até a aprovação do projeto de decreto legislativo",
                    ));
                }
                if descricao.trim().is_empty() {
                    return Err(recusa("Art. 19, § 3º", "descreva a modificação de divisas"));
                }
                Ok(())
            }
            Ato::AlterarArea {
                versao,
                arquivo,
                motivo,
                area_m2,
                vertices,
                ..
            } => {
                // Art. 19, § 3º: a linha muda até a aprovação do projeto de decreto legislativo,
                // que autoriza o plebiscito sobre ela; depois, é a linha consultada.
                if self.fase > F::DecretoEmTramitacao {
                    return Err(impedimento(
                        Natureza::Fase,
                        "Art. 19, § 3º",
                        "a área não pode mais ser alterada: as modificações de divisas somente podem ser apresentadas até a aprovação do projeto de decreto legislativo, e a linha aprovada é a que vai a plebiscito",
                    ));
                }
                // Na fusão e na incorporação o território é o dos municípios inteiros: não há
                // linha a desenhar (Art. 4º; Art. 1º).
                if matches!(self.tipo, TipoProcesso::Fusao | TipoProcesso::Incorporacao) {
                    return Err(impedimento(
                        Natureza::Caso,
                        if self.tipo == TipoProcesso::Fusao {
                            "Art. 4º"
                        } else {
                            "Art. 1º"
                        },
                        format!(
                            "na {} o território é o dos municípios inteiros: não há linha a desenhar",
                            if self.tipo == TipoProcesso::Fusao {
                                "fusão"
                            } else {
                                "incorporação"
                            }
                        ),
                    ));
                }
                if motivo.trim().is_empty() {
                    return Err(recusa(
                        "Art. 19, § 3º",
                        "diga o motivo da alteração da área: ele fica nos autos",
                    ));
                }
                if *versao == 0 || arquivo.trim().is_empty() || *area_m2 == 0 || *vertices < 3 {
                    return Err(recusa(
                        "Art. 2º, § 2º",
                        "a versão nova da área precisa do número da versão, do arquivo, da área e dos vértices",
                    ));
                }
                // as versões só crescem, cada uma com o seu arquivo
                if (*versao as usize) <= self.arquivos_de_area.len()
                    || self.arquivos_de_area.iter().any(|a| a == arquivo)
                {
                    return Err(impedimento(
                        Natureza::Estado,
                        "Art. 19, § 3º",
                        format!(
                            "a versão {versao} da área (arquivo «{arquivo}») já está nos autos: uma versão nova não reescreve outra"
                        ),
                    ));
                }
                // Leitura registrada: apresentado o projeto de decreto legislativo, a linha é a
                // do projeto, e o § 3º só admite a modificação que vem por emenda. O mapa leva aos
                // autos a emenda já apresentada (`EmendarDivisas`): uma alteração por emenda.
                if self.fase == F::DecretoEmTramitacao
                    && self.alteracoes_em_tramitacao >= self.emendas_em_tramitacao
                {
                    return Err(impedimento(
                        Natureza::Estado,
                        "Art. 19, § 3º",
                        "com o projeto de decreto legislativo em tramitação, a linha muda por emenda: registre antes a emenda de divisas apresentada, e então leve-a ao mapa",
                    ));
                }
                Ok(())
            }
            outro => fora_do_grupo(outro),
        }
    }

    /// O plebiscito e o que vem dele (Arts. 11 e 20): o resultado, o parecer sobre ele e o projeto de lei (Art. 7º).
    pub(super) fn condicoes_da_consulta_e_da_lei(
        &self,
        ato: &Ato,
        data: Date,
    ) -> Result<(), Recusa> {
        use Fase as F;
        match ato {
            Ato::RegistrarPlebiscito {
                realizado_em,
                apuracoes,
            } => {
                self.exigir_fase(&[F::Plebiscito], "Art. 20", "o resultado do plebiscito")?;
                if *realizado_em > data {
                    return Err(recusa(
                        "Art. 20",
                        "o plebiscito não pode ser posterior ao registro",
                    ));
                }
                if apuracoes.is_empty() {
                    return Err(recusa("Art. 11, § 2º", "falta a apuração"));
                }
                if self.tipo == TipoProcesso::Fusao
                    && apuracoes.len() < self.municipios_origem.len()
                {
                    return Err(recusa(
                        "Art. 4º, parágrafo único",
                        format!(
                            "na fusão a consulta é à população de cada município envolvido: {} apurações para {} municípios",
                            apuracoes.len(),
                            self.municipios_origem.len()
                        ),
                    ));
                }
                for a in apuracoes {
                    conferir_secoes(a)?;
                    let votos = u128::from(a.sim)
                        + u128::from(a.nao)
                        + u128::from(a.brancos)
                        + u128::from(a.nulos);
                    if votos > u128::from(a.inscritos) {
                        return Err(recusa(
                            "Art. 11, § 2º",
                            format!(
                                "{}: {} votos para {} eleitores inscritos",
                                a.localidade,
                                divisa_referencia::formato::inteiro(votos as i64),
                                divisa_referencia::formato::inteiro(a.inscritos as i64)
                            ),
                        ));
                    }
                }
                Ok(())
            }
            Ato::ParecerResultado { favoravel, votos } => {
                self.exigir_fase(
                    &[F::ParecerDoResultado],
                    "Art. 20, § 1º",
                    "o parecer sobre o resultado",
                )?;
                if *favoravel {
                    if let Some((_, apuracoes)) = &self.plebiscito {
                        if let Some(a) = apuracoes.iter().find(|a| !a.aprovada()) {
                            return Err(recusa(
                                "Art. 11, caput e § 2º",
                                format!(
                                    "o plebiscito não aprovou a medida em {}: {} votos SIM de {} eleitores inscritos; a maioria absoluta exige {}",
                                    a.localidade,
                                    divisa_referencia::formato::inteiro(a.sim as i64),
                                    divisa_referencia::formato::inteiro(a.inscritos as i64),
                                    divisa_referencia::formato::inteiro((a.inscritos / 2 + 1) as i64)
                                ),
                            ));
                        }
                    }
                }
                maioria(votos, "Art. 20, § 1º")
            }
            Ato::ApresentarProjetoDeLei { numero, conteudo } => {
                self.exigir_fase(
                    &[F::ElaboracaoProjetoDeLei],
                    "Art. 20, § 1º",
                    "o projeto de lei",
                )?;
                if numero.trim().is_empty() {
                    return Err(recusa("Art. 20, § 1º", "falta o número do projeto"));
                }
                if conteudo.nome.trim().is_empty() {
                    return Err(recusa("Art. 7º, I", "o projeto de lei mencionará o nome"));
                }
                if conteudo.divisas.trim().is_empty() {
                    return Err(recusa(
                        "Art. 7º, II",
                        "o projeto de lei mencionará os limites (as divisas do memorial descritivo)",
                    ));
                }
                if conteudo.ano_instalacao < data.year() {
                    return Err(recusa(
                        "Art. 7º, III e Art. 1º, § 2º",
                        format!("ano de instalação {} já passou", conteudo.ano_instalacao),
                    ));
                }
                Ok(())
            }
            outro => fora_do_grupo(outro),
        }
    }
}

/// Um ato levado ao grupo de condições que não é o seu: o despachante de [`Processo::condicoes`]
/// lista cada ato uma vez, então isto não acontece; se acontecer, recusa em vez de deixar passar.
fn fora_do_grupo(ato: &Ato) -> Result<(), Recusa> {
    Err(impedimento(
        Natureza::Estado,
        "Arts. 13 a 20",
        format!(
            "as condições de «{}» não estão neste grupo",
            ato.definicao().titulo
        ),
    ))
}

/// As seções de uma localidade, quando registradas: cada uma uma vez, sem mais votos que
/// inscritos, e somando os números da localidade.
fn conferir_secoes(a: &crate::ato::Apuracao) -> Result<(), Recusa> {
    if a.secoes.is_empty() {
        return Ok(());
    }
    let mut vistas = std::collections::BTreeSet::new();
    for s in &a.secoes {
        if !vistas.insert((s.zona, s.secao)) {
            return Err(recusa(
                "Art. 11, § 2º",
                format!(
                    "{}: a seção {} da zona {} aparece duas vezes",
                    a.localidade, s.secao, s.zona
                ),
            ));
        }
        let votos =
            u128::from(s.sim) + u128::from(s.nao) + u128::from(s.brancos) + u128::from(s.nulos);
        if votos > u128::from(s.inscritos) {
            return Err(recusa(
                "Art. 11, § 2º",
                format!(
                    "{}: a seção {} da zona {} tem mais votos que eleitores inscritos",
                    a.localidade, s.secao, s.zona
                ),
            ));
        }
    }
    let soma = |f: fn(&crate::ato::ApuracaoSecao) -> u64| {
        a.secoes.iter().map(|s| u128::from(f(s))).sum::<u128>()
    };
    let somas = (
        soma(|s| s.inscritos),
        soma(|s| s.sim),
        soma(|s| s.nao),
        soma(|s| s.brancos),
        soma(|s| s.nulos),
    );
    let da_localidade = (
        u128::from(a.inscritos),
        u128::from(a.sim),
        u128::from(a.nao),
        u128::from(a.brancos),
        u128::from(a.nulos),
    );
    if somas != da_localidade {
        return Err(recusa(
            "Art. 11, § 2º",
            format!(
                "{}: as seções somam {} inscritos, {} SIM, {} NÃO, {} brancos e {} nulos, e a localidade registra {}, {}, {}, {} e {}",
                a.localidade, somas.0, somas.1, somas.2, somas.3, somas.4,
                a.inscritos, a.sim, a.nao, a.brancos, a.nulos
            ),
        ));
    }
    Ok(())
}
