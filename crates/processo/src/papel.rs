//! Quem pode fazer o quê (Arts. 2º, § 2º, 14, 17, 21, 22 e 23).
//!
//! > Art. 21. A Comissão de Revisão Territorial, quando no cumprimento privativo de suas funções,
//! > fará as comunicações internas no âmbito do Poder Legislativo e externas para a sociedade ou
//! > órgãos públicos, através de seu Presidente e na ausência por qualquer de seus membros.
//! >
//! > Art. 22. Todos os Deputados Estaduais terão acesso livre à sala, trabalhos e reuniões da
//! > Comissão de Revisão Territorial com direito a voz e sem direito a voto e somente tendo vista
//! > ao processo na sala das Comissões, não podendo retirá-lo.
//! >
//! > Art. 23. As informações sobre processos em andamentos nas Comissões serão prestadas às
//! > lideranças e à comunidade em geral pelos deputados, os assessores e funcionários somente
//! > poderão prestar informações autorizados pelo Deputado autor da proposição ou pelo Presidente
//! > da Comissão.
//!
//! A matriz [`permissao`] é a regra geral por papel; o que depende do caso (o servidor autorizado,
//! o órgão a quem o ofício foi dirigido, o deputado autor) é decidido em [`crate::Processo`].
//!
//! Leituras registradas aqui:
//! - **Atos de outros órgãos da Casa** (leitura em Plenário, deliberações do Plenário e da CCJ,
//!   publicação no Diário Oficial, votações): quem os *registra* no sistema é o Presidente ou um
//!   servidor — registrar um ato que já aconteceu é trabalho de secretaria, não decisão. O
//!   servidor não decide nada da Comissão (pareceres, ofícios, visitas).
//! - **Comunicações da Comissão** (divulgação, ofícios, encaminhamento ao TRE): Presidente ou
//!   membro (Art. 21, "na ausência por qualquer de seus membros"; Art. 17, § 2º, "através de seu
//!   Presidente ou de um dos seus membros"). O sistema não sabe se o Presidente estava ausente:
//!   registra quem assinou.
//! - **Pareceres**: o Presidente registra a conclusão com o placar dos membros; o deputado que
//!   não é membro tem voz e não tem voto (Art. 22), por isso não registra parecer.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::Recusa;

/// Os órgãos que apuram os requisitos do Art. 2º (§ 2º).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Orgao {
    /// Órgão de Informação e Cartografia do Estado: incisos I, III e VI.
    Cartografia,
    /// Tribunal Regional Eleitoral: inciso II.
    Tre,
    /// Órgão Fazendário Estadual: inciso IV.
    Fazenda,
    /// A própria Comissão, "após verificação in loco": inciso V.
    Comissao,
}

impl Orgao {
    /// Todos, na ordem do § 2º.
    pub const TODOS: [Orgao; 4] = [
        Orgao::Cartografia,
        Orgao::Tre,
        Orgao::Fazenda,
        Orgao::Comissao,
    ];

    /// O nome por extenso.
    pub fn nome(self) -> &'static str {
        match self {
            Orgao::Cartografia => "Órgão de Informação e Cartografia do Estado",
            Orgao::Tre => "Tribunal Regional Eleitoral",
            Orgao::Fazenda => "Órgão Fazendário Estadual",
            Orgao::Comissao => "Comissão de Revisão Territorial (verificação in loco)",
        }
    }

    /// Quem certifica, como o relatório da lei o diz em cada achado (`orgao`, CONTRACT §3:
    /// «Órgão de Informação e Cartografia»): os nomes de [`divisa_lei::orgao`]. O inciso V é da
    /// Comissão «após verificação in loco» (Art. 2º, § 2º), e a certidão o diz. O [`Orgao::nome`]
    /// é o de quem recebe o ofício, por extenso («… do Estado»).
    pub fn certificador(self) -> &'static str {
        match self {
            Orgao::Cartografia => divisa_lei::orgao::CARTOGRAFIA,
            Orgao::Tre => divisa_lei::orgao::TRE,
            Orgao::Fazenda => divisa_lei::orgao::FAZENDA,
            Orgao::Comissao => "Comissão de Revisão Territorial, após verificação in loco",
        }
    }

    /// O nome com o artigo contraído a `de` ("do Tribunal…", "da Comissão…").
    pub fn do_orgao(self) -> String {
        match self {
            Orgao::Comissao => format!("da {}", self.nome()),
            _ => format!("do {}", self.nome()),
        }
    }

    /// O nome com o artigo contraído a `por` ("pelo Tribunal…", "pela Comissão…").
    pub fn pelo_orgao(self) -> String {
        match self {
            Orgao::Comissao => format!("pela {}", self.nome()),
            _ => format!("pelo {}", self.nome()),
        }
    }

    /// O nome com o artigo contraído a `a` ("ao Tribunal…", "à Comissão…").
    pub fn ao_orgao(self) -> String {
        match self {
            Orgao::Comissao => format!("à {}", self.nome()),
            _ => format!("ao {}", self.nome()),
        }
    }

    /// O identificador usado em arquivos e na linha de comando.
    pub fn codigo(self) -> &'static str {
        match self {
            Orgao::Cartografia => "cartografia",
            Orgao::Tre => "tre",
            Orgao::Fazenda => "fazenda",
            Orgao::Comissao => "comissao",
        }
    }

    /// O inverso de [`Orgao::codigo`].
    pub fn de_codigo(codigo: &str) -> Option<Orgao> {
        Orgao::TODOS.into_iter().find(|o| o.codigo() == codigo)
    }
}

/// O papel de quem age no sistema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Papel {
    /// Presidente da Comissão de Revisão Territorial.
    Presidente,
    /// Membro da Comissão (vota).
    Membro,
    /// Deputado que não é membro: voz, sem voto; vista só na sala (Art. 22).
    Deputado,
    /// Servidor ou assessor da Casa (Art. 23).
    Servidor,
    /// Órgão de Informação e Cartografia do Estado (Art. 2º, § 2º).
    Cartografia,
    /// Órgão Fazendário Estadual (Art. 2º, § 2º).
    Fazenda,
    /// Tribunal Regional Eleitoral (Art. 2º, § 2º; Arts. 12, 19 e 20).
    Tre,
    /// Representante da comunidade interessada (Art. 14, parágrafo único).
    Representante,
    /// Qualquer pessoa (Art. 16: "ampla divulgação").
    Publico,
}

impl Papel {
    /// Se o papel é de uma conta de acesso: todos menos o público, que lê sem entrar (Art. 16).
    pub fn tem_conta(self) -> bool {
        self != Papel::Publico
    }

    /// Quem pratica um ato com este papel, como se diz na frase «cabe a …».
    pub fn quem_pratica(self) -> &'static str {
        match self {
            Papel::Presidente => "à Presidência da Comissão",
            Papel::Membro => "a um membro da Comissão",
            Papel::Deputado => "ao deputado autor",
            Papel::Servidor => "à secretaria da Comissão",
            Papel::Cartografia => "ao Órgão de Informação e Cartografia do Estado",
            Papel::Fazenda => "ao Órgão Fazendário Estadual",
            Papel::Tre => "ao Tribunal Regional Eleitoral",
            Papel::Representante => "ao representante da comunidade",
            Papel::Publico => "a qualquer pessoa",
        }
    }

    /// Todos os papéis, na ordem da matriz.
    pub const TODOS: [Papel; 9] = [
        Papel::Presidente,
        Papel::Membro,
        Papel::Deputado,
        Papel::Servidor,
        Papel::Cartografia,
        Papel::Fazenda,
        Papel::Tre,
        Papel::Representante,
        Papel::Publico,
    ];

    /// O identificador usado em arquivos e na linha de comando.
    pub fn codigo(self) -> &'static str {
        match self {
            Papel::Presidente => "presidente",
            Papel::Membro => "membro",
            Papel::Deputado => "deputado",
            Papel::Servidor => "servidor",
            Papel::Cartografia => "cartografia",
            Papel::Fazenda => "fazenda",
            Papel::Tre => "tre",
            Papel::Representante => "representante",
            Papel::Publico => "publico",
        }
    }

    /// O inverso de [`Papel::codigo`].
    pub fn de_codigo(codigo: &str) -> Option<Papel> {
        Papel::TODOS.into_iter().find(|p| p.codigo() == codigo)
    }

    /// O nome por extenso.
    pub fn nome(self) -> &'static str {
        match self {
            Papel::Presidente => "Presidente da Comissão",
            Papel::Membro => "membro da Comissão",
            Papel::Deputado => "deputado",
            Papel::Servidor => "servidor",
            Papel::Cartografia => "Órgão de Cartografia",
            Papel::Fazenda => "Órgão Fazendário",
            Papel::Tre => "TRE",
            Papel::Representante => "representante da comunidade",
            Papel::Publico => "público",
        }
    }

    /// O cargo, como se escreve depois do nome num documento ("Ana Maria Souza, Presidente da
    /// Comissão de Revisão Territorial").
    pub fn cargo(self) -> &'static str {
        match self {
            Papel::Presidente => "Presidente da Comissão de Revisão Territorial",
            Papel::Membro => "Membro da Comissão de Revisão Territorial",
            Papel::Deputado => "Deputado(a) Estadual",
            Papel::Servidor => "Servidor(a) da Assembleia Legislativa",
            Papel::Cartografia => "Órgão de Informação e Cartografia do Estado",
            Papel::Fazenda => "Órgão Fazendário Estadual",
            Papel::Tre => "Tribunal Regional Eleitoral",
            Papel::Representante => "Representante da comunidade",
            Papel::Publico => "cidadão",
        }
    }

    /// O órgão certificador que o papel representa, se for um.
    pub fn orgao(self) -> Option<Orgao> {
        match self {
            Papel::Cartografia => Some(Orgao::Cartografia),
            Papel::Fazenda => Some(Orgao::Fazenda),
            Papel::Tre => Some(Orgao::Tre),
            _ => None,
        }
    }

    /// Membro da Comissão com voto (Presidente ou membro).
    pub fn da_comissao(self) -> bool {
        matches!(self, Papel::Presidente | Papel::Membro)
    }
}

impl fmt::Display for Papel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.nome())
    }
}

/// Quem age: um identificador (login, matrícula, nome do órgão) e o papel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ator {
    /// Identificador estável (o mesmo que o deputado autor usa no protocolo).
    pub id: String,
    /// O papel com que age.
    pub papel: Papel,
}

impl Ator {
    /// Um ator.
    pub fn new(id: impl Into<String>, papel: Papel) -> Ator {
        Ator {
            id: id.into(),
            papel,
        }
    }

    /// Quem é, para pessoas: o nome e o cargo da conta em `pessoas` (login → "Nome, cargo");
    /// sem a conta cadastrada, o cargo do papel — nunca o login.
    pub fn nome_e_cargo(&self, pessoas: &std::collections::BTreeMap<String, String>) -> String {
        pessoas
            .get(&self.id)
            .cloned()
            .unwrap_or_else(|| format!("{} (nome não cadastrado)", self.papel.cargo()))
    }
}

/// Tudo o que alguém pode pedir ao sistema: os atos do processo e as leituras.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Acao {
    /// Protocolar uma representação (Art. 14).
    Protocolar,
    /// Divulgar: cópias aos deputados e publicação (Art. 16).
    Divulgar,
    /// Diligenciar documentos faltantes (Art. 16, parágrafo único).
    SolicitarDocumentos,
    /// Juntar documento ao processo (Art. 16, parágrafo único).
    JuntarDocumento,
    /// Registrar a visita e o levantamento socioeconômico (Art. 17, I).
    RegistrarVisita,
    /// Parecer preliminar (Art. 17, II), de mérito (Art. 18) ou sobre o resultado (Art. 20).
    EmitirParecer,
    /// Ofício a um órgão (Art. 17, § 2º) ou encaminhamento ao TRE (Art. 19, § 1º).
    Oficiar,
    /// Registrar o recebimento do ofício pelo órgão (início do prazo do Art. 2º, § 3º).
    RegistrarRecebimento,
    /// Emitir ou recusar a certidão do próprio órgão (Art. 2º, §§ 2º e 3º; Art. 9º).
    Certificar,
    /// Registrar ato de outro órgão da Casa (Plenário, CCJ, Mesa, Diário Oficial, votação).
    RegistrarAtoDaCasa,
    /// Apresentar projeto de decreto legislativo ou de lei (Art. 18, § 2º; Art. 20, § 1º).
    ApresentarProjeto,
    /// Emenda sobre modificação de divisas (Art. 19, § 3º).
    EmendarDivisas,
    /// Alterar a área do processo no mapa (uma versão nova do território; issue 29).
    AlterarArea,
    /// Pedir regime de urgência (vedado, Art. 19).
    PedirUrgencia,
    /// Registrar o resultado do plebiscito (Art. 20; figuras do TRE).
    RegistrarPlebiscito,
    /// Informar o Plenário sobre o plebiscito (Art. 19, § 2º).
    InformarPlenario,
    /// Autorizar um servidor a prestar informações (Art. 23).
    AutorizarInformacao,
    /// Ver o que é público (Art. 16).
    VerPublico,
    /// Ver o processo inteiro.
    VerCompleto,
    /// Exportar ou baixar os autos (Art. 22 veda ao deputado).
    Exportar,
    /// Prestar informações a terceiros sobre o processo (Art. 23).
    PrestarInformacao,
    /// Assinar um documento emitido da Comissão (o relator e a Presidência; Art. 21).
    AssinarDocumento,
    /// Votar nas deliberações da Comissão (os membros e a Presidência; Art. 22).
    VotarNaComissao,
    /// Indicar o deputado por quem a representação chega, ao protocolá-la (Art. 14, parágrafo
    /// único).
    IndicarDeputado,
    /// Ver o painel de alertas de todos os processos (prazos e pendências; Arts. 2º, § 3º, e 22).
    VerAlertas,
    /// Administrar as contas de acesso (Art. 21: a Comissão fala pelo seu Presidente).
    AdministrarContas,
}

impl Acao {
    /// Todas as ações, na ordem da matriz.
    pub const TODAS: [Acao; 26] = [
        Acao::Protocolar,
        Acao::Divulgar,
        Acao::SolicitarDocumentos,
        Acao::JuntarDocumento,
        Acao::RegistrarVisita,
        Acao::EmitirParecer,
        Acao::Oficiar,
        Acao::RegistrarRecebimento,
        Acao::Certificar,
        Acao::RegistrarAtoDaCasa,
        Acao::ApresentarProjeto,
        Acao::EmendarDivisas,
        Acao::AlterarArea,
        Acao::PedirUrgencia,
        Acao::RegistrarPlebiscito,
        Acao::InformarPlenario,
        Acao::AutorizarInformacao,
        Acao::VerPublico,
        Acao::VerCompleto,
        Acao::Exportar,
        Acao::PrestarInformacao,
        Acao::AssinarDocumento,
        Acao::VotarNaComissao,
        Acao::IndicarDeputado,
        Acao::VerAlertas,
        Acao::AdministrarContas,
    ];

    /// Descrição curta, para mensagens.
    pub fn descricao(self) -> &'static str {
        match self {
            Acao::Protocolar => "protocolar representação",
            Acao::Divulgar => "divulgar a representação",
            Acao::SolicitarDocumentos => "diligenciar documentos",
            Acao::JuntarDocumento => "juntar documento",
            Acao::RegistrarVisita => "registrar a visita",
            Acao::EmitirParecer => "emitir parecer da Comissão",
            Acao::Oficiar => "oficiar em nome da Comissão",
            Acao::RegistrarRecebimento => "registrar o recebimento de ofício",
            Acao::Certificar => "emitir ou recusar certidão",
            Acao::RegistrarAtoDaCasa => "registrar ato do Plenário, da CCJ ou da Mesa",
            Acao::ApresentarProjeto => "apresentar projeto",
            Acao::EmendarDivisas => "apresentar emenda de divisas",
            Acao::AlterarArea => "alterar a área do processo no mapa",
            Acao::PedirUrgencia => "pedir urgência",
            Acao::RegistrarPlebiscito => "registrar o resultado do plebiscito",
            Acao::InformarPlenario => "informar o Plenário",
            Acao::AutorizarInformacao => "autorizar servidor a prestar informações",
            Acao::VerPublico => "ver o que é público",
            Acao::VerCompleto => "ver o processo completo",
            Acao::Exportar => "exportar ou baixar os autos",
            Acao::PrestarInformacao => "prestar informações sobre o processo",
            Acao::AssinarDocumento => "assinar documento da Comissão",
            Acao::VotarNaComissao => "votar nas deliberações da Comissão",
            Acao::IndicarDeputado => "indicar o deputado por quem a representação chega",
            Acao::VerAlertas => "ver o painel de alertas",
            Acao::AdministrarContas => "administrar as contas de acesso",
        }
    }
}

/// O que a matriz diz de um papel diante de uma ação.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permissao {
    /// Pode.
    Sim,
    /// Pode, mas só no caso concreto: o servidor autorizado (Art. 23), o órgão destinatário do
    /// ofício (Art. 2º, § 3º), o deputado autor (Art. 23).
    SeAutorizado,
    /// Não pode.
    Nao,
}

/// A matriz papel × ação. O caso concreto (autorização, órgão destinatário) é conferido por
/// [`crate::Processo::decidir`] e [`crate::Processo::pode_ver`].
pub fn permissao(papel: Papel, acao: Acao) -> Permissao {
    use Acao as A;
    use Papel as P;
    use Permissao::{Nao, SeAutorizado, Sim};
    let orgao = papel.orgao().is_some();
    match acao {
        // Art. 14, parágrafo único: "através de Deputado ou diretamente pelas comunidades";
        // o servidor do protocolo registra a que chega em papel à Mesa.
        A::Protocolar => match papel {
            P::Deputado | P::Representante | P::Servidor | P::Presidente | P::Membro => Sim,
            _ => Nao,
        },
        // Art. 21: comunicações pelo Presidente ou, na ausência, por qualquer membro.
        A::Divulgar | A::SolicitarDocumentos | A::Oficiar | A::InformarPlenario => {
            if papel.da_comissao() {
                Sim
            } else {
                Nao
            }
        }
        // Art. 16, parágrafo único: a comunidade junta o que faltava; a secretaria também.
        A::JuntarDocumento => match papel {
            P::Presidente | P::Membro | P::Servidor | P::Representante | P::Deputado => Sim,
            _ => Nao,
        },
        // Art. 17: é a Comissão que vai à sede e apresenta parecer.
        A::RegistrarVisita | A::ApresentarProjeto => {
            if papel.da_comissao() {
                Sim
            } else {
                Nao
            }
        }
        A::EmitirParecer => match papel {
            P::Presidente => Sim,
            _ => Nao,
        },
        A::RegistrarRecebimento => match papel {
            P::Presidente | P::Membro | P::Servidor => Sim,
            _ if orgao => SeAutorizado,
            _ => Nao,
        },
        // Cada órgão só certifica o que é seu; a certidão do inciso V é da Comissão (Presidente).
        A::Certificar => match papel {
            P::Presidente => Sim,
            _ if orgao => SeAutorizado,
            _ => Nao,
        },
        A::RegistrarAtoDaCasa => match papel {
            P::Presidente | P::Servidor => Sim,
            _ => Nao,
        },
        // Emendas: qualquer deputado pode apresentá-las (rito ordinário, Art. 19).
        A::EmendarDivisas => match papel {
            P::Presidente | P::Membro | P::Deputado => Sim,
            _ => Nao,
        },
        // A linha no mapa é trabalho técnico da Comissão (a secretaria, os membros, a
        // Presidência) e do órgão que certifica a área (Art. 2º, § 2º: a cartografia apura os
        // incisos I, III e VI). Leitura registrada: o deputado que não é membro emenda as divisas
        // pelo rito (Art. 19, § 3º, `EmendarDivisas`), com a descrição da emenda; quem a leva ao
        // mapa é a Comissão. O representante e o público veem, não desenham.
        A::AlterarArea => match papel {
            P::Presidente | P::Membro | P::Servidor | P::Cartografia => Sim,
            _ => Nao,
        },
        // Ninguém: Art. 19, "vedada a urgência". A recusa cita o artigo, não o papel.
        A::PedirUrgencia => Nao,
        A::RegistrarPlebiscito => match papel {
            P::Tre | P::Presidente => Sim,
            _ => Nao,
        },
        A::AutorizarInformacao => match papel {
            P::Presidente => Sim,
            P::Deputado | P::Membro => SeAutorizado, // só o deputado autor da proposição
            _ => Nao,
        },
        A::VerPublico => Sim,
        // Art. 22: o deputado tem vista na sala das Comissões (o sistema é a sala).
        A::VerCompleto => match papel {
            P::Presidente | P::Membro | P::Deputado | P::Servidor => Sim,
            _ => Nao,
        },
        // Art. 22: "não podendo retirá-lo"; Art. 23: servidor só autorizado.
        A::Exportar => match papel {
            P::Presidente | P::Membro => Sim,
            P::Servidor => SeAutorizado,
            _ => Nao,
        },
        // Art. 23: pelos deputados; servidores só autorizados.
        A::PrestarInformacao => match papel {
            P::Presidente | P::Membro | P::Deputado => Sim,
            P::Servidor => SeAutorizado,
            _ => Nao,
        },
        // Art. 21: a Comissão fala pelo seu Presidente e, na ausência dele, por qualquer dos
        // membros — o relator (um membro) e a Presidência assinam os documentos dela.
        A::AssinarDocumento => match papel {
            P::Presidente | P::Membro => Sim,
            _ => Nao,
        },
        // Art. 22: o deputado que não é membro tem vista e voz, não voto.
        A::VotarNaComissao => match papel {
            P::Presidente | P::Membro => Sim,
            _ => Nao,
        },
        // Art. 14, parágrafo único: quem registra a representação que chega à Mesa diz por
        // quem ela chegou; o deputado a traz ele mesmo, o representante vem pela comunidade.
        A::IndicarDeputado => match papel {
            P::Presidente | P::Membro | P::Servidor => Sim,
            _ => Nao,
        },
        // O painel de todos os processos é da Comissão e da Casa (Art. 22: a sala das
        // Comissões); os órgãos e o representante acompanham os seus pela página de cada um.
        A::VerAlertas => match papel {
            P::Presidente | P::Membro | P::Deputado | P::Servidor => Sim,
            _ => Nao,
        },
        // Art. 21: as contas de acesso são administradas pela Presidência da Comissão.
        A::AdministrarContas => match papel {
            P::Presidente => Sim,
            _ => Nao,
        },
    }
}

/// A recusa de uma ação pelo papel, com o artigo que a fundamenta.
pub fn exigir(papel: Papel, acao: Acao) -> Result<Permissao, Recusa> {
    match permissao(papel, acao) {
        Permissao::Nao => Err(Recusa::de(
            crate::Natureza::Papel,
            fundamento(acao),
            format!("o papel {} não pode {}", papel.nome(), acao.descricao()),
        )),
        p => Ok(p),
    }
}

/// O artigo que define quem faz cada ação.
pub fn fundamento(acao: Acao) -> &'static str {
    match acao {
        Acao::Protocolar => "Art. 14, parágrafo único",
        Acao::Divulgar => "Art. 16 e Art. 21",
        Acao::SolicitarDocumentos | Acao::JuntarDocumento => "Art. 16, parágrafo único",
        Acao::RegistrarVisita => "Art. 17, I",
        Acao::EmitirParecer => "Art. 17, II; Art. 18; Art. 20 e Art. 22 (voz sem voto)",
        Acao::Oficiar => "Art. 17, § 2º e Art. 21",
        Acao::RegistrarRecebimento | Acao::Certificar => "Art. 2º, §§ 2º e 3º",
        Acao::RegistrarAtoDaCasa => "Arts. 14, 18, 19 e 20 (atos do Plenário, da CCJ e da Mesa)",
        Acao::ApresentarProjeto => "Art. 18, § 2º e Art. 20, § 1º",
        Acao::EmendarDivisas => "Art. 19, § 3º",
        Acao::AlterarArea => "Art. 2º, § 2º e Art. 19, § 3º",
        Acao::PedirUrgencia => "Art. 19 (vedada a urgência)",
        Acao::RegistrarPlebiscito => "Art. 20 (ofício do TRE)",
        Acao::InformarPlenario => "Art. 19, § 2º",
        Acao::AutorizarInformacao | Acao::PrestarInformacao => "Art. 23",
        Acao::VerPublico => "Art. 16",
        Acao::VerCompleto | Acao::Exportar => "Art. 22",
        Acao::AssinarDocumento | Acao::AdministrarContas => "Art. 21",
        Acao::VotarNaComissao | Acao::VerAlertas => "Art. 22",
        Acao::IndicarDeputado => "Art. 14, parágrafo único",
    }
}

#[cfg(test)]
mod testes {
    use super::Orgao;

    /// A certidão do inciso V é da Comissão (Art. 2º, § 2º): "da Comissão", não "do Comissão".
    #[test]
    fn o_orgao_com_o_artigo_do_seu_genero() {
        assert_eq!(
            Orgao::Comissao.do_orgao(),
            "da Comissão de Revisão Territorial (verificação in loco)"
        );
        assert_eq!(Orgao::Tre.pelo_orgao(), "pelo Tribunal Regional Eleitoral");
        assert!(Orgao::Comissao.ao_orgao().starts_with("à Comissão"));
        assert!(Orgao::Fazenda.ao_orgao().starts_with("ao Órgão Fazendário"));
    }
}
