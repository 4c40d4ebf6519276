//! Os números do estudo no formato brasileiro, para as páginas e os documentos que o mostram
//! (o mesmo texto do [`crate::texto()`]): reais com centavos, decimais com vírgula, porcentagens.

use rust_decimal::Decimal;

/// `R$ 1.234,56`.
pub fn reais(valor: Decimal) -> String {
    crate::numeros::reais(valor)
}

/// `R$ +1.234,56`, `R$ -40,00`: a variação com o sinal escrito.
pub fn reais_com_sinal(valor: Decimal) -> String {
    crate::numeros::reais_com_sinal(valor)
}

/// Um decimal com `casas` casas, vírgula decimal e ponto de milhar.
pub fn decimal(valor: Decimal, casas: u32) -> String {
    crate::numeros::decimal(valor, casas)
}

/// Coeficientes e índices como publicados, sem zeros à direita (entre `minimo` e `maximo` casas).
pub fn decimal_enxuto(valor: Decimal, minimo: u32, maximo: u32) -> String {
    crate::numeros::decimal_enxuto(valor, minimo, maximo)
}

/// Uma porcentagem em pontos percentuais, com `casas` casas: `28,4012%`.
pub fn porcentagem(pontos: Decimal, casas: u32) -> String {
    crate::numeros::porcentagem(pontos, casas)
}
