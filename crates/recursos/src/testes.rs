//! Os testes do orçamento (com o `Contador` como alocador, como no executável) e da medida de um
//! processo filho.

use super::*;

#[global_allocator]
static ALOCADOR: Contador = Contador;

fn orcamento(bytes: usize, prazo_ms: u64) -> Orcamento {
    Orcamento {
        bytes,
        prazo: Duration::from_millis(prazo_ms),
    }
}

#[test]
fn o_contador_se_anuncia() {
    assert!(contando());
}

#[test]
fn trabalho_dentro_do_orcamento_devolve_o_valor_e_o_pico() {
    let (r, consumo) = com_orcamento(orcamento(64 << 20, 10_000), || {
        let v = vec![1u8; 8 << 20];
        conferir();
        v.len()
    });
    assert_eq!(r, Ok(8 << 20));
    assert!(consumo.pico_bytes >= 8 << 20, "{consumo:?}");
    assert!(consumo.pico_bytes < 9 << 20, "{consumo:?}");
}

#[test]
fn memoria_acima_do_orcamento_desfaz_o_trabalho() {
    let (r, consumo) = com_orcamento(orcamento(16 << 20, 10_000), || {
        let mut guardados = Vec::new();
        for _ in 0..100 {
            guardados.push(vec![0u8; 1 << 20]);
            conferir();
        }
        guardados.len()
    });
    match r {
        Err(Estouro::Memoria { limite, em_uso }) => {
            assert_eq!(limite, 16 << 20);
            assert!(em_uso > 16 << 20 && em_uso < 18 << 20, "{em_uso}");
        }
        outro => panic!("esperava estouro de memória: {outro:?}"),
    }
    assert!(consumo.pico_bytes > 16 << 20);
    // a memória voltou com o desenrolar: outro trabalho cabe no mesmo orçamento
    let (r, _) = com_orcamento(orcamento(16 << 20, 10_000), || vec![0u8; 8 << 20].len());
    assert!(r.is_ok());
}

#[test]
fn tempo_acima_do_prazo_desfaz_o_trabalho() {
    let inicio = Instant::now();
    let (r, _) = com_orcamento(orcamento(1 << 30, 50), || loop {
        std::thread::sleep(Duration::from_millis(5));
        conferir();
    });
    assert_eq!(
        r,
        Err::<(), _>(Estouro::Tempo {
            prazo: Duration::from_millis(50)
        })
    );
    assert!(inicio.elapsed() < Duration::from_secs(1));
    assert!(r.unwrap_err().to_string().contains("foi interrompido"));
}

#[test]
fn sem_orcamento_conferir_nao_faz_nada() {
    let v = vec![0u8; 32 << 20];
    conferir();
    assert_eq!(estado(), Ok(()));
    drop(v);
}

#[test]
fn panico_de_verdade_continua_panico() {
    let r = std::panic::catch_unwind(|| {
        com_orcamento(orcamento(1 << 30, 10_000), || -> () { panic!("defeito") })
    });
    assert!(r.is_err());
}

#[test]
fn orcamentos_aninhados_voltam_ao_de_fora() {
    let (r, _) = com_orcamento(orcamento(1 << 30, 10_000), || {
        let (dentro, _) = com_orcamento(orcamento(1 << 20, 10_000), || {
            let v = vec![0u8; 4 << 20];
            conferir();
            v.len()
        });
        assert!(matches!(dentro, Err(Estouro::Memoria { .. })));
        conferir(); // o de fora, folgado, vale de novo
        1
    });
    assert_eq!(r, Ok(1));
}

#[test]
fn mede_um_processo_filho_e_mata_o_que_passa_do_prazo() {
    // um filho que segura ~64 MB por um momento e sai com 7
    let mut filho = std::process::Command::new("python3")
        .args([
            "-c",
            "import time, sys; b = bytearray(64 << 20); time.sleep(0.2); sys.exit(7)",
        ])
        .spawn()
        .unwrap();
    let m = esperar(&mut filho, Duration::from_secs(10)).unwrap();
    assert_eq!(m.codigo, Some(7));
    assert!(!m.passou_do_prazo);
    assert!(m.pico_kib > 64 * 1024, "{m:?}");
    assert!(
        m.pico_kib < 200 * 1024,
        "o pico é o do filho, não o do pai: {m:?}"
    );

    let mut filho = std::process::Command::new("sleep")
        .arg("30")
        .spawn()
        .unwrap();
    let m = esperar(&mut filho, Duration::from_millis(100)).unwrap();
    assert!(m.passou_do_prazo);
    assert_eq!(m.sinal, Some(libc::SIGKILL));
    assert!(m.tempo < Duration::from_secs(5));
}
