//! `divisa processo` e `divisa auditoria`: o operador diante do registro.
//!
//! A linha de comando é do operador no servidor: ela confia no papel declarado em `--como`
//! (quem tem o terminal tem o banco). A identificação de verdade — usuários, senhas, sessões —
//! é da aplicação web; os papéis e as regras são os mesmos, conferidos no domínio.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use divisa_processo::prazos::Situacao;
use divisa_processo::{
    Ato, Ator, DocumentoArt15, Evento, Nup, Papel, Processo, Resposta, TipoProcesso, Via,
};
use divisa_referencia::formato::data as fmt_data;
use divisa_referencia::mt::{mt, Busca};
use divisa_registro::{hoje_em_cuiaba, ErroRegistro, NovaRepresentacao, Registro};
use jiff::civil::Date;
use jiff::Timestamp;

use crate::cli::{ComandoAuditoria, ComandoProcesso, FormatoVarredura};
use crate::Saida;

fn rodar<F: std::future::Future>(f: F) -> anyhow::Result<F::Output> {
    Ok(tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("ao iniciar o executor assíncrono")?
        .block_on(f))
}

/// Abre o banco; erro de abertura é do usuário (endereço errado, servidor fora): saída 2.
async fn abrir(comando: &str, db: &str) -> Option<Registro> {
    match Registro::abrir(db).await {
        Ok(r) => Some(r),
        Err(e) => {
            eprintln!("divisa {comando}: {e}");
            None
        }
    }
}

/// O erro do registro diante do usuário: recusa e conflito são respostas, não falhas.
fn relatar(comando: &str, e: ErroRegistro) -> anyhow::Result<Saida> {
    match e {
        ErroRegistro::Recusado(r) => {
            eprintln!("divisa {comando}: {r}");
            Ok(Saida::NaoAtende)
        }
        e @ ErroRegistro::Conflito { .. } => {
            eprintln!("divisa {comando}: {e}");
            Ok(Saida::Conflito)
        }
        e @ ErroRegistro::NaoEncontrado(_) => {
            eprintln!("divisa {comando}: {e}");
            Ok(Saida::EntradaInvalida)
        }
        e => Err(e.into()),
    }
}

pub(crate) fn executar(
    comando: ComandoProcesso,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    rodar(async move {
        match comando {
            ComandoProcesso::Criar {
                tipo,
                nome,
                origens,
                representante,
                assinaturas,
                deputado,
                documentos,
                proposta,
                data,
                como,
            } => {
                let pedido = Pedido {
                    tipo,
                    nome,
                    origens,
                    representante,
                    assinaturas,
                    deputado,
                    documentos,
                    proposta,
                };
                criar(pedido, data, como.0, db, saida).await
            }
            ComandoProcesso::Listar { formato } => listar(db, formato, saida).await,
            ComandoProcesso::Mostrar {
                protocolo,
                como,
                formato,
                em,
            } => {
                let ator = como.map_or_else(|| Ator::new("anonimo", Papel::Publico), |c| c.0);
                mostrar(&protocolo, &ator, formato, em, db, saida).await
            }
            ComandoProcesso::Avancar {
                protocolo,
                ato,
                campos,
                como,
                versao,
                data,
            } => avancar(&protocolo, &ato, &campos, como.0, versao, data, db, saida).await,
            ComandoProcesso::Alertas { em, formato } => alertas(em, formato, db, saida).await,
        }
    })?
}

struct Pedido {
    tipo: String,
    nome: String,
    origens: Vec<String>,
    representante: String,
    assinaturas: u32,
    deputado: Option<String>,
    documentos: Vec<String>,
    proposta: Option<PathBuf>,
}

async fn criar(
    pedido: Pedido,
    data: Option<Date>,
    ator: Ator,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    const CMD: &str = "processo criar";
    let tipo = match TipoProcesso::de_codigo(&pedido.tipo) {
        Ok(t) => t,
        Err(motivo) => {
            eprintln!("divisa {CMD}: --tipo: {motivo}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let mut documentos = Vec::new();
    for d in &pedido.documentos {
        match DocumentoArt15::de_codigo(d) {
            Some(doc) => documentos.push(doc),
            None => {
                eprintln!(
                    "divisa {CMD}: --documento «{d}» desconhecido; os do Art. 15 são: {}.",
                    DocumentoArt15::TODOS.map(|d| d.codigo()).join(", ")
                );
                return Ok(Saida::EntradaInvalida);
            }
        }
    }
    // Os municípios de origem pelo nome oficial (com "Você quis dizer", como em `municipio`).
    let municipios = mt().context("ao carregar os municípios de Mato Grosso")?;
    let mut origens = Vec::new();
    for o in &pedido.origens {
        match municipios.buscar(o) {
            Busca::Encontrado(m) => origens.push(m.nome.clone()),
            Busca::NaoEncontrado { sugestoes } => {
                eprintln!(
                    "divisa {CMD}: --origem: {}",
                    crate::municipio::nao_encontrado(o.trim(), &sugestoes)?
                );
                return Ok(Saida::EntradaInvalida);
            }
        }
    }
    let proposta = match &pedido.proposta {
        None => None,
        Some(caminho) => {
            let Some(bytes) = crate::avaliar::ler_arquivo(CMD, caminho) else {
                return Ok(Saida::EntradaInvalida);
            };
            let Ok(texto) = String::from_utf8(bytes) else {
                eprintln!("divisa {CMD}: {}: não é texto UTF-8.", caminho.display());
                return Ok(Saida::EntradaInvalida);
            };
            // Uma proposta inválida é recusada já no protocolo, com a linha e o campo.
            let diretorio = caminho.parent().unwrap_or(std::path::Path::new("."));
            match divisa_avaliacao::proposta::ler(&caminho.display().to_string(), &texto, diretorio)
            {
                Err(e) => {
                    eprintln!("divisa {CMD}: {e}");
                    return Ok(Saida::EntradaInvalida);
                }
                Ok(p) => {
                    // Art. 13: as assinaturas que a proposta traz, contadas pelo motor da lei,
                    // contra o número declarado no protocolo.
                    let hoje = data.unwrap_or_else(|| hoje_em_cuiaba(Timestamp::now()));
                    if let Ok(av) = divisa_lei::avaliar(&p.fatos, hoje) {
                        for a in av.achados.iter().filter(|a| {
                            a.dispositivo == "art13_cpt"
                                && a.situacao == divisa_lei::Situacao::NaoAtende
                        }) {
                            eprintln!(
                                "divisa {CMD}: aviso (Art. 13): a proposta anexada tem {}; o protocolo declara {} assinaturas. O parecer de mérito favorável será recusado enquanto isso não se resolver.",
                                a.apurado, pedido.assinaturas
                            );
                        }
                    }
                }
            }
            Some(texto)
        }
    };
    let via = match pedido.deputado {
        Some(id) => Via::Deputado { id },
        None => Via::Comunidade,
    };
    let agora = Timestamp::now();
    let data = data.unwrap_or_else(|| hoje_em_cuiaba(agora));
    let Some(r) = abrir(CMD, db).await else {
        return Ok(Saida::EntradaInvalida);
    };
    let nova = NovaRepresentacao {
        tipo,
        nome: pedido.nome,
        municipios_origem: origens,
        via,
        representante: pedido.representante,
        assinaturas: pedido.assinaturas,
        documentos,
        proposta,
    };
    let resultado = r.protocolar(&ator, nova, data, agora).await;
    r.fechar().await;
    match resultado {
        Ok(recibo) => {
            saida.write_all(recibo.texto().as_bytes())?;
            Ok(Saida::Sucesso)
        }
        Err(e) => relatar(CMD, e),
    }
}

async fn listar(
    db: &str,
    formato: FormatoVarredura,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let Some(r) = abrir("processo listar", db).await else {
        return Ok(Saida::EntradaInvalida);
    };
    let lista = r.listar().await;
    r.fechar().await;
    let lista = lista?;
    match formato {
        FormatoVarredura::Json => {
            let v: Vec<serde_json::Value> = lista
                .iter()
                .map(|p| {
                    serde_json::json!({
                        "protocolo": p.protocolo,
                        "tipo": p.tipo,
                        "nome": p.nome,
                        "fase": p.fase.codigo(),
                        "versao": p.versao,
                        "ultimo_ato": p.ultimo_ato,
                    })
                })
                .collect();
            serde_json::to_writer_pretty(&mut *saida, &serde_json::json!({ "processos": v }))?;
            writeln!(saida)?;
        }
        FormatoVarredura::Texto => {
            if lista.is_empty() {
                writeln!(saida, "Nenhum processo no banco {db}.")?;
            }
            for p in &lista {
                let ultimo = p
                    .ultimo_ato
                    .parse::<Date>()
                    .map(fmt_data)
                    .unwrap_or_else(|_| p.ultimo_ato.clone());
                writeln!(
                    saida,
                    "{}  {:<32}  {} — {} (versão {}, último ato {ultimo})",
                    p.protocolo,
                    p.nome,
                    p.tipo,
                    p.fase.nome(),
                    p.versao
                )?;
            }
        }
    }
    Ok(Saida::Sucesso)
}

async fn mostrar(
    protocolo: &str,
    ator: &Ator,
    formato: FormatoVarredura,
    em: Option<Date>,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    const CMD: &str = "processo mostrar";
    if let Err(e) = Nup::ler(protocolo) {
        eprintln!("divisa {CMD}: {e}.");
        return Ok(Saida::EntradaInvalida);
    }
    let Some(r) = abrir(CMD, db).await else {
        return Ok(Saida::EntradaInvalida);
    };
    let lido = r.eventos_visiveis(protocolo, ator).await;
    r.fechar().await;
    let (p, eventos) = match lido {
        Ok(v) => v,
        Err(e) => return relatar(CMD, e),
    };
    let hoje = em.unwrap_or_else(|| hoje_em_cuiaba(Timestamp::now()));
    let completo = p.pode(ator, divisa_processo::Acao::VerCompleto).is_ok();
    match formato {
        FormatoVarredura::Json => {
            let prazos: Vec<serde_json::Value> = if completo {
                p.prazos()
                    .iter()
                    .map(|pr| {
                        serde_json::json!({
                            "chave": pr.chave,
                            "descricao": pr.descricao,
                            "artigo": pr.artigo,
                            "inicio": pr.inicio.to_string(),
                            "dias": pr.dias,
                            "regra": pr.regra,
                            "vencimento": pr.vencimento.to_string(),
                            "situacao": pr.situacao(hoje),
                            "situacao_texto": pr.situacao(hoje).texto(),
                        })
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let alertas = if completo {
                p.alertas(hoje)
            } else {
                Vec::new()
            };
            let v = serde_json::json!({
                "protocolo": p.protocolo.as_str(),
                "tipo": p.tipo.codigo(),
                "nome": p.nome,
                "municipios_origem": p.municipios_origem,
                "fase": p.fase.codigo(),
                "fase_texto": p.fase.nome(),
                "proximo_passo": p.fase.proximo_passo(),
                "versao": p.versao,
                "visao": if completo { "completa" } else { "publica" },
                "prazos": prazos,
                "alertas": alertas,
                "eventos": eventos,
            });
            serde_json::to_writer_pretty(&mut *saida, &v)?;
            writeln!(saida)?;
        }
        FormatoVarredura::Texto => {
            saida.write_all(ficha(&p, &eventos, completo, hoje).as_bytes())?;
        }
    }
    Ok(Saida::Sucesso)
}

fn ficha(p: &Processo, eventos: &[Evento], completo: bool, hoje: Date) -> String {
    use std::fmt::Write as _;
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
        match &p.via {
            Via::Deputado { id } => format!("através do deputado {id}"),
            Via::Comunidade => "diretamente pela comunidade".into(),
        }
    );
    let _ = writeln!(s, "Fase: {} — versão {}", p.fase.nome(), p.versao);
    if let Some(a) = &p.arquivamento {
        let _ = writeln!(s, "Arquivado em {} ({})", fmt_data(a.em), a.fundamento);
    } else {
        let _ = writeln!(s, "Próximo passo: {}", p.fase.proximo_passo());
    }
    if completo {
        let faltam = p.documentos_faltantes();
        if !faltam.is_empty() {
            let _ = writeln!(s, "\nDocumentos do Art. 15 que faltam:");
            for d in faltam {
                let _ = writeln!(s, "  - {}", d.nome());
            }
        }
        let certidoes = p.certidoes();
        if !certidoes.is_empty() && p.fase >= divisa_processo::Fase::Certidoes {
            let _ = writeln!(s, "\nCertidões (Art. 2º, §§ 2º e 3º):");
            for (o, r) in certidoes {
                let estado = match (&r.oficio, r.recebido_em, &r.resposta) {
                    (_, _, Some(Resposta::Emitida { numero, em, .. })) => {
                        format!("certidão {numero} de {}", fmt_data(*em))
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
                let _ = writeln!(s, "  {} (incisos {}): {estado}", o.nome(), o.incisos());
            }
        }
        let prazos = p.prazos();
        if !prazos.is_empty() {
            let _ = writeln!(s, "\nPrazos em {}:", fmt_data(hoje));
            for pr in &prazos {
                let situacao = pr.situacao(hoje);
                let marca = match situacao {
                    Situacao::Vencido { .. } => "VENCIDO",
                    Situacao::VenceEmBreve { .. } => "ATENÇÃO",
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
        let alertas = p.alertas(hoje);
        if !alertas.is_empty() {
            let _ = writeln!(s, "\nAlertas:");
            for a in alertas {
                let _ = writeln!(s, "  [{}] {}", a.artigo, a.mensagem());
            }
        }
    } else {
        let _ = writeln!(
            s,
            "\n(Visão pública, Art. 16: só os atos publicados. A Comissão vê o processo inteiro.)"
        );
    }
    let _ = writeln!(s, "\nAtos:");
    for e in eventos {
        let _ = writeln!(
            s,
            "  {:>3}. {} — {} ({} {})",
            e.seq,
            fmt_data(e.data),
            resumo_do_ato(&e.ato),
            e.ator.papel.nome(),
            e.ator.id
        );
    }
    s
}

fn resumo_do_ato(ato: &Ato) -> String {
    match ato {
        Ato::Protocolar { assinaturas, .. } => {
            format!("representação protocolada, com {assinaturas} assinaturas (Art. 14)")
        }
        Ato::Divulgar { publicacao } => format!("divulgada: {publicacao} (Art. 16)"),
        Ato::SolicitarDocumentos { destinatario } => {
            format!("documentos solicitados a {destinatario} (Art. 16, parágrafo único)")
        }
        Ato::JuntarDocumento { descricao, art15 } => format!(
            "documento juntado: {descricao}{}",
            art15
                .map(|d| format!(" ({})", d.nome()))
                .unwrap_or_default()
        ),
        Ato::RegistrarVisita { local, .. } => format!("visita a {local} (Art. 17, I)"),
        Ato::ParecerPreliminar {
            solicitar_certidoes,
            votos,
        } => format!(
            "parecer preliminar {} ({} a {}) (Art. 17, II)",
            if *solicitar_certidoes {
                "pelas certidões"
            } else {
                "pelo arquivamento"
            },
            votos.sim,
            votos.nao
        ),
        Ato::DeliberarPlenario { decisao } => {
            format!("Plenário decidiu: {decisao:?}").to_lowercase()
        }
        Ato::EnviarOficio { orgao, numero } => {
            format!("ofício {numero} ao {} (Art. 17, § 2º)", orgao.nome())
        }
        Ato::ConfirmarRecebimento { orgao } => {
            format!(
                "ofício recebido pelo {}: começa o prazo (Art. 2º, § 3º)",
                orgao.nome()
            )
        }
        Ato::EmitirCertidao { orgao, numero, .. } => {
            format!("certidão {numero} do {}", orgao.nome())
        }
        Ato::RecusarCertidao { orgao, motivo } => {
            format!(
                "o {} recusou-se a certificar: {motivo} (Art. 9º)",
                orgao.nome()
            )
        }
        Ato::ParecerDeMerito {
            favoravel, votos, ..
        } => format!(
            "parecer de mérito {} ({} a {}) (Art. 18)",
            if *favoravel {
                "favorável"
            } else {
                "contrário"
            },
            votos.sim,
            votos.nao
        ),
        Ato::ParecerCcj { aprovado } => format!(
            "parecer da CCJ {} (Art. 18, § 2º)",
            if *aprovado { "aprovado" } else { "rejeitado" }
        ),
        Ato::ApresentarProjetoDecreto { numero } => {
            format!("projeto de decreto legislativo {numero} (Art. 18, § 2º)")
        }
        Ato::EmendarDivisas { descricao } => {
            format!("emenda de divisas: {descricao} (Art. 19, § 3º)")
        }
        Ato::PedirUrgencia { .. } => "pedido de urgência".into(),
        Ato::VotarDecreto { aprovado } => format!(
            "projeto de decreto {}",
            if *aprovado { "aprovado" } else { "rejeitado" }
        ),
        Ato::PublicarDecreto { numero, diario } => {
            format!("decreto legislativo {numero} publicado no {diario} (Art. 19, § 1º)")
        }
        Ato::EncaminharAoTre { .. } => {
            "encaminhado ao TRE com cópia autenticada do processo (Art. 19, § 1º)".into()
        }
        Ato::InformarPlenario { nota } => format!("Plenário informado: {nota} (Art. 19, § 2º)"),
        Ato::RegistrarPlebiscito {
            realizado_em,
            apuracoes,
        } => format!(
            "plebiscito de {}: {}",
            fmt_data(*realizado_em),
            apuracoes
                .iter()
                .map(|a| format!(
                    "{} — SIM {} de {} inscritos ({})",
                    a.localidade,
                    divisa_referencia::formato::inteiro(a.sim as i64),
                    divisa_referencia::formato::inteiro(a.inscritos as i64),
                    if a.aprovada() {
                        "maioria absoluta"
                    } else {
                        "sem maioria absoluta"
                    }
                ))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Ato::LerResultado => "resultado lido em Plenário e encaminhado à Comissão (Art. 20)".into(),
        Ato::ParecerResultado { favoravel, .. } => format!(
            "parecer sobre o resultado {} (Art. 20, § 1º)",
            if *favoravel {
                "pelo prosseguimento"
            } else {
                "pelo arquivamento"
            }
        ),
        Ato::ApresentarProjetoDeLei { numero, conteudo } => format!(
            "projeto de lei {numero}: \"{}\", instalação em {} (Art. 20, § 1º; Art. 7º)",
            conteudo.nome, conteudo.ano_instalacao
        ),
        Ato::VotarProjetoDeLei { aprovado } => format!(
            "projeto de lei {} (Art. 20, § 2º)",
            if *aprovado { "aprovado" } else { "rejeitado" }
        ),
        Ato::PublicarLei { numero, diario } => format!("lei {numero} publicada no {diario}"),
        Ato::AutorizarInformacao { servidor } => {
            format!("servidor {servidor} autorizado a prestar informações (Art. 23)")
        }
    }
}

/// Monta o ato a partir de `tipo` e `CAMPO=VALOR`; `Err` diz, em português, o que falta.
pub(crate) fn montar_ato(tipo: &str, campos: &[String]) -> Result<Ato, String> {
    let mut objeto = serde_json::Map::new();
    objeto.insert("tipo".into(), tipo.into());
    for c in campos {
        let (chave, valor) = c
            .split_once('=')
            .ok_or_else(|| format!("«{c}»: esperava CAMPO=VALOR"))?;
        if chave == "tipo" {
            return Err("o tipo do ato vem antes dos campos, não como tipo=…".into());
        }
        // No primeiro nível os campos são texto, booleano, lista ou objeto (números só dentro
        // de votos, apurações e conteúdo): "numero=12" continua texto.
        let valor = match serde_json::from_str::<serde_json::Value>(valor) {
            Ok(
                v @ (serde_json::Value::Bool(_)
                | serde_json::Value::Array(_)
                | serde_json::Value::Object(_)),
            ) => v,
            _ => serde_json::Value::String(valor.to_string()),
        };
        objeto.insert(chave.to_string(), valor);
    }
    if tipo == "protocolar" {
        return Err("o protocolo é `divisa processo criar`".into());
    }
    let valor = serde_json::Value::Object(objeto);
    let mut caminho = String::new();
    serde_path_to_error::deserialize::<_, Ato>(valor)
        .map_err(|e| {
            caminho = e.path().to_string();
            traduzir_serde(&e.into_inner().to_string())
        })
        .map_err(|m| {
            if caminho.is_empty() || caminho == "." {
                format!("ato «{tipo}»: {m}")
            } else {
                format!("ato «{tipo}», campo {caminho}: {m}")
            }
        })
}

/// As mensagens do serde em português (as que um operador encontra).
fn traduzir_serde(m: &str) -> String {
    let entre_crases = |m: &str| -> Vec<String> {
        m.split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 1)
            .map(|(_, t)| t.to_string())
            .collect()
    };
    if m.starts_with("missing field") {
        let c = entre_crases(m);
        return format!("falta o campo {}", c.first().cloned().unwrap_or_default());
    }
    if m.starts_with("unknown variant") {
        let c = entre_crases(m);
        return format!(
            "«{}» não é um valor aceito; os aceitos são: {}",
            c.first().cloned().unwrap_or_default(),
            c.get(1..).map(|r| r.join(", ")).unwrap_or_default()
        );
    }
    if m.starts_with("unknown field") {
        let c = entre_crases(m);
        return format!(
            "campo «{}» desconhecido; os campos são: {}",
            c.first().cloned().unwrap_or_default(),
            c.get(1..).map(|r| r.join(", ")).unwrap_or_default()
        );
    }
    if let Some(resto) = m.strip_prefix("invalid type: ") {
        if let Some((veio, esperado)) = resto.split_once(", expected ") {
            let esperado = match esperado {
                "a boolean" => "true ou false".to_string(),
                "a string" => "um texto".to_string(),
                "u32" | "u64" | "i16" => "um número inteiro".to_string(),
                "struct Votos" => "o placar, como {\"sim\":4,\"nao\":1}".to_string(),
                "struct ConteudoLei" => {
                    "{\"nome\":…,\"divisas\":…,\"ano_instalacao\":2029}".to_string()
                }
                "a sequence" => "uma lista em JSON, como [...]".to_string(),
                outro => outro.to_string(),
            };
            let veio = veio
                .replace("integer", "número")
                .replace("string", "texto")
                .replace("boolean", "booleano")
                .replace('`', "");
            return format!("valor de tipo errado ({veio}); esperava {esperado}");
        }
    }
    m.to_string()
}

/// Art. 18: o parecer de mérito favorável passa pelo motor da lei. Se o processo tem a proposta
/// anexada, os dispositivos que ela não atende na data do parecer entram em `nao_atendidos` (e a
/// lei recusa o parecer favorável). Se não pode ser avaliada, o operador é avisado em stderr:
/// o parecer segue sem a conferência, e o aviso diz isso.
fn com_achados_do_motor(ato: Ato, processo: &Processo, data: Date) -> Ato {
    let Ato::ParecerDeMerito {
        favoravel,
        votos,
        mut nao_atendidos,
    } = ato
    else {
        return ato;
    };
    match &processo.proposta {
        None => eprintln!(
            "divisa processo avancar: aviso: o processo {} não tem proposta anexada; o parecer de mérito não foi conferido pelo motor da lei.",
            processo.protocolo
        ),
        Some(texto) => {
            let nome = format!("proposta anexada ao processo {}", processo.protocolo);
            match divisa_avaliacao::ler(&nome, texto, std::path::Path::new("."))
                .map_err(|e| e.to_string())
                .and_then(|p| divisa_lei::avaliar(&p.fatos, data).map_err(|e| e.to_string()))
            {
                Ok(avaliacao) => {
                    for a in avaliacao.achados {
                        if a.situacao == divisa_lei::Situacao::NaoAtende
                            && !nao_atendidos.contains(&a.dispositivo)
                        {
                            nao_atendidos.push(a.dispositivo);
                        }
                    }
                }
                Err(e) => eprintln!(
                    "divisa processo avancar: aviso: a proposta anexada não pôde ser avaliada ({e}); o parecer de mérito não foi conferido pelo motor da lei."
                ),
            }
        }
    }
    Ato::ParecerDeMerito {
        favoravel,
        votos,
        nao_atendidos,
    }
}

#[allow(clippy::too_many_arguments)]
async fn avancar(
    protocolo: &str,
    tipo: &str,
    campos: &[String],
    ator: Ator,
    versao: Option<u64>,
    data: Option<Date>,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    const CMD: &str = "processo avancar";
    if let Err(e) = Nup::ler(protocolo) {
        eprintln!("divisa {CMD}: {e}.");
        return Ok(Saida::EntradaInvalida);
    }
    let ato = match montar_ato(tipo, campos) {
        Ok(a) => a,
        Err(m) => {
            eprintln!("divisa {CMD}: {m}. Veja `divisa processo avancar --ajuda`.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let Some(r) = abrir(CMD, db).await else {
        return Ok(Saida::EntradaInvalida);
    };
    let resultado = async {
        let autos = r.carregar(protocolo).await?;
        let versao = versao.unwrap_or(autos.processo.versao);
        let agora = Timestamp::now();
        let data = data.unwrap_or_else(|| hoje_em_cuiaba(agora));
        let ato = com_achados_do_motor(ato, &autos.processo, data);
        r.anexar(protocolo, versao, &ator, ato, data, agora).await?;
        r.carregar(protocolo).await
    }
    .await;
    r.fechar().await;
    match resultado {
        Ok(autos) => {
            let e = autos.eventos.last().context("evento gravado")?;
            writeln!(
                saida,
                "Ato {} registrado no processo {} em {}: {}.\nFase: {}\nPróximo passo: {}",
                e.seq,
                protocolo,
                fmt_data(e.data),
                resumo_do_ato(&e.ato),
                autos.processo.fase.nome(),
                autos.processo.fase.proximo_passo()
            )?;
            Ok(Saida::Sucesso)
        }
        Err(e) => relatar(CMD, e),
    }
}

async fn alertas(
    em: Option<Date>,
    formato: FormatoVarredura,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let Some(r) = abrir("processo alertas", db).await else {
        return Ok(Saida::EntradaInvalida);
    };
    let hoje = em.unwrap_or_else(|| hoje_em_cuiaba(Timestamp::now()));
    let lista = r.alertas(hoje).await;
    let sujeitos = r.sujeitos_ao_art3().await;
    r.fechar().await;
    let (lista, sujeitos) = (lista?, sujeitos?);
    let corte = divisa_processo::corte_eleitoral(hoje);
    match formato {
        FormatoVarredura::Json => {
            let v: Vec<serde_json::Value> = lista
                .iter()
                .map(|a| {
                    serde_json::json!({
                        "protocolo": a.protocolo,
                        "nome": a.nome,
                        "artigo": a.alerta.artigo,
                        "vencimento": a.alerta.vencimento.map(|d| d.to_string()),
                        "situacao": a.alerta.situacao,
                        "mensagem": a.alerta.mensagem(),
                    })
                })
                .collect();
            serde_json::to_writer_pretty(
                &mut *saida,
                &serde_json::json!({
                    "em": hoje.to_string(),
                    "corte_eleitoral": corte.map(|(eleicao, corte)| serde_json::json!({
                        "artigo": "Art. 3º",
                        "eleicao": eleicao.to_string(),
                        "corte": corte.to_string(),
                        "dias": divisa_processo::prazos::dias_entre(hoje, corte),
                        "processos_sujeitos": sujeitos,
                    })),
                    "alertas": v,
                }),
            )?;
            writeln!(saida)?;
        }
        FormatoVarredura::Texto => {
            if let Some((eleicao, corte)) = corte {
                writeln!(
                    saida,
                    "Art. 3º: a lei que criar, fundir ou incorporar municípios para a eleição de {} precisa sair até {} (faltam {} dias); {} processo(s) sujeito(s) a esse corte em andamento.\n",
                    fmt_data(eleicao),
                    fmt_data(corte),
                    divisa_processo::prazos::dias_entre(hoje, corte),
                    sujeitos
                )?;
            }
            if lista.is_empty() {
                writeln!(saida, "Nenhum alerta em {}.", fmt_data(hoje))?;
            }
            let com_prazo = lista.iter().any(|a| a.alerta.situacao.is_some());
            for a in &lista {
                writeln!(
                    saida,
                    "{} \"{}\" [{}] {}",
                    a.protocolo,
                    a.nome,
                    a.alerta.artigo,
                    a.alerta.mensagem()
                )?;
            }
            if com_prazo {
                writeln!(
                    saida,
                    "\nContagem dos prazos: {}.",
                    divisa_processo::prazos::REGRA_DIAS_CORRIDOS
                )?;
            }
        }
    }
    Ok(Saida::Sucesso)
}

pub(crate) fn auditoria(
    comando: ComandoAuditoria,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let ComandoAuditoria::Verificar { protocolo } = comando;
    rodar(async move {
        const CMD: &str = "auditoria verificar";
        if let Some(p) = &protocolo {
            if let Err(e) = Nup::ler(p) {
                eprintln!("divisa {CMD}: {e}.");
                return Ok(Saida::EntradaInvalida);
            }
        }
        let Some(r) = abrir(CMD, db).await else {
            return Ok(Saida::EntradaInvalida);
        };
        let resultado = async {
            let v = r.verificar(protocolo.as_deref()).await?;
            let contagem = r.contagem().await?;
            Ok::<_, ErroRegistro>((v, contagem))
        }
        .await;
        r.fechar().await;
        let (violacoes, (processos, eventos)) = match resultado {
            Ok(v) => v,
            Err(e) => return relatar(CMD, e),
        };
        if violacoes.is_empty() {
            writeln!(
                saida,
                "Cadeia íntegra: {} conferido{} ({processos} processo(s), {eventos} evento(s) no banco); nenhum evento editado, removido ou fora de ordem.",
                protocolo.as_deref().unwrap_or("todos os processos"),
                if protocolo.is_some() { "" } else { "s" }
            )?;
            return Ok(Saida::Sucesso);
        }
        writeln!(
            saida,
            "ADULTERAÇÃO: {} problema(s) na cadeia de eventos.",
            violacoes.len()
        )?;
        for v in &violacoes {
            writeln!(
                saida,
                "  processo {}{}: {}",
                v.protocolo,
                v.seq.map(|s| format!(", evento {s}")).unwrap_or_default(),
                v.descricao
            )?;
        }
        Ok(Saida::NaoAtende)
    })?
}
