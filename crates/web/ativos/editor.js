// editor.js — a área do processo no mapa da página (o Leaflet de divisa.js): quem pode editar
// mexe nos vértices, desenha, recorta e remove partes com o Leaflet-Geoman (edição livre), desfaz
// e refaz, segue uma divisa municipal, digita as coordenadas e salva uma nova versão nos autos; a
// cada mudança, o servidor simula o que a área nova muda (nada é salvo na simulação). Quem só lê
// vê a área e compara versões. Nenhum texto do servidor entra como HTML: tudo por textContent.
// divisa.js o carrega (com o Geoman, se data-editar) e chama divisaEditor.iniciar(div, mapa).
(function () {
  "use strict";

  // a situação de cada achado: um ícone e a palavra (a cor não é o único sinal), como na tabela
  // de achados das páginas; «nao_se_aplica» é o código do divisa_lei, «nao_aplicavel» o da API
  var SITUACOES = {
    atende: { icone: "✓", palavra: "atende", antes: "antes atendia" },
    nao_atende: { icone: "✕", palavra: "não atende", antes: "antes não atendia" },
    pendente: { icone: "!", palavra: "pendente", antes: "antes estava pendente" },
    nao_aplicavel: { icone: "–", palavra: "não se aplica", antes: "antes não se aplicava" },
    nao_se_aplica: { icone: "–", palavra: "não se aplica", antes: "antes não se aplicava" }
  };
  var MAX_HISTORICO = 100;
  var PANE = "divisaSobreposicao";

  function el(tag, classe, texto) {
    var e = document.createElement(tag);
    if (classe) e.className = classe;
    if (texto !== undefined && texto !== null) e.textContent = String(texto);
    return e;
  }

  function debounce(f, ms) {
    var t;
    var d = function () {
      clearTimeout(t);
      t = setTimeout(f, ms);
    };
    d.cancelar = function () { clearTimeout(t); };
    return d;
  }

  function km2(n) {
    return Number(n).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }) + " km²";
  }

  // A mensagem de erro do servidor para quem lê: sem o nome interno do arquivo que ele dá à
  // área («area-simulada.geojson: …»), com a inicial maiúscula e o ponto final, e cada ponto
  // «[lon, lat]» escrito como o cartógrafo o digita, latitude antes, com vírgula decimal.
  function mensagem(texto, reserva) {
    var m = String(texto || reserva || "").trim();
    m = m.replace(/^[^\s:«»]+\.(?:geojson|json|kml|gpkg|shp|zip|dxf):\s*/i, "");
    m = m.replace(/\[(-?\d+(?:\.\d+)?),\s*(-?\d+(?:\.\d+)?)\]/g, function (_, lon, lat) {
      return "latitude " + lat.replace(".", ",") + " e longitude " + lon.replace(".", ",");
    });
    if (m) m = m.charAt(0).toUpperCase() + m.slice(1);
    if (m && !/[.!?)»]$/.test(m)) m += ".";
    return m;
  }

  // a resposta em JSON (ou {} quando o corpo não é JSON), com o status
  function pedir(url, opcoes) {
    return fetch(url, opcoes).then(function (r) {
      return r.text().then(function (t) {
        var j = {};
        try { j = t ? JSON.parse(t) : {}; } catch (e) { j = {}; }
        return { status: r.status, ok: r.ok, json: j, headers: r.headers };
      });
    });
  }

  function poligonosDe(geom) {
    if (!geom) return [];
    if (geom.type === "Polygon") return [geom.coordinates];
    if (geom.type === "MultiPolygon") return geom.coordinates;
    return [];
  }

  // a área plana de um anel em graus² (só para escolher a maior parte)
  function areaPlana(anel) {
    var s = 0;
    for (var i = 0; i + 1 < anel.length; i++) s += anel[i][0] * anel[i + 1][1] - anel[i + 1][0] * anel[i][1];
    return Math.abs(s / 2);
  }

  function selo(situacao) {
    var s = SITUACOES[situacao];
    var span = el("span", "situacao-da-area " + situacao);
    var icone = el("span", "selo-situacao", null);
    icone.setAttribute("aria-hidden", "true");
    icone.setAttribute("data-icone", s ? s.icone : "?");
    span.appendChild(icone);
    span.appendChild(document.createTextNode(" " + (s ? s.palavra : situacao)));
    return span;
  }

  // Os nomes fixos do mapa (municípios e sedes) cedem o lugar aos vértices da área e aos botões
  // do mapa: um nome por cima de um vértice o esconde da mão, e um vértice ou botão por cima de
  // um nome o deixa ilegível. O nome encoberto some enquanto algo estiver sobre ele (os nomes dos
  // municípios de origem estão no alto da página).
  function vigiarRotulos(div, mapa) {
    var agendado = false;
    function afastar() {
      if (agendado) return;
      agendado = true;
      requestAnimationFrame(function () {
        agendado = false;
        var obstaculos = [];
        var caixa = div.getBoundingClientRect();
        div.querySelectorAll(".leaflet-marker-pane .marker-icon, .leaflet-control").forEach(function (e) {
          var r = e.getBoundingClientRect();
          if (r.width && r.height) obstaculos.push(r);
        });
        div.querySelectorAll(".leaflet-tooltip.rotulo-do-mapa").forEach(function (t) {
          var r = t.getBoundingClientRect();
          // (e o nome cortado pela borda do mapa, que se lê pela metade)
          var fora = r.left < caixa.left || r.right > caixa.right || r.top < caixa.top || r.bottom > caixa.bottom;
          t.classList.toggle("rotulo-encoberto", fora || obstaculos.some(function (o) {
            return o.right > r.left && o.left < r.right && o.bottom > r.top && o.top < r.bottom;
          }));
        });
      });
    }
    mapa.on("zoomend moveend viewreset resize", afastar);
    var painel = mapa.getPane("markerPane");
    if (painel && window.MutationObserver) {
      new MutationObserver(function (mudancas) {
        mudancas.forEach(function (m) {
          m.addedNodes.forEach(function (n) {
            // os vértices do Geoman não são botões para o teclado (não se movem por ele): fora
            // da ordem do Tab e do leitor de tela, que tem as coordenadas digitadas no lugar
            if (n.nodeType === 1 && n.classList.contains("marker-icon")) {
              n.removeAttribute("tabindex");
              n.removeAttribute("role");
              n.setAttribute("aria-hidden", "true");
            }
          });
        });
        afastar();
      }).observe(painel, { childList: true });
    }
    afastar();
    return afastar;
  }

  function iniciar(div, mapa, opcoes) {
    if (div._editorDaArea) return;
    div._editorDaArea = true;
    var url = div.getAttribute("data-area");
    var cor = (opcoes && opcoes.cor) || "#b50909";
    var secao = document.getElementById("editor-da-area");
    var editar = div.getAttribute("data-editar") === "1" && !!secao && typeof L.PM !== "undefined";
    var csrf = div.getAttribute("data-csrf") || "";
    var ESTILO = { color: cor, weight: 3, opacity: 1, fillColor: cor, fillOpacity: 0.18 };

    // a área editada: uma camada (L.Polygon) por parte, para remover uma parte sem remover as
    // outras; o grupo não é do Geoman, as partes sim
    var partes = L.featureGroup([], { pmIgnore: true }).addTo(mapa);
    var afastarRotulos = vigiarRotulos(div, mapa);

    // o que vai por cima da área (a comparação com outra versão e os cruzamentos apontados pelo
    // servidor), sem pegar os cliques que são da área
    var pane = mapa.getPane(PANE) || mapa.createPane(PANE);
    pane.style.zIndex = 450;
    pane.style.pointerEvents = "none";
    var desenhoSobre = L.svg({ pane: PANE, padding: 0 });
    var sobreposicao = { pane: PANE, renderer: desenhoSobre, interactive: false, pmIgnore: true, snapIgnore: true };

    function novaParte(aneis) {
      var o = L.extend({}, ESTILO);
      if (!editar) L.extend(o, { pmIgnore: true, snapIgnore: true, interactive: false });
      return L.polygon(L.GeoJSON.coordsToLatLngs(aneis, 1), o);
    }

    // as camadas de polígono do grupo (o recorte do Geoman pode deixar um L.GeoJSON no lugar)
    function camadas() {
      var lista = [];
      (function varrer(g) {
        g.eachLayer(function (c) {
          if (c instanceof L.LayerGroup) varrer(c);
          else if (c instanceof L.Polygon) lista.push({ camada: c, grupo: g });
        });
      })(partes);
      return lista;
    }

    function poligonosAtuais() {
      var polys = [];
      camadas().forEach(function (x) {
        poligonosDe(x.camada.toGeoJSON(false).geometry).forEach(function (p) {
          // sem os anéis que perderam os vértices
          var aneis = p.filter(function (a) { return a.length >= 4; });
          if (aneis.length && p[0].length >= 4) polys.push(aneis);
        });
      });
      return polys;
    }

    function geometria() {
      var p = poligonosAtuais();
      if (!p.length) return null;
      return p.length === 1 ? { type: "Polygon", coordinates: p[0] } : { type: "MultiPolygon", coordinates: p };
    }

    function definirGeometria(geom) {
      partes.clearLayers();
      poligonosDe(geom).forEach(function (p) { partes.addLayer(novaParte(p)); });
    }

    // uma parte por camada, sempre (o recorte pode partir uma parte em duas)
    function normalizar() {
      var lista = camadas();
      var precisa = lista.some(function (x) {
        return x.grupo !== partes || x.camada.toGeoJSON(false).geometry.type !== "Polygon";
      });
      if (precisa) definirGeometria(geometria());
    }

    // A área à vista numa escala em que os vértices se separam. O mapa da página enquadra os
    // municípios de origem: uma área de poucos km² vira um ponto, com os 40 vértices um sobre o
    // outro. Quem edita trabalha na área (o «aproximar na camada» do QGIS), com folga para a
    // barra do Geoman à esquerda; quem só lê a vê com o entorno, se ela ficou pequena demais.
    // Com `extra` (o desenho da comparação com outra versão), as duas à vista, se não estão.
    function enquadrar(extra) {
      var b = L.latLngBounds([]);
      if (partes.getBounds().isValid()) b.extend(partes.getBounds());
      if (extra && extra.isValid()) b.extend(extra);
      if (!b.isValid()) return;
      var a = mapa.latLngToContainerPoint(b.getSouthWest()), c = mapa.latLngToContainerPoint(b.getNorthEast());
      var pequena = Math.abs(c.x - a.x) < 80 && Math.abs(a.y - c.y) < 80;
      var sempre = editar && !extra;
      if (!sempre && !pequena && mapa.getBounds().contains(b)) return;
      mapa.fitBounds(editar || extra ? b : b.pad(1), { paddingTopLeft: [56, 24], paddingBottomRight: [24, 24], animate: false, maxZoom: 17 });
    }

    function feature(geom, propriedades) {
      return { type: "Feature", geometry: geom, properties: propriedades || {} };
    }

    var versao = parseInt(div.getAttribute("data-versao") || "0", 10) || 0;
    var areaDaVersaoTexto = "";
    var areaDaVersaoKm2 = null;
    var compararDeNovo = function () {};

    // ---- a área só para ler -------------------------------------------------------------------
    if (!editar) {
      pedir(url).then(function (r) {
        if (r.ok && r.json && r.json.geometry) {
          definirGeometria(r.json.geometry);
          enquadrar();
        }
        div.setAttribute("data-editor-pronto", "1");
      }).catch(function () {});
      iniciarComparacao();
      return;
    }

    // ---- o editor -----------------------------------------------------------------------------
    var painel = document.getElementById("painel-da-area");
    var botaoDesfazer = document.getElementById("editor-desfazer");
    var botaoRefazer = document.getElementById("editor-refazer");
    var botaoSeguir = document.getElementById("editor-seguir");
    var campoCoord = document.getElementById("coordenadas");
    var campoSistema = document.getElementById("sistema");
    var botaoAplicar = document.getElementById("aplicar-coordenadas");
    var form = document.getElementById("salvar-area");
    var campoMotivo = document.getElementById("motivo");
    var resultado = document.getElementById("resultado-salvar");

    // o painel em blocos fixos: a cada simulação só muda (e só é anunciado) o bloco cujo texto
    // mudou
    var blocos = {};
    ["estado", "resumo", "sedes", "populacao", "fpm", "achados"].forEach(function (nome) {
      var b = el("div", "bloco-da-area bloco-" + nome);
      blocos[nome] = b;
      if (painel) painel.appendChild(b);
    });
    function trocar(nome, novo) {
      var b = blocos[nome];
      var velho = b.firstChild;
      if (!novo) { b.textContent = ""; return; }
      if (velho && velho.textContent === novo.textContent && velho.className === novo.className) return;
      b.textContent = "";
      b.appendChild(novo);
    }
    function estado(texto, classe, alerta) {
      if (!texto) { trocar("estado", null); return; }
      var p = el("p", classe || "estado-da-area", texto);
      if (alerta) p.setAttribute("role", "alert");
      trocar("estado", p);
    }

    // a ajuda, uma vez, acima do painel (não é lida a cada simulação)
    if (painel && !document.getElementById("ajuda-do-editor")) {
      var ajuda = el("p", "ajuda-do-editor", "No mapa: arraste um vértice para movê-lo; arraste o ponto do meio de um lado para criar um vértice; clique num vértice com o botão direito (no celular, toque e segure) para apagá-lo. Os botões à esquerda do mapa desenham uma parte nova, editam os vértices, recortam um furo ou um pedaço e removem uma parte. Desfazer: Ctrl+Z; refazer: Ctrl+Y.");
      ajuda.id = "ajuda-do-editor";
      painel.parentNode.insertBefore(ajuda, painel);
    }
    // a linha de estado do modo «Seguir a divisa», logo abaixo da barra
    var estadoSeguir = null;
    if (botaoSeguir) {
      estadoSeguir = el("p", "estado-seguir");
      estadoSeguir.id = "editor-seguir-estado";
      estadoSeguir.setAttribute("role", "status");
      var barra = botaoSeguir.closest(".barra-do-editor") || botaoSeguir.parentNode;
      barra.insertAdjacentElement("afterend", estadoSeguir);
      botaoSeguir.setAttribute("aria-pressed", "false");
    }

    // ---- Geoman -------------------------------------------------------------------------------
    // os vértices por cima dos nomes fixos do mapa (que pegam o ponteiro): um vértice sob o nome
    // de um município se vê e se arrasta
    div.classList.add("editando-area");
    // (no celular, o mapa de quem edita é mais alto: o Leaflet remede o seu tamanho)
    mapa.invalidateSize(false);
    // o mapa foi criado antes do Geoman chegar: o gancho do L.Map não rodou
    if (!mapa.pm) L.PM.reInitLayer(mapa);
    mapa.pm.setLang("pt_br", {
      tooltips: {
        firstVertex: "Clique para pôr o primeiro vértice",
        continueLine: "Clique para pôr o próximo vértice",
        finishPoly: "Clique no primeiro vértice para fechar o polígono"
      },
      buttonTitles: {
        drawPolyButton: "Desenhar uma parte da área",
        editButton: "Editar os vértices",
        cutButton: "Recortar: abrir um furo ou tirar um pedaço",
        deleteButton: "Remover uma parte da área"
      }
    }, "pt_br");
    var opcoesGeoman = {
      layerGroup: partes,
      pathOptions: ESTILO,
      templineStyle: { color: cor },
      hintlineStyle: { color: cor, dashArray: [5, 5] },
      snappable: true,
      snapDistance: 20,
      // o servidor aponta onde os lados se cruzam (a simulação), em vez de o Geoman recusar
      allowSelfIntersection: true,
      continueDrawing: false
    };
    mapa.pm.setGlobalOptions(opcoesGeoman);
    mapa.pm.addControls({
      position: "topleft",
      drawMarker: false, drawCircleMarker: false, drawPolyline: false, drawRectangle: false,
      drawCircle: false, drawText: false, drawPolygon: true,
      editMode: true, dragMode: false, cutPolygon: true, removalMode: true, rotateMode: false
    });
    // editar os vértices é o modo de descanso (o «Salvar» é o fim da edição): sem o «Finalizar»
    // do Geoman ao lado do botão, que no celular cobria o oeste da área
    if (mapa.pm.Toolbar && mapa.pm.Toolbar.changeActionsOfControl) mapa.pm.Toolbar.changeActionsOfControl("editMode", []);
    // o nome de cada botão do Geoman para o leitor de tela (o título fica no contêiner)
    div.querySelectorAll(".leaflet-pm-toolbar .button-container").forEach(function (c) {
      var a = c.querySelector("a.leaflet-buttons-control-button");
      if (a && c.title) a.setAttribute("aria-label", c.title);
    });

    function modoAtivo() {
      return mapa.pm.globalDrawModeEnabled() || mapa.pm.globalRemovalModeEnabled() ||
        mapa.pm.globalCutModeEnabled() || mapa.pm.globalDragModeEnabled();
    }
    // editar os vértices é o modo de descanso: volta depois de desenhar, recortar ou remover
    function voltarAEditar() {
      setTimeout(function () {
        if (seguir.ativo || modoAtivo() || mapa.pm.globalEditModeEnabled()) return;
        if (camadas().length) mapa.pm.enableGlobalEditMode(mapa.pm.globalOptions);
      }, 0);
    }
    mapa.on("pm:drawend", voltarAEditar);
    mapa.on("pm:globalremovalmodetoggled", function (e) { if (!e.enabled) voltarAEditar(); });

    // ---- desfazer e refazer -------------------------------------------------------------------
    var historico = [];
    // a geometria da versão em vigor (como o editor a serializa): a simulação dela é a referência
    // do que mudou nas linhas do painel
    var salvaJSON = null;
    var linhasDaVersao = null;
    var posicao = -1;
    var arrastando = false;
    var agendado = false;

    function atualizarBotoes() {
      if (botaoDesfazer) botaoDesfazer.disabled = posicao <= 0;
      if (botaoRefazer) botaoRefazer.disabled = posicao >= historico.length - 1;
    }
    atualizarBotoes();

    function registrar() {
      agendado = false;
      if (arrastando) return;
      normalizar();
      var s = JSON.stringify(geometria());
      if (posicao >= 0 && historico[posicao] === s) return;
      historico = historico.slice(0, posicao + 1);
      historico.push(s);
      while (historico.length > MAX_HISTORICO) historico.shift();
      posicao = historico.length - 1;
      atualizarBotoes();
      mudou();
    }
    // vários eventos de um gesto (o recorte troca a camada, remove a velha, edita…) viram um
    // passo só do histórico
    function agendarRegistro() {
      if (agendado) return;
      agendado = true;
      setTimeout(registrar, 0);
    }
    function zerarHistorico() {
      historico = [JSON.stringify(geometria())];
      salvaJSON = historico[0];
      posicao = 0;
      atualizarBotoes();
    }
    function irPara(p) {
      if (p < 0 || p >= historico.length || p === posicao) return;
      posicao = p;
      definirGeometria(JSON.parse(historico[p]));
      atualizarBotoes();
      mudou();
    }
    function desfazer() { irPara(posicao - 1); }
    function refazer() { irPara(posicao + 1); }

    // cada parte avisa do que o Geoman fez nela
    partes.on("layeradd", function (e) {
      var c = e.layer;
      if (c._editorLigado) return;
      c._editorLigado = true;
      c.on("pm:markerdragstart", function () { arrastando = true; });
      c.on("pm:markerdragend", function () { arrastando = false; agendarRegistro(); afastarRotulos(); });
      c.on("pm:edit pm:vertexadded pm:vertexremoved", agendarRegistro);
    });
    partes.on("layeradd layerremove", agendarRegistro);
    mapa.on("pm:create pm:cut pm:remove", agendarRegistro);

    if (botaoDesfazer) botaoDesfazer.addEventListener("click", desfazer);
    if (botaoRefazer) botaoRefazer.addEventListener("click", refazer);
    document.addEventListener("keydown", function (e) {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      var t = e.target;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      var tecla = (e.key || "").toLowerCase();
      var desenho = mapa.pm.Draw.getActiveShape && mapa.pm.Draw.getActiveShape();
      if (tecla === "z" && !e.shiftKey) {
        e.preventDefault();
        // desenhando, Ctrl+Z tira o último vértice do desenho
        if (desenho && mapa.pm.Draw[desenho] && mapa.pm.Draw[desenho]._removeLastVertex) mapa.pm.Draw[desenho]._removeLastVertex();
        else desfazer();
      } else if (tecla === "y" || (tecla === "z" && e.shiftKey)) {
        e.preventDefault();
        refazer();
      }
    });

    // ---- a simulação --------------------------------------------------------------------------
    var pedidos = 0;
    var primeira = true;
    var cruzamentos = L.layerGroup([], { pmIgnore: true }).addTo(mapa);

    var avisoCoordAtual = false;
    function mudou() {
      // o aviso «a área foi trocada pelas coordenadas» vale só até a mudança seguinte
      if (resultadoCoord && !avisoCoordAtual) resultadoCoord.textContent = "";
      avisoCoordAtual = false;
      preencherCoordenadas();
      simular();
    }

    var simular = debounce(enviarSimulacao, 400);

    function enviarSimulacao() {
      var geom = geometria();
      var meu = ++pedidos;
      if (!geom) {
        cruzamentos.clearLayers();
        estado(versao > 0 || historico.length > 1 ? "A área está vazia: desenhe uma parte com o botão «Desenhar uma parte da área», à esquerda do mapa, ou desfaça." : "Este processo ainda não tem área: desenhe-a no mapa com o botão «Desenhar uma parte da área», o primeiro à esquerda do mapa, ou digite as coordenadas dos vértices.", "aviso");
        ["resumo", "sedes", "populacao", "fpm", "achados"].forEach(function (n) { trocar(n, null); });
        div.setAttribute("data-simulado", String(meu));
        return;
      }
      if (primeira) estado("Calculando…");
      if (painel) {
        painel.setAttribute("aria-busy", "true");
        painel.classList.add("calculando");
      }
      pedir(url + "/simular", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify(feature(geom))
      }).then(function (r) {
        if (meu !== pedidos) return; // chegou depois de um pedido mais novo
        primeira = false;
        if (r.ok) {
          cruzamentos.clearLayers();
          mostrarSimulacao(r.json, JSON.stringify(geom) === salvaJSON);
        } else {
          estado(mensagem(r.json.erro, "Não foi possível calcular a área (erro " + r.status + ")."), "erro", true);
          // os números da área anterior não valem para esta
          ["resumo", "sedes", "populacao", "fpm", "achados"].forEach(function (n) { trocar(n, null); });
          if (r.status === 422) apontarCruzamentos(r.json.pontos);
        }
      }).catch(function () {
        if (meu !== pedidos) return;
        estado("Sem resposta do servidor: a área não foi calculada. Confira a conexão.", "erro", true);
      }).then(function () {
        if (meu !== pedidos) return;
        if (painel) {
          painel.removeAttribute("aria-busy");
          painel.classList.remove("calculando");
        }
        div.setAttribute("data-simulado", String(meu));
      });
    }

    // o aviso por cima dos vértices (que o cobriam) e longe da barra do Geoman e da borda
    var paneAlerta = mapa.getPane("divisaAlerta") || mapa.createPane("divisaAlerta");
    paneAlerta.style.zIndex = 670;
    paneAlerta.style.pointerEvents = "none";
    function apontarCruzamentos(pontos) {
      cruzamentos.clearLayers();
      var tamanho = mapa.getSize();
      (pontos || []).forEach(function (p) {
        if (!p || p.length < 2) return;
        var ll = L.latLng(p[1], p[0]);
        var px = mapa.latLngToContainerPoint(ll);
        var lado = px.x < 200 ? "right" : px.x > tamanho.x - 200 ? "left" : px.y < 60 ? "bottom" : "top";
        var desvio = { right: [12, 0], left: [-12, 0], bottom: [0, 12], top: [0, -12] }[lado];
        L.circleMarker(ll, L.extend({ radius: 10, color: "#e52207", weight: 3, fillColor: "#e52207", fillOpacity: 0.35 }, sobreposicao))
          .bindTooltip("Os lados se cruzam aqui", { permanent: true, direction: lado, offset: desvio, className: "cruzamento-da-area", pane: "divisaAlerta", opacity: 1 })
          .addTo(cruzamentos);
      });
    }

    function mostrarSimulacao(j, eSalva) {
      estado(null);
      // a situação de cada linha com a versão em vigor, para marcar as que a alteração muda
      // (o servidor marca os achados; as linhas medidas, como «Ribeirãozinho, depois», aqui)
      if (eSalva || !linhasDaVersao) {
        linhasDaVersao = {};
        (j.linhas || []).forEach(function (l) { linhasDaVersao[l.rotulo] = l.situacao || null; });
      }
      // a área, o quanto tira de cada município…
      var dl = el("dl", "linhas-da-area");
      var linhas = j.linhas && j.linhas.length ? j.linhas : [{ rotulo: "Área", texto: j.area_texto || km2(j.area_km2 || 0) }];
      // logo abaixo da área, a da versão em vigor e o quanto a alteração muda (o número que
      // quem arrasta um vértice procura)
      if (versao > 0 && typeof areaDaVersaoKm2 === "number" && typeof j.area_km2 === "number") {
        linhas = linhas.slice();
        linhas.splice(1, 0, { rotulo: "Na versão " + versao + " (em vigor)", texto: diferencaDeArea(areaDaVersaoKm2, j.area_km2), id: "area-da-versao" });
      }
      linhas.forEach(function (l, i) {
        var dd = el("dd", l.situacao ? "situacao-" + l.situacao : null);
        if (l.id) dd.id = l.id;
        if (i === 0) dd.id = "area-simulada";
        dd.appendChild(document.createTextNode(l.texto));
        if (l.situacao) {
          dd.appendChild(document.createTextNode(" "));
          dd.appendChild(selo(l.situacao));
          var antes = linhasDaVersao[l.rotulo];
          if (!eSalva && antes !== l.situacao) {
            dd.className += " mudou";
            var m = el("span", "mudou-da-area");
            var icone = el("span", "icone-mudou");
            icone.setAttribute("aria-hidden", "true");
            m.appendChild(icone);
            m.appendChild(document.createTextNode(SITUACOES[antes] ? " mudou: " + SITUACOES[antes].antes : " novo: não havia na versão em vigor"));
            dd.appendChild(document.createTextNode(" "));
            dd.appendChild(m);
          }
        }
        dl.appendChild(el("dt", null, l.rotulo));
        dl.appendChild(dd);
      });
      trocar("resumo", dl);
      // … as sedes…
      if (j.sedes && j.sedes.length) {
        var s = el("div");
        s.appendChild(el("h3", null, "Sedes"));
        var ul = el("ul", "sedes-da-area");
        j.sedes.forEach(function (x) { ul.appendChild(el("li", null, x.texto)); });
        s.appendChild(ul);
        trocar("sedes", s);
      } else trocar("sedes", null);
      // … a população estimada…
      if (j.populacao && j.populacao.texto) {
        var p = el("p", "populacao-da-area");
        p.appendChild(el("strong", null, "População: "));
        p.appendChild(document.createTextNode(j.populacao.texto));
        trocar("populacao", p);
      } else trocar("populacao", null);
      // … o FPM (zero-soma no estado; estimativa dita com a base e o fundo)…
      if (j.fpm && (j.fpm.nota || (j.fpm.linhas && j.fpm.linhas.length))) {
        var f = el("div");
        f.appendChild(el("h3", null, "FPM (Fundo de Participação dos Municípios)"));
        if (j.fpm.linhas && j.fpm.linhas.length) {
          var dlf = el("dl", "linhas-da-area fpm-da-area");
          j.fpm.linhas.forEach(function (l) {
            dlf.appendChild(el("dt", null, l.rotulo));
            dlf.appendChild(el("dd", null, l.texto));
          });
          f.appendChild(dlf);
        }
        if (j.fpm.nota) f.appendChild(el("p", "nota-do-fpm", j.fpm.nota));
        trocar("fpm", f);
      } else trocar("fpm", null);
      // … e os achados: os que mudaram em destaque (faixa, fundo, ícone e palavras), no alto;
      // os demais numa lista que se abre, com a conta por situação (no celular, o «Salvar» não
      // fica a quinze achados de distância)
      var achados = j.achados || [];
      if (achados.length) {
        var a = el("div");
        a.appendChild(el("h3", null, "Achados com esta área"));
        var mudaram = achados.filter(function (x) { return x.mudou; });
        var iguais = achados.filter(function (x) { return !x.mudou; });
        var n = mudaram.length;
        a.appendChild(el("p", n ? "mudancas-da-area" : null, n === 0 ? "Nenhum achado mudou com esta alteração." : n === 1 ? "1 achado mudou com esta alteração:" : n + " achados mudaram com esta alteração:"));
        if (n) {
          var lista = el("ul", "achados-da-area");
          mudaram.forEach(function (x) { lista.appendChild(itemDoAchado(x)); });
          a.appendChild(lista);
        }
        if (iguais.length) {
          var det = el("details", "achados-sem-mudanca");
          det.open = iguaisAbertos;
          det.addEventListener("toggle", function () { iguaisAbertos = det.open; });
          var resumo = (n ? (iguais.length === 1 ? "O outro achado, sem mudança" : "Os outros " + iguais.length + " achados, sem mudança") : (iguais.length === 1 ? "O achado" : "Os " + iguais.length + " achados")) + ": " + contagem(iguais);
          det.appendChild(el("summary", null, resumo));
          var resto = el("ul", "achados-da-area");
          iguais.forEach(function (x) { resto.appendChild(itemDoAchado(x)); });
          det.appendChild(resto);
          a.appendChild(det);
        }
        trocar("achados", a);
      } else trocar("achados", null);
    }
    var iguaisAbertos = false;

    // «2,33 km²; com a alteração, ganha 0,10 km² (+4,3%)», ou «2,33 km², a mesma área (…)»
    function diferencaDeArea(antes, agora) {
      var texto = areaDaVersaoTexto || km2(antes);
      var d = Math.round((agora - antes) * 100) / 100;
      if (d === 0) return texto + ", a mesma área (ao centésimo de km²)";
      var num = function (n, casas) {
        return n.toLocaleString("pt-BR", { minimumFractionDigits: casas, maximumFractionDigits: casas, signDisplay: "exceptZero" });
      };
      var pct = antes > 0 ? " (" + num((agora - antes) / antes * 100, 1) + "%)" : "";
      return texto + "; com a alteração, " + (d > 0 ? "ganha " : "perde ") + num(Math.abs(d), 2).replace(/^\+/, "") + " km²" + pct;
    }

    // «6 pendentes, 1 não atende, 5 atendem, 2 não se aplicam»: o que pesa primeiro
    function contagem(lista) {
      var ordem = [
        ["nao_atende", "não atende", "não atendem"],
        ["pendente", "pendente", "pendentes"],
        ["atende", "atende", "atendem"],
        ["nao_se_aplica", "não se aplica", "não se aplicam"]
      ];
      var conta = {};
      lista.forEach(function (x) {
        var s = x.situacao === "nao_aplicavel" ? "nao_se_aplica" : x.situacao;
        conta[s] = (conta[s] || 0) + 1;
      });
      return ordem.filter(function (o) { return conta[o[0]]; }).map(function (o) {
        return conta[o[0]] + " " + (conta[o[0]] === 1 ? o[1] : o[2]);
      }).join(", ");
    }

    // o texto do achado sem repetir o dispositivo (que vem em negrito antes) e sem o «— —
    // exigido: —» de quando nada se apura nem se exige
    function textoDoAchado(x) {
      var t = String(x.texto || "");
      var prefixo = (x.artigo || "") + ": ";
      if (x.artigo && t.indexOf(prefixo) === 0) t = t.slice(prefixo.length);
      t = t.replace(/\s*— exigido: —\s*$/, "").trim();
      return t === "—" ? "" : t;
    }

    function itemDoAchado(x) {
      var li = el("li", "achado-da-area situacao-" + x.situacao + (x.mudou ? " mudou" : ""));
      if (x.mudou) {
        var m = el("span", "mudou-da-area");
        var icone = el("span", "icone-mudou");
        icone.setAttribute("aria-hidden", "true");
        m.appendChild(icone);
        var antes = SITUACOES[x.antes];
        m.appendChild(document.createTextNode(" mudou" + (antes ? ": " + antes.antes : "")));
        li.appendChild(m);
      }
      li.appendChild(selo(x.situacao));
      li.appendChild(document.createTextNode(" — "));
      li.appendChild(el("strong", null, x.artigo));
      var t = textoDoAchado(x);
      if (t) li.appendChild(document.createTextNode(": " + t));
      return li;
    }

    // ---- as coordenadas digitadas -------------------------------------------------------------
    var coordSujo = false;
    var notaCoord = null, erroCoord = null, resultadoCoord = null;
    if (campoCoord) {
      notaCoord = el("p", "nota-coordenadas");
      notaCoord.id = "coordenadas-nota";
      notaCoord.hidden = true;
      campoCoord.insertAdjacentElement("afterend", notaCoord);
      campoCoord.addEventListener("input", function () {
        coordSujo = campoCoord.value.trim() !== "";
        marcarErroCoord(null);
      });
    }
    if (botaoAplicar) {
      resultadoCoord = el("p", "resultado-coordenadas");
      resultadoCoord.setAttribute("role", "status");
      botaoAplicar.insertAdjacentElement("afterend", resultadoCoord);
    }

    function marcarErroCoord(mensagem) {
      if (!campoCoord) return;
      if (erroCoord) { erroCoord.remove(); erroCoord = null; }
      var d = (campoCoord.getAttribute("aria-describedby") || "").split(" ").filter(function (i) { return i && i !== "coordenadas-erro"; });
      if (!mensagem) {
        campoCoord.removeAttribute("aria-invalid");
      } else {
        erroCoord = el("p", "erro-campo", mensagem);
        erroCoord.id = "coordenadas-erro";
        erroCoord.setAttribute("role", "alert");
        campoCoord.insertAdjacentElement("afterend", erroCoord);
        campoCoord.setAttribute("aria-invalid", "true");
        d.unshift("coordenadas-erro");
      }
      if (d.length) campoCoord.setAttribute("aria-describedby", d.join(" "));
      else campoCoord.removeAttribute("aria-describedby");
    }

    // o contorno externo da maior parte, um vértice por linha, «lat lon» (sem repetir o primeiro)
    function preencherCoordenadas() {
      if (!campoCoord || coordSujo || document.activeElement === campoCoord) return;
      var polys = poligonosAtuais();
      var maior = null, am = -1, furos = 0;
      polys.forEach(function (p) {
        furos += p.length - 1;
        var a = areaPlana(p[0]);
        if (a > am) { am = a; maior = p; }
      });
      campoCoord.value = maior ? maior[0].slice(0, -1).map(function (c) { return c[1].toFixed(6).replace(".", ",") + " " + c[0].toFixed(6).replace(".", ","); }).join("\n") : "";
      if (campoSistema) campoSistema.value = "graus";
      if (notaCoord) {
        var partesTexto = polys.length > 1 ? polys.length + " partes" : "";
        var furosTexto = furos ? (furos === 1 ? "1 furo" : furos + " furos") : "";
        var quais = [partesTexto, furosTexto].filter(Boolean).join(" e ");
        notaCoord.hidden = !quais;
        notaCoord.textContent = quais ? "A área tem " + quais + ": aqui está só o contorno externo da maior parte. Aplicar as coordenadas troca a área inteira por este contorno." : "";
      }
    }

    if (botaoAplicar && campoCoord) {
      botaoAplicar.addEventListener("click", function () {
        var corpo = { texto: campoCoord.value };
        var m = /^utm-(\d+)$/.exec(campoSistema ? campoSistema.value : "graus");
        if (m) { corpo.sistema = "utm"; corpo.zona = parseInt(m[1], 10); } else corpo.sistema = "graus";
        if (!corpo.texto.trim()) {
          marcarErroCoord("Digite os vértices, um por linha.");
          campoCoord.focus();
          return;
        }
        resultadoCoord.textContent = "Conferindo as coordenadas…";
        botaoAplicar.disabled = true;
        pedir("/api/coordenadas", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
          body: JSON.stringify(corpo)
        }).then(function (r) {
          if (r.ok && r.json && r.json.geometry) {
            marcarErroCoord(null);
            parar();
            definirGeometria(r.json.geometry);
            coordSujo = false;
            var n = poligonosAtuais().reduce(function (t, p) { return t + p[0].length - 1; }, 0);
            resultadoCoord.textContent = "A área foi trocada pelas coordenadas digitadas (" + n + " vértices).";
            // a área nova à vista, se caiu fora do mapa
            var b = partes.getBounds();
            if (b.isValid() && !mapa.getBounds().contains(b)) mapa.fitBounds(b, { padding: [20, 20], animate: false });
            voltarAEditar();
            avisoCoordAtual = true;
            registrar();
          } else {
            resultadoCoord.textContent = "";
            var pontos = r.status === 422 && r.json && r.json.pontos && r.json.pontos.length ? r.json.pontos : null;
            marcarErroCoord(mensagem(r.json.erro, "As coordenadas não foram aceitas (erro " + r.status + ").") +
              (pontos ? " " + (pontos.length === 1 ? "O ponto está marcado no mapa." : "Os pontos estão marcados no mapa.") : ""));
            // onde os lados da lista digitada se cruzam, no mapa (a área em edição continua a
            // de antes)
            if (pontos) {
              apontarCruzamentos(pontos);
              var caixa = cruzamentos.getLayers().length ? L.featureGroup(cruzamentos.getLayers()).getBounds() : null;
              if (caixa && caixa.isValid() && !mapa.getBounds().contains(caixa)) enquadrar(caixa);
            }
            campoCoord.focus();
          }
        }).catch(function () {
          resultadoCoord.textContent = "";
          marcarErroCoord("Sem resposta do servidor: as coordenadas não foram aplicadas.");
        }).then(function () { botaoAplicar.disabled = false; });
      });
    }

    // ---- seguir a divisa ----------------------------------------------------------------------
    var seguir = { ativo: false, de: null, marca: null };
    function estadoDoSeguir(texto, erro) {
      if (!estadoSeguir) return;
      estadoSeguir.textContent = texto || "";
      estadoSeguir.className = "estado-seguir" + (erro ? " erro-campo" : "");
    }
    function limparMarca() {
      if (seguir.marca) { mapa.removeLayer(seguir.marca); seguir.marca = null; }
      seguir.de = null;
    }
    function iniciarSeguir() {
      // os modos do Geoman desligados (também os marcadores dos vértices, que não passam o
      // clique ao mapa): cada clique no mapa é um ponto da divisa
      mapa.pm.disableDraw();
      if (mapa.pm.globalRemovalModeEnabled()) mapa.pm.disableGlobalRemovalMode();
      if (mapa.pm.globalEditModeEnabled()) mapa.pm.disableGlobalEditMode();
      seguir.ativo = true;
      limparMarca();
      botaoSeguir.setAttribute("aria-pressed", "true");
      div.classList.add("seguindo-divisa");
      mapa.on("click", cliqueSeguir);
      estadoDoSeguir("Seguir a divisa: clique no primeiro ponto da divisa, perto de um vértice da área (Esc cancela).");
    }
    function parar(mensagem, erro) {
      if (!seguir.ativo) return;
      seguir.ativo = false;
      limparMarca();
      botaoSeguir.setAttribute("aria-pressed", "false");
      div.classList.remove("seguindo-divisa");
      mapa.off("click", cliqueSeguir);
      estadoDoSeguir(mensagem || "", erro);
      voltarAEditar();
    }
    function cliqueSeguir(e) {
      if (!seguir.ativo) return;
      if (!poligonosAtuais().length) {
        parar("Para seguir a divisa, a área precisa existir: desenhe-a primeiro.", true);
        return;
      }
      if (!seguir.de) {
        seguir.de = e.latlng;
        seguir.marca = L.circleMarker(e.latlng, L.extend({ radius: 7, color: "#1b1f23", weight: 2, fillColor: "#ffcd07", fillOpacity: 1 }, sobreposicao)).addTo(mapa);
        estadoDoSeguir("Agora no segundo ponto da divisa.");
        return;
      }
      var de = seguir.de, ate = e.latlng;
      estadoDoSeguir("Buscando a divisa entre os dois pontos…");
      var q = "?de=" + de.lng.toFixed(6) + "," + de.lat.toFixed(6) + "&ate=" + ate.lng.toFixed(6) + "," + ate.lat.toFixed(6);
      pedir("/api/malha/trecho" + q).then(function (r) {
        if (!seguir.ativo) return;
        if (!r.ok || !r.json || !r.json.geometry) {
          limparMarca();
          estadoDoSeguir(mensagem(r.json.erro, "A divisa não foi encontrada (erro " + r.status + ").") + " Clique no primeiro ponto de novo.", true);
          return;
        }
        var erro = inserirTrecho(r.json.geometry.coordinates, de, ate);
        if (erro) {
          limparMarca();
          estadoDoSeguir(erro + " Clique no primeiro ponto de novo.", true);
          return;
        }
        var texto = r.json.properties && r.json.properties.texto;
        parar("A área segue a divisa" + (texto ? ": " + texto : "") + ".");
        registrar();
      }).catch(function () {
        limparMarca();
        estadoDoSeguir("Sem resposta do servidor. Clique no primeiro ponto de novo.", true);
      });
    }

    // Põe os vértices do trecho no contorno externo da parte mais perto, entre os vértices mais
    // perto dos dois cliques, no lugar dos vértices do lado mais curto entre eles.
    function inserirTrecho(linha, a, b) {
      var polys = poligonosAtuais();
      var melhor = { d: Infinity, parte: -1, i: -1 };
      polys.forEach(function (p, k) {
        p[0].slice(0, -1).forEach(function (c, i) {
          var d = a.distanceTo([c[1], c[0]]);
          if (d < melhor.d) melhor = { d: d, parte: k, i: i };
        });
      });
      if (melhor.parte < 0) return "A área não tem vértices.";
      var anel = polys[melhor.parte][0].slice(0, -1);
      var n = anel.length;
      var iA = melhor.i, iB = -1, dB = Infinity;
      anel.forEach(function (c, i) {
        var d = b.distanceTo([c[1], c[0]]);
        if (d < dB) { dB = d; iB = i; }
      });
      if (iA === iB) return "Os dois pontos ficaram perto do mesmo vértice da área: clique mais longe um do outro.";
      function dist(i, j) { return L.latLng(anel[i][1], anel[i][0]).distanceTo([anel[j][1], anel[j][0]]); }
      var frente = 0, total = 0;
      for (var i = 0; i < n; i++) {
        var l = dist(i, (i + 1) % n);
        total += l;
        if ((i - iA + n) % n < (iB - iA + n) % n) frente += l;
      }
      function igual(p, q) { return Math.abs(p[0] - q[0]) < 1e-9 && Math.abs(p[1] - q[1]) < 1e-9; }
      var trecho = (linha || []).slice();
      if (!trecho.length) return "A divisa veio vazia.";
      var novo = [];
      var inicio, fim;
      if (frente <= total - frente) {
        // troca os vértices de iA a iB no sentido do anel
        inicio = iA; fim = iB;
      } else {
        // troca os de iB a iA: o trecho vai ao contrário
        inicio = iB; fim = iA;
        trecho.reverse();
      }
      if (igual(trecho[0], anel[inicio])) trecho.shift();
      if (trecho.length && igual(trecho[trecho.length - 1], anel[fim])) trecho.pop();
      novo.push(anel[inicio]);
      novo = novo.concat(trecho);
      for (var j = fim; j !== inicio; j = (j + 1) % n) novo.push(anel[j]);
      novo.push(novo[0]);
      polys[melhor.parte][0] = novo;
      definirGeometria(polys.length === 1 ? { type: "Polygon", coordinates: polys[0] } : { type: "MultiPolygon", coordinates: polys });
      voltarAEditar();
      return null;
    }

    if (botaoSeguir) {
      botaoSeguir.addEventListener("click", function () {
        if (seguir.ativo) parar("Seguir a divisa: cancelado.");
        else iniciarSeguir();
      });
      document.addEventListener("keydown", function (e) {
        if (e.key === "Escape" && seguir.ativo) parar("Seguir a divisa: cancelado.");
      });
      // outro modo do Geoman encerra o «Seguir a divisa»
      mapa.on("pm:globaldrawmodetoggled pm:globalremovalmodetoggled pm:globalcutmodetoggled pm:globaleditmodetoggled", function (e) {
        if (e.enabled) parar();
      });
    }

    // ---- salvar -------------------------------------------------------------------------------
    if (form) {
      form.noValidate = true; // a mensagem é a nossa, em português, e não a do navegador
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        var motivo = campoMotivo ? campoMotivo.value.trim() : "";
        resultado.textContent = "";
        resultado.className = "";
        if (!motivo) {
          resultado.textContent = "Diga o motivo da alteração: ele fica nos autos.";
          resultado.className = "erro";
          if (campoMotivo) {
            campoMotivo.setAttribute("aria-invalid", "true");
            campoMotivo.focus();
          }
          return;
        }
        if (campoMotivo) campoMotivo.removeAttribute("aria-invalid");
        var geom = geometria();
        if (!geom) {
          resultado.textContent = "Desenhe a área antes de salvar.";
          resultado.className = "erro";
          return;
        }
        var botao = form.querySelector("button[type=submit]");
        if (botao) botao.disabled = true;
        resultado.textContent = "Salvando…";
        var base = versao;
        pedir(url, {
          method: "PUT",
          headers: { "Content-Type": "application/json", "If-Match": "\"v" + base + "\"", "X-CSRF-Token": csrf },
          body: JSON.stringify(feature(geom, { motivo: motivo }))
        }).then(function (r) {
          resultado.textContent = "";
          if (r.ok && r.json && typeof r.json.versao === "number") {
            var anteriorTexto = areaDaVersaoTexto;
            versao = r.json.versao;
            div.setAttribute("data-versao", String(versao));
            if (typeof r.json.area_km2 === "number") {
              areaDaVersaoTexto = r.json.area_texto || km2(r.json.area_km2);
              areaDaVersaoKm2 = r.json.area_km2;
            }
            resultado.textContent = "Versão " + versao + " salva nos autos.";
            resultado.className = "ok";
            if (campoMotivo) campoMotivo.value = "";
            zerarHistorico();
            acrescentarVersao(base, anteriorTexto);
            emVigor(versao, motivo);
            compararDeNovo();
            simular();
          } else if (r.status === 409) {
            resultado.className = "erro";
            resultado.appendChild(document.createTextNode(mensagem(r.json.erro, "Outra pessoa salvou a área enquanto você editava.") + " "));
            var recarregar = el("button", "recarregar-area", "Carregar a versão atual");
            recarregar.type = "button";
            recarregar.addEventListener("click", function () { location.reload(); });
            resultado.appendChild(recarregar);
          } else {
            resultado.className = "erro";
            resultado.textContent = mensagem(r.json.erro, "A área não foi salva (erro " + r.status + ").");
            if ((r.json.campo === "motivo" || r.json.campo === "properties.motivo") && campoMotivo) campoMotivo.focus();
          }
        }).catch(function () {
          resultado.className = "erro";
          resultado.textContent = "Sem resposta do servidor: a área não foi salva. Tente de novo.";
        }).then(function () { if (botao) botao.disabled = false; });
      });
      if (campoMotivo) campoMotivo.addEventListener("input", function () { campoMotivo.removeAttribute("aria-invalid"); });
    }

    // a frase «Área em vigor: versão N, de DATA, PESSOA — MOTIVO.» abaixo do mapa, que a página
    // escreveu com a versão de antes, passa a dizer a versão salva
    function emVigor(n, motivo) {
      var frase = document.getElementById("area-em-vigor");
      if (!frase && div.parentNode) {
        div.parentNode.querySelectorAll("p.historico").forEach(function (p) {
          if (/^\s*Área em vigor:/.test(p.textContent)) frase = p;
        });
      }
      if (!frase) return;
      var quem = document.querySelector("header .conta a");
      var nome = quem ? quem.textContent.trim() : "";
      // o link para baixar a versão passa a ser o da versão salva
      var baixar = frase.querySelector("a");
      if (baixar) {
        var href = baixar.getAttribute("href") || "";
        baixar.setAttribute("href", /\/versoes\/\d+$/.test(href) ? href.replace(/\/versoes\/\d+$/, "/versoes/" + n) : url + "/versoes/" + n);
        if (baixar.hasAttribute("download")) baixar.setAttribute("download", (baixar.getAttribute("download") || "").replace(/v\d+/, "v" + n));
        baixar.textContent = baixar.textContent.replace(/versão \d+/, "versão " + n);
      }
      frase.textContent = "Área em vigor: versão " + n + ", de " + new Date().toLocaleDateString("pt-BR") + (nome ? ", " + nome : "") + (motivo ? " — " + motivo : "") + "." + (baixar ? " " : "");
      if (baixar) frase.appendChild(baixar);
    }

    // a versão que deixou de ser a atual entra na lista de comparação (criada com a 2ª versão)
    function acrescentarVersao(n, texto) {
      if (!(n >= 1)) return;
      var sel = document.getElementById("versao-comparar");
      if (!sel) {
        var rotulo = el("label", null, "Comparar com a versão");
        rotulo.htmlFor = "versao-comparar";
        sel = el("select");
        sel.id = "versao-comparar";
        sel.appendChild(new Option("Nenhuma", ""));
        var saida = el("p");
        saida.id = "diferenca-da-versao";
        saida.setAttribute("role", "status");
        secao.insertAdjacentElement("afterend", saida);
        secao.insertAdjacentElement("afterend", sel);
        secao.insertAdjacentElement("afterend", rotulo);
        iniciarComparacao();
      }
      if (sel.querySelector("option[value='" + n + "']")) return;
      sel.appendChild(new Option("Versão " + n + (texto ? " — " + texto : ""), String(n)));
    }

    // ---- começo -------------------------------------------------------------------------------
    estado("Carregando a área…");
    pedir(url).then(function (r) {
      if (r.ok && r.json && r.json.geometry) {
        var etag = /v(\d+)/.exec(r.headers.get("ETag") || "");
        var v = etag ? parseInt(etag[1], 10) : r.json.properties && r.json.properties.versao;
        if (typeof v === "number" && !isNaN(v)) {
          versao = v;
          div.setAttribute("data-versao", String(v));
        }
        if (r.json.properties && typeof r.json.properties.area_km2 === "number") {
          areaDaVersaoTexto = r.json.properties.area_texto || km2(r.json.properties.area_km2);
          areaDaVersaoKm2 = r.json.properties.area_km2;
        }
        definirGeometria(r.json.geometry);
        enquadrar();
        // muitos vértices: só os perto do ponteiro ganham marcador (o celular não trava)
        var total = poligonosAtuais().reduce(function (t, p) { return t + p.reduce(function (u, a) { return u + a.length; }, 0); }, 0);
        if (total > 400) mapa.pm.setGlobalOptions({ limitMarkersToCount: 150 });
        mapa.pm.enableGlobalEditMode(mapa.pm.globalOptions);
      } else if (r.status === 404) {
        versao = 0;
      } else {
        estado(mensagem(r.json.erro, "Não foi possível carregar a área (erro " + r.status + ")."), "erro", true);
      }
      agendado = false;
      zerarHistorico();
      preencherCoordenadas();
      if (r.ok || r.status === 404) {
        simular.cancelar();
        enviarSimulacao();
      }
      div.setAttribute("data-editor-pronto", "1");
    }).catch(function () {
      estado("Sem resposta do servidor: a área não foi carregada.", "erro", true);
    });
    iniciarComparacao();

    // ---- comparar com outra versão (também quem só lê) ----------------------------------------
    function iniciarComparacao() {
      var sel = document.getElementById("versao-comparar");
      var saida = document.getElementById("diferenca-da-versao");
      if (!sel || sel._editorLigado) return;
      sel._editorLigado = true;
      var camada = L.layerGroup([], { pmIgnore: true }).addTo(mapa);
      var pedidosComp = 0;
      var ESTILOS = {
        versao: { color: "#1b1f23", weight: 2.5, dashArray: "8 6", fill: false, className: "diferenca-versao" },
        ganho: { color: "#168821", weight: 1.5, fillColor: "#168821", fillOpacity: 0.45, className: "diferenca-ganho" },
        perda: { color: "#8b0a03", weight: 1.5, fillColor: "#e52207", fillOpacity: 0.35, className: "diferenca-perda" }
      };
      var ORDEM = { perda: 0, ganho: 1, versao: 2 };
      function hachura() {
        var svg = pane.querySelector("svg");
        if (!svg || svg.querySelector("#divisa-hachura-perda")) return;
        var ns = "http://www.w3.org/2000/svg";
        var defs = document.createElementNS(ns, "defs");
        var pat = document.createElementNS(ns, "pattern");
        pat.setAttribute("id", "divisa-hachura-perda");
        pat.setAttribute("patternUnits", "userSpaceOnUse");
        pat.setAttribute("width", "8");
        pat.setAttribute("height", "8");
        pat.setAttribute("patternTransform", "rotate(45)");
        var fundo = document.createElementNS(ns, "rect");
        fundo.setAttribute("width", "8");
        fundo.setAttribute("height", "8");
        fundo.setAttribute("fill", "#e52207");
        fundo.setAttribute("fill-opacity", "0.15");
        var risco = document.createElementNS(ns, "rect");
        risco.setAttribute("width", "3");
        risco.setAttribute("height", "8");
        risco.setAttribute("fill", "#b50909");
        risco.setAttribute("fill-opacity", "0.7");
        pat.appendChild(fundo);
        pat.appendChild(risco);
        defs.appendChild(pat);
        svg.insertBefore(defs, svg.firstChild);
      }
      // a legenda logo abaixo do mapa ganha o que a comparação desenha (o texto de #diferenca-
      // da-versao fica com o seletor, mais abaixo na página: quem olha o mapa lê ali o que é cada
      // cor e cada traço)
      function legendaDaComparacao(feicoes) {
        var lista = div.nextElementSibling;
        if (!lista || !lista.classList.contains("legenda-do-mapa")) return;
        lista.querySelectorAll("li.legenda-comparacao").forEach(function (li) { li.remove(); });
        (feicoes || []).forEach(function (f) {
          var papel = f.properties.papel;
          if (!f.geometry || !ESTILOS[papel] || !f.properties.texto) return;
          var li = el("li", "legenda-comparacao");
          var amostra = el("span", "amostra-diferenca " + papel);
          amostra.setAttribute("aria-hidden", "true");
          li.appendChild(amostra);
          li.appendChild(document.createTextNode(f.properties.texto + (papel === "versao" ? " (tracejado)" : papel === "ganho" ? " (verde)" : " (hachurado)")));
          lista.appendChild(li);
        });
      }
      function comparar() {
        var n = sel.value;
        var meu = ++pedidosComp;
        camada.clearLayers();
        legendaDaComparacao(null);
        if (!n) { if (saida) saida.textContent = ""; return; }
        if (saida) saida.textContent = "Carregando a comparação com a versão " + n + "…";
        pedir(url + "/versoes/" + encodeURIComponent(n) + "/diferenca").then(function (r) {
          if (meu !== pedidosComp) return;
          if (!r.ok || !r.json || !r.json.features) {
            if (saida) saida.textContent = mensagem(r.json.erro, "Não foi possível comparar com a versão " + n + " (erro " + r.status + ").");
            return;
          }
          var fs = r.json.features.slice().sort(function (a, b) {
            return (ORDEM[a.properties.papel] || 0) - (ORDEM[b.properties.papel] || 0);
          });
          var desenho = L.geoJSON({ type: "FeatureCollection", features: fs }, L.extend({
            style: function (f) { return ESTILOS[f.properties.papel] || ESTILOS.versao; }
          }, sobreposicao)).addTo(camada);
          hachura();
          legendaDaComparacao(fs.slice().reverse());
          // o contorno da outra versão e o que mudou à vista (e não um ponto no mapa)
          enquadrar(desenho.getBounds());
          if (!saida) return;
          saida.textContent = "";
          var linhas = 0;
          r.json.features.slice().sort(function (a, b) {
            return (ORDEM[b.properties.papel] || 0) - (ORDEM[a.properties.papel] || 0);
          }).forEach(function (f) {
            var papel = f.properties.papel;
            var texto = f.properties.texto || (papel === "versao" ? "O contorno da versão " + n : "");
            if (!texto) return;
            if (linhas++) saida.appendChild(el("br"));
            var amostra = el("span", "amostra-diferenca " + papel);
            amostra.setAttribute("aria-hidden", "true");
            saida.appendChild(amostra);
            var legenda = papel === "versao" ? " (linha tracejada)" : papel === "ganho" ? " (em verde)" : papel === "perda" ? " (em vermelho, hachurado)" : "";
            saida.appendChild(document.createTextNode(texto + legenda));
          });
          if (!linhas) saida.textContent = "Nenhuma diferença em relação à versão " + n + ".";
        }).catch(function () {
          if (meu === pedidosComp && saida) saida.textContent = "Sem resposta do servidor: a comparação não foi carregada.";
        });
      }
      sel.addEventListener("change", comparar);
      compararDeNovo = comparar;
      // o navegador pode ter guardado a escolha (voltar à página)
      if (sel.value) comparar();
    }
  }

  window.divisaEditor = { iniciar: iniciar };
})();
