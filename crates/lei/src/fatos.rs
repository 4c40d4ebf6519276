//! Os fatos de uma proposta, como a lei os vê: números certificados (ou não), datas, nomes,
//! assinaturas. Quem lê o arquivo da proposta (CONTRACT §2) é `divisa-avaliacao`; aqui não há
//! formato de arquivo nenhum.
//!
//! # Unidades
//! Dinheiro em reais; áreas em km²; populações, eleitores e casas em unidades.

use jiff::civil::Date;

/// O tipo da proposta (CONTRACT §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tipo {
    /// Criação de município por desmembramento de um ou mais (Art. 1º, § 3º).
    Criacao,
    /// Fusão de municípios inteiros num novo (Art. 4º).
    Fusao,
    /// Incorporação de um município por outro, que o absorve.
    Incorporacao,
    /// Desmembramento de área de um município para integrar outro (Art. 8º, revisão de limites).
    Desmembramento,
    /// Extinção de município (Art. 10).
    Extincao,
    /// Criação de distrito (Arts. 24 e 25).
    CriacaoDistrito,
    /// Alteração do nome de um município (Art. 6º, § 2º).
    AlteracaoNome,
}

impl Tipo {
    /// O nome no contrato (`criacao`, `criacao_distrito`...).
    pub fn codigo(self) -> &'static str {
        match self {
            Tipo::Criacao => "criacao",
            Tipo::Fusao => "fusao",
            Tipo::Incorporacao => "incorporacao",
            Tipo::Desmembramento => "desmembramento",
            Tipo::Extincao => "extincao",
            Tipo::CriacaoDistrito => "criacao_distrito",
            Tipo::AlteracaoNome => "alteracao_nome",
        }
    }

    /// O inverso de [`Tipo::codigo`].
    pub fn de_codigo(codigo: &str) -> Option<Tipo> {
        Tipo::TODOS.into_iter().find(|t| t.codigo() == codigo)
    }

    /// Como se escreve num relatório ("criação de município").
    pub fn descricao(self) -> &'static str {
        match self {
            Tipo::Criacao => "criação de município",
            Tipo::Fusao => "fusão de municípios",
            Tipo::Incorporacao => "incorporação de município",
            Tipo::Desmembramento => "desmembramento de área (revisão de limites)",
            Tipo::Extincao => "extinção de município",
            Tipo::CriacaoDistrito => "criação de distrito",
            Tipo::AlteracaoNome => "alteração de nome de município",
        }
    }

    /// Todos os tipos, na ordem do contrato.
    pub const TODOS: [Tipo; 7] = [
        Tipo::Criacao,
        Tipo::Fusao,
        Tipo::Incorporacao,
        Tipo::Desmembramento,
        Tipo::Extincao,
        Tipo::CriacaoDistrito,
        Tipo::AlteracaoNome,
    ];
}

/// Tudo o que a proposta diz. Campos ausentes ficam `None` e viram achados pendentes.
#[derive(Debug, Clone, PartialEq)]
pub struct Fatos {
    /// O tipo.
    pub tipo: Tipo,
    /// Data do ato (a lei) pretendido (Art. 3º); `None` se a proposta não diz.
    pub data_ato: Option<Date>,
    /// O novo município (criação, fusão).
    pub novo: Option<NovoMunicipio>,
    /// Os municípios de origem depois do desmembramento, como a proposta os informa.
    pub remanescentes: Vec<Remanescente>,
    /// Médias estaduais informadas pela proposta, que substituem as embutidas.
    pub referencia: Referencia,
    /// Desmembramento (Art. 8º, Art. 13).
    pub desmembramento: Option<Desmembramento>,
    /// A representação (Arts. 13 e 15).
    pub representacao: Option<Representacao>,
    /// O resultado do plebiscito (Art. 11, § 2º).
    pub plebiscito: Option<Plebiscito>,
    /// Incorporação.
    pub incorporacao: Option<Incorporacao>,
    /// Extinção (Art. 10).
    pub extincao: Option<Extincao>,
    /// Criação de distrito (Art. 25).
    pub distrito: Option<NovoDistrito>,
    /// Alteração de nome (Art. 6º, § 2º).
    pub alteracao_nome: Option<AlteracaoNome>,
}

impl Fatos {
    /// Fatos vazios de um tipo (útil para montar casos).
    pub fn vazios(tipo: Tipo) -> Fatos {
        Fatos {
            tipo,
            data_ato: None,
            novo: None,
            remanescentes: Vec::new(),
            referencia: Referencia::default(),
            desmembramento: None,
            representacao: None,
            plebiscito: None,
            incorporacao: None,
            extincao: None,
            distrito: None,
            alteracao_nome: None,
        }
    }
}

/// O município a criar.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NovoMunicipio {
    /// Nome proposto.
    pub nome: Option<String>,
    /// Nome da localidade-sede.
    pub sede: Option<String>,
    /// Ponto da sede `[lon, lat]`, graus SIRGAS 2000.
    pub sede_coordenadas: Option<[f64; 2]>,
    /// O território apresentado (mapa/memorial), se houver.
    pub area: Option<Area>,
    /// Códigos IBGE dos municípios de origem.
    pub origens: Vec<u32>,
    /// Declaração da proposta sobre o Art. 6º (nome de pessoa viva); `None` = não declarou.
    pub nome_homenageia_pessoa_viva: Option<bool>,
    /// Os números do Art. 2º, I a V, do novo município.
    pub dados: DadosMunicipais,
    /// Nos autos de um processo, a certidão de cada número (Art. 2º, § 2º). `None` numa
    /// proposta avaliada avulsa: os números são os que ela declara. `Some`: o número sem
    /// certidão é o informado na representação e não decide o inciso (a avaliação é prévia).
    pub certidoes: Option<Certidoes>,
}

/// A certidão em que um número se apoia (Art. 2º, § 2º).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certidao {
    /// Quem certifica, por extenso ("Tribunal Regional Eleitoral").
    pub orgao: String,
    /// O número da certidão.
    pub numero: String,
    /// O dia em que foi emitida.
    pub em: Date,
}

/// A certidão de cada número do Art. 2º, I a V, nos autos; `None` = ainda não certificado.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Certidoes {
    /// I — população (Órgão de Informação e Cartografia).
    pub populacao: Option<Certidao>,
    /// II — eleitores (TRE).
    pub eleitores: Option<Certidao>,
    /// III — casas do centro urbano (Órgão de Informação e Cartografia).
    pub casas_centro_urbano: Option<Certidao>,
    /// IV — valor adicionado (Órgão Fazendário).
    pub valor_adicionado: Option<Certidao>,
    /// V — arrecadação (a Comissão, após verificação in loco).
    pub arrecadacao: Option<Certidao>,
}

/// Os números do Art. 2º, I a V, de um território.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DadosMunicipais {
    /// População estimada, habitantes.
    pub populacao: Option<u64>,
    /// Eleitores.
    pub eleitores: Option<u64>,
    /// Casas no centro urbano.
    pub casas_centro_urbano: Option<u64>,
    /// Valor adicionado do último exercício, reais.
    pub valor_adicionado: Option<f64>,
    /// Arrecadação do último exercício, reais.
    pub arrecadacao: Option<f64>,
}

/// Um território apresentado num arquivo e o que se mediu dele.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Area {
    /// O nome do arquivo, como na proposta.
    pub arquivo: String,
    /// As medidas, quando o arquivo pôde ser lido.
    pub medidas: Option<MedidasArea>,
    /// Por que não há medidas (formato ainda não lido), para a mensagem.
    pub sem_medidas: Option<String>,
}

/// O que a geometria diz de um território, para os Arts. 2º, VI, 5º, 8º e 13.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MedidasArea {
    /// Área geodésica (GRS80), km².
    pub area_km2: f64,
    /// Área na projeção de Albers com os parâmetros do IBGE (o método da área oficial), km².
    pub area_albers_km2: f64,
    /// Quantas partes separadas o território tem (1 = contínuo).
    pub partes: usize,
    /// Quantos vértices identificados o perímetro tem.
    pub vertices: usize,
    /// Sedes de município ou distrito dentro do território.
    pub sedes_dentro: Vec<String>,
    /// Sedes exatamente sobre a divisa do território.
    pub sedes_na_divisa: Vec<String>,
    /// Distritos do município cedente sem coordenadas da sede (não puderam ser testados).
    pub distritos_sem_coordenadas: Vec<String>,
    /// Área do território fora dos municípios de origem (ou do cedente), km²; `None` se não
    /// pôde ser calculada (origem sem polígono).
    pub fora_das_origens_km2: Option<f64>,
    /// Cada município de origem depois de tirada a área: o nome e em quantas partes fica
    /// (`None`: sem polígono na Malha 2022).
    pub remanescentes: Vec<(String, Option<usize>)>,
    /// No desmembramento: se a área encosta no receptor (o receptor ampliado continua uma peça só).
    pub encosta_no_receptor: Option<bool>,
    /// Avisos da leitura (num memorial, azimutes ou distâncias que não batem com as coordenadas).
    pub avisos: Vec<String>,
    /// População e domicílios estimados no polígono pelos setores censitários embutidos, quando
    /// algum setor o toca.
    pub estimativa_setores: Option<EstimativaSetores>,
}

/// A interpolação de área dos setores censitários do Censo 2022 para o polígono.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct EstimativaSetores {
    /// População estimada.
    pub populacao: f64,
    /// Domicílios particulares ocupados estimados.
    pub domicilios: f64,
    /// Fração da área coberta por setores (0 a 1).
    pub cobertura: f64,
    /// Setores que tocam o polígono.
    pub setores: usize,
}

/// Um município de origem depois do desmembramento (Art. 2º, § 1º).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Remanescente {
    /// Código IBGE.
    pub codigo_ibge: u32,
    /// Os números informados; o que faltar é estimado dos dados embutidos.
    pub dados: DadosMunicipais,
}

/// Médias estaduais do Art. 2º, IV e V, quando a proposta as informa (reais).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Referencia {
    /// Média do VA dos 10 municípios de menor VA.
    pub media_va_10_menores: Option<f64>,
    /// Média da arrecadação dos 40 municípios de menor arrecadação.
    pub media_arrecadacao_40_menores: Option<f64>,
}

/// Um desmembramento para revisão de limites.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Desmembramento {
    /// Município que cede a área.
    pub cedente: u32,
    /// Município que recebe a área.
    pub receptor: u32,
    /// O território desmembrado, se houver arquivo.
    pub area: Option<Area>,
    /// Área desmembrada, km².
    pub area_km2: Option<f64>,
    /// Área do cedente, km² (sem ela, a área oficial da Malha 2022).
    pub area_cedente_km2: Option<f64>,
    /// Áreas de desmembramentos anteriores do mesmo cedente, km².
    pub areas_anteriores_km2: Vec<f64>,
}

/// A representação (Art. 13, Art. 15).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Representacao {
    /// As assinaturas.
    pub assinaturas: Vec<Assinatura>,
    /// Os documentos apresentados (identificadores do CONTRACT §2).
    pub documentos: Vec<String>,
    /// `true` quando `documentos` são os que estão nos autos (protocolo e juntadas); `false`
    /// numa proposta avulsa, em que são só o que a proposta declara ter.
    pub documentos_nos_autos: bool,
    /// Nos autos: os documentos que a representação declarou e que nenhum arquivo apresentou
    /// ainda (identificadores do CONTRACT §2). Declarar não é juntar (Art. 16, parágrafo único).
    pub declarados_sem_arquivo: Vec<String>,
    /// Nos autos: quantas assinaturas o protocolo registrou quando a lista de nomes e títulos
    /// não está nos autos (a representação foi digitada, não enviada como proposta).
    pub assinaturas_sem_lista: Option<u32>,
}

/// Uma assinatura da representação.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assinatura {
    /// Nome de quem assina.
    pub nome: String,
    /// Número do título de eleitor, como escrito.
    pub titulo: String,
}

/// O resultado de um plebiscito.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plebiscito {
    /// Eleitores inscritos no território consultado.
    pub eleitores_inscritos: u64,
    /// Votos SIM.
    pub votos_sim: u64,
    /// Votos NÃO.
    pub votos_nao: u64,
}

/// Incorporação de um município por outro.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Incorporacao {
    /// O município incorporado (extinto).
    pub municipio: u32,
    /// O que o recebe.
    pub receptor: u32,
}

/// Motivo da extinção (Art. 10, I a III).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MotivoExtincao {
    /// I — perda dos requisitos do Art. 2º, I a V.
    PerdaRequisitos,
    /// II — inundação ou destruição da sede.
    InundacaoDestruicao,
    /// III — requerimento da maioria absoluta dos eleitores.
    RequerimentoEleitores,
}

/// Extinção de município.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extincao {
    /// O município.
    pub municipio: u32,
    /// O motivo.
    pub motivo: MotivoExtincao,
    /// Eleitores que assinam o requerimento (III).
    pub requerentes: Option<u64>,
    /// Eleitores inscritos no município (III).
    pub eleitores_inscritos: Option<u64>,
    /// O município contíguo a que os requerentes desejam pertencer (III; Art. 10, § 2º).
    pub municipio_contiguo: Option<u32>,
    /// O município de origem, a que o extinto volta a pertencer (I e II; Art. 10, § 1º).
    pub municipio_de_origem: Option<u32>,
}

/// Um distrito a criar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NovoDistrito {
    /// Município onde fica.
    pub municipio: u32,
    /// Nome proposto.
    pub nome: String,
    /// Habitações na sede da localidade.
    pub habitacoes_sede: Option<u64>,
    /// População do território do distrito.
    pub populacao: Option<u64>,
    /// Declaração sobre o Art. 6º (nome de pessoa viva); `None` = não declarou.
    pub nome_homenageia_pessoa_viva: Option<bool>,
}

/// Alteração do nome de um município.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlteracaoNome {
    /// O município.
    pub municipio: u32,
    /// O nome novo.
    pub nome_novo: String,
    /// Membros da Câmara Municipal.
    pub membros_camara: Option<u64>,
    /// Votos favoráveis na Câmara.
    pub votos_favoraveis: Option<u64>,
    /// A representação fundamentada feita pelo Prefeito (Art. 6º, § 2º); `None` = não diz.
    pub representacao_do_prefeito: Option<bool>,
    /// O plebiscito foi fiscalizado pelos diretórios municipais dos partidos (Art. 6º, § 2º);
    /// `None` = não diz.
    pub plebiscito_fiscalizado_pelos_diretorios: Option<bool>,
    /// Declaração sobre o Art. 6º (nome de pessoa viva); `None` = não declarou.
    pub nome_homenageia_pessoa_viva: Option<bool>,
}
