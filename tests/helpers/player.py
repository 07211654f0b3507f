"""Helpers of the HTML player's browser tests (``tests/viz``): the system Chromium, a page
driven through Playwright (:class:`Player`), and a replay of a trace in Python, independent of
the page. The ``browser`` fixture (tests/conftest.py) calls :func:`launch_browser`."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


DIGITS = "123456789ABCDEFGHIJKLMNOP"


SMALL = "1.....1..1....4."  # a 4x4 puzzle with 6 solutions


LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


LEETCODE_SOLUTION = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)


def replay_queens(events, k):
    """The squares holding a queen after the first k events."""
    board = set()
    for event in events[:k]:
        if event["type"] == "place":
            board.add((event["row"], event["col"]))
        elif event["type"] == "backtrack":
            board.remove((event["row"], event["col"]))
    return board


def replay_sudoku(events, k, puzzle):
    """The digits of the grid (0 blank) after the first k events."""
    grid = [0 if ch == "." else DIGITS.index(ch) + 1 for ch in puzzle]
    for event in events[:k]:
        if event["type"] == "place":
            grid[event["cell"]] = event["digit"]
        elif event["type"] == "backtrack":
            for cell in event["cells"]:
                grid[cell] = 0
    return grid


def counters(event):
    return {key: event[key] for key in ("nodes", "backtracks", "solutions", "depth")}


ZERO = {"nodes": 0, "backtracks": 0, "solutions": 0, "depth": 0}


class Player:
    """A player page opened from disk, recording every request and every error it makes."""

    def __init__(self, browser, path, viewport=(1100, 760)):
        self.page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
        self.requests, self.errors = [], []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        self.page.goto(path.resolve().as_uri())

    def click(self, what, times=1):
        """Real mouse clicks (slow: tens of milliseconds each)."""
        for _ in range(times):
            self.page.click(what)

    def press(self, what, times=1):
        """Clicks from inside the page, then the state: one round trip."""
        return self.page.evaluate(
            f"() => {{ for (let i = 0; i < {times}; i++) document.querySelector('{what}').click();"
            f" return ({STATE})(); }}"
        )

    def seek(self, k):
        self.page.evaluate(
            f"() => {{ const s = document.getElementById('seek'); s.value = {k};"
            " s.dispatchEvent(new Event('input')); }"
        )
        return self.state()

    def state(self):
        return self.page.evaluate(STATE)

    def play_to_end(self, timeout=15.0):
        self.page.evaluate("""() => { const s = document.getElementById('speed');
            s.value = s.max; s.dispatchEvent(new Event('input')); }""")
        self.click("#play")
        # polled from here: the page's Content-Security-Policy forbids wait_for_function's eval
        deadline = time.monotonic() + timeout
        while (state := self.state())["step"] < state["total"]:
            assert time.monotonic() < deadline, (
                f"Play stopped at step {state['step']} of {state['total']}"
            )
            time.sleep(0.02)
        return state

    def close(self):
        assert self.errors == []
        assert self.requests and all(
            url.startswith(("file:", "data:", "about:")) for url in self.requests
        ), self.requests
        self.page.close()


STATE = """() => {
            const num = (id) => Number(document.getElementById(id).textContent);
            const cells = [...document.querySelectorAll('#board [data-row]')];
            return {
                step: num('step-index'), total: num('step-total'),
                counters: {nodes: num('nodes'), backtracks: num('backtracks'),
                           solutions: num('solutions'), depth: num('depth')},
                queens: cells.filter(e => e.classList.contains('queen'))
                             .map(e => [Number(e.dataset.row), Number(e.dataset.col)]),
                cells: cells.filter(e => e.dataset.cell !== undefined)
                            .map(e => [Number(e.dataset.cell), e.textContent,
                                       e.classList.contains('given')]),
                path: document.querySelectorAll('#path li').length,
                text: document.getElementById('event-text').textContent,
                attacked: cells.filter(e => e.classList.contains('attacked'))
                               .map(e => [Number(e.dataset.row), Number(e.dataset.col)]),
                nextDisabled: document.getElementById('next-solution').disabled,
            };
}"""


def sudoku_grid(state):
    cells = sorted(state["cells"])
    return [DIGITS.index(text) + 1 if text else 0 for _, text, _ in cells]


GEOMETRY = """() => {
    const board = document.getElementById('board');
    const box = board.getBoundingClientRect(), style = getComputedStyle(board);
    return {
        board: {x: box.left, y: box.top, w: box.width, h: box.height,
                border: parseFloat(style.borderLeftWidth), top: parseFloat(style.borderTopWidth)},
        viewport: [document.documentElement.clientWidth, window.innerHeight],
        squares: [...board.querySelectorAll('[data-row]')].map(e => {
            const r = e.getBoundingClientRect();
            return [Number(e.dataset.row), Number(e.dataset.col), r.left, r.top, r.width, r.height];
        }),
    };
}"""


def assert_square_board(geometry, n, where):
    """Every square of the board is a square, all of one size, tiling the board edge to edge."""
    board, squares = geometry["board"], geometry["squares"]
    assert len(squares) == n * n, where
    side = squares[0][4]
    assert side >= 4, where
    for row, col, x, y, w, h in squares:
        # measured by the browser: a square is as tall as it is wide, and as large as the others
        assert abs(w - side) < 0.01 and abs(h - side) < 0.01, (where, row, col, w, h, side)
        assert abs(x - (board["x"] + board["border"] + col * side)) < 0.01, (where, row, col, x)
        assert abs(y - (board["y"] + board["top"] + row * side)) < 0.01, (where, row, col, y)
    assert abs(board["w"] - board["h"]) < 0.01, where
    assert abs(board["w"] - (n * side + 2 * board["border"])) < 0.01, where
    assert board["x"] + board["w"] <= geometry["viewport"][0], where  # the board fits the window


def launch_browser() -> Iterator[Any]:
    """The headless system Chromium, or skip the test with the reason."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="the playwright package is not installed"
    )
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"no Chromium at {CHROMIUM} (.ci/run installs Debian's chromium package)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
