//! As regras da proposta que o serde não sabe: códigos de MT, seções por tipo, números
//! coerentes, o território lido do disco ou dos autos.

use super::*;

mod coerencia;

/// As regras que o serde não sabe: códigos de MT, seções por tipo, números coerentes,
/// arquivos que existem.
pub(super) struct Validador<'a> {
    pub(super) arquivo: &'a str,
    pub(super) texto: &'a str,
    /// De onde vêm os arquivos que a proposta cita.
    pub(super) arquivos: Arquivos<'a>,
    /// O território lido em `area`, guardado para o mapa do relatório.
    pub(super) territorio: std::cell::RefCell<Option<divisa_territorio::leitura::Territorio>>,
    /// Setores importados; `None`: os embutidos.
    pub(super) setores: Option<&'a [divisa_referencia::setores::Setor]>,
}

impl Validador<'_> {
    fn erro(&self, caminho: &[&str], mensagem: impl Into<String>) -> ErroProposta {
        let caminho: Vec<String> = caminho.iter().map(|s| (*s).to_owned()).collect();
        ErroProposta {
            arquivo: self.arquivo.to_owned(),
            linha: linha_do_campo(self.texto, &caminho),
            campo: Some(caminho.join(".")),
            mensagem: mensagem.into(),
        }
    }

    fn municipio(&self, caminho: &[&str], codigo: u32) -> Result<u32, ErroProposta> {
        let mt = divisa_referencia::mt()
            .map_err(|e| self.erro(caminho, format!("dados embutidos: {e}")))?;
        if mt.por_codigo(codigo).is_some() {
            return Ok(codigo);
        }
        let fora = (1_000_000..10_000_000).contains(&codigo) && codigo / 100_000 != 51;
        Err(self.erro(
            caminho,
            if fora {
                format!("o código {codigo} não é de Mato Grosso (códigos de MT começam com 51)")
            } else {
                format!("o código IBGE {codigo} não é de nenhum dos 142 municípios de Mato Grosso (esperava 7 dígitos, como 5107925)")
            },
        ))
    }

    fn nao_negativo(
        &self,
        caminho: &[&str],
        valor: Option<f64>,
    ) -> Result<Option<f64>, ErroProposta> {
        match valor {
            Some(v) if !v.is_finite() || v < 0.0 => Err(self.erro(
                caminho,
                format!("valor {v} inválido: esperava um número maior ou igual a zero"),
            )),
            Some(v) if v > PIB_DO_BRASIL => Err(self.erro(
                caminho,
                format!(
                    "{}: mais que o PIB do Brasil ({}); confira o número (em reais, sem centavos a mais)",
                    divisa_referencia::formato::reais_abreviado(v),
                    divisa_referencia::formato::reais_abreviado(PIB_DO_BRASIL)
                ),
            )),
            outro => Ok(outro),
        }
    }

    /// Uma contagem de pessoas, eleitores, casas ou votos: não passa da população do Brasil
    /// (nenhum território de MT tem mais). Um número fisicamente impossível é recusado, não
    /// avaliado.
    fn contagem(&self, caminho: &[&str], valor: Option<u64>) -> Result<Option<u64>, ErroProposta> {
        match valor {
            Some(v) if v > POPULACAO_DO_BRASIL => Err(self.erro(
                caminho,
                format!(
                    "{v}: fato impossível, mais que a população do Brasil ({} habitantes, Censo 2022)",
                    divisa_referencia::formato::inteiro(POPULACAO_DO_BRASIL as i64)
                ),
            )),
            outro => Ok(outro),
        }
    }

    /// Lê e mede o território de um arquivo relativo à proposta. Um formato ainda não lido
    /// vira área sem medidas (o achado fica pendente e diz por quê); um arquivo que não existe
    /// ou está errado é entrada inválida.
    fn area(
        &self,
        caminho: &[&str],
        relativo: &Option<String>,
        origens: &[u32],
        receptor: Option<u32>,
    ) -> Result<Option<Area>, ErroProposta> {
        // No desmembramento, a origem única é o cedente.
        let cedente = receptor.and(origens.first().copied());
        let Some(relativo) = relativo else {
            return Ok(None);
        };
        let lido = match self.arquivos.em_memoria() {
            Err(diretorio) => self.ler_do_disco(caminho, relativo, diretorio)?,
            Ok(m) => match self.da_memoria(caminho, relativo, m)? {
                Ok(lido) => lido,
                Err(sem_medidas) => return Ok(Some(sem_medidas)),
            },
        };
        match lido {
            Ok(territorio) => {
                let medidas =
                    crate::territorio::medir(&territorio, origens, receptor, cedente, self.setores);
                self.territorio.replace(Some(territorio));
                Ok(Some(Area {
                    arquivo: relativo.clone(),
                    medidas: Some(medidas),
                    sem_medidas: None,
                }))
            }
            // Extensão desconhecida é entrada inválida no campo (saída 2), não pendência.
            Err(erro) => Err(self.erro(caminho, erro.to_string())),
        }
    }

    /// O território de um arquivo em memória (enviado ou dos autos), citado só pelo nome; `Err`
    /// com a área sem medidas quando o arquivo ainda não foi juntado aos autos.
    #[allow(clippy::type_complexity)]
    fn da_memoria(
        &self,
        caminho: &[&str],
        relativo: &str,
        m: &std::collections::BTreeMap<String, Vec<u8>>,
    ) -> Result<
        Result<
            Result<divisa_territorio::leitura::Territorio, divisa_territorio::leitura::ErroLeitura>,
            Area,
        >,
        ErroProposta,
    > {
        let simples = Path::new(relativo)
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
            && Path::new(relativo).components().count() == 1;
        if !simples {
            return Err(self.erro(
                caminho,
                format!("«{relativo}»: dê só o nome do arquivo enviado junto com a proposta (sem pastas nem caminho)"),
            ));
        }
        if !m.contains_key(relativo) {
            // Nos autos, o arquivo que ainda não foi juntado deixa o território sem medidas (os
            // achados que dependem dele ficam pendentes, dizendo o porquê), não a avaliação
            // inteira; o que não veio com a proposta enviada é entrada inválida.
            return match self.arquivos {
                Arquivos::DosAutos(_) => Ok(Err(Area {
                    arquivo: relativo.to_owned(),
                    medidas: None,
                    sem_medidas: Some(format!(
                        "o arquivo «{relativo}» que a proposta cita ainda não está nos autos: junte-o a um ato (o mapa do Art. 15, II, ou a emenda de divisas do Art. 19, § 3º)."
                    )),
                })),
                _ => Err(self.erro(
                    caminho,
                    format!("o arquivo «{relativo}» não foi enviado junto com a proposta"),
                )),
            };
        }
        Ok(Ok(self.ler_dos_autos(caminho, relativo, m)?))
    }

    fn ler_do_disco(
        &self,
        caminho: &[&str],
        relativo: &str,
        diretorio: &Path,
    ) -> Result<
        Result<divisa_territorio::leitura::Territorio, divisa_territorio::leitura::ErroLeitura>,
        ErroProposta,
    > {
        let completo: PathBuf = diretorio.join(relativo);
        if !completo.is_file() {
            return Err(self.erro(
                caminho,
                format!(
                    "o arquivo «{relativo}» não existe (procurado em {})",
                    completo.display()
                ),
            ));
        }
        Ok(if relativo.to_ascii_lowercase().ends_with(".gpkg") {
            crate::gpkg::ler(&completo, relativo)
        } else {
            let bytes = divisa_recursos::ler_com_teto(&completo, divisa_recursos::MAIOR_ARQUIVO)
                .map_err(|e| {
                    self.erro(
                        caminho,
                        format!(
                            "não foi possível ler «{relativo}»: {}",
                            divisa_recursos::motivo_de_leitura(&e)
                        ),
                    )
                })?;
            // Um .shp traz o sistema de coordenadas no .prj ao lado.
            let prj = std::fs::read_to_string(completo.with_extension("prj")).ok();
            divisa_territorio::leitura::ler_com_auxiliar(relativo, &bytes, prj.as_deref())
        })
    }

    /// O território de um arquivo dos autos. O GeoPackage é um banco SQLite: vai a um arquivo
    /// temporário só para ser aberto (o `rusqlite` não abre da memória sem a extensão
    /// `serialize`), e o arquivo é apagado em seguida.
    fn ler_dos_autos(
        &self,
        caminho: &[&str],
        relativo: &str,
        m: &std::collections::BTreeMap<String, Vec<u8>>,
    ) -> Result<
        Result<divisa_territorio::leitura::Territorio, divisa_territorio::leitura::ErroLeitura>,
        ErroProposta,
    > {
        let Some(bytes) = m.get(relativo) else {
            return Err(self.erro(
                caminho,
                format!("o arquivo «{relativo}» não está nos autos: junte-o a um ato (o mapa do Art. 15, II, ou a emenda de divisas do Art. 19, § 3º)"),
            ));
        };
        if relativo.to_ascii_lowercase().ends_with(".gpkg") {
            return Ok(crate::gpkg::ler_bytes(bytes, relativo));
        }
        let prj = Path::new(relativo)
            .with_extension("prj")
            .to_str()
            .and_then(|n| m.get(n))
            .and_then(|b| String::from_utf8(b.clone()).ok());
        Ok(divisa_territorio::leitura::ler_com_auxiliar(
            relativo,
            bytes,
            prj.as_deref(),
        ))
    }

    fn dados(&self, prefixo: &[&str], dados: DadosToml) -> Result<DadosMunicipais, ErroProposta> {
        let caminho = |campo: &'static str| [prefixo, &[campo]].concat();
        let populacao = self.contagem(&caminho("populacao"), dados.populacao)?;
        let eleitores = self.contagem(&caminho("eleitores"), dados.eleitores)?;
        // Mais eleitores que habitantes não é fato impossível (CONTRACT §3): sete municípios de
        // MT têm mais eleitores (TSE 2024) que habitantes (Censo 2022) — Acorizal, 7.049 para
        // 5.014 —, porque o eleitor vota onde tem domicílio eleitoral, não onde o IBGE o conta.
        // O Art. 2º, II, fixa um piso, não um teto: o número é avaliado, e o relatório traz o
        // alerta `eleitores_acima_da_populacao` (divisa_lei::avaliar).
        if populacao == Some(0) {
            return Err(self.erro(
                &caminho("populacao"),
                "fato impossível: população de 0 habitantes",
            ));
        }
        Ok(DadosMunicipais {
            populacao,
            eleitores,
            casas_centro_urbano: self
                .contagem(&caminho("casas_centro_urbano"), dados.casas_centro_urbano)?,
            valor_adicionado: self
                .nao_negativo(&caminho("valor_adicionado"), dados.valor_adicionado)?,
            arrecadacao: self.nao_negativo(&caminho("arrecadacao"), dados.arrecadacao)?,
        })
    }

    pub(super) fn converter(&self, p: PropostaToml) -> Result<Proposta, ErroProposta> {
        let tipo = match p.tipo {
            TipoToml::Criacao => Tipo::Criacao,
            TipoToml::Fusao => Tipo::Fusao,
            TipoToml::Incorporacao => Tipo::Incorporacao,
            TipoToml::Desmembramento => Tipo::Desmembramento,
            TipoToml::Extincao => Tipo::Extincao,
            TipoToml::CriacaoDistrito => Tipo::CriacaoDistrito,
            TipoToml::AlteracaoNome => Tipo::AlteracaoNome,
        };
        self.conferir_secoes(tipo, &p)?;

        let mut fatos = Fatos::vazios(tipo);
        fatos.data_ato = p.data_referencia.map(|d| d.0);
        if let Some(d) = fatos.data_ato {
            let lei = jiff::civil::date(1992, 11, 19);
            if d > divisa_lei::calendario::DATA_MAXIMA || d < lei {
                return Err(self.erro(
                    &["data_referencia"],
                    format!(
                        "{}: a data do ato tem de estar entre {} (a LC 23/1992) e {} (o fim do calendário eleitoral que o divisa projeta)",
                        divisa_referencia::formato::data(d),
                        divisa_referencia::formato::data(lei),
                        divisa_referencia::formato::data(divisa_lei::calendario::DATA_MAXIMA)
                    ),
                ));
            }
        }
        if let Some(novo) = p.novo {
            fatos.novo = Some(self.novo(novo)?);
        }
        for (i, r) in p.remanescente.unwrap_or_default().into_iter().enumerate() {
            let posicao = format!("[{}]", i + 1);
            let caminho = ["remanescente", posicao.as_str(), "codigo_ibge"];
            let codigo = self.municipio(&caminho, r.codigo_ibge)?;
            if !fatos
                .novo
                .as_ref()
                .is_some_and(|n| n.origens.contains(&codigo))
            {
                return Err(self.erro(
                    &caminho,
                    format!("o município {codigo} não está em novo.origens"),
                ));
            }
            let dados = DadosToml {
                populacao: r.populacao,
                eleitores: r.eleitores,
                casas_centro_urbano: r.casas_centro_urbano,
                valor_adicionado: r.valor_adicionado,
                arrecadacao: r.arrecadacao,
            };
            fatos.remanescentes.push(Remanescente {
                codigo_ibge: codigo,
                dados: self.dados(&["remanescente", &posicao], dados)?,
            });
        }
        if let Some(r) = p.referencia {
            fatos.referencia = Referencia {
                media_va_10_menores: self.nao_negativo(
                    &["referencia", "media_va_10_menores"],
                    r.media_va_10_menores,
                )?,
                media_arrecadacao_40_menores: self.nao_negativo(
                    &["referencia", "media_arrecadacao_40_menores"],
                    r.media_arrecadacao_40_menores,
                )?,
            };
        }
        if let Some(d) = p.desmembramento {
            fatos.desmembramento = Some(self.desmembramento(d)?);
        }
        if let Some(r) = p.representacao {
            for (i, documento) in r.documentos.iter().enumerate() {
                if !DOCUMENTOS.contains(&documento.as_str()) {
                    return Err(self.erro(
                        &["representacao", "documentos", &format!("[{}]", i + 1)],
                        format!(
                            "documento «{documento}» desconhecido; os aceitos são: {}",
                            DOCUMENTOS.join(", ")
                        ),
                    ));
                }
            }
            fatos.representacao = Some(Representacao {
                assinaturas: r
                    .assinaturas
                    .into_iter()
                    .map(|a| Assinatura {
                        nome: a.nome,
                        titulo: a.titulo,
                    })
                    .collect(),
                documentos: r.documentos,
                documentos_nos_autos: false,
                declarados_sem_arquivo: Vec::new(),
                assinaturas_sem_lista: None,
            });
        }
        if let Some(pl) = p.plebiscito {
            for (campo, v) in [
                ("eleitores_inscritos", pl.eleitores_inscritos),
                ("votos_sim", pl.votos_sim),
                ("votos_nao", pl.votos_nao),
            ] {
                self.contagem(&["plebiscito", campo], Some(v))?;
            }
            if pl.votos_sim.saturating_add(pl.votos_nao) > pl.eleitores_inscritos {
                return Err(self.erro(
                    &["plebiscito", "votos_sim"],
                    "votos SIM e NÃO somados passam do número de eleitores inscritos",
                ));
            }
            fatos.plebiscito = Some(Plebiscito {
                eleitores_inscritos: pl.eleitores_inscritos,
                votos_sim: pl.votos_sim,
                votos_nao: pl.votos_nao,
            });
        }
        if let Some(i) = p.incorporacao {
            fatos.incorporacao = Some(Incorporacao {
                municipio: self.municipio(&["incorporacao", "municipio"], i.municipio)?,
                receptor: self.municipio(&["incorporacao", "receptor"], i.receptor)?,
            });
        }
        if let Some(e) = p.extincao {
            fatos.extincao = Some(self.extincao(e)?);
        }
        if let Some(d) = p.distrito {
            self.contagem(&["distrito", "habitacoes_sede"], d.habitacoes_sede)?;
            self.contagem(&["distrito", "populacao"], d.populacao)?;
            fatos.distrito = Some(NovoDistrito {
                municipio: self.municipio(&["distrito", "municipio"], d.municipio)?,
                nome: d.nome,
                habitacoes_sede: d.habitacoes_sede,
                populacao: d.populacao,
                nome_homenageia_pessoa_viva: d.nome_homenageia_pessoa_viva,
            });
        }
        if let Some(a) = p.alteracao_nome {
            fatos.alteracao_nome = Some(self.alteracao_nome(a)?);
        }
        self.coerencia(&fatos)?;
        Ok(Proposta {
            data_referencia: fatos.data_ato,
            fatos,
            territorio: self.territorio.take(),
        })
    }

    /// As seções que o tipo usa: qualquer outra presente é erro, para nada ser ignorado, e a
    /// do tipo é obrigatória.
    fn conferir_secoes(&self, tipo: Tipo, p: &PropostaToml) -> Result<(), ErroProposta> {
        // Seções que o tipo usa; qualquer outra presente é erro, para nada ser ignorado.
        let secoes: &[&str] = match tipo {
            Tipo::Criacao => &[
                "novo",
                "remanescente",
                "referencia",
                "representacao",
                "plebiscito",
            ],
            Tipo::Fusao => &["novo", "representacao", "plebiscito"],
            Tipo::Incorporacao => &["incorporacao", "representacao", "plebiscito"],
            Tipo::Desmembramento => &["desmembramento", "representacao", "plebiscito"],
            Tipo::Extincao => &["extincao", "referencia"],
            // Art. 24, § 1º: a consulta prévia à população interessada.
            Tipo::CriacaoDistrito => &["distrito", "plebiscito"],
            Tipo::AlteracaoNome => &["alteracao_nome", "plebiscito"],
        };
        let presentes = [
            ("novo", p.novo.is_some()),
            ("remanescente", p.remanescente.is_some()),
            ("referencia", p.referencia.is_some()),
            ("desmembramento", p.desmembramento.is_some()),
            ("representacao", p.representacao.is_some()),
            ("plebiscito", p.plebiscito.is_some()),
            ("incorporacao", p.incorporacao.is_some()),
            ("extincao", p.extincao.is_some()),
            ("distrito", p.distrito.is_some()),
            ("alteracao_nome", p.alteracao_nome.is_some()),
        ];
        for (secao, presente) in presentes {
            if presente && !secoes.contains(&secao) {
                return Err(self.erro(
                    &[secao],
                    format!(
                        "a seção [{secao}] não se aplica a tipo = \"{}\" (seções aceitas: {})",
                        tipo.codigo(),
                        secoes.join(", ")
                    ),
                ));
            }
        }
        let obrigatoria = match tipo {
            Tipo::Criacao | Tipo::Fusao => ("novo", p.novo.is_some()),
            Tipo::Incorporacao => ("incorporacao", p.incorporacao.is_some()),
            Tipo::Desmembramento => ("desmembramento", p.desmembramento.is_some()),
            Tipo::Extincao => ("extincao", p.extincao.is_some()),
            Tipo::CriacaoDistrito => ("distrito", p.distrito.is_some()),
            Tipo::AlteracaoNome => ("alteracao_nome", p.alteracao_nome.is_some()),
        };
        if !obrigatoria.1 {
            return Err(ErroProposta {
                arquivo: self.arquivo.to_owned(),
                linha: None,
                campo: Some(obrigatoria.0.to_owned()),
                mensagem: format!(
                    "tipo = \"{}\" exige a seção [{}]",
                    tipo.codigo(),
                    obrigatoria.0
                ),
            });
        }
        Ok(())
    }

    /// O novo município (`[novo]`): as origens (sem repetir), a sede dentro de Mato Grosso, os
    /// números e o território.
    fn novo(&self, novo: NovoToml) -> Result<NovoMunicipio, ErroProposta> {
        if novo.origens.is_empty() {
            return Err(self.erro(&["novo"], "falta novo.origens: o novo município resulta do desmembramento de um ou mais municípios (Art. 1º, § 3º)"));
        }
        let mut origens = Vec::with_capacity(novo.origens.len());
        for (i, &codigo) in novo.origens.iter().enumerate() {
            let posicao = format!("[{}]", i + 1);
            let codigo = self.municipio(&["novo", "origens", &posicao], codigo)?;
            if origens.contains(&codigo) {
                return Err(self.erro(
                    &["novo", "origens", &posicao],
                    format!("o município {codigo} aparece duas vezes"),
                ));
            }
            origens.push(codigo);
        }
        if let Some([lon, lat]) = novo.sede_coordenadas {
            if !(-62.0..=-50.0).contains(&lon) || !(-18.5..=-7.0).contains(&lat) {
                let trocadas = (-62.0..=-50.0).contains(&lat) && (-18.5..=-7.0).contains(&lon);
                return Err(self.erro(
                    &["novo", "sede_coordenadas"],
                    if trocadas {
                        format!("[{lon}, {lat}] parece ter latitude e longitude trocadas: a ordem é [lon, lat]")
                    } else {
                        format!("[{lon}, {lat}] está fora de Mato Grosso: esperava [lon, lat] em graus SIRGAS 2000")
                    },
                ));
            }
        }
        let dados = self.dados(&["novo", "dados"], novo.dados.unwrap_or_default())?;
        Ok(NovoMunicipio {
            nome: novo.nome,
            sede: novo.sede,
            sede_coordenadas: novo.sede_coordenadas,
            area: self.area(&["novo", "area"], &novo.area, &origens, None)?,
            origens,
            nome_homenageia_pessoa_viva: novo.nome_homenageia_pessoa_viva,
            dados,
            certidoes: None,
        })
    }

    /// O desmembramento (`[desmembramento]`, Art. 8º): cedente, receptor, a área (arquivo ou
    /// km²) e as áreas desmembradas antes.
    fn desmembramento(&self, d: DesmembramentoToml) -> Result<Desmembramento, ErroProposta> {
        let cedente = self.municipio(&["desmembramento", "cedente"], d.cedente)?;
        let receptor = self.municipio(&["desmembramento", "receptor"], d.receptor)?;
        if d.area.is_none() && d.area_km2.is_none() {
            return Err(self.erro(
                &["desmembramento"],
                "informe area (arquivo do território) ou area_km2",
            ));
        }
        let mut anteriores = Vec::with_capacity(d.areas_anteriores_km2.len());
        for (i, &a) in d.areas_anteriores_km2.iter().enumerate() {
            anteriores.push(
                self.nao_negativo(
                    &[
                        "desmembramento",
                        "areas_anteriores_km2",
                        &format!("[{}]", i + 1),
                    ],
                    Some(a),
                )?
                .unwrap_or(0.0),
            );
        }
        Ok(Desmembramento {
            cedente,
            receptor,
            area: self.area(
                &["desmembramento", "area"],
                &d.area,
                &[cedente],
                Some(receptor),
            )?,
            area_km2: self.nao_negativo(&["desmembramento", "area_km2"], d.area_km2)?,
            area_cedente_km2: self
                .nao_negativo(&["desmembramento", "area_cedente_km2"], d.area_cedente_km2)?,
            areas_anteriores_km2: anteriores,
        })
    }

    /// A extinção (`[extincao]`, Art. 10): o motivo, os requerentes e para onde vai o território
    /// (o município de origem nos incisos I e II, o contíguo indicado no III).
    fn extincao(&self, e: ExtincaoToml) -> Result<Extincao, ErroProposta> {
        self.contagem(&["extincao", "requerentes"], e.requerentes)?;
        self.contagem(&["extincao", "eleitores_inscritos"], e.eleitores_inscritos)?;
        if let (Some(r), Some(i)) = (e.requerentes, e.eleitores_inscritos) {
            if r > i {
                return Err(self.erro(
                    &["extincao", "requerentes"],
                    format!("{r} requerentes é mais que os {i} eleitores inscritos"),
                ));
            }
        }
        Ok(Extincao {
            municipio: self.municipio(&["extincao", "municipio"], e.municipio)?,
            motivo: match e.motivo {
                MotivoToml::PerdaRequisitos => MotivoExtincao::PerdaRequisitos,
                MotivoToml::InundacaoDestruicao => MotivoExtincao::InundacaoDestruicao,
                MotivoToml::RequerimentoEleitores => MotivoExtincao::RequerimentoEleitores,
            },
            requerentes: e.requerentes,
            eleitores_inscritos: e.eleitores_inscritos,
            municipio_contiguo: match e.municipio_contiguo {
                None => None,
                Some(_) if !matches!(e.motivo, MotivoToml::RequerimentoEleitores) => {
                    return Err(self.erro(
                        &["extincao", "municipio_contiguo"],
                        "o município contíguo é indicado pelos requerentes só na extinção a requerimento dos eleitores (Art. 10, III e § 2º); nos incisos I e II o território volta ao município de origem (§ 1º)",
                    ))
                }
                Some(c) => {
                    let c = self.municipio(&["extincao", "municipio_contiguo"], c)?;
                    if c == e.municipio {
                        return Err(self.erro(
                            &["extincao", "municipio_contiguo"],
                            "o município contíguo indicado é o próprio município a extinguir",
                        ));
                    }
                    Some(c)
                }
            },
            municipio_de_origem: match e.municipio_de_origem {
                None => None,
                Some(_) if matches!(e.motivo, MotivoToml::RequerimentoEleitores) => {
                    return Err(self.erro(
                        &["extincao", "municipio_de_origem"],
                        "na extinção a requerimento dos eleitores o território vai ao município contíguo que eles indicam (Art. 10, § 2º: municipio_contiguo), não ao de origem (§ 1º, incisos I e II)",
                    ))
                }
                Some(c) => {
                    let c = self.municipio(&["extincao", "municipio_de_origem"], c)?;
                    if c == e.municipio {
                        return Err(self.erro(
                            &["extincao", "municipio_de_origem"],
                            "o município de origem indicado é o próprio município a extinguir",
                        ));
                    }
                    Some(c)
                }
            },
        })
    }

    /// A alteração de nome (`[alteracao_nome]`, Art. 6º, § 2º): a Câmara e a sua votação.
    fn alteracao_nome(&self, a: AlteracaoNomeToml) -> Result<AlteracaoNome, ErroProposta> {
        // CF, art. 29, IV: a Câmara tem de 9 a 55 vereadores.
        if let Some(m) = a.membros_camara.filter(|m| !(9..=55).contains(m)) {
            return Err(self.erro(
                &["alteracao_nome", "membros_camara"],
                format!(
                    "{m} membros: a Câmara Municipal tem de 9 a 55 vereadores (CF, art. 29, IV)"
                ),
            ));
        }
        if let (Some(m), Some(v)) = (a.membros_camara, a.votos_favoraveis) {
            if v > m {
                return Err(self.erro(
                    &["alteracao_nome", "votos_favoraveis"],
                    format!("{v} votos favoráveis é mais que os {m} membros da Câmara"),
                ));
            }
        }
        Ok(AlteracaoNome {
            municipio: self.municipio(&["alteracao_nome", "municipio"], a.municipio)?,
            nome_novo: a.nome_novo,
            membros_camara: a.membros_camara,
            votos_favoraveis: a.votos_favoraveis,
            representacao_do_prefeito: a.representacao_do_prefeito,
            plebiscito_fiscalizado_pelos_diretorios: a.plebiscito_fiscalizado_pelos_diretorios,
            nome_homenageia_pessoa_viva: a.nome_homenageia_pessoa_viva,
        })
    }
}
