"""Traces of the Sudoku search on every shape and variant: the solutions a trace finds are the
solver's (checked by the independent verifier), every refusal names a cell that really holds
the digit in a shared set (or a cage that really cannot make its sum), replaying the events
reaches each solution, and the ``end`` event describes the shape for the player."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import sudoku
from clew.sudoku import geometry
from clew.sudoku.grid import DIGITS, Grid
from clew.sudoku.shape import sum_range
from clew.viz.replay import replay_sudoku

KILLER_4 = "AABBCCDDEEFFGGHH 3,7,7,3,4,6,6,4"
JIGSAW_4 = "1............... AABBAABBCCDDCCDD".replace("AABBAABBCCDDCCDD", "AAABABBBCCCDCDDD")

#: (puzzle, options): a small puzzle of each shape, most with several solutions
CASES = [
    ("1.....2.....3.....4.....5.....6.....", {}),  # 6x6, 2x3 boxes
    ("1.....2.....3.....4.....5.....6.....", {"box": "3x2"}),
    ("12345678" + "." * 56, {}),  # 8x8, 2x4 boxes
    ("." * 16, {"variant": "x"}),
    ("1..." + "." * 12, {"variant": "x"}),
    (KILLER_4, {}),
    (JIGSAW_4, {}),
]


def _grid_of(line: str, shape) -> Grid:
    """A full grid of ``shape`` from its one-line form (digits, then letters)."""
    return Grid._make(bytes(DIGITS.index(ch) + 1 for ch in line), shape, None)


def _solutions(events) -> list[str]:
    return [e["grid"] for e in events if e["type"] == "solution"]


def _check_events(events, grid: Grid) -> None:
    shape = grid.shape
    all_sets, names = geometry.sets(shape), geometry.set_names(shape)
    for event, cells in replay_sudoku(events, grid):  # one list, updated event by event
        if event["type"] == "solution":
            assert Grid._make(bytes(cells), shape, None).to_line() == event["grid"]
            assert sudoku.is_solution(_grid_of(event["grid"], shape), grid)
        if event["type"] == "prune" and event.get("by") is not None:
            cell, by, why = event["cell"], event["by"], event["why"]
            shared = [u for u in geometry.cell_sets(shape)[cell] if by in all_sets[u]]
            assert any(names[u].rsplit(" ", 1)[0] == why for u in shared), event
        if (
            event["type"] == "prune"
            and event["why"] == "cage sum"
            and event.get("cell") is not None
        ):
            # the textbook refusal: with the digit in, some cage of the cell is out of reach
            trial = list(cells)
            trial[event["cell"]] = event["digit"]
            assert any(
                _out_of_reach(trial, shape, i)
                for i, (_, members) in enumerate(shape.cages)
                if event["cell"] in members
            ), event


def _out_of_reach(cells, shape, i) -> bool:
    total, members = shape.cages[i]
    placed = [cells[c] for c in members if cells[c]]
    low, high = sum_range(len(members) - len(placed), shape.n)
    return not sum(placed) + low <= total <= sum(placed) + high


@pytest.mark.parametrize("strategy", ["pruned", "textbook"])
@pytest.mark.parametrize("puzzle, options", CASES)
def test_every_solution_of_a_shape_is_found_and_verified(puzzle, options, strategy):
    grid = Grid(puzzle, **options)
    limit = 60
    expected = sudoku.count(grid, limit=limit)
    events = list(sudoku.trace(puzzle, strategy, all_solutions=expected < limit, **options))
    found = _solutions(events)
    for line in found:
        assert sudoku.is_solution(_grid_of(line, grid.shape), grid), line
    assert len(set(found)) == len(found)
    if expected < limit:
        assert len(found) == expected
    else:
        assert found
    _check_events(events, grid)
    end = events[-1]
    assert end["size"] == grid.n and end["puzzle"] == grid.to_line()
    assert end["regions"] == [geometry.box_of(c, grid.shape) for c in range(grid.shape.cells)]
    if grid.shape.cages:
        assert end["cages"] == [[t, list(cells)] for t, cells in grid.shape.cages]
    if grid.shape.diagonals:
        assert set(end["shaded"]) == {i * grid.n + i for i in range(grid.n)} | {
            i * grid.n + grid.n - 1 - i for i in range(grid.n)
        }


def test_a_classic_trace_describes_no_shape():
    end = list(sudoku.trace("1..............."))[-1]
    assert not {"regions", "shaded", "cages"} & end.keys()


def test_the_textbook_killer_search_refuses_digits_by_cage_sums():
    events = list(sudoku.trace(KILLER_4, "textbook"))
    refused = [e for e in events if e["type"] == "prune" and e["why"] == "cage sum"]
    assert refused and all(e["by"] is None and e["digit"] for e in refused)
    assert _solutions(events)[0] == sudoku.solve(KILLER_4).to_line()


@settings(max_examples=25, deadline=None)
@given(
    keep=st.lists(st.booleans(), min_size=36, max_size=36),
    box=st.sampled_from(["2x3", "3x2"]),
    strategy=st.sampled_from(["pruned", "textbook"]),
)
def test_random_6x6_puzzles_trace_to_the_solvers_answer(keep, box, strategy):
    full = sudoku.solve(
        "1.....2.....3.....4.....5.....6....." if box == "2x3" else "123456" + "." * 30, box=box
    )
    line = full.to_line()
    puzzle = "".join(ch if k else "." for ch, k in zip(line, keep, strict=False))
    if sum(keep) < 12:
        return  # too open: the textbook search of an almost empty 6x6 grid is long
    grid = Grid(puzzle, box=box)
    events = list(sudoku.trace(puzzle, strategy, box=box))
    found = _solutions(events)
    assert len(found) == 1
    assert sudoku.is_solution(Grid(found[0], box=box), grid)
    _check_events(events, grid)
