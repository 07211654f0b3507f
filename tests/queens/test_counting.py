"""Counting: totals and fundamental counts against the published OEIS values, the process
pool, the pieces of a count, and the pure-Python reference."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import queens
from clew.errors import DEFAULT_JOBS, ArgumentError, BoardSizeError, ClewError
from clew.queens import _reference, counter, solver

SMALL = range(1, 16)
SLOW = [pytest.param(n, marks=pytest.mark.slow) for n in (16, 17)]


# ---------------------------------------------------------------------------------------------
# The data file itself
# ---------------------------------------------------------------------------------------------


def test_data_file_holds_n_1_to_27(queens_counts):
    assert sorted(queens_counts.total) == list(range(1, 28))
    assert sorted(queens_counts.unique) == list(range(1, 28))


def test_data_file_is_consistent(queens_counts):
    # A class of solutions under the 8 symmetries has 1 to 8 members.
    for n in range(1, 28):
        total, unique = queens_counts.total[n], queens_counts.unique[n]
        assert unique <= total <= 8 * unique, n
    assert queens_counts.total[8] == 92 and queens_counts.unique[8] == 12


# ---------------------------------------------------------------------------------------------
# count() against OEIS
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [*SMALL, *SLOW])
def test_total(n, queens_counts):
    jobs = 1 if n in SMALL else None
    assert queens.count(n, jobs=jobs) == queens_counts.total[n]


@pytest.mark.parametrize("n", [*SMALL, *SLOW])
def test_unique(n, queens_counts):
    jobs = 1 if n in SMALL else None
    assert queens.count(n, unique=True, jobs=jobs) == queens_counts.unique[n]


@pytest.mark.parametrize("n", [12, 14, 15])
@pytest.mark.parametrize("executor", ["threads", "processes"])
def test_parallel_total(n, executor, queens_counts):
    from clew.queens.counting import QueensCount
    from clew.scale import run

    assert run(QueensCount(n), jobs=2, executor=executor)["total"] == queens_counts.total[n]


def test_parallel_unique(queens_counts):
    assert queens.count(14, unique=True, jobs=2) == queens_counts.unique[14]


@pytest.mark.parametrize("pieces", [1, 2, 7, 1000, 10**6])
def test_any_number_of_pieces_gives_the_same_count(pieces, queens_counts):
    from clew.queens.counting import QueensCount
    from clew.scale import run

    work = QueensCount(10, unique=True, pieces=pieces)
    rows = len(queens.constellations(10))
    if pieces <= rows:
        assert len(work.pieces()) == pieces + 2
    else:  # constellations split on their first choices, as far as the search allows
        assert len(work.pieces()) > rows + 2
    assert run(work, jobs=2) == {
        "n": 10,
        "total": queens_counts.total[10],
        "unique": queens_counts.unique[10],
    }


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 12), st.integers(1, 20000))
def test_split_constellations_partition_the_solutions(n, pieces):
    from clew.queens.counting import QueensCount
    from clew.scale import run

    expected = queens.count(n)
    work = QueensCount(n, pieces=pieces)
    parts = work.pieces()
    assert len(parts) >= min(pieces, len(queens.constellations(n)))
    assert run(work, jobs=1, executor="inline")["total"] == expected
    if parts and parts[0][0] == "queens":  # every added queen is legal with its constellation
        table = queens.constellations(n)
        for _, k, extra in parts:
            own = [int(q) for q in table[k, 1 : 1 + int(table[k, 0])]]
            cells = [(q // n, q % n) for q in own + list(extra)]
            assert len({r for r, _ in cells}) == len(cells) == len({c for _, c in cells})


def test_returns_python_int():
    assert type(queens.count(8)) is int
    assert type(queens.count(8, unique=True)) is int


def test_accepts_numpy_integers():
    assert queens.count(np.int64(8)) == 92
    assert queens.count(np.int8(6), unique=True) == 1


@pytest.mark.parametrize("n", [0, -1, queens.MAX_COUNT_N + 1, 2.5, 8.0, "8", None, True])
def test_bad_sizes_are_refused(n):
    with pytest.raises(BoardSizeError) as info:
        queens.count(n)
    assert "n must be" in str(info.value)
    assert isinstance(info.value, ClewError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("jobs", [0, -1, 5000, 1.5, "2"])
def test_bad_jobs_are_refused(jobs):
    # the jobs of every family (clew.errors.check_jobs): an ArgumentError, not a size error
    with pytest.raises(ArgumentError, match="jobs") as info:
        queens.count(8, jobs=jobs)
    assert "\n" not in str(info.value)


def test_jobs_zero_says_what_to_give():
    with pytest.raises(ArgumentError) as info:
        queens.count(8, jobs=0)
    assert str(info.value) == "jobs must be at least 1 (None uses every core), got 0"


@pytest.mark.parametrize(
    "function", [queens.count, queens.counts, counter.count_total, counter.count_job]
)
def test_jobs_default_to_one(function):
    # one worker unless asked (clew.DEFAULT_JOBS): a call does what it says, no pool appears
    import inspect

    parameter = inspect.signature(function).parameters["jobs"]
    assert parameter.default == DEFAULT_JOBS == 1
    assert parameter.kind is inspect.Parameter.KEYWORD_ONLY


def test_jobs_none_is_every_core(monkeypatch):
    seen = {}
    import clew.scale

    real = clew.scale.run

    def spy(work, **options):
        seen.update(options)
        return real(work, **options)

    monkeypatch.setattr(clew.scale, "run", spy)
    assert counter.count_job(12, jobs=None)["total"] == 14200
    assert seen["jobs"] is None


# ---------------------------------------------------------------------------------------------
# The pieces of a count
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 4, 5, 8, 11, 13])
def test_pieces_of_any_partition_sum_to_the_total(n, queens_counts):
    table = queens.constellations(n)
    k = len(table)
    rng = np.random.default_rng(n)
    partitions = [
        [0, k],
        list(range(k + 1)),  # one constellation per piece
        [0, *sorted(rng.choice(np.arange(1, k), size=min(5, k - 1), replace=False).tolist()), k]
        if k > 2
        else [0, k],
    ]
    for cuts in partitions:
        pieces = [
            queens.count_piece(n, table, lo, hi) for lo, hi in zip(cuts[:-1], cuts[1:], strict=True)
        ]
        assert all(p >= 0 for p in pieces)
        assert sum(pieces) == queens_counts.total[n], cuts


def test_empty_piece_counts_nothing():
    table = queens.constellations(8)
    assert queens.count_piece(8, table, 3, 3) == 0


def test_constellation_table_shape():
    for n in (1, 4, 8, 12):
        table = queens.constellations(n)
        assert table.ndim == 2 and table.shape[1] == 6 and len(table) > 0
        m, weights = table[:, 0], table[:, 5]
        assert ((m >= 1) & (m <= 4)).all()
        assert ((weights >= 1) & (weights <= 8)).all()
        # squares on the board, unused slots -1, and no two rows alike
        for row in table:
            used = row[1 : 1 + row[0]]
            assert ((used >= 0) & (used < n * n)).all()
            assert (row[1 + row[0] : 5] == -1).all()
        assert len({tuple(r) for r in table.tolist()}) == len(table)


# ---------------------------------------------------------------------------------------------
# Symmetric solutions (the Burnside terms) against brute force over the reference
# ---------------------------------------------------------------------------------------------


def _rotate(cols: tuple[int, ...]) -> tuple[int, ...]:
    # queen (r, c) goes to (c, n - 1 - r)
    n = len(cols)
    out = [0] * n
    for r, c in enumerate(cols):
        out[c] = n - 1 - r
    return tuple(out)


@pytest.mark.parametrize("n", range(1, 11))
def test_rotation_symmetric_counts(n):
    sols = list(_reference.solutions(n))
    half = sum(1 for s in sols if _rotate(_rotate(s)) == s)
    quarter = sum(1 for s in sols if _rotate(s) == s)
    assert solver.count_symmetric(n) == half
    assert solver.count_symmetric(n, quarter=True) == quarter


# ---------------------------------------------------------------------------------------------
# The pure-Python reference against the published values
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 10))
def test_reference_counts(n, queens_counts):
    assert _reference.count(n) == queens_counts.total[n]
    assert _reference.count_unique(n) == queens_counts.unique[n]


# ---------------------------------------------------------------------------------------------
# counts(): total and fundamental from one count; the rotation-symmetric counts
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 15))
def test_counts_gives_both(n, queens_counts):
    assert queens.counts(n, jobs=1) == (queens_counts.total[n], queens_counts.unique[n])


@pytest.mark.parametrize("n", range(1, 11))
def test_rotation_symmetric_counts_match_brute_force(n):
    # solutions fixed by a half turn / a quarter turn, straight from the reference
    half = quarter = 0
    for sol in _reference.solutions(n):
        rot180 = tuple(n - 1 - sol[n - 1 - r] for r in range(n))
        rot90 = [0] * n
        for r, c in enumerate(sol):
            rot90[c] = n - 1 - r
        half += rot180 == sol
        quarter += tuple(rot90) == sol
    assert solver.count_symmetric(n, False) == half
    assert solver.count_symmetric(n, True) == quarter


@pytest.mark.parametrize("jobs", [0, -1, True, 1.5, "2"])
def test_bad_jobs_values_are_refused(jobs):
    with pytest.raises(ClewError, match="jobs"):
        queens.count(12, jobs=jobs)


def test_each_constellation_counts_its_own_solutions():
    # Every solution has one constellation; the solutions whose border queens are exactly a
    # canonical constellation number its unweighted count.
    n = 8
    table = queens.constellations(n)
    from clew.queens.compiled import _kernels_count as K

    per = K.count_constellations(n, table, 0, len(table))
    border = {}
    for sol in queens.solutions(n):
        squares = {(0, sol[0]), (n - 1, sol[n - 1])}
        squares |= {(r, c) for r, c in enumerate(sol) if c in (0, n - 1)}
        key = tuple(sorted(r * n + c for r, c in squares))
        border[key] = border.get(key, 0) + 1
    for row, got in zip(table, per, strict=True):
        key = tuple(int(v) for v in row[1 : 1 + row[0]])
        assert got == border.get(key, 0), key
