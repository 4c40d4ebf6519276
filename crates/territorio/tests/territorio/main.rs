//! Os testes de integração do território num executável só (issue 31): a leitura hostil, os
//! memoriais do SIGEF e a Malha Municipal 2022 inteira.

mod hostil;
mod malha_2022;
mod memorial_sigef;
