#!/usr/bin/env bash
# Refaz crates/web/ativos/govbr/core.recortado.css: a folha do Padrão Digital de Governo
# (@govbr-ds/core 3.7.0, do npm) só com as regras que as páginas do divisa usam. A folha inteira
# tem 719 KB (84 KB em gzip) e bloqueava a primeira pintura no celular; as páginas usam as
# variáveis (cores, sombras, espaçamentos, tipografia) e as regras dos elementos, nenhum
# componente br-*. O PurgeCSS (npm) guarda as regras cujos seletores aparecem nos moldes
# (crates/web/src/*.rs) e no divisa.js, e todas as variáveis de :root.
#
#   bash scripts/recortar-govbr.sh      # rode de novo ao usar um elemento ou classe novos
#
# Precisa de node/npm. Confere o SHA-256 do pacote antes de usar.
set -euo pipefail
cd "$(dirname "$0")/.."
raiz=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
npm pack --silent @govbr-ds/core@3.7.0 >/dev/null
echo "2b8f13b0a1427f101f9f7aa81751b1bafe829e17305b1727fc2a0e3326781247  govbr-ds-core-3.7.0.tgz" | sha256sum -c --quiet
tar xzf govbr-ds-core-3.7.0.tgz package/dist/core.min.css
npm init -y >/dev/null
npm install --silent --no-audit --no-fund purgecss@7.0.2 >/dev/null
cat > recortar.mjs <<JS
import { PurgeCSS } from 'purgecss';
import fs from 'fs';
const [r] = await new PurgeCSS().purge({
  content: ['$raiz/crates/web/src/*.rs', '$raiz/crates/web/ativos/divisa.js'],
  css: ['package/dist/core.min.css'],
  fontFace: false, keyframes: true, variables: false,
  safelist: { standard: ['html', 'body', ':root'] },
});
fs.writeFileSync('$raiz/crates/web/ativos/govbr/core.recortado.css',
  '/* @govbr-ds/core 3.7.0 (MIT), recortado por scripts/recortar-govbr.sh */\n' + r.css + '\n');
JS
node recortar.mjs
wc -c "$raiz/crates/web/ativos/govbr/core.recortado.css"
