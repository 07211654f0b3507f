"""Sudoku Explainer's "Forcing Chains & Cycles" (6.5 to 7.x): bidirectional cycles and
forcing chains that follow one line of links from one assumption.

SE tries every candidate of every cell with two candidates or more, in reading order, in
three passes:

* **X** (same-digit links only): bidirectional X-cycles (6.5) and forcing X-chains (6.6);
* **Y** (from two-candidate cells; off -> on only through two-candidate cells):
  bidirectional Y-cycles (6.5);
* **XY** (every link): bidirectional cycles and forcing chains (7.0).

A *cycle* is found by a breadth-first search from "x is on" that comes back to "x is on"
after four links or more; the search keeps the first way it reached each "on" candidate but
follows every "off" candidate again from each "on" (never one of its own ancestors). The
cycle removes the digit d from every cell outside it that sees a cell where the cycle puts
d on one way round and another where it puts d on the other way round. A *forcing chain*
is the first line (breadth first) from "x is on" to "x is off" (x goes) or from "x is off"
to "x is on" (x is placed).

Each find is a :class:`Hint`; SE takes the easiest (rating with the length penalty, then
complexity, then its kind: X before Y before XY, then the order found). :func:`best`
returns that one, and skips the searches that cannot beat the best found so far (the
rating only grows with the length), which does not change the answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from .chains_graph import Graph, difficulty

__all__ = ["Hint", "best"]

#: SE's sort keys of the kinds (its tie-break after rating and complexity)
_KEY_X, _KEY_Y, _KEY_XY = 2, 3, 4


@dataclass
class Hint:
    """One chain SE would consider.

    ``kind``: "cycle" or "forcing"; ``links``: "X", "Y" or "XY"; ``path``: the potentials
    (see :mod:`clew.sudoku.logic.chains_graph`) from the assumption to the conclusion;
    ``removable``: the candidates it removes; ``place``: the candidate it places, or -1.
    """

    rating: float
    complexity: int
    key: int
    seq: int
    kind: str
    links: str
    path: tuple
    removable: tuple
    place: int = -1

    def order(self):
        return (self.rating, self.complexity, self.key, self.seq)


def _cycles(g: Graph, c0: int, y: bool, x: bool, limit: int):
    """The cycles through "c0 on" (SE's doCycles), as paths of potentials from c0 round to
    c0; searched up to ``limit`` rounds (a cycle found at round r has complexity 2r)."""
    weak_y, weak_x, strong_y, strong_x = g.weak_y, g.weak_x, g.strong_y, g.strong_x
    on_par = {c0: -1}  # on candidate -> index of the "off" instance that first reached it
    on_anc = {c0: 0}  # on candidate -> its ancestors that are "off", as a bitset
    off_cand: list[int] = []
    off_par: list[int] = []
    found: list[int] = []
    pend_on = [c0]
    rounds = 0
    while pend_on and rounds < limit:
        rounds += 1
        first = len(off_cand)
        for p in pend_on:
            anc = on_anc[p]
            for o in weak_y[p] + weak_x[p] if y else weak_x[p]:
                if not anc >> o & 1:
                    off_cand.append(o)
                    off_par.append(p)
        pend_on = []
        for i in range(first, len(off_cand)):
            o = off_cand[i]
            ons = (strong_y[o] + strong_x[o] if x else strong_y[o]) if y else strong_x[o]
            for q in ons:
                if q == c0 and rounds >= 2:
                    found.append(i)
                if q not in on_par:
                    on_par[q] = i
                    on_anc[q] = on_anc[off_par[i]] | 1 << o
                    pend_on.append(q)
    paths = []
    for i in found:
        path = [c0 << 1 | 1]
        while i >= 0:
            path.append(off_cand[i] << 1)
            p = off_par[i]
            path.append(p << 1 | 1)
            i = on_par[p]
        path.reverse()  # from c0 (the assumption) round to c0
        paths.append(tuple(path))
    return paths


def _cycle_removable(g: Graph, path) -> tuple:
    """What a cycle removes: d from the cells outside it that see d "on" one way round and
    "on" the other way round (SE's rule, the cycle's own cells left alone)."""
    n = g.n
    cells = {pot >> 1 for pot in path}
    cells = {c // n for c in cells}
    forw = back = 0
    for pot in path[1:]:
        cand = pot >> 1
        m = 0
        for o in g.weak_x[cand]:
            if o // n not in cells:
                m |= 1 << o
        if pot & 1:
            forw |= m
        else:
            back |= m
    both = forw & back
    out = []
    while both:
        low = both & -both
        out.append(low.bit_length() - 1)
        both ^= low
    return tuple(out)


def _forcing(g: Graph, c0: int, start_on: bool, y: bool, limit: int):
    """SE's doForcingChains from "c0 on" (to "c0 off") or "c0 off" (to "c0 on"): the path of
    potentials of the first (breadth first) chain, or None; ``limit`` rounds at most."""
    weak_y, weak_x, strong_y, strong_x = g.weak_y, g.weak_x, g.strong_y, g.strong_x
    to_on: dict[int, int] = {}
    to_off: dict[int, int] = {}
    if start_on:
        to_on[c0] = -1
        pend_on, pend_off = [c0], []
    else:
        to_off[c0] = -1
        pend_on, pend_off = [], [c0]
    rounds = 0
    end = None
    while (pend_on or pend_off) and end is None and rounds <= limit:
        rounds += 1
        for p in pend_on:
            for o in weak_y[p] + weak_x[p] if y else weak_x[p]:
                if o == c0 and start_on:
                    end = (o << 1, p)
                    break
                if o not in to_off:
                    to_off[o] = p
                    pend_off.append(o)
            if end:
                break
        pend_on = []
        if end:
            break
        for o in pend_off:
            for q in strong_y[o] + strong_x[o] if y else strong_x[o]:
                if q == c0 and not start_on:
                    end = (q << 1 | 1, o)
                    break
                if q not in to_on:
                    to_on[q] = o
                    pend_on.append(q)
            if end:
                break
        pend_off = []
    if end is None:
        return None
    path = [end[0]]
    node = end[1]
    on = not end[0] & 1  # the parent's value is the opposite of the child's
    while node >= 0:
        path.append(node << 1 | on)
        node = to_on[node] if on else to_off[node]
        on = not on
    path.reverse()
    return tuple(path)


_BASES = {
    ("cycle", "X"): 6.5,
    ("cycle", "Y"): 6.5,
    ("cycle", "XY"): 7.0,
    ("forcing", "X"): 6.6,
    ("forcing", "XY"): 7.0,
}
_KEYS = {"X": _KEY_X, "Y": _KEY_Y, "XY": _KEY_XY}


def _rounds(base: float, bound: tuple | None) -> int:
    """How many rounds a search may still run: a find at round r has complexity 2r (a
    forcing chain's may be one more, so one round of slack) and it must not rate above the
    best so far."""
    if bound is None:
        return 10**9
    r = 1
    while difficulty(base, 2 * r) <= bound[0]:
        r += 1
    return r


def best(g: Graph) -> Hint | None:
    """The hint SE's "Forcing Chains & Cycles" gives first on this position, or None."""
    n = g.n
    cands = g.cands
    top: Hint | None = None
    seq = 0

    def offer(kind: str, links: str, path) -> None:
        nonlocal seq, top
        seq += 1
        complexity = len({p for p in path})
        base = _BASES[kind, links]
        hint = Hint(
            difficulty(base, complexity), complexity, _KEYS[links], seq, kind, links, path, ()
        )
        if top is not None and hint.order() >= top.order():
            return
        if kind == "cycle":
            hint.removable = _cycle_removable(g, path)
        else:
            target = path[-1]
            if target & 1:  # placed: the other candidates of the cell go
                cell = (target >> 1) // n
                hint.place = target >> 1
                hint.removable = tuple(
                    cell * n + d
                    for d in range(n)
                    if cands[cell] >> d & 1 and cell * n + d != target >> 1
                )
            else:
                hint.removable = (target >> 1,)
        if not hint.removable:
            return
        top = hint

    for links in ("X", "Y", "XY"):
        y, x = links != "X", links != "Y"
        if links == "XY" and top is not None and top.rating < 7.0:
            break  # every XY find rates 7.0 or more
        for cell in range(n * n):
            m = cands[cell]
            count = m.bit_count()
            if count < 2 or (links == "Y" and count > 2):
                continue
            for d in range(n):
                if not m >> d & 1:
                    continue
                c0 = cell * n + d
                bound = None if top is None else (top.rating,)
                base = 7.0 if links == "XY" else 6.5
                for path in _cycles(g, c0, y, x, _rounds(base, bound)):
                    offer("cycle", links, path)
                if x:
                    fbase = 7.0 if links == "XY" else 6.6
                    bound = None if top is None else (top.rating,)
                    limit = _rounds(fbase, bound)
                    for start_on in (True, False):
                        path = _forcing(g, c0, start_on, y, limit)
                        if path is not None:
                            offer("forcing", "XY" if y else "X", path)
    return top
