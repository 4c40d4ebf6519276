//! Quem ganha e quem perde, num gráfico de barras em SVG que se lê num celular: o município novo
//! e os da proposta primeiro, depois os que mais perdem, e o resto somado numa barra só.
//!
//! O SVG sai pronto e escapado (os nomes passam por `divisa_referencia::formato::escapar`): a
//! página o põe como está, e a mesma lista de [`barras`] vira a tabela para leitores de tela.
//! Sem script, sem fonte externa: o texto usa a fonte da página.

use rust_decimal::Decimal;

use crate::fpm::ResultadoFpm;
use crate::numeros::reais_com_sinal;

/// Uma barra: quem, quanto varia por ano e por quê está no gráfico.
#[derive(Debug, Clone, PartialEq)]
pub struct Barra {
    /// O nome (ou "Os outros N municípios").
    pub nome: String,
    /// A variação por ano, em reais.
    pub variacao_reais: Decimal,
    /// O que a proposta faz com ele ("novo", "origem", "extinto", "perde com a diluição").
    pub papel: &'static str,
}

/// As barras do gráfico: o novo e os municípios que a proposta altera, os `n` que mais perdem
/// entre os outros e a soma dos demais (se houver).
pub fn barras(fpm: &ResultadoFpm, n: usize) -> Vec<Barra> {
    let mut v: Vec<Barra> = fpm
        .municipios
        .iter()
        .filter(|m| m.da_proposta())
        .map(|m| Barra {
            nome: m.nome.clone(),
            variacao_reais: m.variacao_reais,
            papel: if m.novo {
                "município novo (depois de instalado)"
            } else if m.extinto {
                "extinto pela proposta"
            } else {
                "alterado pela proposta"
            },
        })
        .collect();
    let perdas = fpm.maiores_perdas(n);
    let nomes: Vec<&str> = perdas.iter().map(|m| m.nome.as_str()).collect();
    v.extend(perdas.iter().map(|m| Barra {
        nome: m.nome.clone(),
        variacao_reais: m.variacao_reais,
        papel: "perde com a diluição do fundo",
    }));
    let resto: Vec<_> = fpm
        .municipios
        .iter()
        .filter(|m| !m.da_proposta() && !nomes.contains(&m.nome.as_str()))
        .collect();
    if !resto.is_empty() {
        let soma: Decimal = resto.iter().map(|m| m.variacao_reais).sum();
        v.push(Barra {
            nome: format!("Os outros {} municípios (somados)", resto.len()),
            variacao_reais: soma,
            papel: if soma < Decimal::ZERO {
                "perdem com a diluição do fundo"
            } else if soma > Decimal::ZERO {
                "ganham com a concentração do fundo"
            } else {
                "não mudam: nenhum coeficiente muda"
            },
        });
    }
    v
}

/// Largura do desenho (unidades do `viewBox`): num celular de 390 px, cada unidade vale ~1 px, e
/// o texto de 13 unidades se lê como 13 px.
const LARGURA: f64 = 380.0;
/// Altura de cada linha: o nome em cima, a barra embaixo.
const LINHA: f64 = 46.0;

/// O gráfico das `barras` em SVG, com título e descrição acessíveis (`role="img"`,
/// `aria-labelledby`): ganho em verde à direita do eixo, perda em vermelho à esquerda, o valor
/// escrito ao lado de cada barra (a cor não é o único sinal).
pub fn svg(barras: &[Barra], titulo: &str) -> String {
    use divisa_referencia::formato::escapar;
    let maximo = barras
        .iter()
        .map(|b| b.variacao_reais.abs())
        .max()
        .filter(|m| !m.is_zero())
        .unwrap_or(Decimal::ONE);
    let meio = LARGURA / 2.0;
    let meia = meio - 4.0;
    let altura = LINHA * barras.len() as f64 + 10.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {LARGURA} {altura}\" width=\"100%\" role=\"img\" aria-labelledby=\"grafico-fpm-titulo\" class=\"grafico-fpm\" font-size=\"13\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">\n<title id=\"grafico-fpm-titulo\">{}</title>\n",
        escapar(titulo)
    );
    s.push_str(&format!(
        "<line x1=\"{meio}\" y1=\"0\" x2=\"{meio}\" y2=\"{altura}\" stroke=\"#555\" stroke-width=\"1\"/>\n"
    ));
    for (i, b) in barras.iter().enumerate() {
        let y = LINHA * i as f64;
        let fracao = (b.variacao_reais.abs() / maximo)
            .to_string()
            .parse::<f64>()
            .unwrap_or(0.0);
        let largura = (fracao * meia).max(if b.variacao_reais.is_zero() { 0.0 } else { 1.5 });
        let ganho = b.variacao_reais > Decimal::ZERO;
        let (x, cor) = if ganho {
            (meio, "#168821")
        } else {
            (meio - largura, "#c4161c")
        };
        let valor = reais_com_sinal(b.variacao_reais);
        // o valor do lado de dentro do eixo oposto, para nunca sair do desenho
        let (tx, ancora) = if ganho {
            (meio - 4.0, "end")
        } else {
            (meio + 4.0, "start")
        };
        s.push_str(&format!(
            "<text x=\"2\" y=\"{:.1}\" fill=\"#1b1b1b\" font-weight=\"600\">{}</text>\n<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{largura:.1}\" height=\"16\" fill=\"{cor}\"/>\n<text x=\"{tx:.1}\" y=\"{:.1}\" text-anchor=\"{ancora}\" fill=\"#1b1b1b\">{}</text>\n",
            y + 15.0,
            escapar(&b.nome),
            y + 21.0,
            y + 34.0,
            escapar(&valor),
        ));
    }
    s.push_str("</svg>\n");
    s
}
