//! Cada ato do processo declarado uma vez (issue 31): o código gravado, o título, o artigo, os
//! campos com o rótulo e o tipo, a ação da matriz de papéis, se é público, se é independente,
//! por onde entra e o nome da sua data.
//!
//! É a única lista dos atos. O enum [`Ato`] traz os valores; [`Ato::tipo_de_ato`] é o único
//! `match` sobre as suas variantes, e [`Ato::tipo`], [`Ato::acao`], [`Ato::publico`] e
//! [`Ato::independente`] leem esta tabela. Os formulários da página, a leitura de
//! `CAMPO=VALOR` e a ajuda da linha de comando, o esquema da API e as páginas a percorrem; o
//! teste `cada_ato_declarado_uma_vez` confere, ato por ato, que a tabela e o enum dizem o mesmo.

use crate::papel::Acao;
use crate::Ato;

/// O tipo de um ato, sem os valores. A ordem é a de [`DEFINICOES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum TipoDeAto {
    Protocolar,
    Divulgar,
    SolicitarDocumentos,
    JuntarDocumento,
    AnexarProposta,
    RegistrarVisita,
    ParecerPreliminar,
    DeliberarPlenario,
    EnviarOficio,
    ConfirmarRecebimento,
    EmitirCertidao,
    RecusarCertidao,
    ParecerDeMerito,
    ParecerCcj,
    ApresentarProjetoDecreto,
    EmendarDivisas,
    AlterarArea,
    PedirUrgencia,
    VotarDecreto,
    PublicarDecreto,
    EncaminharAoTre,
    InformarPlenario,
    RegistrarPlebiscito,
    LerResultado,
    ParecerResultado,
    ApresentarProjetoDeLei,
    VotarProjetoDeLei,
    PublicarLei,
    AutorizarInformacao,
}

/// Como o valor de um campo é escrito: decide o controle da página, a leitura de
/// `CAMPO=VALOR` e o esquema da API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TipoDeCampo {
    /// Uma linha de texto.
    Texto,
    /// Um texto de várias linhas.
    TextoLongo,
    /// Sim ou não.
    SimNao,
    /// Um órgão certificador ([`crate::Orgao`]), pelo código.
    Orgao,
    /// Tramitar ou arquivar ([`crate::Decisao`]).
    Decisao,
    /// O placar de uma votação ([`crate::Votos`]).
    Votos,
    /// Uma data (AAAA-MM-DD).
    Data,
    /// Um documento do Art. 15 ([`crate::DocumentoArt15`]), pelo código.
    Art15,
    /// As apurações do plebiscito, uma por localidade (Art. 11, § 2º).
    Apuracoes,
    /// O conteúdo do Art. 7º no projeto de lei (o nome, as divisas, o ano da instalação).
    ConteudoLei,
    /// Os números de uma certidão (Art. 2º, § 2º; a tabela [`crate::NUMEROS_DO_ART2`]).
    Numeros,
    /// Um servidor da Casa, pela conta (Art. 23).
    Servidor,
    /// A proposta (CONTRACT §2), em TOML.
    Proposta,
}

impl TipoDeCampo {
    /// Se o valor é composto (votos, números, listas): na página, um grupo de controles; na
    /// linha de comando, JSON.
    pub fn composto(self) -> bool {
        matches!(
            self,
            TipoDeCampo::Votos
                | TipoDeCampo::Numeros
                | TipoDeCampo::Apuracoes
                | TipoDeCampo::ConteudoLei
        )
    }

    /// Como se escreve o valor na linha de comando, para a ajuda.
    pub fn forma_na_linha_de_comando(self) -> &'static str {
        match self {
            TipoDeCampo::Texto | TipoDeCampo::TextoLongo | TipoDeCampo::Proposta => "",
            TipoDeCampo::SimNao => "=true|false",
            TipoDeCampo::Orgao => "=cartografia|tre|fazenda|comissao",
            TipoDeCampo::Decisao => "=tramitar|arquivar",
            TipoDeCampo::Votos => "={\"sim\":4,\"nao\":1}",
            TipoDeCampo::Data => "=AAAA-MM-DD",
            TipoDeCampo::Art15 => "=requerimento|mapa_novo|mapa_origem|justificativa|fotografias",
            TipoDeCampo::Apuracoes => "=[{\"localidade\":…,\"inscritos\":…,\"sim\":…,\"nao\":…}]",
            TipoDeCampo::ConteudoLei => "={\"nome\":…,\"divisas\":…,\"ano_instalacao\":2029}",
            TipoDeCampo::Numeros => "={\"populacao\":5200}",
            TipoDeCampo::Servidor => "=CONTA",
        }
    }
}

/// Um campo de um ato: o nome no JSON gravado, o rótulo para pessoas, como se escreve e se pode
/// faltar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Campo {
    /// O nome no JSON do ato e em `CAMPO=VALOR`.
    pub nome: &'static str,
    /// O rótulo na página.
    pub rotulo: &'static str,
    /// Como o valor se escreve.
    pub tipo: TipoDeCampo,
    /// Se pode faltar.
    pub opcional: bool,
}

const fn c(nome: &'static str, rotulo: &'static str, tipo: TipoDeCampo) -> Campo {
    Campo {
        nome,
        rotulo,
        tipo,
        opcional: false,
    }
}

const fn opcional(nome: &'static str, rotulo: &'static str, tipo: TipoDeCampo) -> Campo {
    Campo {
        nome,
        rotulo,
        tipo,
        opcional: true,
    }
}

/// Por onde um ato entra nos autos.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entrada {
    /// Pelo formulário do ato: a página do processo, `divisa processo avancar` e
    /// `POST /api/processos/{protocolo}/atos`.
    Formulario,
    /// Pelo protocolo da representação (a página de nova representação, `divisa processo
    /// criar`, `POST /api/processos`): o registro atribui o número.
    Protocolo,
    /// Pelo mapa da página do processo e `PUT /api/processos/{protocolo}/area`, que leem,
    /// conferem e medem o arquivo da área.
    Mapa,
}

/// Um ato declarado: tudo o que não depende dos valores.
#[derive(Debug, Clone, Copy)]
pub struct Definicao {
    /// O tipo.
    pub tipo: TipoDeAto,
    /// O código gravado (`tipo` no JSON do evento) e usado na linha de comando.
    pub codigo: &'static str,
    /// O título, para pessoas (o botão, a lista de passos).
    pub titulo: &'static str,
    /// O dispositivo que o rege.
    pub artigo: &'static str,
    /// Os campos que quem pratica o ato preenche (os do protocolo e da área vêm pelas suas
    /// entradas próprias).
    pub campos: &'static [Campo],
    /// A ação da matriz de papéis que o ato exige.
    pub acao: Acao,
    /// Se é público (Art. 16, "ampla divulgação", e a publicidade dos atos oficiais:
    /// deliberações do Plenário, decreto, plebiscito, lei). O resto fica na Comissão (Art. 22).
    pub publico: bool,
    /// Se só acrescenta aos autos, sem depender do que outro ato mudou entre a leitura da
    /// página e o envio: dois destes ao mesmo tempo não conflitam — o segundo é decidido de
    /// novo no estado atual e gravado. Os outros (pareceres, votações, a fase) conflitam.
    pub independente: bool,
    /// Por onde entra.
    pub entrada: Entrada,
    /// Se a página o oferece como formulário. O pedido de urgência não: o Art. 19 o veda a
    /// todos, e um botão que sempre recusa não ajuda ninguém (a API e a linha de comando o
    /// aceitam, para a recusa ficar dita).
    pub na_pagina: bool,
    /// O nome do dia do ato (a publicação, a visita, a sessão): é o dia que conta nos prazos.
    pub rotulo_da_data: &'static str,
    /// O que a ajuda da linha de comando acrescenta aos campos.
    pub nota: &'static str,
}

impl Definicao {
    /// Um campo pelo nome.
    pub fn campo(&self, nome: &str) -> Option<&'static Campo> {
        self.campos.iter().find(|f| f.nome == nome)
    }

    /// Se o ato se refere a um órgão (ofício, recebimento, certidão).
    pub fn com_orgao(&self) -> bool {
        self.campos.iter().any(|f| f.tipo == TipoDeCampo::Orgao)
    }
}

use TipoDeCampo as T;

/// Uma definição com os valores comuns: formulário, na página, não público, não independente.
const fn d(
    tipo: TipoDeAto,
    codigo: &'static str,
    titulo: &'static str,
    artigo: &'static str,
    campos: &'static [Campo],
    acao: Acao,
) -> Definicao {
    Definicao {
        tipo,
        codigo,
        titulo,
        artigo,
        campos,
        acao,
        publico: false,
        independente: false,
        entrada: Entrada::Formulario,
        na_pagina: true,
        rotulo_da_data: "Data do ato",
        nota: "",
    }
}

const fn publico(def: Definicao) -> Definicao {
    Definicao {
        publico: true,
        ..def
    }
}

const fn independente(def: Definicao) -> Definicao {
    Definicao {
        independente: true,
        ..def
    }
}

const fn data(rotulo_da_data: &'static str, def: Definicao) -> Definicao {
    Definicao {
        rotulo_da_data,
        ..def
    }
}

const fn nota(nota: &'static str, def: Definicao) -> Definicao {
    Definicao { nota, ..def }
}

const VOTOS: Campo = c("votos", "Votação na Comissão", T::Votos);
const APROVADO: Campo = c("aprovado", "Aprovado", T::SimNao);
const ORGAO: Campo = c("orgao", "Órgão", T::Orgao);
const REUNIAO: &str = "Data da reunião da Comissão";
const SESSAO: &str = "Data da sessão";
const PUBLICACAO: &str = "Data da publicação";

/// Os atos, na ordem de [`TipoDeAto`].
pub const DEFINICOES: [Definicao; 29] = [
    publico(Definicao {
        entrada: Entrada::Protocolo,
        na_pagina: false,
        rotulo_da_data: "Data do protocolo",
        ..d(
            TipoDeAto::Protocolar,
            "protocolar",
            "Protocolar a representação",
            "Art. 14",
            &[],
            Acao::Protocolar,
        )
    }),
    publico(data(
        PUBLICACAO,
        d(
            TipoDeAto::Divulgar,
            "divulgar",
            "Divulgar a representação",
            "Art. 16",
            &[c("publicacao", "Publicação (Diário, número, data)", T::Texto)],
            Acao::Divulgar,
        ),
    )),
    d(
        TipoDeAto::SolicitarDocumentos,
        "solicitar_documentos",
        "Solicitar documentos faltantes",
        "Art. 16, parágrafo único",
        &[c("destinatario", "Destinatário", T::Texto)],
        Acao::SolicitarDocumentos,
    ),
    independente(data(
        "Data da juntada",
        nota(
            "o documento do Art. 15 vai com o seu arquivo (--anexo ARQUIVO); declarar não é juntar (Art. 16, parágrafo único)",
            d(
                TipoDeAto::JuntarDocumento,
                "juntar_documento",
                "Juntar documento",
                "Art. 16, parágrafo único",
                &[
                    c("descricao", "Descrição", T::Texto),
                    opcional(
                        "art15",
                        "Documento do Art. 15 (se for um; envie o arquivo dele abaixo — sem o arquivo, o documento não conta)",
                        T::Art15,
                    ),
                ],
                Acao::JuntarDocumento,
            ),
        ),
    )),
    data(
        "Data da juntada",
        d(
            TipoDeAto::AnexarProposta,
            "anexar_proposta",
            "Juntar a proposta da representação",
            "Art. 15",
            &[c("proposta", "A proposta", T::Proposta)],
            Acao::JuntarDocumento,
        ),
    ),
    data(
        "Data da visita",
        d(
            TipoDeAto::RegistrarVisita,
            "registrar_visita",
            "Registrar a visita e o levantamento",
            "Art. 17, I",
            &[
                c("local", "Local", T::Texto),
                c("relatorio", "Relatório circunstanciado", T::TextoLongo),
            ],
            Acao::RegistrarVisita,
        ),
    ),
    data(
        REUNIAO,
        d(
            TipoDeAto::ParecerPreliminar,
            "parecer_preliminar",
            "Parecer preliminar",
            "Art. 17, II",
            &[
                c(
                    "solicitar_certidoes",
                    "Solicitar as certidões (senão, arquivar)",
                    T::SimNao,
                ),
                VOTOS,
            ],
            Acao::EmitirParecer,
        ),
    ),
    publico(data(
        SESSAO,
        d(
            TipoDeAto::DeliberarPlenario,
            "deliberar_plenario",
            "Deliberação do Plenário",
            "Art. 17, § 1º; Art. 18, § 1º",
            &[c("decisao", "Decisão", T::Decisao)],
            Acao::RegistrarAtoDaCasa,
        ),
    )),
    data(
        "Data do envio do ofício",
        d(
            TipoDeAto::EnviarOficio,
            "enviar_oficio",
            "Enviar ofício a órgão",
            "Art. 17, § 2º",
            &[ORGAO, c("numero", "Número do ofício", T::Texto)],
            Acao::Oficiar,
        ),
    ),
    independente(data(
        "Data do recebimento do ofício (começa o prazo do Art. 2º, § 3º)",
        d(
            TipoDeAto::ConfirmarRecebimento,
            "confirmar_recebimento",
            "Confirmar o recebimento do ofício",
            "Art. 2º, § 3º: começa o prazo das certidões",
            &[ORGAO],
            Acao::RegistrarRecebimento,
        ),
    )),
    independente(data(
        "Data da certidão",
        nota(
            "dados: só os números do órgão que emite — cartografia: populacao, casas_centro_urbano, area_km2; tre: eleitores; fazenda: valor_adicionado; a Comissão apura a arrecadacao",
            d(
                TipoDeAto::EmitirCertidao,
                "emitir_certidao",
                "Emitir certidão",
                "Art. 2º, § 2º",
                &[
                    ORGAO,
                    c("numero", "Número da certidão", T::Texto),
                    c(
                        "dados",
                        "Os números certificados (só os do órgão que certifica)",
                        T::Numeros,
                    ),
                    c("signatario", "Quem assina (nome e cargo)", T::Texto),
                    opcional("conteudo", "Observações (fonte, método)", T::TextoLongo),
                ],
                Acao::Certificar,
            ),
        ),
    )),
    independente(data(
        "Data da recusa",
        d(
            TipoDeAto::RecusarCertidao,
            "recusar_certidao",
            "Recusar certidão",
            "Art. 9º",
            &[ORGAO, c("motivo", "Motivo", T::TextoLongo)],
            Acao::Certificar,
        ),
    )),
    data(
        REUNIAO,
        d(
            TipoDeAto::ParecerDeMerito,
            "parecer_de_merito",
            "Parecer de mérito",
            "Art. 18",
            &[c("favoravel", "Favorável", T::SimNao), VOTOS],
            Acao::EmitirParecer,
        ),
    ),
    d(
        TipoDeAto::ParecerCcj,
        "parecer_ccj",
        "Parecer da CCJ",
        "Art. 18, § 2º",
        &[APROVADO],
        Acao::RegistrarAtoDaCasa,
    ),
    d(
        TipoDeAto::ApresentarProjetoDecreto,
        "apresentar_projeto_decreto",
        "Apresentar o projeto de decreto legislativo",
        "Art. 18, § 2º",
        &[c("numero", "Número do projeto", T::Texto)],
        Acao::ApresentarProjeto,
    ),
    d(
        TipoDeAto::EmendarDivisas,
        "emendar_divisas",
        "Emenda sobre divisas",
        "Art. 19, § 3º",
        &[c("descricao", "Descrição da emenda", T::TextoLongo)],
        Acao::EmendarDivisas,
    ),
    Definicao {
        entrada: Entrada::Mapa,
        na_pagina: false,
        rotulo_da_data: "Data da alteração",
        ..d(
            TipoDeAto::AlterarArea,
            "alterar_area",
            "Alterar a área no mapa",
            "Art. 19, § 3º",
            &[],
            Acao::AlterarArea,
        )
    },
    Definicao {
        na_pagina: false,
        nota: "sempre recusado: o Art. 19 veda a urgência",
        ..d(
            TipoDeAto::PedirUrgencia,
            "pedir_urgencia",
            "Pedir urgência",
            "Art. 19",
            &[c("justificativa", "Justificativa", T::TextoLongo)],
            Acao::PedirUrgencia,
        )
    },
    publico(data(
        SESSAO,
        d(
            TipoDeAto::VotarDecreto,
            "votar_decreto",
            "Votação do decreto legislativo",
            "Art. 19",
            &[APROVADO],
            Acao::RegistrarAtoDaCasa,
        ),
    )),
    publico(data(
        PUBLICACAO,
        d(
            TipoDeAto::PublicarDecreto,
            "publicar_decreto",
            "Publicar o decreto legislativo",
            "Art. 19, § 1º",
            &[
                c("numero", "Número do decreto", T::Texto),
                c("diario", "Diário Oficial", T::Texto),
            ],
            Acao::RegistrarAtoDaCasa,
        ),
    )),
    data(
        "Data do encaminhamento",
        d(
            TipoDeAto::EncaminharAoTre,
            "encaminhar_ao_tre",
            "Encaminhar ao TRE",
            "Art. 19, § 1º",
            &[c(
                "copia_autenticada",
                "Com cópia autenticada do processo",
                T::SimNao,
            )],
            Acao::Oficiar,
        ),
    ),
    d(
        TipoDeAto::InformarPlenario,
        "informar_plenario",
        "Informar o Plenário",
        "Art. 19, § 2º",
        &[c("nota", "Nota", T::TextoLongo)],
        Acao::InformarPlenario,
    ),
    publico(d(
        TipoDeAto::RegistrarPlebiscito,
        "registrar_plebiscito",
        "Registrar o resultado do plebiscito",
        "Art. 11, § 2º; Art. 20",
        &[
            c("realizado_em", "Realizado em", T::Data),
            c("apuracoes", "Apurações por localidade", T::Apuracoes),
        ],
        Acao::RegistrarPlebiscito,
    )),
    data(
        SESSAO,
        d(
            TipoDeAto::LerResultado,
            "ler_resultado",
            "Ler o resultado em Plenário",
            "Art. 20",
            &[],
            Acao::RegistrarAtoDaCasa,
        ),
    ),
    data(
        REUNIAO,
        d(
            TipoDeAto::ParecerResultado,
            "parecer_resultado",
            "Parecer sobre o resultado",
            "Art. 20, § 1º",
            &[c("favoravel", "Favorável", T::SimNao), VOTOS],
            Acao::EmitirParecer,
        ),
    ),
    d(
        TipoDeAto::ApresentarProjetoDeLei,
        "apresentar_projeto_de_lei",
        "Apresentar o projeto de lei de criação",
        "Art. 20, § 1º; Art. 7º",
        &[
            c("numero", "Número do projeto", T::Texto),
            c("conteudo", "Conteúdo (Art. 7º)", T::ConteudoLei),
        ],
        Acao::ApresentarProjeto,
    ),
    publico(data(
        SESSAO,
        d(
            TipoDeAto::VotarProjetoDeLei,
            "votar_projeto_de_lei",
            "Votação do projeto de lei",
            "Art. 20, § 2º",
            &[APROVADO],
            Acao::RegistrarAtoDaCasa,
        ),
    )),
    publico(data(
        PUBLICACAO,
        d(
            TipoDeAto::PublicarLei,
            "publicar_lei",
            "Publicar a lei",
            "Art. 20, § 2º",
            &[
                c("numero", "Número da lei", T::Texto),
                c("diario", "Diário Oficial", T::Texto),
            ],
            Acao::RegistrarAtoDaCasa,
        ),
    )),
    independente(d(
        TipoDeAto::AutorizarInformacao,
        "autorizar_informacao",
        "Autorizar servidor a prestar informações",
        "Art. 23",
        &[c("servidor", "Servidor", T::Servidor)],
        Acao::AutorizarInformacao,
    )),
];

impl TipoDeAto {
    /// Todos os tipos, na ordem do rito.
    pub fn todos() -> impl Iterator<Item = TipoDeAto> {
        DEFINICOES.iter().map(|d| d.tipo)
    }

    /// A definição do tipo.
    pub fn definicao(self) -> &'static Definicao {
        &DEFINICOES[self as usize]
    }

    /// O tipo pelo código gravado (`divulgar`, `emitir_certidao`, …).
    pub fn de_codigo(codigo: &str) -> Option<TipoDeAto> {
        DEFINICOES
            .iter()
            .find(|d| d.codigo == codigo)
            .map(|d| d.tipo)
    }
}

impl Ato {
    /// O tipo do ato: o único `match` sobre as variantes; o resto lê [`DEFINICOES`].
    pub fn tipo_de_ato(&self) -> TipoDeAto {
        match self {
            Ato::Protocolar { .. } => TipoDeAto::Protocolar,
            Ato::Divulgar { .. } => TipoDeAto::Divulgar,
            Ato::SolicitarDocumentos { .. } => TipoDeAto::SolicitarDocumentos,
            Ato::JuntarDocumento { .. } => TipoDeAto::JuntarDocumento,
            Ato::AnexarProposta { .. } => TipoDeAto::AnexarProposta,
            Ato::RegistrarVisita { .. } => TipoDeAto::RegistrarVisita,
            Ato::ParecerPreliminar { .. } => TipoDeAto::ParecerPreliminar,
            Ato::DeliberarPlenario { .. } => TipoDeAto::DeliberarPlenario,
            Ato::EnviarOficio { .. } => TipoDeAto::EnviarOficio,
            Ato::ConfirmarRecebimento { .. } => TipoDeAto::ConfirmarRecebimento,
            Ato::EmitirCertidao { .. } => TipoDeAto::EmitirCertidao,
            Ato::RecusarCertidao { .. } => TipoDeAto::RecusarCertidao,
            Ato::ParecerDeMerito { .. } => TipoDeAto::ParecerDeMerito,
            Ato::ParecerCcj { .. } => TipoDeAto::ParecerCcj,
            Ato::ApresentarProjetoDecreto { .. } => TipoDeAto::ApresentarProjetoDecreto,
            Ato::EmendarDivisas { .. } => TipoDeAto::EmendarDivisas,
            Ato::AlterarArea { .. } => TipoDeAto::AlterarArea,
            Ato::PedirUrgencia { .. } => TipoDeAto::PedirUrgencia,
            Ato::VotarDecreto { .. } => TipoDeAto::VotarDecreto,
            Ato::PublicarDecreto { .. } => TipoDeAto::PublicarDecreto,
            Ato::EncaminharAoTre { .. } => TipoDeAto::EncaminharAoTre,
            Ato::InformarPlenario { .. } => TipoDeAto::InformarPlenario,
            Ato::RegistrarPlebiscito { .. } => TipoDeAto::RegistrarPlebiscito,
            Ato::LerResultado => TipoDeAto::LerResultado,
            Ato::ParecerResultado { .. } => TipoDeAto::ParecerResultado,
            Ato::ApresentarProjetoDeLei { .. } => TipoDeAto::ApresentarProjetoDeLei,
            Ato::VotarProjetoDeLei { .. } => TipoDeAto::VotarProjetoDeLei,
            Ato::PublicarLei { .. } => TipoDeAto::PublicarLei,
            Ato::AutorizarInformacao { .. } => TipoDeAto::AutorizarInformacao,
        }
    }

    /// A definição do ato.
    pub fn definicao(&self) -> &'static Definicao {
        self.tipo_de_ato().definicao()
    }
}

/// A ajuda de `divisa processo avancar`: cada ato que entra pelo formulário, com os seus campos,
/// o artigo e a nota; lida da tabela, para nunca dizer campos que o ato não tem.
pub fn ajuda_dos_atos() -> String {
    use std::fmt::Write as _;
    let mut s = String::from("Atos (e os seus campos; [entre colchetes] os que podem faltar):\n");
    for def in DEFINICOES
        .iter()
        .filter(|d| d.entrada == Entrada::Formulario)
    {
        let campos: Vec<String> = def
            .campos
            .iter()
            .map(|f| {
                let campo = format!("{}{}", f.nome, f.tipo.forma_na_linha_de_comando());
                if f.opcional {
                    format!("[{campo}]")
                } else {
                    campo
                }
            })
            .collect();
        let _ = writeln!(s, "  {:<27} {}", def.codigo, def.artigo);
        if !campos.is_empty() {
            let _ = writeln!(s, "      {}", campos.join(" "));
        }
        if !def.nota.is_empty() {
            let _ = writeln!(s, "      ({})", def.nota);
        }
    }
    s.push_str(
        "\nO protocolo é `divisa processo criar`; a área se altera no mapa da página do processo.\n\
         \nExemplo:\n  divisa processo avancar 00001.000001/2026-91 divulgar publicacao=\"DOALMT nº 1.234\" --como presidente:ana\n",
    );
    s
}
