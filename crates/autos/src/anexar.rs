//! Anexar um ato aos autos (issue 31): o caso de uso que a página, a API e a linha de comando
//! chamam, para que os três decidam igual — o parecer de mérito e a proposta juntada avaliados
//! pela lei antes de gravar, o servidor autorizado conferido contra as contas (Art. 23), a área
//! só pelo mapa, e o ato independente decidido de novo quando outro entrou antes.
//!
//! O passo pesado (avaliar a proposta, medir o território) é síncrono, em
//! [`ParaPreparar::preparar`], para quem chama o pôr onde quiser: a web, na oficina, com
//! orçamento; a linha de comando, fora do executor ([`anexar`] faz os três passos).

use divisa_avaliacao::autos::DoRegistro;
use divisa_processo::{Ato, Ator, Evento, Natureza, Papel, Processo, Recusa};
use divisa_registro::{ArquivoNovo, ErroRegistro, Registro};
use jiff::civil::Date;
use jiff::Timestamp;

use crate::ErroAutos;

/// Um ato com o que a lei precisa para prepará-lo.
pub struct ParaPreparar {
    ato: Ato,
    /// O processo e os arquivos do território, nos atos que a lei avalia antes de gravar.
    autos: Option<(Processo, DoRegistro)>,
}

/// Se o ato é avaliado pela lei antes de gravar: o parecer de mérito leva os dispositivos não
/// atendidos (Art. 18); a proposta juntada é conferida (Art. 15).
fn avaliado_antes(ato: &Ato) -> bool {
    matches!(
        ato,
        Ato::ParecerDeMerito { .. } | Ato::AnexarProposta { .. }
    )
}

/// Lê dos autos o que o ato precisa para ser preparado (nada, para os atos que a lei não avalia
/// antes de gravar).
pub async fn para_preparar(
    r: &Registro,
    protocolo: &str,
    ato: Ato,
) -> Result<ParaPreparar, ErroAutos> {
    if !avaliado_antes(&ato) {
        return Ok(ParaPreparar { ato, autos: None });
    }
    let autos = r.carregar(protocolo).await?;
    let arquivos = crate::arquivos_para_avaliar(r, &autos.processo, &autos.eventos).await?;
    Ok(ParaPreparar {
        ato,
        autos: Some((autos.processo, arquivos)),
    })
}

impl ParaPreparar {
    /// O ato pronto para gravar (síncrono: pode medir o território). A recusa cita o artigo do
    /// ato: o parecer favorável (Art. 18), a proposta (Art. 15).
    pub fn preparar(self, data: Date, avisar: &mut dyn FnMut(String)) -> Result<Ato, ErroAutos> {
        let Some((processo, arquivos)) = self.autos else {
            return Ok(self.ato);
        };
        let artigo = if matches!(self.ato, Ato::ParecerDeMerito { .. }) {
            "Art. 18"
        } else {
            "Art. 15"
        };
        divisa_avaliacao::autos::preparar(self.ato, &processo, &arquivos, data, avisar)
            .map_err(|e| ErroRegistro::Recusado(Recusa::new(artigo, e.to_string())).into())
    }
}

/// Grava o ato preparado. Antes: a área só entra pelo mapa (que lê, confere e mede o arquivo);
/// o servidor autorizado é uma conta de servidor (Art. 23). Um ato independente (juntar
/// documento, a certidão de um órgão …) que encontra a versão mudada por outro é decidido de
/// novo sobre o estado atual e gravado — quem o digitou não o perde; os outros recebem o
/// conflito com o que mudou.
#[allow(clippy::too_many_arguments)]
pub async fn gravar(
    r: &Registro,
    protocolo: &str,
    versao: u64,
    ator: &Ator,
    ato: Ato,
    arquivos: &[ArquivoNovo],
    data: Date,
    agora: Timestamp,
) -> Result<Evento, ErroAutos> {
    if matches!(ato, Ato::AlterarArea { .. }) {
        return Err(ErroRegistro::Recusado(
            Recusa::de(
                Natureza::Caso,
                "Art. 19, § 3º",
                "a área se altera no mapa da página do processo ou por PUT /api/processos/{protocolo}/area, com o arquivo da área",
            )
            .no_campo("tipo"),
        )
        .into());
    }
    if let Ato::AutorizarInformacao { servidor } = &ato {
        conferir_servidor(r, servidor).await?;
    }
    let mut versao = versao;
    let mut tentativas = 0;
    loop {
        match r
            .anexar_com_arquivos(protocolo, versao, ator, ato.clone(), arquivos, data, agora)
            .await
        {
            Err(ErroRegistro::Conflito { atual, .. }) if ato.independente() && tentativas < 3 => {
                versao = atual;
                tentativas += 1;
            }
            outro => return outro.map_err(ErroAutos::from),
        }
    }
}

/// Art. 23: só se autoriza um servidor que existe (uma conta de servidor), não um texto.
async fn conferir_servidor(r: &Registro, servidor: &str) -> Result<(), ErroAutos> {
    let conta = r
        .usuarios()
        .await?
        .into_iter()
        .find(|u| u.login == servidor);
    let motivo = match conta {
        Some(u) if u.papel == Papel::Servidor => return Ok(()),
        Some(u) => format!(
            "{} não é servidor ({}): escolha um servidor da Casa",
            u.nome,
            u.papel.nome()
        ),
        None => "não há servidor com essa conta: escolha um servidor da Casa".to_owned(),
    };
    Err(
        ErroRegistro::Recusado(Recusa::de(Natureza::Caso, "Art. 23", motivo).no_campo("servidor"))
            .into(),
    )
}

/// Os três passos, para quem não tem oficina (a linha de comando): lê, prepara fora do
/// executor e grava.
#[allow(clippy::too_many_arguments)]
pub async fn anexar(
    r: &Registro,
    protocolo: &str,
    versao: u64,
    ator: &Ator,
    ato: Ato,
    arquivos: &[ArquivoNovo],
    data: Date,
    agora: Timestamp,
    mut avisar: impl FnMut(String) + Send + 'static,
) -> Result<Evento, ErroAutos> {
    let preparar = para_preparar(r, protocolo, ato).await?;
    let ato = crate::fora_do_executor(move || preparar.preparar(data, &mut avisar)).await?;
    gravar(r, protocolo, versao, ator, ato, arquivos, data, agora).await
}
