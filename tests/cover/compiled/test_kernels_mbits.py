"""Algorithm M on bitsets (``clew.cover.compiled._kernels_mbits``) against Algorithm M on
dancing links (``clew.cover.compiled._kernels_m``), both called through the registry's entry
(``clew.cover.kernels.MULTIPLICITY``): the same search tree, so the same solutions in the
same order, the same node counts, the same cut paths and replays (Hypothesis, with colours;
and larger problems whose options and items span several words). Both kernels are also
checked against the pure-Python reference and the verifier here, and in
tests/cover/test_kernels_multiplicity.py through :class:`Search` (which runs the bitset
kernel up to ``MBITS_MAX_OPTIONS`` options)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.cover import Problem, Search, _reference, check_cover, engines
from clew.cover.compiled import _kernels_mbits
from clew.cover.kernels import MULTIPLICITY
from clew.cover.models.queendom import queen_domination
from clew.cover.models.rooks import rook_matrices
from helpers.cover import bounded_problems


def drive(problem, kernel, *, limit=0, batch=3, path=(), cut=0, most_calls=None):
    """Run one kernel to its end (or for ``most_calls`` calls) in buffers of ``batch`` rows:
    the rows written (solutions or paths), the count, the node count, and whether it ended."""
    s = Search(problem, engine="multiplicity", taken=path)
    width = max(s._width, cut, 1)
    out = np.zeros((batch, width), np.int64)
    sizes = np.zeros(batch, np.int64)
    rows, calls = [], 0
    while not s.done and (most_calls is None or calls < most_calls):
        assert kernel == "links" or s.state.bits is not None
        on_links = kernel == "links"
        written = MULTIPLICITY.run(s.state, s._meta, limit, out, sizes, cut=cut, on_links=on_links)
        rows += [tuple(out[r, : sizes[r]].tolist()) for r in range(written)]
        calls += 1
    return rows, s.count, s.nodes, s.done


def same_search(problem, **kw):
    links = drive(problem, "links", **kw)
    bits = drive(problem, "bits", **kw)
    assert bits == links
    return links


@settings(max_examples=300, deadline=None)
@given(
    problem=bounded_problems(), limit=st.sampled_from([0, 1, 2]), batch=st.sampled_from([1, 3, 64])
)
def test_bits_and_links_search_the_same_tree(problem, limit, batch):
    if Search(problem, engine="multiplicity").state.bits is None:
        assert not problem.options  # only a problem without options stays on the links
        return
    rows, count, nodes, done = same_search(problem, limit=limit, batch=batch)
    expected = sorted(_reference.multiplicity_solutions(problem))
    assert done and count == (len(expected) if not limit else min(limit, len(expected)))
    for row in rows:
        check_cover(problem, sorted(row))  # the independent verifier
    if not limit:
        assert sorted(sorted(r) for r in rows) == expected


@settings(max_examples=150, deadline=None)
@given(problem=bounded_problems(), depth=st.integers(1, 6))
def test_bits_cut_and_replays_match_the_links(problem, depth):
    if not problem.options:
        return
    paths, count, nodes, done = same_search(problem, cut=depth, batch=4)
    total = 0
    for path in paths:
        rows, found, _, _ = same_search(problem, path=path, batch=2)
        total += found
    assert total == len(list(_reference.multiplicity_solutions(problem)))


def wide(seed: int) -> Problem:
    """A random problem with options and items over several 64-bit words."""
    rng = np.random.default_rng(seed)
    n_primary = int(rng.integers(60, 140))
    n_secondary = int(rng.integers(0, 5))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    options = []
    for _ in range(int(rng.integers(65, 300))):
        names = list(rng.choice(primary, size=int(rng.integers(1, 5)), replace=False))
        if secondary and rng.random() < 0.5:
            s = str(rng.choice(secondary))
            names.append(s if rng.random() < 0.5 else f"{s}:{'AB'[int(rng.integers(2))]}")
        options.append(names)
    bounds = {}
    for item in primary:
        hi = int(rng.integers(1, 4))
        bounds[item] = (int(rng.integers(0, hi + 1)), hi)
    return Problem(options, primary=primary, secondary=secondary, bounds=bounds)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), depth=st.integers(1, 4))
def test_wide_problems_cut_alike(seed, depth):
    """Several words of options and items: the cut down to a few levels (a bounded search)
    and the first solutions of the replay of its first path agree."""
    problem = wide(seed)
    paths, *_ = same_search(problem, cut=depth, batch=64)
    if paths:
        rows, *_ = same_search(problem, path=paths[0], limit=20, batch=8, most_calls=50)
        for row in rows:
            check_cover(problem, sorted(row))


@pytest.mark.parametrize(
    "problem, limit",
    [
        (queen_domination(6, 3), 0),
        (queen_domination(9, 5), 30),
        (rook_matrices(9, 2, 2), 500),
        (rook_matrices(5, (1, 2), (0, 3)), 0),
    ],
    ids=["queendom6", "queendom9-first30", "rooks9-first500", "rooks5-ranges"],
)
def test_models_search_alike(problem, limit):
    rows, count, nodes, done = same_search(problem, limit=limit, batch=97)
    assert done and rows and nodes > count
    for row in rows[:50]:
        check_cover(problem, sorted(row))


def test_the_bitset_kernel_takes_problems_up_to_its_size(monkeypatch):
    p = rook_matrices(4, 2, 2)  # 16 options
    assert Search(p).state.bits is not None
    monkeypatch.setattr(engines, "MBITS_MAX_OPTIONS", 15)
    links = Search(p)
    assert links.state.bits is None and links.run() == 90  # OEIS A001499, on the dancing links


@settings(max_examples=60, deadline=None)
@given(
    problem=bounded_problems(),
    big=st.lists(st.integers(1, 2**31 - 1), min_size=4, max_size=4),
    data=st.data(),
)
def test_huge_bounds_choose_alike(problem, big, data):
    """Slacks up to MAX_BOUND order the choice as on the links (the key of the bitset
    choice packs the slack in 31 bits)."""
    bounds = {}
    for item, hi in zip(problem.primary, big, strict=False):
        bounds[item] = (data.draw(st.sampled_from([0, 1, min(2, hi), hi])), hi)
    p = Problem(
        [list(o) for o in problem.options],
        primary=problem.primary,
        secondary=problem.secondary,
        bounds=bounds,
    )
    if p.options:
        same_search(p, batch=16)


def test_the_choice_key_holds_every_list():
    assert engines.MBITS_MAX_OPTIONS <= _kernels_mbits._LEN_MASK
