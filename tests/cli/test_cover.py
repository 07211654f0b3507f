"""``clew cover solve`` in-process through :func:`clew.cli.run`, and the argument checks of
``clew journal show`` (the library behind them is tested in tests/cover and tests/scale,
which also run these commands through the real entry point)."""

from __future__ import annotations

import json

import pytest

from clew import cli
from helpers.cli import feed_stdin, run_in_process

#: Knuth, "Dancing Links" (2000), section 2: one cover, options 0, 3 and 4.
KNUTH_TEXT = "| Knuth's example\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n"
#: Three covers: {a, b, c} from singles, {a b, c}, {a, b c}.
MANY_TEXT = "a b c\na\nb\nc\na b\nb c\n"


@pytest.mark.parametrize(
    "args, expected",
    [
        ([], "c e | a d f | b g\n"),
        (["--format", "indices"], "0 3 4\n"),
        (
            ["-f", "json"],
            json.dumps(
                {"solution": [0, 3, 4], "options": [["c", "e"], ["a", "d", "f"], ["b", "g"]]}
            )
            + "\n",
        ),
    ],
)
@pytest.mark.parametrize("engine", ["auto", "links", "bits"])
def test_cover_solve_formats(monkeypatch, capsys, args, expected, engine):
    feed_stdin(monkeypatch, KNUTH_TEXT)
    assert run_in_process(capsys, "cover", "solve", "--engine", engine, *args) == (
        cli.EXIT_OK,
        expected,
        "",
    )


def test_cover_solve_from_a_file(capsys, tmp_path):
    path = tmp_path / "knuth.dlx"
    path.write_text(KNUTH_TEXT)
    assert run_in_process(capsys, "cover", "solve", path, "-f", "indices") == (
        cli.EXIT_OK,
        "0 3 4\n",
        "",
    )


def test_cover_solve_count_limit_and_statistics(monkeypatch, capsys):
    feed_stdin(monkeypatch, MANY_TEXT)
    status, out, err = run_in_process(capsys, "cover", "solve", "--count", "-v")
    assert (status, out) == (cli.EXIT_OK, "3\n")
    assert err.startswith("clew: 3 solutions, ") and "nodes" in err and err.count("\n") == 1
    feed_stdin(monkeypatch, MANY_TEXT)
    assert run_in_process(capsys, "cover", "solve", "--count", "--limit", "2") == (
        cli.EXIT_OK,
        "2\n",
        "",
    )
    feed_stdin(monkeypatch, MANY_TEXT)
    status, out, _ = run_in_process(capsys, "cover", "solve", "--limit", "2", "-f", "indices")
    assert status == cli.EXIT_OK and len(out.splitlines()) == 2


def test_cover_solve_without_a_solution_exits_1(monkeypatch, capsys):
    feed_stdin(monkeypatch, "a b\na\n")
    assert run_in_process(capsys, "cover", "solve") == (cli.EXIT_FAILURE, "", "clew: no solution\n")


@pytest.mark.parametrize(
    "args, text, fragments",
    [
        (["--jobs", "2"], MANY_TEXT, ["'--jobs'", "applies to --count without --limit only"]),
        (
            ["--count", "--limit", "1", "-j", "2"],
            MANY_TEXT,
            ["'--jobs'", "applies to --count without --limit only"],
        ),
        (["--jobs", "0"], MANY_TEXT, ["'-j' / '--jobs'", "must be at least 1, got 0"]),
        (["--limit", "0"], MANY_TEXT, ["'-l' / '--limit'", "must be at least 1, got 0"]),
        (["--engine", "wires"], MANY_TEXT, ["'--engine'", "'wires'"]),
        (["--format", "names", "extra", "args"], MANY_TEXT, ["unexpected extra argument"]),
        ([], "a b\na c\n", ["<stdin>:2: unknown item 'c'"]),
    ],
)
def test_cover_solve_bad_input(monkeypatch, capsys, args, text, fragments):
    feed_stdin(monkeypatch, text)
    status, out, err = run_in_process(capsys, "cover", "solve", *args)
    assert (status, out) == (cli.EXIT_USAGE, "")
    assert err.startswith("clew: error: ") and err.count("\n") == 1
    for fragment in fragments:
        assert fragment in err


def test_cover_solve_unreadable_file(capsys, tmp_path):
    status, out, err = run_in_process(capsys, "cover", "solve", tmp_path / "missing.dlx")
    assert (status, out) == (cli.EXIT_USAGE, "")
    assert "cannot read the problem" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "args, fragment",
    [
        ([], "Missing argument 'FILE'"),
        (["a.sqlite", "b.sqlite"], "unexpected extra argument"),
        (["a.sqlite", "--jsn"], "--jsn"),
    ],
)
def test_journal_show_usage_errors(capsys, args, fragment):
    status, out, err = run_in_process(capsys, "journal", "show", *args)
    assert (status, out) == (cli.EXIT_USAGE, "")
    assert err.startswith("clew: error: ") and fragment in err and err.count("\n") == 1
    assert "(see 'clew journal show --help')" in err


# ---------------------------------------------------------------------------------------------
# The contract (issue 25): --jobs 1 by default and 'all', JSON counts, the exit-status table,
# help from the registries
# ---------------------------------------------------------------------------------------------


def test_cover_count_json_fields_match_the_help(monkeypatch, capsys):
    feed_stdin(monkeypatch, MANY_TEXT)
    status, out, err = run_in_process(capsys, "cover", "solve", "--count", "--format", "json")
    assert (status, err) == (cli.EXIT_OK, "")
    answer = json.loads(out)
    assert (answer["count"], answer["limit"], answer["engine"]) == (3, None, "auto")
    _, help_text, _ = run_in_process(capsys, "cover", "solve", "--help")
    for key in answer:
        assert f'"{key}"' in help_text
    feed_stdin(monkeypatch, MANY_TEXT)
    status, out, _ = run_in_process(capsys, "cover", "solve", "--count", "--limit", "2", "--json")
    assert json.loads(out)["count"] == 2 and json.loads(out)["limit"] == 2


def test_cover_count_of_no_cover_is_0_and_status_0(monkeypatch, capsys):
    feed_stdin(monkeypatch, "a b\na\n")
    assert run_in_process(capsys, "cover", "solve", "--count") == (cli.EXIT_OK, "0\n", "")


@pytest.mark.parametrize("jobs", ["all", "2", "1"])
def test_cover_count_jobs_all_and_numbers(monkeypatch, capsys, jobs):
    feed_stdin(monkeypatch, MANY_TEXT)
    assert run_in_process(capsys, "cover", "solve", "--count", "--jobs", jobs, "--quiet") == (
        cli.EXIT_OK,
        "3\n",
        "",
    )


def test_cover_jobs_default_is_1(capsys):
    command = cli.cli.get_command(None, "cover").get_command(None, "solve")
    jobs = next(p for p in command.params if p.name == "jobs")
    assert jobs.default == 1
    _, help_text, _ = run_in_process(capsys, "cover", "solve", "--help")
    assert "one per core" not in help_text.replace("'all': one per core", "")


def test_an_empty_dlx_file_is_bad_input(capsys, tmp_path):
    path = tmp_path / "empty.dlx"
    path.write_text("")
    status, out, err = run_in_process(capsys, "cover", "solve", path)
    assert (
        (status, out) == (cli.EXIT_USAGE, "")
        and err.startswith("clew: error: ")
        and "no item line" in err
    )


def test_the_help_lists_the_engines_of_the_library(capsys):
    from clew.cover import ENGINES

    _, group_help, _ = run_in_process(capsys, "cover", "--help")
    flat = " ".join(group_help.split())
    assert f"engines {', '.join(ENGINES)}" in flat
    assert "formats names, indices, json" in flat
    _, solve_help, _ = run_in_process(capsys, "cover", "solve", "--help")
    assert f"[{'|'.join(ENGINES)}]" in solve_help
