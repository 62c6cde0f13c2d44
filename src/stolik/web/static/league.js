/* stolik — tournament pages (vanilla JS, no external files: works offline).
 * 1. The live results page (#live): polls its JSON every few seconds and redraws the
 *    standings, the teams, the tables' progress and the round clock without reloading;
 *    when the round's time runs out it flashes and beeps (WebAudio).
 * 2. The entry form (#deal-form): shows only the fields the chosen contract uses. */
(function () {
  "use strict";

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") { e.textContent = attrs[k]; } else { e.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { e.appendChild(c); });
    return e;
  }
  function td(text, cls) { return el("td", cls ? { text: String(text), "class": cls } : { text: String(text) }); }
  function mmss(s) { s = Math.max(0, Math.floor(s)); var m = Math.floor(s / 60), r = s % 60; return m + ":" + (r < 10 ? "0" : "") + r; }

  /* ---------------------------------------------------------------- sound + flash */
  var audio = null;
  function audioContext() {
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) { return null; }
    if (!audio) { audio = new AC(); }
    if (audio.state === "suspended") { audio.resume(); }
    return audio;
  }
  function beep(times) {
    var ctx = audioContext();
    if (!ctx) { return; }
    for (var i = 0; i < times; i++) {
      var t0 = ctx.currentTime + i * 0.35;
      var osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.type = "square"; osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.25, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.25);
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(t0); osc.stop(t0 + 0.3);
    }
  }
  function signal() {
    var body = document.body;
    body.dataset.signals = String(Number(body.dataset.signals || "0") + 1);
    body.classList.add("flash");
    setTimeout(function () { body.classList.remove("flash"); }, 8000);
    try { beep(3); } catch (e) { /* no audio device: the flash is enough */ }
  }

  /* ---------------------------------------------------------------- live page */
  function setupLive(root) {
    var texts = JSON.parse(document.getElementById("lg-texts").textContent);
    var src = root.dataset.src, every = Number(root.dataset.interval || 3000);
    var slug = src.split("/")[2];
    var clock = { round: null, phase: null, deadline: 0, breakDeadline: 0 };
    var signalled = {};
    var polls = 0;

    var sound = document.getElementById("sound");
    if (sound) {
      sound.addEventListener("click", function () {
        beep(1); sound.classList.add("on"); sound.textContent = "♪ " + texts.sound_on;
      });
    }

    function fire(round) {
      if (signalled[round]) { return; }
      signalled[round] = true;
      signal();
    }

    function drawClock() {
      var box = document.getElementById("clock");
      var time = document.getElementById("clock-time");
      var phase = clock.phase;
      var now = Date.now();
      if (phase === "playing" && now >= clock.deadline) {
        phase = "break";  // the local countdown ran out before the next poll
        fire(clock.round);
      }
      if (phase === "playing") { time.textContent = mmss((clock.deadline - now) / 1000); }
      else if (phase === "break") { time.textContent = mmss((clock.breakDeadline - now) / 1000); }
      else { time.textContent = "–:––"; }
      box.className = "clock phase-" + String(phase || "none").replace(" ", "-");
      document.getElementById("clock-phase").textContent = phase ? (texts[phase] || phase) : "";
    }

    function render(d) {
      var err = document.getElementById("live-error");
      if (err) { err.hidden = !d.error; err.textContent = d.error || ""; }
      var c = d.clock, now = Date.now();
      if (c) {
        var was = clock.round === c.round ? clock.phase : null;
        clock.round = c.round; clock.phase = c.phase;
        clock.deadline = now + c.remaining * 1000;
        clock.breakDeadline = now + c.break_remaining * 1000;
        if (c.phase === "playing") { signalled[c.round] = false; }
        if (was === "playing" && (c.phase === "break" || c.phase === "over")) { fire(c.round); }
        document.getElementById("clock-round").textContent =
          texts.round + " " + c.round + " / " + d.tournament.rounds;
      } else {
        clock.phase = null;
        document.getElementById("clock-round").textContent = texts.no_round;
      }
      drawClock();

      polls += 1;
      root.dataset.polls = String(polls);
      /* The referee's page shows only the clock: the rest of the live page is optional. */
      var body = document.querySelector("#standings tbody");
      if (!body) { return; }
      if (d.money) {  /* a money tournament: Kč, best and second best round (MARIAS §10) */
        body.replaceChildren.apply(body, d.money_players.map(function (p) {
          var link = el("a", { href: "/t/" + slug + "/player/" + encodeURIComponent(p.id), text: p.name });
          return el("tr", { "data-id": p.id }, [td(p.rank), el("td", { "class": "name" }, [link]),
            td(p.money, "kc"), td(p.best, "kc"), td(p.second, "kc")]);
        }));
      } else {
      body.replaceChildren.apply(body, d.players.map(function (p) {
        var link = el("a", { href: "/t/" + slug + "/player/" + encodeURIComponent(p.id), text: p.name });
        return el("tr", { "data-id": p.id }, [td(p.rank), el("td", { "class": "name" }, [link]),
          td(p.team || "", "name"), td(p.place), td(p.table_points)]);
      }));
      var teams = document.querySelector("#teams tbody");
      teams.replaceChildren.apply(teams, d.teams.map(function (x) {
        return el("tr", {}, [td(x.rank), td(x.team, "name"), td(x.place), td(x.table_points),
          td(x.counted.join(", "), "name small")]);
      }));
      }
      var tables = document.getElementById("tables");
      tables.replaceChildren.apply(tables, d.tables.map(function (tb) {
        var rows = tb.players.map(function (name, i) {
          return el("tr", {}, [td(name, "name"), td(tb.totals[i], "total")]);
        });
        var notes = [];
        if (tb.totals_only) { notes.push(texts.totals_only); }
        if (tb.after_limit) { notes.push(tb.after_limit + "× " + texts.after_limit); }
        var head = el("h3", { text: texts.table + " " + tb.table + " " }, [
          el("small", { "class": "progress", text: tb.money ?
            (tb.handed_in ? "✓ " + texts.handed_in : "") : tb.deals + " / " + tb.of })]);
        var card = el("div", { "class": "table-card" + ((tb.money ? tb.handed_in : tb.deals >= tb.of) ? " done" : ""),
          "data-table": String(tb.table) }, [head, el("table", { "class": "mini" }, [el("tbody", {}, rows)])]);
        if (notes.length) { card.appendChild(el("p", { "class": "muted small", text: notes.join(" · ") })); }
        return card;
      }));
      document.getElementById("updated").textContent =
        texts.updated + " " + clockTime(new Date());
    }

    // The page's language and a 24-hour clock, whatever the browser's own locale: a Polish
    // page never says "PM" (issue 9.9).
    function clockTime(d) {
      return d.toLocaleTimeString(document.documentElement.lang || "pl",
                                  { hour: "2-digit", minute: "2-digit", second: "2-digit",
                                    hourCycle: "h23" });
    }

    function poll() {
      fetch(src, { cache: "no-store", headers: { "Accept": "application/json" } })
        .then(function (r) { if (!r.ok) { throw new Error(String(r.status)); } return r.json(); })
        .then(render)
        .catch(function () {
          var upd = document.getElementById("updated");
          if (upd) { upd.textContent = texts.offline; }
        })
        .then(function () { setTimeout(poll, every); });
    }

    /* The clock as served stays until the first poll answers; then it counts down here. */
    var ticking = false;
    var origRender = render;
    render = function (d) {
      origRender(d);
      if (!ticking) { ticking = true; setInterval(drawClock, 250); }
    };
    poll();
  }

  /* ---------------------------------------------------------------- entry form */
  function setupDealForm(form) {
    var contract = form.querySelector("select[name=contract]");
    function show() {
      var opt = contract.options[contract.selectedIndex];
      var kind = opt ? opt.dataset.kind : "";
      var want = { declarer: kind !== "plain", starzy: kind === "plain", partner: kind === "wesele" };
      Object.keys(want).forEach(function (k) {
        var label = form.querySelector("[data-for=" + k + "]");
        if (label) { label.hidden = !want[k]; }
      });
    }
    contract.addEventListener("change", show);
    show();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var live = document.getElementById("live");
    if (live) { setupLive(live); }
    var form = document.getElementById("deal-form");
    if (form) { setupDealForm(form); }
  });
})();
