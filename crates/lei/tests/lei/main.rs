//! Testes da lei como código: o texto estruturado confere com o publicado, todo dispositivo tem
//! destino, e cada limiar da lei é testado nos seus dois lados.

mod anotada;
mod cobertura;
mod datas;
mod fidelidade;
mod limiares;
mod redacoes;
mod toponimia;
mod util;
