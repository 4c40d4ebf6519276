//! Geometria do território, pura: geometrias entram, fatos geodésicos saem.
//!
//! Leituras (GeoJSON, KML e KMZ, Shapefile solto ou em .zip, DXF do CAD em UTM, memorial
//! descritivo em texto: SIGEF em texto corrido ou em tabela, graus decimais, UTM) e escrita
//! ([`escrita`]: GeoJSON, KML e a geometria do GeoPackage; [`escrita_ods`]: a tabela de vértices
//! do SIGEF);
//! validação; UTM, Albers-IBGE e SGL; área e perímetro geodésicos no elipsoide do SIRGAS 2000
//! ([`geodesia`]); as operações de desmembramento ([`operacoes`]), confrontantes, sedes,
//! interpolação por setores, o memorial descritivo e o mapa SVG.
//!
//! **Invariante:** sem E/S, sem relógio, sem SQL: quem chama passa bytes ou geometrias e recebe
//! números. Coordenadas são sempre `x` = longitude, `y` = latitude, graus SIRGAS 2000.

pub mod albers;
pub mod confrontantes;
pub mod digitacao;
pub mod escrita;
pub mod escrita_ods;
pub mod geodesia;
pub mod inconsistencias;
pub mod interpolacao;
pub mod leitura;
pub mod mapa;
pub mod memorial;
pub mod operacoes;
pub mod sedes;
pub mod sgl;
pub mod utm;
pub mod validacao;
