"""The resumable depth-first driver (``_kernels_dfs``), through the general kernel's steps:
its state between calls, limits, resumption, givens that contradict each other. The shape
kernel's bounded completion (the driver's budget of nodes) is tested with the generator
(``tests/sudoku/generation/test_shapes.py``)."""

from __future__ import annotations

import numpy as np

from clew.sudoku.compiled import _kernels as K
from clew.sudoku.compiled import _kernels_dfs as dfs


def test_the_kernel_steps_through_its_own_state():
    # the general kernel's start/search over the driver's state: what the registry's
    # Resumable wraps
    tables = K.tables(2)
    state = dfs.new_search(16)
    assert K.start(np.zeros(16, np.int8), tables, state)
    out = np.empty((100, 16), np.int8)
    assert K.search(tables, state, 0, out, 0) == 100 and not state.meta[dfs.META_DONE]
    assert K.search(tables, state, 250, out, 0) == 100  # 200 of at most 250
    assert K.search(tables, state, 250, out, 0) == 50 and state.meta[dfs.META_DONE]
    assert state.meta[dfs.META_FOUND] == 250
    bad = np.zeros(16, np.int8)
    bad[0] = bad[1] = 1  # the givens contradict each other: no search at all
    assert not K.start(bad, tables, state) and state.meta[dfs.META_DONE]
