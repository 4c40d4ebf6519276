#!/usr/bin/env python3
# Uso: python3 gera.py ../../../../../dados/mt_setores_nossa_senhora_do_livramento.geojson
# Monta, a partir dos 43 setores reais de Nossa Senhora do Livramento (Censo 2022, ver
# dados/PROVENIENCIA.md), os dois arquivos no leiaute em que o IBGE os publica, para testar
# `divisa setores importar` sem os 140 MB do Brasil inteiro:
#  - MT_setores_CD2022_livramento.geojson: a malha, com CD_SETOR, SITUACAO, CD_SIT, CD_MUN,
#    NM_MUN, AREA_KM2 nas propriedades (como MT_setores_CD2022);
#  - Agregados_por_setores_basico_livramento.csv: o CSV de agregados, separado por «;», em
#    Latin-1, com as colunas do Agregados_por_setores_basico_BR.csv (v0001 pessoas, v0007
#    domicílios particulares ocupados; v0002 a v0006 ficam vazias, o fixture não as tem), mais
#    a primeira linha real de Rondônia (Cacoal, 110001505000002), que o importador deve ignorar.
import json, sys
g = json.load(open(sys.argv[1]))
feicoes = []
linhas = []
cab = ['CD_SETOR','SITUACAO','CD_SIT','CD_TIPO','AREA_KM2','CD_REGIAO','NM_REGIAO','CD_UF','NM_UF','CD_MUN','NM_MUN','CD_DIST','NM_DIST','v0001','v0002','v0003','v0004','v0005','v0006','v0007']
for f in g['features']:
    p = f['properties']
    sit = p['situacao']
    feicoes.append({'type': 'Feature', 'properties': {
        'CD_SETOR': p['codigo_setor'], 'SITUACAO': sit, 'CD_SIT': '1' if sit == 'Urbana' else '5',
        'CD_MUN': p['codigo_municipio'], 'NM_MUN': 'Nossa Senhora do Livramento', 'AREA_KM2': p['area_km2']},
        'geometry': f['geometry']})
    linhas.append([p['codigo_setor'], sit, '1' if sit == 'Urbana' else '5', '0', str(p['area_km2']).replace('.', ','),
                   '5', 'Centro-Oeste', '51', 'Mato Grosso', p['codigo_municipio'], 'Nossa Senhora do Livramento',
                   p['codigo_distrito'], p['nome_distrito'], str(p['populacao']), '', '', '', '', '',
                   str(p['domicilios_particulares_ocupados'])])
linhas.append(['110001505000002', 'Urbana', '1', '0', '5,393102', '1', 'Norte', '11', 'Rondônia', '1100015', "Alta Floresta D'Oeste",
               '110001505', "Alta Floresta D'Oeste", '928', '376', '376', '0', '2,8', '0', '336'])
json.dump({'type': 'FeatureCollection', 'name': 'MT_setores_CD2022', 'features': feicoes},
          open('MT_setores_CD2022_livramento.geojson', 'w'), ensure_ascii=False)
with open('Agregados_por_setores_basico_livramento.csv', 'w', encoding='latin-1', newline='') as s:
    s.write(';'.join(cab) + '\r\n')
    for l in linhas:
        s.write(';'.join(l) + '\r\n')
