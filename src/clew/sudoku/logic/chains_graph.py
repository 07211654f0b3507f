"""The links between candidates of one position, for the chaining techniques
(:mod:`clew.sudoku.logic.chains`), and Sudoku Explainer's rating of a chain's length.

Candidates as ints
------------------
A candidate "digit d in cell c" is the int ``c * n + d - 1`` (0..728 on a 9x9 grid); a
*potential* is a candidate with a truth value, ``candidate * 2 + on`` (``on`` 1: the digit
is there, 0: it is not)::

    potential = ((cell * n) + digit - 1) << 1 | on
                 '------- candidate ------'    '-- 1 bit: on / off

Sets of candidates are Python ints used as bitsets (bit ``candidate``).

Links
-----
Sudoku Explainer (SE) follows four kinds of implication, and the order in which it tries
them decides which chain it finds first (so which it rates), so :class:`Graph` keeps them in
that order:

* on -> off, "Y" (same cell): the cell holds one digit, so its other candidates go;
* on -> off, "X" (same digit): the digit occurs once per unit, so it leaves the peers, the
  box's cells first (in reading order), then the row's, then the column's;
* off -> on, "Y": a cell with two candidates keeps the other one;
* off -> on, "X": a unit with two places for the digit (box, then row, then column) keeps
  the other place.

The length penalty
------------------
SE adds 0.1 to a chain's base rating each time its *complexity* (the number of distinct
potentials the chain needs, the assumption and the conclusion included) minus 2 passes a
ceiling: 4, 6, 8, 12, 16, 24, 32, ... (times 3/2 and 4/3 in turn). :func:`difficulty` adds
the tenths one by one in floating point, as SE does, so that equal ratings compare equal.

>>> length_penalty(6), length_penalty(7), length_penalty(11)
(0.0, 0.1, 0.30000000000000004)
>>> difficulty(6.6, 11)
6.8999999999999995
"""

from __future__ import annotations

import functools

from .. import geometry
from .orders import unit_places

__all__ = ["Graph", "difficulty", "graph", "length_penalty"]


def length_penalty(complexity: int) -> float:
    """What SE adds to a chain's base rating for its complexity (see the module text)."""
    added = 0.0
    ceiling = 4
    length = complexity - 2
    odd = False
    while length > ceiling:
        added += 0.1
        # 4, 6, 8, 12, 16, 24, ...: times 3/2, then 4/3, in turn (integer division, as SE)
        ceiling = ceiling * 3 // 2 if not odd else ceiling * 4 // 3
        odd = not odd
    return added


def difficulty(base: float, complexity: int) -> float:
    """SE's rating of a chain hint: its base plus the length penalty, in SE's arithmetic."""
    return base + length_penalty(complexity)


@functools.lru_cache(maxsize=64)
def _layout(shape) -> tuple:
    """Per grid shape: the units in SE's order per cell (box, row, column), each unit's
    cells in SE's order (box or jigsaw region: reading order; row: by column; column: by
    row), and per cell the peers in SE's order (box, then row, then column, each cell
    once), then those it sees through a variant's unit or a cage (weak links only: the
    strong links and SE's unit numbering stay with boxes, rows and columns)."""
    n = shape.n
    size = n * n
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    boxes = list(geometry.boxes(shape))
    # SE's unit numbering here: boxes 0..n-1, rows n..2n-1, columns 2n..3n-1
    units = tuple(boxes + rows + cols)
    every_peer = geometry.peer_sets(shape)
    houses = []
    peers = []
    index_in = []  # per unit, cell -> position in the unit
    for unit in units:
        index_in.append({c: i for i, c in enumerate(unit)})
    for cell in range(size):
        r, c = divmod(cell, n)
        hs = (geometry.box_of(cell, shape), n + r, 2 * n + c)
        houses.append(hs)
        seen = []
        got = set()
        for u in hs:
            for x in units[u]:
                if x != cell and x not in got:
                    got.add(x)
                    seen.append(x)
        seen.extend(sorted(every_peer[cell] - got))
        peers.append(tuple(seen))
    return units, tuple(houses), tuple(peers), tuple(index_in)


class _Lazy:
    """A list made on demand: ``lazy[i]`` is ``make(i)``, computed on first use and kept."""

    __slots__ = ("_make", "_memo")

    def __init__(self, make, total: int) -> None:
        self._make = make
        self._memo: list = [None] * total

    def __getitem__(self, i: int):
        got = self._memo[i]
        if got is None:
            got = self._memo[i] = self._make(i)
        return got

    def __len__(self) -> int:
        return len(self._memo)


class Graph:
    """The candidates of a position and the links between them, in SE's order.

    ``cands[c]``: the candidate mask of cell c (bit d - 1 for digit d, 0 for a filled cell);
    ``weak_y[x]`` / ``weak_x[x]``: the candidates an "on" candidate x turns off (same cell /
    same digit in its peers); ``strong_y[x]`` / ``strong_x[x]``: the candidates that an
    "off" x turns on (the other candidate of a two-candidate cell / the other place of the
    digit in a unit where it has two); ``pos[u * n + d - 1]``: the places of d in unit u
    (SE's unit numbering: boxes, rows, columns), as bits over the unit's positions.
    """

    __slots__ = (
        "n",
        "k",
        "size",
        "cands",
        "units",
        "houses",
        "peers",
        "index_in",
        "pos",
        "_links",
        "names",
        "arrays",
    )

    def __init__(self, shape, cands, names) -> None:
        n = shape.n
        self.n, self.k, self.size = n, shape.k, n * n
        self.cands = list(cands)
        self.names = names
        self.units, self.houses, self.peers, self.index_in = _layout(shape)
        cmask = self.cands
        self.pos = [p for unit in self.units for p in unit_places([cmask[c] for c in unit], n)]
        self._links: tuple | None = None
        # the kernels' copies of cands and pos, made by the caller once
        self.arrays: tuple | None = None

    # The link lists are made candidate by candidate as a search first asks (a write-up
    # follows one chain and reaches a few dozen candidates; making all 4 x 729 lists up front
    # cost more than the rest of the step). Each is what SE's order gives (module text).

    def _links_of(self, kind: int) -> _Lazy:
        if self._links is None:
            total = self.n * self.size
            self._links = tuple(
                _Lazy(f, total)
                for f in (self._weak_y, self._weak_x, self._strong_y, self._strong_x)
            )
        return self._links[kind]

    def _digits(self, x: int) -> tuple[int, int, list[int]] | None:
        cell, d = divmod(x, self.n)
        m = self.cands[cell]
        if not m >> d & 1:
            return None  # not a candidate of the position: no links
        return cell, d, [e for e in range(self.n) if m >> e & 1]

    def _weak_y(self, x: int) -> tuple:
        got = self._digits(x)
        if got is None:
            return ()
        cell, d, digits = got
        return tuple(cell * self.n + e for e in digits if e != d)

    def _weak_x(self, x: int) -> tuple:
        cell, d = divmod(x, self.n)
        cmask = self.cands
        if not cmask[cell] >> d & 1:
            return ()
        return tuple(p * self.n + d for p in self.peers[cell] if cmask[p] >> d & 1)

    def _strong_y(self, x: int) -> tuple:
        got = self._digits(x)
        if got is None:
            return ()
        cell, d, digits = got
        if len(digits) != 2:
            return ()
        return (cell * self.n + (digits[0] if digits[1] == d else digits[1]),)

    def _strong_x(self, x: int) -> tuple:
        n = self.n
        cell, d = divmod(x, n)
        if not self.cands[cell] >> d & 1:
            return ()
        others: list = []
        for u in self.houses[cell]:
            pm = self.pos[u * n + d]
            if pm.bit_count() == 2:
                other = self.units[u][(pm & ~(1 << self.index_in[u][cell])).bit_length() - 1]
                o = other * n + d
                if o not in others:
                    others.append(o)
        return tuple(others)

    @property
    def weak_y(self) -> _Lazy:
        return self._links_of(0)

    @property
    def weak_x(self) -> _Lazy:
        return self._links_of(1)

    @property
    def strong_y(self) -> _Lazy:
        return self._links_of(2)

    @property
    def strong_x(self) -> _Lazy:
        return self._links_of(3)

    def pot_text(self, pot: int) -> str:
        """``r1c2=5`` (on) or ``r1c2<>5`` (off)."""
        cand = pot >> 1
        cell, d = divmod(cand, self.n)
        return f"{self.names[cell]}{'=' if pot & 1 else '<>'}{_digit(d + 1)}"

    def cand_text(self, cand: int) -> str:
        """``r1c2=5`` for a candidate."""
        cell, d = divmod(cand, self.n)
        return f"{self.names[cell]}={_digit(d + 1)}"


_DIGITS = "123456789ABCDEFGHIJKLMNOP"


def _digit(d: int) -> str:
    return _DIGITS[d - 1]


_LAST: list = [None, None]  # (key, graph) of the last position asked for


def graph(state) -> Graph:
    """The :class:`Graph` of a :class:`~clew.sudoku.logic.solver.LogicalState` (the last one is
    kept: the finders of one step share it)."""
    key = (state._t, tuple(state.cands))
    if _LAST[0] != key:
        _LAST[1] = Graph(state.shape, state.cands, state._t.names)
        _LAST[0] = key
    return _LAST[1]
