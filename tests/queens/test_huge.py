"""One solution for huge boards: the explicit construction, the min-conflicts local search,
``one``'s dispatch and errors, and the linear-time verifier on inputs of a million queens.

Every board returned here goes through the verifier (:func:`check_solution`), which is
itself checked against an independent pairwise test in ``test_verify.py``; on huge boards the
verifier's answer is compared with an independent first-conflict search written with numpy.
"""

from __future__ import annotations

import numpy as np
import pytest

from clew.errors import BoardSizeError, ClewError, InvalidSolutionError
from clew.queens import _reference, check_solution, construct, is_solution, local, one
from clew.queens.huge import MAX_ONE_N


def assert_solution(cols, n: int) -> None:
    """``cols`` is an int array of n columns that places n non-attacking queens."""
    assert isinstance(cols, np.ndarray) and cols.dtype.kind == "i", type(cols)
    assert cols.shape == (n,)
    check_solution(cols, n)  # raises, naming the squares, if not


# ---------------------------------------------------------------------------------------------
# construct
# ---------------------------------------------------------------------------------------------


def test_construct_small_boards():
    assert construct(1).tolist() == [0]
    assert construct(2) is None and construct(3) is None
    # the formula written out by hand for the first sizes of each residue mod 6
    assert construct(4).tolist() == [1, 3, 0, 2]
    assert construct(5).tolist() == [1, 3, 0, 2, 4]
    assert construct(8).tolist() == [1, 3, 5, 7, 2, 0, 6, 4]  # n % 6 == 2
    assert construct(9).tolist() == [3, 5, 7, 1, 4, 6, 8, 0, 2]  # n % 6 == 3


def test_construct_small_solutions_are_known_ones():
    # an independent check for small n: the construction is one of the enumerated solutions
    for n in range(4, 10):
        assert tuple(construct(n).tolist()) in set(_reference.solutions(n))


def test_construct_every_size_up_to_2000():
    for n in range(4, 2001):
        assert_solution(construct(n), n)


@pytest.mark.parametrize(
    "n",
    # every residue mod 6 (the formula has three cases) near 10**4, 10**5 and 10**6
    [10**4 + k for k in range(6)] + [10**5 + k for k in range(6)] + [10**6 - k for k in range(6)],
)
def test_construct_large_boards(n):
    cols = construct(n)
    assert_solution(cols, n)
    assert np.array_equal(
        np.sort(cols), np.arange(n)
    )  # a permutation, independently of the verifier


@pytest.mark.slow
@pytest.mark.parametrize("n", [10**7, 10**7 + 2, 10**7 + 3])
def test_construct_ten_million(n):
    assert_solution(construct(n), n)


# ---------------------------------------------------------------------------------------------
# local
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, *range(4, 41), 64, 100, 257, 1000])
def test_local_is_a_solution_for_many_seeds(n):
    for seed in range(8):
        assert_solution(local(n, seed), n)


def test_local_without_solutions():
    for seed in (None, 0, 5):
        assert local(2, seed) is None and local(3, seed) is None


@pytest.mark.parametrize("n", [10**5, 10**6])
def test_local_large_boards(n):
    assert_solution(local(n, seed=11), n)


def test_local_random_seed():
    for n in (4, 8, 500):
        assert_solution(local(n), n)
        assert_solution(local(n, None), n)


@pytest.mark.parametrize("n", [8, 50, 1000, 100_000])
def test_local_same_seed_same_solution(n):
    a, b = local(n, seed=42), local(n, seed=42)
    assert np.array_equal(a, b)
    assert a is not b


@pytest.mark.parametrize("n", [30, 1000])
def test_local_different_seeds_different_solutions(n):
    found = {tuple(local(n, seed).tolist()) for seed in range(10)}
    # 10 seeds on boards with millions of solutions: collisions are possible, not likely
    assert len(found) >= 8


def test_local_largest_seed():
    assert_solution(local(100, 2**32 - 1), 100)


# ---------------------------------------------------------------------------------------------
# one: dispatch and errors
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4, 8, 1001, 10**5])
def test_one_dispatches(n):
    expected = construct(n)
    for got in (one(n), one(n, method="construct")):
        if expected is None:
            assert got is None
        else:
            assert np.array_equal(got, expected)
            assert_solution(got, n)
    by_search = one(n, method="local", seed=3)
    if expected is None:
        assert by_search is None
    else:
        assert np.array_equal(by_search, local(n, 3))
        assert_solution(by_search, n)


def test_one_construct_ignores_the_seed():
    assert np.array_equal(one(10, method="construct", seed=5), construct(10))


@pytest.mark.parametrize("method", ["", "Construct", "mrv", "random", None, 1])
def test_one_bad_method(method):
    with pytest.raises(ClewError) as info:
        one(8, method=method)
    assert str(info.value) == f"method must be 'construct' or 'local', got {method!r}"


@pytest.mark.parametrize(
    "n, message",
    [
        (0, "n must be between 1 and 1000000000, got 0"),
        (-4, "n must be between 1 and 1000000000, got -4"),
        (MAX_ONE_N + 1, "n must be between 1 and 1000000000, got 1000000001"),
        (8.0, "n must be an integer, got 8.0"),
        ("8", "n must be an integer, got '8'"),
        (True, "n must be an integer, got True"),
        (None, "n must be an integer, got None"),
    ],
)
@pytest.mark.parametrize("method", ["construct", "local"])
def test_one_bad_size(n, message, method):
    with pytest.raises(BoardSizeError) as info:
        one(n, method=method)
    assert str(info.value) == message


def test_one_accepts_numpy_integers():
    assert one(np.int64(4)).tolist() == [1, 3, 0, 2]
    assert_solution(one(np.int32(20), method="local", seed=np.uint8(1)), 20)


@pytest.mark.parametrize(
    "seed, message",
    [
        (-1, "seed must be between 0 and 4294967295, got -1"),
        (2**32, "seed must be between 0 and 4294967295, got 4294967296"),
        (1.5, "seed must be an integer, got 1.5"),
        ("7", "seed must be an integer, got '7'"),
        (True, "seed must be an integer, got True"),
    ],
)
def test_one_bad_seed(seed, message):
    with pytest.raises(BoardSizeError) as info:
        one(8, method="local", seed=seed)
    assert str(info.value) == message


@pytest.mark.parametrize("n", [1, 2, 3])
def test_local_checks_the_seed_on_every_board(n):
    with pytest.raises(BoardSizeError):
        local(n, seed=-1)


# ---------------------------------------------------------------------------------------------
# The verifier on huge boards: correct answers, the right squares named
# ---------------------------------------------------------------------------------------------


def reference_first_conflict(cols: np.ndarray) -> tuple[int, int] | None:
    """Rows ``(a, b)`` of the conflict a row-by-row scan meets first, written apart from the
    kernel: b is the first row that shares a column, diagonal or anti-diagonal with an
    earlier row (column checked first, then ``r - c``, then ``r + c``), a that earlier row.
    Before b every line holds at most one queen, so a is the first row on the shared line."""
    rows = np.arange(len(cols))
    hits = []
    for order, key in enumerate((cols, rows - cols, rows + cols)):
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        earlier = first[inverse]  # the first row on each row's line
        later = np.flatnonzero(earlier < rows)
        if len(later):
            b = int(later[0])
            hits.append((b, order, int(earlier[b])))
    if not hits:
        return None
    b, _, a = min(hits)
    return a, b


def conflict_message(cols: np.ndarray, a: int, b: int) -> str:
    what = "a column" if cols[a] == cols[b] else "a diagonal"
    return f"queens at r{a + 1}c{cols[a] + 1} and r{b + 1}c{cols[b] + 1} share {what}"


def test_reference_first_conflict_on_known_boards():
    # the reference agrees with hand-checked cases of test_verify.py
    assert reference_first_conflict(np.array([0, 2, 1, 3])) == (1, 2)
    assert reference_first_conflict(np.array([0, 4, 7, 5, 2, 6, 3, 1])) == (2, 6)
    assert reference_first_conflict(np.array([2, 4, 1, 3, 0, 3])) == (3, 5)
    assert reference_first_conflict(np.array([1, 3, 0, 2])) is None


@pytest.mark.parametrize("method", ["construct", "local"])
def test_a_million_queens_pass(method):
    n = 10**6
    cols = one(n, method=method, seed=1)
    assert check_solution(cols) is None
    assert is_solution(cols, n) and is_solution(cols.tolist())
    assert reference_first_conflict(cols) is None


def test_a_hand_made_conflict_among_a_million_queens():
    n = 10**6  # n % 6 == 4: row r < n/2 has its queen in column 2r + 1 (0-based)
    cols = construct(n)
    assert cols[:3].tolist() == [1, 3, 5]
    cols[[0, 1]] = cols[[1, 0]]  # (0, 3) and (1, 1): (0, 3) is now on the diagonal of (2, 5)
    with pytest.raises(InvalidSolutionError) as info:
        check_solution(cols)
    assert str(info.value) == "queens at r1c4 and r3c6 share a diagonal"


@pytest.mark.parametrize("seed", range(4))
def test_swapped_queens_are_caught_among_a_million(seed):
    n = 10**6
    rng = np.random.default_rng(seed)
    cols = one(n, method="local", seed=seed) if seed % 2 else construct(n - seed)
    n = len(cols)
    while True:
        i, j = sorted(rng.choice(n, size=2, replace=False).tolist())
        swapped = cols.copy()
        swapped[[i, j]] = swapped[[j, i]]
        conflict = reference_first_conflict(swapped)
        if conflict is not None:  # (a swap that keeps a solution is rare but possible)
            break
    a, b = conflict
    assert i in (a, b) or j in (a, b)  # every other pair of queens is as it was
    assert swapped[a] != swapped[b]  # a swap keeps one queen per column
    with pytest.raises(InvalidSolutionError) as info:
        check_solution(swapped)
    assert str(info.value) == conflict_message(swapped, a, b)
    assert "share a diagonal" in str(info.value)
    assert not is_solution(swapped)


def test_a_shared_column_among_a_million():
    n = 10**6
    cols = construct(n)
    i, j = 123_456, 654_321
    cols[j] = cols[i]
    with pytest.raises(InvalidSolutionError) as info:
        check_solution(cols)
    # row j is the first changed row, and the column is checked before the diagonals
    assert (
        str(info.value)
        == f"queens at r{i + 1}c{cols[i] + 1} and r{j + 1}c{cols[i] + 1} share a column"
    )
    assert reference_first_conflict(cols) == (i, j)


@pytest.mark.parametrize("value, shown", [(10**6, "1000000"), (-1, "-1")])
def test_an_off_board_queen_among_a_million(value, shown):
    n = 10**6
    cols = construct(n)
    cols[777_777] = value
    with pytest.raises(InvalidSolutionError) as info:
        check_solution(cols)
    assert (
        str(info.value) == "the queen of row 777778 is off the 1000000x1000000 board: "
        f"its column is {shown}, not 0 to 999999"
    )


def test_the_last_queen_is_checked():
    n = 10**6
    cols = construct(n)
    cols[-1] = cols[0]  # only the last row breaks a rule
    with pytest.raises(InvalidSolutionError) as info:
        check_solution(cols)
    assert str(info.value) == f"queens at r1c{cols[0] + 1} and r{n}c{cols[0] + 1} share a column"


@pytest.mark.parametrize("board", [np.array([[1, 3, 0, 2]]), [np.array([1, 3]), np.array([0, 2])]])
def test_the_verifier_refuses_nested_arrays(board):
    # e.g. a whole batch of solution_batches() passed by mistake
    assert is_solution(board) is False
    with pytest.raises(InvalidSolutionError):
        check_solution(board)
