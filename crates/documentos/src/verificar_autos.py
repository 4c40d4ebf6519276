#!/usr/bin/env python3
"""Confere os autos exportados pelo divisa sem o divisa: a cadeia de hashes dos eventos e o
SHA-256 de cada arquivo. Uso: python3 verificar.py [PASTA_DOS_AUTOS]. Sai com 0 se confere.

O hash de um evento é o SHA-256 das colunas gravadas. No formato 3 (os eventos novos), cada
coluna vem precedida do seu tamanho em bytes (8 bytes, big-endian): "divisa-evento-v3", o
protocolo, a posição, o dia, o instante do registro, quem agiu, o papel, o tipo do ato, o ato
em JSON (como gravado), a lista de arquivos em JSON (vazia se não há) e o hash do evento
anterior (64 zeros no primeiro). No formato 1 (os gravados antes), as colunas vão seguidas de
uma quebra de linha, sem o tipo: "divisa-evento-v1" (ou "divisa-evento-v2" quando o ato tem
arquivos, com a lista antes do hash anterior)."""
import hashlib
import json
import os
import sys

pasta = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(pasta, "eventos.json"), encoding="utf-8") as f:
    autos = json.load(f)
protocolo = autos["protocolo"]
anterior = "0" * 64
problemas = []
for e in autos["eventos"]:
    seq = e["seq"]
    if e["hash_anterior"] != anterior:
        problemas.append(f"evento {seq}: não segue o anterior (evento removido ou fora de ordem)")
    if "ato" in e:
        if e.get("formato", 1) >= 3:
            partes = ["divisa-evento-v3", protocolo, str(seq), e["data"], e["registrado_em"],
                      e["ator"], e["papel"], e["tipo"], e["ato"], e["anexos"], e["hash_anterior"]]
            soma = hashlib.sha256()
            for p in partes:
                b = p.encode("utf-8")
                soma.update(len(b).to_bytes(8, "big"))
                soma.update(b)
            h = soma.hexdigest()
        else:
            partes = [
                "divisa-evento-v2" if e["anexos"] else "divisa-evento-v1",
                protocolo, str(seq), e["data"], e["registrado_em"], e["ator"], e["papel"], e["ato"],
            ]
            if e["anexos"]:
                partes.append(e["anexos"])
            partes.append(e["hash_anterior"])
            h = hashlib.sha256("".join(p + "\n" for p in partes).encode("utf-8")).hexdigest()
        if h != e["hash"]:
            problemas.append(f"evento {seq}: o conteúdo não tem o hash gravado (alterado)")
        anexos = json.loads(e["anexos"]) if e["anexos"] else []
        for anexo, caminho in zip(anexos, e.get("arquivos", [])):
            with open(os.path.join(pasta, caminho), "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() != anexo["sha256"]:
                    problemas.append(f"evento {seq}: o arquivo {caminho} foi alterado")
        if len(e.get("arquivos", [])) != len(anexos):
            problemas.append(f"evento {seq}: faltam arquivos no pacote")
    anterior = e["hash"]
if anterior != autos["ultimo_hash"]:
    problemas.append("o último evento não é o que o processo registra (evento final removido)")
for p in problemas:
    print("NÃO CONFERE —", p)
if not problemas:
    print(f"Confere: {len(autos['eventos'])} eventos do processo {protocolo}, último hash {anterior}.")
sys.exit(1 if problemas else 0)
