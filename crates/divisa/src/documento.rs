//! `divisa documento`: os documentos oficiais — emitidos dos autos de um processo (e
//! registrados) ou minutas escritas de uma proposta —, a verificação de um arquivo no registro
//! dos documentos emitidos e a assinatura PAdES.

use std::io::Write;
use std::path::Path;

use divisa_autos::Conferencia;
use divisa_documentos::{Caso, TipoDeDocumento};
use divisa_processo::{Ator, Orgao};
use jiff::civil::Date;

use crate::Saida;

#[allow(clippy::too_many_arguments)]
pub(crate) fn executar(
    tipo: &str,
    arquivo: Option<&Path>,
    destino: Option<&Path>,
    formato: &str,
    protocolo: Option<&str>,
    em: Option<Date>,
    como: Option<Ator>,
    orgao: Option<Orgao>,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    if orgao.is_some() && tipo != "oficio" {
        eprintln!("divisa documento {tipo}: --orgao só cabe ao ofício (o órgão a que se dirige).");
        return Ok(Saida::EntradaInvalida);
    }
    if let Some(t) = TipoDeDocumento::DO_PROCESSO
        .into_iter()
        .find(|t| t.codigo() == tipo)
    {
        return do_processo(t, protocolo, destino, formato, em, como, orgao, db, saida);
    }
    // Sem a proposta e com o protocolo: qualquer documento sai dos autos gravados.
    if let (None, Some(_), Some(t)) = (arquivo, protocolo, TipoDeDocumento::de_codigo(tipo)) {
        return do_processo(t, protocolo, destino, formato, em, como, orgao, db, saida);
    }
    let Some(arquivo) = arquivo else {
        eprintln!("divisa documento {tipo}: falta o ARQUIVO (a proposta, ou o PDF a verificar).");
        return Ok(Saida::EntradaInvalida);
    };
    let nome = arquivo.display().to_string();
    let bytes = match divisa_recursos::ler_com_teto(arquivo, divisa_recursos::MAIOR_ARQUIVO) {
        Ok(b) => b,
        Err(e) => {
            eprintln!(
                "divisa documento: {nome}: não foi possível ler o arquivo ({}).",
                divisa_recursos::motivo_de_leitura(&e)
            );
            return Ok(Saida::EntradaInvalida);
        }
    };
    if tipo == "verificar" {
        return verificar(&nome, bytes, db, saida);
    }
    let Some(tipo) = TipoDeDocumento::de_codigo(tipo) else {
        let codigos: Vec<&str> = TipoDeDocumento::TODOS
            .into_iter()
            .chain(TipoDeDocumento::DO_PROCESSO)
            .map(TipoDeDocumento::codigo)
            .chain(["verificar"])
            .collect();
        eprintln!(
            "divisa documento: tipo «{tipo}» desconhecido; use {} ou assinar.",
            codigos.join(", ")
        );
        return Ok(Saida::EntradaInvalida);
    };
    if !["pdf", "html", "odt"].contains(&formato) {
        eprintln!("divisa documento: --formato «{formato}»: use pdf, html ou odt (editável).");
        return Ok(Saida::EntradaInvalida);
    }
    let Ok(texto) = String::from_utf8(bytes) else {
        eprintln!("divisa documento: {nome}: a proposta não é texto UTF-8.");
        return Ok(Saida::EntradaInvalida);
    };
    let diretorio = arquivo
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let Some((proposta, avaliacao, data)) = avaliada(
        divisa_avaliacao::ler(
            &nome,
            &texto,
            divisa_avaliacao::Arquivos::Diretorio(diretorio),
            None,
        ),
        em,
    ) else {
        return Ok(Saida::EntradaInvalida);
    };
    // o estudo fiscal da proposta (o fundo estimado, sem índices do ICMS): o anexo e o
    // percentual do Art. 7º, V, saem dele quando pode ser feito
    let estudo = divisa_avaliacao::fiscal::estudo(&proposta.fatos, data, &Default::default()).ok();
    let caso = Caso {
        proposta: &proposta,
        avaliacao: &avaliacao,
        protocolo,
        data,
        autos: None,
        fiscal: estudo.as_ref(),
    };
    // O que o procedimento do tipo não produz é recusado com o artigo (saída 2).
    if let Err(motivo) = divisa_documentos::cabimento(tipo, &proposta.fatos) {
        eprintln!("divisa documento: {nome}: {motivo}.");
        return Ok(Saida::EntradaInvalida);
    }
    let doc = match (tipo, orgao) {
        // o ofício a um órgão (--orgao), se o tipo o oficia
        (TipoDeDocumento::Oficio, Some(o)) => {
            if divisa_documentos::orgaos_do_oficio(&proposta.fatos).contains(&o) {
                Ok(divisa_documentos::oficios(&caso, &[o]))
            } else {
                Err(divisa_documentos::ErroDocumento::NaoCabe(format!(
                    "{nome}: {} não requisita certidão {} (Art. 2º, § 3º): não há ofício a ele",
                    caso.o_objeto(),
                    o.do_orgao()
                )))
            }
        }
        // a minuta com os ofícios de todos os órgãos, cada um na sua página
        (TipoDeDocumento::Oficio, None) => Ok(divisa_documentos::oficios(
            &caso,
            divisa_documentos::orgaos_do_oficio(&proposta.fatos),
        )),
        (TipoDeDocumento::Parecer, _) => Ok(divisa_documentos::parecer_de_merito(&caso)),
        (TipoDeDocumento::DecretoLegislativo, _) => divisa_documentos::decreto_legislativo(&caso),
        (TipoDeDocumento::ProjetoDeLei, _) => divisa_documentos::projeto_de_lei(&caso),
        (TipoDeDocumento::RelatorioTecnico, _) => divisa_documentos::relatorio_tecnico(&caso),
        (TipoDeDocumento::EstudoFiscal, _) => divisa_documentos::estudo_fiscal(&caso),
        (
            TipoDeDocumento::ParecerPreliminar
            | TipoDeDocumento::ParecerResultado
            | TipoDeDocumento::Autos,
            _,
        ) => Err(divisa_documentos::ErroDocumento::NaoCabe(
            "este documento é escrito do processo".into(),
        )),
    };
    let doc = match doc {
        Ok(d) => d,
        Err(e) => {
            eprintln!("divisa documento: {e}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    // Escrito de uma proposta solta: minuta, com qualquer número que se lhe dê — não vai ao
    // registro e não confere (issue 16).
    let bytes = desenhar(&doc, formato)?;
    let nota = "minuta: escrita da proposta, fora de um processo, não é registrada e não confere; o documento emitido sai dos autos (divisa documento TIPO --protocolo NUP, sem a proposta)";
    gravar(&doc.titulo, &bytes, nota, destino, saida)
}

/// O documento no formato pedido: o PDF, o HTML ou o ODT.
fn desenhar(doc: &divisa_documentos::Documento, formato: &str) -> anyhow::Result<Vec<u8>> {
    Ok(match formato {
        "html" => divisa_documentos::html(doc).into_bytes(),
        "odt" => divisa_documentos::odt(doc),
        // o ambiente já foi conferido no começo do comando (`main`)
        _ => divisa_documentos::pdf(
            doc,
            &crate::configuracao::opcoes_dos_documentos(None).map_err(anyhow::Error::msg)?,
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?,
    })
}

/// Grava os bytes em `destino` (ou na saída padrão) e diz em stderr o que foi gravado: `nota`
/// diz se é um documento emitido (o código, o registro) ou uma minuta.
fn gravar(
    titulo: &str,
    bytes: &[u8],
    nota: &str,
    destino: Option<&Path>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    match destino {
        Some(d) => {
            if let Err(e) = std::fs::write(d, bytes) {
                eprintln!(
                    "divisa documento: {}: não foi possível gravar ({e}).",
                    d.display()
                );
                return Ok(Saida::EntradaInvalida);
            }
            eprintln!(
                "divisa documento: «{titulo}» gravado em {} — {nota}.",
                d.display()
            );
        }
        None => {
            saida.write_all(bytes)?;
            eprintln!("divisa documento: «{titulo}» — {nota}.");
        }
    }
    Ok(Saida::Sucesso)
}

/// `divisa documento verificar`: o arquivo diante do registro dos documentos emitidos
/// (`divisa_autos::conferir`: o documento emitido é o arquivo inteiro ou a sua primeira
/// revisão, e o que vem depois só assina) e, se há assinaturas, cada uma conferida. Saída 0 se
/// confere e toda assinatura está intacta; 3 se não confere ou não consta do registro; 2 se o
/// banco não abre.
fn verificar(
    nome: &str,
    bytes: Vec<u8>,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let feito = crate::banco::rodar(async {
        let r = match divisa_registro::Registro::abrir_existente(db).await {
            Ok(r) => r,
            Err(e) => return Ok(Err(e)),
        };
        let c = divisa_autos::conferir(&r, bytes, None).await;
        r.fechar().await;
        c.map(Ok)
    })?;
    let conferido = match feito {
        Ok(Ok(c)) => c,
        Ok(Err(e)) => {
            eprintln!("divisa documento verificar: {e} (o registro dos documentos emitidos fica no banco: --db).");
            return Ok(Saida::EntradaInvalida);
        }
        Err(e) => anyhow::bail!("{e}"),
    };
    let mut confere = false;
    match &conferido.conferencia {
        Conferencia::Confere { emitido, .. } => {
            writeln!(saida, "{nome}: confere — {}.", descrever(emitido, true))?;
            confere = true;
        }
        Conferencia::Regravado { emitido } => {
            writeln!(
                saida,
                "{nome}: confere — {}. Os bytes não são os registrados: o arquivo foi regravado por outro programa (um leitor de PDF, um sistema de arquivo), mas as páginas, o texto, as fontes e as imagens são as do documento emitido.",
                descrever(emitido, true)
            )?;
            confere = true;
        }
        Conferencia::Acrescido { emitido, motivo } => eprintln!(
            "divisa documento verificar: {nome}: NÃO CONFERE — o documento emitido está no começo do arquivo ({}), mas {motivo}.",
            descrever(emitido, true)
        ),
        Conferencia::NaoEOEmitido { codigo, emitidos } => {
            let primeiro = emitidos
                .first()
                .map(|e| descrever(e, false))
                .unwrap_or_default();
            eprintln!(
                "divisa documento verificar: {nome}: NÃO CONFERE — o código {} corresponde ao documento {primeiro}, mas este arquivo não é o emitido: o que ele diz ou mostra foi alterado; obtenha a cópia autêntica na página /verificar do sistema, com o código.",
                divisa_registro::codigo_com_tracos(codigo)
            );
        }
        Conferencia::NaoConsta { codigo } => eprintln!(
            "divisa documento verificar: {nome}: não consta do registro de documentos emitidos{} — é uma minuta (escrita de uma proposta, fora de um processo) ou um arquivo que não saiu deste sistema.",
            codigo.as_deref().map_or(String::new(), |c| format!(
                " (traz o código {}, que nenhum documento emitido tem)",
                divisa_registro::codigo_com_tracos(c)
            ))
        ),
    }
    let assinaturas = conferido.assinaturas;
    for (i, a) in assinaturas.iter().enumerate() {
        let cobertura = match &a.faixa_invalida {
            Some(p) => format!("NÃO CONFERE: {p}"),
            None if a.cobre_tudo() => "cobre o arquivo inteiro, menos o próprio /Contents".into(),
            None => format!(
                "cobre a revisão até o byte {} (depois dela vêm {} bytes de revisões seguintes)",
                a.fim,
                a.tamanho - a.fim
            ),
        };
        let resumo = if a.cms.resumo_confere {
            "o resumo SHA-256 confere"
        } else {
            "o resumo SHA-256 NÃO CONFERE (o arquivo foi alterado depois de assinado)"
        };
        let cms = match (&a.cms.problema, a.cms.assinatura_confere) {
            (Some(p), _) => format!("assinatura NÃO CONFERIDA: {p}"),
            (None, true) => "a assinatura confere com o certificado embutido".into(),
            (None, false) => "a assinatura NÃO CONFERE com o certificado embutido".into(),
        };
        let linha = format!(
            "  assinatura {} ({}): {}{} — {cobertura}; {resumo}; {cms}.",
            i + 1,
            a.campo,
            a.signatario,
            a.quando
                .as_ref()
                .map_or(String::new(), |q| format!(", em {q}")),
        );
        if a.intacta() {
            writeln!(saida, "{linha}")?;
        } else {
            eprintln!("{linha}");
            confere = false;
        }
    }
    if !assinaturas.is_empty() {
        writeln!(
            saida,
            "  (a confiança na cadeia do certificado — AC raiz do ICP-Brasil, revogação — não é conferida aqui; confira no validador do ITI.)"
        )?;
    }
    Ok(if confere {
        Saida::Sucesso
    } else {
        Saida::NaoAtende
    })
}

/// `divisa documento assinar ENTRADA.pdf --certificado A1.p12 -o SAIDA.pdf`: assinatura PAdES
/// como atualização incremental; a senha do certificado, uma linha da entrada padrão.
/// O que `divisa documento assinar` recebeu.
pub(crate) struct PedidoDeAssinatura<'a> {
    pub entrada: Option<&'a Path>,
    pub certificado: Option<&'a Path>,
    pub destino: Option<&'a Path>,
    /// Com `--protocolo`: o processo, quem assina (`--como`) e o banco — a versão assinada é
    /// registrada nos autos, como na página.
    pub nos_autos: Option<(&'a str, Option<Ator>, &'a str)>,
}

pub(crate) fn assinar(
    pedido: PedidoDeAssinatura<'_>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let PedidoDeAssinatura {
        entrada,
        certificado,
        destino,
        nos_autos,
    } = pedido;
    let uso = "use divisa documento assinar ENTRADA.pdf --certificado A1.p12 -o SAIDA.pdf (a senha na entrada padrão)";
    let (Some(entrada), Some(certificado), Some(destino)) = (entrada, certificado, destino) else {
        let falta = match (entrada, certificado) {
            (None, _) => "falta ENTRADA.pdf",
            (_, None) => "falta --certificado A1.p12",
            _ => "falta -o SAIDA.pdf (o PDF assinado é gravado num arquivo novo)",
        };
        eprintln!("divisa documento assinar: {falta}; {uso}.");
        return Ok(Saida::EntradaInvalida);
    };
    if mesmo_arquivo(entrada, destino) {
        eprintln!(
            "divisa documento assinar: -o {}: é o próprio arquivo de entrada; grave o assinado num arquivo novo (o original fica como está).",
            destino.display()
        );
        return Ok(Saida::EntradaInvalida);
    }
    let ler = |p: &Path, limite: u64| -> Option<Vec<u8>> {
        let lido = std::fs::File::open(p).and_then(|f| {
            let mut v = Vec::new();
            std::io::Read::read_to_end(&mut std::io::Read::take(f, limite + 1), &mut v)?;
            Ok(v)
        });
        match lido {
            Ok(v) if v.len() as u64 > limite => {
                eprintln!(
                    "divisa documento assinar: {}: passa de {} MB, grande demais.",
                    p.display(),
                    limite >> 20
                );
                None
            }
            Ok(v) => Some(v),
            Err(e) => {
                eprintln!(
                    "divisa documento assinar: {}: não foi possível ler o arquivo ({e}).",
                    p.display()
                );
                None
            }
        }
    };
    let Some(pdf) = ler(entrada, 512 << 20) else {
        return Ok(Saida::EntradaInvalida);
    };
    let Some(p12) = ler(certificado, 1 << 20) else {
        return Ok(Saida::EntradaInvalida);
    };
    let nome_cert = certificado.display().to_string();
    let senha = match ler_senha() {
        Ok(s) => s,
        Err(m) => {
            eprintln!("divisa documento assinar: {m}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let cert = match divisa_assinatura::Certificado::abrir(&nome_cert, &p12, &senha) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("divisa documento assinar: {e}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let agora = crate::relogio::agora();
    if let Err(e) = cert.valido_em(&nome_cert, agora) {
        eprintln!("divisa documento assinar: {e}.");
        return Ok(Saida::EntradaInvalida);
    }
    if let Some((protocolo, como, db)) = nos_autos {
        let Some(ator) = como else {
            eprintln!("divisa documento assinar: --protocolo {protocolo}: diga quem assina, com --como PAPEL:LOGIN (o relator ou a Presidência, com a conta cadastrada).");
            return Ok(Saida::EntradaInvalida);
        };
        let feito = assinar_nos_autos(
            NosAutos {
                protocolo,
                ator: &ator,
                db,
                pdf,
                certificado: (&nome_cert, &p12, &senha),
            },
            agora,
        )?;
        drop(senha);
        let (assinado, nota) = match feito {
            Ok(Ok(v)) => v,
            Ok(Err(mensagem)) => {
                eprintln!(
                    "divisa documento assinar: {}: {mensagem}.",
                    entrada.display()
                );
                return Ok(Saida::NaoAtende);
            }
            Err(e) => {
                eprintln!("divisa documento assinar: {e}.");
                return Ok(match e {
                    divisa_autos::ErroAutos::Recusado(_) => Saida::NaoAtende,
                    _ => Saida::EntradaInvalida,
                });
            }
        };
        return gravar_assinado(
            (entrada, destino),
            &assinado.pdf,
            &assinado.titular,
            Some(&nota),
            saida,
        );
    }
    drop(senha);
    let assinado = match divisa_assinatura::assinar(&pdf, &cert, agora, divisa_assinatura::MOTIVO) {
        Ok(b) => b,
        Err(divisa_assinatura::Erro::Interno(m)) => anyhow::bail!("{m}"),
        Err(e) => {
            eprintln!("divisa documento assinar: {}: {e}.", entrada.display());
            return Ok(Saida::EntradaInvalida);
        }
    };
    gravar_assinado((entrada, destino), &assinado, &cert.titular(), None, saida)
}

/// Grava o PDF assinado em `destino` e diz quem assinou (e, nos autos, o registro: `nota`).
fn gravar_assinado(
    (entrada, destino): (&Path, &Path),
    pdf: &[u8],
    titular: &str,
    nota: Option<&str>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    if let Err(e) = gravar_atomico(destino, pdf) {
        eprintln!(
            "divisa documento assinar: {}: não foi possível gravar ({e}).",
            destino.display()
        );
        return Ok(Saida::EntradaInvalida);
    }
    writeln!(
        saida,
        "{}: assinado por {titular} (PAdES-B-B, SHA-256) — {}gravado em {}.",
        entrada.display(),
        nota.map(|n| format!("{n}; ")).unwrap_or_default(),
        destino.display()
    )?;
    Ok(Saida::Sucesso)
}

/// O PDF assinado e a nota do registro; `Err`: o arquivo não é um documento emitido do
/// processo.
type AssinadoNosAutos = Result<(divisa_autos::assinatura::Assinado, String), String>;

/// A assinatura de um documento emitido dos autos.
struct NosAutos<'a> {
    protocolo: &'a str,
    ator: &'a Ator,
    db: &'a str,
    pdf: Vec<u8>,
    certificado: (&'a str, &'a [u8], &'a str),
}

/// Acha no registro a emissão de que o arquivo é (`divisa_autos::conferir`), e a assina pelo
/// caso de uso dos autos — o mesmo da página: quem assina (Art. 21), a última versão
/// registrada, a versão assinada gravada. `Ok(Err)`: o arquivo não é um documento emitido
/// deste processo (saída 3).
fn assinar_nos_autos(
    n: NosAutos<'_>,
    agora: jiff::Timestamp,
) -> anyhow::Result<Result<AssinadoNosAutos, divisa_autos::ErroAutos>> {
    crate::banco::rodar(async {
        let r = divisa_registro::Registro::abrir_existente(n.db).await?;
        let feito = async {
            let conferido = divisa_autos::conferir(&r, n.pdf, None).await?;
            let emitido = match conferido.conferencia {
                divisa_autos::Conferencia::Confere { emitido, .. }
                    if emitido.protocolo == n.protocolo =>
                {
                    emitido
                }
                _ => {
                    return Ok(Err(format!(
                        "não é um documento emitido do processo {} (confira com divisa documento verificar)",
                        n.protocolo
                    )))
                }
            };
            let para =
                divisa_autos::assinatura::para_assinar(&r, n.protocolo, n.ator, emitido.id).await?;
            let nome = r
                .usuarios()
                .await?
                .into_iter()
                .find(|u| u.login == n.ator.id)
                .map(|u| u.nome);
            let motivo = format!(
                "Assinado por {} ({})",
                nome.as_deref().unwrap_or(""),
                n.ator.papel.cargo()
            );
            let (arquivo, bytes, senha) = n.certificado;
            let assinado = para
                .assinar(arquivo, bytes, senha, agora, &motivo)
                .map_err(|e| {
                    divisa_autos::ErroAutos::Documento(divisa_documentos::ErroDocumento::Falta(
                        e.to_string(),
                    ))
                })?;
            let versao = divisa_autos::assinatura::gravar_assinatura(
                &r,
                &para,
                &assinado,
                n.ator,
                nome.as_deref(),
                agora,
            )
            .await?;
            let nota = format!(
                "registrado nos autos do processo {} como a versão assinada nº {} do documento {}",
                n.protocolo,
                versao.id,
                divisa_registro::codigo_com_tracos(&emitido.codigo)
            );
            Ok(Ok((assinado, nota)))
        }
        .await;
        r.fechar().await;
        feito
    })
}

/// Os dois caminhos são o mesmo arquivo (o destino ainda pode não existir).
fn mesmo_arquivo(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// Grava num temporário ao lado e renomeia: quem lê o destino vê o arquivo velho ou o novo
/// inteiro, nunca um pela metade.
fn gravar_atomico(destino: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let pasta = destino
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let nome = destino
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "assinado.pdf".into());
    let temp = pasta.join(format!(".{nome}.{}.tmp", std::process::id()));
    let feito = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&temp, destino)
    })();
    if feito.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    feito
}

/// A senha: uma linha da entrada padrão. No terminal, pede-a em stderr sem ecoar (stty).
fn ler_senha() -> Result<String, String> {
    use std::io::{BufRead, IsTerminal, Read};
    let entrada = std::io::stdin();
    let terminal = entrada.is_terminal();
    let stty = |arg: &str| {
        std::process::Command::new("stty")
            .arg(arg)
            .stdin(std::process::Stdio::inherit())
            .status()
            .is_ok_and(|s| s.success())
    };
    let sem_eco = terminal && {
        eprint!("Senha do certificado: ");
        stty("-echo")
    };
    let mut linha = Vec::new();
    let lido = entrada.lock().take(4097).read_until(b'\n', &mut linha);
    if sem_eco {
        stty("echo");
        eprintln!();
    }
    if let Err(e) = lido {
        return Err(format!("a senha não pôde ser lida da entrada padrão ({e})"));
    }
    if linha.is_empty() {
        return Err("falta a senha do certificado na entrada padrão (uma linha)".into());
    }
    if linha.len() > 4096 {
        return Err("a senha na entrada padrão passa de 4096 bytes".into());
    }
    while matches!(linha.last(), Some(b'\n' | b'\r')) {
        linha.pop();
    }
    String::from_utf8(linha).map_err(|_| "a senha na entrada padrão não é texto UTF-8".into())
}

/// «Título», código X, processo NUP, emitido por NOME (CARGO) em dd/mm/aaaa (e a data do
/// documento, quando é outra); sem o código com `com_codigo` falso.
fn descrever(e: &divisa_registro::DocumentoEmitido, com_codigo: bool) -> String {
    let emitido_em = divisa_registro::hoje_em_cuiaba(e.emitido_em);
    format!(
        "«{}»{}, processo {}, emitido por {} em {}{}",
        e.titulo,
        if com_codigo {
            format!(", código {}", divisa_registro::codigo_com_tracos(&e.codigo))
        } else {
            String::new()
        },
        e.protocolo,
        e.emitente(),
        divisa_referencia::formato::data(emitido_em),
        if e.data == emitido_em {
            String::new()
        } else {
            format!(", datado de {}", divisa_referencia::formato::data(e.data))
        }
    )
}

/// Os documentos escritos dos autos: o processo vem do banco, com a proposta juntada, as
/// certidões, os ofícios, os votos e as pessoas. Em PDF, emitido: registrado antes de gravado
/// (`divisa_autos::emitir`); em HTML ou ODT, rascunho para editar, sem registro.
#[allow(clippy::too_many_arguments)]
fn do_processo(
    tipo: TipoDeDocumento,
    protocolo: Option<&str>,
    destino: Option<&Path>,
    formato: &str,
    em: Option<Date>,
    como: Option<Ator>,
    orgao: Option<Orgao>,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let Some(protocolo) = protocolo else {
        eprintln!("divisa documento {}: falta --protocolo NUP (o documento sai dos atos gravados no processo).", tipo.codigo());
        return Ok(Saida::EntradaInvalida);
    };
    if !["pdf", "html", "odt"].contains(&formato) {
        eprintln!("divisa documento: --formato «{formato}»: use pdf, html ou odt (editável).");
        return Ok(Saida::EntradaInvalida);
    }
    let agora = crate::relogio::agora();
    let data = em.unwrap_or_else(|| divisa_registro::hoje_em_cuiaba(agora));
    let pdf = formato == "pdf";
    // O PDF dos autos é emitido e registrado em nome de quem o emite (issue 30: ninguém emite
    // anonimamente); o HTML e o ODT, rascunhos, podem sair para o operador como membro.
    let ator = match (como, pdf) {
        (Some(a), _) => a,
        (None, false) => Ator::new("operador", divisa_processo::Papel::Membro),
        (None, true) => {
            eprintln!(
                "divisa documento {}: o PDF escrito dos autos é emitido e registrado em nome de quem o emite: diga quem, com --como PAPEL:LOGIN (a Presidência, um membro ou um servidor da Comissão, com a conta cadastrada).",
                tipo.codigo()
            );
            return Ok(Saida::EntradaInvalida);
        }
    };
    let opcoes = match crate::configuracao::opcoes_dos_documentos(None) {
        Ok(o) => o,
        Err(m) => {
            eprintln!("divisa documento: {m}.");
            return Ok(Saida::EntradaInvalida);
        }
    };
    let feito = crate::banco::rodar(async {
        let r = match divisa_registro::Registro::abrir_existente(db).await {
            Ok(r) => r,
            Err(e) => return Err(divisa_autos::ErroAutos::Registro(e)),
        };
        let feito = if pdf {
            divisa_autos::emitir(
                &r,
                protocolo,
                divisa_autos::PedidoDeEmissao {
                    tipo,
                    orgao,
                    data,
                    opcoes,
                },
                &ator,
                agora,
            )
                .await
                .map(|e| {
                    let nota = format!(
                        "emitido e registrado por {}, código de verificação {}; confira com divisa documento verificar ou na página /verificar do sistema",
                        e.registro.emitente(),
                        divisa_registro::codigo_com_tracos(&e.registro.codigo)
                    );
                    (e.documento.titulo, e.pdf, nota)
                })
        } else {
            divisa_autos::documento_ao_orgao(&r, protocolo, tipo, &ator, data, orgao)
                .await
                .and_then(|d| {
                    let nota = format!(
                        "rascunho em {} para editar: não é registrado e não confere; o documento emitido é o PDF",
                        formato.to_uppercase()
                    );
                    let bytes = desenhar(&d, formato)
                        .map_err(|e| divisa_documentos::ErroDocumento::Interno(e.to_string()))?;
                    Ok((d.titulo.clone(), bytes, nota))
                })
        };
        r.fechar().await;
        feito
    })?;
    match feito {
        Ok((titulo, bytes, nota)) => gravar(&titulo, &bytes, &nota, destino, saida),
        Err(e) => {
            eprintln!("divisa documento: {e}.");
            Ok(Saida::EntradaInvalida)
        }
    }
}

/// A proposta lida, avaliada pelo texto em vigor em `--em` (ou hoje); `None` depois de dizer o
/// porquê em stderr.
fn avaliada(
    lida: Result<divisa_avaliacao::Proposta, divisa_avaliacao::ErroProposta>,
    em: Option<Date>,
) -> Option<(divisa_avaliacao::Proposta, divisa_lei::Avaliacao, Date)> {
    let proposta = match lida {
        Ok(p) => p,
        Err(e) => {
            eprintln!("divisa documento: {e}.");
            return None;
        }
    };
    let data = em.unwrap_or_else(crate::avaliar::hoje);
    match divisa_lei::avaliar(&proposta.fatos, data) {
        Ok(a) => Some((proposta, a, data)),
        Err(e) => {
            eprintln!("divisa documento: --em: {e}.");
            None
        }
    }
}
