"""Models that need multiplicities: queens dominating a board (OEIS A002564, A002568 and a
brute force over sets of squares) and polyomino packings with several copies of a piece
(against the model with distinct copies, whose count is k! times larger for k copies)."""

from __future__ import annotations

from itertools import combinations
from math import factorial, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import cover
from clew.cover import CoverInputError, Problem, check_cover
from clew.cover.models import draw_tiling, polyomino_tiling
from clew.cover.models.packing import polyomino_packing
from clew.cover.models.queendom import queen_domination, queen_squares
from clew.errors import InvalidSolutionError

#: OEIS A002564: minimum dominating sets of queens on the n x n board, n = 1..
A002564 = [1, 4, 1, 12, 186, 4, 86, 4860]
#: OEIS A002568: the same with queens that attack no other queen, n = 1..
A002568 = [1, 4, 1, 16, 16, 120, 8, 728]


def dominates(n: int, squares) -> bool:
    """Brute-force check, apart from the model: every square is on a line of some queen."""
    return all(
        any(r == a or c == b or r - c == a - b or r + c == a + b for a, b in squares)
        for r in range(n)
        for c in range(n)
    )


def independent(squares) -> bool:
    return all(
        not (a == c or b == d or a - b == c - d or a + b == c + d)
        for (a, b), (c, d) in combinations(squares, 2)
    )


def smallest(n: int, independent_: bool) -> tuple[int, int]:
    """The least k with a dominating set of k queens, and how many there are."""
    for k in range(1, n + 1):
        found = cover.count(queen_domination(n, k, independent=independent_))
        if found:
            return k, found
    raise AssertionError("n queens always dominate")


@pytest.mark.parametrize("n", range(1, 8))
def test_queen_domination_counts_a002564(n):
    assert smallest(n, False)[1] == A002564[n - 1]


@pytest.mark.parametrize("n", range(1, 9))
def test_independent_queen_domination_counts_a002568(n):
    assert smallest(n, True)[1] == A002568[n - 1]


def test_five_queens_dominate_the_chessboard_in_4860_ways_on_two_cores():
    p = queen_domination(8, 5)
    assert len(cover.prefixes(p, 64)) >= 64
    assert cover.count(p, jobs=2) == A002564[7]


@pytest.mark.parametrize("n, k", [(3, 1), (3, 2), (4, 2), (4, 3), (5, 3)])
@pytest.mark.parametrize("independent_", [False, True])
def test_queen_domination_against_brute_force(n, k, independent_):
    p = queen_domination(n, k, independent=independent_)
    found = [queen_squares(p, s) for s in cover.solutions(p)]
    board = [(r, c) for r in range(n) for c in range(n)]
    expected = [
        s
        for s in combinations(board, k)
        if dominates(n, s) and (not independent_ or independent(s))
    ]
    assert sorted(found) == expected
    for s in cover.solutions(p, limit=3):
        check_cover(p, s)


def test_queen_domination_input_and_pictures():
    p = queen_domination(4, 2)
    assert p.n == 4 and p.k == 2 and not p.independent
    assert p.bounds_of["queens"] == (2, 2) and p.bounds_of[(0, 0)] == (1, 2)
    squares = queen_squares(p, cover.solve(p))
    assert len(squares) == 2 and dominates(4, squares)
    with pytest.raises(
        InvalidSolutionError, match=r"^primary item \(2, 3\) is not covered, at least 1 needed$"
    ):
        queen_squares(p, [0, 4])
    for args, message in [
        ((0, 1), "n must be at least 1, got 0"),
        ((3, 0), "k must be at least 1, got 0"),
        ((2, 5), "k must be at most n \\* n = 4, got 5"),
        ((True, 1), "n must be an integer, got True"),
        ((3, 1.5), "k must be an integer, got 1.5"),
    ]:
        with pytest.raises(CoverInputError, match=f"^{message}$"):
            queen_domination(*args)
    with pytest.raises(TypeError):
        queen_squares(cover.queens(4), [0])


# ---------------------------------------------------------------------------------------------
# polyomino packings with copies

SHAPES = {"D": "##", "I": "###", "L": "#.\n##", "O": "##\n##", "T": "###\n.#."}


def distinct_copies(board, pieces, copies, fill):
    """The model without multiplicities: copy j of piece P is its own piece P_j, used once."""
    named = {f"{name}_{j}": pieces[name] for name in pieces for j in range(copies.get(name, 1))}
    tiling = polyomino_tiling(board, named)
    cells = [i for i in tiling.primary if i not in named]
    return Problem(
        tiling.options,
        primary=list(named) + (cells if fill else []),
        secondary=[] if fill else cells,
    )


@settings(max_examples=40, deadline=None)
@given(
    rows=st.integers(1, 4),
    cols=st.integers(2, 4),
    names=st.lists(st.sampled_from(sorted(SHAPES)), min_size=1, max_size=2, unique=True),
    data=st.data(),
)
def test_packing_counts_sets_of_placements(rows, cols, names, data):
    board = "\n".join("#" * cols for _ in range(rows))
    pieces = {name: SHAPES[name] for name in names}
    copies = {name: data.draw(st.integers(1, 3)) for name in names}
    fill = data.draw(st.booleans())
    p = polyomino_packing(board, pieces, copies, fill=fill)
    found = list(cover.solutions(p))
    for s in found:
        check_cover(p, s)
        assert sorted(p.placements[o][0] for o in s) == sorted(
            n for n in names for _ in range(copies[n])
        )
    ordered = cover.count(distinct_copies(board, pieces, copies, fill))
    assert ordered == len(found) * prod(factorial(k) for k in copies.values())
    assert cover.count(p, jobs=2) == len(found)


def test_packing_with_ranges_of_copies_and_pictures():
    p = polyomino_packing("####\n####", {"D": "##", "O": "##\n##"}, {"D": 2})
    assert p.bounds_of == {"D": (2, 2)} and not p.once
    pictures = sorted(draw_tiling(p, s) for s in cover.solutions(p))
    assert pictures == ["DDOO\nDDOO", "DDOO\nDDOO", "DOOD\nDOOD", "OODD\nOODD", "OODD\nOODD"]
    # between 0 and 3 dominoes on a 2x2 board, cells free: every set of disjoint dominoes
    q = polyomino_packing("##\n##", {"D": "##"}, {"D": (0, 3)}, fill=False)
    assert sorted(map(len, cover.solutions(q))) == [0, 1, 1, 1, 1, 2, 2]
    # copies of one piece fill a board: the dominoes of a 2x4 board, Fibonacci
    assert [
        cover.count(polyomino_packing("#" * n + "\n" + "#" * n, {"D": "##"}, {"D": n}))
        for n in range(1, 7)
    ] == [1, 2, 3, 5, 8, 13]
    assert polyomino_packing("##", {"D": "##"}).once  # one copy of each: a plain tiling


@pytest.mark.parametrize(
    "copies, message",
    [
        (
            {"D": 0},
            "copies of piece 'D' must be k >= 1 or (lo, hi) with 0 <= lo <= hi and hi >= 1, got 0",
        ),
        (
            {"D": (2, 1)},
            "copies of piece 'D' must be k >= 1 or (lo, hi) with 0 <= lo <= hi and hi >= 1, "
            "got (2, 1)",
        ),
        ({"D": "2"}, "copies of piece 'D' must be an int or a pair (lo, hi), got '2'"),
        ({"D": True}, "copies of piece 'D' must be an int or a pair (lo, hi), got True"),
        ({"E": 1}, "copies of piece 'E': there is no such piece"),
        ([("D", 2)], "copies must map piece names to k or (lo, hi), got [('D', 2)]"),
    ],
)
def test_packing_refuses_bad_copies(copies, message):
    with pytest.raises(CoverInputError) as info:
        polyomino_packing("####", {"D": "##"}, copies)
    assert str(info.value) == message
