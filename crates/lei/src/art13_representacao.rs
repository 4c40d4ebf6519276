//! Arts. 13 e 15 — a representação: assinaturas, área sem sedes e documentos.
//!
//! > Art. 13 Na revisão de limites territoriais do Estado, o desmembramento será permitido em
//! > áreas que não possuam sede de município ou sede de distrito, e a representação deverá ser
//! > assinada por no mínimo 10 (dez) eleitores residentes ou domiciliados na área que se
//! > pretenda desmembrar com as respectivas firmas reconhecidas. (LC 792/2024)
//! >
//! > Art. 15 A representação deverá ser instruída com os seguintes documentos: I requerimento
//! > com as assinaturas previstas no Artigo 13; II mapa e memorial descritivo do território do
//! > novo município; III mapa e memorial descritivo dos municípios de origem; IV justificativa
//! > socioeconômica; V fotografias do centro urbano demonstrativo das atividades de indústria,
//! > do comércio e da agropecuária.
//!
//! Títulos de eleitor: 12 algarismos — 8 do número sequencial, 2 da UF (01 a 28; MT = 18) e 2
//! dígitos verificadores por módulo 11 (Resolução TSE nº 21.538/2003, art. 12, parágrafo único):
//! o primeiro sobre o sequencial com pesos 2 a 9, o segundo sobre a UF e o primeiro dígito com
//! pesos 7, 8 e 9; resto 10 vale 0, e em SP (01) e MG (02) resto 0 vale 1. Um título de outra UF
//! é válido (o número não muda com a transferência de domicílio), mas é apontado para conferência.

use std::collections::HashSet;

use divisa_referencia::formato::inteiro;

use crate::achado::{orgao, Achado, Situacao};
use crate::fatos::{Representacao, Tipo};
use crate::regra::{achado, Contexto, Resultado};

/// Código de UF do título de eleitor de Mato Grosso.
const UF_MT: u32 = 18;

/// O que se concluiu de um número de título de eleitor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Titulo {
    /// Válido, com o número só de algarismos e o código da UF.
    Valido {
        /// Os 12 algarismos.
        numero: String,
        /// O código de UF (01 a 28).
        uf: u32,
    },
    /// Inválido, com o motivo.
    Invalido(String),
}

/// Valida um título de eleitor (pontos, espaços e hífens são ignorados).
///
/// ```
/// use divisa_lei::art13_representacao::{validar_titulo, Titulo};
/// assert!(matches!(validar_titulo("0043 5687 0906"), Titulo::Valido { uf: 9, .. }));
/// assert!(matches!(validar_titulo("0043 5687 0907"), Titulo::Invalido(_)));
/// ```
pub fn validar_titulo(texto: &str) -> Titulo {
    let numero: String = texto
        .chars()
        .filter(|c| !matches!(c, ' ' | '.' | '-' | '/'))
        .collect();
    if numero.len() != 12 || !numero.bytes().all(|b| b.is_ascii_digit()) {
        return Titulo::Invalido(format!("«{texto}» não tem 12 algarismos"));
    }
    let d: Vec<u32> = numero.bytes().map(|b| u32::from(b - b'0')).collect();
    let uf = d[8] * 10 + d[9];
    if !(1..=28).contains(&uf) {
        return Titulo::Invalido(format!(
            "«{texto}»: código de UF {uf:02} não existe (01 a 28)"
        ));
    }
    let digito = |soma: u32| match (soma % 11, uf) {
        (0, 1 | 2) => 1,
        (10, _) => 0,
        (resto, _) => resto,
    };
    let primeiro = digito(d[..8].iter().zip(2..=9).map(|(a, b)| a * b).sum());
    let segundo = digito(d[8] * 7 + d[9] * 8 + primeiro * 9);
    if (d[10], d[11]) != (primeiro, segundo) {
        return Titulo::Invalido(format!("«{texto}»: dígitos verificadores não conferem"));
    }
    Titulo::Valido { numero, uf }
}

/// Uma lista de títulos de eleitor conferida (Art. 13): o que a página da representação e a API
/// mostram a quem protocola, linha a linha, antes do protocolo.
pub struct TitulosConferidos {
    /// Válidos, distintos e de Mato Grosso: os que contam para o mínimo.
    pub validos: u32,
    /// (linha, mensagem) dos que não são título.
    pub invalidos: Vec<(usize, String)>,
    /// (linha, linha em que já apareceu): contados uma vez.
    pub repetidos: Vec<(usize, usize)>,
    /// (linha, UF): válidos, mas inscritos fora de MT — não contam para o mínimo sem a prova
    /// da residência na área (a mesma leitura do achado do Art. 13).
    pub outra_uf: Vec<(usize, &'static str)>,
}

/// A sigla da UF do código do título (a tabela do TSE, nos 9º e 10º algarismos: 01 SP … 18 MT …
/// 28 exterior); `?` fora da tabela.
pub fn uf_do_titulo(codigo: u32) -> &'static str {
    const UFS: [&str; 28] = [
        "SP", "MG", "RJ", "RS", "BA", "PR", "CE", "PE", "SC", "GO", "MA", "PB", "PA", "ES", "PI",
        "RN", "AL", "MT", "MS", "DF", "SE", "AM", "RO", "AC", "AP", "RR", "TO", "exterior",
    ];
    UFS.get((codigo as usize).wrapping_sub(1))
        .copied()
        .unwrap_or("?")
}

/// Confere os títulos (um por linha): válidos e distintos de MT, inválidos, repetidos e de
/// outra UF, cada um pela linha.
///
/// ```
/// use divisa_lei::art13_representacao::conferir_titulos;
/// let t = conferir_titulos("0043 5687 0906\n\n0043 5687 0907\n004356870906\n");
/// assert_eq!(t.validos, 0); // UF 09: Santa Catarina, não conta sem a prova da residência
/// assert_eq!(t.outra_uf, [(1, "SC")]);
/// assert_eq!(t.invalidos.len(), 1);
/// assert_eq!(t.repetidos, [(4, 1)]);
/// ```
pub fn conferir_titulos(texto: &str) -> TitulosConferidos {
    let mut r = TitulosConferidos {
        validos: 0,
        invalidos: Vec::new(),
        repetidos: Vec::new(),
        outra_uf: Vec::new(),
    };
    let mut vistos: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, linha) in texto.lines().enumerate() {
        let l = linha.trim();
        if l.is_empty() {
            continue;
        }
        match validar_titulo(l) {
            Titulo::Valido { numero, uf } => {
                if let Some(&primeira) = vistos.get(&numero) {
                    r.repetidos.push((i + 1, primeira));
                } else {
                    vistos.insert(numero, i + 1);
                    if uf == UF_MT {
                        r.validos += 1;
                    } else {
                        r.outra_uf.push((i + 1, uf_do_titulo(uf)));
                    }
                }
            }
            Titulo::Invalido(m) => r.invalidos.push((i + 1, m)),
        }
    }
    r
}

/// Art. 13 — assinaturas (e, no desmembramento, a área sem sedes).
pub(crate) fn representacao(ctx: &Contexto<'_>) -> Vec<Achado> {
    let mut achados = vec![assinaturas(ctx), firmas(ctx)];
    if ctx.fatos.tipo == Tipo::Desmembramento {
        achados.push(area_sem_sedes(ctx));
    }
    achados
}

fn assinaturas(ctx: &Contexto<'_>) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art13_cpt")?;
        let minimo = regra.parametro("assinaturas_minimas")?;
        let exigido = format!("representação assinada por pelo menos {minimo} eleitores residentes ou domiciliados na área, com firmas reconhecidas");
        let Some(Representacao { assinaturas, .. }) = &ctx.fatos.representacao else {
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                "representação não informada",
                Some(orgao::COMISSAO),
                "",
            ));
        };
        if let (true, Some(n)) = (
            assinaturas.is_empty(),
            ctx.fatos
                .representacao
                .as_ref()
                .and_then(|r| r.assinaturas_sem_lista),
        ) {
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                format!("{} assinaturas registradas no protocolo, sem a lista de nomes e títulos", inteiro(i64::from(n))),
                Some(orgao::COMISSAO),
                "Os títulos de eleitor não estão nos autos: a contagem do protocolo não foi conferida. Junte a proposta com a lista das assinaturas.",
            ));
        }
        let mut vistos = HashSet::new();
        let (mut validas, mut repetidas, mut outra_uf) = (0i64, Vec::new(), Vec::new());
        let mut invalidas = Vec::new();
        for assinatura in assinaturas {
            match validar_titulo(&assinatura.titulo) {
                Titulo::Valido { numero, uf } => {
                    if !vistos.insert(numero) {
                        repetidas.push(assinatura.nome.clone());
                        continue;
                    }
                    validas += 1;
                    if uf != UF_MT {
                        outra_uf.push(format!("{} (UF {uf:02})", assinatura.nome));
                    }
                }
                Titulo::Invalido(motivo) => {
                    invalidas.push(format!("{}: {motivo}", assinatura.nome))
                }
            }
        }
        let mut mensagem = String::new();
        if !invalidas.is_empty() {
            mensagem.push_str(&format!(
                "Títulos inválidos, não contados: {}. ",
                invalidas.join("; ")
            ));
        }
        if !repetidas.is_empty() {
            mensagem.push_str(&format!(
                "Títulos repetidos, contados uma vez: {}. ",
                repetidas.join(", ")
            ));
        }
        if !outra_uf.is_empty() {
            mensagem.push_str(&format!(
                "Títulos emitidos fora de MT (válidos, mas não contados para o mínimo sem a prova da residência na área): {}. ",
                outra_uf.join(", ")
            ));
        }
        mensagem.push_str(
            "Conta títulos válidos e distintos; firmas e residência são o achado seguinte.",
        );
        if ctx.fatos.tipo != Tipo::Desmembramento {
            mensagem.push_str(" O Art. 13, na redação da LC nº 792/2024, fala da representação na revisão de limites; aplica-se aqui porque o Art. 15, I, manda instruir a representação com \"as assinaturas previstas no Artigo 13\".");
        }
        // Um título de outra UF é de eleitor inscrito fora de MT: pode residir na área, mas isso
        // não se vê no título. Não conta para o mínimo; se só com eles o mínimo se alcança, a
        // Comissão confere a residência (pendente), nunca "atende" na dúvida.
        let de_mt = validas - outra_uf.len() as i64;
        let situacao = if de_mt >= minimo {
            Situacao::Atende
        } else if validas >= minimo {
            mensagem.push_str(&format!(
                " Com títulos de MT são {}: o mínimo só se alcança com os de outra UF, cuja residência na área a Comissão confere.",
                inteiro(de_mt)
            ));
            Situacao::Pendente
        } else {
            Situacao::NaoAtende
        };
        Ok(regra.achado(
            situacao,
            exigido,
            format!(
                "{} assinatura{} com título válido e distinto (de {})",
                inteiro(validas),
                if validas == 1 { "" } else { "s" },
                inteiro(assinaturas.len() as i64)
            ),
            Some(orgao::COMISSAO),
            mensagem,
        ))
    })())
}

/// O que só os papéis mostram: firmas reconhecidas e residência na área. Fica pendente até a
/// Comissão conferir; o divisa não finge saber.
fn firmas(ctx: &Contexto<'_>) -> Achado {
    achado(ctx.regra("art13_cpt").map(|regra| {
        regra.achado(
            Situacao::Pendente,
            "firmas reconhecidas e residência ou domicílio dos signatários na área",
            "a conferir nos documentos",
            Some(orgao::COMISSAO),
            "O reconhecimento de firma e o comprovante de residência estão nos papéis da representação; só a Comissão pode conferi-los.",
        )
    }))
}

fn area_sem_sedes(ctx: &Contexto<'_>) -> Achado {
    achado((|| -> Resultado {
        let regra = ctx.regra("art13_cpt")?;
        let exigido = "área a desmembrar sem sede de município nem de distrito";
        let area = ctx
            .fatos
            .desmembramento
            .as_ref()
            .and_then(|d| d.area.as_ref());
        let Some(medidas) = area.and_then(|a| a.medidas.as_ref()) else {
            let sedes = ctx
                .fatos
                .desmembramento
                .as_ref()
                .and_then(|d| divisa_referencia::mt().ok()?.por_codigo(d.cedente))
                .map(|m| {
                    m.distritos
                        .iter()
                        .map(|x| x.nome.clone())
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default();
            return Ok(regra.achado(
                Situacao::Pendente,
                exigido,
                area.map_or("sem polígono da área".to_owned(), |a| format!("território em {}", a.arquivo)),
                Some(orgao::CARTOGRAFIA),
                format!("Sem o polígono em GeoJSON, as sedes não podem ser testadas. Sedes do cedente: {sedes}."),
            ));
        };
        let fonte = "sedes da Base de Localidades 2022 (IBGE)";
        Ok(if !medidas.sedes_dentro.is_empty() {
            regra.achado(
                Situacao::NaoAtende,
                exigido,
                format!("dentro da área: {}", medidas.sedes_dentro.join("; ")),
                Some(orgao::CARTOGRAFIA),
                format!("O desmembramento só é permitido em áreas sem sede de município ou de distrito ({fonte})."),
            )
        } else if !medidas.sedes_na_divisa.is_empty() {
            regra.achado(
                Situacao::Pendente,
                exigido,
                format!("sobre a divisa da área: {}", medidas.sedes_na_divisa.join("; ")),
                Some(orgao::CARTOGRAFIA),
                "Uma sede exatamente sobre a divisa não está dentro nem fora: a Cartografia decide.",
            )
        } else if !medidas.distritos_sem_coordenadas.is_empty() {
            regra.achado(
                Situacao::Pendente,
                exigido,
                format!("nenhuma sede localizada dentro; sem coordenadas: {}", medidas.distritos_sem_coordenadas.join(", ")),
                Some(orgao::CARTOGRAFIA),
                format!("As sedes com coordenadas ({fonte}) estão fora da área, mas estes distritos do cedente não têm ponto conhecido e não puderam ser testados."),
            )
        } else {
            regra.achado(
                Situacao::Atende,
                exigido,
                "nenhuma sede de município ou distrito dentro da área",
                Some(orgao::CARTOGRAFIA),
                format!("Testadas todas as sedes de MT com coordenadas ({fonte}), inclusive todas as do cedente."),
            )
        })
    })())
}

/// Art. 15 — documentos da representação; os que faltam ficam pendentes (Art. 16, parágrafo
/// único: a Comissão diligencia para juntá-los).
pub(crate) fn documentos(ctx: &Contexto<'_>) -> Vec<Achado> {
    let apresentados: Vec<&str> = ctx
        .fatos
        .representacao
        .as_ref()
        .map(|r| r.documentos.iter().map(String::as_str).collect())
        .unwrap_or_default();
    let exigidos: [(&str, &[&str], &str); 5] = [
        (
            "art15_cpt_inc1",
            &["requerimento"],
            "requerimento com as assinaturas do Art. 13",
        ),
        (
            "art15_cpt_inc2",
            &["mapa_novo", "memorial_novo"],
            "mapa e memorial descritivo do território do novo município",
        ),
        (
            "art15_cpt_inc3",
            &["mapa_origem", "memorial_origem"],
            "mapa e memorial descritivo dos municípios de origem",
        ),
        (
            "art15_cpt_inc4",
            &["justificativa"],
            "justificativa socioeconômica",
        ),
        (
            "art15_cpt_inc5",
            &["fotografias"],
            "fotografias do centro urbano (indústria, comércio, agropecuária)",
        ),
    ];
    let desmembramento = ctx.fatos.tipo == Tipo::Desmembramento;
    let medida = ctx
        .fatos
        .desmembramento
        .as_ref()
        .and_then(|d| d.area.as_ref())
        .is_some_and(|a| a.medidas.is_some());
    let sedes_na_area: Vec<String> = ctx
        .fatos
        .desmembramento
        .as_ref()
        .and_then(|d| d.area.as_ref())
        .and_then(|a| a.medidas.as_ref())
        .map(|m| m.sedes_dentro.clone())
        .unwrap_or_default();
    let nos_autos = ctx
        .fatos
        .representacao
        .as_ref()
        .is_some_and(|r| r.documentos_nos_autos);
    let declarados_sem_arquivo: Vec<&str> = ctx
        .fatos
        .representacao
        .as_ref()
        .map(|r| {
            r.declarados_sem_arquivo
                .iter()
                .map(String::as_str)
                .collect()
        })
        .unwrap_or_default();
    exigidos
        .into_iter()
        .map(|(id, nomes, descricao)| {
            // Leitura (issue 30): o Art. 15 vale para a representação da revisão de limites (Art.
            // 13), mas ela não cria município. O inciso II lê-se como o mapa e o memorial da área
            // a desmembrar; o V (fotografias do centro urbano), só onde a área tem um centro
            // urbano — uma sede de distrito dentro dela, na malha e na Base de Localidades.
            if desmembramento && id == "art15_cpt_inc5" && sedes_na_area.is_empty() {
                let porque = if medida {
                    "nenhuma sede de distrito da Base de Localidades do IBGE fica dentro dela"
                } else {
                    "sem o território medido, nenhuma sede conhecida é atribuída a ela; se a área tiver um centro urbano, as fotografias passam a ser exigidas"
                };
                return ctx.nao_se_aplica(id, format!("Leitura adotada: na revisão de limites, o Art. 15, V (fotografias do centro urbano), só se aplica quando a área a desmembrar tem um centro urbano; {porque}."));
            }
            let descricao = match (desmembramento, id) {
                (true, "art15_cpt_inc2") => "mapa e memorial descritivo da área a desmembrar (leitura do inciso II na revisão de limites, que não cria município)",
                (true, "art15_cpt_inc5") => "fotografias do centro urbano da área a desmembrar (a área tem sede de distrito)",
                _ => descricao,
            };
            let legivel = |n: &&str| nome_do_documento(n, desmembramento);
            achado(ctx.regra(id).map(|regra| {
                let faltam: Vec<&str> = nomes.iter().copied().filter(|n| !apresentados.contains(n)).collect();
                let lista = |l: &[&str]| l.iter().map(legivel).collect::<Vec<_>>().join(", ");
                if faltam.is_empty() && nos_autos {
                    regra.achado(Situacao::Atende, descricao, format!("nos autos: {}", lista(nomes)), Some(orgao::COMISSAO), "O documento está nos autos (protocolo ou juntada); o conteúdo é examinado pela Comissão.")
                } else if faltam.is_empty() {
                    // Numa proposta avulsa, a lista é só o que ela declara: nada foi conferido.
                    regra.achado(Situacao::Pendente, descricao, format!("declarado na proposta: {}", lista(nomes)), Some(orgao::COMISSAO), "A proposta declara o documento; ele só conta quando estiver nos autos do processo.")
                } else {
                    // Declarar não é juntar (issue 30): o documento que a representação declarou
                    // sem o arquivo é dito como tal, não como apresentado nem como ausente.
                    let (declarados, ausentes): (Vec<&str>, Vec<&str>) = faltam
                        .iter()
                        .partition(|n| declarados_sem_arquivo.contains(n));
                    let mut encontrado = Vec::new();
                    if !ausentes.is_empty() {
                        encontrado.push(format!("falta: {}", lista(&ausentes)));
                    }
                    if !declarados.is_empty() {
                        encontrado.push(format!(
                            "declarado na representação, sem arquivo nos autos: {}",
                            lista(&declarados)
                        ));
                    }
                    let mensagem = if declarados.is_empty() {
                        "A Comissão diligencia junto às lideranças para que o documento seja juntado (Art. 16, parágrafo único)."
                    } else {
                        "Declarar o documento na representação não o põe nos autos: só o arquivo juntado conta. A Comissão diligencia junto às lideranças para que o arquivo seja juntado (Art. 16, parágrafo único)."
                    };
                    regra.achado(
                        Situacao::Pendente,
                        descricao,
                        encontrado.join("; "),
                        Some(orgao::COMISSAO),
                        mensagem,
                    )
                }
            }))
        })
        .collect()
}

/// Como um documento se chama para quem lê (o identificador é só do arquivo da proposta).
pub fn nome_do_documento(id: &str, desmembramento: bool) -> &'static str {
    match (id, desmembramento) {
        ("requerimento", _) => "requerimento",
        ("mapa_novo", false) => "mapa do novo município",
        ("mapa_novo", true) => "mapa da área a desmembrar",
        ("memorial_novo", false) => "memorial descritivo do novo município",
        ("memorial_novo", true) => "memorial descritivo da área a desmembrar",
        ("mapa_origem", _) => "mapa dos municípios de origem",
        ("memorial_origem", _) => "memorial descritivo dos municípios de origem",
        ("justificativa", _) => "justificativa socioeconômica",
        ("fotografias", _) => "fotografias do centro urbano",
        _ => "documento",
    }
}

/// Os identificadores de documento que a proposta pode listar (CONTRACT §2).
pub const DOCUMENTOS: [&str; 7] = [
    "requerimento",
    "mapa_novo",
    "memorial_novo",
    "mapa_origem",
    "memorial_origem",
    "justificativa",
    "fotografias",
];

#[cfg(test)]
mod testes {
    use super::*;

    #[test]
    fn art13_cpt_titulo_com_digitos_corretos() {
        // Exemplo da OBMEP: 0043 5687 09 06 (SC).
        assert_eq!(
            validar_titulo("004356870906"),
            Titulo::Valido {
                numero: "004356870906".into(),
                uf: 9
            }
        );
        // 1023 8501 06: primeiro dígito 117 mod 11 = 7; segundo 0·7 + 6·8 + 7·9 = 111 → 1.
        assert!(matches!(
            validar_titulo("1023.8501.06-71"),
            Titulo::Valido { uf: 6, .. }
        ));
    }

    #[test]
    fn art13_cpt_titulo_invalido_explica() {
        assert!(
            matches!(validar_titulo("12345"), Titulo::Invalido(m) if m.contains("12 algarismos"))
        );
        assert!(
            matches!(validar_titulo("004356872906"), Titulo::Invalido(m) if m.contains("UF 29"))
        );
        assert!(
            matches!(validar_titulo("004356870907"), Titulo::Invalido(m) if m.contains("verificadores"))
        );
    }

    #[test]
    fn art13_cpt_sp_e_mg_resto_zero_vale_um() {
        // Sequencial 00000000: soma 0 → resto 0 → em SP o primeiro dígito é 1.
        // Segundo: 0·7 + 1·8 + 1·9 = 17 → resto 6.
        assert!(matches!(
            validar_titulo("000000000116"),
            Titulo::Valido { uf: 1, .. }
        ));
        // Em MT (18), resto 0 vale 0: 1·7 + 8·8 + 0·9 = 71 → resto 5.
        assert!(matches!(
            validar_titulo("000000001805"),
            Titulo::Valido { uf: 18, .. }
        ));
    }
}
