"""The Sudoku family under the contract of every family (issue 25, docs/contract.md): limits
and jobs, errors, one reader of puzzle text, the same shape keywords everywhere, JSON and
pictures of every result."""

from __future__ import annotations

import contextlib
import inspect
import json
import re

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import clew  # installs the picture renderer
from clew import sudoku
from clew.errors import ArgumentError, ClewError
from clew.sudoku import SudokuInputError
from clew.sudoku.files.solve import solve_file
from clew.sudoku.shape import CAGE_LETTERS, cage_name

PROPER = "..3.4.........42"
NO_SOLUTION = "2...3.2......4.."  # no two givens clash, and no grid completes it
#: A 4x4 killer without givens (cages only): cage E is r3c4 alone, with sum 2
KILLER = "ABBCABDCADDEFFDG 8,7,7,10,2,5,1"


# ---------------------------------------------------------------------------------------------
# 1-2. limit and jobs
# ---------------------------------------------------------------------------------------------

LIMITED = [sudoku.count, sudoku.solutions, sudoku.solve_array, solve_file]


@pytest.mark.parametrize("function", LIMITED, ids=lambda f: f.__name__)
def test_limit_is_keyword_only(function):
    assert inspect.signature(function).parameters["limit"].kind is inspect.Parameter.KEYWORD_ONLY


@pytest.mark.parametrize("bad", [0, -3, True, 2.5, "3"])
def test_a_bad_limit_is_one_argument_error(bad):
    calls = [
        lambda: sudoku.count(PROPER, limit=bad),
        lambda: sudoku.solutions(PROPER, limit=bad),  # when called, not at the first next()
        lambda: sudoku.solve_array(np.zeros((1, 16), np.int8), 2, limit=bad),
        lambda: solve_file(PROPER + "\n", mode="count", limit=bad),
    ]
    for call in calls:
        with pytest.raises(ArgumentError, match="^limit must be") as caught:
            call()
        assert "\n" not in str(caught.value)


JOBBED = [sudoku.solve_array, solve_file, sudoku.rate_file, sudoku.generate_many]


@pytest.mark.parametrize("function", JOBBED, ids=lambda f: f.__name__)
def test_jobs_default_to_one(function):
    parameter = inspect.signature(function).parameters["jobs"]
    assert (
        parameter.default == clew.DEFAULT_JOBS == 1
        and parameter.kind is inspect.Parameter.KEYWORD_ONLY
    )


@pytest.mark.parametrize("bad", [0, -1, 1.5])
def test_bad_jobs_are_refused_when_called(bad):
    calls = [
        lambda: sudoku.solve_array(np.zeros((1, 16), np.int8), 2, jobs=bad),
        lambda: solve_file(PROPER, jobs=bad),
        lambda: sudoku.rate_file(PROPER, jobs=bad),  # a generator before issue 25: checked late
        lambda: sudoku.generate_many(2, 4, jobs=bad),
    ]
    for call in calls:
        with pytest.raises(ArgumentError, match="^jobs must be"):
            call()


def test_jobs_none_is_every_core():
    counts, _ = sudoku.solve_array(np.zeros((2, 16), np.int8), 2, limit=3, jobs=None)
    assert counts.tolist() == [3, 3]


# ---------------------------------------------------------------------------------------------
# 3. errors: ClewError, one line, 1-based, plurals, articles, one name per cage
# ---------------------------------------------------------------------------------------------


def test_eight_rows_of_nine_says_so():
    with pytest.raises(SudokuInputError, match="^the grid has 8 rows of 9 cells"):
        sudoku.solve([[0] * 9] * 8)


@given(rows=st.integers(4, 25), width=st.integers(1, 30))
@settings(max_examples=60, deadline=None)
def test_rows_of_the_wrong_width_are_named_rightly(rows, width):
    assume(rows != width)
    puzzle = [[0] * width] * rows
    with pytest.raises(SudokuInputError) as caught:
        sudoku.Grid(puzzle)
    message = str(caught.value)
    assert (
        message == f"the grid has {rows} rows of {width} cell{'s' * (width != 1)}: "
        "a sudoku has n rows of n cells, n = 4 to 25"
    )
    assert not re.search(r"\b1 cells", message)


@pytest.mark.parametrize(
    "call, fragment",
    [
        (
            lambda: sudoku.Grid([[0] * 8] * 7 + [[0]]),
            "an 8x8 sudoku has 8 cells in each row, row 8 has 1 cell",
        ),
        (lambda: sudoku.Grid("." * 121, box="2x3"), "a 2x3 box does not tile an 11x11 sudoku"),
        (
            lambda: sudoku.Grid("." * 16, cages=[(1, ["r1c1"]), (2, ["r1c1"])]),
            "cage B: r1c1 is already in cage A",
        ),
        (
            lambda: sudoku.Grid("." * 16, cages=[(9, ["r1c1"])]),
            "cage A (r1c1, 1 cell): sum 9 is impossible, 1 different digit of 1..4 makes 1 to 4",
        ),
        (
            lambda: sudoku.Grid("AABBCCDDEEFFGGHH 3,7,7,3,4,6,6"),
            "the cage map has 8 cages (ABCDEFGH), but 7 sums are given",
        ),
    ],
)
def test_messages_agree_in_number_and_article(call, fragment):
    with pytest.raises(ClewError) as caught:
        call()
    message = str(caught.value)
    assert fragment in message and "\n" not in message
    assert not any(bad in message for bad in ("1 cells", "1 different digits", "a 8x8", "a 11x11"))


def test_cage_names():
    assert [cage_name(i) for i in (0, 25, 26, 51, 52)] == [
        "cage A",
        "cage Z",
        "cage a",
        "cage z",
        "cage 53",
    ]
    assert len(CAGE_LETTERS) == 52


def test_a_killer_cage_has_one_name_in_the_line_errors_hints_and_explanations():
    grid = sudoku.Grid(KILLER)
    # the line names the cage of r3c4 E; so do the error of a bad sum, the hint, the explanation
    assert KILLER.split()[0][2 * 4 + 3] == "E"
    with pytest.raises(ClewError, match="^cage E "):
        sudoku.Grid(KILLER.replace(",2,", ",7,"))
    step = sudoku.hint(grid)
    assert step.unit == "cage E" and "cage E" in step.text
    units = {s.unit for s in sudoku.explain(grid) if s.unit and s.unit.startswith("cage")}
    assert units and all(unit.split()[1] in CAGE_LETTERS for unit in units)
    other = sudoku.Grid(KILLER.replace(",2,", ",3,"))  # cage E's sum made 3: the solution breaks it
    with pytest.raises(ClewError, match=r"^cage E \(r3c4, 1 cell\) adds up to 2, not 3$"):
        sudoku.check_solution(sudoku.solve(grid).to_line(), other)


# ---------------------------------------------------------------------------------------------
# 5. one reader of puzzle text; the same shape keywords everywhere
# ---------------------------------------------------------------------------------------------


def test_rate_file_of_a_name_that_is_no_file():
    # issue 25: rate_file("top.txt") rated the string "top.txt" as a puzzle
    with pytest.raises(SudokuInputError, match="^'top.txt': no such file, and not a puzzle either"):
        sudoku.rate_file("top.txt")
    with pytest.raises(SudokuInputError, match="^'top.txt': no such file"):
        solve_file("top.txt")


def test_paths_lines_and_text_are_read_alike(tmp_path, monkeypatch):
    path = tmp_path / "two.txt"
    path.write_text(f"# two puzzles\n{PROPER}\n{NO_SOLUTION}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    sources = [
        path,
        str(path),
        "two.txt",
        path.read_bytes(),
        path.read_text(),
        path.read_text().splitlines(),
    ]
    with open(path) as stream:  # an open file, the last source: read once
        sources.append(stream)
        rated = [
            [(r["line"], r.get("level"), r.get("solutions")) for r in sudoku.rate_file(s)]
            for s in sources
        ]
    solved = [[(a.line, a.status) for chunk in solve_file(s) for a in chunk] for s in sources[:-1]]
    assert all(r == [(2, "easy", None), (3, None, 0)] for r in rated)
    assert all(s == [(2, "solved"), (3, "no solution")] for s in solved)


@pytest.mark.parametrize("bad", [42, None, 2.5, {"a": 1}])
def test_anything_else_is_a_type_error_naming_it(bad):
    for function in (sudoku.rate_file, solve_file):
        with pytest.raises(TypeError, match=type(bad).__name__):
            function(bad)


def test_a_binary_input_is_one_error_everywhere(tmp_path):
    data = b"\x00\xff\xfe\x81garbage"
    path = tmp_path / "binary.txt"
    path.write_bytes(data)
    for call in (
        lambda: solve_file(path),
        lambda: sudoku.rate_file(path),
        lambda: sudoku.rate_file(data),
    ):
        with pytest.raises(SudokuInputError, match="not UTF-8 text"):
            call()
    with pytest.raises(SudokuInputError, match="^not UTF-8 text"):
        sudoku.solve(data)


def test_a_grid_drawn_over_lines_is_one_puzzle():
    drawn = sudoku.Grid(PROPER).to_text()
    assert [a.status for chunk in solve_file(drawn) for a in chunk] == ["solved"]


SHAPED = [
    lambda **kw: sudoku.solve(PROPER, **kw),
    lambda **kw: sudoku.count(PROPER, **kw),
    lambda **kw: sudoku.is_unique(PROPER, **kw),
    lambda **kw: list(sudoku.solutions(PROPER, **kw)),
    lambda **kw: sudoku.rate(PROPER, **kw),
    lambda **kw: sudoku.hint(PROPER, **kw),
    lambda **kw: sudoku.explain(PROPER, **kw),
    lambda **kw: sudoku.solve_logically(PROPER, **kw),
    lambda **kw: list(sudoku.trace(PROPER, **kw)),
    lambda **kw: sudoku.parse(PROPER, **kw),
]


@pytest.mark.parametrize("call", SHAPED)
def test_every_puzzle_function_takes_the_shape_keywords(call):
    # issue 25: sudoku.rate(X, variant="x") raised TypeError while solve took it
    for keywords in (
        {"variant": "x"},
        {"box": "2x2"},
        {"regions": "AABBAABBCCDDCCDD"},
        {"symbols": "1234"},
    ):
        # the puzzle may not be proper under the extra rule: an answer, not a TypeError
        with contextlib.suppress(ClewError):
            call(**keywords)


def test_the_shape_keyword_is_applied_by_rate():
    x = sudoku.generate(4, variant="x", seed=3).puzzle
    plain = sudoku.Grid(x.to_line())
    assert sudoku.rate(plain, variant="x") == sudoku.rate(x)


# ---------------------------------------------------------------------------------------------
# 6. JSON and pictures of every result
# ---------------------------------------------------------------------------------------------


def _documented(value) -> None:
    data = value.to_dict()
    json.loads(json.dumps(data))
    doc = inspect.getdoc(type(value)) or ""
    assert [key for key in data if key not in doc] == []


def test_every_result_has_a_documented_json_form():
    grid = sudoku.solve(PROPER)
    answers = [a for chunk in solve_file(f"{PROPER}\n11..............\n") for a in chunk]
    values = [
        grid,
        sudoku.rate(PROPER),
        sudoku.hint(PROPER),
        sudoku.generate(4, seed=1),
        sudoku.generate(4, seed=1, difficulty="easy"),
        *answers,
        sudoku.explanation(PROPER),
    ]
    for value in values:
        _documented(value)
    assert sudoku.generate(4, seed=1, difficulty="easy").to_dict()["level"] == "easy"


def test_generated_fields_are_listed_in_the_class():
    g = sudoku.generate(4, seed=2, difficulty="easy")
    assert tuple(g.to_dict()) == sudoku.Generated.FIELDS + sudoku.Generated.RATED_FIELDS
    assert tuple(sudoku.generate(4, seed=2).to_dict()) == sudoku.Generated.FIELDS


def test_rating_generated_and_step_show_pictures():
    # issue 25: Rating, Generated and Step had no picture
    for value in (
        sudoku.rate(PROPER),
        sudoku.generate(4, seed=1),
        sudoku.hint(PROPER),
        sudoku.explain(PROPER)[-1],
    ):
        svg = value._repr_svg_()
        assert svg is not None and svg.startswith("<svg"), type(value).__name__


def test_a_step_shows_the_position_it_is_played_on():
    steps = sudoku.explain(PROPER)
    assert steps[0].grid == sudoku.Grid(PROPER)
    assert steps[1].grid.givens == steps[0].grid.givens + len(steps[0].placements)
    assert steps[0] == sudoku.hint(PROPER) and hash(steps[0]) == hash(sudoku.hint(PROPER))


def test_answers_carry_the_shape_of_their_puzzle():
    g = sudoku.generate(variant="jigsaw", seed=1)
    line = g.to_dict()["puzzle"]  # the cells, then the regions
    (answer,) = [a for chunk in solve_file(line + "\n") for a in chunk]
    assert answer.grid == g.solution and answer.grid.shape.regions is not None
    assert "|" not in answer.grid.to_text()  # a jigsaw has no boxes to draw


def test_an_invalid_line_is_answered_with_its_reason():
    answers = [a for chunk in solve_file(b"xyz\n") for a in chunk]
    assert [a.to_dict()["status"] for a in answers] == ["invalid"] and answers[0].to_dict()["error"]


def test_the_picture_of_a_step_marks_what_it_does():
    from clew.viz.sudoku_step_svg import step_svg

    g = sudoku.generate(seed=4, difficulty="hard")
    step = next(s for s in sudoku.explain(g.puzzle) if s.eliminations)
    svg = step_svg(step)
    assert svg.count('class="eliminated"') == len(step.eliminations)
    assert svg.count('class="pattern"') == len(set(step.cells))
    killer = sudoku.explain(sudoku.Grid(KILLER))
    assert all(step_svg(s).count('class="placed"') == 2 * len(s.placements) for s in killer)
    assert step_svg(sudoku.Step("Hidden single", 1.2)) is None  # no position: no picture
