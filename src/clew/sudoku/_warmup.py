"""Compile ahead (``clew compile sudoku``, :func:`clew.compile`): small calls that reach
every kernel of the family, so that each is compiled into the cache once; and the calls a
partner process runs beside a job's first run (:data:`ASIDE`, :mod:`clew._partner`).

:data:`GROUPS` holds groups of calls: the calls of one group run in order in one worker
process, the groups in parallel. The family is one group: a rating and a generator solve
too (their proofs of uniqueness), and two processes that compile one function for two
signatures at once can leave its cache index naming the other's code.
"""

from __future__ import annotations

__all__ = ["GROUPS"]

#: A 17-clue classic (the first of Gordon Royle's list), solved by the 9x9 kernels.
CLASSIC = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
#: A puzzle that Sudoku Explainer rates 9.2: its rating reaches every chain kernel.
HARD = "6..1...8..53.............4....8...6..9....7....24.........7.3.9....2.5..1........"
#: A 4x4 (2x2 boxes) and a 6x6 (2x3 boxes): the kernels of any shape.
SMALL = "1...........4..."


def solve() -> None:
    """The solvers: one puzzle, a file of them, counts, other shapes and variants."""
    from . import count, solve, solve_file
    from .files.batch import KERNEL_LINES, read_data

    read_data(((CLASSIC + "\n") * KERNEL_LINES).encode())  # a large file: read by kernels
    solve(CLASSIC)
    count(CLASSIC, limit=2)
    for mode in ("solve", "count"):
        list(solve_file([CLASSIC] * 20, mode=mode, limit=2 if mode == "count" else None))
    solve(SMALL, box="2x2")
    count(SMALL, box="2x2", limit=2)
    list(solve_file([SMALL] * 10, box="2x2"))
    solve("." * 81, variant="x")


def rate() -> None:
    """The rating up to the chains, and a generated hard puzzle."""
    from . import rate

    rate(HARD)


def generate() -> None:
    """The generator of hard puzzles (``clew sudoku generate --difficulty hard``)."""
    from .generation.generator import generate

    generate(difficulty="hard", seed=1)


#: Groups of calls: one worker process each (see the module's docstring).
GROUPS = ((solve, rate, generate),)


# -- one kernel module a call, for a partner (clew._partner) ----------------------------------
# Each reaches its kernels directly, as the rating calls them (the same argument types, so the
# same compiled signature), on a position of HARD; none loads another module's kernels.


def _position():
    from .logic.state import LogicalState

    return LogicalState(HARD)


def _graph():
    from .logic.chains import _graph

    return _graph(_position())


def _solver() -> None:
    import numpy as np

    from .kernels import run

    run(np.array([[int(c) for c in CLASSIC]], np.int8), 3, 2)


def _screen() -> None:
    from .logic import screen

    screen.first(_position(), 0)


def _loops() -> None:
    from .logic.uniqueness import _all_loops

    _all_loops(_position())


def _exclusion() -> None:
    from .logic.exclusion import _compiled

    _compiled(_position(), 2)


def _unary() -> None:
    from .logic.chains import best_unary_fast

    best_unary_fast(_graph())


def _multiple() -> None:
    from .logic.chains import best_multiple_fast

    best_multiple_fast(_graph(), 8.0, True, False, False)


def _multiple_plus() -> None:
    from .logic.chains import best_multiple_fast

    best_multiple_fast(_graph(), 9.0, True, True, False, 1)


#: What a partner can compile beside a job: kernel file (inside the package; after a colon,
#: a part of it) -> the call that compiles it. A job names the entries it wants, in order,
#: with :func:`clew._partner.plan`.
ASIDE = {
    "sudoku/compiled/_kernels9.py": _solver,
    "sudoku/compiled/_kernels_screen.py": _screen,
    "sudoku/compiled/_kernels_uniqueness.py": _loops,
    "sudoku/compiled/_kernels_exclusion.py": _exclusion,
    "sudoku/compiled/_kernels_chains_unary.py": _unary,
    "sudoku/compiled/_kernels_chains.py": _multiple,
    "sudoku/compiled/_kernels_chains.py:plus": _multiple_plus,
}
