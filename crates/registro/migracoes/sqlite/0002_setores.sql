-- Setores censitários importados (divisa setores importar): a malha do IBGE com os agregados
-- do Censo 2022, para estimar a população dentro de um polígono (interpolação de área).
CREATE TABLE setores (
    codigo TEXT PRIMARY KEY,
    municipio BIGINT NOT NULL,
    urbano BOOLEAN NOT NULL,
    populacao BIGINT NOT NULL,
    domicilios BIGINT NOT NULL,
    -- coordenadas do polígono em JSON ([[[lon, lat], ...], ...]), graus SIRGAS 2000
    geometria TEXT NOT NULL,
    fonte TEXT NOT NULL,
    importado_em TEXT NOT NULL
);
CREATE INDEX setores_municipio ON setores (municipio);
