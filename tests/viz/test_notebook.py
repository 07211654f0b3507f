"""Pictures in a notebook: the display hook (clew._display), the values that carry it (a queens
Solution and Completion, a Sudoku Grid, a Trace) and their renderer (clew.viz.notebook).

The methods are called as IPython calls them, without IPython (a subprocess checks that
nothing imports it); the framed player of a trace is loaded in the real headless Chromium as
the player's own tests load a page (their fixture and helpers, from test_player), and driven
inside its frame: every step against a replay of the events in Python, no error, no request.
"""

from __future__ import annotations

import copy
import itertools
import json
import os
import pickle
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import clew
from clew import _display, maze, queens, search, sudoku
from clew.errors import ClewError
from clew.trace import Trace
from clew.viz import notebook
from clew.viz.player import player_html
from helpers.player import (  # the browser fixture is in tests/conftest.py
    GEOMETRY,
    LEETCODE,
    SMALL,
    ZERO,
    Player,
    assert_square_board,
    counters,
    replay_queens,
    replay_sudoku,
    sudoku_grid,
)

SVG_NS = "{http://www.w3.org/2000/svg}"


def parse_svg(text):
    root = ET.fromstring(text)
    assert root.tag == SVG_NS + "svg"
    return root


def queens_on(root):
    """The (row, column) of every queen drawn."""
    return sorted(
        (int(e.get("data-row")), int(e.get("data-col")))
        for e in root.iter()
        if "queen" in (e.get("class") or "").split()
    )


def digits_on(root):
    """{(row, column): digit} of every digit drawn."""
    return {
        (int(e.get("data-row")), int(e.get("data-col"))): int(e.get("data-digit"))
        for e in root.iter()
        if e.get("data-digit") is not None
    }


class Frames(HTMLParser):
    """The iframes of an HTML fragment, as parsed by a real HTML parser: their attributes,
    with the entities of the attribute values decoded."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.frames, self.other = [], []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        (self.frames if tag == "iframe" else self.other).append(dict(attrs))


def framed_page(fragment):
    """The document inside the one iframe of ``fragment``, and the iframe's attributes."""
    parsed = Frames(fragment)
    assert len(parsed.frames) == 1 and parsed.other == [], (parsed.frames, parsed.other)
    return parsed.frames[0]["srcdoc"], parsed.frames[0]


# ---- the hook ---------------------------------------------------------------------------------


def test_the_root_package_installs_the_renderer_and_it_can_be_taken_away():
    solution = queens.Solution((1, 3, 0, 2))
    assert solution._repr_svg_().startswith("<svg")
    previous = _display.set_renderer(None)
    try:
        # no renderer: no picture, and no error either -- IPython then shows the repr
        assert solution._repr_svg_() is None and solution._repr_html_() is None
        assert queens.trace(4)._repr_html_() is None
        assert sudoku.Grid(SMALL)._repr_svg_() is None
    finally:
        _display.set_renderer(previous)
    assert previous is clew._render
    assert solution._repr_svg_().startswith("<svg")


def test_a_value_that_cannot_be_drawn_gives_none_and_a_bug_is_raised():
    assert queens.Solution(range(65))._repr_svg_() is None  # more rows than queens_svg draws
    assert queens.Solution((0, 9, 1))._repr_svg_() is None  # a column off the board
    assert queens.Solution(())._repr_svg_() is None  # no board at all
    assert Trace(iter(()))._repr_html_() is None  # no event to play

    def broken(obj, mime):
        raise KeyError("a bug")

    previous = _display.set_renderer(broken)
    try:
        with pytest.raises(KeyError):
            queens.Solution((0,))._repr_svg_()
    finally:
        _display.set_renderer(previous)


def test_values_that_are_not_pictures_are_unaffected():
    plain = next(queens.solutions(8))
    assert type(plain) is tuple  # the bulk enumeration streams plain tuples
    assert type(queens.one(8)).__name__ == "SolutionArray"  # a picture (issue 25), see below
    for value in (
        plain,
        (1, 3, 0, 2),
        [1, 2],
        {"type": "end"},
        queens.one(8).view(np.ndarray),
        "text",
        None,
        3,
    ):
        assert notebook.render(value, _display.SVG) is None
        assert notebook.render(value, _display.HTML) is None
    # a list of events is no trace (it has no picture method); wrapped in a Trace it plays
    events = list(queens.trace(4))
    assert notebook.render(events, _display.HTML) is None
    assert notebook.render(Trace(events), _display.HTML).startswith("<iframe")
    # each value answers in its one form only
    assert queens.Solution((0,))._repr_html_() is None
    assert sudoku.Grid(SMALL)._repr_html_() is None
    assert queens.trace(4)._repr_svg_() is None
    assert notebook.render(queens.Solution((0,)), "image/png") is None


# ---- a queens solution ------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 12).flatmap(lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n))
)
def test_a_solution_draws_its_queens_where_it_says(columns):
    s = queens.Solution(columns)
    root = parse_svg(s._repr_svg_())
    assert queens_on(root) == sorted(enumerate(columns))
    n = len(columns)
    assert len([e for e in root.iter() if "square" in (e.get("class") or "").split()]) == n * n


def test_a_solution_is_still_the_same_tuple():
    plain = (0, 4, 7, 5, 2, 6, 1, 3)
    s = queens.Solution(plain)
    assert isinstance(s, tuple)
    assert s == plain and plain == s and hash(s) == hash(plain) and {s: 1}[plain] == 1
    assert repr(s) == repr(plain) == str(s) == "(0, 4, 7, 5, 2, 6, 1, 3)"
    assert json.dumps(s) == json.dumps(plain) == "[0, 4, 7, 5, 2, 6, 1, 3]"
    assert s[2:4] == (7, 5) and type(s[2:4]) is tuple and type(s + (1,)) is tuple
    assert not hasattr(s, "__dict__")  # no per-solution dict: as small as the tuple
    assert sorted([queens.Solution((2, 0)), (1, 3)]) == [(1, 3), (2, 0)]
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(s, protocol))
        assert back == plain and type(back) is tuple  # loads as a plain tuple, anywhere
        assert b"Solution" not in pickle.dumps(s, protocol)
    assert copy.deepcopy(s) == plain


def test_fundamental_solutions_are_pictures_and_still_the_published_ones(queens_counts):
    for n in range(1, 11):
        found = list(queens.fundamental_solutions(n))
        assert len(found) == queens_counts.unique[n]
        assert all(type(s) is queens.Solution and queens.is_solution(s) for s in found)
        assert found == sorted(set(found))
    eight = list(queens.fundamental_solutions(8))
    root = parse_svg(eight[0]._repr_svg_())
    assert queens_on(root) == list(enumerate(eight[0]))
    # the same values as plain tuples: what the enumeration gives, kept by the symmetry test
    assert set(eight) <= set(queens.solutions(8))


def test_a_completion_draws_its_first_completion():
    result = queens.complete(8, placed=[(0, 0), (1, 4)])
    root = parse_svg(result._repr_svg_())
    assert queens_on(root) == list(enumerate(result.first.tolist()))
    assert (
        queens.is_solution(result.first) and (0, 0) in queens_on(root) and (1, 4) in queens_on(root)
    )
    assert queens.complete(4, placed=[(0, 0)])._repr_svg_() is None  # none: the plain repr
    assert repr(result).startswith("Completion(first=array([0, 4, ")  # the dataclass's own


# ---- a Sudoku grid ----------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", [SMALL, LEETCODE, "." * 256, "1" + "." * 15])
def test_a_grid_draws_its_digits(puzzle):
    grid = sudoku.Grid(puzzle)
    root = parse_svg(grid._repr_svg_())
    n = grid.n
    assert digits_on(root) == {(r, c): grid[r, c] for r in range(n) for c in range(n) if grid[r, c]}


def test_a_solved_grid_draws_every_cell():
    solved = sudoku.solve(LEETCODE)
    assert isinstance(solved, sudoku.Grid)
    drawn = digits_on(parse_svg(solved._repr_svg_()))
    assert len(drawn) == 81 and sudoku.is_solution(solved)
    assert "".join(str(drawn[r, c]) for r in range(9) for c in range(9)) == solved.to_line()


def test_a_grid_is_still_the_same_value():
    grid = sudoku.Grid(SMALL)
    assert grid == sudoku.Grid(SMALL) and hash(grid) == hash(sudoku.Grid(SMALL))
    assert repr(grid) == f"Grid({SMALL!r})" and pickle.loads(pickle.dumps(grid)) == grid
    with pytest.raises(AttributeError):
        grid.anything = 1  # still immutable, still slotted
    assert not hasattr(grid, "__dict__")


# ---- a maze -----------------------------------------------------------------------------------


@pytest.mark.parametrize("width, height, seed", [(5, 3, 2), (12, 8, 7), (2, 1, 0)])
def test_a_maze_draws_itself_with_its_start_and_end(width, height, seed):
    m = maze.generate(width, height, seed=seed)
    root = parse_svg(m._repr_svg_())
    rows, cols = m.shape
    assert root.get("viewBox").split()[2:] == [
        str(20 * cols),
        str(20 * rows),
    ]  # a square per character
    marks = {
        e.get("class"): (int(e.get("data-row")), int(e.get("data-col")))
        for e in root.iter(SVG_NS + "rect")
        if e.get("class") in ("start", "end")
    }
    assert marks == {"start": m.start, "end": m.end}
    assert m._repr_html_() is None and repr(m).startswith("<Maze ")


# ---- a trace ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: queens.trace(5, "textbook"),
        lambda: queens.trace(6),
        lambda: sudoku.trace(SMALL, "textbook"),
        lambda: sudoku.trace(LEETCODE),
        lambda: search.trace(search.examples.queens(4)),
        lambda: maze.trace(maze.generate(6, 4, seed=3)),
    ],
)
def test_a_trace_shows_the_player_of_its_events_in_a_sandboxed_frame(make):
    events = list(make())
    trace = make()
    assert isinstance(trace, Trace)
    page, attrs = framed_page(trace._repr_html_())
    assert page == player_html(events)  # the whole page, exactly, after the entities
    assert attrs["sandbox"] == "allow-scripts"
    assert (
        f"height: {notebook.FRAME_HEIGHT}px" in attrs["style"] and "width: 100%" in attrs["style"]
    )
    assert (
        "src" not in attrs and "http://" not in page and "https://" not in page
    )  # inline: nothing to fetch
    # shown, then read: every event is still there, in order
    assert list(trace) == events
    assert list(trace) == []  # read once, as the generator was


def test_showing_a_trace_half_read_plays_the_rest_and_leaves_it_to_read():
    events = list(queens.trace(5, "textbook"))
    trace = queens.trace(5, "textbook")
    head = list(itertools.islice(trace, 10))
    page, _ = framed_page(trace._repr_html_())
    assert page == player_html(events[10:])
    assert head + list(trace) == events


def test_a_trace_too_long_for_a_notebook_is_shown_cut(monkeypatch):
    monkeypatch.setattr(notebook, "MAX_NOTEBOOK_EVENTS", 50)
    endless = Trace(
        itertools.repeat({"type": "prune", "row": 0, "col": 0, "why": "column", "by": [0, 0]})
    )
    page, _ = framed_page(endless._repr_html_())  # returns: reads 51 events, not forever
    assert "<title>clew: the first 50 events</title>" in page
    assert len(json.loads(page.split('id="trace-data">')[1].split("</script>")[0])["events"]) == 50
    assert sum(1 for _ in itertools.islice(endless, 60)) == 60  # the search goes on
    events = list(queens.trace(6, max_events=50))  # 51: the end event is one too many
    page, _ = framed_page(queens.trace(6, max_events=50)._repr_html_())
    assert page == player_html(events[:50], title="clew: the first 50 events")


def test_a_trace_is_an_iterator_like_the_generator_it_was():
    trace = queens.trace(4, "textbook")
    assert iter(trace) is trace and next(trace)["type"] == "place"
    assert trace.peek(2) == trace.peek(2) and len(trace.peek(3)) == 3
    assert repr(trace) == "<clew.trace.Trace: events read as iterated>"
    trace.close()  # stops the search, as generator.close() does
    assert list(trace) == []
    # summary traces and max_events behave as before
    assert [e["type"] for e in queens.trace(8, summary=True)] == ["end"]
    cut = list(sudoku.trace(LEETCODE, max_events=3))
    assert len(cut) == 4 and cut[-1]["complete"] is False
    with pytest.raises(StopIteration):
        next(Trace([]))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 30), st.lists(st.one_of(st.just("next"), st.integers(0, 12)), max_size=40))
def test_peeking_never_changes_what_iteration_yields(length, steps):
    """Any mix of next() and peek(k): next() hands out the events in order, each once, and
    peek(k) is always the next k of them (or what is left)."""
    events = [{"type": "place", "row": i, "col": 0} for i in range(length)]
    trace, given_out = Trace(iter(events)), []
    for step in steps:
        if step == "next":
            item = next(trace, None)
            if item is not None:
                given_out.append(item)
        else:
            assert trace.peek(step) == events[len(given_out) : len(given_out) + step]
    assert given_out + list(trace) == events


def test_frame_escapes_every_quote_and_refuses_a_bad_height():
    nasty = """<p title='a' data-x="b">&amp;</p><script>"</iframe>"</script>"""
    page, attrs = framed_page(notebook.frame(nasty, title='"a" <b>'))
    assert page == nasty and attrs["title"] == '"a" <b>'
    with pytest.raises(ClewError, match="height"):
        notebook.frame("x", height=0)


# ---- IPython, as it is or as it is not --------------------------------------------------------


def test_ipython_picks_the_pictures_when_it_is_installed():
    formatters = pytest.importorskip(
        "IPython.core.formatters", reason="IPython is not installed (not needed)"
    )
    formatter = formatters.DisplayFormatter()
    data, _ = formatter.format(queens.Solution((1, 3, 0, 2)))
    assert data["text/plain"] == "(1, 3, 0, 2)" and data["image/svg+xml"].startswith("<svg")
    data, _ = formatter.format(queens.trace(4))
    assert data["text/html"].startswith("<iframe") and "image/svg+xml" not in data
    data, _ = formatter.format(sudoku.Grid(SMALL))
    assert set(data) == {"text/plain", "image/svg+xml"}
    data, _ = formatter.format((1, 3, 0, 2))
    assert set(data) == {"text/plain"}


def run_python(code):
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        encoding="utf-8",
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_import_clew_stays_light_and_pictures_need_no_ipython():
    out = run_python(
        "import sys; sys.modules['IPython'] = None  # any import of IPython now fails\n"
        "import clew\n"
        "print(sorted(m for m in sys.modules if m.startswith(('numpy', 'numba', 'clew.viz'))))\n"
        "from clew import queens\n"
        "before = 'clew.queens.completion' in sys.modules\n"
        "print(queens.Solution((1, 3, 0, 2))._repr_svg_()[:4],\n"
        "      before == ('clew.queens.completion' in sys.modules))\n"
        "print(queens.trace(4)._repr_html_()[:7])\n"
    )
    # a Solution is drawn without importing the completion kernels (the renderer looks a
    # class up only in the modules already imported)
    assert out.splitlines() == ["[]", "<svg True", "<iframe"]


# ---- the framed player in Chromium ------------------------------------------------------------

NOTEBOOK = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>notebook</title>
<style>
  /* a notebook's own styles, which must not reach the player */
  body { font-family: serif; background: #fff; margin: 0; }
  .cell { width: @WIDTH@px; margin: 8px; }
  .board, #board, .square, div { background: red !important; display: block !important; }
</style></head>
<body><div id="board" class="cell">@OUTPUT@</div>
<script>
window.addEventListener('keydown', (e) => {
  document.body.dataset.keys = (document.body.dataset.keys || '') + e.key; });
</script>
</body></html>
"""


class Framed(Player):
    """The player inside the iframe of a notebook page: the helpers of the player's tests,
    run in the frame (a Playwright Frame evaluates and clicks as a Page does)."""

    def __init__(self, browser, path, viewport=(1100, 900)):
        super().__init__(browser, path, viewport)
        self.top = self.page
        self.top.wait_for_selector("iframe")
        self.page = self.top.frames[1] if len(self.top.frames) > 1 else None
        assert self.page is not None and self.page.parent_frame == self.top.main_frame
        self.page.wait_for_selector("#board [data-row]")

    def close(self):
        assert self.errors == []
        local = ("file:", "data:", "about:")
        assert self.requests and all(url.startswith(local) for url in self.requests), self.requests
        self.top.close()


def notebook_page(tmp_path, name, output, width=900):
    path = tmp_path / name
    path.write_text(
        NOTEBOOK.replace("@WIDTH@", str(width)).replace("@OUTPUT@", output), encoding="utf-8"
    )
    return path


def test_errors_inside_the_frame_are_seen(browser, tmp_path):
    """The check the tests below rely on: a script error inside a sandboxed srcdoc frame
    reaches the page's error list."""
    output = notebook.frame(
        "<!DOCTYPE html><body><div id='board'><i data-row='0'></i></div>"
        "<script>undefinedFunction()</script></body>"
    )
    view = Player(browser, notebook_page(tmp_path, "broken.html", output))
    view.page.wait_for_timeout(300)
    assert any("undefinedFunction" in e for e in view.errors), view.errors
    view.page.close()


def test_queens_trace_plays_inside_the_notebook_frame(browser, tmp_path):
    events = list(queens.trace(4, "textbook"))
    view = Framed(
        browser, notebook_page(tmp_path, "queens.html", queens.trace(4, "textbook")._repr_html_())
    )
    first = view.state()
    assert (first["step"], first["total"], first["counters"], first["queens"]) == (
        0,
        len(events),
        ZERO,
        [],
    )
    view.click("#step", 2)  # real mouse clicks inside the frame
    assert view.state()["step"] == 2
    for k in range(3, len(events) + 1):
        state = view.press("#step")
        assert state["step"] == k
        assert {tuple(q) for q in state["queens"]} == replay_queens(events, k), k
        assert state["counters"] == counters(events[k - 1]), k
    back = view.press("#back")
    assert back["step"] == len(events) - 1
    end = view.play_to_end()
    assert end["counters"] == counters(events[-1]) and end["counters"]["solutions"] == 2
    # the notebook's styles did not reach the player, nor its script the notebook
    style = view.page.evaluate(
        "() => getComputedStyle(document.querySelector('#board .square')).backgroundColor"
    )
    assert style != "rgb(255, 0, 0)"
    assert view.top.evaluate(
        "() => [document.querySelectorAll('#board').length, document.title]"
    ) == [1, "notebook"]
    # the frame has no origin of its own: it cannot read the notebook page
    parent = "() => { try { return window.parent.document.title; } catch (e) { return e.name; } }"
    assert view.page.evaluate(parent) == "SecurityError"
    # its keyboard shortcuts work in the frame, and the notebook never sees those keys
    view.click("#reset")
    view.top.keyboard.press("ArrowRight")
    view.top.keyboard.press("ArrowRight")
    assert view.state()["step"] == 2
    assert view.top.evaluate("() => document.body.dataset.keys || ''") == ""
    shot = tmp_path / "notebook-queens.png"
    view.top.screenshot(path=str(shot))
    print(f"screenshot: {shot}")
    view.close()


def test_sudoku_trace_plays_inside_the_notebook_frame(browser, tmp_path):
    events = list(sudoku.trace(SMALL, "textbook"))
    view = Framed(
        browser,
        notebook_page(tmp_path, "sudoku.html", sudoku.trace(SMALL, "textbook")._repr_html_()),
    )
    assert sudoku_grid(view.state()) == replay_sudoku(events, 0, SMALL)
    for k in range(1, len(events) + 1):
        state = view.press("#step")
        assert sudoku_grid(state) == replay_sudoku(events, k, SMALL), k
        assert state["counters"] == counters(events[k - 1]), k
    last = max(i for i, e in enumerate(events) if e["type"] == "solution")
    assert sudoku_grid(view.seek(last + 1)) == [int(ch) for ch in events[last]["grid"]]
    view.close()


@pytest.mark.parametrize("width", [900, 600, 1300])
def test_the_board_fits_the_frame_at_notebook_widths(browser, tmp_path, width):
    """The frame's height is sensible: the whole board is seen without scrolling, every square
    square, at the widths of a narrow, usual and wide notebook cell."""
    output = queens.trace(8, max_events=200)._repr_html_()
    view = Framed(browser, notebook_page(tmp_path, f"fit{width}.html", output, width=width))
    for k in (0, 12, 100):
        view.seek(k)
        geometry = view.page.evaluate(GEOMETRY)
        assert_square_board(geometry, 8, (width, k))
        board = geometry["board"]
        assert board["y"] + board["h"] <= geometry["viewport"][1], (
            width,
            board,
        )  # no scrolling to see it
        assert board["w"] >= 240, (width, board)  # and not a stamp
    assert geometry["viewport"][0] == pytest.approx(
        width - 2, abs=1
    )  # the frame is the cell's width
    if width == 900:
        shot = tmp_path / "notebook-fit.png"
        view.top.screenshot(path=str(shot))
        print(f"screenshot: {shot}")
    view.close()
