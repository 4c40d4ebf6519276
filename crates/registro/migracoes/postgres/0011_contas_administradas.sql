-- Contas administradas na web pela Presidência da Comissão (issue 17): o cargo por extenso de
-- cada pessoa (mostrado em vez do login; vazio, o cargo do papel), a conta desativada (não
-- entra, e as sessões dela se encerram) e a senha provisória, que a pessoa troca ao entrar.
-- Cada alteração fica registrada — quem fez, quando, o quê —, só por acréscimo.
ALTER TABLE usuarios ADD COLUMN cargo TEXT;
ALTER TABLE usuarios ADD COLUMN ativa INTEGER NOT NULL DEFAULT 1;
ALTER TABLE usuarios ADD COLUMN trocar_senha INTEGER NOT NULL DEFAULT 0;
CREATE TABLE alteracoes_de_contas (
    id BIGSERIAL PRIMARY KEY,
    login TEXT NOT NULL REFERENCES usuarios (login),
    -- criada, nome, cargo, papel, desativada, reativada, senha_redefinida
    alteracao TEXT NOT NULL,
    detalhe TEXT NOT NULL,
    por TEXT NOT NULL,
    em TEXT NOT NULL
);
CREATE INDEX alteracoes_de_contas_login ON alteracoes_de_contas (login);
CREATE FUNCTION alteracoes_de_contas_imutaveis() RETURNS trigger AS $$
BEGIN RAISE EXCEPTION 'o registro das alterações de contas não pode ser alterado nem apagado'; END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER alteracoes_de_contas_imutaveis BEFORE UPDATE OR DELETE ON alteracoes_de_contas
FOR EACH ROW EXECUTE FUNCTION alteracoes_de_contas_imutaveis();
