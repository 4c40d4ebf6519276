//! O leitor de propostas nunca entra em pânico: bytes ao acaso e mutações dos exemplos reais só
//! podem dar uma proposta ou um erro com mensagem.
//!
//! Gerador próprio (xorshift com semente fixa) para o teste ser repetível sem dependência nova.

use crate::{exemplos, ler};

struct Xorshift(u64);

impl Xorshift {
    fn proximo(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn ate(&mut self, limite: usize) -> usize {
        (self.proximo() % limite.max(1) as u64) as usize
    }
}

const PEDACOS: [&str; 16] = [
    "=",
    "[",
    "]",
    "\"",
    "\n",
    "-",
    "9999999999999999999999",
    "1e309",
    "nan",
    "[[remanescente]]",
    "{",
    "}",
    ",",
    "0",
    "ç",
    "\u{0}",
];

#[test]
fn leitor_nunca_entra_em_panico_com_bytes_ao_acaso() {
    let mut gerador = Xorshift(0x5eed_2392);
    for _ in 0..3_000 {
        let tamanho = gerador.ate(200);
        let bytes: Vec<u8> = (0..tamanho).map(|_| gerador.proximo() as u8).collect();
        let texto = String::from_utf8_lossy(&bytes);
        let _ = ler(&texto);
    }
}

#[test]
fn leitor_nunca_entra_em_panico_com_exemplos_mutilados() {
    let mut gerador = Xorshift(0x0023_1992);
    let mut originais = Vec::new();
    for entrada in std::fs::read_dir(exemplos()).unwrap() {
        let caminho = entrada.unwrap().path();
        if caminho.extension().is_some_and(|e| e == "toml") {
            originais.push(std::fs::read_to_string(caminho).unwrap());
        }
    }
    assert_eq!(originais.len(), 8);
    let mut validas = 0;
    for rodada in 0..4_000 {
        let mut texto: Vec<char> = originais[rodada % originais.len()].chars().collect();
        for _ in 0..1 + gerador.ate(4) {
            let posicao = gerador.ate(texto.len());
            match gerador.ate(3) {
                0 if !texto.is_empty() => {
                    texto.remove(posicao.min(texto.len() - 1));
                }
                0 => {}
                1 => texto
                    .splice(
                        posicao..posicao,
                        PEDACOS[gerador.ate(PEDACOS.len())].chars(),
                    )
                    .for_each(drop),
                _ => texto.truncate(posicao),
            }
        }
        let texto: String = texto.into_iter().collect();
        match ler(&texto) {
            Ok(proposta) => {
                validas += 1;
                // O que foi lido também precisa ser avaliável sem pânico.
                let _ = divisa_lei::avaliar(&proposta.fatos, jiff::civil::date(2027, 3, 10));
            }
            Err(erro) => assert!(!erro.mensagem.is_empty()),
        }
    }
    assert!(
        validas > 0,
        "as mutações deveriam deixar algumas propostas válidas"
    );
}
