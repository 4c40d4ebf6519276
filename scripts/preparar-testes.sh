#!/usr/bin/env bash
# Prepara uma máquina Debian para os testes do divisa: instala e inicia o que os testes usam além
# do Rust, como um usuário usaria (issue 19, "os dois comandos"):
#   - PostgreSQL em 127.0.0.1:5432, usuário postgres sem senha (os testes do registro criam e
#     apagam os seus bancos);
#   - Chromium e chromedriver do Debian (o teste do navegador guia o Chromium sem janela);
#   - poppler-utils (pdftotext, pdftoppm, pdfinfo, pdfsig), qpdf e unzip (os testes dos documentos, da
#     assinatura e dos autos);
#   - curl e openssl (o TLS nativo e o certificado A1 de teste);
#   - o LibreOffice Writer sem interface (o ODT dos documentos abre nele e vira PDF);
#   - python3 (o verificador dos autos exportados; a máquina já o traz).
# O que já existe não é reinstalado; o que falta vem do apt (como root, ou com sudo).
# Chamado por scripts/testar.sh (o comando de testes do README) e pelo .ci/run.
set -euo pipefail

etapa() { printf '\n== %s (%s)\n' "$1" "$(date +%H:%M:%S)"; }

# apt-get como root, ou com sudo se houver.
if [ "$(id -u)" -eq 0 ]; then
  apt_get() { DEBIAN_FRONTEND=noninteractive apt-get "$@"; }
  como_root() { "$@"; }
elif command -v sudo >/dev/null; then
  apt_get() { sudo DEBIAN_FRONTEND=noninteractive apt-get "$@"; }
  como_root() { sudo "$@"; }
else
  apt_get() { echo "falta instalar (apt-get $*), e não sou root nem há sudo" >&2; return 1; }
  como_root() { echo "falta rodar como root: $*" >&2; return 1; }
fi
instalar() { apt_get install -y -q "$@" >/dev/null || { apt_get update -q >/dev/null && apt_get install -y -q "$@" >/dev/null; }; }

etapa "PostgreSQL"
# Os testes do registro (crates/registro) rodam também em PostgreSQL, em 127.0.0.1:5432 (usuário
# postgres, sem senha): cada teste cria e apaga o seu banco. Se o servidor não estiver no ar,
# inicia-o; se não houver servidor, falha aqui, dizendo por quê (os testes exigem o PostgreSQL).
pg_no_ar() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
if ! pg_no_ar; then
  if ! command -v pg_ctlcluster >/dev/null; then
    echo "PostgreSQL não instalado: instalando o do Debian"
    instalar postgresql
    versao=$(ls /etc/postgresql | sort -V | tail -1)
    como_root sed -i 's/^\(host.*127.0.0.1\/32\s*\)\S*$/\1trust/; s/^\(local\s*all\s*postgres\s*\)\S*$/\1trust/' "/etc/postgresql/$versao/main/pg_hba.conf"
  fi
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    versao=$(ls /etc/postgresql | sort -V | tail -1)
    como_root pg_ctlcluster --skip-systemctl-redirect "$versao" main start || true
  fi
  for _ in $(seq 1 30); do pg_no_ar && break; sleep 1; done
fi
pg_no_ar || { echo "PostgreSQL não responde em 127.0.0.1:5432 e não foi possível iniciá-lo"; exit 1; }
psql -h 127.0.0.1 -U postgres -d postgres -Atc "SELECT 'PostgreSQL ' || current_setting('server_version')"
# Bancos de teste que uma execução interrompida deixou para trás.
psql -h 127.0.0.1 -U postgres -d postgres -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'divisa_teste_%'" \
  | while read -r banco; do psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS \"$banco\" WITH (FORCE)"; done

etapa "Chromium"
# O teste do navegador (crates/web/tests/navegador.rs) guia o Chromium do Debian sem janela pelo
# chromedriver. Instala os dois se faltarem; sem eles o teste falha (não pula).
if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ]; then
  echo "instalando chromium e chromium-driver do Debian"
  instalar chromium chromium-driver
fi
# O navegador em português, como o de quem usa (o campo de data em dd/mm/aaaa, o botão de
# arquivo em português): o Debian põe as traduções do Chromium à parte.
if ! [ -f /usr/lib/chromium/locales/pt-BR.pak ]; then
  echo "instalando chromium-l10n (o Chromium em português)"
  instalar chromium-l10n
fi
/usr/bin/chromium --version
/usr/bin/chromedriver --version

etapa "poppler-utils, qpdf, unzip, python3"
# Os testes dos documentos (crates/documentos/tests) leem os PDFs com pdftotext e desenham a
# primeira página com pdftoppm; o teste da exportação dos autos (crates/divisa/tests/cli/autos.rs)
# abre o .zip com unzip, conta as páginas com pdfinfo e confere a cadeia com o verificar.py do
# pacote, no python3 (que a máquina rust-svc já traz). O qpdf regrava um documento emitido como
# um leitor de PDF ou um sistema de arquivo o faria (`qpdf --linearize`): o teste da verificação
# confere que o conteúdo continua conferindo (issue 30).
if ! command -v qpdf >/dev/null; then
  echo "instalando qpdf do Debian"
  instalar qpdf
fi
if ! command -v pdftotext >/dev/null || ! command -v pdftoppm >/dev/null || ! command -v pdfinfo >/dev/null || ! command -v pdfsig >/dev/null || ! command -v unzip >/dev/null; then
  echo "instalando poppler-utils e unzip do Debian"
  instalar poppler-utils unzip
fi
pdftotext -v 2>&1 | sed -n 1p   # sed lê tudo: com head, o pdftotext morre de SIGPIPE e o pipefail derruba o CI
command -v python3 >/dev/null || { echo "python3 não encontrado: a máquina rust-svc traz o CPython"; exit 1; }

etapa "curl e openssl"
# O teste do TLS nativo pede a página com o curl (confiando no certificado que o teste faz); os
# da assinatura PAdES fazem o certificado A1 de teste com o openssl.
if ! command -v curl >/dev/null || ! command -v openssl >/dev/null; then
  echo "instalando curl e openssl do Debian"
  instalar curl openssl
fi
curl --version | sed -n 1p
openssl version

etapa "LibreOffice Writer e Calc"
# O teste do ODT (crates/documentos/tests/composicao.rs) abre os documentos editáveis no
# LibreOffice, como o servidor da Casa os abriria, e os converte em PDF para ler o texto e o mapa;
# o da planilha do SIGEF (crates/divisa/tests/cli/memorial.rs) abre o ODS no Calc e lê as
# células. Sem as recomendações (uns 45 s de instalação nesta máquina, mais uns 20 s o Calc).
for pacote in libreoffice-writer-nogui libreoffice-calc-nogui; do
  if ! dpkg -s "$pacote" >/dev/null 2>&1; then
    echo "instalando $pacote do Debian"
    apt_get install -y -q --no-install-recommends "$pacote" >/dev/null \
      || { apt_get update -q >/dev/null && apt_get install -y -q --no-install-recommends "$pacote" >/dev/null; }
  fi
done
soffice --version | sed -n 1p

etapa "axe-core"
# O teste de acessibilidade (crates/web/tests/navegador.rs) roda o axe-core, do npm, em cada
# página principal nas larguras de laptop e de celular. Versão fixa; o npm confere a integridade
# do pacote (o SHA-512 publicado no registro). Fica em target/axe-core/ (fora do repositório).
AXE_VERSAO=4.14.1
AXE_DIR="$(pwd)/target/axe-core"
if ! [ -f "$AXE_DIR/axe.min.js" ]; then
  command -v npm >/dev/null || { echo "falta o npm (Node.js) para baixar o axe-core: a máquina rust-svc o traz"; exit 1; }
  mkdir -p "$AXE_DIR"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack "axe-core@$AXE_VERSAO" --silent >/dev/null)
  tar xzf "$tmp/axe-core-$AXE_VERSAO.tgz" -C "$tmp"
  cp "$tmp/package/axe.min.js" "$tmp/package/LICENSE" "$AXE_DIR/"
  rm -rf "$tmp"
fi
echo "axe-core $AXE_VERSAO em $AXE_DIR"
