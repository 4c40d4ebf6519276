//! A lista dos processos e o painel dos alertas em JSON, os mesmos na linha de comando
//! (`divisa processo listar|alertas --formato json`) e na API (`GET /api/processos`,
//! `GET /api/alertas`): cada frente só embrulha a lista.

use divisa_registro::{AlertaDoProcesso, Resumo};
use serde_json::{json, Value};

/// Um processo na lista: o protocolo, o tipo, o nome, a fase (código e nome), a versão e o dia
/// do último ato.
pub fn processo_json(r: &Resumo) -> Value {
    json!({
        "protocolo": r.protocolo,
        "tipo": r.tipo,
        "nome": r.nome,
        "fase": r.fase.codigo(),
        "fase_nome": r.fase.nome(),
        "versao": r.versao,
        "ultimo_ato": r.ultimo_ato,
    })
}

/// Um alerta do painel: o processo, o artigo, o vencimento, a situação do prazo e a frase.
pub fn alerta_json(a: &AlertaDoProcesso) -> Value {
    json!({
        "protocolo": a.protocolo,
        "nome": a.nome,
        "artigo": a.alerta.artigo,
        "vencimento": a.alerta.vencimento.map(|d| d.to_string()),
        "situacao": a.alerta.situacao,
        "mensagem": a.alerta.mensagem(),
    })
}
