//! As condições de cada ato: a fase em que cabe, o caso concreto (órgão destinatário, deputado
//! autor) e o que o artigo exige. Cada recusa cita o dispositivo.

use jiff::civil::Date;

use crate::ato::{Ato, NumerosCertificados, TipoProcesso, Via};
use crate::papel::{Ator, Orgao};
use crate::processo::{impedimento, maioria, recusa, Resposta};
use crate::{Fase, Natureza, Processo, Recusa};

mod grupos;

impl Processo {
    /// A parte da permissão que depende do caso: o órgão destinatário, o deputado autor.
    pub(crate) fn caso_concreto(&self, ator: &Ator, ato: &Ato) -> Result<(), Recusa> {
        match ato {
            Ato::EmitirCertidao { orgao, .. }
            | Ato::RecusarCertidao { orgao, .. }
            | Ato::ConfirmarRecebimento { orgao } => {
                if ator.papel.orgao() == Some(*orgao) {
                    Ok(())
                } else {
                    Err(impedimento(
                        Natureza::Caso,
                        "Art. 2º, § 2º",
                        format!(
                            "o {} só responde pelo que é seu; a certidão do {} é do próprio órgão",
                            ator.papel.nome(),
                            orgao.nome()
                        ),
                    ))
                }
            }
            Ato::AutorizarInformacao { .. } => {
                if matches!(&self.via, Via::Deputado { id } if *id == ator.id) {
                    Ok(())
                } else {
                    Err(impedimento(
                        Natureza::Caso,
                        "Art. 23",
                        "só o Deputado autor da proposição ou o Presidente da Comissão autorizam servidores a prestar informações",
                    ))
                }
            }
            _ => Ok(()),
        }
    }

    fn exigir_fase(&self, fases: &[Fase], artigo: &str, o_que: &str) -> Result<(), Recusa> {
        if fases.contains(&self.fase) {
            Ok(())
        } else {
            Err(impedimento(
                Natureza::Fase,
                artigo,
                format!(
                    "{o_que} não cabe na fase atual ({}); o próximo passo é: {}",
                    self.fase.nome(),
                    self.fase.proximo_passo()
                ),
            ))
        }
    }

    pub(crate) fn condicoes(&self, ator: &Ator, ato: &Ato, data: Date) -> Result<(), Recusa> {
        use Fase as F;
        match ato {
            Ato::Protocolar { .. } => Err(impedimento(
                Natureza::Estado,
                "Art. 14",
                "o processo já foi protocolado",
            )),
            Ato::Divulgar { publicacao } => {
                self.exigir_fase(&[F::Protocolada], "Art. 16", "a divulgação")?;
                if publicacao.trim().is_empty() {
                    return Err(recusa(
                        "Art. 16",
                        "diga onde a representação foi transcrita (edição do órgão oficial da Assembleia)",
                    ));
                }
                Ok(())
            }
            Ato::SolicitarDocumentos { .. } => {
                self.exigir_fase(
                    &[F::Divulgada],
                    "Art. 16, parágrafo único",
                    "a diligência de documentos",
                )?;
                if self.documentos_faltantes().is_empty() {
                    return Err(impedimento(
                        Natureza::Estado,
                        "Art. 16, parágrafo único",
                        "a representação já tem todos os documentos do Art. 15",
                    ));
                }
                Ok(())
            }
            Ato::AnexarProposta { proposta } => {
                if proposta.trim().is_empty() {
                    return Err(recusa("Art. 15", "a proposta juntada está vazia"));
                }
                Ok(())
            }
            Ato::JuntarDocumento { descricao, .. } => {
                if descricao.trim().is_empty() {
                    return Err(recusa("Art. 16, parágrafo único", "descreva o documento"));
                }
                Ok(())
            }
            Ato::RegistrarVisita { relatorio, .. } => {
                self.exigir_fase(
                    &[F::Divulgada, F::DocumentosPendentes],
                    "Art. 17",
                    "a visita",
                )?;
                let faltam = self.documentos_faltantes();
                if !faltam.is_empty() {
                    return Err(impedimento(
                        Natureza::Estado,
                        "Art. 17, caput e Art. 16, parágrafo único",
                        format!(
                            "a Comissão vai à sede \"de posse da representação e dos documentos\"; faltam: {}",
                            faltam.iter().map(|d| d.nome()).collect::<Vec<_>>().join("; ")
                        ),
                    ));
                }
                if relatorio.trim().is_empty() {
                    return Err(impedimento(
                        Natureza::Estado,
                        "Art. 17, II",
                        "o parecer preliminar é precedido de relatório circunstanciado da visita: registre-o",
                    ));
                }
                Ok(())
            }
            Ato::ParecerPreliminar { votos, .. } => {
                self.exigir_fase(&[F::Visitada], "Art. 17, II", "o parecer preliminar")?;
                maioria(votos, "Art. 17, II")
            }
            Ato::DeliberarPlenario { .. } => self.exigir_fase(
                &[F::ArquivamentoEmPlenario, F::MeritoEmPlenario],
                "Art. 17, § 1º e Art. 18, § 1º",
                "a deliberação do Plenário",
            ),
            Ato::EnviarOficio { .. }
            | Ato::ConfirmarRecebimento { .. }
            | Ato::EmitirCertidao { .. }
            | Ato::RecusarCertidao { .. } => self.condicoes_das_certidoes(ator, ato),
            Ato::ParecerDeMerito { .. } | Ato::EmendarDivisas { .. } | Ato::AlterarArea { .. } => {
                self.condicoes_do_merito_e_da_linha(ato)
            }
            Ato::ParecerCcj { .. } => {
                self.exigir_fase(&[F::Ccj], "Art. 18, § 2º", "o parecer da CCJ")
            }
            Ato::ApresentarProjetoDecreto { numero } => {
                self.exigir_fase(
                    &[F::ElaboracaoDecreto],
                    "Art. 18, § 2º",
                    "o projeto de decreto legislativo",
                )?;
                if numero.trim().is_empty() {
                    return Err(recusa("Art. 18, § 2º", "falta o número do projeto"));
                }
                Ok(())
            }
            Ato::PedirUrgencia { .. } => unreachable_recusa(),
            Ato::VotarDecreto { .. } => self.exigir_fase(
                &[F::DecretoEmTramitacao],
                "Art. 19",
                "a votação do projeto de decreto",
            ),
            Ato::PublicarDecreto { numero, diario } => {
                self.exigir_fase(
                    &[F::DecretoAprovado],
                    "Art. 19, § 1º",
                    "a publicação do decreto",
                )?;
                if numero.trim().is_empty() || diario.trim().is_empty() {
                    return Err(recusa(
                        "Art. 19, § 1º",
                        "informe o número do decreto e a edição do Diário Oficial",
                    ));
                }
                Ok(())
            }
            Ato::EncaminharAoTre { copia_autenticada } => {
                self.exigir_fase(
                    &[F::DecretoPublicado],
                    "Art. 19, § 1º",
                    "o encaminhamento ao TRE",
                )?;
                if !copia_autenticada {
                    return Err(recusa(
                        "Art. 19, § 1º",
                        "o decreto vai ao TRE \"acompanhado de cópia autenticada de todo o processo\"",
                    ));
                }
                Ok(())
            }
            Ato::InformarPlenario { .. } => self.exigir_fase(
                &[F::Plebiscito, F::ResultadoApurado],
                "Art. 19, § 2º",
                "o informe ao Plenário sobre o plebiscito",
            ),
            Ato::RegistrarPlebiscito { .. }
            | Ato::ParecerResultado { .. }
            | Ato::ApresentarProjetoDeLei { .. } => self.condicoes_da_consulta_e_da_lei(ato, data),
            Ato::LerResultado => {
                self.exigir_fase(&[F::ResultadoApurado], "Art. 20", "a leitura do resultado")
            }
            Ato::VotarProjetoDeLei { .. } => self.exigir_fase(
                &[F::ProjetoDeLeiEmPauta],
                "Art. 20, § 2º",
                "a votação do projeto de lei",
            ),
            Ato::PublicarLei { numero, diario } => {
                self.exigir_fase(&[F::ProjetoDeLeiAprovado], "Art. 11", "a publicação da lei")?;
                if numero.trim().is_empty() || diario.trim().is_empty() {
                    return Err(recusa(
                        "Art. 11",
                        "informe o número da lei e a edição do Diário Oficial",
                    ));
                }
                Ok(())
            }
            Ato::AutorizarInformacao { servidor } => {
                if servidor.trim().is_empty() {
                    return Err(recusa("Art. 23", "diga qual servidor fica autorizado"));
                }
                Ok(())
            }
        }
    }

    fn exigir_certificador(&self, orgao: Orgao) -> Result<(), Recusa> {
        if self.tipo.orgaos_certificadores().contains(&orgao) {
            Ok(())
        } else if self.tipo == TipoProcesso::Fusao {
            Err(impedimento(
                        Natureza::Caso,
                "Art. 4º",
                "na fusão é dispensada a verificação dos requisitos do Art. 2º: não há certidões a requisitar",
            ))
        } else {
            Err(impedimento(
                Natureza::Caso,
                "Art. 2º, § 2º",
                format!(
                    "o {} não certifica nada num processo de {}",
                    orgao.nome(),
                    self.tipo.nome()
                ),
            ))
        }
    }

    /// A certidão traz número, signatário e os números que certifica, cada um do órgão que a
    /// emite (Art. 2º, § 2º) e possível: população e área acima de zero, valores finitos e não
    /// negativos. Mais eleitores que habitantes é raro, mas real, e não é recusado.
    fn conferir_numeros(
        &self,
        orgao: Orgao,
        numero: &str,
        dados: &NumerosCertificados,
        signatario: &str,
    ) -> Result<(), Recusa> {
        const ART: &str = "Art. 2º, § 2º";
        if numero.trim().is_empty() {
            return Err(recusa(ART, "falta o número da certidão"));
        }
        if signatario.trim().is_empty() {
            return Err(recusa(ART, "falta quem assina a certidão (nome e cargo)"));
        }
        let presentes = dados.presentes();
        if presentes.is_empty() {
            return Err(recusa(
                ART,
                format!(
                    "a certidão traz como dados os números que certifica; cabe {}: {}",
                    orgao.ao_orgao(),
                    crate::ato::numeros_do_orgao(orgao)
                        + if orgao == Orgao::Comissao {
                            // Art. 2º, V: a arrecadação «verificada in loco» (Art. 17, I)
                            ", após verificação in loco"
                        } else {
                            ""
                        }
                ),
            ));
        }
        for (nome, de_quem) in presentes {
            if de_quem != orgao {
                return Err(recusa(
                    ART,
                    format!(
                        "o dado «{nome}» é apurado {}, não {}",
                        de_quem.pelo_orgao(),
                        orgao.pelo_orgao()
                    ),
                ));
            }
        }
        let impossivel = |motivo: String| Err(recusa(ART, format!("fato impossível: {motivo}")));
        if dados.populacao == Some(0) {
            return impossivel("população de 0 habitantes".into());
        }
        if let Some(a) = dados.area_km2.filter(|a| !a.is_finite() || *a <= 0.0) {
            return impossivel(format!("área de {a} km² (a área é maior que zero)"));
        }
        for (nome, v) in [
            ("valor adicionado", dados.valor_adicionado),
            ("arrecadação", dados.arrecadacao),
        ] {
            if let Some(v) = v.filter(|v| !v.is_finite() || *v < 0.0) {
                return impossivel(format!("{nome} de {v} reais"));
            }
        }
        // Mais eleitores que habitantes entre as duas certidões não é fato impossível (CONTRACT
        // §3; sete municípios de MT, Acorizal 7.049 para 5.014): a certidão é registrada e a
        // avaliação dos autos traz o alerta `eleitores_acima_da_populacao`.
        Ok(())
    }

    fn exigir_oficiado(&self, orgao: Orgao, artigo: &str) -> Result<(), Recusa> {
        match self.requisicoes.get(&orgao).and_then(|r| r.oficio.as_ref()) {
            Some(_) => Ok(()),
            None => Err(impedimento(
                Natureza::Estado,
                artigo,
                format!("o {} ainda não foi oficiado", orgao.nome()),
            )),
        }
    }

    fn exigir_sem_resposta(&self, orgao: Orgao) -> Result<(), Recusa> {
        match self
            .requisicoes
            .get(&orgao)
            .and_then(|r| r.resposta.as_ref())
        {
            Some(Resposta::Emitida { numero, em, .. }) => Err(impedimento(
                Natureza::Estado,
                "Art. 2º, § 3º",
                format!(
                    "o {} já certificou ({}, {})",
                    orgao.nome(),
                    crate::ato::certidao_numero(numero),
                    divisa_referencia::formato::data(*em)
                ),
            )),
            Some(Resposta::Recusada { em, .. }) => Err(impedimento(
                Natureza::Estado,
                "Art. 9º",
                format!(
                    "a recusa do {} já foi registrada em {}",
                    orgao.nome(),
                    divisa_referencia::formato::data(*em)
                ),
            )),
            None => Ok(()),
        }
    }
}

fn unreachable_recusa() -> Result<(), Recusa> {
    // `decidir` recusa a urgência antes de chegar às condições.
    Err(impedimento(
        Natureza::Vedado,
        "Art. 19",
        "vedada a urgência",
    ))
}
