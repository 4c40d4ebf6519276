//! O estudo fiscal com os dados embutidos: os números de conferência do README fiscal (§3), a
//! tabela do TCU sobre a lista da base, o JSON com os campos do CONTRACT §4 e o texto.

use std::str::FromStr;

use divisa_fiscal::evm::{
    avaliar_evm, AreaEvm, EntradaEvm, RemanescenteEvm, SituacaoEvm, TipoProposta,
};
use divisa_fiscal::fpm::{
    coeficiente_dl1881, ler_coeficientes_tcu, municipios_do_interior, simular_fpm, Alteracao,
    BasePopulacional, EntradaFpm, Fundo, Mudanca, NovoMunicipio,
};
use divisa_fiscal::icms::{
    calcular_icms, ler_ipm, DestinoIcms, EntradaIcms, MetodoIcms, OrigemIcms, Parte,
    ICMS_PENDENTE_SEM_TABELA,
};
use divisa_fiscal::{texto, ErroFiscal, ErroLeitura, EstudoFiscal, Icms};
use rust_decimal::Decimal;

const NOVA_UBIRATA: u32 = 5106240;

fn d(texto: &str) -> Decimal {
    Decimal::from_str(texto).expect("decimal do teste")
}

fn soma_dos_coeficientes(base: BasePopulacional) -> (usize, u64, Decimal) {
    let lista = municipios_do_interior(base).expect("dados embutidos");
    let populacao = lista.iter().map(|m| u64::from(m.populacao)).sum();
    let soma = lista.iter().map(|m| coeficiente_dl1881(m.populacao)).sum();
    (lista.len(), populacao, soma)
}

#[test]
fn censo_2022_140_municipios_do_interior_3007901_habitantes_soma_146_0() {
    // README fiscal §3: = DN TCU nº 205/2023 exatamente; Σ calculada 146,0 (o TCU, 150,0).
    assert_eq!(
        soma_dos_coeficientes(BasePopulacional::Censo2022),
        (140, 3_007_901, d("146.0"))
    );
}

#[test]
fn estimativa_2025_141_municipios_do_interior_3201784_habitantes_soma_148_8() {
    assert_eq!(
        soma_dos_coeficientes(BasePopulacional::Estimativa2025),
        (141, 3_201_784, d("148.8"))
    );
}

#[test]
fn simulacao_sem_proposta_reparte_o_fundo_inteiro_e_nao_muda_ninguem() {
    let entrada =
        EntradaFpm::da_base(BasePopulacional::Estimativa2025, Fundo::estimado()).expect("entrada");
    let r = simular_fpm(&entrada).expect("simulado");
    assert_eq!(r.soma_antes, d("148.8"));
    assert_eq!(r.soma_antes, r.soma_depois);
    assert_eq!(
        r.municipios.iter().map(|m| m.reais_antes).sum::<Decimal>(),
        d("1815000000")
    );
    assert!(r.municipios.iter().all(|m| m.variacao_reais.is_zero()));
}

#[test]
fn tabela_do_tcu_precisa_cobrir_os_municipios_da_base() {
    let mut entrada =
        EntradaFpm::da_base(BasePopulacional::Censo2022, Fundo::estimado()).expect("entrada");
    // Boa Esperança do Norte (sem Censo 2022) sobra; todos os outros faltam.
    let csv = "codigo_ibge,coeficiente,fonte\n5101837,0.6,DN TCU\n";
    let tabela = ler_coeficientes_tcu(csv.as_bytes(), "coef.csv").expect("lida");
    let erro = entrada
        .aplicar_coeficientes_tcu(&tabela)
        .expect_err("recusada");
    match &erro {
        ErroFiscal::Leitura(ErroLeitura::CoeficientesNaoCorrespondem {
            faltam, sobram, ..
        }) => {
            assert_eq!(faltam.len(), 140);
            assert_eq!(sobram, &["Boa Esperança do Norte (5101837)".to_owned()]);
        }
        outro => panic!("erro inesperado: {outro}"),
    }
    assert!(erro.to_string().starts_with(
        "coef.csv: a tabela de coeficientes não corresponde aos municípios do interior com \
         população em IBGE, Censo 2022 (primeiros resultados); faltam Acorizal (5100102)"
    ));
    assert!(erro.to_string().ends_with(
        " e mais 130; sobram (sem população nessa base) Boa Esperança do Norte (5101837)"
    ));
}

#[test]
fn tabela_do_tcu_completa_vira_o_antes_e_os_inalterados_a_mantem() {
    let mut entrada =
        EntradaFpm::da_base(BasePopulacional::Estimativa2025, Fundo::estimado()).expect("entrada");
    let mut csv = String::from("codigo_ibge,coeficiente,fonte\n");
    for m in &entrada.municipios {
        // Um coeficiente protegido fictício para Nova Ubiratã; os demais, os da tabela do DL.
        let c = if m.codigo_ibge == NOVA_UBIRATA {
            d("0.78")
        } else {
            coeficiente_dl1881(m.populacao)
        };
        csv.push_str(&format!("{},{c},DN TCU nº 210/2024\n", m.codigo_ibge));
    }
    let tabela = ler_coeficientes_tcu(csv.as_bytes(), "coef.csv").expect("lida");
    entrada.aplicar_coeficientes_tcu(&tabela).expect("aplicada");
    let r = simular_fpm(&entrada).expect("simulado");
    assert_eq!(r.soma_antes, d("148.98"));
    let nu = r
        .municipios
        .iter()
        .find(|m| m.codigo_ibge == Some(NOVA_UBIRATA))
        .expect("Nova Ubiratã");
    assert_eq!(
        (nu.coeficiente_antes, nu.coeficiente_depois),
        (d("0.78"), d("0.78"))
    );
    assert!(r.fonte_coeficientes.starts_with("TCU: DN TCU nº 210/2024"));
    assert!(!r.notas.iter().any(|n| n.contains("não estão modelados")));
}

/// Uma tabela de índices que soma 100: Nova Ubiratã 0,920199 e o resto distribuído.
fn ipm_completo() -> Vec<u8> {
    let mt = divisa_referencia::mt().expect("dados");
    let outros: Vec<u32> = mt
        .municipios()
        .iter()
        .map(|m| m.codigo_ibge)
        .filter(|&c| c != NOVA_UBIRATA)
        .collect();
    let mut csv =
        String::from("codigo_ibge,indice,fonte\n5106240,0.920199,Portaria SEFAZ-MT de teste\n");
    let resto = d("100") - d("0.920199");
    let cada = (resto / Decimal::from(outros.len())).round_dp(6);
    let mut distribuido = Decimal::ZERO;
    for (i, codigo) in outros.iter().enumerate() {
        let indice = if i + 1 == outros.len() {
            resto - distribuido
        } else {
            cada
        };
        distribuido += indice;
        csv.push_str(&format!("{codigo},{indice},Portaria SEFAZ-MT de teste\n"));
    }
    csv.into_bytes()
}

/// O exemplo do CONTRACT §4: Vale do Juruena leva 2.760 habitantes de Nova Ubiratã (9.760 →
/// 7.000), pela estimativa 2025.
fn estudo(com_ipm: bool) -> EstudoFiscal {
    let fundo = Fundo::ler("2.500.000.000,00", "valor informado pelo usuário").expect("fundo");
    let mut entrada =
        EntradaFpm::da_base(BasePopulacional::para_o_ano(2027), fundo).expect("entrada");
    entrada.alteracoes.push(Alteracao {
        codigo_ibge: NOVA_UBIRATA,
        mudanca: Mudanca::PopulacaoDepois(7_000),
        estimativa: true,
        fonte: "estimativa pelos setores censitários".to_owned(),
    });
    entrada.novo = Some(NovoMunicipio {
        nome: "Vale do Juruena".to_owned(),
        populacao: 2_760,
        estimativa: true,
        fonte: "estimativa pelos setores censitários".to_owned(),
    });
    let fpm = simular_fpm(&entrada).expect("FPM");
    let icms = if com_ipm {
        let tabela = ler_ipm(&ipm_completo(), "ipm.csv").expect("IPM");
        let entrada = EntradaIcms {
            destino: DestinoIcms::Novo {
                nome: "Vale do Juruena".to_owned(),
            },
            origens: vec![OrigemIcms {
                codigo_ibge: NOVA_UBIRATA,
                populacao: Parte {
                    da_area: d("2760"),
                    do_municipio: d("9760"),
                    fonte: "IBGE, estimativa 2025; setores censitários".to_owned(),
                },
                valor_adicionado: None,
                area_territorial: None,
                outros: Vec::new(),
            }],
            metodo: MetodoIcms::PesosDaLei {
                ano_de_repasse: 2027,
            },
        };
        Icms::Calculado(Box::new(calcular_icms(&tabela, &entrada).expect("ICMS")))
    } else {
        Icms::Pendente(ICMS_PENDENTE_SEM_TABELA.to_owned())
    };
    let evm = avaliar_evm(&EntradaEvm {
        tipo: TipoProposta::Criacao,
        novo: Some(AreaEvm {
            nome: "Vale do Juruena".to_owned(),
            populacao: Some(2_760),
            eleitores: Some(1_300),
            domicilios_nucleo_urbano: Some(240),
            assinaturas: None,
        }),
        remanescentes: vec![RemanescenteEvm {
            codigo_ibge: NOVA_UBIRATA,
            nome: "Nova Ubiratã".to_owned(),
            populacao: Some(7_000),
        }],
    })
    .expect("EVM");
    EstudoFiscal::new(fpm, icms, evm)
}

#[test]
fn json_do_estudo_tem_os_campos_do_contract_4() {
    let json = serde_json::to_value(estudo(true)).expect("json");
    assert_eq!(json["estimativa"], true);
    let fpm = &json["fpm"];
    assert_eq!(fpm["populacao"], "IBGE, estimativa 2025");
    assert_eq!(
        fpm["fonte_coeficientes"],
        "calculados pela tabela do DL 1.881/1981"
    );
    assert_eq!(fpm["fundo_reais"], 2_500_000_000.0);
    assert_eq!(fpm["soma_antes"], 148.8);
    assert_eq!(fpm["soma_depois"], 149.4);
    let municipios = fpm["municipios"].as_array().expect("lista");
    assert_eq!(municipios.len(), 142, "141 do interior e o novo");
    let nu = &municipios[0];
    for campo in [
        "codigo_ibge",
        "nome",
        "novo",
        "populacao_antes",
        "populacao_depois",
        "coeficiente_antes",
        "coeficiente_depois",
        "reais_antes",
        "reais_depois",
        "variacao_reais",
    ] {
        assert!(nu.get(campo).is_some(), "falta {campo}");
    }
    assert_eq!(nu["codigo_ibge"], NOVA_UBIRATA);
    assert_eq!(
        (
            nu["populacao_antes"].as_u64(),
            nu["populacao_depois"].as_u64()
        ),
        (Some(9_760), Some(7_000))
    );
    assert_eq!(nu["coeficiente_antes"], 0.6);
    let novo = &municipios[1];
    assert!(novo["codigo_ibge"].is_null());
    assert_eq!(novo["novo"], true);
    assert_eq!(novo["coeficiente_antes"], 0.0);
    assert_eq!(novo["coeficiente_depois"], 0.6);
    // A soma das variações é zero ao centavo (em centavos inteiros, para não somar f64).
    let centavos: i64 = municipios
        .iter()
        .map(|m| (m["variacao_reais"].as_f64().expect("número") * 100.0).round() as i64)
        .sum();
    assert_eq!(centavos, 0);

    let icms = &json["icms"];
    assert_eq!(icms["fonte_indices"], "Portaria SEFAZ-MT de teste");
    let percentual = &icms["percentuais"][0];
    assert_eq!(percentual["codigo_ibge"], NOVA_UBIRATA);
    // Sem dados além da população, todos os critérios pela população: 2.760/9.760 = 28,2787%.
    assert_eq!(percentual["percentual"], 28.2787);
    let nu_icms = icms["municipios"]
        .as_array()
        .expect("lista")
        .iter()
        .find(|m| m["codigo_ibge"] == NOVA_UBIRATA)
        .expect("Nova Ubiratã");
    assert_eq!(nu_icms["indice_antes"], 0.920199);
    assert!(nu_icms.get("indice_depois").is_some());
    assert!(json["icms_pendente"].is_null());

    let evm = json["evm"].as_array().expect("lista");
    let primeiro = &evm[0];
    for campo in [
        "criterio",
        "exigido",
        "apurado",
        "fonte",
        "municipio",
        "situacao",
    ] {
        assert!(primeiro.get(campo).is_some(), "falta {campo}");
    }
    assert_eq!(primeiro["municipio"], "novo");
    assert_eq!(primeiro["situacao"], "nao_atende");
    assert_eq!(primeiro["apurado"], "2.760 habitantes");
    let remanescente = evm.last().expect("remanescente");
    assert_eq!(remanescente["municipio"], NOVA_UBIRATA);
    assert_eq!(remanescente["situacao"], "atende");
}

#[test]
fn json_sem_tabela_de_indices_tem_icms_null_e_o_motivo() {
    let json = serde_json::to_value(estudo(false)).expect("json");
    assert!(json["icms"].is_null());
    assert!(json["icms_pendente"]
        .as_str()
        .expect("motivo")
        .starts_with("sem a tabela dos índices de participação (IPM) da SEFAZ-MT"));
}

#[test]
fn texto_do_estudo_em_portugues_com_numeros_brasileiros_e_deterministico() {
    let estudo = estudo(true);
    let texto = texto(&estudo);
    assert_eq!(
        texto,
        divisa_fiscal::texto(&estudo),
        "a mesma entrada dá o mesmo texto"
    );
    for trecho in [
        "População: IBGE, estimativa 2025",
        "Fundo do FPM-Interior de Mato Grosso: R$ 2.500.000.000,00 por ano (informado",
        "Soma dos coeficientes: 148,8 antes; 149,4 depois (+0,6)",
        "  Vale do Juruena — novo município\n",
        "    população: 0 → 2.760 habitantes (estimada: estimativa pelos setores censitários)",
        "    ! não recebe FPM até ser instalado (LC nº 91/1997)",
        "  Nova Ubiratã (5106240)\n    população: 9.760 → 7.000 habitantes",
        "Os 10 municípios que mais perdem (fora da proposta)",
        "Soma das variações: R$ 0,00 (soma zero).",
        "método dos maiores restos (Hamilton)",
        "  Nova Ubiratã (5106240): 28,2787% do índice de 0,920199%",
        "valor adicionado: peso 65%, parte da área 28,28% (população, aproximado)",
        "pesos de 2026 (Decreto nº 1.712/2025 e resumos",
        "não há pesos publicados para 2027",
        "não são requisitos legais",
        "  [não atende] população mínima do novo município (Centro-Oeste) — novo município",
        "  [atende] população mínima do município remanescente (Centro-Oeste) — remanescente Nova Ubiratã (5106240)",
        "fonte: PLS 104/2014 = PLP 397/2014 (vetado integralmente, Mensagem nº 250, de 26/08/2014)",
    ] {
        assert!(texto.contains(trecho), "falta {trecho:?} em:\n{texto}");
    }
    // A proposta vem antes da lista dos que mais perdem.
    let novo = texto.find("Vale do Juruena — novo").expect("novo");
    let perdas = texto.find("que mais perdem").expect("perdas");
    assert!(novo < perdas);
    assert!(!texto.contains("NaN") && !texto.contains("e+"));
}

#[test]
fn texto_sem_tabela_de_indices_diz_que_o_icms_esta_pendente() {
    let texto = texto(&estudo(false));
    assert!(texto.contains("Pendente: sem a tabela dos índices de participação (IPM)"));
}

#[test]
fn evm_de_boa_esperanca_do_norte_com_a_estimativa_2025_nao_atende_aos_6000() {
    // README fiscal §4, conferência: BEN, 5.877 habitantes (IBGE 2025).
    let lista = municipios_do_interior(BasePopulacional::Estimativa2025).expect("dados");
    let ben = lista
        .iter()
        .find(|m| m.codigo_ibge == divisa_referencia::mt::BOA_ESPERANCA_DO_NORTE)
        .expect("BEN");
    let criterios = avaliar_evm(&EntradaEvm {
        tipo: TipoProposta::Criacao,
        novo: Some(AreaEvm {
            nome: ben.nome.clone(),
            populacao: Some(ben.populacao),
            ..AreaEvm::default()
        }),
        remanescentes: Vec::new(),
    })
    .expect("EVM");
    assert_eq!(criterios[0].apurado, "5.877 habitantes");
    assert_eq!(criterios[0].situacao, SituacaoEvm::NaoAtende);
}

/// Um gerador determinístico de bytes (LCG), para não depender de sorteio entre execuções.
fn bytes_pseudoaleatorios(semente: u64, tamanho: usize, alfabeto: &[u8]) -> Vec<u8> {
    let mut estado = semente
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..tamanho)
        .map(|_| {
            estado = estado
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            alfabeto[(estado >> 33) as usize % alfabeto.len()]
        })
        .collect()
}

#[test]
fn leitores_de_csv_nao_entram_em_panico_com_entrada_hostil() {
    // Bytes quaisquer e texto "quase CSV" (dígitos, separadores, aspas, sinais, UTF-8 partido),
    // atrás do cabeçalho certo ou não: cada leitura devolve Ok ou um erro, nunca um pânico.
    let quase_csv = b"0123456789510.,;\"\n\r -+eE\xC3\xA7\xFFabc";
    let todos: Vec<u8> = (0..=255).collect();
    for semente in 0..400u64 {
        let alfabeto: &[u8] = if semente % 2 == 0 { quase_csv } else { &todos };
        let corpo = bytes_pseudoaleatorios(semente, (semente as usize * 7) % 600, alfabeto);
        for cabecalho in [
            &b""[..],
            b"codigo_ibge,indice,fonte\n",
            b"codigo_ibge,coeficiente,fonte\n",
        ] {
            let bytes = [cabecalho, &corpo[..]].concat();
            let _ = ler_ipm(&bytes, "hostil.csv");
            let _ = ler_coeficientes_tcu(&bytes, "hostil.csv");
        }
    }
}
