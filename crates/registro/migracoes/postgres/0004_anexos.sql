-- Os atos levam arquivos: o evento guarda, na cadeia, o nome, o tipo, o tamanho e o SHA-256 de
-- cada um (JSON; vazio quando não há nenhum); o conteúdo fica em `arquivos`, ligado ao evento.
ALTER TABLE eventos ADD COLUMN anexos TEXT NOT NULL DEFAULT '';
ALTER TABLE arquivos ADD COLUMN evento_seq BIGINT;
ALTER TABLE arquivos ADD COLUMN tipo_midia TEXT;
