-- O estado que os servidores dividem (issue 19: mais de um `divisa serve` no mesmo banco):
-- as falhas de entrada (a espera de quem erra vale em todos os servidores) e as chaves de envio
-- dos formulários (o recarregar num servidor não protocola de novo no outro).
CREATE TABLE tentativas (
    chave TEXT PRIMARY KEY,
    falhas INTEGER NOT NULL,
    ultima_ms INTEGER NOT NULL
);
CREATE TABLE envios (
    conta TEXT NOT NULL,
    chave TEXT NOT NULL,
    protocolo TEXT,
    -- quem reservou a chave (um valor ao acaso por pedido): só ele a conclui ou a devolve
    dono TEXT NOT NULL,
    criado_ms INTEGER NOT NULL,
    PRIMARY KEY (conta, chave)
);
-- A caixa de saída dos avisos por e-mail (prazos do Art. 2º, § 3º): cada aviso entra uma vez
-- (a chave é única), fica até ser entregue (um servidor de e-mail fora do ar não perde nada)
-- e é reservado por um servidor de cada vez (dois servidores não mandam o mesmo aviso).
CREATE TABLE caixa_de_saida (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    chave TEXT NOT NULL UNIQUE,
    para TEXT NOT NULL,
    assunto TEXT NOT NULL,
    corpo TEXT NOT NULL,
    criado_ms INTEGER NOT NULL,
    tentativas INTEGER NOT NULL DEFAULT 0,
    proxima_ms INTEGER NOT NULL,
    reservado_ate_ms INTEGER,
    enviado_ms INTEGER,
    erro TEXT
);
