//! Todo dispositivo da lei tem destino (avaliado, aplicado dentro de outro, passo do processo ou
//! não automatizável com motivo), e o texto estruturado confere com o compilado publicado.

use std::collections::BTreeSet;

use divisa_lei::cobertura::{APLICADOS_EM_OUTRO, NAO_AUTOMATIZAVEIS, PROCEDIMENTO, VERIFICACOES};
use divisa_lei::fatos::*;
use divisa_lei::texto::{lei, EmVigor};
use divisa_lei::{avaliar, varredura, Fatos, Tipo};

use crate::util::{criacao, dados_bons, HOJE};

/// Propostas de todos os tipos e motivos, para colher os dispositivos avaliados por código.
fn todas_as_propostas() -> Vec<Fatos> {
    let mut propostas = vec![criacao(dados_bons())];
    let mut fusao = criacao(dados_bons());
    fusao.tipo = Tipo::Fusao;
    fusao.novo.as_mut().unwrap().origens = vec![5101209, 5106703];
    propostas.push(fusao);
    let mut incorporacao = Fatos::vazios(Tipo::Incorporacao);
    incorporacao.incorporacao = Some(Incorporacao {
        municipio: 5101209,
        receptor: 5106703,
    });
    propostas.push(incorporacao);
    let mut desmembramento = Fatos::vazios(Tipo::Desmembramento);
    desmembramento.desmembramento = Some(Desmembramento {
        cedente: 5107198,
        receptor: 5106703,
        area_km2: Some(1.0),
        ..Desmembramento::default()
    });
    propostas.push(desmembramento);
    for motivo in [
        MotivoExtincao::PerdaRequisitos,
        MotivoExtincao::InundacaoDestruicao,
        MotivoExtincao::RequerimentoEleitores,
    ] {
        let mut extincao = Fatos::vazios(Tipo::Extincao);
        extincao.extincao = Some(Extincao {
            municipio: 5101209,
            motivo,
            requerentes: Some(10),
            municipio_contiguo: None,
            municipio_de_origem: None,
            eleitores_inscritos: Some(100),
        });
        propostas.push(extincao);
    }
    let mut distrito = Fatos::vazios(Tipo::CriacaoDistrito);
    distrito.distrito = Some(NovoDistrito {
        municipio: 5107800,
        nome: "Porto Jatobá do Cuiabá".into(),
        habitacoes_sede: Some(52),
        populacao: Some(1_100),
        nome_homenageia_pessoa_viva: None,
    });
    propostas.push(distrito);
    let mut nome = Fatos::vazios(Tipo::AlteracaoNome);
    nome.alteracao_nome = Some(AlteracaoNome {
        municipio: 5106703,
        nome_novo: "Ponte Branca do Araguaia".into(),
        membros_camara: Some(9),
        votos_favoraveis: Some(6),
        representacao_do_prefeito: Some(true),
        plebiscito_fiscalizado_pelos_diretorios: Some(true),
        nome_homenageia_pessoa_viva: None,
    });
    propostas.push(nome);
    propostas
}

/// Os dispositivos que aparecem em algum achado de alguma proposta (ou da varredura).
pub fn avaliados_por_codigo() -> BTreeSet<String> {
    let mut avaliados = BTreeSet::new();
    for fatos in todas_as_propostas() {
        for achado in avaliar(&fatos, HOJE).unwrap().achados {
            avaliados.insert(achado.dispositivo);
        }
    }
    let varredura = varredura(HOJE, Referencia::default()).unwrap();
    avaliados.extend(varredura[0].achados.iter().map(|a| a.dispositivo.clone()));
    avaliados
}

#[test]
fn todo_dispositivo_da_lei_tem_destino() {
    let lei = lei().unwrap();
    let avaliados = avaliados_por_codigo();
    let listados: Vec<&str> = APLICADOS_EM_OUTRO
        .iter()
        .chain(PROCEDIMENTO)
        .chain(NAO_AUTOMATIZAVEIS)
        .map(|(id, _)| *id)
        .collect();
    let mut sem_destino = Vec::new();
    for dispositivo in lei.dispositivos() {
        let id = dispositivo.id.as_str();
        let vezes = listados.iter().filter(|l| **l == id).count();
        if avaliados.contains(id) {
            assert_eq!(
                vezes, 0,
                "{id} é avaliado por código e também está numa lista"
            );
        } else if vezes != 1 {
            sem_destino.push(format!("{id} ({vezes} listas)"));
        }
    }
    assert!(
        sem_destino.is_empty(),
        "dispositivos sem destino único: {sem_destino:?}"
    );
    // E nenhuma lista cita dispositivo que não existe.
    for id in &listados {
        assert!(lei.dispositivo(id).is_some(), "{id} não está na lei");
    }
    for (_, motivo) in NAO_AUTOMATIZAVEIS {
        assert!(motivo.len() > 20, "motivo curto demais: {motivo}");
    }
}

/// Issue 15: todo dispositivo que aparece em achado diz o que sustenta o seu "atende".
#[test]
fn todo_achado_diz_o_que_sustenta_o_atende() {
    let avaliados = avaliados_por_codigo();
    let listados: BTreeSet<String> = VERIFICACOES
        .iter()
        .map(|(id, _, _)| (*id).to_owned())
        .collect();
    let faltam: Vec<&String> = avaliados.difference(&listados).collect();
    let sobram: Vec<&String> = listados.difference(&avaliados).collect();
    assert!(faltam.is_empty(), "sem verificação descrita: {faltam:?}");
    assert!(sobram.is_empty(), "descritos mas não avaliados: {sobram:?}");
}

/// Os números inteiros escritos num texto («4.000», «10», «2/3» dá 2 e 3), como se leem.
fn numeros_escritos(texto: &str) -> Vec<String> {
    let mut v = Vec::new();
    let mut atual = String::new();
    let mut chars = texto.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit()
            || (c == '.' && !atual.is_empty() && chars.peek().is_some_and(|d| d.is_ascii_digit()))
        {
            atual.push(c);
        } else if !atual.is_empty() {
            v.push(std::mem::take(&mut atual));
        }
    }
    if !atual.is_empty() {
        v.push(atual);
    }
    v
}

/// Issue 31 (ARCHITECTURE, «nenhum limiar da lei está escrito no código»): as tabelas de
/// cobertura não escrevem os números da lei — cada um é um `{parâmetro}` da redação em vigor,
/// e todos se resolvem em cada redação desde a primeira norma.
#[test]
fn issue31_as_tabelas_de_cobertura_tiram_os_numeros_da_lei() {
    let lei = lei().unwrap();
    let linhas = VERIFICACOES
        .iter()
        .flat_map(|(id, a, p)| [(*id, *a), (*id, *p)])
        .chain(PROCEDIMENTO.iter().copied());
    for (id, texto) in linhas {
        for norma in lei.normas() {
            let data = norma.vigencia.max(jiff::civil::date(1992, 11, 19));
            let Some(EmVigor::Texto(r) | EmVigor::NaoDisponivel(r)) =
                lei.dispositivo(id).and_then(|d| d.em(data))
            else {
                continue;
            };
            let escritos = numeros_escritos(texto);
            for (nome, valor) in &r.parametros {
                let valor = divisa_referencia::formato::inteiro(*valor);
                assert!(
                    !escritos.contains(&valor),
                    "{id}: «{texto}» escreve {valor}, o parâmetro {nome}: use {{{nome}}}"
                );
            }
            // (a redação sem números, como a do Art. 3º antes de 1996 que não foi encontrada,
            // não tem o que pôr)
            let posto = divisa_lei::cobertura::com_numeros(id, texto, data);
            assert!(
                r.parametros.is_empty() || !posto.contains('{'),
                "{id} em {data}: «{posto}» tem parâmetro que a redação não traz"
            );
        }
    }
}

/// O texto compilado sem cabeçalhos de página nem a moldura (título, ementa, assinaturas),
/// com os espaços normalizados.
fn corpo_compilado() -> String {
    let texto = include_str!("../../../../dados/lei/lc-23-1992-mt-compilada.txt");
    const MOLDURA: [&str; 14] = [
        "Texto Compilado",
        "Página ",
        "Assembleia Legislativa do Estado de Mato Grosso",
        "Secretaria de Serviços Legislativos",
        "Autor:",
        "Dispõe sobre",
        "A ASSEMBLEIA LEGISLATIVA",
        "Constituição Estadual, aprova",
        "Mato Grosso",
        "Lei Complementar Estadual",
        "Nº 23",
        "Palácio",
        "as) JAYME",
        "Governador do Estado",
    ];
    texto
        .lines()
        .filter(|l| !MOLDURA.iter().any(|m| l.starts_with(m)) && !l.starts_with("Este texto não"))
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn normalizar(texto: &str) -> String {
    texto
        .replace("[O] ", "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn cada_redacao_vigente_e_a_do_texto_compilado_e_nada_sobra() {
    let mut corpo = corpo_compilado();
    let lei = lei().unwrap();
    for dispositivo in lei.dispositivos() {
        let texto = normalizar(dispositivo.vigente().texto.as_deref().unwrap());
        // Art. 4º: o compilado quebra "requisitos do Art. 2." em duas linhas.
        let procurado = texto.replace("requisitos do Art. 2º.", "requisitos do Art. 2.");
        let Some(posicao) = corpo.find(&procurado) else {
            panic!(
                "{}: texto não encontrado no compilado: {procurado}",
                dispositivo.id
            )
        };
        corpo.replace_range(posicao..posicao + procurado.len(), "");
    }
    // O que sobra são só os rótulos (Art. N., § Nº, incisos, Parágrafo único) e as notas de
    // alteração, que o arquivo estruturado guarda como dados.
    let sobra = corpo
        .split("Art. ")
        .map(|pedaco| {
            let sem_notas = pedaco
                .split('(')
                .map(|p| p.split_once(')').map_or(p, |(_, depois)| depois))
                .collect::<String>();
            sem_notas
                .replace("Parágrafo único", "")
                .replace("§", "")
                .chars()
                .filter(|c| c.is_alphabetic() && !"IVXº".contains(*c))
                .collect::<String>()
        })
        .collect::<String>();
    assert_eq!(sobra, "", "trechos do compilado sem dispositivo");
}

#[test]
fn as_notas_de_alteracao_do_compilado_batem_com_as_redacoes() {
    let compilado = include_str!("../../../../dados/lei/lc-23-1992-mt-compilada.txt");
    let notas = compilado.matches("(Redação dada pela LC nº").count()
        + compilado.matches("(Acrescentado[a] pela LC nº").count();
    let alterados = lei()
        .unwrap()
        .dispositivos()
        .iter()
        .filter(|d| d.vigente().vigente_desde > lei().unwrap().vigencia())
        .count();
    assert_eq!(notas, alterados);
    assert_eq!(alterados, 12);
}
