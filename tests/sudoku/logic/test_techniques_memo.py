"""What the finders keep from one position to the next gives the steps found with nothing
kept: SE's direct pointing and claiming keep, per segment, the digits found from the last
candidates of its box (line) seen (``techniques._direct_locked``), and the subset finders the
units they searched in vain (``subsets._quiet``). Checked at every position of ratings
and on random candidate grids changed step by step, on grids of k = 2, 3, 4."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from clew.sudoku.logic import subsets, techniques
from clew.sudoku.logic.solver import LogicalState


def _both(s: LogicalState) -> list:
    out = []
    for pointing in (True, False):
        kept = techniques._direct_locked(s, pointing)
        saved = dict(techniques._DIRECT)
        techniques._DIRECT.clear()
        fresh = techniques._direct_locked(s, pointing)
        techniques._DIRECT.update(saved)
        assert (kept is None) == (fresh is None)
        if kept is not None:
            assert (kept.technique, kept.placements, kept.cells, kept.text) == (
                fresh.technique,
                fresh.placements,
                fresh.cells,
                fresh.text,
            )
            out.append(kept)
    return out


def _found(s: LogicalState, pointing: bool) -> set:
    """Every (box, line, digit) of a segment whose digit is nowhere else in the home unit,
    from the cells themselves."""
    t = s._t
    out = set()
    for box, line, seg, box_rest, line_rest in t.by_box:
        rest = box_rest if pointing else line_rest
        for d in range(s.n):
            bit = 1 << d
            if any(s.cands[c] & bit for c in seg) and not any(s.cands[c] & bit for c in rest):
                out.add((box, line, d))
    return out


def test_direct_steps_along_hard_solutions(se_ratings):
    found = 0
    for rating in [r for r in se_ratings if r.er >= 1.7][:20]:
        s = LogicalState(rating.puzzle)
        for _ in range(80):
            found += len(_both(s))
            step = s.next_step(uniqueness=True)
            if step is None:
                break
            s.apply(step)
    assert found > 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]))
def test_direct_steps_on_random_grids(seed, k):
    rng = random.Random(seed)
    n = k * k
    masks = [
        sum(1 << d for d in rng.sample(range(n), rng.choice([1, 2, 2, 3, 4]))) for _ in range(n * n)
    ]
    s = LogicalState.from_candidates(k, masks)
    for _ in range(5):  # a few changes to the same grid: the memo sees old and new units
        _both(s)
        c = rng.randrange(n * n)
        if s.cands[c] & (s.cands[c] - 1):
            s.cands[c] &= s.cands[c] - 1


def test_memo_holds_what_the_cells_say(se_ratings):
    s = LogicalState(next(r for r in se_ratings if r.er >= 2.0).puzzle)
    for pointing in (True, False):
        techniques._direct_locked(s, pointing)
        _, memo = techniques._direct_parts(techniques._orders(s), s._t, pointing)
        kept = {
            (box, line, d)
            for (box, line), (_, bits) in memo.items()
            for d in range(s.n)
            if bits >> d & 1
        }
        # the memo may hold segments of other positions; those of this one agree with the cells
        mine = {
            (b, ln, d)
            for b, ln, d in kept
            if memo[b, ln][0] == techniques._orders(s).unit_get[b if pointing else ln](s.cands)
        }
        assert mine <= _found(s, pointing)


_SUBSETS = [
    (subsets._naked_subset, 2),
    (subsets._naked_subset, 3),
    (subsets._naked_subset, 4),
    (subsets._hidden_subset, 2),
    (subsets._hidden_subset, 3),
    (subsets._hidden_subset, 4),
    (subsets._direct_hidden_subset, 2),
    (subsets._direct_hidden_subset, 3),
]


def _subsets_both(s: LogicalState) -> int:
    """The subset finders with the units they searched in vain kept (subsets._quiet), and
    with nothing kept: the same steps."""
    found = 0
    for finder, size in _SUBSETS:
        kept = finder(s, size)
        saved = dict(subsets._QUIET)
        subsets._QUIET.clear()
        fresh = finder(s, size)
        subsets._QUIET.clear()
        subsets._QUIET.update(saved)
        assert (kept is None) == (fresh is None), (finder.__name__, size)
        if kept is not None:
            found += 1
            assert (kept.technique, kept.placements, kept.eliminations, kept.cells, kept.text) == (
                fresh.technique,
                fresh.placements,
                fresh.eliminations,
                fresh.cells,
                fresh.text,
            )
    return found


def test_subset_steps_along_solutions(se_ratings):
    found = 0
    for rating in [r for r in se_ratings if r.er >= 2.0][:20]:
        s = LogicalState(rating.puzzle)
        for _ in range(80):
            found += _subsets_both(s)
            step = s.next_step(uniqueness=True)
            if step is None:
                break
            s.apply(step)
    assert found > 20


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]))
def test_subset_steps_on_changing_random_grids(seed, k):
    rng = random.Random(seed)
    n = k * k
    masks = [
        sum(1 << d for d in rng.sample(range(n), rng.choice([2, 2, 3, 4]))) for _ in range(n * n)
    ]
    s = LogicalState.from_candidates(k, masks)
    for _ in range(6):  # remove candidates one by one: kept units and changed ones side by side
        _subsets_both(s)
        c = rng.randrange(n * n)
        if s.cands[c] & (s.cands[c] - 1):
            s.cands[c] &= s.cands[c] - 1
