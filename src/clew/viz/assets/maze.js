
window.clewKinds = window.clewKinds || {};
window.clewKinds.maze = (function () {
  "use strict";
  var meta = null, rows = 0, cols = 0, els = [], bases = [];
  function at(cell) { return "r" + (Math.floor(cell / cols) + 1) + "c" + (cell % cols + 1); }
  function cellOf(ev) {
    var r = ev.row, c = ev.col;
    if (typeof r !== "number" || typeof c !== "number" || r < 0 || c < 0 || r >= rows || c >= cols) return null;
    return r * cols + c;
  }
  return {
    newState: function (m) {
      meta = m; rows = m.rows; cols = m.cols;
      return { path: [], back: new Uint8Array(rows * cols) };
    },
    clone: function (s) { return { path: s.path.slice(), back: s.back.slice() }; },
    apply: function (s, ev) {
      var c = cellOf(ev);
      if (c === null) return;
      if (ev.type === "place") { s.path.push(c); s.back[c] = 0; }
      else if (ev.type === "backtrack") {
        var i = s.path.lastIndexOf(c);
        if (i >= 0) s.path.splice(i, 1);
        s.back[c] = 1;
      }
    },
    build: function (board) {
      board.style.setProperty("--rows", rows);
      board.style.setProperty("--cols", cols);
      board.style.setProperty("--side", Math.max(rows, cols));
      for (var r = 0; r < rows; r++) {
        var line = meta.lines[r] || "";
        for (var c = 0; c < cols; c++) {
          var d = document.createElement("div"), ch = line.charAt(c);
          d.dataset.row = r; d.dataset.col = c;
          var base = "mcell" + (ch === "#" ? " wall" : ch === "S" ? " start" : ch === "E" ? " end" : "");
          d.className = base;
          board.appendChild(d);
          els.push(d); bases.push(base);
        }
      }
    },
    render: function (s, ev) {
      var on = new Uint8Array(rows * cols);
      for (var i = 0; i < s.path.length; i++) on[s.path[i]] = 1;
      var hl = ev ? cellOf(ev) : null;
      for (var j = 0; j < els.length; j++) {
        var cls = bases[j];
        if (on[j]) cls += " path";
        else if (s.back[j]) cls += " back";
        if (j === hl) cls += ev.type === "backtrack" ? " hl-back" : ev.type === "place" ? " hl-place" : "";
        if (els[j].className !== cls) els[j].className = cls;
      }
    },
    text: function (ev, endText) {
      switch (ev.type) {
        case "place": return "step forward to " + at(cellOf(ev)) + " (" + ev.depth + (ev.depth === 1 ? " step" : " steps") + " from S)";
        case "backtrack": return "step back out of " + at(cellOf(ev)) + ": a dead end";
        case "solution": return "E reached: a path of " + (Array.isArray(ev.path) ? ev.path.length - 1 : ev.depth) + " steps";
        default: return endText(ev);
      }
    },
    startText: function () { return "start: the walk stands on S"; },
    pathItem: function (cell) {
      var li = document.createElement("li");
      li.dataset.row = Math.floor(cell / cols); li.dataset.col = cell % cols;
      li.textContent = at(cell);
      return li;
    },
    what: function () { return rows + "\u00d7" + cols + " maze"; }
  };
})();
