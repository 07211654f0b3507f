"""The techniques of the logical solver (:mod:`clew.sudoku.logic`): each finder looks at a
position and returns its first :class:`Step`, or None.

A finder only reads the position (its placed digits, the candidate bitmasks of its blanks,
bit ``d - 1`` for digit ``d``, and the grid's tables of units, peers and names); the engine
in :mod:`clew.sudoku.logic` decides which finder runs when and plays the steps.

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

:data:`FINDERS` lists them in that order, the order in which the engine looks for a step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .geometry import cell_name

if TYPE_CHECKING:
    from .logic import LogicalState

__all__ = ["FINDERS", "TECHNIQUES", "Step"]


@dataclass(frozen=True)
class Step:
    """One deduction: what a technique found, what it changes, and why in one sentence.

    An immutable value (equal steps compare and hash equal), made by the logical solver
    (:func:`clew.sudoku.hint`, :func:`clew.sudoku.explain`, :meth:`LogicalState.next_step
    <clew.sudoku.logic.LogicalState.next_step>`); :meth:`to_dict` gives it as plain JSON
    data for an app.

    Cells are given as 0-based indices in reading order (``r * n + c``: 0 is the top-left
    cell, ``n * n - 1`` the bottom-right one); their names, such as ``r1c6``, count rows and
    columns from 1, as the sentence does. Digits are numbers ``1..n`` (the sentence writes
    them in the puzzle's alphabet).

    Attributes
    ----------
    technique : str
        The technique's name, as in :data:`TECHNIQUES` (``"Hidden single"``).
    rating : float
        Its difficulty on Sudoku Explainer's scale (see the module documentation).
    placements : tuple of (int, int)
        ``(cell index, digit)`` pairs: the digits the step places.
    eliminations : tuple of (int, int)
        ``(cell index, digit)`` pairs: the candidates the step removes.
    cells : tuple of int
        The cell indices of the pattern (the cells the reasoning uses).
    digits : tuple of int
        The digits of the pattern.
    unit : str or None
        The row, column or box the step works in (``"row 4"``), ``None`` for patterns over
        several units (fish, wings, colouring).
    text : str
        The step in one sentence (also ``str(step)``).
    n : int
        The side of the grid (4, 9, 16 or 25) that names the cells; 0 for a step built by
        hand without it (its cells then have no names in :meth:`to_dict`).

    Examples
    --------
    >>> from clew import sudoku
    >>> step = sudoku.hint("..3.4.........42")
    >>> step.technique, step.rating, step.placements, step.unit
    ('Hidden single', 1.2, ((5, 3),), 'box 1')
    >>> print(step)
    Hidden single: in box 1, 3 fits only in r2c2, so r2c2 = 3.
    >>> step.to_dict()["placements"]
    [{'index': 5, 'name': 'r2c2', 'digit': 3}]
    """

    technique: str
    rating: float
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    unit: str | None = None
    text: str = ""
    n: int = 0

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict:
        """The step as plain data that :func:`json.dumps` writes as it is.

        Returns
        -------
        dict
            ``technique``, ``rating``, ``unit``, ``text``, ``n`` (the side of the grid) and

            * ``cells``: the pattern's cells, each ``{"index", "name"}``;
            * ``digits``: the pattern's digits;
            * ``placements`` and ``eliminations``: each ``{"index", "name", "digit"}``.

            ``index`` is the 0-based cell index in reading order (``row * n + column``,
            both from 0); ``name`` is ``"r<row>c<column>"`` counted from 1 (``None`` when
            ``n`` is 0). So ``{"index": 5, "name": "r1c6"}`` on a 9x9 grid is row 1,
            column 6 for a reader, ``5`` for a program.

        Examples
        --------
        >>> import json
        >>> from clew import sudoku
        >>> step = sudoku.hint("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> print(json.dumps(step.to_dict(), indent=1))
        {
         "technique": "Hidden single",
         "rating": 1.2,
         "unit": "box 2",
         "cells": [
          {
           "index": 5,
           "name": "r1c6"
          }
         ],
         "digits": [
          8
         ],
         "placements": [
          {
           "index": 5,
           "name": "r1c6",
           "digit": 8
          }
         ],
         "eliminations": [],
         "text": "Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8.",
         "n": 9
        }
        """

        def cell(index: int) -> dict:
            return {"index": index, "name": cell_name(index, self.n) if self.n else None}

        return {
            "technique": self.technique,
            "rating": self.rating,
            "unit": self.unit,
            "cells": [cell(c) for c in self.cells],
            "digits": list(self.digits),
            "placements": [{**cell(c), "digit": d} for c, d in self.placements],
            "eliminations": [{**cell(c), "digit": d} for c, d in self.eliminations],
            "text": self.text,
            "n": self.n,
        }


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
FINDERS: tuple[tuple[str, float, Callable[[LogicalState], Step | None]], ...] = (
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
TECHNIQUES: tuple[tuple[str, float], ...] = tuple((name, rating) for name, rating, _ in FINDERS)
