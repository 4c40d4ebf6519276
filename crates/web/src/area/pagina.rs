//! O mapa da página do processo com o editor da área e a comparação das versões.

use divisa_processo::{Natureza, Recusa};
use divisa_referencia::formato;

use super::km2_de_m2;
use crate::contas::Quem;

/// O mapa da página do processo com a área: para quem pode alterá-la, o editor (a barra, o
/// painel da simulação, as coordenadas digitadas, o motivo e o botão de salvar); para quem vê as
/// versões, a comparação com cada versão anterior; para os demais, o mapa como sempre.
pub(crate) fn mapa_do_processo(
    endereco: &str,
    versoes: &[divisa_avaliacao::area::VersaoNosAutos],
    edicao: Option<Result<(), Recusa>>,
    quem: &Quem,
    pessoas: &std::collections::BTreeMap<String, String>,
) -> maud::Markup {
    use maud::html;
    let camada = format!("/api{endereco}/mapa.geojson");
    let edita = matches!(edicao, Some(Ok(())));
    // quem edita prende os vértices aos das origens na malha inteira, não à de tela
    let camada = if edita {
        format!("{camada}?completo=1")
    } else {
        camada
    };
    let area = format!("/api{endereco}/area");
    let ve = edicao.is_some();
    let atual = versoes.len();
    // o nome só (o cargo está na linha do tempo): a opção da lista cabe no celular
    let pessoa = |login: &str| {
        pessoas
            .get(login)
            .map(|t| t.split_once(", ").map_or(t.as_str(), |(n, _)| n).to_owned())
            .unwrap_or_else(|| "pessoa sem nome no cadastro".to_owned())
    };
    html! {
        div.mapa-web #mapa role="region" data-camada=(camada)
            data-area=[ve.then_some(&area)]
            data-versao=[ve.then_some(atual)]
            data-editar=[edita.then_some("1")]
            data-csrf=[edita.then_some(&quem.csrf)]
            aria-label="Mapa dos municípios de origem e da área proposta" {}
        ul.legenda-do-mapa aria-label="Legenda do mapa" {}
        p.fonte-do-mapa { "Mapa: Malha Municipal 2022 (IBGE)." }
        @if let Some(Err(r)) = &edicao {
            @if r.natureza != Natureza::Papel {
                p.historico #area-travada { "A área não pode ser alterada no mapa: " (r.motivo) " (" (r.artigo) ")." }
            }
        }
        @if edita {
            section #editor-da-area aria-labelledby="titulo-editor" {
                h3 #titulo-editor { "Alterar a área no mapa" }
                p.historico {
                    "Arraste os vértices, acrescente-os pelos pontos do meio dos lados, recorte um buraco ou desenhe outra parte; os vértices se prendem aos da Malha Municipal. "
                    "Cada mudança é avaliada na hora, sem gravar; a versão nova só vai aos autos quando salva, com o motivo. "
                    "As divisas só mudam até a aprovação do projeto de decreto legislativo (Art. 19, § 3º)."
                }
                div.barra-do-editor role="toolbar" aria-label="Edição da área" {
                    button.botao.secundario type="button" #editor-desfazer { "Desfazer" }
                    button.botao.secundario type="button" #editor-refazer { "Refazer" }
                    button.botao.secundario type="button" #editor-seguir aria-pressed="false" { "Seguir a divisa" }
                }
                div #painel-da-area aria-live="polite" {}
                details #editor-coordenadas {
                    summary { "Digitar as coordenadas dos vértices" }
                    label for="coordenadas" { "Um vértice por linha: latitude e longitude em graus decimais, ou leste e norte em metros (UTM). A lista substitui o contorno da área." }
                    textarea #coordenadas rows="8" spellcheck="false" {}
                    label for="sistema" { "Sistema" }
                    select #sistema {
                        option value="graus" { "Graus decimais (SIRGAS 2000)" }
                        option value="utm-20" { "UTM zona 20 S (SIRGAS 2000)" }
                        option value="utm-21" { "UTM zona 21 S (SIRGAS 2000)" }
                        option value="utm-22" { "UTM zona 22 S (SIRGAS 2000)" }
                    }
                    button.botao.secundario type="button" #aplicar-coordenadas { "Aplicar as coordenadas" }
                }
                form #salvar-area {
                    label for="motivo" { "Motivo da alteração (fica nos autos, com o seu nome e cargo)" }
                    textarea #motivo name="motivo" rows="2" required {}
                    button.botao type="submit" { "Salvar nova versão da área" }
                    p #resultado-salvar role="status" {}
                }
            }
        }
        @if ve && atual >= 2 {
            label for="versao-comparar" { "Comparar com a versão" }
            select #versao-comparar {
                option value="" { "Nenhuma" }
                @for v in versoes.iter().take(atual - 1) {
                    option value=(v.versao.numero) {
                        "Versão " (v.versao.numero) " — " (formato::data(v.data)) ", " (pessoa(&v.login))
                        @if let Some(a) = v.area_m2 { " — " (km2_de_m2(a as f64)) }
                        @if let Some(m) = &v.motivo { " — " (m) }
                    }
                }
            }
            p #diferenca-da-versao role="status" {}
        }
        @if ve && atual >= 1 {
            p.historico #area-em-vigor {
                "Área em vigor: versão " (atual)
                @if let Some(v) = versoes.last() {
                    ", de " (formato::data(v.data)) ", " (pessoa(&v.login))
                    @if let Some(m) = &v.motivo { " — " (m) }
                }
                ". "
                a href=(format!("{area}/versoes/{atual}")) download=(format!("area-v{atual}.geojson")) {
                    "Baixar a versão " (atual) " (GeoJSON, SIRGAS 2000)"
                }
            }
        }
    }
}
