//! O trabalho pesado fora dos trabalhadores assíncronos.
//!
//! Ler e medir um território, avaliar a lei, escrever um PDF: tudo o que gasta CPU de verdade
//! roda no pool de bloqueio do tokio, sob limites, para que um arquivo hostil (um polígono de
//! um milhão de vértices, um GeoPackage com uma visão recursiva) não prenda os trabalhadores
//! que respondem às outras páginas:
//!
//! - no máximo um trabalho por núcleo da máquina ao mesmo tempo no servidor;
//! - no máximo [`POR_CLIENTE`] de cada endereço;
//! - quem espera vaga por mais de [`ESPERA`] recebe 503;
//! - cada trabalho tem um orçamento ([`divisa_recursos::com_orcamento`]): [`PRAZO`] de relógio
//!   e [`MEMORIA`] em uso pela sua thread, contados pelo alocador do executável; os laços longos
//!   dos leitores e da geometria conferem o orçamento e, passado, o trabalho é desfeito ali
//!   mesmo (a memória volta, a vaga volta) e o pedido recebe 503 (tempo) ou 413 (memória) com
//!   uma mensagem que diz o porquê.
//!
//! Limite honesto: um trecho sem conferência (uma chamada longa dentro de uma biblioteca) só é
//! interrompido na próxima conferência; se nenhuma vier, o pedido é respondido com 503 em
//! [`PRAZO`] mais [`FOLGA`] e o trabalho segue até o fim segurando a sua vaga (por isso as vagas
//! são poucas: no pior caso, os pedidos de avaliação recebem 503, mas as páginas, o login e os
//! atos continuam a responder).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::Falha;

/// Quantos trabalhos pesados um mesmo endereço pode ter em andamento.
pub const POR_CLIENTE: usize = 2;
/// Quanto um pedido espera por uma vaga.
pub const ESPERA: Duration = Duration::from_secs(10);
/// Quanto um trabalho pode durar antes de ser interrompido.
pub const PRAZO: Duration = Duration::from_secs(30);
/// Quanta memória um trabalho pode ter em uso (com uma vaga por núcleo, duas vagas numa máquina
/// de dois núcleos somam 1 GB, além dos dados embutidos, que são de todos).
pub const MEMORIA: usize = 512 * 1024 * 1024;
/// Quanto se espera, além do prazo, por um trabalho que não confere o orçamento.
pub const FOLGA: Duration = Duration::from_secs(5);

/// As vagas de trabalho pesado do servidor.
pub(crate) struct Oficina {
    vagas: Arc<Semaphore>,
    total: usize,
    por_cliente: Arc<Mutex<HashMap<IpAddr, usize>>>,
    orcamento: divisa_recursos::Orcamento,
    folga: Duration,
}

impl Oficina {
    /// Uma vaga por núcleo (pelo menos uma), `memoria` bytes por trabalho.
    pub(crate) fn nova(memoria: usize) -> Oficina {
        let total = std::thread::available_parallelism().map_or(2, |n| n.get());
        Oficina::com(
            total,
            divisa_recursos::Orcamento {
                bytes: memoria,
                prazo: PRAZO,
            },
            FOLGA,
        )
    }

    pub(crate) fn com(
        total: usize,
        orcamento: divisa_recursos::Orcamento,
        folga: Duration,
    ) -> Oficina {
        let total = total.max(1);
        Oficina {
            vagas: Arc::new(Semaphore::new(total)),
            total,
            por_cliente: Arc::new(Mutex::new(HashMap::new())),
            orcamento,
            folga,
        }
    }

    /// Roda `trabalho` numa thread de bloqueio, com os limites. `cliente`: o endereço de quem
    /// pede (sem ele — testes sem rede —, só o limite do servidor vale).
    pub(crate) async fn executar<T: Send + 'static>(
        &self,
        cliente: Option<IpAddr>,
        trabalho: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Falha> {
        // A vaga do endereço vai junto com o trabalho: só volta quando ele termina (um cliente
        // que manda e desconecta, de novo e de novo, não passa do seu limite).
        let vaga = self.reservar(cliente).await?;
        let orcamento = self.orcamento;
        let tarefa = tokio::task::spawn_blocking(move || {
            // as vagas só voltam quando o trabalho termina, mesmo se o pedido já foi abandonado
            let _vaga = vaga;
            divisa_recursos::com_orcamento(orcamento, trabalho).0
        });
        match tokio::time::timeout(orcamento.prazo + self.folga, tarefa).await {
            Ok(Ok(Ok(t))) => {
                crate::metricas::trabalho("concluido");
                Ok(t)
            }
            Ok(Ok(Err(e @ divisa_recursos::Estouro::Memoria { .. }))) => {
                crate::metricas::trabalho("memoria");
                Err(Falha::nova(StatusCode::PAYLOAD_TOO_LARGE, e.to_string()))
            }
            Ok(Ok(Err(e @ divisa_recursos::Estouro::Tempo { .. }))) => {
                crate::metricas::trabalho("tempo");
                Err(Falha::nova(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))
            }
            Ok(Err(e)) => {
                crate::metricas::trabalho("erro");
                Err(Falha::nova(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    format!("erro interno no processamento: {e}"),
                ))
            }
            Err(_) => Err(Falha::nova(
                StatusCode::SERVICE_UNAVAILABLE,
                divisa_recursos::Estouro::Tempo {
                    prazo: orcamento.prazo,
                }
                .to_string(),
            )),
        }
    }
}

impl Oficina {
    /// Uma vaga do servidor e do endereço, para um trabalho pesado que já roda fora dos
    /// trabalhadores assíncronos por conta própria (os documentos e a exportação dos autos,
    /// em `divisa-autos`): quem a segura durante o trabalho entra nos mesmos limites.
    pub(crate) async fn reservar(&self, cliente: Option<IpAddr>) -> Result<Vaga, Falha> {
        let do_cliente = match cliente {
            Some(ip) => Some(Cliente::entrar(self.por_cliente.clone(), ip)?),
            None => None,
        };
        match tokio::time::timeout(ESPERA, self.vagas.clone().acquire_owned()).await {
            Ok(Ok(v)) => Ok(Vaga {
                _servidor: v,
                _cliente: do_cliente,
            }),
            _ => Err(Falha::nova(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "o servidor está ocupado com outros trabalhos pesados ({} ao mesmo tempo); tente de novo em instantes",
                    self.total
                ),
            )),
        }
    }
}

impl Oficina {
    /// Roda um trabalho assíncrono que já manda o pesado para fora dos trabalhadores (os
    /// documentos, a exportação e a avaliação dos autos, em `divisa-autos`) numa tarefa própria
    /// que segura a vaga até terminar: o cliente que manda e desconecta não devolve a vaga antes
    /// da hora (a tarefa segue até o fim, como o trabalho abandonado de [`Oficina::executar`]).
    pub(crate) async fn na_vaga<T: Send + 'static>(
        &self,
        cliente: Option<IpAddr>,
        trabalho: impl std::future::Future<Output = T> + Send + 'static,
    ) -> Result<T, Falha> {
        let vaga = self.reservar(cliente).await?;
        tokio::spawn(async move {
            let _vaga = vaga;
            trabalho.await
        })
        .await
        .map_err(|e| {
            Falha::nova(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("erro interno no processamento: {e}"),
            )
        })
    }
}

/// Uma vaga da oficina; volta quando é largada.
pub(crate) struct Vaga {
    _servidor: tokio::sync::OwnedSemaphorePermit,
    _cliente: Option<Cliente>,
}

/// A contagem de trabalhos de um endereço, devolvida quando o trabalho termina.
struct Cliente {
    mapa: Arc<Mutex<HashMap<IpAddr, usize>>>,
    ip: IpAddr,
}

impl Cliente {
    fn entrar(mapa: Arc<Mutex<HashMap<IpAddr, usize>>>, ip: IpAddr) -> Result<Self, Falha> {
        let mut m = mapa
            .lock()
            .map_err(|_| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, "estado interno"))?;
        let n = m.entry(ip).or_insert(0);
        if *n >= POR_CLIENTE {
            return Err(Falha::nova(
                StatusCode::TOO_MANY_REQUESTS,
                format!("já há {POR_CLIENTE} avaliações suas em andamento; espere uma terminar"),
            ));
        }
        *n += 1;
        drop(m);
        Ok(Cliente { mapa, ip })
    }
}

impl Drop for Cliente {
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

#[cfg(test)]
mod testes {
    use super::*;

    // O executável conta a memória de cada thread; os testes deste crate também.
    #[global_allocator]
    static ALOCADOR: divisa_recursos::Contador = divisa_recursos::Contador;

    /// Um trabalho que passa da memória do orçamento é desfeito e o pedido recebe 413.
    #[test]
    fn trabalho_que_passa_da_memoria_recebe_413() {
        rodar(async {
            let o = oficina(1, Duration::from_secs(5));
            let f = o
                .executar(None, || {
                    let mut blocos = Vec::new();
                    for _ in 0..200 {
                        blocos.push(vec![1u8; 1 << 20]);
                        divisa_recursos::conferir();
                    }
                    blocos.len()
                })
                .await
                .unwrap_err();
            assert_eq!(f.status, StatusCode::PAYLOAD_TOO_LARGE);
            assert!(f.mensagem.contains("mais de 64 MB"), "{}", f.mensagem);
            assert_eq!(o.executar(None, || 2 + 2).await.unwrap(), 4, "a vaga volta");
        });
    }

    /// Uma oficina de testes: `prazo` de orçamento (64 MB) e a mesma `prazo` de folga.
    fn oficina(total: usize, prazo: Duration) -> Oficina {
        Oficina::com(
            total,
            divisa_recursos::Orcamento {
                bytes: 64 << 20,
                prazo,
            },
            prazo,
        )
    }

    fn rodar<F: std::future::Future>(f: F) -> F::Output {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
            .block_on(f)
    }

    /// Um trabalho que não confere o orçamento é respondido com 503 no prazo mais a folga.
    #[test]
    fn trabalho_que_passa_do_prazo_e_abandonado_com_503() {
        rodar(async {
            let o = oficina(1, Duration::from_millis(100));
            let r = o
                .executar(None, || std::thread::sleep(Duration::from_millis(400)))
                .await;
            let f = r.unwrap_err();
            assert_eq!(f.status, StatusCode::SERVICE_UNAVAILABLE);
            assert!(f.mensagem.contains("foi interrompido"), "{}", f.mensagem);
            assert_eq!(o.executar(None, || 2 + 2).await.unwrap(), 4, "a vaga volta");
        });
    }

    /// Um trabalho que confere o orçamento para no prazo e devolve a vaga na hora.
    #[test]
    fn trabalho_que_confere_para_no_prazo_e_devolve_a_vaga() {
        rodar(async {
            let o = oficina(1, Duration::from_millis(100));
            let inicio = std::time::Instant::now();
            let f = o
                .executar(None, || loop {
                    std::thread::sleep(Duration::from_millis(5));
                    divisa_recursos::conferir();
                })
                .await
                .unwrap_err();
            assert_eq!(f.status, StatusCode::SERVICE_UNAVAILABLE);
            assert!(
                inicio.elapsed() < Duration::from_millis(180),
                "{:?}",
                inicio.elapsed()
            );
            // a vaga já voltou: o próximo não espera
            assert_eq!(o.executar(None, || 2 + 2).await.unwrap(), 4);
        });
    }

    #[test]
    fn mais_de_dois_do_mesmo_endereco_recebe_429() {
        rodar(async {
            let o = Arc::new(oficina(4, Duration::from_secs(5)));
            let ip: IpAddr = "10.0.0.7".parse().unwrap();
            let lentos: Vec<_> = (0..2)
                .map(|_| {
                    let o = o.clone();
                    tokio::spawn(async move {
                        o.executar(Some(ip), || std::thread::sleep(Duration::from_millis(300)))
                            .await
                    })
                })
                .collect();
            tokio::time::sleep(Duration::from_millis(50)).await;
            let r = o.executar(Some(ip), || ()).await.unwrap_err();
            assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
            // outro endereço passa
            assert!(o
                .executar(Some("10.0.0.8".parse().unwrap()), || ())
                .await
                .is_ok());
            for l in lentos {
                assert!(l.await.unwrap().is_ok());
            }
            // e o primeiro volta a poder
            assert!(o.executar(Some(ip), || ()).await.is_ok());
        });
    }

    /// Quem manda e abandona (o prazo passa, o trabalho segue) não escapa do limite: a vaga do
    /// endereço só volta quando o trabalho termina.
    #[test]
    fn trabalho_abandonado_segura_a_vaga_do_endereco() {
        rodar(async {
            let o = oficina(4, Duration::from_millis(50));
            let ip: IpAddr = "10.0.0.9".parse().unwrap();
            for _ in 0..2 {
                let r = o
                    .executar(Some(ip), || std::thread::sleep(Duration::from_millis(400)))
                    .await;
                assert_eq!(r.unwrap_err().status, StatusCode::SERVICE_UNAVAILABLE);
            }
            let r = o.executar(Some(ip), || ()).await.unwrap_err();
            assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
            tokio::time::sleep(Duration::from_millis(500)).await;
            assert!(o.executar(Some(ip), || ()).await.is_ok());
        });
    }

    /// Os documentos e a exportação dos autos seguram uma vaga (`reservar`) durante o trabalho:
    /// contam no limite do endereço junto com as avaliações.
    #[test]
    fn vaga_reservada_conta_no_limite_do_endereco() {
        rodar(async {
            let o = oficina(4, Duration::from_secs(5));
            let ip: IpAddr = "10.0.0.10".parse().unwrap();
            let a = o.reservar(Some(ip)).await.unwrap();
            let _b = o.reservar(Some(ip)).await.unwrap();
            let r = o.executar(Some(ip), || ()).await.unwrap_err();
            assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
            assert_eq!(
                o.reservar(Some(ip)).await.err().map(|f| f.status),
                Some(StatusCode::TOO_MANY_REQUESTS)
            );
            drop(a);
            assert!(o.executar(Some(ip), || ()).await.is_ok());
        });
    }
}
