// divisa — o comportamento das páginas: mapa (Leaflet, sem internet: a própria malha do IBGE é
// a camada de fundo), validação ao digitar, reavaliação imediata e contagem regressiva.
// Nenhum dado entra no HTML sem passar por textContent; fragmentos vêm já escapados do servidor.
(function () {
  "use strict";

  function debounce(f, ms) {
    var t;
    return function () {
      var args = arguments;
      clearTimeout(t);
      t = setTimeout(function () { f.apply(null, args); }, ms);
    };
  }

  // O que cada cor do mapa quer dizer: cada papel a sua (o município de origem não tem a cor
  // da área proposta), na legenda abaixo do mapa.
  var PAPEIS = {
    municipio: { cor: "#1351b4", nome: "O município (limites da Malha Municipal 2022)" },
    origem: { cor: "#1351b4", nome: "Município de origem (limites da Malha Municipal 2022)" },
    vizinho: { cor: "#6e7781", nome: "Município vizinho (limites da Malha Municipal 2022)" },
    area: { cor: "#b50909", nome: "Área proposta (a versão em vigor nos autos)" },
    sede: { cor: "#ffcd07", nome: "Sede municipal (Base de Localidades 2022)", ponto: true }
  };

  // A legenda em HTML (texto de verdade, lido por leitores de tela), só com o que o mapa mostra.
  function legenda(div, presentes) {
    // a lista vem da página, vazia, logo abaixo do mapa (sem ela, é criada)
    var lista = div.nextElementSibling;
    var nova = !lista || !lista.classList.contains("legenda-do-mapa");
    if (nova) {
      lista = document.createElement("ul");
      lista.className = "legenda-do-mapa";
      lista.setAttribute("aria-label", "Legenda do mapa");
    }
    lista.textContent = "";
    Object.keys(PAPEIS).forEach(function (papel) {
      if (!presentes[papel]) return;
      var item = document.createElement("li");
      var amostra = document.createElement("span");
      amostra.className = PAPEIS[papel].ponto ? "amostra ponto" : "amostra";
      amostra.style.borderColor = PAPEIS[papel].ponto ? "#1b1f23" : PAPEIS[papel].cor;
      amostra.style.backgroundColor = PAPEIS[papel].cor + (PAPEIS[papel].ponto ? "" : "40");
      amostra.setAttribute("aria-hidden", "true");
      item.appendChild(amostra);
      var nome = PAPEIS[papel].nome;
      // com o editor, a área é a versão em vigor nos autos (que pode ter sido desenhada no mapa),
      // e para quem edita, a que está sendo alterada
      if (papel === "area" && div.hasAttribute("data-editar")) nome = "Área proposta (a versão em vigor, que você altera no mapa)";
      item.appendChild(document.createTextNode(nome));
      lista.appendChild(item);
    });
    var fundo = document.createElement("li");
    var amostra = document.createElement("span");
    amostra.className = "amostra fundo";
    amostra.setAttribute("aria-hidden", "true");
    fundo.appendChild(amostra);
    fundo.appendChild(document.createTextNode(Object.keys(presentes).length ? "Demais municípios de Mato Grosso" : "Municípios de Mato Grosso (limites da Malha Municipal 2022)"));
    lista.appendChild(fundo);
    if (nova) div.insertAdjacentElement("afterend", lista);
  }

  // O Leaflet (CSS e JS) só nas páginas que têm mapa: as outras não o baixam nem o interpretam.
  function carregarLeaflet(pronto) {
    if (typeof L !== "undefined") { pronto(); return; }
    // o CSS antes do divisa.css (que ajusta o do Leaflet); o mapa começa com os dois carregados
    var faltam = 2;
    var um = function () { if (--faltam === 0) pronto(); };
    var css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = "/ativos/leaflet.css";
    css.onload = um;
    css.onerror = um;
    document.head.insertBefore(css, document.querySelector("link[href='/ativos/divisa.css']"));
    var js = document.createElement("script");
    js.src = "/ativos/leaflet.js";
    js.onload = um;
    document.head.appendChild(js);
  }

  // O editor da área do processo (editor.js; com o Leaflet-Geoman só para quem pode editar: quem
  // só lê não baixa os 290 KB dele). O Geoman antes do editor, o CSS dele antes do divisa.css.
  function carregarEditor(comGeoman) {
    function script(src) {
      return new Promise(function (pronto, falhou) {
        var js = document.createElement("script");
        js.src = src;
        js.async = false;
        js.onload = pronto;
        js.onerror = falhou;
        document.head.appendChild(js);
      });
    }
    var partes = [];
    if (comGeoman) {
      partes.push(new Promise(function (pronto) {
        var css = document.createElement("link");
        css.rel = "stylesheet";
        css.href = "/ativos/geoman.css";
        css.onload = pronto;
        css.onerror = pronto;
        document.head.insertBefore(css, document.querySelector("link[href='/ativos/divisa.css']"));
      }));
      partes.push(script("/ativos/geoman.js"));
    }
    partes.push(script("/ativos/editor.js"));
    return Promise.all(partes);
  }

  // A caixa (oeste,sul,leste,norte) de uma camada, alargada para dar o entorno: os municípios
  // vizinhos vêm da malha de fundo, não a malha inteira do estado (no celular, 2 MB a menos).
  function entorno(limites) {
    var sw = limites.getSouthWest(), ne = limites.getNorthEast();
    var dx = Math.max(ne.lng - sw.lng, 1), dy = Math.max(ne.lat - sw.lat, 1);
    return [sw.lng - dx, sw.lat - dy, ne.lng + dx, ne.lat + dy].map(function (v) { return v.toFixed(3); }).join(",");
  }

  // Mapas: <div class="mapa-web" data-camada="/api/..."></div>
  function iniciarMapas() {
    var mapas = document.querySelectorAll(".mapa-web");
    if (mapas.length === 0) return;
    carregarLeaflet(function () { mapas.forEach(desenharMapa); });
  }

  function desenharMapa(div) {
    // fora da ordem do Tab (o teclado não navega o mapa: os dados estão nas tabelas da página)
    // O SVG do tamanho exato do mapa (sem a margem do Leaflet, que cobria o título acima dele).
    var mapa = L.map(div, {
      attributionControl: false, zoomControl: false, keyboard: false,
      // o estado inteiro (141 municípios) em canvas, que o celular desenha sem travar; com uma
      // camada, o entorno em SVG (poucos polígonos, cada um um elemento)
      renderer: div.getAttribute("data-camada") ? L.svg({ padding: 0 }) : L.canvas({ padding: 0 })
    });
    div._mapaLeaflet = mapa;
    // com data-area, a área é do editor (editor.js), que a desenha e, para quem pode, a edita
    var comEditor = div.hasAttribute("data-area");
    var editor = comEditor ? carregarEditor(div.hasAttribute("data-editar")) : null;
    // a fonte dos dados abaixo do mapa, como legenda, e não sobre ele
    if (!div.parentNode.querySelector(".fonte-do-mapa")) {
      var fonte = document.createElement("p");
      fonte.className = "fonte-do-mapa";
      fonte.textContent = "Mapa: Malha Municipal 2022 (IBGE).";
      div.insertAdjacentElement("afterend", fonte);
    }
    // os botões dizem o que fazem, em palavras (não «+» e «−»)
    L.control.zoom({
      zoomInText: "Aproximar", zoomInTitle: "Aproximar",
      zoomOutText: "Afastar", zoomOutTitle: "Afastar"
    }).addTo(mapa);
    div.querySelectorAll(".leaflet-control-zoom a").forEach(function (a) {
      a.removeAttribute("aria-label");
      a.setAttribute("tabindex", "-1");
    });
    L.control.scale({ imperial: false }).addTo(mapa);
    mapa.setView([-13.0, -56.0], 5);
    // pronto (data-pronto) quando as duas camadas chegaram e o recorte foi ajustado, sem
    // animação: quem lê a página (ou a testa) vê o mapa parado
    function desenharFundo(caixa) {
      return fetch("/api/malha.geojson" + (caixa ? "?caixa=" + caixa : "")).then(function (r) { return r.json(); }).then(function (g) {
        var fundo = L.geoJSON(g, {
          // o editor da área se ajusta (snap) às divisas, que ele não edita
          pmIgnore: true, snapIgnore: false,
          style: { color: "#6e7781", weight: 0.6, fillColor: "#ffffff", fillOpacity: 0.7 },
          onEachFeature: function (f, camada) { camada.bindTooltip(f.properties.nome); }
        }).addTo(mapa).bringToBack();
        // sem camada na frente, o estado inteiro enche o mapa
        if (!caixa && fundo.getBounds().isValid()) mapa.fitBounds(fundo.getBounds(), { padding: [10, 10], animate: false });
      }).catch(function () {});
    }
    var url = div.getAttribute("data-camada");
    var caixa = null;
    if (!url) legenda(div, {});
    var frente = !url ? Promise.resolve() : fetch(url).then(function (r) { return r.ok ? r.json() : null; }).then(function (g) {
      if (!g || !g.features || g.features.length === 0) return;
      var presentes = {};
      var areaDoEditor = null;
      var camada = L.geoJSON(g, {
        pmIgnore: true, snapIgnore: false,
        filter: function (f) {
          if (!comEditor || f.properties.papel !== "area") return true;
          presentes.area = true;
          areaDoEditor = L.geoJSON(f, { pmIgnore: true }).getBounds();
          return false;
        },
        style: function (f) {
          var papel = PAPEIS[f.properties.papel] || PAPEIS.origem;
          // os vizinhos em cinza, por baixo: situam a área sem disputar com ela
          if (f.properties.papel === "vizinho") return { color: papel.cor, weight: 1, fillColor: papel.cor, fillOpacity: 0.06 };
          return { color: papel.cor, weight: 2, fillColor: papel.cor, fillOpacity: 0.25 };
        },
        pointToLayer: function (f, ll) {
          return L.circleMarker(ll, { pmIgnore: true, snapIgnore: true, radius: 6, color: "#1b1f23", weight: 2, fillColor: PAPEIS.sede.cor, fillOpacity: 1 });
        },
        onEachFeature: function (f, c) {
          presentes[f.properties.papel in PAPEIS ? f.properties.papel : "origem"] = true;
          if (!f.properties.nome) return;
          // os municípios com o nome sobre o mapa, a sede ao lado do ponto; a área, ao passar
          // o ponteiro
          var ponto = f.geometry && f.geometry.type === "Point";
          var fixo = f.properties.papel !== "area";
          c.bindTooltip(f.properties.nome, fixo ? { permanent: true, direction: ponto ? "right" : "center", offset: ponto ? [8, 0] : [0, 0], className: "rotulo-do-mapa", opacity: 1 } : {});
        }
      }).addTo(mapa);
      // a vista nas origens e na área; os vizinhos ficam na borda, para situar
      var foco = L.latLngBounds([]);
      camada.eachLayer(function (c) {
        if (c.feature && c.feature.properties.papel !== "vizinho" && c.getBounds) foco.extend(c.getBounds());
        else if (c.feature && c.feature.properties.papel !== "vizinho" && c.getLatLng) foco.extend(c.getLatLng());
      });
      var tudo = L.latLngBounds([]).extend(camada.getBounds());
      if (areaDoEditor) { foco.extend(areaDoEditor); tudo.extend(areaDoEditor); }
      if (!foco.isValid()) foco = tudo;
      mapa.fitBounds(foco, { padding: [20, 20], animate: false });
      caixa = entorno(tudo);
      legenda(div, presentes);
    }).catch(function () {});
    // o fundo depois da frente: com a frente, só o entorno dela; sem, o estado inteiro
    frente.then(function () { return desenharFundo(caixa); }).then(function () {
      requestAnimationFrame(function () { div.setAttribute("data-pronto", "1"); });
    });
    // o editor depois da frente (a área por cima das camadas dela)
    if (editor) {
      Promise.all([editor, frente]).then(function () {
        if (window.divisaEditor) window.divisaEditor.iniciar(div, mapa, { cor: PAPEIS.area.cor });
      }).catch(function () {});
    }
  }

  // Títulos de eleitor, um por linha, conferidos ao digitar (Art. 13).
  function iniciarTitulos() {
    var campo = document.getElementById("titulos");
    var saida = document.getElementById("titulos-validacao");
    if (!campo || !saida) return;
    var conferir = debounce(function () {
      fetch("/api/validacao/titulos", { method: "POST", headers: { "Content-Type": "text/plain" }, body: campo.value })
        .then(function (r) { return r.json(); })
        .then(function (j) {
          saida.textContent = "";
          var resumo = document.createElement("p");
          var plural = function (n, um, varios) { return n + " " + (n === 1 ? um : varios); };
          var partes = [plural(j.validos, "título válido de MT (conta)", "títulos válidos de MT (contam)")];
          if (j.repetidos.length) partes.push(plural(j.repetidos.length, "repetido", "repetidos"));
          if (j.outra_uf.length) partes.push(plural(j.outra_uf.length, "de outra UF", "de outra UF"));
          partes.push(plural(j.invalidos.length, "inválido", "inválidos"));
          resumo.textContent = partes.join(", ");
          resumo.className = j.invalidos.length ? "erro" : "ok";
          saida.appendChild(resumo);
          j.invalidos.concat(j.repetidos, j.outra_uf).slice(0, 20).forEach(function (i) {
            var li = document.createElement("div");
            li.className = "validacao erro";
            li.textContent = "linha " + i.linha + ": " + i.mensagem;
            saida.appendChild(li);
          });
          var n = document.getElementById("assinaturas");
          if (n && j.validos > 0) n.value = j.validos;
        });
    }, 300);
    campo.addEventListener("input", conferir);
  }

  // O nome proposto diante do Art. 6º, ao digitar.
  function iniciarNome() {
    var campo = document.getElementById("nome");
    var saida = document.getElementById("nome-validacao");
    if (!campo || !saida) return;
    campo.addEventListener("input", debounce(function () {
      if (!campo.value.trim()) { saida.textContent = ""; return; }
      fetch("/api/toponimo?nome=" + encodeURIComponent(campo.value))
        .then(function (r) { return r.json(); })
        .then(function (j) {
          saida.textContent = "";
          // uma linha por dispositivo, o que falha primeiro: a situação e o porquê («"1º de
          // Maio" designa uma data»); o método da conferência não entra, e o pendente diz o que
          // fazer
          var ordem = { nao_atende: 0, pendente: 1, atende: 2 };
          (j.achados || []).slice().sort(function (a, b) {
            return (ordem[a.situacao] === undefined ? 3 : ordem[a.situacao]) - (ordem[b.situacao] === undefined ? 3 : ordem[b.situacao]);
          }).forEach(function (a) {
            var d = document.createElement("div");
            d.className = "validacao " + a.situacao;
            var porque = a.situacao === "pendente" && a.mensagem ? a.mensagem : a.apurado;
            d.textContent = a.rotulo + (porque ? ": " + porque : "") + " (" + a.citacao + ")";
            saida.appendChild(d);
          });
        });
    }, 300));
  }

  // Avaliação: a cada mudança, o servidor reavalia e devolve o relatório (já escapado). Um
  // formulário só: o que se muda na proposta escrita avalia o texto; o que se muda nos campos
  // monta a proposta (mostrada no texto) e a avalia; a data vale para o último caminho usado.
  function iniciarAvaliacao() {
    var form = document.getElementById("form-avaliar");
    var destino = document.getElementById("relatorio");
    if (!form || !destino) return;
    var escrita = document.getElementById("proposta-em-arquivo");
    var modo = escrita && escrita.open ? "arquivo" : "formulario";
    function dados() {
      var d = new FormData(form);
      d.set("modo", modo);
      return d;
    }
    function relatorio() {
      fetch("/api/avaliar?formato=fragmento", { method: "POST", body: dados() })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          destino.innerHTML = html; // fragmento do servidor: todo texto já escapado
          destino.setAttribute("data-atualizado", String(Date.now()));
        });
    }
    // O erro de um campo ao lado dele (issue 32): o campo marcado e a mensagem logo abaixo,
    // ligada a ele; sem roubar o foco de quem ainda está digitando.
    function marcarErro(campo, mensagem) {
      form.querySelectorAll("[aria-invalid=true]").forEach(function (c) {
        c.removeAttribute("aria-invalid");
        var d = (c.getAttribute("aria-describedby") || "").split(" ").filter(function (i) { return i !== c.id + "-erro"; });
        if (d.length) c.setAttribute("aria-describedby", d.join(" ")); else c.removeAttribute("aria-describedby");
      });
      form.querySelectorAll("p.erro-campo").forEach(function (p) { p.remove(); });
      var c = campo && document.getElementById(campo);
      if (!c || !form.contains(c)) return;
      c.setAttribute("aria-invalid", "true");
      var p = document.createElement("p");
      p.className = "erro-campo";
      p.id = campo + "-erro";
      p.textContent = mensagem;
      c.insertAdjacentElement("afterend", p);
      var d = (c.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      d.unshift(p.id);
      c.setAttribute("aria-describedby", d.join(" "));
    }
    var reavaliar = debounce(function () {
      if (modo === "formulario") {
        fetch("/api/avaliar?formato=proposta", { method: "POST", body: dados() })
          .then(function (r) {
            return r.ok ? r.text() : r.json().then(function (j) { marcarErro(j.campo, j.erro); return null; });
          })
          .then(function (toml) {
            if (toml === null) return;
            marcarErro(null);
            document.getElementById("proposta").value = toml;
          })
          .catch(function () {});
      }
      relatorio();
    }, 400);
    function mudou(e) {
      if (e.target && (e.target.id === "em" || e.target.name === "area")) {
        // a data e o arquivo do território valem para os dois caminhos: não o mudam
      } else if (escrita && escrita.contains(e.target)) {
        modo = "arquivo";
      } else {
        modo = "formulario";
      }
      reavaliar();
    }
    form.addEventListener("input", mudou);
    form.addEventListener("change", mudou);

    // só os campos do tipo escolhido (sem JavaScript, todos aparecem e o tipo decide)
    var tipo = document.getElementById("f_tipo");
    function mostrarTipo() {
      form.querySelectorAll("fieldset[data-tipo]").forEach(function (f) {
        f.hidden = f.getAttribute("data-tipo") !== tipo.value;
      });
    }
    if (tipo) {
      tipo.addEventListener("change", mostrarTipo);
      mostrarTipo();
    }
  }

  // Contagem regressiva até o corte do Art. 3º.
  function iniciarContagem() {
    document.querySelectorAll("[data-ate]").forEach(function (el) {
      var ate = new Date(el.getAttribute("data-ate") + "T23:59:59-04:00");
      function atualizar() {
        var ms = ate - new Date();
        if (ms < 0) { el.textContent = "prazo encerrado"; return; }
        var d = Math.floor(ms / 86400000), h = Math.floor(ms / 3600000) % 24, m = Math.floor(ms / 60000) % 60;
        el.textContent = d.toLocaleString("pt-BR") + " dias, " + h + " h e " + m + " min";
      }
      atualizar();
      setInterval(atualizar, 30000);
    });
  }

  // «Imprimir o recibo»: a janela de impressão do navegador (que também salva em PDF).
  function iniciarImprimir() {
    document.querySelectorAll("button.imprimir").forEach(function (b) {
      b.addEventListener("click", function () { window.print(); });
    });
  }

  // O menu do celular: a navegação se abre pelo botão; no laptop, sempre aberta.
  function iniciarMenu() {
    var botao = document.querySelector("header .menu-botao");
    var nav = document.getElementById("nav-principal");
    if (!botao || !nav) return;
    var celular = window.matchMedia("(max-width: 640px)");
    function ajustar() {
      var cabecalho = botao.closest("header");
      if (celular.matches) {
        botao.hidden = false;
        var fechado = botao.getAttribute("aria-expanded") !== "true";
        nav.classList.toggle("fechado", fechado);
        // no celular, quem entrou e «Sair» vão com o menu: fechado, o cabeçalho é uma linha
        if (cabecalho) cabecalho.classList.toggle("menu-fechado", fechado);
      } else {
        botao.hidden = true;
        nav.classList.remove("fechado");
        if (cabecalho) cabecalho.classList.remove("menu-fechado");
      }
    }
    botao.addEventListener("click", function () {
      botao.setAttribute("aria-expanded", botao.getAttribute("aria-expanded") === "true" ? "false" : "true");
      ajustar();
    });
    celular.addEventListener("change", ajustar);
    ajustar();
  }

  // Tabelas largas: a caixa que rola de lado recebe o foco do teclado (e diz o que é).
  function iniciarTabelas() {
    document.querySelectorAll("div.tabela").forEach(function (d) {
      if (d.hasAttribute("tabindex")) return;
      d.setAttribute("tabindex", "0");
      d.setAttribute("role", "region");
      var t = d.querySelector("caption");
      var h = d.previousElementSibling;
      d.setAttribute("aria-label", t ? t.textContent : (h && /^H[1-6]$/.test(h.tagName) ? h.textContent : "Tabela"));
    });
  }

  // O botão do próximo passo leva ao formulário do ato (#ato-TIPO), que fica num <details>:
  // abre-o e põe o foco no primeiro campo, para quem chegou pelo botão não ter de procurar.
  function abrirAtoDoEndereco() {
    var alvo = location.hash && document.getElementById(location.hash.slice(1));
    if (!alvo || alvo.tagName !== "DETAILS") return;
    alvo.open = true;
    // o atalho de um ofício («Registrar o envio») traz o órgão já escolhido
    var orgao = window.__orgaoDoAtalho;
    window.__orgaoDoAtalho = null;
    var escolha = orgao && alvo.querySelector("select[name=c_orgao]");
    if (escolha) escolha.value = orgao;
    var campo = alvo.querySelector("input:not([type=hidden]), select, textarea, button");
    if (campo) campo.focus();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("a.registrar-ato[data-orgao]").forEach(function (a) {
      a.addEventListener("click", function () {
        window.__orgaoDoAtalho = a.getAttribute("data-orgao");
        if (location.hash === a.getAttribute("href")) abrirAtoDoEndereco();
      });
    });
    abrirAtoDoEndereco();
    window.addEventListener("hashchange", abrirAtoDoEndereco);
    iniciarMenu();
    iniciarImprimir();
    iniciarTabelas();
    iniciarMapas();
    iniciarTitulos();
    iniciarNome();
    iniciarAvaliacao();
    iniciarContagem();
  });
})();
