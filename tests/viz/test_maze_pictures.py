"""The walk through a maze in the HTML player (Chromium, driven by Playwright), in the
terminal animation and as an SVG picture: what is drawn after k events is a replay of the
first k events, done here apart from the page, with the path forward and the cells stepped
back out of in their two colours."""

from __future__ import annotations

import io
import time
import xml.etree.ElementTree as ET

import pytest

from clew import maze
from clew.errors import ClewError
from clew.viz.animate import animate
from clew.viz.maze_svg import BACK, FORWARD, maze_svg
from clew.viz.player import player_html, write_player

#: A maze whose depth-first walk steps back out of dead ends several times.
WALK = maze.generate(7, 5, method="wilson", seed=11)


def replay(events, k):
    """(path, back): the cells on the path (S left out) and those stepped back out of."""
    path, back = [], set()
    for event in events[:k]:
        if event["type"] == "place":
            path.append((event["row"], event["col"]))
            back.discard(path[-1])
        elif event["type"] == "backtrack":
            assert path.pop() == (event["row"], event["col"])
            back.add((event["row"], event["col"]))
    return path, back


def test_the_walk_used_below_steps_back():
    events = list(maze.trace(WALK))
    assert events[-1]["backtracks"] >= 5 and events[-1]["solutions"] == 1


def test_the_page_is_a_maze_player():
    events = list(maze.trace(WALK))
    page = player_html(events)
    assert 'data-kind="maze"' in page and "window.clewKinds.maze" in page
    assert "http://" not in page and "https://" not in page
    assert 'data-key="back"' in page and 'data-key="path"' in page
    assert 'data-kind="queens"' in player_html(events, kind="queens")  # the maze hooks stay out
    assert "window.clewKinds.maze" not in player_html(events, kind="queens")
    with pytest.raises(
        ClewError, match="kind must be 'maze', 'queens', 'search' or 'sudoku', got 'labyrinth'"
    ):
        player_html(events, kind="labyrinth")


STATE = """() => {
    const num = (id) => Number(document.getElementById(id).textContent);
    const cells = [...document.querySelectorAll('#board .mcell')];
    const at = (cls) => cells.filter(e => e.classList.contains(cls))
                             .map(e => [Number(e.dataset.row), Number(e.dataset.col)]);
    const colour = (cls) => { const e = cells.find(e => e.classList.contains(cls));
                              return e ? getComputedStyle(e).backgroundColor : null; };
    return {step: num('step-index'), total: num('step-total'), nodes: num('nodes'),
            backtracks: num('backtracks'), depth: num('depth'), cells: cells.length,
            path: at('path'), back: at('back'), walls: at('wall').length,
            pathColour: colour('path'), backColour: colour('back'),
            text: document.getElementById('event-text').textContent,
            items: document.querySelectorAll('#path li').length};
}"""


def rgb(hex_colour):
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def test_the_player_draws_every_step_forward_and_back(browser, tmp_path):
    events = list(maze.trace(WALK))
    path = write_player(events, tmp_path / "walk.html", title="a walk")
    page = browser.new_page(viewport={"width": 1100, "height": 760})
    errors, requests = [], []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.on("request", lambda request: requests.append(request.url))
    try:
        page.goto(path.resolve().as_uri())
        rows, cols = WALK.shape
        state = page.evaluate(STATE)
        assert (state["step"], state["total"], state["cells"]) == (0, len(events), rows * cols)
        assert state["walls"] == int((WALK.grid == ord("#")).sum())
        for k in range(1, len(events) + 1):
            state = page.evaluate(
                f"() => {{ document.getElementById('step').click(); return ({STATE})(); }}"
            )
            on, back = replay(events, k)
            assert {tuple(c) for c in state["path"]} == set(on), k
            assert {tuple(c) for c in state["back"]} == back, k
            event = events[k - 1]
            assert (state["nodes"], state["backtracks"], state["depth"]) == (
                event["nodes"],
                event["backtracks"],
                event["depth"],
            ), k
            assert state["items"] == len(on)
            if event["type"] == "backtrack":
                assert (
                    state["text"]
                    == f"step back out of r{event['row'] + 1}c{event['col'] + 1}: a dead end"
                )
                assert state["backColour"] == rgb(BACK)
                before = page.evaluate(
                    f"() => {{ document.getElementById('back').click(); return ({STATE})(); }}"
                )
                on, back = replay(events, k - 1)
                assert {tuple(c) for c in before["path"]} == set(on)
                assert {tuple(c) for c in before["back"]} == back
                page.evaluate("() => document.getElementById('step').click()")
        assert state["pathColour"] == rgb(FORWARD)
        assert state["text"].startswith("end: stopped at the first solution")
        # Play from the start runs to the end
        page.evaluate(
            "() => { document.getElementById('reset').click();"
            " const s = document.getElementById('speed'); s.value = s.max;"
            " s.dispatchEvent(new Event('input')); document.getElementById('play').click(); }"
        )
        deadline = time.monotonic() + 15
        while (state := page.evaluate(STATE))["step"] < len(events):
            assert time.monotonic() < deadline, "Play stopped"
            time.sleep(0.02)
        shot = tmp_path / "walk.png"
        page.screenshot(path=str(shot))
        print(f"screenshot: {shot}")
        assert errors == []
        assert all(url.startswith(("file:", "data:", "about:")) for url in requests), requests
    finally:
        page.close()


def test_the_terminal_animation_draws_the_walk_in_two_colours():
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="truecolor", width=200)
    # 30 frames a second at most: every event is drawn (faster, the refresh thread may skip
    # the frames of the steps back, and what the test reads would depend on timing)
    last = animate(maze.trace(WALK), kind="maze", maze=WALK.to_text(), fps=30, console=console)
    assert last["type"] == "end" and last["solutions"] == 1
    text = out.getvalue()
    # the true colours of the path and of the dead ends, as Rich writes them
    for colour in (FORWARD, BACK):
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        assert f"38;2;{r};{g};{b}" in text
    assert "step back out of" in text and "E reached" in text
    with pytest.raises(ClewError, match="needs the maze"):
        animate(maze.trace(WALK), kind="maze", fps=10, console=console)


def test_the_svg_shows_the_maze_and_its_path():
    found = WALK.solve("bfs")
    dead = [(e["row"], e["col"]) for e in maze.trace(WALK) if e["type"] == "backtrack"]
    svg = maze_svg(WALK, found.path, dead_ends=dead, title="walk")
    root = ET.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}
    line = root.find("s:polyline", ns)
    assert line.get("class") == "path" and int(line.get("data-length")) == found.length
    assert len(line.get("points").split()) == len(found.path)
    assert root.find("s:path[@class='dead-ends']", ns) is not None
    start = root.find("s:rect[@class='start']", ns)
    assert (int(start.get("data-row")), int(start.get("data-col"))) == WALK.start
    rows, cols = WALK.shape
    assert (root.get("width"), root.get("height")) == (str(cols * 20), str(rows * 20))
    # the walls: the area of the runs is the number of wall cells
    walls = root.find("s:path[@class='walls']", ns).get("d")
    area = sum(int(seg.split("h")[1].split("v")[0]) for seg in walls.split("M")[1:]) // 20
    assert area == int((WALK.grid == ord("#")).sum())
    with pytest.raises(ClewError, match="cell must be a positive size"):
        maze_svg(WALK, cell=0)
