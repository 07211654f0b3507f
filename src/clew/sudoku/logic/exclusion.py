"""Sudoku Explainer's aligned exclusion: aligned pair exclusion (6.2) and aligned triple
exclusion (7.5).

Take two (three) cells and try every combination of their candidates. A combination is
impossible when two of the cells see each other and get the same digit, or when it takes
every candidate of a cell that sees all of them (an "excluder": a cell of two candidates for
a pair, of two or three for a triple). A candidate that appears in no possible combination
goes. As in SE, the cells need not share a unit; they need two excluders in common, and a
cell next to a naked single is not tried (the single comes first).

SE tries the pairs in its order of cells and plays the first that removes something; the
triples grow from each pair of cells with a third among their excluders. :func:`aligned_pair`
and :func:`aligned_triple` do the same, the combinations tried by a kernel
(``_kernels_exclusion``: a pure-Python search of every triple made aligned triple exclusion
most of the time of rating a hard puzzle); :func:`_reference` is the same search in plain
Python, and the tests hold the two together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .orders import _and, _bits, _orders
from .step import Step
from .tables import padded, sees

if TYPE_CHECKING:
    from .state import LogicalState

__all__ = ["aligned_pair", "aligned_triple"]


def _bits_of(mask: int):
    """The positions of the set bits of ``mask``, ascending (cells of a cell set)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _cells(s: LogicalState, widest: int) -> tuple[list[int], dict[int, int]]:
    """The cells SE tries (two candidates or more, no naked single among the cells they
    see, at least one excluder) and, for each, its excluders as a set of cells (bit c)."""
    cands = s.cands
    house = _orders(s).house
    cells: list[int] = []
    excluders: dict[int, int] = {}
    for c, m in enumerate(cands):
        if m.bit_count() < 2:
            continue
        found = 0
        for x in house[c]:
            k = cands[x].bit_count()
            if k == 1:
                break
            if 2 <= k <= widest:
                found |= 1 << x
        else:
            if found:
                cells.append(c)
                excluders[c] = found
    return cells, excluders


def _exclude(s: LogicalState, group: tuple[int, ...], common: int) -> tuple[tuple[int, int], ...]:
    """The candidates of ``group`` that no possible combination uses."""
    cands, peer_sets = s.cands, s._t.peer_sets
    walls = [cands[x] for x in _bits_of(common)]
    size = len(group)
    sees = [[j != i and group[j] in peer_sets[group[i]] for j in range(size)] for i in range(size)]
    options = [[1 << (d - 1) for d in _bits(cands[c])] for c in group]
    allowed = [0] * size
    chosen = [0] * size

    def fill(i: int, union: int) -> None:
        if i == size:
            for wall in walls:
                if not wall & ~union:
                    return
            for j in range(size):
                allowed[j] |= chosen[j]
            return
        for bit in options[i]:
            if any(sees[i][j] and chosen[j] == bit for j in range(i)):
                continue
            chosen[i] = bit
            fill(i + 1, union | bit)

    fill(0, 0)
    return tuple((c, d) for i, c in enumerate(group) for d in _bits(cands[c] & ~allowed[i]))


def _step(s: LogicalState, group: tuple[int, ...], common: int, gone) -> Step:
    t = s._t
    size = len(group)
    name, rating = (
        ("Aligned pair exclusion", 6.2) if size == 2 else ("Aligned triple exclusion", 7.5)
    )
    walls = [
        f"{t.names[x]} ({'/'.join(s.symbol(d) for d in _bits(s.cands[x]))})"
        for x in _bits_of(common)
    ]
    removed = ", ".join(f"{s.symbol(d)} from {t.names[c]}" for c, d in gone)
    return Step(
        name,
        rating,
        eliminations=tuple(gone),
        cells=group,
        digits=tuple(sorted({d for _, d in gone})),
        text=(
            f"{name}: {_and([t.names[c] for c in group])} cannot take every candidate of a cell "
            "that sees "
            f"{'both' if size == 2 else 'all three'} ({', '.join(walls)}) nor one digit twice in "
            "a unit; "
            f"no combination left uses {removed}, so remove {'it' if len(gone) == 1 else 'them'}."
        ),
    )


def _reference(s: LogicalState, size: int) -> Step | None:
    """The first aligned pair (``size`` 2) or triple (3) exclusion in SE's order, in plain
    Python: the reference of the kernel (``_kernels_exclusion.first_exclusion``)."""
    cells, excluders = _cells(s, size)
    if len(cells) < size:
        return None
    usable = 0
    for c in cells:
        usable |= 1 << c
    for j in range(1, len(cells)):  # pairs in colexicographic order, as SE
        cj = cells[j]
        ej = excluders[cj]
        for i in range(j):
            ci = cells[i]
            ei = excluders[ci]
            pair = ei & ej
            if pair.bit_count() < 2:  # a third cell cannot bring excluders back
                continue
            if size == 2:
                gone = _exclude(s, (ci, cj), pair)
                if gone:
                    return _step(s, (ci, cj), pair, gone)
                continue
            area = (ei | ej) & usable & ~(1 << ci) & ~(1 << cj)
            for ck in _bits_of(area):
                common = pair & excluders[ck]
                if common.bit_count() < 2:
                    continue
                group = (ci, cj, ck)
                gone = _exclude(s, group, common)
                if gone:
                    return _step(s, group, common, gone)
    return None


_HOUSES: dict = {}  # id of a shape's house table -> (the table, as a padded array)


def _house_array(s: LogicalState) -> np.ndarray:
    """``house[c]`` of :func:`clew.sudoku.logic.techniques._orders` as a kernel reads it: one row
    per cell, -1 past its last peer (made once per table)."""
    house = _orders(s).house
    got = _HOUSES.get(id(house))
    if got is None or got[0] is not house:
        out = padded(house)
        if len(_HOUSES) > 32:  # killer puzzles: a shape each
            _HOUSES.clear()
        got = _HOUSES[id(house)] = (house, out)
    return got[1]


def _compiled(s: LogicalState, size: int) -> Step | None:
    """The same search as :func:`_reference`, by the kernel: the arrays are made once here,
    and the combinations of every pair and triple are tried in compiled code."""
    from ..compiled._kernels_exclusion import candidate_cells, first_exclusion

    count = len(s.cands)
    excl = np.zeros((count, count), np.uint8)
    usable = np.zeros(count, np.uint8)
    cells = np.empty(count, np.int64)
    cands = np.array(s.cands, np.int64)
    # the cells and their excluders by the kernel too (as _cells finds them: that loop in
    # Python took as long as the search of the groups)
    found = candidate_cells(cands, _house_array(s), size, cells, excl, usable)
    if found < size:
        return None
    group = np.zeros(3, np.int64)
    allowed = np.zeros(3, np.int64)
    found = first_exclusion(cands, cells[:found], excl, usable, sees(s.shape), size, group, allowed)
    if not found:
        return None
    members = tuple(int(c) for c in group[:found])
    walls = excl[members[0]].copy()
    for c in members[1:]:
        walls &= excl[c]
    common = sum(1 << int(x) for x in np.flatnonzero(walls))
    gone = tuple(
        (c, d) for i, c in enumerate(members) for d in _bits(s.cands[c] & ~int(allowed[i]))
    )
    return _step(s, members, common, gone)


def aligned_pair(s: LogicalState) -> Step | None:
    """SE's first aligned pair exclusion (6.2), or None."""
    return _compiled(s, 2)


def aligned_triple(s: LogicalState) -> Step | None:
    """SE's first aligned triple exclusion (7.5), or None."""
    return _compiled(s, 3)
