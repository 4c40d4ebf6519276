-- Os arquivos da representação entram na cadeia (issue 30). Até aqui, o mapa, o memorial e a
-- lista dos títulos enviados pela página ficavam sem evento (evento_seq nulo). Agora entram no
-- evento do protocolo, e os que ficaram de fora são juntados por um termo de juntada no fim da
-- cadeia, ao abrir o banco (crates/registro/src/juntada.rs): nenhum evento é reescrito.
-- Para isso, a trava dos arquivos passa a permitir uma única mudança: ligar a um evento um
-- arquivo que não tinha evento, sem tocar em mais nada. Todo o resto continua recusado.
CREATE OR REPLACE FUNCTION arquivos_imutaveis() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.evento_seq IS NULL AND NEW.evento_seq IS NOT NULL
       AND NEW.id = OLD.id AND NEW.protocolo = OLD.protocolo AND NEW.nome = OLD.nome
       AND NEW.finalidade = OLD.finalidade AND NEW.sha256 = OLD.sha256
       AND NEW.conteudo = OLD.conteudo AND NEW.enviado_por = OLD.enviado_por
       AND NEW.enviado_em = OLD.enviado_em
       AND NEW.tipo_midia IS NOT DISTINCT FROM OLD.tipo_midia THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'arquivos do processo não podem ser alterados nem apagados';
END;
$$ LANGUAGE plpgsql;
