//! As revisões de um PDF: onde cada uma termina (`%%EOF`) e a conferência de que as que vêm
//! depois da primeira — o documento como o divisa o emitiu — só acrescentam assinaturas.

use lopdf::{Document, Object, ObjectId};

/// Confere que o que vem depois da revisão `original` (os primeiros `original` bytes) só
/// acrescenta assinaturas: nenhum objeto da revisão original muda, salvo o catálogo (só o
/// `/AcroForm`, e o `/DSS` e `/Extensions` da validação de longo prazo) e as páginas (só o
/// `/Annots`); nenhum some; e toda anotação nova é um campo de assinatura invisível.
pub fn acrescimos_so_de_assinatura(pdf: &[u8], original: usize) -> Result<(), crate::Erro> {
    conferir_acrescimos(pdf, original).map_err(crate::Erro::Pdf)
}

fn conferir_acrescimos(pdf: &[u8], original: usize) -> Result<(), String> {
    let Some(antes) = pdf.get(..original) else {
        return Err("a revisão original passa do fim do arquivo".into());
    };
    let velho = Document::load_mem(antes)
        .map_err(|e| format!("a revisão original não se lê como PDF ({e})"))?;
    let novo = Document::load_mem(pdf)
        .map_err(|e| format!("o arquivo com as revisões acrescentadas não se lê ({e})"))?;
    if novo.trailer.get(b"Root").ok() != velho.trailer.get(b"Root").ok() {
        return Err("uma revisão acrescentada troca o catálogo do documento".into());
    }
    let raiz = velho
        .trailer
        .get(b"Root")
        .and_then(Object::as_reference)
        .ok();
    let paginas: std::collections::HashSet<ObjectId> =
        velho.get_pages().values().copied().collect();
    if novo
        .get_pages()
        .values()
        .copied()
        .collect::<std::collections::HashSet<_>>()
        != paginas
    {
        return Err("uma revisão acrescentada muda as páginas do documento".into());
    }
    for (id, obj) in &velho.objects {
        let Some(atual) = novo.objects.get(id) else {
            return Err(format!(
                "uma revisão acrescentada apaga o objeto {} do documento",
                id.0
            ));
        };
        if atual == obj {
            continue;
        }
        let permitidas: &[&[u8]] = if Some(*id) == raiz {
            &[b"AcroForm", b"DSS", b"Extensions"]
        } else if paginas.contains(id) {
            &[b"Annots"]
        } else {
            return Err(format!(
                "uma revisão acrescentada muda o objeto {} do documento original",
                id.0
            ));
        };
        let (Ok(a), Ok(b)) = (obj.as_dict(), atual.as_dict()) else {
            return Err(format!("uma revisão acrescentada muda o objeto {}", id.0));
        };
        let chaves: std::collections::HashSet<&Vec<u8>> =
            a.iter().chain(b.iter()).map(|(k, _)| k).collect();
        for k in chaves {
            if a.get(k).ok() != b.get(k).ok() && !permitidas.contains(&k.as_slice()) {
                return Err(format!(
                    "uma revisão acrescentada muda /{} do objeto {}",
                    String::from_utf8_lossy(k),
                    id.0
                ));
            }
        }
    }
    // Um formulário XFA no /AcroForm novo desenharia outra coisa no lugar das páginas.
    let xfa = novo
        .catalog()
        .ok()
        .and_then(|c| c.get(b"AcroForm").ok())
        .and_then(|o| novo.dereference(o).ok())
        .and_then(|(_, o)| o.as_dict().ok())
        .is_some_and(|f| f.has(b"XFA"));
    if xfa {
        return Err("uma revisão acrescentada põe um formulário XFA no documento".into());
    }
    // As anotações novas das páginas: só campos de assinatura invisíveis.
    for id in &paginas {
        let velhas = anotacoes(&velho, *id);
        for a in anotacoes(&novo, *id) {
            if velhas.contains(&a) {
                continue;
            }
            let Some(d) = novo
                .dereference(&a)
                .ok()
                .and_then(|(_, o)| o.as_dict().ok())
            else {
                return Err("uma revisão acrescentada põe na página uma anotação ilegível".into());
            };
            let assinatura = d.get(b"FT").and_then(Object::as_name).ok() == Some(b"Sig")
                || d.get(b"Parent")
                    .ok()
                    .and_then(|p| novo.dereference(p).ok())
                    .and_then(|(_, p)| p.as_dict().ok())
                    .and_then(|p| p.get(b"FT").and_then(Object::as_name).ok())
                    == Some(b"Sig");
            if !assinatura {
                return Err(
                    "uma revisão acrescentada põe na página uma anotação que não é assinatura"
                        .into(),
                );
            }
            let area_zero = d
                .get(b"Rect")
                .and_then(Object::as_array)
                .ok()
                .map(|r| {
                    let v: Vec<f64> = r
                        .iter()
                        .filter_map(|x| match x {
                            Object::Integer(i) => Some(*i as f64),
                            Object::Real(f) => Some(f64::from(*f)),
                            _ => None,
                        })
                        .collect();
                    v.len() == 4 && ((v[2] - v[0]).abs() < 1e-3 || (v[3] - v[1]).abs() < 1e-3)
                })
                .unwrap_or(true);
            if !area_zero && d.has(b"AP") {
                return Err(
                    "uma revisão acrescentada põe na página uma assinatura visível (um carimbo desenhado sobre o documento); o divisa só confere o conteúdo com assinaturas invisíveis"
                        .into(),
                );
            }
        }
    }
    Ok(())
}

fn anotacoes(doc: &Document, pagina: ObjectId) -> Vec<Object> {
    doc.get_dictionary(pagina)
        .ok()
        .and_then(|p| p.get(b"Annots").ok())
        .and_then(|o| doc.dereference(o).ok())
        .and_then(|(_, o)| o.as_array().ok().cloned())
        .unwrap_or_default()
}

/// Quantas revisões [`revisoes`] devolve, no máximo: um documento da Comissão com algumas
/// assinaturas tem poucas; um arquivo com milhares de `%%EOF` não vira milhares de consultas.
pub const MAIS_REVISOES: usize = 64;

/// Onde termina cada revisão do arquivo, em ordem: logo depois de cada `%%EOF` e do fim de linha
/// que o segue (CR, LF ou CR LF; ISO 32000-1, 7.5.5 e 7.5.6), no máximo [`MAIS_REVISOES`]. A
/// primeira é o documento como foi escrito; as seguintes, as atualizações incrementais (as
/// assinaturas PAdES acrescentam uma cada). Um arquivo sem `%%EOF` não tem revisão: a lista
/// vem vazia.
pub fn revisoes(pdf: &[u8]) -> Vec<usize> {
    const MARCA: &[u8] = b"%%EOF";
    let mut fins = Vec::new();
    let mut i = 0;
    while fins.len() < MAIS_REVISOES {
        let Some(p) = pdf
            .get(i..)
            .and_then(|resto| resto.windows(MARCA.len()).position(|w| w == MARCA))
        else {
            break;
        };
        let mut fim = i + p + MARCA.len();
        match pdf.get(fim..) {
            Some([b'\r', b'\n', ..]) => fim += 2,
            Some([b'\r' | b'\n', ..]) => fim += 1,
            _ => {}
        }
        fins.push(fim);
        i = fim;
    }
    fins
}

/// O fim da primeira revisão: até o primeiro `%%EOF`, com o seu fim de linha. É o documento
/// como o divisa o emitiu; o que vem depois são atualizações incrementais
/// ([`acrescimos_so_de_assinatura`] confere que só assinam). Um PDF escrito sem fim de linha
/// depois do `%%EOF` recebe o da revisão que se acrescenta: quem procura o original confere
/// também o começo que para no `%%EOF` (`divisa_autos::conferir`).
pub fn fim_da_primeira_revisao(pdf: &[u8]) -> Option<usize> {
    revisoes(pdf).first().copied()
}

#[cfg(test)]
mod testes_das_revisoes {
    use super::{fim_da_primeira_revisao, revisoes, MAIS_REVISOES};

    /// Issue 16: o documento emitido é a primeira revisão do arquivo assinado — até o primeiro
    /// `%%EOF` e o seu fim de linha, seja LF, CR LF ou CR; sem fim de linha, até o `%%EOF`.
    #[test]
    fn cada_revisao_termina_depois_do_eof_e_do_fim_de_linha() {
        assert_eq!(revisoes(b"%PDF-1.7\n%%EOF\n"), vec![15]);
        assert_eq!(revisoes(b"%PDF-1.7\n%%EOF\r\nX\n%%EOF"), vec![16, 23]);
        assert_eq!(revisoes(b"%PDF-1.7\n%%EOF\rmais\n%%EOF\n\n"), vec![15, 26]);
        assert_eq!(
            fim_da_primeira_revisao(b"%PDF-1.7\n%%EOF\n%%EOF\n"),
            Some(15)
        );
        assert_eq!(fim_da_primeira_revisao(b"sem marca"), None);
        assert!(revisoes(b"").is_empty());
        // um arquivo cheio de marcas não vira milhares de revisões
        let muitas = b"%%EOF\n".repeat(MAIS_REVISOES * 10);
        assert_eq!(revisoes(&muitas).len(), MAIS_REVISOES);
    }
}
