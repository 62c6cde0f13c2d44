// stolik — card faces drawn as SVG, for any deck. A card is a code: its rank then its
// suit ("AH", "TD", "QS"); ranks and suits are registered, so a game with another deck
// (Mariáš's German suits and Unter/Ober) adds its own without touching this file:
//   StolikCards.addSuits({B: {path: "...", color: "#...", color4: "#..."}});
//   StolikCards.addRanks({U: {index: "U", figure: "unter"}});
// A number rank draws its pips, an ace one big pip, a court card a figure.
(function (global) {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var W = 60, H = 84;  // the face's viewBox (a 5:7 card)

  // Suit symbols as paths in a box from -5 to 5 (fonts differ between phones).
  var SUITS = {
    S: { color: "#1a1a1a", color4: "#1a1a1a", symbol: "\u2660",
         path: "M0 -5C-.8 -3.6 -5 -1 -5 1.6C-5 3.3 -3.7 4.1 -2.5 4.1C-1.5 4.1 -.8 3.6 " +
               "-.35 2.9C-.45 3.9 -.9 4.6 -1.7 5.1L1.7 5.1C.9 4.6 .45 3.9 .35 2.9C.8 3.6 " +
               "1.5 4.1 2.5 4.1C3.7 4.1 5 3.3 5 1.6C5 -1 .8 -3.6 0 -5Z" },
    H: { color: "#c62828", color4: "#c62828", symbol: "\u2665",
         path: "M0 4.7C-.8 3.5 -5 .7 -5 -1.9C-5 -3.9 -3.7 -4.8 -2.5 -4.8C-1.3 -4.8 -.4 -4 " +
               "0 -2.9C.4 -4 1.3 -4.8 2.5 -4.8C3.7 -4.8 5 -3.9 5 -1.9C5 .7 .8 3.5 0 4.7Z" },
    D: { color: "#c62828", color4: "#1559b3", symbol: "\u2666",
         path: "M0 -5.2Q1.7 -2.2 3.9 0Q1.7 2.2 0 5.2Q-1.7 2.2 -3.9 0Q-1.7 -2.2 0 -5.2Z" },
    C: { color: "#1a1a1a", color4: "#2a7a2e", symbol: "\u2663",
         path: "M0 -4.9a2.25 2.25 0 1 0 .01 0ZM-2.6 -.6a2.25 2.25 0 1 0 .01 0Z" +
               "M2.6 -.6a2.25 2.25 0 1 0 .01 0ZM-.55 .4Q-.5 3.9 -1.9 5.1L1.9 5.1Q.5 3.9 .55 .4Z" +
               "M-1 -1.2L1 -1.2L1 1L-1 1Z" }
  };
  // Pip centres of the number cards (the lower half is drawn upside down).
  var COL = [18, 30, 42], ROW = [17, 28.3, 33.7, 42, 50.3, 55.7, 67];
  function pips(spec) { return spec.map(function (p) { return [COL[p[0]], ROW[p[1]]]; }); }
  var PIPS = {
    2: pips([[1, 0], [1, 6]]), 3: pips([[1, 0], [1, 3], [1, 6]]),
    4: pips([[0, 0], [2, 0], [0, 6], [2, 6]]),
    5: pips([[0, 0], [2, 0], [1, 3], [0, 6], [2, 6]]),
    6: pips([[0, 0], [2, 0], [0, 3], [2, 3], [0, 6], [2, 6]]),
    7: pips([[0, 0], [2, 0], [1, 1], [0, 3], [2, 3], [0, 6], [2, 6]]),
    8: pips([[0, 0], [2, 0], [1, 1], [0, 3], [2, 3], [1, 5], [0, 6], [2, 6]]),
    9: [[18, 17], [42, 17], [18, 33.7], [42, 33.7], [30, 42], [18, 50.3], [42, 50.3],
        [18, 67], [42, 67]],
    10: [[18, 17], [42, 17], [30, 25.3], [18, 33.7], [42, 33.7], [18, 50.3], [42, 50.3],
         [30, 58.7], [18, 67], [42, 67]]
  };
  var RANKS = {
    A: { index: "A", ace: true }, K: { index: "K", figure: "king" },
    Q: { index: "Q", figure: "queen" }, J: { index: "J", figure: "jack" },
    T: { index: "10", pips: 10 }
  };
  for (var n = 2; n <= 10; n++) { RANKS[String(n)] = { index: String(n), pips: n }; }

  function node(tag, attrs, parent) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) { if (Object.prototype.hasOwnProperty.call(attrs, k)) { e.setAttribute(k, attrs[k]); } }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function pip(parent, suit, x, y, size, flip) {
    var s = size / 10;
    node("path", { d: suit.path, transform: "translate(" + x + " " + y + ") scale(" + s + ")" +
                   (flip ? " rotate(180)" : "") }, parent);
  }
  // A court card's figure, double-ended like a printed card: a bust in the upper half,
  // the same turned round in the lower; a crown for the king and the queen, a cap for
  // the jack. Colours: the suit's, gold, and a skin tone, on a framed panel.
  function figure(g, kind, suit, colour) {
    node("rect", { x: 13, y: 12, width: 34, height: 60, rx: 2, fill: "#fbf3dc",
                   stroke: colour, "stroke-width": 0.8 }, g);
    var half = node("g", {}, g);
    node("path", { d: "M16 42C16 34 21 31 30 31C39 31 44 34 44 42Z", fill: colour }, half);
    node("path", { d: "M24 33L30 41L36 33Z", fill: "#e8c04a" }, half);
    node("circle", { cx: 30, cy: 24.5, r: 5.6, fill: "#f3d2b4", stroke: "#6d4c3d",
                     "stroke-width": 0.4 }, half);
    if (kind === "jack" || kind === "ober" || kind === "unter") {
      node("path", { d: "M23.6 22.6Q24 16.4 30 16.4Q36 16.4 36.4 22.6Z", fill: colour }, half);
      node("path", { d: "M35 18Q40 13 42 15Q38 16 36 20Z", fill: "#e8c04a" }, half);
    } else {
      node("path", { d: "M24.2 21.5L24.2 15.5L26.9 18.3L30 14.4L33.1 18.3L35.8 15.5L35.8 21.5Z",
                     fill: "#e8c04a", stroke: "#9a7a22", "stroke-width": 0.4 }, half);
      if (kind === "queen") {
        node("path", { d: "M24.4 25Q23 33 20 35L24 34Q25.5 30 25.3 26Z", fill: "#6d4c3d" }, half);
        node("path", { d: "M35.6 25Q37 33 40 35L36 34Q34.5 30 34.7 26Z", fill: "#6d4c3d" }, half);
      }
    }
    // an Ober holds his suit up high, an Unter low (as on German-suited cards)
    if (kind === "unter") { pip(half, suit, 40.5, 36.5, 5.5, false); }
    else { pip(half, suit, 19.5, 17, 5.5, false); }
    var lower = half.cloneNode(true);
    lower.setAttribute("transform", "rotate(180 30 42)");
    g.appendChild(lower);
    node("line", { x1: 13, y1: 42, x2: 47, y2: 42, stroke: colour, "stroke-width": 0.5 }, g);
  }

  var NAMES = {};  // a game's own card names: NAMES[game](code) -> words, or null
  var SUIT_WORDS = {};  // a game's own suit names: SUIT_WORDS[game][code] -> words

  // Suit pictures in text (issue 25.3): the server writes suits as pictures (A\u2665,
  // "kule \ud83d\udd14"); a stock Chromium without an emoji font shows the German ones
  // as empty boxes. fillText draws each picture as the card faces draw their pips (an
  // inline SVG), or as the game's own letter where the table asks for letters.
  var BY_PICTURE = { "\u2667": "C", "\u2664": "S", "\u2661": "H", "\u2662": "D" };
  var pictureRe = null;
  function learnPictures(s) {
    for (var k in s) {
      if (Object.prototype.hasOwnProperty.call(s, k) && s[k].symbol) { BY_PICTURE[s[k].symbol] = k; }
    }
    var alts = Object.keys(BY_PICTURE).sort(function (a, b) { return b.length - a.length; });
    pictureRe = new RegExp("(" + alts.join("|") + ")\ufe0f?", "g");
  }
  learnPictures(SUITS);
  function suitIcon(code, four, label) {
    var suit = SUITS[code];
    if (!suit) { return document.createTextNode(code); }
    var svg = node("svg", { viewBox: "-5.6 -5.6 11.2 11.2", "class": "suit-icon suit-" + code,
                            role: "img", "aria-label": label || code, focusable: "false" });
    node("title", {}, svg).textContent = label || code;
    node("path", { d: suit.path, fill: four ? suit.color4 : suit.color }, svg);
    return svg;
  }

  var API = {
    // A game's card names for screen readers and titles: fn(code) -> text or null.
    addNames: function (game, fn) { NAMES[game] = fn; },
    cardName: function (game, code) { return NAMES[game] ? NAMES[game](code) : null; },
    // A game's own suit names (Mari\u00e1\u0161: Czech in every language): {code: words}.
    addSuitNames: function (game, names) { SUIT_WORDS[game] = names; },
    suitName: function (game, code) { return SUIT_WORDS[game] && SUIT_WORDS[game][code] || null; },
    // The suit's picture as text ("\u2665"), or null for an unknown suit.
    symbol: function (suitCode) { var s = SUITS[suitCode]; return s && s.symbol || null; },
    addSuits: function (s) {
      for (var k in s) { if (Object.prototype.hasOwnProperty.call(s, k)) { SUITS[k] = s[k]; } }
      learnPictures(s);
    },
    // The suit letter a picture stands for ("\ud83c\udf30" -> "A"), or null.
    suitOf: function (picture) { return BY_PICTURE[picture.replace("\ufe0f", "")] || null; },
    // A suit drawn for a line of text: an inline SVG one em high, named by label.
    suitIcon: suitIcon,
    // Append text to parent, each suit picture in it drawn (an SVG) or, with
    // opts.ascii, written as its letter; opts.four: the four-colour deck; opts.name(code):
    // the suit's name for screen readers.
    fillText: function (parent, text, opts) {
      opts = opts || {};
      var at = 0, m;
      text = String(text);
      pictureRe.lastIndex = 0;
      while ((m = pictureRe.exec(text)) !== null) {
        var code = BY_PICTURE[m[1]];
        if (opts.ascii) {
          parent.appendChild(document.createTextNode(text.slice(at, m.index) + code));
        } else {
          if (m.index > at) { parent.appendChild(document.createTextNode(text.slice(at, m.index))); }
          parent.appendChild(suitIcon(code, opts.four, opts.name ? opts.name(code) : code));
        }
        at = m.index + m[0].length;
      }
      if (at < text.length || !at) { parent.appendChild(document.createTextNode(text.slice(at))); }
      return parent;
    },
    addRanks: function (r) { for (var k in r) { if (Object.prototype.hasOwnProperty.call(r, k)) { RANKS[k] = r[k]; } } },
    // The suit's colour: classic (red and black) or the four-colour deck.
    colour: function (suitCode, four) {
      var s = SUITS[suitCode];
      return s ? (four ? s.color4 : s.color) : "#1a1a1a";
    },
    // The card's SVG face (a new element). code: rank then suit; four: four-colour deck.
    face: function (code, four) {
      var rank = code.slice(0, -1), suitCode = code.slice(-1);
      var r = RANKS[rank] || { index: rank };
      var suit = SUITS[suitCode] || { path: "M-3 -3H3V3H-3Z", color: "#555", color4: "#555" };
      var colour = four ? suit.color4 : suit.color;
      var svg = node("svg", { viewBox: "0 0 " + W + " " + H, "class": "face", "aria-hidden": "true",
                              focusable: "false" });
      node("rect", { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 4.5, fill: "#fff",
                     stroke: "#8a8a8a", "stroke-width": 0.8, "class": "face-edge" }, svg);
      var g = node("g", { fill: colour }, svg);
      // corner indices, top left and (turned) bottom right
      [false, true].forEach(function (turned) {
        var c = node("g", turned ? { transform: "rotate(180 30 42)" } : {}, g);
        var t = node("text", { x: 7, y: 12.5, "text-anchor": "middle", "font-size": r.index.length > 1 ? 10 : 11.5,
                               "font-weight": 700, "font-family": "system-ui, 'DejaVu Sans', sans-serif",
                               "letter-spacing": r.index.length > 1 ? -1 : 0, "class": "face-index" }, c);
        t.textContent = r.index;
        pip(c, suit, 7, 19.5, 6.4, false);
      });
      if (r.ace) {
        pip(g, suit, 30, 42, 24, false);
      } else if (r.pips && PIPS[r.pips]) {
        PIPS[r.pips].forEach(function (p) { pip(g, suit, p[0], p[1], 9.2, p[1] > 42.5); });
      } else if (r.figure) {
        figure(g, r.figure, suit, colour);
      } else {
        var big = node("text", { x: 30, y: 50, "text-anchor": "middle", "font-size": 24,
                                 "font-weight": 700, "font-family": "system-ui, sans-serif" }, g);
        big.textContent = r.index;
      }
      return svg;
    }
  };
  global.StolikCards = API;

  // Mariáš (MARIAS §1): German suits — červené (hearts, shared with the French H),
  // zelené (a leaf), kule (a bell), žaludy (an acorn) — and Ober (svršek, O) and Unter
  // (spodek, U); the cards are named in Czech, as players name them.
  API.addSuits({
    L: { color: "#2e7d32", color4: "#2e7d32", symbol: "\ud83c\udf43",
         path: "M0 -5.2C3.7 -2.6 4 1.3 .7 3.5L.7 5.2L-.7 5.2L-.7 3.5C-4 1.3 -3.7 -2.6 0 -5.2Z" +
               "M-.25 -3.6L.25 -3.6L.25 3L-.25 3Z" },
    B: { color: "#c77800", color4: "#c77800", symbol: "\ud83d\udd14",
         path: "M-3.3 2.4C-3.3 -1.2 -2.6 -4 0 -4C2.6 -4 3.3 -1.2 3.3 2.4L4.3 3.5L-4.3 3.5Z" +
               "M-.9 -4.4a.9 .9 0 1 0 1.8 0a.9 .9 0 1 0 -1.8 0Z" +
               "M-1.1 4.2a1.1 1 0 1 0 2.2 0a1.1 1 0 1 0 -2.2 0Z" },
    A: { color: "#6d3f14", color4: "#6d3f14", symbol: "\ud83c\udf30",
         path: "M-3.5 -1C-3.5 -3.5 -1.8 -4.5 0 -4.5C1.8 -4.5 3.5 -3.5 3.5 -1Z" +
               "M-.4 -4.4L-.4 -5.4L.4 -5.4L.4 -4.4Z" +
               "M-2.6 -.6L2.6 -.6C2.6 2.6 1.4 4.6 0 5.3C-1.4 4.6 -2.6 2.6 -2.6 -.6Z" }
  });
  API.addRanks({ O: { index: "O", figure: "ober" }, U: { index: "U", figure: "unter" } });
  var CZ_RANK = { A: ["eso", 2], T: ["desítka", 1], K: ["král", 0], O: ["svršek", 0],
                  U: ["spodek", 0], 9: ["devítka", 1], 8: ["osmička", 1], 7: ["sedma", 1] };
  var CZ_SUIT = { H: ["červený", "červená", "červené"], L: ["zelený", "zelená", "zelené"],
                  B: ["kulový", "kulová", "kulové"], A: ["žaludský", "žaludská", "žaludské"] };
  API.addSuitNames("marias", { H: "\u010derven\u00e9", L: "zelen\u00e9", B: "kule", A: "\u017ealudy" });
  API.addNames("marias", function (code) {  // "zelená desítka", "kulový svršek"
    var r = CZ_RANK[code.slice(0, -1)], s = CZ_SUIT[code.slice(-1)];
    return r && s ? s[r[1]] + " " + r[0] : null;
  });
}(window));
