//! Entrada inválida: a mensagem diz, em português, o arquivo, a linha, o campo e o que se
//! esperava.

use crate::ler;

fn erro(texto: &str) -> divisa_avaliacao::ErroProposta {
    ler(texto).expect_err("deveria ser inválida")
}

#[test]
fn campo_desconhecido_diz_linha_e_campos_aceitos() {
    let e = erro("tipo = \"criacao\"\n[novo]\norigens = [5107859]\npopulacao = 5\n");
    assert_eq!(e.linha, Some(4));
    assert!(
        e.mensagem.starts_with("campo desconhecido «populacao»"),
        "{}",
        e.mensagem
    );
    assert!(e.mensagem.contains("dados"), "{}", e.mensagem);
    assert!(e.to_string().starts_with("proposta.toml, linha 4"), "{e}");
}

#[test]
fn tipo_errado_diz_o_esperado() {
    let e = erro("tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[novo.dados]\npopulacao = \"cinco mil\"\n");
    assert_eq!(e.campo.as_deref(), Some("novo.dados.populacao"));
    assert_eq!(e.linha, Some(5));
    assert!(
        e.mensagem
            .contains("esperava um número inteiro não negativo"),
        "{}",
        e.mensagem
    );
}

#[test]
fn numero_negativo_e_recusado() {
    let e = erro("tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[novo.dados]\npopulacao = -5\n");
    assert_eq!(e.campo.as_deref(), Some("novo.dados.populacao"));
    assert!(e.mensagem.contains("não negativo"), "{}", e.mensagem);
    let e = erro(
        "tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[novo.dados]\nvalor_adicionado = -1.5\n",
    );
    assert_eq!(e.campo.as_deref(), Some("novo.dados.valor_adicionado"));
    assert_eq!(e.linha, Some(5));
    assert!(
        e.mensagem.contains("maior ou igual a zero"),
        "{}",
        e.mensagem
    );
}

#[test]
fn arquivo_de_area_que_nao_existe() {
    let e =
        erro("tipo = \"criacao\"\n[novo]\norigens = [5107859]\narea = \"nao-existe.geojson\"\n");
    assert_eq!(e.campo.as_deref(), Some("novo.area"));
    assert_eq!(e.linha, Some(4));
    assert!(
        e.mensagem
            .contains("o arquivo «nao-existe.geojson» não existe"),
        "{}",
        e.mensagem
    );
}

#[test]
fn toml_quebrado_diz_a_linha() {
    let e = erro("tipo = \"criacao\"\n[novo\norigens = [1]\n");
    assert_eq!(e.linha, Some(2));
    assert_eq!(e.mensagem, "TOML inválido: tabela sem o ] de fechamento");
    let acento = erro("tipo = \"criacao\"\npopulaçao = 5\n");
    assert_eq!(acento.linha, Some(2));
    assert!(
        acento.mensagem.contains("chave inválida"),
        "{}",
        acento.mensagem
    );
}

#[test]
fn tipo_desconhecido_lista_os_aceitos() {
    let e = erro("tipo = \"emancipacao\"\n");
    assert_eq!(e.campo.as_deref(), Some("tipo"));
    assert!(e.mensagem.contains("criacao, fusao, incorporacao, desmembramento, extincao, criacao_distrito, alteracao_nome"), "{}", e.mensagem);
}

#[test]
fn codigo_fora_de_mato_grosso() {
    let e = erro(
        "tipo = \"extincao\"\n[extincao]\nmunicipio = 3550308\nmotivo = \"perda_requisitos\"\n",
    );
    assert_eq!(e.campo.as_deref(), Some("extincao.municipio"));
    assert_eq!(e.linha, Some(3));
    assert!(
        e.mensagem.contains("não é de Mato Grosso"),
        "{}",
        e.mensagem
    );
}

#[test]
fn secao_que_nao_cabe_no_tipo() {
    let e = erro("tipo = \"extincao\"\n[extincao]\nmunicipio = 5101209\nmotivo = \"perda_requisitos\"\n[distrito]\nmunicipio = 5101209\nnome = \"X\"\n");
    assert_eq!(e.linha, Some(5));
    assert!(
        e.mensagem
            .contains("a seção [distrito] não se aplica a tipo = \"extincao\""),
        "{}",
        e.mensagem
    );
}

#[test]
fn secao_obrigatoria_ausente() {
    let e = erro("tipo = \"desmembramento\"\n");
    assert!(
        e.mensagem.contains("exige a seção [desmembramento]"),
        "{}",
        e.mensagem
    );
}

#[test]
fn coordenadas_trocadas() {
    let e = erro(
        "tipo = \"criacao\"\n[novo]\norigens = [5107859]\nsede_coordenadas = [-11.43, -52.19]\n",
    );
    assert!(
        e.mensagem.contains("latitude e longitude trocadas"),
        "{}",
        e.mensagem
    );
}

#[test]
fn votos_que_passam_dos_inscritos() {
    let e = erro("tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[plebiscito]\neleitores_inscritos = 10\nvotos_sim = 8\nvotos_nao = 3\n");
    assert_eq!(e.campo.as_deref(), Some("plebiscito.votos_sim"));
    assert_eq!(e.linha, Some(6));
}

#[test]
fn documento_desconhecido() {
    let e = erro("tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[representacao]\ndocumentos = [\"requerimento\", \"foto\"]\n");
    assert_eq!(e.campo.as_deref(), Some("representacao.documentos.[2]"));
    assert!(
        e.mensagem.contains("documento «foto» desconhecido"),
        "{}",
        e.mensagem
    );
}

#[test]
fn data_referencia_em_texto_tambem_vale() {
    let proposta = ler("tipo = \"extincao\"\ndata_referencia = \"2027-03-10\"\n[extincao]\nmunicipio = 5101209\nmotivo = \"perda_requisitos\"\n").unwrap();
    assert_eq!(
        proposta.data_referencia,
        Some(jiff::civil::date(2027, 3, 10))
    );
    let e = erro("tipo = \"extincao\"\ndata_referencia = \"10/03/2027\"\n[extincao]\nmunicipio = 5101209\nmotivo = \"perda_requisitos\"\n");
    assert_eq!(e.campo.as_deref(), Some("data_referencia"));
    assert!(e.mensagem.contains("AAAA-MM-DD"), "{}", e.mensagem);
}

/// Fato impossível é recusado, não avaliado: um número entre 2⁶³ e 2⁶⁴−1 (que já virou "−1
/// eleitores" e atendeu o Art. 2º, II), população zero. Mais eleitores que habitantes é raro,
/// mas real: é lido e avaliado (CONTRACT §3).
#[test]
fn fato_impossivel_e_recusado_com_o_campo() {
    let base = "tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[novo.dados]\n";
    let e = erro(&format!("{base}populacao = 18446744073709551615\n"));
    assert_eq!(e.campo.as_deref(), Some("novo.dados.populacao"));
    assert!(
        e.mensagem.contains("mais que a população do Brasil"),
        "{}",
        e.mensagem
    );
    let e = erro(&format!(
        "{base}populacao = 5000\neleitores = 9223372036854775808\n"
    ));
    assert_eq!(e.campo.as_deref(), Some("novo.dados.eleitores"));
    // mais eleitores que habitantes não é impossível (CONTRACT §3; fatos_reais.rs): é lido
    assert!(ler(&format!("{base}populacao = 1000\neleitores = 1001\n")).is_ok());
    let e = erro(&format!("{base}populacao = 0\n"));
    assert!(e.mensagem.contains("população de 0"), "{}", e.mensagem);
    let e = erro("tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[plebiscito]\neleitores_inscritos = 18446744073709551615\nvotos_sim = 1\nvotos_nao = 0\n");
    assert_eq!(e.campo.as_deref(), Some("plebiscito.eleitores_inscritos"));
    let e = erro("tipo = \"alteracao_nome\"\n[alteracao_nome]\nmunicipio = 5103403\nnome_novo = \"Nova Aurora\"\nmembros_camara = 3\nvotos_favoraveis = 2\n");
    assert!(
        e.mensagem.contains("de 9 a 55 vereadores"),
        "{}",
        e.mensagem
    );
}

/// Uma data fora do calendário que o divisa projeta (ou anterior à lei) é entrada inválida no
/// campo, e não um pânico no calendário eleitoral.
#[test]
fn data_referencia_fora_do_calendario_e_recusada_no_campo() {
    for d in ["9998-03-10", "9999-12-31", "1990-01-01"] {
        let e = erro(&format!(
            "tipo = \"criacao\"\ndata_referencia = {d}\n[novo]\norigens = [5107859]\n"
        ));
        assert_eq!(e.campo.as_deref(), Some("data_referencia"), "{d}");
        assert_eq!(e.linha, Some(2), "{d}");
    }
    // o limite é aceito
    assert!(
        ler("tipo = \"criacao\"\ndata_referencia = 2999-12-31\n[novo]\norigens = [5107859]\n")
            .is_ok()
    );
}

/// Fatos impossíveis (issue 15) são recusados no campo, nunca avaliados. São Félix do Araguaia
/// (5107859): 14.604 habitantes (IBGE 2025), 8.176 eleitores (TSE 2024).
#[test]
fn novo_municipio_com_toda_a_populacao_da_origem_e_recusado() {
    let base = "tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[novo.dados]\n";
    let e = erro(&format!("{base}populacao = 14604\n"));
    assert_eq!(e.campo.as_deref(), Some("novo.dados.populacao"));
    assert!(e.mensagem.contains("14.604"), "{}", e.mensagem);
    // um habitante a menos deixa alguém na origem
    assert!(ler(&format!("{base}populacao = 14603\n")).is_ok());
    let e = erro(&format!("{base}eleitores = 10221\n"));
    assert_eq!(e.campo.as_deref(), Some("novo.dados.eleitores"));
    // 8.176 + 25% = 10.220: o limite da folga ainda passa
    assert!(ler(&format!("{base}eleitores = 10220\n")).is_ok());
}

#[test]
fn remanescente_maior_que_a_origem_inteira_e_recusado() {
    let base = "tipo = \"criacao\"\n[novo]\norigens = [5107859]\n[novo.dados]\npopulacao = 5000\n[[remanescente]]\ncodigo_ibge = 5107859\n";
    let e = erro(&format!("{base}populacao = 18256\n"));
    assert_eq!(e.campo.as_deref(), Some("remanescente.[1].populacao"));
    // remanescente + novo passam do todo (14.604 + 25% = 18.255)
    let e = erro(&format!("{base}populacao = 13256\n"));
    assert!(e.mensagem.contains("somam 18.256"), "{}", e.mensagem);
    assert!(ler(&format!("{base}populacao = 13255\n")).is_ok());
}

#[test]
fn desmembramento_contraditorio_e_recusado() {
    let base = "tipo = \"desmembramento\"\n[desmembramento]\ncedente = 5107198\n";
    // Art. 8º, § 1º: de um município para outro.
    let e = erro(&format!("{base}receptor = 5107198\narea_km2 = 1.0\n"));
    assert_eq!(e.campo.as_deref(), Some("desmembramento.receptor"));
    let e = erro(&format!("{base}receptor = 5106703\narea_km2 = 0.0\n"));
    assert!(e.mensagem.contains("0 km²"), "{}", e.mensagem);
    // Ribeirãozinho tem 624,997 km² (área oficial): 625 km² não cabem nele.
    let e = erro(&format!("{base}receptor = 5106703\narea_km2 = 625.0\n"));
    assert!(e.mensagem.contains("624,99"), "{}", e.mensagem);
    assert!(ler(&format!("{base}receptor = 5106703\narea_km2 = 624.997\n")).is_ok());
}

#[test]
fn incorporacao_a_si_mesmo_e_recusada() {
    let e =
        erro("tipo = \"incorporacao\"\n[incorporacao]\nmunicipio = 5101209\nreceptor = 5101209\n");
    assert_eq!(e.campo.as_deref(), Some("incorporacao.receptor"));
}

#[test]
fn municipio_contiguo_so_no_requerimento_dos_eleitores() {
    let e = erro("tipo = \"extincao\"\n[extincao]\nmunicipio = 5101209\nmotivo = \"perda_requisitos\"\nmunicipio_contiguo = 5106703\n");
    assert_eq!(e.campo.as_deref(), Some("extincao.municipio_contiguo"));
    assert!(e.mensagem.contains("Art. 10, III"), "{}", e.mensagem);
    assert!(ler("tipo = \"extincao\"\n[extincao]\nmunicipio = 5101209\nmotivo = \"requerimento_eleitores\"\nmunicipio_contiguo = 5106703\n").is_ok());
}

/// Art. 24, § 1º: o distrito tem a sua consulta prévia.
#[test]
fn distrito_aceita_a_consulta_previa() {
    assert!(ler("tipo = \"criacao_distrito\"\n[distrito]\nmunicipio = 5103403\nnome = \"Nova Aurora\"\n[plebiscito]\neleitores_inscritos = 1000\nvotos_sim = 600\nvotos_nao = 100\n").is_ok());
}

/// Os dados embutidos (2022–2025) não decidem fato impossível num ato de antes de 2020 (a
/// origem pode ter perdido território desde então); num ato futuro, a folga cresce 5 pontos por
/// ano depois de 2025.
#[test]
fn fato_impossivel_diante_dos_dados_embutidos_segue_a_data_do_ato() {
    let com = |data: &str, populacao: u32| {
        format!("tipo = \"criacao\"\ndata_referencia = {data}\n[novo]\norigens = [5107859]\n[novo.dados]\npopulacao = {populacao}\n")
    };
    // 1995: a São Félix do Araguaia de então era maior que a de 2025
    assert!(ler(&com("1995-03-10", 20_000)).is_ok());
    // 2030: o eleitorado (8.176, TSE 2024) + 50% = 12.264 ainda passa; 12.265 não
    assert!(ler(&com("2030-03-10", 1).replace("populacao = 1", "eleitores = 12264")).is_ok());
    let e = erro(&com("2030-03-10", 1).replace("populacao = 1", "eleitores = 12265"));
    assert_eq!(e.campo.as_deref(), Some("novo.dados.eleitores"), "{e}");
    assert!(e.mensagem.contains("50% de folga"), "{}", e.mensagem);
}
