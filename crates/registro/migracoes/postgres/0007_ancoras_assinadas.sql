-- Âncoras assinadas e encadeadas: cada âncora guarda o selo da anterior (a lista não perde
-- uma do meio sem acusar) e a assinatura Ed25519 do operador, com a chave pública dele. A
-- chave privada fica fora do banco; quem reescreve o banco não refaz a assinatura.
ALTER TABLE ancoras ADD COLUMN anterior TEXT;
ALTER TABLE ancoras ADD COLUMN assinatura TEXT;
ALTER TABLE ancoras ADD COLUMN chave_publica TEXT;
