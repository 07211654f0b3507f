"""The logical solver (clew.sudoku.logic.solver): every technique on a hand-made position where it
must fire (exact placements and eliminations) and one where it must not, the order of
preference, the sentences, ratings and levels of known puzzles, soundness on the samples
(every step keeps the true solution), proper-puzzle errors, 4x4 / 16x16 / 25x25 grids.

Positions are written as candidates: every cell holds every digit unless the test says
otherwise (``pos({"r4c1": "26"})``), which is enough to make a pattern while no easier
technique applies.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import sudoku
from clew.sudoku.grid import PuzzleFormatError, SudokuInputError
from clew.sudoku.logic import solver as logic
from clew.sudoku.logic import state as engine
from clew.sudoku.logic.solver import (
    TECHNIQUES,
    LogicalState,
    NotProperError,
    Step,
    explain,
    hint,
    level_of,
    rate,
    solve_logically,
)
from helpers.sudoku_data import DATA_DIR, SAMPLES, puzzle_lines, shared_collection
from helpers.sudoku_logic import box, cell, col, elims, mask, only, pos, row

#: The highest base rating before SE's chains: a broken pattern must leave no technique up
#: to there (a chain may still find something in a position made of full candidates).
BASIC = 6.2

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


# ---------------------------------------------------------------------------------------------
# Writing positions
# ---------------------------------------------------------------------------------------------


def first(state: LogicalState) -> Step:
    step = state.next_step()
    assert step is not None
    return step


def assert_step(
    step: Step | None, technique: str, rating: float, *, placements=(), eliminations=()
) -> Step:
    assert step is not None
    assert (step.technique, step.rating) == (technique, rating)
    assert step.placements == tuple((cell(name), d) for name, d in placements)
    assert tuple(sorted(step.eliminations)) == eliminations
    return step


# ---------------------------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------------------------


def test_state_from_puzzle_has_the_candidates_no_peer_rules_out():
    s = LogicalState(LEETCODE)
    assert s.values[0] == 5 and s.cands[0] == 0
    assert s.candidates(cell("r1c3")) == (1, 2, 4)
    assert s.candidates(cell("r5c5")) == (5,)
    assert s.grid() == sudoku.Grid(LEETCODE)
    assert not s.is_solved() and s.contradiction() is None


def test_from_candidates_removes_placed_digits_from_peers_and_checks_sizes():
    masks = [0b1111] * 16
    values = [0] * 16
    values[0] = 1
    s = LogicalState.from_candidates(2, masks, values)
    assert s.cands[0] == 0 and s.values[0] == 1
    assert (
        s.candidates(1) == (2, 3, 4)
        and s.candidates(4) == (2, 3, 4)
        and s.candidates(5) == (2, 3, 4)
    )
    assert s.candidates(15) == (1, 2, 3, 4)
    with pytest.raises(PuzzleFormatError, match="16 cells"):
        LogicalState.from_candidates(2, [15] * 15)
    with pytest.raises(PuzzleFormatError, match="box size"):
        LogicalState.from_candidates(7, [15] * 16)
    with pytest.raises(PuzzleFormatError, match="r1c2: 16 is not a candidate mask"):
        LogicalState.from_candidates(2, [15, 16] + [15] * 14)


def test_pencilmarks_read_back():
    s = LogicalState(LEETCODE)
    s.apply(first(s))
    text = s.pencilmarks()
    again = LogicalState.from_pencilmarks(text)
    assert again.values == s.values and again.cands == s.cands
    assert again.pencilmarks() == text
    four = LogicalState("1.3...1..1....4.")
    assert "[2]" in four.pencilmarks()  # a blank with one candidate, written in brackets
    back = LogicalState.from_pencilmarks(four.pencilmarks())
    assert back.values == four.values and back.cands == four.cands
    with pytest.raises(PuzzleFormatError, match="got 3 words"):
        LogicalState.from_pencilmarks("12 3 4")
    with pytest.raises(
        PuzzleFormatError, match=r"r1c1: '1x' is not a set of candidates of a 4x4 sudoku"
    ):
        LogicalState.from_pencilmarks("1x " + "1 " * 15)


def test_contradictions_are_named():
    s = pos({"r2c3": ""})
    assert s.contradiction() == "r2c3 has no candidate left"
    s = pos(only({}, "7", [], row(4)))
    assert s.contradiction() == "7 has no place left in row 4"


def test_unknown_technique_is_refused():
    with pytest.raises(ValueError, match="unknown technique 'Skyscraper'"):
        pos().find("Skyscraper")


# ---------------------------------------------------------------------------------------------
# Each technique: fires on its pattern, not on the pattern broken by one candidate
# ---------------------------------------------------------------------------------------------


VARIANT_TECHNIQUES = {"Cage single", "Cage combinations", "Innies and outies", "Locked candidates"}


def test_techniques_are_in_ses_order_of_trial():
    # the variants' techniques (clew's own, never firing on a classic grid) set aside
    classic = tuple((name, r) for name, r in TECHNIQUES if name not in VARIANT_TECHNIQUES)
    assert [name for name, _ in TECHNIQUES if name in VARIANT_TECHNIQUES] == [
        "Cage single", "Cage combinations", "Innies and outies", "Locked candidates",
    ]  # fmt: skip
    every = [r for _, r in TECHNIQUES[:28]]  # the 24 classic ones up to 6.2 and the 4 variant ones
    assert every == sorted(every)
    names = [name for name, _ in classic]
    assert names[:24] == [
        "Full house", "Hidden single", "Hidden single", "Direct pointing", "Direct claiming",
        "Direct hidden pair", "Naked single", "Direct hidden triple", "Pointing", "Claiming",
        "Naked pair", "X-Wing", "Hidden pair", "Naked triple", "Swordfish", "Hidden triple",
        "XY-Wing", "XYZ-Wing", "Unique rectangle", "Naked quad",
        "Jellyfish", "Hidden quad", "BUG", "Aligned pair exclusion",
    ]  # fmt: skip
    ratings = [r for _, r in classic[:24]]
    assert ratings == sorted(ratings) and ratings[:3] == [1.0, 1.2, 1.5] and ratings[-1] == 6.2
    # SE's chaining techniques follow, aligned triple exclusion (7.5) after the chains and
    # cycles of base rating below 7.5, before Nishio and the forcing chains above it
    rest = classic[24:]
    at = rest.index(("Aligned triple exclusion", 7.5))
    assert all(r < 7.5 for _, r in rest[:at]) and all(r >= 7.5 for _, r in rest[at + 1 :])
    assert "Simple colouring" not in names  # not an SE technique: SE's X-chains do its work


def test_nothing_fires_on_the_full_candidate_grid():
    s = pos()
    assert s.next_step() is None
    assert all(s.find(name) is None for name, _ in TECHNIQUES)


def test_hidden_single_in_a_box():
    step = assert_step(
        first(LogicalState(LEETCODE)), "Hidden single", 1.2, placements=[("r1c6", 8)]
    )
    assert step.unit == "box 2" and step.cells == (cell("r1c6"),) and step.digits == (8,)
    assert step.text == "Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8."


def test_hidden_single_in_a_row_and_in_a_column():
    step = assert_step(
        first(pos(only({}, "7", ["r3c5"], row(3)))), "Hidden single", 1.5, placements=[("r3c5", 7)]
    )
    assert step.text == "Hidden single: in row 3, 7 fits only in r3c5, so r3c5 = 7."
    step = assert_step(
        first(pos(only({}, "2", ["r8c4"], col(4)))), "Hidden single", 1.5, placements=[("r8c4", 2)]
    )
    assert step.unit == "column 4"
    # one more place for 7 in row 3: nothing
    assert pos(only({}, "7", ["r3c5", "r3c9"], row(3))).find("Hidden single") is None


def test_naked_single():
    step = assert_step(first(pos({"r5c5": "7"})), "Naked single", 2.3, placements=[("r5c5", 7)])
    assert step.text == "Naked single: 7 is the only candidate left in r5c5, so r5c5 = 7."
    assert pos({"r5c5": "78"}).find("Naked single") is None


def test_pointing():
    spec = only({}, "4", ["r2c1", "r2c3"], box(1))
    spec = only(spec, "4", ["r2c1", "r2c3", "r2c5", "r2c8"], row(2))
    step = assert_step(
        first(pos(spec)), "Pointing", 2.6, eliminations=elims(("r2c5", 4), ("r2c8", 4))
    )
    assert (
        step.unit == "box 1" and step.cells == (cell("r2c1"), cell("r2c3")) and step.digits == (4,)
    )
    assert step.text == (
        "Pointing: in box 1, 4 fits only in row 2 (r2c1, r2c3), so remove 4 from the other cells "
        "of row 2 (r2c5, r2c8)."
    )
    spec["r3c2"] = "4" + spec["r3c2"]  # 4 back in another row of the box
    assert pos(spec).next_step(max_rating=BASIC) is None
    # the same in a column
    step = first(pos(only({}, "9", ["r4c8", "r6c8"], box(6))))
    assert step.technique == "Pointing" and set(step.eliminations) == {
        (cell(f"r{r}c8"), 9) for r in (1, 2, 3, 7, 8, 9)
    }


def test_claiming():
    spec = only({}, "4", ["r2c1", "r2c3"], row(2))
    spec = only(spec, "4", ["r2c1", "r2c3", "r1c2", "r3c3"], box(1))
    step = assert_step(
        first(pos(spec)), "Claiming", 2.8, eliminations=elims(("r1c2", 4), ("r3c3", 4))
    )
    assert step.unit == "row 2"
    assert step.text == (
        "Claiming: in row 2, 4 fits only in box 1 (r2c1, r2c3), so remove 4 from the other cells "
        "of box 1 (r1c2, r3c3)."
    )
    spec["r2c7"] = "4" + spec["r2c7"]  # 4 back in another box of the row
    assert pos(spec).next_step(max_rating=BASIC) is None


def test_naked_pair():
    spec = {"r4c1": "26", "r4c7": "26"}
    spec = only(
        only(spec, "2", ["r4c1", "r4c7", "r4c3", "r4c9"], row(4)),
        "6",
        ["r4c1", "r4c7", "r4c3", "r4c9"],
        row(4),
    )
    expected = elims(("r4c3", 2), ("r4c3", 6), ("r4c9", 2), ("r4c9", 6))
    step = assert_step(first(pos(spec)), "Naked pair", 3.0, eliminations=expected)
    assert (
        step.cells == (cell("r4c1"), cell("r4c7"))
        and step.digits == (2, 6)
        and step.unit == "row 4"
    )
    assert (
        step.text
        == "Naked pair 2/6 in r4c1 and r4c7: remove 2 and 6 from the other cells of row 4 "
        "(r4c3, r4c9)."
    )
    assert pos({"r4c1": "26", "r4c7": "268"}).find("Naked pair") is None


def test_x_wing():
    spec = only({}, "5", ["r2c3", "r2c8"], row(2))
    spec = only(spec, "5", ["r7c3", "r7c8"], row(7))
    spec = only(spec, "5", ["r2c3", "r7c3", "r4c3"], col(3))
    spec = only(spec, "5", ["r2c8", "r7c8", "r5c8"], col(8))
    step = assert_step(
        first(pos(spec)), "X-Wing", 3.2, eliminations=elims(("r4c3", 5), ("r5c8", 5))
    )
    assert (
        step.cells == tuple(cell(x) for x in ("r2c3", "r2c8", "r7c3", "r7c8")) and step.unit is None
    )
    assert step.text == (
        "X-Wing on 5: in rows 2 and 7, 5 fits only in columns 3 and 8, so remove 5 from the other "
        "cells of those "
        "columns (r4c3, r5c8)."
    )
    spec["r7c5"] = "5" + spec["r7c5"]
    assert pos(spec).next_step(max_rating=BASIC) is None


def test_x_wing_on_columns():
    spec = only(only({}, "3", ["r1c4", "r6c4"], col(4)), "3", ["r1c9", "r6c9"], col(9))
    step = first(pos(spec))
    assert step.technique == "X-Wing"
    assert set(step.eliminations) == {
        (cell(f"r{r}c{c}"), 3) for r in (1, 6) for c in (1, 2, 3, 5, 6, 7, 8)
    }
    assert step.text.startswith("X-Wing on 3: in columns 4 and 9, 3 fits only in rows 1 and 6,")


def test_hidden_pair():
    spec = {"r2c4": "2357", "r2c8": "379"}
    spec = only(only(spec, "3", ["r2c4", "r2c8"], row(2)), "7", ["r2c4", "r2c8"], row(2))
    expected = elims(("r2c4", 2), ("r2c4", 5), ("r2c8", 9))
    step = assert_step(first(pos(spec)), "Hidden pair", 3.4, eliminations=expected)
    assert step.digits == (3, 7) and step.cells == (cell("r2c4"), cell("r2c8"))
    assert step.text == (
        "Hidden pair 3/7 in row 2: 3 and 7 fit only in r2c4 and r2c8, so remove the other "
        "candidates from those "
        "cells (2 and 5 from r2c4, 9 from r2c8)."
    )
    spec["r2c1"] = "3" + spec["r2c1"]
    assert pos(spec).next_step(max_rating=BASIC) is None


def test_naked_triple():
    spec = {"r4c1": "26", "r4c5": "68", "r4c7": "28"}
    others = ["r4c2", "r4c3", "r4c4", "r4c6", "r4c8", "r4c9"]
    step = assert_step(
        first(pos(spec)),
        "Naked triple",
        3.6,
        eliminations=elims(*[(x, d) for x in others for d in (2, 6, 8)]),
    )
    assert step.digits == (2, 6, 8) and step.text.startswith(
        "Naked triple 2/6/8 in r4c1, r4c5 and r4c7: remove 2, 6 and 8"
    )
    spec["r4c7"] = "289"
    assert pos(spec).next_step(max_rating=BASIC) is None


def test_swordfish():
    spec = only({}, "5", ["r1c2", "r1c5"], row(1))
    spec = only(spec, "5", ["r4c5", "r4c9"], row(4))
    spec = only(spec, "5", ["r8c2", "r8c9"], row(8))
    gone = [(f"r{r}c{c}", 5) for r in (2, 3, 5, 6, 7, 9) for c in (2, 5, 9)]
    step = assert_step(first(pos(spec)), "Swordfish", 3.8, eliminations=elims(*gone))
    assert step.text.startswith(
        "Swordfish on 5: in rows 1, 4 and 8, 5 fits only in columns 2, 5 and 9, so remove 5 from "
        "the other cells of "
        "those columns (r2c2, r2c5, r2c9, r3c2,"
    )
    spec["r8c6"] = "5" + spec["r8c6"]
    assert pos(spec).next_step(max_rating=BASIC) is None


def test_hidden_triple():
    spec = {"r2c1": "1289", "r2c5": "237", "r2c9": "136"}
    for d in "123":
        spec = only(spec, d, ["r2c1", "r2c5", "r2c9"], row(2))
    step = assert_step(
        first(pos(spec)),
        "Hidden triple",
        4.0,
        eliminations=elims(("r2c1", 8), ("r2c1", 9), ("r2c5", 7), ("r2c9", 6)),
    )
    assert step.text == (
        "Hidden triple 1/2/3 in row 2: 1, 2 and 3 fit only in r2c1, r2c5 and r2c9, so remove the "
        "other candidates "
        "from those cells (8 and 9 from r2c1, 7 from r2c5, 6 from r2c9)."
    )
    spec["r2c3"] = "1" + spec["r2c3"]
    assert pos(spec).next_step(max_rating=BASIC) is None


def test_xy_wing():
    spec = {"r1c1": "47", "r1c5": "49", "r3c2": "79"}
    gone = [("r1c2", 9), ("r1c3", 9), ("r3c4", 9), ("r3c5", 9), ("r3c6", 9)]
    step = assert_step(first(pos(spec)), "XY-Wing", 4.2, eliminations=elims(*gone))
    assert step.cells == (cell("r1c1"), cell("r1c5"), cell("r3c2")) and step.digits == (4, 7, 9)
    assert step.text == (
        "XY-Wing with pivot r1c1 (4/7) and pincers r1c5 (4/9) and r3c2 (7/9): one of the pincers "
        "is 9, so remove 9 "
        "from the cells that see both (r1c2, r1c3, r3c4, r3c5, r3c6)."
    )
    spec["r3c2"] = "789"
    assert pos(spec).next_step(max_rating=BASIC) is None


def test_xyz_wing():
    spec = {"r1c1": "479", "r1c5": "49", "r3c2": "79"}
    step = assert_step(
        first(pos(spec)), "XYZ-Wing", 4.4, eliminations=elims(("r1c2", 9), ("r1c3", 9))
    )
    assert step.text == (
        "XYZ-Wing with pivot r1c1 (4/7/9) and pincers r1c5 (4/9) and r3c2 (7/9): one of the three "
        "is 9, so remove 9 "
        "from the cells that see all three (r1c2, r1c3)."
    )
    spec["r1c1"] = "4679"
    assert pos(spec).next_step(max_rating=BASIC) is None


def test_naked_quad():
    spec = {"r4c1": "12", "r4c3": "23", "r4c5": "34", "r4c7": "14"}
    others = ["r4c2", "r4c4", "r4c6", "r4c8", "r4c9"]
    step = assert_step(
        first(pos(spec)),
        "Naked quad",
        5.0,
        eliminations=elims(*[(x, d) for x in others for d in (1, 2, 3, 4)]),
    )
    assert step.digits == (1, 2, 3, 4) and step.unit == "row 4"
    spec["r4c7"] = "145"
    assert pos(spec).next_step(max_rating=BASIC) is None


def test_jellyfish():
    spec = {}
    for r, cols in ((1, (1, 7)), (3, (4, 9)), (5, (1, 9)), (7, (4, 7))):
        spec = only(spec, "5", [f"r{r}c{c}" for c in cols], row(r))
    gone = [(f"r{r}c{c}", 5) for r in (2, 4, 6, 8, 9) for c in (1, 4, 7, 9)]
    step = assert_step(first(pos(spec)), "Jellyfish", 5.2, eliminations=elims(*gone))
    assert step.text.startswith(
        "Jellyfish on 5: in rows 1, 3, 5 and 7, 5 fits only in columns 1, 4, 7 and 9,"
    )
    spec["r7c2"] = "5" + spec["r7c2"]
    assert pos(spec).find("Jellyfish") is None


def test_hidden_quad():
    spec = {"r2c1": "149", "r2c4": "238", "r2c7": "129", "r2c9": "348"}
    for d in "1234":
        spec = only(spec, d, ["r2c1", "r2c4", "r2c7", "r2c9"], row(2))
    gone = [("r2c1", 9), ("r2c4", 8), ("r2c7", 9), ("r2c9", 8)]
    step = assert_step(first(pos(spec)), "Hidden quad", 5.4, eliminations=elims(*gone))
    assert step.digits == (1, 2, 3, 4) and step.unit == "row 2"
    spec["r2c2"] = "1" + spec["r2c2"]
    assert pos(spec).next_step(max_rating=BASIC) is None


# ---------------------------------------------------------------------------------------------
# Order of preference
# ---------------------------------------------------------------------------------------------


def test_easiest_technique_wins():
    # a naked single (r5c5) and a hidden single in a row (row 3)
    spec = only({"r5c5": "7"}, "8", ["r3c5"], row(3))
    assert first(pos(spec)).technique == "Hidden single"
    # a hidden single in a box beats one in a row
    spec = only(only({}, "7", ["r3c5"], row(3)), "2", ["r8c8"], box(9))
    assert first(pos(spec)).placements == ((cell("r8c8"), 2),)
    # pointing (box 1) before claiming (row 8)
    spec = only({}, "4", ["r2c1", "r2c3"], box(1))
    spec = only(spec, "6", ["r8c4", "r8c5"], row(8))
    assert first(pos(spec)).technique == "Pointing"
    # a naked pair (row 4) before an X-Wing on 5 (rows 2, 7) and an XY-Wing
    spec = {"r4c1": "26", "r4c7": "26", "r9c1": "47", "r9c5": "49", "r7c2": "79"}
    spec = only(only(spec, "5", ["r2c3", "r2c8"], row(2)), "5", ["r6c3", "r6c8"], row(6))
    s = pos(spec)
    seen = []
    while (step := s.next_step()) is not None and len(seen) < 3:
        seen.append(step.technique)
        s.apply(step)
    assert seen == ["Naked pair", "X-Wing", "XY-Wing"]


def test_max_rating_limits_the_techniques():
    s = pos({"r4c1": "26", "r4c7": "26"})
    assert s.next_step(max_rating=2.9) is None
    assert s.next_step(max_rating=3.0).technique == "Naked pair"
    # full houses and hidden singles in boxes only
    sol = solve_logically(LEETCODE, max_rating=1.2)
    assert sol.solved and {st.rating for st in sol.steps} == {1.0, 1.2}
    assert solve_logically(LEETCODE, max_rating=1.0).stuck
    hard = "7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8."
    sol = solve_logically(hard, max_rating=2.8)
    assert sol.stuck and not sol.solved and max(st.rating for st in sol.steps) <= 2.8
    assert hint(hard, max_rating=1.0) is None


# ---------------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------------


def test_leetcode_puzzle_is_easy_with_box_hidden_singles_only():
    r = rate(LEETCODE)
    assert (r.score, r.er, r.ep, r.ed, r.level, r.hardest, r.stuck) == (
        1.2,
        1.2,
        1.2,
        1.2,
        "easy",
        "Hidden single",
        False,
    )
    assert r.steps == 51 and r.techniques == (("Full house", 21), ("Hidden single", 30))
    sol = solve_logically(LEETCODE)
    assert sol.solved and not sol.stuck and sol.contradiction is None
    assert sol.grid == sudoku.solve(LEETCODE)
    assert all(
        st.rating in (1.0, 1.2) and st.unit.startswith(("box", "row", "column")) for st in sol.steps
    )
    assert all(st.unit.startswith("box") for st in sol.steps if st.rating == 1.2)
    assert set(sol.candidates) == {0} and sol.hardest == 1.2
    assert explain(LEETCODE) == list(sol.steps)
    assert hint(LEETCODE) == sol.steps[0]
    assert hint(sol.grid) is None


#: (file, line, level, SE's ER/EP/ED, hardest technique) of puzzles of the samples, one or
#: more per level; ER/EP/ED as Sudoku Explainer 1.2.1's serate rates them.
KNOWN = [
    ("sudoku_17_clue_sample.txt", 8, "easy", "1.5/1.2/1.2", "Hidden single"),
    ("sudoku_17_clue_sample.txt", 7, "medium", "2.0/1.2/1.2", "Direct hidden pair"),
    ("sudoku_top1465_sample.txt", 25, "hard", "2.6/1.2/1.2", "Pointing"),
    ("sudoku_17_clue_sample.txt", 6, "hard", "2.6/1.5/1.5", "Pointing"),
    ("sudoku_top1465_sample.txt", 5, "hard", "3.4/1.2/1.2", "Hidden pair"),
    ("sudoku_17_clue_sample.txt", 15, "expert", "4.2/1.2/1.2", "XY-Wing"),
    ("sudoku_top1465_sample.txt", 64, "extreme", "6.6/3.4/2.6", None),
    ("sudoku_17_clue_sample.txt", 22, "extreme", "6.7/1.2/1.2", None),
]


@pytest.mark.parametrize("name, line, level, figures, hardest", KNOWN)
def test_known_ratings(name, line, level, figures, hardest):
    puzzle = (DATA_DIR / name).read_bytes().decode().splitlines()[line - 1].strip()
    r = rate(puzzle)
    assert f"{r.er}/{r.ep}/{r.ed}" == figures and r.score == r.er
    assert r.level == level and not r.stuck
    if hardest is not None:  # chains: named by clew.sudoku.logic.chains
        assert r.hardest == hardest
    assert sum(count for _, count in r.techniques) == r.steps


def test_levels_and_their_thresholds():
    ratings = (0.0, 1.2, 1.5, 1.7, 2.5, 2.6, 3.0, 3.8, 4.0, 5.8, 6.0, 6.2, 9.0, None)
    assert [level_of(x) for x in ratings] == [
        "easy", "easy", "easy", "medium", "medium", "hard", "hard", "hard", "expert", "expert",
        "expert",
        "extreme", "extreme", "extreme",
    ]  # fmt: skip
    assert rate(sudoku.solve(LEETCODE)) == logic.Rating(
        0.0, "easy", None, 0, False, (), 0.0, 0.0, 0.0
    )


def test_a_rating_needs_a_proper_puzzle():
    with pytest.raises(
        NotProperError,
        match=r"^this puzzle is not unique \(at least 2 solutions\): a rating needs exactly one$",
    ) as info:
        rate("1" + "." * 80)
    assert info.value.solutions == 2 and isinstance(info.value, SudokuInputError)
    # no solution (no two givens clash, but r1c9 has no digit left)
    none = "12345678." + "........9" + "." * 63
    with pytest.raises(
        NotProperError, match=r"^this puzzle has no solution: a rating needs exactly one$"
    ) as info:
        rate(none)
    assert info.value.solutions == 0
    with pytest.raises(sudoku.ConflictingGivensError):
        rate("11" + "." * 79)


def test_stuck_and_contradictions_without_a_rating():
    # several solutions: the solver stops, never guesses
    sol = solve_logically("1" + "." * 80)
    assert sol.stuck and not sol.solved and sol.steps == () and sol.contradiction is None
    # hint and explain refuse it, as rate does: a hint needs a proper puzzle
    for function in (hint, explain):
        with pytest.raises(NotProperError):
            function("1" + "." * 80)
    # no solution: stuck on a named contradiction
    sol = solve_logically("12345678." + "........9" + "." * 63)
    assert sol.stuck and sol.contradiction == "r1c9 has no candidate left"


def test_a_state_is_not_changed_by_the_functions():
    s = LogicalState(LEETCODE)
    before = list(s.cands)
    assert solve_logically(s).solved and hint(s) is not None and explain(s)
    assert s.cands == before
    assert rate(s).score == 1.2


def test_the_debug_check_catches_an_unsound_step(monkeypatch):
    def wrong(state):
        c = state.cands.index(next(m for m in state.cands if m))
        return Step(
            "Wrong",
            1.0,
            eliminations=tuple((c, d) for d in range(1, 10) if state.cands[c] >> (d - 1) & 1),
        )

    monkeypatch.setattr(engine, "_FINDERS", (("Wrong", 1.0, wrong),))
    with pytest.raises(AssertionError, match="unsound step"):
        solve_logically(LEETCODE, check=True)


def test_a_step_that_changes_nothing_is_an_error_not_an_endless_loop(monkeypatch):
    def idle(state):
        c = next(c for c, m in enumerate(state.cands) if m and not m & 1)
        return Step("Idle", 1.0, eliminations=((c, 1),))

    monkeypatch.setattr(engine, "_FINDERS", (("Idle", 1.0, idle),))
    with pytest.raises(RuntimeError, match="a step that changes nothing"):
        solve_logically(LEETCODE)


# ---------------------------------------------------------------------------------------------
# Soundness on the samples
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SAMPLES.values()))
def test_every_step_keeps_the_solution_on_the_samples(name):
    puzzles = puzzle_lines(DATA_DIR / name)
    assert len(puzzles) == 200
    used = set()
    for puzzle in puzzles:
        truth = sudoku.solve(puzzle)
        # proper puzzles: the uniqueness techniques too; up to SE's chains, which take
        # seconds on the hardest of top1465 (their own tests check them)
        sol = solve_logically(puzzle, uniqueness=True, max_rating=BASIC)
        state = LogicalState(puzzle)
        for step in sol.steps:  # independent of the solver's own check
            assert all(truth.cells[c] == d for c, d in step.placements), step.text
            assert all(truth.cells[c] != d for c, d in step.eliminations), step.text
            assert step.placements or step.eliminations
            assert all(
                state.cands[c] >> (d - 1) & 1 for c, d in step.eliminations + step.placements
            ), step.text
            state.apply(step)
            used.add(step.technique)
        assert state.values == list(sol.grid.cells)
        assert all(truth.cells[c] == v for c, v in enumerate(sol.grid.cells) if v)
        assert all(m >> (truth.cells[c] - 1) & 1 for c, m in enumerate(sol.candidates) if m)
        if sol.solved:
            assert sol.grid == truth
        else:
            assert sol.stuck and sol.contradiction is None
    assert {
        "Hidden single",
        "Naked single",
        "Pointing",
        "Claiming",
        "Naked pair",
        "Hidden pair",
    } <= used


def assert_keeps_every_solution(puzzle: str, limit: int) -> None:
    """Every step of the logical solution keeps every solution of the puzzle (up to
    ``limit`` of them, all of them when there are fewer)."""
    truths = [g.cells for g in sudoku.solutions(puzzle, limit=limit)]
    assert truths
    for step in solve_logically(puzzle).steps:
        for truth in truths:
            assert all(truth[c] == d for c, d in step.placements), step.text
            assert all(truth[c] != d for c, d in step.eliminations), step.text


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 80), min_size=22, max_size=40))
def test_steps_keep_every_solution_of_random_9x9_puzzles(kept):
    full = str(sudoku.solve(LEETCODE))
    assert_keeps_every_solution(
        "".join(ch if i in kept else "." for i, ch in enumerate(full)), limit=50
    )


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 15), max_size=10))
def test_steps_keep_every_solution_of_random_4x4_puzzles(kept):
    full = "1234341221434321"
    assert_keeps_every_solution(
        "".join(ch if i in kept else "." for i, ch in enumerate(full)), limit=300
    )


# ---------------------------------------------------------------------------------------------
# Other sizes
# ---------------------------------------------------------------------------------------------


def test_4x4():
    puzzle = "..3.4.........42"
    sol = solve_logically(puzzle, check=True)
    assert sol.solved and str(sol.grid) == "1234432124133142"
    assert rate(puzzle).level == "easy"
    assert hint(puzzle).text == "Hidden single: in box 1, 3 fits only in r2c2, so r2c2 = 3."
    # a naked pair in a 4x4 row
    s = LogicalState.from_candidates(2, [mask("12"), 15, mask("12"), 15] + [15] * 12)
    step = s.next_step()
    assert step.technique == "Naked pair" and step.unit == "row 1"
    assert set(step.eliminations) == {(c, d) for c in (1, 3) for d in (1, 2)}
    # fish need fewer lines than the side: no Jellyfish on a 4x4 grid
    assert s.find("Jellyfish") is None


def test_16x16_letters_and_two_digit_cells():
    cases = sudoku_cases(256)
    assert cases
    for puzzle in cases:
        sol = solve_logically(puzzle, check=True)
        assert sol.solved and sol.grid == sudoku.solve(puzzle)
    # a hidden single of a letter digit in a two-digit cell name
    spec = only16("G", "r12c16", 12)
    step = pos(spec, k=4).next_step()
    assert step.text == "Hidden single: in row 12, G fits only in r12c16, so r12c16 = G."
    assert step.placements == ((11 * 16 + 15, 16),)


def test_25x25():
    cases = sudoku_cases(625)
    assert cases
    sol = solve_logically(cases[0], check=True)
    assert sol.solved and sol.grid == sudoku.solve(cases[0])


def sudoku_cases(cells: int) -> list[str]:
    lines = (DATA_DIR / "sudoku_counts.txt").read_text().splitlines()
    return [line.split(":")[0] for line in lines if ":" in line and not line.startswith("#")
            and len(line.split(":")[0]) == cells and line.split(":")[1] == "1"]  # fmt: skip


def only16(digit: str, keep: str, r: int) -> dict[str, str]:
    everything = sudoku.DIGITS[:16]
    return {f"r{r}c{c}": everything.replace(digit, "") for c in range(1, 17) if f"r{r}c{c}" != keep}


# ---------------------------------------------------------------------------------------------
# The full top1465 collection (slow)
# ---------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_all_of_top1465_up_to_the_chains_is_fast_and_sound():
    puzzles = puzzle_lines(shared_collection("top1465.txt"))
    assert len(puzzles) == 1465
    start = time.perf_counter()
    results = [solve_logically(p, uniqueness=True, max_rating=BASIC, check=True) for p in puzzles]
    elapsed = time.perf_counter() - start
    assert elapsed < 120, f"top1465 up to the chains took {elapsed:.1f} s"
    assert sum(r.stuck for r in results) > len(puzzles) // 2  # most of them need SE's chains
