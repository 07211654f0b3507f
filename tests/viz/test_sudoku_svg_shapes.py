"""The SVG picture of sudoku of every shape (issue 15), checked structurally: parsed with
xml.etree, the thick segments compared with the region borders computed here from the
shape's fields, one sum per cage in its first cell, every cage outline closed and inside its
cage, the X and windoku cells shaded, the digits; and ``clew sudoku show --format svg``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from clew import cli, sudoku
from clew.errors import ClewError
from clew.sudoku import Grid
from clew.sudoku.generation.generator import generate
from clew.viz.svg import sudoku_svg

NS = "{http://www.w3.org/2000/svg}"
CELL = 40.0


def parse(svg: str):
    return ET.fromstring(svg)


def of_class(root, tag: str, cls: str) -> list:
    return [e for e in root.iter(NS + tag) if e.get("class") == cls]


def origin(root) -> float:
    """The grid's top-left corner: the background's x (the picture's padding)."""
    return float(of_class(root, "rect", "background")[0].get("x"))


def region_of(shape, cell: int) -> int:
    """Box or region of a cell, from the shape's fields alone."""
    if shape.regions is not None:
        return shape.regions[cell]
    n, (br, bc) = shape.n, shape.box
    r, c = divmod(cell, n)
    return (r // br) * 1000 + c // bc


def expected_borders(shape, pad: float) -> set:
    """Each cell side between two regions as ((x1, y1), (x2, y2)), rounded."""
    n = shape.n
    out = set()
    for r in range(n):
        for c in range(n):
            cell = r * n + c
            if c + 1 < n and region_of(shape, cell) != region_of(shape, cell + 1):
                x = pad + (c + 1) * CELL
                out.add(((x, pad + r * CELL), (x, pad + (r + 1) * CELL)))
            if r + 1 < n and region_of(shape, cell) != region_of(shape, cell + n):
                y = pad + (r + 1) * CELL
                out.add(((pad + c * CELL, y), (pad + (c + 1) * CELL, y)))
    return out


def segment(line) -> tuple:
    a = (round(float(line.get("x1")), 2), round(float(line.get("y1")), 2))
    b = (round(float(line.get("x2")), 2), round(float(line.get("y2")), 2))
    return tuple(sorted((a, b)))


SHAPED = [
    generate(box="2x3", seed=1).puzzle,
    generate(box="4x2", seed=1).puzzle,
    generate(box="3x4", seed=1).puzzle,
    generate(variant="jigsaw", seed=1).puzzle,
    generate(7, variant="jigsaw", seed=1).puzzle,
    generate(variant="jigsaw+x", seed=2).puzzle,
]


@pytest.mark.parametrize("grid", SHAPED, ids=[g.shape.name for g in SHAPED])
def test_thick_segments_are_the_region_borders(grid):
    root = parse(sudoku_svg(grid, cell=CELL))
    pad = origin(root)
    thick = [segment(line) for line in of_class(root, "line", "thick")]
    assert len(thick) == len(set(thick))  # each border once
    assert set(thick) == {tuple(sorted(s)) for s in expected_borders(grid.shape, pad)}
    assert len(of_class(root, "rect", "border")) == 1
    assert len(of_class(root, "line", "thin")) == 2 * (grid.n - 1)
    givens = of_class(root, "text", "given")
    assert len(givens) == grid.givens
    for text in givens:
        r, c, d = int(text.get("data-row")), int(text.get("data-col")), int(text.get("data-digit"))
        assert grid[r, c] == d and text.text == grid.symbol(d)


def test_killer_sums_and_closed_cage_outlines():
    g = generate(variant="killer", seed=3)
    shape = g.puzzle.shape
    root = parse(sudoku_svg(g.puzzle, g.solution, cell=CELL))
    pad = origin(root)
    sums = of_class(root, "text", "cage-sum")
    assert len(sums) == len(shape.cages)  # one sum per cage
    for label, (total, cells) in zip(sums, shape.cages, strict=True):
        assert label.text == str(total) and int(label.get("data-sum")) == total
        r, c = divmod(min(cells), 9)  # in the corner of the cage's first cell
        x, y = float(label.get("x")), float(label.get("y"))
        assert (
            pad + c * CELL < x < pad + (c + 0.5) * CELL
            and pad + r * CELL < y < pad + (r + 0.5) * CELL
        )
    lines = of_class(root, "line", "cage")
    assert {int(e.get("data-cage")) for e in lines} == set(range(len(shape.cages)))
    for number, (_, cells) in enumerate(shape.cages):
        mine = [segment(e) for e in lines if int(e.get("data-cage")) == number]
        ends = Counter(p for s in mine for p in s)
        assert set(ends.values()) == {2}, f"cage {number + 1} is not closed"  # closed loops
        inside = {divmod(cell, 9) for cell in cells}
        for s in mine:  # every line lies in the cage's cells, clear of their edges' outside
            mx, my = (s[0][0] + s[1][0]) / 2, (s[0][1] + s[1][1]) / 2
            cell = (int((my - pad) // CELL), int((mx - pad) // CELL))
            assert cell in inside
    assert all(e.get("stroke-dasharray") for e in lines)  # dotted
    assert len(of_class(root, "text", "filled")) == 81 - g.puzzle.givens


def test_a_one_cell_and_an_l_shaped_cage():
    grid = Grid("." * 16, cages=[(1, [0]), (9, [1, 2, 6]), (4, [3, 7])])
    root = parse(sudoku_svg(grid, cell=CELL))
    lines = of_class(root, "line", "cage")
    count = Counter(int(e.get("data-cage")) for e in lines)
    # one cell: 4 sides; the L of three cells: 8 sides and the two lines of one bend;
    # two cells stacked: 6 sides
    assert count == {0: 4, 1: 10, 2: 6}


def test_x_and_windoku_cells_are_shaded():
    x = generate(variant="x", seed=1).puzzle
    root = parse(sudoku_svg(x, cell=CELL))
    pad = origin(root)
    cells = {
        (round((float(e.get("y")) - pad) / CELL), round((float(e.get("x")) - pad) / CELL))
        for e in of_class(root, "rect", "diagonal")
    }
    assert cells == {(i, i) for i in range(9)} | {(i, 8 - i) for i in range(9)}
    assert not of_class(root, "rect", "window")
    w = generate(variant="windoku", seed=1).puzzle
    root = parse(sudoku_svg(w, cell=CELL))
    cells = {
        (round((float(e.get("y")) - pad) / CELL), round((float(e.get("x")) - pad) / CELL))
        for e in of_class(root, "rect", "window")
    }
    assert cells == {(r, c) for r in (1, 2, 3, 5, 6, 7) for c in (1, 2, 3, 5, 6, 7)}
    four = parse(sudoku_svg(Grid("." * 16, variant="x"), cell=CELL))
    assert len(of_class(four, "rect", "diagonal")) == 8


def test_a_solution_that_breaks_a_cage_is_refused():
    g = generate(box="2x3", variant="killer", seed=1)
    wrong = list(g.solution.cells)
    wrong[0], wrong[1] = wrong[1], wrong[0]
    with pytest.raises(ClewError, match="the solution does not solve the puzzle"):
        sudoku_svg(g.puzzle, Grid._make(bytes(wrong), g.puzzle.shape))


def test_show_format_svg(capsys, tmp_path):
    line = "ABBBAACCDEEFDEGF 7,6,7,5,8,6,1"
    status = cli.run(["sudoku", "show", line, "--format", "svg", "--solve"])
    out, err = capsys.readouterr()
    root = parse(out)
    assert status == 0 and err == ""
    assert [e.text for e in of_class(root, "text", "cage-sum")] == [
        "7",
        "6",
        "7",
        "5",
        "8",
        "6",
        "1",
    ]
    assert "".join(e.text for e in of_class(root, "text", "filled")) == sudoku.solve(line).to_line()
    path = tmp_path / "x.svg"
    puzzle = generate(variant="x", seed=4).puzzle.to_line()
    assert cli.run(["sudoku", "show", puzzle, "--variant", "x", "--svg", str(path)]) == 0
    assert len(of_class(parse(path.read_text()), "rect", "diagonal")) == 17
