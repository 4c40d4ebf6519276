# Gera MT_setores_CD2022_livramento.zip: a mesma malha de MT_setores_CD2022_livramento.geojson
# (feita por gera.py) no formato em que o IBGE publica a malha de setores — Shapefile
# compactado, com .shp, .shx, .dbf (CD_SETOR como texto de 15 caracteres, como no original),
# .prj (SIRGAS 2000 geográfico) e .cpg. Requer pyshp (pip install pyshp).
# Uso: python3 gera_shapefile.py   (no diretório deste arquivo)
import json, zipfile, io, shapefile

g = json.load(open('MT_setores_CD2022_livramento.geojson', encoding='utf-8'))
shp, shx, dbf = io.BytesIO(), io.BytesIO(), io.BytesIO()
w = shapefile.Writer(shp=shp, shx=shx, dbf=dbf, shapeType=shapefile.POLYGON)
w.field('CD_SETOR', 'C', 15)
w.field('SITUACAO', 'C', 10)
w.field('CD_MUN', 'C', 7)
w.field('AREA_KM2', 'N', 18, 9)
for f in g['features']:
    p = f['properties']
    geom = f['geometry']
    poligonos = geom['coordinates'] if geom['type'] == 'MultiPolygon' else [geom['coordinates']]
    # a ordem do Shapefile: externo no sentido horário, buracos no anti-horário
    partes = []
    for pol in poligonos:
        for k, anel in enumerate(pol):
            area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(anel, anel[1:]))
            horario = area < 0
            if (k == 0) != horario:
                anel = anel[::-1]
            partes.append(anel)
    w.poly(partes)
    w.record(p['CD_SETOR'], p['SITUACAO'], p['CD_MUN'], float(p['AREA_KM2']))
w.close()
prj = 'GEOGCS["SIRGAS 2000",DATUM["Sistema_de_Referencia_Geocentrico_para_las_AmericaS_2000",SPHEROID["GRS 1980",6378137,298.257222101]],PRIMEM["Greenwich",0],UNIT["Degree",0.0174532925199433]]'
with zipfile.ZipFile('MT_setores_CD2022_livramento.zip', 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('MT_setores_CD2022.shp', shp.getvalue())
    z.writestr('MT_setores_CD2022.shx', shx.getvalue())
    z.writestr('MT_setores_CD2022.dbf', dbf.getvalue())
    z.writestr('MT_setores_CD2022.prj', prj)
    z.writestr('MT_setores_CD2022.cpg', 'UTF-8')
