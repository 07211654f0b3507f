"""Enumeration: the kernel against the pure-Python reference, verified solutions, limits,
streaming batches and the columns text fast path."""

from __future__ import annotations

import time
from itertools import islice

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import queens
from clew.errors import ArgumentError, BoardSizeError
from clew.queens import _reference, solver


@pytest.mark.parametrize("n", range(1, 11))
def test_kernel_matches_reference(n):
    # same solutions, same (lexicographic) order
    assert list(queens.solutions(n)) == list(_reference.solutions(n))


@pytest.mark.parametrize("n", range(1, 13))
def test_every_solution_is_valid_and_all_are_found(n, queens_counts):
    sols = list(queens.solutions(n))
    for s in sols:
        queens.check_solution(s, n)
    assert len(sols) == queens.count(n) == queens_counts.total[n]
    assert sols == sorted(set(sols))  # strictly increasing: lexicographic, no repeats


def test_solutions_are_tuples_of_python_ints():
    first = next(queens.solutions(8))
    assert first == (0, 4, 7, 5, 2, 6, 1, 3)
    assert type(first) is tuple and all(type(c) is int for c in first)


@pytest.mark.parametrize("n", [2, 3])
def test_no_solutions(n):
    assert list(queens.solutions(n)) == []
    assert list(queens.solution_batches(n)) == []
    assert b"".join(queens.columns_text(n)) == b""


def test_one_queen():
    assert list(queens.solutions(1)) == [(0,)]


@pytest.mark.parametrize("limit", [1, 2, 5, 91, 92, 93, 10_000])
def test_limit(limit):
    everything = list(queens.solutions(8))
    assert list(queens.solutions(8, limit=limit)) == everything[:limit]


def test_limit_none_means_all():
    assert len(list(queens.solutions(9, limit=None))) == 352


STREAMS = [
    queens.solutions,
    queens.solution_batches,
    queens.solution_batches_unordered,
    queens.fundamental_solutions,
    queens.columns_text,
    solver.fundamental_batches,
]


@pytest.mark.parametrize("stream", STREAMS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("limit", [0, -1, 1.5, "3", True])
def test_bad_limit_is_refused_when_called(stream, limit):
    # refused by the call itself, not at the first next() (limit=0 returned [] before)
    with pytest.raises(ArgumentError, match="limit") as info:
        stream(8, limit=limit)
    assert "\n" not in str(info.value)


def test_limit_zero_says_what_to_give():
    with pytest.raises(ArgumentError) as info:
        queens.solutions(8, limit=0)
    assert str(info.value) == "limit must be at least 1 (None finds every solution), got 0"


@pytest.mark.parametrize("stream", STREAMS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("n", [0, -3, queens.MAX_SOLVE_N + 1, 4.0, "4"])
def test_bad_size_is_refused_when_called(stream, n):
    with pytest.raises(BoardSizeError):
        stream(n)


@pytest.mark.parametrize("stream", STREAMS, ids=lambda f: f.__name__)
def test_limit_is_keyword_only(stream):
    import inspect

    assert inspect.signature(stream).parameters["limit"].kind is inspect.Parameter.KEYWORD_ONLY


@given(n=st.integers(1, 9), limit=st.integers(1, 400))
@settings(max_examples=40, deadline=None)
def test_every_stream_stops_at_its_limit(n, limit):
    everything = list(queens.solutions(n))
    assert list(queens.solutions(n, limit=limit)) == everything[:limit]
    assert sum(len(b) for b in queens.solution_batches_unordered(n, limit=limit)) == min(
        limit, len(everything)
    )


def test_streaming_a_large_board_with_a_limit_is_fast():
    # 39 billion solutions for n = 20: only a lazy generator can return these at all.
    start = time.perf_counter()
    first = list(islice(queens.solutions(20), 25))
    limited = list(queens.solutions(20, limit=25))
    elapsed = time.perf_counter() - start
    assert first == limited
    assert len(first) == 25 and first == sorted(set(first))
    for s in first:
        queens.check_solution(s)
    assert elapsed < 10, f"{elapsed:.1f} s for 50 solutions of the 20-queens board"


def test_batches_have_shape_k_by_n():
    blocks = []
    for block in queens.solution_batches(8, batch=10):
        assert isinstance(block, np.ndarray)
        assert block.ndim == 2 and block.shape[1] == 8 and 1 <= block.shape[0] <= 10
        assert np.issubdtype(block.dtype, np.integer)
        blocks.append(block.copy())  # the arrays are views of a reused buffer
    assert [len(b) for b in blocks] == [10] * 9 + [2]
    rows = [tuple(r) for b in blocks for r in b.tolist()]
    assert rows == list(queens.solutions(8))


def test_batches_respect_the_limit():
    sizes = [b.shape for b in queens.solution_batches(10, limit=11, batch=4)]
    assert sizes == [(4, 10), (4, 10), (3, 10)]
    with pytest.raises(ArgumentError):
        queens.solution_batches(10, limit=0)


def test_batches_of_a_large_board():
    block = next(queens.solution_batches(16))
    assert block.shape[1] == 16 and len(block) > 1
    for row in block[:50].tolist():
        queens.check_solution(row)


@pytest.mark.parametrize(
    "n, limit", [(1, None), (4, None), (8, None), (10, None), (10, 7), (12, 5000), (20, 40)]
)
def test_columns_text_matches_the_solutions(n, limit):
    text = b"".join(queens.columns_text(n, limit=limit)).decode("ascii")
    expected = "".join(queens.to_columns(s) + "\n" for s in queens.solutions(n, limit=limit))
    assert text == expected


def test_columns_text_chunks_are_bytes():
    chunks = list(queens.columns_text(12))
    assert len(chunks) > 1 and all(isinstance(c, bytes) for c in chunks)
    assert sum(c.count(b"\n") for c in chunks) == 14200


@pytest.mark.parametrize("n", range(1, 11))
def test_unordered_batches_hold_the_same_solutions(n):
    unordered = [tuple(r) for b in queens.solution_batches_unordered(n) for r in b.tolist()]
    assert len(unordered) == len(set(unordered))
    assert sorted(unordered) == list(queens.solutions(n))


def test_unordered_batches_respect_the_limit():
    got = [tuple(r) for b in queens.solution_batches_unordered(10, limit=30) for r in b.tolist()]
    assert len(got) == 30
    for s in got:
        queens.check_solution(s)
