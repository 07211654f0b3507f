"""Completion of partly placed boards: counts against brute force over every solution of the
board (the pure-Python reference enumeration) for all n <= 8, every search method, the
``limit`` semantics, every input error and the board reader.

Every completion returned is checked independently: it keeps the placed queens, avoids the
blocked squares, and passes the verifier.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.errors import ArgumentError, BoardSizeError, ClewError
from clew.queens import (
    Completion,
    CompletionInputError,
    _reference,
    check_solution,
    complete,
    construct,
    local,
    parse_board,
)
from clew.queens.completion import MAX_COMPLETE_N, METHODS, check_board

DATA = Path(__file__).resolve().parents[1] / "data"

methods = pytest.mark.parametrize("method", METHODS)


@functools.cache
def all_solutions(n: int) -> tuple[tuple[int, ...], ...]:
    """Every solution of the n x n board, in lexicographic order, by the textbook search."""
    return tuple(_reference.solutions(n))


def brute_force(n: int, placed, blocked) -> list[tuple[int, ...]]:
    """The completions, by filtering every solution of the board."""
    return [
        s
        for s in all_solutions(n)
        if all(s[r] == c for r, c in placed) and all(s[r] != c for r, c in blocked)
    ]


def assert_completion(first, n: int, placed, blocked) -> None:
    """``first`` is a solution of the n x n board that keeps ``placed`` and avoids ``blocked``."""
    assert isinstance(first, np.ndarray) and first.shape == (n,)
    check_solution(first, n)
    for r, c in placed:
        assert first[r] == c, f"the queen on ({r}, {c}) was moved"
    for r, c in blocked:
        assert first[r] != c, f"a queen stands on the blocked square ({r}, {c})"


def attack(a, b) -> bool:
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


@st.composite
def problems(draw, low: int = 1, high: int = 8):
    """``(n, placed, blocked)``: placed queens that do not attack each other (part of one
    solution, or random squares kept greedily) and random blocked squares, possibly
    repeated, never under a placed queen. Part of a solution only up to n = 10: listing
    every solution of a larger board by the textbook search takes seconds (a draw that slow
    failed Hypothesis's health check on a loaded machine)."""
    n = draw(st.integers(low, high))
    squares = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    if n <= 10 and draw(st.booleans()) and all_solutions(n):
        solution = draw(st.sampled_from(all_solutions(n)))
        rows = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=n))
        placed = [(r, solution[r]) for r in rows]
    else:
        placed = []
        for square in draw(st.lists(squares, max_size=n)):
            if all(not attack(square, q) for q in placed):
                placed.append(square)
    blocked = [sq for sq in draw(st.lists(squares, max_size=n * n // 2)) if sq not in placed]
    return n, placed, blocked


# ---------------------------------------------------------------------------------------------
# Against brute force
# ---------------------------------------------------------------------------------------------


@methods
@settings(max_examples=400, deadline=None)
@given(problem=problems())
def test_counts_match_brute_force(method, problem):
    n, placed, blocked = problem
    expected = brute_force(n, placed, blocked)
    result = complete(n, placed, blocked, limit=None, method=method)
    assert isinstance(result, Completion)
    assert result.count == len(expected)
    assert result.exact and result.limit is None
    assert result.possible == bool(expected)
    if not expected:
        assert result.first is None
        return
    assert_completion(result.first, n, placed, blocked)
    assert tuple(result.first.tolist()) in expected
    if method == "rows":  # the textbook order finds the lexicographically first completion
        assert tuple(result.first.tolist()) == expected[0]
    for limit in (1, 2, 3):
        limited = complete(n, placed, blocked, limit=limit, method=method)
        assert limited.count == min(limit, len(expected))
        assert limited.exact == (len(expected) < limit)
        assert limited.limit == limit
        assert np.array_equal(limited.first, result.first)


@methods
@pytest.mark.parametrize("n", range(1, 9))
def test_every_single_queen_and_every_single_blocked_square(method, n):
    for r in range(n):
        for c in range(n):
            placed = complete(n, [(r, c)], limit=None, method=method)
            expected = brute_force(n, [(r, c)], [])
            assert placed.count == len(expected)
            if expected:
                assert_completion(placed.first, n, [(r, c)], [])
            blocked = complete(n, blocked=[(r, c)], limit=None, method=method)
            expected = brute_force(n, [], [(r, c)])
            assert blocked.count == len(expected)
            if expected:
                assert_completion(blocked.first, n, [], [(r, c)])


@methods
@pytest.mark.parametrize("n", range(1, 11))
def test_the_empty_board_has_count_n_completions(method, n, queens_counts):
    result = complete(n, limit=None, method=method)
    assert result.count == queens_counts.total[n]
    if result.count:
        assert_completion(result.first, n, [], [])
    else:
        assert result.first is None


@pytest.mark.parametrize("n", range(1, 9))
def test_both_methods_agree_on_every_first_row(n):
    # the placed queen of row 0 in every column, and the whole first row blocked but one square
    for c in range(n):
        others = [(0, j) for j in range(n) if j != c]
        counts = {m: complete(n, blocked=others, limit=None, method=m).count for m in METHODS}
        assert counts == {m: len(brute_force(n, [(0, c)], [])) for m in METHODS}


def symmetries(n: int):
    m = n - 1
    return [
        lambda r, c: (r, c),
        lambda r, c: (c, m - r),
        lambda r, c: (m - r, m - c),
        lambda r, c: (m - c, r),
        lambda r, c: (r, m - c),
        lambda r, c: (m - r, c),
        lambda r, c: (c, r),
        lambda r, c: (m - c, m - r),
    ]


@settings(max_examples=20, deadline=None)
@given(problem=problems(low=9, high=12), seed=st.integers(0, 2**16))
def test_counts_are_invariant_under_the_symmetries_of_the_board(problem, seed):
    # beyond brute force: a rotated or reflected problem has as many completions
    n, placed, blocked = problem
    rng = random.Random(seed)
    if len(placed) < 2:  # keep the searches small: two queens at least
        extra = [
            (r, c) for r in range(n) for c in range(n) if all(not attack((r, c), q) for q in placed)
        ]
        rng.shuffle(extra)
        for sq in extra:
            if len(placed) == 2:
                break
            if all(not attack(sq, q) for q in placed):
                placed.append(sq)
        blocked = [sq for sq in blocked if sq not in placed]
    counts = set()
    for f in symmetries(n):
        p = [f(r, c) for r, c in placed]
        b = [f(r, c) for r, c in blocked]
        for method in METHODS:
            result = complete(n, p, b, limit=None, method=method)
            counts.add(result.count)
            if result.count:
                assert_completion(result.first, n, p, b)
    assert len(counts) == 1


@methods
@pytest.mark.parametrize("seed", range(4))
def test_the_largest_board_with_holes(method, seed):
    # n = 62 uses bit 61 of the row masks: remove some queens of a solution, complete again
    n = MAX_COMPLETE_N
    rng = random.Random(seed)
    solution = (construct(n) if seed % 2 else local(n, seed)).tolist()
    holes = set(rng.sample(range(n), 6 if method == "rows" else 12))
    placed = [(r, c) for r, c in enumerate(solution) if r not in holes]
    blocked = [(r, c) for r in holes for c in rng.sample(range(n), 20) if c != solution[r]]
    result = complete(n, placed, blocked, limit=None, method=method)
    assert result.count >= 1 and result.exact
    assert_completion(result.first, n, placed, blocked)
    other = [m for m in METHODS if m != method][0]
    assert complete(n, placed, blocked, limit=None, method=other).count == result.count


@methods
def test_the_empty_largest_board(method):
    # rows: the first lexicographic solution gets slow to reach beyond about n = 30
    n = 24 if method == "rows" else 40
    result = complete(n, method=method)
    assert result.count == 1
    assert_completion(result.first, n, [], [])


# ---------------------------------------------------------------------------------------------
# first, limit, exact
# ---------------------------------------------------------------------------------------------


@methods
def test_docstring_examples(method):
    result = complete(8, placed=[(0, 0)], method=method)
    assert result.count == 1 and not result.exact and result.possible
    assert_completion(result.first, 8, [(0, 0)], [])
    assert complete(8, placed=[(0, 0)], limit=None, method=method).count == 4
    assert complete(5, blocked=[(2, 2)], limit=None, method=method).count == 8
    assert not complete(4, placed=[(0, 0)], method=method).possible


@methods
@pytest.mark.parametrize(
    "limit, count, exact",
    [
        (1, 1, False),
        (2, 2, False),
        (91, 91, False),
        (92, 92, False),
        (93, 92, True),
        (10**6, 92, True),
        (None, 92, True),
    ],
)
def test_limit(method, limit, count, exact):
    result = complete(8, limit=limit, method=method)
    assert (result.count, result.exact, result.limit) == (count, exact, limit)
    assert_completion(result.first, 8, [], [])


@methods
def test_impossible_boards(method):
    for n, placed, blocked in [
        (2, [], []),
        (3, [], []),
        (4, [(0, 0)], []),
        (8, [], [(3, c) for c in range(8)]),  # a whole row blocked
        (8, [], [(r, 5) for r in range(8)]),  # a whole column blocked
        (6, [(0, 1)], [(1, 3)]),  # 6 has 4 solutions; the one with (0, 1) needs (1, 3)
    ]:
        assert brute_force(n, placed, blocked) == []
        for limit in (1, 2, None):
            result = complete(n, placed, blocked, limit=limit, method=method)
            assert (result.first, result.count, result.possible, result.exact) == (
                None,
                0,
                False,
                True,
            )


@methods
def test_a_full_board_is_its_own_completion(method):
    solution = [0, 4, 7, 5, 2, 6, 1, 3]
    placed = list(enumerate(solution))
    result = complete(8, placed, limit=None, method=method)
    assert result.first.tolist() == solution and result.count == 1 and result.exact
    # blocked squares elsewhere change nothing
    blocked = [(r, (c + 1) % 8) for r, c in placed]
    assert complete(8, placed, blocked, method=method).first.tolist() == solution
    assert complete(1, [(0, 0)], method=method).first.tolist() == [0]


@methods
def test_the_data_board(method):
    n, placed, blocked = parse_board((DATA / "queens_complete_10.txt").read_text(encoding="utf-8"))
    assert (n, sorted(placed)) == (10, [(8, 2), (9, 5)]) and len(blocked) == 12
    expected = brute_force(n, placed, blocked)
    assert len(expected) == 3  # as the file says
    result = complete(n, placed, blocked, limit=None, method=method)
    assert result.count == 3
    assert tuple(result.first.tolist()) in expected
    assert_completion(result.first, n, placed, blocked)


@methods
def test_input_types(method):
    # numpy arrays, generators, numpy integers: anything that yields pairs of integers
    placed = np.array([[0, 0], [1, 4]])
    blocked = ((r, 7) for r in range(2, 4))
    result = complete(np.int64(8), placed, blocked, limit=np.int32(5), method=method)
    assert result.count == len(brute_force(8, [(0, 0), (1, 4)], [(2, 7), (3, 7)]))
    assert complete(8, {(0, 0)}, [[2, 7]], limit=None, method=method).count == 4 - len(
        [s for s in brute_force(8, [(0, 0)], []) if s[2] == 7]
    )


# ---------------------------------------------------------------------------------------------
# Input errors: CompletionInputError (a ClewError, a ValueError) naming the squares
# ---------------------------------------------------------------------------------------------

INPUT_ERRORS = [
    # two queens that attack each other: both squares and the line, first-given queen first
    ([(0, 0), (3, 3)], [], "the queens on r1c1 and r4c4 attack each other along a diagonal"),
    ([(0, 7), (7, 0)], [], "the queens on r1c8 and r8c1 attack each other along a diagonal"),
    ([(2, 1), (5, 6), (2, 5)], [], "the queens on r3c2 and r3c6 attack each other along a row"),
    ([(6, 4), (1, 4)], [], "the queens on r7c5 and r2c5 attack each other along a column"),
    # a queen on a blocked square
    ([(2, 3)], [(5, 5), (2, 3)], "the queen on r3c4 stands on a blocked square"),
    # off the board (0-based)
    ([(8, 0)], [], "placed: (8, 0) is off the 8x8 board (rows and columns are given from 0 to 7)"),
    (
        [(0, -1)],
        [],
        "placed: (0, -1) is off the 8x8 board (rows and columns are given from 0 to 7)",
    ),
    ([], [(3, 8)], "blocked: (3, 8) is off the 8x8 board (rows and columns are given from 0 to 7)"),
    (
        [],
        [(-1, 2)],
        "blocked: (-1, 2) is off the 8x8 board (rows and columns are given from 0 to 7)",
    ),
    # the same queen twice (rather than "attack each other along a row")
    ([(1, 1), (4, 2), (1, 1)], [], "placed: square r2c2 is given twice"),
    # not pairs of integers
    ([(1.0, 2)], [], "placed: (1.0, 2) is not a pair of integers"),
    ([("1", 2)], [], "placed: ('1', 2) is not a pair of integers"),
    ([(True, 0)], [], "placed: (True, 0) is not a pair of integers"),
    ([], [(0, None)], "blocked: (0, None) is not a pair of integers"),
    ([(1, 2, 3)], [], "placed: (1, 2, 3) is not a (row, column) pair"),
    ([5], [], "placed: 5 is not a (row, column) pair"),
    ([], ["a1"], "blocked: 'a1' is not a pair of integers"),
    (5, [], "placed must be a list of (row, column) pairs, got 5"),
    ([], None, "blocked must be a list of (row, column) pairs, got None"),
]


@pytest.mark.parametrize("placed, blocked, message", INPUT_ERRORS)
def test_input_errors(placed, blocked, message):
    with pytest.raises(CompletionInputError) as info:
        check_board(8, placed, blocked)
    assert str(info.value) == message
    for method in METHODS:
        with pytest.raises(CompletionInputError) as info:
            complete(8, placed, blocked, method=method)
        assert str(info.value) == message
    assert isinstance(info.value, ClewError) and isinstance(info.value, ValueError)


def test_check_board_returns_the_squares():
    assert check_board(5) == ([], [])
    placed, blocked = check_board(5, np.array([[0, 1], [1, 3]]), [(4, 4), (4, 4)])
    assert placed == [(0, 1), (1, 3)] and blocked == [(4, 4), (4, 4)]
    assert all(type(v) is int for sq in placed + blocked for v in sq)


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"n": 0}, BoardSizeError, "n must be between 1 and 62, got 0"),
        ({"n": MAX_COMPLETE_N + 1}, BoardSizeError, "n must be between 1 and 62, got 63"),
        ({"n": 8.0}, BoardSizeError, "n must be an integer, got 8.0"),
        # the limit of every family (clew.errors.check_limit): an ArgumentError
        (
            {"n": 8, "limit": 0},
            ArgumentError,
            "limit must be at least 1 (None finds every solution), got 0",
        ),
        (
            {"n": 8, "limit": -1},
            ArgumentError,
            "limit must be at least 1 (None finds every solution), got -1",
        ),
        ({"n": 8, "limit": 1.5}, ArgumentError, "limit must be an integer, got 1.5"),
        ({"n": 8, "limit": True}, ArgumentError, "limit must be an integer, got True"),
        ({"n": 8, "method": "dfs"}, ArgumentError, "method must be one of mrv, rows, got 'dfs'"),
        ({"n": 8, "method": None}, ArgumentError, "method must be one of mrv, rows, got None"),
    ],
)
def test_bad_arguments(kwargs, error, message):
    with pytest.raises(error) as info:
        complete(**kwargs)
    assert str(info.value) == message


# ---------------------------------------------------------------------------------------------
# parse_board
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Q...\n..x.\n....\n....",
        "Q...\n..x.\n....\n....\n",
        "Q . . .\n. . x .\n. . . .\n. . . .\n",
        "q...\n..X.\n....\n....\n",
        "Q...\r\n..x.\r\n....\r\n....\r\n",
        "# a puzzle\n\nQ...\n   \n  ..x.  \n# the rest is empty\n....\n....\n\n",
        "\tQ . . .\n\t. . x .\n\t. . . .\n\t. . . .\n",
    ],
    ids=["plain", "final-newline", "spaced", "cases", "crlf", "comments-and-blanks", "indented"],
)
def test_parse_good_boards(text):
    assert parse_board(text) == (4, [(0, 0)], [(1, 2)])


def test_parse_other_boards():
    assert parse_board("Q") == (1, [(0, 0)], [])
    assert parse_board(".") == (1, [], [])
    assert parse_board("x") == (1, [], [(0, 0)])
    assert parse_board("xx\nxx") == (2, [], [(0, 0), (0, 1), (1, 0), (1, 1)])
    n, placed, blocked = parse_board("\n".join(["." * 62] * 62))
    assert (n, placed, blocked) == (62, [], [])


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the board is empty"),
        ("\n\n  \n", "the board is empty"),
        ("# nothing but a comment\n", "the board is empty"),
        ("Q...\n..x\n....\n....\n", "line 2: 3 squares, but the first row has 4"),
        ("# title\n\nQ...\n..x..\n....\n....\n", "line 4: 5 squares, but the first row has 4"),
        ("....\n....\n....\n", "the board has 3 rows of 4 squares: it must be square"),
        ("..\n..\n..\n", "the board has 3 rows of 2 squares: it must be square"),
        ("Q..\n.y.\n...\n", "line 2, character 2: 'y' is not Q, . or x"),
        ("# c\nQ..\n...\n..0\n", "line 4, character 3: '0' is not Q, . or x"),
        ("Q . .\n. . #\n. . .\n", "line 2, character 5: '#' is not Q, . or x"),
        ("♛..\n...\n...\n", "line 1, character 1: '♛' is not Q, . or x"),
    ],
)
def test_parse_bad_boards(text, message):
    with pytest.raises(CompletionInputError) as info:
        parse_board(text)
    assert str(info.value) == message


def test_parse_then_complete_matches_brute_force():
    rng = random.Random(7)
    for _ in range(30):
        n = rng.randint(1, 7)
        solution = rng.choice(all_solutions(n)) if all_solutions(n) else None
        grid = [["."] * n for _ in range(n)]
        if solution:
            for r in rng.sample(range(n), rng.randint(0, n)):
                grid[r][solution[r]] = "Q"
        for _ in range(rng.randint(0, n)):
            r, c = rng.randrange(n), rng.randrange(n)
            if grid[r][c] == ".":
                grid[r][c] = "x"
        text = "\n".join(" ".join(row) for row in grid)
        size, placed, blocked = parse_board(text)
        assert size == n
        assert sorted(placed) == sorted(
            (r, c) for r in range(n) for c in range(n) if grid[r][c] == "Q"
        )
        assert sorted(blocked) == sorted(
            (r, c) for r in range(n) for c in range(n) if grid[r][c] == "x"
        )
        assert complete(n, placed, blocked, limit=None).count == len(
            brute_force(n, placed, blocked)
        )


def test_parse_board_accepts_tabs_between_squares():
    assert parse_board("Q\t.\t.\t.\n. . x .\n....\n....") == (4, [(0, 0)], [(1, 2)])
