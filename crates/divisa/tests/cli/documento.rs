//! `divisa documento` (CONTRACT §1): gerar e verificar.

use crate::util::{cinco_documentos, diretorio_vazio, divisa_em, escrever_documentos};

#[path = "../../../assinatura/tests/comum/adulterar.rs"]
mod adulterar;
use adulterar::mudar_um_byte_do_conteudo;

const P: &str = "00001.000001/2026-91";

fn exemplo(nome: &str) -> String {
    format!("{}/../../exemplos/{nome}", env!("CARGO_MANIFEST_DIR"))
}

/// Um banco em `dir` com as contas de Ana Souza (Presidente) e Bruno Campos (membro da
/// Comissão) e o processo `P`, de uma criação protocolada da proposta de exemplo, divulgada,
/// com a visita registrada e o parecer preliminar que solicita as certidões (Art. 17): o
/// momento do relatório da visita e do parecer preliminar e dos ofícios (issue 33).
fn processo_com_membro(dir: &std::path::Path) {
    for (login, nome, papel) in [
        ("ana", "Ana Souza", "presidente"),
        ("bruno", "Bruno Campos", "membro"),
    ] {
        let e = divisa_com_entrada(
            dir,
            &["usuario", "criar", login, "--nome", nome, "--papel", papel],
            "uma senha longa o bastante\n",
            None,
        );
        assert_eq!(e.codigo, 0, "{}", e.stderr);
    }
    escrever_documentos(dir);
    let e = divisa_em(
        dir,
        &[
            &[
                "processo",
                "criar",
                "--proposta",
                &exemplo("criacao.toml"),
                "--representante",
                "Maria da Silva",
                "--como",
                "representante:maria",
                "--data",
                "2026-11-02",
            ][..],
            &cinco_documentos(),
        ]
        .concat(),
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    for (dia, como, ato) in [
        (
            "2026-11-03",
            "presidente:ana",
            &["divulgar", "publicacao=DOALMT nº 1.234"][..],
        ),
        (
            "2026-11-05",
            "membro:bruno",
            &[
                "registrar_visita",
                "local=Espigão do Leste",
                "relatorio=Visita à sede",
            ][..],
        ),
        (
            "2026-11-06",
            "presidente:ana",
            &[
                "parecer_preliminar",
                "solicitar_certidoes=true",
                r#"votos={"sim":3,"nao":0}"#,
            ][..],
        ),
    ] {
        let mut args = vec!["processo", "avancar", P];
        args.extend_from_slice(ato);
        args.extend_from_slice(&["--como", como, "--data", dia]);
        let e = divisa_em(dir, &args);
        assert_eq!(e.codigo, 0, "{ato:?}: {}", e.stderr);
    }
}

/// Issue 16 ("assinado e verificável"): o PDF emitido dos autos fica registrado em nome de quem
/// o emitiu, e `verificar` o acha no registro pelos bytes — confere, com o título, o código, o
/// processo, quem emitiu (nome e cargo, nunca o login) e o dia; um byte mudado e o arquivo já
/// não é o emitido, embora traga o código (saída 3, e onde obter a cópia autêntica).
#[test]
fn issue16_emitido_dos_autos_confere_pelo_registro_e_byte_mudado_nao_e_o_emitido() {
    let dir = diretorio_vazio();
    processo_com_membro(&dir);
    let emitir = |saida: &str| {
        divisa_com_entrada(
            &dir,
            &[
                "documento",
                "parecer-preliminar",
                "--protocolo",
                P,
                "--como",
                "membro:bruno",
                "--em",
                "2026-11-20",
                "-o",
                saida,
            ],
            "",
            Some("2026-11-21"),
        )
    };
    let e = emitir("parecer.pdf");
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stderr.contains(
            "emitido e registrado por Bruno Campos (Membro da Comissão de Revisão Territorial), código de verificação"
        ),
        "{}",
        e.stderr
    );
    let pdf = std::fs::read(dir.join("parecer.pdf")).expect("PDF gravado");
    assert!(pdf.starts_with(b"%PDF-"));
    let e = divisa_em(&dir, &["documento", "verificar", "parecer.pdf"]);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout.contains("parecer.pdf: confere — «RELATÓRIO DE VISITA E PARECER PRELIMINAR")
            && e.stdout.contains(&format!(
                "processo {P}, emitido por Bruno Campos (Membro da Comissão de Revisão Territorial) em 21/11/2026, datado de 20/11/2026."
            )),
        "{}",
        e.stdout
    );
    assert!(
        !e.stdout.contains("bruno,") && !e.stdout.contains(" bruno "),
        "nunca o login"
    );
    // baixado de novo: os mesmos bytes, a mesma emissão, e continua conferindo
    let e = emitir("de-novo.pdf");
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert_eq!(std::fs::read(dir.join("de-novo.pdf")).unwrap(), pdf);
    // issue 30: regravado por outro programa (`qpdf --linearize`, como um leitor de PDF ou um
    // sistema de arquivo faz): os bytes mudam, o conteúdo não — confere, dizendo que foi regravado
    let qpdf = std::process::Command::new("qpdf")
        .args(["--linearize", "parecer.pdf", "regravado.pdf"])
        .current_dir(&dir)
        .status()
        .expect("qpdf (scripts/preparar-testes.sh o instala)");
    assert!(qpdf.success());
    let regravado = std::fs::read(dir.join("regravado.pdf")).unwrap();
    assert_ne!(regravado, pdf, "o qpdf reescreveu os bytes");
    let e = divisa_em(&dir, &["documento", "verificar", "regravado.pdf"]);
    assert_eq!(e.codigo, 0, "{}{}", e.stdout, e.stderr);
    assert!(
        e.stdout
            .contains("regravado.pdf: confere — «RELATÓRIO DE VISITA E PARECER PRELIMINAR")
            && e.stdout.contains("foi regravado por outro programa"),
        "{}",
        e.stdout
    );
    // um byte mudado no conteúdo (dentro de um fluxo comprimido: texto, fonte ou imagem), com
    // os metadados ainda dizendo o código: não é o emitido — nem o arquivo original, nem o
    // regravado
    for (nome, base) in [
        ("adulterado.pdf", &pdf),
        ("regravado-adulterado.pdf", &regravado),
    ] {
        std::fs::write(dir.join(nome), mudar_um_byte_do_conteudo(base)).expect("gravar");
    }
    let e = divisa_em(
        &dir,
        &["documento", "verificar", "regravado-adulterado.pdf"],
    );
    assert_eq!(e.codigo, 3, "{}{}", e.stdout, e.stderr);
    assert!(e.stderr.contains("NÃO CONFERE"), "{}", e.stderr);
    let e = divisa_em(&dir, &["documento", "verificar", "adulterado.pdf"]);
    assert_eq!(e.codigo, 3, "{}{}", e.stdout, e.stderr);
    assert!(
        e.stderr.contains("NÃO CONFERE — o código ")
            && e.stderr
                .contains("corresponde ao documento «RELATÓRIO DE VISITA E PARECER PRELIMINAR")
            && e.stderr.contains("emitido por Bruno Campos")
            && e.stderr
                .contains("mas este arquivo não é o emitido: o que ele diz ou mostra foi alterado")
            && e.stderr.contains("/verificar"),
        "{}",
        e.stderr
    );
    // o HTML dos autos é rascunho para editar: sai, mas não vai ao registro
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "parecer-preliminar",
            "--protocolo",
            P,
            "--formato",
            "html",
            "-o",
            "parecer.html",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stderr
            .contains("rascunho em HTML para editar: não é registrado"),
        "{}",
        e.stderr
    );
    // sem o banco, não há registro para conferir: entrada inválida, nada criado
    let outro = diretorio_vazio();
    std::fs::copy(dir.join("parecer.pdf"), outro.join("parecer.pdf")).unwrap();
    let e = divisa_em(&outro, &["documento", "verificar", "parecer.pdf"]);
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(e.stderr.contains("o arquivo não existe"), "{}", e.stderr);
    assert!(!outro.join("divisa.sqlite3").exists());
    std::fs::remove_dir_all(&outro).ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 16: o documento escrito de uma proposta solta é minuta — ainda que traga um número de
/// processo verdadeiro (`--protocolo`) e o de uma proposta editada; não vai ao registro e
/// `verificar` diz que não consta (saída 3). O HTML e o ODT saem como antes.
#[test]
fn issue16_minuta_da_proposta_nao_consta_do_registro_mesmo_com_protocolo_verdadeiro() {
    let dir = diretorio_vazio();
    processo_com_membro(&dir);
    let proposta = exemplo("criacao.toml");
    let proposta = proposta.as_str();
    // a proposta editada: outro número de habitantes, o mesmo processo
    let editada = std::fs::read_to_string(proposta)
        .unwrap()
        .replace("populacao = 5200", "populacao = 9200");
    std::fs::write(dir.join("editada.toml"), editada).unwrap();
    for (entrada, saida) in [(proposta, "minuta.pdf"), ("editada.toml", "editada.pdf")] {
        let e = divisa_em(
            &dir,
            &[
                "documento",
                "parecer",
                entrada,
                "-o",
                saida,
                "--protocolo",
                P,
                "--em",
                "2027-03-10",
            ],
        );
        assert_eq!(e.codigo, 0, "{}", e.stderr);
        assert!(
            e.stderr
                .contains("minuta: escrita da proposta, fora de um processo, não é registrada"),
            "{}",
            e.stderr
        );
        let e = divisa_em(&dir, &["documento", "verificar", saida]);
        assert_eq!(e.codigo, 3, "{saida}: {}{}", e.stdout, e.stderr);
        assert!(
            e.stderr
                .contains("não consta do registro de documentos emitidos")
                && !e.stdout.contains("confere"),
            "{saida}: {}",
            e.stderr
        );
    }
    // HTML e ODT: os rascunhos de sempre; formato e tipo errados: saída 2
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "projeto-de-lei",
            proposta,
            "--formato",
            "html",
            "--em",
            "2027-03-10",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(e
        .stdout
        .contains("Fica criado o Município de Espigão do Leste"));
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "projeto-de-lei",
            proposta,
            "--formato",
            "odt",
            "-o",
            "projeto.odt",
            "--em",
            "2027-03-10",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let odt = std::fs::read(dir.join("projeto.odt")).expect("ODT gravado");
    assert!(
        odt.starts_with(b"PK")
            && odt[30..].starts_with(b"mimetypeapplication/vnd.oasis.opendocument.text")
    );
    let e = divisa_em(
        &dir,
        &["documento", "parecer", proposta, "--formato", "docx"],
    );
    assert_eq!(e.codigo, 2);
    assert!(e.stderr.contains("use pdf, html ou odt"), "{}", e.stderr);
    let e = divisa_em(&dir, &["documento", "memorando", proposta]);
    assert_eq!(e.codigo, 2);
    assert!(
        e.stderr.contains("tipo «memorando» desconhecido"),
        "{}",
        e.stderr
    );
    // a recusa e a ajuda dizem todos os tipos que o comando faz (o estudo fiscal faltava)
    let ajuda = divisa_em(&dir, &["documento", "--help"]);
    for tipo in divisa_documentos::TipoDeDocumento::TODOS
        .into_iter()
        .chain(divisa_documentos::TipoDeDocumento::DO_PROCESSO)
    {
        assert!(e.stderr.contains(tipo.codigo()), "{tipo:?}: {}", e.stderr);
        assert!(
            ajuda.stdout.contains(tipo.codigo()),
            "{tipo:?}: {}",
            ajuda.stdout
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Os documentos que saem dos atos gravados (Art. 17): do banco, pelo protocolo.
#[test]
fn relatorio_de_visita_do_processo_pela_linha_de_comando_art_17() {
    let dir = diretorio_vazio();
    // a semente de demonstração do `divisa serve` grava um processo com visita e parecer preliminar
    let (mut filho, _, _) = crate::web::subir(&dir);
    filho.kill().ok();
    filho.wait().ok();
    let lista = divisa_em(&dir, &["processo", "listar"]);
    let protocolo = lista
        .stdout
        .lines()
        .find(|l| l.contains("Espigão do Leste"))
        .and_then(|l| l.split_whitespace().next())
        .expect("processo de demonstração")
        .to_string();
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "parecer-preliminar",
            "--protocolo",
            &protocolo,
            "--como",
            "membro:bruno",
            "-o",
            "visita.pdf",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let e = divisa_em(&dir, &["documento", "verificar", "visita.pdf"]);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout
            .contains("RELATÓRIO DE VISITA E PARECER PRELIMINAR"),
        "{}",
        e.stdout
    );
    // sem plebiscito gravado, o parecer do resultado diz por quê
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "parecer-resultado",
            "--protocolo",
            &protocolo,
            "--como",
            "membro:bruno",
        ],
    );
    assert_eq!(e.codigo, 2);
    // issue 33: cada documento no seu momento — o parecer do resultado, depois dele (Art. 20)
    assert!(
        e.stderr.contains("ainda não tem o seu momento neste processo")
            && e.stderr.contains("depois do ofício do Tribunal Regional Eleitoral com o resultado do plebiscito (Art. 20)"),
        "{}",
        e.stderr
    );
    // sem protocolo
    let e = divisa_em(&dir, &["documento", "parecer-preliminar"]);
    assert_eq!(e.codigo, 2);
    assert!(e.stderr.contains("falta --protocolo"), "{}", e.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 16: cada tipo produz os documentos que a lei manda, e o pedido de um documento que o
/// procedimento não produz sai com 2 e o artigo que diz por quê (tabela em
/// `divisa_documentos::cabimento`).
#[test]
fn cada_tipo_produz_os_documentos_da_lei_e_recusa_os_outros_com_o_artigo() {
    let raiz = concat!(env!("CARGO_MANIFEST_DIR"), "/../../exemplos");
    let dir = diretorio_vazio();
    // (exemplo, documento, produz?, trecho da recusa ou do documento)
    let casos: &[(&str, &str, bool, &str)] = &[
        ("criacao", "oficio", true, "Art. 2º, §§ 1º, 2º e 3º"),
        ("criacao", "relatorio-tecnico", false, "Art. 8º, § 3º"),
        ("fusao", "oficio", false, "Art. 4º"),
        ("fusao", "decreto-legislativo", true, "fusão"),
        ("incorporacao", "oficio", true, "Art. 11"),
        (
            "incorporacao",
            "decreto-legislativo",
            true,
            "Araguainha ao Município de Ponte Branca",
        ),
        ("desmembramento", "oficio", true, "Art. 8º"),
        (
            "desmembramento",
            "relatorio-tecnico",
            true,
            "RELATÓRIO TÉCNICO",
        ),
        ("extincao", "decreto-legislativo", false, "Art. 10"),
        ("extincao", "oficio", true, "Art. 10, I"),
        // issue 30: o exemplo diz o município a que o território volta (Art. 10, § 1º)
        ("extincao", "projeto-de-lei", true, "Alto Araguaia"),
        ("criacao_distrito", "parecer", false, "Art. 24, § 1º"),
        ("criacao_distrito", "projeto-de-lei", false, "Art. 24, § 1º"),
        (
            "alteracao_nome",
            "decreto-legislativo",
            false,
            "diretórios municipais",
        ),
        ("alteracao_nome", "oficio", false, "Art. 6º"),
        (
            "alteracao_nome",
            "projeto-de-lei",
            true,
            "passa a denominar-se Município de Ponte Branca do Araguaia",
        ),
    ];
    for (exemplo, documento, produz, trecho) in casos {
        let proposta = format!("{raiz}/{exemplo}.toml");
        let e = divisa_em(
            &dir,
            &[
                "documento",
                documento,
                &proposta,
                "--formato",
                "html",
                "--em",
                "2027-03-10",
            ],
        );
        if *produz {
            assert_eq!(e.codigo, 0, "{exemplo} × {documento}: {}", e.stderr);
            assert!(
                e.stdout.contains(trecho),
                "{exemplo} × {documento}: falta «{trecho}»"
            );
            for palavra in [
                "CONTRACT",
                "data_referencia",
                "(NOME A DEFINIR)",
                "do Município de .",
            ] {
                assert!(
                    !e.stdout.contains(palavra),
                    "{exemplo} × {documento}: «{palavra}»"
                );
            }
        } else {
            assert_eq!(e.codigo, 2, "{exemplo} × {documento} deveria ser recusado");
            assert!(
                e.stderr.contains(trecho),
                "{exemplo} × {documento}: {}",
                e.stderr
            );
        }
    }
    // Extinção a requerimento dos eleitores, com o contíguo indicado: o projeto de lei sai.
    std::fs::write(
        dir.join("extincao_iii.toml"),
        "tipo = \"extincao\"\ndata_referencia = 2027-03-10\n[extincao]\nmunicipio = 5101209\nmotivo = \"requerimento_eleitores\"\nrequerentes = 700\neleitores_inscritos = 1000\nmunicipio_contiguo = 5106703\n",
    )
    .unwrap();
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "projeto-de-lei",
            "extincao_iii.toml",
            "--formato",
            "html",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(e.stdout.contains("Fica extinto o Município de Araguainha"));
    // Art. 10, § 2º: o território passa ao município contíguo que os eleitores indicam
    assert!(
        e.stdout.contains(
            "passa a pertencer ao Município de Ponte Branca, contíguo, indicado pelos eleitores requerentes"
        ),
        "{}",
        e.stdout
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `divisa ARGS` em `dir` com `entrada` na entrada padrão (a senha do certificado).
fn divisa_com_entrada(
    dir: &std::path::Path,
    argumentos: &[&str],
    entrada: &str,
    agora: Option<&str>,
) -> crate::util::Execucao {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut c = Command::new(env!("CARGO_BIN_EXE_divisa"));
    c.args(argumentos)
        .current_dir(dir)
        .env_remove("DIVISA_DB")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(a) = agora {
        c.env("DIVISA_AGORA", a);
    }
    let mut filho = c.spawn().expect("o executável divisa roda");
    filho
        .stdin
        .take()
        .expect("entrada")
        .write_all(entrada.as_bytes())
        .expect("escreve a senha");
    let s = filho.wait_with_output().expect("termina");
    crate::util::Execucao {
        stdout: String::from_utf8(s.stdout).expect("stdout em UTF-8"),
        stderr: String::from_utf8(s.stderr).expect("stderr em UTF-8"),
        codigo: s.status.code().expect("terminou com código"),
    }
}

/// Roda um programa de fora (openssl, pdfsig) e devolve stdout e stderr juntos.
fn de_fora(dir: &std::path::Path, programa: &str, args: &[&str]) -> String {
    let s = std::process::Command::new(programa)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| {
            panic!("{programa} não roda ({e}): instale o openssl e o poppler-utils")
        });
    format!(
        "{}{}",
        String::from_utf8_lossy(&s.stdout),
        String::from_utf8_lossy(&s.stderr)
    )
}

/// Um ofício emitido dos autos de um processo (registrado no banco de `dir`) e um A1 de teste
/// (RSA 2048 autoassinado, válido de hoje a 30 dias) em dois PKCS#12: o de hoje (PBES2/AES) e
/// o legado (3DES e RC2).
fn oficio_e_certificados(dir: &std::path::Path) -> Vec<u8> {
    processo_com_membro(dir);
    let e = divisa_em(
        dir,
        &[
            "documento",
            "oficio",
            "--protocolo",
            P,
            "--orgao",
            "tre",
            "--como",
            "membro:bruno",
            "-o",
            "oficio.pdf",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    de_fora(
        dir,
        "openssl",
        &[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "chave.pem",
            "-out",
            "cert.pem",
            "-days",
            "30",
            "-utf8",
            "-subj",
            "/O=ICP-Brasil (teste)/CN=João Relator da Comissão:12345678900",
        ],
    );
    for (saida, legado) in [("a1.p12", false), ("a1-legado.p12", true)] {
        let mut args = vec![
            "pkcs12",
            "-export",
            "-inkey",
            "chave.pem",
            "-in",
            "cert.pem",
            "-out",
            saida,
            "-passout",
            "pass:senha do A1",
        ];
        if legado {
            args.push("-legacy");
        }
        de_fora(dir, "openssl", &args);
        assert!(dir.join(saida).exists(), "o openssl gravou {saida}");
    }
    std::fs::read(dir.join("oficio.pdf")).expect("PDF gravado")
}

#[test]
fn assinado_vale_no_pdfsig_e_o_documento_continua_conferindo() {
    let dir = diretorio_vazio();
    let original = oficio_e_certificados(&dir);
    let assinar = |entrada: &str, cert: &str, saida: &str| {
        divisa_com_entrada(
            &dir,
            &[
                "documento",
                "assinar",
                entrada,
                "--certificado",
                cert,
                "-o",
                saida,
            ],
            "senha do A1\n",
            None,
        )
    };
    let e = assinar("oficio.pdf", "a1.p12", "assinado.pdf");
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout
            .contains("assinado por João Relator da Comissão:12345678900"),
        "{}",
        e.stdout
    );
    assert!(
        !e.stdout.contains("senha do A1") && !e.stderr.contains("senha do A1"),
        "a senha não aparece"
    );
    let assinado = std::fs::read(dir.join("assinado.pdf")).expect("gravado");
    assert!(
        assinado.starts_with(&original),
        "os bytes do original ficam"
    );
    assert_eq!(
        std::fs::read(dir.join("oficio.pdf")).expect("original"),
        original
    );
    // O validador de fora (poppler): assinatura válida, do titular; a cadeia autoassinada não
    // é confiável, como se espera de um certificado de teste.
    let s = de_fora(&dir, "pdfsig", &["assinado.pdf"]);
    assert!(
        s.contains("Signature Validation: Signature is Valid."),
        "{s}"
    );
    assert!(s.contains("João Relator da Comissão:12345678900"), "{s}");
    assert!(
        s.contains("ETSI.CAdES.detached") && s.contains("SHA-256"),
        "{s}"
    );
    assert!(s.contains("Total document signed"), "{s}");
    // O divisa (issue 16): o documento emitido é a primeira revisão do arquivo assinado, achada
    // no registro; o que vem depois só assina, e a assinatura está intacta.
    let e = divisa_em(&dir, &["documento", "verificar", "assinado.pdf"]);
    assert_eq!(e.codigo, 0, "{}{}", e.stdout, e.stderr);
    assert!(
        e.stdout
            .contains("confere — «Ofício nº ___/2026 – CRT/ALMT»")
            && e.stdout
                .contains("emitido por Bruno Campos (Membro da Comissão de Revisão Territorial)"),
        "{}",
        e.stdout
    );
    assert!(
        e.stdout
            .contains("assinatura 1 (Assinatura1): João Relator da Comissão:12345678900")
            && e.stdout.contains("cobre o arquivo inteiro")
            && e.stdout.contains("o resumo SHA-256 confere")
            && e.stdout
                .contains("a assinatura confere com o certificado embutido"),
        "{}",
        e.stdout
    );
    // Segunda assinatura (o presidente), com o A1 legado (3DES): as duas valem.
    let e = assinar("assinado.pdf", "a1-legado.p12", "duas.pdf");
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let s = de_fora(&dir, "pdfsig", &["duas.pdf"]);
    assert_eq!(s.matches("Signature is Valid.").count(), 2, "{s}");
    let e = divisa_em(&dir, &["documento", "verificar", "duas.pdf"]);
    assert_eq!(e.codigo, 0, "{}{}", e.stdout, e.stderr);
    assert!(
        e.stdout.contains("assinatura 2 (Assinatura2)")
            && e.stdout.contains("cobre a revisão até o byte"),
        "{}",
        e.stdout
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn byte_mudado_depois_de_assinado_e_acusado_pelo_pdfsig_e_pelo_divisa() {
    let dir = diretorio_vazio();
    oficio_e_certificados(&dir);
    let e = divisa_com_entrada(
        &dir,
        &[
            "documento",
            "assinar",
            "oficio.pdf",
            "--certificado",
            "a1.p12",
            "-o",
            "assinado.pdf",
        ],
        "senha do A1\n",
        None,
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let mut a = std::fs::read(dir.join("assinado.pdf")).expect("gravado");
    // um byte do meio do documento assinado (o texto vai em fluxos compactados)
    let i = a.len() / 4;
    a[i] ^= 0x20;
    std::fs::write(dir.join("mexido.pdf"), &a).expect("grava");
    let s = de_fora(&dir, "pdfsig", &["mexido.pdf"]);
    assert!(!s.contains("Signature is Valid."), "{s}");
    assert!(s.contains("Digest Mismatch"), "{s}");
    let e = divisa_em(&dir, &["documento", "verificar", "mexido.pdf"]);
    assert_eq!(e.codigo, 3, "{}{}", e.stdout, e.stderr);
    assert!(
        e.stderr.contains("NÃO CONFERE") && e.stderr.contains("o resumo SHA-256 NÃO CONFERE"),
        "{}",
        e.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn assinar_recusa_senha_errada_certificado_vencido_e_entradas_que_nao_servem() {
    let dir = diretorio_vazio();
    oficio_e_certificados(&dir);
    std::fs::write(dir.join("texto.pdf"), "não sou PDF").expect("grava");
    de_fora(
        &dir,
        "openssl",
        &[
            "pkcs12",
            "-export",
            "-nokeys",
            "-in",
            "cert.pem",
            "-out",
            "sem-chave.p12",
            "-passout",
            "pass:senha do A1",
        ],
    );
    let casos: [(&[&str], &str, Option<&str>, &str); 7] = [
        (
            &["oficio.pdf", "--certificado", "a1.p12", "-o", "s.pdf"],
            "outra senha\n",
            None,
            "a1.p12: a senha não abre o certificado",
        ),
        (
            &[
                "oficio.pdf",
                "--certificado",
                "a1-legado.p12",
                "-o",
                "s.pdf",
            ],
            "outra senha\n",
            None,
            "a1-legado.p12: a senha não abre o certificado",
        ),
        (
            &["oficio.pdf", "--certificado", "a1.p12", "-o", "s.pdf"],
            "senha do A1\n",
            Some("2099-01-01"),
            "venceu em ",
        ),
        (
            &["oficio.pdf", "--certificado", "a1.p12", "-o", "s.pdf"],
            "senha do A1\n",
            Some("2000-01-01"),
            "só vale a partir de ",
        ),
        (
            &[
                "oficio.pdf",
                "--certificado",
                "sem-chave.p12",
                "-o",
                "s.pdf",
            ],
            "senha do A1\n",
            None,
            "não traz a chave privada",
        ),
        (
            &["texto.pdf", "--certificado", "a1.p12", "-o", "s.pdf"],
            "senha do A1\n",
            None,
            "texto.pdf: não é um PDF",
        ),
        (
            &["oficio.pdf", "--certificado", "a1.p12", "-o", "oficio.pdf"],
            "senha do A1\n",
            None,
            "é o próprio arquivo de entrada",
        ),
    ];
    for (args, senha, agora, esperado) in casos {
        let mut todos = vec!["documento", "assinar"];
        todos.extend_from_slice(args);
        let e = divisa_com_entrada(&dir, &todos, senha, agora);
        assert_eq!(e.codigo, 2, "{args:?}: {}", e.stderr);
        assert!(e.stderr.contains(esperado), "{args:?}: {}", e.stderr);
        assert!(!e.stderr.contains("senha do A1") && !e.stderr.contains("outra senha"));
        assert!(!e.stderr.contains("panicked"), "{}", e.stderr);
        assert!(!dir.join("s.pdf").exists(), "nada gravado: {args:?}");
    }
    // As datas do certificado vencido vão em dd/mm/aaaa.
    let e = divisa_com_entrada(
        &dir,
        &[
            "documento",
            "assinar",
            "oficio.pdf",
            "--certificado",
            "a1.p12",
            "-o",
            "s.pdf",
        ],
        "senha do A1\n",
        Some("2099-01-01"),
    );
    let datas = e
        .stderr
        .split(|c: char| !(c.is_ascii_digit() || c == '/'))
        .filter(|p| p.len() == 10 && p.matches('/').count() == 2)
        .count();
    assert!(datas >= 2, "{}", e.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 16: o QR e o rodapé dos documentos levam à página de conferência no endereço público
/// (DIVISA_ENDERECO_PUBLICO, ou `endereco_publico` na configuração do servidor); um endereço
/// que não é http(s) é recusado com o motivo (saída 2), não impresso num documento.
#[test]
fn rodape_leva_a_verificar_no_endereco_publico() {
    let dir = diretorio_vazio();
    let exemplo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../exemplos/criacao.toml")
        .canonicalize()
        .expect("exemplo");
    let rodar = |endereco: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_divisa"))
            .args(["documento", "parecer"])
            .arg(&exemplo)
            .args(["-o", "p.pdf", "--em", "2027-03-10"])
            .current_dir(&dir)
            .env("DIVISA_ENDERECO_PUBLICO", endereco)
            .output()
            .expect("divisa roda")
    };
    let s = rodar("https://divisa.exemplo.gov.br/");
    assert!(s.status.success(), "{}", String::from_utf8_lossy(&s.stderr));
    let texto = de_fora(&dir, "pdftotext", &["-raw", "p.pdf", "-"]);
    assert!(
        texto.contains("https://divisa.exemplo.gov.br/verificar"),
        "{texto}"
    );
    let s = rodar("javascript:alert(1)");
    assert_eq!(s.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&s.stderr).contains("não é um endereço http(s)://"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 30: ninguém emite anonimamente. O PDF dos autos sem `--como` é recusado (saída 2,
/// dizendo como), e também por quem não é da Comissão ou por uma conta que não existe; o HTML,
/// rascunho, sai sem registro.
#[test]
fn issue30_documento_emitido_pela_linha_de_comando_diz_quem_emite_ou_e_recusado() {
    let dir = diretorio_vazio();
    processo_com_membro(&dir);
    let emitir = |como: Option<&str>| {
        let mut args = vec![
            "documento",
            "parecer-preliminar",
            "--protocolo",
            P,
            "-o",
            "p.pdf",
        ];
        if let Some(c) = como {
            args.extend(["--como", c]);
        }
        divisa_em(&dir, &args)
    };
    let e = emitir(None);
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(e.stderr.contains("--como PAPEL:LOGIN"), "{}", e.stderr);
    let e = emitir(Some("deputado:dep.joao"));
    assert_ne!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stderr.contains("não emite os documentos da Comissão"),
        "{}",
        e.stderr
    );
    let e = emitir(Some("membro:ninguem"));
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(e.stderr.contains("não está cadastrada"), "{}", e.stderr);
    assert!(!dir.join("p.pdf").exists(), "nada foi gravado");
    let e = emitir(Some("membro:bruno"));
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(e.stderr.contains("Bruno Campos"), "{}", e.stderr);
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "parecer-preliminar",
            "--protocolo",
            P,
            "--formato",
            "html",
            "-o",
            "p.html",
        ],
    );
    assert_eq!(e.codigo, 0, "o rascunho sai sem --como: {}", e.stderr);
}

/// Issue 31 (Art. 21): a linha de comando assina um documento emitido dos autos pelo mesmo caso
/// de uso da página — `--protocolo` e `--como` registram a versão assinada no processo. Quem não
/// assina documentos da Comissão é recusado pela matriz de papéis (saída 3); um arquivo que não é
/// emitido do processo também (saída 3); sem `--como`, a pergunta (saída 2). A segunda
/// assinatura parte da última versão registrada, não do arquivo dado.
#[test]
fn art21_assinar_pela_linha_de_comando_registra_a_versao_assinada_nos_autos() {
    let dir = diretorio_vazio();
    let original = oficio_e_certificados(&dir);
    let assinar = |entrada: &str, saida: &str, como: Option<&str>| {
        let mut args = vec![
            "documento",
            "assinar",
            entrada,
            "--certificado",
            "a1.p12",
            "-o",
            saida,
            "--protocolo",
            P,
        ];
        if let Some(c) = como {
            args.extend(["--como", c]);
        }
        divisa_com_entrada(&dir, &args, "senha do A1\n", None)
    };
    let e = assinar("oficio.pdf", "x.pdf", None);
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(e.stderr.contains("--como"), "{}", e.stderr);
    let e = assinar("oficio.pdf", "x.pdf", Some("publico:ninguem"));
    assert_eq!(e.codigo, 3, "{}{}", e.stdout, e.stderr);
    assert!(e.stderr.contains("Art. 21"), "{}", e.stderr);
    assert!(!dir.join("x.pdf").exists(), "nada gravado quando recusado");
    let e = assinar("oficio.pdf", "assinado.pdf", Some("membro:bruno"));
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout
            .contains(&format!("registrado nos autos do processo {P}"))
            && e.stdout.contains("versão assinada nº"),
        "{}",
        e.stdout
    );
    let assinado = std::fs::read(dir.join("assinado.pdf")).expect("gravado");
    assert!(assinado.starts_with(&original));
    // a segunda, pelo mesmo ofício como foi emitido: assina a última versão registrada
    let e = assinar("oficio.pdf", "duas.pdf", Some("membro:bruno"));
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let duas = std::fs::read(dir.join("duas.pdf")).expect("gravado");
    assert!(
        duas.starts_with(&assinado),
        "parte da versão assinada registrada"
    );
    let s = de_fora(&dir, "pdfsig", &["duas.pdf"]);
    assert_eq!(s.matches("Signature is Valid.").count(), 2, "{s}");
    // uma minuta (não emitida) não se assina nos autos
    let exemplo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../exemplos/criacao.toml")
        .canonicalize()
        .expect("exemplo");
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "parecer",
            exemplo.to_str().expect("caminho"),
            "-o",
            "minuta.pdf",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let e = assinar("minuta.pdf", "y.pdf", Some("membro:bruno"));
    assert_eq!(e.codigo, 3, "{}{}", e.stdout, e.stderr);
    assert!(
        e.stderr.contains("não é um documento emitido do processo"),
        "{}",
        e.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}
