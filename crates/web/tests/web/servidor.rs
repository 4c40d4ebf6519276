//! O servidor de verdade numa porta aleatória, pela rede: páginas, ativos embutidos, login e um
//! ato pela API, como um cliente qualquer faria.

use super::comum;

fn agente() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .build()
        .into()
}

#[test]
fn servidor_real_serve_paginas_ativos_e_api() {
    let (base, _dir) = comum::servidor("real");
    let a = agente();
    for (uri, tipo) in [
        ("/publico", "text/html"),
        ("/lei", "text/html"),
        ("/avaliar", "text/html"),
        ("/ativos/leaflet.js", "text/javascript"),
        ("/ativos/divisa.css", "text/css"),
        ("/api/malha.geojson", "application/geo+json"),
        ("/api/openapi.json", "application/json"),
    ] {
        let r = a.get(&format!("{base}{uri}")).call().expect(uri);
        assert_eq!(r.status(), 200, "{uri}");
        let ct = r
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        assert!(ct.starts_with(tipo), "{uri}: {ct}");
    }
    // a malha inteira de Mato Grosso serve de camada de fundo: 141 municípios
    let malha: serde_json::Value = a
        .get(&format!("{base}/api/malha.geojson"))
        .call()
        .expect("malha")
        .body_mut()
        .read_json()
        .expect("json");
    assert_eq!(malha["features"].as_array().map(Vec::len), Some(141));

    // login pela API e um ato
    let mut r = a
        .post(&format!("{base}/api/sessao"))
        .send_json(serde_json::json!({"login": "ana", "senha": divisa_web::semente::SENHA}))
        .expect("login");
    assert_eq!(r.status(), 200);
    let cookie = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("divisa_sessao="))
        .and_then(|c| c.split(';').next())
        .expect("cookie")
        .to_string();
    let j: serde_json::Value = r.body_mut().read_json().expect("json");
    let csrf = j["csrf"].as_str().expect("csrf").to_string();
    let lista: serde_json::Value = a
        .get(&format!("{base}/api/processos"))
        .call()
        .expect("lista")
        .body_mut()
        .read_json()
        .expect("json");
    let p = lista
        .as_array()
        .and_then(|l| {
            l.iter().find(|p| {
                p["nome"]
                    .as_str()
                    .is_some_and(|n| n.contains("Ribeirãozinho"))
            })
        })
        .and_then(|p| p["protocolo"].as_str())
        .expect("processo de demonstração")
        .replace('/', "%2F");
    let r = a
        .post(&format!("{base}/api/processos/{p}/atos"))
        .header("cookie", &cookie)
        .header("x-csrf-token", &csrf)
        .send_json(serde_json::json!({"versao": 1, "ato": {"tipo": "divulgar", "publicacao": "DOALMT nº 77"}}))
        .expect("ato");
    assert_eq!(r.status(), 201);
    let pagina = a
        .get(&format!("{base}/processos/{p}"))
        .call()
        .expect("página")
        .body_mut()
        .read_to_string()
        .expect("texto");
    assert!(
        pagina.contains("DOALMT nº 77"),
        "o ato aparece para o público (Art. 16)"
    );
}
