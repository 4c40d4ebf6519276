//! O FPM federal (Fundo de Participação dos Municípios) dentro de Mato Grosso: soma zero.
//!
//! Nenhuma lei estadual reparte o FPM: quem o calcula é o TCU (CTN, art. 91; DL nº 1.881/1981;
//! LC nº 62/1989; LC nº 91/1997). Mas criar um município muda o FPM de todos os outros do
//! Estado, porque a parte de Mato Grosso no FPM-Interior é fixa (1,8949%) e se reparte pelos
//! coeficientes: `cotaᵢ = fundo × cᵢ / Σc`. Este módulo mostra quem ganha e quem perde.
//!
//! - [`coeficiente_dl1881`]: a tabela de coeficientes por população.
//! - [`BasePopulacional`] e [`municipios_do_interior`]: a lista "antes", dos dados embutidos.
//! - [`Fundo`]: o fundo em reais, dado ou estimado (e rotulado).
//! - [`ler_coeficientes_tcu`]: a tabela de coeficientes publicada pelo TCU, se o usuário a tiver.
//! - [`simular_fpm`]: antes e depois, em centavos exatos ([`METODO_CENTAVOS`]).

mod coeficientes;
mod entrada;
mod fundo;
mod populacao;
mod rateio;
mod simulacao;
mod tabela_tcu;

pub use coeficientes::{coeficiente_dl1881, faixas_dl1881, FaixaDl1881};
pub use entrada::{Alteracao, EntradaFpm, Mudanca, NovoMunicipio};
pub use fundo::{
    Fundo, FONTE_FUNDO_ESTIMADO, FPM_INTERIOR_PERCENTUAL, FUNDO_ESTIMADO_REAIS, FUNDO_MAXIMO_REAIS,
    FUNDO_MINIMO_REAIS, PARTICIPACAO_MT_FPM_INTERIOR_PERCENTUAL,
};
pub use populacao::{municipios_do_interior, BasePopulacional, MunicipioFpm, CUIABA_CAPITAL};
pub use rateio::METODO_CENTAVOS;
pub use simulacao::{
    simular_fpm, LinhaFpm, Reserva, ResultadoFpm, ALERTA_INSTALACAO, COEFICIENTES_CALCULADOS,
    POPULACAO_RESERVA,
};
pub use tabela_tcu::{
    ler_coeficientes_tcu, TabelaCoeficientes, CABECALHO_COEFICIENTES, COEFICIENTE_MAXIMO,
    COEFICIENTE_MINIMO,
};
