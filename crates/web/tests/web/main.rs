//! Os testes de integração da aplicação web num executável só (issue 31): cada executável de
//! `tests/` liga o programa inteiro (typst, axum, sqlx), e eram sete ligações a cada mudança.
//! Cada tema continua no seu arquivo; `comum` é o cliente de teste que todos usam.

mod comum;

mod area;
mod assinar;
mod contas;
mod handlers;
mod mesa;
mod navegador;
mod servidor;
mod verificar;
