//! `divisa serve` (o primeiro comando do README) e `divisa usuario`.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

use crate::util::{diretorio_vazio, divisa_em};

/// Sobe `divisa serve` na porta 0 em `dir`; devolve o processo, o endereço e o que disse. Quem
/// chama mata e espera o processo (o lint não vê através do retorno).
#[allow(clippy::zombie_processes)]
pub(crate) fn subir(dir: &std::path::Path) -> (std::process::Child, String, String) {
    subir_com(dir, &[])
}

/// Sobe `divisa serve` com `mais` opções.
#[allow(clippy::zombie_processes)]
pub(crate) fn subir_com(
    dir: &std::path::Path,
    mais: &[&str],
) -> (std::process::Child, String, String) {
    let mut filho = Command::new(env!("CARGO_BIN_EXE_divisa"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(mais)
        .current_dir(dir)
        .env_remove("DIVISA_DB")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("divisa serve");
    let mut leitor = BufReader::new(filho.stderr.take().expect("stderr"));
    let mut dito = String::new();
    loop {
        let mut linha = String::new();
        if leitor.read_line(&mut linha).unwrap_or(0) == 0 {
            filho.kill().ok();
            filho.wait().ok();
            panic!("o servidor terminou sem subir: {dito}");
        }
        dito.push_str(&linha);
        if let Some(resto) = linha
            .split("://")
            .nth(1)
            .filter(|_| linha.contains("no ar em "))
        {
            let endereco = resto
                .split_whitespace()
                .next()
                .expect("endereço")
                .to_string();
            return (filho, endereco, dito);
        }
    }
}

fn get(endereco: &str, caminho: &str) -> String {
    let mut s = std::net::TcpStream::connect(endereco).expect("conectar");
    write!(
        s,
        "GET {caminho} HTTP/1.1\r\nHost: {endereco}\r\nConnection: close\r\n\r\n"
    )
    .expect("pedido");
    let mut r = String::new();
    s.read_to_string(&mut r).expect("resposta");
    r
}

/// Um pedido HTTP/1.1 inteiro (com `cabecalhos` já terminados em CRLF e um corpo JSON, se houver),
/// e a resposta inteira.
fn http(endereco: &str, metodo: &str, caminho: &str, cabecalhos: &str, corpo: &str) -> String {
    let mut s = std::net::TcpStream::connect(endereco).expect("conectar");
    write!(
        s,
        "{metodo} {caminho} HTTP/1.1\r\nHost: {endereco}\r\n{cabecalhos}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{corpo}",
        corpo.len()
    )
    .expect("pedido");
    let mut r = String::new();
    s.read_to_string(&mut r).expect("resposta");
    r
}

#[test]
fn serve_sobe_no_banco_padrao_com_a_demonstracao_marcada() {
    let dir = diretorio_vazio();
    let (mut filho, endereco, dito) = subir(&dir);
    assert!(dito.contains("DEMONSTRAÇÃO"), "avisa da semente: {dito}");
    let r = get(&endereco, "/publico");
    assert!(r.starts_with("HTTP/1.1 200"), "{r}");
    assert!(
        r.contains("(demonstração)"),
        "os processos de demonstração dizem que são"
    );
    let r = get(&endereco, "/entrar");
    assert!(r.contains("Instalação de demonstração"));
    filho.kill().ok();
    filho.wait().ok();
    assert!(
        dir.join("divisa.sqlite3").exists(),
        "o banco padrão é o arquivo SQLite"
    );
    std::fs::remove_dir_all(&dir).ok();
}

fn usuario(dir: &std::path::Path, args: &[&str], senha: &str) -> (i32, String, String) {
    let mut filho = Command::new(env!("CARGO_BIN_EXE_divisa"))
        .arg("usuario")
        .args(args)
        .current_dir(dir)
        .env_remove("DIVISA_DB")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("divisa usuario");
    filho
        .stdin
        .take()
        .expect("stdin")
        .write_all(senha.as_bytes())
        .expect("senha");
    let s = filho.wait_with_output().expect("saída");
    (
        s.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&s.stdout).into_owned(),
        String::from_utf8_lossy(&s.stderr).into_owned(),
    )
}

#[test]
fn usuario_criar_o_primeiro_administrador_e_o_servidor_nao_semeia_demonstracao() {
    let dir = diretorio_vazio();
    let criar = [
        "criar",
        "admin",
        "--nome",
        "Presidência da CRT",
        "--papel",
        "presidente",
    ];
    let (c, _, e) = usuario(&dir, &criar, "curta\n");
    assert_eq!(c, 2, "senha curta");
    assert!(e.contains("10 caracteres"), "{e}");
    let (c, o, e) = usuario(&dir, &criar, "uma senha bem longa\n");
    assert_eq!(c, 0, "{e}");
    assert!(
        o.contains("Conta «admin» criada (Presidente da Comissão)"),
        "{o}"
    );
    let (c, _, e) = usuario(&dir, &criar, "uma senha bem longa\n");
    assert_eq!(c, 2);
    assert!(e.contains("já existe"), "{e}");
    let (c, _, e) = usuario(
        &dir,
        &["criar", "x", "--nome", "X", "--papel", "rei"],
        "uma senha bem longa\n",
    );
    assert_eq!(c, 2);
    assert!(e.contains("--papel «rei»"), "{e}");
    let (c, _, e) = usuario(
        &dir,
        &["criar", "Zé", "--nome", "X", "--papel", "membro"],
        "uma senha bem longa\n",
    );
    assert_eq!(c, 2);
    assert!(e.contains("login «Zé»"), "{e}");
    let l = divisa_em(&dir, &["usuario", "listar"]);
    assert!(
        l.stdout.contains("admin") && !l.stdout.contains("demonstração"),
        "{}",
        l.stdout
    );

    let (mut filho, endereco, dito) = subir(&dir);
    assert!(
        !dito.contains("DEMONSTRAÇÃO"),
        "com contas, não semeia: {dito}"
    );
    let r = get(&endereco, "/entrar");
    assert!(!r.contains("Instalação de demonstração"));
    filho.kill().ok();
    filho.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Um polígono de 400 mil vértices (12 MB): ler, validar e medir leva alguns segundos nesta
/// compilação de teste — oito deles ocupam as vagas do servidor por mais de dez segundos.
fn territorio_pesado() -> String {
    let n = 400_000;
    let (cx, cy, r) = (-53.0_f64, -16.5_f64, 0.02_f64);
    let mut pontos: Vec<String> = (0..n)
        .map(|i| {
            let t = 2.0 * std::f64::consts::PI * f64::from(i) / f64::from(n);
            format!("[{:.9},{:.9}]", cx + r * t.cos(), cy + r * t.sin())
        })
        .collect();
    pontos.push(pontos[0].clone());
    format!(
        "{{\"type\":\"Feature\",\"properties\":{{}},\"geometry\":{{\"type\":\"Polygon\",\"coordinates\":[[{}]]}}}}",
        pontos.join(",")
    )
}

/// Issue 14: enquanto 8 envios pesados e anônimos rodam, uma página simples responde com p99
/// abaixo de 100 ms (o trabalho pesado roda fora dos trabalhadores assíncronos, com vagas e
/// prazo), e o servidor para com SIGINT em menos de 5 s.
#[test]
fn oito_envios_pesados_nao_param_o_servidor_e_sigint_encerra() {
    let dir = diretorio_vazio();
    let (mut filho, endereco, _) = subir(&dir);
    let area = territorio_pesado();
    let proposta = "tipo = \"desmembramento\"\ndata_referencia = 2027-03-10\n[desmembramento]\ncedente = 5107198\nreceptor = 5106703\narea = \"grande.geojson\"\n";
    let fronteira = "----divisa";
    let corpo = format!(
        "--{fronteira}\r\nContent-Disposition: form-data; name=\"proposta\"\r\n\r\n{proposta}\r\n\
         --{fronteira}\r\nContent-Disposition: form-data; name=\"area\"; filename=\"grande.geojson\"\r\nContent-Type: application/geo+json\r\n\r\n{area}\r\n--{fronteira}--\r\n"
    );
    let corpo = std::sync::Arc::new(corpo);
    let envios: Vec<_> = (0..8)
        .map(|_| {
            let (endereco, corpo) = (endereco.clone(), corpo.clone());
            std::thread::spawn(move || {
                let Ok(mut s) = std::net::TcpStream::connect(&endereco) else {
                    return;
                };
                let _ = write!(
                    s,
                    "POST /api/avaliar HTTP/1.1\r\nHost: {endereco}\r\nContent-Type: multipart/form-data; boundary={fronteira}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    corpo.len()
                );
                let _ = s.write_all(corpo.as_bytes());
                let mut resposta = String::new();
                let _ = s.read_to_string(&mut resposta);
            })
        })
        .collect();
    // os envios chegam e ocupam as vagas
    std::thread::sleep(std::time::Duration::from_secs(2));
    let mut tempos: Vec<std::time::Duration> = (0..100)
        .map(|_| {
            let inicio = std::time::Instant::now();
            let pagina = get(&endereco, "/lei");
            assert!(
                pagina.starts_with("HTTP/1.1 200"),
                "{}",
                &pagina[..pagina.len().min(200)]
            );
            inicio.elapsed()
        })
        .collect();
    tempos.sort();
    let p99 = tempos[98];
    assert!(
        p99 < std::time::Duration::from_millis(100),
        "p99 da página simples com 8 envios pesados: {p99:?}"
    );
    // SIGINT encerra em menos de 5 s, mesmo com trabalho pesado em andamento
    let inicio = std::time::Instant::now();
    let ok = Command::new("kill")
        .args(["-INT", &filho.id().to_string()])
        .status()
        .expect("kill");
    assert!(ok.success());
    loop {
        if let Some(status) = filho.try_wait().expect("try_wait") {
            assert!(status.success(), "saída {status:?}");
            break;
        }
        assert!(
            inicio.elapsed() < std::time::Duration::from_secs(5),
            "o servidor não parou com SIGINT em 5 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    for e in envios {
        let _ = e.join();
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 14: quem abre a conexão e não fala (ou manda meio cabeçalho) é desligado pelo
/// servidor no prazo do cabeçalho (10 s), e enquanto isso os outros são atendidos.
#[test]
fn conexao_calada_ou_com_meio_cabecalho_e_fechada_no_prazo() {
    let dir = diretorio_vazio();
    let (mut filho, endereco, _) = subir(&dir);
    let abrir = || {
        let s = std::net::TcpStream::connect(&endereco).expect("conectar");
        s.set_read_timeout(Some(std::time::Duration::from_secs(20)))
            .unwrap();
        s
    };
    let calada = abrir();
    let mut meio = abrir();
    write!(meio, "GET /lei HTTP/1.1\r\nHost: x\r\n").unwrap();
    // os outros continuam atendidos
    assert!(get(&endereco, "/lei").starts_with("HTTP/1.1 200"));
    let inicio = std::time::Instant::now();
    for mut s in [calada, meio] {
        let mut resto = Vec::new();
        // o servidor fecha: a leitura termina (0 bytes ou uma resposta 408) antes dos 20 s
        let _ = s.read_to_end(&mut resto);
        let passou = inicio.elapsed();
        assert!(
            passou < std::time::Duration::from_secs(15),
            "a conexão ficou aberta {passou:?}"
        );
    }
    filho.kill().ok();
    filho.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 14: um envio que para no meio do corpo é recusado (408, em português) no prazo entre
/// pedaços (10 s), e a conexão não fica presa até o fim da vida dela (5 min).
#[test]
fn corpo_parado_no_meio_recebe_408_no_prazo() {
    let dir = diretorio_vazio();
    let (mut filho, endereco, _) = subir(&dir);
    let mut s = std::net::TcpStream::connect(&endereco).expect("conectar");
    s.set_read_timeout(Some(std::time::Duration::from_secs(25)))
        .unwrap();
    write!(
        s,
        "POST /api/avaliar HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{\"tipo\""
    )
    .unwrap();
    let inicio = std::time::Instant::now();
    let mut resposta = Vec::new();
    let _ = s.read_to_end(&mut resposta);
    let passou = inicio.elapsed();
    let resposta = String::from_utf8_lossy(&resposta);
    assert!(
        resposta.starts_with("HTTP/1.1 408"),
        "{}",
        &resposta[..resposta.len().min(300)]
    );
    assert!(resposta.contains("o envio parou"), "{resposta}");
    assert!(
        passou < std::time::Duration::from_secs(15),
        "a resposta levou {passou:?}"
    );
    // e os outros continuam atendidos
    assert!(get(&endereco, "/lei").starts_with("HTTP/1.1 200"));
    filho.kill().ok();
    filho.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 14: um corpo pingado (um byte a cada 3 s: nenhum intervalo passa de 10 s) cai pela
/// taxa mínima depois dos primeiros 30 s, com 408.
#[test]
fn corpo_pingado_cai_pela_taxa_minima() {
    let dir = diretorio_vazio();
    let (mut filho, endereco, _) = subir(&dir);
    let mut s = std::net::TcpStream::connect(&endereco).expect("conectar");
    s.set_read_timeout(Some(std::time::Duration::from_millis(200)))
        .unwrap();
    write!(
        s,
        "POST /api/avaliar HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
    )
    .unwrap();
    let inicio = std::time::Instant::now();
    let mut resposta = Vec::new();
    loop {
        let _ = s.write_all(b" ");
        let mut pedaco = [0u8; 4096];
        match s.read(&mut pedaco) {
            Ok(0) => break,
            Ok(n) => {
                resposta.extend_from_slice(&pedaco[..n]);
                break;
            }
            Err(_) => {}
        }
        assert!(
            inicio.elapsed() < std::time::Duration::from_secs(45),
            "o corpo pingado segurou a conexão"
        );
        std::thread::sleep(std::time::Duration::from_secs(3));
    }
    let passou = inicio.elapsed();
    let resposta = String::from_utf8_lossy(&resposta);
    assert!(resposta.starts_with("HTTP/1.1 408"), "{resposta}");
    assert!(
        passou >= std::time::Duration::from_secs(29),
        "cedo demais: {passou:?}"
    );
    filho.kill().ok();
    filho.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 14: cada trabalho pesado tem um teto de memória, contado pelo alocador do executável;
/// o envio que passa dele recebe 413 em português (não derruba nada) e o servidor segue
/// avaliando os outros.
#[test]
fn envio_que_passa_da_memoria_do_trabalho_recebe_413_e_o_servidor_segue() {
    let dir = diretorio_vazio();
    let (mut filho, endereco, _) = subir_com(&dir, &["--memoria-por-trabalho", "32"]);
    let proposta = "tipo = \"desmembramento\"\ndata_referencia = 2027-03-10\n[desmembramento]\ncedente = 5107198\nreceptor = 5106703\narea = \"area.geojson\"\n";
    let enviar = |area: &str| -> String {
        let fronteira = "----divisa";
        let corpo = format!(
            "--{fronteira}\r\nContent-Disposition: form-data; name=\"proposta\"\r\n\r\n{proposta}\r\n\
             --{fronteira}\r\nContent-Disposition: form-data; name=\"area\"; filename=\"area.geojson\"\r\nContent-Type: application/geo+json\r\n\r\n{area}\r\n--{fronteira}--\r\n"
        );
        let mut s = std::net::TcpStream::connect(&endereco).expect("conecta");
        write!(
            s,
            "POST /api/avaliar HTTP/1.1\r\nHost: {endereco}\r\nContent-Type: multipart/form-data; boundary={fronteira}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            corpo.len()
        )
        .expect("cabeçalho");
        s.write_all(corpo.as_bytes()).expect("corpo");
        let mut resposta = String::new();
        s.read_to_string(&mut resposta).expect("resposta");
        resposta
    };
    let inicio = std::time::Instant::now();
    let pesado = enviar(&territorio_pesado());
    assert!(
        pesado.starts_with("HTTP/1.1 413"),
        "{}",
        &pesado[..pesado.len().min(400)]
    );
    assert!(pesado.contains("mais de 32 MB de mem"), "{pesado}");
    assert!(inicio.elapsed() < std::time::Duration::from_secs(20));
    // o de tamanho normal passa, no mesmo servidor
    let exemplo = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../exemplos/area_ribeiraozinho.geojson"),
    )
    .expect("exemplo");
    let normal = enviar(&exemplo);
    assert!(
        normal.starts_with("HTTP/1.1 200"),
        "{}",
        &normal[..normal.len().min(400)]
    );
    filho.kill().ok();
    filho.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 19: `divisa serve --log-json` escreve no stderr uma linha JSON por pedido (método, rota,
/// situação, tempo, número do pedido, que volta no `X-Request-Id`), e as entradas e falhas de
/// entrada — nunca a senha.
#[test]
fn log_em_json_uma_linha_por_pedido_sem_senha() {
    let dir = diretorio_vazio();
    let mut filho = Command::new(env!("CARGO_BIN_EXE_divisa"))
        .args(["serve", "--addr", "127.0.0.1:0", "--log-json"])
        .current_dir(&dir)
        .env_remove("DIVISA_DB")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("divisa serve");
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let stderr = filho.stderr.take().expect("stderr");
    std::thread::spawn(move || {
        for linha in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(linha).is_err() {
                break;
            }
        }
    });
    // todas as linhas vistas ficam guardadas, para conferir no fim que nenhuma tem um segredo
    let vistas = std::cell::RefCell::new(Vec::<String>::new());
    let esperar = |f: &dyn Fn(&str) -> bool| -> String {
        let fim = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            let resto = fim.saturating_duration_since(std::time::Instant::now());
            let linha = rx.recv_timeout(resto).expect("linha do log a tempo");
            vistas.borrow_mut().push(linha.clone());
            if f(&linha) {
                return linha;
            }
        }
    };
    let no_ar = esperar(&|l| l.contains("no ar em http://"));
    let endereco = no_ar
        .split("no ar em http://")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .expect("endereço")
        .to_string();
    let pagina = get(&endereco, "/lei");
    let id = pagina
        .lines()
        .find_map(|l| l.strip_prefix("x-request-id: "))
        .expect("X-Request-Id na resposta")
        .trim()
        .to_string();
    let linha = esperar(&|l| l.contains(&id));
    let evento: serde_json::Value = serde_json::from_str(&linha).expect("JSON");
    assert_eq!(evento["metodo"], "GET", "{linha}");
    assert_eq!(evento["rota"], "/lei", "{linha}");
    assert_eq!(evento["status"], 200, "{linha}");
    assert_eq!(evento["level"], "INFO", "{linha}");
    assert!(evento["ms"].as_f64().is_some(), "{linha}");
    // uma falha de entrada: o login e o endereço, nunca a senha
    let resposta = http(
        &endereco,
        "POST",
        "/api/sessao",
        "",
        r#"{"login":"ana","senha":"segredo-que-nao-vai-ao-log"}"#,
    );
    assert!(resposta.starts_with("HTTP/1.1 401"), "{resposta}");
    let falha = esperar(&|l| l.contains("falha de entrada"));
    let evento: serde_json::Value = serde_json::from_str(&falha).expect("JSON");
    assert_eq!(evento["login"], "ana", "{falha}");
    assert_eq!(evento["level"], "WARN", "{falha}");
    let pedido = esperar(&|l| l.contains("/api/sessao"));
    for l in [&falha, &pedido] {
        assert!(!l.contains("segredo"), "a senha foi ao log: {l}");
    }
    // um fluxo inteiro: entrar (token no cookie, CSRF no corpo), usar a sessão, conferir
    // títulos de eleitor; nada disso vai ao log
    let enviar = |metodo: &str, caminho: &str, cabecalhos: &str, corpo: &str| {
        http(&endereco, metodo, caminho, cabecalhos, corpo)
    };
    let r = enviar(
        "POST",
        "/api/sessao",
        "",
        r#"{"login":"carla","senha":"demonstracao"}"#,
    );
    assert!(r.starts_with("HTTP/1.1 200"), "{r}");
    let token = r
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: divisa_sessao="))
        .and_then(|c| c.split(';').next())
        .expect("token da sessão")
        .to_string();
    let csrf = serde_json::from_str::<serde_json::Value>(r.split("\r\n\r\n").nth(1).unwrap())
        .unwrap()["csrf"]
        .as_str()
        .unwrap()
        .to_string();
    let cabecalhos = format!("Cookie: divisa_sessao={token}\r\nX-CSRF-Token: {csrf}\r\n");
    assert!(enviar("GET", "/api/sessao", &cabecalhos, "").starts_with("HTTP/1.1 200"));
    let titulos = "004356781872\n123456781872";
    assert!(
        enviar("POST", "/api/validacao/titulos", &cabecalhos, titulos).starts_with("HTTP/1.1 200")
    );
    esperar(&|l| l.contains("/api/validacao/titulos"));
    // o que mais chegou até aqui
    while let Ok(l) = rx.recv_timeout(std::time::Duration::from_millis(300)) {
        vistas.borrow_mut().push(l);
    }
    // as linhas do log (JSON); o aviso de partida, que diz a senha pública da demonstração, não
    let log: Vec<String> = vistas
        .borrow()
        .iter()
        .filter(|l| l.starts_with('{'))
        .cloned()
        .collect();
    for l in &log {
        for segredo in [
            "segredo-que-nao-vai-ao-log",
            "demonstracao",
            token.as_str(),
            csrf.as_str(),
            "004356781872",
            "123456781872",
        ] {
            assert!(!l.contains(segredo), "«{segredo}» foi ao log: {l}");
        }
    }
    // quem pediu vai ao log pelo login (o GET /api/sessao com a sessão de carla)
    assert!(
        log.iter().any(|l| l.contains("\"usuario\":\"carla\"")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.contains("\"message\":\"entrada\"")),
        "{log:?}"
    );
    filho.kill().ok();
    filho.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 14: 300 conexões caladas de um endereço, num servidor com só 256 descritores de
/// arquivo, não calam o servidor para os outros: passadas 64 por endereço, as novas daquele
/// endereço são fechadas na hora, e uma página pedida de outro endereço responde.
#[test]
fn trezentas_conexoes_caladas_nao_calam_o_servidor() {
    let dir = diretorio_vazio();
    let mut filho = Command::new("sh")
        .args([
            "-c",
            &format!(
                "ulimit -n 256 && exec '{}' serve --addr 127.0.0.1:0",
                env!("CARGO_BIN_EXE_divisa")
            ),
        ])
        .current_dir(&dir)
        .env_remove("DIVISA_DB")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("divisa serve com ulimit");
    let mut leitor = BufReader::new(filho.stderr.take().expect("stderr"));
    let endereco = loop {
        let mut linha = String::new();
        assert!(
            leitor.read_line(&mut linha).unwrap_or(0) > 0,
            "o servidor não subiu"
        );
        if let Some(resto) = linha.split("no ar em http://").nth(1) {
            break resto
                .split_whitespace()
                .next()
                .expect("endereço")
                .to_string();
        }
    };
    // o stderr segue sendo lido (o servidor não bloqueia escrevendo nele)
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut leitor, &mut std::io::sink());
    });
    let (host, porta) = endereco.rsplit_once(':').expect("porta");
    // 300 conexões caladas, de 127.0.0.2 (o Python escolhe o endereço de origem)
    let mut calado = Command::new("python3")
        .args([
            "-c",
            &format!(
                "import socket, sys, time\n\
                 s = []\n\
                 for _ in range(300):\n\
                 \x20   try: s.append(socket.create_connection(('{host}', {porta}), timeout=5, source_address=('127.0.0.2', 0)))\n\
                 \x20   except OSError: pass\n\
                 print(len(s), flush=True)\n\
                 time.sleep(30)\n"
            ),
        ])
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3");
    let mut abertas = String::new();
    BufReader::new(calado.stdout.take().expect("stdout"))
        .read_line(&mut abertas)
        .expect("as conexões abertas");
    assert!(!abertas.trim().is_empty(), "o python não abriu as conexões");
    // com elas abertas, uma página de 127.0.0.1 responde na hora
    let inicio = std::time::Instant::now();
    let pagina = get(&endereco, "/lei");
    assert!(
        pagina.starts_with("HTTP/1.1 200"),
        "{}",
        &pagina[..pagina.len().min(200)]
    );
    assert!(
        inicio.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        inicio.elapsed()
    );
    calado.kill().ok();
    calado.wait().ok();
    filho.kill().ok();
    filho.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 19: `GET /metricas` no formato do Prometheus, só com o token de
/// `DIVISA_TOKEN_METRICAS` (sem ele configurado, a rota não existe): pedidos por rota, método e
/// situação, o histograma da latência, as avaliações, os processos por fase e os prazos
/// vencidos da demonstração.
#[test]
fn metricas_do_prometheus_com_token() {
    let dir = diretorio_vazio();
    let mut filho = Command::new(env!("CARGO_BIN_EXE_divisa"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .current_dir(&dir)
        .env_remove("DIVISA_DB")
        .env("DIVISA_TOKEN_METRICAS", "token-de-teste")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("divisa serve");
    let mut leitor = BufReader::new(filho.stderr.take().expect("stderr"));
    let endereco = loop {
        let mut linha = String::new();
        assert!(leitor.read_line(&mut linha).unwrap_or(0) > 0, "não subiu");
        if let Some(resto) = linha.split("no ar em http://").nth(1) {
            break resto
                .split_whitespace()
                .next()
                .expect("endereço")
                .to_string();
        }
    };
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut leitor, &mut std::io::sink());
    });
    let pedir = |token: Option<&str>| {
        let autorizacao = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
        http(&endereco, "GET", "/metricas", &autorizacao, "")
    };
    assert!(get(&endereco, "/lei").starts_with("HTTP/1.1 200"));
    assert!(pedir(None).starts_with("HTTP/1.1 401"));
    assert!(pedir(Some("outro")).starts_with("HTTP/1.1 401"));
    let m = pedir(Some("token-de-teste"));
    assert!(m.starts_with("HTTP/1.1 200"), "{m}");
    for esperado in [
        "divisa_pedidos_total{rota=\"/lei\",metodo=\"GET\",status=\"200\"} 1",
        "divisa_pedido_segundos_bucket{le=\"0.001\",rota=\"/lei\"}",
        "divisa_avaliacoes_total",
        "divisa_processos_abertos{fase=",
        "divisa_prazos_vencidos ",
        "# EOF",
    ] {
        assert!(m.contains(esperado), "falta «{esperado}»:\n{m}");
    }
    filho.kill().ok();
    filho.wait().ok();
    // sem o token no ambiente, a rota não existe
    let (mut outro, endereco2, _) = subir(&dir);
    assert!(get(&endereco2, "/metricas").starts_with("HTTP/1.1 404"));
    outro.kill().ok();
    outro.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 19: dois `divisa serve` no mesmo PostgreSQL, como atrás de um proxy: a sessão aberta
/// num vale no outro, a espera de quem errou a senha num vale no outro, e dois atos que disputam
/// a mesma versão do processo, um por servidor, dão um sucesso e um conflito.
#[test]
fn dois_servidores_no_mesmo_postgresql() {
    if std::env::var_os("DIVISA_SEM_POSTGRES").is_some() {
        eprintln!("DIVISA_SEM_POSTGRES: pulado");
        return;
    }
    let banco = format!("divisa_teste_dois_servidores_{}", std::process::id());
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
    executar(format!("DROP DATABASE IF EXISTS {banco} WITH (FORCE)"));
    executar(format!("CREATE DATABASE {banco}"));
    let url = format!("postgres://postgres@127.0.0.1:5432/{banco}");
    let dir = diretorio_vazio();
    // o primeiro sobe (e semeia a demonstração); o segundo encontra as contas
    let (mut a, end_a, _) = subir_com(&dir, &["--db", &url]);
    let (mut b, end_b, _) = subir_com(&dir, &["--db", &url]);
    // um processo novo, protocolado pela linha de comando no mesmo banco
    let criar = divisa_em(
        &dir,
        &[
            "processo",
            "criar",
            "--proposta",
            &format!("{}/../../exemplos/criacao.toml", env!("CARGO_MANIFEST_DIR")),
            "--representante",
            "Maria da Silva",
            "--como",
            "representante:maria",
            "--data",
            "2026-11-02",
            "--db",
            &url,
        ],
    );
    assert_eq!(criar.codigo, 0, "{}", criar.stderr);
    let protocolo = criar
        .stdout
        .split_whitespace()
        .find(|p| p.contains('/') && p.contains('.'))
        .expect("protocolo")
        .trim_matches(|c: char| !c.is_ascii_alphanumeric())
        .to_string();
    let pedir = http;
    let entrar = |endereco: &str, login: &str, senha: &str| {
        pedir(
            endereco,
            "POST",
            "/api/sessao",
            "",
            &format!(r#"{{"login":"{login}","senha":"{senha}"}}"#),
        )
    };
    // a sessão aberta em A vale em B
    let r = entrar(&end_a, "ana", "demonstracao");
    assert!(r.starts_with("HTTP/1.1 200"), "{r}");
    let cookie = r
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: "))
        .and_then(|c| c.split(';').next())
        .expect("cookie")
        .to_string();
    let corpo = r.split("\r\n\r\n").nth(1).unwrap_or_default();
    let csrf = serde_json::from_str::<serde_json::Value>(corpo).expect("JSON")["csrf"]
        .as_str()
        .expect("csrf")
        .to_string();
    let em_b = pedir(
        &end_b,
        "GET",
        "/api/sessao",
        &format!("Cookie: {cookie}\r\n"),
        "",
    );
    assert!(
        em_b.starts_with("HTTP/1.1 200") && em_b.contains("\"ana\""),
        "{em_b}"
    );
    // a espera de quem errou em A vale em B (do mesmo endereço, mesmo com a senha certa)
    for _ in 0..5 {
        assert!(entrar(&end_a, "bruno", "chute").starts_with("HTTP/1.1 401"));
    }
    let r = entrar(&end_b, "bruno", "demonstracao");
    assert!(r.starts_with("HTTP/1.1 429"), "{r}");
    // dois atos na mesma versão, um por servidor: um entra, o outro é conflito
    let caminho = format!("/api/processos/{}/atos", protocolo.replace('/', "%2F"));
    let cabecalhos = format!("Cookie: {cookie}\r\nX-CSRF-Token: {csrf}\r\n");
    let ato =
        r#"{"versao":1,"ato":{"tipo":"divulgar","publicacao":"Diário Oficial da ALMT nº 1"}}"#;
    let (ra, rb) = std::thread::scope(|s| {
        let x = s.spawn(|| pedir(&end_a, "POST", &caminho, &cabecalhos, ato));
        let y = s.spawn(|| pedir(&end_b, "POST", &caminho, &cabecalhos, ato));
        (x.join().unwrap(), y.join().unwrap())
    });
    let situacoes = [&ra, &rb].map(|r| r.split_whitespace().nth(1).unwrap_or("").to_string());
    let ok = situacoes.iter().filter(|s| s.starts_with('2')).count();
    let conflito = situacoes.iter().filter(|s| *s == "409").count();
    assert_eq!((ok, conflito), (1, 1), "{ra}\n---\n{rb}");
    for filho in [&mut a, &mut b] {
        filho.kill().ok();
        filho.wait().ok();
    }
    executar(format!("DROP DATABASE IF EXISTS {banco} WITH (FORCE)"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Um servidor SMTP de mentira, em 127.0.0.1:`porta`, que guarda cada mensagem recebida.
fn caixa_smtp(porta: u16) -> std::sync::Arc<std::sync::Mutex<Vec<String>>> {
    let recebidas = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let ouvinte = std::net::TcpListener::bind(("127.0.0.1", porta)).expect("porta do SMTP");
    let guardar = recebidas.clone();
    std::thread::spawn(move || {
        for conexao in ouvinte.incoming().map_while(Result::ok) {
            let guardar = guardar.clone();
            std::thread::spawn(move || {
                let mut escrever = conexao.try_clone().expect("clone");
                let mut ler = BufReader::new(conexao);
                let _ = escrever.write_all(b"220 caixa de teste\r\n");
                let mut dados: Option<String> = None;
                loop {
                    let mut linha = String::new();
                    if ler.read_line(&mut linha).unwrap_or(0) == 0 {
                        break;
                    }
                    if let Some(d) = dados.as_mut() {
                        if linha == ".\r\n" {
                            guardar.lock().unwrap().push(std::mem::take(d));
                            dados = None;
                            let _ = escrever.write_all(b"250 guardada\r\n");
                        } else {
                            d.push_str(&linha);
                        }
                        continue;
                    }
                    let comando = linha.to_ascii_uppercase();
                    let resposta: &[u8] = if comando.starts_with("DATA") {
                        dados = Some(String::new());
                        b"354 manda\r\n"
                    } else if comando.starts_with("QUIT") {
                        let _ = escrever.write_all(b"221 tchau\r\n");
                        break;
                    } else {
                        b"250 ok\r\n"
                    };
                    let _ = escrever.write_all(resposta);
                }
            });
        }
    });
    recebidas
}

/// Issue 19: os avisos de prazo por e-mail saem da caixa de saída do banco. Com o servidor de
/// e-mail fora do ar, ficam guardados (com o erro) e saem quando ele volta; um reinício do
/// divisa não manda nenhum de novo. Cada aviso vai ao órgão e à Comissão.
#[test]
fn avisos_por_email_pela_caixa_de_saida() {
    let dir = diretorio_vazio();
    let porta = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    std::fs::write(
        dir.join("divisa.toml"),
        format!(
            "[avisos]\nsmtp = \"127.0.0.1:{porta}\"\nremetente = \"Comissão de Revisão Territorial <crt@teste.mt.gov.br>\"\ncomissao = [\"crt@teste.mt.gov.br\"]\ncartografia = [\"cartografia@teste.mt.gov.br\"]\nfazenda = [\"fazenda@teste.mt.gov.br\"]\ntre = [\"tre@teste.jus.br\"]\nintervalo_segundos = 1\n"
        ),
    )
    .unwrap();
    let contar = |sql: &str| -> i64 {
        let banco = rusqlite::Connection::open(dir.join("divisa.sqlite3")).expect("banco");
        banco.query_row(sql, [], |r| r.get(0)).unwrap_or(-1)
    };
    let esperar = |f: &dyn Fn() -> bool| {
        let fim = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while !f() {
            assert!(std::time::Instant::now() < fim, "não aconteceu a tempo");
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    };
    // o servidor de e-mail fora do ar: os avisos ficam na caixa, com o erro
    let (mut a, _, _) = subir_com(&dir, &["--config", "divisa.toml"]);
    esperar(&|| {
        contar("SELECT COUNT(*) FROM caixa_de_saida WHERE enviado_ms IS NULL AND erro IS NOT NULL")
            > 0
    });
    assert_eq!(
        contar("SELECT COUNT(*) FROM caixa_de_saida WHERE enviado_ms IS NOT NULL"),
        0
    );
    let total = contar("SELECT COUNT(*) FROM caixa_de_saida");
    // o servidor de e-mail volta: tudo sai
    let caixa = caixa_smtp(porta);
    esperar(&|| contar("SELECT COUNT(*) FROM caixa_de_saida WHERE enviado_ms IS NULL") == 0);
    let recebidas = caixa.lock().unwrap().clone();
    assert_eq!(recebidas.len() as i64, total, "{recebidas:?}");
    for m in &recebidas {
        assert!(
            m.contains("crt@teste.mt.gov.br"),
            "a Comissão recebe todos: {m}"
        );
        assert!(m.contains("Art. 2"), "{m}");
    }
    assert!(
        recebidas.iter().any(|m| m.contains("tre@teste.jus.br")),
        "o TRE recebe o seu: {recebidas:?}"
    );
    a.kill().ok();
    a.wait().ok();
    // um reinício não manda nada de novo
    let (mut b, _, _) = subir_com(&dir, &["--config", "divisa.toml"]);
    std::thread::sleep(std::time::Duration::from_secs(3));
    assert_eq!(
        caixa.lock().unwrap().len(),
        recebidas.len(),
        "nada duas vezes"
    );
    assert_eq!(contar("SELECT COUNT(*) FROM caixa_de_saida"), total);
    b.kill().ok();
    b.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// A configuração do servidor num arquivo: um campo desconhecido ou um e-mail que não é e-mail
/// é recusado com o campo (saída 2), e o endereço do arquivo é o que o servidor escuta.
#[test]
fn configuracao_do_servidor_em_arquivo() {
    let dir = diretorio_vazio();
    std::fs::write(dir.join("ruim.toml"), "enderecos = \"0.0.0.0:80\"\n").unwrap();
    let e = divisa_em(&dir, &["serve", "--config", "ruim.toml"]);
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(
        e.stderr.contains("ruim.toml, linha 1") && e.stderr.contains("«enderecos»"),
        "{}",
        e.stderr
    );
    std::fs::write(
        dir.join("email.toml"),
        "[avisos]\nsmtp = \"relay:25\"\nremetente = \"crt@x.br\"\ncomissao = [\"crt arroba x\"]\n",
    )
    .unwrap();
    let e = divisa_em(&dir, &["serve", "--config", "email.toml"]);
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(e.stderr.contains("avisos.comissao"), "{}", e.stderr);
    let porta = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    std::fs::write(
        dir.join("bom.toml"),
        format!("endereco = \"127.0.0.1:{porta}\"\nsem_demonstracao = true\nlog_json = true\n"),
    )
    .unwrap();
    let mut filho = Command::new(env!("CARGO_BIN_EXE_divisa"))
        .args(["serve", "--config", "bom.toml"])
        .current_dir(&dir)
        .env_remove("DIVISA_DB")
        .env_remove("DIVISA_ENDERECO")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("serve");
    let mut leitor = BufReader::new(filho.stderr.take().unwrap());
    let mut linha = String::new();
    loop {
        linha.clear();
        assert!(leitor.read_line(&mut linha).unwrap_or(0) > 0, "não subiu");
        if linha.contains("no ar em") {
            break;
        }
    }
    assert!(linha.contains(&format!("127.0.0.1:{porta}")), "{linha}");
    filho.kill().ok();
    filho.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 19: TLS no próprio servidor (`--tls-certificado`, `--tls-chave`), com um certificado
/// que o teste faz: o curl confia nele e recebe a página por HTTPS; HTTP puro na mesma porta não
/// recebe página; um certificado que não é PEM é recusado na partida com o arquivo dito.
#[test]
fn tls_nativo_com_certificado_do_teste() {
    let dir = diretorio_vazio();
    let certificado =
        rcgen::generate_simple_self_signed(vec!["localhost".to_owned(), "127.0.0.1".to_owned()])
            .expect("certificado");
    std::fs::write(dir.join("cert.pem"), certificado.cert.pem()).unwrap();
    std::fs::write(dir.join("chave.pem"), certificado.key_pair.serialize_pem()).unwrap();
    let (mut filho, endereco, dito) = subir_com(
        &dir,
        &["--tls-certificado", "cert.pem", "--tls-chave", "chave.pem"],
    );
    assert!(dito.contains("no ar em https://"), "{dito}");
    let curl = Command::new("curl")
        .args([
            "-sS",
            "--cacert",
            "cert.pem",
            "-o",
            "/dev/null",
            "-w",
            "%{http_code} %{ssl_verify_result}",
            &format!("https://{endereco}/lei"),
        ])
        .current_dir(&dir)
        .output()
        .expect("curl (apt-get install curl)");
    let saida = String::from_utf8_lossy(&curl.stdout);
    assert_eq!(
        saida.trim(),
        "200 0",
        "{saida} {}",
        String::from_utf8_lossy(&curl.stderr)
    );
    // HTTP puro na porta do TLS: nenhuma página
    let mut s = std::net::TcpStream::connect(&endereco).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(15)))
        .unwrap();
    let _ = write!(
        s,
        "GET /lei HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    );
    let mut r = Vec::new();
    let _ = s.read_to_end(&mut r);
    assert!(!String::from_utf8_lossy(&r).contains("HTTP/1.1 200"));
    filho.kill().ok();
    filho.wait().ok();
    // um certificado que não é PEM: recusado na partida, com o arquivo
    std::fs::write(dir.join("lixo.pem"), "isto não é um certificado").unwrap();
    let e = divisa_em(
        &dir,
        &[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--tls-certificado",
            "lixo.pem",
            "--tls-chave",
            "chave.pem",
        ],
    );
    assert_eq!(e.codigo, 2, "{}", e.stderr);
    assert!(e.stderr.contains("lixo.pem"), "{}", e.stderr);
    std::fs::remove_dir_all(&dir).ok();
}
