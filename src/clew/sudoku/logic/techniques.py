"""The techniques of the logical solver (:mod:`clew.sudoku.logic.solver`): each finder looks at a
position and returns its first :class:`Step`, or None.

A finder only reads the position (its placed digits, the candidate bitmasks of its blanks,
bit ``d - 1`` for digit ``d``, and the grid's tables of units, peers and names); the engine
in :mod:`clew.sudoku.logic.solver` decides which finder runs when and plays the steps.

Techniques and ratings
----------------------
Ratings and choices follow Sudoku Explainer 1.2.1 (SE): the finders scan the units as SE
does (boxes, then columns, then rows) and try subsets in SE's order, so that where several
steps apply clew plays the one SE plays. :data:`FINDERS` lists them in SE's order of trial;
the engine (:data:`clew.sudoku.logic.solver.FINDERS`) adds SE's uniqueness techniques
(:mod:`clew.sudoku.logic.uniqueness`), aligned exclusion (:mod:`clew.sudoku.logic.exclusion`) and chains
(:mod:`clew.sudoku.logic.chains`) at SE's places.

=====  ====================  ================================================================
 SE    technique             pattern
=====  ====================  ================================================================
 1.0   Full house            the last empty cell of a unit
 1.2   Hidden single         a digit fits in only one cell of a box
 1.5   Hidden single         a digit fits in only one cell of a column or row
 1.7   Direct pointing       pointing whose removals leave a hidden single in a box beside:
                             the step is that placement
 1.9   Direct claiming       claiming whose removals leave a hidden single in a line beside
 2.0   Direct hidden pair    a hidden pair whose removals leave a hidden single in its unit
 2.3   Naked single          a cell has only one candidate
 2.5   Direct hidden triple  a hidden triple whose removals leave a hidden single in its unit
 2.6   Pointing              a digit of a box lies in one row/column (locked candidates 1)
 2.8   Claiming              a digit of a row/column lies in one box (locked candidates 2)
 3.0   Naked pair            2 cells of a unit with the same 2 candidates
 3.2   X-Wing                a digit in 2 columns (rows) lies in the same 2 rows (columns)
 3.4   Hidden pair           2 digits of a unit fit in the same 2 cells only
 3.6   Naked triple          3 cells of a unit with 3 candidates between them
 3.8   Swordfish             the fish of 3 columns (rows) and 3 rows (columns)
 4.0   Hidden triple         3 digits of a unit fit in the same 3 cells only
 4.2   XY-Wing               pivot xy, pincers xz and yz that see it: no z where both are seen
 4.4   XYZ-Wing              pivot xyz, pincers xz and yz: no z where all three are seen
 5.0   Naked quad            4 cells of a unit with 4 candidates between them
 5.2   Jellyfish             the fish of 4 columns (rows) and 4 rows (columns)
 5.4   Hidden quad           4 digits of a unit fit in the same 4 cells only
=====  ====================  ================================================================

SE's own limits are kept: a naked subset of size k is looked for only in a unit with at
least 2k blank cells, a hidden one (not direct) with more than 2k, a fish only on a digit
placed at most n - 2k times; every member of a subset or fish has two places or more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import reduce
from operator import itemgetter, or_
from typing import TYPE_CHECKING

from .step import Step

if TYPE_CHECKING:
    from .solver import LogicalState

__all__ = ["FINDERS", "TECHNIQUES", "Step"]


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
# Orders of trial: SE scans boxes, then columns, then rows; its combinations come in
# colexicographic order (by the largest member first). Following its scans makes clew take
# the same step as SE where several apply, so that the two solutions stay alike.
# ---------------------------------------------------------------------------------------------


class _Orders:
    """The scan orders of one grid shape (built once per shape, from the state's tables).

    SE scans boxes, columns, rows; the units of the variants (diagonals, windows, extra
    regions of n cells), which SE does not know, come last and count as lines (a hidden
    single in a diagonal is rated as one in a row)."""

    def __init__(self, t) -> None:
        n = t.n
        self.boxes = tuple(range(2 * n, 3 * n))
        self.lines = tuple(range(n, 2 * n)) + tuple(range(n))  # columns, then rows
        self.others = tuple(range(3 * n, len(t.units)))
        self.lines_others = self.lines + self.others
        self.se_units = self.boxes + self.lines + self.others
        seg = {
            (box, line): (cells, box_rest, line_rest)
            for box, line, cells, box_rest, line_rest in t.by_box
        }
        self.segment = seg
        # pointing: every box with the columns it crosses, then every box with its rows;
        # claiming: every column with the boxes it crosses, then every row with its boxes
        is_row = lambda line: line < n  # noqa: E731
        self.pointing = tuple(sorted(seg, key=lambda bl: (is_row(bl[1]), bl[0], bl[1])))
        self.claiming = tuple(sorted(seg, key=lambda bl: (is_row(bl[1]), bl[1], bl[0])))
        boxes_of: dict[int, list[int]] = {}
        lines_of: dict[tuple[int, bool], list[int]] = {}
        for box, line in sorted(seg):
            boxes_of.setdefault(line, []).append(box)
            lines_of.setdefault((box, is_row(line)), []).append(line)
        # getters of the units' cells and of the segments' parts: the finders read many
        # cells at once, and one getter call costs less than a loop in Python
        self.unit_get = tuple(itemgetter(*unit) for unit in t.units)
        self.segment_get = {
            key: tuple(_getter(part) for part in parts) for key, parts in seg.items()
        }
        self.boxes_of = {line: tuple(v) for line, v in boxes_of.items()}
        self.lines_of = {key: tuple(sorted(v)) for key, v in lines_of.items()}
        # the cells a cell sees, in SE's order (its box, its row, its column), then those it
        # sees through the variants' units and groups
        self.house = tuple(
            tuple(
                dict.fromkeys(
                    [*(x for u in (us[2], us[0], us[1]) for x in t.units[u] if x != c), *t.peers[c]]
                )
            )
            for c, us in enumerate(t.cell_units)
        )


def _getter(cells: tuple[int, ...]):
    """``itemgetter(*cells)``, a tuple even for one cell (a jigsaw region can cross a row in
    all its cells but one)."""
    if len(cells) == 1:
        only = cells[0]
        return lambda values: (values[only],)
    return itemgetter(*cells)


def _orders(s: LogicalState) -> _Orders:
    """The orders of the state's shape, kept with its tables (built on first use)."""
    return orders_of(s._t)


def orders_of(t) -> _Orders:
    """The orders of a shape's tables (:mod:`clew.sudoku.logic.tables`), built on first use."""
    found = t.orders
    if found is None:
        found = t.orders = _Orders(t)
    return found


#: _colex's answers by (masks, size): the subset finders ask the same of the units a step
#: did not change, step after step, and the naked, hidden and direct finders of one step
#: ask the same of each unit (emptied when it grows past _COLEX_MAX)
_COLEX: dict = {}
_COLEX_MAX = 1 << 16


def _colex(masks, size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``(indices, union)`` of every ``size`` of ``masks`` whose union has exactly ``size``
    bits, in colexicographic order of the indices (SE's order). Masks of fewer than 2 bits
    never take part (SE's rule for a subset: each member has two places or more)."""
    key = (tuple(masks), size)
    found = _COLEX.get(key)
    if found is None:
        if len(_COLEX) >= _COLEX_MAX:
            _COLEX.clear()
        found = _COLEX[key] = tuple(_colex_search(key[0], size))
    return found


def _colex_search(masks, size: int) -> list[tuple[tuple[int, ...], int]]:
    """:func:`_colex`, searched."""
    usable = [i for i, m in enumerate(masks) if 2 <= m.bit_count() <= size]
    if len(usable) < size:  # the usual case: answered before any search
        return []
    found: list[tuple[tuple[int, ...], int]] = []

    def grow(k: int, limit: int, union: int, chosen: tuple[int, ...]) -> None:
        if k == 0:
            if union.bit_count() == size:
                found.append((chosen, union))
            return
        for top in range(k - 1, limit):
            u = union | masks[usable[top]]
            if u.bit_count() <= size:
                grow(k - 1, top, u, (usable[top],) + chosen)

    # colexicographic: the largest member is chosen first, in increasing order
    for top in range(size - 1, len(usable)):
        grow(size - 1, top, masks[usable[top]], (usable[top],))
    return found


def _blanks(s: LogicalState, u: int) -> int:
    """The number of blank cells of unit ``u``."""
    return _orders(s).unit_get[u](s.values).count(0)


#: The places of every digit in every unit of the last position asked for: the finders of
#: hidden subsets (five of them in a row) read the same position.
_PLACES: tuple = (None, None)


def _spread(n: int) -> list[int] | None:
    """``spread[m]``: candidate mask m with digit d's bit moved to bit ``(d - 1) * n``, so
    that summing ``spread[mask] << i`` over a unit's cells gives every digit's places at
    once (n bits per digit). For sides up to 16 (a table of 2^n entries)."""
    if n > 16:
        return None
    table = _SPREAD.get(n)
    if table is None:
        table = [0] * (1 << n)
        for m in range(1, 1 << n):
            low = m & -m
            table[m] = table[m ^ low] | (1 << ((low.bit_length() - 1) * n))
        _SPREAD[n] = table
    return table


_SPREAD: dict[int, list[int]] = {}


def _all_places(s: LogicalState) -> list[list[int]]:
    """unit -> digit - 1 -> its places in the unit (bit i: the unit's i-th cell)."""
    global _PLACES
    key = (s._t, tuple(s.cands))
    last = _PLACES
    if last[0] == key:
        return last[1]
    n = s.n
    out = [unit_places(get(s.cands), n) for get in _orders(s).unit_get]
    _PLACES = (key, out)
    return out


def unit_places(masks, n: int) -> list[int]:
    """digit - 1 -> its places among ``masks``, a unit's candidate masks (bit i: the i-th)."""
    table = _spread(n)
    if table is not None:
        # every digit at once: the masks spread to n bits a digit, shifted by their
        # positions, then cut into n words
        packed = 0
        for i, m in enumerate(masks):
            packed |= table[m] << i
        every = (1 << n) - 1
        return [(packed >> (d * n)) & every for d in range(n)]
    where = [0] * n
    for i, m in enumerate(masks):
        bit = 1 << i
        while m:
            low = m & -m
            where[low.bit_length() - 1] |= bit
            m ^= low
    return where


# ---------------------------------------------------------------------------------------------
# Singles
# ---------------------------------------------------------------------------------------------


def _full_house(s: LogicalState) -> Step | None:
    t, values, cands = s._t, s.values, s.cands
    o = _orders(s)
    for u in o.se_units:
        got = o.unit_get[u](values)
        if got.count(0) == 1:
            blank = t.units[u][got.index(0)]
            if cands[blank]:
                d = (cands[blank] & -cands[blank]).bit_length()
                name, sym = t.names[blank], s.symbol(d)
                return Step(
                    "Full house",
                    1.0,
                    placements=((blank, d),),
                    cells=(blank,),
                    digits=(d,),
                    unit=t.unit_names[u],
                    text=f"Full house: {name} is the last empty cell of {t.unit_names[u]}, so {name} = {sym}.",
                )
    return None


def _hidden_single(s: LogicalState, units, rating: float) -> Step | None:
    t, cands = s._t, s.cands
    get = _orders(s).unit_get
    for u in units:
        unit = t.units[u]
        once = twice = 0
        for m in get[u](cands):
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
    return _hidden_single(s, _orders(s).boxes, 1.2)


def _hidden_single_line(s: LogicalState) -> Step | None:
    return _hidden_single(s, _orders(s).lines_others, 1.5)


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


# ---------------------------------------------------------------------------------------------
# Intersections: pointing and claiming, and SE's direct forms of them
# ---------------------------------------------------------------------------------------------


def _locked(s: LogicalState, pointing: bool) -> Step | None:
    """Pointing: a digit of a box confined to a line; claiming: of a line confined to a box."""
    t, cands = s._t, s.cands
    o = _orders(s)
    for box, line in o.pointing if pointing else o.claiming:
        seg, box_rest, line_rest = o.segment[box, line]
        get_seg, get_box, get_line = o.segment_get[box, line]
        inside = reduce(or_, get_seg(cands))
        if not inside:
            continue
        home_rest, other_rest = (box_rest, line_rest) if pointing else (line_rest, box_rest)
        get_home, get_other = (get_box, get_line) if pointing else (get_line, get_box)
        found = inside & ~reduce(or_, get_home(cands)) & reduce(or_, get_other(cands))
        while found:
            bit = found & -found
            found ^= bit
            held = tuple(c for c in seg if cands[c] & bit)
            if len(held) < 2:  # a hidden single, not an intersection (SE's rule)
                continue
            d = bit.bit_length()
            sym = s.symbol(d)
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


def _direct_locked(s: LogicalState, pointing: bool) -> Step | None:
    """SE's direct pointing (claiming): an intersection whose removals leave a digit one
    place in another box (line) beside it; the step is that placement alone (as in SE, the
    other removals are not made)."""
    t, cands = s._t, s.cands
    n = s.n
    o = _orders(s)
    parts, memo = _direct_parts(o, t, pointing)
    unit_get = o.unit_get
    read: dict = {}  # home unit -> its cells' candidates, read once per call
    for box, line in o.pointing if pointing else o.claiming:
        seg = o.segment[box, line][0]
        # the digits of the segment found nowhere else in its box (pointing) or line
        # (claiming): a function of that one unit's candidates, kept from the last position
        # where the unit was the same (a step changes few units)
        home, inside, outside = parts[box, line]
        got = read.get(home)
        if got is None:
            got = read[home] = unit_get[home](cands)
        last = memo.get((box, line))
        if last is not None and last[0] == got:
            found = last[1]
        else:
            here = rest = 0
            for i in inside:
                here |= got[i]
            for i in outside:
                rest |= got[i]
            found = here & ~rest
            memo[box, line] = (got, found)
        while found:
            bit = found & -found
            found ^= bit
            held = tuple(c for c in seg if cands[c] & bit)
            if len(held) < 2:
                continue
            # the neighbours: other boxes on the line (pointing), other lines through the box
            if pointing:
                neighbours = [(b, o.segment[b, line][1]) for b in o.boxes_of[line] if b != box]
            else:
                neighbours = [
                    (ln, o.segment[box, ln][2]) for ln in o.lines_of[box, line < n] if ln != line
                ]
            for third, outside in neighbours:
                if sum(1 for m in o.unit_get[third](cands) if m & bit) < 2:
                    continue
                left = [c for c in outside if cands[c] & bit]
                if len(left) != 1:
                    continue
                target = left[0]
                d = bit.bit_length()
                sym, name = s.symbol(d), t.names[target]
                technique = "Direct pointing" if pointing else "Direct claiming"
                home, other = (box, line) if pointing else (line, box)
                return Step(
                    technique,
                    1.7 if pointing else 1.9,
                    placements=((target, d),),
                    cells=held + (target,),
                    digits=(d,),
                    unit=t.unit_names[home],
                    text=(
                        f"{technique}: in {t.unit_names[home]}, {sym} fits only in {t.unit_names[other]} "
                        f"({', '.join(t.names[c] for c in held)}), so {sym} is nowhere else in {t.unit_names[other]}; "
                        f"then in {t.unit_names[third]}, {sym} fits only in {name}, so {name} = {sym}."
                    ),
                )
    return None


_DIRECT: dict = {}  # (id of an _Orders, pointing) -> (the _Orders, segment parts, memo)


def _direct_parts(o: _Orders, t, pointing: bool) -> tuple[dict, dict]:
    """Per segment ``(box, line)`` of the shape: its home unit (the box for pointing, the
    line for claiming) and the positions in that unit of the segment's cells and of the
    others; and the memo of :func:`_direct_locked` (segment -> (home's candidates, digits
    found)), both kept per shape."""
    got = _DIRECT.get((id(o), pointing))
    if got is None or got[0] is not o:
        parts = {}
        for (box, line), (seg, _, _) in o.segment.items():
            home = box if pointing else line
            unit = t.units[home]
            inside = tuple(i for i, c in enumerate(unit) if c in seg)
            outside = tuple(i for i, c in enumerate(unit) if c not in seg)
            parts[box, line] = (home, inside, outside)
        if len(_DIRECT) > 64:  # killer puzzles: a shape each
            _DIRECT.clear()
        got = _DIRECT[id(o), pointing] = (o, parts, {})
    return got[1], got[2]


def _direct_pointing(s: LogicalState) -> Step | None:
    return _direct_locked(s, True)


def _direct_claiming(s: LogicalState) -> Step | None:
    return _direct_locked(s, False)


# ---------------------------------------------------------------------------------------------
# Subsets and fish
# ---------------------------------------------------------------------------------------------

_QUIET: dict = {}  # (id of an _Orders, finder, size) -> (the _Orders, {unit: what it held})


def _quiet(o: _Orders, finder: str, size: int) -> dict:
    """unit -> the candidates (as places or masks) it held when ``finder`` of ``size`` last
    searched it and found nothing. What a subset finder finds in a unit is a function of the
    candidates of the unit's cells alone (the places of its digits say the same), so a unit
    a step did not change is not searched again (kept per shape)."""
    got = _QUIET.get((id(o), finder, size))
    if got is None or got[0] is not o:
        if len(_QUIET) > 256:  # killer puzzles: a shape each
            _QUIET.clear()
        got = _QUIET[id(o), finder, size] = (o, {})
    return got[1]


_SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}
_NAKED_RATINGS = {2: 3.0, 3: 3.6, 4: 5.0}
_HIDDEN_RATINGS = {2: 3.4, 3: 4.0, 4: 5.4}
_DIRECT_HIDDEN_RATINGS = {2: 2.0, 3: 2.5}
_FISH = {2: ("X-Wing", 3.2), 3: ("Swordfish", 3.8), 4: ("Jellyfish", 5.2)}


def _naked_subset(s: LogicalState, size: int) -> Step | None:
    t, cands = s._t, s.cands
    o = _orders(s)
    quiet = _quiet(o, "naked", size)
    for u in o.se_units:
        unit = t.units[u]
        if _blanks(s, u) < 2 * size:  # SE's rule: else the hidden subset is smaller
            continue
        masks = o.unit_get[u](cands)
        if quiet.get(u) == masks:
            continue  # these candidates were searched at an earlier position: nothing
        for chosen, union in _colex(masks, size):
            group = tuple(unit[i] for i in chosen)
            gone = tuple(c for c in unit if c not in group and cands[c] & union)
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
        quiet[u] = masks
    return None


def _hidden_subset(s: LogicalState, size: int) -> Step | None:
    t, cands, n = s._t, s.cands, s.n
    every = _all_places(s)
    o = _orders(s)
    quiet = _quiet(o, "hidden", size)
    for u in o.se_units:
        unit = t.units[u]
        if _blanks(s, u) <= 2 * size:
            continue
        if quiet.get(u) == every[u]:
            continue  # these places were searched at an earlier position: nothing
        for chosen, places in _colex(every[u], size):
            group_digits = tuple(i + 1 for i in chosen)
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
        quiet[u] = every[u]
    return None


def _direct_hidden_subset(s: LogicalState, size: int) -> Step | None:
    """SE's direct hidden pair (triple): a hidden subset whose removals leave another digit
    one place in the unit; the step is that placement alone."""
    t, n = s._t, s.n
    every = _all_places(s)
    o = _orders(s)
    quiet = _quiet(o, "direct hidden", size)
    for u in o.se_units:
        unit = t.units[u]
        if _blanks(s, u) <= size:
            continue
        where = every[u]
        if quiet.get(u) == where:
            continue  # these places were searched at an earlier position: nothing
        for chosen, places in _colex(where, size):
            for i in range(n):
                if i in chosen or where[i].bit_count() < 2:
                    continue
                left = where[i] & ~places
                if left.bit_count() != 1:
                    continue
                target = unit[left.bit_length() - 1]
                d = i + 1
                group_digits = tuple(j + 1 for j in chosen)
                syms = [s.symbol(x) for x in group_digits]
                group = tuple(unit[j] for j in range(n) if places >> j & 1)
                technique = f"Direct hidden {_SUBSET_NAMES[size]}"
                sym, name = s.symbol(d), t.names[target]
                return Step(
                    technique,
                    _DIRECT_HIDDEN_RATINGS[size],
                    placements=((target, d),),
                    cells=group + (target,),
                    digits=group_digits + (d,),
                    unit=t.unit_names[u],
                    text=(
                        f"{technique} {'/'.join(syms)} in {t.unit_names[u]}: {_and(syms)} fit only in "
                        f"{_and([t.names[c] for c in group])}, so {sym} is not there; then {sym} fits only in "
                        f"{name}, so {name} = {sym}."
                    ),
                )
        quiet[u] = where
    return None


def _fish(s: LogicalState, size: int) -> Step | None:
    t, cands, n, values = s._t, s.cands, s.n, s.values
    technique, rating = _FISH[size]
    if size >= n:
        return None
    # SE looks at the columns as base first, then the rows; in each, combination by
    # combination of base lines (colexicographic), digit by digit, and only at digits
    # placed at most n - 2 * size times
    placed = [0] * (n + 1)
    for v in values:
        placed[v] += 1
    every = _all_places(s)
    for base_first, cover_first, base_word, cover_word in (
        (n, 0, "columns", "rows"),
        (0, n, "rows", "columns"),
    ):
        best = None
        for d in range(1, n + 1):
            if placed[d] + 2 * size > n:
                continue
            bit = 1 << (d - 1)
            # the digit's places in each base line (bit j: the line's j-th cell), read from
            # the places of the position, made once for every finder that asks
            pos = [every[base_first + i][d - 1] for i in range(n)]
            for chosen, covers in _colex(pos, size):
                if best is not None and tuple(reversed(chosen)) >= best[0]:
                    break
                gone = tuple(
                    sorted(
                        c
                        for j in range(n)
                        if covers >> j & 1
                        for i, c in enumerate(t.units[cover_first + j])
                        if i not in chosen and cands[c] & bit
                    )
                )
                if gone:
                    best = (tuple(reversed(chosen)), d, chosen, covers, gone)
                    break
        if best is None:
            continue
        _, d, base, covers, gone = best
        cover = [j for j in range(n) if covers >> j & 1]
        cells = tuple(
            sorted(c for i in base for c in t.units[base_first + i] if cands[c] & (1 << (d - 1)))
        )
        sym = s.symbol(d)
        return Step(
            technique,
            rating,
            eliminations=tuple((c, d) for c in gone),
            cells=cells,
            digits=(d,),
            text=(
                f"{technique} on {sym}: in {base_word} {_and([str(i + 1) for i in base])}, {sym} fits only "
                f"in {cover_word} {_and([str(j + 1) for j in cover])}, so remove {sym} from the other cells "
                f"of those {cover_word} ({', '.join(t.names[c] for c in gone)})."
            ),
        )
    return None


# ---------------------------------------------------------------------------------------------
# Wings
# ---------------------------------------------------------------------------------------------


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


#: ``(technique, rating, finder)`` of this module's techniques, in SE's order of trial (the
#: engine, :data:`clew.sudoku.logic.solver.FINDERS`, puts SE's uniqueness, exclusion and chaining
#: techniques among them).
FINDERS: tuple[tuple[str, float, Callable[[LogicalState], Step | None]], ...] = (
    ("Full house", 1.0, _full_house),
    ("Hidden single", 1.2, _hidden_single_box),
    ("Hidden single", 1.5, _hidden_single_line),
    ("Direct pointing", 1.7, _direct_pointing),
    ("Direct claiming", 1.9, _direct_claiming),
    ("Direct hidden pair", 2.0, lambda s: _direct_hidden_subset(s, 2)),
    ("Naked single", 2.3, _naked_single),
    ("Direct hidden triple", 2.5, lambda s: _direct_hidden_subset(s, 3)),
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
)

#: ``(technique, rating)`` of this module's techniques, in order of trial.
TECHNIQUES: tuple[tuple[str, float], ...] = tuple((name, rating) for name, rating, _ in FINDERS)
