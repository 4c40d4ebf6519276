-- divisa: processos da LC 23/1992 (PostgreSQL). Os eventos só admitem acréscimo.
CREATE TABLE configuracao (
    chave TEXT PRIMARY KEY,
    valor TEXT NOT NULL
);
INSERT INTO configuracao (chave, valor) VALUES ('unidade_protocolizadora', '1');

CREATE TABLE sequencias (
    ano BIGINT PRIMARY KEY,
    ultimo BIGINT NOT NULL
);

CREATE TABLE processos (
    id BIGSERIAL PRIMARY KEY,
    protocolo TEXT NOT NULL UNIQUE,
    tipo TEXT NOT NULL,
    nome TEXT NOT NULL,
    fase TEXT NOT NULL,
    versao BIGINT NOT NULL CHECK (versao >= 1),
    ultimo_hash TEXT NOT NULL,
    ultimo_ato TEXT NOT NULL,
    criado_em TEXT NOT NULL
);

CREATE TABLE eventos (
    processo_id BIGINT NOT NULL REFERENCES processos (id),
    seq BIGINT NOT NULL CHECK (seq >= 1),
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

CREATE FUNCTION eventos_so_acrescimo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'eventos só admitem acréscimo: um erro se corrige com outro ato';
END;
$$;

CREATE TRIGGER eventos_sem_alteracao BEFORE UPDATE OR DELETE ON eventos
    FOR EACH ROW EXECUTE FUNCTION eventos_so_acrescimo();

CREATE TABLE pendencias (
    processo_id BIGINT NOT NULL REFERENCES processos (id),
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
