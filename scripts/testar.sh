#!/usr/bin/env bash
# O comando de testes do README: prepara a máquina (scripts/preparar-testes.sh instala e inicia o
# PostgreSQL, o Chromium, o poppler e o unzip que faltarem) e roda `cargo test --workspace` com
# os argumentos dados (o .ci/run passa --locked).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/preparar-testes.sh
printf '\n== testes (%s)\n' "$(date +%H:%M:%S)"
exec cargo test --workspace "$@"
