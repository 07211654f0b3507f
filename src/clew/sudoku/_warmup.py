"""Compile ahead (``clew compile sudoku``, :func:`clew.compile`): small calls that reach
every kernel of the family, so that each is compiled into the cache once.

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
