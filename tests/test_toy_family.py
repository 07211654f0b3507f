"""A new family is one package, one CLI module and one picture module, and no edit to clew.

The test writes a toy family into a temporary folder -- the package ``clew_toy`` (the subsets
of 1..N that sum to a total, searched with :mod:`clew.search`), its command module
``clew/cli/toy.py`` and its picture module ``clew/viz/toy_pictures.py`` -- and then uses it
as clew's own families are used: ``clew toy ...`` in-process and as a real program (the
folder on PYTHONPATH), and its trace drawn by :mod:`clew.viz` (the player, the words).
Every file of clew is the same afterwards: adding the family edited nothing
(docs/architecture.md, "How to add a family", lists the files one adds).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import clew
import clew.viz
from clew import cli
from clew.viz import registry

#: The package of the family: its search and its trace, through clew.search.
PACKAGE = '''
"""A toy family: the subsets of 1..n whose numbers sum to a total."""

from clew import search
from clew.trace import Trace


def problem(n, total):
    """The subsets as a search: each state is an increasing tuple of numbers."""
    return search.Problem(
        start=(),
        choices=lambda s: range((s[-1] if s else 0) + 1, n + 1),
        accept=lambda s, c: sum(s) + c <= total,
        extend=lambda s, c: s + (c,),
        done=lambda s: sum(s) == total,
    )


def count(n, total):
    """How many subsets of 1..n sum to total."""
    return search.count(problem(n, total))


def trace(n, total, max_events=None):
    """The search, event by event; its end event says its kind, "toy"."""
    events = search.trace(problem(n, total), max_events=max_events)
    return Trace((dict(e, kind="toy") if e["type"] == "end" else e for e in events), kind="toy")
'''

#: The command module: Click and the standard library, the library imported in the commands.
COMMANDS = '''
"""clew toy: count, trace and play the toy family."""

import click

from clew.cli._common import (
    Group,
    Integer,
    _play,
    _write_trace,
    max_events_option,
    play_options,
)


@click.group(cls=Group)
def toy():
    """Toy subsets: 'count' counts the subsets of 1..N summing to TOTAL, 'trace' prints the
    search, 'play' shows it."""


@toy.command("count")
@click.argument("n", type=Integer(0))
@click.argument("total", type=Integer(0))
def toy_count(n, total):
    """Count the subsets of 1..N whose numbers sum to TOTAL."""
    from clew_toy import count

    click.echo(count(n, total))


@toy.command("trace")
@click.argument("n", type=Integer(0))
@click.argument("total", type=Integer(0))
@max_events_option
def toy_trace(n, total, max_events):
    """The search as JSON lines."""
    from clew_toy import trace

    _write_trace(trace(n, total, max_events=max_events), max_events)


@toy.command("play")
@click.argument("n", type=Integer(0))
@click.argument("total", type=Integer(0))
@max_events_option
@play_options
def toy_play(n, total, max_events, html, animate, fps):
    """Show the search: an HTML player (--html FILE)."""
    from clew_toy import trace

    events = list(trace(n, total, max_events=max_events))
    _play(events, html, animate, fps, "toy", max_events=max_events)
'''

#: The picture module: the toy's drawings, registered with viz.
PICTURES = '''
"""The toy's pictures: the subset so far, in words and in the player."""

from clew.viz.registry import Kind, register

LEGEND = (("state", "drawing", "TOY: the numbers chosen so far"),)

#: The player's hooks for a board of its own: the chosen numbers as text.
JS = """
window.clewKinds = window.clewKinds || {};
window.clewKinds.toy = {
  newState: function (meta) { return []; },
  clone: function (s) { return s.slice(); },
  apply: function (s, ev) {
    if (ev.type === "place") s.push(ev.choice);
    else if (ev.type === "backtrack") s.pop();
  },
  build: function (board) { board.textContent = "{}"; },
  render: function (s, ev) { document.getElementById("board").textContent = "{" + s + "}"; },
  text: function (ev, endText) { return ev.type; },
  startText: function () { return "the empty set"; },
  pathItem: function (p) { var li = document.createElement("li"); li.textContent = p; return li; },
  what: function () { return "toy subsets"; }
};
"""


def toy_meta(events):
    return {"n": 1}


def describe_toy(event, size=None):
    if event["type"] == "place":
        return f"TOY: take {event['choice']}"
    if event["type"] == "backtrack":
        return f"TOY: put back {event['choice']}"
    return f"TOY: {event['type']}"


register(Kind("toy", meta=toy_meta, describe=describe_toy, legend=LEGEND, js=JS))
'''


def clew_files() -> dict[str, str]:
    """The SHA-256 of every file of the clew package (compiled caches left out)."""
    root = Path(clew.__file__).parent
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.fixture(scope="module")
def toy(tmp_path_factory) -> Path:
    """The folder of the toy family: ``clew_toy/``, ``clew/cli/toy.py``,
    ``clew/viz/toy_pictures.py``."""
    root = tmp_path_factory.mktemp("toy_family")
    for name, text in (
        ("clew_toy/__init__.py", PACKAGE),
        ("clew/cli/toy.py", COMMANDS),
        ("clew/viz/toy_pictures.py", PICTURES),
    ):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text.lstrip(), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def installed(toy):
    """The toy family in this process: its folder on ``sys.path`` and on the package paths of
    :mod:`clew.cli` and :mod:`clew.viz` (where a family outside clew's tree puts its modules),
    for the tests of this module; taken away after them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(toy))
        patch.setattr(cli, "__path__", [*cli.__path__, str(toy / "clew" / "cli")])
        patch.setattr(clew.viz, "__path__", [*clew.viz.__path__, str(toy / "clew" / "viz")])
        yield toy
    registry.unregister("toy")
    for name in ("clew_toy", "clew.cli.toy", "clew.viz.toy_pictures"):
        sys.modules.pop(name, None)


@pytest.fixture(autouse=True)
def clew_unchanged():
    """Every file of clew is the same after each test: adding the family edited none."""
    before = clew_files()
    yield
    assert clew_files() == before, "the toy family edited a file of clew"


def test_the_toy_family_is_a_command(installed):
    runner = CliRunner()
    result = runner.invoke(cli.cli, ["toy", "count", "6", "6"], prog_name="clew")
    assert (result.exit_code, result.output) == (0, "4\n")  # {6}, {1, 5}, {2, 4}, {1, 2, 3}
    listing = runner.invoke(cli.cli, ["--help"], prog_name="clew").output
    assert "toy      Toy subsets" in listing
    assert "Exit status" in runner.invoke(cli.cli, ["toy", "count", "--help"]).output
    bad = runner.invoke(cli.cli, ["toy", "count", "-1", "3"], prog_name="clew")
    assert bad.exit_code == 2 and "must be at least 0, got -1" in bad.output


def test_the_toy_trace_says_its_kind_and_viz_draws_it(installed):
    result = CliRunner().invoke(cli.cli, ["toy", "trace", "4", "5"], prog_name="clew")
    assert result.exit_code == 0
    events = [json.loads(line) for line in result.output.splitlines()]
    end = events[-1]
    assert (end["type"], end["kind"], end["solutions"]) == ("end", "toy", 2)  # {1, 4}, {2, 3}
    from clew.viz.player import player_html
    from clew.viz.replay import describe

    assert "toy" in registry.names() and registry.kind_of(events) == "toy"
    assert describe(events[0], kind="toy") == f"TOY: take {events[0]['choice']}"
    assert describe(end) == "TOY: end"  # an end event says its kind
    page = player_html(events)
    assert 'data-kind="toy"' in page and "TOY: the numbers chosen so far" in page
    assert "window.clewKinds.toy" in page


def test_the_toy_plays_through_the_shared_options(installed, tmp_path):
    out = tmp_path / "toy.html"
    result = CliRunner().invoke(
        cli.cli, ["toy", "play", "4", "5", "--html", str(out)], prog_name="clew"
    )
    assert result.exit_code == 0, result.output
    assert 'data-kind="toy"' in out.read_text(encoding="utf-8")


def test_the_toy_family_in_the_real_program(toy):
    env = {
        **os.environ,
        "PYTHONIOENCODING": "utf-8",
        "PYTHONPATH": os.pathsep.join([str(toy), *filter(None, [os.environ.get("PYTHONPATH")])]),
    }

    def clew_run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "clew", *args],
            capture_output=True,
            encoding="utf-8",
            env=env,
            timeout=120,
            cwd=toy,
        )

    counted = clew_run("toy", "count", "10", "10")
    # 10 = 10 = 1+9 = 2+8 = 3+7 = 4+6 = 1+2+7 = 1+3+6 = 1+4+5 = 2+3+5 = 1+2+3+4
    assert (counted.returncode, counted.stdout, counted.stderr) == (0, "10\n", "")
    traced = clew_run("toy", "trace", "3", "3")
    assert traced.returncode == 0 and traced.stderr == ""
    assert json.loads(traced.stdout.splitlines()[-1])["kind"] == "toy"
    assert "toy" in clew_run("--help").stdout
    # the picture module on PYTHONPATH joins clew.viz as the CLI module joins clew.cli
    played = clew_run("toy", "play", "3", "3", "--html", "-")
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("<!DOCTYPE html>") and '"toy"' in played.stdout
