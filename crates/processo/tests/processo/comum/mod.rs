//! Um processo em memória para os testes: decide, aplica e guarda os eventos.

#![allow(dead_code)]

use divisa_processo::*;
use jiff::civil::{date, Date};

pub fn presidente() -> Ator {
    Ator::new("ana.presidente", Papel::Presidente)
}
pub fn membro() -> Ator {
    Ator::new("bruno.membro", Papel::Membro)
}
pub fn servidor() -> Ator {
    Ator::new("carla.servidora", Papel::Servidor)
}
pub fn deputado_autor() -> Ator {
    Ator::new("dep.autor", Papel::Deputado)
}
pub fn deputado() -> Ator {
    Ator::new("dep.outro", Papel::Deputado)
}
pub fn orgao(o: Orgao) -> Ator {
    match o {
        Orgao::Cartografia => Ator::new("cartografia", Papel::Cartografia),
        Orgao::Fazenda => Ator::new("fazenda", Papel::Fazenda),
        Orgao::Tre => Ator::new("tre-mt", Papel::Tre),
        Orgao::Comissao => presidente(),
    }
}
pub fn representante() -> Ator {
    Ator::new("joao.representante", Papel::Representante)
}
pub fn publico() -> Ator {
    Ator::new("anonimo", Papel::Publico)
}

pub const VOTOS: Votos = Votos {
    sim: 4,
    nao: 1,
    abstencoes: 0,
    relator: None,
    nominais: Vec::new(),
};

pub fn pedido(tipo: TipoProcesso, assinaturas: u32, documentos: Vec<DocumentoArt15>) -> Ato {
    Ato::Protocolar {
        protocolo: Nup::novo(1, 1, 2026).unwrap(),
        tipo_processo: tipo,
        nome: "Nova Fronteira do Norte".into(),
        municipios_origem: if tipo == TipoProcesso::Fusao {
            vec!["Araguainha".into(), "Ponte Branca".into()]
        } else {
            vec!["Sorriso".into()]
        },
        codigos_origem: vec![],
        via: Via::Deputado {
            id: "dep.autor".into(),
        },
        representante: "João da Silva".into(),
        assinaturas,
        documentos,
        // O rito destes testes conta o declarado (a regra dos protocolos de antes da issue
        // 30); a regra do arquivo tem os seus testes em `rito.rs` (Art. 16, parágrafo único).
        documentos_por_arquivo: false,
        proposta: Some("tipo = \"criacao\"\n# títulos de eleitor aqui\n".into()),
        nome_homenageia_pessoa_viva: None,
    }
}

pub struct Caso {
    pub p: Processo,
    pub eventos: Vec<Evento>,
    pub hoje: Date,
}

impl Caso {
    pub fn novo(tipo: TipoProcesso) -> Caso {
        Caso::com(pedido(tipo, 10, DocumentoArt15::TODOS.to_vec()))
    }

    pub fn com(ato: Ato) -> Caso {
        Caso::com_arquivos(ato, vec![])
    }

    /// O protocolo com os arquivos que vêm com ele.
    pub fn com_arquivos(ato: Ato, anexos: Vec<Anexo>) -> Caso {
        let hoje = date(2026, 3, 2);
        protocolar(&deputado_autor(), &ato, hoje, hoje).expect("protocolo");
        let e = Evento {
            seq: 1,
            data: hoje,
            ator: deputado_autor(),
            ato,
            anexos,
        };
        Caso {
            p: Processo::novo(&e).unwrap(),
            eventos: vec![e],
            hoje,
        }
    }

    pub fn fazer(&mut self, ator: &Ator, ato: Ato) -> Result<(), Recusa> {
        self.p.decidir(ator, &ato, self.hoje, self.hoje)?;
        let e = Evento {
            seq: self.p.versao + 1,
            data: self.hoje,
            ator: ator.clone(),
            ato,
            anexos: vec![],
        };
        self.p.aplicar(&e);
        self.eventos.push(e);
        Ok(())
    }

    pub fn ok(&mut self, ator: &Ator, ato: Ato) -> &mut Caso {
        let tipo = ato.tipo();
        if let Err(r) = self.fazer(ator, ato) {
            panic!("{tipo} recusado na fase {:?}: {r}", self.p.fase);
        }
        self
    }

    pub fn dias(&mut self, n: i64) -> &mut Caso {
        self.hoje = self.hoje.checked_add(jiff::Span::new().days(n)).unwrap();
        self
    }

    /// Recusado, com o artigo esperado no fundamento.
    pub fn recusado(&mut self, ator: &Ator, ato: Ato, artigo: &str) -> Recusa {
        let antes = self.p.clone();
        let r = self
            .fazer(ator, ato)
            .expect_err("o ato deveria ser recusado");
        assert!(
            r.artigo.contains(artigo),
            "esperado {artigo}, veio {} — {}",
            r.artigo,
            r.motivo
        );
        assert_eq!(self.p, antes, "uma recusa não muda nada");
        r
    }

    // Caminhos prontos até cada fase.

    pub fn ate_visita(&mut self) -> &mut Caso {
        self.ok(
            &presidente(),
            Ato::Divulgar {
                publicacao: "DOALMT nº 1.234, 03/03/2026".into(),
            },
        )
        .ok(
            &membro(),
            Ato::RegistrarVisita {
                local: "Sede".into(),
                relatorio: "Relatório circunstanciado".into(),
            },
        )
    }

    pub fn ate_certidoes(&mut self) -> &mut Caso {
        self.ate_visita().ok(
            &presidente(),
            Ato::ParecerPreliminar {
                solicitar_certidoes: true,
                votos: VOTOS,
            },
        )
    }

    pub fn com_certidoes(&mut self) -> &mut Caso {
        self.ate_certidoes();
        for o in self.p.tipo.orgaos_certificadores().to_vec() {
            if o != Orgao::Comissao {
                self.ok(
                    &presidente(),
                    Ato::EnviarOficio {
                        orgao: o,
                        numero: format!("Of. {}", o.codigo()),
                    },
                );
                self.ok(&servidor(), Ato::ConfirmarRecebimento { orgao: o });
            }
            self.ok(&orgao(o), certidao(o, "1/2026"));
        }
        self
    }

    pub fn ate_decreto(&mut self) -> &mut Caso {
        self.com_certidoes()
            .ok(
                &presidente(),
                Ato::ParecerDeMerito {
                    favoravel: true,
                    votos: VOTOS,
                    nao_atendidos: vec![],
                },
            )
            .ok(
                &servidor(),
                Ato::DeliberarPlenario {
                    decisao: Decisao::Tramitar,
                },
            )
            .ok(&servidor(), Ato::ParecerCcj { aprovado: true })
            .ok(
                &membro(),
                Ato::ApresentarProjetoDecreto {
                    numero: "PDL 1/2026".into(),
                },
            )
    }

    pub fn ate_plebiscito(&mut self) -> &mut Caso {
        self.ate_decreto()
            .ok(&servidor(), Ato::VotarDecreto { aprovado: true })
            .ok(
                &servidor(),
                Ato::PublicarDecreto {
                    numero: "DL 10/2026".into(),
                    diario: "DOE 29.000".into(),
                },
            )
            .ok(
                &presidente(),
                Ato::EncaminharAoTre {
                    copia_autenticada: true,
                },
            )
    }

    pub fn ate_parecer_do_resultado(&mut self, sim: u64, inscritos: u64) -> &mut Caso {
        let d = self.hoje;
        self.ate_plebiscito()
            .ok(
                &orgao(Orgao::Tre),
                Ato::RegistrarPlebiscito {
                    realizado_em: d,
                    apuracoes: vec![Apuracao {
                        localidade: "Área".into(),
                        inscritos,
                        sim,
                        nao: inscritos - sim,
                        brancos: 0,
                        nulos: 0,
                        secoes: vec![],
                    }],
                },
            )
            .ok(&servidor(), Ato::LerResultado)
    }
}

/// Uma certidão válida do órgão `o`, com os números que só ele apura (Art. 2º, § 2º).
pub fn certidao(o: Orgao, numero: &str) -> Ato {
    let mut dados = NumerosCertificados::default();
    match o {
        Orgao::Cartografia => {
            dados.populacao = Some(5_200);
            dados.casas_centro_urbano = Some(240);
        }
        Orgao::Tre => dados.eleitores = Some(1_300),
        Orgao::Fazenda => dados.valor_adicionado = Some(45_000_000.0),
        Orgao::Comissao => dados.arrecadacao = Some(3_000_000.0),
    }
    Ato::EmitirCertidao {
        orgao: o,
        numero: numero.into(),
        conteudo: String::new(),
        dados,
        signatario: "Fulana de Tal, diretora".into(),
    }
}
