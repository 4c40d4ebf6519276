-- divisa: processos da LC 23/1992 (SQLite). Os eventos só admitem acréscimo.
CREATE TABLE configuracao (
    chave TEXT PRIMARY KEY,
    valor TEXT NOT NULL
);
INSERT INTO configuracao (chave, valor) VALUES ('unidade_protocolizadora', '1');

CREATE TABLE sequencias (
    ano INTEGER PRIMARY KEY,
    ultimo INTEGER NOT NULL
);

CREATE TABLE processos (
    id INTEGER PRIMARY KEY,
    protocolo TEXT NOT NULL UNIQUE,
    tipo TEXT NOT NULL,
    nome TEXT NOT NULL,
    fase TEXT NOT NULL,
    versao INTEGER NOT NULL CHECK (versao >= 1),
    ultimo_hash TEXT NOT NULL,
    ultimo_ato TEXT NOT NULL,
    criado_em TEXT NOT NULL
);

CREATE TABLE eventos (
    processo_id INTEGER NOT NULL REFERENCES processos (id),
    seq INTEGER NOT NULL CHECK (seq >= 1),
    data TEXT NOT NULL,
    registrado_em TEXT NOT NULL,
    ator TEXT NOT NULL,
    papel TEXT NOT NULL,
    tipo TEXT NOT NULL,
    ato TEXT NOT NULL,
    hash_anterior TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (processo_id, seq)
);

CREATE TRIGGER eventos_sem_alteracao BEFORE UPDATE ON eventos
BEGIN
    SELECT RAISE(ABORT, 'eventos só admitem acréscimo: um erro se corrige com outro ato');
END;

CREATE TRIGGER eventos_sem_remocao BEFORE DELETE ON eventos
BEGIN
    SELECT RAISE(ABORT, 'eventos só admitem acréscimo: um erro se corrige com outro ato');
END;

-- Projeção refeita a cada ato: o que o processo deve e até quando (alertas sem reler eventos;
-- protocolo e nome repetidos aqui para a consulta dos alertas não precisar de junção).
CREATE TABLE pendencias (
    processo_id INTEGER NOT NULL REFERENCES processos (id),
    chave TEXT NOT NULL,
    protocolo TEXT NOT NULL,
    nome TEXT NOT NULL,
    vencimento TEXT,
    -- a partir de quando alerta: 7 dias antes do vencimento; sem vencimento, desde já.
    alerta_desde TEXT NOT NULL,
    -- a parte variável da frase (número do ofício; data e motivo da recusa)
    detalhe TEXT NOT NULL,
    PRIMARY KEY (processo_id, chave)
);
CREATE INDEX pendencias_alerta_desde ON pendencias (alerta_desde);
