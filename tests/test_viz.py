"""The package :mod:`clew.viz` names the event format of :mod:`clew.trace` for code written
against it."""

from __future__ import annotations

import clew.trace
import clew.viz


def test_viz_re_exports_the_event_format():
    for name in ("EVENT_TYPES", "STRATEGIES", "Recorder", "check_trace_args"):
        assert getattr(clew.viz, name) is getattr(clew.trace, name)
    assert clew.trace.EVENT_TYPES == ("place", "prune", "backtrack", "solution", "end")
