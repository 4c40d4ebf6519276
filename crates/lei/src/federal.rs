//! Onde o direito federal e o STF incidem sobre a LC 23/1992 (`dados/lei/federal.md`, com as
//! fontes e o grau de certeza de cada texto).
//!
//! Os alertas nunca mudam a conclusão: o relatório avalia a lei estadual como está escrita e diz
//! onde ela encontra o direito federal. Cada alerta só aparece onde incide: pelo tipo da
//! proposta e pela data.

use jiff::civil::{date, Date};

use crate::achado::Alerta;
use crate::fatos::Tipo;

/// Publicação da EC 15/1996 (DOU de 13/09/1996), que deu a redação atual ao art. 18, § 4º, da CF.
const EC_15_1996: Date = date(1996, 9, 13);
/// Lei 9.709, de 18/11/1998.
const LEI_9709: Date = date(1998, 11, 18);
/// Limite da convalidação do ADCT, art. 96 (EC 57/2008).
const CONVALIDACAO_ATE: Date = date(2006, 12, 31);
/// Lei 9.709/1998, art. 7º, e ADI 2650: quem vota num plebiscito de desmembramento.
const ADI_2650: Date = date(2011, 8, 24);

/// Os alertas que incidem sobre uma proposta de `tipo`, com o ato em `data_ato` e o texto
/// avaliado em `data`.
pub(crate) fn alertas(tipo: Tipo, data: Date, data_ato: Date) -> Vec<Alerta> {
    let territorial = matches!(
        tipo,
        Tipo::Criacao | Tipo::Fusao | Tipo::Incorporacao | Tipo::Desmembramento
    );
    let mut alertas = Vec::new();
    if territorial && data >= EC_15_1996 {
        alertas.push(Alerta {
            id: "cf_art18_par4",
            mensagem: "CF, art. 18, § 4º (redação da EC nº 15/1996, DOU de 13/09/1996): a criação, a incorporação, a fusão e o desmembramento de municípios far-se-ão por lei estadual \"dentro do período determinado por Lei Complementar Federal\", após consulta plebiscitária às populações dos municípios envolvidos e divulgação de Estudos de Viabilidade Municipal. Essa lei complementar federal nunca foi editada; o STF declarou a mora do Congresso (ADO 3682, julgada em 09/05/2007).".into(),
        });
    }
    if (territorial || tipo == Tipo::Extincao) && data >= EC_15_1996 {
        alertas.push(Alerta {
            id: "stf_adpf_819",
            mensagem: "STF, ADPF 819/MT (julgada em 09/10/2023, DJe de 09/01/2024): pendente a lei complementar federal do art. 18, § 4º, da CF, são inconstitucionais as normas estaduais que disciplinem o prazo para criação e alteração de municípios, e os estados não podem editar normas que permitam o surgimento de novos entes locais, ressalvada a convalidação do ADCT, art. 96. O Art. 3º da LC 23/1992 (redação original e da LC 43/1996) estava entre as normas impugnadas; o dispositivo exato do acórdão não foi obtido. O relatório aplica a lei estadual como escrita.".into(),
        });
    }
    if territorial {
        let mensagem = if data_ato <= CONVALIDACAO_ATE {
            "ADCT, art. 96 (EC nº 57/2008): ficam convalidados os atos de criação, fusão, incorporação e desmembramento de municípios cuja lei tenha sido publicada até 31/12/2006, atendidos os requisitos da legislação estadual da época. Um ato desta data está no alcance da convalidação se cumpriu a LC 23/1992 então vigente."
        } else {
            "ADCT, art. 96 (EC nº 57/2008): a convalidação alcança só as leis publicadas até 31/12/2006; um ato desta data não é alcançado por ela e depende da lei complementar federal do art. 18, § 4º, da CF."
        };
        alertas.push(Alerta {
            id: "adct_art96",
            mensagem: mensagem.into(),
        });
    }
    if territorial && data >= LEI_9709 {
        let adi = if data >= ADI_2650 {
            " O STF julgou o art. 7º constitucional e aplicável aos municípios (ADI 2650, 24/08/2011)."
        } else {
            ""
        };
        alertas.push(Alerta {
            id: "lei9709_art7",
            mensagem: format!(
                "Lei nº 9.709/1998, art. 7º: a \"população diretamente interessada\" é tanto a do território que se pretende desmembrar quanto a do que sofrerá o desmembramento (na fusão ou anexação, a das duas áreas).{adi} Isso colide com o Art. 11, § 1º, e o Art. 12, I, da LC 23/1992, que consultam só quem reside na área a desmembrar. O art. 10 da mesma lei aprova por maioria simples; o Art. 11, § 2º, da LC 23 exige a maioria absoluta dos inscritos, mais rigorosa."
            ),
        });
    }
    if tipo == Tipo::Desmembramento {
        alertas.push(Alerta {
            id: "stf_adi_6213",
            mensagem: "STF, ADI 6213/MT (sessão virtual de 11 a 18/06/2021): a alteração de divisas municipais, qualquer que seja a extensão da área, exige consulta plebiscitária prévia às populações locais; foi declarada inconstitucional a Lei MT 10.403/2016, que dispensava o plebiscito até 10% da área. Os limites de 5% e 10% do Art. 8º, § 2º, não dispensam o plebiscito.".into(),
        });
    }
    alertas
}
