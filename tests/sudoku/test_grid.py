"""Reading puzzles: every form, every size, the symbols above 9, the one-line messages of
bad input, the Grid value, and the batch reader against the one-puzzle reader."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.errors import ClewError
from clew.sudoku import (
    DIGITS,
    ConflictingGivensError,
    Grid,
    PuzzleFormatError,
    SudokuInputError,
    parse,
)
from clew.sudoku.files.batch import format_lines, has_conflict, read_lines, split_lines

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED_4 = "1234341221434321"


def solved(k: int) -> list[int]:
    """A full k^2 x k^2 grid, by the classic shift pattern: independent of every solver."""
    n = k * k
    return [(k * (r % k) + r // k + c) % n + 1 for r in range(n) for c in range(n)]


def as_line(cells: list[int]) -> str:
    return "".join("." if v == 0 else DIGITS[v - 1] for v in cells)


# ---------------------------------------------------------------------------------------------
# Forms
# ---------------------------------------------------------------------------------------------


def test_line_with_dots_or_zeros():
    g = Grid(LEETCODE)
    assert (g.k, g.n, g.givens, g.blanks) == (3, 9, 30, 51)
    assert Grid(LEETCODE.replace(".", "0")) == g
    assert g.cells[:3] == (5, 3, 0) and g[0, 4] == 7 and g[8, 8] == 9 and g[-1, -1] == 9
    assert (
        g.to_line() == LEETCODE
        and str(g) == LEETCODE
        and g.to_line(blank="0") == LEETCODE.replace(".", "0")
    )


def test_leetcode_board_lists_of_ints_row_strings_flat_and_numpy():
    g = Grid(LEETCODE)
    board = g.to_leetcode()
    assert board[0] == ["5", "3", ".", ".", "7", ".", ".", ".", "."]
    ints = g.to_lists()
    assert ints[0] == [5, 3, 0, 0, 7, 0, 0, 0, 0]
    rows = [LEETCODE[i : i + 9] for i in range(0, 81, 9)]
    array = g.to_array()
    assert array.dtype == np.int8 and array.shape == (9, 9)
    forms = [
        board,
        ints,
        rows,
        tuple(map(tuple, ints)),
        list(g.cells),
        array,
        array.ravel(),
        array.astype(np.int64),
        g,
    ]
    for form in forms:
        assert Grid(form) == g
    assert Grid(iter(ints)) == g
    assert Grid(LEETCODE.encode()) == g
    # cells given as strings of numbers, ints mixed with strings
    assert Grid([[str(v) for v in row] for row in ints]) == g
    assert Grid([[v if c % 2 else str(v or ".") for c, v in enumerate(row)] for row in ints]) == g


def test_drawn_grid_reads_back():
    g = Grid(LEETCODE)
    text = g.to_text()
    assert text.splitlines()[0] == "5 3 . | . 7 . | . . ."
    assert text.splitlines()[3] == "------+-------+------"
    assert Grid(text) == g
    unicode = text.replace("|", "│").replace("-", "─").replace("+", "┼")
    assert Grid(unicode) == g
    framed = (
        "+-------+\n"
        + "\n".join("| " + line + " |" for line in text.splitlines())
        + "\n+=======+\n"
    )
    assert Grid(framed) == g
    assert Grid("\r\n".join(text.splitlines()) + "\r\n") == g  # CRLF


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_every_size_round_trips(k):
    n = k * k
    cells = solved(k)
    cells[::7] = [0] * len(cells[::7])
    g = Grid(as_line(cells))
    assert (g.k, g.n, g.cells) == (k, n, tuple(cells))
    for form in (
        g.to_line(),
        g.to_line(blank="0"),
        g.to_text(),
        g.to_leetcode(),
        g.to_lists(),
        g.to_array(),
        g.rows,
    ):
        assert Grid(form) == g
    assert len(g.to_text().splitlines()) == n + k - 1


def test_sixteen_uses_letters_a_to_g_in_either_case():
    cells = solved(4)
    line = as_line(cells)
    assert set(line) == set("123456789ABCDEFG")
    g = Grid(line)
    assert g.cells == tuple(cells) and Grid(line.lower()) == g
    assert g.symbol(10) == "A" and g.symbol(16) == "G" and g.symbol(0) == "."
    with pytest.raises(PuzzleFormatError, match=r"^r1c1: 'H' is not a digit of a 16x16 sudoku$"):
        Grid("H" + line[1:])
    assert Grid("0" + line[1:])[0, 0] == 0  # '0' is a blank here too


def test_twenty_five_uses_letters_up_to_p():
    line = as_line(solved(5))
    assert Grid(line).cells == tuple(solved(5)) and "P" in line
    with pytest.raises(PuzzleFormatError, match=r"'Q' is not a digit of a 25x25 sudoku"):
        Grid(line.replace("P", "Q", 1))


def test_drawn_sixteen_with_numbers_as_words():
    cells = solved(4)
    cells[5] = 0
    rows = [
        " ".join("." if v == 0 else str(v) for v in cells[r * 16 : (r + 1) * 16]) for r in range(16)
    ]
    text = "\n".join(rows)
    assert "10" in text and "16" in text
    assert Grid(text).cells == tuple(cells)
    with pytest.raises(PuzzleFormatError, match=r"^r1c1: '17' is not a digit of a 16x16 sudoku$"):
        Grid(text.replace("1 ", "17 ", 1))


def test_hexadecimal_alphabet_with_symbols():
    hexa = "0123456789ABCDEF"
    cells = solved(4)
    cells[3] = 0
    line = "".join("." if v == 0 else hexa[v - 1] for v in cells)
    g = Grid(line, symbols=hexa)
    assert g.cells == tuple(cells)  # '0' is digit 1, '.' the only blank
    assert (
        g.to_line() == line and g.symbols == hexa and repr(g) == f"Grid({line!r}, symbols={hexa!r})"
    )
    assert Grid(line.lower(), symbols=hexa) == g
    assert Grid(g.to_text(), symbols=hexa) == g
    assert Grid(g).symbols == hexa
    # the default alphabet reads the same text differently (0 is a blank, G is missing)
    assert Grid(line).cells != g.cells


@pytest.mark.parametrize(
    "symbols, message",
    [
        ("1123456789ABCDEF", "repeat a character"),
        ("abcdefghijklmnoA", "repeat a character"),
        (".123456789ABCDEF", "is a blank or a separator"),
        ("12345678|ABCDEFG", "is a blank or a separator"),
        ("0123", "a 16x16 sudoku needs 16"),
        (12, "symbols must be a string"),
    ],
)
def test_bad_symbols(symbols, message):
    line = as_line(solved(4))
    with pytest.raises(PuzzleFormatError, match=message):
        Grid(line if symbols != "0123" else line.replace("G", "."), symbols=symbols)


# ---------------------------------------------------------------------------------------------
# Bad input: one line naming the problem
# ---------------------------------------------------------------------------------------------

_CELLS = (
    "a sudoku has n*n cells for a side n of 4 to 25 (16 for 4x4, 36 for 6x6, 81 for 9x9, ...), got"
)


@pytest.mark.parametrize(
    "puzzle, message",
    [
        (LEETCODE[:-1], f"{_CELLS} 80"),
        (LEETCODE + ".", f"{_CELLS} 82"),
        ("", f"{_CELLS} 0"),
        ("5 3 . . 7", f"{_CELLS} 5 (after skipping spaces and box lines)"),
        (LEETCODE[:22] + "X" + LEETCODE[23:], "r3c5: 'X' is not a digit of a 9x9 sudoku"),
        ("A" + LEETCODE[1:], "r1c1: 'A' is not a digit of a 9x9 sudoku"),
        ("5" + "." * 15, "r1c1: '5' is not a digit of a 4x4 sudoku"),
        ("." * 80 + "é", "r9c9: 'é' is not a digit of a 9x9 sudoku"),
        (
            [[0] * 9] * 8,
            "the grid has 8 rows of 9 cells: a sudoku has n rows of n cells, n = 4 to 25",
        ),
        ([[0] * 8] * 8 + [[0] * 7], "a 9x9 sudoku has 9 cells in each row, row 1 has 8 cells"),
        ([[0] * 8] * 7 + [[0] * 1], "an 8x8 sudoku has 8 cells in each row, row 8 has 1 cell"),
        ([[0] * 9] * 3, "a sudoku has 4 to 25 rows, got 3"),
        ([[0] * 9] * 8 + [[0] * 8], "a 9x9 sudoku has 9 cells in each row, row 9 has 8"),
        ([[0] * 4] * 3 + [[0, 0, 5, 0]], "r4c3: 5 is not a digit of a 4x4 sudoku"),
        ([[0] * 4] * 3 + [[0, 0, -1, 0]], "r4c3: -1 is not a digit of a 4x4 sudoku"),
        ([[0] * 4] * 3 + [[0, True, 0, 0]], "r4c2: True is not a digit of a 4x4 sudoku"),
        (
            [[0] * 4] * 3 + [[0, 1.5, 0, 0]],
            "r4c2: 1.5 is not a whole number, so not a digit of a 4x4 sudoku",
        ),
        ([[0] * 4] * 3 + [[0, 5.0, 0, 0]], "r4c2: 5 is not a digit of a 4x4 sudoku"),
        ([[0] * 4] * 3 + [[0, None, 0, 0]], "r4c2: None is not a digit of a 4x4 sudoku"),
        ([[0] * 4] * 3 + [["", 0, 0, 0]], "r4c1: '' is not a digit of a 4x4 sudoku"),
        ([[0] * 4] * 3 + [0], "row 4 of a 4x4 sudoku is a int, not a row of cells"),
        ([0] * 15, f"{_CELLS} 15"),
        (np.zeros((3, 3, 3), np.int8), "a puzzle array has 1 or 2 dimensions, got shape (3, 3, 3)"),
        (3.5, "a puzzle is text, a list of rows or a Grid, got float 3.5"),
        (None, "a puzzle is text, a list of rows or a Grid, got NoneType None"),
        ({"a": 1}, "a puzzle is text, a list of rows or a Grid, got dict"),
        (b"\xff" * 16, "not UTF-8 text (invalid start byte at byte 0): a puzzle is text"),
    ],
)
def test_format_errors(puzzle, message):
    with pytest.raises(PuzzleFormatError) as info:
        Grid(puzzle)
    text = str(info.value)
    assert text.startswith(message) and "\n" not in text
    assert (
        isinstance(info.value, SudokuInputError)
        and isinstance(info.value, ClewError)
        and isinstance(info.value, ValueError)
    )


@pytest.mark.parametrize(
    "changes, message, cells",
    [
        ({2: 5, 6: 5}, "r1c3 and r1c7 are both 5 in row 1", ((0, 2), (0, 6))),
        ({2: 5, 9 * 6 + 2: 5}, "r1c3 and r7c3 are both 5 in column 3", ((0, 2), (6, 2))),
        ({0: 4, 9 + 1: 4}, "r1c1 and r2c2 are both 4 in box 1", ((0, 0), (1, 1))),
        ({80: 1, 9 * 7 + 6: 1}, "r8c7 and r9c9 are both 1 in box 9", ((7, 6), (8, 8))),
    ],
)
def test_conflicting_givens_name_both_cells(changes, message, cells):
    values = [0] * 81
    for index, digit in changes.items():
        values[index] = digit
    g = Grid(values)  # a Grid may repeat digits (a wrong candidate solution) ...
    assert g.conflict()[3] in message
    with pytest.raises(ConflictingGivensError) as info:  # ... a puzzle may not
        parse(values)
    assert str(info.value) == message
    assert info.value.cells == cells and info.value.digit == list(changes.values())[0]


def test_conflict_in_a_large_grid_names_the_letter():
    line = "A" + "." * 15 + "a" + "." * 239
    with pytest.raises(
        ConflictingGivensError, match=r"^r1c1 and r2c1 are both A \(10\) in column 1$"
    ):
        parse(line)


def test_parse_accepts_a_valid_puzzle_and_search_only_contradictions():
    assert parse(LEETCODE) == Grid(LEETCODE)
    assert parse("2...3.2......4..").givens == 4  # no solution, but no two givens clash


# ---------------------------------------------------------------------------------------------
# The Grid value
# ---------------------------------------------------------------------------------------------


def test_grid_is_an_immutable_hashable_value():
    g = Grid(LEETCODE)
    assert g == Grid(g.to_lists()) and hash(g) == hash(Grid(g.to_leetcode()))
    assert g != Grid(SOLVED_4) and g != LEETCODE
    assert len({g, Grid(LEETCODE), Grid(SOLVED_4)}) == 2
    with pytest.raises(AttributeError):
        g.k = 4
    assert pickle.loads(pickle.dumps(g)) == g
    assert eval(repr(g), {"Grid": Grid}) == g
    assert Grid(SOLVED_4).is_full() and not g.is_full()
    with pytest.raises(IndexError):
        g[9, 0]


# ---------------------------------------------------------------------------------------------
# Many puzzles at once
# ---------------------------------------------------------------------------------------------


def test_split_lines_skips_comments_blank_lines_bom_and_crlf():
    data = (
        b"\xef\xbb\xbf# header\r\n\r\n"
        + LEETCODE.encode()
        + b"\r\n  \n  # indented\n\t"
        + SOLVED_4.encode()
    )
    lines, numbers = split_lines(data)
    assert lines == [LEETCODE.encode(), SOLVED_4.encode()]
    assert numbers == [3, 6]


def test_read_lines_agrees_with_parse_line_by_line():
    lines = [
        LEETCODE,
        LEETCODE.replace(".", "0"),
        SOLVED_4,
        "11" + "." * 14,
        LEETCODE[:-1],
        LEETCODE[:22] + "X" + LEETCODE[23:],
        " ".join(LEETCODE),  # spaces inside: read by the slow path
        Grid(LEETCODE).to_text().replace("\n", " "),
        as_line(solved(4)),
        as_line(solved(5)).lower(),
        "." * 80 + "é",
        "53..7..5.6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ]
    batch = read_lines([line.encode() for line in lines], list(range(10, 10 + len(lines))))
    assert (
        len(batch) == len(lines)
        and batch.line_numbers == list(range(10, 22))
        and batch.texts == lines
    )
    for i, line in enumerate(lines):
        try:
            g = parse(line)
        except SudokuInputError as exc:
            assert batch.errors[i] == str(exc) and batch.sizes[i] == 0 and batch.rows[i] == -1
            continue
        assert i not in batch.errors
        assert batch.sizes[i] == g.k
        assert batch.arrays[g.k][batch.rows[i]].tolist() == list(g.cells)
    # rows of each size are in file order
    for k, array in batch.arrays.items():
        assert array.flags.c_contiguous and array.dtype == np.int8
        assert sorted(batch.rows[batch.sizes == k].tolist()) == list(range(len(array)))
        assert (np.diff(batch.rows[batch.sizes == k]) > 0).all()


def test_read_lines_names_non_utf8_lines():
    batch = read_lines([b"\xff" * 81, SOLVED_4.encode()])
    assert batch.errors == {
        0: "not UTF-8 text (invalid start byte at byte 0)"
    } and batch.sizes.tolist() == [0, 2]


def test_read_lines_with_symbols():
    hexa = "0123456789ABCDEF"
    line = "".join(hexa[v - 1] for v in solved(4))
    batch = read_lines([line.encode(), b"G" * 256], symbols=hexa)
    assert batch.arrays[4][0].tolist() == solved(4)
    assert batch.errors[1] == "r1c1: 'G' is not a digit of a 16x16 sudoku"


def test_has_conflict_and_format_lines_against_the_grid():
    rng = np.random.default_rng(7)
    for k in (2, 3, 4):
        n = k * k
        puzzles = rng.integers(0, n + 1, size=(300, n * n)).astype(np.int8)
        puzzles[rng.random(puzzles.shape) < 0.85] = 0
        flags = has_conflict(puzzles, k)
        grids = [Grid(row.tolist()) for row in puzzles]
        assert flags.tolist() == [g.conflict() is not None for g in grids]
        assert 0 < flags.sum() < len(flags)
        assert format_lines(puzzles, k) == [g.to_line() for g in grids]
        assert format_lines(puzzles, k, blank="0") == [g.to_line(blank="0") for g in grids]
    assert format_lines(np.zeros((0, 16), np.int8), 2) == []


# ---------------------------------------------------------------------------------------------
# Random input never crashes the reader: a Grid or a PuzzleFormatError
# ---------------------------------------------------------------------------------------------

_alphabet = st.sampled_from(list("0123456789.ABCDEFGHPQXagpz |-+\n\r\t#é─│┼") + ["\x00"])


def _read_or_error(value):
    try:
        g = Grid(value)
    except PuzzleFormatError as exc:
        assert str(exc) and "\n" not in str(exc)
        return None
    assert g.k in (2, 3, 4, 5) and len(g.cells) == g.n**2 and all(0 <= v <= g.n for v in g.cells)
    assert Grid(g.to_line()) == g and Grid(g.to_text()) == g
    return g


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(_alphabet, max_size=100), st.text(max_size=30)))
def test_random_text_never_crashes(text):
    _read_or_error(text)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.data())
def test_random_near_grids_never_crash(k, data):
    n = k * k
    length = data.draw(st.sampled_from([n * n, n * n - 1, n * n + 1]))
    text = "".join(data.draw(st.lists(_alphabet, min_size=length, max_size=length)))
    g = _read_or_error(text)
    batch = read_lines([text.encode()])
    if g is None or g.conflict() is not None:
        assert batch.sizes[0] == 0 and batch.errors[0]
    else:
        assert batch.arrays[g.k][0].tolist() == list(g.cells)


_cell = st.one_of(
    st.integers(-2, 27),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False),
    st.sampled_from(["1", ".", "", "10", "x", "G"]),
)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.lists(st.lists(_cell, min_size=3, max_size=10), min_size=3, max_size=10),
        st.lists(_cell, min_size=14, max_size=18),
        st.sampled_from([4, 9]).flatmap(
            lambda n: st.lists(st.lists(_cell, min_size=n, max_size=n), min_size=n, max_size=n)
        ),
    )
)
def test_random_lists_never_crash(rows):
    _read_or_error(rows)
