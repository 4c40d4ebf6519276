//! A cadeia de hashes: cada evento grava o hash do anterior do mesmo processo.
//!
//! O hash é SHA-256 sobre as colunas exatamente como ficam gravadas (o JSON do ato é guardado
//! como texto e nunca reserializado), separadas por `\n`, precedidas de uma versão do formato.
//! Quem edita uma linha quebra o hash dela; quem apaga ou reordena quebra o `hash_anterior` da
//! seguinte ou a numeração; quem apaga o último deixa o processo com versão maior que a cadeia.
//!
//! Limite honesto: quem tem acesso de escrita ao banco e recalcula a cadeia inteira desde o
//! ponto alterado não é detectado por ela; o recibo de protocolo traz o hash do primeiro evento
//! e o comando de auditoria imprime o do último, para quem quiser guardá-los fora do banco.

use sha2::{Digest, Sha256};

/// O `hash_anterior` do primeiro evento de um processo.
pub const GENESE: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// As colunas gravadas de um evento, como texto.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Linha {
    /// O número de protocolo do processo.
    pub protocolo: String,
    /// Posição (1, 2, 3 …).
    pub seq: u64,
    /// Dia do ato (`AAAA-MM-DD`).
    pub data: String,
    /// Quando foi gravado (RFC 3339, UTC).
    pub registrado_em: String,
    /// Identificador de quem agiu.
    pub ator: String,
    /// Papel de quem agiu.
    pub papel: String,
    /// O tipo do ato, como gravado na coluna `tipo`.
    pub tipo: String,
    /// O ato em JSON.
    pub ato: String,
    /// Os arquivos do ato, em JSON (vazio quando não há nenhum).
    pub anexos: String,
    /// O formato do hash: 1 (os eventos gravados antes do formato 3: colunas separadas por
    /// quebra de linha, sem o tipo) ou 3 (cada coluna com o seu tamanho, o tipo incluído).
    pub formato: u8,
    /// O hash do evento anterior (ou [`GENESE`]).
    pub hash_anterior: String,
    /// O hash deste evento.
    pub hash: String,
}

/// O hash de um evento a partir das colunas (menos o próprio `hash`).
///
/// Formatos: `divisa-evento-v1` para o evento sem arquivos (todos os gravados antes de os atos
/// levarem arquivos, cujos hashes não mudam); `divisa-evento-v2` para o evento com arquivos, com
/// o JSON deles entre o ato e o hash anterior.
///
/// `divisa-evento-v3` (o formato dos eventos novos): cada coluna — protocolo, posição, dia,
/// instante, quem, papel, tipo, ato, arquivos e hash anterior — precedida do seu tamanho em
/// bytes (8 bytes, big-endian). Sem separador que um texto possa imitar: trocar "ana" +
/// "presidente\nx" por "ana\npresidente" + "x" muda o hash, e o tipo gravado também conta.
pub fn calcular(l: &Linha) -> String {
    if l.formato >= 3 {
        return calcular_v3(l);
    }
    calcular_v1(l)
}

fn calcular_v3(l: &Linha) -> String {
    let mut h = Sha256::new();
    let seq = l.seq.to_string();
    for parte in [
        "divisa-evento-v3",
        &l.protocolo,
        &seq,
        &l.data,
        &l.registrado_em,
        &l.ator,
        &l.papel,
        &l.tipo,
        &l.ato,
        &l.anexos,
        &l.hash_anterior,
    ] {
        h.update((parte.len() as u64).to_be_bytes());
        h.update(parte.as_bytes());
    }
    divisa_referencia::formato::hexadecimal(&h.finalize())
}

fn calcular_v1(l: &Linha) -> String {
    let mut h = Sha256::new();
    let seq = l.seq.to_string();
    let mut partes = vec![
        if l.anexos.is_empty() {
            "divisa-evento-v1"
        } else {
            "divisa-evento-v2"
        },
        &l.protocolo,
        &seq,
        &l.data,
        &l.registrado_em,
        &l.ator,
        &l.papel,
        &l.ato,
    ];
    if !l.anexos.is_empty() {
        partes.push(&l.anexos);
    }
    partes.push(&l.hash_anterior);
    for parte in partes {
        h.update(parte.as_bytes());
        h.update(b"\n");
    }
    divisa_referencia::formato::hexadecimal(&h.finalize())
}

/// Um problema na cadeia de um processo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violacao {
    /// O protocolo.
    pub protocolo: String,
    /// O evento em que o problema aparece (a posição gravada), se houver um.
    pub seq: Option<u64>,
    /// O que foi achado, em português.
    pub descricao: String,
}

/// Confere a cadeia de um processo: as linhas na ordem de `seq` gravada, e a versão e o último
/// hash que a tabela de processos diz ter.
pub fn verificar(
    protocolo: &str,
    linhas: &[Linha],
    versao: u64,
    ultimo_hash: &str,
) -> Vec<Violacao> {
    let mut v = Vec::new();
    let mut anterior = GENESE.to_string();
    let mut esperado = 1u64;
    let violacao = |seq: Option<u64>, descricao: String| Violacao {
        protocolo: protocolo.to_string(),
        seq,
        descricao,
    };
    for l in linhas {
        if l.seq != esperado {
            v.push(violacao(
                Some(l.seq),
                if l.seq > esperado {
                    format!(
                        "faltam eventos: depois do {} vem o {} (removido{})",
                        esperado - 1,
                        l.seq,
                        if l.seq - esperado > 1 { "s" } else { "" }
                    )
                } else {
                    format!("evento {} fora de ordem (esperado o {esperado})", l.seq)
                },
            ));
        }
        if l.hash_anterior != anterior {
            v.push(violacao(
                Some(l.seq),
                format!(
                    "o evento {} não aponta para o anterior: hash_anterior {}… ≠ {}…",
                    l.seq,
                    &l.hash_anterior.get(..12).unwrap_or(&l.hash_anterior),
                    &anterior[..12.min(anterior.len())]
                ),
            ));
        }
        let calculado = calcular(l);
        if calculado != l.hash {
            v.push(violacao(
                Some(l.seq),
                format!(
                    "o evento {} foi alterado depois de gravado: o conteúdo não confere com o hash",
                    l.seq
                ),
            ));
        }
        anterior = l.hash.clone();
        esperado = l.seq + 1;
    }
    let gravados = linhas.len() as u64;
    if versao != gravados {
        v.push(violacao(
            None,
            format!("o processo diz ter {versao} eventos e a cadeia tem {gravados}"),
        ));
    } else if ultimo_hash != anterior {
        v.push(violacao(
            None,
            "o último hash registrado no processo não é o do último evento".into(),
        ));
    }
    v
}

#[cfg(test)]
mod testes {
    use super::*;

    /// No formato 1, as colunas eram juntadas por quebra de linha: trocar a fronteira entre
    /// quem e papel dava o mesmo hash. No 3, cada coluna leva o seu tamanho, e o tipo conta.
    #[test]
    fn formato_3_nao_tem_fronteira_ambigua_e_conta_o_tipo() {
        let base = |formato: u8| Linha {
            protocolo: "00001.000001/2026-91".into(),
            seq: 1,
            data: "2026-03-02".into(),
            registrado_em: "2026-03-02T12:00:00Z".into(),
            ator: "ana".into(),
            papel: "presidente\nx".into(),
            tipo: "divulgar".into(),
            ato: "{}".into(),
            anexos: String::new(),
            hash_anterior: GENESE.into(),
            hash: String::new(),
            formato,
        };
        let trocada = |formato: u8| Linha {
            ator: "ana\npresidente".into(),
            papel: "x".into(),
            ..base(formato)
        };
        assert_eq!(
            calcular(&base(1)),
            calcular(&trocada(1)),
            "a ambiguidade do formato 1"
        );
        assert_ne!(calcular(&base(3)), calcular(&trocada(3)));
        let outro_tipo = Linha {
            tipo: "publicar_lei".into(),
            ..base(3)
        };
        assert_ne!(calcular(&base(3)), calcular(&outro_tipo));
    }

    fn cadeia(n: u64) -> Vec<Linha> {
        let mut anterior = GENESE.to_string();
        (1..=n)
            .map(|seq| {
                let mut l = Linha {
                    protocolo: "00001.000001/2026-91".into(),
                    seq,
                    data: "2026-03-02".into(),
                    registrado_em: "2026-03-02T12:00:00Z".into(),
                    ator: "ana".into(),
                    papel: "presidente".into(),
                    tipo: "juntar_documento".into(),
                    ato: format!("{{\"tipo\":\"juntar_documento\",\"descricao\":\"doc {seq}\"}}"),
                    anexos: String::new(),
                    formato: 3,
                    hash_anterior: anterior.clone(),
                    hash: String::new(),
                };
                l.hash = calcular(&l);
                anterior = l.hash.clone();
                l
            })
            .collect()
    }

    #[test]
    fn cadeia_intacta_nao_tem_violacoes() {
        let c = cadeia(5);
        let ultimo = c[4].hash.clone();
        assert!(verificar("p", &c, 5, &ultimo).is_empty());
    }

    #[test]
    fn edicao_remocao_e_reordenacao_sao_nomeadas() {
        let c = cadeia(5);
        let ultimo = c[4].hash.clone();

        let mut editada = c.clone();
        editada[2].ato = editada[2].ato.replace("doc 3", "doc 3 alterado");
        let v = verificar("p", &editada, 5, &ultimo);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].seq, Some(3));
        assert!(v[0].descricao.contains("alterado"));

        let mut sem_o_3: Vec<Linha> = c.clone();
        sem_o_3.remove(2);
        let v = verificar("p", &sem_o_3, 5, &ultimo);
        assert!(v
            .iter()
            .any(|x| x.seq == Some(4) && x.descricao.contains("faltam")));

        let mut trocados = c.clone();
        trocados.swap(1, 2);
        let v = verificar("p", &trocados, 5, &ultimo);
        assert!(v
            .iter()
            .any(|x| x.seq == Some(2) && x.descricao.contains("fora de ordem")));

        let sem_o_ultimo = &c[..4];
        let v = verificar("p", sem_o_ultimo, 5, &ultimo);
        assert!(v.iter().any(|x| x.descricao.contains("5 eventos")));
    }
}
