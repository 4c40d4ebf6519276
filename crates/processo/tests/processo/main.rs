//! Os testes de integração do processo num executável só (issue 31): a cobertura dos
//! dispositivos, o formato gravado, os papéis e o rito.

mod comum;

mod cobertura;
mod formato;
mod papeis;
mod rito;
