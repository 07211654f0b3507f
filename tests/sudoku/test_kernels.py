"""The kernel registry (:mod:`clew.sudoku.kernels`): one entry per shape, a kernel by name,
``run`` (one batch of one shape or of many), the resumable search of one puzzle."""

from __future__ import annotations

import numpy as np
import pytest

from clew import sudoku
from clew.sudoku import kernels
from clew.sudoku.shape import make_shape


def test_a_kernel_by_name_serves_a_size_registered_to_another():
    assert kernels.kernel(3, "general").name == "general"
    assert kernels.kernel(3, "general") is kernels.kernel(3, "general")
    assert kernels.kernel(3).name == "band9"
    puzzles = np.zeros((2, 81), np.int8)
    for name in (None, "general"):
        counts, sols = kernels.run(puzzles, 3, 3, name=name)
        assert (
            counts.tolist() == [3, 3] and (np.sort(sols[:, :9], axis=1) == np.arange(1, 10)).all()
        )


def test_run_takes_one_puzzle_or_any_array_of_ints():
    counts, sols = kernels.run([0] * 16, 2, 0)
    assert counts.tolist() == [288] and sols.shape == (1, 16) and sols.dtype == np.int8
    counts, _ = kernels.run(np.zeros((3, 16), np.int64), 2, 10)
    assert counts.tolist() == [10, 10, 10]
    with pytest.raises(ValueError, match="shape"):
        kernels.run(np.zeros((1, 16), np.int8), None, 1)


def test_a_batch_of_many_shapes_is_one_call_and_matches_each_shape_alone():
    shapes = [
        make_shape(4, cages=[(3, [0, 1])]),
        make_shape(4, cages=[(7, [0, 4]), (3, [5, 6])]),
        make_shape(4, cages=[(7, [0, 1])]),
        make_shape(4, cages=[(3, [0, 1])]),
    ]
    puzzles = np.zeros((4, 16), np.int8)
    counts, sols = kernels.run(puzzles, None, 0, shapes=shapes)
    for p, shape in enumerate(shapes):
        alone, first = kernels.run(puzzles[p : p + 1], shape, 0)
        assert counts[p] == alone[0] == sudoku.count(sudoku.Grid._make(bytes(16), shape))
        assert (sols[p] == first[0]).all()
    assert counts[0] == counts[3] and counts[0] != counts[1]


def test_the_resumable_search_of_a_shape_is_the_shape_kernel():
    shape = make_shape(4, cages=[(3, [0, 1])])
    assert kernels.kernel(shape).open is not None
    search = kernels.resumable(np.zeros(16, np.int8), shape)
    out = np.empty((5, 16), np.int8)
    rows = []
    while not search.done:
        rows.extend(tuple(r) for r in out[: search.step(out)])
    assert len(rows) == len(set(rows)) == kernels.run(np.zeros(16, np.int8), shape, 0)[0][0]
    assert all({r[0], r[1]} == {1, 2} for r in rows)


def test_a_kernel_without_a_resumable_search_lends_the_fallbacks():
    assert kernels.kernel(3).open is None  # the band kernel counts only
    search = kernels.resumable(np.zeros(81, np.int8), 3)
    out = np.empty((4, 81), np.int8)
    assert search.step(out, 6) == 4 and not search.done
    assert search.step(out, 6) == 2 and search.done
    assert search.step(out, 6) == 0
