//! Um processo que escreve é morto com SIGKILL no meio da sequência: o banco abre, cada evento
//! confirmado está lá, e a cadeia confere. Nas duas bases.
//!
//! O escritor é este mesmo executável de teste, chamado de novo com `DIVISA_ESCRITOR` (o endereço
//! do banco) e `DIVISA_ESCRITOR_PROTOCOLO`: ele anexa documentos sem parar e imprime
//! `confirmado N` depois de cada `COMMIT`.

use super::bases;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use bases::{rodar, BancoDeTeste};
use divisa_processo::*;
use divisa_registro::{NovaRepresentacao, Registro};
use jiff::civil::date;

const DIA: jiff::civil::Date = date(2026, 3, 2);

fn agora() -> jiff::Timestamp {
    jiff::tz::offset(0)
        .to_timestamp(DIA.at(16, 0, 0, 0))
        .unwrap()
}

fn servidor() -> Ator {
    Ator::new("carla.servidora", Papel::Servidor)
}

/// O escritor: não é um teste, é o processo que o teste mata (`--ignored`, com as variáveis).
#[test]
#[ignore = "auxiliar: chamado pelos testes de SIGKILL como processo filho"]
fn escritor() {
    let (Ok(url), Ok(protocolo)) = (
        std::env::var("DIVISA_ESCRITOR"),
        std::env::var("DIVISA_ESCRITOR_PROTOCOLO"),
    ) else {
        return;
    };
    rodar(async {
        let r = Registro::abrir(&url).await.unwrap();
        let mut versao = r.carregar(&protocolo).await.unwrap().processo.versao;
        let mut saida = std::io::stdout().lock();
        loop {
            let ato = Ato::JuntarDocumento {
                art15: None,
                descricao: format!("doc {versao}"),
            };
            r.anexar(&protocolo, versao, &servidor(), ato, DIA, agora())
                .await
                .unwrap();
            writeln!(saida, "confirmado {versao}").unwrap();
            saida.flush().unwrap();
            versao += 1;
        }
    });
}

async fn morto_no_meio(b: &BancoDeTeste) {
    let r = b.abrir().await;
    let recibo = r
        .protocolar(
            &Ator::new("dep.autor", Papel::Deputado),
            NovaRepresentacao {
                tipo: TipoProcesso::Criacao,
                nome: "Resistente".into(),
                municipios_origem: divisa_processo::origens(&["Sorriso".into()]).unwrap(),
                via: Via::Deputado {
                    id: "dep.autor".into(),
                },
                representante: "João".into(),
                assinaturas: 10,
                documentos: vec![],
                proposta: None,
                nome_homenageia_pessoa_viva: None,
            },
            DIA,
            agora(),
        )
        .await
        .unwrap();
    r.fechar().await;
    let protocolo = recibo.protocolo.to_string();

    // o nome do teste do escritor no executável: o caminho do módulo sem o do crate
    let nome = module_path!()
        .split_once("::")
        .map_or_else(|| "escritor".to_owned(), |(_, m)| format!("{m}::escritor"));
    let mut filho = Command::new(std::env::current_exe().unwrap())
        .args([
            nome.as_str(),
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("DIVISA_ESCRITOR", &b.url)
        .env("DIVISA_ESCRITOR_PROTOCOLO", &protocolo)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut linhas = BufReader::new(filho.stdout.take().unwrap()).lines();
    let mut confirmados = Vec::new();
    while confirmados.len() < 40 {
        let Some(Ok(l)) = linhas.next() else {
            panic!("o escritor parou antes de 40 eventos: {confirmados:?}")
        };
        if let Some(n) = l.strip_prefix("confirmado ") {
            confirmados.push(n.parse::<u64>().unwrap());
        }
    }
    filho.kill().unwrap(); // SIGKILL
    filho.wait().unwrap();
    // o que o escritor imprimiu antes de morrer também foi confirmado
    for l in linhas.map_while(Result::ok) {
        if let Some(n) = l.strip_prefix("confirmado ") {
            confirmados.push(n.parse::<u64>().unwrap());
        }
    }

    let r = b.abrir().await;
    let autos = r
        .carregar(&protocolo)
        .await
        .expect("o banco abre depois do SIGKILL");
    let gravados: Vec<String> = autos
        .eventos
        .iter()
        .filter_map(|e| match &e.ato {
            Ato::JuntarDocumento { descricao, .. } => Some(descricao.clone()),
            _ => None,
        })
        .collect();
    for n in &confirmados {
        assert!(
            gravados.contains(&format!("doc {n}")),
            "o evento confirmado {n} sumiu"
        );
    }
    assert!(gravados.len() >= confirmados.len());
    assert!(r.verificar(Some(&protocolo)).await.unwrap().is_empty());
    eprintln!(
        "SIGKILL: {} confirmados impressos, {} gravados",
        confirmados.len(),
        gravados.len()
    );
    r.fechar().await;
}

#[test]
fn sqlite_escritor_morto_com_sigkill_nao_perde_o_confirmado() {
    rodar(async {
        let b = BancoDeTeste::sqlite();
        morto_no_meio(&b).await;
        b.apagar().await;
    });
}

#[test]
fn postgres_escritor_morto_com_sigkill_nao_perde_o_confirmado() {
    rodar(async {
        let Some(b) = BancoDeTeste::postgres().await else {
            return;
        };
        morto_no_meio(&b).await;
        b.apagar().await;
    });
}
