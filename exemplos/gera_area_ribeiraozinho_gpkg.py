#!/usr/bin/env python3
# Uso: pip install pyproj; python3 exemplos/gera_area_ribeiraozinho_gpkg.py exemplos/area_ribeiraozinho.geojson exemplos/area_ribeiraozinho_utm22s.gpkg
# Gera um GeoPackage (OGC 12-128r18) com o polígono de area_ribeiraozinho.geojson em
# SIRGAS 2000 / UTM 22S (EPSG:31982), convertido pelo pyproj e escrito com o módulo sqlite3 do
# Python: tabelas gpkg_spatial_ref_sys, gpkg_contents, gpkg_geometry_columns e a de feições,
# geometria com o cabeçalho "GP" (envelope xy) seguido de WKB little-endian, como o QGIS grava.
# Leva também uma camada de pontos (a sede), que o divisa deve ignorar.
import json, os, sqlite3, struct, sys
import pyproj
g = json.load(open(sys.argv[1]))
saida = sys.argv[2]
if os.path.exists(saida): os.remove(saida)
geom = g['features'][0]['geometry'] if g['type'] == 'FeatureCollection' else g.get('geometry', g)
anel = geom['coordinates'][0] if geom['type'] == 'Polygon' else geom['coordinates'][0][0]
t = pyproj.Transformer.from_crs(4674, 31982, always_xy=True)
pts = [t.transform(x, y) for x, y in anel]

def blob(wkb, xs, ys):
    cab = b'GP' + bytes([0, 0b00000011]) + struct.pack('<i', 31982)
    return cab + struct.pack('<4d', min(xs), max(xs), min(ys), max(ys)) + wkb

wkb_pol = struct.pack('<BII', 1, 3, 1) + struct.pack('<I', len(pts)) + b''.join(struct.pack('<2d', x, y) for x, y in pts)
sede = t.transform(-53.0, -16.5)
wkb_pt = struct.pack('<BI2d', 1, 1, *sede)

c = sqlite3.connect(saida)
c.execute('PRAGMA application_id = 0x47504B47')
c.execute('PRAGMA user_version = 10400')
c.executescript('''
CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
  organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE, description TEXT DEFAULT '',
  last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')), min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER);
CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
  srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL, CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name));
CREATE TABLE "area desmembrada" (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom POLYGON, nome TEXT);
CREATE TABLE sede (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom POINT, nome TEXT);
''')
c.execute('INSERT INTO gpkg_spatial_ref_sys VALUES (?,?,?,?,?,?)', ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', None))
c.execute('INSERT INTO gpkg_spatial_ref_sys VALUES (?,?,?,?,?,?)', ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', None))
c.execute('INSERT INTO gpkg_spatial_ref_sys VALUES (?,?,?,?,?,?)', ('WGS 84 geodetic', 4326, 'EPSG', 4326, pyproj.CRS.from_epsg(4326).to_wkt(version='WKT1_GDAL'), None))
c.execute('INSERT INTO gpkg_spatial_ref_sys VALUES (?,?,?,?,?,?)', ('SIRGAS 2000 / UTM zone 22S', 31982, 'EPSG', 31982, pyproj.CRS.from_epsg(31982).to_wkt(version='WKT1_GDAL'), None))
xs, ys = [p[0] for p in pts], [p[1] for p in pts]
for tabela, col, tipo in [('area desmembrada', 'geom', 'POLYGON'), ('sede', 'geom', 'POINT')]:
    c.execute('INSERT INTO gpkg_contents (table_name, data_type, identifier, min_x, min_y, max_x, max_y, srs_id) VALUES (?,?,?,?,?,?,?,?)',
              (tabela, 'features', tabela, min(xs), min(ys), max(xs), max(ys), 31982))
    c.execute('INSERT INTO gpkg_geometry_columns VALUES (?,?,?,?,?,?)', (tabela, col, tipo, 31982, 0, 0))
c.execute('INSERT INTO "area desmembrada" (geom, nome) VALUES (?, ?)', (blob(wkb_pol, xs, ys), 'Área a desmembrar de Ribeirãozinho'))
c.execute('INSERT INTO sede (geom, nome) VALUES (?, ?)', (blob(wkb_pt, [sede[0]], [sede[1]]), 'sede'))
c.commit(); c.close()
