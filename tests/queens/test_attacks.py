"""The one attack rule of the queens (:mod:`clew.queens.attacks`): checked against a rule
written here square by square, and used by the verifier to name a conflict."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import queens
from clew.errors import ClewError, InvalidSolutionError
from clew.queens.attacks import attacked_squares, attacking_pairs, check_columns, line_of


def brute(a, b):
    (r1, c1), (r2, c2) = a, b
    if a == b:
        return None
    if r1 == r2:
        return "row"
    if c1 == c2:
        return "column"
    if abs(r1 - r2) == abs(c1 - c2):
        return "diagonal" if (r1 - r2) == (c1 - c2) else "anti-diagonal"
    return None


def test_line_of_every_two_squares_of_a_board():
    squares = list(itertools.product(range(5), repeat=2))
    for a in squares:
        for b in squares:
            assert line_of(a, b) == brute(a, b) == line_of(b, a), (a, b)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7).flatmap(lambda n: st.tuples(st.just(n), st.lists(
    st.one_of(st.none(), st.integers(0, n - 1)), max_size=n))))  # fmt: skip
def test_attacked_squares_and_pairs(board):
    n, columns = board
    queens_on = [(r, c) for r, c in enumerate(columns) if c is not None]
    expected = {
        (r, c) for r in range(n) for c in range(n) if any(brute(q, (r, c)) for q in queens_on)
    }
    assert attacked_squares(n, columns) == expected
    pairs = attacking_pairs(n, columns)
    assert pairs == [
        (a, b, brute(a, b)) for a, b in itertools.combinations(queens_on, 2) if brute(a, b)
    ]


def test_the_verifier_names_the_line_of_the_rule():
    with pytest.raises(InvalidSolutionError, match="share a column"):
        queens.check_solution([1, 3, 1, 2])
    with pytest.raises(InvalidSolutionError, match="share a diagonal"):  # an anti-diagonal
        queens.check_solution([0, 2, 1, 3])
    with pytest.raises(InvalidSolutionError, match="share a diagonal"):
        queens.check_solution([0, 1, 3, 2])


def test_bad_columns():
    assert check_columns(3, None) == [] and check_columns(3, [2, None]) == [2, None]
    for columns, message in [
        ("12", "must be a sequence"),
        ([0, 1, 2, 0], "more than 3 entries"),
        ([1.5], "must be an integer or None"),
        ([True], "must be an integer or None"),
        ([3], "off the 3x3 board"),
    ]:
        with pytest.raises(ClewError, match=message):
            check_columns(3, columns)
