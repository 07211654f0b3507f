"""The traces of clew.search: the event format of clew.trace, the textbook N-Queens trace
square for square, and the pictures of clew.viz drawing them unchanged (the player shows
a search of one's own as its drawing, or the path of choices)."""

from __future__ import annotations

import io
import json
import re
import time
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import queens, search
from clew.errors import ClewError
from clew.search import examples
from clew.trace import EVENT_TYPES
from clew.viz.player import player_html, write_player
from clew.viz.replay import replay_queens
from clew.viz.svg import tree_svg

COUNTERS = ("depth", "nodes", "backtracks", "solutions")

PROBLEMS = {
    "queens": lambda: examples.queens(5),
    "lines": lambda: examples.queens_lines(5),
    "derangements": lambda: examples.derangements(4),
    "subsets": lambda: examples.subset_sum([3, 34, 4, 12, 5, 2], 9),
    "colouring": lambda: examples.colouring(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 2)], 3),
    "words": lambda: examples.word_search(["ABA", "BAB"], "ABA"),
}


@pytest.mark.parametrize("n", range(1, 8))
def test_the_textbook_queens_trace_square_for_square(n):
    ours = list(search.trace(examples.queens(n)))
    theirs = list(queens.trace(n, "textbook"))
    assert [e["type"] for e in ours] == [e["type"] for e in theirs]
    for a, b in zip(ours, theirs, strict=False):
        for key in ("row", "col", "dead_end", "columns", *COUNTERS):
            if key in b:
                assert a[key] == b[key], (key, a, b)
    # and stopping at the first solution
    ours = list(search.trace(examples.queens(n), all_solutions=False))
    theirs = list(queens.trace(n, "textbook", all_solutions=False))
    assert [(e["type"], *(e[k] for k in COUNTERS)) for e in ours] == [
        (e["type"], *(e[k] for k in COUNTERS)) for e in theirs
    ]


@pytest.mark.parametrize("name", PROBLEMS)
def test_counters_are_the_statistics_of_the_search(name):
    problem = PROBLEMS[name]()
    stats = search.run(problem)
    events = list(search.trace(problem))
    end = events[-1]
    assert end["type"] == "end" and end["complete"] and end["all_solutions"]
    assert (end["solutions"], end["nodes"], end["backtracks"], end["depth"]) == (
        stats.solutions,
        stats.nodes,
        stats.backtracks,
        0,
    )
    assert sum(e["type"] == "prune" for e in events) == stats.prunes
    assert max(e["depth"] for e in events) == stats.max_depth
    assert sum(e["type"] == "backtrack" and e["dead_end"] for e in events) == stats.backtracks
    assert [e["path"] for e in events if e["type"] == "solution"] == [
        json.loads(json.dumps(path)) for path in _paths(problem)
    ]
    assert all(e["type"] in EVENT_TYPES for e in events)
    json.dumps(events)  # plain JSON data
    # summary: the end event alone, the same counters
    assert list(search.trace(problem, summary=True)) == [end]


def _paths(problem):
    """The choices of each solution, read from the events' alternatives: the path a
    solution event names must be the one the place events built."""
    path, out = [], []
    for e in search.trace(problem):
        if e["type"] == "place":
            path.append(e["choice"])
        elif e["type"] == "backtrack":
            path.pop()
        elif e["type"] == "solution":
            out.append(list(path))
    return out


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(PROBLEMS)), st.integers(1, 120), st.booleans())
def test_max_events_cuts_the_trace(name, limit, every):
    problem = PROBLEMS[name]()
    whole = list(search.trace(problem, all_solutions=every))
    cut = list(search.trace(problem, all_solutions=every, max_events=limit))
    if limit >= len(whole) - 1:
        assert cut == whole
    else:
        assert cut[:-1] == whole[:limit]
        assert cut[-1]["complete"] is False
        assert all(cut[-1][k] == whole[limit - 1][k] for k in COUNTERS)


def test_first_solution_only_and_bad_arguments():
    events = list(search.trace(examples.derangements(4), all_solutions=False))
    assert events[-2]["type"] == "solution" and events[-1]["solutions"] == 1
    assert events[-1]["all_solutions"] is False and events[-1]["complete"] is True
    with pytest.raises(ClewError, match="max_events"):
        search.trace(examples.queens(4), max_events=0)
    with pytest.raises(ClewError, match="order"):
        search.trace(examples.queens(4), order="mrv")


def test_drawings_and_choices():
    events = list(search.trace(examples.queens(4)))
    assert events[-1]["board"] == "\n".join([". . . ."] * 4)  # the start state
    first = next(e for e in events if e["type"] == "solution")
    assert first["board"] == ". Q . .\n. . . Q\nQ . . .\n. . Q ."
    assert first["columns"] == first["path"] == [1, 3, 0, 2]
    # choices as JSON: pairs as lists; a state at the start that is a solution
    events = list(search.trace(examples.queens_lines(4)))
    assert events[-1]["strategy"] == "mrv"
    assert all(isinstance(e["choice"], list) for e in events if e["type"] == "place")
    assert [e["type"] for e in search.trace(examples.derangements(0))] == ["solution", "end"]
    # a prune names the last placement on the path, or nothing at the start
    prunes = [e for e in search.trace(examples.subset_sum([3, 34, 4], 7)) if e["type"] == "prune"]
    assert prunes[0]["by"] is None or prunes[0]["row"] > 0
    for e in prunes:
        assert e["why"] == "accept"
        assert (e["by"] is None) == (e["row"] == 0)


# ---- the pictures of clew.viz, unchanged ------------------------------------------------------


@pytest.mark.parametrize("name", PROBLEMS)
def test_the_search_tree_svg(name):
    problem = PROBLEMS[name]()
    stats = search.run(problem)
    svg = tree_svg(search.trace(problem), max_nodes=100_000)
    root = ET.fromstring(svg)
    groups = [g.get("class") for g in root.iter("{http://www.w3.org/2000/svg}g")]
    assert groups.count("node") + groups.count("node solution") == stats.nodes
    assert groups.count("node solution") == stats.solutions
    assert groups.count("pruned") == stats.prunes


def test_the_tree_of_textbook_queens_is_the_queens_tree():
    ours = tree_svg(search.trace(examples.queens(4)))
    theirs = tree_svg(queens.trace(4, "textbook"))
    shapes = re.compile(r"<(?:circle|line|path)[^>]*>")
    assert shapes.findall(ours) == shapes.findall(theirs)


def test_replay_on_the_grid_of_levels_and_alternatives():
    events = list(search.trace(examples.queens(5)))
    for event, columns in replay_queens(events, 5):
        if event["type"] == "solution":
            assert columns == event["columns"]


def test_the_terminal_animation():
    from rich.console import Console

    from clew.viz.animate import animate

    console = Console(file=io.StringIO(), force_terminal=False, width=60)
    last = animate(search.trace(examples.queens(4)), kind="queens", n=4, fps=1000, console=console)
    assert last["type"] == "end" and last["solutions"] == 2
    assert (
        "end: 2 solutions, 16 queens placed, 8 backtracks" in console.file.getvalue()
    )  # the last frame


def test_the_player_knows_a_search_of_its_own():
    page = player_html(search.trace(examples.derangements(3)), title="derangements")
    assert 'data-kind="search"' in page
    data = json.loads(
        re.search(
            r'<script type="application/json" id="trace-data">(.*?)</script>', page, re.S
        ).group(1)
    )
    assert data["meta"] == {
        "n": 1,
        "problem": "derangements(3)",
        "start": None,
        "drawn": False,
        "strategy": "first",
        "complete": True,
    }
    page = player_html(search.trace(examples.queens(4)))
    data = json.loads(re.search(r'id="trace-data">(.*?)</script>', page, re.S).group(1))
    assert (
        data["kind"] == "search"
        and data["meta"]["drawn"]
        and data["meta"]["start"].startswith(". . . .")
    )
    # told explicitly, and the queens kind still read as it was
    assert 'data-kind="search"' in player_html(
        list(search.trace(examples.queens(4)))[:3], kind="search"
    )
    assert 'data-kind="queens"' in player_html(queens.trace(4, "textbook"))
    with pytest.raises(ClewError, match="'maze', 'queens', 'search' or 'sudoku', got 'chess'"):
        player_html(search.trace(examples.queens(4)), kind="chess")


# ---- the player at work in Chromium -----------------------------------------------------------

# the browser fixture (the system Chromium) is in tests/conftest.py
STATE = """() => ({
    step: Number(document.getElementById('step-index').textContent),
    total: Number(document.getElementById('step-total').textContent),
    solutions: Number(document.getElementById('solutions').textContent),
    drawing: document.getElementById('drawing').textContent,
    path: [...document.querySelectorAll('#path li')].map(e => e.dataset.choice),
    text: document.getElementById('event-text').textContent,
    summary: document.getElementById('summary').textContent,
})"""


def _open(browser, path):
    page = browser.new_page(viewport={"width": 1000, "height": 700})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.goto(path.resolve().as_uri())
    return page, errors


def _step(page, times=1):
    return page.evaluate(
        f"() => {{ for (let i = 0; i < {times}; i++) document.getElementById('step').click();"
        f" return ({STATE})(); }}"
    )


def test_player_shows_the_drawing_of_the_state(browser, tmp_path):
    events = list(search.trace(examples.queens(4)))
    page, errors = _open(browser, write_player(events, tmp_path / "q.html"))
    start = page.evaluate(STATE)
    assert start["drawing"] == events[-1]["board"] and start["summary"].startswith(
        "queens(4), first order"
    )
    at = next(i for i, e in enumerate(events) if e["type"] == "solution")
    state = _step(page, at + 1)
    assert state["drawing"] == events[at]["board"] and state["solutions"] == 1
    assert state["path"] == ["1", "3", "0", "2"] and state["text"] == "solution 1"
    state = _step(page)  # the last queen taken back: the drawing of the state before it
    assert state["path"] == ["1", "3", "0"] and state["drawing"].splitlines()[3] == ". . . ."
    assert "take back 2" in state["text"]
    back = page.evaluate(
        "() => { document.getElementById('back').click(); return (" + STATE + ")(); }"
    )
    assert back["drawing"] == events[at]["board"]
    assert errors == []
    page.close()


def test_player_shows_the_path_without_a_drawing(browser, tmp_path):
    events = list(search.trace(examples.subset_sum([3, 34, 4, 12, 5, 2], 9)))
    page, errors = _open(browser, write_player(events, tmp_path / "s.html"))
    assert page.evaluate(STATE)["drawing"] == "start"
    page.evaluate(
        "() => { const s = document.getElementById('seek'); s.value = s.max; s.dispatchEvent(new "
        "Event('input')); }"
    )
    at = next(i for i, e in enumerate(events) if e["type"] == "solution")
    page.evaluate(
        f"() => {{ const s = document.getElementById('seek'); s.value = {at + 1}; "
        f"s.dispatchEvent(new Event('input')); }}"
    )
    state = page.evaluate(STATE)
    assert state["drawing"] == "start \u2192 " + " \u2192 ".join(
        json.dumps(c) for c in events[at]["path"]
    )
    assert state["path"] == [json.dumps(c) for c in events[at]["path"]]
    time.sleep(0.05)
    assert errors == []
    page.close()
