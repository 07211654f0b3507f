"""Tests of clew.viz.svg: the board, grid and search-tree pictures parse as XML and show
exactly what they should (queens on the right squares, the right attacked squares, givens
and filled digits, one tree node per trace event)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import queens, sudoku
from clew.errors import BoardSizeError, ClewError
from clew.viz.svg import attacked_squares, queens_svg, sudoku_svg, tree_svg

SVG = "{http://www.w3.org/2000/svg}"
LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EIGHT = (0, 4, 7, 5, 2, 6, 1, 3)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    return root


def with_class(root: ET.Element, token: str) -> list[ET.Element]:
    """Elements whose class attribute holds ``token`` (class="node solution" holds both)."""
    return [el for el in root.iter() if token in (el.get("class") or "").split()]


def squares(elements) -> list[tuple[int, int]]:
    return sorted((int(el.get("data-row")), int(el.get("data-col"))) for el in elements)


def attacked_by_hand(n: int, columns) -> set[tuple[int, int]]:
    """Attacked squares, counted apart from the module: walk the 8 rays of every queen."""
    queens_at = {(r, c) for r, c in enumerate(columns) if c is not None}
    hit = set()
    for qr, qc in queens_at:
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            r, c = qr + dr, qc + dc
            while 0 <= r < n and 0 <= c < n:  # rays go through other queens: attack is by line
                hit.add((r, c))
                r, c = r + dr, c + dc
    return hit


# -- queens_svg --------------------------------------------------------------------------------


def test_eight_queens_solution_has_its_queens_on_their_squares():
    root = parse(queens_svg(8, EIGHT))
    found = with_class(root, "queen")
    assert len(found) == 8
    assert squares(found) == [(r, c) for r, c in enumerate(EIGHT)]
    assert all(el.tag == SVG + "text" and el.text == "\u265b" for el in found)
    board = with_class(root, "square")
    assert len(board) == 64
    dark = {
        sq
        for sq, el in zip(
            squares(board),
            sorted(board, key=lambda e: (int(e.get("data-row")), int(e.get("data-col")))),
            strict=False,
        )
        if "dark" in el.get("class")
    }
    assert dark == {(r, c) for r in range(8) for c in range(8) if (r + c) % 2}
    assert with_class(root, "attacked") == []  # only on request


def test_attacked_squares_of_a_solution_match_an_independent_count():
    root = parse(queens_svg(8, EIGHT, attacked=True))
    shaded = squares(with_class(root, "attacked"))
    expected = attacked_by_hand(8, EIGHT) - {
        (r, c) for r, c in enumerate(EIGHT)
    }  # a solution: no queen attacked
    assert len(shaded) == len(expected) == 64 - 8
    assert set(shaded) == expected


def test_partial_board_and_conflicting_queens():
    cols = [None, 2, None]  # rows 0 and 2 empty, row 3 absent
    root = parse(queens_svg(5, cols, attacked=True))
    assert squares(with_class(root, "queen")) == [(1, 2)]
    assert set(squares(with_class(root, "attacked"))) == attacked_by_hand(5, cols) - {(1, 2)}
    assert len(with_class(root, "attacked")) == 4 + 4 + 3 + 3  # row, column, two diagonals
    # two queens on one diagonal attack each other: both their squares are shaded
    root = parse(queens_svg(4, [0, 1], attacked=True))
    assert {(0, 0), (1, 1)} <= set(squares(with_class(root, "attacked")))
    assert set(squares(with_class(root, "attacked"))) == attacked_by_hand(4, [0, 1])
    assert len(with_class(parse(queens_svg(3)), "queen")) == 0
    assert len(with_class(parse(queens_svg(1, [0])), "queen")) == 1


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 9).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(st.none() | st.integers(0, n - 1), max_size=n))
    )
)
def test_queens_and_shading_for_any_partial_board(case):
    n, cols = case
    root = parse(queens_svg(n, cols, attacked=True, cell=20))
    placed = [(r, c) for r, c in enumerate(cols) if c is not None]
    assert squares(with_class(root, "queen")) == placed
    attacked_queens = {
        q
        for q in placed
        if any(
            p != q and ((p[0] == q[0]) or p[1] == q[1] or abs(p[0] - q[0]) == abs(p[1] - q[1]))
            for p in placed
        )
    }
    expected = (attacked_by_hand(n, cols) - set(placed)) | attacked_queens
    assert set(squares(with_class(root, "attacked"))) == expected == attacked_squares(n, cols)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (
            lambda: queens_svg(0),
            BoardSizeError,
            "queens_svg draws boards of 1 to 64 squares a side, got n=0",
        ),
        (
            lambda: queens_svg(65),
            BoardSizeError,
            "queens_svg draws boards of 1 to 64 squares a side, got n=65",
        ),
        (lambda: queens_svg(True), BoardSizeError, "n must be an integer, got True"),
        (lambda: queens_svg("8"), BoardSizeError, "n must be an integer, got '8'"),
        (
            lambda: queens_svg(4, [0, 5]),
            ClewError,
            "row 2: column 5 is off the 4x4 board (columns are 0 to 3)",
        ),
        (
            lambda: queens_svg(4, [-1]),
            ClewError,
            "row 1: column -1 is off the 4x4 board (columns are 0 to 3)",
        ),
        (
            lambda: queens_svg(2, [0, 1, 0]),
            ClewError,
            "columns has more than 2 entries, one per row of the 2x2 board",
        ),
        (
            lambda: queens_svg(4, [1.5]),
            ClewError,
            "row 1: the column must be an integer or None, got 1.5",
        ),
        (
            lambda: queens_svg(4, "0123"),
            ClewError,
            "columns must be a sequence of column numbers (or None), got '0123'",
        ),
        (
            lambda: queens_svg(4, cell=0),
            ClewError,
            "cell must be a size in pixels between 4 and 1000, got 0",
        ),
    ],
)
def test_bad_board_input_is_refused_in_one_line(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == message


# -- sudoku_svg --------------------------------------------------------------------------------


def test_leetcode_puzzle_and_its_solution():
    solution = sudoku.solve(LEET)
    root = parse(sudoku_svg(LEET, solution))
    givens, filled = with_class(root, "given"), with_class(root, "filled")
    assert len(givens) == 30 and len(filled) == 51
    line = str(solution)
    for el in givens + filled:
        r, c = int(el.get("data-row")), int(el.get("data-col"))
        assert el.text == line[r * 9 + c] == el.get("data-digit")
    assert {r * 9 + c for r, c in squares(givens)} == {i for i, ch in enumerate(LEET) if ch != "."}
    assert all(el.get("font-weight") == "bold" for el in givens)
    assert {el.get("fill") for el in givens}.isdisjoint({el.get("fill") for el in filled})
    assert len(with_class(root, "thin")) == 2 * 6 and len(with_class(root, "thick")) == 2 * 4
    # the puzzle alone: givens only
    alone = parse(sudoku_svg(LEET))
    assert len(with_class(alone, "given")) == 30 and with_class(alone, "filled") == []


def test_sixteen_by_sixteen_shows_letters():
    puzzle = "." * 256
    solution = sudoku.solve(puzzle)
    root = parse(sudoku_svg(puzzle, solution, cell=24))
    filled = with_class(root, "filled")
    assert len(filled) == 256
    shown = {int(el.get("data-digit")): el.text for el in filled}
    assert shown == {d: "123456789ABCDEFG"[d - 1] for d in range(1, 17)}
    # givens above 9, read from a letter
    root = parse(sudoku_svg(str(solution)[:20] + "." * 236))
    letters = [el.text for el in with_class(root, "given") if int(el.get("data-digit")) > 9]
    assert letters and all(t in "ABCDEFG" for t in letters)
    assert len(with_class(root, "thick")) == 2 * 5


def test_four_by_four_and_custom_alphabet():
    root = parse(sudoku_svg("1.3...1..1....4.", "1234341241232341"))
    assert len(with_class(root, "given")) == 5 and len(with_class(root, "filled")) == 11
    root = parse(sudoku_svg(sudoku.Grid("a.c...a..a....d.", symbols="abcd")))
    assert sorted(el.text for el in with_class(root, "given")) == ["a", "a", "a", "c", "d"]


def test_a_solution_that_breaks_a_given_or_a_rule_is_refused():
    solution = str(sudoku.solve(LEET))
    broken = "4" + solution[1:]  # r1c1 is given as 5
    with pytest.raises(
        ClewError,
        match=r"^the solution does not solve the puzzle: r1c1 is 4 but the puzzle gives 5$",
    ):
        sudoku_svg(LEET, broken)
    with pytest.raises(ClewError, match="does not solve the puzzle: r9c9 is blank"):
        sudoku_svg(LEET, solution[:-1] + ".")
    with pytest.raises(ClewError, match="does not solve the puzzle"):
        sudoku_svg("." * 16, "1234" * 4)  # full, keeps the (no) givens, breaks the columns
    with pytest.raises(ClewError, match=r"a sudoku has n\*n cells for a side n of 4 to 25"):
        sudoku_svg("123")


# -- tree_svg ----------------------------------------------------------------------------------


def ev(kind, **fields):
    return {"type": kind, **fields}


# 4-queens, textbook order, the search of the first queen in column 2 (r1c2) only:
# r1c2 -> r2c4 -> r3c1 -> r4c3 solution; on the way each refused square is a prune
HAND = [
    ev("place", row=0, col=1),
    ev("prune", row=1, col=0, why="diagonal", by=[0, 1]),
    ev("prune", row=1, col=1, why="column", by=[0, 1]),
    ev("prune", row=1, col=2, why="anti-diagonal", by=[0, 1]),
    ev("place", row=1, col=3),
    ev("place", row=2, col=0),
    ev("prune", row=3, col=0, why="column", by=[2, 0]),
    ev("prune", row=3, col=1, why="column", by=[0, 1]),
    ev("place", row=3, col=2),
    ev("solution", columns=[1, 3, 0, 2]),
    ev("backtrack", row=3, col=2),
    ev("prune", row=3, col=3, why="column", by=[1, 3]),
    ev("backtrack", row=2, col=0),
    ev("prune", row=2, col=1, why="diagonal", by=[1, 2]),
    ev("backtrack", row=1, col=3),
    ev("backtrack", row=0, col=1),
    ev("end", complete=False, strategy="textbook", n=4),
]


def centre(el: ET.Element) -> tuple[float, float]:
    """The centre of a node (its circle) or of a refusal (the middle of its cross)."""
    circle = el.find(SVG + "circle")
    if circle is not None:
        return float(circle.get("cx")), float(circle.get("cy"))
    x1, y1, x2, y2 = (
        float(v) for v in re.findall(r"-?[0-9.]+", el.find(SVG + "path").get("d"))[:4]
    )
    return (x1 + x2) / 2, (y1 + y2) / 2


def count_classes(root):
    return Counter(
        token
        for el in root.iter()
        if el.tag == SVG + "g"
        for token in (el.get("class") or "").split()
    )


def test_hand_made_tree_counts_labels_and_layout():
    root = parse(tree_svg(HAND))
    kinds = Counter(e["type"] for e in HAND)
    counts = count_classes(root)
    assert counts["node"] == kinds["place"] == 4
    assert counts["pruned"] == kinds["prune"] == 7
    assert counts["solution"] == kinds["solution"] == 1
    nodes = with_class(root, "node")
    labels = [el.find(SVG + "text").text for el in nodes]
    assert labels == ["r1c2", "r2c4", "r3c1", "r4c3"]  # in the order the search tried them
    (sol,) = with_class(root, "solution")
    assert sol.find(SVG + "text").text == "r4c3"
    tips = [el.find(SVG + "title").text for el in with_class(root, "pruned")]
    assert tips[0] == "r2c1 refused: attacked along the diagonal by the queen at r1c2"
    assert "column" in tips[1] and "r1c2" in tips[1]
    # layout: y by depth; refusals of r2c4's subtree are leaves left to right in search order
    (x_a, y_a), (x_b, y_b), (x_c, y_c), (x_d, y_d) = (centre(el) for el in nodes)
    assert y_a < y_b < y_c < y_d
    prunes = [centre(el) for el in with_class(root, "pruned")]
    assert [x for x, _ in prunes[:3]] == sorted(x for x, _ in prunes[:3]) and prunes[0][0] < x_b
    assert prunes[0][1] == prunes[1][1] == prunes[2][1] == y_b  # same depth as r2c4
    # a parent is centred over its first and last child: r3c1's children are 2 prunes, r4c3, a prune
    first, last = prunes[3][0], prunes[5][0]
    assert x_c == pytest.approx((first + last) / 2)
    assert first < x_d < last
    # r1c2 over r2c1 (its first refusal) and r2c4 (its last child)
    assert x_a == pytest.approx((prunes[0][0] + x_b) / 2)
    # a cut trace says so
    assert "cut short" in root.find(SVG + "title").text


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("strategy", ["textbook", "pruned"])
def test_real_queens_traces(n, strategy):
    events = list(queens.trace(n, strategy))
    root = parse(tree_svg(events))
    kinds = Counter(e["type"] for e in events)
    counts = count_classes(root)
    assert counts["node"] == kinds["place"]
    assert counts["pruned"] == kinds["prune"]
    assert counts["solution"] == kinds["solution"] == {4: 2, 5: 10}[n]
    # solution nodes carry the last queen of each solution, in the order found
    solution_labels = [el.find(SVG + "title").text for el in with_class(root, "solution")]
    found = [e for e in events if e["type"] == "solution"]
    assert len(solution_labels) == len(found)
    # readable: nodes at one depth never overlap
    by_depth: dict[float, list[float]] = {}
    for el in with_class(root, "node"):
        x, y = centre(el)
        by_depth.setdefault(y, []).append(x)
    for xs in by_depth.values():
        xs.sort()
        assert all(b - a >= 30 for a, b in zip(xs, xs[1:], strict=False))


def test_real_sudoku_trace():
    events = list(sudoku.trace("1.3...1..1....4.", "textbook"))
    root = parse(tree_svg(events))
    kinds = Counter(e["type"] for e in events)
    counts = count_classes(root)
    assert (counts["node"], counts["pruned"], counts["solution"]) == (
        kinds["place"],
        kinds["prune"],
        kinds["solution"],
    )
    events = list(sudoku.trace(LEET, "pruned"))
    root = parse(tree_svg(events))
    kinds = Counter(e["type"] for e in events)
    counts = count_classes(root)
    assert counts["node"] == kinds["place"] == 51 and counts["solution"] == 1
    assert counts["forced"] == sum(
        1 for e in events if e["type"] == "place" and e["how"] != "guess"
    )


def test_max_nodes_and_bad_events():
    events = list(queens.trace(5, "textbook"))
    size = 1 + sum(e["type"] in ("place", "prune") for e in events)
    parse(tree_svg(events, max_nodes=size))
    with pytest.raises(
        ClewError, match=rf"more than {size - 1} nodes \(max_nodes\).*smaller n.*raise max_nodes"
    ):
        tree_svg(events, max_nodes=size - 1)
    with pytest.raises(ClewError, match="more than 2000 nodes"):
        tree_svg(queens.trace(8, "textbook"))  # stops reading at the limit
    with pytest.raises(ClewError, match="max_nodes must be a positive integer"):
        tree_svg(HAND, max_nodes=0)
    with pytest.raises(
        ClewError, match="event 2: backtrack of \\(0, 1\\), but the last placement is \\(0, 0\\)"
    ):
        tree_svg([ev("place", row=0, col=0), ev("backtrack", row=0, col=1)])
    with pytest.raises(ClewError, match="event 1: a backtrack with nothing placed"):
        tree_svg([ev("backtrack", row=0, col=0)])
    with pytest.raises(ClewError, match="event 1: unknown event type 'jump'"):
        tree_svg([ev("jump")])
    with pytest.raises(ClewError, match="event 1 is not a trace event"):
        tree_svg([["place", 0, 0]])
    # an empty trace is a lone root
    assert count_classes(parse(tree_svg([]))) == Counter({"root": 1})


def test_tree_of_a_search_of_ones_own_speaks_of_choices():
    from clew import cover, search
    from clew.search import examples

    titles = set(
        re.findall(r"<title>([^<]*)</title>", tree_svg(search.trace(examples.derangements(3))))
    )
    assert "level 1: 1" in titles and "level 1: 0 refused by accept" in titles
    assert not any("queen" in t or "attacked" in t for t in titles)
    titles = set(re.findall(r"<title>([^<]*)</title>", tree_svg(cover.trace(cover.langford(3)))))
    assert "level 1: option 7 (3 s1 s5) for item 3" in titles
