//! Um navegador de verdade: o Chromium do Debian, sem janela, guiado pelo chromedriver (o
//! protocolo WebDriver da W3C, falado aqui com o ureq). Entra, protocola uma representação,
//! faz o processo andar, vê o relatório e o mapa, e confere que o ato proibido nem aparece nem
//! é aceito. As capturas de tela ficam em `target/capturas/` para uma pessoa olhar.
//!
//! Precisa de `/usr/bin/chromium` e `/usr/bin/chromedriver` (pacotes chromium e
//! chromium-driver; o `.ci/run` os instala). Sem eles o teste falha, a menos que
//! `DIVISA_SEM_NAVEGADOR=1`, quando pula dizendo que pulou.

use super::comum;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{json, Value};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

struct Driver {
    processo: Child,
    base: String,
    sessao: String,
    agente: ureq::Agent,
    perfil: std::path::PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self
            .agente
            .delete(&format!("{}/session/{}", self.base, self.sessao))
            .call();
        let _ = self.processo.kill();
        let _ = self.processo.wait();
        let _ = std::fs::remove_dir_all(&self.perfil);
    }
}

fn porta_livre() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("porta livre")
}

impl Driver {
    fn novo() -> Option<Driver> {
        if !std::path::Path::new(CHROMIUM).exists() || !std::path::Path::new(CHROMEDRIVER).exists()
        {
            if std::env::var_os("DIVISA_SEM_NAVEGADOR").is_some() {
                eprintln!("DIVISA_SEM_NAVEGADOR: teste do navegador PULADO (sem {CHROMIUM} ou {CHROMEDRIVER})");
                return None;
            }
            panic!("faltam {CHROMIUM} e {CHROMEDRIVER}: apt-get install chromium chromium-driver (ou DIVISA_SEM_NAVEGADOR=1 para pular)");
        }
        let porta = porta_livre();
        // o navegador em português do Brasil, como o de quem usa: o campo de data em dd/mm/aaaa
        // e o botão de arquivo em português (no Linux, o Chromium segue LANGUAGE, não --lang)
        let processo = Command::new(CHROMEDRIVER)
            .arg(format!("--port={porta}"))
            .env("LANGUAGE", "pt_BR")
            .env("LANG", "pt_BR.UTF-8")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver");
        let base = format!("http://127.0.0.1:{porta}");
        let agente: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(120)))
            .build()
            .into();
        let inicio = Instant::now();
        while agente.get(&format!("{base}/status")).call().is_err() {
            assert!(
                inicio.elapsed() < Duration::from_secs(30),
                "chromedriver não respondeu"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let perfil = comum::diretorio("chromium");
        let capacidades = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                         "--disable-dev-shm-usage", "--window-size=1280,1024", "--lang=pt-BR",
                         format!("--user-data-dir={}", perfil.display())],
                "prefs": {"intl.accept_languages": "pt-BR,pt"}
            }
        }}});
        let mut r = agente
            .post(&format!("{base}/session"))
            .send_json(&capacidades)
            .expect("sessão do WebDriver");
        let j: Value = r.body_mut().read_json().expect("json");
        let sessao = j["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("o Chromium não abriu: {j}"))
            .to_string();
        Some(Driver {
            processo,
            base,
            sessao,
            agente,
            perfil,
        })
    }

    fn cmd(&self, metodo: &str, caminho: &str, corpo: Value) -> Value {
        let url = format!("{}/session/{}{caminho}", self.base, self.sessao);
        let mut r = match metodo {
            "GET" => self.agente.get(&url).call(),
            _ => self.agente.post(&url).send_json(&corpo),
        }
        .expect("WebDriver");
        let j: Value = r.body_mut().read_json().expect("json");
        if let Some(e) = j["value"].get("error") {
            panic!("WebDriver {caminho}: {e} — {}", j["value"]["message"]);
        }
        j["value"].clone()
    }

    fn ir(&self, url: &str) {
        self.cmd("POST", "/url", json!({"url": url}));
    }

    fn elemento(&self, css: &str) -> String {
        let inicio = Instant::now();
        loop {
            let url = format!("{}/session/{}/element", self.base, self.sessao);
            let mut r = self
                .agente
                .post(&url)
                .send_json(json!({"using": "css selector", "value": css}))
                .expect("WebDriver");
            let j: Value = r.body_mut().read_json().expect("json");
            if let Some(id) = j["value"]
                .as_object()
                .and_then(|o| o.values().next())
                .and_then(Value::as_str)
            {
                return id.to_string();
            }
            assert!(
                inicio.elapsed() < Duration::from_secs(20),
                "elemento {css} não apareceu"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn digitar(&self, css: &str, texto: &str) {
        let id = self.elemento(css);
        self.cmd(
            "POST",
            &format!("/element/{id}/value"),
            json!({"text": texto}),
        );
    }

    fn clicar(&self, css: &str) {
        let id = self.elemento(css);
        self.cmd("POST", &format!("/element/{id}/click"), json!({}));
    }

    fn script(&self, js: &str, args: Value) -> Value {
        self.cmd("POST", "/execute/sync", json!({"script": js, "args": args}))
    }

    fn script_async(&self, js: &str) -> Value {
        self.cmd("POST", "/execute/async", json!({"script": js, "args": []}))
    }

    fn texto(&self) -> String {
        self.script("return document.body.innerText;", json!([]))
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn html(&self) -> String {
        self.cmd("GET", "/source", json!({}))
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Espera até `js` devolver verdadeiro.
    fn esperar(&self, js: &str, o_que: &str) {
        let inicio = Instant::now();
        while self.script(js, json!([])) != Value::Bool(true) {
            if inicio.elapsed() > Duration::from_secs(30) {
                self.capturar("falha");
                panic!("esperei demais: {o_que} (captura em target/capturas/falha.png)");
            }
            std::thread::sleep(Duration::from_millis(150));
        }
    }

    fn capturar(&self, nome: &str) {
        let b64 = self.cmd("GET", "/screenshot", json!({}));
        let png = base64::engine::general_purpose::STANDARD
            .decode(b64.as_str().unwrap_or_default())
            .expect("PNG");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/capturas");
        std::fs::create_dir_all(&dir).expect("target/capturas");
        std::fs::write(dir.join(format!("{nome}.png")), png).expect("gravar captura");
    }

    fn entrar(&self, base: &str, login: &str) {
        self.ir(&format!("{base}/entrar"));
        self.digitar("#login", login);
        self.digitar("#senha", divisa_web::semente::SENHA);
        self.clicar("#form-entrar button");
        self.esperar(
            "return location.pathname === '/';",
            "o painel depois do login",
        );
    }

    fn sair(&self) {
        // no celular, «Sair» fica no menu: abre-o, como a pessoa faria
        self.script(
            "const b = document.querySelector('header .menu-botao');
             if (b && !b.hidden && b.getAttribute('aria-expanded') !== 'true') b.click();",
            json!([]),
        );
        self.clicar("form.sair button");
        self.esperar(
            "return location.pathname === '/publico';",
            "o portal depois de sair",
        );
    }
}

const TITULOS: &str = "389119531899\n112139821856\n022919821813\n794605491848\n411704711805\n568744141848\n508933501813\n";

#[test]
fn no_navegador_protocolar_avancar_relatorio_mapa_e_o_ato_proibido() {
    let Some(d) = Driver::novo() else { return };
    let (base, _dir) = comum::servidor("navegador");

    // o público: portal
    d.ir(&format!("{base}/publico"));
    assert!(d.texto().contains("Portal público"));
    d.capturar("portal-publico");

    // 1. o deputado protocola, com os títulos conferidos ao digitar
    d.entrar(&base, "dep.joao");
    d.capturar("painel-deputado");
    d.ir(&format!("{base}/processos/novo"));
    d.digitar("#nome", "Vale do Sol");
    d.esperar(
        "return document.getElementById('nome-validacao').innerText.includes('Art. 6º');",
        "o nome conferido diante do Art. 6º",
    );
    d.digitar("#origem", "Sorriso");
    d.digitar("#representante", "Maria da Silva");
    d.digitar("#titulos", &format!("{TITULOS}0043 5687 0907\n"));
    d.esperar(
        "return document.getElementById('titulos-validacao').innerText.includes('7 títulos válidos de MT (contam), 1 inválido');",
        "a validação dos títulos ao digitar",
    );
    assert!(
        d.texto().contains("linha 8"),
        "a linha do título inválido é nomeada"
    );
    d.capturar("nova-representacao");
    // tira o inválido e completa as 10 assinaturas do Art. 13 pelo número
    d.script("document.getElementById('titulos').value = '';", json!([]));
    d.script(
        "document.getElementById('assinaturas').value = '10';",
        json!([]),
    );
    d.clicar("input[name=documento][value=requerimento]");
    d.clicar("#form-novo button[type=submit]");
    d.esperar("return !!document.getElementById('recibo');", "o recibo");
    let recibo = d.texto();
    assert!(
        recibo.contains("RECIBO DE PROTOCOLO") && recibo.contains("Vale do Sol"),
        "{recibo}"
    );
    d.capturar("recibo");
    d.clicar("main a[href^='/processos/']");
    d.esperar(
        "return location.pathname.startsWith('/processos/0');",
        "a página do processo",
    );
    let url_do_processo = d
        .script("return location.href;", json!([]))
        .as_str()
        .unwrap_or_default()
        .to_string();
    // o deputado não divulga (Art. 21): o formulário não aparece…
    assert!(
        !d.html().contains("value=\"divulgar\""),
        "o deputado não deve ver o ato de divulgar"
    );
    // …e, forçado por fora da página, o servidor recusa
    let status = d.script_async(
        "const pronto = arguments[arguments.length - 1];
         const csrf = document.querySelector('form.sair input[name=csrf]').value;
         const corpo = new URLSearchParams({csrf, tipo: 'divulgar', versao: '1', c_publicacao: 'forçado'});
         fetch(location.pathname + '/atos', {method: 'POST', body: corpo}).then(r => pronto(r.status));",
    );
    assert_eq!(status, json!(403), "o servidor recusa o ato proibido");
    d.sair();

    // 2. a Presidente divulga (Art. 16)
    d.entrar(&base, "ana");
    d.capturar("painel-presidente");
    d.ir(&url_do_processo);
    d.clicar("details.ato summary");
    d.digitar("#divulgar-publicacao", "Diário Oficial da ALMT nº 4.321");
    d.clicar("form.form-ato button[type=submit]");
    d.esperar(
        "return document.body.innerText.includes('Registrado nos autos (ato nº 2): ');",
        "o ato registrado",
    );
    assert!(d.texto().contains("Diário Oficial da ALMT nº 4.321"));
    d.capturar("processo-divulgado");

    // 3. o processo de demonstração com proposta: relatório e mapa
    d.ir(&format!("{base}/processos"));
    d.clicar("a[href*='000001']");
    d.esperar(
        "const m = document.getElementById('mapa'); return !!m && m.getAttribute('data-pronto') === '1' && document.querySelectorAll('#mapa path.leaflet-interactive').length > 8;",
        "o mapa com os municípios de origem e o entorno da malha",
    );
    let texto = d.texto();
    assert!(
        texto.contains("A lei aplicada à proposta") && texto.contains("Art. 2º"),
        "relatório do motor da lei"
    );
    assert!(
        texto.contains("vencido há"),
        "o prazo vencido do TRE aparece"
    );
    // O mapa diz o que cada cor é (a legenda em texto, abaixo dele) e põe o nome do município
    // de origem sobre o seu limite.
    let legenda = d.script(
        "const l = document.querySelector('#mapa + ul.legenda-do-mapa'); return l ? l.textContent : '';",
        json!([]),
    );
    let legenda = legenda.as_str().unwrap_or_default();
    assert!(
        legenda.contains("Município de origem") && legenda.contains("Demais municípios"),
        "a legenda do mapa: «{legenda}»"
    );
    let rotulos = d.script(
        "return Array.from(document.querySelectorAll('#mapa .rotulo-do-mapa')).map(r => r.textContent).join('|');",
        json!([]),
    );
    assert!(
        !rotulos.as_str().unwrap_or_default().is_empty(),
        "o nome do município de origem sobre o mapa"
    );
    d.capturar("processo-com-relatorio-e-mapa");

    // 4. avaliar: mudar um número refaz o relatório na hora
    d.ir(&format!("{base}/avaliar"));
    d.script(
        "const t = document.getElementById('proposta'); t.value = t.value.replace('populacao = 5200', 'populacao = 1400'); t.dispatchEvent(new Event('input', {bubbles: true}));",
        json!([]),
    );
    d.esperar(
        "const r = document.getElementById('relatorio'); return !!r.getAttribute('data-atualizado') && r.innerText.includes('Art. 2º');",
        "o relatório refeito",
    );
    assert!(
        d.html().contains("class=\"nao_atende\""),
        "a população de 10 não atende ao Art. 2º, I"
    );
    d.capturar("avaliar");
    // issue 17: no laptop, a tabela do relatório ao lado do formulário não corta «Certifica»
    // (cada achado vira um cartão quando a coluna é estreita)
    assert_eq!(
        d.script(
            "const t = document.querySelector('#relatorio div.tabela'); const c = t.querySelector('td[data-rotulo=Certifica]'); const r = c.getBoundingClientRect(); return t.scrollWidth <= t.clientWidth && r.width > 0 && r.right <= t.getBoundingClientRect().right + 1;",
            json!([]),
        ),
        json!(true),
        "a tabela de achados cabe na coluna do relatório"
    );
    // o formulário campo a campo monta a proposta e reavalia
    // (o formulário já vem aberto: é o caminho comum)
    d.digitar("#f_nome", "Vale do Sol");
    d.digitar("#f_origem", "Sorriso");
    d.digitar("#f_populacao", "3.999");
    d.esperar(
        "return document.getElementById('proposta').value.includes('populacao = 3999') && document.getElementById('relatorio').innerText.includes('3.999');",
        "a proposta montada do formulário e o relatório refeito",
    );
    d.capturar("avaliar-formulario");
    // a revisão de limites (Art. 8º): o tipo troca os campos; 12,51 de 250 km² passa dos 5%
    d.script(
        "const s = document.getElementById('f_tipo'); s.value = 'desmembramento'; s.dispatchEvent(new Event('change', {bubbles: true}));",
        json!([]),
    );
    d.esperar(
        "return document.querySelector('fieldset[data-tipo=criacao]').hidden && !document.querySelector('fieldset[data-tipo=desmembramento]').hidden;",
        "só os campos da revisão de limites",
    );
    d.digitar("#f_cedente", "Ribeirãozinho");
    d.digitar("#f_receptor", "Ponte Branca");
    d.digitar("#f_area_cedente_km2", "250");
    d.digitar("#f_area_km2", "12,51");
    d.esperar(
        "return document.getElementById('proposta').value.includes('tipo = \"desmembramento\"') && [...document.querySelectorAll('#relatorio tr.nao_atende')].some(tr => tr.innerText.includes('Art. 8º, § 2º'));",
        "o Art. 8º, § 2º não atendido com 12,51 de 250 km²",
    );
    // sem a área declarada e com o arquivo do território enviado pelo próprio formulário
    d.script(
        "const c = document.getElementById('f_area_km2'); c.value = ''; document.getElementById('f_area_cedente_km2').value = ''; c.dispatchEvent(new Event('input', {bubbles: true}));",
        json!([]),
    );
    let area = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../exemplos/area_ribeiraozinho.geojson")
        .canonicalize()
        .expect("exemplo");
    d.digitar("#f_area", &area.display().to_string());
    d.esperar(
        "return document.getElementById('proposta').value.includes('area = \"area_ribeiraozinho.geojson\"') && document.getElementById('relatorio').innerText.includes('0,37%');",
        "a área do arquivo enviado pelo formulário (0,37% de Ribeirãozinho)",
    );
    assert_eq!(
        d.script(
            "return document.documentElement.scrollWidth <= window.innerWidth;",
            json!([])
        ),
        Value::Bool(true),
        "o mapa do relatório cabe na coluna (sem rolagem lateral)"
    );
    d.capturar("avaliar-revisao-de-limites");

    // 5. a lei e um município
    d.ir(&format!("{base}/lei?em=2025-01-01"));
    assert!(d.texto().contains("LC nº 792/2024"));
    d.capturar("lei");
    d.ir(&format!("{base}/municipios/5107859"));
    d.esperar(
        "return document.getElementById('mapa').getAttribute('data-pronto') === '1';",
        "o mapa do município",
    );
    // na página do município, o município é o município (não «de origem») e a sede é um ponto
    let legenda = d.script(
        "return document.querySelector('#mapa + ul.legenda-do-mapa').textContent;",
        json!([]),
    );
    let legenda = legenda.as_str().unwrap_or_default();
    assert!(
        legenda.contains("O município")
            && legenda.contains("Sede municipal")
            && !legenda.contains("de origem"),
        "a legenda do mapa do município: «{legenda}»"
    );
    d.capturar("municipio");
    d.sair();

    // 6. um telefone: a página cabe em 390 px
    d.cmd("POST", "/window/rect", json!({"width": 390, "height": 844}));
    d.ir(&url_do_processo);
    let largura = d.script("return document.documentElement.scrollWidth;", json!([]));
    assert!(
        largura.as_i64().unwrap_or(9999) <= 420,
        "sem rolagem lateral no telefone: {largura}"
    );
    d.capturar("processo-no-telefone");
}

/// Issue 17: o axe-core (do npm; `scripts/preparar-testes.sh` o põe em `target/axe-core/`) em
/// cada página principal, como cada papel a vê, no laptop (1366×900) e no celular (390×844):
/// nenhuma violação e nada sério ou crítico deixado «a revisar». A captura de cada página, nas
/// duas larguras, fica em `target/capturas/paginas/` para uma pessoa olhar.
/// A senha provisória que a página das contas mostra uma vez ("Senha provisória: XXXXXXX-XXXXXXX —").
fn senha_provisoria(texto: &str) -> String {
    texto
        .split("Senha provisória: ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("sem senha provisória na página: {texto}"))
        .to_string()
}

/// Issue 17, "the browser suite grows to a day of work", como cada pessoa o faria, pela página:
/// 1. a representante da comunidade protocola com um erro (Art. 15, III: a origem que não é
///    município de Mato Grosso) e encontra o formulário inteiro, com o erro junto do campo;
///    corrige, protocola, recarrega o recibo e continua com um processo só (Art. 14);
/// 2. cada órgão certificador abre a sua mesa de trabalho, vai do ofício ao processo e responde
///    com a certidão, vendo só o seu órgão e os seus números (Art. 2º, §§ 2º e 3º);
/// 3. a servidora busca e filtra os processos;
/// 4. a Presidente cria uma conta e redefine a senha dela (Art. 21), e a pessoa entra com a
///    senha provisória e é levada a trocá-la.
#[test]
fn um_dia_de_trabalho_no_navegador() {
    let Some(d) = Driver::novo() else { return };
    let (base, _dir) = comum::servidor("dia-de-trabalho");

    // 1. a comunidade protocola; o erro do servidor não apaga nada
    d.entrar(&base, "comunidade");
    d.ir(&format!("{base}/processos/novo"));
    d.digitar("#nome", "Nova Esperança do Sul");
    d.digitar("#origem", "Município Inexistente");
    // issue 32: o nome de quem entrou vem preenchido; ela o troca pelo da representante
    let preenchido = d.script(
        "return document.querySelector('#representante').value;",
        json!([]),
    );
    assert_eq!(preenchido, "Representante da comunidade (demonstração)");
    d.script(
        "document.querySelector('#representante').value = '';",
        json!([]),
    );
    d.digitar("#representante", "Joana Prado");
    // os dez eleitores do Art. 13, cada título com os dígitos verificadores de Mato Grosso (18)
    let titulos = format!("{TITULOS}123456781899\n234567811830\n345678121856\n");
    d.digitar("#titulos", &titulos);
    d.esperar(
        "return document.getElementById('titulos-validacao').innerText.includes('10 títulos válidos');",
        "a validação dos títulos ao digitar",
    );
    d.clicar("input[name=documento][value=requerimento]");
    d.clicar("#form-novo button[type=submit]");
    d.esperar(
        "return !!document.querySelector('#origem[aria-invalid=true]');",
        "o erro junto do município de origem",
    );
    let voltou = d.script(
        "return [document.getElementById('nome').value, document.getElementById('origem').value,
                 document.getElementById('representante').value, document.getElementById('titulos').value,
                 document.querySelector('input[name=documento][value=requerimento]').checked,
                 document.querySelector('[role=alert]').innerText,
                 document.getElementById(document.getElementById('origem').getAttribute('aria-describedby')).innerText];",
        json!([]),
    );
    assert_eq!(voltou[0], "Nova Esperança do Sul", "{voltou}");
    assert_eq!(voltou[1], "Município Inexistente", "{voltou}");
    assert_eq!(voltou[2], "Joana Prado", "{voltou}");
    assert_eq!(voltou[3], titulos, "os títulos voltam como foram digitados");
    assert_eq!(voltou[4], true, "o documento marcado continua marcado");
    assert!(
        voltou[5]
            .as_str()
            .is_some_and(|t| t.contains("O envio não foi protocolado")),
        "o resumo no alto: {voltou}"
    );
    assert!(
        voltou[6]
            .as_str()
            .is_some_and(|t| t.contains("não é um município de Mato Grosso")),
        "a mensagem ao lado do campo: {voltou}"
    );
    d.capturar("dia-representacao-com-erro");
    d.script(
        "document.getElementById('origem').value = 'Sorriso';",
        json!([]),
    );
    d.clicar("#form-novo button[type=submit]");
    d.esperar("return !!document.getElementById('recibo');", "o recibo");
    // recarregar o recibo (ou voltar a ele) não protocola de novo
    d.cmd("POST", "/refresh", json!({}));
    d.esperar(
        "return document.readyState === 'complete' && !!document.getElementById('recibo');",
        "o recibo recarregado",
    );
    d.capturar("dia-recibo");
    d.ir(&format!("{base}/processos?q=Nova%20Esperan%C3%A7a"));
    let quantos = d.script(
        "return Array.from(document.querySelectorAll('main tr'))
                 .filter(tr => tr.innerText.includes('Nova Esperança do Sul')).length;",
        json!([]),
    );
    assert_eq!(quantos, json!(1), "um processo só para a representação");
    d.sair();

    // 2. cada órgão responde ao seu ofício a partir da mesa de trabalho
    for (login, orgao, numeros) in [
        (
            "cartografia",
            "cartografia",
            &[
                ("populacao", "5.300"),
                ("casas_centro_urbano", "260"),
                ("area_km2", "850,76"),
            ][..],
        ),
        ("tre", "tre", &[("eleitores", "1.350")][..]),
        (
            "fazenda",
            "fazenda",
            &[("valor_adicionado", "45.000.000,00")][..],
        ),
    ] {
        d.entrar(&base, login);
        let mesa = d
            .script(
                "const m = document.querySelector('section.mesa'); return m ? m.innerText : '';",
                json!([]),
            )
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(
            mesa.contains("Espigão do Leste") && mesa.contains("Of. 10"),
            "{login}: o ofício na mesa: {mesa}"
        );
        d.clicar("section.mesa td[data-rotulo='Processo'] a");
        d.esperar(
            "return location.pathname.startsWith('/processos/0') && !!document.querySelector('input[name=tipo][value=emitir_certidao]');",
            "a página do processo com a certidão a emitir",
        );
        let (orgaos, campos) = {
            let v = d.script(
                "const f = document.querySelector('input[name=tipo][value=emitir_certidao]').closest('form');
                 f.closest('details').open = true;
                 return [Array.from(f.querySelectorAll('select[name=c_orgao] option')).map(o => o.value),
                         Array.from(f.querySelectorAll('fieldset.numeros input')).map(i => i.name)];",
                json!([]),
            );
            (v[0].clone(), v[1].clone())
        };
        assert_eq!(orgaos, json!([orgao]), "{login}: o órgão que certifica");
        let esperados: Vec<String> = numeros
            .iter()
            .map(|(c, _)| format!("c_dados_{c}"))
            .collect();
        assert_eq!(campos, json!(esperados), "{login}: só os seus números");
        d.digitar("#emitir_certidao-numero", &format!("{}/2026", login.len()));
        for (campo, valor) in numeros {
            d.digitar(&format!("#emitir_certidao-dados-{campo}"), valor);
        }
        d.digitar("#emitir_certidao-signatario", "Rosa Campos, diretora");
        d.script(
            "document.querySelector('input[name=tipo][value=emitir_certidao]').closest('form').requestSubmit();",
            json!([]),
        );
        d.esperar(
            "return /Registrado nos autos \\(ato nº \\d+\\): certidão/.test(document.body.innerText);",
            "a certidão registrada",
        );
        d.capturar(&format!("dia-certidao-{login}"));
        d.ir(&format!("{base}/"));
        let mesa = d.script(
            "return document.querySelector('section.mesa').innerText;",
            json!([]),
        );
        assert!(
            mesa.as_str()
                .is_some_and(|m| m.contains("Nenhum ofício") && m.contains("espera certidão")),
            "{login}: a mesa fica vazia depois de responder: {mesa}"
        );
        d.sair();
    }

    // 3. a servidora busca e filtra
    d.entrar(&base, "carla");
    d.ir(&format!("{base}/processos"));
    d.digitar("#busca", "Espigão");
    d.clicar("form.filtros button[type=submit]");
    d.esperar(
        "return location.search.includes('q=Espig');",
        "a busca no endereço",
    );
    let achados = d.texto();
    assert!(
        achados.contains("1 processo encontrado") && achados.contains("Espigão do Leste"),
        "{achados}"
    );
    d.ir(&format!("{base}/processos"));
    d.script(
        "document.getElementById('filtro-tipo').value = 'fusao'; document.querySelector('form.filtros').requestSubmit();",
        json!([]),
    );
    d.esperar(
        "return location.search.includes('tipo=fusao');",
        "o filtro no endereço",
    );
    let fusoes = d.texto();
    assert!(
        fusoes.contains("Araguainha") && !fusoes.contains("Espigão do Leste"),
        "{fusoes}"
    );
    d.capturar("dia-processos-filtrados");
    d.sair();

    // 4. a Presidente cria uma conta e redefine a senha; a pessoa entra e troca a provisória
    d.entrar(&base, "ana");
    d.ir(&format!("{base}/contas"));
    d.digitar("#nova-nome", "Paulo Mendes");
    d.digitar("#nova-cargo", "Assessor da Comissão");
    d.script(
        "document.getElementById('nova-papel').value = 'servidor';",
        json!([]),
    );
    d.digitar("#nova-login", "paulo.mendes");
    d.clicar("form[action='/contas'] button[type=submit]");
    d.esperar(
        "return document.body.innerText.includes('Conta de Paulo Mendes criada');",
        "a conta criada",
    );
    let primeira = senha_provisoria(&d.texto());
    // a conta tem a sua página, pelo «Editar» da linha
    d.clicar("a[href='/contas/paulo.mendes']");
    d.esperar(
        "return document.querySelector('h1').innerText.includes('Conta de Paulo Mendes');",
        "a página da conta",
    );
    d.script(
        "const f = Array.from(document.querySelectorAll(\"form[action='/contas/paulo.mendes']\"))
             .find(f => f.querySelector('input[name=acao][value=redefinir_senha]'));
         f.requestSubmit();",
        json!([]),
    );
    d.esperar(
        "return document.body.innerText.includes('Senha de Paulo Mendes redefinida');",
        "a senha redefinida",
    );
    let segunda = senha_provisoria(&d.texto());
    assert_ne!(primeira, segunda);
    d.capturar("dia-contas");
    d.sair();
    d.ir(&format!("{base}/entrar"));
    d.digitar("#login", "paulo.mendes");
    d.digitar("#senha", &segunda);
    d.clicar("#form-entrar button");
    d.esperar(
        "return location.pathname === '/conta';",
        "a página da conta, para trocar a senha provisória",
    );
    d.digitar("#atual", &segunda);
    d.digitar("#nova", "ipê-amarelo de Cuiabá 2026");
    d.digitar("#confirmacao", "ipê-amarelo de Cuiabá 2026");
    d.clicar("form[action='/conta/senha'] button[type=submit]");
    d.esperar(
        "return document.body.innerText.includes('Senha trocada');",
        "a senha trocada",
    );
    d.ir(&format!("{base}/"));
    d.esperar(
        "return location.pathname === '/' && !!document.querySelector('section.mesa');",
        "o painel, depois da troca",
    );
    assert!(
        d.texto().contains("Paulo Mendes"),
        "a pessoa aparece pelo nome"
    );
}

/// A varredura de uma página (issue 32): no texto que a pessoa lê (o `innerText`, sem os
/// nomes dos arquivos que ela mesma enviou, marcados `.nome-de-arquivo`, e sem o que ela
/// digitou), as palavras do programa — nomes internos de campo (`f_origem`, `c_dados`,
/// `documentos_por_arquivo`), extensões e formatos de arquivo, «campo novo», «módulo», valores
/// vazios de programa (os nomes dos formatos que os cartógrafos usam — GeoJSON, KML,
/// Shapefile — são palavras de quem usa); e as tabelas (`div.tabela`) que rolam de lado.
const PALAVRAS_DO_PROGRAMA: &str = r#"
    const fora = document.createElement('style');
    fora.textContent = '.nome-de-arquivo, textarea { display: none !important; }';
    document.head.appendChild(fora);
    const texto = document.body.innerText;
    fora.remove();
    const padroes = [
        /\b[a-z]+(?:_[a-z0-9]+)+\b/g,
        /\.(?:toml|json|geojson|gpkg|kml|shp|prj|dxf|csv|rs)\b/gi,
        /\b(?:TOML|JSON|CONTRACT|undefined|NaN|null|None|Some)\b/g,
        /\bcampo (?:novo|area)\b/g,
        /\bmódulo\b/gi,
        /\bdivisa (?:avaliar|processo|fiscal|serve)\b/g,
    ];
    const palavras = new Set();
    for (const p of padroes) for (const m of texto.matchAll(p)) {
        const i = m.index;
        palavras.add('«' + m[0] + '» em «' + texto.slice(Math.max(0, i - 40), i + m[0].length + 40).replace(/\s+/g, ' ') + '»');
    }
    const largas = Array.from(document.querySelectorAll('div.tabela'))
        .filter(t => t.offsetParent !== null && t.scrollWidth > t.clientWidth + 1)
        .map(t => (t.getAttribute('aria-label') || t.querySelector('caption, th')?.innerText || 'tabela') + ' (' + t.scrollWidth + ' px em ' + t.clientWidth + ')');
    return {palavras: Array.from(palavras).slice(0, 20), largas: largas};
"#;

#[test]
fn acessibilidade_axe_core_em_cada_pagina_no_laptop_e_no_celular() {
    let Some(d) = Driver::novo() else { return };
    let axe = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/axe-core/axe.min.js");
    let axe = std::fs::read_to_string(&axe).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; rode scripts/preparar-testes.sh (baixa o axe-core do npm)",
            axe.display()
        )
    });
    let (base, _dir) = comum::servidor("axe");
    let capturas = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/capturas/paginas");
    std::fs::create_dir_all(&capturas).expect("target/capturas/paginas");
    let processo = "/processos/00001.000001%2F2026-91";
    // (quem entra, a página); None: sem entrar
    let paginas: &[(Option<&str>, &str)] = &[
        (None, "/publico"),
        (None, "/entrar"),
        (None, "/verificar"),
        (None, "/lei"),
        (None, "/procedimento?fase=certidoes"),
        (None, "/municipios"),
        (None, "/municipios/5107859"),
        (Some("ana"), "/"),
        (Some("ana"), "/processos"),
        (Some("ana"), processo),
        (Some("carla"), processo),
        (Some("cartografia"), processo),
        (Some("ana"), "/contas"),
        (Some("ana"), "/contas/carla"),
        (Some("ana"), "/conta"),
        (Some("carla"), "/avaliar"),
        (Some("dep.joao"), "/processos/novo"),
        (Some("tre"), "/"),
        (Some("comunidade"), "/"),
    ];
    // a varredura acha o que procura: numa página com uma palavra do programa posta de
    // propósito, ela a acha (sem isto, um erro no script passaria por página limpa)
    d.ir(&format!("{base}/publico"));
    d.script(
        "const p = document.createElement('p'); p.id = 'plantado'; p.textContent = 'campo f_origem no arquivo proposta.toml';
         document.querySelector('main').appendChild(p);",
        json!([]),
    );
    let plantada = d.script(PALAVRAS_DO_PROGRAMA, json!([]));
    assert_eq!(
        plantada["palavras"].as_array().map(Vec::len),
        Some(2),
        "a varredura acha o nome de campo e a extensão: {plantada}"
    );
    let mut problemas = Vec::new();
    let mut quem_entrou: Option<&str> = None;
    for (largura, altura, tamanho) in [(1366, 900, "laptop"), (390, 844, "celular")] {
        d.cmd(
            "POST",
            "/window/rect",
            json!({"width": largura, "height": altura}),
        );
        for (quem, caminho) in paginas {
            if quem_entrou != *quem {
                if quem_entrou.is_some() {
                    d.ir(&format!("{base}/"));
                    d.sair();
                }
                if let Some(login) = quem {
                    d.entrar(&base, login);
                }
                quem_entrou = *quem;
            }
            d.ir(&format!("{base}{caminho}"));
            d.esperar(
                "return document.readyState === 'complete' && Array.from(document.querySelectorAll('.mapa-web')).every(m => m.getAttribute('data-pronto') === '1');",
                "a página e os mapas carregarem",
            );
            let nome = format!(
                "{tamanho}-{}-{}",
                quem.unwrap_or("publico"),
                caminho.trim_matches('/').replace(['/', '%'], "_")
            );
            d.capturar(&format!("paginas/{nome}"));
            d.script(&axe, json!([]));
            let r = d.script_async(
                "const feito = arguments[arguments.length - 1];\
                 axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}, resultTypes: ['violations', 'incomplete']})\
                   .then(r => feito({violacoes: r.violations.map(v => ({id: v.id, impacto: v.impact, ajuda: v.help, alvos: v.nodes.slice(0, 3).map(n => n.target.join(' '))})),\
                                     revisar: r.incomplete.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({id: v.id, impacto: v.impact, ajuda: v.help, alvos: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' [' + n.any.concat(n.all).map(c => c.message).join('; ') + ']')}))}))\
                   .catch(e => feito({erro: String(e)}));",
            );
            assert!(r.get("erro").is_none(), "{nome}: o axe falhou: {r}");
            // issue 32: nenhuma palavra do programa na página (nome de campo, extensão de
            // arquivo, formato interno), e no celular nenhuma tabela mais larga que a tela
            let varredura = d.script(PALAVRAS_DO_PROGRAMA, json!([]));
            for achado in varredura["palavras"].as_array().into_iter().flatten() {
                problemas.push(format!("{nome}: palavra do programa na página: {achado}"));
            }
            if tamanho == "celular" {
                for t in varredura["largas"].as_array().into_iter().flatten() {
                    problemas.push(format!("{nome}: tabela mais larga que a tela: {t}"));
                }
            }
            for (tipo, lista) in [("violação", &r["violacoes"]), ("a revisar", &r["revisar"])] {
                for v in lista.as_array().into_iter().flatten() {
                    problemas.push(format!(
                        "{nome}: {tipo} {} ({}): {} — {}",
                        v["id"].as_str().unwrap_or_default(),
                        v["impacto"].as_str().unwrap_or_default(),
                        v["ajuda"].as_str().unwrap_or_default(),
                        v["alvos"]
                    ));
                }
            }
        }
    }
    let relatorio = capturas.join("axe.txt");
    std::fs::write(&relatorio, problemas.join("\n")).expect("gravar o relatório do axe");
    assert!(
        problemas.is_empty(),
        "{} problemas de acessibilidade (em {}):\n{}",
        problemas.len(),
        relatorio.display(),
        problemas.join("\n")
    );
}

/// Issue 28: o impacto fiscal na página do processo, no celular (390 px), para o público: o
/// gráfico de quem ganha e quem perde cabe na largura, a tabela dele (para leitores de tela)
/// traz os mesmos municípios com a variação em reais, e nada rola de lado.
#[test]
fn issue28_impacto_fiscal_no_celular_grafico_e_tabela() {
    let Some(d) = Driver::novo() else { return };
    let (base, _dir) = comum::servidor("fiscal-celular");
    d.cmd("POST", "/window/rect", json!({"width": 390, "height": 844}));
    d.ir(&format!("{base}/processos/00001.000001%2F2026-91"));
    d.elemento("figure.grafico-fiscal img");
    d.esperar(
        "const i = document.querySelector('figure.grafico-fiscal img'); return i.complete && i.naturalWidth > 0;",
        "o gráfico carregar",
    );
    let medidas = d.script(
        "const i = document.querySelector('figure.grafico-fiscal img');
         const f = i.getBoundingClientRect();
         const svg = decodeURIComponent(i.getAttribute('src').split(',').slice(1).join(','));
         const t = document.querySelector('table.fiscal');
         const linhas = Array.from(t.querySelectorAll('tr:not(.cabecalho)')).map(r => r.innerText);
         document.querySelector('figure.grafico-fiscal').scrollIntoView();
         return {largura: f.width, direita: f.right, janela: window.innerWidth,
                 rola: document.documentElement.scrollWidth > window.innerWidth,
                 legenda: t.querySelector('caption').innerText, linhas: linhas,
                 barras: (svg.match(/<rect /g) || []).length};",
        json!([]),
    );
    d.capturar("celular-impacto-fiscal");
    let janela = medidas["janela"].as_f64().unwrap();
    assert!(
        medidas["direita"].as_f64().unwrap() <= janela
            && medidas["largura"].as_f64().unwrap() > 250.0,
        "o gráfico cabe na tela e se lê: {medidas}"
    );
    assert_eq!(medidas["rola"], false, "nada rola de lado: {medidas}");
    assert!(
        medidas["legenda"]
            .as_str()
            .unwrap()
            .contains("Variação anual do FPM"),
        "{medidas}"
    );
    let linhas = medidas["linhas"].as_array().unwrap();
    assert_eq!(
        linhas.len() as u64,
        medidas["barras"].as_u64().unwrap(),
        "uma linha da tabela por barra: {medidas}"
    );
    assert!(
        linhas.iter().any(|l| l.as_str().unwrap().contains("R$ +")),
        "quem ganha: {medidas}"
    );
    assert!(
        linhas.iter().any(|l| l.as_str().unwrap().contains("R$ -")),
        "quem perde: {medidas}"
    );
}

/// O endereço da página do processo de demonstração com a área desenhada (a revisão de limites
/// Ribeirãozinho–Ponte Branca), achado na lista de processos, como a pessoa o acharia.
fn processo_da_revisao(d: &Driver, base: &str) -> String {
    d.ir(&format!("{base}/processos?q=Ribeir%C3%A3ozinho"));
    let href = d.script(
        "const a = Array.from(document.querySelectorAll('main a[href^=\"/processos/0\"]'))
             .find(a => a.closest('tr') && a.closest('tr').innerText.includes('Ribeirãozinho–Ponte Branca'));
         return a ? a.href : null;",
        json!([]),
    );
    href.as_str()
        .unwrap_or_else(|| panic!("o processo da revisão de limites na lista: {}", d.texto()))
        .to_string()
}

/// Espera o editor da área pronto: a área carregada e a primeira simulação no painel.
fn esperar_o_editor(d: &Driver) {
    d.esperar(
        "const m = document.getElementById('mapa');
         return !!m && m.hasAttribute('data-editor-pronto') && m.getAttribute('data-pronto') === '1'
             && !!document.getElementById('area-simulada')
             && document.querySelectorAll('#mapa .leaflet-marker-pane .marker-icon:not(.marker-icon-middle)').length > 0;",
        "o editor da área pronto (a área carregada e simulada)",
    );
}

#[test]
fn explorar_editor() {
    let Some(d) = Driver::novo() else { return };
    let (base, _dir) = comum::servidor("explorar-area");
    for (largura, altura, tamanho) in [(1366, 900, "laptop"), (390, 844, "celular")] {
        d.cmd(
            "POST",
            "/window/rect",
            json!({"width": largura, "height": altura}),
        );
        d.entrar(&base, "carla");
        let url = processo_da_revisao(&d, &base);
        eprintln!("{url}");
        d.ir(&url);
        esperar_o_editor(&d);
        d.script(
            "document.getElementById('mapa').scrollIntoView({block: 'start'});",
            json!([]),
        );
        d.capturar(&format!("x-{tamanho}-mapa"));
        d.script(
            "document.getElementById('painel-da-area').scrollIntoView({block: 'start'});",
            json!([]),
        );
        d.capturar(&format!("x-{tamanho}-painel"));
        d.script(
            "document.getElementById('salvar-area').scrollIntoView({block: 'start'});",
            json!([]),
        );
        d.capturar(&format!("x-{tamanho}-salvar"));
        let info = d.script("const m = document.getElementById('mapa'); return {marcadores: Array.from(m.querySelectorAll('.leaflet-marker-pane .marker-icon:not(.marker-icon-middle)')).slice(0,50).map(e => {const r = e.getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y)];}), zoom: m._mapaLeaflet.getZoom(), painel: document.getElementById('painel-da-area').innerText};", json!([]));
        eprintln!("{tamanho}: {}", info["zoom"]);
        let largos = d.script("const w = document.documentElement.clientWidth; return {sw: document.documentElement.scrollWidth, w: w, largos: Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > w + 1 && !e.closest('.leaflet-container')).slice(0, 15).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))};", json!([]));
        eprintln!("{tamanho}: {largos}");
        let code = d.script("return Array.from(document.querySelectorAll('code')).filter(e => e.getBoundingClientRect().right > 380).map(e => e.textContent + ' | ' + e.parentElement.outerHTML.slice(0, 400) + ' | ' + getComputedStyle(e).whiteSpace);", json!([]));
        eprintln!("{tamanho}: {code}");
        d.ir(&format!("{base}/"));
        d.sair();
    }
}
