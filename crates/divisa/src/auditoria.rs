//! `divisa auditoria`: a cadeia de hashes de todos os processos, as âncoras a publicar e a
//! chave do operador que as assina.

use std::io::Write;

use divisa_processo::Nup;
use divisa_referencia::formato::plural;
use divisa_registro::ErroRegistro;

use crate::banco::{abrir, relatar, rodar};
use crate::cli::ComandoAuditoria;
use crate::Saida;

/// A chave privada do operador, de um PEM PKCS#8.
fn ler_chave_privada(cmd: &str, caminho: &std::path::Path) -> Option<ed25519_dalek::SigningKey> {
    use ed25519_dalek::pkcs8::DecodePrivateKey;
    let texto = match std::fs::read_to_string(caminho) {
        Ok(t) => t,
        Err(e) => {
            eprintln!(
                "divisa {cmd}: {}: não foi possível ler a chave ({e}).",
                caminho.display()
            );
            return None;
        }
    };
    match ed25519_dalek::SigningKey::from_pkcs8_pem(&texto) {
        Ok(k) => Some(k),
        Err(_) => {
            eprintln!(
                "divisa {cmd}: {}: não é uma chave privada Ed25519 em PEM PKCS#8 (gere uma com `divisa auditoria chave -o chave.pem` ou `openssl genpkey -algorithm ed25519`).",
                caminho.display()
            );
            None
        }
    }
}

/// A chave pública publicada, de um PEM (SubjectPublicKeyInfo) ou da privada.
fn ler_chave_publica(cmd: &str, caminho: &std::path::Path) -> Option<ed25519_dalek::VerifyingKey> {
    use ed25519_dalek::pkcs8::DecodePublicKey;
    let texto = match std::fs::read_to_string(caminho) {
        Ok(t) => t,
        Err(e) => {
            eprintln!(
                "divisa {cmd}: {}: não foi possível ler a chave pública ({e}).",
                caminho.display()
            );
            return None;
        }
    };
    match ed25519_dalek::VerifyingKey::from_public_key_pem(&texto) {
        Ok(k) => Some(k),
        Err(_) => {
            eprintln!(
                "divisa {cmd}: {}: não é uma chave pública Ed25519 em PEM (a que `divisa auditoria chave` mostra, ou `openssl pkey -pubout`).",
                caminho.display()
            );
            None
        }
    }
}

/// `divisa auditoria chave -o ARQUIVO.pem`: a chave que assina as âncoras.
fn gerar_chave(destino: &std::path::Path, saida: &mut impl Write) -> anyhow::Result<Saida> {
    use ed25519_dalek::pkcs8::{EncodePrivateKey, EncodePublicKey};
    const CMD: &str = "auditoria chave";
    let chave = ed25519_dalek::SigningKey::generate(&mut rand_core::OsRng);
    let privada = chave
        .to_pkcs8_pem(ed25519_dalek::pkcs8::spki::der::pem::LineEnding::LF)
        .map_err(|e| anyhow::anyhow!("ao escrever a chave: {e}"))?;
    let publica = chave
        .verifying_key()
        .to_public_key_pem(ed25519_dalek::pkcs8::spki::der::pem::LineEnding::LF)
        .map_err(|e| anyhow::anyhow!("ao escrever a chave pública: {e}"))?;
    // só o dono lê; nunca sobrescreve uma chave que já existe
    let mut opcoes = std::fs::OpenOptions::new();
    opcoes.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opcoes.mode(0o600);
    }
    let mut arquivo = match opcoes.open(destino) {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "divisa {CMD}: {}: não foi possível criar ({e}); a chave não sobrescreve arquivo existente.",
                destino.display()
            );
            return Ok(Saida::EntradaInvalida);
        }
    };
    arquivo.write_all(privada.as_bytes())?;
    writeln!(
        saida,
        "Chave privada gravada em {} (guarde-a fora do servidor do banco; quem a tem assina âncoras).\nChave pública, para publicar junto com as âncoras (e usar em `divisa auditoria verificar --chave-publica`):\n{publica}",
        destino.display()
    )?;
    Ok(Saida::Sucesso)
}

/// `divisa auditoria ancora`: grava a âncora de agora e imprime o texto a publicar.
fn ancorar(
    db: &str,
    chave: Option<&std::path::Path>,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    const CMD: &str = "auditoria ancora";
    let chave = match chave {
        None => None,
        Some(c) => match ler_chave_privada(CMD, c) {
            Some(k) => Some(k),
            None => return Ok(Saida::EntradaInvalida),
        },
    };
    rodar(async move {
        let Some(r) = abrir(CMD, db).await else {
            return Ok(Saida::EntradaInvalida);
        };
        let feito = r
            .ancorar_assinada(crate::relogio::agora(), chave.as_ref())
            .await;
        r.fechar().await;
        match feito {
            Ok(a) => {
                saida.write_all(a.texto().as_bytes())?;
                writeln!(
                    saida,
                    "\nPublique este texto (o hash do registro basta) fora do banco; `divisa auditoria verificar --ancora {}` confere o banco com ele.",
                    a.hash
                )?;
                Ok(Saida::Sucesso)
            }
            Err(e) => relatar(CMD, e),
        }
    })?
}

pub(crate) fn auditoria(
    comando: ComandoAuditoria,
    db: &str,
    saida: &mut impl Write,
) -> anyhow::Result<Saida> {
    let (protocolo, publicada, chave_publica) = match comando {
        ComandoAuditoria::Verificar {
            protocolo,
            ancora,
            chave_publica,
        } => (protocolo, ancora, chave_publica),
        ComandoAuditoria::Ancora { chave } => return ancorar(db, chave.as_deref(), saida),
        ComandoAuditoria::Chave { saida: destino } => return gerar_chave(&destino, saida),
    };
    let chave_publica = match chave_publica {
        None => None,
        Some(c) => match ler_chave_publica("auditoria verificar", &c) {
            Some(k) => Some(k),
            None => return Ok(Saida::EntradaInvalida),
        },
    };
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
            let mut v = r.verificar(protocolo.as_deref()).await?;
            let contagem = r.contagem().await?;
            // Diante da última âncora (com todos os processos): o que sumiu ou foi refeito.
            let mut sobre_a_ancora = None;
            let mut assinaturas = None;
            if protocolo.is_none() {
                let ultima = r.ultima_ancora().await?;
                match (&ultima, &publicada) {
                    (Some(a), Some(h)) if a.hash != h.trim() => v.push(divisa_processo::cadeia::Violacao {
                        protocolo: String::new(),
                        seq: None,
                        descricao: format!(
                            "a última âncora do banco ({}, hash {}) não é a publicada ({}): a tabela de âncoras foi mexida, ou há âncora mais nova que a publicada",
                            a.registrada_em, a.hash, h.trim()
                        ),
                    }),
                    (None, Some(h)) => v.push(divisa_processo::cadeia::Violacao {
                        protocolo: String::new(),
                        seq: None,
                        descricao: format!("o banco não tem âncora; a publicada é {}", h.trim()),
                    }),
                    _ => {}
                }
                if let Some(a) = ultima {
                    let (violacoes, depois) = r.conferir_ancora(&a).await?;
                    v.extend(violacoes);
                    sobre_a_ancora = Some((a, depois));
                }
                // as âncoras entre si: assinadas pela chave publicada e encadeadas
                let (violacoes, conferencia) =
                    r.conferir_assinaturas(chave_publica.as_ref()).await?;
                v.extend(violacoes);
                assinaturas = Some(conferencia);
            }
            Ok::<_, ErroRegistro>((v, contagem, sobre_a_ancora, assinaturas))
        }
        .await;
        r.fechar().await;
        let (violacoes, (processos, eventos), sobre_a_ancora, assinaturas) = match resultado {
            Ok(v) => v,
            Err(e) => return relatar(CMD, e),
        };
        if violacoes.is_empty() {
            writeln!(
                saida,
                "Cadeia íntegra: {} conferido{} ({}, {} no banco); nenhum evento editado, removido ou fora de ordem.",
                protocolo.as_deref().unwrap_or("todos os processos"),
                if protocolo.is_some() { "" } else { "s" },
                plural(processos, "processo", "processos"),
                plural(eventos, "evento", "eventos")
            )?;
            match &sobre_a_ancora {
                Some((a, depois)) => writeln!(
                    saida,
                    "Diante da âncora de {} (hash {}): {} lá, cada um com o evento ancorado; {} depois dela.",
                    a.registrada_em,
                    a.hash,
                    if a.processos == 1 { "o processo ancorado está".to_owned() } else { format!("os {} ancorados estão", plural(a.processos, "processo", "processos")) },
                    if *depois == 1 { "1 evento veio".to_owned() } else { format!("{} vieram", plural(*depois, "evento", "eventos")) }
                )?,
                None if protocolo.is_none() => writeln!(
                    saida,
                    "Sem âncora: quem reescrevesse a cadeia inteira de um processo não seria acusado. Publique uma com `divisa auditoria ancora`."
                )?,
                None => {}
            }
            if let Some(c) = assinaturas.filter(|c| c.ancoras > 0) {
                writeln!(
                    saida,
                    "Âncoras: {} no banco, encadeadas; {} assinada{} conferida{} {}.",
                    c.ancoras,
                    c.assinadas,
                    if c.assinadas == 1 { "" } else { "s" },
                    if c.assinadas == 1 { "" } else { "s" },
                    if chave_publica.is_some() {
                        "com a chave pública publicada"
                    } else {
                        "com a chave gravada em cada uma (quem tem o banco poderia trocá-la: confira com --chave-publica)"
                    }
                )?;
            }
            if let Some((a, _)) = &sobre_a_ancora {
                writeln!(
                    saida,
                    "Confira com a última âncora publicada: {} (hash {}); âncoras apagadas do fim da lista só se acusam diante da publicada (--ancora).",
                    a.registrada_em, a.hash
                )?;
            }
            return Ok(Saida::Sucesso);
        }
        writeln!(
            saida,
            "ADULTERAÇÃO: {} na cadeia de eventos.",
            plural(violacoes.len() as u64, "problema", "problemas")
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
