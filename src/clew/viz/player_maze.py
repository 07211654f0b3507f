"""The maze board of the HTML player (:mod:`clew.viz.player`): its CSS, its legend, and the
script that draws the walk through a maze (:func:`clew.maze.trace`).

The script registers ``window.clewKinds.maze``, the hooks the player's own script calls for
a board of its own: the state (the path walked, the cells stepped back out of), applying an
event, building and drawing the board, the event in words, an item of the path. The board
is ``#board.maze``, one ``div.mcell[data-row][data-col]`` per character of the maze, with the
classes ``wall``, ``start``, ``end``, ``path`` (on the current path: the walk forward, blue)
and ``back`` (stepped back out of: a dead end, orange), and ``hl-place`` / ``hl-back`` on the
cell of the current event. The colours are those of :mod:`clew.viz.maze_svg`.
"""

from __future__ import annotations

from .maze_svg import BACK, FORWARD

__all__ = ["MAZE_CSS", "MAZE_JS", "MAZE_LEGEND"]

#: The legend of the maze board: (key, classes of the swatch, what it means).
MAZE_LEGEND = (
    ("wall", "mcell wall", "a wall"),
    ("start", "mcell start", "S, where the walk starts"),
    ("end", "mcell end", "E, where it must arrive"),
    ("path", "mcell path", "the path walked so far (steps forward)"),
    ("back", "mcell back", "a cell stepped back out of: a dead end"),
    ("place", "mcell path hl-place", "the step just taken"),
    ("solved", "mcell end path solved", "E reached: the path is complete"),
)

MAZE_CSS = r"""
.board.maze { --sq: calc((min(78vmin, 620px) - 4px) / var(--side)); display: grid;
  grid-template-columns: repeat(var(--cols), var(--sq)); grid-template-rows: repeat(var(--rows), var(--sq));
  width: calc(var(--sq) * var(--cols) + 4px); height: calc(var(--sq) * var(--rows) + 4px); }
.mcell { background: #fff; min-width: 0; min-height: 0; }
.mcell.wall { background: #1d2330; }
.mcell.path { background: @FORWARD@; }
.mcell.back { background: @BACK@; opacity: 0.8; }
.mcell.start { background: #2e9d4c; }
.mcell.end { background: #c0211a; }
.mcell.hl-place { box-shadow: inset 0 0 0 2px #fff, inset 0 0 0 4px @FORWARD@; }
.mcell.hl-back { box-shadow: inset 0 0 0 2px #fff, inset 0 0 0 4px @BACK@; }
""".replace("@FORWARD@", FORWARD).replace("@BACK@", BACK)

MAZE_JS = r"""
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
"""
