#!/usr/bin/env bash
# Carga da aplicação web, medida de fora: o `divisa serve` de release num processo, o wrk (do
# Debian) noutro, pelo loopback. Imprime as medidas ao lado das metas da issue:
#   - pedidos por segundo no relatório (POST /api/avaliar, exemplos/criacao.toml)  meta ≥ 5.000
#   - p99 a 500 pedidos/s                                                          meta ≤ 20 ms
#   - memória residente com todo Mato Grosso carregado                             meta ≤ 150 MB
#   - tempo de subida (até responder), banco novo e banco existente                meta ≤ 1 s
#
# Uso: bash crates/web/benches/carga.sh   (instala o wrk com apt-get se faltar)
set -euo pipefail
cd "$(dirname "$0")/../../.."
command -v wrk >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q wrk >/dev/null
cargo build --release -q -p divisa
BIN=$PWD/target/release/divisa
DIR=$(mktemp -d)
PORTA=18987
URL=http://127.0.0.1:$PORTA
trap 'kill $PID 2>/dev/null || true; rm -rf "$DIR"' EXIT

agora_ms() { date +%s%3N; }
# sobe o servidor e mede até a primeira resposta; deixa o tempo em SUBIDA e o processo em PID
subir() {
  local t0; t0=$(agora_ms)
  "$BIN" serve --addr 127.0.0.1:$PORTA --db "$DIR/divisa.sqlite3" 2>"$DIR/log" &
  PID=$!
  until curl -sf -o /dev/null "$URL/api/openapi.json"; do
    kill -0 $PID 2>/dev/null || { echo "o servidor não subiu:"; cat "$DIR/log"; exit 1; }
    sleep 0.005
  done
  SUBIDA=$(( $(agora_ms) - t0 ))
}

subir; novo=$SUBIDA; kill $PID; wait $PID 2>/dev/null || true
subir; existente=$SUBIDA

# todo Mato Grosso carregado: a malha inteira (e os dados de referência) e uma avaliação
curl -sf -o /dev/null "$URL/api/malha.geojson"
curl -sf -o /dev/null "$URL/municipios"
curl -sf -o /dev/null -X POST --data-binary @exemplos/criacao.toml "$URL/api/avaliar"
rss_kb=$(awk '/VmRSS/ {print $2}' /proc/$PID/status)
hwm_kb=$(awk '/VmHWM/ {print $2}' /proc/$PID/status)

cat >"$DIR/avaliar.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/toml"
local f = io.open("$PWD/exemplos/criacao.toml", "rb"); wrk.body = f:read("*a"); f:close()
LUA
# ritmo fixo: 5 conexões, cada uma esperando 9 ms entre pedidos (mais a resposta) ≈ 500 pedidos/s
cat >"$DIR/ritmo.lua" <<LUA
dofile("$DIR/avaliar.lua")
function delay() return 9 end
LUA

curl -sf -o /dev/null -X POST --data-binary @exemplos/criacao.toml "$URL/api/avaliar"
wrk -t2 -c64 -d3s -s "$DIR/avaliar.lua" "$URL/api/avaliar" >/dev/null   # aquecimento
wrk -t2 -c64 -d15s --latency -s "$DIR/avaliar.lua" "$URL/api/avaliar" >"$DIR/vazao.txt"
wrk -t1 -c5 -d20s --latency -s "$DIR/ritmo.lua" "$URL/api/avaliar" >"$DIR/ritmo.txt"

rps=$(awk '/Requests\/sec/ {print $2}' "$DIR/vazao.txt")
erros=$(grep -E "Non-2xx|Socket errors" "$DIR/vazao.txt" || true)
rps_ritmo=$(awk '/Requests\/sec/ {print $2}' "$DIR/ritmo.txt")
p99=$(awk '$1 == "99%" {print $2}' "$DIR/ritmo.txt")
p50=$(awk '$1 == "50%" {print $2}' "$DIR/ritmo.txt")
p99_carga=$(awk '$1 == "99%" {print $2}' "$DIR/vazao.txt")

echo
echo "divisa serve — carga medida com wrk pelo loopback ($(nproc) núcleos; servidor e wrk na mesma máquina)"
printf '%-62s %14s %10s\n' "medida" "divisa" "meta"
printf '%-62s %14s %10s\n' "relatório (POST /api/avaliar): pedidos/s, 64 conexões" "$rps" "≥ 5000"
printf '%-62s %14s %10s\n' "  p99 nessa carga" "$p99_carga" ""
printf '%-62s %14s %10s\n' "p99 a ritmo fixo (${rps_ritmo} pedidos/s; p50 ${p50})" "$p99" "≤ 20 ms"
printf '%-62s %11s MB %10s\n' "memória residente com MT carregado (pico ${hwm_kb} kB)" "$((rss_kb / 1024))" "≤ 150 MB"
printf '%-62s %11s ms %10s\n' "subida, banco novo (com a semente de demonstração)" "$novo" "≤ 1000 ms"
printf '%-62s %11s ms %10s\n' "subida, banco existente" "$existente" "≤ 1000 ms"
[ -z "$erros" ] || echo "atenção: $erros"
