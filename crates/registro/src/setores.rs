//! Os setores censitários importados (`divisa setores importar`): gravar em lote, ler por
//! município.

use jiff::Timestamp;
use sqlx::Row;

use crate::{ErroRegistro, Registro};

/// Um setor censitário importado.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetorGravado {
    /// Código IBGE do setor (15 dígitos).
    pub codigo: String,
    /// Código IBGE do município.
    pub municipio: u32,
    /// Situação urbana.
    pub urbano: bool,
    /// População residente (V0001).
    pub populacao: u32,
    /// Domicílios particulares ocupados (V0007).
    pub domicilios: u32,
    /// As coordenadas do polígono em JSON.
    pub geometria: String,
}

impl Registro {
    /// Grava (ou substitui) setores censitários, em lotes, numa transação; `progresso` é chamado
    /// com quantos já foram gravados.
    pub async fn importar_setores(
        &self,
        setores: &[SetorGravado],
        fonte: &str,
        agora: Timestamp,
        mut progresso: impl FnMut(usize),
    ) -> Result<(), ErroRegistro> {
        let mut tx = self.pool.begin().await?;
        let quando = agora.to_string();
        for (i, s) in setores.iter().enumerate() {
            sqlx::query(
                "INSERT INTO setores (codigo, municipio, urbano, populacao, domicilios, geometria, fonte, importado_em) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                 ON CONFLICT (codigo) DO UPDATE SET municipio = excluded.municipio, urbano = excluded.urbano, \
                 populacao = excluded.populacao, domicilios = excluded.domicilios, geometria = excluded.geometria, \
                 fonte = excluded.fonte, importado_em = excluded.importado_em",
            )
            .bind(&s.codigo)
            .bind(i64::from(s.municipio))
            .bind(s.urbano)
            .bind(i64::from(s.populacao))
            .bind(i64::from(s.domicilios))
            .bind(&s.geometria)
            .bind(fonte)
            .bind(&quando)
            .execute(&mut *tx)
            .await?;
            if (i + 1) % 200 == 0 || i + 1 == setores.len() {
                progresso(i + 1);
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Os setores importados dos municípios dados (todos, se a lista é vazia).
    pub async fn setores(&self, municipios: &[u32]) -> Result<Vec<SetorGravado>, ErroRegistro> {
        let filtro = if municipios.is_empty() {
            String::new()
        } else {
            let marcas: Vec<String> = (1..=municipios.len()).map(|i| format!("${i}")).collect();
            format!(" WHERE municipio IN ({})", marcas.join(", "))
        };
        let sql = format!(
            "SELECT codigo, municipio, CAST(urbano AS INTEGER), populacao, domicilios, geometria FROM setores{filtro} ORDER BY codigo"
        );
        let mut consulta = sqlx::query(&sql);
        for m in municipios {
            consulta = consulta.bind(i64::from(*m));
        }
        let rows = consulta.fetch_all(&self.pool).await?;
        let mut v = Vec::new();
        for r in rows {
            let municipio = u32::try_from(r.try_get::<i64, _>(1)?).unwrap_or(0);
            v.push(SetorGravado {
                codigo: r.try_get(0)?,
                municipio,
                urbano: r.try_get::<i64, _>(2)? != 0,
                populacao: u32::try_from(r.try_get::<i64, _>(3)?).unwrap_or(0),
                domicilios: u32::try_from(r.try_get::<i64, _>(4)?).unwrap_or(0),
                geometria: r.try_get(5)?,
            });
        }
        Ok(v)
    }
}
