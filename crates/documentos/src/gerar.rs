//! Os documentos escritos do caso: a proposta lida, a avaliação da lei na data e, quando há, o
//! processo (protocolo). Cada número vem dos fatos ou da avaliação; cada artigo citado entra nas
//! referências com a sua URN LexML.

use divisa_avaliacao::Proposta;
use divisa_lei::{Avaliacao, Situacao, Tipo as TipoLei};
use divisa_processo::Orgao;
use divisa_referencia::formato::data_por_extenso;
use divisa_referencia::formato::{data as fmt_data, inteiro, km2};
use jiff::civil::Date;

use crate::{Bloco, Camada, Documento, Sede, TipoDeDocumento};

mod autos;
mod cabimento;
mod decreto;
mod divisas;
mod estudo_fiscal;
mod momento;
mod oficios;
mod pareceres;
mod projeto_de_lei;
pub use autos::autos_do_processo;
pub use cabimento::{cabimento, cabiveis, orgaos_do_oficio};
pub use decreto::decreto_legislativo;
pub use estudo_fiscal::estudo_fiscal;
pub use momento::{a_partir_de, momento};
pub use oficios::{oficios, orgaos_oficiados};
pub use pareceres::{parecer_de_merito, parecer_do_resultado, parecer_preliminar};
pub use projeto_de_lei::projeto_de_lei;

/// O caso de que os documentos são escritos.
pub struct Caso<'a> {
    /// A proposta lida (CONTRACT §2).
    pub proposta: &'a Proposta,
    /// A avaliação da lei na data.
    pub avaliacao: &'a Avaliacao,
    /// O NUP do processo, quando protocolado.
    pub protocolo: Option<&'a str>,
    /// A data do documento.
    pub data: Date,
    /// Os autos, quando o documento é de um processo gravado: os números dos ofícios, as
    /// datas de recebimento, os votos e as pessoas saem deles.
    pub autos: Option<Autos<'a>>,
    /// O estudo fiscal da proposta (issue 28), quando feito: o percentual do Art. 7º, V, no
    /// projeto de lei, e o anexo do estudo.
    pub fiscal: Option<&'a divisa_fiscal::EstudoFiscal>,
}

/// Os autos de um processo, para os documentos.
#[derive(Clone, Copy)]
pub struct Autos<'a> {
    /// O processo (o estado deduzido dos eventos).
    pub processo: &'a divisa_processo::Processo,
    /// Os eventos, em ordem.
    pub eventos: &'a [divisa_processo::Evento],
    /// Quem é quem: o identificador de cada conta e o nome com o cargo ("Ana Maria Souza,
    /// Presidente da Comissão"). Documentos nunca mostram identificadores de conta.
    pub pessoas: &'a std::collections::BTreeMap<String, String>,
}

impl Autos<'_> {
    /// A pessoa que praticou um ato, por nome e cargo; sem a conta cadastrada, só o cargo.
    pub fn pessoa(&self, ator: &divisa_processo::Ator) -> String {
        ator.nome_e_cargo(self.pessoas)
    }
}

fn p(texto: impl Into<String>) -> Bloco {
    Bloco::Paragrafo {
        texto: texto.into(),
    }
}
fn secao(texto: impl Into<String>) -> Bloco {
    Bloco::Secao {
        texto: texto.into(),
    }
}
fn recuado(texto: impl Into<String>) -> Bloco {
    Bloco::Recuado {
        texto: texto.into(),
    }
}
fn centro(texto: impl Into<String>, negrito: bool) -> Bloco {
    Bloco::Centro {
        texto: texto.into(),
        negrito,
    }
}

fn nome_municipio(codigo: u32) -> String {
    divisa_referencia::mt()
        .ok()
        .and_then(|m| m.por_codigo(codigo))
        .map_or(codigo.to_string(), |m| m.nome.clone())
}

impl Caso<'_> {
    fn nome(&self) -> String {
        let f = &self.proposta.fatos;
        f.novo
            .as_ref()
            .and_then(|n| n.nome.clone())
            .or_else(|| {
                f.desmembramento
                    .as_ref()
                    .map(|d| format!("área de {}", nome_municipio(d.cedente)))
            })
            .or_else(|| {
                f.incorporacao.as_ref().map(|i| {
                    format!(
                        "{} a {}",
                        nome_municipio(i.municipio),
                        nome_municipio(i.receptor)
                    )
                })
            })
            .or_else(|| f.extincao.as_ref().map(|e| nome_municipio(e.municipio)))
            .or_else(|| {
                f.alteracao_nome
                    .as_ref()
                    .map(|a| nome_municipio(a.municipio))
            })
            .or_else(|| f.distrito.as_ref().map(|d| d.nome.clone()))
            .unwrap_or_else(|| "(nome a definir)".into())
    }

    fn origens(&self) -> Vec<String> {
        let f = &self.proposta.fatos;
        let mut v: Vec<u32> = f
            .novo
            .as_ref()
            .map(|n| n.origens.clone())
            .unwrap_or_default();
        if let Some(d) = &f.desmembramento {
            v.push(d.cedente);
        }
        if let Some(i) = &f.incorporacao {
            v.push(i.municipio);
        }
        if let Some(e) = &f.extincao {
            v.push(e.municipio);
        }
        if let Some(a) = &f.alteracao_nome {
            v.push(a.municipio);
        }
        v.into_iter().map(nome_municipio).collect()
    }

    fn objeto(&self) -> String {
        let origens = projeto_de_lei::lista_de_nomes(&self.origens());
        match self.proposta.fatos.tipo {
            TipoLei::Criacao => format!(
                "criação do Município de {}, desmembrado de {origens}",
                self.nome()
            ),
            TipoLei::Desmembramento => format!("desmembramento de área do Município de {origens}"),
            TipoLei::Fusao => format!("fusão dos Municípios de {origens}"),
            TipoLei::Incorporacao => match &self.proposta.fatos.incorporacao {
                Some(i) => format!(
                    "incorporação do Município de {} ao Município de {}",
                    nome_municipio(i.municipio),
                    nome_municipio(i.receptor)
                ),
                None => "incorporação de município".to_owned(),
            },
            TipoLei::Extincao => format!("extinção do Município de {origens}"),
            TipoLei::AlteracaoNome => match &self.proposta.fatos.alteracao_nome {
                Some(a) => format!(
                    "alteração do nome do Município de {origens} para {}",
                    a.nome_novo
                ),
                None => "alteração de nome de município".to_owned(),
            },
            TipoLei::CriacaoDistrito => match &self.proposta.fatos.distrito {
                Some(d) => format!(
                    "criação do Distrito de {} no Município de {}",
                    d.nome,
                    nome_municipio(d.municipio)
                ),
                None => "criação de distrito".to_owned(),
            },
        }
    }

    /// O objeto com o artigo: "a criação…", "o desmembramento…".
    pub fn o_objeto(&self) -> String {
        let objeto = self.objeto();
        if objeto.starts_with("desmembramento") {
            format!("o {objeto}")
        } else {
            format!("a {objeto}")
        }
    }

    fn documento(
        &self,
        tipo: TipoDeDocumento,
        titulo: String,
        blocos: Vec<Bloco>,
        citados: &[&str],
    ) -> Documento {
        documento(tipo, titulo, blocos, citados, self.protocolo, self.data)
    }

    /// "PROJETO DE LEI Nº 123/2027" com o número dado na apresentação (dos autos); antes dela,
    /// "Nº ___/AAAA", como nas minutas da Casa.
    fn numero_do_projeto(&self, especie: &str) -> String {
        let decreto = especie.contains("DECRETO");
        let numero = self.autos.and_then(|a| {
            a.eventos.iter().rev().find_map(|e| match &e.ato {
                divisa_processo::Ato::ApresentarProjetoDecreto { numero } if decreto => {
                    Some(numero.clone())
                }
                divisa_processo::Ato::ApresentarProjetoDeLei { numero, .. } if !decreto => {
                    Some(numero.clone())
                }
                _ => None,
            })
        });
        match numero {
            Some(n) => format!("{especie} Nº {n}"),
            None => format!("{especie} Nº ___/{}", self.data.year()),
        }
    }

    /// A epígrafe do projeto de lei (LC nº 95/1998, art. 4º), que é o título do documento: com o
    /// número dado na apresentação (dos autos), "PROJETO DE LEI Nº 123/2027"; antes dela, com o
    /// número e a data em branco, como nas minutas da Casa.
    fn epigrafe_do_projeto(&self) -> String {
        self.epigrafe("PROJETO DE LEI")
    }

    /// A epígrafe de um projeto da espécie dada (LC nº 95/1998, art. 4º): o número dos autos ou,
    /// antes da apresentação, "Nº ___, DE ___ DE __________ DE AAAA", como nas minutas da Casa.
    fn epigrafe(&self, especie: &str) -> String {
        let numero = self.numero_do_projeto(especie);
        if numero.contains("___") {
            format!(
                "{especie} Nº ___, DE ___ DE __________ DE {}",
                self.data.year()
            )
        } else {
            numero
        }
    }

    fn local_e_data(&self) -> Bloco {
        p(format!("Cuiabá, {}.", data_por_extenso(self.data)))
    }

    fn assinatura(&self, quem: &str) -> Vec<Bloco> {
        vec![
            centro("_______________________________________", false),
            centro(quem, true),
        ]
    }

    /// O mapa: os municípios em destaque com o papel de cada um no tipo de processo (Malha
    /// 2022), a área ou o território do novo município quando a proposta o traz, as sedes (a
    /// proposta marcada como tal) e, de contexto, os vizinhos que aparecem no recorte.
    ///
    /// Quem é quem vem de `divisa_avaliacao::mapa`, o mesmo do mapa do relatório. O mapa vai
    /// inteiro no conteúdo canônico do documento (e no PDF): os polígonos de destaque são
    /// simplificados a 0,002° (uns 200 m, abaixo do traço do desenho na página), e os vizinhos
    /// são recortados ao retângulo que o desenho pode mostrar e simplificados na resolução dele.
    fn mapa(&self) -> Option<Bloco> {
        use divisa_avaliacao::mapa::{municipios_em_destaque, papel_do_territorio, sede_proposta};
        use geo::Simplify;
        let fatos = &self.proposta.fatos;
        let mt = divisa_referencia::mt().ok()?;
        let destaque = municipios_em_destaque(fatos);
        let sede_municipal = |codigo: u32| {
            let m = mt.por_codigo(codigo)?;
            let p = m.sede.as_ref()?;
            Some(Sede {
                nome: m.nome.clone(),
                ponto: [p.lon, p.lat],
                proposta: false,
            })
        };
        let mut camadas = Vec::new();
        for (codigo, papel) in &destaque {
            if let Ok(Some(mp)) = divisa_referencia::malha::poligono(*codigo) {
                camadas.push(Camada {
                    rotulo: mt
                        .por_codigo(*codigo)
                        .map_or(codigo.to_string(), |m| m.nome.clone()),
                    papel: papel.codigo().into(),
                    poligonos: coordenadas(&mp.simplify(0.002), 1e6),
                    sede: sede_municipal(*codigo),
                });
            }
        }
        let papel_da_area = papel_do_territorio(fatos.tipo);
        let sede = sede_proposta(fatos).map(|(nome, ponto)| Sede {
            nome,
            ponto,
            proposta: true,
        });
        match &self.proposta.territorio {
            Some(t) => camadas.push(Camada {
                rotulo: self.nome(),
                papel: papel_da_area.codigo().into(),
                poligonos: coordenadas(&t.poligonos, 1e6),
                sede: sede.filter(|_| papel_da_area == crate::PapelNoMapa::Novo),
            }),
            // Sem o território em arquivo, a sede proposta ainda se marca (sem polígono).
            None => {
                if let Some(sede) = sede {
                    camadas.push(Camada {
                        rotulo: self.nome(),
                        papel: crate::PapelNoMapa::Novo.codigo().into(),
                        poligonos: Vec::new(),
                        sede: Some(sede),
                    });
                }
            }
        }
        if camadas.iter().all(|c| c.poligonos.is_empty()) {
            return None;
        }
        if let (Some(caixa), Ok(malha)) = (
            crate::mapa::caixa_de_contexto(&camadas),
            divisa_referencia::malha::carregar(),
        ) {
            // Um pixel do desenho (676 px de moldura) vale cerca de lado/800 graus.
            let tolerancia = ((caixa[2] - caixa[0]).max(caixa[3] - caixa[1]) / 1200.0).max(0.002);
            let retangulo = geo::Rect::new(
                geo::coord! { x: caixa[0], y: caixa[1] },
                geo::coord! { x: caixa[2], y: caixa[3] },
            );
            for (entrada, mp) in &malha {
                if destaque.iter().any(|(c, _)| *c == entrada.codigo) {
                    continue;
                }
                if !geo::Intersects::intersects(mp, &retangulo) {
                    continue;
                }
                let poligonos: Vec<Vec<Vec<[f64; 2]>>> = coordenadas(&mp.simplify(tolerancia), 1e4)
                    .into_iter()
                    .filter_map(|aneis| {
                        let aneis: Vec<Vec<[f64; 2]>> = aneis
                            .iter()
                            .map(|a| crate::mapa::recortar(a, caixa))
                            .collect();
                        (!aneis.first()?.is_empty())
                            .then(|| aneis.into_iter().filter(|a| !a.is_empty()).collect())
                    })
                    .collect();
                if !poligonos.is_empty() {
                    camadas.push(Camada {
                        rotulo: mt
                            .por_codigo(entrada.codigo)
                            .map_or(entrada.nome_malha_2022.to_owned(), |m| m.nome.clone()),
                        papel: crate::PapelNoMapa::Vizinho.codigo().into(),
                        poligonos,
                        sede: None,
                    });
                }
            }
        }
        let area = if self.proposta.territorio.is_some() {
            " Área: arquivo da proposta."
        } else {
            ""
        };
        let sede_da_proposta = if camadas
            .iter()
            .any(|c| c.sede.as_ref().is_some_and(|s| s.proposta))
        {
            " Sede proposta: a localidade indicada na proposta."
        } else {
            ""
        };
        Some(Bloco::Mapa {
            camadas,
            legenda: format!(
                "Fonte: IBGE, Malha Municipal 2022 (limites) e Base de Localidades 2022 (sedes municipais); SIRGAS 2000.{area}{sede_da_proposta}"
            ),
        })
    }

    /// Os achados que se aplicam, só dos dispositivos cuja citação começa por um dos `prefixos`.
    fn tabela_dos_artigos(&self, prefixos: &[&str]) -> Bloco {
        let mut tabela = self.tabela_de_achados(|s| s != Situacao::NaoSeAplica);
        if let Bloco::Tabela { linhas, .. } = &mut tabela {
            linhas.retain(|l| {
                let citacao = l.first().map(String::as_str).unwrap_or("");
                prefixos.iter().any(|p| citacao.starts_with(p))
            });
        }
        tabela
    }

    fn tabela_de_achados(&self, filtro: impl Fn(Situacao) -> bool) -> Bloco {
        tabela_de_achados(self.avaliacao, origem_certificada(self.autos), filtro)
    }

    /// Os achados como o documento pode afirmá-los ([`achados_do_documento`]).
    fn achados(&self) -> Vec<(divisa_lei::Achado, String)> {
        achados_do_documento(self.avaliacao, origem_certificada(self.autos))
    }
}

/// Um documento com as referências (URN LexML) dos dispositivos citados.
fn documento(
    tipo: TipoDeDocumento,
    titulo: String,
    blocos: Vec<Bloco>,
    citados: &[&str],
    protocolo: Option<&str>,
    data: Date,
) -> Documento {
    let lei = divisa_lei::texto::lei().ok();
    let referencias = citados
        .iter()
        .filter_map(|id| {
            let l = lei?;
            let d = l.dispositivo(id)?;
            Some((
                format!("LC nº 23/1992, {}", d.rotulo),
                format!("{}!{}", l.urn, d.id),
            ))
        })
        .collect();
    Documento {
        tipo,
        titulo,
        protocolo: protocolo.map(String::from),
        data: data.to_string(),
        blocos,
        referencias,
    }
}

/// Se os autos têm as certidões de todos os órgãos oficiados (Art. 2º, § 3º), que certificam
/// também os números do município de origem depois da divisão (Art. 2º, § 1º).
fn origem_certificada(autos: Option<Autos<'_>>) -> bool {
    autos.is_some_and(|a| {
        let certidoes = a.processo.certidoes();
        let oficiadas: Vec<_> = certidoes
            .iter()
            .filter(|(o, _)| *o != Orgao::Comissao)
            .collect();
        !oficiadas.is_empty()
            && oficiadas
                .iter()
                .all(|(_, r)| matches!(r.resposta, Some(divisa_processo::Resposta::Emitida { .. })))
    })
}

/// Os números que um órgão certifica (Art. 2º, § 2º): os incisos I a V do novo município e,
/// pelo § 1º, os do município de origem depois da divisão.
const NUMEROS_CERTIFICADOS: [&str; 6] = [
    "art2_cpt_inc1",
    "art2_cpt_inc2",
    "art2_cpt_inc3",
    "art2_cpt_inc4",
    "art2_cpt_inc5",
    "art2_par1",
];

/// O que um documento pode afirmar de um achado (issue 33): o achado, com a situação que o
/// documento diz, e a coluna «Certifica».
///
/// Leitura adotada: um documento oficial só diz «atende» a um requisito do Art. 2º, I a V (e ao
/// § 1º, a origem que conserva os requisitos), quando o número se apoia na certidão do órgão que
/// o § 2º nomeia. O número declarado na proposta, ou estimado dos dados embutidos (o IBGE, e o
/// VA de 2019 que substitui o VA fiscal), é uma prévia: o documento diz «pendente» e «a
/// certificar pelo …». A média do inciso V é a que a Comissão apura após a verificação in loco,
/// não a que a proposta informa; a do inciso IV, a que o Órgão Fazendário certifica. A avaliação
/// da lei (o relatório) continua a mostrar a prévia como tal, com a origem de cada número: é o
/// documento que não a dá por certificada.
///
/// Nos autos, a certidão do número cobre a comparação que o ofício pede ao órgão («comparado
/// com a média dos 10 municípios…»; a apuração in loco da Comissão, a do inciso V); o § 1º, a
/// origem depois da divisão, se certifica com as certidões de todos os órgãos oficiados, a quem
/// o ofício pede também os números do remanescente (`origem_certificada`).
pub(crate) fn achados_do_documento(
    a: &Avaliacao,
    origem_certificada: bool,
) -> Vec<(divisa_lei::Achado, String)> {
    a.achados
        .iter()
        .map(|x| {
            let mut x = x.clone();
            let orgao = x.orgao.unwrap_or("—");
            if !NUMEROS_CERTIFICADOS.contains(&x.dispositivo.as_str()) {
                return (x, orgao.to_owned());
            }
            let certificado = if x.dispositivo == "art2_par1" {
                origem_certificada
            } else {
                x.apurado.contains("certidão nº")
            };
            if certificado {
                return (x, orgao.to_owned());
            }
            let a_certificar = if x.dispositivo == "art2_cpt_inc5" {
                "a apurar pela Comissão de Revisão Territorial, após verificação in loco (Art. 2º, § 2º)".to_owned()
            } else if x.dispositivo == "art2_par1" {
                // o que resta à origem se certifica com os números de cada órgão oficiado
                "a certificar pelos órgãos do Art. 2º, § 2º, com os números do remanescente".to_owned()
            } else {
                format!("a certificar pelo {orgao} (Art. 2º, § 2º)")
            };
            if x.situacao == Situacao::Atende {
                x.situacao = Situacao::Pendente;
                x.mensagem = format!(
                    "O número é prévia, sem certidão: {a_certificar}. {}",
                    x.mensagem
                );
            }
            (x, a_certificar)
        })
        .collect()
}

/// A tabela dos achados da avaliação que passam pelo filtro, como um documento pode afirmá-los
/// ([`achados_do_documento`]).
fn tabela_de_achados(
    a: &Avaliacao,
    origem_certificada: bool,
    filtro: impl Fn(Situacao) -> bool,
) -> Bloco {
    tabela_de(
        achados_do_documento(a, origem_certificada)
            .into_iter()
            .filter(|(x, _)| filtro(x.situacao))
            .collect(),
    )
}

/// A tabela de achados já escolhidos (dispositivo, situação, exigido, apurado, quem certifica).
fn tabela_de(linhas: Vec<(divisa_lei::Achado, String)>) -> Bloco {
    Bloco::Tabela {
        colunas: vec![
            "Dispositivo".into(),
            "Situação".into(),
            "Exigido".into(),
            "Apurado".into(),
            "Certifica".into(),
        ],
        larguras: vec![1.2, 1.0, 2.2, 2.2, 1.4],
        linhas: linhas
            .into_iter()
            .map(|(x, certifica)| {
                vec![
                    x.citacao,
                    x.situacao.rotulo().to_string(),
                    x.exigido,
                    x.apurado,
                    certifica,
                ]
            })
            .collect(),
    }
}

/// Os anéis de um multipolígono como listas de [lon, lat], arredondados a `1/por` grau (1e6:
/// a precisão da malha; 1e4, uns 11 m, para o que só aparece de contexto).
fn coordenadas(mp: &geo::MultiPolygon<f64>, por: f64) -> Vec<Vec<Vec<[f64; 2]>>> {
    let r = |v: f64| (v * por).round() / por;
    mp.0.iter()
        .map(|pol| {
            std::iter::once(pol.exterior())
                .chain(pol.interiors())
                .map(|anel| anel.0.iter().map(|c| [r(c.x), r(c.y)]).collect())
                .collect()
        })
        .collect()
}

/// O documento do tipo pedido, escrito dos autos (a página do processo e `divisa documento
/// TIPO --protocolo` chamam esta função). Os ofícios vão aos órgãos de que o tipo de processo
/// requisita certidões; a Comissão não se oficia.
pub fn dos_autos(
    tipo: TipoDeDocumento,
    caso: &Caso<'_>,
) -> Result<Documento, crate::ErroDocumento> {
    let Some(autos) = caso.autos else {
        return Err(crate::ErroDocumento::NaoCabe(
            "este documento é escrito dos autos de um processo".into(),
        ));
    };
    cabimento(tipo, &caso.proposta.fatos)?;
    momento(tipo, autos.processo, autos.eventos, caso.data)?;
    match tipo {
        TipoDeDocumento::Oficio => match orgaos_oficiados(autos.processo).as_slice() {
            [o] => Ok(oficios(caso, &[*o])),
            varios => Err(crate::ErroDocumento::Falta(format!(
                "cada órgão recebe o seu ofício, com número e código de verificação próprios: diga a qual órgão ({})",
                varios
                    .iter()
                    .map(|o| o.nome())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        },
        TipoDeDocumento::Parecer => Ok(parecer_de_merito(caso)),
        TipoDeDocumento::DecretoLegislativo => decreto_legislativo(caso),
        TipoDeDocumento::ProjetoDeLei => projeto_de_lei(caso),
        TipoDeDocumento::RelatorioTecnico => relatorio_tecnico(caso),
        TipoDeDocumento::ParecerPreliminar => parecer_preliminar(caso, autos.processo, autos.eventos),
        TipoDeDocumento::ParecerResultado => parecer_do_resultado(caso, autos.processo),
        TipoDeDocumento::Autos => Ok(autos_do_processo(
            autos,
            Some(caso.avaliacao),
            caso.data,
            false,
        )),
        TipoDeDocumento::EstudoFiscal => estudo_fiscal(caso),
    }
}

/// O memorial descritivo em tabela: vértices em coordenadas geográficas e UTM, azimutes,
/// distâncias e confrontantes (Art. 5º).
fn tabela_do_memorial(m: &divisa_territorio::memorial::Memorial) -> Vec<Bloco> {
    let mut blocos = Vec::new();
    let casas = divisas::casas_dos_segundos(m);
    blocos.push(p(format!(
            "Coordenadas geográficas e UTM (zona {}S), SIRGAS 2000; azimutes e distâncias geodésicos (elipsoide GRS80).",
            m.zona
        )));
    let mut linhas = Vec::new();
    for anel in &m.aneis {
        for lado in &anel.lados {
            let v = &anel.vertices[lado.de];
            let ate = &anel.vertices[lado.ate];
            linhas.push(vec![
                v.codigo.clone(),
                divisa_referencia::formato::gms_com_casas(
                    v.lat,
                    divisa_referencia::formato::Eixo::Latitude,
                    casas,
                ),
                divisa_referencia::formato::gms_com_casas(
                    v.lon,
                    divisa_referencia::formato::Eixo::Longitude,
                    casas,
                ),
                format!(
                    "N {} / E {}",
                    divisa_referencia::formato::decimal(v.utm.norte_m, 2),
                    divisa_referencia::formato::decimal(v.utm.leste_m, 2)
                ),
                divisa_referencia::formato::azimute_gms(lado.azimute_graus),
                format!(
                    "{} m",
                    divisa_referencia::formato::decimal(lado.distancia_m, 2)
                ),
                format!(
                    "{} → {}",
                    lado.confrontante.clone().unwrap_or_else(|| "—".into()),
                    ate.codigo
                ),
            ]);
        }
    }
    blocos.push(Bloco::Tabela {
        colunas: vec![
            "Vértice".into(),
            "Latitude".into(),
            "Longitude".into(),
            "UTM (m)".into(),
            "Azimute".into(),
            "Distância".into(),
            "Confrontante → próximo".into(),
        ],
        larguras: vec![0.8, 1.3, 1.3, 1.9, 1.1, 1.0, 1.6],
        linhas,
    });
    blocos
}

/// O Relatório Técnico da revisão de limites (Art. 8º, § 3º): a caracterização da
/// inconsistência territorial, a área desmembrada medida (geodésica e Albers-IBGE) e o seu
/// percentual do cedente diante dos limites de 5% e 10% (Art. 8º, § 2º), a continuidade, a
/// população da área — que a lei manda priorizar —, o mapa e o memorial.
pub fn relatorio_tecnico(caso: &Caso<'_>) -> Result<Documento, crate::ErroDocumento> {
    let f = &caso.proposta.fatos;
    let Some(d) = &f.desmembramento else {
        return Err(crate::ErroDocumento::NaoCabe("o Relatório Técnico do Art. 8º, § 3º, é da revisão de limites (tipo = \"desmembramento\")".into()));
    };
    let cedente = nome_municipio(d.cedente);
    let receptor = nome_municipio(d.receptor);
    let mut blocos = vec![
        p(format!(
            "Processo: {}. Revisão de limites entre {cedente} (cedente) e {receptor} (receptor), pelo desmembramento de área (Art. 8º, § 1º).",
            caso.protocolo.unwrap_or("(a protocolar)")
        )),
        secao("I — PROCEDIMENTOS OPERACIONAIS"),
        p("A área foi lida do arquivo da proposta e comparada com a Malha Municipal 2022 do IBGE (SIRGAS 2000). Áreas e perímetros são geodésicos (elipsoide GRS80) e, para comparação com a área oficial do cedente, na projeção de Albers do IBGE; os limites são descritos por linhas geodésicas entre vértices codificados (Art. 5º). Os números abaixo vêm da avaliação da Lei Complementar nº 23/1992 pelo texto em vigor na data deste relatório."),
        secao("II — CARACTERIZAÇÃO E LIMITES DO ART. 8º"),
        // só os dispositivos do território e da consulta na tabela principal
        caso.tabela_dos_artigos(&["Art. 8º", "Art. 5º", "Art. 11", "Art. 12", "Art. 2º, VI"]),
    ];
    blocos.push(secao("III — A POPULAÇÃO DA ÁREA"));
    blocos.push(p(
        "Pelo Art. 8º, § 3º, a população que tenha residência ou domicílio dentro da área a desmembrar deve ser priorizada no atendimento das suas necessidades de melhoria dos serviços públicos. A estimativa pela malha de setores censitários (quando importada) e a consulta plebiscitária estão na tabela acima.",
    ));
    if let Some(mapa) = caso.mapa() {
        blocos.push(secao("IV — MAPA"));
        blocos.push(mapa);
    }
    if let Some(t) = &caso.proposta.territorio {
        let (m, _) = divisa_avaliacao::territorio::memorial_com_confrontantes(&t.poligonos)
            .map_err(crate::ErroDocumento::interno)?;
        blocos.push(Bloco::QuebraDePagina);
        blocos.push(secao("V — MEMORIAL DESCRITIVO DA ÁREA (Art. 5º)"));
        blocos.push(p(format!(
            "Área geodésica: {}; perímetro: {} km.",
            km2(m.medida.area_m2 / 1e6),
            divisa_referencia::formato::decimal(m.medida.perimetro_m / 1000.0, 3)
        )));
        blocos.extend(tabela_do_memorial(&m));
    }
    blocos.push(caso.local_e_data());
    blocos.extend(caso.assinatura(
        "Comissão de Revisão Territorial e Órgão de Informação e Cartografia do Estado",
    ));
    Ok(caso.documento(
        TipoDeDocumento::RelatorioTecnico,
        format!(
            "RELATÓRIO TÉCNICO — REVISÃO DE LIMITES {} / {}",
            cedente.to_uppercase(),
            receptor.to_uppercase()
        ),
        blocos,
        &[
            "art8_cpt",
            "art8_par1",
            "art8_par2",
            "art8_par3",
            "art5_cpt",
        ],
    ))
}
