"""Human-style logical solving of a sudoku: step-by-step deductions, a difficulty rating,
hints and explanations. It never guesses.

The solver keeps, for every blank cell, a bitmask of its candidates (bit ``d - 1`` for
digit ``d``) and works on the units of the grid (rows, columns, boxes) of any size
k^2 x k^2, k = 2..5. At each step it tries the techniques below in order of difficulty and
applies the first (easiest) one that makes progress: one :class:`Step`, which places digits
or removes candidates and says why in one sentence. Placing a digit also removes it from
the candidates of the cell's peers; those removals are part of the placement and are not
listed in the step's ``eliminations``. When no technique applies, the solver stops and says
so (``stuck``): the puzzle then needs search (or techniques beyond this list).

Techniques and ratings
----------------------
Ratings follow the scale of Sudoku Explainer (SE). Simple colouring is not an SE technique:
it is rated 5.6 (a cell that sees both colours: "trap") and 5.8 (two cells of one colour in
a unit: "wrap"), between the quads and SE's chains (6.5 and above).

=====  ====================  ================================================================
 SE    technique             pattern
=====  ====================  ================================================================
 1.2   Hidden single         a digit fits in only one cell of a box
 1.5   Hidden single         a digit fits in only one cell of a row or column
 2.3   Naked single          a cell has only one candidate
 2.6   Pointing              a digit of a box lies in one row/column (locked candidates 1)
 2.8   Claiming              a digit of a row/column lies in one box (locked candidates 2)
 3.0   Naked pair            2 cells of a unit with the same 2 candidates
 3.2   X-Wing                a digit in 2 rows (columns) lies in the same 2 columns (rows)
 3.4   Hidden pair           2 digits of a unit fit in the same 2 cells only
 3.6   Naked triple          3 cells of a unit with 3 candidates between them
 3.8   Swordfish             the fish of 3 rows (columns) and 3 columns (rows)
 4.0   Hidden triple         3 digits of a unit fit in the same 3 cells only
 4.2   XY-Wing               pivot xy, pincers xz and yz that see it: no z where both are seen
 4.4   XYZ-Wing              pivot xyz, pincers xz and yz: no z where all three are seen
 5.0   Naked quad            4 cells of a unit with 4 candidates between them
 5.2   Jellyfish             the fish of 4 rows (columns) and 4 columns (rows)
 5.4   Hidden quad           4 digits of a unit fit in the same 4 cells only
 5.6   Simple colouring      trap: a cell sees both colours of a chain of conjugate pairs
 5.8   Simple colouring      wrap: one colour twice in a unit, so that colour is false
=====  ====================  ================================================================

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
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .grid import DIGITS, SIZES, Grid, PuzzleFormatError, SudokuInputError, parse

__all__ = [
    "EXTREME",
    "LEVELS",
    "TECHNIQUES",
    "LogicalSolution",
    "LogicalState",
    "NotProperError",
    "Rating",
    "Step",
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
class Step:
    """One deduction: what a technique found, what it changes, and why in one sentence.

    ``placements`` and ``eliminations`` are ``(cell, digit)`` pairs (cells 0-based in
    reading order); ``cells`` and ``digits`` are the pattern (the cells and digits the
    reasoning uses); ``unit`` names the row, column or box it works in (``"row 4"``), or is
    ``None`` for patterns over several units (fish, wings, colouring).
    """

    technique: str
    rating: float
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    unit: str | None = None
    text: str = ""

    def __str__(self) -> str:
        return self.text


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
    """Units, peers and names of the k^2 x k^2 grid (built once per size)."""

    def __init__(self, k: int) -> None:
        n = k * k
        self.k, self.n, self.size = k, n, n * n
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        boxes = [
            tuple((br * k + i) * n + bc * k + j for i in range(k) for j in range(k)) for br in range(k) for bc in range(k)
        ]
        #: units 0..n-1 rows, n..2n-1 columns, 2n..3n-1 boxes
        self.units = tuple(rows + cols + boxes)
        self.unit_names = tuple(
            [f"row {i + 1}" for i in range(n)] + [f"column {i + 1}" for i in range(n)] + [f"box {i + 1}" for i in range(n)]
        )
        self.cell_units = tuple(
            (c // n, n + c % n, 2 * n + (c // n // k) * k + (c % n) // k) for c in range(n * n)
        )
        peer_sets = []
        for c in range(n * n):
            seen = set()
            for u in self.cell_units[c]:
                seen.update(self.units[u])
            seen.discard(c)
            peer_sets.append(frozenset(seen))
        self.peer_sets = tuple(peer_sets)
        self.peers = tuple(tuple(sorted(p)) for p in peer_sets)
        self.names = tuple(f"r{c // n + 1}c{c % n + 1}" for c in range(n * n))
        # intersections of a box and a line: (box, line, segment, rest of box, rest of line)
        inter = []
        for b in range(2 * n, 3 * n):
            box = self.units[b]
            for line in sorted({self.cell_units[c][0] for c in box}) + sorted({self.cell_units[c][1] for c in box}):
                seg = tuple(c for c in box if c in set(self.units[line]))
                inter.append(
                    (b, line, seg, tuple(c for c in box if c not in seg), tuple(c for c in self.units[line] if c not in seg))
                )
        self.by_box = tuple(inter)
        self.by_line = tuple(sorted(inter, key=lambda t: (t[1], t[0])))


@functools.lru_cache(maxsize=None)
def _tables(k: int) -> _Tables:
    return _Tables(k)


def _bits(mask: int) -> Iterator[int]:
    """The digits of a candidate mask, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length()
        mask ^= low


def _and(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


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
                raise PuzzleFormatError(f"r{c // n + 1}c{c % n + 1}: {v!r} is not a digit of a {n}x{n} sudoku")
            if not v and not (isinstance(m, int) and 0 <= m <= full):
                raise PuzzleFormatError(f"r{c // n + 1}c{c % n + 1}: {m!r} is not a candidate mask of a {n}x{n} sudoku")
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
                    raise PuzzleFormatError(f"r{c // n + 1}c{c % n + 1}: {word!r} is not a set of candidates of a {n}x{n} sudoku")
                mask |= 1 << (decode[ch] - 1)
            if not mask:
                raise PuzzleFormatError(f"r{c // n + 1}c{c % n + 1}: {word!r} has no candidate")
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
                return step
        return None

    def find(self, technique: str) -> Step | None:
        """The first step of one technique (by name, as in :data:`TECHNIQUES`), or ``None``."""
        finders = [f for name, _, f in _FINDERS if name == technique]
        if not finders:
            raise ValueError(f"unknown technique {technique!r}; known: {', '.join(dict.fromkeys(n for n, _ in TECHNIQUES))}")
        for finder in finders:
            step = finder(self)
            if step is not None:
                return step
        return None


# ---------------------------------------------------------------------------------------------
# Techniques: each takes a state and returns its first step, or None
# ---------------------------------------------------------------------------------------------


def _hidden_single(s: LogicalState, first: int, last: int, rating: float) -> Step | None:
    t, cands = s._t, s.cands
    for u in range(first, last):
        unit = t.units[u]
        once = twice = 0
        for c in unit:
            m = cands[c]
            twice |= once & m
            once |= m
        single = once & ~twice
        if single:
            bit = single & -single
            d = bit.bit_length()
            cell = next(c for c in unit if cands[c] & bit)
            name, sym = t.names[cell], s.symbol(d)
            return Step(
                "Hidden single",
                rating,
                placements=((cell, d),),
                cells=(cell,),
                digits=(d,),
                unit=t.unit_names[u],
                text=f"Hidden single: in {t.unit_names[u]}, {sym} fits only in {name}, so {name} = {sym}.",
            )
    return None


def _hidden_single_box(s: LogicalState) -> Step | None:
    return _hidden_single(s, 2 * s.n, 3 * s.n, 1.2)


def _hidden_single_line(s: LogicalState) -> Step | None:
    return _hidden_single(s, 0, 2 * s.n, 1.5)


def _naked_single(s: LogicalState) -> Step | None:
    for cell, m in enumerate(s.cands):
        if m and not m & (m - 1):
            d = m.bit_length()
            name, sym = s._t.names[cell], s.symbol(d)
            return Step(
                "Naked single",
                2.3,
                placements=((cell, d),),
                cells=(cell,),
                digits=(d,),
                text=f"Naked single: {sym} is the only candidate left in {name}, so {name} = {sym}.",
            )
    return None


def _union(cands: list[int], cells) -> int:
    m = 0
    for c in cells:
        m |= cands[c]
    return m


def _locked(s: LogicalState, pointing: bool) -> Step | None:
    """Pointing: a digit of a box confined to a line; claiming: of a line confined to a box."""
    t, cands = s._t, s.cands
    for box, line, seg, box_rest, line_rest in t.by_box if pointing else t.by_line:
        inside = _union(cands, seg)
        if not inside:
            continue
        home_rest, other_rest = (box_rest, line_rest) if pointing else (line_rest, box_rest)
        found = inside & ~_union(cands, home_rest) & _union(cands, other_rest)
        if not found:
            continue
        bit = found & -found
        d = bit.bit_length()
        sym = s.symbol(d)
        held = tuple(c for c in seg if cands[c] & bit)
        gone = tuple(c for c in other_rest if cands[c] & bit)
        home, other = (box, line) if pointing else (line, box)
        technique = "Pointing" if pointing else "Claiming"
        return Step(
            technique,
            2.6 if pointing else 2.8,
            eliminations=tuple((c, d) for c in gone),
            cells=held,
            digits=(d,),
            unit=t.unit_names[home],
            text=(
                f"{technique}: in {t.unit_names[home]}, {sym} fits only in {t.unit_names[other]} "
                f"({', '.join(t.names[c] for c in held)}), so remove {sym} from the other cells of "
                f"{t.unit_names[other]} ({', '.join(t.names[c] for c in gone)})."
            ),
        )
    return None


def _pointing(s: LogicalState) -> Step | None:
    return _locked(s, True)


def _claiming(s: LogicalState) -> Step | None:
    return _locked(s, False)


def _subsets(masks: list[int], size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """``(indices, union)`` of every ``size`` masks whose union has exactly ``size`` bits,
    in lexicographic order of the indices."""
    count = len(masks)
    chosen: list[int] = []

    def grow(start: int, union: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if len(chosen) == size:
            if union.bit_count() == size:
                yield tuple(chosen), union
            return
        for i in range(start, count - (size - len(chosen)) + 1):
            u = union | masks[i]
            if u.bit_count() <= size:
                chosen.append(i)
                yield from grow(i + 1, u)
                chosen.pop()

    return grow(0, 0)


_SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}
_NAKED_RATINGS = {2: 3.0, 3: 3.6, 4: 5.0}
_HIDDEN_RATINGS = {2: 3.4, 3: 4.0, 4: 5.4}
_FISH = {2: ("X-Wing", 3.2), 3: ("Swordfish", 3.8), 4: ("Jellyfish", 5.2)}


def _naked_subset(s: LogicalState, size: int) -> Step | None:
    t, cands = s._t, s.cands
    for u, unit in enumerate(t.units):
        blanks = [c for c in unit if cands[c]]
        if len(blanks) <= size:
            continue
        cells = [c for c in blanks if 2 <= cands[c].bit_count() <= size]
        if len(cells) < size:
            continue
        for chosen, union in _subsets([cands[c] for c in cells], size):
            group = tuple(cells[i] for i in chosen)
            gone = tuple(c for c in blanks if c not in group and cands[c] & union)
            if not gone:
                continue
            digits = tuple(_bits(union))
            syms = [s.symbol(d) for d in digits]
            technique = f"Naked {_SUBSET_NAMES[size]}"
            return Step(
                technique,
                _NAKED_RATINGS[size],
                eliminations=tuple((c, d) for c in gone for d in _bits(cands[c] & union)),
                cells=group,
                digits=digits,
                unit=t.unit_names[u],
                text=(
                    f"{technique} {'/'.join(syms)} in {_and([t.names[c] for c in group])}: remove {_and(syms)} "
                    f"from the other cells of {t.unit_names[u]} ({', '.join(t.names[c] for c in gone)})."
                ),
            )
    return None


def _hidden_subset(s: LogicalState, size: int) -> Step | None:
    t, cands, n = s._t, s.cands, s.n
    for u, unit in enumerate(t.units):
        if sum(1 for c in unit if cands[c]) <= size:
            continue
        where = [0] * n  # digit - 1 -> positions (bits over the unit's cells)
        for i, c in enumerate(unit):
            for d in _bits(cands[c]):
                where[d - 1] |= 1 << i
        digits = [d for d in range(1, n + 1) if 2 <= where[d - 1].bit_count() <= size]
        if len(digits) < size:
            continue
        for chosen, places in _subsets([where[d - 1] for d in digits], size):
            group_digits = tuple(digits[i] for i in chosen)
            keep = sum(1 << (d - 1) for d in group_digits)
            group = tuple(unit[i] for i in range(n) if places >> i & 1)
            elims = tuple((c, d) for c in group for d in _bits(cands[c] & ~keep))
            if not elims:
                continue
            syms = [s.symbol(d) for d in group_digits]
            technique = f"Hidden {_SUBSET_NAMES[size]}"
            removed = [
                f"{_and([s.symbol(d) for d in _bits(cands[c] & ~keep)])} from {t.names[c]}"
                for c in group
                if cands[c] & ~keep
            ]
            return Step(
                technique,
                _HIDDEN_RATINGS[size],
                eliminations=elims,
                cells=group,
                digits=group_digits,
                unit=t.unit_names[u],
                text=(
                    f"{technique} {'/'.join(syms)} in {t.unit_names[u]}: {_and(syms)} fit only in "
                    f"{_and([t.names[c] for c in group])}, so remove the other candidates from those cells "
                    f"({', '.join(removed)})."
                ),
            )
    return None


def _fish(s: LogicalState, size: int) -> Step | None:
    t, cands, n = s._t, s.cands, s.n
    technique, rating = _FISH[size]
    if size >= n:
        return None
    for d in range(1, n + 1):
        bit = 1 << (d - 1)
        for base_first, cover_first, base_word, cover_word in ((0, n, "rows", "columns"), (n, 0, "columns", "rows")):
            # positions of d in each base line, as bits over the cross index
            pos = []
            for i in range(n):
                m = 0
                for j, c in enumerate(t.units[base_first + i]):
                    if cands[c] & bit:
                        m |= 1 << j
                pos.append(m)
            lines = [i for i in range(n) if 2 <= pos[i].bit_count() <= size]
            if len(lines) < size:
                continue
            for chosen, covers in _subsets([pos[i] for i in lines], size):
                base = tuple(lines[i] for i in chosen)
                gone = tuple(
                    c
                    for j in range(n)
                    if covers >> j & 1
                    for i, c in enumerate(t.units[cover_first + j])
                    if i not in base and cands[c] & bit
                )
                if not gone:
                    continue
                cover = [j for j in range(n) if covers >> j & 1]
                cells = tuple(sorted(c for i in base for c in t.units[base_first + i] if cands[c] & bit))
                sym = s.symbol(d)
                return Step(
                    technique,
                    rating,
                    eliminations=tuple((c, d) for c in sorted(gone)),
                    cells=cells,
                    digits=(d,),
                    text=(
                        f"{technique} on {sym}: in {base_word} {_and([str(i + 1) for i in base])}, {sym} fits only "
                        f"in {cover_word} {_and([str(j + 1) for j in cover])}, so remove {sym} from the other cells "
                        f"of those {cover_word} ({', '.join(t.names[c] for c in sorted(gone))})."
                    ),
                )
    return None


def _show(s: LogicalState, cell: int) -> str:
    return f"{s._t.names[cell]} ({'/'.join(s.symbol(d) for d in _bits(s.cands[cell]))})"


def _xy_wing(s: LogicalState) -> Step | None:
    t, cands = s._t, s.cands
    for p, mp in enumerate(cands):
        if mp.bit_count() != 2:
            continue
        for a in t.peers[p]:
            ma = cands[a]
            if ma.bit_count() != 2 or (ma & mp).bit_count() != 1:
                continue
            z = ma & ~mp
            mb = (mp & ~ma) | z
            for b in t.peers[p]:
                if cands[b] != mb:
                    continue
                seen_b = t.peer_sets[b]
                gone = tuple(c for c in t.peers[a] if c in seen_b and c != p and cands[c] & z)
                if not gone:
                    continue
                d = z.bit_length()
                sym = s.symbol(d)
                return Step(
                    "XY-Wing",
                    4.2,
                    eliminations=tuple((c, d) for c in gone),
                    cells=(p, a, b),
                    digits=tuple(_bits(mp | z)),
                    text=(
                        f"XY-Wing with pivot {_show(s, p)} and pincers {_show(s, a)} and {_show(s, b)}: one of the "
                        f"pincers is {sym}, so remove {sym} from the cells that see both "
                        f"({', '.join(t.names[c] for c in gone)})."
                    ),
                )
    return None


def _xyz_wing(s: LogicalState) -> Step | None:
    t, cands = s._t, s.cands
    for p, mp in enumerate(cands):
        if mp.bit_count() != 3:
            continue
        pincers = [a for a in t.peers[p] if cands[a].bit_count() == 2 and cands[a] & ~mp == 0]
        for i, a in enumerate(pincers):
            for b in pincers[i + 1 :]:
                if cands[a] == cands[b]:
                    continue
                z = cands[a] & cands[b]
                seen_a, seen_b = t.peer_sets[a], t.peer_sets[b]
                gone = tuple(c for c in t.peers[p] if c in seen_a and c in seen_b and cands[c] & z)
                if not gone:
                    continue
                d = z.bit_length()
                sym = s.symbol(d)
                return Step(
                    "XYZ-Wing",
                    4.4,
                    eliminations=tuple((c, d) for c in gone),
                    cells=(p, a, b),
                    digits=tuple(_bits(mp)),
                    text=(
                        f"XYZ-Wing with pivot {_show(s, p)} and pincers {_show(s, a)} and {_show(s, b)}: one of the "
                        f"three is {sym}, so remove {sym} from the cells that see all three "
                        f"({', '.join(t.names[c] for c in gone)})."
                    ),
                )
    return None


def _chains(s: LogicalState, d: int) -> list[tuple[list[int], list[int]]]:
    """The chains of conjugate pairs of digit d (units where d fits in exactly two cells),
    as the two colours of each connected component of 3 cells or more."""
    t, cands = s._t, s.cands
    bit = 1 << (d - 1)
    links: dict[int, list[int]] = {}
    for unit in t.units:
        where = [c for c in unit if cands[c] & bit]
        if len(where) == 2:
            a, b = where
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    colour: dict[int, int] = {}
    chains = []
    for start in sorted(links):
        if start in colour:
            continue
        colour[start] = 0
        sides: tuple[list[int], list[int]] = ([start], [])
        todo = [start]
        while todo:
            c = todo.pop()
            for other in links[c]:
                if other not in colour:
                    colour[other] = 1 - colour[c]
                    sides[colour[other]].append(other)
                    todo.append(other)
        if len(sides[0]) + len(sides[1]) >= 3:
            chains.append((sorted(sides[0]), sorted(sides[1])))
    return chains


def _sides_text(s: LogicalState, sym: str, sides) -> str:
    names = s._t.names
    first, second = (", ".join(names[c] for c in side) for side in sides)
    return f"Simple colouring on {sym}: the chain of conjugate pairs puts {sym} either in {{{first}}} or in {{{second}}}"


def _colour_trap(s: LogicalState) -> Step | None:
    t, cands = s._t, s.cands
    for d in range(1, s.n + 1):
        bit = 1 << (d - 1)
        for sides in _chains(s, d):
            chain = set(sides[0]) | set(sides[1])
            gone = []
            for c in range(s.n * s.n):
                if cands[c] & bit and c not in chain:
                    seen = t.peer_sets[c]
                    if any(x in seen for x in sides[0]) and any(x in seen for x in sides[1]):
                        gone.append(c)
            if not gone:
                continue
            sym = s.symbol(d)
            names = [t.names[c] for c in gone]
            return Step(
                "Simple colouring",
                5.6,
                eliminations=tuple((c, d) for c in gone),
                cells=tuple(sorted(chain)),
                digits=(d,),
                text=(
                    f"{_sides_text(s, sym, sides)}, and {_and(names)} {'sees' if len(gone) == 1 else 'see'} both sides, "
                    f"so remove {sym} from {'it' if len(gone) == 1 else 'them'}."
                ),
            )
    return None


def _colour_wrap(s: LogicalState) -> Step | None:
    t = s._t
    for d in range(1, s.n + 1):
        for sides in _chains(s, d):
            for side in sides:
                clash = next(
                    ((a, b) for i, a in enumerate(side) for b in side[i + 1 :] if b in t.peer_sets[a]), None
                )
                if clash is None:
                    continue
                a, b = clash
                shared = next(u for u in t.cell_units[a] if u in t.cell_units[b])
                sym = s.symbol(d)
                return Step(
                    "Simple colouring",
                    5.8,
                    eliminations=tuple((c, d) for c in side),
                    cells=tuple(sorted(sides[0] + sides[1])),
                    digits=(d,),
                    unit=t.unit_names[shared],
                    text=(
                        f"{_sides_text(s, sym, sides)}; {t.names[a]} and {t.names[b]} share "
                        f"{t.unit_names[shared]}, so {{{', '.join(t.names[c] for c in side)}}} cannot hold {sym}: "
                        f"remove {sym} from those cells."
                    ),
                )
    return None


#: ``(technique, rating, finder)``, easiest first: the order in which steps are looked for.
_FINDERS: tuple[tuple[str, float, Callable[[LogicalState], Step | None]], ...] = (
    ("Hidden single", 1.2, _hidden_single_box),
    ("Hidden single", 1.5, _hidden_single_line),
    ("Naked single", 2.3, _naked_single),
    ("Pointing", 2.6, _pointing),
    ("Claiming", 2.8, _claiming),
    ("Naked pair", 3.0, lambda s: _naked_subset(s, 2)),
    ("X-Wing", 3.2, lambda s: _fish(s, 2)),
    ("Hidden pair", 3.4, lambda s: _hidden_subset(s, 2)),
    ("Naked triple", 3.6, lambda s: _naked_subset(s, 3)),
    ("Swordfish", 3.8, lambda s: _fish(s, 3)),
    ("Hidden triple", 4.0, lambda s: _hidden_subset(s, 3)),
    ("XY-Wing", 4.2, _xy_wing),
    ("XYZ-Wing", 4.4, _xyz_wing),
    ("Naked quad", 5.0, lambda s: _naked_subset(s, 4)),
    ("Jellyfish", 5.2, lambda s: _fish(s, 4)),
    ("Hidden quad", 5.4, lambda s: _hidden_subset(s, 4)),
    ("Simple colouring", 5.6, _colour_trap),
    ("Simple colouring", 5.8, _colour_wrap),
)

#: ``(technique, rating)`` of every technique, easiest first (hidden singles and simple
#: colouring appear twice: in a box 1.2 / in a line 1.5; trap 5.6 / wrap 5.8).
TECHNIQUES: tuple[tuple[str, float], ...] = tuple((name, rating) for name, rating, _ in _FINDERS)


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


def hint(puzzle, *, max_rating: float | None = None, symbols: str | None = None) -> Step | None:
    """The next logical step of a puzzle (the easiest technique that makes progress), or
    ``None`` if it is solved or no technique applies.

    >>> print(hint("..3.4.........42"))
    Hidden single: in box 1, 3 fits only in r2c2, so r2c2 = 3.
    """
    state = _state(puzzle, symbols)
    if state.is_solved():
        return None
    return state.next_step(max_rating)


def explain(puzzle, *, max_rating: float | None = None, symbols: str | None = None) -> list[Step]:
    """The whole logical path of a puzzle: every step, in order; if the solver gets stuck,
    the steps up to there (:func:`solve_logically` says whether it did).

    >>> for step in explain("..3.4.........42")[:2]:
    ...     print(step)
    Hidden single: in box 1, 3 fits only in r2c2, so r2c2 = 3.
    Hidden single: in box 2, 2 fits only in r2c3, so r2c3 = 2.
    """
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
    clew.sudoku.logic.NotProperError: this puzzle has 2 or more solutions: a rating needs exactly one
    """
    from .solver import count

    grid = puzzle.grid() if isinstance(puzzle, LogicalState) else parse(puzzle, symbols=symbols)
    found = count(grid, limit=2)
    if found != 1:
        what = "no solution" if found == 0 else "2 or more solutions"
        raise NotProperError(f"this puzzle has {what}: a rating needs exactly one", found)
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
