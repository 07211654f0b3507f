"""Seeing the search: traces of the real backtracking, pictures, an HTML player.

The traces themselves are made by the families (:func:`clew.queens.trace`,
:func:`clew.sudoku.trace`); their event format is documented in :mod:`clew.trace`, the bottom
layer both the families and this package read. The names of that format are re-exported
here for code written against ``clew.viz``.

* :mod:`clew.viz.replay` -- the board of the search after each event, and events in words;
* :mod:`clew.viz.svg` -- pictures of boards and of search trees;
* :mod:`clew.viz.player` -- a self-contained HTML page that plays a trace;
* :mod:`clew.viz.animate` -- the search animated in a terminal.
* :mod:`clew.viz.notebook` -- the pictures a value shows in a Jupyter notebook.
"""

from __future__ import annotations

from ..trace import EVENT_TYPES, STRATEGIES, Recorder, check_trace_args

__all__ = ["EVENT_TYPES", "STRATEGIES", "Recorder", "check_trace_args"]
