"""``clew maze generate | solve | play``: real output checked by the verifier and the library,
bad files refused in one line naming line and column, no path is status 1."""

from __future__ import annotations

import json

import pytest

from clew import maze
from helpers.cli import assert_usage_error, clew_cmd, run_in_process


def test_generate_prints_the_maze_of_the_library(capsys):
    status, out, err = run_in_process(capsys, "maze", "generate", "9", "4", "--seed", "3")
    assert (status, err) == (0, "")
    assert out == maze.generate(9, 4, seed=3).to_text()
    status, out, _ = run_in_process(
        capsys, "maze", "generate", "9", "4", "--seed", "3", "--method", "wilson"
    )
    assert out == maze.generate(9, 4, method="wilson", seed=3).to_text()
    lines = out.splitlines()
    assert len(lines) == 9 and all(len(line) == 19 for line in lines)


def test_generate_svg(capsys):
    status, out, _ = run_in_process(
        capsys, "maze", "generate", "5", "5", "--seed", "1", "--format", "svg"
    )
    assert status == 0 and out.startswith("<svg") and 'class="walls"' in out and "seed 1" in out


def test_generate_then_solve_through_a_pipe_with_the_real_entry_point(tmp_path):
    made = clew_cmd("maze", "generate", "12", "7", "--seed", "9")
    assert made.returncode == 0
    solved = clew_cmd(
        "maze", "solve", "-", "--format", "json", "--method", "bfs", input=made.stdout
    )
    assert solved.returncode == 0, solved.stderr
    answer = json.loads(solved.stdout)
    maze.check_path(made.stdout, answer["path"])
    found = maze.Maze.from_text(made.stdout).solve("bfs")
    assert answer == {
        "method": "bfs",
        "length": found.length,
        "nodes": found.nodes,
        "backtracks": 0,
        "path": [list(c) for c in found.path],
    }


@pytest.mark.parametrize("method", ["dfs", "bfs"])
def test_solve_text_draws_the_path(capsys, tmp_path, method):
    path = tmp_path / "m.txt"
    m = maze.generate(8, 5, method="wilson", seed=2)
    path.write_text(m.to_text())
    status, out, err = run_in_process(capsys, "maze", "solve", path, "--method", method)
    found = m.solve(method)
    assert status == 0

    def words(count, word):
        return f"{count} {word}" + ("" if count == 1 else "s")

    assert err == (
        f"clew: {method}: {words(found.length, 'step')}, {words(found.nodes, 'node')}, "
        f"{words(found.backtracks, 'backtrack')}\n"
    )
    drawn = [
        (r, c) for r, line in enumerate(out.splitlines()) for c, ch in enumerate(line) if ch == "o"
    ]
    assert sorted(drawn) == sorted(found.path[1:-1])
    assert out.replace("o", ".") == m.to_text()


def test_solve_svg_and_count(capsys, tmp_path):
    path = tmp_path / "room.txt"
    path.write_text("S...\n....\n....\n...E\n")
    status, out, _ = run_in_process(capsys, "maze", "solve", path, "--format", "svg")
    assert status == 0 and 'class="path"' in out
    assert run_in_process(capsys, "maze", "solve", path, "--count")[:2] == (0, "184\n")
    assert run_in_process(capsys, "maze", "solve", path, "--count", "--limit", "10")[:2] == (
        0,
        "10\n",
    )
    status, out, _ = run_in_process(capsys, "maze", "solve", path, "--count", "--format", "json")
    assert json.loads(out) == {"count": 184, "limit": None}


def test_no_path_is_status_1_saying_so(tmp_path):
    path = tmp_path / "walled.txt"
    path.write_text("S.#..\n..#.E\n")
    result = clew_cmd("maze", "solve", path)
    assert result.returncode == 1 and result.stdout == ""
    assert (
        result.stderr
        == f"clew: no path from S (line 1, column 1) to E (line 2, column 5) in {path}\n"
    )


@pytest.mark.parametrize(
    "text, fragments",
    [
        ("", ["the maze is empty"]),
        ("#.#\n#.E\n", ["no start"]),
        ("S.S\n..E\n", ["line 1, column 3: a second start"]),
        ("S.E\n..E\n", ["line 2, column 3: a second end"]),
        ("S..\n.E\n", ["line 2 has 2 characters, line 1 has 3"]),
        ("S.E\n.*.\n", ["line 2, column 2: unknown character '*'"]),
        ("#S#\n#..\n", ["no end"]),
    ],
)
def test_bad_files_are_refused_in_one_line(tmp_path, text, fragments):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    assert_usage_error(clew_cmd("maze", "solve", path), f"{path}: ", *fragments)


def test_bad_arguments(capsys, tmp_path):
    assert_usage_error(clew_cmd("maze", "generate", "1", "1"), "at least 2 rooms")
    assert_usage_error(clew_cmd("maze", "generate", "0", "3"), "must be at least 1")
    assert_usage_error(
        clew_cmd("maze", "generate", "3", "3", "--method", "prim"), "'prim' is not one of"
    )
    assert_usage_error(clew_cmd("maze", "solve", tmp_path / "missing.txt"), "cannot read the maze")
    path = tmp_path / "m.txt"
    path.write_text("S.E\n")
    assert_usage_error(clew_cmd("maze", "solve", path, "--limit", "3"), "applies to --count only")
    assert_usage_error(
        clew_cmd("maze", "solve", path, "--count", "--format", "svg"), "a count has no picture"
    )


def test_play_writes_a_player(capsys, tmp_path):
    path = tmp_path / "m.txt"
    path.write_text(maze.generate(6, 4, seed=8).to_text())
    out = tmp_path / "walk.html"
    status, stdout, err = run_in_process(capsys, "maze", "play", path, "--html", out)
    events = list(maze.trace(maze.Maze.read(path)))
    end = events[-1]
    assert status == 0 and stdout == ""
    assert err == (
        f"clew: wrote {out}: {len(events)} events, 1 solution, {end['nodes']} nodes, "
        f"{end['backtracks']} backtracks\n"
    )
    page = out.read_text()
    assert 'data-kind="maze"' in page
    status, _, err = run_in_process(
        capsys, "maze", "play", path, "--html", out, "--max-events", "3"
    )
    assert status == 0 and "the trace stops after 3 events" in err
    assert_usage_error(clew_cmd("maze", "play", path), "give --html FILE or --animate")


def test_play_animates_on_stderr(tmp_path):
    path = tmp_path / "m.txt"
    path.write_text("S.#\n.#E\n...\n")
    result = clew_cmd("maze", "play", path, "--animate", "--fps", "1000")
    assert result.returncode == 0 and result.stdout == ""
    # not a terminal: the last frame alone, the dead end marked x, the path o
    assert (
        result.stderr
        == "S x #\no # E\no o o\n\nend: E reached\nsteps forward 6  steps back 1  path 5\n"
    )


# ---------------------------------------------------------------------------------------------
# The contract (issue 25): JSON everywhere, the exit-status table, help from the registries
# ---------------------------------------------------------------------------------------------


def test_generate_json_is_the_mazes_to_dict(capsys):
    status, out, err = run_in_process(
        capsys, "maze", "generate", "4", "2", "--seed", "7", "--format", "json"
    )
    assert (status, err) == (0, "")
    assert json.loads(out) == maze.generate(4, 2, seed=7).to_dict()
    assert run_in_process(capsys, "maze", "generate", "4", "2", "--seed", "7", "--json")[1] == out
    # the fields the help lists are those of the output
    _, help_text, _ = run_in_process(capsys, "maze", "generate", "--help")
    for key in json.loads(out):
        assert f'"{key}"' in help_text


def test_solve_json_fields_match_the_help(capsys, tmp_path):
    path = tmp_path / "m.txt"
    path.write_text("S..\n.#.\n..E\n")
    status, out, _ = run_in_process(capsys, "maze", "solve", path, "--json")
    assert status == 0
    answer = json.loads(out)
    assert answer == maze.solve("S..\n.#.\n..E\n").to_dict()
    _, help_text, _ = run_in_process(capsys, "maze", "solve", "--help")
    for key in [*answer, "count", "limit"]:
        assert f'"{key}"' in help_text
    status, out, _ = run_in_process(capsys, "maze", "solve", path, "--count", "--format", "json")
    assert (status, json.loads(out)) == (0, {"count": 2, "limit": None})


def test_a_count_of_no_path_is_an_answer_and_no_path_is_status_1(capsys, tmp_path):
    path = tmp_path / "walled.txt"
    path.write_text("#####\n#S#E#\n#####\n")
    assert run_in_process(capsys, "maze", "solve", path, "--count")[:2] == (0, "0\n")
    status, out, err = run_in_process(capsys, "maze", "solve", path)
    assert (status, out) == (1, "") and err.startswith("clew: no path from S (line 2, column 2)")


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--count", "--limit", "0"], "must be at least 1, got 0"),
        (["--method", "astar"], "'astar'"),
    ],
)
def test_solve_usage_errors_exit_2(capsys, tmp_path, args, fragment):
    path = tmp_path / "m.txt"
    path.write_text("S.E\n")
    status, out, err = run_in_process(capsys, "maze", "solve", path, *args)
    assert (status, out) == (2, "") and err.startswith("clew: error: ") and fragment in err
    assert err.count("\n") == 1


def test_an_empty_maze_file_is_bad_input(capsys, tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("")
    status, out, err = run_in_process(capsys, "maze", "solve", path)
    assert (status, out) == (2, "") and "the maze is empty" in err


def test_the_help_lists_the_registries_of_the_library(capsys):
    _, group_help, _ = run_in_process(capsys, "maze", "--help")
    flat = " ".join(group_help.split())
    assert f"methods: {', '.join(maze.GENERATORS)}" in flat
    assert f"methods: {', '.join(maze.SOLVERS)}" in flat
    _, generate_help, _ = run_in_process(capsys, "maze", "generate", "--help")
    _, solve_help, _ = run_in_process(capsys, "maze", "solve", "--help")
    assert f"[{'|'.join(maze.GENERATORS)}]" in generate_help
    assert f"[{'|'.join(maze.SOLVERS)}]" in solve_help


def test_the_choices_follow_the_registry(capsys, monkeypatch, tmp_path):
    # the options read the registry itself: a method added there is offered at once
    from clew.maze import geometry

    monkeypatch.setattr(geometry, "SOLVERS", (*geometry.SOLVERS, "astar"))
    _, solve_help, _ = run_in_process(capsys, "maze", "solve", "--help")
    assert "dfs|bfs|astar" in solve_help
