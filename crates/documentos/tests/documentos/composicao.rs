//! Issue 16, composição: para cada proposta de exemplo × cada documento que a lei manda produzir
//! para ela (`cabimento`), o PDF sai com todas as fontes embutidas e recortadas (pdffonts), a
//! identificação PDF/A-3u e a língua pt-BR nos metadados, marcado (pdfinfo: «Tagged: yes») e
//! com o código de verificação legível no próprio arquivo; o que a lei não manda produzir é
//! recusado com o artigo.

use std::path::{Path, PathBuf};
use std::process::Command;

use divisa_documentos::{Caso, TipoDeDocumento};
use jiff::civil::{date, Date};

const DATA: Date = date(2027, 3, 10);

fn raiz() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn poppler(programa: &str, arquivo: &Path, args: &[&str]) -> String {
    let saida = Command::new(programa)
        .args(args)
        .arg(arquivo)
        .output()
        .unwrap_or_else(|e| panic!("{programa} (apt-get install poppler-utils): {e}"));
    assert!(
        saida.status.success(),
        "{programa} falhou em {}: {}",
        arquivo.display(),
        String::from_utf8_lossy(&saida.stderr)
    );
    String::from_utf8_lossy(&saida.stdout).into_owned()
}

#[test]
fn todo_par_tipo_documento_sai_em_pdf_a_3u_marcado_com_fontes_embutidas() {
    let dir = raiz().join("target/documentos/composicao");
    std::fs::create_dir_all(&dir).expect("diretório");
    let mut compostos = 0;
    let mut recusados = 0;
    // issue 30: todo exemplo que o projeto distribui (cada .toml de exemplos/, lido do diretório,
    // não de uma lista que esquece um) avalia e emite todo documento que o seu tipo admite
    let mut exemplos: Vec<String> = std::fs::read_dir(raiz().join("exemplos"))
        .expect("exemplos/")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".toml").map(str::to_owned))
        .collect();
    exemplos.sort();
    assert!(exemplos.len() >= 8, "{exemplos:?}");
    for exemplo in &exemplos {
        let caminho = raiz().join(format!("exemplos/{exemplo}.toml"));
        let texto = std::fs::read_to_string(&caminho).expect("proposta");
        let p = divisa_avaliacao::ler(
            &caminho.display().to_string(),
            &texto,
            divisa_avaliacao::Arquivos::Diretorio(caminho.parent().expect("dir")),
            None,
        )
        .expect("proposta válida");
        let a = divisa_lei::avaliar(&p.fatos, DATA).expect("avaliação");
        let caso = Caso {
            proposta: &p,
            avaliacao: &a,
            protocolo: Some("00001.000001/2026-91"),
            data: DATA,
            autos: None,
            fiscal: None,
        };
        for tipo in TipoDeDocumento::TODOS {
            if let Err(motivo) = divisa_documentos::cabimento(tipo, &p.fatos) {
                // recusado pela lei: o motivo cita o artigo
                assert!(
                    matches!(&motivo, divisa_documentos::ErroDocumento::NaoCabe(m) if m.contains("Art.")),
                    "{exemplo} × {}: recusa sem o artigo: {motivo}",
                    tipo.codigo()
                );
                recusados += 1;
                continue;
            }
            let doc = match tipo {
                TipoDeDocumento::Oficio => Ok(divisa_documentos::oficios(
                    &caso,
                    divisa_documentos::orgaos_do_oficio(&p.fatos),
                )),
                TipoDeDocumento::Parecer => Ok(divisa_documentos::parecer_de_merito(&caso)),
                TipoDeDocumento::DecretoLegislativo => {
                    divisa_documentos::decreto_legislativo(&caso)
                }
                TipoDeDocumento::ProjetoDeLei => divisa_documentos::projeto_de_lei(&caso),
                _ => divisa_documentos::relatorio_tecnico(&caso),
            };
            // o tipo admite o documento: o exemplo tem de trazer todo fato que a lei exige no
            // texto (a extinção, o município a que o território volta, Art. 10, § 1º)
            // o plebiscito registrado que não aprovou (500 SIM de 1.000 inscritos, no exemplo da
            // incorporação) não dá projeto de lei: o processo é arquivado (Art. 11, § 2º; Art. 20,
            // § 1º) — a recusa é a resposta certa, e cita os dois artigos
            if tipo == TipoDeDocumento::ProjetoDeLei {
                if let Err(divisa_documentos::ErroDocumento::NaoCabe(motivo)) = &doc {
                    if motivo.contains("Art. 11, § 2º") && motivo.contains("Art. 20, § 1º") {
                        recusados += 1;
                        continue;
                    }
                }
            }
            let doc = doc.unwrap_or_else(|motivo| {
                panic!(
                    "{exemplo} × {}: o tipo admite o documento, mas o exemplo não o emite: {motivo}",
                    tipo.codigo()
                )
            });
            let pdf = divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
                .unwrap_or_else(|e| panic!("{exemplo} × {}: {e}", tipo.codigo()));
            let arquivo = dir.join(format!("{exemplo}-{}.pdf", tipo.codigo()));
            std::fs::write(&arquivo, &pdf).expect("gravar");
            let par = format!("{exemplo} × {}", tipo.codigo());
            assert_eq!(
                divisa_documentos::codigo_do_pdf(&pdf),
                Some(doc.codigo()),
                "{par}"
            );
            let fontes = poppler("pdffonts", &arquivo, &[]);
            let linhas: Vec<&str> = fontes.lines().skip(2).collect();
            assert!(!linhas.is_empty(), "{par}: nenhuma fonte");
            for l in linhas {
                let c: Vec<&str> = l.split_whitespace().collect();
                assert!(
                    c.len() >= 5 && c[c.len() - 5] == "yes" && c[c.len() - 4] == "yes",
                    "{par}: fonte não embutida ou não recortada: {l}"
                );
            }
            let meta = poppler("pdfinfo", &arquivo, &["-meta"]);
            assert!(
                meta.contains("<pdfaid:part>3</pdfaid:part>")
                    && meta.contains("<pdfaid:conformance>U</pdfaid:conformance>"),
                "{par}: sem a identificação PDF/A-3u"
            );
            assert!(meta.contains("<rdf:li>pt-BR</rdf:li>"), "{par}: sem pt-BR");
            let info = poppler("pdfinfo", &arquivo, &[]);
            assert!(
                info.lines()
                    .any(|l| l.starts_with("Tagged:") && l.trim_end().ends_with("yes")),
                "{par}: não marcado"
            );
            // nada de desenvolvedor no que se lê (issue 16): nem o formato do arquivo, nem
            // nomes de campo, nem linha de comando, nem plurais com parênteses
            let texto = texto_do_pdf(&arquivo);
            for palavra in [
                "CONTRACT",
                "TOML",
                "[referencia",
                "nome_homenageia",
                "media_va",
                "--protocolo",
                "divisa documento",
                "divisa memorial",
                ".geojson",
                ".gpkg",
                "(s)",
                "(ões)",
            ] {
                assert!(!texto.contains(palavra), "{par}: «{palavra}» no documento");
            }
            assert!(
                texto.contains("Lei Complementar nº 23") || texto.contains("LC nº 23"),
                "{par}: sem a lei"
            );
            compostos += 1;
        }
    }
    // a tabela da lei produz documentos e recusa outros: os dois lados foram exercitados
    assert!(compostos >= 15, "só {compostos} documentos compostos");
    assert!(recusados >= 10, "só {recusados} recusas");
}

/// A proposta de exemplo lida e avaliada na data dos testes.
fn avaliada(exemplo: &str) -> (divisa_avaliacao::Proposta, divisa_lei::Avaliacao) {
    let caminho = raiz().join(format!("exemplos/{exemplo}.toml"));
    let texto = std::fs::read_to_string(&caminho).expect("proposta");
    let p = divisa_avaliacao::ler(
        &caminho.display().to_string(),
        &texto,
        divisa_avaliacao::Arquivos::Diretorio(caminho.parent().expect("dir")),
        None,
    )
    .expect("proposta válida");
    let a = divisa_lei::avaliar(&p.fatos, DATA).expect("avaliação");
    (p, a)
}

/// O texto de um PDF com os espaços juntos (uma frase pode quebrar de linha) e as palavras
/// hifenizadas no fim da linha reatadas (o Typst hifeniza com o hífen condicional, U+00AD).
fn texto_do_pdf(arquivo: &Path) -> String {
    let saida = Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(arquivo)
        .arg("-")
        .output()
        .unwrap_or_else(|e| panic!("pdftotext (apt-get install poppler-utils): {e}"));
    assert!(
        saida.status.success(),
        "pdftotext falhou em {}",
        arquivo.display()
    );
    String::from_utf8_lossy(&saida.stdout)
        .replace(['\u{a0}', '\u{2009}', '\u{202f}'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("\u{ad} ", "")
}

/// Issue 16: o ODT, a versão editável, abre no LibreOffice (`soffice --headless --convert-to
/// pdf`, como o servidor da Casa o abriria) e guarda o texto — o título, os artigos — e o mapa
/// com o norte, a escala e a legenda de cada papel. Um ODT que o LibreOffice não abre não sai em
/// PDF; um mapa perdido na conversão não tem texto na página.
#[test]
fn odt_abre_no_libreoffice_com_o_texto_e_o_mapa() {
    let dir = raiz().join("target/documentos/odt");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("pdf")).expect("diretório");
    let mut gerados = Vec::new();
    for (exemplo, tipo) in [
        ("criacao", TipoDeDocumento::ProjetoDeLei),
        ("criacao", TipoDeDocumento::Parecer),
        ("desmembramento", TipoDeDocumento::RelatorioTecnico),
        ("incorporacao", TipoDeDocumento::DecretoLegislativo),
        ("fusao", TipoDeDocumento::DecretoLegislativo),
    ] {
        let (p, a) = avaliada(exemplo);
        let caso = Caso {
            proposta: &p,
            avaliacao: &a,
            protocolo: Some("00001.000001/2026-91"),
            data: DATA,
            autos: None,
            fiscal: None,
        };
        let doc = match tipo {
            TipoDeDocumento::Parecer => Ok(divisa_documentos::parecer_de_merito(&caso)),
            TipoDeDocumento::DecretoLegislativo => divisa_documentos::decreto_legislativo(&caso),
            TipoDeDocumento::ProjetoDeLei => divisa_documentos::projeto_de_lei(&caso),
            _ => divisa_documentos::relatorio_tecnico(&caso),
        }
        .unwrap_or_else(|e| panic!("{exemplo} × {}: {e}", tipo.codigo()));
        let nome = format!("{exemplo}-{}", tipo.codigo());
        std::fs::write(
            dir.join(format!("{nome}.odt")),
            divisa_documentos::odt(&doc),
        )
        .expect("gravar");
        gerados.push((nome, doc));
    }
    // uma invocação para todos (o LibreOffice leva segundos para subir), com um perfil próprio
    let perfil = format!("file://{}", dir.join("perfil").display());
    let saida = Command::new("soffice")
        .arg(format!("-env:UserInstallation={perfil}"))
        .args(["--headless", "--convert-to", "pdf", "--outdir"])
        .arg(dir.join("pdf"))
        .args(gerados.iter().map(|(n, _)| dir.join(format!("{n}.odt"))))
        .output()
        .unwrap_or_else(|e| {
            panic!("soffice (apt-get install libreoffice-writer-nogui; scripts/preparar-testes.sh o instala): {e}")
        });
    assert!(
        saida.status.success(),
        "soffice falhou: {}",
        String::from_utf8_lossy(&saida.stderr)
    );
    let mut mapas = 0;
    for (nome, doc) in &gerados {
        let pdf = dir.join(format!("pdf/{nome}.pdf"));
        assert!(pdf.exists(), "{nome}: o LibreOffice não abriu o ODT");
        let texto = texto_do_pdf(&pdf);
        let titulo = doc.titulo.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            texto.contains(&titulo),
            "{nome}: sem o título «{titulo}»: {texto}"
        );
        assert!(
            texto.contains("Art. ") && texto.contains("LC nº 23/1992"),
            "{nome}: sem os dispositivos: {texto}"
        );
        for b in &doc.blocos {
            let divisa_documentos::Bloco::Mapa { camadas, .. } = b else {
                continue;
            };
            mapas += 1;
            // o norte, a escala e a legenda: o mapa veio inteiro, não só a moldura
            assert!(
                texto.contains(" km") || texto.contains(" m "),
                "{nome}: sem a escala"
            );
            // a legenda traz o papel de cada camada desenhada (a que não tem polígono — a sede
            // proposta sem o arquivo do território — entra só como sede)
            for c in camadas.iter().filter(|c| !c.poligonos.is_empty()) {
                let papel = divisa_documentos::PapelNoMapa::de_codigo(&c.papel)
                    .unwrap_or(divisa_documentos::PapelNoMapa::Vizinho);
                assert!(
                    texto.contains(papel.legenda()),
                    "{nome}: sem «{}» na legenda do mapa: {texto}",
                    papel.legenda()
                );
            }
        }
    }
    assert!(mapas >= 3, "só {mapas} mapas conferidos");
}
