// stolik — the table page: one WebSocket, the server's state drawn as it comes.
// Cards arrive as ASCII codes (AH, TD); they are shown with suit symbols or letters.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root) { return; }
  var T = JSON.parse(document.getElementById("play-texts").textContent);
  var tableId = root.dataset.table;
  var lang = root.dataset.lang;
  var SUITS = { C: "\u2663", S: "\u2660", H: "\u2665", D: "\u2666" };
  var RANKS = { A: "A", T: "10", Q: "Q", J: "J" };
  var ascii = localStorage.getItem("stolik-ascii") === "1";
  var asciiBox = document.getElementById("ascii");
  asciiBox.checked = ascii;
  asciiBox.addEventListener("change", function () {
    ascii = asciiBox.checked;
    localStorage.setItem("stolik-ascii", ascii ? "1" : "0");
    if (state) { draw(state); }
  });
  var ws = null, state = null, nextId = 1, retry = 500;
  var hintsBox = document.getElementById("hints-toggle");  // seated people only
  if (hintsBox) {
    hintsBox.addEventListener("change", function () {
      send({ type: "hints", on: hintsBox.checked });
    });
  }

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  function cardText(code) {
    return ascii ? code : (RANKS[code[0]] || code[0]) + SUITS[code[1]];
  }
  function cardEl(code, tag) {
    var e = el(tag || "span", "card suit-" + code[1], cardText(code));
    e.dataset.card = code;
    return e;
  }
  function name(s) {
    if (!state) { return String(s); }
    var n = state.players[s];
    return s === state.seat ? n + " (" + T.you + ")" : n;
  }
  function send(obj) {
    if (ws && ws.readyState === 1) { obj.id = nextId++; ws.send(JSON.stringify(obj)); }
  }
  function say(text, cls) {
    var m = $("message");
    m.textContent = text || "";
    m.className = "message " + (cls || "");
  }

  function connect() {
    var proto = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(proto + location.host + "/play/ws/" + tableId + "?lang=" + lang);
    ws.onopen = function () { retry = 500; $("offline").hidden = true; };
    ws.onmessage = function (ev) { onMessage(JSON.parse(ev.data)); };
    ws.onclose = function () {
      $("offline").hidden = false;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function onMessage(msg) {
    if (msg.type === "state") {
      if (state && state.deal.number !== msg.deal.number) { $("review").textContent = ""; }
      if (msg.event && msg.event.kind === "move" && msg.event.seat === msg.seat) { say(""); }
      if (msg.event && msg.event.kind === "hints") {
        say(msg.hints ? T["hints-on"] : T["hints-off"]);
      }
      state = msg;
      draw(msg);
    } else if (msg.type === "error") {
      say(T.error + ": " + msg.message, "error");
    } else if (msg.type === "hint") {
      say(msg.text, "hint");
    } else if (msg.type === "claim") {
      say(msg.text, msg.ok ? "" : "error");
    } else if (msg.type === "review") {
      say("");
      drawReview(msg.items);
    }
  }

  // Seats around the felt: you at the bottom, the others clockwise.
  function position(s) {
    var me = state.seat === null ? 0 : state.seat;
    return ["bottom", "left", "top", "right"][(s - me + 4) % 4];
  }

  function draw(st) {
    var d = st.deal;
    root.dataset.version = String(st.version);
    root.dataset.over = st.over ? "1" : "0";
    var mine = st.seat !== null && d.to_act === st.seat && st.started && !st.over;
    var info = T.deal + " " + d.number + "/" + st.deals + " · " + T.dealer + ": " + st.players[d.dealer];
    if (d.bok) { info += " · " + T.bok; }
    if (st.bok_pending) { info += " · " + T["bok-pending"] + ": " + st.bok_pending; }
    $("deal-info").textContent = info;
    var turn = $("turn");
    if (!st.started) { turn.textContent = T["waiting-players"]; }
    else if (st.over) { turn.textContent = T["series-over"]; }
    else if (mine) { turn.textContent = T["your-turn"]; }
    else if (d.to_act !== null) { turn.textContent = T["waits-for"] + ": " + st.players[d.to_act]; }
    else { turn.textContent = T["deal-over"]; }
    turn.classList.toggle("mine", mine);
    drawSeats(st);
    drawTrick(st);
    drawGame(st);
    drawHand(st, mine);
    drawCalls(st, mine);
    drawAuction(st);
    drawSheet(st);
    drawResult(st);
    $("btn-hint").hidden = !(st.hints && mine);
    if (hintsBox) { hintsBox.checked = !!st.hints; hintsBox.disabled = !!st.over; }
    $("btn-claim").hidden = !(mine && d.phase === "play");
    $("btn-next").hidden = !(st.waiting_next && st.seat !== null && st.ready.indexOf(st.seat) < 0);
    $("btn-review").hidden = !(st.seat !== null && d.to_act === null && st.sheet.length > 0);
  }

  function drawSeats(st) {
    for (var s = 0; s < 4; s++) {
      var box = $("pos-" + position(s));
      box.textContent = "";
      box.className = "seat-box pos-" + position(s) + (st.deal.to_act === s ? " to-act" : "")
        + (st.connected[s] ? "" : " away");
      var head = el("div", "seat-name", name(s));
      if (st.bots[s] && st.players[s].indexOf(st.bots[s]) !== 0) {
        head.appendChild(el("span", "muted", " · " + st.bots[s]));
      }
      if (st.deal.dealer === s) { head.appendChild(el("span", "dealer-chip", "D")); }
      box.appendChild(head);
      var line = T.tricks + ": " + st.deal.tricks[s];
      if (!st.connected[s]) { line += " · " + T.away; }
      if (st.ready.indexOf(s) >= 0) { line += " · " + T.ready; }
      box.appendChild(el("div", "muted", line));
      box.dataset.seat = s;
    }
  }

  function drawTrick(st) {
    var box = $("trick");
    box.textContent = "";
    st.deal.trick.forEach(function (p) {
      var c = cardEl(p[1], "div");
      c.classList.add("at-" + position(p[0]));
      c.title = st.players[p[0]];
      box.appendChild(c);
    });
  }

  function drawGame(st) {
    var d = st.deal, g = $("game-line"), side = $("side-line"), lt = $("last-trick");
    g.textContent = ""; side.textContent = ""; lt.textContent = "";
    if (d.phase === "auction" && !d.contract && !d.level) { return; }
    var text = T.game + ": ";
    if (d.contract) {
      text += d.contract_name;
      if (d.declarer !== null) { text += " · " + T.declarer + " " + st.players[d.declarer]; }
    } else {
      text += d.plain_known ? T.plain : T["no-contract"];
    }
    if (d.laid_down) { text += " · wykładane"; }  // RULES §7: announced, public
    if (d.doubling) { text += " · " + d.doubling; }
    g.textContent = text;
    if (st.seat !== null) {
      var mine = d.sides[st.seat];
      var stext = T["your-side"] + ": ";
      if (mine === null) { stext += T["side-unknown"]; }
      else {
        if (!d.contract) { stext += mine === 0 ? T.starzy : T.mlodzi; }
        else { stext += mine === 0 ? T.declaring : T.defending; }
        var mates = [];
        for (var s = 0; s < 4; s++) { if (s !== st.seat && d.sides[s] === mine) { mates.push(st.players[s]); } }
        if (d.lone && mine === 0) { stext += " — " + T.alone; }
        else if (mates.length) { stext += " " + T["with"] + " " + mates.join(", "); }
      }
      side.textContent = stext;
    }
    if (d.last_trick) {
      lt.appendChild(el("span", "label", T["last-trick"] + ": "));
      d.last_trick.cards.forEach(function (p) {
        lt.appendChild(el("span", "who", st.players[p[0]] + " "));
        lt.appendChild(cardEl(p[1]));
        lt.appendChild(document.createTextNode("  "));
      });
      lt.appendChild(el("span", "muted", "→ " + T.takes + " " + st.players[d.last_trick.winner]));
    }
  }

  function drawHand(st, mine) {
    var box = $("hand");
    box.textContent = "";
    if (st.seat === null) { return; }
    var legal = {};
    st.deal.legal.forEach(function (m) { legal[m.move] = true; });
    st.deal.hand.forEach(function (code) {
      var b = cardEl(code, "button");
      var playable = mine && st.deal.phase === "play" && legal[code];
      b.disabled = !playable;
      b.classList.add(playable ? "legal" : "illegal");
      b.addEventListener("click", function () { send({ type: "move", move: code }); });
      box.appendChild(b);
    });
  }

  function drawCalls(st, mine) {
    var box = $("calls");
    box.textContent = "";
    if (!mine || st.deal.phase !== "auction") { return; }
    st.deal.legal.forEach(function (m) {
      var b = el("button", "call", m.label);
      b.dataset.move = m.move;
      b.addEventListener("click", function () { send({ type: "move", move: m.move }); });
      box.appendChild(b);
    });
  }

  function drawAuction(st) {
    var box = $("auction");
    box.textContent = "";
    var first = (st.deal.dealer + 2) % 4;
    var t = el("table", "grid auction");
    var head = el("tr");
    for (var i = 0; i < 4; i++) { head.appendChild(el("th", "", st.players[(first + i) % 4])); }
    t.appendChild(head);
    var row = null;
    st.deal.calls.forEach(function (c, k) {
      if (k % 4 === 0) { row = el("tr"); t.appendChild(row); }
      row.appendChild(el("td", c[1] === "pass" ? "muted" : "strong", c[2]));
    });
    box.appendChild(t);
  }

  function drawSheet(st) {
    var box = $("sheet");
    box.textContent = "";
    var t = el("table", "grid sheet");
    var head = el("tr");
    [T.nr, "", T.game, T.declarer, T.result].forEach(function (h) { head.appendChild(el("th", "", h)); });
    st.players.forEach(function (p) { head.appendChild(el("th", "", p)); });
    t.appendChild(head);
    st.sheet.forEach(function (r) {
      var tr = el("tr", r.bok ? "bok" : "");
      tr.appendChild(el("td", "", String(r.number)));
      tr.appendChild(el("td", "bok-mark", r.bok ? "B" : ""));
      tr.appendChild(el("td", "name", r.game));
      tr.appendChild(el("td", "name", r.declarer));
      tr.appendChild(el("td", "name", r.note));
      for (var s = 0; s < 4; s++) {
        var p = r.payout[s];
        var td = el("td", p > 0 ? "plus" : p < 0 ? "minus" : "", (p > 0 ? "+" : "") + p + " ");
        td.appendChild(el("b", "", String(r.running[s])));
        tr.appendChild(td);
      }
      t.appendChild(tr);
    });
    var foot = el("tr", "total");
    foot.appendChild(el("td", "", "Σ"));
    foot.appendChild(el("td", "", ""));
    foot.appendChild(el("td", "", "")); foot.appendChild(el("td", "", "")); foot.appendChild(el("td", "", ""));
    st.totals.forEach(function (v) { foot.appendChild(el("td", "", String(v))); });
    t.appendChild(foot);
    if (st.place_points) {
      var pp = el("tr", "places");
      var label = el("td", "name", T["place-points"]);
      label.colSpan = 5;
      pp.appendChild(label);
      st.place_points.forEach(function (v) { pp.appendChild(el("td", "", String(v))); });
      t.appendChild(pp);
    }
    box.appendChild(t);
  }

  function drawResult(st) {
    var box = $("result");
    box.textContent = "";
    var r = st.result;
    if (!r || st.deal.to_act !== null) { return; }
    var head = T["deal-over"] + " " + st.deal.number + ": " + r.game;
    if (r.declarer !== null) { head += " · " + T.declarer + " " + st.players[r.declarer]; }
    if (r.doubling) { head += " · " + r.doubling; }
    head += " · " + r.note;
    box.appendChild(el("h3", "", head));
    var t = el("table", "grid reveal");
    var h = el("tr");
    ["", T.hands, T.points, T.tricks, T.payout, T.total].forEach(function (x) { h.appendChild(el("th", "", x)); });
    t.appendChild(h);
    for (var s = 0; s < 4; s++) {
      var tr = el("tr");
      tr.appendChild(el("td", "name", name(s)));
      var cards = el("td", "name hand-cell");
      r.hands[s].forEach(function (c) { cards.appendChild(cardEl(c)); cards.appendChild(document.createTextNode(" ")); });
      tr.appendChild(cards);
      tr.appendChild(el("td", "", String(r.points[s])));
      tr.appendChild(el("td", "", String(r.tricks[s])));
      var p = r.payout[s];
      tr.appendChild(el("td", p > 0 ? "plus" : p < 0 ? "minus" : "", (p > 0 ? "+" : "") + p));
      tr.appendChild(el("td", "", String(st.totals[s])));
      t.appendChild(tr);
    }
    box.appendChild(t);
  }

  function drawReview(items) {
    var box = $("review");
    box.textContent = "";
    box.appendChild(el("h3", "", T.review));
    if (!items.length) { box.appendChild(el("p", "muted", T["review-none"])); }
    var ul = el("ul");
    items.forEach(function (x) { ul.appendChild(el("li", "", x)); });
    box.appendChild(ul);
  }

  $("btn-hint").addEventListener("click", function () { say(T.thinking); send({ type: "hint" }); });
  $("btn-claim").addEventListener("click", function () { send({ type: "claim" }); });
  $("btn-next").addEventListener("click", function () { say(""); send({ type: "next" }); });
  $("btn-review").addEventListener("click", function () { say(T.thinking); send({ type: "review" }); });
  connect();
}());
