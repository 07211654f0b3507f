"""clew: fast backtracking search, with a thread back out of the labyrinth.

Vocabulary
----------
backtracking
    Depth-first search over partial assignments: *choose* a value for the next variable,
    go *deeper*, and *undo* the choice when the subtree is exhausted.
node
    One partial assignment visited by the search (a placed queen, a filled cell).
prune
    Refusing a choice because it already breaks a rule (an attacked square, a repeated
    digit), so its whole subtree is never visited.
bitboard
    A set of squares or digits kept as the bits of one machine integer, so that a rule check
    is one AND and the free choices are one NOT.
symmetry / fundamental solution
    The 8 rotations and reflections of the square map N-Queens solutions to solutions; a
    fundamental solution is one class of that map (OEIS A002562 counts them, A000170 counts
    all solutions).
constellation
    The queens of a solution that stand on the border of the board. clew counts N-Queens by
    completing each canonical constellation: these completions are the independent *pieces*
    of a count, run on every core.
limit
    How many solutions a search looks for: 1 solves, 2 proves uniqueness, ``None`` counts all.
verifier
    A check of a finished solution, written apart from every solver, that raises an error
    naming the broken rule.

exact cover
    Choosing options (sets of items) so that every primary item is covered exactly once:
    the general form of these puzzles, solved by Knuth's Algorithm X (:mod:`clew.cover`).
problem (of one's own)
    A start state and the functions ``choices``, ``accept``, ``extend``, ``done`` of the
    tutorials' backtracking, searched by :mod:`clew.search` for any puzzle without a kernel.
decision / MRV
    An open question of a state that every solution answers exactly once (which column for
    this row?); *minimum remaining values* branches on the decision with the fewest
    acceptable answers first, so dead ends show early.
perfect maze
    A maze with exactly one path between any two rooms: its open passages are a spanning
    tree of the rooms (:mod:`clew.maze`). Walking it depth-first, a *backtrack* is a step
    back out of a dead end.

Errors: every input error a function of clew raises is a :class:`ClewError` (a
``ValueError``), importable from here; the rules every family shares (``limit``, ``jobs``,
errors, exit statuses, JSON and pictures) are in ``docs/contract.md`` and :mod:`clew.errors`.

Packages: :mod:`clew.queens`, :mod:`clew.sudoku`, :mod:`clew.cover`, :mod:`clew.search`
(your own problem), :mod:`clew.maze` (perfect mazes, walked), :mod:`clew.scale` (pieces,
pools, Dask, journals), :mod:`clew.leetcode`;
the command line is ``clew`` (or ``python -m clew``). ``clew.compile()`` (``clew compile``)
compiles every kernel into numba's cache ahead of its first use; until then the first call
that compiles says so once, as a :class:`ClewCompileWarning`.

In a Jupyter notebook the values that have a picture show themselves as one: a queens
:class:`~clew.queens.Solution` or :class:`~clew.queens.Completion`, a Sudoku
:class:`~clew.sudoku.Grid`, a :class:`~clew.maze.Maze`, a trace (the HTML player, inline
and offline). This package is where the display hook of :mod:`clew._display`
is given its drawing, :mod:`clew.viz.notebook`, imported when a first picture is asked for.
"""

from typing import Any

from . import _display
from ._kernel_cache import ClewCompileWarning, guard_kernel_imports
from .errors import (
    DEFAULT_JOBS,
    MAX_LIMIT,
    ArgumentError,
    BoardSizeError,
    ClewError,
    InvalidSolutionError,
)

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_JOBS",
    "MAX_LIMIT",
    "ArgumentError",
    "BoardSizeError",
    "ClewCompileWarning",
    "ClewError",
    "InvalidSolutionError",
    "__version__",
]
# clew.compile is public too, but not in __all__: `from clew import *` must not hide the
# built-in compile()

# A kernel cache that cannot be used (read-only everywhere, full, damaged) never fails a job:
# its kernels are compiled in memory instead, said in one line (clew._kernel_cache).
guard_kernel_imports()


def __getattr__(name: str) -> Any:
    # clew.compile (compile every kernel ahead, clew._compile) is imported on first use:
    # `import clew` stays free of the families
    if name == "compile":
        from ._compile import compile

        return compile
    raise AttributeError(f"module 'clew' has no attribute {name!r}")


def _render(obj: object, mime: str) -> "str | None":
    # The composition root: the values are defined below clew.viz and may not import it, so
    # the drawing is plugged in here; importing it on the first picture keeps `import clew`
    # free of numpy, numba and the drawing code.
    from .viz.notebook import render

    return render(obj, mime)


_display.set_renderer(_render)
