#!/usr/bin/env python3
# Uso: pip install ezdxf; python3 crates/territorio/tests/memoriais/gera_parcela_dxf_gpkg.py crates/territorio/tests/memoriais
#
# Gera a parcela de Vera (MT) dos memoriais de teste em dois formatos escritos por outros
# programas, com as coordenadas UTM (zona 21S, SIRGAS 2000, ao centímetro) do memorial
# utm_meridiano_central_57.txt — as mesmas do SIGEF em graus, a menos de 1 cm:
#
# - parcela_utm21s.dxf: o desenho como um escritório de agrimensura o tira do CAD, escrito pelo
#   ezdxf (DXF R2000, AC1015, no leiaute da "DXF Reference" da Autodesk): o limite numa
#   LWPOLYLINE fechada na camada "LIMITE_FUSO21" (a zona no nome da camada, como os escritórios
#   fazem), os códigos dos vértices em TEXT na camada "VERTICES", a estrada numa polilinha
#   aberta e a moldura da folha numa polilinha fechada na camada "MOLDURA" (que o divisa deve
#   ignorar);
# - parcela_utm21s.gpkg: um GeoPackage (OGC 12-128r18) escrito com o módulo sqlite3 do Python,
#   no mesmo leiaute de exemplos/gera_area_ribeiraozinho_gpkg.py (gpkg_spatial_ref_sys,
#   gpkg_contents, gpkg_geometry_columns, cabeçalho "GP" com envelope xy e WKB little-endian),
#   a camada "parcela" em SIRGAS 2000 / UTM 21S (EPSG:31981).
import os, sqlite3, struct, sys
import ezdxf

destino = sys.argv[1] if len(sys.argv) > 1 else '.'
# Código, E, N (utm_meridiano_central_57.txt).
VERTICES = [
    ('ABCD-M-0001', 663157.10, 8651852.70),
    ('ABCD-P-0002', 663603.49, 8651894.48),
    ('ABCD-M-0003', 664169.15, 8651858.15),
    ('ABCD-M-0004', 664185.37, 8650862.50),
    ('ABCD-V-0005', 663706.48, 8650843.04),
    ('ABCD-M-0006', 663184.36, 8650879.11),
]
pts = [(e, n) for _, e, n in VERTICES]

doc = ezdxf.new('R2000')
doc.header['$INSUNITS'] = 6  # metros
for nome, cor in [('LIMITE_FUSO21', 1), ('VERTICES', 3), ('ESTRADA', 8), ('MOLDURA', 7)]:
    doc.layers.add(nome, color=cor)
msp = doc.modelspace()
msp.add_lwpolyline(pts, close=True, dxfattribs={'layer': 'LIMITE_FUSO21'})
for codigo, e, n in VERTICES:
    msp.add_text(codigo, height=8, dxfattribs={'layer': 'VERTICES', 'insert': (e + 5, n + 5)})
msp.add_lwpolyline([(664185.37, 8651858.15), (664190.0, 8650000.0)], dxfattribs={'layer': 'ESTRADA'})
msp.add_lwpolyline([(662900, 8650600), (664400, 8650600), (664400, 8652100), (662900, 8652100)],
                   close=True, dxfattribs={'layer': 'MOLDURA'})
doc.saveas(os.path.join(destino, 'parcela_utm21s.dxf'))

WKT_31981 = ('PROJCS["SIRGAS 2000 / UTM zone 21S",GEOGCS["SIRGAS 2000",DATUM["Sistema_de_Referencia_Geocentrico_para_las_AmericaS_2000",'
             'SPHEROID["GRS 1980",6378137,298.257222101,AUTHORITY["EPSG","7019"]],TOWGS84[0,0,0,0,0,0,0],AUTHORITY["EPSG","6674"]],'
             'PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4674"]],'
             'PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",-57],PARAMETER["scale_factor",0.9996],'
             'PARAMETER["false_easting",500000],PARAMETER["false_northing",10000000],UNIT["metre",1,AUTHORITY["EPSG","9001"]],'
             'AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","31981"]]')
saida = os.path.join(destino, 'parcela_utm21s.gpkg')
if os.path.exists(saida):
    os.remove(saida)
anel = pts + [pts[0]]
xs, ys = [p[0] for p in anel], [p[1] for p in anel]
wkb = struct.pack('<BII', 1, 3, 1) + struct.pack('<I', len(anel)) + b''.join(struct.pack('<2d', x, y) for x, y in anel)
blob = b'GP' + bytes([0, 0b00000011]) + struct.pack('<i', 31981) + struct.pack('<4d', min(xs), max(xs), min(ys), max(ys)) + wkb
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
CREATE TABLE parcela (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom POLYGON, denominacao TEXT);
''')
c.execute('INSERT INTO gpkg_spatial_ref_sys VALUES (?,?,?,?,?,?)', ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', None))
c.execute('INSERT INTO gpkg_spatial_ref_sys VALUES (?,?,?,?,?,?)', ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', None))
c.execute('INSERT INTO gpkg_spatial_ref_sys VALUES (?,?,?,?,?,?)', ('SIRGAS 2000 / UTM zone 21S', 31981, 'EPSG', 31981, WKT_31981, None))
c.execute("INSERT INTO gpkg_contents (table_name, data_type, identifier, last_change, min_x, min_y, max_x, max_y, srs_id) VALUES (?,?,?,?,?,?,?,?,?)",
          ('parcela', 'features', 'parcela', '2025-01-01T00:00:00.000Z', min(xs), min(ys), max(xs), max(ys), 31981))
c.execute('INSERT INTO gpkg_geometry_columns VALUES (?,?,?,?,?,?)', ('parcela', 'geom', 'POLYGON', 31981, 0, 0))
c.execute('INSERT INTO parcela (geom, denominacao) VALUES (?, ?)', (blob, 'Fazenda Boa Esperança do Arinos'))
c.commit()
c.close()
