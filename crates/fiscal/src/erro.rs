//! Os erros do estudo fiscal, em português, com o contexto estruturado.
//!
//! - [`ErroLeitura`]: um arquivo dado pelo usuário (tabela de índices do ICMS, tabela de
//!   coeficientes do TCU) que não se lê. A mensagem diz o arquivo e a linha (a linha 1 é o
//!   cabeçalho) e o que se esperava.
//! - [`ErroFiscal`]: tudo o mais — um cenário impossível (parte maior que o todo, alteração de
//!   um município que não está na lista), um fundo absurdo, um defeito nos dados embutidos.
//!
//! Um critério não atendido (o EVM) nunca é erro: é um dado do estudo.

use rust_decimal::Decimal;

use crate::numeros;

/// Até dez nomes e quantos mais houver: "A, B, … e mais 130".
fn lista_curta(nomes: &[String]) -> String {
    const MOSTRADOS: usize = 10;
    if nomes.len() <= MOSTRADOS {
        nomes.join(", ")
    } else {
        format!(
            "{} e mais {}",
            nomes[..MOSTRADOS].join(", "),
            nomes.len() - MOSTRADOS
        )
    }
}

/// Um arquivo de entrada (CSV) que não se lê.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErroLeitura {
    /// O arquivo passa do tamanho máximo aceito.
    #[error(
        "{arquivo}: o arquivo tem {} bytes, mais que o limite de {} bytes (1 MB); uma tabela dos \
         142 municípios de Mato Grosso tem poucos kB — confira se é o arquivo certo",
        divisa_referencia::formato::inteiro(*bytes as i64),
        divisa_referencia::formato::inteiro(*limite as i64)
    )]
    GrandeDemais {
        /// Nome do arquivo, como o usuário o deu.
        arquivo: String,
        /// Tamanho do arquivo, em bytes.
        bytes: usize,
        /// O limite, em bytes.
        limite: usize,
    },
    /// O arquivo tem mais linhas de dados que o máximo aceito.
    #[error(
        "{arquivo}: mais de {} linhas de dados; uma tabela dos municípios de Mato Grosso tem \
         uma linha por município — confira se é o arquivo certo",
        divisa_referencia::formato::inteiro(*limite as i64)
    )]
    LinhasDemais {
        /// Nome do arquivo.
        arquivo: String,
        /// O limite de linhas de dados.
        limite: usize,
    },
    /// O arquivo está vazio (nem cabeçalho).
    #[error("{arquivo}: o arquivo está vazio; esperado o cabeçalho «{esperado}»")]
    Vazio {
        /// Nome do arquivo.
        arquivo: String,
        /// O cabeçalho esperado.
        esperado: &'static str,
    },
    /// Falta uma coluna obrigatória no cabeçalho.
    #[error(
        "{arquivo}, linha 1: falta a coluna «{coluna}» no cabeçalho (esperado «{esperado}», \
         encontrado «{encontrado}»){}",
        if encontrado.contains(';') {
            "; o arquivo parece separado por ponto e vírgula: salve-o como CSV separado por \
             vírgulas, com ponto decimal"
        } else {
            ""
        }
    )]
    ColunaAusente {
        /// Nome do arquivo.
        arquivo: String,
        /// A coluna que falta.
        coluna: &'static str,
        /// O cabeçalho esperado.
        esperado: &'static str,
        /// O cabeçalho encontrado.
        encontrado: String,
    },
    /// Uma linha que não é CSV válido (aspas sem par, texto fora de UTF-8, colunas a menos).
    #[error("{arquivo}, linha {linha}: {mensagem}")]
    Formato {
        /// Nome do arquivo.
        arquivo: String,
        /// Linha do arquivo (1 = cabeçalho).
        linha: u64,
        /// O que está errado, em português.
        mensagem: String,
    },
    /// O código IBGE não é um número de 7 dígitos.
    #[error(
        "{arquivo}, linha {linha}: o código IBGE «{valor}» não é um número de 7 dígitos \
         (ex.: 5106240)"
    )]
    CodigoInvalido {
        /// Nome do arquivo.
        arquivo: String,
        /// Linha do arquivo.
        linha: u64,
        /// O texto encontrado.
        valor: String,
    },
    /// O código IBGE não é de um município de Mato Grosso.
    #[error("{arquivo}, linha {linha}: o código {codigo} não é de um município de Mato Grosso")]
    CodigoForaDeMt {
        /// Nome do arquivo.
        arquivo: String,
        /// Linha do arquivo.
        linha: u64,
        /// O código encontrado.
        codigo: u32,
    },
    /// O mesmo município aparece em duas linhas.
    #[error(
        "{arquivo}, linha {linha}: {nome} ({codigo}) já apareceu na linha {primeira_linha}; \
         a tabela tem uma linha por município"
    )]
    CodigoRepetido {
        /// Nome do arquivo.
        arquivo: String,
        /// Linha da repetição.
        linha: u64,
        /// Linha em que o município apareceu primeiro.
        primeira_linha: u64,
        /// O código repetido.
        codigo: u32,
        /// O nome do município.
        nome: String,
    },
    /// Um número que não se lê.
    #[error(
        "{arquivo}, linha {linha}: {coluna} «{valor}» não é um número; use ponto decimal, sem \
         separador de milhar (ex.: {exemplo})"
    )]
    NumeroInvalido {
        /// Nome do arquivo.
        arquivo: String,
        /// Linha do arquivo.
        linha: u64,
        /// A coluna.
        coluna: &'static str,
        /// O texto encontrado.
        valor: String,
        /// Um exemplo do formato esperado.
        exemplo: &'static str,
    },
    /// Um número negativo onde só cabe zero ou positivo.
    #[error(
        "{arquivo}, linha {linha}: {coluna} {valor} é negativo; {coluna} não pode ser negativo"
    )]
    Negativo {
        /// Nome do arquivo.
        arquivo: String,
        /// Linha do arquivo.
        linha: u64,
        /// A coluna.
        coluna: &'static str,
        /// O texto encontrado.
        valor: String,
    },
    /// Um número fora do intervalo possível.
    #[error("{arquivo}, linha {linha}: {coluna} {valor} {motivo}")]
    ForaDoIntervalo {
        /// Nome do arquivo.
        arquivo: String,
        /// Linha do arquivo.
        linha: u64,
        /// A coluna.
        coluna: &'static str,
        /// O texto encontrado.
        valor: String,
        /// Por que não pode ser, em português.
        motivo: &'static str,
    },
    /// O cabeçalho está lá, mas nenhuma linha de dados.
    #[error("{arquivo}: nenhuma linha de dados depois do cabeçalho")]
    SemLinhas {
        /// Nome do arquivo.
        arquivo: String,
    },
    /// A capital numa tabela do FPM-Interior.
    #[error(
        "{arquivo}, linha {linha}: Cuiabá (5103403) é a capital e não entra no FPM-Interior \
         (a capital tem o seu fundo, de 10% do FPM); tire a linha da tabela"
    )]
    Capital {
        /// Nome do arquivo.
        arquivo: String,
        /// Linha do arquivo.
        linha: u64,
    },
    /// A soma dos índices do ICMS está longe de 100%.
    #[error(
        "{arquivo}: a soma dos índices é {}%, e não 100% (tolerância de 0,5 ponto): falta ou \
         sobra município na tabela, ou algum índice está em fração (0,0092) em vez de \
         porcentagem (0,920199)",
        numeros::decimal_enxuto(*total, 1, 6)
    )]
    TotalLongeDe100 {
        /// Nome do arquivo.
        arquivo: String,
        /// A soma encontrada, em %.
        total: Decimal,
    },
    /// A tabela de índices não traz uma origem da proposta.
    #[error(
        "{arquivo}: falta o índice de {}; o Art. 7º, V da LC 23/1992 aplica o percentual sobre o \
         índice de cada município de origem",
        faltam.join(", ")
    )]
    OrigensAusentes {
        /// Nome do arquivo.
        arquivo: String,
        /// As origens sem índice ("Sorriso (5107925)").
        faltam: Vec<String>,
    },
    /// A tabela de coeficientes não corresponde à lista de municípios do interior.
    #[error(
        "{arquivo}: a tabela de coeficientes não corresponde aos municípios do interior com \
         população em {base}{}{}",
        if faltam.is_empty() { String::new() } else { format!("; faltam {}", lista_curta(faltam)) },
        if sobram.is_empty() {
            String::new()
        } else {
            format!("; sobram (sem população nessa base) {}", lista_curta(sobram))
        }
    )]
    CoeficientesNaoCorrespondem {
        /// Nome do arquivo.
        arquivo: String,
        /// A base populacional da lista ("IBGE, estimativa 2025").
        base: String,
        /// Municípios da lista sem coeficiente na tabela.
        faltam: Vec<String>,
        /// Municípios da tabela fora da lista.
        sobram: Vec<String>,
    },
}

/// Um cenário que não pode ser calculado, ou um defeito dos dados embutidos.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum ErroFiscal {
    /// Um arquivo do usuário que não se lê.
    #[error(transparent)]
    Leitura(#[from] ErroLeitura),
    /// Os dados de referência embutidos (`divisa-referencia`) não se leem: defeito do divisa.
    #[error(transparent)]
    Referencia(#[from] divisa_referencia::ErroDados),
    /// O fundo não é um valor em reais legível.
    #[error(
        "fundo do FPM-Interior «{texto}»: não é um valor em reais; escreva, por exemplo, \
         1815000000.00 ou 1.815.000.000,00"
    )]
    FundoIlegivel {
        /// O texto dado.
        texto: String,
    },
    /// O fundo é zero ou negativo.
    #[error("fundo do FPM-Interior {}: tem de ser maior que zero", numeros::reais(*reais))]
    FundoNaoPositivo {
        /// O valor dado, em reais.
        reais: Decimal,
    },
    /// O fundo tem frações de centavo.
    #[error(
        "fundo do FPM-Interior R$ {}: tem frações de centavo; dê o valor em reais com no máximo \
         duas casas decimais",
        numeros::decimal_enxuto(*reais, 2, 28)
    )]
    FundoFracaoDeCentavo {
        /// O valor dado, em reais.
        reais: Decimal,
    },
    /// O fundo é pequeno demais para ser o FPM-Interior de Mato Grosso.
    #[error(
        "fundo do FPM-Interior {}: pequeno demais. A parte de Mato Grosso é 1,8949% dos 86,4% \
         do FPM destinados ao interior, e o FPM inteiro (22,5% do IR e do IPI, mais os repasses \
         de 1%) passa de centenas de bilhões de reais por ano: o fundo do Estado não fica abaixo \
         de {} — o valor dado estaria em milhares ou em milhões de reais?",
        numeros::reais(*reais),
        numeros::reais(*minimo)
    )]
    FundoPequenoDemais {
        /// O valor dado, em reais.
        reais: Decimal,
        /// O mínimo aceito, em reais.
        minimo: Decimal,
    },
    /// O fundo é grande demais para ser o FPM-Interior de Mato Grosso.
    #[error(
        "fundo do FPM-Interior {}: grande demais. A parte de Mato Grosso é 1,8949% dos 86,4% do \
         FPM destinados ao interior (1,64% do FPM inteiro): {} exigiriam um FPM nacional de mais \
         de R$ 1,2 trilhão por ano, mais que toda a arrecadação do IR e do IPI — o valor dado \
         estaria em centavos?",
        numeros::reais(*reais),
        numeros::reais(*maximo)
    )]
    FundoGrandeDemais {
        /// O valor dado, em reais.
        reais: Decimal,
        /// O máximo aceito, em reais.
        maximo: Decimal,
    },
    /// Nenhum município com coeficiente: não há como repartir o fundo.
    #[error("nenhum município com coeficiente do FPM: não há entre quem repartir o fundo")]
    SemCoeficientes,
    /// Um coeficiente dado não é possível no FPM-Interior.
    #[error(
        "{nome} ({codigo}): coeficiente {} fora do intervalo do FPM-Interior (de 0,6 a 4,0, \
         com até 6 casas)",
        numeros::decimal_enxuto(*coeficiente, 1, 28)
    )]
    CoeficienteInvalido {
        /// Código IBGE.
        codigo: u32,
        /// Nome do município.
        nome: String,
        /// O coeficiente dado.
        coeficiente: Decimal,
    },
    /// O mesmo município aparece duas vezes na lista "antes".
    #[error("{nome} ({codigo}) aparece duas vezes na lista de municípios do FPM")]
    MunicipioRepetido {
        /// Código IBGE.
        codigo: u32,
        /// Nome do município.
        nome: String,
    },
    /// Uma alteração cita um município fora da lista do FPM-Interior.
    #[error(
        "a alteração do município {codigo} não se aplica: ele não está entre os municípios do \
         interior com população em {base}"
    )]
    AlteracaoSemMunicipio {
        /// Código IBGE citado.
        codigo: u32,
        /// A base populacional da lista.
        base: String,
    },
    /// Duas alterações para o mesmo município.
    #[error(
        "{nome} ({codigo}) tem mais de uma alteração; dê uma só (a população depois, a extinção \
         ou a população recebida)"
    )]
    AlteracaoRepetida {
        /// Código IBGE.
        codigo: u32,
        /// Nome do município.
        nome: String,
    },
    /// Uma população que passa do maior inteiro representável.
    #[error("{nome}: a população depois passa de 4.294.967.295 habitantes")]
    PopulacaoGrandeDemais {
        /// Nome do município.
        nome: String,
    },
    /// Uma conta que sai do alcance de 28 dígitos (só com números absurdos).
    #[error("conta fora do alcance numérico ({contexto}); confira os números dados")]
    ForaDoAlcance {
        /// Que conta.
        contexto: &'static str,
    },
    /// Uma parte (da área nova) maior que o todo (o município de origem), ou um todo zero.
    #[error(
        "{nome} ({codigo}), {criterio}: a parte da área nova ({}) {}",
        numeros::decimal_enxuto(*da_area, 0, 6),
        if do_municipio.is_zero() {
            "não pode ser medida contra um total zero".to_owned()
        } else {
            format!("é maior que o total do município ({})", numeros::decimal_enxuto(*do_municipio, 0, 6))
        }
    )]
    ParteImpossivel {
        /// Código IBGE da origem.
        codigo: u32,
        /// Nome da origem.
        nome: String,
        /// O critério (população, área, valor adicionado).
        criterio: &'static str,
        /// Valor da área nova.
        da_area: Decimal,
        /// Valor do município inteiro.
        do_municipio: Decimal,
    },
    /// Uma parte negativa.
    #[error("{nome} ({codigo}), {criterio}: valores negativos não são possíveis")]
    ParteNegativa {
        /// Código IBGE da origem.
        codigo: u32,
        /// Nome da origem.
        nome: String,
        /// O critério.
        criterio: &'static str,
    },
    /// O ICMS sem município de origem.
    #[error("o cálculo do Art. 7º, V precisa de ao menos um município de origem")]
    SemOrigens,
    /// Uma origem repetida.
    #[error("{nome} ({codigo}) aparece duas vezes entre os municípios de origem")]
    OrigemRepetida {
        /// Código IBGE.
        codigo: u32,
        /// Nome do município.
        nome: String,
    },
    /// O município que recebe é também origem.
    #[error("{nome} ({codigo}) não pode ser ao mesmo tempo origem e destino do índice")]
    DestinoEhOrigem {
        /// Código IBGE.
        codigo: u32,
        /// Nome do município.
        nome: String,
    },
    /// Um município (destino ou par) sem índice na tabela.
    #[error("{arquivo}: falta o índice de {nome} ({codigo}), {papel}")]
    SemIndice {
        /// Nome do arquivo da tabela.
        arquivo: String,
        /// Código IBGE.
        codigo: u32,
        /// Nome do município (ou o código, se não for de MT).
        nome: String,
        /// Papel do município no cálculo ("município de comparação").
        papel: &'static str,
    },
    /// A média de pares pedida para um destino que não é município novo.
    #[error(
        "a média de pares (precedente da LC nº 808/2024) dá o índice de um município novo; para \
         um município que já existe, use os pesos da lei"
    )]
    ParesSemMunicipioNovo,
    /// A média de pares sem nenhum par.
    #[error("a média de pares precisa de ao menos um município de comparação")]
    SemPares,
    /// As origens não têm população (da área nova) para repartir a cessão.
    #[error(
        "a média de pares reparte a cessão pela população que cada origem dá ao novo município, \
         e a soma dessas populações é zero"
    )]
    SemPopulacaoCedida,
    /// As origens não têm índice bastante para ceder a média dos pares.
    #[error(
        "{nome} ({codigo}) teria de ceder {} do seu índice de {}: mais do que tem. A média dos \
         pares ({}) não cabe nos índices das origens",
        numeros::decimal_enxuto(*cedido, 1, 6),
        numeros::decimal_enxuto(*indice, 1, 6),
        numeros::decimal_enxuto(*media, 1, 6)
    )]
    IndiceInsuficiente {
        /// Código IBGE da origem.
        codigo: u32,
        /// Nome da origem.
        nome: String,
        /// O que teria de ceder, em pontos do índice.
        cedido: Decimal,
        /// O índice que tem, em %.
        indice: Decimal,
        /// A média dos pares, em %.
        media: Decimal,
    },
}
