//! Os argumentos de `divisa processo` (o rito dos Arts. 13 a 20) e de `divisa auditoria` (a
//! trilha de eventos), e quem age (`--como`).

use super::*;
use std::path::PathBuf;

/// Quem age, no formato PAPEL:IDENTIFICADOR (presidente:ana, tre:tre-mt, deputado:dep.joao).
#[derive(Debug, Clone)]
pub(crate) struct Como(pub divisa_processo::Ator);

pub(crate) fn como(texto: &str) -> Result<Como, String> {
    let (papel, id) = texto.split_once(':').ok_or_else(|| {
        "esperava PAPEL:IDENTIFICADOR, como presidente:ana ou tre:tre-mt".to_owned()
    })?;
    let papel = divisa_processo::Papel::de_codigo(papel).ok_or_else(|| {
        format!(
            "papel «{papel}» desconhecido; os papéis são: {}",
            divisa_processo::Papel::TODOS
                .iter()
                .map(|p| p.codigo())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    if id.trim().is_empty() {
        return Err("falta o identificador depois de «:»".to_owned());
    }
    // Quem agiu entra no hash de cada evento: sem quebras de linha nem outros caracteres de
    // controle, que fariam uma linha falsa na ficha do processo.
    if id.chars().any(char::is_control) {
        return Err(
            "o identificador não pode ter quebra de linha nem caractere de controle".to_owned(),
        );
    }
    Ok(Como(divisa_processo::Ator::new(id.trim(), papel)))
}

/// Os comandos de `divisa processo`.
#[derive(Debug, Subcommand)]
pub(crate) enum ComandoProcesso {
    /// Protocola uma representação (Art. 14) e imprime o recibo com o número NUP.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa processo criar --proposta PROPOSTA.toml --representante NOME --como PAPEL:ID [--deputado ID] [--documento DOC=ARQUIVO...] [--data AAAA-MM-DD]\n       divisa processo criar --tipo TIPO --nome NOME --origem MUNICIPIO... --representante NOME --assinaturas N --como PAPEL:ID [--deputado ID] [--documento DOC[=ARQUIVO]...] [--data AAAA-MM-DD]",
        next_help_heading = "Opções"
    )]
    Criar {
        /// criacao, fusao, incorporacao ou desmembramento (Art. 11). Com --proposta, vem dela.
        #[arg(
            long,
            value_name = "TIPO",
            required_unless_present = "proposta",
            conflicts_with = "proposta"
        )]
        tipo: Option<String>,
        /// O nome proposto. Com --proposta, vem dela.
        #[arg(
            long,
            value_name = "NOME",
            required_unless_present = "proposta",
            conflicts_with = "proposta"
        )]
        nome: Option<String>,
        /// Município de origem (repita para mais de um). Com --proposta, vêm dela.
        #[arg(
            long = "origem",
            value_name = "MUNICIPIO",
            required_unless_present = "proposta",
            conflicts_with = "proposta"
        )]
        origens: Vec<String>,
        /// Quem assina como representante da comunidade.
        #[arg(long, value_name = "NOME")]
        representante: String,
        /// Quantos eleitores assinam (Art. 13: no mínimo 10). Com --proposta, as assinaturas
        /// são as da lista dela.
        #[arg(
            long,
            value_name = "N",
            required_unless_present = "proposta",
            conflicts_with = "proposta"
        )]
        assinaturas: Option<u32>,
        /// A representação veio através deste deputado (Art. 14, parágrafo único); sem esta
        /// opção, veio diretamente da comunidade.
        #[arg(long, value_name = "ID")]
        deputado: Option<String>,
        /// Documento do Art. 15 da representação (repita), DOC=ARQUIVO com o arquivo que o
        /// apresenta: requerimento, mapa_novo, mapa_origem, justificativa, fotografias. Só o
        /// documento com arquivo conta nos autos; DOC sem arquivo fica declarado, a juntar
        /// (Art. 16, parágrafo único). Com --proposta, os declarados vêm dela, e --documento
        /// só junta arquivos (DOC=ARQUIVO).
        #[arg(long = "documento", value_name = "DOC[=ARQUIVO]")]
        documentos: Vec<String>,
        /// A representação como proposta (o arquivo TOML): o tipo, o nome, as origens, as
        /// assinaturas e os documentos saem dela, e ela fica nos autos para a lei.
        #[arg(long, value_name = "PROPOSTA.toml")]
        proposta: Option<std::path::PathBuf>,
        /// O dia do protocolo (padrão: hoje em Cuiabá).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        data: Option<jiff::civil::Date>,
        /// Quem protocola: PAPEL:ID.
        #[arg(long, value_name = "PAPEL:ID", value_parser = como)]
        como: Como,
    },
    /// Lista os processos, do mais recente ao mais antigo.
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa processo listar [--formato texto|json]", next_help_heading = "Opções")]
    Listar {
        /// texto (padrão) ou json.
        #[arg(
            long,
            value_enum,
            default_value = "texto",
            hide_possible_values = true,
            hide_default_value = true
        )]
        formato: FormatoVarredura,
    },
    /// Mostra um processo: fase, próximo passo, prazos, alertas e os eventos que o papel pode
    /// ver (Arts. 16, 22 e 23; padrão: o público).
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa processo mostrar PROTOCOLO [--como PAPEL:ID] [--formato texto|json] [--em AAAA-MM-DD]", next_help_heading = "Opções")]
    Mostrar {
        /// O número de protocolo (00001.000001/2026-91).
        #[arg(value_name = "PROTOCOLO", help_heading = "Argumentos")]
        protocolo: String,
        /// Quem olha: PAPEL:ID (padrão: publico:anonimo).
        #[arg(long, value_name = "PAPEL:ID", value_parser = como)]
        como: Option<Como>,
        /// texto (padrão) ou json.
        #[arg(
            long,
            value_enum,
            default_value = "texto",
            hide_possible_values = true,
            hide_default_value = true
        )]
        formato: FormatoVarredura,
        /// O dia dos prazos (padrão: hoje em Cuiabá).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        em: Option<jiff::civil::Date>,
    },
    /// Pratica um ato no processo. O ato é o tipo e os campos como CAMPO=VALOR (VALOR em JSON
    /// quando não é texto: true, {"sim":4,"nao":1}, [...]). Veja a lista com `--ajuda`.
    #[command(
        help_template = MODELO_AJUDA,
        override_usage = "divisa processo avancar PROTOCOLO ATO [CAMPO=VALOR...] --como PAPEL:ID [--anexo ARQUIVO...] [--versao N] [--data AAAA-MM-DD]",
        next_help_heading = "Opções",
        after_help = divisa_processo::ajuda_dos_atos()
    )]
    Avancar {
        /// O número de protocolo.
        #[arg(value_name = "PROTOCOLO", help_heading = "Argumentos")]
        protocolo: String,
        /// O ato (divulgar, registrar_visita, parecer_preliminar, …).
        #[arg(value_name = "ATO", help_heading = "Argumentos")]
        ato: String,
        /// Os campos do ato.
        #[arg(value_name = "CAMPO=VALOR", help_heading = "Argumentos")]
        campos: Vec<String>,
        /// Quem pratica o ato: PAPEL:ID.
        #[arg(long, value_name = "PAPEL:ID", value_parser = como)]
        como: Como,
        /// A versão do processo que você viu (concorrência otimista: se outro ato entrou
        /// depois, o seu é recusado). Padrão: a versão atual.
        #[arg(long, value_name = "N")]
        versao: Option<u64>,
        /// O dia do ato (padrão: hoje em Cuiabá).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        data: Option<jiff::civil::Date>,
        /// Um arquivo que acompanha o ato (repita para mais de um): PDF, imagem, mapa,
        /// memorial; até 20 MB cada, o tipo conferido pelo conteúdo.
        #[arg(long = "anexo", value_name = "ARQUIVO")]
        anexos: Vec<std::path::PathBuf>,
    },
    /// A lei aplicada aos autos: os números certificados no lugar dos da
    /// representação, os documentos juntados, o plebiscito registrado; cada número diz de onde
    /// veio. Saída como a de `divisa avaliar` (0, 3, 4).
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa processo avaliar PROTOCOLO [--formato texto|json|html] [--em AAAA-MM-DD] [--como PAPEL:ID]", next_help_heading = "Opções")]
    Avaliar {
        /// O número de protocolo.
        #[arg(value_name = "PROTOCOLO", help_heading = "Argumentos")]
        protocolo: String,
        /// texto (padrão), json ou html.
        #[arg(
            long,
            value_enum,
            default_value = "texto",
            hide_possible_values = true,
            hide_default_value = true
        )]
        formato: Formato,
        /// O texto da lei em vigor neste dia (padrão: hoje em Cuiabá, o dia do ato que se
        /// prepara).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        em: Option<jiff::civil::Date>,
        /// Quem olha: PAPEL:ID (padrão: membro da Comissão; o público não vê a avaliação
        /// completa, Arts. 22 e 23).
        #[arg(long, value_name = "PAPEL:ID", value_parser = como)]
        como: Option<Como>,
    },
    /// O estudo fiscal dos autos: o FPM de cada município, o percentual do ICMS
    /// do Art. 7º, V, e os critérios de viabilidade, com os números certificados no lugar dos
    /// da representação.
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa processo fiscal PROTOCOLO [--formato texto|json|html] [--em AAAA-MM-DD] [--fpm-interior-mt REAIS] [--coeficientes-fpm ARQUIVO.csv] [--ipm ARQUIVO.csv] [--icms-pares CODIGO,CODIGO,...] [--como PAPEL:ID] [--db URL]", next_help_heading = "Opções")]
    Fiscal {
        /// O número de protocolo.
        #[arg(value_name = "PROTOCOLO", help_heading = "Argumentos")]
        protocolo: String,
        #[command(flatten)]
        opcoes: crate::cli::OpcoesFiscal,
        /// Quem olha: PAPEL:ID (padrão: membro da Comissão).
        #[arg(long, value_name = "PAPEL:ID", value_parser = como)]
        como: Option<Como>,
    },
    /// Os autos inteiros num .zip: o PDF com a capa, o índice das peças e cada ato; os arquivos
    /// dos atos; os eventos como gravados; e um verificador da cadeia que roda sem o divisa.
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa processo exportar PROTOCOLO -o AUTOS.zip [--publico] [--como PAPEL:ID] [--em AAAA-MM-DD]", next_help_heading = "Opções")]
    Exportar {
        /// O número de protocolo.
        #[arg(value_name = "PROTOCOLO", help_heading = "Argumentos")]
        protocolo: String,
        /// Onde gravar o .zip.
        #[arg(short = 'o', long = "saida", value_name = "AUTOS.zip")]
        saida: std::path::PathBuf,
        /// A versão pública (Art. 16): sem os atos internos, as assinaturas e a avaliação.
        #[arg(long)]
        publico: bool,
        /// Quem exporta: PAPEL:ID (padrão: membro da Comissão; quem não pode retirar cópia,
        /// Art. 22, recebe a versão pública).
        #[arg(long, value_name = "PAPEL:ID", value_parser = como)]
        como: Option<Como>,
        /// O dia do documento e do texto da lei (padrão: hoje em Cuiabá).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        em: Option<jiff::civil::Date>,
    },
    /// Prazos vencidos ou a vencer em 7 dias, recusas e pendências de todos os processos.
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa processo alertas [--em AAAA-MM-DD] [--formato texto|json]", next_help_heading = "Opções")]
    Alertas {
        /// O dia (padrão: hoje em Cuiabá).
        #[arg(long, value_name = "AAAA-MM-DD", value_parser = data_civil)]
        em: Option<jiff::civil::Date>,
        /// texto (padrão) ou json.
        #[arg(
            long,
            value_enum,
            default_value = "texto",
            hide_possible_values = true,
            hide_default_value = true
        )]
        formato: FormatoVarredura,
    },
}

/// Os comandos de `divisa auditoria`.
#[derive(Debug, Subcommand)]
pub(crate) enum ComandoAuditoria {
    /// Confere a cadeia de hashes de um processo, ou de todos; com todos, também diante da
    /// última âncora (processos e eventos apagados ou refeitos depois dela).
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa auditoria verificar [PROTOCOLO] [--ancora HASH] [--chave-publica ARQUIVO.pem] [--db URL]", next_help_heading = "Opções")]
    Verificar {
        /// O processo (padrão: todos).
        #[arg(value_name = "PROTOCOLO", help_heading = "Argumentos")]
        protocolo: Option<String>,
        /// O hash do registro publicado (o da âncora no Diário Oficial): a âncora do banco
        /// tem de ser essa, e o banco tem de conferir com ela.
        #[arg(long, value_name = "HASH")]
        ancora: Option<String>,
        /// A chave pública publicada pelo operador (PEM): cada âncora assinada tem de ser dela,
        /// e a última tem de estar assinada.
        #[arg(long = "chave-publica", value_name = "ARQUIVO.pem")]
        chave_publica: Option<PathBuf>,
    },
    /// Calcula e grava a âncora de agora (a cabeça de cada processo e o hash do registro) e
    /// imprime o texto a publicar fora do banco; com --chave, assinada.
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa auditoria ancora [--chave ARQUIVO.pem] [--db URL]", next_help_heading = "Opções")]
    Ancora {
        /// A chave privada Ed25519 do operador (PEM PKCS#8, a de `divisa auditoria chave` ou
        /// de `openssl genpkey -algorithm ed25519`), guardada fora do banco.
        #[arg(long, value_name = "ARQUIVO.pem")]
        chave: Option<PathBuf>,
    },
    /// Gera a chave Ed25519 que assina as âncoras: a privada vai para o arquivo (só o dono
    /// lê), a pública sai na tela para publicar.
    #[command(help_template = MODELO_AJUDA, override_usage = "divisa auditoria chave -o ARQUIVO.pem", next_help_heading = "Opções")]
    Chave {
        /// Onde gravar a chave privada (não pode existir).
        #[arg(short = 'o', long = "saida", value_name = "ARQUIVO.pem")]
        saida: PathBuf,
    },
}
