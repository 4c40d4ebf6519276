//! Os formulários dos atos do processo e quais deles oferecer a quem olha.
//!
//! Só se oferece o ato que o papel pode praticar (a matriz de `divisa_processo::papel`) e que
//! cabe na fase atual. Para saber se cabe, o ato é decidido com valores de exemplo: se a lei o
//! recusa por causa da fase ("não cabe na fase atual") ou do papel, ele não aparece; se o recusa
//! por outro motivo (um placar, uma data), aparece — quem preenche o formulário verá a recusa
//! com o artigo. O servidor decide de novo, com os valores de verdade, ao gravar.

use divisa_processo::papel::permissao;
use divisa_processo::{Ato, Ator, Orgao, Papel, Permissao, Processo};
use jiff::civil::Date;

use crate::html::{html, Markup};
use crate::texto::ato_de_objeto;

/// Como um campo é preenchido.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tipo {
    Texto,
    TextoLongo,
    SimNao,
    Orgao,
    Decisao,
    Votos,
    Data,
    Art15,
    /// As apurações do plebiscito, uma por localidade (Art. 11, § 2º): na página, um grupo de
    /// campos por localidade; na linha de comando, a lista em JSON.
    Apuracoes,
    /// O conteúdo do Art. 7º no projeto de lei (o nome, as divisas, o ano da instalação): na
    /// página, três campos; na linha de comando, em JSON.
    ConteudoLei,
    /// Os números de uma certidão (Art. 2º, § 2º), um campo por número, no formato brasileiro.
    Numeros,
    /// Um servidor da Casa, escolhido pelo nome (Art. 23).
    Servidor,
    /// A proposta, pelos campos da página «Avaliar» (o mesmo componente,
    /// [`crate::formulario::html`]), já preenchidos com a que os autos têm; ou escrita, para
    /// quem já a tem (issue 32).
    Proposta,
}

/// Um número de certidão (Art. 2º, § 2º): o campo, o rótulo com quem o apura, se é inteiro e
/// o órgão que o certifica — o formulário de cada órgão mostra só os seus.
struct Numero {
    campo: &'static str,
    rotulo: &'static str,
    inteiro: bool,
    orgao: Orgao,
}

const NUMEROS: [Numero; 6] = [
    Numero {
        campo: "populacao",
        rotulo: "População, habitantes (Cartografia, inciso I)",
        inteiro: true,
        orgao: Orgao::Cartografia,
    },
    Numero {
        campo: "eleitores",
        rotulo: "Eleitores (TRE, inciso II)",
        inteiro: true,
        orgao: Orgao::Tre,
    },
    Numero {
        campo: "casas_centro_urbano",
        rotulo: "Casas do centro urbano (Cartografia, inciso III)",
        inteiro: true,
        orgao: Orgao::Cartografia,
    },
    Numero {
        campo: "valor_adicionado",
        rotulo: "Valor adicionado do último exercício, R$ (Fazenda, inciso IV)",
        inteiro: false,
        orgao: Orgao::Fazenda,
    },
    Numero {
        campo: "arrecadacao",
        rotulo: "Arrecadação do último exercício, R$ (Comissão, inciso V)",
        inteiro: false,
        orgao: Orgao::Comissao,
    },
    Numero {
        campo: "area_km2",
        rotulo: "Área, km² (Cartografia, inciso VI)",
        inteiro: false,
        orgao: Orgao::Cartografia,
    },
];

pub(crate) struct Campo {
    pub nome: &'static str,
    pub rotulo: &'static str,
    pub tipo: Tipo,
    pub opcional: bool,
}

const fn c(nome: &'static str, rotulo: &'static str, tipo: Tipo) -> Campo {
    Campo {
        nome,
        rotulo,
        tipo,
        opcional: false,
    }
}

pub(crate) struct Modelo {
    pub tipo: &'static str,
    pub titulo: &'static str,
    pub artigo: &'static str,
    pub campos: &'static [Campo],
}

/// Os atos que a web oferece (o protocolo é a página de nova representação; o pedido de
/// urgência não é oferecido a ninguém — Art. 19).
pub(crate) const MODELOS: &[Modelo] = &[
    Modelo {
        tipo: "divulgar",
        titulo: "Divulgar a representação",
        artigo: "Art. 16",
        campos: &[c(
            "publicacao",
            "Publicação (Diário, número, data)",
            Tipo::Texto,
        )],
    },
    Modelo {
        tipo: "solicitar_documentos",
        titulo: "Solicitar documentos faltantes",
        artigo: "Art. 16, parágrafo único",
        campos: &[c("destinatario", "Destinatário", Tipo::Texto)],
    },
    Modelo {
        tipo: "anexar_proposta",
        titulo: "Juntar a proposta da representação",
        artigo: "Art. 15",
        campos: &[c("proposta", "A proposta", Tipo::Proposta)],
    },
    Modelo {
        tipo: "juntar_documento",
        titulo: "Juntar documento",
        artigo: "Art. 16, parágrafo único",
        campos: &[
            c("descricao", "Descrição", Tipo::Texto),
            Campo {
                nome: "art15",
                rotulo: "Documento do Art. 15 (se for um; envie o arquivo dele abaixo — sem o arquivo, o documento não conta)",
                tipo: Tipo::Art15,
                opcional: true,
            },
        ],
    },
    Modelo {
        tipo: "registrar_visita",
        titulo: "Registrar a visita e o levantamento",
        artigo: "Art. 17, I",
        campos: &[
            c("local", "Local", Tipo::Texto),
            c("relatorio", "Relatório circunstanciado", Tipo::TextoLongo),
        ],
    },
    Modelo {
        tipo: "parecer_preliminar",
        titulo: "Parecer preliminar",
        artigo: "Art. 17, II",
        campos: &[
            c(
                "solicitar_certidoes",
                "Solicitar as certidões (senão, arquivar)",
                Tipo::SimNao,
            ),
            c("votos", "Votação na Comissão", Tipo::Votos),
        ],
    },
    Modelo {
        tipo: "deliberar_plenario",
        titulo: "Deliberação do Plenário",
        artigo: "Art. 17, § 1º; Art. 18, § 1º",
        campos: &[c("decisao", "Decisão", Tipo::Decisao)],
    },
    Modelo {
        tipo: "enviar_oficio",
        titulo: "Enviar ofício a órgão",
        artigo: "Art. 17, § 2º",
        campos: &[
            c("orgao", "Órgão", Tipo::Orgao),
            c("numero", "Número do ofício", Tipo::Texto),
        ],
    },
    Modelo {
        tipo: "confirmar_recebimento",
        titulo: "Confirmar o recebimento do ofício",
        artigo: "Art. 2º, § 3º: começa o prazo de 30 dias",
        campos: &[c("orgao", "Órgão", Tipo::Orgao)],
    },
    Modelo {
        tipo: "emitir_certidao",
        titulo: "Emitir certidão",
        artigo: "Art. 2º, § 2º",
        campos: &[
            c("orgao", "Órgão", Tipo::Orgao),
            c("numero", "Número da certidão", Tipo::Texto),
            c("dados", "Os números certificados (só os do órgão que certifica)", Tipo::Numeros),
            c("signatario", "Quem assina (nome e cargo)", Tipo::Texto),
            Campo {
                opcional: true,
                ..c("conteudo", "Observações (fonte, método)", Tipo::TextoLongo)
            },
        ],
    },
    Modelo {
        tipo: "recusar_certidao",
        titulo: "Recusar certidão",
        artigo: "Art. 9º",
        campos: &[
            c("orgao", "Órgão", Tipo::Orgao),
            c("motivo", "Motivo", Tipo::TextoLongo),
        ],
    },
    Modelo {
        tipo: "parecer_de_merito",
        titulo: "Parecer de mérito",
        artigo: "Art. 18",
        campos: &[
            c("favoravel", "Favorável", Tipo::SimNao),
            c("votos", "Votação na Comissão", Tipo::Votos),
        ],
    },
    Modelo {
        tipo: "parecer_ccj",
        titulo: "Parecer da CCJ",
        artigo: "Art. 18, § 2º",
        campos: &[c("aprovado", "Aprovado", Tipo::SimNao)],
    },
    Modelo {
        tipo: "apresentar_projeto_decreto",
        titulo: "Apresentar o projeto de decreto legislativo",
        artigo: "Art. 18, § 2º",
        campos: &[c("numero", "Número do projeto", Tipo::Texto)],
    },
    Modelo {
        tipo: "emendar_divisas",
        titulo: "Emenda sobre divisas",
        artigo: "Art. 19, § 3º",
        campos: &[c("descricao", "Descrição da emenda", Tipo::TextoLongo)],
    },
    Modelo {
        tipo: "votar_decreto",
        titulo: "Votação do decreto legislativo",
        artigo: "Art. 19",
        campos: &[c("aprovado", "Aprovado", Tipo::SimNao)],
    },
    Modelo {
        tipo: "publicar_decreto",
        titulo: "Publicar o decreto legislativo",
        artigo: "Art. 19, § 1º",
        campos: &[
            c("numero", "Número do decreto", Tipo::Texto),
            c("diario", "Diário Oficial", Tipo::Texto),
        ],
    },
    Modelo {
        tipo: "encaminhar_ao_tre",
        titulo: "Encaminhar ao TRE",
        artigo: "Art. 19, § 1º",
        campos: &[c(
            "copia_autenticada",
            "Com cópia autenticada do processo",
            Tipo::SimNao,
        )],
    },
    Modelo {
        tipo: "informar_plenario",
        titulo: "Informar o Plenário",
        artigo: "Art. 19, § 2º",
        campos: &[c("nota", "Nota", Tipo::TextoLongo)],
    },
    Modelo {
        tipo: "registrar_plebiscito",
        titulo: "Registrar o resultado do plebiscito",
        artigo: "Art. 11, § 2º; Art. 20",
        campos: &[
            c("realizado_em", "Realizado em", Tipo::Data),
            c(
                "apuracoes",
                "Apurações por localidade",
                Tipo::Apuracoes,
            ),
        ],
    },
    Modelo {
        tipo: "ler_resultado",
        titulo: "Ler o resultado em Plenário",
        artigo: "Art. 20",
        campos: &[],
    },
    Modelo {
        tipo: "parecer_resultado",
        titulo: "Parecer sobre o resultado",
        artigo: "Art. 20, § 1º",
        campos: &[
            c("favoravel", "Favorável", Tipo::SimNao),
            c("votos", "Votação na Comissão", Tipo::Votos),
        ],
    },
    Modelo {
        tipo: "apresentar_projeto_de_lei",
        titulo: "Apresentar o projeto de lei de criação",
        artigo: "Art. 20, § 1º; Art. 7º",
        campos: &[
            c("numero", "Número do projeto", Tipo::Texto),
            c(
                "conteudo",
                "Conteúdo (Art. 7º)",
                Tipo::ConteudoLei,
            ),
        ],
    },
    Modelo {
        tipo: "votar_projeto_de_lei",
        titulo: "Votação do projeto de lei",
        artigo: "Art. 20, § 2º",
        campos: &[c("aprovado", "Aprovado", Tipo::SimNao)],
    },
    Modelo {
        tipo: "publicar_lei",
        titulo: "Publicar a lei",
        artigo: "Art. 20, § 2º",
        campos: &[
            c("numero", "Número da lei", Tipo::Texto),
            c("diario", "Diário Oficial", Tipo::Texto),
        ],
    },
    Modelo {
        tipo: "autorizar_informacao",
        titulo: "Autorizar servidor a prestar informações",
        artigo: "Art. 23",
        campos: &[c("servidor", "Servidor", Tipo::Servidor)],
    },
];

pub(crate) fn modelo(tipo: &str) -> Option<&'static Modelo> {
    MODELOS.iter().find(|m| m.tipo == tipo)
}

/// Valores de exemplo de um ato, para saber se ele cabe; `orgao` para os atos de órgão. Passam
/// pelo mesmo caminho do formulário enviado ([`ato_do_formulario`]), campo a campo.
fn exemplo(m: &Modelo, orgao: Orgao, hoje: Date) -> Option<Ato> {
    let mut valores: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    for f in m.campos.iter().filter(|f| !f.opcional) {
        let nome = format!("c_{}", f.nome);
        match f.tipo {
            Tipo::Votos => {
                valores.insert(format!("{nome}_sim"), "5".into());
            }
            Tipo::Apuracoes => {
                for (parte, v) in [
                    ("localidade", "exemplo"),
                    ("inscritos", "1000"),
                    ("sim", "600"),
                    ("nao", "300"),
                ] {
                    valores.insert(format!("{nome}_0_{parte}"), v.into());
                }
            }
            Tipo::ConteudoLei => {
                for (parte, v) in [
                    ("nome", "exemplo"),
                    ("divisas", "exemplo"),
                    ("ano_instalacao", "2029"),
                ] {
                    valores.insert(format!("{nome}_{parte}"), v.into());
                }
            }
            Tipo::Numeros => {
                let (campo, valor) = match orgao {
                    Orgao::Cartografia => ("populacao", "5.000"),
                    Orgao::Tre => ("eleitores", "1"),
                    Orgao::Fazenda => ("valor_adicionado", "1,00"),
                    Orgao::Comissao => ("arrecadacao", "1,00"),
                };
                valores.insert(format!("{nome}_{campo}"), valor.into());
            }
            tipo => {
                let v = match tipo {
                    Tipo::Texto | Tipo::TextoLongo | Tipo::Proposta => "exemplo".to_string(),
                    Tipo::Servidor => "carla".to_string(),
                    Tipo::SimNao => "true".into(),
                    Tipo::Orgao => orgao.codigo().into(),
                    Tipo::Decisao => "tramitar".into(),
                    Tipo::Data => hoje.to_string(),
                    Tipo::Art15 => "requerimento".into(),
                    Tipo::Votos | Tipo::Numeros | Tipo::Apuracoes | Tipo::ConteudoLei => continue,
                };
                valores.insert(nome, v);
            }
        }
    }
    ato_do_formulario(m, &|n| valores.get(n).cloned()).ok()
}

/// O valor de um campo simples (nem votos nem números de certidão) com o tipo que o ato
/// espera: texto como texto, sim/não como booleano, JSON como JSON. `Err` diz o que se esperava.
pub(crate) fn valor_do_campo(f: &Campo, texto: &str) -> Result<serde_json::Value, String> {
    use serde_json::Value;
    match f.tipo {
        Tipo::Texto
        | Tipo::TextoLongo
        | Tipo::Orgao
        | Tipo::Decisao
        | Tipo::Data
        | Tipo::Art15
        | Tipo::Servidor
        | Tipo::Proposta => Ok(Value::String(texto.to_owned())),
        Tipo::SimNao => match texto.trim() {
            "true" | "sim" => Ok(Value::Bool(true)),
            "false" | "nao" | "não" => Ok(Value::Bool(false)),
            outro => Err(format!(
                "«{outro}» em «{}»: esperava sim ou não (true ou false)",
                f.rotulo
            )),
        },
        Tipo::Apuracoes | Tipo::ConteudoLei | Tipo::Votos | Tipo::Numeros => {
            serde_json::from_str(texto)
                .map_err(|_| format!("«{}» deve ser JSON válido, como o exemplo", f.rotulo))
        }
    }
}

/// Um ato que a tela oferece, e os órgãos para os quais ele cabe (nos atos com um órgão: o
/// Presidente apura o inciso V pela Comissão, mas a certidão da Cartografia é da Cartografia).
pub(crate) struct Oferecido {
    pub(crate) modelo: &'static Modelo,
    pub(crate) orgaos: Vec<Orgao>,
}

/// Os atos que `ator` pode praticar agora. Cada um é decidido com valores de exemplo: fica o
/// que a lei não recusa ou recusa só pelos valores ([`divisa_processo::Recusa::depende_dos_valores`]);
/// sai o recusado pela fase, pelo papel, pelo caso, pelo estado dos autos ou por ser vedado.
pub(crate) fn oferecidos(p: &Processo, ator: &Ator, hoje: Date) -> Vec<Oferecido> {
    MODELOS
        .iter()
        .filter_map(|m| {
            let orgaos = cabe(m, p, ator, hoje)?;
            let com_orgao = m.campos.iter().any(|f| f.tipo == Tipo::Orgao);
            Some(Oferecido {
                modelo: m,
                orgaos: if com_orgao { orgaos } else { Vec::new() },
            })
        })
        .collect()
}

/// Os órgãos para os quais o ato `m` cabe a `ator` agora (nos atos sem órgão, a Comissão);
/// `None` se não cabe para nenhum.
pub(crate) fn cabe(m: &Modelo, p: &Processo, ator: &Ator, hoje: Date) -> Option<Vec<Orgao>> {
    let com_orgao = m.campos.iter().any(|f| f.tipo == Tipo::Orgao);
    let candidatos: &[Orgao] = if com_orgao {
        &Orgao::TODOS
    } else {
        &[Orgao::Comissao]
    };
    let orgaos: Vec<Orgao> = candidatos
        .iter()
        .copied()
        .filter(|&o| {
            let Some(ato) = exemplo(m, o, hoje) else {
                return false;
            };
            if permissao(ator.papel, ato.acao()) == Permissao::Nao {
                return false;
            }
            match p.decidir(ator, &ato, hoje, hoje) {
                Ok(()) => true,
                Err(r) => r.depende_dos_valores(),
            }
        })
        .collect();
    (!orgaos.is_empty()).then_some(orgaos)
}

/// Um passo que o processo espera agora: o ato (com o título do botão que o pratica) e os
/// papéis a quem ele cabe.
pub(crate) struct Proximo {
    pub(crate) modelo: &'static Modelo,
    pub(crate) papeis: Vec<Papel>,
}

impl Proximo {
    /// Quem o dá, em palavras ("a Presidência da Comissão ou um membro").
    pub(crate) fn quem(&self) -> String {
        let nomes: Vec<&str> = self.papeis.iter().map(|p| quem_e(*p)).collect();
        match nomes.as_slice() {
            [] => String::new(),
            [um] => (*um).to_owned(),
            [inicio @ .., ultimo] => format!("{} ou {ultimo}", inicio.join(", ")),
        }
    }
}

/// O próximo passo com quem o dá, numa frase: «Divulgar a representação» cabe à Presidência
/// da Comissão. Vazio quando nenhum ato o registra agora (o processo espera um prazo ou um
/// documento que não depende de ato na Assembleia).
pub(crate) fn frase_do_proximo(p: &Processo, hoje: Date) -> String {
    proximos(p, hoje)
        .iter()
        .map(|x| format!("«{}» cabe {}", x.modelo.titulo, x.quem()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Quem pratica um ato, como se diz na frase «cabe a …».
fn quem_e(p: Papel) -> &'static str {
    match p {
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

/// Os passos que o processo espera agora (os atos da fase que dão o passo, [`Fase::atos_do_proximo_passo`])
/// e a quem cabe cada um — decidido pelo rito com cada papel, como para quem olha a página.
pub(crate) fn proximos(p: &Processo, hoje: Date) -> Vec<Proximo> {
    p.fase
        .atos_do_proximo_passo()
        .iter()
        .filter_map(|tipo| MODELOS.iter().find(|m| m.tipo == *tipo))
        .filter_map(|m| {
            let papeis: Vec<Papel> = Papel::TODOS
                .into_iter()
                .filter(|papel| *papel != Papel::Publico)
                // o representante age só na representação que ele mesmo protocolou
                .filter(|papel| {
                    *papel != Papel::Representante
                        || p.protocolado_por_papel == Papel::Representante
                })
                .filter(|papel| {
                    // o ator do caso: o deputado autor, quem protocolou
                    let id = match (papel, &p.via) {
                        (Papel::Deputado, divisa_processo::Via::Deputado { id }) => id.clone(),
                        (Papel::Representante, _) => p.protocolado_por.clone(),
                        _ => format!("quem-age-{}", papel.codigo()),
                    };
                    cabe(m, p, &Ator::new(id, *papel), hoje).is_some()
                })
                .collect();
            (!papeis.is_empty()).then_some(Proximo { modelo: m, papeis })
        })
        .collect()
}

/// Os membros da Comissão que votam (Art. 22): identificador da conta e nome com o cargo.
pub(crate) type Membros = [(String, String)];

/// As pessoas que os formulários oferecem, por nome e cargo: quem vota na Comissão (Art. 22) e
/// os servidores que se podem autorizar (Art. 23).
pub(crate) struct Pessoas<'a> {
    pub(crate) membros: &'a Membros,
    pub(crate) servidores: &'a Membros,
    /// A proposta que os autos têm, nos campos do formulário (o tipo e os valores), para
    /// «Juntar a proposta» começar dela; `None` sem formulário para o tipo.
    pub(crate) proposta: Option<(&'static str, &'a std::collections::BTreeMap<String, String>)>,
}

/// O formulário de um ato.
pub(crate) fn formulario(
    oferecido: &Oferecido,
    acao: &str,
    csrf: &str,
    versao: u64,
    hoje: Date,
    pessoas: &Pessoas<'_>,
    enviado: Option<&crate::paginas::Campos>,
) -> Markup {
    let (m, orgaos) = (oferecido.modelo, &oferecido.orgaos);
    let (membros, servidores) = (pessoas.membros, pessoas.servidores);
    // Depois de uma recusa, o formulário do ato enviado volta aberto e com o que foi digitado.
    let enviado = enviado.filter(|c| crate::paginas::campo(c, "tipo").as_deref() == Some(m.tipo));
    let valor = |nome: &str| {
        enviado
            .and_then(|c| crate::paginas::campo(c, nome))
            .unwrap_or_default()
    };
    let escolhido = |nome: &str, opcao: &str| enviado.is_some() && valor(nome) == opcao;
    html! {
        details.ato id={ "ato-" (m.tipo) } open[enviado.is_some()] {
            summary { (m.titulo) " " small { "(" (m.artigo) ")" } }
            form method="post" action=(acao) class="form-ato" enctype="multipart/form-data" {
                input type="hidden" name="csrf" value=(csrf);
                input type="hidden" name="tipo" value=(m.tipo);
                input type="hidden" name="versao" value=(versao);
                @for f in m.campos {
                    @let id = format!("{}-{}", m.tipo, f.nome);
                    @let nome = format!("c_{}", f.nome);
                    @let req = !f.opcional;
                    // um grupo (votos, números) não é rotulável por «for»: o rótulo o nomeia pelo id
                    @if matches!(f.tipo, Tipo::Votos | Tipo::Numeros | Tipo::Proposta | Tipo::Apuracoes | Tipo::ConteudoLei) {
                        span.rotulo id={ (id) "-rotulo" } { (f.rotulo) }
                    } @else {
                        label for=(id) { (f.rotulo) }
                    }
                    @match f.tipo {
                        Tipo::Texto => {
                            input id=(id) name=(nome) type="text" value=(valor(&nome)) required[req];
                        }
                        Tipo::TextoLongo => {
                            textarea id=(id) name=(nome) rows="3" required[req] { (valor(&nome)) }
                        }
                        Tipo::SimNao => {
                            select id=(id) name=(nome) {
                                option value="true" selected[escolhido(&nome, "true")] { "sim" }
                                option value="false" selected[escolhido(&nome, "false")] { "não" }
                            }
                        }
                        Tipo::Orgao => {
                            select id=(id) name=(nome) {
                                @for o in orgaos {
                                    option value=(o.codigo()) selected[escolhido(&nome, o.codigo())] { (o.nome()) }
                                }
                            }
                        }
                        Tipo::Decisao => {
                            select id=(id) name=(nome) {
                                option value="tramitar" selected[escolhido(&nome, "tramitar")] { "tramitar" }
                                option value="arquivar" selected[escolhido(&nome, "arquivar")] { "arquivar" }
                            }
                        }
                        Tipo::Votos => {
                            // o placar volta como foi digitado; «0» só no formulário novo
                            @let placar = |parte: &str| {
                                let v = valor(&format!("{nome}_{parte}"));
                                if v.is_empty() { "0".to_owned() } else { v }
                            };
                            span.votos id=(id) role="group" aria-labelledby={ (id) "-rotulo" } {
                                label { "sim " input name={ (nome) "_sim" } type="number" min="0" value=(placar("sim")) required; }
                                label { "não " input name={ (nome) "_nao" } type="number" min="0" value=(placar("nao")) required; }
                                label { "abstenções " input name={ (nome) "_abstencoes" } type="number" min="0" value=(placar("abstencoes")); }
                            }
                            @if !membros.is_empty() {
                                @let relator = format!("{nome}_relator");
                                label for={ (id) "-relator" } { "Relator(a)" }
                                select id={ (id) "-relator" } name=(relator) {
                                    option value="" { "— não designado —" }
                                    @for (login, pessoa) in membros {
                                        option value=(login) selected[escolhido(&relator, login)] { (pessoa) }
                                    }
                                }
                                fieldset.nominal {
                                    legend { "Votação nominal (opcional: com ela, o placar é a soma)" }
                                    @for (i, (login, pessoa)) in membros.iter().enumerate() {
                                        @let campo = format!("{nome}_m{i}");
                                        // o voto marcado volta marcado, se a lista de membros é a mesma
                                        @let votou = if valor(&format!("{campo}_quem")) == *login { valor(&campo) } else { String::new() };
                                        div role="radiogroup" aria-label=(pessoa) {
                                            span { (pessoa) }
                                            " " label { input type="radio" name=(campo) value="" checked[votou.is_empty()]; " não votou" }
                                            " " label { input type="radio" name=(campo) value="sim" checked[votou == "sim"]; " sim" }
                                            " " label { input type="radio" name=(campo) value="nao" checked[votou == "nao"]; " não" }
                                            " " label { input type="radio" name=(campo) value="abstencao" checked[votou == "abstencao"]; " abstenção" }
                                            input type="hidden" name={ (campo) "_quem" } value=(login);
                                        }
                                    }
                                }
                            }
                        }
                        Tipo::Servidor => {
                            select id=(id) name=(nome) required[req] {
                                option value="" { "— escolha —" }
                                @for (login, pessoa) in servidores {
                                    option value=(login) selected[escolhido(&nome, login)] { (pessoa) }
                                }
                            }
                        }
                        Tipo::Data => {
                            @let data = valor(&nome);
                            input id=(id) name=(nome) type="date" value=(if data.is_empty() { hoje.to_string() } else { data }) required[req];
                        }
                        Tipo::Art15 => {
                            select id=(id) name=(nome) {
                                option value="" { "— nenhum —" }
                                @for d in divisa_processo::DocumentoArt15::TODOS.iter() {
                                    @let codigo = serde_json::to_value(d).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
                                    option value=(codigo) selected[escolhido(&nome, &codigo)] { (d.nome()) }
                                }
                            }
                        }
                        Tipo::Apuracoes => {
                            // uma localidade por grupo (a área e, pela lei federal, o restante do
                            // município); os que vieram de volta e mais uma em branco
                            @let linhas = (0..).take_while(|i| !valor(&format!("{nome}_{i}_localidade")).is_empty()).count().max(2) + usize::from(enviado.is_some());
                            div id=(id) role="group" aria-labelledby={ (id) "-rotulo" } {
                                @for i in 0..linhas {
                                    fieldset.apuracao {
                                        legend { "Localidade " (i + 1) @if i > 0 { " (se houver)" } }
                                        @for (parte, rotulo, numerico) in [("localidade", "Localidade consultada", false), ("inscritos", "Eleitores inscritos", true), ("sim", "Votos SIM", true), ("nao", "Votos NÃO", true), ("brancos", "Brancos", true), ("nulos", "Nulos", true)] {
                                            @let campo = format!("{nome}_{i}_{parte}");
                                            label for={ (id) "-" (i) "-" (parte) } { (rotulo) }
                                            input id={ (id) "-" (i) "-" (parte) } name=(campo) type="text"
                                                inputmode=(if numerico { "numeric" } else { "text" }) autocomplete="off"
                                                required[i == 0 && req && parte != "brancos" && parte != "nulos"] value=(valor(&campo));
                                        }
                                    }
                                }
                            }
                        }
                        Tipo::ConteudoLei => {
                            div id=(id) role="group" aria-labelledby={ (id) "-rotulo" } {
                                label for={ (id) "-nome" } { "Nome do município (Art. 7º, I: o da sede)" }
                                input id={ (id) "-nome" } name={ (nome) "_nome" } type="text" required[req] value=(valor(&format!("{nome}_nome")));
                                label for={ (id) "-divisas" } { "Os limites (Art. 7º, II: as divisas do memorial descritivo)" }
                                textarea id={ (id) "-divisas" } name={ (nome) "_divisas" } rows="4" required[req] { (valor(&format!("{nome}_divisas"))) }
                                label for={ (id) "-ano" } { "Ano da instalação (Art. 7º, III)" }
                                input id={ (id) "-ano" } name={ (nome) "_ano_instalacao" } type="text" inputmode="numeric" required[req] value=(valor(&format!("{nome}_ano_instalacao")));
                            }
                        }
                        Tipo::Proposta => {
                            @match pessoas.proposta {
                                Some((tipo, inicial)) => {
                                    // os campos da página «Avaliar», preenchidos com a proposta
                                    // dos autos (ou, depois de uma recusa, com o que se digitou)
                                    @let campo_da_proposta = |n: &str| -> Option<String> {
                                        match enviado {
                                            Some(c) => crate::paginas::campo(c, n),
                                            None => inicial.get(n).cloned(),
                                        }
                                    };
                                    div id=(id) role="group" aria-labelledby={ (id) "-rotulo" } {
                                        (crate::formulario::html(&campo_da_proposta, None, Some(tipo)))
                                        p.historico {
                                            "A versão nova substitui a anterior na avaliação; as duas ficam nos autos. \
                                             O que a proposta anterior tem e estes campos não mostram (as assinaturas, \
                                             os documentos declarados, as coordenadas da sede) continua nela."
                                        }
                                        details.ato {
                                            summary { "Ou: a proposta já escrita em arquivo (substitui os campos acima)" }
                                            label for={ (id) "-escrita" } { "Proposta escrita (deixe vazio para juntar pelos campos)" }
                                            textarea.proposta id={ (id) "-escrita" } name=(nome) rows="6" spellcheck="false" { (valor(&nome)) }
                                        }
                                    }
                                }
                                None => {
                                    // a fusão e a incorporação não têm formulário: a proposta
                                    // escrita, como a que se avalia em «Avaliar proposta»
                                    div id=(id) role="group" aria-labelledby={ (id) "-rotulo" } {
                                        label for={ (id) "-escrita" } { "Proposta escrita (a mesma que se avalia em «Avaliar proposta»; a versão nova substitui a anterior na avaliação, e as duas ficam nos autos)" }
                                        textarea.proposta id={ (id) "-escrita" } name=(nome) rows="6" spellcheck="false" required { (valor(&nome)) }
                                    }
                                }
                            }
                        }
                        Tipo::Numeros => {
                            fieldset.numeros id=(id) aria-labelledby={ (id) "-rotulo" } {
                                // só os números dos órgãos para os quais o ato cabe a quem preenche
                                @for n in NUMEROS.iter().filter(|n| orgaos.is_empty() || orgaos.contains(&n.orgao)) {
                                    label for={ (id) "-" (n.campo) } { (n.rotulo) }
                                    input id={ (id) "-" (n.campo) } name={ (nome) "_" (n.campo) } type="text"
                                        inputmode=(if n.inteiro { "numeric" } else { "decimal" }) autocomplete="off"
                                        value=(valor(&format!("{nome}_{}", n.campo)));
                                }
                            }
                        }
                    }
                }
                @let data = valor("data");
                label for={ (m.tipo) "-data" } { (rotulo_da_data(m.tipo)) }
                input id={ (m.tipo) "-data" } name="data" type="date" value=(if data.is_empty() { hoje.to_string() } else { data }) max=(hoje);
                label for={ (m.tipo) "-anexo" } { "Arquivos do ato (PDF, imagens, mapas, memoriais; até 20 MB cada, o tipo conferido pelo conteúdo)" }
                input id={ (m.tipo) "-anexo" } name="anexo" type="file" multiple;
                button type="submit" { "Registrar" }
            }
        }
    }
}

/// O rótulo da data de um ato, com o nome do que aconteceu nela (o recebimento, a visita, a
/// sessão): é o dia que conta nos prazos e nos autos.
fn rotulo_da_data(tipo: &str) -> &'static str {
    match tipo {
        "divulgar" | "publicar_decreto" | "publicar_lei" => "Data da publicação",
        "juntar_documento" | "anexar_proposta" => "Data da juntada",
        "registrar_visita" => "Data da visita",
        "enviar_oficio" => "Data do envio do ofício",
        "confirmar_recebimento" => "Data do recebimento do ofício (começa o prazo de 30 dias)",
        "emitir_certidao" => "Data da certidão",
        "recusar_certidao" => "Data da recusa",
        "parecer_preliminar" | "parecer_de_merito" | "parecer_resultado" => {
            "Data da reunião da Comissão"
        }
        "deliberar_plenario" | "votar_decreto" | "votar_projeto_de_lei" | "ler_resultado" => {
            "Data da sessão"
        }
        "encaminhar_ao_tre" => "Data do encaminhamento",
        _ => "Data do ato",
    }
}

/// Monta o ato a partir dos campos do formulário (`c_CAMPO`), com a mensagem em português.
pub(crate) fn ato_do_formulario(
    m: &Modelo,
    valor: &dyn Fn(&str) -> Option<String>,
) -> Result<Ato, (String, String)> {
    let mut objeto = serde_json::Map::new();
    for f in m.campos {
        let nome = format!("c_{}", f.nome);
        let v = match f.tipo {
            Tipo::Votos => {
                let n = |s: &str| -> Result<u32, (String, String)> {
                    let bruto = valor(&format!("{nome}_{s}")).unwrap_or_default();
                    let bruto = bruto.trim();
                    if bruto.is_empty() {
                        return Ok(0);
                    }
                    bruto.parse().map_err(|_| {
                        (
                            format!("{}.{s}", f.nome),
                            format!("«{bruto}» não é um número inteiro de votos"),
                        )
                    })
                };
                // A votação nominal, quando marcada: cada membro e o seu voto; sem placar
                // digitado, o placar é a soma dela.
                let mut nominais = Vec::new();
                for i in 0.. {
                    let Some(quem) = valor(&format!("{nome}_m{i}_quem")) else {
                        break;
                    };
                    if let Some(v @ ("sim" | "nao" | "abstencao")) =
                        valor(&format!("{nome}_m{i}")).as_deref()
                    {
                        nominais.push(serde_json::json!({"membro": quem, "voto": v}));
                    }
                }
                let (mut sim, mut nao, mut abstencoes) = (n("sim")?, n("nao")?, n("abstencoes")?);
                if sim + nao + abstencoes == 0 && !nominais.is_empty() {
                    let conta = |x: &str| nominais.iter().filter(|v| v["voto"] == x).count() as u32;
                    (sim, nao, abstencoes) = (conta("sim"), conta("nao"), conta("abstencao"));
                }
                let mut votos =
                    serde_json::json!({"sim": sim, "nao": nao, "abstencoes": abstencoes});
                if let Some(r) = valor(&format!("{nome}_relator")).filter(|r| !r.trim().is_empty())
                {
                    votos["relator"] = serde_json::Value::String(r);
                }
                if !nominais.is_empty() {
                    votos["nominais"] = serde_json::Value::Array(nominais);
                }
                votos
            }
            Tipo::Apuracoes => {
                let mut lista = Vec::new();
                for i in 0.. {
                    let parte = |p: &str| valor(&format!("{nome}_{i}_{p}")).unwrap_or_default();
                    if valor(&format!("{nome}_{i}_localidade")).is_none() {
                        break;
                    }
                    let numeros = ["inscritos", "sim", "nao", "brancos", "nulos"];
                    if parte("localidade").trim().is_empty()
                        && numeros.iter().all(|n| parte(n).trim().is_empty())
                    {
                        continue;
                    }
                    let mut apuracao = serde_json::Map::new();
                    let localidade = parte("localidade").trim().to_string();
                    if localidade.is_empty() {
                        return Err((
                            format!("{}.{i}.localidade", f.nome),
                            format!("a localidade {} tem números sem o nome do lugar", i + 1),
                        ));
                    }
                    apuracao.insert("localidade".into(), localidade.into());
                    for n in numeros {
                        let bruto = parte(n);
                        if bruto.trim().is_empty() {
                            if matches!(n, "brancos" | "nulos") {
                                continue;
                            }
                            return Err((
                                format!("{}.{i}.{n}", f.nome),
                                format!(
                                    "localidade {}: preencha os {}",
                                    i + 1,
                                    if n == "inscritos" {
                                        "eleitores inscritos"
                                    } else if n == "sim" {
                                        "votos SIM"
                                    } else {
                                        "votos NÃO"
                                    }
                                ),
                            ));
                        }
                        let v = divisa_referencia::formato::numero_brasileiro(&bruto)
                            .ok()
                            .filter(|v| v.fract() == 0.0 && *v >= 0.0 && *v < 1e12)
                            .ok_or_else(|| {
                                (
                                    format!("{}.{i}.{n}", f.nome),
                                    format!("localidade {}: «{}» não é um número inteiro de eleitores ou votos", i + 1, bruto.trim()),
                                )
                            })?;
                        apuracao.insert(n.into(), serde_json::Value::from(v as u64));
                    }
                    lista.push(serde_json::Value::Object(apuracao));
                }
                if lista.is_empty() {
                    return Err((f.nome.to_string(), format!("preencha «{}»", f.rotulo)));
                }
                serde_json::Value::Array(lista)
            }
            Tipo::ConteudoLei => {
                let parte = |p: &str| {
                    valor(&format!("{nome}_{p}"))
                        .map(|v| v.trim().to_string())
                        .unwrap_or_default()
                };
                let (nome_lei, divisas, ano) =
                    (parte("nome"), parte("divisas"), parte("ano_instalacao"));
                for (campo, v, rotulo) in [
                    ("nome", &nome_lei, "o nome do município"),
                    ("divisas", &divisas, "os limites"),
                    ("ano_instalacao", &ano, "o ano da instalação"),
                ] {
                    if v.is_empty() {
                        return Err((
                            format!("{}.{campo}", f.nome),
                            format!("preencha {rotulo} (Art. 7º)"),
                        ));
                    }
                }
                let ano: i16 = ano.parse().map_err(|_| {
                    (
                        format!("{}.ano_instalacao", f.nome),
                        format!("«{ano}» não é um ano, como 2029"),
                    )
                })?;
                serde_json::json!({"nome": nome_lei, "divisas": divisas, "ano_instalacao": ano})
            }
            Tipo::Numeros => {
                let mut numeros = serde_json::Map::new();
                for Numero {
                    campo,
                    rotulo,
                    inteiro,
                    ..
                } in &NUMEROS
                {
                    let bruto = valor(&format!("{nome}_{campo}")).unwrap_or_default();
                    if bruto.trim().is_empty() {
                        continue;
                    }
                    // o leitor único dos números (issue 30): "45.5" é 45,5 aqui como na
                    // proposta, e o que não se lê de um jeito só é perguntado, não adivinhado
                    let v = divisa_referencia::formato::numero_brasileiro(&bruto)
                        .map_err(|m| (format!("{}.{campo}", f.nome), format!("«{rotulo}»: {m}")))?;
                    let v = if *inteiro {
                        if v.fract() != 0.0 || v > 1e15 {
                            return Err((
                                format!("{}.{campo}", f.nome),
                                format!(
                                    "«{}» em «{rotulo}»: esperava um número inteiro, como 5.200",
                                    bruto.trim()
                                ),
                            ));
                        }
                        serde_json::Value::from(v as u64)
                    } else {
                        serde_json::Value::from(v)
                    };
                    numeros.insert((*campo).to_owned(), v);
                }
                serde_json::Value::Object(numeros)
            }
            _ => match valor(&nome)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
            {
                Some(v) => valor_do_campo(f, &v).map_err(|e| (f.nome.to_string(), e))?,
                None if f.opcional => continue,
                None => return Err((f.nome.to_string(), format!("preencha «{}»", f.rotulo))),
            },
        };
        objeto.insert(f.nome.to_owned(), v);
    }
    ato_de_objeto(m.tipo, objeto).map_err(|e| (String::new(), e))
}

#[cfg(test)]
mod testes {
    use super::*;

    /// Issue 32: o resultado do plebiscito (Art. 11, § 2º; Art. 20) e o conteúdo do Art. 7º
    /// pelos campos da página, sem JSON: os números como se escrevem, a localidade em branco
    /// ignorada, a que tem números sem nome recusada dizendo qual.
    #[test]
    fn art11_e_art7_pelos_campos_sem_json() {
        let m = modelo("registrar_plebiscito").unwrap();
        let campos: std::collections::HashMap<&str, &str> = [
            ("c_realizado_em", "2027-10-03"),
            ("c_apuracoes_0_localidade", "Área a desmembrar"),
            ("c_apuracoes_0_inscritos", "1.000"),
            ("c_apuracoes_0_sim", "600"),
            ("c_apuracoes_0_nao", "300"),
            ("c_apuracoes_0_brancos", ""),
            ("c_apuracoes_0_nulos", "10"),
            ("c_apuracoes_1_localidade", ""),
            ("c_apuracoes_1_inscritos", ""),
            ("c_apuracoes_1_sim", ""),
            ("c_apuracoes_1_nao", ""),
        ]
        .into_iter()
        .collect();
        let ato = ato_do_formulario(m, &|n| campos.get(n).map(|v| v.to_string())).unwrap();
        let Ato::RegistrarPlebiscito { apuracoes, .. } = ato else {
            panic!("{ato:?}")
        };
        assert_eq!(apuracoes.len(), 1);
        assert_eq!(
            (
                apuracoes[0].inscritos,
                apuracoes[0].sim,
                apuracoes[0].nao,
                apuracoes[0].nulos
            ),
            (1000, 600, 300, 10)
        );
        let mut sem_nome = campos.clone();
        sem_nome.insert("c_apuracoes_1_sim", "20");
        let (campo, msg) =
            ato_do_formulario(m, &|n| sem_nome.get(n).map(|v| v.to_string())).unwrap_err();
        assert_eq!(campo, "apuracoes.1.localidade");
        assert!(msg.contains("localidade 2"), "{msg}");

        let m = modelo("apresentar_projeto_de_lei").unwrap();
        let campos: std::collections::HashMap<&str, &str> = [
            ("c_numero", "PL 12/2028"),
            ("c_conteudo_nome", "Espigão do Leste"),
            ("c_conteudo_divisas", "Começa no marco 1…"),
            ("c_conteudo_ano_instalacao", "2029"),
        ]
        .into_iter()
        .collect();
        let ato = ato_do_formulario(m, &|n| campos.get(n).map(|v| v.to_string())).unwrap();
        assert!(
            matches!(&ato, Ato::ApresentarProjetoDeLei { conteudo, .. } if conteudo.ano_instalacao == 2029 && conteudo.nome == "Espigão do Leste"),
            "{ato:?}"
        );
        // a página não tem caixa de JSON
        let html = formulario(
            &Oferecido {
                modelo: m,
                orgaos: vec![],
            },
            "/x",
            "t",
            1,
            jiff::civil::date(2028, 1, 1),
            &Pessoas {
                membros: &[],
                servidores: &[],
                proposta: None,
            },
            None,
        )
        .into_string();
        assert!(!html.contains("ano_instalacao\": "), "{html}");
        assert!(html.contains("Ano da instalação (Art. 7º, III)"), "{html}");
    }

    /// Art. 17, § 2º: o número do ofício é texto, diga o que disser — "true", "12" ou "[1]" não
    /// viram booleano, número ou lista (o formulário e a linha de comando tipam cada campo pelo
    /// que o ato declara), e um sim/não ilegível é recusado dizendo o campo.
    #[test]
    fn art17_par2_texto_que_parece_json_continua_texto() {
        let m = modelo("enviar_oficio").unwrap();
        for numero in ["true", "12", "[1]", "{\"a\":1}"] {
            let campos: std::collections::HashMap<&str, &str> =
                [("c_orgao", "tre"), ("c_numero", numero)]
                    .into_iter()
                    .collect();
            let ato = ato_do_formulario(m, &|n| campos.get(n).map(|v| v.to_string()))
                .unwrap_or_else(|e| panic!("{numero}: {e:?}"));
            assert!(
                matches!(&ato, Ato::EnviarOficio { numero: n, orgao: Orgao::Tre } if n == numero),
                "{ato:?}"
            );
            let pela_linha_de_comando = crate::texto::montar_ato(
                "enviar_oficio",
                &["orgao=tre".to_string(), format!("numero={numero}")],
            )
            .unwrap();
            assert_eq!(pela_linha_de_comando, ato);
        }
        let m = modelo("parecer_ccj").unwrap();
        let campos: std::collections::HashMap<&str, &str> =
            [("c_aprovado", "talvez")].into_iter().collect();
        let (campo, erro) =
            ato_do_formulario(m, &|n| campos.get(n).map(|v| v.to_string())).unwrap_err();
        assert_eq!(campo, "aprovado");
        assert!(erro.contains("esperava sim ou não"), "{erro}");
    }

    /// Art. 17, II: a votação nominal marcada no formulário vira o placar, com o relator.
    #[test]
    fn votacao_nominal_do_formulario_vira_o_placar() {
        let m = modelo("parecer_preliminar").unwrap();
        let campos: std::collections::HashMap<&str, &str> = [
            ("c_solicitar_certidoes", "true"),
            ("c_votos_relator", "bruno"),
            ("c_votos_m0", "sim"),
            ("c_votos_m0_quem", "ana"),
            ("c_votos_m1", "abstencao"),
            ("c_votos_m1_quem", "bruno"),
            ("c_votos_m2", ""),
            ("c_votos_m2_quem", "carla"),
        ]
        .into_iter()
        .collect();
        let ato = ato_do_formulario(m, &|n| campos.get(n).map(|v| v.to_string())).unwrap();
        let Ato::ParecerPreliminar { votos, .. } = ato else {
            panic!("{ato:?}")
        };
        assert_eq!((votos.sim, votos.nao, votos.abstencoes), (1, 0, 1));
        assert_eq!(votos.relator.as_deref(), Some("bruno"));
        assert_eq!(votos.nominais.len(), 2, "quem não votou não entra");
        // o formulário mostra cada membro pelo nome e cargo, nunca só o login
        let html = formulario(
            &Oferecido {
                modelo: m,
                orgaos: Vec::new(),
            },
            "/x",
            "t",
            1,
            jiff::civil::date(2026, 11, 2),
            &Pessoas {
                membros: &[(
                    "ana".into(),
                    "Ana Maria Souza, Presidente da Comissão".into(),
                )],
                servidores: &[],
                proposta: None,
            },
            None,
        )
        .into_string();
        assert!(html.contains("Ana Maria Souza, Presidente da Comissão"));
        assert!(html.contains("name=\"c_votos_m0_quem\" value=\"ana\""));
    }

    /// Cada formulário declarado monta o seu ato: o exemplo passa pelo mesmo caminho do
    /// formulário enviado, sai com o tipo do modelo, e cada campo declarado chega ao ato (um
    /// nome de campo errado seria ignorado pela desserialização, e o ato sumiria da página).
    #[test]
    fn cada_modelo_monta_o_seu_ato_com_todos_os_campos() {
        let hoje = jiff::civil::date(2026, 11, 2);
        for m in MODELOS {
            let ato = Orgao::TODOS
                .iter()
                .find_map(|&o| exemplo(m, o, hoje))
                .unwrap_or_else(|| panic!("{}: o exemplo não monta o ato", m.tipo));
            assert_eq!(ato.tipo(), m.tipo);
            let json = serde_json::to_value(&ato).unwrap();
            for f in m.campos.iter().filter(|f| !f.opcional) {
                assert!(
                    json.get(f.nome).is_some(),
                    "{}: o campo «{}» do formulário não chega ao ato ({json})",
                    m.tipo,
                    f.nome
                );
            }
        }
    }

    /// Issue 17: depois de uma recusa, o formulário volta como foi preenchido — o placar, o
    /// relator, os votos nominais, as datas e o documento do Art. 15, não só os textos.
    #[test]
    fn o_formulario_recusado_volta_preenchido() {
        let membros = [
            ("ana".to_owned(), "Ana, Presidente".to_owned()),
            ("bruno".to_owned(), "Bruno, Membro".to_owned()),
        ];
        let pessoas = Pessoas {
            membros: &membros,
            servidores: &[],
            proposta: None,
        };
        let enviado: crate::paginas::Campos = [
            ("tipo", "parecer_preliminar"),
            ("c_votos_sim", "3"),
            ("c_votos_nao", "2"),
            ("c_votos_abstencoes", "1"),
            ("c_votos_relator", "bruno"),
            ("c_votos_m0", "nao"),
            ("c_votos_m0_quem", "ana"),
            ("c_votos_m1", "sim"),
            ("c_votos_m1_quem", "bruno"),
            ("data", "2026-10-30"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        let hoje = jiff::civil::date(2026, 11, 2);
        let form = |tipo: &str, enviado: &crate::paginas::Campos| {
            formulario(
                &Oferecido {
                    modelo: modelo(tipo).unwrap(),
                    orgaos: Vec::new(),
                },
                "/x",
                "t",
                1,
                hoje,
                &pessoas,
                Some(enviado),
            )
            .into_string()
        };
        let html = form("parecer_preliminar", &enviado);
        for esperado in [
            "name=\"c_votos_sim\" type=\"number\" min=\"0\" value=\"3\"",
            "name=\"c_votos_nao\" type=\"number\" min=\"0\" value=\"2\"",
            "name=\"c_votos_abstencoes\" type=\"number\" min=\"0\" value=\"1\"",
            "<option value=\"bruno\" selected>",
            "name=\"c_votos_m0\" value=\"nao\" checked",
            "name=\"c_votos_m1\" value=\"sim\" checked",
            "name=\"data\" type=\"date\" value=\"2026-10-30\"",
            "<details class=\"ato\" id=\"ato-parecer_preliminar\" open>",
        ] {
            assert!(html.contains(esperado), "falta {esperado} em {html}");
        }
        assert!(
            !html.contains("value=\"\" checked"),
            "ninguém ficou em «não votou»"
        );
        // o rótulo do placar nomeia o grupo (um span não é rotulável por «for»)
        assert!(html.contains("aria-labelledby=\"parecer_preliminar-votos-rotulo\""));
        assert!(!html.contains("for=\"parecer_preliminar-votos\""));

        let enviado: crate::paginas::Campos = [
            ("tipo", "juntar_documento"),
            ("c_descricao", "Certidão"),
            ("c_art15", "mapa_novo"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        let html = form("juntar_documento", &enviado);
        assert!(
            html.contains("<option value=\"mapa_novo\" selected>"),
            "{html}"
        );
    }
}
