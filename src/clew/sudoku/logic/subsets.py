"""The finders of the logical solver that look for subsets, fish and wings, as Sudoku
Explainer (SE) does: naked and hidden pairs, triples and quads (and the direct hidden pair
and triple), X-Wing, Swordfish, Jellyfish, XY-Wing and XYZ-Wing. Their place in SE's order of
trial is :data:`clew.sudoku.logic.techniques.FINDERS`; SE's limits are those written there.

>>> from clew.sudoku.logic.state import LogicalState
>>> _naked_subset(LogicalState.from_candidates(2, [0b1111] * 16), 2) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .orders import _all_places, _and, _bits, _blanks, _colex, _Orders, _orders
from .step import Step

if TYPE_CHECKING:
    from .state import LogicalState


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
                    f"{technique} {'/'.join(syms)} in {_and([t.names[c] for c in group])}: remove "
                    f"{_and(syms)} "
                    f"from the other cells of {t.unit_names[u]} "
                    f"({', '.join(t.names[c] for c in gone)})."
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
                    f"{_and([t.names[c] for c in group])}, so remove the other candidates from "
                    "those cells "
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
                        f"{technique} {'/'.join(syms)} in {t.unit_names[u]}: {_and(syms)} fit "
                        "only in "
                        f"{_and([t.names[c] for c in group])}, so {sym} is not there; then {sym} "
                        "fits only in "
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
                f"{technique} on {sym}: in {base_word} {_and([str(i + 1) for i in base])}, {sym} "
                "fits only "
                f"in {cover_word} {_and([str(j + 1) for j in cover])}, so remove {sym} from the "
                "other cells "
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
                        f"XY-Wing with pivot {_show(s, p)} and pincers {_show(s, a)} and "
                        f"{_show(s, b)}: one of the "
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
                        f"XYZ-Wing with pivot {_show(s, p)} and pincers {_show(s, a)} and "
                        f"{_show(s, b)}: one of the "
                        f"three is {sym}, so remove {sym} from the cells that see all three "
                        f"({', '.join(t.names[c] for c in gone)})."
                    ),
                )
    return None
