//! Os alertas de todos os processos numa consulta só, da projeção `pendencias`.

use divisa_processo::Pendencia;
use jiff::civil::Date;

use crate::{AlertaDoProcesso, Base, ErroRegistro, Registro};

impl Registro {
    /// Os alertas de todos os processos em `hoje`: prazos vencidos ou a vencer, recusas,
    /// ofícios e recebimentos pendentes — da projeção `pendencias`, sem reler eventos.
    ///
    /// A consulta devolve uma linha só, o resultado já concatenado pelo próprio banco (campos
    /// separados por U+001F, registros por U+001E; a projeção não guarda caracteres de
    /// controle): com dezenas de milhares de pendências, o custo por linha do driver (uma
    /// mensagem entre threads por linha no SQLite) e o de montar JSON no banco passariam sozinhos
    /// da meta de 50 ms.
    pub async fn alertas(&self, hoje: Date) -> Result<Vec<AlertaDoProcesso>, ErroRegistro> {
        let sql = match self.base {
            Base::Sqlite => {
                "SELECT COALESCE(group_concat(protocolo || char(31) || nome || char(31) || chave || char(31) \
                 || COALESCE(vencimento, '') || char(31) || detalhe, char(30)), '') \
                 FROM pendencias WHERE alerta_desde <= $1"
            }
            Base::Postgres => {
                "SELECT COALESCE(string_agg(concat_ws(chr(31), protocolo, nome, chave, COALESCE(vencimento, ''), detalhe), chr(30)), '') \
                 FROM pendencias WHERE alerta_desde <= $1"
            }
        };
        let texto: String = sqlx::query_scalar(sql)
            .bind(hoje.to_string())
            .fetch_one(&self.pool)
            .await?;
        let corrompido = |causa: String| ErroRegistro::Corrompido {
            protocolo: "(pendências)".into(),
            seq: 0,
            causa,
        };
        let mut linhas = Vec::new();
        for registro in texto.split('\u{1e}').filter(|r| !r.is_empty()) {
            let mut campos = registro.split('\u{1f}');
            let mut campo = || {
                campos
                    .next()
                    .ok_or_else(|| corrompido(format!("pendência incompleta: {registro:?}")))
            };
            let (protocolo, nome, chave, vencimento, detalhe) =
                (campo()?, campo()?, campo()?, campo()?, campo()?);
            let vencimento = match vencimento {
                "" => None,
                v => Some(
                    v.parse::<Date>()
                        .map_err(|e| corrompido(format!("vencimento {v:?}: {e}")))?,
                ),
            };
            let pendencia = Pendencia::de_chave(chave, vencimento, detalhe.to_string())
                .ok_or_else(|| corrompido(format!("chave de pendência {chave:?}")))?;
            linhas.push((protocolo.to_string(), nome.to_string(), pendencia));
        }
        let mut v: Vec<AlertaDoProcesso> = linhas
            .into_iter()
            .filter_map(|(protocolo, nome, pendencia)| {
                pendencia.alerta(hoje).map(|alerta| AlertaDoProcesso {
                    protocolo,
                    nome,
                    alerta,
                    pendencia,
                })
            })
            .collect();
        // Vencidos primeiro, depois os que vencem antes; sem data (recusas, ofícios) no fim.
        v.sort_by(|a, b| {
            (
                a.alerta.vencimento.is_none(),
                a.alerta.vencimento,
                &a.protocolo,
            )
                .cmp(&(
                    b.alerta.vencimento.is_none(),
                    b.alerta.vencimento,
                    &b.protocolo,
                ))
        });
        Ok(v)
    }
}
