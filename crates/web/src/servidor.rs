//! O laço das conexões do divisa (hyper 1 por baixo do axum): o prazo do cabeçalho, a vida de
//! cada conexão, o teto de conexões por endereço, o TLS nativo e o encerramento em poucos
//! segundos (o núcleo da aplicação, abaixo das rotas).

use super::*;

/// Como rodar o servidor.
#[derive(Debug, Clone)]
pub struct Opcoes {
    /// Onde escutar.
    pub endereco: SocketAddr,
    /// O banco (`divisa.sqlite3`, `sqlite://…`, `postgres://…`).
    pub db: String,
    /// Semear dados de demonstração se o banco não tiver nenhuma conta.
    pub demonstracao: bool,
    /// Cookies `Secure` (atrás de TLS).
    pub seguro: bool,
    /// A memória de cada trabalho pesado, em bytes (`None`: [`oficina::MEMORIA`]).
    pub memoria_por_trabalho: Option<usize>,
    /// Os endereços dos proxies reversos em que se confia: só de uma conexão vinda deles o
    /// `X-Forwarded-For` diz quem é o cliente (para os limites por endereço, a oficina e o
    /// log), e só eles passam do limite de conexões por endereço. Sem proxy configurado, o
    /// cabeçalho é ignorado (qualquer um o forjaria).
    pub proxies_confiaveis: Vec<std::net::IpAddr>,
    /// O token de `GET /metricas` (de `DIVISA_TOKEN_METRICAS`); sem ele, a rota não existe.
    pub token_metricas: Option<String>,
    /// Os avisos de prazo por e-mail; sem eles, nenhum e-mail sai.
    pub avisos: Option<avisos::ConfiguracaoAvisos>,
    /// TLS no próprio servidor: (certificado em PEM, com a cadeia; chave privada em PEM). Sem
    /// ele, HTTP (o TLS fica no proxy reverso).
    pub tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
    /// O relógio do servidor.
    pub relogio: Relogio,
    /// Como compor os PDFs: o endereço público de conferência que o QR leva.
    pub documentos: divisa_documentos::OpcoesDoPdf,
}

/// O aceitador TLS dos arquivos PEM, com a mensagem em português quando não lê.
pub(crate) fn aceitador_tls(
    certificado: &std::path::Path,
    chave: &std::path::Path,
) -> anyhow::Result<tokio_rustls::TlsAcceptor> {
    use rustls_pki_types::pem::PemObject as _;
    use rustls_pki_types::{CertificateDer, PrivateKeyDer};
    let cadeia: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(certificado)
        .and_then(|i| i.collect::<Result<_, _>>())
        .map_err(|e| {
            anyhow::anyhow!(
                "{}: não foi possível ler o certificado em PEM ({e})",
                certificado.display()
            )
        })?;
    if cadeia.is_empty() {
        anyhow::bail!(
            "{}: nenhum certificado (BEGIN CERTIFICATE) no arquivo",
            certificado.display()
        );
    }
    let chave_privada = PrivateKeyDer::from_pem_file(chave).map_err(|e| {
        anyhow::anyhow!(
            "{}: não foi possível ler a chave privada em PEM ({e})",
            chave.display()
        )
    })?;
    let provedor = std::sync::Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let mut config = tokio_rustls::rustls::ServerConfig::builder_with_provider(provedor)
        .with_safe_default_protocol_versions()
        .map_err(|e| anyhow::anyhow!("TLS: {e}"))?
        .with_no_client_auth()
        .with_single_cert(cadeia, chave_privada)
        .map_err(|e| {
            anyhow::anyhow!(
                "{} e {}: o certificado e a chave não formam um par válido ({e})",
                certificado.display(),
                chave.display()
            )
        })?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(tokio_rustls::TlsAcceptor::from(std::sync::Arc::new(config)))
}

/// Quanto um cliente tem para mandar o cabeçalho de um pedido (também o próximo, numa conexão
/// mantida aberta): quem abre a conexão e não fala é desligado.
pub const PRAZO_DO_CABECALHO: std::time::Duration = std::time::Duration::from_secs(10);
/// Quanto uma conexão vive, no máximo (um envio lento de propósito não segura um soquete).
pub const VIDA_DA_CONEXAO: std::time::Duration = std::time::Duration::from_secs(300);
/// Quantas conexões abertas ao mesmo tempo; além disso, a conexão nova é fechada na hora (o
/// servidor não fica sem descritores de arquivo).
pub const MAXIMO_DE_CONEXOES: usize = 512;

/// O laço das conexões: HTTP/1 com prazo para o cabeçalho, vida máxima por conexão, teto de
/// conexões, o endereço de quem pede para o limite de tentativas e da oficina, e Ctrl+C que
/// para de aceitar e espera as conexões por até [`ENCERRAMENTO`].
pub(crate) async fn servir_conexoes(
    ouvinte: tokio::net::TcpListener,
    app: Router,
    proxies: Vec<std::net::IpAddr>,
    tls: Option<tokio_rustls::TlsAcceptor>,
) {
    let proxies = std::sync::Arc::new(proxies);
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt as _;
    let vagas = std::sync::Arc::new(tokio::sync::Semaphore::new(MAXIMO_DE_CONEXOES));
    let por_endereco: std::sync::Arc<Mutex<HashMap<std::net::IpAddr, usize>>> = Default::default();
    let graciosa = hyper_util::server::graceful::GracefulShutdown::new();
    let mut construtor = hyper::server::conn::http1::Builder::new();
    construtor
        .timer(TokioTimer::new())
        .header_read_timeout(PRAZO_DO_CABECALHO)
        .keep_alive(true);
    let sinal = tokio::signal::ctrl_c();
    tokio::pin!(sinal);
    loop {
        let (soquete, endereco) = tokio::select! {
            _ = &mut sinal => break,
            aceito = ouvinte.accept() => match aceito {
                Ok(a) => a,
                // sem descritores (EMFILE) ou conexão abortada: respira e segue
                Err(_) => {
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        let Ok(vaga) = vagas.clone().try_acquire_owned() else {
            drop(soquete);
            continue;
        };
        // Um endereço só não segura todas as conexões (menos o proxy confiável: atrás dele
        // estão todos os clientes).
        let do_endereco = if proxies.contains(&endereco.ip()) {
            None
        } else {
            let Some(c) = ConexoesDoEndereco::abrir(&por_endereco, endereco.ip()) else {
                drop(soquete);
                continue;
            };
            Some(c)
        };
        let app = app.clone();
        let proxies = proxies.clone();
        let servico =
            hyper::service::service_fn(move |mut pedido: hyper::Request<hyper::body::Incoming>| {
                // o endereço do cliente: o da conexão, ou o que o proxy confiável encaminhou
                let cliente = endereco_do_cliente(
                    Some(endereco),
                    pedido
                        .headers()
                        .get("x-forwarded-for")
                        .and_then(|v| v.to_str().ok()),
                    &proxies,
                )
                .unwrap_or(endereco);
                pedido
                    .extensions_mut()
                    .insert(axum::extract::ConnectInfo(cliente));
                app.clone().oneshot(pedido.map(axum::body::Body::new))
            });
        let Some(aceitador) = tls.clone() else {
            let conexao = construtor.serve_connection(TokioIo::new(soquete), servico);
            let conexao = graciosa.watch(conexao);
            tokio::spawn(async move {
                let _vaga = vaga;
                let _do_endereco = do_endereco;
                let _ = tokio::time::timeout(VIDA_DA_CONEXAO, conexao).await;
            });
            continue;
        };
        // Com TLS: o aperto de mão na tarefa da conexão (um cliente lento não segura as outras),
        // com o mesmo prazo do cabeçalho.
        let (construtor, vigia) = (construtor.clone(), graciosa.watcher());
        tokio::spawn(async move {
            let _vaga = vaga;
            let _do_endereco = do_endereco;
            let Ok(Ok(cifrado)) =
                tokio::time::timeout(PRAZO_DO_CABECALHO, aceitador.accept(soquete)).await
            else {
                return;
            };
            let conexao = vigia.watch(construtor.serve_connection(TokioIo::new(cifrado), servico));
            let _ = tokio::time::timeout(VIDA_DA_CONEXAO, conexao).await;
        });
    }
    drop(ouvinte);
    // Pedidos em andamento terminam; um trabalho pesado que não termina não segura o fim.
    let _ = tokio::time::timeout(ENCERRAMENTO, graciosa.shutdown()).await;
}

/// Quantas conexões abertas um mesmo endereço pode ter.
pub const CONEXOES_POR_ENDERECO: usize = 64;

/// A conta das conexões de um endereço, devolvida quando a conexão fecha.
pub(crate) struct ConexoesDoEndereco {
    mapa: std::sync::Arc<Mutex<HashMap<std::net::IpAddr, usize>>>,
    ip: std::net::IpAddr,
}

impl ConexoesDoEndereco {
    fn abrir(
        mapa: &std::sync::Arc<Mutex<HashMap<std::net::IpAddr, usize>>>,
        ip: std::net::IpAddr,
    ) -> Option<ConexoesDoEndereco> {
        let mut m = mapa.lock().ok()?;
        let n = m.entry(ip).or_insert(0);
        if *n >= CONEXOES_POR_ENDERECO {
            return None;
        }
        *n += 1;
        drop(m);
        Some(ConexoesDoEndereco {
            mapa: mapa.clone(),
            ip,
        })
    }
}

impl Drop for ConexoesDoEndereco {
    fn drop(&mut self) {
        if let Ok(mut m) = self.mapa.lock() {
            if let Some(n) = m.get_mut(&self.ip) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    m.remove(&self.ip);
                }
            }
        }
    }
}

/// Quanto o encerramento espera pelos pedidos em andamento.
pub const ENCERRAMENTO: std::time::Duration = std::time::Duration::from_secs(3);

/// Abre o banco, semeia a demonstração se for o caso e serve até Ctrl+C. `pronto` recebe o
/// endereço de fato (útil com a porta 0).
pub async fn servir(opcoes: Opcoes, pronto: impl FnOnce(SocketAddr, &str)) -> anyhow::Result<()> {
    let registro = Registro::abrir(&opcoes.db).await?;
    let mut aviso = String::new();
    if opcoes.demonstracao && registro.contar_usuarios().await? == 0 {
        semente::semear(&registro, opcoes.relogio.agora()).await?;
        aviso = format!(
            "banco vazio: semeados dados de DEMONSTRAÇÃO (contas {}, senha \"{}\")",
            semente::CONTAS
                .iter()
                .map(|c| c.0)
                .collect::<Vec<_>>()
                .join(", "),
            semente::SENHA
        );
    }
    let tls = opcoes
        .tls
        .as_ref()
        .map(|(certificado, chave)| aceitador_tls(certificado, chave))
        .transpose()?;
    let ouvinte = tokio::net::TcpListener::bind(opcoes.endereco)
        .await
        .map_err(|e| anyhow::anyhow!("não foi possível escutar em {}: {e}", opcoes.endereco))?;
    let endereco = ouvinte.local_addr()?;
    pronto(endereco, &aviso);
    let app = rotas(Estado::configurado(
        registro.clone(),
        Configuracao {
            seguro: opcoes.seguro,
            memoria_por_trabalho: opcoes.memoria_por_trabalho.unwrap_or(oficina::MEMORIA),
            token_metricas: opcoes.token_metricas.clone(),
            relogio: opcoes.relogio,
            documentos: opcoes.documentos.clone(),
        },
    ));
    // os avisos por e-mail numa tarefa à parte, que morre com o servidor
    let avisos = opcoes
        .avisos
        .clone()
        .map(|c| tokio::spawn(avisos::laco(registro.clone(), c)));
    servir_conexoes(ouvinte, app, opcoes.proxies_confiaveis.clone(), tls).await;
    if let Some(t) = avisos {
        t.abort();
    }
    registro.fechar().await;
    Ok(())
}

/// O endereço do cliente: o da conexão, ou — se a conexão vem de um proxy confiável — o último
/// endereço do `X-Forwarded-For` que não é de um proxy confiável (cada proxy acrescenta à
/// direita o endereço de quem lhe falou; à esquerda, o cliente pode ter escrito qualquer coisa).
pub(crate) fn endereco_do_cliente(
    conexao: Option<SocketAddr>,
    encaminhado: Option<&str>,
    proxies: &[std::net::IpAddr],
) -> Option<SocketAddr> {
    let conexao = conexao?;
    if !proxies.contains(&conexao.ip()) {
        return Some(conexao);
    }
    let Some(cabecalho) = encaminhado else {
        return Some(conexao);
    };
    for parte in cabecalho.rsplit(',') {
        let Ok(ip) = parte.trim().parse::<std::net::IpAddr>() else {
            // um endereço ilegível: não se vai além dele
            return Some(conexao);
        };
        if !proxies.contains(&ip) {
            return Some(SocketAddr::new(ip, 0));
        }
    }
    Some(conexao)
}

#[cfg(test)]
mod testes_do_endereco {
    use super::endereco_do_cliente;
    use std::net::{IpAddr, SocketAddr};

    fn sa(s: &str) -> SocketAddr {
        s.parse().unwrap()
    }

    /// Issue 17/19: o `X-Forwarded-For` só vale vindo de um proxy confiável, e dele vale o
    /// último endereço que não é de um proxy confiável (o que o cliente escreveu à esquerda não
    /// engana).
    #[test]
    fn x_forwarded_for_so_do_proxy_confiavel() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let interno: IpAddr = "10.0.0.2".parse().unwrap();
        let proxies = [proxy, interno];
        // sem proxy configurado: o cabeçalho é ignorado
        assert_eq!(
            endereco_do_cliente(Some(sa("203.0.113.9:5000")), Some("1.2.3.4"), &[]),
            Some(sa("203.0.113.9:5000"))
        );
        // de quem não é proxy: ignorado
        assert_eq!(
            endereco_do_cliente(Some(sa("203.0.113.9:5000")), Some("1.2.3.4"), &proxies),
            Some(sa("203.0.113.9:5000"))
        );
        // do proxy: o cliente que ele encaminhou
        assert_eq!(
            endereco_do_cliente(Some(sa("10.0.0.1:4000")), Some("198.51.100.7"), &proxies),
            Some(sa("198.51.100.7:0"))
        );
        // o cliente forjou um endereço à esquerda; dois proxies em cadeia à direita
        assert_eq!(
            endereco_do_cliente(
                Some(sa("10.0.0.1:4000")),
                Some("1.1.1.1, 198.51.100.7, 10.0.0.2"),
                &proxies
            ),
            Some(sa("198.51.100.7:0"))
        );
        // lixo no cabeçalho: fica o proxy (não se adivinha)
        assert_eq!(
            endereco_do_cliente(Some(sa("10.0.0.1:4000")), Some("nada"), &proxies),
            Some(sa("10.0.0.1:4000"))
        );
        // do proxy sem cabeçalho: o proxy
        assert_eq!(
            endereco_do_cliente(Some(sa("10.0.0.1:4000")), None, &proxies),
            Some(sa("10.0.0.1:4000"))
        );
    }
}
