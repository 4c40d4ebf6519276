//! Os arquivos que o operador dá à linha de comando: lidos inteiros, com o teto de tamanho, ou
//! recusados com o nome e o motivo (saída 2).

use std::path::Path;

use divisa_recursos::motivo_de_leitura;

/// Lê um arquivo do usuário; se não dá, escreve em stderr por quê ("divisa COMANDO: ARQUIVO:
/// não foi possível ler: o arquivo não existe.") e devolve `None` (saída 2).
pub(crate) fn ler_arquivo(comando: &str, caminho: &Path) -> Option<Vec<u8>> {
    match divisa_recursos::ler_com_teto(caminho, divisa_recursos::MAIOR_ARQUIVO) {
        Ok(bytes) => Some(bytes),
        Err(erro) => {
            eprintln!(
                "divisa {comando}: {}: não foi possível ler: {}.",
                caminho.display(),
                motivo_de_leitura(&erro)
            );
            None
        }
    }
}
