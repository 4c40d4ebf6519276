-- O formato do hash de cada evento: 1 para os gravados antes (colunas separadas por quebra de
-- linha, sem o tipo); 3 para os novos (cada coluna com o seu tamanho, o tipo incluído).
ALTER TABLE eventos ADD COLUMN formato INTEGER NOT NULL DEFAULT 1;
