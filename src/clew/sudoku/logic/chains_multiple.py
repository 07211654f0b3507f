"""Sudoku Explainer's forcing chains that follow every consequence of an assumption at once:
Nishio (7.5), multiple (cell and region, 8.0) and dynamic forcing chains (8.5).

Propagation
-----------
:func:`propagate` is SE's chaining: from the potentials assumed on and off, it derives
every potential that must follow, breadth first (one pending "on" if there is one, else
one pending "off"), each reached once with the potentials that caused it (its parents), and
stops at the first potential that would be both on and off (a contradiction).

* *static* (multiple chains): the links are those of the position (:class:`Graph`);
* *dynamic* (Nishio, dynamic chains): each "off" potential leaves the grid when it is
  followed, so later links see the reduced grid ("the only other candidate left"); the
  candidates removed on the way that make a link strong become its extra parents;
* *Nishio*: dynamic, same-digit links only.

Hints
-----
For each cell of 2 or more candidates (3 or more for static multiple chains), in reading
order, and each of its candidates x:

* contradiction (dynamic, Nishio): "x on" (or "x off") leads to a contradiction, so x goes
  (or is placed);
* double (dynamic, 3 candidates or more): "x on" and "x off" lead to the same potential;
* region: every place of x's digit in a unit (x the first place) leads to the same potential;
* cell: every candidate of the cell leads to the same potential.

A hint's *complexity* is the number of distinct potentials its chains use (ancestors of
its conclusions, counted per chain); SE sorts the hints by rating (base + length penalty),
complexity, kind (double 1, cell 5, region 6, contradiction 7) and the order found, and
takes the first: :func:`best` returns that one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .chains_graph import Graph, difficulty
from .chains_nested import advanced

__all__ = ["MHint", "Run", "best", "propagate"]

#: SE's sort keys (tie-break after rating and complexity)
_KEY_DOUBLE, _KEY_CELL, _KEY_REGION, _KEY_ABSURD = 1, 5, 6, 7


@dataclass
class Run:
    """What follows from an assumption: ``on`` / ``off`` map each candidate reached to its
    parents (potentials), in the order reached; ``anc_on`` / ``anc_off`` to the bitset of
    its ancestors (itself included, bit = potential); ``absurd``: ``(on potential's
    parents, off potential's parents, candidate)`` of the first contradiction, or None."""

    on: dict
    off: dict
    anc_on: dict
    anc_off: dict
    absurd: tuple | None = None

    def anc(self, pot: int) -> int:
        return self.anc_on[pot >> 1] if pot & 1 else self.anc_off[pot >> 1]

    def parents(self, pot: int) -> tuple:
        return self.on[pot >> 1] if pot & 1 else self.off[pot >> 1]


def propagate(
    g: Graph, on0: tuple, off0: tuple, y: bool, dynamic: bool, level: int = 0, stop: int = -1
) -> Run:
    """SE's doChaining from the candidates assumed on (``on0``) and off (``off0``); with
    ``level`` 1 (dynamic only), the rules of :mod:`clew.sudoku.logic.chains_nested` go on from
    where the links stop. With ``stop`` (a potential), the run ends as soon as it reaches
    that potential: what it holds then is what the whole run holds of the potential and its
    ancestors (reached in the same order), all that writing one chain to it needs."""
    n = g.n
    # The links are read off the candidates as each potential is followed, not taken from
    # the graph's link lists: a run reaches a few hundred potentials, while building the
    # lists visits every candidate's peers (it took more time than the runs that used them).
    src, spos = g.cands, g.pos
    peers, units, houses, index_in = g.peers, g.units, g.houses, g.index_in
    on: dict = {}
    off: dict = {}
    anc_on: dict = {}
    anc_off: dict = {}
    for c in on0:
        on[c] = ()
        anc_on[c] = 1 << (c << 1 | 1)
    for c in off0:
        off[c] = ()
        anc_off[c] = 1 << (c << 1)
    pend_on = list(on0)
    pend_off = list(off0)
    i_on = i_off = 0
    # dynamic: the candidates (and places) left as the chain removes them; static: the
    # position's own, never changed
    work = list(src) if dynamic else src
    wpos = list(spos) if dynamic else spos
    while i_on < len(pend_on) or i_off < len(pend_off):
        if i_on < len(pend_on):
            p = pend_on[i_on]
            i_on += 1
            a = anc_on[p]
            pot = p << 1 | 1
            # on -> off: the cell's other candidates (Y), then the digit in the peers (X), in
            # SE's order (Graph.weak_y, Graph.weak_x), those still in the grid
            cell, d = divmod(p, n)
            base = cell * n
            offs = [base + e for e in _bits(work[cell] & ~(1 << d))] if y else []
            bit = 1 << d
            offs += [q * n + d for q in peers[cell] if work[q] & bit]
            for o in offs:
                if o in on:
                    return Run(
                        on, off, anc_on, anc_off, (on[o], (pot,), o, anc_on[o], a | 1 << (o << 1))
                    )
                if o not in off:
                    off[o] = (pot,)
                    anc_off[o] = a | 1 << (o << 1)
                    pend_off.append(o)
                    if o << 1 == stop:
                        return Run(on, off, anc_on, anc_off, None)
        else:
            p = pend_off[i_off]
            i_off += 1
            a = anc_off[p]
            pot = p << 1
            if not dynamic:
                ons: list = [(q, (pot,), a) for q in _strong(g, p, y)]
            else:
                ons = []
                cell, d = divmod(p, n)
                wc = work[cell]
                if y and wc.bit_count() == 2:
                    e = (wc & ~(1 << d)).bit_length() - 1
                    pars = [pot]
                    anc = a
                    gone = src[cell] & ~wc
                    while gone:
                        low = gone & -gone
                        h = cell * n + low.bit_length() - 1
                        pars.append(h << 1)
                        anc |= anc_off[h]
                        gone ^= low
                    ons.append((cell * n + e, tuple(pars), anc))
                for u in houses[cell]:
                    pm = wpos[u * n + d]
                    if pm.bit_count() != 2:
                        continue
                    unit = units[u]
                    q = unit[(pm & ~(1 << index_in[u][cell])).bit_length() - 1] * n + d
                    if any(q == t[0] for t in ons):
                        continue
                    pars = [pot]
                    anc = a
                    gone = spos[u * n + d] & ~pm
                    while gone:
                        low = gone & -gone
                        h = unit[low.bit_length() - 1] * n + d
                        pars.append(h << 1)
                        anc |= anc_off[h]
                        gone ^= low
                    ons.append((q, tuple(pars), anc))
                # the potential leaves the grid once followed
                work[cell] = wc & ~(1 << d)
                for u in houses[cell]:
                    wpos[u * n + d] &= ~(1 << index_in[u][cell])
            for q, pars, anc in ons:
                if q in off:
                    return Run(
                        on,
                        off,
                        anc_on,
                        anc_off,
                        (pars, off[q], q, anc | 1 << (q << 1 | 1), anc_off[q]),
                    )
                if q not in on:
                    on[q] = pars
                    anc_on[q] = anc | 1 << (q << 1 | 1)
                    pend_on.append(q)
                    if q << 1 | 1 == stop:
                        return Run(on, off, anc_on, anc_off, None)
        if level and i_on == len(pend_on) and i_off == len(pend_off):
            for o, pars in advanced(g, work, wpos):
                if o not in off:
                    off[o] = pars
                    a = 1 << (o << 1)
                    for h in pars:
                        a |= anc_off[h >> 1]
                    anc_off[o] = a
                    pend_off.append(o)
                    if o << 1 == stop:
                        return Run(on, off, anc_on, anc_off, None)
    return Run(on, off, anc_on, anc_off, None)


def _bits(m: int):
    """The set bits of ``m``, ascending."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def _strong(g: Graph, p: int, y: bool) -> list:
    """off -> on from candidate ``p`` in the position: the cell's only other candidate (Y,
    if ``y``), then the digit's only other place in each unit (X: box, row, column, each
    candidate once), as :attr:`Graph.strong_y` + :attr:`Graph.strong_x` list them."""
    n = g.n
    cell, d = divmod(p, n)
    m = g.cands[cell]
    out = []
    if y and m.bit_count() == 2:
        out.append(cell * n + (m & ~(1 << d)).bit_length() - 1)
    for u in g.houses[cell]:
        pm = g.pos[u * n + d]
        if pm.bit_count() == 2:
            o = g.units[u][(pm & ~(1 << g.index_in[u][cell])).bit_length() - 1] * n + d
            if o not in out:
                out.append(o)
    return out


@dataclass
class MHint:
    """A hint of the multiple / dynamic producers.

    ``kind``: "contradiction", "double", "cell" or "region"; ``source``: the assumption
    (potential) of a contradiction or double hint, the cell of a cell hint, ``(unit, digit)``
    of a region hint; ``target``: the concluded potential (a contradiction's: the candidate
    both on and off); ``branches``: ``(assumption potential, run)`` per chain;
    ``removable``: candidates removed; ``place``: the candidate placed, or -1."""

    rating: float
    complexity: int
    key: int
    seq: int
    kind: str
    source: Any  # the assumption potential, the cell, or (unit, digit)
    target: int
    branches: list = field(default_factory=list)
    removable: tuple = ()
    place: int = -1

    def order(self):
        return (self.rating, self.complexity, self.key, self.seq)


def _popcount(x: int) -> int:
    return x.bit_count()


def best(
    g: Graph, base: float, multiple: bool, dynamic: bool, nishio: bool, level: int = 0
) -> MHint | None:
    """The hint SE's producer gives first (Nishio: ``dynamic`` and ``nishio``; multiple:
    ``multiple``; dynamic: ``multiple`` and ``dynamic``), or None."""
    n = g.n
    cands = g.cands
    y = not nishio
    on_runs: dict = {}
    off_runs: dict = {}

    def run_on(c: int) -> Run:
        r = on_runs.get(c)
        if r is None:
            r = on_runs[c] = propagate(g, (c,), (), y, dynamic, level)
        return r

    def run_off(c: int) -> Run:
        r = off_runs.get(c)
        if r is None:
            r = off_runs[c] = propagate(g, (), (c,), y, dynamic, level)
        return r

    top: list = [None]
    seq = [0]

    def others(cand: int) -> tuple:
        cell, d = divmod(cand, n)
        m = cands[cell] & ~(1 << d)
        return tuple(cell * n + e for e in range(n) if m >> e & 1)

    def offer(kind, key, source, target_pot, complexity, branches) -> None:
        seq[0] += 1
        rating = difficulty(base, complexity)
        t = top[0]
        if t is not None and (rating, complexity, key, seq[0]) >= t.order():
            return
        cand = target_pot >> 1
        if target_pot & 1:
            removable, place = others(cand), cand
        else:
            removable, place = (cand,), -1
        if not removable:
            return
        top[0] = MHint(
            rating, complexity, key, seq[0], kind, source, target_pot, branches, removable, place
        )

    for cell in range(n * n):
        m = cands[cell]
        card = m.bit_count()
        if not (card > 2 or (card > 1 and dynamic)):
            continue
        cell_on = None
        cell_off = None
        runs = []
        for d in range(n):
            if not m >> d & 1:
                continue
            c = cell * n + d
            r_on = run_on(c)
            do_double = card >= 3 and not nishio and dynamic
            do_absurd = dynamic or nishio
            r_off = run_off(c) if (do_double or do_absurd) else None
            if do_absurd and r_on.absurd is not None:
                _, _, q, a1, a2 = r_on.absurd
                offer(
                    "contradiction",
                    _KEY_ABSURD,
                    c << 1 | 1,
                    c << 1,
                    _popcount(a1) + _popcount(a2),
                    [(c << 1 | 1, r_on)],
                )
            # r_off is run whenever do_absurd or do_double
            if do_absurd and r_off is not None and r_off.absurd is not None:
                _, _, q, a1, a2 = r_off.absurd
                offer(
                    "contradiction",
                    _KEY_ABSURD,
                    c << 1,
                    c << 1 | 1,
                    _popcount(a1) + _popcount(a2),
                    [(c << 1, r_off)],
                )
            if do_double:
                assert r_off is not None  # run above: do_double
                for q in r_on.on:
                    if q in r_off.on:
                        offer(
                            "double",
                            _KEY_DOUBLE,
                            c << 1 | 1,
                            q << 1 | 1,
                            _popcount(r_on.anc_on[q]) + _popcount(r_off.anc_on[q]),
                            [(c << 1 | 1, r_on), (c << 1, r_off)],
                        )
                for q in r_on.off:
                    if q in r_off.off:
                        offer(
                            "double",
                            _KEY_DOUBLE,
                            c << 1 | 1,
                            q << 1,
                            _popcount(r_on.anc_off[q]) + _popcount(r_off.anc_off[q]),
                            [(c << 1 | 1, r_on), (c << 1, r_off)],
                        )
            if not nishio:
                _regions(g, cell, d, multiple, run_on, offer)
            runs.append((c << 1 | 1, r_on))
            if cell_on is None:
                cell_on = dict.fromkeys(r_on.on)
                cell_off = dict.fromkeys(r_on.off)
            else:
                assert cell_off is not None  # set with cell_on
                cell_on = {q: None for q in cell_on if q in r_on.on}
                cell_off = {q: None for q in cell_off if q in r_on.off}
        if not nishio and (card == 2 or (multiple and card > 2)):
            assert cell_on is not None and cell_off is not None  # a cell of two or more
            for q in cell_on:
                offer(
                    "cell",
                    _KEY_CELL,
                    cell,
                    q << 1 | 1,
                    sum(_popcount(r.anc_on[q]) for _, r in runs),
                    runs,
                )
            for q in cell_off:
                offer(
                    "cell",
                    _KEY_CELL,
                    cell,
                    q << 1,
                    sum(_popcount(r.anc_off[q]) for _, r in runs),
                    runs,
                )
    return top[0]


def _regions(g: Graph, cell: int, d: int, multiple: bool, run_on, offer) -> None:
    """SE's region chains of digit d from ``cell`` (only where ``cell`` is the unit's first
    place for d, so that each unit is tried once)."""
    n = g.n
    for u in g.houses[cell]:
        pm = g.pos[u * n + d]
        count = pm.bit_count()
        if not (count == 2 or (multiple and count > 2)):
            continue
        unit = g.units[u]
        if unit[(pm & -pm).bit_length() - 1] != cell:
            continue
        runs = []
        region_on = region_off = None
        while pm:
            low = pm & -pm
            pm ^= low
            c = unit[low.bit_length() - 1] * n + d
            r = run_on(c)
            runs.append((c << 1 | 1, r))
            if region_on is None:
                region_on = dict.fromkeys(r.on)
                region_off = dict.fromkeys(r.off)
            else:
                assert region_off is not None  # set with region_on
                region_on = {q: None for q in region_on if q in r.on}
                region_off = {q: None for q in region_off if q in r.off}
        assert region_on is not None and region_off is not None  # a unit of two places or more
        for q in region_on:
            offer(
                "region",
                _KEY_REGION,
                (u, d),
                q << 1 | 1,
                sum(_popcount(r.anc_on[q]) for _, r in runs),
                runs,
            )
        for q in region_off:
            offer(
                "region",
                _KEY_REGION,
                (u, d),
                q << 1,
                sum(_popcount(r.anc_off[q]) for _, r in runs),
                runs,
            )
