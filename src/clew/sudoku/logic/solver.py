"""Human-style logical solving of a sudoku: step-by-step deductions, a difficulty rating on
Sudoku Explainer's scale (ER, EP, ED), hints and explanations. It never guesses.

The solver keeps, for every blank cell, a bitmask of its candidates (bit ``d - 1`` for
digit ``d``) and works on the units of the grid (rows, columns, boxes) of every shape:
k^2 x k^2, rectangular boxes (6x6, 12x12, ...), jigsaw regions, and the variants' units
and cages (:mod:`~clew.sudoku.logic.tables`). At each step it plays the step Sudoku Explainer
1.2.1 (SE) would: it
tries SE's techniques in SE's order of trial (:data:`FINDERS`) and plays the step of the
first that makes progress, chosen within the technique as SE chooses it. A :class:`Step`
places digits or removes candidates and says why in one sentence. Placing a digit also
removes it from the candidates of the cell's peers; those removals are part of the
placement and are not listed in the step's ``eliminations``. When no technique applies,
the solver stops and says so (``stuck``): the puzzle is beyond clew's techniques.

The order of trial (SE's ratings; ``+`` where the rating grows with the pattern):

==========================================================  ==========================
techniques (:mod:`~clew.sudoku.logic.techniques` unless named)    rating
==========================================================  ==========================
full house, hidden single in a box, in a row or column     1.0, 1.2, 1.5
direct pointing, direct claiming, direct hidden pair        1.7, 1.9, 2.0
naked single, direct hidden triple                          2.3, 2.5
pointing, claiming                                          2.6, 2.8
naked pair, X-Wing, hidden pair                             3.0, 3.2, 3.4
naked triple, Swordfish, hidden triple                      3.6, 3.8, 4.0
XY-Wing, XYZ-Wing                                           4.2, 4.4
unique rectangles and loops (:mod:`.uniqueness`)            4.5+
naked quad, Jellyfish, hidden quad                          5.0, 5.2, 5.4
BUG (:mod:`.uniqueness`)                                    5.6+
aligned pair exclusion (:mod:`.exclusion`)                  6.2
chains and cycles (:mod:`.chains`)                          6.5+
aligned triple exclusion (:mod:`.exclusion`)                7.5
Nishio, multiple and dynamic forcing chains (:mod:`.chains`) 7.5+
==========================================================  ==========================

The variants add clew's own techniques (SE knows only the classic grid), each tried right
after the classic technique of its rating (:mod:`.variant_techniques`): cage single 1.0,
cage combinations 2.0, innies and outies 2.2 (2.4, 2.6 over two, three rows or columns),
locked candidates of a diagonal, window, extra region or cage 2.8. Two families have
limits: the uniqueness techniques are off on every variant (their swap of two digits breaks
a diagonal, a window or a cage sum), and the chains are tried on grids up to 12x12 (their
strong links in boxes or regions, rows and columns; a variant's units and cages give them
weak links).

A "direct" technique is SE's name for a pattern whose removals leave a single at once: the
step is that placement alone. The uniqueness techniques hold only for a puzzle with exactly
one solution; they are tried only when the caller says the puzzle is proper
(``uniqueness=True``), as :func:`rate`, :func:`hint` and :func:`explain` do after
checking it.

Ratings and levels
------------------
:func:`rate` gives SE's three figures, as its command-line rater serate computes them:
ER, the rating of the hardest step of the whole solution; EP, the hardest step up to and
including the first that places a digit; ED, the rating of the first step (0.0 each for a
full grid). ``Rating.score`` is ER (kept for programs written before ``er``). A puzzle that
gets stuck is beyond clew's techniques: its ER is ``None``, not a made-up number, and its
level is extreme. The level comes from ER, by SE's bands (those of its generator: Easy
1.0-1.2, Medium 1.3-1.5, Hard 1.6-2.5, Fiendish 2.6-6.0, Diabolical 6.1 and up), with
Fiendish split in two where clew's levels always split it:

==========  =============  ========================  ============================================
level       ER             SE band                   needs
==========  =============  ========================  ============================================
easy        <= 1.5         Easy, Medium              singles only (full houses, hidden singles)
medium      1.6 - 2.5      Hard                      direct techniques, naked singles
hard        2.6 - 3.8      Fiendish (first part)     intersections, pairs, X-Wing, triples,
                                                     Swordfish
expert      3.9 - 6.0      Fiendish (second part)    hidden triples, wings, uniqueness, quads,
                                                     Jellyfish, BUG
extreme     above 6.0      Diabolical                aligned exclusion, chains, forcing chains;
            or ``None``                              or beyond every technique here
==========  =============  ========================  ============================================

This module holds the public functions (:func:`solve_logically`, :func:`hint`,
:func:`explain`, :func:`rate`, and :func:`check_proper`, which the last three call first:
they need a proper puzzle); the engine, the position (:class:`LogicalState`) and the order of
trial (:data:`FINDERS`), is :mod:`clew.sudoku.logic.state`. :class:`LogicalState`,
:data:`FINDERS`, :data:`TECHNIQUES` and :class:`Step` (defined with the techniques) are
re-exported here.

Cells are numbered 0 to ``n * n - 1`` in reading order (as :attr:`Grid.cells`) and written
``r<row>c<column>`` counted from 1; digits above 9 are letters (``A`` is 10).

>>> from clew.sudoku.logic import solver as logic
>>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> r = logic.rate(puzzle)
>>> r.er, r.ep, r.ed, r.level, r.hardest
(1.2, 1.2, 1.2, 'easy', 'Hidden single')
>>> print(logic.hint(puzzle))
Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..._partner import plan as plan_partner
from ..grid import Grid, SudokuInputError, parse
from .rating import LEVELS, Rating, level_of, serate_figures
from .state import FINDERS, TECHNIQUES, LogicalState
from .step import Step

__all__ = [
    "FINDERS",
    "LEVELS",
    "TECHNIQUES",
    "LogicalSolution",
    "LogicalState",
    "NotProperError",
    "Rating",
    "Step",
    "check_proper",
    "explain",
    "explanation",
    "hint",
    "level_of",
    "rate",
    "solve_logically",
]


class NotProperError(SudokuInputError):
    """A puzzle that does not have exactly one solution, where one is needed (a rating).

    ``solutions`` is 0, or 2 for "two or more"."""

    def __init__(self, message: str, solutions: int) -> None:
        super().__init__(message)
        self.solutions = solutions


@dataclass(frozen=True)
class LogicalSolution:
    """Where the logical solver got: its steps, and the grid and candidates it reached.

    ``solved``: every cell is filled. ``stuck``: not solved, and no technique (up to the
    ``max_rating`` asked for) applies. ``candidates``: per cell the bitmask of its candidates
    (bit ``d - 1`` for digit ``d``), 0 for a filled cell. ``contradiction``: when stuck on a
    puzzle with no solution, what is wrong (a cell with no candidate, a digit with no place
    in a unit), else ``None``. ``puzzle``: the puzzle solved (:func:`explanation` sets it).

    :meth:`to_dict` (what ``clew sudoku explain --format json`` prints): ``puzzle`` (its
    one-line form), ``solved``, ``steps`` (each :meth:`Step.to_dict`), ``grid`` (the grid
    reached, one line) and ``stuck`` (why logic stopped, :attr:`reason`; ``None`` when solved).
    """

    steps: tuple[Step, ...]
    solved: bool
    stuck: bool
    grid: Grid
    candidates: tuple[int, ...]
    contradiction: str | None = None
    puzzle: Grid | None = None

    @property
    def hardest(self) -> float:
        """The rating of the hardest step (0.0 if there is none)."""
        return max((s.rating for s in self.steps), default=0.0)

    @property
    def reason(self) -> str | None:
        """Why logic stopped before the end, in words; ``None`` when solved."""
        if self.solved:
            return None
        return self.contradiction or "no technique applies: the rest is beyond clew's techniques"

    def to_dict(self) -> dict:
        """The solution as JSON data (the fields in the class documentation)."""
        return {
            "puzzle": None if self.puzzle is None else self.puzzle.to_variant_line(),
            "solved": self.solved,
            "steps": [step.to_dict() for step in self.steps],
            "grid": self.grid.to_line(),
            "stuck": self.reason,
        }


# ---------------------------------------------------------------------------------------------
# The public functions
# ---------------------------------------------------------------------------------------------


def _state(puzzle: Any, symbols: str | None, shape: dict) -> LogicalState:
    return (
        puzzle.copy()
        if isinstance(puzzle, LogicalState)
        else LogicalState(puzzle, symbols=symbols, **shape)
    )


def _check_step(step: Step, solution: tuple[int, ...], state: LogicalState) -> None:
    for cell, digit in step.placements:
        if solution[cell] != digit:
            raise AssertionError(
                f"unsound step (the solution has {solution[cell]} in {state.name(cell)}): "
                f"{step.text}"
            )
    for cell, digit in step.eliminations:
        if solution[cell] == digit:
            raise AssertionError(
                f"unsound step (the solution has {digit} in {state.name(cell)}): {step.text}"
            )


def solve_logically(
    puzzle: Any,
    *,
    max_rating: float | None = None,
    check: bool = False,
    symbols: str | None = None,
    uniqueness: bool = False,
    **shape: Any,
) -> LogicalSolution:
    """Solve a sudoku step by step with the techniques of this module, never guessing.

    Parameters
    ----------
    puzzle
        Any form :class:`Grid` reads, or a :class:`LogicalState` (left unchanged).
    max_rating : float, optional
        Use only techniques rated at most this (see :data:`TECHNIQUES`).
    check : bool
        Debug check: solve the puzzle by search first and raise ``AssertionError`` at the
        first step that removes or misplaces a digit of that solution (every step must keep
        every solution). Without effect on a puzzle with no solution.
    symbols : str, optional
        The alphabet of the puzzle's digits.
    **shape
        ``box``, ``regions``, ``variant``, ``extra``, ``cages``: the shape and variant rules
        (see :class:`Grid`), as every function of :mod:`clew.sudoku` takes them.
    uniqueness : bool
        Also use the uniqueness techniques (unique rectangles and loops, BUG): only for a
        puzzle known to have exactly one solution (:func:`check_proper`).

    Returns
    -------
    LogicalSolution
        Stopped when solved or stuck. The puzzle need not be proper: the steps are
        deductions that hold in every solution, so a puzzle with several solutions gets
        stuck, and one with none may end in a ``contradiction``.

    Examples
    --------
    >>> sol = solve_logically("1...............")
    >>> sol.solved, sol.stuck, len(sol.steps)
    (False, True, 0)
    >>> sol = solve_logically("..3.4.........42")
    >>> sol.solved, str(sol.grid), [s.technique for s in sol.steps][:3]
    (True, '1234432124133142', ['Hidden single', 'Hidden single', 'Full house'])
    """
    state = _state(puzzle, symbols, shape)
    solution = None
    if check:
        from ..solver import solve

        found = solve(state.grid())
        solution = found.cells if found is not None else None
    steps = []
    while not state.is_solved():
        step = state.next_step(max_rating, uniqueness=uniqueness)
        if step is None:
            break
        if solution is not None:
            _check_step(step, solution, state)
        if not step.placements and not any(
            state.cands[c] >> (d - 1) & 1 for c, d in step.eliminations
        ):
            raise RuntimeError(f"internal error: a step that changes nothing: {step.text}")
        state.apply(step)
        steps.append(step)
    solved = state.is_solved()
    return LogicalSolution(
        steps=tuple(steps),
        solved=solved,
        stuck=not solved,
        grid=state.grid(),
        candidates=tuple(state.cands),
        contradiction=None if solved else state.contradiction(),
    )


def check_proper(
    puzzle: Any, *, symbols: str | None = None, purpose: str = "the logical solver", **shape: Any
) -> Grid:
    """The puzzle's grid if it has exactly one solution (proven by search), else an error.

    :func:`rate`, :func:`hint` and :func:`explain` call it first: the techniques are
    deductions that hold in every solution, so on a puzzle with none they "find" steps
    towards a grid that does not exist, and on one with several they get stuck for a reason
    that no technique can remove.

    Parameters
    ----------
    puzzle
        Any form :class:`Grid` reads, or a :class:`LogicalState` (its placed digits).
    symbols : str, optional
        The alphabet of the puzzle's digits.
    **shape
        ``box``, ``regions``, ``variant``, ``extra``, ``cages``: the shape and variant rules
        (see :class:`Grid`), as every function of :mod:`clew.sudoku` takes them.
    purpose : str
        What needs a proper puzzle, for the message (``"a rating"``).

    Returns
    -------
    Grid

    Raises
    ------
    NotProperError
        No solution (``solutions`` 0) or several (``solutions`` 2).
    clew.sudoku.SudokuInputError
        The puzzle cannot be read, or two givens break a rule.

    Examples
    --------
    >>> check_proper("..3.4.........42")
    Grid('..3.4.........42')
    >>> check_proper("2...3.2......4..", purpose="a hint")
    Traceback (most recent call last):
    ...
    clew.sudoku.logic.solver.NotProperError: this puzzle has no solution: a hint needs exactly one
    >>> check_proper("1...............", purpose="a hint")
    Traceback (most recent call last):
    ...
    clew.sudoku.logic.solver.NotProperError: this puzzle is not unique (at least 2 solutions):
    a hint needs exactly one
    """
    from .. import _interpreted

    grid = (
        puzzle.grid()
        if isinstance(puzzle, LogicalState)
        else parse(puzzle, symbols=symbols, **shape)
    )
    # one puzzle: the interpreter proves it in milliseconds when the compiled solver is not
    # loaded in this process yet (loading it costs about 0.7 s); else, or out of budget, the kernels
    found = _interpreted.count_quickly(grid, limit=2)
    if found is None:
        from ..solver import count

        found = count(grid, limit=2)
    if found != 1:
        what = "has no solution" if found == 0 else "is not unique (at least 2 solutions)"
        raise NotProperError(f"this puzzle {what}: {purpose} needs exactly one", found)
    return grid


def hint(
    puzzle: Any, *, max_rating: float | None = None, symbols: str | None = None, **shape: Any
) -> Step | None:
    """The next logical step of a proper puzzle: the easiest technique that makes progress.

    Parameters
    ----------
    puzzle
        Any form :class:`Grid` reads, or a :class:`LogicalState` (left unchanged).
    max_rating : float, optional
        Use only techniques rated at most this.
    symbols : str, optional
        The alphabet of the puzzle's digits.
    **shape
        ``box``, ``regions``, ``variant``, ``extra``, ``cages``: the shape and variant rules
        (see :class:`Grid`), as every function of :mod:`clew.sudoku` takes them.

    Returns
    -------
    Step or None
        ``None`` when the puzzle is solved or no technique applies (it needs search).

    Raises
    ------
    NotProperError
        The puzzle has no solution or several (checked first, by search, as :func:`rate`
        does: a hint towards a solution that does not exist would mislead).
    clew.sudoku.SudokuInputError
        The puzzle cannot be read, or two givens break a rule.

    Examples
    --------
    >>> print(hint("..3.4.........42"))
    Hidden single: in box 1, 3 fits only in r2c2, so r2c2 = 3.
    >>> hint("2...3.2......4..")
    Traceback (most recent call last):
    ...
    clew.sudoku.logic.solver.NotProperError: this puzzle has no solution: a hint needs exactly one
    """
    grid = check_proper(puzzle, symbols=symbols, purpose="a hint", **shape)
    state = _state(grid if not isinstance(puzzle, LogicalState) else puzzle, symbols, {})
    if state.is_solved():
        return None
    step = state.next_step(max_rating, uniqueness=True)
    return None if step is None else step.on(state.grid())


def explain(
    puzzle: Any, *, max_rating: float | None = None, symbols: str | None = None, **shape: Any
) -> list[Step]:
    """The whole logical path of a proper puzzle: every step, in order, each with the
    position it is played on (``step.grid``); if the solver gets stuck, the steps up to there
    (:func:`solve_logically` says whether it did). ``max_rating``, ``symbols`` and the shape
    keywords (``box``, ``regions``, ``variant``, ``extra``, ``cages``) are those of :func:`hint`.

    Raises
    ------
    NotProperError
        The puzzle has no solution or several (checked first, as :func:`rate` does).
    clew.sudoku.SudokuInputError
        The puzzle cannot be read, or two givens break a rule.

    Examples
    --------
    >>> for step in explain("..3.4.........42")[:2]:
    ...     print(step)
    Hidden single: in box 1, 3 fits only in r2c2, so r2c2 = 3.
    Hidden single: in box 2, 2 fits only in r2c3, so r2c3 = 2.
    >>> explain("1...............")
    Traceback (most recent call last):
    ...
    clew.sudoku.logic.solver.NotProperError: this puzzle is not unique (at least 2 solutions):
    an explanation needs exactly one
    """
    grid = check_proper(puzzle, symbols=symbols, purpose="an explanation", **shape)
    start = puzzle if isinstance(puzzle, LogicalState) else grid
    steps = solve_logically(start, max_rating=max_rating, uniqueness=True).steps
    state, out = _state(start, symbols, {}), []
    for step in steps:  # each with the position it is played on
        out.append(step.on(state.grid()))
        state.apply(step)
    return out


def explanation(
    puzzle: Any, *, max_rating: float | None = None, symbols: str | None = None, **shape: Any
) -> LogicalSolution:
    """The logical solution of a proper puzzle, as :func:`explain` finds it, with where it
    ended (``solved``, ``stuck``, ``reason``, the grid reached) and the ``puzzle``: what
    ``clew sudoku explain`` prints. Arguments and errors are those of :func:`explain`.

    >>> e = explanation("..3.4.........42")
    >>> e.solved, len(e.steps), e.to_dict()["stuck"]
    (True, 12, None)
    """
    grid = check_proper(puzzle, symbols=symbols, purpose="an explanation", **shape)
    result = solve_logically(
        puzzle if isinstance(puzzle, LogicalState) else grid, max_rating=max_rating, uniqueness=True
    )
    return LogicalSolution(
        result.steps,
        result.solved,
        result.stuck,
        result.grid,
        result.candidates,
        result.contradiction,
        grid,
    )


#: what a partner process compiles beside a first rating (clew._partner), in its order: the
#: multiple chains (the largest kernel, reached last), then the screen and the unique loops
#: (the rating keeps to their plain paths meanwhile), then the chains' level 1 (9.0 and up)
_ASIDE = (
    "sudoku/compiled/_kernels_chains.py",
    "sudoku/compiled/_kernels_screen.py",
    "sudoku/compiled/_kernels_uniqueness.py",
    "sudoku/compiled/_kernels_chains.py:plus",
)


def rate(puzzle: Any, *, symbols: str | None = None, **shape: Any) -> Rating:
    """Rate a proper puzzle as Sudoku Explainer's serate does: ER, EP and ED, the hardest
    technique and the level.

    The logical solution plays SE's step at each point (:meth:`LogicalState.next_step`,
    uniqueness techniques included). ER is the hardest step's rating, EP the hardest up to
    the first placement, ED the first step's. A puzzle that gets stuck is beyond every
    technique here: ``stuck`` is true, ``er`` and ``score`` are ``None`` (EP and ED keep
    what was reached), and the level is extreme. ``symbols`` and the shape keywords
    (``box``, ``regions``, ``variant``, ``extra``, ``cages``) are those of :func:`hint`.

    Raises
    ------
    NotProperError
        The puzzle has no solution or several (checked first, by search).
    clew.sudoku.SudokuInputError
        The puzzle cannot be read, or two givens break a rule.

    Examples
    --------
    >>> r = rate("..3.4.........42")
    >>> r.er, r.ep, r.ed, r.level, r.hardest, r.steps
    (1.2, 1.2, 1.2, 'easy', 'Hidden single', 12)
    >>> rate("1...............")
    Traceback (most recent call last):
    ...
    clew.sudoku.logic.solver.NotProperError: this puzzle is not unique (at least 2 solutions):
    a rating needs exactly one
    """
    plan_partner("sudoku", *_ASIDE)  # a first run of the clew program: clew._partner
    grid = check_proper(puzzle, symbols=symbols, purpose="a rating", **shape)
    result = solve_logically(puzzle if isinstance(puzzle, LogicalState) else grid, uniqueness=True)
    steps = result.steps
    hardest = max(steps, key=lambda s: s.rating, default=None)
    used: dict[str, list] = {}
    for step in steps:
        entry = used.setdefault(step.technique, [step.rating, 0])
        entry[0] = min(entry[0], step.rating)
        entry[1] += 1
    techniques = tuple((name, n) for name, (_, n) in sorted(used.items(), key=lambda kv: kv[1][0]))
    er, ep, ed = serate_figures(steps, result.stuck)
    return Rating(
        score=er,
        level=level_of(er),
        hardest=hardest.technique if hardest else None,
        steps=len(steps),
        stuck=result.stuck,
        techniques=techniques,
        er=er,
        ep=ep,
        ed=ed,
        puzzle=grid,
    )
