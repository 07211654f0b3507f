"""Pictures of boards and of search trees as SVG text, written without any drawing library.

Three pictures, each a complete ``<svg>`` document (a string) that a browser shows as is and
that :mod:`xml.etree.ElementTree` parses, each in a module of its own and gathered here:

* :func:`queens_svg` (:mod:`clew.viz.queens_board_svg`) -- an n x n chessboard with queens
  on it (a solution, or a partly filled board), optionally with every attacked square
  shaded;
* :func:`sudoku_svg` (:mod:`clew.viz.sudoku_grid_svg`) -- a sudoku grid, givens in bold
  black and the digits of a solution in blue;
* :func:`tree_svg` (:mod:`clew.viz.search_tree_svg`) -- the search tree of a trace
  (:func:`clew.queens.trace`, or a Sudoku trace): one node per placement, a red cross per
  refused square, solutions in green.

Every element a reader may want to find has a class and ``data-`` attributes: queens are
``<text class="queen" data-row=.. data-col=..>``, shaded squares ``<rect class="attacked">``,
sudoku digits ``<text class="given">`` / ``<text class="filled">`` with ``data-row``,
``data-col`` and ``data-digit``; tree nodes are ``<g class="node">`` (``"node solution"``
for a solution), refusals ``<g class="pruned">``, each with a ``<title>`` tooltip.

Rows and columns are counted from 0 in the data attributes and from 1 in what is shown
(``r1c3`` is row 0, column 2), as everywhere in clew. The attack rule of the queens
(:func:`attacked_squares`, :func:`attacking_pairs`) is that of :mod:`clew.queens.attacks`,
named here too for the callers of this module.

>>> import xml.etree.ElementTree as ET
>>> svg = queens_svg(4, [1, 3, 0, 2])
>>> ET.fromstring(svg).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

from ..queens.attacks import attacked_squares, attacking_pairs
from .queens_board_svg import MAX_BOARD_N, queens_svg
from .search_tree_svg import TreeTooLargeError, tree_svg
from .sudoku_grid_svg import sudoku_svg

__all__ = [
    "MAX_BOARD_N",
    "TreeTooLargeError",
    "attacked_squares",
    "attacking_pairs",
    "queens_svg",
    "sudoku_svg",
    "tree_svg",
]
