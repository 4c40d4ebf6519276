//! Testes de ponta a ponta: o executável `divisa` de verdade, rodando num diretório temporário
//! vazio (prova de que os dados estão embutidos e não são lidos de `dados/`).

mod ajuda;
mod arrumacao;
mod autos;
mod avaliar;
mod documento;
mod fiscal;
mod inconsistencias;
mod memorial;
mod municipio;
mod processo;
mod setores;
mod util;
mod web;
