//! Onde o direito federal e o STF incidem sobre a LC 23/1992 (`dados/lei/federal.md`, com as
//! fontes e o grau de certeza de cada texto).
//!
//! Os alertas nunca mudam a conclusão: o relatório avalia a lei estadual como está escrita e diz
//! onde ela encontra o direito federal. Cada alerta só aparece onde incide: pelo tipo da
//! proposta e pela data do ato.
//!
//! # A data que conta
//! É a do ato (`data_referencia` da proposta; sem ela, a data da avaliação), não a do texto
//! pedido com `--em`: a validade de um ato se mede pela Constituição e pelas leis federais em
//! vigor no dia em que ele é praticado. Uma norma federal posterior ao ato não aparece como se
//! o regesse (a EC nº 15/1996 para um ato de 1995; a Lei nº 9.709/1998 para um de 1997).
//!
//! Decisões do STF são outra coisa. Leitura adotada: uma decisão que declara uma norma
//! (in)constitucional diz o que a Constituição já exigia desde que o parâmetro dela está em
//! vigor, e tem, em regra, efeito retroativo; por isso alcança um ato anterior ao julgamento,
//! se posterior ao parâmetro (o divisa não conhece modulação de efeitos nesses acórdãos). A ADPF
//! 819 e a ADI 6213 medem as normas estaduais pela redação que a EC nº 15/1996 deu ao art. 18,
//! § 4º: aparecem para atos desde 13/09/1996, dizendo quando o julgamento é posterior ao ato; não
//! aparecem para atos anteriores, regidos pela redação original. A ADI 2650 julgou constitucional
//! a Lei nº 9.709/1998: acompanha o alerta dessa lei desde a vigência dela.
//!
//! # Extinção
//! O território do município extinto passa a outro (Art. 10, § 1º: volta ao de origem; § 2º:
//! vai ao contíguo que os requerentes indicarem). Para a Constituição isso é uma incorporação:
//! os alertas da CF, art. 18, § 4º, do ADCT, art. 96, e da Lei nº 9.709/1998, art. 7º (a
//! "anexação"), valem para ela como para a incorporação.

use jiff::civil::{date, Date};

use crate::achado::Alerta;
use crate::fatos::Tipo;

/// Publicação da EC 15/1996 (DOU de 13/09/1996), que deu a redação atual ao art. 18, § 4º, da CF.
const EC_15_1996: Date = date(1996, 9, 13);
/// Lei 9.709, de 18/11/1998.
const LEI_9709: Date = date(1998, 11, 18);
/// Limite da convalidação do ADCT, art. 96 (EC 57/2008).
const CONVALIDACAO_ATE: Date = date(2006, 12, 31);
/// EC 57, de 18/12/2008, que acrescentou o art. 96 ao ADCT.
const EC_57_2008: Date = date(2008, 12, 18);
/// Lei 9.709/1998, art. 7º, e ADI 2650: quem vota num plebiscito de desmembramento.
const ADI_2650: Date = date(2011, 8, 24);
/// ADI 6213/MT, julgada na sessão virtual de 11 a 18/06/2021.
const ADI_6213: Date = date(2021, 6, 18);
/// ADPF 819/MT, julgada em 09/10/2023.
const ADPF_819: Date = date(2023, 10, 9);

/// Os alertas que incidem sobre uma proposta de `tipo`, com o ato em `data_ato`.
pub(crate) fn alertas(tipo: Tipo, data_ato: Date) -> Vec<Alerta> {
    // A extinção anexa o território do extinto a outro município: é uma incorporação.
    let territorial = matches!(
        tipo,
        Tipo::Criacao | Tipo::Fusao | Tipo::Incorporacao | Tipo::Desmembramento | Tipo::Extincao
    );
    let extincao = if tipo == Tipo::Extincao {
        " Na extinção, o território do município extinto passa a outro (Art. 10, §§ 1º e 2º, da LC 23/1992): para a Constituição é uma incorporação, e depende da consulta plebiscitária; o Art. 10 da LC 23/1992 não prevê plebiscito."
    } else {
        ""
    };
    let emenda = data_ato >= EC_15_1996;
    let mut alertas = Vec::new();
    if territorial && emenda {
        alertas.push(Alerta {
            id: "cf_art18_par4",
            mensagem: format!("CF, art. 18, § 4º (redação da EC nº 15/1996, DOU de 13/09/1996): a criação, a incorporação, a fusão e o desmembramento de municípios far-se-ão por lei estadual \"dentro do período determinado por Lei Complementar Federal\", após consulta plebiscitária às populações dos municípios envolvidos e divulgação de Estudos de Viabilidade Municipal. Essa lei complementar federal nunca foi editada; o STF declarou a mora do Congresso (ADO 3682, julgada em 09/05/2007).{extincao}"),
        });
    } else if territorial {
        alertas.push(Alerta {
            id: "cf_art18_par4",
            mensagem: format!("CF, art. 18, § 4º, na redação original de 1988, a que vigorava na data do ato (a EC nº 15/1996, publicada em 13/09/1996, é posterior): a criação, a incorporação, a fusão e o desmembramento de municípios far-se-ão por lei estadual, obedecidos os requisitos previstos em lei complementar estadual, e dependerão de consulta prévia, mediante plebiscito, às populações diretamente interessadas. A lei complementar estadual é a própria LC 23/1992; o período fixado por lei complementar federal e os Estudos de Viabilidade Municipal, que a EC 15/1996 passou a exigir, não valiam para um ato desta data.{extincao}"),
        });
    }
    if territorial && emenda {
        let depois = if data_ato < ADPF_819 {
            " O julgamento é posterior ao ato, mas mede as normas estaduais pela redação que a EC nº 15/1996 deu ao art. 18, § 4º, em vigor desde 13/09/1996: a declaração de inconstitucionalidade tem, em regra, efeito retroativo, e o divisa não conhece modulação no acórdão; por isso o alerta vale para um ato desta data."
        } else {
            ""
        };
        alertas.push(Alerta {
            id: "stf_adpf_819",
            mensagem: format!("STF, ADPF 819/MT (julgada em 09/10/2023, DJe de 09/01/2024): pendente a lei complementar federal do art. 18, § 4º, da CF, são inconstitucionais as normas estaduais que disciplinem o prazo para criação e alteração de municípios, e os estados não podem editar normas que permitam o surgimento de novos entes locais, ressalvada a convalidação do ADCT, art. 96. O Art. 3º da LC 23/1992 (redação original e da LC 43/1996) estava entre as normas impugnadas; o dispositivo exato do acórdão não foi obtido. O relatório aplica a lei estadual como escrita.{depois}"),
        });
    }
    // Antes da EC 15/1996 o ato seguia a redação original do art. 18, § 4º, que remetia à lei
    // complementar estadual: não precisa da convalidação, feita para os atos posteriores sem a
    // lei complementar federal. O alerta só aparece para atos desde a EC 15/1996.
    if territorial && emenda {
        let mensagem = if data_ato <= CONVALIDACAO_ATE {
            format!("ADCT, art. 96 (EC nº 57/2008): ficam convalidados os atos de criação, fusão, incorporação e desmembramento de municípios cuja lei tenha sido publicada até 31/12/2006, atendidos os requisitos da legislação estadual da época. Um ato desta data está no alcance da convalidação, posterior a ele ({}), se cumpriu a LC 23/1992 então vigente.", divisa_referencia::formato::data(EC_57_2008))
        } else {
            "ADCT, art. 96 (EC nº 57/2008): a convalidação alcança só as leis publicadas até 31/12/2006; um ato desta data não é alcançado por ela e depende da lei complementar federal do art. 18, § 4º, da CF.".to_owned()
        };
        alertas.push(Alerta {
            id: "adct_art96",
            mensagem,
        });
    }
    if territorial && data_ato >= LEI_9709 {
        let adi = if data_ato >= ADI_2650 {
            " O STF julgou o art. 7º constitucional e aplicável aos municípios (ADI 2650, 24/08/2011)."
        } else {
            " Depois do ato, o STF julgou o art. 7º constitucional e aplicável aos municípios (ADI 2650, 24/08/2011): a decisão confirma a lei como válida desde a sua vigência, e a leitura vale também para um ato desta data."
        };
        let colisao = if tipo == Tipo::Extincao {
            " Na extinção, o território do município extinto é anexado a outro (Art. 10, §§ 1º e 2º, da LC 23/1992): consultam-se as populações das duas áreas, e o Art. 10 da LC 23/1992 não prevê plebiscito."
        } else {
            " Isso colide com o Art. 11, § 1º, e o Art. 12, I, da LC 23/1992, que consultam só quem reside na área a desmembrar. O art. 10 da mesma lei aprova por maioria simples; o Art. 11, § 2º, da LC 23 exige a maioria absoluta dos inscritos, mais rigorosa."
        };
        alertas.push(Alerta {
            id: "lei9709_art7",
            mensagem: format!(
                "Lei nº 9.709/1998, art. 7º: a \"população diretamente interessada\" é tanto a do território que se pretende desmembrar quanto a do que sofrerá o desmembramento (na fusão ou anexação, a das duas áreas).{adi}{colisao}"
            ),
        });
    }
    if tipo == Tipo::Desmembramento && emenda {
        let depois = if data_ato < ADI_6213 {
            " O julgamento é posterior ao ato, mas aplica a redação do art. 18, § 4º, da CF em vigor desde 13/09/1996 (EC nº 15/1996), e vale por isso para um ato desta data."
        } else {
            ""
        };
        alertas.push(Alerta {
            id: "stf_adi_6213",
            mensagem: format!("STF, ADI 6213/MT (sessão virtual de 11 a 18/06/2021): a alteração de divisas municipais, qualquer que seja a extensão da área, exige consulta plebiscitária prévia às populações locais; foi declarada inconstitucional a Lei MT 10.403/2016, que dispensava o plebiscito até 10% da área. Os limites de 5% e 10% do Art. 8º, § 2º, não dispensam o plebiscito.{depois}"),
        });
    }
    alertas
}
