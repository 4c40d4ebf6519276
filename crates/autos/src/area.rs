//! A área do processo no mapa (issue 29; CONTRACT §5): as versões nos autos, a versão nova
//! conferida e gravada, a simulação. O trabalho pesado (ler e medir o GeoJSON que veio de
//! fora, avaliar) é síncrono, em [`DaArea`], para quem chama o pôr onde quiser — a web o põe
//! na oficina, com orçamento de tempo e de memória; a linha de comando, fora do executor.

use divisa_avaliacao::area::{ErroArea, Simulacao, VersaoNosAutos};
use divisa_processo::{Acao, Ato, Ator, Evento, Papel, Permissao, Recusa};
use divisa_registro::{ArquivoNovo, Registro};
use jiff::civil::Date;
use jiff::Timestamp;

use crate::{carregar, Carregados, ErroAutos};

/// Os autos carregados para a área, com as versões.
pub struct DaArea {
    /// Os autos, as pessoas e os arquivos do território.
    pub carregados: Carregados,
    /// As versões da área, em ordem (a última é a em vigor).
    pub versoes: Vec<VersaoNosAutos>,
}

/// Por que a versão nova não foi gravada.
#[derive(Debug, thiserror::Error)]
pub enum ErroVersao {
    /// A versão em que a pessoa trabalhou não é mais a em vigor: `atual` é a que está nos
    /// autos (0: nenhuma).
    #[error("a área mudou depois que foi aberta: a versão em vigor é a {atual}, e a alteração foi feita sobre a {enviada}")]
    Desatualizada {
        /// A versão que a pessoa tinha.
        enviada: u32,
        /// A versão em vigor.
        atual: u32,
    },
    /// A área enviada não serve (geometria, fora de MT, área nula).
    #[error(transparent)]
    Area(#[from] ErroArea),
    /// O rito ou o papel recusa (Art. 19, § 3º; quem pode).
    #[error("recusado ({}): {}", .0.artigo, .0.motivo)]
    Recusado(Recusa),
    /// Os autos.
    #[error(transparent)]
    Autos(#[from] ErroAutos),
}

/// Se `ator` vê a área e as versões: quem vê os autos inteiros (Art. 22) e quem pode alterar a
/// área (o órgão de cartografia, que certifica os incisos I, III e VI).
pub fn pode_ver(processo: &divisa_processo::Processo, ator: &Ator) -> Result<(), Recusa> {
    match processo.pode(ator, Acao::VerCompleto) {
        Ok(()) => Ok(()),
        Err(r) => {
            if divisa_processo::papel::permissao(ator.papel, Acao::AlterarArea) == Permissao::Sim
                && ator.papel != Papel::Publico
            {
                Ok(())
            } else {
                Err(r)
            }
        }
    }
}

/// Se `ator` pode alterar a área de `processo` hoje: o papel (Comissão e cartografia), a fase
/// (até a aprovação do projeto de decreto legislativo, Art. 19, § 3º) e o tipo de processo — o
/// mesmo `Processo::decidir` que decidirá o ato.
pub fn pode_alterar(
    processo: &divisa_processo::Processo,
    ator: &Ator,
    hoje: Date,
) -> Result<(), Recusa> {
    // a área se desenha sobre a proposta: sem ela, a lei não tem o que avaliar (Art. 15)
    if processo.proposta.is_none() {
        return Err(Recusa::de(
            divisa_processo::Natureza::Estado,
            "Art. 15",
            "a área se desenha sobre a proposta da representação, que ainda não foi juntada aos autos",
        ));
    }
    let seguinte = processo.arquivos_de_area.len() + 1;
    let exemplo = Ato::AlterarArea {
        versao: seguinte as u32,
        arquivo: format!("conferencia-{seguinte}.geojson"),
        motivo: "conferência".into(),
        area_antes_m2: None,
        area_m2: 1,
        vertices: 3,
        vertices_antes: None,
    };
    processo.decidir(ator, &exemplo, hoje, hoje)
}

/// Os autos de `protocolo`, para `ator` ver ou alterar a área.
pub async fn carregar_area(
    r: &Registro,
    protocolo: &str,
    ator: &Ator,
) -> Result<DaArea, ErroAutos> {
    let carregados = carregar(r, protocolo).await?;
    pode_ver(&carregados.autos.processo, ator).map_err(ErroAutos::Recusado)?;
    let versoes =
        divisa_avaliacao::area::versoes(&carregados.autos.processo, &carregados.autos.eventos);
    Ok(DaArea {
        carregados,
        versoes,
    })
}

impl DaArea {
    /// O número da versão em vigor (0: nenhuma).
    pub fn numero(&self) -> u32 {
        self.versoes.len() as u32
    }

    /// O conteúdo do arquivo de uma versão (1, 2, …).
    pub fn conteudo(&self, numero: u32) -> Option<(&VersaoNosAutos, &[u8])> {
        let v = self.versoes.get((numero as usize).checked_sub(1)?)?;
        let (_, _, bytes) = self
            .carregados
            .arquivos
            .arquivos
            .iter()
            .find(|(seq, nome, _)| *seq == v.versao.seq && *nome == v.versao.arquivo)?;
        Some((v, bytes))
    }

    /// O território de uma versão, lido do arquivo.
    pub fn territorio(
        &self,
        numero: u32,
    ) -> Option<Result<divisa_territorio::leitura::Territorio, ErroArea>> {
        let (v, bytes) = self.conteudo(numero)?;
        // um Shapefile com o .prj ao lado, do mesmo ato (o sistema de coordenadas: UTM ou graus)
        let nome = &v.versao.arquivo;
        if nome.to_ascii_lowercase().ends_with(".shp") {
            let prj_nome = std::path::Path::new(nome).with_extension("prj");
            let prj = self
                .carregados
                .arquivos
                .arquivos
                .iter()
                .find(|(seq, n, _)| *seq == v.versao.seq && std::path::Path::new(n) == prj_nome)
                .and_then(|(_, _, c)| std::str::from_utf8(c).ok());
            return Some(
                divisa_territorio::leitura::ler_com_auxiliar(nome, bytes, prj).map_err(|e| {
                    divisa_avaliacao::area::ErroArea::Invalida {
                        mensagem: e.to_string(),
                        pontos: Vec::new(),
                    }
                }),
            );
        }
        Some(divisa_avaliacao::area::ler(nome, bytes))
    }

    /// A área (m²) e os vértices de uma versão: os gravados no ato, ou medidos do arquivo.
    pub fn medida(&self, numero: u32) -> Option<(u64, u32)> {
        let v = self.versoes.get((numero as usize).checked_sub(1)?)?;
        if let (Some(a), Some(n)) = (v.area_m2, v.vertices) {
            return Some((a, n));
        }
        let t = self.territorio(numero)?.ok()?;
        Some(divisa_avaliacao::area::medir(&t.poligonos))
    }

    /// Se `ator` pode alterar a área hoje: o papel (Comissão e cartografia), a fase (até a
    /// aprovação do projeto de decreto legislativo, Art. 19, § 3º) e o tipo de processo — o
    /// mesmo `Processo::decidir` que decidirá o ato.
    pub fn pode_alterar(&self, ator: &Ator, hoje: Date) -> Result<(), Recusa> {
        pode_alterar(&self.carregados.autos.processo, ator, hoje)
    }

    /// A lei aplicada com a área em vigor.
    pub fn avaliar(
        &self,
        data: Date,
    ) -> Result<divisa_avaliacao::autos::AutosAvaliados, divisa_avaliacao::autos::ErroAutos> {
        divisa_avaliacao::autos::avaliar(
            &self.carregados.autos.processo,
            &self.carregados.arquivos,
            data,
        )
    }

    /// A lei aplicada com `area` (GeoJSON) no lugar da em vigor, comparada com `em_vigor`.
    pub fn simular(
        &self,
        em_vigor: Option<&divisa_avaliacao::autos::AutosAvaliados>,
        area: &[u8],
        data: Date,
    ) -> Result<Simulacao, ErroArea> {
        divisa_avaliacao::area::simular(
            &self.carregados.autos.processo,
            &self.carregados.arquivos,
            em_vigor,
            area,
            data,
        )
    }

    /// O ato e o arquivo da versão nova: `sobre` é a versão em que a pessoa trabalhou (o
    /// `If-Match`), `area` o GeoJSON enviado e `motivo` o que ela disse. A área é conferida como
    /// todo arquivo de território e gravada como GeoJSON limpo (anéis orientados, sem vértices
    /// repetidos, as coordenadas como vieram).
    pub fn preparar(
        &self,
        sobre: u32,
        area: &[u8],
        motivo: &str,
    ) -> Result<(Ato, ArquivoNovo), ErroVersao> {
        if sobre != self.numero() {
            return Err(ErroVersao::Desatualizada {
                enviada: sobre,
                atual: self.numero(),
            });
        }
        let versao = self.numero() + 1;
        let arquivo = format!("area-v{versao}.geojson");
        let lido = divisa_avaliacao::area::ler(&arquivo, area)?;
        let (area_m2, vertices) = divisa_avaliacao::area::medir(&lido.poligonos);
        let antes = self.medida(self.numero());
        let mut propriedades = serde_json::Map::new();
        propriedades.insert("versao".into(), versao.into());
        let texto = divisa_territorio::escrita::geojson(&lido.poligonos, propriedades);
        Ok((
            Ato::AlterarArea {
                versao,
                arquivo: arquivo.clone(),
                motivo: motivo.trim().to_owned(),
                area_antes_m2: antes.map(|(a, _)| a),
                area_m2,
                vertices_antes: antes.map(|(_, n)| n),
                vertices,
            },
            ArquivoNovo::novo(arquivo, texto.into_bytes()),
        ))
    }
}

/// Grava a versão nova nos autos, sobre a versão do processo que foi carregada (uma escrita que
/// entrou antes é conflito, nunca mescla).
#[allow(clippy::too_many_arguments)]
pub async fn gravar(
    r: &Registro,
    da_area: &DaArea,
    ator: &Ator,
    ato: Ato,
    arquivo: ArquivoNovo,
    data: Date,
    agora: Timestamp,
) -> Result<Evento, ErroAutos> {
    let p = &da_area.carregados.autos.processo;
    Ok(r.anexar_com_arquivos(
        p.protocolo.as_str(),
        p.versao,
        ator,
        ato,
        &[arquivo],
        data,
        agora,
    )
    .await?)
}
