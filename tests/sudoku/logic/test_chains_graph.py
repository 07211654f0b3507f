"""The links of a chain graph, made candidate by candidate on demand (``Graph.weak_y`` and the
others), against their definitions written out here for every candidate of positions that
hard ratings pass through; and the off -> on links that a static propagation
(``chains_multiple.propagate``) reads off the candidates itself against the graph's lists."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from clew.sudoku.logic import chains_graph, chains_multiple
from clew.sudoku.logic.solver import LogicalState
from clew.sudoku.shape import make_shape


def _positions(se_ratings, count=6, steps=25):
    for rating in [r for r in se_ratings if r.er >= 7.0][:count]:
        s = LogicalState(rating.puzzle)
        for _ in range(steps):
            yield s.copy()
            step = s.next_step(uniqueness=True)
            if step is None:
                break
            s.apply(step)


def _definitions(g: chains_graph.Graph, x: int) -> tuple:
    """The four link lists of candidate x, from the rules (module text of chains_graph)."""
    n = g.n
    cell, d = divmod(x, n)
    m = g.cands[cell]
    if not m >> d & 1:
        return (), (), (), ()
    digits = [e for e in range(n) if m >> e & 1]
    weak_y = tuple(cell * n + e for e in digits if e != d)
    weak_x = tuple(p * n + d for p in g.peers[cell] if g.cands[p] >> d & 1)
    strong_y = tuple(cell * n + e for e in digits if e != d) if len(digits) == 2 else ()
    strong_x = []
    for u in g.houses[cell]:
        places = [c for c in g.units[u] if g.cands[c] >> d & 1]
        if len(places) == 2:
            o = (places[0] if places[1] == cell else places[1]) * n + d
            if o not in strong_x:
                strong_x.append(o)
    return weak_y, weak_x, strong_y, tuple(strong_x)


def test_links_made_on_demand_follow_their_definitions(se_ratings):
    checked = 0
    for s in _positions(se_ratings):
        g = chains_graph.Graph(s.shape, s.cands, s._t.names)
        for x in range(s.n**3):
            assert (g.weak_y[x], g.weak_x[x], g.strong_y[x], g.strong_x[x]) == _definitions(g, x), x
            checked += 1
    assert checked > 729 * 50


def test_static_propagation_reads_the_same_links(se_ratings):
    # the static runs (multiple forcing chains) take the off -> on links from _strong: the
    # graph's strong lists, concatenated Y then X
    for s in _positions(se_ratings, count=3, steps=10):
        g = chains_graph.Graph(s.shape, s.cands, s._t.names)
        for x in range(s.n**3):
            if g.cands[x // s.n] >> (x % s.n) & 1:
                assert chains_multiple._strong(g, x, True) == list(g.strong_y[x] + g.strong_x[x])
                assert chains_multiple._strong(g, x, False) == list(g.strong_x[x])


def test_a_run_that_stops_at_its_target_writes_the_same_chain(se_ratings, monkeypatch):
    """The multiple / dynamic finders follow each branch only as far as the hint's target
    (``propagate(..., stop=target)``): the steps, text included, are those written from the
    whole runs."""
    from clew.sudoku.logic import chains

    whole = chains_multiple.propagate
    finders = [
        f
        for name, _, f in chains.CHAIN_FINDERS
        if name != "Forcing Chains & Cycles" and "(+)" not in name
    ]
    compared = 0
    for s in _positions(se_ratings, count=8, steps=40):
        for finder in finders:
            short = finder(s)
            monkeypatch.setattr(chains, "propagate", lambda *args: whole(*args[:6]))
            full = finder(s)
            monkeypatch.undo()
            assert (short is None) == (full is None)
            if short is not None:
                assert (
                    short.technique,
                    short.rating,
                    short.eliminations,
                    short.placements,
                    short.cells,
                    short.text,
                ) == (
                    full.technique,
                    full.rating,
                    full.eliminations,
                    full.placements,
                    full.cells,
                    full.text,
                )
                compared += 1
    assert compared > 20


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(9, None), (6, "2x3"), (8, "2x4"), (12, "3x4")]), st.data())
def test_the_places_of_each_digit_in_each_unit(side_box, data):
    """``Graph.pos[u * n + d]``: bit i set when the unit's i-th cell holds candidate d + 1."""
    n, box = side_box
    shape = make_shape(n, box=box)
    cands = data.draw(st.lists(st.integers(0, (1 << n) - 1), min_size=n * n, max_size=n * n))
    g = chains_graph.Graph(shape, cands, None)
    for u, unit in enumerate(g.units):
        for d in range(n):
            assert g.pos[u * n + d] == sum(1 << i for i, c in enumerate(unit) if cands[c] >> d & 1)
