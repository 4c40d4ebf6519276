-- Ver um documento não o emite (issue 32): o mesmo que migracoes/sqlite/0012 (lá, o porquê).
CREATE TABLE documentos_consultas (
    emissao BIGINT PRIMARY KEY REFERENCES documentos_emitidos (id),
    motivo TEXT NOT NULL
);
INSERT INTO documentos_consultas (emissao, motivo)
SELECT e.id, 'registrada ao ser vista, antes de a emissão ser um ato à parte (migração 0012)'
FROM documentos_emitidos e
WHERE e.id <> (SELECT MIN(p.id) FROM documentos_emitidos p
               WHERE p.protocolo = e.protocolo AND p.tipo = e.tipo AND p.titulo = e.titulo)
  AND NOT EXISTS (SELECT 1 FROM documentos_assinados a WHERE a.emissao = e.id);
CREATE FUNCTION documentos_consultas_imutaveis() RETURNS trigger AS $$
BEGIN RAISE EXCEPTION 'as consultas marcadas não podem ser alteradas nem apagadas'; END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER documentos_consultas_imutaveis BEFORE UPDATE OR DELETE ON documentos_consultas
FOR EACH ROW EXECUTE FUNCTION documentos_consultas_imutaveis();
