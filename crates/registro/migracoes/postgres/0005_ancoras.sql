-- Âncoras da auditoria: o hash de cabeça de cada processo e do registro inteiro, registrados
-- quando publicados (no Diário Oficial, por exemplo). Só acréscimo. Quem reescreve a cadeia
-- inteira de um processo, apaga um processo ou o último evento é acusado diante da última.
CREATE TABLE ancoras (
    id BIGSERIAL PRIMARY KEY,
    registrada_em TEXT NOT NULL,
    processos BIGINT NOT NULL,
    eventos BIGINT NOT NULL,
    hash TEXT NOT NULL,
    cabecas TEXT NOT NULL
);
CREATE FUNCTION ancoras_imutaveis() RETURNS trigger AS $$
BEGIN RAISE EXCEPTION 'âncoras publicadas não se alteram nem se apagam'; END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER ancoras_imutaveis BEFORE UPDATE OR DELETE ON ancoras
FOR EACH ROW EXECUTE FUNCTION ancoras_imutaveis();
-- TRUNCATE passa por cima dos gatilhos de linha: recusado também.
CREATE TRIGGER ancoras_sem_truncate BEFORE TRUNCATE ON ancoras
FOR EACH STATEMENT EXECUTE FUNCTION ancoras_imutaveis();
