"""clew.cover.models: polyomino tilings, Langford pairs, n queens and sudoku as exact cover.

Every solution a test enumerates is checked with ``clew.cover.check_cover`` and, where cheap,
in the puzzle's own terms by code written here apart from the models (pictures, sequences,
columns, grids). Published counts: pentomino rectangles (Haselgrove 1960), Scott's 8x8 board,
OEIS A014552 (Langford), A000170 (queens), the sudoku counts of ``tests/data``.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import cover
from clew import queens as Q
from clew import sudoku as S
from clew.cover import check_cover
from clew.cover.models import (
    PENTOMINOES,
    LangfordProblem,
    QueensProblem,
    SudokuProblem,
    TilingProblem,
    board_symmetries,
    count_up_to_symmetry,
    draw_langford,
    draw_tiling,
    langford,
    langford_count,
    orientations,
    pentominoes,
    polyomino_tiling,
    queens,
    queens_columns,
    scott_pentominoes,
    sudoku,
    sudoku_grid,
    tiling_counts,
    tilings,
)
from clew.cover.problem import CoverInputError, Problem
from clew.errors import InvalidSolutionError

DATA = Path(__file__).resolve().parents[1] / "data"


def one_line_error(excinfo) -> str:
    message = str(excinfo.value)
    assert message and "\n" not in message
    return message


# =============================================================================================
# Independent geometry (numpy arrays, not the module's code)
# =============================================================================================


def mask_of(picture: str) -> np.ndarray:
    rows = picture.split("\n")
    width = max(len(r) for r in rows)
    return np.array([[ch not in " ." for ch in r.ljust(width)] for r in rows])


def array_orientations(mask: np.ndarray, reflections: bool = True) -> list[np.ndarray]:
    found: dict[tuple, np.ndarray] = {}
    for flip in (False, True) if reflections else (False,):
        a = np.fliplr(mask) if flip else mask
        for k in range(4):
            b = np.rot90(a, k)
            found.setdefault((b.shape, b.tobytes()), b)
    return list(found.values())


def all_placements(board: np.ndarray, pieces: dict[str, np.ndarray], reflections=True):
    """Every (name, frozenset of cells) placement, by sliding each orientation over the board."""
    out = set()
    H, W = board.shape
    for name, mask in pieces.items():
        for o in array_orientations(mask, reflections):
            h, w = o.shape
            cells = list(zip(*np.nonzero(o), strict=False))
            for dr in range(H - h + 1):
                for dc in range(W - w + 1):
                    placed = frozenset((int(r + dr), int(c + dc)) for r, c in cells)
                    if all(board[r, c] for r, c in placed):
                        out.add((name, placed))
    return out


def problem_placements(p: TilingProblem):
    return {(name, frozenset(cells)) for name, cells in p.placements}


def check_pentomino_picture(picture: str, board: np.ndarray) -> None:
    """Each board cell shows one letter, each letter of the twelve on five cells forming its
    pentomino; holes show '.'."""
    grid = np.array([list(row) for row in picture.split("\n")])
    assert grid.shape == board.shape
    assert ((grid == ".") == ~board).all()
    for name, shape in PENTOMINOES.items():
        rs, cs = np.nonzero(grid == name)
        assert len(rs) == 5, (name, picture)
        piece = np.zeros((rs.max() - rs.min() + 1, cs.max() - cs.min() + 1), bool)
        piece[rs - rs.min(), cs - cs.min()] = True
        keys = {(o.shape, o.tobytes()) for o in array_orientations(mask_of(shape))}
        assert (piece.shape, piece.tobytes()) in keys, (name, picture)
    assert set(grid.flat) <= set(PENTOMINOES) | {"."}


def picture_classes(pictures: list[str], board: np.ndarray, reflections: bool = True) -> int:
    """Classes of tilings under the rotations (and reflections) that keep the board."""
    keep = []
    for flip in (False, True) if reflections else (False,):
        for k in range(4):

            def t(a, f=flip, k=k):
                return np.rot90(np.fliplr(a) if f else a, k)

            if t(board).shape == board.shape and (t(board) == board).all():
                keep.append(t)
    forms = set()
    for picture in pictures:
        grid = np.array([list(row) for row in picture.split("\n")])
        forms.add(min("".join(t(grid).flat) for t in keep))
    return len(forms)


def enumerate_tilings(p: TilingProblem, board: np.ndarray) -> list[str]:
    pictures = []
    for s in cover.solutions(p):
        check_cover(p, s)
        picture = draw_tiling(p, s)
        check_pentomino_picture(picture, board)
        pictures.append(picture)
    assert len(set(pictures)) == len(pictures)
    return pictures


# =============================================================================================
# Polyominoes
# =============================================================================================

ORIENTATIONS = dict(F=8, I=2, L=8, N=8, P=8, T=4, U=4, V=4, W=4, X=1, Y=8, Z=4)


def test_pentomino_set():
    assert sorted(PENTOMINOES) == list("FILNPTUVWXYZ")
    keys = set()
    for _name, picture in PENTOMINOES.items():
        mask = mask_of(picture)
        assert mask.sum() == 5
        keys.add(min((o.shape, o.tobytes()) for o in array_orientations(mask)))
    assert len(keys) == 12  # twelve different free pentominoes


def test_orientation_counts():
    for name, picture in PENTOMINOES.items():
        cells = list(zip(*np.nonzero(mask_of(picture)), strict=False))
        assert (
            len(orientations(cells))
            == ORIENTATIONS[name]
            == len(array_orientations(mask_of(picture)))
        )
        assert len(orientations(cells, reflections=False)) == len(
            array_orientations(mask_of(picture), False)
        )
    # 63 fixed pentominoes; 18 one-sided ones (the 6 chiral pieces count twice)
    assert sum(ORIENTATIONS.values()) == 63
    rotations = {
        n: len(orientations(list(zip(*np.nonzero(mask_of(p)), strict=False)), reflections=False))
        for n, p in PENTOMINOES.items()
    }
    assert sum(rotations.values()) == 41
    chiral = [n for n in PENTOMINOES if rotations[n] < ORIENTATIONS[n]]
    assert chiral == list("FLNPYZ") and len(PENTOMINOES) + len(chiral) == 18


@pytest.mark.parametrize("reflections", [True, False])
@pytest.mark.parametrize("width, height", [(10, 6), (20, 3), (8, 8)])
def test_pentomino_options_are_all_placements(width, height, reflections):
    board = np.ones((height, width), bool)
    p = polyomino_tiling(
        [(r, c) for r in range(height) for c in range(width)], PENTOMINOES, reflections=reflections
    )
    want = all_placements(board, {n: mask_of(s) for n, s in PENTOMINOES.items()}, reflections)
    assert problem_placements(p) == want
    assert len(p.options) == len(want) == len(set(p.options))
    assert p.primary == tuple(PENTOMINOES) + tuple(
        f"r{r}c{c}" for r in range(height) for c in range(width)
    )
    for option, label, (name, cells) in zip(p.options, p.labels, p.placements, strict=False):
        assert option == (name, *(f"r{r}c{c}" for r, c in cells))
        assert label == " ".join(option)


def test_pentomino_6x10_options():
    # the placements of the twelve pieces (72 items, 2056 options for 6x10)
    assert len(pentominoes(10, 6).options) == 2056
    assert len(scott_pentominoes().options) == 1568


def test_3x20():
    p = pentominoes(20, 3)
    board = np.ones((3, 20), bool)
    pictures = enumerate_tilings(p, board)
    assert len(pictures) == 8 and picture_classes(pictures, board) == 2
    assert tiling_counts(p) == (8, 2)
    assert count_up_to_symmetry(p) == 2
    assert sorted(tilings(p)) == sorted(pictures)
    assert len(list(tilings(p, limit=3))) == 3


def test_4x15():
    p = pentominoes(15, 4)
    board = np.ones((4, 15), bool)
    pictures = enumerate_tilings(p, board)
    assert len(pictures) == 1472
    assert picture_classes(pictures, board) == 368


def test_scott_8x8_minus_centre():
    p = scott_pentominoes()
    board = np.ones((8, 8), bool)
    board[3:5, 3:5] = False
    assert len(board_symmetries(p)) == 8
    pictures = enumerate_tilings(p, board)
    assert len(pictures) == 520
    assert picture_classes(pictures, board) == 65
    assert tiling_counts(p) == (520, 65)
    assert p == pentominoes(8, 8, holes=[(3, 3), (4, 4), (3, 4), (4, 3)])


@pytest.mark.parametrize(
    "width, height, total, classes", [(12, 5, 4040, 1010), (10, 6, 9356, 2339), (15, 4, 1472, 368)]
)
def test_big_rectangle_counts(width, height, total, classes):
    # the counts alone (the bitset engine: about a second each); the tilings themselves are
    # enumerated, drawn and checked by the slow test below
    p = pentominoes(width, height)
    assert cover.count(p) == total
    assert cover.count(p, jobs=2) == total  # pieces on a process pool add up
    assert count_up_to_symmetry(p) == classes


@pytest.mark.slow
@pytest.mark.parametrize(
    "width, height, total, classes", [(12, 5, 4040, 1010), (10, 6, 9356, 2339)]
)
def test_big_rectangles(width, height, total, classes):
    p = pentominoes(width, height)
    board = np.ones((height, width), bool)
    t0 = time.perf_counter()
    pictures = enumerate_tilings(p, board)
    enumerated = time.perf_counter() - t0
    assert len(pictures) == total
    assert picture_classes(pictures, board) == classes
    t0 = time.perf_counter()
    assert tiling_counts(p) == (total, classes)
    print(
        f"{width}x{height}: enumerated and checked in {enumerated:.1f} s, "
        f"tiling_counts {time.perf_counter() - t0:.1f} s"
    )


@pytest.mark.slow
def test_4x15_tiling_counts():
    assert tiling_counts(pentominoes(15, 4)) == (1472, 368)


def test_symmetries():
    assert len(board_symmetries(pentominoes(10, 6))) == 4
    assert len(board_symmetries(polyomino_tiling("#" * 3, {"D": "DD"}, once=False))) == 4
    # 180 degrees and the two mirrors of the rectangle fix a tromino board; an L board only a mirror
    assert len(board_symmetries(polyomino_tiling("##\n#.", {"D": "DD"}, once=False))) == 2
    # chiral pieces that may not be turned over: rotations only (the identity and 180 degrees)
    rect = [(r, c) for r in range(6) for c in range(10)]
    assert len(board_symmetries(polyomino_tiling(rect, PENTOMINOES, reflections=False))) == 2
    assert (
        len(board_symmetries(polyomino_tiling(rect[:20], {"O": "OO\nOO"}, reflections=False))) == 4
    )
    ident = board_symmetries(pentominoes(20, 3))[0]
    assert all(k == v for k, v in ident.items())


def test_one_sided_pentominoes():
    # pieces not turned over: only the rotation by 180 degrees relates tilings of a rectangle
    p = polyomino_tiling(
        [(r, c) for r in range(3) for c in range(20)], PENTOMINOES, reflections=False
    )
    assert cover.count(p) == 0 and tiling_counts(p) == (0, 0)
    p = polyomino_tiling(
        [(r, c) for r in range(4) for c in range(15)], PENTOMINOES, reflections=False
    )
    board = np.ones((4, 15), bool)
    pictures = enumerate_tilings(p, board)
    assert len(pictures) == 16
    assert (
        picture_classes(pictures, board, reflections=False)
        == 8
        < picture_classes(pictures, board) * 2
    )
    assert tiling_counts(p) == (16, 8)


# -- small boards against a brute-force tiler -------------------------------------------------


def brute_count(
    board: np.ndarray, pieces: dict[str, np.ndarray], once: bool, reflections: bool
) -> int:
    placements = all_placements(board, pieces, reflections)
    by_cell: dict = {}
    for name, cells in placements:
        for cell in cells:
            by_cell.setdefault(cell, []).append((name, cells))
    free = {(int(r), int(c)) for r, c in zip(*np.nonzero(board), strict=False)}

    def go(free, used):
        if not free:
            return 1 if (not once or len(used) == len(pieces)) else 0
        first = min(free)
        total = 0
        for name, cells in by_cell.get(first, ()):
            if cells <= free and not (once and name in used):
                total += go(free - cells, used | {name})
        return total

    return go(frozenset(free), frozenset())


SHAPES = ["XX", "XXX", "XX\nX.", "XXX\n.X.", "XX\nXX", "XXXX", "XXX\nX..", "XX.\n.XX"]


@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(st.integers(0, 2**5 - 1), min_size=1, max_size=4),
    names=st.lists(st.sampled_from(range(len(SHAPES))), min_size=1, max_size=3, unique=True),
    once=st.booleans(),
    reflections=st.booleans(),
)
def test_small_boards_against_brute_force(rows, names, once, reflections):
    board = np.array([[(bits >> c) & 1 for c in range(5)] for bits in rows], bool)
    if not board.any():
        return
    picture = "\n".join("".join("#" if v else "." for v in row) for row in board)
    pieces = {f"P{i}": SHAPES[i] for i in names}
    p = polyomino_tiling(picture, pieces, once=once, reflections=reflections)
    # the picture may start with a hole row: cells keep their row and column
    assert set(p.board) == {(int(r), int(c)) for r, c in zip(*np.nonzero(board), strict=False)}
    masks = {n: mask_of(s) for n, s in pieces.items()}
    assert problem_placements(p) == all_placements(board, masks, reflections)
    found = 0
    for s in cover.solutions(p):
        check_cover(p, s)
        covered = [cell for o in s for cell in p.placements[o][1]]
        assert sorted(covered) == sorted(p.board)
        if once:
            assert sorted(p.placements[o][0] for o in s) == sorted(pieces)
        found += 1
    assert found == brute_count(board, masks, once, reflections)
    total, classes = tiling_counts(p)
    assert total == found and (classes == 0) == (found == 0) and classes <= total


@pytest.mark.parametrize("n, fib", [(1, 1), (2, 2), (5, 8), (10, 89)])
def test_domino_strips(n, fib):
    p = polyomino_tiling("#" * n + "\n" + "#" * n, {"D": "DD"}, once=False)
    assert cover.count(p) == fib
    for s in cover.solutions(p):
        check_cover(p, s)
        assert draw_tiling(p, s) == "D" * n + "\n" + "D" * n
        cells = sorted(cell for o in s for cell in p.placements[o][1])
        assert cells == sorted(p.board) and len(s) == n


def test_domino_4x4():
    p = polyomino_tiling("####\n####\n####\n####", {"D": "DD"}, once=False)
    sols = list(cover.solutions(p))
    for s in sols:
        check_cover(p, s)
        assert len(s) == 8
    assert len(sols) == 36
    # classes under the 8 symmetries of the square, by Burnside's lemma: the average number
    # of tilings each symmetry fixes
    tilings_ = {frozenset(frozenset(p.placements[o][1]) for o in s) for s in sols}
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (c, 3 - r),
        lambda r, c: (3 - r, 3 - c),
        lambda r, c: (3 - c, r),
        lambda r, c: (r, 3 - c),
        lambda r, c: (3 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (3 - c, 3 - r),
    ]
    fixed = [
        sum(frozenset(frozenset(m(*x) for x in d) for d in t) == t for t in tilings_) for m in maps
    ]
    assert fixed == [36, 2, 8, 2, 12, 12, 0, 0]
    assert len(board_symmetries(p)) == 8
    assert count_up_to_symmetry(p) == sum(fixed) // 8 == 9


# -- pictures and input ----------------------------------------------------------------------


def test_picture_forms_agree():
    drawn = """
        AB.C
        ABCC
    """
    cells = [(0, 0), (0, 1), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]
    crlf = "AB C\r\nABCC"
    pieces_drawn = {"L": "LL\nL.", "I": "I\nI"}
    pieces_cells = {"L": [(5, 5), (5, 6), (6, 5)], "I": [(-1, 0), (0, 0)]}
    a = polyomino_tiling(drawn, pieces_drawn)
    assert a == polyomino_tiling(cells, pieces_cells) == polyomino_tiling(crlf, pieces_drawn)
    assert a.board == tuple(sorted(cells))
    assert a.pieces == {"L": ((0, 0), (0, 1), (1, 0)), "I": ((0, 0), (1, 0))}
    assert cover.count(a) == 0  # 7 cells, 5 in the pieces: no tiling
    b = polyomino_tiling(drawn, {"L": "LL\nL.", "I": "I\nI", "K": "KK"})
    pictures = []
    for s in cover.solutions(b):
        check_cover(b, s)
        pictures.append(draw_tiling(b, s))
    assert sorted(pictures) == [
        "II.L\nKKLL",
        "IK.L\nIKLL",
        "IL.K\nILLK",
        "KI.L\nKILL",
        "KK.L\nIILL",
        "KL.I\nKLLI",
        "LL.I\nLKKI",
        "LL.K\nLIIK",
    ]
    assert b.labels[0] == "L r0c0 r0c1 r1c0"


def test_draw_wide_names_and_offset_board():
    p = polyomino_tiling([(2, 3), (2, 4), (3, 4)], {"ab": "X", "c": "XX"})
    s = cover.solve(p)
    check_cover(p, s)
    picture = draw_tiling(p, s)
    assert picture.split("\n")[1].startswith(".  ")
    assert sorted(picture.split()) == [".", "ab", "c", "c"]
    with pytest.raises(InvalidSolutionError):
        draw_tiling(p, [0])
    with pytest.raises(TypeError):
        draw_tiling(Problem([["a"]]), [0])


def test_pieces_too_big_or_never_fitting():
    p = polyomino_tiling("###", {"I": "IIII"})
    assert p.options == () and cover.count(p) == 0
    assert tiling_counts(p) == (0, 0)


@pytest.mark.parametrize(
    "board, pieces, kwargs, message",
    [
        ("", {"D": "DD"}, {}, "the board has no cells"),
        ("..\n  ", {"D": "DD"}, {}, "the board has no cells"),
        ([], {"D": "DD"}, {}, "the board has no cells"),
        ("##", {"D": ""}, {}, "piece 'D' has no cells"),
        ("##", {"D": ". .\n."}, {}, "piece 'D' has no cells"),
        ("##", {}, {}, "no pieces"),
        ("##", "DD", {}, "pieces must map"),
        ("##", [("D", "DD")], {}, "pieces must map"),
        ("##", {"a b": "DD"}, {}, "white space"),
        ("##", {"a:b": "DD"}, {}, "':'"),
        ("##", {"": "DD"}, {}, "empty"),
        ("##", {3: "DD"}, {}, "must be a string"),
        ("##", {"r0c1": "DD"}, {}, "also the name of a board cell"),
        ([(0, 0), (0, 0)], {"D": "DD"}, {}, "lists cell (0, 0) twice"),
        ([(0, -1)], {"D": "DD"}, {}, "negative"),
        ([(0, 1.0)], {"D": "DD"}, {}, "pair of integers"),
        ([(True, 0)], {"D": "DD"}, {}, "pair of integers"),
        ([(0, 0, 0)], {"D": "DD"}, {}, "(row, col) pair"),
        (b"##", {"D": "DD"}, {}, "bytes"),
        (5, {"D": "DD"}, {}, "text picture or a collection"),
        ("##", {"D": [(0, 0), (0, 0)]}, {}, "piece 'D' lists cell (0, 0) twice"),
    ],
)
def test_tiling_input_errors(board, pieces, kwargs, message):
    with pytest.raises(CoverInputError) as excinfo:
        polyomino_tiling(board, pieces, **kwargs)
    assert message in one_line_error(excinfo)


def test_piece_named_like_a_cell_is_fine_without_once():
    p = polyomino_tiling("##", {"r0c1": "DD"}, once=False)
    assert cover.count(p) == 1


@pytest.mark.parametrize(
    "args, kwargs, message",
    [
        ((0, 5), {}, "width must be at least 1"),
        ((5, True), {}, "height must be an integer"),
        ((4, 3), {"holes": [(3, 0)]}, "hole (3, 0) is off the board (3 rows, 4 columns)"),
        ((4, 3), {"holes": [(0, 4)]}, "hole (0, 4) is off the board"),
        ((4, 3), {"holes": "##"}, "holes must be a collection"),
        ((4, 3), {"holes": 5}, "holes must be a collection"),
        ((4, 3), {"holes": [(0, 0), (0, 0)]}, "lists cell (0, 0) twice"),
        ((1, 1), {"holes": [(0, 0)]}, "the board has no cells"),
    ],
)
def test_pentominoes_input_errors(args, kwargs, message):
    with pytest.raises(CoverInputError) as excinfo:
        pentominoes(*args, **kwargs)
    assert message in one_line_error(excinfo)


def test_pentominoes_wrong_area_has_no_tiling():
    assert cover.count(pentominoes(5, 5)) == 0
    # holes as any iterable, including an empty generator
    assert pentominoes(4, 3, holes=(c for c in [])) == pentominoes(4, 3)
    assert pentominoes(4, 3, holes=iter([(0, 0)])).board == pentominoes(4, 3).board[1:]


# =============================================================================================
# Langford pairs
# =============================================================================================

A014552 = {1: 0, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0, 7: 26, 8: 150, 9: 0, 10: 0, 11: 17792, 12: 108144}


def check_sequence(text: str, n: int) -> list[int]:
    seq = [int(v) for v in text.split(" ")]
    assert len(seq) == 2 * n and sorted(seq) == sorted(list(range(1, n + 1)) * 2)
    for k in range(1, n + 1):
        i = seq.index(k)
        assert seq[i + k + 1] == k
    return seq


@pytest.mark.parametrize("n", range(1, 13))
def test_langford_count_a014552(n):
    assert langford_count(n) == A014552[n]


@pytest.mark.parametrize("n", range(1, 12))
def test_langford_search_counts(n):
    # the search itself, without the parity shortcut of langford_count
    assert cover.count(langford(n)) == 2 * A014552[n]
    assert cover.count(langford(n, up_to_reversal=True)) == A014552[n]


@pytest.mark.parametrize("n", [3, 4, 7, 8])
def test_langford_sequences(n):
    full = langford(n)
    half = langford(n, up_to_reversal=True)
    all_seqs = set()
    for s in cover.solutions(full):
        check_cover(full, s)
        all_seqs.add(tuple(check_sequence(draw_langford(full, s), n)))
    half_seqs = set()
    for s in cover.solutions(half):
        check_cover(half, s)
        half_seqs.add(tuple(check_sequence(draw_langford(half, s), n)))
    assert len(all_seqs) == 2 * A014552[n] and len(half_seqs) == A014552[n]
    reversed_half = {seq[::-1] for seq in half_seqs}
    assert not half_seqs & reversed_half
    assert half_seqs | reversed_half == all_seqs


def test_langford_structure():
    p = langford(3)
    assert isinstance(p, LangfordProblem) and p.n == 3
    assert p.primary == ("1", "2", "3", "s1", "s2", "s3", "s4", "s5", "s6")
    assert all(len(name) <= 8 for name in langford(40).primary)
    for n in range(1, 9):
        q = langford(n)
        assert len(q.options) == sum(2 * n - k - 1 for k in range(1, n + 1))
        for option, (k, pos) in zip(q.options, q.pairs, strict=False):
            assert option == (str(k), f"s{pos}", f"s{pos + k + 1}")
    assert sorted(draw_langford(p, s) for s in cover.solutions(p)) == ["2 3 1 2 1 3", "3 1 2 1 3 2"]
    assert langford(3, up_to_reversal=True).labels[-1].startswith("3 at s")
    with pytest.raises(InvalidSolutionError):
        draw_langford(p, [0])
    with pytest.raises(TypeError):
        draw_langford(queens(3), [])


@pytest.mark.parametrize("bad", [0, -3, True, 2.0, "3", None])
def test_langford_input_errors(bad):
    for f in (langford, langford_count):
        with pytest.raises(CoverInputError) as excinfo:
            f(bad)
        assert "n must be" in one_line_error(excinfo)


# =============================================================================================
# n queens
# =============================================================================================


def check_columns(cols: tuple[int, ...], n: int) -> None:
    assert sorted(cols) == list(range(n))
    assert len({r + c for r, c in enumerate(cols)}) == n
    assert len({r - c for r, c in enumerate(cols)}) == n


@pytest.mark.parametrize("n", range(1, 9))
def test_queens_solution_sets(n):
    p = queens(n)
    found = []
    for s in cover.solutions(p):
        check_cover(p, s)
        cols = queens_columns(p, s)
        check_columns(cols, n)
        found.append(cols)
    assert len(set(found)) == len(found)
    assert set(found) == set(Q.solutions(n))


@pytest.mark.parametrize("n", range(1, 11))
def test_queens_counts(n, queens_counts):
    assert cover.count(queens(n)) == queens_counts.total[n] == Q.count(n)


def test_queens_structure():
    p = queens(5)
    assert isinstance(p, QueensProblem) and p.n == 5
    assert sorted(p.primary) == sorted([f"R{i}" for i in range(5)] + [f"F{i}" for i in range(5)])
    assert p.primary[:2] == ("R2", "F2")
    assert p.secondary == tuple(f"A{i}" for i in range(9)) + tuple(f"B{i}" for i in range(9))
    assert len(p.options) == 25
    for o, (r, c) in enumerate(p.squares):
        assert o == r * 5 + c
        assert p.options[o] == (f"R{r}", f"F{c}", f"A{r + c}", f"B{r - c + 4}")
        assert p.labels[o] == f"Q r{r}c{c}"
    with pytest.raises(InvalidSolutionError):
        queens_columns(p, [0, 1])
    with pytest.raises(CoverInputError):
        queens(0)


# =============================================================================================
# Sudoku
# =============================================================================================

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
LEETCODE_SOLUTION = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)


def data_lines(name: str) -> list[str]:
    text = (DATA / name).read_bytes().decode("utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def all_grids(p: SudokuProblem, puzzle) -> list[S.Grid]:
    grids = []
    for s in cover.solutions(p):
        check_cover(p, s)
        grid = sudoku_grid(p, s)
        assert S.is_solution(grid, puzzle)
        grids.append(grid)
    assert len(set(grids)) == len(grids)
    return grids


def test_sudoku_structure():
    p = sudoku("." * 81)
    assert isinstance(p, SudokuProblem)
    assert len(p.primary) == 324 and len(p.options) == 729 and p.secondary == ()
    assert all(len(o) == 4 for o in p.options)
    q = sudoku(LEETCODE)
    givens = sum(ch != "." for ch in LEETCODE)
    assert len(q.options) == 729 - 8 * givens
    assert q.puzzle == S.Grid(LEETCODE)
    for option, label, (r, c, d) in zip(q.options, q.labels, q.moves, strict=False):
        assert label == f"r{r + 1}c{c + 1}={d}"
        assert option[0] == f"p{r + 1}{c + 1}"
    assert len(sudoku("." * 256).primary) == 4 * 256
    assert len(sudoku("." * 625).options) == 25**3
    assert len(set(sudoku("." * 625).primary)) == 4 * 625


def test_sudoku_leetcode_37():
    p = sudoku(LEETCODE)
    grids = all_grids(p, LEETCODE)
    assert grids == [S.solve(LEETCODE)]
    assert str(grids[0]) == LEETCODE_SOLUTION
    # LeetCode's board form reads too
    board = [list(LEETCODE[9 * r : 9 * r + 9]) for r in range(9)]
    assert sudoku(board) == p


def test_sudoku_counts_file():
    checked = 0
    for line in data_lines("sudoku_counts.txt"):
        puzzle, _, value = line.rpartition(":")
        want = int(value)
        grids = all_grids(sudoku(puzzle), puzzle)
        assert len(grids) == want == S.count(puzzle), puzzle
        if want:
            assert S.solve(puzzle) in grids
        checked += 1
    assert checked >= 25


def test_sudoku_17_clue_sample():
    lines = data_lines("sudoku_17_clue_sample.txt")
    assert len(lines) == 200
    for puzzle in lines:
        grids = all_grids(sudoku(puzzle), puzzle)
        assert grids == [S.solve(puzzle)], puzzle


def test_sudoku_conflicting_givens_have_no_solution():
    bad = "55" + "." * 79
    assert cover.count(sudoku(bad)) == 0
    with pytest.raises(S.ConflictingGivensError):
        S.solve(bad)


def test_sudoku_symbols_and_errors():
    p = sudoku("A...............", symbols="ABCD")
    grids = all_grids(p, S.Grid("A...............", symbols="ABCD"))
    assert len(grids) == 72
    assert grids[0].symbols == "ABCD" and grids[0].to_line()[0] == "A"
    assert p.labels[0] == "r1c1=A"
    with pytest.raises(S.PuzzleFormatError):
        sudoku("1234")
    with pytest.raises(InvalidSolutionError):
        sudoku_grid(p, [0])
    with pytest.raises(TypeError):
        sudoku_grid(queens(4), [])


@st.composite
def four_by_four_puzzles(draw):
    # a random full 4x4 grid (relabel digits, swap rows within bands, bands, and transpose)
    base = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    perm = draw(st.permutations([1, 2, 3, 4]))
    rows = [[perm[v - 1] for v in row] for row in base]
    if draw(st.booleans()):
        rows[0], rows[1] = rows[1], rows[0]
    if draw(st.booleans()):
        rows = rows[2:] + rows[:2]
    if draw(st.booleans()):
        rows = [list(col) for col in zip(*rows, strict=False)]
    blanks = draw(st.sets(st.integers(0, 15), max_size=16))
    return "".join("." if i in blanks else str(rows[i // 4][i % 4]) for i in range(16))


@settings(max_examples=100, deadline=None)
@given(four_by_four_puzzles())
def test_sudoku_4x4_counts_agree(puzzle):
    assert S.is_solution(S.solve(puzzle), puzzle)
    grids = all_grids(sudoku(puzzle), puzzle)
    assert len(grids) == S.count(puzzle)
