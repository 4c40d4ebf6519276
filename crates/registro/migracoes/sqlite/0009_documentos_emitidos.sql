-- Os documentos emitidos dos autos (issue 16: "assinado e verificável"). Cada PDF que sai de um
-- processo é registrado ao ser emitido: o código de verificação que traz, o SHA-256 e o tamanho
-- dos bytes, o tipo, o título, o processo, quem emitiu (o login, para a auditoria; o nome e o
-- cargo como eram no dia, para mostrar), a data do documento, o instante da emissão e os
-- próprios bytes — quem tem o código obtém a cópia autêntica, como no "conferir autenticidade"
-- do SEI. Conferir um arquivo é achar o SHA-256 dele aqui, não refazer o documento: uma
-- regravação por outro programa não passa por autêntica, e outro programa de desenho não torna
-- falsos os documentos já emitidos.
-- O mesmo código com os mesmos bytes é uma linha só (baixar de novo não repete); o mesmo código
-- com outros bytes (o mesmo conteúdo desenhado por outra versão do programa) é outra linha: cada
-- arquivo que saiu continua conferindo. Só acréscimo.
CREATE TABLE documentos_emitidos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- os 20 dígitos hexadecimais, maiúsculos, sem os traços
    codigo TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    tamanho INTEGER NOT NULL,
    tipo TEXT NOT NULL,
    titulo TEXT NOT NULL,
    protocolo TEXT NOT NULL REFERENCES processos (protocolo),
    emitido_por TEXT NOT NULL,
    -- vazio quando quem emitiu não tem conta (o operador na linha de comando)
    emitente_nome TEXT,
    emitente_cargo TEXT NOT NULL,
    -- AAAA-MM-DD
    data_documento TEXT NOT NULL,
    emitido_em TEXT NOT NULL,
    conteudo BLOB NOT NULL,
    UNIQUE (codigo, sha256)
);
CREATE INDEX documentos_emitidos_sha256 ON documentos_emitidos (sha256);
CREATE TRIGGER documentos_emitidos_sem_update BEFORE UPDATE ON documentos_emitidos
BEGIN SELECT RAISE(ABORT, 'documentos emitidos não podem ser alterados'); END;
CREATE TRIGGER documentos_emitidos_sem_delete BEFORE DELETE ON documentos_emitidos
BEGIN SELECT RAISE(ABORT, 'documentos emitidos não podem ser apagados'); END;
