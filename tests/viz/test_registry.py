"""The registry of the kinds of trace (:mod:`clew.viz.registry`): viz finds each family's
picture module by its name, reads the kind a trace says, and falls back on the families'
guesses only for traces written without it; a new family's picture module, even from a
folder of its own, is found and used with no other module edited."""

from __future__ import annotations

import io
import sys
import textwrap

import pytest

import clew.trace
import clew.viz
from clew import maze, queens, search, sudoku
from clew.errors import ClewError
from clew.search import examples
from clew.viz import registry
from clew.viz.player import player_html
from clew.viz.replay import describe

TOY = textwrap.dedent(
    '''
    """A toy family's pictures: a board of one square that counts the placements."""
    from clew.viz.registry import Kind, register

    def meta(events):
        return {"n": 1}

    def words(event, size=None):
        return f"toy {event['type']}"

    def frames(events, **board):
        for event in events:
            yield event, f"(toy) {words(event)}"

    JS = "window.clewKinds = window.clewKinds || {}; window.clewKinds.toy = null; /*toy hooks*/"
    register(Kind("toy", meta=meta, describe=words, legend=(("state", "drawing", "a toy"),),
                  css=".toy-board {}", js=JS, frames=frames))
    '''
)


def strip_kind(events):
    return [{k: v for k, v in e.items() if k != "kind"} for e in events]


def test_the_picture_modules_of_clew_are_found():
    assert set(registry.names()) >= {"queens", "sudoku", "search", "maze"}
    for name in ("queens", "sudoku", "search", "maze"):
        kind = registry.get(name)
        assert kind.name == name and kind.meta and kind.describe and kind.legend
    assert {module for module, _, _ in registry.pictures()} >= {
        "clew.queens.solution",
        "clew.sudoku.grid",
        "clew.maze.maze",
    }


@pytest.mark.parametrize(
    "events, kind",
    [
        (lambda: list(queens.trace(4)), "queens"),
        (lambda: list(sudoku.trace("..3.4.........42")), "sudoku"),
        (lambda: list(maze.trace("S.#\n.#E\n...\n")), "maze"),
        (lambda: list(search.trace(examples.queens(4))), "search"),
    ],
    ids=["queens", "sudoku", "maze", "search"],
)
def test_a_trace_says_its_kind_and_an_old_one_is_recognised(events, kind):
    events = events()
    assert registry.kind_of(events) == kind
    # a trace written without its kind (an older clew, by hand): the families' guesses
    assert registry.kind_of(strip_kind(events)) == kind
    # the player of either is the same page, but for the kind in the events it holds
    said, old = player_html(events), player_html(strip_kind(events))
    assert said.replace(f'"end","kind":"{kind}",', '"end",') == old


def test_the_kind_said_wins_over_the_fields():
    # a search's events look like queens' (rows and columns) and its end event names the
    # problem; the kind said is what counts, and a kind given wins over both
    events = list(queens.trace(4))
    events[-1] = {**events[-1], "kind": "search", "problem": "queens(4)"}
    assert registry.kind_of(events) == "search"
    assert registry.kind_of(events, "queens") == "queens"
    with pytest.raises(
        ClewError, match="kind must be 'maze', 'queens', 'search' or 'sudoku', got 'chess'"
    ):
        registry.kind_of([{"type": "end", "kind": "chess"}])
    with pytest.raises(ClewError, match="does not say its kind, and its fields cannot tell"):
        registry.kind_of([{"type": "end"}])
    with pytest.raises(TypeError):
        registry.register("toy")


def test_a_trace_object_tells_the_player_its_kind_before_any_event():
    # cut before its end event, a search's trace would look like queens' (rows, columns)
    trace = search.trace(examples.queens(4))
    cut = trace.peek(3)
    assert "kind" not in cut[-1] and registry.kind_of(cut) == "search"
    assert 'data-kind="search"' in player_html(trace)
    events = list(queens.trace(4))[:3]
    page = player_html(clew.trace.Trace(events, kind="queens"))
    assert 'data-kind="queens"' in page


@pytest.fixture
def toy_folder(tmp_path, monkeypatch):
    """A picture module of a toy family, in a folder of its own on clew.viz's path."""
    (tmp_path / "toy_pictures.py").write_text(TOY, encoding="utf-8")
    monkeypatch.setattr(clew.viz, "__path__", [*clew.viz.__path__, str(tmp_path)])
    yield tmp_path
    registry.unregister("toy")
    assert "clew.viz.toy_pictures" not in sys.modules


def test_a_new_family_adds_one_picture_module_and_edits_nothing(toy_folder):
    from rich.console import Console

    from clew.viz.animate import animate

    assert "toy" in registry.names()
    events = [
        {"type": "place", "row": 0, "col": 0, "depth": 1, "nodes": 1, "backtracks": 0,
         "solutions": 0},
        {"type": "end", "kind": "toy", "complete": True, "depth": 0, "nodes": 1,
         "backtracks": 0, "solutions": 0},
    ]  # fmt: skip
    page = player_html(events)
    assert 'data-kind="toy"' in page and "/*toy hooks*/" in page and ".toy-board {}" in page
    assert '<li data-key="state"><span class="swatch drawing"' in page
    assert describe(events[0], kind="toy") == "toy place" and describe(events[1]) == "toy end"
    console = Console(file=io.StringIO(), force_terminal=False, width=40)
    assert animate(events, kind="toy", fps=1000, console=console)["type"] == "end"
    assert "(toy) toy end" in console.file.getvalue()


def test_a_kind_without_animation_says_so():
    with pytest.raises(
        ClewError,
        match="no terminal animation of a search trace; there is one for 'maze', 'queens' or",
    ):
        from clew.viz.animate import animate

        animate([], kind="search", fps=10)
