//! As seções da página de um processo, cada uma desenhada do que a ficha
//! (`divisa_autos::FichaDoProcesso`) e o registro dizem: os documentos do Art. 15, as certidões
//! e os ofícios, os prazos, os documentos oficiais, os autos para retirar cópia, os arquivos e a
//! linha do tempo dos atos.

use super::*;
use divisa_processo::Processo;

/// Os documentos do Art. 15, cada um com a sua situação nos autos.
pub(super) fn documentos_do_art15(p: &Processo) -> Markup {
    html! {
        h2 { "Documentos (Art. 15)" }
        ul {
            @for d in DocumentoArt15::TODOS {
                @match p.situacao_do_documento(d) {
                    SituacaoDoDocumento::NosAutos => li.sim { "✔ " (d.nome_no(p.tipo)) },
                    SituacaoDoDocumento::DeclaradoAntesDaRegra => li.sim { "✔ " (d.nome_no(p.tipo)) " — declarado no protocolo, quando a declaração bastava" },
                    SituacaoDoDocumento::DeclaradoAJuntar => li.pendente { "◐ " (d.nome_no(p.tipo)) " — declarado na representação, sem arquivo: a juntar (Art. 16, parágrafo único)" },
                    SituacaoDoDocumento::Falta => li.nao_atende { "✘ falta: " (d.nome_no(p.tipo)) },
                }
            }
        }
        @if !p.documentos_por_arquivo {
            p.historico { "Protocolada antes de o sistema exigir o arquivo de cada documento: o documento declarado no protocolo conta como apresentado, como então se contava; confira nos autos os arquivos juntados." }
        }
    }
}

/// As certidões (Art. 2º, §§ 2º e 3º): o ofício, o recebimento e a resposta de cada órgão, com o
/// atalho a registrar o envio e o recebimento para quem pode.
pub(super) fn certidoes_e_oficios(
    p: &Processo,
    certidoes: &[(divisa_processo::Orgao, divisa_processo::Requisicao)],
    completo: bool,
    atalho_do_oficio: &dyn Fn(divisa_processo::Orgao) -> Markup,
) -> Markup {
    html! {
        @if !certidoes.is_empty() || (completo && p.certidoes_requisitadas_em.is_some()) {
            h2 { "Certidões (Art. 2º, §§ 2º e 3º)" }
            div.tabela {
                // no celular, cada linha vira um cartão com os rótulos (nenhuma coluna escondida
                // atrás de uma rolagem de lado; issue 32)
                table.cartoes-no-celular {
                    tr.cabecalho { th { "Órgão" } th { "Ofício" } th { "Recebido" } th { "Resposta" } }
                    @for (o, r) in certidoes {
                        tr {
                            td data-rotulo="Órgão" { (o.nome()) " " small { "(incisos " (divisa_processo::incisos_do_orgao(*o)) ")" } }
                            td data-rotulo="Ofício" {
                                @match &r.oficio {
                                    Some((n, d)) => { (n) ", enviado em " (fmt_data(*d)) }
                                    // o inciso V é apurado pela própria Comissão, sem ofício
                                    None if *o == divisa_processo::Orgao::Comissao => "sem ofício: apuração da própria Comissão (verificação in loco)",
                                    None => "não enviado",
                                }
                                @if r.oficio.is_none() { (atalho_do_oficio(*o)) }
                            }
                            td data-rotulo="Recebido" {
                                (r.recebido_em.map_or("—".into(), fmt_data))
                                @if r.oficio.is_some() && r.recebido_em.is_none() { (atalho_do_oficio(*o)) }
                            }
                            td data-rotulo="Resposta" { (resposta_do_orgao(r.resposta.as_ref())) }
                        }
                    }
                }
            }
        }
    }
}

/// Os prazos do processo, com a situação de cada um no dia.
pub(super) fn tabela_dos_prazos(
    prazos: &[divisa_processo::prazos::Prazo],
    hoje: jiff::civil::Date,
) -> Markup {
    html! {
        @if !prazos.is_empty() {
            h2 { "Prazos" }
            div.tabela {
                table.cartoes-no-celular {
                    tr.cabecalho { th { "O quê" } th { "Artigo" } th { "Início" } th { "Vencimento" } th { "Situação" } }
                    @for z in prazos {
                        @let (classe, texto) = situacao(&z.situacao(hoje));
                        tr {
                            td data-rotulo="O quê" { (z.descricao) }
                            td data-rotulo="Artigo" { (z.artigo) }
                            td data-rotulo="Início" { (fmt_data(z.inicio)) }
                            td data-rotulo="Vencimento" { (fmt_data(z.vencimento)) }
                            td data-rotulo="Situação" class=(classe) { (texto) }
                        }
                    }
                }
            }
        }
    }
}

/// Os documentos oficiais do caso: abrir não emite (o rascunho ou o emitido); emitir é um ato
/// próprio, com a confirmação, de quem pode (issues 32 e 33).
pub(super) fn lista_dos_documentos_oficiais(
    documentos_oficiais: &[DocumentoDoCaso],
    p: &Processo,
    endereco: &str,
    quem: &Quem,
    pode_emitir: bool,
    atalho_do_oficio: &dyn Fn(divisa_processo::Orgao) -> Markup,
) -> Markup {
    html! {
        @if !documentos_oficiais.is_empty() {
            h2 { "Documentos oficiais" }
            p.historico {
                "Abrir um documento não o emite. O PDF é o documento emitido pela Comissão, quando \
                 já emitido; antes disso, um rascunho com a marca «RASCUNHO — NÃO EMITIDO», sem \
                 código de verificação, que não fica registrado. Emitir é um ato próprio da \
                 Presidência, dos membros e dos servidores da Comissão: o documento emitido traz o \
                 número do processo e um código com que qualquer pessoa o confere em "
                a href="/verificar" { "Verificar documento" } ", e fica na lista dos emitidos."
            }
            ul.documentos-oficiais {
                @for (nome, tipo, orgao, depois) in documentos_oficiais {
                    @let base = format!("{endereco}/documentos/{tipo}");
                    @let consulta = match orgao { Some(o) => format!("?orgao={o}&"), None => "?".to_owned() };
                    // issue 33: o documento que ainda não tem o seu momento no rito aparece,
                    // com a frase que diz quando, mas não se abre nem se emite
                    @if let Some(quando) = depois {
                        li.depois { (nome) " — ainda não: " (quando) "." }
                    } @else {
                    li {
                        (nome)
                        // o ofício diz se já foi enviado, e quem registra o envio o faz daqui
                        @if let Some(o) = orgao.and_then(|c| divisa_processo::Orgao::TODOS.into_iter().find(|o| o.codigo() == c)) {
                            @match p.requisicoes.get(&o).and_then(|r| r.oficio.as_ref()) {
                                Some((n, d)) => { " (nº " (n) ", enviado em " (fmt_data(*d)) ")" }
                                None => { " (ainda não enviado)" (atalho_do_oficio(o)) }
                            }
                        }
                        " — "
                        a href={ (base) (consulta.trim_end_matches(['?', '&'])) } { "PDF" } " · "
                        a href={ (base) (consulta) "formato=html" } { "HTML (para ler)" } " · "
                        a href={ (base) (consulta) "formato=odt" } { "ODT (rascunho editável)" }
                        @if pode_emitir {
                            form.emitir method="post" action={ (base) "/emitir" } {
                                input type="hidden" name="csrf" value=(quem.csrf);
                                @if let Some(o) = orgao { input type="hidden" name="orgao" value=(o); }
                                label {
                                    input type="checkbox" name="confirmo" value="sim" required;
                                    " Confirmo a emissão em nome da Comissão, com código de verificação"
                                }
                                " "
                                button.br-button.secondary.small type="submit" { "Emitir " (nome) }
                            }
                        }
                    }
                    }
                }
            }
        }
    }
}

/// Os autos inteiros, para retirar cópia (Art. 22), e a versão pública (Art. 16).
pub(super) fn os_autos(endereco: &str, integral: bool) -> Markup {
    html! {
        h2 { "Os autos" }
        ul {
            @if integral {
                li {
                    a href={ (endereco) "/documentos/autos" } { "Autos do processo em PDF" }
                    " (capa, índice das peças com as páginas, cada ato, a lei aplicada)"
                }
                li {
                    a href={ (endereco) "/autos.zip" } { "Pacote dos autos (.zip)" }
                    ": o PDF, os arquivos dos atos, os eventos como gravados e um verificador da \
                     cadeia de hashes que roda sem o divisa"
                }
            }
            li {
                a href={ (endereco) "/autos.zip?versao=publica" } { "Versão pública dos autos (.zip)" }
                " (Art. 16: sem os atos internos, as assinaturas e a avaliação)"
            }
        }
    }
}

/// Os arquivos que quem olha pode ver, com quem os enviou, por nome.
pub(super) fn lista_dos_arquivos(
    visiveis: &[&divisa_registro::ArquivoGuardado],
    endereco: &str,
    pessoas: &std::collections::BTreeMap<String, String>,
) -> Markup {
    html! {
        @if !visiveis.is_empty() {
            h2 { "Arquivos" }
            ul {
                @for a in visiveis {
                    li {
                        a.nome-de-arquivo href={ (endereco) "/arquivos/" (a.id) } { (a.nome) }
                        " — " (a.finalidade.descricao()) " · " (inteiro(a.tamanho as i64)) " bytes · SHA-256 "
                        code { (a.sha256) }
                        " · enviado por "
                        (pessoas.get(&a.enviado_por).map_or("conta não cadastrada", String::as_str))
                        " em "
                        (a.enviado_em
                            .parse::<jiff::Timestamp>()
                            .map(divisa_registro::data_e_hora_em_cuiaba)
                            .unwrap_or_else(|_| a.enviado_em.clone()))
                    }
                }
            }
        }
    }
}

/// A linha do tempo: quem agiu, por nome e cargo (nunca o login), e os arquivos de cada ato — a
/// lista dos títulos de eleitor só para quem vê os autos completos.
pub(super) fn linha_do_tempo(
    eventos: &[divisa_processo::Evento],
    p: &Processo,
    endereco: &str,
    pessoas: &std::collections::BTreeMap<String, String>,
    completo: bool,
    reservado: &dyn Fn(u64, &str) -> bool,
    quem_agiu: &dyn Fn(&divisa_processo::Evento) -> String,
) -> Markup {
    html! {
        // linha do tempo: quem agiu, por nome e cargo (nunca o login), e os arquivos de cada ato
        h2 { "Linha do tempo" }
        ol.linha-do-tempo {
            @for e in eventos {
                li {
                    span.quando { (fmt_data(e.data)) " · ato " (e.seq) " · " (quem_agiu(e)) }
                    br;
                    (e.ato.resumo_para(pessoas))
                    @if !e.anexos.is_empty() {
                        ul.anexos {
                            @for (i, a) in e.anexos.iter().enumerate().filter(|(_, a)| completo || !reservado(e.seq, &a.nome)) {
                                li {
                                    @if let Some(d) = a.documento {
                                        (d.nome_no(p.tipo)) ": "
                                    }
                                    a.nome-de-arquivo href={ (endereco) "/atos/" (e.seq) "/arquivos/" (i + 1) } { (a.nome) }
                                    " "
                                    small {
                                        "(" (a.formato()) ", "
                                        (inteiro(i64::try_from(a.tamanho).unwrap_or(i64::MAX)))
                                        " bytes; SHA-256 " (a.sha256.get(..16).unwrap_or(&a.sha256)) ")"
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        @if !completo {
            p.historico { "Só os atos públicos aparecem aqui (Art. 16)." }
        }
    }
}
