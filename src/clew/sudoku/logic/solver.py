"""Human-style logical solving of a sudoku: step-by-step deductions, a difficulty rating on
Sudoku Explainer's scale (ER, EP, ED), hints and explanations. It never guesses.

The solver keeps, for every blank cell, a bitmask of its candidates (bit ``d - 1`` for
digit ``d``) and works on the units of the grid (rows, columns, boxes) of every shape:
k^2 x k^2, rectangular boxes (6x6, 12x12, ...), jigsaw regions, and the variants' units
and cages (:mod:`~clew.sudoku.logic.tables`). At each step it plays the step Sudoku Explainer 1.2.1 (SE) would: it
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

This module is the engine: the position (:class:`LogicalState`), the loop that plays
SE's step until the puzzle is solved or stuck, and the public functions
(:func:`solve_logically`, :func:`hint`, :func:`explain`, :func:`rate`, and
:func:`check_proper`, which the last three call first: they need a proper puzzle).
:class:`Step` is defined with the techniques and re-exported here.

Cells are numbered 0 to ``n * n - 1`` in reading order (as :attr:`Grid.cells`) and written
``r<row>c<column>`` counted from 1; digits above 9 are letters (``A`` is 10).

>>> from clew.sudoku.logic import solver as logic
>>> r = logic.rate("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> r.er, r.ep, r.ed, r.level, r.hardest
(1.2, 1.2, 1.2, 'easy', 'Hidden single')
>>> print(logic.hint("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..._kernel_cache import numba_loaded
from ...errors import article
from .. import geometry
from ..grid import DIGITS, SIZES, Grid, PuzzleFormatError, SudokuInputError, parse
from ..shape import Shape, as_shape
from . import exclusion, screen, techniques, uniqueness, variant_techniques
from .chains import CHAIN_FINDERS
from .rating import LEVELS, Rating, level_of, serate_figures
from .tables import tables as _tables
from .techniques import Step, _bits

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


def _order() -> tuple:
    """SE's order of trial: this package's techniques, with the uniqueness techniques after
    the XYZ-Wing and after the hidden quad, aligned pair exclusion after them, then the
    chaining techniques, with aligned triple exclusion (7.5) among them where SE has it:
    after the forcing chains and cycles (base ratings below 7.5), before Nishio."""
    basic = list(techniques.FINDERS)
    for name, rating, finder, after in variant_techniques.FINDERS:
        at = max(i for i, entry in enumerate(basic) if entry[0] == after)
        basic.insert(at + 1, (name, rating, finder))
    at = next(i for i, entry in enumerate(basic) if entry[0] == "Naked quad")
    basic.insert(at, ("Unique rectangle", 4.5, uniqueness.unique_loops))
    basic.append(("BUG", 5.6, uniqueness.bug))
    basic.append(("Aligned pair exclusion", 6.2, exclusion.aligned_pair))
    chains = list(CHAIN_FINDERS)
    cut = next((i for i, entry in enumerate(chains) if entry[1] >= 7.5), len(chains))
    chains.insert(cut, ("Aligned triple exclusion", 7.5, exclusion.aligned_triple))
    return tuple(basic + chains)


#: ``(technique, base rating, finder)`` in SE's order of trial: the engine plays the step of
#: the first finder that returns one. A test may swap in its own (read at each step).
FINDERS = _order()
_FINDERS = FINDERS

#: The finders that hold only for a puzzle with exactly one solution, and only on shapes
#: whose tables say so (``uniqueness``: no variant rules).
_UNIQUENESS = frozenset({uniqueness.unique_loops, uniqueness.bug})

#: The chaining finders: tried on grids up to 12x12 (``chains``).
_CHAINS = frozenset(finder for _, _, finder in CHAIN_FINDERS)

#: Ask the screen kernel (:mod:`clew.sudoku.logic.screen`) which basic finder fires, once numba is
#: loaded in the process; False: try every finder in Python (the reference; same steps).
SCREEN = True
#: finder -> its index in :data:`clew.sudoku.logic.screen.SCREENED`
_SCREENED = {
    finder: screen.SCREENED.index(name) for name, _, finder in FINDERS if name in screen.SCREENED
}

#: ``(technique, base rating)`` of every finder, in SE's order of trial (hidden singles
#: appear twice: in a box 1.2, in a row or column 1.5).
TECHNIQUES: tuple[tuple[str, float], ...] = tuple((name, rating) for name, rating, _ in FINDERS)


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
# The state: placed digits and candidates
# ---------------------------------------------------------------------------------------------


class LogicalState:
    """A position of the logical solver: the placed digits and the candidates of the blanks.

    ``LogicalState(puzzle)`` starts from a puzzle in any form :class:`Grid` reads (every
    blank gets the digits no peer holds); :meth:`from_candidates` and :meth:`from_pencilmarks`
    build a position from candidates directly. The state is mutable: :meth:`apply` plays a
    step, :meth:`next_step` finds the easiest one.

    >>> s = LogicalState("1.3." "..1." ".1.." "..4.")
    >>> s.candidates(1)
    (2, 4)
    >>> print(s.next_step())
    Full house: r3c3 is the last empty cell of column 3, so r3c3 = 2.
    """

    __slots__ = ("shape", "k", "n", "values", "cands", "symbols", "_t")

    def __init__(self, puzzle=None, *, symbols: str | None = None, **shape) -> None:
        if puzzle is None:  # filled in by the class methods
            return
        if isinstance(puzzle, LogicalState):
            self._copy_from(puzzle)
            return
        grid = parse(puzzle, symbols=symbols, **shape)
        self._setup(grid.shape, grid.symbols)
        n, full, t = self.n, (1 << self.n) - 1, self._t
        values = list(grid.cells)
        self.values = values
        cands = [0] * (n * n)
        for c in range(n * n):
            if values[c] == 0:
                m = full
                for p in t.peers[c]:
                    if values[p]:
                        m &= ~(1 << (values[p] - 1))
                cands[c] = m
        self.cands = cands

    def _setup(self, shape: Shape, symbols: str | None) -> None:
        self.shape, self.k, self.n = shape, shape.k, shape.n
        self.symbols, self._t = symbols, _tables(shape)

    def _copy_from(self, other: LogicalState) -> None:
        self._setup(other.shape, other.symbols)
        self.values = list(other.values)
        self.cands = list(other.cands)

    def copy(self) -> LogicalState:
        """An independent copy."""
        return LogicalState(self)

    @classmethod
    def from_candidates(cls, shape, masks, values=None) -> LogicalState:
        """A position from candidate bitmasks (bit ``d - 1`` for digit ``d``), one per cell in
        reading order, and optionally the placed digits (``values``, 0 = blank; a placed cell's
        mask is ignored). Each placed digit is removed from the candidates of its peers.
        ``shape``: the box size ``k`` of a classic k^2 x k^2 grid, or a
        :class:`~clew.sudoku.shape.Shape` (:func:`~clew.sudoku.shape.make_shape`).

        >>> s = LogicalState.from_candidates(2, [0b1111] * 16)
        >>> s.candidates(0), s.next_step() is None
        ((1, 2, 3, 4), True)
        """
        if not isinstance(shape, Shape) and shape not in SIZES:
            raise PuzzleFormatError(f"box size k must be one of {sorted(SIZES)}, got {shape!r}")
        shape = as_shape(shape)
        n = shape.n
        masks = list(masks)
        values = [0] * (n * n) if values is None else [int(v) for v in values]
        if len(masks) != n * n or len(values) != n * n:
            raise PuzzleFormatError(
                f"{article(f'{n}x{n}')} position has {n * n} cells, got {len(masks)} masks and {len(values)} values"
            )
        full = (1 << n) - 1
        for c, (m, v) in enumerate(zip(masks, values)):
            if not 0 <= v <= n:
                raise PuzzleFormatError(
                    f"{geometry.cell_name(c, n)}: {v!r} is not a digit of {article(f'{n}x{n}')} sudoku"
                )
            if not v and not (isinstance(m, int) and 0 <= m <= full):
                raise PuzzleFormatError(
                    f"{geometry.cell_name(c, n)}: {m!r} is not a candidate mask of {article(f'{n}x{n}')} sudoku"
                )
        state = cls()
        state._setup(shape, None)
        state.values = values
        state.cands = [0 if v else m for m, v in zip(masks, values)]
        t = state._t
        for c, v in enumerate(values):
            if v:
                bit = ~(1 << (v - 1))
                for p in t.peers[c]:
                    state.cands[p] &= bit
        return state

    @classmethod
    def from_pencilmarks(cls, text: str) -> LogicalState:
        """A position from a grid of pencilmarks: ``n * n`` words separated by white space,
        each the candidates of a cell (``2589``); a word of one digit is a placed digit, and a
        blank cell with a single candidate is written in brackets (``[5]``). ``|`` and lines
        of ``-``, ``+``, ``=`` are skipped, so :meth:`pencilmarks` reads back.

        >>> s = LogicalState.from_pencilmarks("1 24 3 24  24 [4] 1 234  34 1 2 34  234 234 4 1")
        >>> s.values[0], s.candidates(1), s.candidates(5)
        (1, (2, 4), (4,))
        """
        words = text.replace("|", " ").split()
        words = [w for w in words if w.strip("-+=")]
        k = {n * n: k for k, n in SIZES.items()}.get(len(words))
        if k is None:
            raise PuzzleFormatError(
                f"a pencilmark grid has 16, 81, 256 or 625 cells, got {len(words)} words"
            )
        n = k * k
        decode = {ch: i + 1 for i, ch in enumerate(DIGITS[:n])}
        decode.update({ch.lower(): i + 1 for i, ch in enumerate(DIGITS[:n])})
        masks, values = [], []
        for c, word in enumerate(words):
            bracketed = word.startswith("[") and word.endswith("]")
            digits = word[1:-1] if bracketed else word
            mask = 0
            for ch in digits:
                if ch not in decode:
                    raise PuzzleFormatError(
                        f"{geometry.cell_name(c, n)}: {word!r} is not a set of candidates of {article(f'{n}x{n}')} sudoku"
                    )
                mask |= 1 << (decode[ch] - 1)
            if not mask:
                raise PuzzleFormatError(f"{geometry.cell_name(c, n)}: {word!r} has no candidate")
            if len(digits) == 1 and not bracketed:
                values.append(decode[digits])
                masks.append(0)
            else:
                values.append(0)
                masks.append(mask)
        return cls.from_candidates(k, masks, values)

    # -- reading -------------------------------------------------------------------------------

    def symbol(self, digit: int) -> str:
        """How a digit is written (the grid's alphabet; default ``1..9A..P``)."""
        return (self.symbols or DIGITS)[digit - 1]

    def name(self, cell: int) -> str:
        """``r<row>c<column>`` of a cell, counted from 1."""
        return self._t.names[cell]

    def candidates(self, cell: int) -> tuple[int, ...]:
        """The candidates of a cell, ascending (empty for a filled cell)."""
        return tuple(_bits(self.cands[cell]))

    def is_solved(self) -> bool:
        return 0 not in self.values

    def grid(self) -> Grid:
        """The placed digits as a :class:`Grid`."""
        return Grid._make(bytes(self.values), self.shape, self.symbols)

    def pencilmarks(self) -> str:
        """The position as a pencilmark grid (reads back with :meth:`from_pencilmarks`).

        >>> print(LogicalState("1.3." "..1." ".1.." "..4.").pencilmarks())
        1   24  | 3   24
        234 234 | 1   24
        --------+--------
        234 1   | [2] 23
        23  23  | 4   123
        """
        n = self.n
        # boxes of br rows x bc columns; a jigsaw's regions are not drawn (br = bc = n)
        br, bc = self.shape.box or (n, n)
        words = []
        for c in range(n * n):
            if self.values[c]:
                words.append(self.symbol(self.values[c]))
            else:
                word = "".join(self.symbol(d) for d in _bits(self.cands[c]))
                words.append(f"[{word}]" if len(word) == 1 else word)
        widths = [max(len(words[r * n + c]) for r in range(n)) for c in range(n)]
        lines = []
        for r in range(n):
            if r and r % br == 0:
                lines.append(
                    "-+-".join("-" * (sum(widths[b : b + bc]) + bc - 1) for b in range(0, n, bc))
                )
            row = [words[r * n + c].ljust(widths[c]) for c in range(n)]
            lines.append(" | ".join(" ".join(row[b : b + bc]) for b in range(0, n, bc)).rstrip())
        return "\n".join(lines)

    def contradiction(self) -> str | None:
        """What makes this position impossible (a blank cell with no candidate, a digit with
        no place in a unit), or ``None``."""
        t, n = self._t, self.n
        full = (1 << n) - 1
        for c in range(n * n):
            if not self.values[c] and not self.cands[c]:
                return f"{t.names[c]} has no candidate left"
        for u, unit in enumerate(t.units):
            seen = 0
            for c in unit:
                v = self.values[c]
                seen |= self.cands[c] | ((1 << (v - 1)) if v else 0)
            if seen != full:
                d = ((full & ~seen) & -(full & ~seen)).bit_length()
                return f"{self.symbol(d)} has no place left in {t.unit_names[u]}"
        return None

    # -- changing ------------------------------------------------------------------------------

    def place(self, cell: int, digit: int) -> None:
        """Place a digit: the cell is filled, the digit leaves the candidates of its peers."""
        self.values[cell] = digit
        self.cands[cell] = 0
        bit = ~(1 << (digit - 1))
        cands = self.cands
        for p in self._t.peers[cell]:
            cands[p] &= bit

    def apply(self, step: Step) -> None:
        """Play a step: its placements, then its eliminations."""
        for cell, digit in step.placements:
            self.place(cell, digit)
        for cell, digit in step.eliminations:
            self.cands[cell] &= ~(1 << (digit - 1))

    # -- finding steps -------------------------------------------------------------------------

    def next_step(
        self, max_rating: float | None = None, *, uniqueness: bool = False
    ) -> Step | None:
        """The step SE would play next: that of the first technique, in SE's order of trial
        (:data:`FINDERS`), that makes progress; or ``None``.

        Techniques whose base rating is above ``max_rating`` are not tried. The uniqueness
        techniques (unique rectangles and loops, BUG) are tried only with
        ``uniqueness=True``: they hold for a puzzle with exactly one solution, which the
        caller vouches for (:func:`hint`, :func:`explain` and :func:`rate` check it).
        """
        t = self._t
        # the screen's answer: the first screened finder (index into screen.SCREENED) that
        # fires at or after the last one asked about; asked for at the first screened finder
        screened = _SCREENED if SCREEN and numba_loaded() else None
        fires = -1
        for _name, rating, finder in _FINDERS:
            if max_rating is not None and rating > max_rating:
                break
            if finder in _UNIQUENESS and not (uniqueness and t.uniqueness):
                continue
            if finder in _CHAINS and not t.chains:
                continue
            at = screened.get(finder) if screened is not None else None
            if at is not None:
                if fires < at:
                    fires = screen.first(self, at)
                if at < fires:
                    continue  # the kernel says this finder finds nothing here
            step = finder(self)
            if step is not None:
                return self._sized(step)
            if at is not None:
                fires = -1  # BUG's pattern held but the finder found none: ask again after it
        return None

    def _sized(self, step: Step) -> Step:
        """The step with the side of this grid, which names its cells in
        :meth:`Step.to_dict` (the finders leave it out: they only read the position)."""
        if step.n == self.n:
            return step
        # made field by field: dataclasses.replace costs more than the finders of a single
        return Step(
            step.technique, step.rating, step.placements, step.eliminations, step.cells, step.digits, step.unit,
            step.text, self.n,
        )  # fmt: skip

    def find(self, technique: str) -> Step | None:
        """The first step of one technique (by name, as in :data:`TECHNIQUES`), or ``None``
        (the uniqueness techniques included: the caller asks for them by name; ``None``
        also where the technique does not hold on this grid's shape)."""
        finders = [f for name, _, f in _FINDERS if name == technique]
        if not finders:
            raise ValueError(
                f"unknown technique {technique!r}; known: {', '.join(dict.fromkeys(n for n, _ in TECHNIQUES))}"
            )
        t = self._t
        for finder in finders:
            if (finder in _UNIQUENESS and not t.uniqueness) or (finder in _CHAINS and not t.chains):
                continue
            step = finder(self)
            if step is not None:
                return self._sized(step)
        return None


# ---------------------------------------------------------------------------------------------
# The public functions
# ---------------------------------------------------------------------------------------------


def _state(puzzle, symbols: str | None, shape: dict) -> LogicalState:
    return (
        puzzle.copy()
        if isinstance(puzzle, LogicalState)
        else LogicalState(puzzle, symbols=symbols, **shape)
    )


def _check_step(step: Step, solution: tuple[int, ...], state: LogicalState) -> None:
    for cell, digit in step.placements:
        if solution[cell] != digit:
            raise AssertionError(
                f"unsound step (the solution has {solution[cell]} in {state.name(cell)}): {step.text}"
            )
    for cell, digit in step.eliminations:
        if solution[cell] == digit:
            raise AssertionError(
                f"unsound step (the solution has {digit} in {state.name(cell)}): {step.text}"
            )


def solve_logically(
    puzzle,
    *,
    max_rating: float | None = None,
    check: bool = False,
    symbols: str | None = None,
    uniqueness: bool = False,
    **shape,
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
    puzzle, *, symbols: str | None = None, purpose: str = "the logical solver", **shape
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
    clew.sudoku.logic.solver.NotProperError: this puzzle is not unique (at least 2 solutions): a hint needs exactly one
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
    puzzle, *, max_rating: float | None = None, symbols: str | None = None, **shape
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
    puzzle, *, max_rating: float | None = None, symbols: str | None = None, **shape
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
    clew.sudoku.logic.solver.NotProperError: this puzzle is not unique (at least 2 solutions): an explanation needs exactly one
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
    puzzle, *, max_rating: float | None = None, symbols: str | None = None, **shape
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


def rate(puzzle, *, symbols: str | None = None, **shape) -> Rating:
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
    clew.sudoku.logic.solver.NotProperError: this puzzle is not unique (at least 2 solutions): a rating needs exactly one
    """
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
