"""The trace event format lives at the bottom of clew (:mod:`clew.trace`): the families make
traces without importing the pictures, and every trace says its kind -- in its ``end``
event, and as :attr:`clew.trace.Trace.kind` before any event is read."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import clew.trace
from clew import maze, queens, search, sudoku
from clew.errors import ClewError
from clew.search import examples


def test_the_traces_of_the_families_do_not_import_viz():
    code = (
        "import sys\n"
        "from clew import queens, sudoku\n"
        "list(queens.trace(4)); list(sudoku.trace('1...............', max_events=5))\n"
        "print(sorted(m for m in sys.modules if m.startswith('clew.viz')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, encoding="utf-8", timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_recorder_cuts_at_max_events_and_always_ends():
    record = clew.trace.Recorder(max_events=2)

    def search():
        for i in range(5):
            record.state["nodes"] += 1
            yield record("place", row=i, col=0)

    events = list(record.run(search(), kind="queens", strategy="textbook", n=5))
    assert [e["type"] for e in events] == ["place", "place", "end"]
    assert events[-1]["complete"] is False and events[-1]["nodes"] == events[-2]["nodes"] == 2


def test_the_end_event_says_the_kind_first_and_the_trace_knows_it_before_any_event():
    record = clew.trace.Recorder(max_events=None)
    trace = record.run(iter(()), kind="toy", strategy="textbook", size=3)
    assert trace.kind == "toy"  # nothing read yet
    (end,) = list(trace)
    assert list(end)[:3] == ["type", "kind", "complete"] and end["kind"] == "toy"
    with pytest.raises(TypeError):  # a trace without its kind cannot be made
        clew.trace.Recorder(max_events=None).run(iter(()), strategy="textbook")
    assert clew.trace.Trace([]).kind is None


@pytest.mark.parametrize(
    "make, kind",
    [
        (lambda **kw: queens.trace(4, **kw), "queens"),
        (lambda **kw: sudoku.trace("..3.4.........42", **kw), "sudoku"),
        (lambda **kw: maze.trace("S.#\n.#E\n...\n", **kw), "maze"),
        (lambda **kw: search.trace(examples.derangements(3), **kw), "search"),
    ],
    ids=["queens", "sudoku", "maze", "search"],
)
def test_every_family_says_its_kind(make, kind):
    trace = make()
    assert trace.kind == kind
    events = list(trace)
    assert events[-1]["type"] == "end" and events[-1]["kind"] == kind
    assert all("kind" not in e for e in events[:-1])  # said once, at the end
    # cut short, and counted only: still said
    assert list(make(max_events=1))[-1]["kind"] == kind
    assert list(make(summary=True)) == [json.loads(json.dumps(events[-1]))]


@pytest.mark.parametrize(
    "strategy, max_events", [("clever", None), ("pruned", 0), ("textbook", True)]
)
def test_bad_trace_arguments(strategy, max_events):
    with pytest.raises(ClewError):
        clew.trace.check_trace_args(strategy, max_events)
