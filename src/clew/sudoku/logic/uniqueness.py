"""Sudoku Explainer's uniqueness techniques: unique rectangles and loops (types 1 to 4) and
the bivalue universal grave (BUG, types 1 to 4).

They hold only for a puzzle with exactly one solution: each rules out a pattern that would
leave two solutions (a "deadly pattern"). The engine (:mod:`clew.sudoku.logic.solver`) tries them
only when the puzzle is known to be proper (:func:`clew.sudoku.logic.solver.rate`, ``hint`` and
``explain`` check it first).

Unique rectangles and loops
---------------------------
A loop of cells that all hold two digits ``a`` and ``b``, each cell linked to the next by a
row, column or box (never the same kind twice in a row), where every unit the loop visits
holds exactly two of its cells, one at an even and one at an odd position. If every cell
held only ``a`` and ``b``, the two digits could swap along the loop: two solutions. So the
extra candidates of the loop's cells cannot all go:

* type 1: one cell has extras: remove ``a`` and ``b`` from it;
* type 2: the cells with extras have the same single extra digit ``z``: one of them is
  ``z``, remove ``z`` from the cells that see all of them;
* type 3: two cells with extras in one unit act as one cell holding the extras: with other
  cells of that unit they make a naked subset (or, with ``a`` and ``b``, a hidden one);
* type 4: two cells with extras in one unit where ``a`` fits nowhere else: one of them is
  ``a``, so neither can be ``b``.

Ratings (SE's): 4.5 for a rectangle (4 cells), + 0.1 for a loop of 6 cells, + 0.2 for 8,
+ 0.5 for 10 or more; type 3 adds 0.1 per cell of its subset beyond the first. SE gathers
every such step of a position and plays the lowest rated (then the lowest type); so does
:func:`unique_loops`.

Bivalue universal grave
-----------------------
If every blank cell but a few held two candidates and every digit fitted twice in each
unit, the puzzle would have zero or two solutions. Removing from the few cells (the BUG
cells) the digits that fit three times in a unit leaves such a grave; so one BUG cell takes
one of its extra digits. Type 1 (5.6): one BUG cell: it is its extra digit. Type 2 (5.7):
one extra digit: remove it from the cells that see every BUG cell. Type 3 (5.7 + 0.1 per
cell of the subset beyond the first): the BUG cells share a unit and their extras make a
naked subset with other cells of it. Type 4 (5.7): two BUG cells in a unit with a common
digit that fits nowhere else there: one of them is that digit, the other its extra, so the
remaining candidates of both go.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._kernel_cache import numba_loaded
from ..._partner import aside
from .orders import _all_places, _and, _bits, _colex, _orders
from .step import Step
from .tables import padded

if TYPE_CHECKING:
    from .state import LogicalState

__all__ = ["bug", "unique_loops"]


_POSITIONS: dict[int, tuple] = {}


def _positions(n: int) -> tuple | None:
    """``table[m]``: the positions of the set bits of m, ascending, for every m < 2^n (n up
    to 16; None above: the caller counts them out)."""
    if n > 16:
        return None
    table = _POSITIONS.get(n)
    if table is None:
        table = _POSITIONS[n] = tuple(
            tuple(i for i in range(n) if m >> i & 1) for m in range(1 << n)
        )
    return table


def _bits_at(m: int):
    """The positions of the set bits of ``m``, ascending."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def _loop_bonus(size: int) -> float:
    """SE's addition for a loop longer than a rectangle."""
    if size >= 10:
        return 0.5
    if size >= 8:
        return 0.2
    if size >= 6:
        return 0.1
    return 0.0


def _kinds(s: LogicalState, cell: int) -> tuple[int, int, int]:
    """The cell's box, row and column (unit numbers), in SE's order of region kinds."""
    row, col, box = s._t.cell_units[cell]
    return box, row, col


def _find_loops(s: LogicalState, start: int, v1: int, v2: int) -> list[list[int]]:
    """Every loop from ``start`` through cells that hold v1 and v2, as SE searches them:
    depth first, each step in a unit of another kind than the last, at most two cells with
    extra candidates unless those extras come to a single digit so far."""
    t, cands = s._t, s.cands
    pair = (1 << (v1 - 1)) | (1 << (v2 - 1))
    results: list[list[int]] = []
    loop: list[int] = []
    on_loop: set[int] = set()

    def walk(cell: int, allowed: int, extras: int, last: int) -> None:
        loop.append(cell)
        on_loop.add(cell)
        for kind, unit in enumerate(_kinds(s, cell)):
            if kind == last:
                continue
            for nxt in t.units[unit]:
                if nxt == loop[0] and len(loop) >= 4:
                    results.append(list(loop))
                elif nxt not in on_loop:
                    m = cands[nxt]
                    if m & pair == pair:
                        # SE gathers the extras of every cell tried from here, siblings
                        # included: the test below follows it to find the same loops
                        extras |= m & ~pair
                        wide = m.bit_count() > 2
                        if not wide or extras.bit_count() == 1 or allowed > 0:
                            walk(nxt, allowed - 1 if wide else allowed, extras, kind)
        loop.pop()
        on_loop.discard(cell)

    walk(start, 2, 0, -1)
    return results


def _valid_loop(s: LogicalState, loop: list[int]) -> bool:
    """Every unit the loop visits holds one cell at an even and one at an odd position."""
    seen: tuple[set[int], set[int]] = (set(), set())
    for i, cell in enumerate(loop):
        side = seen[i & 1]
        for unit in _kinds(s, cell):
            if unit in side:
                return False
            side.add(unit)
    return seen[0] == seen[1]


#: per tables of a shape (kept alive here with them): the kernel's arrays of unit kinds and units
_ARRAYS: dict = {}
#: find the loops by the kernel (:mod:`._kernels_uniqueness`) once numba is loaded in the
#: process; False: always the plain Python search (the reference; same loops, same order)
FAST = True
#: the kernel's output: at most this many loops from one start (else the reference runs)
_MAX_LOOPS = 512


def _kernel_arrays(s: LogicalState) -> tuple:
    t = s._t
    got = _ARRAYS.get(id(t))
    if got is None or got[0] is not t:
        import numpy as np

        cells = len(s.cands)
        kinds = [_kinds(s, c) for c in range(cells)]
        kinds_a = padded(kinds)
        units_a = padded(t.units)
        out = (np.zeros((_MAX_LOOPS, cells + 1), np.int64), np.zeros(_MAX_LOOPS, np.int64))
        got = _ARRAYS[id(t)] = (t, kinds_a, units_a, out)
    return got[1:]


def _all_loops(s: LogicalState) -> list[list[int]] | None:
    """Every valid loop of the position, start by start in reading order, each start's in
    SE's order, by the kernel (one call for the position); None when they do not fit in
    its output (the caller then searches in Python)."""
    import numpy as np

    from ..compiled._kernels_uniqueness import all_loops

    kinds_a, units_a, (loops, lens) = _kernel_arrays(s)
    found = all_loops(np.array(s.cands, np.int64), kinds_a, units_a, loops, lens)
    if found < 0:
        return None
    return [loops[i, : lens[i]].tolist() for i in range(found)]


def _loops(s: LogicalState) -> list[list[int]]:
    """Every valid loop of the position in SE's order: by the kernel once numba is loaded
    in the process, else (or when the kernel's output overflows) by the reference."""
    if FAST and _numba_loaded() and not aside("sudoku/compiled/_kernels_uniqueness.py"):
        found = _all_loops(s)
        if found is not None:
            return found
    out: list = []
    for start, m in enumerate(s.cands):
        if m.bit_count() == 2:
            v1, v2 = _bits(m)
            out.extend(loop for loop in _find_loops(s, start, v1, v2) if _valid_loop(s, loop))
    return out


def _numba_loaded() -> bool:
    """Whether this process has loaded numba already (:func:`clew._kernel_cache.numba_loaded`;
    a test sets it here): a rating that does not need it never pays its start-up for the
    loops alone."""
    return numba_loaded()


def _distinct(loops):
    """The loops, each set of cells once (the first found). The same cells are found from
    each of their bivalue cells and both ways round; the steps of each type are keyed by
    the set of cells (:func:`_key`), and whichever way round a loop goes its steps have the
    same keys (the two cells with extras play symmetric parts in types 2 to 4), so a later
    copy adds no step: skipping it spares the subsets of type 3 (most of the time here)."""
    seen = set()
    for loop in loops:
        cells = frozenset(loop)
        if cells not in seen:
            seen.add(cells)
            yield loop


def _shared_units(s: LogicalState, a: int, b: int) -> list[int]:
    return [u for u, w in zip(_kinds(s, a), _kinds(s, b), strict=False) if u == w]


def unique_loops(s: LogicalState) -> Step | None:
    """The unique rectangle or loop step SE takes: the lowest rated, then the lowest type,
    then the first found."""
    cands = s.cands
    found: dict[tuple, tuple[float, int, Step]] = {}
    order = 0
    for loop in _distinct(_loops(s)):
        v1, v2 = _bits(cands[loop[0]])
        wide = [c for c in loop if cands[c].bit_count() > 2]
        steps = []
        if len(wide) == 1:
            steps.append(_type1(s, loop, wide[0], v1, v2))
        elif len(wide) > 2:
            steps.append(_type2(s, loop, wide, v1, v2))
        elif len(wide) == 2:
            pair = (1 << (v1 - 1)) | (1 << (v2 - 1))
            extra = (cands[wide[0]] | cands[wide[1]]) & ~pair
            if extra.bit_count() == 1:
                steps.append(_type2(s, loop, wide, v1, v2))
            elif extra.bit_count() >= 2:
                steps.extend(_type3(s, loop, wide[0], wide[1], v1, v2, extra))
            steps.append(_type4(s, loop, wide[0], wide[1], v1, v2))
        for key, step in steps:
            if step is not None and step.eliminations and key not in found:
                found[key] = (step.rating, order, step)
                order += 1
    if not found:
        return None
    # lowest rating, then lowest type, then first found (SE sorts its list so, stably)
    return min(found.values(), key=lambda x: (x[0], int(x[2].technique[-1]), x[1]))[2]


def _name(loop: list[int], kind: int) -> str:
    shape = "rectangle" if len(loop) == 4 else "loop"
    return f"Unique {shape} type {kind}"


def _loop_text(s: LogicalState, loop: list[int], v1: int, v2: int) -> str:
    names = "-".join(s._t.names[c] for c in loop)
    a, b = s.symbol(v1), s.symbol(v2)
    what = "rectangle" if len(loop) == 4 else f"loop of {len(loop)} cells"
    return f"the {what} {names} on {a}/{b} would let {a} and {b} swap (two solutions)"


def _key(kind: int, loop: list[int], *more) -> tuple:
    return (kind, len(loop), frozenset(loop), *more)


def _type1(s: LogicalState, loop, cell: int, v1: int, v2: int):
    t = s._t
    rating = round(4.5 + _loop_bonus(len(loop)), 1)
    name = _name(loop, 1)
    a, b = s.symbol(v1), s.symbol(v2)
    step = Step(
        name,
        rating,
        eliminations=((cell, v1), (cell, v2)),
        cells=tuple(loop),
        digits=(v1, v2),
        text=(
            f"{name}: {_loop_text(s, loop, v1, v2)}, and {t.names[cell]} is the only cell with "
            "other "
            f"candidates, so it is one of them: remove {a} and {b} from {t.names[cell]}."
        ),
    )
    return _key(1, loop), step


def _sees_all(s: LogicalState, cells) -> list[int]:
    """The cells that see every one of ``cells`` (not themselves), in SE's order."""
    house = _orders(s).house
    common = list(house[cells[0]])
    for c in cells[1:]:
        seen = set(house[c])
        common = [x for x in common if x in seen]
    return [x for x in common if x not in cells]


def _type2(s: LogicalState, loop, wide: list[int], v1: int, v2: int):
    t, cands = s._t, s.cands
    pair = (1 << (v1 - 1)) | (1 << (v2 - 1))
    extra = 0
    for c in wide:
        extra |= cands[c] & ~pair
    if extra.bit_count() != 1:  # SE assumes one extra digit here; clew checks it
        return _key(2, loop), None
    z = extra.bit_length()
    gone = tuple(c for c in _sees_all(s, wide) if cands[c] & extra)
    name = _name(loop, 2)
    sym = s.symbol(z)
    step = Step(
        name,
        round(4.5 + _loop_bonus(len(loop)), 1),
        eliminations=tuple((c, z) for c in gone),
        cells=tuple(loop),
        digits=(v1, v2, z),
        text=(
            f"{name}: {_loop_text(s, loop, v1, v2)}, so one of {_and([t.names[c] for c in wide])} "
            f"is {sym}: "
            f"remove {sym} from the cells that see them all "
            f"({', '.join(t.names[c] for c in gone)})."
        ),
    )
    return _key(2, loop), step


def _type3(s: LogicalState, loop, c1: int, c2: int, v1: int, v2: int, extra: int):
    """Type 3: c1 and c2 as one cell holding the extras, in a naked subset with other cells
    of a unit they share, or with a and b in a hidden one. SE tries every size from the
    number of extras up, unit kind by unit kind."""
    t, cands, n = s._t, s.cands, s.n
    pair = (1 << (v1 - 1)) | (1 << (v2 - 1))
    out: list = []
    base = 4.5 + _loop_bonus(len(loop))
    # what does not depend on the size, made once per shared unit (every size reads it):
    # the unit, its blanks, where c1 and c2 stand, the naked masks, the places of each digit
    shared = []
    for unit_no in _shared_units(s, c1, c2):
        unit = t.units[unit_no]
        i1, i2 = unit.index(c1), unit.index(c2)
        masks = [extra if i == i1 else (0 if i == i2 else cands[c]) for i, c in enumerate(unit)]
        where = [0] * n
        for i, c in enumerate(unit):
            if i == i2:
                continue
            for d in _bits(cands[c]):
                where[d - 1] |= 1 << i
        shared.append(
            (unit_no, unit, sum(1 for c in unit if not s.values[c]), i1, i2, masks, where)
        )
    rest = [d for d in range(1, n + 1) if not (pair | extra) >> (d - 1) & 1]
    for degree in range(extra.bit_count(), n - 1):
        for unit_no, unit, blanks, i1, i2, masks, where in shared:
            if 2 * degree <= blanks:
                # naked: the virtual cell (c1's place, holding the extras) and degree - 1 others
                for chosen, union in _colex(masks, degree):
                    if i1 not in chosen:
                        continue
                    others = tuple(unit[i] for i in chosen if i != i1)
                    core = extra & cands[c1] & cands[c2]
                    for c in others:
                        core |= cands[c]
                    if core.bit_count() != degree:
                        continue
                    gone = tuple(
                        (c, d)
                        for c in unit
                        if c not in others and c not in (c1, c2)
                        for d in _bits(cands[c] & union)
                    )
                    digits = tuple(_bits(union))
                    syms = "/".join(s.symbol(d) for d in digits)
                    name = _name(loop, 3)
                    step = Step(
                        name,
                        round(base + (degree - 1) * 0.1, 1),
                        eliminations=gone,
                        cells=tuple(loop) + others,
                        digits=digits,
                        unit=t.unit_names[unit_no],
                        text=(
                            f"{name}: {_loop_text(s, loop, v1, v2)}, so {t.names[c1]} or "
                            f"{t.names[c2]} holds "
                            f"{' or '.join(s.symbol(d) for d in _bits(extra))}; with "
                            f"{_and([t.names[c] for c in others])} "
                            f"that makes a naked subset {syms} in {t.unit_names[unit_no]}: remove "
                            f"{syms} from its "
                            "other cells "
                            f"({', '.join(t.names[c] for c in dict.fromkeys(c for c, _ in gone))})."
                        ),
                    )
                    out.append((_key(3, loop, "naked", unit_no, digits, others), step))
            if 2 * degree < blanks:
                # hidden: a, b and degree - 2 other digits fit (c2 left out) in degree cells
                if degree - 2 > len(rest) or not rest:
                    continue
                for picked in _colex_plain(len(rest), degree - 2):
                    hidden = [rest[i] for i in picked] + [v1, v2]
                    places = 0
                    if any(not where[d - 1] for d in hidden):
                        continue
                    for d in hidden:
                        places |= where[d - 1]
                    if places.bit_count() != degree:
                        continue
                    keep = sum(1 << (d - 1) for d in hidden)
                    cells = [unit[i] for i in range(n) if places >> i & 1 and i not in (i1, i2)]
                    gone = tuple((c, d) for c in cells for d in _bits(cands[c] & ~keep))
                    digits = tuple(sorted(hidden))
                    syms = "/".join(s.symbol(d) for d in digits)
                    name = _name(loop, 3)
                    step = Step(
                        name,
                        round(base + (len(cells) - 1) * 0.1, 1),
                        eliminations=gone,
                        cells=tuple(loop) + tuple(cells),
                        digits=digits,
                        unit=t.unit_names[unit_no],
                        text=(
                            f"{name}: {_loop_text(s, loop, v1, v2)}, so {t.names[c1]} or "
                            f"{t.names[c2]} holds "
                            f"{' or '.join(s.symbol(d) for d in _bits(extra))}; then {syms} fit in "
                            f"{t.unit_names[unit_no]} only in "
                            f"{_and([t.names[c1]] + [t.names[c] for c in cells])}, "
                            "a hidden subset: remove the other candidates from "
                            f"{_and([t.names[c] for c in cells])}."
                        ),
                    )
                    out.append((_key(3, loop, "hidden", unit_no, digits, tuple(cells)), step))
    return out


def _colex_plain(count: int, size: int):
    """Every ``size`` of ``range(count)`` in colexicographic order."""

    def grow(k: int, limit: int):
        if k == 0:
            yield ()
            return
        for top in range(k - 1, limit):
            for rest in grow(k - 1, top):
                yield rest + (top,)

    return grow(size, count)


def _type4(s: LogicalState, loop, c1: int, c2: int, v1: int, v2: int):
    t, cands = s._t, s.cands
    lock1 = lock2 = None
    for unit_no in _shared_units(s, c1, c2):
        others = [c for c in t.units[unit_no] if c not in (c1, c2)]
        if not any(cands[c] >> (v1 - 1) & 1 for c in others):
            lock1 = unit_no
        if not any(cands[c] >> (v2 - 1) & 1 for c in others):
            lock2 = unit_no
    if lock1 is not None:
        unit_no, lock, gone = lock1, v1, v2
    elif lock2 is not None:
        unit_no, lock, gone = lock2, v2, v1
    else:
        return _key(4, loop), None
    name = _name(loop, 4)
    a, b = s.symbol(lock), s.symbol(gone)
    step = Step(
        name,
        round(4.5 + _loop_bonus(len(loop)), 1),
        eliminations=tuple((c, gone) for c in (c1, c2) if cands[c] >> (gone - 1) & 1),
        cells=tuple(loop),
        digits=(v1, v2),
        unit=t.unit_names[unit_no],
        text=(
            f"{name}: {_loop_text(s, loop, v1, v2)}; in {t.unit_names[unit_no]}, {a} fits only in "
            f"{t.names[c1]} and {t.names[c2]}, so one of them is {a} and neither can be {b}: "
            f"remove {b} from both."
        ),
    )
    return _key(4, loop), step


# ---------------------------------------------------------------------------------------------
# Bivalue universal grave
# ---------------------------------------------------------------------------------------------


def bug(s: LogicalState) -> Step | None:
    """The BUG step SE takes, or None."""
    t, cands, values, n = s._t, s.cands, s.values, s.n
    o = _orders(s)
    grave = list(cands)
    cells: list[int] = []
    extras: dict[int, int] = {}
    every = 0
    common: list[int] | None = None
    # the places of each digit in each unit, as the subset finders of this position read
    # them (made once per position): most (unit, digit) have 0 or 2 and need no cell list
    all_places = _all_places(s)
    table = _positions(n)
    # SE's kinds of region: boxes, rows, columns
    for u in o.boxes + tuple(range(n)) + tuple(range(n, 2 * n)):
        unit = t.units[u]
        places = all_places[u]
        for d in range(1, n + 1):
            count = places[d - 1].bit_count()
            if count == 0 or count == 2:
                continue
            bit = 1 << (d - 1)
            where = [unit[i] for i in (table[places[d - 1]] if table else _bits_at(places[d - 1]))]
            wide = [c for c in where if cands[c].bit_count() >= 3]
            if not wide:
                return None
            if len(wide) == 1:
                c = wide[0]
                if c not in cells:
                    cells.append(c)
                extras[c] = extras.get(c, 0) | bit
                every |= bit
                grave[c] &= ~bit
                seen = o.house[c]
                common = list(seen) if common is None else [x for x in common if x in set(seen)]
                common = [x for x in common if x not in cells]
                if len(cells) > 1 and every.bit_count() > 1 and not common:
                    return None
    if not cells:
        return None
    for c in range(n * n):
        if not values[c] and grave[c].bit_count() != 2:
            return None
    for unit in t.units:
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            if sum(1 for c in unit if grave[c] & bit) not in (0, 2):
                return None
    names = [t.names[c] for c in cells]
    lead = (
        f"without the extra candidates of {_and(names)} every blank cell would hold two digits "
        "and every "
        f"digit would fit twice in each unit (zero or two solutions)"
    )
    if len(cells) == 1:
        c = cells[0]
        keep = every
        gone = tuple((c, d) for d in _bits(cands[c] & ~keep))
        if not gone:
            return None
        syms = " or ".join(s.symbol(d) for d in _bits(keep))
        return Step(
            "BUG type 1",
            5.6,
            eliminations=gone,
            cells=(c,),
            digits=tuple(_bits(keep)),
            text=f"BUG type 1: {lead}, so {t.names[c]} is {syms}: remove its other candidates.",
        )
    common = common or []
    if every.bit_count() == 1:
        z = every.bit_length()
        gone = tuple((c, z) for c in common if cands[c] & every)
        if gone:
            sym = s.symbol(z)
            return Step(
                "BUG type 2",
                5.7,
                eliminations=gone,
                cells=tuple(cells),
                digits=(z,),
                text=(
                    f"BUG type 2: {lead}, so one of them is {sym}: remove {sym} from the cells "
                    "that see them all "
                    f"({', '.join(t.names[c] for c, _ in gone)})."
                ),
            )
        if len(cells) == 2:
            return _bug4(s, cells, extras, every, lead)
        return None
    if not common:
        return None
    if len(cells) == 2:
        step = _bug4(s, cells, extras, every, lead)
        if step is not None:
            return step
    return _bug3(s, cells, every, common, lead)


def _bug4(s: LogicalState, cells, extras, every, lead) -> Step | None:
    t, cands = s._t, s.cands
    c1, c2 = cells
    shared = cands[c1] & cands[c2] & ~every
    if shared.bit_count() != 1:
        return None
    units = _shared_units(s, c1, c2)
    if not units:
        return None
    x = shared.bit_length()
    gone = tuple((c, d) for c in (c1, c2) for d in _bits(cands[c] & ~extras[c] & ~shared))
    if not gone:
        return None
    sym = s.symbol(x)
    return Step(
        "BUG type 4",
        5.7,
        eliminations=gone,
        cells=(c1, c2),
        digits=(x,),
        unit=t.unit_names[units[0]],
        text=(
            f"BUG type 4: {lead}, so one of them takes its extra digit; in "
            f"{t.unit_names[units[0]]}, {sym} fits only "
            f"in {t.names[c1]} and {t.names[c2]}, so the other is {sym}: each keeps only its "
            f"extra digit and {sym}."
        ),
    )


def _bug3(s: LogicalState, cells, every, common, lead) -> Step | None:
    t, cands = s._t, s.cands
    for kind in range(3):
        units = {_kinds(s, c)[kind] for c in cells}
        if len(units) != 1:
            continue
        unit_no = units.pop()
        in_unit = set(t.units[unit_no])
        region = [c for c in common if c in in_unit]
        for degree in range(2, 7):
            if len(region) < degree:
                continue
            for picked in _colex_plain(len(region), degree - 1):
                naked = [region[i] for i in picked]
                union = 0
                for c in naked:
                    union |= cands[c]
                if union.bit_count() != degree or any(cands[c].bit_count() < 2 for c in naked):
                    continue
                if every.bit_count() < 2 or (union | every).bit_count() != degree:
                    continue
                gone = tuple(
                    (c, d)
                    for c in region
                    if c not in naked and c not in cells
                    for d in _bits(cands[c] & union)
                )
                if not gone:
                    continue
                syms = "/".join(s.symbol(d) for d in _bits(union))
                return Step(
                    "BUG type 3",
                    round(5.7 + (union.bit_count() - 1) * 0.1, 1),
                    eliminations=gone,
                    cells=tuple(cells) + tuple(naked),
                    digits=tuple(_bits(union)),
                    unit=t.unit_names[unit_no],
                    text=(
                        f"BUG type 3: {lead}, so one of them holds "
                        f"{' or '.join(s.symbol(d) for d in _bits(every))}; "
                        f"with {_and([t.names[c] for c in naked])} that makes a naked subset "
                        f"{syms} in "
                        f"{t.unit_names[unit_no]}: remove {syms} from its other cells "
                        f"({', '.join(t.names[c] for c in dict.fromkeys(c for c, _ in gone))})."
                    ),
                )
    return None
