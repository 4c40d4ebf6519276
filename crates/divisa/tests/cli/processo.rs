//! `divisa processo` e `divisa auditoria` como processo, num banco SQLite de verdade (o padrão:
//! `divisa.sqlite3` no diretório corrente).

use crate::util::{cinco_documentos, diretorio_vazio, divisa_em, escrever_documentos};

const COMISSAO: &[&str] = &["--como", "presidente:ana"];

/// `processo criar` de uma criação digitada, através do `deputado`, protocolada `como`.
fn criar_args<'a>(deputado: &'a str, como: &'a str) -> Vec<&'a str> {
    let mut args = vec![
        "processo",
        "criar",
        "--tipo",
        "criacao",
        "--nome",
        "Nova Fronteira do Norte",
        "--origem",
        "sorriso",
        "--representante",
        "João da Silva",
        "--assinaturas",
        "10",
        "--deputado",
        deputado,
        "--data",
        "2026-03-02",
        "--como",
        como,
    ];
    args.extend(cinco_documentos());
    args
}

fn criar(dir: &std::path::Path) -> String {
    escrever_documentos(dir);
    let e = divisa_em(dir, &criar_args("dep.autor", "deputado:dep.autor"));
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout.contains("Protocolo nº 00001.000001/2026-91"),
        "{}",
        e.stdout
    );
    assert!(
        e.stdout.contains("Municípios de origem: Sorriso"),
        "nome oficial: {}",
        e.stdout
    );
    assert!(e.stdout.contains("Protocolada em 02/03/2026"));
    "00001.000001/2026-91".into()
}

fn avancar(dir: &std::path::Path, p: &str, ato: &[&str], como: &[&str]) -> crate::util::Execucao {
    let mut args = vec!["processo", "avancar", p];
    args.extend_from_slice(ato);
    args.extend_from_slice(como);
    args.extend_from_slice(&["--data", "2026-03-03"]);
    divisa_em(dir, &args)
}

#[test]
fn processo_do_protocolo_as_certidoes_pela_linha_de_comando() {
    let dir = diretorio_vazio();
    let p = criar(&dir);
    assert!(
        dir.join("divisa.sqlite3").exists(),
        "o banco padrão é um arquivo SQLite"
    );

    let e = avancar(
        &dir,
        &p,
        &["divulgar", "publicacao=DOALMT nº 1.234"],
        COMISSAO,
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(e.stdout.contains("Ato 2 registrado"), "{}", e.stdout);

    // Art. 19: urgência recusada com o artigo; saída 3
    let e = avancar(
        &dir,
        &p,
        &["pedir_urgencia", "justificativa=pressa"],
        COMISSAO,
    );
    assert_eq!(e.codigo, 3);
    assert!(
        e.stderr.contains("recusado (Art. 19)") && e.stderr.contains("vedada a urgência"),
        "{}",
        e.stderr
    );

    // Art. 17, I: servidor não registra visita
    let e = avancar(
        &dir,
        &p,
        &["registrar_visita", "local=Sede", "relatorio=r"],
        &["--como", "servidor:carla"],
    );
    assert_eq!(e.codigo, 3);
    assert!(e.stderr.contains("Art. 17, I"), "{}", e.stderr);

    let e = avancar(
        &dir,
        &p,
        &["registrar_visita", "local=Sede", "relatorio=Relatório"],
        &["--como", "membro:bruno"],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let e = avancar(
        &dir,
        &p,
        &[
            "parecer_preliminar",
            "solicitar_certidoes=true",
            r#"votos={"sim":4,"nao":1}"#,
        ],
        COMISSAO,
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let e = avancar(
        &dir,
        &p,
        &["enviar_oficio", "orgao=tre", "numero=12/2026"],
        COMISSAO,
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let e = avancar(
        &dir,
        &p,
        &["confirmar_recebimento", "orgao=tre"],
        &["--como", "tre:tre-mt"],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);

    // versão velha: conflito, saída 5 (um ato que depende do estado: o ofício; o independente,
    // como juntar um documento, é decidido de novo sobre o estado atual e gravado, como na
    // página — o mesmo caso de uso, `divisa_autos::anexar`)
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "avancar",
            &p,
            "enviar_oficio",
            "orgao=fazenda",
            "numero=13/2026",
            "--como",
            "presidente:ana",
            "--versao",
            "2",
        ],
    );
    assert_eq!(e.codigo, 5, "{}", e.stderr);
    assert!(
        e.stderr.contains("versão 2") && e.stderr.contains("versão 6"),
        "{}",
        e.stderr
    );

    // A Comissão vê prazos: recebido em 03/03/2026 → vence em 02/04/2026
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "mostrar",
            &p,
            "--como",
            "membro:bruno",
            "--em",
            "2026-04-03",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout.contains("vencimento 02/04/2026: vencido há 1 dia"),
        "{}",
        e.stdout
    );
    assert!(
        e.stdout
            .contains("ofício 12/2026 de 03/03/2026, recebido em 03/03/2026"),
        "{}",
        e.stdout
    );
    // O público vê só o protocolo e a divulgação
    let e = divisa_em(&dir, &["processo", "mostrar", &p]);
    assert!(e.stdout.contains("Visão pública"), "{}", e.stdout);
    assert!(!e.stdout.contains("visita"), "{}", e.stdout);
    let e = divisa_em(&dir, &["processo", "mostrar", &p, "--formato", "json"]);
    let v: serde_json::Value = serde_json::from_str(&e.stdout).unwrap();
    assert_eq!(v["visao"], "publica");
    assert_eq!(v["eventos"].as_array().unwrap().len(), 2);
    assert_eq!(v["fase"], "certidoes");
    // Issue 31 (Art. 23): o andamento interno (certidões, prazos, alertas) é da vista
    // completa, na linha de comando como na página e na API — a mesma ficha
    // (`divisa_autos::FichaDoProcesso`); os documentos do Art. 15 são de todos (Art. 16)
    assert_eq!(v["prazos"], serde_json::json!([]), "{v}");
    assert_eq!(v["alertas"], serde_json::json!([]), "{v}");
    assert_eq!(
        v["fase_nome"], "certidões requisitadas (Art. 17, § 2º; Art. 2º, § 3º)",
        "{v}"
    );
    assert!(v["documentos_faltantes"].is_array(), "{v}");
    let completa = |como: &str| -> serde_json::Value {
        let e = divisa_em(
            &dir,
            &[
                "processo",
                "mostrar",
                &p,
                "--formato",
                "json",
                "--como",
                como,
                "--em",
                "2026-04-03",
            ],
        );
        assert_eq!(e.codigo, 0, "{}", e.stderr);
        serde_json::from_str(&e.stdout).unwrap()
    };
    let v = completa("membro:bruno");
    assert_eq!(v["visao"], "completa");
    let tre = v["prazos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|z| z["chave"] == "certidao:tre")
        .unwrap_or_else(|| panic!("{v}"));
    assert_eq!(tre["vencimento"], "2026-04-02", "{tre}");
    assert_eq!(tre["situacao_texto"], "vencido há 1 dia", "{tre}");
    // o ato diz quem agiu por nome e cargo (sem conta cadastrada, o cargo), nunca pelo login
    let visita = v["eventos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["ato"]["tipo"] == "registrar_visita")
        .unwrap_or_else(|| panic!("{v}"));
    assert!(
        visita["quem"]
            .as_str()
            .unwrap()
            .contains("nome não cadastrado")
            && !visita["quem"].as_str().unwrap().contains("bruno"),
        "{visita}"
    );
    // o órgão certificador vê a sua certidão e o seu prazo, não os dos outros (issue 17)
    let v = completa("tre:tre-mt");
    assert_eq!(v["visao"], "publica");
    let chaves: Vec<&str> = v["prazos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|z| z["chave"].as_str().unwrap())
        .collect();
    assert_eq!(chaves, ["certidao:tre"], "{v}");

    let e = divisa_em(&dir, &["processo", "alertas", "--em", "2026-04-03"]);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout.contains("[Art. 2º, § 3º]") && e.stdout.contains("vencido há 1 dia"),
        "{}",
        e.stdout
    );
    assert!(
        e.stdout.contains("[Art. 17, § 2º]") && e.stdout.contains("Cartografia"),
        "{}",
        e.stdout
    );

    let e = divisa_em(&dir, &["auditoria", "verificar"]);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(e.stdout.contains("Cadeia íntegra"), "{}", e.stdout);

    let e = divisa_em(&dir, &["processo", "listar", "--formato", "json"]);
    let v: serde_json::Value = serde_json::from_str(&e.stdout).unwrap();
    assert_eq!(v["processos"][0]["versao"], 6);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn entrada_invalida_diz_o_campo_em_portugues() {
    let dir = diretorio_vazio();
    let p = criar(&dir);
    let casos: &[(&[&str], &str)] = &[
        (
            &["enviar_oficio", "orgao=ibge", "numero=1"],
            "valor «ibge» não aceito; os valores aceitos são: cartografia, tre, fazenda",
        ),
        (
            &["divulgar", "publicacao=x", "foo=1"],
            "campo desconhecido «foo»",
        ),
        (&["divulgar"], "falta o campo obrigatório «publicacao»"),
        (
            &[
                "parecer_preliminar",
                "solicitar_certidoes=talvez",
                "votos={}",
            ],
            "campo solicitar_certidoes: «talvez»",
        ),
        (
            &[
                "parecer_preliminar",
                "solicitar_certidoes=talvez",
                "votos={}",
            ],
            "esperava sim ou não (true ou false)",
        ),
        (&["divulgar", "publicacao"], "esperava CAMPO=VALOR"),
    ];
    for (ato, esperado) in casos {
        let e = avancar(&dir, &p, ato, COMISSAO);
        assert_eq!(e.codigo, 2, "{ato:?}: {}", e.stderr);
        assert!(e.stderr.contains(esperado), "{ato:?}: {}", e.stderr);
    }
    let e = divisa_em(&dir, &["processo", "mostrar", "00001.000001/2026-92"]);
    assert_eq!(e.codigo, 2);
    assert!(
        e.stderr
            .contains("dígitos verificadores não conferem (esperado -91)"),
        "{}",
        e.stderr
    );
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "criar",
            "--tipo",
            "extincao",
            "--nome",
            "X",
            "--origem",
            "Sorriso",
            "--representante",
            "R",
            "--assinaturas",
            "10",
            "--como",
            "representante:r",
        ],
    );
    assert_eq!(e.codigo, 2);
    assert!(e.stderr.contains("Art. 10"), "{}", e.stderr);
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "criar",
            "--tipo",
            "criacao",
            "--nome",
            "X",
            "--origem",
            "Sorrizo",
            "--representante",
            "R",
            "--assinaturas",
            "10",
            "--como",
            "representante:r",
        ],
    );
    assert_eq!(e.codigo, 2);
    assert!(e.stderr.contains("Sorriso"), "sugere o nome: {}", e.stderr);
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "criar",
            "--tipo",
            "criacao",
            "--nome",
            "X",
            "--origem",
            "Sorriso",
            "--representante",
            "R",
            "--assinaturas",
            "9",
            "--como",
            "representante:r",
        ],
    );
    assert_eq!(e.codigo, 3);
    assert!(e.stderr.contains("recusado (Art. 13)"), "{}", e.stderr);
    let e = divisa_em(&dir, &["processo", "listar", "--como", "x"]);
    assert_eq!(e.codigo, 2);
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "avancar",
            &p,
            "divulgar",
            "publicacao=x",
            "--como",
            "rei:x",
        ],
    );
    assert_eq!(e.codigo, 2);
    assert!(
        e.stderr.contains("papel «rei» desconhecido"),
        "{}",
        e.stderr
    );
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "listar",
            "--db",
            "postgres://ninguem@127.0.0.1:1/x",
        ],
    );
    assert_eq!(e.codigo, 2);
    assert!(
        e.stderr.contains("não foi possível conectar ao PostgreSQL"),
        "{}",
        e.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn auditoria_aponta_o_evento_adulterado() {
    let dir = diretorio_vazio();
    let p = criar(&dir);
    let e = avancar(
        &dir,
        &p,
        &["divulgar", "publicacao=DOALMT nº 1.234"],
        COMISSAO,
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    // Alguém com acesso ao arquivo derruba o gatilho e reescreve a publicação.
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
            sqlx::query("DROP TRIGGER eventos_sem_alteracao")
                .execute(&mut c)
                .await
                .unwrap();
            sqlx::query("UPDATE eventos SET ato = replace(ato, '1.234', '9.999') WHERE seq = 2")
                .execute(&mut c)
                .await
                .unwrap();
        });
    let e = divisa_em(&dir, &["auditoria", "verificar", &p]);
    assert_eq!(e.codigo, 3, "{}", e.stdout);
    assert!(
        e.stdout.contains("ADULTERAÇÃO") && e.stdout.contains("evento 2"),
        "{}",
        e.stdout
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn art18_parecer_de_merito_favoravel_passa_pelo_motor_da_lei() {
    let dir = diretorio_vazio();
    let proposta = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../exemplos/desmembramento.toml"
    );
    escrever_documentos(&dir);
    // a proposta declara requerimento e mapa de origem; os arquivos deles vão com o protocolo
    let e = divisa_em(
        &dir,
        &[
            "processo",
            "criar",
            "--proposta",
            proposta,
            "--representante",
            "Maria da Silva",
            "--documento",
            "requerimento=requerimento.txt",
            "--documento",
            "mapa_origem=mapa_origem.txt",
            "--data",
            "2026-03-02",
            "--como",
            "representante:maria",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let p = "00001.000001/2026-91";
    // A ficha não traz o texto da proposta: os títulos de eleitor e os nomes de quem assinou
    // são dados pessoais, fora da ficha até para a Presidente (a página também não os mostra)
    for como in ["presidente:ana", "representante:maria"] {
        let e = divisa_em(
            &dir,
            &[
                "processo",
                "mostrar",
                p,
                "--formato",
                "json",
                "--como",
                como,
            ],
        );
        assert_eq!(e.codigo, 0, "{}", e.stderr);
        let v: serde_json::Value = serde_json::from_str(&e.stdout).unwrap();
        assert_eq!(v["proposta_anexada"], true, "{v}");
        assert!(!e.stdout.contains("389119531899"), "{como}: {}", e.stdout);
    }
    let passos: &[(&[&str], &str)] = &[
        (&["divulgar", "publicacao=DO"], "presidente:ana"),
        // os outros se juntam, cada um com o seu arquivo (Art. 16, parágrafo único)
        (
            &[
                "juntar_documento",
                "art15=mapa_novo",
                "descricao=mapa da área",
                "--anexo",
                "mapa_novo.txt",
            ],
            "servidor:carla",
        ),
        (
            &[
                "juntar_documento",
                "art15=justificativa",
                "descricao=justificativa",
                "--anexo",
                "justificativa.txt",
            ],
            "servidor:carla",
        ),
        (
            &[
                "juntar_documento",
                "art15=fotografias",
                "descricao=fotografias",
                "--anexo",
                "fotografias.txt",
            ],
            "servidor:carla",
        ),
        (
            &["registrar_visita", "local=Ribeirãozinho", "relatorio=r"],
            "presidente:ana",
        ),
        (
            &[
                "parecer_preliminar",
                "solicitar_certidoes=true",
                r#"votos={"sim":3,"nao":0}"#,
            ],
            "presidente:ana",
        ),
        (
            &["enviar_oficio", "orgao=cartografia", "numero=1"],
            "presidente:ana",
        ),
        (
            &["enviar_oficio", "orgao=tre", "numero=2"],
            "presidente:ana",
        ),
        (
            &[
                "emitir_certidao",
                "orgao=cartografia",
                "numero=C1",
                r#"dados={"area_km2":12.5}"#,
                "signatario=Rosa Campos, diretora",
            ],
            "cartografia:intermat",
        ),
        (
            &[
                "emitir_certidao",
                "orgao=tre",
                "numero=T1",
                r#"dados={"eleitores":40}"#,
                "signatario=Juiz Eleitoral",
            ],
            "tre:tre-mt",
        ),
    ];
    for (ato, como) in passos {
        let e = avancar(&dir, p, ato, &["--como", como]);
        assert_eq!(e.codigo, 0, "{ato:?}: {}", e.stderr);
    }
    let votos = r#"votos={"sim":3,"nao":0}"#;
    let e = avancar(
        &dir,
        p,
        &["parecer_de_merito", "favoravel=true", votos],
        COMISSAO,
    );
    assert_eq!(e.codigo, 3, "{}", e.stdout);
    assert!(
        e.stderr.contains("Art. 2º (requisitos indispensáveis)"),
        "{}",
        e.stderr
    );
    assert!(
        e.stderr.contains("art8_par2") || e.stderr.contains("art13"),
        "{}",
        e.stderr
    );
    // contrário passa
    let e = avancar(
        &dir,
        p,
        &["parecer_de_merito", "favoravel=false", votos],
        COMISSAO,
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    // o parecer escrito dos autos traz o que a Comissão votou, no dia do voto
    let html = dir.join("parecer.html");
    let e = divisa_em(
        &dir,
        &[
            "documento",
            "parecer",
            "--protocolo",
            p,
            "--formato",
            "html",
            "-o",
            html.to_str().unwrap(),
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let parecer = std::fs::read_to_string(&html).unwrap();
    assert!(
        parecer.contains("Em 03/03/2026, a Comissão aprovou o parecer contrário, por 3 votos a 0."),
        "o voto dos autos no parecer"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Art. 15 e Art. 16, parágrafo único (issue 30): na linha de comando, `--documento DOC` sem
/// arquivo declara, não junta. O recibo diz o que veio com arquivo e o que fica a juntar; a
/// juntada sem `--anexo` é recusada com o artigo, e com o arquivo o documento entra.
#[test]
fn art15_art16_par_unico_declarado_na_linha_de_comando_nao_e_juntado() {
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
            "Nova Fronteira do Norte",
            "--origem",
            "Sorriso",
            "--representante",
            "João da Silva",
            "--assinaturas",
            "10",
            "--documento",
            "requerimento=requerimento.txt",
            "--documento",
            "fotografias",
            "--data",
            "2026-03-02",
            "--como",
            "servidor:carla",
        ],
    );
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout
            .contains("Documentos do Art. 15 apresentados com arquivo: Art. 15, I — requerimento"),
        "{}",
        e.stdout
    );
    assert!(
        e.stdout.contains(
            "Declarados sem arquivo, a juntar (Art. 16, parágrafo único): Art. 15, V — fotografias"
        ),
        "{}",
        e.stdout
    );
    let p = "00001.000001/2026-91";
    let e = divisa_em(&dir, &["processo", "mostrar", p, "--como", "membro:bruno"]);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    assert!(
        e.stdout
            .contains("Art. 15, V — fotografias do centro urbano (declarado, a juntar)"),
        "{}",
        e.stdout
    );
    assert!(
        !e.stdout
            .contains("Art. 15, I — requerimento com as assinaturas do Art. 13 ("),
        "o requerimento está nos autos: {}",
        e.stdout
    );
    let e = avancar(&dir, p, &["divulgar", "publicacao=DO"], COMISSAO);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let juntar = ["juntar_documento", "art15=fotografias", "descricao=fotos"];
    let e = avancar(&dir, p, &juntar, &["--como", "servidor:carla"]);
    assert_eq!(e.codigo, 3, "{}", e.stderr);
    assert!(
        e.stderr.contains("Art. 16, parágrafo único") && e.stderr.contains("declarar não é juntar"),
        "{}",
        e.stderr
    );
    let mut com_arquivo = juntar.to_vec();
    com_arquivo.extend(["--anexo", "fotografias.txt"]);
    let e = avancar(&dir, p, &com_arquivo, &["--como", "servidor:carla"]);
    assert_eq!(e.codigo, 0, "{}", e.stderr);
    let e = divisa_em(&dir, &["processo", "mostrar", p, "--como", "membro:bruno"]);
    assert!(!e.stdout.contains("(declarado, a juntar)"), "{}", e.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

/// Com `--proposta`, os documentos declarados vêm dela: `--documento` só junta o arquivo de
/// um (DOC=ARQUIVO); o documento sem arquivo é recusado com o que fazer, e o arquivo ilegível
/// é dito com a opção e o caminho.
#[test]
fn art15_com_proposta_documento_so_com_arquivo() {
    let dir = diretorio_vazio();
    let proposta = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../exemplos/desmembramento.toml"
    );
    let base = [
        "processo",
        "criar",
        "--proposta",
        proposta,
        "--representante",
        "Maria da Silva",
        "--data",
        "2026-03-02",
        "--como",
        "representante:maria",
    ];
    let mut sem_arquivo = base.to_vec();
    sem_arquivo.extend(["--documento", "requerimento"]);
    let e = divisa_em(&dir, &sem_arquivo);
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(
        e.stderr.contains(
            "--documento requerimento: com --proposta, os documentos declarados vêm dela"
        ),
        "{}",
        e.stderr
    );
    let mut ilegivel = base.to_vec();
    ilegivel.extend(["--documento", "requerimento=nao-existe.pdf"]);
    let e = divisa_em(&dir, &ilegivel);
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(
        e.stderr.contains("--documento requerimento") && e.stderr.contains("nao-existe.pdf"),
        "{}",
        e.stderr
    );
    assert!(
        !dir.join("divisa.sqlite3").exists(),
        "recusado antes de abrir o banco: nada gravado"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Art. 14, parágrafo único (issue 31): a representação que chega através de um deputado é
/// protocolada com a conta dele — a linha de comando confere como a página e a API, e recusa o
/// deputado que não é conta de deputado, dizendo o artigo; nada é gravado.
#[test]
fn art14_par_unico_processo_criar_confere_o_deputado_como_a_pagina() {
    let dir = diretorio_vazio();
    escrever_documentos(&dir);
    let e = divisa_em(&dir, &criar_args("nao-deputado", "presidente:ana"));
    assert_eq!(e.codigo, 3, "{}", e.stderr);
    assert!(
        e.stderr.contains("Art. 14, parágrafo único")
            && e.stderr.contains("não há deputado com essa conta"),
        "{}",
        e.stderr
    );
    let e = divisa_em(&dir, &["processo", "listar"]);
    assert!(!e.stdout.contains("Nova Fronteira"), "{}", e.stdout);
}
