//! A simulação do FPM-Interior de Mato Grosso: a lista "antes", as alterações da proposta e o
//! município novo → cada município com população, coeficiente e reais antes e depois.
//!
//! O fundo do Estado é fixo (1,8949% do FPM-Interior), então a simulação é de soma zero: a cota
//! de cada um é `fundo × cᵢ / Σc`, e todo coeficiente novo dilui todos os outros. Os reais são
//! repartidos em centavos pelo método dos maiores restos ([`METODO_CENTAVOS`]): a soma "antes" e
//! a soma "depois" são exatamente o fundo, e a soma das variações é exatamente zero.
//!
//! Coeficientes: com a tabela do TCU, o "antes" de cada município é o publicado e os municípios
//! que a proposta não toca o conservam; os que ela altera são recalculados pela tabela do DL nº
//! 1.881/1981 (com o aviso de que a proteção da LC nº 198/2023 pode valer). Sem a tabela, todos
//! saem da tabela do DL, e o estudo diz que a proteção não está modelada.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::Serialize;

use crate::erro::ErroFiscal;
use crate::fpm::coeficientes::coeficiente_dl1881;
use crate::fpm::entrada::{Alteracao, EntradaFpm, Mudanca, NovoMunicipio};
use crate::fpm::populacao::{MunicipioFpm, CUIABA_CAPITAL};
use crate::fpm::rateio::{self, Parte, METODO_CENTAVOS, ORDEM_DO_NOVO};
use crate::fpm::tabela_tcu::{CASAS_COEFICIENTE, COEFICIENTE_MAXIMO, COEFICIENTE_MINIMO};
use crate::numeros::{self, json};

/// População a partir da qual um município do interior participa também da reserva do FPM
/// (3,6%; DL nº 1.881/1981): 142.633 habitantes.
pub const POPULACAO_RESERVA: u32 = 142_633;

/// Fonte dos coeficientes quando não se deu a tabela do TCU (o texto do CONTRACT §4).
pub const COEFICIENTES_CALCULADOS: &str = "calculados pela tabela do DL 1.881/1981";

/// O alerta do município novo.
pub const ALERTA_INSTALACAO: &str = "não recebe FPM até ser instalado (LC nº 91/1997)";

/// O lado para o qual um município cruza o limiar da reserva do FPM.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reserva {
    /// Passa a ter 142.633 habitantes ou mais: entra na reserva de 3,6%.
    Entra,
    /// Deixa de ter 142.633 habitantes: sai da reserva.
    Sai,
}

/// Um município no resultado do FPM (CONTRACT §4, `fpm.municipios[]`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LinhaFpm {
    /// Código IBGE; `None` (null) para o município novo.
    pub codigo_ibge: Option<u32>,
    /// Nome.
    pub nome: String,
    /// Se é o município que a proposta cria.
    pub novo: bool,
    /// Se a proposta o extingue.
    pub extinto: bool,
    /// Se a proposta muda a sua população (ou o extingue).
    pub alterado: bool,
    /// População antes, habitantes (0 para o novo).
    pub populacao_antes: u32,
    /// População depois, habitantes (0 para o extinto).
    pub populacao_depois: u32,
    /// Coeficiente antes (0 para o novo).
    #[serde(serialize_with = "json::seis_casas")]
    pub coeficiente_antes: Decimal,
    /// Coeficiente depois (0 para o extinto).
    #[serde(serialize_with = "json::seis_casas")]
    pub coeficiente_depois: Decimal,
    /// Reais por ano antes.
    #[serde(serialize_with = "json::reais")]
    pub reais_antes: Decimal,
    /// Reais por ano depois.
    #[serde(serialize_with = "json::reais")]
    pub reais_depois: Decimal,
    /// `reais_depois − reais_antes`.
    #[serde(serialize_with = "json::reais")]
    pub variacao_reais: Decimal,
    /// A variação em % dos reais antes (4 casas); `None` para o novo.
    #[serde(serialize_with = "json::quatro_casas_opcional")]
    pub variacao_percentual: Option<Decimal>,
    /// Se a população depois é estimada.
    pub estimativa: bool,
    /// De onde vem a população depois, quando a proposta a muda.
    pub fonte_populacao_depois: Option<String>,
    /// Se cruza o limiar de 142.633 habitantes da reserva, e para que lado.
    pub reserva: Option<Reserva>,
    /// Se é um município novo que não recebe FPM até ser instalado (LC nº 91/1997).
    pub aguarda_instalacao: bool,
    /// Os alertas deste município, em frases.
    pub alertas: Vec<String>,
}

impl LinhaFpm {
    /// Se o município é parte da proposta (novo, extinto ou alterado).
    pub fn da_proposta(&self) -> bool {
        self.novo || self.alterado
    }
}

/// O resultado do FPM (CONTRACT §4, `fpm`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResultadoFpm {
    /// A base populacional ("IBGE, estimativa 2025").
    pub populacao: String,
    /// De onde vêm os coeficientes ("calculados pela tabela do DL 1.881/1981" ou a do TCU).
    pub fonte_coeficientes: String,
    /// O fundo repartido, reais por ano.
    #[serde(serialize_with = "json::reais")]
    pub fundo_reais: Decimal,
    /// Se o fundo é a estimativa do divisa.
    pub fundo_estimativa: bool,
    /// De onde vem o fundo.
    pub fundo_fonte: String,
    /// Soma dos coeficientes antes.
    #[serde(serialize_with = "json::seis_casas")]
    pub soma_antes: Decimal,
    /// Soma dos coeficientes depois.
    #[serde(serialize_with = "json::seis_casas")]
    pub soma_depois: Decimal,
    /// O método de repartir os centavos, numa frase.
    pub metodo_centavos: &'static str,
    /// Se algum número do FPM é estimado (os motivos em `motivos_estimativa`).
    pub estimativa: bool,
    /// Por que os números são estimados.
    pub motivos_estimativa: Vec<String>,
    /// Notas para quem lê o estudo.
    pub notas: Vec<String>,
    /// Os municípios: os da proposta primeiro (os alterados, por código, e o novo), depois os
    /// demais, por código.
    pub municipios: Vec<LinhaFpm>,
}

impl ResultadoFpm {
    /// Os `n` municípios fora da proposta que mais perdem, do que mais perde para o que menos
    /// perde (empate pelo código).
    pub fn maiores_perdas(&self, n: usize) -> Vec<&LinhaFpm> {
        let mut fora: Vec<&LinhaFpm> = self
            .municipios
            .iter()
            .filter(|m| !m.da_proposta() && m.variacao_reais < Decimal::ZERO)
            .collect();
        fora.sort_by(|a, b| {
            a.variacao_reais
                .cmp(&b.variacao_reais)
                .then(a.codigo_ibge.cmp(&b.codigo_ibge))
        });
        fora.truncate(n);
        fora
    }
}

/// Simula o FPM-Interior antes e depois da proposta.
pub fn simular_fpm(entrada: &EntradaFpm) -> Result<ResultadoFpm, ErroFiscal> {
    let mut notas = Vec::new();
    let mut motivos_estimativa = Vec::new();

    let por_codigo = conferir_lista(entrada)?;

    // As alterações: uma por município da lista; a capital fica de fora do FPM-Interior.
    let mut alteracoes: BTreeMap<u32, &Alteracao> = BTreeMap::new();
    for alteracao in &entrada.alteracoes {
        if alteracao.codigo_ibge == CUIABA_CAPITAL {
            notas.push(
                "Cuiabá é a capital: o seu FPM vem do fundo das capitais (10% do FPM) e não \
                 entra nesta simulação do FPM-Interior; a população que ela recebe ou perde não \
                 muda o seu coeficiente aqui."
                    .to_owned(),
            );
            continue;
        }
        let municipio = por_codigo.get(&alteracao.codigo_ibge).ok_or_else(|| {
            ErroFiscal::AlteracaoSemMunicipio {
                codigo: alteracao.codigo_ibge,
                base: entrada.populacao.clone(),
            }
        })?;
        if alteracoes
            .insert(alteracao.codigo_ibge, alteracao)
            .is_some()
        {
            return Err(ErroFiscal::AlteracaoRepetida {
                codigo: alteracao.codigo_ibge,
                nome: municipio.nome.clone(),
            });
        }
    }

    let com_tcu = entrada
        .municipios
        .iter()
        .filter(|m| m.coeficiente_tcu.is_some())
        .count();
    let fonte_tcu = entrada
        .fonte_coeficientes_tcu
        .clone()
        .unwrap_or_else(|| "tabela de coeficientes dada, sem fonte".to_owned());
    let fonte_coeficientes = if com_tcu == 0 {
        COEFICIENTES_CALCULADOS.to_owned()
    } else if com_tcu == entrada.municipios.len() {
        format!(
            "TCU: {fonte_tcu}; os municípios que a proposta altera, pela tabela do DL 1.881/1981"
        )
    } else {
        format!(
            "TCU ({fonte_tcu}) para os municípios da tabela; os demais e os que a proposta \
             altera, pela tabela do DL 1.881/1981"
        )
    };

    // Cada município, antes e depois.
    let mut linhas: Vec<LinhaFpm> = Vec::with_capacity(entrada.municipios.len() + 1);
    for municipio in por_codigo.values() {
        linhas.push(linha_do_municipio(
            municipio,
            alteracoes.get(&municipio.codigo_ibge),
            &mut motivos_estimativa,
        )?);
    }
    if let Some(novo) = &entrada.novo {
        linhas.push(linha_do_novo(novo, &mut motivos_estimativa, &mut notas));
    }

    // Os reais, em centavos exatos, antes e depois.
    let fundo = entrada.fundo.reais();
    repartir_o_fundo(fundo, &mut linhas)?;

    let soma_antes: Decimal = linhas.iter().map(|l| l.coeficiente_antes).sum();
    let soma_depois: Decimal = linhas.iter().map(|l| l.coeficiente_depois).sum();

    // A proposta primeiro (alterados por código, depois o novo), e os demais por código.
    linhas.sort_by_key(|l| (!l.alterado, !l.novo, l.codigo_ibge));

    if entrada.fundo.estimativa() {
        motivos_estimativa.insert(
            0,
            format!(
                "o fundo de {} por ano é a estimativa do divisa, não o valor do Tesouro Nacional",
                numeros::reais(fundo)
            ),
        );
    }
    if com_tcu < entrada.municipios.len() {
        motivos_estimativa.push(
            "os coeficientes saem da tabela do DL nº 1.881/1981, sem a proteção das LC nº \
             165/2019 e nº 198/2023"
                .to_owned(),
        );
        notas.insert(
            0,
            format!(
                "Os coeficientes protegidos (LC nº 165/2019 e LC nº 198/2023) não estão \
                 modelados: os coeficientes são os da tabela do DL nº 1.881/1981 para a \
                 população de {}. Para 2023, a soma do TCU foi 150,0, contra 146,0 calculados \
                 pela tabela a partir do Censo 2022. Dê a tabela de coeficientes do TCU para \
                 partir dos valores publicados.",
                entrada.populacao
            ),
        );
    } else {
        notas.insert(
            0,
            format!(
                "Coeficientes \"antes\" publicados pelo TCU ({fonte_tcu}), com a proteção das LC \
                 nº 165/2019 e nº 198/2023 que já trazem; os municípios que a proposta altera \
                 são recalculados pela tabela do DL nº 1.881/1981."
            ),
        );
    }
    notas.insert(
        0,
        "O FPM-Interior de Mato Grosso é uma parte fixa (1,8949%) do FPM do interior: cada \
         município recebe fundo × coeficiente ÷ soma dos coeficientes do Estado, e o que um \
         ganha sai de todos os outros."
            .to_owned(),
    );
    if linhas.iter().any(|l| l.reserva.is_some()) {
        notas.push(
            "A reserva do FPM (3,6%, para os municípios do interior com 142.633 habitantes ou \
             mais, que continuam com a sua cota do interior) é outro fundo e não entra nos \
             valores acima; a tabela marca quem entra nela ou sai dela."
                .to_owned(),
        );
    }

    Ok(ResultadoFpm {
        populacao: entrada.populacao.clone(),
        fonte_coeficientes,
        fundo_reais: fundo,
        fundo_estimativa: entrada.fundo.estimativa(),
        fundo_fonte: entrada.fundo.fonte().to_owned(),
        soma_antes,
        soma_depois,
        metodo_centavos: METODO_CENTAVOS,
        estimativa: !motivos_estimativa.is_empty(),
        motivos_estimativa,
        notas,
        municipios: linhas,
    })
}

/// A lista dos municípios pelo código: sem repetição, cada coeficiente dado possível.
fn conferir_lista(entrada: &EntradaFpm) -> Result<BTreeMap<u32, &MunicipioFpm>, ErroFiscal> {
    let mut por_codigo: BTreeMap<u32, &MunicipioFpm> = BTreeMap::new();
    for municipio in &entrada.municipios {
        if por_codigo
            .insert(municipio.codigo_ibge, municipio)
            .is_some()
        {
            return Err(ErroFiscal::MunicipioRepetido {
                codigo: municipio.codigo_ibge,
                nome: municipio.nome.clone(),
            });
        }
        if let Some(c) = municipio.coeficiente_tcu {
            if c < COEFICIENTE_MINIMO
                || c > COEFICIENTE_MAXIMO
                || c.normalize().scale() > CASAS_COEFICIENTE
            {
                return Err(ErroFiscal::CoeficienteInvalido {
                    codigo: municipio.codigo_ibge,
                    nome: municipio.nome.clone(),
                    coeficiente: c,
                });
            }
        }
    }
    Ok(por_codigo)
}

/// A linha de um município da lista, antes e depois da proposta (ainda sem os reais): o
/// coeficiente do TCU ou da tabela do DL nº 1.881/1981, a população depois e os alertas.
fn linha_do_municipio(
    municipio: &MunicipioFpm,
    alteracao: Option<&&Alteracao>,
    motivos_estimativa: &mut Vec<String>,
) -> Result<LinhaFpm, ErroFiscal> {
    let coeficiente_antes = municipio
        .coeficiente_tcu
        .unwrap_or_else(|| coeficiente_dl1881(municipio.populacao));
    let mut alertas = Vec::new();
    let (populacao_depois, coeficiente_depois, extinto) = match alteracao.map(|a| a.mudanca) {
        None => (municipio.populacao, coeficiente_antes, false),
        Some(Mudanca::Extinto) => {
            alertas.push(
                "extinto: o seu coeficiente sai da soma e volta a todos os municípios do \
                 Estado"
                    .to_owned(),
            );
            (0, Decimal::ZERO, true)
        }
        Some(Mudanca::PopulacaoDepois(populacao)) => {
            (populacao, coeficiente_dl1881(populacao), false)
        }
        Some(Mudanca::Recebe(recebida)) => {
            let populacao = municipio.populacao.checked_add(recebida).ok_or_else(|| {
                ErroFiscal::PopulacaoGrandeDemais {
                    nome: municipio.nome.clone(),
                }
            })?;
            (populacao, coeficiente_dl1881(populacao), false)
        }
    };
    if let Some(alteracao) = alteracao {
        if alteracao.estimativa {
            motivos_estimativa.push(format!(
                "a população depois de {} é estimada ({})",
                municipio.nome, alteracao.fonte
            ));
        }
        if !extinto {
            alertas.push(format!(
                "coeficiente depois calculado pela tabela do DL nº 1.881/1981 para {} \
                 habitantes",
                divisa_referencia::formato::inteiro(populacao_depois)
            ));
            if coeficiente_depois < coeficiente_antes {
                alertas.push(
                    "o coeficiente cai: a proteção da LC nº 198/2023 (art. 5º-A da LC nº \
                     91/1997) pode manter parte do anterior, reduzida em 10 pontos \
                     percentuais por ano ao longo de 10 anos — não modelada aqui"
                        .to_owned(),
                );
            }
        }
    }
    let reserva = cruza_reserva(municipio.populacao, populacao_depois);
    if let Some(lado) = reserva {
        alertas.push(alerta_reserva(lado));
    }
    Ok(LinhaFpm {
        codigo_ibge: Some(municipio.codigo_ibge),
        nome: municipio.nome.clone(),
        novo: false,
        extinto,
        alterado: alteracao.is_some(),
        populacao_antes: municipio.populacao,
        populacao_depois,
        coeficiente_antes,
        coeficiente_depois,
        reais_antes: Decimal::ZERO,
        reais_depois: Decimal::ZERO,
        variacao_reais: Decimal::ZERO,
        variacao_percentual: None,
        estimativa: alteracao.is_some_and(|a| a.estimativa),
        fonte_populacao_depois: alteracao.map(|a| a.fonte.clone()),
        reserva,
        aguarda_instalacao: false,
        alertas,
    })
}

/// A linha do município novo: sem FPM até ser instalado (LC nº 91/1997); os valores «depois»
/// são os do ano seguinte à instalação, e a nota o diz.
fn linha_do_novo(
    novo: &NovoMunicipio,
    motivos_estimativa: &mut Vec<String>,
    notas: &mut Vec<String>,
) -> LinhaFpm {
    if novo.estimativa {
        motivos_estimativa.push(format!(
            "a população de {} é estimada ({})",
            novo.nome, novo.fonte
        ));
    }
    let reserva = cruza_reserva(0, novo.populacao);
    let mut alertas = vec![ALERTA_INSTALACAO.to_owned()];
    if let Some(lado) = reserva {
        alertas.push(alerta_reserva(lado));
    }
    let linha = LinhaFpm {
        codigo_ibge: None,
        nome: novo.nome.clone(),
        novo: true,
        extinto: false,
        alterado: false,
        populacao_antes: 0,
        populacao_depois: novo.populacao,
        coeficiente_antes: Decimal::ZERO,
        coeficiente_depois: coeficiente_dl1881(novo.populacao),
        reais_antes: Decimal::ZERO,
        reais_depois: Decimal::ZERO,
        variacao_reais: Decimal::ZERO,
        variacao_percentual: None,
        estimativa: novo.estimativa,
        fonte_populacao_depois: Some(novo.fonte.clone()),
        reserva,
        aguarda_instalacao: true,
        alertas,
    };
    notas.push(format!(
        "{} {ALERTA_INSTALACAO}: os valores \"depois\" são os do ano seguinte à instalação, \
         com o mesmo fundo e as mesmas populações.",
        novo.nome
    ));
    linha
}

/// Os reais de cada linha, em centavos exatos, antes e depois: o fundo repartido pelos
/// coeficientes (maiores restos), e a variação.
fn repartir_o_fundo(fundo: Decimal, linhas: &mut [LinhaFpm]) -> Result<(), ErroFiscal> {
    let ordem = |linha: &LinhaFpm| linha.codigo_ibge.map_or(ORDEM_DO_NOVO, u64::from);
    let antes = rateio::repartir(
        fundo,
        &linhas
            .iter()
            .map(|l| Parte {
                ordem: ordem(l),
                coeficiente: l.coeficiente_antes,
            })
            .collect::<Vec<_>>(),
    )?;
    let depois = rateio::repartir(
        fundo,
        &linhas
            .iter()
            .map(|l| Parte {
                ordem: ordem(l),
                coeficiente: l.coeficiente_depois,
            })
            .collect::<Vec<_>>(),
    )?;
    for ((linha, antes), depois) in linhas.iter_mut().zip(antes).zip(depois) {
        linha.reais_antes = antes;
        linha.reais_depois = depois;
        linha.variacao_reais = depois - antes;
        linha.variacao_percentual = (!antes.is_zero())
            .then(|| {
                (depois - antes)
                    .checked_mul(Decimal::ONE_HUNDRED)
                    .and_then(|v| v.checked_div(antes))
            })
            .flatten()
            .map(|v| numeros::arredondar(v, 4));
    }
    Ok(())
}

fn cruza_reserva(antes: u32, depois: u32) -> Option<Reserva> {
    match (antes >= POPULACAO_RESERVA, depois >= POPULACAO_RESERVA) {
        (false, true) => Some(Reserva::Entra),
        (true, false) => Some(Reserva::Sai),
        _ => None,
    }
}

fn alerta_reserva(lado: Reserva) -> String {
    match lado {
        Reserva::Entra => "passa a ter 142.633 habitantes ou mais: entra na reserva do FPM \
                           (3,6%; DL nº 1.881/1981), além da cota do interior"
            .to_owned(),
        Reserva::Sai => "fica abaixo de 142.633 habitantes: sai da reserva do FPM (3,6%; DL nº \
                         1.881/1981)"
            .to_owned(),
    }
}

#[cfg(test)]
mod testes {
    use std::str::FromStr;

    use super::*;
    use crate::fpm::fundo::Fundo;

    fn d(texto: &str) -> Decimal {
        Decimal::from_str(texto).expect("decimal do teste")
    }

    fn lista(municipios: &[(u32, u32)]) -> Vec<MunicipioFpm> {
        municipios
            .iter()
            .map(|&(codigo_ibge, populacao)| MunicipioFpm {
                codigo_ibge,
                nome: format!("Município {codigo_ibge}"),
                populacao,
                coeficiente_tcu: None,
            })
            .collect()
    }

    fn entrada(municipios: Vec<MunicipioFpm>) -> EntradaFpm {
        EntradaFpm {
            populacao: "IBGE, estimativa 2025".to_owned(),
            municipios,
            fonte_coeficientes_tcu: None,
            alteracoes: Vec::new(),
            novo: None,
            fundo: Fundo::estimado(),
        }
    }

    fn muda(codigo_ibge: u32, mudanca: Mudanca) -> Alteracao {
        Alteracao {
            codigo_ibge,
            mudanca,
            estimativa: true,
            fonte: "estimativa pelos setores censitários".to_owned(),
        }
    }

    fn novo(nome: &str, populacao: u32) -> NovoMunicipio {
        NovoMunicipio {
            nome: nome.to_owned(),
            populacao,
            estimativa: true,
            fonte: "estimativa pelos setores censitários".to_owned(),
        }
    }

    fn linha(resultado: &ResultadoFpm, codigo: Option<u32>) -> &LinhaFpm {
        resultado
            .municipios
            .iter()
            .find(|m| m.codigo_ibge == codigo)
            .expect("linha do município")
    }

    /// O FPM é de soma zero no Estado: as cotas somam o fundo, antes e depois, ao centavo.
    fn confere_soma_zero(resultado: &ResultadoFpm) {
        let antes: Decimal = resultado.municipios.iter().map(|m| m.reais_antes).sum();
        let depois: Decimal = resultado.municipios.iter().map(|m| m.reais_depois).sum();
        let variacao: Decimal = resultado.municipios.iter().map(|m| m.variacao_reais).sum();
        assert_eq!(antes, resultado.fundo_reais);
        assert_eq!(depois, resultado.fundo_reais);
        assert_eq!(variacao, Decimal::ZERO);
        for m in &resultado.municipios {
            assert_eq!(m.reais_antes.scale(), 2, "{}: centavos", m.nome);
            assert_eq!(m.variacao_reais, m.reais_depois - m.reais_antes);
        }
    }

    /// Um Estado de 20 municípios variados, mais os da proposta.
    fn estado(proposta: &[(u32, u32)]) -> Vec<MunicipioFpm> {
        let mut municipios: Vec<(u32, u32)> = (0..20u32)
            .map(|i| (5_100_000 + i * 7, 3_000 + i * 9_137))
            .collect();
        municipios.extend_from_slice(proposta);
        lista(&municipios)
    }

    #[test]
    fn fpm_criacao_que_divide_a_origem_soma_zero_ao_centavo() {
        let mut e = entrada(estado(&[(5_106_240, 12_000)]));
        e.alteracoes
            .push(muda(5_106_240, Mudanca::PopulacaoDepois(9_000)));
        e.novo = Some(novo("Vale do Juruena", 3_000));
        let r = simular_fpm(&e).expect("simulado");
        confere_soma_zero(&r);
        assert_eq!(
            r.soma_depois - r.soma_antes,
            d("0.4"),
            "0,8 → 0,6 e um novo de 0,6"
        );
        let origem = linha(&r, Some(5_106_240));
        assert_eq!(
            (origem.coeficiente_antes, origem.coeficiente_depois),
            (d("0.8"), d("0.6"))
        );
        assert!(origem.variacao_reais < Decimal::ZERO);
        assert_eq!(linha(&r, None).coeficiente_depois, d("0.6"));
    }

    #[test]
    fn fpm_fusao_de_dois_de_0_6_abaixo_de_10188_baixa_a_soma_e_aumenta_todos_os_outros() {
        // Dois municípios de 0,6 viram um de 9.000 habitantes, ainda 0,6: a soma perde 0,6.
        let mut e = entrada(estado(&[(5_101_001, 4_000), (5_101_002, 5_000)]));
        e.alteracoes.push(muda(5_101_001, Mudanca::Extinto));
        e.alteracoes.push(muda(5_101_002, Mudanca::Extinto));
        e.novo = Some(novo("Fusão", 9_000));
        let r = simular_fpm(&e).expect("simulado");
        confere_soma_zero(&r);
        assert_eq!(r.soma_antes - r.soma_depois, d("0.6"));
        for m in r.municipios.iter().filter(|m| !m.da_proposta()) {
            assert!(
                m.variacao_reais > Decimal::ZERO,
                "{} deveria ganhar",
                m.nome
            );
        }
        let extinto = linha(&r, Some(5_101_001));
        assert!(extinto.extinto);
        assert_eq!(
            (extinto.populacao_depois, extinto.reais_depois),
            (0, Decimal::ZERO)
        );
    }

    #[test]
    fn fpm_incorporacao_de_um_por_outro_soma_zero() {
        // 5.000 habitantes (0,6) incorporados por um de 20.000 (1,2), que vai a 25.000 (1,4).
        let mut e = entrada(estado(&[(5_101_001, 5_000), (5_101_002, 20_000)]));
        e.alteracoes.push(muda(5_101_001, Mudanca::Extinto));
        e.alteracoes.push(muda(5_101_002, Mudanca::Recebe(5_000)));
        let r = simular_fpm(&e).expect("simulado");
        confere_soma_zero(&r);
        let receptor = linha(&r, Some(5_101_002));
        assert_eq!(receptor.populacao_depois, 25_000);
        assert_eq!(receptor.coeficiente_depois, d("1.4"));
        assert_eq!(r.soma_antes - r.soma_depois, d("0.4"));
    }

    #[test]
    fn fpm_extincao_devolve_o_coeficiente_ao_fundo_e_os_outros_sobem() {
        // Art. 10 da LC 23/1992: o território volta a outro município, que fica na mesma faixa.
        let mut e = entrada(estado(&[(5_101_001, 3_000), (5_101_002, 5_000)]));
        e.alteracoes.push(muda(5_101_001, Mudanca::Extinto));
        e.alteracoes.push(muda(5_101_002, Mudanca::Recebe(3_000)));
        let r = simular_fpm(&e).expect("simulado");
        confere_soma_zero(&r);
        assert_eq!(
            r.soma_antes - r.soma_depois,
            d("0.6"),
            "Σ cai pelo coeficiente do extinto"
        );
        for m in r.municipios.iter().filter(|m| !m.extinto) {
            assert!(
                m.variacao_reais > Decimal::ZERO,
                "{} deveria ganhar",
                m.nome
            );
        }
    }

    #[test]
    fn fpm_desmembramento_entre_dois_municipios_soma_zero() {
        // Art. 8º da LC 23/1992: 500 habitantes passam de um (10.500 → 10.000: 0,8 → 0,6) ao
        // outro (13.300 → 13.800: 0,8 → 1,0).
        let mut e = entrada(estado(&[(5_101_001, 10_500), (5_101_002, 13_300)]));
        e.alteracoes
            .push(muda(5_101_001, Mudanca::PopulacaoDepois(10_000)));
        e.alteracoes.push(muda(5_101_002, Mudanca::Recebe(500)));
        let r = simular_fpm(&e).expect("simulado");
        confere_soma_zero(&r);
        assert_eq!(r.soma_antes, r.soma_depois);
        assert_eq!(linha(&r, Some(5_101_001)).coeficiente_depois, d("0.6"));
        assert_eq!(linha(&r, Some(5_101_002)).coeficiente_depois, d("1.0"));
    }

    #[test]
    fn fpm_ilustracao_do_readme_soma_vai_de_150_0_a_150_4_e_cada_outro_perde_0_27_por_cento() {
        // README fiscal §3: um novo de 0,6 cuja mãe cai de 0,8 para 0,6 leva Σ de 150,0 a 150,4;
        // cada outro município perde 1 − 150/150,4 ≈ 0,266% do FPM.
        let mut municipios: Vec<(u32, u32)> = (0..74u32).map(|i| (5_100_000 + i, 45_000)).collect();
        municipios.push((5_101_000, 5_000));
        municipios.push((5_101_001, 5_000));
        municipios.push((5_106_240, 12_000));
        let mut e = entrada(lista(&municipios));
        e.alteracoes
            .push(muda(5_106_240, Mudanca::PopulacaoDepois(9_000)));
        e.novo = Some(novo("Novo", 3_000));
        let r = simular_fpm(&e).expect("simulado");
        confere_soma_zero(&r);
        assert_eq!(r.soma_antes, d("150.0"));
        assert_eq!(r.soma_depois, d("150.4"));
        for m in r.municipios.iter().filter(|m| !m.da_proposta()) {
            let percentual = m.variacao_percentual.expect("percentual");
            assert_eq!(numeros::arredondar(percentual, 2), d("-0.27"), "{}", m.nome);
            assert!(
                (percentual - d("-0.2660")).abs() <= d("0.0001"),
                "{percentual}"
            );
        }
        // O par ganha: a mãe perde, mas a mãe e o novo juntos recebem mais que a mãe antes.
        let mae = linha(&r, Some(5_106_240));
        let par = mae.reais_depois + linha(&r, None).reais_depois;
        assert!(par > mae.reais_antes);
    }

    #[test]
    fn fpm_hamilton_nao_depende_da_ordem_da_lista() {
        let mut e = entrada(estado(&[(5_106_240, 12_000)]));
        e.alteracoes
            .push(muda(5_106_240, Mudanca::PopulacaoDepois(9_000)));
        e.novo = Some(novo("Novo", 3_000));
        let r = simular_fpm(&e).expect("simulado");
        e.municipios.reverse();
        let invertido = simular_fpm(&e).expect("simulado");
        assert_eq!(r, invertido);
    }

    #[test]
    fn fpm_reserva_de_142633_habitantes_nos_dois_sentidos() {
        // DL nº 1.881/1981: reserva de 3,6% para 142.633 habitantes ou mais.
        let mut e = entrada(estado(&[(5_101_001, 142_633), (5_101_002, 142_632)]));
        e.alteracoes
            .push(muda(5_101_001, Mudanca::PopulacaoDepois(142_632)));
        e.alteracoes.push(muda(5_101_002, Mudanca::Recebe(1)));
        let r = simular_fpm(&e).expect("simulado");
        assert_eq!(linha(&r, Some(5_101_001)).reserva, Some(Reserva::Sai));
        assert_eq!(linha(&r, Some(5_101_002)).reserva, Some(Reserva::Entra));
        assert!(r.notas.iter().any(|n| n.contains("reserva do FPM (3,6%")));
        // Um habitante a menos em quem fica abaixo, ou a mais em quem fica acima: sem marca.
        let mut e = entrada(estado(&[(5_101_001, 142_634), (5_101_002, 142_631)]));
        e.alteracoes
            .push(muda(5_101_001, Mudanca::PopulacaoDepois(142_633)));
        e.alteracoes.push(muda(5_101_002, Mudanca::Recebe(1)));
        let r = simular_fpm(&e).expect("simulado");
        assert!(r.municipios.iter().all(|m| m.reserva.is_none()));
    }

    #[test]
    fn fpm_novo_municipio_nao_recebe_ate_ser_instalado_lc_91_1997() {
        let mut e = entrada(estado(&[]));
        e.novo = Some(novo("Vale do Juruena", 2_760));
        let r = simular_fpm(&e).expect("simulado");
        let novo = linha(&r, None);
        assert!(novo.novo && novo.aguarda_instalacao);
        assert_eq!(
            novo.alertas[0],
            "não recebe FPM até ser instalado (LC nº 91/1997)"
        );
        assert_eq!(
            (novo.populacao_antes, novo.coeficiente_antes),
            (0, Decimal::ZERO)
        );
        assert_eq!(novo.variacao_percentual, None);
    }

    #[test]
    fn fpm_sem_tabela_do_tcu_diz_que_a_protecao_nao_esta_modelada() {
        let r = simular_fpm(&entrada(estado(&[]))).expect("simulado");
        assert_eq!(
            r.fonte_coeficientes,
            "calculados pela tabela do DL 1.881/1981"
        );
        assert!(r.estimativa);
        let nota = r
            .notas
            .iter()
            .find(|n| n.contains("não estão modelados"))
            .expect("nota da proteção");
        assert!(nota.contains("LC nº 165/2019") && nota.contains("LC nº 198/2023"));
        assert!(nota.contains("150,0") && nota.contains("146,0"));
    }

    #[test]
    fn fpm_com_coeficientes_do_tcu_os_inalterados_mantem_o_publicado() {
        let mut municipios = lista(&[(5_101_001, 9_000), (5_101_002, 14_000), (5_101_003, 50_000)]);
        municipios[0].coeficiente_tcu = Some(d("0.78")); // protegido (LC nº 198/2023)
        municipios[1].coeficiente_tcu = Some(d("1.0"));
        municipios[2].coeficiente_tcu = Some(d("2.0"));
        let mut e = entrada(municipios);
        e.fonte_coeficientes_tcu = Some("DN TCU nº 210/2024".to_owned());
        e.fundo = Fundo::informado(d("2500000000"), "Tesouro Nacional").expect("fundo");
        e.alteracoes
            .push(muda(5_101_002, Mudanca::PopulacaoDepois(12_000)));
        let r = simular_fpm(&e).expect("simulado");
        confere_soma_zero(&r);
        let protegido = linha(&r, Some(5_101_001));
        assert_eq!(
            (protegido.coeficiente_antes, protegido.coeficiente_depois),
            (d("0.78"), d("0.78"))
        );
        let alterado = linha(&r, Some(5_101_002));
        assert_eq!(alterado.coeficiente_depois, d("0.8"));
        assert!(alterado
            .alertas
            .iter()
            .any(|a| a.contains("LC nº 198/2023")));
        assert!(r.fonte_coeficientes.starts_with("TCU: DN TCU nº 210/2024"));
        assert!(!r.motivos_estimativa.iter().any(|m| m.contains("fundo")));
    }

    #[test]
    fn fpm_coeficiente_do_tcu_fora_de_0_6_a_4_0_e_erro() {
        let mut municipios = lista(&[(5_101_001, 9_000)]);
        municipios[0].coeficiente_tcu = Some(d("4.2"));
        assert!(matches!(
            simular_fpm(&entrada(municipios)),
            Err(ErroFiscal::CoeficienteInvalido { .. })
        ));
    }

    #[test]
    fn fpm_alteracao_fora_da_lista_ou_repetida_e_erro() {
        let mut e = entrada(estado(&[]));
        e.alteracoes.push(muda(5_109_999, Mudanca::Extinto));
        let erro = simular_fpm(&e).expect_err("erro");
        assert_eq!(
            erro.to_string(),
            "a alteração do município 5109999 não se aplica: ele não está entre os municípios do \
             interior com população em IBGE, estimativa 2025"
        );
        let mut e = entrada(estado(&[(5_101_001, 9_000)]));
        e.alteracoes.push(muda(5_101_001, Mudanca::Extinto));
        e.alteracoes.push(muda(5_101_001, Mudanca::Recebe(1)));
        assert!(matches!(
            simular_fpm(&e),
            Err(ErroFiscal::AlteracaoRepetida { .. })
        ));
    }

    #[test]
    fn fpm_capital_numa_alteracao_vira_nota_e_nao_entra_no_interior() {
        let mut e = entrada(estado(&[(5_101_001, 9_000)]));
        e.alteracoes.push(muda(5_101_001, Mudanca::Extinto));
        e.alteracoes
            .push(muda(CUIABA_CAPITAL, Mudanca::Recebe(9_000)));
        let r = simular_fpm(&e).expect("simulado");
        confere_soma_zero(&r);
        assert!(r.notas.iter().any(|n| n.starts_with("Cuiabá é a capital")));
        assert!(r
            .municipios
            .iter()
            .all(|m| m.codigo_ibge != Some(CUIABA_CAPITAL)));
    }

    #[test]
    fn fpm_resultado_poe_os_alterados_e_o_novo_primeiro() {
        let mut e = entrada(estado(&[(5_106_240, 12_000)]));
        e.alteracoes
            .push(muda(5_106_240, Mudanca::PopulacaoDepois(9_000)));
        e.novo = Some(novo("Novo", 3_000));
        let r = simular_fpm(&e).expect("simulado");
        assert_eq!(r.municipios[0].codigo_ibge, Some(5_106_240));
        assert!(r.municipios[1].novo);
        let resto: Vec<Option<u32>> = r.municipios[2..].iter().map(|m| m.codigo_ibge).collect();
        let mut ordenado = resto.clone();
        ordenado.sort();
        assert_eq!(resto, ordenado);
    }

    #[test]
    fn fpm_maiores_perdas_exclui_a_proposta_e_ordena_pela_perda() {
        let mut e = entrada(estado(&[(5_106_240, 12_000)]));
        e.alteracoes
            .push(muda(5_106_240, Mudanca::PopulacaoDepois(9_000)));
        e.novo = Some(novo("Novo", 3_000));
        let r = simular_fpm(&e).expect("simulado");
        let perdas = r.maiores_perdas(10);
        assert_eq!(perdas.len(), 10);
        assert!(perdas.iter().all(|m| !m.da_proposta()));
        assert!(perdas
            .windows(2)
            .all(|p| p[0].variacao_reais <= p[1].variacao_reais));
    }
}
