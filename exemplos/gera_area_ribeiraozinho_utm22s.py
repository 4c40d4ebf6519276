#!/usr/bin/env python3
# Uso: pip install pyshp pyproj; python3 exemplos/gera_area_ribeiraozinho_utm22s.py exemplos/area_ribeiraozinho.geojson exemplos/area_ribeiraozinho_utm22s.zip
# Gera exemplos/area_ribeiraozinho_utm22s.zip: o polígono de area_ribeiraozinho.geojson em
# SIRGAS 2000 / UTM 22S (EPSG:31982), convertido pelo pyproj e escrito pelo pyshp, como o
# QGIS entrega (pasta com .shp, .shx, .dbf, .prj).
import json, os, sys, tempfile, zipfile
import pyproj, shapefile
g = json.load(open(sys.argv[1]))
saida = os.path.abspath(sys.argv[2])
os.chdir(tempfile.mkdtemp())
os.makedirs('limite_ribeiraozinho')
geom = g['features'][0]['geometry'] if g['type']=='FeatureCollection' else g.get('geometry', g)
anel = geom['coordinates'][0] if geom['type']=='Polygon' else geom['coordinates'][0][0]
t = pyproj.Transformer.from_crs(4674, 31982, always_xy=True)
pts = [list(t.transform(x, y)) for x, y in anel]
# ESRI: anel externo no sentido horário.
area2 = sum(pts[i][0]*pts[i+1][1]-pts[i+1][0]*pts[i][1] for i in range(len(pts)-1))
if area2 > 0: pts = pts[::-1]
w = shapefile.Writer('limite_ribeiraozinho/AREA_DESMEMBRADA', shapeType=shapefile.POLYGON)
w.field('NOME', 'C', 60)
w.poly([pts]); w.record('Área a desmembrar de Ribeirãozinho')
w.close()
open('limite_ribeiraozinho/AREA_DESMEMBRADA.prj','w').write(pyproj.CRS.from_epsg(31982).to_wkt(version='WKT1_ESRI'))
with zipfile.ZipFile(saida, 'w', zipfile.ZIP_DEFLATED) as z:
    for e in ['shp','shx','dbf','prj']:
        z.write(f'limite_ribeiraozinho/AREA_DESMEMBRADA.{e}')
