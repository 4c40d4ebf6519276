//! A medida de um processo filho: como terminou, quanto tempo levou e o pico de memória, com
//! prazo. Para o catálogo hostil e os benchmarks, que rodam o `divisa` de verdade, um processo
//! por entrada.
//!
//! O pico é o `VmHWM` de `/proc/PID/status`, lido a cada milissegundo enquanto o filho roda: o
//! `ru_maxrss` de `wait4` não serve, porque o Linux guarda nele o tamanho do processo antes do
//! `exec` — o do pai, que criou o filho dividindo a memória com ele (o `posix_spawn`). O que
//! cresce no último milissegundo antes de o filho sair pode escapar à leitura.

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
    /// O pico de memória residente, em KiB (o último `VmHWM` lido).
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
    let mut pico_kib = 0;
    let status_do_filho = format!("/proc/{pid}/status");
    loop {
        if let Some(hwm) = std::fs::read_to_string(&status_do_filho)
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("VmHWM:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            })
        {
            pico_kib = pico_kib.max(hwm);
        }
        let mut status: libc::c_int = 0;
        let opcoes = if passou { 0 } else { libc::WNOHANG };
        // SAFETY: `pid` é um filho deste processo ainda não colhido (o `Child` não foi
        // esperado); `status` é uma variável local válida para escrita.
        let r = unsafe { libc::waitpid(pid, &mut status, opcoes) };
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
                pico_kib,
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
        std::thread::sleep(Duration::from_millis(1));
    }
}
