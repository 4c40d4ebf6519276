//! Issue 17 ("Uma lista de trabalho por papel"): o painel abre no que espera por quem entrou.
//! Cada órgão certificador vê os ofícios dirigidos a ele, com o prazo de 30 dias do Art. 2º,
//! § 3º, e não os dos outros; o deputado, as representações que chegaram através dele (Art.
//! 14); o representante, a sua e o que falta nela (Art. 15); a Presidência, o próximo passo de
//! cada processo e os documentos emitidos que ainda não assinou.

use super::comum;

use axum::http::StatusCode;
use comum::{app, rodar};
use tower::ServiceExt as _;

#[test]
fn issue17_cada_papel_abre_na_sua_mesa_de_trabalho() {
    rodar(async {
        let a = app("mesa").await;
        // a seção da mesa de trabalho do painel (o resto do painel lista todos os processos)
        let painel = |login: &'static str| {
            let a = &a;
            async move {
                let s = a.entrar(login).await;
                let r = a.get("/", Some(&s)).await;
                assert_eq!(r.status, StatusCode::OK, "{login}: {}", r.corpo);
                let inicio = r
                    .corpo
                    .find("<section class=\"mesa\"")
                    .unwrap_or_else(|| panic!("{login}: sem a mesa de trabalho: {}", r.corpo));
                let fim = inicio + r.corpo[inicio..].find("</section>").expect("fim da mesa");
                r.corpo[inicio..fim].to_owned()
            }
        };

        // o TRE: o ofício dele, recebido há 35 dias — o prazo venceu
        let tre = painel("tre").await;
        assert!(tre.contains("Of. 101/2026-CRT"), "{tre}");
        assert!(tre.contains("venceu há"), "{tre}");
        assert!(tre.contains("documentos/oficio?orgao=tre"));
        assert!(!tre.contains("Of. 102/2026-CRT") && !tre.contains("Of. 103/2026-CRT"));
        // a cartografia: o dela, a vencer, e nada do prazo vencido do TRE
        let cartografia = painel("cartografia").await;
        assert!(cartografia.contains("Of. 102/2026-CRT"), "{cartografia}");
        assert!(cartografia.contains("faltam ") || cartografia.contains("vence hoje"));
        assert!(!cartografia.contains("Of. 101/2026-CRT"), "{cartografia}");
        // e, no painel inteiro, os prazos vencidos são os dela, não o do TRE
        let s = a.entrar("cartografia").await;
        let inteiro = a.get("/", Some(&s)).await.corpo;
        assert!(
            !inteiro.contains("Tribunal Regional Eleitoral"),
            "os prazos do TRE não são da cartografia: {inteiro}"
        );
        // a fazenda: o ofício sem recebimento registrado
        let fazenda = painel("fazenda").await;
        assert!(fazenda.contains("Of. 103/2026-CRT"), "{fazenda}");
        assert!(
            fazenda.contains("recebimento ainda não registrado"),
            "{fazenda}"
        );

        // o deputado: a representação que chegou através dele
        let deputado = painel("dep.joao").await;
        assert!(deputado.contains("chegou através de você"), "{deputado}");
        assert!(deputado.contains("Espigão"), "{deputado}");
        // o representante: a sua, com o próximo passo e os documentos do Art. 15
        let comunidade = painel("comunidade").await;
        assert!(comunidade.contains("Próximo passo"), "{comunidade}");
        // a demonstração declara o mapa das origens sem o arquivo: declarar não é juntar
        assert!(
            comunidade.contains("Falta juntar o arquivo (Art. 15; declarar não é juntar)"),
            "{comunidade}"
        );
        assert!(
            comunidade.contains(
                "Art. 15, III — mapa e memorial descritivo dos municípios de origem — declarado, a juntar"
            ),
            "{comunidade}"
        );
        assert!(
            !comunidade.contains("Espigão do Leste"),
            "não a do deputado: {comunidade}"
        );

        // a Presidência: os próximos passos e o que assinar
        let ana = painel("ana").await;
        assert!(ana.contains("Próximo passo"), "{ana}");
        assert!(
            ana.contains("Nenhum documento emitido espera a sua assinatura"),
            "{ana}"
        );
        let carla = painel("carla").await;
        assert!(!carla.contains("A assinar"), "o servidor não assina");
        // Art. 21: na ausência do Presidente, qualquer membro assina — o membro vê a lista
        let membro = painel("bruno").await;
        assert!(membro.contains("A assinar"), "{membro}");
        assert!(
            membro.contains("Nenhum documento emitido espera a assinatura da Comissão"),
            "{membro}"
        );
        // Bruno emite o parecer: ele passa a esperar a assinatura da Presidência
        let p = a.protocolo("Espigão").await;
        let bruno = a.entrar("bruno").await;
        let r = a.emitir(&p, "parecer-preliminar", None, &bruno).await;
        assert_eq!(r.status, StatusCode::OK);
        let ana = painel("ana").await;
        assert!(
            ana.contains("1 documento emitido sem a assinatura da Presidência"),
            "{ana}"
        );
        // e, a um membro, enquanto ninguém da Comissão o assinou
        let membro = painel("bruno").await;
        assert!(
            membro.contains("1 documento emitido sem nenhuma assinatura da Comissão"),
            "{membro}"
        );
    });
}

/// Issue 17: a lista de processos tem busca (protocolo, nome, município de origem), filtros
/// (tipo, fase, prazo vencido) e páginas de 25, com a busca guardada nos endereços das páginas.
#[test]
fn issue17_processos_com_busca_filtros_e_paginas() {
    rodar(async {
        let a = app("processos-filtros").await;
        let ana = a.entrar("ana").await;
        let lista = |consulta: &'static str| {
            let (a, ana) = (&a, &ana);
            async move {
                let r = a.get(&format!("/processos{consulta}"), Some(ana)).await;
                assert_eq!(r.status, StatusCode::OK, "{consulta}: {}", r.corpo);
                r.corpo
            }
        };
        let tudo = lista("").await;
        assert!(tudo.contains("3 processos encontrados de 3"), "{tudo}");
        // pelo nome, sem acento e em qualquer caixa
        let r = lista("?q=ESPIGAO").await;
        assert!(
            r.contains("Espigão") && !r.contains("Araguainha e Ponte"),
            "{r}"
        );
        assert!(r.contains("1 processo encontrado de 3"), "{r}");
        // pelo município de origem (a fusão de Araguainha com Ponte Branca)
        let r = lista("?q=ponte+branca").await;
        assert!(r.contains("Araguainha e Ponte Branca"), "{r}");
        // pelo tipo e pela fase
        let r = lista("?tipo=fusao").await;
        assert!(r.contains("Araguainha") && !r.contains("Espigão"), "{r}");
        let r = lista("?fase=certidoes").await;
        assert!(r.contains("Espigão") && !r.contains("Araguainha"), "{r}");
        // com prazo vencido: o TRE não respondeu no processo de Espigão
        let r = lista("?prazo=vencido").await;
        assert!(r.contains("Espigão") && !r.contains("Araguainha"), "{r}");
        // Art. 23: o prazo é andamento interno — o público e a comunidade não filtram por ele
        // (a lista filtrada diria que processo tem prazo vencido): o filtro não aparece e,
        // pedido pelo endereço, é ignorado
        let comunidade = a.entrar("comunidade").await;
        for quem in [None, Some(&comunidade)] {
            let r = a.get("/processos?prazo=vencido", quem).await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.corpo);
            assert!(
                r.corpo.contains("3 processos encontrados de 3"),
                "{}",
                r.corpo
            );
            assert!(!r.corpo.contains("filtro-prazo"), "{}", r.corpo);
        }
        assert!(lista("").await.contains("filtro-prazo"));
        // o que foi buscado volta no formulário
        assert!(lista("?q=espig%C3%A3o").await.contains("value=\"espigão\""));

        // 30 processos a mais: duas páginas, e a busca vai junto nos endereços
        for i in 0..30 {
            a.registro
                .protocolar(
                    &divisa_processo::Ator::new("dep.joao", divisa_processo::Papel::Deputado),
                    divisa_processo::NovaRepresentacao {
                        tipo: divisa_processo::TipoProcesso::Criacao,
                        nome: format!("Vila Teste {i:02}"),
                        municipios_origem: divisa_processo::origens(&["Sorriso".into()]).unwrap(),
                        via: divisa_processo::Via::Deputado {
                            id: "dep.joao".into(),
                        },
                        representante: "João da Silva".into(),
                        assinaturas: 12,
                        documentos: divisa_processo::DocumentoArt15::TODOS.to_vec(),
                        proposta: None,
                        nome_homenageia_pessoa_viva: None,
                    },
                    jiff::civil::date(2026, 11, 2),
                    jiff::Timestamp::now(),
                )
                .await
                .expect("protocolo");
        }
        let r = lista("?q=vila+teste").await;
        assert!(
            r.contains("30 processos encontrados de 33 · página 1 de 2"),
            "{r}"
        );
        assert_eq!(r.matches("Vila Teste ").count(), 25, "25 por página");
        assert!(r.contains("/processos?q=vila%20teste&amp;pagina=2"), "{r}");
        let r = lista("?q=vila+teste&pagina=2").await;
        assert_eq!(r.matches("Vila Teste ").count(), 5);
        assert!(r.contains("aria-current=\"page\">2<"), "{r}");
        // uma página que não existe mostra a última
        let r = lista("?q=vila+teste&pagina=99").await;
        assert!(r.contains("página 2 de 2"), "{r}");
    });
}

/// Issue 17 ("the municipal layer compressed (2 MB sent raw)"): a malha do mapa vai em gzip a
/// quem aceita, com o mesmo conteúdo, e sem compressão a quem não aceita.
#[test]
fn issue17_malha_do_mapa_vai_comprimida() {
    rodar(async {
        let a = app("malha-gzip").await;
        let cru = a.get("/api/malha.geojson", None).await;
        assert_eq!(cru.status, StatusCode::OK);
        assert!(cru.headers.get("content-encoding").is_none());
        let r = a
            .router
            .clone()
            .oneshot(
                axum::http::Request::get("/api/malha.geojson")
                    .header("accept-encoding", "br, gzip;q=0.8")
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(r.headers().get("content-encoding").unwrap(), "gzip");
        assert_eq!(r.headers().get("vary").unwrap(), "Accept-Encoding");
        let gz = axum::body::to_bytes(r.into_body(), usize::MAX)
            .await
            .unwrap();
        let mut texto = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz[..]), &mut texto)
            .expect("gzip válido");
        assert_eq!(texto, cru.corpo, "o mesmo GeoJSON");
        assert!(
            gz.len() * 3 < cru.bytes.len(),
            "{} bytes em gzip de {} — menos de um terço",
            gz.len(),
            cru.bytes.len()
        );
        eprintln!("malha: {} bytes, {} em gzip", cru.bytes.len(), gz.len());
    });
}

/// Issue 17, "the look Brazilian public services share": toda página carrega a folha do padrão
/// gov.br antes da do divisa, e a fonte vem do próprio servidor (o sistema roda sem internet); a
/// folha (0,7 MB) vai em gzip a quem aceita, com o mesmo conteúdo.
#[test]
fn issue17_padrao_gov_br_embutido_e_comprimido() {
    rodar(async {
        let a = app("govbr").await;
        let pagina = a.get("/publico", None).await.corpo;
        let govbr = pagina
            .find("/ativos/govbr-core.min.css")
            .expect("a folha do gov.br");
        let divisa = pagina
            .find("/ativos/divisa.css")
            .expect("a folha do divisa");
        assert!(govbr < divisa, "o padrão primeiro, o divisa por cima");
        // o menu diz em que seção a pessoa está (aria-current), uma só
        assert!(pagina.contains("<a href=\"/publico\" aria-current=\"page\">Portal público</a>"));
        assert_eq!(pagina.matches("aria-current=\"page\"").count(), 1);
        let municipio = a.get("/municipios/5107859", None).await.corpo;
        assert!(municipio.contains("<a href=\"/municipios\" aria-current=\"page\">Municípios</a>"));
        assert!(!municipio.contains("<a href=\"/\" aria-current"));
        // o ícone da aba e a descrição (o Lighthouse marcava o /favicon.ico ausente como erro
        // no console e a falta de descrição)
        assert!(pagina.contains("<link rel=\"icon\" href=\"/ativos/icone.svg\""));
        assert!(pagina.contains("<meta name=\"description\""));
        let icone = a.get("/ativos/icone.svg", None).await;
        assert_eq!(icone.status, StatusCode::OK);
        assert_eq!(icone.headers.get("content-type").unwrap(), "image/svg+xml");
        let cru = a.get("/ativos/govbr-core.min.css", None).await;
        assert_eq!(cru.status, StatusCode::OK);
        assert!(cru.corpo.contains("--blue-warm-vivid-70:#1351b4"));
        let r = a
            .router
            .clone()
            .oneshot(
                axum::http::Request::get("/ativos/govbr-core.min.css")
                    .header("accept-encoding", "gzip")
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(r.headers().get("content-encoding").unwrap(), "gzip");
        let gz = axum::body::to_bytes(r.into_body(), usize::MAX)
            .await
            .unwrap();
        let mut texto = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz[..]), &mut texto)
            .expect("gzip válido");
        assert_eq!(texto, cru.corpo);
        assert!(
            gz.len() * 4 < cru.bytes.len(),
            "{} de {}",
            gz.len(),
            cru.bytes.len()
        );
        let css = a.get("/ativos/divisa.css", None).await.corpo;
        for peso in ["400", "600", "700"] {
            let fonte = format!("/ativos/raleway-{peso}.woff2");
            assert!(css.contains(&fonte), "{fonte} na folha");
            let r = a.get(&fonte, None).await;
            assert_eq!(r.status, StatusCode::OK, "{fonte}");
            assert_eq!(r.headers.get("content-type").unwrap(), "font/woff2");
            assert_eq!(&r.bytes[..4], b"wOF2", "{fonte}");
        }
    });
}

/// Issue 17 (mapas no celular): com `?caixa=`, a malha de fundo traz só o entorno; a caixa
/// ilegível é recusada em português, com o campo.
#[test]
fn issue17_malha_do_entorno_pela_caixa() {
    rodar(async {
        let a = app("malha-caixa").await;
        let inteira = a.get("/api/malha.geojson", None).await;
        let perto = a
            .get("/api/malha.geojson?caixa=-56.3,-15.7,-55.9,-15.4", None)
            .await;
        assert_eq!(perto.status, StatusCode::OK);
        let j: serde_json::Value = serde_json::from_str(&perto.corpo).unwrap();
        let n = j["features"].as_array().unwrap().len();
        assert!((2..20).contains(&n), "{n} municípios em volta de Cuiabá");
        assert!(perto.bytes.len() * 5 < inteira.bytes.len());
        // a caixa do estado inteiro é a malha inteira
        let estado = a
            .get("/api/malha.geojson?caixa=-62,-18.5,-50,-7", None)
            .await;
        assert_eq!(estado.corpo, inteira.corpo);
        for ruim in ["abc", "-50,-10,-60,-5", "1,2,3"] {
            let r = a
                .get(&format!("/api/malha.geojson?caixa={ruim}"), None)
                .await;
            assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{ruim}");
            assert!(r.corpo.contains("\"campo\":\"caixa\""), "{}", r.corpo);
            assert!(r.corpo.contains("oeste"), "{}", r.corpo);
        }
    });
}

/// Issue 17 ("Processes and municipalities get search, filters … and pagination"): os
/// municípios se buscam pelo nome sem acento ou pelo código IBGE, se ordenam pela população e
/// vêm em páginas de 50.
#[test]
fn issue17_municipios_com_busca_ordem_e_paginas() {
    rodar(async {
        let a = app("municipios-busca").await;
        let r = a.get("/municipios?q=varzea", None).await;
        assert_eq!(r.status, StatusCode::OK);
        assert!(
            r.corpo.contains("1 município encontrado de 142"),
            "{}",
            r.corpo
        );
        assert!(r.corpo.contains(">Várzea Grande</a>"));
        let r = a.get("/municipios?q=5103403", None).await;
        assert!(r.corpo.contains(">Cuiabá</a>"), "pelo código IBGE");
        // pela população, Cuiabá (a maior) abre a lista; 142 em 3 páginas
        let r = a.get("/municipios?ordem=populacao", None).await;
        let primeira = r.corpo.find("<td data-rotulo=\"Município\">").unwrap();
        assert!(r.corpo[primeira..].starts_with(
            "<td data-rotulo=\"Município\"><a href=\"/municipios/5103403\">Cuiabá</a>"
        ));
        assert!(r.corpo.contains("página 1 de 3"));
        assert_eq!(
            r.corpo.matches("<td data-rotulo=\"Município\">").count(),
            50
        );
        assert!(r
            .corpo
            .contains("href=\"/municipios?ordem=populacao&amp;pagina=2\""));
        let r = a.get("/municipios?ordem=populacao&pagina=3", None).await;
        assert_eq!(
            r.corpo.matches("<td data-rotulo=\"Município\">").count(),
            42
        );
        let r = a.get("/municipios?q=nenhum+municipio+assim", None).await;
        assert!(r.corpo.contains("0 municípios encontrados"), "{}", r.corpo);
    });
}

/// Issue 32, «quem age em seguida»: no alto da página do processo, o próximo passo diz a quem
/// cabe, com o mesmo nome do botão que pratica o ato; quem pode vê o botão, que leva ao
/// formulário; quem não pode lê a quem cabe, sem botão. Na mesa da comunidade, a mesma frase.
#[test]
fn issue32_proximo_passo_diz_a_quem_cabe_e_o_botao_fica_no_alto() {
    rodar(async {
        let a = app("proximo").await;
        // a revisão de limites da demonstração, protocolada: falta divulgar (Art. 16)
        let p = a.protocolo("Revisão de limites").await;
        let caminho = format!("/processos/{}", p.replace('/', "%2F"));
        let frase =
            "«Divulgar a representação» cabe à Presidência da Comissão ou a um membro da Comissão.";
        let ana = a.entrar("ana").await;
        let pagina = a.get(&caminho, Some(&ana)).await.corpo;
        let no_alto = pagina.find(frase).expect("a frase do próximo passo");
        let botao = pagina
            .find("<a class=\"botao\" href=\"#ato-divulgar\">Divulgar a representação</a>")
            .expect("o botão para a Presidência");
        let mapa = pagina.find("<h2>Mapa</h2>").expect("o mapa");
        assert!(no_alto < mapa && botao < mapa, "no alto, antes do mapa");
        assert!(
            pagina.contains("id=\"ato-divulgar\""),
            "o formulário que o botão abre"
        );
        // a comunidade lê a quem cabe, sem botão
        let comunidade = a.entrar("comunidade").await;
        let pagina = a.get(&caminho, Some(&comunidade)).await.corpo;
        assert!(pagina.contains(frase), "{pagina}");
        assert!(
            !pagina.contains("href=\"#ato-divulgar\""),
            "sem botão para quem não pode"
        );
        let r = a.get("/", Some(&comunidade)).await.corpo;
        assert!(r.contains(frase.trim_end_matches('.')), "{r}");
        // a petição no menu de quem pode protocolar (Art. 14) e no alto da mesa da comunidade;
        // não no do órgão, que não protocola
        let menu = |pagina: &str| {
            let inicio = pagina.find("<nav").expect("menu");
            pagina[inicio..inicio + pagina[inicio..].find("</nav>").unwrap()].to_owned()
        };
        assert!(
            menu(&r).contains("href=\"/processos/novo\">Nova representação</a>"),
            "{r}"
        );
        let mesa = &r[r.find("<section class=\"mesa\"").unwrap()..];
        assert!(
            mesa.find("Nova representação").unwrap() < mesa.find(&p).unwrap(),
            "no alto da mesa"
        );
        let tre = a.entrar("tre").await;
        let r = a.get("/", Some(&tre)).await.corpo;
        assert!(!menu(&r).contains("Nova representação"), "{r}");
        // a data do recebimento diz o que é (e não «Data do ato»), sem parênteses dobrados
        let pagina = a
            .get(
                &format!(
                    "/processos/{}",
                    a.protocolo("Espigão").await.replace('/', "%2F")
                ),
                Some(&ana),
            )
            .await
            .corpo;
        assert!(
            pagina.contains("Data do recebimento do ofício (começa o prazo do Art. 2º, § 3º)"),
            "{pagina}"
        );
        assert!(!pagina.contains("dias))"), "parênteses dobrados");
    });
}
