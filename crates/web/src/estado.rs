//! O andar de baixo da aplicação: o estado compartilhado pelos pedidos (o registro, a oficina
//! do trabalho pesado, o relógio, as opções dos documentos), a sua configuração e o caso de uso
//! de anexar um ato que as páginas e a API chamam.

use std::sync::{Arc, OnceLock};

use divisa_registro::Registro;

use crate::{api, area, contas, oficina, Falha};

/// Como o servidor roda (além do banco e do endereço).
#[derive(Debug, Clone)]
pub struct Configuracao {
    /// Cookies `Secure` (atrás de TLS).
    pub seguro: bool,
    /// A memória de cada trabalho pesado (ler e medir um território, avaliar, escrever um
    /// documento), em bytes.
    pub memoria_por_trabalho: usize,
    /// O token que abre `GET /metricas` (sem ele, a rota não existe).
    pub token_metricas: Option<String>,
    /// O relógio: o do sistema, ou um instante fixo (os testes fixam "hoje"; `divisa serve`
    /// com `DIVISA_AGORA` reproduz o que o servidor mostrou num dia).
    pub relogio: Relogio,
    /// Como compor os PDFs: o endereço público de conferência que o QR leva.
    pub documentos: divisa_documentos::OpcoesDoPdf,
}

impl Default for Configuracao {
    fn default() -> Configuracao {
        Configuracao {
            seguro: false,
            memoria_por_trabalho: oficina::MEMORIA,
            token_metricas: None,
            relogio: Relogio::Sistema,
            documentos: divisa_documentos::OpcoesDoPdf::default(),
        }
    }
}

/// De onde o servidor tira "agora": prazos, datas dos atos, sessões e o calendário eleitoral
/// leem todos este relógio, guardado no estado da aplicação.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Relogio {
    /// O relógio do sistema.
    #[default]
    Sistema,
    /// Um instante que não anda.
    Fixo(jiff::Timestamp),
}

impl Relogio {
    /// O instante de agora neste relógio.
    pub fn agora(self) -> jiff::Timestamp {
        match self {
            Relogio::Sistema => jiff::Timestamp::now(),
            Relogio::Fixo(t) => t,
        }
    }
}

/// O estado compartilhado pelos pedidos.
#[derive(Clone)]
pub struct Estado(pub(crate) Arc<Interno>);

pub(crate) struct Interno {
    pub(crate) registro: Registro,
    /// As vagas de trabalho pesado (avaliar, medir, escrever PDF), fora dos trabalhadores
    /// assíncronos.
    pub(crate) oficina: oficina::Oficina,
    /// Cookies com `Secure` (o servidor está atrás de TLS).
    pub(crate) seguro: bool,
    /// O token de `GET /metricas`.
    pub(crate) token_metricas: Option<String>,
    pub(crate) malha: OnceLock<Result<api::MalhaDaTela, String>>,
    pub(crate) relogio: Relogio,
    /// A avaliação da área em vigor, para a simulação do editor do mapa comparar.
    pub(crate) area_em_vigor: Arc<area::EmVigor>,
    /// Como compor os PDFs emitidos.
    pub(crate) documentos: divisa_documentos::OpcoesDoPdf,
}

/// O que se sabe de um envio de formulário pela sua chave.
pub(crate) enum Envio {
    /// Primeira vez: segue (e a chave fica reservada para este dono).
    Novo(String),
    /// Outro pedido com a mesma chave está sendo processado agora.
    EmAndamento,
    /// Já protocolado: o número.
    Feito(String),
}

impl Estado {
    /// O estado sobre um registro aberto. `seguro`: marcar os cookies como `Secure` (atrás de
    /// TLS).
    pub fn novo(registro: Registro, seguro: bool) -> Estado {
        Estado::configurado(
            registro,
            Configuracao {
                seguro,
                ..Configuracao::default()
            },
        )
    }

    /// O estado com a configuração do servidor.
    pub fn configurado(registro: Registro, c: Configuracao) -> Estado {
        Estado(Arc::new(Interno {
            registro,
            seguro: c.seguro,
            token_metricas: c.token_metricas.filter(|t| !t.is_empty()),
            malha: OnceLock::new(),
            area_em_vigor: Default::default(),
            oficina: oficina::Oficina::nova(c.memoria_por_trabalho),
            relogio: c.relogio,
            documentos: c.documentos,
        }))
    }

    /// Como compor os PDFs emitidos (o endereço público de conferência).
    pub(crate) fn opcoes_dos_documentos(&self) -> &divisa_documentos::OpcoesDoPdf {
        &self.0.documentos
    }

    /// O instante de agora, pelo relógio do estado: o dia dos atos, dos prazos e da lei. As
    /// sessões, os limites de tentativas e as chaves de envio usam o relógio de verdade.
    pub(crate) fn agora(&self) -> jiff::Timestamp {
        self.0.relogio.agora()
    }

    /// A data de hoje em Cuiabá, pelo relógio do estado.
    pub(crate) fn hoje(&self) -> jiff::civil::Date {
        divisa_registro::hoje_em_cuiaba(self.agora())
    }

    /// Reserva a chave de um envio (ou diz o que já aconteceu com ela). No banco: vale em
    /// todos os servidores (issue 19). `Novo` traz o dono da reserva (um valor ao acaso deste
    /// pedido), que a conclui ou a devolve.
    pub(crate) async fn reservar_envio(&self, login: &str, chave: &str) -> Envio {
        let dono = contas::token();
        match self
            .registro()
            .reservar_envio(login, chave, &dono, jiff::Timestamp::now())
            .await
        {
            Ok(divisa_registro::EnvioGravado::Novo) => Envio::Novo(dono),
            Ok(divisa_registro::EnvioGravado::EmAndamento) => Envio::EmAndamento,
            Ok(divisa_registro::EnvioGravado::Feito(p)) => Envio::Feito(p),
            Err(e) => {
                // sem o banco, o protocolo também não sai: segue e falha lá, dizendo por quê
                tracing::error!(target: "divisa::envio", causa = %e, "não foi possível reservar a chave do envio");
                Envio::Novo(dono)
            }
        }
    }

    /// O envio terminou com o protocolo: a chave passa a levar ao recibo.
    pub(crate) async fn concluir_envio(
        &self,
        login: &str,
        chave: &str,
        dono: &str,
        protocolo: &str,
    ) {
        if let Err(e) = self
            .registro()
            .concluir_envio(login, chave, dono, Some(protocolo))
            .await
        {
            tracing::error!(target: "divisa::envio", causa = %e, "não foi possível gravar o protocolo do envio");
        }
    }

    /// O envio terminou sem protocolo: a chave volta a valer, para corrigir e reenviar (numa
    /// tarefa à parte: chamado de um `Drop`; só a reserva deste `dono` é devolvida).
    pub(crate) fn liberar_envio(&self, login: &str, chave: &str, dono: &str) {
        if chave.is_empty() {
            return;
        }
        let (estado, login, chave, dono) = (
            self.clone(),
            login.to_owned(),
            chave.to_owned(),
            dono.to_owned(),
        );
        if let Ok(rt) = tokio::runtime::Handle::try_current() {
            rt.spawn(async move {
                let _ = estado
                    .registro()
                    .concluir_envio(&login, &chave, &dono, None)
                    .await;
            });
        }
    }

    /// As vagas de trabalho pesado.
    pub(crate) fn oficina(&self) -> &oficina::Oficina {
        &self.0.oficina
    }

    pub(crate) fn registro(&self) -> &Registro {
        &self.0.registro
    }

    /// Quem é quem (login → nome e cargo); vazio se o banco não responder — o documento diz
    /// então só o cargo, nunca o login.
    pub(crate) async fn pessoas(&self) -> std::collections::BTreeMap<String, String> {
        self.registro().pessoas().await.unwrap_or_default()
    }
}

/// Anexa um ato pelo registro, preparado antes pelo mesmo caso de uso da linha de comando
/// (`divisa_avaliacao::autos::preparar`): o parecer de mérito passa pelo motor da lei (Art. 18),
/// com os dispositivos que os autos não atendem (a lei recusa o favorável); a proposta juntada
/// é conferida.
pub(crate) async fn anexar(
    estado: &Estado,
    protocolo: &str,
    versao: u64,
    ator: &divisa_processo::Ator,
    ato: divisa_processo::Ato,
    arquivos: &[divisa_registro::ArquivoNovo],
    data: jiff::civil::Date,
) -> Result<divisa_processo::Evento, Falha> {
    // o caso de uso dos autos, o mesmo da linha de comando; a avaliação (que mede o
    // território) na oficina, fora dos trabalhadores assíncronos, com orçamento
    let preparar = divisa_autos::anexar::para_preparar(estado.registro(), protocolo, ato).await?;
    let ato = estado
        .oficina()
        .executar(None, move || preparar.preparar(data, &mut |_| {}))
        .await??;
    Ok(divisa_autos::anexar::gravar(
        estado.registro(),
        protocolo,
        versao,
        ator,
        ato,
        arquivos,
        data,
        estado.agora(),
    )
    .await?)
}
