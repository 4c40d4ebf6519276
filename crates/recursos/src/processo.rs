//! A medida de um processo filho: como terminou, quanto tempo levou e o pico de memória que o
//! sistema operacional viu (`ru_maxrss` de `wait4`), com prazo. Para o catálogo hostil e os
//! benchmarks, que rodam o `divisa` de verdade, um processo por entrada.

use std::process::Child;
use std::time::{Duration, Instant};

/// Como um processo filho terminou.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Medida {
    /// O código de saída, se saiu por conta própria.
    pub codigo: Option<i32>,
    /// O sinal que o matou, se foi morto.
    pub sinal: Option<i32>,
    /// Se passou do prazo (e foi morto por isso).
    pub passou_do_prazo: bool,
    /// O pico de memória residente, em KiB.
    pub pico_kib: u64,
    /// Do começo da espera até o fim.
    pub tempo: Duration,
}

/// Espera `filho` terminar, matando-o se passar de `prazo`, e diz como foi.
pub fn esperar(filho: &mut Child, prazo: Duration) -> std::io::Result<Medida> {
    let pid = libc::pid_t::try_from(filho.id())
        .map_err(|_| std::io::Error::other("pid fora do intervalo"))?;
    let inicio = Instant::now();
    let mut passou = false;
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: `rusage` é uma estrutura C de inteiros; zerada é um valor válido.
        let mut uso: libc::rusage = unsafe { std::mem::zeroed() };
        let opcoes = if passou { 0 } else { libc::WNOHANG };
        // SAFETY: `pid` é um filho deste processo ainda não colhido (o `Child` não foi
        // esperado); `status` e `uso` são variáveis locais válidas para escrita.
        let r = unsafe { libc::wait4(pid, &mut status, opcoes, &mut uso) };
        if r == pid {
            let (codigo, sinal) = if libc::WIFEXITED(status) {
                (Some(libc::WEXITSTATUS(status)), None)
            } else if libc::WIFSIGNALED(status) {
                (None, Some(libc::WTERMSIG(status)))
            } else {
                (None, None)
            };
            return Ok(Medida {
                codigo,
                sinal,
                passou_do_prazo: passou,
                pico_kib: u64::try_from(uso.ru_maxrss).unwrap_or(0),
                tempo: inicio.elapsed(),
            });
        }
        if r < 0 {
            let erro = std::io::Error::last_os_error();
            if erro.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(erro);
        }
        if !passou && inicio.elapsed() > prazo {
            passou = true;
            filho.kill()?;
            continue;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}
