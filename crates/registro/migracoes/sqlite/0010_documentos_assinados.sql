-- As versões assinadas dos documentos emitidos (issue 16: assinatura PAdES na página do
-- processo). Quem assina (o relator, o Presidente) acrescenta ao PDF emitido uma revisão com a
-- sua assinatura; a versão assinada fica aqui, ligada à emissão, com o SHA-256 dos bytes, quem
-- assinou (o login, para a auditoria; o nome e o cargo como eram no dia, para mostrar), o titular
-- do certificado e o instante. A próxima assinatura parte da última versão: cada uma é uma
-- revisão acrescentada (ISO 32000, atualização incremental), e o documento emitido continua
-- intacto no começo de cada versão, conferindo. Só acréscimo.
CREATE TABLE documentos_assinados (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    emissao INTEGER NOT NULL REFERENCES documentos_emitidos (id),
    sha256 TEXT NOT NULL UNIQUE,
    -- o SHA-256 da versão a que esta acrescenta (a emitida ou a última assinada): uma versão só
    -- por anterior, para que duas assinaturas ao mesmo tempo não façam dois ramos, cada um sem a
    -- assinatura do outro (a segunda é recusada e assina de novo a versão atual)
    anterior TEXT NOT NULL,
    tamanho INTEGER NOT NULL,
    assinado_por TEXT NOT NULL,
    assinante_nome TEXT,
    assinante_cargo TEXT NOT NULL,
    -- o nome do titular como o certificado o traz
    titular TEXT NOT NULL,
    assinado_em TEXT NOT NULL,
    conteudo BLOB NOT NULL,
    UNIQUE (emissao, anterior)
);
CREATE INDEX documentos_assinados_emissao ON documentos_assinados (emissao);
CREATE TRIGGER documentos_assinados_sem_update BEFORE UPDATE ON documentos_assinados
BEGIN SELECT RAISE(ABORT, 'documentos assinados não podem ser alterados'); END;
CREATE TRIGGER documentos_assinados_sem_delete BEFORE DELETE ON documentos_assinados
BEGIN SELECT RAISE(ABORT, 'documentos assinados não podem ser apagados'); END;
