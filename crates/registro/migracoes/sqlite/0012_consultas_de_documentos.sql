-- Ver um documento não o emite (issue 32). Até aqui, baixar o PDF de um documento do processo o
-- registrava como emitido em nome de quem o baixava: o órgão que lia o ofício dirigido a ele, o
-- servidor que conferia um parecer. Desde esta versão, emitir é um ato à parte (POST, por quem
-- pode emitir, com confirmação), e a leitura nunca grava.
-- O que a regra antiga registrou fica como está: os documentos emitidos são só acréscimo (as
-- travas da migração 0009), e nada é reescrito. Esta tabela marca, ao lado, as emissões que eram
-- só leituras: de cada documento (processo, tipo e título), a primeira emissão continua emitida;
-- as seguintes, se ninguém as assinou, passam a consultas. Uma emissão assinada é um documento
-- emitido, qualquer que seja a sua ordem. O arquivo de uma consulta ainda confere em /verificar
-- (foi entregue a alguém), dizendo que é cópia de consulta, não o documento emitido.
CREATE TABLE documentos_consultas (
    emissao INTEGER PRIMARY KEY REFERENCES documentos_emitidos (id),
    motivo TEXT NOT NULL
);
INSERT INTO documentos_consultas (emissao, motivo)
SELECT e.id, 'registrada ao ser vista, antes de a emissão ser um ato à parte (migração 0012)'
FROM documentos_emitidos e
WHERE e.id <> (SELECT MIN(p.id) FROM documentos_emitidos p
               WHERE p.protocolo = e.protocolo AND p.tipo = e.tipo AND p.titulo = e.titulo)
  AND NOT EXISTS (SELECT 1 FROM documentos_assinados a WHERE a.emissao = e.id);
CREATE TRIGGER documentos_consultas_sem_update BEFORE UPDATE ON documentos_consultas
BEGIN SELECT RAISE(ABORT, 'as consultas marcadas não podem ser alteradas'); END;
CREATE TRIGGER documentos_consultas_sem_delete BEFORE DELETE ON documentos_consultas
BEGIN SELECT RAISE(ABORT, 'as consultas marcadas não podem ser apagadas'); END;
