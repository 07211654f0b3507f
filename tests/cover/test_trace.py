"""Traces of the exact cover search (clew.cover.trace): the kernel's own events, checked
against the pure-Python reference and the verifier, paused and resumed after any event."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import cover
from clew.cover import Problem, Search, _reference, check_cover, knuth
from clew.cover.trace import trace
from clew.errors import ClewError
from helpers.cover import DLX3_TEXT, bounded_problems

trace_module = sys.modules["clew.cover.trace"]  # clew.cover.trace is also the function


def replay(problem, events):
    """Check the events against each other and return the solutions they name."""
    stack, solutions, dead = [], [], 0
    places = 0
    for e in events:
        kind = e["type"]
        if kind == "place":
            places += 1
            if e["option"] is not None:
                assert e["items"] == list(problem.options[e["option"]])
                assert e["item"] in [name for name, _ in problem.entries[e["option"]]]
            else:
                assert e["items"] == []
            stack.append((e["option"], e["item"], len(solutions)))
            assert e["depth"] == len(stack) and e["nodes"] == places
            assert (e["row"], e["choice"]) == (len(stack) - 1, e["option"]) and e["col"] >= 0
        elif kind == "backtrack":
            option, item, before = stack.pop()
            assert (e["option"], e["item"]) == (option, item)  # the last placement, undone
            assert e["dead_end"] == (len(solutions) == before)
            dead += e["dead_end"]
            assert e["depth"] == len(stack) and e["backtracks"] == dead
        elif kind == "prune":
            assert e["item"] in problem.primary and e["why"] == "too few options"
        elif kind == "solution":
            assert e["options"] == sorted(o for o, _, _ in stack if o is not None)
            assert e["path"] == [o for o, _, _ in stack] and len(e["columns"]) == len(stack)
            check_cover(problem, e["options"])
            solutions.append(e["options"])
            assert e["solutions"] == len(solutions)
        else:
            assert kind == "end" and e is events[-1]
            assert (e["solutions"], e["nodes"], e["backtracks"]) == (len(solutions), places, dead)
    return solutions


@settings(max_examples=150, deadline=None)
@given(problem=bounded_problems(), batch=st.sampled_from([1, 2, 3, 4096]))
def test_trace_follows_the_kernel(problem, batch):
    old = trace_module._BATCH
    trace_module._BATCH = batch  # a small buffer pauses the kernel after every kind of event
    try:
        events = list(trace(problem))
        first = list(trace(problem, limit=1))
        two = list(trace(problem, limit=2))
    finally:
        trace_module._BATCH = old
    found = replay(problem, events)
    assert found == list(Search(problem, engine="multiplicity"))  # same search, same order
    assert sorted(found) == sorted(_reference.multiplicity_solutions(problem))
    assert events[-1]["complete"] and events[-1]["all_solutions"]
    assert replay(problem, first) == found[:1] and not first[-1]["all_solutions"]
    assert replay(problem, two) == found[:2]
    if len(events) > 4:  # more than 3 events before the end one
        cut = list(trace(problem, max_events=3))
        assert cut[:3] == events[:3] and not cut[-1]["complete"] and len(cut) == 4
    (end,) = list(trace(problem, summary=True))
    assert end == events[-1]


def test_trace_of_knuths_dlx3_example_and_of_plain_problems():
    p = knuth.read(DLX3_TEXT)
    events = list(trace(p))
    assert replay(p, events) == [[1, 3, 4]]
    assert events[-1]["primary"] == 3 and events[-1]["options"] == 5
    tiles = cover.pentominoes(20, 3)  # no multiplicities: Algorithm C's search
    events = list(trace(tiles))
    assert len(replay(tiles, events)) == 8 == cover.count(tiles)
    assert not any(e["type"] == "place" and e["option"] is None for e in events)  # no null moves
    q = Problem([["a", "b"], ["a"], ["b"]], bounds={"a": 2})
    assert replay(q, list(trace(q))) == [[0, 1]]
    assert any(e["type"] == "prune" and e["item"] == "a" for e in trace(q))


def test_the_player_shows_a_cover_trace_as_a_search():
    from clew.viz.player import player_html
    from clew.viz.registry import kind_of

    events = list(trace(knuth.read(DLX3_TEXT)))
    assert kind_of(events) == "search"  # the trace says its kind
    assert "<html" in player_html(events).lower()


def test_trace_arguments():
    for kwargs, message in [
        ({"limit": 0}, "limit"),
        ({"max_events": 0}, "max_events"),
        ({"limit": "1"}, "limit"),
    ]:
        with pytest.raises(ClewError, match=message):
            trace([["a"]], **kwargs)
