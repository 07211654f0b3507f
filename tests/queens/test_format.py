"""Pictures and text forms of a solution."""

from __future__ import annotations

import json

import numpy as np
import pytest

from clew import queens
from clew.errors import BoardSizeError, InvalidSolutionError
from clew.queens import format as fmt

FOUR = (1, 3, 0, 2)


def test_leetcode():
    assert fmt.to_leetcode(FOUR) == [".Q..", "...Q", "Q...", "..Q."]
    assert fmt.to_leetcode((2, 0, 3, 1)) == ["..Q.", "Q...", "...Q", ".Q.."]
    assert fmt.to_leetcode((0,)) == ["Q"]


def test_matrix():
    assert fmt.to_matrix(FOUR) == [[0, 1, 0, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 0, 1, 0]]
    assert fmt.to_matrix_text(FOUR) == "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0"
    assert fmt.to_matrix_text((0,)) == "1"


def test_board():
    # light squares where row + column is even, queens drawn over either colour
    assert fmt.to_board(FOUR) == "□ ♛ □ ■\n■ □ ■ ♛\n♛ ■ □ ■\n■ □ ♛ □"
    assert fmt.to_board((0,)) == "♛"


def test_columns():
    assert fmt.to_columns(FOUR) == "1 3 0 2"
    assert fmt.to_columns((0,)) == "0"
    assert fmt.to_columns(np.array([10, 0, 11], np.int8)) == "10 0 11"


def test_json():
    assert json.loads(fmt.to_json(FOUR)) == {"n": 4, "columns": [1, 3, 0, 2]}
    # numpy integers serialise as plain JSON numbers
    assert json.loads(fmt.to_json(np.array(FOUR, np.int8))) == {"n": 4, "columns": [1, 3, 0, 2]}


@pytest.mark.parametrize("n", [1, 5, 6, 8])
def test_every_form_describes_the_same_queens(n):
    for s in queens.solutions(n):
        record = json.loads(fmt.to_json(s))
        assert record["n"] == n and tuple(record["columns"]) == s  # round trip
        assert tuple(int(c) for c in fmt.to_columns(s).split()) == s
        rows = fmt.to_leetcode(s)
        assert [r.index("Q") for r in rows] == list(s)
        assert all(len(r) == n and r.count("Q") == 1 and set(r) <= {"Q", "."} for r in rows)
        matrix = fmt.to_matrix(s)
        assert [row.index(1) for row in matrix] == list(s) and all(sum(row) == 1 for row in matrix)
        assert fmt.to_matrix_text(s).splitlines() == [" ".join(map(str, row)) for row in matrix]
        board = fmt.to_board(s).splitlines()
        assert [line.split(" ").index("♛") for line in board] == list(s)


@pytest.mark.parametrize("draw", [fmt.to_leetcode, fmt.to_matrix, fmt.to_matrix_text, fmt.to_board])
def test_pictures_of_huge_boards_are_refused(draw):
    too_big = list(range(fmt.MAX_PICTURE_N + 1))
    with pytest.raises(BoardSizeError, match=r"too large to draw .* use the columns format"):
        draw(too_big)


def test_columns_and_json_have_no_size_limit():
    big = list(range(fmt.MAX_PICTURE_N + 1))
    assert fmt.to_columns(big).split() == [str(c) for c in big]
    assert json.loads(fmt.to_json(big))["columns"] == big


def test_package_reexports_the_formats():
    for name in ("to_board", "to_columns", "to_json", "to_leetcode", "to_matrix", "to_matrix_text"):
        assert getattr(queens, name) is getattr(fmt, name)


@pytest.mark.parametrize("draw", [fmt.to_leetcode, fmt.to_matrix, fmt.to_board])
def test_pictures_refuse_off_board_columns(draw):
    with pytest.raises(
        InvalidSolutionError,
        match="the queen of row 2 is off the 4x4 board: its column is 4, not 0 to 3",
    ):
        draw((1, 4, 0, 2))


@pytest.mark.parametrize(
    "n, words", [(8, "an 8x8 board"), (11, "an 11x11 board"), (9, "a 9x9 board")]
)
def test_too_large_to_draw_says_a_or_an(monkeypatch, n, words):
    monkeypatch.setattr(fmt, "MAX_PICTURE_N", 3)
    with pytest.raises(BoardSizeError) as info:
        fmt.to_board(list(range(n)))
    assert str(info.value).startswith(f"{words} is too large to draw")
