"""The rules that Sudoku Explainer's "Dynamic Forcing Chains (+)" (9.0 and up) apply inside a
chain: when a dynamic chain has nothing left to follow, the grid it has reduced so far is
searched for locked candidates, hidden pairs, naked pairs and X-Wings, in that order; the
first of these rules that finds something *because of the chain* (it needs a candidate the
chain removed: its *parents*) removes its candidates, and the chain goes on from there.

Each function takes the position (:class:`~clew.sudoku.logic.chains_graph.Graph`: its original
candidates and unit places) and the reduced ones (``work``: the candidate masks,
``wpos``: the places of each digit in each unit) and returns ``[(candidate removed,
parents), ...]`` in SE's order (the rules' own order of search; the candidates of one find
in reading order); the parents are "off" potentials, all removed by the chain.
"""

from __future__ import annotations

from .chains_graph import Graph

__all__ = ["advanced"]


def _pairs(count: int):
    """The pairs of 0..count-1 in SE's order (colex: (0, 1), (0, 2), (1, 2), (0, 3), ...)."""
    for b in range(1, count):
        for a in range(b):
            yield a, b


def _bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def _kind_units(g: Graph, kind: str) -> range:
    n = g.n
    return {"box": range(0, n), "row": range(n, 2 * n), "column": range(2 * n, 3 * n)}[kind]


def _locking(g: Graph, work, wpos) -> list:
    n, units = g.n, g.units
    out: list = []
    for k1, k2 in (("box", "column"), ("box", "row"), ("column", "box"), ("row", "box")):
        for u1 in _kind_units(g, k1):
            cells1 = set(units[u1])
            for u2 in _kind_units(g, k2):
                cells2 = set(units[u2])
                if not cells1 & cells2:
                    continue
                for d in range(n):
                    pm = wpos[u1 * n + d]
                    if pm.bit_count() <= 1:
                        continue
                    if any(units[u1][i] not in cells2 for i in _bits(pm)):
                        continue
                    gone = [c for c in units[u2] if c not in cells1 and work[c] >> d & 1]
                    if not gone:
                        continue
                    parents = tuple(
                        (c * n + d) << 1
                        for c in units[u1]
                        if g.cands[c] >> d & 1 and not work[c] >> d & 1 and c not in cells2
                    )
                    if parents:
                        out.extend((c * n + d, parents) for c in sorted(gone))
    return out


def _empty(g: Graph, u: int) -> int:
    return sum(1 for c in g.units[u] if g.cands[c])


def _hidden_pairs(g: Graph, work, wpos) -> list:
    n, units = g.n, g.units
    out: list = []
    for kind in ("box", "column", "row"):
        for u in _kind_units(g, kind):
            if _empty(g, u) <= 4:
                continue
            unit = units[u]
            for a, b in _pairs(n):
                pa, pb = wpos[u * n + a], wpos[u * n + b]
                if pa.bit_count() <= 1 or pb.bit_count() <= 1 or (pa | pb).bit_count() != 2:
                    continue
                keep = (1 << a) | (1 << b)
                where = pa | pb
                gone = [(unit[i], e) for i in _bits(where) for e in _bits(work[unit[i]] & ~keep)]
                if not gone:
                    continue
                parents = tuple(
                    (unit[i] * n + v) << 1
                    for i in range(n)
                    if not where >> i & 1
                    for v in (a, b)
                    if g.cands[unit[i]] >> v & 1
                )
                if parents:
                    out.extend((c * n + e, parents) for c, e in sorted(gone))
    return out


def _naked_pairs(g: Graph, work, wpos) -> list:
    n, units = g.n, g.units
    out: list = []
    for kind in ("box", "column", "row"):
        for u in _kind_units(g, kind):
            if _empty(g, u) < 4:
                continue
            unit = units[u]
            for i, j in _pairs(n):
                ca, cb = unit[i], unit[j]
                ma, mb = work[ca], work[cb]
                if ma.bit_count() <= 1 or mb.bit_count() <= 1 or (ma | mb).bit_count() != 2:
                    continue
                both = ma | mb
                gone = [(c, e) for c in unit if c != ca and c != cb for e in _bits(work[c] & both)]
                if not gone:
                    continue
                parents = tuple(
                    (c * n + v) << 1
                    for c in (ca, cb)
                    for v in range(n)
                    if g.cands[c] >> v & 1 and not both >> v & 1
                )
                if parents:
                    out.extend((c * n + e, parents) for c, e in sorted(gone))
    return out


def _x_wings(g: Graph, work, wpos) -> list:
    n, units = g.n, g.units
    out: list = []
    rows = range(n, 2 * n)
    placed = [sum(1 for r in rows if not g.pos[r * n + d]) for d in range(n)]
    for base, cover in (("column", "row"), ("row", "column")):
        base_units = list(_kind_units(g, base))
        cover_units = list(_kind_units(g, cover))
        for a, b in _pairs(n):
            for d in range(n):
                if placed[d] + 4 > n:
                    continue
                pa, pb = wpos[base_units[a] * n + d], wpos[base_units[b] * n + d]
                if pa.bit_count() <= 1 or pb.bit_count() <= 1 or (pa | pb).bit_count() != 2:
                    continue
                common = pa | pb
                gone = []
                for i in _bits(common):
                    line = units[cover_units[i]]
                    for j in _bits(wpos[cover_units[i] * n + d] & ~((1 << a) | (1 << b))):
                        gone.append(line[j])
                if not gone:
                    continue
                parents = []
                for x in (a, b):
                    for i, c in enumerate(units[base_units[x]]):
                        if g.cands[c] >> d & 1 and not work[c] >> d & 1 and not common >> i & 1:
                            parents.append((c * n + d) << 1)
                if parents:
                    out.extend((c * n + d, tuple(parents)) for c in sorted(gone))
    return out


_RULES = (_locking, _hidden_pairs, _naked_pairs, _x_wings)


def advanced(g: Graph, work, wpos) -> list:
    """What the first rule that the chain enables removes, with its parents (SE's
    getAdvancedPotentials at level 1), or ``[]``."""
    for rule in _RULES:
        found = rule(g, work, wpos)
        if found:
            return found
    return []
