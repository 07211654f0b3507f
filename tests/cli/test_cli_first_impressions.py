"""What new users met first, fixed for good (the issue "First impressions"): each check goes
through the real entry point, ``clew.cli.run`` in process or ``python -m clew``, or the
library function a user calls."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from clew import cli, sudoku
from clew.sudoku.logic.solver import NotProperError
from helpers.cli import ENV, LEETCODE, LEETCODE_SOLVED, clew_cmd, feed_stdin, run_in_process

ROOT = Path(__file__).resolve().parents[2]

#: No solution (the search finds the contradiction: no two givens clash).
NO_SOLUTION = "2...3.2......4.."
#: 72 solutions.
SEVERAL = "1..............."
#: A proper 4x4 puzzle.
FOUR = "..3.4.........42"


def assert_one_line_usage_error(status: int, out: str, err: str, *fragments: str) -> None:
    assert (status, out) == (cli.EXIT_USAGE, "")
    assert err.count("\n") == 1 and err.startswith("clew: error: "), err
    for fragment in fragments:
        assert fragment in err, err


# ---------------------------------------------------------------------------------------------
# 4. solve and rate take a puzzle as their argument, as show/hint/explain do
# ---------------------------------------------------------------------------------------------


def test_sudoku_solve_takes_a_puzzle_argument(capsys):
    assert run_in_process(capsys, "sudoku", "solve", LEETCODE) == (0, LEETCODE_SOLVED + "\n", "")
    status, out, err = run_in_process(capsys, "sudoku", "solve", NO_SOLUTION)
    assert (status, out) == (cli.EXIT_FAILURE, "no solution\n")
    record = json.loads(
        run_in_process(capsys, "sudoku", "solve", FOUR, "--unique", "-f", "json")[1]
    )
    assert record == {"line": 1, "puzzle": FOUR, "status": "unique", "solution": "1234432124133142"}


def test_sudoku_solve_takes_a_drawn_grid_argument(capsys):
    drawn = sudoku.Grid(LEETCODE).to_text()  # several lines: turned into one puzzle line
    assert run_in_process(capsys, "sudoku", "solve", drawn) == (0, LEETCODE_SOLVED + "\n", "")


def test_sudoku_rate_takes_a_puzzle_argument(capsys):
    assert run_in_process(capsys, "sudoku", "rate", LEETCODE) == (
        0,
        "1.2/1.2/1.2 easy Hidden single\n",
        "",
    )


def test_a_file_wins_over_a_puzzle_of_the_same_name(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ("." * 16)).write_text(LEETCODE + "\n")  # a file named like the empty 4x4 grid
    assert run_in_process(capsys, "sudoku", "solve", "." * 16) == (0, LEETCODE_SOLVED + "\n", "")


@pytest.mark.parametrize("command", ["solve", "rate"])
def test_neither_a_file_nor_a_puzzle_is_one_usage_error(capsys, command):
    status, out, err = run_in_process(capsys, "sudoku", command, "puzzles.txt")
    assert_one_line_usage_error(
        status, out, err, "'puzzles.txt': no such file", "not a puzzle", "got 11"
    )
    status, out, err = run_in_process(
        capsys, "sudoku", command, LEETCODE[:22] + "X" + LEETCODE[23:]
    )
    assert_one_line_usage_error(
        status, out, err, "no such file", "r3c5: 'X' is not a digit of a 9x9 sudoku"
    )


def test_solve_a_puzzle_argument_in_a_subprocess():
    result = clew_cmd("sudoku", "solve", LEETCODE, "--format", "grid")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == sudoku.Grid(LEETCODE_SOLVED).to_text() + "\n"


# ---------------------------------------------------------------------------------------------
# 5. hint and explain check the puzzle first, as rate does
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["hint", "explain"])
@pytest.mark.parametrize(
    "puzzle, reason",
    [(NO_SOLUTION, "this puzzle has no solution"), (SEVERAL, "not unique (at least 2 solutions)")],
)
def test_hint_and_explain_refuse_a_puzzle_that_is_not_proper(capsys, command, puzzle, reason):
    status, out, err = run_in_process(capsys, "sudoku", command, puzzle)
    assert (status, out) == (cli.EXIT_FAILURE, "")
    assert err.count("\n") == 1 and err.startswith("clew: ") and reason in err, err


def test_hint_and_explain_of_the_library_raise_what_rate_raises():
    for function in (sudoku.hint, sudoku.explain, sudoku.rate):
        with pytest.raises(NotProperError, match="this puzzle has no solution") as info:
            function(NO_SOLUTION)
        assert info.value.solutions == 0
        with pytest.raises(NotProperError, match=r"not unique \(at least 2 solutions\)") as info:
            function(SEVERAL)
        assert info.value.solutions == 2
    assert sudoku.hint(FOUR).text == "Hidden single: in box 1, 3 fits only in r2c2, so r2c2 = 3."


def test_a_hint_still_answers_a_proper_puzzle_and_a_solved_grid(capsys):
    assert run_in_process(capsys, "sudoku", "hint", FOUR) == (
        0,
        "Hidden single: in box 1, 3 fits only in r2c2, so r2c2 = 3.\n",
        "",
    )
    # a solved grid is an answer (status 0), not "none"
    assert run_in_process(capsys, "sudoku", "hint", LEETCODE_SOLVED) == (
        0,
        "the grid is solved\n",
        "",
    )
    status, out, err = run_in_process(
        capsys, "sudoku", "hint", "11" + "." * 14
    )  # bad input is still 2
    assert_one_line_usage_error(status, out, err, "r1c1 and r1c2 are both 1 in row 1")


# ---------------------------------------------------------------------------------------------
# 6. hints for apps: --format json
# ---------------------------------------------------------------------------------------------


def test_hint_json(capsys):
    status, out, err = run_in_process(capsys, "sudoku", "hint", LEETCODE, "--format", "json")
    assert (status, err) == (0, "") and out.count("\n") == 1
    step = json.loads(out)
    assert step == sudoku.hint(LEETCODE).to_dict()
    assert step["technique"] == "Hidden single" and step["rating"] == 1.2 and step["n"] == 9
    assert step["placements"] == [{"index": 5, "name": "r1c6", "digit": 8}]
    assert step["cells"] == [{"index": 5, "name": "r1c6"}] and step["digits"] == [8]
    assert step["text"] == "Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8."


def test_explain_json(capsys):
    status, out, err = run_in_process(capsys, "sudoku", "explain", FOUR, "-f", "json")
    assert (status, err) == (0, "")
    record = json.loads(out)
    assert record["puzzle"] == FOUR and record["solved"] is True and record["stuck"] is None
    assert record["grid"] == "1234432124133142"
    assert [s["text"] for s in record["steps"]] == [s.text for s in sudoku.explain(FOUR)]
    assert all(p["name"] and 0 <= p["index"] < 16 for s in record["steps"] for p in s["placements"])


def test_explain_json_when_logic_gets_stuck(capsys, monkeypatch):
    # SE's chains solve this top1465 puzzle: cut the techniques to the singles to get stuck
    from clew.sudoku.logic import solver as logic
    from clew.sudoku.logic import state

    monkeypatch.setattr(
        state,
        "_FINDERS",
        tuple(f for f in state.FINDERS if f[0] in ("Full house", "Hidden single")),
    )
    hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    status, out, err = run_in_process(capsys, "sudoku", "explain", hard, "--format", "json")
    record = json.loads(out)
    assert (
        status == 1
        and record["solved"] is False
        and record["stuck"] == "no technique applies: the rest is beyond clew's techniques"
    )
    assert "stuck after" in err
    # hint where no technique applies: status 1, the reason, nothing on stdout
    stuck = logic.solve_logically(hard).grid.to_line()
    assert run_in_process(capsys, "sudoku", "hint", stuck) == (
        1,
        "",
        "clew: no technique applies: the rest is beyond clew's techniques\n",
    )


# ---------------------------------------------------------------------------------------------
# 7. help that tells the truth
# ---------------------------------------------------------------------------------------------


def test_generate_that_runs_out_of_attempts_says_what_to_do_and_exits_1(capsys):
    status, out, err = run_in_process(
        capsys,
        "sudoku",
        "generate",
        "--difficulty",
        "hard",
        "--attempts",
        "1",
        "--seed",
        "1",
        "--jobs",
        "1",
    )
    assert (status, out) == (cli.EXIT_FAILURE, "")
    assert err.count("\n") == 1 and "no hard 9x9 puzzle in 1 attempt:" in err
    assert "--difficulty" in err and "--attempts" in err and "raise attempts" not in err
    status, out, err = run_in_process(
        capsys,
        "sudoku",
        "generate",
        "--size",
        "4",
        "--difficulty",
        "medium",
        "--attempts",
        "2",
        "--jobs",
        "1",
    )
    assert status == cli.EXIT_FAILURE and "--size 9" in err and "--difficulty easy" in err
    status, out, err = run_in_process(capsys, "sudoku", "generate", "--attempts", "5")
    assert_one_line_usage_error(
        status, out, err, "'--attempts'", "applies to --difficulty and --rating only"
    )


def test_the_library_message_names_its_own_argument():
    with pytest.raises(
        sudoku.DifficultyNotReachedError, match=r"another difficulty, or .* attempts="
    ) as info:
        sudoku.generate(4, difficulty="hard", attempts=2, seed=1)
    assert (info.value.level, info.value.attempts) == ("hard", 2)


def test_dask_help_shows_its_required_value(capsys):
    status, out, _ = run_in_process(capsys, "queens", "count", "--help")
    assert status == 0 and "--dask local " in out and "[local]" not in out


# ---------------------------------------------------------------------------------------------
# 10. the rest
# ---------------------------------------------------------------------------------------------


def test_license_file():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "Copyright (c) 2026 the clew authors" in text
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_cover_solve_says_no_solution(monkeypatch, capsys):
    feed_stdin(monkeypatch, "a b\na\n")
    assert run_in_process(capsys, "cover", "solve") == (cli.EXIT_FAILURE, "", "clew: no solution\n")
    feed_stdin(monkeypatch, "a b\na\n")
    assert run_in_process(capsys, "cover", "solve", "--count") == (cli.EXIT_OK, "0\n", "")


@pytest.mark.parametrize("command", ["solve", "rate"])
def test_empty_stdin_says_no_puzzle_was_read(command):
    result = subprocess.run(
        [sys.executable, "-m", "clew", "sudoku", command],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        encoding="utf-8",
        env=ENV,
        timeout=120,
    )
    # no puzzle at all is bad input (docs/contract.md): status 2, one line
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "clew: error: read no puzzle from <stdin>: it is empty\n"


def test_only_comments_say_so(monkeypatch, capsys):
    feed_stdin(monkeypatch, "# nothing here\n\n")
    assert run_in_process(capsys, "sudoku", "rate") == (
        2,
        "",
        "clew: error: read no puzzle from <stdin>: only blank lines and comments\n",
    )


def test_line_numbers(monkeypatch, capsys):
    text = f"# a comment\n{LEETCODE}\n\n{SEVERAL}\n12\n"
    feed_stdin(monkeypatch, text)
    status, out, _ = run_in_process(capsys, "sudoku", "solve", "--unique", "--line-numbers")
    assert status == cli.EXIT_USAGE
    assert out.splitlines() == [
        f"2: {LEETCODE_SOLVED}",
        "4: not unique",
        "5: invalid: a sudoku has n*n cells for a side n of 4 to 25 (16 for 4x4, 36 for 6x6, "
        "81 for 9x9, ...), got 2",
    ]
    feed_stdin(monkeypatch, text)
    out = run_in_process(capsys, "sudoku", "solve", "--count", "--line-numbers")[1]
    assert out.splitlines()[:2] == ["2: 1 solution", "4: 72 solutions"]
    feed_stdin(monkeypatch, text)
    out = run_in_process(capsys, "sudoku", "rate", "--line-numbers")[1]
    assert out.splitlines()[0] == "2: 1.2/1.2/1.2 easy Hidden single"
    assert out.splitlines()[1].startswith("4: invalid: this puzzle is not unique")
    for command in ("solve", "rate"):
        status, out, err = run_in_process(
            capsys, "sudoku", command, LEETCODE, "--line-numbers", "-f", "json"
        )
        assert_one_line_usage_error(status, out, err, "'--line-numbers'", "--format line only")


@pytest.mark.parametrize("command", ["solve", "rate"])
@pytest.mark.parametrize(
    "symbols, fragment",
    [
        ("123", "'123' has 3 symbols"),
        ("1123456789", "repeat a character"),
        ("12345678.", "a blank or a separator"),
    ],
)
def test_a_bad_alphabet_is_one_usage_error(monkeypatch, capsys, command, symbols, fragment):
    feed_stdin(monkeypatch, f"{LEETCODE}\n{LEETCODE}\n")
    status, out, err = run_in_process(capsys, "sudoku", command, "--symbols", symbols)
    assert_one_line_usage_error(status, out, err, "'--symbols'", fragment)


def test_numpy_arrays_and_lists_of_numbers():
    grid = sudoku.Grid(LEETCODE)
    cells = grid.to_array()
    for puzzle in (
        cells.astype(np.float64),
        cells.astype(np.float32),
        cells.astype(np.int64),
        cells.ravel().astype(float),
        cells.tolist(),
        [float(v) for v in cells.ravel()],
        list(cells.ravel().astype(np.float32)),
    ):
        assert sudoku.Grid(puzzle) == grid
        assert str(sudoku.solve(puzzle)) == LEETCODE_SOLVED
    bad = cells.astype(float)
    bad[2, 4] = 2.5
    with pytest.raises(sudoku.PuzzleFormatError, match=r"^r3c5: 2\.5 is not a whole number"):
        sudoku.solve(bad)
    with pytest.raises(sudoku.PuzzleFormatError, match=r"^r1c3: nan is not a whole number"):
        sudoku.solve(np.where(cells == 0, np.nan, cells))


#: OEIS A002562, n = 1..11
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341]


@pytest.mark.parametrize("n", range(1, 12))
def test_queens_solve_unique_lists_the_fundamental_solutions(capsys, n):
    status, out, err = run_in_process(capsys, "queens", "solve", n, "--unique")
    # no solution (n = 2, 3) is the answer "none": status 1 and one line
    assert (status, err) == (
        (0, "")
        if A002562[n - 1]
        else (
            1,
            f"clew: no solution exists for n = {n}: {n} queens always attack each other on a "
            f"{n}x{n} board\n",
        )
    )
    found = [tuple(map(int, line.split())) for line in out.splitlines()]
    assert len(found) == A002562[n - 1] and found == sorted(found)

    def images(p):
        inverse = [0] * n
        for r, c in enumerate(p):
            inverse[c] = r
        for q in (list(p), inverse):
            yield from (
                tuple(q),
                tuple(n - 1 - c for c in q),
                tuple(q[::-1]),
                tuple(n - 1 - c for c in q[::-1]),
            )

    classes = set()
    for p in found:
        orbit = set(images(p))
        assert p == min(orbit)  # the canonical representative
        classes.add(frozenset(orbit))
    assert len(classes) == len(found)


def test_queens_solve_unique_formats_and_any_order(capsys):
    status, out, _ = run_in_process(
        capsys, "queens", "solve", "8", "--unique", "--any-order", "-f", "json"
    )
    assert status == 0 and len(out.splitlines()) == 12 and json.loads(out.splitlines()[0])["n"] == 8
    assert run_in_process(capsys, "queens", "solve", "8", "--unique", "--limit", "1") == (
        0,
        "0 4 7 5 2 6 1 3\n",
        "",
    )


def test_readme_names_every_dependency_and_the_test_time():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    install = readme[: readme.index("## Contents")]
    for package in ("numpy", "numba", "click", "rich"):
        assert package in install
    assert "several minutes" in install and "LICENSE" in install
