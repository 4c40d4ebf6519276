//! O documento OpenAPI 3.1 da API (`/api/openapi.json`), escrito à mão ao lado das rotas.

use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

fn erro() -> Value {
    json!({"description": "Erro, em português, com o campo quando há um", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Erro"}}}})
}

fn ok(descricao: &str, esquema: Value) -> Value {
    json!({"description": descricao, "content": {"application/json": {"schema": esquema}}})
}

pub(crate) async fn documento() -> Response {
    let protocolo = json!({"name": "protocolo", "in": "path", "required": true,
        "description": "NUP do processo (a barra codificada como %2F), ex.: 00001.000001%2F2026-91",
        "schema": {"type": "string"}});
    let csrf = json!({"name": "X-CSRF-Token", "in": "header", "required": true,
        "description": "o token devolvido por POST /api/sessao", "schema": {"type": "string"}});
    let tipos: Vec<&str> = divisa_processo::TipoProcesso::TODOS
        .iter()
        .map(|t| t.codigo())
        .collect();
    let documentos: Vec<&str> = divisa_processo::DocumentoArt15::TODOS
        .iter()
        .map(|d| d.codigo())
        .collect();
    let mut doc = json!({
        "openapi": "3.1.0",
        "info": {
            "title": "divisa — API da LC nº 23/1992 de Mato Grosso",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Criação, incorporação, fusão e desmembramento de municípios: a lei avaliada, o território medido e o processo conduzido. Autenticação pelo cookie de sessão `divisa_sessao` (POST /api/sessao); chamadas que mudam algo exigem o cabeçalho X-CSRF-Token."
        },
        "components": {
            "securitySchemes": {"sessao": {"type": "apiKey", "in": "cookie", "name": "divisa_sessao"}},
            "schemas": {
                "Erro": {"type": "object", "required": ["erro"], "properties": {
                    "erro": {"type": "string"}, "campo": {"type": "string"}, "artigo": {"type": "string"}}},
                "Relatorio": {"type": "object", "description": "CONTRACT §3", "required": ["conclusao", "achados"],
                    "properties": {"conclusao": {"type": "string", "enum": ["atende", "nao_atende", "inconclusivo"]},
                        "achados": {"type": "array", "items": {"type": "object"}}, "alertas": {"type": "array", "items": {"type": "object"}}}},
                "Processo": esquema_do_processo(),
                "Ato": esquema_dos_atos()
            }
        },
        "paths": {
            "/api/openapi.json": {"get": {"summary": "Este documento", "responses": {"200": {"description": "OpenAPI 3.1", "content": {"application/json": {}}}}}},
            "/api/sessao": {
                "post": {"summary": "Entrar (login e senha); devolve o token CSRF e grava o cookie de sessão",
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["login", "senha"],
                        "properties": {"login": {"type": "string"}, "senha": {"type": "string"}}}}}},
                    "responses": {"200": ok("Sessão aberta", json!({"type": "object", "properties": {"login": {"type": "string"}, "papel": {"type": "string"}, "csrf": {"type": "string"}}})),
                        "401": erro(), "429": erro()}},
                "get": {"summary": "A sessão atual", "security": [{"sessao": []}], "responses": {"200": ok("A conta", json!({"type": "object"})), "401": erro()}},
                "delete": {"summary": "Sair", "security": [{"sessao": []}], "parameters": [csrf.clone()], "responses": {"204": {"description": "Sessão encerrada"}, "401": erro(), "403": erro()}}
            },
            "/api/processos": {
                "get": {"summary": "Os processos (dados públicos)", "responses": {"200": ok("Lista", json!({"type": "array", "items": {"type": "object"}}))}},
                "post": {"summary": "Protocolar uma representação (Art. 14)", "security": [{"sessao": []}], "parameters": [csrf.clone()],
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                        "required": ["tipo", "nome", "municipios_origem", "representante", "assinaturas"],
                        "properties": {"tipo": {"type": "string", "enum": tipos},
                            "nome": {"type": "string"}, "municipios_origem": {"type": "array", "items": {"type": "string"}, "minItems": 1,
                                "description": "Art. 15, III: cada município de origem, pelo nome (sem diferença de acentos e maiúsculas) ou pelo código IBGE de 7 dígitos; os autos guardam o nome oficial e o código"},
                            "representante": {"type": "string"}, "assinaturas": {"type": "integer", "minimum": 0},
                            "documentos": {"type": "array", "items": {"type": "string", "enum": documentos}},
                            "deputado": {"type": "string"}, "proposta": {"type": "string", "description": "CONTRACT §2, TOML"},
                            "nome_homenageia_pessoa_viva": {"type": "boolean", "description": "Art. 6º: o nome proposto homenageia pessoa viva? (ausente: não declarou)"}}}}}},
                    "responses": {"201": ok("Protocolado", json!({"type": "object", "properties": {"protocolo": {"type": "string"}, "recibo": {"type": "string"}}})),
                        "401": erro(), "403": erro(), "422": erro()}}
            },
            "/api/processos/{protocolo}": {"get": {"summary": "Um processo, visto pelo papel de quem pede (Arts. 16, 22, 23)", "parameters": [protocolo.clone()],
                "responses": {"200": ok("O processo", json!({"$ref": "#/components/schemas/Processo"})), "404": erro()}}},
            "/api/processos/{protocolo}/atos": {"post": {"summary": "Registrar um ato (a lei e o papel conferem; versão velha = 409)", "security": [{"sessao": []}],
                "parameters": [protocolo.clone(), csrf],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["versao", "ato"],
                    "properties": {"versao": {"type": "integer"}, "data": {"type": "string", "format": "date"}, "ato": {"$ref": "#/components/schemas/Ato"},
                        "anexos": {"type": "array", "description": "Os arquivos do ato (até 20 MB cada, 50 MB no total; o tipo é conferido pelo conteúdo)",
                            "items": {"type": "object", "required": ["nome", "conteudo_base64"], "additionalProperties": false,
                                "properties": {"nome": {"type": "string", "description": "com a extensão: .pdf, .png, .jpg, .tif, .odt, .docx, .zip, .kmz, .gpkg, .geojson, .json, .kml, .txt, .csv, .toml"},
                                    "conteudo_base64": {"type": "string", "contentEncoding": "base64"}}}}}}}}},
                "responses": {"201": ok("Registrado", json!({"type": "object"})), "401": erro(), "403": erro(), "409": erro(), "422": erro()}}},
            "/api/processos/{protocolo}/relatorio": {"get": {"summary": "A proposta anexada avaliada (CONTRACT §3)", "parameters": [protocolo.clone()],
                "responses": {"200": ok("Relatório", json!({"$ref": "#/components/schemas/Relatorio"})), "403": erro(), "404": erro()}}},
            "/api/processos/{protocolo}/mapa.geojson": {"get": {"summary": "Municípios de origem e área proposta (GeoJSON)", "parameters": [protocolo],
                "responses": {"200": {"description": "GeoJSON", "content": {"application/geo+json": {}}}, "404": erro()}}},
            "/api/alertas": {"get": {"summary": "Prazos vencidos ou a vencer de todos os processos", "security": [{"sessao": []}],
                "responses": {"200": ok("Alertas", json!({"type": "array", "items": {"type": "object"}})), "401": erro(), "403": erro()}}},
            "/api/avaliar": {"post": {"summary": "Avaliar uma proposta (CONTRACT §2 → §3)",
                "parameters": [
                    {"name": "formato", "in": "query", "schema": {"type": "string", "enum": ["json", "texto", "fragmento", "proposta"]}, "description": "proposta: só com o formulário da página (multipart, modo=formulario): a proposta montada dos campos"},
                    {"name": "em", "in": "query", "description": "texto da lei em vigor nesta data", "schema": {"type": "string", "format": "date"}}],
                "requestBody": {"required": true, "content": {"application/toml": {"schema": {"type": "string"}}, "text/plain": {"schema": {"type": "string"}}}},
                "responses": {"200": ok("Relatório", json!({"$ref": "#/components/schemas/Relatorio"})), "422": erro()}}},
            "/api/lei": {"get": {"summary": "O texto da lei em vigor numa data", "parameters": [
                    {"name": "em", "in": "query", "schema": {"type": "string", "format": "date"}},
                    {"name": "dispositivo", "in": "query", "schema": {"type": "string"}}],
                "responses": {"200": ok("Dispositivos", json!({"type": "object"})), "422": erro()}}},
            "/api/municipios/{codigo}": {"get": {"summary": "Dados de referência de um município, com as fontes",
                "parameters": [{"name": "codigo", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": ok("Município", json!({"type": "object"})), "404": erro()}}},
            "/api/municipios/{codigo}/limite.geojson": {"get": {"summary": "O limite na Malha Municipal 2022 e a sede",
                "parameters": [{"name": "codigo", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "GeoJSON", "content": {"application/geo+json": {}}}, "404": erro()}}},
            "/api/malha.geojson": {"get": {"summary": "A malha municipal de Mato Grosso simplificada para mapas",
                "parameters": [{"name": "caixa", "in": "query", "required": false,
                    "description": "oeste,sul,leste,norte em graus decimais (SIRGAS 2000): só os municípios que tocam a caixa",
                    "schema": {"type": "string", "example": "-56.3,-15.7,-55.9,-15.4"}}],
                "responses": {"200": {"description": "GeoJSON", "content": {"application/geo+json": {}}},
                    "422": erro()}}},
            "/api/validacao/titulos": {"post": {"summary": "Conferir títulos de eleitor, um por linha (Art. 13)",
                "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "string"}}}},
                "responses": {"200": ok("Resultado", json!({"type": "object", "properties": {"validos": {"type": "integer"}, "invalidos": {"type": "array", "items": {"type": "object"}}}}))}}},
            "/api/toponimo": {"get": {"summary": "O nome proposto diante do Art. 6º",
                "parameters": [{"name": "nome", "in": "query", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": ok("Achados", json!({"type": "object"})), "422": erro()}}}
        }
    });
    if let (Some(caminhos), Value::Object(da_area)) = (
        doc["paths"].as_object_mut(),
        caminhos_da_area(&protocolo, &csrf),
    ) {
        caminhos.extend(da_area);
    }
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "application/json; charset=utf-8",
        )],
        doc.to_string(),
    )
        .into_response()
}

/// A ficha do processo (`divisa_autos::FichaDoProcesso::json`, com os atos possíveis).
fn esquema_do_processo() -> Value {
    json!({"type": "object",
        "description": "A ficha do processo, a mesma que a linha de comando mostra, como quem pede a vê: certidões, prazos e alertas só na vista completa (Art. 23); o órgão certificador vê o seu prazo",
        "required": ["protocolo", "nome", "tipo", "fase", "fase_nome", "versao", "visao", "eventos", "prazos", "alertas"], "properties": {
        "protocolo": {"type": "string"}, "nome": {"type": "string"}, "tipo": {"type": "string"},
        "municipios_origem": {"type": "array", "items": {"type": "string"}}, "assinaturas": {"type": "integer"},
        "protocolado_em": {"type": "string", "format": "date"}, "apresentada": {"type": "string"},
        "fase": {"type": "string"}, "fase_nome": {"type": "string"}, "proximo_passo": {"type": "string"},
        "versao": {"type": "integer"}, "visao": {"type": "string", "enum": ["completa", "publica"]}, "completo": {"type": "boolean"},
        "documentos_faltantes": {"type": "array", "items": {"type": "string"}},
        "documentos_declarados_a_juntar": {"type": "array", "items": {"type": "string"}},
        "eventos": {"type": "array", "items": {"type": "object", "required": ["seq", "data", "ator", "ato", "resumo", "quem"], "properties": {
            "seq": {"type": "integer"}, "data": {"type": "string", "format": "date"},
            "ator": {"type": "object", "properties": {"id": {"type": "string"}, "papel": {"type": "string"}}},
            "ato": {"type": "object", "description": "o ato como gravado: o `tipo` e os seus campos"}, "resumo": {"type": "string"},
            "quem": {"type": "string", "description": "nome e cargo de quem praticou o ato"}}}},
        "prazos": {"type": "array", "items": {"type": "object", "properties": {
            "chave": {"type": "string"}, "descricao": {"type": "string"}, "artigo": {"type": "string"},
            "inicio": {"type": "string", "format": "date"}, "dias": {"type": "integer"}, "vencimento": {"type": "string", "format": "date"},
            "situacao": {"type": "object"}, "situacao_texto": {"type": "string"}}}},
        "alertas": {"type": "array", "items": {"type": "object"}},
        "atos_possiveis": {"type": "array", "items": {"type": "string"}}}})
}

/// O esquema de cada ato que entra pelo formulário (um `oneOf` por tipo), da mesma tabela que
/// desenha os formulários da página e a ajuda da linha de comando
/// ([`divisa_processo::DEFINICOES`]): o campo, se é obrigatório e o tipo do valor.
fn esquema_dos_atos() -> serde_json::Value {
    use divisa_processo::{Definicao, DocumentoArt15, Entrada, Orgao, TipoDeCampo as Tipo};
    let orgaos: Vec<&str> = Orgao::TODOS.iter().map(|o| o.codigo()).collect();
    let documentos: Vec<&str> = DocumentoArt15::TODOS.iter().map(|d| d.codigo()).collect();
    let numeros: serde_json::Map<String, Value> = divisa_processo::NUMEROS_DO_ART2
        .iter()
        .map(|n| {
            let mut esquema = if n.inteiro {
                json!({"type": "integer", "minimum": 0})
            } else {
                json!({"type": "number", "minimum": 0})
            };
            esquema["description"] = json!(format!(
                "{} ({}; Art. 2º, {}; {})",
                n.nome,
                n.unidade,
                n.inciso,
                n.orgao.nome()
            ));
            (n.campo.to_owned(), esquema)
        })
        .collect();
    let um = |m: &Definicao| {
        let mut propriedades = serde_json::Map::new();
        propriedades.insert("tipo".into(), json!({"const": m.codigo}));
        let mut obrigatorios = vec![json!("tipo")];
        for f in m.campos {
            let esquema = match f.tipo {
                Tipo::Texto | Tipo::TextoLongo => json!({"type": "string"}),
                Tipo::Proposta => {
                    json!({"type": "string", "description": "a proposta (CONTRACT §2), em TOML"})
                }
                Tipo::Servidor => {
                    json!({"type": "string", "description": "a conta de um servidor da Casa"})
                }
                Tipo::SimNao => json!({"type": "boolean"}),
                Tipo::Orgao => json!({"type": "string", "enum": orgaos}),
                Tipo::Decisao => json!({"type": "string", "enum": ["tramitar", "arquivar"]}),
                Tipo::Votos => {
                    json!({"type": "object", "required": ["sim", "nao"], "additionalProperties": false,
                    "properties": {"sim": {"type": "integer", "minimum": 0}, "nao": {"type": "integer", "minimum": 0}, "abstencoes": {"type": "integer", "minimum": 0},
                        "relator": {"type": "string", "description": "a conta do membro relator"},
                        "nominais": {"type": "array", "description": "a votação nominal; quando dada, soma o placar",
                            "items": {"type": "object", "required": ["membro", "voto"], "additionalProperties": false,
                                "properties": {"membro": {"type": "string"}, "voto": {"type": "string", "enum": ["sim", "nao", "abstencao"]}}}}}})
                }
                Tipo::Data => json!({"type": "string", "format": "date"}),
                Tipo::Art15 => json!({"type": "string", "enum": documentos}),
                Tipo::Apuracoes => {
                    json!({"type": "array", "minItems": 1, "description": "uma apuração por localidade consultada (Art. 11, § 2º)",
                    "items": {"type": "object", "required": ["localidade", "inscritos", "sim", "nao"],
                        "properties": {"localidade": {"type": "string"}, "inscritos": {"type": "integer", "minimum": 0},
                            "sim": {"type": "integer", "minimum": 0}, "nao": {"type": "integer", "minimum": 0},
                            "brancos": {"type": "integer", "minimum": 0}, "nulos": {"type": "integer", "minimum": 0},
                            "secoes": {"type": "array", "description": "a apuração por seção eleitoral, como o TRE a publica"}}}})
                }
                Tipo::ConteudoLei => {
                    json!({"type": "object", "required": ["nome", "divisas", "ano_instalacao"], "additionalProperties": false,
                    "description": "o conteúdo do Art. 7º", "properties": {"nome": {"type": "string"}, "divisas": {"type": "string"}, "ano_instalacao": {"type": "integer"}}})
                }
                Tipo::Numeros => {
                    json!({"type": "object", "additionalProperties": false, "minProperties": 1,
                    "description": "Só os números do órgão que certifica (Art. 2º, § 2º)",
                    "properties": numeros.clone()})
                }
            };
            let esquema = match esquema {
                serde_json::Value::Object(mut o) => {
                    o.insert("title".into(), json!(f.rotulo));
                    serde_json::Value::Object(o)
                }
                outro => outro,
            };
            propriedades.insert(f.nome.into(), esquema);
            if !f.opcional {
                obrigatorios.push(json!(f.nome));
            }
        }
        json!({"type": "object", "title": m.titulo, "description": m.artigo, "additionalProperties": false,
            "required": obrigatorios, "properties": propriedades})
    };
    json!({"description": "Um ato do processo: `tipo` e os seus campos. A lei e o papel de quem pede decidem se é aceito. O protocolo é POST /api/processos; a área, PUT /api/processos/{protocolo}/area.",
        "oneOf": divisa_processo::DEFINICOES.iter().filter(|d| d.entrada == Entrada::Formulario).map(um).collect::<Vec<_>>()})
}

/// Os caminhos da área do processo no mapa (CONTRACT §5; `crate::area`).
fn caminhos_da_area(protocolo: &Value, csrf: &Value) -> Value {
    let versao = json!({"name": "versao", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}});
    let versoes = json!({"type": "array", "items": {"type": "object", "properties": {
        "versao": {"type": "integer"}, "autor": {"type": "string"}, "cargo": {"type": "string"},
        "quando": {"type": "string", "format": "date"}, "area_km2": {"type": "number"},
        "vertices": {"type": "integer"}, "motivo": {"type": ["string", "null"]}}}});
    let gravada = json!({"type": "object", "required": ["versao", "area_km2", "achados"],
        "properties": {"versao": {"type": "integer"}, "area_km2": {"type": "number"},
            "achados": {"type": "array", "items": {"type": "object"}}}});
    let if_match = json!({"name": "If-Match", "in": "header", "required": true,
        "description": "a versão em que a alteração foi feita, \"vN\" (\"v0\" num processo sem área)",
        "schema": {"type": "string"}});
    let coordenadas = json!({"type": "object", "required": ["texto", "sistema"], "properties": {
        "texto": {"type": "string"}, "sistema": {"type": "string", "enum": ["graus", "utm"]},
        "zona": {"type": "integer", "enum": [20, 21, 22]}}});
    let geojson = |d: &str| json!({"description": d, "content": {"application/geo+json": {}}});
    json!({
            "/api/processos/{protocolo}/area": {
                "get": {"summary": "A área em vigor do processo (CONTRACT §5), com ETag \"vN\"", "security": [{"sessao": []}], "parameters": [protocolo],
                    "responses": {"200": geojson("GeoJSON Feature (graus SIRGAS 2000), com versao, area_km2 e vertices"),
                        "401": erro(), "403": erro(), "404": erro()}},
                "put": {"summary": "Uma versão nova da área (Art. 19, § 3º): o GeoJSON com o motivo em properties.motivo, sobre a versão do If-Match", "security": [{"sessao": []}],
                    "parameters": [protocolo, csrf, if_match],
                    "requestBody": {"required": true, "content": {"application/geo+json": {"schema": {"type": "object"}}}},
                    "responses": {"200": ok("A versão gravada", gravada.clone()),
                        "403": erro(), "409": erro(), "422": erro(), "428": erro()}}
            },
            "/api/processos/{protocolo}/area/versoes": {"get": {"summary": "As versões da área nos autos, com quem (nome e cargo), quando, a área, os vértices e o motivo", "security": [{"sessao": []}], "parameters": [protocolo],
                "responses": {"200": ok("Versões", versoes.clone()), "401": erro(), "403": erro()}}},
            "/api/processos/{protocolo}/area/versoes/{versao}": {"get": {"summary": "Uma versão da área", "security": [{"sessao": []}],
                "parameters": [protocolo, versao.clone()],
                "responses": {"200": geojson("GeoJSON Feature"), "404": erro()}}},
            "/api/processos/{protocolo}/area/versoes/{versao}/diferenca": {"get": {"summary": "O que a área em vigor ganhou e perdeu diante de uma versão (polígonos e áreas)", "security": [{"sessao": []}],
                "parameters": [protocolo, versao.clone()],
                "responses": {"200": geojson("GeoJSON FeatureCollection: papel versao, ganho e perda, com area_km2 e texto"), "404": erro()}}},
            "/api/processos/{protocolo}/area/simular": {"post": {"summary": "A lei com a área enviada no lugar da em vigor, nada gravado: área, partes, sedes, população estimada, continuidade e os achados que mudaram", "security": [{"sessao": []}],
                "parameters": [protocolo, csrf],
                "requestBody": {"required": true, "content": {"application/geo+json": {"schema": {"type": "object"}}}},
                "responses": {"200": ok("A simulação", json!({"type": "object"})), "403": erro(), "409": erro(), "422": erro()}}},
            "/api/malha/trecho": {"get": {"summary": "O trecho da divisa municipal (Malha 2022) entre dois pontos", "security": [{"sessao": []}],
                "parameters": [{"name": "de", "in": "query", "required": true, "description": "LON,LAT", "schema": {"type": "string"}},
                    {"name": "ate", "in": "query", "required": true, "description": "LON,LAT", "schema": {"type": "string"}}],
                "responses": {"200": geojson("GeoJSON Feature LineString"), "422": erro()}}},
            "/api/coordenadas": {"post": {"summary": "Os vértices digitados (graus decimais ou UTM) como polígono conferido", "security": [{"sessao": []}], "parameters": [csrf],
                "requestBody": {"required": true, "content": {"application/json": {"schema": coordenadas}}},
                "responses": {"200": geojson("GeoJSON Feature"), "422": erro()}}}
    })
}

#[cfg(test)]
mod testes {
    /// Issue 31: o `oneOf` dos atos tem um ramo por ato do formulário da tabela, com os mesmos
    /// campos obrigatórios.
    #[test]
    fn o_esquema_dos_atos_percorre_a_tabela() {
        let esquema = super::esquema_dos_atos();
        let ramos = esquema["oneOf"].as_array().unwrap();
        let atos: Vec<_> = divisa_processo::DEFINICOES
            .iter()
            .filter(|d| d.entrada == divisa_processo::Entrada::Formulario)
            .collect();
        assert_eq!(ramos.len(), atos.len());
        for (ramo, def) in ramos.iter().zip(atos) {
            assert_eq!(ramo["properties"]["tipo"]["const"], def.codigo);
            for f in def.campos {
                assert!(
                    ramo["properties"].get(f.nome).is_some(),
                    "{}.{}",
                    def.codigo,
                    f.nome
                );
            }
        }
    }
}
