"""The engine of the logical solver: the position (:class:`LogicalState`: placed digits and
the candidates of the blanks) and SE's order of trial of the techniques (:data:`FINDERS`);
:meth:`LogicalState.next_step` plays the step of the first finder that makes progress.

The public functions that run it (:func:`~clew.sudoku.logic.solver.rate`,
:func:`~clew.sudoku.logic.solver.solve_logically`, ...) are :mod:`clew.sudoku.logic.solver`,
which re-exports :class:`LogicalState`.

>>> s = LogicalState("1.3." "..1." ".1.." "..4.")
>>> print(s.next_step())
Full house: r3c3 is the last empty cell of column 3, so r3c3 = 2.
"""

from __future__ import annotations

from ..._kernel_cache import numba_loaded
from ..._partner import aside
from ...errors import article
from .. import geometry
from ..grid import DIGITS, SIZES, Grid, PuzzleFormatError, parse
from ..shape import Shape, as_shape
from . import exclusion, screen, techniques, uniqueness, variant_techniques
from .chains import CHAIN_FINDERS
from .orders import _bits
from .step import Step
from .tables import tables as _tables

__all__ = ["FINDERS", "TECHNIQUES", "LogicalState"]


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
_SCREEN_KERNELS = "sudoku/compiled/_kernels_screen.py"
#: finder -> its index in :data:`clew.sudoku.logic.screen.SCREENED`
_SCREENED = {
    finder: screen.SCREENED.index(name) for name, _, finder in FINDERS if name in screen.SCREENED
}

#: ``(technique, base rating)`` of every finder, in SE's order of trial (hidden singles
#: appear twice: in a box 1.2, in a row or column 1.5).
TECHNIQUES: tuple[tuple[str, float], ...] = tuple((name, rating) for name, rating, _ in FINDERS)


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
                f"{article(f'{n}x{n}')} position has {n * n} cells, got {len(masks)} masks and "
                f"{len(values)} values"
            )
        full = (1 << n) - 1
        for c, (m, v) in enumerate(zip(masks, values, strict=True)):
            if not 0 <= v <= n:
                raise PuzzleFormatError(
                    f"{geometry.cell_name(c, n)}: {v!r} is not a digit of {article(f'{n}x{n}')} "
                    "sudoku"
                )
            if not v and not (isinstance(m, int) and 0 <= m <= full):
                raise PuzzleFormatError(
                    f"{geometry.cell_name(c, n)}: {m!r} is not a candidate mask of "
                    f"{article(f'{n}x{n}')} sudoku"
                )
        state = cls()
        state._setup(shape, None)
        state.values = values
        state.cands = [0 if v else m for m, v in zip(masks, values, strict=True)]
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
                        f"{geometry.cell_name(c, n)}: {word!r} is not a set of candidates of "
                        f"{article(f'{n}x{n}')} sudoku"
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
        # (not while a partner process compiles the screen: clew._partner)
        screened = _SCREENED if SCREEN and numba_loaded() and not aside(_SCREEN_KERNELS) else None
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
            step.technique, step.rating, step.placements, step.eliminations, step.cells,
            step.digits, step.unit, step.text, self.n,
        )  # fmt: skip

    def find(self, technique: str) -> Step | None:
        """The first step of one technique (by name, as in :data:`TECHNIQUES`), or ``None``
        (the uniqueness techniques included: the caller asks for them by name; ``None``
        also where the technique does not hold on this grid's shape)."""
        finders = [f for name, _, f in _FINDERS if name == technique]
        if not finders:
            raise ValueError(
                f"unknown technique {technique!r}; known: "
                f"{', '.join(dict.fromkeys(n for n, _ in TECHNIQUES))}"
            )
        t = self._t
        for finder in finders:
            if (finder in _UNIQUENESS and not t.uniqueness) or (finder in _CHAINS and not t.chains):
                continue
            step = finder(self)
            if step is not None:
                return self._sized(step)
        return None
