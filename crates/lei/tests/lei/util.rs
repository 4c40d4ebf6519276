//! Fatos de exemplo e atalhos para achar achados.

use divisa_lei::fatos::{DadosMunicipais, NovoMunicipio};
use divisa_lei::{avaliar, Achado, Fatos, Situacao, Tipo};
use jiff::civil::{date, Date};

/// Uma data em que todo o texto atual está em vigor.
pub const HOJE: Date = date(2027, 3, 10);

/// Uma criação completa a partir de São Félix do Araguaia.
pub fn criacao(dados: DadosMunicipais) -> Fatos {
    let mut fatos = Fatos::vazios(Tipo::Criacao);
    fatos.data_ato = Some(HOJE);
    fatos.novo = Some(NovoMunicipio {
        nome: Some("Espigão do Leste".into()),
        sede: Some("Espigão do Leste".into()),
        origens: vec![5107859],
        nome_homenageia_pessoa_viva: Some(false),
        dados,
        ..NovoMunicipio::default()
    });
    fatos
}

/// Os números de um novo município que cumpre tudo.
pub fn dados_bons() -> DadosMunicipais {
    DadosMunicipais {
        populacao: Some(5_200),
        eleitores: Some(1_300),
        casas_centro_urbano: Some(240),
        valor_adicionado: Some(45_000_000.0),
        arrecadacao: Some(3_000_000.0),
    }
}

/// Os achados de um dispositivo, em ordem.
pub fn achados(fatos: &Fatos, data: Date, dispositivo: &str) -> Vec<Achado> {
    avaliar(fatos, data)
        .unwrap()
        .achados
        .into_iter()
        .filter(|a| a.dispositivo == dispositivo)
        .collect()
}

/// A situação do (único ou primeiro) achado de um dispositivo.
pub fn situacao(fatos: &Fatos, dispositivo: &str) -> Situacao {
    achados(fatos, HOJE, dispositivo)
        .first()
        .unwrap_or_else(|| panic!("sem achado de {dispositivo}"))
        .situacao
}
