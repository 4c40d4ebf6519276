//! Os autos como o único registro: um processo criado de uma proposta, conduzido até as
//! certidões com números diferentes dos da representação, avaliado e documentado pelo que
//! está gravado (`processo avaliar`, `documento TIPO --protocolo`).

use std::io::Write;
use std::process::{Command, Stdio};

use crate::util::{
    diretorio_vazio, divisa_em, escrever_documentos, Execucao, DECLARADOS_NA_CRIACAO,
};

const P: &str = "00001.000001/2026-91";

fn exemplo(nome: &str) -> String {
    format!("{}/../../exemplos/{nome}", env!("CARGO_MANIFEST_DIR"))
}

/// Um ato pela linha de comando. A juntada de um documento do Art. 15 leva o arquivo dele
/// (escrito por `escrever_documentos`), como a lei pede (declarar não é juntar).
fn ato(dir: &std::path::Path, dia: &str, como: &str, ato: &[&str]) -> Execucao {
    let mut args = vec!["processo", "avancar", P];
    args.extend_from_slice(ato);
    let arquivo = ato
        .iter()
        .find_map(|a| a.strip_prefix("art15="))
        .filter(|_| !ato.contains(&"--anexo"))
        .map(|d| format!("{d}.txt"));
    if let Some(a) = &arquivo {
        args.extend_from_slice(&["--anexo", a]);
    }
    args.extend_from_slice(&["--como", como, "--data", dia]);
    let e = divisa_em(dir, &args);
    assert_eq!(e.codigo, 0, "{ato:?}: {}", e.stderr);
    e
}

/// Cria a conta `login` (a senha vem da entrada padrão).
fn conta(dir: &std::path::Path, login: &str, nome: &str, papel: &str) {
    let mut filho = Command::new(env!("CARGO_BIN_EXE_divisa"))
        .args(["usuario", "criar", login, "--nome", nome, "--papel", papel])
        .current_dir(dir)
        .env_remove("DIVISA_DB")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("o executável roda");
    filho
        .stdin
        .take()
        .unwrap()
        .write_all(b"uma senha longa o bastante\n")
        .unwrap();
    let saida = filho.wait_with_output().unwrap();
    assert!(
        saida.status.success(),
        "{}",
        String::from_utf8_lossy(&saida.stderr)
    );
}

/// Uma criação protocolada da proposta de exemplo e levada até a certidão da Cartografia, que
/// certifica 3.900 habitantes (a representação declara 5.200).
fn autos_com_certidao() -> std::path::PathBuf {
    let dir = diretorio_vazio();
    escrever_documentos(&dir);
    conta(&dir, "ana", "Ana Maria Souza", "presidente");
    conta(&dir, "bruno", "Bruno Campos", "membro");
    let e = divisa_em(
        &dir,
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
            ],
            DECLARADOS_NA_CRIACAO,
        ]
        .concat(),
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    // Art. 14: tudo sai da proposta — o nome, a origem e as 11 assinaturas da lista dela.
    assert!(e.stdout.contains("\"Espigão do Leste\""), "{}", e.stdout);
    assert!(
        e.stdout
            .contains("Municípios de origem: São Félix do Araguaia"),
        "{}",
        e.stdout
    );
    assert!(
        e.stdout.contains("Assinaturas de eleitores: 11"),
        "{}",
        e.stdout
    );
    ato(
        &dir,
        "2026-11-03",
        "presidente:ana",
        &["divulgar", "publicacao=DOALMT nº 1.234"],
    );
    ato(
        &dir,
        "2026-11-04",
        "servidor:carla",
        &[
            "juntar_documento",
            "art15=fotografias",
            "descricao=Fotografias do centro urbano",
        ],
    );
    ato(
        &dir,
        "2026-11-05",
        "presidente:ana",
        &[
            "registrar_visita",
            "local=Espigão do Leste",
            "relatorio=Visita à sede",
        ],
    );
    ato(
        &dir,
        "2026-11-06",
        "presidente:ana",
        &[
            "parecer_preliminar",
            "solicitar_certidoes=true",
            r#"votos={"sim":3,"nao":0}"#,
        ],
    );
    ato(
        &dir,
        "2026-11-06",
        "presidente:ana",
        &["enviar_oficio", "orgao=cartografia", "numero=OF-10/2026"],
    );
    ato(
        &dir,
        "2026-11-09",
        "servidor:carla",
        &["confirmar_recebimento", "orgao=cartografia"],
    );
    ato(
        &dir,
        "2026-11-20",
        "cartografia:intermat",
        &[
            "emitir_certidao",
            "orgao=cartografia",
            "numero=C-7/2026",
            r#"dados={"populacao":3900,"casas_centro_urbano":250}"#,
            "signatario=Rosa Campos, Diretora de Cartografia",
        ],
    );
    dir
}

fn achado<'a>(relatorio: &'a serde_json::Value, dispositivo: &str) -> &'a serde_json::Value {
    relatorio["achados"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["dispositivo"] == dispositivo)
        .unwrap_or_else(|| panic!("sem achado {dispositivo}"))
}

#[test]
fn art2_par2_a_certidao_decide_o_inciso_e_o_numero_da_representacao_so_da_previa() {
    let dir = autos_com_certidao();
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "avaliar",
            P,
            "--formato",
            "json",
            "--em",
            "2026-11-20",
        ],
    );
    // Art. 2º, I: "não inferior a 4.000" — 3.900 certificados não atendem.
    assert_eq!(e.codigo, 3, "{}{}", e.stdout, e.stderr);
    let r: serde_json::Value = serde_json::from_str(&e.stdout).unwrap();
    assert_eq!(
        r["texto_em"], "2026-11-20",
        "o texto em vigor no dia pedido, não no da proposta"
    );
    let i = achado(&r, "art2_cpt_inc1");
    assert_eq!(i["situacao"], "nao_atende", "{i}");
    let apurado = i["apurado"].as_str().unwrap();
    assert!(
        apurado.contains("3.900") && apurado.contains("certidão nº C-7/2026"),
        "o número e a certidão de onde veio: {apurado}"
    );
    // Art. 2º, II: os eleitores ainda não têm certidão do TRE — prévia, pendente.
    let ii = achado(&r, "art2_cpt_inc2");
    assert_eq!(ii["situacao"], "pendente", "{ii}");
    assert!(
        ii["mensagem"].as_str().unwrap().starts_with("Prévia"),
        "{ii}"
    );
    assert!(
        ii["apurado"].as_str().unwrap().contains("sem certidão"),
        "{ii}"
    );
    // Art. 15, V: as fotografias juntadas depois do protocolo contam (a proposta não as
    // declarava).
    assert_eq!(achado(&r, "art15_cpt_inc5")["situacao"], "atende");

    // O texto diz de onde vêm os fatos.
    let t = divisa_em(&dir, &["processo", "avaliar", P, "--em", "2026-11-20"]);
    assert!(
        t.stdout.contains("População: certidão nº C-7/2026"),
        "{}",
        t.stdout
    );

    // O parecer de mérito se escreve de posse das certidões (Art. 18; issue 33): antes das do
    // TRE e da Fazenda, é recusado, dizendo a partir de quando.
    let cedo = divisa_em(
        &dir,
        &[
            "documento",
            "parecer",
            "--protocolo",
            P,
            "--formato",
            "html",
            "--em",
            "2026-11-20",
            "-o",
            "cedo.html",
        ],
    );
    assert_eq!(cedo.codigo, 2, "{}", cedo.stderr);
    assert!(
        cedo.stderr.contains("«de posse das certidões» (Art. 18)"),
        "{}",
        cedo.stderr
    );
    let certidoes = [
        (
            "tre",
            "tre:tre-mt",
            "OF-11/2026",
            "T-5/2026",
            r#"dados={"eleitores":1300}"#,
            "signatario=Lia Prado, Secretária Judiciária",
        ),
        (
            "fazenda",
            "fazenda:sefaz",
            "OF-12/2026",
            "F-3/2026",
            r#"dados={"valor_adicionado":45000000}"#,
            "signatario=Paulo Reis, Secretário Adjunto da Receita Pública",
        ),
    ];
    for (orgao, _, numero, ..) in certidoes {
        ato(
            &dir,
            "2026-11-20",
            "presidente:ana",
            &[
                "enviar_oficio",
                &format!("orgao={orgao}"),
                &format!("numero={numero}"),
            ],
        );
    }
    for (orgao, ..) in certidoes {
        ato(
            &dir,
            "2026-11-21",
            "servidor:carla",
            &["confirmar_recebimento", &format!("orgao={orgao}")],
        );
    }
    for (orgao, login, _, certidao, dados, signatario) in certidoes {
        ato(
            &dir,
            "2026-11-24",
            login,
            &[
                "emitir_certidao",
                &format!("orgao={orgao}"),
                &format!("numero={certidao}"),
                dados,
                signatario,
            ],
        );
    }

    // O parecer de mérito, escrito dos autos, traz o mesmo número.
    let html = dir.join("parecer.html");
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "parecer",
            "--protocolo",
            P,
            "--formato",
            "html",
            "--em",
            "2026-11-25",
            "-o",
            html.to_str().unwrap(),
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let parecer = std::fs::read_to_string(&html).unwrap();
    assert!(
        parecer.contains("3.900 habitantes") && parecer.contains("C-7/2026"),
        "o parecer mostra o número certificado"
    );
    // issue 32: o relatório diz com o que os autos estão instruídos — as certidões dos três
    // órgãos estão nos autos, a apuração da Comissão não
    let relatorio: String = parecer.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        relatorio.contains("instruída com os documentos do Art. 15; com as certidões do Art. 2º, § 2º; a apuração da Comissão após a verificação in loco (Art. 2º, V) ainda não consta."),
        "{relatorio}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Os documentos escritos dos autos, lidos de volta do PDF (a versão autêntica) com o
/// pdftotext, com as linhas juntas (um fato pode quebrar de linha no PDF).
#[test]
fn documentos_dos_autos_tem_os_numeros_dos_oficios_as_datas_os_nomes_e_os_votos() {
    let dir = autos_com_certidao();
    // `oficio:ORGAO`: o ofício a um órgão (cada órgão recebe o seu, com o seu código)
    let saida = |tipo: &str| {
        let arquivo = dir.join(format!("{}.pdf", tipo.replace(':', "-")));
        let (tipo, orgao) = tipo.split_once(':').unwrap_or((tipo, ""));
        let mut args = vec![
            "documento",
            tipo,
            "--protocolo",
            P,
            "--em",
            "2026-11-20",
            "--como",
            "membro:bruno",
            "-o",
            arquivo.to_str().unwrap(),
        ];
        if !orgao.is_empty() {
            args.extend(["--orgao", orgao]);
        }
        let e = divisa_em(&dir, &args);
        assert_eq!(e.codigo, 0, "{tipo}: {}", e.stderr);
        let texto = rodar("pdftotext", &[arquivo.to_str().unwrap(), "-"]);
        String::from_utf8_lossy(&texto.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Art. 2º, § 3º: o ofício traz o número gravado e o prazo contado do recebimento gravado
    // (09/11/2026 + 30 dias = 09/12/2026).
    let oficio = saida("oficio:cartografia");
    assert!(
        oficio.contains("Ofício nº OF-10/2026 – CRT"),
        "número do ofício"
    );
    assert!(
        oficio.contains("Recebido em 09/11/2026") && oficio.contains("vence em 09/12/2026"),
        "recebimento e vencimento dos autos"
    );
    assert!(
        !oficio.contains("Nº ___"),
        "sem linha em branco no lugar do número"
    );
    assert!(
        oficio.contains("Ana Maria Souza, Presidente da Comissão de Revisão Territorial"),
        "assinado por quem enviou, por nome e cargo"
    );
    assert!(!oficio.contains("Recebido hoje"));
    assert!(
        !oficio.contains("Tribunal Regional Eleitoral"),
        "um ofício por órgão: o da cartografia não traz o do TRE"
    );
    // O TRE foi oficiado? Não: a minuta do ofício a ele diz que o número vem no envio.
    let ao_tre = saida("oficio:tre");
    // antes do envio, o número em branco, como nas minutas da Casa (issue 33)
    assert!(ao_tre.contains("Ofício nº ___/2026 – CRT"), "{ao_tre}");
    assert!(!ao_tre.contains("OF-10/2026"));
    // Sem dizer o órgão, não sai um caderno com os ofícios de todos: cada um tem o seu código.
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "oficio",
            "--protocolo",
            P,
            "--como",
            "membro:bruno",
            "-o",
            "todos.pdf",
        ],
    );
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(
        e.stderr.contains("cada órgão recebe o seu ofício"),
        "{}",
        e.stderr
    );

    // Art. 17: o parecer preliminar tem a data do ato, o nome e o cargo de quem visitou, e o
    // placar sem "0 abstenção(ões)".
    let preliminar = saida("parecer-preliminar");
    assert!(
        preliminar.contains(
            "representada por Ana Maria Souza, Presidente da Comissão de Revisão Territorial"
        ),
        "pessoas por nome e cargo"
    );
    assert!(
        !preliminar.contains("representada por ana"),
        "nunca o login"
    );
    assert!(preliminar.contains("por 3 votos a 0, parecer"), "placar");
    assert!(
        !preliminar.contains("abstenç"),
        "sem abstenções, nada a dizer"
    );
    assert!(
        preliminar.contains("6 de novembro de 2026"),
        "datado do dia do parecer, não do dia em que foi baixado"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn anexar_proposta_depois_do_protocolo_e_so_do_mesmo_tipo() {
    let dir = diretorio_vazio();
    escrever_documentos(&dir);
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "criar",
            "--tipo",
            "criacao",
            "--nome",
            "Espigão do Leste",
            "--origem",
            "São Félix do Araguaia",
            "--representante",
            "Maria da Silva",
            "--assinaturas",
            "11",
            "--como",
            "representante:maria",
            "--data",
            "2026-11-02",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    // Sem proposta, a avaliação diz o que falta (exit 2), não inventa.
    let e = divisa_em(&dir, &["processo", "avaliar", P]);
    assert_eq!(e.codigo, 2, "{}", e.stdout);
    assert!(
        e.stderr.contains("ainda não tem a proposta juntada"),
        "{}",
        e.stderr
    );
    // Uma proposta de outro tipo é recusada, dizendo o campo.
    let outra = format!("proposta=@{}", exemplo("fusao.toml"));
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "avancar",
            P,
            "anexar_proposta",
            &outra,
            "--como",
            "servidor:carla",
            "--data",
            "2026-11-03",
        ],
    );
    // a lei recusa (Art. 15), como na página: saída 3, com o campo
    assert_eq!(e.codigo, 3, "{}", e.stderr);
    assert!(e.stderr.contains("campo tipo"), "{}", e.stderr);
    // A do mesmo tipo entra nos autos e a lei passa a avaliar.
    let certa = format!("proposta=@{}", exemplo("criacao.toml"));
    ato(
        &dir,
        "2026-11-03",
        "servidor:carla",
        &["anexar_proposta", &certa],
    );
    let e = divisa_em(&dir, &["processo", "avaliar", P, "--formato", "json"]);
    assert!(matches!(e.codigo, 3 | 4), "{}", e.stderr);
    let r: serde_json::Value = serde_json::from_str(&e.stdout).unwrap();
    assert_eq!(achado(&r, "art2_cpt_inc1")["situacao"], "pendente");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn processo_criar_com_proposta_nao_aceita_campos_digitados_que_a_contradigam() {
    let dir = diretorio_vazio();
    escrever_documentos(&dir);
    let e = divisa_em(
        &dir,
        &[
            &[
                "processo",
                "criar",
                "--proposta",
                &exemplo("criacao.toml"),
                "--assinaturas",
                "10",
                "--representante",
                "Maria",
                "--como",
                "representante:maria",
            ],
            DECLARADOS_NA_CRIACAO,
        ]
        .concat(),
    );
    assert_eq!(e.codigo, 2, "{}", e.stdout);
    assert!(!dir.join("divisa.sqlite3").exists(), "nada gravado");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn art15_ato_com_dois_arquivos_e_arquivo_falso_recusado_sem_gravar_nada() {
    let dir = diretorio_vazio();
    escrever_documentos(&dir);
    let e = divisa_em(
        &dir,
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
            ],
            DECLARADOS_NA_CRIACAO,
        ]
        .concat(),
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let pdf = dir.join("fotografias.pdf");
    std::fs::write(
        &pdf,
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n",
    )
    .unwrap();
    let png = dir.join("praca.png");
    std::fs::write(
        &png,
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0",
    )
    .unwrap();
    // um .pdf que é uma imagem: recusado (exit 2), dizendo o que o conteúdo parece ser
    let falso = dir.join("certidao.pdf");
    std::fs::copy(&png, &falso).unwrap();
    let juntar = |arquivos: &[&std::path::Path]| {
        let mut args: Vec<String> = [
            "processo",
            "avancar",
            P,
            "juntar_documento",
            "art15=fotografias",
            "descricao=Fotografias do centro urbano",
            "--como",
            "servidor:carla",
            "--data",
            "2026-11-03",
        ]
        .map(String::from)
        .to_vec();
        for a in arquivos {
            args.push("--anexo".into());
            args.push(a.display().to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        divisa_em(&dir, &args)
    };
    let e = juntar(&[&pdf, &falso]);
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(
        e.stderr.contains("imagem PNG") && e.stderr.contains("Nada foi gravado"),
        "{}",
        e.stderr
    );
    let m = divisa_em(
        &dir,
        &[
            "processo",
            "mostrar",
            P,
            "--formato",
            "json",
            "--como",
            "presidente:ana",
        ],
    );
    assert!(
        m.stdout.contains("\"versao\": 1"),
        "nenhum ato gravado: {}",
        m.stdout
    );
    // os dois verdadeiros entram, com o SHA-256 na cadeia
    let e = juntar(&[&pdf, &png]);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let a = divisa_em(&dir, &["auditoria", "verificar", P]);
    assert_eq!(a.codigo, 0, "{}{}", a.stdout, a.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

fn rodar(programa: &str, args: &[&str]) -> std::process::Output {
    Command::new(programa)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{programa}: {e} (instale-o: o .ci/run instala)"))
}

/// O pacote dos autos abre com ferramentas comuns (unzip, pdfinfo), o índice aponta a página
/// de cada peça, e a cadeia se confere com o script do pacote, sem o divisa; qualquer edição
/// de evento ou de arquivo é acusada.
#[test]
fn exportar_autos_abre_com_unzip_e_pdfinfo_e_a_cadeia_confere_sem_o_divisa() {
    let dir = autos_com_certidao();
    let pdf = dir.join("certidao-c7.pdf");
    std::fs::write(
        &pdf,
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n",
    )
    .unwrap();
    ato(
        &dir,
        "2026-11-21",
        "servidor:carla",
        &[
            "juntar_documento",
            "descricao=Cópia da certidão C-7/2026",
            "--anexo",
            pdf.to_str().unwrap(),
        ],
    );
    let zip = dir.join("autos.zip");
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "exportar",
            P,
            "-o",
            zip.to_str().unwrap(),
            "--em",
            "2026-11-21",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let pasta = dir.join("autos");
    let u = rodar(
        "unzip",
        &["-q", zip.to_str().unwrap(), "-d", pasta.to_str().unwrap()],
    );
    assert!(u.status.success(), "{}", String::from_utf8_lossy(&u.stderr));
    for f in ["autos.pdf", "eventos.json", "verificar.py", "LEIA-ME.txt"] {
        assert!(pasta.join(f).exists(), "{f} no pacote");
    }
    let info = rodar("pdfinfo", &[pasta.join("autos.pdf").to_str().unwrap()]);
    assert!(info.status.success());
    let info = String::from_utf8_lossy(&info.stdout).to_string();
    let paginas: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("Pages");
    // eventos.json: cada evento gravado, na ordem
    let eventos: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(pasta.join("eventos.json")).unwrap())
            .unwrap();
    let lista = eventos["eventos"].as_array().unwrap();
    assert_eq!(lista.len(), 9, "os 9 atos gravados");
    assert!(
        paginas > lista.len(),
        "capa e uma peça por página: {paginas}"
    );
    // o índice: a página dita para o ato 9 é a página em que ele está
    let texto = |de: usize, ate: usize| {
        let o = rodar(
            "pdftotext",
            &[
                "-f",
                &de.to_string(),
                "-l",
                &ate.to_string(),
                "-layout",
                pasta.join("autos.pdf").to_str().unwrap(),
                "-",
            ],
        );
        String::from_utf8_lossy(&o.stdout).to_string()
    };
    let capa = texto(1, 1);
    assert!(capa.contains("ÍNDICE DAS PEÇAS"), "{capa}");
    let linha = capa
        .lines()
        .find(|l| l.contains("Ato 9 —"))
        .unwrap_or_else(|| panic!("ato 9 no índice: {capa}"));
    let pagina: usize = linha
        .split_whitespace()
        .last()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("página no fim da linha: {linha}"));
    assert!(
        texto(pagina, pagina).contains("Ato 9 — 21/11/2026"),
        "a peça está na página que o índice diz ({pagina})"
    );
    // os autos de volta como proposta: com o número certificado, lida de novo pelo divisa
    let de_volta = std::fs::read_to_string(pasta.join("proposta.toml")).unwrap();
    assert!(de_volta.contains("populacao = 3900"), "{de_volta}");
    assert!(
        de_volta.contains("\"fotografias\""),
        "documentos dos autos: {de_volta}"
    );
    let e = divisa_em(
        &dir,
        &[
            "avaliar",
            pasta.join("proposta.toml").to_str().unwrap(),
            "--formato",
            "json",
            "--em",
            "2026-11-21",
        ],
    );
    assert_eq!(e.codigo, 3, "{}", e.stderr);
    let r: serde_json::Value = serde_json::from_str(&e.stdout).unwrap();
    assert_eq!(achado(&r, "art2_cpt_inc1")["situacao"], "nao_atende");
    // o arquivo do ato veio, e a cadeia confere sem o divisa
    assert!(pasta.join("arquivos/ato-009-1-certidao-c7.pdf").exists());
    let verificar = |p: &std::path::Path| {
        rodar(
            "python3",
            &[
                p.join("verificar.py").to_str().unwrap(),
                p.to_str().unwrap(),
            ],
        )
    };
    let v = verificar(&pasta);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
    assert!(String::from_utf8_lossy(&v.stdout).starts_with("Confere: 9 eventos"));
    // editar um arquivo: acusado
    std::fs::write(
        pasta.join("arquivos/ato-009-1-certidao-c7.pdf"),
        b"%PDF-1.7 outro",
    )
    .unwrap();
    let v = verificar(&pasta);
    assert!(!v.status.success());
    assert!(String::from_utf8_lossy(&v.stdout).contains("evento 9: o arquivo"));
    // editar um ato: acusado
    let editado = std::fs::read_to_string(pasta.join("eventos.json"))
        .unwrap()
        .replace("C-7/2026", "C-8/2026");
    std::fs::write(pasta.join("eventos.json"), editado).unwrap();
    let v = String::from_utf8_lossy(&verificar(&pasta).stdout).to_string();
    assert!(
        v.contains("evento 8: o conteúdo não tem o hash gravado"),
        "{v}"
    );

    // a versão pública: atos reservados só com os hashes, e a cadeia ainda confere
    let zip = dir.join("publico.zip");
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "exportar",
            P,
            "-o",
            zip.to_str().unwrap(),
            "--publico",
            "--em",
            "2026-11-21",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let publica = dir.join("publica");
    assert!(rodar(
        "unzip",
        &["-q", zip.to_str().unwrap(), "-d", publica.to_str().unwrap()]
    )
    .status
    .success());
    let json = std::fs::read_to_string(publica.join("eventos.json")).unwrap();
    assert!(json.contains("\"reservado\""));
    assert!(!json.contains("389119531899"), "nenhum título de eleitor");
    assert!(
        !publica.join("arquivos").exists(),
        "nenhum arquivo de ato reservado"
    );
    assert!(verificar(&publica).status.success());
    let t = String::from_utf8_lossy(
        &rodar(
            "pdftotext",
            &[publica.join("autos.pdf").to_str().unwrap(), "-"],
        )
        .stdout,
    )
    .to_string();
    assert!(t.contains("Versão pública") && !t.contains("A LEI APLICADA AOS AUTOS"));
    std::fs::remove_dir_all(&dir).ok();
}

/// CONTRACT §1: um comando que lê o banco recusa um banco que não existe (exit 2), sem criar
/// nada — um caminho digitado errado não deixa um banco vazio para trás.
#[test]
fn comando_de_leitura_recusa_banco_que_nao_existe_sem_criar_nada() {
    let dir = diretorio_vazio();
    escrever_documentos(&dir);
    std::fs::write(dir.join("x.pdf"), "%PDF-1.7\n%%EOF\n").unwrap();
    for args in [
        &["documento", "verificar", "x.pdf"][..],
        &["processo", "listar"],
        &["processo", "avaliar", P],
        &["processo", "exportar", P, "-o", "x.zip"],
        &["processo", "mostrar", P],
        &["auditoria", "verificar"],
        &[
            "documento",
            "parecer",
            "--protocolo",
            P,
            "--como",
            "membro:bruno",
        ],
        &["usuario", "listar"],
    ] {
        let e = divisa_em(&dir, args);
        assert_eq!(e.codigo, 2, "{args:?}: {}{}", e.stdout, e.stderr);
        assert!(
            e.stderr.contains("o arquivo não existe; nada foi criado"),
            "{args:?}: {}",
            e.stderr
        );
        assert!(
            !dir.join("divisa.sqlite3").exists(),
            "{args:?} criou o banco"
        );
    }
    // um arquivo que não é banco é dito já (não depois de 60 s de espera do pool)
    std::fs::write(dir.join("lixo.sqlite3"), "isto não é um banco").unwrap();
    let inicio = std::time::Instant::now();
    let e = divisa_em(&dir, &["processo", "listar", "--db", "lixo.sqlite3"]);
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(
        e.stderr.contains("o arquivo não é um banco do divisa"),
        "{}",
        e.stderr
    );
    assert!(inicio.elapsed() < std::time::Duration::from_secs(5));
    std::fs::remove_dir_all(&dir).ok();
}

/// O território dos autos: o arquivo que a proposta cita vai aos autos com o protocolo e é
/// medido dali (Art. 8º, § 2º: a área e o percentual); uma nova versão juntada (a emenda de
/// divisas do Art. 19, § 3º, ou o mapa corrigido) passa a valer, e as anteriores ficam.
#[test]
fn art8_territorio_lido_dos_autos_e_cada_versao_guardada() {
    let dir = diretorio_vazio();
    escrever_documentos(&dir);
    std::fs::copy(
        exemplo("area_ribeiraozinho.geojson"),
        dir.join("area_ribeiraozinho.geojson"),
    )
    .unwrap();
    let desmembramento = std::fs::read_to_string(exemplo("desmembramento_area.toml")).unwrap();
    let criacao = std::fs::read_to_string(exemplo("criacao.toml")).unwrap();
    let assinaturas = &criacao[criacao.find("[representacao]").unwrap()..];
    std::fs::write(
        dir.join("proposta.toml"),
        format!("{desmembramento}\n{assinaturas}"),
    )
    .unwrap();
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "criar",
            "--proposta",
            "proposta.toml",
            "--representante",
            "Maria da Silva",
            "--como",
            "representante:maria",
            "--data",
            "2026-11-02",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    // o arquivo foi aos autos com o protocolo, e a proposta em outro lugar não muda nada
    std::fs::remove_file(dir.join("area_ribeiraozinho.geojson")).unwrap();
    let mostrar = divisa_em(
        &dir,
        &["processo", "mostrar", P, "--como", "presidente:ana"],
    );
    assert!(
        mostrar
            .stdout
            .contains("arquivo: area_ribeiraozinho.geojson (application/geo+json"),
        "{}",
        mostrar.stdout
    );
    let avaliar = || {
        let e = divisa_em(&dir, &["processo", "avaliar", P, "--formato", "json"]);
        serde_json::from_str::<serde_json::Value>(&e.stdout)
            .unwrap_or_else(|_| panic!("{}{}", e.stdout, e.stderr))
    };
    let r = avaliar();
    let par2 = achado(&r, "art8_par2");
    assert_eq!(par2["situacao"], "atende", "{par2}");
    assert!(
        par2["apurado"].as_str().unwrap().starts_with("2,33 km²"),
        "a área medida do arquivo dos autos: {par2}"
    );
    let t = divisa_em(&dir, &["processo", "avaliar", P]);
    assert!(
        t.stdout
            .contains("Território: o arquivo «area_ribeiraozinho.geojson» juntado no ato 1."),
        "{}",
        t.stdout
    );
    // uma segunda versão do mapa, juntada depois (o canto nordeste corrigido); o mesmo arquivo
    // juntado de novo, com o mesmo conteúdo, não seria versão: a linha não mudou
    let original = std::fs::read_to_string(exemplo("area_ribeiraozinho.geojson")).unwrap();
    let corrigido = original.replacen("-16.602793", "-16.602893", 1);
    assert_ne!(original, corrigido, "o vértice a corrigir está no exemplo");
    std::fs::write(dir.join("area_ribeiraozinho.geojson"), corrigido).unwrap();
    ato(
        &dir,
        "2026-11-03",
        "servidor:carla",
        &[
            "juntar_documento",
            "art15=mapa_novo",
            "descricao=Mapa conferido pela Cartografia",
            "--anexo",
            "area_ribeiraozinho.geojson",
        ],
    );
    let t = divisa_em(&dir, &["processo", "avaliar", P]);
    assert!(
        t.stdout.contains(
            "juntado no ato 2 (versão 2 de 2; as anteriores, dos atos 1, ficam nos autos)"
        ),
        "{}",
        t.stdout
    );
    // um arquivo com o mesmo nome num ato que não é de território (uma juntada qualquer) não
    // muda o território em avaliação
    ato(
        &dir,
        "2026-11-04",
        "servidor:carla",
        &[
            "juntar_documento",
            "descricao=Cópia enviada pela Prefeitura",
            "--anexo",
            "area_ribeiraozinho.geojson",
        ],
    );
    let t = divisa_em(&dir, &["processo", "avaliar", P]);
    assert!(
        t.stdout.contains("juntado no ato 2 (versão 2 de 2"),
        "{}",
        t.stdout
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `auditoria ancora` imprime o hash a publicar; `verificar --ancora HASH` confere o banco com
/// ele, e um hash que não é o do banco é acusado.
#[test]
fn auditoria_ancora_e_verificar_diante_da_ancora_publicada() {
    let dir = autos_com_certidao();
    let a = divisa_em(&dir, &["auditoria", "ancora"]);
    assert_eq!(a.codigo, 0, "{}", a.stderr);
    let hash = a
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Hash do registro (SHA-256): "))
        .expect("hash")
        .trim()
        .to_string();
    assert_eq!(hash.len(), 64);
    assert!(a.stdout.contains(&format!("{P}  8  ")), "{}", a.stdout);
    let v = divisa_em(&dir, &["auditoria", "verificar", "--ancora", &hash]);
    assert_eq!(v.codigo, 0, "{}{}", v.stdout, v.stderr);
    assert!(v.stdout.contains("Diante da âncora"), "{}", v.stdout);
    // um ato depois: ainda confere, e diz que veio depois
    ato(
        &dir,
        "2026-11-21",
        "servidor:carla",
        &["juntar_documento", "descricao=Ofício da Prefeitura"],
    );
    let v = divisa_em(&dir, &["auditoria", "verificar", "--ancora", &hash]);
    assert!(
        v.stdout.contains("1 evento veio depois dela"),
        "{}{}",
        v.stdout,
        v.stderr
    );
    // outro hash publicado: acusado
    let outro = "0".repeat(64);
    let v = divisa_em(&dir, &["auditoria", "verificar", "--ancora", &outro]);
    assert_eq!(v.codigo, 3, "{}", v.stdout);
    assert!(v.stdout.contains("não é a publicada"), "{}", v.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 14: quem apaga um processo inteiro do banco (os eventos, os arquivos, as pendências e
/// a linha, depois de derrubar os gatilhos) deixa uma cadeia que confere sozinha — mas a
/// verificação diante da âncora publicada acusa o processo que sumiu, com saída 3.
#[test]
fn processo_apagado_inteiro_e_acusado_pela_ancora() {
    let dir = autos_com_certidao();
    let a = divisa_em(&dir, &["auditoria", "ancora"]);
    assert_eq!(a.codigo, 0, "{}", a.stderr);
    let hash = a
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Hash do registro (SHA-256): "))
        .expect("hash")
        .trim()
        .to_string();
    {
        let banco = rusqlite::Connection::open(dir.join("divisa.sqlite3")).expect("banco");
        banco
            .execute_batch(
                "DROP TRIGGER eventos_sem_remocao;
                 DROP TRIGGER arquivos_sem_delete;
                 DELETE FROM pendencias;
                 DELETE FROM arquivos;
                 DELETE FROM eventos;
                 DELETE FROM processos;",
            )
            .expect("apagar o processo");
    }
    // a última âncora gravada acusa…
    let v = divisa_em(&dir, &["auditoria", "verificar"]);
    assert_eq!(v.codigo, 3, "{}{}", v.stdout, v.stderr);
    assert!(v.stdout.contains("sumiu"), "{}", v.stdout);
    // …e a publicada também (mesmo se apagassem a lista de âncoras do banco)
    let v = divisa_em(&dir, &["auditoria", "verificar", "--ancora", &hash]);
    assert_eq!(v.codigo, 3, "{}{}", v.stdout, v.stderr);
    assert!(v.stdout.contains(P), "{}", v.stdout);
    assert!(v.stdout.contains("sumiu"), "{}", v.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

/// Um texto com quebra de linha não desenha uma linha falsa na ficha, e quem agiu não pode
/// ter caractere de controle (entra no hash de cada evento).
#[test]
fn quebra_de_linha_nao_falsifica_a_ficha_nem_o_ator() {
    let dir = autos_com_certidao();
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "avancar",
            P,
            "juntar_documento",
            "descricao=x",
            "--como",
            "servidor:carla\npresidente",
            "--data",
            "2026-11-21",
        ],
    );
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    ato(
        &dir,
        "2026-11-21",
        "servidor:carla",
        &[
            "juntar_documento",
            "descricao=ofício\n    99. 01/01/2027 — lei publicada",
        ],
    );
    let m = divisa_em(
        &dir,
        &["processo", "mostrar", P, "--como", "presidente:ana"],
    );
    assert!(!m.stdout.contains("\n    99. 01/01/2027"), "{}", m.stdout);
    assert!(m.stdout.contains("ofício⏎"), "{}", m.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 14: as âncoras assinadas com a chave do operador (fora do banco) e encadeadas. Quem
/// tem o banco e muda uma âncora, apaga uma do meio ou refaz a lista com outra chave é acusado
/// diante da chave pública publicada.
#[test]
fn ancoras_assinadas_acusam_quem_mexe_na_lista() {
    let dir = autos_com_certidao();
    let c = divisa_em(&dir, &["auditoria", "chave", "-o", "operador.pem"]);
    assert_eq!(c.codigo, 0, "{}", c.stderr);
    let publica: String = c
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("-----BEGIN PUBLIC KEY"))
        .take_while(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.join("publica.pem"), &publica).unwrap();
    // a chave não sobrescreve outra
    let de_novo = divisa_em(&dir, &["auditoria", "chave", "-o", "operador.pem"]);
    assert_eq!(de_novo.codigo, 2);
    for _ in 0..3 {
        let a = divisa_em(&dir, &["auditoria", "ancora", "--chave", "operador.pem"]);
        assert_eq!(a.codigo, 0, "{}", a.stderr);
        assert!(a.stdout.contains("Assinatura Ed25519: "), "{}", a.stdout);
    }
    let v = divisa_em(
        &dir,
        &["auditoria", "verificar", "--chave-publica", "publica.pem"],
    );
    assert_eq!(v.codigo, 0, "{}{}", v.stdout, v.stderr);
    assert!(
        v.stdout.contains(
            "Âncoras: 3 no banco, encadeadas; 3 assinadas conferidas com a chave pública publicada"
        ),
        "{}",
        v.stdout
    );
    let mexer = |sql: &'static [&'static str]| {
        let banco = dir.join("divisa.sqlite3");
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(async {
                use sqlx::Connection;
                sqlx::any::install_default_drivers();
                let mut c = sqlx::AnyConnection::connect(&format!("sqlite://{}", banco.display()))
                    .await
                    .unwrap();
                for q in sql {
                    sqlx::query(q).execute(&mut c).await.unwrap();
                }
            });
    };
    // uma âncora do meio apagada (o gatilho derrubado antes)
    mexer(&[
        "DROP TRIGGER ancoras_sem_delete",
        "DELETE FROM ancoras WHERE id = 2",
    ]);
    let v = divisa_em(
        &dir,
        &["auditoria", "verificar", "--chave-publica", "publica.pem"],
    );
    assert_eq!(v.codigo, 3, "{}", v.stdout);
    assert!(
        v.stdout.contains("o selo da anterior não confere"),
        "{}",
        v.stdout
    );
    // a contagem de uma âncora mudada: a assinatura não confere mais
    mexer(&[
        "DROP TRIGGER ancoras_sem_update",
        "UPDATE ancoras SET eventos = eventos + 1 WHERE id = 1",
    ]);
    let v = divisa_em(
        &dir,
        &["auditoria", "verificar", "--chave-publica", "publica.pem"],
    );
    assert!(v.stdout.contains("a assinatura da âncora"), "{}", v.stdout);
    // uma âncora nova, assinada com outra chave (a de quem só tem o banco)
    let outra = divisa_em(&dir, &["auditoria", "chave", "-o", "intruso.pem"]);
    assert_eq!(outra.codigo, 0);
    let a = divisa_em(&dir, &["auditoria", "ancora", "--chave", "intruso.pem"]);
    assert_eq!(a.codigo, 0);
    let v = divisa_em(
        &dir,
        &["auditoria", "verificar", "--chave-publica", "publica.pem"],
    );
    assert_eq!(v.codigo, 3);
    assert!(
        v.stdout.contains("assinada por outra chave"),
        "{}",
        v.stdout
    );
    // uma chave que não é PEM: entrada inválida, dita
    std::fs::write(dir.join("ruim.pem"), "não é chave").unwrap();
    let r = divisa_em(&dir, &["auditoria", "ancora", "--chave", "ruim.pem"]);
    assert_eq!(r.codigo, 2);
    assert!(r.stderr.contains("PEM PKCS#8"), "{}", r.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 19: a cópia de segurança do SQLite sai consistente enquanto atos são gravados, e a
/// restauração num banco novo confere a cadeia e tem todo ato confirmado antes da cópia.
#[test]
fn backup_durante_gravacoes_e_restauracao_conferida() {
    let dir = autos_com_certidao();
    let antes = divisa_em(&dir, &["auditoria", "verificar"]);
    assert_eq!(antes.codigo, 0, "{}", antes.stdout);
    // atos gravados ao mesmo tempo que a cópia
    let escritor = {
        let dir = dir.clone();
        std::thread::spawn(move || {
            let mut confirmados = 0u32;
            for i in 0..15 {
                let e = divisa_em(
                    &dir,
                    &[
                        "processo",
                        "avancar",
                        P,
                        "juntar_documento",
                        &format!("descricao=Documento {i}"),
                        "--como",
                        "servidor:carla",
                        "--data",
                        "2026-11-21",
                    ],
                );
                if e.codigo == 0 {
                    confirmados += 1;
                }
            }
            confirmados
        })
    };
    std::thread::sleep(std::time::Duration::from_millis(300));
    let eventos_antes_da_copia = divisa_em(
        &dir,
        &["processo", "mostrar", P, "--como", "presidente:ana"],
    )
    .stdout
    .matches("documento juntado")
    .count();
    let b = divisa_em(&dir, &["backup", "-o", "copia.sqlite3"]);
    assert_eq!(b.codigo, 0, "{}{}", b.stdout, b.stderr);
    assert!(
        b.stdout.contains("a cadeia de hashes de todos confere"),
        "{}",
        b.stdout
    );
    let confirmados = escritor.join().unwrap();
    assert!(confirmados > 0);
    // a cópia não sobrescreve
    let de_novo = divisa_em(&dir, &["backup", "-o", "copia.sqlite3"]);
    assert_eq!(de_novo.codigo, 2);
    // restaurada num banco novo, confere
    let r = divisa_em(
        &dir,
        &["restaurar", "copia.sqlite3", "--db", "restaurado.sqlite3"],
    );
    assert_eq!(r.codigo, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("Restaurado:"), "{}", r.stdout);
    let restaurado = divisa_em(
        &dir,
        &[
            "processo",
            "mostrar",
            P,
            "--como",
            "presidente:ana",
            "--db",
            "restaurado.sqlite3",
        ],
    );
    assert!(
        restaurado.stdout.matches("documento juntado").count() >= eventos_antes_da_copia,
        "todo ato confirmado antes da cópia está nela"
    );
    // sobre um banco que existe, não
    let r = divisa_em(
        &dir,
        &["restaurar", "copia.sqlite3", "--db", "divisa.sqlite3"],
    );
    assert_eq!(r.codigo, 2);
    assert!(r.stderr.contains("já existe"), "{}", r.stderr);
    // um arquivo que não é cópia
    std::fs::write(dir.join("lixo.bin"), b"nada aqui").unwrap();
    let r = divisa_em(&dir, &["restaurar", "lixo.bin", "--db", "x.sqlite3"]);
    assert_eq!(r.codigo, 2);
    assert!(r.stderr.contains("não é uma cópia"), "{}", r.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 19: no PostgreSQL, `backup` chama o pg_dump e `restaurar` o pg_restore num banco vazio,
/// e a restauração confere a cadeia.
#[test]
fn backup_e_restauracao_no_postgresql() {
    let sufixo = std::process::id();
    let origem = format!("divisa_teste_backup_origem_{sufixo}");
    let destino = format!("divisa_teste_backup_destino_{sufixo}");
    let admin = "postgres://postgres@127.0.0.1:5432/postgres";
    let executar = |sql: String| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(async {
                use sqlx::Connection;
                sqlx::any::install_default_drivers();
                let mut c = sqlx::AnyConnection::connect(admin).await.unwrap();
                sqlx::query(&sql).execute(&mut c).await.unwrap();
            })
    };
    for b in [&origem, &destino] {
        executar(format!("DROP DATABASE IF EXISTS {b}"));
        executar(format!("CREATE DATABASE {b}"));
    }
    let url = |b: &str| format!("postgres://postgres@127.0.0.1:5432/{b}");
    let dir = diretorio_vazio();
    escrever_documentos(&dir);
    let e = divisa_em(
        &dir,
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
                "--db",
                &url(&origem),
            ],
            DECLARADOS_NA_CRIACAO,
        ]
        .concat(),
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let b = divisa_em(&dir, &["backup", "-o", "copia.dump", "--db", &url(&origem)]);
    assert_eq!(b.codigo, 0, "{}{}", b.stdout, b.stderr);
    let r = divisa_em(&dir, &["restaurar", "copia.dump", "--db", &url(&destino)]);
    assert_eq!(r.codigo, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("1 processo e 1 evento"), "{}", r.stdout);
    // a cópia do PostgreSQL num SQLite: recusada, dita
    let r = divisa_em(&dir, &["restaurar", "copia.dump", "--db", "x.sqlite3"]);
    assert_eq!(r.codigo, 2);
    for b in [&origem, &destino] {
        executar(format!("DROP DATABASE IF EXISTS {b} WITH (FORCE)"));
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 28, Art. 7º, parágrafo único: a tabela de índices que a Fazenda anexa à sua certidão é
/// a que o estudo fiscal dos autos usa; o estudo troca a população declarada (5.200) pela
/// certificada (3.900) e diz que o ICMS, sem a tabela, fica pendente pela Fazenda.
#[test]
fn issue28_processo_fiscal_usa_a_certidao_e_os_indices_da_fazenda() {
    let dir = autos_com_certidao();
    let sem = divisa_em(
        &dir,
        &[
            "processo",
            "fiscal",
            P,
            "--formato",
            "json",
            "--em",
            "2026-11-21",
        ],
    );
    assert_eq!(sem.codigo, 0, "{}", sem.stderr);
    let j: serde_json::Value = serde_json::from_str(&sem.stdout).unwrap();
    let novo = j["fpm"]["municipios"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["novo"] == true)
        .unwrap()
        .clone();
    assert_eq!(novo["populacao_depois"], 3_900, "a população certificada");
    assert!(j["icms"].is_null());
    assert!(
        j["icms_pendente"]
            .as_str()
            .unwrap()
            .contains("Órgão Fazendário Estadual ainda não informou"),
        "{}",
        j["icms_pendente"]
    );
    // a Fazenda é oficiada e certifica, com a tabela da portaria anexa
    ato(
        &dir,
        "2026-11-21",
        "presidente:ana",
        &["enviar_oficio", "orgao=fazenda", "numero=OF-11/2026"],
    );
    ato(
        &dir,
        "2026-11-22",
        "servidor:carla",
        &["confirmar_recebimento", "orgao=fazenda"],
    );
    let ipm = format!(
        "{}/tests/dados/ipm_ilustrativo.csv",
        env!("CARGO_MANIFEST_DIR")
    );
    ato(
        &dir,
        "2026-11-25",
        "fazenda:sefaz",
        &[
            "emitir_certidao",
            "orgao=fazenda",
            "numero=F-3/2026",
            r#"dados={"valor_adicionado":45000000}"#,
            "signatario=Paulo Reis, Secretário Adjunto da Receita Pública",
            "--anexo",
            &ipm,
        ],
    );
    let com = divisa_em(
        &dir,
        &[
            "processo",
            "fiscal",
            P,
            "--formato",
            "json",
            "--em",
            "2026-11-26",
        ],
    );
    assert_eq!(com.codigo, 0, "{}", com.stderr);
    let j: serde_json::Value = serde_json::from_str(&com.stdout).unwrap();
    assert!(!j["icms"].is_null(), "{}", j["icms_pendente"]);
    assert!(
        j["icms"]["fonte_indices"]
            .as_str()
            .unwrap()
            .contains("tabela ilustrativa"),
        "{}",
        j["icms"]["fonte_indices"]
    );
    assert_eq!(j["icms"]["percentuais"][0]["codigo_ibge"], 5107859);
}
