"""``clew sudoku generate | rate | hint | explain`` through the real entry point."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from clew import sudoku
from clew.sudoku.logic import rate

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8"}
LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def clew(*args, input=None):
    result = subprocess.run([sys.executable, "-m", "clew", *map(str, args)], capture_output=True, encoding="utf-8", env=ENV, input=input, timeout=300)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def test_generate_proper_reproducible_puzzles():
    first = clew("sudoku", "generate", "--count", "6", "--seed", "7", "--jobs", "1")
    again = clew("sudoku", "generate", "--count", "6", "--seed", "7", "--jobs", "2")
    assert first.returncode == 0 and first.stderr == ""
    lines = first.stdout.splitlines()
    assert len(lines) == 6 and again.stdout == first.stdout  # same seed, any number of workers
    for line in lines:
        assert len(line) == 81 and sudoku.count(line, limit=2) == 1  # checked again here
    other = clew("sudoku", "generate", "--count", "6", "--seed", "8", "--jobs", "1")
    assert other.stdout != first.stdout


def test_generate_options_and_json():
    result = clew("sudoku", "generate", "--size", "4", "--symmetry", "rotational", "--seed", "1", "--format", "json", "--difficulty", "easy", "--jobs", "1")
    record = json.loads(result.stdout)
    puzzle = record["puzzle"]
    assert len(puzzle) == 16 and sudoku.count(puzzle, limit=2) == 1
    assert sudoku.is_solution(record["solution"], puzzle) and record["level"] == "easy"
    assert all((puzzle[i] == ".") == (puzzle[15 - i] == ".") for i in range(16))  # half-turn symmetric
    grid = clew("sudoku", "generate", "--size", "4", "--seed", "1", "--format", "grid", "--jobs", "1")
    assert "----+----" in grid.stdout
    bad = clew("sudoku", "generate", "--size", "5")
    assert bad.returncode == 2 and "--size" in bad.stderr


def test_rate_a_file_with_bad_lines(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(f"# a comment\r\n{LEET}\r\n1...............\r\n\r\n12\r\n")
    result = clew("sudoku", "rate", path)
    out = result.stdout.splitlines()
    expected = rate(LEET)
    assert out[0] == f"{expected.score:.1f} {expected.level} {expected.hardest}"
    assert out[1] == "invalid: this puzzle has 2 or more solutions: a rating needs exactly one"
    assert out[2].startswith("invalid: a sudoku has 16, 81")
    assert result.returncode == 2 and result.stderr == f"clew: 2 lines of {path} could not be rated\n"
    records = [json.loads(x) for x in clew("sudoku", "rate", "--format", "json", input=f"{LEET}\n").stdout.splitlines()]
    assert records[0]["level"] == expected.level and records[0]["line"] == 1 and records[0]["stuck"] is False


def test_hint_and_explain():
    result = clew("sudoku", "hint", LEET)
    assert result.returncode == 0 and result.stdout == "Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8.\n"
    result = clew("sudoku", "explain", LEET)
    lines = result.stdout.splitlines()
    assert lines[0] == "1. [1.2] Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8."
    assert "\n".join(lines[-11:]) == sudoku.solve(LEET).to_text() and result.returncode == 0
    assert len(lines) - 11 == 51  # one step per empty cell: singles only
    solved = str(sudoku.solve(LEET))
    result = clew("sudoku", "hint", solved)
    assert result.returncode == 1 and result.stderr == "the puzzle is solved\n"
    hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    result = clew("sudoku", "explain", hard)  # top1465: logic alone gets stuck
    assert result.returncode == 1 and "stuck after" in result.stderr
