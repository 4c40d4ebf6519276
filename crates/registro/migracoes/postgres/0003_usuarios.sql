-- Contas da aplicação web (divisa serve): quem entra e com que papel (Arts. 14, 21 a 23).
-- A senha fica só como hash argon2 (PHC); a sessão, só como SHA-256 do token do cookie.
CREATE TABLE usuarios (
    login TEXT PRIMARY KEY,
    nome TEXT NOT NULL,
    papel TEXT NOT NULL,
    senha_hash TEXT NOT NULL,
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
CREATE TABLE arquivos (
    id BIGSERIAL PRIMARY KEY,
    protocolo TEXT NOT NULL REFERENCES processos (protocolo),
    nome TEXT NOT NULL,
    finalidade TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    conteudo BYTEA NOT NULL,
    enviado_por TEXT NOT NULL,
    enviado_em TEXT NOT NULL
);
CREATE INDEX arquivos_protocolo ON arquivos (protocolo);
CREATE FUNCTION arquivos_imutaveis() RETURNS trigger AS $$
BEGIN RAISE EXCEPTION 'arquivos do processo não podem ser alterados nem apagados'; END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER arquivos_imutaveis BEFORE UPDATE OR DELETE ON arquivos
FOR EACH ROW EXECUTE FUNCTION arquivos_imutaveis();
