//! `divisa documento` (CONTRACT §1): gerar e verificar.

use crate::util::{diretorio_vazio, divisa_em};

#[test]
fn documento_gerado_confere_e_adulterado_nao_confere() {
    let dir = diretorio_vazio();
    let proposta =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../exemplos/criacao.toml");
    let proposta = proposta.to_str().expect("caminho");
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "parecer",
            proposta,
            "-o",
            "parecer.pdf",
            "--protocolo",
            "00001.000001/2026-91",
            "--em",
            "2027-03-10",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(e.stderr.contains("código de verificação"), "{}", e.stderr);
    let pdf = std::fs::read(dir.join("parecer.pdf")).expect("PDF gravado");
    assert!(pdf.starts_with(b"%PDF-"));
    let e = divisa_em(&dir, &["documento", "verificar", "parecer.pdf"]);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout.contains("confere") && e.stdout.contains("PARECER DE MÉRITO"),
        "{}",
        e.stdout
    );
    // adulterado: saída 3
    let mut a = pdf.clone();
    let i = a
        .windows(5)
        .position(|w| w == b"5.200")
        .expect("número no PDF");
    a[i] = b'9';
    std::fs::write(dir.join("adulterado.pdf"), a).expect("gravar");
    let e = divisa_em(&dir, &["documento", "verificar", "adulterado.pdf"]);
    assert_eq!(e.codigo, 3);
    assert!(e.stderr.contains("NÃO CONFERE"), "{}", e.stderr);
    // HTML com o mesmo código; tipo errado: saída 2
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
    // ODT, a versão editável: um pacote OpenDocument (zip com o mimetype na frente)
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
        &["documento", "parecer-resultado", "--protocolo", &protocolo],
    );
    assert_eq!(e.codigo, 2);
    assert!(
        e.stderr
            .contains("ainda não registrou o resultado do plebiscito"),
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
        ("criacao", "oficio", true, "Art. 2º, §§ 2º e 3º"),
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
        ("extincao", "projeto-de-lei", false, "Art. 10, § 1º"),
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
    assert!(e.stdout.contains("Município contíguo indicado pelos eleitores requerentes, nos termos do Art. 10, § 2º, da Lei Complementar nº 23, de 19 de novembro de 1992: o Município de Ponte Branca"));
    std::fs::remove_dir_all(&dir).ok();
}
