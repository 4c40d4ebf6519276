//! Os argumentos da linha de comando, com ajuda e erros em português.
//!
//! O clap escreve as suas mensagens em inglês; aqui os modelos de ajuda são nossos e cada tipo
//! de erro do clap vira uma frase em português que diz o que estava errado e o que se esperava.

use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgAction, Parser, Subcommand};

mod processo;
pub(crate) use processo::{ComandoAuditoria, ComandoProcesso, Como};

const MODELO_AJUDA: &str = "\
{about}

Uso: {usage}

{all-args}{after-help}";

/// divisa — a Lei Complementar nº 23/1992 de Mato Grosso (criação, incorporação, fusão e
/// desmembramento de municípios) avaliada, medida e processada.
#[derive(Debug, Parser)]
#[command(
    name = "divisa",
    version,
    help_template = MODELO_AJUDA,
    override_usage = "divisa <COMANDO> [ARGUMENTOS]",
    subcommand_help_heading = "Comandos",
    subcommand_value_name = "COMANDO",
    next_help_heading = "Opções",
    disable_help_flag = true,
    disable_help_subcommand = true,
    disable_version_flag = true
)]
struct Argumentos {
    #[command(subcommand)]
    comando: Comando,

    /// Mostra esta ajuda.
    #[arg(short = 'h', long = "ajuda", alias = "help", action = ArgAction::Help, global = true)]
    ajuda: Option<bool>,

    /// Mostra a versão.
    #[arg(short = 'V', long = "versao", alias = "version", action = ArgAction::Version)]
    versao: Option<bool>,
}

/// Um comando do divisa.
#[derive(Debug, Subcommand)]
pub(crate) enum Comando {
    /// Um município de Mato Grosso com os seus dados de referência (população, eleitorado,
    /// valor adicionado, área, sede, distritos), cada um com fonte e ano.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa municipio CODIGO_OU_NOME [--formato texto|geojson]",
        next_help_heading = "Opções"
    )]
    Municipio {
        /// Código IBGE de 7 dígitos (5107925) ou nome, com ou sem acentos ("sao felix do
        /// araguaia", "Figueiropolis D'Oeste").
        #[arg(value_name = "CODIGO_OU_NOME", help_heading = "Argumentos")]
        codigo_ou_nome: String,
        /// Formato: texto (padrão; a ficha) ou geojson (o limite da Malha Municipal 2022, para
        /// o QGIS).
        #[arg(
            long,
            value_enum,
            default_value = "texto",
            hide_possible_values = true,
            hide_default_value = true
        )]
        formato: FormatoMunicipio,
    },

    /// Avalia uma proposta (o arquivo TOML descrito em docs/CONTRACT.md) diante de cada dispositivo da LC 23/1992.
    /// Saída: 0 atende; 3 não atende; 4 inconclusivo (algo pendente); 2 entrada inválida.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa avaliar PROPOSTA.toml [--formato texto|json|html] [--em AAAA-MM-DD] [--db URL]",
        next_help_heading = "Opções"
    )]
    Avaliar {
        /// O arquivo da proposta.
        #[arg(value_name = "PROPOSTA.toml", help_heading = "Argumentos")]
        proposta: std::path::PathBuf,
        /// Formato do relatório: texto (padrão), json ou html.
        #[arg(
            long,
            value_enum,
            default_value = "texto",
            hide_possible_values = true,
            hide_default_value = true
        )]
        formato: Formato,
        /// Avalia pelo texto da lei em vigor nesta data (padrão: data_referencia da proposta;
        /// sem ela, hoje).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        em: Option<jiff::civil::Date>,
        /// Banco com setores censitários importados (`divisa setores importar`): a população
        /// dentro do polígono sai deles (sem ele, dos embutidos).
        #[arg(long, value_name = "URL", env = "DIVISA_DB", hide_env = true)]
        db: Option<String>,
    },

    /// Quem ganha e quem perde se a proposta virar lei: o FPM federal de cada município do
    /// interior (soma zero no Estado), o percentual do ICMS do Art. 7º, V, e os critérios de
    /// viabilidade dos projetos de lei federais. Saída: 0 estudo feito; 2 entrada inválida.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa fiscal PROPOSTA.toml [--formato texto|json|html] [--em AAAA-MM-DD] [--fpm-interior-mt REAIS] [--coeficientes-fpm ARQUIVO.csv] [--ipm ARQUIVO.csv] [--icms-pares CODIGO,CODIGO,...]",
        next_help_heading = "Opções"
    )]
    Fiscal {
        /// O arquivo da proposta.
        #[arg(value_name = "PROPOSTA.toml", help_heading = "Argumentos")]
        proposta: std::path::PathBuf,
        #[command(flatten)]
        opcoes: OpcoesFiscal,
    },

    /// O texto da LC 23/1992 em vigor numa data, inteiro ou de um dispositivo (identificador
    /// LexML: art2_cpt_inc1, art4_par1u, art8_par2...).
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa lei [DISPOSITIVO] [--em AAAA-MM-DD]",
        next_help_heading = "Opções"
    )]
    Lei {
        /// Identificador LexML do dispositivo; sem ele, a lei inteira.
        #[arg(value_name = "DISPOSITIVO", help_heading = "Argumentos")]
        dispositivo: Option<String>,
        /// A data (padrão: hoje).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        em: Option<jiff::civil::Date>,
    },

    /// Só o Art. 6º para um nome: repetição no País, datas, pessoa viva, número de palavras e
    /// topônimos correlatos. Saída: 0 atende; 3 não atende; 4 pendente.
    #[command(
        alias = "topônimo",
        help_template = MODELO_AJUDA,
        override_usage = "divisa toponimo NOME [--pessoa-viva sim|nao] [--em AAAA-MM-DD]",
        next_help_heading = "Opções"
    )]
    Toponimo {
        /// O nome proposto.
        #[arg(value_name = "NOME", help_heading = "Argumentos")]
        nome: String,
        /// Declaração: o nome homenageia pessoa viva? Sem ela, essa regra fica pendente.
        #[arg(long = "pessoa-viva", value_name = "sim|nao", value_parser = sim_ou_nao)]
        pessoa_viva: Option<bool>,
        /// A data do texto da lei (padrão: hoje).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        em: Option<jiff::civil::Date>,
    },

    /// O memorial descritivo de um território (GeoJSON, KML ou KMZ, Shapefile com .prj ou em
    /// .zip, GeoPackage, DXF do CAD em UTM, ou memorial em texto, do SIGEF ou em UTM): vértices
    /// codificados (os códigos do SIGEF ficam) com coordenadas geográficas e UTM, azimutes e
    /// distâncias geodésicos, área, perímetro, confrontantes e as divisas no estilo da lei de
    /// criação (Art. 5º; Art. 7º, II e IV); ou o território de volta nos formatos do QGIS, do
    /// Google Earth e do SIGEF.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa memorial AREA.geojson|.kml|.kmz|.shp|.zip|.gpkg|.dxf|.txt [--formato texto|json|geojson|kml|gpkg|ods] [-o SAIDA] [--zona 21S]",
        next_help_heading = "Opções"
    )]
    Memorial {
        /// O arquivo do território.
        #[arg(value_name = "AREA.geojson", help_heading = "Argumentos")]
        area: std::path::PathBuf,
        /// Formato: texto (padrão; memorial e divisas), json (os mesmos dados, sem
        /// arredondar), geojson (o território, para o QGIS, com áreas, confrontantes e os
        /// códigos dos vértices), kml (Google Earth), gpkg (GeoPackage, camada em EPSG:4674;
        /// pede -o) ou ods (a tabela de vértices na planilha do SIGEF; pede -o).
        #[arg(
            long,
            value_enum,
            default_value = "texto",
            hide_possible_values = true,
            hide_default_value = true
        )]
        formato: FormatoMemorial,
        /// Onde gravar (padrão: a saída padrão; gpkg e ods, que são binários, pedem um arquivo).
        #[arg(short = 'o', long = "saida", value_name = "SAIDA")]
        saida: Option<std::path::PathBuf>,
        /// A zona UTM de um DXF (20S, 21S ou 22S em Mato Grosso), quando o nome da camada do
        /// limite não a diz.
        #[arg(long, value_name = "ZONA", value_parser = zona_utm)]
        zona: Option<u8>,
    },

    /// Todos os municípios de MT diante do Art. 2º, I a V, com os dados embutidos: quais
    /// seriam passíveis de extinção pelo Art. 10, I.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa varredura [--formato texto|json] [--em AAAA-MM-DD]",
        next_help_heading = "Opções"
    )]
    Varredura {
        /// Formato do relatório: texto (padrão) ou json.
        #[arg(
            long,
            value_enum,
            default_value = "texto",
            hide_possible_values = true,
            hide_default_value = true
        )]
        formato: FormatoVarredura,
        /// A data do texto da lei (padrão: hoje).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        em: Option<jiff::civil::Date>,
    },

    /// Sobreposições e vãos entre municípios vizinhos (as inconsistências territoriais do
    /// Art. 8º), na Malha Municipal 2022 embutida ou numa malha em GeoJSON com uma feição por
    /// município. Saída: 0 nenhuma; 3 há inconsistências; 2 arquivo inválido.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa inconsistencias [MALHA.geojson] [--area-minima M2]",
        next_help_heading = "Opções"
    )]
    Inconsistencias {
        /// A malha a conferir (padrão: a Malha Municipal 2022 do IBGE, embutida).
        #[arg(value_name = "MALHA.geojson", help_heading = "Argumentos")]
        malha: Option<std::path::PathBuf>,
        /// Área abaixo da qual nada é apontado, em m² (padrão: 1, a precisão da malha).
        #[arg(
            long,
            value_name = "M2",
            default_value_t = 1.0,
            hide_default_value = true
        )]
        area_minima: f64,
    },

    /// O processo da representação à lei (Arts. 13 a 20): protocolar, listar, mostrar, avançar,
    /// alertas. Guarda tudo no banco (SQLite por padrão; PostgreSQL com --db postgres://…).
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa processo <criar|listar|mostrar|avancar|avaliar|fiscal|exportar|alertas> [ARGUMENTOS] [--db URL]",
        subcommand_help_heading = "Comandos",
        subcommand_value_name = "COMANDO",
        next_help_heading = "Opções"
    )]
    Processo {
        #[command(subcommand)]
        comando: ComandoProcesso,
        #[command(flatten)]
        banco: Banco,
    },

    /// A auditoria da cadeia de eventos: `divisa auditoria verificar [PROTOCOLO]` confere o
    /// hash de cada evento e nomeia o editado, removido ou fora de ordem. Saída: 0 íntegro;
    /// 3 há violações.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa auditoria verificar [PROTOCOLO] [--ancora HASH] [--chave-publica ARQUIVO.pem] [--db URL]\n       divisa auditoria ancora [--chave ARQUIVO.pem] [--db URL]\n       divisa auditoria chave -o ARQUIVO.pem",
        subcommand_help_heading = "Comandos",
        subcommand_value_name = "COMANDO",
        next_help_heading = "Opções"
    )]
    Auditoria {
        #[command(subcommand)]
        comando: ComandoAuditoria,
        #[command(flatten)]
        banco: Banco,
    },

    /// Setores censitários do Censo 2022 para o banco: `divisa setores importar MALHA
    /// AGREGADOS.csv` (a malha do IBGE em GeoPackage ou GeoJSON e o CSV de agregados). Com eles,
    /// `divisa avaliar --db` estima a população dentro do polígono da proposta.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa setores importar MALHA.zip|.shp|.gpkg|.geojson AGREGADOS.csv [--db URL]",
        subcommand_help_heading = "Comandos",
        subcommand_value_name = "COMANDO",
        next_help_heading = "Opções"
    )]
    Setores {
        #[command(subcommand)]
        comando: ComandoSetores,
        #[command(flatten)]
        banco: Banco,
    },

    /// A aplicação web (http://127.0.0.1:8080): painel, processos, nova representação,
    /// avaliação, a lei, municípios e o portal público. Num banco sem contas, semeia dados de
    /// demonstração (uma conta por papel), marcados como tal.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa serve [--config ARQUIVO.toml] [--addr IP:PORTA] [--sem-demonstracao] [--https] [--db URL] [--log-json] [--proxy-confiavel IP]... [--memoria-por-trabalho MB] [--tls-certificado CERT.pem --tls-chave CHAVE.pem]",
        next_help_heading = "Opções"
    )]
    Serve {
        /// A configuração do servidor num arquivo TOML (também a variável DIVISA_CONFIG): o
        /// endereço, o banco, o log, os proxies confiáveis, a memória por trabalho e os avisos
        /// por e-mail. O que vier na linha de comando ou no ambiente vale mais que o arquivo.
        #[arg(
            long,
            value_name = "ARQUIVO.toml",
            env = "DIVISA_CONFIG",
            hide_env = true
        )]
        config: Option<std::path::PathBuf>,
        /// Onde escutar (padrão 127.0.0.1:8080; 0.0.0.0:8080 para a rede; também a variável
        /// DIVISA_ENDERECO). `--endereco` também vale.
        #[arg(
            long = "addr",
            alias = "endereco",
            value_name = "IP:PORTA",
            env = "DIVISA_ENDERECO",
            hide_env = true
        )]
        endereco: Option<std::net::SocketAddr>,
        /// Não semear dados de demonstração num banco vazio.
        #[arg(long)]
        sem_demonstracao: bool,
        /// O servidor está atrás de um proxy com TLS: cookies com `Secure`.
        #[arg(long)]
        https: bool,
        /// A memória de cada trabalho pesado (ler e medir um território, avaliar, escrever um
        /// documento), em MB; passou, o pedido recebe 413 e o servidor segue. Padrão: 512.
        #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u32).range(8..=65536))]
        memoria_por_trabalho: Option<u32>,
        /// O endereço de um proxy reverso confiável (repita para mais de um): das conexões dele,
        /// o `X-Forwarded-For` diz o endereço do cliente (limites de tentativas, log). Sem ele,
        /// o cabeçalho é ignorado.
        #[arg(long = "proxy-confiavel", value_name = "IP")]
        proxies_confiaveis: Vec<std::net::IpAddr>,
        /// TLS no próprio servidor (sem proxy na frente): o certificado em PEM, com a cadeia.
        /// Vai com --tls-chave.
        #[arg(long, value_name = "CERT.pem", requires = "tls_chave")]
        tls_certificado: Option<std::path::PathBuf>,
        /// A chave privada do certificado, em PEM. Vai com --tls-certificado.
        #[arg(long, value_name = "CHAVE.pem", requires = "tls_certificado")]
        tls_chave: Option<std::path::PathBuf>,
        /// O log em JSON, uma linha por evento (para o journald ou um coletor); sem ela, linhas
        /// legíveis no terminal. Sempre no stderr.
        #[arg(long)]
        log_json: bool,
        #[command(flatten)]
        banco: Banco,
    },

    /// Os documentos oficiais da Comissão em PDF (ou HTML), escritos da proposta: ofícios aos
    /// órgãos (Art. 2º, § 3º), parecer de mérito (Art. 18), projeto de decreto legislativo do
    /// plebiscito (Art. 18, § 2º) e projeto de lei de criação (Art. 7º). Só o PDF escrito dos
    /// autos de um processo (--protocolo, sem a proposta) é emitido: fica registrado no banco, com
    /// quem emitiu, e é o que confere; o escrito de uma proposta solta é minuta, e o HTML e o ODT
    /// são rascunhos para editar — nenhum deles é registrado. `divisa documento verificar
    /// ARQUIVO.pdf` confere o arquivo no registro dos documentos emitidos (e as assinaturas);
    /// `divisa documento assinar ENTRADA.pdf --certificado A1.p12 -o SAIDA.pdf` assina (PAdES,
    /// certificado A1 do ICP-Brasil; a senha vem da entrada padrão, uma linha); com `--protocolo
    /// NUP --como PAPEL:LOGIN`, o arquivo é um documento emitido daquele processo e a versão
    /// assinada é registrada nos autos, como na página (Art. 21). Saída: 0 feito ou
    /// confere; 3 não confere ou não consta do registro; 2 entrada inválida.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa documento oficio|parecer|decreto-legislativo|projeto-de-lei|relatorio-tecnico PROPOSTA.toml -o SAIDA.pdf [--formato pdf|html|odt] [--orgao ÓRGÃO] [--protocolo NUP] [--em AAAA-MM-DD]   (minuta)\n       divisa documento TIPO --protocolo NUP -o SAIDA.pdf [--orgao ÓRGÃO] [--como PAPEL:ID] [--em AAAA-MM-DD] [--db URL]   (emitido e registrado)\n       divisa documento verificar ARQUIVO.pdf [--db URL]\n       divisa documento assinar ENTRADA.pdf --certificado A1.p12 -o SAIDA.pdf [--protocolo NUP --como PAPEL:ID] [--db URL]   (a senha na entrada padrão)",
        next_help_heading = "Opções"
    )]
    Documento {
        /// oficio, parecer, decreto-legislativo, projeto-de-lei, relatorio-tecnico (da
        /// proposta ou do processo); parecer-preliminar, parecer-resultado, autos,
        /// estudo-fiscal (do processo); verificar ou assinar.
        #[arg(value_name = "TIPO", help_heading = "Argumentos")]
        tipo: String,
        /// A proposta (o arquivo TOML) ou, com `verificar` e `assinar`, o PDF. Os documentos
        /// que saem dos atos do processo (parecer-preliminar, parecer-resultado, autos,
        /// estudo-fiscal) dispensam a
        /// proposta: vêm do banco, pelo --protocolo.
        #[arg(value_name = "ARQUIVO", help_heading = "Argumentos")]
        arquivo: Option<std::path::PathBuf>,
        /// Onde gravar (padrão: a saída padrão).
        #[arg(short = 'o', long = "saida", value_name = "SAIDA")]
        saida: Option<std::path::PathBuf>,
        /// pdf (padrão, a versão autêntica), html ou odt (rascunhos para editar no LibreOffice ou
        /// no Word: não são registrados e não conferem).
        #[arg(
            long,
            default_value = "pdf",
            value_name = "pdf|html|odt",
            hide_default_value = true
        )]
        formato: String,
        /// O processo (NUP). Sem a proposta, o documento é escrito dos autos gravados e, em PDF,
        /// emitido e registrado; com a proposta, o número só consta da minuta; com `assinar`, a
        /// versão assinada é registrada nos autos dele.
        #[arg(long, value_name = "NUP")]
        protocolo: Option<String>,
        /// Quem emite (ou, com `assinar --protocolo`, assina) o documento dos autos,
        /// PAPEL:LOGIN (membro:bruno): o registro guarda o nome da conta e o cargo do papel.
        /// Obrigatório para o PDF dos autos (a Presidência, um membro ou um servidor da
        /// Comissão, com a conta cadastrada; assinam o relator e a Presidência, Art. 21).
        #[arg(long, value_name = "PAPEL:ID", value_parser = processo::como)]
        como: Option<Como>,
        /// A data do documento e do texto da lei (padrão: hoje).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        em: Option<jiff::civil::Date>,
        /// Com `oficio`: o órgão a que o ofício se dirige — cartografia, fazenda ou tre. Cada
        /// órgão recebe o seu ofício, com número e código de verificação próprios (Art. 2º,
        /// § 3º); sem ele, a minuta escrita da proposta traz os de todos os órgãos.
        #[arg(long, value_name = "cartografia|fazenda|tre", value_parser = orgao_oficiado)]
        orgao: Option<divisa_processo::Orgao>,
        /// Com `assinar`: o certificado A1 (PKCS#12, .p12 ou .pfx) com a chave privada. A senha
        /// vem da entrada padrão (uma linha), nunca da linha de comando.
        #[arg(long, value_name = "A1.p12")]
        certificado: Option<std::path::PathBuf>,
        #[command(flatten)]
        banco: Banco,
    },

    /// Cópia de segurança do banco, consistente com o servidor no ar (SQLite: VACUUM INTO;
    /// PostgreSQL: pg_dump), conferida pela auditoria depois de gravada.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa backup -o ARQUIVO [--db URL]",
        next_help_heading = "Opções"
    )]
    Backup {
        /// Onde gravar a cópia (não pode existir).
        #[arg(short = 'o', long = "saida", value_name = "ARQUIVO")]
        saida: std::path::PathBuf,
        #[command(flatten)]
        banco: Banco,
    },

    /// Restaura uma cópia de `divisa backup` num banco novo (SQLite: um arquivo que não existe;
    /// PostgreSQL: um banco vazio, por pg_restore) e confere a cadeia.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa restaurar ARQUIVO --db URL",
        next_help_heading = "Opções"
    )]
    Restaurar {
        /// A cópia (de `divisa backup`).
        #[arg(value_name = "ARQUIVO", help_heading = "Argumentos")]
        arquivo: std::path::PathBuf,
        #[command(flatten)]
        banco: Banco,
    },

    /// Contas da aplicação web: `divisa usuario criar LOGIN --nome … --papel …` (a senha é lida
    /// da entrada padrão, não da linha de comando) e `divisa usuario listar`.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa usuario criar LOGIN --nome NOME --papel PAPEL [--db URL] < senha\n       divisa usuario listar [--db URL]",
        subcommand_help_heading = "Comandos",
        subcommand_value_name = "COMANDO",
        next_help_heading = "Opções"
    )]
    Usuario {
        #[command(subcommand)]
        comando: ComandoUsuario,
        #[command(flatten)]
        banco: Banco,
    },
}

/// Os comandos de `divisa usuario`.
#[derive(Debug, Subcommand)]
pub(crate) enum ComandoUsuario {
    /// Cria uma conta; a primeira (papel presidente) é a administradora. A senha (10 caracteres
    /// ou mais) vem da primeira linha da entrada padrão.
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa usuario criar LOGIN --nome NOME --papel PAPEL [--db URL] < senha", next_help_heading = "Opções")]
    Criar {
        /// O login (minúsculas sem acento, algarismos, ponto, hífen, sublinhado).
        #[arg(value_name = "LOGIN", help_heading = "Argumentos")]
        login: String,
        /// O nome por extenso.
        #[arg(long)]
        nome: String,
        /// presidente, membro, deputado, servidor, cartografia, fazenda, tre ou representante.
        #[arg(long)]
        papel: String,
    },
    /// Lista as contas.
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa usuario listar [--db URL]", next_help_heading = "Opções")]
    Listar,
}

/// Os comandos de `divisa setores`.
#[derive(Debug, Subcommand)]
pub(crate) enum ComandoSetores {
    /// Importa a malha de setores e os agregados (só os de Mato Grosso), com barra de progresso.
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa setores importar MALHA.zip|.shp|.gpkg|.geojson AGREGADOS.csv [--db URL]", next_help_heading = "Opções")]
    Importar {
        /// A malha de setores do IBGE (MT_setores_CD2022) em Shapefile (.zip ou .shp com o .dbf),
        /// GeoPackage ou GeoJSON, com CD_SETOR.
        #[arg(value_name = "MALHA", help_heading = "Argumentos")]
        malha: std::path::PathBuf,
        /// O CSV de agregados por setores (Agregados_por_setores_basico_BR.csv).
        #[arg(value_name = "AGREGADOS.csv", help_heading = "Argumentos")]
        agregados: std::path::PathBuf,
    },
}

/// O banco dos comandos que guardam ou leem o processo e os setores.
#[derive(Debug, clap::Args)]
pub(crate) struct Banco {
    /// O banco: um arquivo SQLite (padrão: divisa.sqlite3 no diretório corrente, ou a
    /// variável DIVISA_DB) ou postgres://usuario@servidor/banco.
    #[arg(
        long,
        value_name = "URL",
        global = true,
        env = "DIVISA_DB",
        default_value = "divisa.sqlite3",
        hide_default_value = true,
        hide_env = true
    )]
    pub(crate) db: String,
}

/// As opções do estudo fiscal (`divisa fiscal` e `divisa processo fiscal`).
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct OpcoesFiscal {
    /// texto (padrão), json (os campos do estudo) ou html (uma página com o gráfico).
    #[arg(
        long,
        value_enum,
        default_value = "texto",
        hide_possible_values = true,
        hide_default_value = true
    )]
    pub(crate) formato: Formato,
    /// A data do estudo: escolhe a população (a estimativa 2025 do IBGE de 2025 em diante, o
    /// Censo 2022 antes) e os pesos do ICMS do ano (padrão: data_referencia da proposta; sem
    /// ela, hoje).
    #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
    pub(crate) em: Option<jiff::civil::Date>,
    /// O FPM do interior de Mato Grosso num ano, em reais (ex.: 2500000000 ou
    /// "2.500.000.000,00"); sem ele, uma estimativa rotulada como tal.
    #[arg(long = "fpm-interior-mt", value_name = "REAIS")]
    pub(crate) fpm_interior_mt: Option<String>,
    /// Os coeficientes publicados pelo TCU (CSV: codigo_ibge,coeficiente,fonte): o "antes".
    #[arg(long = "coeficientes-fpm", value_name = "ARQUIVO.csv")]
    pub(crate) coeficientes_fpm: Option<std::path::PathBuf>,
    /// Os índices de participação no ICMS da portaria da SEFAZ-MT (CSV:
    /// codigo_ibge,indice,fonte; índice em %, ponto decimal).
    #[arg(long, value_name = "ARQUIVO.csv")]
    pub(crate) ipm: Option<std::path::PathBuf>,
    /// O índice do novo município pela média destes municípios (o precedente da LC nº
    /// 808/2024), em vez dos pesos da lei do ICMS: códigos IBGE separados por vírgula.
    #[arg(long = "icms-pares", value_name = "CODIGO,...", value_delimiter = ',')]
    pub(crate) icms_pares: Vec<u32>,
}

/// Formato do relatório de `avaliar`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Formato {
    /// Texto para o terminal.
    Texto,
    /// JSON (os campos do relatório).
    Json,
    /// Uma página HTML para imprimir.
    Html,
}

/// Formato da varredura.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum FormatoVarredura {
    /// Texto para o terminal.
    Texto,
    /// JSON.
    Json,
}

/// Formato de `municipio`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum FormatoMunicipio {
    /// A ficha em texto.
    Texto,
    /// O limite em GeoJSON (RFC 7946).
    Geojson,
}

/// Formato de `memorial`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum FormatoMemorial {
    /// O memorial e as divisas em texto.
    Texto,
    /// O memorial como dados.
    Json,
    /// O território em GeoJSON (RFC 7946).
    Geojson,
    /// O território em KML, para o Google Earth.
    Kml,
    /// O território numa camada de GeoPackage (OGC 12-128r18), para o QGIS.
    Gpkg,
    /// A tabela de vértices na planilha ODS do SIGEF.
    Ods,
}

/// Uma zona UTM sul do Brasil: "21S", "21", "21s" ou o código EPSG do SIRGAS 2000 (31981).
fn zona_utm(texto: &str) -> Result<u8, String> {
    let limpo = texto.trim();
    let sem_letra = limpo.strip_suffix(['S', 's']).unwrap_or(limpo);
    let zona = match sem_letra.parse::<u32>() {
        Ok(epsg @ 31978..=31985) => (epsg - 31960) as u8,
        Ok(z @ 18..=25) => z as u8,
        _ => {
            return Err(
                "esperava a zona UTM sul, de 18S a 25S (Mato Grosso usa 20S, 21S e 22S), ou o código EPSG do SIRGAS 2000 / UTM (31978 a 31985)".to_owned(),
            )
        }
    };
    Ok(zona)
}

fn data_civil(texto: &str) -> Result<jiff::civil::Date, String> {
    let d: jiff::civil::Date = texto
        .parse()
        .map_err(|_| "esperava uma data AAAA-MM-DD válida, como 2027-03-10".to_owned())?;
    if d > divisa_lei::calendario::DATA_MAXIMA {
        return Err(format!(
            "a data passa de {}, o fim do calendário eleitoral que o divisa projeta",
            divisa_referencia::formato::data(divisa_lei::calendario::DATA_MAXIMA)
        ));
    }
    Ok(d)
}

fn sim_ou_nao(texto: &str) -> Result<bool, String> {
    match texto {
        "sim" => Ok(true),
        "nao" | "não" => Ok(false),
        _ => Err("esperava sim ou nao".to_owned()),
    }
}

/// Lê os argumentos; em caso de ajuda, versão ou erro, escreve o texto e devolve o código de
/// saída (0 para ajuda e versão, 2 para argumentos inválidos).
pub(crate) fn ler_argumentos() -> Result<Comando, ExitCode> {
    match Argumentos::try_parse() {
        Ok(argumentos) => Ok(argumentos.comando),
        Err(erro) => match erro.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                print!("{}", erro.render());
                Err(ExitCode::SUCCESS)
            }
            _ => {
                eprintln!("divisa: {}", traduzir(&erro));
                eprintln!("Use `divisa --ajuda` para ver os comandos e os seus argumentos.");
                Err(ExitCode::from(2))
            }
        },
    }
}

/// Uma frase em português para cada tipo de erro de argumentos do clap.
fn traduzir(erro: &clap::Error) -> String {
    let contexto = |tipo: ContextKind| match erro.get(tipo) {
        Some(ContextValue::String(texto)) => texto.clone(),
        Some(ContextValue::Strings(textos)) => textos.join(", "),
        Some(outro) => outro.to_string(),
        None => String::new(),
    };
    match erro.kind() {
        ErrorKind::InvalidSubcommand => format!(
            "comando desconhecido: «{}». Os comandos são: {}.",
            contexto(ContextKind::InvalidSubcommand),
            nomes_dos_comandos()
        ),
        ErrorKind::UnknownArgument => {
            format!(
                "argumento desconhecido: «{}».",
                contexto(ContextKind::InvalidArg)
            )
        }
        ErrorKind::MissingRequiredArgument => {
            format!(
                "falta o argumento obrigatório {}.",
                contexto(ContextKind::InvalidArg)
            )
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!(
                "falta o comando. Os comandos são: {}.",
                nomes_dos_comandos()
            )
        }
        ErrorKind::TooManyValues => {
            format!("valor a mais: «{}».", contexto(ContextKind::InvalidValue))
        }
        ErrorKind::InvalidUtf8 => "um argumento não é texto UTF-8 válido.".to_owned(),
        ErrorKind::InvalidValue => format!(
            "valor «{}» inválido para {}; os aceitos são: {}.",
            contexto(ContextKind::InvalidValue),
            contexto(ContextKind::InvalidArg),
            contexto(ContextKind::ValidValue)
        ),
        ErrorKind::ValueValidation => format!(
            "valor «{}» inválido para {}: {}.",
            contexto(ContextKind::InvalidValue),
            contexto(ContextKind::InvalidArg),
            std::error::Error::source(erro).map_or(String::new(), |causa| causa.to_string())
        ),
        _ => format!("argumentos inválidos ({:?}).", erro.kind()),
    }
}

fn nomes_dos_comandos() -> String {
    use clap::CommandFactory;
    Argumentos::command()
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .collect::<Vec<_>>()
        .join(", ")
}

/// O órgão de um ofício, pelo código: `cartografia`, `fazenda` ou `tre` (a Comissão não se
/// oficia: apura o inciso V ela mesma, Art. 2º, § 2º).
fn orgao_oficiado(texto: &str) -> Result<divisa_processo::Orgao, String> {
    divisa_processo::Orgao::de_codigo(texto)
        .filter(|o| *o != divisa_processo::Orgao::Comissao)
        .ok_or_else(|| {
            format!("«{texto}» não é um órgão a oficiar: use cartografia, fazenda ou tre")
        })
}

#[cfg(test)]
mod testes {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn definicao_dos_argumentos_e_coerente() {
        Argumentos::command().debug_assert();
    }
}
