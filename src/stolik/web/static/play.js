// stolik — the table page: one WebSocket, the server's state drawn as it comes.
// Cards arrive as ASCII codes (AH, TD); they are shown with suit symbols or letters.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root) { return; }
  var T = JSON.parse(document.getElementById("play-texts").textContent);
  var tableId = root.dataset.table;
  var lang = root.dataset.lang;
  var RANKS = { A: "A", T: "10", Q: "Q", J: "J" };
  var Cards = window.StolikCards;
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  function option(box, key, then) {  // a checkbox kept in localStorage
    var on = localStorage.getItem(key) === "1";
    box.checked = on;
    box.addEventListener("change", function () {
      localStorage.setItem(key, box.checked ? "1" : "0");
      then(box.checked);
    });
    return on;
  }
  var ascii = option(document.getElementById("ascii"), "stolik-ascii", function (on) {
    ascii = on; if (state) { draw(state); }
  });
  var four = option(document.getElementById("four-colour"), "stolik-four-colour", function (on) {
    four = on; root.classList.toggle("four-colour", on); if (state) { draw(state); }
  });
  root.classList.toggle("four-colour", four);
  var peek = false;  // the last trick shown on the felt, on demand
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
    if (text !== undefined && text !== null) { fill(e, text); }
    return e;
  }
  // A suit's name for screen readers: the game's own (Mariáš: Czech), else the page's.
  function suitName(code) {
    return (state && Cards.suitName(state.game, code)) || T["suit-" + code] || code;
  }
  // Text from the server into e: its suit pictures drawn (issue 25.3: no emoji font
  // needed), or the game's letters when the table asks for letters.
  function fill(e, text) {
    e.textContent = "";
    return Cards.fillText(e, text, { ascii: ascii, four: four, name: suitName });
  }
  function cardName(code) {  // "dama kier", "queen of hearts": what a screen reader says
    var r = code.slice(0, -1), su = code.slice(-1);
    var own = state && Cards.cardName(state.game, code);  // a game's own card names
    if (own) { return own; }
    return (T["card-name"] || "{rank} {suit}").replace("{rank}", T["rank-" + r] || r)
      .replace("{suit}", T["suit-" + su] || su);
  }
  function cash(values, texts, i) {  // money as the game writes it (Kč), else points
    if (texts) { return texts[i]; }
    var v = values[i];
    return (v > 0 ? "+" : "") + v;
  }
  function cardEl(code, tag) {  // a small text card (tables, the reveal)
    var su = code.slice(-1), r = code.slice(0, -1);
    var e = el(tag || "span", "card suit-" + su, ascii ? code : RANKS[r] || r);
    if (!ascii) { e.appendChild(Cards.suitIcon(su, four, suitName(su))); }
    e.dataset.card = code;
    e.style.color = Cards.colour(su, four);
    e.title = cardName(code);
    return e;
  }
  function faceEl(code, tag) {  // a drawn card
    var e = el(tag || "div", "card-face suit-" + code.slice(-1));
    e.dataset.card = code;
    e.appendChild(Cards.face(code, four));
    if (tag === "button") { e.setAttribute("aria-label", cardName(code)); e.type = "button"; }
    else { e.setAttribute("role", "img"); e.setAttribute("aria-label", cardName(code)); }
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
    fill(m, text || "");
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
      var prev = state;
      state = msg;
      draw(msg, prev);
    } else if (msg.type === "error") {
      say(T.error + ": " + msg.message, "error");
      // a refused switch of the hints: the box shows the table's setting again
      if (hintsBox && state) { hintsBox.checked = !!state.hints; }
    } else if (msg.type === "hint") {
      say(msg.text, "hint");
    } else if (msg.type === "claim") {
      say(msg.text, msg.ok ? "" : "error");
    } else if (msg.type === "review") {
      say("");
      drawReview(msg.items);
    }
  }

  // Seats around the felt: you at the bottom, the others clockwise (three seats: no one
  // at the top).
  function seatCount(st) { return st.players.length; }
  function position(s) {
    var me = state.seat === null ? 0 : state.seat, n = seatCount(state);
    var order = n === 3 ? ["bottom", "left", "right"] : ["bottom", "left", "top", "right"];
    return order[(s - me + n) % n];
  }

  function draw(st, prev) {
    var d = st.deal;
    root.dataset.version = String(st.version);
    root.dataset.over = st.over ? "1" : "0";
    var mine = st.seat !== null && d.to_act === st.seat && st.started && !st.over;
    var info = T.deal + " " + d.number + (st.deals_text !== undefined ? st.deals_text : "/" + st.deals) +
      " · " + T.dealer + ": " + st.players[d.dealer];
    if (d.bok) { info += " · " + T.bok; }
    if (st.bok_pending) { info += " · " + T["bok-pending"] + ": " + st.bok_pending; }
    fill($("deal-info"), info);
    var turn = $("turn");
    if (!st.started) { turn.textContent = T["waiting-players"]; }
    else if (st.over) { turn.textContent = T["series-over"]; }
    else if (mine) { turn.textContent = T["your-turn"]; }
    else if (d.to_act !== null) { turn.textContent = T["waits-for"] + ": " + st.players[d.to_act]; }
    else { turn.textContent = T["deal-over"]; }
    turn.classList.toggle("mine", mine);
    drawSeats(st);
    drawTrick(st, prev);
    drawGame(st);
    drawOpenHands(st);
    drawJoin(st);
    drawHand(st, mine);
    drawCalls(st, mine);
    drawAuction(st);
    drawSheet(st);
    drawResult(st);
    drawChart(st);
    drawRecordLink(st);
    $("btn-hint").hidden = !(st.hints && mine);
    if (hintsBox) { hintsBox.checked = !!st.hints; hintsBox.disabled = !!st.over; }
    $("btn-claim").hidden = !(mine && d.phase === "play" && st.claims !== false);
    $("btn-next").hidden = !(st.waiting_next && st.seat !== null && st.ready.indexOf(st.seat) < 0);
    $("btn-review").hidden = !(st.seat !== null && d.to_act === null && st.sheet.length > 0);
  }

  // A game whose settled deals hide cards (a Mariáš deal thrown in, Betel's dubel) has its
  // record served only once the series is over: the page says so and names no link; the
  // link takes that line's place when a state message says the series has finished.
  function drawRecordLink(st) {
    var later = $("record-later");
    if (!later || st.status !== "finished") { return; }
    var a = el("a", "", later.dataset.link);
    a.id = "record-link";
    a.href = "/play/t/" + encodeURIComponent(tableId) + "/record.toml";
    later.replaceWith(a);
  }

  function drawSeats(st) {
    var top = $("pos-top");
    top.hidden = seatCount(st) === 3;
    if (top.hidden) { top.textContent = ""; top.className = "seat-box pos-top"; }
    for (var s = 0; s < seatCount(st); s++) {
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
      if (st.money_text) { line += " · " + st.money_text[s]; }
      if (!st.connected[s]) { line += " · " + T.away; }
      if (st.ready.indexOf(s) >= 0) { line += " · " + T.ready; }
      box.appendChild(el("div", "muted", line));
      box.dataset.seat = s;
    }
  }

  // The trick area: a card flies from the hand (or its player's seat) to the felt; a
  // finished trick stays a moment, then goes to its taker. Short, and none at all when
  // the system asks for reduced motion.
  var HOLD = 700, FLY = 240, SWEEP = 300;
  function still() { return reduced && reduced.matches; }
  function fly(card, from) {
    if (!from || still() || !card.animate) { return; }
    var to = card.getBoundingClientRect();
    var dx = from.left + from.width / 2 - (to.left + to.width / 2);
    var dy = from.top + from.height / 2 - (to.top + to.height / 2);
    // from a card in the hand: its size; from a player's seat: small, growing to size
    var sc = from.card ? from.width / (to.width || 1) : 0.6;
    card.animate([{ transform: "translate(" + dx + "px," + dy + "px) scale(" + sc + ")" },
                  { transform: "none" }], { duration: FLY, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
  function sourceOf(seat, code, st) {
    var mine = st.seat !== null && seat === st.seat &&
      document.querySelector("#hand [data-card='" + code + "']");
    var r = (mine || $("pos-" + position(seat))).getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height, card: !!mine };
  }
  function layCards(box, cards, st, before) {
    var shown = {};
    if (before) { before.forEach(function (p) { shown[p[1]] = true; }); }
    var sources = cards.map(function (p) { return shown[p[1]] ? null : sourceOf(p[0], p[1], st); });
    box.textContent = "";
    cards.forEach(function (p, i) {
      var c = faceEl(p[1], "div");
      c.classList.add("at-" + position(p[0]));
      c.title = st.players[p[0]];
      c.setAttribute("aria-label", st.players[p[0]] + ": " + cardName(p[1]));
      box.appendChild(c);
      fly(c, sources[i]);
    });
  }
  function sweep(box, winner, then) {
    var target = $("pos-" + position(winner)).getBoundingClientRect();
    var cards = Array.prototype.slice.call(box.children);
    if (still() || !cards.length || !cards[0].animate) { then(); return; }
    var done = 0;
    cards.forEach(function (c) {
      // A hurried trick's last card may still be flying in: its rectangle is where it is
      // seen, not where it lies. The sweep's translation is from where it lies (the card
      // would otherwise overshoot its taker by the rest of its flight, past the edge of
      // a phone), and it starts from where the card is seen.
      var seen = c.getBoundingClientRect();
      if (c.getAnimations) { c.getAnimations().forEach(function (a) { a.cancel(); }); }
      var r = c.getBoundingClientRect();
      var fx = seen.left + seen.width / 2 - (r.left + r.width / 2);
      var fy = seen.top + seen.height / 2 - (r.top + r.height / 2);
      var fs = seen.width / (r.width || 1);
      var dx = target.left + target.width / 2 - (r.left + r.width / 2);
      var dy = target.top + target.height / 2 - (r.top + r.height / 2);
      var a = c.animate([{ transform: "translate(" + fx + "px," + fy + "px) scale(" + fs + ")", opacity: 1 },
                         { transform: "translate(" + dx + "px," + dy + "px) scale(.5)", opacity: 0 }],
                        { duration: SWEEP, easing: "ease-in", fill: "forwards" });
      a.onfinish = a.oncancel = function () { if (++done === cards.length) { then(); } };
    });
  }
  function sameTrick(a, b) {
    return !!a && !!b && JSON.stringify(a.cards) === JSON.stringify(b.cards);
  }
  // A taken trick on show (null when none): it holds the felt until it is swept away; a
  // state that comes meanwhile only hurries it, and the newest state is drawn after it.
  var taken = null;
  function drawTrick(st, prev) {
    drawPeek(st);
    var d = st.deal, box = $("trick-cards");
    if (taken) { taken.hurry(); return; }
    var same = prev && prev.deal.number === d.number;
    var lt = d.last_trick;
    box.dataset.count = String(d.trick.length);
    if (!(same && lt && !sameTrick(prev.deal.last_trick, lt))) {
      layCards(box, d.trick, st, same ? prev.deal.trick : d.trick);
      return;
    }
    // the trick just taken: shown whole, held a moment, then swept to its taker
    layCards(box, lt.cards, st, prev.deal.trick);
    box.dataset.count = String(lt.cards.length);
    var sweeping = false;
    function go() {
      if (sweeping) { return; }
      sweeping = true;
      clearTimeout(timer);
      sweep(box, lt.winner, function () {
        taken = null;
        box.dataset.taken = "0";
        box.textContent = "";
        box.dataset.count = "0";
        if (state) {  // the newest trick, its cards flying in from their players
          layCards(box, state.deal.trick, state, []);
          box.dataset.count = String(state.deal.trick.length);
        }
      });
    }
    var timer = setTimeout(go, d.trick.length ? HOLD / 2 : HOLD);
    taken = { hurry: go };
    box.dataset.taken = "1";
  }
  function drawPeek(st) {
    var d = st.deal, layer = $("trick-peek"), btn = $("btn-last-trick");
    btn.hidden = !d.last_trick;
    if (!d.last_trick) { peek = false; }
    btn.setAttribute("aria-pressed", peek ? "true" : "false");
    btn.textContent = peek ? T["hide-last-trick"] : T["show-last-trick"];
    $("trick").classList.toggle("peeking", peek);
    layer.textContent = "";
    if (!peek) { return; }
    d.last_trick.cards.forEach(function (p) {
      var c = faceEl(p[1], "div");
      c.classList.add("at-" + position(p[0]));
      c.classList.toggle("winner", p[0] === d.last_trick.winner);
      c.setAttribute("aria-label", st.players[p[0]] + ": " + cardName(p[1]));
      layer.appendChild(c);
    });
  }

  function drawJoin(st) {  // a spectator's free seats follow the table (issue 9 item 11)
    var form = $("join-form");
    if (!form) { return; }
    var open = st.open_seats || [];
    var any = false;
    Array.prototype.forEach.call(form.querySelectorAll(".join-seat"), function (b) {
      var free = open.indexOf(Number(b.value)) >= 0;
      b.hidden = !free;
      b.disabled = !free;
      any = any || free;
    });
    form.hidden = !any;
  }

  function drawGame(st) {
    var d = st.deal, g = $("game-line"), side = $("side-line"), lt = $("last-trick");
    g.textContent = ""; side.textContent = ""; lt.textContent = "";
    drawNotes(d);
    if (d.phase !== "play" && d.phase !== "done" && !d.contract && !d.level) { return; }
    var text = T.game + ": ";
    if (d.contract) {
      text += d.contract_name;
      if (d.declarer !== null) { text += " · " + T.declarer + " " + st.players[d.declarer]; }
    } else {
      text += d.plain_known ? T.plain : T["no-contract"];
    }
    if (d.laid_down) { text += " · " + T["laid-down"]; }  // RULES §7: announced, public
    if (d.doubling) { text += " · " + d.doubling; }
    fill(g, text);
    if (st.seat !== null && !d.no_sides) {
      var mine = d.sides[st.seat];
      var stext = T["your-side"] + ": ";
      if (mine === null) { stext += T["side-unknown"]; }
      else {
        if (!d.contract) { stext += mine === 0 ? T.starzy : T.mlodzi; }
        else { stext += mine === 0 ? T.declaring : T.defending; }
        var mates = [];
        for (var s = 0; s < seatCount(st); s++) { if (s !== st.seat && d.sides[s] === mine) { mates.push(st.players[s]); } }
        if (d.lone && mine === 0) { stext += " — " + T.alone; }
        else if (mates.length) { stext += " " + T["with"] + " " + mates.join(", "); }
      }
      side.textContent = stext;
    }
    if (d.last_trick && peek) {
      lt.appendChild(el("span", "label", T["last-trick"] + ": "));
      d.last_trick.cards.forEach(function (p) {
        lt.appendChild(el("span", "who", st.players[p[0]] + " "));
        lt.appendChild(cardEl(p[1]));
        lt.appendChild(document.createTextNode("  "));
      });
      lt.appendChild(el("span", "muted", "→ " + T.takes + " " + st.players[d.last_trick.winner]));
    }
  }

  function drawOpenHands(st) {  // hands the rules lay face up (an open betl)
    var box = $("open-hands"), open = st.deal.open_hands;
    if (!box) { return; }
    box.textContent = "";
    // a game's rows of cards on the table (a dubel): null is a card lying face down
    (st.deal.card_rows || []).forEach(function (r) {
      var row = el("div", "open-hand card-row");
      row.appendChild(el("span", "who", r.label + ": "));
      r.cards.forEach(function (c) {
        row.appendChild(c ? cardEl(c) : el("span", "card card-back", "\u25a0"));
        row.appendChild(document.createTextNode(" "));
      });
      box.appendChild(row);
    });
    if (!open) { return; }
    for (var s = 0; s < seatCount(st); s++) {
      if (s === st.seat || !open[s].length) { continue; }
      var row = el("div", "open-hand");
      row.dataset.seat = s;
      row.appendChild(el("span", "who", st.players[s] + ": "));
      open[s].forEach(function (c) { row.appendChild(cardEl(c)); row.appendChild(document.createTextNode(" ")); });
      box.appendChild(row);
    }
  }

  function drawNotes(d) {  // the game's own lines: what was chosen, partners, duties
    var box = $("notes");
    if (!box) { return; }
    box.textContent = "";
    (d.notes || []).forEach(function (n) { box.appendChild(el("div", "note", n)); });
  }

  // The hand: drawn cards. Bidding, it is shown in full; playing, the cards that may not
  // be played now are dimmed (issue 9 item 10). A playable card is a button: Tab or the
  // arrow keys move between them, Enter or Space plays.
  function drawHand(st, mine) {
    var box = $("hand");
    var focused = document.activeElement && box.contains(document.activeElement)
      ? document.activeElement.dataset.card : null;
    box.textContent = "";
    box.dataset.phase = st.deal.phase;
    if (st.seat === null) { return; }
    var legal = {};
    // a card's move: its code, or a game's move played by that card (``card``)
    st.deal.legal.forEach(function (m) { legal[m.card || m.move] = m.move; });
    var playing = st.deal.phase === "play";
    var pick = pickOf(st, mine);
    picked = pick ? picked.filter(function (c) { return st.deal.hand.indexOf(c) >= 0; }) : [];
    st.deal.hand.forEach(function (code) {
      var b = faceEl(code, "button");
      b.classList.add("card");
      if (pick) {  // choosing cards (to lay back): each click picks or unpicks one
        var on = picked.indexOf(code) >= 0;
        b.classList.add("pickable");
        b.classList.toggle("picked", on);
        b.setAttribute("aria-pressed", on ? "true" : "false");
        b.addEventListener("click", function () {
          var i = picked.indexOf(code);
          if (i >= 0) { picked.splice(i, 1); }
          else { picked.push(code); if (picked.length > pick.pick) { picked.shift(); } }
          drawHand(state, true); drawCalls(state, true);
        });
        box.appendChild(b);
        return;
      }
      var playable = mine && playing && legal[code];
      b.disabled = !playable;
      b.classList.add(playable ? "legal" : mine && playing ? "illegal" : "idle");
      b.addEventListener("click", function () { send({ type: "move", move: legal[code] }); });
      box.appendChild(b);
    });
    var again = focused && box.querySelector("button.legal[data-card='" + focused + "']");
    if (focused && !again) { again = box.querySelector("button.legal"); }
    if (again) { again.focus(); }
  }
  $("hand").addEventListener("keydown", function (ev) {
    if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") { return; }
    var cards = Array.prototype.slice.call(this.querySelectorAll("button.legal"));
    var i = cards.indexOf(document.activeElement);
    if (i < 0 || !cards.length) { return; }
    cards[(i + (ev.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length].focus();
    ev.preventDefault();
  });

  // A move made of cards picked from the hand ({move, pick: n, label}), or null.
  var picked = [];
  function pickOf(st, mine) {
    if (!mine || st.deal.phase === "play") { return null; }
    return st.deal.legal.filter(function (m) { return m.pick; })[0] || null;
  }

  // The calls offered (every phase but the play). Calls with a group (a card to lay
  // first, then one to name) come in two steps: the group, then its calls.
  var openGroup = null;
  function drawCalls(st, mine) {
    var box = $("calls");
    box.textContent = "";
    var d = st.deal;
    if (!mine || d.phase === "play" || d.phase === "done") { openGroup = null; return; }
    if (d.bidding_box) { drawBox(box, d.bidding_box); return; }
    var groups = [], seen = {};
    d.legal.forEach(function (m) {
      if (m.group && !seen[m.group]) { seen[m.group] = true; groups.push(m); }
    });
    if (openGroup && !seen[openGroup]) { openGroup = null; }
    if (groups.length && !openGroup) {
      groups.forEach(function (g) {
        var b = el("button", "call group", g.group_label);
        b.dataset.group = g.group;
        b.addEventListener("click", function () { openGroup = g.group; drawCalls(state, true); });
        box.appendChild(b);
      });
    }
    d.legal.forEach(function (m) {
      if (m.group && m.group !== openGroup) { return; }
      if (m.pick) {  // sends the move with the cards picked in the hand
        var p = el("button", "call pick", m.label + " (" + picked.length + "/" + m.pick + ")");
        p.dataset.move = m.move;
        p.disabled = picked.length !== m.pick;
        p.addEventListener("click", function () {
          var move = [m.move].concat(picked).join(" ");
          picked = [];
          send({ type: "move", move: move });
        });
        box.appendChild(p);
        return;
      }
      var b = el("button", "call" + (m.kind ? " " + m.kind : ""), m.label);
      b.dataset.move = m.move;
      b.addEventListener("click", function () { openGroup = null; send({ type: "move", move: m.move }); });
      box.appendChild(b);
    });
    if (openGroup) {
      var back = el("button", "call secondary", "\u2190");
      back.dataset.back = "1";
      back.addEventListener("click", function () { openGroup = null; drawCalls(state, true); });
      box.appendChild(back);
    }
  }

  // Betel's bidding box (issue 25.6, BETEL §3): the dubel actions apart, pas and kontra,
  // the contracts as levels x denominations and the betelek row. A step not legal now is
  // disabled, never hidden: the box keeps its shape from call to call.
  function boxButton(c, cls) {
    var b = el("button", "call box-cell " + cls + (c.suit ? " suit-" + c.suit : ""), c.label);
    b.dataset.move = c.move;
    b.title = c.title;
    b.setAttribute("aria-label", c.title);
    b.disabled = !c.legal;
    b.addEventListener("click", function () { send({ type: "move", move: c.move }); });
    return b;
  }
  function drawBox(box, bb) {
    var wrap = el("div", "bidding-box");
    var dubel = el("div", "box-dubel");
    bb.dubel.forEach(function (c) { dubel.appendChild(boxButton(c, "dubel")); });
    var calls = el("div", "box-calls");
    bb.calls.forEach(function (c) { calls.appendChild(boxButton(c, c.move)); });
    var grid = el("div", "box-grid");
    var n = bb.columns.length;
    grid.style.gridTemplateColumns = "auto repeat(" + n + ", minmax(0, 1fr))";
    bb.levels.forEach(function (row) {
      grid.appendChild(el("span", "box-level", row.label));
      row.cells.forEach(function (c) {
        grid.appendChild(c ? boxButton(c, "bid") : el("span", "box-empty"));
      });
    });
    for (var i = 0; i < bb.limits.cells.length; i += n) {  // the betelek row, n a line
      grid.appendChild(el("span", "box-level", i ? "" : bb.limits.label));
      for (var k = i; k < i + n; k++) {
        var c = bb.limits.cells[k];
        grid.appendChild(c ? boxButton(c, "bid limit") : el("span", "box-empty"));
      }
    }
    wrap.appendChild(dubel);
    wrap.appendChild(calls);
    wrap.appendChild(grid);
    box.appendChild(wrap);
  }

  function drawAuction(st) {
    var box = $("auction");
    box.textContent = "";
    if (st.deal.call_rows) {  // calls not in a strict round: one row each
      var list = el("table", "grid auction rows");
      st.deal.calls.forEach(function (c) {
        var tr = el("tr");
        tr.appendChild(el("td", "name", st.players[c[0]]));
        tr.appendChild(el("td", c[1] === "pass" ? "muted" : "strong", c[2]));
        list.appendChild(tr);
      });
      box.appendChild(list);
      return;
    }
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

  // The series' score sheet (issue 25.4): a deal's number, one cell for what was played
  // (the game, its declarer, the result), then each seat's payout over its running total.
  // On a phone each deal is two lines: what was played, then the seats side by side under
  // the names at the top; the totals name their seats. Nothing scrolls sideways.
  function drawSheet(st) {
    var box = $("sheet");
    box.textContent = "";
    var n = seatCount(st);
    var t = el("table", "grid sheet stacked");
    t.style.setProperty("--cols", String(n));
    var head = el("tr", "head");
    head.appendChild(el("th", "nr", T.nr));
    head.appendChild(el("th", "what name", T.game + " · " + T.declarer + " · " + T.result));
    st.players.forEach(function (p) { head.appendChild(el("th", "seat", p)); });
    t.appendChild(head);
    st.sheet.forEach(function (r) {
      var tr = el("tr", r.bok ? "bok" : "");
      var nr = el("td", "nr", String(r.number));
      if (r.bok) { nr.appendChild(el("span", "bok-mark", " B")); }
      tr.appendChild(nr);
      var what = el("td", "what name");
      what.dataset.nr = String(r.number) + (r.bok ? " B" : "");
      what.appendChild(el("span", "game", r.game));
      [r.declarer, r.note].forEach(function (x) {
        if (x) { what.appendChild(el("span", "muted", " · ")); what.appendChild(el("span", "", x)); }
      });
      tr.appendChild(what);
      for (var s = 0; s < n; s++) {
        var p = r.payout[s];
        var td = el("td", "seat " + (p > 0 ? "plus" : p < 0 ? "minus" : ""));
        td.appendChild(el("span", "pay", cash(r.payout, r.payout_text, s)));
        td.appendChild(document.createTextNode(" "));
        td.appendChild(el("b", "run", r.running_text ? r.running_text[s] : String(r.running[s])));
        tr.appendChild(td);
      }
      t.appendChild(tr);
    });
    var foot = el("tr", "total");
    foot.appendChild(el("td", "nr", "Σ"));
    foot.appendChild(el("td", "what name", T.total));
    st.totals.forEach(function (v, s) {
      var td = el("td", "seat", st.totals_text ? st.totals_text[s] : String(v));
      td.dataset.name = st.players[s];
      foot.appendChild(td);
    });
    t.appendChild(foot);
    if (st.place_points) {
      var pp = el("tr", "places");
      pp.appendChild(el("td", "nr", ""));
      pp.appendChild(el("td", "what name", T["place-points"]));
      st.place_points.forEach(function (v, s) {
        var td = el("td", "seat", String(v));
        td.dataset.name = st.players[s];
        pp.appendChild(td);
      });
      t.appendChild(pp);
    }
    box.appendChild(t);
  }

  // The end of a deal: each seat's hand as dealt, its points and tricks, payout and total.
  // On a phone (issue 25.4) a seat is a block: its name and hand, then the numbers side
  // by side, each under its label.
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
    var t = el("table", "grid reveal stacked");
    var h = el("tr", "head");
    var points = r.points !== null && r.points !== undefined;  // a game without card points
    var labels = (points ? [T.points] : []).concat([T.tricks, T.payout, T.total]);
    t.style.setProperty("--cols", String(labels.length));
    ["", T.hands].concat(labels).forEach(function (x) { h.appendChild(el("th", "", x)); });
    t.appendChild(h);
    function number(tr, cls, text, label) {
      var td = el("td", cls, text);
      td.dataset.label = label;
      tr.appendChild(td);
    }
    for (var s = 0; s < seatCount(st); s++) {
      var tr = el("tr");
      tr.appendChild(el("td", "name who", name(s)));
      var cards = el("td", "name hand-cell");
      r.hands[s].forEach(function (c) { cards.appendChild(cardEl(c)); cards.appendChild(document.createTextNode(" ")); });
      tr.appendChild(cards);
      if (points) { number(tr, "", String(r.points[s]), T.points); }
      number(tr, "", String(r.tricks[s]), T.tricks);
      var p = r.payout[s];
      number(tr, p > 0 ? "plus" : p < 0 ? "minus" : "", cash(r.payout, r.payout_text, s), T.payout);
      number(tr, "total", st.totals_text ? st.totals_text[s] : String(st.totals[s]), T.total);
      t.appendChild(tr);
    }
    if (r.dubel) {  // the cards left out of the play (a dubel), as the table may see them
      var dr = el("tr", "dubel");
      dr.appendChild(el("td", "name who", "dubel"));
      var dc = el("td", "name hand-cell");
      dc.colSpan = labels.length + 1;
      r.dubel.forEach(function (c) { dc.appendChild(cardEl(c)); dc.appendChild(document.createTextNode(" ")); });
      dr.appendChild(dc);
      t.appendChild(dr);
    }
    box.appendChild(t);
  }

  // The match's score chart: each seat's running total after every deal, the target
  // dashed (an inline SVG; drawn once a deal is settled).
  var COLOURS = ["#1565c0", "#c62828", "#2e7d32", "#8e24aa"];
  function svg(tag, attrs, parent) {
    var e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (var k in attrs) { if (Object.prototype.hasOwnProperty.call(attrs, k)) { e.setAttribute(k, attrs[k]); } }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function drawChart(st) {
    var box = $("chart");
    if (!box) { return; }
    box.textContent = "";
    var c = st.chart;
    if (!c || !c.series.length || c.series[0].length < 2) { box.hidden = true; return; }
    box.hidden = false;
    var W = 360, H = 150, L = 36, R = 8, TOP = 8, B = 18, n = c.series[0].length;
    var lo = 0, hi = c.target || 0;
    c.series.forEach(function (line) { line.forEach(function (v) { lo = Math.min(lo, v); hi = Math.max(hi, v); }); });
    if (hi === lo) { hi = lo + 1; }
    function x(i) { return L + (W - L - R) * i / (n - 1); }
    function y(v) { return TOP + (H - TOP - B) * (hi - v) / (hi - lo); }
    var g = svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "class": "chart",
                         "aria-label": T.chart });
    svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: "#999", "stroke-width": 1 }, g);
    [lo, 0, hi].forEach(function (v, i) {  // the extremes, and 0 unless one is close
      if (i !== 1 && (v === 0 || Math.abs(y(v) - y(0)) < 12)) { return; }
      svg("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", "font-size": 10, fill: "#555" }, g).textContent = String(v);
    });
    if (c.target) {
      svg("line", { x1: L, x2: W - R, y1: y(c.target), y2: y(c.target), stroke: "#b8860b",
                    "stroke-dasharray": "5 4", "stroke-width": 1, "class": "target" }, g);
    }
    svg("text", { x: W - R, y: H - 4, "text-anchor": "end", "font-size": 10, fill: "#555" }, g).textContent = String(n - 1);
    c.series.forEach(function (line, s) {
      var pts = line.map(function (v, i) { return x(i).toFixed(1) + "," + y(v).toFixed(1); }).join(" ");
      svg("polyline", { points: pts, fill: "none", stroke: COLOURS[s % COLOURS.length],
                        "stroke-width": 2, "data-seat": s }, g);
    });
    box.appendChild(g);
    var legend = el("div", "legend");
    st.players.forEach(function (p, s) {
      var item = el("span", "item", p + " " + st.totals[s]);
      item.style.borderColor = COLOURS[s % COLOURS.length];
      legend.appendChild(item);
    });
    if (c.target) { legend.appendChild(el("span", "item target", T["chart-target"] + " " + c.target)); }
    box.appendChild(legend);
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

  $("btn-last-trick").addEventListener("click", function () {
    peek = !peek;
    if (state) { drawPeek(state); drawGame(state); }
  });
  $("btn-hint").addEventListener("click", function () { say(T.thinking); send({ type: "hint" }); });
  $("btn-claim").addEventListener("click", function () { send({ type: "claim" }); });
  $("btn-next").addEventListener("click", function () { say(""); send({ type: "next" }); });
  $("btn-review").addEventListener("click", function () { say(T.thinking); send({ type: "review" }); });
  connect();
}());
