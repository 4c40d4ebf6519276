//! Os mapas da API: a área de um processo, o limite de um município e a malha da tela.

use super::*;

/// Os municípios de origem (limites da Malha 2022) e, se a proposta anexada traz um território
/// legível, a área.
pub(super) async fn mapa_do_processo(
    State(estado): State<Estado>,
    quem: Quem,
    Path(protocolo): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Resposta {
    // o editor da área pede as origens sem simplificar: os vértices se prendem aos da malha
    // de verdade, não aos do desenho de tela (issue 29)
    let completo = q.get("completo").is_some_and(|v| v == "1") && quem.usuario.is_some();
    let (p, _) = estado
        .registro()
        .eventos_visiveis(&protocolo, &quem.ator())
        .await?;
    // a área proposta sobre as origens e os vizinhos delas (issue 32): a versão que a proposta
    // cita (a última juntada com esse nome) ou, sem ela, o território juntado mais recente
    let citados = divisa_avaliacao::autos::arquivos_necessarios(&p);
    let mut candidatos: Vec<divisa_registro::ArquivoGuardado> = estado
        .registro()
        .arquivos(&protocolo)
        .await?
        .into_iter()
        .filter(|a| !a.finalidade.reservado())
        .collect();
    candidatos.sort_by_key(|a| (citados.contains(&a.nome), a.id));
    let mut area = None;
    // A versão em vigor da área (issue 29): a linha que vale se mostra no mapa a quem vê o
    // processo (Art. 16); quem a desenhou, quando e por quê ficam nos autos (Art. 22).
    let todos = estado.registro().carregar(&protocolo).await?;
    if let Some(v) = divisa_avaliacao::area::versoes(&todos.processo, &todos.eventos).pop() {
        let guardados = estado
            .registro()
            .arquivos_do_ato(&protocolo, v.versao.seq)
            .await?;
        let anexos = todos
            .eventos
            .iter()
            .find(|e| e.seq == v.versao.seq)
            .map(|e| e.anexos.clone())
            .unwrap_or_default();
        if let Some((_, (_, bytes))) = anexos.iter().zip(guardados).find(|(a, (_, conteudo))| {
            a.nome == v.versao.arquivo && divisa_registro::sha256_hex(conteudo) == a.sha256
        }) {
            let nome = v.versao.arquivo.clone();
            area = estado
                .oficina()
                .executar(quem.endereco.map(|e| e.ip()), move || {
                    divisa_territorio::leitura::ler(&nome, &bytes)
                        .ok()
                        .map(|t| t.poligonos)
                })
                .await?;
        }
    }
    for a in candidatos.iter().rev().filter(|_| area.is_none()) {
        let Ok(Some((nome, bytes))) = estado
            .registro()
            .conteudo_do_arquivo(&protocolo, a.id)
            .await
        else {
            continue;
        };
        // ler o território fora dos trabalhadores assíncronos
        let lido = estado
            .oficina()
            .executar(quem.endereco.map(|e| e.ip()), move || {
                divisa_territorio::leitura::ler(&nome, &bytes).ok()
            })
            .await?;
        if let Some(t) = lido {
            area = Some(t.poligonos);
            break;
        }
    }
    let origens = p.codigos_das_origens();
    let mut vizinhos: Vec<u32> = origens
        .iter()
        .flat_map(|c| divisa_referencia::malha::vizinhos(*c).unwrap_or_default())
        .filter(|c| !origens.contains(c))
        .collect();
    vizinhos.sort_unstable();
    vizinhos.dedup();
    let nome_de = |c: u32| {
        divisa_referencia::mt()
            .ok()
            .and_then(|mt| mt.por_codigo(c).map(|m| m.nome.clone()))
            .unwrap_or_else(|| c.to_string())
    };
    let mut feicoes = Vec::new();
    for (codigos, papel) in [(&vizinhos, "vizinho"), (&origens, "origem")] {
        for c in codigos {
            if let Ok(Some(mp)) = divisa_referencia::malha::poligono(*c) {
                let mp = if completo && papel == "origem" {
                    mp
                } else {
                    simplificar(&mp)
                };
                feicoes.push(feicao(&mp, json!({"nome": nome_de(*c), "papel": papel})));
            }
        }
    }
    if let Some(a) = area {
        feicoes.push(feicao(
            &a,
            json!({"nome": "Área proposta", "papel": "area"}),
        ));
    }
    Ok(geojson_texto(
        json!({"type": "FeatureCollection", "features": feicoes}).to_string(),
    ))
}

pub(super) fn simplificar(mp: &geo::MultiPolygon<f64>) -> geo::MultiPolygon<f64> {
    use geo::Simplify;
    // ~100 m: para a tela, não para medir (as medidas usam a malha inteira)
    mp.simplify(0.001)
}

pub(super) fn feicao(mp: &geo::MultiPolygon<f64>, propriedades: Value) -> Value {
    feicao_com(mp, propriedades, 1e6)
}

/// A feição com as coordenadas arredondadas a `fator` (1e6: seis casas, ~0,1 m; 1e4: quatro,
/// ~11 m, bastante para a malha de fundo, já simplificada a ~100 m).
pub(super) fn feicao_com(mp: &geo::MultiPolygon<f64>, propriedades: Value, fator: f64) -> Value {
    let coords: Vec<Value> = mp
        .0
        .iter()
        .map(|p| {
            let anel = |l: &geo::LineString<f64>| -> Value {
                l.0.iter()
                    .map(|c| json!([(c.x * fator).round() / fator, (c.y * fator).round() / fator]))
                    .collect()
            };
            let mut aneis = vec![anel(p.exterior())];
            aneis.extend(p.interiors().iter().map(anel));
            Value::Array(aneis)
        })
        .collect();
    json!({
        "type": "Feature",
        "properties": propriedades,
        "geometry": {"type": "MultiPolygon", "coordinates": coords},
    })
}

pub(super) async fn limite(Path(codigo): Path<String>) -> Resposta {
    let m = municipio_de(&codigo)?;
    let mp = divisa_referencia::malha::poligono(m.codigo_ibge)
        .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .ok_or_else(|| {
            Falha::nova(
                StatusCode::NOT_FOUND,
                format!(
                    "{} não tem limite na Malha Municipal 2022 do IBGE (instalado depois dela)",
                    m.nome
                ),
            )
        })?;
    let mut feicoes = vec![feicao(
        &simplificar(&mp),
        json!({"nome": m.nome, "papel": "municipio"}),
    )];
    if let Some(s) = &m.sede {
        feicoes.push(
            json!({"type": "Feature", "properties": {"nome": format!("sede de {}", m.nome), "papel": "sede"},
            "geometry": {"type": "Point", "coordinates": [s.lon, s.lat]}}),
        );
    }
    Ok(geojson_texto(
        json!({"type": "FeatureCollection", "features": feicoes}).to_string(),
    ))
}

/// A malha de Mato Grosso simplificada para a tela, feita uma vez por processo do servidor: a
/// coleção inteira (e em gzip: ~2 MB de GeoJSON viram uns 0,4 MB na rede) e cada feição com a
/// sua caixa, para o entorno de um mapa (issue 17).
pub(crate) struct MalhaDaTela {
    texto: String,
    gzip: Vec<u8>,
    feicoes: Vec<([f64; 4], String)>,
}

impl MalhaDaTela {
    fn montar() -> Result<MalhaDaTela, String> {
        use geo::BoundingRect;
        let lista = divisa_referencia::malha::carregar().map_err(|e| e.to_string())?;
        let feicoes: Vec<([f64; 4], String)> = lista
            .iter()
            .map(|(e, mp)| {
                let caixa = mp
                    .bounding_rect()
                    .map_or([0.0; 4], |r| [r.min().x, r.min().y, r.max().x, r.max().y]);
                let f = feicao_com(
                    &simplificar(mp),
                    json!({"codigo": e.codigo, "nome": e.nome_malha_2022}),
                    1e4,
                );
                (caixa, f.to_string())
            })
            .collect();
        let texto = colecao(feicoes.iter().map(|(_, f)| f.as_str()));
        let gzip = crate::ativos::gzip(texto.as_bytes());
        Ok(MalhaDaTela {
            texto,
            gzip,
            feicoes,
        })
    }

    /// Se todas as feições cabem em `caixa` (oeste, sul, leste, norte).
    fn cabe_em(&self, caixa: [f64; 4]) -> bool {
        let [o, s, l, n] = caixa;
        self.feicoes
            .iter()
            .all(|(c, _)| c[0] >= o && c[2] <= l && c[1] >= s && c[3] <= n)
    }

    /// As feições cuja caixa toca `caixa` (oeste, sul, leste, norte).
    fn no_entorno(&self, caixa: [f64; 4]) -> String {
        let [o, s, l, n] = caixa;
        colecao(
            self.feicoes
                .iter()
                .filter(|(c, _)| c[0] <= l && c[2] >= o && c[1] <= n && c[3] >= s)
                .map(|(_, f)| f.as_str()),
        )
    }
}

/// Uma FeatureCollection com feições já em texto.
pub(super) fn colecao<'a>(feicoes: impl Iterator<Item = &'a str>) -> String {
    let mut s = String::from("{\"type\":\"FeatureCollection\",\"features\":[");
    for (i, f) in feicoes.enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(f);
    }
    s.push_str("]}");
    s
}

/// `?caixa=oeste,sul,leste,norte` em graus decimais (SIRGAS 2000), dentro dos limites do globo.
pub(super) fn ler_caixa(texto: &str) -> Result<[f64; 4], String> {
    let numeros: Vec<f64> = texto
        .split(',')
        .map(|v| v.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            format!("caixa «{texto}» inválida: use oeste,sul,leste,norte em graus decimais")
        })?;
    match numeros[..] {
        [o, s, l, n]
            if o.is_finite() && s.is_finite() && l.is_finite() && n.is_finite()
                && (-180.0..=180.0).contains(&o) && (-180.0..=180.0).contains(&l)
                && (-90.0..=90.0).contains(&s) && (-90.0..=90.0).contains(&n)
                && o <= l && s <= n =>
        {
            Ok([o, s, l, n])
        }
        _ => Err(format!(
            "caixa «{texto}» inválida: são quatro números, oeste ≤ leste e sul ≤ norte, em graus decimais"
        )),
    }
}

/// `GET /api/malha.geojson[?caixa=o,s,l,n]`: a malha de fundo dos mapas; com a caixa, só os
/// municípios que a tocam.
pub(super) async fn malha(
    State(estado): State<Estado>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Resposta {
    let malha = match estado.0.malha.get_or_init(MalhaDaTela::montar) {
        Ok(m) => m,
        Err(e) => return Err(Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.clone()).into()),
    };
    let gzip = crate::ativos::aceita_gzip(&headers);
    let cabecalhos = |comprimido: bool| {
        let mut h = HeaderMap::new();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/geo+json; charset=utf-8"),
        );
        h.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=3600"),
        );
        h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        if comprimido {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        h
    };
    let caixa = match q.get("caixa") {
        Some(c) => Some(ler_caixa(c).map_err(|m| Falha::no_campo("caixa", m))?),
        None => None,
    };
    // a caixa que cobre o estado inteiro é a malha inteira, já comprimida: recortar e comprimir
    // de novo a cada pedido seria trabalho à toa (e um jeito barato de ocupar o servidor)
    let caixa = caixa.filter(|c| !malha.cabe_em(*c));
    match caixa {
        Some(caixa) => {
            // recortar e comprimir fora dos trabalhadores assíncronos
            let estado = estado.clone();
            let (corpo, comprimido) = tokio::task::spawn_blocking(move || {
                let texto = match estado.0.malha.get() {
                    Some(Ok(m)) => m.no_entorno(caixa),
                    _ => String::new(),
                };
                let gz = if gzip {
                    crate::ativos::gzip(texto.as_bytes())
                } else {
                    Vec::new()
                };
                if gz.is_empty() {
                    (texto.into_bytes(), false)
                } else {
                    (gz, true)
                }
            })
            .await
            .map_err(|e| Falha::nova(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
            Ok((cabecalhos(comprimido), corpo).into_response())
        }
        None if gzip && !malha.gzip.is_empty() => {
            Ok((cabecalhos(true), malha.gzip.clone()).into_response())
        }
        None => Ok((cabecalhos(false), malha.texto.clone()).into_response()),
    }
}

#[cfg(test)]
mod testes_da_malha {
    use super::*;

    #[test]
    fn caixa_do_entorno_le_quatro_numeros_em_ordem() {
        assert_eq!(
            ler_caixa("-56.5,-16,-55.1,-15.2"),
            Ok([-56.5, -16.0, -55.1, -15.2])
        );
        for ruim in [
            "",
            "1,2,3",
            "a,b,c,d",
            "-50,-10,-60,-5",
            "-50,-5,-40,-10",
            "NaN,0,1,1",
            "0,0,1,91",
        ] {
            assert!(ler_caixa(ruim).is_err(), "{ruim} devia ser recusada");
        }
    }

    #[test]
    fn o_entorno_traz_os_municipios_que_tocam_a_caixa() {
        let m = MalhaDaTela::montar().expect("a malha embutida");
        let todos: serde_json::Value = serde_json::from_str(&m.texto).unwrap();
        assert_eq!(todos["features"].as_array().unwrap().len(), 141);
        // em volta de Cuiabá: Cuiabá e Várzea Grande, não Colniza (no extremo noroeste)
        let perto: serde_json::Value =
            serde_json::from_str(&m.no_entorno([-56.3, -15.7, -55.9, -15.4])).unwrap();
        let nomes: Vec<&str> = perto["features"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|f| f["properties"]["nome"].as_str())
            .collect();
        assert!(
            nomes.contains(&"Cuiabá") && nomes.contains(&"Várzea Grande"),
            "{nomes:?}"
        );
        assert!(!nomes.contains(&"Colniza"), "{nomes:?}");
        assert!(nomes.len() < 20, "{nomes:?}");
        // a caixa do estado inteiro é a malha inteira (servida da cópia já comprimida)
        assert!(m.cabe_em([-62.0, -18.5, -50.0, -7.0]));
        assert!(!m.cabe_em([-56.3, -15.7, -55.9, -15.4]));
    }
}
