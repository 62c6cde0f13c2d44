/* stolik — tables that fit a phone (issue 25.4). A results table of the tournament pages
 * (standings, a player's rounds, the deal list, the score and money sheets) that is wider
 * than the screen becomes a card per row: each cell under its column's name (data-label,
 * from the table's header, a grouped header's words included), the row's number and its
 * first name on top, the numbers side by side below. Nothing scrolls sideways. A table
 * that fits stays a table; the check runs again when the window is resized and when a
 * page redraws a table (the live page's standings). Printing is not affected: the cards
 * are drawn for screens only (league.css). */
(function () {
  "use strict";
  var narrow = window.matchMedia("screen and (max-width: 700px)");

  function text(cell) {
    var t = (cell.textContent || "").replace(/\s+/g, " ").trim();
    var title = cell.getAttribute("title");
    return title && title !== t ? (t ? t + " " + title : title) : t;
  }
  // The header rows: the table's head, else a first row of header cells only.
  function headRows(table) {
    if (table.tHead && table.tHead.rows.length) { return Array.prototype.slice.call(table.tHead.rows); }
    var first = table.rows[0];
    return first && !first.querySelector("td") ? [first] : [];
  }
  // Each column's label: the words of every header cell above it, top to bottom.
  function columnLabels(rows) {
    var grid = [];
    rows.forEach(function (tr, r) {
      grid[r] = grid[r] || [];
      var c = 0;
      Array.prototype.forEach.call(tr.cells, function (cell) {
        while (grid[r][c] !== undefined) { c++; }
        for (var dr = 0; dr < cell.rowSpan; dr++) {
          grid[r + dr] = grid[r + dr] || [];
          for (var dc = 0; dc < cell.colSpan; dc++) { grid[r + dr][c + dc] = text(cell); }
        }
        c += cell.colSpan;
      });
    });
    var width = 0;
    grid.forEach(function (row) { width = Math.max(width, row.length); });
    var labels = [];
    for (var c = 0; c < width; c++) {
      var words = [];
      grid.forEach(function (row) { var w = row[c]; if (w && words.indexOf(w) < 0) { words.push(w); } });
      labels.push(words.join(" "));
    }
    return labels;
  }
  function label(table) {
    var head = headRows(table);
    var labels = columnLabels(head);
    head.forEach(function (tr) { tr.classList.add("fit-head"); });
    Array.prototype.forEach.call(table.rows, function (tr) {
      if (head.indexOf(tr) >= 0) { return; }
      var c = 0, titled = false;
      Array.prototype.forEach.call(tr.cells, function (cell, i) {
        var l = labels[c] || "";
        c += cell.colSpan;
        cell.classList.toggle("fit-key", i === 0);
        var title = !titled && i > 0 && cell.classList.contains("name");
        if (title) { titled = true; }
        cell.classList.toggle("fit-title", title);
        if (l && !title && i > 0 && cell.colSpan === 1) { cell.setAttribute("data-label", l); }
      });
    });
  }
  function fit() {
    var tables = document.querySelectorAll("main table.grid");
    Array.prototype.forEach.call(tables, function (t) { t.classList.remove("stacked"); });
    if (!narrow.matches) { return; }
    Array.prototype.forEach.call(tables, function (t) {
      var box = t.parentElement.classList.contains("scroll-x") ? t.parentElement : t;
      if (box.scrollWidth > box.clientWidth || t.scrollWidth > box.clientWidth ||
          t.getBoundingClientRect().right > window.innerWidth) {
        label(t);
        t.classList.add("stacked");
      }
    });
  }
  var queued = false;
  function soon() {
    if (queued) { return; }
    queued = true;
    window.requestAnimationFrame(function () { queued = false; fit(); });
  }
  window.addEventListener("resize", soon);
  if (narrow.addEventListener) { narrow.addEventListener("change", soon); }
  document.addEventListener("DOMContentLoaded", function () {
    fit();
    var main = document.querySelector("main");
    if (main && window.MutationObserver) {  // a page that redraws its tables (live results)
      new MutationObserver(function (changes) {
        if (changes.some(function (m) {
          return m.target.nodeType === 1 && !!m.target.closest("table");
        })) { soon(); }
      }).observe(main, { childList: true, subtree: true });
    }
  });
}());
