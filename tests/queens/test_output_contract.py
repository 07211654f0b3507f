"""The queens family under the contract of issue 25: JSON forms and pictures of its results,
the streams and forms of ``clew queens solve`` as library functions, board files, and the
wait on a long kernel that Ctrl-C can stop."""

from __future__ import annotations

import inspect
import io
import json
import threading
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import _display, queens
from clew.errors import ArgumentError, BoardSizeError, ClewError
from clew.queens import huge, ladder, output
from clew.queens._waiting import interruptible
from clew.queens.completion import CompletionInputError, complete_board, read_board


def _documented(cls, data: dict) -> None:
    doc = inspect.getdoc(cls) or ""
    assert [key for key in data if key not in doc] == []
    json.loads(json.dumps(data))


# ---------------------------------------------------------------------------------------------
# queens.one: an array that draws itself, with no work in proportion to a huge n
# ---------------------------------------------------------------------------------------------


def test_one_is_an_array_with_a_picture_and_a_json_form():
    s = queens.one(8)
    assert isinstance(s, np.ndarray) and isinstance(s, queens.SolutionArray)
    assert s.tolist() == [1, 3, 5, 7, 2, 0, 6, 4]
    assert s.to_dict() == {"n": 8, "columns": [1, 3, 5, 7, 2, 0, 6, 4]}
    _documented(queens.SolutionArray, s.to_dict())
    svg = s._repr_svg_()
    assert svg is not None and svg.startswith("<svg") and svg.count('class="queen"') == 8
    assert s._repr_html_() is None
    assert queens.is_solution(s) and queens.one(3) is None


def test_one_local_is_an_array_too():
    s = queens.one(50, method="local", seed=3)
    assert isinstance(s, queens.SolutionArray) and queens.is_solution(s)


def test_a_huge_board_is_not_converted_to_be_shown(monkeypatch):
    s = queens.one(10**6)
    calls = []
    monkeypatch.setattr(_display, "render", lambda *a: calls.append(a))
    assert s._repr_svg_() is None and calls == []  # no picture, no tuple of a million ints
    assert "..." in repr(s)  # numpy's short repr


def test_arithmetic_on_a_solution_is_a_plain_array():
    s = queens.one(6)
    assert type(s + 1) is np.ndarray and type(s * 2) is np.ndarray
    assert type(s.max()) is not queens.SolutionArray


# ---------------------------------------------------------------------------------------------
# Completion, Rung and Ladder: to_dict with documented fields
# ---------------------------------------------------------------------------------------------


def test_completion_to_dict():
    found = queens.complete(8, placed=[(0, 0)], limit=None)
    assert found.to_dict() == {
        "n": 8,
        "columns": [0, 4, 7, 5, 2, 6, 1, 3],
        "count": 4,
        "limit": None,
        "exact": True,
    }
    none = queens.complete(4, placed=[(0, 0)])
    assert none.to_dict() == {"n": 4, "columns": None, "count": 0, "limit": 1, "exact": True}
    _documented(queens.Completion, found.to_dict())


def test_compare_returns_a_ladder_with_a_json_form():
    rungs = queens.compare(5)
    assert (
        isinstance(rungs, ladder.Ladder)
        and isinstance(rungs, list)
        and len(rungs) == len(ladder.METHODS)
    )
    data = rungs.to_dict()
    assert data["n"] == 5 and data["limit"] == ladder.LIMIT and len(data["methods"]) == 6
    _documented(ladder.Ladder, data)
    for rung, method in zip(rungs, data["methods"], strict=True):
        assert method == rung.to_dict()
        _documented(ladder.Rung, method)
    assert str(rungs) == ladder.format_table(rungs)


def test_compare_limit_is_keyword_only_and_checked():
    assert (
        inspect.signature(queens.compare).parameters["limit"].kind is inspect.Parameter.KEYWORD_ONLY
    )
    with pytest.raises(ArgumentError, match="limit must be at least 1"):
        queens.compare(5, limit=0)
    assert queens.compare(4, limit=None).limit is None


# ---------------------------------------------------------------------------------------------
# clew.queens.output: the streams and forms of clew queens solve / one
# ---------------------------------------------------------------------------------------------


@given(
    n=st.integers(1, 9),
    fmt=st.sampled_from(output.SOLVE_FORMATS),
    limit=st.one_of(st.none(), st.integers(1, 60)),
    ordered=st.booleans(),
    unique=st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_write_solutions_writes_what_it_says(n, fmt, limit, ordered, unique):
    out = io.BytesIO()
    written = output.write_solutions(n, out, fmt=fmt, limit=limit, ordered=ordered, unique=unique)
    every = queens.count(n, unique=unique)
    assert written == (every if limit is None else min(limit, every))
    text = out.getvalue().decode("utf-8")
    if fmt in ("columns", "json", "leetcode"):
        assert len(text.splitlines()) == written
    if fmt == "json" and ordered and not unique:
        rows = [tuple(json.loads(line)["columns"]) for line in text.splitlines()]
        assert rows == list(queens.solutions(n, limit=limit))


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"limit": 0}, ArgumentError, "limit must be at least 1"),
        ({"fmt": "svg"}, ArgumentError, "fmt must be one of"),
        ({"n": 63}, BoardSizeError, "n must be between 1 and 62"),
        ({"n": 33, "ordered": False}, BoardSizeError, "n must be between 1 and 32"),
    ],
)
def test_write_solutions_refuses_bad_arguments(kwargs, error, words):
    out = io.BytesIO()
    with pytest.raises(error, match=words):
        output.write_solutions(**{"n": 8, "out": out, **kwargs})
    assert out.getvalue() == b""


def test_pictures_too_large_say_an_8x8(monkeypatch):
    from clew.queens import format as fmt

    monkeypatch.setattr(fmt, "MAX_PICTURE_N", 3)
    with pytest.raises(BoardSizeError, match=r"^an 8x8 board is too large to draw as 'board'"):
        output.write_solutions(8, io.BytesIO(), fmt="board")


@pytest.mark.parametrize("chunk", [1, 2, 3, 7])
@pytest.mark.parametrize("fmt", ["columns", "json"])
def test_write_solution_in_chunks(monkeypatch, chunk, fmt):
    # a huge solution is written a chunk at a time: the text is the same on every boundary
    monkeypatch.setattr(huge, "LINE_CHUNK", chunk)
    for n in (1, 4, 5, 8, 13, 100):
        out = io.BytesIO()
        cols = queens.one(n)
        output.write_solution(cols, out, fmt=fmt)
        expected = (
            queens.to_json(cols.tolist()) if fmt == "json" else queens.to_columns(cols.tolist())
        )
        assert out.getvalue().decode() == expected + "\n"


# ---------------------------------------------------------------------------------------------
# Board files: read and completed by the library
# ---------------------------------------------------------------------------------------------


def test_read_board_from_a_path_and_a_file(tmp_path):
    path = tmp_path / "b.txt"
    path.write_bytes("\ufeffQ . . .\n. . x .\n....\n....\n".encode("utf-8"))
    assert read_board(path) == read_board(str(path)) == (4, [(0, 0)], [(1, 2)])
    assert read_board(io.BytesIO(b"Q...\n....\n....\n....")) == (4, [(0, 0)], [])


def test_read_board_errors_name_the_file(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(CompletionInputError, match=r"bad.txt: not UTF-8 text"):
        read_board(path)
    with pytest.raises(CompletionInputError, match=r"missing.txt: cannot read the board"):
        read_board(tmp_path / "missing.txt")
    with pytest.raises(
        CompletionInputError, match=r"^<stdin>: line 2: 1 square, but the first row has 2$"
    ):
        read_board(io.BytesIO(b"..\n.\n"))
    with pytest.raises(TypeError, match="got int"):
        read_board(5)


def test_complete_board():
    board = io.BytesIO(b"Q.....\n......\n......\n......\n......\n......\n")
    assert complete_board(board=board).possible is False  # a corner queen of a 6x6 board
    with pytest.raises(CompletionInputError, match="the board has 2 rows, not n = 3"):
        complete_board(3, board=io.BytesIO(b"..\n..\n"))
    with pytest.raises(ArgumentError, match="give the board size n or a board file"):
        complete_board()
    both = complete_board(
        5, [(0, 0)], board=io.BytesIO(b".....\n..x..\n.....\n.....\n.....\n"), limit=None
    )
    assert both.count == queens.complete(5, [(0, 0)], [(1, 2)], limit=None).count


def test_board_messages_say_one_row_and_squares():
    with pytest.raises(CompletionInputError) as info:
        queens.parse_board(".\n.\n")
    assert str(info.value) == "the board has 2 rows of 1 square: it must be square"


# ---------------------------------------------------------------------------------------------
# Waiting on a kernel: Ctrl-C is seen at once
# ---------------------------------------------------------------------------------------------


def test_interruptible_returns_and_raises():
    assert interruptible(divmod, 7, 2) == (3, 1)
    with pytest.raises(ZeroDivisionError):
        interruptible(divmod, 1, 0)
    # outside the main thread the call is made directly
    seen = []
    thread = threading.Thread(target=lambda: seen.append(interruptible(threading.current_thread)))
    thread.start()
    thread.join()
    assert seen == [thread]


def test_interruptible_stops_waiting_on_keyboard_interrupt():
    import _thread

    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        interruptible(time.sleep, 5)  # stands for a kernel that releases the GIL
    assert time.perf_counter() - start < 2


def test_the_queens_errors_are_clew_errors():
    assert issubclass(CompletionInputError, ClewError)
