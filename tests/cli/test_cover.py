"""``clew cover solve`` in-process through :func:`clew.cli.run`, and the argument checks of
``clew journal show`` (the library behind them is tested in tests/cover and tests/scale,
which also run these commands through the real entry point)."""

from __future__ import annotations

import json

import pytest

from clew import cli

from .helpers import feed_stdin, run_in_process

#: Knuth, "Dancing Links" (2000), section 2: one cover, options 0, 3 and 4.
KNUTH_TEXT = "| Knuth's example\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n"
#: Three covers: {a, b, c} from singles, {a b, c}, {a, b c}.
MANY_TEXT = "a b c\na\nb\nc\na b\nb c\n"


@pytest.mark.parametrize(
    "args, expected",
    [
        ([], "c e | a d f | b g\n"),
        (["--format", "indices"], "0 3 4\n"),
        (["-f", "json"], json.dumps({"solution": [0, 3, 4], "options": [["c", "e"], ["a", "d", "f"], ["b", "g"]]}) + "\n"),
    ],
)
@pytest.mark.parametrize("engine", ["auto", "links", "bits"])
def test_cover_solve_formats(monkeypatch, capsys, args, expected, engine):
    feed_stdin(monkeypatch, KNUTH_TEXT)
    assert run_in_process(capsys, "cover", "solve", "--engine", engine, *args) == (cli.EXIT_OK, expected, "")


def test_cover_solve_from_a_file(capsys, tmp_path):
    path = tmp_path / "knuth.dlx"
    path.write_text(KNUTH_TEXT)
    assert run_in_process(capsys, "cover", "solve", path, "-f", "indices") == (cli.EXIT_OK, "0 3 4\n", "")


def test_cover_solve_count_limit_and_statistics(monkeypatch, capsys):
    feed_stdin(monkeypatch, MANY_TEXT)
    status, out, err = run_in_process(capsys, "cover", "solve", "--count", "-v")
    assert (status, out) == (cli.EXIT_OK, "3\n")
    assert err.startswith("clew: 3 solutions, ") and "nodes" in err and err.count("\n") == 1
    feed_stdin(monkeypatch, MANY_TEXT)
    assert run_in_process(capsys, "cover", "solve", "--count", "--limit", "2") == (cli.EXIT_OK, "2\n", "")
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
        (["--count", "--limit", "1", "-j", "2"], MANY_TEXT, ["'--jobs'", "applies to --count without --limit only"]),
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
