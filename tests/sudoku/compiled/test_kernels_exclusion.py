"""Aligned pair and triple exclusion: the kernel (``_kernels_exclusion``) finds the step the
plain-Python reference finds, group, removals and sentence, at every position a logical
solution of hard puzzles passes through and on random candidate grids."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.sudoku.logic import exclusion
from clew.sudoku.logic.solver import LogicalState


def _same(s: LogicalState) -> bool:
    for size in (2, 3):
        a, b = exclusion._reference(s, size), exclusion._compiled(s, size)
        if (a is None) != (b is None):
            return False
        if a is not None and (a.cells, a.eliminations, a.text, a.rating) != (
            b.cells,
            b.eliminations,
            b.text,
            b.rating,
        ):
            return False
    return True


def test_kernel_and_reference_agree_along_hard_solutions(se_ratings):
    hard = [r for r in se_ratings if 6.2 <= r.er <= 8.6][:6]
    assert len(hard) >= 3
    checked = 0
    for rating in hard:
        s = LogicalState(rating.puzzle)
        for _ in range(40):  # the first steps: where aligned exclusion is tried the most
            assert _same(s), rating.puzzle
            checked += 1
            step = s.next_step(uniqueness=True)
            if step is None:
                break
            s.apply(step)
    assert checked > 60


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), density=st.sampled_from([2, 3, 4]))
def test_kernel_and_reference_agree_on_random_candidates(seed, density):
    rng = random.Random(seed)
    masks = []
    for _ in range(81):
        digits = rng.sample(range(9), rng.choice(range(1, density + 2)))
        masks.append(sum(1 << d for d in digits))
    assert _same(LogicalState.from_candidates(3, masks))


@pytest.mark.parametrize("k", [2, 4])
def test_other_sizes(k):
    rng = random.Random(k)
    n = k * k
    masks = [sum(1 << d for d in rng.sample(range(n), rng.choice([2, 2, 3]))) for _ in range(n * n)]
    assert _same(LogicalState.from_candidates(k, masks))


def _cells_by_kernel(s: LogicalState, widest: int) -> tuple[list[int], dict[int, int]]:
    import numpy as np

    from clew.sudoku.compiled._kernels_exclusion import candidate_cells

    count = len(s.cands)
    cells = np.empty(count, np.int64)
    excl = np.zeros((count, count), np.uint8)
    usable = np.zeros(count, np.uint8)
    found = candidate_cells(
        np.array(s.cands, np.int64), exclusion._house_array(s), widest, cells, excl, usable
    )
    out = [int(c) for c in cells[:found]]
    assert [int(c) for c in np.flatnonzero(usable)] == sorted(out)
    return out, {c: sum(1 << int(x) for x in np.flatnonzero(excl[c])) for c in out}


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    density=st.sampled_from([1, 2, 3, 4]),
    k=st.sampled_from([2, 3, 4]),
)
def test_the_cells_tried_by_the_kernel_are_the_references(seed, density, k):
    # the cells SE tries and their excluders (kernel: candidate_cells; reference: _cells),
    # naked singles included at density 1 (a cell next to one is not tried)
    rng = random.Random(seed)
    n = k * k
    masks = [
        sum(1 << d for d in rng.sample(range(n), min(n, rng.choice(range(1, density + 2)))))
        for _ in range(n * n)
    ]
    s = LogicalState.from_candidates(k, masks)
    for widest in (2, 3):
        assert _cells_by_kernel(s, widest) == exclusion._cells(s, widest)
