"""Sudoku Explainer's chaining techniques: cycles, forcing chains, Nishio, multiple and
dynamic forcing chains, rated as Sudoku Explainer 1.2.1 (SE) rates them.

:data:`CHAIN_FINDERS` lists ``(producer, base rating, finder)`` in SE's order of trial; each
``finder(state)`` takes a :class:`~clew.sudoku.logic.solver.LogicalState` and returns the
:class:`~clew.sudoku.logic.techniques.Step` SE would take from that producer, or None. SE collects
every hint of a producer and takes the easiest: lowest rating (base plus a length penalty,
:func:`clew.sudoku.logic.chains_graph.length_penalty`), then lowest complexity (the number of
potentials the chains use), then its kind, then the order found; the finders return that
one, with its rating, what it removes or places, and the chain written as its links.

=======================================  =====  ==================================================
producer                                 base   steps (technique of the step)
=======================================  =====  ==================================================
Forcing Chains & Cycles                  6.5    Bidirectional X-Cycle, Y-Cycle (6.5), Bidirectional
                                                Cycle (7.0), Forcing X-Chain / Turbot Fish (6.6),
                                                Forcing Chain (7.0)
Nishio Forcing Chains                    7.5    an assumption that contradicts itself by
                                                same-digit links (dynamic)
Multiple Forcing Chains                  8.0    Cell / Region Forcing Chains: every candidate of a
                                                cell, or every place of a digit in a unit, leads
                                                to the same conclusion
Dynamic Forcing Chains                   8.5    Dynamic Contradiction / Double / Cell / Region
                                                Forcing Chains: the candidates removed along a
                                                chain count for the rest of it
Dynamic Forcing Chains (+)               9.0    the same, each chain also using locked candidates,
                                                hidden and naked pairs and X-Wings
=======================================  =====  ==================================================

A chain is written as its candidates joined by their links: ``-`` where "on" turns the next
candidate off (the same cell, or the same digit in a unit), ``=`` where "off" turns the next
one on (the only other candidate of a cell, or the only other place in a unit), e.g.
``r5c9=4 - r5c3=4 = r6c2=4 - r6c9=4 = r4c9=4 - r5c9=4``.

>>> [(name, base) for name, base, _ in CHAIN_FINDERS][:3]
[('Forcing Chains & Cycles', 6.5), ('Nishio Forcing Chains', 7.5), ('Multiple Forcing Chains', 8.0)]

A position where SE 1.2.1 takes cell forcing chains (rated 8.3: 8.0 and 0.3 for the length):

>>> from clew.sudoku.logic.solver import LogicalState
>>> s = LogicalState.from_pencilmarks('''
... 7    126  8       | 459   4569 4569   | 3   1456  125
... 49   36   469     | 2     3456 1      | 67  457   8
... 5    1236 1246    | 78    346  78     | 269 146   129
... 189  4    179     | 3579  59   3579   | 18  2     6
... 3    126  1269    | 49    8    2469   | 147 157   57
... 268  57   2567    | 1     246  2467   | 48  9     3
... 12   9    1357    | 6     125  358    | 127 38    4
... 1246 8    12346   | 349   7    2349   | 5   136   129
... 1246 57   1234567 | 34589 124  234589 | 269 13678 1279''')
>>> forcing_chains_and_cycles(s) is None and nishio_forcing_chains(s) is None
True
>>> step = multiple_forcing_chains(s)
>>> step.technique, step.rating, step.eliminations
('Cell Forcing Chains', 8.3, ((56, 1),))
>>> print(step)  # doctest: +NORMALIZE_WHITESPACE
Cell Forcing Chains: each candidate of r7c5 leads to r7c3<>1: r7c5=1 - r7c3=1;
r7c5=2 - r7c1=2 = r7c1=1 - r7c3=1; r7c5=5 - r2c5=5 = r2c8=5 - r2c8=7 = r2c7=7 - r7c7=7 =
r7c3=7 - r7c3=1; so remove 1 from r7c3.

Chains are searched on grids up to 12x12 (:mod:`clew.sudoku.logic.tables`: ``chains``); on
larger ones the finders return None. The numba kernels
(:mod:`clew.sudoku.compiled._kernels_chains_unary`,
:mod:`clew.sudoku.compiled._kernels_chains`) choose the hint, the plain Python modules
(:mod:`.chains_unary`, :mod:`.chains_multiple`, :mod:`.chains_nested`) are their references
(``FAST = False`` uses them) and follow the one
chosen chain again to write it.
"""

from __future__ import annotations

from ..._kernel_cache import announce
from .chains_graph import Graph, difficulty, graph
from .chains_multiple import MHint, Run, propagate
from .chains_multiple import best as _best_multiple
from .chains_unary import Hint
from .chains_unary import best as _best_unary
from .step import Step

#: use the numba kernels (the plain Python references otherwise: same steps, slower)
FAST = True

__all__ = [
    "CHAIN_FINDERS",
    "dynamic_forcing_chains",
    "dynamic_forcing_chains_plus",
    "forcing_chains_and_cycles",
    "multiple_forcing_chains",
    "nishio_forcing_chains",
    "prefer_plus",
]


def _round(x: float) -> float:
    return round(x + 1e-9, 1)


def _chain_text(g: Graph, path) -> str:
    """A line of potentials written as its candidates joined by ``-`` (on -> off) and
    ``=`` (off -> on)."""
    parts = [g.cand_text(path[0] >> 1)]
    for pot in path[1:]:
        parts.append("-" if not pot & 1 else "=")
        parts.append(g.cand_text(pot >> 1))
    return " ".join(parts)


def _removal_text(g: Graph, removable) -> str:
    by_digit: dict[int, list[str]] = {}
    for cand in removable:
        cell, d = divmod(cand, g.n)
        by_digit.setdefault(d + 1, []).append(g.names[cell])
    return "; ".join(f"remove {d} from {', '.join(cells)}" for d, cells in sorted(by_digit.items()))


def _unary_name(g: Graph, h: Hint) -> str:
    if h.kind == "cycle":
        if h.links == "XY":
            return "Bidirectional Cycle"
        if h.links == "Y":
            return "Bidirectional Y-Cycle"
        cells = {(p >> 1) // g.n for p in h.path}
        return "Generalized X-Wing" if len(cells) == 4 else "Bidirectional X-Cycle"
    if h.links == "XY":
        return "Forcing Chain"
    return "Turbot Fish" if h.complexity == 6 else "Forcing X-Chain"


def _unary_step(g: Graph, h: Hint) -> Step:
    n = g.n
    name = _unary_name(g, h)
    chain = _chain_text(g, h.path)
    cells = tuple(dict.fromkeys((p >> 1) // n for p in h.path))
    digits = tuple(sorted({(p >> 1) % n + 1 for p in h.path}))
    if h.kind == "cycle":
        removal = _removal_text(g, h.removable)
        text = f"{name}: {chain} is a loop that holds both ways round, so {removal}."
        return Step(
            name,
            _round(h.rating),
            eliminations=tuple((c // n, c % n + 1) for c in h.removable),
            cells=cells,
            digits=digits,
            text=text,
        )
    end = h.path[-1]
    if end & 1:
        cand = end >> 1
        cell, d = divmod(cand, n)
        text = (
            f"{name}: {chain}: if {g.names[cell]} were not {d + 1} it would be {d + 1}, "
            f"so {g.names[cell]} = {d + 1}."
        )
        return Step(
            name,
            _round(h.rating),
            placements=((cell, d + 1),),
            cells=cells,
            digits=digits,
            text=text,
        )
    cand = end >> 1
    cell, d = divmod(cand, n)
    text = (
        f"{name}: {chain}: if {g.names[cell]} were {d + 1} it would not be, "
        f"so remove {d + 1} from {g.names[cell]}."
    )
    return Step(
        name, _round(h.rating), eliminations=((cell, d + 1),), cells=cells, digits=digits, text=text
    )


def _graph(state) -> Graph | None:
    """The chain graph of the position, or None on a grid too large for the chains
    (:mod:`clew.sudoku.logic.tables`: ``chains``)."""
    if not state._t.chains:
        return None
    return graph(state)


#: the kernels a rating loads once it reaches the chains (numba is loaded from then on, and
#: the screen, unique loops and aligned exclusion use their kernels too)
_RATING_KERNELS = (
    "sudoku/compiled/_kernels_chains_unary.py",
    "sudoku/compiled/_kernels_chains.py",
    "sudoku/compiled/_kernels_chains_rules.py",
    "sudoku/compiled/_kernels_screen.py",
    "sudoku/compiled/_kernels_uniqueness.py",
    "sudoku/compiled/_kernels_exclusion.py",
)
_announced = False


def _announce() -> None:
    """Say once per process, through the installed announcer, which of the rating's kernels
    must be compiled first (the first rating after an install: tens of seconds)."""
    global _announced
    if not _announced:
        _announced = True
        announce(*_RATING_KERNELS, job="sudoku rating")


def best_unary_fast(g: Graph) -> Hint | None:
    """:func:`clew.sudoku.logic.chains_unary.best` by the numba kernel: the same hint (the kernel
    chooses it; that one chain is then found again in Python to write it)."""
    _announce()
    from ..compiled import _kernels_chains_unary as ku
    from .chains_unary import _BASES, _KEYS, _cycle_removable, _cycles, _forcing

    peers, npeer, houses, where, units = _kernel_tables(g)
    cands, pos = _arrays(g)
    ans, best = ku.best_unary(g.n, cands, peers, npeer, houses, where, units, pos)
    if not ans[ku.A_FOUND]:
        return None
    links = ("X", "Y", "XY")[int(ans[ku.A_PASS])]
    y, x = links != "X", links != "Y"
    c0, index = int(ans[ku.A_START]), int(ans[ku.A_INDEX])
    n = g.n
    if ans[ku.A_KIND] == 0:
        # a cycle found at round r has complexity 2r: no need to search further
        path = _cycles(g, c0, y, x, int(ans[ku.A_COMPLEXITY]) // 2)[index]
        kind, removable, place = "cycle", _cycle_removable(g, path), -1
    else:
        path = _forcing(g, c0, bool(index), y, int(ans[ku.A_COMPLEXITY]))
        kind = "forcing"
        target = path[-1]
        if target & 1:
            cell = c0 // n
            place = c0
            removable = tuple(
                cell * n + d for d in range(n) if g.cands[cell] >> d & 1 and cell * n + d != c0
            )
        else:
            removable, place = (c0,), -1
    complexity = len(set(path))
    return Hint(
        difficulty(_BASES[kind, links], complexity),
        complexity,
        _KEYS[links],
        int(ans[ku.A_SEQ]),
        kind,
        links,
        path,
        removable,
        place,
    )


def forcing_chains_and_cycles(state) -> Step | None:
    """SE's "Forcing Chains & Cycles" (6.5 - 7.x): the step it takes, or None.

    >>> from clew.sudoku.logic.solver import LogicalState
    >>> s = LogicalState.from_pencilmarks('''
    ...   7 9 124    1468 3 5    126 2468 128
    ...   6 13 1234  148 28 9    7 5 1238
    ...   8 5 1234   7 26 12     1236 246 9
    ...   9 138 5    168 268 7   1236 26 4
    ...   2 7 6      5 4 13      8 9 13
    ...   4 138 13   168 9 123   1236 7 5
    ...   5 2 9      3 7 8       4 1 6
    ...   3 6 7      9 1 4       5 28 28
    ...   1 4 8      2 5 6       9 3 7''')
    >>> step = forcing_chains_and_cycles(s)
    >>> step.technique, step.rating, step.eliminations
    ('Turbot Fish', 6.6, ((10, 3),))
    >>> print(step)
    Turbot Fish: r2c2=3 - r3c3=3 = r3c7=3 - r4c7=3 = r4c2=3 - r2c2=3: if r2c2 were 3 it would
    not be, so remove 3 from r2c2.
    """
    g = _graph(state)
    if g is None:
        return None
    h = best_unary_fast(g) if FAST else _best_unary(g)
    return None if h is None else _unary_step(g, h)


def _line(run: Run, pot: int) -> list:
    """The main line of a chain from its assumption to ``pot`` (first parents)."""
    path = [pot]
    while True:
        pars = run.parents(pot)
        if not pars:
            break
        pot = pars[0]
        path.append(pot)
    path.reverse()
    return path


def _conclusion(g: Graph, h: MHint) -> str:
    n = g.n
    if h.place >= 0:
        cell, d = divmod(h.place, n)
        return f"{g.names[cell]} = {d + 1}"
    return _removal_text(g, h.removable)


def _unit_name(g: Graph, u: int) -> str:
    n = g.n
    kind = ("box", "row", "column")[u // n]
    return f"{kind} {u % n + 1}"


_KIND_NAMES = {
    "contradiction": "Contradiction Forcing",
    "double": "Double Forcing",
    "cell": "Cell Forcing",
    "region": "Region Forcing",
}


def _nested_suffix(level: int) -> str:
    if level == 1:
        return " (+)"
    if level == 2:
        return " (+ Forcing Chains)"
    if level == 3:
        return " (+ Multiple Forcing Chains)"
    if level == 4:
        return " (+ Dynamic Forcing Chains)"
    if level >= 5:
        return " (+ Dynamic Forcing Chains" + _nested_suffix(level - 3) + ")"
    return ""


def _multiple_name(h: MHint, dynamic: bool, nishio: bool, level: int) -> str:
    if nishio:
        return "Nishio Forcing Chains"
    prefix = "Dynamic " if dynamic or level else ""
    return prefix + _KIND_NAMES[h.kind] + " Chains" + _nested_suffix(level)


def _multiple_step(g: Graph, h: MHint, name: str) -> Step:
    n = g.n
    tpot = h.target
    if h.kind == "contradiction":
        ((apot, run),) = h.branches
        on_pars, off_pars, q, _, _ = run.absurd
        on_line = (_line(run, on_pars[0]) if on_pars else []) + [q << 1 | 1]
        off_line = (_line(run, off_pars[0]) if off_pars else []) + [q << 1]
        lines = [on_line, off_line]
        what = g.pot_text(apot)
        reason = (
            f"if {what}, then {g.cand_text(q)} both holds ({_chain_text(g, on_line)}) "
            f"and does not ({_chain_text(g, off_line)})"
        )
    else:
        lines = []
        parts = []
        for _, run in h.branches:
            line = _line(run, tpot)
            lines.append(line)
            parts.append(
                _chain_text(g, line)
                if line[0] & 1
                else f"({g.pot_text(line[0])}) " + _chain_text(g, line)
            )
        if h.kind == "double":
            a, b = (g.pot_text(h.branches[i][0]) for i in (0, 1))
            head = f"{a} and {b} both lead to {g.pot_text(tpot)}"
        elif h.kind == "cell":
            head = f"each candidate of {g.names[h.source]} leads to {g.pot_text(tpot)}"
        else:
            u, d = h.source
            head = f"each place of {d + 1} in {_unit_name(g, u)} leads to {g.pot_text(tpot)}"
        reason = head + ": " + "; ".join(parts)
    cells = tuple(dict.fromkeys((p >> 1) // n for line in lines for p in line))
    digits = tuple(sorted({(p >> 1) % n + 1 for line in lines for p in line}))
    text = f"{name}: {reason}; so {_conclusion(g, h)}."
    rating = _round(h.rating)
    unit = _unit_name(g, h.source[0]) if h.kind == "region" else None
    if h.place >= 0:
        cell, d = divmod(h.place, n)
        return Step(
            name,
            rating,
            placements=((cell, d + 1),),
            cells=cells,
            digits=digits,
            unit=unit,
            text=text,
        )
    return Step(
        name,
        rating,
        eliminations=tuple((c // n, c % n + 1) for c in h.removable),
        cells=cells,
        digits=digits,
        unit=unit,
        text=text,
    )


_KINDS = {1: "double", 5: "cell", 6: "region", 7: "contradiction"}

#: Whether level 0 runs on the kernel of level 1 (:func:`prefer_plus`).
PLUS_FIRST = False


def prefer_plus(on: bool = True) -> None:
    """Run the multiple chains of level 0 on the kernel of level 1 too, in a process that
    will reach level 1 anyway (generating puzzles rated 9.0 and up): one kernel to compile
    instead of two.

    Level 1's rules ("Dynamic Forcing Chains (+)") are about half of the compile of the
    chain kernel, and only ratings of 9.0 and up reach them, so they are a kernel of their
    own (:func:`clew.sudoku.compiled._kernels_chains.best_multiple_plus`): a first rating of an 8.x
    puzzle compiles the smaller one alone. Level 0 uses the larger one when it is loaded
    already, or after this call; the hints are the same on both.

    >>> prefer_plus(False); PLUS_FIRST
    False
    """
    global PLUS_FIRST
    PLUS_FIRST = on


def _plus_first(kc) -> bool:
    # the kernel of level 1 is loaded in this process (or soon will be): no second kernel
    return PLUS_FIRST or bool(kc.best_multiple_plus.signatures)


def best_multiple_fast(
    g: Graph, base: float, multiple: bool, dynamic: bool, nishio: bool, level: int = 0
) -> MHint | None:
    """:func:`clew.sudoku.logic.chains_multiple.best` by the numba kernel: the same hint (the
    kernel chooses it; the chains of that one hint are then followed again in Python to
    write them)."""
    _announce()
    from ..compiled import _kernels_chains as kc

    tabs = _kernel_tables(g)
    bufs = _BUFFERS.get(g.n)
    if bufs is None:
        bufs = _BUFFERS[g.n] = kc.buffers(g.n)
    best = kc.best_multiple_plus if level > 0 or _plus_first(kc) else kc.best_multiple
    ans = best(g.n, multiple, dynamic, nishio, level, *_arrays(g), *tabs, *bufs)
    if not ans[kc.F_FOUND]:
        return None
    n = g.n
    kind = _KINDS[int(ans[kc.F_KIND])]
    complexity, a, b, target, seq = (
        int(ans[f]) for f in (kc.F_COMPLEXITY, kc.F_A, kc.F_B, kc.F_TARGET, kc.F_SEQ)
    )
    y = not nishio
    # a contradiction's run goes to its contradiction; the others' only as far as the target
    # (the chains written end there: the rest of a run was most of the time of this step)
    stop = -1 if kind == "contradiction" else target

    def run(pot: int) -> tuple:
        on = pot & 1
        return pot, propagate(
            g, (pot >> 1,) if on else (), () if on else (pot >> 1,), y, dynamic, level, stop
        )

    source: int | tuple[int, int]
    if kind == "contradiction":
        source, branches = a, [run(a)]
    elif kind == "double":
        source, branches = a, [run(a), run(a ^ 1)]
    elif kind == "cell":
        m = g.cands[a]
        source, branches = a, [run((a * n + d) << 1 | 1) for d in range(n) if m >> d & 1]
    else:
        unit, pm = g.units[a], g.pos[a * n + b]
        source, branches = (
            (a, b),
            [run((unit[i] * n + b) << 1 | 1) for i in range(n) if pm >> i & 1],
        )
    cand = target >> 1
    if target & 1:
        cell = cand // n
        removable = tuple(
            cell * n + d for d in range(n) if g.cands[cell] >> d & 1 and cell * n + d != cand
        )
        place = cand
    else:
        removable, place = (cand,), -1
    from .chains_graph import difficulty

    return MHint(
        difficulty(base, complexity),
        complexity,
        int(ans[kc.F_KIND]),
        seq,
        kind,
        source,
        target,
        branches,
        removable,
        place,
    )


_TABLES: dict = {}
_BUFFERS: dict = {}  # per grid side: the multiple-chain kernel's scratch (17 MB on 9x9)


def _arrays(g: Graph) -> tuple:
    """The position as the kernels read it (int64 arrays of the candidates and the places)."""
    if g.arrays is None:
        import numpy as np

        g.arrays = (np.array(g.cands, np.int64), np.array(g.pos, np.int64))
    return g.arrays


def _kernel_tables(g: Graph) -> tuple:
    # per layout of a shape (a jigsaw's units differ from the classic grid's, a killer's
    # cages add peers): the entry keeps the layout's peers, so that their id is not reused
    got = _TABLES.get(id(g.peers))
    if got is None or got[0] is not g.peers:
        from ..compiled import _kernels_chains as kc

        if len(_TABLES) >= 64:  # killer puzzles: a layout each
            _TABLES.clear()
        got = _TABLES[id(g.peers)] = (g.peers, kc.tables(g))
    return got[1]


def _multiple_finder(base: float, multiple: bool, dynamic: bool, nishio: bool, level: int = 0):
    def finder(state) -> Step | None:
        g = _graph(state)
        if g is None:
            return None
        if FAST:
            h = best_multiple_fast(g, base, multiple, dynamic, nishio, level)
        else:
            h = _best_multiple(g, base, multiple, dynamic, nishio, level)
        if h is None:
            return None
        return _multiple_step(g, h, _multiple_name(h, dynamic, nishio, level))

    return finder


nishio_forcing_chains = _multiple_finder(7.5, False, True, True)
nishio_forcing_chains.__doc__ = (
    """SE's "Nishio Forcing Chains" (7.5 and up): the step it takes, or None."""
)
multiple_forcing_chains = _multiple_finder(8.0, True, False, False)
multiple_forcing_chains.__doc__ = (
    """SE's "Multiple Forcing Chains" (8.0 and up): the step it takes, or None."""
)
dynamic_forcing_chains = _multiple_finder(8.5, True, True, False)
dynamic_forcing_chains.__doc__ = (
    """SE's "Dynamic Forcing Chains" (8.5 and up): the step it takes, or None."""
)
dynamic_forcing_chains_plus = _multiple_finder(9.0, True, True, False, 1)
dynamic_forcing_chains_plus.__doc__ = """SE's "Dynamic Forcing Chains (+)" (9.0 and up): dynamic
chains that also apply locked candidates, hidden and naked pairs and X-Wings as they go; the
step, or None."""


#: ``(producer, base rating, finder)`` in SE's order of trial.
CHAIN_FINDERS: tuple = (
    ("Forcing Chains & Cycles", 6.5, forcing_chains_and_cycles),
    ("Nishio Forcing Chains", 7.5, nishio_forcing_chains),
    ("Multiple Forcing Chains", 8.0, multiple_forcing_chains),
    ("Dynamic Forcing Chains", 8.5, dynamic_forcing_chains),
    ("Dynamic Forcing Chains (+)", 9.0, dynamic_forcing_chains_plus),
)
