//! A simulação do editor: a lei com a área que está sendo desenhada, nada gravado, comparada
//! com a versão em vigor (cuja avaliação fica guardada por processo, versão e dia).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::Json;
use divisa_avaliacao::area::Simulacao;
use divisa_processo::{Natureza, Recusa};
use divisa_referencia::formato;
use serde_json::{json, Value};

use super::{achado, carregar, conferir_csrf, erro_da_area, km2_de_m2, recusa, Resposta};
use crate::contas::Quem;
use crate::{Estado, Falha};

/// `POST …/area/simular`: a lei com a área enviada, nada gravado.
pub(super) async fn simular(
    State(estado): State<Estado>,
    quem: Quem,
    headers: HeaderMap,
    Path(protocolo): Path<String>,
    corpo: axum::body::Bytes,
) -> Resposta {
    conferir_csrf(&quem, &headers).map_err(Falha::json)?;
    let da = carregar(&estado, &quem, &protocolo).await?;
    // na fusão e na incorporação não há linha a desenhar (Art. 4º; Art. 1º), nem a simular
    let tipo = da.carregados.autos.processo.tipo;
    if matches!(
        tipo,
        divisa_processo::TipoProcesso::Fusao | divisa_processo::TipoProcesso::Incorporacao
    ) {
        let artigo = if tipo == divisa_processo::TipoProcesso::Fusao {
            "Art. 4º"
        } else {
            "Art. 1º"
        };
        return Err(recusa(&Recusa::de(
            Natureza::Caso,
            artigo,
            "o território é o dos municípios inteiros: não há linha a desenhar",
        )));
    }
    let hoje = estado.hoje();
    let cache = estado.0.area_em_vigor.clone();
    let chave = (protocolo.clone(), da.carregados.autos.processo.versao, hoje);
    let bytes = corpo.to_vec();
    let feito = estado
        .oficina()
        .executar(quem.endereco.map(|e| e.ip()), move || {
            let em_vigor = cache.obter(&chave, || da.avaliar(hoje).ok());
            da.simular(em_vigor.as_deref(), &bytes, hoje)
        })
        .await
        .map_err(Falha::json)?;
    let s = feito.map_err(erro_da_area)?;
    Ok(Json(painel(&s)).into_response())
}

/// A simulação para o painel do editor: cada número já escrito para quem lê.
fn painel(s: &Simulacao) -> Value {
    let fatos = &s.avaliados.proposta.fatos;
    let medidas = fatos
        .novo
        .as_ref()
        .and_then(|n| n.area.as_ref())
        .or_else(|| fatos.desmembramento.as_ref().and_then(|d| d.area.as_ref()))
        .and_then(|a| a.medidas.as_ref());
    let mut linhas = vec![
        json!({"rotulo": "Área", "texto": format!("{} (geodésica, SIRGAS 2000)", km2_de_m2(s.area_m2 as f64))}),
    ];
    let mut sedes = Vec::new();
    let mut populacao = Value::Null;
    if let Some(m) = medidas {
        linhas.push(json!({"rotulo": "Área oficial (Albers, IBGE)", "texto": formato::km2(m.area_albers_km2)}));
        linhas.push(json!({"rotulo": "Vértices", "texto": formato::inteiro(m.vertices as i64)}));
        linhas.push(json!({
            "rotulo": "Continuidade",
            "texto": if m.partes == 1 { "uma peça só (contínua)".to_owned() } else { format!("{} partes separadas", m.partes) },
            "situacao": if m.partes == 1 { "atende" } else { "nao_atende" },
        }));
        for (nome, partes) in &m.remanescentes {
            linhas.push(json!({
                "rotulo": format!("{nome}, depois"),
                "texto": match partes {
                    Some(1) => "fica numa peça só".to_owned(),
                    Some(n) => format!("fica em {n} partes"),
                    None => "sem polígono na Malha 2022".to_owned(),
                },
                "situacao": match partes { Some(1) => "atende", Some(_) => "nao_atende", None => "pendente" },
            }));
        }
        if let Some(e) = m.encosta_no_receptor {
            linhas.push(json!({
                "rotulo": "Encosta no município que recebe",
                "texto": if e { "sim" } else { "não" },
                "situacao": if e { "atende" } else { "nao_atende" },
            }));
        }
        if let Some(f) = m.fora_das_origens_km2.filter(|f| *f > 0.0) {
            linhas.push(json!({"rotulo": "Fora dos municípios de origem", "texto": formato::km2(f), "situacao": "nao_atende"}));
        }
        for n in &m.sedes_dentro {
            sedes.push(json!({"texto": format!("{n}: dentro da área")}));
        }
        for n in &m.sedes_na_divisa {
            sedes.push(json!({"texto": format!("{n}: sobre a divisa da área")}));
        }
        if let Some(e) = &m.estimativa_setores {
            populacao = json!({
                "estimada": e.populacao.round(),
                "texto": format!(
                    "cerca de {} habitantes e {} domicílios — estimativa pela área dos {} setores censitários que a tocam (Censo 2022, IBGE; cobertura de {}% da área), não é número certificado",
                    formato::inteiro(e.populacao.round() as i64),
                    formato::inteiro(e.domicilios.round() as i64),
                    formato::inteiro(e.setores as i64),
                    formato::decimal(e.cobertura * 100.0, 0),
                ),
            });
        }
    }
    // as partes de cada origem e os tetos do Art. 8º, § 2º, com o que já foi desmembrado antes
    for a in s
        .achados
        .iter()
        .filter(|a| a.achado.dispositivo.starts_with("art8_par2"))
    {
        linhas.push(json!({
            "rotulo": a.achado.citacao,
            "texto": format!("{} (limite: {})", a.achado.apurado, a.achado.exigido),
            "situacao": a.achado.situacao.codigo(),
        }));
    }
    let mut achados: Vec<Value> = s
        .achados
        .iter()
        .map(|a| {
            let mut v = achado(&a.achado);
            v["mudou"] = a.mudou().into();
            v["antes"] = a.antes.map(|x| x.codigo()).into();
            v["antes_texto"] = a.antes.map(|x| x.rotulo()).into();
            v
        })
        .collect();
    achados.extend(s.sumidos.iter().map(|a| {
        let mut v = achado(a);
        v["mudou"] = true.into();
        v["antes"] = a.situacao.codigo().into();
        v["antes_texto"] = a.situacao.rotulo().into();
        v["situacao"] = "nao_se_aplica".into();
        v["texto"] = format!("{}: deixa de ser avaliado com esta área", a.citacao).into();
        v
    }));
    let mudancas = achados.iter().filter(|a| a["mudou"] == true).count();
    let fpm = match &s.fpm {
        Ok(f) => json!({
            "linhas": f.linhas.iter().map(|(n, t)| json!({"rotulo": n, "texto": t})).collect::<Vec<_>>(),
            "nota": f.nota,
        }),
        Err(m) => json!({"linhas": [], "nota": format!("FPM não calculado: {m}")}),
    };
    json!({
        "fpm": fpm,
        "area_km2": s.area_m2 as f64 / 1e6,
        "area_texto": km2_de_m2(s.area_m2 as f64),
        "vertices": s.vertices,
        "linhas": linhas,
        "sedes": sedes,
        "populacao": populacao,
        "achados": achados,
        "mudancas": mudancas,
    })
}

/// A avaliação da área em vigor de cada processo, pela versão do processo e pelo dia: o editor
/// simula dezenas de vezes sobre a mesma versão, e a comparação é sempre com ela.
#[derive(Default)]
pub(crate) struct EmVigor(std::sync::Mutex<Vec<(ChaveEmVigor, Option<Avaliados>)>>);

/// O processo, a versão dele e o dia.
type ChaveEmVigor = (String, u64, jiff::civil::Date);
type Avaliados = Arc<divisa_avaliacao::autos::AutosAvaliados>;

impl EmVigor {
    const GUARDADOS: usize = 16;

    fn obter(
        &self,
        chave: &ChaveEmVigor,
        fazer: impl FnOnce() -> Option<divisa_avaliacao::autos::AutosAvaliados>,
    ) -> Option<Avaliados> {
        if let Ok(g) = self.0.lock() {
            if let Some((_, a)) = g.iter().find(|(k, _)| k == chave) {
                return a.clone();
            }
        }
        let feito = fazer().map(Arc::new);
        if let Ok(mut g) = self.0.lock() {
            g.retain(|(k, _)| k != chave);
            if g.len() >= Self::GUARDADOS {
                g.remove(0);
            }
            g.push((chave.clone(), feito.clone()));
        }
        feito
    }
}
