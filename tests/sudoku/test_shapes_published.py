"""Real killer and jigsaw puzzles with their published solutions (tests/sudoku/data/
shapes_published.txt, sources in its header): the library, the exact-cover model, the
verifier, the file solver and the command line all find the published solution, and only it."""

from __future__ import annotations

from pathlib import Path

import pytest

from clew import cli, sudoku
from test_shapes_generate import exact_cover_count  # the exact-cover model of the same puzzle

DATA = Path(__file__).resolve().parent / "data" / "shapes_published.txt"


def cases() -> list[tuple[str, str]]:
    out = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle, solution = (part.strip() for part in line.split(" : "))
            out.append((puzzle, solution))
    return out


CASES = cases()


def test_the_collection_holds_a_killer_and_a_jigsaw():
    names = [sudoku.parse(p).shape.name for p, _ in CASES]
    assert names == ["9x9 killer", "9x9 jigsaw"]


@pytest.mark.parametrize("puzzle, solution", CASES, ids=["killer", "jigsaw"])
def test_published_solution_is_the_only_one(puzzle, solution):
    grid = sudoku.parse(puzzle)
    assert sudoku.count(grid, limit=2) == 1
    assert sudoku.solve(grid).to_line() == solution
    assert sudoku.is_solution(sudoku.solve(grid), grid)
    assert exact_cover_count(grid, 2) == 1  # independent of the kernel


def test_a_file_of_them_on_the_command_line(capsys, tmp_path):
    path = tmp_path / "published.txt"
    path.write_text("".join(p + "\n" for p, _ in CASES))
    status = cli.run(["sudoku", "solve", str(path), "--unique"])
    out, _ = capsys.readouterr()
    assert status == 0 and out.splitlines() == [s for _, s in CASES]
