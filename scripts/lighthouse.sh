#!/usr/bin/env bash
# O Lighthouse (npm) contra o Chromium do Debian, nas páginas principais, como o público e como a
# Presidente, no laptop (--preset=desktop) e no celular (padrão): acessibilidade, boas práticas,
# desempenho e SEO de cada página (issue 17). Não faz parte do CI: mede, não confere.
#
#   bash scripts/lighthouse.sh            # usa target/debug/divisa (cargo build -p divisa antes)
#
# Precisa de node/npm e de /usr/bin/chromium (scripts/preparar-testes.sh o instala). Os
# relatórios JSON ficam em target/lighthouse/.
set -euo pipefail
cd "$(dirname "$0")/.."
raiz=$PWD
dir=target/lighthouse
mkdir -p "$dir"
if [ ! -x "$dir/node_modules/.bin/lighthouse" ]; then
  (cd "$dir" && npm init -y >/dev/null && npm install --no-audit --no-fund lighthouse@12.8.2 >/dev/null)
fi
porta=8197
rm -f "$dir/lh.sqlite3"
"$raiz/target/debug/divisa" serve --addr "127.0.0.1:$porta" --db "$dir/lh.sqlite3" >"$dir/servidor.log" 2>&1 &
servidor=$!
trap 'kill $servidor 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$porta/publico" && break; sleep 0.2; done
# a sessão da Presidente (demonstração): o cookie de pré-sessão traz o token do formulário
curl -s -c "$dir/j0" "http://127.0.0.1:$porta/entrar" >/dev/null
csrf=$(awk '/divisa_pre/ {print $7}' "$dir/j0")
curl -s -b "$dir/j0" -c "$dir/j1" -o /dev/null --data-urlencode "csrf=$csrf" --data-urlencode "proximo=/" \
  --data-urlencode "login=ana" --data-urlencode "senha=demonstracao" "http://127.0.0.1:$porta/entrar"
sessao=$(awk '/divisa_sessao/ {print $7}' "$dir/j1")
export CHROME_PATH=/usr/bin/chromium
flags="--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"
printf '%-40s %-8s %s\n' "página" "tamanho" "acessibilidade / boas práticas / desempenho / SEO"
for quem in publico ana; do
  if [ $quem = publico ]; then paginas="/publico /lei /municipios /municipios/5107859 /verificar /entrar"; else paginas="/ /processos /processos/00001.000001%2F2026-91 /avaliar /contas"; fi
  for p in $paginas; do
    for tamanho in laptop celular; do
      saida="$dir/$quem$(echo "$p" | tr '/%' '__').$tamanho.json"
      extra=()
      [ $tamanho = laptop ] && extra+=(--preset=desktop)
      [ $quem = ana ] && extra+=(--extra-headers="{\"Cookie\":\"divisa_sessao=$sessao\"}")
      "$dir/node_modules/.bin/lighthouse" "http://127.0.0.1:$porta$p" --chrome-flags="$flags" --quiet \
        --only-categories=accessibility,best-practices,performance,seo --output=json --output-path="$saida" "${extra[@]}" || true
      python3 - "$saida" "$quem $p" "$tamanho" <<'PY'
import json, sys
try:
    c = json.load(open(sys.argv[1]))["categories"]
    notas = " / ".join(str(round(c[k]["score"] * 100)) for k in ["accessibility", "best-practices", "performance", "seo"])
except Exception as e:
    notas = f"falhou ({e})"
print(f"{sys.argv[2]:<40} {sys.argv[3]:<8} {notas}")
PY
    done
  done
done
