"""Real killer and jigsaw puzzles with their published solutions (tests/sudoku/data/
shapes_published.txt, sources in its header): the library, the exact-cover model, the
verifier, the file solver and the command line all find the published solution, and only it."""

from __future__ import annotations

from pathlib import Path

import pytest

from clew import cli, sudoku
from helpers.sudoku_grids import exact_cover_count  # the exact-cover model of the same puzzle

DATA = Path(__file__).resolve().parent / "data" / "shapes_published.txt"

#: A cage of this many cells or more makes the exact-cover model enumerate 181,440 orders
#: of digits for it, and the two daily killers with several such cages take 10 and 20
#: seconds there: those are checked by the model only in the slow run (``-m slow``); the
#: kernel, the verifier and the command line check them every time.
BIG_CAGE = 7


def cases() -> list[tuple[str, str, str]]:
    """``(id, puzzle, solution)`` of every line of the collection, in file order."""
    out = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, puzzle, solution = (part.strip() for part in line.split(" : "))
            out.append((name, puzzle, solution))
    return out


CASES = cases()
IDS = [name for name, _, _ in CASES]


def test_the_collection_holds_killers_and_jigsaws_of_several_sizes():
    names = {name: sudoku.parse(p).shape.name for name, p, _ in CASES}
    assert len(IDS) == len(set(IDS)) == 21
    # the id says what the line is: its kind, and its side where that is not 9
    for name, shape in names.items():
        kind = name.split("-")[0]
        side = name.split("-")[1] if name.split("-")[1][0].isdigit() else "9x9"
        assert shape.startswith(side) and shape.endswith(kind), (name, shape)
    kinds = [shape.split()[-1] for shape in names.values()]
    assert kinds.count("killer") == 11 and kinds.count("jigsaw") == 10
    sides = {sudoku.parse(p).n for _, p, _ in CASES}
    assert sides == {5, 6, 7, 8, 9}


@pytest.mark.parametrize("puzzle, solution", [(p, s) for _, p, s in CASES], ids=IDS)
def test_published_solution_is_the_only_one(puzzle, solution):
    grid = sudoku.parse(puzzle)
    assert sudoku.count(grid, limit=2) == 1
    assert sudoku.solve(grid).to_line() == solution
    assert sudoku.is_solution(sudoku.solve(grid), grid)
    # the published solution keeps the givens (a transcription slip would show here first)
    assert all(c in (".", s) for c, s in zip(grid.to_line(), solution, strict=False))


def _cover_param(name: str, puzzle: str, solution: str):
    cages = sudoku.parse(puzzle).shape.cages
    big = any(len(cells) >= BIG_CAGE for _, cells in cages)
    return pytest.param(puzzle, solution, id=name, marks=[pytest.mark.slow] if big else [])


@pytest.mark.parametrize("puzzle, solution", [_cover_param(*case) for case in CASES])
def test_the_exact_cover_model_finds_only_the_published_solution(puzzle, solution):
    grid = sudoku.parse(puzzle)
    assert exact_cover_count(grid, 2) == 1  # independent of the kernel
    # and that one is the published solution: the puzzle's shape with the published digits
    # in every cell is a solution of the model too
    full = sudoku.solve(grid)
    assert full.to_line() == solution and full.shape == grid.shape
    assert exact_cover_count(full, 2) == 1


def test_a_file_of_them_on_the_command_line(capsys, tmp_path):
    path = tmp_path / "published.txt"
    path.write_text("".join(p + "\n" for _, p, _ in CASES))
    status = cli.run(["sudoku", "solve", str(path), "--unique"])
    out, _ = capsys.readouterr()
    assert status == 0 and out.splitlines() == [s for _, _, s in CASES]
