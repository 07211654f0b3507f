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
(:mod:`clew.sudoku.logic.uniqueness`), aligned exclusion (:mod:`clew.sudoku.logic.exclusion`)
and chains (:mod:`clew.sudoku.logic.chains`) at SE's places.

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

This module holds the singles and the locked candidates (pointing, claiming, and their
direct forms); the subsets, fish and wings are :mod:`clew.sudoku.logic.subsets`, the
orders of scan they share :mod:`clew.sudoku.logic.orders`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import or_
from typing import TYPE_CHECKING

from .orders import _Orders, _orders
from .step import Step
from .subsets import (
    _direct_hidden_subset,
    _fish,
    _hidden_subset,
    _naked_subset,
    _xy_wing,
    _xyz_wing,
)

if TYPE_CHECKING:
    from .state import LogicalState

__all__ = ["FINDERS", "TECHNIQUES", "Step"]

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
                    text=(
                        f"Full house: {name} is the last empty cell of {t.unit_names[u]}, so "
                        f"{name} = {sym}."
                    ),
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
                text=(
                    f"Hidden single: in {t.unit_names[u]}, {sym} fits only in {name}, so {name} "
                    f"= {sym}."
                ),
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
                text=(
                    f"Naked single: {sym} is the only candidate left in {name}, so {name} = {sym}."
                ),
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
                    f"{technique}: in {t.unit_names[home]}, {sym} fits only in "
                    f"{t.unit_names[other]} "
                    f"({', '.join(t.names[c] for c in held)}), so remove {sym} from the other "
                    "cells of "
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
                        f"{technique}: in {t.unit_names[home]}, {sym} fits only in "
                        f"{t.unit_names[other]} "
                        f"({', '.join(t.names[c] for c in held)}), so {sym} is nowhere else in "
                        f"{t.unit_names[other]}; "
                        f"then in {t.unit_names[third]}, {sym} fits only in {name}, so {name} = "
                        f"{sym}."
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
