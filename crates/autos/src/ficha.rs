//! A ficha do processo: o que a linha de comando (`divisa processo mostrar`), a página e a API
//! mostram de um processo a quem olha, decidido uma vez ([`FichaDoProcesso`]).
//!
//! Quem vê o quê (Arts. 16, 22 e 23): a Comissão, os deputados e os servidores têm vista dos
//! autos inteiros (Art. 22); o público, a comunidade e os órgãos veem o que foi publicado (a
//! representação divulgada, Art. 16, e os atos públicos) e os seus próprios atos.
//!
//! Decisão (issue 31), porque as três frentes discordavam — a página e a API mostravam a
//! qualquer um o que a linha de comando guardava:
//! - as certidões pedidas, os prazos e os alertas dizem o andamento interno da Comissão (o
//!   ofício e o recebimento não são atos públicos), e o Art. 23 reserva as informações sobre
//!   processos em andamento aos deputados e a quem eles autorizarem: ficam na vista completa.
//!   O órgão certificador vê a sua certidão e o seu prazo, não os dos outros (issue 17);
//! - os documentos do Art. 15, apresentados e faltantes, descrevem a própria representação, que
//!   o Art. 16 manda divulgar amplamente, e são o que as lideranças interessadas precisam saber
//!   para juntar o que falta (Art. 16, parágrafo único): ficam à vista de todos.

use std::collections::BTreeMap;

use divisa_processo::prazos::{Prazo, SituacaoDoPrazo};
use divisa_processo::{
    Acao, AlertaDePrazo, Ator, DocumentoArt15, Evento, Orgao, Processo, Requisicao, Resposta, Via,
};
use divisa_referencia::formato::data as fmt_data;
use jiff::civil::Date;
use serde_json::{json, Value};

/// Um processo como `ator` o vê num dia: os eventos já filtrados (`Processo::visiveis`) e as
/// partes do andamento só na vista completa.
pub struct FichaDoProcesso<'a> {
    /// O processo, projetado de todos os eventos.
    pub processo: &'a Processo,
    /// Os eventos que quem olha pode ver.
    pub eventos: &'a [Evento],
    /// Vista completa dos autos (Art. 22).
    pub completo: bool,
    /// O dia da contagem dos prazos.
    pub hoje: Date,
    /// O órgão certificador que olha, se for um: vê só a sua certidão e o seu prazo.
    orgao: Option<Orgao>,
    pessoas: &'a BTreeMap<String, String>,
}

impl<'a> FichaDoProcesso<'a> {
    /// A ficha de `processo` para `ator`; `eventos` são os que ele pode ver e `pessoas`, quem
    /// é quem (login → nome e cargo).
    pub fn nova(
        processo: &'a Processo,
        eventos: &'a [Evento],
        ator: &Ator,
        hoje: Date,
        pessoas: &'a BTreeMap<String, String>,
    ) -> Self {
        FichaDoProcesso {
            processo,
            eventos,
            completo: processo.pode(ator, Acao::VerCompleto).is_ok(),
            hoje,
            orgao: ator.papel.orgao(),
            pessoas,
        }
    }

    /// Os documentos do Art. 15 que faltam nos autos (à vista de todos: Art. 16).
    pub fn documentos_faltantes(&self) -> Vec<DocumentoArt15> {
        self.processo.documentos_faltantes()
    }

    /// Os documentos que o representante declarou e ainda não juntou (à vista de todos).
    pub fn declarados_a_juntar(&self) -> Vec<DocumentoArt15> {
        self.processo.declarados_a_juntar()
    }

    /// As certidões pedidas aos órgãos e o que cada um respondeu: na vista completa, todas;
    /// para um órgão certificador, a sua.
    pub fn certidoes(&self) -> Vec<(Orgao, Requisicao)> {
        let mut c = self.processo.certidoes();
        if !self.completo {
            c.retain(|(o, _)| Some(*o) == self.orgao);
        }
        c
    }

    /// Os prazos correndo ou cumpridos: na vista completa, todos; para um órgão certificador,
    /// o da sua certidão.
    pub fn prazos(&self) -> Vec<Prazo> {
        let mut v = self.processo.prazos();
        if !self.completo {
            let seu = self.orgao.map(|o| format!("certidao:{}", o.codigo()));
            v.retain(|pr| Some(&pr.chave) == seu.as_ref());
        }
        v
    }

    /// O que pede atenção no dia (só na vista completa).
    pub fn alertas(&self) -> Vec<AlertaDePrazo> {
        let hoje = self.hoje;
        self.so_completo(|p| p.alertas(hoje))
    }

    fn so_completo<T>(&self, f: impl FnOnce(&Processo) -> Vec<T>) -> Vec<T> {
        if self.completo {
            f(self.processo)
        } else {
            Vec::new()
        }
    }

    /// Quem praticou um ato, por nome e cargo; sem a conta cadastrada, o cargo do papel —
    /// nunca o login.
    pub fn pessoa(&self, ator: &Ator) -> String {
        ator.nome_e_cargo(self.pessoas)
    }

    /// Por quem a representação veio: "por intermédio de Nome, Deputado Estadual" ou "pela
    /// própria comunidade".
    pub fn apresentada(&self) -> String {
        match &self.processo.via {
            Via::Deputado { id } => format!(
                "por intermédio de {}",
                self.pessoas
                    .get(id)
                    .map_or("deputado(a) estadual (nome não cadastrado)", String::as_str)
            ),
            Via::Comunidade => "pela própria comunidade".into(),
        }
    }

    /// O resumo de um ato, com as pessoas que ele nomeia por nome e cargo.
    pub fn resumo(&self, ato: &divisa_processo::Ato) -> String {
        ato.resumo_para(self.pessoas)
    }

    /// A ficha em JSON, a mesma na linha de comando (`--formato json`) e na API
    /// (`GET /api/processos/{protocolo}`, que acrescenta `atos_possiveis`). Os eventos saem como
    /// o registro os guarda (`seq`, `data`, `ator`, `ato`, `anexos`), menos o texto da proposta
    /// (dados pessoais: os títulos de eleitor), com o `resumo` e `quem` (nome e cargo) ao lado;
    /// o `ator.id` fica para os programas que cruzam com as contas.
    pub fn json(&self) -> Value {
        let p = self.processo;
        let hoje = self.hoje;
        let eventos: Vec<Value> = self
            .eventos
            .iter()
            .map(|e| {
                // o texto da proposta traz os títulos de eleitor e os nomes de quem assinou:
                // nem a vista completa o lê aqui (a página também não o mostra); fica nos autos
                // como arquivo, para a avaliação, o relatório e a exportação
                let sem_proposta = Evento {
                    ato: e.ato.versao_publica(),
                    ..e.clone()
                };
                let mut v = serde_json::to_value(&sem_proposta).unwrap_or(Value::Null);
                if let Some(ato) = v.get_mut("ato").and_then(Value::as_object_mut) {
                    ato.remove("proposta");
                }
                if let Value::Object(m) = &mut v {
                    m.insert("resumo".into(), Value::String(self.resumo(&e.ato)));
                    m.insert("quem".into(), Value::String(self.pessoa(&e.ator)));
                }
                v
            })
            .collect();
        json!({
            "protocolo": p.protocolo.as_str(),
            "tipo": p.tipo.codigo(),
            "nome": p.nome,
            "municipios_origem": p.municipios_origem,
            "assinaturas": p.assinaturas,
            "protocolado_em": p.protocolado_em.to_string(),
            "apresentada": self.apresentada(),
            "fase": p.fase.codigo(),
            "fase_nome": p.fase.nome(),
            "proximo_passo": p.fase.proximo_passo(),
            "versao": p.versao,
            "visao": if self.completo { "completa" } else { "publica" },
            "completo": self.completo,
            "proposta_anexada": p.proposta.is_some(),
            "documentos": p.documentos,
            "documentos_declarados": p.declarados,
            "documentos_faltantes": self.documentos_faltantes(),
            "documentos_declarados_a_juntar": self.declarados_a_juntar(),
            "prazos": self.prazos().iter().map(|pr| json!({
                "chave": pr.chave,
                "descricao": pr.descricao,
                "artigo": pr.artigo,
                "inicio": pr.inicio.to_string(),
                "dias": pr.dias,
                "regra": pr.regra,
                "vencimento": pr.vencimento.to_string(),
                "situacao": pr.situacao(hoje),
                "situacao_texto": pr.situacao(hoje).texto(),
            })).collect::<Vec<_>>(),
            "alertas": self.alertas().iter().map(|a| json!({
                "artigo": a.artigo,
                "vencimento": a.vencimento.map(|d| d.to_string()),
                "situacao": a.situacao,
                "mensagem": a.mensagem(),
            })).collect::<Vec<_>>(),
            "eventos": eventos,
        })
    }

    /// A ficha em texto (`divisa processo mostrar`): fase, próximo passo e, na vista completa,
    /// os documentos que faltam, as certidões, os prazos e os alertas; depois os atos.
    pub fn texto(&self) -> String {
        use std::fmt::Write as _;
        let (p, hoje) = (self.processo, self.hoje);
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
            self.apresentada()
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
        let faltam = self.documentos_faltantes();
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
        // o que cada um vê das certidões, dos prazos e dos alertas já vem decidido pela ficha
        {
            let certidoes = self.certidoes();
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
                    let _ = writeln!(
                        s,
                        "  {} (incisos {}): {estado}",
                        o.nome(),
                        divisa_processo::incisos_do_orgao(o)
                    );
                }
            }
            let prazos = self.prazos();
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
            let alertas = self.alertas();
            if !alertas.is_empty() {
                let _ = writeln!(s, "\nAlertas:");
                for a in alertas {
                    let _ = writeln!(s, "  [{}] {}", a.artigo, a.mensagem());
                }
            }
        }
        if !self.completo {
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
        for e in self.eventos {
            let _ = writeln!(
                s,
                "  {:>3}. {} — {} ({})",
                e.seq,
                fmt_data(e.data),
                uma_linha(&self.resumo(&e.ato)),
                uma_linha(&self.pessoa(&e.ator))
            );
            for a in &e.anexos {
                let _ = writeln!(
                    s,
                    "       arquivo: {} ({}, {} bytes, SHA-256 {})",
                    a.nome,
                    a.tipo_midia,
                    divisa_referencia::formato::inteiro(
                        i64::try_from(a.tamanho).unwrap_or(i64::MAX)
                    ),
                    a.sha256
                );
            }
        }
        s
    }
}
