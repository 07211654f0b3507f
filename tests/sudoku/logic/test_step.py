"""``Step`` as a value with ``to_dict()``: plain JSON data, every cell by its 0-based index
and by its name counted from 1."""

from __future__ import annotations

import json

import pytest

from clew import sudoku
from clew.sudoku import geometry
from clew.sudoku.logic.solver import LogicalState, solve_logically
from clew.sudoku.logic.techniques import Step

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#: A puzzle whose logical solution needs more than singles (eliminations, patterns of cells).
HARD = "7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8."

KEYS = {"technique", "rating", "unit", "cells", "digits", "placements", "eliminations", "text", "n"}


def check(step: Step, n: int) -> dict:
    data = step.to_dict()
    assert set(data) == KEYS and data["n"] == n
    assert json.loads(json.dumps(data)) == data  # plain JSON data
    assert (data["technique"], data["rating"], data["unit"], data["text"]) == (
        step.technique,
        step.rating,
        step.unit,
        step.text,
    )
    assert [c["index"] for c in data["cells"]] == list(step.cells) and data["digits"] == list(
        step.digits
    )
    assert [(p["index"], p["digit"]) for p in data["placements"]] == list(step.placements)
    assert [(e["index"], e["digit"]) for e in data["eliminations"]] == list(step.eliminations)
    for cell in data["cells"] + data["placements"] + data["eliminations"]:
        # the name counts from 1, the index from 0 in reading order
        row, column = divmod(cell["index"], n)
        assert cell["name"] == f"r{row + 1}c{column + 1}" == geometry.cell_name(cell["index"], n)
    return data


def test_a_hint_as_json():
    data = check(sudoku.hint(LEETCODE), 9)
    assert data["placements"] == [{"index": 5, "name": "r1c6", "digit": 8}]
    assert data["eliminations"] == [] and data["unit"] == "box 2"


@pytest.mark.parametrize("puzzle, n", [(LEETCODE, 9), (HARD, 9), ("..3.4.........42", 4)])
def test_every_step_of_a_logical_solution(puzzle, n):
    steps = solve_logically(puzzle).steps
    assert steps
    for step in steps:
        check(step, n)
    assert any(step.eliminations for step in solve_logically(HARD).steps)


def test_the_step_is_a_value():
    a, b = sudoku.hint(LEETCODE), sudoku.hint(LEETCODE)
    assert a == b and hash(a) == hash(b) and str(a) == a.text
    with pytest.raises(AttributeError):
        a.rating = 2.0  # frozen


def test_find_gives_sized_steps_too():
    step = LogicalState(LEETCODE).find("Hidden single")
    assert step.n == 9 and step.to_dict()["cells"][0]["name"] == "r1c6"


def test_a_step_built_by_hand_has_no_names():
    step = Step(
        "Hidden single", 1.2, placements=((5, 8),), cells=(5,), digits=(8,), text="r1c6 = 8"
    )
    data = step.to_dict()
    assert data["n"] == 0 and data["cells"] == [{"index": 5, "name": None}]
    assert data["placements"] == [{"index": 5, "name": None, "digit": 8}]
