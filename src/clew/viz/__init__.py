"""Seeing the search: traces of the real backtracking, pictures, an HTML player.

The traces themselves are made by the families (:func:`clew.queens.trace`,
:func:`clew.sudoku.trace`); their event format is documented in :mod:`clew.trace`, the bottom
layer both the families and this package read. The names of that format are re-exported
here for code written against ``clew.viz``.

* :mod:`clew.viz.registry` -- the kinds of trace, each registered by its family's picture
  module (``<family>_pictures.py``: :mod:`~clew.viz.queens_pictures`,
  :mod:`~clew.viz.sudoku_pictures`, :mod:`~clew.viz.search_pictures`,
  :mod:`~clew.viz.maze_pictures`), so that the modules below name no family;
* :mod:`clew.viz.replay` -- the board of the search after each event, and events in words;
* :mod:`clew.viz.svg` -- pictures of boards and of search trees;
* :mod:`clew.viz.player` -- a self-contained HTML page that plays a trace (made of the files
  of ``clew/viz/assets/``);
* :mod:`clew.viz.animate` -- the search animated in a terminal;
* :mod:`clew.viz.notebook` -- the pictures a value shows in a Jupyter notebook.

It may import the families (it draws them) and the bottom of clew; nothing in clew imports
it but the command line and the display hook the root package installs.
"""

from __future__ import annotations

from .._plugins import folders_outside
from ..trace import EVENT_TYPES, STRATEGIES, Recorder, check_trace_args

#: Every folder ``clew/viz`` on ``sys.path`` is part of this package, after clew's own: a
#: family kept outside clew's tree (a plug-in on PYTHONPATH) adds its picture module
#: (``<family>_pictures.py``) by placing it there (see :mod:`clew.viz.registry`).
__path__ = [*__path__, *folders_outside(__path__, "viz")]

__all__ = ["EVENT_TYPES", "STRATEGIES", "Recorder", "check_trace_args"]
