//! Tempo e memória de um trabalho pesado.
//!
//! O servidor recebe arquivos de qualquer um: um polígono de um milhão de vértices, um
//! GeoPackage montado para pedir gigabytes. O trabalho pesado de um pedido roda numa thread de
//! bloqueio com um [`Orcamento`] (prazo e bytes); o alocador do executável ([`Contador`]) soma o
//! que cada thread aloca e libera, e os laços longos dos leitores e da geometria chamam
//! [`conferir`] de tempos em tempos. Passou do orçamento, o trabalho é desfeito ali mesmo (a
//! pilha é desenrolada, a memória volta) e quem o pediu recebe um [`Estouro`] que diz o porquê.
//!
//! O desenrolar é o mesmo mecanismo que o salsa (do rust-analyzer) usa para cancelar uma
//! consulta: `resume_unwind` com uma carga própria, que não passa pelo gancho de pânico (nada é
//! impresso como pânico) e é apanhada por [`com_orcamento`]. Sem orçamento na thread (a linha de
//! comando, os testes), [`conferir`] não faz nada: o usuário local espera o quanto quiser.
//!
//! Limites honestos: só a thread do trabalho é contada (o divisa não abre outras dentro de um
//! trabalho); memória alocada num lugar sem [`conferir`] por perto só é vista na próxima
//! conferência; e sem o [`Contador`] instalado como alocador global só o prazo vale.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

mod processo;
pub use processo::{esperar, Medida};

// A leitura de um arquivo do usuário com teto: o mesmo recurso (memória) do lado do disco.

/// O maior arquivo que o divisa lê do disco (território, malha, memorial): 256 MB. Um arquivo
/// maior (ou um que não acaba, como `/dev/zero`) é recusado depois de lidos 256 MB, sem ler o
/// resto para a memória.
pub const MAIOR_ARQUIVO: u64 = 256 * 1024 * 1024;

/// Por que um arquivo não pôde ser lido, em português.
pub fn motivo_de_leitura(erro: &std::io::Error) -> String {
    match erro.kind() {
        std::io::ErrorKind::FileTooLarge => erro.to_string(),
        std::io::ErrorKind::NotFound => "o arquivo não existe".to_owned(),
        std::io::ErrorKind::PermissionDenied => "sem permissão de leitura".to_owned(),
        std::io::ErrorKind::IsADirectory => "é uma pasta, não um arquivo".to_owned(),
        std::io::ErrorKind::InvalidData => "o conteúdo não pôde ser lido".to_owned(),
        _ => format!(
            "erro do sistema (código {})",
            erro.raw_os_error()
                .map_or("desconhecido".to_owned(), |c| c.to_string())
        ),
    }
}

/// Lê um arquivo inteiro, mas no máximo `teto` bytes: passou disso, `Err` com o tipo
/// [`std::io::ErrorKind::FileTooLarge`] e uma mensagem em português que diz o teto.
pub fn ler_com_teto(caminho: &std::path::Path, teto: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let arquivo = std::fs::File::open(caminho)?;
    if arquivo.metadata()?.is_dir() {
        return Err(std::io::Error::from(std::io::ErrorKind::IsADirectory));
    }
    let mut bytes = Vec::new();
    arquivo
        .take(teto.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > teto {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!(
                "o arquivo passa de {} MB, o maior que o divisa lê; divida-o ou simplifique-o",
                teto / (1024 * 1024)
            ),
        ));
    }
    Ok(bytes)
}

/// O alocador do sistema, contando por thread os bytes em uso.
///
/// ```text
/// #[global_allocator]
/// static ALOCADOR: divisa_recursos::Contador = divisa_recursos::Contador;
/// ```
pub struct Contador;

static INSTALADO: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// Bytes alocados menos liberados nesta thread, desde que ela nasceu.
    static EM_USO: Cell<isize> = const { Cell::new(0) };
    /// O orçamento do trabalho que roda nesta thread, se houver.
    static LIMITE: Cell<Option<Limite>> = const { Cell::new(None) };
    /// O maior `EM_USO` visto desde o começo do orçamento.
    static PICO: Cell<isize> = const { Cell::new(0) };
}

#[derive(Clone, Copy)]
struct Limite {
    base: isize,
    bytes: isize,
    inicio: Instant,
    prazo: Duration,
}

fn somar(delta: isize) {
    if !INSTALADO.load(Ordering::Relaxed) {
        INSTALADO.store(true, Ordering::Relaxed);
    }
    // `try_with`: numa thread que está morrendo, as variáveis locais podem já ter ido.
    let _ = EM_USO.try_with(|u| {
        let agora = u.get().wrapping_add(delta);
        u.set(agora);
        if delta > 0 {
            let _ = PICO.try_with(|p| {
                if agora > p.get() {
                    p.set(agora);
                }
            });
        }
    });
}

// SAFETY: repassa cada chamada ao alocador do sistema sem mudar nada do que ele devolve; só
// soma números em variáveis locais da thread, inicializadas por `const` (não alocam nem têm
// destrutor, então podem ser usadas de dentro do alocador).
unsafe impl GlobalAlloc for Contador {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: o contrato de `GlobalAlloc::alloc` é o mesmo que o chamador já cumpre.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            somar(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: idem.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            somar(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` veio deste alocador (que é o do sistema) com este `layout`.
        unsafe { System.dealloc(ptr, layout) };
        somar(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, novo: usize) -> *mut u8 {
        // SAFETY: idem; o contrato de `realloc` passa adiante como veio.
        let p = unsafe { System.realloc(ptr, layout, novo) };
        if !p.is_null() {
            somar(novo as isize - layout.size() as isize);
        }
        p
    }
}

/// Se o [`Contador`] é o alocador deste executável (ele se anuncia na primeira alocação).
pub fn contando() -> bool {
    drop(std::hint::black_box(Box::new(0u64)));
    INSTALADO.load(Ordering::Relaxed)
}

/// Quanto um trabalho pode gastar.
#[derive(Debug, Clone, Copy)]
pub struct Orcamento {
    /// Bytes em uso pela thread do trabalho, além do que ela já tinha ao começar.
    pub bytes: usize,
    /// Tempo de relógio desde o começo do trabalho.
    pub prazo: Duration,
}

/// O trabalho passou do orçamento e foi desfeito.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Estouro {
    /// Passou do prazo.
    Tempo {
        /// O prazo dado.
        prazo: Duration,
    },
    /// Passou dos bytes.
    Memoria {
        /// O limite dado.
        limite: usize,
        /// O que estava em uso quando foi visto.
        em_uso: usize,
    },
}

impl fmt::Display for Estouro {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Estouro::Tempo { prazo } => write!(
                f,
                "o processamento passou de {} segundos e foi interrompido, para não prender o servidor; confira o arquivo (vértices demais, partes demais, geometria degenerada) ou divida-o",
                prazo.as_secs()
            ),
            Estouro::Memoria { limite, .. } => write!(
                f,
                "o processamento pediu mais de {} MB de memória e foi interrompido, para não prender o servidor; confira o arquivo (vértices demais, partes demais, geometria degenerada) ou divida-o",
                limite / (1024 * 1024)
            ),
        }
    }
}

impl std::error::Error for Estouro {}

/// O que o trabalho gastou.
#[derive(Debug, Clone, Copy, Default)]
pub struct Consumo {
    /// O pico de bytes em uso pela thread, acima do que ela tinha ao começar (0 sem o
    /// [`Contador`]).
    pub pico_bytes: usize,
    /// Quanto durou.
    pub tempo: Duration,
}

/// Roda `trabalho` nesta thread sob `orcamento`. Um [`conferir`] que acha o orçamento
/// estourado desfaz o trabalho e volta aqui como `Err`. Um pânico de verdade continua pânico.
pub fn com_orcamento<T>(
    orcamento: Orcamento,
    trabalho: impl FnOnce() -> T,
) -> (Result<T, Estouro>, Consumo) {
    let base = EM_USO.with(Cell::get);
    let anterior = LIMITE.with(|l| {
        l.replace(Some(Limite {
            base,
            bytes: orcamento.bytes.min(isize::MAX as usize) as isize,
            inicio: Instant::now(),
            prazo: orcamento.prazo,
        }))
    });
    let pico_anterior = PICO.with(|p| p.replace(base));
    let inicio = Instant::now();
    let r = catch_unwind(AssertUnwindSafe(trabalho));
    let consumo = Consumo {
        pico_bytes: PICO.with(Cell::get).saturating_sub(base).max(0) as usize,
        tempo: inicio.elapsed(),
    };
    LIMITE.with(|l| l.set(anterior));
    PICO.with(|p| p.set(pico_anterior.max(p.get())));
    match r {
        Ok(t) => (Ok(t), consumo),
        Err(carga) => match carga.downcast::<Estouro>() {
            Ok(e) => (Err(*e), consumo),
            Err(outra) => resume_unwind(outra),
        },
    }
}

/// Confere o orçamento da thread; se passou, desfaz o trabalho (volta a [`com_orcamento`]).
/// Barato (uma leitura do relógio): chame a cada mil iterações de um laço longo, ou mais.
pub fn conferir() {
    if let Err(e) = estado() {
        resume_unwind(Box::new(e));
    }
}

/// O orçamento da thread, sem desfazer nada: `Err` se passou.
pub fn estado() -> Result<(), Estouro> {
    let Some(l) = LIMITE.with(Cell::get) else {
        return Ok(());
    };
    let em_uso = EM_USO.with(Cell::get).saturating_sub(l.base);
    if em_uso > l.bytes {
        return Err(Estouro::Memoria {
            limite: l.bytes as usize,
            em_uso: em_uso as usize,
        });
    }
    if l.inicio.elapsed() > l.prazo {
        return Err(Estouro::Tempo { prazo: l.prazo });
    }
    Ok(())
}

/// Confere o orçamento a cada `passo` chamadas (para laços muito curtos por iteração).
pub fn conferir_a_cada(i: usize, passo: usize) {
    if i.is_multiple_of(passo.max(1)) {
        conferir();
    }
}

#[cfg(test)]
mod testes;
