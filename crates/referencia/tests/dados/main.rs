//! Integridade dos dados embutidos e busca por nome: o que os relatórios do divisa citam tem de
//! bater com as fontes (`dados/PROVENIENCIA.md`).

mod busca;
mod integridade;
