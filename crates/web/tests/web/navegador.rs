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
    // (arguments[0]: só o texto das partes da página com esse seletor; sem ele, a página inteira)
    const raizes = arguments[0] ? Array.from(document.querySelectorAll(arguments[0])) : [document.body];
    const texto = raizes.map(r => r.innerText).join('\n');
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
                // (com a área do processo, também o editor: a área carregada e simulada)
                "return document.readyState === 'complete' && Array.from(document.querySelectorAll('.mapa-web')).every(m => m.getAttribute('data-pronto') === '1'
                     && (!m.hasAttribute('data-area') || m.hasAttribute('data-editor-pronto')))
                     && !document.querySelector('#painel-da-area[aria-busy]');",
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

/// Arrasta um vértice da área com as ações de ponteiro da W3C, como a mão no mouse: o vértice
/// mais ao norte (o canto nordeste da área de demonstração, que tem vizinhos a oeste e ao sul:
/// puxado de lado, a área ganha de um lado e perde do outro), 60 px para o lado em que o mapa
/// tem espaço. Devolve o deslocamento em px.
fn arrastar_um_vertice(d: &Driver) -> i64 {
    d.script(
        "document.getElementById('mapa').scrollIntoView({block: 'center'});",
        json!([]),
    );
    let dx = d.script(
        "const m = document.getElementById('mapa').getBoundingClientRect();
         const vs = Array.from(document.querySelectorAll('#mapa .leaflet-marker-pane .marker-icon:not(.marker-icon-middle)'));
         vs.forEach(v => v.removeAttribute('data-arrastar'));
         const v = vs.reduce((a, b) => b.getBoundingClientRect().top < a.getBoundingClientRect().top ? b : a);
         v.setAttribute('data-arrastar', '1');
         const r = v.getBoundingClientRect();
         return r.right + 70 < m.right ? 12 : -12;",
        json!([]),
    );
    let dx = dx.as_i64().expect("o lado do arrasto");
    let vertice = d.elemento("#mapa [data-arrastar]");
    let origem = json!({"element-6066-11e4-a52e-4f735466cecf": vertice});
    let mut acoes = vec![
        json!({"type": "pointerMove", "origin": origem, "x": 0, "y": 0, "duration": 0}),
        json!({"type": "pointerDown", "button": 0}),
        json!({"type": "pause", "duration": 100}),
    ];
    for _ in 0..5 {
        acoes.push(
            json!({"type": "pointerMove", "origin": "pointer", "x": dx, "y": 0, "duration": 50}),
        );
    }
    acoes.push(json!({"type": "pointerUp", "button": 0}));
    d.cmd(
        "POST",
        "/actions",
        json!({"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": acoes}]}),
    );
    let url = format!("{}/session/{}/actions", d.base, d.sessao);
    let _ = d.agente.delete(&url).call();
    dx * 5
}

/// Issue 29 (Art. 19, § 3º: as divisas se emendam até a aprovação do projeto de decreto
/// legislativo), no navegador, no laptop (1366×900) e no celular (390×844), cada tamanho com o
/// seu servidor (a versão salva é sempre a 2):
/// 1. a servidora (carla) abre a revisão de limites Ribeirãozinho–Ponte Branca e o editor fica
///    pronto, com o mapa na área (os vértices separados, e não um ponto) e o painel simulado;
/// 2. arrasta um vértice com as ações de ponteiro da W3C;
/// 3. a área do painel muda e a simulação é refeita (`data-simulado` cresce), sem gravar nada;
/// 4. diz o motivo e salva: «Versão 2 salva nos autos.», e a frase da área em vigor já diz 2;
/// 5. recarrega: a versão 2 em vigor; compara com a 1 e vê a diferença desenhada (o contorno da
///    versão 1, o ganho e a perda no mapa) e escrita («Ganhou 0,05 km²», «Perdeu …»);
/// 6. a API das versões tem as duas, a 2ª com o motivo digitado e a autora pelo nome;
/// 7. a representante da comunidade, na mesma página, não tem controle de edição nenhum, e o
///    servidor lhe recusa a versão nova (403).
///
/// As capturas (`target/capturas/area-*.png`) mostram o editor com o painel, a versão salva e a
/// comparação nos dois tamanhos.
#[test]
fn art19_par3_editar_a_area_no_mapa_salvar_e_comparar_versoes_no_navegador() {
    let Some(d) = Driver::novo() else { return };
    for (largura, altura, tamanho) in [(1366, 900, "laptop"), (390, 844, "celular")] {
        let (base, _dir) = comum::servidor(&format!("editor-da-area-{tamanho}"));
        d.cmd(
            "POST",
            "/window/rect",
            json!({"width": largura, "height": altura}),
        );

        // 1. a servidora abre o processo; o editor fica pronto
        d.entrar(&base, "carla");
        let url = processo_da_revisao(&d, &base);
        d.ir(&url);
        esperar_o_editor(&d);
        assert!(
            d.texto().contains("Área em vigor: versão 1"),
            "{tamanho}: a versão 1 em vigor"
        );
        // o mapa enquadra a área: os 43 vértices separados, não um ponto no mapa dos municípios
        let vertices = d.script(
            "const vs = Array.from(document.querySelectorAll('#mapa .leaflet-marker-pane .marker-icon:not(.marker-icon-middle)')).map(v => v.getBoundingClientRect());
             const m = document.getElementById('mapa').getBoundingClientRect();
             return {n: vs.length, largura: Math.max(...vs.map(r => r.right)) - Math.min(...vs.map(r => r.left)),
                     dentro: vs.every(r => r.left >= m.left && r.right <= m.right && r.top >= m.top && r.bottom <= m.bottom)};",
            json!([]),
        );
        assert_eq!(vertices["n"], 43, "{tamanho}: os vértices: {vertices}");
        assert!(
            vertices["largura"].as_f64().unwrap_or(0.0) > 200.0 && vertices["dentro"] == true,
            "{tamanho}: a área enquadrada no mapa, com os vértices à vista e separados: {vertices}"
        );
        let antes = d.script(
            "return {area: document.getElementById('area-simulada').textContent,
                     simulado: Number(document.getElementById('mapa').getAttribute('data-simulado'))};",
            json!([]),
        );
        let area_antes = antes["area"].as_str().unwrap_or_default().to_string();
        assert!(
            area_antes.starts_with("2,33 km²"),
            "{tamanho}: a área da versão 1 no painel, em km² com vírgula: {antes}"
        );
        d.capturar(&format!("area-{tamanho}-1-editor"));

        // 2. arrasta um vértice
        arrastar_um_vertice(&d);

        // 3. a área muda e a simulação é refeita
        d.esperar(
            &format!(
                "const a = document.getElementById('area-simulada');
                 return !!a && a.textContent !== {} && Number(document.getElementById('mapa').getAttribute('data-simulado')) > {}
                     && !document.getElementById('painel-da-area').hasAttribute('aria-busy');",
                json!(area_antes),
                antes["simulado"]
            ),
            "a área simulada depois de arrastar o vértice",
        );
        let depois = d.script(
            "return {area: document.getElementById('area-simulada').textContent,
                     desfazer: document.getElementById('editor-desfazer').disabled,
                     versao: (document.getElementById('area-da-versao') || {}).textContent,
                     painel: document.getElementById('painel-da-area').innerText};",
            json!([]),
        );
        assert!(
            depois["area"]
                .as_str()
                .is_some_and(|a| a.contains(" km²") && a.contains(',')),
            "{tamanho}: a área nova em km², com vírgula decimal: {depois}"
        );
        assert_eq!(
            depois["desfazer"], false,
            "{tamanho}: o arrasto se desfaz: {depois}"
        );
        assert!(
            depois["versao"]
                .as_str()
                .is_some_and(|t| t.starts_with("2,33 km²; com a alteração, ")
                    && (t.contains("ganha") || t.contains("perde"))
                    && t.contains('%')),
            "{tamanho}: a área da versão em vigor e o quanto a alteração muda: {depois}"
        );
        let painel = depois["painel"].as_str().unwrap_or_default();
        assert!(
            !painel.contains("Art. 13: Art. 13") && !painel.contains("— — exigido"),
            "{tamanho}: o achado não repete o dispositivo nem mostra traços vazios: {painel}"
        );
        d.capturar(&format!("area-{tamanho}-2-arrastado"));
        d.script(
            "document.getElementById('painel-da-area').scrollIntoView({block: 'start'});",
            json!([]),
        );
        d.capturar(&format!("area-{tamanho}-3-painel"));
        // no celular, o painel não alarga a página
        assert_eq!(
            d.script(
                "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;",
                json!([])
            ),
            json!(true),
            "{tamanho}: nada rola de lado com o painel aberto"
        );

        // 4. o motivo e salvar
        let motivo = "Acordo na audiência pública: o canto nordeste segue a estrada vicinal";
        d.digitar("#motivo", motivo);
        d.clicar("#salvar-area button[type=submit]");
        d.esperar(
            "return document.getElementById('resultado-salvar').textContent === 'Versão 2 salva nos autos.';",
            "«Versão 2 salva nos autos.»",
        );
        let salvo = d.script(
            "const r = document.getElementById('resultado-salvar').getBoundingClientRect();
             return {versao: document.getElementById('mapa').getAttribute('data-versao'),
                     motivo: document.getElementById('motivo').value,
                     a_vista: r.top >= 0 && r.bottom <= window.innerHeight,
                     em_vigor: Array.from(document.querySelectorAll('p.historico')).map(p => p.textContent).find(t => t.startsWith('Área em vigor')) || ''};",
            json!([]),
        );
        assert_eq!(salvo["versao"], "2", "{tamanho}: {salvo}");
        assert_eq!(salvo["motivo"], "", "{tamanho}: o motivo limpo: {salvo}");
        assert_eq!(
            salvo["a_vista"], true,
            "{tamanho}: a confirmação à vista de quem tocou em Salvar: {salvo}"
        );
        assert!(
            salvo["em_vigor"]
                .as_str()
                .is_some_and(|t| t.starts_with("Área em vigor: versão 2") && t.contains("Carla")),
            "{tamanho}: a frase da área em vigor, sem recarregar: {salvo}"
        );
        d.capturar(&format!("area-{tamanho}-4-salva"));

        // 5. recarregar: a versão 2 em vigor; comparar com a 1
        d.cmd("POST", "/refresh", json!({}));
        esperar_o_editor(&d);
        let texto = d.texto();
        assert!(
            texto.contains("Área em vigor: versão 2") && texto.contains(motivo),
            "{tamanho}: a versão 2 em vigor depois de recarregar"
        );
        d.script(
            "const s = document.getElementById('versao-comparar'); s.value = '1'; s.dispatchEvent(new Event('change', {bubbles: true}));",
            json!([]),
        );
        d.esperar(
            "const t = document.getElementById('diferenca-da-versao').textContent;
             return t.includes('Ganhou') && t.includes('Perdeu') && !t.includes('Carregando')
                 && document.querySelectorAll('#mapa path.diferenca-versao').length > 0;",
            "a diferença com a versão 1",
        );
        let comparacao = d.script(
            "const d = s => Array.from(document.querySelectorAll('#mapa path.' + s)).map(p => (p.getAttribute('d') || '').length);
             const caixa = s => { const p = document.querySelector('#mapa path.' + s); if (!p) return null; const r = p.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; };
             return {texto: document.getElementById('diferenca-da-versao').innerText,
                     versao: d('diferenca-versao'), ganho: d('diferenca-ganho'), perda: d('diferenca-perda'),
                     caixa_ganho: caixa('diferenca-ganho'), caixa_perda: caixa('diferenca-perda'),
                     hachura: !!document.querySelector('#mapa pattern#divisa-hachura-perda')};",
            json!([]),
        );
        let com_desenho = |papel: &str| {
            comparacao[papel]
                .as_array()
                .is_some_and(|v| !v.is_empty() && v.iter().all(|n| n.as_u64().unwrap_or(0) > 10))
        };
        assert!(
            com_desenho("versao") && com_desenho("ganho") && com_desenho("perda"),
            "{tamanho}: o contorno da versão 1, o ganho e a perda desenhados no mapa: {comparacao}"
        );
        let legenda = d.script(
            "return Array.from(document.querySelectorAll('#mapa + ul.legenda-do-mapa li.legenda-comparacao')).map(l => l.textContent);",
            json!([]),
        );
        let legenda = legenda.as_array().cloned().unwrap_or_default();
        assert!(
            legenda.len() == 3
                && legenda[0]
                    .as_str()
                    .is_some_and(|t| t.contains("versão 1") && t.contains("tracejado"))
                && legenda[1].as_str().is_some_and(|t| t.starts_with("Ganhou"))
                && legenda[2]
                    .as_str()
                    .is_some_and(|t| t.starts_with("Perdeu") && t.contains("hachurado")),
            "{tamanho}: a legenda do mapa diz o que a comparação desenha: {legenda:?}"
        );
        assert_eq!(
            comparacao["hachura"], true,
            "{tamanho}: a perda hachurada (não só pela cor): {comparacao}"
        );
        let dif = comparacao["texto"].as_str().unwrap_or_default();
        let km2 = |verbo: &str| {
            dif.split(verbo)
                .nth(1)
                .and_then(|r| r.trim_start().split(" km²").next())
                .map(str::to_string)
                .unwrap_or_default()
        };
        for verbo in ["Ganhou", "Perdeu"] {
            let n = km2(verbo);
            assert!(
                n.contains(',')
                    && n.chars()
                        .all(|c| c.is_ascii_digit() || c == ',' || c == '.'),
                "{tamanho}: «{verbo} N km²» com o número em português: «{n}» em {dif}"
            );
        }
        d.script(
            "document.getElementById('mapa').scrollIntoView({block: 'start'});",
            json!([]),
        );
        d.capturar(&format!("area-{tamanho}-5-comparacao"));
        d.script(
            "document.getElementById('diferenca-da-versao').scrollIntoView({block: 'center'});",
            json!([]),
        );
        d.capturar(&format!("area-{tamanho}-6-comparacao-texto"));

        // 6. as versões nos autos, pela API
        let versoes = d.script_async(
            "const pronto = arguments[arguments.length - 1];
             fetch(document.getElementById('mapa').getAttribute('data-area') + '/versoes')
               .then(r => r.json()).then(pronto).catch(e => pronto(String(e)));",
        );
        let lista = versoes
            .as_array()
            .unwrap_or_else(|| panic!("{tamanho}: as versões: {versoes}"));
        assert_eq!(
            lista.len(),
            2,
            "{tamanho}: duas versões nos autos: {versoes}"
        );
        assert_eq!(lista[1]["versao"], 2, "{versoes}");
        assert_eq!(
            lista[1]["motivo"],
            json!(motivo),
            "{tamanho}: o motivo digitado: {versoes}"
        );
        let autor = lista[1]["autor"].as_str().unwrap_or_default();
        assert!(
            autor.starts_with("Carla") && autor != "carla",
            "{tamanho}: a autora pelo nome, não pela conta: {versoes}"
        );
        assert_eq!(lista[1]["desenhada_no_mapa"], true, "{versoes}");

        // 7. a representante da comunidade: o mapa sem edição, e a recusa do servidor
        d.ir(&format!("{base}/"));
        d.sair();
        d.entrar(&base, "comunidade");
        d.ir(&url);
        d.esperar(
            "const m = document.getElementById('mapa'); return !!m && m.getAttribute('data-pronto') === '1'
                 && (!m.hasAttribute('data-area') || m.hasAttribute('data-editor-pronto'));",
            "o mapa da representante",
        );
        let controles = d.script(
            "return {editor: !!document.getElementById('editor-da-area'),
                     barra: document.querySelectorAll('.leaflet-pm-toolbar').length,
                     editar: document.querySelectorAll('[data-editar]').length,
                     vertices: document.querySelectorAll('#mapa .marker-icon').length,
                     motivo: !!document.getElementById('motivo'),
                     csrf: document.querySelector('form.sair input[name=csrf]').value};",
            json!([]),
        );
        assert_eq!(controles["editor"], false, "{tamanho}: {controles}");
        assert_eq!(controles["barra"], 0, "{tamanho}: {controles}");
        assert_eq!(controles["editar"], 0, "{tamanho}: {controles}");
        assert_eq!(controles["vertices"], 0, "{tamanho}: {controles}");
        assert_eq!(controles["motivo"], false, "{tamanho}: {controles}");
        let status = d.script_async(
            "const pronto = arguments[arguments.length - 1];
             const csrf = document.querySelector('form.sair input[name=csrf]').value;
             const g = {type: 'Feature', properties: {motivo: 'forçado'}, geometry: {type: 'Polygon', coordinates: [[[-52.86, -16.61], [-52.85, -16.61], [-52.85, -16.605], [-52.86, -16.61]]]}};
             fetch(location.pathname.replace('/processos/', '/api/processos/') + '/area',
                   {method: 'PUT', headers: {'Content-Type': 'application/json', 'If-Match': '\"v2\"', 'X-CSRF-Token': csrf}, body: JSON.stringify(g)})
               .then(r => pronto(r.status));",
        );
        assert_eq!(
            status,
            json!(403),
            "{tamanho}: a representante não altera a área"
        );
        d.script(
            "document.getElementById('mapa').scrollIntoView({block: 'start'});",
            json!([]),
        );
        d.capturar(&format!("area-{tamanho}-7-representante"));
        d.ir(&format!("{base}/"));
        d.sair();
    }
}

/// O axe-core (o mesmo do teste das páginas) na página como está agora, e a varredura das
/// palavras do programa: cada problema numa linha, com o nome da captura.
fn problemas_de_acessibilidade(d: &Driver, axe: &str, nome: &str) -> Vec<String> {
    if d.script("return typeof axe === 'undefined';", json!([])) == Value::Bool(true) {
        d.script(axe, json!([]));
    }
    // o ponteiro fora da página: o botão sob o mouse (o «Salvar» que acabou de ser clicado) tem
    // o degradê do :hover, cujo contraste o axe não mede
    d.cmd(
        "POST",
        "/actions",
        json!({"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                            "actions": [{"type": "pointerMove", "origin": "viewport", "x": 0, "y": 0, "duration": 0}]}]}),
    );
    let _ = d
        .agente
        .delete(&format!("{}/session/{}/actions", d.base, d.sessao))
        .call();
    // A tabela do impacto fiscal (issue 28, conferida no teste das páginas) fica de fora: com uma
    // linha só de dados («Os outros 141 municípios (somados)»), o axe deixa th-has-data-cells «a
    // revisar» — defeito da marcação dela, relatado, não do editor.
    let r = d.script_async(
        "const feito = arguments[arguments.length - 1];\
         axe.run({exclude: [['table.fiscal']]}, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}, resultTypes: ['violations', 'incomplete']})\
           .then(r => feito({violacoes: r.violations.map(v => ({id: v.id, impacto: v.impact, ajuda: v.help, alvos: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' [' + n.any.concat(n.all, n.none).map(c => c.message).join('; ') + ']')})),\
                             revisar: r.incomplete.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({id: v.id, impacto: v.impact, ajuda: v.help, alvos: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' [' + n.any.concat(n.all).map(c => c.message).join('; ') + ']')}))}))\
           .catch(e => feito({erro: String(e)}));",
    );
    assert!(r.get("erro").is_none(), "{nome}: o axe falhou: {r}");
    let mut problemas = Vec::new();
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
    // as palavras do programa no que o editor e a comparação escrevem (a procedência do
    // relatório, mais abaixo, ainda nomeia o arquivo da área: relatado à parte)
    let varredura = d.script(
        PALAVRAS_DO_PROGRAMA,
        json!(["#mapa, ul.legenda-do-mapa, #area-travada, #editor-da-area, label[for=versao-comparar], #versao-comparar, #diferenca-da-versao, #area-em-vigor"]),
    );
    for achado in varredura["palavras"].as_array().into_iter().flatten() {
        problemas.push(format!("{nome}: palavra do programa no editor: {achado}"));
    }
    for t in varredura["largas"].as_array().into_iter().flatten() {
        problemas.push(format!("{nome}: tabela mais larga que a tela: {t}"));
    }
    if d.script(
        "return document.documentElement.scrollWidth > document.documentElement.clientWidth;",
        json!([]),
    ) == Value::Bool(true)
    {
        problemas.push(format!("{nome}: a página rola de lado"));
    }
    problemas
}

/// Issue 29, «an axe check of the editing page»: a página do processo com o editor da área
/// aberto (a servidora, carla), no laptop e no celular, em cada estado que a pessoa vê — o
/// editor pronto com o painel da simulação; a área trocada pelas coordenadas digitadas (um
/// polígono 37 km² maior, que passa do teto do Art. 8º, § 2º: os achados que mudaram em
/// destaque, e a lista dos outros aberta); a versão salva; a comparação com a versão anterior
/// desenhada; e a mesma página para a representante da comunidade, sem o editor. Nenhuma
/// violação, nada sério deixado «a revisar», nenhuma palavra do programa e nada que role de lado.
#[test]
fn art19_par3_acessibilidade_axe_core_do_editor_da_area_no_laptop_e_no_celular() {
    let Some(d) = Driver::novo() else { return };
    let axe = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/axe-core/axe.min.js");
    let axe = std::fs::read_to_string(&axe).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; rode scripts/preparar-testes.sh (baixa o axe-core do npm)",
            axe.display()
        )
    });
    let mut problemas = Vec::new();
    for (largura, altura, tamanho) in [(1366, 900, "laptop"), (390, 844, "celular")] {
        let (base, _dir) = comum::servidor(&format!("axe-editor-{tamanho}"));
        d.cmd(
            "POST",
            "/window/rect",
            json!({"width": largura, "height": altura}),
        );
        d.entrar(&base, "carla");
        let url = processo_da_revisao(&d, &base);
        d.ir(&url);
        esperar_o_editor(&d);
        problemas.extend(problemas_de_acessibilidade(
            &d,
            &axe,
            &format!("{tamanho}-editor"),
        ));

        // as coordenadas digitadas com os dois últimos vértices trocados: os lados se cruzam, e
        // a página diz onde, no texto (latitude e longitude, com vírgula) e no mapa
        d.script(
            "document.getElementById('editor-coordenadas').open = true;
             const c = document.getElementById('coordenadas');
             const l = c.value.trim().split('\\n'); const n = l.length;
             [l[n - 1], l[n - 2]] = [l[n - 2], l[n - 1]];
             c.value = l.join('\\n'); c.dispatchEvent(new Event('input', {bubbles: true}));",
            json!([]),
        );
        d.clicar("#aplicar-coordenadas");
        d.esperar(
            "return !!document.getElementById('coordenadas-erro') && document.querySelectorAll('#mapa .leaflet-tooltip.cruzamento-da-area').length > 0;",
            "o cruzamento apontado no texto e no mapa",
        );
        let cruzamento = d.script(
            "return {erro: document.getElementById('coordenadas-erro').textContent,
                     invalido: document.getElementById('coordenadas').getAttribute('aria-invalid'),
                     marcas: document.querySelectorAll('#mapa .leaflet-tooltip.cruzamento-da-area').length};",
            json!([]),
        );
        let erro = cruzamento["erro"].as_str().unwrap_or_default();
        assert!(
            erro.starts_with("A área: território inválido")
                && erro.contains("os lados se cruzam em latitude -16,")
                && erro.contains("marcados no mapa")
                && !erro.contains(".geojson"),
            "{tamanho}: onde os lados se cruzam, em português: {cruzamento}"
        );
        assert_eq!(cruzamento["invalido"], "true", "{tamanho}: {cruzamento}");
        d.script(
            "document.getElementById('mapa').scrollIntoView({block: 'start'});",
            json!([]),
        );
        d.capturar(&format!("area-{tamanho}-a-cruzamento"));
        problemas.extend(problemas_de_acessibilidade(
            &d,
            &axe,
            &format!("{tamanho}-cruzamento"),
        ));
        // a lista de volta como estava
        d.script(
            "const c = document.getElementById('coordenadas');
             const l = c.value.trim().split('\\n'); const n = l.length;
             [l[n - 1], l[n - 2]] = [l[n - 2], l[n - 1]];
             c.value = l.join('\\n'); c.dispatchEvent(new Event('input', {bubbles: true}));",
            json!([]),
        );

        // as coordenadas digitadas: o canto norte da área 0,15° mais ao norte (~17 km)
        let simulado = d.script(
            "return Number(document.getElementById('mapa').getAttribute('data-simulado'));",
            json!([]),
        );
        d.script(
            "const c = document.getElementById('coordenadas');
             const linhas = c.value.trim().split('\\n');
             const n = linhas.length;
             for (const i of [n - 2, n - 1]) {
               const [lat, lon] = linhas[i].trim().split(/\\s+/).map(s => Number(s.replace(',', '.')));
               linhas[i] = (lat + 0.15).toFixed(6) + ' ' + lon.toFixed(6);
             }
             c.value = linhas.join('\\n');
             c.dispatchEvent(new Event('input', {bubbles: true}));",
            json!([]),
        );
        d.clicar("#aplicar-coordenadas");
        d.esperar(
            &format!(
                "return Number(document.getElementById('mapa').getAttribute('data-simulado')) > {simulado}
                     && !document.getElementById('painel-da-area').hasAttribute('aria-busy')
                     && !!document.querySelector('#painel-da-area li.achado-da-area.mudou');"
            ),
            "os achados que mudaram com a área das coordenadas",
        );
        let mudancas = d.script(
            "document.querySelectorAll('#painel-da-area details.achados-sem-mudanca').forEach(x => x.open = true);
             return {mudou: Array.from(document.querySelectorAll('#painel-da-area li.achado-da-area.mudou')).map(l => l.innerText),
                     resumo: document.querySelector('#painel-da-area p.mudancas-da-area').innerText,
                     linhas: Array.from(document.querySelectorAll('#painel-da-area dl.linhas-da-area dd.mudou')).map(l => l.previousElementSibling.innerText + ': ' + l.innerText),
                     coordenadas: document.querySelector('p.resultado-coordenadas').innerText};",
            json!([]),
        );
        let mudou = mudancas["mudou"].as_array().cloned().unwrap_or_default();
        assert!(
            mudou.iter().any(|m| m.as_str().is_some_and(|m| m.trim_start().starts_with("mudou: antes atendia") && m.contains("não atende") && m.contains("Art. 8º, § 2º"))),
            "{tamanho}: o Art. 8º, § 2º que deixa de ser atendido, em destaque, com a situação de antes em palavras: {mudancas}"
        );
        assert!(
            mudancas["linhas"]
                .as_array()
                .is_some_and(|l| l
                    .iter()
                    .any(|l| l.as_str().is_some_and(|l| l
                        .starts_with("Ribeirãozinho, depois: fica em 2 partes")
                        && l.contains("mudou: antes atendia")))),
            "{tamanho}: a linha medida que a alteração muda, marcada no painel: {mudancas}"
        );
        assert!(
            mudancas["coordenadas"]
                .as_str()
                .is_some_and(|t| t.contains("43 vértices")),
            "{tamanho}: {mudancas}"
        );
        d.script(
            "document.getElementById('painel-da-area').scrollIntoView({block: 'start'});",
            json!([]),
        );
        d.capturar(&format!("area-{tamanho}-8-achados-que-mudaram"));
        problemas.extend(problemas_de_acessibilidade(
            &d,
            &axe,
            &format!("{tamanho}-coordenadas-e-achados"),
        ));

        // salvar e comparar
        d.digitar("#motivo", "Vértices do levantamento de campo (GPS)");
        d.clicar("#salvar-area button[type=submit]");
        d.esperar(
            "return document.getElementById('resultado-salvar').textContent === 'Versão 2 salva nos autos.';",
            "a versão 2 salva",
        );
        problemas.extend(problemas_de_acessibilidade(
            &d,
            &axe,
            &format!("{tamanho}-salva"),
        ));
        d.cmd("POST", "/refresh", json!({}));
        esperar_o_editor(&d);
        d.script(
            "const s = document.getElementById('versao-comparar'); s.value = '1'; s.dispatchEvent(new Event('change', {bubbles: true}));",
            json!([]),
        );
        d.esperar(
            "return document.getElementById('diferenca-da-versao').textContent.includes('Ganhou')
                 && document.querySelectorAll('#mapa path.diferenca-ganho').length > 0;",
            "a comparação com a versão 1",
        );
        d.script(
            "document.getElementById('mapa').scrollIntoView({block: 'start'});",
            json!([]),
        );
        d.capturar(&format!("area-{tamanho}-9-comparacao-das-coordenadas"));
        problemas.extend(problemas_de_acessibilidade(
            &d,
            &axe,
            &format!("{tamanho}-comparacao"),
        ));
        d.ir(&format!("{base}/"));
        d.sair();

        // a representante da comunidade: a mesma página, sem o editor
        d.entrar(&base, "comunidade");
        d.ir(&url);
        d.esperar(
            "const m = document.getElementById('mapa'); return !!m && m.getAttribute('data-pronto') === '1'
                 && (!m.hasAttribute('data-area') || m.hasAttribute('data-editor-pronto'));",
            "o mapa da representante",
        );
        problemas.extend(problemas_de_acessibilidade(
            &d,
            &axe,
            &format!("{tamanho}-comunidade"),
        ));
        d.ir(&format!("{base}/"));
        d.sair();
    }
    assert!(
        problemas.is_empty(),
        "{} problemas de acessibilidade no editor da área:\n{}",
        problemas.len(),
        problemas.join("\n")
    );
}
