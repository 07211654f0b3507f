"""Human-style logical solving of a sudoku: step-by-step deductions, a difficulty rating,
hints and explanations. It never guesses.

The solver keeps, for every blank cell, a bitmask of its candidates (bit ``d - 1`` for
digit ``d``) and works on the units of the grid (rows, columns, boxes) of any size
k^2 x k^2, k = 2..5. At each step it tries the techniques of :mod:`clew.sudoku.techniques`
(naked and hidden singles, locked candidates, subsets, fish, wings, simple colouring, each
rated on Sudoku Explainer's scale) in order of difficulty and applies the first (easiest)
one that makes progress: one :class:`Step`, which places digits or removes candidates and
says why in one sentence. Placing a digit also removes it from the candidates of the cell's
peers; those removals are part of the placement and are not listed in the step's
``eliminations``. When no technique applies, the solver stops and says so (``stuck``): the
puzzle then needs search (or techniques beyond that list).

This module is the engine: the position (:class:`LogicalState`), the loop that plays the
easiest step until the puzzle is solved or stuck, and the public functions
(:func:`solve_logically`, :func:`hint`, :func:`explain`, :func:`rate`, and
:func:`check_proper`, which the last three call first: they need a proper puzzle).
:class:`Step` and :data:`TECHNIQUES` are defined with the techniques and re-exported here.

Levels
------
:func:`rate` gives a puzzle the rating of the hardest step its logical solution needs (SE's
convention; 0.0 for a full grid) and a level:

==========  ========================  ===============================================
level       score                     needs
==========  ========================  ===============================================
easy        <= 1.5                    hidden singles only
medium      <= 2.8                    naked singles, locked candidates
hard        <= 3.8                    pairs, X-Wing, naked triples, Swordfish
expert      <= 6.0                    hidden triples, wings, quads, Jellyfish, colouring
extreme     10.0 (:data:`EXTREME`)    the solver gets stuck: search is needed
==========  ========================  ===============================================

An extreme puzzle's score is :data:`EXTREME` (10.0), above every technique here, as SE
rates puzzles that need nested forcing chains; its :attr:`Rating.hardest` still names the
hardest technique used before getting stuck.

Cells are numbered 0 to ``n * n - 1`` in reading order (as :attr:`Grid.cells`) and written
``r<row>c<column>`` counted from 1; digits above 9 are letters (``A`` is 10).

>>> from clew.sudoku import logic
>>> r = logic.rate("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> r.level, r.score, r.hardest
('easy', 1.2, 'Hidden single')
>>> print(logic.hint("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace

from . import geometry
from .grid import DIGITS, SIZES, Grid, PuzzleFormatError, SudokuInputError, parse
from .techniques import FINDERS as _FINDERS  # read at each step: a test may swap in its own
from .techniques import TECHNIQUES, Step, _bits

__all__ = [
    "EXTREME",
    "LEVELS",
    "TECHNIQUES",
    "LogicalSolution",
    "LogicalState",
    "NotProperError",
    "Rating",
    "Step",
    "check_proper",
    "explain",
    "hint",
    "level_of",
    "rate",
    "solve_logically",
]

#: The score of a puzzle the logical solver cannot finish (level "extreme").
EXTREME = 10.0

#: ``(level, highest score)`` in order: a score belongs to the first level it does not exceed.
LEVELS = (("easy", 1.5), ("medium", 2.8), ("hard", 3.8), ("expert", 6.0), ("extreme", math.inf))


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
    in a unit), else ``None``.
    """

    steps: tuple[Step, ...]
    solved: bool
    stuck: bool
    grid: Grid
    candidates: tuple[int, ...]
    contradiction: str | None = None

    @property
    def hardest(self) -> float:
        """The rating of the hardest step (0.0 if there is none)."""
        return max((s.rating for s in self.steps), default=0.0)


@dataclass(frozen=True)
class Rating:
    """The difficulty of a proper puzzle (see the module documentation for the scale).

    ``score``: the rating of the hardest step needed, :data:`EXTREME` if the solver gets
    stuck; ``level``: easy, medium, hard, expert or extreme; ``hardest``: the technique of
    the hardest step used (``None`` if no step was needed or possible); ``steps``: the
    number of steps taken; ``stuck``: the logical solver could not finish; ``techniques``:
    ``(technique, number of steps)`` pairs, easiest first.
    """

    score: float
    level: str
    hardest: str | None
    steps: int
    stuck: bool
    techniques: tuple[tuple[str, int], ...] = ()


def level_of(score: float) -> str:
    """The level of a score.

    >>> level_of(1.2), level_of(2.3), level_of(3.8), level_of(4.2), level_of(EXTREME)
    ('easy', 'medium', 'hard', 'expert', 'extreme')
    """
    for level, top in LEVELS:
        if score <= top:
            return level
    return LEVELS[-1][0]


# ---------------------------------------------------------------------------------------------
# Tables of a grid size
# ---------------------------------------------------------------------------------------------


class _Tables:
    """The tables the techniques read, for the k^2 x k^2 grid (built once per size).

    Units, peers and names are those of :mod:`clew.sudoku.geometry` (units 0..n-1 rows,
    n..2n-1 columns, 2n..3n-1 boxes); ``by_box`` and ``by_line`` list every segment (where
    a box and a line cross) as ``(box, line, segment, rest of box, rest of line)``, box by
    box for pointing and line by line for claiming."""

    def __init__(self, k: int) -> None:
        n = k * k
        self.k, self.n, self.size = k, n, n * n
        self.units = geometry.units(k)
        self.unit_names = geometry.unit_names(k)
        self.cell_units = geometry.cell_units(k)
        self.peer_sets = geometry.peer_sets(k)
        self.peers = geometry.peers(k)
        self.names = geometry.cell_names(k)
        inter = []
        for box, line, seg in geometry.segments(k):
            box_rest = tuple(c for c in self.units[box] if c not in seg)
            line_rest = tuple(c for c in self.units[line] if c not in seg)
            inter.append((box, line, seg, box_rest, line_rest))
        self.by_box = tuple(inter)
        self.by_line = tuple(sorted(inter, key=lambda t: (t[1], t[0])))


@functools.lru_cache(maxsize=None)
def _tables(k: int) -> _Tables:
    return _Tables(k)


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
    Hidden single: in box 3, 4 fits only in r3c1, so r3c1 = 4.
    """

    __slots__ = ("k", "n", "values", "cands", "symbols", "_t")

    def __init__(self, puzzle=None, *, symbols: str | None = None) -> None:
        if puzzle is None:  # filled in by the class methods
            return
        if isinstance(puzzle, LogicalState):
            self._copy_from(puzzle)
            return
        grid = parse(puzzle, symbols=symbols)
        self._setup(grid.k, grid.symbols)
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

    def _setup(self, k: int, symbols: str | None) -> None:
        self.k, self.n, self.symbols, self._t = k, k * k, symbols, _tables(k)

    def _copy_from(self, other: LogicalState) -> None:
        self._setup(other.k, other.symbols)
        self.values = list(other.values)
        self.cands = list(other.cands)

    def copy(self) -> LogicalState:
        """An independent copy."""
        return LogicalState(self)

    @classmethod
    def from_candidates(cls, k: int, masks, values=None) -> LogicalState:
        """A position from candidate bitmasks (bit ``d - 1`` for digit ``d``), one per cell in
        reading order, and optionally the placed digits (``values``, 0 = blank; a placed cell's
        mask is ignored). Each placed digit is removed from the candidates of its peers.

        >>> s = LogicalState.from_candidates(2, [0b1111] * 16)
        >>> s.candidates(0), s.next_step() is None
        ((1, 2, 3, 4), True)
        """
        if k not in SIZES:
            raise PuzzleFormatError(f"box size k must be one of {sorted(SIZES)}, got {k!r}")
        n = k * k
        masks = list(masks)
        values = [0] * (n * n) if values is None else [int(v) for v in values]
        if len(masks) != n * n or len(values) != n * n:
            raise PuzzleFormatError(f"a {n}x{n} position has {n * n} cells, got {len(masks)} masks and {len(values)} values")
        full = (1 << n) - 1
        for c, (m, v) in enumerate(zip(masks, values)):
            if not 0 <= v <= n:
                raise PuzzleFormatError(f"{geometry.cell_name(c, n)}: {v!r} is not a digit of a {n}x{n} sudoku")
            if not v and not (isinstance(m, int) and 0 <= m <= full):
                raise PuzzleFormatError(f"{geometry.cell_name(c, n)}: {m!r} is not a candidate mask of a {n}x{n} sudoku")
        state = cls()
        state._setup(k, None)
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
            raise PuzzleFormatError(f"a pencilmark grid has 16, 81, 256 or 625 cells, got {len(words)} words")
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
                    raise PuzzleFormatError(f"{geometry.cell_name(c, n)}: {word!r} is not a set of candidates of a {n}x{n} sudoku")
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
        return Grid._make(bytes(self.values), self.k, self.symbols)

    def pencilmarks(self) -> str:
        """The position as a pencilmark grid (reads back with :meth:`from_pencilmarks`).

        >>> print(LogicalState("1.3." "..1." ".1.." "..4.").pencilmarks())
        1   24  | 3   24
        234 234 | 1   24
        --------+--------
        234 1   | [2] 23
        23  23  | 4   123
        """
        n, k = self.n, self.k
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
            if r and r % k == 0:
                lines.append("-+-".join("-" * (sum(widths[b * k : b * k + k]) + k - 1) for b in range(k)))
            row = [words[r * n + c].ljust(widths[c]) for c in range(n)]
            lines.append(" | ".join(" ".join(row[b * k : b * k + k]) for b in range(k)).rstrip())
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

    def next_step(self, max_rating: float | None = None) -> Step | None:
        """The easiest step that makes progress (techniques rated above ``max_rating`` are
        not tried), or ``None``."""
        for _name, rating, finder in _FINDERS:
            if max_rating is not None and rating > max_rating:
                break
            step = finder(self)
            if step is not None:
                return self._sized(step)
        return None

    def _sized(self, step: Step) -> Step:
        """The step with the side of this grid, which names its cells in
        :meth:`Step.to_dict` (the finders leave it out: they only read the position)."""
        return step if step.n == self.n else replace(step, n=self.n)

    def find(self, technique: str) -> Step | None:
        """The first step of one technique (by name, as in :data:`TECHNIQUES`), or ``None``."""
        finders = [f for name, _, f in _FINDERS if name == technique]
        if not finders:
            raise ValueError(f"unknown technique {technique!r}; known: {', '.join(dict.fromkeys(n for n, _ in TECHNIQUES))}")
        for finder in finders:
            step = finder(self)
            if step is not None:
                return self._sized(step)
        return None


# ---------------------------------------------------------------------------------------------
# The public functions
# ---------------------------------------------------------------------------------------------


def _state(puzzle, symbols: str | None) -> LogicalState:
    return puzzle.copy() if isinstance(puzzle, LogicalState) else LogicalState(puzzle, symbols=symbols)


def _check_step(step: Step, solution: tuple[int, ...], state: LogicalState) -> None:
    for cell, digit in step.placements:
        if solution[cell] != digit:
            raise AssertionError(f"unsound step (the solution has {solution[cell]} in {state.name(cell)}): {step.text}")
    for cell, digit in step.eliminations:
        if solution[cell] == digit:
            raise AssertionError(f"unsound step (the solution has {digit} in {state.name(cell)}): {step.text}")


def solve_logically(
    puzzle, *, max_rating: float | None = None, check: bool = False, symbols: str | None = None
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
    (True, '1234432124133142', ['Hidden single', 'Hidden single', 'Hidden single'])
    """
    state = _state(puzzle, symbols)
    solution = None
    if check:
        from .solver import solve

        found = solve(state.grid())
        solution = found.cells if found is not None else None
    steps = []
    while not state.is_solved():
        step = state.next_step(max_rating)
        if step is None:
            break
        if solution is not None:
            _check_step(step, solution, state)
        if not step.placements and not any(state.cands[c] >> (d - 1) & 1 for c, d in step.eliminations):
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


def check_proper(puzzle, *, symbols: str | None = None, purpose: str = "the logical solver") -> Grid:
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
    clew.sudoku.logic.NotProperError: this puzzle has no solution: a hint needs exactly one
    >>> check_proper("1...............", purpose="a hint")
    Traceback (most recent call last):
    ...
    clew.sudoku.logic.NotProperError: this puzzle is not unique (at least 2 solutions): a hint needs exactly one
    """
    from .solver import count

    grid = puzzle.grid() if isinstance(puzzle, LogicalState) else parse(puzzle, symbols=symbols)
    found = count(grid, limit=2)
    if found != 1:
        what = "has no solution" if found == 0 else "is not unique (at least 2 solutions)"
        raise NotProperError(f"this puzzle {what}: {purpose} needs exactly one", found)
    return grid


def hint(puzzle, *, max_rating: float | None = None, symbols: str | None = None) -> Step | None:
    """The next logical step of a proper puzzle: the easiest technique that makes progress.

    Parameters
    ----------
    puzzle
        Any form :class:`Grid` reads, or a :class:`LogicalState` (left unchanged).
    max_rating : float, optional
        Use only techniques rated at most this.
    symbols : str, optional
        The alphabet of the puzzle's digits.

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
    clew.sudoku.logic.NotProperError: this puzzle has no solution: a hint needs exactly one
    """
    check_proper(puzzle, symbols=symbols, purpose="a hint")
    state = _state(puzzle, symbols)
    if state.is_solved():
        return None
    return state.next_step(max_rating)


def explain(puzzle, *, max_rating: float | None = None, symbols: str | None = None) -> list[Step]:
    """The whole logical path of a proper puzzle: every step, in order; if the solver gets
    stuck, the steps up to there (:func:`solve_logically` says whether it did).

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
    clew.sudoku.logic.NotProperError: this puzzle is not unique (at least 2 solutions): an explanation needs exactly one
    """
    check_proper(puzzle, symbols=symbols, purpose="an explanation")
    return list(solve_logically(puzzle, max_rating=max_rating, symbols=symbols).steps)


def rate(puzzle, *, symbols: str | None = None) -> Rating:
    """Rate a proper puzzle: the hardest technique its logical solution needs.

    Raises
    ------
    NotProperError
        The puzzle has no solution or several (checked first, by search).
    clew.sudoku.SudokuInputError
        The puzzle cannot be read, or two givens break a rule.

    Examples
    --------
    >>> rate("..3.4.........42")
    Rating(score=1.2, level='easy', hardest='Hidden single', steps=12, stuck=False, techniques=(('Hidden single', 12),))
    >>> rate("1...............")
    Traceback (most recent call last):
    ...
    clew.sudoku.logic.NotProperError: this puzzle is not unique (at least 2 solutions): a rating needs exactly one
    """
    grid = check_proper(puzzle, symbols=symbols, purpose="a rating")
    result = solve_logically(puzzle if isinstance(puzzle, LogicalState) else grid)
    steps = result.steps
    hardest = max(steps, key=lambda s: s.rating, default=None)
    used: dict[str, list] = {}
    for step in steps:
        entry = used.setdefault(step.technique, [step.rating, 0])
        entry[0] = min(entry[0], step.rating)
        entry[1] += 1
    techniques = tuple((name, n) for name, (_, n) in sorted(used.items(), key=lambda kv: kv[1][0]))
    score = EXTREME if result.stuck else (hardest.rating if hardest else 0.0)
    return Rating(
        score=score,
        level=level_of(score),
        hardest=hardest.technique if hardest else None,
        steps=len(steps),
        stuck=result.stuck,
        techniques=techniques,
    )
