"""The trace of the depth-first walk: it is the kernel's walk, step for step, and replaying it
gives the path at every moment."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import maze
from clew.errors import ClewError


def replay(events):
    """The path after each event, from the events alone."""
    path = []
    for event in events:
        if event["type"] == "place":
            path.append((event["row"], event["col"]))
        elif event["type"] == "backtrack":
            assert path[-1] == (event["row"], event["col"]) and event["dead_end"] is True
            path.pop()
        yield event, list(path)


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(1, 10),
    height=st.integers(2, 10),
    seed=st.integers(0, 2**64 - 1),
    method=st.sampled_from(maze.GENERATORS),
)
def test_the_trace_is_the_kernel_walk(width, height, seed, method):
    m = maze.generate(width, height, method=method, seed=seed)
    events = list(maze.trace(m))
    found = m.solve("dfs")
    end = events[-1]
    assert end["type"] == "end" and end["complete"] is True and end["all_solutions"] is False
    assert (end["nodes"], end["backtracks"], end["solutions"]) == (found.nodes, found.backtracks, 1)
    assert maze.Maze.from_text(end["maze"]) == m and end["start"] == [1, 1]
    for event, path in replay(events):
        assert event["depth"] == len(path)
        if event["type"] == "solution":
            assert [tuple(c) for c in event["path"]] == list(found.path) == [m.start, *path]
    assert sum(e["type"] == "place" for e in events) == found.nodes
    assert sum(e["type"] == "backtrack" for e in events) == found.backtracks


def test_a_maze_without_a_path_ends_with_no_solution():
    events = list(maze.trace("S.#\n.##\n##E\n"))
    assert [e["type"] for e in events] == ["place", "backtrack", "place", "backtrack", "end"]
    assert events[-1]["solutions"] == 0 and events[-1]["complete"] is True


def test_max_events_and_summary():
    m = maze.generate(20, 20, seed=4)
    cut = list(maze.trace(m, max_events=5))
    assert len(cut) == 6 and cut[-1]["complete"] is False and cut[-1]["nodes"] == cut[-2]["nodes"]
    summary = list(maze.trace(m, summary=True))
    assert len(summary) == 1 and summary[0]["nodes"] == m.solve("dfs").nodes
    with pytest.raises(ClewError, match="max_events must be between 1"):
        maze.trace(m, max_events=0)
