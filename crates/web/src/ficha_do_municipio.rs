//! A ficha de um município como página: as partes de [`divisa_referencia::ficha`].

use divisa_referencia::mt::Municipio;

/// A ficha de um município como página (issue 17: «a página do município como página, não um
/// texto em fonte de máquina de escrever»): o cabeçalho, uma tabela Dado · Valor · Fonte, os
/// distritos e as notas numeradas.
pub(crate) fn ficha_do_municipio_html(m: &Municipio) -> crate::html::Markup {
    use crate::html::html;
    let f = divisa_referencia::ficha::partes_da_ficha(m);
    html! {
        @for (i, linha) in f.cabecalho.iter().enumerate() {
            p class=[linha.starts_with("Atenção:").then_some("aviso")] {
                @if i == 0 { strong { (linha) } } @else { (linha) }
            }
        }
        div.tabela-rolavel tabindex="0" role="region" aria-label="Dados do município" {
            table.cartoes-no-celular {
                thead {
                    tr { th scope="col" { "Dado" } th scope="col" { "Valor" } th scope="col" { "Fonte" } }
                }
                tbody {
                    @for (rotulo, valor) in &f.campos {
                        @match valor {
                            Some((texto, fonte, nota)) => {
                                tr {
                                    th scope="row" { (rotulo) }
                                    td data-rotulo="Valor" { (texto) }
                                    td data-rotulo="Fonte" {
                                        (fonte)
                                        @if let Some(n) = nota {
                                            " "
                                            a href={ "#nota-" (n) } aria-label={ "nota " (n) } { sup { "[" (n) "]" } }
                                        }
                                    }
                                }
                            }
                            None => {
                                tr {
                                    th scope="row" { (rotulo) }
                                    td data-rotulo="Valor" { "sem dado" }
                                    td data-rotulo="Fonte" { "—" }
                                }
                            }
                        }
                    }
                }
            }
        }
        h2 { (f.distritos_titulo) }
        @if !f.distritos.is_empty() {
            ul { @for d in &f.distritos { li { (d) } } }
        }
        @if !f.notas.is_empty() {
            h2 { "Notas" }
            ol.notas {
                @for (i, nota) in f.notas.iter().enumerate() {
                    li id={ "nota-" (i + 1) } { (nota) }
                }
            }
        }
    }
}
