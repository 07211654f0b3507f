"""``clew sudoku``: solve and show; generate, rate, hint and explain, through the real entry
point and in-process through :func:`clew.cli.run` (traces and players are tested in
tests/viz)."""

from __future__ import annotations

import json

import pytest

from clew import cli, sudoku
from clew.sudoku.logic.solver import rate
from helpers.cli import DATA, LEETCODE, LEETCODE_SOLVED, clew_cmd, feed_stdin, run_in_process

SIXTEEN = sudoku.Grid(
    "".join(sudoku.DIGITS[(4 * (r % 4) + r // 4 + c) % 16] for r in range(16) for c in range(16))
)
SIXTEEN_PUZZLE = "." * 20 + SIXTEEN.to_line()[20:]

#: A file with every kind of line: (line as written, expected answer in the line format)
#: "1..............." has 72 solutions: the CLI prints the one the library finds first
ONE_OF_72 = sudoku.solve("1...............").to_line()
MIXED = [
    ("# puzzles of every size, and some that are not puzzles", None),
    (LEETCODE, LEETCODE_SOLVED),
    ("", None),
    ("1...............", ONE_OF_72),
    ("11..............", "invalid: r1c1 and r1c2 are both 1 in row 1"),
    (
        LEETCODE[:-1],
        "invalid: a sudoku has n*n cells for a side n of 4 to 25 (16 for 4x4, 36 for 6x6, "
        "81 for 9x9, ...), got 80",
    ),
    ("  # an indented comment", None),
    (LEETCODE[:22] + "X" + LEETCODE[23:], "invalid: r3c5: 'X' is not a digit of a 9x9 sudoku"),
    ("2...3.2......4..", "no solution"),
    (SIXTEEN_PUZZLE, SIXTEEN.to_line()),
    (" ".join(LEETCODE), LEETCODE_SOLVED),
]
MIXED_TEXT = "\r\n".join(line for line, _ in MIXED) + "\r\n"
MIXED_ANSWERS = [answer for _, answer in MIXED if answer is not None]


def test_sudoku_solve_mixed_file(tmp_path):
    assert sudoku.is_solution(ONE_OF_72, "1...............")
    path = tmp_path / "mixed.txt"
    path.write_bytes(MIXED_TEXT.encode())
    result = clew_cmd("sudoku", "solve", path)
    assert result.stdout.splitlines() == MIXED_ANSWERS
    assert result.returncode == cli.EXIT_USAGE  # some lines were not valid puzzles
    assert result.stderr == "clew: error: 8 puzzles: 3 invalid, 1 without a solution\n"


def test_sudoku_solve_stdin_exit_statuses():
    good = f"{LEETCODE}\n..3.4.........42\n"
    result = clew_cmd("sudoku", "solve", "--unique", input=good)
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"{LEETCODE_SOLVED}\n1234432124133142\n",
        "",
    )
    result = clew_cmd(
        "sudoku", "solve", "-", "--unique", input=good + "1...............\n2...3.2......4..\n"
    )
    assert result.returncode == cli.EXIT_FAILURE
    assert result.stdout.splitlines()[2:] == ["not unique", "no solution"]
    assert result.stderr == "clew: 4 puzzles: 1 without a solution, 1 not unique\n"


def test_sudoku_solve_samples_on_a_pool():
    # both 200-puzzle samples (CRLF, comments): 400 puzzles, enough to start the workers
    data = (DATA / "sudoku_17_clue_sample.txt").read_text() + (
        DATA / "sudoku_top1465_sample.txt"
    ).read_text()
    result = clew_cmd(
        "sudoku", "solve", "-", "--unique", "--jobs", "2", "--format", "json", input=data
    )
    assert result.returncode == 0 and result.stderr == ""
    records = [json.loads(line) for line in result.stdout.splitlines()]
    expected = {}
    for line in (DATA / "sudoku_sample_solutions.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            puzzle, count, solution = line.split(":")
            expected[puzzle] = solution
    assert [r["puzzle"] for r in records] == [
        p for p in (line.strip() for line in data.splitlines()) if p and p[0] != "#"
    ]
    assert len(records) == 400
    for record in records:
        assert record["status"] == "unique" and record["solution"] == expected[record["puzzle"]]
    numbers = [r["line"] for r in records]
    assert numbers[0] == 6 and all(a < b for a, b in zip(numbers, numbers[1:], strict=False))


def test_sudoku_show():
    result = clew_cmd("sudoku", "show", LEETCODE)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == sudoku.Grid(LEETCODE).to_text() + "\n"
    assert result.stdout.splitlines()[:4] == [
        "5 3 . | . 7 . | . . .",
        "6 . . | 1 9 5 | . . .",
        ". 9 8 | . . . | . 6 .",
        "------+-------+------",
    ]


@pytest.mark.parametrize(
    "args, expected",
    [
        (
            ["--count"],
            [
                "1 solution",
                "72 solutions",
                "invalid: r1c1",
                "invalid: a sudoku",
                "invalid: r3c5",
                "0 solutions",
                "1 solution",
                "1 solution",
            ],
        ),
        (["--count", "--limit", "10"], ["1 solution", "at least 10 solutions"]),
        (["--count", "-l", "1"], ["at least 1 solution", "at least 1 solution"]),
        (
            ["--unique"],
            [
                LEETCODE_SOLVED,
                "not unique",
                "invalid: r1c1",
                "invalid: a sudoku",
                "invalid: r3c5",
                "no solution",
            ],
        ),
    ],
)
def test_sudoku_solve_modes_in_process(monkeypatch, capsys, tmp_path, args, expected):
    path = tmp_path / "mixed.txt"
    path.write_bytes(MIXED_TEXT.encode())
    status, out, err = run_in_process(capsys, "sudoku", "solve", path, *args)
    lines = out.splitlines()
    assert len(lines) == 8 and status == cli.EXIT_USAGE
    assert all(line.startswith(prefix) for line, prefix in zip(lines, expected, strict=False))
    assert err.count("\n") == 1 and "3 invalid" in err


def test_sudoku_solve_formats_in_process(capsys, tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_bytes(MIXED_TEXT.encode())
    status, out, _ = run_in_process(capsys, "sudoku", "solve", path, "-f", "json")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [2, 4, 5, 6, 8, 9, 10, 11]
    assert records[0] == {
        "line": 2,
        "puzzle": LEETCODE,
        "status": "solved",
        "solution": LEETCODE_SOLVED,
    }
    assert records[2] == {
        "line": 5,
        "puzzle": "11..............",
        "status": "invalid",
        "solution": None,
        "error": "r1c1 and r1c2 are both 1 in row 1",
    }
    assert records[5]["status"] == "no solution" and records[5]["solution"] is None
    status, out, _ = run_in_process(capsys, "sudoku", "solve", path, "--count", "--format", "json")
    records = [json.loads(line) for line in out.splitlines()]
    assert records[1] == {
        "line": 4,
        "puzzle": "1...............",
        "status": "counted",
        "count": 72,
        "exact": True,
    }
    assert records[2]["count"] is None and records[2]["exact"] is None and records[2]["error"]
    status, out, _ = run_in_process(capsys, "sudoku", "solve", path, "--format", "grid")
    blocks = out.split("\n\n")
    assert len(blocks) == 8 and out.endswith("\n") and not out.endswith("\n\n")
    assert blocks[0] == sudoku.Grid(LEETCODE_SOLVED).to_text()
    assert blocks[2] == "invalid: r1c1 and r1c2 are both 1 in row 1" and blocks[5] == "no solution"
    assert blocks[6] == SIXTEEN.to_text()


def test_sudoku_solve_count_stops_at_the_default_limit(monkeypatch, capsys):
    import clew.sudoku.files.solve

    monkeypatch.setattr(clew.sudoku.files.solve, "MAX_COUNT", 100)  # what a file's count stops at
    feed_stdin(monkeypatch, "." * 16 + "\n" + "1" + "." * 15 + "\n")
    status, out, err = run_in_process(capsys, "sudoku", "solve", "--count")
    assert (status, out, err) == (0, "at least 100 solutions\n72 solutions\n", "")


def test_sudoku_solve_all_good_exits_0(monkeypatch, capsys):
    feed_stdin(monkeypatch, f"# two\n{LEETCODE}\n\n{LEETCODE.replace('.', '0')}")
    status, out, err = run_in_process(capsys, "sudoku", "solve")
    assert (status, out, err) == (0, f"{LEETCODE_SOLVED}\n{LEETCODE_SOLVED}\n", "")


def test_sudoku_solve_symbols(monkeypatch, capsys):
    hexa = "0123456789ABCDEF"
    puzzle = "".join("." if ch == "." else hexa[sudoku.DIGITS.index(ch)] for ch in SIXTEEN_PUZZLE)
    feed_stdin(monkeypatch, puzzle + "\n")
    status, out, err = run_in_process(capsys, "sudoku", "solve", "--symbols", hexa)
    assert (status, err) == (0, "")
    assert out == "".join(hexa[sudoku.DIGITS.index(ch)] for ch in SIXTEEN.to_line()) + "\n"


def test_sudoku_solve_empty_input(monkeypatch, capsys):
    # an input with no puzzle is bad input (issue 25: it exited 0)
    feed_stdin(monkeypatch, "# nothing here\n\n")
    assert run_in_process(capsys, "sudoku", "solve") == (
        2,
        "",
        "clew: error: read no puzzle from <stdin>: only blank lines and comments\n",
    )


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["--count", "--unique"], ["use --count or --unique, not both"]),
        (["--limit", "5"], ["'--limit'", "applies to --count only"]),
        (["--count", "--format", "grid"], ["'--format'", "use --format line or json"]),
        (["--count", "--limit", "0"], ["'-l' / '--limit'", "must be at least 1, got 0"]),
        (["--jobs", "0"], ["'-j' / '--jobs'", "must be at least 1, got 0"]),
        (["--format", "board"], ["'-f' / '--format'"]),
        (["--symbols", "0012"], ["symbols '0012' repeat a character"]),
        (["/no/such/file.txt"], ["'/no/such/file.txt'", "no such file", "not a puzzle"]),
    ],
)
def test_sudoku_solve_usage_errors(monkeypatch, capsys, args, fragments):
    feed_stdin(monkeypatch, LEETCODE + "\n")
    status, out, err = run_in_process(capsys, "sudoku", "solve", *args)
    assert (status, out) == (cli.EXIT_USAGE, "")
    assert err.count("\n") == 1 and err.startswith("clew: error: ")
    for fragment in fragments:
        assert fragment in err


def test_sudoku_solve_a_directory(capsys, tmp_path):
    status, out, err = run_in_process(capsys, "sudoku", "solve", tmp_path)
    assert (
        (status, out) == (cli.EXIT_USAGE, "") and "is a directory" in err and err.count("\n") == 1
    )


def test_sudoku_show_in_process(monkeypatch, capsys):
    status, out, err = run_in_process(capsys, "sudoku", "show", LEETCODE, "--format", "line")
    assert (status, out, err) == (0, LEETCODE + "\n", "")
    feed_stdin(monkeypatch, sudoku.Grid(LEETCODE).to_text())
    assert run_in_process(capsys, "sudoku", "show", "-", "-f", "line") == (0, LEETCODE + "\n", "")
    status, out, err = run_in_process(capsys, "sudoku", "show", "11" + "." * 14)
    assert status == 0 and out.startswith("1 1 | . .")
    assert err == "clew: warning: r1c1 and r1c2 are both 1 in row 1: this puzzle has no solution\n"
    status, out, err = run_in_process(capsys, "sudoku", "show", LEETCODE[:-1])
    assert (status, out) == (cli.EXIT_USAGE, "")
    assert (
        err
        == "clew: error: a sudoku has n*n cells for a side n of 4 to 25 (16 for 4x4, 36 for 6x6, "
        "81 for 9x9, ...), got 80\n"
    )


# ---------------------------------------------------------------------------------------------
# clew sudoku generate | rate | hint | explain
# ---------------------------------------------------------------------------------------------


def slow_clew(*args, input=None):
    """``clew ARGS`` in a subprocess, with time for a pool of generators on a busy machine."""
    return clew_cmd(*args, input=input, timeout=300)


def test_generate_proper_reproducible_puzzles():
    first = slow_clew("sudoku", "generate", "--count", "6", "--seed", "7", "--jobs", "1")
    again = slow_clew("sudoku", "generate", "--count", "6", "--seed", "7", "--jobs", "2")
    assert first.returncode == 0 and first.stderr == ""
    lines = first.stdout.splitlines()
    assert len(lines) == 6 and again.stdout == first.stdout  # same seed, any number of workers
    for line in lines:
        assert len(line) == 81 and sudoku.count(line, limit=2) == 1  # checked again here
    other = slow_clew("sudoku", "generate", "--count", "6", "--seed", "8", "--jobs", "1")
    assert other.stdout != first.stdout


def test_generate_options_and_json():
    result = slow_clew(
        "sudoku",
        "generate",
        "--size",
        "4",
        "--symmetry",
        "rotational",
        "--seed",
        "1",
        "--format",
        "json",
        "--difficulty",
        "easy",
        "--jobs",
        "1",
    )
    record = json.loads(result.stdout)
    puzzle = record["puzzle"]
    assert len(puzzle) == 16 and sudoku.count(puzzle, limit=2) == 1
    assert sudoku.is_solution(record["solution"], puzzle) and record["level"] == "easy"
    assert all(
        (puzzle[i] == ".") == (puzzle[15 - i] == ".") for i in range(16)
    )  # half-turn symmetric
    grid = slow_clew(
        "sudoku", "generate", "--size", "4", "--seed", "1", "--format", "grid", "--jobs", "1"
    )
    assert "----+----" in grid.stdout
    bad = slow_clew("sudoku", "generate", "--size", "5")
    assert bad.returncode == 2 and "--size" in bad.stderr


def test_rate_a_file_with_bad_lines(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(f"# a comment\r\n{LEETCODE}\r\n1...............\r\n\r\n12\r\n")
    result = slow_clew("sudoku", "rate", path)
    out = result.stdout.splitlines()
    expected = rate(LEETCODE)
    assert (
        out[0] == f"{expected.er:.1f}/{expected.ep:.1f}/{expected.ed:.1f} {expected.level} "
        f"{expected.hardest}"
    )
    assert (
        out[1]
        == "invalid: this puzzle is not unique (at least 2 solutions): a rating needs exactly one"
    )
    assert out[2].startswith("invalid: a sudoku has n*n cells")
    # the worst line's status: one line is not a puzzle (2); the not unique one has no rating (1)
    assert result.returncode == 2
    assert (
        result.stderr
        == f"clew: error: 2 lines of {path} could not be rated: 1 not a puzzle, 1 without a "
        "rating\n"
    )
    records = [
        json.loads(x)
        for x in slow_clew(
            "sudoku", "rate", "--format", "json", input=f"{LEETCODE}\n"
        ).stdout.splitlines()
    ]
    assert (
        records[0]["level"] == expected.level
        and records[0]["line"] == 1
        and records[0]["stuck"] is False
    )
    assert (records[0]["er"], records[0]["ep"], records[0]["ed"], records[0]["score"]) == (
        1.2,
        1.2,
        1.2,
        1.2,
    )


def test_hint_and_explain():
    result = slow_clew("sudoku", "hint", LEETCODE)
    assert (
        result.returncode == 0
        and result.stdout == "Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8.\n"
    )
    result = slow_clew("sudoku", "explain", LEETCODE)
    lines = result.stdout.splitlines()
    assert lines[0] == "1. [1.2] Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8."
    assert "\n".join(lines[-11:]) == sudoku.solve(LEETCODE).to_text() and result.returncode == 0
    assert len(lines) - 11 == 51  # one step per empty cell: singles only
    solved = str(sudoku.solve(LEETCODE))
    result = slow_clew("sudoku", "hint", solved)  # an answer, not a failure (issue 25: it exited 1)
    assert (result.returncode, result.stdout, result.stderr) == (0, "the grid is solved\n", "")
    # a puzzle where logic gets stuck: tests/cli/test_cli_first_impressions.py (in-process, with
    # the techniques cut to the singles: SE's chains solve every puzzle at hand)


# ---------------------------------------------------------------------------------------------
# The contract of every family (issue 25)
# ---------------------------------------------------------------------------------------------

PROPER = "..3.4.........42"


@pytest.fixture
def inputs(tmp_path):
    made = {
        "empty.txt": b"",
        "comments.txt": b"# nothing\n\n",
        "binary.txt": b"\x00\xff\xfe\x81garbage",
        "unsolvable.txt": b"2...3.2......4..\n",
        "mixed.txt": f"{PROPER}\n2...3.2......4..\n".encode(),
        "proper.txt": f"{PROPER}\n".encode(),
    }
    for name, data in made.items():
        (tmp_path / name).write_bytes(data)
    return tmp_path


@pytest.mark.parametrize(
    "args, status",
    [
        (["solve", "{proper.txt}"], 0),
        (["solve", "{unsolvable.txt}"], 1),
        (["solve", "{mixed.txt}"], 1),
        (["solve", "{empty.txt}"], 2),  # exited 0 before issue 25
        (["solve", "{comments.txt}"], 2),
        (["solve", "{binary.txt}"], 2),
        (["solve", "{proper.txt}", "--count", "--limit", "0"], 2),
        (["solve", "{proper.txt}", "--jobs", "all"], 0),
        (["rate", "{proper.txt}"], 0),
        (["rate", "{unsolvable.txt}"], 1),  # exited 2 before issue 25: a puzzle without a rating
        (["rate", "{mixed.txt}"], 1),
        (["rate", "{empty.txt}"], 2),  # exited 0 before issue 25
        (["rate", "{binary.txt}"], 2),  # rated as an 18x18 sudoku before issue 25
        (["rate", "{proper.txt}", "--jobs", "all"], 0),
        (["hint", "1234341221434321"], 0),  # exited 1 before issue 25
        (["hint", "2...3.2......4.."], 1),
        (["explain", "2...3.2......4.."], 1),
        (["generate", "--size", "4", "--seed", "1", "--jobs", "all"], 0),
    ],
)
def test_exit_statuses_follow_the_table(capsys, inputs, args, status):
    line = [str(inputs / a[1:-1]) if a.startswith("{") else a for a in args]
    got, out, err = run_in_process(capsys, "sudoku", *line)
    assert got == status, (line, out, err)
    if status == 2:
        assert err.splitlines()[-1].startswith("clew: error: ") and "Traceback" not in err


def test_a_binary_input_is_one_error_on_every_command(capsys, inputs, monkeypatch):
    path = inputs / "binary.txt"
    for command in ("solve", "rate"):
        status, out, err = run_in_process(capsys, "sudoku", command, path)
        assert (status, out) == (2, "") and "not UTF-8 text" in err and err.count("\n") == 1
    for command in ("hint", "explain", "show", "trace"):
        monkeypatch.setattr(
            "sys.stdin", __import__("io").TextIOWrapper(__import__("io").BytesIO(path.read_bytes()))
        )
        status, out, err = run_in_process(capsys, "sudoku", command, "-")
        assert (status, out) == (2, "") and "not UTF-8 text" in err, command


def test_a_solved_grid_gets_an_answer(capsys):
    solved = "1234341221434321"
    assert run_in_process(capsys, "sudoku", "hint", solved) == (0, "the grid is solved\n", "")
    assert run_in_process(capsys, "sudoku", "hint", solved, "--json") == (0, "null\n", "")


def test_a_jigsaw_is_drawn_with_its_own_shape(capsys):
    # issue 25: the CLI rebuilt the grid from the answer with only box=, and drew 3x3 boxes
    g = sudoku.generate(variant="jigsaw", seed=1)
    status, out, err = run_in_process(
        capsys, "sudoku", "solve", g.to_dict()["puzzle"], "--format", "grid"
    )
    assert (status, err) == (0, "")
    assert out.strip() == g.solution.to_text() and "|" not in out and "+" not in out


@pytest.mark.parametrize("command", ["solve", "rate", "hint", "explain", "generate"])
def test_every_printing_command_takes_format_json(command):
    from clew.cli.sudoku import sudoku as group

    cmd = group.get_command(None, command)
    options = {opt: p for p in cmd.params for opt in p.opts}
    assert "json" in options["--format"].type.choices and "--json" in options


def test_generate_help_lists_the_json_fields_it_prints(capsys):
    # issue 25: the help listed four fields, the output had seven
    import re

    status, help_text, _ = run_in_process(capsys, "sudoku", "generate", "--help")
    text = " ".join(help_text.split())
    listed = re.findall(r'"(\w+)"', text[text.index("json: one object per puzzle") :])
    assert tuple(listed) == sudoku.Generated.FIELDS + sudoku.Generated.RATED_FIELDS
    for extra, fields in (([], sudoku.Generated.FIELDS), (["--difficulty", "easy"], listed)):
        status, out, _ = run_in_process(
            capsys, "sudoku", "generate", "--size", "4", "--seed", "1", "--json", *extra
        )
        assert status == 0 and list(json.loads(out)) == list(fields)


def test_group_help_names_the_registries_shapes_and_variants(capsys):
    # issue 25: the help said "k^2 x k^2: 4x4, 9x9, 16x16 and 25x25" and named no variant
    from clew.sudoku.shape import MAX_SIDE, MIN_SIDE, SIZES, VARIANT_RULES

    status, out, _ = run_in_process(capsys, "sudoku", "--help")
    text = " ".join(out.split())
    assert status == 0 and f"sides {MIN_SIDE} to {MAX_SIDE}" in text
    assert all(f"{n}x{n}" in text for n in SIZES.values())
    assert all(f"{name} (" in text for name in VARIANT_RULES), [
        n for n in VARIANT_RULES if f"{n} (" not in text
    ]


def test_the_command_modules_are_thin():
    import ast
    from pathlib import Path

    import clew.cli

    for name in ("sudoku.py", "_sudoku_logic.py"):
        tree = ast.parse((Path(clew.cli.__file__).parent / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [getattr(node, "module", None) or ""] + [a.name for a in node.names]
                assert not any("_kernels" in n for n in names), (name, node.lineno)
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "command":
                keywords = {k.arg for k in node.keywords}
                assert not keywords & {"context_settings"}, (name, node.lineno)
                if isinstance(node.func.value, ast.Name) and node.func.value.id == "sudoku":
                    assert "cls" not in keywords, (name, node.lineno)
