-- O estado que os servidores dividem (issue 19: mais de um `divisa serve` no mesmo banco):
-- as falhas de entrada (a espera de quem erra vale em todos os servidores) e as chaves de envio
-- dos formulários (o recarregar num servidor não protocola de novo no outro).
CREATE TABLE tentativas (
    chave TEXT PRIMARY KEY,
    falhas BIGINT NOT NULL,
    ultima_ms BIGINT NOT NULL
);
CREATE TABLE envios (
    conta TEXT NOT NULL,
    chave TEXT NOT NULL,
    protocolo TEXT,
    criado_ms BIGINT NOT NULL,
    PRIMARY KEY (conta, chave)
);
