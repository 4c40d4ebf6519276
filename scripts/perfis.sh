#!/usr/bin/env bash
# Quanto o `release` do dia a dia (sem LTO) custa em tempo de execução diante do `dist` (LTO
# fino, o executável que se instala) — issue 31. Roda os dois executáveis lado a lado, na mesma
# execução, alternando um e outro, e imprime a mediana de cada comando e a razão release/dist.
#
# Uso: bash scripts/perfis.sh [RELEASE DIST]
#   sem argumentos, compila os dois (`cargo build --release` e `cargo build --profile dist`);
#   com argumentos, mede os executáveis dados (por exemplo, dois `target` diferentes).
# Os comandos são o trabalho de quem usa o divisa: a avaliação com território (leitura do
# GeoJSON, áreas geodésicas, diferença com a Malha 2022), a varredura dos 142 municípios, o
# memorial descritivo e o Relatório Técnico em PDF (o typst).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -eq 2 ]; then
  release=$(realpath "$1")
  dist=$(realpath "$2")
else
  cargo build --release --locked -p divisa
  cargo build --profile dist --locked -p divisa
  release=$(realpath target/release/divisa)
  dist=$(realpath target/dist/divisa)
fi
repeticoes=${REPETICOES:-15}
trabalho=$(mktemp -d)
trap 'rm -rf "$trabalho"' EXIT
cp exemplos/desmembramento_area.toml exemplos/area_ribeiraozinho.geojson "$trabalho/"
# um limite grande e real: Paranatinga na Malha 2022 (23.381 vértices)
"$release" municipio Paranatinga --formato geojson >"$trabalho/paranatinga.geojson"

# um tempo, em microssegundos, de uma execução do comando (saída descartada)
uma_vez() {
  local bin=$1 inicio fim
  shift
  inicio=$(date +%s%N)
  (cd "$trabalho" && "$bin" "$@" >/dev/null 2>&1) || true
  fim=$(date +%s%N)
  echo $(((fim - inicio) / 1000))
}

# a mediana, em milissegundos, de uma lista de microssegundos
mediana() {
  printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {printf "%.1f", v[int((NR+1)/2)]/1000}'
}

printf 'release: %s\ndist:    %s\n%d execuções de cada, mediana, em 2 núcleos\n\n' "$release" "$dist" "$repeticoes"
printf '%-46s %12s %12s %8s\n' "comando" "release (ms)" "dist (ms)" "razão"
while IFS='|' read -r nome args; do
  # aquece o cache do sistema de arquivos para os dois
  (cd "$trabalho" && "$release" $args >/dev/null 2>&1 && "$dist" $args >/dev/null 2>&1) || true
  # alternados, release e dist, para que a máquina que varia pese igual nos dois
  tr=()
  td=()
  for _ in $(seq "$repeticoes"); do
    tr+=("$(uma_vez "$release" $args)")
    td+=("$(uma_vez "$dist" $args)")
  done
  r=$(mediana "${tr[@]}")
  d=$(mediana "${td[@]}")
  printf '%-46s %12s %12s %8s\n' "$nome" "${r/./,}" "${d/./,}" \
    "$(awk -v r="$r" -v d="$d" 'BEGIN {printf "%.2f", r/d}' | tr . ,)"
done <<'COMANDOS'
avaliar (desmembramento com o polígono)|avaliar desmembramento_area.toml --formato json
varredura (142 municípios, Art. 2º)|varredura --formato json
memorial descritivo (faixa de Ribeirãozinho)|memorial area_ribeiraozinho.geojson --formato json
memorial descritivo (Paranatinga, 23.381 vért.)|memorial paranatinga.geojson --formato json
município (Sorriso)|municipio Sorriso
relatório técnico em PDF (typst)|documento relatorio-tecnico desmembramento_area.toml -o relatorio.pdf
COMANDOS
