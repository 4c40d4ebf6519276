-- Âncoras da auditoria: o hash de cabeça de cada processo e do registro inteiro, registrados
-- quando publicados (no Diário Oficial, por exemplo). Só acréscimo. Quem reescreve a cadeia
-- inteira de um processo, apaga um processo ou o último evento é acusado diante da última.
CREATE TABLE ancoras (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    registrada_em TEXT NOT NULL,
    processos BIGINT NOT NULL,
    eventos BIGINT NOT NULL,
    hash TEXT NOT NULL,
    cabecas TEXT NOT NULL
);
CREATE TRIGGER ancoras_sem_update BEFORE UPDATE ON ancoras
BEGIN SELECT RAISE(ABORT, 'âncoras publicadas não se alteram'); END;
CREATE TRIGGER ancoras_sem_delete BEFORE DELETE ON ancoras
BEGIN SELECT RAISE(ABORT, 'âncoras publicadas não se apagam'); END;
