"""The search tree (:mod:`clew.viz.search_tree_svg`) asks the kind of the trace how to name
its nodes (:class:`clew.viz.registry.TreeWords`): it names no family and reads no family's
fields itself. (Its drawing is tested in test_svg.py.)"""

from __future__ import annotations

import re

import pytest

from clew import maze
from clew.errors import ClewError
from clew.viz import registry
from clew.viz.search_tree_svg import TreeTooLargeError, tree_svg


def _titles(svg: str) -> list[str]:
    return re.findall(r"<title>([^<]*)</title>", svg)


def _depths(svg: str) -> list[str]:
    return re.findall(r'class="depth">([^<]*)<', svg)


@pytest.fixture
def toy():
    """A kind "toy" whose tree words are its own: its events carry a ``stone``."""
    words = registry.TreeWords(
        place=lambda e: (e["stone"], f"s{e['stone']}", f"stone {e['stone']}", e["stone"] > 5),
        prune=lambda e, ctx: f"stone {e['stone']} refused ({ctx})",
        undo=lambda e: [e["stone"]],
        depth=lambda keys, end: f"stone {min(keys)}" if keys else None,
        heading=lambda end: f"toy of {end['stones']}",
        context=lambda events, end: f"{len(events)} events",
        compact=True,
    )
    registry.register(registry.Kind("toy", meta=lambda ev: {"n": 1}, describe=str, tree=words))
    yield
    registry.unregister("toy")


def test_the_kind_of_the_trace_names_the_nodes(toy):
    events = [
        {"type": "place", "stone": 3},
        {"type": "prune", "stone": 4},
        {"type": "place", "stone": 7},
        {"type": "solution"},
        {"type": "backtrack", "stone": 7},
        {"type": "backtrack", "stone": 3},
        {"type": "end", "kind": "toy", "stones": 9, "nodes": 2},
    ]
    svg = tree_svg(events)
    assert _titles(svg) == [
        "toy of 9: 2 nodes",
        "start",
        "stone 3",
        "stone 4 refused (7 events)",
        "stone 7",
    ]
    assert _depths(svg) == ["stone 3", "stone 7"]
    assert svg.count('class="node forced solution"') == 1  # place said stone 7 was forced
    assert ">guess<" in svg  # a compact tree calls a placement a guess in its legend
    with pytest.raises(ClewError, match="event 2: backtrack of 4, but the last placement is 3"):
        tree_svg([events[0], {"type": "backtrack", "stone": 4}, events[-1]])


def test_a_kind_without_tree_words_draws_plain_squares():
    """A maze registers no tree words: its nodes are squares, not queens."""
    svg = tree_svg(maze.trace("S.#..\n.##.#\n.....\n#.#.E"))
    titles = _titles(svg)
    assert "r1c2" in titles and not any("queen" in t for t in titles)
    assert _depths(svg)[:3] == ["depth 1", "depth 2", "depth 3"]


def test_a_trace_of_an_unknown_kind_draws_plain_squares():
    events = [
        {"type": "place", "row": 0, "col": 1},
        {"type": "prune", "row": 1, "col": 0, "why": "wall"},
        {"type": "end", "kind": "no such kind"},
    ]
    assert _titles(tree_svg(events))[1:] == ["start", "r1c2", "r2c1 refused: wall"]


def test_errors_come_in_the_order_of_the_events():
    """The events are read up to the limit before the kind is asked, but a bad event
    before the limit is still the one reported."""
    place = {"type": "place", "row": 0, "col": 0}
    bad = [place, {"type": "backtrack", "row": 0, "col": 1}] + [place] * 5
    with pytest.raises(ClewError, match="event 2: backtrack of \\(0, 1\\)"):
        tree_svg(bad, max_nodes=3)
    with pytest.raises(TreeTooLargeError):
        tree_svg([place] * 5, max_nodes=3)


def test_a_long_trace_is_not_read_past_the_limit():
    read = []

    def events():
        for row in range(100):
            read.append(row)
            yield {"type": "place", "row": row, "col": 0}

    with pytest.raises(TreeTooLargeError):
        tree_svg(events(), max_nodes=10)
    assert len(read) == 10  # the root and nine placements fit; the tenth is one too many


@pytest.mark.parametrize("row", ["x", None, [1]])
def test_a_malformed_sudoku_placement_is_a_one_line_error(row):
    """The side of a Sudoku tree is read from its placements before the tree is drawn; a
    placement whose square is not a number is still named in one line, not a TypeError."""
    events = [
        {"type": "place", "row": row, "col": 0, "cell": 0, "digit": 1},
        {"type": "end", "kind": "sudoku"},
    ]
    with pytest.raises(ClewError, match=r"^event 1: a place event without its square"):
        tree_svg(events)


def test_a_killer_search_with_refused_cages_is_drawn():
    """A pruned killer search refuses whole cages (no square): the tree names the cage."""
    from clew import sudoku

    events = list(sudoku.trace("AABBCCDDEEFFGGHH 3,7,7,3,4,6,6,4", "pruned"))
    assert any(e["type"] == "prune" and e["row"] is None for e in events)
    svg = tree_svg(events)
    assert re.search(r"cage [A-H]: its sum cannot be made", svg)
