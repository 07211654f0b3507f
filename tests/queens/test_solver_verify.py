"""The verifier: valid and invalid boards, messages that name the squares, malformed input,
and a property test against an independent pairwise check."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import queens
from clew.errors import ClewError, InvalidSolutionError
from clew.queens import _reference, check_solution, is_solution


def pairwise_ok(cols: list[int]) -> bool:
    """Independent O(n^2) check: every queen on the board, no two on a line."""
    n = len(cols)
    if n == 0 or any(not 0 <= c < n for c in cols):
        return False
    for i in range(n):
        for j in range(i + 1, n):
            if cols[i] == cols[j] or abs(cols[i] - cols[j]) == j - i:
                return False
    return True


# ---------------------------------------------------------------------------------------------
# Valid boards
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 4, 5, 6, 8])
def test_every_reference_solution_is_accepted(n):
    for s in _reference.solutions(n):
        assert check_solution(s) is None
        assert check_solution(list(s), n) is None
        assert is_solution(s) is True


@pytest.mark.parametrize(
    "board",
    [
        (1, 3, 0, 2),
        [2, 0, 3, 1],
        np.array([1, 3, 0, 2], np.int8),
        np.array([0, 4, 7, 5, 2, 6, 1, 3]),
        range(1),
    ],
    ids=["tuple", "list", "int8-array", "int64-array", "range"],
)
def test_sequence_types(board):
    assert is_solution(board)


# ---------------------------------------------------------------------------------------------
# Invalid boards: the message names the rule and both squares (1-based row r, column c)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "board, message",
    [
        ([0, 0], "queens at r1c1 and r2c1 share a column"),
        ([0, 1], "queens at r1c1 and r2c2 share a diagonal"),
        ([1, 0], "queens at r1c2 and r2c1 share a diagonal"),
        ([0, 2, 1, 3], "queens at r2c3 and r3c2 share a diagonal"),
        ([1, 3, 0, 0], "queens at r3c1 and r4c1 share a column"),
        (
            [0, 4, 7, 5, 2, 6, 3, 1],
            "queens at r3c8 and r7c4 share a diagonal",
        ),  # anti-diagonal, 4 rows apart
        ([2, 4, 1, 3, 0, 3], "queens at r4c4 and r6c4 share a column"),
    ],
)
def test_conflicts_name_both_queens(board, message):
    with pytest.raises(InvalidSolutionError) as info:
        check_solution(board)
    assert str(info.value) == message
    assert is_solution(board) is False


@pytest.mark.parametrize(
    "board, n, message",
    [
        ([1, 3, 0], 4, "expected 4 queens, one per row, got 3"),
        ([1, 3, 0, 2, 4], 4, "expected 4 queens, one per row, got 5"),
        ([], None, "a solution needs at least one queen"),
        (
            [1, 3, 0, 4],
            None,
            "the queen of row 4 is off the 4x4 board: its column is 4, not 0 to 3",
        ),
        (
            [-1, 3, 0, 2],
            None,
            "the queen of row 1 is off the 4x4 board: its column is -1, not 0 to 3",
        ),
    ],
)
def test_malformed_boards(board, n, message):
    with pytest.raises(InvalidSolutionError) as info:
        check_solution(board, n)
    assert str(info.value) == message
    assert is_solution(board, n) is False


@pytest.mark.parametrize("junk", [5, None, 2.5, object()])
def test_non_sequences_are_refused(junk):
    with pytest.raises(InvalidSolutionError, match="a solution is a sequence of column numbers"):
        check_solution(junk)
    assert is_solution(junk) is False


@pytest.mark.parametrize("text", ["1302", b"\x01\x03\x00\x02", ""])
def test_strings_are_refused(text):
    # a string is a sequence, but of characters: "1302" is not the board (1, 3, 0, 2)
    with pytest.raises(InvalidSolutionError, match="a solution is a sequence of column numbers"):
        check_solution(text)
    assert is_solution(text) is False


@pytest.mark.parametrize(
    "board, message",
    [
        ([1.5, 3, 0, 2], "row 1: column 1.5 is not an integer"),  # int() would truncate it to 1
        ([1, 3, 0, 2.0], "row 4: column 2.0 is not an integer"),
        ([1, float("inf"), 0, 2], "row 2: column inf is not an integer"),  # int() would overflow
        ([1, 3, "0", 2], "row 3: column '0' is not an integer"),
        ([True], "row 1: column True is not an integer"),
        ([None], "row 1: column None is not an integer"),
        ([[1], [3]], "row 1: column [1] is not an integer"),
        ([1j], "row 1: column 1j is not an integer"),
    ],
)
def test_non_integer_columns_are_refused(board, message):
    with pytest.raises(InvalidSolutionError) as info:
        check_solution(board)
    assert str(info.value) == message
    assert is_solution(board) is False


def test_invalid_solution_error_is_a_clew_error():
    assert issubclass(InvalidSolutionError, ClewError)
    assert issubclass(InvalidSolutionError, ValueError)


# ---------------------------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------------------------


@st.composite
def boards(draw):
    """Permutations of range(n), a third of them real solutions (random permutations of a
    large board are almost never solutions)."""
    n = draw(st.integers(1, 10))
    if draw(st.integers(0, 2)) == 0:
        sols = list(queens.solutions(n))
        if sols:
            return list(draw(st.sampled_from(sols)))
    return draw(st.permutations(range(n)))


@settings(max_examples=300, deadline=None)
@given(boards())
def test_permutations_agree_with_pairwise_check(board):
    assert is_solution(board) == pairwise_ok(board)
    assert is_solution(tuple(board), len(board)) == pairwise_ok(board)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-3, 12), min_size=0, max_size=12))
def test_integer_lists_agree_with_pairwise_check(board):
    assert is_solution(board) == pairwise_ok(board)


_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
    st.binary(max_size=4),
    st.complex_numbers(allow_nan=True, allow_infinity=True),
)
_junk = st.recursive(
    _scalars, lambda inner: st.lists(inner, max_size=6) | st.tuples(inner, inner), max_leaves=12
)


@settings(max_examples=300, deadline=None)
@given(_junk, st.one_of(st.none(), st.integers(-2, 12)))
def test_junk_never_crashes(junk, n):
    try:
        result = is_solution(junk, n)
    except InvalidSolutionError:  # pragma: no cover - is_solution catches it
        pytest.fail("is_solution must return False rather than raise")
    assert result in (True, False)
    try:
        check_solution(junk, n)
    except InvalidSolutionError as exc:
        assert "\n" not in str(exc) and str(exc)
    else:
        assert result is True


def test_an_off_board_column_is_not_mixed_with_a_place():
    # issue 25: "row 2: column 5" read as the square r2c5, but 5 was the 0-based value given
    with pytest.raises(InvalidSolutionError) as info:
        check_solution([0, 5, 1, 3])
    assert str(info.value) == "the queen of row 2 is off the 4x4 board: its column is 5, not 0 to 3"
