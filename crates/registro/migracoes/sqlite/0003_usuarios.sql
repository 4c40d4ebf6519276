-- Contas da aplicação web (divisa serve): quem entra e com que papel (Arts. 14, 21 a 23).
-- A senha fica só como hash argon2 (PHC); a sessão, só como SHA-256 do token do cookie.
CREATE TABLE usuarios (
    login TEXT PRIMARY KEY,
    nome TEXT NOT NULL,
    papel TEXT NOT NULL,
    senha_hash TEXT NOT NULL,
    -- conta criada pela semente de demonstração
    demonstracao INTEGER NOT NULL DEFAULT 0,
    criado_em TEXT NOT NULL
);
CREATE TABLE sessoes (
    token_hash TEXT PRIMARY KEY,
    login TEXT NOT NULL REFERENCES usuarios (login),
    csrf TEXT NOT NULL,
    criada_em TEXT NOT NULL,
    expira_em TEXT NOT NULL
);
-- Arquivos enviados com a representação (mapa, memorial): guardados como vieram, com o hash.
CREATE TABLE arquivos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    protocolo TEXT NOT NULL REFERENCES processos (protocolo),
    nome TEXT NOT NULL,
    finalidade TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    conteudo BLOB NOT NULL,
    enviado_por TEXT NOT NULL,
    enviado_em TEXT NOT NULL
);
CREATE INDEX arquivos_protocolo ON arquivos (protocolo);
CREATE TRIGGER arquivos_sem_update BEFORE UPDATE ON arquivos
BEGIN SELECT RAISE(ABORT, 'arquivos do processo não podem ser alterados'); END;
CREATE TRIGGER arquivos_sem_delete BEFORE DELETE ON arquivos
BEGIN SELECT RAISE(ABORT, 'arquivos do processo não podem ser apagados'); END;
