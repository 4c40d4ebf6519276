#!/usr/bin/env python3
"""Gera contorno_mt.rs: o contorno de Mato Grosso simplificado para o mapa de situação.

Entrada: shared/data/mt_estado.geojson (a união dos 141 polígonos da Malha Municipal 2022 do
IBGE, SIRGAS 2000; ver dados/PROVENIENCIA.md). Saída: o anel exterior simplificado por
Douglas-Peucker com tolerância de 0,02° (cerca de 2 km; no mapa de situação um pixel vale uns
8 km), com três casas decimais.

Uso: python3 gera_contorno_mt.py ../../../../../shared/data/mt_estado.geojson > contorno_mt.rs
"""
import json
import sys

TOLERANCIA = 0.02


def distancia(p, a, b):
    (x, y), (x1, y1), (x2, y2) = p, a, b
    dx, dy = x2 - x1, y2 - y1
    n = dx * dx + dy * dy
    if n == 0:
        return ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
    t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / n))
    return ((x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2) ** 0.5


def douglas_peucker(pontos, tol):
    manter = [False] * len(pontos)
    manter[0] = manter[-1] = True
    pilha = [(0, len(pontos) - 1)]
    while pilha:
        i, j = pilha.pop()
        maior, k = 0.0, None
        for m in range(i + 1, j):
            d = distancia(pontos[m], pontos[i], pontos[j])
            if d > maior:
                maior, k = d, m
        if k is not None and maior > tol:
            manter[k] = True
            pilha.append((i, k))
            pilha.append((k, j))
    return [p for p, m in zip(pontos, manter) if m]


def main():
    dados = json.load(open(sys.argv[1]))
    geometria = dados["features"][0]["geometry"]
    assert geometria["type"] == "Polygon"
    anel = geometria["coordinates"][0]
    # O anel fechado vira duas metades, para o Douglas-Peucker não degenerar no ponto inicial.
    meio = len(anel) // 2
    simples = douglas_peucker(anel[: meio + 1], TOLERANCIA)[:-1] + douglas_peucker(anel[meio:], TOLERANCIA)
    print("//! O contorno de Mato Grosso para o mapa de situação, gerado por `gera_contorno_mt.py`.")
    print("//!")
    print("//! Fonte: a união dos 141 polígonos da Malha Municipal 2022 do IBGE (SIRGAS 2000), o")
    print("//! `mt_estado.geojson` de `shared/data/` (24.657 vértices; ver `dados/PROVENIENCIA.md`),")
    print(f"//! simplificada por Douglas-Peucker com tolerância de {str(TOLERANCIA).replace('.', ',')}° ({len(simples)} vértices,")
    print("//! três casas decimais). Serve só para situar o recorte no Estado, não para medir.")
    print()
    print("/// O anel exterior, pontos `[lon, lat]` em graus, fechado (o último repete o primeiro).")
    print("#[rustfmt::skip]")
    print("pub(super) const CONTORNO_MT: &[[f64; 2]] = &[")
    linha = "   "
    for x, y in simples:
        item = f" [{x:.3f}, {y:.3f}],"
        if len(linha) + len(item) > 99:
            print(linha)
            linha = "   "
        linha += item
    print(linha)
    print("];")


main()
