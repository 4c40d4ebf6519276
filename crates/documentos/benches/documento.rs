//! O projeto de lei de criação de ~20 páginas, com o mapa e o memorial, medido do caso ao PDF
//! (meta da issue: ≤ 1 s). A área é o limite real de Nova Brasilândia (Malha 2022)
//! simplificado até o memorial dar umas 20 páginas; também o limite inteiro, para ver a escala.
//!
//! Ao lado, o tempo de escrever o mesmo documento em ODT (a versão editável).
//!
//! `cargo bench -p divisa-documentos --bench documento`

use std::time::Instant;

use geo::{CoordsIter, Simplify};

fn main() {
    let mp = divisa_referencia::malha::poligono(5106208)
        .expect("malha")
        .expect("Nova Brasilândia");
    let dir = std::env::temp_dir().join(format!("divisa-bench-doc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    println!("projeto de lei de criação (mapa + divisas + memorial), do caso ao PDF");
    println!(
        "{:>9} {:>8} {:>10} {:>12} {:>10} {:>14} {:>10}",
        "vértices", "páginas", "bytes", "tempo (ms)", "meta", "ODT (ms)", "bytes ODT"
    );
    for tolerancia in [0.0045, 0.0018, 0.0] {
        let area = if tolerancia > 0.0 {
            mp.simplify(tolerancia)
        } else {
            mp.clone()
        };
        let geojson = divisa_territorio::escrita::geojson(&area, serde_json::Map::new());
        std::fs::write(dir.join("area.geojson"), geojson).expect("gravar");
        let toml = "tipo = \"criacao\"\n[novo]\nnome = \"Vale da Brasilândia\"\norigens = [5106208]\narea = \"area.geojson\"\n[novo.dados]\npopulacao = 2000\neleitores = 500\n";
        let mut melhor = f64::MAX;
        let mut paginas = 0;
        let mut tamanho = 0;
        let (mut melhor_odt, mut tamanho_odt) = (f64::MAX, 0);
        for _ in 0..5 {
            let t = Instant::now();
            let p = divisa_avaliacao::ler(
                "bench.toml",
                toml,
                divisa_avaliacao::Arquivos::Diretorio(&dir),
                None,
            )
            .expect("proposta");
            let data = jiff::civil::date(2027, 3, 10);
            let a = divisa_lei::avaliar(&p.fatos, data).expect("avaliação");
            let caso = divisa_documentos::Caso {
                proposta: &p,
                avaliacao: &a,
                protocolo: Some("00001.000001/2026-91"),
                data,
                autos: None,
                fiscal: None,
            };
            let doc = divisa_documentos::projeto_de_lei(&caso).expect("projeto");
            let pdf = divisa_documentos::pdf(&doc, &divisa_documentos::OpcoesDoPdf::default())
                .expect("composição");
            melhor = melhor.min(t.elapsed().as_secs_f64() * 1000.0);
            paginas = divisa_documentos::paginas(&doc).expect("composição");
            tamanho = pdf.len();
            // Só a escrita do ODT (o documento já montado), para comparar com a do PDF.
            let t = Instant::now();
            let odt = divisa_documentos::odt(&doc);
            melhor_odt = melhor_odt.min(t.elapsed().as_secs_f64() * 1000.0);
            tamanho_odt = odt.len();
        }
        println!(
            "{:>9} {:>8} {:>10} {:>12.1} {:>10} {:>14.1} {:>10}",
            area.coords_count(),
            paginas,
            tamanho,
            melhor,
            if paginas <= 25 { "≤ 1000" } else { "" },
            melhor_odt,
            tamanho_odt
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
