"""The trace event format lives at the bottom of clew (:mod:`clew.trace`): the families make
traces without importing the pictures, and :mod:`clew.viz` still offers its names."""

from __future__ import annotations

import subprocess
import sys

import pytest

import clew.trace
import clew.viz
from clew.errors import ClewError


def test_viz_re_exports_the_event_format():
    for name in ("EVENT_TYPES", "STRATEGIES", "Recorder", "check_trace_args"):
        assert getattr(clew.viz, name) is getattr(clew.trace, name)
    assert clew.trace.EVENT_TYPES == ("place", "prune", "backtrack", "solution", "end")


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

    events = list(record.run(search(), strategy="textbook", n=5))
    assert [e["type"] for e in events] == ["place", "place", "end"]
    assert events[-1]["complete"] is False and events[-1]["nodes"] == events[-2]["nodes"] == 2


@pytest.mark.parametrize(
    "strategy, max_events", [("clever", None), ("pruned", 0), ("textbook", True)]
)
def test_bad_trace_arguments(strategy, max_events):
    with pytest.raises(ClewError):
        clew.trace.check_trace_args(strategy, max_events)
