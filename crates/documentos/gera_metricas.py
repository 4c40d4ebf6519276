#!/usr/bin/env python3
"""Gera src/metricas.rs: a largura (em milésimos de em) de cada caractere da WinAnsiEncoding
(cp1252, códigos 32 a 255) nas fontes padrão Times-Roman e Times-Bold do PDF.

Fonte das larguras: os AFM da URW (pacote Debian fonts-urw-base35, 20200910-7:
/usr/share/fonts/type1/urw-base35/NimbusRoman-{Regular,Bold}.afm), métrica-compatíveis com
Times-Roman e Times-Bold da Adobe. Nomes dos glifos pela Adobe Glyph List (fontTools.agl).
Rodar: python3 crates/documentos/gera_metricas.py > crates/documentos/src/metricas.rs
"""
from fontTools.agl import UV2AGL

def larguras(caminho):
    w = {}
    for linha in open(caminho, encoding="latin-1"):
        if linha.startswith("C "):
            partes = dict(p.strip().split(" ", 1) for p in linha.split(";") if p.strip() and " " in p.strip())
            w[partes["N"]] = int(float(partes["WX"]))
    return w

base = "/usr/share/fonts/type1/urw-base35/NimbusRoman-"
print("//! Larguras das fontes padrão do PDF (Times-Roman, Times-Bold) na WinAnsiEncoding, em")
print("//! milésimos de em, dos códigos 32 a 255. Gerado por `gera_metricas.py` (veja a fonte lá).")
print()
for nome, arquivo in [("TIMES", "Regular"), ("TIMES_NEGRITO", "Bold")]:
    w = larguras(base + arquivo + ".afm")
    vals = []
    for b in range(32, 256):
        try:
            ch = bytes([b]).decode("cp1252")
            g = UV2AGL.get(ord(ch))
            vals.append(w.get(g, w["space"]) if g else 0)
        except UnicodeDecodeError:
            vals.append(0)
    print(f"/// {nome.replace('_', ' ').title()}: larguras dos códigos 32 a 255.")
    print(f"pub(crate) const {nome}: [u16; 224] = [")
    for i in range(0, 224, 16):
        print("    " + ", ".join(str(v) for v in vals[i:i+16]) + ",")
    print("];")
    print()
