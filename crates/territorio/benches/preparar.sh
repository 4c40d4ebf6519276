#!/usr/bin/env bash
# Prepara as referências do bench de território (issue 4): pyproj, shapely e numpy do PyPI;
# PostGIS do Debian no PostgreSQL de 127.0.0.1:5432 (iniciado se estiver parado).
# Uso: bash crates/territorio/benches/preparar.sh && cargo bench -p divisa-territorio --bench territorio
set -euo pipefail
pip install -q pyproj shapely numpy
if ! dpkg -s postgresql-15-postgis-3 >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql-15-postgis-3 >/dev/null
fi
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start
fi
psql -X -h 127.0.0.1 -U postgres -d postgres -Atc "SELECT 'PostgreSQL ' || current_setting('server_version')"
