//! `divisa processo`: o operador diante do registro (a auditoria está em `auditoria.rs`).
//!
//! A linha de comando é do operador no servidor: ela confia no papel declarado em `--como`
//! (quem tem o terminal tem o banco). A identificação de verdade — usuários, senhas, sessões —
//! é da aplicação web; os papéis e as regras são os mesmos, conferidos no domínio.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use divisa_processo::{Ator, Nup, Papel, TipoProcesso, Via};
use divisa_referencia::formato::data as fmt_data;
use divisa_registro::{hoje_em_cuiaba, NovaRepresentacao};
use jiff::civil::Date;

use crate::banco::{abrir, abrir_autos, relatar, relatar_autos, rodar};
use crate::cli::{ComandoProcesso, FormatoVarredura};
use crate::Saida;
use divisa_autos::FichaDoProcesso;
use divisa_processo::montar_ato;

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
                anexos,
            } => {
                let mut arquivos = Vec::new();
                for caminho in &anexos {
                    let Some(conteudo) =
                        crate::anexos::ler_anexo("processo avancar", "--anexo", caminho)
                    else {
                        return Ok(Saida::EntradaInvalida);
                    };
                    arquivos.push(divisa_registro::ArquivoNovo::novo(
                        crate::anexos::nome_do_arquivo(caminho),
                        conteudo,
                    ));
                }
                // Arquivo que não é do tipo que diz ser: entrada inválida, antes de abrir o banco.
                if let Err(r) = divisa_registro::anexos::conferir_todos(&arquivos) {
                    eprintln!(
                        "divisa processo avancar: --anexo: {}. Nada foi gravado.",
                        r.motivo
                    );
                    return Ok(Saida::EntradaInvalida);
                }
                avancar(
                    &protocolo, &ato, &campos, &arquivos, como.0, versao, data, db, saida,
                )
                .await
            }
            ComandoProcesso::Alertas { em, formato } => alertas(em, formato, db, saida).await,
            ComandoProcesso::Exportar {
                protocolo,
                saida: destino,
                publico,
                como,
                em,
            } => {
                let ator = como.map_or_else(|| Ator::new("operador", Papel::Membro), |c| c.0);
                exportar(&protocolo, &destino, publico, &ator, em, db).await
            }
            ComandoProcesso::Fiscal {
                protocolo,
                opcoes,
                como,
            } => {
                let ator = como.map_or_else(|| Ator::new("operador", Papel::Membro), |c| c.0);
                crate::fiscal::do_processo(&protocolo, &opcoes, &ator, db, saida).await
            }
            ComandoProcesso::Avaliar {
                protocolo,
                formato,
                em,
                como,
            } => {
                let ator = como.map_or_else(|| Ator::new("operador", Papel::Membro), |c| c.0);
                avaliar(&protocolo, formato, em, &ator, db, saida).await
            }
        }
    })?
}

struct Pedido {
    tipo: Option<String>,
    nome: Option<String>,
    origens: Vec<String>,
    representante: String,
    assinaturas: Option<u32>,
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
    // por onde a representação chega, conferido como na página e na API (Art. 14, parágrafo
    // único): o deputado indicado é uma conta de deputado
    let via = divisa_autos::protocolo::via_do_pedido(&ator, pedido.deputado.clone());
    let Some(da_linha) = crate::anexos::documentos_da_linha(CMD, &pedido.documentos) else {
        return Ok(Saida::EntradaInvalida);
    };
    let mut arquivos: Vec<divisa_registro::ArquivoNovo> = Vec::new();
    let nova = match &pedido.proposta {
        Some(caminho) => {
            // A representação como proposta: tudo sai dela (um só registro, sem números
            // digitados ao lado que a contradigam); --documento só junta o arquivo de um
            // documento que ela declara.
            if let Some((d, _)) = da_linha.iter().find(|(_, a)| a.is_none()) {
                eprintln!(
                    "divisa {CMD}: --documento {}: com --proposta, os documentos declarados vêm dela; diga o arquivo que apresenta o documento (--documento {}=ARQUIVO).",
                    d.codigo(),
                    d.codigo()
                );
                return Ok(Saida::EntradaInvalida);
            }
            let Some(bytes) = crate::arquivo::ler_arquivo(CMD, caminho) else {
                return Ok(Saida::EntradaInvalida);
            };
            let Ok(texto) = String::from_utf8(bytes) else {
                eprintln!("divisa {CMD}: {}: não é texto UTF-8.", caminho.display());
                return Ok(Saida::EntradaInvalida);
            };
            // O território que a proposta cita vai aos autos com o protocolo.
            let diretorio = caminho
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(std::path::Path::new("."));
            let mut territorio = Vec::new();
            for nome in divisa_avaliacao::autos::arquivos_citados(&texto) {
                let simples = std::path::Path::new(&nome).components().count() == 1;
                let completo = diretorio.join(&nome);
                if simples && completo.is_file() {
                    let Some(bytes) = crate::arquivo::ler_arquivo(CMD, &completo) else {
                        return Ok(Saida::EntradaInvalida);
                    };
                    territorio.push((nome, bytes));
                }
            }
            // o caso de uso do protocolo da proposta, o mesmo da página e da API
            match divisa_autos::protocolo::da_proposta(
                &caminho.display().to_string(),
                &texto,
                territorio,
                via,
                &pedido.representante,
            ) {
                Ok((n, do_territorio)) => {
                    arquivos = do_territorio;
                    n
                }
                Err(e) => {
                    eprintln!("divisa {CMD}: {e}");
                    return Ok(Saida::EntradaInvalida);
                }
            }
        }
        None => match pedido_digitado(pedido, via)? {
            Ok(n) => n,
            Err(mensagem) => {
                eprintln!("divisa {CMD}: {mensagem}");
                return Ok(Saida::EntradaInvalida);
            }
        },
    };
    // Declarar não é juntar (Art. 16, parágrafo único): o documento com arquivo conta; o sem
    // arquivo fica declarado, a juntar.
    let mut nova = nova;
    for (d, arquivo) in da_linha {
        if !nova.documentos.contains(&d) {
            nova.documentos.push(d);
        }
        arquivos.extend(arquivo);
    }
    if let Err(r) = divisa_registro::anexos::conferir_todos(&arquivos) {
        eprintln!("divisa {CMD}: --documento: {}. Nada foi gravado.", r.motivo);
        return Ok(Saida::EntradaInvalida);
    }
    let agora = crate::relogio::agora();
    let data = data.unwrap_or_else(|| hoje_em_cuiaba(agora));
    let Some(r) = abrir(CMD, db).await else {
        return Ok(Saida::EntradaInvalida);
    };
    let resultado = async {
        divisa_autos::protocolo::protocolar(&r, &ator, nova, &arquivos, data, agora).await
    }
    .await;
    r.fechar().await;
    match resultado {
        Ok(recibo) => {
            saida.write_all(recibo.texto().as_bytes())?;
            Ok(Saida::Sucesso)
        }
        Err(e) => relatar_autos(CMD, e),
    }
}

/// A representação digitada campo a campo (sem proposta); `Ok(Err)` diz o que está errado.
fn pedido_digitado(pedido: Pedido, via: Via) -> anyhow::Result<Result<NovaRepresentacao, String>> {
    let (Some(tipo), Some(nome), Some(assinaturas)) =
        (pedido.tipo, pedido.nome, pedido.assinaturas)
    else {
        return Ok(Err(
            "sem --proposta, diga --tipo, --nome, --origem e --assinaturas.".into(),
        ));
    };
    let tipo = match TipoProcesso::de_codigo(&tipo) {
        Ok(t) => t,
        Err(motivo) => return Ok(Err(format!("--tipo: {motivo}."))),
    };
    // Os municípios de origem conferidos uma vez (com os nomes parecidos), como na página e na
    // API.
    // os dados embutidos que não carregam são defeito do divisa (saída 1), não da entrada
    divisa_referencia::mt().context("ao carregar os municípios de Mato Grosso")?;
    let origens = match divisa_processo::origens(&pedido.origens) {
        Ok(codigos) => codigos,
        Err(r) => return Ok(Err(format!("--origem: {} ({})", r.motivo, r.artigo))),
    };
    Ok(Ok(NovaRepresentacao {
        tipo,
        nome,
        municipios_origem: origens,
        via,
        representante: pedido.representante,
        assinaturas,
        // os da linha de comando entram em `criar`, com os seus arquivos
        documentos: Vec::new(),
        proposta: None,
        nome_homenageia_pessoa_viva: None,
    }))
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
                .map(divisa_autos::listagem::processo_json)
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
    let pessoas = r.pessoas().await;
    r.fechar().await;
    let (p, eventos) = match lido {
        Ok(v) => v,
        Err(e) => return relatar(CMD, e),
    };
    // sem o banco das contas, as pessoas saem pelo cargo — nunca pelo login
    let pessoas = pessoas.unwrap_or_default();
    let hoje = em.unwrap_or_else(|| hoje_em_cuiaba(crate::relogio::agora()));
    let ficha = FichaDoProcesso::nova(&p, &eventos, ator, hoje, &pessoas);
    match formato {
        FormatoVarredura::Json => {
            serde_json::to_writer_pretty(&mut *saida, &ficha.json())?;
            writeln!(saida)?;
        }
        FormatoVarredura::Texto => {
            saida.write_all(ficha.texto().as_bytes())?;
        }
    }
    Ok(Saida::Sucesso)
}

#[allow(clippy::too_many_arguments)]
async fn avancar(
    protocolo: &str,
    tipo: &str,
    campos: &[String],
    arquivos: &[divisa_registro::ArquivoNovo],
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
    // A proposta juntada vem de um arquivo: proposta=@PROPOSTA.toml.
    let mut campos = campos.to_vec();
    for c in &mut campos {
        if let Some(caminho) = c.strip_prefix("proposta=@") {
            let caminho = std::path::Path::new(caminho);
            let Some(bytes) = crate::arquivo::ler_arquivo(CMD, caminho) else {
                return Ok(Saida::EntradaInvalida);
            };
            let Ok(texto) = String::from_utf8(bytes) else {
                eprintln!("divisa {CMD}: {}: não é texto UTF-8.", caminho.display());
                return Ok(Saida::EntradaInvalida);
            };
            *c = format!("proposta={texto}");
        }
    }
    let ato = match montar_ato(tipo, &campos) {
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
        let versao = match versao {
            Some(v) => v,
            None => r.carregar(protocolo).await?.processo.versao,
        };
        let agora = crate::relogio::agora();
        let data = data.unwrap_or_else(|| hoje_em_cuiaba(agora));
        // o caso de uso dos autos, o mesmo da página e da API (issue 31)
        divisa_autos::anexar::anexar(
            &r,
            protocolo,
            versao,
            &ator,
            ato,
            arquivos,
            data,
            agora,
            |aviso| eprintln!("divisa processo avancar: aviso: {aviso}"),
        )
        .await?;
        r.carregar(protocolo)
            .await
            .map_err(divisa_autos::ErroAutos::from)
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
                e.ato.resumo(),
                autos.processo.fase.nome(),
                autos.processo.fase.proximo_passo()
            )?;
            Ok(Saida::Sucesso)
        }
        Err(e) => relatar_autos(CMD, e),
    }
}

/// `divisa processo exportar`: o pacote dos autos, pelo mesmo caso de uso da página.
async fn exportar(
    protocolo: &str,
    destino: &std::path::Path,
    publico: bool,
    ator: &Ator,
    em: Option<Date>,
    db: &str,
) -> anyhow::Result<Saida> {
    const CMD: &str = "processo exportar";
    let Some(r) = abrir_autos(CMD, protocolo, db).await else {
        return Ok(Saida::EntradaInvalida);
    };
    let data = em.unwrap_or_else(|| hoje_em_cuiaba(crate::relogio::agora()));
    let opcoes = match crate::configuracao::opcoes_dos_documentos(None) {
        Ok(o) => o,
        Err(m) => {
            eprintln!("divisa {CMD}: {m}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let feito = divisa_autos::exportar(&r, protocolo, ator, publico, data, &opcoes).await;
    r.fechar().await;
    let bytes = match feito {
        Ok(b) => b,
        Err(e) => return relatar_autos(CMD, e),
    };
    if let Err(e) = std::fs::write(destino, &bytes) {
        eprintln!(
            "divisa {CMD}: {}: não foi possível gravar ({e}).",
            destino.display()
        );
        return Ok(Saida::EntradaInvalida);
    }
    eprintln!(
        "divisa {CMD}: autos do processo {protocolo} gravados em {} ({} bytes). Confira com: unzip {} && python3 verificar.py",
        destino.display(),
        divisa_referencia::formato::inteiro(i64::try_from(bytes.len()).unwrap_or(i64::MAX)),
        destino.display()
    );
    Ok(Saida::Sucesso)
}

/// `divisa processo avaliar`: a lei aplicada aos autos, pela mesma função da página, da API e
/// dos documentos.
async fn avaliar(
    protocolo: &str,
    formato: crate::cli::Formato,
    em: Option<Date>,
    ator: &Ator,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    const CMD: &str = "processo avaliar";
    let Some(r) = abrir_autos(CMD, protocolo, db).await else {
        return Ok(Saida::EntradaInvalida);
    };
    let data = em.unwrap_or_else(|| hoje_em_cuiaba(crate::relogio::agora()));
    let feito = divisa_autos::avaliar(&r, protocolo, ator, data).await;
    r.fechar().await;
    let a = match feito {
        Ok(a) => a,
        Err(e) => return relatar_autos(CMD, e),
    };
    use divisa_avaliacao::relatorio;
    let texto = match formato {
        crate::cli::Formato::Texto => {
            let mut t = relatorio::texto(&a.avaliacao, &a.proposta.fatos);
            t.push_str(&format!(
                "\nDe onde vêm os fatos (autos do processo {protocolo}):\n"
            ));
            for n in &a.procedencia {
                t.push_str(&format!("  - {n}\n"));
            }
            t
        }
        crate::cli::Formato::Json => relatorio::json(&a.avaliacao),
        crate::cli::Formato::Html => relatorio::html(
            &a.avaliacao,
            &a.proposta.fatos,
            divisa_avaliacao::mapa::da_proposta(&a.proposta).as_deref(),
        ),
    };
    saida.write_all(texto.as_bytes())?;
    Ok(crate::avaliar::codigo_da_conclusao(a.avaliacao.conclusao()))
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
    let hoje = em.unwrap_or_else(|| hoje_em_cuiaba(crate::relogio::agora()));
    let lista = r.alertas(hoje).await;
    let sujeitos = r.sujeitos_ao_art3().await;
    r.fechar().await;
    let (lista, sujeitos) = (lista?, sujeitos?);
    let corte = divisa_processo::corte_eleitoral(hoje);
    match formato {
        FormatoVarredura::Json => {
            let v: Vec<serde_json::Value> = lista
                .iter()
                .map(divisa_autos::listagem::alerta_json)
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
                let dias = divisa_processo::prazos::dias_entre(hoje, corte);
                let quando = match dias {
                    0 => "vence hoje".to_owned(),
                    1 => "falta 1 dia".to_owned(),
                    d if d > 1 => format!("faltam {} dias", divisa_referencia::formato::inteiro(d)),
                    -1 => "passou ontem".to_owned(),
                    d => format!("passou há {} dias", divisa_referencia::formato::inteiro(-d)),
                };
                writeln!(
                    saida,
                    "Art. 3º: a lei que criar, fundir ou incorporar municípios para a eleição de {} precisa sair até {} ({quando}); {} em andamento sujeito{} a esse corte.\n",
                    fmt_data(eleicao),
                    fmt_data(corte),
                    divisa_referencia::formato::plural(sujeitos, "processo", "processos"),
                    if sujeitos == 1 { "" } else { "s" }
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
