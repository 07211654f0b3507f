"""The logical techniques of the variants: killer cages and the variants' extra units.

Sudoku Explainer knows only the classic grid, so these techniques and their ratings are
clew's own, placed on SE's scale beside the classic techniques they resemble:

=====================  ======  ================================================================
technique              rating  what it sees
=====================  ======  ================================================================
Cage single            1.0     a cage with one empty cell left: the cell holds what its sum
                               still lacks (the killer's full house)
Cage combinations      2.0     the digits of a cage must be different and add up to its sum:
                               a candidate that no such set of digits can use, given the
                               candidates of the cage's other cells, goes
Innies and outies      2.2+    the rule of 45: a unit holds each digit once, so its cells add
                               up to 1 + 2 + ... + n; take away the cages inside it and the
                               cells left over (innies) have a known sum; or add the cages
                               that cover it and the cells that stick out (outies) have one.
                               Those cells are then reasoned about as a cage (their digits
                               differ where they see each other). Two or three adjacent rows
                               or columns the same way, 0.2 more a unit, for up to five cells
Locked candidates      2.8     pointing and claiming between a variant's unit (a diagonal, a
                               window, an extra region) or a cage and another unit: a digit of
                               a unit confined to where it crosses the other set leaves the
                               rest of that set; and a digit that every combination of a cage
                               holds leaves the cells that see all its places in the cage
=====================  ======  ================================================================

Each finder returns ``None`` at once on a grid without the rules it reasons about, so the
classic grid pays nothing for them.

>>> from clew.sudoku import Grid
>>> from clew.sudoku.logic.solver import LogicalState
>>> g = Grid("................", cages=[(3, [0, 1]), (7, [2, 3]), (7, [4, 5]), (3, [6, 7]),
...          (5, [8, 12]), (5, [9, 13]), (5, [10, 14]), (5, [11, 15])])
>>> print(cage_combinations(LogicalState(g)))
Cage combinations: the digits of cage A (r1c1 r1c2) add up to 3 with different digits: 12;
remove 3 and 4 from r1c1 and r1c2.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..shape import cage_name
from .orders import _and, _bits
from .step import Step

if TYPE_CHECKING:  # pragma: no cover
    from .state import LogicalState

__all__ = [
    "FINDERS",
    "cage_combinations",
    "cage_single",
    "innies_outies",
    "locked_candidates",
    "sum_options",
]


# ---------------------------------------------------------------------------------------------
# The arithmetic of a cage
# ---------------------------------------------------------------------------------------------

#: (candidate masks, sum) -> what :func:`sum_options` found: killer steps ask about the same
#: cages again at every step, most of them unchanged. Cleared when it grows large.
_MEMO: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def sum_options(masks: tuple[int, ...], total: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What different digits the cells (candidate ``masks``, bit ``d - 1`` for digit ``d``)
    can hold so that they add up to ``total``.

    Returns ``(usable, combinations)``: for each cell, the mask of its candidates that some
    such assignment gives it (0 for every cell if there is none), and the sets of digits
    (as masks, ascending) that such assignments use.

    The search goes cell by cell over the sets of digits used so far (at most C(n, i) of
    them after i cells), forward to the sets of the right sum, then back to keep only the
    sets that lead there, so no assignment is listed one by one.

    >>> usable, combos = sum_options((0b1111, 0b1111), 3)    # two cells, digits 1-4, sum 3
    >>> [bin(m) for m in usable], [bin(m) for m in combos]
    (['0b11', '0b11'], ['0b11'])
    >>> sum_options((0b1, 0b1), 2)                           # both would need a 1
    ((0, 0), ())
    """
    key = (masks, total)
    found = _MEMO.get(key)
    if found is not None:
        return found
    levels = [{0: 0}]  # used digits -> their sum
    for m in masks:
        nxt: dict[int, int] = {}
        for used, s in levels[-1].items():
            free = m & ~used
            while free:
                low = free & -free
                free ^= low
                t = s + low.bit_length()
                if t <= total:
                    nxt[used | low] = t
        levels.append(nxt)
    alive = {used for used, s in levels[-1].items() if s == total}
    combos = tuple(sorted(alive))
    usable = [0] * len(masks)
    for i in range(len(masks) - 1, -1, -1):
        before = set()
        m = masks[i]
        for used in levels[i]:
            free = m & ~used
            while free:
                low = free & -free
                free ^= low
                if used | low in alive:
                    before.add(used)
                    usable[i] |= low
        alive = before
    found = (tuple(usable), combos)
    if len(_MEMO) > 50_000:
        _MEMO.clear()
    _MEMO[key] = found
    return found


def sum_options_seeing(
    masks: tuple[int, ...], total: int, sees: tuple[int, ...]
) -> tuple[int, ...]:
    """Like :func:`sum_options`, for cells whose digits differ only where they see each
    other: ``sees[i]`` has bit j set when cell i sees cell j (j < i). Returns each cell's
    usable candidates (all 0 when no assignment adds up to ``total``). For the few cells of
    the rule of 45 over several units: a search over the assignments, pruned on the sums.

    >>> [bin(m) for m in sum_options_seeing((0b111, 0b111), 2, (0, 0))]  # 1 + 1: may repeat
    ['0b1', '0b1']
    >>> sum_options_seeing((0b111, 0b111), 2, (0, 0b1))  # ... unless the cells see each other
    (0, 0)
    """
    key = (masks, total, sees)
    found = _MEMO_SEEING.get(key)
    if found is not None:
        return found
    size = len(masks)
    lows = [(m & -m).bit_length() for m in masks]
    highs = [m.bit_length() for m in masks]
    # the least and most the cells from i on can add
    least = [0] * (size + 1)
    most = [0] * (size + 1)
    for i in range(size - 1, -1, -1):
        least[i] = least[i + 1] + lows[i]
        most[i] = most[i + 1] + highs[i]
    usable = [0] * size
    chosen = [0] * size

    def walk(i: int, partial: int) -> bool:
        if i == size:
            return partial == total
        if partial + least[i] > total or partial + most[i] < total:
            return False
        barred = 0
        for j in range(i):
            if sees[i] >> j & 1:
                barred |= 1 << (chosen[j] - 1)
        good = False
        for d in _bits(masks[i] & ~barred):
            chosen[i] = d
            if walk(i + 1, partial + d):
                good = True
                for j in range(i + 1):
                    usable[j] |= 1 << (chosen[j] - 1)
        return good

    # a level marks the digits of the path down to it each time a completion below exists:
    # every digit of every full assignment gets marked
    walk(0, 0)
    found = tuple(usable)
    if len(_MEMO_SEEING) > 20_000:
        _MEMO_SEEING.clear()
    _MEMO_SEEING[key] = found
    return found


_MEMO_SEEING: dict = {}


def _digits(mask: int, s: LogicalState) -> str:
    return "".join(s.symbol(d) for d in _bits(mask))


def _removals(s: LogicalState, cells, usable) -> tuple[tuple[int, int], ...]:
    cands = s.cands
    return tuple((c, d) for c, u in zip(cells, usable, strict=False) for d in _bits(cands[c] & ~u))


def _gone_text(s: LogicalState, gone: tuple[tuple[int, int], ...]) -> str:
    """``remove 3 and 4 from r1c1 and r1c2``: the removals grouped by digit, then by cells."""
    by_cells: dict[tuple[int, ...], list[int]] = {}
    for d in sorted({d for _, d in gone}):
        cells = tuple(c for c, e in gone if e == d)
        by_cells.setdefault(cells, []).append(d)
    parts = [
        f"{_and([s.symbol(d) for d in digits])} from {_and([s.name(c) for c in cells])}"
        for cells, digits in by_cells.items()
    ]
    return "remove " + "; ".join(parts)


def _blank_part(s: LogicalState, cells) -> tuple[list[int], int]:
    """The blank cells among ``cells`` and the sum of the digits placed in the others."""
    values = s.values
    return [c for c in cells if not values[c]], sum(values[c] for c in cells)


# ---------------------------------------------------------------------------------------------
# The finders
# ---------------------------------------------------------------------------------------------


def cage_single(s: LogicalState) -> Step | None:
    """A cage with one empty cell: it holds the cage's sum less the digits placed."""
    t = s._t
    for number, (total, cells) in enumerate(t.cages):
        blank, placed = _blank_part(s, cells)
        if len(blank) != 1:
            continue
        cell, d = blank[0], total - placed
        if not 1 <= d <= s.n or not s.cands[cell] >> (d - 1) & 1:
            continue  # a contradiction: no step here
        name, sym = s.name(cell), s.symbol(d)
        if len(cells) == 1:
            why = f"{name} is {cage_name(number)} alone, with sum {total}, so {name} = {sym}."
        else:
            why = (
                f"{name} is the last empty cell of {cage_name(number)} (sum {total}), so "
                f"{name} = {total} - {placed} = {sym}."
            )
        return Step(
            "Cage single",
            1.0,
            placements=((cell, d),),
            cells=tuple(cells),
            digits=(d,),
            unit=cage_name(number),
            text=f"Cage single: {why}",
        )
    return None


def _options(s: LogicalState, combos) -> str:
    """``126, 135 or 234``: the sets of digits, in the order a reader lists them."""
    words = sorted(_digits(m, s) for m in combos)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _sum_text(s: LogicalState, total: int, placed: int, blank) -> str:
    """``add up to 9`` and, with digits placed among the cells, what the empty ones lack."""
    if not placed:
        return f"add up to {total}"
    return f"add up to {total}, so the empty {_and([s.name(c) for c in blank])} to {total - placed}"


def cage_combinations(s: LogicalState) -> Step | None:
    """A candidate of a cage's cell that no set of different digits adding up to the cage's
    sum can use (given the candidates of the other cells) goes."""
    t, cands = s._t, s.cands
    for number, (total, cells) in enumerate(t.cages):
        blank, placed = _blank_part(s, cells)
        if not blank:
            continue
        usable, combos = sum_options(tuple(cands[c] for c in blank), total - placed)
        gone = _removals(s, blank, usable)
        if not gone or not combos:  # no combination at all: a contradiction, not a step
            continue
        names = " ".join(s.name(c) for c in cells)
        return Step(
            "Cage combinations",
            2.0,
            eliminations=gone,
            cells=tuple(cells),
            digits=tuple(sorted({d for _, d in gone})),
            unit=cage_name(number),
            text=f"Cage combinations: the digits of {cage_name(number)} ({names}) "
            f"{_sum_text(s, total, placed, blank)} "
            f"with different digits: {_options(s, combos)}; {_gone_text(s, gone)}.",
        )
    return None


#: The most cells of the innies or outies of several units that the rule of 45 reasons
#: about (their digits may repeat, so their assignments are searched one by one).
MAX_WIDE = 5


def _blocks(t) -> Iterator[tuple[str, int, tuple[int, ...]]]:
    """``(name, units, cells)`` of the tables ``t``: every unit, then every two and three
    adjacent rows and columns (their cells add up to 2 or 3 times a unit's sum)."""
    n = t.n
    for u, unit in enumerate(t.units):
        yield t.unit_names[u], 1, unit
    for width in (2, 3):
        for first in range(n - width + 1):
            rows = tuple(c for r in range(first, first + width) for c in t.units[r])
            yield f"rows {first + 1}-{first + width}", width, rows
            columns = tuple(
                sorted(c for col in range(first, first + width) for c in t.units[n + col])
            )
            yield f"columns {first + 1}-{first + width}", width, columns


def _virtual_cages(s: LogicalState) -> tuple[tuple[str, int, int, tuple[int, ...], str, int], ...]:
    """The rule of 45 for each block of units (:func:`_blocks`): ``(kind, sum of the
    cages, sum, cells, block name, units)`` of the innies (the cells of the block outside
    the cages inside it) and of the outies (the cells outside the block of the cages that
    cover it); for several units, only when there are at most :data:`MAX_WIDE` of them.
    They depend on the shape alone: made once and kept with its tables."""
    t = s._t
    if t.rule_of_45 is None:
        t.rule_of_45 = tuple(_rule_of_45(t))
    return t.rule_of_45


def _rule_of_45(t) -> Iterator[tuple[str, int, int, tuple[int, ...], str, int]]:
    whole = t.n * (t.n + 1) // 2
    cage_of: dict[int, int] = {}
    for number, (_, cells) in enumerate(t.cages):
        for c in cells:
            cage_of[c] = number
    for name, count, block in _blocks(t):
        inside = set(block)
        touching = sorted({cage_of[c] for c in block if c in cage_of})
        contained = [i for i in touching if inside.issuperset(t.cages[i][1])]
        covered = {c for i in contained for c in t.cages[i][1]}
        innies = tuple(c for c in block if c not in covered)
        if innies and len(innies) < len(block) and (count == 1 or len(innies) <= MAX_WIDE):
            caged = sum(t.cages[i][0] for i in contained)
            yield "innie", caged, count * whole - caged, innies, name, count
        if len(touching) > len(contained) and all(c in cage_of for c in block):
            outies = tuple(sorted(c for i in touching for c in t.cages[i][1] if c not in inside))
            if len(outies) <= MAX_WIDE:
                caged = sum(t.cages[i][0] for i in touching)
                yield "outie", caged, caged - count * whole, outies, name, count


def innies_outies(s: LogicalState) -> Step | None:
    """The rule of 45: the innies or outies of a unit, or of two or three adjacent rows or
    columns, reasoned about as a cage (whose digits differ where its cells see each other).
    Rated 2.2 for one unit, 0.2 more for each further unit."""
    if not s._t.cages:
        return None
    cands, peer_sets = s.cands, s._t.peer_sets
    whole = s.n * (s.n + 1) // 2
    for kind, caged, total, cells, block, count in _virtual_cages(s):
        blank, placed = _blank_part(s, cells)
        if not blank:
            continue
        left = total - placed
        masks = tuple(cands[c] for c in blank)
        sees = tuple(
            sum(1 << j for j in range(i) if blank[j] in peer_sets[c]) for i, c in enumerate(blank)
        )
        if all(m == (1 << i) - 1 for i, m in enumerate(sees)):  # all different: the cage arithmetic
            usable, combos = sum_options(masks, left)
        else:
            usable, combos = sum_options_seeing(masks, left, sees), None
        if not any(usable):
            continue  # no way to make the sum: a contradiction, not a step
        rating = round(2.2 + 0.2 * (count - 1), 1)
        side = "inside" if kind == "innie" else "covering"
        adds = f"{block} {'adds' if count == 1 else 'add'} up to {count * whole}"
        what = (
            f"the {kind} {s.name(cells[0])}"
            if len(cells) == 1
            else f"the {kind}s {_and([s.name(c) for c in cells])}"
        )
        them = "it" if count == 1 else "them"
        why = f"Innies and outies: {adds} and the cages {side} {them} to {caged}, so {what}"
        if len(blank) == 1:
            cell, sym = blank[0], s.symbol(left)
            if cands[cell] & (cands[cell] - 1) == 0:
                continue  # already a naked single
            ends = f"{'add' if len(cells) > 1 else 'adds'} up to {total}" if placed else ""
            return Step(
                "Innies and outies",
                rating,
                placements=((cell, left),),
                cells=tuple(cells),
                digits=(left,),
                unit=block,
                text=(
                    f"{why} "
                    f"{ends + ', so ' if ends else 'must be '}"
                    f"{s.name(cell) + ' = ' if ends else ''}{sym}"
                )
                + ("" if ends else f", so {s.name(cell)} = {sym}")
                + ".",
            )
        gone = _removals(s, blank, usable)
        if not gone:
            continue
        how = f" with different digits: {_options(s, combos)}" if combos is not None else ""
        return Step(
            "Innies and outies",
            rating,
            eliminations=gone,
            cells=tuple(cells),
            digits=tuple(sorted({d for _, d in gone})),
            unit=block,
            text=f"{why} {_sum_text(s, total, placed, blank)}{how}; {_gone_text(s, gone)}.",
        )
    return None


def locked_candidates(s: LogicalState) -> Step | None:
    """A digit of a unit whose places all lie where the unit crosses another set (a
    variant's unit or a group) leaves the rest of that set; a digit that every combination
    of a cage holds leaves the cells that see all its places in the cage."""
    if not s._t.crossings and not s._t.cages:
        return None  # the classic grid: nothing of the variants to lock
    step = _crossing_locked(s)
    return step if step is not None else _cage_locked(s)


def _crossing_locked(s: LogicalState) -> Step | None:
    t, cands, names = s._t, s.cands, s._t.set_names
    for u, v, shared, rest in t.crossings:
        unit = t.units[u]
        inside = 0
        for c in shared:
            inside |= cands[c]
        outside = 0
        for c in unit:
            if c not in shared:
                outside |= cands[c]
        for d in _bits(inside & ~outside):
            bit = 1 << (d - 1)
            gone = tuple((c, d) for c in rest if cands[c] & bit)
            if not gone:
                continue
            sym = s.symbol(d)
            where = _and([s.name(c) for c in shared if cands[c] & bit])
            return Step(
                "Locked candidates",
                2.8,
                eliminations=gone,
                cells=tuple(c for c in shared if cands[c] & bit),
                digits=(d,),
                unit=t.unit_names[u],
                text=f"Locked candidates: in {t.unit_names[u]}, {sym} fits only in {where}, all "
                f"in {names[v]}, "
                f"so remove {sym} from {_and([s.name(c) for c, _ in gone])}.",
            )
    return None


def _cage_locked(s: LogicalState) -> Step | None:
    """A digit in every set of digits that can make a cage's sum is in the cage: a cell
    outside it that sees every place of that digit in the cage cannot hold it."""
    t, cands = s._t, s.cands
    peer_sets = t.peer_sets
    for number, (total, cells) in enumerate(t.cages):
        blank, placed = _blank_part(s, cells)
        if len(blank) < 2:
            continue
        _, combos = sum_options(tuple(cands[c] for c in blank), total - placed)
        if not combos:
            continue
        required = combos[0]
        for m in combos[1:]:
            required &= m
        for d in _bits(required):
            bit = 1 << (d - 1)
            places = [c for c in blank if cands[c] & bit]
            seen = frozenset.intersection(*(peer_sets[c] for c in places)).difference(cells)
            gone = tuple((c, d) for c in sorted(seen) if cands[c] & bit)
            if not gone:
                continue
            sym = s.symbol(d)
            return Step(
                "Locked candidates",
                2.8,
                eliminations=gone,
                cells=tuple(places),
                digits=(d,),
                unit=cage_name(number),
                text="Locked candidates: every set of different digits that makes the sum of "
                f"{cage_name(number)} "
                f"({total}) holds {sym}, which fits in it only in "
                f"{_and([s.name(c) for c in places])}, "
                f"so remove {sym} from {_and([s.name(c) for c, _ in gone])}.",
            )
    return None


#: ``(technique, rating, finder, after)``: each finder goes into the order of trial right
#: after the classic technique named last.
FINDERS = (
    ("Cage single", 1.0, cage_single, "Full house"),
    ("Cage combinations", 2.0, cage_combinations, "Direct hidden pair"),
    ("Innies and outies", 2.2, innies_outies, "Cage combinations"),
    ("Locked candidates", 2.8, locked_candidates, "Claiming"),
)
