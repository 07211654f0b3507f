"""``clew queens``: count, solve, one, complete, through the real entry point and in-process
through :func:`clew.cli.run` (the pictures and players are tested in tests/viz)."""

from __future__ import annotations

import json
import sys

import click
import numpy as np
import pytest

from clew import cli, queens
from clew.cli import queens as queens_cli
from clew.queens import format as fmt
from helpers.cli import (
    BOARD_10,
    assert_usage_error,
    clew_cmd,
    feed_stdin,
    interrupted_after,
    read_columns_line,
    run_in_process,
)

# ---------------------------------------------------------------------------------------------
# clew queens count
# ---------------------------------------------------------------------------------------------


def test_count_prints_the_count_alone():
    assert clew_cmd("queens", "count", "8").stdout == "92\n"
    assert clew_cmd("queens", "count", "8", "--unique").stdout == "12\n"
    assert clew_cmd("queens", "count", "3", "-u").stdout == "0\n"


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 8, 10, 12])
def test_count_json(n, queens_counts):
    result = clew_cmd("queens", "count", n, "--unique", "--json")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.count("\n") == 1
    record = json.loads(result.stdout)
    assert set(record) == {"n", "total", "unique", "seconds"}
    assert record["n"] == n
    assert record["total"] == queens_counts.total[n]
    assert record["unique"] == queens_counts.unique[n]
    assert isinstance(record["seconds"], float) and record["seconds"] >= 0


def test_count_json_without_unique_has_null_unique():
    record = json.loads(clew_cmd("queens", "count", "9", "--json").stdout)
    assert record["total"] == 352 and record["unique"] is None


def test_count_with_the_process_pool(queens_counts):
    record = json.loads(
        clew_cmd("queens", "count", "14", "--jobs", "2", "--unique", "--json").stdout
    )
    assert (record["total"], record["unique"]) == (
        queens_counts.total[14],
        queens_counts.unique[14],
    )
    assert clew_cmd("queens", "count", "14", "-j", "1").stdout == f"{queens_counts.total[14]}\n"


# ---------------------------------------------------------------------------------------------
# clew queens solve
# ---------------------------------------------------------------------------------------------

SOLVE_4 = {
    "columns": "1 3 0 2\n2 0 3 1\n",
    "leetcode": '[".Q..","...Q","Q...","..Q."]\n["..Q.","Q...","...Q",".Q.."]\n',
    "json": '{"n": 4, "columns": [1, 3, 0, 2]}\n{"n": 4, "columns": [2, 0, 3, 1]}\n',
    "board": "□ ♛ □ ■\n■ □ ■ ♛\n♛ ■ □ ■\n■ □ ♛ □\n\n□ ■ ♛ ■\n♛ □ ■ □\n□ ■ □ ♛\n■ ♛ ■ □\n",
    "matrix": "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n\n0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n",
}


@pytest.mark.parametrize("format_", sorted(SOLVE_4))
def test_solve_4(format_):
    result = clew_cmd("queens", "solve", "4", "--format", format_)
    assert (result.returncode, result.stdout, result.stderr) == (0, SOLVE_4[format_], "")


def test_solve_default_format_is_columns():
    assert clew_cmd("queens", "solve", "4").stdout == SOLVE_4["columns"]


def test_solve_matches_the_api():
    result = clew_cmd("queens", "solve", "10")
    assert result.stdout == "".join(queens.to_columns(s) + "\n" for s in queens.solutions(10))
    result = clew_cmd("queens", "solve", "20", "--limit", "30", "-f", "json")
    lines = result.stdout.splitlines()
    assert [tuple(json.loads(line)["columns"]) for line in lines] == list(
        queens.solutions(20, limit=30)
    )


@pytest.mark.parametrize("format_", ["columns", "json"])
def test_solve_any_order_gives_the_same_solutions(format_):
    result = clew_cmd("queens", "solve", "9", "--any-order", "-f", format_)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    if format_ == "json":
        found = [tuple(json.loads(line)["columns"]) for line in lines]
    else:
        found = [tuple(int(c) for c in line.split()) for line in lines]
    assert len(found) == 352
    assert sorted(found) == list(queens.solutions(9))


def test_solve_any_order_limit_and_size():
    result = clew_cmd("queens", "solve", "12", "--any-order", "--limit", "5")
    rows = [tuple(int(c) for c in line.split()) for line in result.stdout.splitlines()]
    assert len(rows) == 5 and all(queens.is_solution(r) for r in rows)
    result = clew_cmd("queens", "solve", "33", "--any-order")
    assert result.returncode == 2 and "at most 32" in result.stderr


def test_solve_leetcode_lines_are_json():
    lines = clew_cmd("queens", "solve", "6", "-f", "leetcode").stdout.splitlines()
    assert [json.loads(line) for line in lines] == [
        queens.to_leetcode(s) for s in queens.solutions(6)
    ]


@pytest.mark.parametrize("limit, expected", [(1, 1), (3, 3), (92, 92), (1000, 92)])
def test_solve_limit(limit, expected):
    result = clew_cmd("queens", "solve", "8", "--limit", limit)
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        queens.to_columns(s) for s in queens.solutions(8, limit=expected)
    ]


def test_solve_limit_with_pictures():
    result = clew_cmd("queens", "solve", "5", "-l", "3", "-f", "matrix")
    assert (
        result.stdout
        == "\n\n".join(fmt.to_matrix_text(s) for s in queens.solutions(5, limit=3)) + "\n"
    )


@pytest.mark.parametrize("n", [2, 3])
def test_solve_without_solutions_exits_1(n):
    # answered "none": exit status 1 and one line on stderr (it was 0 and silence)
    result = clew_cmd("queens", "solve", n, "-f", "board")
    assert (result.returncode, result.stdout) == (1, "")
    assert (
        result.stderr
        == f"clew: no solution exists for n = {n}: {n} queens always attack each other on a "
        f"{n}x{n} board\n"
    )


# ---------------------------------------------------------------------------------------------
# clew queens one
# ---------------------------------------------------------------------------------------------


def test_one_columns():
    result = clew_cmd("queens", "one", "8")
    assert (result.returncode, result.stderr) == (0, "")
    cols = read_columns_line(result.stdout)
    assert cols == queens.construct(8).tolist() == [1, 3, 5, 7, 2, 0, 6, 4]
    assert queens.is_solution(cols)


def test_one_board():
    result = clew_cmd("queens", "one", "6", "--format", "board", "--method", "local", "--seed", "4")
    assert (result.returncode, result.stderr) == (0, "")
    cols = queens.local(6, 4).tolist()
    assert queens.is_solution(cols)
    assert result.stdout == fmt.to_board(cols) + "\n"


def test_one_huge_board_is_one_line():
    n = 200_003
    result = clew_cmd("queens", "one", n)
    assert (result.returncode, result.stderr) == (0, "")
    cols = read_columns_line(result.stdout)
    assert len(cols) == n
    queens.check_solution(cols, n)
    assert cols == queens.construct(n).tolist()


def test_one_without_a_solution_exits_1():
    result = clew_cmd("queens", "one", "2")
    assert (result.returncode, result.stdout) == (cli.EXIT_FAILURE, "")
    assert (
        result.stderr
        == "clew: no solution exists for n = 2: 2 queens always attack each other on a 2x2 board\n"
    )


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize(
    "args", [[], ["--format", "board"], ["-m", "local"], ["-m", "local", "-s", "1"]]
)
def test_one_without_a_solution_in_process(capsys, n, args):
    status, out, err = run_in_process(capsys, "queens", "one", n, *args)
    assert (status, out) == (cli.EXIT_FAILURE, "")
    assert (
        err == f"clew: no solution exists for n = {n}: {n} queens always attack each other on a "
        f"{n}x{n} board\n"
    )


@pytest.mark.parametrize("n", [1, 4, 5, 9, 30, 1000])
def test_one_formats_in_process(capsys, n):
    for method, seed in [("construct", None), ("local", 0), ("local", 77)]:
        args = ["queens", "one", n, "--method", method] + ([] if seed is None else ["--seed", seed])
        expected = queens.one(n, method=method, seed=seed).tolist()
        assert queens.is_solution(expected)
        status, out, err = run_in_process(capsys, *args)
        assert (status, err) == (0, "")
        assert read_columns_line(out) == expected
        status, out, err = run_in_process(capsys, *args, "-f", "board")
        assert (status, err) == (0, "")
        assert out == fmt.to_board(expected) + "\n"


def test_one_local_huge_and_random(capsys):
    status, out, _ = run_in_process(capsys, "queens", "one", 100_003, "-m", "local", "-s", 5)
    assert status == 0 and read_columns_line(out) == queens.local(100_003, 5).tolist()
    # without a seed: a random one, still a solution
    status, out, _ = run_in_process(capsys, "queens", "one", 1000, "-m", "local")
    assert status == 0 and queens.is_solution(read_columns_line(out))


@pytest.mark.parametrize("chunk", [1, 2, 7, 1 << 20])
def test_one_columns_line_in_chunks(monkeypatch, capsys, chunk):
    # the line is written in chunks of LINE_CHUNK values: it must read the same on every
    # boundary (a space between chunks, the newline only at the very end)
    from clew.queens import huge

    monkeypatch.setattr(huge, "LINE_CHUNK", chunk)
    for n in (1, 4, 5, 6, 7, 8, 13, 14, 15, 100, 1001):
        status, out, err = run_in_process(capsys, "queens", "one", n)
        assert (status, err) == (0, "")
        assert out == " ".join(str(c) for c in queens.construct(n).tolist()) + "\n"


@pytest.mark.parametrize("method, per_queen", [("construct", 16), ("local", 40)])
def test_one_out_of_memory(monkeypatch, capsys, method, per_queen):
    # a board too large for this machine's memory: one line and status 1, no traceback
    def no_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(sys.modules["clew.queens.huge"], "one", no_memory)
    status, out, err = run_in_process(capsys, "queens", "one", 10**9, "--method", method)
    assert (status, out) == (cli.EXIT_FAILURE, "")
    assert err == (
        f"clew: not enough memory to place 1000000000 queens: --method {method} needs about "
        f"{per_queen} bytes per queen ({per_queen}.0 GB)\n"
    )


@pytest.mark.slow
def test_one_ten_million():
    n = 10**7
    result = clew_cmd("queens", "one", n, timeout=300)
    assert result.returncode == 0
    cols = np.array(read_columns_line(result.stdout), dtype=np.int64)
    assert len(cols) == n and queens.is_solution(cols)


# ---------------------------------------------------------------------------------------------
# clew queens complete
# ---------------------------------------------------------------------------------------------


def brute_force(n: int, placed, blocked) -> list[tuple[int, ...]]:
    """Completions by filtering every solution of the board (the reference enumeration)."""
    from clew.queens import _reference

    return [
        s
        for s in _reference.solutions(n)
        if all(s[r] == c for r, c in placed) and all(s[r] != c for r, c in blocked)
    ]


def test_complete_prints_the_first_completion():
    result = clew_cmd(
        "queens",
        "complete",
        "8",
        "--placed",
        "0,2 1,5",
        "--blocked",
        "2,1",
        "-b",
        "3,7",
        "-m",
        "rows",
    )
    assert (result.returncode, result.stderr) == (0, "")
    cols = read_columns_line(result.stdout)
    expected = brute_force(8, [(0, 2), (1, 5)], [(2, 1), (3, 7)])
    assert tuple(cols) == expected[0]  # row by row: the lexicographically first completion


@pytest.mark.parametrize(
    "args",
    [
        ["--placed", "0,2", "--placed", "1,5", "--blocked", "2,1", "--blocked", "3,7"],
        ["--placed", "0,2 1,5", "--blocked", "2,1;3,7"],
        ["-p", "0,2; 1,5", "-b", " 2 , 1  3,7 "],
        ["-p", "0,2", "-p", "1,5;", "-b", "2,1 ;3,7", "-b", ""],
        ["-p", "+0,+2;1,5", "-b", "2,1\n3,7"],
    ],
    ids=["repeated", "lists", "spaces", "mixed", "signs-newline"],
)
@pytest.mark.parametrize("method", ["mrv", "rows"])
def test_complete_square_lists(capsys, args, method):
    expected = brute_force(8, [(0, 2), (1, 5)], [(2, 1), (3, 7)])
    status, out, err = run_in_process(
        capsys, "queens", "complete", "8", *args, "--format", "json", "--method", method
    )
    assert (status, err) == (0, "")
    record = json.loads(out)
    assert record["n"] == 8 and tuple(record["columns"]) in expected
    status, out, err = run_in_process(
        capsys, "queens", "complete", "8", *args, "--count", "--method", method
    )
    assert (status, out, err) == (0, f"{len(expected)}\n", "")


def test_complete_formats(capsys):
    first = queens.complete(5, blocked=[(0, 0)]).first.tolist()
    assert queens.is_solution(first) and first[0] != 0
    status, out, _ = run_in_process(capsys, "queens", "complete", "5", "-b", "0,0", "-f", "board")
    assert (status, out) == (0, fmt.to_board(first) + "\n")
    status, out, _ = run_in_process(capsys, "queens", "complete", "5", "-b", "0,0", "-f", "columns")
    assert (status, out) == (0, " ".join(map(str, first)) + "\n")
    status, out, _ = run_in_process(capsys, "queens", "complete", "5", "-b", "0,0", "-f", "json")
    # the Completion's to_dict, as the help lists it
    assert (status, json.loads(out)) == (
        0,
        {"n": 5, "columns": first, "count": 1, "limit": 1, "exact": False},
    )


@pytest.mark.parametrize("method", ["mrv", "rows"])
@pytest.mark.parametrize(
    "limit, count, reached", [(None, 4, False), (1, 1, True), (4, 4, True), (5, 4, False)]
)
def test_complete_count_limit(capsys, method, limit, count, reached):
    # 4 completions: a limit of 4 or less is reached, and the count is then a lower bound
    args = ["queens", "complete", "8", "-p", "0,0", "--count", "-m", method]
    args += [] if limit is None else ["--limit", limit]
    status, out, err = run_in_process(capsys, *args)
    assert (status, out) == (0, f"{count}\n")
    if reached:
        assert err == f"clew: stopped at --limit {limit}: there are at least {count} completions\n"
    else:
        assert err == ""
    status, out, _ = run_in_process(capsys, *args, "--format", "json")
    record = json.loads(out)
    assert {k: record[k] for k in ("n", "count", "exact", "limit")} == {
        "n": 8,
        "count": count,
        "exact": not reached,
        "limit": limit,
    }
    assert queens.is_solution(record["columns"]) and record["columns"][0] == 0


@pytest.mark.parametrize("n", range(1, 11))
def test_complete_count_the_empty_board(capsys, n, queens_counts):
    status, out, err = run_in_process(capsys, "queens", "complete", n, "--count")
    assert (status, out, err) == (0, f"{queens_counts.total[n]}\n", "")


def test_complete_board_file_count_and_limit():
    n, placed, blocked = queens.parse_board(BOARD_10.read_text(encoding="utf-8"))
    assert len(brute_force(n, placed, blocked)) == 3
    result = clew_cmd("queens", "complete", "--board", BOARD_10, "--count", "--limit", "2")
    assert (result.returncode, result.stdout) == (0, "2\n")
    assert result.stderr == "clew: stopped at --limit 2: there are at least 2 completions\n"


def test_complete_board_file_in_process(capsys):
    expected = brute_force(*queens.parse_board(BOARD_10.read_text(encoding="utf-8")))
    for args in (
        ["--board", BOARD_10],
        ["10", "--board", BOARD_10],
        ["--board", BOARD_10, "-m", "rows"],
    ):
        status, out, err = run_in_process(capsys, "queens", "complete", *args)
        assert (status, err) == (0, "")
        assert tuple(read_columns_line(out)) in expected
    status, out, err = run_in_process(capsys, "queens", "complete", "--board", BOARD_10, "--count")
    assert (status, out, err) == (0, "3\n", "")


BOARD_6 = (
    "# a 6x6 board\nQ . . . . .\n. . . . . .\n\n"
    ". . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n"
)


def test_complete_board_from_stdin():
    # 6x6 with a queen in a corner: no completion
    result = clew_cmd("queens", "complete", "--board", "-", input=BOARD_6)
    assert (result.returncode, result.stdout) == (cli.EXIT_FAILURE, "")
    assert result.stderr == "clew: impossible: this board has no completion\n"


@pytest.mark.parametrize(
    "args, expected",
    [
        ([], "4\n"),
        (["6"], "4\n"),
        (["-p", "0,1"], f"{len(brute_force(6, [(0, 1)], []))}\n"),
        # --placed and --blocked add to the board's squares
        (["-p", "0,1", "-b", "1,3"], "0\n"),
        (["-b", "0,1 0,2"], f"{len(brute_force(6, [], [(0, 1), (0, 2)]))}\n"),
    ],
)
def test_complete_board_from_stdin_in_process(monkeypatch, capsys, args, expected):
    feed_stdin(monkeypatch, BOARD_6.replace("Q", "."))
    status, out, err = run_in_process(
        capsys, "queens", "complete", "--board", "-", "--count", *args
    )
    assert (status, out, err) == (0, expected, "")


@pytest.mark.parametrize(
    "args",
    [
        ["4", "-p", "0,0"],
        ["8", "-b", "3,0 3,1 3,2 3,3 3,4 3,5 3,6 3,7"],
        ["8", "-b", "0,5;1,5;2,5;3,5;4,5;5,5;6,5;7,5"],
        ["2"],
        ["3", "-m", "rows"],
        ["6", "-p", "0,1", "-b", "1,3"],
    ],
)
def test_complete_impossible_exits_1(capsys, args):
    status, out, err = run_in_process(capsys, "queens", "complete", *args)
    assert (status, out, err) == (
        cli.EXIT_FAILURE,
        "",
        "clew: impossible: this board has no completion\n",
    )
    # a count of 0 is an answer, not a failure
    status, out, err = run_in_process(capsys, "queens", "complete", *args, "--count")
    assert (status, out, err) == (0, "0\n", "")


def test_complete_ctrl_c_stops_a_long_search():
    # the count of the empty 20x20 board takes minutes inside one kernel call: Ctrl-C must
    # still end it (as SIGINT's default action, or before the kernel as 'clew: interrupted')
    import signal

    returncode, out, err = interrupted_after(1.5, "queens", "complete", "20", "--count")
    assert out == b""
    assert returncode in (-signal.SIGINT, cli.EXIT_INTERRUPTED), (returncode, err)
    assert b"Traceback" not in err


COMPLETE_INPUT_ERRORS = [
    (
        ["8", "-p", "0,0", "-p", "3,3"],
        "the queens on r1c1 and r4c4 attack each other along a diagonal",
    ),
    (["8", "-p", "2,1 2,5"], "the queens on r3c2 and r3c6 attack each other along a row"),
    (["8", "-p", "1,4;6,4"], "the queens on r2c5 and r7c5 attack each other along a column"),
    (["8", "-p", "0,7 7,0"], "the queens on r1c8 and r8c1 attack each other along a diagonal"),
    (["8", "-p", "2,3", "-b", "2,3"], "the queen on r3c4 stands on a blocked square"),
    (
        ["8", "-p", "8,0"],
        "placed: (8, 0) is off the 8x8 board (rows and columns are given from 0 to 7)",
    ),
    (
        ["8", "-p", "-1,0"],
        "placed: (-1, 0) is off the 8x8 board (rows and columns are given from 0 to 7)",
    ),
    (
        ["8", "-b", "0,-1"],
        "blocked: (0, -1) is off the 8x8 board (rows and columns are given from 0 to 7)",
    ),
    (
        ["8", "-b", "99,0"],
        "blocked: (99, 0) is off the 8x8 board (rows and columns are given from 0 to 7)",
    ),
    (["8", "-p", "1,1", "-p", "1,1"], "placed: square r2c2 is given twice"),
    (["--board", BOARD_10, "-p", "9,5"], "placed: square r10c6 is given twice"),
    (
        ["--board", BOARD_10, "-p", "4,0"],
        "the queens on r10c6 and r5c1 attack each other along a diagonal",
    ),
    (["--board", BOARD_10, "-p", "0,1"], "the queen on r1c2 stands on a blocked square"),
]


def test_complete_input_error():
    args, message = COMPLETE_INPUT_ERRORS[0]
    result = clew_cmd("queens", "complete", *args)
    assert_usage_error(result)
    assert result.stderr == f"clew: error: {message}\n"


@pytest.mark.parametrize("args, message", COMPLETE_INPUT_ERRORS)
def test_complete_input_errors_in_process(capsys, args, message):
    status, out, err = run_in_process(capsys, "queens", "complete", *args)
    assert (status, out, err) == (cli.EXIT_USAGE, "", f"clew: error: {message}\n")


@pytest.mark.parametrize(
    "board, message",
    [
        ("Q..\n.y.\n...\n", "<stdin>: line 2, character 2: 'y' is not Q, . or x"),
        ("# c\n\nQ...\n...\n....\n....\n", "<stdin>: line 4: 3 squares, but the first row has 4"),
        ("# nothing\n\n", "<stdin>: the board is empty"),
        ("", "<stdin>: the board is empty"),
        ("Q.\n.Q\n", "the queens on r1c1 and r2c2 attack each other along a diagonal"),
        (
            ("." * 63 + "\n") * 63,
            "<stdin>: the board has 63 rows; at most 62",
        ),  # read_board refuses it, naming the file
    ],
)
def test_complete_bad_boards_in_process(monkeypatch, capsys, board, message):
    feed_stdin(monkeypatch, board)
    status, out, err = run_in_process(capsys, "queens", "complete", "--board", "-")
    assert (status, out) == (cli.EXIT_USAGE, "")
    assert err.startswith(f"clew: error: {message}") and err.count("\n") == 1


def test_complete_bad_board_files(capsys, tmp_path):
    path = tmp_path / "board.txt"
    path.write_bytes(b"Q...\n..\xff.\n....\n....\n")
    status, out, err = run_in_process(capsys, "queens", "complete", "--board", path)
    assert (status, out) == (cli.EXIT_USAGE, "")
    assert err == f"clew: error: {path}: not UTF-8 text (invalid start byte at byte 7)\n"
    path.write_text("\ufeffQ . .\n. . y\n. . .\n", encoding="utf-8")  # a byte order mark is fine
    status, out, err = run_in_process(capsys, "queens", "complete", "--board", path)
    assert err == f"clew: error: {path}: line 2, character 5: 'y' is not Q, . or x\n"
    for missing in (tmp_path, tmp_path / "missing.txt"):
        status, out, err = run_in_process(capsys, "queens", "complete", "--board", missing)
        assert (status, out) == (cli.EXIT_USAGE, "")
        assert err.startswith("clew: error: Invalid value for '--board':") and err.count("\n") == 1


@pytest.mark.parametrize(
    "args, fragments",
    [
        (
            ["queens", "one", "8", "-m", "local", "--seed", str(2**32)],
            ["seed must be between 0 and 4294967295"],
        ),
        (
            ["queens", "complete", "7", "--board", str(BOARD_10)],
            ["the board has 10 rows, not n = 7"],
        ),
        (["queens", "complete", "8", "-p", "1"], ["--placed", "'1' is not a square"]),
        (["queens", "complete", "8", "-p", "a,b"], ["--placed", "'a,b' is not a square"]),
        (["queens", "complete", "8", "-p", "1.5,2"], ["--placed", "'1.5,2' is not a square"]),
        (
            ["queens", "complete", "8", "--count", "--limit", "0"],
            ["--limit", "at least 1", "got 0"],
        ),
        (["queens", "complete", "x"], ["'N'", "'x' is not an integer"]),
        (["queens", "complete", "-4", "-p", "0,0"], ["'N'", "at least 1", "got -4"]),
        (["queens", "complete", "8", "-b", "1,2,3"], ["--blocked", "'1,2,3' is not a square"]),
        (["queens", "complete", "8", "-b", "1,,2"], ["--blocked", "'1,,2' is not a square"]),
    ],
)
def test_usage_errors_in_process(capsys, args, fragments):
    status, out, err = run_in_process(capsys, *args)
    assert (status, out) == (cli.EXIT_USAGE, "")
    assert err.startswith("clew: error: ") and err.count("\n") == 1
    for fragment in fragments:
        assert fragment in err


# ---------------------------------------------------------------------------------------------
# Pictures of solutions too large to draw
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("format_", ["board", "matrix", "leetcode"])
def test_pictures_too_large_to_draw(monkeypatch, capsys, format_):
    monkeypatch.setattr(fmt, "MAX_PICTURE_N", 3)
    assert cli.run(["queens", "solve", "4", "--format", format_]) == cli.EXIT_USAGE
    out, err = capsys.readouterr()
    assert out == ""
    # the library's refusal (clew.queens.output), in one line
    assert err.startswith(
        f"clew: error: a 4x4 board is too large to draw as '{format_}' (at most 3x3)"
    )
    assert "use the format columns or json" in err and err.count("\n") == 1
    # the columns and json forms have no size limit
    assert cli.run(["queens", "solve", "4", "--format", "columns"]) == cli.EXIT_OK
    assert capsys.readouterr().out == SOLVE_4["columns"]


# ---------------------------------------------------------------------------------------------
# The contract of issue 25 on the queens commands
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["solve", "8", "--limit", "0"], "'--limit': must be at least 1, got 0"),
        (["solve", "8", "--limit", "-3"], "'--limit': must be at least 1, got -3"),
        (["count", "8", "--jobs", "0"], "'--jobs': must be at least 1, got 0"),
        (["compare", "5", "--limit", "0"], "'--limit': must be at least 1, got 0"),
        (["complete", "6", "--count", "--limit", "0"], "'--limit': must be at least 1, got 0"),
        (["one", "8", "--format", "svg"], "'--format'"),
    ],
)
def test_bad_limits_and_jobs_exit_2_in_one_line(capsys, args, fragment):
    status, out, err = run_in_process(capsys, "queens", *args)
    assert (status, out) == (cli.EXIT_USAGE, "")
    assert err.count("\n") == 1 and err.startswith("clew: error: ") and fragment in err


def test_count_runs_on_one_job_unless_asked(monkeypatch, capsys):
    from clew.queens import counter

    seen = []
    real = counter.count_job
    monkeypatch.setattr(
        counter, "count_job", lambda n, **kw: seen.append(kw["jobs"]) or real(n, **kw)
    )
    assert run_in_process(capsys, "queens", "count", "8")[:2] == (0, "92\n")
    assert run_in_process(capsys, "queens", "count", "8", "--jobs", "all")[:2] == (0, "92\n")
    assert run_in_process(capsys, "queens", "count", "8", "-j", "2")[:2] == (0, "92\n")
    assert seen == [1, None, 2]


@pytest.mark.parametrize(
    "args, keys",
    [
        (["count", "7", "--format", "json"], {"n", "total", "unique", "seconds"}),
        (["count", "7", "--unique", "--json"], {"n", "total", "unique", "seconds"}),
        (["one", "8", "--format", "json"], {"n", "columns"}),
        (["complete", "6", "--format", "json"], {"n", "columns", "count", "limit", "exact"}),
        (["compare", "4", "--format", "json"], {"n", "limit", "methods"}),
    ],
)
def test_json_fields_are_those_the_help_lists(capsys, args, keys):
    status, out, _ = run_in_process(capsys, "queens", *args)
    record = json.loads(out)
    assert status == 0 and set(record) == keys
    status, help_text, _ = run_in_process(capsys, "queens", args[0], "--help")
    flat = " ".join(help_text.split())
    for key in keys:
        assert f'"{key}"' in flat, (args[0], key)


def test_solve_json_lines(capsys):
    status, out, _ = run_in_process(capsys, "queens", "solve", "6", "--json")
    assert status == 0 and [json.loads(line) for line in out.splitlines()] == [
        {"n": 6, "columns": list(s)} for s in queens.solutions(6)
    ]


def test_one_json_of_a_large_board(capsys):
    status, out, _ = run_in_process(capsys, "queens", "one", "100001", "--format", "json")
    assert status == 0 and json.loads(out) == {
        "n": 100001,
        "columns": queens.construct(100001).tolist(),
    }


def test_complete_without_completion_json_exits_1(capsys):
    status, out, err = run_in_process(
        capsys, "queens", "complete", "4", "-p", "0,0", "--format", "json"
    )
    assert status == cli.EXIT_NONE and json.loads(out)["columns"] is None
    assert err == "clew: impossible: this board has no completion\n"


def test_compare_ctrl_c_prints_one_line():
    # the brute force over C(64, 8) runs for seconds in a compiled loop: Ctrl-C must end it
    # at once with the one line of every interrupted command (it exited 130 silently)
    returncode, out, err = interrupted_after(4, "queens", "compare", "8")
    assert returncode == cli.EXIT_INTERRUPTED, (returncode, err)
    assert err.decode().splitlines()[-1] == "clew: interrupted" and b"Traceback" not in err


def test_the_group_help_is_made_from_the_group_and_the_library(capsys):
    from clew.queens.board import LIMITS

    status, out, _ = run_in_process(capsys, "queens", "--help")
    flat = " ".join(out.split())
    assert status == 0
    ctx = click.Context(queens_cli.queens)
    names = queens_cli.queens.list_commands(ctx)
    assert {"count", "solve", "one", "complete", "compare", "trace", "show", "tree", "play"} <= set(
        names
    )
    assert "Its commands: " + ", ".join(f"'{name}'" for name in sorted(names)) + "." in flat
    # the limits: the library's, written in the CLI module so that the help imports no library
    assert queens_cli.LARGEST_N == LIMITS
    for name, (high, why) in LIMITS.items():
        assert f"{name} {high:,} ({why})" in flat
    assert LIMITS["count"][0] == queens.MAX_COUNT_N and LIMITS["solve"][0] == queens.MAX_SOLVE_N


def test_cli_formats_are_the_library_s():
    from clew.queens import completion, output

    assert queens_cli.SOLVE_FORMATS == output.SOLVE_FORMATS
    assert queens_cli.ONE_FORMATS == output.ONE_FORMATS == queens_cli.COMPLETE_FORMATS
    assert queens_cli.COMPLETE_METHODS == completion.METHODS


def test_the_queens_cli_imports_no_kernel_and_sets_no_plumbing():
    import ast
    from pathlib import Path

    source = Path(queens_cli.__file__).read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            assert "_kernels" not in (node.module or "") and not any(
                "_kernels" in a.name for a in node.names
            )
        elif isinstance(node, ast.Import):
            assert not any("_kernels" in a.name for a in node.names)
    assert (
        "context_settings=" not in source
        and "epilog=" not in source
        and "cls=Command" not in source
    )
