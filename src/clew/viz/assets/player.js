
(function () {
  "use strict";
  var DIGITS = "123456789ABCDEFGHIJKLMNOP";
  var SNAP = 1000;
  var data = JSON.parse(document.getElementById("trace-data").textContent);
  var kind = data.kind, meta = data.meta, events = data.events, N = events.length;
  var n = meta.n, queens = kind === "queens", search = kind === "search";
  var hooks = (window.clewKinds || {})[kind] || null;  // a board of its own (its picture module)
  var $ = function (id) { return document.getElementById(id); };
  var board = $("board");

  function rc(r, c) { return "r" + (r + 1) + "c" + (c + 1); }
  function sym(d) { return d >= 1 && d <= DIGITS.length ? DIGITS.charAt(d - 1) : String(d); }
  function isInt(v) { return typeof v === "number" && Math.floor(v) === v; }
  function cellOf(ev) {
    if (isInt(ev.cell)) return ev.cell;
    if (isInt(ev.row) && isInt(ev.col)) return ev.row * n + ev.col;
    return null;
  }
  function byCell(by) {
    if (isInt(by)) return by;
    if (Array.isArray(by) && by.length === 2 && isInt(by[0]) && isInt(by[1])) return by[0] * n + by[1];
    return null;
  }
  function byName(by) {
    var c = byCell(by);
    return c === null ? String(by) : rc(Math.floor(c / n), c % n);
  }

  // ---- the state of the search, and replaying events into it ----
  var state = newState();
  function newState() {
    if (hooks) return hooks.newState(meta);
    var s = { cells: new Int32Array(n * n), how: new Int8Array(n * n), path: [] };
    if (!queens && !search) for (var i = 0; i < n * n; i++) s.cells[i] = meta.givens[i] || 0;
    return s;
  }
  function cloneState(s) {
    if (hooks) return hooks.clone(s);
    return { cells: s.cells.slice(), how: s.how.slice(), path: s.path.slice() };
  }
  function inBoard(c) { return c !== null && c >= 0 && c < n * n; }
  function apply(ev) {
    var c;
    if (hooks) { hooks.apply(state, ev); return; }
    if (search) {  // the path: [choice, drawing of the state after it] per placement
      if (ev.type === "place") state.path.push([ev.choice, typeof ev.board === "string" ? ev.board : null]);
      else if (ev.type === "backtrack") state.path.pop();
      return;
    }
    if (ev.type === "place") {
      c = cellOf(ev);
      if (!inBoard(c)) return;
      if (queens) {
        state.cells[c] = 1;
        state.path.push(c);
      } else {
        state.cells[c] = ev.digit | 0;
        var guess = !ev.how || ev.how === "guess";
        state.how[c] = guess ? 1 : 2;
        if (guess) state.path.push([c, ev.digit | 0]);
      }
    } else if (ev.type === "backtrack") {
      if (queens) {
        c = cellOf(ev);
        if (!inBoard(c)) return;
        state.cells[c] = 0;
        var at = state.path.lastIndexOf(c);
        if (at >= 0) state.path.splice(at, 1);
      } else {
        var gone = {};
        var list = Array.isArray(ev.cells) ? ev.cells : (cellOf(ev) === null ? [] : [cellOf(ev)]);
        for (var i = 0; i < list.length; i++) {
          if (!inBoard(list[i])) continue;
          state.cells[list[i]] = 0; state.how[list[i]] = 0; gone[list[i]] = true;
        }
        state.path = state.path.filter(function (p) { return !gone[p[0]]; });
      }
    }
  }

  var pos = 0;                       // events applied so far
  var snaps = { 0: cloneState(state) };
  function forward() {
    if (pos >= N) return false;
    apply(events[pos]);
    pos += 1;
    if (pos % SNAP === 0 && !snaps[pos]) snaps[pos] = cloneState(state);
    return true;
  }
  function goTo(target) {
    target = Math.max(0, Math.min(N, target | 0));
    if (target < pos) {
      var base = Math.floor(target / SNAP) * SNAP;
      while (!snaps[base]) base -= SNAP;
      state = cloneState(snaps[base]);
      pos = base;
    }
    while (pos < target) forward();
    render();
  }

  // ---- words ----
  function queensText(ev, i) {
    switch (ev.type) {
      case "place": return "place a queen on row " + (ev.row + 1) + ", column " + (ev.col + 1);
      case "prune":
        if (ev.col === null || ev.col === undefined) return "prune row " + (ev.row + 1) + ": " + (ev.why || "no free square") + " (no free square left)";
        if (ev.row === null || ev.row === undefined) return "prune column " + (ev.col + 1) + ": " + (ev.why || "no free square") + " (no free square left)";
        return "prune " + rc(ev.row, ev.col) + ": " + (ev.why || "attacked") + (ev.by !== undefined && ev.by !== null ? " with " + byName(ev.by) : "");
      case "backtrack": return "backtrack: take back the queen on row " + (ev.row + 1) + ", column " + (ev.col + 1) + afterSolution(ev);
      case "solution":
        return "solution " + ev.solutions + (Array.isArray(ev.columns) ? ": columns " + ev.columns.map(function (x) { return x + 1; }).join(" ") : "");
      default: return endText(ev);
    }
  }
  function sudokuText(ev) {
    switch (ev.type) {
      case "place": return "place " + sym(ev.digit) + " at " + rc(ev.row, ev.col) + " (" + (ev.how || "guess") + ")";
      case "prune":
        if (ev.why === "no candidate" || ev.digit === null || ev.digit === undefined)
          return "prune " + (isInt(ev.row) ? rc(ev.row, ev.col) : "") + ": " + (ev.why || "no candidate") + " left";
        if (ev.cell === null || ev.cell === undefined || !isInt(ev.row))
          return "prune digit " + sym(ev.digit) + ": " + (ev.why || "no place") + " left" + (ev.unit ? " in " + ev.unit : "");
        return "prune " + sym(ev.digit) + " at " + rc(ev.row, ev.col) + ": " + (ev.why || "conflict") + (ev.by !== undefined && ev.by !== null ? " with " + byName(ev.by) : "");
      case "backtrack":
        var list = Array.isArray(ev.cells) ? ev.cells : [];
        return "backtrack: empty " + list.slice(0, 8).map(function (c) { return rc(Math.floor(c / n), c % n); }).join(", ") +
          (list.length > 8 ? ", ..." : "") + " (" + list.length + (list.length === 1 ? " cell)" : " cells)") + afterSolution(ev);
      case "solution": return "solution " + ev.solutions;
      default: return endText(ev);
    }
  }
  function searchText(ev) {
    var what = JSON.stringify(ev.choice === undefined ? null : ev.choice);
    switch (ev.type) {
      case "place": return "choose " + what + " (level " + (ev.row + 1) + ")";
      case "prune": return "refuse " + what + ": " + (ev.why === "accept" ? "accept says no" : ev.why || "refused");
      case "backtrack": return "take back " + what + afterSolution(ev);
      case "solution": return "solution " + ev.solutions;
      default: return endText(ev);
    }
  }
  // an undo after a solution is no dead end, and is not counted as a backtrack (clew.trace)
  function afterSolution(ev) { return ev.dead_end === false ? " (a solution was found below it)" : ""; }
  function endText(ev) {
    var how = ev.complete === false ? "trace cut at its max_events" :
      (ev.all_solutions === false && ev.solutions > 0 ? "stopped at the first solution" : "search complete");
    return "end: " + how + ", " + ev.solutions + (ev.solutions === 1 ? " solution" : " solutions");
  }

  // ---- the board ----
  board.style.setProperty("--n", n);
  board.classList.add(kind);
  var els = [], drawing = document.createElement("pre");
  if (search) { drawing.id = "drawing"; board.appendChild(drawing); }
  if (hooks) hooks.build(board);
  for (var r = 0; r < n && !search && !hooks; r++) {
    for (var c = 0; c < n; c++) {
      var d = document.createElement("div");
      d.dataset.row = r; d.dataset.col = c;
      if (queens) {
        d.className = "square " + ((r + c) % 2 ? "dark" : "light");
      } else {
        d.dataset.cell = r * n + c;
      }
      board.appendChild(d);
      els.push(d);
    }
  }
  var k = meta.k || 1;
  // Shapes other than k x k boxes come with the region of every cell (rectangular boxes,
  // jigsaw regions): a thick line wherever two neighbours lie in different regions.
  var regions = Array.isArray(meta.regions) && meta.regions.length === n * n ? meta.regions : null;
  var shaded = {};
  (Array.isArray(meta.shaded) ? meta.shaded : []).forEach(function (x) { shaded[x] = true; });
  function baseClass(i) {
    var r = Math.floor(i / n), c = i % n;
    if (queens) return "square " + ((r + c) % 2 ? "dark" : "light");
    var s = "cell";
    if (regions) {
      if (c !== n - 1 && regions[i] !== regions[i + 1]) s += " box-right";
      if (r !== n - 1 && regions[i] !== regions[i + n]) s += " box-bottom";
    } else {
      if (c % k === k - 1 && c !== n - 1) s += " box-right";
      if (r % k === k - 1 && r !== n - 1) s += " box-bottom";
    }
    if (shaded[i]) s += " shade";
    if (cageOf[i] !== undefined) s += " cage";
    return s;
  }
  // Killer cages: a dashed outline inside the cells, drawn on the sides where the cage
  // ends, and the sum in the corner of the cage's first cell.
  var cageOf = {};
  (Array.isArray(meta.cages) ? meta.cages : []).forEach(function (cage, number) {
    cage[1].forEach(function (x) { cageOf[x] = number; });
  });
  if (!queens && !search && !hooks) {
    (Array.isArray(meta.cages) ? meta.cages : []).forEach(function (cage) {
      var first = Math.min.apply(null, cage[1]);
      if (els[first]) els[first].dataset.sum = String(cage[0]);
    });
    els.forEach(function (e, i) {
      if (cageOf[i] === undefined) return;
      var r = Math.floor(i / n), c = i % n, mine = cageOf[i];
      // a side inside the cage has no line, and the outline runs on to the cell's edge there
      // (over the thin grid line), so that a cage reads as one shape
      function edge(other, inside) { return inside && cageOf[other] === mine ? "0" : "1px"; }
      [["t", i - n, r > 0], ["b", i + n, r < n - 1], ["l", i - 1, c > 0], ["r", i + 1, c < n - 1]].forEach(function (s) {
        var line = edge(s[1], s[2]);
        e.style.setProperty("--c" + s[0], line);
        e.style.setProperty("--i" + s[0], line === "0" ? "-1px" : "3px");
      });
    });
  }
  var bases = els.map(function (_, i) { return baseClass(i); });

  // Squares attacked by the queens on the board: a count per row, column and diagonal, so
  // one pass over the queens and one over the squares (a queen's own square only when
  // another queen attacks it, as in the SVG pictures).
  var showAttacked = $("show-attacked");
  function attackedSquares() {
    var hit = new Uint8Array(n * n);
    if (!queens || !showAttacked || !showAttacked.checked) return hit;
    var rows = new Int32Array(n), cols = new Int32Array(n), d1 = new Int32Array(2 * n), d2 = new Int32Array(2 * n);
    var any = false;
    for (var i = 0; i < n * n; i++) {
      if (!state.cells[i]) continue;
      var r = Math.floor(i / n), c = i % n;
      rows[r]++; cols[c]++; d1[r - c + n]++; d2[r + c]++; any = true;
    }
    if (!any) return hit;
    for (var j = 0; j < n * n; j++) {
      var rr = Math.floor(j / n), cc = j % n, own = state.cells[j] ? 1 : 0;
      if (rows[rr] - own + cols[cc] - own + d1[rr - cc + n] - own + d2[rr + cc] - own > 0) hit[j] = 1;
    }
    return hit;
  }

  function render() {
    var ev = pos > 0 ? events[pos - 1] : null;
    var attacked = attackedSquares();
    if (hooks) hooks.render(state, ev);
    if (search) {
      var top = state.path.length ? state.path[state.path.length - 1][1] : meta.start;
      drawing.textContent = meta.drawn ? (top || "") :
        ["start"].concat(state.path.map(function (p) { return JSON.stringify(p[0]); })).join(" \u2192 ");
    }
    var hl = {}, refused = null;
    function mark(cell, cls) { if (inBoard(cell)) hl[cell] = (hl[cell] ? hl[cell] + " " : "") + cls; }
    if (ev) {
      if (ev.type === "place") mark(cellOf(ev), "hl-place");
      else if (ev.type === "prune") {
        if (queens && isInt(ev.row) && !isInt(ev.col)) for (var j = 0; j < n; j++) mark(ev.row * n + j, "hl-prune");
        else if (queens && isInt(ev.col) && !isInt(ev.row)) for (var j2 = 0; j2 < n; j2++) mark(j2 * n + ev.col, "hl-prune");
        else mark(cellOf(ev), "hl-prune");
        if (ev.by !== undefined && ev.by !== null) mark(byCell(ev.by), "hl-by");
        if (!queens && isInt(ev.digit)) refused = [cellOf(ev), sym(ev.digit)];
      } else if (ev.type === "backtrack") {
        if (queens) mark(cellOf(ev), "hl-back");
        else (Array.isArray(ev.cells) ? ev.cells : []).forEach(function (x) { mark(x, "hl-back"); });
      }
    }
    for (var i = 0; i < els.length; i++) {
      var cls = bases[i], v = state.cells[i], text = "";
      if (queens) {
        if (v) cls += " queen";
        if (attacked[i]) cls += " attacked";
      } else if (v) {
        text = sym(v);
        cls += meta.givens[i] ? " given" : (state.how[i] === 2 ? " forced" : " guess");
      }
      if (hl[i]) cls += " " + hl[i];
      var e = els[i];
      if (e.className !== cls) e.className = cls;
      if (!queens && e.textContent !== text) e.textContent = text;
      if (!queens) {
        var want = refused && refused[0] === i ? refused[1] : null;
        if (want === null) { if (e.hasAttribute("data-refused")) e.removeAttribute("data-refused"); }
        else if (e.getAttribute("data-refused") !== want) e.setAttribute("data-refused", want);
      }
    }
    board.classList.toggle("solved", !!ev && ev.type === "solution");
    $("step-index").textContent = pos;
    document.body.dataset.step = pos;
    $("nodes").textContent = ev ? ev.nodes : 0;
    $("backtracks").textContent = ev ? ev.backtracks : 0;
    $("solutions").textContent = ev ? ev.solutions : 0;
    $("depth").textContent = ev ? ev.depth : 0;
    $("event-text").textContent = hooks ? (ev ? hooks.text(ev, endText) : hooks.startText()) :
      ev ? (queens ? queensText(ev) : search ? searchText(ev) : sudokuText(ev)) : "start: " + (queens ? "an empty board" : search ? "the start state" : "the puzzle") + ", " + N + " steps to play";
    $("seek").value = pos;
    $("next-solution").disabled = nextSolution() === null;
    renderPath();
  }

  // ---- solutions: their event indices, to jump from one to the next ----
  var solutionAt = [];
  for (var si = 0; si < N; si++) if (events[si].type === "solution") solutionAt.push(si);
  // the index of the first solution event not yet applied, or null
  function nextSolution() {
    var lo = 0, hi = solutionAt.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (solutionAt[mid] < pos) lo = mid + 1; else hi = mid; }
    return lo < solutionAt.length ? solutionAt[lo] : null;
  }
  function jumpToNextSolution() {
    var at = nextSolution();
    pause();
    if (at !== null) goTo(at + 1);
  }
  var pathKey = null;
  function renderPath() {
    var key = state.path.join(";");
    if (key === pathKey) return;
    pathKey = key;
    var ol = $("path"), frag = document.createDocumentFragment();
    state.path.forEach(function (p) {
      if (hooks) { frag.appendChild(hooks.pathItem(p)); return; }
      var li = document.createElement("li"), cell = queens ? p : p[0];
      if (search) { li.dataset.choice = li.textContent = JSON.stringify(p[0]); frag.appendChild(li); return; }
      var r = Math.floor(cell / n), c = cell % n;
      li.dataset.row = r; li.dataset.col = c;
      if (queens) li.textContent = "queen on " + rc(r, c);
      else { li.dataset.digit = p[1]; li.textContent = rc(r, c) + " = " + sym(p[1]); }
      frag.appendChild(li);
    });
    ol.textContent = "";
    ol.appendChild(frag);
  }

  // ---- playing ----
  var playing = false, timer = null, last = 0, owed = 0;
  function speed() { return Math.max(1, Math.round(Math.pow(10, Number($("speed").value) / 20))); }
  function showSpeed() { $("speed-label").textContent = speed(); }
  function setPlaying(on) {
    playing = on;
    $("play").setAttribute("aria-pressed", on ? "true" : "false");
    $("pause").setAttribute("aria-pressed", on ? "false" : "true");
    if (timer !== null) { clearTimeout(timer); timer = null; }
    if (on) { last = performance.now(); owed = 1; tick(); }
  }
  function tick() {
    timer = null;
    if (!playing) return;
    var now = performance.now();
    owed += (now - last) / 1000 * speed();
    last = now;
    var steps = Math.min(Math.floor(owed), 50000);
    if (steps > 0) {
      owed -= steps;
      if (owed > 1) owed = 1;
      for (var i = 0; i < steps && forward(); i++) {}
      render();
    }
    if (pos >= N) { setPlaying(false); return; }
    timer = setTimeout(tick, 16);
  }
  function play() { if (playing) return; if (pos >= N) goTo(0); setPlaying(true); }
  function pause() { if (playing) setPlaying(false); }
  function toggle() { if (playing) pause(); else play(); }
  function stepForward() { pause(); goTo(pos + 1); }
  function stepBack() { pause(); goTo(pos - 1); }

  $("play").addEventListener("click", play);
  $("pause").addEventListener("click", pause);
  $("step").addEventListener("click", stepForward);
  $("back").addEventListener("click", stepBack);
  $("reset").addEventListener("click", function () { pause(); goTo(0); });
  $("next-solution").addEventListener("click", jumpToNextSolution);
  if (showAttacked) showAttacked.addEventListener("change", render);
  $("speed").addEventListener("input", showSpeed);
  $("speed").addEventListener("change", showSpeed);
  $("seek").max = N;
  $("seek").addEventListener("input", function () { pause(); goTo(Number($("seek").value)); });
  document.addEventListener("keydown", function (e) {
    var t = e.target, onRange = t && t.tagName === "INPUT";
    if (e.key === " " || e.code === "Space") { e.preventDefault(); if (!e.repeat) toggle(); }
    else if (e.key === "ArrowRight" && !onRange) { e.preventDefault(); stepForward(); }
    else if (e.key === "ArrowLeft" && !onRange) { e.preventDefault(); stepBack(); }
    else if ((e.key === "n" || e.key === "N") && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); jumpToNextSolution(); }
  });
  // a focused button would also click on the release of space: that is the key handled above
  document.addEventListener("keyup", function (e) { if (e.key === " " || e.code === "Space") e.preventDefault(); });

  var end = null;
  for (var q = N - 1; q >= 0; q--) if (events[q].type === "end") { end = events[q]; break; }
  var what = hooks ? hooks.what() : queens ? n + "-queens" : search ? (meta.problem || "search") : n + "\u00d7" + n + " sudoku";
  $("summary").textContent = what + (meta.strategy ? ", " + meta.strategy + (search ? " order" : " search") : "") + ", " + N +
    (N === 1 ? " event" : " events") + (meta.complete === false ? " (cut at max_events)" : "") +
    (end ? ", " + end.solutions + (end.solutions === 1 ? " solution" : " solutions") : "");
  $("step-total").textContent = N;
  showSpeed();
  setPlaying(false);
  render();
})();
