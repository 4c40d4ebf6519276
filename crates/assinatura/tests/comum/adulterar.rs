//! Para os testes da verificação dos documentos emitidos (issue 30), na linha de comando e na
//! página /verificar: um PDF com um byte do conteúdo mudado. Incluído por `#[path]` nos testes
//! de `divisa` e de `divisa-web`.

/// Um byte mudado no meio do maior fluxo comprimido do PDF (uma fonte ou o desenho de uma
/// página — não a tabela de dicas de um arquivo linearizado, que é pequena e não é conteúdo): o
/// que o documento diz ou mostra muda (issue 30).
pub fn mudar_um_byte_do_conteudo(pdf: &[u8]) -> Vec<u8> {
    let mut maior: Option<(usize, usize)> = None;
    let mut i = 0;
    while let Some(k) = pdf[i..]
        .windows(7)
        .position(|w| w == b"stream\n" || w == b"stream\r")
    {
        let inicio = i + k + 7;
        // um "endstream" não abre fluxo
        let antes = &pdf[..i + k];
        if antes.ends_with(b"end") {
            i = inicio;
            continue;
        }
        let Some(t) = pdf[inicio..].windows(9).position(|w| w == b"endstream") else {
            break;
        };
        // o dicionário do fluxo: do último "obj" até a palavra "stream"
        let obj = antes.windows(3).rposition(|w| w == b"obj").unwrap_or(0);
        let comprimido = antes[obj..].windows(12).any(|w| w == b"/FlateDecode");
        if comprimido && maior.is_none_or(|(_, n)| t > n) {
            maior = Some((inicio, t));
        }
        i = inicio + t;
    }
    let (inicio, n) = maior.expect("um fluxo comprimido");
    let mut m = pdf.to_vec();
    m[inicio + n / 2] ^= 0x01;
    m
}
